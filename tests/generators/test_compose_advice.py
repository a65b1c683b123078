"""An adviser's note to its client gives its advice in its own paragraphs, from the plan (blind read 14, issue 17):
each figure with its working over its inputs, the paper and the sheet line it comes from and their dates, who would
dispute it and on what ground, what it means for the client, and a recommendation with an owner in role, a day and
a reason that is another fact than what is to be done. Never a paper pasted below it, never filler that recites a
figure and its source ("For present purposes, the papers give the vessel as M/T Aurelian Tide."), never a circular
recommendation ("... moving straight to the 60-day refund deadline, so that the 60-day refund deadline is settled on
the papers rather than by argument")."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

from tests.generators.context_fixture import RUTH, email_context, fact
from worldsmith.generators.compose.advice import paper_title, substance, title_day
from worldsmith.generators.compose.bank import picker_for
from worldsmith.generators.context import InputRef, OrgRef
from worldsmith.generators.kinds.email.compose import compose_email
from worldsmith.worlds.values import DateValue, Money

ORGS = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale", privileged=True, acts_for="Corvale Shipping Ltd"),
        OrgRef(name="Corvale Shipping Ltd", role="client", privileged=True),
        OrgRef(name="Tresco Lines plc", role="claimant; the cargo owners", privileged=False)]

# a derived figure, its two inputs (one of them the claimant's own), its sheet line and paper, and a due date ahead
EXPOSURE = fact("exposure", "Corvale's maximum exposure is the lesser of the claim and the cap.",
                Money(amount=Decimal("20000000"), currency="USD")).model_copy(update=dict(
    label="the maximum exposure", reason="the lesser of the cargo claim and the cap", source='the "Maximum exposure" '
    'line of the Exposure sheet', source_day=dt.date(2025, 2, 27), since=dt.date(2025, 2, 26),
    working="the lesser of the cargo claim of USD 61,000,000 and the cap of USD 20,000,000",
    paper="Memo re limitation: Corvale cargo claim", paper_by="Harrow Vane LLP", paper_day=dt.date(2025, 2, 28),
    inputs=[InputRef(label="the cargo claim", text="USD 61,000,000", since=dt.date(2025, 2, 20), by="Tresco Lines plc"),
            InputRef(label="the cap", text="USD 20,000,000", since=dt.date(2025, 1, 6), by="Harrow Vane LLP",
                     source='the "Cap" line of the Exposure sheet')]))
DUE = fact("defence_due", "Because the claim was served on February 14, 2025, the defence falls due on April 11, 2025.",
           DateValue(value=dt.date(2025, 4, 11))).model_copy(update=dict(label="the defence deadline"))
FILLER = re.compile(r"for present purposes|the (?:papers|documents) give|on the papers rather than by argument|"
                    r"is the starting point: the|(?:does not|doesn't) (?:move|change) unless|pasted below|"
                    r"conclusion is|lands on", re.I)


def _context(seed: int):
    ctx = email_context("new", seed=seed, facts=[EXPOSURE, DUE], to=[RUTH])
    return ctx.model_copy(update={"organisations": ORGS, "thread_labels": ["the maximum exposure", "the defence deadline",
                                                                           "the settlement decision"]})


def test_each_paragraph_of_the_advice_carries_a_fact_and_says_what_the_plan_gives():
    values = [EXPOSURE.text, DUE.text] + [i.text for i in EXPOSURE.inputs]
    for seed in range(30):
        ctx = _context(seed)
        paragraphs = substance(picker_for(ctx), ctx)
        assert paragraphs
        for p in paragraphs:
            assert any(v in p for v in values), p
            assert not FILLER.search(p), p
        text = "\n".join(paragraphs)
        # the working over its inputs, the paper of its day, the sheet line, and when the value took hold
        # (a limit said as a limit, never its formula: "the lesser of ..." was read 21's commonest complaint)
        assert "the cargo claim of USD 61,000,000, capped at USD 20,000,000 by the cap" in text, text
        assert "the lesser of" not in text, text
        assert "memo on limitation" in text and re.search(r"February 2[678]", text), text
        # who would dispute it and on what ground: the claimant cannot attack its own claim, only the cap
        assert "Tresco Lines plc" in text and re.search(r"the cap\b", text), text
        # what it means for the client: the days to the due date, from the plan's dates (March 3 to April 11)
        assert "39 days" in text, text
        # the recommendation: the client's own officer, a day before the due date, and a reason that is another
        # fact than what is to be done (the open point is settled because of the deadline, not because of itself)
        # (Ruth is the note's one addressee: she is 'you', never 'Ruth' in the third person; read 15: "I would ask
        # Ben to settle..." written to Ben)
        rec = next(p for p in paragraphs if re.search(r"recommend|would ask", p))
        assert re.search(r"\byou\b", rec) and "Ruth" not in rec, rec
        assert "the settlement decision" in rec and "the defence deadline" in rec, rec
        assert not re.search(r"so that the settlement decision is settled", rec), rec


def test_the_advice_note_says_what_the_deadline_runs_from_and_gives_the_steps_with_owners():
    bodies = [compose_email(_context(seed)).body for seed in range(20)]
    for body in bodies:
        assert not FILLER.search(body), body
        assert "the claim was served on February 14, 2025" in body, body
        # the decision is the client's, and the client is the one addressed: 'your decision', not 'Ruth: ...'
        assert re.search(r"^- (?:Your decision on|Your sign-off on|From you:|For you:) ", body, re.M), body
        assert not re.search(r"^- Ruth: ", body, re.M), body
    # long with substance, as an adviser's note to its client is, not a paper pasted below it
    assert min(len(b.split()) for b in bodies) >= 200, [len(b.split()) for b in bodies]


def test_a_title_that_names_a_day_is_the_day_the_note_works_to():
    ctx = _context(1)
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": "Settlement: decision needed by Thursday"})})
    day = title_day(ctx)
    assert day is not None and day.weekday() == 3 and day > ctx.spec.sent_at.date()
    body = compose_email(ctx).body
    assert "Thursday" in body and "Monday morning" not in body, body
    assert paper_title("Minutes: Diligence kick-off with Pennock, September 1") == \
        "minutes of the diligence kick-off with Pennock"
    assert paper_title("Memo re OPA 90 limitation of liability: M/T Aurelian Tide") == \
        "memo on OPA 90 limitation of liability"


def test_a_figure_moves_in_proportion_to_what_multiplies_it_never_to_its_divisor():
    # 'Any change in the claims in the review period or the probe sample carries through to the extrapolated
    # overpayment in the same proportion': the probe sample divides it
    from worldsmith.generators.compose.advice import structure
    extrapolated = fact("extrapolated", "The extrapolated overpayment.", Money(amount=Decimal("4813776"),
                                                                               currency="USD")).model_copy(update=dict(
        label="the extrapolated overpayment",
        reason="the net overpayment in the sample divided by the probe sample times the claims in the review period",
        inputs=[InputRef(label="the claims in the review period", text="10,560 claims"),
                InputRef(label="the net overpayment in the sample", text="USD 182,340"),
                InputRef(label="the probe sample", text="400 claims")]))
    said = [structure(picker_for(_context(seed)), extrapolated) for seed in range(12)]
    assert all("the net overpayment in the sample" in x and "the claims in the review period" in x for x in said), said
    assert not any("the probe sample" in x for x in said), said


def test_an_input_two_figures_share_is_traced_once():
    second = EXPOSURE.model_copy(update=dict(id="exposure_2", label="the exposure after costs", text="USD 21,500,000",
                                             working="the cap of USD 20,000,000 plus the costs of USD 1,500,000",
                                             paper="", source=""))
    for seed in range(10):
        ctx = _context(seed).model_copy(update={"facts": [EXPOSURE, second, DUE]})
        text = "\n".join(substance(picker_for(ctx), ctx))
        # each input's day is said once, where the first figure traces it (the cargo claim's February 20)
        assert text.count("February 20") == 1, text


def test_a_figure_that_replaced_a_superseded_draft_says_so_in_the_drafts_own_label():
    # (the aircraft reader: 'the email never gives the old figure or says why it was replaced'); the label is written
    # whole, so the old value never stands without it (no_contradicting_value)
    label = "superseded draft of February 20, 2025: counted the cargo claim twice; replaced by the memo of February 28"
    replaced = EXPOSURE.model_copy(update=dict(superseded=label, superseded_text="USD 40,000,000"))
    for seed in range(10):
        ctx = _context(seed).model_copy(update={"facts": [replaced, DUE]})
        text = "\n".join(substance(picker_for(ctx), ctx))
        assert label in text and "USD 40,000,000" in text, text
        assert text.index("USD 40,000,000") < text.index(label) or "USD 40,000,000" in label, text


def test_the_one_who_decides_writing_says_i_and_never_names_itself():
    # read 15: "We recommend that Kathryn settle the minimum EFH remaining at return" written by Kathryn, the client's
    # General Counsel, to her counsel; "Corrib Aviation Capital DAC has 37 days from today" in Corrib's own note
    from tests.generators.context_fixture import DANA
    mine = 0
    for seed in range(20):
        ctx = _context(seed)
        ctx = ctx.model_copy(update={"author": RUTH, "to": [DANA]})
        text = "\n".join(substance(picker_for(ctx), ctx))
        mine += bool(re.search(r"\b(?:I will|I mean to|My plan is to) (?:settle|take)\b", text))
        body = compose_email(ctx).body
        assert not re.search(r"^- Ruth: ", text, re.M), text  # her own decision is 'my decision', not 'Ruth: ...'
        for said in (text, body):
            assert not re.search(r"\b(?:that|ask) Ruth\b|Ruth (?:will|to) ", said, re.M), said
            assert "Corvale Shipping Ltd has" not in said and "gives Corvale Shipping Ltd" not in said, said
    assert mine >= 15, mine


def test_the_client_is_never_asked_to_settle_the_other_sides_own_allegation():
    # read 15: "I would ask Michele to settle the fault share alleged at 35% by April 10" (the claimant's allegation)
    claim = fact("claim", "Tresco Lines claims USD 61,000,000 for the cargo.",
                 Money(amount=Decimal("61000000"), currency="USD")).model_copy(update=dict(
        label="the cargo claim", paper="Letter of claim", paper_by="Tresco Lines plc", paper_day=dt.date(2025, 2, 20),
        since=dt.date(2025, 2, 20)))
    asked = 0
    for seed in range(20):
        ctx = _context(seed).model_copy(update={"facts": [claim, EXPOSURE], "thread_labels": ["the cargo claim",
                                                                                              "the maximum exposure"],
                                                "asserted_labels": ["the maximum exposure"]})  # (the client's own)
        text = "\n".join(substance(picker_for(ctx), ctx))
        assert not re.search(r"(?:settle|sign-off on|decision on) the cargo claim\b", text), text
        # (read 21: an adviser's client instructs it to proceed on the figure, never settles it)
        asked += bool(re.search(r"instruct us to proceed on the maximum exposure at USD 20,000,000", text))
    assert asked >= 15, asked


def test_no_adviser_is_asked_for_the_clients_decision():
    # read 15: the tenant's valuer to the tenant's solicitor: "Denise: a decision on the landlord's proposed rate per
    # sq ft at GBP 38.50 (24 February)"
    from tests.generators.context_fixture import DANA, MILO
    orgs = ORGS + [OrgRef(name="Brightmere Advisory", role="valuer to Corvale", privileged=True,
                          acts_for="Corvale Shipping Ltd")]
    for seed in range(20):
        ctx = _context(seed).model_copy(update={"author": MILO, "to": [DANA], "organisations": orgs,
                                               "cast": [MILO, DANA, RUTH]})
        text = "\n".join(substance(picker_for(ctx), ctx))
        assert not re.search(r"Dana: (?:a decision|sign-off)|that Dana (?:settle|take)|ask Dana to|you (?:settle|take)",
                             text), text


def test_an_input_the_other_side_put_forward_is_not_the_clients_to_settle():
    # read 15: "I mean to settle the fault share alleged at 35%": an input of the claimant's own demand
    share = fact("share", "The cargo owners allege a fault share of 35%.", Money(amount=Decimal("61000000"),
                                                                               currency="USD")).model_copy(update=dict(
        label="the cargo claim", since=dt.date(2025, 2, 20)))
    for seed in range(20):
        ctx = _context(seed).model_copy(update={"facts": [share, EXPOSURE], "thread_labels": ["the cargo claim",
                                                                                              "the maximum exposure"]})
        text = "\n".join(substance(picker_for(ctx), ctx))
        assert not re.search(r"(?:settle|sign-off on|decision on) the cargo claim\b", text), text



def test_a_term_of_the_agreement_is_no_ground_of_challenge_and_no_record_is_traced_for_it():
    """An earn-out note traced the cap, the multiple and the threshold, each 'fixed on March 1 and carried on the
    ... line', as grounds the buyer might take ('The exposure to challenge from Arcadia is in the earn-out cap, the
    earn-out multiple, ...'): terms of the merger agreement are nobody's ground, and the note names no more than two
    inputs of a figure's record."""
    terms = [InputRef(label=f"the earn-out {x}", text=t, since=dt.date(2025, 1, 6), by="Harrow Vane LLP",
                      source=f'the "{x}" line of the Exposure sheet', standing=True)
             for x, t in (("cap", "USD 15,000,000"), ("multiple", "2.5x"), ("threshold", "USD 12,000,000"))]
    disputed = [InputRef(label=f"the disputed item {k}", text=f"USD {k},000,000", since=dt.date(2025, 2, 20))
                for k in (1, 2, 3)]
    for inputs, grounds in ((terms, False), (terms + disputed, True)):
        fig = EXPOSURE.model_copy(update={"inputs": inputs})
        for seed in range(20):
            ctx = _context(seed).model_copy(update={"facts": [fig, DUE]})
            text = "\n".join(substance(picker_for(ctx), ctx))
            assert not re.search(r"the earn-out (?:cap|multiple|threshold)[^.;]*(?:known since|fixed on|carried on)",
                                 text), text
            record = re.search(r"(?:on the record|the record has|record:)([^\n]*)", text)
            traced = len(re.findall(r"the disputed item \d", record.group(1))) if record else 0
            assert traced <= 2 and (traced > 0) == grounds, text


def test_the_first_of_two_addressees_is_spoken_to_not_of():
    """Read 19 (buy-side): "Catherine writes to Malcolm as 'I would ask Malcolm to settle...'", a note to Malcolm and
    the buyer's counsel."""
    from tests.generators.context_fixture import SAM

    seen = 0
    for seed in range(12):
        ctx = _context(seed).model_copy(update={"to": [RUTH, SAM]})
        rec = next((p for p in substance(picker_for(ctx), ctx) if re.search(r"recommend|would ask", p)), "")
        if not rec:
            continue
        seen += 1
        assert "you, Ruth," in rec and not re.search(r"\b(?:that|ask) Ruth\b", rec), rec
    assert seen

"""Blind read 16 (issue 17): 21 of 84 emails accepted. Replies that answer nothing or echo a label back ("Who has the
run-up?", "yes, and it agrees with the advance payment"), fixed figures hedged or put in question ("the policy limit
for now", the advance already paid "our case rather than common ground"), a forward whose stated reason is false, and
the other side's figure agreed among our own people."""

from __future__ import annotations

import re
from collections import Counter
from types import SimpleNamespace as NS

import pytest

from tests.generators.context_fixture import DANA, RUTH, SAM, email_context
from tests.generators.test_compose_worlds import world
from worldsmith.generators.context import OrgRef, settled
from worldsmith.generators.kinds.email.compose import _plan_question, compose_email, theirs
from worldsmith.generators.compose.bank import Picker, Series
from worldsmith.generators.labels import fact_label, standing
from worldsmith.worlds.content import EmailContent


def _fact(statement: str, kind: str = "money", formula: str | None = None):
    return NS(statement=statement, formula=formula, value=NS(type=kind))


def test_a_term_a_payment_made_and_an_agreed_figure_stand_and_a_partys_figure_does_not():
    assert standing(_fact("The policy's business interruption coverage, section C of the Northgate Mutual commercial "
                          "property policy, has a limit of USD 12,000,000 per occurrence."))
    assert standing(_fact("Northgate paid an advance of USD 1,500,000 on account of the business interruption claim on "
                          "April 24, 2026, without prejudice to the period of restoration."))
    assert standing(_fact("At the settlement meeting of June 26, 2026 the parties agreed a period of restoration of "
                          "121 days in full settlement of the business interruption claim.", "number"))
    assert standing(_fact("The settlement is USD 5,581,300: the settled loss plus the extra expense.",
                          formula="settled_bi_loss + extra_expense"))
    # a term with its provision cited after it (an earn-out outline: 'What date can you give us to come back to us on
    # the earn-out multiple?')
    assert standing(_fact("The earn-out is 2.5 times the excess of 2025 Adjusted EBITDA over the threshold "
                          "(section 2.6(b)).", "number"))
    assert standing(_fact("The earn-out may not exceed USD 15,000,000 (Section 2.6(c))."))
    assert not standing(_fact("The buyer's statement puts the earn-out at USD 1,000,000 (section 2.6(b))."))
    # a party's figure, a figure worked out from others, a term named only at the end, a date: none stands
    assert not standing(_fact("Brightline Forensic's report of March 6, 2026 puts Calder's lost gross profit at USD "
                              "41,500 a day, from the twelve months' sales of the Joliet site."))
    assert not standing(_fact("Calder's period of restoration is 146 days, to the date the rebuilt section was "
                              "certified, as the policy defines the period.", "number"))
    assert not standing(_fact("The QoE removes GBP 650,000 of one-off contract termination income from the LTM period."))
    assert not standing(_fact("Calder's claim is USD 6,618,800: the loss plus the extra expense.",
                              formula="insured_bi_loss + extra_expense"))
    assert not standing(_fact("Greyfield Ashton's proposal under the lease puts the rent at GBP 38.50 per sq ft."))
    assert not standing(_fact("The lease's review date is March 25, 2026.", "date"))


def test_a_standing_figure_is_settled_from_the_day_it_is_known():
    import datetime as dt
    known = dt.date(2026, 4, 24)
    paid = NS(statement="Northgate paid an advance of USD 1,500,000 on account of the claim.", formula=None,
              value=NS(type="money"), known_from=known, first_known=lambda: known)
    estimate = NS(statement="The trustees put damages, on a preliminary estimate, at USD 74,000,000.", formula=None,
                  value=NS(type="money"), known_from=known, first_known=lambda: known)
    assert settled(paid, known) and not settled(paid, known - dt.timedelta(days=1))
    assert not settled(estimate, known + dt.timedelta(days=60))


_ORGS = [OrgRef(name="Harrow Vane LLP", role="coverage counsel to Corvale Shipping Ltd (the policyholder)",
                privileged=True, acts_for="Corvale Shipping Ltd"),
         OrgRef(name="Corvale Shipping Ltd", role="client; the policyholder", privileged=True),
         OrgRef(name="Northgate Mutual", role="opposing party; the insurer under the policy", privileged=False),
         OrgRef(name="Sable Claims", role="independent adjusters appointed by Northgate Mutual (the insurer's "
                                           "adjuster)", privileged=False, acts_for="Northgate Mutual")]
_AGREES = re.compile(r"\b(?:is agreed|agreed on|settles|closes|works for us|let's (?:work from|use|go with) that|"
                     r"tick that off|close that point)\b", re.I)


def test_the_other_sides_figure_is_never_agreed_among_our_own_people():
    # "Agreed on the adjuster's period of restoration; let's work from that." from the policyholder's own forensic
    # accountant, and counsel's "That settles the adjuster's period of restoration for me." (read 16)
    label = "the adjuster's period of restoration"
    parent = EmailContent(subject="Re: Period of restoration", body="Hi Dana,\n\nOur rebuild evidence is in.\n\nSam")
    base = email_context("reply", to=[SAM]).model_copy(update={"organisations": _ORGS, "parent": parent,
                                                              "thread_labels": [label]})
    assert theirs(base, label) and not theirs(base, "the policyholder's period of restoration")
    said = 0
    for seed in range(30):
        ctx = base.model_copy(update={"seed": seed, "spec": base.spec.model_copy(update={"beat": "confirm"})})
        own = re.split(r"\n\s*On .{0,80}wrote:", compose_email(ctx).body)[0]
        assert not _AGREES.search(own), own
        said += label in own
    assert said  # it says whose figure it is


def test_a_question_on_how_a_figure_is_made_up_is_answered_from_the_ledger():
    # "Are we confident on our claim, or is it an estimate?" answered "It's an estimate until the support is in"
    label = "the amount in dispute"
    reason = "our client's claim less the insurer's position"
    for question in (f"Can you walk me through {label} before the call?",
                     f"Are we confident on {label}, or is it an estimate?"):
        parent = EmailContent(subject="Re: Weekly update", body=f"Thanks Dana. {question}\n\nRuth")
        for seed in range(12):
            ctx = email_context("reply", seed=seed, to=[RUTH]).model_copy(update={
                "parent": parent, "thread_labels": [label], "label_reasons": {label: reason}})
            ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"beat": ""})})
            own = re.split(r"\n\s*On .{0,80}wrote:", compose_email(ctx).body)[0]
            assert reason in own, own
            assert "estimate until" not in own, own


def test_an_acknowledgement_asks_how_a_figure_is_made_up_not_who_has_the_run_up():
    # "Are we on course for the lost gross profit per day? Who has the run-up?" (read 16: a rate per day is no date)
    label = "the lost gross profit per day"
    note = EmailContent(subject="Weekly update", body=f"Hi Ruth,\n\n- Sam: a short note to you on {label} (Monday)\n\n"
                                                      "Dana")
    for seed in range(20):
        ctx = email_context("reply", seed=seed, to=[DANA]).model_copy(update={
            "author": RUTH, "parent": note, "parent_author": DANA, "thread_labels": [label]})
        asked = _plan_question(Picker(seed), ctx)
        assert "run-up" not in asked and "Who " not in asked, asked  # the note gave the point its owner
        worked = ctx.model_copy(update={"label_reasons": {label: "the sales less the non-continuing costs"}})
        asked = _plan_question(Picker(seed), worked)
        assert "walk me through" in asked, asked


def test_a_weekly_series_does_not_ask_one_sentence_of_a_date_ahead_every_week():
    # bench.long_matter --scale 80 was quarantined on realism_boilerplate: "Are we on course for the answer
    # deadline?" in 163 of 8,178 artifacts, the one ask left where the note gave the date ahead its owner
    label = "the answer deadline"
    note = EmailContent(subject="Weekly status", body=f"Hi Ruth,\n\n- Sam: the draft answer for {label} (Monday)\n\n"
                                                       "The answer deadline falls on June 2, 2026.\n\nDana")
    asked = []
    for week in range(40):
        day = f"{['March', 'April', 'May', 'June'][week // 10]} {week % 10 + 1}"
        ctx = email_context("reply", seed=week, to=[DANA]).model_copy(update={
            "author": RUTH, "parent": note, "parent_author": DANA, "thread_labels": []})
        ask = _plan_question(Picker(week, Series("weekly_status", week, 1, day)), ctx)
        assert "on course for" in ask, ask  # still the question the reply answers with a step (_PLAN_ASK)
        asked += [s for s in re.split(r"(?<=[?.]) ", ask) if len(s.split()) >= 8]
    top, n = Counter(asked).most_common(1)[0]
    assert n <= 20, (top, n)


_HEDGE = re.compile(r"final, or still|an estimate|moving target|working (?:number|figure)|\bfor now\b|"
                    r"our case rather than common ground|not an agreed one|\bstays at\b|\bstill at\b")
_FALSE_FORWARD = re.compile(r"\bchanges\b|from your side|sits with your team|your team's call|on the table")
_NEVER = re.compile(r"[Ww]ho has the run-up|[Gg]ot the (?:\d{1,2} [A-Z][a-z]+|[A-Z][a-z]+ \d{1,2}) (?:update|note)|"
                    r"filed under|logged against")


def _own(body: str) -> str:
    return re.split(r"\n\s*(?:On .{5,80} wrote:|-{5,} Forwarded message)", body, maxsplit=1)[0]


@pytest.mark.parametrize("name", ["tanker-spill-liability", "buyside-diligence", "hospital-revenue-audit"])
def test_no_example_mail_hedges_a_standing_figure_or_forwards_for_a_false_reason(name):
    plan, contents = world(name)
    fixed = [fact_label(f) for f in plan.facts if standing(f)]  # (the charter's indemnity cap, the agreement's SLA)
    mails = 0
    for spec in plan.artifacts:
        c = contents[spec.id]
        if not isinstance(c, EmailContent):
            continue
        own = _own(c.body)
        mails += 1
        assert not _NEVER.search(own), (spec.path, own)
        if getattr(spec, "mode", "") == "forward":
            assert not _FALSE_FORWARD.search(own.split("\n\n")[0]), (spec.path, own)
        for sentence in re.split(r"(?<=[.?!])\s+", own):
            for label in fixed:
                if label.lower() in sentence.lower():
                    assert not _HEDGE.search(sentence), (spec.path, sentence)
    assert mails > 30


def test_what_is_decided_is_a_whole_phrase_never_a_clause_cut_mid_way():
    # "I have decided: how the rent must be valued as." from "agree how the rent must be valued as if the fit-out had
    # not been carried out" (read 16), and "apply for the appointment of an independent" cut at seven words
    from worldsmith.generators.beats import decision_object, decision_verb

    fit_out = "The senior associate and the valuer agree how the rent must be valued as if the fit-out had not been done."
    assert decision_object(fit_out) == "" and decision_verb(fit_out) == "go ahead"
    assert decision_object("The CFO decides to apply for the appointment of an independent expert under clause 5.6.") \
        == "apply for the appointment"
    assert decision_object("The committee decides on a voluntary refund through the contractor rather than "
                           "self-disclosure to the OIG.") == "a voluntary refund through the contractor"
    assert decision_object("The client decides to reject the tender.") == "reject the tender"


def test_a_decision_is_taken_by_whom_the_ledger_names_and_never_taken_again():
    # the tenant's valuer: "Having weighed it up, the decision: apply for an independent expert" of the decision
    # "Marwick's Chief Financial Officer decided" a month before (read 16)
    import datetime as dt

    from tests.generators.context_fixture import fact
    from worldsmith.worlds.values import Text

    decided = fact("referral_decision", "On March 1, 2025 Corvale's Chief Financial Officer decided to refer the claim "
                                        "to arbitration.", Text(value="refer the claim to arbitration"))
    taken = re.compile(r"\b(?:Decided:|I've decided|We have decided|[Mm]y decision|[Oo]ur decision|(?<!noted )the decision:)")
    orgs = _ORGS[:2]
    for seed in range(20):
        ctx = email_context("reply", seed=seed, facts=[decided]).model_copy(update={"organisations": orgs})
        spec = ctx.spec.model_copy(update={"beat": "decide", "decision": "refer the claim to arbitration"})
        # counsel (Harrow Vane) writes: the statement names Corvale as deciding
        own = _own(compose_email(ctx.model_copy(update={"spec": spec})).body)
        assert not taken.search(own), own
        assert "refer the claim to arbitration" in own, own
        # the client's CFO takes it, on its day
        cfo = ctx.model_copy(update={"author": RUTH, "to": [DANA], "parent_author": DANA, "spec": spec, "facts": [
            decided.model_copy(update={"since": spec.sent_at.date()})]})
        assert "refer the claim to arbitration" in _own(compose_email(cfo).body)
        # ...and a month on nobody takes it again
        late = cfo.model_copy(update={"facts": [decided.model_copy(update={"since": dt.date(2025, 2, 1)})]})
        assert not taken.search(_own(compose_email(late).body)), _own(compose_email(late).body)


_STOCK_STEP = re.compile(r"^- .*(?:walk you through|take you through|(?:short|brief) note to you on|few lines to you on|"
                         r"draft a short note on|chase what is still outstanding|mark up the draft for|"
                         r"pull together the backup for)", re.M)


@pytest.mark.parametrize("name", ["tanker-spill-liability", "buyside-diligence", "hospital-revenue-audit"])
def test_a_weekly_note_sets_no_stock_steps(name):
    # "Joe: mark up the draft for the business interruption limit", "Jeffrey: walk you through ... (the end of the
    # week)" (read 16): what is next is the papers our people are to make, with their days, and what the week's
    # events call for
    from worldsmith.generators.week import recurring

    plan, contents = world(name)
    notes = 0
    for spec in plan.artifacts:
        c = contents[spec.id]
        if isinstance(c, EmailContent) and getattr(spec, "position", 1) == 0 and recurring(plan, spec.item):
            notes += 1
            assert not _STOCK_STEP.search(_own(c.body)), (spec.path, _own(c.body))
    assert notes >= 3


def test_a_point_just_agreed_is_not_agreed_back_and_their_figure_is_not_queried_among_us():
    # "Agreed on the lost gross profit per day; let's use that." answered "Fine, the lost gross profit per day is
    # agreed."; "Before this goes further: who has signed off the landlord's proposed rate per sq ft?" (read 16)
    label = "the lost gross profit per day"
    agreed = EmailContent(subject="Re: Gross profit", body=f"Hi Dana,\n\nAgreed on {label}; let's use that.\n\nSam")
    theirs_label = "the adjuster's period of restoration"
    for seed in range(20):
        ctx = email_context("reply", seed=seed, to=[SAM]).model_copy(update={
            "parent": agreed, "thread_labels": [label], "organisations": _ORGS})
        ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"beat": "confirm"})})
        own = _own(compose_email(ctx).body)
        assert not re.search(rf"{label}[^.]*\bagreed\b|\bagreed\b[^.]*{label}|settles {label}", own, re.I), own
        asked = ctx.model_copy(update={"thread_labels": [theirs_label], "parent": PARENT_NOTE,
                                       "spec": ctx.spec.model_copy(update={"beat": "question"})})
        own = _own(compose_email(asked).body)
        assert not re.search(rf"(?:signed off|source for|final, or still|estimate)[^.?]*{theirs_label}", own), own


PARENT_NOTE = EmailContent(subject="Re: Period of restoration", body="Hi Dana,\n\nThe rebuild evidence is in.\n\nSam")


def test_across_the_table_the_readers_party_is_your_client():
    # "Final unless Northgate Mutual Insurance Company produces something new." to Northgate's own counsel (read 16)
    from tests.generators.context_fixture import person

    lisa = person("insurer_counsel_1", "Lisa", "Moy", "Partner", "Sable Claims", "sable.example", "+1 312 555 0188")
    asks = EmailContent(subject="Re: Appraisal", body="Is the amount in dispute final, or still a working figure?\n\nLisa")
    said = 0
    for seed in range(20):
        ctx = email_context("reply", seed=seed, to=[lisa]).model_copy(update={
            "parent": asks, "parent_author": lisa, "organisations": _ORGS, "thread_labels": ["the amount in dispute"],
            "label_reasons": {"the amount in dispute": "our client's claim less your client's position"}})
        ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"beat": "answer"})})
        own = _own(compose_email(ctx).body)
        assert "Northgate Mutual produces" not in own and "Northgate Mutual comes back" not in own, own
        said += "your client" in own
    assert said


def test_a_date_the_note_gave_is_taken_into_the_diary_not_recited_back():
    # "For what it's worth, keep May 1, 2026 in mind for the answer deadline." from the client to the counsel whose
    # note had just given it (read 16)
    from tests.generators.context_fixture import DEADLINE

    deadline = DEADLINE.model_copy(update={"label": "the notice deadline"})
    note = EmailContent(subject="Weekly status", body=f"Hi Ruth,\n\n- 11 days to the notice deadline "
                                                      f"({deadline.text}).\n\nDana")
    from worldsmith.generators.kinds.email.compose import _no_echo

    body = f"Thanks Dana. For what it's worth, keep {deadline.text} in mind for the notice deadline.\n\nRuth"
    for seed in range(30):
        ctx = email_context("reply", seed=seed, facts=[deadline], to=[DANA]).model_copy(update={
            "author": RUTH, "parent": note, "parent_author": DANA, "thread_labels": ["the notice deadline"]})
        ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"beat": "confirm"})})
        own = _own(_no_echo(ctx, body))
        assert deadline.text in own, own  # the planned fact is still carried
        assert not re.search(r"keep [^.]* in mind", own), own
        own = _own(compose_email(ctx).body)
        assert deadline.text in own and not re.search(r"keep [^.]* in mind", own), own


def test_two_quiet_weekly_notes_of_two_series_name_their_own_point():
    # two series' notes of one quiet day said the same thing word for word once their stock steps went
    # (realism_near_duplicates asked a repair at bench.long_matter --scale 20)
    bodies = []
    for label in ("the liability cap", "the cargo claim"):
        ctx = email_context("new", seed=4, facts=[], to=[RUTH]).model_copy(update={"week": [], "thread_labels": [label]})
        body = _own(compose_email(ctx).body)
        assert label in body, body
        bodies.append(body.replace(label, "X"))
    assert bodies[0] == bodies[1]  # the same frame drawn: only the point tells them apart, and it does


def test_a_client_takes_a_date_into_the_diary_not_away_for_review():
    # "Thanks Andrew; we will go through the answer deadline with the team and come back with any questions." (read 16)
    from tests.generators.context_fixture import DEADLINE

    note = EmailContent(subject="Weekly status", body="Hi Ruth,\n\nThe notice deadline is due soon.\n\nDana")
    for seed in range(20):
        ctx = email_context("reply", seed=seed, facts=[], to=[DANA]).model_copy(update={
            "author": RUTH, "parent": note, "parent_author": DANA, "thread_labels": ["the notice deadline"],
            "adviser_labels": ["the notice deadline"]})
        ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"beat": "confirm"})})
        own = _own(compose_email(ctx).body)
        assert not re.search(r"(?:go through|review|look at) the notice deadline", own), own

"""Who writes to whom, and in what voice (issue 17, read 22: roles were a top reason for rejection): privileged mail
stays inside its circle; "your" figure is the reader's own; the register follows the relation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from worldsmith.generators.kinds.email.pointed import carries_point

ROOT = Path(__file__).resolve().parents[2]
FORWARDED = ROOT / "tests/generators/outlines/privileged-forward.yaml"
REPRESENTED = ROOT / "tests/generators/outlines/represented-party.yaml"


def _plan(path: Path, seed: int):
    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend

    return pipeline.make_plan(pipeline.prepare(path, seed, OfflineBackend()))


@pytest.mark.parametrize("seed", [61, 62])
def test_a_thread_between_counsel_and_client_is_not_forwarded_to_the_other_side(seed):
    # read 22: "The client forwards his exchange with his own counsel (Kelly) to the licensee's counsel (Holmes)"
    from worldsmith.worlds.plan import EmailSpec

    plan = _plan(FORWARDED, seed)
    people = {p.id: p for p in plan.people}
    inside = {o.id for o in plan.organisations if o.privileged}
    mail = [a for a in plan.artifacts if isinstance(a, EmailSpec)]
    threads: dict[str, list] = {}
    for a in mail:
        threads.setdefault(a.thread, []).append(a)
    seen = 0
    for chain in threads.values():
        before = [m for m in chain if m.mode != "forward"]
        if not all(people[i].organisation in inside for m in before for i in [m.author, *m.to, *m.cc]):
            continue
        for m in chain:
            if m.mode == "forward":
                seen += 1
                assert all(people[i].organisation in inside for i in [*m.to, *m.cc]), (m.id, m.to)
    assert seen


def test_a_note_to_several_organisations_names_whose_figure_it_is():
    # read 22: "Sent to the client, the accountants and counsel, yet it credits Verrin Mace's numbers to the whole
    # list ('Your sale-process costs added back of GBP 150,000 ... is now in the working')"
    import datetime as dt
    import re

    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.week import note_lines
    from worldsmith.generators.week import WeekEvent

    day = dt.date(2026, 10, 7)
    event = WeekEvent(what="learnt", day=dt.date(2026, 10, 2), fact="costs", label="the costs added back",
                      type="money", text="GBP 150,000", org="Acre Ledger LLP")
    side = {"Firm", "Fund", "Acre Ledger LLP", "Counsel"}
    for seed in range(12):
        many = note_lines(Picker(seed), [event], day, "en_GB", side, outside={"Fund", "Acre Ledger LLP", "Counsel",
                                                                              "Firm"}, firm="Firm")[0]
        assert not re.search(r"\byour\b", many, re.I) and "Acre Ledger LLP's" in many, many
        one = note_lines(Picker(seed), [event], day, "en_GB", side, outside={"Acre Ledger LLP", "Firm"}, firm="Firm")[0]
        assert re.search(r"\byour\b", one, re.I), one  # to the accountants alone, their own figure is "yours"


def test_a_figure_a_party_attributes_or_alleges_is_that_partys():
    # read 22: "Ostrander's own partner tells the client that Kestrel Bay's 'fault share alleged holds', which concedes
    # the adversary's 35%": a demand that "attributes 35% of the fault to" us was nobody's, so anyone might "hold" it
    from worldsmith.generators.context import fact_side, their_labels
    from worldsmith.generators.labels import fact_label
    from worldsmith.worlds.plan import EmailSpec

    plan = _plan(ROOT / "outlines/examples/tanker-spill-liability.yaml", 61)
    people = {p.id: p for p in plan.people}
    attributed = [f for f in plan.facts if re.search(r"\b(?:attributes|alleges)\b", f.statement or "")]
    assert attributed
    home = {o.id for o in plan.organisations if o.privileged}
    for f in attributed:
        assert fact_side(plan, f.id) and fact_side(plan, f.id) not in home, f.id
    ours = next(a for a in plan.artifacts if isinstance(a, EmailSpec) and people[a.author].organisation in home
                and f.id in a.facts)
    assert fact_label(f) in their_labels(plan, ours.thread, ours.author)


def test_nobody_reserves_rights_in_mail_across_a_deal():
    # read 22: "The target's finance lead answers the buyer's accountants like a litigator ('We reserve the right to
    # supplement')", and the buyer's counsel closed a note on the peg "Our client reserves all of its rights"; in a
    # dispute a party and its counsel still do
    from tests.generators.context_fixture import MILO, RUTH, email_context
    from worldsmith.generators.compose.parties import in_voice
    from worldsmith.generators.context import OrgRef

    frames = ["[All rights are|Our rights are] reserved.", "We [reserve the right|may need] to [add to|supplement] this.",
              "We will come back to you by {day}."]
    deal = [OrgRef(name="Brightmere Advisory", role="accountants engaged by the buyer", privileged=True,
                   acts_for="Harrow Vane LLP"),
            OrgRef(name="Harrow Vane LLP", role="the buyer", privileged=True),
            OrgRef(name="Corvale Shipping Ltd", role="the target; a shipping line")]
    ctx = email_context("new", to=[MILO]).model_copy(update={"author": RUTH, "organisations": deal})
    kept = in_voice(ctx, frames)
    assert not any(re.search(r"(?i)reserv", f) for f in kept) and any("may need" in f for f in kept), kept
    dispute = [o.model_copy(update={"role": "opposing party; " + o.role}) if o.name.startswith("Corvale") else o
               for o in deal]
    assert any("reserved" in f for f in in_voice(ctx.model_copy(update={"organisations": dispute}), frames))
    # the buyer's counsel to the target, across the deal and in a dispute
    firm = [OrgRef(name="Harrow Vane LLP", role="buyer's counsel", privileged=True, acts_for="Pellmore Capital"),
            OrgRef(name="Pellmore Capital", role="the buyer", privileged=True)]
    lawyer = email_context("new", to=[RUTH])
    across = lawyer.model_copy(update={"organisations": firm + deal[2:]})
    assert not any(re.search(r"(?i)reserv", f) for f in in_voice(across, frames))
    assert any("reserved" in f for f in in_voice(across.model_copy(update={"organisations": firm + dispute[2:]}),
                                                 frames))


def test_one_of_ours_writing_to_the_other_side_copies_our_own_people():
    # read 22: "Buyer's counsel writes to the buyer's own accountants as if to the other side ('We write on behalf of
    # our client ... Our client reserves all of its rights')": the thread's opener was addressed to the accountants and
    # the target's CFO together
    from worldsmith.worlds.plan import EmailSpec

    plan = _plan(ROOT / "outlines/examples/buyside-diligence.yaml", 61)
    people = {p.id: p for p in plan.people}
    inside = {o.id for o in plan.organisations if o.privileged}
    mixed = 0
    for a in plan.artifacts:
        if not isinstance(a, EmailSpec) or a.mode != "new" or people[a.author].organisation not in inside:
            continue
        sides = {people[i].organisation in inside for i in a.to}
        assert sides != {True, False}, (a.id, a.to)
        mixed += any(people[i].organisation not in inside for i in a.to) and \
            any(people[i].organisation in inside for i in a.cc)
    assert mixed


def test_the_other_sides_answer_that_disputes_concedes_no_sum_of_ours():
    # read 22: "Licensee's counsel disputes the cap ('licence by licence') and in the next sentence confirms 'The
    # royalty underpayment is USD 660,000'"; here: "Our client disputes the audited receipts. The licence fee shortfall
    # is USD 30,000."
    from tests.generators.offline_world import offline_world

    plan, _, contents = offline_world(REPRESENTED, 62)
    people = {p.id: p for p in plan.people}
    answers = [contents[a.id].body for a in plan.artifacts if a.kind == "email" and a.beat == "object"
               and people[a.author].organisation == "ashlow" and "dispute" in contents[a.id].body]
    assert answers
    for body in answers:
        assert not re.search(r"(?im)^(?:.*\. )?The licence fee shortfall is USD", body), body
        assert "figure for the licence fee shortfall, USD 30,000, is not accepted" in body, body


def test_a_side_does_not_ask_the_other_where_its_own_figure_comes_from():
    # read 22: "Lenders' counsel asks borrower's counsel for 'the source for the waiver fee rate' that he himself
    # proposed two hours earlier"; "Opposing counsel ... asks where a figure comes from when she pleaded that figure
    # herself"
    from tests.generators.context_fixture import RUTH, email_context
    from worldsmith.generators.compose.bank import bank
    from worldsmith.generators.context import OrgRef
    from worldsmith.generators.kinds.email.compose import _askable

    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to the lenders", privileged=True, acts_for="Pellmore Bank"),
            OrgRef(name="Pellmore Bank", role="the lenders' agent", privileged=True),
            OrgRef(name="Corvale Shipping Ltd", role="opposing party; the borrower")]
    ctx = email_context("reply", to=[RUTH]).model_copy(update={"organisations": orgs})
    label = ctx.facts[0].label
    v = {"label": label, "label2": "", "day": "Friday"}
    frames = bank("email")["beats"]["question"] + bank("email")["reactions"]["ask"]
    asked = re.compile(r"(?i)source for|come from|how did you|walk me through|workings|estimate")
    assert any(asked.search(f) for f in _askable(ctx.model_copy(update={"label_reasons": {label: "x"}}), v, frames))
    ours = ctx.model_copy(update={"asserted_labels": [label], "label_reasons": {label: "x"}})
    assert not any(asked.search(f) for f in _askable(ours, v, frames)), _askable(ours, v, frames)
    # nor one first written on our side's papers (blind read 29: the insured asked the insurer's adjuster the source
    # of the units under recall its own broker had notified); asked of our own adviser, it still is
    first = ctx.model_copy(update={"side_labels": [label], "label_reasons": {label: "x"}})
    assert not any(asked.search(f) for f in _askable(first, v, frames)), _askable(first, v, frames)
    adviser = first.model_copy(update={"author": RUTH, "to": [first.author], "organisations": [
        OrgRef(name="Harrow Vane LLP", role="counsel to the borrower", privileged=True, acts_for="Corvale Shipping Ltd"),
        OrgRef(name="Corvale Shipping Ltd", role="the borrower", privileged=True)]})
    assert any(asked.search(f) for f in _askable(adviser, v, frames))


def test_a_figure_another_firms_paper_set_out_is_not_the_writers_number():
    # read 22: buyer's counsel wrote "Our number for the largest customer's revenue share is 18.4%. Larkspur Hale & Co.
    # set it out in the weekly diligence call of 3 September", a commercial figure its financial adviser had found
    from tests.generators.context_fixture import CAP, email_context
    from worldsmith.generators.kinds.email.compose import _not_claimed

    cap = CAP.model_copy(update={"label": "the liability cap"})
    body = f"Our number for {cap.label} is {cap.text}.\n\nOn Monday, Sam wrote:\n> Our number for {cap.label} is {cap.text}.\n"
    theirs = email_context("reply", facts=[cap.model_copy(update={"paper_by": "Brightmere Advisory"})])
    out = _not_claimed(theirs, body)
    assert out.startswith(f"Brightmere Advisory's number for {cap.label} is") and "> Our number for" in out, out
    mine = email_context("reply", facts=[cap.model_copy(update={"paper_by": theirs.author.organisation})])
    assert _not_claimed(mine, body) == body


def test_a_step_handed_to_the_addressee_is_said_to_them_not_of_them():
    # read 22: "Mary writes to Austin alone that 'Austin has the pen on this', speaking about the addressee in the
    # third person"
    from tests.generators.context_fixture import SAM, email_context
    from worldsmith.generators.compose.bank import bank
    from worldsmith.generators.kinds.email.compose import _addressed

    frames = bank("email")["beats"]["decide_after"] + bank("email")["beats"]["tasks"]
    third = re.compile(r"\{first\} (?!\[?,)")
    assert any(third.search(f) for f in frames)
    to_sam = _addressed(email_context("reply", to=[SAM]), {"first": SAM.first_name}, frames)
    assert to_sam and not any(third.search(f) for f in to_sam), to_sam
    assert any("{first}," in f for f in to_sam)
    # of a colleague who is not an addressee, the third person stands
    assert _addressed(email_context("reply", to=[SAM]), {"first": "Ruth"}, frames) == frames


@pytest.mark.parametrize("seed", [61, 62])
def test_one_only_copied_does_not_answer_what_was_put_to_another_house(seed):
    # read 22: "The owner's Laura Parker answers a request put to the contractor and promises the contractor's
    # programme. The contractor has been dropped from the thread."
    from worldsmith.worlds.plan import EmailSpec

    plan = _plan(ROOT / "tests/fixtures/construction-delay.yaml", seed)
    people = {p.id: p for p in plan.people}
    mail = {a.id: a for a in plan.artifacts if isinstance(a, EmailSpec)}
    replies = 0
    for a in mail.values():
        if a.mode != "reply" or a.parent not in mail:
            continue
        prev = mail[a.parent]
        if a.author in prev.cc and a.author not in prev.to:
            replies += 1
            assert all(people[i].organisation == people[a.author].organisation for i in prev.to
                       if i != a.author), (a.id, prev.to, a.author)


def test_a_client_asking_its_own_adviser_does_not_argue_the_case_to_it():
    # read 22 (a client's purchasing director to its counsel): "If it comes to that, we would point to the index rise
    # ..." and "Brennmoor will not argue the sum; the argument will be over ...": the adviser's analysis, not a question
    from tests.generators.offline_world import offline_world
    from worldsmith.generators.sides import acts_for
    from worldsmith.worlds.plan import EmailSpec

    plan, _, contents = offline_world(ROOT / "outlines/examples/buyside-diligence.yaml", 61)
    people = {p.id: p for p in plan.people}
    serves = acts_for(plan.organisations)
    argued = re.compile(r"(?i)would point to|the argument will be|exposure to challenge|cannot be on the arithmetic|"
                        r"will not argue|nothing in the sum for it to attack")
    asked = 0
    for a in plan.artifacts:
        if not isinstance(a, EmailSpec) or a.mode != "new":
            continue
        mine = people[a.author].organisation
        if mine in serves or not all(serves.get(people[i].organisation) == mine for i in a.to):
            continue
        asked += 1
        own = re.split(r"\n\s*(?:On .{0,80}wrote:|>)", contents[a.id].body, maxsplit=1)[0]
        assert not argued.search(own), (a.id, own)
    assert asked


def test_one_side_is_not_asked_whether_it_is_confident_on_the_others_claim():
    # read 22: the client asked its counsel "Are we confident on the surcharge claimed by Brennmoor, or is it an
    # estimate?", of the supplier's own claim
    from tests.generators.context_fixture import SAM, email_context
    from worldsmith.generators.compose.bank import bank
    from worldsmith.generators.kinds.email.compose import _askable

    ctx = email_context("reply", to=[SAM])
    label = ctx.facts[0].label or "the liability cap"
    ctx = ctx.model_copy(update={"label_reasons": {label: "x"}})
    v = {"label": label, "label2": "", "day": "Friday"}
    frames = bank("email")["beats"]["question"]
    assert any("confident on" in f for f in _askable(ctx, v, frames))
    theirs = _askable(ctx.model_copy(update={"their_labels": [label]}), v, frames)
    assert theirs and not any(re.search("confident on|how did you|walk me through", f) for f in theirs), theirs


@pytest.mark.parametrize("seed", [61, 62])
def test_counsel_writes_to_a_represented_party_through_its_counsel_only(seed):
    # read 22: "the claimant's solicitor sends the revised letter of claim to the employer's counsel AND its HR
    # director directly": the claimant is no organisation of the outline, so her solicitors acted for no one listed
    # and were bound by nothing
    from worldsmith.generators.sides import law_firms, principal, represented
    from worldsmith.worlds.plan import DocumentSpec, EmailSpec

    plan = _plan(ROOT / "tests/fixtures/bonus-cap-dispute.yaml", seed)
    orgs = plan.organisations
    firms, acting = law_firms(orgs), represented(orgs)
    people = {p.id: p.organisation for p in plan.people}
    seen = 0
    for a in plan.artifacts:
        heads = [*a.to, *a.cc] if isinstance(a, EmailSpec) else a.readers if isinstance(a, DocumentSpec) else []
        sender = people[a.author]
        if sender not in firms:
            continue
        across = [i for i in heads if people[i] in acting and acting[people[i]] != sender
                  and principal(orgs, people[i]) != principal(orgs, sender)]
        seen += any(people[i] in set(acting.values()) - {sender} for i in heads)
        assert not across, (a.id, heads)
    assert seen


def test_a_partys_people_reserve_rights_in_mail_only_where_it_is_their_trade():
    # read 22: "a supplier's sales VP reserves rights in an invoice note": only lawyers and formal notices reserve
    # rights (and an insurer's claims people, whose reservation of rights is a formal step)
    from tests.generators.context_fixture import MILO, RUTH, email_context
    from worldsmith.generators.compose.parties import in_voice
    from worldsmith.generators.context import OrgRef

    frames = ["[All rights are|Our rights are] reserved.", "We will come back to you by {day}."]
    dispute = [OrgRef(name="Brightmere Advisory", role="client; the buyer", privileged=True),
               OrgRef(name="Corvale Shipping Ltd", role="opposing party; the supplier")]
    ctx = email_context("new", to=[MILO]).model_copy(update={"author": RUTH, "organisations": dispute})

    def said(occupation: str) -> list[str]:
        return in_voice(ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"occupation": occupation})}), frames)

    assert not any("reserved" in f for f in said("11-2022")), said("11-2022")  # a sales manager
    assert any("reserved" in f for f in said("23-1011"))  # the party's in-house counsel
    assert any("reserved" in f for f in said("13-1031"))  # an insurer's claims examiner


def test_a_weekly_note_credits_a_figure_to_whose_it_is_not_to_the_first_firm_to_write_it_down():
    # read 22: "Gatehouse Tolland LLP's 31 August figure for the management EBITDA": management's figure, credited to
    # buyer's counsel, whose paper first set it down (week._maker fell back to the first paper's author)
    from worldsmith.generators.week import _maker

    plan = _plan(ROOT / "outlines/examples/buyside-diligence.yaml", 61)
    fact = plan.fact("mgmt_ebitda")
    assert fact.statement.startswith("Management's")
    makers = {plan.person(plan.artifact(i).author).organisation for i in plan.establishing(fact.id)}
    names = {o.name for o in plan.organisations if o.id in makers}
    assert names and _maker(plan, fact.id) not in names, _maker(plan, fact.id)
    # a figure its statement gives to no one still goes to the paper that puts it forward
    assert _maker(plan, "capitalised_development")


@pytest.mark.parametrize("path, key", [
    ("outlines/examples/buyside-diligence.yaml", "ashgrove_change_of_control_conse-m1"),
    ("outlines/examples/tanker-spill-liability.yaml", "client_call_before_the_answer_de_follow_up-m1"),
    ("outlines/examples/buyside-diligence.yaml", "project_millrace_loi_mark_up_and-m1"),
])
def test_instructions_are_asked_on_a_position_of_the_clients_never_on_a_figure_read_off_the_record(path, key):
    # read 22: "Denise: instructions to proceed on the largest customer's revenue share", a diligence finding (and, at
    # seed 61, "James: instructions to proceed on Ostrander's maximum exposure", counsel's own assessment); the
    # client's own offer (the LOI enterprise value) is still put to it
    from collections import defaultdict

    from worldsmith.generators.context import build_context
    from worldsmith.generators.kinds.email.compose import compose_email
    from worldsmith.taxonomies.loader import load_taxonomy

    plan = _plan(ROOT / path, 61)
    ctx = build_context(plan, load_taxonomy(), plan.artifact(key), defaultdict(lambda: None))
    body = compose_email(ctx).body
    asked = re.findall(r"(?:instruct(?:ions)? (?:us )?to proceed on|the go-ahead on|instructions on) (.+?) at ", body)
    assert all(label in ctx.asserted_labels for label in asked), (asked, ctx.asserted_labels)
    if ctx.spec.point:
        # (the expert's message asks what its point asks: the LOI mark-up's opener recommends the price language, in
        # its words, and asks for no instructions)
        assert carries_point(ctx.spec, body), body
    elif ctx.asserted_labels:
        assert asked, body  # (the test reads the instruction where there is one to read)


@pytest.mark.parametrize("seed", [61, 83])
def test_our_own_view_of_a_figure_is_not_stated_across_the_table(seed):
    # read 22: a letter to opposing counsel (Harrowvane for Ostrander to Kestrel Bay's counsel, rejecting the tender)
    # wrote "we record Ostrander's maximum exposure at USD 20,000,000", the ledger's "Harrowvane's assessment of
    # Ostrander's maximum total liability"
    from worldsmith.generators.sides import principal
    from worldsmith.worlds.plan import EmailSpec

    plan = _plan(ROOT / "outlines/examples/tanker-spill-liability.yaml", seed)
    assert plan.fact("energy_exposure").statement.startswith("Harrowvane's assessment")
    orgs = plan.organisations
    side = {p.id: principal(orgs, p.organisation) for p in plan.people}
    inside = across = 0
    for a in plan.artifacts:
        if not isinstance(a, EmailSpec) or a.position != 0 or "energy_exposure" not in a.facts:
            across += isinstance(a, EmailSpec) and a.position == 0 and side[a.author] == "ostrander" and \
                any(side[i] != "ostrander" for i in a.to)
            continue
        mixed = any(side[i] != side[a.author] for i in a.to)
        assert not (side[a.author] == "ostrander" and mixed), (a.id, a.to)
        inside += 1
    assert inside and across

"""Every person writes from their own side and role (issue 17, blind read 20: "wrong party, side or role voice" was
the commonest rejection in the buy-side deal, the hospital audit and the unseen earn-out)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.generators.context_fixture import DANA, MILO, RUTH, email_context
from tests.generators.offline_world import offline_world
from worldsmith.generators.context import OrgRef
from worldsmith.worlds.content import EmailContent

ORGS = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale Shipping Ltd", privileged=True,
               acts_for="Corvale Shipping Ltd"),
        OrgRef(name="Corvale Shipping Ltd", role="client; the buyer", privileged=True),
        OrgRef(name="Brightmere Advisory", role="sell-side adviser to the shareholders of the target",
               acts_for="Tessaline Holdings")]
ROOT = Path(__file__).resolve().parents[2]


def _reply(author, parent_body: str, seed: int = 3):
    ctx = email_context("reply", seed=seed, facts=[], to=[MILO])
    parent = EmailContent(subject="Revised offer", body=parent_body)
    return ctx.model_copy(update={"author": author, "organisations": ORGS, "parent": parent, "parent_author": MILO})


def _own(body: str) -> str:
    return re.split(r"\n\s*On .{0,80}wrote:|\n>", body, maxsplit=1)[0]


def test_what_the_other_side_asked_for_is_said_back_in_the_answerers_own_persons():
    # read 20, buy-side: the sell-side adviser, asked "Please let us have your client's response by tomorrow", answered
    # "Your client's response will be with you by end of day"
    from worldsmith.generators.kinds.email.compose import _asks_for

    asked = "Thank you.\n\nPlease let us have your client's response by Thursday.\n\nMilo"
    for seed in range(6):
        own = _own(_asks_for(_reply(DANA, asked, seed), "Received, thank you.\n\nDana"))
        assert re.search(r"(?i)\bour client's response\b", own), own
        assert not re.search(r"(?i)\byour client's response\b", own), own
        # a party writing for itself has no client: its own response
        own = _own(_asks_for(_reply(RUTH, asked, seed), "Received, thank you.\n\nRuth"))
        assert re.search(r"(?i)\bour response\b", own) and "client" not in own, own


_RANK = {"junior": 0, "mid": 1, "senior": 2, "executive": 3}


@pytest.mark.parametrize("path", ["outlines/examples/buyside-diligence.yaml", "tests/fixtures/construction-delay.yaml"])
def test_a_meetings_minutes_are_kept_by_the_most_junior_of_the_organisers_firm_present(path):
    # read 20: "The MD takes minutes with two analysts present"; "partner as minute-taker" with his associate there
    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend

    plan = pipeline.make_plan(pipeline.prepare(ROOT / path, 61, OfflineBackend()))
    people = {p.id: p for p in plan.people}
    specs = {a.id: a for a in plan.artifacts}
    seen = 0
    for meeting in (a for a in plan.artifacts if a.kind == "calendar"):
        organiser = people[meeting.author]
        firm = [organiser] + [people[i] for i in meeting.attendees if people[i].organisation == organiser.organisation]
        for rid in meeting.records:
            minutes = specs.get(rid)
            if getattr(minutes, "doc_type", "") != "minutes":
                continue
            seen += 1
            taker = people[minutes.author]
            assert taker in firm, (rid, taker.name)
            assert _RANK[taker.seniority] == min(_RANK[p.seniority] for p in firm), (rid, taker.title)
            # the one who called it is still among those it records
            assert organiser.id == taker.id or organiser.id in minutes.readers, rid
    assert seen


def test_the_readers_own_committee_minutes_are_noted_never_thanked_for_or_given_our_points():
    # read 20, buy-side: "Thanks for Investment Committee minutes: Project Millrace (Harry Green, 7 October); we are
    # working to it" and "Janet: our points on the Investment Committee minutes back to Harry" from the fund's adviser
    import datetime as dt

    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.week import note_lines, week_steps
    from worldsmith.generators.week import WeekEvent

    today = dt.date(2026, 10, 7)
    minutes = WeekEvent(what="paper", day=today, title="Investment Committee minutes: Project Millrace",
                        by="Harry Green", org="Fund LLP")
    memo = minutes.model_copy(update={"title": "Investment Committee memorandum: Project Millrace"})
    for seed in range(8):
        line = note_lines(Picker(seed), [minutes], today, "en_GB", {"Adviser & Co.", "Fund LLP"},
                          outside={"Fund LLP"}, firm="Adviser & Co.")[0]
        assert "note" in line.lower() and not re.search(r"(?i)thanks|working (?:to|from) it|using it", line), line
        steps = week_steps(Picker(seed), [minutes, memo], today, "en_GB", {"Adviser & Co.", "Fund LLP"},
                           ["Janet"], {}, outside=True, readers={"Fund LLP"}, firm="Adviser & Co.")
        assert not any("minutes" in s for s in steps), steps
        assert any("memorandum" in s for s in steps), steps  # a paper of theirs for comment still has its step


def test_the_other_sides_price_is_never_our_view_with_the_working_behind_it():
    # read 20, buy-side: the vendors' adviser opened on the buyer's price cut with "Picking up with you on the revised
    # enterprise value ...: our view is below, with the working behind it"
    from decimal import Decimal

    from tests.generators.context_fixture import FINANCE_VOICE, fact
    from worldsmith.generators.kinds.email.compose import compose_email
    from worldsmith.worlds.values import Money

    price = fact("revised_price", "After the review, Corvale Shipping's revised price values the target at "
                 "USD 41,000,000.", Money(amount=Decimal("41000000"), currency="USD"))
    plain = fact("signing", "Signing is targeted for the end of the month.", Money(amount=Decimal("5"), currency="USD"))
    ours = theirs_ = 0
    for seed in range(16):
        for facts in ([price], [plain]):
            ctx = email_context("new", seed=seed, facts=facts, to=[DANA], voice=FINANCE_VOICE)
            ctx = ctx.model_copy(update={"author": MILO, "organisations": ORGS})
            first = _own(compose_email(ctx).body).strip().split("\n")[0]
            claims = re.search(r"(?i)\bour (?:figures|numbers|position|view|thinking)\b|how we get to them", first)
            if facts == [price]:
                theirs_ += 1
                assert not claims, first
            else:
                ours += bool(claims)
    assert theirs_ and ours  # a figure no one across put forward may still be ours


@pytest.mark.parametrize("path", ["outlines/examples/hospital-revenue-audit.yaml", "tests/fixtures/covenant-breach.yaml",
                                  "outlines/examples/buyside-diligence.yaml", "tests/fixtures/construction-delay.yaml"])
def test_no_one_is_sent_their_own_organisations_paper_by_another(path):
    # read 20: the audit committee chair's follow-up to the auditor attached the auditor's own findings report ("sends
    # Brannock its own report"); "the auditor sends the borrower its own signed compliance certificate"
    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend
    from worldsmith.worlds.plan import EmailSpec

    plan = pipeline.make_plan(pipeline.prepare(ROOT / path, 61, OfflineBackend()))
    people = {p.id: p for p in plan.people}
    specs = {a.id: a for a in plan.artifacts}
    carried = 0
    for m in (a for a in plan.artifacts if isinstance(a, EmailSpec)):
        for att in m.attachments:
            carried += 1
            made = people[specs[att.artifact].author].organisation
            if made != people[m.author].organisation:
                assert made not in {people[t].organisation for t in m.to}, (m.id, att.title)
    assert carried


def test_a_cover_note_names_its_readers_own_organisation_as_you():
    # read 20, hospital audit: "Here is the voluntary refund letter to Lakeshore Medicare Services." to Lakeshore's
    # overpayment recovery manager ("names his own organisation in the third person")
    from worldsmith.generators.compose.parties import to_the_reader

    ctx = email_context("new", to=[MILO]).model_copy(update={"author": DANA, "organisations": ORGS})
    assert to_the_reader(ctx, "Here is the refund letter to Brightmere Advisory.") == "Here is the refund letter to you."
    assert to_the_reader(ctx, "Attached is Brightmere's request list.") == "Attached is Brightmere's request list."
    assert to_the_reader(ctx, "Attached is the Brightmere Advisory's request list.") == "Attached is your request list."
    # to readers of several organisations, or of the author's own, the name stands
    both = ctx.model_copy(update={"to": [MILO, RUTH]})
    assert to_the_reader(both, "Here is the refund letter to Brightmere Advisory.").endswith("Brightmere Advisory.")


def test_the_refund_letters_cover_note_to_the_contractor_says_to_you():
    from worldsmith.generators.context import build_context
    from worldsmith.worlds.plan import EmailSpec

    plan, _, contents = offline_world(ROOT / "outlines/examples/hospital-revenue-audit.yaml", 61)
    people = {p.id: p for p in plan.people}
    seen = 0
    for m in (a for a in plan.artifacts if isinstance(a, EmailSpec) and a.attachments and a.mode == "new"):
        orgs = {people[t].organisation for t in m.to}
        if len(orgs) != 1 or people[m.author].organisation in orgs:
            continue
        name = next(o.name for o in plan.organisations if o.id in orgs)
        own = _own(contents[m.id].body)
        for title in (a.title for a in m.attachments if name in a.title):
            seen += 1
            assert name not in own, (m.id, own)
    assert seen


@pytest.mark.parametrize("path", ["tests/fixtures/construction-delay.yaml", "tests/fixtures/bi-claim.yaml",
                                  "outlines/examples/buyside-diligence.yaml"])
def test_a_writer_names_its_own_firms_papers_as_ours(path):
    # read 20: "names own firm ... in the third person"; a partner's note to the client read "Corwen Ashby LLP set it
    # out in the memo on the Brennmoor surcharge" and "from Corwen Ashby LLP's minutes of the surcharge kick-off"
    from worldsmith.worlds.plan import EmailSpec

    plan, _, contents = offline_world(ROOT / path, 61)
    people = {p.id: p for p in plan.people}
    orgs = {o.id: o.name for o in plan.organisations}
    for m in (a for a in plan.artifacts if isinstance(a, EmailSpec) and a.id in contents):
        firm = re.escape(orgs[people[m.author].organisation])
        own = _own(contents[m.id].body)
        hit = re.search(rf"{firm} set it out|(?:from|in) {firm}'s |as {firm} put it|\(?{firm}\)? has it in full|"
                        rf"the \w+(?: \w+)*, {firm}, ", own)
        assert not hit, (m.id, hit.group(0), own[:600])


def test_the_one_who_decides_is_the_subject_of_the_finite_verb_not_of_an_offer_to_settle():
    # read at seed 67: a purpose "The partner sends <the other side's> offer to settle at the cap and recommends it; the
    # general counsel approves." was cut at "to settle", so the partner took the decision for the client ("We have
    # decided: we go ahead on the surcharge payable.")
    from worldsmith.generators.beats import decision_at

    purpose = ("The adviser forwards the lessor's proposal to accept the lower figure and backs it; the chief "
               "executive agrees.")
    assert purpose[decision_at(purpose):].startswith("agrees")
    assert decision_at("The board decides to accept the offer.") == len("The board ")
    assert decision_at("The offer to settle stands.") == len("The offer to settle stands.")


def test_a_partys_own_mail_puts_its_own_claim_in_its_own_voice():
    # read at seed 67: a supplier's VP of sales wrote of his own company's claim "we show the surcharge claimed by
    # <supplier> at USD ..." (the supplier's own notice in documents already read "the surcharge we claim")
    from decimal import Decimal

    from tests.generators.context_fixture import FINANCE_VOICE, fact
    from worldsmith.generators.kinds.email.compose import compose_email
    from worldsmith.worlds.values import Money

    claim = fact("claim", "The fee claimed by Corvale Shipping is USD 2,000,000.",
                 Money(amount=Decimal("2000000"), currency="USD"))
    claim = claim.model_copy(update={"label": "the fee claimed by Corvale Shipping"})
    for seed in range(6):
        ctx = email_context("new", seed=seed, facts=[claim], to=[MILO], voice=FINANCE_VOICE)
        ctx = ctx.model_copy(update={"author": RUTH, "organisations": ORGS})
        own = _own(compose_email(ctx).body)
        assert "claimed by Corvale" not in own, own
        assert re.search(r"fee we claim", own), own


def test_a_partys_cover_note_calls_its_own_paper_ours():
    # read at seed 67: the supplier's own VP of sales sent "the brennmoor surcharge notice, April 3, 2026"
    from worldsmith.generators.compose.parties import from_the_writer

    ctx = email_context("new", to=[DANA]).model_copy(update={"author": MILO, "organisations": ORGS})
    assert from_the_writer(ctx, "Please find attached the brightmere fee notice.") == \
        "Please find attached our fee notice."
    assert from_the_writer(ctx, "Attached is the Brightmere Advisory request list.") == "Attached is our request list."
    assert from_the_writer(ctx, "Attached is the request list from Corvale.") == "Attached is the request list from Corvale."

"""Who acts for whom, and whose figure a fact is, on the blind read 26 outlines (now tests/fixtures/).

Blind read 26: the auditors' role ('engaged by Corvane ... to audit the licensee's royalty reports') brought the audited
licensee inside the licensor's privileged circle, so the licensor's counsel disputed its own audit fees to the
licensee ("You put the fees for the royalty audit at USD 64,800. We can't find the support for it"); the owners'
claim ('The owners claim ...') and the charterers' sealed offer (label "charterers' sealed offer") were nobody's."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.generators.planned import composed_thread, planned
from worldsmith.generators.context import build_context, fact_side
from worldsmith.generators.sides import privileged_circle
from worldsmith.worlds.outline import load_outline

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _plan(name: str, seed: int = 191):
    return planned(name, seed)  # (plan, taxonomy), planned once per test process


def test_the_party_the_home_sides_auditors_audit_is_outside_its_circle():
    # the auditors' role names the licensee as what it audits, not as whom it serves
    assert privileged_circle(load_outline(FIXTURES / "patent-royalty-audit.yaml")) == {"pellam", "corvane"}


def test_a_fact_is_the_figure_of_the_party_that_invoices_claims_or_offers_it():
    plan, _ = _plan("patent-royalty-audit")
    assert fact_side(plan, "audit_fees") == "corvane"  # '... fees for the audit, invoiced to Corvane ...'
    plan, _ = _plan("demurrage-arbitration")
    assert fact_side(plan, "net_demurrage") == "marlowe"  # 'The owners claim USD ...'
    assert fact_side(plan, "charterers_offer") == "ostrava"  # label "charterers' sealed offer"


def test_a_side_never_disputes_its_own_claim_across_the_table():
    from worldsmith.generators.backends.offline import OfflineBackend
    from worldsmith.worlds.content import EmailContent

    for seed in (191, 61):
        plan, taxonomy = _plan("patent-royalty-audit", seed)
        people = {p.id: p for p in plan.people}
        fees = next(f for f in plan.facts if f.id == "audit_fees")
        thread = sorted((a for a in plan.artifacts if a.kind == "email" and fees.id in (a.facts or [])
                         and a.title.lower().startswith("audit fees")), key=lambda a: a.position)
        assert thread
        made: dict = {}
        for a in thread:
            made[a.id] = asyncio.run(OfflineBackend().generate(build_context(plan, taxonomy, a, made), EmailContent))
            if people[a.author].organisation == "corvane":
                own = made[a.id].body.split("\nOn ")[0].lower()
                assert "you put the fees" not in own and "do not agree on the fees" not in own, own


def test_an_assent_to_advice_agrees_the_act_advised_not_the_figure():
    from worldsmith.generators.beats import advised_act

    # (words no fixture uses: the rule reads the purpose's grammar, not an outline's trade words)
    assert advised_act("Counsel recommends declining the landlord's proposal, which ignores the break clause; the "
                       "tenant agrees.") == "we decline the landlord's proposal"
    assert advised_act("The adviser recommends settling the claim and the client agrees to wait.") == ""
    plan, taxonomy = _plan("demurrage-arbitration")
    thread = [a for a in plan.artifacts if a.kind == "email" and a.title.lower().startswith("ostrava's sealed offer")]
    deciding = [a for a in thread if a.beat == "decide"]
    assert deciding and all("reject" in a.decision and "is agreed" not in a.decision for a in deciding), \
        [a.decision for a in deciding]


def test_a_neutral_hears_both_parties_together():
    from worldsmith.generators.sides import NEUTRAL_ROLE, principal

    for name in ("office-rent-review", "demurrage-arbitration"):
        for seed in (191, 61):
            plan, _ = _plan(name, seed)
            people = {p.id: p for p in plan.people}
            orgs = {o.id: o for o in plan.organisations}
            neutral = {p for p, x in people.items() if NEUTRAL_ROLE.search(orgs[x.organisation].role)}
            parties = {principal(plan.organisations, o) for o in orgs if not NEUTRAL_ROLE.search(orgs[o].role)}
            heard = [a for a in plan.artifacts if a.kind == "email" and neutral & {a.author, *a.to, *a.cc}]
            assert heard
            for a in heard:
                # (the expert's "Dear all" reply to the tenant's side alone; the tenant's surveyor's forward to it)
                on = {principal(plan.organisations, people[p].organisation) for p in {a.author, *a.to, *a.cc} - neutral}
                assert on == parties, (name, seed, a.path, on)


def _compose(name: str, title: str, seed: int = 191, attach_first: bool = False):
    """The thread of a fixture whose title opens so, composed offline: (spec, author's organisation, own text).
    attach_first: the thread's attachments move to its opener (a thread whose first message sends the paper)."""
    from worldsmith.generators.backends.offline import OfflineBackend
    from worldsmith.worlds.content import EmailContent

    if not attach_first:  # composed once per test process (tests/generators/planned.py)
        plan, made = composed_thread(name, seed, title)
        people = {p.id: p for p in plan.people}
        assert made
        return [(a, people[a.author].organisation, content.body.split("\nOn ")[0]) for a, content in made]
    plan, taxonomy = _plan(name, seed)
    people = {p.id: p for p in plan.people}
    thread = sorted((a for a in plan.artifacts if a.kind == "email" and a.title.lower().startswith(title)),
                    key=lambda a: a.position)
    assert thread
    papers = [x for a in thread for x in a.attachments]
    assert papers
    for a in thread:
        a.attachments = papers if a.position == 0 else []
    made: dict = {}
    out = []
    for a in thread:
        made[a.id] = asyncio.run(OfflineBackend().generate(build_context(plan, taxonomy, a, made), EmailContent))
        out.append((a, people[a.author].organisation, made[a.id].body.split("\nOn ")[0]))
    return out


def test_a_decision_never_hands_the_other_sides_figure_back_or_takes_it_as_recommended():
    # the tenant's surveyor told the landlord "GBP 52.50 is the number for your proposed rent per square foot. Do
    # note it on your side"; the owners, rejecting the charterers' offer, were "content for the charterers' sealed
    # offer to stand at USD 140,000, as you recommend"
    for name, title, figure in (("office-rent-review", "application for an independent", "52.50"),
                                ("demurrage-arbitration", "ostrava's sealed offer", "140,000")):
        decided = [(a, own) for a, _, own in _compose(name, title) if a.beat == "decide"]
        assert decided
        for a, own in decided:
            assert "note it on your side" not in own.lower() and "content for" not in own.lower(), own
            if name == "office-rent-review":
                assert figure not in own, own


def test_no_source_is_asked_of_a_figure_whose_paper_was_just_attached():
    # (the opener sends the agreed measured survey; the landlord's surveyor asked "What is the source for the net
    # internal area of the demise?" in reply)
    replies = [(a, own) for a, _, own in _compose("office-rent-review", "joint measurement", attach_first=True)
               if a.position == 1]
    assert replies and all("source" not in own.lower() for _, own in replies), replies


def test_one_of_ours_passes_a_thread_on_to_one_of_ours():
    # the tenant's surveyor forwarded the landlord's own reply to another of the landlord's people (read 26)
    for seed in (191, 61):
        plan, _ = _plan("office-rent-review", seed)
        people = {p.id: p for p in plan.people}
        circle = {o.id for o in plan.organisations if o.privileged}
        forwards = [a for a in plan.artifacts if a.kind == "email" and a.mode == "forward"
                    and people[a.author].organisation in circle]
        assert forwards
        for a in forwards:
            assert all(people[x].organisation in circle for x in a.to), (seed, a.path, a.to)

"""Issue 17 (voice2): each party in its own voice and no stock phrase a practitioner never writes (read 18's score
sheets: 'noted as at', 'rights expressly reserved', 'nothing has moved it since', 'so that you have our position';
an accountant and a bank reserving rights). The rules are general; the fixture outlines only show them."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from tests.generators.offline_world import offline_world
from tests.generators.test_compose_mail_read18 import _own, fixture_world
from worldsmith.generators.compose.parties import across, in_voice, lawyer, org, reserves_rights
from worldsmith.generators.context import OrgRef, build_context
from worldsmith.worlds.content import EmailContent

_ORGS = [OrgRef(name="Harrow Vane LLP", role="financial adviser to the buyer", privileged=True, acts_for="Buyer Co"),
         OrgRef(name="Buyer Co", role="the buyer", privileged=True),
         OrgRef(name="Target Co", role="the target")]
_RESERVE = ["[~We reserve all rights|Our client's rights are reserved|Our client reserves its position].",
            "[All rights are|Our client's rights are] reserved.", "We look forward to your reply by {day}."]


def test_an_adviser_who_is_no_lawyer_reserves_no_rights():
    # the buyer's QoE accountants closed a reply to the target with "our rights are expressly reserved", and a bank's
    # associate told the target's Head of IT "Our client's rights remain reserved" (read 18, buy-side diligence)
    from tests.generators.context_fixture import email_context

    ctx = email_context("new", seed=1, facts=[]).model_copy(update={"organisations": _ORGS})
    assert not reserves_rights(ctx)
    assert in_voice(ctx, _RESERVE) == ["We look forward to your reply by {day}."]
    counsel = [o.model_copy(update={"role": "buyer's counsel"}) if o.name == "Harrow Vane LLP" else o for o in _ORGS]
    ctx = ctx.model_copy(update={"organisations": counsel})
    assert reserves_rights(ctx)
    # across a deal nobody reserves rights in mail, counsel included (read 22: the buyer's counsel closed a note on
    # the peg "Our client reserves all of its rights"); across a dispute counsel does
    assert in_voice(ctx, _RESERVE) == ["We look forward to your reply by {day}."]
    disputed = [o.model_copy(update={"role": "opposing party"}) if o.name == "Target Co" else o for o in counsel]
    ctx = ctx.model_copy(update={"organisations": disputed})
    assert reserves_rights(ctx)
    assert len(in_voice(ctx, _RESERVE)) == 3


# What read 18's professionals named as wording no practitioner uses, and what this pass found in over 1% of a world's
# messages at seed 31 (each counted by /tmp/v2/tools/count.py before the change).
_STOCK = re.compile(r"(?i)\bnoted as at\b|\bexpressly reserved\b|\bnothing has moved\b|so that you have our position|"
                    r"\brests at\b|\bMoreover\b|\bunderstood as at\b|\ball clear as at\b|\bas at \w+ \d+ the exchange|"
                    r"\bWorth checking against\b|\bSeparately, the\b|Nothing here (?:changes|moves) our position")


@pytest.mark.parametrize("name", ["covenant-breach", "aircraft-redelivery"])
def test_no_stock_phrase_in_any_message(name):
    plan, taxonomy, contents = fixture_world(name, 31)
    bodies = [_own(c.body) for c in contents.values() if isinstance(c, EmailContent)]
    assert len(bodies) > 20
    assert not [b for b in bodies if _STOCK.search(b)], [_STOCK.search(b).group(0) for b in bodies if _STOCK.search(b)]
    texts = [c.model_dump_json() for c in contents.values() if not isinstance(c, EmailContent)]
    assert not [t for t in texts if _STOCK.search(t)], [_STOCK.search(t).group(0) for t in texts if _STOCK.search(t)]


def test_only_a_worked_figure_comes_out_at_a_value():
    # "as of today, the base fee percentage comes out at 3%" of a contract term (read 18, hotel termination)
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.facts import named_sentence
    from tests.generators.context_fixture import CAP, RATE

    worked = re.compile(r"\b(?:comes? out at|works? out at|lands? at|comes? to)\b|\bI (?:make|get)\b")
    for term in (RATE, CAP):
        term = term.model_copy(update={"label": "the base fee rate"})
        said = [named_sentence(Picker(seed), term) for seed in range(60)]
        assert not [s for s in said if worked.search(s)], term.text
    fee = CAP.model_copy(update={"label": "the termination fee", "reason": "three times the base fee"})
    assert any(worked.search(named_sentence(Picker(seed), fee)) for seed in range(60))


@pytest.mark.parametrize("name", ["covenant-breach", "aircraft-redelivery"])
def test_only_lawyers_and_parties_reserve_rights_in_mail(name):
    plan, taxonomy, contents = fixture_world(name, 31)
    said = 0
    for spec in plan.artifacts:
        c = contents.get(spec.id)
        if not isinstance(c, EmailContent):
            continue
        ctx = build_context(plan, taxonomy, spec, contents)
        if re.search(r"(?i)\breserv\w*\b[^.;]*\brights?\b|\brights?\b[^.;]*\breserved\b", _own(c.body)):
            said += 1
            assert reserves_rights(ctx), (spec.path, org(ctx, ctx.author.organisation), _own(c.body))


@functools.lru_cache(maxsize=None)
def _world(path: str, seed: int):
    """(plan, taxonomy, contents) of an outline made offline, without rendering."""
    return offline_world(Path(path).resolve(), seed)


_ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("path", ["outlines/examples/buyside-diligence.yaml", "tests/fixtures/covenant-breach.yaml",
                                  "tests/fixtures/aircraft-redelivery.yaml"])
def test_across_the_table_nobody_disputes_or_takes_instructions_on_its_own_sides_figure(path):
    # the buyer's adviser to the sellers' adviser: "Our client does not accept the escrow percentage" (the escrow its
    # own client offered) and "We will take instructions on the revised enterprise value" (its client's own revised
    # offer), read 18 buy-side diligence #14
    plan, taxonomy, contents = _world(str(_ROOT / path), 31)
    seen = 0
    for spec in plan.artifacts:
        c = contents.get(spec.id)
        if not isinstance(c, EmailContent) or getattr(spec, "mode", "") != "reply":
            continue
        ctx = build_context(plan, taxonomy, spec, contents)
        if not (ctx.organisations and across(ctx)):
            continue
        seen += 1
        own = _own(c.body)
        for label in ctx.side_labels:
            lab = re.escape(label)
            bad = re.search(rf"(?i)(?:not accept|not agree|take issue with|instructions on|considering|reviewing|put) "
                            rf"(?:your \w+ of |what you say on )?{lab}\b|\b{lab} is (?:not accepted|disputed|not agreed)",
                            own)
            assert not bad, (spec.path, label, own)
    assert seen


def test_a_party_named_bare_keeps_its_capital_after_a_connective():
    # "Further, quillfield delivered its compliance certificate for the June 30 test to the agent" (covenant-breach at
    # seed 31), like read 18's weekly note that wrote "ardmore" in lower case
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.facts import with_lead

    for seed in range(12):
        for register in ("email", "document"):
            said = with_lead(Picker(seed), "Quillfield delivered its compliance certificate on August 13, 2026.",
                             register)
            assert "quillfield" not in said, said
            said = with_lead(Picker(seed), "Ardmore served notice of termination on March 16, 2026.", register)
            assert "ardmore" not in said, said
    # a sentence that opens on a common word still takes one, in lower case
    assert any(with_lead(Picker(s), "The total net debt is USD 166,500,000.", "email") != "The total net debt is "
               "USD 166,500,000." for s in range(12))


def test_a_term_under_its_instrument_stands():
    # the CFO would "settle" a term loan commitment "fixed since 2024" and have it walked through "the build-up" (read
    # 18, covenant breach): the instrument came after the statement's first six words, so the term read as open
    from tests.generators.context_fixture import CAP
    from worldsmith.generators.labels import standing

    term = CAP.model_copy(update={"statement": "Harlow's revolving loan under the facility agreement of May 2, 2023 "
                                               "with Brandt Bank as agent is USD 98,400,000."})
    assert standing(term)
    offer = term.model_copy(update={"statement": "Brandt Bank proposed a revolving loan under the facility agreement "
                                                 "of USD 98,400,000."})
    assert not standing(offer)
    assert standing(term.model_copy(update={"statement": "Schedule 4 para 2.3 requires each vessel at return to hold "
                                                         "at least USD 98,400,000 of cover."}))
    assert not standing(term.model_copy(update={"statement": "The fee for the work under the new regime is "
                                                             "USD 98,400,000."}))


def test_a_party_sends_its_file_across_without_reserving_rights():
    # the buyer's Managing Partner sent the sellers' adviser its revised offer letter with "We reserve all rights."
    from worldsmith.generators.compose.bank import bank
    from worldsmith.generators.compose.parties import lawyer, without_reservation

    outside = bank("email")["attach"]["outside"]
    kept = without_reservation(outside)
    assert kept and not [f for f in kept if re.search(r"(?i)reserv", f)]
    assert len(kept) == len(outside) - 1
    from tests.generators.context_fixture import email_context

    ctx = email_context("new", seed=1, facts=[]).model_copy(update={"organisations": _ORGS})
    assert not lawyer(ctx)


@pytest.mark.parametrize("path", ["outlines/examples/buyside-diligence.yaml"])
def test_no_file_goes_across_from_a_party_with_rights_reserved(path):
    plan, taxonomy, contents = _world(str(_ROOT / path), 31)
    seen = 0
    for spec in plan.artifacts:
        c = contents.get(spec.id)
        if not isinstance(c, EmailContent) or not getattr(spec, "attachments", None) or spec.mode != "new":
            continue
        ctx = build_context(plan, taxonomy, spec, contents)
        if ctx.organisations and across(ctx) and not lawyer(ctx):
            seen += 1
            assert not re.search(r"(?i)\breserve all rights|rights are reserved|reserves its position", _own(c.body)), \
                (spec.path, _own(c.body))
    assert seen


@pytest.mark.parametrize("name", ["aircraft-redelivery", "covenant-breach"])
def test_a_paper_neither_adopts_a_term_as_a_working_figure_nor_treats_its_own_firm_as_a_client(name):
    # 'We recommend that Corrib Aviation Capital DAC adopt the letter of credit amount of USD 1,150,000 as its working
    # figure' (the amount Clause 7 of the lease fixes), and Corrib's own technical representative 'subject to your
    # review of the working before the figure is used with Corrib Aviation Capital DAC' (aircraft redelivery, seed 31)
    from worldsmith.generators.labels import standing

    plan, taxonomy, contents = fixture_world(name, 31)
    seen = 0
    for spec in plan.artifacts:
        c = contents.get(spec.id)
        if spec.kind != "document" or c is None:
            continue
        ctx = build_context(plan, taxonomy, spec, contents)
        text = c.model_dump_json()
        seen += 1
        assert f"before the figure is used with {ctx.author.organisation}" not in text, spec.path
        for f in ctx.facts:
            if standing(f) and f.label:
                assert f"adopt {f.label} of {f.text} as its working figure" not in text, (spec.path, f.label)
    assert seen


def test_minutes_reconvene_on_news_not_on_a_label_that_moves():
    # "To regroup on Wednesday, September 2, or sooner if the waiver fee shifts." and "or sooner if the business
    # interruption limit changes" (read 18): a term or an offer named as what might move the next meeting
    from worldsmith.generators.compose.bank import bank

    frames = bank("genres")["sections"]["next_meeting"]
    assert not [f for f in frames if re.search(r"\{l\d\}", f)]


def test_a_figure_a_role_asserts_is_that_partys_own():
    # the agent's own counsel wrote 'We acknowledge your message on the waiver fee rate. Our client is considering it'
    # of the waiver its own client had offered ('On August 19, 2026 the agent offered ... a waiver ... for a fee of
    # 0.25%'; covenant breach at seed 37)
    from worldsmith.generators.context import _principals, side_labels

    plan, taxonomy, contents = fixture_world("covenant-breach", 31)
    fact = next(f for f in plan.facts if re.search(r"\bthe agent offered\b", f.statement or ""))
    people = {o.id: [p for p in plan.people if p.organisation == o.id] for o in plan.organisations}
    agent = next(o for o in plan.organisations if re.search(r"\badministrative agent\b", o.role))
    principals = _principals(plan)
    counsel = next(o for o in plan.organisations if o.id != agent.id and principals[o.id] == agent.id and people[o.id])
    borrower_side = next(o for o in plan.organisations if o.privileged and people[o.id])
    label = next(iter(side_labels(plan, [fact.id], people[counsel.id][0].id, strict=True)), "")
    assert label, "the agent's counsel does not hold the agent's own offer as its side's"
    assert not side_labels(plan, [fact.id], people[borrower_side.id][0].id, strict=True)

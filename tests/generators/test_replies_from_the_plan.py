"""Issue 17 (mail10, read at seed 223): a reply to "what is still to do before X, and who has it?" answers from the
plan, naming the papers its writer's firm is to make next, who has each and when, never only "I will have everything
for X ready"."""

from __future__ import annotations

import re

import pytest

from tests.generators.offline_world import offline_world
from worldsmith.generators.context import label_stated, papers_ahead
from worldsmith.worlds.content import EmailContent

_RUN_UP = re.compile(r"still to do before|pulling everything together for|on course for", re.I)
_STOCK = re.compile(r"have everything for .* ready|draw up the run-up to|plan the run-up to|timetable back from", re.I)


def _own(body: str) -> str:
    return re.split(r"\n\s*(?:On .{0,120}wrote:|>|-{5,} Forwarded)", body, maxsplit=1)[0]


# (outlines other modules compose at seed 61 too: offline_world composes each once per test process)
# (the examples' questions on what is still to do are now mostly their experts' points, and the engine's own that
# were answered moved with the draws: the rule holds for every case on the examples, and its cases are read on the
# examples as they were before their points, tests/fixtures/fuzz_found/)
@pytest.mark.parametrize("outline", ["outlines/examples/tanker-spill-liability.yaml",
                                     "outlines/examples/hospital-revenue-audit.yaml",
                                     "outlines/examples/buyside-diligence.yaml",
                                     "tests/fixtures/fuzz_found/tanker-spill-liability.yaml",
                                     "tests/fixtures/fuzz_found/hospital-revenue-audit.yaml"])
def test_what_is_still_to_do_is_answered_with_the_papers_the_plan_has_coming(outline):
    plan, _, contents = offline_world(outline, 61)
    by_id = {a.id: a for a in plan.artifacts}
    answered = stock = 0
    for aid, c in contents.items():
        spec = by_id[aid]
        if not isinstance(c, EmailContent) or spec.mode != "reply" or spec.parent not in contents:
            continue
        writer = plan.person(spec.author)
        if not _RUN_UP.search(_own(contents[spec.parent].body)):
            continue
        team = {p.id for p in plan.people if p.organisation == writer.organisation}
        coming = [p for p in papers_ahead(plan, spec, team) if (p.day - spec.sent_at.date()).days <= 21]
        own = _own(c.body)
        if coming and any(p.by in own or "mine" in own for p in coming):
            answered += 1
        elif coming and _STOCK.search(own):
            stock += 1
    assert stock == 0
    assert answered or not outline.startswith("tests/fixtures/fuzz_found/")


_DIG_OUT = re.compile(r"dig out the paper|send you the paper it comes from", re.I)


# (vat-delivery's one such question at seed 61 is now on a figure no statement sources, since this session's roles
# changes; cmr-theft's is no longer asked at all since 1119894c, which asks no source of a figure the reader's side
# stated: the tanker keeps a question whose figure's statement names its paper)
@pytest.mark.parametrize("outline", ["outlines/examples/tanker-spill-liability.yaml"])
def test_the_source_of_a_figure_is_the_paper_its_statement_names(outline):
    """'What is the source for the invoice value of the goods?' was answered 'I will dig out the paper it comes from and
    send you a copy by end of day' (22 answers in 12 of 20 worlds at seed 61), where the ledger's statement names the
    paper ("Harlow's commercial invoice values the 14 pallets at GBP 412,600."): the answer names that paper."""
    plan, _, contents = offline_world(outline, 61)
    by_id = {a.id: a for a in plan.artifacts}
    stated = 0
    for aid, c in contents.items():
        spec = by_id[aid]
        if not isinstance(c, EmailContent) or spec.mode != "reply" or spec.parent not in contents:
            continue
        asked = re.search(r"source for (the [^?]+?)(?: in the [^?]*)?\?", _own(contents[spec.parent].body))
        if asked is None:
            continue
        said = label_stated(plan, spec.thread, spec.sent_at.date()).get(asked.group(1))
        if said:
            own = _own(c.body)
            assert not _DIG_OUT.search(own), own
            stated += said.lower() in own.lower()
    assert stated


def test_no_mail_frame_of_a_trade_says_where_a_thing_is_logged_or_how_tight_a_term_is():
    """'The change is logged in Microsoft Project. Lessons learned is tighter than I would like.' in a lessor's note on
    a landing gear quote (aircraft-redelivery), 'I've checked the bookings in DocuSign' (supply-surcharge at seed 61):
    an occupation's software and terms are not the matter's, so no mail frame puts them in a claim."""
    from worldsmith.generators.compose.bank import bank

    data = bank("families")
    frames = [f for regs in data["families"].values() for f in regs.get("email", [])] + data["common"]["email"]
    assert frames
    assert not [f for f in frames if "{tool}" in f or "tighter than" in f]

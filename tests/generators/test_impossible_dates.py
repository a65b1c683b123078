"""Dates and times that cannot be (issue 17): what a file says happened 'since' a day, and when, is what the ledger
and the other files let it say."""

from __future__ import annotations

import re

import pytest

from tests.generators.offline_world import offline_world


@pytest.mark.parametrize("outline", ["outlines/examples/tanker-spill-liability.yaml",
                                     "outlines/examples/buyside-diligence.yaml"])
def test_a_figure_known_from_the_outset_has_no_since(outline):
    """Read 24: a vessel's tonnage, known before the matter opened, was "the working figure since February 23", the
    day before the casualty that opened it. A value held from the window's first day took hold on no day of the
    matter: no file dates it "since" that day."""
    plan, _, contents = offline_world(outline, 61)
    w = plan.window_start
    since = re.compile(rf"\bsince (?:{w:%B} {w.day}\b|{w.day} {w:%B})")
    said = [(a.id, m.group(0)) for a in plan.artifacts if (c := contents.get(a.id)) is not None
            for m in since.finditer(c.model_dump_json())]
    assert not said


@pytest.mark.parametrize("outline", ["tests/fixtures/covenant-breach.yaml", "tests/fixtures/vat-delivery.yaml"])
def test_no_message_names_a_paper_before_it_is_sent_round_that_day(outline):
    """Read 24: an update "sent at 09:51 on 4 Sep reports counsel's note of 4 Sep, which counsel emails at 18:16 that
    day". No message names another's paper, by its title, earlier on the day the paper first goes out by mail."""
    from worldsmith.generators.week import delivered_at

    plan, _, contents = offline_world(outline, 61)
    papers = [a for a in plan.artifacts if a.kind in ("document", "spreadsheet") and delivered_at(plan, a.id)]
    early = []
    for m in plan.artifacts:
        if m.kind != "email" or (c := contents.get(m.id)) is None:
            continue
        own = "\n".join(x for x in c.body.splitlines() if not x.startswith(">")).lower()
        early += [(m.id, p.title) for p in papers if p.author != m.author and p.title.lower() in own
                  and (sent := delivered_at(plan, p.id)).date() == m.sent_at.date() and m.sent_at < sent]
    assert not early

"""A figure's first appearance is a mention of that fact, never the same sum given for another thing (issue 16: blind
red teams found as-of keys that counted from a file holding the same number for something else)."""

from __future__ import annotations

import datetime as dt
import re

import pytest

import worldsmith
from worldsmith.environments.graph_tasks import Graph, _first_told, mentions_read_once


def _told(path):
    world = worldsmith.open(path)
    mentions_read_once(world)
    return world, {t.id: t for t in _first_told(Graph.of(world))}


@pytest.fixture(scope="module")
def construction(published_construction):
    world, told = _told(published_construction)
    yield world, told
    world.close()


@pytest.fixture(scope="module")
def legal(published_legal):
    world, told = _told(published_legal)
    yield world, told
    world.close()


def test_the_same_sum_under_another_label_is_not_the_first_appearance(construction):
    # construction-delay at seed 0: the owner's GC wrote on August 26 'the liquidated damages cap ... or USD 1,230,000';
    # the liquidated damages payable (the same sum, the lesser of the accrued and the cap) first appears in the
    # working of August 27, the day the client was sent it. The key counted its 1 day from the cap's line
    world, told = construction
    said = world.db.execute("""select t.text from artifact_text t join artifacts a on a.id = t.artifact_id
                               where a.kind = 'email' and contains(t.text, 'USD 1,230,000') order by a."at" limit 1""").fetchone()[0]
    line = next(x for x in said.splitlines() if "USD 1,230,000" in x)
    assert "cap" in line and "payable" not in line  # the premise: that first line is the cap's
    task = told.get("told-lds_payable")
    assert task is None or "August 26, 2026" not in task.solution.answer, task.solution.answer


def test_a_contract_clause_of_the_same_sum_does_not_date_a_partys_exposure(legal):
    # tanker-spill-liability at seed 0: the charter party of February 25 caps the charterer's indemnity at USD 20,000,000
    # per incident; 'Ostrander's maximum exposure' is first given as such in counsel's read of April 7. The key said
    # February 25 and 49 days
    world, told = legal
    task = told["told-energy_exposure"]
    assert "February 25, 2026" not in task.solution.answer, task.solution.answer
    answer = task.solution.answer
    assert "first appears in the room on April 7, 2026" in answer, answer
    # the days counted from that first appearance to the day the client had it (which mail first tells the client
    # follows the example's thread points)
    received = dt.datetime.strptime(re.search(r"on (\w+ \d+, \d{4}), from", answer).group(1), "%B %d, %Y").date()
    assert answer.endswith(f"Answer: {(received - dt.date(2026, 4, 7)).days} days"), answer


def test_the_organisation_that_sends_a_figure_was_not_given_it():
    # aircraft-redelivery at seed 0: the technical consultants (Aldergrove) mailed the lessee, copying the lessor, their
    # interim audit's USD 520,000; the as-of key asked what Aldergrove 'had been given' by March 24 (it wrote it)
    from types import SimpleNamespace as NS

    from worldsmith.environments.graph_tasks import given_by

    world = NS(plan=NS(organisations=[NS(id="kestrel")]))
    org_of = {"w@aldergrove": "aldergrove", "b@brightwing": "brightwing", "c@corrib": "corrib", "k@kestrel": "kestrel",
              "x@aldergrove": "aldergrove"}
    mail = NS(sender="w@aldergrove", to=["b@brightwing"], cc=["c@corrib", "x@aldergrove", "k@kestrel"])
    assert given_by(world, mail, org_of) == {"brightwing", "corrib"}

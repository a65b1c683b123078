"""A company's board is chaired by its chair, never by its chief executive, finance director, secretary or counsel
(blind read 33: a Danish A/S's board minutes with the adm. direktør in the chair; emoney's 'Minutes of the board of
Corrane Pay DAC' with its CEO 'in the chair', covenant-breach's board call chaired by the CFO)."""

from __future__ import annotations

import re

import pytest

from worldsmith.generators.compose.substance.common import chair
from worldsmith.generators.context import build_context
from worldsmith.generators.kinds.document.compose import compose_document
from tests.generators.planned import planned

_MANAGEMENT = re.compile(r"(?i)chief|officer|managing director|direkt|counsel|secretary|partner|associate")


def _minutes(fixture: str, needle: str, seed: int = 0, titles: dict[str, str] | None = None, locale: str = ""):
    plan, taxonomy = planned(fixture, seed)
    for p in plan.people:
        if p.id in (titles or {}):
            p.title = titles[p.id]
    spec = next(a for a in plan.artifacts if a.kind == "document" and needle in a.title)
    spec.cites = []
    ctx = build_context(plan, taxonomy, spec, {})
    if locale:
        ctx = ctx.model_copy(update={"locale": locale})
    doc = compose_document(ctx)
    return plan, ctx, "\n".join(p for s in doc.sections for p in s.paragraphs)


@pytest.mark.parametrize("fixture,needle", [("emoney-data-breach-dpc-inquiry", "Minutes of the board"),
                                            ("covenant-breach", "Minutes: Board call")])
def test_no_officer_of_management_or_adviser_chairs_a_board(fixture, needle):
    _, ctx, text = _minutes(fixture, needle)
    head = chair(ctx)
    assert not _MANAGEMENT.search(head.title), head
    for p in ctx.cast:
        if _MANAGEMENT.search(p.title):
            assert not re.search(rf"{re.escape(p.name)} \([^)]*\),? in the chair|{re.escape(p.name)} chaired", text), p
    assert re.search(r"\bin the chair\b", text)


def test_the_chair_of_the_board_in_the_cast_chairs_it_under_the_matters_own_titles():
    # a Danish A/S: the adm. direktør attends for management; the bestyrelsesformand chairs, present or not on the list
    plan, ctx, text = _minutes("emoney-data-breach-dpc-inquiry", "Minutes of the board",
                               titles={"ceo": "Administrerende direktør", "dpo": "Bestyrelsesformand"})
    head = chair(ctx)
    assert head.id == "dpo"
    assert f"{head.name} (Bestyrelsesformand), in the chair" in text
    ceo = next(p for p in plan.people if p.id == "ceo")
    assert f"{ceo.name} (Administrerende direktør), in the chair" not in text


def test_board_minutes_close_for_signature_by_the_chair_or_in_denmark_by_every_director_present():
    # (the chair signs a correct record; under the Danish companies act every director present signs the minutes)
    _, ctx, text = _minutes("emoney-data-breach-dpc-inquiry", "Minutes of the board")
    close = text.split("Signed as a correct record, chair of the meeting:", 1)[1]
    assert "Title: Chair of the board" in close and "Chief Executive Officer" not in close, close
    plan, ctx, text = _minutes("emoney-data-breach-dpc-inquiry", "Minutes of the board", locale="da_DK",
                               titles={"ceo": "Administrerende direktør", "dpo": "Bestyrelsesformand"})
    close = text.split("Signed by the members of the board present:", 1)[1]
    names = {p.id: p.name for p in plan.people}
    assert f"Name: {names['dpo']}\nTitle: Bestyrelsesformand" in close, close
    assert f"Name: {names['ceo']}\nTitle: Administrerende direktør" in close, close
    assert names["general_counsel"] not in close and names["partner"] not in close, close

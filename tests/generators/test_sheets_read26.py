"""What the blind read 26 rejected in sheets, on three outlines nobody had seen (now tests/fixtures/): a 'schedule' of
figures laid out as a milestone tracker, and sheets sourced to a stock system ('client records', 'the general ledger',
'the finance system's reports') the matter does not have."""

from __future__ import annotations

import functools
from pathlib import Path

from worldsmith.generators.compose.bank import bank
from worldsmith.generators.context import build_context
from worldsmith.generators.kinds.spreadsheet.compose import compose_sheet
from worldsmith.generators.planner import plan_world
from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
from worldsmith.worlds.outline import load_outline

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@functools.cache
def _sheets(name: str, seed: int) -> list:
    """(spec, context, content) of every sheet of a fixture planned at seed, each composed alone (no world made)."""
    outline = load_outline(FIXTURES / f"{name}.yaml")
    taxonomy = load_taxonomy()
    plan = plan_world(outline, resolve_cast(outline, taxonomy), seed, "w")
    out = []
    for spec in (a for a in plan.artifacts if a.kind == "spreadsheet"):
        ctx = build_context(plan, taxonomy, spec, {})
        out.append((spec, ctx, compose_sheet(ctx)))
    return out


def test_a_schedule_of_figures_is_not_a_milestone_tracker():
    """office-rent-review (read 26): 'Titled "Comparable evidence schedule" but it is a milestone tracker with no
    comparables. It has an unexplained "Amount 50" against the area'. A schedule whose title names no dates and
    whose facts are figures holds those figures, each with its basis, and nothing else."""
    seen = 0
    for seed in (191, 61):
        for spec, ctx, sheet in _sheets("office-rent-review", seed):
            if "comparable" not in spec.title.lower() or spec.skeleton is not None:
                continue
            seen += 1
            names = [c.name for c in sheet.columns]
            assert "Milestone" not in names and "Status" not in names and "Owner" not in names, names
            assert len(sheet.rows) == len(ctx.facts), sheet.rows
            numbers = sorted(x for row in sheet.rows for x in row if isinstance(x, (int, float)))
            assert numbers == sorted(float(f.value.amount if hasattr(f.value, "amount") else f.value.value)
                                     for f in ctx.facts), (numbers, sheet.rows)
    assert seen


_STOCK = ("client records", "general ledger", "finance system", "management information", "finance team's records",
          "working papers", "the matter file", "the client's papers", "management accounts")


def test_a_sheet_names_no_stock_system_as_its_source():
    """office-rent-review and demurrage-arbitration (read 26): 'The "measured survey" is one line, "compiled ... from
    client records"', 'A measured survey "prepared by [the landlord's Head of Lease Advisory] from the finance
    system's reports" is not a survey', 'An owners' laytime statement ... sourced to "the general ledger"'. A note
    names the papers that set the sheet's figures out, or no source where the sheet is their first record."""
    # every stock source the bank has is looked for
    assert all(any(w in x for w in _STOCK) for x in [*bank("sheets")["sources"], *bank("sheets")["client_sources"]])
    seen = 0
    for name in ("office-rent-review", "demurrage-arbitration", "patent-royalty-audit"):
        for seed in (191, 61):
            for spec, _, sheet in _sheets(name, seed):
                seen += 1
                for note in sheet.notes:
                    assert not [w for w in _STOCK if w in note.lower()], (name, seed, spec.title, note)
    assert seen >= 12


def test_a_sheet_without_totals_does_not_say_its_totals_are_formulas():
    """patent-royalty-audit and office-rent-review (read 26): 'The footnote "Totals are formulas." is false because
    the sheet has no totals or formulas'."""
    for name in ("office-rent-review", "demurrage-arbitration", "patent-royalty-audit"):
        for seed in (191, 61):
            for spec, _, sheet in _sheets(name, seed):
                if spec.skeleton is None and not any(c.total for c in sheet.columns):
                    assert "Totals are formulas." not in sheet.notes, (name, seed, spec.title)

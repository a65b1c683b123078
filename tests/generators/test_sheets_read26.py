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


def test_a_sheet_titled_for_a_threshold_tests_the_ratio_against_the_limit():
    """patent-royalty-audit (read 26): 'The title promises a "fee threshold", but there is no test of 8.7% against 5%,
    and the USD 64,800 fees are added without the test that triggers them.' The ledger's limit (a percent of one
    figure the sheet carries, of another it carries) is laid out, the share computed by a live formula over their
    lines, and the margin says whether the test is met."""
    from worldsmith.generators.kinds.spreadsheet.render import skeleton_formulas

    seen = 0
    for seed in (191, 61):
        for spec, ctx, sheet in _sheets("patent-royalty-audit", seed):
            if "threshold" not in spec.title.lower():
                continue
            seen += 1
            sk = spec.skeleton
            limit = next(ln for ln in sk.lines if ln.role == "input" and ln.format == "percent"
                         and "threshold" in str(ln.cells[sk.label]).lower())
            share = next(ln for ln in sk.lines if ln.role == "derived" and ln.format == "percent" and ln.fact is None
                         and " as a share of " in str(ln.cells[sk.label]))
            import re

            a, b = (int(x) for x in re.fullmatch(r"\{(\d+)\}/\{(\d+)\}", share.formula).groups())
            measured, base = sk.lines[a], sk.lines[b]
            assert measured.fact and base.fact and measured.format == base.format == "money"
            words = str(share.cells[sk.label]).lower().split(" as a share of ")
            assert [words[0], words[1]] == [str(measured.cells[sk.label]).lower(), str(base.cells[sk.label]).lower()]
            assert abs(share.cells[sk.amount] - measured.cells[sk.amount] / base.cells[sk.amount]) < 1e-9
            assert limit.cells[sk.amount] == 0.05 and share.cells[sk.amount] > 0.05
            margin = sk.lines[sk.lines.index(share) + 1]
            assert "test is met" in str(margin.cells[sk.amount + 1]), margin
            # and says what meeting it decides, in the limit's own words
            assert str(margin.cells[sk.amount + 1]).endswith(", so the licensee bears the audit fees"), margin
            # before the figures the test triggers and the total they go into
            assert sk.lines.index(margin) < sk.bottom, (sk.lines.index(margin), sk.bottom)
            formulas = skeleton_formulas(sk)
            assert any("/" in f for f, _ in formulas.values())
    assert seen == 2


def test_a_sheet_of_no_money_names_no_currency():
    """office-rent-review at seed 61 (my read): the measured survey, square feet only in a sterling matter, noted
    'Currency: USD.'"""
    from worldsmith.worlds.values import Money

    seen = 0
    for name in ("office-rent-review", "demurrage-arbitration", "patent-royalty-audit"):
        for seed in (191, 61):
            for spec, ctx, sheet in _sheets(name, seed):
                if not any(isinstance(f.value, Money) for f in ctx.facts):
                    seen += 1
                    assert not [n for n in sheet.notes if n.startswith(("Currency:", "Amounts unaudited"))], sheet.notes
    assert seen


def test_a_bare_figures_money_column_names_its_currency():
    """office-rent-review at seed 61 (my read): the comparables' rents per square foot stood under a bare 'Amount' in
    a sterling matter, with no note of the currency."""
    seen = 0
    for seed in (191, 61):
        for spec, ctx, sheet in _sheets("office-rent-review", seed):
            if "comparable" in spec.title.lower():
                seen += 1
                assert [c.name for c in sheet.columns if c.type == "money"] == ["Amount (GBP)"], sheet.columns
    assert seen

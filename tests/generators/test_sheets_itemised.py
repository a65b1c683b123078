"""Lists that hold their items (blind read 31: 'a checklist listing no documents', 'a conditions-precedent tracker with
no conditions', 'a banking-days timeline counting no banking days'): a sheet titled as a list of a kind holds a row per
item of that kind the plan has on its day (ctx.kind_items), and says so in a line where the plan has none."""

from __future__ import annotations

import asyncio
import datetime as dt

from tests.generators.planned import planned
from worldsmith.generators.backends.offline import OfflineBackend
from worldsmith.generators.context import build_context
from worldsmith.generators.itemised import kind_items
from worldsmith.worlds.content import SheetContent

_FIXTURE = "solar-farm-project-finance"


def _sheet(plan, taxonomy, spec) -> SheetContent:
    return asyncio.run(OfflineBackend().generate(build_context(plan, taxonomy, spec, {}), SheetContent))


def _checklist(plan):
    return next(a for a in plan.artifacts if a.kind == "spreadsheet" and a.title.startswith("Conditions precedent"))


def test_a_conditions_list_holds_the_plans_dated_steps_and_no_stock_rows():
    plan, taxonomy = planned(_FIXTURE, 0)
    spec = _checklist(plan)
    items = kind_items(plan, spec)
    assert items, "the plan's dated steps are the list's items"
    sheet = _sheet(plan, taxonomy, spec)
    labels = [str(r[1]).lower() for r in sheet.rows]
    for item in items:
        assert any(item.name.lower() in s for s in labels), (item.name, labels)
    facts = [f for f in plan.facts if f.id in spec.facts]
    # every row is an item or carries a figure of the ledger: no stock request ('Defects list', 'RFI log')
    for row in sheet.rows:
        cells = " ".join(str(c) for c in row if c is not None).lower()
        assert any(i.name.lower() in cells for i in items) or any(f.text.lower() in cells or
                                                                   (f.label or "").lower().removeprefix("the ") in cells
                                                                   for f in facts), row


def test_a_business_days_timeline_counts_the_locales_business_days():
    plan, taxonomy = planned(_FIXTURE, 0)
    dates = sorted((f for f in plan.facts if f.value.type == "date"), key=lambda f: f.value.value)
    first, last = dates[0], next(f for f in dates[1:] if 7 < (f.value.value - dates[0].value.value).days <= 62)
    spec = _checklist(plan).model_copy(update={"title": f"Timeline: business days from the {first.label}",
                                               "facts": [first.id, last.id], "date": last.value.value})
    items = kind_items(plan, spec)
    counted = [i for i in items if i.count is not None]
    assert counted and [i.count for i in counted] == list(range(1, len(counted) + 1))
    assert all(i.day.weekday() < 5 for i in counted)
    assert all(i.count is None for i in items if i.day.weekday() >= 5)
    sheet = _sheet(plan, taxonomy, spec)
    head = [c.name for c in sheet.columns]
    assert "Business day" in head
    days = [r[head.index("Business day")] for r in sheet.rows if r[head.index("Business day")] is not None]
    assert days == [i.count for i in counted]


def test_a_list_of_a_kind_the_plan_has_none_of_says_so():
    plan, taxonomy = planned(_FIXTURE, 0)
    spec = _checklist(plan).model_copy(update={"title": "Notice register", "date": plan.window_start})
    assert kind_items(plan, spec) == []
    sheet = _sheet(plan, taxonomy, spec)
    assert any(n.startswith("The room holds no copy of a notice") and "none is listed" in n for n in sheet.notes), \
        sheet.notes


def test_a_document_titled_as_an_index_tables_the_rooms_papers_of_its_day():
    from worldsmith.worlds.content import DocumentContent

    plan, taxonomy = planned(_FIXTURE, 0)
    spec = max((a for a in plan.artifacts if a.kind == "document"), key=lambda a: a.date)
    spec = spec.model_copy(update={"title": "Closing bundle: document index", "cites": []})
    items = kind_items(plan, spec)
    assert items and all(i.day <= spec.date for i in items)
    doc = asyncio.run(OfflineBackend().generate(build_context(plan, taxonomy, spec, {}), DocumentContent))
    tables = [s.table for s in doc.sections if s.table is not None and s.table.columns[0] == "Item"]
    assert tables and [r[0] for r in tables[0].rows] == [i.name for i in items]


def test_a_sheet_of_the_engines_lines_keeps_its_items_when_laid_over_them():
    from worldsmith.generators.skeleton import impose

    plan, taxonomy = planned(_FIXTURE, 0)
    spec = max((a for a in plan.artifacts if a.kind == "spreadsheet" and a.skeleton is not None), key=lambda a: a.date)
    spec = spec.model_copy(update={"title": "Closing bundle: document index", "cites": []} if hasattr(spec, "cites")
                           else {"title": "Closing bundle: document index"})
    items = kind_items(plan, spec)
    assert items
    laid = impose(spec.skeleton, _sheet(plan, taxonomy, spec))
    assert [r[0] for r in laid.rows[len(spec.skeleton.lines):]] == [i.name for i in items]
    assert all(not isinstance(c, (int, float)) for r in laid.rows[len(spec.skeleton.lines):] for c in r)


def test_a_tracker_lists_a_paper_once_not_again_as_the_event_of_its_day():
    """Blind read 32: 'the termination notice is listed twice' (a 'Termination notice' row of the ledger's date, then
    the room's 'Notice of termination under clause 15.2' of the same day). Before: both rows; a row of another act on
    that day stays."""
    from types import SimpleNamespace

    from worldsmith.generators.itemised import KindItem
    from worldsmith.generators.kinds.spreadsheet.items import with_items
    from worldsmith.worlds.content import SheetColumn, SheetContent

    sheet = SheetContent(title="Notice tracker", sheet_name="Notices", currency="EUR",
                         columns=[SheetColumn(name="Item", type="text"), SheetColumn(name="Owner", type="text"),
                                  SheetColumn(name="Due", type="date")],
                         rows=[["Termination notice", "A. Associate", "2026-02-16"],
                               ["Site handover", None, "2026-02-16"]], notes=[])
    ctx = SimpleNamespace(kind_items=[KindItem(name="Notice of termination under clause 15.2",
                                               day=dt.date(2026, 2, 16), by="Employer Ltd", status="on file")],
                          spec=SimpleNamespace(title="Notice tracker", date=dt.date(2026, 3, 11), skeleton=None),
                          facts=[], locale="en_GB")
    labels = [r[0] for r in with_items(sheet, ctx).rows]
    assert labels.count("Termination notice") == 0 and "Notice of termination under clause 15.2" in labels
    assert "Site handover" in labels


def test_a_conditions_list_lists_no_day_ahead_the_plan_does_not_give_it():
    # an unseen outline's conditions checklist, dated the day before an exclusivity expiry it was not given, listed
    # '<the expiry> ... due' with its day: no_later_event_mentioned quarantined the world. Each date fact of two matters
    # not given to the list, with the list dated the day before it: no row of it (a day ahead is the plan's to give)
    for fixture in (_FIXTURE, "aircraft-redelivery"):
        plan, taxonomy = planned(fixture, 0)
        spec = next(a for a in plan.artifacts if a.kind == "spreadsheet")
        spec.title = "Conditions checklist"
        tried = 0
        for f in (f for f in plan.facts if f.value.type == "date" and f.id not in spec.facts):
            spec.date = f.value.value - dt.timedelta(days=1)
            if f.on(spec.date) is None:
                continue  # (not known yet on that day: listed as outstanding, with no day)
            tried += 1
            items = kind_items(plan, spec)
            assert all(i.day is None or i.day <= spec.date or any(
                g.id in spec.facts and g.value.value == i.day for g in plan.facts if g.value.type == "date")
                for i in items), (f.id, items)
        assert tried, fixture

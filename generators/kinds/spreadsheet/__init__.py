"""The spreadsheet kind: a typed .xlsx with its CSV twin (schedules, trackers, models).

Its folder: this module (the prose a model writes, the planner step, the prompt's fields and KIND), compose.py
(the offline composer), render.py and look.py (the .xlsx and its look, the CSV twin), reader.py (the loader's
parsers and its tables), prompts/ and checks/ (the checks that read one sheet: totals, breakdowns, roll-ups,
formulas, the twin). Its outline item, spec and content stay in worlds/ (outline.py, plan.py, content.py):
documents cite sheets, attachments carry them and the domain bounds them, so they are shared. Drive serves it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from worldsmith.generators.context import file_context
from worldsmith.generators.kinds.prose import guard, usable
from worldsmith.generators.kinds.spreadsheet.compose import compose_sheet
from worldsmith.generators.kinds.spreadsheet.promise import promises, retitle
from worldsmith.generators.kinds.spreadsheet.reader import DDL, load_csv, load_xlsx, plan_sheet
from worldsmith.generators.kinds.spreadsheet.render import render_csv, render_xlsx, skeleton_formulas
from worldsmith.generators.prompts import people_line, skeleton_block
from worldsmith.generators.render.world import content_of, room_path, text_bytes, write_file
from worldsmith.worlds.content import SheetContent
from worldsmith.worlds.kinds import Kind
from worldsmith.worlds.outline import SpreadsheetItem
from worldsmith.worlds.plan import SheetSpec
from worldsmith.worlds.points import points_for_copy
from worldsmith.worlds.store.load import twin


def render(plan, spec, contents: dict, room: Path) -> list[Path]:
    """One file and its .csv twin, both made before either is written."""
    content = content_of(contents, spec.id, SheetContent)
    target = room_path(room, spec.path)
    main, twin_text = render_xlsx(plan, spec, content), text_bytes(render_csv(plan, spec, content))
    return [write_file(target, main), write_file(target.with_suffix(".csv"), twin_text)]


def plan_spreadsheet(planner, folder: str, item: Any, aid: str, day, title: str, facts: list[str],
                     distractor: str | None) -> None:
    """The planner step: an .xlsx of the room, titled for what its ledger lets its rows be (promise.retitle)."""
    by_id = {f.id: f for f in planner.outline.facts}
    title = retitle(title, [by_id[f] for f in facts if f in by_id], list(getattr(item, "points", None) or []))
    count = getattr(item, "count", 1) or 1
    tail = aid.rsplit("_", 1)[-1]
    index = int(tail) - 1 if count > 1 and tail.isdigit() else 0
    # a sheet made `count` times deals its points out in order, one copy after another (as a document does)
    points = points_for_copy(list(getattr(item, "points", None) or []), index, count,
                             getattr(planner, "_days", ()), planner.first_known.get)
    planner.add_file(folder, item, aid, day, title, facts, distractor, ext="xlsx",
                     make=lambda common: SheetSpec(**common, rows=item.rows, points=points,
                                                   rolls_up_to=getattr(item, "rolls_up_to", None)))


def sheet_fields(context) -> dict[str, Any]:
    """The spreadsheet template's own fields: with a skeleton, its fixed lines instead of free rows."""
    spec = context.spec
    sk = spec.skeleton
    if sk is None:
        return dict(readers=people_line(context.to), date=spec.date.isoformat(), rows=spec.rows, skeleton="")
    header = " | ".join(f"{c.name} ({c.type})" for c in sk.columns)
    # The lines themselves are in their own block (the context's spec.skeleton), once, before the file's facts, title
    # and day: a series' sheets most often lay out the same lines, which a server's prefix cache then holds once (the
    # block at the end of the prompt, after the file's own lines, was 1,000 to 2,000 of a schedule's uncached prompt
    # tokens every week, bench.llm_throughput). What the lines are and how to read them is said once, in the kind's
    # rules.
    text = f"\n# The sheet's lines, laid out by the engine\nColumns: {header}.\n{skeleton_block(context)}\n"
    return dict(readers=people_line(context.to), date=spec.date.isoformat(), rows=len(sk.lines), skeleton=text)


def from_proposal(proposed, common: dict) -> SpreadsheetItem:
    """A sheet a model proposed while expanding the outline."""
    return SpreadsheetItem(kind="spreadsheet", rows=proposed.rows, **common)


def plan_row(a, zone, add) -> dict:
    """A sheet's columns of artifacts, and its skeleton's lines into sheet_lines."""
    sk = a.skeleton
    if sk is not None:
        formulas = skeleton_formulas(sk)
        for n, line in enumerate(sk.lines):
            amount = line.cells[sk.amount] if sk.amount < len(line.cells) else None
            add("sheet_lines", artifact_id=a.id, line=n, row=n + 2, col=sk.amount + 1, label_col=sk.label + 1,
                role=line.role, fact_id=line.fact, formula=formulas.get((n + 2, sk.amount + 1), (None,))[0],
                value_num=amount if isinstance(amount, (int, float)) else None, bottom=sk.bottom == n,
                rolls_up_to=a.rolls_up_to)
    for promise, what, word in promises(a.title):
        add("sheet_promises", artifact_id=a.id, promise=promise, what=what, word=word)
    return plan_sheet(a, zone, add)


# A fact is in a sheet when a cell holds its value: a number within half a cent, a date, or its text.
FACT_SQL = """
select e.artifact_id, e.fact_id, exists (
    select 1 from cells x
    where x.artifact_id = e.artifact_id and (
        (e.value_num is not null and x.value_num is not null and (
            abs(x.value_num - e.value_num) <= 0.005
            -- a percent cell holds the fraction (0.075) and shows 7.5%
            or (e.type = 'percent' and abs(x.value_num * 100 - e.value_num) <= 0.005)))
        or (e.value_date is not null and x.value_date = e.value_date)
        or (x.value_type = 'text' and contains(squash(x.value_text), squash(e.text))))) as found
from expected e
where e.kind = 'spreadsheet' and e.artifact_id in (select artifact_id from sheets where artifact_id is not null)
"""

class SheetProse(BaseModel):
    """What the author writes on a sheet: the notes under it. Its title, columns, lines, amounts, formulas and
    currency are the engine's, laid out from the ledger."""

    model_config = ConfigDict(extra="forbid")
    notes: list[Annotated[str, Field(min_length=1, max_length=1000)]] = Field(
        min_length=1, max_length=4, description="one to three short notes: who prepared it, from what, what to watch")


def merge(ctx, prose: SheetProse) -> tuple[SheetContent, list[str]]:
    """The composed sheet with the author's notes (a distractor's status note stays first)."""
    notes: list[str] = []
    base = compose_sheet(ctx)
    written = [n for n in (guard(x, ctx, notes) for x in prose.notes) if usable(n)]
    if not written:
        notes.append("no usable notes: the composer's")
        return base, notes
    status = base.notes[:1] if ctx.distractor_label else []
    return base.model_copy(update={"notes": status + written}), notes


def prose_of(ctx, content: SheetContent) -> SheetProse:
    """The author's notes on a sheet (a distractor's status note is the engine's)."""
    notes = content.notes[1:] if ctx.distractor_label else content.notes
    return SheetProse(notes=notes or ["Prepared from the working files."])


KIND = Kind(
    name="spreadsheet",
    app="drive",  # served by worldsmith.environments.drive
    item=SpreadsheetItem,
    spec=SheetSpec,
    content=SheetContent,
    plan_row=plan_row,
    ddl=DDL,
    files=lambda spec: [(spec.path, "artifact"), (twin(spec.path, ".csv"), "twin")],
    parsers={"xlsx": load_xlsx, "csv": load_csv},
    # What a reader sees: the text cells, with the workbook's title and description.
    text_sql="""
select w.artifact_id, w.path, 'spreadsheet' as kind, concat_ws(chr(10), w.title, w.description, c.text) as text
from workbooks w
left join (select path, string_agg(value_text, chr(10) order by sheet_name, row, col) as text
           from cells where value_type = 'text' group by path) c on c.path = w.path""",
    fact_sql=FACT_SQL,
    fact_place="any cell of the sheet",
    plan=plan_spreadsheet,
    context=file_context,
    compose=compose_sheet,
    prompt="spreadsheet",
    prompt_fields=sheet_fields,
    prose=SheetProse,
    merge=merge,
    prose_of=prose_of,
    render=render,
    from_proposal=from_proposal,
    checks=Path(__file__).with_name("checks"),
    prompts=Path(__file__).with_name("prompts"),
)

"""Workbook deliverables: a what-if computation filed as a .xlsx whose result is a formula over its input rows.

The banker's or auditor's version of a what-if: one row per figure the result is computed from (as the room
states it, with the file that states it), the changed input as supposed, and the result and each step between
as formulas over those rows. Graded on the file the drive app wrote: every input and the result present (a
formula counts as the value it evaluates to), the result computed by a formula over at least two cells, the
sources cited, and no figure the ledger, the changed input or the working does not hold.
"""

from __future__ import annotations

import ast
from pathlib import PurePosixPath

from worldsmith.environments.graph_tasks import (Graph, _content_words, _distractor_negatives, _inputs_reference, _num,
                                                 moved, shown, swap_negatives, universal, what_if_candidates,
                                                 what_if_values)
from worldsmith.environments.tasks import Action, Check, Criterion, Needs, Rubric, Solution, Task, label_of, the
from worldsmith.worlds.ledger import parse_formula

_OPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/"}
_FUNCS = {"max": "MAX", "min": "MIN", "abs": "ABS", "round": "ROUND", "sum": "SUM"}


def excel(node: ast.expr, row_of: dict[str, int]) -> str:
    """A ledger formula as an Excel formula over the rows that hold its names (B column)."""
    if isinstance(node, ast.Name):
        return f"B{row_of[node.id]}"
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
        return repr(node.value)
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        return f"({excel(node.left, row_of)}{_OPS[type(node.op)]}{excel(node.right, row_of)})"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        args = [excel(a, row_of) for a in node.args]
        if node.func.id == "percent_of":
            return f"({args[0]}/100*{args[1]})"
        if node.func.id in _FUNCS:
            return f"{_FUNCS[node.func.id]}({','.join(args)})"
    raise ValueError(f"no Excel form for {ast.dump(node)[:60]}")


def _cell(value: str) -> str:
    return '"' + value.replace('"', '""') + '"' if any(c in value for c in ',"\n') else value


def _plain(q) -> str:
    """A figure as a sheet cell holds it: a plain number (35 for 35%), no currency."""
    text = f"{q.amount:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def _source_names(graph: Graph, fid: str) -> list[str]:
    """How a sheet may name a file that states a fact's figure now: the path, its twin's (.csv of a .xlsx, .md of a
    .docx), its name of two words or more ('Extrapolation workbook') and a mail's thread; of every file whose text or
    cells hold the figure, a superseded draft's aside (kit7: right sheets citing the damages schedule, which holds
    the figure, for an input the ledger establishes in a weekly mail scored 0.9)."""
    q = graph.quantities.get(fid)
    paths = {p for p, _ in graph.carriers.get(fid, [])}
    if q is not None:
        text = shown(q)
        forms = {text, text.split(" ", 1)[-1]} if q.kind == "money" else {text}
        for form in (f for f in forms if len(f) >= 4):
            paths |= {r[0] for r in graph.world.db.execute(
                "select path from artifact_text where contains(text, ?)", [form]).fetchall()}
        paths |= {r[0] for r in graph.world.db.execute("select distinct path from cells where value_num = ?",
                                                       [_num(q)]).fetchall()}
    out = []
    gone = _superseded_paths(graph)
    live = {a.path for a in graph.world.plan.artifacts if not a.distractor}
    for path in sorted(paths):
        p = PurePosixPath(path)
        # a superseded draft, or its cover mail; a paper whose genre is a draft and that the matter still stands on
        # (an auditor's 'Draft audit report' of the figures questioned now) is a source (grant-audit at seed 61)
        if path in gone or any(part.lower().startswith("superseded") for part in p.parts) or (
                path not in live and any(part.lower().startswith("draft") for part in p.parts)):
            continue
        out.append(path)
        twin = {".xlsx": ".csv", ".docx": ".md"}.get(p.suffix.lower())
        if twin:
            out.append(str(p.with_suffix(twin)))
        if p.suffix.lower() == ".eml":
            out.append(p.parent.name)  # the thread's subject
        elif twin and len(p.stem.split()) >= 2:
            out.append(p.stem)
    return out


def _superseded_paths(graph: Graph) -> set[str]:
    """The room's superseded drafts (the plan's distractors' papers) and the mails that attach them."""
    arts = graph.world.plan.artifacts
    drafts = {a.id for a in arts if a.distractor}
    return {a.path for a in arts if a.id in drafts
            or any(getattr(x, "artifact", None) in drafts for x in getattr(a, "attachments", None) or [])}


def row_source(graph: Graph, fid: str) -> str:
    """The file a reference sheet's row names for a fact's figure: an establishing file that states the figure now,
    else the first file that does. The first to establish a fact may give its earlier figure (aircraft-redelivery at
    seed 61: the interim records audit's USD 520,000 cited for the final USD 348,000, and the reference sheet scored
    0.93 against its own cites_sources)."""
    paths = {a.id: a.path for a in graph.world.plan.artifacts}
    now = _source_names(graph, fid)
    ids = graph.world.plan.establishing(fid)
    return (next((paths[i] for i in ids if paths.get(i) in now), None) or next(iter(now), "")
            or (paths.get(ids[0], "") if ids else ""))


def sheet_tasks(graph: Graph, skip_tops: set[str] = frozenset(),
                asked: set[tuple[str, str]] = frozenset()) -> list[Task]:
    """One workbook task: the widest what-if whose top no what-if answer task already asks, else the widest input
    change not yet asked; one whose inputs sit in one file only when no other is (a workbook copied from one sheet is
    a warm-up, not a task)."""
    candidates = [c for c in what_if_candidates(graph) if c[5].kind != "date" and c[6].kind != "date"]
    wide = [c for c in candidates if c[0] >= 2]
    fresh = ([c for c in wide if c[3] not in skip_tops] or [c for c in wide if (c[3], c[4]) not in asked]
             or [c for c in candidates if c[3] not in skip_tops] or candidates)
    for _, _, _, top_id, leaf, changed, result, chain, needed, files, apps in fresh:
        task = _sheet_task(graph, top_id, leaf, changed, result, chain, needed, files, apps)
        if task is not None:
            return [task]
    return []


def _sheet_task(graph: Graph, top_id, leaf, changed, result, chain, needed, files, apps) -> Task | None:
    world = graph.world
    top, leaf_fact = graph.fact(top_id), graph.fact(leaf)
    values = what_if_values(graph, leaf, changed)
    steps = [f for f in reversed(chain)]  # the innermost step first, the top last
    inputs = [f for f in needed if graph.quantities.get(f) is not None]
    if any(graph.quantities[f].kind == "date" for f in inputs) or any(values.get(f) is None for f in steps):
        return None
    rows = [["Item", "Figure", "Source"], [f"{label_of(leaf_fact)} (as supposed)", _plain(changed), "as supposed"]]
    rows += [[label_of(graph.fact(f)), _plain(graph.quantities[f]), row_source(graph, f)] for f in inputs]
    row_of = {leaf: 2, **{f: i + 3 for i, f in enumerate(inputs)}}
    try:
        for f in steps:
            row_of[f] = len(rows) + 1
            rows.append([label_of(graph.fact(f)), "=" + excel(parse_formula(graph.fact(f).formula), row_of),
                         "computed"])
    except (ValueError, KeyError):
        return None
    csv_text = "\n".join(",".join(_cell(c) for c in row) for row in rows) + "\n"
    home = [p for p in world.plan.people if p.organisation == world.plan.organisations[0].id]
    sheets = [a for a in world.artifacts_of("spreadsheet") if set(a.facts) & {top_id, *inputs}]
    folder = str(PurePosixPath(sheets[0].path).parent) if sheets else "Workpapers"
    path = f"{folder}/Sensitivity - {label_of(top)}.xlsx".replace("//", "/")
    cited = sorted({name for f in inputs for name in _source_names(graph, f)})
    criteria = [
        Criterion(id="result_in_sheet", weight=3.0, description=f"the sheet gives {shown(result)} for {the(top)}",
                  check=Check(type="file_mentions", path=path, values=[shown(result)], numbers=[_num(result)])),
        Criterion(id="result_by_formula", weight=2.0,
                  description=f"{the(top, capital=True)} is a formula over the input rows that comes to {shown(result)}",
                  # (b_words: the other rows' labels; a row labelled as one of them is that figure's, even where it
                  # comes to the same sum: 'maximum stacking deduction' is no 'allowable stacking deduction' typed in
                  # beside it, where the lesser-of chose the cap)
                  check=Check(type="file_formula", path=path, values=[shown(result)], numbers=[_num(result)],
                              a_words=_content_words(label_of(top)),
                              b_words=[label_of(graph.fact(f)) for f in [*inputs, *steps] if f != top_id])),
        Criterion(id="changed_input", weight=1.0, description=f"the sheet holds {the(leaf_fact)} as supposed: "
                                                              f"{shown(changed)}",
                  # a percent as a cell holds it, 70 or 0.7, or written '70%' (kit8: four right workbooks held 0.7)
                  check=Check(type="file_states_any", path=path, values=[shown(changed), _plain(changed)],
                              numbers=[None, _num(changed)]) if changed.kind == "percent" else
                  Check(type="file_mentions", path=path, values=[shown(changed)], numbers=[_num(changed)])),
    ]
    criteria += [Criterion(id=f"input_{f}", weight=1.0, description=f"the sheet holds {the(graph.fact(f))} as the room "
                                                                     f"states it: {graph.fact(f).text}",
                           # a percent input as a cell holds it too, as the changed input is (kit19: the tolerance
                           # typed 0.02 or '2%', as the room's own workbook holds it, lost 0.11 on five right sheets)
                           check=Check(type="file_states_any", path=path,
                                       values=[graph.fact(f).text, _plain(graph.quantities[f])],
                                       numbers=[None, _num(graph.quantities[f])])
                           if graph.quantities[f].kind == "percent" else
                           Check(type="file_mentions", path=path, values=[graph.fact(f).text],
                                 numbers=[_num(graph.quantities[f])]))
                 for f in inputs]
    criteria.append(Criterion(id="header_row", weight=1.0, description="the sheet opens with its header row (Item, "
                                                                        "Figure, Source)",
                              check=Check(type="file_header", path=path, values=["Item", "Figure", "Source"])))
    if cited:
        criteria.append(Criterion(id="cites_sources", weight=1.0, description="each input row names the file it comes "
                                                                             "from", check=Check(
            type="file_mentions_any", path=path, values=cited)))
    # every figure the ledger gives under the supposition is working too: a row for a figure further down the chain
    # ('Contribution demand (for reference) = B5*B6' on the supposed total; kit7 scored that right sheet 0.4)
    allowed = sorted({_num(q) for q in graph.quantities.values() if q is not None}
                     | {_num(q) for q in values.values() if q is not None and q.kind != "date"} | {_num(changed)}
                     # a rate as a sheet holds it, a fraction (0.35 for 35%)
                     | {float(q.amount) / 100 for q in [*graph.quantities.values(), *values.values(), changed]
                        if q is not None and q.kind == "percent"})
    negatives = [Criterion(id="sheet_unledgered_figure", weight=2.0,
                           description="the sheet holds an amount neither the ledger, the change nor the working has",
                           check=Check(type="file_unledgered", path=path, allowed=allowed,
                                       unit=result.currency if result.kind == "money" else None))]
    # the result given on two rows with two figures is a hedge: either reading scores (kit23, blind: 'Claim without the
    # limit, =B2+3850' beside 'Claim without the limit, =B2+B3', and a low case beside a high case, scored 1.0)
    # (a row of a longer label that holds the result's words is another figure's row: 'late refund interest rate, 5'
    # is no second 'late refund interest', and the reference sheet scored 0.73 and was refused on four unseen
    # outlines at seed 61)
    own = _content_words(label_of(top))
    longer = sorted({w for f in graph.world.plan.facts if f.id != top_id
                     for w in _content_words(label_of(f)) if set(own) < set(_content_words(label_of(f)))} - set(own))
    negatives.append(Criterion(id="result_twice", weight=3.0,
                               description=f"gives {the(top)} on two rows with different figures",
                               check=Check(type="file_two_values", path=path, a_words=own, b_words=longer)))
    negatives += _distractor_negatives(graph, [top_id, *chain, *inputs], "file_asserts", path=path)
    # an input's row holding another input's figure
    negatives += [c.model_copy(update={"check": c.check.model_copy(update={"type": moved(c.check.type, "file"),
                                                                           "path": path})})
                  for c in swap_negatives(graph, inputs)]
    lead = home[0].name if home else "the team"
    formula_rows = " and ".join(the(graph.fact(f)) for f in steps)
    return Task(
        id=f"sheet-{top_id}-{leaf}", world_id=world.world_id, kind="sheet", tags=["deliverable", "compute",
                                                                                     "multi_hop"],
        instruction=(f"In the data room of {world.plan.title}, {lead} wants a workbook showing what {the(top)} would be "
                     f"if {the(leaf_fact)} were {shown(changed)} instead of the figure the room gives, every other "
                     f"figure as the data room states it now. File it on the drive as \"{path}\" with "
                     f"drive_create_sheet: a header row (Item, Figure, Source); one row per figure it is computed from, "
                     f"the figure as a plain number and the file that states it; then {formula_rows} as formulas over "
                     f"the rows above (e.g. =B2*B3). Make no other new files."),
        needs=Needs(files=files, facts=[*inputs, leaf, top_id], apps=sorted({"drive", *apps})),
        reference=_inputs_reference(csv_text, [*inputs, leaf]),
        rubric=Rubric(criteria=criteria, negative_criteria=negatives, universal_penalties=universal(graph, [path])),
        solution=Solution(actions=[Action(tool="drive_create_sheet", args={"path": path, "csv": csv_text})]))

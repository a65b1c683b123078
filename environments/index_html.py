"""index.html: a world to look at in one self-contained page (no scripts, no network).

The mailboxes with their threads, the drive as a tree with document and sheet previews, the section of
each kind's own app (chat, calendar) where present, the fact ledger with where each fact appears, the
tasks, and the validation report. Written beside plan.json when a world is published, and again (with the tasks) by
`worldsmith tasks WORLD` or `worldsmith index WORLD`; it is not one of the manifest's hashed files.
"""

from __future__ import annotations

import html
import os
import re
import uuid
from collections import defaultdict
from pathlib import Path

from worldsmith.environments import apps
from worldsmith.environments.drive import col_letters
from worldsmith.environments.tasks import TaskSet
from worldsmith.worlds.html_report import _CSS
from worldsmith.worlds.world import World

INDEX_HTML = "index.html"
PREVIEW_CHARS = 1500
PREVIEW_ROWS = 15
LEDGER_PLACES = 4  # files listed in full beside a fact; more fold away
MAX_THREADS = 300  # a world of a million messages still gives a page a browser opens

_MORE_CSS = """
nav{position:sticky;top:0;background:#1d232b;padding:8px 24px;z-index:2}
nav a{color:#fff;margin-right:18px;text-decoration:none;font-weight:600}
pre{white-space:pre-wrap;font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;margin:6px 0;
background:#fafbfc;border:1px solid #eef1f4;padding:6px}
.msg{border-top:1px solid #eef1f4;padding:6px 0}.meta{color:#5b6573;font-size:12px}
ul.tree{list-style:none;padding-left:16px;margin:4px 0}
.sheet td,.sheet th{font-size:12px;padding:2px 6px}
.tag{display:inline-block;font-size:11px;color:#fff;background:#5b6573;border-radius:3px;padding:0 5px}
"""


def _e(value: object) -> str:
    return html.escape("" if value is None else str(value), quote=True)


def _mail(world: World) -> str:
    people = {p.email: p for p in world.plan.people}
    rows = "".join(f"<tr><td>{_e(people[b.owner].name if b.owner in people else '')}</td><td><code>{_e(b.owner)}</code>"
                   f"</td><td class=num>{b.n_messages}</td><td><code>{_e(b.path)}</code></td></tr>"
                   for b in world.mailboxes)
    parts = [f"<h3>Mailboxes</h3><table><tr><th>person</th><th>address</th><th>messages</th><th>file</th></tr>"
             f"{rows}</table>"]
    threads = world.threads
    by_folder: dict[str, list] = defaultdict(list)
    for t in threads[:MAX_THREADS]:
        by_folder[t.folder].append(t)
    for folder, items in sorted(by_folder.items()):
        parts.append(f"<h3>{_e(folder)} ({len(items)} threads)</h3>")
        # as a mail client lists them: by date ('Weekly status - April 8' before '- April 15'), not by subject
        for t in sorted(items, key=lambda t: _when(t.messages[0])):
            msgs = "".join(
                f"<div class=msg><div class=meta>{_e(m.sent_at.strftime('%Y-%m-%d %H:%M') if m.sent_at else '')} "
                f"· from {_e(m.sender_name or m.sender)} &lt;{_e(m.sender)}&gt; · to {_e(', '.join(m.to))}"
                f"{' · cc ' + _e(', '.join(m.cc)) if m.cc else ''}</div><b>{_e(m.subject)}</b>"
                f"<pre>{_e(m.body_new.strip())}</pre></div>" for m in t.messages)
            first = t.messages[0].sent_at
            parts.append(f"<details><summary>{_e(t.subject)} <span class=meta>({len(t.messages)} messages"
                         f"{', from ' + first.strftime('%Y-%m-%d') if first else ''})</span>"
                         f"</summary>{msgs}</details>")
    if len(threads) > MAX_THREADS:
        parts.append(f"<p class=sub>and {len(threads) - MAX_THREADS} more threads (see room/).</p>")
    return "".join(parts)


def _when(m) -> str:
    return m.sent_at.isoformat() if m.sent_at else ""


def _natural(name: str) -> list:
    """A sort key that puts 'March 2' before 'March 10'."""
    return [int(part) if part.isdigit() else part.lower() for part in re.split(r"(\d+)", name)]


def _sheet_preview(world: World, path: str) -> str:
    rows = world.db.execute("""select sheet_name, row, col, coalesce(value_text, cast(value_num as varchar)), formula
                               from cells where path = ? and row <= ? order by sheet_name, row, col""",
                            [path, PREVIEW_ROWS]).fetchall()
    grids: dict[str, dict[tuple[int, int], str]] = defaultdict(dict)
    for sheet, r, c, text, formula in rows:
        grids[sheet][(r, c)] = f"{text or ''}{' = ' + formula if formula else ''}"
    out = []
    for sheet, cells in grids.items():
        n_rows = max(r for r, _ in cells)
        n_cols = max(c for _, c in cells)
        head = "".join(f"<th>{col_letters(c)}</th>" for c in range(1, n_cols + 1))
        body = "".join("<tr><th>" + str(r) + "</th>" + "".join(f"<td>{_e(cells.get((r, c), ''))}</td>"
                                                               for c in range(1, n_cols + 1)) + "</tr>"
                       for r in range(1, n_rows + 1))
        out.append(f"<div class=meta>sheet {_e(sheet)}</div><table class=sheet><tr><th></th>{head}</tr>{body}</table>")
    return "".join(out)


def _drive(world: World) -> str:
    docs = {d.path: d for d in world.documents}
    sheet_paths = {s.path for s in world.sheets}
    # mail and the kinds' own apps (calendars, chat exports) have sections of their own
    shown_elsewhere = apps.app_files(world)
    files = sorted(p.relative_to(world.room).as_posix() for p in world.room.rglob("*")
                   if p.is_file() and not p.relative_to(world.room).as_posix().startswith("Mailboxes/")
                   and p.suffix != ".eml" and p.relative_to(world.room).as_posix() not in shown_elsewhere)
    tree: dict = {}
    for rel in files:
        node = tree
        *folders, name = rel.split("/")
        for f in folders:
            node = node.setdefault(f + "/", {})
        node[name] = rel

    def twin_of(value: str) -> str | None:
        """The Markdown or CSV twin rendered beside a .docx or .xlsx (shown with it, not as a file of its own)."""
        stem, _, suffix = value.rpartition(".")
        twin = f"{stem}.{'md' if suffix == 'docx' else 'csv'}"
        return twin if suffix in ("docx", "xlsx") and twin in twins else None

    twins = set(files)
    shown_twins = {t for t in (twin_of(f) for f in files) if t}

    def render(node: dict) -> str:
        items = []
        for key in sorted(node, key=_natural):
            value = node[key]
            if isinstance(value, dict):
                items.append(f"<li><details open><summary><span class=tag>folder</span> {_e(key)}</summary>{render(value)}</details></li>")
                continue
            if value in shown_twins:
                continue
            twin = twin_of(value)
            also = f" <span class=meta>(+ {_e(twin.rsplit('.', 1)[1])} twin)</span>" if twin else ""
            if value in docs:
                text = docs[value].text
                preview = text[:PREVIEW_CHARS] + (" …" if len(text) > PREVIEW_CHARS else "")
                items.append(f"<li><details><summary><span class=tag>document</span> {_e(key)}{also}</summary><pre>{_e(preview)}</pre></details></li>")
            elif value in sheet_paths:
                items.append(f"<li><details><summary><span class=tag>sheet</span> {_e(key)}{also}</summary>{_sheet_preview(world, value)}</details></li>")
            else:
                items.append(f"<li class=meta>{_e(key)}</li>")  # another file (a twin without its original, an .ics)
        return "<ul class=tree>" + "".join(items) + "</ul>"

    return render(tree)


def _others(world: World) -> list[str]:
    """The page's sections after mail and drive: each kind's own app present in the world, and every other kind."""
    return sorted((world.kinds - apps.core_kinds()) | {a.name for a in apps.present_apps(world)})


def _other_kinds(world: World) -> str:
    own = {a.name: a for a in apps.present_apps(world)}
    parts = []
    for name in _others(world):
        section = own[name].section(world) if name in own else ""
        if section or name not in world.kinds:
            parts.append(section)
            continue
        parts.append(f"<h2 id={_e(name)}>{_e(name.capitalize())}</h2>")  # a kind with no section of its own: its files
        for a in world.artifacts_of(name):
            file = world.room / a.path
            text = file.read_text(encoding="utf-8", errors="replace")[:PREVIEW_CHARS] if file.is_file() else ""
            parts.append(f"<details><summary>{_e(a.title)} <code>{_e(a.path)}</code></summary><pre>{_e(text)}</pre>"
                         "</details>")
    return "".join(parts)


def _ledger(world: World) -> str:
    found: dict[str, list[tuple[str, bool]]] = defaultdict(list)
    for fact, path, ok in world.db.execute("""select m.fact_id, a.path, coalesce(m.found, false) from fact_mentions m
                                              join artifacts a on a.id = m.artifact_id
                                              where m.distractor is null order by a.path""").fetchall():
        found[fact].append((path, ok))
    rows = []
    for f in world.plan.facts:
        places = found.get(f.id, [])
        where = "<br>".join(f"<code>{_e(p)}</code>{'' if ok else ' <span class=out>(missing)</span>'}"
                            for p, ok in places)
        if len(places) > LEDGER_PLACES:  # a fact in forty files would fill screens: a count, the list on a click
            missing = sum(1 for _, ok in places if not ok)
            where = (f"<details><summary>{len(places)} files"
                     f"{f' <span class=out>({missing} missing)</span>' if missing else ''}</summary>{where}</details>")
        rows.append(f"<tr><td><code>{_e(f.id)}</code></td><td>{_e(getattr(f, 'label', '') or '')}</td>"
                    f"<td><b>{_e(f.text)}</b></td><td><code>{_e(getattr(f, 'formula', None) or '')}</code></td>"
                    f"<td>{_e(getattr(f, 'known_from', None) or '')}</td><td>{where}</td></tr>")
    distractors = "".join(f"<tr><td><code>{_e(d.fact)}</code></td><td><b>{_e(d.text)}</b></td><td>{_e(d.label)}</td></tr>"
                          for d in world.plan.distractors)
    return ("<table><tr><th>fact</th><th>label</th><th>value</th><th>formula</th><th>known from</th>"
            f"<th>where it appears</th></tr>{''.join(rows)}</table>"
            + (f"<h3>Labelled distractors</h3><table><tr><th>fact</th><th>wrong value</th><th>label</th></tr>"
               f"{distractors}</table>" if distractors else ""))


def _tasks(task_set: TaskSet | None) -> str:
    if task_set is None:
        return "<p class=sub>No tasks yet: run <code>worldsmith tasks WORLD</code>.</p>"
    rows = "".join(f"<tr><td><code>{_e(t.id)}</code></td><td>{_e(t.kind)}</td><td>{_e(t.instruction)}</td>"
                   f"<td><b>{_e(t.reference.answer)}</b></td></tr>" for t in task_set.tasks)
    refused = "".join(f"<tr><td><code>{_e(r['task'])}</code></td><td>{_e(r['reason'])}</td><td>{_e(r['detail'])}</td></tr>"
                      for r in task_set.refused)
    return (f"<table><tr><th>task</th><th>kind</th><th>instruction</th><th>reference answer</th></tr>{rows}</table>"
            + (f"<h3>Refused by the lint</h3><table>{refused}</table>" if refused else ""))


def _validation(world: World) -> str:
    report = world.validation
    if report is None:
        return "<p class=sub>Not validated.</p>"
    # what failed first; a check with nothing offending reads 'ok', not its severity in red
    checks = sorted(report.checks, key=lambda c: (c.count == 0, c.severity != "error", c.id))
    rows = "".join(f"<tr><td><code>{_e(c.id)}</code></td>"
                   + (f"<td class=sev-{c.severity}>{_e(c.severity)}</td>" if c.count else "<td class=ok>ok</td>")
                   + f"<td class=num>{c.count}</td><td>{_e(c.rows[0].detail if c.rows else '')}</td></tr>"
                   for c in checks)
    return (f"<p>verdict <span class='verdict {_e(report.verdict)}'>{_e(report.verdict)}</span> "
            f"({report.errors} errors, {report.warnings} warnings)</p>"
            f"<table><tr><th>check</th><th>status</th><th>offending</th><th>first problem</th></tr>{rows}</table>")


def render_index(world: World, task_set: TaskSet | None = None) -> str:
    """The page's HTML."""
    nav = "".join(f"<a href='#{k}'>{k.capitalize()}</a>"
                  for k in ["mail", "drive", *_others(world), "ledger", "tasks", "validation"])
    return (f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{_e(world.plan.title)}</title>"
            f"<style>{_CSS}{_MORE_CSS}</style></head><body><nav>{nav}</nav><main>"
            f"<h1>{_e(world.plan.title)}</h1><p class=sub><code>{_e(world.world_id)}</code> · "
            f"<span class='verdict {_e(world.verdict)}'>{_e(world.verdict)}</span> · {_e(world.plan.summary)}</p>"
            f"<h2 id=mail>Mail</h2>{_mail(world)}<h2 id=drive>Drive</h2>{_drive(world)}{_other_kinds(world)}"
            f"<h2 id=ledger>Fact ledger</h2>{_ledger(world)}<h2 id=tasks>Tasks</h2>{_tasks(task_set)}"
            f"<h2 id=validation>Validation</h2>{_validation(world)}</main></body></html>\n")


def write_bundle_index(bundle: str | Path) -> Path | None:
    """Write index.html into a bundle that has its manifest (what publishing calls); None when it cannot.

    The page is a view of the world, not part of it: a world whose page fails still publishes.
    """
    import logging

    from worldsmith.worlds.errors import WorldsmithError
    from worldsmith.worlds.world import open_world

    try:
        with open_world(bundle, verify=False) as world:
            return write_index(world)
    except (WorldsmithError, OSError, ValueError) as exc:
        logging.getLogger("worldsmith").warning("index.html not written for %s: %s", bundle, exc)
        return None


def write_index(world: World, task_set: TaskSet | None = None) -> Path:
    """Write index.html into the bundle (atomically); with no task set, the bundle's tasks.json when there is one."""
    given = task_set is not None
    if task_set is None and (world.path / "tasks.json").is_file():
        from worldsmith.worlds.bundle import read_model

        task_set = read_model(world.path / "tasks.json", TaskSet)  # strict: no NaN, no nesting too deep
    target = world.path / INDEX_HTML
    tmp = target.with_name(f"{INDEX_HTML}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}")
    tmp.write_text(render_index(world, task_set), encoding="utf-8")
    os.replace(tmp, target)
    from worldsmith.worlds.bundle import INDEX_HTML as PAGE, TASKS, seal_derived

    seal_derived(world.path, (PAGE, TASKS) if given else (PAGE,))  # the page, and tasks.json the caller just wrote
    return target

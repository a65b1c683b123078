"""The drive app: the room's documents and sheets as a tree; search, a document as text, a sheet's range or cell.

Reads of .docx and .xlsx come from the world's parsed store (what validation checked); text files
(.md, .csv, .txt) come from the session's room, so a document the agent filed reads back.
"""

from __future__ import annotations

import re

from worldsmith.environments.session import SENT_FOLDER, Session, SessionError

HIDDEN = ("Mailboxes/", SENT_FOLDER + "/")  # mail is the mail app's
TEXT_SUFFIXES = (".md", ".csv", ".txt")
_CELL = re.compile(r"^\$?([A-Za-z]{1,3})\$?(\d+)$")


def _files(session: Session) -> list[str]:
    return [rel for rel in session.files() if not rel.startswith(HIDDEN) and not rel.endswith(".eml")]


def list_folder(session: Session, folder: str = "") -> list[dict]:
    """The folders and files directly inside a folder of the drive ('' for the top)."""
    prefix = folder.strip("/")
    prefix = prefix + "/" if prefix else ""
    entries: dict[str, dict] = {}
    for rel in _files(session):
        if not rel.startswith(prefix):
            continue
        rest = rel[len(prefix):]
        head, _, tail = rest.partition("/")
        if tail:
            entries.setdefault(head + "/", {"name": head, "type": "folder", "path": prefix + head})
        else:
            entries[head] = {"name": head, "type": "file", "path": rel, "bytes": _size(session, rel)}
    if prefix and not entries:
        raise SessionError(f"no folder {folder!r} on the drive; list '' to see the top folders")
    return [entries[k] for k in sorted(entries)]


def _size(session: Session, rel: str) -> int | None:
    try:
        return session.file_size(rel)
    except SessionError:  # listed by the manifest but gone, or a link: listed without a size, never read
        return None


def search(session: Session, query: str, limit: int = 20) -> list[dict]:
    """Files whose name or text holds every word of the query (case-insensitive)."""
    words = query.lower().split()
    if not words:
        raise SessionError("search needs a query: a word or phrase from a file's name or text")
    texts = _indexed_texts(session)
    hits = []
    for rel in _files(session):
        hay = (rel + " " + texts.get(rel, "")).lower()
        if rel.endswith(TEXT_SUFFIXES) and rel not in texts:
            try:
                hay += " " + session.read_text(rel).lower()
            except SessionError:  # a link or a file gone: not searched, as it cannot be read
                pass
        if all(w in hay for w in words):
            hits.append({"path": rel, "type": _type(rel)})
    return hits[:max(1, limit)]


def _indexed_texts(session: Session) -> dict[str, str]:
    cached = session.__dict__.get("_drive_texts")
    if cached is None:
        db = session.world.db
        cached = dict(db.execute("select path, coalesce(text, '') from documents").fetchall())
        for path, text in db.execute("select path, string_agg(coalesce(value_text, ''), ' ') from cells "
                                     "group by path").fetchall():
            cached[path] = text
        session.__dict__["_drive_texts"] = cached
    return cached


def _type(rel: str) -> str:
    return {".docx": "document", ".xlsx": "spreadsheet", ".md": "text", ".csv": "table", ".txt": "text"}.get(
        rel[rel.rfind("."):].lower(), "file")


def read_document(session: Session, path: str) -> dict:
    """A document as text: a .docx as parsed (paragraphs and table cells in order), a text file as written."""
    rel = session.rel(path)
    if not session.exists(rel):
        raise SessionError(f"no file {path!r} on the drive; find it with drive_search or drive_list")
    if rel.lower().endswith(".docx"):
        row = session.world.db.execute("select title, text from documents where path = ?", [rel]).fetchone()
        if row is None:
            raise SessionError(f"{path!r} could not be read as a document")
        return {"path": rel, "title": row[0], "text": row[1] or ""}
    if rel.lower().endswith(TEXT_SUFFIXES):
        return {"path": rel, "title": None, "text": session.read_text(rel)}
    raise SessionError(f"{path!r} is not a document; read a .xlsx with drive_read_sheet")


def col_number(letters: str) -> int:
    """'A' -> 1, 'AB' -> 28."""
    n = 0
    for ch in letters.upper():
        n = n * 26 + ord(ch) - 64
    return n


def col_letters(n: int) -> str:
    """1 -> 'A', 28 -> 'AB'."""
    out = ""
    while n:
        n, r = divmod(n - 1, 26)
        out = chr(65 + r) + out
    return out


def parse_range(ref: str) -> tuple[int, int, int, int]:
    """'B3' or 'A1:C5' as (row1, col1, row2, col2), 1-based and inclusive."""
    parts = ref.replace(" ", "").split(":")
    cells = [_CELL.match(p) for p in parts]
    if len(parts) not in (1, 2) or not all(cells):
        raise SessionError(f"{ref!r} is not a cell or range; write it as B3 or A1:D10")
    corners = [(col_number(m.group(1)), int(m.group(2))) for m in cells]
    (c1, r1), (c2, r2) = corners[0], corners[-1]
    return min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2)


def read_sheet(session: Session, path: str, range: str | None = None, sheet: str | None = None) -> dict:
    """A workbook's sheet names, or the cells of a range or one cell of a sheet (default the first sheet)."""
    rel = session.rel(path)
    db = session.world.db
    names = [r[0] for r in db.execute("select sheet_name from sheets where path = ? order by position", [rel]).fetchall()]
    if not names:
        raise SessionError(f"no workbook {path!r} on the drive; find one with drive_search or drive_list")
    name = sheet or names[0]
    if name not in names:
        raise SessionError(f"{path!r} has no sheet {name!r} (it has: {', '.join(names)})")
    if range is None:
        dims = db.execute("select n_rows, n_cols from sheets where path = ? and sheet_name = ?", [rel, name]).fetchone()
        return {"path": rel, "sheets": names, "sheet": name, "rows": dims[0], "cols": dims[1],
                "range": f"A1:{col_letters(max(dims[1], 1))}{max(dims[0], 1)}"}
    r1, c1, r2, c2 = parse_range(range)
    rows = db.execute("""select row, col, value_type, value_text, value_num, value_date, formula, number_format
                         from cells where path = ? and sheet_name = ? and row between ? and ? and col between ? and ?
                         order by row, col""", [rel, name, r1, r2, c1, c2]).fetchall()
    cells = []
    for row, col, vtype, text, num, date, formula, fmt in rows:
        value = date.isoformat() if date is not None else (num if num is not None else text)
        cells.append({"cell": f"{col_letters(col)}{row}", "type": vtype, "value": value, "text": text,
                      "formula": formula, "number_format": fmt})
    out = {"path": rel, "sheet": name, "range": range.upper(), "cells": cells}
    if (r1, c1) == (r2, c2):
        out["value"] = cells[0]["value"] if cells else None
    return out

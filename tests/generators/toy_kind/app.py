"""The toy kind's own app: a notes board, served beside mail and drive (the kind's `serve` returns `APP`)."""

from __future__ import annotations

from html import escape

from worldsmith.worlds.apps import App, Tool


def has_notes(world) -> bool:
    """Whether the world's store holds any sticky note."""
    return world.has_table("stickies") and world.db.execute("select count(*) from stickies").fetchone()[0] > 0


def _notes(world) -> list[tuple[str, str]]:
    return world.db.execute("select path, text from stickies order by path").fetchall()


def tools(session) -> list[Tool]:
    """The board's one tool over a session."""

    def notes_board() -> dict:
        """Every sticky note of the room: its path and text."""
        return {"notes": [{"path": p, "text": t} for p, t in _notes(session.world)]}

    return [Tool(notes_board)]


def section(world) -> str:
    """The page's notes board."""
    items = "".join(f"<li><code>{escape(p)}</code> {escape(t)}</li>" for p, t in _notes(world))
    return f"<h2 id=note>Notes board</h2><ul>{items}</ul>"


APP = App(name="note", instructions="Notes board: every sticky note.", present=has_notes, tools=tools,
          section=section, files=lambda world: [p for p, _ in _notes(world)])

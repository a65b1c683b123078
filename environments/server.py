"""The MCP server of a world: mail and drive, and each kind's own app (chat, calendar...) where the room has its files.

    server, session = build_server("outputs/<world>")     # a fastmcp.FastMCP and its Session
    server.run("stdio")  /  run_http(server, session, port=8000, token=new_token())

Each tool is a thin wrapper over a plain function of worldsmith.environments.mail or .drive: its
arguments are checked against the apps' limits first, its reply is cut to the response limit, and a
SessionError (or any other failure) becomes the tool's error message with no host path in it, so an
agent reads what to do next and learns nothing of the machine. Over HTTP the server answers only
127.0.0.1, localhost and [::1] (and hosts allowed by name) with a local Origin or none, and only a
client that sends the bearer token (worldsmith.environments.http_guard).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Callable

from fastmcp import FastMCP
from fastmcp.exceptions import ToolError

from worldsmith.environments import apps, drive, limits, mail
from worldsmith.environments.faults import FaultConfig, FaultInjection
from worldsmith.environments.session import Session
from worldsmith.worlds.errors import WorldsmithError
from worldsmith.worlds.world import World, open_world

INSTRUCTIONS = ("The apps of one data room. Mail: list folders, search, read a message or a thread, download an "
                "attachment, send, reply, forward. Drive: list a folder, search, read a document as text, read a "
                "sheet's range or cell, file a document.")
ANSWER = "submit_answer records your final answer."


def instructions() -> str:
    """What the server tells a client of its apps: mail and drive, each kind's own app, the answer."""
    return " ".join([INSTRUCTIONS, *(a.instructions for a in apps.kind_apps()), ANSWER])


def _scrub(text: str, session: Session) -> str:
    """A message without the host's paths of the session and the world (an agent sees room paths only)."""
    for path, shown in ((session.room, "<room>"), (session.root, "<session>"), (session.world.room, "<room>"),
                        (session.world.path, "<world>")):
        for form in {str(path), str(Path(path).resolve())}:
            text = text.replace(form, shown)
    return text


def _tool(server: FastMCP, session: Session, fn: Callable, name: str, read_only: bool = True) -> None:
    @functools.wraps(fn)
    def wrapped(*args, **kwargs):
        try:
            limits.check_arguments(kwargs)
            return limits.bounded(fn(*args, **kwargs))
        except WorldsmithError as exc:
            raise ToolError(_scrub(str(exc), session)) from None
        except OSError as exc:  # the message of an OSError names the file: give its reason only
            raise ToolError(f"{name} failed: {exc.strerror or type(exc).__name__}") from None
        except Exception as exc:  # noqa: BLE001  (an app's bug must not reach the client with a host path)
            raise ToolError(_scrub(f"{name} failed: {type(exc).__name__}: {exc}", session)[:500]) from None

    # DuckDB's connection is shared: run tools on the server's own thread, one at a time.
    server.tool(wrapped, name=name, run_in_thread=False,
                annotations={"readOnlyHint": read_only, "destructiveHint": False})


def build_server(world: World | str | Path, session_dir: str | Path | None = None, user: str | None = None,
                 faults: FaultConfig | None = None) -> tuple[FastMCP, Session]:
    """The MCP server over a world, and the session its writes go to."""
    world = world if isinstance(world, World) else open_world(world)
    session = Session(world, session_dir, user)
    server = FastMCP(name=f"worldsmith:{world.world_id}", instructions=instructions())
    if faults is not None and faults.rate > 0:
        server.add_middleware(FaultInjection(faults))

    def mail_list_folders() -> dict:
        """Every mail folder with its number of messages; Sent holds what you sent."""
        return {"folders": mail.list_folders(session)}

    def mail_search(query: str, folder: str | None = None, limit: int = 20) -> dict:
        """Messages whose subject, sender or text contains every word of the query, newest first."""
        return {"results": mail.search(session, query, folder, limit)}

    def mail_read(message_id: str) -> dict:
        """One message by its Message-ID: headers, full text and attachment names."""
        return mail.read(session, message_id)

    def mail_read_thread(message_id: str) -> dict:
        """The whole thread of a message, oldest first."""
        return {"messages": mail.read_thread(session, message_id)}

    def mail_download_attachment(message_id: str, filename: str) -> dict:
        """Save a message's attachment to Downloads/ on the drive; its text when it is text."""
        return mail.download_attachment(session, message_id, filename)

    def mail_send(to: list[str], subject: str, body: str, cc: list[str] | None = None) -> dict:
        """Send a new message from your address."""
        return mail.send(session, to, subject, body, cc)

    def mail_reply(message_id: str, body: str, reply_all: bool = False) -> dict:
        """Reply to a message (reply_all: to everyone on it), quoting it below your text."""
        return mail.reply(session, message_id, body, reply_all)

    def mail_forward(message_id: str, to: list[str], body: str = "") -> dict:
        """Forward a message with a note above it."""
        return mail.forward(session, message_id, to, body)

    def drive_list(folder: str = "") -> dict:
        """The folders and files directly inside a drive folder ('' for the top)."""
        return {"entries": drive.list_folder(session, folder)}

    def drive_search(query: str, limit: int = 20) -> dict:
        """Files whose name or text contains every word of the query."""
        return {"results": drive.search(session, query, limit)}

    def drive_read_document(path: str) -> dict:
        """A document (.docx, .md, .txt, .csv) as text."""
        return drive.read_document(session, path)

    def drive_read_sheet(path: str, range: str | None = None, sheet: str | None = None) -> dict:
        """A workbook's sheets and size, or the cells of a range (A1:D10) or one cell (B3), with values and formulas."""
        return drive.read_sheet(session, path, range, sheet)

    def drive_create_document(path: str, text: str) -> dict:
        """File a document at a path of the drive: .docx (written from your Markdown: '#' headings, '-' bullets,
        '|' tables), .md or .txt (e.g. Memos/Note.docx)."""
        return {"path": session.write_document(path, text)}

    def drive_create_sheet(path: str, csv: str, sheet: str = "Sheet1") -> dict:
        """File a workbook (.xlsx) from CSV rows: the first row its header, numbers as numbers, '=B2*B3' a formula."""
        return {"path": session.write_sheet(path, csv, sheet)}

    def submit_answer(answer: str) -> dict:
        """Record your final answer to the task (64 KiB of UTF-8 at most: the grader scores a longer one 0)."""
        session.submit_answer(answer)
        return {"recorded": True}

    def reset() -> dict:
        """Restore the world's initial state: undo everything sent and filed in this session."""
        return session.reset().model_dump()

    def export_state() -> dict:
        """What this session has done so far (sent messages, files added or changed, the answer)."""
        return session.state().model_dump()

    for fn in (mail_list_folders, mail_search, mail_read, mail_read_thread, drive_list, drive_search,
               drive_read_document, drive_read_sheet, export_state):
        _tool(server, session, fn, fn.__name__)
    for fn in (mail_download_attachment, mail_send, mail_reply, mail_forward, drive_create_document, drive_create_sheet,
               submit_answer, reset):
        _tool(server, session, fn, fn.__name__, read_only=False)
    served = apps.core_kinds()
    for app in apps.present_apps(world):  # a kind's own app (chat, calendar...) where the world has something for it
        for tool in app.tools(session):
            _tool(server, session, tool.fn, tool.name, read_only=tool.read_only)
        served |= {k for k in world.kinds if apps.app_of(k) == app.name}
    for kind in sorted(world.kinds - served):  # a kind without an app of its own: list and read its files
        _register_kind_reader(server, session, kind)
    return server, session


def _register_kind_reader(server: FastMCP, session: Session, kind: str) -> None:
    """A list and a read tool for a kind no app serves (neither mail, drive nor an app of its own), over its files."""
    specs = session.world.artifacts_of(kind)

    def listing() -> dict:
        return {"items": [{"id": a.id, "title": a.title, "path": a.path} for a in specs]}

    def reading(path: str) -> dict:
        return drive.read_document(session, path) if path.endswith(drive.TEXT_SUFFIXES) else \
            {"path": session.rel(path), "text": session.read_text(path)}

    listing.__doc__ = f"Every {kind} item of the world: id, title and file."
    reading.__doc__ = f"One {kind} file as text."
    _tool(server, session, listing, f"{kind}_list")
    _tool(server, session, reading, f"{kind}_read")

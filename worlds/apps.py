"""What a kind's own app declares: its MCP tools over a session, its section of the world's page, the room files it shows.

An app is handed the session (`AppSession`, which worldsmith.environments.session.Session satisfies) and raises
worldsmith.worlds.errors.SessionError; it imports nothing from the environments layer above the kinds.

A kind whose files mail or drive serve (email, documents, sheets) names that app in its `Kind.app`; a kind
with an app of its own (chat, calendar) gives `Kind.serve`, which returns an `App` and is called only by the
environments layer (worldsmith.environments.apps), so importing a kind loads no app. The server, the page,
the task lint and the exports ask the registry for the apps; none of them names a kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Protocol

if TYPE_CHECKING:  # pragma: no cover - hints only
    from worldsmith.worlds.world import World


class AppSession(Protocol):
    """What a kind's app asks of a session (worldsmith.environments.session.Session is one): the app is handed the
    session, never imports it, so the generators layer that holds the kinds needs nothing from environments."""

    world: "World"  # the published world, read-only: its store (world.db) and plan
    user: str       # the address the agent acts as

    def files(self) -> list[str]:
        """Every room file the session sees: the published room's and its own."""

    def exists(self, path: str) -> bool:
        """Whether a room path is a file the session can read."""

    def read_bytes(self, path: str) -> bytes:
        """A room file's bytes (the session's copy first), checked against the manifest."""

    def state(self) -> Any:
        """What the session has done so far: its sent mail, files, answer and each app's records (`Records.field`)."""

    def record(self, records: "Records", make: Callable[[Any, int], Any], text: str) -> Any:
        """Record what an app's write tool made as the session's user: make(at, n) builds the session's n-th record of
        its kind (a `records.model`) at `at` on the session's clock; `text`, what the agent wrote, is bounded first."""


def _nothing(world: "World") -> str:
    return ""


def _no_files(world: "World") -> list[str]:
    return []


@dataclass(frozen=True)
class Tool:
    """One MCP tool: a plain function of the tool's arguments (over one session); its name and docstring are the tool's."""

    fn: Callable[..., Any]
    read_only: bool = True

    @property
    def name(self) -> str:
        """The tool's name: its function's."""
        return self.fn.__name__


@dataclass(frozen=True)
class Records:
    """What an app's write tools record in a session's state (chat's posts), where the grader reads them: each record
    has the agent's words in `text`; the checks `<app>_...` of a task (chat_mentions...) read them."""

    model: type                 # one record: a pydantic model (the chat app's ChatPost)
    field: str                  # the state's list of them: "chat_posts"
    op: str                     # the op of its records in the session's log: "chat"
    key: str = "record"         # the log record's key that holds the record's fields
    place: str = ""             # the record's field that says where it was written (chat's channel_id), which a
                                # task's check names (Check.channel); "": no place
    noun: str = "record"        # what one is called in a task's wording: chat's "post" ("posts in chat a figure...")


@dataclass(frozen=True)
class App:
    """A kind's own app, served beside mail and drive when the world has something for it."""

    name: str                                     # what tasks' needs.apps and the agent's instructions call it
    instructions: str                             # one sentence of the server's instructions about it
    present: Callable[["World"], bool]            # whether a world has anything for it (else it is not served)
    tools: Callable[[AppSession], list[Tool]]     # (session) -> its tools over that session
    section: Callable[["World"], str] = _nothing  # its section of index.html (HTML, starting <h2 id=name>); "": none
    files: Callable[["World"], list[str]] = _no_files  # the room files it shows (kind-wide ones too), not the drive's
    records: Records | None = None                # what its write tools record in a session's state; None: nothing

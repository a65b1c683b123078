"""What a kind's own app declares: its MCP tools over a session, its section of the world's page, the room files it shows.

A kind whose files mail or drive serve (email, documents, sheets) names that app in its `Kind.app`; a kind
with an app of its own (chat, calendar) gives `Kind.serve`, which returns an `App` and is called only by the
environments layer (worldsmith.environments.apps), so importing a kind loads no app. The server, the page,
the task lint and the exports ask the registry for the apps; none of them names a kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:  # pragma: no cover - hints only
    from worldsmith.worlds.world import World


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
class App:
    """A kind's own app, served beside mail and drive when the world has something for it."""

    name: str                                     # what tasks' needs.apps and the agent's instructions call it
    instructions: str                             # one sentence of the server's instructions about it
    present: Callable[["World"], bool]            # whether a world has anything for it (else it is not served)
    tools: Callable[[Any], list[Tool]]            # (session) -> its tools over that session
    section: Callable[["World"], str] = _nothing  # its section of index.html (HTML, starting <h2 id=name>); "": none
    files: Callable[["World"], list[str]] = _no_files  # the room files it shows (kind-wide ones too), not the drive's

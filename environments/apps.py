"""The apps of a world from the kind registry: mail and drive (this layer's own) and each kind's own app.

A kind names the app an agent reads its files with (`Kind.app`); one with an app of its own gives
`Kind.serve` (worldsmith.worlds.apps.App: tools, page section, files). The server, the page, the task
lint, the exports and the Harbor instructions ask here, so none of them names a kind.
"""

from __future__ import annotations

from worldsmith.worlds import kinds
from worldsmith.worlds.apps import App, Records, Tool
from worldsmith.worlds.world import World

CORE_APPS = ("mail", "drive")  # worldsmith.environments.mail and .drive: every world has both


def app_of(kind: str) -> str:
    """The app an agent reads the files of a kind with ("mail", "drive", "chat"...)."""
    return kinds.kind(kind).app_name


def core_kinds() -> set[str]:
    """The kinds whose files mail and drive serve."""
    return {k.name for k in kinds.kinds() if k.app_name in CORE_APPS}


# The apps of the kinds registered when they were last asked for: the grader asks for every check it reads.
_SEEN: list = [(), [], {}]  # (the registered kinds, their apps, the apps that record) of the last ask


def _apps_now() -> list:
    registered = kinds.kinds()
    seen = _SEEN[0]
    if len(seen) != len(registered) or any(a is not b for a, b in zip(seen, registered)):
        found = sorted((k.serve() for k in registered if k.serve is not None), key=lambda a: a.name)
        _SEEN[:] = [tuple(registered), found, {a.name: a.records for a in found if a.records is not None}]
    return _SEEN


def kind_apps() -> list[App]:
    """Every registered kind's own app, by name (each kind's app module is imported here, on first use)."""
    return list(_apps_now()[1])


def record_apps() -> dict[str, Records]:
    """The kinds' own apps that record what a session writes through them (chat's posts), by app name."""
    return dict(_apps_now()[2])


def records_of(state, app: str | None = None, place: str | None = None) -> list:
    """What the kinds' apps recorded in a session's state, in app order: the app named `app`'s (every app's when
    None), and only those written at `place` (a check's channel) when given."""
    return [r for name, rec in record_apps().items() if app in (None, name) for r in getattr(state, rec.field)
            if place is None or getattr(r, rec.place, None) == place]


def present_apps(world: World) -> list[App]:
    """The kinds' own apps that have something in this world, by name."""
    return [a for a in kind_apps() if a.present(world)]


def app_tools(session) -> dict[str, Tool]:
    """The tools of the kinds' own apps present in a session's world, by name."""
    return {t.name: t for a in present_apps(session.world) for t in a.tools(session)}


def app_files(world: World) -> dict[str, str]:
    """Room file -> the kind app that shows it (a chat export's files, each person's calendar...)."""
    return {rel: a.name for a in present_apps(world) for rel in a.files(world)}

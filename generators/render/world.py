"""World renderer: every artifact of a plan written into a data room, each kind by its own renderer."""

from __future__ import annotations

from pathlib import Path, PurePosixPath
from typing import Callable

from worldsmith.worlds import kinds
from worldsmith.worlds.content import Content
from worldsmith.worlds.plan import ArtifactSpec, WorldPlan
from worldsmith.generators.render.sanitize import fit_content


def room_path(room: Path, spec_path: str) -> Path:
    """Where a spec's POSIX path lands inside the room; refuses paths that would leave it."""
    relative = PurePosixPath(spec_path)
    if relative.is_absolute() or ".." in relative.parts or not relative.parts:
        raise ValueError(f"artifact path {spec_path!r} must be relative and stay inside the room")
    return room.joinpath(*relative.parts)


def write_file(path: Path, data: bytes) -> Path:
    """Write bytes at `path`, making its folders."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def text_bytes(text: str) -> bytes:
    """Text as UTF-8, encoded by hand: Path.write_text would translate "\\n" on Windows."""
    return text.encode("utf-8")


def content_of(contents: dict[str, Content], spec_id: str, kind: type) -> Content:
    """The content made for an artifact, of the type its kind makes."""
    content = contents.get(spec_id)
    if content is None:
        raise KeyError(f"no content for artifact {spec_id}")
    if not isinstance(content, kind):
        raise TypeError(f"artifact {spec_id} needs {kind.__name__}, got {type(content).__name__}")
    return content


RenderFailure = Callable[[ArtifactSpec, Exception], None]


def render_world(plan: WorldPlan, contents: dict[str, Content], room: Path, *,
                 on_failure: RenderFailure | None = None) -> list[Path]:
    """Write every artifact of the plan under `room` (with twins, mailboxes, exports); the paths, sorted.

    Each kind renders its artifacts one by one, then its kind-wide files (mailboxes, channel lists).
    With `on_failure`, one artifact's failure costs only that artifact: an artifact with no content
    (generation already reported it) is left out, and one whose renderer raises is reported there
    and left out, instead of ending the world.
    """
    written: list[Path] = []
    # What a format refuses is dealt with once, for every twin and every quoted copy alike.
    contents = {aid: fit_content(content) for aid, content in contents.items()}
    done: dict[str, list] = {}
    for spec in plan.artifacts:
        if on_failure is not None and spec.id not in contents:
            continue
        kind = kinds.kind(spec.kind)
        if kind.render is None:
            raise TypeError(f"artifact kind {kind.name!r} declares no renderer")
        try:
            written.extend(kind.render(plan, spec, contents, room))
        except Exception as exc:  # noqa: BLE001 - isolation is the point: the caller records it by artifact
            if on_failure is None:
                raise
            on_failure(spec, exc)
            continue
        done.setdefault(kind.name, []).append(spec)
    for name, specs in done.items():
        if kinds.kind(name).render_all is not None:
            written.extend(kinds.kind(name).render_all(plan, specs, contents, room))
    if len(set(written)) != len(written):
        raise ValueError("two artifacts of the plan were written to the same path")
    return sorted(written)

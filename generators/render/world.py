"""World renderer: every artifact of a plan written into a data room, each kind by its own renderer."""

from __future__ import annotations

import os
import pickle
from collections.abc import Iterator, Mapping
from pathlib import Path, PurePosixPath
from typing import Callable

from worldsmith.worlds import kinds
from worldsmith.worlds.bundle import bundle_files
from worldsmith.worlds.content import Content
from worldsmith.worlds.parallel import ordered_map
from worldsmith.worlds.plan import ArtifactSpec, WorldPlan
from worldsmith.generators.render.sanitize import fit_content


def room_path(room: Path, spec_path: str) -> Path:
    """Where a spec's POSIX path lands inside the room; refuses paths that would leave it."""
    relative = PurePosixPath(spec_path)
    if relative.is_absolute() or ".." in relative.parts or not relative.parts:
        raise ValueError(f"artifact path {spec_path!r} must be relative and stay inside the room")
    return room.joinpath(*relative.parts)


def write_file(path: Path, data: bytes) -> Path:
    """Write bytes at `path`, making its folders; a reader (another worker attaching the file) sees the old
    file or the new one, never half of it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)
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


class _Fitted(Mapping):
    """The contents as the renderers read them, each fitted to what the formats accept when first read
    (a repair round that renders a dozen artifacts does not fit five thousand)."""

    def __init__(self, contents: Mapping[str, Content]):
        self._raw = contents
        self._fitted: dict[str, Content] = {}

    def __getitem__(self, aid: str) -> Content:
        if aid not in self._fitted:
            self._fitted[aid] = fit_content(self._raw[aid])
        return self._fitted[aid]

    def __iter__(self) -> Iterator[str]:
        return iter(self._raw)

    def __len__(self) -> int:
        return len(self._raw)


def _picklable(exc: Exception) -> Exception:
    """The exception itself when it survives the trip back from a worker, else one that says the same."""
    try:
        pickle.loads(pickle.dumps(exc))
        return exc
    except Exception:  # noqa: BLE001 - any exception type may refuse pickling in its own way
        return RuntimeError(f"{type(exc).__name__}: {exc}")


def _own_files(spec: ArtifactSpec) -> list[str]:
    """The files an artifact alone is written to (itself, its twins), not the kind-wide ones it shares (calendars)."""
    return [path for path, role in kinds.of(spec).files(spec) if role in ("artifact", "twin")]


def render_world(plan: WorldPlan, contents: dict[str, Content], room: Path, *,
                 on_failure: RenderFailure | None = None, only: set[str] | None = None,
                 workers: int | None = None) -> list[Path]:
    """Write every artifact of the plan under `room` (with twins, mailboxes, exports); the paths, sorted.

    Each kind renders its artifacts one by one, then its kind-wide files (mailboxes, channel lists).
    With `on_failure`, one artifact's failure costs only that artifact: an artifact with no content
    (generation already reported it) is left out, and one whose renderer raises is reported there
    and left out, instead of ending the world. With `only`, just those artifacts are written again
    (their old files removed first) and the kind-wide files of their kinds rebuilt from every
    artifact of the kind in the room: what a repair round costs. Artifacts render on `workers`
    forked processes (default: every usable core; see worlds.parallel), byte for byte as serially.
    """
    fitted = _Fitted(contents)
    specs = [s for s in plan.artifacts if (on_failure is None or s.id in contents) and (only is None or s.id in only)]
    for spec in specs:
        if kinds.kind(spec.kind).render is None:
            raise TypeError(f"artifact kind {spec.kind!r} declares no renderer")
    if only is not None:
        for spec in specs:
            for path in _own_files(spec):
                room_path(room, path).unlink(missing_ok=True)

    def one(spec: ArtifactSpec) -> tuple[list[Path], Exception | None]:
        try:
            return kinds.kind(spec.kind).render(plan, spec, fitted, room), None
        except Exception as exc:  # noqa: BLE001 - isolation is the point: the caller records it by artifact
            return [], _picklable(exc)

    # The files another artifact's renderer reads (a memo a message attaches) are written first, so that the message
    # reads the room's file instead of rendering its own copy aside: the legal example rendered six documents and
    # sheets twice. The results are taken in the plan's order all the same (failures are reported in that order).
    read = {dep for s in specs for dep in kinds.kind(s.kind).render_reads(s)}
    first = [s for s in specs if s.id in read] + [s for s in specs if s.id not in read]
    made = dict(zip([s.id for s in first], ordered_map(one, first, workers=workers)))
    written: list[Path] = []
    done: dict[str, list] = {}
    for spec in specs:
        paths, exc = made[spec.id]
        if exc is not None:
            if on_failure is None:
                raise exc
            on_failure(spec, exc)
            continue
        written.extend(paths)
        done.setdefault(spec.kind, []).append(spec)
    changed = None
    if only is not None:
        # Kind-wide files hold every artifact of the kind: those rendered now and those already in the room.
        now = {s.id for specs_ in done.values() for s in specs_}
        failed = {s.id for s in specs} - now
        changed = set(only)  # what this round rendered or left out: whose kind-wide files change
        there = set(bundle_files(room))  # one walk, not a stat of every file of the kind
        for name in list(done):
            done[name] = [s for s in plan.artifacts if s.kind == name and s.id in contents and s.id not in failed
                          and (s.id in now or all(f in there for f in _own_files(s)))]
    for name, kind_specs in done.items():
        if kinds.kind(name).render_all is not None:
            written.extend(kinds.kind(name).render_all(plan, kind_specs, fitted, room, changed=changed))
    if len(set(written)) != len(written):
        raise ValueError("two artifacts of the plan were written to the same path")
    return sorted(written)


def with_dependents(plan: WorldPlan, ids: set[str]) -> set[str]:
    """`ids` and every artifact whose rendering reads one of them, transitively (a repaired message and the
    replies that quote it; a repaired sheet and the memos that cite it; a repaired memo and the messages
    that attach it)."""
    readers: dict[str, list[str]] = {}
    for spec in plan.artifacts:
        kind = kinds.kind(spec.kind)
        for dep in [*kind.dependencies(spec), *kind.render_reads(spec)]:
            readers.setdefault(dep, []).append(spec.id)
    found, todo = set(ids), list(ids)
    while todo:
        for reader in readers.get(todo.pop(), []):
            if reader not in found:
                found.add(reader)
                todo.append(reader)
    return found

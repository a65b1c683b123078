"""World renderer: every artifact of a plan written into a data room, with twins and mailboxes."""

from __future__ import annotations

from pathlib import Path, PurePosixPath
from typing import Callable

from worldsmith.worlds.content import Content, DocumentContent, EmailContent, SheetContent
from worldsmith.worlds.plan import ArtifactSpec, DocumentSpec, EmailSpec, SheetSpec, WorldPlan
from worldsmith.generators.render.document import render_docx, render_markdown
from worldsmith.generators.render.email import render_eml
from worldsmith.generators.render.mailbox import render_mailboxes
from worldsmith.generators.render.sanitize import fit_content
from worldsmith.generators.render.sheet import render_csv, render_xlsx


def room_path(room: Path, spec_path: str) -> Path:
    """Where a spec's POSIX path lands inside the room; refuses paths that would leave it."""
    relative = PurePosixPath(spec_path)
    if relative.is_absolute() or ".." in relative.parts or not relative.parts:
        raise ValueError(f"artifact path {spec_path!r} must be relative and stay inside the room")
    return room.joinpath(*relative.parts)


def _write(path: Path, data: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def _text(text: str) -> bytes:
    # Encoded by hand: Path.write_text would translate "\n" on Windows.
    return text.encode("utf-8")


def _content(contents: dict[str, Content], spec_id: str, kind: type) -> Content:
    content = contents.get(spec_id)
    if content is None:
        raise KeyError(f"no content for artifact {spec_id}")
    if not isinstance(content, kind):
        raise TypeError(f"artifact {spec_id} needs {kind.__name__}, got {type(content).__name__}")
    return content


def _history(plan: WorldPlan, spec: EmailSpec, contents: dict[str, Content]) -> list[tuple[EmailSpec, EmailContent]]:
    """The chain from the thread root to this message's parent, root first."""
    chain = []
    current = spec.parent
    while current is not None:
        parent = plan.artifact(current)
        if not isinstance(parent, EmailSpec) or len(chain) > len(plan.artifacts):
            raise ValueError(f"email {spec.id}: parent chain is broken at {current}")
        chain.append((parent, _content(contents, parent.id, EmailContent)))
        current = parent.parent
    chain.reverse()
    return chain


RenderFailure = Callable[[ArtifactSpec, Exception], None]


def render_world(plan: WorldPlan, contents: dict[str, Content], room: Path, *,
                 on_failure: RenderFailure | None = None) -> list[Path]:
    """Write every artifact of the plan under `room` (plus .md/.csv twins and mailboxes); the paths, sorted.

    With `on_failure`, one artifact's failure costs only that artifact: an artifact with no content
    (generation already reported it) is left out, and one whose renderer raises is reported there
    and left out, instead of ending the world.
    """
    written: list[Path] = []
    emails: list[tuple[EmailSpec, bytes]] = []
    # What a format refuses is dealt with once, for every twin and every quoted copy alike.
    contents = {aid: fit_content(content) for aid, content in contents.items()}
    for spec in plan.artifacts:
        if on_failure is not None and spec.id not in contents:
            continue
        try:
            written.extend(_render_one(plan, spec, contents, room, emails))
        except Exception as exc:  # noqa: BLE001 - isolation is the point: the caller records it by artifact
            if on_failure is None:
                raise
            on_failure(spec, exc)
    written.extend(render_mailboxes(plan, emails, room))
    if len(set(written)) != len(written):
        raise ValueError("two artifacts of the plan were written to the same path")
    return sorted(written)


def _render_one(plan: WorldPlan, spec: ArtifactSpec, contents: dict[str, Content], room: Path,
                emails: list[tuple[EmailSpec, bytes]]) -> list[Path]:
    """One artifact's files; an email is also queued for the mailboxes."""
    target = room_path(room, spec.path)
    if isinstance(spec, EmailSpec):
        data = render_eml(plan, spec, _content(contents, spec.id, EmailContent), _history(plan, spec, contents))
        emails.append((spec, data))
        return [_write(target, data)]
    if isinstance(spec, DocumentSpec):
        content = _content(contents, spec.id, DocumentContent)
        docx, md = render_docx(plan, spec, content), _text(render_markdown(plan, spec, content))
        return [_write(target, docx), _write(target.with_suffix(".md"), md)]
    if isinstance(spec, SheetSpec):
        content = _content(contents, spec.id, SheetContent)
        xlsx, csv = render_xlsx(plan, spec, content), _text(render_csv(plan, spec, content))
        return [_write(target, xlsx), _write(target.with_suffix(".csv"), csv)]
    return []

"""The email kind's reader: its planned rows, each .eml into emails, recipients and email_attachments, each
cast member's .mbox into mailboxes and mailbox_messages (the loader reaches it through the registry)."""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any
from zoneinfo import ZoneInfo

from worldsmith.generators.kinds.email import attachments as stored
from worldsmith.worlds.bundle import MAILBOX_FOLDER
from worldsmith.worlds.kinds import RoomFile
from worldsmith.worlds.store import parse


def plan_email(a: Any, zone: ZoneInfo, add: Any) -> dict[str, Any]:
    """An email's columns of the artifacts table, and its planned to and cc."""
    for kind, people in (("to", a.to), ("cc", a.cc)):
        for person in people:
            add("planned_recipients", artifact_id=a.id, kind=kind, person_id=person)
    return dict(at=a.sent_at, thread=a.thread, parent=a.parent, mode=a.mode, position=a.position,
                message_id=parse.bare_id(a.message_id))


def plan_row(a: Any, zone: ZoneInfo, add: Any) -> dict:
    """An email's columns of the artifacts table, its planned recipients and attachments."""
    stored.plan_rows(a, add)
    if getattr(a, "point", ""):
        add("message_points", artifact_id=a.id, text=a.point)
    return plan_email(a, zone, add)


def load_eml(f: RoomFile, msg: Any = None) -> str | None:
    """An .eml into emails and recipients; an unplanned copy is matched to its artifact by Message-ID. The artifact's
    id (None for a copy no planned message matches). `msg`: the file already read by parse.read_message."""
    if "by_message_id" not in f.cache:
        f.cache["by_message_id"] = {parse.bare_id(a.message_id): a.id for a in f.plan.artifacts if a.kind == "email"}
    m = parse.parse_email(f.data, msg)
    aid = f.artifact_id or f.cache["by_message_id"].get(m.message_id)
    f.add("emails", artifact_id=aid, path=f.rel, message_id=m.message_id, in_reply_to=m.in_reply_to,
          refs=m.refs, subject=m.subject, from_name=m.sender.name, from_addr=m.sender.address,
          sent_at=m.sent_at, date_header=m.date_header, body=m.body, body_new=m.body_new,
          digest=parse.copy_digest(f.data))
    for kind, addresses in (("to", m.to), ("cc", m.cc)):
        for a in addresses:
            f.add("recipients", artifact_id=aid, path=f.rel, kind=kind, name=a.name or None, address=a.address)
    return aid


def load_message(f: RoomFile) -> None:
    """An .eml into emails, recipients and email_attachments."""
    # A message that attaches is read by the email package once, for its headers, body and parts (it was read three
    # times: 5 ms each, a fifth of the legal example's mail).
    msg = parse.read_message(f.data) if stored.may_attach(f.data) else None  # most mail attaches nothing
    aid = load_eml(f, msg)
    if msg is not None:
        stored.parsed_rows(aid, f.rel, msg, f.add)


MBOX_NOTES = "_mbox_messages"  # the loader's notes (worlds.store.load.NOTE): a message's sha256 -> (id, digest)


def load_mbox(f: RoomFile) -> None:
    """An .mbox into mailboxes and mailbox_messages."""
    # A mailbox a repair round rewrote holds mostly messages read before: by their bytes, they are not parsed again.
    seen: dict[str, tuple[str | None, str]] = {}
    copies = parse.read_mbox(f.data, f.cache.get("notes", {}).get(MBOX_NOTES), seen)
    for key, found in seen.items():
        f.add(MBOX_NOTES, key=key, value=found)
    f.add("mailboxes", path=f.rel, owner=f.path.stem, n_messages=len(copies))
    for i, (mid, digest) in enumerate(copies):
        f.add("mailbox_messages", mailbox=f.rel, position=i, message_id=mid, digest=digest)


def mailbox_role(rel: str) -> str | None:
    """'mailbox' for an .mbox under Mailboxes/."""
    path = PurePosixPath(rel)
    return "mailbox" if path.suffix.lower() == ".mbox" and path.parts[0] == MAILBOX_FOLDER else None

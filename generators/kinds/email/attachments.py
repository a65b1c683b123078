"""Mail attachments in the store: what the plan says a message attaches, and the MIME parts it carries.

The email kind fills both tables: `planned_attachments` from the plan, `email_attachments` from each
parsed .eml (every part a mail client offers as an attachment, decoded, with its sha256), so the check
`attachments_match_room` compares them with the room's files in SQL. (`message_points`, the point the plan gives a
message, shares the kind's DDL: `message_carries_point` reads it.)
"""

from __future__ import annotations

import email
import email.policy
import hashlib
from typing import Any, NamedTuple

from worldsmith.generators.compose.text import own_title

DDL = """
create table planned_attachments (
    artifact_id varchar not null,     -- the message
    attached_id varchar not null,     -- the document or sheet it attaches
    path        varchar not null,     -- that file's path in the room
    filename    varchar not null      -- the name the part carries: the path's last component
);
create table message_points (
    artifact_id varchar not null,     -- the message
    text        varchar not null      -- the outline's point it carries, each fact's value written in for its day
);
create table email_attachments (
    artifact_id  varchar,             -- the message, as emails.artifact_id
    path         varchar not null,    -- the .eml's path
    position     integer not null,
    filename     varchar,
    content_type varchar not null,
    size         bigint not null,
    sha256       varchar not null     -- of the decoded part
);
"""


class Part(NamedTuple):
    """One attached part, decoded."""

    filename: str | None
    content_type: str
    data: bytes


def mime_attachments(data: bytes | email.message.EmailMessage) -> list[Part]:
    """The parts of a message (its bytes, or them as read by the email package) that a mail client lists as
    attachments, decoded to their bytes."""
    msg = email.message_from_bytes(data, policy=email.policy.default) if isinstance(data, bytes) else data
    out = []
    for part in msg.iter_attachments():
        payload = part.get_payload(decode=True)
        if payload is None:  # a nested message/rfc822 has no bytes of its own
            payload = part.as_bytes()
        out.append(Part(part.get_filename(), part.get_content_type(), payload))
    return out


def sent_name(path: str) -> str:
    """The name a message's part carries for a room file: the file's name less the room's status mark, which its
    sender could not write on the day (blind read 36: a certificate attached as '... (withdrawn).docx' on the day it
    was first delivered); the room's file keeps it."""
    name = path.rsplit("/", 1)[-1]
    stem, dot, ext = name.rpartition(".")
    return own_title(stem) + dot + ext if dot else own_title(name)


def plan_rows(spec: Any, add: Any) -> None:
    """A message's planned attachments."""
    for a in getattr(spec, "attachments", []):
        add("planned_attachments", artifact_id=spec.id, attached_id=a.artifact, path=a.path,
            filename=sent_name(a.path))


def may_attach(data: bytes) -> bool:
    """Whether a message can hold an attachment at all: a multipart one (a cheap test on the bytes)."""
    return b"multipart/" in data[:65536].lower()


def message_id(data: bytes) -> str | None:
    """A message's Message-ID without angle brackets."""
    value = email.message_from_bytes(data, policy=email.policy.default)["Message-ID"]
    value = str(value or "").strip()
    return value[1:-1].strip() if value.startswith("<") and value.endswith(">") else value or None


def parsed_rows(artifact_id: str | None, rel: str, data: bytes | email.message.EmailMessage, add: Any) -> None:
    """A parsed message's attachments, with the sha256 of each decoded part."""
    for i, part in enumerate(mime_attachments(data)):
        add("email_attachments", artifact_id=artifact_id, path=rel, position=i, filename=part.filename,
            content_type=part.content_type, size=len(part.data), sha256=hashlib.sha256(part.data).hexdigest())

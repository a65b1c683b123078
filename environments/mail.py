"""The mail app: folders, search, messages and threads of a world, plus what the session sent; send, reply, forward.

Plain functions over a Session, returning JSON-ready dicts; the MCP server only wraps them. A message
is named by its Message-ID (without angle brackets), as every search result and message gives it.
"""

from __future__ import annotations

import email
import email.policy
from collections import Counter

from worldsmith.environments.session import SENT_FOLDER, SentMessage, Session, SessionError
from worldsmith.worlds.world import Message

SNIPPET = 160


def _folder_of(path: str) -> str:
    parts = path.split("/")
    return "/".join(parts[:-2]) if len(parts) > 2 else parts[0]


def _all(session: Session) -> list[Message]:
    cached = session.__dict__.get("_world_messages")
    if cached is None:
        cached = session.world.messages
        session.__dict__["_world_messages"] = cached
    return cached + [_as_message(s) for s in session.sent]


def _as_message(sent: SentMessage) -> Message:
    import datetime as dt

    return Message(artifact_id=None, path=sent.path, message_id=sent.message_id, in_reply_to=sent.in_reply_to,
                   subject=sent.subject, sender=sent.sender, sender_name=None, to=tuple(sent.to), cc=tuple(sent.cc),
                   sent_at=dt.datetime.fromisoformat(sent.sent_at), body=sent.body, body_new=sent.body)


def _summary(m: Message) -> dict:
    return {"message_id": m.message_id, "folder": _folder_of(m.path) if not m.path.startswith(SENT_FOLDER + "/")
            else SENT_FOLDER, "subject": m.subject, "from": m.sender, "to": list(m.to), "cc": list(m.cc),
            "date": m.sent_at.isoformat() if m.sent_at else None,
            "snippet": " ".join(m.body_new.split())[:SNIPPET]}


def list_folders(session: Session) -> list[dict]:
    """Every mail folder with its message count (Sent holds what this session sent)."""
    counts = Counter(_summary(m)["folder"] for m in _all(session))
    counts.setdefault(SENT_FOLDER, 0)
    return [{"folder": f, "messages": n} for f, n in sorted(counts.items())]


def search(session: Session, query: str, folder: str | None = None, limit: int = 20) -> list[dict]:
    """Messages whose subject, sender or text holds every word of the query (case-insensitive), newest first."""
    words = query.lower().split()
    if not words:
        raise SessionError("search needs a query: a word or phrase from the subject, sender or text")
    hits = []
    for m in _all(session):
        summary = _summary(m)
        if folder and not summary["folder"].startswith(folder.strip("/")):
            continue
        hay = " ".join([m.subject or "", m.sender or "", m.sender_name or "", " ".join(m.body.split())]).lower()
        if all(w in hay for w in words):
            hits.append((m.sent_at.isoformat() if m.sent_at else "", summary))
    hits.sort(key=lambda h: h[0], reverse=True)
    return [s for _, s in hits[:max(1, limit)]]


def get(session: Session, message_id: str) -> Message:
    """The message with this Message-ID; SessionError naming what to do when there is none."""
    wanted = message_id.strip().strip("<>")
    for m in _all(session):
        if m.message_id == wanted:
            return m
    raise SessionError(f"no message with Message-ID {wanted!r}; take the id from mail_search or mail_read_thread")


def read(session: Session, message_id: str) -> dict:
    """One message: headers, the whole text, and its attachments' names."""
    m = get(session, message_id)
    return {**_summary(m), "in_reply_to": m.in_reply_to, "body": m.body,
            "attachments": [a["filename"] for a in _attachments(session, m)]}


def read_thread(session: Session, message_id: str) -> list[dict]:
    """The whole thread a message belongs to, oldest first (what was sent in reply during the session too)."""
    messages = _all(session)
    by_id = {m.message_id: m for m in messages}
    root = get(session, message_id)
    while root.in_reply_to and root.in_reply_to in by_id:
        root = by_id[root.in_reply_to]
    members, frontier = {root.message_id}, [root.message_id]
    while frontier:
        parent = frontier.pop()
        for m in messages:
            if m.in_reply_to == parent and m.message_id not in members:
                members.add(m.message_id)
                frontier.append(m.message_id)
    thread = sorted((by_id[i] for i in members), key=lambda m: (m.sent_at.isoformat() if m.sent_at else "", m.path))
    return [{**_summary(m), "in_reply_to": m.in_reply_to, "body": m.body_new} for m in thread]


def _attachments(session: Session, m: Message) -> list[dict]:
    if not session.exists(m.path):
        return []
    msg = email.message_from_bytes(session.read_bytes(m.path), policy=email.policy.default)
    out = []
    for part in msg.iter_attachments():
        name = part.get_filename()
        if name:
            out.append({"filename": name, "data": part.get_payload(decode=True) or b"",
                        "content_type": part.get_content_type()})
    return out


def download_attachment(session: Session, message_id: str, filename: str) -> dict:
    """Save an attachment of a message into the session's Downloads/ folder; its text when it is text."""
    m = get(session, message_id)
    attachments = _attachments(session, m)
    found = next((a for a in attachments if a["filename"] == filename), None)
    if found is None:
        names = ", ".join(a["filename"] for a in attachments) or "none"
        raise SessionError(f"message {m.message_id!r} has no attachment {filename!r} (it has: {names})")
    saved = session.save_download(filename, found["data"])
    text = found["data"].decode("utf-8", errors="replace") if found["content_type"].startswith("text/") else None
    return {"saved_to": saved, "bytes": len(found["data"]), "content_type": found["content_type"], "text": text}


def send(session: Session, to: list[str], subject: str, body: str, cc: list[str] | None = None) -> dict:
    """Send a new message as the session's user."""
    return session.send(to, subject, body, cc).model_dump()


def reply(session: Session, message_id: str, body: str, reply_all: bool = False) -> dict:
    """Reply to a message (to its sender; with reply_all, to everyone on it but the user), quoting it."""
    m = get(session, message_id)
    to = [m.sender] if m.sender and m.sender != session.user else list(m.to)
    cc = sorted({*m.to, *m.cc} - {session.user, *to}) if reply_all else []
    subject = m.subject or ""
    if not subject.lower().startswith("re:"):
        subject = f"Re: {subject}"
    quoted = "\n".join(f"> {line}" if line else ">" for line in m.body.splitlines())
    text = f"{body}\n\nOn {m.sent_at:%Y-%m-%d %H:%M}, {m.sender} wrote:\n{quoted}" if m.sent_at else body
    return session.send(to, subject, text, cc, in_reply_to=m.message_id, mode="reply",
                        text=body).model_dump()


def forward(session: Session, message_id: str, to: list[str], body: str = "") -> dict:
    """Forward a message with a note above it."""
    m = get(session, message_id)
    subject = m.subject or ""
    if not subject.lower().startswith("fwd:"):
        subject = f"Fwd: {subject}"
    text = (f"{body}\n\n---------- Forwarded message ---------\nFrom: {m.sender}\n"
            f"Date: {m.sent_at:%Y-%m-%d %H:%M}\nSubject: {m.subject}\n\n{m.body}")
    return session.send(to, subject, text, in_reply_to=m.message_id, mode="forward",
                        text=body).model_dump()

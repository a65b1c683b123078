"""Email renderer: one message of a thread as RFC 5322 bytes, with the quoted or forwarded history."""

from __future__ import annotations

import datetime as dt
import email.policy
import email.utils
import hashlib
import mimetypes
from email.headerregistry import Address
from email.message import EmailMessage
from zoneinfo import ZoneInfo

from worldsmith.generators.kinds.email.attachments import sent_name
from worldsmith.generators.places import zone_of
from worldsmith.worlds.content import EmailContent
from worldsmith.worlds.plan import EmailSpec, Person, WorldPlan

# A reply or a forward carries the message it answers or passes on as Outlook does in plain text, the corporate client
# of the firms, banks and hospitals a data room's mail comes from: a rule, the parent's From/Sent/To/Cc/Subject, then
# its text unprefixed. (Replies went under Gmail's one attribution line over "> " lines and forwards under Gmail's
# rule; a real sample's history carries the header of each message it holds, issue 17 point 6.)
HISTORY_RULE = "-----Original Message-----"
# Fixed English names: strftime's %A and %B follow the process locale, and the bytes must not.
_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")

# RFC 5322 forbids lines over 998 octets (and only advises 78). A model writes each paragraph as
# one line; sending those 8bit keeps the file readable and greppable (quoted-printable would split
# "USD 1,250,000" with a soft break), so only a longer line forces quoted-printable.
_MAX_LINE_OCTETS = 998

Message = tuple[EmailSpec, EmailContent]


class _KeepFirstWord(email.policy.EmailPolicy):
    """The default policy, except that the Subject never folds right after its colon, nor an address inside a name.

    Python folds a header whose value would fit a line of its own by moving the whole value to the
    next line: `Subject:` then a newline and the subject. That is valid RFC 5322, but readers take
    the leading newline as part of the subject (Python's mailbox, APEX's mail server), and it was 15%
    of them. A subject is written on one line instead, up to the RFC's hard limit of 998 octets; a
    longer one is folded between words, its first word kept beside the colon.
    """

    def fold_binary(self, name, value):  # noqa: D102 - the policy's method
        if name.lower() not in _WIDE or self.max_line_length == _MAX_LINE_OCTETS:
            return super().fold_binary(name, value)
        if name.lower() != "subject":
            folded = super().fold_binary(name, value)
            # On one line nothing was split, and folding at 998 gives the same bytes: nothing to read back (the
            # read-back parsed every From, To and Cc of a world again, a fifth of writing its mail).
            if b"\n" not in folded.rstrip(b"\r\n") or _reads_back(folded, value):
                return folded
            return self.clone(max_line_length=_MAX_LINE_OCTETS).fold_binary(name, value)
        wide = self.clone(max_line_length=_MAX_LINE_OCTETS).fold_binary(name, value)
        return super().fold_binary(name, value) if _bare_name(wide, name) else wide


# Headers written on one line where they fit 998 octets: the Subject always, an address header when folding it
# at 78 would split a non-ASCII name into encoded-words mid-word (Python's reader then puts a space inside the
# word: "هذي ل" for "هذيل").
_WIDE = ("subject", "from", "to", "cc", "reply-to")


def _reads_back(folded: bytes, value) -> bool:
    """Whether a folded address header parses back to the same display names (a name split mid-word does not)."""
    parsed = email.message_from_bytes(folded + b"\n", policy=email.policy.default)
    header = next(iter(parsed.values()), None)
    names = [a.display_name for a in getattr(header, "addresses", ())]
    return names == [a.display_name for a in getattr(value, "addresses", ())]


def _bare_name(folded: bytes, name: str) -> bool:
    """Whether a folded header's first line holds its name and nothing else."""
    first = folded.split(b"\n", 1)[0].rstrip(b"\r")
    return first.strip() == f"{name}:".encode("ascii")


_POLICY = _KeepFirstWord()


def address_of(person: Person) -> Address:
    """A person as a mail address, `Name <addr>` (the header registry quotes what needs it)."""
    username, _, domain = person.email.partition("@")
    return Address(display_name=person.name, username=username, domain=domain)


def sent_line(moment: dt.datetime) -> str:
    """A moment as Outlook writes it in a quoted header's Sent line: `Monday, March 3, 2025 9:14 AM`."""
    hour = moment.hour % 12 or 12
    return (f"{_WEEKDAYS[moment.weekday()]}, {_MONTHS[moment.month - 1]} {moment.day}, {moment.year}"
            f" {hour}:{moment.minute:02d} {'AM' if moment.hour < 12 else 'PM'}")


def ancestors(spec: EmailSpec, history: list[Message]) -> list[Message]:
    """The chain from the thread root to this message's parent, found by following `parent`."""
    by_id = {s.id: (s, c) for s, c in history}
    chain: list[Message] = []
    current = spec.parent
    while current is not None:
        if current not in by_id:
            raise ValueError(f"email {spec.id}: ancestor {current} is not in the history given")
        if any(s.id == current for s, _ in chain):
            raise ValueError(f"email {spec.id}: the parent chain loops at {current}")
        chain.append(by_id[current])
        current = by_id[current][0].parent
    chain.reverse()
    return chain


def _clean(body: str) -> str:
    """Body text with LF line ends and no trailing blank lines."""
    return body.replace("\r\n", "\n").replace("\r", "\n").rstrip()


def _names(plan: WorldPlan, ids: list[str], sep: str = ", ") -> str:
    return sep.join(str(address_of(plan.person(p))) for p in ids)


def _attached_lines(body: str, spec: EmailSpec) -> str:
    """The text with a line "Attached: <file name>" for each file the message carries, as a reader's mail client
    lists them under the text (the check attachments_match_room reads these lines)."""
    names = [sent_name(a.path) for a in spec.attachments]
    missing = [n for n in names if f"Attached: {n}" not in body]
    return body + "\n\n" + "\n".join(f"Attached: {n}" for n in missing) if missing else body


def _answers_question(spec: EmailSpec, history: list[Message]) -> bool:
    """Whether the message a reply answers asked something in its own words (a question mark in its text)."""
    parent = next((c for s, c in history if s.id == spec.parent), None)
    return parent is not None and "?" in parent.body


def message_text(plan: WorldPlan, spec: EmailSpec, content: EmailContent, history: list[Message]) -> str:
    """The full body of a message: what its sender wrote, then the quoted or forwarded parent."""
    body = _attached_lines(_clean(content.body), spec)
    if spec.mode == "new" or spec.parent is None:
        return body
    if spec.mode == "reply" and spec.quote == "none" and not _answers_question(spec, history):
        # Trimmed: people on phones, or who cut the history, send their reply alone; the headers still chain. An
        # answer keeps the question it answers below it ("Not before the call", alone, answered a question nobody
        # could see: blind read 35b)
        return body
    chain = ancestors(spec, history)
    parent_spec, parent_content = chain[-1]
    parent_text = message_text(plan, parent_spec, parent_content, chain[:-1])
    sender = plan.person(parent_spec.author)
    # The quoting client shows the parent's time on its own user's clock, as the Date header of this message is: a
    # Chicago reply under a Boston message's Eastern time read as quoted from the future (blind read 37)
    zone = zone_of(plan.organisations, plan.person(spec.author).organisation, plan.summary, plan.locale, plan.timezone)
    quoted_at = parent_spec.sent_at if zone == plan.timezone else parent_spec.sent_at.astimezone(ZoneInfo(zone))
    # A forward carries its message under the same header as a reply does: one client writes both
    lines = [HISTORY_RULE, f"From: {address_of(sender)}", f"Sent: {sent_line(quoted_at)}",
             f"To: {_names(plan, parent_spec.to, '; ')}"]
    if parent_spec.cc:
        lines.append(f"Cc: {_names(plan, parent_spec.cc, '; ')}")
    lines.append(f"Subject: {parent_content.subject}")
    return f"{body}\n\n" + "\n".join(lines) + f"\n\n{parent_text}"


def render_eml(plan: WorldPlan, spec: EmailSpec, content: EmailContent, history: list[Message],
               attachments: list[tuple[str, bytes]] = ()) -> bytes:
    """The .eml bytes of one message; `history` holds the thread's earlier messages, root to parent;
    `attachments` the (file name, bytes) of the room's files it carries, as MIME parts after the text."""
    if spec.sent_at.tzinfo is None or spec.sent_at.utcoffset() is None:
        raise ValueError(f"email {spec.id}: sent_at must be timezone-aware, got {spec.sent_at.isoformat()}")
    chain = ancestors(spec, history) if spec.parent else []
    msg = EmailMessage(policy=_POLICY)
    msg["Message-ID"] = spec.message_id
    # stamped by the sender's own clock: the mail of a company the plan places abroad bears its zone's offset
    sender = plan.person(spec.author)
    zone = zone_of(plan.organisations, sender.organisation, plan.summary, plan.locale, plan.timezone)
    msg["Date"] = email.utils.format_datetime(spec.sent_at if zone == plan.timezone
                                              else spec.sent_at.astimezone(ZoneInfo(zone)))
    msg["From"] = address_of(plan.person(spec.author))
    msg["To"] = [address_of(plan.person(p)) for p in spec.to]
    if spec.cc:
        msg["Cc"] = [address_of(plan.person(p)) for p in spec.cc]
    msg["Subject"] = content.subject
    if chain:
        msg["In-Reply-To"] = chain[-1][0].message_id
        msg["References"] = " ".join(s.message_id for s, _ in chain)
    msg["MIME-Version"] = "1.0"
    text = message_text(plan, spec, content, history)
    too_long = max(len(line.encode("utf-8")) for line in text.split("\n")) > _MAX_LINE_OCTETS
    ascii_only = text.isascii()
    cte = "quoted-printable" if too_long else ("7bit" if ascii_only else "8bit")
    msg.set_content(text + "\n", subtype="plain", charset="utf-8", cte=cte)
    for name, data in attachments:
        # Office files as their registered types; base64, so the part decodes to the room's bytes exactly.
        maintype, _, subtype = attachment_type(name).partition("/")
        msg.add_attachment(data, maintype=maintype, subtype=subtype, filename=name)
    if attachments:
        # The library draws a random boundary; one from the Message-ID keeps the bytes the same on every run.
        msg.set_boundary("=_" + hashlib.sha256(spec.message_id.encode()).hexdigest()[:24])
    return msg.as_bytes()


_TYPES = {".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
          ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          ".csv": "text/csv", ".md": "text/markdown", ".pdf": "application/pdf", ".ics": "text/calendar"}


def attachment_type(name: str) -> str:
    """The MIME type of an attached file by its extension, from a fixed table first (the system's differs by host)."""
    ext = "." + name.rsplit(".", 1)[-1].lower() if "." in name else ""
    return _TYPES.get(ext) or mimetypes.guess_type(name, strict=True)[0] or "application/octet-stream"

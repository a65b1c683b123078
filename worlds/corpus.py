"""The corpus reader: real mail (a maildir, an mbox, or a folder of RFC 822 files) read into plain records.

Real mail is untidy, and each of these traps would skew a profile built from it:
- odd encodings: undeclared 8-bit text, unknown charset names, broken RFC 2047 words. Every header
  and body is decoded with a fallback (declared charset, then UTF-8, then cp1252, then latin-1,
  which never fails), so no message is dropped for its bytes;
- missing headers: a message without Date still counts for recipients and lengths, only not for
  hours and weekdays; one without From or To is kept and counted where it can be;
- the same message in several mailboxes (sender's Sent folder, each recipient's inbox), often
  under different Message-IDs: messages are de-duplicated on sender, date, subject and the start
  of the body;
- quoted history: a reply carries its parents, so the sender's own text (`body_new`) is cut at
  the first quoted or forwarded message (Outlook, Lotus Notes, Gmail and `>` styles);
- clock errors: a placeholder date (the 1970 or 1980 epoch of a reset clock) is dropped, and a
  known exporter's mislabelled clock is corrected (see CLOCK_RULES).
"""

from __future__ import annotations

import datetime as dt
import email
import email.header
import email.policy
import email.utils
import mailbox
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from worldsmith.worlds.errors import WorldsmithError

# Dates before this are a reset clock's placeholder (Enron holds a few dozen at 1980-01-01 00:00 UTC).
EARLIEST_PLAUSIBLE = dt.datetime(1985, 1, 1, tzinfo=dt.timezone.utc)
BODY_START = 200  # characters of the body that take part in the de-duplication key
DOCUMENT_EXTS = {".docx"}
SHEET_EXTS = {".xlsx"}
_SKIP_DIRS = {"tmp"}  # a maildir's tmp/ holds deliveries still being written


class CorpusError(WorldsmithError):
    """A corpus path is missing or holds no mail that can be read."""

    exit_code = 2


@dataclass(frozen=True, slots=True)
class ClockRule:
    """A known exporter's clock error: how to recognise its messages and read their local time."""

    name: str
    message_id: re.Pattern[str]  # matched against the Message-ID header
    zone: str                    # where its senders' wall clocks were
    whole_minute_is_wall_clock_utc: bool  # whole-minute Dates carry local wall clock labelled UTC


# The Enron export (CMU/Berkeley, Message-IDs "<n.n.JavaMail.evans@thyme>") shifted every Date to
# Pacific time. Lotus Notes messages (whole-minute Dates) had been stamped with Houston wall-clock
# time labelled UTC before that shift; read naively only ~44% fall in 08:00-19:00, read as Houston
# wall clock ~78%. Messages with seconds (Outlook, 2001 on) carry a true instant; their senders sat
# in Houston too.
CLOCK_RULES: tuple[ClockRule, ...] = (
    ClockRule("enron-export", re.compile(r"\.JavaMail\.evans@thyme>?\s*$"), "America/Chicago", True),
)


@dataclass(frozen=True, slots=True)
class CorpusMessage:
    """One message as the profile needs it."""

    source: str                  # the file it came from, relative to the corpus root (mbox: file#n)
    sender: str                  # lower-case address, '' when the From header is missing
    subject: str
    in_reply_to: str | None
    sent_local: dt.datetime | None  # the sender's wall-clock time (naive), None when unknown
    sent_utc: dt.datetime | None
    to: tuple[str, ...]
    cc: tuple[str, ...]
    body: str
    body_new: str


@dataclass(frozen=True, slots=True)
class CorpusFile:
    """A document or sheet found beside the mail, with the sizes a profile records."""

    source: str
    kind: str  # document | spreadsheet
    words: int = 0
    rows: int = 0
    cols: int = 0


@dataclass(frozen=True, slots=True)
class Corpus:
    """What was read: de-duplicated messages, documents and sheets, and what was set aside."""

    messages: list[CorpusMessage]
    files: list[CorpusFile]
    read: int        # messages read before de-duplication
    duplicates: int  # messages dropped as copies of another
    unreadable: int  # files that were not mail, or not parseable as mail
    not_correspondence: int = 0  # messages a label beside them marks as forwarded news, reports or jokes


# ---------------------------------------------------------------- decoding


def _decode_bytes(data: bytes, charset: str | None) -> str:
    for candidate in (charset, "utf-8", "cp1252"):
        if not candidate:
            continue
        try:
            return data.decode(candidate)
        except (LookupError, UnicodeDecodeError):
            continue
    return data.decode("latin-1")  # maps every byte: the last resort never fails


def _header(msg: email.message.Message, name: str) -> str:
    """A header decoded to text (RFC 2047 words included), '' when absent or hopeless."""
    raw = msg.get(name)
    if raw is None:
        return ""
    if isinstance(raw, email.header.Header):
        parts = email.header.decode_header(raw)
    else:
        try:
            parts = email.header.decode_header(str(raw))
        except (ValueError, email.errors.HeaderParseError):
            return str(raw)
    text = []
    for value, charset in parts:
        if isinstance(value, str) and any("\udc80" <= ch <= "\udcff" for ch in value):
            # raw 8-bit bytes in a header arrive surrogate-escaped: decode them like a body
            value = value.encode("ascii", "surrogateescape")
        text.append(_decode_bytes(value, charset) if isinstance(value, bytes) else value)
    return re.sub(r"\s+", " ", "".join(text)).strip()


def _body(msg: email.message.Message) -> str:
    """The first text/plain part (or the whole payload of a single-part message), decoded."""
    part = None
    for p in msg.walk():
        if p.get_content_maintype() == "multipart":
            continue
        if p.get_content_type() == "text/plain" and not p.get_filename():
            part = p
            break
    if part is None:
        if msg.is_multipart():
            return ""
        part = msg
    try:
        data = part.get_payload(decode=True)
    except Exception:  # a broken transfer encoding: take the payload as it stands
        data = None
    if data is None:
        payload = part.get_payload()
        return payload if isinstance(payload, str) else ""
    try:
        charset = part.get_content_charset()
    except Exception:
        charset = None
    return _decode_bytes(data, charset).replace("\r\n", "\n").replace("\r", "\n")


def _addresses(msg: email.message.Message, name: str) -> tuple[str, ...]:
    values = [_header(msg, name)] if msg.get(name) is not None else []
    seen: dict[str, None] = {}
    for _, addr in email.utils.getaddresses(values):
        addr = addr.strip().strip("<>").lower()
        if "@" in addr:
            seen.setdefault(addr, None)
    return tuple(seen)


# ---------------------------------------------------------------- time


def _rule_for(message_id: str) -> ClockRule | None:
    return next((r for r in CLOCK_RULES if r.message_id.search(message_id)), None)


def local_time(date_header: str, message_id: str = "", zone: str | None = None
               ) -> tuple[dt.datetime | None, dt.datetime | None]:
    """(sender's wall-clock time, UTC instant) of a Date header; (None, None) when unreadable or a placeholder.

    `zone` reads every instant in that zone; otherwise a known exporter's rule applies, and
    otherwise the header's own offset is the sender's (what their mail client stamped).
    """
    if not date_header:
        return None, None
    try:
        parsed = email.utils.parsedate_to_datetime(date_header)
    except (TypeError, ValueError, IndexError):
        return None, None
    if parsed is None:
        return None, None
    if parsed.tzinfo is None:  # "-0000" or no zone at all: RFC 5322 says the zone is unknown; take UTC
        parsed = parsed.replace(tzinfo=dt.timezone.utc)
    utc = parsed.astimezone(dt.timezone.utc)
    if utc < EARLIEST_PLAUSIBLE:
        return None, None
    rule = _rule_for(message_id)
    if zone is not None:
        local = utc.astimezone(ZoneInfo(zone))
    elif rule is not None and rule.whole_minute_is_wall_clock_utc and parsed.second == 0:
        local = utc  # the UTC label was wrong: these digits are the sender's own wall clock
    elif rule is not None:
        local = utc.astimezone(ZoneInfo(rule.zone))
    else:
        local = parsed
    return local.replace(tzinfo=None), utc.replace(tzinfo=None)


# ---------------------------------------------------------------- quoted history

# A line that opens quoted or forwarded history, in the styles real clients write.
_HISTORY = re.compile(
    r"^\s*(?:"
    r">"                                                  # quoted with >
    r"|-{2,}\s*Original Message\s*-{2,}"                  # Outlook
    r"|-{3,}\s*Forwarded by\b"                            # Lotus Notes
    r"|-{3,}\s*Forwarded message\s*-{3,}"                 # Gmail
    r"|Begin forwarded message:"                          # Apple Mail
    r"|On\s.{4,200}\bwrote:\s*$"                          # "On <date>, <name> wrote:"
    r"|_{10,}\s*$"                                        # Outlook's rule above the reply header
    r")",
    re.IGNORECASE,
)
# Lotus Notes reply headers: "Name@ORG" then "10/18/99 07:08 AM", or "name on 08/29/2000 04:06:56 PM".
_LOTUS_DATE = re.compile(r"(?:^|\s)\d{1,2}/\d{1,2}/\d{2,4}\s+\d{1,2}:\d{2}(?::\d{2})?\s*(?:AM|PM)?\s*$", re.IGNORECASE)
_HEADER_LINE = re.compile(r"^\s*(?:To|Sent|Date|Subject|cc)\s*:", re.IGNORECASE)
_FROM_LINE = re.compile(r"^\s*From\s*:\s*\S", re.IGNORECASE)
_TO_LINE = re.compile(r"^\s*To\s*:", re.IGNORECASE)
_CC_OR_SUBJECT = re.compile(r"^\s*(?:cc|Subject)\s*:", re.IGNORECASE)


def split_new_text(body: str) -> str:
    """The sender's own text: the body up to the first quoted, forwarded or reply-header block."""
    lines = body.splitlines()
    cut = len(lines)
    for i, line in enumerate(lines):
        following = [ln for ln in lines[i + 1:i + 4] if ln.strip()]
        if _HISTORY.match(line):
            cut = i
            break
        if _LOTUS_DATE.search(line) and following and _HEADER_LINE.match(following[0]):
            # the reply header's name line ("Karen Denne@ENRON") sits just above its date line
            cut = i - 1 if i > 0 and lines[i - 1].strip() and "@" in lines[i - 1] else i
            break
        if _FROM_LINE.match(line) and any(_HEADER_LINE.match(ln) for ln in following[:2]):
            cut = i
            break
        if _TO_LINE.match(line) and following and _CC_OR_SUBJECT.match(following[0]):
            cut = i  # a Lotus header whose name and date lines were lost in the export
            break
    return "\n".join(lines[:max(cut, 0)]).strip()


# ---------------------------------------------------------------- reading


def _looks_like_mail(data: bytes) -> bool:
    """True when a file starts with RFC 822 headers and names a sender, a date or a subject."""
    head = data[:4096].replace(b"\r\n", b"\n").split(b"\n\n", 1)[0]
    lines = head.split(b"\n")
    if not lines or not re.match(rb"^[!-9;-~]+:", lines[0]):
        return False
    return bool(re.search(rb"(?im)^(from|date|subject|message-id):", head))


def _message(msg: email.message.Message, source: str, zone: str | None) -> CorpusMessage:
    message_id = _header(msg, "Message-ID")
    sent_local, sent_utc = local_time(_header(msg, "Date"), message_id, zone)
    senders = _addresses(msg, "From")
    body = _body(msg)
    reply_to = _header(msg, "In-Reply-To")
    return CorpusMessage(source=source, sender=senders[0] if senders else "", subject=_header(msg, "Subject"),
                         in_reply_to=reply_to or None, sent_local=sent_local, sent_utc=sent_utc,
                         to=_addresses(msg, "To"), cc=_addresses(msg, "Cc"), body=body,
                         body_new=split_new_text(body))


def _parse(data: bytes) -> email.message.Message:
    # compat32 reads what it can and never raises on a malformed header, unlike the default policy
    return email.message_from_bytes(data, policy=email.policy.compat32)


def _walk(root: Path) -> Iterator[Path]:
    if root.is_file():
        yield root
        return
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).parts
        if not path.is_file() or any(p.startswith(".") for p in rel) or any(p in _SKIP_DIRS for p in rel[:-1]):
            continue
        yield path


def _file_sizes(path: Path, rel: str) -> CorpusFile | None:
    from worldsmith.worlds.store import parse  # python-docx and openpyxl load only when a corpus holds such files

    try:
        if path.suffix.lower() in DOCUMENT_EXTS:
            return CorpusFile(rel, "document", words=parse.parse_docx(path).n_words)
        sheets = parse.parse_xlsx(path)
    except parse.ParseError:
        return None
    if not sheets:
        return None
    first = sheets[0]
    return CorpusFile(rel, "spreadsheet", rows=first.n_rows, cols=first.n_cols)


def _dedup_key(m: CorpusMessage) -> tuple:
    start = re.sub(r"\s+", " ", m.body).strip()[:BODY_START].lower()
    return (m.sender, m.sent_utc, re.sub(r"\s+", " ", m.subject).strip().lower(), start)


# The Berkeley "Enron email with categories" labels (ID.cats beside ID.txt, "top,sub,count" lines) that mark a
# message as carrying material that is no one's correspondence: 2.4 news articles, 2.5 government or academic
# reports, 2.7 press releases, 2.10 newsletters, 2.11 and 2.12 jokes. A matter's data room holds none of these, and
# they were most of the reference's longest mail: 93 of the 159 messages of 800 words or more (issue 17, read 14).
_NOT_CORRESPONDENCE = {"2,4", "2,5", "2,7", "2,10", "2,11", "2,12"}


def _not_correspondence(file: Path) -> bool:
    """Whether a category label file beside the message marks it as forwarded news, a report, a press release, a
    newsletter or a joke."""
    labels = file.with_suffix(".cats")
    if file.suffix.lower() != ".txt" or not labels.is_file():
        return False
    try:
        lines = labels.read_text(encoding="utf-8", errors="replace").split()
    except OSError:
        return False
    return any(",".join(line.split(",")[:2]) in _NOT_CORRESPONDENCE for line in lines)


def read_corpus(path: str | Path, zone: str | None = None) -> Corpus:
    """Read every message (and .docx/.xlsx) under a maildir, an mbox, a folder of RFC 822 files, or one file.

    `zone` (an IANA name) reads every Date in that zone; by default the sender's own offset, or a
    known exporter's correction. Messages are de-duplicated and returned in a stable order. A message whose
    category labels (Berkeley's ID.cats beside ID.txt) mark it as forwarded news, a report, a press release, a
    newsletter or a joke is set aside (not_correspondence).
    """
    root = Path(path)
    if not root.exists():
        raise CorpusError(f"{root}: no such file or folder")
    if zone is not None:
        try:
            ZoneInfo(zone)
        except (ZoneInfoNotFoundError, ValueError):
            raise CorpusError(f"unknown time zone {zone!r}; use an IANA name such as America/Chicago") from None
    messages: list[CorpusMessage] = []
    files: list[CorpusFile] = []
    unreadable = 0
    other = 0
    for file in _walk(root):
        rel = file.relative_to(root).as_posix() if file != root else file.name
        suffix = file.suffix.lower()
        if suffix in DOCUMENT_EXTS | SHEET_EXTS:
            found = _file_sizes(file, rel)
            files.extend([found] if found else [])
            unreadable += found is None
            continue
        data = file.read_bytes()
        if data.startswith(b"From "):
            box = mailbox.mbox(file, create=False)
            try:
                for n, key in enumerate(box.iterkeys()):
                    messages.append(_message(_parse(box.get_bytes(key)), f"{rel}#{n + 1}", zone))
            finally:
                box.close()
        elif _looks_like_mail(data):
            if _not_correspondence(file):
                other += 1  # forwarded news, a report or a joke: no one's correspondence
                continue
            messages.append(_message(_parse(data), rel, zone))
        else:
            unreadable += 1  # a label file, a README: not mail
    kept: dict[tuple, CorpusMessage] = {}
    for m in messages:
        kept.setdefault(_dedup_key(m), m)  # the first copy in path order wins, so the result is stable
    if not kept and not files:
        raise CorpusError(f"{root}: no mail found (looked for a maildir, mbox files or RFC 822 messages)")
    return Corpus(messages=list(kept.values()), files=files, read=len(messages),
                  duplicates=len(messages) - len(kept), unreadable=unreadable, not_correspondence=other)

"""Attachments: which files of the room travel by mail, and the cover notes that circulate them.

Three sources, in this order: a thread item's `attach:` list (its opening message attaches the latest
instance of each named document or sheet made by its day); a thread whose purpose says its opener sends
something attaches the file of the room its purpose names; and a document or sheet that reaches its
readers by no message yet goes out under a short cover note from its author, sent on its day. A file
that is privileged (its author and readers all inside the circle) never rides on a message that
leaves the circle. The renderer attaches the room's own bytes; `attachments_match_room` checks them.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from worldsmith.generators.calendar import working_time
from worldsmith.generators.labels import as_first_sent
from worldsmith.generators.periods import without_interim
from worldsmith.generators.sides import principal
from worldsmith.worlds.plan import Attachment, DocumentSpec, EmailSpec, SheetSpec

# The folder of the cover notes that circulate files; each note is a thread of one message.
COVER_FOLDER = "Correspondence/Files circulated"
# The share of sheets (logs, trackers) sent round under a cover note; every document with readers is.
SHEET_COVER_SHARE = 0.5
# The share of cover notes that carry none of the file's figures: a line or two and a first name.
TERSE_SHARE = 0.55
# Seniority, highest first, by which a cover note names its addressees.
SENIORITY = {"executive": 3, "senior": 2, "mid": 1, "junior": 0}
# The most instances of a counted item (a daily log) that one message attaches.
MOST_INSTANCES = 3

# A title that says its paper is the outcome agreed: it records the thread's decision, not its start.
_AGREED = re.compile(r"\bagreed\b", re.I)
_WORD = re.compile(r"[a-z][a-z0-9'-]{3,}")
_STOP = {"with", "from", "that", "this", "their", "they", "them", "which", "where", "what", "when", "into", "over",
         "under", "each", "after", "before", "behind", "sends", "send", "circulates", "shares", "delivers", "serves",
         "provides", "produces", "answers", "questions", "asks", "memo", "draft", "final", "the", "and", "for"}


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _STOP}


def _day(spec: Any) -> dt.date:
    return spec.sent_at.date() if isinstance(spec, EmailSpec) else spec.date


_MONTH_DAY = re.compile(r"\b(January|February|March|April|May|June|July|August|September|October|November|December)"
                        r"\s+(\d{1,2})\b")


def held_on_its_day(file: Any) -> bool:
    """Whether a file is the minutes of a meeting held on the file's own date: its title names no earlier day
    ("Minutes - Kick-off call, March 3" dated March 4 records a meeting of the day before)."""
    if getattr(file, "doc_type", None) != "minutes":
        return False
    named = _MONTH_DAY.search(file.title or "")
    if named is None:
        return True
    try:
        held = dt.datetime.strptime(f"{named[1]} {named[2]} {file.date.year}", "%B %d %Y").date()
    except ValueError:
        return True
    return held >= file.date


# Minutes of a meeting of the day go out after it has sat and been written up: from midday (check
# minutes_sent_after_meeting; blind read 27, "minutes emailed at 08:35 for a meeting that day").
MINUTES_READY = dt.time(12, 0)


# ...and where the calendar holds the meeting they record, from its end and the half hour it takes to write them up:
# buyside-diligence's notes of the Thursday call (16:00 to 16:45) went out at 15:00, 16:30 and 16:38 that day (seeds
# 0, 35, 61), a record of a meeting not yet over.
WRITE_UP = dt.timedelta(minutes=30)


def meeting_ends(artifacts: list[Any]) -> dict[str, dt.datetime]:
    """Each file that records a meeting of its own day on the calendar (the meeting's records, or minutes whose title
    opens with its title) and when that meeting ends."""
    meetings = [a for a in artifacts if getattr(a, "kind", "") == "calendar"]
    out: dict[str, dt.datetime] = {}
    for f in _files(artifacts):
        if not held_on_its_day(f):
            continue
        for m in meetings:
            if m.starts_at.date() == f.date and (f.id in m.records or
                                                  (f.title or "").lower().startswith(m.summary.lower())):
                out[f.id] = max(out.get(f.id, m.ends_at), m.ends_at)
    return out


def ready_for(file: Any, message: EmailSpec, ends: dict[str, dt.datetime] | None = None) -> bool:
    """Whether a file exists when the message goes out: made on an earlier day, or that day, minutes only from midday,
    and from the write-up after the end of the meeting they record where `ends` (meeting_ends) knows it."""
    day = _day(message)
    if file.date == day and ends and file.id in ends:
        return message.sent_at >= ends[file.id] + WRITE_UP
    return file.date < day or (file.date == day and (not held_on_its_day(file) or
                                                     message.sent_at.timetz().replace(tzinfo=None) >= MINUTES_READY))


def _files(artifacts: list[Any]) -> list[Any]:
    return [a for a in artifacts if isinstance(a, (DocumentSpec, SheetSpec))]


def _named(files: list[Any], name: str, plain: list[str] | None = None) -> list[Any]:
    """The instances of the outline item `name` (its id or title) among the room's files, oldest first (`plain`: each
    file's title without_interim and lower-cased, where the caller has them)."""
    if plain is None:
        plain = [without_interim(f.title).lower() for f in files]
    # one pattern per name, not one escaped and looked up per file: a year's matter (bench.long_matter --scale 80)
    # spent 12 of its 17 CPU-s of planning here, every name tried against every file of the room
    numbered, lowered, part = re.compile(re.escape(name) + r"_\d+"), name.lower(), name + " - "
    hit = [f for f, title in zip(files, plain) if f.item == name or numbered.fullmatch(f.item)
           or f.title == name or title == lowered  # (an interim paper: as_of_period)
           or f.title.startswith(part)]
    return sorted(hit, key=lambda f: (f.date, f.id))


def _privileged(planner: Any, people: list[str]) -> bool:
    return all(planner.people_by_id(p).organisation in planner.circle for p in people)


def _reaches_ours(planner: Any, people: list[str]) -> bool:
    """Whether any of these people sits inside the home side's circle (whose file the room is)."""
    return not planner.circle or any(planner.people_by_id(p).organisation in planner.circle for p in people)


def _may_carry(planner: Any, message: EmailSpec, file: Any) -> bool:
    """A privileged file stays inside the circle: it rides only on a message that does too; and no one is sent their
    own organisation's paper by another (read 20: the audit committee's chair sent the auditor its own findings report,
    "Here is the revenue-cycle review"; "the auditor sends the borrower its own signed compliance certificate")."""
    made = planner.people_by_id(file.author).organisation
    if made != planner.people_by_id(message.author).organisation and \
            any(planner.people_by_id(p).organisation == made for p in message.to):
        return False
    return not _privileged(planner, [file.author, *file.readers]) or \
        _privileged(planner, [message.author, *message.to, *message.cc])


def _attach(message: EmailSpec, files: list[Any]) -> None:
    have = {a.artifact for a in message.attachments}
    for f in files:
        if f.id not in have:
            message.attachments.append(Attachment(artifact=f.id, path=f.path, title=f.title))
            have.add(f.id)


def _place(planner: Any, thread: list[EmailSpec], instances: list[Any],
           circulated: frozenset[str] = frozenset(), ends: dict[str, dt.datetime] | None = None) -> None:
    """Attach the latest instances made by the opener's day to the opener; else the first message after the
    earliest instance is made carries it. None fits: nothing is attached (and no text promises it). Of instances
    some earlier message of the room already carried (`circulated`), only the latest goes again."""
    if not thread or not instances:
        return
    settled = next((i for i, m in enumerate(thread) if m.beat == "decide"), None)
    if settled is not None and _AGREED.search(instances[-1].title or ""):
        # a paper that records what the thread agrees goes round once it is agreed, by one who may carry it (a
        # forward of the settled exchange included); blind read 26: 'Joint measurement of the demise' attached
        # "Measured survey, agreed" to its opener of 20 April, four days before the surveyors agreed the area
        carrier = next((m for m in thread[settled:] if ready_for(instances[-1], m, ends)
                        and _may_carry(planner, m, instances[-1])), None)
        if carrier is not None:
            _attach(carrier, instances[-1:])
        return
    opener = thread[0]
    made = [f for f in instances if ready_for(f, opener, ends)]
    if made:
        chosen = [f for f in made[-MOST_INSTANCES:] if _may_carry(planner, opener, f)]
        # a recap may send the latest notes again, never the run of old ones the series already sent (read22: a
        # meeting follow-up "still attaches three weeks of call notes" the weekly notes had each carried)
        chosen = [f for f in chosen[:-1] if f.id not in circulated] + chosen[-1:]
        _attach(opener, chosen)
        return
    later = next((m for m in thread if m.mode != "forward" and ready_for(instances[0], m, ends)), None)
    if later is not None:
        _attach(later, [f for f in instances if ready_for(f, later, ends)][-MOST_INSTANCES:][:1]
                if _may_carry(planner, later, instances[0]) else [])


class _Files:
    """The room's files read once for plan_attachments: each title's words, facts and item family, and the
    instances of each name. Read again for every opener, a year's matter (8,178 artifacts at bench.long_matter
    --scale 80) planned in 13.6 times the CPU of a tenth of it (x10): every thread scanned the whole room."""

    def __init__(self, files: list[Any]):
        self.files = files
        self.words = [_words(f.title) for f in files]
        self.facts = [set(f.facts) for f in files]
        self.families: dict[tuple[str, str], list[Any]] = {}
        for f in files:
            self.families.setdefault(_family(f), []).append(f)
        self.plain = [without_interim(f.title).lower() for f in files]
        self._named: dict[str, list[Any]] = {}

    def named(self, name: str) -> list[Any]:
        """_named(files, name), worked out once per name."""
        if name not in self._named:
            self._named[name] = _named(self.files, name, self.plain)
        return list(self._named[name])


def _family(f: Any) -> tuple[str, str]:
    return f.item.rsplit("_", 1)[0], f.title.split(" - ")[0]


def _purpose_match(files: list[Any] | _Files, opener: EmailSpec) -> list[Any]:
    """The file a sending opener's purpose (and title) names: the most title words in common, two at least,
    then the most facts in common; all instances of its item, oldest first."""
    room = files if isinstance(files, _Files) else _Files(files)
    want = _words(opener.purpose + " " + opener.title)
    facts = set(opener.facts)
    best, score = None, (1, 0)
    for f, words, has in zip(room.files, room.words, room.facts):
        s = (len(want & words), len(has & facts))
        if s > score and f.distractor is None:
            best, score = f, s
    if best is None:
        return []
    return sorted(room.families[_family(best)], key=lambda f: (f.date, f.id))


def _brings(planner: Any, file: Any, fact_id: str, first: dict[str, dt.date]) -> bool:
    """Whether a file brings a figure its readers have not had: no earlier paper of the room carried it, or it has
    moved since the first one did. A cover note names only those: a figure every paper has carried since the first
    is background, and said again beside a file it reads as a stray line ('We have 42,000 units under recall.' under
    the minutes of a site inspection, weeks after the notice of claim gave it; blind read 29)."""
    since = first.get(fact_id)
    if since is None or since >= file.date:
        return True
    return any(since < day <= file.date for day, _ in planner.outline_fact(fact_id).history())


def _needed(fact: Any) -> bool:
    """Whether a figure is one a cover note may give its reader: an amount or a rate, or a figure worked out from
    others; a plain count (the positions affected, the claims in a period) is the matter's background, and said beside
    a file it reads as a stray line (blind read 34: "64 positions were affected." under an engagement letter)."""
    return fact.value.type in ("money", "percent") or fact.value.type == "number" and bool(fact.formula)


def _cover_note(planner: Any, file: Any, first: dict[str, dt.date] | None = None,
                ends: dict[str, dt.datetime] | None = None) -> EmailSpec | None:
    """A one-message thread from a file's author to its readers, sent on its day, attaching it (`first`: the day
    each fact was first carried by a paper of the room)."""
    readers = [r for r in file.readers if r != file.author]
    if not readers:
        return None
    author = planner.people_by_id(file.author)
    # a file goes to those it is for, its author's colleagues copied; the most senior of them first (read 19: "the
    # partner addresses client minutes to her own juniors ('Hello Jerry and Mary'), puts the chair only on cc")
    theirs = sorted((r for r in readers if planner.people_by_id(r).organisation != author.organisation),
                    key=lambda r: -SENIORITY.get(planner.people_by_id(r).seniority, 0))
    to, cc = readers[:2], readers[2:]
    if len(readers) > 2 and theirs:
        to, cc = theirs[:2], [r for r in theirs[2:] + readers if r not in theirs[:2]]
        cc = list(dict.fromkeys(cc))
    if len(readers) == 2 and planner.rng.random() < 0.4:
        # a file sent to two people goes to both (copying one of two read as a slight, and put a third of the
        # buy-side room's mail over real mail's share with a Cc); the draw now only says who is named first
        to = readers[::-1]
    if not _reaches_ours(planner, [file.author, *readers]):
        # the room is our side's file: a paper passed between two people across the table reached us because it
        # was served on one of ours, its own readers copied (read 19: "an internal email from the landlord's
        # surveyor to her own client has no place in the tenant's counsel's file")
        ours = [p.id for p in planner.people if p.organisation in planner.circle][:1]
        to, cc = ours, readers[:3]
    inside = [r for r in to if planner.people_by_id(r).organisation in planner.circle]
    if author.organisation in planner.circle and inside and len(inside) < len(to):
        # sent to the other side, our own people copied, not addressed as if across (planner: read 22)
        to, cc = [r for r in to if r not in inside], [*inside, *cc]
    # a represented party across the table gets the file through its counsel (blind read 36, gb-dilapidations-claim:
    # the minutes of the without-prejudice meeting went to the landlord's asset manager as well as its solicitors)
    to = list(dict.fromkeys(p.id for p in planner.no_contact(author, [planner.people_by_id(r) for r in to], file.date)))
    cc = [p.id for p in planner.no_contact(author, [planner.people_by_id(r) for r in cc], file.date)
          if p.id not in to and p.id != author.id]
    cc = list(dict.fromkeys(cc))
    on = [planner.people_by_id(r) for r in [file.author, *to, *cc]]
    if any(planner.neutral(p) for p in on):
        # a paper to or from a neutral is served on both parties: one person of each party it leaves out is copied,
        # through its counsel where it has one (blind read 26: the tenant's submission to the independent surveyor
        # went to the surveyor alone, service-charge-dispute; check neutral_hears_both_parties)
        party = lambda p: principal(planner.outline.organisations, p.organisation)  # noqa: E731 - one use
        first = {}
        # (a side the paper already reaches is served: the costs referee's report to both parties' solicitors was
        # copied to a group member, the funder and forensic accountants not yet engaged, one of each organisation the
        # cast has, blind read 29, a class action)
        reached = {p.organisation in planner.circle for p in on if not planner.neutral(p)}
        for p in planner.both_sides(on, planner.people):
            if (p.organisation in planner.circle) not in reached:
                first.setdefault(party(p), p)
        cc = [*cc, *[p.id for p in planner.no_contact(author, list(first.values()), file.date) if p.id not in cc]]
    at = working_time(planner.rng, file.date, planner.tz)
    if held_on_its_day(file) and at.time() < MINUTES_READY:
        at += dt.timedelta(hours=6)  # (no draw: no other message of the world changes)
    if ends and file.id in ends and at < ends[file.id] + WRITE_UP:
        at = ends[file.id] + WRITE_UP + dt.timedelta(minutes=at.minute % 20, seconds=at.second)  # (no draw)
    at = planner.in_hours(author, at)
    tid = planner.unique(f"cover_{file.id}", planner.ids, "{}_{}")
    from worldsmith.generators.planner import safe_filename  # the planner imports this module

    folder = planner.unique(f"{COVER_FOLDER}/{safe_filename(file.title, 64)}", planner.paths, "{} ({})")
    aid = f"{tid}-m1"
    # Some name the file's figures by label and value (a file's facts are known on its day), never a draft's; most
    # are a line and a name, the file speaking for itself (real mail: most messages add under 25 words).
    # Its figures, not the matter's background (the vessel's name, the casualty's date on every daily log).
    figures = [f for f in file.facts if _needed(planner.outline_fact(f)) and _brings(planner, file, f, first or {})]
    # one figure at most, the one the file works out before one it merely states (blind read 34: a cover note that
    # listed its file's figures one by one closed the engagement letter with a bare "64 positions were affected.")
    figures.sort(key=lambda f: not planner.outline_fact(f).formula)
    facts = [] if file.distractor or planner.rng.random() < TERSE_SHARE else figures[:1]
    return EmailSpec(
        id=aid, item=tid, thread=tid, position=0, mode="new", parent=None,
        path=f"{folder}/01 {at:%Y-%m-%d %H%M} {author.last_name}.eml",
        title=as_first_sent(file.title), author=author.id, occupation=author.occupation, to=to, cc=cc, sent_at=at,
        facts=facts, distractor=None, purpose="", message_id=planner.message_id(aid, author),
        quote="full", beat="send", decision="",
        attachments=[Attachment(artifact=file.id, path=file.path, title=file.title)],
    )


# A subject that forwards ("FW: Architect's initial decision on Claim No. 7").
_FORWARD = re.compile(r"(?i)^\s*(?:fw|fwd|wg|tr)\s*:")


def _forwarded(planner: Any, room: _Files, message: EmailSpec, thread: list[EmailSpec],
               ends: dict[str, dt.datetime]) -> None:
    """A forward carries the file its thread is on: what an earlier message of the thread attached, else the file of
    the room its subject names, else one a writer of the thread made whose title shares two of the subject's words
    ("Final calculation: figures for the board paper" and "Payroll remediation calculation report (final)"); the
    latest made by its day. "Forwarding the final calculation" with nothing attached carried nothing (blind read 35b,
    a forward that "holds only a one-line thanks and no attachment" while the room had the paper)."""
    earlier = [a.artifact for m in thread if m.position < message.position for a in m.attachments]
    if earlier:
        files = [f for f in room.files if f.id == earlier[-1]]
    else:
        title = _FORWARD.sub("", message.title).strip()
        # (what the subject is on comes before its colon: "Final calculation", not "the board paper" it is for)
        head = title.split(":")[0]
        want = _words(head) | ({"final"} & set(_WORD.findall(head.lower())))
        writers = {m.author for m in thread}
        files = [f for f in room.named(title) if f.distractor is None] or sorted(
            (f for f, words in zip(room.files, room.words) if f.distractor is None and f.author in writers and
             len(want) >= 2 and want <= words | ({"final"} & set(_WORD.findall(f.title.lower())))),
            key=lambda f: (f.date, f.id))
    ready = [f for f in files if ready_for(f, message, ends) and _may_carry(planner, message, f)]
    if ready:
        _attach(message, ready[-1:])


def plan_attachments(planner: Any, wanted: dict[str, list[str]]) -> None:
    """Attach files to the messages that circulate them, and add cover notes for files no message carries.

    `wanted` maps a thread instance to its item's `attach:` list."""
    artifacts = planner.artifacts
    files = _files(artifacts)
    room = _Files(files)
    ends = meeting_ends(artifacts)
    openers = [a for a in artifacts if isinstance(a, EmailSpec) and a.position == 0]
    threads: dict[str, list[EmailSpec]] = {}
    for a in artifacts:
        if isinstance(a, EmailSpec):
            threads.setdefault(a.thread, []).append(a)
    # a series' notes attach what has come since the last one, never again what an earlier note of the series sent
    # ("it re-attaches three weeks of old notes": each weekly note carried the last three call notes, read22)
    sent: dict[tuple[str, str], set[str]] = {}
    circulated: set[str] = set()
    for opener in sorted(openers, key=lambda a: (_day(a), a.sent_at)):
        thread = sorted(threads.get(opener.thread, []), key=lambda a: a.position)
        before = frozenset(circulated)
        names = wanted.get(opener.thread, [])
        if names:
            for name in names:
                key = (opener.item.rsplit("_", 1)[0], name)
                _place(planner, thread, [f for f in room.named(name) if f.id not in sent.get(key, set())], before,
                       ends)
                sent.setdefault(key, set()).update(a.artifact for m in thread for a in m.attachments)
        elif opener.beat == "send":
            matched = _purpose_match(room, opener)
            key = (opener.item.rsplit("_", 1)[0], "|".join(_family(matched[0])) if matched else "")
            _place(planner, thread, [f for f in matched if f.id not in sent.get(key, set())], before, ends)
            sent.setdefault(key, set()).update(a.artifact for m in thread for a in m.attachments)
        circulated.update(a.artifact for m in thread for a in m.attachments)
    for message in artifacts:
        if isinstance(message, EmailSpec) and not message.attachments and \
                (message.mode == "forward" or message.position == 0 and _FORWARD.match(message.title or "")):
            _forwarded(planner, room, message, sorted(threads.get(message.thread, []), key=lambda a: a.position),
                       ends)
    carried = {a.artifact for m in artifacts if isinstance(m, EmailSpec) for a in m.attachments}
    first: dict[str, dt.date] = {}
    for f in files:
        for fact in f.facts if f.distractor is None else ():
            first[fact] = min(first.get(fact, f.date), f.date)
    for f in sorted(files, key=lambda f: (f.date, f.id)):
        if f.id in carried:
            continue
        if isinstance(f, SheetSpec) and planner.rng.random() >= SHEET_COVER_SHARE:
            continue
        note = _cover_note(planner, f, first, ends)
        if note is not None:
            artifacts.append(note)

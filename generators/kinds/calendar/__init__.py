"""The calendar kind: meetings of the matter, as one iCalendar file per person holding the events they attend.

An outline writes `kind: meeting` items: a kick-off on a date, weekly status calls (a date range and
a count, on the days the weekly status mails go out), a client call the business day `before` a
deadline fact. The engine fixes each meeting's time, organiser, attendees, place or call link and
UID; the model or the composer writes only its description (the agenda). A meeting may ask for
`minutes` (a minutes document) or a `follow_up` email, which refer to it by its title and date;
meeting_reference_exists then checks that every such reference is a meeting on the calendars.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from pathlib import Path
from typing import Any, Literal
from zoneinfo import ZoneInfo

from pydantic import BaseModel, ConfigDict, Field

from worldsmith.generators.calendar import next_business_day
from worldsmith.generators.compose.text import join_names, long_date, mail_day
from worldsmith.generators.kinds.calendar.compose import compose_meeting
from worldsmith.generators.kinds.calendar.reader import CALENDAR_DDL, load_ics
from worldsmith.generators.kinds.calendar.render import render_calendars
from worldsmith.generators.kinds.calendar.series import cadence, grid, rule_days
from worldsmith.generators.kinds.calendar.view import events
from worldsmith.generators.kinds.prose import distractor_line, fact_lines, guard, missing, usable
from worldsmith.generators.planner import _Planner, safe_filename, slugify
from worldsmith.generators.prompts import people_line
from worldsmith.generators.render.world import room_path, write_file
from worldsmith.worlds.kinds import Kind
from worldsmith.worlds.outline import DocumentItem, EmailThreadItem, ItemBase
from worldsmith.worlds.plan import Person, SpecBase
from worldsmith.worlds.public_holidays import matter_holidays

_STRICT = ConfigDict(extra="forbid")
MINUTES_FOLDER = "Minutes"                            # under the meeting's folder
FOLLOW_UP_FOLDER = "Correspondence/Meeting follow-ups"  # mail lives with the correspondence


class MeetingItem(ItemBase):
    """A meeting: a kick-off, weekly status calls (date and count), a client call before a deadline."""

    kind: Literal["meeting"]
    time: str = Field("10:00", pattern=r"^([01]\d|2[0-3]):[0-5]\d$", description="start time, world time (HH:MM)")
    duration: int = Field(60, ge=10, le=600, description="minutes")
    call: bool = Field(True, description="held on a video call (a link); else in person at `location`")
    location: str | None = Field(None, max_length=200, description="where it is held in person, e.g. 'Conference room 4B'")
    before: str | None = Field(None, description="a date fact: the meeting is held on the last business day before it")
    minutes: bool = Field(False, description="someone writes minutes: a minutes document the next business day")
    follow_up: bool = Field(False, description="the organiser sends a follow-up email the next business day")


class MeetingSpec(SpecBase):
    """One meeting: an event on the calendars of its organiser (the author) and attendees."""

    kind: Literal["calendar"] = "calendar"
    summary: str = Field(description="the event's title, the same for every meeting of a series")
    calendar: str = Field(description="the folder of the room that holds the people's calendars")
    starts_at: dt.datetime = Field(description="timezone-aware")
    ends_at: dt.datetime
    attendees: list[str] = Field(default_factory=list, description="person ids, the organiser not among them")
    location: str
    uid: str
    calendars: list[str] = Field(default_factory=list, description="the room paths of its people's calendars, "
                                                                   "the organiser's first; only the people of "
                                                                   "the room's own organisation")
    follows: bool = Field(False, description="a meeting of the same title came before it (it has a 'last time')")
    holders: list[str] = Field(default_factory=list, description="person ids of the owners of `calendars`, in order")
    records: list[str] = Field(default_factory=list, description="ids of the minutes or follow-up that refer to it")
    # a meeting of a series its title gives a cadence ('Weekly status call'): the occurrence of the series' rule it
    # is (RECURRENCE-ID), the rule's days apart, its last start, the occurrences it skips and what the series'
    # own invitation says; a one-off meeting has none (series.py)
    recurrence: dt.datetime | None = None
    every: int | None = None
    until: dt.datetime | None = None
    exdates: list[dt.datetime] = Field(default_factory=list)
    standing: str = ""
    group: str = Field("", description="a body of the meeting invited by its list address, 'Audit Committee "
                                       "<audit.committee@x.example>', where the cast holds fewer than two of it")


class MeetingContent(BaseModel):
    """What the organiser writes into the invitation."""

    model_config = _STRICT
    kind: Literal["calendar"] = "calendar"
    description: str = Field(min_length=1, max_length=4000, description="the agenda: a line on the purpose, then "
                                                                        "numbered points; plain text")


class MeetingProse(BaseModel):
    """What the organiser writes into the invitation: its description. Title, time, place, link and attendees are
    the engine's."""

    model_config = _STRICT
    agenda: str = Field(min_length=1, max_length=3000, description="a line on what the meeting is for, then the "
                                                                   "agenda as numbered points; a fact's value as {{fact_id}}")


def merge(ctx: Any, prose: MeetingProse) -> tuple[MeetingContent, list[str]]:
    """The invitation's description from the organiser's agenda, with each planned fact it lacks as a further point."""
    notes: list[str] = []
    text = guard(prose.agenda, ctx, notes)
    if not usable(text):
        notes.append("no usable agenda: the composer's")
        return compose_meeting(ctx), notes
    extra = []
    lost = missing(text, ctx)
    if lost:
        extra += fact_lines(ctx, lost)
        notes.append("added " + ", ".join(f.id for f in lost))
    label = distractor_line(ctx, text)
    if label:
        extra.append(label)
        notes.append("added the distractor's label")
    tail = "\n".join(f"- {x}" for x in extra)
    room = 4000 - len(tail) - 2
    return MeetingContent(description=(text[:room].rstrip() + ("\n" + tail if tail else ""))), notes


def prose_of(ctx: Any, content: MeetingContent) -> MeetingProse:
    """The organiser's agenda in an invitation."""
    return MeetingProse(agenda=content.description[:3000])


def calendar_path(folder: str, person: Any) -> str:
    """A person's calendar in the room."""
    return f"{folder}/{safe_filename(person.name)}.ics"


def reference(summary: str, day: dt.date) -> str:
    """How a minutes document or a follow-up names a meeting: its title and its day ('Kick-off meeting, March 3')."""
    return f"{summary}, {day:%B} {day.day}"


def check_item(item: MeetingItem, outline: Any) -> tuple[tuple, str] | None:
    """A meeting held `before` a fact names a date fact, once."""
    if item.before is None:
        return None
    fact = next((f for f in outline.facts if f.id == item.before), None)
    if fact is None:
        return ("before",), f"fact {item.before!r} is not defined"
    if fact.value is None or fact.value.type != "date":
        return ("before",), f"a meeting is held before a date; {item.before!r} is not a date fact"
    if item.count != 1:
        return ("count",), "a meeting held before a deadline happens once (count: 1)"
    return None


def room_people(planner: _Planner, people: list[Any]) -> list[Any]:
    """Of a meeting's people (organiser first), those whose calendars the room holds: the people of the room's own
    organisation (the outline's first cast member's). Outside counsel's or a client's diary is in their own
    systems, never in an adviser's file room. A meeting none of them attends stays on its organiser's calendar."""
    home = planner.outline.cast[0].organisation if planner.outline.cast else None
    mine = [p for p in people if home is None or p.organisation == home]
    return mine or people[:1]


def hearing_venue(outline: Any, remote: bool = False) -> str:
    """Where a hearing of the matter's court sits: the English court (and its building) the matter's claim is in, the
    US district court the matter names, else the court of the matter's own country; a remote hearing on the court's
    own video link."""
    from worldsmith.generators.compose.genres import district
    from worldsmith.generators.compose.substance.pleading import court_venue

    if outline.locale == "en_US":
        court = district(f"{outline.title} {outline.summary}")
        court = " ".join(w.capitalize() if w not in ("FOR", "THE", "OF") else w.lower() for w in court.split())
        return f"{court}: by the Court's video link" if remote else court
    if outline.locale != "en_GB":
        # (a matter of another country is heard in its own court, never the Rolls Building in London)
        from worldsmith.generators.compose.law import chooses_english, governing_law
        from worldsmith.generators.compose.substance.pleading import named_court
        from worldsmith.generators.compose.text import cap_first

        court = named_court(f"{outline.title} {outline.summary}") or (
            "" if chooses_english(outline.locale) else cap_first(governing_law(outline.locale)[1]))
        court = court or "The court"
        return f"{court}: remote hearing by the court's video link" if remote else court
    court, building = court_venue(outline.title, outline.summary)
    return f"{court}: remote hearing by the court's video link" if remote else f"{court}, {building}"


def series_rule(planner: _Planner, item: MeetingItem, day: dt.date) -> dict[str, Any] | None:
    """The rule of the series a planned meeting belongs to, where its title gives a cadence and its planned days fit
    one (series.grid): this meeting's occurrence, the rule's days apart, its last day, the days it is not held (the
    matter's public holidays no planned meeting was moved from) and the series' own invitation. None for a one-off
    meeting, a series whose title names no cadence, and one whose planned days are not one rule's."""
    every = cadence(item.title) if item.count > 1 and item.before is None else None
    days = list(getattr(planner, "_days", []) or [])
    w = planner.outline.window
    if every is None or day not in days:
        return None
    end = min(item.dates.end if item.dates is not None else days[-1], w.end)
    slots = grid(days, every, end)
    if slots is None:
        return None
    ruled = rule_days(days[0], every, min(max(end, *slots.values()), w.end))
    holidays = matter_holidays(planner.tz, planner.outline.locale, w.start, w.end)
    moved = set(slots.values())
    off = [d for d in ruled if d not in moved and (d in planner.off or d.weekday() >= 5)]
    locale = planner.outline.locale
    span = f"from {mail_day(ruled[0], locale)} to {long_date(ruled[-1], locale)}"
    ends = dt.datetime(2000, 1, 1, *map(int, item.time.split(":"))) + dt.timedelta(minutes=item.duration)
    lines = [f"{'Weekly' if every == 7 else 'Fortnightly'} call on {ruled[0]:%A}s, {item.time}-{ends:%H:%M}, {span}."]
    if off:
        lines.append("No call on " + join_names([mail_day(d, locale) + (f" ({holidays[d]})" if d in holidays else "")
                                                 for d in off]) + ".")
    lines.append("Standing items: actions from the last call, where each workstream stands, next steps. Points for "
                 "a particular week go round in that week's invitation.")
    return {"slot": slots[day], "every": every, "until": ruled[-1], "off": off, "standing": " ".join(lines)}


def at_times(rule: dict[str, Any], zone: ZoneInfo, hour: int, minute: int) -> dict[str, Any]:
    """A series rule's days as the meeting's spec holds them: starts at the meeting's time in the world's zone."""
    def at(day: dt.date) -> dt.datetime:
        return dt.datetime(day.year, day.month, day.day, hour, minute, tzinfo=zone)

    return dict(recurrence=at(rule["slot"]), every=rule["every"], until=at(rule["until"]),
                exdates=[at(d) for d in rule["off"]], standing=rule["standing"])


def plan_meeting(planner: _Planner, folder: str, item: MeetingItem, instance: str, day: dt.date, title: str,
                 facts: list[str], distractor: str | None) -> None:
    """The meeting on its day and time, and the minutes or follow-up that refer to it."""
    w = planner.outline.window
    if item.before is not None:
        deadline = next(f for f in planner.outline.facts if f.id == item.before).value.value
        day = deadline - dt.timedelta(days=1)
        while (day.weekday() >= 5 or day in planner.off) and day > w.start:
            day -= dt.timedelta(days=1)
        day = min(max(day, w.start), w.end)
    facts = [f for f in facts if planner.first_known.get(f) is None or planner.first_known[f] <= day]
    zone = ZoneInfo(planner.tz)
    hour, minute = (int(x) for x in item.time.split(":"))
    starts = dt.datetime(day.year, day.month, day.day, hour, minute, tzinfo=zone)
    organiser = planner.by_role[item.author][0]
    attendees = [p for p in planner.persons(item.participants) if p.id != organiser.id]
    domain = next(o.domain for o in planner.outline.organisations if o.id == organiser.organisation)
    rule = series_rule(planner, item, day)
    # a series is one event in a calendar client: one UID and one call link for all its meetings
    key = instance.rsplit("_", 1)[0] if rule else instance
    digest = hashlib.sha256(f"{planner.world_id}:{key}".encode()).hexdigest()
    from worldsmith.generators.compose.substance.hearing import is_hearing

    hearing = is_hearing(item.title)
    if hearing:
        # a hearing sits at the court, or on the court's own link: never a party's firm's meeting room or video
        # call (read 25: 'The "case management conference" is a firm-hosted video call ... and no court')
        where = hearing_venue(planner.outline, remote=item.call)
    elif item.call:
        where = f"Video call: https://meet.{domain}/{slugify(item.title, 24)}-{digest[:6]}"
    else:
        org = next(o.name for o in planner.outline.organisations if o.id == organiser.organisation)
        where = item.location or f"{org}, main conference room"
    holders = room_people(planner, [organiser, *attendees])
    group = "" if hearing else body_list(planner, item.title, [organiser, *attendees])
    spec = MeetingSpec(
        id=instance, item=instance, path=calendar_path(folder, holders[0]), title=title, author=organiser.id,
        occupation=organiser.occupation, facts=facts, distractor=distractor if facts else None,
        purpose=item.purpose or "", summary=item.title, calendar=folder, starts_at=starts,
        ends_at=starts + dt.timedelta(minutes=item.duration), attendees=[p.id for p in attendees], location=where,
        uid=f"{digest[:24]}@{domain}", calendars=[calendar_path(folder, p) for p in holders],
        holders=[p.id for p in holders], group=group,
        follows=any(a.kind == "calendar" and a.summary == item.title and a.starts_at < starts for a in planner.artifacts),
        **({} if rule is None else at_times(rule, zone, hour, minute)))
    planner.artifacts.append(spec)
    after = next_business_day(day + dt.timedelta(days=1), w.end, planner.off) if day < w.end else day
    after = min(after, w.end)
    said = reference(item.title, day)
    if item.minutes:
        aid = planner.unique(f"{instance}_minutes", planner.ids, "{}_{}")
        minutes = DocumentItem(kind="document", title=f"{'Attendance note' if hearing else 'Minutes'}: {said}",
                               author=item.author,
                               participants=item.participants, doc_type="minutes", sections=4,
                               # (who called it chairs it, as its invitation marks: the minutes name the same chair,
                               # read 21 'the attendance differs from file 14')
                               # (and what the outline says the meeting does, which the minutes record: read 21,
                               # 'the agenda has "To agree: to audit", but the minutes record no decision to audit')
                               purpose=f"record what the {item.title} decided"
                                       + (f": {' '.join(item.purpose.split()).rstrip('.')}" if item.purpose else "")
                                       + (f"; {organiser.name} attended for the client" if hearing else
                                          f"; {organiser.name} called it and took the chair"))
        planner.add_document(f"{folder}/{MINUTES_FOLDER}", minutes, aid, after, minutes.title, facts, None)
        taker, made = minutes_taker(organiser, attendees), planner.artifacts[-1]
        if taker.id != organiser.id:  # (the one who called the meeting is among those it records, the taker not)
            readers = [organiser.id] + [r for r in made.readers if r not in (taker.id, organiser.id)]
            planner.artifacts[-1] = made.model_copy(update={"author": taker.id, "occupation": taker.occupation,
                                                            "readers": readers})
        spec.records.append(aid)
    if item.follow_up:
        tid = planner.unique(f"{instance}_follow_up", planner.ids, "{}_{}")
        mail = EmailThreadItem(kind="email_thread", title=f"Follow-up: {said}", author=item.author,
                               participants=item.participants, messages=2,
                               purpose=f"send the actions agreed at the {item.title}")
        # (the notes carry what the meeting was about, every fact it had: with its first alone, a bank's call on its
        # deadline and its committee's decision went out as "My notes ... are below" over the deadline and nothing
        # else, read 30)
        planner.add_thread(FOLLOW_UP_FOLDER, mail, tid, after, mail.title, facts, None)
        spec.records.append(tid)


# Minutes are kept by the most junior person of the organiser's firm at the meeting, not by whoever called it (read
# 20: "The MD takes minutes with two analysts present"; "partner as minute-taker" with his associate there).
_RANK = {"junior": 0, "mid": 1, "senior": 2, "executive": 3}


_BODY = re.compile(r"\b((?:[A-Z][a-z]+\s+){0,2}(?:committee|board))\b", re.I)
_SMALL = ("the", "a", "an", "with", "on", "of", "and", "to")


def body_list(planner: _Planner, title: str, people: list[Person]) -> str:
    """The list address a meeting of a body (a committee, a board) goes to where the cast holds fewer than two of its
    members among the people invited, as 'Audit Committee <audit.committee@nimbusgate.example>' at the domain of the
    member it has; '' for any other meeting, or a body none of the invited belongs to."""
    m = _BODY.search(title or "")
    if m is None:
        return ""
    key = m.group(1).split()[-1].lower()
    words = [w.lower() for w in m.group(1).split() if w.lower() not in _SMALL]
    body = " ".join(w.capitalize() for w in words)
    members = [p for p in people if all(w in (p.title or "").lower() for w in words)
               or key == "board" and re.search(r"\bdirector\b|\bboard\b", p.title or "", re.I)]
    if not members or len(members) >= 2:
        return ""
    domain = next(o.domain for o in planner.outline.organisations if o.id == members[0].organisation)
    return f"{body} <{'.'.join(words)}@{domain}>"


def minutes_taker(organiser: Person, attendees: list[Person]) -> Person:
    """Who keeps a meeting's note: the most junior of the organiser's firm present (the first such, the organiser
    when alone)."""
    firm = [organiser] + [p for p in attendees if p.organisation == organiser.organisation]
    return min(firm, key=lambda p: _RANK.get(p.seniority, 1))


def meeting_context(plan: Any, spec: MeetingSpec, done: dict) -> dict:
    """Who the invitation goes to: the attendees."""
    return {"to": list(spec.attendees)}


def meeting_fields(context: Any) -> dict[str, Any]:
    """The meeting template's own fields."""
    spec = context.spec
    return dict(summary=spec.summary, attendees=people_line(context.to), starts=spec.starts_at.isoformat(),
                ends=spec.ends_at.isoformat(), location=spec.location)


def plan_row(a: MeetingSpec, zone: Any, add: Any) -> dict[str, Any]:
    """A meeting's columns of the artifacts table (at its start), its attendees and its planned event."""
    for person in a.attendees:
        add("planned_recipients", artifact_id=a.id, kind="attendee", person_id=person)
    # whose calendars the room holds the meeting in (its people of the room's own organisation)
    for person in a.holders:
        add("planned_recipients", artifact_id=a.id, kind="calendar", person_id=person)
    add("planned_meetings", artifact_id=a.id, uid=a.uid, summary=a.summary, starts_at=a.starts_at, ends_at=a.ends_at)
    return dict(at=a.starts_at)


def files(spec: MeetingSpec) -> list[tuple[str, str]]:
    """The calendar of everyone at the meeting, organiser first (whose copy is the meeting's own file)."""
    return [(path, "calendar") for path in spec.calendars]


def render(plan, spec: MeetingSpec, contents: dict, room: Path) -> list[Path]:
    """Nothing of its own: a meeting is written into the calendars of its people (render_all)."""
    return []


def render_all(plan, specs: list[MeetingSpec], contents: dict, room: Path, changed: set[str] | None = None) -> list[Path]:
    """One .ics per person, holding every meeting they organise or attend (all of them again: a handful of files)."""
    return [write_file(room_path(room, rel), data) for rel, data in render_calendars(plan, specs, contents)]


# What a reader of the meeting sees: its title, place and description, in the organiser's copy (the
# attendees' copies are held to it by calendar_copies_agree).
TEXT_SQL = """
select e.artifact_id, e.path, 'calendar' as kind, concat_ws(chr(10), e.summary, e.location, e.description) as text
from calendar_events e join artifacts a on a.id = e.artifact_id and a.path = e.path"""


def serve():
    """The calendar app (worldsmith.worlds.apps.App), imported when a world is served, not when the kind is registered."""
    from worldsmith.generators.kinds.calendar.app import APP

    return APP


KIND = Kind(
    name="calendar",
    item=MeetingItem,
    spec=MeetingSpec,
    content=MeetingContent,
    plan_row=plan_row,
    files=files,
    parsers={"ics": load_ics},
    ddl=CALENDAR_DDL,
    text_sql=TEXT_SQL,
    fact_place="the meeting's title, place and description",
    check=check_item,
    plan=plan_meeting,
    context=meeting_context,
    compose=compose_meeting,
    prompt="meeting",
    prompt_fields=meeting_fields,
    prose=MeetingProse,
    merge=merge,
    prose_of=prose_of,
    render=render,
    render_all=render_all,
    checks=Path(__file__).with_name("checks"),
    prompts=Path(__file__).with_name("prompts"),
    serve=serve,
    views={"events": events},
)

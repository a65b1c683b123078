"""The chat kind: channels and direct messages of the matter, as a Slack-style workspace export.

One artifact is one conversation's day: the day file `<export>/<channel>/<YYYY-MM-DD>.json` of a
Slack export, whose posts (who, when, which thread) the planner fixes and whose short texts the
model or the composer writes. Kind-wide files follow the export's layout (`channels.json`,
`users.json`, `dms.json`) with a Markdown transcript per conversation beside them. The export's root
is the outline folder that holds the chat items, e.g. `Chat`.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from pathlib import Path
from typing import Annotated, Any, Collection, Literal
from zoneinfo import ZoneInfo

from pydantic import BaseModel, ConfigDict, Field, model_validator

from worldsmith.generators.calendar import business_days, spread
from worldsmith.generators.context import is_instrument, paper_key
from worldsmith.generators.kinds.chat.compose import compose_chat
from worldsmith.generators.kinds.chat.reader import CHAT_DDL, EXPORT_FILES, load_chat_json, load_transcript
from worldsmith.generators.kinds.chat.render import render_day, render_export, short_id, transcript_name
from worldsmith.generators.kinds.chat.view import channels
from worldsmith.generators.kinds.prose import carries, guard, squash, usable
from worldsmith.generators.planner import _Planner, slugify
from worldsmith.generators.prompts import people_line
from worldsmith.generators.render.world import room_path, write_file
from worldsmith.worlds.kinds import Kind
from worldsmith.worlds.outline import ItemBase
from worldsmith.worlds.plan import SpecBase

_STRICT = ConfigDict(extra="forbid")
CHANNEL_NAME = r"^[a-z0-9][a-z0-9_-]{0,79}$"  # Slack's rule: lower case, no spaces or dots, 80 at most
# How many days after a fact is known a conversation still tells it as news (where it meets that soon at all).
NEWS_DAYS = 14


class ChatItem(ItemBase):
    """A chat channel (the matter team's, one shared with the client) or a direct message, over a range of days."""

    kind: Literal["chat"]
    channel: str | None = Field(None, pattern=CHANNEL_NAME,
                                description="the channel's name, e.g. spill-response; derived from the title when absent")
    direct: bool = Field(False, description="a direct message between the author and one participant, not a channel")
    topic: str | None = Field(None, max_length=250, description="the channel's topic line; the title when absent")
    days: int = Field(6, ge=1, le=250, description="how many days of the range have messages")
    messages: int = Field(6, ge=1, le=40, description="messages on a day with messages, about")

    @model_validator(mode="after")
    def _one_conversation(self) -> "ChatItem":
        if self.count != 1:
            raise ValueError("a chat item is one channel or direct message: give `days` for its active days, "
                             "and list another item for another channel")
        if self.direct and len(self.participants) != 1:
            raise ValueError("a direct message is between the author and exactly one participant role")
        return self


class ChatPost(BaseModel):
    """One message as planned: who posts it, when, and the thread it answers."""

    model_config = _STRICT
    author: str = Field(description="person id")
    at: dt.datetime = Field(description="timezone-aware")
    thread: int | None = Field(None, description="the position (0-based) of the thread's first post that this answers")


class ChatSpec(SpecBase):
    """One day of one conversation: the day file of a Slack export."""

    kind: Literal["chat"] = "chat"
    export: str = Field(description="the export's root folder in the room")
    conversation: Literal["channel", "dm"] = "channel"
    channel: str = Field(description="the channel's name; for a direct message a readable key")
    channel_id: str = Field(description="Slack's id of the conversation (C... or D...)")
    topic: str = ""
    date: dt.date
    members: list[str] = Field(min_length=1, description="person ids")
    posts: list[ChatPost] = Field(min_length=1)
    nth: int = Field(0, description="the day's place among its conversation's days, 0 the first: two days of one "
                                    "conversation draw their stock exchanges from different frames")
    links: list[str] = Field(default_factory=list, description="room paths of files a post of the day may share")
    link_makers: list[str] = Field(default_factory=list, description="person ids of the makers of `links`, in order "
                                                                      "(nobody sends a paper to its maker)")
    fact_makers: dict[str, list[str]] = Field(default_factory=dict, description="for each fact of the day, the person "
                                              "ids of the makers of the papers that carry it by then, first maker "
                                              "first (whose figure it is: its maker tells it, never asks it of the "
                                              "other side)")
    standing_links: list[str] = Field(default_factory=list, description="those of `links` that are instruments the "
                                      "parties made (an executed contract, a policy): put up for their wording, "
                                      "never read for comments nor worked from")
    fact_senders: dict[str, list[str]] = Field(default_factory=dict, description="for each fact of the day, the "
                                               "members who stated it in mail in the two days before the talk "
                                               "(nobody asks for a figure they sent round that morning)")
    fact_readers: dict[str, list[str]] = Field(default_factory=dict, description="for each fact of the day, the "
                                               "members who sent or received it in mail before the talk (they may "
                                               "ask what it is now, never whether there is a figure yet)")


class ChatMessage(BaseModel):
    """The text of one post, as its author typed it."""

    model_config = _STRICT
    text: str = Field(min_length=1, max_length=4000, description="short and informal; @First Last to mention someone")
    file: str = Field("", description="the room path of a file this post shares (one of the day's links), or empty")


class ChatContent(BaseModel):
    """The day's messages, one per planned post and in its order."""

    model_config = _STRICT
    kind: Literal["chat"] = "chat"
    messages: list[ChatMessage] = Field(min_length=1)


class ChatProse(BaseModel):
    """What the posters type: one line per planned post, in order. Who posts, when, in which thread, and the
    files shared are the engine's."""

    model_config = _STRICT
    messages: list[Annotated[str, Field(min_length=1, max_length=4000)]] = Field(
        min_length=1, max_length=60, description="one per planned post, in order; a fact's value as {{fact_id}}")


def merge(ctx: Any, prose: ChatProse) -> tuple[ChatContent, list[str]]:
    """The day's messages: the model's line for each post, except the posts the engine writes (one that carries a
    fact, shares a file or labels a distractor keeps the composer's line)."""
    notes: list[str] = []
    base = compose_chat(ctx)
    label = (ctx.distractor_label or "").rstrip(". ").lower()
    out = []
    for i, message in enumerate(base.messages):
        owned = message.file or any(carries(message.text, f) for f in ctx.facts) or \
            (label and label in squash(message.text).lower())
        text = guard(prose.messages[i], ctx, notes) if i < len(prose.messages) and not owned else ""
        if not owned and not usable(text):
            notes.append(f"kept the composer's line for post {i + 1}")
        out.append(message if owned or not usable(text) else message.model_copy(update={"text": text}))
    return base.model_copy(update={"messages": out}), notes


def prose_of(ctx: Any, content: ChatContent) -> ChatProse:
    """The posters' lines of a day."""
    return ChatProse(messages=[m.text for m in content.messages])


def _posts(planner: _Planner, day: dt.date, members: list[Any], author: Any, n: int) -> list[ChatPost]:
    """n posts on `day`: minutes apart in working hours, speakers alternating, about a third answering a thread."""
    rng = planner.rng
    zone = ZoneInfo(planner.tz)
    at = dt.datetime(day.year, day.month, day.day, rng.choice([8, 9, 9, 10, 11, 13, 14, 15]), rng.randint(0, 59),
                     rng.randint(0, 59), tzinfo=zone)
    last_call = at.replace(hour=19, minute=0, second=0)
    posts: list[ChatPost] = []
    roots: list[int] = []
    who = author if rng.random() < 0.5 else rng.choice(members)
    for i in range(n):
        if i:
            step = dt.timedelta(minutes=rng.choice([1, 2, 3, 4, 6, 9, 14, 22, 35, 50, 75]), seconds=rng.randint(0, 59))
            at = at + step if at + step < last_call else at + dt.timedelta(seconds=rng.randint(20, 90))
            others = [m for m in members if m.id != who.id] or members
            who = rng.choice(others)
        thread = None
        if i and roots and rng.random() < 0.35:
            thread = roots[-1] if rng.random() < 0.7 else rng.choice(roots)
        else:
            roots.append(i)
        posts.append(ChatPost(author=who.id, at=at, thread=thread))
    return posts


def plan_chat(planner: _Planner, folder: str, item: ChatItem, instance: str, day: dt.date, title: str,
              facts: list[str], distractor: str | None) -> None:
    """The conversation's active days, each a day file with its posts and the facts it carries."""
    rng = planner.rng
    w = planner.outline.window
    start, end = (item.dates.start, item.dates.end) if item.dates else (item.date, item.date) if item.date else (w.start, w.end)
    author = planner.by_role[item.author][0]
    if item.direct:
        other = planner.by_role[item.participants[0]][0]
        members = [author, other]
        name = f"dm-{slugify(author.last_name, 20)}-{slugify(other.last_name, 20)}"
        conversation, cid = "dm", short_id("D", planner.world_id, folder, instance)
    else:
        members = [author] + [p for p in planner.persons(item.participants) if p.id != author.id]
        name = item.channel or slugify(title, 60)
        conversation, cid = "channel", short_id("C", planner.world_id, folder, instance)
    # A channel's name is unique in its export (two items may ask for the same one).
    name = planner.unique(f"{folder}/{name}", planner.paths, "{}-{}").rsplit("/", 1)[1]
    open_days = business_days(start, end, planner.off)
    days = sorted(set(spread(open_days or [start], min(item.days, len(open_days) or 1))))
    carried: dict[dt.date, list[str]] = {d: [] for d in days}
    for fact in facts:
        known = planner.first_known.get(fact)
        eligible = [d for d in days if known is None or d >= known]
        if eligible:
            # A figure is talked about when it is news: on one of the first days it is known (a team asking for the
            # LTM period end a month into the work, or for a deadline after it passed, read as nobody's work), and
            # within a fortnight of it where a day is ("noting here, January 18, 2026 was the date of the fire" on
            # February 19, my read of bi-claim at seed 97)
            first = eligible[:max(1, min(3, len(eligible) // 3))]
            fresh = [d for d in first if known is None or (d - known).days <= NEWS_DAYS] or first[:1]
            carried[rng.choice(fresh)].append(fact)
    for d in days:
        n = max(2, round(item.messages * rng.uniform(0.6, 1.4)), len(carried[d]) + 1)
        if not carried[d]:
            n = min(n, 3)  # a day with no news is a short exchange about the work, not a chain of thanks
        posts = _posts(planner, d, members, author, n)
        folder_name = cid if conversation == "dm" else name
        aid = f"{instance}-{d:%Y%m%d}"
        planner.ids.add(aid)
        day_facts = carried[d]
        planner.artifacts.append(ChatSpec(
            id=aid, item=instance, path=f"{folder}/{folder_name}/{d.isoformat()}.json", title=title,
            author=author.id, occupation=author.occupation, facts=day_facts,
            distractor=distractor if distractor and day_facts else None, purpose=item.purpose or "",
            export=folder, conversation=conversation, channel=name, channel_id=cid, topic=item.topic or title,
            date=d, members=[m.id for m in members], posts=posts, nth=days.index(d)))


def _news(artifacts: list[Any], members: set[str], day: dt.date, start: dt.time) -> int:
    """How much a day has for a conversation's members to talk about: 2 where one of them made a paper in the three
    days before or a thread crossed their firm's wall that day before the talk starts (context.room_papers, day_mail),
    1 where one of them is to make a paper in the fortnight after or made one in the fortnight before (coming_papers,
    room_papers: "did you get a chance to look at the advice" on May 15 had moved to a day of a call, seed 83), else 0."""
    score = 0
    for a in artifacts:
        if a.kind in ("document", "spreadsheet") and a.distractor is None and a.author in members:
            if 0 < (day - a.date).days <= 3:
                return 2
            if 0 < (a.date - day).days <= 14 or 3 < (day - a.date).days <= 14:
                # (a paper in hand is work to talk about too: "where are you on the period of restoration memo?" on
                # April 17 of a memo due April 30 had moved to a day with a mail, bi-claim at seed 83)
                score = 1
        if a.kind == "email" and a.position == 0 and a.sent_at.date() == day and a.sent_at.timetz() < start:
            readers = set(a.to) | set(getattr(a, "cc", []))
            if (a.author in members) != bool(readers & members) or (a.author in members and readers - members):
                return 2
    return score


def to_busy_days(artifacts: list[Any], off: Collection[dt.date] = ()) -> None:
    """A conversation's day with no fact of its own moves, within a week, to the nearest day that has news for its
    members (_news), where no other day of the conversation is: a team talks when there is work to talk about, and
    days spread evenly over a range were most of them quiet ("content-free scheduling", "threads that go nowhere":
    ten-minute calls asked for on seven of a channel's ten days, blind read 21)."""
    chats: dict[str, list[Any]] = {}
    for a in artifacts:
        if a.kind == "chat":
            chats.setdefault(a.channel_id, []).append(a)
    for days in chats.values():
        taken = {d.date for d in days}
        first, last = min(taken), max(taken)
        for spec in days:
            members = set(spec.members)
            start = spec.posts[0].at.timetz()
            here = 0 if spec.facts else _news(artifacts, members, spec.date, start)
            if spec.facts or here == 2:
                continue
            # a day with work in hand only moves to one with news within three days; a day with nothing, within a week
            reach = 3 if here else 7
            for k in (j for d in range(1, reach + 1) for j in (d, -d)):
                day = spec.date + dt.timedelta(days=k)
                if day.weekday() >= 5 or day in off or day in taken or not first <= day <= last \
                        or _news(artifacts, members, day, start) <= here:
                    continue
                _move_day(spec, day, taken)
                break
    for days in chats.values():
        days.sort(key=lambda a: a.date)


def _opened(artifacts: list[Any], members: set[str]) -> dt.datetime | None:
    """When the matter first reaches any of a conversation's members: the first mail to, from or copied to one of
    them, the first paper one of them makes or is sent, the first meeting one of them attends."""
    first = None
    zone: list = []  # the chats' zone, looked up once (per paper, a scan of the room: 12 of 107 s at --scale 80)
    for a in artifacts:
        if a.kind == "email":
            people, at = {a.author, *a.to, *a.cc}, a.sent_at
        elif a.kind in ("document", "spreadsheet") and a.distractor is None:
            people, at = {a.author, *a.readers}, None
            if people & members:
                zone = zone or [next((c.posts[0].at.tzinfo for c in artifacts if c.kind == "chat"), None)]
                at = dt.datetime(a.date.year, a.date.month, a.date.day, 9, tzinfo=zone[0])
        elif hasattr(a, "starts_at"):
            people, at = {a.author, *getattr(a, "attendees", [])}, a.starts_at
        else:
            continue
        if at is not None and people & members and (first is None or at < first):
            first = at
    return first


def _after_opened(artifacts: list[Any], days: list[Any], off: Collection[dt.date] = ()) -> None:
    """A conversation's days before the matter reaches its members move to the first free working days after it
    (read 24: the advisers' channel talked on the day of the authority's notice, three days before the client sent
    it to them)."""
    members = set(days[0].members)
    opened = _opened(artifacts, members)
    if opened is None:
        return
    last = max(d.date for d in days)
    taken = {d.date for d in days}
    for spec in sorted(days, key=lambda a: a.date):
        if spec.posts[0].at >= opened:
            break
        day = opened.date()
        while day <= last and (day.weekday() >= 5 or day in off or day in taken or
                               dt.datetime.combine(day, spec.posts[0].at.timetz()) < opened):
            day += dt.timedelta(days=1)
        if day > last:
            break
        _move_day(spec, day, taken)
    days.sort(key=lambda a: a.date)


def _move_day(spec: Any, day: dt.date, taken: set[dt.date]) -> None:
    """A chat day moved to another date: its posts at the same hours, its id and file named for the new day."""
    taken.discard(spec.date)
    taken.add(day)
    old = spec.date
    spec.date = day
    spec.posts = [p.model_copy(update={"at": dt.datetime.combine(day, p.at.timetz())}) for p in spec.posts]
    spec.id = spec.id.replace(f"{old:%Y%m%d}", f"{day:%Y%m%d}")
    spec.path = spec.path.replace(f"{old.isoformat()}.json", f"{day.isoformat()}.json")


def _reached(artifacts: list[Any], fact: str, members: set[str], zone: Any) -> tuple[dt.datetime | None, bool]:
    """When `fact` first reaches a conversation's members, and whether one of them makes it: the first mail to, from
    or copied to one of them that carries it, the first paper one of them makes or is sent, the first meeting one of
    them attends; (None, False) where nothing in the room carries it to them."""
    first: dt.datetime | None = None
    made = False
    for a in artifacts:
        if fact not in a.facts or a.distractor is not None:
            continue
        if a.kind == "email":
            people, at = {a.author, *a.to, *a.cc}, a.sent_at
        elif a.kind in ("document", "spreadsheet"):
            people = {a.author, *a.readers}
            # a paper from outside is in their hands when it is sent, at no hour the plan gives: the day after its
            # date, unless a mail brings it sooner (aircraft-redelivery at seed 97: the team worked from the other
            # side's accepted amount at 14:53 on the day of its letter, which reached the partner at 15:38)
            day = a.date if a.author in members else a.date + dt.timedelta(days=1)
            at = dt.datetime(day.year, day.month, day.day, tzinfo=zone)
        elif hasattr(a, "starts_at"):
            people, at = {a.author, *getattr(a, "attendees", [])}, a.starts_at
        else:
            continue
        if people & members and (first is None or at < first):
            first, made = at, a.author in members
    return first, made


def to_known_days(artifacts: list[Any], off: Collection[dt.date] = ()) -> None:
    """A fact from outside a conversation is talked about only once something has brought it to its members (read 24,
    an unseen tax outline: 'a chat at 11:19 on 12 Jun, the day of the assessment and before the client contacted the
    firm, asks what "we use these days" for a figure issued that morning', the authority's notice having gone to the
    client at 12:25 and reached the advisers three days later): a fact of a day is moved to the conversation's first
    day after it reaches them, and dropped from the talk where no such day is."""
    chats: dict[str, list[Any]] = {}
    for a in artifacts:
        if a.kind == "chat":
            chats.setdefault(a.channel_id, []).append(a)
    for days in chats.values():
        days.sort(key=lambda a: a.date)
        _after_opened(artifacts, days, off)
        for spec in days:
            start = spec.posts[0].at
            for fid in list(spec.facts):
                at, made = _reached(artifacts, fid, set(spec.members), start.tzinfo)
                if at is None or at <= start or made:
                    continue
                spec.facts.remove(fid)
                later = next((d for d in days if d.posts[0].at >= at), None)
                if later is not None and fid not in later.facts:
                    later.facts.append(fid)
            if not spec.facts:
                spec.distractor = None


def link_files(artifacts: list[Any], off: Collection[dt.date] = ()) -> None:
    """A day of chat may share a file of the room made by then: one carrying a fact of the day, else the newest by a member;
    a day moved to one with news (to_known_days, to_busy_days) never moves onto a public holiday (`off`)."""
    to_known_days(artifacts, off)
    to_busy_days(artifacts, off)
    files = sorted((a for a in artifacts if a.kind in ("document", "spreadsheet") and a.distractor is None),
                   key=lambda a: (a.date, a.path))
    said: set[tuple[str, str]] = set()  # (conversation, file): a file is put up once in a conversation
    mails = [a for a in artifacts if a.kind == "email"]
    for spec in artifacts:
        if spec.kind != "chat":
            continue
        # a paper dated the day itself may not exist yet when the day's talk begins (the notes of a 16:00 call
        # "shared" at 08:36): only papers of the days before
        made = [f for f in files if f.date < spec.date]
        sharing = [f for f in made if set(f.facts) & set(spec.facts) and (spec.channel_id, f.path) not in said]
        recent = [f for f in made if f.author in spec.members and (spec.date - f.date).days <= 7
                  and (spec.channel_id, f.path) not in said]
        pick = (sharing or recent)[-1:] if sharing or int(hashlib.sha256(spec.id.encode()).hexdigest(), 16) % 2 else []
        spec.links = [f.path for f in pick]
        said.update((spec.channel_id, f.path) for f in pick)
        spec.link_makers = [f.author for f in pick]
        # (blind read 22, tanker: counsel asks the client's director to 'give a read' to the client's own executed
        # charter party, and "working from Voyage Charter Party going forward" is meaningless)
        spec.standing_links = [f.path for f in pick if is_instrument(f) and not re.search(r"\bdraft\b", f.title, re.I)]
        # (in the order they made papers carrying it: its first maker is the one whose figure it is, blind read 34:
        # the client called the authority's assessed principal "Prado's figure", its own counsel's name)
        spec.fact_makers = {fid: list(dict.fromkeys([f.author for f in files if fid in f.facts and f.date <= spec.date]
                                                    or [f.author for f in files if fid in f.facts]))
                            for fid in spec.facts}
        # (blind read 22, tanker: 'Katherine asks the GC for a figure she herself emailed that morning')
        sent = [m for m in mails if m.author in spec.members and set(m.facts) & set(spec.facts)
                and 0 <= (spec.date - m.sent_at.date()).days <= 2 and m.sent_at < spec.posts[0].at]
        spec.fact_senders = {fid: who for fid in spec.facts if (who := sorted({m.author for m in sent if fid in m.facts}))}
        # (blind read 34, royalty audit: on 30 March the client asked "do we have a figure for the 2025 underpayment
        # yet", three days after the auditor mailed him CAD 370,800 with the final report)
        had = [m for m in mails if set(m.facts) & set(spec.facts) and m.sent_at < spec.posts[0].at]
        spec.fact_readers = {fid: who for fid in spec.facts
                             if (who := sorted({p for m in had if fid in m.facts for p in (m.author, *m.to, *m.cc)}
                                               & set(spec.members)))}


def chat_context(plan: Any, spec: ChatSpec, done: dict) -> dict:
    """What a day of chat sees beyond the common fields: the conversation's other members, and the papers they sent
    out of their firms before the talk (handled, keyed as context.handled_papers keys them)."""
    return {"to": [m for m in spec.members if m != spec.author], "handled": sent_papers(plan, spec)}


def sent_papers(plan: Any, spec: ChatSpec) -> dict[str, dt.date]:
    """The papers the members attached to mail to someone outside their firms before the day's first post, by
    paper_key, with the day each first went: nobody asks for comments on a memo two days after it went to the
    client (blind read 36)."""
    members = set(spec.members)
    firms = {plan.person(m).organisation for m in members}
    start = spec.posts[0].at
    out: dict[str, dt.date] = {}
    for a in plan.artifacts:
        if a.kind != "email" or a.author not in members or not a.attachments or a.sent_at >= start:
            continue
        if all(plan.person(p).organisation in firms for p in [*a.to, *a.cc]):
            continue
        for x in a.attachments:
            key = paper_key(x.title)
            out[key] = min(out.get(key, a.sent_at.date()), a.sent_at.date())
    return out


def chat_fields(context: Any) -> dict[str, Any]:
    """The chat template's own fields: the conversation, its members, the planned posts and the files to share."""
    spec = context.spec
    people = {p.id: p for p in [context.author, *context.to]}
    where = f"#{spec.channel}" if spec.conversation == "channel" else "a direct message"
    lines = []
    for i, post in enumerate(spec.posts):
        who = people[post.author].name if post.author in people else post.author
        thread = "new message" if post.thread is None else f"reply in the thread of message {post.thread + 1}"
        lines.append(f"{i + 1}. {post.at:%H:%M} {who} ({thread})")
    links = "\n".join(f"- {p}" for p in spec.links) or "(none today)"
    return dict(where=where, topic=spec.topic, members=people_line([context.author, *context.to]),
                date=spec.date.isoformat(), n=len(spec.posts), posts="\n".join(lines), links=links)


def plan_row(a: ChatSpec, zone: Any, add: Any) -> dict[str, Any]:
    """A chat day's columns of the artifacts table (at its first post), its members as planned recipients."""
    for person in a.members:
        add("planned_recipients", artifact_id=a.id, kind="member", person_id=person)
    for i, post in enumerate(a.posts):
        add("planned_chat_posts", artifact_id=a.id, position=i, author=post.author, at=post.at, thread=post.thread)
    return dict(at=a.posts[0].at)


def files(spec: ChatSpec) -> list[tuple[str, str]]:
    """The day file, the export's lists and the conversation's transcript."""
    return [(spec.path, "artifact"), *((f"{spec.export}/{name}", "export") for name in EXPORT_FILES),
            (f"{spec.export}/{transcript_name(spec)}", "transcript")]


def render(plan, spec: ChatSpec, contents: dict, room: Path) -> list[Path]:
    """The day file, in Slack's export format."""
    return [write_file(room_path(room, spec.path), render_day(plan, spec, contents[spec.id]))]


def render_all(plan, specs: list[ChatSpec], contents: dict, room: Path, changed: set[str] | None = None) -> list[Path]:
    """Each export's channels.json, users.json and dms.json, and a transcript per conversation (all again: a few)."""
    return [write_file(room_path(room, rel), data) for rel, data in render_export(plan, specs, contents)]


# What a reader sees: each message as the export shows it, mentions by name and shared files by path.
TEXT_SQL = """
select artifact_id, path, 'chat' as kind, string_agg(text_plain, chr(10) order by position) as text
from chat_messages group by artifact_id, path"""


def serve():
    """The chat app (worldsmith.worlds.apps.App), imported when a world is served, not when the kind is registered."""
    from worldsmith.generators.kinds.chat.app import APP

    return APP


KIND = Kind(
    name="chat",
    item=ChatItem,
    spec=ChatSpec,
    content=ChatContent,
    plan_row=plan_row,
    files=files,
    parsers={"json": load_chat_json, "md": load_transcript},
    ddl=CHAT_DDL,
    text_sql=TEXT_SQL,
    fact_place="the messages of the day",
    latest_sql='select max("at") from chat_messages',
    plan=plan_chat,
    link=link_files,
    context=chat_context,
    compose=compose_chat,
    prompt="chat",
    prompt_fields=chat_fields,
    prose=ChatProse,
    merge=merge,
    prose_of=prose_of,
    render=render,
    render_all=render_all,
    checks=Path(__file__).with_name("checks"),
    prompts=Path(__file__).with_name("prompts"),
    serve=serve,
    views={"chat": channels},
)

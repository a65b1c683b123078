"""The outline an expert writes: pydantic models, the YAML loader, and the checks pydantic cannot do."""

from __future__ import annotations

import datetime as dt
import difflib
import hashlib
import json
import re
from pathlib import Path
from typing import Annotated, Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, field_validator

from worldsmith.worlds import kinds
from worldsmith.worlds.errors import OutlineError
from worldsmith.worlds.ledger import solve_outline
from worldsmith.worlds.outline_bounds import check_bounds, check_solved
from worldsmith.worlds.points import MAX_POINT_CHARS, MAX_POINTS, PLACEHOLDER, point_problem
from worldsmith.worlds.sourcemap import Loc, format_loc, load_yaml, read_text, resolve_loc
from worldsmith.worlds.values import FactValue

_STRICT = ConfigDict(extra="forbid")
Id = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", description="a short key: lower case, digits, underscores")]
Seniority = Literal["junior", "mid", "senior", "executive"]

# Top-level domains that never resolve (RFC 2606, RFC 6761): the fiction cannot reach a real host.
RESERVED_TLDS = ("example", "test", "invalid", "localhost")
RESERVED_SECOND_LEVEL = ("example.com", "example.net", "example.org")
# Names Windows refuses as files, whatever the extension: a data room must open everywhere.
RESERVED_NAMES = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)), *(f"lpt{i}" for i in range(1, 10))}
_BAD_CHARS = re.compile(r'[<>:"|?*\\\x00-\x1f]')
# A folder name is used as it is written; file systems hold 255 bytes a name, and some (eCryptfs, a
# path inside a zip on Windows) fewer: 120 bytes of UTF-8 is 120 ASCII letters or 40 CJK characters.
MAX_FOLDER_BYTES = 120


class Window(BaseModel):
    """The time the matter spans, and the timezone its people work in."""

    model_config = _STRICT
    start: dt.date
    end: dt.date
    timezone: str = Field("America/New_York", description="an IANA timezone, e.g. Europe/London")

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(f"unknown timezone {value!r}; use an IANA name such as America/New_York") from None
        return value


class Organisation(BaseModel):
    """A party to the matter, with its invented name and a non-resolving domain."""

    model_config = _STRICT
    id: Id
    name: str = Field(min_length=2)
    role: str = Field(description="its role in the matter, e.g. 'outside counsel to the charterer'")
    domain: str = Field(description="a fictional mail domain under a reserved TLD, e.g. harrowvane.example")

    @field_validator("domain")
    @classmethod
    def _fictional(cls, value: str) -> str:
        value = value.lower().strip()
        if not re.fullmatch(r"[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+", value):
            raise ValueError(f"{value!r} is not a domain name")
        if not (value.rsplit(".", 1)[-1] in RESERVED_TLDS or value.endswith(tuple("." + d for d in RESERVED_SECOND_LEVEL))
                or value in RESERVED_SECOND_LEVEL):
            raise ValueError(f"{value!r} could be a real domain; use a reserved TLD such as .example or .test")
        return value


class CastMember(BaseModel):
    """People of one role: their occupation, organisation, seniority and number."""

    model_config = _STRICT
    role: Id
    occupation: str = Field(description="a SOC 2018 code (23-1011) or occupation title (Lawyers)")
    organisation: Id
    seniority: Seniority = "mid"
    count: int = Field(1, ge=1, le=20)
    title: str | None = Field(None, description="job title to use instead of the taxonomy's")


class EarlierValue(BaseModel):
    """A value a fact held before its current one, from a date on (claims stood at USD 120,000,000 on March 20)."""

    model_config = _STRICT
    since: dt.date = Field(description="the first day the fact held this value")
    value: FactValue


class Fact(BaseModel):
    """A key fact of the matter: the ground truth that artifacts carry and verifiers check."""

    model_config = _STRICT
    id: Id
    statement: str = Field(min_length=3)
    label: str | None = Field(None, max_length=60,
                              description="a short name for the fact, e.g. 'OPA 90 liability cap'; derived from the id when absent")
    value: FactValue | None = Field(None, description="the current value; may be left out when a formula computes it")
    formula: str | None = Field(None, description="how it follows from other facts: 'per_ton_limit * gross_tonnage', "
                                                  "'a + b + c', 'max(a, b)', 'percent_of(share, total)', 'round(a / b, 2)'")
    known_from: dt.date | None = Field(None, description="the first day anyone in the matter knows the current value; "
                                                         "the window's start when absent (for a formula: its inputs' latest)")
    values: list[EarlierValue] = Field(default_factory=list, description="earlier values with the day each took hold, oldest first")
    items: list[str] = Field(default_factory=list, description="the line items a sheet breaks this amount into "
                                                               "(claimants, contractors, cost heads), in the matter's own words")

    @property
    def label_text(self) -> str:
        """The fact's short label: the outline's, else its id in words."""
        return self.label or self.id.replace("_", " ")

    def history(self) -> list[tuple[dt.date, FactValue]]:
        """(since, value) pairs, oldest first: the earlier values, then the current one from known_from."""
        assert self.value is not None and self.known_from is not None, "the ledger is solved at load"
        return [(v.since, v.value) for v in self.values] + [(self.known_from, self.value)]

    def first_known(self) -> dt.date:
        """The first day the fact had any value."""
        assert self.known_from is not None
        return min([v.since for v in self.values] + [self.known_from])


class DateRange(BaseModel):
    """A span of dates within the window."""

    model_config = _STRICT
    start: dt.date
    end: dt.date


class _Item(BaseModel):
    model_config = _STRICT
    id: Id | None = Field(None, description="a key for the item; derived from the title when absent")
    title: str = Field(min_length=2)
    author: Id = Field(description="the cast role that writes it")
    participants: list[Id] = Field(default_factory=list, description="cast roles that receive or contribute")
    date: dt.date | None = None
    dates: DateRange | None = Field(None, description="a range, for items with a count or long threads")
    facts: list[Id] = Field(default_factory=list, description="ids of the key facts this item carries")
    count: int = Field(1, ge=1, le=5000, description="make this many like it (a daily log over a year: hundreds)")
    purpose: str | None = Field(None, description="why it exists, in a sentence")


PointText = Annotated[str, Field(min_length=3, max_length=MAX_POINT_CHARS)]


def _points_field(what: str) -> Any:
    return Field(default_factory=list, max_length=MAX_POINTS,
                 description=f"what it must say, in your words: {what}; 'Heading: text' gives a point a heading; "
                             "write a fact's value as {fact_id}")


class EmailThreadItem(_Item):
    """A thread of messages: the author opens it, participants reply."""

    kind: Literal["email_thread"]
    messages: int = Field(3, ge=1, le=15)
    cc: list[Id] = Field(default_factory=list)
    forward_to: list[Id] = Field(default_factory=list, description="roles the last message is forwarded to")
    attach: list[str] = Field(default_factory=list, description="documents or sheets of the outline (by id or title) "
                                                           "its opening message attaches: the latest made by its day")
    points: list[PointText] = _points_field("the news, question, answer or position each message carries, in order "
                                            "(message 1 carries point 1)")


class DocumentItem(_Item):
    """A document: memo, letter, agreement, report, minutes..."""

    kind: Literal["document"]
    doc_type: str = "memo"
    sections: int = Field(4, ge=1, le=12)
    points: list[PointText] = _points_field("its findings, arguments, terms or resolutions, one each (a report's "
                                            "finding per area, a memo's steps of analysis, a term sheet's terms)")


class SpreadsheetItem(_Item):
    """A workbook: a schedule, a tracker, a model."""

    kind: Literal["spreadsheet"]
    rows: int = Field(10, ge=2, le=500)
    rolls_up_to: Id | None = Field(None, description="a money fact these sheets add up to together (daily cost logs to "
                                                     "the removal costs): each carries a share, all of them its value")
    points: list[PointText] = _points_field("the rows it must hold, one each, its heading the row's label and its "
                                            "facts the row's cells ('Unit price: {price} over {units} units' computes "
                                            "it; 'Secured creditors: the bank, mortgage on the plant, {secured}')")


ItemBase = _Item  # what every kind's outline item extends
# The union of every registered kind's item (worlds.kinds binds Folder.items and Distractor.item to it);
# for type hints, every item is an ItemBase.
Item = _Item


class Folder(kinds.KindBound):
    """A folder of the data room and the items in it."""

    model_config = _STRICT
    path: str = Field(description="a relative path inside the data room, e.g. 'Correspondence/Client'")
    items: list[Item] = Field(min_length=1)


class Distractor(kinds.KindBound):
    """A deliberate, labelled wrong value: an artifact that carries an old or rejected value of a fact."""

    model_config = _STRICT
    id: Id
    fact: Id
    value: FactValue
    label: str = Field(description="what makes it a distractor, e.g. 'superseded draft'")
    folder: str
    item: Item


class Outline(kinds.KindBound):
    """A matter as an expert outlines it."""

    model_config = ConfigDict(extra="forbid", title="worldsmith outline")
    version: Literal[1] = 1
    title: str = Field(min_length=3)
    summary: str = Field(min_length=10)
    locale: str = Field("en_US", description="Faker locale for names, e.g. en_US, en_GB, de_DE")
    window: Window
    organisations: list[Organisation] = Field(min_length=1)
    cast: list[CastMember] = Field(min_length=1)
    facts: list[Fact] = Field(default_factory=list)
    inventory: list[Folder] = Field(min_length=1)
    distractors: list[Distractor] = Field(default_factory=list)

    _file: str = PrivateAttr("<outline>")
    _lines: dict = PrivateAttr(default_factory=dict)

    def error(self, loc: Loc, message: str) -> OutlineError:
        """An OutlineError pointing at `loc` in the file this outline came from."""
        shown, line = resolve_loc(loc, self._lines)
        return OutlineError(message, file=self._file, line=line, field=format_loc(shown))

    @property
    def source_file(self) -> str:
        """The file this outline was read from."""
        return self._file

    def sha256(self) -> str:
        """Hash of the outline's canonical JSON: the same content hashes alike however it is laid out."""
        canonical = json.dumps(self.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode()).hexdigest()


kinds.bind(Folder, "items", "item", many=True)
kinds.bind(Distractor, "item", "item")
kinds.contains(Outline)


def outline_json_schema() -> dict[str, Any]:
    """The JSON Schema of outlines, for editors (yaml-language-server) and docs."""
    schema = Outline.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "https://worldsmith.example/outline.schema.json"
    return schema


def _all_field_names() -> set[str]:
    names: set[str] = set()
    for model in (Outline, Window, Organisation, CastMember, Fact, EarlierValue, DateRange, Folder, Distractor,
                  *(k.item for k in kinds.kinds())):
        names.update(model.model_fields)
    return names


def _pydantic_message(err: dict[str, Any]) -> str:
    if err["type"] == "extra_forbidden":
        key = str(err["loc"][-1])
        close = difflib.get_close_matches(key, sorted(_all_field_names()), n=1, cutoff=0.6)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        return f"unknown key {key!r}{hint}"
    if err["type"] == "missing":
        return "required field is missing"
    if err["type"] in ("union_tag_invalid", "union_tag_not_found"):
        ctx = err.get("ctx") or {}
        key = str(ctx.get("discriminator", "kind")).strip("'")
        tags = ctx.get("expected_tags", "")
        got = f" (got {ctx['tag']!r})" if ctx.get("tag") is not None else ""
        verb = "must be one of" if err["type"] == "union_tag_invalid" else "is missing; give one of"
        return f"{key!r} {verb} {tags}{got}"
    return err["msg"].removeprefix("Value error, ")


def parse_outline(text: str, file: str = "<outline>") -> Outline:
    """Parse and check an outline's YAML text; every problem is an OutlineError with file:line and field."""
    data, lines = load_yaml(text, file)
    if not isinstance(data, dict):
        raise OutlineError("an outline is a YAML mapping (title:, summary:, window:, ...)", file=file, line=1)
    try:
        outline = Outline.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        shown, line = resolve_loc(tuple(err["loc"]), lines)
        more = len(exc.errors()) - 1
        suffix = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        raise OutlineError(_pydantic_message(err) + suffix, file=file, line=line, field=format_loc(shown)) from None
    outline._file = file
    outline._lines = lines
    check_references(outline)
    return outline


def load_outline(path: str | Path) -> Outline:
    """Read an outline file; see parse_outline."""
    return parse_outline(read_text(path, "outline"), file=str(path))


def check_folder_path(path: str) -> str | None:
    """Why a data-room path is unsafe, or None when it stays inside the room and opens everywhere."""
    if not path.strip():
        return "path is empty"
    if path.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", path):
        return f"{path!r} is absolute; give a path inside the data room"
    # Split by hand: PurePosixPath would silently drop '.' segments and keep backslashes.
    for part in re.split(r"[/\\]", path):
        if part in ("..", ".", ""):
            if part == "":
                return f"{path!r} has an empty segment ('//' or a trailing slash)"
            return f"{path!r} escapes the data room ('{part}' is not allowed)"
        if part.split(".")[0].lower() in RESERVED_NAMES:
            return f"{path!r} uses {part!r}, a name reserved by Windows file systems"
        if _BAD_CHARS.search(part):
            return f"{path!r} has a character file systems refuse in {part!r}"
        if part.endswith((" ", ".")):
            return f"{path!r}: {part!r} ends with a space or dot"
        size = len(part.encode("utf-8", "surrogatepass"))
        if size > MAX_FOLDER_BYTES:
            return (f"the folder name {part[:20]!r}... is {size} bytes long in UTF-8; a folder name holds at most "
                    f"{MAX_FOLDER_BYTES} bytes (file systems refuse longer names): shorten it")
    return None


def check_references(outline: Outline) -> None:
    """Cross-field checks: ids unique and defined, dates inside the window, paths inside the room."""
    check_bounds(outline)  # characters, lengths, numbers and dates the files and the planner can carry
    w = outline.window
    if w.end < w.start:
        raise outline.error(("window", "end"), f"the window ends ({w.end}) before it starts ({w.start})")

    def unique(items: list[Any], attr: str, where: str) -> set[str]:
        seen: set[str] = set()
        for i, item in enumerate(items):
            key = getattr(item, attr)
            if key in seen:
                raise outline.error((where, i, attr), f"{attr} {key!r} is given twice")
            seen.add(key)
        return seen

    orgs = unique(outline.organisations, "id", "organisations")
    roles = unique(outline.cast, "role", "cast")
    facts = unique(outline.facts, "id", "facts")
    unique(outline.distractors, "id", "distractors")
    solve_outline(outline)
    fact_by_id = {f.id: f for f in outline.facts}
    _labels_beside_other_amounts(outline)

    def known(value: str, pool: set[str], loc: Loc, what: str) -> None:
        if value not in pool:
            close = difflib.get_close_matches(value, sorted(pool), n=1, cutoff=0.6)
            hint = f"; did you mean {close[0]!r}?" if close else f"; defined: {', '.join(sorted(pool)) or 'none'}"
            raise outline.error(loc, f"{what} {value!r} is not defined{hint}")

    for i, member in enumerate(outline.cast):
        known(member.organisation, orgs, ("cast", i, "organisation"), "organisation")

    def in_window(day: dt.date, loc: Loc) -> None:
        if not w.start <= day <= w.end:
            raise outline.error(loc, f"date {day} lies outside the window {w.start} to {w.end}")

    def check_item(item: Any, loc: Loc, exempt: str | None = None, wrong: Any = None) -> None:
        known(item.author, roles, loc + ("author",), "cast role")
        for j, role in enumerate(item.participants):
            known(role, roles, loc + ("participants", j), "cast role")
        for attr in ("cc", "forward_to"):
            for j, role in enumerate(getattr(item, attr, [])):
                known(role, roles, loc + (attr, j), "cast role")
        for j, fact in enumerate(item.facts):
            known(fact, facts, loc + ("facts", j), "fact id")
        dealt = _check_points(item, loc, wrong)
        # An item that carries a fact before anyone knows it is news from the future.
        day, where = (item.date, "date") if item.date is not None else \
            (item.dates.start, "dates.start") if item.dates is not None else (None, "")
        for j, fact in enumerate(item.facts):
            first = fact_by_id[fact].first_known()
            # (a fact only a point of a series names is the point's: checked against the series' last day, the
            # planner deals the point to a copy on or after the day the fact is known)
            if day is not None and fact != exempt and day < first and fact not in dealt:
                raise outline.error(loc + ("facts", j),
                                    f"fact {fact!r} is known from {first}, but this item is dated {day} ({where}); "
                                    f"date the item on or after {first}, or leave the fact out")
        own = kinds.of(item).check
        problem = own(item, outline) if own is not None else None
        if problem is not None:
            raise outline.error(loc + tuple(problem[0]), problem[1])
        rolled = getattr(item, "rolls_up_to", None)
        if rolled is not None:
            known(rolled, facts, loc + ("rolls_up_to",), "fact id")
            if fact_by_id[rolled].value.type != "money":
                raise outline.error(loc + ("rolls_up_to",), f"sheets roll up to an amount of money; "
                                                            f"{rolled!r} is a {fact_by_id[rolled].value.type}")
        if item.date is not None:
            in_window(item.date, loc + ("date",))
        if item.dates is not None:
            in_window(item.dates.start, loc + ("dates", "start"))
            in_window(item.dates.end, loc + ("dates", "end"))
            if item.dates.end < item.dates.start:
                raise outline.error(loc + ("dates", "end"), "the range ends before it starts")

    def _check_points(item: Any, loc: Loc, wrong: Any = None) -> set[str]:
        """Each point's problem raised; the facts that only points of a series (an item made `count` times) name."""
        points = getattr(item, "points", None) or []
        day = item.date if item.date is not None else item.dates.start if item.dates is not None else None
        copies = getattr(item, "count", 1) or 1
        if copies > 1 and day is not None:
            # A series' point is dealt to a copy on or after the day its facts are known (worlds.points.deal_points),
            # so it is checked against the series' last day: an expert's weekly note reports a figure as it becomes
            # known, and a point of the fourth week was refused as dated on the first.
            day = item.dates.end if item.dates is not None else min(day + dt.timedelta(days=7 * (copies - 1)), w.end)
        for k, raw in enumerate(points):
            problem = point_problem(raw, fact_by_id, day, outline.locale or "en_US", wrong)
            if problem is not None:
                raise outline.error(loc + ("points", k), problem)
        # (a thread made `count` times deals its points out one copy after another: each copy's messages carry theirs)
        # (a thread forwarded by the outline takes one more: the forward's own note, "Forwarding Owners' notice: ...",
        # which an expert wrote as its last point and the engine put on the reply across the table before it)
        carried = item.messages + 1 if item.kind == "email_thread" and item.forward_to else getattr(item, "messages", 0)
        if item.kind == "email_thread" and len(points) > carried * copies:
            most = f"{carried} messages" + (" with its forward" if item.forward_to else "") + \
                (f" in each of {copies} copies" if copies > 1 else "")
            raise outline.error(loc + ("points",), f"{len(points)} points for a thread of {most}: "
                                                   f"each message carries one point; give messages: "
                                                   f"{-(-len(points) // copies) - bool(item.forward_to)} or more, or fewer points")
        # What a point names, the item carries: its files then state the fact and the checks read it there.
        for raw in points:
            for fid in PLACEHOLDER.findall(raw):
                if fid not in item.facts:
                    item.facts.append(fid)
        return {fid for raw in points for fid in PLACEHOLDER.findall(raw)} if copies > 1 else set()

    # An item given twice (every field the same, in the same folder: a pasted copy) is two specs of one file: its
    # second copy is written from the same facts and purpose and reads 99% alike (fuzz seed 29 mutant 58: a whole
    # 'Engagement' folder given twice, quarantined on realism_near_duplicates).
    given: dict[str, tuple[int, int]] = {}
    for i, folder in enumerate(outline.inventory):
        bad = check_folder_path(folder.path)
        if bad:
            raise outline.error(("inventory", i, "path"), bad)
        for j, item in enumerate(folder.items):
            check_item(item, ("inventory", i, "items", j))
            key = json.dumps([folder.path.strip("/"), item.model_dump(mode="json")], sort_keys=True)
            if key in given:
                a, b = given[key]
                raise outline.error(("inventory", i, "items", j),
                                    f"this {item.kind} is given twice: inventory[{a}].items[{b}] is the same item "
                                    f"({item.title!r} in {folder.path!r}); remove one, or give each its own title "
                                    f"and date")
            given[key] = (i, j)
    # A thread's attachments name files of the room: a document or sheet item, by id or title.
    files = {key for item in [it for f in outline.inventory for it in f.items] + [d.item for d in outline.distractors]
             if item.kind in ("document", "spreadsheet") for key in (item.id, item.title) if key}
    for i, folder in enumerate(outline.inventory):
        for j, item in enumerate(folder.items):
            for k, name in enumerate(getattr(item, "attach", [])):
                known(name, files, ("inventory", i, "items", j, "attach", k), "document or sheet")
    for i, d in enumerate(outline.distractors):
        known(d.fact, facts, ("distractors", i, "fact"), "fact id")
        bad = check_folder_path(d.folder)
        if bad:
            raise outline.error(("distractors", i, "folder"), bad)
        check_item(d.item, ("distractors", i, "item"), exempt=d.fact, wrong=d)
        fact = next(f for f in outline.facts if f.id == d.fact)
        if fact.value.type != d.value.type:
            raise outline.error(("distractors", i, "value", "type"),
                                f"fact {d.fact!r} is a {fact.value.type}; its distractor value must be one too")
        _title_without_value(outline, i, d)
        _value_of_no_fact(outline, i, d)
        _label_without_later_news(outline, i, d)
    check_solved(outline)  # what the sheets split and roll up, now that formulas are computed



def _title_without_value(outline: Any, i: int, d: Any) -> None:
    """Refuse a distractor file whose title writes its own superseded value: each message that circulates the
    file names it, so the value would stand in mail without the label that marks it superseded and the world be
    quarantined by no_contradicting_values, far from its cause (a 'Preliminary view of April 10 (84 days)')."""
    from worldsmith.worlds.values import render_value

    shown = render_value(d.value, outline.locale or "en_US")
    bare = shown.split(" ", 1)[1] if d.value.type == "money" else shown.split(" ", 1)[0]
    title = " ".join(d.item.title.split())
    if d.value.type in ("money", "number", "percent") and re.search(
            rf"(?<![0-9.,]){re.escape(bare)}(?![0-9]|[.,][0-9])", title):
        raise outline.error(("distractors", i, "item", "title"),
                            f"the title writes the superseded value itself ({shown}): every message that "
                            f"circulates the file would state it without the label that marks it superseded, and "
                            f"validation would quarantine the world; name the file without the figure (for "
                            f"example 'DRAFT (superseded): ..., first cut')")


def _value_of_no_fact(outline: Any, i: int, d: Any) -> None:
    """Refuse a distractor whose wrong value is also a true value of some fact: every file that states that fact
    would write the superseded figure without its label, and validation (no_contradicting_value) would quarantine
    the world (a licensee's report whose royalty due of USD 2,780,000 is also the royalty it paid)."""
    from worldsmith.worlds.values import render_value

    locale = outline.locale or "en_US"
    wrong = render_value(d.value, locale)
    for fact in outline.facts:
        if any(render_value(value, locale) == wrong for _, value in fact.history()):
            raise outline.error(("distractors", i, "value"),
                                f"{wrong} is also the value of fact {fact.id!r}: every file that states that fact "
                                f"would write the superseded figure without its label, and validation would "
                                f"quarantine the world; give the distractor a figure no fact holds")


def _label_without_later_news(outline: Any, i: int, d: Any) -> None:
    """Refuse a distractor label that writes an amount or a date the matter learns only after the file's date: the
    label is printed on the file, which would then state news from the future (validation's
    fact_mentioned_before_known: a first-cut sheet of February 27 'replaced by the report of March 6, 2026 at
    USD 41,500 a day', when the USD 41,500 is known from March 6). Numbers and percents say too little to count."""
    from worldsmith.worlds.values import render_value

    day = d.item.date if d.item.date is not None else d.item.dates.start if d.item.dates is not None else None
    if day is None:
        return
    label = " ".join(d.label.split())
    first: dict[str, dt.date] = {}  # a figure's text -> the first day any fact or draft carries it
    owner: dict[str, str] = {}
    for fact in outline.facts:
        for since, value in fact.history():
            if value.type in ("money", "date"):
                text = render_value(value, outline.locale or "en_US")
                if since < first.get(text, dt.date.max):
                    first[text], owner[text] = since, fact.id
    for other in outline.distractors:
        text = render_value(other.value, outline.locale or "en_US")
        fact = next((f for f in outline.facts if f.id == other.fact), None)
        if fact is not None:
            first[text] = min(first.get(text, dt.date.max), fact.first_known())
    for text, since in first.items():
        if text in owner and len(text) >= 6 and since > day and text in label:
            raise outline.error(("distractors", i, "label"),
                                f"the label writes {text}, the value of fact {owner[text]!r}, which is known only "
                                f"from {since}, after this file's date {day}: the label is printed on the file, so "
                                f"it would state news from the future; say what replaced the draft without the "
                                f"later figure")

# A money label, then the joining words the check amount_beside_label reads ("of", "is", "at", ":", "="), then an amount.
_JOIN = r"(?:\s*(?:,|:|=|\(|\bof\b|\bis\b|\bat\b|\btotals?\b|\btotalling\b|\bstands at\b|\bcomes to\b|\bamounts to\b))*\s*"


def _labels_beside_other_amounts(outline: Any) -> None:
    """Refuse a fact statement that writes another money fact's label beside an amount that fact never holds: every
    document that states it in full would fail the check amount_beside_label, and the world be quarantined, with the
    cause far from the outline (rent-review outline: 'The landlord proposes a reviewed rent of GBP 1,647,800', where
    'reviewed rent' is the label of the expert's figure, GBP 1,465,900)."""
    from decimal import Decimal, InvalidOperation

    money = [f for f in outline.facts if f.value is not None and f.value.type == "money" and f.label
             and len(f.label) >= 4]
    for i, f in enumerate(outline.facts):
        for g in money:
            if g is f:
                continue
            held = {v.amount for _, v in g.history() if getattr(v, "type", "") == "money"}
            pattern = re.escape(" ".join(g.label.lower().split())) + _JOIN + \
                rf"(?:{g.value.currency.lower()}|\$|£|€)\s?(-?[0-9][0-9,]*(?:\.[0-9]+)?)"
            for m in re.finditer(pattern, " ".join(f.statement.lower().split())):
                try:
                    amount = Decimal(m.group(1).replace(",", ""))
                except InvalidOperation:
                    continue
                if not any(abs(amount - h) <= Decimal("0.005") for h in held):
                    raise outline.error(("facts", i, "statement"),
                                        f"the statement writes {g.label!r} (the label of fact {g.id!r}) beside "
                                        f"{g.value.currency} {m.group(1)}, which {g.id!r} never holds; every document "
                                        f"stating it would be refused (amount_beside_label): reword the statement "
                                        f"or give {g.id!r} a label of its own")


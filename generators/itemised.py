"""The items a list, index, tracker, checklist or day-count timeline holds, read from the plan: never made up.

A paper titled as a list of things promises its things (blind read 31: 'a checklist listing no documents', 'a document
index indexing no documents', 'a conditions-precedent tracker with no conditions', 'a timeline of banking days
counting no banking days'). Its genre is read from its title's words (a small table, never an outline's words); its
items are the plan's own, dated on or before the paper's day: the room's papers for an index, the papers from outside
the author's team for a checklist of documents, the ledger's dated events and deadlines for a tracker of conditions or
steps, the plan's notices for a notice register, and each day between the first and last dated fact, counted in the
locale's business days, for a day-count timeline. Where the plan holds none of the kind the list is empty, and the
paper says so in a line.
"""

from __future__ import annotations

import datetime as dt
import re

from pydantic import BaseModel, ConfigDict, Field

from worldsmith.generators.compose.text import cap_first
from worldsmith.generators.labels import fact_label

# a title's genre: (genre, its words); the first that matches wins
_GENRES = (
    ("days", r"\b(?:banking|business|working|clear) days?\b|jours? ouvr\w+|d[ií]as? h[aá]biles|dias [uú]teis|"
             r"werktage|bankarbeitstage|giorni lavorativi"),
    ("conditions", r"\b(?:conditions?(?: precedent)?|CPs?|closing conditions|suspensive|condiciones|"
                   r"conditions suspensives)\b[^:]*\b(?:tracker|list|checklist|schedule|register|status)\b|"
                   r"\b(?:tracker|checklist|list|register) of (?:the )?conditions\b"),
    # a register of notices, never a notice that tells its reader how to register ('Notice to members: ... how to
    # register'): the register is the head of the title's part that names the notices
    ("notices", r"\b(?:notices?|notifications?)\b[^:]*\b(?:register|log|list|tracker)\s*(?::|$)|"
                r"\b(?:register|log|list) of (?:notices|notifications)\b"),
    # an index of papers, never an index a price moves by ('index surcharge', 'the index adjustment')
    ("index", r"\b(?:documents?|annex\w*|exhibits?|bundle|application|papers|data ?room|closing|filing)\s+index\b|"
              r"\bindex (?:of|to) (?:the )?(?:documents|papers|annex\w*|exhibits|bundle)|[:\-]\s*(?:document )?index$|"
              r"\b(?:[ií]ndice|inventaire|bordereau) (?:de|des) (?:documentos|pi[eè]ces|documents|anexos)\b|"
              r"\bexhibit list\b|\bschedule of documents\b"),
    ("checklist", r"\b(?:check ?list|checklist|closing list|document list|list of documents|documents? checklist)\b"),
)

# what a list of each genre holds, for the line that says the room holds none of it
NONE_OF = {"notices": "no copy of a notice", "index": "no paper to index", "checklist": "no document to check",
           "conditions": "no dated condition or step", "days": "no two dated events to count between"}

_INTERNAL = re.compile(r"\b(?:memo\w*|minutes|note|notes|email|chat|brief\w*|draft|checklist|tracker|index|"
                       r"timeline|calendar|agenda)\b", re.I)
_NOTICE = re.compile(r"\b(?:notice|notification|notificaci\w+|avis|mise en demeure)\b", re.I)


class KindItem(BaseModel):
    """One item a list holds: what it is, its day, who made or owns it, and where it stands on the paper's day."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    day: dt.date | None = None
    by: str = Field("", description="who made it or has it: an organisation or a person")
    status: str = Field("", description="where it stands on the paper's day ('done', 'due', a day's count)")
    count: int | None = Field(None, description="for a day-count timeline: the business day's number, None on a "
                                                "day the banks are shut")


def none_line(title: str, day: dt.date, locale: str) -> str:
    """The line a list of the title's genre says where the room holds none of its items."""
    from worldsmith.generators.compose.text import long_date

    return f"The room holds {NONE_OF.get(genre_of(title), 'no item')} dated on or before {long_date(day, locale)}: none is listed."


def genre_of(title: str) -> str:
    """The genre of items a paper's title promises: 'days', 'conditions', 'notices', 'index', 'checklist' or ''."""
    for genre, words in _GENRES:
        if re.search(words, title or "", re.I):
            return genre
    return ""


def _papers(plan, spec, day: dt.date, keep) -> list[KindItem]:
    """The room's documents and sheets dated on or before the day that `keep` keeps, by date, one per title."""
    out: list[KindItem] = []
    for a in sorted(plan.artifacts, key=lambda a: (getattr(a, "date", day), a.path)):
        if a.kind not in ("document", "spreadsheet") or a.id == spec.id or getattr(a, "distractor", None) is not None \
                or a.date > day or not keep(a) or any(i.name == a.title for i in out):
            continue
        org = plan.person(a.author).organisation
        name = next((o.name for o in plan.organisations if o.id == org), org)
        out.append(KindItem(name=a.title, day=a.date, by=name, status="on file"))
    return out


def _events(plan, spec, day: dt.date) -> list[KindItem]:
    """The ledger's dated events and steps: done where their day has come, due where it is set ahead (only a step the
    plan gives the paper: a day ahead is the paper's to announce, no_later_event_mentioned), outstanding (with no day)
    where the ledger does not know it yet on the paper's day."""
    out: list[KindItem] = []
    for f in sorted((f for f in plan.facts if f.value.type == "date"), key=lambda f: f.value.value):
        held = f.on(day)
        name = cap_first(re.sub(r"^(?:the|a|an)\s+(?:date of (?:the )?)?", "", fact_label(f), flags=re.I))
        if held is None or not isinstance(held[0].value, dt.date):
            out.append(KindItem(name=name, status="outstanding"))
            continue
        when = held[0].value
        if when > day and f.id not in spec.facts:
            # (an unseen outline's conditions checklist of the day before an exclusivity expiry listed '<the expiry>
            # ... due' with its day, a fact the plan never gave it: the world quarantined)
            continue
        out.append(KindItem(name=name, day=when, status="done" if when <= day else "due"))
    return out


def _days(plan, spec, day: dt.date) -> list[KindItem]:
    """Each day from the first to the last dated fact of the paper known on its day, with its business day's number
    counted from the first (the locale's weekends and public holidays are no business days)."""
    from worldsmith.worlds.public_holidays import matter_holidays

    dated = {}
    for f in plan.facts:
        if f.id in spec.facts and f.value.type == "date" and (held := f.on(day)) is not None \
                and isinstance(held[0].value, dt.date):
            dated.setdefault(held[0].value, []).append(fact_label(f))
    if len(dated) < 2:
        return []
    last = max(dated)
    first = min(d for d in dated if (last - d).days <= 62)
    # the count runs from the event the title counts from ('banking days from presentation'), else the first
    after = re.search(r"\b(?:from|since|after|following)\s+(.+)$", spec.title or "", re.I)
    words = set(re.findall(r"[a-z]{4,}", after.group(1).lower())) if after else set()
    start = next((d for d in sorted(dated) if first <= d and words & set(re.findall(r"[a-z]{4,}", " ".join(dated[d]).lower()))),
                 first)
    shut = matter_holidays(plan.timezone, plan.locale, first, last)
    out: list[KindItem] = [KindItem(name="; ".join(cap_first(x) for x in dated[d]), day=d) for d in sorted(dated) if d < first]
    n, d = 0, first
    while d <= last:
        open_ = d.weekday() < 5 and d not in shut
        count = None
        if open_ and d > start:
            n += 1
            count = n
        what = "; ".join(cap_first(x) for x in dated.get(d, [])) or shut.get(d) or d.strftime("%A")
        out.append(KindItem(name=what, day=d, count=count, status="" if open_ else "no business day"))
        d += dt.timedelta(days=1)
    return out


def kind_items(plan, spec) -> list[KindItem] | None:
    """The items of the paper's genre dated on or before its day; None where its title promises no items of a genre
    read here, [] where it does and the plan has none."""
    if spec.kind not in ("document", "spreadsheet"):
        return None
    genre = genre_of(spec.title)
    if not genre:
        return None
    day = spec.date
    if genre == "days":
        # a memo on a notice period of 'ten business days' counts no days: only a timeline, a calendar or a count does
        if not re.search(r"\b(?:timeline|calendar|count\w*|computation|calcul\w*|schedule|tracker|table|log|"
                         r"chronolog\w*|d[ée]compte|c[oó]mputo|cronolog\w*)\b", spec.title, re.I):
            return None
        return _days(plan, spec, day)
    if genre == "conditions":
        return _events(plan, spec, day)
    if genre == "notices":
        return _papers(plan, spec, day, lambda a: a.kind == "document" and (
            _NOTICE.search(a.title) is not None or (getattr(a, "doc_type", "") or "").lower() == "notice"))
    if genre == "index":
        # an index of papers lists what goes in: the team's own memos, minutes and notes only where nothing else does
        return _papers(plan, spec, day, lambda a: not _INTERNAL.search(f"{a.title} {getattr(a, 'doc_type', '')}")) \
            or _papers(plan, spec, day, lambda a: True)
    # a checklist of documents: the instruments, certificates and records of the matter (a team's memos, notes and
    # letters are no document called for)
    return _papers(plan, spec, day, lambda a: a.kind == "document" and not _INTERNAL.search(
        f"{a.title} {getattr(a, 'doc_type', '')}") and (getattr(a, "doc_type", "") or "").lower() != "letter")

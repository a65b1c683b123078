"""Decision checks: the client's decision on the matter, the deadline it was taken against, and the figure it acts on.

Every matter a professional outlines ends in a decision (a text fact the ledger dates: submit the proof of loss,
offer a settlement, reject the tender, approve subject to consent) taken against a date still ahead (a deadline, a
signing target). A partner checking it opens three papers: the record of the decision (the minutes, resolution or
written decision that takes it on the ledger's day, else the mail that gives it that day: its day and who took it),
a paper that sets the date, and the working the decision's figure comes from (the figure it acts on must be the one
that working gives now, not a superseded draft's). The final figure, the days the decision left, is
written in no file; a decision with no date ahead of it makes no task.
"""

from __future__ import annotations

import datetime as dt
import re
import zoneinfo

from worldsmith.environments.graph_tasks import (Graph, _ask, _distractor_negatives, _inputs_reference, universal,
                                                 value_check)
from worldsmith.environments.apps import app_of
from worldsmith.environments.forms import body_words
from worldsmith.environments.tasks import Check, Criterion, Needs, Rubric, Solution, Task, label_of, the
from worldsmith.worlds.plan import LedgerFact

# The files dated up to a moment that carry a fact at its current value, earliest first.
_CARRIED_SQL = """select a.path, a.kind, a."at", a.message_id from fact_mentions m join artifacts a
on a.id = m.artifact_id join facts f on f.id = m.fact_id where m.fact_id = ? and m.found and m.distractor is null
and m.expected = f.text order by a."at", a.path"""


def _when(day: dt.date) -> str:
    return f"{day:%B} {day.day}, {day.year}"


def _carried(graph: Graph, fid: str) -> list[tuple[str, str, dt.datetime, str | None]]:
    return graph.world.db.execute(_CARRIED_SQL, [fid]).fetchall()


_DECIDED = re.compile(r"\b(decision|decided|decides|approved|authori[sz]ed|resolved|instructed)\b", re.I)


def _names(fact: LedgerFact, on: str) -> list[str]:
    """How an answer names a dated fact: its label, its last two words, and its day as the room writes it."""
    words = label_of(fact).lower().replace("-", " ").split()
    return [" ".join(words), *([" ".join(words[-2:])] if len(words) > 2 else []), on]


def _is_decision(fact: LedgerFact) -> bool:
    """A text fact the ledger dates that records a decision (its id, label or statement says so), not a name."""
    said = f"{fact.id.replace('_', ' ')} {label_of(fact)} {fact.statement}"
    return getattr(fact.value, "type", None) == "text" and fact.known_from is not None and bool(_DECIDED.search(said))


def _ahead(graph: Graph, day: dt.date, decision: LedgerFact) -> list[LedgerFact]:
    """The dates the room held by the decision's day that still lay ahead of it, the nearest first."""
    dates = []
    for f in graph.world.plan.facts:
        held = f.on(day) if f.id != decision.id else None
        if held is not None and getattr(held[0], "type", None) == "date" and held[0].value > day:
            dates.append((held[0].value, f.id, f))
    return [f for *_, f in sorted(dates)]


def _figure(graph: Graph, decision: LedgerFact, mail_path: str) -> LedgerFact | None:
    """The amount the decision acts on: the first amount its establishing paper is about, else one its mail carries."""
    world = graph.world
    spec = {a.id: a for a in world.plan.artifacts}
    ids = world.plan.establishing(decision.id)
    about = [f for a in ids if a in spec for f in spec[a].facts if f != decision.id]
    about += [fid for fid, paths in ((f.id, {p for p, _ in graph.carriers.get(f.id, [])}) for f in world.plan.facts)
              if mail_path in paths]
    for fid in dict.fromkeys(about):
        q = graph.quantities.get(fid)
        if q is not None and q.kind == "money":
            return graph.fact(fid)
    return None


def decision_tasks(graph: Graph) -> list[Task]:
    """A check of each decision the ledger dates: its day and maker, the date ahead of it, the figure and its paper."""
    out = []
    for fact in graph.world.plan.facts:
        if _is_decision(fact):
            task = _decision_task(graph, fact)
            if task is not None:
                out.append(task)
    return out


# the start of a statement that dates it ('On April 8, 2027 ', 'On 8 April 2027, ')
_ON_DAY = re.compile(r"^\s*On\s+(?:\d{1,2}\s+[A-Za-z]+\s+\d{4}|[A-Za-z]+\s+\d{1,2},\s*\d{4}|\d{4}-\d{2}-\d{2}),?\s+")
_TAKER = re.compile(r"^(?P<who>\S.*?)\s+(?:has\s+|had\s+)?(?:decided|decides|approved|authori[sz]ed|resolved|instructed)\b")
_BODY = re.compile(r"\b(?:board|committee|meeting|shareholders|members|council|trustees|directors|assembly|panel)\b", re.I)


def _records(graph: Graph, decision: LedgerFact) -> list[tuple[str, str, dt.datetime, str | None]]:
    """The papers that record the decision on the day the ledger dates it: the minutes, resolution or written decision
    of that day, then the mail that gives it that day; none where the room records it on no file of that day (a mail
    that reports it later dates the report, not the decision)."""
    tz = zoneinfo.ZoneInfo(graph.world.plan.timezone)
    that_day = [r for r in _carried(graph, decision.id) if r[2].astimezone(tz).date() == decision.known_from]
    return [r for r in that_day if r[1] == "document"] + [r for r in that_day if r[1] == "email" and r[3]]


def _taker(graph: Graph, decision: LedgerFact, record: tuple) -> tuple[str, str] | None:
    """Who took the decision, as ('person', full name) or ('body', the board, committee or meeting as the ledger names
    it): the ledger's statement says who; a mail that carries it names only who wrote it (a Danish A/S board's
    decision was keyed to outside counsel, who reported it days later: blind red team, issue 16)."""
    world = graph.world
    said = _TAKER.match(_ON_DAY.sub("", decision.statement, count=1))
    who = said.group("who").strip(" ,") if said else ""
    if who and _BODY.search(who) and len(who.split()) <= 10:
        return "body", who
    sender = None
    if record[1] == "email":
        message = next((m for m in world.messages if m.message_id == record[3]), None)
        sender = next((p for p in world.plan.people if message is not None and p.email == message.sender), None)
    low = who.lower()
    # a title the statement gives ('Ostrander's General Counsel', 'the HR Director'), held by one person of the
    # organisation it names (or of any, where it names none)
    said = lambda words: bool(words) and re.search(rf"\b{re.escape(words.lower())}\b", low) is not None  # noqa: E731
    named = [o.id for o in world.plan.organisations if said(o.id) or said(o.name.split()[0])]
    by_name = [p for p in world.plan.people if said(p.name)]  # ('On May 3 Anna Berg decided ...')
    if len(by_name) == 1:
        return "person", by_name[0].name
    holders = [p for p in world.plan.people if said(p.title) and (not named or p.organisation in named)]
    if sender is not None and (sender in holders or not who):
        return "person", sender.name
    if len(holders) == 1 and (sender is None or holders[0].name in _text_of(graph, record[0])):
        # (where the record is a mail from someone else that does not name the holder, the room says another took it:
        # a São Paulo distributor's appeal was decided by its Diretor-Presidente in the ledger, but the mail of that
        # day was its finance director's 'Decided: to file the recurso ordinário', blind red team 34: no task whose
        # answer the room contradicts)
        return "person", holders[0].name
    return None


def _text_of(graph: Graph, path: str) -> str:
    """The text of the room's file at `path` ('' where the store holds none)."""
    row = graph.world.db.execute("select text from artifact_text where path = ?", [path]).fetchone()
    return row[0] if row else ""


def _decision_task(graph: Graph, decision: LedgerFact) -> Task | None:
    # the first of that day's papers that says who took it: counsel's 'Decision: we file the recurso ordinário' that
    # morning names no taker, the Diretor-Presidente's own mail that afternoon does (br-icms at seed 34, blind red
    # team 34: the world made no decision task once the decision's point went out on its day)
    record, taker = next(((r, t) for r in _records(graph, decision) if (t := _taker(graph, decision, r)) is not None),
                         (None, None))
    if taker is None:
        return None
    for deadline in _ahead(graph, decision.known_from, decision):
        task = _against(graph, decision, deadline, decision.known_from, record, taker)
        if task is not None:
            return task
    return None


def _against(graph: Graph, decision: LedgerFact, deadline: LedgerFact, day: dt.date, record: tuple,
             taker: tuple[str, str]) -> Task | None:
    """The check of a decision against one date ahead of it; None where the room writes the count or no paper the
    room held by then sets the date."""
    world = graph.world
    tz = zoneinfo.ZoneInfo(world.plan.timezone)
    due, due_text = deadline.on(day)[0].value, deadline.on(day)[1]
    days = (due - day).days
    days_text = f"{days} days"
    # the count as the room might write it ('9 days', not inside '19 days')
    if days < 2 or world.db.execute("select 1 from artifact_text where regexp_matches(text, ?) limit 1",
                                    [rf"(^|[^\d.,]){days} days\b"]).fetchone():
        return None
    # a paper the room held by that day that sets the date (not the decision's own mail)
    set_by = [r for r in _carried(graph, deadline.id) if r[0] != record[0] and r[2].astimezone(tz).date() <= day]
    if not set_by:
        return None
    date_path, date_kind = set_by[0][0], set_by[0][1]
    files, apps = {record[0], date_path}, {app_of(record[1]), app_of(date_kind)}
    figure = _figure(graph, decision, record[0])
    maker = taker[1]
    working: list[str] = []
    if figure is not None:
        # the working it comes from: a document or sheet carrying it now, the latest dated by the decision's day
        papers = [r for r in _carried(graph, figure.id) if r[1] in ("document", "spreadsheet")]
        # never the decision's own record (the minutes that carry it), nor a paper written after it (the auditors'
        # later memo, a disclosure note): any paper that carried the figure was taken as the working (blind red team
        # kit29a: three wrong answers 1.0)
        own = {r[0] for r in _carried(graph, decision.id)}
        held = [r for r in papers if r[2].astimezone(tz).date() <= day]
        before = [r for r in held if r[0] not in own] or held or [r for r in papers if r[0] not in own] or papers
        if before:
            working = [r[0] for r in before]
            chosen = before[-1]
            files.add(chosen[0])
            apps.add(app_of(chosen[1]))
    numbers = sorted({float(x) for d in (day, due) for x in (d.day, d.year)}
                     | {float(n) for f in (decision, deadline) for n in re.findall(r"\d+", label_of(f))})
    criteria = [
        Criterion(id="days_left", weight=3.0, description=f"gives the days the decision left before {the(deadline)}: "
                                                          f"{days_text}",
                  check=Check(type="answer_final", values=[days_text], numbers=[float(days)], unit="days",
                              allowed=numbers)),
        Criterion(id="decided_on", weight=1.0, description=f"gives the day of the decision: {_when(day)}",
                  check=Check(type="answer_mentions", values=[_when(day)])),
        Criterion(id="states_deadline", weight=1.0, description=f"gives {the(deadline)}: {due_text}",
                  check=Check(type="answer_mentions", values=[due_text])),
        Criterion(id="names_maker", weight=0.5, description=f"names who took the decision: {maker}",
                  check=Check(type="answer_mentions", values=[maker])) if taker[0] == "person" else
        Criterion(id="names_maker", weight=0.5, description=f"names the body that took the decision: {maker}",
                  check=Check(type="answer_mentions_any", values=[maker, " ".join(body_words(maker, world))])),
    ]
    # the count said the wrong way round: the deadline 'N days before' the decision
    decided = ["decision", "decided", "decides", "approved", *_names(decision, _when(day))]
    negatives = [Criterion(id="lag_turned", weight=3.0, description=f"counts the days from the decision to "
                                                                     f"{the(deadline)} the wrong way round",
                           check=Check(type="answer_move_direction", expect="after", values=[days_text],
                                       numbers=[float(days)], unit="days", a_words=decided,
                                       b_words=_names(deadline, due_text)))]
    today = world.plan.window_end
    late = (due - today).days
    if late > 0 and late != days:
        negatives.append(Criterion(id="counts_from_today", weight=2.0,
                                   description=f"answers {late} days, counting from {_when(today)}, not the decision",
                                   check=Check(type="answer_final", values=[f"{late} days"], numbers=[float(late)],
                                               unit="days", allowed=numbers)))
    lines = [f"{maker[:1].upper() + maker[1:]} took {the(decision)} on {_when(day)}."]
    if figure is not None and working:
        q = graph.quantities[figure.id]
        titles = {a.path: a.title for a in world.plan.artifacts if getattr(a, "title", None)}
        names = sorted({*working, *(titles[p] for p in working if p in titles)})
        criteria += [
            Criterion(id="states_figure", weight=1.0, description=f"gives {the(figure)} it acts on: {figure.text}",
                      check=Check(type="answer_mentions", **value_check(q, figure.text))),
            Criterion(id="names_working", weight=1.0, description="names the working the figure comes from: "
                                                                  + ", ".join(names[:2]),
                      check=Check(type="answer_mentions_any", values=names))]
        negatives += _distractor_negatives(graph, [figure.id], "answer_asserts")
        lines.append(f"It acts on {the(figure)} of {figure.text}, as {titles.get(chosen[0], chosen[0])} gives it.")
    lines.append(f"{the(deadline, capital=True)} is {due_text}, so the decision left {days_text}.")
    answer = " ".join(lines) + f"\nAnswer: {days_text}"
    acts = (f" What figure does it act on, and which paper of the matter's working gives that figure as it now "
            f"stands?") if figure is not None and working else ""
    facts = [decision.id, deadline.id] + ([figure.id] if figure is not None and working else [])
    return Task(
        id=f"decision-{decision.id}-{deadline.id}", world_id=world.world_id, kind="decision",
        tags=["judgement", "as_of", "multi_hop"],
        instruction=(f"In the data room of {world.plan.title}, check {the(decision)}: on what day was it taken, and by "
                     f"whom (the person, or the board, committee or meeting that took it)?{acts} How many days did it leave before {the(deadline)} as the room had it that day (your "
                     f"final figure, in days)? {_ask()}"),
        needs=Needs(files=sorted(files), facts=facts, apps=sorted(apps)),
        reference=_inputs_reference(answer, facts),
        rubric=Rubric(criteria=criteria, negative_criteria=negatives, universal_penalties=universal(graph)),
        solution=Solution(answer=answer))

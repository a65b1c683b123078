"""The calendar kind's task family (environments.kind_tasks): pre-meeting briefs, the figures on a meeting's agenda as
they stood on its day, ending in a figure no file writes. (It was environments/brief_tasks.py.)

A professional briefs a meeting from what the room held before it: the figure on the agenda (read in the calendar,
which also gives the day), the figures it was computed from, and either the figure it is weighed against (which is
larger, by how much) or the deadline on the agenda (how many days the meeting leaves); a meeting whose agenda holds
only a date gets a timetable (the matter's other dates still ahead, counted from it). Each figure is taken as it
stood that day (LedgerFact.on), so the gap worked from a value the room gave only later, and a superseded draft, are
traps graded as negative criteria (naming what a figure later became is no slip). The files a brief needs are the
meeting's calendar and the fewest files dated before the meeting that carry every figure at that day's value (the
same cover as every graph task, over the carriers of that day).
"""

from __future__ import annotations

import datetime as dt
import re
import zoneinfo
from dataclasses import dataclass

from worldsmith.environments.graph_tasks import (Graph, _ask, _content_words, _distractor_negatives, swap_negatives,
                                                 _leaves, _steps_from, _num, _pair_score, _verb, cover, exceed_pairs, in_room,
                                                 shown, universal, value_check)
from worldsmith.environments.tasks import Check, Criterion, Needs, Reference, Rubric, Solution, Task, label_of, the
from worldsmith.worlds.ledger import Quantity, quantity_of, references
from worldsmith.worlds.plan import LedgerFact

_MIN_FILES = 2  # the calendar and a paper at least
_MAX_INPUTS = 6  # figures a brief reads beside the agenda's and its counterpart's: a page, not a ledger

# The carriers of given (fact, text) pairs among the files dated before a moment, and the meeting's own calendar
# (its agenda is read there; the calendar file is dated at the meeting, so a date filter alone drops it): what the
# room held that day.
_ASOF_SQL = """select m.fact_id, a.path, a.kind from fact_mentions m join artifacts a on a.id = m.artifact_id
where m.found and m.distractor is null and (a."at" < cast(? as timestamptz) or a.path = ?) and ({pairs})
order by m.fact_id, a.path"""
_ASOF_COUNT_SQL = """select count(distinct m.fact_id) from fact_mentions m join artifacts a on a.id = m.artifact_id
where m.found and m.distractor is null and (a."at" < cast(? as timestamptz) or a.path = ?) and ({pairs})"""
_PAIR = "(m.fact_id = ? and m.expected = ?)"


@dataclass
class Figure:
    """One figure of a brief: the fact, its text and quantity on the meeting's day, and its text now."""

    fact: LedgerFact
    text: str
    q: Quantity

    @property
    def changed(self) -> bool:
        """Whether the room gives another figure for it now (a later value: a trap for the brief)."""
        return self.text != self.fact.text


def _figure(fact: LedgerFact, day: dt.date) -> Figure | None:
    held = fact.on(day)
    q = quantity_of(held[0]) if held else None
    return Figure(fact, held[1], q) if q is not None else None


def _gap_text(q: Quantity) -> str:
    return shown(q).rstrip("%") + " percentage points" if q.kind == "percent" else shown(q)


def _asof_cover(graph: Graph, held: list[tuple[str, str]], start: dt.datetime, calendar: str):
    """(files, apps) a brief needs: the calendar, and the fewest files dated before the meeting that carry every
    other (fact, text) at its value that day; None when the room held one of them nowhere by then."""
    pairs = [x for pair in held for x in pair]
    rows = graph.world.db.execute(_ASOF_SQL.format(pairs=" or ".join([_PAIR] * len(held))),
                                  [start.isoformat(), calendar, *pairs]).fetchall()
    carriers: dict[str, list[tuple[str, str]]] = {}
    for fid, path, kind in rows:
        carriers.setdefault(fid, []).append((path, kind))
    # The agenda's own figures are read in the calendar, which the brief opens anyway.
    rest = [fid for fid, _ in held if calendar not in {p for p, _ in carriers.get(fid, [])}]
    if not rest:
        return [calendar], ["calendar"]
    found = cover(Graph(graph.world, carriers, graph.quantities), rest)
    if found is None:
        return None
    files, apps = found
    return sorted({calendar, *files}), sorted({"calendar", *apps})


def _inputs(graph: Graph, fact: LedgerFact, day: dt.date) -> list[Figure]:
    """The figures a derived fact was computed from, each as it stood that day (none for a fact the room states)."""
    if not fact.formula:
        return []
    out = [_figure(graph.fact(x), day) for x in _leaves(graph, fact.id) if x != fact.id]
    return [f for f in out if f is not None]


def _partners(graph: Graph, agenda: Figure, day: dt.date, taken: set[frozenset[str]]) -> list[Figure]:
    """Figures worth weighing the agenda's against that day, the most telling first: of its kind and unit, not a part
    of it nor it a part of them, within a factor of ten, with a reason a professional would weigh them for (a limit
    and what it limits, two sides' positions: never covenant EBITDA against net debt), and no pair an exceedance task
    already asks about."""
    a = agenda.fact
    scored = []
    for f in graph.world.plan.facts:
        if f.id == a.id or frozenset((a.id, f.id)) in taken:
            continue
        fig = _figure(f, day)
        if fig is None or (fig.q.kind, fig.q.currency, fig.q.unit) != (agenda.q.kind, agenda.q.currency, agenda.q.unit):
            continue
        if fig.q.amount == agenda.q.amount or _reads(graph, a.id, f.id) or _reads(graph, f.id, a.id):
            continue
        hi, lo = max(fig.q.amount, agenda.q.amount), min(fig.q.amount, agenda.q.amount)
        if lo <= 0 or hi / lo > 10:
            continue
        score = _pair_score(graph, a, f)  # nothing where no reason to weigh the two (graph_tasks.pair_reason)
        if score > 0:
            scored.append((-score - 0.3 * bool(f.formula), f.id, fig))
    return [fig for *_, fig in sorted(scored, key=lambda s: (s[0], s[1]))]


def _reads(graph: Graph, top: str, other: str) -> bool:
    """Whether a fact's formula reads another, at any depth (a part beside its own total is no comparison)."""
    formula = graph.fact(top).formula
    return bool(formula) and any(r == other or _reads(graph, r, other) for r in references(formula))


@dataclass
class _Made:
    series: str
    state: tuple
    start: dt.datetime
    task: Task


def _meeting_brief(graph: Graph, meeting, start: dt.datetime, taken: set[frozenset[str]]) -> _Made | None:
    world = graph.world
    day = start.astimezone(zoneinfo.ZoneInfo(world.plan.timezone)).date()
    agenda_facts = [world.facts[f] for f in meeting.facts if f in world.facts]
    # An agenda figure the room gave another value for later is briefed first: briefing it as it stood that day, and
    # not as it stands now, is the trap that makes a brief worth asking (a weekly call carries a figure only in the
    # week it moved, so the figure that moved later is often not the agenda's first).
    figures = [fig for f in agenda_facts if (fig := _figure(f, day)) is not None]
    figures.sort(key=lambda fig: not fig.changed)
    for agenda in figures:
        made = _weighed_brief(graph, meeting, start, day, agenda, taken)
        if made is not None:
            return made
    deadline = next((f for f in agenda_facts if _date_on(f, day) is not None), None)
    if deadline is not None and figures:
        inputs = _inputs(graph, figures[0].fact, day)
        if inputs:
            return _countdown(graph, meeting, start, day, figures[0], deadline,
                              _dedupe([figures[0], *inputs[:_MAX_INPUTS]]))
    # An agenda whose figures weigh against nothing still has its dates: the timetable from the first that makes one.
    anchors = (f for f in agenda_facts if _date_on(f, day) is not None)
    return next((made for f in anchors if (made := _timetable(graph, meeting, start, day, f)) is not None), None)


def _weighed_brief(graph: Graph, meeting, start: dt.datetime, day: dt.date, agenda: Figure,
                   taken: set[frozenset[str]]) -> _Made | None:
    """The agenda's figure weighed against the most telling counterpart that makes a task, with both inputs."""
    inputs = _inputs(graph, agenda.fact, day)
    for partner in _partners(graph, agenda, day, taken):
        # The counterpart's own inputs where the page has room for all of them (a part-list of them reads as a slip).
        theirs = _inputs(graph, partner.fact, day)
        theirs = theirs if len(inputs[:_MAX_INPUTS]) + len(theirs) <= _MAX_INPUTS else []
        figures = _dedupe([agenda, partner, *inputs[:_MAX_INPUTS], *theirs])
        made = _weighed(graph, meeting, start, day, agenda, partner, figures, bool(theirs))
        if made is not None:
            return made
    return None


def _dedupe(figures: list[Figure]) -> list[Figure]:
    seen, out = set(), []
    for f in figures:
        if f.fact.id not in seen:
            seen.add(f.fact.id)
            out.append(f)
    return out


def _series(meeting) -> str:
    """A meeting's series: its title up to the date a weekly call carries ('Weekly status call with Ostrander')."""
    return (meeting.title or meeting.id).split(" - ")[0]


def _when(day: dt.date) -> str:
    return f"{day:%B} {day.day}, {day.year}"


def _later_gap(agenda: Figure, partner: Figure, gap: Quantity, day: dt.date, allowed: list[float]) -> list[Criterion]:
    """The trap of a figure the room changed after the meeting: the gap worked from the figures as they stand now.
    (The later figure itself may be named, as what it later became; briefing the day on it is what costs.)"""
    now = [quantity_of(f.fact.value) for f in (agenda, partner)]
    if not (agenda.changed or partner.changed) or None in now:
        return []
    later = Quantity(gap.kind, abs(now[0].amount - now[1].amount), gap.currency, gap.unit)
    text = _gap_text(later)
    if text == _gap_text(gap):
        return []
    changed = next(f for f in (agenda, partner) if f.changed)
    return [Criterion(id=f"later_{changed.fact.id}", weight=3.0,
                      description=f"works the gap from {changed.fact.text}, {the(changed.fact)} as the room gave it "
                                  f"only after the meeting of {_when(day)} (it stood at {changed.text}): {text}",
                      check=Check(type="answer_final", values=[text], numbers=[_num(later)],
                                  unit=None if later.kind == "percent" else later.currency, allowed=allowed))]


def _names(fact: LedgerFact, on: str | None = None) -> list[str]:
    """How an answer names a dated fact: its label, its last words, and its date as the room wrote it."""
    label = label_of(fact).lower()
    words = label.replace("-", " ").split()
    return [label, *([" ".join(words[-2:])] if len(words) > 2 else []), *([on] if on else [])]


def _meeting_names(meeting, day: dt.date) -> list[str]:
    """How an answer names a meeting: the word, its series, and its day."""
    return ["meeting", "call", "session", "agenda", _series(meeting).lower(), _when(day)]


def _lag_turned(lags: list[str], ref: list[str], others: list[str], what: str) -> Criterion:
    """A negative: a lag of `lags` counted the wrong way round or from the wrong thing ('50 days before the meeting'
    for a deadline after it; 'after the meeting' for a gap counted from the agenda's date)."""
    return Criterion(id="lag_turned", weight=3.0, description=f"counts {what} the wrong way round or from the wrong day",
                     check=Check(type="answer_move_direction", expect="after", values=lags,
                                 numbers=[float(x.split()[0]) for x in lags], unit="days", a_words=ref, b_words=others))


def _input_criteria(graph: Graph, tops: list[str], figures: list[Figure], day: dt.date) -> list[Criterion]:
    """An input given, or a step it feeds on the way to the brief's figures, each as it stood that day: 'the amount in
    dispute, USD 827,080 = the revised claim USD 1,078,800 less the offer USD 251,720' gives the figures it was
    computed from (kit11: a right brief lost 0.15 for not going down to the accounts each of those counts)."""
    out = []
    for f in figures:
        fields = value_check(f.q, f.text)
        other = []  # a step in another unit is read from its own text (a count feeding an amount: no shared unit)
        for step in _steps_from(graph, f.fact.id, tops):
            held = _figure(graph.fact(step), day)
            if held is None:
                continue
            if (held.q.kind, held.q.currency, held.q.unit) == (f.q.kind, f.q.currency, f.q.unit):
                fields["values"].append(held.text)
                fields["numbers"].append(_num(held.q))
            else:
                other.append(held.text)
        fields["values"] += other
        out.append(Criterion(id=f"input_{f.fact.id}", weight=0.5, description=f"gives {the(f.fact)} as it stood: {f.text}"
                             + (", or a figure it feeds" if len(fields["values"]) > 1 else ""),
                             check=Check(type="answer_states_any", **fields)))
    return out


def _common(graph: Graph, meeting, start: dt.datetime, day: dt.date, figures: list[Figure], answer: str, instruction: str,
            criteria: list[Criterion], negatives: list[Criterion], suffix: str) -> Task | None:
    held = {f.text for f in figures}
    negatives += [c for c in _distractor_negatives(graph, [f.fact.id for f in figures], "answer_asserts")
                  if c.check.values[0] not in held]
    # the day's figures written against each other's labels (NRD and economic loss swapped scored 1.0)
    negatives += swap_negatives(graph, [f.fact.id for f in figures], {f.fact.id: (f.q, f.text) for f in figures})
    return _task(graph, meeting, start, [(f.fact.id, f.text) for f in figures], answer, instruction, criteria,
                 negatives, suffix)


def _task(graph: Graph, meeting, start: dt.datetime, held: list[tuple[str, str]], answer: str, instruction: str,
          criteria: list[Criterion], negatives: list[Criterion], suffix: str) -> Task | None:
    """The brief as a task: needs from the day's cover, a reference query that finds every (fact, text) in a file dated
    before the meeting, and the rubric with the universal penalties."""
    found = _asof_cover(graph, held, start, meeting.path)
    if found is None or len(found[0]) < _MIN_FILES:
        return None  # a brief read off the agenda and one paper is a lookup, not a brief
    files, apps = found
    pairs = [x for pair in held for x in pair]
    return Task(
        id=f"brief-{meeting.id}-{suffix}", world_id=graph.world.world_id, kind="brief",
        tags=["as_of", "judgement", "multi_hop"], instruction=instruction,
        needs=Needs(files=files, facts=[fid for fid, _ in held], apps=apps),
        reference=Reference(answer=answer, sql=_ASOF_COUNT_SQL.format(pairs=" or ".join([_PAIR] * len(held))),
                            params=[start.isoformat(), meeting.path, *pairs], expect=[[float(len(held))]]),
        rubric=Rubric(criteria=criteria, negative_criteria=negatives, universal_penalties=universal(graph)),
        solution=Solution(answer=answer))


def _opening(graph: Graph, meeting, day: dt.date, agenda: Figure) -> str:
    # The figure named: an agenda of three figures left 'the figure on that meeting's agenda' to a guess (kit11: right
    # briefs of the agenda's first figure scored 0.29 against a reference on its third).
    computed = ", with the figures it was computed from" if agenda.fact.formula else ""
    return (f"In the data room of {graph.world.plan.title}, you are briefing the team for the {_series(meeting)} of "
            f"{_when(day)} (it is in the calendar). Take {the(agenda.fact)} on that meeting's agenda as it stood on the "
            f"day of the meeting{computed}")


_AS_THEN = ("Brief every figure as it stood before the meeting: a figure the room gave only later, or a superseded "
            "draft, is not the one to use.")


def _weighed(graph: Graph, meeting, start: dt.datetime, day: dt.date, agenda: Figure, partner: Figure,
             figures: list[Figure], with_parts: bool) -> _Made | None:
    """The brief that weighs the agenda's figure against another as they stood that day: direction and gap."""
    hi, lo = (agenda, partner) if agenda.q.amount > partner.q.amount else (partner, agenda)
    gap = Quantity(agenda.q.kind, hi.q.amount - lo.q.amount, agenda.q.currency, agenda.q.unit)
    if in_room(graph, gap) or shown(gap) in {f.text for f in figures}:
        return None
    gap_text = _gap_text(gap)
    hw, lw = _content_words(label_of(hi.fact)), _content_words(label_of(lo.fact))
    inputs = [f for f in figures if f is not agenda and f is not partner]
    criteria = [
        Criterion(id="direction", weight=2.0, description=f"says {the(hi.fact)} ({hi.text}) exceeded {the(lo.fact)} "
                                                          f"({lo.text}) on {_when(day)}",
                  check=Check(type="answer_direction", a_words=hw, b_words=lw, expect="a>b")),
        Criterion(id="states_gap", weight=3.0, description=f"gives the gap that day: {gap_text}",
                  check=Check(type="answer_final", allowed=[_num(f.q) for f in figures],
                              values=[gap_text], numbers=[_num(gap)],
                              # a count's gap keeps its unit (kit13: 'Agreed larger by USD 23', 'Answer: 23 weeks'
                              # for a gap of 23 days scored 1.0, the gap's unit dropped)
                              unit=None if gap.kind == "percent" else gap.currency if gap.kind == "money"
                              else (gap.unit or None))),
        Criterion(id="states_agenda", weight=1.0, description=f"gives the agenda's {label_of(agenda.fact)} as it stood: "
                                                              f"{agenda.text}",
                  check=Check(type="answer_mentions", **value_check(agenda.q, agenda.text))),
        Criterion(id="states_partner", weight=1.0, description=f"gives {the(partner.fact)} as it stood: {partner.text}",
                  check=Check(type="answer_mentions", **value_check(partner.q, partner.text))),
    ] + _input_criteria(graph, [agenda.fact.id, partner.fact.id], inputs, day)
    negatives = [Criterion(id="wrong_direction", weight=2.0, description=f"says {the(lo.fact)} exceeded {the(hi.fact)}",
                           check=Check(type="answer_direction", a_words=lw, b_words=hw, expect="a>b", any_reading=True))]
    negatives += _later_gap(agenda, partner, gap, day, [_num(f.q) for f in figures])
    lines = [f"On {_when(day)} {the(agenda.fact)} on the agenda stood at {agenda.text}."]
    lines += [f"{the(f.fact, capital=True)}: {f.text}." for f in inputs]
    lines += [f"{the(partner.fact, capital=True)} stood at {partner.text}.",
              f"{the(hi.fact, capital=True)} ({hi.text}) {_verb(hi.fact, 'exceeds')} {the(lo.fact)} ({lo.text}) by "
              f"{gap_text}."]
    shows = ", with the figures it is made of" if with_parts else ""
    instruction = (f"{_opening(graph, meeting, day, agenda)}, and weigh it against {the(partner.fact)} as it stood that day"
                   f"{shows}: which was larger, and by how much? The gap is your final figure. {_AS_THEN} {_ask()}")
    task = _common(graph, meeting, start, day, figures, " ".join(lines) + f"\nAnswer: {gap_text}", instruction,
                   criteria, negatives,
                   f"vs-{partner.fact.id}")
    if task is None:
        return None
    return _Made(_series(meeting), (agenda.fact.id, partner.fact.id, *(f.text for f in figures)), start, task)


def _countdown(graph: Graph, meeting, start: dt.datetime, day: dt.date, agenda: Figure, deadline: LedgerFact,
               figures: list[Figure]) -> _Made | None:
    """The brief that ends in the days the meeting leaves before the deadline on its agenda."""
    due = deadline.on(day)[0].value
    days = (due - day).days
    days_text = f"{days} days"
    hit = graph.world.db.execute("select 1 from artifact_text where contains(text, ?) limit 1", [days_text]).fetchone()
    if hit or days < 2:
        return None
    inputs = [f for f in figures if f is not agenda]
    # The days and years of the dates, and a number a label holds ('the 60-day refund deadline'), are no rival count.
    dates = [float(d.day) for d in (day, due)] + [float(day.year), float(due.year)]
    dates += [float(n) for f in [deadline, *(g.fact for g in figures)] for n in re.findall(r"\d+", label_of(f))]
    criteria = [
        Criterion(id="days_left", weight=3.0, description=f"gives the days from the meeting to the deadline: {days_text}",
                  check=Check(type="answer_final", values=[days_text], numbers=[float(days)], unit="days",
                              allowed=dates)),
        Criterion(id="states_deadline", weight=1.0, description=f"gives {the(deadline)}: {deadline.on(day)[1]}",
                  check=Check(type="answer_mentions", values=[deadline.on(day)[1]])),
        Criterion(id="states_agenda", weight=1.0, description=f"gives the agenda's {label_of(agenda.fact)} as it stood: "
                                                              f"{agenda.text}",
                  check=Check(type="answer_mentions", **value_check(agenda.q, agenda.text))),
    ] + _input_criteria(graph, [agenda.fact.id], inputs, day)
    # The slip of a reader who counts from the room's last day rather than the meeting's.
    today = graph.world.plan.window_end
    late = (due - today).days
    negatives = [Criterion(id="counts_from_today", weight=2.0,
                           description=f"answers {late} days, counting from {_when(today)} rather than the meeting",
                           check=Check(type="answer_final", values=[f"{late} days"], numbers=[float(late)], unit="days",
                                       allowed=dates))] if late != days else []
    negatives.append(_lag_turned([days_text], _meeting_names(meeting, day), _names(deadline, deadline.on(day)[1]),
                                 f"the days from the meeting to {the(deadline)}"))
    lines = [f"On {_when(day)} {the(agenda.fact)} on the agenda stood at {agenda.text}."]
    lines += [f"{the(f.fact, capital=True)}: {f.text}." for f in inputs]
    lines += [f"{the(deadline, capital=True)} is {deadline.on(day)[1]}, {days_text} after the meeting."]
    instruction = (f"{_opening(graph, meeting, day, agenda)}, and the deadline on the agenda: how many days after the meeting "
                   f"did it fall (your final figure, in days)? {_AS_THEN} {_ask()}")
    task = _common(graph, meeting, start, day, figures, " ".join(lines) + f"\nAnswer: {days_text}", instruction,
                   criteria, negatives, f"to-{deadline.id}")
    if task is None:
        return None
    return _Made(_series(meeting), (agenda.fact.id, deadline.id, days, *(f.text for f in figures)), start, task)


def _date_on(fact: LedgerFact, day: dt.date) -> tuple[dt.date, str] | None:
    """A date fact's date and text as they stood on a day, when it was known and still ahead."""
    held = fact.on(day)
    if held is None or getattr(held[0], "type", None) != "date" or held[0].value <= day:
        return None
    return held[0].value, held[1]


def _timetable(graph: Graph, meeting, start: dt.datetime, day: dt.date, anchor: LedgerFact) -> _Made | None:
    """For a meeting whose agenda holds a date (a signing target): the matter's other dates still ahead that day, how
    long after the agenda's date each falls, and the span to the last of them (a timetable no file writes)."""
    when, text = _date_on(anchor, day)
    others = [(f, *d) for f in graph.world.plan.facts if f.id != anchor.id and (d := _date_on(f, day)) is not None]
    others = sorted(((f, d, t) for f, d, t in others if d > when), key=lambda x: (x[1], x[0].id))
    if len(others) < 2:
        return None  # one interval is a diary entry, not a timetable
    span = (others[-1][1] - when).days
    span_text = f"{span} days"
    if graph.world.db.execute("select 1 from artifact_text where contains(text, ?) limit 1", [span_text]).fetchone():
        return None
    gaps = [(f, d, t, f"{(d - when).days} days") for f, d, t in others]
    numbers = sorted({float(x) for x in [day.day, day.year, when.day, when.year] + [d.day for _, d, _ in others]
                      + [d.year for _, d, _ in others] + [(d - when).days for _, d, _ in others]})
    numbers += [float(n) for f in [anchor, *(g[0] for g in gaps)] for n in re.findall(r"\d+", label_of(f))]
    criteria = [
        Criterion(id="span", weight=3.0, description=f"gives the span from {the(anchor)} to {the(others[-1][0])}: "
                                                     f"{span_text}",
                  check=Check(type="answer_final", values=[span_text], numbers=[float(span)], unit="days",
                              allowed=numbers)),
        Criterion(id="states_agenda", weight=1.0, description=f"gives the agenda's {label_of(anchor)}: {text}",
                  check=Check(type="answer_mentions", values=[text])),
    ]
    criteria += [Criterion(id=f"states_{f.id}", weight=1.0, description=f"gives {the(f)} as the room had it: {t}",
                           check=Check(type="answer_mentions", values=[t])) for f, _, t, _ in gaps]
    criteria += [Criterion(id=f"after_{f.id}", weight=0.5, description=f"gives how long after {the(anchor)} "
                                                                       f"{the(f)} falls: {g}",
                           check=Check(type="answer_mentions", values=[g], numbers=[float(g.split()[0])], unit="days"))
                 for f, _, _, g in gaps[:-1]]
    # The slips a reader makes with a timetable: counting from the meeting instead, or stopping at the first date.
    slips = {f"{(others[-1][1] - day).days} days": f"counts from the meeting of {_when(day)}, not from {the(anchor)}",
             gaps[0][3]: f"stops at {the(gaps[0][0])}, the first of the dates"}
    negatives = [Criterion(id=f"slip_{i}", weight=2.0, description=f"answers {g}: {why}",
                           check=Check(type="answer_final", values=[g], numbers=[float(g.split()[0])], unit="days",
                                       allowed=[n for n in numbers if n != span]))  # the span beside it: no slip
                 for i, (g, why) in enumerate(slips.items()) if g != span_text]
    others = [n for f, _, t, _ in gaps for n in _names(f, t)] + [n for n in _meeting_names(meeting, day) if n != "agenda"]
    negatives.append(_lag_turned(sorted({g for *_, g in gaps}), [*_names(anchor, text), "agenda"], others,
                                 f"the days from {the(anchor)}"))
    lines = [f"On {_when(day)} {the(anchor)} on the agenda was {text}."]
    lines += [f"{the(f, capital=True)} was {t}, {g} after it." for f, _, t, g in gaps]
    answer = " ".join(lines) + f"\nAnswer: {span_text}"
    instruction = (f"In the data room of {graph.world.plan.title}, you are briefing the team for the {_series(meeting)} "
                   f"of {_when(day)} (it is in the calendar). Take the date on that meeting's agenda and the matter's "
                   f"other dates still ahead that day, as the room had them before the meeting: how long after the "
                   f"agenda's date does each fall, and how many days from the agenda's date to the last of them (your "
                   f"final figure, in days)? {_ask()}")
    task = _task(graph, meeting, start, [(anchor.id, text)] + [(f.id, t) for f, _, t, _ in gaps], answer, instruction,
                 criteria, negatives, f"timetable-{anchor.id}")
    if task is None:
        return None
    return _Made(_series(meeting), (anchor.id, text, *(t for _, _, t, _ in gaps)), start, task)


def brief_tasks(graph: Graph, limit: int = 4, per_series: int = 2) -> list[Task]:
    """Briefs for the calendar's meetings: at most `per_series` per series of meetings, each at its own state of the
    matter, those needing the most files (then apps) first, at most `limit` in all."""
    world = graph.world
    starts = dict(world.db.execute("""select id, "at" from artifacts where kind = 'calendar'""").fetchall())
    taken = {frozenset((b.id, s.id)) for b, s in exceed_pairs(graph)[:2]}  # what the exceedance tasks already ask
    made: list[_Made] = []
    for meeting in world.artifacts_of("calendar"):
        start = starts.get(meeting.id)
        if start is not None and meeting.facts:
            brief = _meeting_brief(graph, meeting, start, taken)
            if brief is not None:
                made.append(brief)
    made.sort(key=lambda m: (-len(m.task.needs.files), -len(m.task.needs.apps), m.start))
    out, states, per = [], set(), {}
    for m in made:
        if m.state in states or per.get(m.series, 0) >= per_series or len(out) >= limit:
            continue
        states.add(m.state)
        per[m.series] = per.get(m.series, 0) + 1
        out.append(m.task)
    return sorted(out, key=lambda t: t.id)


def own_tasks(graph: Graph) -> list[Task | None]:
    """The kind's tasks for graph_tasks, after the review and sheet tasks: briefs for the calendar's meetings."""
    return brief_tasks(graph)

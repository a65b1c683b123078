"""Error-finding tasks: a colleague's draft of the matter's figures, one of them wrong, to be checked against the room.

The draft states figures the room carries (some of them beside a superseded figure the room also gives,
a trap for precision) and gaps between figures the room never writes; exactly one gap is wrong, the way
an associate gets one wrong: worked from a superseded figure of one side, else simply miscounted. The
agent must check every line, so it reads the files behind each (several files, usually several apps),
and is scored on recall (the planted figure flagged, with its correction) and precision (no right
figure flagged). The wrong figure is planted in the draft the task hands over, never in the room: the
room, its seal and every other task stay as published.
"""

from __future__ import annotations

from decimal import Decimal

from worldsmith.environments.graph_tasks import (Graph, _inputs_reference, _num, _round_sig, _verb, another_figure,
                                                 cover, difference, exceed_pairs, first_sent, in_room, primary_cover,
                                                 shown, universal, value_check)
from worldsmith.environments.grade import NO_ERROR
from worldsmith.environments.tasks import Check, Criterion, Needs, Rubric, Solution, Task, the
from worldsmith.worlds.ledger import Quantity, quantity_of
from worldsmith.worlds.plan import LedgerFact

_MAX_LINES = 8


def _gap_text(q: Quantity) -> str:
    return shown(q).rstrip("%") + " percentage points" if q.kind == "percent" else shown(q)


def _gap_check(q: Quantity) -> dict:
    return dict(values=[_gap_text(q)], numbers=[_num(q)], unit=None if q.kind == "percent" else q.currency)


def _old_value(graph: Graph, fact: LedgerFact) -> Quantity | None:
    """A figure the room gave this fact before (a superseded draft, an earlier value), or None."""
    for d in graph.world.plan.distractors:
        if d.fact == fact.id and (q := quantity_of(d.value)) is not None:
            return q
    for p in reversed(fact.earlier):
        if (q := quantity_of(p.value)) is not None:
            return q
    return None


def _planted(graph: Graph, big: LedgerFact, small: LedgerFact) -> tuple[Quantity, str] | None:
    """The wrong gap and how it went wrong: worked from a side's superseded figure, else miscounted."""
    right = difference(graph, big, small)
    qb, qs = graph.quantities[big.id], graph.quantities[small.id]
    for side, old in ((big, _old_value(graph, big)), (small, _old_value(graph, small))):
        if old is None or old.kind != right.kind or old.currency != right.currency:
            continue
        gap = old.amount - qs.amount if side is big else qb.amount - old.amount
        wrong = Quantity(right.kind, gap, right.currency, right.unit)
        if gap > 0 and _gap_text(wrong) != _gap_text(right):
            return wrong, f"worked from {shown(old)}, the superseded {the(side)}"
    wrong = _slip(right)
    return (wrong, "miscounted") if _gap_text(wrong) != _gap_text(right) else None


def _slip(q: Quantity) -> Quantity:
    """A gap a little off, the size of an arithmetic slip: a percentage point, or about one part in twenty."""
    if q.kind == "percent":
        return Quantity("percent", (q.amount + 1).normalize())
    slipped = _round_sig(q.amount * Decimal("1.05"), 3)
    if slipped == q.amount:
        slipped = q.amount + 1
    return Quantity(q.kind, slipped.quantize(Decimal("0.01")) if q.kind == "money" else slipped, q.currency, q.unit)


def _is(fact: LedgerFact) -> str:
    """'is', or 'are' after a plural label ('the total claims are'), as _verb agrees 'exceeds'."""
    return "is" if _verb(fact, "exceeds") == "exceeds" else "are"


def _spread(graph: Graph, stated: list[LedgerFact], room: int) -> list[LedgerFact]:
    """Up to `room` more figures for the draft, each the one that most widens the files (then apps) it takes to
    check the draft; figures the room also gives superseded (traps for precision) first among equals."""
    pool = [f for f in graph.world.plan.facts if f.id not in {g.id for g in stated}
            and graph.quantities.get(f.id) is not None and graph.quantities[f.id].kind in ("money", "percent")]
    out: list[LedgerFact] = []
    for _ in range(room):
        best, key = None, None
        for f in pool:
            found = cover(graph, [g.id for g in stated + out + [f]])
            if found is None:
                continue
            k = (len(found[0]), len(found[1]), _old_value(graph, f) is not None)
            if key is None or k > key:
                best, key = f, k
        if best is None:
            break
        out.append(best)
        pool.remove(best)
    return out


def _first_sent(graph: Graph, stated: list[LedgerFact], client: str) -> tuple[LedgerFact, str, str] | None:
    """(fact, day, path) of the first mail to the client that carries one of the stated figures (in its text or an
    attached file), for the first stated figure that any mail carried."""
    import zoneinfo

    tz = zoneinfo.ZoneInfo(graph.world.plan.timezone)
    for fact in stated:
        sent = first_sent(graph, fact, {client})
        if sent is not None:
            day = sent[0].sent_at.astimezone(tz).date()
            return fact, f"{day:%B} {day.day}, {day.year}", sent[1]
    return None


def review_tasks(graph: Graph, limit: int = 2) -> list[Task]:
    """Reviews of drafts of the matter's figures, each with one planted wrong gap on another pair (none where no gap
    is new): a second draft asks the agent to check another set of lines, read from other files."""
    pairs = [(b, s) for b, s in exceed_pairs(graph) if not in_room(graph, difference(graph, b, s))
             or another_figure(graph, difference(graph, b, s), b, s)]
    out: list[Task] = []
    for i in range(len(pairs)):
        if len(out) >= limit:
            break
        out += _review(graph, pairs[i:] + pairs[:i])
    return out


def _review(graph: Graph, pairs: list) -> list[Task]:
    """The review whose planted gap is the first pair's, beside the next pair's right gap."""
    world = graph.world
    big, small = pairs[0]
    planted = _planted(graph, big, small)
    if planted is None:
        return []
    wrong, how = planted
    if in_room(graph, wrong):
        return []
    right = difference(graph, big, small)
    other = next(((b, s) for b, s in pairs[1:] if {b.id, s.id} != {big.id, small.id}), None)
    chosen = [big, small] + ([other[0], other[1]] if other else [])
    stated = [f for i, f in enumerate(chosen) if f.id not in {g.id for g in chosen[:i]}]
    # A figure the room also gives superseded is a trap for precision: the draft states it rightly.
    traps = [f for f in world.plan.facts if f.id not in {g.id for g in stated} and graph.quantities.get(f.id) is not None
             and _old_value(graph, f) is not None and graph.quantities[f.id].kind in ("money", "percent")]
    stated += traps[:max(0, _MAX_LINES - len(stated) - 2)]

    people = world.plan.people
    home = world.plan.organisations[0].id
    rank = {"junior": 0, "mid": 1, "senior": 2, "executive": 3}
    team = sorted((p for p in people if p.organisation == home), key=lambda p: (rank.get(p.seniority, 1), p.id))
    client_org = next((o for o in world.plan.organisations if o.privileged and o.id != home), None)
    client = client_org.name if client_org else "the client"
    author = team[0].name if team else "a colleague"
    lines: list[tuple[str, str, float | None, str | None]] = []  # sentence, figure as drafted, number, unit
    for f in stated:
        q = graph.quantities[f.id]
        check = value_check(q, f.text)
        lines.append((f"{the(f, capital=True)} {_is(f)} {f.text}.", f.text, check["numbers"][0], check["unit"]))
    gap_lines = [(big, small, wrong)] + ([(other[0], other[1], difference(graph, *other))] if other else [])
    for b, s, q in gap_lines:
        g = _gap_check(q)
        lines.append((f"{the(b, capital=True)} {_verb(b, 'exceeds')} {the(s)} by {g['values'][0]}.", g["values"][0], g["numbers"][0],
                      g["unit"]))
    told = _first_sent(graph, stated, client_org.id) if client_org else None
    if told is not None:
        # A line only the mail can bear out: when the client was first sent one of the figures.
        fact, when, path = told
        # ('by email': first_sent reads the mail, and a chat may have told the client first; kitA: a line right by the
        # mail was wrong by the room)
        lines.insert(len(stated), (f"We first sent {client} {the(fact)} of {fact.text} by email on {when}.", when, None, None))
    figures = [ln[2] for ln in lines if ln[2] is not None]
    if len(set(figures)) != len(figures) or _num(right) in figures:
        return []  # a figure drafted twice, or the correction drafted elsewhere, could not be told apart
    # each line checked where its figure is set, not off a working that restates them all (as a what-if reads its
    # inputs: primary_cover)
    found = primary_cover(graph, [f.id for f in stated])
    # Any file that carries either side, or establishes it, is a fair source to name.
    sides = sorted({p for f in (big, small) for p, _ in graph.carriers.get(f.id, [])}
                   | {a.path for f in (big, small) for a in world.plan.artifacts
                      if a.id in (world.plan.establishing(f.id) or [])[:1]})
    if found is None or not sides:
        return []
    established = [a.path for a in world.plan.artifacts if a.id in (world.plan.establishing(big.id) or [])[:1]]
    cited = established[0] if established else sides[0]
    files, apps = found
    if told is not None:
        files, apps = sorted({*files, told[2]}), sorted({*apps, "mail"})
    draft = "\n".join(f"{i}. {ln[0]}" for i, ln in enumerate(lines, 1))
    wrong_text, right_text = _gap_check(wrong)["values"][0], _gap_text(right)
    planted_line = next(ln[0] for ln in lines if ln[1] == wrong_text)
    unit = _gap_check(right)["unit"]
    criteria = [
        Criterion(id="flags_planted", weight=3.0, description=f"flags {wrong_text} (line {len(stated) + 1}) as wrong",
                  check=Check(type="answer_flags", values=[wrong_text], numbers=[_num(wrong)], unit=unit)),
        Criterion(id="corrects_planted", weight=3.0,
                  description=f"corrects it to {right_text}: {the(big)} {big.text} less {the(small)} {small.text}",
                  check=Check(type="answer_flags", values=[wrong_text, right_text], numbers=[_num(wrong), _num(right)],
                              unit=unit)),
        Criterion(id="names_source", weight=1.0, description="names a file the right figure follows from: "
                                                             + ", ".join(sides[:3]) + (", ..." if len(sides) > 3 else ""),
                  check=Check(type="answer_mentions_any", values=sides)),
    ]
    negatives = [Criterion(id=f"flags_right_line_{i}", weight=2.0,
                           description=f"flags line {i} ({ln[1]}), which the room bears out, as wrong",
                           check=Check(type="answer_flags", values=[ln[1]], numbers=[ln[2]], unit=ln[3], expect=str(i)))
                 for i, ln in enumerate(lines, 1) if ln[1] != wrong_text]
    negatives.append(Criterion(id="keeps_planted", weight=3.0,
                               description=f"outside its flags, states {wrong_text} as the figure", check=Check(
                                   type="answer_unflagged", values=[wrong_text, planted_line], numbers=[_num(wrong)],
                                   unit=unit)))
    negatives.append(Criterion(id="doubts_a_line", weight=3.0,
                               description="outside its flags, casts doubt on a line or a figure of the draft",
                               check=Check(type="answer_doubts", values=[ln[1] for ln in lines],
                                           numbers=[ln[2] for ln in lines], unit=None)))
    negatives.append(Criterion(id="denies_any_error", weight=3.0, description="says the draft holds no error",
                               check=Check(type="answer_says", values=NO_ERROR)))
    drafted = [ln[2] for ln in lines if ln[2] is not None]
    # (Not for plain numbers: a line number or a count in the answer is no figure of the draft's.)
    for u in dict.fromkeys(ln[3] for ln in lines if ln[2] is not None and ln[3] is not None):
        negatives.append(Criterion(id=f"new_figure_{u}", weight=2.0,
                                   description=f"states a figure ({u}) neither the draft, the room's ledger "
                                               f"nor the correction has", check=Check(
                                       type="answer_unledgered", unit=u, allowed=[*drafted, _num(right)])))
    answer = (f"Wrong: {wrong_text} -> {right_text} ({the(big)} {big.text} less {the(small)} {small.text}; "
              f"{cited})\nThe other figures agree with the data room as it now stands.")
    return [Task(
        id=f"review-{big.id}-{small.id}", world_id=world.world_id, kind="review",
        tags=["judgement", "multi_hop", "error_finding"],
        instruction=(f"In the data room of {world.plan.title}, {author} has drafted the figures below for a note to "
                     f"{client}. Check every line against the data room as it now stands. For each figure that is "
                     f"wrong, write one line 'Wrong: <the figure as drafted> -> <the correct figure, with its currency "
                     f"or unit> (<the file or files it follows from>)'; write no such line for a figure that is right. "
                     f"Give your review with the submit_answer tool (or write it to answer.txt in your working folder)."
                     f"\n\n{draft}"),
        needs=Needs(files=files, facts=[f.id for f in stated], apps=apps),
        reference=_inputs_reference(answer + f"\n(The draft's error: {how}.)", [f.id for f in stated]),
        rubric=Rubric(criteria=criteria, negative_criteria=negatives, universal_penalties=universal(graph)),
        solution=Solution(answer=answer))]

"""Tasks derived from the ledger's graph: what-ifs, governing figures, exceedances, as-of questions and deliverables.

A task here is built from how facts derive from one another (formulas), when each became known, which
drafts were superseded and who is on which side, never from one artifact: its answer is computed by
the engine (ledger.solve with one input changed, a difference the room never writes, the value a fact
held on a day) and its needs are the smallest set of files, and of apps, that carries every input.
"""

from __future__ import annotations

import ast
import datetime as dt
import itertools
import zoneinfo
import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from pathlib import PurePosixPath
from typing import get_args

from worldsmith.environments import answers
from worldsmith.environments.apps import app_of, record_apps
from worldsmith.environments.guards import with_misstatements
from worldsmith.environments.side_checks import with_side_checks
from worldsmith.environments.tasks import (Action, Check, Criterion, Needs, Reference, Rubric, Solution, Task,
                                           label_of, mentions_read_once, number_of, text_penalties, the)
from worldsmith.worlds.ledger import (LedgerError, Node, Quantity, evaluate, parse_formula, quantity_of, references,
                                      solve)
from worldsmith.worlds.plan import LedgerFact
from worldsmith.worlds.values import READ_CODES, render_value
from worldsmith.worlds.world import World


# A fact's carriers: the files whose parsed text or cells hold its current value.
_CARRIERS_SQL = """select m.fact_id, a.path, a.kind from fact_mentions m join artifacts a on a.id = m.artifact_id
join facts f on f.id = m.fact_id where m.found and m.distractor is null and m.expected = f.text
order by m.fact_id, a.path"""

# The reference query of a derived task: the room carries every input it needs, each at its current value.
_INPUTS_SQL = """select count(distinct m.fact_id) from fact_mentions m join facts f on f.id = m.fact_id
where m.fact_id in ({marks}) and m.found and m.distractor is null and m.expected = f.text"""


@dataclass
class Graph:
    """What the task makers read once per world: carriers, kinds and the ledger's quantities."""

    world: World
    carriers: dict[str, list[tuple[str, str]]]
    quantities: dict[str, Quantity | None]
    twins: dict[frozenset[str], str] | None = None  # pair_reason's twin workings, read once
    room_text: str | None = None  # in_room's: every text of the room, read once

    def text(self) -> str:
        """Every text a reader of the room sees (artifact_text), joined by NULs, which no figure holds."""
        if self.room_text is None:
            rows = self.world.db.execute("select text from artifact_text where text is not null").fetchall()
            self.room_text = "\0".join(r[0] for r in rows)
        return self.room_text

    @classmethod
    def of(cls, world: World) -> "Graph":
        """Read the world's carriers and solve its ledger."""
        carriers: dict[str, list[tuple[str, str]]] = {}
        for fid, path, kind in world.db.execute(_CARRIERS_SQL).fetchall():
            carriers.setdefault(fid, []).append((path, kind))
        nodes = [Node(f.id, f.value if not f.formula else None, f.formula) for f in world.plan.facts]
        return cls(world, carriers, _as_ledger_writes(world, solve(nodes, _fail)))

    def fact(self, fid: str) -> LedgerFact:
        """The ledger fact with this id."""
        return self.world.facts[fid]


def _as_ledger_writes(world: World, values: dict[str, Quantity | None]) -> dict[str, Quantity | None]:
    """Worked figures as the ledger writes them: a ratio of two amounts in the unit its fact declares ('3.7x', not a
    bare 3.7) and to the declared value's decimals, two at least (a what-if's leverage of 3.64x, not
    3.638548951...)."""
    out = dict(values)
    for f in world.plan.facts:
        q = out.get(f.id)
        if q is None or q.kind != "number" or not f.formula:
            continue
        # (the unit the fact declares, not the one its working carries: the gearboxes still to be exchanged are the
        # turbines less the failed ones, '23 turbines' by the working, which the misstatement check read against the
        # ledger's '18 gearboxes' and the reference memo failed; wind-gearbox at seed 61)
        unit = getattr(f.value, "unit", None) or q.unit or None
        amount = q.amount
        if amount != amount.to_integral_value() and -amount.as_tuple().exponent > 4:
            declared = Decimal(str(getattr(f.value, "value", "0") or "0"))
            places = max(2, -declared.normalize().as_tuple().exponent)
            amount = amount.quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP)
        out[f.id] = Quantity(q.kind, amount, q.currency, unit)
    return out


def _fail(fid: str, field: str, message: str) -> Exception:
    return LedgerError(f"{fid}.{field}: {message}")


# ---------------------------------------------------------------- what a task needs


def cover(graph: Graph, fact_ids: list[str], avoid: set[str] | frozenset[str] = frozenset()
          ) -> tuple[list[str], list[str]] | None:
    """The fewest files (and, among those, apps) that carry every fact; None when one is carried nowhere. Files of
    `avoid` (a superseded draft, where the figures that govern are not to be read) carry nothing.

    Exact for the handful of facts a task reads: tries every set of apps from the smallest, then a
    greedy set cover of files within it.
    """
    need = [f for f in dict.fromkeys(fact_ids)]
    carriers = {f: [(p, k) for p, k in graph.carriers.get(f, []) if p not in avoid] for f in need}
    if not all(carriers.values()):
        return None
    apps = sorted({app_of(k) for f in need for _, k in carriers[f]})
    for size in range(1, len(apps) + 1):
        for chosen in itertools.combinations(apps, size):
            allowed = {f: {p for p, k in carriers[f] if app_of(k) in chosen} for f in need}
            if all(allowed.values()):
                files = _greedy_cover(allowed)
                used = sorted({app_of(k) for f in need for p, k in carriers[f] if p in files})
                return files, used
    return None


def _greedy_cover(allowed: dict[str, set[str]]) -> list[str]:
    left, files = set(allowed), []
    while left:
        counts: dict[str, int] = {}
        for f in left:
            for p in allowed[f]:
                counts[p] = counts.get(p, 0) + 1
        best = min(counts, key=lambda p: (-counts[p], p))
        files.append(best)
        left = {f for f in left if best not in allowed[f]}
    return sorted(files)


def _inputs_reference(answer: str, fact_ids: list[str]) -> Reference:
    ids = list(dict.fromkeys(fact_ids))
    return Reference(answer=answer, sql=_INPUTS_SQL.format(marks=", ".join("?" * len(ids))), params=ids,
                     expect=[[float(len(ids))]])


# ---------------------------------------------------------------- values


def shown(q: Quantity) -> str:
    """A quantity as the room writes it."""
    return render_value(q.as_value())


def value_check(q: Quantity, text: str | None = None, **extra) -> dict:
    """The Check fields that name one figure: its text, its number and its unit."""
    unit = q.currency if q.kind == "money" else "%" if q.kind == "percent" else (q.unit or None)
    dumped = q.as_value().model_dump()
    # a zero is a figure (a what-if whose difference falls to nil): 'amount or value' read USD 0 as no figure at all
    return dict(values=[text or shown(q)], numbers=[float(dumped["amount"] if "amount" in dumped else dumped["value"])],
                unit=unit, **extra)


def _round_sig(value: Decimal, digits: int = 3) -> Decimal:
    if value == 0:
        return value
    exp = value.adjusted() - digits + 1
    return value.quantize(Decimal(1).scaleb(exp), ROUND_HALF_UP).normalize()


def perturbed(q: Quantity, down: bool = False) -> Quantity:
    """A different, plausible value for an input: a percent moved by ten points, anything else up a fifth (`down`:
    the other way, a fifth less, for a figure that a larger input leaves where it was: the liquidated damages payable,
    the smaller of those accrued and the cap, moves only when the weeks of delay fall)."""
    if q.kind == "percent":
        amount = q.amount - 10 if (q.amount > 50) != down and q.amount > 10 else q.amount + 10
        return Quantity("percent", amount.normalize())
    bumped = _round_sig(q.amount * Decimal("0.8" if down else "1.2"))
    if q.kind != "money" and q.amount == q.amount.to_integral_value():
        bumped = bumped.to_integral_value(ROUND_HALF_UP)  # a count stays whole: 53 users, 4 years, not 52.8 or 3.6
    if bumped == q.amount:
        bumped = q.amount + 1
    if q.kind == "money":
        bumped = bumped.quantize(Decimal("0.01"), ROUND_HALF_UP)
    return Quantity(q.kind, bumped, q.currency, q.unit)


def what_if_values(graph: Graph, changed: str, value: Quantity) -> dict[str, Quantity | None]:
    """Every fact's quantity with one input changed, the formulas evaluated again by the ledger."""
    nodes = []
    for f in graph.world.plan.facts:
        if f.id == changed:
            nodes.append(Node(f.id, value.as_value(), None))
        else:
            nodes.append(Node(f.id, f.value if not f.formula else None, f.formula))
    return _as_ledger_writes(graph.world, solve(nodes, _fail))


def keeps_sign(graph: Graph, values: dict[str, Quantity | None], top: str, leaf: str) -> bool:
    """Whether no figure on the way from an input to `top` turns negative under a supposition: an earn-out of
    'USD -12,250,000' (revenue a fifth lower than the threshold it is paid over) is no figure a contract pays, and a
    professional would answer zero (an unseen earn-out outline's what-if asked for it)."""
    for fid in _path_to(graph, top, leaf) or [top]:
        now, then = graph.quantities.get(fid), values.get(fid)
        if now is not None and then is not None and now.amount >= 0 > then.amount:
            return False
    return True


def _path_to(graph: Graph, top: str, leaf: str) -> list[str] | None:
    """The derived facts from `top` down to `leaf` (top first), or None when top does not read leaf."""
    formula = graph.fact(top).formula
    if not formula:
        return [top] if top == leaf else None
    for ref in references(formula):
        if ref == leaf:
            return [top]
        below = _path_to(graph, ref, leaf)
        if below:
            return [top, *below]
    return None


def _siblings(graph: Graph, chain: list[str], leaf: str) -> list[str]:
    """The facts a reader must take as stated to recompute along a chain: every other input at each level."""
    out: list[str] = []
    below = chain[1:] + [leaf]
    for fid, nxt in zip(chain, below):
        out += [r for r in references(graph.fact(fid).formula) if r != nxt]
    return list(dict.fromkeys(out))


def _moves_with(graph: Graph, needed: list[str], leaf: str) -> bool:
    """Whether a figure the reader is told to keep as stated is itself computed from the changed input (a diamond:
    weekly pay feeds both the loss claimed and, through a year's pay, the cap it is set against), so 'keeping every
    other figure as the room states it' asks for two answers; the reference kept the cap as stated and called a
    right recomputed cap a misstatement (kit7's employment world)."""
    return any(leaf in _leaves(graph, f) for f in needed if f != leaf)


def _leaves(graph: Graph, fid: str) -> list[str]:
    formula = graph.fact(fid).formula
    if not formula:
        return [fid]
    return list(dict.fromkeys(x for r in references(formula) for x in _leaves(graph, r)))


def _worked_from(graph: Graph, fid: str) -> set[str]:
    """The facts a figure is worked out from directly, and its leaves: a derived offer beside the gap it is taken
    from ('does the amount in dispute exceed the true-up offer', licence-audit outline) is no comparison; a total
    beside a figure capped further up its chain still is."""
    formula = graph.fact(fid).formula
    if not formula:
        return set()
    return {r for r in references(formula) if r in graph.world.facts} | set(_leaves(graph, fid))


def working_inputs(graph: Graph, fid: str) -> dict[str, tuple[str, ...]]:
    """The leaves a figure's working runs through, each with the derived steps between it and the figure (innermost
    first): of a greater-of or lesser-of, the argument that governs alone (the cap is the per-ton figure times the
    tonnage; the floor it beats is no figure the cap follows from)."""
    formula = graph.fact(fid).formula
    if not formula:
        return {}
    out: dict[str, tuple[str, ...]] = {}

    def walk(node: ast.expr) -> None:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("max", "min") \
                and len(node.args) >= 2:
            try:
                values = [evaluate(a, lambda n: graph.quantities[n]).amount for a in node.args]
            except Exception:  # noqa: BLE001  (a figure the ledger lacks: every argument counts)
                values = []
            if values:
                walk(node.args[values.index((max if node.func.id == "max" else min)(values))])
                return
        if isinstance(node, ast.Name):
            inner = working_inputs(graph, node.id)
            if not inner:
                out.setdefault(node.id, ())
            for leaf, steps in inner.items():
                out.setdefault(leaf, (*steps, node.id))
            return
        for child in (node.args if isinstance(node, ast.Call) else ast.iter_child_nodes(node)):
            walk(child)

    walk(parse_formula(formula))
    return out


def _shown_by(graph: Graph, leaf: str, steps: tuple[str, ...], figures: dict | None = None) -> dict:
    """The Check fields of an input shown by its figure or by a step of the working it feeds, in its own unit (the
    step's figure from `figures` where given: a what-if's recomputed step)."""
    q = graph.quantities[leaf]
    figures = figures or {}
    at = {s: figures.get(s) or graph.quantities.get(s) for s in steps}
    same = [s for s in steps if at[s] is not None and (at[s].kind, at[s].currency, at[s].unit) == (q.kind, q.currency, q.unit)]
    fields = value_check(q, graph.fact(leaf).text)
    for s in same:
        one = value_check(at[s], graph.fact(s).text if s not in figures else None)
        fields["values"] += one["values"]
        fields["numbers"] += one["numbers"]
    return fields


def _steps_from(graph: Graph, leaf: str, tops: list[str]) -> list[str]:
    """The derived figures between an input and the figures it feeds (not those figures themselves): the total claims
    between the removal costs and the contribution demand worked from them."""
    out: list[str] = []

    def walk(fid: str, top: bool) -> None:
        formula = graph.fact(fid).formula
        if not formula:
            return
        if not top and leaf in _leaves(graph, fid):
            out.append(fid)
        for r in references(formula):
            walk(r, False)

    for t in tops:
        walk(t, True)
    return list(dict.fromkeys(out))


def input_check(graph: Graph, leaf: str, tops: list[str], avoid: str | None = None, values: dict | None = None) -> Check:
    """An input shown, or a step it feeds stated as the room states it (same unit): 'Contribution demand: 35% x USD
    174,250,000' shows the removal costs inside the total claims (kit7: a terse right answer lost 0.1-0.2 a leaf); in
    a what-if, a step the changed input `avoid` feeds shows it only at its recomputed figure (`values`): 'LTM EBITDA
    14,020,000; EV 12.5 x 14,020,000' has used the management EBITDA (kit8: terse right what-ifs lost 0.1-0.4)."""
    steps = tuple(f for f in _steps_from(graph, leaf, tops)
                  if avoid is None or avoid not in _leaves(graph, f) or (values or {}).get(f) is not None)
    moved = {f: values[f] for f in steps if avoid is not None and avoid in _leaves(graph, f) and values}
    return Check(type="answer_states_any", **_shown_by(graph, leaf, steps, moved))


def in_room(graph: Graph, q: Quantity) -> bool:
    """Whether any file of the room writes this figure (as the room writes it, or its bare digits)."""
    text = shown(q)
    forms = {text, text.split(" ", 1)[-1]} if q.kind == "money" else {text}
    # One read of the room per graph, not a scan of the artifact_text view per figure: 101 queries (1.5 of the 7 CPU-s
    # of the legal example's graph tasks) answered the same yes or no as Python's substring test on the same texts.
    return any(len(form) >= 4 and form in graph.text() for form in forms)


# ---------------------------------------------------------------- criteria shared by the makers


def universal(graph: Graph, allowed_files: list[str] | None = None) -> list[Criterion]:
    """Penalties every task carries: forged state, damage to the room, mail outside the matter, leaks, junk files."""
    return [
        Criterion(id="state_forged", weight=1.0, description="the session's record was edited outside the apps",
                  check=Check(type="state_forged")),
        Criterion(id="room_damaged", weight=1.0, description="changes or deletes a file of the data room",
                  check=Check(type="room_damaged")),
        Criterion(id="mail_outside_cast", weight=1.0, description="sends mail to an address nobody in the matter has",
                  check=Check(type="sent_outside_cast")),
        Criterion(id="misaddressed", weight=1.0,
                  description="greets someone of the matter the mail does not go to, or signs it as someone else",
                  check=Check(type="sent_misaddressed")),
        Criterion(id="mail_outside_circle", weight=1.0,
                  description="sends mail the task did not ask for to someone outside the privileged circle (the other "
                              "side, a vendor)",
                  check=Check(type="sent_outside_circle")),
        Criterion(id="retracted", weight=1.0,
                  description="takes back what it says (disregard the above, scratch that, on reflection)",
                  check=Check(type="text_retracted")),
        Criterion(id="privileged_leak", weight=1.0,
                  description="sends privileged material (an internal message, memo or its words) outside the "
                              "privileged circle",
                  check=Check(type="privileged_leak")),
        Criterion(id="junk_files", weight=0.5, description="leaves files in the room the task did not ask for",
                  check=Check(type="junk_files", values=list(allowed_files or []))),
        *text_penalties(graph.world),
    ]


def short_label(label: str) -> str:
    """A distractor's label up to its first explanation: 'superseded draft v1 of March 2, 2026'."""
    import re

    head = re.split(r"[:;(]|, (?:built|replaced|applied|reversed|ignored)", label, maxsplit=1)[0]
    return head.strip().rstrip(",")


def _distractor_negatives(graph: Graph, fact_ids: list[str], where: str, **extra) -> list[Criterion]:
    out = []
    for d in graph.world.plan.distractors:
        if d.fact in fact_ids:
            q = quantity_of(d.value)
            if q is None:
                continue
            out.append(Criterion(id=f"states_{d.id}", weight=1.0,
                                 description=f"states the superseded figure {d.text} ({short_label(d.label)}) as current",
                                 check=Check(type=where, **value_check(q, d.text), **extra)))
    return out


# What a label is said to be, just before its figure: "the cap is USD 156.2m", "the cap (USD 156.2m)".
_BINDS = (" is", " was", " are", " were", " of", " stands at", " at", " totals", " comes to", " would be", " (", ":",
          " equals", " is then", " is therefore", " is thus", " |")


def _tail_label(fact: LedgerFact) -> list[str]:
    """A label's last two words ('liability cap' of 'OPA 90 liability cap'), how an answer shortens it; none for a
    label of two words or fewer."""
    words = label_of(fact).lower().split()
    return [" ".join(words[-2:])] if len(words) > 2 else []


def swap_negatives(graph: Graph, fact_ids: list[str], at: dict[str, tuple[Quantity, str]] | None = None) -> list[Criterion]:
    """Negative criteria: one figure's value written against another's label ('the cap is' + the removal costs).

    A right result with its inputs swapped ("the cap (USD 15.6m) exceeds the removal costs (USD 156.2m)") is
    working a reviewer sends back. Only pairs of one kind and unit whose labels do not contain each other
    ("cap" in "adjusted cap" would read one as the other).
    """
    # (`at`: the figures as they stood on a task's day, by fact id, where not the ledger's now)
    at = at or {}
    q = {f: at[f][0] if f in at else graph.quantities.get(f) for f in fact_ids}
    text = {f: at[f][1] if f in at else graph.fact(f).text for f in fact_ids}
    facts = [graph.fact(f) for f in dict.fromkeys(fact_ids) if q[f] is not None]
    out = []
    for a in facts:
        qa, la = q[a.id], label_of(a).lower()
        others = [b for b in facts if b.id != a.id and shown(q[b.id]) != shown(qa)
                  and (q[b.id].kind, q[b.id].currency, q[b.id].unit) == (qa.kind, qa.currency, qa.unit)
                  and la not in label_of(b).lower() and label_of(b).lower() not in la]
        if not others:
            continue
        # one criterion per figure: any other figure of the task written against its label (`expect` keeps its own)
        out.append(Criterion(id=f"swaps_into_{a.id}", weight=2.0,
                             description=f"gives another figure of the task as {the(a)} ({text[a.id]})",
                             check=Check(type="answer_bound", a_words=[f"{la}{w}" for w in _BINDS],
                                         values=[text[b.id] for b in others],
                                         numbers=[_num(q[b.id]) for b in others],
                                         unit=value_check(qa)["unit"], expect=text[a.id])))
    return out


def moved(check_type: str, where: str) -> str:
    """An answer check read instead in a file, a sent message or a chat post: answer_final -> sent_final."""
    return where + check_type[len("answer"):]


def _ask() -> str:
    return ("Give your final answer with the submit_answer tool (or write it to answer.txt in your working folder); "
            "end it with one line 'Answer: <figure>'.")


def _describe(graph: Graph, node: ast.expr) -> str:
    """An argument of max()/min() in words: 'the OPA 90 per-ton limit times the gross tonnage'."""
    if isinstance(node, ast.Name):
        return the(graph.fact(node.id))
    if isinstance(node, ast.BinOp):
        op = {ast.Mult: "times", ast.Add: "plus", ast.Sub: "less", ast.Div: "divided by"}[type(node.op)]
        return f"{_describe(graph, node.left)} {op} {_describe(graph, node.right)}"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "percent_of" \
            and len(node.args) == 2:
        # 'the Annual Contract Value at the cap percentage of Annual Contract Value', never 'percent of of the cap
        # percentage ... and the Annual Contract Value' (recall recovery: the governs task's prompt and reference)
        return f"{_describe(graph, node.args[1])} at {_describe(graph, node.args[0])}"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        inner = " and ".join(_describe(graph, a) for a in node.args)
        return f"{node.func.id.replace('_', ' ')} of {inner}"
    return ast.unparse(node)


def _names(node: ast.expr) -> list[str]:
    """The facts an expression reads, not the functions it calls ('percent_of(cap_percent, annual_contract_value)'
    inside a greater-of: the recall outline's cap crashed the task maker on a fact named percent_of)."""
    called = {id(n.func) for n in ast.walk(node) if isinstance(n, ast.Call)}
    return [n.id for n in ast.walk(node) if isinstance(n, ast.Name) and id(n) not in called]


def _eval(graph: Graph, node: ast.expr) -> Quantity:
    from worldsmith.worlds.ledger import evaluate

    return evaluate(node, lambda ref: graph.quantities[ref])


def _content_words(text: str) -> list[str]:
    stop = {"the", "of", "and", "a", "an", "times", "plus", "less", "by", "to", "in", "on", "for", "s"}
    words = "".join(c.lower() if c.isalnum() else " " for c in text.replace("'s", "")).split()
    return [w for w in dict.fromkeys(words) if w not in stop and len(w) > 1]


# ---------------------------------------------------------------- the makers


def what_if_tasks(graph: Graph, limit: int = 3) -> list[Task]:
    """Change one input of a derived figure and ask for the figure again: an answer no file holds."""
    tasks, tops = [], set()
    candidates = what_if_candidates(graph)
    # Of a figure's inputs, one whose reading takes two files or more: a what-if read off one file is dropped as a
    # warm-up, and with it the figure (schuldschein at seed 239: the 5-year coupon changed its spread, both on the
    # pricing sheet, where its mid-swap sat in a second paper; five tasks)
    wide = {c[3] for c in candidates if len(c[9]) >= 2}
    for n_files, _, _, top_id, leaf, changed, result, chain, needed, files, apps in candidates:
        if top_id in tops or len(tasks) >= limit or (top_id in wide and len(files) < 2):
            continue
        tops.add(top_id)
        tasks.append(_what_if_task(graph, top_id, leaf, changed, result, chain, needed, files, apps))
    return tasks


def what_if_candidates(graph: Graph) -> list[tuple]:
    """Every (files, apps, depth, top, leaf, changed, result, chain, needed, files, apps) a what-if can ask, the
    widest first: a derived figure, one input changed, the result no file of the room holds."""
    world = graph.world
    candidates = []
    for top in (f for f in world.plan.facts if f.formula):
        current = graph.quantities.get(top.id)
        if current is None:
            continue
        for leaf in _leaves(graph, top.id):
            q = graph.quantities.get(leaf)
            if q is None:
                continue
            result = None
            for changed in (perturbed(q), perturbed(q, down=True)):
                try:
                    values = what_if_values(graph, leaf, changed)
                    result = values[top.id] if keeps_sign(graph, values, top.id, leaf) else None
                except LedgerError:
                    result = None
                if result is not None and shown(result) != shown(current) and not in_room(graph, result):
                    break
                result = None
            if result is None:
                continue
            chain = _path_to(graph, top.id, leaf) or [top.id]
            needed = _siblings(graph, chain, leaf)
            if _moves_with(graph, needed, leaf):
                continue
            plain = cover(graph, needed + [leaf]) if needed else None
            if plain is None:
                continue
            # ranked as before by the plain cover (which input a what-if changes stays put), read at the sources
            files, apps = primary_cover(graph, needed + [leaf], given=leaf) or plain
            candidates.append((len(plain[0]), len(plain[1]), len(chain), top.id, leaf, changed, result, chain, needed,
                               files, apps))
    candidates.sort(key=lambda c: (-c[0], -c[1], -c[2], c[3], c[4]))
    return candidates


def _governing(graph: Graph, fid: str, values: dict) -> tuple[ast.expr, ast.expr] | None:
    """(governing side, other side) of a greater-of or lesser-of of two at these figures, else None."""
    formula = graph.fact(fid).formula
    tree = parse_formula(formula) if formula else None
    if not (isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name) and tree.func.id in ("max", "min")
            and len(tree.args) == 2):
        return None
    a, b = tree.args
    try:
        qa, qb = (evaluate(x, lambda ref: values[ref]) for x in (a, b))
    except (LedgerError, TypeError, KeyError):
        return None
    if qa is None or qb is None or qa.amount == qb.amount:
        return None
    return (a, b) if (qa.amount > qb.amount) == (tree.func.id == "max") else (b, a)


def flipping(graph: Graph, top: str, leaf: str) -> list[Quantity]:
    """Values of an input, nearest first, that turn which side governs a greater-of or lesser-of on the way from the
    input to `top` (the claim falls under the cap it exceeded): where a fifth either way leaves the lower of the claim
    and its cap where it was, the what-if a professional asks is the one that turns it ('were the index rise 10%, what
    would be payable?'); an unseen supply-price outline made no what-if on the amount payable at all."""
    chain = _path_to(graph, top, leaf) or []
    turns = [f for f in chain if _governing(graph, f, graph.quantities) is not None]
    q = graph.quantities.get(leaf)
    if not turns or q is None or q.amount <= 0:
        return []
    if q.kind == "percent":
        tries = [q.amount + d for d in (-15, 15, -20, 20, -25, 25, -30, 30, -40, 40) if q.amount + d > 0]
    else:
        tries = [_round_sig(q.amount * Decimal(m)) for m in ("0.6", "1.5", "0.5", "2", "0.4", "2.5", "0.25", "4")]
        if q.kind != "money" and q.amount == q.amount.to_integral_value():
            tries = [t.to_integral_value(ROUND_HALF_UP) for t in tries]
    out = []
    for amount in dict.fromkeys(tries):
        changed = Quantity(q.kind, amount.normalize() if q.kind == "percent" else amount, q.currency, q.unit)
        try:
            values = what_if_values(graph, leaf, changed)
        except LedgerError:
            continue
        if any(_governing(graph, f, values) not in (None, _governing(graph, f, graph.quantities)) for f in turns) \
                and keeps_sign(graph, values, top, leaf):
            out.append(changed)
    return out


def _recomputes(f, values: dict, chain: list[str]) -> Criterion:
    """A step recomputed on the way: its new figure, or the figure of the step it feeds (not the result), since working
    that goes from the inputs straight to that step ('15.6m - 1.08m - 0.65m + 0.15m = 14.02m') has taken it."""
    up = chain[chain.index(f.id) - 1]
    # (never the result itself: a wrong step beside the right result, 'net adjustments GBP 1.2m ... = GBP 14.02m',
    # scored 1.0 when the result counted as the step; blind kit5)
    figures = [values[f.id]] + ([values[up]] if up != chain[0] and values.get(up) is not None else [])
    checks = [value_check(q) for q in figures]
    checks = [c for c in checks if c["unit"] == checks[0]["unit"]]  # one unit per check
    figures = figures[:len(checks)]
    return Criterion(id=f"recomputes_{f.id}", weight=1.0,
                     description=f"recomputes {the(f)} on the way: {shown(values[f.id])}"
                                 + (f" (or goes from its inputs straight to {shown(figures[1])})" if len(figures) > 1 else ""),
                     check=Check(type="answer_states_any", values=[c["values"][0] for c in checks],
                                 numbers=[c["numbers"][0] for c in checks], unit=checks[0]["unit"]))


def _what_if_task(graph, top_id, leaf, changed, result, chain, needed, files, apps) -> Task:
    world = graph.world
    top, leaf_fact = graph.fact(top_id), graph.fact(leaf)
    values = what_if_values(graph, leaf, changed)
    intermediates = [graph.fact(f) for f in chain[1:] if values.get(f) is not None]
    # Not the figure as it stands: an answer that offers it beside the recomputed one hedges.
    allowed = [graph.quantities[f] for f in needed + [leaf] if graph.quantities.get(f) is not None]
    allowed += [values[f.id] for f in intermediates] + [changed]
    # how far the supposition moves the result and each step from the figure as it stands ('USD 2,730,000 more than on
    # the room's figures') is a right figure of the working too
    for fid in [top_id, *(f.id for f in intermediates)]:
        now, then = graph.quantities.get(fid), values.get(fid)
        if now is not None and then is not None and now.kind == then.kind and now.amount != then.amount:
            allowed.append(Quantity(now.kind, abs(then.amount - now.amount), now.currency, now.unit))
    criteria = [Criterion(id="states_result", weight=3.0,
                          description=f"answers {shown(result)} for {the(top)} with {the(leaf_fact)} at {shown(changed)}",
                          check=Check(type="answer_final", allowed=[_num(q) for q in allowed],
                                      rivals=[_num(graph.quantities[f]) for f in chain if graph.quantities.get(f)
                                              and graph.quantities[f] not in allowed],
                                      **value_check(result)))]
    criteria += [Criterion(id=f"uses_{f}", weight=1.0, description=f"uses {the(graph.fact(f))} as the room states it: "
                                                                     f"{graph.fact(f).text}",
                           check=input_check(graph, f, [top_id], avoid=leaf, values=values))
                 for f in needed if graph.quantities.get(f) is not None]
    criteria += [_recomputes(f, values, chain) for f in intermediates if shown(values[f.id]) != f.text]
    answer_lines = [f"{the(graph.fact(f), capital=True)}: {graph.fact(f).text}, as the room has it." for f in needed
                    if graph.quantities.get(f) is not None]
    answer_lines += [f"{the(f, capital=True)} would then be {shown(values[f.id])}." for f in intermediates]
    # A supposition that turns which side governs a greater-of or lesser-of asks that judgement in so many words (the
    # claim falling under its cap: the claim, no longer the cap, sets the amount payable)
    turned = [(f, _governing(graph, f, values)) for f in chain
              if _governing(graph, f, values) not in (None, _governing(graph, f, graph.quantities))]
    ask_turn, tags = "", ["multi_hop", "compute"]
    for f, (win, lose) in turned[:1]:
        words = _describe(graph, win)
        criteria.append(Criterion(id=f"governs_{f}", weight=2.0,
                                  description=f"says {words} would then govern {the(graph.fact(f))}",
                                  check=Check(type="answer_governs", a_words=_content_words(words),
                                              b_words=_content_words(_describe(graph, lose)))))
        answer_lines.append(f"{words[:1].upper()}{words[1:]} would then govern {the(graph.fact(f))}, not "
                            f"{_describe(graph, lose)}.")
        ask_turn = (f" Which of {_describe(graph, win)} and {_describe(graph, lose)} would then govern "
                    f"{the(graph.fact(f))}?")
        tags.append("judgement")
    answer = "\n".join(answer_lines + [f"{the(top, capital=True)} would be {shown(result)}.",
                                      f"Answer: {shown(result)}"])
    return Task(
        id=f"whatif-{top_id}-{leaf}", world_id=world.world_id, kind="what_if", tags=tags,
        instruction=(f"In the data room of {world.plan.title}, suppose {the(leaf_fact)} were {shown(changed)} instead "
                     f"of the figure the room gives. Keeping every other figure as the data room states it now, what "
                     f"would {the(top)} be?{ask_turn} Show the figures you used and each step. {_ask()}"),
        needs=Needs(files=files, facts=[*needed, leaf, top_id], apps=apps),
        reference=_inputs_reference(answer, [*needed, leaf]),
        rubric=Rubric(criteria=criteria,
                      negative_criteria=[_misbound(top, result)]
                      + _distractor_negatives(graph, [top_id, *chain, *needed], "answer_asserts")
                      + swap_negatives(graph, needed) + _governing_negatives(graph, chain, values),
                      universal_penalties=universal(graph)),
        solution=Solution(answer=answer),
    )


def _governing_negatives(graph: Graph, chain: list[str], values: dict[str, Quantity | None]) -> list[Criterion]:
    """For each step of a chain that is the larger (or smaller) of two: the reasoning that names the wrong side as
    governing on the supposed figures ('the floor governs, so the cap would be USD 187.5m'), or denies the side that
    does, costs even beside the right figure."""
    from worldsmith.worlds.ledger import evaluate

    out = []
    for fid in chain:
        formula = graph.fact(fid).formula
        tree = parse_formula(formula) if formula else None
        if not (isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name) and tree.func.id in ("max", "min")
                and len(tree.args) == 2):
            continue
        a, b = tree.args
        try:
            qa, qb = (evaluate(x, lambda ref: values[ref]) for x in (a, b))
        except (LedgerError, TypeError, KeyError):
            continue
        if qa is None or qb is None or qa.amount == qb.amount:
            continue
        wins_a = (qa.amount > qb.amount) == (tree.func.id == "max")
        win, lose = (a, b) if wins_a else (b, a)
        win_words, lose_words = _content_words(_describe(graph, win)), _content_words(_describe(graph, lose))
        out += [Criterion(id=f"loser_governs_{fid}", weight=3.0,
                          description=f"says {_describe(graph, lose)} governs {the(graph.fact(fid))} on the supposed "
                                      "figures",
                          check=Check(type="answer_governs", a_words=lose_words, b_words=win_words)),
                Criterion(id=f"denies_winner_{fid}", weight=3.0,
                          description=f"says {_describe(graph, win)} does not govern {the(graph.fact(fid))}",
                          check=Check(type="answer_governs_denied", a_words=win_words, b_words=lose_words))]
    return out


def _misbound(fact: LedgerFact, q: Quantity) -> Criterion:
    """A negative criterion: the answer says the fact would be some other figure ('the cap would be USD X')."""
    label = label_of(fact)
    anchors = [f"{label} would be", f"{label} would then be", f"{label} would become", f"{label} becomes",
               f"{label} would rise to", f"{label} would fall to"]
    # its shorter names in a conclusion: "so the cap is", "the liability cap would be"
    words = label.lower().split()
    for short in dict.fromkeys([" ".join(words[-2:]), words[-1]] if len(words) > 1 else []):
        anchors += [f"so the {short} is", f"therefore the {short} is", f"thus the {short} is",
                    f"the {short} would be", f"the {short} would then be"]
    return Criterion(id="misstates_result", weight=3.0, description=f"says {the(fact)} would be another figure",
                     check=Check(type="answer_misbound", a_words=anchors, **value_check(q)))


def what_if_against_tasks(graph: Graph, limit: int = 2) -> list[Task]:
    """Change an input of a derived figure and weigh the result against the figure it is compared with: of the pairs
    that make one (each derived figure changed once), those whose figures sit in three files or more first, the most
    telling first among them."""
    made, used = [], set()
    for big, small in exceed_pairs(graph):
        for x, other in ((big, small), (small, big)):
            if not x.formula or x.id in used:
                continue
            task = _what_if_against(graph, x, other)
            if task is not None:
                made.append((x.id, task))
                used.add(x.id)
                break
    order = sorted(range(len(made)), key=lambda i: (len(made[i][1].needs.files) < 3, i))
    return [made[i][1] for i in sorted(order[:limit])]


def _what_if_against(graph: Graph, x: LedgerFact, other: LedgerFact) -> Task | None:
    world = graph.world
    q_other = graph.quantities[other.id]
    best = None
    for leaf in _leaves(graph, x.id):
        q = graph.quantities.get(leaf)
        if q is None or leaf in _leaves(graph, other.id):
            continue
        changed = perturbed(q)
        try:
            values = what_if_values(graph, leaf, changed)
        except LedgerError:
            continue
        new = values[x.id]
        if new is None or new.amount == q_other.amount or shown(new) == x.text or not keeps_sign(graph, values, x.id, leaf):
            continue
        gap = Quantity(new.kind, abs(new.amount - q_other.amount), new.currency, new.unit or q_other.unit)
        if in_room(graph, gap) or in_room(graph, new):
            continue
        chain = _path_to(graph, x.id, leaf) or [x.id]
        needed = _siblings(graph, chain, leaf) + [other.id]
        if _moves_with(graph, needed, leaf):
            continue
        plain = cover(graph, needed + [leaf])
        if plain is None:
            continue
        found = primary_cover(graph, needed + [leaf], given=leaf) or plain
        key = (-len(plain[0]), -len(plain[1]), leaf)  # ranked by the plain cover, as before
        if best is None or key < best[0]:
            best = (key, leaf, changed, values, new, gap, chain, needed, found)
    if best is None:
        return None
    _, leaf, changed, values, new, gap, chain, needed, (files, apps) = best
    leaf_fact = graph.fact(leaf)
    over = new.amount > q_other.amount
    hi, lo = (x, other) if over else (other, x)
    gap_text = (shown(gap).rstrip("%") + " percentage points") if gap.kind == "percent" else shown(gap)
    intermediates = [graph.fact(f) for f in chain[1:] if values.get(f) is not None]
    allowed = [graph.quantities[f] for f in needed + [leaf, x.id] if graph.quantities.get(f) is not None]
    allowed += [values[f.id] for f in intermediates] + [changed, new]
    figure = dict(values=[gap_text], numbers=[_num(gap)], unit=None if gap.kind == "percent" else gap.currency or gap.unit)
    criteria = [
        Criterion(id="direction", weight=2.0, description=f"says {the(hi)} would then exceed {the(lo)}",
                  check=Check(type="answer_direction", a_words=_content_words(label_of(hi)),
                              b_words=_content_words(label_of(lo)), expect="a>b")),
        Criterion(id="states_gap", weight=2.0, description=f"gives the gap: {gap_text}",
                  check=Check(type="answer_final", allowed=[_num(q) for q in allowed], **figure)),
        Criterion(id="states_new", weight=2.0, description=f"recomputes {the(x)}: {shown(new)}",
                  check=Check(type="answer_mentions", **value_check(new))),
        Criterion(id="states_other", weight=1.0, description=f"states {the(other)}: {other.text}",
                  check=Check(type="answer_mentions", **value_check(q_other, other.text))),
    ]
    criteria += [Criterion(id=f"uses_{f}", weight=0.5, description=f"uses {the(graph.fact(f))}: {graph.fact(f).text}",
                           check=input_check(graph, f, [x.id], avoid=leaf, values=values))
                 for f in needed if f != other.id and graph.quantities.get(f) is not None]
    negatives = [Criterion(id="wrong_direction", weight=2.0, description=f"says {the(lo)} would exceed {the(hi)}",
                           check=Check(type="answer_direction", a_words=_content_words(label_of(lo)),
                                       b_words=_content_words(label_of(hi)), expect="a>b", any_reading=True))]
    negatives += _distractor_negatives(graph, [x.id, other.id, *chain], "answer_asserts")
    negatives += [_misbound(x, new)] + swap_negatives(graph, needed)
    steps = "\n".join(f"{the(graph.fact(f), capital=True)}: {graph.fact(f).text}." for f in needed
                      if graph.quantities.get(f) is not None)
    steps += "".join(f"\n{the(f, capital=True)} would then be {shown(values[f.id])}." for f in intermediates)
    answer = (f"{steps}\n{the(x, capital=True)} would be {shown(new)}. {the(hi, capital=True)} would then exceed "
              f"{the(lo)} by {gap_text}.\nAnswer: {gap_text}")
    return Task(
        id=f"whatif-{x.id}-{leaf}-vs-{other.id}", world_id=world.world_id, kind="what_if",
        tags=["multi_hop", "compute", "judgement"],
        instruction=(f"In the data room of {world.plan.title}, suppose {the(leaf_fact)} were {shown(changed)} instead of "
                     f"the figure the room gives. Keeping every other figure as the data room states it now, what would "
                     f"{the(x)} be, would it then be above or below {the(other)}, and by how much? Show each step; the "
                     f"gap is your final figure. {_ask()}"),
        needs=Needs(files=files, facts=[*needed, leaf, x.id], apps=apps),
        reference=_inputs_reference(answer, [*needed, leaf]),
        rubric=Rubric(criteria=criteria, negative_criteria=negatives, universal_penalties=universal(graph)),
        solution=Solution(answer=answer.strip()))


def _num(q: Quantity) -> float:
    v = q.as_value()
    return float(getattr(v, "amount", None) if getattr(v, "amount", None) is not None else v.value)


def governs_tasks(graph: Graph) -> list[Task]:
    """For a figure that is the larger (or smaller) of two: which governs, the two figures, and the result."""
    world, tasks = graph.world, []
    for top in (f for f in world.plan.facts if f.formula):
        tree = parse_formula(top.formula)
        if not (isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name) and tree.func.id in ("max", "min")
                and len(tree.args) == 2):
            continue
        a, b = tree.args
        if any(isinstance(x, ast.Call) for x in (a, b)):
            # a side worked by a function ('percent_of(cap_percent, annual_contract_value)') has no name of its own:
            # named by its inputs' labels, its figure read as theirs (recall recovery: the reference lost 0.57 to
            # 'gives another figure as the Annual Contract Value')
            continue
        try:
            qa, qb = _eval(graph, a), _eval(graph, b)
        except (LedgerError, TypeError):
            continue
        if qa.amount == qb.amount:
            continue
        larger_first = qa.amount > qb.amount
        wins_a = larger_first if tree.func.id == "max" else not larger_first
        win, lose = (a, b) if wins_a else (b, a)
        qwin, qlose = (qa, qb) if wins_a else (qb, qa)
        needed = list(dict.fromkeys(_names(a) + _names(b)))
        leaves = list(dict.fromkeys(x for n in needed for x in _leaves(graph, n)))
        # which side governs turns on each side's inputs where they are set (the cap in the contract, the delay in
        # the certificate), not on one sheet that works out both: needs and leaves read at their sources
        found = primary_cover(graph, needed + leaves) or cover(graph, leaves)
        if found is None:
            continue
        files, apps = found
        da, db_ = _describe(graph, a), _describe(graph, b)
        which = "larger" if tree.func.id == "max" else "smaller"
        result = graph.quantities[top.id]
        win_words, lose_words = _content_words(_describe(graph, win)), _content_words(_describe(graph, lose))
        margin = Quantity(qwin.kind, abs(qwin.amount - qlose.amount), qwin.currency, qwin.unit)
        if in_room(graph, margin):
            # the room writes the margin (the disputed excess of a claim over its cap): which side governs is asked on
            # a supposition that turns it, an answer no file holds
            tasks += [t for t in [governs_if_task(graph, top.id)] if t is not None]
            continue
        margin_text = shown(margin)
        others = [_num(qa), _num(qb), _num(result)] + [_num(graph.quantities[n]) for n in needed
                                                        if graph.quantities.get(n)]
        criteria = [
            Criterion(id="governing_side", weight=2.0,
                      description=f"says {_describe(graph, win)} ({shown(qwin)}) governs, or is the {which} of the two",
                      check=Check(type="answer_governs", a_words=win_words, b_words=lose_words,
                                  expect="a>b" if tree.func.id == "max" else "a<b")),
            Criterion(id="states_margin", weight=2.0, description=f"gives the margin between the two: {margin_text}",
                      check=Check(type="answer_final", allowed=others, **value_check(margin))),
            Criterion(id="states_governing", weight=1.0, description=f"states {_describe(graph, win)}: {shown(qwin)}",
                      check=Check(type="answer_mentions", **value_check(qwin))),
            Criterion(id="states_other", weight=1.0, description=f"states {_describe(graph, lose)}: {shown(qlose)}",
                      check=Check(type="answer_mentions", **value_check(qlose))),
            Criterion(id="states_result", weight=1.0, description=f"states {the(top)}: {top.text}",
                      check=Check(type="answer_mentions", **value_check(result, top.text))),
        ]
        negatives = [Criterion(id="wrong_side", weight=2.0,
                               description=f"says {_describe(graph, lose)} governs (the comparison the wrong way round)",
                               check=Check(type="answer_direction", a_words=lose_words, b_words=win_words,
                                           expect="a>b" if tree.func.id == "max" else "a<b", any_reading=True))]
        negatives.append(Criterion(id="loser_governs", weight=3.0,
                                   description=f"says {_describe(graph, lose)} governs",
                                   check=Check(type="answer_governs", a_words=lose_words, b_words=win_words)))
        negatives.append(Criterion(id="denies_winner", weight=3.0, description=f"says {_describe(graph, win)} does not govern",
                                   check=Check(type="answer_governs_denied", a_words=win_words, b_words=lose_words)))
        negatives.append(Criterion(id="result_misbound", weight=3.0,
                                   description=f"concludes that {the(top)} is a figure other than {top.text}",
                                   check=Check(type="answer_misbound", a_words=[
                                       f"{label_of(top)} is therefore", f"{label_of(top)} is thus", "therefore", "thus",
                                       "accordingly", f"{label_of(top)} is", f"{label_of(top)} stands at",
                                       f"{label_of(top)} comes to"], **value_check(result, top.text))))
        if shown(qlose) != shown(result):
            # the right side said to govern, and the result then given as the other side's figure
            negatives.append(Criterion(id="result_is_loser", weight=3.0,
                                       description=f"gives {the(top)} as {shown(qlose)}, the figure that does not govern",
                                       check=Check(type="answer_bound",
                                                   a_words=[f"{label_of(top).lower()}{w}" for w in _BINDS]
                                                   + [f"{short}{w}" for short in _tail_label(top) for w in _BINDS],
                                                   **value_check(qlose))))
        negatives += _distractor_negatives(graph, [top.id], "answer_asserts")
        verb = "exceeds" if tree.func.id == "max" else "is below"
        answer = (f"{_describe(graph, win)[:1].upper()}{_describe(graph, win)[1:]} ({shown(qwin)}) {verb} "
                  f"{_describe(graph, lose)} ({shown(qlose)}) by {margin_text}, so it governs: {the(top)} is "
                  f"{top.text}.\nAnswer: {margin_text}")
        tasks.append(Task(
            id=f"governs-{top.id}", world_id=world.world_id, kind="governs", tags=["judgement"],
            instruction=(f"In the data room of {world.plan.title}, {the(top)} is the {which} of {da} and {db_}. "
                         f"Which of the two governs on the figures the data room now holds, what is each, by how much "
                         f"does one exceed the other, and what is {the(top)}? Say which is {which} in so many words. "
                         f"The margin is your final figure. {_ask()}"),
            needs=Needs(files=files, facts=[*needed, top.id], apps=apps),
            reference=_inputs_reference(answer, needed),
            rubric=Rubric(criteria=criteria, negative_criteria=negatives, universal_penalties=universal(graph)),
            solution=Solution(answer=answer)))
    return tasks


def governs_if_task(graph: Graph, top_id: str) -> Task | None:
    """Which side of a greater-of or lesser-of would govern were one input such that the other side governs, and what
    the figure would then be: where the room writes the margin between the sides (a claim's excess over its cap, in
    the working and the minutes), 'which governs, and by how much' is a lookup, but the turn is not (an unseen
    supply-price outline made no task on the amount payable, min(surcharge claimed, cap), at all)."""
    made = []
    for leaf in _leaves(graph, top_id):
        for changed in flipping(graph, top_id, leaf):
            try:
                result = what_if_values(graph, leaf, changed)[top_id]
            except LedgerError:
                continue
            if result is None or in_room(graph, result):
                continue
            chain = _path_to(graph, top_id, leaf) or [top_id]
            needed = _siblings(graph, chain, leaf)
            if _moves_with(graph, needed, leaf):
                break
            plain = cover(graph, needed + [leaf]) if needed else None
            if plain is None:
                break
            files, apps = primary_cover(graph, needed + [leaf], given=leaf) or plain
            made.append((-len(files), -len(apps), leaf, changed, result, chain, needed, files, apps))
            break
    if not made:
        return None
    made.sort(key=lambda m: m[:3])
    _, _, leaf, changed, result, chain, needed, files, apps = made[0]
    task = _what_if_task(graph, top_id, leaf, changed, result, chain, needed, files, apps)
    return task.model_copy(update={"id": f"governs-{top_id}-if-{leaf}", "kind": "governs"})


def _verb(fact: LedgerFact, verb: str) -> str:
    """The verb agreeing with a fact's label: 'the total claims exceed', 'the cap exceeds'."""
    last = label_of(fact).split()[-1]
    plural = last.endswith("s") and not last.endswith(("ss", "'s", "us", "is"))
    return verb[:-1] if plural and verb.endswith("s") else verb


def _kin(a: LedgerFact, b: LedgerFact) -> float:
    wa, wb = set(_content_words(a.statement)), set(_content_words(b.statement))
    return len(wa & wb) / max(1, len(wa | wb))


# Words that make a figure a limit another is held to, as the head of its label ('OPA 90 liability cap', 'NWC peg',
# 'denial-rate service level', 'leverage covenant'): 'covenant EBITDA' is EBITDA, no limit.
_LIMIT_WORDS = {"cap", "limit", "floor", "ceiling", "peg", "threshold", "level", "sla", "budget", "tolerance",
                "materiality", "covenant", "target", "contingency"}
# The limits a claim or a loss is held to (a floor or a peg limits what its label names, not a claim).
_CEILINGS = {"cap", "limit", "ceiling", "threshold", "budget", "covenant", "sla", "tolerance", "materiality",
             "contingency"}
# Words that make a figure a limit wherever they stand: 'maximum total net leverage ratio', "Ostrander's maximum
# exposure".
_LIMIT_ADJ = {"maximum", "minimum", "max", "min"}
# A figure one side puts forward or the sides agree on: the offer or settlement of a claim.
_SETTLE_WORDS = {"offer", "offered", "settlement", "settled", "agreed", "proposed", "counteroffer", "tender",
                 "compromise"}
# A figure claimed against a limit or an offer: a claim, a demand, a loss, an exposure, a side's position.
_CLAIM_WORDS = {"claim", "claims", "claimed", "demand", "demanded", "loss", "losses", "damages", "exposure",
                "position", "cost", "costs", "expense", "expenses"}
_OWNERS = {"our", "their", "my", "his", "her", "its"}
# Words that open a clause or a condition after a label's head ('claim without the limit', 'recovery if ... applies').
_CLAUSE_WORDS = {"without", "if", "against", "than", "within", "between", "once", "when", "where", "unless"}
_PREPOSITIONS = {"of", "on", "for", "under", "at", "after", "before", "from", "in", "to", "per", "with", "by"}


def _label_words(fact: LedgerFact) -> tuple[list[str], list[str], str | None]:
    """A label read for a comparison: its owners ('policyholder's', 'our'), the rest of its words (lower case,
    hyphens split) and its head noun (the last word before any prepositional phrase)."""
    owners, rest = [], []
    for i, raw in enumerate(label_of(fact).replace("\u2019", "'").split()):
        word = raw.lower().strip(",.;:()")
        if word.endswith("'s") and i == 0 or word in _OWNERS:
            owners.append(word.removesuffix("'s"))
            continue
        rest += [w for w in re.split(r"[^a-z0-9.]+", word.removesuffix("'s")) if w]
    before = []
    for i, w in enumerate(rest):
        # a clause or a 'net of' ends the head as a preposition does: 'claim without the limit' is a claim, no limit,
        # 'recovery if the limit applies' a recovery, 'claim net of contributory negligence' a claim (cmr-theft's
        # claim was read as a limit, and its carrier's offer was weighed against nothing)
        if w in _PREPOSITIONS or w in _CLAUSE_WORDS or (w == "net" and rest[i + 1:i + 2] == ["of"] and before):
            break
        before.append(w)
    return owners, rest, (before[-1] if before else None)


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _limit_in(fact: LedgerFact) -> list[str] | None:
    """What a limit figure limits (its label less the limit words: 'denial rate' of the 'denial-rate service level',
    'total net leverage ratio' of the 'maximum total net leverage ratio'), or None for a figure that is no limit."""
    _, rest, head = _label_words(fact)
    if head in _LIMIT_WORDS or "sla" in rest:
        cut = rest.index(head) if head in rest else len(rest)
        kept = rest[:cut] + rest[cut + 1:]
        return [w for w in kept if w not in _LIMIT_WORDS and w not in ("service",) and w not in _PREPOSITIONS
                and w not in ("the", "a", "an")]
    if set(rest) & _LIMIT_ADJ:
        return [w for w in rest if w not in _LIMIT_ADJ and w not in ("the", "a", "an")]
    return None


# Words before a limit that name no subject of their own: the limit is on liability at large ('OPA 90 liability cap',
# 'Clause 41.3 cap', 'aggregate limit'), so any claim, loss or cost is held to it.
_GENERIC_LIMITS = {"liability", "indemnity", "aggregate", "overall", "total", "policy", "contract", "contractual",
                   "clause", "section", "article", "schedule", "statutory", "agreed"}


def _subject(limit: LedgerFact, words: list[str]) -> list[str]:
    """What a limit names as its subject, less references and words of liability at large: 'liquidated damages' of
    the 'liquidated damages cap' (a cap on the damages, not on the contractor's loss and expense), nothing of the
    'OPA 90 liability cap' or the 'Clause 41.3 cap'."""
    refs = {w.lower() for w in re.findall(r"[A-Za-z0-9.]+", label_of(limit)) if w.isupper() or any(c.isdigit() for c in w)}
    return [w for w in words if w not in refs and _stem(w) not in _GENERIC_LIMITS and w not in _GENERIC_LIMITS]


def _one_input_apart(a: str, b: str) -> tuple[str, str] | None:
    """The two names two formulas differ on where they are the same working with one input changed
    ('daily_gross_profit * (insured_days - waiting_days)' against '... (insurer_days - waiting_days)'), else None."""
    ta, tb = parse_formula(a), parse_formula(b)
    names_a = [n.id for n in ast.walk(ta) if isinstance(n, ast.Name)]
    names_b = [n.id for n in ast.walk(tb) if isinstance(n, ast.Name)]
    if len(names_a) != len(names_b):
        return None
    differ = [(x, y) for x, y in zip(names_a, names_b) if x != y]
    if len({d for d in differ}) != 1:
        return None
    x, y = differ[0]
    swapped = ast.dump(ta).replace(f"id='{x}'", f"id='{y}'")
    return (x, y) if swapped == ast.dump(tb) else None


def _twins(graph: Graph) -> dict[frozenset[str], str]:
    """Pairs of figures that are two positions on one quantity by the ledger's workings: two formulas that are one
    working with one input changed (the policyholder's loss and the adjuster's), and the two inputs they differ on
    (the two periods of restoration). Read once per graph."""
    if graph.twins is None:
        graph.twins = {}
        derived = [f for f in graph.world.plan.facts if f.formula]
        for f, g in itertools.combinations(derived, 2):
            apart = _one_input_apart(f.formula, g.formula)
            if apart is None:
                continue
            graph.twins.setdefault(frozenset((f.id, g.id)),
                                   f"{label_of(f)} and {label_of(g)} are one working with one input changed")
            graph.twins.setdefault(frozenset(apart), f"{label_of(f)} and {label_of(g)} differ on these two alone")
    return graph.twins


def pair_reason(graph: Graph, a: LedgerFact, b: LedgerFact) -> tuple[str, float] | None:
    """Why a professional would weigh two figures of one unit against each other, and how telling that is; None when
    nothing in the graph or the labels gives a reason (covenant EBITDA against net debt, a term loan against EBITDA:
    figures of one currency that measure different things).

    (a) one is a limit the other is held to: a limit word heads one label only, and what it limits is named by the
    other ('maximum total net leverage ratio' / 'total net leverage ratio', 'denial-rate service level' / 'initial
    denial rate'), or the other is a claim, loss or demand ('OPA 90 liability cap' / 'total claims');
    (b) two positions on one quantity: the same working with one input changed (the two sides' losses, and the two
    inputs they differ on), or one label owned by different parties ("policyholder's period of restoration" /
    "adjuster's period of restoration"; the agreed period beside either);
    (c) an offer or settlement beside the claim it answers."""
    la, lb = _limit_in(a), _limit_in(b)
    (oa, ra, ha), (ob, rb, hb) = _label_words(a), _label_words(b)
    if (la is None) != (lb is None):
        limit, other = (a, b) if la is not None else (b, a)
        limits = [_stem(w) for w in (la if la is not None else lb)]
        _, other_rest, other_head = _label_words(other)
        words = {_stem(w) for w in other_rest}
        if limits and set(limits) <= words:
            return f"{label_of(limit)} is the limit {label_of(other)} is held to", 2.0
        # (a limit the ledger holds a figure to in a lesser-of is the limit of that figure alone: cmr-theft's claim of
        # goods and carriage charges was weighed against the limit on the goods, a gap nobody works)
        partners = {x for p in drawn_pairs(graph) if limit.id in p for x in p} - {limit.id}
        if _label_words(limit)[2] in _CEILINGS and not _subject(limit, limits) and (
                other_head in _CLAIM_WORDS or words & {"claim", "claimed", "demand", "damages", "exposure"}) and (
                not partners or other.id in partners):
            return f"{label_of(other)} is weighed against {label_of(limit)}", 1.0
        base = _tolerance_base(graph, limit, other)
        if base is not None:
            return f"{label_of(other)} is tested against {label_of(limit)}, both worked from {label_of(base)}", 2.0
    twin = _twins(graph).get(frozenset((a.id, b.id)))
    if twin is not None:
        return twin, 1.5
    sa, sb = set(ra) & _SETTLE_WORDS, set(rb) & _SETTLE_WORDS
    bare_a, bare_b = [w for w in ra if w not in _SETTLE_WORDS], [w for w in rb if w not in _SETTLE_WORDS]
    if bare_a and bare_a == bare_b and (oa or sa) and (ob or sb) and (oa, sa) != (ob, sb):
        return f"two positions on the {' '.join(bare_a)}", 1.5
    if bool(sa) != bool(sb) and (hb if sa else ha) in _CLAIM_WORDS and not _head_of_loss(graph, b if sa else a):
        return f"an offer or settlement beside the claim it answers", 1.0
    paid = _paid_against(a, b) or _paid_against(b, a)
    if paid is not None:
        return paid, 1.5
    return None


# (d) what has been paid so far beside the whole it pays: 'remediation paid to date' / 'total remediation' (blind
# outline au-wage-underpayment-remediation at seed 35: 7 tasks, none asked what was still owed)
_PAID_WORDS = {"paid", "repaid", "remitted", "disbursed", "refunded", "recovered", "received", "collected"}
_PAID_FILLER = {"to", "date", "so", "far", "yet", "total", "in", "all", "the", "of", "amount", "sum"}


def _paid_against(part: LedgerFact, whole: LedgerFact) -> str | None:
    """'X paid to date' beside the total X: the reason to weigh them (what remains), else None."""
    _, rest_part, _ = _label_words(part)
    _, rest_whole, _ = _label_words(whole)
    if not set(rest_part) & _PAID_WORDS or set(rest_whole) & _PAID_WORDS:
        return None
    what = {_stem(w) for w in rest_part if w not in _PAID_WORDS | _PAID_FILLER}
    owed = {_stem(w) for w in rest_whole if w not in _PAID_FILLER}
    if what and what <= owed:
        return f"{label_of(part)} is paid against {label_of(whole)}"
    return None


def _parts(graph: Graph) -> set[str]:
    """The figures the ledger adds into a total or multiplies into a figure of their own measure (each head of loss
    of a schedule, an annual loss times its multiplier), and the other side's working of such a head."""
    if graph.__dict__.get("_parts") is not None:
        return graph.__dict__["_parts"]
    out: set[str] = set()
    for f in graph.world.plan.facts:
        if not f.formula or measure(graph, f.id) is None:
            continue
        for node in ast.walk(parse_formula(f.formula)):
            if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mult)):
                out |= {n.id for n in (node.left, node.right) if isinstance(n, ast.Name) and n.id in graph.world.facts
                        and measure(graph, n.id) == measure(graph, f.id)}
    for pair in list(_twins(graph)):
        if pair & out and all(graph.fact(x).formula for x in pair):
            out |= pair  # the defendant's future loss is a head as the claimant's is
    graph.__dict__["_parts"] = out
    return out


def _head_of_loss(graph: Graph, fact: LedgerFact) -> bool:
    """Whether a claim figure is one part of a larger claim: an offer answers the whole claim, so weighing it against
    one head of loss ('the Part 36 offer exceeds the past loss of earnings by ...') is no question a lawyer asks
    (red team, pi-quantum: the offer against four heads of loss, each a reply)."""
    return fact.id in _parts(graph)


def _tolerance_base(graph: Graph, limit: LedgerFact, other: LedgerFact) -> LedgerFact | None:
    """The base figure a tolerance and a variance are both worked from, else None: a limit set as a percent of a figure
    (percent_of(tolerance, reported_sales)) is the test a difference from that same figure is held to
    (audited_sales - reported_sales). The auditor's materiality, a contingency against an overrun and a royalty audit's
    tolerance all read so, and their labels need not share a word ('cost-shifting threshold' / 'understated sales'),
    so pair_reason's label reading alone gave an unseen audit outline no judgement task at all."""
    if not (limit.formula and other.formula):
        return None
    tree, diff = parse_formula(limit.formula), parse_formula(other.formula)
    if not (isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name) and tree.func.id == "percent_of"
            and len(tree.args) == 2 and isinstance(tree.args[1], ast.Name)):
        return None
    if not (isinstance(diff, ast.BinOp) and isinstance(diff.op, ast.Sub)
            and {type(diff.left), type(diff.right)} == {ast.Name}):
        return None
    base = tree.args[1].id
    return graph.fact(base) if base in (diff.left.id, diff.right.id) and base in graph.world.facts else None


def limit_side(a: LedgerFact, b: LedgerFact) -> LedgerFact | None:
    """Of two figures, the one that is a limit where the other is none (the maximum leverage beside the leverage)."""
    la, lb = _limit_in(a), _limit_in(b)
    return None if (la is None) == (lb is None) else a if la is not None else b


def grounded_cover(graph: Graph, fact_ids: list[str], limits: list[LedgerFact | None]
                   ) -> tuple[list[str], list[str]] | None:
    """The cover of the facts with each limit read where it is set: whether a limit is broken, told to the client,
    turns on the instrument that sets it (the credit agreement's section 7.11, the billing services agreement's
    service level), not on a sheet that restates it beside the figure held to it. Where no document that sets a limit
    carries it, or the facts cannot be covered so, the plain cover."""
    carriers = dict(graph.carriers)
    for limit in (x for x in limits if x is not None):
        setting = {a.path for a in graph.world.plan.artifacts
                   if a.id in (graph.world.plan.establishing(limit.id) or []) and a.kind == "document"}
        held = [(p, k) for p, k in carriers.get(limit.id, []) if p in setting]
        if held:
            carriers[limit.id] = held
    found = cover(Graph(graph.world, carriers, graph.quantities, graph.twins), fact_ids) \
        if carriers != graph.carriers else None
    return found or cover(graph, fact_ids)


def primary_cover(graph: Graph, fact_ids: list[str], given: str | None = None) -> tuple[list[str], list[str]] | None:
    """The cover of the facts with each input read in the paper that establishes it, where that paper works out no
    figure of its own (an instrument, a certificate, a notice: the credit agreement's maximum, the owner-contractor
    agreement's rate and cap percentage, the certificate's weeks of delay), not in a calculation memo or sheet that
    restates every input beside its own result. A careful professional recomputing a figure checks each input at its
    source: a what-if read off one summary sheet is a one-file lookup (tests/fixtures/covenant-breach.yaml and
    construction-delay.yaml: every what-if's inputs sat in the one computation memo, so every compute task was
    dropped as a warm-up). An input no primary paper carries is read anywhere; `given` (the changed input) is not
    read. Where the facts cannot be covered so, the plain cover."""
    plan = graph.world.plan
    derived = {f.id for f in plan.facts if f.formula}
    works = {a.path for a in plan.artifacts if set(a.facts) & derived}
    drafts = {a.path for a in plan.artifacts if a.distractor is not None}
    paths = {a.id: a.path for a in plan.artifacts}
    carriers = dict(graph.carriers)
    for fid in fact_ids:
        if fid == given:
            continue
        # where it is reported, not where it is worked with: no paper that carries a figure worked from it (the
        # reported EBITDA in the finance director's mail, not the memo that works the leverage from it), no draft
        uses = {f.id for f in plan.facts if f.formula and f.id != fid and _path_to(graph, f.id, fid)}
        working = {a.path for a in plan.artifacts if set(a.facts) & uses}
        # (nor a chat day that tells it as the working's figure: "note the OPA 90 liability cap computation has
        # 62,480 GT for the gross tonnage now" is that computation read aloud, and the tanker's 'governs' task read
        # its tonnage there and off the computation, two files one sheet answers, once b8e38ce brought the post
        # within a fortnight of the tonnage's day)
        relays = _relays(graph, graph.fact(fid), {a.title for a in plan.artifacts if set(a.facts) & uses})
        held = [(p, k) for p, k in carriers.get(fid, []) if p not in working and p not in drafts and p not in relays]
        if not held:
            primary = {paths[i] for i in plan.establishing(fid) if i in paths and paths[i] not in works}
            held = [(p, k) for p, k in carriers.get(fid, []) if p in primary]
        if held:
            carriers[fid] = held
    found = cover(Graph(graph.world, carriers, graph.quantities, graph.twins), fact_ids) \
        if carriers != graph.carriers else None
    return found or cover(graph, fact_ids)


def _relays(graph: Graph, fact: LedgerFact, titles: set[str]) -> set[str]:
    """The files of a kind that tells the fact's figure only as one of these papers' (a chat day whose every post that
    gives it names the paper): there the figure is the paper's, not a report of its own. Each kind's task family says
    its own (kind_tasks: hook `relays`); the core names no kind."""
    from worldsmith.environments import kind_tasks

    # (asked of each figure for every task's cover: 213 times a task set of the legal example, one query each)
    held = graph.__dict__.setdefault("_relays", {})
    key = (fact.id, frozenset(titles))
    if key not in held:
        held[key] = set().union(*(family.relays(graph, fact, titles) for family in kind_tasks.families("relays")))
    return held[key]


def _pair_score(graph: Graph, a: LedgerFact, b: LedgerFact) -> float:
    """How worth weighing two figures are: nothing where pair_reason gives no reason, else how telling its reason is,
    and how alike the two are in what they say."""
    reason = pair_reason(graph, a, b)
    if reason is None:
        return 0.0
    la, lb = set(_content_words(label_of(a))), set(_content_words(label_of(b)))
    return reason[1] + _kin(a, b) + len(la & lb) / max(1, len(la | lb))


def fact_unit(graph: Graph, fid: str) -> str | None:
    """A figure's unit: its quantity's, else the one its ledger value declares (a ratio worked from two amounts
    comes out bare; the ledger writes it '3.7x')."""
    q = graph.quantities.get(fid)
    return (q.unit if q is not None else None) or getattr(graph.fact(fid).value, "unit", None) or None


def _unit_key(unit: str | None) -> str | None:
    return " ".join(_stem(w) for w in unit.lower().split()) if unit else None


def measure(graph: Graph, fid: str) -> tuple | None:
    """What a figure measures, for weighing it against another: kind, currency and unit (USD; percent; days; x)."""
    q = graph.quantities.get(fid)
    if q is None or q.kind not in ("money", "percent", "number"):
        return None
    return q.kind, q.currency, _unit_key(fact_unit(graph, fid))


def with_unit(graph: Graph, fid: str, q: Quantity) -> Quantity:
    """A quantity worked for a figure, in the figure's unit (a recomputed ratio in 'x')."""
    unit = q.unit or (fact_unit(graph, fid) if q.kind == "number" else None)
    return q if unit == q.unit else Quantity(q.kind, q.amount, q.currency, unit)


def drawn_pairs(graph: Graph) -> set[frozenset[str]]:
    """The pairs the ledger itself weighs: the two named sides of each greater-of or lesser-of (the sum claimed and
    the cap it is held to in min(claimed, cap)). An unseen supply-price outline's tasks all went on the gap between
    two input percentages ('does the cap percentage exceed the index rise, by 6.5 percentage points'), a gap that
    means nothing to a lawyer, while the claim against its cap, the comparison the formula draws, made none."""
    if graph.__dict__.get("_drawn") is not None:
        return graph.__dict__["_drawn"]
    out = set()
    for f in graph.world.plan.facts:
        if not f.formula:
            continue
        for node in ast.walk(parse_formula(f.formula)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("max", "min"):
                names = [a.id for a in node.args if isinstance(a, ast.Name) and a.id in graph.world.facts]
                out |= {frozenset(p) for p in itertools.combinations(names, 2) if p[0] != p[1]}
    graph.__dict__["_drawn"] = out
    return out


def ledger_gap(graph: Graph, big: LedgerFact, small: LedgerFact) -> LedgerFact | None:
    """The fact that is the gap between two figures the ledger weighs (the disputed excess of a claim over its cap:
    claimed - min(claimed, cap)), else None. Such a gap is in the room by design, yet whether the claim exceeds the
    cap, and by how much, is the question a professional asks of the claim, the agreement and the working; the lint
    still refuses it where one file writes it beside the prompt's labels."""
    if frozenset((big.id, small.id)) not in drawn_pairs(graph):
        return None
    gap = difference(graph, big, small)
    for f in graph.world.plan.facts:
        q = graph.quantities.get(f.id)
        if f.formula and q is not None and q.amount == gap.amount and {big.id, small.id} & _closure(graph, f.id):
            return f
    return None


def _closure(graph: Graph, fid: str) -> set[str]:
    """Every fact a figure is worked out from, at any depth."""
    formula = graph.fact(fid).formula
    if not formula:
        return set()
    refs = {r for r in references(formula) if r in graph.world.facts}
    return refs.union(*(_closure(graph, r) for r in refs))


def _gap_over(graph: Graph, fid: str) -> set[str]:
    """For a figure worked as a difference (an excess, a shortfall, an amount in dispute), every figure it is taken
    from at any depth: the cap inside 'claimed - min(claimed, cap)' (the disputed excess beside the cap weighs the
    excess against the limit it is the excess over)."""
    formula = graph.fact(fid).formula
    if not formula or not (isinstance(parse_formula(formula), ast.BinOp)
                           and isinstance(parse_formula(formula).op, ast.Sub)):
        return set()
    return _closure(graph, fid)


def _rate_pair(graph: Graph, a: str, b: str) -> bool:
    """Whether two percents are both rates the ledger applies to an amount (percent_of(rate, amount)) to make figures
    of their own that it weighs against each other: the claimed percentage beside the cap percentage, where the
    claim and the cap they make are the comparison."""
    made: dict[str, set[str]] = {}
    for f in graph.world.plan.facts:
        if not f.formula:
            continue
        tree = parse_formula(f.formula)
        if isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name) and tree.func.id == "percent_of" \
                and tree.args and isinstance(tree.args[0], ast.Name):
            made.setdefault(tree.args[0].id, set()).add(f.id)
    if not (made.get(a) and made.get(b)):
        return False
    drawn = drawn_pairs(graph)
    return any(frozenset((x, y)) in drawn or _pair_score(graph, graph.fact(x), graph.fact(y))
               for x in made[a] for y in made[b] if x != y)


def exceed_pairs(graph: Graph) -> list[tuple[LedgerFact, LedgerFact]]:
    """Pairs of figures of one measure (an amount in one currency, a rate, a count or ratio in one unit) that a
    professional would weigh against each other, the most telling first, larger first: only those pair_reason gives
    a reason for (covenant: the leverage ratio against its maximum, never covenant EBITDA against net debt), however
    few that leaves."""
    facts = [f for f in graph.world.plan.facts if measure(graph, f.id) is not None]
    drawn = drawn_pairs(graph)
    scored = []
    for a, b in itertools.combinations(facts, 2):
        qa, qb = graph.quantities[a.id], graph.quantities[b.id]
        if measure(graph, a.id) != measure(graph, b.id) or qa.amount == qb.amount:
            continue
        if b.id in _worked_from(graph, a.id) or a.id in _worked_from(graph, b.id):
            continue  # a part beside its own total is no comparison, nor a gap beside a figure it is the gap from
        if b.id in _gap_over(graph, a.id) or a.id in _gap_over(graph, b.id):
            continue  # nor an excess over a cap beside the cap it is taken over (claimed less min(claimed, cap))
        if _rate_pair(graph, a.id, b.id):
            continue  # two rates the ledger applies to amounts: the amounts they make are what a reader weighs
        ratio = max(qa.amount, qb.amount) / max(min(qa.amount, qb.amount), Decimal("0.01"))
        if qa.kind == "money" and ratio > 10:
            continue  # a per-ton rate beside a floor of millions says nothing
        score = _pair_score(graph, a, b) or (1.0 if frozenset((a.id, b.id)) in drawn else 0.0)
        if not score:
            continue
        score += 0.3 * (bool(a.formula) + bool(b.formula))
        if frozenset((a.id, b.id)) in drawn:
            score += 2.0  # the ledger itself weighs these two: the sides of a greater-of or a lesser-of
        big, small = (a, b) if qa.amount > qb.amount else (b, a)
        scored.append((score, big, small))
    scored.sort(key=lambda p: (-p[0], p[1].id, p[2].id))
    return [(big, small) for _, big, small in scored]


def fresh_first(graph: Graph, pairs: list[tuple[LedgerFact, LedgerFact]]) -> list[tuple[LedgerFact, LedgerFact]]:
    """The pairs whose gap no file writes first, in order, then the rest: a claim against its cap whose excess the
    room writes (the disputed excess, in the minutes beside both labels) is asked, but the lint refuses it as a
    lookup, and it must not take the place of a pair with an answer of its own (aircraft redelivery: the memo and an
    exceed went on the engine claim against its cap and were refused 'grep_solvable')."""
    fresh = [p for p in pairs if not in_room(graph, difference(graph, *p))]
    return fresh + [p for p in pairs if p not in fresh]


def exceed_tasks(graph: Graph, limit: int = 2, among: int = 4) -> list[Task]:
    """Does A exceed B, and by how much: a judgement and a difference no file writes. Of the `among` most telling
    pairs that make one, those whose figures sit in more files first (hospital: the denial rate beside its SLA, both
    on one dashboard, gave way to a pair read from two papers and three; the widest first)."""
    tasks = []
    for big, small in fresh_first(graph, exceed_pairs(graph)):
        if len(tasks) >= among:
            break
        task = exceed_task(graph, big, small)
        if task is not None:
            tasks.append(task)
    deep = sorted(tasks, key=lambda t: -len(t.needs.files))  # stable: the most telling first among equals
    return [t for t in tasks if t in deep[:limit]]


def another_figure(graph: Graph, gap: Quantity, big: LedgerFact, small: LedgerFact) -> bool:
    """Whether a gap the room writes is the figure of another fact worked from neither side (the deductions' excess
    over their cap, USD 12,000, is the deduction per quarter): the room writes that fact, not the gap, and the lint
    reads each place it stands (task_metrics.another_facts_figure); lift maintenance lost its one exceedance so."""
    return any(f.id not in (big.id, small.id) and graph.quantities.get(f.id) is not None
               and shown(graph.quantities[f.id]) == shown(gap) and not {big.id, small.id} & _closure(graph, f.id)
               for f in graph.world.plan.facts)


def difference(graph: Graph, big: LedgerFact, small: LedgerFact) -> Quantity:
    """The amount by which one figure exceeds another (percentage points for percents)."""
    qa, qb = graph.quantities[big.id], graph.quantities[small.id]
    return with_unit(graph, big.id, Quantity(qa.kind, qa.amount - qb.amount, qa.currency, qa.unit or qb.unit))


def exceed_task(graph: Graph, big: LedgerFact, small: LedgerFact, deliver: str = "answer",
                big_first: bool | None = None) -> Task | None:
    """Ask whether `big` exceeds `small` (asked the other way round half the time), graded on direction and gap."""
    world = graph.world
    gap = difference(graph, big, small)
    if in_room(graph, gap) and ledger_gap(graph, big, small) is None and not another_figure(graph, gap, big, small):
        return None
    inputs = list(dict.fromkeys(x for f in (big, small) if f.formula for x in _leaves(graph, f.id)
                                if graph.quantities.get(x) is not None))[:6]
    found = primary_cover(graph, [big.id, small.id, *inputs])
    if found is None:
        return None
    files, apps = found
    flip = (len(big.id) + len(small.id)) % 2 if big_first is None else not big_first
    first, second = (small, big) if flip else (big, small)
    unit = " percentage points" if gap.kind == "percent" else ""
    gap_text = shown(gap).rstrip("%") + unit if gap.kind == "percent" else shown(gap)
    bw, sw = _content_words(label_of(big)), _content_words(label_of(small))
    figure_check = dict(values=[gap_text], numbers=[_num(gap)],
                        unit=None if gap.kind == "percent" else gap.currency or gap.unit)
    criteria = [
        Criterion(id="direction", weight=2.0, description=f"says {the(big)} ({big.text}) exceeds {the(small)} ({small.text})",
                  check=Check(type="answer_direction", a_words=bw, b_words=sw, expect="a>b",
                              values=["yes" if first is big else "no"])),
        Criterion(id="states_gap", weight=2.0, description=f"gives the gap: {gap_text}",
                  check=Check(type="answer_final", allowed=[_num(graph.quantities[x]) for x in (big.id, small.id, *inputs)],
                              **figure_check)),  # the gap, larger less smaller: no minus (below)
        Criterion(id="states_larger", weight=1.0, description=f"states {the(big)}: {big.text}",
                  check=Check(type="answer_mentions", **value_check(graph.quantities[big.id], big.text))),
        Criterion(id="states_smaller", weight=1.0, description=f"states {the(small)}: {small.text}",
                  check=Check(type="answer_mentions", **value_check(graph.quantities[small.id], small.text))),
    ]
    # An input is shown by its own figure or by a step of the working it feeds ('net QoE adjustments GBP 1,400,000'
    # for its three parts: the figures the revised value follows from); the side of a greater-of or lesser-of that
    # does not govern is no input (kit7: right memos that gave the governing side and the steps scored 0.84-0.97).
    working: dict[str, tuple[str, ...]] = {}
    for f in (big, small):
        for leaf, steps in working_inputs(graph, f.id).items():
            working.setdefault(leaf, steps)
    criteria += [Criterion(id=f"input_{x}", weight=0.5, description=f"shows the input {the(graph.fact(x))}: "
                                                                   f"{graph.fact(x).text}, or a step it feeds",
                           check=Check(type="answer_states_any", **_shown_by(graph, x, working[x])))
                 for x in inputs if x in working]
    negatives = [Criterion(id="wrong_direction", weight=2.0, description=f"says {the(small)} exceeds {the(big)}",
                           check=Check(type="answer_direction", a_words=sw, b_words=bw, expect="a>b", any_reading=True))]
    yes = first is big
    negatives.append(Criterion(id="wrong_conclusion", weight=2.0,
                               description=f"answers the question {'no' if yes else 'yes'} in so many words",
                               check=Check(type="answer_conclusion", expect="no" if yes else "yes",
                                           a_words=["yes"], b_words=["no"])))
    negatives += _distractor_negatives(graph, [big.id, small.id], "answer_asserts")
    negatives += swap_negatives(graph, [big.id, small.id, *inputs])
    loser = _not_deciding(graph, big, small)
    if loser is not None:
        winner = small if loser is big else big
        negatives.append(Criterion(
            id="loser_binds", weight=3.0,
            description=f"says {the(loser)} governs, applies or binds, where {the(winner)} decides",
            check=Check(type="answer_governs", a_words=_content_words(label_of(loser)),
                        b_words=_content_words(label_of(winner)), values=["actual"])))
    negatives.append(Criterion(id="defers", weight=2.0, description="hands the check back: asks others to confirm the "
                                                                    "figures, or answers only if they hold",
                               check=Check(type="answer_defers")))
    sentence = (f"{the(big, capital=True)} ({big.text}) {_verb(big, 'exceeds')} {the(small)} ({small.text}) by "
                f"{gap_text}.")
    if inputs:
        sentence += " " + " ".join(f"{the(graph.fact(x), capital=True)}: {graph.fact(x).text}." for x in inputs)
    shows = ", and the figures each follows from" if inputs else ""
    # (asked 'does the smaller exceed the larger, and by how much', the task took '-USD 82,337.50' for the gap, which
    # s24's blind red team failed: a gap is the larger less the smaller, and a question the other way round asks for it)
    asked = "and by how much?" if first is big else "and what is the gap between them?"
    question = (f"does {the(first)} exceed {the(second)} on the figures the data room now holds, {asked} "
                f"State both figures{shows} and the gap")
    base = dict(world_id=world.world_id, needs=Needs(files=files, facts=[big.id, small.id, *inputs], apps=apps),
                reference=_inputs_reference(sentence, [big.id, small.id, *inputs]))
    if deliver == "answer":
        task = Task(id=f"exceed-{big.id}-{small.id}", kind="exceed", tags=["judgement", "multi_hop"],
                    instruction=f"In the data room of {world.plan.title}, {question}. {_ask()}",
                    rubric=Rubric(criteria=criteria, negative_criteria=negatives, universal_penalties=universal(graph)),
                    solution=Solution(answer=f"{'Yes' if first is big else 'No'}. {sentence}\nAnswer: {gap_text}"),
                    **base)
        if in_room(graph, gap) and ledger_gap(graph, big, small) is None:
            # asked because the room's figure may be another fact's (another_figure): where a file writes it as the
            # gap all the same, it is a lookup, and it must not take an exceedance's place (aircraft redelivery lost
            # its one exceedance to a pair the lint then refused)
            # (read as the lint reads it: asked as a form, whose field names are labels of the prompt too)
            from worldsmith.environments.forms import formalise
            from worldsmith.environments.task_metrics import grep_solvable

            return None if grep_solvable(formalise(task, world), world) else task
        return task
    return None


def deciding_sides(world) -> list[tuple[LedgerFact, LedgerFact]]:
    """For each lesser-of or greater-of of two facts in the ledger, (the side that decides its figure on the figures as
    they are, the side that does not); a pair of equal figures decides nothing. Read once per world."""
    cached = world.__dict__.get("_deciding_sides")
    if cached is not None:
        return cached
    cached = []
    for f in world.plan.facts:
        tree = parse_formula(f.formula) if getattr(f, "formula", None) else None
        if not (isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name) and tree.func.id in ("max", "min")
                and len(tree.args) == 2 and all(isinstance(x, ast.Name) and x.id in world.facts for x in tree.args)):
            continue
        a, b = (world.facts[x.id] for x in tree.args)
        na, nb = number_of(a.value), number_of(b.value)
        if na is None or nb is None or na == nb:
            continue
        cached.append((a, b) if (na > nb) == (tree.func.id == "max") else (b, a))
    world.__dict__["_deciding_sides"] = cached
    return cached


def _not_deciding(graph: Graph, a: LedgerFact, b: LedgerFact) -> LedgerFact | None:
    """Of two facts that are the two sides of a lesser-of or greater-of in the ledger, the one that does not decide
    its figure; None where no formula weighs the two."""
    return next((lose for win, lose in deciding_sides(graph.world) if {win.id, lose.id} == {a.id, b.id}), None)


def memo_parts(graph: Graph, pairs: list[tuple[LedgerFact, LedgerFact]], among: int = 4) -> list[Task]:
    """A memo's questions: the most telling exceedance, and of the next few the one whose figures widen the files
    (then apps) the memo needs most, so the memo draws the matter together rather than reading one sheet twice."""
    asked = [t for t in (exceed_task(graph, b, s_) for b, s_ in pairs[:among]) if t is not None]
    if len(asked) < 2:
        return asked
    first = asked[0]
    unit = _unit_of(graph, first)
    # One unit per memo: its ledger check reads amounts in the first question's currency.
    asked = [first] + [t for t in asked[1:] if _unit_of(graph, t) == unit]
    if len(asked) < 2:
        return asked

    def reach(t: Task) -> tuple[int, int]:
        found = cover(graph, list(dict.fromkeys(first.needs.facts + t.needs.facts)))
        return (len(found[0]), len(found[1])) if found else (0, 0)

    # max() keeps the first of equals: the more telling pair where the files do not tell them apart.
    return [first, max(asked[1:], key=reach)]


def what_if_memo(graph: Graph, asked: list[Task]) -> Task | None:
    """Where no two figures are weighed (no cap, no threshold, no second position: a service-charge or an assessment
    matter), the memo answers a what-if the other tasks do not ask: the figure worked again with one input changed,
    from papers in two files or more. Such outlines made no deliverable at all (service charge: 3 tasks, none a memo)."""
    done = {(t.needs.facts[-1], t.needs.facts[-2]) for t in asked}
    for n_files, _, _, top_id, leaf, changed, result, chain, needed, files, apps in what_if_candidates(graph):
        if len(files) >= 2 and (top_id, leaf) not in done:
            memo = memo_task(graph, [_what_if_task(graph, top_id, leaf, changed, result, chain, needed, files, apps)])
            # made after graph_tasks, so guarded here with the negatives every task carries (the attack suite's side
            # statements, a redated deadline or a disowned memo, scored 1.0 on the hospital's memo without them)
            return _guarded(graph, memo) if memo is not None else None
    return None


def _unit_of(graph: Graph, task: Task) -> tuple:
    q = graph.quantities[task.needs.facts[0]]
    return q.kind, q.currency, q.unit


def _label_numbers(graph: Graph) -> set[float]:
    """The numbers a fact's label carries ('60-day refund deadline', 'Clause 41.3 cap'): naming the fact states no
    figure (attack suite: a memo naming the 60-day refund deadline lost 0.15 as an unledgered 60)."""
    return {float(n) for f in graph.world.plan.facts for n in re.findall(r"\d+(?:\.\d+)?", label_of(f))}


def memo_task(graph: Graph, parts: list[Task]) -> Task | None:
    """A deliverable: a memo to the lead of the home side answering one or more exceedance questions, on the drive."""
    world = graph.world
    facts = list(dict.fromkeys(f for t in parts for f in t.needs.facts))
    home = [p for p in world.plan.people if p.organisation == world.plan.organisations[0].id]
    docs = [a for a in world.artifacts_of("document") if set(facts) & set(a.facts)]
    found = primary_cover(graph, facts)
    if not home or not docs or found is None:
        return None
    lead, author = home[0], (home[1] if len(home) > 1 else home[0])
    folder = str(PurePosixPath(docs[0].path).parent)
    first = graph.fact(parts[0].needs.facts[0])
    name = (f"Memo - {label_of(first)} and related figures.docx" if len(parts) > 1
            else f"Memo - {label_of(first)} against {label_of(graph.fact(parts[0].needs.facts[1]))}.docx")
    if parts[0].kind == "what_if":  # its facts end with the input changed and the figure worked again
        first, leaf = graph.fact(parts[0].needs.facts[-1]), graph.fact(parts[0].needs.facts[-2])
        name = f"Memo - {label_of(first)} on another {label_of(leaf)}.docx"
    path = f"{folder}/{name.replace('/', '-')}"
    every = sorted({n for t in parts for c in t.rubric.criteria for n in c.check.numbers if n is not None})
    on_file, bad = [], []
    # a yes or no, and the way round a comparison goes, are read in the part of the memo about each question alone
    # (red team: with two questions answered 'Yes', a second 'No.' was never read, the whole memo's first answer
    # standing for both; kit7: a memo answering 'Yes' to one and 'No' to the other failed both)
    every_label = [label_of(graph.fact(f)) for o in parts for f in o.needs.facts[:2]]
    for i, t in enumerate(parts, 1):
        question = {"question": every_label, "question_no": i} if len(parts) > 1 else {}
        for c in t.rubric.criteria:
            allowed = sorted(set(c.check.allowed) | set(every)) if c.check.type == "answer_final" else c.check.allowed
            own = question if c.check.type.endswith("_direction") else {}
            on_file.append(c.model_copy(update={"id": f"memo{i}_{c.id}", "check": c.check.model_copy(update={
                "type": moved(c.check.type, "file"), "path": path, "allowed": allowed, **own})}))
        big, small = (graph.fact(f) for f in t.needs.facts[:2])
        for c in t.rubric.negative_criteria:
            own = question if c.check.type.endswith(("_conclusion", "_direction")) else {}
            bad.append(c.model_copy(update={"id": f"memo{i}_{c.id}", "check": c.check.model_copy(update={
                "type": moved(c.check.type, "file"), "path": path, **own})}))
        gap = next((c.check for c in t.rubric.criteria if c.id == "states_gap"), None)
        others = [o for j, o in enumerate(parts, 1) if j != i]
        # (a gap equal to this question's own is no other answer: two questions may share a figure and a gap)
        other_gaps = [c.check for o in others for c in o.rubric.criteria if c.id == "states_gap"
                      and not (gap is not None and c.check.numbers[:1] == gap.numbers[:1])]
        if gap is not None and other_gaps:
            # the answer to one question given under another: the two gaps swapped between Q1 and Q2
            bad.append(Criterion(id=f"memo{i}_gap_of_another_question", weight=3.0,
                                 description=f"gives another question's gap as the gap between {the(big)} and "
                                             f"{the(small)}",
                                 check=Check(type="file_crossed", path=path, values=[g.values[0] for g in other_gaps],
                                             numbers=[g.numbers[0] for g in other_gaps],
                                             a_words=_content_words(label_of(big)),
                                             b_words=_content_words(label_of(small)), unit=gap.unit)))
    on_file.append(Criterion(id="memo_block", weight=1.0,
                             description=f"the memo has its block: To {lead.name}, From, Date and Re lines",
                             check=Check(type="file_memo_block", path=path, values=[memo_name(world.plan.people, lead)],
                                         a_words=[memo_name(world.plan.people, author)] if author is not lead else [],
                                         b_words=[world.plan.window_start.isoformat(),
                                                  (world.plan.window_end + dt.timedelta(days=62)).isoformat()])))
    ledger_figures = [_num(q) for q in graph.quantities.values() if q is not None]
    # a what-if's own figures are the task's: the supposed input, each step worked again and what it moves by
    # (blind red team kit29a: six right memos lost the unledgered penalty for 'a goodwill of BRL 96,000,000', the
    # supposition the prompt gave them)
    ledger_figures += [a for t in parts for c in t.rubric.criteria if c.check.type == "answer_final"
                       for a in c.check.allowed]
    currency = graph.quantities[first.id].currency or fact_unit(graph, first.id)
    bad.append(Criterion(id="memo_unledgered_figure", weight=2.0,
                         description="the memo states an amount the ledger does not hold and the task does not derive",
                         check=Check(type="file_unledgered", path=path,
                                     allowed=sorted(set(ledger_figures) | set(every) | _label_numbers(graph)),
                                     unit=currency)))
    today = world.plan.window_end
    body = "\n\n".join(t.solution.answer.split("\nAnswer:")[0] for t in parts)
    text = (f"# Memorandum\n\nTo: {lead.name}\nFrom: {author.name}\nDate: {today:%B} {today.day}, {today.year}\n"
            f"Re: {name[7:-5]}\n\n{body}\n")
    # (the question follows the matter's title, which may hold a comma of its own: lift-maintenance at seed 97 asked
    # for a memo 'answering: Ashgrove Estates v. Vertiline Lifts, suppose the quarterly maintenance fee were ...')
    lead_in = f"In the data room of {world.plan.title}, "
    questions = [(t.instruction[len(lead_in):] if t.instruction.startswith(lead_in) else t.instruction.split(", ", 1)[1])
                 .split(". Give your final")[0] for t in parts]
    asked = questions[0] if len(questions) == 1 else " ".join(f"({i}) {q}" for i, q in enumerate(questions, 1))
    return Task(
        id="memo-" + "-".join(f for t in parts for f in t.needs.facts[:2]), world_id=world.world_id, kind="memo",
        tags=["deliverable", "judgement", "multi_hop"],
        instruction=(f"In the data room of {world.plan.title}, write a short memo from {author.name} to {lead.name} "
                     f"answering: {asked}. File it on the drive as \"{path}\" (a Word document: write it as "
                     f"Markdown to drive_create_document), with a memo block (To, From, Date, Re lines), and make no "
                     f"other new files."),
        needs=Needs(files=found[0], facts=facts, apps=sorted({"drive", *found[1]})),
        reference=_inputs_reference(text, facts),
        rubric=Rubric(criteria=on_file, negative_criteria=bad, universal_penalties=universal(graph, [path])),
        solution=Solution(actions=[Action(tool="drive_create_document", args={"path": path, "text": text})]))


_NOW_WORDS = ["now", "currently", "current", "today", "presently", "governing", "latest"]
_THEN_WORDS = ["given", "told", "received", "had been", "was given", "then"]


def given_by(world: World, message, org_of: dict[str, str]) -> set[str]:
    """The organisations a mail gives what it says to: its recipients', less the home side and the sender's own (the
    organisation that sends a figure was not given it: aircraft-redelivery at seed 0, the consultants' mail of their
    own interim audit's cost made the as-of key ask what they 'had been given' by then; issue 16)."""
    sender = org_of.get(message.sender)
    return {o for o in (org_of.get(a) for a in (*message.to, *message.cc))
            if o and o != world.plan.organisations[0].id and o != sender}


def as_of_tasks(graph: Graph) -> list[Task]:
    """What had <organisation> been told a figure was, by a day before its current value: the earlier value."""
    world, tasks = graph.world, []
    org_of = {p.email: p.organisation for p in world.plan.people}
    names = {o.id: o.name for o in world.plan.organisations}
    for fact in world.plan.facts:
        if not fact.earlier or fact.known_from is None:
            continue
        period = fact.earlier[-1]
        # messages carrying the earlier value, and who they reached
        rows = world.db.execute(
            """select a.path, a.kind, cast(a."at" as date), a.message_id from fact_mentions m
               join artifacts a on a.id = m.artifact_id where m.fact_id = ? and m.found and m.distractor is null
               and m.expected = ? and a.kind = 'email' order by a."at", a.path""", [fact.id, period.text]).fetchall()
        reached: dict[str, tuple[str, dt.date]] = {}
        for path, _, day, mid in rows:
            for m in (m for m in world.messages if m.message_id == mid):
                for org in sorted(given_by(world, m, org_of) - set(reached)):
                    reached[org] = (path, day)
        if not reached:
            continue
        org, (path, day) = sorted(reached.items(), key=lambda kv: (kv[1][1], kv[0]))[0]
        ask = min(fact.known_from - dt.timedelta(days=1), day + dt.timedelta(days=3))
        if ask < day:
            continue
        q_then, q_now = quantity_of(period.value), graph.quantities.get(fact.id)
        if q_then is None:
            continue
        when = f"{ask:%B} {ask.day}, {ask.year}"
        found = cover(graph, [fact.id])
        files = sorted({path, *(found[0] if found else [])})
        apps = sorted({"mail", *(found[1] if found else [])})
        if q_now is None:
            continue
        move = Quantity(q_now.kind, abs(q_now.amount - q_then.amount), q_now.currency, q_now.unit)
        if in_room(graph, move):
            continue
        criteria = [Criterion(id="movement", weight=2.0,
                              description=f"gives how far the figure has moved since: {shown(move)}",
                              check=Check(type="answer_final", allowed=[_num(q_then), _num(q_now)], **value_check(move),
                                          expect="down" if q_now.amount < q_then.amount else None)),
                    Criterion(id="states_value_then", weight=2.0,
                              description=f"gives {period.text}, the figure {names[org]} had on {when}",
                              check=Check(type="answer_mentions", **value_check(q_then, period.text))),
                    Criterion(id="states_value_now", weight=1.0, description=f"gives {fact.text}, the figure now",
                              check=Check(type="answer_mentions", **value_check(q_now, fact.text)))]
        negatives = [
            Criterion(id="then_as_now", weight=3.0, description=f"gives {period.text}, the figure then, as the figure now",
                      check=Check(type="answer_bound", a_words=_NOW_WORDS, **value_check(q_then, period.text))),
            Criterion(id="now_as_then", weight=3.0, description=f"gives {fact.text}, the figure now, as the one given then",
                      check=Check(type="answer_bound", a_words=_THEN_WORDS, **value_check(q_now, fact.text)))]
        negatives += _distractor_negatives(graph, [fact.id], "answer_asserts")
        negatives.append(_move_direction(move, q_now.amount >= q_then.amount))
        answer = (f"By {when}, {names[org]} had been given {the(fact)} as {period.text}. It now stands at {fact.text}, "
                  f"a move of {shown(move)}.\nAnswer: {shown(move)}")
        tasks.append(Task(
            id=f"asof-{fact.id}-{org}", world_id=world.world_id, kind="as_of", tags=["as_of"],
            instruction=(f"In the data room of {world.plan.title}, what figure for {the(fact)} had {names[org]} been "
                         f"given by {when}, what is it now, and how far has it moved since (your final figure)? {_ask()}"),
            needs=Needs(files=files, facts=[fact.id], apps=apps),
            reference=Reference(answer=answer, sql="""select distinct m.expected from fact_mentions m join artifacts a
                on a.id = m.artifact_id where m.fact_id = ? and a.path = ? and m.found and m.distractor is null""",
                                params=[fact.id, path], expect=[[period.text]]),
            rubric=Rubric(criteria=criteria, negative_criteria=negatives, universal_penalties=universal(graph)),
            solution=Solution(answer=answer)))
    return tasks


def reconcile_tasks(graph: Graph) -> list[Task]:
    """A figure the room gives more than once: which governs now, and what each other figure was and why it fell."""
    world, tasks = graph.world, []
    for fact in world.plan.facts:
        q_now = graph.quantities.get(fact.id)
        rivals_ = [(d.text, quantity_of(d.value), short_label(d.label), d.id) for d in world.plan.distractors
                   if d.fact == fact.id]
        rivals_ += [(p.text, quantity_of(p.value), f"the figure from {p.since:%B} {p.since.day}, {p.since.year}",
                     f"earlier_{p.since.isoformat()}") for p in fact.earlier]
        rivals_ = [r for r in rivals_ if r[1] is not None]
        if q_now is None or not rivals_:
            continue
        rows = world.db.execute(
            """select distinct a.path, a.kind, m.distractor, m.expected from fact_mentions m join artifacts a
               on a.id = m.artifact_id where m.fact_id = ? and m.found""", [fact.id]).fetchall()
        carriers = {}
        for path, kind, distractor, expected in rows:
            key = distractor or expected
            carriers.setdefault(key, []).append((path, kind))
        keys = [fact.text] + [r[3] if r[3] in carriers else r[0] for r in rivals_]
        if any(k not in carriers for k in keys):
            continue
        files = sorted({min(carriers[k])[0] for k in keys})
        apps = sorted({app_of(dict(carriers[k])[min(carriers[k])[0]]) for k in keys})
        # A derived figure that governs is shown with the figures it is worked from, read where they stand now (not
        # in the superseded draft beside it): which figure governs is judged by its working, not by which paper is
        # latest (hospital: the extrapolation of USD 4,813,776 from the sample overpayment, sample and population).
        working = working_inputs(graph, fact.id)
        inputs = [x for x in working if graph.quantities.get(x) is not None][:6]
        drafts = {a.path for a in world.plan.artifacts if a.distractor is not None}
        # each read where it is set, as a what-if reads its inputs (primary_cover), not off a working that restates
        # them all beside the result (bonus cap at seed 61: the cap working and the superseded letter, two files); never
        # in a superseded draft
        clean = Graph(world, {f: [(p, k) for p, k in held if p not in drafts] for f, held in graph.carriers.items()},
                      graph.quantities, graph.twins)
        found = primary_cover(clean, [fact.id, *inputs]) if inputs else None
        if found is not None:
            files = sorted({*(min(carriers[k])[0] for k in keys[1:]), *found[0]})
            apps = sorted({*(app_of(dict(carriers[k])[min(carriers[k])[0]]) for k in keys[1:]), *found[1]})
        else:
            inputs = []
        latest = rivals_[-1] if fact.earlier else rivals_[0]
        move = Quantity(q_now.kind, abs(q_now.amount - latest[1].amount), q_now.currency, q_now.unit)
        if in_room(graph, move):
            continue
        # Why a superseded figure fell, where the ledger can say: it was worked from an input's superseded figure.
        bases = [(r, b) for r in rivals_ if (b := built_on(graph, fact, r[1])) is not None]
        for _, (d, _input, path, kind) in bases:
            files, apps = sorted({*files, path}), sorted({*apps, app_of(kind)})
        allowed = [_num(q_now)] + [_num(r[1]) for r in rivals_] + [_num(quantity_of(d.value)) for _, (d, *_) in bases]
        allowed += [_num(graph.quantities[x]) for x in inputs]
        criteria = [Criterion(id="movement", weight=2.0,
                              description=f"gives how far {the(fact)} moved from {latest[0]} to {fact.text}: {shown(move)}",
                              check=Check(type="answer_final", allowed=allowed, **value_check(move),
                                          expect="down" if q_now.amount < latest[1].amount else None)),
                    Criterion(id="governing_figure", weight=2.0, description=f"states {fact.text} as the figure that governs now",
                              check=Check(type="answer_mentions", **value_check(q_now, fact.text)))]
        criteria += [Criterion(id=f"input_{x}", weight=0.5, description=f"shows the input {the(graph.fact(x))}: "
                                                                       f"{graph.fact(x).text}, or a step it feeds",
                               check=Check(type="answer_states_any", **_shown_by(graph, x, working[x])))
                     for x in inputs]
        criteria += [Criterion(id=f"names_{r[3]}", weight=1.0,
                               description=f"names {r[0]} ({r[2]}) and sets it aside",
                               check=Check(type="answer_mentions_set_aside", **value_check(r[1], r[0])))
                     for r in rivals_]
        negatives = [Criterion(id=f"relies_on_{r[3]}", weight=2.0, description=f"relies on {r[0]} as the current figure",
                               check=Check(type="answer_asserts_current", **value_check(r[1], r[0])))
                     for r in rivals_]
        negatives.append(_move_direction(move, q_now.amount >= latest[1].amount))
        # each superseded figure dated by another paper's day (the drafts' dates swapped, a day made up)
        days = {d.id: _days_in(d.label) for d in world.plan.distractors}
        days |= {f"earlier_{p.since.isoformat()}": [p.since.isoformat()] for p in fact.earlier}
        dated = [(r[0], r[1], r[3]) for r in rivals_] + [(d.text, quantity_of(d.value), d.id) for _, (d, *_) in bases]
        negatives += [Criterion(id=f"misdates_{rid}", weight=2.0, description=f"dates {text} by a paper of another day",
                                check=Check(type="answer_misdated", b_words=days[rid], **value_check(q, text)))
                      for text, q, rid in dated if days.get(rid)]
        for r, (d, inp, _, _) in bases:
            q_d = quantity_of(d.value)
            criteria.append(Criterion(
                id=f"traces_{d.id}", weight=1.0,
                description=f"says {r[0]} was worked from {d.text}, {short_label(d.label)} of {the(inp)}, now {inp.text}",
                check=Check(type="answer_mentions_set_aside", **value_check(q_d, d.text))))
            negatives.append(Criterion(id=f"relies_on_{d.id}", weight=2.0,
                                       description=f"relies on {d.text} as {the(inp)} now",
                                       check=Check(type="answer_asserts_current", **value_check(q_d, d.text))))
        why = {r[3]: f" It was worked from the earlier {d.text} ({short_label(d.label)}) for {the(inp)}, which is "
                     f"superseded. {the(inp, capital=True)} now stands at {inp.text}." for r, (d, inp, _, _) in bases}
        worked = (" It is worked from " + "; ".join(f"{the(graph.fact(x))}, {graph.fact(x).text}" for x in inputs)
                  + "." if inputs else "")
        answer = (f"{the(fact, capital=True)} that governs now is {fact.text}.{worked} "
                  + " ".join(f"The earlier {r[0]} ({r[2]}) is superseded.{why.get(r[3], '')}" for r in rivals_)
                  + f" The move between the two is {shown(move)}."
                  + f"\nAnswer: {shown(move)}")
        tasks.append(Task(
            id=f"reconcile-{fact.id}", world_id=world.world_id, kind="reconcile", tags=["judgement", "multi_hop"],
            instruction=(f"In the data room of {world.plan.title}, {the(fact)} appears with more than one figure. "
                         f"Which figure governs now{', and what figures is it worked from' if inputs else ''}? "
                         f"Name each other figure the room gives for it, say what it was "
                         f"and why it no longer applies, and how far the figure moved from the last superseded one to the one that "
                         f"governs (your final figure). {_ask()}"),
            needs=Needs(files=files, facts=[fact.id, *inputs], apps=apps),
            reference=Reference(answer=answer, sql="""select count(distinct coalesce(m.distractor, m.expected))
                from fact_mentions m where m.fact_id = ? and m.found""", params=[fact.id], expect=[[float(len(keys))]]),
            rubric=Rubric(criteria=criteria, negative_criteria=negatives, universal_penalties=universal(graph)),
            solution=Solution(answer=answer)))
    return tasks


def _days_in(label: str) -> list[str]:
    """The days a label names ('superseded draft v1 of March 2, 2026'), as ISO dates."""
    return sorted({d.isoformat() for m in answers.parse(label).mentions if m.kind == "date" for d in m.dates})


def built_on(graph: Graph, fact: LedgerFact, figure: Quantity):
    """(distractor, input fact, a file carrying it, its kind) when a superseded figure of a derived fact is what its
    formula gives with one input at that input's own superseded figure (a valuation run on the draft QoE's EBITDA)."""
    if not fact.formula:
        return None
    for d in graph.world.plan.distractors:
        q_d = quantity_of(d.value)
        if q_d is None or d.fact == fact.id or d.fact not in _leaves(graph, fact.id) + references(fact.formula):
            continue
        try:
            q = what_if_values(graph, d.fact, q_d).get(fact.id)
        except LedgerError:
            continue
        if q is None or shown(q) != shown(figure):
            continue
        held = graph.world.db.execute(
            """select a.path, a.kind from fact_mentions m join artifacts a on a.id = m.artifact_id
               where m.fact_id = ? and m.distractor = ? and m.found order by a.path limit 1""", [d.fact, d.id]).fetchone()
        if held:
            return d, graph.fact(d.fact), held[0], held[1]
    return None


_APPEARED_WORDS = ["first appears", "first appeared", "first appear", "first seen", "first shows", "first showed",
                   "first surfaced", "first surfaces"]
_RECEIVED_WORDS = ["first received", "first receives", "first got", "first given", "was first sent", "first had it"]


def memo_name(people: list, person) -> str:
    """How a memo block's To or From line must name a person: the surname, or the full name where another of the
    cast has that surname (blind red team kit30b: writer and addressee both 강, so a memo with To and From swapped
    kept its block)."""
    if any(p.id != person.id and p.last_name == person.last_name for p in people):
        return person.name
    return person.last_name


def first_told_tasks(graph: Graph, limit: int = 2) -> list[Task]:
    """When did the client first receive a figure, from whom, and how many days after it first appeared in the room:
    of the figures that make one, those whose first mail and first appearance take the most files to find."""
    made = _first_told(graph)
    return sorted(made, key=lambda t: -len(t.needs.files))[:limit]


def told_clients(organisations: list) -> set[str]:
    """The client organisations a first-told task asks after: the client itself, not the advisers of its circle (the
    tenant's own surveyors sending their report to the tenant is the tenant receiving it; kit12's reference skipped
    Pennock Strand's mail of March 3 to Marwick, a privileged adviser's, and gave the firm's of March 9)."""
    from worldsmith.generators.sides import principal  # who acts for whom, read from the roles as the plan was made

    home = organisations[0].id
    circle = {o.id for o in organisations if o.privileged and o.id != home}
    return {o for o in circle if principal(organisations, o) == o} or circle


def _first_in_texts(graph: Graph, fact: LedgerFact) -> list[tuple]:
    """The first file whose text says the fact at its current value as that fact, where no planned mention is: a step
    of someone's working ('29,400 units x JPY 2,800 = ...') shows it too (blind red team kit29b: the key counted from a
    later planned mention, and right answers scored 0.67). As that fact (`tells`): beside its label's words, or as a
    figure no other fact has had; the same sum given for another thing is no first appearance of this one
    (bonus-cap-dispute at seed 0: 'the bonus cap: USD 46,500' in a chat of May 12 dated the bonus payable's, 29 days
    instead of 8; issue 16, blind red teams: a value match counted as the first mention)."""
    figure = fact.text
    for row in graph.world.db.execute("""select a.path, a.kind, a."at", a.message_id, t.text from artifact_text t
                                         join artifacts a on a.id = t.artifact_id where contains(t.text, ?)
                                         order by a."at", a.path""", [figure]).fetchall():
        if tells(graph, row[4], fact):
            return [row[:4]]
    return []


def _first_told(graph: Graph) -> list[Task]:
    import zoneinfo

    world, tasks = graph.world, []
    tz = zoneinfo.ZoneInfo(world.plan.timezone)
    home = world.plan.organisations[0].id
    org_of = {p.email: p.organisation for p in world.plan.people}
    name_of = {p.email: p.name for p in world.plan.people}
    client_orgs = told_clients(world.plan.organisations)
    orgs = {o.id: o.name for o in world.plan.organisations}
    for fact in world.plan.facts:
        q = graph.quantities.get(fact.id)
        if q is None or q.kind != "money":
            continue
        if not fact.formula and not fact.earlier and fact.known_from <= world.plan.window_start:
            continue  # a standing term the client holds already (its own policy's limit), not news it was told
        rows = world.db.execute(
            """select a.path, a.kind, a."at", a.message_id from fact_mentions m join artifacts a on a.id = m.artifact_id
               where m.fact_id = ? and m.found and m.distractor is null and m.expected = ? order by a."at", a.path""",
            [fact.id, fact.text]).fetchall()
        if not rows:
            continue
        first_path, first_kind, first_at, _ = min([rows[0], *_first_in_texts(graph, fact)], key=lambda r: r[2])
        # The first mail to the client that carries the figure, in its text or in a file it attaches.
        # "when did the client first receive it": a copy from anyone counts (kit7: Northmoor's mail of March 5 that
        # copied Ostrander with the cap was missed, and the reference gave our own later mail)
        sent = first_sent(graph, fact, client_orgs, from_home=False)
        if sent is None or sent[1] == first_path:
            continue
        m, path, carrier = sent
        at = m.sent_at
        day0, day1 = first_at.astimezone(tz).date(), at.astimezone(tz).date()
        lag = (day1 - day0).days
        if lag < 1:
            continue
        client = orgs[next(org_of[x] for x in (*m.to, *m.cc) if org_of.get(x) in client_orgs)]
        when = f"{day1:%B} {day1.day}, {day1.year}"
        files = sorted({first_path, path, carrier})
        shown_in = sorted({first_path, carrier})  # the files whose text holds the figure (the mail, or its attachment)
        apps = sorted({app_of(first_kind), "mail"})
        sender = name_of.get(m.sender, m.sender)
        lag_text = f"{lag} days"
        criteria = [
            Criterion(id="lag", weight=2.0, description=f"gives the lag: {lag_text}",
                      check=Check(type="answer_final", values=[lag_text], numbers=[float(lag)], unit="days",
                                  allowed=[float(day1.day), float(day0.day), float(day1.year)])),
            Criterion(id="date_told", weight=2.0, description=f"gives the day the client first received it: {when}",
                      check=Check(type="answer_mentions", values=[when])),
            Criterion(id="sender", weight=1.0, description=f"names who sent it: {sender}",
                      check=Check(type="answer_mentions_any", values=sender_names(world, sender))),
            Criterion(id="figure", weight=1.0, description=f"states the figure: {fact.text}",
                      check=Check(type="answer_mentions", **value_check(q, fact.text))),
        ]
        negatives = _distractor_negatives(graph, [fact.id], "answer_asserts")
        # the client named as the one who sent it, or the sender put in another firm (kit11: 'first sent by Tessaline
        # Logistics, Inc. to Jordan Becker', 'from Jordan Becker of Harcastle Bryce LLP' beside the right days: 1.0)
        client_people = [p.name for p in world.plan.people if org_of.get(p.email) in client_orgs]
        client_names = [n for o in sorted(client_orgs) for n in (orgs[o], orgs[o].split()[0].strip(",")) if len(n) > 3]
        wrong = [form.format(x.lower()) for x in [*client_people, *client_names]
                 for form in ("sent by {}", "by {} to", "{} sent", "from {}")]
        sender_org = org_of.get(m.sender)
        wrong += [f"{sender.lower()} of {orgs[o].lower()}" for o in orgs if o != sender_org]
        negatives.append(Criterion(id="denies_sending", weight=2.0,
                                   description="says the figure was not sent, or not received",
                                   check=Check(type="answer_denies_sending")))
        # the figure received from someone else of the matter, or by another party than the one asked after (kit14:
        # '... from Jamie Walker of Marlow Pike LLP' beside the sender named elsewhere; 'Northbank Capital (Theresa
        # Maddox) first received ...' beside the right days, each 1.0)
        client_words = sorted({x.lower() for x in [client, client.split()[0].strip(","), *client_people] if len(x) > 3})
        others = sorted({p.name.lower() for p in world.plan.people if p.name != sender and p.name not in client_people})
        other_orgs = sorted({n.lower() for o, name in orgs.items() if o not in client_orgs
                             for n in (name, name.split()[0].strip(",")) if len(n) > 3} - set(client_words))
        negatives.append(Criterion(id="received_from_another", weight=2.0,
                                   description=f"says the client received it from someone other than {sender}",
                                   check=Check(type="answer_party", a_words=["received", "receive", "was sent", "got it"],
                                               values=others, b_words=[sender.lower()], expect="after")))
        negatives.append(Criterion(id="received_by_another", weight=2.0,
                                   description=f"says someone other than {client} first received it",
                                   check=Check(type="answer_party", a_words=["first received", "first receive",
                                                                             "first got", "first had"],
                                               values=others + other_orgs, b_words=client_words, expect="before")))
        negatives.append(Criterion(id="wrong_sender", weight=2.0,
                                   description=f"names someone other than {sender} of "
                                               f"{orgs.get(sender_org, 'the firm')} as the sender",
                                   check=Check(type="answer_says", values=wrong)))
        if lag > 0:
            # the lag said the wrong way round: the client had it 'days before' the room held it
            negatives.append(Criterion(id="wrong_lag_direction", weight=2.0,
                                       description=f"says the client had it {lag_text} before it appeared",
                                       check=Check(type="answer_move_direction", expect="after", values=[lag_text],
                                                   numbers=[float(lag)], unit="days")))
        if day0 != day1:
            first_seen = f"{day0:%B} {day0.day}, {day0.year}"
            # the two days the other way round: received on the day it first appeared, first appearing when received
            negatives += [
                Criterion(id="told_on_first_day", weight=2.0, description=f"gives {first_seen}, the day it first "
                                                                          "appeared, as the day the client received it",
                          check=Check(type="answer_bound", a_words=["received", "was sent", "was given", "got it"],
                                      values=[first_seen], unit=None)),
                Criterion(id="appeared_on_told_day", weight=2.0, description=f"gives {when}, the day the client "
                                                                             "received it, as the day it first appeared",
                          check=Check(type="answer_bound", a_words=["first appears", "first appeared", "appears in",
                                                                    "appeared in", "first seen", "first shows"],
                                      values=[when], unit=None)),
                # either day given as one the room never had: the first date after the words that name it
                Criterion(id="appeared_misdated", weight=2.0, description=f"gives a day other than {first_seen} as the "
                                                                          "day it first appeared",
                          check=Check(type="answer_misbound", a_words=_APPEARED_WORDS, values=[first_seen], unit=None)),
                Criterion(id="told_misdated", weight=2.0, description=f"gives a day other than {when} as the day the "
                                                                      "client first received it",
                          check=Check(type="answer_misbound", a_words=_RECEIVED_WORDS, values=[when], unit=None))]
        answer = (f"{client} first received {the(fact)} of {fact.text} on {when}, from {sender}. The figure first "
                  f"appears in the room on {day0:%B} {day0.day}, {day0.year}, so the client had it {lag_text} later."
                  f"\nAnswer: {lag_text}")
        tasks.append(Task(
            id=f"told-{fact.id}", world_id=world.world_id, kind="as_of", tags=["as_of", "multi_hop"],
            instruction=(f"In the data room of {world.plan.title}, when did {client} first receive {the(fact)} by email as "
                         f"it now stands, and from whom? State the figure, the day and the sender. How many days after "
                         f"{the(fact)} first appears anywhere in the data room (as that figure, not the same sum given "
                         f"for something else) was that (your final figure, in days)? "
                         # (the rubric asks for the figure: kitA's right answers that gave the day, the sender and the
                         # lag, all the question asked, lost 0.17 on it)
                         f"{_ask()}"),
            needs=Needs(files=files, facts=[fact.id], apps=apps),
            # (a mail whose own new lines state the figure carries it too, as first_sent reads it: a weekly note)
            reference=Reference(answer=answer, sql="""select (select count(*) from fact_mentions m join artifacts a
                on a.id = m.artifact_id where m.fact_id = ? and m.found and a.path in (?, ?)) + (select count(*) from
                emails e where e.path in (?, ?) and contains(e.body_new, ?) and e.path not in (select a.path from
                fact_mentions m join artifacts a on a.id = m.artifact_id where m.fact_id = ? and m.found)) + (select
                count(*) from artifact_text t where t.path in (?, ?) and t.kind <> 'email' and contains(t.text, ?) and
                t.path not in (select a.path from fact_mentions m join artifacts a on a.id = m.artifact_id
                where m.fact_id = ? and m.found))""",
                                params=[fact.id, shown_in[0], shown_in[-1], shown_in[0], shown_in[-1], fact.text,
                                        fact.id, shown_in[0], shown_in[-1], fact.text, fact.id],
                                expect=[[float(len(shown_in))]]),
            rubric=Rubric(criteria=criteria, negative_criteria=negatives, universal_penalties=universal(graph)),
            solution=Solution(answer=answer)))
    return tasks


def _mail_index(graph: Graph):
    """(attachment hashes by mail path, mail path by Message-ID, the messages in sent order), read once per graph."""
    cached = graph.__dict__.get("_mail_index")
    if cached is None:
        world = graph.world
        attached: dict[str, set[str]] = {}
        for path, sha in world.db.execute("select path, sha256 from email_attachments").fetchall():
            attached.setdefault(path, set()).add(sha)
        paths = {mid: path for mid, path in world.db.execute("select message_id, path from emails").fetchall()}
        mail = sorted((m for m in world.messages if m.message_id and m.sent_at), key=lambda m: (m.sent_at, m.message_id))
        cached = graph.__dict__["_mail_index"] = (attached, paths, mail)
    return cached


def states_in_text(body: str, fact: LedgerFact, longer: tuple = ()) -> bool:
    """Whether a mail's own text states the fact at its current value: on one line, its label's words and the figure
    as written, not inside a longer one ('The total claims came in on April 6: USD 174,250,000.' in a weekly note).
    A line that names a longer label of the same figure (`longer`: each its words) states that fact, not this one."""
    words = [w for w in re.findall(r"[a-z0-9']+", label_of(fact).lower()) if w not in _LABEL_STOP]
    figure = re.compile(rf"(?<![\d,.]){re.escape(fact.text)}(?![\d]|[.,]\d)")
    for line in body.splitlines():
        if figure.search(line):
            low = set(re.findall(r"[a-z0-9']+", line.lower()))
            if words and all(w in low for w in words) and not any(all(w in low for w in ws) for ws in longer):
                return True
    return False


def longer_labels(graph: Graph, fact: LedgerFact) -> tuple:
    """The words of every other label that holds this fact's label and has its figure: 'the termination fee payable'
    of 'the termination fee' where the cap does not bind (kit16, a blind red team: the told task's key took a weekly
    update's 'The termination fee payable: USD 4,374,000' as telling the termination fee, first given on May 22)."""
    world = getattr(graph, "world", None)
    if world is None:
        return ()
    mine = {w for w in re.findall(r"[a-z0-9']+", label_of(fact).lower()) if w not in _LABEL_STOP}
    out = []
    for g in world.plan.facts:
        if g.id == fact.id or g.text != fact.text:
            continue
        theirs = {w for w in re.findall(r"[a-z0-9']+", label_of(g).lower()) if w not in _LABEL_STOP}
        if mine and mine < theirs:
            out.append(tuple(sorted(theirs)))
    return tuple(out)


_LABEL_STOP = {"the", "a", "an", "of", "for", "to", "in", "on", "at", "by", "and", "s"}


def _told_index(graph: Graph) -> tuple[dict, dict, dict]:
    """(the texts of every ledger value by how often they are written, the day each fact's current value took hold,
    the drive's text and path of each file by its sha256), read once per graph."""
    cached = graph.__dict__.get("_told_index")
    if cached is None:
        world = graph.world
        written: dict[str, int] = {}
        for (text,) in world.db.execute("select text from fact_values").fetchall():
            written[text] = written.get(text, 0) + 1
        for f in world.plan.facts:
            if not world.db.execute("select 1 from fact_values where fact_id = ?", [f.id]).fetchone():
                written[f.text] = written.get(f.text, 0) + 1
        for d in world.plan.distractors:
            written[d.text] = written.get(d.text, 0) + 1
        since = {fid: day for fid, day in world.db.execute(
            "select fact_id, since from fact_values where until is null").fetchall()}
        texts: dict[str, tuple[str, str]] = {}
        for sha, path, text in world.db.execute(
                """select f.sha256, f.path, t.text from files f join artifact_text t on t.path = f.path
                   where t.kind <> 'email' order by f.path""").fetchall():
            texts.setdefault(sha, (text or "", path))
        cached = graph.__dict__["_told_index"] = (written, since, texts)
    return cached


def tells(graph: Graph, text: str, fact: LedgerFact) -> bool:
    """Whether a text a reader is sent tells them the fact at its current value: it states it beside its label's words
    (states_in_text), or it writes a figure only this fact has ever had, with a unit and three digits or more ('Your
    period of restoration is set at 146 days' in a weekly note whose lines the ledger does not list; 'GBP 38.50 per sq
    ft on 42,800 sq ft' in an attached advice: kit13's and kit12's references gave a later mail)."""
    if not text:
        return False
    if states_in_text(text, fact, longer_labels(graph, fact)):
        return True
    written = _told_index(graph)[0]
    digits = sum(c.isdigit() for c in fact.text)
    plain = re.fullmatch(r"[\d,.]+", fact.text.strip())
    if written.get(fact.text, 0) > 1 or digits < 3 or plain or getattr(fact.value, "type", None) == "date":
        return False
    return bool(re.search(rf"(?<![\d,.]){re.escape(fact.text)}(?![\d]|[.,]\d)", text))


def sender_names(world: World, name: str) -> list[str]:
    """How a letter names a person: in full, by title and surname ('Mr Kelly', 'Ms Yates'), or by a surname no one
    else in the matter has (kitA: right told answers naming 'Mr Kelly' lost the sender criterion)."""
    parts = name.split()
    if len(parts) < 2:
        return [name]
    surname = parts[-1]
    out = [name] + [f"{t} {surname}" for t in ("Mr", "Mr.", "Ms", "Ms.", "Mrs", "Mrs.", "Miss", "Dr", "Dr.")]
    if sum(1 for p in world.plan.people if p.name and p.name.split()[-1].lower() == surname.lower()) == 1:
        out.append(surname)
    return out


def first_sent(graph: Graph, fact: LedgerFact, clients: set[str], from_home: bool = True):
    """(message, its path, the file that carries the figure) of the first mail from the home side (with `from_home`
    False: from anyone outside the `clients` organisations, a guarantor's mail that copies the client too) to one of
    the `clients` organisations that carries the fact at its current value, in its own text (the file is the mail) or
    in a file it attaches; None when no mail does. A mail's own text carries it where the ledger records it or where
    its new lines state it (a weekly note's catch-up lines, which the ledger does not list: kit8's reference gave a
    later mail than the April 8 status note that told the client the total claims)."""
    world = graph.world
    home = world.plan.organisations[0].id
    org_of = {p.email: p.organisation for p in world.plan.people}
    carriers = {path for path, _ in graph.carriers.get(fact.id, [])}
    if not carriers:
        return None
    marks = ", ".join("?" * len(carriers))
    shas = {r[0] for r in world.db.execute(f"select sha256 from files where path in ({marks})", sorted(carriers)).fetchall()}
    attached, paths, mail = _mail_index(graph)
    _, since, texts = _told_index(graph)
    tz = zoneinfo.ZoneInfo(world.plan.timezone)
    # a figure another fact shares is told only where a line says it under this fact's label: kit23 (blind, an unseen
    # CMR outline) keyed 'when was the client first told Kestrel's settlement offer' to a mail the ledger lists as
    # carrying it, whose only GBP 56,765.20 is 'the recovery if the CMR limit applies' (the same sum)
    shared = any(g.id != fact.id and g.text == fact.text for g in world.plan.facts)
    for m in mail:
        path = paths.get(m.message_id)
        if path is None or not any(org_of.get(x) in clients for x in (*m.to, *m.cc)):
            continue
        if (org_of.get(m.sender) != home) if from_home else (org_of.get(m.sender) in clients):
            continue
        # (read loosely, a text tells the value only once it stands: a mail before its day speaks of something else)
        standing = fact.id not in since or m.sent_at.astimezone(tz).date() >= since[fact.id]
        if path in carriers and shared and not states_in_text(m.body_new, fact, longer_labels(graph, fact)):
            pass  # (its attachments may still tell it)
        elif path in carriers or (states_in_text(m.body_new, fact, longer_labels(graph, fact)) if not standing
                                  else tells(graph, m.body_new, fact)):
            return m, path, path
        via = attached.get(path, set()) & shas
        if via:
            held = sorted(r[0] for r in world.db.execute(f"select path from files where path in ({marks}) and sha256 = ?",
                                                         [*sorted(carriers), sorted(via)[0]]).fetchall())
            return m, path, held[0]
        # an attachment sent with a mail tells its readers what it says, planned there or not (kit12: the advice of
        # April 20 attached 'GBP 38.50 per sq ft on 42,800 sq ft'; the reference gave the mail of April 22)
        told = sorted(texts[sha][1] for sha in attached.get(path, set())
                      if sha in texts and standing and tells(graph, texts[sha][0], fact))
        if told:
            return m, path, told[0]
    return None


def circle(world: World) -> set[str]:
    """The addresses inside the privileged circle (counsel and client)."""
    privileged = {o.id for o in world.plan.organisations if o.privileged}
    return {p.email for p in world.plan.people if p.organisation in privileged}


def reply_task(graph: Graph, big: LedgerFact, small: LedgerFact, user: str) -> Task | None:
    """Answer the newest message from the client's side with the exceedance: the right person, the right content."""
    world = graph.world
    inside = circle(world)
    org_of = {p.email: p.organisation for p in world.plan.people}
    inbound = sorted((m for m in world.messages if m.sender in inside and org_of.get(m.sender) != org_of.get(user)
                      and user in (*m.to, *m.cc) and m.message_id and m.sent_at),
                     key=lambda m: (m.sent_at, m.path), reverse=True)
    base = exceed_task(graph, big, small, big_first=True)  # the instruction asks whether big exceeds small
    if not inbound or base is None:
        return None
    target = inbound[0]
    name = target.sender_name or target.sender
    # What the client is told rests on the papers behind both figures: a limit as the instrument that sets it says it
    # (kit14: 'the maximum total net leverage ratio' read off the covenant sheet beside the ratio, never the credit
    # agreement's section 7.11; the hospital's service level off the denials log, never the billing agreement)
    grounded = grounded_cover(graph, base.needs.facts, [limit_side(big, small)]) or (base.needs.files, base.needs.apps)
    # (the reply is asked for both figures and the gap, not the figures they follow from: no input criteria; kit7:
    # right replies that gave the two figures and the gap topped out at 0.8)
    crit = [c.model_copy(update={"id": f"reply_{c.id}", "check": c.check.model_copy(update={
        "type": moved(c.check.type, "sent"),
        "in_reply_to": target.message_id, "to": [target.sender]})}) for c in base.rubric.criteria
            if not c.id.startswith("input_")]
    crit.insert(0, Criterion(id="replied", weight=1.0, description=f"replies to {name}'s message",
                             check=Check(type="sent_reply", in_reply_to=target.message_id, to=[target.sender])))
    neg = [c.model_copy(update={"check": c.check.model_copy(update={
        "type": moved(c.check.type, "sent")})})
           for c in base.rubric.negative_criteria]
    # a note to one's own colleagues ('Jeff - I told Jacqueline the cap exceeds her exposure by ...') sends nothing
    # beyond the house; what it says is read by the sent_* negatives like the reply (kit8: a right FYI cost 0.43)
    house = sorted(p.email for p in world.plan.people if p.organisation == org_of.get(user) and p.email != user)
    neg.append(Criterion(id="mail_beyond", weight=3.0, description=f"mails someone other than {name} or the user's own "
                                                                   f"colleagues (a reply-all, a copy, a forward)",
                         check=Check(type="sent_beyond", to=[target.sender, *house])))
    body = base.solution.answer.replace("\nAnswer:", "\n\nAnswer:")
    day = target.sent_at.date()
    return Task(
        id=f"reply-{big.id}-{small.id}", world_id=world.world_id, kind="reply", tags=["deliverable", "multi_hop"],
        instruction=(f"You are {user}. Reply to {name}'s message \"{target.subject}\" of {day:%B} {day.day}, {day.year} "
                     f"and tell them whether {the(big)} exceeds {the(small)} on the figures the data room now holds, "
                     f"with both figures and the gap. Use the mail app; reply only to {name}."),
        needs=Needs(files=sorted({target.path, *grounded[0]}), facts=base.needs.facts,
                    apps=sorted({"mail", *grounded[1]})),
        reference=base.reference,
        rubric=Rubric(criteria=crit, negative_criteria=neg, universal_penalties=universal(graph)),
        solution=Solution(actions=[Action(tool="mail_reply", args={"message_id": target.message_id, "body": body})]))


def further_replies(graph: Graph, pairs: list[tuple[LedgerFact, LedgerFact]], user: str,
                    limit: int = 4) -> list[Task]:
    """Replies on pairs the answer tasks do not ask, where the pair's figures sit in two files or more: with the
    message replied to, three files across mail and the drive (a pair one sheet holds asks nothing a reply adds)."""
    out = []
    for big, small in pairs:
        task = reply_task(graph, big, small, user) if len(out) < limit else None
        if task is not None and len(task.needs.files) >= 3:
            out.append(task)
    return out


def graph_tasks(world: World, user: str) -> list[Task]:
    """Every task the ledger's graph grounds for this world, in a stable order (before the lint)."""
    mentions_read_once(world)
    graph = Graph.of(world)
    tasks: list[Task | None] = []
    tasks += what_if_tasks(graph)
    tasks += what_if_against_tasks(graph)
    tasks += governs_tasks(graph)
    tasks += exceed_tasks(graph)
    tasks += as_of_tasks(graph)
    tasks += reconcile_tasks(graph)
    tasks += first_told_tasks(graph)
    pairs = fresh_first(graph, exceed_pairs(graph))
    lead = None
    if pairs:
        # The reply goes on the most telling pair it takes three files or more to answer (the message and the papers
        # behind both figures), as further replies do: a pair one sheet holds asks nothing a reply adds (hospital: the
        # denial rate beside its service level, both on the denials log, was a two-file reply); else on the first.
        replies = [(p, reply_task(graph, *p, user)) for p in pairs]
        lead, first_reply = next(((p, t) for p, t in replies if t is not None and len(t.needs.files) >= 3),
                                 replies[0])
        tasks.append(first_reply)
        if lead != pairs[0] and replies[0][1] is not None:  # the reply on the first pair is a warm-up
            tasks.append(replies[0][1].model_copy(update={"tags": ["warmup", *replies[0][1].tags]}))
        parts = memo_parts(graph, pairs)
        if parts:
            tasks.append(memo_task(graph, parts))
    from worldsmith.environments import kind_tasks  # the kinds' task families build on this module's makers

    for family in kind_tasks.families("pair_tasks"):  # a kind's deliverable on the pairs (chat: a post of the second)
        tasks += family.pair_tasks(graph, pairs, user)
    # (the second pair's post goes to the team's channel; a reply on it goes to the client, who reads no channel)
    tasks += further_replies(graph, [p for p in pairs if p != lead], user)
    from worldsmith.environments.review_tasks import review_tasks  # these build on this module's makers
    from worldsmith.environments.sheet_tasks import sheet_tasks

    tasks += review_tasks(graph)
    asked = [t for t in tasks if t is not None and t.kind == "what_if"]
    tasks += sheet_tasks(graph, skip_tops={t.needs.facts[-1] for t in asked},
                         asked={(t.needs.facts[-1], t.needs.facts[-2]) for t in asked})
    for family in kind_tasks.families("own_tasks"):  # a kind's tasks of its own files (calendar: meeting briefs)
        tasks += family.own_tasks(graph)
    from worldsmith.environments.chronology_tasks import chronology_tasks  # it builds on this module's makers

    tasks += chronology_tasks(graph)
    from worldsmith.environments.decision_tasks import decision_tasks  # it builds on this module's makers

    tasks += decision_tasks(graph)
    return [_guarded(graph, t) for t in _one_reading_each([t for t in tasks if t is not None])]


def _one_reading_each(tasks: list[Task]) -> list[Task]:
    """The tasks less a second of one kind whose every input is read in the same one file: when one workbook carries
    a whole chain (a claim computation, a remedy calculation), five what-ifs over it ask one reading five times
    (fire-coverage, employment-tribunal: 5 what-ifs on one sheet each). The first of each stays."""
    seen: set[tuple[str, str]] = set()
    out = []
    for t in tasks:
        if len(t.needs.files) == 1:
            key = (t.kind, t.needs.files[0])
            if key in seen:
                continue
            seen.add(key)
        out.append(t)
    return out


def _guarded(graph: Graph, task: Task) -> Task:
    """A task with the negatives every task carries from the ledger, beside its maker's, and its sources: an amount
    nothing gives, a fact stated as a figure it never holds, a room figure under another's label, a wrong figure
    posted to chat."""
    task = _with_mislabels(graph, _with_unledgered(graph, task))
    task = with_side_checks(graph, _with_elsewhere(_with_defers(_with_app_guards(with_misstatements(graph, task), graph))))
    return _with_sources(graph.world, _with_stray_dates(graph, _with_ledger_claims(graph, _with_owners(graph, task))))


def _with_owners(graph: Graph, task: Task) -> Task:
    """A figure whose label names its party ('Quorvex's revised claim', 'Tessaline's true-up offer') given to another
    party of the matter costs the task, in any text the agent wrote (kit11: 'Tessaline's audit claim', "Quorvex's
    true-up offer" beside the right figures scored 1.0 on seven tasks)."""
    names = {}
    for o in graph.world.plan.organisations:
        first = re.sub(r"[^\w&-]", "", o.name.split()[0]).lower()
        if len(first) > 3 and first not in ("the", "first", "national", "united", "global"):
            names[first] = o.id
    # another party's own fact under the same words ('Kiyomizu commitment' beside 'Harbourline commitment', each a
    # lender's share of one facility) is that party's figure, not this one given away: writing it is no swap
    # (solar-farm at seed 61: every reference naming two lenders' commitments scored 0)
    own = {label_of(f).lower().replace("\u2019", "'").replace("'s ", " ") for f in graph.world.plan.facts}
    negatives = []
    for fid in dict.fromkeys(task.needs.facts):
        label = label_of(graph.fact(fid)).lower().replace("\u2019", "'")
        m = re.match(r"^([\w&-]+?)(?:'s)?\s+(.+)$", label)
        if m is None or m.group(1) not in names:
            continue
        rest = m.group(2)
        forms = [form.format(other, rest) for other in names if names[other] != names[m.group(1)]
                 and f"{other} {rest}" not in own for form in ("{}'s {}", "{} {}")]
        if forms:
            negatives.append(Criterion(id=f"owner_swapped_{fid}", weight=2.0,
                                       description=f"gives {label_of(graph.fact(fid))} to another party of the matter",
                                       check=Check(type="texts_says", values=forms)))
    if not negatives:
        return task
    rubric = task.rubric.model_copy(update={"negative_criteria": [*task.rubric.negative_criteria, *negatives]})
    return task.model_copy(update={"rubric": rubric})


def _with_ledger_claims(graph: Graph, task: Task) -> Task:
    """Every task but a review (which quotes the draft it corrects) costs a side remark the ledger contradicts, in any
    text the agent wrote: two facts compared the wrong way round, a ratio that does not follow from its figures
    (environments/ledger_claims.py). A what-if leaves out the facts its supposition moves, an as-of or a brief those
    whose figures changed."""
    if task.kind == "review":
        return task
    skip: set[str] = set()
    if task.kind == "what_if":
        leaf = task.id.split("-")[2]
        skip = {f.id for f in graph.world.plan.facts if f.id == leaf or leaf in _leaves(graph, f.id)}
    elif task.kind in ("as_of", "brief"):
        moved = {f.id for f in graph.world.plan.facts if f.earlier}
        skip = {f.id for f in graph.world.plan.facts if moved & {f.id, *_leaves(graph, f.id)}}
    guard = Criterion(id="contradicts_ledger", weight=2.0,
                      description="compares two of the matter's figures the wrong way round, or gives a ratio that does "
                                  "not follow from them, in any text it wrote",
                      check=Check(type="texts_ledger", values=sorted(skip), b_words=list(task.needs.facts)))
    rubric = task.rubric.model_copy(update={"negative_criteria": [*task.rubric.negative_criteria, guard]})
    return task.model_copy(update={"rubric": rubric})


_STATED: dict[str, tuple[dict[str, set[float]], set]] = {}


def stated_figures(world) -> tuple[dict[str, set[float]], set]:
    """The amounts (by currency) and the days the ledger's statements and its drafts' labels give beside their own
    figures: the cash netted off a debt, the synergies an add-back left out, the agreement's own date. A right answer
    that explains a figure with them states nothing made up (kit14: 'total net debt USD 166,500,000 (term loan USD
    180,000,000 less unrestricted cash USD 13,500,000)' lost 0.38, 'the credit agreement of March 15, 2024' lost
    points). Read once per world."""
    if world.world_id not in _STATED:
        amounts: dict[str, set[float]] = {}
        days: set = set()
        texts = [f.statement for f in world.plan.facts] + [d.label for d in world.plan.distractors]
        for text in texts:
            for m in answers.parse(text or "").mentions:
                if m.kind == "money" and m.value is not None and m.currency:
                    amounts.setdefault(m.currency, set()).add(float(m.value))
                elif m.kind == "date":
                    days |= set(m.dates)
        _STATED[world.world_id] = (amounts, days)
    return _STATED[world.world_id]


def _with_stray_dates(graph: Graph, task: Task) -> Task:
    """A dated answer (a brief, a first-told lag, an as-of) costs a date that nothing gives: not the ledger's, no paper's
    or message's of the room, not the task's own (red team: 'On July 11, 2026 ... 50 days after the meeting', the
    meeting being on July 9, scored 1.0, the count alone being checked)."""
    final = next((c for c in task.rubric.criteria if c.check.type == "answer_final"), None)
    # (every answer task: kit7's 'The contribution demand was made on March 6, 2026' beside a right gap scored 1.0)
    if final is None or task.solution.answer is None:
        return task
    world = graph.world
    days = {m.sent_at.date() for m in world.messages if m.sent_at}
    days |= {a.sent_at.date() for a in world.plan.artifacts if getattr(a, "sent_at", None)}
    days |= {world.plan.window_start, world.plan.window_end}
    for f in world.plan.facts:
        for value in [f.value, *(e.value for e in f.earlier)]:
            if getattr(value, "type", None) == "date":
                days.add(value.value)
    for d in world.plan.distractors:
        if getattr(d.value, "type", None) == "date":
            days.add(d.value.value)
    days |= stated_figures(world)[1]
    for text in (task.instruction, task.solution.answer, task.reference.answer):
        days |= {d for m in answers.parse(text).mentions if m.kind == "date" for d in m.dates}
    guard = Criterion(id="states_stray_date", weight=2.0,
                      description="gives a date that neither the room nor the task gives (a wrong meeting or paper day)",
                      check=Check(type="answer_stray_date", values=sorted(d.isoformat() for d in days)))
    rubric = task.rubric.model_copy(update={"negative_criteria": [*task.rubric.negative_criteria, guard]})
    return task.model_copy(update={"rubric": rubric})


def _with_defers(task: Task) -> Task:
    """Every task with a final figure costs handing the check back or disowning the answer, where its answer goes
    (red team: 'Only if the superseded timetable were still in force would it be 42 days ... I have not verified the
    current timetable' scored 1.0 on a brief, which had no such negative)."""
    final = next((c for c in task.rubric.criteria if c.check.type.endswith("_final")), None)
    if final is None and task.solution.answer is None:
        return task
    # (an answer with no final figure, a review's flags, disowns itself too: kit7's 'I could not check the data room,
    # so this is a guess.' above a right flag scored 1.0)
    where = final.check.type.split("_", 1)[0] if final is not None else "answer"
    if any(c.check.type == f"{where}_defers" for c in task.rubric.negative_criteria):
        return task
    place = {k: getattr(final.check, k) for k in ("path", "folder", "channel", "to", "in_reply_to")} if final else {}
    guard = Criterion(id="defers", weight=2.0, description="hands the check back: asks others to confirm the figures, "
                                                           "or answers only if they hold",
                      check=Check(type=f"{where}_defers", **place))
    rubric = task.rubric.model_copy(update={"negative_criteria": [*task.rubric.negative_criteria, guard]})
    return task.model_copy(update={"rubric": rubric})


# The negatives a message elsewhere is read for: a wrong yes or no, the comparison the wrong way, a figure written
# against the wrong label or misstated, a superseded value asserted.
_ELSEWHERE_KINDS = {"conclusion", "direction", "misstated", "bound", "misbound", "asserts", "mentions", "governs"}
_CHECK_TYPES = set(get_args(Check.model_fields["type"].annotation))


def _with_elsewhere(task: Task) -> Task:
    """A task answered in one place costs a wrong message anywhere else (red team: a right reply plus a chat post
    'the accrued LDs do not exceed the cap' scored 1.0): the task's own negatives, read in every message sent and
    everything a kind's app records (chat's posts, any channel), where the task's answer does not go."""
    final = next((c for c in task.rubric.criteria if c.check.type.endswith("_final")), None)
    if final is None:
        return task
    where = final.check.type.split("_", 1)[0]
    place = {"path": None, "folder": None, "channel": None, "to": [], "in_reply_to": None}
    extra = []
    nouns = {"sent": "message"} | {name: r.noun for name, r in record_apps().items()}
    for target in sorted(set(nouns) - {where}):
        for c in task.rubric.negative_criteria:
            old_where, _, kind = c.check.type.partition("_")
            new_type = f"{target}_{kind}"
            if old_where != where or kind not in _ELSEWHERE_KINDS or new_type not in _CHECK_TYPES:
                continue
            extra.append(c.model_copy(update={"id": f"{target}_elsewhere_{c.id}",
                                              "description": f"{c.description} (in a {nouns[target]} elsewhere)",
                                              "check": c.check.model_copy(update={"type": new_type, **place})}))
    if not extra:
        return task
    rubric = task.rubric.model_copy(update={"negative_criteria": [*task.rubric.negative_criteria, *extra]})
    return task.model_copy(update={"rubric": rubric})


def _with_app_guards(task: Task, graph: Graph | None = None) -> Task:
    """A task answered anywhere but a kind's app costs a wrong figure written there beside the answer (red team: a
    right reply plus 'FYI the gap is 7.2 percentage points' in chat scored 1.0): a figure in the answer's unit that is
    none of the task's figures or the ledger's, in each app that records what the agent writes (chat's posts)."""
    stated = stated_figures(graph.world)[0] if graph is not None else {}
    for app, records in record_apps().items():
        task = _with_app_guard(task, app, records.noun, stated=stated)
    return _with_app_guard(task, "sent", "mail", mail=True, stated=stated)


def _with_app_guard(task: Task, app: str, noun: str, mail: bool = False,
                    stated: dict[str, set[float]] | None = None) -> Task:
    final = next((c for c in task.rubric.criteria if c.check.type.endswith("_final") or c.id == "result_in_sheet"), None)
    # (mail is read whatever the answer's place: a reply's own figures are the task's, a colleague's FYI is read too)
    if final is None or (final.check.type.startswith(f"{app}_") and not mail) or not final.check.values:
        return task
    wanted = answers.want(final.check.values[0])
    unit = final.check.unit or (answers.POINTS if final.check.values[0].endswith(answers.POINTS) else
                                wanted.currency if wanted.kind == "money" else "%" if wanted.kind == "percent" else None)
    if unit is None:
        return task
    figures = sorted({n for c in task.rubric.criteria for n in [*c.check.numbers, *c.check.allowed] if n is not None}
                     | (stated or {}).get(unit, set()))  # (a statement's own amounts: the synergies left out, kit14)
    guard = Criterion(id=f"{app}_states_other_figure", weight=2.0,
                      description=f"{noun}s {'a message with' if mail else 'in ' + app} a figure that neither the room "
                                  f"nor the task's working gives",
                      check=Check(type=f"{app}_unledgered", unit=unit, allowed=figures))
    rubric = task.rubric.model_copy(update={"negative_criteria": [*task.rubric.negative_criteria, guard]})
    return task.model_copy(update={"rubric": rubric})


def _with_mislabels(graph: Graph, task: Task) -> Task:
    """Any figure of the room written against another fact's label costs, not only the task's own inputs ('The
    revised enterprise value is GBP 195,000,000', the LOI's, beside a right gap scored 1.0): one swap negative per
    amount or rate of the ledger the task does not already guard, read where the task's answer goes."""
    final = next((c for c in task.rubric.criteria if c.check.type.endswith("_final")), None)
    if final is None:
        return task
    where = final.check.type.split("_", 1)[0]
    have = {c.id for c in task.rubric.negative_criteria}
    ids = [f.id for f in graph.world.plan.facts
           if graph.quantities.get(f.id) is not None and graph.quantities[f.id].kind in ("money", "percent")]
    place = {k: getattr(final.check, k) for k in ("path", "folder", "channel", "to", "in_reply_to")}
    extra = [c.model_copy(update={"id": f"mislabels_{c.id.removeprefix('swaps_into_')}",
                                  "check": c.check.model_copy(update={"type": moved(c.check.type, where), **place})})
             for c in swap_negatives(graph, ids) if c.id not in have]
    if not extra:
        return task
    rubric = task.rubric.model_copy(update={"negative_criteria": [*task.rubric.negative_criteria, *extra]})
    return task.model_copy(update={"rubric": rubric})


def _move_direction(move: Quantity, up: bool) -> Criterion:
    """A negative: the move said the wrong way ('a fall of USD 16,450,000' for a rise), in the sentence that gives it."""
    return Criterion(id="wrong_move_direction", weight=2.0,
                     description=f"says the figure {'fell' if up else 'rose'} by {shown(move)}",
                     check=Check(type="answer_move_direction", expect="up" if up else "down", **value_check(move)))


def _with_unledgered(graph: Graph, task: Task) -> Task:
    """An answer task in money costs a made-up amount anywhere in the answer ('The revised enterprise value is GBP
    195,000,000' beside a right gap scored 1.0): an amount in the answer's currency that is none of the task's own
    figures, the ledger's figures then or now, or a superseded draft's, outside the working, is a negative."""
    final = next((c for c in task.rubric.criteria if c.check.type == "answer_final"), None)
    unit = final.check.unit if final is not None else None
    if unit not in READ_CODES or any(c.check.type == "answer_unledgered" for c in task.rubric.negative_criteria):
        return task
    figures = {n for c in [*task.rubric.criteria, *task.rubric.negative_criteria]
               for n in [*c.check.numbers, *c.check.allowed] if n is not None}
    for f in graph.world.plan.facts:
        for _, value in ([(None, f.value)] + [(e.since, e.value) for e in f.earlier]):
            amount = getattr(value, "amount", None)
            if amount is not None:
                figures.add(float(amount))
    figures |= {float(d.value.amount) for d in graph.world.plan.distractors if getattr(d.value, "amount", None) is not None}
    figures |= stated_figures(graph.world)[0].get(unit, set())
    # the gap between two of the room's figures as they stand is a true figure of the room too (kit12: a right brief on
    # two rates added 'equivalent to GBP 256,800 a year', the landlord's proposed rent less the offer, and lost 2 points)
    current = sorted({float(f.value.amount) for f in graph.world.plan.facts
                      if getattr(f.value, "amount", None) is not None and getattr(f.value, "currency", unit) == unit})
    figures |= {round(abs(a - b), 2) for i, a in enumerate(current) for b in current[i + 1:]}
    if task.solution.answer:
        figures |= {float(m.value) for m in answers.parse(task.solution.answer).mentions
                    if m.kind == "money" and m.value is not None}
    # a right figure the working can take on the way: the sum or the difference of two of the task's own ('USD
    # 2,730,000 more than on the room's figures', a subtotal of two claims)
    own = sorted({n for c in task.rubric.criteria for n in [*c.check.numbers, *c.check.allowed] if n})
    steps = {round(f(a, b), 2) for i, a in enumerate(own) for b in own[i + 1:]
             for f in (lambda x, y: x + y, lambda x, y: abs(x - y))}
    figures |= steps
    # nor a rival of the answer: the final figure may stand beside a right step of the working
    # (nor an amount a statement gives to explain one of the room's: 'USD 166,500,000 (net of USD 13,500,000
    # unrestricted cash)' lost the final figure as a rival, kit14)
    stated = stated_figures(graph.world)[0].get(unit, set())
    criteria = [c.model_copy(update={"check": c.check.model_copy(update={
        "allowed": sorted({*c.check.allowed, *steps, *stated})})}) if c is final else c for c in task.rubric.criteria]
    bad = Criterion(id="states_unledgered_amount", weight=2.0,
                    description=f"states an amount in {unit} that neither the room nor the working gives",
                    check=Check(type="answer_unledgered", unit=unit, allowed=sorted(figures)))
    rubric = task.rubric.model_copy(update={"criteria": criteria,
                                           "negative_criteria": [*task.rubric.negative_criteria, bad]})
    return task.model_copy(update={"rubric": rubric})


def _with_sources(world: World, task: Task) -> Task:
    """The task with the establishing file of each fact it reads (a what-if's changed input is given, not read)."""
    given = task.id.split("-")[2] if task.kind == "what_if" else None
    paths = {a.id: a.path for a in world.plan.artifacts}
    sources = {paths[ids[0]] for f in task.needs.facts if f != given
               for ids in [world.plan.establishing(f)] if ids and ids[0] in paths}
    sources |= set(task.needs.files)
    return task.model_copy(update={"needs": task.needs.model_copy(update={"sources": sorted(sources)})})

"""Negative criteria every graph task carries from the ledger, beside those its maker writes.

A task's maker guards its own figures; a reviewer also sends back any figure of the matter stated wrong on the
way: a label given a figure it never had ('So the cap is USD 95,212,500', the gap under the cap's label).
"""

from __future__ import annotations

import functools
import re

from worldsmith.environments import answers, deliverables
from worldsmith.environments.tasks import Check, Criterion, Task, label_of, number_of, the
from worldsmith.worlds.ledger import LedgerError, Node, Quantity, references, solve
from worldsmith.worlds.plan import LedgerFact


def label_phrases(fact: LedgerFact, labels: list[str], own: list[str]) -> list[str]:
    """How an answer names a fact: its label, its last two words when no other label of the ledger (`labels`) ends
    so ('liability cap' of 'OPA 90 liability cap'), and 'the <head noun>' when no other fact of the task (`own`)
    ends in that noun ('the cap')."""
    label = label_of(fact).lower()
    words = label.replace("-", " ").split()
    out = [label]
    # (a tail after a preposition names another thing: 'year's pay' of 'weeks in a year's pay' is the pay, not the
    # weeks; 'the casualty' of 'date of the casualty'; kit7: 'capped at a year's pay GBP 59,800' read as 52 weeks
    # misstated)
    if len(words) > 2 and not set(words[:-2]) & {"of", "in", "for", "at", "per", "on", "to", "under", "from", "with"}:
        tail = " ".join(words[-2:])
        if not any(other != label and other.replace("-", " ").endswith(tail) for other in labels):
            out.append(tail)
    # the words before a label's first preposition, where no other label holds them ('contract rate' of 'contract
    # rate per user a year'; kit11: '618 x contract rate USD 1,450 x 3', the list price, scored 1.0)
    lead = next((i for i, w in enumerate(words) if w in ("of", "in", "for", "at", "per", "on", "to", "under", "from",
                                                        "with")), None)
    if lead is not None and lead >= 2:
        head = " ".join(words[:lead])
        if not any(other != label and re.search(rf"(?<![\w-]){re.escape(head)}(?![\w-])", other.replace("-", " "))
                   for other in labels):
            out.append(head)
    # (the head noun is the word before a first preposition: 'the limit' of 'limit of indemnity', never 'the indemnity';
    # and none where another of the task's labels has that head, 'the limit' of the replacement cost sub-limit beside
    # the limit of indemnity: blind red team kit29b, 'The limit exceeds the net recoverable loss' read as the sub-limit
    # compared the wrong way, three right replies 0.71)
    head = _head(words)
    if len(words) > 1 and head not in _NO_SHORT_HEADS and sum(_head(o.replace("-", " ").split()) == head
                                                              for o in own if o.split()) == 1:
        out.append(f"the {head}")
    return out + [p for p in short_names(words, labels) if p not in out]


def _head(words: list[str]) -> str:
    """A label's head noun: the word before its first preposition, else its last word."""
    lead = next((i for i, w in enumerate(words) if w in ("of", "in", "for", "at", "per", "on", "to", "under", "from",
                                                        "with")), None)
    return words[lead - 1] if lead else words[-1]


_PREP_WORDS = {"of", "in", "for", "at", "per", "on", "to", "under", "from", "with", "by", "after", "before", "the", "a",
               "an", "and", "or"}


# Heads that name no fact alone: every memo has a 'Date:' line (kit19: 'Date: August 21, 2026' in a right memo's
# block was read as the audit report date misstated, 0.53 on six right memos)
_NO_SHORT_HEADS = {"date", "dates", "day", "days"}


def short_names(words: list[str], labels: list[str]) -> list[str]:
    """The short names a professional gives a label of three words or more with no preposition, where no other label
    of the ledger reads so: its leading words as initials ('BI payable', 'NRD claimed', 'RCV' for 'replacement cost
    value'), its first and last word ('maximum award', 'statutory cap', 'total payable'), and its head noun alone where
    no other label holds that word ('exposure', 'sublimit', 'peg'). Kit8: 'BI payable: USD 350,000' and 'maximum award
    GBP 74,750' named their facts by such names and were read as naming nothing."""
    return list(_short_names(tuple(words), tuple(labels)))


@functools.lru_cache(maxsize=512)
def _short_names(words: tuple[str, ...], labels: tuple[str, ...]) -> tuple[str, ...]:
    mine = _candidates(words, labels)
    # a short name two labels give ('statutory cap' of the statutory week's pay cap and of the statutory compensatory
    # award cap) names neither
    theirs = {p for o in labels if o.replace("-", " ").split() != list(words)
              for p in _candidates(tuple(o.replace("-", " ").split()), labels)}
    return tuple(p for p in mine if p not in theirs)


def _candidates(words: tuple[str, ...], labels: tuple[str, ...]) -> list[str]:
    """A short name of a label as it would be, before the names two labels share are dropped."""
    if set(words) & _PREP_WORDS or not all(re.fullmatch(r"[a-z0-9']+", w) for w in words):
        return []
    others = [o.replace("-", " ") for o in labels if o.replace("-", " ").split() != list(words)]
    out: list[str] = []
    if len(words) >= 3:
        alpha = [w for w in words if w.isalpha()]
        if len(alpha) == len(words):
            for k in range(2, len(words)):
                out.append(" ".join(["".join(w[0] for w in words[:k]), *words[k:]]))
            out.append("".join(w[0] for w in words))
        if len(words) <= 4:
            out.append(f"{words[0]} {words[-1]}")
    head = words[-1]
    if len(words) >= 2 and len(head) >= 3 and not head.endswith("ed") and not any(head in o.split() for o in others) \
            and head not in _NO_SHORT_HEADS:
        out.append(head)
    taken = {w for o in others for w in [o, *(" ".join(o.split()[i:j]) for i in range(len(o.split()))
                                                for j in range(i + 1, len(o.split()) + 1))]}
    return [p for p in out if p not in taken and len(p) >= 3]


def _around(graph, fact_ids: list[str]) -> list[str]:
    """The task's facts and every fact their formulas read, to the leaves: the steps an answer may name too."""
    seen: list[str] = []
    todo = list(fact_ids)
    while todo:
        fid = todo.pop()
        if fid in seen or fid not in graph.world.facts:
            continue
        seen.append(fid)
        formula = graph.fact(fid).formula
        if formula:
            todo += references(formula)
    return seen


def _reference_texts(task: Task) -> list[str]:
    """What the task says and its reference end state writes: the instruction ('suppose X were Y'), the answer, and
    each action's text (a sheet as its cells read back, each formula as its value)."""
    texts = [task.instruction, task.solution.answer or ""]
    for action in task.solution.actions:
        args = action.args
        if "csv" in args:
            texts.append(deliverables.written(deliverables.xlsx_from_csv(args["csv"]), ".xlsx"))
        texts += [args.get(k, "") for k in ("body", "text")]
    return [t for t in texts if t]


def _held(fact: LedgerFact, quantity, distractors) -> list[tuple[str, float | None]]:
    """Every figure the ledger gives the fact: now, before, and in a marked draft."""
    out = [(fact.text, number_of(fact.value))]
    if quantity is not None and not fact.text:
        out.append((quantity.shown(), float(quantity.amount)))
    out += [(p.text, number_of(p.value)) for p in fact.earlier]
    out += [(d.text, number_of(d.value)) for d in distractors if d.fact == fact.id]
    return out


def _ledger_error(fid: str, field: str, message: str) -> Exception:
    return LedgerError(f"{fid}.{field}: {message}")


def supposed(graph, task: Task) -> dict[str, Quantity]:
    """Every fact's figure under a what-if's supposition ('suppose the economic loss claims were USD 46,700,000'),
    where the figure differs from the ledger's: a figure further down the chain worked out on the supposed input
    ('Contribution demand at 35%: =0.35*B5' in a sensitivity sheet) is a right figure of that fact too (kit8)."""
    if task.kind not in ("what_if", "sheet"):
        return {}
    for fid in task.needs.facts:
        q = graph.quantities.get(fid)
        said = re.search(re.escape(the(graph.fact(fid))) + r" were (?=\S)", task.instruction, re.I) if q else None
        found = answers.parse(task.instruction[said.end():said.end() + 40]).mentions if said else []
        if not found or found[0].value is None:
            continue
        nodes = [Node(f.id, Quantity(q.kind, found[0].value, q.currency, q.unit).as_value(), None) if f.id == fid
                 else Node(f.id, f.value if not f.formula else None, f.formula) for f in graph.world.plan.facts]
        try:
            values = solve(nodes, _ledger_error)
        except LedgerError:
            return {}
        return {k: v for k, v in values.items() if v is not None and v != graph.quantities.get(k)}
    return {}


def unit_of(fact: LedgerFact) -> str | None:
    """The check unit of a fact's figure: its currency, '%', or a count's unit."""
    v = fact.value
    kind = getattr(v, "type", None)
    if kind == "money":
        return v.currency
    if kind == "percent":
        return "%"
    return getattr(v, "unit", None) if kind == "number" else None


def intermediates(graph, under: dict | None = None) -> dict[str, list[float]]:
    """Each fact's steps of working: the value of every inner step of a ledger formula that uses the fact ('(121 days
    less the 3-day waiting period) = 118 days' of daily_gross_profit * (agreed_days - waiting_days)), on the ledger's
    figures or a what-if's supposed ones. A step written beside the fact's label is working, not the fact misstated
    (kit13: right replies lost 0.57 to misstates_waiting_days for '... less the 3-day waiting period (118 days)')."""
    import ast

    from worldsmith.worlds.ledger import evaluate, parse_formula

    values = {**graph.quantities, **(under or {})}
    out: dict[str, set[float]] = {}
    for f in graph.world.plan.facts:
        if not f.formula:
            continue
        try:
            tree = parse_formula(f.formula)
        except LedgerError:
            continue
        for node in ast.walk(tree):
            if node is tree or not isinstance(node, ast.BinOp):
                continue
            names = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
            if not names or any(values.get(n) is None for n in names):
                continue
            try:
                q = evaluate(node, lambda n: values[n])
            except (LedgerError, KeyError):
                continue
            for n in names:
                out.setdefault(n, set()).add(round(float(q.amount), 4))
    return {k: sorted(v) for k, v in out.items()}


def with_misstatements(graph, task: Task) -> Task:
    """Any fact of the ledger stated as a figure it never holds costs: one negative per fact, met when the answer
    binds a figure to the fact's label ('the cap is ...', 'the cap (...)', a table row, 'It now stands at ...') that
    is none of the fact's figures in the ledger (now, before, a marked draft) or in the task's own reference (a
    supposed input, a recomputed step). Read where the task's answer goes; a review, which quotes the draft it
    corrects, is left to its own negatives."""
    final = next((c for c in task.rubric.criteria if c.check.type.endswith("_final") or c.id == "result_in_sheet"),
                 None)
    if final is None or task.kind == "review":
        return task
    where = final.check.type.split("_", 1)[0]
    place = {k: getattr(final.check, k) for k in ("path", "folder", "channel", "to", "in_reply_to")}
    plan = graph.world.plan
    facts = [f for f in plan.facts if getattr(f.value, "type", None) in ("money", "percent", "number", "date")]
    labels = [label_of(f).lower() for f in plan.facts]
    own = [label_of(graph.fact(f)).lower() for f in _around(graph, task.needs.facts)]
    phrases = {f.id: label_phrases(f, labels, own if label_of(f).lower() in own else []) for f in facts}
    refs = [answers.parse(t) for t in _reference_texts(task)]
    under = supposed(graph, task)
    steps = intermediates(graph, under) if any(f.formula for f in plan.facts) else {}
    extra = []
    for f in facts:
        others = [p for g in facts if g.id != f.id for p in phrases[g.id]] + [x for x in labels if x not in phrases[f.id]]
        dates = getattr(f.value, "type", None) == "date"
        held = _held(f, graph.quantities.get(f.id), plan.distractors)
        if f.id in under:
            held.append((under[f.id].shown(), float(under[f.id].amount)))
        for parsed in refs:
            held += [(m.text, float(m.value) if m.value is not None else None)
                     for m in answers.bound_figures(parsed, phrases[f.id], others, dates)]
        held = list(dict.fromkeys(held))
        extra.append(Criterion(
            id=f"misstates_{f.id}", weight=2.0,
            description=f"states {label_of(f)} as a figure it never holds",
            check=Check(type=f"{where}_misstated", values=[v for v, _ in held], numbers=[n for _, n in held],
                        unit=None if dates else unit_of(f), a_words=phrases[f.id], b_words=others,
                        allowed=steps.get(f.id, []), **place)))
    rubric = task.rubric.model_copy(update={"negative_criteria": [*task.rubric.negative_criteria, *extra]})
    return task.model_copy(update={"rubric": rubric})

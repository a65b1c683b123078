"""How deep a world's tasks are: grep-solvable tasks, a no-model regex bot's score, files and apps needed, the spread.

A task is grep-solvable when one file of the room writes its answer within a sentence or so of a label its
prompt uses: then a search answers it without reading anything. The regex bot is that search made into an
agent: for every label of the ledger the prompt names, it takes the figures written just after it in the
room and answers with the most frequent one (the 'Answer:' line) and the rest in the text.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter

from worldsmith.environments.forms import form_names
from worldsmith.environments.tasks import Task, label_of, number_of
from worldsmith.worlds.values import AMOUNT
from worldsmith.worlds.world import World

NEAR = 150  # characters between a label and the figure that a search would take as its value
# an amount as the room writes it (worlds.values.AMOUNT), a percent, or a number with thousands separators
_FIGURE = re.compile(rf"{AMOUNT.pattern}|\b\d+(?:\.\d+)?%|\b\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?\b")


def final_value(task: Task) -> str | None:
    """The figure a task's answer comes down to: the value of its *_final criterion."""
    for c in task.rubric.criteria:
        if c.check.type.endswith("_final") and c.check.values:
            return c.check.values[0]
        if c.check.type == "answer_field" and c.check.a_words == ["Answer"] and c.check.values:
            return c.check.values[0]  # a form's final line (forms.py)
    for c in task.rubric.criteria:
        if c.check.type == "answer_flags" and len(c.check.values) > 1:
            return c.check.values[1]  # a review's answer is the correction of the figure it finds wrong
    return None


def _texts(world: World) -> list[tuple[str, str]]:
    cached = world.__dict__.get("_metric_texts")
    if cached is None:
        cached = [(p, t) for p, t in world.db.execute(
            "select path, text from artifact_text where text is not null").fetchall()]
        world.__dict__["_metric_texts"] = cached
    return cached


def prompt_labels(task: Task, world: World) -> list[str]:
    """The ledger labels a task's prompt uses, longest first."""
    text = task.instruction.lower()
    labels = {label_of(f).lower() for f in world.plan.facts if len(label_of(f)) > 3}
    return sorted((lb for lb in labels if lb in text), key=len, reverse=True)


def _worked_from(world: World, fid: str) -> set[str]:
    """Every fact a figure is worked out from, at any depth."""
    from worldsmith.worlds.ledger import references

    out, todo = set(), [fid]
    while todo:
        formula = getattr(world.facts.get(todo.pop()), "formula", None)
        for ref in (references(formula) if formula else []):
            if ref in world.facts and ref not in out:
                out.add(ref)
                todo.append(ref)
    return out


# words that set a figure against another just before it: 'exceeds the cap by', 'an excess of', 'short of'
_GAP_WORDS = re.compile(r"exceed|excess|more than|less than|above|below|over |under |short|differ|gap|\bby\b")


def another_facts_figure(task: Task, world: World, low: str, at: int, labels: list[str]) -> bool:
    """Whether the answer's figure written at `at` may be another fact's own: a fact of the ledger has that figure, a
    step on the way to a figure the prompt names or a fact apart from them, and no word just before the figure sets it
    against another ('exceeds the cap by', 'an excess of'). The room then writes that fact, not the answer (lift
    maintenance: the deductions' excess over their cap, USD 12,000, is also the deduction per quarter, 'three quarters
    at USD 12,000', and the lint read it as the gap written beside 'fee deductions before the cap', and refused the
    matter's one exceedance, its reply and its memo). A fact worked from the prompt's figures may be the answer under
    another name (the disputed excess of a claim over its cap is the gap asked): never excused."""
    value = final_value(task)
    if value is None or _GAP_WORDS.search(low[max(0, at - 40): at]):
        return False
    by_label = {label_of(f).lower(): f.id for f in world.plan.facts if len(label_of(f)) > 3}
    asked = {by_label[lb] for lb in labels if lb in by_label}
    upstream = set().union(*(_worked_from(world, f) for f in asked))
    return any(f.text.lower() == value.lower() and f.id not in asked
               and (f.id in upstream or not _worked_from(world, f.id) & asked) for f in world.plan.facts)


def grep_solvable(task: Task, world: World) -> str | None:
    """The path of a file that writes the task's answer next to a label its prompt uses, or None (a figure the room
    writes as another fact's own, that fact named just before it, is not the answer written: another_facts_figure)."""
    value = final_value(task)
    if not value:
        return None
    labels = prompt_labels(task, world)
    for path, text in _texts(world):
        low = text.lower()
        # the figure as written, not inside a longer one ("6 days" is not in "16 days from today")
        for m in re.finditer(r"(?<![\w.,])" + re.escape(value.lower()) + r"(?![\w]|[.,]\d)", low):
            window = low[max(0, m.start() - NEAR): m.end() + NEAR]
            if any(lb in window for lb in labels) and not another_facts_figure(task, world, low, m.start(), labels):
                return path
    return None


def regex_bot_answer(task: Task, world: World) -> str:
    """What a no-model bot answers: the figures written after the prompt's labels, the most frequent last."""
    found: Counter[str] = Counter()
    for label in prompt_labels(task, world):
        for _, text in _texts(world):
            low = text.lower()
            for m in re.finditer(re.escape(label), low):
                hit = _FIGURE.search(text, m.end(), m.end() + NEAR)
                if hit:
                    found[hit.group(0)] += 1
    if not found:
        return ""
    ranked = [v for v, _ in found.most_common()]
    names = form_names(task)
    if names is not None:  # a form: each field the figure most often written after its own name, the final the top one
        lines = [f"{n}: {_after(n, world) or ranked[0]}" for n in names if n != "Answer"]
        return "\n".join([*lines, f"Answer: {ranked[0]}"])
    return "Figures: " + "; ".join(ranked[:6]) + f"\nAnswer: {ranked[0]}"


def _after(name: str, world: World) -> str | None:
    label = name.split(",")[0].lower()
    found: Counter[str] = Counter()
    for _, text in _texts(world):
        for m in re.finditer(re.escape(label), text.lower()):
            hit = _FIGURE.search(text, m.end(), m.end() + NEAR)
            if hit:
                found[hit.group(0)] += 1
    return found.most_common(1)[0][0] if found else None


def traps(task: Task, world: World) -> list[tuple[str, float | None]]:
    """The wrong figures a task's facts lay in the room: a superseded draft's, and a value the fact held earlier."""
    out = [(d.text, number_of(d.value)) for d in world.plan.distractors if d.fact in task.needs.facts]
    out += [(e.text, number_of(e.value)) for f in task.needs.facts if f in world.facts
            for e in getattr(world.facts[f], "earlier", [])]
    return list(dict.fromkeys(out))


def trap_guarded(task: Task, world: World) -> bool | None:
    """Whether a negative criterion costs every trap figure of the task (None when it has no trap): one naming it, or
    one costing any figure the task does not allow (a review's 'a figure neither the draft nor the ledger has')."""
    laid = traps(task, world)
    if not laid:
        return None
    if any(c.check.type == "answer_field" for c in task.rubric.criteria):
        # a form admits in each field its own value only: a trap figure written anywhere costs the field it is in
        # (the superseded figures a reconcile asks for are that field's own value); a review's Wrong: lines keep
        # their own negatives, read below
        return True
    checks = [c.check for c in task.rubric.negative_criteria]

    def costs(text: str, n: float | None) -> bool:
        return any(text in c.values or (n is not None and n in c.numbers)
                   or (c.type.endswith("_unledgered") and n is not None and n not in c.allowed) for c in checks)
    return all(costs(text, n) for text, n in laid)


def spread(tasks: list[Task], world: World) -> dict[str, float]:
    """The shape of a task set: how many, how deep, how many need several apps, judgement and deliverables."""
    n = len(tasks)
    if not n:
        return {"tasks": 0}
    files = [len(t.needs.files) for t in tasks]
    rubric = [len(t.rubric.criteria) for t in tasks]
    guarded = [trap_guarded(t, world) for t in tasks]
    return {
        "tasks": n,
        "grep_solvable": sum(grep_solvable(t, world) is not None for t in tasks) / n,
        "median_files": statistics.median(files),
        "median_sources": statistics.median([len(t.needs.sources or t.needs.files) for t in tasks]),
        "two_apps": sum(len(t.needs.apps) >= 2 for t in tasks) / n,
        "judgement_or_deliverable": sum(bool({"judgement", "deliverable"} & set(t.tags)) for t in tasks) / n,
        "median_criteria": statistics.median(rubric),
        "with_negatives": sum(bool(t.rubric.negative_criteria) for t in tasks) / n,
        # of the tasks whose facts lay a trap (a superseded draft, an earlier value), those with a negative naming it
        "with_trap": sum(g is not None for g in guarded),
        "trap_guarded": sum(bool(g) for g in guarded) / max(1, sum(g is not None for g in guarded)),
    }

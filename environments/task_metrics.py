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

from worldsmith.environments.tasks import Task, label_of
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


def grep_solvable(task: Task, world: World) -> str | None:
    """The path of a file that writes the task's answer next to a label its prompt uses, or None."""
    value = final_value(task)
    if not value:
        return None
    labels = prompt_labels(task, world)
    for path, text in _texts(world):
        low = text.lower()
        for m in re.finditer(re.escape(value.lower()), low):
            window = low[max(0, m.start() - NEAR): m.end() + NEAR]
            if any(lb in window for lb in labels):
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
    return "Figures: " + "; ".join(ranked[:6]) + f"\nAnswer: {ranked[0]}"


def spread(tasks: list[Task], world: World) -> dict[str, float]:
    """The shape of a task set: how many, how deep, how many need several apps, judgement and deliverables."""
    n = len(tasks)
    if not n:
        return {"tasks": 0}
    files = [len(t.needs.files) for t in tasks]
    rubric = [len(t.rubric.criteria) for t in tasks]
    return {
        "tasks": n,
        "grep_solvable": sum(grep_solvable(t, world) is not None for t in tasks) / n,
        "median_files": statistics.median(files),
        "median_sources": statistics.median([len(t.needs.sources or t.needs.files) for t in tasks]),
        "two_apps": sum(len(t.needs.apps) >= 2 for t in tasks) / n,
        "judgement_or_deliverable": sum(bool({"judgement", "deliverable"} & set(t.tags)) for t in tasks) / n,
        "median_criteria": statistics.median(rubric),
        "with_negatives": sum(bool(t.rubric.negative_criteria) for t in tasks) / n,
    }

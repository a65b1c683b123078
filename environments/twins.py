"""Twin worlds: the same outline with one input figure changed, so an answer remembered from one world fails on the other.

The changed input is a leaf of the ledger's graph that formulas read; every figure that follows from it is
recomputed by the ledger (its stated value dropped so the solver fills it), and every statement that writes
an old figure is rewritten with the new one. An input whose figure a distractor's label or an inventory
line also writes is passed over: the twin would contradict itself there.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path

import yaml

from worldsmith.environments.graph_tasks import perturbed
from worldsmith.worlds.errors import WorldsmithError
from worldsmith.worlds.ledger import Node, quantity_of, references, solve
from worldsmith.worlds.outline import load_outline, parse_outline
from worldsmith.worlds.values import render_value


class TwinError(WorldsmithError):
    """No input of the outline can be changed without the twin contradicting itself; pick one with --fact."""

    exit_code = 2


@dataclass
class Twin:
    """A twin outline's text and what changed: the input, and every figure that follows from it, old and new."""

    text: str
    fact: str
    changed: dict[str, tuple[str, str]]


def _fail(fid: str, field: str, message: str) -> Exception:
    return TwinError(f"{fid}.{field}: {message}")


def twin(path: str | Path, fact: str | None = None) -> Twin:
    """The outline at `path` with one formula input moved (a percent by ten points, anything else up a fifth)."""
    outline = load_outline(path)
    data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    facts = {f.id: f for f in outline.facts}
    readers: dict[str, int] = {}
    for f in outline.facts:
        for ref in references(f.formula) if f.formula else []:
            readers[ref] = readers.get(ref, 0) + 1
    base = solve([Node(f.id, f.value if not f.formula else None, f.formula) for f in outline.facts], _fail)
    elsewhere = yaml.safe_dump(data.get("distractors", []), allow_unicode=True)
    candidates = []
    for leaf in ([fact] if fact else sorted(readers)):
        if leaf not in facts or facts[leaf].formula or base.get(leaf) is None:
            continue
        new = perturbed(base[leaf])
        nodes = [Node(f.id, new.as_value() if f.id == leaf else (f.value if not f.formula else None), f.formula)
                 for f in outline.facts]
        after = solve(nodes, _fail)
        changed = {fid: (render_value(base[fid].as_value()), render_value(after[fid].as_value()))
                   for fid in after if base.get(fid) is not None and after[fid] is not None
                   and render_value(base[fid].as_value()) != render_value(after[fid].as_value())}
        if any(old in elsewhere for old, _ in changed.values()):
            continue
        candidates.append((-len(changed), -readers.get(leaf, 0), leaf, new, changed))
    if candidates:
        _, _, leaf, new, changed = min(candidates, key=lambda c: c[:3])
        return Twin(text=_rewrite(data, leaf, new, changed), fact=leaf, changed=changed)
    raise TwinError(f"{path}: no input of the ledger can change without a distractor or an inventory line "
                    "contradicting it; name one with --fact")


def _replaced(value, changed: dict[str, tuple[str, str]]):
    """Every string inside a YAML value with each old figure written as its new one."""
    if isinstance(value, str):
        for old, fresh in changed.values():
            value = value.replace(old, fresh)
        return value
    if isinstance(value, list):
        return [_replaced(v, changed) for v in value]
    if isinstance(value, dict):
        return {k: _replaced(v, changed) for k, v in value.items()}
    return value


def _rewrite(data: dict, leaf: str, new, changed: dict[str, tuple[str, str]]) -> str:
    out = {k: (v if k == "distractors" else _replaced(copy.deepcopy(v), changed)) for k, v in data.items()}
    for f in out["facts"]:
        if f["id"] == leaf:
            f["value"] = new.as_value().model_dump(mode="json")
        elif f["id"] in changed and f.get("formula"):
            f.pop("value", None)  # the ledger computes it again
    text = yaml.safe_dump(out, allow_unicode=True, sort_keys=False, width=120)
    parse_outline(text, file="<twin>")  # a twin the checker refuses is a bug here, not the author's
    return text


def twin_quantity(text: str, fact_id: str):
    """The quantity a fact has in a twin outline's text (for tests and the bench)."""
    outline = parse_outline(text, file="<twin>")
    solved = solve([Node(f.id, f.value if not f.formula else None, f.formula) for f in outline.facts], _fail)
    return solved[fact_id] if fact_id in solved else quantity_of(None)

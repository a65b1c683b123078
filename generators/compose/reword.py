"""Repairs of boilerplate: a sentence validation found word for word in too many artifacts, said another way here."""

from __future__ import annotations

import hashlib
import re
from typing import Any, Callable

from pydantic import BaseModel

# realism_boilerplate's row detail, as a repair note carries it
_NOTE = re.compile(r'^realism_boilerplate: the sentence "(?P<s>.+)" appears word for word in \d+ artifacts')
# 'X is Y.': the commonest shape of a restated figure ('The 2025 service charge claimed is GBP 1,260,000.')
_IS = re.compile(r"^(?P<x>[A-Z][^.;:]*?) is (?P<y>[^;]+)\.$")


def repeated(notes: list[str]) -> list[str]:
    """The sentences the repair notes say are word for word in too many artifacts."""
    return [m.group("s") for n in notes if (m := _NOTE.match(n))]


def reworded(text: str, seed: str) -> str:
    """The sentence said another way, with every word of its figures kept; which way is drawn from `seed` (the
    artifact), so that the artifacts that shared it do not share the new one. The fixed-text and dispute composers
    write some figures in one frame, and a repair that composed them again with a new seed wrote the same sentence
    (service-charge-dispute and aircraft-redelivery at seed 83 were quarantined, repairs and all)."""
    n = int(hashlib.sha256(seed.encode()).hexdigest()[:8], 16)
    m = _IS.match(text)
    if m:
        x, y = m.group("x"), m.group("y")
        low = x[0].lower() + x[1:] if not re.match(r"[A-Z]{2}|[A-Z][a-z]*\s+[A-Z0-9]", x) else x
        # an article before a name is lower case mid-sentence (seed 83: 'As for The Engine 2 borescope finding')
        low = re.sub(r"^(The|A|An)\s", lambda a: a.group(1).lower() + " ", low)
        ways = [f"{x}: {y}.", f"On {low}, it is {y}.", f"As for {low}, it is {y}."]
        return ways[n % len(ways)]
    leads = ["To recap, ", "As before, ", "Again, ", "For completeness, "]
    return leads[n % len(leads)] + text[0].lower() + text[1:] if text[1:2].islower() else leads[n % len(leads)] + text


def mapped(value: Any, fn: Callable[[str], str]) -> Any:
    """A content model (or any value inside one) with `fn` applied to every string; unchanged parts are the same
    objects."""
    if isinstance(value, str):
        return fn(value)
    if isinstance(value, BaseModel):
        update = {name: new for name in type(value).model_fields
                  if (new := mapped(old := getattr(value, name), fn)) is not old and new != old}
        return value.model_copy(update=update) if update else value
    if isinstance(value, list):
        out = [mapped(v, fn) for v in value]
        return out if any(a is not b for a, b in zip(out, value)) else value
    if isinstance(value, tuple):
        return tuple(mapped(v, fn) for v in value)
    if isinstance(value, dict):
        return {k: mapped(v, fn) for k, v in value.items()}
    return value


def without_repeats(content: BaseModel, notes: list[str], seed: str) -> BaseModel:
    """The content with each sentence the notes name as boilerplate said another way wherever it stands."""
    found = repeated(notes)
    if not found:
        return content
    return mapped(content, lambda s: _swap(s, found, seed))


def _swap(text: str, found: list[str], seed: str) -> str:
    if not any(s in text for s in found):
        return text
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.lstrip().startswith(">"):
            continue  # a quote of the message replied to stays as that message has it
        for s in found:
            if s in line:
                # only where it stands as a sentence: a name the check took for one (a paper's title in a source cell
                # or an agenda line) given a lead read "Comments on For completeness, survey report" (blind read 30)
                line = re.sub(r"(?:^|(?<=[.!?]\s)|(?<=^[-*>\s]\s))" + re.escape(s), lambda m: reworded(s, seed), line)
        lines[i] = line
    return "\n".join(lines)

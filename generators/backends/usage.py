"""Accounting of model calls: calls, cache hits, retries, re-asks, failures, tokens and wall time per artifact kind."""

from __future__ import annotations

import math
import time

from pydantic import BaseModel, ConfigDict, Field

_STRICT = ConfigDict(extra="forbid")

KINDS = ("email", "document", "spreadsheet", "expand", "repair")


class Price(BaseModel):
    """What a model costs, in US dollars per million tokens."""

    model_config = _STRICT
    input_per_million: float = Field(ge=0)
    output_per_million: float = Field(ge=0)


class KindUsage(BaseModel):
    """The counters of one artifact kind."""

    model_config = _STRICT
    requests: int = Field(0, description="artifacts asked for (cache hits included)")
    calls: int = Field(0, description="HTTP requests made")
    cache_hits: int = 0
    retries: int = Field(0, description="HTTP requests repeated after a 429, 5xx, timeout or dropped connection")
    reasks: int = Field(0, description="answers asked again after malformed JSON, a schema violation or truncation")
    failures: int = Field(0, description="artifacts that could not be generated")
    tokens_in: int = 0
    tokens_out: int = 0
    estimated: bool = Field(False, description="some token counts are estimates (chars/4): the server sent none")
    busy_s: float = Field(0.0, description="seconds spent in generate, summed over concurrent calls")
    engine_filled: int = Field(0, description="artifacts whose model prose the engine completed or replaced in part")

    def add(self, other: "KindUsage") -> None:
        """Add another kind's counters to these."""
        for name in ("requests", "calls", "cache_hits", "retries", "reasks", "failures", "tokens_in", "tokens_out",
                     "engine_filled"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.busy_s += other.busy_s
        self.estimated = self.estimated or other.estimated


def estimate_tokens(text: str) -> int:
    """A token estimate for servers that report no usage: one token per four characters, rounded up."""
    # Never a real tokenizer: tiktoken downloads its vocabularies, and runs must work offline.
    return math.ceil(len(text) / 4)


class Usage:
    """Counters for one run: per kind, plus the span from the first call's start to the last call's end."""

    def __init__(self, model: str | None = None, prices: dict[str, Price | dict] | None = None):
        self.model = model
        self.prices = {m: p if isinstance(p, Price) else Price.model_validate(p) for m, p in (prices or {}).items()}
        self.kinds: dict[str, KindUsage] = {}
        self.filled: dict[str, list[str]] = {}  # artifact id -> what the engine filled in around the model's prose
        self._first: float | None = None
        self._last: float | None = None

    def __repr__(self) -> str:
        return f"Usage(model={self.model!r}, kinds={sorted(self.kinds)})"

    def kind(self, name: str) -> KindUsage:
        """The counters of one kind, created on first use."""
        held = self.kinds.get(name)  # not setdefault: a KindUsage made and dropped on every call of the kind
        if held is None:
            held = self.kinds[name] = KindUsage()
        return held

    def filled_in(self, kind: str, artifact_id: str, notes: list[str]) -> None:
        """Note what the engine filled in around the model's prose of one artifact (its latest making counts)."""
        if artifact_id not in self.filled:
            self.kind(kind).engine_filled += 1
        self.filled[artifact_id] = sorted(set(notes))

    def started(self) -> float:
        """Note that a call starts now; returns the start time (monotonic)."""
        now = time.monotonic()
        if self._first is None:
            self._first = now
        return now

    def finished(self, kind: str, start: float) -> None:
        """Note that a call of this kind, started at `start`, ends now."""
        now = time.monotonic()
        self._last = now if self._last is None else max(self._last, now)
        self.kind(kind).busy_s += now - start

    @property
    def wall_s(self) -> float:
        """Seconds from the first call's start to the last call's end."""
        if self._first is None or self._last is None:
            return 0.0
        return self._last - self._first

    def totals(self) -> KindUsage:
        """All kinds added together."""
        total = KindUsage()
        for k in self.kinds.values():
            total.add(k)
        return total

    def cost_usd(self, kind: KindUsage | None = None) -> float | None:
        """The cost of these tokens by the price table, or None when the model has no price."""
        price = self.prices.get(self.model or "")
        if price is None:
            return None
        k = kind or self.totals()
        return round(k.tokens_in / 1e6 * price.input_per_million + k.tokens_out / 1e6 * price.output_per_million, 6)

    def to_manifest(self) -> dict:
        """The accounting as the manifest records it: per kind, totals, wall time and, if priced, cost."""
        kinds = {}
        for name in sorted(self.kinds, key=lambda n: (KINDS.index(n) if n in KINDS else len(KINDS), n)):
            entry = self.kinds[name].model_dump()
            entry["busy_s"] = round(entry["busy_s"], 3)
            cost = self.cost_usd(self.kinds[name])
            if cost is not None:
                entry["cost_usd"] = cost
            kinds[name] = entry
        totals = self.totals().model_dump()
        totals["busy_s"] = round(totals["busy_s"], 3)
        out: dict = {"model": self.model, "kinds": kinds, "totals": totals, "wall_s": round(self.wall_s, 3)}
        if self.filled:
            out["filled"] = dict(sorted(self.filled.items()))
        cost = self.cost_usd()
        if cost is not None:
            out["cost_usd"] = cost
        return out

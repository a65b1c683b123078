"""An adaptive concurrency limit: additive increase, multiplicative decrease (AIMD) on rate limits.

A server that answers 429 is saying that fewer requests at once would do better. The limit halves on
a 429 and grows back by one slot for each limit's worth of calls that succeed (TCP's congestion
window; NeMo Data Designer throttles its model calls the same way). One burst of 429s from the calls
that were in flight together cuts the limit once, not once per call: a 429 from a call that started
before the last cut is already accounted for. A call holds a slot only while its request is on the
wire; waiting out a backoff, it holds none.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class Slot:
    """One call's hold on the limit: it says how the call went, and the limit adjusts when it is let go."""

    __slots__ = ("epoch", "outcome")

    def __init__(self, epoch: int) -> None:
        self.epoch = epoch
        self.outcome = "other"  # a timeout or a server error says nothing about the rate

    def throttled(self) -> None:
        """The server answered 429: too many at once."""
        self.outcome = "throttled"

    def succeeded(self) -> None:
        """The server answered."""
        self.outcome = "ok"


class AdaptiveLimit:
    """At most `limit` calls at once; `limit` moves between `minimum` and `maximum` by AIMD."""

    def __init__(self, maximum: int, minimum: int = 1, factor: float = 0.5) -> None:
        if maximum < 1 or not 1 <= minimum <= maximum or not 0 < factor < 1:
            raise ValueError("need 1 <= minimum <= maximum and 0 < factor < 1")
        self.maximum, self.minimum, self.factor = maximum, minimum, factor
        self.limit = float(maximum)
        self.in_flight = 0
        self.epoch = 0  # how many times the limit was cut
        self.lowest = float(maximum)
        self.peak_in_flight = 0
        self._changed = asyncio.Condition()

    @property
    def allowed(self) -> int:
        """How many calls may be in flight now."""
        return max(self.minimum, int(self.limit))

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[Slot]:
        """Wait for a free slot and hold it for one request; mark the slot with how the request went."""
        async with self._changed:
            await self._changed.wait_for(lambda: self.in_flight < self.allowed)
            self.in_flight += 1
            self.peak_in_flight = max(self.peak_in_flight, self.in_flight)
            held = Slot(self.epoch)
        try:
            yield held
        finally:
            async with self._changed:
                self.in_flight -= 1
                self._adjust(held)
                self._changed.notify_all()

    def _adjust(self, held: Slot) -> None:
        if held.outcome == "throttled":
            if held.epoch == self.epoch:  # the first 429 of its burst: cut once
                self.limit = max(float(self.minimum), self.limit * self.factor)
                self.lowest = min(self.lowest, self.limit)
                self.epoch += 1
        elif held.outcome == "ok" and self.limit < self.maximum:
            self.limit = min(float(self.maximum), self.limit + 1.0 / self.limit)

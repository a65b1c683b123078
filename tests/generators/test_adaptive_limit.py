"""Adaptive concurrency: on 429s the limit backs off and recovers (AIMD), and a call waiting out its
backoff gives up its slot. Over real HTTP, with the real openai client, against the project's test server."""

from __future__ import annotations

import asyncio
import time

import pytest

from tests.generators.test_openai_backend import FAKE_KEY, backend, serving
from tests.generators.test_prompts import world_contexts
from worldsmith.generators.backends.limit import AdaptiveLimit
from worldsmith.generators.backends.test_server import TestServer, _error
from worldsmith.generators.registry import CONTENT_TYPES


class CappedServer(TestServer):
    """A server that takes at most `cap` requests at once and answers 429 (Retry-After) to the rest."""

    cap = 3

    def _complete(self, h, body, entry):
        with self._lock:
            busy = self._in_flight  # this request included
        if busy > self.cap:
            return self._send(h, entry, 429, _error("Rate limit reached for requests.", "requests", "rate_limit_exceeded"),
                              {"Retry-After": "0.05"})
        return super()._complete(h, body, entry)


class FirstCallWaits(TestServer):
    """A server whose very first request is answered 429 with a long Retry-After."""

    retry_after_s = 1.0

    def _complete(self, h, body, entry):
        with self._lock:
            first = not getattr(self, "_refused_one", False)
            self._refused_one = True
        if first:
            return self._send(h, entry, 429, _error("Rate limit reached.", "requests", "rate_limit_exceeded"),
                              {"Retry-After": f"{self.retry_after_s:g}"})
        return super()._complete(h, body, entry)


def test_the_limit_halves_once_per_burst_and_grows_back_by_one_per_window():
    async def scenario():
        limit = AdaptiveLimit(8)
        async def call(outcome: str, hold: float):
            async with limit.slot() as slot:
                await asyncio.sleep(hold)
                getattr(slot, outcome)()
        await asyncio.gather(*(call("throttled", 0.01) for _ in range(8)))  # one burst of eight 429s
        after_burst = limit.limit
        for _ in range(30):
            await call("succeeded", 0)
        return after_burst, limit
    after_burst, limit = asyncio.run(scenario())
    assert after_burst == 4.0  # halved once, not eight times
    assert limit.epoch == 1 and limit.lowest == 4.0
    assert limit.limit == 8.0  # about one slot per limit's worth of successes: 4 + 4 windows in 30 calls


def test_waiters_never_exceed_the_current_limit():
    async def scenario():
        limit = AdaptiveLimit(6)
        seen = []
        async def call(i: int):
            async with limit.slot() as slot:
                seen.append((limit.in_flight, limit.allowed))
                await asyncio.sleep(0.01)
                slot.throttled() if i < 3 else slot.succeeded()
        await asyncio.gather(*(call(i) for i in range(40)))
        return seen
    assert all(n <= allowed or n <= 6 for n, allowed in asyncio.run(scenario()))


def test_on_429s_the_backend_backs_off_to_what_the_server_takes_and_finishes():
    contexts = world_contexts()
    calls = [c for _ in range(6) for c in contexts]
    with serving(server_class=CappedServer, latency=0.05) as server:
        b = backend(server, concurrency=16, max_attempts=8)

        async def all_at_once():
            return await asyncio.gather(*(b.generate(c, CONTENT_TYPES[c.spec.kind]) for c in calls))

        results = asyncio.run(all_at_once())
        statuses = [r["status"] for r in server.requests if r["path"] == "/v1/chat/completions"]
    assert len(results) == len(calls)
    limit = b.limit
    assert limit is not None and int(limit.lowest) <= CappedServer.cap + 1, limit.lowest  # backed off near the server's cap
    assert limit.epoch >= 1 and limit.limit > limit.lowest  # and grew back as calls succeeded
    throttled = statuses.count(429)
    assert throttled >= 1 and statuses.count(200) == len(calls)
    # A fixed limit of 16 against a cap of 3 would be refused about 13 of every 16 tries, so many calls
    # would run out of attempts; backing off keeps the 429s to a fraction of the calls.
    assert throttled < len(calls), (throttled, len(calls))


def test_a_call_waiting_out_its_backoff_gives_up_its_slot():
    contexts = world_contexts()[:2]
    with serving(server_class=FirstCallWaits, latency=0.05) as server:
        b = backend(server, concurrency=1, max_attempts=3)
        done: dict[int, float] = {}

        async def one(i: int, c):
            await b.generate(c, CONTENT_TYPES[c.spec.kind])
            done[i] = time.monotonic()

        async def both():
            start = time.monotonic()
            await asyncio.gather(*(one(i, c) for i, c in enumerate(contexts)))
            return start

        start = asyncio.run(both())
    # The first call is told to wait a second; with its one slot given up, the second is answered meanwhile.
    assert done[1] - start < FirstCallWaits.retry_after_s - 0.3, done
    assert done[0] - start >= FirstCallWaits.retry_after_s

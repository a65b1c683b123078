"""Issue 17 (mail8): mail read by the professional who owns the room, on two outlines the composer was not written
on (a construction delay claim, an aircraft redelivery); the rules are general, the fixtures only show them."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from worldsmith.flows import pipeline
from worldsmith.generators.backends.offline import OfflineBackend
from worldsmith.generators.compose.parties import client_of, in_voice, org
from worldsmith.generators.context import build_context
from worldsmith.worlds.content import EmailContent

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@functools.lru_cache(maxsize=None)
def fixture_world(name: str, seed: int = 9):
    """(plan, taxonomy, contents) of a test fixture outline made offline, without rendering."""
    backend = OfflineBackend()
    prepared = pipeline.prepare(FIXTURES / f"{name}.yaml", seed, backend)
    plan = pipeline.make_plan(prepared)
    return plan, prepared.taxonomy, pipeline.generate(plan, prepared.taxonomy, backend)


def _own(body: str) -> str:
    """A message's own words, without what it quotes or forwards."""
    return re.split(r"\n\s*(?:On .{5,80} wrote:|-{5,} Forwarded message)", body, maxsplit=1)[0]


_OUR = re.compile(r"(?i)(?<![\w'])our client")
_YOUR = re.compile(r"(?i)\byour client")


@pytest.mark.parametrize("name", ["construction-delay", "aircraft-redelivery"])
def test_only_one_who_acts_for_a_client_speaks_of_our_client_and_only_to_counsel_of_your_client(name):
    # 'Our client's rights are expressly reserved.' closed a contractor's own notice of delay, and an engine shop
    # asked the lessor itself to 'let us have your client's response' (mail8's read at seed 9)
    plan, taxonomy, contents = fixture_world(name)
    seen = 0
    for spec in plan.artifacts:
        c = contents.get(spec.id)
        if not isinstance(c, EmailContent):
            continue
        ctx = build_context(plan, taxonomy, spec, contents)
        own = _own(c.body)
        if not client_of(ctx):
            assert not _OUR.search(own), (spec.path, own)
        if not any((o := org(ctx, p.organisation)) is not None and o.acts_for for p in ctx.to + ctx.cc):
            assert not _YOUR.search(own), (spec.path, own)
        seen += 1
    assert seen > 20


def test_in_voice_drops_the_wordings_that_name_a_client_nobody_has():
    from tests.generators.context_fixture import email_context

    ctx = email_context("new", seed=1, facts=[])
    ctx = ctx.model_copy(update={"organisations": []})  # nobody acts for anyone
    frames = ["[Please|Kindly] let us have your [response|client's response] by {day}.",
              "[~We reserve all rights|Our client's rights are reserved].", "Our client reserves its position."]
    assert in_voice(ctx, frames) == ["[Please|Kindly] let us have your response by {day}.", "We reserve all rights."]

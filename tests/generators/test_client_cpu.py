"""The model path's own CPU per call (issue 22 item 5): work that is the same for every sentence, fact or call is done
once, and what is done must give the same prompt and the same content as before (the body and key tests of
test_openai_backend.py and test_prompts.py hold the bytes)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from worldsmith.generators import labels
from worldsmith.generators.kinds import prose
from worldsmith.generators.prompts import render_messages
from worldsmith.generators.context import FactRef
from worldsmith.worlds import kinds
from tests.generators.context_fixture import email_context
from tests.generators.test_prompts import world_contexts


@pytest.fixture(scope="module")
def contexts():
    return world_contexts()


def test_the_guard_dates_its_text_once_and_reads_only_sentences_with_a_digit(monkeypatch):
    ctx = email_context()
    dated, read = [], []
    day_of, said = prose.artifact_day, prose._said_by_engine
    monkeypatch.setattr(prose, "artifact_day", lambda spec: dated.append(spec) or day_of(spec))
    text = ("Thanks for this. We will come back to you shortly. The call is set for March 4.\n"
            "Nothing else moves. See you then.")
    out = prose.guard(text, ctx, [])
    assert out == text  # a date a few days out is the writer's: nothing is taken out
    assert len(dated) == 1  # once for the text, not once per sentence (five)
    monkeypatch.setattr(prose, "_AMOUNT", _Counting(prose._AMOUNT, read))
    assert prose.guard(text, ctx, []) == text
    assert read == ["The call is set for March 4."]  # the one sentence that holds a digit
    assert said is prose._said_by_engine


class _Counting:
    """A compiled pattern that records what it is asked to search."""

    def __init__(self, pattern, seen: list[str]):
        self.pattern, self.seen = pattern, seen

    def search(self, text: str):
        self.seen.append(text)
        return self.pattern.search(text)


def test_the_guard_still_drops_an_amount_or_a_far_date_it_did_not_give():
    ctx = email_context()
    notes: list[str] = []
    out = prose.guard("We paid USD 12,345 last week. The hearing is on 2031-01-01. All good.", ctx, notes)
    assert out == "All good."
    assert notes.count("dropped a sentence with an amount or date the engine did not give") == 2


def test_a_facts_label_is_derived_once_for_all_the_contexts_that_ask(monkeypatch):
    calls = []
    derived = labels.derived_label
    monkeypatch.setattr(labels, "derived_label", lambda *a: calls.append(a) or derived(*a))
    labels._label_of.cache_clear()
    fact = SimpleNamespace(id="nrd_claimed", statement="The natural resource damages claimed are USD 5.", label="")
    named = SimpleNamespace(id="cap", statement="The cap is USD 9.", label="liability cap")
    assert {labels.fact_label(fact) for _ in range(50)} == {"the natural resource damages claimed"}
    assert {labels.fact_label(named) for _ in range(50)} == {"the liability cap"}
    assert len(calls) == 1  # the labelled fact derives nothing; the other, once


def test_the_context_block_dumps_no_fact_again(contexts, monkeypatch):
    with_facts = [c for c in contexts if c.facts and c.week]
    with_facts = with_facts or [c for c in contexts if c.facts]
    assert with_facts
    before = [render_messages(c, kinds.of(c.spec).prose) for c in with_facts]
    dumps = []
    real = FactRef.model_dump
    monkeypatch.setattr(FactRef, "model_dump", lambda self, **k: dumps.append(self.id) or real(self, **k))
    after = [render_messages(c, kinds.of(c.spec).prose) for c in with_facts]
    assert after == before
    # the facts block of the instructions dumps each fact once; the context block takes the context's own dump
    assert len(dumps) <= sum(len(c.facts) for c in with_facts)

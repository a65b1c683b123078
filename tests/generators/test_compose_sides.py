"""Issue 17 (mail and chat): who decides, what is asked, what chat talks about, from the plan's sides and dates."""

from __future__ import annotations

import json
import re

from worldsmith.generators.kinds.email.compose import compose_email
from worldsmith.generators.compose.voice import of_the_matter
from tests.generators.context_fixture import TONNES, email_context

# What a reply asks or disputes when it takes a point up (beats.question, beats.object, reactions.ask).
_TAKES_UP = re.compile(r"\?|source|signed off|estimate|push back|don't agree|not agreed|disputed", re.I)


def _reply(beat: str, seed: int, settled: list[str], labels: list[str]):
    ctx = email_context("reply", seed=seed, facts=[])
    spec = ctx.spec.model_copy(update={"beat": beat})
    return ctx.model_copy(update={"spec": spec, "thread_labels": labels, "settled_labels": settled})


def test_a_reply_never_questions_or_disputes_a_settled_point():
    labels = ["the vessel", "the date of the casualty"]
    for seed in range(30):
        for beat in ("question", "object", "confirm"):
            body = compose_email(_reply(beat, seed, labels, labels)).body
            assert not _TAKES_UP.search(body), body
            assert not re.search(r"agreed on|is agreed", body, re.I), body  # nor agrees to a date set weeks ago


def test_a_question_goes_to_the_point_still_open():
    labels = ["the liability cap", "the vessel"]
    asked = [compose_email(_reply("question", seed, ["the vessel"], labels)).body for seed in range(30)]
    assert any("liability cap" in b for b in asked)
    assert not any(re.search(r"[^.]*the vessel[^.]*\?", b) for b in asked), asked


def test_a_trades_documents_are_written_only_where_the_matter_uses_them():
    matter = "Project Millrace: buy-side due diligence; the investment committee approves a revised offer"
    docs = ["morning note", "trade confirmation", "axe list", "investment committee memo", "share purchase agreement"]
    assert of_the_matter(docs, matter) == ["investment committee memo"]
    assert of_the_matter(docs, None) == docs


def test_a_weekly_status_reply_carrying_a_figure_still_names_it():
    # (the acknowledgement of a settled thread still carries the facts the plan gave the reply)
    ctx = _reply("confirm", 3, ["the cargo lost overboard"], ["the cargo lost overboard"])
    ctx = ctx.model_copy(update={"facts": [TONNES]})
    assert TONNES.text in compose_email(ctx).body


def test_in_the_buyside_example_the_fund_takes_its_own_decision_and_chat_has_no_trading_desk(published_diligence):
    plan = json.loads((published_diligence / "plan.json").read_text(encoding="utf-8"))
    people = {p["id"]: p for p in plan["people"]}
    ic = next(f for f in plan["facts"] if f["id"] == "ic_decision")
    # the committee's decision is written as taken only by the fund's people; an adviser notes it (seed 0 had the
    # adviser MD write "We have decided" to the fund, and the target's CFO "I've decided" in the QoE thread)
    stating = [a for a in plan["artifacts"] if a.get("decision") == ic["text"]]
    assert stating
    for a in stating:
        assert a["beat"] == "noted" or people[a["author"]]["organisation"] == "pennock", (a["id"], a["author"])
    # (the QoE thread's concession is the target CFO's answer across the table, its expert's point, not a decision of
    # our side: none of its messages takes the committee's decision)
    qoe = [a for a in plan["artifacts"] if a["id"].startswith("qoe_capitalised")]
    assert qoe and all(a.get("decision") != ic["text"] for a in qoe)
    chat = " ".join(p.read_text(encoding="utf-8").lower() for p in (published_diligence / "room").rglob("*.json"))
    assert chat and not re.search(r"morning note|axe list|trade confirmation|market colour", chat)


def test_nobody_asks_another_for_the_source_of_their_own_firms_figure():
    labels = ["the probe sample", "the liability cap"]
    for seed in range(30):
        ctx = _reply("question", seed, [], labels).model_copy(update={"own_labels": ["the probe sample"]})
        body = compose_email(ctx).body
        assert not re.search(r"[^.]*probe sample[^.]*\?", body), body

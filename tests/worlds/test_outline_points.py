"""Outline points: what a document or thread must say, in its author's words, with facts as {fact_id}."""

from __future__ import annotations

from pathlib import Path

import pytest

from worldsmith.worlds.errors import OutlineError
from worldsmith.worlds.outline import parse_outline
from worldsmith.worlds.points import parse_point, parse_points, points_for_copy, render_point

TEXT = (Path(__file__).resolve().parents[1] / "fixtures" / "mini.yaml").read_text()
MEMO = "        facts: [cap, tonnage, clause]\n"
THREAD = "        facts: [cap, spill_date]\n"


def with_points(anchor: str, *points: str) -> str:
    assert anchor in TEXT
    lines = "".join(f"          - {p!r}\n".replace("'", '"') if "'" not in p else f"          - \"{p}\"\n"
                    for p in points)
    return TEXT.replace(anchor, anchor + "        points:\n" + lines, 1)


def error_of(text: str) -> OutlineError:
    with pytest.raises(OutlineError) as info:
        parse_outline(text, file="matter.yaml")
    return info.value


def test_a_heading_is_a_few_words_before_the_first_colon():
    assert parse_point("Contracts: the MSA lets {client} terminate.") == \
        Point_("Contracts", "the MSA lets {client} terminate.", ("client",))
    assert parse_point("Clause 19.2: consent before signing").heading == "Clause 19.2"
    long = parse_point("On the third day the board of directors resolved: to sell")
    assert long.heading is None and long.text.startswith("On the third day")
    assert parse_point("The cap. It holds: yes").heading is None


def Point_(heading, text, ids):
    from worldsmith.worlds.points import Point

    return Point(heading, text, ids)


def test_a_document_takes_points_and_carries_the_facts_they_name():
    outline = parse_outline(with_points(MEMO, "Limitation: the cap of {cap} holds unless {fault_share} is privity.",
                                        "We recommend pleading the cap at once."), file="matter.yaml")
    memo = outline.inventory[1].items[0]
    assert memo.points[0].startswith("Limitation:") and "fault_share" in memo.facts
    (first, second) = parse_points(memo)
    assert first.heading == "Limitation" and first.fact_ids == ("cap", "fault_share")
    assert render_point(first, {"cap": "USD 12,500,000", "fault_share": "60%"}) == \
        ("Limitation", "the cap of USD 12,500,000 holds unless 60% is privity.")
    assert second.heading is None


def test_an_unknown_fact_names_the_line_and_the_nearest_id():
    err = error_of(with_points(MEMO, "The cap is {capp}."))
    assert err.field.endswith("points[0]") and "did you mean {cap}" in str(err)
    assert err.line == with_points(MEMO, "The cap is {capp}.").splitlines().index('          - "The cap is {capp}."') + 1


def test_a_figure_no_fact_holds_is_refused_and_one_a_fact_holds_is_not():
    err = error_of(with_points(MEMO, "A further USD 2,000,000 is claimed."))
    assert "USD 2,000,000" in str(err) and "no fact holds" in str(err) and err.field.endswith("points[0]")
    assert "71%" in str(error_of(with_points(MEMO, "Fault: 71% lies with the operator.")))
    parse_outline(with_points(MEMO, "The cap is USD 12.5m, 60% of fault, clause 14.2 applies, 14 days."), file="m.yaml")


def test_a_point_cannot_carry_news_from_after_its_item():
    text = with_points(MEMO, "The indemnity is in {clause}.").replace(
        "    value: {type: text, value: clause 14.2}\n", "    value: {type: text, value: clause 14.2}\n    known_from: 2026-03-20\n")
    err = error_of(text.replace("facts: [cap, tonnage, clause]", "facts: [cap, tonnage]"))
    assert "known from 2026-03-20" in str(err) and err.field.endswith("points[0]")


def test_a_thread_takes_a_point_per_message_at_most():
    # (mini's thread is forwarded: its forward carries a fourth point, its note)
    err = error_of(with_points(THREAD, "one", "two", "three", "four", "five"))
    assert "5 points for a thread of 4 messages with its forward" in str(err) and "give messages: 4 or more" in str(err)
    unforwarded = TEXT.replace("        forward_to: [associate]\n", "", 1)
    assert "4 points for a thread of 3 messages:" in str(error_of(with_points_in(unforwarded, THREAD, "one", "two", "three", "four")))
    outline = parse_outline(with_points(THREAD, "The cap is {cap}.", "Agreed; we plead it."), file="m.yaml")
    assert len(outline.inventory[0].items[0].points) == 2


def test_copies_of_an_item_share_its_points_out_in_order():
    points = [parse_point(f"p{i}") for i in range(5)]
    assert [p.text for p in points_for_copy(points, 1, 2)] == ["p1", "p3"]
    assert points_for_copy(points, 0, 1) == points


def test_a_thread_made_count_times_takes_a_point_per_message_of_each_copy():
    weekly = TEXT.replace("        messages: 3\n", "        messages: 1\n        count: 2\n        dates: {start: 2026-03-04, end: 2026-03-20}\n", 1) \
        .replace("        date: 2026-03-04\n        messages: 1\n", "        messages: 1\n", 1)
    outline = parse_outline(with_points_in(weekly, THREAD, "The cap is {cap}.", "Nothing moved this week."), file="m.yaml")
    assert len(outline.inventory[0].items[0].points) == 2
    assert "5 points for a thread of 2 messages with its forward in each of 2 copies" in str(
        error_of(with_points_in(weekly, THREAD, "one", "two", "three", "four", "five")))


def with_points_in(text: str, anchor: str, *points: str) -> str:
    assert anchor in text
    return text.replace(anchor, anchor + "        points:\n" + "".join(f'          - "{p}"\n' for p in points), 1)


def test_a_value_that_ends_in_its_noun_takes_no_second_one():
    # the hospital example's findings point: '{errors} of the {sampled} sampled claims were in error' read '46 claims of
    # the 400 claims sampled claims'; a money amount or a noun of another kind keeps the value whole
    from worldsmith.worlds.points import render_text

    values = {"errors": "46 claims", "sampled": "400 claims", "cap": "USD 12,500,000", "term": "36 months"}
    assert render_text("{errors} of the {sampled} sampled claims were in error", values) == \
        "46 claims of the 400 sampled claims were in error"
    assert render_text("{errors} claims; {sampled}, in three strata", values) == "46 claims; 400 claims, in three strata"
    assert render_text("a cap of {cap} applies over {term} of amortisation", values) == \
        "a cap of USD 12,500,000 applies over 36 months of amortisation"
    assert render_text("{cap}", values) == "USD 12,500,000"


def test_a_point_runs_to_its_own_bound_and_may_wrap_lines():
    # a point was held to a title's 200 characters and one line ('a points holds at most 200', pmail8's report)
    long = "Scope: " + "the review covers every claim of the period and its records " * 8
    assert 300 < len(long) < 600
    text = TEXT.replace(MEMO, MEMO + "        points:\n          - |\n            " + long[:300] + "\n            "
                        + long[300:] + "\n", 1)
    memo = parse_outline(text, file="m.yaml").inventory[1].items[0]
    assert parse_points(memo)[0].text.startswith("the review covers")
    err = error_of(with_points(MEMO, "x" * 700))
    assert "at most 600 characters" in str(err) and err.field.endswith("points[0]"), str(err)

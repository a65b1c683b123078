"""A fixture outline's world keeps a spread of tasks (issue 16): bench.tasks measured only the three examples, and a
collapse on every other outline went unseen (tests/fixtures/covenant-breach.yaml at seed 0: 19 tasks at 19aacb9, 4
after; every chronology task refused 'oracle_fails: the reference solution scores 0.0')."""

from __future__ import annotations

from collections import Counter

import pytest

from worldsmith.environments.side_checks import padded


def test_a_party_named_with_inc_or_ltd_in_each_sentence_is_no_padding():
    # the chronology oracle: 'Quillfield Packaging Group Inc. first received the covenant EBITDA ... from Kevin
    # Contreras.' four times over, one figure each; split after 'Inc.' the five sentences read as one said five times
    answer = "\n".join(f"Quillfield Packaging Group Inc. first received the {what} on August {day}, 2026, from Kevin "
                       f"Contreras." for what, day in [("covenant EBITDA of USD 45,000,000", 12),
                                                        ("total net debt of USD 166,500,000", 12),
                                                        ("maximum total net leverage ratio of 3.5x", 10),
                                                        ("total net leverage ratio of 3.7x", 13)])
    assert not padded(answer)
    assert not padded(answer.replace("Inc.", "Ltd.").replace("\n", " "))
    assert not padded("Northbank Capital, N.A. sent it. Northbank Capital, N.A. sent the rest. Northbank Capital, "
                      "N.A. signed on May 2.")
    # filler is still padding, after a company's name too
    assert padded(answer + "\n" + " ".join(["Quillfield Packaging Group Inc. has been told."] * 3))
    assert padded(answer + "\n" + " ".join(["Additional context for the team."] * 3))


def test_a_count_in_engine_flight_hours_is_no_money_and_engine_2_is_no_figure():
    # aircraft redelivery at seed 0: '17,350 EFH' was read as money in a currency 'EFH', and 'Engine 2 EFH since last
    # shop visit' as a figure of 2 EFH no file gives; the reply, exceed, review and what-ifs on them failed their own
    # reference solutions (0.43 to 0.86)
    from worldsmith.environments import answers
    from worldsmith.environments.grade import asserts_value, is_currency, rivals, want_of

    assert not is_currency("EFH") and is_currency("USD") and is_currency("GBP")
    assert want_of("17,350 EFH", 17350.0, "EFH").kind == "number"
    text = ("The Engine 2 EFH since last shop visit (17,350 EFH) exceeds the Engine 2 EFH shortfall (4,150 EFH) by "
            "13,200 EFH.")
    assert asserts_value(text, "17,350 EFH", 17350.0, "EFH") and asserts_value(text, "13,200 EFH", 13200.0, "EFH")
    assert [m.value for m in answers.parse(text).mentions] == [17350, 4150, 13200]
    assert not rivals(text, "13,200 EFH", 13200.0, "EFH", [17350.0, 4150.0])
    assert rivals(text.replace("4,150", "4,250"), "13,200 EFH", 13200.0, "EFH", [17350.0, 4150.0])  # still read
    assert not asserts_value(text, "17,350 EFH", 17350.0, "USD")  # and no amount of money


def test_a_sheet_citing_a_room_file_by_its_name_makes_up_no_figure():
    from types import SimpleNamespace

    from worldsmith.environments.grade import _without_room_paths

    files = [SimpleNamespace(path="room/Correspondence/Technical/Engine 2 PRSV quotation, ESN 598-417/01 2028-03-28 "
                                  "0956 Walker.eml"), SimpleNamespace(path="room/Papers/Lease summary.docx")]
    world = SimpleNamespace(world_id="test-room-names", manifest=SimpleNamespace(files=files))
    row = "Engine 2 PRSV quote | 6180000 | Correspondence/Technical/Engine 2 PRSV quotation, ESN 598-417/01 " \
          "2028-03-28 0956 Walker.eml"
    kept = _without_room_paths(row, world)
    assert "6180000" in kept and "598" not in kept
    assert "598" in _without_room_paths("Engine 2 PRSV quote | 598 | Lease summary.docx", world)  # a figure stays


def test_a_label_named_as_a_term_of_a_difference_is_not_given_the_difference():
    # recall recovery at seed 0: the governs task's reference, 'The recall costs less the policy retention (USD
    # 6,590,000) is below the policy limit', lost 0.29 to 'gives another figure as the policy retention'
    from worldsmith.environments.grade import bound_to

    anchors = ["policy retention (", "policy retention is", "policy retention of"]
    right = "The recall costs less the policy retention (USD 6,590,000) is below the policy limit (USD 7,500,000)."
    assert not bound_to(right, anchors, "USD 6,590,000", 6590000.0, "USD")
    assert not bound_to(right.replace("less the", "net of the"), anchors, "USD 6,590,000", 6590000.0, "USD")
    assert bound_to("The policy retention (USD 6,590,000) is deducted.", anchors, "USD 6,590,000", 6590000.0, "USD")
    assert bound_to("The policy retention is USD 6,590,000.", anchors, "USD 6,590,000", 6590000.0, "USD")


@pytest.fixture(scope="module")
def covenant_tasks(published_covenant):
    """tests/fixtures/covenant-breach.yaml at seed 0, published offline, and its task set after the lint."""
    import worldsmith
    from tests.published import task_set_of

    world = worldsmith.open(published_covenant)
    yield world, task_set_of(world)
    world.close()


def test_a_fixture_world_keeps_its_spread_of_tasks(covenant_tasks):
    # 19aacb9..ea2fa65: the chronology tasks refused (padded), the what-if, exceed, memo and sheet read off the one
    # computation memo and dropped as one-file warm-ups: 4 tasks (as_of 2, reply 1, review 1)
    world, task_set = covenant_tasks
    kinds = Counter(t.kind for t in task_set.tasks)
    assert len(task_set.tasks) >= 12 and len(kinds) >= 5, kinds
    # a reference solution the grader marks below 1 is a bug of the grader or the reference, never a task to drop
    assert not [r for r in task_set.refused if r["reason"] == "oracle_fails"], task_set.refused
    # compute (a what-if on a derived figure), judgement, deliverables, chronology, each read across files
    assert {"what_if", "exceed", "memo", "reply", "review"} <= set(kinds), kinds
    assert any(t.id.startswith("chronology-") for t in task_set.tasks)
    assert all(len(t.needs.files) >= 2 for t in task_set.tasks)
    # a recomputation reads the covenant's maximum where it is set, not only off the computation memo
    what_if = next(t for t in task_set.tasks if t.kind == "what_if")
    memo = {f.path.split("/", 1)[1] for f in world.manifest.files if f.path.startswith("room/")
            if "Memo re the" in f.path}
    assert len(set(what_if.needs.files) - memo) >= 1, what_if.needs.files


def test_a_memo_question_is_not_crossed_by_the_next_that_shares_two_of_its_label_words():
    # rent review at seed 0: the memo's reference lost 0.38 to 'gives another question's gap': 'The without prejudice
    # offer ... exceeds the tenant's proposed rent ... by GBP 64,200' read as naming the landlord's proposed rent
    from worldsmith.environments.grade import _crossed
    from worldsmith.environments.tasks import Check

    check = Check(type="file_crossed", values=["GBP 64,200"], numbers=[64200.0], unit="GBP",
                  a_words=["landlord", "proposed", "rent"], b_words=["without", "prejudice", "offer"])
    second = ("The without prejudice offer (GBP 1,391,000) exceeds the tenant's proposed rent (GBP 1,326,800) by "
              "GBP 64,200.")
    assert not _crossed(second, check)
    # the gap swapped into the first question's own sentence still costs
    assert _crossed("The landlord's proposed rent (GBP 1,647,800) exceeds the without prejudice offer (GBP "
                    "1,391,000) by GBP 64,200.", check)


def test_a_greater_of_with_a_worked_side_makes_no_governs_task_and_reads_as_words():
    # recall recovery: 'the larger of percent of of the cap percentage of Annual Contract Value and the Annual
    # Contract Value and the fixed-sum limb of the cap' (its reference then failed at 0.43)
    import ast
    from types import SimpleNamespace

    from worldsmith.environments.graph_tasks import _describe

    facts = {"cap_percent": SimpleNamespace(id="cap_percent", label="cap percentage"),
             "acv": SimpleNamespace(id="acv", label="Annual Contract Value")}
    graph = SimpleNamespace(fact=facts.__getitem__)
    said = _describe(graph, ast.parse("percent_of(cap_percent, acv)", mode="eval").body)
    assert said == "the Annual Contract Value at the cap percentage" and "percent of of" not in said


def test_a_matter_that_weighs_no_two_figures_still_gets_a_memo_on_a_figure_no_file_holds(covenant_tasks, monkeypatch):
    # tests/fixtures/service-charge-dispute.yaml at seed 5: 3 tasks, none a deliverable: no cap, no threshold and no
    # second position to weigh, so no exceedance, and the memo and replies are all built on exceedances. The memo
    # then answers a what-if the world's own what-if tasks do not ask.
    from tests.published import graph_tasks_of
    from worldsmith.environments.graph_tasks import Graph, what_if_memo
    from worldsmith.environments.lint import lint_tasks

    world, _ = covenant_tasks
    asked = [t for t in graph_tasks_of(world) if t.kind == "what_if"]
    memo = what_if_memo(Graph.of(world), asked)
    assert memo is not None and memo.kind == "memo" and "deliverable" in memo.tags
    top, leaf = memo.needs.facts[-1], memo.needs.facts[-2]
    assert (top, leaf) not in {(t.needs.facts[-1], t.needs.facts[-2]) for t in asked}
    assert len(memo.needs.files) >= 2 and "drive" in memo.needs.apps
    assert "suppose" in memo.instruction and memo.solution.actions[0].args["path"].endswith(".docx")
    # the supposed input and each step worked again are the task's own figures, no figure made up (blind red team
    # kit29a: six right memos lost memo_unledgered_figure for the supposition the prompt gave them)
    result = next(c for c in memo.rubric.criteria if c.id.endswith("states_result"))
    made_up = next(c for c in memo.rubric.negative_criteria if c.id == "memo_unledgered_figure")
    assert set(result.check.allowed) <= set(made_up.check.allowed)
    # made after graph_tasks, it still carries the negatives every task does (without them the attack suite's memo
    # beside a redated deadline, a stray hearing day or 'these figures have not been checked' scored 1.0)
    negatives = {c.id for c in memo.rubric.negative_criteria}
    assert {"defers", "side_stray_date"} <= negatives and any(n.startswith("side_misstates_") for n in negatives)
    # and it reads back as written (its 'would be another figure' check, read in the memo, is a file_misbound: the
    # task set's JSON did not load, and bench.environments --smoke failed)
    from worldsmith.environments.tasks import Task

    assert Task.model_validate_json(memo.model_dump_json()) == memo
    kept, refused = lint_tasks([memo], world)  # its reference scores 1, doing nothing scores 0
    assert [t.id for t in kept] == [memo.id], refused
    # the task set takes it where no memo on two weighed figures survived the lint (here: none made at all)
    from worldsmith.environments import lint, tasks

    monkeypatch.setattr(tasks, "make_tasks", lambda world, user=None, warmups=False, forms=True: list(asked))
    made = lint.make_task_set(world)
    assert [t.id for t in made.tasks if t.kind == "memo"] == [memo.id]

"""The holes a blind red team found in the verifier (kit 6: four worlds, 65 tasks), each re-made against a real
world's tasks: wrong end states that scored 1.0 and right ones that scored below it."""

from __future__ import annotations

from pathlib import Path

import pytest

import worldsmith
from worldsmith.environments import apps, mail
from worldsmith.environments.grade import grade
from worldsmith.environments.graph_tasks import Graph, exceed_task
from worldsmith.environments.session import Session
from tests.published import task_set_of


@pytest.fixture(scope="module")
def construction(published_construction):
    """The construction delay claim (tests/fixtures): weeks of delay, a lower-of LD cap, a superseded claim letter;
    the session's world at seed 0 (tests/conftest.py), which test_compose_roles19 validates too."""
    world = worldsmith.open(published_construction)
    # with its warm-ups: most of this world's tasks read its one claim workbook, and these tests grade them
    yield world, {t.id: t for t in task_set_of(world, warmups=True).tasks}
    world.close()


@pytest.fixture(scope="module")
def hospital(published_hospital):
    world = worldsmith.open(published_hospital)
    yield world, {t.id: t for t in task_set_of(world).tasks}
    world.close()


@pytest.fixture(scope="module")
def diligence(published_diligence):
    world = worldsmith.open(published_diligence)
    yield world, {t.id: t for t in task_set_of(world).tasks}
    world.close()


def _score(world, task, root: Path, answer: str | None = None, actions=()) -> float:
    """The grade of an end state made through the apps: (tool, args) actions, then the answer."""
    session = Session(world, root)
    for tool, args in actions:
        if tool == "reply":
            mail.reply(session, args["message_id"], args["body"])
        elif tool == "document":
            session.write_document(args["path"], args["text"])
        elif tool == "chat":
            apps.app_tools(session)["chat_post"].fn(channel=args["channel"], text=args["text"])
    if answer is not None:
        session.submit_answer(answer)
    return grade(task, Session(world, root)).score


def _reference(task) -> tuple[str, dict]:
    action = task.solution.actions[0]
    return action.tool, dict(action.args)


def test_a_gap_in_percentage_points_written_as_a_percent_fails(hospital, tmp_path):
    world, tasks = hospital
    # (the denial rate against its service level: the sample error rate against the denial-rate level, the pair this
    # was found on, is no pair a professional weighs and is asked no more, kit14)
    graph = Graph.of(world)
    task = exceed_task(graph, world.facts["denial_rate"], world.facts["denial_sla"], big_first=True)
    head = "Yes. The initial denial rate (14.2%) exceeds the denial-rate service level (8%) by "
    for i, wrong in enumerate(["6.2%.\nAnswer: 6.2%", "6.2 percent.\nAnswer: 6.2 percent",
                               "6.2%.\nAnswer: 6.2 percentage points"]):
        assert _score(world, task, tmp_path / f"w{i}", head + wrong) < 1.0, wrong
    for i, right in enumerate(["6.2 percentage points.\nAnswer: 6.2 percentage points", "6.2 points.\nAnswer: 6.2pp",
                               "620 basis points.\nAnswer: 620 bps"]):
        assert _score(world, task, tmp_path / f"r{i}", head + right) == 1.0, right


def test_a_wrong_post_in_another_channel_fails_a_write_task(construction, tmp_path):
    world, tasks = construction
    reply = tasks["reply-lds_accrued-ld_cap"]
    # (one question: the loss and expense claimed is no figure the liquidated damages cap limits, kit14)
    memo = tasks["memo-lds_accrued-ld_cap"]
    sent = ("reply", _reference(reply)[1])
    filed = ("document", _reference(memo)[1])
    channel = next(c.name for c in world.chat if c.name and reply.instruction.split()[2].rstrip(".") in c.members)
    wrong = {
        "the comparison reversed": "FYI: the accrued LDs do NOT exceed the cap.",
        "the labels swapped": ("FYI: the liquidated damages cap (USD 1,230,000) exceeds the liquidated damages "
                               "accrued (USD 1,360,000)."),
        "a gap of nothing": "FYI the gap is USD 270,000.",
    }
    for name, text in wrong.items():
        assert _score(world, reply, tmp_path / f"r-{len(name)}", actions=[sent, ("chat", {"channel": channel, "text": text})]) < 1.0, name
    memo_wrong = "Memo filed: the liquidated damages accrued are below the liquidated damages cap."
    assert _score(world, memo, tmp_path / "m-wrong", actions=[filed, ("chat", {"channel": channel, "text": memo_wrong})]) < 1.0
    # a right note of what was done, in the team's channel, costs the task too: a post it did not ask for (verify30,
    # kit28b: a right memo and a chat post of its figure, 1.0)
    note = "Replied to the client: the accrued LDs (USD 1,360,000) exceed the cap (USD 1,230,000) by USD 130,000."
    assert _score(world, reply, tmp_path / "r-right", actions=[sent, ("chat", {"channel": channel, "text": note})]) < 1.0
    note = "Memo filed on the drive: accrued LDs exceed the cap by USD 130,000."
    assert _score(world, memo, tmp_path / "m-right", actions=[filed, ("chat", {"channel": channel, "text": note})]) < 1.0


@pytest.fixture(scope="module")
def legal(published_legal):
    world = worldsmith.open(published_legal)
    yield world, {t.id: t for t in task_set_of(world).tasks}
    world.close()


def test_a_memos_second_yes_or_no_is_read(legal, tmp_path):
    # (on the legal example, whose memo answers two questions: the diligence example's memo answers one since the
    # pairs with no reason to weigh them were dropped, kit14)
    world, tasks = legal
    memo = next(t for t in tasks.values() if t.kind == "memo")
    tool, args = _reference(memo)
    first, second = [p for p in args["text"].split("\n\n") if p.startswith(("Yes.", "No."))]
    flip = {"Yes.": "No.", "No.": "Yes."}
    for i, (a, b) in enumerate([(first, flip[second[:3] if second.startswith("No.") else second[:4]] + second.split(".", 1)[1]),
                                (flip[first[:3] if first.startswith("No.") else first[:4]] + first.split(".", 1)[1], second)]):
        text = args["text"].replace(first, a).replace(second, b)
        assert _score(world, memo, tmp_path / f"m{i}", actions=[("document", {**args, "text": text})]) < 1.0, (a[:40], b[:40])
    assert _score(world, memo, tmp_path / "right", actions=[("document", args)]) == 1.0


def _days_task(tasks: dict):
    """A task whose final figure is a count of days, and that count."""
    for t in tasks.values():
        final = (t.solution.answer or "").rsplit("\nAnswer: ", 1)[-1]
        if final.endswith(" days") and final.split()[0].isdigit():
            return t, int(final.split()[0])
    raise AssertionError("no task with a final count of days")


def _lds_over_cap(world):
    """The construction world's 'do the liquidated damages accrued exceed the cap': a one-file pair its exceed family
    now passes over for pairs read across files, made here as the family makes it."""
    from worldsmith.environments.graph_tasks import Graph, _guarded, exceed_task

    graph = Graph.of(world)
    return _guarded(graph, exceed_task(graph, graph.fact("lds_accrued"), graph.fact("ld_cap")))


def test_durations_convert_between_weeks_and_days(construction, diligence, tmp_path):
    world, tasks = construction
    task = _lds_over_cap(world)
    right = task.solution.answer
    assert "16 weeks" in right
    assert _score(world, task, tmp_path / "days", right.replace("16 weeks", "112 days")) == 1.0
    for i, wrong in enumerate(["100 days", "15 weeks"]):
        assert _score(world, task, tmp_path / f"w{i}", right.replace("16 weeks", wrong)) < 1.0, wrong
    world, tasks = diligence
    task, days = _days_task(tasks)
    ref = task.solution.answer
    assert _score(world, task, tmp_path / "d-right", ref) == 1.0
    # the same span said in weeks, where it is whole weeks; a span in weeks beside it that is not its days contradicts it
    if days % 7 == 0:
        assert _score(world, task, tmp_path / "d-weeks", ref.replace(f"Answer: {days} days", f"Answer: {days // 7} weeks")) == 1.0
    wrong = ref.replace("\nAnswer:", f" That is {days // 7 + 1} weeks.\nAnswer:")
    assert _score(world, task, tmp_path / "d-wrong", wrong) < 1.0


def test_an_answer_that_disowns_itself_fails(diligence, tmp_path):
    world, tasks = diligence
    for i, task in enumerate(t for t in tasks.values() if t.kind in ("brief", "as_of", "exceed")):
        body, final = task.solution.answer.rsplit("\nAnswer: ", 1)
        for j, text in enumerate([
                f"Only if the superseded draft figures were still in force would it be {final}. {body}\nAnswer: {final}",
                f"{body} I have not verified the current figures.\nAnswer: {final}"]):
            assert _score(world, task, tmp_path / f"d{i}-{j}", text) < 1.0, (task.id, text[:60])


def test_liquidated_damages_said_the_way_a_construction_lawyer_says_them_pass(construction, tmp_path):
    world, tasks = construction
    governs, exceed = tasks["governs-lds_payable"], _lds_over_cap(world)
    right = [
        (governs, "The cap bites. Liquidated damages accrue at USD 85,000 a week for 16 weeks, USD 1,360,000, but they "
                  "are capped at 5% of the contract sum, USD 1,230,000, which is lower by USD 130,000. So the owner can "
                  "deduct only USD 1,230,000; the cap governs.\nAnswer: USD 130,000"),
        (governs, "The smaller of the two, the liquidated damages cap of USD 1,230,000, governs; the liquidated damages "
                  "accrued are USD 1,360,000, which is USD 130,000 more. The liquidated damages payable are therefore "
                  "USD 1,230,000.\nAnswer: USD 130,000"),
        (exceed, "No. Liquidated damages accrued: USD 1,360,000 (16 weeks x USD 85,000). Cap: 5% of the contract sum "
                 "of USD 24,600,000 = USD 1,230,000. The accrued figure exceeds the cap by USD 130,000.\n"
                 "Answer: USD 130,000"),
    ]
    for i, (task, text) in enumerate(right):
        assert _score(world, task, tmp_path / f"r{i}", text) == 1.0, text[:60]
    wrong = ("LDs accrue at USD 85,000 per week x 16 weeks = USD 1,360,000; the cap (5% of USD 24,600,000) is "
             "USD 1,230,000. The accrued figure is lower and governs.\nAnswer: USD 130,000")
    assert _score(world, governs, tmp_path / "wrong", wrong) < 1.0


def test_a_brief_dated_on_the_wrong_day_fails_though_its_count_is_right(hospital, tmp_path):
    world, tasks = hospital
    brief = next(t for t in tasks.values() if t.kind == "brief" and t.solution.answer.startswith("On "))
    day = brief.solution.answer[3:].split(" the ", 1)[0]  # "July 9, 2026"
    month, rest = day.split(" ", 1)
    wrong_day = f"{month} {int(rest.split(',')[0]) + 2},{rest.split(',', 1)[1]}"
    assert _score(world, brief, tmp_path / "right", brief.solution.answer) == 1.0
    assert _score(world, brief, tmp_path / "wrong", brief.solution.answer.replace(day, wrong_day, 1)) < 1.0


def test_the_construction_worlds_sheet_and_memo_are_not_refused(construction):
    # its sheet's reference row 'liquidated damages cap percentage | 5' met its own misstatement negative (0.78), and
    # the lint refused it; its memo's two questions share the cap
    world, tasks = construction
    refused = task_set_of(world).refused
    assert not [r for r in refused if r["reason"] == "oracle_fails"], refused
    assert any(t.kind == "sheet" for t in tasks.values()) and any(t.kind == "memo" for t in tasks.values())


def test_a_label_inside_a_longer_label_binds_no_figure_to_it():
    # an employment world's 'statutory compensatory award cap (GBP 118,223)' read as the compensatory award cap
    # being GBP 118,223: the governs task's own reference met 'result_is_loser' and the lint refused it
    from worldsmith.environments.grade import bound_to

    text = "A year's pay (GBP 59,800) is below the statutory compensatory award cap (GBP 118,223), so it governs."
    labels = ("statutory compensatory award cap", "compensatory award cap", "a year's gross pay")
    anchors = ["compensatory award cap (", "compensatory award cap is"]
    assert bound_to(text, anchors, "GBP 118,223", 118223.0, "GBP")  # read without the world's labels
    assert not bound_to(text, anchors, "GBP 118,223", 118223.0, "GBP", labels)
    assert bound_to("The compensatory award cap is GBP 118,223.", anchors, "GBP 118,223", 118223.0, "GBP", labels)


def test_a_memo_whose_two_questions_share_a_gap_keeps_its_reference(construction, tmp_path):
    # the LDs accrued exceed both the cap and the LDs payable (the same figure) by USD 130,000: that gap is each
    # question's own, not 'another question's gap'
    from worldsmith.environments.graph_tasks import Graph, _guarded, exceed_task, memo_task

    world, tasks = construction
    graph = Graph.of(world)
    big = graph.fact("lds_accrued")
    parts = [exceed_task(graph, big, graph.fact(small), big_first=True) for small in ("ld_cap", "lds_payable")]
    memo = memo_task(graph, parts)
    assert memo is not None and not any(c.id.endswith("gap_of_another_question") for c in memo.rubric.negative_criteria)
    memo = _guarded(graph, memo)
    tool, args = _reference(memo)
    assert _score(world, memo, tmp_path / "ref", actions=[("document", args)]) == 1.0


def test_an_empty_reply_scores_nothing(construction, tmp_path):
    world, tasks = construction
    reply = tasks["reply-lds_accrued-ld_cap"]
    tool, args = _reference(reply)
    assert _score(world, reply, tmp_path / "empty", actions=[("reply", {**args, "body": ""})]) == 0.0
    assert _score(world, reply, tmp_path / "right", actions=[("reply", args)]) == 1.0


def test_a_what_if_never_keeps_as_stated_a_figure_its_change_moves(construction, hospital):
    # employment world (kit7): weekly pay feeds the loss claimed and, through a year's pay, the cap; the what-if kept
    # the cap 'as the room has it' and a right recomputed cap met 'misstates_comp_cap' (0.5)
    from worldsmith.environments.graph_tasks import Graph, _leaves, _moves_with, what_if_candidates

    graph = Graph.of(construction[0])
    assert _moves_with(graph, ["ld_cap", "ld_rate"], "contract_sum")
    assert not _moves_with(graph, ["ld_rate"], "delay_weeks")
    for world, _ in (construction, hospital):
        graph = Graph.of(world)
        for c in what_if_candidates(graph):
            leaf, needed = c[4], c[8]
            assert not any(leaf in _leaves(graph, f) for f in needed if f != leaf), (c[3], leaf, needed)


def test_a_superseded_paper_explained_as_withdrawn_passes(construction, tmp_path):
    # 'the first schedule of loss (GBP 96,600) was withdrawn and replaced' scored 0 on kit7's employment world:
    # 'withdrawn' read as the answer taking itself back, and 'first schedule' as no superseded paper
    world, tasks = construction
    task = tasks["reconcile-loss_expense_claim"]
    final = task.solution.answer.rsplit("Answer: ", 1)[1]
    # the claim is worked out from its heads: the task asks for them too (issue 16: the governing figure and its inputs)
    worked = " It is worked from " + "; ".join(world.facts[f].text for f in task.needs.facts[1:]) + "."
    for i, text in enumerate([
            "The revised claim of June 2, 2026 (USD 1,500,000) governs. The first notice of claim (USD 1,850,000) was "
            f"withdrawn and replaced by the revised claim, so it no longer applies. The claim came down by {final}."
            + worked,
            "The figure that governs is USD 1,500,000, from the revised notice of June 2, 2026. The first claim letter "
            f"(USD 1,850,000) is superseded: it was replaced by the revised notice. The claim came down by {final}."
            + worked]):
        assert _score(world, task, tmp_path / f"r{i}", f"{text}\nAnswer: {final}") == 1.0, text[:50]
    retracted = (f"The figure that governs is USD 1,500,000; the first claim letter (USD 1,850,000) is superseded. "
                 f"The move is {final}.{worked}\nAnswer: {final}\nThe above is withdrawn.")
    assert _score(world, task, tmp_path / "withdrawn", retracted) < 1.0


def test_an_aside_comparing_a_third_thing_says_nothing_of_the_two(construction, tmp_path):
    # '(a year's pay of 52 x GBP 1,150, below the GBP 118,223 statutory cap)' after the right comparison read as the
    # comparison reversed on kit7's employment world
    from worldsmith.environments import answers

    text = ("No - the basic award (GBP 7,909) is GBP 51,891 less than the maximum compensatory award of GBP 59,800 "
            "(a year's pay of 52 x GBP 1,150, below the GBP 118,223 statutory cap).")
    assert answers.directions(text, ["maximum", "compensatory", "award"], ["basic", "award"]) == {"a>b"}
    world, tasks = construction
    task = _lds_over_cap(world)
    text = ("No. The liquidated damages cap (USD 1,230,000) is USD 130,000 less than the liquidated damages accrued "
            "(USD 1,360,000: 16 weeks at USD 85,000, well below the contract sum of USD 24,600,000). The liquidated "
            "damages rate per week: USD 85,000. The culpable delay: 16 weeks. The liquidated damages cap percentage: "
            "5%. The contract sum: USD 24,600,000.\nAnswer: USD 130,000")
    assert _score(world, task, tmp_path / "aside", text) == 1.0


def test_an_answer_that_disowns_where_its_figures_came_from_fails():
    """Kit7: 'I generated these numbers without access to the files; they are placeholders' before a right answer
    scored 1.0."""
    from worldsmith.environments.grade import _DEFERS
    for text in ("I generated these numbers without access to the files; they are placeholders.",
                 "I have not read the documents, but the gap is as below.", "I made the figures up.",
                 "These are invented for the exercise."):
        assert _DEFERS.search(text), text
    for text in ("The cap is USD 156,200,000, the greater of the two.", "Please do not rely on the superseded draft.",
                 "The removal contractor's invoices were checked against the daily log."):
        assert not _DEFERS.search(text), text

"""The holes a blind red team found in the verifier (kit 6: four worlds, 65 tasks), each re-made against a real
world's tasks: wrong end states that scored 1.0 and right ones that scored below it."""

from __future__ import annotations

from pathlib import Path

import pytest

import worldsmith
from worldsmith.environments import apps, mail
from worldsmith.environments.grade import grade
from worldsmith.environments.session import Session
from tests.published import task_set_of

CONSTRUCTION = Path(__file__).resolve().parents[1] / "fixtures" / "construction-delay.yaml"


@pytest.fixture(scope="module")
def construction(tmp_path_factory):
    """The construction delay claim (tests/fixtures): weeks of delay, a lower-of LD cap, a superseded claim letter."""
    from worldsmith.flows.make import make_world

    made = make_world(str(CONSTRUCTION), seed=0, out=str(tmp_path_factory.mktemp("construction")),
                      backend="offline", no_cache=True)
    world = worldsmith.open(made.path)
    yield world, {t.id: t for t in task_set_of(world).tasks}
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
    task = tasks["exceed-error_rate-denial_sla"]
    head = "Yes. The sample error rate (11.5%) exceeds the denial-rate service level (8%) by "
    for i, wrong in enumerate(["3.5%.\nAnswer: 3.5%", "3.5 percent.\nAnswer: 3.5 percent",
                               "3.5%.\nAnswer: 3.5 percentage points"]):
        assert _score(world, task, tmp_path / f"w{i}", head + wrong) < 1.0, wrong
    for i, right in enumerate(["3.5 percentage points.\nAnswer: 3.5 percentage points", "3.5 points.\nAnswer: 3.5pp",
                               "350 basis points.\nAnswer: 350 bps"]):
        assert _score(world, task, tmp_path / f"r{i}", head + right) == 1.0, right


def test_a_wrong_post_in_another_channel_fails_a_write_task(construction, tmp_path):
    world, tasks = construction
    reply = tasks["reply-lds_accrued-ld_cap"]
    memo = tasks["memo-lds_accrued-ld_cap-loss_expense_claim-ld_cap"]
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
    memo_wrong = "Memo filed: the loss and expense claimed is below the liquidated damages cap."
    assert _score(world, memo, tmp_path / "m-wrong", actions=[filed, ("chat", {"channel": channel, "text": memo_wrong})]) < 1.0
    # a right note of what was done, in the team's channel, costs nothing
    note = "Replied to the client: the accrued LDs (USD 1,360,000) exceed the cap (USD 1,230,000) by USD 130,000."
    assert _score(world, reply, tmp_path / "r-right", actions=[sent, ("chat", {"channel": channel, "text": note})]) == 1.0
    note = ("Memo filed on the drive: accrued LDs exceed the cap by USD 130,000; the loss and expense claim exceeds "
            "the cap by USD 270,000.")
    assert _score(world, memo, tmp_path / "m-right", actions=[filed, ("chat", {"channel": channel, "text": note})]) == 1.0


def test_a_memos_second_yes_or_no_is_read(diligence, tmp_path):
    world, tasks = diligence
    memo = next(t for t in tasks.values() if t.kind == "memo")
    tool, args = _reference(memo)
    first, second = [p for p in args["text"].split("\n\n") if p.startswith(("Yes.", "No."))]
    flip = {"Yes.": "No.", "No.": "Yes."}
    for i, (a, b) in enumerate([(first, flip[second[:3] if second.startswith("No.") else second[:4]] + second.split(".", 1)[1]),
                                (flip[first[:3] if first.startswith("No.") else first[:4]] + first.split(".", 1)[1], second)]):
        text = args["text"].replace(first, a).replace(second, b)
        assert _score(world, memo, tmp_path / f"m{i}", actions=[("document", {**args, "text": text})]) < 1.0, (a[:40], b[:40])
    assert _score(world, memo, tmp_path / "right", actions=[("document", args)]) == 1.0

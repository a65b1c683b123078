"""The attack suite in CI: for every task of the example worlds, end states that must score 1 and ones that must not."""

from __future__ import annotations

import random

import pytest

import worldsmith
from tests.published import task_set_of, warm_task
from worldsmith.environments.attacks import Outcome, attack_task, candidates, rates


@pytest.fixture(scope="module")
def legal_tasks(published_legal):
    world = worldsmith.open(published_legal)
    yield world, task_set_of(world).tasks  # made once per test process for every module of the legal world
    world.close()


@pytest.fixture(scope="module")
def attacked(legal_tasks):
    """attack_task for this module's tests, each candidate of each task graded once in the module: the whole-suite
    test and vfix7's grade the same oracles and many of the same attacks (about a sixth of the module's CPU twice),
    and a grade depends only on the task and the candidate (attack_task clears the session between candidates).
    Also candidate_names(task): the names of candidates(task, world) in order, listed once."""
    world, _ = legal_tasks
    names: dict[str, list[str]] = {}
    graded: dict[tuple[str, str], list[Outcome]] = {}

    def candidate_names(task) -> list[str]:
        if task.id not in names:
            names[task.id] = [name for name, *_ in candidates(task, world)]
        return names[task.id]

    def attack(task, root, only: set[str]) -> list[Outcome]:
        """attack_task(task, world, root, only), grading here only what this module has not graded yet."""
        missing = {n for n in only if (task.id, n) not in graded}
        for n in missing:
            graded[(task.id, n)] = []
        for o in attack_task(task, world, root, missing) if missing else []:
            graded[(task.id, o.candidate)].append(o)
        return [o for n in dict.fromkeys(candidate_names(task)) if n in only for o in graded[(task.id, n)]]

    attack.names = candidate_names
    return attack


def test_the_verifier_passes_every_right_end_state_and_no_wrong_one(legal_tasks, attacked, tmp_path):
    # The first task of each kind meets the oracle, the candidates of its own kind (a review's, a sheet's) and a
    # seeded quarter of the common ones, and every kind of candidate meets one task at least (the whole list on these
    # tasks is about 13 s of CPU; a seeded half, 9 CPU-s more than the quarter, graded again families the first task
    # already meets). bench/tasks.py attacks every task of every example with the whole list (its
    # CI smoke, of the mini world with chat and meetings: tests/bench_smoke.py); test_brief_tasks.py every brief task.
    world, every = legal_tasks
    tasks = list({t.kind: t for t in reversed(every)}.values())
    assert len(tasks) >= 10
    lists = {t.id: attacked.names(t) for t in tasks}
    family = {t.id: {name.split(":")[0] for name in lists[t.id]} for t in tasks}  # superseded:X is one family
    common = {f for fs in family.values() for f in fs if sum(f in other for other in family.values()) > 1}
    outcomes, met = [], set()
    for t in tasks:
        shared = sorted(family[t.id] & common - {"oracle"})
        quarter = random.Random(t.id).sample(shared, (len(shared) + 3) // 4)
        keep = {"oracle", *(family[t.id] - common), *quarter, *(set(shared) - met)}  # each family met at least once
        met |= keep
        outcomes += attacked(t, tmp_path / t.id, {n for n in lists[t.id] if n.split(":")[0] in keep})
    assert {o.candidate.split(":")[0] for o in outcomes} == set().union(*family.values())
    r = rates(outcomes)
    print(f"attack suite (legal): {r}")
    wrong = [(o.task, o.candidate, o.score) for o in outcomes if o.wrong]
    assert r["false_positive"] <= 0.01, wrong
    assert r["false_negative"] <= 0.02, wrong
    print(f"graded {len(outcomes)} end states of {len(tasks)} tasks")
    assert r["must_fail"] >= 5 * len(tasks)  # every task meets a quarter of the common list of attacks or more


def test_the_attacks_cover_each_kind_of_wrong_answer(legal_tasks, attacked):
    world, tasks = legal_tasks
    names = {name.split(":")[0] for t in tasks for name in attacked.names(t)}
    assert {"oracle", "negated", "hedged", "superseded", "every_number", "wrong_direction", "empty", "junk_files",
            "deleted_room_file", "mail_outside_cast", "leak_to_other_side", "log_edited_by_hand",
            "room_written_by_hand", "flag_without_correction", "no_flag", "correction_hedged", "also_flags_right_0",
            "flags_every_line", "ledger_comparison_right", "ledger_comparison_wrong", "ratio_right", "ratio_wrong",
            "provisional_caveat", "memo_conclusion_rival", "memo_conclusion_either", "memo_conclusion_disputed"} <= names


def test_the_red_teams_worst_end_states_score_below_1(legal_tasks, tmp_path):
    """Found by a red-team session that saw only the tasks, the room and a scorer: each once scored 1.0."""
    from worldsmith.environments.grade import grade
    from worldsmith.environments.session import Session

    world, tasks = legal_tasks
    by_id = {t.id: t for t in tasks}
    session = Session(world, tmp_path / "s")
    cap = by_id["governs-liability_cap"] = warm_task(world, "governs-liability_cap")
    margin = cap.solution.answer.rsplit("Answer: ", 1)[1]
    wrong = {
        # the right margin with the wrong side said to govern
        "governs-liability_cap": (f"The per-ton figure (USD 156,200,000) exceeds the floor (USD 21,521,000) by {margin}, "
                                  f"so the floor governs: the OPA 90 liability cap is USD 21,521,000.\nAnswer: {margin}"),
    }
    asof = next(t for t in tasks if t.id.startswith("asof-"))
    fact = world.facts[asof.needs.facts[0]]
    then, move = fact.earlier[-1].text, asof.solution.answer.rsplit("Answer: ", 1)[1]
    wrong[asof.id] = (f"By then they had been given {fact.text}. It now stands at {then}, a move of {move}.\n"
                      f"Answer: {move}")  # then and now swapped
    for task_id, text in wrong.items():
        assert grade(by_id[task_id], session, text).score < 1.0, task_id
    for task in (t for t in tasks if t.solution.answer and "\nAnswer: " in t.solution.answer):
        body, final = task.solution.answer.rsplit("\nAnswer: ", 1)
        rival = next((c.check.values[0] for c in task.rubric.negative_criteria
                      if c.check.values and c.check.values[0] != final), None)
        attempts = [f"{body}\nIn fact the figure is not {final}.\nAnswer: {final}",  # a denial after the answer
                    f"{body}\nAnswer: {rival}\nAnswer: {final}" if rival else None]  # two answer lines
        for text in filter(None, attempts):
            assert grade(task, session, text).score < 1.0, (task.id, text[-120:])


def test_inputs_written_against_each_others_labels_fail_and_right_phrasings_pass(legal_tasks, tmp_path):
    """A right result with two inputs swapped between their labels is sent back; the same figures said any usual
    way ('A is X', 'A (X)', 'A of X', a heading line 'A: X', 'A is above B: X against Y') are not."""
    from worldsmith.environments.grade import grade
    from worldsmith.environments.session import Session

    world, tasks = legal_tasks
    session = Session(world, tmp_path / "s")
    exceed = [t for t in tasks if t.kind == "exceed" and any(c.id.startswith("swaps_") for c in t.rubric.negative_criteria)]
    assert exceed, "an exceedance task reads two figures of one kind"
    for task in exceed:
        big, small = (world.facts[f] for f in task.needs.facts[:2])
        gap = task.solution.answer.rsplit("Answer: ", 1)[1]
        yes = task.solution.answer.split(".")[0]
        lb, ls = big.label, small.label
        inputs = task.solution.answer.rsplit("\nAnswer:", 1)[0].split(f"by {gap}.", 1)[1].strip()
        right = [f"{yes}. The {lb} is {big.text} and the {ls} is {small.text}; the gap is {gap}.\nAnswer: {gap}",
                 f"{yes}. The {lb} ({big.text}) exceeds the {ls} ({small.text}) by {gap}.\nAnswer: {gap}",
                 f"{yes}. The {lb} is above the {ls}: {big.text} against {small.text}, a gap of {gap}.\nAnswer: {gap}",
                 f"{yes}.\n- {lb}: {big.text}\n- {ls}: {small.text}\n- gap: {gap}\nAnswer: {gap}"]
        swapped = [f"{yes}. The {lb} is {small.text} and the {ls} is {big.text}; the gap is {gap}.\nAnswer: {gap}",
                   f"{yes}. The {lb} ({small.text}) exceeds the {ls} ({big.text}) by {gap}.\nAnswer: {gap}",
                   f"{yes}.\n- {lb}: {small.text}\n- {ls}: {big.text}\n- gap: {gap}\nAnswer: {gap}"]
        for text in right:
            text = text.replace("\nAnswer:", f"\n{inputs}\nAnswer:")
            assert grade(task, session, text).score == 1.0, (task.id, text)
        for text in swapped:
            result = grade(task, session, text.replace("\nAnswer:", f"\n{inputs}\nAnswer:"))
            assert result.score < 1.0 and any(n.startswith("swaps_") for n in result.negatives_met), (task.id, text)


def test_a_governs_answer_must_give_the_winners_figure_as_the_result(legal_tasks, tmp_path):
    """Red team: the right side said to govern, then the cap given as the other side's figure, scored 1.0."""
    from worldsmith.environments.grade import grade
    from worldsmith.environments.session import Session

    world, tasks = legal_tasks
    session = Session(world, tmp_path / "s")
    task = warm_task(world, "governs-liability_cap")
    margin = task.solution.answer.rsplit("Answer: ", 1)[1]
    win, lose = "USD 156,200,000", "USD 21,521,000"
    head = (f"The per-ton figure ({win}) exceeds the floor ({lose}) by {margin}, so the per-ton figure governs")
    wrong = [f"{head}. The OPA 90 liability cap is {lose}.", f"{head}, and the liability cap equals {lose}.",
             f"{head}. Liability cap: {lose}."]
    right = [f"{head}. The OPA 90 liability cap is {win}.",
             f"The OPA 90 liability cap is the greater of the floor ({lose}) and the per-ton figure ({win}). The per-ton "
             f"figure is larger by {margin}, so it governs; the cap is {win}."]
    for text in wrong:
        assert grade(task, session, f"{text}\nAnswer: {margin}").score < 1, text
    for text in right:
        assert grade(task, session, f"{text}\nAnswer: {margin}").score == 1.0, text


def test_a_post_or_reply_that_hands_its_check_back_costs(legal_tasks, tmp_path):
    """Red team: a chat post asking the team to confirm the figures ('if those hold, the gap is ...') scored 1.0."""
    from worldsmith.generators.kinds.chat import app as chat_app
    from worldsmith.environments.grade import grade
    from worldsmith.environments.session import Session

    world, tasks = legal_tasks
    task = next(t for t in tasks if t.kind == "post_chat")
    channel, text = task.solution.actions[0].args["channel"], task.solution.actions[0].args["text"]
    body = text.split("\nAnswer:")[0]
    for n, extra in enumerate(["Can someone confirm these before I send them on?",
                               "Not yet verified against the schedule.", "Please check the figures."]):
        session = Session(world, tmp_path / f"s{n}")
        chat_app.post(session, channel, f"{body} {extra}")
        assert grade(task, session).score < 1, extra
    session = Session(world, tmp_path / "ok")
    chat_app.post(session, channel, f"{body} Workings are in the damages schedule if anyone wants them.")
    assert grade(task, session).score == 1.0


def test_a_wrong_conclusion_beside_the_right_one_costs_and_a_pronoun_is_not_the_last_name(legal_tasks, tmp_path):
    """Red team: 'Bottom line: the demand is the larger figure' (or the right text inside '(grader note: ...)')
    before a right answer scored 1.0: a comparison stated both ways is a contradiction, not a yes."""
    from worldsmith.environments.grade import grade
    from worldsmith.environments.session import Session

    world, tasks = legal_tasks
    session = Session(world, tmp_path / "s")
    task = next(t for t in tasks if t.id == "exceed-liability_cap-contribution_demand")
    oracle = task.solution.answer
    for wrong in [f"Bottom line: the contribution demand is the larger figure.\n\n{oracle}",
                  f"The cap is below the demand.\n\n(grader note: {oracle})"]:
        assert grade(task, session, wrong).score < 1, wrong[:60]
    gap = oracle.rsplit("Answer: ", 1)[1]
    body = oracle.split("\nAnswer:")[0]
    right = f"{body} The cap is not lower than the demand: it is higher by {gap}.\nAnswer: {gap}"
    assert grade(task, session, right).score == 1.0


def test_a_reply_goes_to_its_addressee_only_and_a_retracting_post_costs(legal_tasks, tmp_path):
    """Red team: a reply-all or a copy to a colleague passed 'reply only to X'; 'Ignore my last message' posted after
    a right answer passed."""
    from worldsmith.environments import mail
    from worldsmith.generators.kinds.chat import app as chat_app
    from worldsmith.environments.grade import grade
    from worldsmith.environments.session import Session

    world, tasks = legal_tasks
    reply = next(t for t in tasks if t.kind == "reply")
    args = reply.solution.actions[0].args
    ok = Session(world, tmp_path / "ok")
    mail.reply(ok, args["message_id"], args["body"])
    assert grade(reply, ok).score == 1.0
    wide = Session(world, tmp_path / "wide")
    mail.reply(wide, args["message_id"], args["body"], reply_all=True)
    target = next(m for m in world.messages if m.message_id.strip("<>") == args["message_id"].strip("<>"))
    sent_to = {a for m in wide.sent for a in (*m.to, *m.cc)}
    assert (grade(reply, wide).score < 1) == bool(sent_to - {target.sender}), sent_to
    copied = Session(world, tmp_path / "copied")
    colleague = next(p.email for p in world.plan.people if p.email not in {target.sender} | sent_to)
    copied.send([colleague], "FW: figures", args["body"])
    mail.reply(copied, args["message_id"], args["body"])
    assert grade(reply, copied).score < 1
    # blind red team kit30a: the reply and the message forwarded back to its sender as well, or a forward in place of
    # the reply, each 1.0: mail the task did not ask for
    twice = Session(world, tmp_path / "twice")
    mail.reply(twice, args["message_id"], args["body"])
    mail.forward(twice, args["message_id"], [target.sender], args["body"])
    forwarded = Session(world, tmp_path / "forwarded")
    mail.forward(forwarded, args["message_id"], [target.sender], args["body"])
    assert grade(reply, twice).score < 1 and grade(reply, forwarded).score < 1
    again = Session(world, tmp_path / "again")
    mail.reply(again, args["message_id"], args["body"])
    mail.reply(again, args["message_id"], args["body"])  # kit30b: the right reply sent twice, 1.0
    assert grade(reply, again).score < 1
    post = next(t for t in tasks if t.kind == "post_chat")
    twice_posted = Session(world, tmp_path / "twice_posted")
    for _ in range(2):  # kit30b: the right post posted twice, 1.0
        chat_app.post(twice_posted, post.solution.actions[0].args["channel"], post.solution.actions[0].args["text"])
    assert grade(post, twice_posted).score < 1
    s = Session(world, tmp_path / "post")
    chat_app.post(s, post.solution.actions[0].args["channel"], post.solution.actions[0].args["text"])
    chat_app.post(s, post.solution.actions[0].args["channel"], "Ignore my last message - wrong version. Will re-post.")
    assert grade(post, s).score < 1


def test_a_told_answer_with_its_two_days_swapped_costs_and_first_appears_is_no_hedge(legal_tasks, tmp_path):
    """Red team: the day received and the day first seen swapped scored 1.0; 'first appears in the room' read as a
    hedge ('it appears') and cost right answers."""
    from worldsmith.environments.grade import grade
    from worldsmith.environments.session import Session

    world, tasks = legal_tasks
    session = Session(world, tmp_path / "s")
    for task in (t for t in tasks if t.id.startswith("told-")):
        told = next(c.check.values[0] for c in task.rubric.criteria if c.id == "date_told")
        seen = next((c.check.values[0] for c in task.rubric.negative_criteria if c.id == "told_on_first_day"), None)
        answer = task.solution.answer
        assert grade(task, session, answer).score == 1.0
        assert grade(task, session, answer.replace("so the client had it", "and the client had it")).score == 1.0
        if seen:
            swapped = answer.replace(told, "\x00").replace(seen, told).replace("\x00", seen)
            assert grade(task, session, swapped).score < 1, task.id


def test_a_memo_with_its_two_answers_swapped_between_the_questions_costs(legal_tasks, tmp_path):
    """Red team: a memo giving Q2's gap under Q1 and Q1's under Q2 scored 1.0 (every figure was there)."""
    from worldsmith.environments.grade import grade
    from worldsmith.environments.session import Session

    world, tasks = legal_tasks
    memo = next(t for t in tasks if t.kind == "memo")
    args = memo.solution.actions[0].args
    gaps = [c.check.values[0] for c in memo.rubric.criteria if c.id.endswith("_states_gap")]
    assert len(gaps) == 2
    swapped = args["text"].replace(gaps[0], "\x00").replace(gaps[1], gaps[0]).replace("\x00", gaps[1])
    right, wrong = Session(world, tmp_path / "right"), Session(world, tmp_path / "wrong")
    right.write_document(args["path"], args["text"])
    wrong.write_document(args["path"], swapped)
    assert grade(memo, right).score == 1.0 and grade(memo, wrong).score < 1


def test_a_count_the_ledger_holds_written_bare_in_the_working_is_no_rival_amount(legal_tasks, tmp_path):
    """Red team: 'Governs: USD 4,813,776 (USD 182,340 / 400 x 10,560)' lost its movement criterion to the bare
    10,560, read as a rival dollar amount; a bare number the ledger does not hold still is one."""
    from worldsmith.environments.grade import grade
    from worldsmith.environments.session import Session

    world, tasks = legal_tasks
    task = next(t for t in tasks if t.id == "reconcile-liability_cap")
    session = Session(world, tmp_path / "s")
    body, last = task.solution.answer.rsplit("\n", 1)
    assert grade(task, session, f"{body}\nWorking: USD 2,500 x 62,480.\n{last}").score == 1.0
    assert grade(task, session, f"{body}\nOr perhaps 61,990,000.\n{last}").score < 1.0


def test_an_invented_amount_beside_a_right_answer_costs_and_other_spellings_of_the_answer_do_not(legal_tasks, tmp_path):
    from worldsmith.environments.grade import grade
    from worldsmith.environments.session import Session

    world, tasks = legal_tasks
    task = next(t for t in tasks if t.id.startswith("exceed-liability_cap"))
    assert any(c.id == "states_unledgered_amount" for c in task.rubric.negative_criteria)
    session = Session(world, tmp_path / "s")
    body, last = task.solution.answer.rsplit("\n", 1)
    assert grade(task, session, task.solution.answer).score == 1.0
    assert grade(task, session, f"{body}\nThe removal costs are USD 66,100,000.\n{last}").score < 1.0
    gap = last.removeprefix("Answer: ")
    assert gap == "USD 95,212,500"
    for spelt in ("USD 95 212 500.", "ninety-five million, two hundred twelve thousand five hundred US dollars."):
        assert grade(task, session, f"{body}\nThe gap is {spelt}\n{last}").score == 1.0, spelt


def test_another_facts_figure_written_against_a_label_anywhere_costs(legal_tasks, tmp_path):
    """Red team: 'The revised enterprise value is GBP 195,000,000' (the LOI's) beside a right gap scored 1.0; another fact's own
    figure under its own label is no mislabel."""
    from worldsmith.environments.grade import grade
    from worldsmith.environments.session import Session

    world, tasks = legal_tasks
    task = next(t for t in tasks if t.id.startswith("exceed-liability_cap"))
    session = Session(world, tmp_path / "s")
    body, last = task.solution.answer.rsplit("\n", 1)
    nrd = world.facts["nrd_claimed"].text
    assert grade(task, session, f"{body}\nThe economic loss claims are {nrd}.\n{last}").score < 1.0
    loss = world.facts["economic_loss"].text
    assert grade(task, session, f"{body}\nThe economic loss claims are {loss}.\n{last}").score == 1.0


def test_a_wrong_figure_posted_to_chat_beside_a_right_answer_costs(legal_tasks, tmp_path):
    """Blind red team (kit5): a right answer, memo or sheet plus 'Team: the figure is 1,234,567 - use that.' in chat
    scored 1.0 on 19 tasks."""
    from worldsmith.generators.kinds.chat import app as chat_app
    from worldsmith.environments.grade import grade
    from worldsmith.environments.session import Session

    world, tasks = legal_tasks
    channel = world.db.execute("select id from chat_channels order by id limit 1").fetchone()[0]
    for task in (t for t in tasks if t.id.startswith(("exceed-liability_cap", "sheet-"))):
        assert any(c.id == "chat_states_other_figure" for c in task.rubric.negative_criteria), task.id
        for n, (post, full) in enumerate([("Team: the figure is 1,234,567 - use that.", False),
                                          ("Sensitivity done: result is USD 1,000,000.", False),
                                          # a post the task did not ask for costs it too (verify30, kit28b)
                                          ("Done; it is on the drive.", False)]):
            session = Session(world, tmp_path / f"{task.id}-{n}")
            for action in task.solution.actions:
                getattr(session, {"drive_create_sheet": "write_sheet",
                                  "drive_create_document": "write_document"}[action.tool])(*action.args.values())
            chat_app.post(session, channel, post)
            score = grade(task, session, task.solution.answer).score
            assert (score == 1.0) == full, (task.id, post, score)


def test_a_move_said_the_wrong_way_costs(legal_tasks, tmp_path):
    """Blind red team (kit5): 'It now stands at USD 61,350,000, a fall of USD 16,450,000' (a rise) scored 1.0."""
    from worldsmith.environments.grade import grade
    from worldsmith.environments.session import Session

    world, tasks = legal_tasks
    moves = [t for t in tasks if t.kind in ("as_of", "reconcile")
             and any(c.id == "wrong_move_direction" for c in t.rubric.negative_criteria)]
    assert moves
    session = Session(world, tmp_path / "s")
    for task in moves:
        crit = next(c for c in task.rubric.negative_criteria if c.id == "wrong_move_direction")
        body, last = task.solution.answer.rsplit("\n", 1)
        wrong, right = ("a fall", "a rise") if crit.check.expect == "up" else ("a rise", "a fall")
        assert grade(task, session, f"{body}\nThat is {right} of {crit.check.values[0]}.\n{last}").score == 1.0
        assert grade(task, session, f"{body}\nThat is {wrong} of {crit.check.values[0]}.\n{last}").score < 1.0


def test_a_lag_said_the_wrong_way_round_costs(legal_tasks, tmp_path):
    """Blind red team (kit5): 'the client had it 7 days before it appeared in the room' scored 1.0; 'it had first
    appeared in the data room ..., a week (7 days) earlier' is right and must pass."""
    from worldsmith.environments.grade import grade
    from worldsmith.environments.session import Session

    world, tasks = legal_tasks
    told = [t for t in tasks if any(c.id == "wrong_lag_direction" for c in t.rubric.negative_criteria)]
    assert told
    session = Session(world, tmp_path / "s")
    for task in told:
        lag = next(c for c in task.rubric.negative_criteria if c.id == "wrong_lag_direction").check.values[0]
        body, last = task.solution.answer.rsplit("\n", 1)
        assert grade(task, session, f"{body}\nIt had appeared in the room {lag} earlier.\n{last}").score == 1.0
        assert grade(task, session, f"{body}\nThe client had it {lag} before it appeared in the room.\n{last}").score < 1
        assert grade(task, session, f"{body}\nSo the client had it {lag} earlier.\n{last}").score < 1


def test_a_chat_post_also_made_in_another_channel_costs(legal_tasks, tmp_path):
    from worldsmith.generators.kinds.chat import app as chat_app
    from worldsmith.environments.grade import grade
    from worldsmith.environments.session import Session

    world, tasks = legal_tasks
    task = next(t for t in tasks if t.kind == "post_chat" and t.id.startswith("chat-"))
    target = task.solution.actions[0].args["channel"]
    session = Session(world, tmp_path / "s")
    others = [c.id for c in world.chat if c.id != target and session.user in c.members]
    if not others:
        pytest.skip("the user is in one channel only")
    chat_app.post(session, target, task.solution.actions[0].args["text"])
    assert grade(task, session).score == 1.0
    chat_app.post(session, others[0], task.solution.actions[0].args["text"])
    assert grade(task, session).score < 1.0


def test_a_right_subtotal_or_difference_of_the_tasks_own_figures_is_no_invented_amount(legal_tasks, tmp_path):
    """Blind red team (kit5): a right subtotal of two claims, or 'USD 2,730,000 more than on the room's figures', cost
    as an invented amount."""
    from worldsmith.environments.grade import grade
    from worldsmith.environments.session import Session

    world, tasks = legal_tasks
    task = next(t for t in tasks if t.id.startswith("exceed-liability_cap"))
    session = Session(world, tmp_path / "s")
    body, last = task.solution.answer.rsplit("\n", 1)
    removal, nrd = world.facts["removal_costs"].text, world.facts["nrd_claimed"].text
    assert grade(task, session, f"{body}\nRemoval costs and NRD together come to USD 135,350,000.\n{last}").score == 1.0
    assert grade(task, session, f"{body}\nRemoval costs and NRD together come to USD 135,530,000.\n{last}").score < 1.0
    assert removal == "USD 61,350,000" and nrd == "USD 74,000,000"


def test_a_governs_result_given_under_its_own_label_as_another_figure_costs(legal_tasks, tmp_path):
    """Blind red team (kit5): '... so it governs: the OPA 90 liability cap is USD 177,721,000' scored 1.0."""
    from worldsmith.environments.grade import grade
    from worldsmith.environments.session import Session

    world, tasks = legal_tasks
    task = warm_task(world, "governs-liability_cap")
    session = Session(world, tmp_path / "s")
    body, last = task.solution.answer.rsplit("\n", 1)
    assert grade(task, session, task.solution.answer).score == 1.0
    assert grade(task, session, f"{body}\nSo the OPA 90 liability cap is USD 177,721,000.\n{last}").score < 1.0


def test_a_figure_stated_for_a_label_it_never_holds_costs(legal_tasks, tmp_path):
    """Blind red team (kit5): 'So the cap is USD 95,212,500' (the gap), or an as-of answer's 'It now stands at' the move,
    beside the right figures elsewhere, scored 1.0; the label's own figures, then and now, pass."""
    from worldsmith.environments.grade import grade
    from worldsmith.environments.session import Session

    world, tasks = legal_tasks
    task = next(t for t in tasks if t.id.startswith("exceed-liability_cap"))
    session = Session(world, tmp_path / "s")
    body, last = task.solution.answer.rsplit("\n", 1)
    gap = next(c.check.values[0] for c in task.rubric.criteria if c.check.type == "answer_final")
    cap = world.facts["liability_cap"].text
    assert grade(task, session, f"{body}\nSo the cap is {gap}.\n{last}").score < 1.0
    assert grade(task, session, f"{body}\nSo the cap is {cap}.\n{last}").score == 1.0
    told = next(t for t in tasks if t.kind == "as_of" and t.id.startswith("asof-"))
    then, now = told.solution.answer.split("\n")[0].split(". ", 1)
    move = next(c.check.values[0] for c in told.rubric.criteria if c.check.type == "answer_final")
    assert grade(told, session, told.solution.answer).score == 1.0
    assert grade(told, session, f"{then}. It now stands at {move}.\nAnswer: {move}").score < 1.0


def test_a_sheet_row_of_the_authors_own_costs_and_a_step_of_the_working_does_not(legal_tasks, tmp_path):
    """Blind red team (kit5): a right sensitivity sheet plus 'cross-check,=B5*1.1' or 'difference vs room,=B5-1000000'
    scored 1.0; a row that takes one step from the sheet's own figures ('=B3+B4', a subtotal) is working."""
    from worldsmith.environments.grade import grade
    from worldsmith.environments.session import Session

    world, tasks = legal_tasks
    task = next(t for t in tasks if t.kind == "sheet")
    action = task.solution.actions[0]
    csv = action.args["csv"].rstrip("\n")
    last = len(csv.splitlines())
    for n, (row, full) in enumerate([(f"cross-check,=B{last}*1.1,check", False),
                                     (f"difference vs room,=B{last}-1000000,check", False),
                                     ("subtotal,=B3+B4,computed", True)]):
        session = Session(world, tmp_path / f"s{n}")
        session.write_sheet(action.args["path"], f"{csv}\n{row}\n")
        assert (grade(task, session).score == 1.0) == full, row


def test_a_lag_counted_the_wrong_way_or_from_the_wrong_day_costs():
    """Blind red teams (kit4, kit5): '50 days before the meeting' for a deadline after it, '5 days before it' in a
    timetable, and '42 days after the meeting' for a span counted from the agenda's date scored 1.0."""
    from worldsmith.environments.grade import holds
    from worldsmith.environments.tasks import Check

    countdown = Check(type="answer_move_direction", expect="after", values=["50 days"], numbers=[50.0], unit="days",
                      a_words=["meeting", "the call", "July 9, 2026"], b_words=["refund deadline", "August 28, 2026"])
    wrong = ["The refund deadline is August 28, 2026, 50 days before the meeting.",
             "The deadline falls on 28 August 2026, 50 days ahead of the July 9, 2026 call.",
             "The refund deadline is August 28, 2026, 50 days earlier.",
             "The meeting is 50 days after the refund deadline.",
             "The refund deadline is August 28, 2026, 50 days after the June 29 quantification."]
    right = ["The refund deadline is August 28, 2026, 50 days after the meeting.",
             "The meeting fell 50 days before the refund deadline.",
             "The deadline (28 August 2026) is 50 days out from the meeting.",
             "The meeting is 50 days earlier than the deadline.",
             "The deadline is 50 days after the 9 July call."]
    for text in wrong:
        assert holds(countdown, None, f"{text}\nAnswer: 50 days"), text
    for text in right:
        assert not holds(countdown, None, f"{text}\nAnswer: 50 days"), text
    timetable = Check(type="answer_move_direction", expect="after", values=["5 days", "42 days"], numbers=[5.0, 42.0],
                      unit="days", a_words=["signing target", "16 October 2026"],
                      b_words=["exclusivity expiry", "completion target", "meeting", "October 8, 2026"])
    assert holds(timetable, None, "The exclusivity expiry was 21 October 2026, 5 days before it.")
    assert holds(timetable, None, "Completion 27 November 2026 (42 days after the meeting on October 8, 2026).")
    assert not holds(timetable, None, "The exclusivity expiry was 21 October 2026, 5 days after it.")
    assert not holds(timetable, None, "Exclusivity expiry on October 21, 2026 (5 days after signing target) and "
                                      "completion on November 27, 2026 (42 days after).")


def test_right_figures_with_the_wrong_governing_side_or_paper_dates_cost(legal_tasks, tmp_path):
    """Blind red teams: 'The floor governs, so the cap would be USD 187.5m' (a what-if), a superseded figure dated by
    another draft's day (reconcile), and a told answer's first appearance moved to another day each scored 1.0."""
    from worldsmith.environments.grade import grade
    from worldsmith.environments.session import Session

    world, tasks = legal_tasks
    by_id = {t.id: t for t in tasks}
    session = Session(world, tmp_path / "s")
    # (the cap's what-if reads two papers, as another what-if does: a warm-up, graded all the same)
    whatif = next((t for t in task_set_of(world, warmups=True).tasks
                   if any(c.id.startswith("loser_governs_") for c in t.rubric.negative_criteria)), None)
    assert whatif is not None
    body, last = whatif.solution.answer.rsplit("\n", 1)
    crit = next(c for c in whatif.rubric.negative_criteria if c.id.startswith("loser_governs_"))
    loser, winner = crit.check.a_words[-1], next(w for w in crit.check.b_words if w not in crit.check.a_words)
    assert grade(whatif, session, f"{body}\nThe {winner} governs.\n{last}").score == 1.0
    assert grade(whatif, session, f"{body}\nThe {loser} governs.\n{last}").score < 1.0
    reconcile = next(t for t in tasks if any(c.id.startswith("misdates_") for c in t.rubric.negative_criteria))
    answer = reconcile.solution.answer
    assert grade(reconcile, session, answer).score == 1.0
    days = [d for c in reconcile.rubric.negative_criteria if c.id.startswith("misdates_") for d in c.check.b_words]
    from worldsmith.environments import answers
    shown = [m.text for m in answers.parse(answer).mentions if m.kind == "date"]
    moved = answer.replace(shown[0], "January 3, 2026")
    assert grade(reconcile, session, moved).score < 1.0, (days, shown)
    told = by_id.get("told-total_claims") or next(t for t in tasks if t.id.startswith("told-"))
    seen = next(c.check.values[0] for c in told.rubric.negative_criteria if c.id == "appeared_misdated")
    assert grade(told, session, told.solution.answer).score == 1.0
    assert grade(told, session, told.solution.answer.replace(f"room on {seen}", "room on January 3, 2026")).score < 1


def test_a_memo_from_someone_else_or_dated_a_year_off_and_a_sheet_without_its_header_cost(legal_tasks, tmp_path):
    """Blind red teams: a memo dated a year early or signed by another, and a sensitivity sheet without the header row
    the task asks for, scored 1.0; an ISO date and a lower-case header pass."""
    from worldsmith.environments.grade import grade
    from worldsmith.environments.session import Session

    world, tasks = legal_tasks
    memo = next(t for t in tasks if t.kind == "memo")
    args = memo.solution.actions[0].args
    year = str(world.plan.window_end.year)
    author = next(c.check.a_words[0] for c in memo.rubric.criteria if c.id == "memo_block")
    other = next(p.name for p in world.plan.people if author not in p.name)
    date_line = next(ln for ln in args["text"].splitlines() if ln.startswith("Date:"))
    from_line = next(ln for ln in args["text"].splitlines() if ln.startswith("From:"))
    for n, (text, full) in enumerate([
            (args["text"], True),
            (args["text"].replace(date_line, f"Date: {world.plan.window_end.isoformat()}"), True),
            (args["text"].replace(date_line, date_line.replace(year, str(int(year) - 1))), False),
            (args["text"].replace(from_line, f"From: {other}"), False)]):
        session = Session(world, tmp_path / f"m{n}")
        session.write_document(args["path"], text)
        assert (grade(memo, session).score == 1.0) == full, text[:200]
    sheet = next(t for t in tasks if t.kind == "sheet")
    action = sheet.solution.actions[0]
    head, rest = action.args["csv"].split("\n", 1)
    for n, (csv, full) in enumerate([(f"{head.lower()}\n{rest}", True), (f"Sensitivity workings,,\n{rest}", False)]):
        session = Session(world, tmp_path / f"h{n}")
        session.write_sheet(action.args["path"], csv)
        assert (grade(sheet, session).score == 1.0) == full, csv[:80]


def test_a_review_flag_in_a_bullet_with_its_line_number_passes(legal_tasks, tmp_path):
    """Blind red team (kit5): '- Line 7: Wrong: X -> Y (...)' read the figures of its explanation as flags of right
    lines and scored 0.43."""
    import re

    from worldsmith.environments.grade import grade
    from worldsmith.environments.session import Session

    world, tasks = legal_tasks
    review = next(t for t in tasks if t.kind == "review")
    line = re.search(r"\(line (\d+)\)", next(c.description for c in review.rubric.criteria if c.id == "flags_planted"))[1]
    bulleted = "\n".join(f"- Line {line}: {ln}" if ln.startswith("Wrong:") else ln
                         for ln in review.solution.answer.splitlines())
    assert bulleted != review.solution.answer
    assert grade(review, Session(world, tmp_path / "s"), bulleted).score == 1.0


def test_a_lag_after_i_e_is_read_in_its_own_sentence():
    """Blind red team (kit4): 'the figure first appears in the room on 2 October 2026, i.e. 4 days earlier' read 'i.e.'
    as a sentence's end and the lag as said the wrong way round."""
    from worldsmith.environments.grade import holds
    from worldsmith.environments.tasks import Check

    lag = Check(type="answer_move_direction", values=["4 days"], numbers=[4.0], unit="days", expect="after")
    assert not holds(lag, None, "Sent on 6 October 2026; the figure first appears in the room on 2 October 2026, i.e. "
                                "4 days earlier.\nAnswer: 4 days")
    assert holds(lag, None, "Sent on 6 October 2026, i.e. 4 days earlier.\nAnswer: 4 days")


def test_vfix7s_denials_hedges_and_signs_in_other_words_score_below_1(legal_tasks, attacked, tmp_path):
    """vfix7's red team, on worlds of outlines the examples do not share: 82 of 111 of these scored 1.0 ('Answer:
    anything but X', 'cannot be said to exceed', 'Negative.' before a Yes answer's figures, 'It may equally be Y; I
    cannot tell which.', a superseded figure said to 'also govern'); each kind must score below 1 here, the oracle 1."""
    world, tasks = legal_tasks
    names = {"anything_but", "hardly", "incorrect_that", "signed_what_if", "may_equally_be", "cannot_be_said_to_exceed",
             "trails", "bare_negative", "the_answer_is_no", "superseded_also_governs", "readings_table"}
    picked = list({t.kind: t for t in reversed(tasks) if names & set(attacked.names(t))}.values())
    outcomes = [o for t in picked for o in attacked(t, tmp_path / t.id, names | {"oracle"})]
    assert {o.candidate for o in outcomes} >= names - {"signed_what_if"}
    assert [(o.task, o.candidate, o.score) for o in outcomes if o.wrong] == []

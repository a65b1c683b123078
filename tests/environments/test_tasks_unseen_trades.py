"""Task wording and choices that outlines of other trades exposed (a licence audit, a rent review, a food recall)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from types import SimpleNamespace

from worldsmith.environments.graph_tasks import _names, perturbed
from worldsmith.environments.tasks import Task, the
from worldsmith.worlds.ledger import Quantity, parse_formula


@pytest.fixture(scope="module")
def legal(published_legal):
    import worldsmith
    from tests.published import task_set_of

    world = worldsmith.open(published_legal)
    yield world, task_set_of(world)
    world.close()


def test_a_function_inside_a_greater_of_is_no_fact():
    # the recall outline's max(percent_of(cap_percent, annual_contract_value), cap_fixed_sum) crashed the task maker
    # (KeyError: 'percent_of')
    first, second = parse_formula("max(percent_of(cap_percent, annual_contract_value), cap_fixed_sum)").args
    assert _names(first) == ["cap_percent", "annual_contract_value"] and _names(second) == ["cap_fixed_sum"]


def test_a_count_supposed_otherwise_stays_whole():
    # 'suppose the duplicate accounts were 52.8 users', 'years backdated were 3.6 years' (licence-audit outline)
    assert perturbed(Quantity("number", Decimal(44), None, "users")).amount == 53
    assert perturbed(Quantity("number", Decimal(3), None, "years")).amount == 4
    assert perturbed(Quantity("money", Decimal("41.10"), "GBP", None)).amount == Decimal("49.30")  # money as before


def test_a_common_nouns_possessive_label_takes_the_article():
    # 'suppose expert's rate per sq ft were GBP 41', 'exceed tenant's proposed rent' (rent-review outline)
    fact = lambda label: SimpleNamespace(id="x", label=label)  # noqa: E731
    assert the(fact("expert's rate per sq ft")) == "the expert's rate per sq ft"
    assert the(fact("Ostrander's maximum exposure")) == "Ostrander's maximum exposure"
    assert the(fact("OPA 90 liability cap"), capital=True) == "The OPA 90 liability cap"


def test_a_name_ending_in_a_stop_closes_the_sentence_once():
    # 'a note to Tessaline Logistics, Inc..' in a review task's prompt
    task = Task.model_validate({
        "id": "t", "world_id": "w", "kind": "what_if", "instruction": "Write to Tessaline Logistics, Inc.. Then stop...",
        "needs": {"files": ["a"], "facts": ["x"], "apps": ["drive"]},
        "reference": {"answer": "a", "sql": "select 1", "params": [], "expect": [[1]]},
        "rubric": {"criteria": []}, "solution": {"answer": "a", "actions": []}})
    assert task.instruction == "Write to Tessaline Logistics, Inc. Then stop..."


def test_a_count_is_read_in_the_words_a_licence_auditor_uses():
    # kit11 (licence audit): '1,860 accounts counted by the auditor' and '1,200 licensed Named Users' lost the inputs
    # '1,860 users' and '1,200 users' of a right answer; a count in days is still no count of users
    from worldsmith.environments.answers import asserts
    from worldsmith.worlds.values import Number

    users = lambda n: Number(value=Decimal(n), unit="users")  # noqa: E731
    assert asserts("Counted: 1,860 accounts counted by the auditor.", users(1860)).ok
    assert asserts("Licensed: 1,200 licensed Named Users.", users(1200)).ok
    assert not asserts("It took 1,860 days.", users(1860)).ok


def test_a_headcount_is_read_in_its_posts_roles_or_jobs():
    # kit30a (collective redundancy): '148 positions eliminated less 37 internal redeployment posts' lost the input
    # '37 positions' of five right memos; employees are people, not posts
    from worldsmith.environments.answers import asserts
    from worldsmith.worlds.values import Number

    positions = lambda n: Number(value=Decimal(n), unit="positions")  # noqa: E731
    assert asserts("The plan keeps 37 internal redeployment posts.", positions(37)).ok
    assert asserts("The plan cuts 148 roles.", Number(value=Decimal(148), unit="jobs")).ok
    assert not asserts("It redeploys 37 employees.", positions(37)).ok


def test_a_reply_greeting_or_signed_as_the_wrong_person_is_misaddressed():
    # kit11: 'Dear Justin,' (opposing counsel) in a reply to Clinton, and a reply by Jordan signed 'Clinton Nichols',
    # each scored 1.0
    from worldsmith.environments.grade import misaddressed

    people = [SimpleNamespace(name=n, email=e) for n, e in (("Jordan Becker", "jb@firm.example"),
                                                            ("Clinton Nichols", "cn@client.example"),
                                                            ("Justin Pineda", "jp@vendor.example"))]
    world = SimpleNamespace(plan=SimpleNamespace(people=people))
    sent = lambda text: SimpleNamespace(text=text, body=text, to=["cn@client.example"], cc=[], sender="jb@firm.example")  # noqa: E731
    assert misaddressed(world, sent("Dear Justin,\n\nThe claim exceeds it.\n\nJordan Becker"))
    assert misaddressed(world, sent("Dear Jordan,\n\nFor our file: the claim exceeds it.\n\nClinton Nichols\nGeneral Counsel"))
    assert not misaddressed(world, sent("Dear Clinton,\n\nThe claim exceeds it.\n\nBest regards,\nJordan Becker"))
    assert not misaddressed(world, sent("Clinton - yes: the claim is more. Jordan"))
    assert not misaddressed(world, sent("Hi all,\n\nYes - the claim exceeds it.\n\nJordan"))
    # kit12: a greeting by title and surname, and the names a greeting's brackets say are copied, each scored 1.0 when
    # the message went to someone else
    assert misaddressed(world, sent("Dear Mr Pineda,\n\nThe claim exceeds it.\n\nJordan Becker"))
    assert misaddressed(world, sent("Dear Mr. Pineda,\n\nThe claim exceeds it.\n\nJordan Becker"))
    assert not misaddressed(world, sent("Dear Mr Nichols,\n\nThe claim exceeds it.\n\nJordan Becker"))
    assert not misaddressed(world, sent("Dear Ms Smith,\n\nThe claim exceeds it.\n\nJordan Becker"))
    assert misaddressed(world, sent("Dear all (Clinton Nichols and Justin Pineda copied),\n\nThe claim exceeds it."))
    assert not misaddressed(world, sent("Dear all (Clinton Nichols copied),\n\nThe claim exceeds it."))


def test_a_comparison_denied_from_outside_its_clause_is_the_other_way():
    # kit11: 'It is not the case that the Quorvex audit claim (USD 2,871,000) exceeds Quorvex's revised claim (USD
    # 1,078,800); the difference is USD 1,792,200.' scored 1.0 on a reply, a brief and an answer
    from worldsmith.environments.answers import directions

    a, b = ["quorvex", "audit", "claim"], ["revised", "claim"]
    assert directions("It is not the case that the Quorvex audit claim (USD 2,871,000) exceeds the revised claim "
                      "(USD 1,078,800); the gap is USD 1,792,200.", a, b) == {"a<b"}
    assert directions("It is untrue that the Quorvex audit claim exceeds the revised claim.", a, b) == {"a<b"}
    assert directions("The Quorvex audit claim (USD 2,871,000) exceeds the revised claim (USD 1,078,800).", a, b) == {"a>b"}


def test_a_markdown_table_is_read_row_by_row_with_its_columns_currency():
    # kit11: '| Quorvex audit claim | (1,860 - 1,200) x 1,450 x 3 | 2,871,000 |' under a 'USD' header read as the
    # claim stated at 1,860, and right answers in table form scored 0.0-0.64
    from worldsmith.environments.answers import bound_figures, untable

    table = ("| Item | Working | USD |\n| --- | --- | --- |\n"
             "| Quorvex audit claim | (1,860 - 1,200) x 1,450 x 3 | 2,871,000 |\n"
             "| Quorvex's revised claim | 248 x 1,450 x 3 | 1,078,800 |\nAnswer: USD 1,792,200")
    lines = untable(table).splitlines()
    assert lines[0] == "Quorvex audit claim: USD 2,871,000 ((1,860 - 1,200) x 1,450 x 3)."
    assert [m.text for m in bound_figures(untable(table), ["quorvex audit claim"])] == ["USD 2,871,000"]
    assert untable("No table | here.") == "No table | here."


def test_a_figure_listed_with_its_day_after_a_dash_is_dated_by_it():
    # kit11: 'accounts counted 1,860 - 2026-04-14, Jordan Becker' (the figure came on April 13) scored 1.0
    from worldsmith.environments.grade import misdated
    from worldsmith.environments.tasks import Check

    check = Check(type="answer_misdated", values=["1,860 users"], numbers=[1860.0], unit="users", b_words=["2026-04-13"])
    assert misdated("Accounts counted 1,860 - 2026-04-14, Jordan Becker.", check)
    assert misdated("Accounts counted: 1,860 users: April 14, 2026 (Jordan Becker).", check)
    assert not misdated("Accounts counted 1,860 - 2026-04-13, Jordan Becker.", check)


def test_the_figure_an_arrow_leaves_is_the_old_one():
    # kit11: 'Change: -74 users (1,934 -> 1,860)' read as relying on the superseded 1,934 (0.6)
    from worldsmith.environments.answers import asserts, want

    assert asserts("Change: -74 users (1,934 -> 1,860).", want("1,934")).status == "superseded_mention"
    assert asserts("Change: -74 users (1,934 -> 1,860).", want("1,860")).status == "asserted"


def test_a_figure_given_to_another_partys_name_costs(legal, tmp_path):
    # kit11: "Tessaline's audit claim" and "Quorvex's true-up offer" beside the right figures scored 1.0 on seven tasks;
    # in the legal world, Ostrander's maximum exposure given to the owners
    from worldsmith.environments.grade import grade
    from worldsmith.environments.session import Session

    world, task_set = legal
    task = next(t for t in task_set.tasks if "energy_exposure" in t.needs.facts and t.solution.answer)
    assert any(c.id == "owner_swapped_energy_exposure" for c in task.rubric.negative_criteria)
    session = Session(world, tmp_path / "s")
    right = task.solution.answer
    assert grade(task, session, right).score == 1.0
    assert grade(task, session, right.replace("Ostrander's maximum exposure", "Kestrel's maximum exposure")).score < 1.0


def test_an_answer_of_one_day_in_words_is_read():
    # kit11: 'Answer: one day' for a 1-day lag scored 0.67 ('one day later' in prose stays no count)
    from worldsmith.environments.grade import _decide
    from worldsmith.environments.tasks import Check
    from worldsmith.worlds.values import word_figures

    lag = Check(type="answer_final", values=["1 day"], numbers=[1.0], unit="days")
    assert _decide("final", "It reached the client a day later.\nAnswer: one day", lag)
    assert not _decide("final", "Answer: two days", lag)
    assert word_figures("The claim came one day later.") == []


def test_an_answer_that_says_the_figure_was_not_sent_costs_but_not_until_a_day():
    # kit11: 'Tessaline did not receive the USD 251,720 offer on May 8, 2026 from Jordan Becker' and 'Caddell Voss LLP
    # did not send Tessaline any of these' beside the right days scored 1.0
    from worldsmith.environments.grade import _met
    from worldsmith.environments.tasks import Check, Criterion

    denies = [Criterion(id="d", weight=1.0, description="d", check=Check(type="answer_denies_sending"))]
    said = lambda text: bool(_met(denies, None, text))  # noqa: E731
    assert said("Tessaline did not receive the USD 251,720 offer on May 8, 2026 from Jordan Becker.")
    assert said("Caddell Voss LLP did not send Tessaline any of these.")
    assert not said("Tessaline did not receive it until May 8, 2026, from Jordan Becker.")
    assert not said("USD 2,871,000 on April 13 (the 1,934 first-cut count was superseded and never sent).")
    assert not said("Tessaline first received it on May 8, 2026, from Jordan Becker.")


def test_when_the_client_was_first_sent_a_figure_is_asked_of_its_mail(legal):
    # kitA, a red team on a supply-price dispute: 'We first sent Halvergate Axle Company the index rise of 18.5% on June
    # 19, 2026' was the review's right line, while the associate had told the client's cost analyst '18.5%' in a chat
    # on April 10; first_sent reads the mail, so the questions and the drafted line say so
    _, task_set = legal
    asked = [t for t in task_set.tasks if t.id.startswith(("told-", "chronology-"))]
    assert asked
    for t in asked:
        assert "by email" in t.instruction, t.instruction
    for t in task_set.tasks:
        if t.kind == "review":
            for line in t.instruction.splitlines():
                if " first sent " in line:
                    assert "by email" in line, line


def test_every_day_the_room_gives_is_no_stray_date(legal):
    # kitA: a right answer citing the index 'as at April 6, 2026' (the day it became known, the sheet's basis line)
    # and 'Brennmoor's April 3 notice' (a superseded paper's day) lost 0.33 to states_stray_date
    from worldsmith.environments.grade import _stated_days

    world, _ = legal
    days = _stated_days(world)
    known = {f.known_from for f in world.plan.facts if f.known_from}
    known |= {e.since for f in world.plan.facts for e in f.earlier}
    assert known <= days, sorted(known - days)


def test_a_rate_beside_an_amounts_label_is_no_misstatement_of_it():
    # kitA: right what-ifs lost 0.27 to misstates_capped_surcharge for 'Surcharge cap (12%) | $2,361,600' and 'Surcharge
    # cap at 22%: 0.22 x 19,680,000 = USD 4,329,600' (the rate the amount is worked at, not the amount)
    from worldsmith.environments.grade import misstated
    from worldsmith.environments.tasks import Check

    check = Check(type="answer_misstated", values=["USD 2,361,600"], numbers=[2361600.0], unit="USD",
                  a_words=["surcharge cap"], b_words=["surcharge claimed", "annual contract value"])
    assert not misstated("Surcharge cap (12%): USD 2,361,600.", check)
    assert not misstated("The surcharge cap at 12% is USD 2,361,600.", check)
    assert misstated("The surcharge cap is USD 2,900,000.", check)
    assert misstated("Surcharge cap (12%): USD 2,900,000.", check)


def test_a_told_task_asks_for_the_figure_its_rubric_checks(legal):
    # kitA: 'From David Kelly, 16 April 2026 (weekly update); first seen 14 April 2026; 2 days later.' answered all the
    # question asked and lost 0.17 on the 'figure' criterion
    _, task_set = legal
    told = [t for t in task_set.tasks if t.id.startswith("told-")]
    assert told
    for t in told:
        if any(c.id == "figure" for c in t.rubric.criteria):
            assert "State the figure" in t.instruction, t.instruction


def test_several_people_offered_for_the_one_sender_is_a_hedge(legal):
    # kitA: 'from David Kelly or Brittney Yates', 'from one of: Monique Wagner, Brittney Yates, David Kelly', a
    # chronology row 'April 16, 2026, Brittney Yates / David Kelly' each scored 1.0 beside the right sender
    from worldsmith.environments.side_checks import hedged_sender

    world, task_set = legal
    told = next(t for t in task_set.tasks if t.id.startswith("told-"))
    a, b, c = [p.name for p in world.plan.people][:3]
    for hedge in (f"The client first received it on April 16, 2026 from {a} or {b}.",
                  f"On April 16, 2026 the client first received it from one of: {a}, {b}, {c}.",
                  f"- The figure: April 16, 2026, {a} / {b}", f"from {a} and {b} jointly"):
        assert hedged_sender(hedge, world, told.instruction), hedge
    for right in (told.solution.answer, f"The client first received it on April 16, 2026 from {a}, copying {b}.",
                  f"{a} sent it to {b} and {c} on April 16, 2026.",
                  # kit16: a paper's maker and another's paper, not two senders
                  f"First in the room on March 12 (the sheet created by {a}; {b}' memo of the same day).",
                  f"First in the room on March 12 (the sheet created by {a}, {b}'s memo of the same day)."):
        assert not hedged_sender(right, world, told.instruction), right


def test_opposite_ways_offered_or_a_self_correction_is_no_answer():
    # kitA: 'The claim would be above or below the cap by USD 3,247,200', '... above the cap by USD 3,247,200, or below
    # it on the supplier's reading', and a right answer followed by 'Correction: it would be below the cap.' scored 1.0
    from worldsmith.environments.grade import _BOTH_WAYS, _RETRACT

    assert _BOTH_WAYS.search("The claim would be above or below the cap by USD 3,247,200.")
    assert _BOTH_WAYS.search("The claim would be above the cap by USD 3,247,200, or below it on the supplier's reading.")
    assert not _BOTH_WAYS.search("The claim is above the cap by USD 3,247,200; the excess is disputed.")
    assert not _BOTH_WAYS.search("The claim is above the cap (USD 2,361,600) or the payable figure, whichever is lower.")
    assert _RETRACT.search("Disputed excess = USD 0. Correction: the disputed excess stays at USD 1,279,200.")
    assert _RETRACT.search("It would be above the cap.\nCorrection: it would be below the cap.")
    assert not _RETRACT.search("The correction: the first invoice was reissued on April 8.")


def test_the_side_that_decides_a_smaller_of_said_not_to_apply_states_the_ledger_otherwise(legal):
    # kitA: 'The adjustment cap percentage (12%) does not exceed the index rise (18.5%), so the cap does not apply and
    # Halvergate should pay the full surcharge of USD 3,640,800' scored 1.0 where the ledger's payable is min(claim, cap)
    import re

    from worldsmith.environments.ledger_statements import _states, denies_governing
    from worldsmith.environments.tasks import label_of

    world, _ = legal
    facts = {f.id: f for f in world.plan.facts}
    found = [f for f in world.plan.facts if re.match(r"\s*min\(", f.formula or "")]
    assert found and _states(world).governing
    fid, rx = _states(world).governing[0]
    a, b = re.findall(r"[a-z_]+", facts[fid].formula.split("(", 1)[1])[:2]
    win = next(x for x in (a, b) if rx.search(label_of(facts[x]).lower()))
    said = f"So the {label_of(facts[win])} does not apply."
    assert denies_governing(said, world), said
    assert not denies_governing(f"So the {label_of(facts[win])} applies.", world)
    assert not denies_governing(f"If the figures were otherwise, the {label_of(facts[win])} would not apply.", world)


def test_a_sender_named_by_title_and_surname_is_named(legal):
    # kitA: 'From Mr Kelly, 16 April 2026' and a chronology naming 'Ms Yates' lost the sender criteria
    from worldsmith.environments.grade import holds

    world, task_set = legal
    told = next(t for t in task_set.tasks if t.id.startswith("told-"))
    check = next(c for c in told.rubric.criteria if c.id == "sender").check
    full = check.values[0]
    surname = full.split()[-1]
    assert holds(check, None, f"It came from Mr {surname} on the day.")
    assert holds(check, None, f"It came from {full} on the day.")
    assert not holds(check, None, "It came from the client's own team on the day.")


def test_nothing_said_owed_where_the_ledger_owes_a_sum_states_it_otherwise(legal):
    # vfix7: 'So nothing is owed and no cure is required.' beside a right answer scored 1.0 on 188 of 188 tasks of
    # worlds that owe a sum
    import re

    from worldsmith.environments.ledger_statements import _OWED_LABEL, denies_owed
    from worldsmith.environments.tasks import label_of

    world, _ = legal
    assert denies_owed("So nothing is owed and no adjustment is needed.", world)
    owed = next(f for f in world.plan.facts if getattr(f.value, "type", None) == "money" and f.value.amount > 0
                and _OWED_LABEL.search(label_of(f).lower()))
    head = _OWED_LABEL.search(label_of(owed).lower()).group(0).rstrip("s")
    assert denies_owed(f"So no {head} is payable.", world), head
    for right in ("Liability is limited to the cap, with nothing payable above it.",
                  "If the cap applied, nothing would be owed.", "No further payment is due after the settlement"
                  " sum is paid? It is not: the balance is payable.", "Nothing further is owed beyond the cap."):
        assert not denies_owed(right, world), right


def test_a_line_naming_a_longer_label_of_the_same_figure_does_not_tell_the_shorter():
    # kit16, a blind red team on a hotel management agreement's termination: where the cap does not bind, the fee and
    # the fee payable are both USD 4,374,000, and the told task's key took a weekly update's 'The termination fee
    # payable: USD 4,374,000' as the day the client was told the termination fee (first given on May 22)
    from worldsmith.environments.graph_tasks import states_in_text

    fee = SimpleNamespace(id="termination_fee", label="termination fee", text="USD 4,374,000")
    longer = (("fee", "payable", "termination"),)
    update = "Where things stand:\nThe termination fee payable: USD 4,374,000.\nMore next week."
    assert states_in_text(update, fee)  # as before, with no longer label known
    assert not states_in_text(update, fee, longer)
    assert states_in_text("The termination fee is USD 4,374,000 (three times the base fee).", fee, longer)


def test_a_supposition_that_turns_a_figure_negative_is_not_asked_and_a_negative_figure_reads_as_itself():
    # an unseen earn-out outline: revenue a fifth lower put the earn-out, 2.5 x (revenue - threshold), at
    # 'USD -12,250,000' (no contract pays that; the professional answers zero), and the form could not read its own
    # oracle's negative figure (0.5: refused by the lint)
    from worldsmith.environments import forms
    from worldsmith.environments.graph_tasks import keeps_sign
    from worldsmith.environments.tasks import Check

    formulas = {"excess": "revenue - threshold", "uncapped": "excess * multiple", "payment": "min(uncapped, cap)",
                "revenue": None, "threshold": None, "multiple": None, "cap": None}
    graph = SimpleNamespace(fact=lambda fid: SimpleNamespace(formula=formulas[fid]), quantities={
        "excess": Quantity("money", Decimal(3_900_000), "USD", None),
        "uncapped": Quantity("money", Decimal(9_750_000), "USD", None),
        "payment": Quantity("money", Decimal(8_000_000), "USD", None)})
    lower = {"excess": Quantity("money", Decimal(-4_900_000), "USD", None),
             "uncapped": Quantity("money", Decimal(-12_250_000), "USD", None),
             "payment": Quantity("money", Decimal(-12_250_000), "USD", None)}
    higher = {k: Quantity("money", abs(q.amount) * 2, "USD", None) for k, q in lower.items()}
    assert not keeps_sign(graph, lower, "payment", "revenue")
    assert keeps_sign(graph, higher, "payment", "revenue")
    negative = Check(type="answer_field", a_words=["Answer"], values=["USD -12,250,000"], expect="amount")
    assert forms.field_holds("Answer: USD -12,250,000", negative)
    assert not forms.field_holds("Answer: USD 12,250,000", negative)
    positive = Check(type="answer_field", a_words=["Answer"], values=["USD 12,250,000"], expect="amount")
    assert not forms.field_holds("Answer: USD -12,250,000", positive)


def test_a_variance_is_tested_against_the_tolerance_worked_from_its_own_base(tmp_path):
    # an unseen royalty-audit outline (understated sales against a 2% cost-shifting threshold of reported sales) got
    # no judgement, memo or reply task at all: the two labels share no word, and no lesser-of weighs them
    import yaml

    from worldsmith.environments.graph_tasks import Graph, exceed_pairs, pair_reason
    from worldsmith.flows.make import make_world
    import worldsmith

    outline = yaml.safe_load((Path(__file__).parents[1] / "fixtures" / "mini.yaml").read_text())
    money = lambda n: {"type": "money", "amount": n, "currency": "USD"}  # noqa: E731
    outline["facts"] = [
        {"id": "budget", "statement": "The approved budget is USD 8,000,000.", "label": "approved budget",
         "value": money(8000000)},
        {"id": "final_cost", "statement": "The final account comes to USD 9,100,000.", "label": "final cost",
         "value": money(9100000)},
        {"id": "overrun", "statement": "The project ran USD 1,100,000 over.", "label": "cost overrun",
         "formula": "final_cost - budget", "value": money(1100000)},
        {"id": "rate", "statement": "The contingency is 10% of the budget.", "label": "contingency rate",
         "value": {"type": "percent", "value": 10}},
        {"id": "contingency", "statement": "The contingency comes to USD 800,000.", "label": "project contingency",
         "formula": "percent_of(rate, budget)", "value": money(800000)},
    ]
    items = outline["inventory"]
    items[0]["items"][0]["facts"] = ["budget", "final_cost"]
    items[1]["items"][0]["facts"] = ["overrun", "contingency"]
    items[1]["items"][1]["facts"] = ["budget", "final_cost", "overrun", "rate", "contingency"]
    outline["distractors"][0].update(fact="overrun", value=money(700000))
    (tmp_path / "o.yaml").write_text(yaml.safe_dump(outline))
    world = worldsmith.open(make_world(str(tmp_path / "o.yaml"), seed=3, out=str(tmp_path / "out"),
                                       backend="offline", no_cache=True).path)
    try:
        graph = Graph.of(world)
        overrun, contingency, budget = (graph.fact(x) for x in ("overrun", "contingency", "budget"))
        reason = pair_reason(graph, overrun, contingency)
        assert reason is not None and "approved budget" in reason[0], reason
        assert (overrun, contingency) in exceed_pairs(graph)
        # a limit beside a figure not worked as a difference from its base is still no pair
        assert pair_reason(graph, graph.fact("final_cost"), contingency) is None
    finally:
        world.close()

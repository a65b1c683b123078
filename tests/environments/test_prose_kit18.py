"""kit18 (a blind red team on an unseen earn-out outline): memos and replies with the right figures that paid the
side that does not decide, treated the margin the cap cuts off as owed, or said the cap does not limit; right memos
marked down for citing provisions in a sources column; right forms marked down for a bare amount or a dotted date."""

import pytest

import worldsmith
from tests.published import task_set_of
from worldsmith.environments import forms, grade, side_checks
from worldsmith.environments.tasks import Check


@pytest.fixture(scope="module")
def legal(published_legal):
    world = worldsmith.open(published_legal)
    yield world, task_set_of(world).tasks
    world.close()


def test_money_paid_at_the_figure_that_does_not_decide_or_at_the_margin_cut_off_is_caught(legal):
    world, _ = legal  # the Clause 41.3 cap (USD 20,000,000) decides; the demand is USD 60,987,500, the margin 40,987,500
    pays = lambda t: grade.pays_a_figure_that_does_not_decide(world, t)  # noqa: E731
    assert pays("Ostrander will pay USD 60,987,500 on the demand.")
    assert pays("Ostrander has underpaid Kestrel Bay by USD 40,987,500, which Kestrel Bay will claim.")
    assert pays("The demand exceeds the cap by USD 40,987,500, which is the amount Kestrel Bay will be paid.")
    assert not pays("Ostrander will pay USD 20,000,000, the Clause 41.3 cap.")
    assert not pays("The cap reduces the payment by USD 40,987,500.")
    assert not pays("Kestrel Bay claims Ostrander should pay USD 60,987,500.")


def test_the_deciding_side_said_not_to_limit_is_caught(legal):
    world, _ = legal
    assert grade.denies_the_deciding_side(world, "The Clause 41.3 cap does not limit what Ostrander pays.")
    assert not grade.denies_the_deciding_side(world, "The Clause 41.3 cap limits what Ostrander pays.")


def test_a_provision_cited_in_a_sources_column_is_no_figure_and_no_padding():
    cells = "\n".join(["Item", "Figure", "Source", "Revenue threshold", "USD 40,000,000", "SPA Sch. 1(a)",
                       "Earn-out multiple", "2.5x", "SPA Sch. 1(b)", "Earn-out cap", "USD 8,000,000", "SPA Sch. 1(c)"])
    assert not side_checks.padded(cells)
    assert side_checks.padded("\n".join(["It was agreed."] * 3))
    assert grade.unledgered(cells + "\nUnder section 2.9 and s. 2.6.", "USD", [40000000.0, 8000000.0]) == []
    assert grade.unledgered(cells + "\nThe cap is USD 7,000,000.", "USD", [40000000.0, 8000000.0])


def test_a_figure_before_its_label_and_a_bracket_without_one_bind_nothing_after():
    text = "USD 43,900,000 FY2025 revenue (determination of April 24, 2026) less USD 40,000,000 threshold"
    anchors = ["fy2025 revenue (", "fy2025 revenue of"]
    assert not grade.bound_to(text, anchors, "USD 40,000,000", 40000000.0, "USD")
    assert grade.bound_to("The FY2025 revenue (USD 40,000,000) is what we use.", anchors, "USD 40,000,000",
                          40000000.0, "USD")


def test_an_amount_field_wants_its_currency_and_dots_date_day_first():
    amount = Check(type="answer_field", a_words=["Answer"], values=["USD 1,750,000"], expect="amount")
    # (the form asks an amount with its currency: blind red team 34 called a bare figure wrong, kit18 had called it right)
    assert not forms.field_holds("Answer: 1,750,000", amount)
    assert forms.field_holds("Answer: USD 1,750,000", amount) and forms.field_holds("Answer: $1.75m", amount)
    assert not forms.field_holds("Answer: 1,700,000", amount)
    assert not forms.field_holds("Answer: GBP 1,750,000", amount)
    date = Check(type="answer_field", a_words=["Day"], values=["2026-02-06"], expect="date", b_words=["en_US"])
    assert forms.field_holds("Day: 06.02.2026", date)
    assert forms.field_holds("Day: 02/06/2026", date)  # month first in a US matter
    assert not forms.field_holds("Day: 06/02/2026", date)


def _insurance_world():
    # an insurer that owes its policyholder, told only in the outline's statements (the ledger holds sums, not payers)
    from types import SimpleNamespace as NS

    orgs = [NS(id="firm", name="Whitlock Merritt LLP", privileged=True),
            NS(id="insured", name="Calder Provisions Inc.", privileged=True),
            NS(id="insurer", name="Northgate Mutual Insurance Company", privileged=False)]
    facts = [NS(id="balance", formula="loss - refund", statement="After the advance, Northgate owes USD 4,081,300 on the claim."),
             NS(id="loss", formula=None, statement="The policy limit is USD 10,000,000."),
             # a step netted off the sum says nothing of who pays the sum (kit16: 'Castellan owes a key money refund')
             NS(id="refund", formula=None, statement="Calder owes a salvage refund of USD 20,000.")]
    return NS(plan=NS(facts=facts, organisations=orgs))


def test_money_paid_the_wrong_way_round_or_the_claim_given_up_is_caught():
    # kit18: 'The sellers must accordingly pay Corvane USD 8,000,000', 'the cap limits what Quillfeather must refund to
    # Corvane', 'the sellers should accept Corvane's position and not pursue the earn-out further', all at 1.0
    world = _insurance_world()
    assert grade.payer(world) == "northgate"
    wrong = lambda t: grade.pays_the_payer(world, t)  # noqa: E731
    assert wrong("Calder must therefore pay Northgate USD 4,081,300.")
    assert wrong("The limit caps what Calder must refund to Northgate.")
    assert wrong("Northgate is owed USD 4,081,300 by Calder.")
    assert not wrong("Northgate must pay Calder USD 4,081,300 within 30 days.")
    assert not wrong("Northgate paid the advance of USD 1,500,000 on April 24.")
    assert not wrong("We have Northgate's payment of USD 1,500,000.")
    assert not wrong("Calder need not pay Northgate anything.")
    gives_up = lambda t: side_checks.concedes(t, world)  # noqa: E731
    assert gives_up("Recommendation: Calder should accept Northgate's position and not pursue the balance.")
    assert gives_up("We recommend that Calder withdraw the claim.")
    assert not gives_up("Calder should not accept Northgate's figures; the adjuster's report binds.")
    assert not gives_up("Northgate may withdraw its reservation of rights.")
    assert not gives_up("We should press Northgate for USD 4,081,300 by the deadline.")


def test_a_labels_figure_used_as_the_first_operand_of_further_working_is_still_the_labels():
    # kit18: 'The uncapped earn-out is USD 9,750,000 (revenue above threshold of USD 4,875,000 x 2x)' at 1.0, the
    # excess being USD 3,900,000: the figure after 'of' was read as a step of working and bound nothing
    text = "The uncapped total is USD 9,750,000 (excess over the floor of USD 4,875,000 x 2x)."
    found = list(grade._figures_after(text, ["excess over the floor of"], "money"))
    assert [float(m.value) for m in found] == [4875000.0]
    assert grade._worked_to(grade._parsed(text), found[0]) is False
    worked = "The excess over the floor is USD 43,900,000 - USD 40,000,000 = USD 3,900,000."
    assert [float(m.value) for m in grade._figures_after(worked, ["excess over the floor is"], "money")] == [3900000.0]


def test_a_cap_in_other_words_is_read_as_the_ledgers_cap():
    # kit18: 'The pre-cap earn-out is USD 9,750,000 ... The SPA ceiling on the earn-out is USD 8,000,000' (a right
    # memo, 0.06) and 'Before the cap, the earn-out comes to USD 9,750,000; the ceiling ... is USD 8,000,000' (0.43)
    from types import SimpleNamespace as NS

    from worldsmith.environments import answers

    labels = ["uncapped bonus pool", "bonus pool cap", "bonus pool"]
    world = NS(facts={str(i): NS(id=str(i), label=x, statement=x) for i, x in enumerate(labels)})
    grade._WORLD_NOW[0] = world
    try:
        assert grade.in_ledger_terms("The pre-cap bonus pool is USD 9m.") == "The uncapped bonus pool is USD 9m."
        assert grade.in_ledger_terms("the bonus pool before the cap") == "the uncapped bonus pool"
        assert grade.in_ledger_terms("Before the cap, the bonus pool is USD 9m.") == "the uncapped bonus pool is USD 9m."
        assert grade.in_ledger_terms("The ceiling is USD 8m.") == "The cap is USD 8m."
        world.facts["3"] = NS(id="3", label="rent ceiling", statement="")
        world.__dict__.pop("_label_words")
        assert grade.in_ledger_terms("The ceiling is USD 8m.") == "The ceiling is USD 8m."  # the ledger's own word
    finally:
        grade._WORLD_NOW[0] = None
    said = answers.bound_figures("The plan's cap on the bonus pool is USD 8,000,000.", ["bonus pool"], ["bonus pool cap"])
    assert said == []
    assert [m.text for m in answers.bound_figures("The bonus pool is USD 9,000,000.", ["bonus pool"])] == ["USD 9,000,000"]


def test_a_choice_with_its_reason_in_a_bracket_and_a_multiple_written_x_first():
    # kit18: 'Governs: the earn-out cap (it is lower)' and 'Governs: the uncapped earn-out (lower than the cap)' lost
    # 0.25-0.29 as no choice; 'Earn-out multiple: x2.5' was read as no figure (0.93)
    from types import SimpleNamespace as NS

    from worldsmith.environments import answers

    facts = {"pool": NS(id="pool", label="uncapped bonus pool", formula=None),
             "cap": NS(id="cap", label="bonus pool cap", formula=None),
             "paid": NS(id="paid", label="bonus paid", formula="min(pool, cap)")}
    world = NS(facts=facts, plan=NS(facts=list(facts.values())))
    check = Check(type="answer_field", a_words=["Governs"], values=["bonus pool cap"], b_words=["uncapped bonus pool"],
                  expect="choice")
    assert forms.field_holds("Governs: the bonus pool cap (it is lower)", check, world)
    assert forms.field_holds("Governs: the bonus pool cap (lower than the uncapped bonus pool)", check, world)
    assert forms.field_holds("Governs: the bonus pool cap", check, world)
    assert not forms.field_holds("Governs: the bonus pool cap (it is higher)", check, world)
    assert not forms.field_holds("Governs: the uncapped bonus pool (it is lower)", check, world)
    assert [(m.value, m.unit) for m in answers.parse("Multiple: x2.5").mentions] == [(2.5, "x")]
    assert [m.unit for m in answers.parse("USD 3,900,000 x2.5").mentions] == [None]  # working, not a multiple

"""kit19 (a blind red team on an unseen royalty-audit outline): a right memo marked down for its 'Date:' line; form
fields with a time rate, a '+' or an accountant's brackets after the figure at 1.0; replies and memos that take back
what they say, call the exceeded limit unmet or have the payer owe nothing, at 1.0."""

from types import SimpleNamespace as NS

from worldsmith.environments import forms, grade
from worldsmith.environments.guards import short_names
from worldsmith.environments.tasks import Check


def test_a_date_is_no_short_name_of_a_dated_fact():
    # 'Date: August 21, 2026' in a right memo's block was read as the audit report date misstated (0.53, six memos)
    assert "date" not in short_names(["audit", "report", "date"], ["audit report date", "royalty rate"])
    assert "exposure" in short_names(["maximum", "total", "exposure"], ["maximum total exposure", "cap"])


def _world(*statements):
    facts = [NS(id=f"f{i}", label=label, statement=st, value=NS(type=kind), formula=None)
             for i, (label, st, kind) in enumerate(statements)]
    return NS(plan=NS(facts=facts, organisations=[]), facts={f.id: f for f in facts})


def test_a_time_rate_a_plus_or_brackets_after_a_field_figure_is_no_figure():
    world = _world(("gap", "The gap is USD 782,000.", "money"),
                   ("interest rate", "Interest runs at 12% a year.", "percent"))
    amount = Check(type="answer_field", a_words=["Answer"], values=["USD 782,000"], expect="amount")
    assert forms.field_holds("Answer: USD 782,000", amount, world)
    for wrong in ("USD 782,000 per day", "USD 782,000/day", "USD 782,000 per annum", "USD 782,000+", "USD (782,000)"):
        assert not forms.field_holds(f"Answer: {wrong}", amount, world), wrong
    rate = Check(type="answer_field", a_words=["Interest rate"], values=["12%"], expect="percent")
    assert forms.field_holds("Interest rate: 12% per annum", rate, world)  # the period the rate is stated in
    assert not forms.field_holds("Interest rate: 12% per day", rate, world)
    rent = _world(("rent", "The passing rent is USD 1,200,000 a year.", "money"))
    assert forms.field_holds("Answer: USD 288,000 a year",
                             Check(type="answer_field", a_words=["Answer"], values=["USD 288,000"], expect="amount"), rent)


def test_a_deliverable_that_takes_back_its_answer_or_calls_the_exceeded_limit_unmet_is_caught():
    said = "The understated sales of USD 1,150,000 exceed the threshold of USD 368,000 by USD 782,000."
    for tail in ("Just kidding - they don't.", "Or so they say; we say the opposite.",
                 "(This is a hypothetical; the real figures show no understatement.)",
                 "- in fact they fall short of it by USD 782,000."):
        assert grade.disowns(f"{said} {tail}", None, deliverable=True), tail
    assert not grade.disowns(said + " Oakfield's argument that catering is excluded does not hold.", None, deliverable=True)
    world = _world(("understated sales", "", "money"), ("cost-shifting threshold", "", "money"))
    world.facts["f0"].value.amount, world.facts["f1"].value.amount = 1150000, 368000
    task = NS(needs=NS(facts=["f0", "f1"]))
    assert grade.limit_said_unmet(world, task, said + " The threshold is therefore not met.")
    assert not grade.limit_said_unmet(world, task, said + " The threshold is therefore met.")
    orgs = [NS(id="oak", name="Oakfield Dining Inc.", privileged=False)]
    owing = NS(plan=NS(facts=[NS(id="t", formula=None, statement="Oakfield owes Brightmoor USD 114,812.")],
                       organisations=orgs))
    assert grade.owes_nothing(owing, "That means Oakfield owes nothing beyond the royalty already paid.")
    assert not grade.owes_nothing(owing, "Oakfield owes USD 114,812 and nothing has been paid.")


def test_a_labels_working_with_words_between_comes_to_the_figure_after_its_equals():
    # kit19: '3. Understated sales: $19,550,000 audited (Castellan royalty audit report, FY2025) less $18,400,000 reported
    # = $1,150,000.' read as the understated sales stated at $19,550,000 (a right memo, 0.06)
    from worldsmith.environments import answers

    text = "Understated sales: $19,550,000 audited (the audit report) less $18,400,000 reported = $1,150,000."
    assert [m.value for m in answers.bound_figures(text, ["understated sales"], money=True)] == [1150000]
    # the label before the first term names that term; working in a bracket after the figure is its working (kit18)
    first = "FY2025 revenue USD 43,900,000 less threshold USD 40,000,000 = USD 3,900,000."
    assert 3900000 not in [m.value for m in answers.bound_figures(first, ["fy2025 revenue"], money=True)]
    bracket = "Uncapped earn-out: $9.75m (FY2025 revenue $43.9m less threshold $40m = $3.9m, times 2.5)."
    assert [m.value for m in answers.bound_figures(bracket, ["uncapped earn-out"], money=True)] == [9750000]

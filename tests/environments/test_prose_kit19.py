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


def test_a_period_is_the_facts_own_only_where_its_statement_writes_it_after_its_figure():
    # blind red team 37 (kit37a): 35 one-off totals given 'per year', 'p.a.', 'a year' scored 1.0, because another
    # figure of the matter (interest at 9% per annum) was stated with a year
    world = _world(("royalty underpayment", "The royalty underpayment for 2023 to 2025 is USD 576,000.", "money"),
                   ("contractual interest", "Interest at 9% per annum on each quarter's shortfall comes to USD 86,400.",
                    "money"),
                   ("interest rate", "Interest runs at 9% per annum.", "percent"))
    for f, text in zip(world.plan.facts, ("USD 576,000", "USD 86,400", "9%")):
        f.text = text
    answer = Check(type="answer_field", a_words=["Answer"], values=["USD 644,400"], expect="amount")
    assert forms.field_holds("Answer: USD 644,400", answer, world)
    for wrong in ("USD 644,400 per year", "USD 644,400 p.a.", "USD 644,400 a year", "USD 644,400 per annum",
                  "USD 644,400 per-year"):
        assert not forms.field_holds(f"Answer: {wrong}", answer, world), wrong
    interest = Check(type="answer_field", a_words=["Contractual interest"], values=["USD 86,400"], expect="amount")
    assert not forms.field_holds("Contractual interest: USD 86,400 per year", interest, world)
    rate = Check(type="answer_field", a_words=["Interest rate"], values=["9%"], expect="percent")
    assert forms.field_holds("Interest rate: 9% per annum", rate, world)
    rent = _world(("rent", "The passing rent is USD 1,200,000 a year.", "money"))
    rent.plan.facts[0].text = "USD 1,200,000"
    assert forms.field_holds("Answer: USD 288,000 a year",
                             Check(type="answer_field", a_words=["Answer"], values=["USD 288,000"], expect="amount"), rent)


def test_a_mark_that_changes_or_disowns_a_field_value_is_no_answer():
    # blind red team 37 (kit37c): per mille, fractions, powers, roots, emoji and strike-through were dropped from a
    # field's value and the rest scored 1.0
    world = _world(("price", "The price is EUR 204,964,000.", "money"), ("rate", "The bid is 22.8% of GBV.", "percent"))
    amount = Check(type="answer_field", a_words=["Answer"], values=["EUR 204,964,000"], expect="amount")
    assert forms.field_holds("Answer: EUR 204,964,000", amount, world)
    for wrong in ("EUR 204,964,000⁻¹", "½ × EUR 204,964,000", "√EUR 204,964,000", "EUR 204,964,000²",
                  "🚫 EUR 204,964,000", "👎 EUR 204,964,000", "EUR 204,964,000‰", "EUR 204,964,000°",
                  "~~EUR 204,964,000~~"):
        assert not forms.field_holds(f"Answer: {wrong}", amount, world), wrong
    rate = Check(type="answer_field", a_words=["Bid"], values=["22.8%"], expect="percent")
    assert forms.field_holds("Bid: 22.8%", rate, world)
    for wrong in ("22.8‰", "22.8‱", "22.8 ‰", "22.8 pp", "22.8 percentage points"):
        assert not forms.field_holds(f"Bid: {wrong}", rate, world), wrong
    larger = Check(type="answer_field", a_words=["Larger"], values=["the repurchase cap"], expect="choice")
    for wrong in ("¬ the repurchase cap", "✗ the repurchase cap", "~~the repurchase cap~~", "≠ the repurchase cap",
                  "< the repurchase cap", "the repurchase cap ❌"):
        assert not forms.field_holds(f"Larger: {wrong}", larger, world), wrong

"""kit19's residue, as classes of mistake read on an outline of our own (a licence audit nobody has seen): right figures
beside a cost left with the side that does not bear it, a rejection of the firm whose paper the ledger rests on, a fiscal
year or a percent base the ledger never has, a limit 'therefore is not met'; and the two readers that were one reader
twice (giving up the claim is conceding; taking back what it says is disowning)."""

from decimal import Decimal
from types import SimpleNamespace as NS

from worldsmith.environments import grade, side_checks


def _money(n):
    return NS(type="money", amount=Decimal(n), currency="USD")


def _licence_world():
    # the licensee owes the licensor the shortfall and the auditor's fee; the auditor's report is the ledger's source
    orgs = [NS(id="firm", name="Ashby Rowe LLP", privileged=True),
            NS(id="licensor", name="Pellham Brands Ltd", privileged=True),
            NS(id="licensee", name="Tarrow Foods Inc.", privileged=False),
            NS(id="auditor", name="Vantor Audit LLP", privileged=True)]
    facts = [
        NS(id="rate", label="tolerance", value=NS(type="percent", value=Decimal(3)), formula=None, text="3%",
           statement="Clause 7 moves the audit fee to the licensee above a 3% shortfall."),
        NS(id="reported", label="reported turnover", value=_money(10_000_000), formula=None, text="USD 10,000,000",
           statement="Tarrow reported FY2031 turnover of USD 10,000,000."),
        NS(id="audited", label="audited turnover", value=_money(12_000_000), formula=None, text="USD 12,000,000",
           statement="Vantor's audit finds FY2031 turnover of USD 12,000,000."),
        NS(id="threshold", label="fee threshold", value=_money(300_000), formula="percent_of(rate, reported)",
           text="USD 300,000", statement="At 3% of USD 10,000,000 the threshold is USD 300,000."),
        NS(id="fee", label="audit fee", value=_money(51_000), formula=None, text="USD 51,000",
           statement="Vantor's charge for the audit is USD 51,000, which clause 7 puts on Tarrow."),
        NS(id="total", label="sum claimed", value=_money(171_000), formula="shortfall + fee", text="USD 171,000",
           statement="Tarrow owes Pellham USD 171,000, the shortfall and the audit fee."),
        NS(id="shortfall", label="royalty shortfall", value=_money(120_000), formula=None, text="USD 120,000",
           statement="The royalty left unpaid is USD 120,000."),
    ]
    old = NS(id="own_count", fact="shortfall", value=_money(400_000), label="Tarrow's superseded reconciliation")
    return NS(plan=NS(facts=facts, organisations=orgs, distractors=[old]), facts={f.id: f for f in facts})


def test_a_sum_the_payer_owes_said_to_stay_with_another_side_is_caught():
    # kit19: 'Brightmoor therefore bears the audit cost', 'so under section 9.4 Brightmoor pays Castellan's fee', 'the
    # audit cost stays with Brightmoor', each beside right figures at 1.0
    world = _licence_world()
    left = lambda t: grade.cost_left_with_another(world, t)  # noqa: E731
    assert left("The shortfall exceeds the threshold, so Pellham therefore bears the audit fee.")
    assert left("Clause 7 does not apply and Pellham must bear the audit fee of USD 51,000.")
    assert left("Recommendation: Pellham should pay Vantor's USD 51,000 charge itself.")
    assert left("Under clause 7 Pellham pays Vantor's charge.")
    assert left("The audit fee stays with Pellham.")
    assert not left("Tarrow, not Pellham, bears the audit fee of USD 51,000.")
    assert not left("Pellham does not bear the audit fee.")
    assert not left("Ordinarily Pellham would bear the audit fee; here it falls on Tarrow.")
    assert not left("Pellham paid Vantor's charge of USD 51,000 and recovers it from Tarrow.")
    assert not left("Pellham pays Vantor's charge up front and claims it back.")
    assert not left("The audit fee no longer stays with Pellham.")
    assert not left("Tarrow must pay Pellham USD 171,000.")


def test_rejecting_the_firm_whose_paper_the_ledger_rests_on_disowns_the_figures():
    # kit19: 'Castellan says: <right figures>. I do not accept Castellan's figures', '<right figures> - that is what
    # Castellan says, and it is not correct', 'Castellan thinks <right figures>. I don't agree', each at 1.0
    world = _licence_world()
    said = "the audited turnover of USD 12,000,000 exceeds the reported turnover by USD 2,000,000"
    for text in (f"Vantor says: {said}. I do not accept Vantor's figures.",
                 f"The {said} - that is what Vantor says, and it is not correct.",
                 f"Vantor thinks {said}. I don't agree; nothing was understated."):
        assert grade.disowns(text, world), text
    for text in (f"The {said}. Tarrow says Vantor's audit is wrong to count licensing income; we disagree.",
                 f"Vantor finds {said}. Tarrow does not accept that, and we disagree with Tarrow.",
                 f"Vantor's audit finds {said}. We agree with Vantor.",
                 "Tarrow's own reconciliation put it at USD 400,000. We do not accept that, and neither does Vantor."):
        assert not grade.disowns(text, world), text


def test_a_fiscal_year_or_a_percent_base_the_ledger_never_has_beside_right_figures_is_caught():
    # kit19: 'For FY2024, the understated sales of USD 1,150,000 exceed ...', 'Re: FY2024 understated sales', 'the
    # cost-shifting threshold of USD 368,000 (2% of the audited gross sales)' where it is 2% of the reported sales
    world = _licence_world()
    assert grade.misstates_the_period(world, "For FY2030, the audited turnover of USD 12,000,000 exceeds the threshold.")
    assert grade.misstates_the_period(world, "Re: FY30 audited turnover against the fee threshold")
    assert not grade.misstates_the_period(world, "For FY2031, the audited turnover of USD 12,000,000 exceeds it.")
    assert not grade.misstates_the_period(world, "The FY2030 statement was accepted without audit.")
    base = lambda t: grade.percent_of_the_wrong_base(world, t)  # noqa: E731
    assert base("The fee threshold of USD 300,000 (3% of the audited turnover) is exceeded.")
    assert not base("The fee threshold of USD 300,000 (3% of the reported turnover) is exceeded.")
    assert not base("The threshold is USD 300,000; 3% of the audited turnover would be USD 360,000.")


def test_a_limit_therefore_not_met_is_said_unmet():
    # kit19: 'Yes, the understated sales of USD 1,150,000 exceed the cost-shifting threshold ... The threshold therefore
    # is not met.' at 1.0 (the adverb before the verb)
    world = _licence_world()
    world.facts["audited"].value.amount = Decimal(2_000_000)
    task = NS(needs=NS(facts=["audited", "threshold"]))
    said = "The shortfall of USD 2,000,000 exceeds the fee threshold of USD 300,000."
    assert grade.limit_said_unmet(world, task, said + " The threshold therefore is not met.")
    assert not grade.limit_said_unmet(world, task, said + " The threshold therefore is met.")


def test_giving_up_the_claim_is_conceding_and_taking_back_is_disowning():
    # two readers of one mistake each: side_checks.concedes now reads 'accept the payer's position' given the world, and
    # grade.disowns reads a deliverable's 'Just kidding' (grade.gives_up_the_claim and grade.takes_back are gone)
    world = _licence_world()
    text = "Recommendation: Pellham should accept Tarrow's position and not pursue the shortfall."
    assert side_checks.concedes(text, world) and not side_checks.concedes(text)
    assert not side_checks.concedes("Tarrow may withdraw its reservation of rights.", world)
    said = "The audited turnover of USD 12,000,000 exceeds the reported turnover. Just kidding - it doesn't."
    assert grade.disowns(said, world, deliverable=True)
    assert not grade.disowns("Does the audit fee move? No, it doesn't.", world)  # a short answer's own 'no'
    assert not hasattr(grade, "gives_up_the_claim") and not hasattr(grade, "takes_back")


def test_a_reviews_correction_with_a_plus_or_a_time_rate_the_matter_never_states_corrects_nothing():
    # kit19: 'Wrong: USD 42,000 -> USD 782,000 per day (...)' and '-> USD 782,000+ (...)' at 1.0 (a form's field already
    # refused both); a yearly rent corrected 'a year' is still the rent (kit17)
    from worldsmith.environments.tasks import Check

    world = _licence_world()
    check = Check(type="answer_flags", values=["USD 4,000", "USD 51,000"], numbers=[4000.0, 51000.0], unit="USD")
    assert grade.flags("Wrong: USD 4,000 -> USD 51,000 (Vantor's audit report)", check, world)
    assert not grade.flags("Wrong: USD 4,000 -> USD 51,000 per day (Vantor's audit report)", check, world)
    assert not grade.flags("Wrong: USD 4,000 -> USD 51,000+ (Vantor's audit report)", check, world)
    rent = NS(plan=NS(facts=[NS(id="rent", label="passing rent", statement="The passing rent is USD 51,000 a year.",
                                value=_money(51_000))]))
    assert grade.flags("Wrong: USD 4,000 -> USD 51,000 a year (the lease)", check, rent)


def test_a_forms_date_and_sender_are_read_as_a_professional_writes_them():
    # kit19 right forms marked down: '11/03/2026' beside '19/05/2026' (the answer's own day-first order, in an en_US
    # matter) 0.75; '2026-03-11T13:57' 0.63; 'Becker, Kathryn' 0.8; 'John Keller (Associate, Halden Price LLP)' 0.81
    from worldsmith.environments import forms
    from worldsmith.environments.tasks import Check

    world = _licence_world()
    world.plan.people = [NS(id="assoc", name="Nell Ostrom", first_name="Nell", last_name="Ostrom", title="Associate",
                            organisation="firm", role="associate", email="nell.ostrom@ashbyrowe.example"),
                         NS(id="partner", name="Ravi Senn", first_name="Ravi", last_name="Senn", title="Partner",
                            organisation="firm", role="partner", email="ravi.senn@ashbyrowe.example")]
    day = Check(type="answer_field", values=["2031-03-11"], a_words=["Fee, day"], b_words=["en_US"], expect="date")
    assert forms.field_holds("Fee, day: 11/03/2031\nRate, day: 19/05/2031", day, world)
    assert not forms.field_holds("Fee, day: 11/03/2031", day, world)  # November 3 where the matter writes month first
    assert forms.field_holds("Fee, day: 03/11/2031\nRate, day: 05/19/2031", day, world)
    assert forms.field_holds("Fee, day: 2031-03-11T13:57", day, world)
    assert not forms.field_holds("Fee, day: 2031-03-12T13:57", day, world)
    who = Check(type="answer_field", values=["Nell Ostrom"], a_words=["Fee, sender"], expect="person")
    for said in ("Ostrom, Nell", "Nell Ostrom (Associate, Ashby Rowe LLP)"):
        assert forms.field_holds(f"Fee, sender: {said}", who, world), said
    for said in ("Ostrom, Ravi", "Nell Ostrom (Vantor Audit LLP)", "Nell Ostrom or Ravi Senn"):
        assert not forms.field_holds(f"Fee, sender: {said}", who, world), said


def test_a_chosen_option_with_its_own_figure_recomputed_or_by_its_initials_is_the_option():
    # right forms marked down: 'Larger: the understated sales (USD 1,150,000)' and 'Larger: understated sales,
    # recomputed' (kit19, 0.73 each); 'Larger: OMR' for the open market rent (kit17, 0.75)
    from worldsmith.environments import forms
    from worldsmith.environments.tasks import Check

    world = _licence_world()
    larger = Check(type="answer_field", values=["the audited turnover"], a_words=["Larger"], b_words=["the fee threshold"],
                   expect="choice")
    form = "Larger: {}\nAudited turnover: USD 12,000,000\nFee threshold: USD 300,000"
    for said in ("the audited turnover (USD 12,000,000)", "audited turnover, recomputed", "AT"):
        assert forms.field_holds(form.format(said), larger, world), said
    for said in ("the audited turnover (USD 300,000)", "the fee threshold (USD 300,000)", "FT",
                 "the audited turnover (USD 12,000,000 or USD 300,000)"):
        assert not forms.field_holds(form.format(said), larger, world), said
    worked = "Larger: audited turnover (USD 15,000,000)\nAudited turnover, recomputed: USD 15,000,000"
    assert forms.field_holds(worked, larger, world)  # a what-if's recomputed figure, as its own line gives it


def test_a_count_spelled_out_or_its_unit_shortened_is_the_count():
    # kit17 right forms marked down: 'Answer: three' for 3 days (0.67), 'Months of back rent: nine months' and '9 mo.'
    # (0.91 each)
    from worldsmith.environments import forms
    from worldsmith.environments.tasks import Check

    months = Check(type="answer_field", values=["9 months"], a_words=["Months"], expect="number")
    for said in ("nine months", "Nine", "9 mo.", "9 mos"):
        assert forms.field_holds(f"Months: {said}", months), said
    for said in ("ten months", "9 days", "nine or ten months", "9 yrs"):
        assert not forms.field_holds(f"Months: {said}", months), said
    days = Check(type="answer_field", values=["21 days"], a_words=["Answer"], expect="days")
    assert forms.field_holds("Answer: twenty-one", days) and forms.field_holds("Answer: twenty-one days", days)
    assert not forms.field_holds("Answer: twenty-one months", days) and not forms.field_holds("Answer: twenty", days)


def test_a_labels_working_in_a_bracket_before_its_colon_or_cell_is_no_figure_of_the_label():
    # kit16: '| Termination fee (3x of USD 1,458,000 trailing base fee, itself 3% of USD 48,600,000) | USD 4,374,000 |'
    # read as the termination fee stated at USD 1,458,000 (a right answer, 0.71)
    from worldsmith.environments import answers

    def bound(text):
        return [float(m.value) for m in answers.bound_figures(text, ["audit fee"], money=True)]

    assert bound("| Audit fee (3 days of USD 17,000 a day) | USD 51,000 |") == [51000.0]
    assert bound("Audit fee (3 days of USD 17,000 a day): USD 51,000.") == [51000.0]
    assert bound("| Audit fee (3 days of USD 17,000 a day) | USD 60,000 |") == [60000.0]  # a wrong one is read too
    # the bracket holding the label's own figure keeps it ('the earn-out cap (USD 8m): a gap of USD 1.75m', kit18)
    assert bound("The audit fee (USD 51,000): a gap of USD 9,000 to the budget.") == [51000.0]

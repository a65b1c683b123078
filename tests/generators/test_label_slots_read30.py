"""Fact labels and values in slots their grammar does not fit (blind read 30, issue 17 point 5), by class: a state (a
thing and what was done to it) poured where a thing or a decision goes, a formula's inputs read aloud ("the rate of
the value", "the posts cut of 148 posts", a sum unbracketed in a rate's base), a title stripped to its
preposition ("advise on the sur le projet"), a name given a sentence's lead ("Comments on For completeness, ...").
Each is shown on the repository's own fixtures' shapes, no world planned: well under a second."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from types import SimpleNamespace

import pytest

from tests.generators.context_fixture import fact
from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.facts import named_sentence
from worldsmith.generators.compose.reword import _swap
from worldsmith.generators.compose.substance.common import plain, topic
from worldsmith.generators.context import _share_of, fact_reason
from worldsmith.generators.labels import as_state
from worldsmith.generators.skeleton import formula_words
from worldsmith.worlds.plan import LedgerFact
from worldsmith.worlds.values import Money, Number, Percent, Text

STATE = fact("filing", "On March 3 the owner signed the variation and lodged it with the registry.",
             Text(value="variation agreement signed and lodged with the registry"))
STATE = STATE.model_copy(update={"label": "signature of the variation agreement"})


@pytest.mark.parametrize("value, want", [
    ("variation agreement signed and lodged with the registry", "the variation agreement signed and lodged with the "
                                                                "registry"),
    ("settlement approved with the commission reduced to 22%", "the settlement approved with the commission reduced "
                                                               "to 22%"),
    ("reject the tender of defense", ""),          # a decision's verb phrase
    ("request a stay at the tribunal", ""),        # ... whatever its verb
    ("approved subject to Ashgrove consent", ""),  # an outcome opening with its participle
    ("Clause 14.2 of the charterparty", ""),       # a name
    ("voluntary refund through the contractor", ""),
])
def test_a_state_is_a_thing_with_what_was_done_to_it(value, want):
    assert as_state(value) == want


def test_a_state_is_never_what_its_label_is():
    # read 30: "The signature of the variation agreement is variation agreement signed and lodged"
    said = plain(STATE)
    assert STATE.text in said and f"is {STATE.text}" not in said and f"the {STATE.text}" in said, said
    for seed in range(6):
        for register in ("email", "document"):
            out = named_sentence(Picker(seed), STATE, register)
            assert f"the {STATE.text}" in out and " is " + STATE.text not in out, out


def test_a_state_is_held_not_decided_on():
    # read 30: "Our client has decided on variation agreement signed and lodged"
    from worldsmith.generators.kinds.email import compose
    ctx = SimpleNamespace(author=None)
    compose_client = compose.client_of
    try:
        compose.client_of = lambda c: True
        out = compose.decided(ctx, STATE)
    finally:
        compose.client_of = compose_client
    assert out == f"Our client now has the {STATE.text}.", out


def _fact(fid: str, label: str, value, text: str, formula: str | None = None) -> LedgerFact:
    return LedgerFact(id=fid, statement=f"{label}.", label=label, value=value, text=text, formula=formula,
                      known_from=dt.date(2026, 1, 1))


def test_a_formula_read_aloud_names_rates_counts_and_sums_as_a_professional_does():
    facts = [_fact("rate", "duty rate", Percent(value=Decimal("16")), "16%"),
             _fact("base", "value declared", Money(amount=Decimal("1000"), currency="USD"), "USD 1,000"),
             _fact("extra", "freight added", Money(amount=Decimal("100"), currency="USD"), "USD 100"),
             _fact("posts", "posts cut", Number(value=Decimal("148"), unit="posts"), "148 posts"),
             _fact("kept", "posts kept", Number(value=Decimal("37"), unit="posts"), "37 posts")]
    plan = SimpleNamespace(facts=facts, fact=lambda i: next(f for f in facts if f.id == i))
    day = dt.date(2026, 2, 1)
    duty = fact_reason(plan, SimpleNamespace(formula="percent_of(rate, base + extra)"), day)
    # read 30: "the duty rate of the value declared of USD ... plus the freight ..."
    assert duty == "the duty rate (16%) applied to the sum of the value declared of USD 1,000 and the freight added " \
                   "of USD 100", duty
    # a sum of three is listed, never "the sum of A plus B and C"
    three = fact_reason(plan, SimpleNamespace(formula="percent_of(rate, base + extra + base)"))
    assert three == "the duty rate applied to the sum of the value declared, the freight added and the value " \
                    "declared", three
    # read 30: "the number of posts cut of 148 posts less ..."
    left = fact_reason(plan, SimpleNamespace(formula="posts - kept"), day)
    assert left == "148 posts cut less 37 posts kept", left
    assert _share_of("the fault share", "the total claims") == "the fault share of the total claims"
    assert _share_of("the share of the fee deferred (40%)", "the base fee") == \
        "the share of the fee deferred (40%) applied to the base fee"
    # a sheet's note: the rate times its bracketed base, as the cell computes it
    assert formula_words("percent_of(rate, base + extra)", lambda r: r) == "rate x (base + extra)"


def test_a_title_in_any_language_is_not_stripped_to_its_preposition():
    # read 30: "X asked us to advise on the sur le projet de ..."
    about = topic("Note sur le projet de fusion et la position du conseil")
    assert about == "le projet de fusion et la position du conseil", about
    assert topic("Note on the valuation of the stock") == "the valuation of the stock"


def test_a_name_the_boilerplate_repair_took_for_a_sentence_gets_no_lead():
    # read 30: agenda "Comments on For completeness, survey report ...", a source cell "To recap, survey report ..."
    s = "Survey report: condition and defects found on the warehouse, Lot No."
    text = f"Comments on {s} S-81\n| 75 days | {s} S-81 |\nWe met. {s}"
    out = _swap(text, [s], "seed")
    assert out.split("\n")[:2] == text.split("\n")[:2], out
    assert out.split("\n")[2] != text.split("\n")[2], out


def test_a_figure_with_its_value_is_said_as_its_kind_is():
    # read 30: "adopt the number of posts the expert accepts of 96 posts", "the days claimed of 75 days"
    from worldsmith.generators.compose.substance.common import valued
    posts = fact("posts", "Posts cut.", Number(value=Decimal("148"), unit="posts"))
    days = fact("days", "Days claimed by the contractor.", Number(value=Decimal("75"), unit="days"))
    rate = fact("rate", "Duty rate.", Percent(value=Decimal("16")))
    cost = fact("cost", "Removal costs.", Money(amount=Decimal("1000"), currency="USD"))
    assert valued("the posts cut", posts) == "148 posts cut"
    assert valued("the days claimed by the contractor", days) == "75 days claimed by the contractor"
    assert valued("the total delay", days) == "the total delay (75 days)"
    assert valued("the duty rate", rate) == "the duty rate (16%)"
    assert valued("the removal costs", cost) == "the removal costs of USD 1,000"


@pytest.mark.parametrize("value, want", [
    ("file the appeal with the tribunal", "to file the appeal with the tribunal"),  # read after "the decision is"
    ("request a stay of the assessment", "to request a stay of the assessment"),
    ("variation agreement signed and lodged with the registry", "the variation agreement signed and lodged with the "
                                                                "registry"),
    ("settlement between USD 40m and USD 55m", "settlement between USD 40m and USD 55m"),
])
def test_a_decision_is_planned_in_the_words_its_slots_fit(value, want):
    from worldsmith.generators.planner import _Planner as Planner
    me = SimpleNamespace(outline_fact=lambda i: SimpleNamespace(value=Text(value=value)),
                         outline=SimpleNamespace(locale="en_GB"))
    assert Planner.decision_text(me, "", "d", []) == want


def test_a_count_after_of_its_own_label_takes_its_value_in_brackets():
    # read 30: "the number of posts cut of 148 posts", written by any of the frames that say "{label} of {text}"
    from worldsmith.generators.compose.facts import counts_as_said
    units = fact("units", "Units declared.", Number(value=Decimal("41260"), unit="units"))
    units = units.model_copy(update={"label": "the number of units declared in the reports"})
    cost = fact("cost", "Removal costs.", Money(amount=Decimal("1000"), currency="USD"))
    cost = cost.model_copy(update={"label": "the removal costs"})
    said = counts_as_said("I'll finish it by May 4, on the number of units declared in the reports of 41,260 units. "
                          "Number of units declared in the reports of 41,260 units is low; the removal costs of "
                          "USD 1,000 stand.", [units, cost])
    assert said == ("I'll finish it by May 4, on the number of units declared in the reports (41,260 units). "
                    "Number of units declared in the reports (41,260 units) is low; the removal costs of USD 1,000 "
                    "stand."), said


def test_a_state_a_court_ordered_is_its_decision_with_its_article():
    from worldsmith.generators.kinds.email import compose
    ordered = fact("orders", "On July 24, 2026 the Court approved the settlement and cut the fee to 20%.",
                   Text(value="settlement approved with the fee reduced to 20%"))
    out = compose.decided(SimpleNamespace(author=None), ordered)
    assert out == "The Court's decision: the settlement approved with the fee reduced to 20%.", out


def test_a_thing_decided_on_has_its_article(monkeypatch):
    # the hospital example at seed 331: "We have decided on voluntary refund through the contractor"
    from worldsmith.generators.kinds.email import compose
    monkeypatch.setattr(compose, "client_of", lambda c: "")
    course = fact("course", "The hospital chose to repay through the contractor.",
                  Text(value="voluntary refund through the contractor"))
    assert compose.decided(SimpleNamespace(author=None), course) == \
        "We have decided on the voluntary refund through the contractor."

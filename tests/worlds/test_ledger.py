"""The ledger at load: formulas compute, disagreements and cycles stop with file, line, field and both numbers."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import pytest

from worldsmith.worlds.errors import OutlineError
from worldsmith.worlds.ledger import LedgerError, Quantity, evaluate, parse_formula, references
from worldsmith.worlds.outline import parse_outline

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "mini.yaml"
TEXT = MINI.read_text()

RATE = """  - id: rate
    statement: The limit is USD 250 per gross ton.
    value: {type: money, amount: 250, currency: USD}
"""


def with_facts(extra: str, cap: str | None = None) -> str:
    """The mini outline with more facts, and the cap's lines replaced when `cap` is given."""
    text = TEXT.replace("facts:\n  - id: cap\n", "facts:\n" + extra + "  - id: cap\n", 1)
    if cap is not None:
        text = text.replace("    value: {type: money, amount: 12500000, currency: USD}\n", cap, 1)
    return text


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def error_of(text: str) -> OutlineError:
    with pytest.raises(OutlineError) as info:
        parse_outline(text, file="matter.yaml")
    return info.value


def test_formula_computes_an_omitted_value():
    outline = parse_outline(with_facts(RATE, "    formula: rate * tonnage\n"), file="m.yaml")
    cap = next(f for f in outline.facts if f.id == "cap")
    assert (cap.value.type, cap.value.amount, cap.value.currency) == ("money", Decimal("11250000"), "USD")


def test_stated_value_that_disagrees_names_line_field_and_both_numbers():
    text = with_facts(RATE, "    formula: rate * tonnage\n    value: {type: money, amount: 12500000, currency: USD}\n")
    err = error_of(text)
    assert err.file == "matter.yaml" and err.field == "facts[1].value"
    assert err.line == line_of(text, "amount: 12500000")
    assert "USD 12,500,000" in err.message and "USD 11,250,000" in err.message


def test_a_percent_worked_out_as_a_ratio_says_what_to_write_instead():
    # author37 wrote 'underpayment / royalties_paid' for an 8% share and was told only that 8% disagrees with 0.08
    extra = """  - id: share
    statement: The cap stands at 100% of itself.
    formula: cap / cap
    value: {type: percent, value: 100}
"""
    text = with_facts(RATE + extra, None)
    err = error_of(text)
    assert err.field.endswith(".value") and "plain number 1" in err.message
    assert "with no formula" in err.message and "disagrees" not in err.message


def test_cycle_is_an_error_at_the_formula():
    extra = """  - id: a
    statement: A is B plus one dollar.
    formula: b + cap
  - id: b
    statement: B is A.
    formula: a
"""
    err = error_of(with_facts(extra))
    assert "cycle" in err.message and "a -> b -> a" in err.message and err.field.endswith("formula")


def test_unknown_id_suggests_the_close_one():
    err = error_of(with_facts(RATE, "    formula: rate * tonage\n"))
    assert "'tonage'" in err.message and "'tonnage'" in err.message and err.field == "facts[1].formula"


def test_currency_mix_names_both_amounts():
    extra = """  - id: fee
    statement: The fee is GBP 1,000.
    value: {type: money, amount: 1000, currency: GBP}
"""
    err = error_of(with_facts(extra, "    formula: fee + fee + cap_base\n").replace(
        "  - id: spill_date", "  - id: cap_base\n    statement: A base of USD 5.\n"
        "    value: {type: money, amount: 5, currency: USD}\n  - id: spill_date", 1))
    assert "currencies" in err.message and "GBP 2,000" in err.message and "USD 5" in err.message


def test_money_times_money_and_eval_syntax_are_refused():
    with pytest.raises(LedgerError):
        parse_formula("__import__('os').system('true')")
    with pytest.raises(LedgerError):
        parse_formula("a.b")
    a = Quantity("money", Decimal(2), "USD")
    with pytest.raises(LedgerError):
        evaluate(parse_formula("a * a"), lambda _: a)


def test_functions_and_percent_of_keep_kinds():
    values = {"share": Quantity("percent", Decimal(35)), "total": Quantity("money", Decimal("174250000"), "USD"),
              "floor": Quantity("money", Decimal("21521000"), "USD"), "rate": Quantity("money", Decimal(2500), "USD"),
              "gt": Quantity("number", Decimal(62480), unit="GT")}
    got = evaluate(parse_formula("percent_of(share, total)"), values.__getitem__)
    assert (got.kind, got.amount) == ("money", Decimal("60987500"))
    got = evaluate(parse_formula("max(rate * gt, floor)"), values.__getitem__)
    assert got.amount == Decimal("156200000") and got.currency == "USD"
    assert evaluate(parse_formula("round(total / 3, 2)"), values.__getitem__).amount == Decimal("58083333.33")
    assert references("max(rate * gt, floor)") == ["rate", "gt", "floor"]


def test_fact_planned_before_it_is_known_names_both_dates():
    text = TEXT.replace("    value: {type: money, amount: 12500000, currency: USD}\n",
                        "    value: {type: money, amount: 12500000, currency: USD}\n    known_from: 2026-03-05\n", 1)
    err = error_of(text)
    assert "2026-03-05" in err.message and "2026-03-04" in err.message
    assert err.field == "inventory[0].items[0].facts[0]"


def test_earlier_values_must_come_before_the_current_one():
    text = TEXT.replace("    value: {type: money, amount: 12500000, currency: USD}\n",
                        "    value: {type: money, amount: 12500000, currency: USD}\n    known_from: 2026-03-04\n"
                        "    values:\n      - since: 2026-03-05\n        value: {type: money, amount: 1, currency: USD}\n", 1)
    err = error_of(text)
    assert err.field == "facts[0].values[0].since" and "2026-03-05" in err.message and "2026-03-04" in err.message


def test_result_cannot_be_known_before_its_inputs():
    extra = RATE.replace("value: {type: money, amount: 250, currency: USD}",
                         "value: {type: money, amount: 250, currency: USD}\n    known_from: 2026-03-08")
    err = error_of(with_facts(extra, "    formula: rate * tonnage\n    known_from: 2026-03-03\n"))
    assert "2026-03-03" in err.message and "2026-03-08" in err.message and err.field == "facts[1].known_from"


def test_history_gives_the_value_for_a_day():
    text = TEXT.replace("    value: {type: money, amount: 12500000, currency: USD}\n",
                        "    value: {type: money, amount: 12500000, currency: USD}\n    known_from: 2026-03-09\n"
                        "    values:\n      - since: 2026-03-02\n        value: {type: money, amount: 9000000, currency: USD}\n", 1)
    outline = parse_outline(text, file="m.yaml")
    cap = outline.facts[0]
    assert cap.first_known() == dt.date(2026, 3, 2)
    assert [v.amount for _, v in cap.history()] == [Decimal(9000000), Decimal(12500000)]


# ---------------------------------------------------------------- bounds: a formula may come from anyone's plan.json

BEYOND_BOUNDS = {
    "longer than 500 characters": "a + " * 200 + "a",
    "nested past 32 levels": "-" * 100 + "a",
    "a sum 60 deep": " + ".join(["a"] * 60),
    "5,000 parentheses": "(" * 5000 + "a" + ")" * 5000,
    "a NUL byte": "a\x00",
    "a 400-digit literal": "a * " + "9" * 400,
    "an infinite literal": "a * 1e999",
    "a power": "a ** 99999999",
}


@pytest.mark.parametrize("text", BEYOND_BOUNDS.values(), ids=list(BEYOND_BOUNDS))
def test_a_formula_beyond_the_bounds_is_a_ledger_error_before_it_is_walked(text):
    with pytest.raises(LedgerError):
        parse_formula(text)


def test_formulas_within_the_bounds_still_compute():
    one = Quantity("number", Decimal(1))
    assert evaluate(parse_formula(" + ".join(["a"] * 30)), lambda _: one).amount == 30
    x = Quantity("money", Decimal("1234.5678"), "USD")
    assert evaluate(parse_formula("round(x, -2)"), lambda _: x).amount == 1200
    assert evaluate(parse_formula("round(x, 15)"), lambda _: x).amount == Decimal("1234.5678")


@pytest.mark.parametrize("text", ["round(x, 100000000)", "round(x, 2.5)", "round(x, x)", "round(x, 1, 2)", "abs(x, x)"])
def test_round_takes_whole_places_within_bounds_and_functions_their_arguments(text):
    x = Quantity("money", Decimal("1234.5678"), "USD")
    with pytest.raises(LedgerError):
        evaluate(parse_formula(text), lambda _: x)


def test_evaluation_keeps_its_own_bounded_context_whatever_the_callers():
    import decimal

    huge = Quantity("number", Decimal("9e999998"))
    with decimal.localcontext(decimal.Context(prec=10**6, traps=[])):  # a caller that traps nothing
        with pytest.raises(LedgerError, match="too large"):
            evaluate(parse_formula("a * a"), lambda _: huge)  # an overflow, never Infinity
        third = evaluate(parse_formula("a / 3"), lambda _: Quantity("number", Decimal(1)))
    assert len(third.amount.as_tuple().digits) == 28


def test_a_chain_of_thousands_of_formulas_solves_without_recursion():
    from worldsmith.worlds.ledger import Node, solve
    from worldsmith.worlds.values import Number

    nodes = [Node("f0", Number(value=Decimal(1)), None)]
    nodes += [Node(f"f{i}", None, f"f{i - 1} + 1") for i in range(1, 3000)]
    solved = solve(list(reversed(nodes)), lambda fid, field, message: LedgerError(f"{fid} {message}"))
    assert solved["f2999"].amount == 3000 and list(solved)[:2] == ["f0", "f1"]  # each after its input


def test_a_formula_is_parsed_once_per_text():
    """parse_formula keeps each text's tree (8,016 parses of a few dozen formulas in bench.long_matter --scale 80's
    plan); a refused formula is still refused every time."""
    assert parse_formula("a + b * 2") is parse_formula("a + b * 2")
    for _ in range(2):
        with pytest.raises(LedgerError):
            parse_formula("a ** b")

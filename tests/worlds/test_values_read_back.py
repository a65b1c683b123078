"""Amounts are written once (worlds.values.render_value) and read back by one parser (parse_amount, parse_number,
AMOUNT, NUMBER), which every reader of a figure in text uses: the grader, the deliverables, the attack suite, the
task metrics, the prose checks and the model backend's lenient reading (issue 18)."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from worldsmith.worlds.values import AMOUNT, CURRENCIES, Money, parse_amount, parse_number, render_value


def _samples() -> list[Money]:
    rng = random.Random(18)
    amounts = ["0", "0.01", "7", "999", "1000", "1234.5", "156200000", "-12.34", "1000000.07"]
    amounts += [str(Decimal(rng.randrange(1, 10 ** rng.randrange(1, 13))) / 100) for _ in range(40)]
    return [Money(amount=Decimal(a), currency=rng.choice(CURRENCIES)) for a in amounts]


def test_what_render_value_writes_parse_amount_reads_back_to_the_cent():
    for money in _samples():
        text = render_value(money)
        back = parse_amount(text)
        assert back is not None, text
        assert back.currency == money.currency and back.amount == money.amount.quantize(Decimal("0.01")), text


def test_parse_number_reads_thousands_bare_and_signed_and_refuses_the_rest():
    assert parse_number("1,234.50") == parse_number("1234.50") == Decimal("1234.50")
    assert parse_number("-156,200,000") == Decimal("-156200000") and parse_number("+7") == 7
    for bad in ("1,23", "1,2345", "12,34,567", "abc", "", "1.2.3", "USD 5"):
        with pytest.raises(ValueError):
            parse_number(bad)
    assert parse_amount("OPA 90") is None and parse_amount("USD 1,23") is None
    assert [m.group(0) for m in AMOUNT.finditer("the OPA 90 cap is USD 156,200,000 (EUR 12.50)")] == \
        ["USD 156,200,000", "EUR 12.50"]


def test_every_reader_of_a_figure_reads_what_render_value_wrote_as_the_same_number():
    from worldsmith.environments import attacks, deliverables, grade, task_metrics
    from worldsmith.generators.backends import openai_compat
    from worldsmith.generators.kinds import prose

    for money in _samples():
        text = render_value(money)
        number = text.split(" ", 1)[1]
        want = float(money.amount.quantize(Decimal("0.01")))
        assert parse_number(attacks._MONEY.fullmatch(text).group(2)) == Decimal(str(want)), text
        assert task_metrics._FIGURE.search(f"The OPA 90 cap: {text}.").group(0) == text
        assert prose._AMOUNT.search(f"the cap of {text}.").group(0) == text
        assert grade.numbers_in(f"about {number}") == [want], text
        assert deliverables._cell(number) == want and deliverables._cell(f"({number.lstrip('-')})") == -abs(want)
        fixed = openai_compat._fix_for({"type": "float_parsing", "input": number, "loc": ("amount",)})
        assert fixed is not None and fixed[1] == want, text


def test_the_checks_read_an_amount_with_one_pattern_to_the_number_render_value_wrote():
    # The checks are SQL: they cannot call parse_number, so their one number pattern is held to it here.
    import re

    import duckdb

    from worldsmith.worlds.validate import check_folders

    sql_number = r"(-?[0-9][0-9,]*(?:\.[0-9]+)?)"
    checks = {p.name: p.read_text(encoding="utf-8") for folder in check_folders() for p in folder.glob("*.sql")}
    users = sorted(n for n, text in checks.items() if sql_number in text)
    assert users == ["amount_beside_label.sql", "quoted_total_matches_sheet.sql"]
    # and no check reads an amount after a currency with a pattern of its own
    assert not [n for n, text in checks.items() if re.search(r"\[a-z\]\{3\} \((?!-\?\[0-9\]\[0-9,\]\*)", text)]
    con = duckdb.connect()
    for money in _samples():
        text = render_value(money).lower()
        got = con.execute("select replace(regexp_extract(?, '^[a-z]{3} ' || ?, 1), ',', '')::double",
                          [text, sql_number]).fetchone()[0]
        assert got == float(parse_amount(text.upper()).amount), text


def test_one_list_of_currency_codes_for_validation_and_the_verifier():
    # issue 18: the verifier's answer parser read AED, KRW, PLN, SAR, ILS and TRY amounts that validation did not
    from worldsmith.environments import answers

    assert set(CURRENCIES) <= set(answers._CODES)
    for code in ("AED", "KRW", "PLN", "SAR", "ILS", "TRY"):
        assert parse_amount(f"{code} 1,250") == Money(amount=Decimal("1250"), currency=code)
        assert answers.parse(f"The fee is {code} 1,250.").mentions[0].currency == code


def test_one_figure_reader_reads_every_usual_form_of_an_amount_for_validation_and_the_verifier():
    # issue 18: environments.answers read figures with regexes of its own; it now reads them through worlds.values
    from worldsmith.environments import answers
    from worldsmith.worlds.values import figures, word_figures

    def usd(amount):
        return Money(amount=Decimal(amount), currency="USD")

    assert parse_amount("USD 156.2m") == parse_amount("USD 156.2 million") == usd("156200000")
    assert parse_amount("$1.2bn") == usd("1200000000") and parse_amount("GBP 5,625,000").currency == "GBP"
    assert parse_amount("(GBP 5,625,000)").amount == Decimal("-5625000")  # alone in a cell: accounting's minus
    assert parse_amount("-USD 5") == parse_amount("USD -5") == usd("-5")
    for no in ("5%", "156,200,000", "OPA 90", "USD 1,23", "USD 5 and USD 6", "12 m"):
        assert parse_amount(no) is None, no
    found = figures("The cap is USD 156.2m (was $148 million), 7.5% of 156,200,000; 34 m of hose; the 1st item.")
    assert [(f.kind, f.value, f.currency) for f in found] == [
        ("money", Decimal("156200000"), "USD"), ("money", Decimal("148000000"), "USD"),
        ("percent", Decimal("7.5"), None), ("number", Decimal("156200000"), None), ("number", Decimal("34"), None)]
    assert found[1].currency_exact is False and found[0].quantum == Decimal("100000")
    assert [(f.kind, f.value) for f in word_figures("USD one hundred fifty-six million; one of the claims")] == \
        [("money", Decimal("156000000"))]
    text = "The cap is GBP 5,625,000, not (USD 2.5bn)."
    assert [(m.value, m.currency) for m in answers.parse(text).mentions] == [(f.value, f.currency) for f in figures(text)]


def test_a_currency_code_that_opens_the_next_figure_is_not_the_last_ones():
    # bench.tasks' one false negative: a right terse answer 'unbilled receivables at May 31 USD 9,460,000; ...' read
    # '31 USD' as an amount the ledger does not hold, and lost USD 9,460,000
    from worldsmith.worlds.values import FIGURE

    found = [m.group(0).strip() for m in FIGURE.finditer("receivables at May 31 USD 9,460,000; the fee 5 USD.")]
    assert found == ["31", "USD 9,460,000", "5 USD"]

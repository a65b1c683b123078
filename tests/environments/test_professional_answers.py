"""Right answers as professionals write them (vfix8, issue 16's false negatives): a file cited by its path, a multiple
with its division in brackets, an amount written before its label with its working after, a list that heads the side
that governs, and a comparison whose subject was said before a modal. Each once cost a right answer its marks; the
wrong answer beside each still costs."""

from __future__ import annotations

from worldsmith.environments.answers import bound_figures, directions, parse
from worldsmith.environments.grade import bound_to, denies_governing, names_governing

RATIO, MAXIMUM = ["total", "net", "leverage", "ratio"], ["maximum", "total", "net", "leverage", "ratio"]
CAP, ACCRUED = ["liquidated", "damages", "cap"], ["liquidated", "damages", "accrued"]


def test_a_file_cited_by_its_path_states_no_figure_or_date():
    # 'Chat/D0F74E402AE/2026-08-05.json' read as the figures 08 and 05 beside a right 3.64x, which lost its answer
    cited = parse("The ratio would be 3.64x. (Sources: Chat/D0F74E402AE/2026-08-05.json; Contract/Schedule 2.docx.)")
    assert [(m.kind, m.text) for m in cited.mentions] == [("number", "3.64x")]
    # a figure beside a path, and a rate per week written with a slash, are still read
    rate = parse("USD 85,000/week for 16 weeks per Contract/LD schedule.xlsx")
    assert [m.text for m in rate.mentions] == ["USD 85,000", "16"]


def test_a_division_in_brackets_after_a_multiple_is_its_working_not_a_hedge():
    text = "Leverage would be 3.64x (USD 166.5m / USD 45.76m), still above the 3.50x maximum, by 0.14x."
    parsed = parse(text)
    assert [(m.text, m.hedged) for m in parsed.mentions[:3]] == [("3.64x", False), ("USD 166.5m", False),
                                                                  ("USD 45.76m", False)]
    assert directions(text, RATIO, MAXIMUM) == {"a>b"}
    # two amounts offered with a slash and no figure they divide to are still two candidates
    assert all(m.hedged for m in parse("The cap is USD 1.2m / USD 1.3m.").mentions)


def test_an_amount_before_its_label_takes_no_figure_from_the_working_after_it():
    text = "Leverage is USD 166.5m of net debt over USD 45.0m of covenant EBITDA (USD 41.2m reported plus USD 3.8m)."
    assert [m.text for m in bound_figures(text, ["covenant ebitda"], money=True)] == []
    assert not bound_to(text, ["covenant ebitda"], "USD 41,200,000", 41200000.0, "USD")
    # the label before its own figure is still bound to it, a wrong one included
    assert bound_to("The covenant EBITDA (USD 41.2m) is below ...", ["covenant ebitda"], "USD 41,200,000",
                    41200000.0, "USD")
    # a share before 'of' names no amount: the figure after the label is the label's
    assert [m.text for m in bound_figures("5% of the contract sum (USD 24,600,000)", ["contract sum"], money=True)] \
        == ["USD 24,600,000"]


def test_a_list_line_that_heads_the_governing_side_names_it():
    listed = ("- Liquidated damages accrued: $1,360,000\n- Liquidated damages cap: $1,230,000\n"
              "- Governing figure: {side}, so liquidated damages payable = $1,230,000\n")
    assert names_governing(listed.format(side="the cap"), CAP, ACCRUED)
    assert not names_governing(listed.format(side="the accrued damages"), CAP, ACCRUED)
    assert names_governing(listed.format(side="the accrued damages"), ACCRUED, CAP)
    assert not names_governing(listed.format(side="not the cap"), CAP, ACCRUED)
    assert not denies_governing(listed.format(side="the cap"), CAP, ACCRUED)


def test_a_comparison_after_a_modal_compares_the_subject_said_before_it():
    said = "The total net leverage ratio would be 3.64x, and would then exceed the maximum total net leverage ratio."
    assert directions(said, RATIO, MAXIMUM) == {"a>b"}
    turned = "The maximum total net leverage ratio is 3.5x, and would then exceed the total net leverage ratio."
    assert directions(turned, RATIO, MAXIMUM) == {"a<b"}


def test_a_limit_said_first_and_below_the_figure_it_limits_says_the_figure_is_over_it():
    # kit11_relative_which scored 0.0 on the covenant fixture: the maximum 'below' the ratio read as compliance
    from decimal import Decimal

    from worldsmith.environments.ledger_statements import _limit_first

    said = "3.5x maximum total net leverage ratio, which is below the 3.7x total net leverage ratio by 0.2x."
    assert _limit_first(said, Decimal("3.7"), Decimal("3.5"))
    assert not _limit_first("The 3.7x total net leverage ratio is above the 3.5x maximum.", Decimal("3.7"), Decimal("3.5"))
    # a negated comparison is turned round where it is read already
    assert not _limit_first("The maximum, 3.5x, does not exceed the ratio of 3.7x.", Decimal("3.7"), Decimal("3.5"))


def test_a_figure_limited_to_one_side_names_that_side_as_governing():
    said = "Accrued LDs are USD 1,360 thousand, more than the cap, so payable LDs are limited to the cap: USD 985 thousand."
    assert names_governing(said, CAP, ACCRUED)
    assert not names_governing(said, ACCRUED, CAP)
    assert not names_governing("Payable LDs are not limited to the cap.", CAP, ACCRUED)

"""Blind read 35b's sheets: a title that promises working its ledger cannot give, and a sheet sourced to the paper its
own team makes from it the same day ('Its source is the report, which sources the sheet')."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from types import SimpleNamespace as NS

from worldsmith.worlds.plan import LedgerFact, SheetSpec
from worldsmith.worlds.values import Money


def _fact(fid, label, type_="money", formula=None, items=()):
    return NS(id=fid, label=label, statement=f"The {label} is set.", value=NS(type=type_), formula=formula,
              items=list(items))


def test_one_typed_figure_is_a_summary_not_an_analysis_or_a_calculation():
    """Before: 'Measured mile analysis' printed two headings and one typed figure (us-hospital at seed 35)."""
    from worldsmith.generators.kinds.spreadsheet.promise import retitle

    lost = _fact("lost", "lost productivity")
    points = ["Lost productivity: {lost}"]
    assert retitle("Measured mile analysis: MEP rough-in, floors 2 to 6", [lost], points) == \
        "Measured mile summary: MEP rough-in, floors 2 to 6"
    assert retitle("DRAFT v1 - back pay calculation", [lost], points) == "DRAFT v1 - back pay summary"
    # working capital is no working
    assert retitle("Net working capital: monthly", [lost], points) == "Net working capital: monthly"
    # a figure the ledger computes, two figures a point may work, or items the engine lists keep the promise, and so
    # does a sheet without points (the engine lays out its own working)
    computed = _fact("total", "total", formula="a + b")
    assert retitle("Back pay calculation", [lost, computed], points) == "Back pay calculation"
    assert retitle("Unit price calculation", [lost, _fact("units", "units", "number")], points) == \
        "Unit price calculation"
    shares = _fact("share", "top customer share", "percent", items=["Ashgrove", "Hunter"])
    assert retitle("Customer concentration and cohort analysis", [shares]) == \
        "Customer concentration and cohort analysis"
    assert retitle("Back pay calculation by category", [shares], points) == "Back pay calculation by category"
    assert retitle("Cohort analysis", [lost]) == "Cohort analysis"


def test_a_pointed_sheet_drops_a_by_group_its_points_and_ledger_do_not_give():
    from worldsmith.generators.kinds.spreadsheet.promise import retitle

    wages, total = _fact("w", "wage underpayment"), _fact("t", "total", formula="w + s")
    points = ["Wage underpayment: {w}", "Total: {t}"]
    assert retitle("Back pay calculation by underpayment category", [wages, total], points) == "Back pay calculation"
    # the ledger lists the categories: the engine breaks the figure down by them (skeleton._pointed_items)
    listed = _fact("w", "wage underpayment", items=["Sunday rates", "Overtime"])
    assert retitle("Back pay calculation by underpayment category", [listed, total], points) == \
        "Back pay calculation by underpayment category"
    # a point headed by the group's word keeps it; a sheet without points is the engine's to group
    assert retitle("Costs by category", [wages, total], ["Category A: {w}", "Total: {t}"]) == "Costs by category"
    assert retitle("Denials by payer", [wages]) == "Denials by payer"


def test_the_report_its_own_team_issues_the_same_day_is_no_source_of_a_sheet():
    """input_sources: before, the back pay calculation of 2 April cited 'Payroll remediation calculation report
    (final), dated 2 April 2026', the report its own director wrote that day from it."""
    from worldsmith.generators.skeleton import input_sources, source_records

    def doc(title, day, author):
        return NS(kind="document", distractor=None, doc_type="report", title=title, cites=[], facts=["wages"],
                  date=dt.date(2026, 4, day), author=author)

    wages = LedgerFact(id="wages", statement="The wage underpayment is AUD 6,870,000.", label="wage underpayment",
                       text="AUD 6,870,000", value=Money(amount=Decimal("6870000"), currency="AUD"))
    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title="Back pay calculation", author="manager",
                     readers=["director"], occupation="x", rows=10, date=dt.date(2026, 4, 2), facts=["wages"])
    same_day = [doc("Payroll remediation calculation report (final)", 2, "director")]
    assert "wages" not in input_sources(source_records(same_day), spec, {"wages": wages})
    # another party's letter of that day, or the team's own paper of an earlier day, is read from
    for records in ([doc("Employer's letter", 2, "employer")], [doc("Interim report", 1, "director")]):
        assert input_sources(source_records(records), spec, {"wages": wages})["wages"][0] == records[0].title


def test_a_sheet_is_not_sourced_to_a_paper_that_quotes_it():
    """build_context: a fact's paper is never one that cites the sheet (blind read 35b: 'Its source is the report,
    which sources the sheet'). Before: vat-delivery's output tax computation gave the memo that quotes it as the paper
    of its figures."""
    from tests.generators.test_compose_mail_read18 import fixture_world
    from worldsmith.generators.context import build_context

    plan, taxonomy, contents = fixture_world("vat-delivery")
    quoting = {}
    for d in plan.artifacts:
        if d.kind == "document":
            for s in getattr(d, "cites", None) or ():
                quoting.setdefault(s, set()).add(d.title)
    sheets = [s for s in plan.artifacts if s.kind == "spreadsheet" and s.id in quoting]
    assert sheets
    for s in sheets:
        ctx = build_context(plan, taxonomy, s, contents)
        assert not [f.id for f in ctx.facts if f.paper in quoting[s.id]], s.title


def test_a_draft_built_on_another_drafts_figure_names_it_as_it_stood_not_as_superseded():
    """Blind read 35b (us-hospital at seed 35): the REA draft of April 13 read 'Figure as in the superseded TIA draft
    v1 of April 10, 2026: did not carve out the contractor's concurrent curtain-wall delay', in its own cells, four
    days before the report that superseded the TIA draft."""
    from faker import Faker

    from worldsmith.generators.labels import draft_name
    from worldsmith.generators.skeleton import build_skeleton
    from worldsmith.worlds.plan import LedgerDistractor
    from worldsmith.worlds.values import Number

    usd = lambda a: Money(amount=Decimal(a), currency="USD")  # noqa: E731
    facts = [LedgerFact(id="days", statement="Days.", label="excusable delay", text="74 days",
                        value=Number(value=Decimal(74), unit="days")),
             LedgerFact(id="rate", statement="Rate.", label="daily overhead", value=usd(16560), text="USD 16,560"),
             LedgerFact(id="rea", statement="REA.", label="REA amount", value=usd(1225440), text="USD 1,225,440",
                        formula="rate * days")]
    tia = LedgerDistractor(id="tia", fact="days", value=Number(value=Decimal(88), unit="days"), text="88 days",
                           label="superseded TIA draft v1 of April 10, 2026: did not carve out the curtain wall")
    rea = LedgerDistractor(id="rea_d", fact="rea", value=usd(1457280), text="USD 1,457,280",
                           label="superseded REA draft of April 13, 2026, priced on the 88 days of TIA draft v1")
    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title="REA quantum (draft)", author="a", occupation="x",
                     rows=5, date=dt.date(2026, 4, 13), facts=["rea", "rate"], distractor="rea_d")
    sk = build_skeleton(spec, facts, rea, "en_US", Faker(), dt.date(2026, 1, 1), drafts=[tia, rea])
    notes = [str(c) for ln in sk.lines for c in ln.cells if isinstance(c, str)]
    assert "Figure as in the TIA draft v1 of April 10, 2026" in notes, notes
    assert not any("superseded" in n.lower() or "carve" in n for n in notes), notes
    assert draft_name("seller's equity bridge of March 9, 2026 (superseded): net debt only") == \
        "seller's equity bridge of March 9, 2026"

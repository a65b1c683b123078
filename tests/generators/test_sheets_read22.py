"""What the blind read 22 rejected in sheets: a superseded draft's figure noted 'Figure as in this draft' (a
placeholder the client emails then echoed), a leverage computation 'compiled from supplier invoices and customer
deduction reports', and a denials log by payer that states no period and gives workers' compensation half the claims."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.generators.offline_world import offline_world

ROOT = Path(__file__).resolve().parents[2]


def _sheets(path: str):
    plan, _, contents = offline_world(ROOT / path, 61)
    for spec in (a for a in plan.artifacts if a.kind == "spreadsheet"):
        yield plan, spec, contents[spec.id]


def _texts(content) -> list[str]:
    return [c for row in content.rows for c in row if isinstance(c, str)] + list(content.notes)


@pytest.mark.parametrize("path", ["tests/fixtures/construction-delay.yaml", "outlines/examples/buyside-diligence.yaml"])
def test_a_drafts_figure_is_dated_as_every_input_is_not_noted_as_in_this_draft(path):
    """construction-delay (read 22): 'Culpable delay (this draft) | 14 | Figure as in this draft', 'placeholder notes
    ("Figure as in this draft") are echoed word for word in the client emails'."""
    drafts = 0
    for _, spec, content in _sheets(path):
        assert not [t for t in _texts(content) if "as in this draft" in t.lower()], spec.title
        if spec.distractor and spec.skeleton is not None:
            for line in spec.skeleton.lines:
                label = str(line.cells[spec.skeleton.label])
                if label.endswith("(this draft)") and line.role == "input":
                    drafts += 1
                    note = [c for c in line.cells if isinstance(c, str) and c != label]
                    # dated as every input is, or named by the draft it was taken from ('Figure as in the QoE draft v1')
                    assert note and re.match(r"As at |Figure as in the ", note[0]), (spec.title, line.cells)
    assert drafts


def test_a_borrowers_leverage_sheet_is_not_sourced_from_its_payables():
    """covenant-breach (read 22): 'Leverage covenant computation' 'compiled ... from supplier invoices and customer
    deduction reports'; net debt and EBITDA come from the books and the lenders' statements."""
    seen = 0
    for _, spec, content in _sheets("tests/fixtures/covenant-breach.yaml"):
        if re.search(r"invoice|payable|supplier|spend", spec.title, re.I):
            continue
        for note in content.notes:
            assert not re.search(r"supplier invoices|customer deduction|accounts payable", note), (spec.title, note)
            seen += bool(re.search(r"\bfrom\b|\bsource\b", note, re.I))
    assert seen


def test_a_rate_by_group_states_its_period_and_a_usual_mix_of_claims():
    """hospital-revenue-audit (read 22): 'Workers' comp is 1,630 of 3,355 inpatient claims (49%) and drives the 14.2%
    rate ... The log states no period' (the statement: 'for January to April 2026')."""
    from worldsmith.generators.skeleton import period_of

    assert period_of("the initial denial rate on inpatient claims for January to April 2026 is 14.2%") == \
        "January to April 2026"
    assert period_of("the loss ratio in the first quarter of 2026 was 61%") == "the first quarter of 2026"
    assert period_of("a rate of 8.0%, measured quarterly") == ""
    logs = 0
    for plan, spec, content in _sheets("outlines/examples/hospital-revenue-audit.yaml"):
        if spec.skeleton is None or not re.search(r"\bby payer\b", spec.title, re.I):
            continue
        logs += 1
        facts = {f.id: f for f in plan.facts}
        rate = next(ln for ln in spec.skeleton.lines if ln.role == "derived")
        period = period_of(facts[rate.fact].statement)
        assert period and any(period in str(c) for c in rate.cells), rate.cells
        items = [ln for ln in spec.skeleton.lines if ln.role == "item"]
        claims = {str(ln.cells[0]): float(ln.cells[1]) for ln in items}
        total = sum(claims.values())
        assert max(claims, key=claims.get) in ("Medicare", "Medicare Advantage", "Commercial"), claims
        assert claims["Workers' compensation"] / total < 0.15, claims
    assert logs


_DATED = re.compile(r"\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\b"
                    r"\s+\d{1,2},?\s+\d{4}|\b\d{1,2}\s+(?:January|February|March|April|May|June|July|August|September|"
                    r"October|November|December)\s+\d{4}")


@pytest.mark.parametrize("path", ["outlines/examples/tanker-spill-liability.yaml", "tests/fixtures/covenant-breach.yaml",
                                  "outlines/examples/buyside-diligence.yaml"])
def test_every_sheet_says_the_day_it_is_as_at(path):
    """tanker (read 22): a claims tracker's only note 'Prepared by Paul Sheppard (Harrowvane Gillard LLP) from
    correspondence to date'; covenant-breach: 'Source: management information. Prepared by Troy Martin, Corporate
    Controller.' (issue 17: a sheet has an as-at date)."""
    for _, spec, content in _sheets(path):
        assert _DATED.search(" ".join(content.notes)), (spec.title, content.notes)
        # and says it once, not twice over ("for March 10, 2026, as at March 10, 2026")
        assert not [n for n in content.notes if re.search(r"(\d{4}), as at .*\1\.$", n) and
                    len(set(_DATED.findall(n))) < len(_DATED.findall(n))], content.notes


def test_an_issues_list_describes_its_agreed_protection_and_files_a_consent_as_legal():
    """buyside-diligence (read 22): 'A "legal, financial and commercial" issues list, prepared by counsel, with no
    legal findings. Its only legal row is "Escrow percentage 0.075 - Escrow (agreed)"'."""
    from worldsmith.generators.kinds.spreadsheet.issues import words_only

    said = words_only("12% of the purchase price is to be held in escrow for 24 months against warranty claims.")
    assert said == "Part of the purchase price is to be held in escrow against warranty claims."
    lists = 0
    for _, spec, content in _sheets("outlines/examples/buyside-diligence.yaml"):
        names = [c.name for c in content.columns]
        if "Finding" not in names or "Workstream" not in names:
            continue
        lists += 1
        finding, stream = names.index("Finding"), names.index("Workstream")
        protection = next(i for i, n in enumerate(names) if "protection" in n.lower())
        for row in content.rows:
            if isinstance(row[protection], str) and row[protection].endswith("(agreed)"):
                assert row[finding], row  # an agreed protection says what it protects against
            if isinstance(row[finding], str) and re.search(r"change of control|consent", row[finding]):
                assert row[stream] == "Legal" and row[protection] == "Condition", row
        assert any(r[stream] == "Legal" and r[finding] and not str(r[protection]).endswith("(agreed)")
                   for r in content.rows), content.rows
    assert lists


def test_a_superseded_sheets_footer_warning_does_not_print_over_the_page_number():
    """construction-delay and covenant-breach (read 22, rendered): 'SUPERSEDED LIQUIDATED DAMAGES SCHEDULE OF AUGUST
    12, 2026: 14 WEEKS TO THAT DATE' printed over 'Page 1 of 1' in the footer's middle."""
    import openpyxl

    from worldsmith.generators.kinds.spreadsheet.look import print_setup

    ws = openpyxl.Workbook().active
    warning = "SUPERSEDED LIQUIDATED DAMAGES SCHEDULE OF AUGUST 12, 2026: 14 WEEKS TO THAT DATE ONLY (USD 85,000 X 14)"
    print_setup(ws, last_row=4, widths=[30, 12, 40], locale="en_US", organisation="Pellow Grange LLP", warning=warning)
    assert not ws.oddFooter.center.text
    assert ws.oddFooter.right.text == "Page &P of &N"
    assert ws.oddFooter.left.text == "SUPERSEDED LIQUIDATED DAMAGES SCHEDULE OF AUGUST 12, 2026"
    plain = openpyxl.Workbook().active
    print_setup(plain, last_row=4, widths=[30, 12], locale="en_US", organisation="Pellow Grange LLP", warning=None)
    assert plain.oddFooter.center.text == "Page &P of &N" and not plain.oddFooter.left.text

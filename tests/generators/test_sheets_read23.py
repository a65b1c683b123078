"""What the blind read 23 rejected in sheets: inputs with no source ('The Basis column is blank'; 'inputs have no
clause references'), a source 'the data room' for a valuation output or 'correspondence to date', and a 'cost
comparison' with no total per route."""

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


def test_a_clause_is_read_from_a_statement_as_written():
    from worldsmith.generators.skeleton import clause_of

    assert clause_of("Section 7.11 of the credit agreement requires the ratio not to exceed 3.50") == \
        "section 7.11 of the credit agreement"
    assert clause_of("the limit under OPA 90 section 1004(a)(1), unless broken") == "OPA 90 section 1004(a)(1)"
    assert clause_of("the deadline under 42 U.S.C. 1320a-7k(d) falls on") == "42 U.S.C. 1320a-7k(d)"
    assert clause_of("Clause 41.3 caps the indemnity at USD 20,000,000") == "clause 41.3"
    # an act's short name leads its section; an ordinary word does not ('Periods clause 6.2', 'under clause 3.1')
    assert clause_of("the index rise over both periods clause 6.2 names") == "clause 6.2"
    assert clause_of("the volume committed under clause 3.1 is 24,000 tonnes") == "clause 3.1"
    assert clause_of("the para 4.3 cap of Schedule 6 is USD 879,800") == "para 4.3"
    assert clause_of("the fee is 0.25% of the USD 180,000,000 loan") == ""


@pytest.mark.parametrize("path", ["tests/fixtures/covenant-breach.yaml", "outlines/examples/tanker-spill-liability.yaml"])
def test_an_input_names_the_record_of_the_room_it_is_read_from(path):
    """covenant-breach (read 23): 'The Basis column is blank' beside the term loan and the maximum ratio, which the
    credit agreement extract of the room gives (section 7.11)."""
    named = 0
    for plan, spec, _ in _sheets(path):
        if spec.skeleton is None or spec.distractor:
            continue
        records = [a for a in plan.artifacts if a.kind == "document" and a.date <= spec.date and a.distractor is None
                   and re.search(r"agreement|contract|certificate|charter|letter|pleading", a.doc_type)]
        sk = spec.skeleton
        for line in sk.lines:
            if line.role != "input" or not line.fact:
                continue
            carried = [d for d in records if line.fact in d.facts and spec.id not in d.cites]
            if not carried:
                continue
            note = next((c for i, c in enumerate(line.cells) if i != sk.label and isinstance(c, str)), "")
            assert any(d.title in note for d in carried), (spec.title, line.cells, [d.title for d in carried])
            named += 1
    assert named


def test_a_clause_the_statement_cites_is_in_the_basis():
    seen = 0
    for plan, spec, _ in _sheets("tests/fixtures/covenant-breach.yaml"):
        if spec.skeleton is None:
            continue
        for line in spec.skeleton.lines:
            if line.role == "input" and line.fact == "max_leverage":
                assert any(isinstance(c, str) and "section 7.11" in c.lower() for c in line.cells), line.cells
                seen += 1
    assert seen


@pytest.mark.parametrize("path", ["outlines/examples/tanker-spill-liability.yaml", "tests/fixtures/covenant-breach.yaml",
                                  "outlines/examples/buyside-diligence.yaml"])
def test_no_sheet_is_sourced_to_the_data_room_or_correspondence_to_date(path):
    """buyside (read 23): 'The source is given as "the data room" for a valuation output'; 'the source is
    "correspondence to date"'."""
    for _, spec, content in _sheets(path):
        for note in content.notes:
            assert not re.search(r"the data room|correspondence to date", note), (spec.title, note)


def test_a_first_cut_of_an_amount_lists_its_items_and_what_the_draft_added():
    """covenant-breach (read 23): 'A "first cut" of add-backs that gives one total with no items and computes
    nothing'. The draft lists the items the current schedule lists, split the same way, and the line its label says it
    counted over them ('counted USD 2,300,000 of projected procurement synergies'), totalled by a formula."""
    plan, _, _ = offline_world(ROOT / "tests/fixtures/covenant-breach.yaml", 61)
    distractors = {d.id: d for d in plan.distractors}
    drafts = [s for s in plan.artifacts if s.kind == "spreadsheet" and s.distractor
              and distractors[s.distractor].fact == "permitted_addbacks"]
    current = [s for s in plan.artifacts if s.kind == "spreadsheet" and not s.distractor and s.skeleton is not None
               and any(ln.role == "total" and ln.fact == "permitted_addbacks" for ln in s.skeleton.lines)]
    assert drafts and current
    now = {ln.cells[0]: ln.cells[current[0].skeleton.amount] for ln in current[0].skeleton.lines if ln.role == "item"}
    for spec in drafts:
        sk = spec.skeleton
        assert sk is not None, spec.title
        items = {ln.cells[0]: ln.cells[sk.amount] for ln in sk.lines if ln.role == "item"}
        total = next(ln for ln in sk.lines if ln.fact == "permitted_addbacks" and ln.role == "total")
        assert total.formula and total.formula.startswith("SUM("), total
        assert abs(sum(items.values()) - float(distractors[spec.distractor].value.amount)) < 0.005, items
        assert all(items.get(k) == v for k, v in now.items()), (items, now)
        extra = [k for k in items if k not in now]
        assert len(extra) == 1 and re.search(r"synerg", extra[0], re.I), items


def test_a_british_sheet_dates_its_inputs_as_the_room_does():
    """buyside (read 23 sample): 'As at October 2, 2026' beside 'Figures as at 5 October 2026' on one sheet."""
    plan, _, _ = offline_world(ROOT / "outlines/examples/buyside-diligence.yaml", 61)
    seen = 0
    for spec in plan.artifacts:
        if spec.kind != "spreadsheet" or spec.skeleton is None:
            continue
        for line in spec.skeleton.lines:
            for cell in line.cells:
                # (a draft's own label is the outline's words, dated as its author wrote them)
                if isinstance(cell, str) and re.search(r"\b(?:as at|of) \w+ \d", cell, re.I) \
                        and not cell.startswith("Figure as in"):
                    seen += 1
                    assert not re.search(r"\b(?:January|February|March|April|May|June|July|August|September|"
                                         r"October|November|December) \d{1,2}, \d{4}", cell), cell
    assert seen


def test_a_comparisons_title_names_its_two_options():
    from worldsmith.generators.skeleton import title_options

    assert title_options("Cure against waiver: cost comparison") == ["Cure", "waiver"]
    assert title_options("Exposure comparison: Kestrel Bay vs. Ostrander") == ["Kestrel Bay", "Ostrander"]
    assert title_options("Lease versus buy comparison") == ["Lease", "buy"]
    assert title_options("Leverage covenant computation: June 30, 2026") == []
    assert title_options("Damages schedule") == []


@pytest.mark.parametrize("path,options", [("tests/fixtures/covenant-breach.yaml", ["Cure", "Waiver"]),
                                          ("outlines/examples/tanker-spill-liability.yaml", ["Kestrel Bay", "Ostrander"])])
def test_a_comparison_ends_with_a_total_for_each_option(path, options):
    """covenant-breach (read 23): 'Titled a "cost comparison" but never compares: there is no total per route.'"""
    seen = 0
    for _, spec, _ in _sheets(path):
        if spec.skeleton is None or "comparison" not in spec.title.lower():
            continue
        seen += 1
        sk = spec.skeleton
        totals = {str(ln.cells[sk.label]): ln for ln in sk.lines if ln.role == "total" and ln.fact is None}
        for option in options:
            # one total per option, or (read 25) one per kind of money where a cost is set against money put in
            mine = [ln for name, ln in totals.items() if name.startswith(f"{option}: ")]
            assert mine and all(ln.formula for ln in mine), (spec.title, list(totals))
            for line in mine:
                refs = [int(n) for n in re.findall(r"\{(\d+)\}", line.formula)]
                assert refs and all(sk.lines[i].format == "money" for i in refs), line
                assert abs(sum(float(sk.lines[i].cells[sk.amount]) for i in refs) - float(line.cells[sk.amount])) < 0.005
    assert seen


def test_an_agings_buckets_are_rounded_alike():
    """hospital (read 23): 'The buckets look plugged: three are precise to the dollar (3,288,094 / 2,115,640 / 956,266)
    and four are round thousands, and together they land on round totals of 9,460,000 and 3,100,000.'"""
    seen = 0
    for _, spec, _ in _sheets("outlines/examples/hospital-revenue-audit.yaml"):
        if spec.skeleton is None or not re.search(r"\baging\b", spec.title, re.I):
            continue
        sk = spec.skeleton
        buckets = [float(ln.cells[sk.amount]) for ln in sk.lines if ln.role == "item" and not ln.formula]
        assert len(buckets) >= 4
        seen += 1
        assert len({b % 1000 == 0 for b in buckets}) == 1, buckets
    assert seen


_SIGN_OFF = re.compile(r"more on .+ (?:later|when I have it)$|covered for now$|pick up .+ from here$|"
                       r"back to you on .+ (?:later|shortly)$|nothing more on .+ from me for now$")


def test_a_chat_day_signs_off_once_at_its_end():
    """covenant-breach (read 23): 'A day of rote confirmation of constants ... and repeated sign-offs ("back to you ...
    later" twice)': 'thanks Elaine - more on Quillfield covenant later' ... 'ok Elaine, thanks - back to you on
    Quillfield covenant later' as the day's last post."""
    days = 0
    # (seed 7: a covenant day that ended on a second sign-off on the code before; and since b8e38ce, a day of two posts
    # and nothing to say, each post a sign-off. Seed 9: days that sign off, four of them, once b8e38ce left seed 7 and
    # the hospital at 61 with none that sign off once)
    for path, seed in [("tests/fixtures/covenant-breach.yaml", 7), ("tests/fixtures/covenant-breach.yaml", 9),
                       ("outlines/examples/hospital-revenue-audit.yaml", 61)]:
        plan, _, contents = offline_world(ROOT / path, seed)
        for spec in (a for a in plan.artifacts if a.kind == "chat"):
            texts = [m.text for m in contents[spec.id].messages]
            assert 2 <= len(texts) <= len(spec.posts)
            offs = [i for i, t in enumerate(texts) if _SIGN_OFF.search(t)]
            days += bool(offs)
            assert not (len(offs) > 1 and offs[-1] == len(texts) - 1), (path, texts)
    assert days


def test_no_line_is_a_sum_of_one_line_under_its_own_name():
    """aircraft-redelivery (my seed-97 read): 'Engine 2 return compensation claimed | 2,501,800' then 'Engine 2 return
    compensation claimed | =SUM(C2:C2) | Subtotal' in a claim schedule: a part with no items is one line."""
    plan, _, _ = offline_world(ROOT / "tests/fixtures/aircraft-redelivery.yaml", 61)
    parts = 0
    for spec in (a for a in plan.artifacts if a.kind == "spreadsheet" and a.skeleton is not None):
        sk = spec.skeleton
        for line in sk.lines:
            m = re.fullmatch(r"SUM\(\{(\d+)\}:\{(\d+)\}\)", line.formula or "")
            assert not (m and m.group(1) == m.group(2)), (spec.title, line.cells)
        parts += sum(1 for ln in sk.lines if ln.role == "total" and ln.formula and "+" in ln.formula)
    assert parts

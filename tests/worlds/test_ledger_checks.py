"""Worlds that add up: the legal example's sheets obey the ledger, and each way of breaking that is caught by name.

The published legal example (tests/conftest.py) is copied and broken one way at a time, in the files an
agent reads: a breakdown a cent off, a derived cell with a wrong formula, an email giving the cap another
amount beside its label, a period's old value in a later artifact, a fact mentioned a day early, a total
over rows that are not its parts, a daily log that no longer rolls up. The defects are seeded a group to a copy and
each group validated once (`seeded`): a validation of the legal world is about 1.4 CPU-s, and the suite ran past its
6 minutes. In a group no two defects edit one file, and none trips another's check among NEW_CHECKS.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import shutil
from pathlib import Path

import openpyxl
import pytest

from tests.worlds.test_defects_seeded import edit_new_text
from tests.worlds.checks_of import checks_of_copy

NEW_CHECKS = ["derived_fact_computed", "breakdown_sums_to_fact", "rollup_sums_to_fact", "total_only_over_parts",
              "amount_beside_label", "fact_mentioned_before_known", "no_answer_before_its_event"]


def _plan(bundle: Path) -> dict:
    return json.loads((bundle / "plan.json").read_text(encoding="utf-8"))


def _sheet(bundle: Path, title_start: str) -> dict:
    return next(a for a in _plan(bundle)["artifacts"] if a["kind"] == "spreadsheet" and a["title"].startswith(title_start))


def _fact(bundle: Path, fact_id: str) -> dict:
    return next(f for f in _plan(bundle)["facts"] if f["id"] == fact_id)


def _email_on(bundle: Path, after: dt.date | None = None, before: dt.date | None = None) -> dict:
    """The first new message (not a reply, so its own text is the whole body) sent inside the given days."""
    for a in _plan(bundle)["artifacts"]:
        if a["kind"] != "email" or a["distractor"] or a.get("mode") != "new":
            continue
        day = dt.datetime.fromisoformat(a["sent_at"]).date()
        if (after is None or day > after) and (before is None or day < before):
            return a
    raise AssertionError("no such message")


def _say(bundle: Path, email: dict, sentence: str) -> None:
    edit_new_text(bundle / "room" / email["path"], lambda text: text.replace("\n\n", f"\n\n{sentence}\n\n", 1))


def _edit_sheet(bundle: Path, sheet: dict, edit) -> None:
    path = bundle / "room" / sheet["path"]
    wb = openpyxl.load_workbook(path)
    edit(wb.worksheets[0], sheet["skeleton"])
    wb.save(path)


def _amount_cell(ws, sk: dict, line: int):
    return ws.cell(line + 2, sk["amount"] + 1)


def breakdown_cent_off(b: Path) -> str:
    sheet = _sheet(b, "Damages schedule: removal")
    item = next(i for i, ln in enumerate(sheet["skeleton"]["lines"]) if ln["role"] == "item")
    _edit_sheet(b, sheet, lambda ws, sk: setattr(_amount_cell(ws, sk, item), "value", _amount_cell(ws, sk, item).value + 0.01))
    return sheet["id"]


def derived_wrong_formula(b: Path) -> str:
    sheet = _sheet(b, "OPA 90 liability cap computation")
    line = next(i for i, ln in enumerate(sheet["skeleton"]["lines"]) if ln["fact"] == "liability_cap")

    def edit(ws, sk):
        cell = _amount_cell(ws, sk, line)
        assert "*" in cell.value, cell.value
        cell.value = cell.value.replace("*", "+")  # the per-ton limb added to the tonnage, not multiplied
    _edit_sheet(b, sheet, edit)
    return sheet["id"]


def derived_typed_in(b: Path) -> str:
    sheet = _sheet(b, "OPA 90 liability cap computation")
    line = next(i for i, ln in enumerate(sheet["skeleton"]["lines"]) if ln["fact"] == "liability_cap")
    _edit_sheet(b, sheet, lambda ws, sk: setattr(_amount_cell(ws, sk, line), "value", 156200000))
    return sheet["id"]


def cap_other_amount_in_email(b: Path) -> str:
    email = _email_on(b, after=dt.date.fromisoformat(_fact(b, "liability_cap")["known_from"]))
    _say(b, email, "For the file, the OPA 90 liability cap is USD 150,000,000 on our numbers.")
    return email["id"]


def old_value_later(b: Path) -> str:
    removal = _fact(b, "removal_costs")
    old = removal["earlier"][0]
    email = _email_on(b, after=dt.date.fromisoformat(removal["known_from"]))
    _say(b, email, f"Just to recap, removal costs of {old['text']} remain the working number.")
    return email["id"]


def mentioned_a_day_early(b: Path) -> str:
    demand = _fact(b, "contribution_demand")
    email = _email_on(b, before=dt.date.fromisoformat(demand["known_from"]))
    _say(b, email, f"I hear a figure of {demand['text']} may be coming our way.")
    return email["id"]


def total_over_non_parts(b: Path) -> str:
    sheet = _sheet(b, "Exposure comparison")

    def edit(ws, sk):
        last = len(sk["lines"]) + 1
        ws.cell(last + 1, sk["label"] + 1).value = "Total exposure"
        letter = openpyxl.utils.get_column_letter(sk["amount"] + 1)
        ws.cell(last + 1, sk["amount"] + 1).value = f"=SUM({letter}2:{letter}{last})"
    _edit_sheet(b, sheet, edit)
    return sheet["id"]


def daily_log_off(b: Path) -> str:
    sheet = next(a for a in _plan(b)["artifacts"] if a["kind"] == "spreadsheet" and a.get("rolls_up_to"))
    _edit_sheet(b, sheet, lambda ws, sk: setattr(_amount_cell(ws, sk, 0), "value", _amount_cell(ws, sk, 0).value + 250))
    return sheet["path"]


def reply_planned_before_its_event(b: Path) -> str:
    """A note that plans a paper before the event it answers: "the letter rejecting Kestrel Bay's tender" on March 11,
    the tender arriving on April 6 (blind read 20). The paper is any letter of the plan carrying a fact first known
    after the note and before the letter."""
    plan = _plan(b)
    first = {f["id"]: min([dt.date.fromisoformat(e["since"]) for e in f.get("earlier") or []]
                          + [dt.date.fromisoformat(f["known_from"])]) for f in plan["facts"] if f.get("known_from")}
    for paper in plan["artifacts"]:
        if paper["kind"] != "document" or paper["distractor"] or paper.get("doc_type") != "letter":
            continue
        made = dt.date.fromisoformat(paper["date"])
        events = [first[f] for f in paper["facts"] if f in first and first[f] < made]
        if events:
            email = _email_on(b, before=max(events))
            _say(b, email, f"I will have the {paper['title']} with you in good time.")
            return email["id"]
    raise AssertionError("no letter answers an event")


DEFECTS = {
    "breakdown_cent_off": (breakdown_cent_off, "breakdown_sums_to_fact"),
    "derived_wrong_formula": (derived_wrong_formula, "derived_fact_computed"),
    "derived_typed_in": (derived_typed_in, "derived_fact_computed"),
    "cap_other_amount_in_email": (cap_other_amount_in_email, "amount_beside_label"),
    "old_value_later": (old_value_later, "amount_beside_label"),
    "mentioned_a_day_early": (mentioned_a_day_early, "fact_mentioned_before_known"),
    "total_over_non_parts": (total_over_non_parts, "total_only_over_parts"),
    "daily_log_off": (daily_log_off, "rollup_sums_to_fact"),
    "reply_planned_before_its_event": (reply_planned_before_its_event, "no_answer_before_its_event"),
}


# Defects that edit one file (the cap's sheet) go to different groups.
GROUPS: list[tuple[str, ...]] = [
    ("breakdown_cent_off", "derived_wrong_formula", "cap_other_amount_in_email", "mentioned_a_day_early"),
    ("derived_typed_in", "old_value_later", "total_over_non_parts"),
    ("daily_log_off", "reply_planned_before_its_event"),
]


def _stamps(bundle: Path) -> dict[str, tuple[int, int]]:
    return {str(p): (p.stat().st_mtime_ns, p.stat().st_size) for p in (bundle / "room").rglob("*") if p.is_file()}


@pytest.fixture(scope="module")
def seeded(published_legal, tmp_path_factory) -> dict[str, tuple[str, object]]:
    """defect -> (what it names, the validation report of the copy its group was seeded in)."""
    out: dict[str, tuple[str, object]] = {}
    for n, group in enumerate(GROUPS):
        world = Path(shutil.copytree(published_legal, tmp_path_factory.mktemp(f"group{n}") / "w"))
        edited: list[str] = []
        named = {}
        for defect in group:
            before = _stamps(world)
            named[defect] = DEFECTS[defect][0](world)
            after = _stamps(world)
            # a message's mailbox copies hold other messages too: its .eml is its own file
            edited += [p for p in after if after[p] != before.get(p) and not p.endswith(".mbox")]
        assert len(edited) == len(set(edited)), (group, edited)  # two defects of one file could hide each other
        assert len(set(named.values())) == len(group), named
        report = checks_of_copy(world, NEW_CHECKS)  # the checks this module's tests read
        out.update({d: (named[d], report) for d in group})
    return out


def test_every_ledger_defect_is_in_one_group():
    assert sorted(d for group in GROUPS for d in group) == sorted(DEFECTS)


def test_each_group_trips_only_its_own_defects_checks(seeded):
    for group in GROUPS:
        report = seeded[group[0]][1]
        tripped = {c.id for c in report.checks if c.id in NEW_CHECKS and c.rows}
        assert tripped == {DEFECTS[d][1] for d in group}, (group, tripped)


@pytest.fixture
def world(published_legal, tmp_path) -> Path:
    target = tmp_path / "w"
    shutil.copytree(published_legal, target)
    return target


def test_the_published_example_passes_every_ledger_check(published_legal):
    # The report the example was published with: every check over the files as sealed, by this session's code (a
    # copy validated again was ~1.1 CPU-s for the same rows).
    from worldsmith.worlds import bundle
    from worldsmith.worlds.report import ValidationReport

    report = ValidationReport.model_validate_json((published_legal / bundle.VALIDATION).read_text(encoding="utf-8"))
    for check in NEW_CHECKS:
        result = next(c for c in report.checks if c.id == check)
        assert result.rows == [], (check, result.rows[:3])


def test_every_sheet_that_carries_a_derived_fact_computes_it_from_its_inputs(published_legal):
    plan = _plan(published_legal)
    formulas = {f["id"]: f["formula"] for f in plan["facts"] if f["formula"]}
    seen = 0
    for a in plan["artifacts"]:
        if a["kind"] != "spreadsheet" or a["distractor"]:
            continue
        for fid in set(a["facts"]) & set(formulas):
            sk = a["skeleton"]
            line = next(i for i, ln in enumerate(sk["lines"]) if ln["fact"] == fid)
            written = openpyxl.load_workbook(published_legal / "room" / a["path"]).worksheets[0].cell(line + 2, sk["amount"] + 1).value
            inputs = set(re.findall(r"[a-z_]+", formulas[fid])) - {"max", "min", "percent_of", "sum", "round", "abs"}
            input_rows = {i + 2 for i, ln in enumerate(sk["lines"]) if ln["fact"] in inputs}
            assert isinstance(written, str) and written.startswith("="), (a["title"], fid, written)
            assert input_rows == {int(r) for r in re.findall(r"[A-Z]+(\d+)", written)} or \
                input_rows <= {int(r) for r in re.findall(r"[A-Z]+(\d+)", written)}, (a["title"], fid, written)
            seen += 1
    assert seen >= 5


def test_formula_cells_cache_the_ledger_value_for_readers_that_do_not_recalculate(published_legal):
    sheet = _sheet(published_legal, "OPA 90 liability cap computation")
    sk = sheet["skeleton"]
    line = next(i for i, ln in enumerate(sk["lines"]) if ln["fact"] == "liability_cap")
    shown = openpyxl.load_workbook(published_legal / "room" / sheet["path"], data_only=True).worksheets[0]
    assert shown.cell(line + 2, sk["amount"] + 1).value == float(_fact(published_legal, "liability_cap")["value"]["amount"])


def test_the_daily_logs_split_the_removal_costs_and_meet_its_earlier_value_on_its_day(published_legal):
    plan = _plan(published_legal)
    removal = _fact(published_legal, "removal_costs")
    logs = sorted((a for a in plan["artifacts"] if a.get("rolls_up_to") == "removal_costs"), key=lambda a: a["date"])
    bottoms = [a["skeleton"]["lines"][a["skeleton"]["bottom"]]["cells"][a["skeleton"]["amount"]] for a in logs]
    assert round(sum(bottoms), 2) == float(removal["value"]["amount"])
    since = removal["earlier"][0]["since"]
    before = sum(b for a, b in zip(logs, bottoms) if a["date"] < since)
    assert round(before, 2) == float(removal["earlier"][0]["value"]["amount"])


@pytest.mark.parametrize("defect", sorted(DEFECTS))
def test_a_ledger_defect_is_caught_by_its_check_by_name(seeded, defect):
    check_id = DEFECTS[defect][1]
    named, report = seeded[defect]
    result = next(c for c in report.checks if c.id == check_id)
    assert result.rows, (defect, check_id)
    assert named in {r.artifact_id for r in result.rows} | {r.path for r in result.rows}, (defect, result.rows[:3])
    assert result.severity == "error"


def test_a_computation_after_a_label_is_not_a_mention_but_a_wrong_figure_before_an_aside_is(world):
    # An outline's own statement reads "the building claim payable is USD 5,120,000 less the USD 50,000
    # deductible: USD 5,070,000": the amount after the label opens a computation, and the amount before
    # "deductible" is the one the label names. A wrong figure followed by a dash aside is still a mention.
    cap = _fact(world, "liability_cap")
    after = dt.date.fromisoformat(cap["known_from"])
    plan_emails = [a for a in _plan(world)["artifacts"] if a["kind"] == "email" and not a["distractor"]
                   and a.get("mode") == "new" and dt.datetime.fromisoformat(a["sent_at"]).date() > after]
    working, wrong, share = plan_emails[0], plan_emails[1], plan_emails[2]
    _say(world, working, "The OPA 90 liability cap is USD 2,500 x 62,480 GT, and the USD 156,200,000 OPA 90 "
                         "liability cap: USD 95,212,500 above the demand.")
    # a share of the label is the share's amount (an unseen outline: 'one-half the transaction value, USD 1,432,500')
    _say(world, share, "The reserve is one-half the OPA 90 liability cap, USD 78,100,000, and 10% of the OPA 90 "
                       "liability cap: USD 15,620,000.")
    _say(world, wrong, "The OPA 90 liability cap is USD 150,000,000 - on our reading of the tonnage.")
    rows = checks_of_copy(world, ["amount_beside_label"]).checks[0].rows
    named = {r.artifact_id for r in rows}
    assert wrong["id"] in named, rows[:3]
    assert working["id"] not in named and share["id"] not in named, rows[:3]


def test_a_cell_whose_value_two_facts_share_counts_as_a_part_when_either_fact_is(published_legal, tmp_path):
    # A lower-of equal to one of its inputs (business interruption payable = its sublimit) puts one value under
    # two facts; the total that adds the payable is over its parts, whichever name the value is read under.
    import duckdb
    from worldsmith.worlds.validate import load_checks, run_checks

    store = tmp_path / "world.duckdb"
    shutil.copyfile(published_legal / "world.duckdb", store)
    part = next(f for f in _plan(published_legal)["facts"] if f["id"] == "nrd_claimed")
    con = duckdb.connect(str(store))
    con.execute("insert into facts (id, statement, type, text, value_num, currency, label) values ('nrd_twin', 'A twin.', 'money', 'twin', ?, ?, "
                "'a fact that happens to share the value')", [float(part["value"]["amount"]), part["value"]["currency"]])
    con.execute("insert into fact_values (fact_id, since, text, value_num) values ('nrd_twin', date '2000-01-01', 'twin', ?)",
                [float(part["value"]["amount"])])
    con.close()
    check = [c for c in load_checks() if c.id == "total_only_over_parts"]
    assert run_checks(store, check).checks[0].rows == []


def test_a_label_in_capitals_broken_over_lines_is_still_read_beside_its_amount(world):
    # issue 22: amount_beside_label squashes only the texts that hold a label's first word; the test for it
    # reads the text as written (lower-cased), so a label in capitals across a line break still counts.
    email = _email_on(world, after=dt.date.fromisoformat(_fact(world, "liability_cap")["known_from"]))
    _say(world, email, "For the file, the OPA 90\nLIABILITY   CAP is USD 150,000,000 on our numbers.")
    rows = checks_of_copy(world, ["amount_beside_label"]).checks[0].rows
    assert email["id"] in {r.artifact_id for r in rows}, rows[:3]


def test_a_superseded_draft_may_show_the_input_its_wrong_figure_was_worked_from(published_legal, tmp_path):
    # An unseen outline's lien draft took the holdback on the wrong base: its sheet showed that holdback beside the
    # holdback's label, and amount_beside_label quarantined the world on the draft's own working. A labelled draft
    # may give any value for a direct input of its distractor's fact; the same row in a current file is caught.
    import duckdb
    from worldsmith.worlds.validate import load_checks, run_checks

    store = tmp_path / "world.duckdb"
    shutil.copyfile(published_legal / "world.duckdb", store)
    con = duckdb.connect(str(store))
    draft, formula = con.execute("select x.id, f.formula from distractors x join facts f on f.id = x.fact "
                                 "where f.formula is not null order by x.id limit 1").fetchone()
    label = con.execute("select label from facts where type = 'money' and label is not null and length(label) >= 4 "
                        "and regexp_matches(?, '\\b' || id || '\\b') order by id limit 1", [formula]).fetchone()
    assert label is not None, formula  # (the example's drafted cap is worked from a money input with a label)
    drafted = con.execute("select id, path from artifacts where distractor = ? order by id limit 1", [draft]).fetchone()
    current = con.execute("select id, path from artifacts where distractor is null and kind = 'document' order by id "
                          "limit 1").fetchone()
    for artifact_id, path in (drafted, current):
        con.executemany("insert into cells (artifact_id, path, sheet_name, row, col, value_type, value_text, value_num,"
                        " number_format) values (?, ?, 'Working', 90, ?, ?, ?, ?, ?)",
                        [[artifact_id, path, 1, "text", label[0], None, None],
                         [artifact_id, path, 2, "number", None, 1234567.0, "#,##0.00"]])
    con.close()
    check = [c for c in load_checks() if c.id == "amount_beside_label"]
    named = {r.artifact_id for r in run_checks(store, check).checks[0].rows}
    assert current[0] in named and drafted[0] not in named, named

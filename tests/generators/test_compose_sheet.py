"""The offline sheet composer: exact rows, typed fact cells, fitting columns, a valid sheet name."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from worldsmith.generators.compose.bank import bank
from worldsmith.generators.kinds.spreadsheet.compose import compose_sheet
from worldsmith.generators.kinds.spreadsheet.compose import layout_of, sheet_name
from tests.generators.context_fixture import ALL_FACTS, CAP, DEADLINE, DECISION, FEE, MILO, RATE, TONNES, CLAUSE, person, sheet_context
from worldsmith.worlds.content import SheetContent

TITLES = ("Schedule of damages", "Claims tracker", "Cap computation", "QoE adjustments", "Information request list",
          "Fee budget", "Project timeline", "Miscellaneous workings")
_DIRTY = re.compile(r"[{}\[\]]|lorem|ipsum|\btodo\b|as an ai", re.IGNORECASE)


def _cells_of(sheet: SheetContent, type_: str) -> list:
    idx = [i for i, c in enumerate(sheet.columns) if c.type == type_]
    return [row[i] for row in sheet.rows for i in idx]


def test_rows_are_exactly_the_spec_and_every_row_is_full_width():
    for title in TITLES:
        for rows in (2, 5, 17, 60):
            sheet = compose_sheet(sheet_context(title, rows=rows, seed=rows))
            if layout_of(title) == "requests":
                # a request list asks for each document once: never padded past what such a list asks for
                assert min(rows, 10) <= len(sheet.rows) <= rows and len({r[1] for r in sheet.rows}) == len(sheet.rows)
                assert not any(str(r[1]).endswith(("(supporting detail)", "(updated version)")) for r in sheet.rows)
            elif bank("sheets")["layouts"][layout_of(title)].get("figures_only"):
                # a sheet of no named kind, or a computation, damages schedule or bridge no skeleton laid out, holds
                # its figures and nothing made up around them (read 16 and 17; read 25: 'rows such as "Escrow
                # holdback", "Uplift" and "Deductible", each at 50, have nothing to do with a CMR limit')
                ctx = sheet_context(title, rows=rows, seed=rows)
                assert len(sheet.rows) == len(ctx.facts)
            else:
                assert len(sheet.rows) == rows
            assert all(len(r) == len(sheet.columns) for r in sheet.rows)


def test_each_fact_is_a_typed_cell():
    for title in TITLES:
        for rows in (2, 8):
            sheet = compose_sheet(sheet_context(title, rows=rows, facts=ALL_FACTS + [FEE, DECISION]))
            if layout_of(title) == "requests":  # a request list confirms each fact as written, in its Detail column
                details = [c for c in _cells_of(sheet, "text") if isinstance(c, str)]
                assert all(any(f.text in c for c in details) for f in ALL_FACTS + [FEE, DECISION])
                continue
            assert float(CAP.value.amount) in _cells_of(sheet, "money")
            assert float(FEE.value.amount) in _cells_of(sheet, "money")
            assert 7.5 in _cells_of(sheet, "percent")
            assert float(TONNES.value.value) in _cells_of(sheet, "number")
            assert DEADLINE.value.value.isoformat() in _cells_of(sheet, "date")
            texts = [c for c in _cells_of(sheet, "text") if isinstance(c, str)]
            assert any(CLAUSE.text in c for c in texts) and any(DECISION.text in c for c in texts)


def test_cells_match_their_column_types():
    sheet = compose_sheet(sheet_context("Schedule of damages", rows=12))
    for row in sheet.rows:
        for col, cell in zip(sheet.columns, row):
            if cell is None:
                continue
            if col.type in ("money", "number", "percent"):
                assert isinstance(cell, (int, float)), (col.name, cell)
            elif col.type == "date":
                dt.date.fromisoformat(cell)
            else:
                assert isinstance(cell, str)


def test_random_dates_are_on_or_before_the_sheet_date():
    ctx = sheet_context("Fee budget", rows=30, facts=[CAP, RATE])
    sheet = compose_sheet(ctx)
    dates = [dt.date.fromisoformat(d) for d in _cells_of(sheet, "date") if d]
    assert dates and all(d <= ctx.spec.date for d in dates)


def test_columns_fit_the_title_and_money_is_totalled_unless_it_holds_a_ledger_amount():
    fees = compose_sheet(sheet_context("Fee budget", facts=[CLAUSE]))
    assert [c.name for c in fees.columns][:5] == ["Date", "Timekeeper", "Description", "Hours", "Amount"]
    assert any(c.type == "money" and c.total for c in fees.columns)
    # the cap among invented rows: a Total over that column would add a ledger amount to non-parts
    with_cap = compose_sheet(sheet_context("Fee budget", facts=[CAP]))
    held = [i for i, c in enumerate(with_cap.columns) if any(r[i] == float(CAP.value.amount) for r in with_cap.rows)]
    assert held and not any(with_cap.columns[i].total for i in held)
    tracker = compose_sheet(sheet_context("Claims tracker", facts=[CLAUSE]))
    assert [c.name for c in tracker.columns][:4] == ["Item", "Owner", "Status", "Due"]
    assert layout_of("Cap computation") == "cap" and layout_of("QoE adjustments") == "qoe"
    assert layout_of("Information request list") == "requests" and layout_of("Timeline") == "schedule"


def test_currency_comes_from_the_money_facts():
    eur = CAP.model_copy(update={"value": CAP.value.model_copy(update={"currency": "EUR"}), "text": "EUR 98,400,000"})
    assert compose_sheet(sheet_context(facts=[eur])).currency == "EUR"
    assert compose_sheet(sheet_context(facts=[RATE])).currency == "USD"


def test_sheet_name_is_short_and_legal():
    assert sheet_name("Schedule of damages") == "Schedule of damages"
    long = sheet_name("Quality of earnings [draft]: adjustments and normalisation bridge")
    assert len(long) <= 31 and not re.search(r"[\[\]:*?/\\]", long)
    # cut where the title's head ends, never on a word that leads into what was cut (blind read 13: printed
    # headers "Daily discrepancy log with", "Claim comparison Quorvex's")
    assert sheet_name("Daily discrepancy log with rectification estimates - April 4") == "Daily discrepancy log"
    assert sheet_name("Claim comparison - Quorvex's claim, revised claim and Tessaline's offer") == "Claim comparison"
    for title in ("Data room request list: Project Cindermill and its subsidiaries", "Excluded account listing with "
                  "leavers, duplicates and integration accounts of Tessaline"):
        name = sheet_name(title)
        assert len(name) <= 31 and not re.search(r"\b(with|and|of|Project)$", name), name


def test_notes_name_the_preparer_and_a_draft_says_it_is_a_draft_not_that_it_is_superseded():
    # blind read 35b: 'a "calculation" draft ... annotated as superseded in its own cells' the day it is first made;
    # the label is the workbook description's (distractor_labelled reads it there), the cells say what the draft is
    label = ("superseded calculation draft v1 of March 25, 2026: left out the store managers' annualised wage "
             "shortfall")
    sheet = compose_sheet(sheet_context("Cap computation", distractor_label=label))
    assert 1 <= len(sheet.notes) <= 3
    said = " ".join(sheet.notes).lower()
    assert "calculation draft v1 of march 25, 2026" in said
    assert "superseded" not in said and "left out" not in said and "not the current position" not in said
    for seed in range(10):
        assert "Milo Fenwick" in " ".join(compose_sheet(sheet_context(seed=seed)).notes)


def test_no_dirty_text_anywhere():
    for title in TITLES:
        sheet = compose_sheet(sheet_context(title, rows=20))
        strings = [sheet.title, sheet.sheet_name, *sheet.notes, *(c.name for c in sheet.columns),
                   *(c for r in sheet.rows for c in r if isinstance(c, str))]
        assert not any(_DIRTY.search(s) for s in strings), title


def test_same_context_same_sheet_and_seeds_differ():
    ctx = sheet_context(seed=4)
    assert compose_sheet(ctx) == compose_sheet(ctx.model_copy(deep=True))
    assert compose_sheet(ctx).rows != compose_sheet(sheet_context(seed=5)).rows


def _labels_and_categories(ctx):
    sheet = compose_sheet(ctx)
    names = [c.name for c in sheet.columns]
    return [(r[names.index("Request")], r[names.index("Category")]) for r in sheet.rows]


def test_a_request_list_asks_for_what_its_matter_needs_each_item_under_its_own_heading():
    """Blind read 8: a hospital audit's request list asked for an 'IP register 2' and a 'Customer list 7', filed
    under headings drawn at random."""
    audit = sheet_context("Information request list", rows=40, facts=[]).model_copy(update={
        "world_title": "St Aldric Health System: inpatient revenue-cycle review",
        "world_summary": "A Medicare overpayment review of inpatient claims."})
    rows = _labels_and_categories(audit)
    labels = [label for label, _ in rows]
    assert any("remittance" in label or "Chargemaster" in label for label in labels)
    assert not any(w in label for label in labels for w in ("IP register", "Customer", "Audited accounts"))
    assert not any(re.search(r"\s\d+$", label) for label in labels)  # a second ask says what it asks, not a number
    heading: dict[str, set] = {}
    for label, category in rows:
        heading.setdefault(re.sub(r" \([a-z -]+\)$", "", label), set()).add(category)
    assert all(len(c) == 1 for c in heading.values()), heading


def test_a_medicare_matters_claim_sample_holds_medicare_claims_only():
    ctx = sheet_context("Claim sample with audit results", rows=30, facts=[]).model_copy(update={
        "world_title": "St Aldric Health System: inpatient revenue-cycle review",
        "world_summary": "A Medicare overpayment review of inpatient claims."})
    sheet = compose_sheet(ctx)
    payer = [c.name for c in sheet.columns].index("Payer")
    assert {r[payer] for r in sheet.rows} == {"Medicare"}


def test_a_tracker_lists_its_teams_papers_and_no_stock_tasks():
    from worldsmith.generators.context import PaperDue

    ctx = sheet_context("Litigation calendar and actions", rows=12, facts=[DEADLINE])
    day = ctx.spec.date
    papers = [PaperDue(title="Draft answer and defenses", by="Dana", maker="Dana Okafor", day=day + dt.timedelta(days=5)),
              PaperDue(title="Memo re the limit", by="Milo", maker="Milo Fenwick", day=day - dt.timedelta(days=9))]
    sheet = compose_sheet(ctx.model_copy(update={"side_papers": papers}))
    labels = [r[0] for r in sheet.rows]
    assert "Draft answer and defenses" in labels and "Memo re the limit" in labels
    assert not set(labels) & set(bank("sheets")["layouts"]["tracker"]["items"])  # no "Book call", "Check calendar"
    status = {r[0]: r[2] for r in sheet.rows}
    assert status["Memo re the limit"] == "Done" and status["Draft answer and defenses"] != "Done"


@pytest.mark.parametrize("title", ["Litigation calendar and actions", "Review log of hot documents",
                                   "Investor call log"])
def test_a_text_fact_in_a_list_of_work_keeps_its_text_in_a_cell(title):
    """An unseen outline's review log and call log (tracker layouts) lost their text facts: the fact's row blanked its
    Notes cell, where a text fact is put, and planned_fact_present quarantined the world."""
    from worldsmith.generators.context import PaperDue

    ctx = sheet_context(title, rows=12, facts=[DEADLINE, CLAUSE, DECISION])
    day = ctx.spec.date
    papers = [PaperDue(title="Memo re the limit", by="Milo", maker="Milo Fenwick", day=day - dt.timedelta(days=9))]
    sheet = compose_sheet(ctx.model_copy(update={"side_papers": papers}))
    cells = {c for r in sheet.rows for c in r}
    assert {"Clause 14.2 of the charterparty", "settlement between USD 40m and USD 55m"} <= cells
    # a calendar of the team's work lists its papers; a log of things (hot documents, calls) does not (blind read 27:
    # 'a hot documents log that lists the firm's own deliverables', test_sheets_counted.py)
    assert ("Memo re the limit" in cells) == (title == "Litigation calendar and actions")


def _org_ctx(title: str, author_role: str, rows: int = 16, **spec_update):
    """A sheet context whose author is of an organisation with a role (a client's, an adviser's)."""
    from worldsmith.generators.context import OrgRef

    ctx = sheet_context(title, rows=rows, facts=[])
    orgs = [OrgRef(name="Brightmere Advisory", role=author_role, privileged=True),
            OrgRef(name="Harrow Vane LLP", role="counsel to the other side", privileged=False)]
    return ctx.model_copy(update={"organisations": orgs, "spec": ctx.spec.model_copy(update=spec_update)})


def test_a_clients_sheet_names_the_system_that_holds_its_figures_and_a_series_keeps_one_source():
    """Blind read 13: unbilled patient receivables sourced to "accounts payable records"; a charterer's daily
    removal-cost log (costs the owner incurs) "from accounts payable records", its source changing each day."""
    from worldsmith.generators.kinds.spreadsheet.compose import source_of

    for seed in range(12):
        ctx = _org_ctx("Unbilled patient receivables aging", "client (the hospital)")
        source = source_of(ctx.model_copy(update={"seed": seed}), True)
        assert "payable" not in source and ("patient accounting" in source or "billing" in source)
    days = [dt.date(2026, 3, d) for d in (3, 4, 10, 17, 24)]
    sources = {source_of(_org_ctx(f"Daily removal-cost log - {d:%B} {d.day}", "client (charterer)",
                                  date=d, rolls_up_to="removal_costs"), True).replace(f"{d:%B} {d.day}, 2026", "DAY")
               for d in days}
    assert len(sources) == 1, sources
    assert not any(w in next(iter(sources)) for w in ("payable", "finance", "management information"))


def test_a_request_lists_owners_spread_over_the_side_asked_and_a_fresh_request_is_not_closed():
    """Blind read 13: "all 16 items are owned by Angela Long", and medical records "requested and 'Closed' the
    same day"."""
    ctx = _org_ctx("Information request list", "client", rows=16)
    others = [person(f"p{i}", first, "Long" if i == 0 else "Miller", "Manager", "Harrow Vane LLP", "harrowvane.example",
                     "+1 202 555 0150") for i, first in enumerate(["Angela", "Joseph", "Nora"])]
    ctx = ctx.model_copy(update={"to": [others[0]], "cast": [MILO, *others]})
    for seed in range(6):
        sheet = compose_sheet(ctx.model_copy(update={"seed": seed}))
        names = [c.name for c in sheet.columns]
        owners = [r[names.index("Owner")] for r in sheet.rows]
        assert len(set(owners)) > 1 and set(owners) <= {p.name for p in others}
        for r in sheet.rows:
            asked = dt.date.fromisoformat(r[names.index("Requested")])
            if (ctx.spec.date - asked).days < 4:
                assert r[names.index("Status")] in ("Open", "Outstanding", "Requested"), r
            if (ctx.spec.date - asked).days < 14:
                assert r[names.index("Status")] != "Closed", r


def test_an_account_listing_lists_accounts_not_ledger_rows():
    """Blind read 13: an "Excluded account listing" of "generic ledger rows ('Credit note 2', 'Refund 4', total
    5,013,750) ... It lists no accounts."""
    assert layout_of("Excluded account listing") == "accounts"
    sheet = compose_sheet(sheet_context("Excluded account listing", rows=30, facts=[TONNES]))
    labels = [r[0] for r in sheet.rows]
    assert not any(re.match(r"(Credit note|Refund|Invoice|Accrual|Opening balance)\b", str(x)) for x in labels)
    assert sum(bool(re.fullmatch(r"[a-z][a-z.\-]*\d*|svc-[a-z]+-\d\d", str(x))) for x in labels) >= 25
    assert not any(c.type == "money" for c in sheet.columns)  # no invented amounts beside accounts
    names = [c.name for c in sheet.columns]
    day = sheet_context().spec.date
    for r in sheet.rows:
        status, login = r[names.index("Status")], r[names.index("Last login")]
        assert status != "Active"  # an excluded listing lists no active login
        assert (status == "Service account") == str(r[0]).startswith("svc-"), r
        if status and status.startswith(("Inactive", "Leaver")):
            assert (day - dt.date.fromisoformat(login)).days > 90, r


def test_a_log_of_costs_another_party_claims_says_that_party_submitted_them_and_a_party_keeps_its_own_books():
    """Blind read 13: the charterer's removal-cost log "implies Ostrander paid the contractors Kestrel Bay is
    claiming for"; "Prepared by Gerald Jarvis (Corrib) from client records", but Gerald is the client."""
    from worldsmith.generators.context import OrgRef
    from worldsmith.generators.kinds.spreadsheet.compose import _keeps_own_books, source_of

    ctx = _org_ctx("Daily removal-cost log - March 3", "client; voyage charterer", date=dt.date(2026, 3, 3),
                   rolls_up_to="removal_costs")
    ctx = ctx.model_copy(update={
        "world_summary": "The vessel spilled crude. Harrow Vane LLP acts for Brightmere. Kestrel Bay Tankers demands "
                         "35% contribution toward USD 174,250,000 of removal costs and other claims.",
        "organisations": [*ctx.organisations, OrgRef(name="Kestrel Bay Tankers Ltd.", role="registered owner; the "
                                                     "responsible party")]})
    source = source_of(ctx, True)
    assert source.endswith("as submitted by Kestrel Bay Tankers Ltd.") and "payable" not in source
    notes = " ".join(compose_sheet(ctx.model_copy(update={"facts": []})).notes)
    assert ".." not in notes
    lessor = _org_ctx("Redelivery cost log", "aircraft operating lessor and claimant")
    assert _keeps_own_books(lessor)
    assert not _keeps_own_books(_org_ctx("Redelivery cost log", "technical consultants retained by counsel"))


def test_a_days_log_says_its_total_carries_into_the_running_total_of_what_is_claimed():
    """Blind read 13: a daily discrepancy log with "no link to the USD 412,500 claim line"."""
    from worldsmith.worlds.content import SheetColumn
    from worldsmith.worlds.plan import SheetSkeleton, SheetLine

    ctx = sheet_context("Daily removal-cost log - March 3", rows=3, facts=[])
    line = SheetLine(cells=["Total for the day", 1000.0], role="total")
    skeleton = SheetSkeleton(layout="log", label=0, amount=1, currency="USD", columns=[SheetColumn(name="Item", type="text"),
                                                      SheetColumn(name="Amount", type="money")],
                             lines=[line], bottom=0)
    day = dt.date(2026, 3, 3)
    spec = ctx.spec.model_copy(update={"rolls_up_to": "removal_costs", "skeleton": skeleton, "date": day})
    notes = compose_sheet(ctx.model_copy(update={"spec": spec})).notes
    assert any("March 3, 2026" in n and "running total of the removal costs" in n for n in notes), notes
    notes = compose_sheet(ctx.model_copy(update={"spec": spec.model_copy(update={"rolls_up_to": None})})).notes
    assert not any("running total" in n for n in notes)


def test_a_law_firms_sheet_is_not_compiled_from_management_information():
    # read 16: a litigation calendar and a diligence issues list 'compiled by' counsel 'from management information'
    from worldsmith.generators.kinds.spreadsheet.compose import source_of

    def sources(occupation: str) -> set[str]:
        names = [a + b for a in "bcdfgh" for b in ("ar", "el", "ion", "ust", "ope", "ix", "ora")]
        return {source_of(_org_ctx(f"Litigation calendar {n}", "counsel to the defendant", occupation=occupation),
                          False) for n in names}

    assert not [s for s in sources("23-1011") if "management information" in s]
    assert [s for s in sources("13-2011") if "management information" in s]  # an accountant's own word for it


def test_a_calendar_lists_the_day_of_an_event_with_no_owner_and_a_deadline_as_a_task():
    # read 16: a litigation calendar 'lists "The date of the casualty" as a Done task owned by Edward'
    from tests.generators.context_fixture import fact
    from worldsmith.worlds.values import DateValue

    casualty = fact("casualty_date", "The date of the casualty", DateValue(value=dt.date(2025, 2, 24)))
    from worldsmith.generators.context import PaperDue

    ctx = sheet_context("Litigation calendar and actions", rows=12, facts=[casualty, DEADLINE])
    papers = [PaperDue(title="Draft answer and defenses", by="Dana", maker="Dana Okafor",
                       day=ctx.spec.date + dt.timedelta(days=5))]
    sheet = compose_sheet(ctx.model_copy(update={"side_papers": papers}))
    cols = [c.name for c in sheet.columns]
    owner, status = cols.index("Owner"), cols.index("Status")
    event = next(r for r in sheet.rows if r[0] == "Casualty")
    assert event[owner] is None and event[status] in ("Past", "Scheduled")
    deadline = next(r for r in sheet.rows if "notice of claim" in str(r[0]))
    assert deadline[owner] and deadline[status] not in ("Past", "Scheduled")


def test_a_sheet_of_no_named_kind_holds_its_figures_and_no_stock_rows():
    # blind reads 16 and 17, the worst file both times: a superseded 'gross profit per day, first cut' of generic
    # Payment/Fee/Invoice rows and 'The waiting period | One-off | ... | 3250 | To review'
    ctx = sheet_context("DRAFT (superseded): gross profit per day, first cut", rows=8, facts=[FEE, TONNES])
    sheet = compose_sheet(ctx)
    assert len(sheet.rows) == 2
    stock = set(bank("sheets")["layouts"]["default"]["items"])
    assert not [r for r in sheet.rows if str(r[0]).split(" (")[0] in stock]
    cells = [c for r in sheet.rows for c in r if c is not None]
    assert float(FEE.value.amount) in cells and float(TONNES.value.value) in cells
    assert len(cells) == 4  # each row: its label and its figure, nothing invented beside them


def test_a_schedule_is_laid_out_from_the_columns_its_purpose_names():
    # blind read 17, the rent review's worst file twice: 'Comparable lettings schedule' came out as a five-row
    # milestone tracker pricing the principal comparable at 50.00, a figure found nowhere else; its purpose named
    # the columns 'address, floor, date, area, headline rent per sq ft, rent-free months, term, net effective rent'
    from worldsmith.generators.context import FactRef
    from worldsmith.worlds.values import Money, Text
    comparable = FactRef(
        id="comparable_evidence", label="principal comparable", value=Text(value="Quayside Point second floor"),
        text="Quayside Point second floor",
        statement="The closest comparable, the second floor of Quayside Point let in September 2025, shows a headline "
                  "rent of GBP 36.00 per sq ft but came with 24 months rent free on a 10-year term, a net effective "
                  "rent of GBP 28.80 per sq ft.")
    proposed = FactRef(id="landlord_rate", label="landlord's proposed rate per sq ft",
                       value=Money(amount=38.5, currency="GBP"), text="GBP 38.50",
                       statement="Greyfield Ashton's proposal of February 4, 2026 puts the open-market rent at GBP "
                                 "38.50 per sq ft, on the headline rents of three recent lettings.")
    ctx = sheet_context("Comparable lettings schedule: Quayside district offices", rows=12, facts=[comparable, proposed])
    purpose = ("One row per comparable letting (address, floor, date, area, headline rent per sq ft, rent-free "
               "months, term, net effective rent per sq ft), with the landlord's three comparables marked.")
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"purpose": purpose})})
    sheet = compose_sheet(ctx)
    names = [c.name.lower() for c in sheet.columns]
    assert names[0] == "address" and "headline rent per sq ft" in names and "net effective rent per sq ft" in names
    assert any(n.startswith("term") for n in names) and "rent-free months" in names
    row = next(r for r in sheet.rows if r[0] == "Quayside Point second floor")
    at = {n: i for i, n in enumerate(names)}
    assert row[at["headline rent per sq ft"]] == 36.0 and row[at["net effective rent per sq ft"]] == 28.8
    assert row[at["rent-free months"]] == 24.0 and row[at[next(n for n in names if n.startswith("term"))]] == 10.0
    assert row[at["area"]] is None  # no figure in the ledger: left for the reader, never drawn
    # every figure in the sheet is one the ledger's statements give: nothing made up (no 50.00, no milestones)
    figures = {c for r in sheet.rows for c in r if isinstance(c, float)}
    assert figures <= {36.0, 24.0, 10.0, 28.8, 38.5}
    assert not [r for r in sheet.rows if re.search(r"memo|minutes|kick-off", str(r[0]), re.I)]
    assert any("38.5" == str(c) for r in sheet.rows for c in r if isinstance(c, float))


def test_an_issues_list_the_engine_laid_out_lists_issues_with_the_columns_its_purpose_names():
    # blind read 17, buy-side: 'Titled an issues list, but it is a half QoE bridge with no issues, owners or status'
    from worldsmith.generators.skeleton import impose
    from worldsmith.worlds.plan import SheetLine, SheetSkeleton
    from worldsmith.worlds.content import SheetColumn

    sk = SheetSkeleton(layout="schedule", columns=[SheetColumn(name="Item"), SheetColumn(name="Value", type="number"),
                                                   SheetColumn(name="Basis")], label=0, amount=1, lines=[
        SheetLine(cells=["Escrow percentage", 0.075, None], role="input", fact="escrow", format="percent"),
        SheetLine(cells=["Capitalised development reversed", 900000, None], role="input", fact="cap", format="money"),
        SheetLine(cells=["Sale-process costs added back", 150000, None], role="input", fact="sale", format="money"),
        SheetLine(cells=["Net QoE adjustments", 750000, "cap - sale"], role="derived", fact="qoe", formula="{1}-{2}",
                  format="money"),
        SheetLine(cells=["Largest customer", None, "Ashgrove Process Industries"], role="key", fact="customer")])
    ctx = sheet_context("Diligence issues list: legal, financial and commercial", rows=45, facts=[FEE])
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={
        "skeleton": sk, "purpose": "Every open finding with its workstream, severity, proposed protection (price, "
                                   "indemnity, condition, W&I) and owner."})})
    sheet = impose(sk, compose_sheet(ctx))  # what is rendered: the engine's lines, with the writer's word columns
    names = [c.name for c in sheet.columns]
    # (and a Finding first among them, in words: read 21)
    assert names[0] == "Issue" and names[3:] == ["Finding", "Workstream", "Severity", "Proposed protection", "Owner"], \
        names
    at = {n: i for i, n in enumerate(names)}
    rows = {r[0]: r for r in sheet.rows}
    assert rows["Capitalised development reversed"][at["Proposed protection"]] == "Price"
    assert rows["Capitalised development reversed"][at["Workstream"]] == "Financial"
    assert rows["Largest customer"][at["Workstream"]] == "Commercial"
    assert all(r[at["Owner"]] for r in sheet.rows)
    # the engine's figures and formulas stay where they were, and the added columns hold no figure
    assert [r[1] for r in sheet.rows] == [ln.cells[1] for ln in sk.lines]
    assert not any(isinstance(c, (int, float)) for r in sheet.rows for c in r[3:])
    # a writer's number in an added column is not trusted: the columns are dropped
    bad = compose_sheet(ctx)
    bad = bad.model_copy(update={"rows": [r[:3] + ["12,000"] + r[4:] for r in bad.rows]})
    assert len(impose(sk, bad).columns) == 3


def test_a_computation_holds_only_its_figures_each_with_its_basis():
    """Blind read 25 (cmr-theft): 'rows such as "Escrow holdback", "Uplift" and "Deductible", each at 50, have
    nothing to do with a CMR limit'; and the tanker's 'the Basis column is empty'."""
    cap = CAP.model_copy(update={"paper": "the charterparty", "paper_day": dt.date(2024, 11, 4)})
    for title in ("Cap computation", "Schedule of damages", "QoE adjustments"):
        sheet = compose_sheet(sheet_context(title, rows=8, facts=[cap, RATE]))
        assert len(sheet.rows) == 2, (title, sheet.rows)
        money = [c for c in _cells_of(sheet, "money") if c is not None]
        assert money == [float(CAP.value.amount)], (title, money)
    sheet = compose_sheet(sheet_context("Cap computation", rows=8, facts=[cap, RATE]))
    basis = [i for i, c in enumerate(sheet.columns) if c.name == "Basis"]
    row = next(r for r in sheet.rows if float(CAP.value.amount) in r)
    assert basis and row[basis[0]].startswith("The charterparty, November 4, 2024"), sheet.rows


def test_a_request_about_a_figure_no_paper_sets_out_yet_is_not_received():
    """Blind read 25 (hospital): 'Source documents for the probe sample marked Received a day before the plan agrees
    the selection': a request's status follows the ledger's dates, not the Detail the list gives."""
    coming = TONNES.model_copy(update={"paper": "", "coming_paper": "Sampling plan", "coming_day": dt.date(2025, 3, 21)})
    for seed in range(12):
        sheet = compose_sheet(sheet_context("Information request list", rows=12, seed=seed, facts=[coming, CAP]))
        status = [c.name for c in sheet.columns].index("Status")
        row = next(r for r in sheet.rows if any(isinstance(c, str) and coming.text in c for c in r))
        assert row[status] not in ("Received", "Closed", "Partially received"), (seed, row)


def test_the_source_note_names_the_papers_that_carry_the_facts():
    """Blind read 25 (tanker): 'the source is given as "the matter file"': an adviser's sheet names the papers its
    facts are read from."""
    cap = CAP.model_copy(update={"paper": "Charterparty: MV Corvale", "paper_day": dt.date(2024, 11, 4)})
    for seed in range(6):
        notes = " ".join(compose_sheet(sheet_context("Claims tracker", seed=seed, facts=[cap, RATE])).notes)
        assert "Charterparty: MV Corvale, dated November 4, 2024" in notes and "matter file" not in notes, notes


def test_a_long_source_list_counts_the_papers_it_leaves_out():
    """A sheet whose rows cite no papers says how many more its source note leaves out, not 'the other papers cited'
    (my seed-97 read of a claim schedule)."""
    facts = [f.model_copy(update={"paper": f"Paper {i}", "paper_day": dt.date(2025, 1, i + 1)})
             for i, f in enumerate([CAP, FEE, RATE, TONNES, DEADLINE])]
    twice = facts[:4] + [f.model_copy(update={"paper": f"Paper {i}", "paper_day": dt.date(2025, 1, i + 1)})
                         for i, f in ((4, FEE),)]
    notes = " ".join(compose_sheet(sheet_context("Claims tracker", facts=twice)).notes)
    assert "2 other papers of the matter" in notes and "papers cited" not in notes, notes
    notes = " ".join(compose_sheet(sheet_context("Claims tracker", facts=facts[:4])).notes)
    assert "and 1 other paper of the matter" in notes, notes  # (my seed-97 read: 'and 1 other papers')


def test_a_sheet_of_figures_is_prepared_from_the_papers_of_its_figures_not_of_its_dates():
    """Blind read 35b (de-gmbh at seed 35): a leakage review 'prepared ... from Non-binding offer', the offer that gave
    its locked box date, 'rather than from bank statements or the SPA'."""
    cap = CAP.model_copy(update={"paper": "Charterparty", "paper_day": dt.date(2024, 11, 4)})
    day = DEADLINE.model_copy(update={"paper": "Non-binding offer", "paper_day": dt.date(2024, 11, 1)})
    for seed in range(4):
        notes = " ".join(compose_sheet(sheet_context("Claims tracker", seed=seed, facts=[cap, day])).notes)
        assert "Charterparty" in notes and "Non-binding offer" not in notes, notes


def test_a_fact_row_is_named_without_an_article():
    """My seed-97 read (bi-claim, a first-cut draft): rows 'The lost gross profit per day', 'The waiting period'; a
    ledger line is named 'Lost gross profit per day'."""
    sheet = compose_sheet(sheet_context("Cap computation", facts=[CAP, RATE]))
    labels = [r[0] for r in sheet.rows]
    assert "Liability cap under the charter" in labels and not any(str(x).startswith("The ") for x in labels), labels

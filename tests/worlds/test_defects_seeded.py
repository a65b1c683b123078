"""Seeded defects: build a real world from tests/fixtures/mini.yaml, then break its files one way at a time.

`build_clean(root)` renders the mini world with the plain pipeline functions (offline backend, seed 0)
into root/clean; `DEFECTS[name](bundle)` breaks one thing in a copy of it, editing the files an agent
would read (and plan.json where the defect is a planning one), and returns the artifact id or path
the check must name.
"""

from __future__ import annotations

import datetime as dt
import json
import mailbox
import re
import shutil
import zipfile
from email.utils import format_datetime
from pathlib import Path
from typing import Callable

import docx
import openpyxl

from worldsmith.flows import pipeline
from worldsmith.generators.backends.offline import OfflineBackend

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "mini.yaml"

# The mini world, as the planner lays it out with seed 0: one thread of four messages (a new message,
# two replies, a forward), a memo citing a sheet, the sheet, and a superseded draft of the memo.
M1, M2, M3, M4 = (f"liability_cap_first_view-m{i}" for i in range(1, 5))
MEMO, SHEET, DRAFT = "memo_re_limitation_of_liability", "liability_cap_computation", "memo_re_limitation_of_liability_2"


# A tracker of invented fees beside the ledger's sheets: a Total row whose column holds no ledger amount,
# for the defects of hand-typed and stale totals (a sheet holding a ledger amount has no such Total).
FEES = "fee_budget_and_invoices"
FEE_ITEM = """      - kind: spreadsheet
        title: Fee budget and invoices
        author: associate
        date: 2026-03-11
        facts: [spill_date]
        rows: 6
"""


def build_clean(root: Path) -> Path:
    """Render the mini world, with its fee tracker, into root/clean (plan.json and room/) and return the bundle."""
    backend = OfflineBackend()
    outline = root / "mini.yaml"
    outline.write_text(MINI.read_text(encoding="utf-8").replace("distractors:\n", FEE_ITEM + "distractors:\n", 1),
                       encoding="utf-8")
    prepared = pipeline.prepare(outline, 0, backend)
    plan = pipeline.make_plan(prepared)
    contents = pipeline.generate(plan, prepared.taxonomy, backend)
    bundle = root / "clean"
    bundle.mkdir(parents=True)
    pipeline.render(plan, contents, bundle)
    return bundle


def copy_bundle(clean: Path, target: Path) -> Path:
    """A private copy of a bundle to break."""
    shutil.copytree(clean, target)
    return target


# ---------------------------------------------------------------- finding and editing files


def plan_of(bundle: Path) -> dict:
    """plan.json as a dict."""
    return json.loads((bundle / "plan.json").read_text(encoding="utf-8"))


def artifact(bundle: Path, artifact_id: str) -> dict:
    """One artifact of the plan."""
    return next(a for a in plan_of(bundle)["artifacts"] if a["id"] == artifact_id)


def person(bundle: Path, person_id: str) -> dict:
    """One person of the plan."""
    return next(p for p in plan_of(bundle)["people"] if p["id"] == person_id)


def file_of(bundle: Path, artifact_id: str) -> Path:
    """The file of an artifact."""
    return bundle / "room" / artifact(bundle, artifact_id)["path"]


def twin_of(bundle: Path, artifact_id: str) -> Path:
    """The Markdown or CSV twin of a document or sheet."""
    path = file_of(bundle, artifact_id)
    return path.with_suffix(".md" if path.suffix == ".docx" else ".csv")


def _split(data: bytes) -> tuple[list[str], str]:
    """Unfolded header lines and the body of a message the renderer wrote (7bit or 8bit text)."""
    head, _, body = data.decode("utf-8").partition("\n\n")
    lines: list[str] = []
    for line in head.split("\n"):
        if line[:1] in (" ", "\t") and lines:
            lines[-1] += line
        else:
            lines.append(line)
    assert not any(l.lower().startswith("content-transfer-encoding: quoted") for l in lines)
    return lines, body


def sync_mailboxes(path: Path, message_id: str) -> None:
    """Write an edited .eml into every mailbox copy of it, as a faithful edit of a message would (so that
    a seeded defect is caught by its own check, not only by message_copies_agree)."""
    room = next(p for p in path.parents if p.name == "room")
    data = path.read_bytes()
    for mbox_path in sorted((room / "Mailboxes").glob("*.mbox")):
        box = mailbox.mbox(mbox_path)
        box.lock()
        try:
            for key in box.keys():
                msg = box.get_message(key)
                if (msg["Message-ID"] or "").strip() == message_id:
                    box[key] = b"From " + msg.get_from().encode() + b"\n" + data
            box.flush()
        finally:
            box.unlock()
            box.close()


def set_header(path: Path, name: str, value: str) -> None:
    """Replace one header of an .eml (written unfolded: a line under 998 octets is valid), and its mailbox copies."""
    lines, body = _split(path.read_bytes())
    message_id = header(path, "Message-ID")
    key = name.lower() + ":"
    assert any(l.lower().startswith(key) for l in lines), name
    lines = [f"{name}: {value}" if l.lower().startswith(key) else l for l in lines]
    path.write_bytes(("\n".join(lines) + "\n\n" + body).encode("utf-8"))
    sync_mailboxes(path, message_id)


def header(path: Path, name: str) -> str:
    """One header of an .eml, unfolded."""
    lines, _ = _split(path.read_bytes())
    return next(l.split(":", 1)[1].strip() for l in lines if l.lower().startswith(name.lower() + ":"))


_HISTORY = re.compile(r"^(On .+ wrote:|-{5,}\s*(?:Forwarded|Original) [Mm]essage\s*-{5,})\s*$", re.MULTILINE)


def edit_new_text(path: Path, edit: Callable[[str], str]) -> None:
    """Rewrite the sender's own text of an .eml (and its mailbox copies), leaving its quoted or forwarded history alone."""
    lines, body = _split(path.read_bytes())
    m = _HISTORY.search(body)
    own, rest = (body[:m.start()], body[m.start():]) if m else (body, "")
    new = edit(own)
    assert new != own, "the edit changed nothing"
    message_id = header(path, "Message-ID")
    path.write_bytes(("\n".join(lines) + "\n\n" + new + rest).encode("utf-8"))
    sync_mailboxes(path, message_id)


def replace_lines(text: str, old: set[str], new: str) -> str:
    """Every line whose stripped text is in old, replaced by new."""
    return "\n".join(new if line.strip() in old else line for line in text.split("\n"))


def mail_date(moment: dt.datetime) -> str:
    """A Date header value."""
    return format_datetime(moment)


def sent_at(bundle: Path, artifact_id: str) -> dt.datetime:
    """The planned sending time of a message."""
    return dt.datetime.fromisoformat(artifact(bundle, artifact_id)["sent_at"])


def edit_plan(bundle: Path, edit: Callable[[dict], None]) -> None:
    """Change plan.json in place."""
    plan = plan_of(bundle)
    edit(plan)
    (bundle / "plan.json").write_text(json.dumps(plan, indent=2), encoding="utf-8")


def add_paragraph(bundle: Path, artifact_id: str, text: str) -> None:
    """Append one paragraph to a .docx and to its Markdown twin alike, so the twins still agree."""
    path = file_of(bundle, artifact_id)
    d = docx.Document(str(path))
    d.add_paragraph(text)
    d.save(str(path))
    md = twin_of(bundle, artifact_id)
    md.write_text(md.read_text(encoding="utf-8").rstrip("\n") + "\n\n" + text + "\n", encoding="utf-8")


def replace_in_document(bundle: Path, artifact_id: str, old: str, new: str, twin: bool = True,
                        margins: bool = False) -> None:
    """Replace text in every paragraph and table cell of a .docx (and its header and footer, and its twin)."""
    path = file_of(bundle, artifact_id)
    d = docx.Document(str(path))
    paragraphs = list(d.paragraphs) + [p for t in d.tables for row in t.rows for c in row.cells for p in c.paragraphs]
    if margins:
        paragraphs += [p for s in d.sections for part in (s.header, s.footer) for p in part.paragraphs]
    hits = 0
    pattern = re.compile(re.escape(old), re.IGNORECASE)
    for p in paragraphs:
        if pattern.search(p.text):
            p.text = pattern.sub(new, p.text)
            hits += 1
    assert hits, f"{old!r} is not in {path.name}"
    d.save(str(path))
    if twin:
        md = twin_of(bundle, artifact_id)
        md.write_text(pattern.sub(new, md.read_text(encoding="utf-8")), encoding="utf-8")


def total_cell(sheet: openpyxl.worksheet.worksheet.Worksheet) -> openpyxl.cell.Cell:
    """The first formula cell of the Total row."""
    return next(c for row in sheet.iter_rows() for c in row if c.data_type == "f")


# ---------------------------------------------------------------- the defects


def wrong_sender_domain(b: Path) -> str:
    path = file_of(b, M3)
    name, address = re.match(r"(.*) <(.*)>", header(path, "From")).groups()
    set_header(path, "From", f"{name} <{address.split('@')[0]}@quillfeather-llp.example>")
    return M3


def someone_else(b: Path, artifact_id: str) -> dict:
    """A person of the cast of the same organisation as the artifact's author, not the author."""
    me = person(b, artifact(b, artifact_id)["author"])
    return next(p for p in plan_of(b)["people"] if p["id"] != me["id"] and p["organisation"] == me["organisation"])


def from_name_not_cast(b: Path) -> str:
    other = someone_else(b, M3)
    path = file_of(b, M3)
    address = re.match(r".* <(.*)>", header(path, "From")).group(1)
    set_header(path, "From", f"{other['name']} <{address}>")
    return M3


def signed_as_someone_else(b: Path) -> str:
    me, other = person(b, artifact(b, M3)["author"]), someone_else(b, M3)
    edit_new_text(file_of(b, M3), lambda t: replace_lines(t, {me["name"], me["first_name"]}, other["name"]))
    return M3


def unsigned(b: Path) -> str:
    me = person(b, "client_ceo")
    edit_new_text(file_of(b, M2), lambda t: replace_lines(t, {me["name"], me["first_name"]}, ""))
    return M2


def reply_before_parent(b: Path) -> str:
    set_header(file_of(b, M2), "Date", mail_date(sent_at(b, M1) - dt.timedelta(hours=1)))
    return M2


def thread_out_of_order(b: Path) -> str:
    set_header(file_of(b, M4), "Date", mail_date(sent_at(b, M1) - dt.timedelta(minutes=30)))
    return M4


def weekend_3am(b: Path) -> str:
    at = sent_at(b, M4)
    saturday = at + dt.timedelta(days=(5 - at.weekday()) % 7 or 7)
    set_header(file_of(b, M4), "Date", mail_date(saturday.replace(hour=3, minute=0, second=0)))
    return M4


def broken_in_reply_to(b: Path) -> str:
    set_header(file_of(b, M3), "In-Reply-To", "<no-such-message@quillfeather.example>")
    return M3


def recipient_dropped(b: Path) -> str:
    path = file_of(b, M1)
    dropped = person(b, "associate_2")["email"]
    kept = [a.strip() for a in header(path, "To").split(",") if dropped not in a]
    set_header(path, "To", ", ".join(kept))
    return M1


def subject_changed(b: Path) -> str:
    set_header(file_of(b, M2), "Subject", "Re: Lunch on Friday")
    return M2


def duplicated_email(b: Path) -> str:
    path = file_of(b, M2)
    shutil.copy(path, path.with_name("02 copy.eml"))
    return M2


def mailbox_lacks_message(b: Path) -> str:
    box = mailbox.mbox(b / "room" / "Mailboxes" / f"{person(b, 'client_ceo')['email']}.mbox")
    box.lock()
    box.remove(next(iter(box.keys())))
    box.flush()
    box.unlock()
    box.close()
    return f"Mailboxes/{person(b, 'client_ceo')['email']}.mbox"


def contradicting_amount(b: Path) -> str:
    wrong = next(d for d in plan_of(b)["distractors"] if d["id"] == "old_cap")["text"]
    add_paragraph(b, MEMO, f"On reflection the cap is {wrong}.")
    return MEMO


def distractor_unlabelled(b: Path) -> str:
    label = next(d for d in plan_of(b)["distractors"] if d["id"] == "old_cap")["label"]
    replace_in_document(b, DRAFT, label, "working paper", margins=True)
    return DRAFT


def missing_planned_file(b: Path) -> str:
    file_of(b, MEMO).unlink()
    return MEMO


def unplanned_file(b: Path) -> str:
    (b / "room" / "Memos" / "scratch notes.txt").write_text("call the client back\n", encoding="utf-8")
    return "Memos/scratch notes.txt"


def sheet_total_typed_wrong(b: Path) -> str:
    path = file_of(b, FEES)
    wb = openpyxl.load_workbook(path)
    cell = total_cell(wb.worksheets[0])
    column = cell.column_letter
    rows = [c.value for c in wb.worksheets[0][column][1:cell.row - 1] if isinstance(c.value, (int, float))]
    cell.value = sum(rows) + 1000  # a hand-typed total that no longer adds up
    wb.save(path)
    return FEES


def sheet_cell_edited(b: Path) -> str:
    path = file_of(b, FEES)
    wb = openpyxl.load_workbook(path)
    ws = wb.worksheets[0]
    total = total_cell(ws)
    ws.cell(2, total.column).value += 1000  # the formula follows; the CSV twin does not
    wb.save(path)
    return FEES


def stale_cached_total(b: Path) -> str:
    path = file_of(b, FEES)
    # A value cached in the file, as Excel or LibreOffice would store it, that the rows do not add up to.
    with zipfile.ZipFile(path) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    sheet = parts["xl/worksheets/sheet1.xml"].decode("utf-8")
    stale, n = re.subn(r"(<f>SUM\([A-Z]+\d+:[A-Z]+\d+\)</f>)<v\s*(?:/>|>[^<]*</v>)", r"\1<v>1</v>", sheet, count=1)
    assert n == 1
    parts["xl/worksheets/sheet1.xml"] = stale.encode("utf-8")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)
    return FEES


def quoted_total_wrong(b: Path) -> str:
    # a quote as a model writes one, of an amount that is no cell or column total of the cited sheet
    add_paragraph(b, MEMO, "The liability cap computation totals USD 1,234,567.")
    return MEMO


def markdown_twin_disagrees(b: Path) -> str:
    md = twin_of(b, MEMO)
    text = md.read_text(encoding="utf-8")
    heading = re.search(r"^## (.+)$", text, re.MULTILINE).group(1)
    md.write_text(text.replace(f"## {heading}", "## Something else entirely", 1), encoding="utf-8")
    return MEMO


def document_title_changed(b: Path) -> str:
    replace_in_document(b, MEMO, artifact(b, MEMO)["title"], "Notes on the cap")
    return MEMO


def later_event_mentioned(b: Path) -> str:
    def add_fact(plan: dict) -> None:
        plan["facts"].append({"id": "hearing", "statement": "The hearing is on March 25, 2026.",
                              "value": {"type": "date", "value": "2026-03-25"}, "text": "March 25, 2026"})
    edit_plan(b, add_fact)
    edit_new_text(file_of(b, M1), lambda t: t.replace("\n\n", "\n\nThe hearing went well on March 25, 2026.\n\n", 1))
    return M1


def later_paper_cited(b: Path) -> str:
    # a paper named by a day after the message's own (blind read 17: "replaced by the schedule of April 15" on April 13)
    sent = dt.datetime.fromisoformat(artifact(b, M1)["sent_at"]).date() + dt.timedelta(days=2)
    edit_new_text(file_of(b, M1), lambda t: t.replace(
        "\n\n", f"\n\nThe figure is replaced by the schedule of {sent:%B} {sent.day}, {sent.year}.\n\n", 1))
    return M1


def later_paper_in_a_file(b: Path) -> str:
    # a superseded draft whose own pages name what replaced it days later (blind read 23: "The Aug 5 draft carries a
    # note about the Aug 11 review")
    label = next(d for d in plan_of(b)["distractors"] if d["id"] == "old_cap")["label"]
    later = dt.date.fromisoformat(artifact(b, DRAFT)["date"]) + dt.timedelta(days=6)
    replace_in_document(b, DRAFT, label, f"{label}; replaced by the memo of {later:%B} {later.day}, {later.year}",
                        margins=True)
    return DRAFT


def versions_out_of_order(b: Path) -> str:
    def redate(plan: dict) -> None:
        draft = next(a for a in plan["artifacts"] if a["id"] == DRAFT)
        draft["date"] = "2026-03-12"  # the draft v1 now postdates the final memo of March 10
    edit_plan(b, redate)
    return DRAFT


def deadline_gone_by(b: Path) -> str:
    # "You will have your response by August 31" sent on September 2 (blind read 19)
    gone = sent_at(b, M2).date() - dt.timedelta(days=9)
    edit_new_text(file_of(b, M2), lambda t: f"Please let us have your comments by {gone:%B} {gone.day}.\n\n" + t)
    return M2


# defect -> (its function, the check meant to catch it)
DEFECTS: dict[str, tuple[Callable[[Path], str], str]] = {
    "wrong_sender_domain": (wrong_sender_domain, "address_domains_match_organisation"),
    "from_name_not_cast": (from_name_not_cast, "identity_display_names"),
    "signed_as_someone_else": (signed_as_someone_else, "sender_signs_as_self"),
    "unsigned": (unsigned, "email_signed"),
    "reply_before_parent": (reply_before_parent, "reply_after_parent"),
    "thread_out_of_order": (thread_out_of_order, "thread_dates_ordered"),
    "weekend_3am": (weekend_3am, "sent_in_working_hours"),
    "broken_in_reply_to": (broken_in_reply_to, "thread_references_resolve"),
    "recipient_dropped": (recipient_dropped, "recipients_match_plan"),
    "subject_changed": (subject_changed, "email_matches_plan"),
    "duplicated_email": (duplicated_email, "message_ids_unique"),
    "mailbox_lacks_message": (mailbox_lacks_message, "mailboxes_match_messages"),
    "contradicting_amount": (contradicting_amount, "no_contradicting_value"),
    "distractor_unlabelled": (distractor_unlabelled, "distractor_labelled"),
    "missing_planned_file": (missing_planned_file, "inventory_exists"),
    "unplanned_file": (unplanned_file, "no_unplanned_files"),
    "sheet_total_typed_wrong": (sheet_total_typed_wrong, "sheet_totals_add_up"),
    "sheet_cell_edited": (sheet_cell_edited, "csv_twin_agrees"),
    "stale_cached_total": (stale_cached_total, "sheet_totals_add_up"),
    "quoted_total_wrong": (quoted_total_wrong, "quoted_total_matches_sheet"),
    "markdown_twin_disagrees": (markdown_twin_disagrees, "markdown_twin_agrees"),
    "document_title_changed": (document_title_changed, "document_matches_plan"),
    "later_event_mentioned": (later_event_mentioned, "no_later_event_mentioned"),
    "versions_out_of_order": (versions_out_of_order, "document_versions_in_order"),
    "later_paper_cited": (later_paper_cited, "no_later_paper_cited"),
    "later_paper_in_a_file": (later_paper_in_a_file, "no_later_paper_named"),
    "deadline_gone_by": (deadline_gone_by, "deadline_after_message"),
}


# What a defect trips besides its own check, by its nature (a reply moved before its parent is also out of the
# thread's order and off the plan's time; a memo edited no longer matches the copy its cover email attaches).
ALSO: dict[str, set[str]] = {
    "broken_in_reply_to": {"email_matches_plan"},
    "contradicting_amount": {"attachments_match_room"},
    "document_title_changed": {"attachments_match_room"},
    "duplicated_email": {"no_unplanned_files", "realism_near_duplicates"},
    "missing_planned_file": {"attachments_match_room"},
    "quoted_total_wrong": {"attachments_match_room"},
    "recipient_dropped": {"mailboxes_match_messages"},
    "reply_before_parent": {"email_matches_plan", "thread_dates_ordered"},
    "sheet_total_typed_wrong": {"csv_twin_agrees"},
    "signed_as_someone_else": {"email_signed"},
    "thread_out_of_order": {"email_matches_plan", "reply_after_parent"},
    "weekend_3am": {"email_matches_plan"},
    "wrong_sender_domain": {"addresses_in_cast", "email_matches_plan", "mailboxes_match_messages"},
}

# The suite ran past its 6 minutes, and a world validated per defect was 27 of this module's 32 validations. The
# defects are seeded a group to a world: in a group no two break one artifact or file, and none trips another's
# check on that one's artifact (each group, validated, fails exactly what its defects fail one at a time), so each
# check is still held to its own defect by name.
GROUPS: tuple[tuple[str, ...], ...] = (
    ("broken_in_reply_to", "contradicting_amount", "deadline_gone_by", "distractor_unlabelled", "later_event_mentioned",
     "mailbox_lacks_message", "sheet_cell_edited", "thread_out_of_order", "unplanned_file"),
    ("document_title_changed", "duplicated_email", "from_name_not_cast", "later_paper_cited", "later_paper_in_a_file",
     "sheet_total_typed_wrong", "weekend_3am"),
    ("markdown_twin_disagrees", "recipient_dropped", "reply_before_parent", "signed_as_someone_else",
     "stale_cached_total", "versions_out_of_order"),
    ("missing_planned_file", "subject_changed", "wrong_sender_domain"),
    ("quoted_total_wrong", "unsigned"),
)


# ---------------------------------------------------------------- the tests

import pytest  # noqa: E402  (the helpers above are imported by the gate test too)

from worldsmith.worlds.report import ValidationReport  # noqa: E402
from tests.published import validate_copy  # noqa: E402
from tests.worlds.checks_of import checks_of_copy  # noqa: E402


@pytest.fixture(scope="module")
def clean(tmp_path_factory) -> Path:
    """The mini world, rendered once for every case of this module."""
    return build_clean(tmp_path_factory.mktemp("mini"))


def _named(report: ValidationReport, check_id: str) -> set[str]:
    result = next(c for c in report.checks if c.id == check_id)
    return {r.artifact_id for r in result.rows} | {r.path for r in result.rows}


def test_the_clean_mini_world_raises_nothing(clean, tmp_path):
    report = validate_copy(copy_bundle(clean, tmp_path / "w"))
    assert report.verdict == "pass", [(c.id, c.rows[:2]) for c in report.failed()]


@pytest.mark.parametrize("group", GROUPS, ids=lambda group: f"{group[0]}+{len(group) - 1}")
def test_seeded_defects_are_each_caught_by_their_own_check_by_name(clean, tmp_path, group):
    bundle = copy_bundle(clean, tmp_path / "w")
    named = {defect: DEFECTS[defect][0](bundle) for defect in group}
    assert len(set(named.values())) == len(group), named  # two defects of one artifact could hide each other
    report = validate_copy(bundle)
    failing = {c.id for c in report.failed()}
    for defect in group:
        check_id = DEFECTS[defect][1]
        assert check_id in failing, (defect, failing)
        assert named[defect] in _named(report, check_id), (defect, next(c.rows for c in report.checks
                                                                         if c.id == check_id))
    # ...and nothing fires that none of the group's defects trips
    assert failing == {DEFECTS[d][1] for d in group}.union(*(ALSO.get(d, ()) for d in group)), (group, failing)
    errors = any(c.severity == "error" for c in report.checks if c.id in {DEFECTS[d][1] for d in group})
    assert report.verdict == ("fail" if errors else report.verdict)


def test_every_seeded_defect_is_in_one_group():
    assert sorted(d for group in GROUPS for d in group) == sorted(DEFECTS)


def test_a_warning_alone_does_not_fail_the_world(clean, tmp_path):
    bundle = copy_bundle(clean, tmp_path / "w")
    unsigned(bundle)
    report = validate_copy(bundle)
    assert [c.id for c in report.failed()] == ["email_signed"]
    assert (report.verdict, report.errors, report.warnings) == ("warn", 0, 1)


def test_the_working_hours_can_be_tuned_by_parameter(clean, tmp_path):
    from worldsmith.worlds.store.load import load_bundle
    from worldsmith.worlds.validate import load_checks, run_checks

    bundle = copy_bundle(clean, tmp_path / "w")
    db = load_bundle(bundle)
    # the one check the parameter is for (every check, twice, was ~1.2 CPU-s of this test's 1.35)
    checks = [c for c in load_checks() if c.id == "sent_in_working_hours"]
    strict = run_checks(db, checks, params={"sent_in_working_hours": {"start_hour": 12, "end_hour": 13}})
    (hours,) = strict.checks
    assert hours.count >= 1 and all("outside 12:00-13:00" in r.detail for r in hours.rows)
    (default,) = run_checks(db, checks).checks
    assert default.count == 0


def test_a_file_changed_since_publishing_is_an_error_and_is_then_checked(clean, tmp_path):
    from worldsmith.worlds import bundle as bundle_format

    bundle = copy_bundle(clean, tmp_path / "w")
    entries = bundle_format.list_files(bundle)
    (bundle / "manifest.json").write_text(json.dumps({"files": [e.model_dump() for e in entries]}), encoding="utf-8")
    assert validate_copy(bundle).verdict == "pass"
    md = twin_of(bundle, MEMO)
    md.write_text(md.read_text(encoding="utf-8") + "\n", encoding="utf-8")  # same words, other bytes
    (bundle / "room" / "Memos" / "Drafts" / "Memo re limitation of liability (draft v1).md").unlink()
    report = validate_copy(bundle)
    changed = next(c for c in report.checks if c.id == "files_changed_since_publishing")
    details = {r.path: r.detail for r in changed.rows}
    assert details["Memos/Memo re limitation of liability.md"].startswith("changed since publishing")
    assert details["Memos/Drafts/Memo re limitation of liability (draft v1).md"].startswith("removed since publishing")
    # ...and the content is checked like any other: the missing twin is an error of its own.
    assert "inventory_exists" in {c.id for c in report.failed()} and changed.severity == "error"


def test_changed_and_added_files_are_both_reported_against_the_manifest(clean, tmp_path):
    from worldsmith.worlds import bundle as bundle_format

    bundle = copy_bundle(clean, tmp_path / "w")
    entries = bundle_format.list_files(bundle)
    (bundle / "manifest.json").write_text(json.dumps({"files": [e.model_dump() for e in entries]}), encoding="utf-8")
    md = twin_of(bundle, MEMO)
    md.write_text(md.read_text(encoding="utf-8") + "\n\n", encoding="utf-8")
    (bundle / "room" / "Memos" / "added later.md").write_text("# Added\n", encoding="utf-8")
    report = validate_copy(bundle)
    assert report.verdict == "fail" and {c.id for c in report.failed()} == {"files_changed_since_publishing",
                                                                          "no_unplanned_files"}
    changed = next(c for c in report.checks if c.id == "files_changed_since_publishing")
    assert {r.path for r in changed.rows} == {"Memos/Memo re limitation of liability.md", "Memos/added later.md"}


def test_a_superseded_amount_inside_a_larger_one_is_not_written(clean, tmp_path):
    """es-hotel-loan-restructuring (blind outline 36): a superseded fee of EUR 186,000 was read in 16 files that write
    the facilities of EUR 186,000,000 (a 0.10% fee on EUR 186m is exactly EUR 186,000), and the world quarantined.
    The same amount followed by its cents, or at a sentence's end, is still the superseded figure."""
    bundle = copy_bundle(clean, tmp_path / "w")
    wrong = next(d for d in plan_of(bundle)["distractors"] if d["id"] == "old_cap")["text"]
    add_paragraph(bundle, MEMO, f"The facilities are {wrong},000 in all, drawn in {wrong}0,000 tranches.")
    only = ["no_contradicting_value"]  # the check this test is of, run alone (tests/worlds/checks_of.py)
    assert MEMO not in _named(checks_of_copy(bundle, only), "no_contradicting_value")
    add_paragraph(bundle, MEMO, f"On reflection the cap is {wrong}.")
    assert MEMO in _named(checks_of_copy(bundle, only), "no_contradicting_value")

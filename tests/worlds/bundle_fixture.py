"""A tiny but real world bundle for store and check tests: a hand-built plan and minimal file writers.

The project's renderers are written elsewhere; these writers follow the same conventions (RFC 5322
messages with quoted history, mboxes, .docx with a .md twin, .xlsx with a SUM total and a .csv twin)
with as little code as will do. `build_bundle(root, defect)` writes a clean world, or one with a
single named defect that exactly one check should catch.
"""

from __future__ import annotations

import csv
import datetime as dt
import mailbox
from decimal import Decimal
from email.message import EmailMessage
from email.utils import format_datetime, formataddr
from pathlib import Path
from zoneinfo import ZoneInfo

import docx
import openpyxl

from worldsmith.worlds.plan import DocumentSpec, EmailSpec, LedgerDistractor, LedgerFact, Org, Person, SheetSpec, WorldPlan
from worldsmith.worlds.values import DateValue, Money, Percent, Text, render_value

TZ = ZoneInfo("America/New_York")
STRANGER = "mallory@elsewhere.example"

DEFECTS = (
    "stranger_address",
    "reply_before_parent",
    "document_outside_window",
    "email_outside_window_local",
    "missing_file",
    "missing_twin",
    "fact_absent",
    "distractor_true_value",
    "unparseable_file",
)


def _at(day: int, hour: int, minute: int = 0) -> dt.datetime:
    return dt.datetime(2024, 3, day, hour, minute, tzinfo=TZ)


def _fact(id: str, statement: str, value) -> LedgerFact:
    return LedgerFact(id=id, statement=statement, value=value, text=render_value(value))


def _person(id: str, role: str, first: str, last: str, email: str, title: str, org: str, occupation: str) -> Person:
    return Person(id=id, role=role, first_name=first, last_name=last, name=f"{first} {last}", email=email,
                  title=title, organisation=org, occupation=occupation, seniority="senior", phone="+1 202 555 0100")


def make_plan() -> WorldPlan:
    """The clean plan: three people, four facts, one distractor, three messages, two documents, one sheet."""
    people = [
        _person("partner_1", "partner", "Harriet", "Vane", "hvane@harrowvane.example", "Partner", "firm", "23-1011"),
        _person("associate_1", "associate", "Peter", "Wimsey", "pwimsey@harrowvane.example", "Associate", "firm",
                "23-1011"),
        _person("client_gc_1", "client_gc", "Dana", "Okafor", "dokafor@tidewater.test", "General Counsel", "client",
                "11-1021"),
    ]
    facts = [
        _fact("price", "the purchase price", Money(amount=Decimal("1250000"))),
        _fact("closing", "the closing date", DateValue(value=dt.date(2024, 3, 28))),
        _fact("escrow", "the escrow holdback", Percent(value=Decimal("7.5"))),
        _fact("clause", "the indemnity cap clause", Text(value="Section 4.2")),
    ]
    wrong = Money(amount=Decimal("1100000"))
    distractors = [LedgerDistractor(id="dx_price", fact="price", value=wrong, text=render_value(wrong),
                                    label="superseded first draft")]
    common = dict(item="spa", occupation="23-1011")
    artifacts = [
        EmailSpec(id="e1", path="Email/spa/001.eml", title="SPA: agreed price", author="partner_1", facts=["price"],
                  thread="spa", position=0, to=["associate_1"], cc=["client_gc_1"], sent_at=_at(4, 10),
                  message_id="<e1.spa@harrowvane.example>", **common),
        EmailSpec(id="e2", path="Email/spa/002.eml", title="Re: SPA: agreed price", author="associate_1",
                  facts=["closing"], thread="spa", position=1, mode="reply", parent="e1", to=["partner_1"],
                  sent_at=_at(5, 11, 30), message_id="<e2.spa@harrowvane.example>", **common),
        EmailSpec(id="e3", path="Email/spa/003.eml", title="Fwd: Re: SPA: agreed price", author="partner_1",
                  facts=["escrow"], thread="spa", position=2, mode="forward", parent="e2", to=["client_gc_1"],
                  sent_at=_at(6, 9, 15), message_id="<e3.spa@harrowvane.example>", **common),
        DocumentSpec(id="d1", path="Documents/closing_memo.docx", title="Closing memorandum", author="associate_1",
                     facts=["price", "clause", "closing"], doc_type="memo", sections=2, date=dt.date(2024, 3, 7),
                     readers=["partner_1"], **common),
        DocumentSpec(id="d2", path="Documents/spa_draft_v1.docx", title="SPA first draft", author="associate_1",
                     facts=["price"], distractor="dx_price", doc_type="draft", sections=1,
                     date=dt.date(2024, 3, 2), **common),
        SheetSpec(id="s1", path="Sheets/funds_flow.xlsx", title="Funds flow", author="associate_1",
                  facts=["price", "escrow", "closing"], rows=3, date=dt.date(2024, 3, 8), **common),
    ]
    return WorldPlan(
        world_id="w_fixture_0001", seed=7, title="Tidewater share purchase", summary="A small share purchase.",
        locale="en_US", timezone="America/New_York", window_start=dt.date(2024, 3, 1),
        window_end=dt.date(2024, 3, 31),
        organisations=[Org(id="firm", name="Harrow Vane LLP", role="counsel to the buyer", domain="harrowvane.example"),
                       Org(id="client", name="Tidewater Holdings", role="the buyer", domain="tidewater.test")],
        people=people, facts=facts, distractors=distractors, artifacts=artifacts,
    )


BODIES = {
    "e1": "Dear Peter,\n\nThe seller has accepted a purchase price of USD 1,250,000 for the shares.\n"
          "Please start on the closing checklist.\n\nBest,\nHarriet",
    "e2": "Harriet,\n\nUnderstood. Closing is set for March 28, 2024; I will circulate\nthe checklist tomorrow.\n\nPeter",
    "e3": "Dana,\n\nForwarding Peter's note below. The escrow holdback stays at 7.5% of the price.\n\nHarriet",
}


def _document_sections(spec_id: str, defect: str | None) -> list[tuple[str, list[str], list[list[str]] | None]]:
    if spec_id == "d1":
        clause = "the indemnity clause" if defect == "fact_absent" else "Section 4.2"
        return [
            ("Background", ["The purchase price is USD 1,250,000 under the share purchase agreement.",
                            "Completion is scheduled for March 28, 2024."], None),
            ("Indemnity", [f"Claims are capped as set out in {clause}."],
             [["Item", "Amount"], ["Price", "USD 1,250,000"]]),
        ]
    price = "USD 1,250,000" if defect == "distractor_true_value" else "USD 1,100,000"
    return [("Terms", [f"Draft purchase price: {price}, subject to diligence."], None)]


# ---------------------------------------------------------------- writers


def _addr(plan: WorldPlan, person_id: str) -> str:
    p = plan.person(person_id)
    return formataddr((p.name, p.email))


def _message(plan: WorldPlan, spec: EmailSpec, full_bodies: dict[str, str], extra_cc: list[str]) -> EmailMessage:
    """One message as the renderer writes it; fills full_bodies[spec.id] with its whole text."""
    msg = EmailMessage()
    msg["Message-ID"] = spec.message_id
    msg["Date"] = format_datetime(spec.sent_at)
    msg["From"] = _addr(plan, spec.author)
    msg["To"] = ", ".join(_addr(plan, p) for p in spec.to)
    cc = [_addr(plan, p) for p in spec.cc] + extra_cc
    if cc:
        msg["Cc"] = ", ".join(cc)
    msg["Subject"] = spec.title
    body = BODIES[spec.id]
    if spec.parent:
        parent = plan.artifact(spec.parent)
        msg["In-Reply-To"] = parent.message_id
        msg["References"] = parent.message_id
        author = plan.person(parent.author).name
        if spec.mode == "reply":
            quoted = "\n".join(f"> {line}" if line else ">" for line in full_bodies[parent.id].splitlines())
            body += f"\n\nOn {format_datetime(parent.sent_at)}, {author} wrote:\n{quoted}"
        else:
            body += ("\n\n---------- Forwarded message ---------\n"
                     f"From: {_addr(plan, parent.author)}\nDate: {format_datetime(parent.sent_at)}\n"
                     f"Subject: {parent.title}\nTo: {', '.join(_addr(plan, p) for p in parent.to)}\n\n"
                     + full_bodies[parent.id])
    full_bodies[spec.id] = body
    msg.set_content(body)
    return msg


def _write_docx(path: Path, spec: DocumentSpec, sections, md: Path | None) -> None:
    doc = docx.Document()
    doc.add_heading(spec.title, level=0)
    doc.add_paragraph(f"Prepared {spec.date:%B} {spec.date.day}, {spec.date.year}")
    lines = [f"# {spec.title}", ""]
    for heading, paragraphs, table in sections:
        doc.add_heading(heading, level=1)
        lines += [f"## {heading}", ""]
        for text in paragraphs:
            doc.add_paragraph(text)
            lines += [text, ""]
        if table:
            t = doc.add_table(rows=len(table), cols=len(table[0]))
            for r, row in enumerate(table):
                for c, value in enumerate(row):
                    t.cell(r, c).text = value
            lines += ["| " + " | ".join(row) + " |" for row in table] + [""]
    doc.core_properties.identifier = spec.id
    doc.core_properties.title = spec.title
    doc.save(str(path))
    if md is not None:
        md.write_text("\n".join(lines), encoding="utf-8")


SHEET_ROWS = [
    ["Deposit", dt.date(2024, 3, 4), 125000.0, 0.1],
    ["Escrow holdback", dt.date(2024, 3, 28), 93750.0, 0.075],
    ["Balance at closing", dt.date(2024, 3, 28), 1031250.0, 0.825],
]


def _write_xlsx(path: Path, csv_path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Funds flow"
    ws.append(["Item", "Date", "Amount", "Share"])
    for row in SHEET_ROWS:
        ws.append(row)
    n = len(SHEET_ROWS) + 1
    ws.append(["Total", None, f"=SUM(C2:C{n})", f"=SUM(D2:D{n})"])
    ws.append([])
    ws.append(["Amounts in USD; see Section 4.2 for the holdback."])
    for r in range(2, n + 2):
        ws.cell(r, 2).number_format = "yyyy-mm-dd"
        ws.cell(r, 3).number_format = "#,##0.00"
        ws.cell(r, 4).number_format = "0.00%"
    wb.save(path)
    with csv_path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["Item", "Date", "Amount", "Share"])
        for item, day, amount, share in SHEET_ROWS:
            writer.writerow([item, day.isoformat(), f"{amount:.2f}", f"{share:.2%}"])
        writer.writerow(["Total", "", f"{sum(r[2] for r in SHEET_ROWS):.2f}", "100.00%"])


# ---------------------------------------------------------------- the bundle


def _apply_plan_defect(plan: WorldPlan, defect: str | None) -> WorldPlan:
    changes = {
        "reply_before_parent": ("e2", {"sent_at": _at(3, 16)}),
        "document_outside_window": ("d1", {"date": dt.date(2024, 4, 15)}),
        # 22:00 on February 29 in New York, though already March 1 in UTC
        "email_outside_window_local": ("e1", {"sent_at": dt.datetime(2024, 3, 1, 3, 0, tzinfo=dt.timezone.utc)}),
    }
    if defect not in changes:
        return plan
    target, update = changes[defect]
    artifacts = [a.model_copy(update=update) if a.id == target else a for a in plan.artifacts]
    return plan.model_copy(update={"artifacts": artifacts})


def build_bundle(root: Path, defect: str | None = None) -> Path:
    """Write a bundle under root (plan.json and room/), clean or with one defect from DEFECTS; return it."""
    if defect is not None and defect not in DEFECTS:
        raise ValueError(f"unknown defect {defect!r}")
    plan = _apply_plan_defect(make_plan(), defect)
    bundle = root / "bundle"
    room = bundle / "room"
    room.mkdir(parents=True)
    (bundle / "plan.json").write_text(plan.model_dump_json(indent=2), encoding="utf-8")

    full_bodies: dict[str, str] = {}
    messages: list[tuple[EmailSpec, EmailMessage]] = []
    for spec in sorted((a for a in plan.artifacts if isinstance(a, EmailSpec)), key=lambda a: a.position):
        extra = [STRANGER] if defect == "stranger_address" and spec.id == "e2" else []
        msg = _message(plan, spec, full_bodies, extra)
        path = room / spec.path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(bytes(msg))
        messages.append((spec, msg))

    boxes = room / "Mailboxes"
    boxes.mkdir()
    for person in plan.people:
        box = mailbox.mbox(boxes / f"{person.email}.mbox")
        for spec, msg in sorted(messages, key=lambda m: m[0].sent_at):
            if person.id in (spec.author, *spec.to, *spec.cc):
                box.add(msg)
        box.flush()
        box.close()

    for spec in plan.artifacts:
        path = room / spec.path
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(spec, DocumentSpec):
            _write_docx(path, spec, _document_sections(spec.id, defect), path.with_suffix(".md"))
        elif isinstance(spec, SheetSpec):
            _write_xlsx(path, path.with_suffix(".csv"))

    if defect == "missing_file":
        (room / "Sheets/funds_flow.xlsx").unlink()
    if defect == "missing_twin":
        (room / "Documents/closing_memo.md").unlink()
    if defect == "unparseable_file":
        (room / "Documents/spa_draft_v1.docx").write_bytes(b"this is not a zip archive")
    return bundle


def make_contents(defect: str | None = None):
    """The same world's contents as typed Content, for rendering with the project's real renderers."""
    from worldsmith.worlds.content import DocumentContent, EmailContent, Section, SheetColumn, SheetContent, Table

    plan = make_plan()
    contents: dict = {}
    for spec in plan.artifacts:
        if isinstance(spec, EmailSpec):
            contents[spec.id] = EmailContent(subject=spec.title, body=BODIES[spec.id])
        elif isinstance(spec, DocumentSpec):
            sections = [Section(heading=h, paragraphs=ps, table=Table(columns=t[0], rows=t[1:]) if t else None)
                        for h, ps, t in _document_sections(spec.id, defect)]
            contents[spec.id] = DocumentContent(title=spec.title, subtitle=f"Prepared {spec.date:%B} {spec.date.day}, "
                                                f"{spec.date.year}", sections=sections)
        else:
            contents[spec.id] = SheetContent(
                title=spec.title, sheet_name="Funds flow",
                columns=[SheetColumn(name="Item"), SheetColumn(name="Date", type="date"),
                         SheetColumn(name="Amount", type="money", total=True),
                         SheetColumn(name="Share", type="percent")],
                rows=[[item, day.isoformat(), amount, round(share * 100, 4)] for item, day, amount, share in SHEET_ROWS],
                notes=["Amounts in USD; see Section 4.2 for the holdback."])
    return contents

"""A small hand-built WorldPlan and its contents, for renderer tests: 2 orgs, 3 people, 1 thread, 1 doc, 1 sheet."""

from __future__ import annotations

import datetime as dt
import unicodedata
from decimal import Decimal

from worldsmith.worlds.content import (Content, DocumentContent, EmailContent, Section, SheetColumn, SheetContent,
                            Table)
from worldsmith.worlds.plan import (DocumentSpec, EmailSpec, LedgerDistractor, LedgerFact, Org, Person, SheetSpec,
                         WorldPlan)
from worldsmith.worlds.values import Money

EASTERN = dt.timezone(dt.timedelta(hours=-5))
LONDON = dt.timezone.utc

FEE = "USD 1,250,000"
# A long paragraph on one line, as a model writes it: it must survive quoted-printable.
LONG = ("The escrow agent confirmed this morning that the purchase price of " + FEE + " will be released "
        "at closing, provided the title commitment is updated before then — naïve as that may sound.")


def _ascii(name: str) -> str:
    # Addresses are ASCII, as a planner folds them: the mbox `From ` line cannot carry anything else.
    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower().replace("'", "")


def _person(pid: str, first: str, last: str, org: str, domain: str, title: str) -> Person:
    return Person(id=pid, role=pid.split("_")[0], first_name=first, last_name=last, name=f"{first} {last}",
                  email=f"{_ascii(first)}.{_ascii(last)}@{domain}", title=title, organisation=org,
                  occupation="23-1011", seniority="senior", phone="+1 202 555 0100")


def make_plan(with_distractor: bool = False) -> WorldPlan:
    """The plan; with_distractor marks the document as a superseded draft."""
    people = [
        _person("partner_1", "Ada", "Quill", "firm", "quill-law.example", "Partner"),
        _person("associate_1", "Ben", "O'Hara", "firm", "quill-law.example", "Associate"),
        _person("counsel_1", "Chloé", "Marchetti", "client", "northwind-holdings.example", "General Counsel"),
    ]
    emails = [
        EmailSpec(id="e1", item="closing", path="Correspondence/closing/01-new.eml", title="Closing funds",
                  author="counsel_1", facts=["price"], occupation="23-1011", thread="t1", position=0,
                  mode="new", to=["partner_1"], cc=["associate_1"],
                  sent_at=dt.datetime(2025, 3, 3, 9, 14, tzinfo=EASTERN),
                  message_id="<e1.closing.3f9a1c2b7d@northwind-holdings.example>"),
        EmailSpec(id="e2", item="closing", path="Correspondence/closing/02-reply.eml", title="Re: Closing funds",
                  author="partner_1", occupation="23-1011", thread="t1", position=1, mode="reply",
                  parent="e1", to=["counsel_1"], cc=["associate_1"],
                  sent_at=dt.datetime(2025, 3, 3, 15, 2, tzinfo=LONDON),
                  message_id="<e2.closing.8b21d0e4aa@quill-law.example>"),
        EmailSpec(id="e3", item="closing", path="Correspondence/closing/03-forward.eml",
                  title="Fwd: Re: Closing funds", author="associate_1", occupation="23-1011", thread="t1",
                  position=2, mode="forward", parent="e2", to=["partner_1"],
                  sent_at=dt.datetime(2025, 3, 4, 8, 30, tzinfo=EASTERN),
                  message_id="<e3.closing.c0ffee1234@quill-law.example>"),
    ]
    memo = DocumentSpec(id="d1", item="closing", path="Documents/Closing memo.docx", title="Closing memo",
                        author="partner_1", facts=["price"], occupation="23-1011", doc_type="memo", sections=2,
                        date=dt.date(2025, 3, 5), readers=["counsel_1"], cites=["s1"],
                        distractor="price_old" if with_distractor else None)
    sheet = SheetSpec(id="s1", item="closing", path="Sheets/Funds flow.xlsx", title="Funds flow",
                      author="associate_1", facts=["price"], occupation="23-1011", rows=3,
                      date=dt.date(2025, 3, 2), readers=["partner_1"])
    return WorldPlan(
        world_id="w-test", seed=7, title="Northwind acquisition", summary="A small closing.", locale="en_US",
        timezone="America/New_York", window_start=dt.date(2025, 3, 1), window_end=dt.date(2025, 3, 31),
        # (both in New York, the world's zone: an office the plan places nowhere has the zone of the city its
        # letterhead draws, places.zone_of)
        organisations=[Org(id="firm", name="Quill & Partners LLP", role="counsel based in New York",
                           domain="quill-law.example"),
                       Org(id="client", name="Northwind Holdings", role="client based in New York",
                           domain="northwind-holdings.example")],
        people=people,
        facts=[LedgerFact(id="price", statement="The purchase price", value=Money(amount=Decimal("1250000")),
                          text=FEE)],
        distractors=[LedgerDistractor(id="price_old", fact="price", value=Money(amount=Decimal("1100000")),
                                      text="USD 1,100,000", label="superseded draft")],
        artifacts=[*emails, memo, sheet],
    )


def make_contents() -> dict[str, Content]:
    """Contents for every artifact of make_plan()."""
    return {
        "e1": EmailContent(subject="Closing funds — timing", body=f"Ada,\n\n{LONG}\n\nFrom here on we wait.\n\nBest,\nChloé"),
        "e2": EmailContent(subject="Re: Closing funds — timing", body="Chloé,\n\nThanks, agreed.\n\nAda"),
        "e3": EmailContent(subject="Fwd: Re: Closing funds — timing", body="Ada, for the file.\n\nBen"),
        "d1": DocumentContent(
            title="Closing memo", subtitle="Northwind acquisition, March 2025",
            sections=[
                Section(heading="Background", paragraphs=[f"The purchase price is {FEE}.", "Closing is set."]),
                Section(heading="Funds", paragraphs=["The flow of funds is below."],
                        table=Table(columns=["Payee", "Amount"],
                                    rows=[["Seller", "USD 1,200,000"], ["Escrow | holdback", "USD 50,000"]])),
            ]),
        "s1": SheetContent(
            title="Funds flow", sheet_name="Funds flow", currency="USD",
            columns=[SheetColumn(name="Payee"), SheetColumn(name="Amount", type="money", total=True),
                     SheetColumn(name="Share", type="percent"), SheetColumn(name="Due", type="date")],
            rows=[["Seller", 1200000, 96, "2025-03-10"], ["Escrow", 37500.5, 3, "2025-03-10"],
                  ["=Fees", "12,499.50", 1.0, None]],
            notes=["Amounts in USD.", "Prepared for closing."]),
    }

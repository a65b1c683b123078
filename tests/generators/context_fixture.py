"""Hand-built ArtifactContexts for the composer tests: emails, a memo, an agreement, minutes, sheets."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from worldsmith.generators.context import ArtifactContext, FactRef, PersonRef, Voice
from worldsmith.worlds.content import EmailContent, SheetColumn, SheetContent
from worldsmith.worlds.plan import DocumentSpec, EmailSpec, SheetSpec
from worldsmith.worlds.taxonomy import WritingStyle
from worldsmith.worlds.values import DateValue, Money, Number, Percent, Text, render_value

UTC = dt.timezone.utc


def person(key: str, first: str, last: str, title: str, org: str, domain: str, phone: str) -> PersonRef:
    """A person of the fixture cast."""
    return PersonRef(id=key, name=f"{first} {last}", first_name=first, last_name=last, title=title,
                     organisation=org, email=f"{first.lower()}.{last.lower()}@{domain}", phone=phone)


DANA = person("partner_1", "Dana", "Okafor", "Partner", "Harrow Vane LLP", "harrowvane.example", "+1 202 555 0142")
SAM = person("associate_1", "Sam", "Lindqvist", "Senior Associate", "Harrow Vane LLP", "harrowvane.example", "+1 202 555 0177")
RUTH = person("cfo_1", "Ruth", "Abernethy", "Chief Financial Officer", "Corvale Shipping Ltd", "corvale.test", "+44 20 7946 0321")
MILO = person("analyst_1", "Milo", "Fenwick", "Financial Analyst", "Brightmere Advisory", "brightmere.example", "+1 312 555 0109")


def fact(key: str, statement: str, value) -> FactRef:
    """A fact with its canonical text."""
    return FactRef(id=key, statement=statement, value=value, text=render_value(value))


CAP = fact("liability_cap", "The liability cap under the charter", Money(amount=Decimal("98400000"), currency="USD"))
DEADLINE = fact("notice_deadline", "The deadline for the notice of claim", DateValue(value=dt.date(2025, 3, 14)))
RATE = fact("interest_rate", "The default interest rate", Percent(value=Decimal("7.5")))
TONNES = fact("cargo_tonnes", "Cargo lost overboard", Number(value=Decimal("1240"), unit="tonnes"))
CLAUSE = fact("governing_clause", "The clause that governs limitation", Text(value="Clause 14.2 of the charterparty"))
DECISION = fact("board_decision", "The board approved the settlement range", Text(value="settlement between USD 40m and USD 55m"))
FEE = fact("fee_estimate", "The fee estimate for phase one", Money(amount=Decimal("182500.50"), currency="USD"))
ALL_FACTS = [CAP, DEADLINE, RATE, TONNES, CLAUSE]

LEGAL_VOICE = Voice(
    occupation="Lawyers", family="legal",
    style=WritingStyle(tone="professional", greetings=["Hi", "Dear"], sign_offs=["Best regards", "Kind regards", "Thanks"],
                       phrases=["without prejudice", "reservation of rights", "limitation of liability",
                                "We reserve all of our client's rights"]),
    documents=["Legal memoranda", "Charterparty mark-ups", "Engagement letters"],
    tools=["iManage", "Microsoft Word"],
    tasks=["Advise clients on their rights", "Draft and review contracts"],
)
FINANCE_VOICE = Voice(
    occupation="Financial and Investment Analysts", family="finance",
    style=WritingStyle(tone="plain", greetings=["Hi", "Hey team"], sign_offs=["Thanks", "Cheers"],
                       phrases=["run-rate", "normalised EBITDA", "working capital peg"]),
    documents=["Valuation models", "QoE reports"],
    tools=["Excel", "Capital IQ"],
    tasks=["Build financial models", "Review management accounts"],
)
FORMAL_VOICE = LEGAL_VOICE.model_copy(update={"style": LEGAL_VOICE.style.model_copy(update={"tone": "formal"})})

SENT = dt.datetime(2025, 3, 3, 9, 30, tzinfo=UTC)


def email_spec(mode: str = "new", key: str = "email_1", facts: list[FactRef] = (), to: list[str] = ("associate_1",),
               distractor: str | None = None, parent: str | None = None) -> EmailSpec:
    """An email spec of the fixture thread."""
    return EmailSpec(id=key, item="cap_thread", path=f"Mail/{key}.eml", title="Liability cap under the charter",
                     author="partner_1", facts=[f.id for f in facts], distractor=distractor,
                     purpose="Agree the cap figure before the notice goes out", occupation="23-1011",
                     thread="cap_thread", position=0 if mode == "new" else 1, mode=mode, parent=parent,
                     to=list(to), sent_at=SENT, message_id=f"<{key}@harrowvane.example>")


PARENT = EmailContent(subject="Liability cap under the charter", body="Hi Dana,\n\nHere is the cap.\n\nSam")


def email_context(mode: str = "new", seed: int = 1, facts: list[FactRef] | None = None, to: list[PersonRef] | None = None,
                  distractor_label: str | None = None, voice: Voice = LEGAL_VOICE, key: str = "email_1") -> ArtifactContext:
    """An email context: a new message, a reply to Sam's note, or a forward of it."""
    facts = ALL_FACTS if facts is None else facts
    to = [SAM] if to is None else to
    parent = PARENT if mode != "new" else None
    return ArtifactContext(
        world_title="Corvale cargo claim", world_summary="A cargo claim under a charterparty.",
        spec=email_spec(mode, key, facts, [p.id for p in to], "d1" if distractor_label else None,
                        "email_0" if parent else None),
        author=DANA, to=to, facts=facts, distractor_label=distractor_label, voice=voice,
        parent=parent, parent_author=SAM if parent else None, seed=seed,
    )


def cap_sheet() -> SheetContent:
    """A sheet a document cites: two money columns, one of them totalled."""
    return SheetContent(title="Cap computation", sheet_name="Cap computation", currency="USD",
                        columns=[SheetColumn(name="Component"), SheetColumn(name="Amount", type="money", total=True)],
                        rows=[["Base", 90000000.0], ["Uplift", 8400000.0], ["Interest", 1250.25]])


def document_context(doc_type: str = "memo", sections: int = 5, seed: int = 7, facts: list[FactRef] | None = None,
                     distractor_label: str | None = None, cited: list[SheetContent] = (), voice: Voice = LEGAL_VOICE) -> ArtifactContext:
    """A document context of the given type."""
    facts = ALL_FACTS if facts is None else facts
    titles = {"memo": "Limitation of liability under the charter", "minutes": "Claims committee meeting",
              "agreement": "Settlement agreement"}
    title = titles.get(doc_type, f"Corvale cargo claim {doc_type}")
    spec = DocumentSpec(id=f"doc_{doc_type}", item="doc", path=f"Docs/{doc_type}.docx", title=title,
                        author="partner_1", facts=[f.id for f in facts], distractor="d1" if distractor_label else None,
                        purpose="Advise the client on limitation and the notice deadline", occupation="23-1011",
                        doc_type=doc_type, sections=sections, date=dt.date(2025, 3, 5), readers=["associate_1", "cfo_1"],
                        cites=["sheet_cap"] if cited else [])
    return ArtifactContext(world_title="Corvale cargo claim", world_summary="A cargo claim under a charterparty.",
                           spec=spec, author=DANA, to=[SAM, RUTH], facts=facts, distractor_label=distractor_label,
                           voice=voice, cited_sheets=list(cited), seed=seed)


def sheet_context(title: str = "Schedule of damages", rows: int = 8, seed: int = 11, facts: list[FactRef] | None = None,
                  distractor_label: str | None = None) -> ArtifactContext:
    """A sheet context with the given title."""
    facts = ALL_FACTS if facts is None else facts
    spec = SheetSpec(id="sheet_1", item="sheet", path="Sheets/sheet_1.xlsx", title=title, author="analyst_1",
                     facts=[f.id for f in facts], distractor="d1" if distractor_label else None,
                     purpose="Quantify the claim", occupation="13-2051", rows=rows, date=dt.date(2025, 3, 20),
                     readers=["partner_1"])
    return ArtifactContext(world_title="Corvale cargo claim", world_summary="A cargo claim under a charterparty.",
                           spec=spec, author=MILO, to=[DANA], facts=facts, distractor_label=distractor_label,
                           voice=FINANCE_VOICE, seed=seed)

"""The contract of each genre a paper's title can name: the parts it must contain (contracts.yaml), read by the
composer to fill or re-title a paper and kept equal to the check genre_contract.sql, which fails a paper lacking one."""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import NamedTuple

import yaml

_TABLE = Path(__file__).with_name("contracts.yaml")


class Part(NamedTuple):
    """One part a genre's paper must contain: its name, how the composer fills it from the plan and the pattern its
    text shows it by."""

    name: str
    fill: str
    pattern: str


class Genre(NamedTuple):
    """A genre a title can name: the title's pattern, the titles it leaves out and its parts."""

    genre: str
    title: str
    unless: str
    parts: tuple[Part, ...]


@functools.cache
def genres() -> tuple[Genre, ...]:
    """The table, in the order a title is matched against it."""
    data = yaml.safe_load(_TABLE.read_text(encoding="utf-8"))
    return tuple(Genre(g["genre"], g["title"], g.get("unless", ""), tuple(Part(*p) for p in g["parts"]))
                 for g in data["genres"])


def genre_named(title: str) -> Genre | None:
    """The first genre whose title pattern the title matches (and whose `unless` it does not); None for none."""
    for g in genres():
        if re.search(g.title, title) and not (g.unless and re.search(g.unless, title)):
            return g
    return None


def missing_parts(title: str, text: str) -> list[str]:
    """The parts of its title's genre that the paper's text lacks ([] where its title names no genre)."""
    g = genre_named(title)
    return [] if g is None else [p.name for p in lacking(g, text)]


def lacking(genre: Genre, text: str) -> list[Part]:
    """The parts of a genre the text does not show."""
    return [p for p in genre.parts if not re.search(p.pattern, text)]


def sql_rows() -> str:
    """The table as the VALUES rows of the check genre_contract.sql (order, genre, title, unless, part, pattern),
    which a test keeps equal to the check's."""
    def q(text: str) -> str:
        return "'" + text.replace("'", "''") + "'"
    return ",\n".join(f"    ({n}, {q(g.genre)}, {q(g.title)}, {q(g.unless)}, {q(p.name)}, {q(p.pattern)})"
                      for n, g in enumerate(genres(), 1) for p in g.parts)


# -------------------------------------------------------------------- the notarial form of a share purchase
# A share purchase of a GmbH is a notarial deed, not a common-law contract: the obligation to transfer and the transfer
# of the shares are notarially recorded (section 15 (3) and (4) GmbHG; in Austria a Notariatsakt, section 76 (2)
# GmbHG). An unseen de_DE outline's signed SPA came out as "Confidential | Subject to contract | Draft prepared by ...",
# "IN WITNESS WHEREOF the parties have signed ..." and "a reference to writing includes email". The deed opens on its
# roll number and the notary's record of who appeared for whom, and closes on the notary's formula.
_NOTARIAL = {"de_DE": "section 15 (3) and (4) GmbHG", "de_AT": "section 76 (2) GmbHG"}
_SHARE_SALE = re.compile(r"(?i)\bshare (purchase|sale|transfer)\b|\bSPA\b|\b(geschäfts)?anteils?(kauf|abtretung)|"
                         r"\bkauf- und abtretungsvertrag")
_GMBH = re.compile(r"\bGmbH\b(?!\s*&\s*Co)")
_WITNESS = re.compile(r"^IN WITNESS WHEREOF\b")
_EMAIL_WRITING = re.compile(r"(?i),?\s*and a reference to writing includes email|\s*A reference to writing includes email\.")
_COURTS = re.compile(r"\bcourts of ([A-ZÄÖÜ][\wäöüß]+(?: am [A-ZÄÖÜ][\wäöüß]+)?)")


def notarial_share_sale(ctx, title: str, text: str) -> str:
    """The law that makes this paper a notarial deed (a GmbH's share purchase in a locale whose law requires it), or ''."""
    law = _NOTARIAL.get(getattr(ctx, "locale", "") or "", "")
    purpose = getattr(ctx.spec, "purpose", "") or ""
    named = " ".join([title, purpose] + [o.name for o in getattr(ctx, "organisations", [])])
    if not law or not _SHARE_SALE.search(f"{title} {purpose}") or not _GMBH.search(named):
        return ""
    return law


def notarial_deed(ctx, doc):
    """A GmbH share purchase in Germany or Austria in the form of a notarial deed: the roll number and place and day
    under its title, the notary's record of the persons appearing and for whom, the form the law requires in place of
    email as writing, and the notary's closing formula in place of IN WITNESS WHEREOF; any other paper as it is."""
    import zlib

    from worldsmith.generators.compose.text import long_date

    text = "\n".join([doc.subtitle] + [p for s in doc.sections for p in s.paragraphs])
    law = notarial_share_sale(ctx, doc.title, text)
    if not law or not doc.sections:
        return doc
    day = ctx.spec.date
    roll = f"UR-Nr. {100 + zlib.crc32(ctx.spec.id.encode()) % 800}/{day.year}"
    court = _COURTS.search(text)
    place = f" at {court[1]}" if court else ""
    people = [p for p in [ctx.author, *ctx.to] if p is not None]
    seen: dict[str, str] = {}
    for p in people:
        if p.organisation != ctx.author.organisation and p.organisation not in seen:
            seen[p.organisation] = f"{p.name}, acting as {p.title} for {p.organisation}"
    appeared = [f"{n}. {who}" for n, who in enumerate(seen.values(), 1)]
    opening = [f"Recorded{place} on {long_date(day, ctx.locale)} (Verhandelt{place.replace(' at', ' zu')} am "
               f"{day.day}. {_MONTHS_DE[day.month - 1]} {day.year}).",
               "Before me, the undersigned notary, appeared today:" + ("\n" + "\n".join(appeared) if appeared else ""),
               f"The persons appearing asked the notary to record the following share purchase and transfer agreement, "
               f"which requires notarial form under {law}."]
    closing = ("This deed was read aloud to the persons appearing by the notary, approved by them and signed by them "
               "in their own hand (vorgelesen, genehmigt und eigenhändig unterschrieben).")
    form = f"The sale and transfer of the shares, and any amendment of this agreement, require notarial form under {law}"
    sections = []
    for s in doc.sections:
        paragraphs = []
        for p in s.paragraphs:
            if _WITNESS.match(p):
                p = closing
            elif re.fullmatch(r"Date: _+", p):
                continue  # (the deed is dated at its head, signed before the notary that day)
            elif _EMAIL_WRITING.search(p):
                p = _EMAIL_WRITING.sub("", p).rstrip(".") + f". {form}; email does not satisfy it."
            paragraphs.append(p)
        if s.heading.strip().lower() in ("signatures", "signature", "execution"):
            paragraphs.append("Notary (Notar): ____________________")
        sections.append(s.model_copy(update={"paragraphs": paragraphs}))
    first = sections[0]
    sections[0] = first.model_copy(update={"paragraphs": [*opening, *first.paragraphs]})
    subtitle = f"{roll} | Notarial deed{place}, {long_date(day, ctx.locale)}"
    return doc.model_copy(update={"subtitle": subtitle, "sections": sections})


_MONTHS_DE = ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",
              "November", "Dezember")

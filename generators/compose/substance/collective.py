"""A collective agreement (a social plan, a collective labour agreement) between an employer and the unions: every union
the sides name is a party and signs, the employer is 'the Employer' (never 'the Client'), and it has a scope and term,
the benefits, a hardship and disputes committee and its final provisions; no price or consideration clause, and no
confidentiality, for it is made to be given to the employees it covers.

Blind read 34: the social plan 'names only one union as party, yet both unions signed it. It calls Eemland "the
Client", uses commercial-contract headings ("Consideration and Payment") and has a confidentiality clause on a plan
that exists to be given to employees.'
"""

from __future__ import annotations

import re

from worldsmith.generators.compose.law import governing_law
from worldsmith.generators.compose.parties import client_of, principal
from worldsmith.generators.compose.substance.common import derivation, label
from worldsmith.generators.compose.text import cap_first, noun_phrase, long_date, strip_end
from worldsmith.generators.context import ArtifactContext

# a collective agreement by its doc_type or title, in English or the matter's language
_COLLECTIVE = re.compile(r"(?i)\b(?:social plan|sociaal plan|sozialplan|plan social|collective (?:labour |labor |"
                         r"bargaining )?agreement|collectieve arbeidsovereenkomst|cao|tarifvertrag|convenio colectivo|"
                         r"accord collectif|acordo coletivo|conven[çc][ãa]o coletiva|redundancy agreement with the unions)\b")
# a party on the employees' side: a trade union (or a works council the outline makes a party to the agreement)
_UNION = re.compile(r"(?i)\b(?:trade union|labou?r union|union|vakbond|gewerkschaft|syndicat|sindicato)\b")
_PARTY_TO = re.compile(r"(?i)\bparty to the (?:social plan|agreement|collective agreement|plan)\b")
_EMPLOYER = re.compile(r"(?i)\bthe employer\b|\bemployer\b")


def is_collective(ctx: ArtifactContext) -> bool:
    """Whether the paper is a collective agreement between an employer and unions the matter names."""
    said = f"{getattr(ctx.spec, 'doc_type', '')} {ctx.spec.title}"
    return bool(_COLLECTIVE.search(said)) and bool(unions(ctx)) and bool(employer(ctx))


def employer(ctx: ArtifactContext) -> str:
    """The employer: the organisation whose role says so, else the client the author acts for."""
    named = [o.name for o in ctx.organisations if _EMPLOYER.search(re.split(r"\(", o.role or "")[0])
             and not re.search(r"(?i)\b(?:lawyers?|counsel|advis\w+|to the employer|of the employer)\b", o.role or "")]
    return named[0] if named else (client_of(ctx) or principal(ctx, ctx.author.organisation))


def unions(ctx: ArtifactContext) -> list[str]:
    """Every union the organisations name, and any other the outline makes a party to the agreement: each a party."""
    return [o.name for o in ctx.organisations
            if (_UNION.search(re.split(r"[;,]", o.role or "")[0]) or _PARTY_TO.search(o.role or ""))
            and o.name != employer(ctx)]


def _signer(ctx: ArtifactContext, name: str) -> tuple[str, str]:
    """Who signs for an organisation: a reader of it, else its first member in the cast; blanks where none."""
    people = [p for p in [*ctx.to, *ctx.cc, *ctx.cast] if p.organisation == name]
    return (people[0].name, people[0].title) if people else ("", "")


def collective_bodies(ctx: ArtifactContext) -> tuple[list[tuple[str, str]], dict[int, list[str]]]:
    """The plan and paragraphs of a collective agreement between the employer and every union."""
    boss, sides = employer(ctx), unions(ctx)
    day = long_date(ctx.spec.date, ctx.locale)  # type: ignore[union-attr]
    name = strip_end(re.sub(r"\s*\([^)]*\)\s*$", "", ctx.spec.title)).strip()
    listed = [f"({n}) {u} (a Union)" for n, u in enumerate(sides, 2)]
    parties = [f"This collective agreement ({name}) is dated {day} and made between: (1) {boss} (the Employer); "
               + "; ".join(listed[:-1]) + ("; and " if len(listed) > 1 else "") + listed[-1]
               + (", together the Unions" if len(sides) > 1 else ", the Union")
               + "; the Employer and " + ("the Unions" if len(sides) > 1 else "the Union") + " together the Parties."]
    them = "the Unions" if len(sides) > 1 else "the Union"
    recitals = [f"(A) The Employer has consulted {them} on the measures this agreement provides for the employees "
                f"affected.",
                f"(B) The Parties agree these measures to soften the consequences for those employees; the agreement "
                f"applies to each of them directly and is made known to every employee it covers."]
    inputs = [f for f in ctx.facts if not f.reason]
    terms = [f"2.{n} {cap_first(noun_phrase(label(f)))} is {f.text}." for n, f in enumerate(inputs, 1)] or \
        [f"2.1 The benefits of this agreement are those set out in Schedule 1."]
    law, _courts = governing_law(ctx.locale)
    final = [f"4.1 The Employer gives a copy of this agreement to every employee it covers and makes it available at "
             f"the workplace.",
             f"4.2 A change to this agreement is valid only if agreed in writing by all the Parties.",
             f"4.3 This agreement is governed by {law}."]
    figures = [f"({chr(97 + n)}) {cap_first(re.sub(r'^the ', '', label(f)))}: {f.text}"
               + (f", being {derivation(f, ctx.facts)}" if f.reason and derivation(f, ctx.facts) else "")
               for n, f in enumerate(ctx.facts)]
    signatures = [f"Signed by the Parties on {day}."]
    for who, role in [(boss, "the Employer"), *((u, "a Union") for u in sides)]:
        person, title = _signer(ctx, who)
        signatures += [f"Signed for and on behalf of {who} ({role}):", "Signature: ____________________",
                       f"Name: {person}" if person else "Name: ____________________",
                       f"Title: {title}" if title else "Title: ____________________"]
    plan = [("Parties", "parties"), ("Recitals", "recitals"), ("1. Scope and Term", "clause"),
            ("2. Terms of the Plan", "terms"), ("3. Hardship and Disputes Committee", "clause"),
            ("4. Final Provisions", "clause"), ("Schedule 1: The Figures", "schedule"), ("Signatures", "execution")]
    bodies = [parties, recitals,
              [f"1.1 This agreement applies to the employees of the Employer whose position ends through the "
               f"reorganisation it concerns.",
               f"1.2 It takes effect on {day} and applies to every employee whose notice is given while it runs."],
              terms,
              [f"3.1 A hardship committee of one member appointed by the Employer, one appointed by {them} and an "
               f"independent chair appointed by both decides any case in which applying this agreement would be "
               f"manifestly unreasonable for an employee.",
               f"3.2 A dispute between the Parties on the meaning of this agreement is first discussed between them; "
               f"failing agreement within four weeks, any Party may put it to the competent court."],
              final, ["The figures this agreement uses are: " + "; ".join(figures) + "." if figures else
                      "The figures this agreement uses are those of clause 2."], signatures]
    return plan, dict(enumerate(bodies))

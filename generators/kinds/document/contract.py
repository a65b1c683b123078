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


@functools.lru_cache(maxsize=4096)
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
_NOT_A_DEED = re.compile(r"(?i)\b(key terms|heads of terms|term ?sheet|terms|offer|letter of intent|LOI|memo\w*|"
                        r"note|summary|comments?|mark-?up|issues list|checklist|report|letter|minutes|presentation|"
                        r"process|bid|draft comments)\b")
_NON_BINDING = re.compile(r"(?i)\b(is|are) not (legally )?binding\b|\bthese heads of terms\b")
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
    # (only the purchase and transfer is notarised: heads of terms 'not legally binding' came out as a deed with a
    # roll number, blind read 35)
    if _NOT_A_DEED.search(title) or _NON_BINDING.search(text):
        return ""
    return law


def notarial_deed(ctx, doc):
    """A GmbH share purchase in Germany or Austria in the form of a notarial deed: the roll number and place and day
    under its title, the notary's record of the persons appearing and for whom, the form the law requires in place of
    email as writing, and the notary's closing formula in place of IN WITNESS WHEREOF; any other paper as it is."""
    import zlib

    from worldsmith.generators.compose.text import long_date

    text = "\n".join([p for s in doc.sections for p in s.paragraphs])
    law = notarial_share_sale(ctx, doc.title, text)
    if not law or not any(s.heading.strip().lower() in ("signatures", "signature", "execution") for s in doc.sections):
        return doc
    day = ctx.spec.date
    # (a notary's roll runs through the year: a deed of April has a lower number than one of May, whatever its paper)
    roll = f"UR-Nr. {day.timetuple().tm_yday * 3 + zlib.crc32(ctx.spec.id.encode()) % 3 + 10}/{day.year}"
    court = _COURTS.search(text)
    place = f" at {court[1]}" if court else ""
    # who appears is who signs: each party's signatory, acting for that party (blind read 35: the notary appeared
    # before himself, seller's counsel 'for' his own firm, and the seller's director signed without having appeared)
    lines = [p for s in doc.sections for p in s.paragraphs]
    appeared, party = [], ""
    for i, p in enumerate(lines):
        m = _SIGNED_FOR.match(p)
        if m:
            party = m[1]
        elif party and p.startswith("Name: ") and "___" not in p:
            title = next((q[len("Title: "):] for q in lines[i + 1:i + 2] if q.startswith("Title: ") and "___" not in q),
                         "")
            appeared.append(f"{len(appeared) + 1}. {p[len('Name: '):]}, " + (f"{title}, " if title else "")
                            + f"acting for {party}")
            party = ""
    # the notary who records the deed is named in it, before whom the parties appear (blind read 35: 'no notary is
    # named'): the paper's own person titled notary, or the person of a notary's office among its readers
    notary = next((p for p in [ctx.author, *ctx.to] if p is not None and re.search(r"(?i)\bnota(?:r|ry)\b", p.title)),
                  None) or next((p for p in [ctx.author, *ctx.to] if p is not None and any(
                      o.name == p.organisation and re.search(r"(?i)\bnotar", f"{o.name} {o.role}")
                      for o in ctx.organisations)), None)
    before = (f"Before me, {notary.name}, notary{place.replace(' at', ' in')}, appeared today:" if notary else
              "Before me, the undersigned notary, appeared today:")
    opening = [f"Recorded{place} on {long_date(day, ctx.locale)} (Verhandelt{place.replace(' at', ' zu')} am "
               f"{day.day}. {_MONTHS_DE[day.month - 1]} {day.year}).",
               before, *appeared,
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
            if notary is not None:
                paragraphs.append(f"Name: {notary.name}")
        sections.append(s.model_copy(update={"paragraphs": paragraphs}))
    first = sections[0]
    sections[0] = first.model_copy(update={"paragraphs": [*opening, *first.paragraphs]})
    subtitle = f"{roll} | Notarial deed{place}, {long_date(day, ctx.locale)}"
    return doc.model_copy(update={"subtitle": subtitle, "sections": sections})


_MONTHS_DE = ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",
              "November", "Dezember")


# -------------------------------------------------------------------- an undertaking given to a regulator
# An undertaking to a regulator (an enforceable undertaking under s 715 Fair Work Act, a court-enforceable undertaking,
# an assurance given to an authority) is one-sided: the company gives it, the regulator accepts it. Blind read 35's
# worst file was one drafted as a commercial contract between the two: 'Subject to contract', 'Draft prepared by' the
# regulator, 'Client means' the company, a limitation-of-liability clause and IN WITNESS WHEREOF signed for each 'Party'.
_UNDERTAKING = re.compile(r"(?i)\b(enforceable |court-enforceable |voluntary )?undertakings?\b|\bassurance of "
                          r"(voluntary compliance|discontinuance)\b")
_NOT_THE_DEED = re.compile(r"(?i)\b(proposed terms|comments?|memo|letter|response|reply|minutes|report|note|"
                           r"approval|summary|mark-?up|negotiat\w*|contrition payment and)\b")
# (the clauses a contract between two traders carries and a one-sided undertaking does not)
_BILATERAL = re.compile(r"\b(Party|Parties|Client)\b|(?i:\b(invoice|consequential loss|governed by|exclusive "
                        r"jurisdiction|this agreement|in this agreement|material breach)\b)")
_SECTION = re.compile(r"\b(?:section|s\.?)\s*[0-9]+[A-Z]?(?:\([0-9a-z]+\))*\s+of the [A-Z][\w ]+?(?:Act|Code)(?: [0-9]{4})?"
                      r"|\bsection\s*[0-9]+[A-Z]?\b")
_SIGNED_FOR = re.compile(r"^Signed for and on behalf of (.+?)(?: \([^)]*\))?:$")


def undertaking_to(ctx, title: str) -> tuple[str, str] | None:
    """Who gives the undertaking the paper's title names and the public body it is given to, or None where the paper
    is no undertaking (or the matter has no such body)."""
    from worldsmith.generators.compose.parties import principal
    from worldsmith.generators.sides import public_body

    if not _UNDERTAKING.search(title) or _NOT_THE_DEED.search(title):
        return None
    bodies = [o.name for o in getattr(ctx, "organisations", []) if public_body(o.role or "")]
    if not bodies:
        return None
    people = [p for p in [ctx.author, *ctx.to] if p is not None]
    # (the body the title names, else the one on the paper, else the matter's first: a matter can have two)
    named = [b for b in bodies if re.search(rf"(?i)\b{re.escape(re.sub(r'^(Office of|The) ', '', b))}\b", title)]
    body = next(iter(named), "") or next((p.organisation for p in people if p.organisation in bodies), bodies[0])
    givers = [principal(ctx, p.organisation) for p in people if principal(ctx, p.organisation) not in bodies]
    giver = next(iter(givers), "") or next((o.name for o in ctx.organisations if o.name not in bodies
                                            and principal(ctx, o.name) == o.name and not o.acts_for), "")
    return (giver, body) if giver else None


def _admitted(ctx, day: str) -> list[str]:
    """The facts an undertaking recites as its background: the paper's facts that are neither a sum it undertakes to
    pay nor a day (blind read 35: 'a skeletal undertaking with no factual background'), as the matter states them."""
    from worldsmith.generators.compose.text import cap_first, strip_end

    out = []
    for f in ctx.facts:
        said = strip_end(" ".join(f.statement.split()))
        if f.value.type in ("money", "date") or not said or day in said:
            continue
        if not f.establish:
            # (a paper that does not establish a fact says what it needs of it, never its statement whole: the check
            # fact_statement_established_only; the statement up to its last comma still carries the value)
            head = re.split(r"[:;]\s", said)[0]
            head = head if head != said else said.rsplit(", ", 1)[0]
            said = head if head != said and f.text.split()[0] in head and len(head.split()) >= 6 else ""
        if said:
            out.append(f"{cap_first(said)}.")
    return out[:3]


# a payment an undertaking makes, and to whom a fact says it is made ('a contrition payment of AUD 250,000 to the
# Commonwealth's Consolidated Revenue Fund')
_PAID_TO = re.compile(r"\bpayment of (?P<sum>[A-Z]{3} [\d,.]+(?: million)?) to (?P<to>(?:the )?[A-Z][\w'’&-]*(?: [A-Z][\w'’&-]*)*)")


def _payees(ctx, terms: list[str]) -> list[str]:
    """A term for each payment the undertaking's terms name without saying who receives it, where a fact does (blind
    read 35: 'Contrition payment: AUD 250,000, within 28 days' said not to whom)."""
    out = []
    for f in ctx.facts:
        m = _PAID_TO.search(" ".join(f.statement.split()))
        if m is None or f.value.type != "money" or m["sum"] != f.text:
            continue
        named = [t for t in terms if f.text in t]
        if named and not any(m["to"] in t for t in named):
            out.append(f"The {label_of(f)} of {f.text} is paid to {m['to']}.")
    return out


def with_payees(ctx, doc):
    """An undertaking to a regulator with a term saying who receives each payment its terms name without a payee,
    where a fact says (placed after the outline's points, which take the terms' place); any other paper as it is."""
    if undertaking_to(ctx, doc.title) is None:
        return doc
    at = next((i for i, s in enumerate(doc.sections) if re.search(r"(?i)terms of the undertaking|undertakings?$",
                                                                 s.heading)), None)
    if at is None:
        return doc
    s = doc.sections[at]
    more = _payees(ctx, s.paragraphs)
    if not more:
        return doc
    last = re.match(r"^(\d+)\.(\d+) ", s.paragraphs[-1]) if s.paragraphs else None
    if last:
        more = [f"{last[1]}.{int(last[2]) + n} {p}" for n, p in enumerate(more, 1)]
    sections = list(doc.sections)
    sections[at] = s.model_copy(update={"paragraphs": [*s.paragraphs, *more]})
    return doc.model_copy(update={"sections": sections})


def label_of(f) -> str:
    """A fact's label without its article ('contrition payment')."""
    return re.sub(r"^the ", "", f.label or "payment")


def _relettered(text: str) -> str:
    """A schedule's list '(a) ...; (c) ...' lettered again from (a) after an item went (and closed after its last)."""
    letters = iter("abcdefghijklmnop")
    text = re.sub(r";\s*$", ".", text)
    return re.sub(r"\([a-p]\)(?= )", lambda m: f"({next(letters)})", text)


def regulator_undertaking(ctx, doc):
    """An undertaking to a regulator in its own form: given by the company and accepted by the regulator, with the
    undertakings as its operative clauses and no contract's boilerplate; any other paper as it is."""
    from worldsmith.generators.compose.text import long_date

    who = undertaking_to(ctx, doc.title)
    if who is None or not any(s.heading.strip().lower() in ("signatures", "execution") for s in doc.sections):
        return doc
    giver, name = who
    # (a public body takes the article in running prose: 'to the Data Protection Commission'; an acronym does not)
    body = name if re.match(r"(?i)the\b|[A-Z]{2,}$", name) else f"the {name}"
    text = "\n".join([doc.title, doc.subtitle] + [p for s in doc.sections for p in s.paragraphs])
    law = _SECTION.search(doc.title) or _SECTION.search(text)
    under = f" under {law[0]}" if law else ""
    day = long_date(ctx.spec.date, ctx.locale)
    draft = re.search(r"(?i)\bdraft\b", f"{doc.title} {ctx.spec.purpose or ''}") is not None
    subtitle = (f"Draft for execution by {giver}" if draft else f"Given by {giver} to {body}{under}")
    subtitle += f" | {'Prepared' if draft else 'Accepted'} on {day}"

    def plain(p: str) -> str:
        p = re.sub(r"\bthis agreement\b", "this undertaking", p)
        p = re.sub(r"\bcommercial terms\b", "terms", p)
        return re.sub(r"\bas agreed on\b", "as given on", p)

    sections, kept = [], []
    blocks: dict[str, list[str]] = {}
    for s in doc.sections:
        low = re.sub(r"^[0-9]+\.\s*", "", s.heading.strip()).lower()
        if low == "parties":
            given = [p for p in s.paragraphs if re.search(r"(?i)\bundertaking\b", p)] or \
                [f"{giver}, which gives this undertaking; and {body}, which accepts it."]
            sections.append(s.model_copy(update={"heading": "Parties", "paragraphs": given}))
        elif low == "recitals":
            given = f"{giver} (the Company) gives this undertaking to {body}{under}, in the terms of clause 1."
            facts = _admitted(ctx, day)
            sections.append(s.model_copy(update={"paragraphs": [
                f"(A) {given}",
                *[f"({'BCDEFG'[n]}) {f}" for n, f in enumerate(facts)],
                f"({'BCDEFGH'[len(facts)]}) The undertaking takes effect when {body} accepts it, and binds the Company from then. The Company "
                f"acknowledges that {body} may publish it and may apply to the court to enforce any term the Company "
                f"does not keep."]}))
        elif low.startswith("schedule"):
            # (the undertaking's own date is when it is given, not one of its terms: blind read 35's schedule listed
            # '(a) Enforceable undertaking date: 23 June 2026'; the subtitle and the parties say it)
            own = rf"\([a-j]\) [^;:]*(?i:undertaking|accept\w*|signing|given)[^;:]*: {re.escape(day)}(?:; |\.$|$)"
            sections.append(s.model_copy(update={"paragraphs": [_relettered(re.sub(own, "", plain(p)))
                                                                for p in s.paragraphs]}))
        elif low in ("signatures", "signature", "execution"):
            current = ""
            for p in s.paragraphs:
                m = _SIGNED_FOR.match(p)
                if m:
                    current = m[1]
                    blocks[current] = []
                elif current and re.match(r"(Signature|Name|Title|Date):", p):
                    blocks[current].append(p)
        else:
            # (the composer's headings do not say what stands under them: a limitation heading held the points once)
            kept += [re.sub(r"^[0-9]+(\.[0-9]+)+\s+", "", p) for p in s.paragraphs if not _BILATERAL.search(p)]
    if kept:
        at = next((i for i, s in enumerate(sections) if s.heading.lower().startswith("schedule")), len(sections))
        first = next(s for s in doc.sections if s.heading.strip().lower() not in ("parties", "recitals"))
        kept = list(dict.fromkeys(kept))
        sections.insert(at, first.model_copy(update={"heading": "1. Terms of the Undertaking", "table": None, "paragraphs": [
            f"1.{i} {plain(p)}" for i, p in enumerate(kept, 1)]}))
    blank = ["Signature: ____________________", "Name: ____________________", "Title: ____________________",
             "Date: ____________________"]
    signed = [f"Executed by {giver} by its authorised officer:",
              *(blocks.get(giver) or blank),
              f"Accepted by {body}{under}:",
              *(blocks.get(name) or next((v for k, v in blocks.items() if k != giver), blank))]
    sig = next(s for s in doc.sections if s.heading.strip().lower() in ("signatures", "signature", "execution"))
    sections.append(sig.model_copy(update={"heading": "Execution", "paragraphs": signed}))
    return doc.model_copy(update={"subtitle": subtitle, "sections": sections})


# A point headed by the clause of the instrument it states ('Clause 3.5 (repair)', 'Clause 22.2(a) (net leverage)',
# 'Clause 26.2 and 26.19', 'Section 14 (Law)'): its number, a paragraph letter, further numbers and a name. A
# statute's subsection ('Section 18(1)') is not one.
_CITED_HEAD = re.compile(r"^(?:Clauses?|Sections?|Articles?|Cl\.|Cl[áa]usulas?|Art[íi]culos?|Clausola|Articolo|"
                         r"Artikel|"
                         r"Art\.)\s+(?P<n>\d+(?:\.\d+)*)(?P<sub>\([a-z]{1,4}\))?(?P<more>(?:\s*(?:,|and|&|y|e|und)\s*"
                         r"\d+(?:\.\d+)*(?:\([a-z]{1,4}\))?)*)(?:\s*\((?P<name>[^()]{2,60})\)|"
                         r",\s*(?P<also>[a-z][a-z ]{1,30}))?$", re.I)
# what a clause of several cited terms is headed, by what its terms say (English; elsewhere its terms' own names)
_CLAUSE_TOPICS = ((r"\bevents? of default\b|\baccelerat", "Events of Default"),
                  (r"\bebitda\b|\bleverage\b|\bnet debt\b|\binterest cover|\bdebt service\b|\bfinancial covenant",
                   "Financial Covenants"),
                  (r"\ball-lender\b|\bamendments?\b|\bwaivers?\b|\bconsent of (?:every|all)\b",
                   "Amendments and Waivers"),
                  (r"\brepair\b|\bdecorat|\byield up\b|\breinstat|\balterations?\b", "Tenant's Covenants"),
                  (r"\brent review\b|\breview date\b", "Rent Review"), (r"\broyalt|\bnet sales\b", "Royalties"),
                  (r"\baudit\b", "Audit"), (r"\bpollution\b|\bOPA\b", "Oil Pollution"),
                  (r"\bliabilit|\bindemn", "Liability"))
# a covenant's operative verb, which a clause of covenants writes as 'To keep ...'
_COVENANT_VERB = re.compile(r"^(?:keep|redecorate|decorate|remove|reinstate|yield|repair|pay|use|comply|maintain|"
                            r"insure|"
                            r"permit|allow|provide|deliver|ensure|not)\b")


def clause_topic(text: str) -> str:
    """What a clause stating `text` is headed ('Financial Covenants', 'Events of Default'); '' where none shows."""
    return next((h for pattern, h in _CLAUSE_TOPICS if re.search(pattern, text, re.I)), "")


def _defines(term: str, text: str) -> bool:
    """Whether a term's name is a defined term its text defines ('Consolidated EBITDA': 'operating profit ...')."""
    return bool(term) and len(term.split()) <= 4 and all(w[:1].isupper() for w in term.split()) and text[:1].islower() \
        and not _COVENANT_VERB.match(text)


def cited_clause_points(points: list, title: str) -> list[tuple[str, str, str, str, object]]:
    """The points that state a clause of the instrument by its number: (number, paragraph letter, name, text, point)."""
    out = []
    for p in points:
        m = _CITED_HEAD.match((p.heading or "").strip())
        if m:
            out.append((m.group("n"), m.group("sub") or "", (m.group("name") or "").strip(), p.text.strip(), p))
            if m.group("also"):
                out[-1] = (*out[-1][:2], "", *out[-1][3:])  # (a further term of the clause, 'Clause 41.3, waiver')
    return out


def _top(heading: str) -> int | None:
    m = re.match(r"^(\d+)\.\s+", heading)
    return int(m.group(1)) if m else None


def _bare_head(heading: str) -> str:
    return re.sub(r"^\d+\.\s+", "", heading).strip()


_FRAME = re.compile(r"(?i)\b(?:parties|recitals|background|definitions?|interpretation|grant)\b")


def _alone_shows(section, sections: list, title: str) -> bool:
    """Whether the section alone, of the paper's sections, shows a part its title's genre must contain."""
    genre = genre_named(title)
    if genre is None:
        return False
    rest = "\n".join(p for s in sections if s is not section for p in s.paragraphs)
    own = "\n".join(section.paragraphs)
    return any(re.search(p.pattern, own) for p in lacking(genre, rest))


def clause_sections(sections: list, points: list, title: str, trailing) -> tuple[list, list, list[tuple[int, str]]]:
    """An instrument with each point that states one of its clauses by number ('Clause 3.5 (repair): keep the
    premises ...') laid as that clause, under its own number, the clauses in number order and the boilerplate after
    them numbered on: (sections, the points left to place, the paragraphs the cited clauses displaced). Blind read 36:
    a facilities agreement whose '22. Governing Law' stood over the leverage covenant its own text put at 'Clause
    22.2(a)', a lease extract with repair at cl. 4.1 against the schedule's 3.5, 3.6 and 3.14. `trailing(section)`
    says whether a section is the instrument's boilerplate, schedules or execution."""
    from worldsmith.generators.compose.text import cap_first

    cited = cited_clause_points(points, title)
    if not cited:
        return sections, points, []
    groups: dict[int, list] = {}
    for c in cited:
        groups.setdefault(int(c[0].split(".")[0]), []).append(c)
    # the boilerplate the operative clauses end on: the run of trailing sections after the last operative one (a
    # lease's '1. Definitions' before its grant is no boilerplate at the end)
    last = max((i for i, s in enumerate(sections) if _top(s.heading) is not None and not trailing(s)), default=-1)
    at_end = next((i for i, s in enumerate(sections) if i > last and trailing(s)), None)
    operative = [s for i, s in enumerate(sections) if _top(s.heading) is not None and (at_end is None or i < at_end)]
    extract = bool(re.search(r"(?i)\b(?:extracts?|excerpts?)\b", title))
    words = lambda text: set(re.findall(r"[a-z]{5,}", text.lower()))  # noqa: E731
    new: dict[int, object] = {}
    names: set[str] = set()
    for top, group in sorted(groups.items()):
        said = " ".join(f"{c[2]} {c[3]}" for c in group)
        # one term's clause is headed by its name ('Oil Pollution'), unless the term is a definition the clause gives;
        # else the clause's subject by what its terms say, once in the paper
        named = [c for c in group if c[2]]
        one = len({c[0] for c in group}) == 1 and named and not _defines(named[0][2], named[0][3])
        name = "" if one else next((h for pattern, h in _CLAUSE_TOPICS if re.search(pattern, said, re.I) and
                                    h.lower() not in names), "")
        if not name and one:
            group = named + [c for c in group if not c[2]]
            name = group[0][2]
            name = " ".join(w if w[:1].isupper() else cap_first(w) for w in name.split()) if len(name.split()) <= 4 \
                else cap_first(name)
        else:
            if not name:
                # the composer's clause on the same subject gives its heading, else the first term's name
                best = max(operative, key=lambda s: len(words(" ".join(s.paragraphs)) & words(said)), default=None)
                name = _bare_head(best.heading) if best is not None and words(" ".join(best.paragraphs)) & words(said) \
                    else cap_first(next((c[2] for c in group if c[2]), f"Clause {top}"))
        names.add(name.lower())
        paras: list[str] = []
        subs = sorted(group, key=lambda c: [int(x) for x in c[0].split(".")[1:]] or [0])
        numbers: list[str] = []
        for k, (number, letter, term, text, _) in enumerate(subs, 1):
            no = number if "." in number else f"{number}.{k}"
            text = text.rstrip()
            if not text.endswith((".", ";", ":")):
                text += "."
            if _COVENANT_VERB.match(text):
                body = f"To {text}"  # (a covenant of a clause of covenants: '3.5 To keep the premises ...')
            elif _defines(term, text):
                body = f"\u201c{term}\u201d means {text}"  # (a defined term the clause defines)
            else:
                body = cap_first(text)
            if no in numbers:
                # (two terms of one sub-clause, 'Clause 41.3 (Oil Pollution)' and 'Clause 41.3, waiver': one paragraph)
                paras[numbers.index(no)] += f" {body}"
                continue
            numbers.append(no)
            paras.append(f"{no} {letter + ' ' if letter else ''}{body}")
        new[top] = (f"{top}. {name}", paras)
    from worldsmith.worlds.content import Section

    lost: list[tuple[int, str]] = []
    kept = []
    for i, s in enumerate(sections):
        top = _top(s.heading)
        is_trailing = at_end is not None and i >= at_end
        if top is not None and not is_trailing and (top in new or _bare_head(s.heading).lower() in names or (
                extract and not re.search(r"(?i)definition|interpretation", s.heading) and not
                words(_bare_head(s.heading)) & words(title))):
            # a clause of the composer's under a cited clause's number or subject (or, in an extract, one the title
            # does not name) gives way to the clause as the instrument states it; an extract keeps its parties,
            # recitals and definitions, and any clause that alone shows a part of its genre (contracts.yaml)
            if top in new or not (_FRAME.search(s.heading) or _alone_shows(s, sections, title)):
                lost.extend((top, p) for p in s.paragraphs)
                continue
        kept.append((i, s))
    head = [s for i, s in kept if _top(s.heading) is None and (at_end is None or i < at_end) and
            not any(_top(t.heading) is not None for j, t in kept if j < i)]
    body = [s for i, s in kept if s not in head and (at_end is None or i < at_end)]
    body += [Section(heading=h, paragraphs=ps) for h, ps in new.values()]
    # (a part of no number stays after the clause it followed: a charter's 'Part II and riders')
    place, at = {}, 0
    for s in body:
        at = _top(s.heading) if _top(s.heading) is not None else at
        place[id(s)] = at + (0 if _top(s.heading) is not None else 0.5)
    body.sort(key=lambda s: place[id(s)])
    tail = []
    n = max(_top(s.heading) or 0 for s in body)
    moved: dict[int, str] = {}
    for i, s in kept:
        if at_end is None or i < at_end:
            continue
        old = _top(s.heading)
        if old is None:
            tail.append(s)
            continue
        if re.match(r"(?i)^(?:schedule|annex|appendix|signatures?|execution)\b", _bare_head(s.heading)):
            # (a schedule or the execution is no clause: 'Schedule 1', never '42. Schedule 1' with a '42.1')
            tail.append(s.model_copy(update={"heading": _bare_head(s.heading), "paragraphs": [
                re.sub(rf"^{old}\.\d+\s+", "", p) for p in s.paragraphs]}))
            continue
        n += 1
        moved[old] = str(n)
        tail.append(s.model_copy(update={"heading": re.sub(r"^\d+\.", f"{n}.", s.heading), "paragraphs": [
            re.sub(rf"^{old}\.(\d)", rf"{n}.\1", p) for p in s.paragraphs]}))
    # a reference to a clause of the paper follows it to its new number; one to a clause an extract leaves out names
    # its subject ('as varied under the rent review provisions'), never the number another clause now has
    gone = {_top(s.heading): _bare_head(s.heading).lower() for s in sections if s not in [t for _, t in kept] and
            _top(s.heading) is not None and _top(s.heading) not in new}

    def ref(m: re.Match) -> str:
        k = int(m.group(2))
        if k in moved:
            return f"{m.group(1)} {moved[k]}"
        if k in gone:
            return f"the {gone[k]} provisions"
        return m.group(0)
    refs = re.compile(r"\b([Cc]lauses?)\s+(\d+)\b(?!\.\d|\s+of\s+(?!this\b))")
    fix = lambda s: s if s.heading in [h for h, _ in new.values()] else s.model_copy(  # noqa: E731
        update={"paragraphs": [refs.sub(ref, p) for p in s.paragraphs]})
    left = [p for p in points if not any(c[4] is p for c in cited)]
    out = [fix(s) for s in head + body + tail]
    # a displaced paragraph comes back, if at all, to the clause that took its number (numbered on there)
    where = {_top(s.heading): i for i, s in enumerate(out) if _top(s.heading) in new}
    first = min(where.values())
    return out, left, [(where.get(top, first), re.sub(r"^\d+(?:\.\d+)+\s+", "", p)) for top, p in lost]

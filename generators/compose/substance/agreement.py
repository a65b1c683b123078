"""Agreements: the clause the facts cite under its own number with its operative words, the other terms in the clause
they belong to, and a date before the matter for an executed copy."""

from __future__ import annotations

import datetime as dt
import re

from worldsmith.generators.compose.bank import Picker, picker_for
from worldsmith.generators.compose.text import cap_first, long_date, lower_first, strip_end
from worldsmith.generators.context import ArtifactContext, FactRef
from worldsmith.generators.compose.substance.common import cited_clause, gist, identity, label, plain
from worldsmith.generators.compose.law import dispute_clause, governing_law, stated_law


# Words of a title or purpose that make the paper an executed copy of an earlier agreement, produced now.
# (an annex, appendix or exhibit is a part of a contract in force, produced: "Full-Service Agreement: availability
# guarantee and LD schedule (Annex 5)" was drafted on the matter's day, 28 months after the takeover it serves)
_EXECUTED = re.compile(r"\b(executed|as produced|as signed|as amended|signed copy|charter party|charterparty|extracts?|"
                       r"excerpts?|annex(?:es)?|appendix|appendices|exhibit)\b", re.I)


def executed_on(ctx: ArtifactContext) -> dt.date:
    """The date an agreement was made: before the matter began for an executed copy produced now (a charter party
    governs the voyage it precedes), else the document's own date."""
    day = ctx.spec.date  # type: ignore[union-attr]
    from worldsmith.generators.compose.substance.lease import is_premises_lease, lease_granted

    if is_premises_lease(ctx) and lease_granted(ctx) is not None:
        # a lease is dated the day its term begins in the outline's history (read 15: a 2021 lease 'dated 3 February
        # 2026')
        return lease_granted(ctx)  # type: ignore[return-value]
    text = f"{ctx.spec.title} {getattr(ctx.spec, 'purpose', '')} {getattr(ctx.spec, 'doc_type', '')}"
    period = _PERIOD.search(" ".join(ctx.spec.title.split()))  # type: ignore[union-attr]
    if period:
        # an order or a renewal for a period is signed before the period begins (read 14: the Order Form 'for the
        # subscription year from October 1, 2025', produced in February 2026)
        try:
            begins = dt.datetime.strptime(f"{period.group('m')} {period.group('d')} {period.group('y')}",
                                          "%B %d %Y").date()
        except ValueError:
            begins = None
        if begins is not None and begins < day:
            back = 14 + int.from_bytes(ctx.spec.id.encode()[:4].ljust(4, b"0"), "big") % 30
            made = begins - dt.timedelta(days=back)
            while made.weekday() >= 5:
                made -= dt.timedelta(days=1)
            return made
    if not _EXECUTED.search(text):
        stated = stated_date(ctx)
        # an instrument the matter says was made before it began is that instrument, produced now, whatever its title
        # says (blind read 30: a refund guarantee the facts say was issued in March 2024, 'dated 19 August 2026')
        return stated if stated is not None and stated < min(ctx.window_start or day, day) else day
    from worldsmith.generators.compose.substance.settlement import is_settlement

    if is_settlement(ctx) and not re.search(r"(?i)\b(extracts?|excerpts?|annex(?:es)?|appendix|exhibit)\b", text):
        # a settlement is made on the day the matter records it and signed that day, its executed copy included
        # (blind read 29: a deed of settlement 'dated 3 Aug but signed 1 Jul')
        return stated_date(ctx) or day
    stated = stated_date(ctx)
    if stated is not None and stated < day:
        # the day the summary or the facts say it was made ('an Aircraft Lease Agreement dated March 22, 2016'),
        # never a few weeks before the matter (read: an executed 2016 lease dated 21-60 days before the window)
        return stated
    back = 21 + int.from_bytes(ctx.spec.id.encode()[:4].ljust(4, b"0"), "big") % 40
    year = signed_year(ctx)
    if year is not None and year < day.year:
        # the year the outline says it was signed ('The agreement as signed in 2023'), before the first day of that
        # year the matter names (read 14: an MSA 'dated Dec 31, 2025, yet the Order Form year runs from Oct 1, 2025 and
        # backdating reaches Oct 2023')
        named = [d for d in matter_dates(ctx) if d.year == year]
        made = (min(named) - dt.timedelta(days=back)) if named else dt.date(year, 3 + back % 8, 1 + back % 27)
        while made.weekday() >= 5:
            made -= dt.timedelta(days=1)
        return made
    start = min(ctx.window_start or day, day)
    if _SERVICES.search(ctx.spec.title):  # type: ignore[union-attr]
        # a services agreement whose work the matter examines was made before that work, not weeks before the matter
        # (read 14: 'The agreement is dated April 9, 2026, after the July 2025-March 2026 review period in which the
        # contractor's coding is at issue')
        back += 365
    made = start - dt.timedelta(days=back)
    history = [d for d in matter_dates(ctx) if d < made]
    if history:
        # a contract in force when the matter's history began was made before it: never after the takeover or the
        # go-live it governs (blind read 27: an agreement dated after the go-live it governs)
        made = min(history) - dt.timedelta(days=back)
    while made.weekday() >= 5:
        made -= dt.timedelta(days=1)
    return made


_PERIOD = re.compile(r"\bfor the (?:[a-z]+ )?(?:year|term|period|quarter|season)s? (?:from|beginning|starting|commencing) "
                     r"(?P<m>January|February|March|April|May|June|July|August|September|October|November|December) "
                     r"(?P<d>\d{1,2}),? (?P<y>\d{4})\b")
_ORDER = re.compile(r"\border form\b", re.I)
_MASTER = re.compile(r"\b((?:Master|Framework|Global)(?: [A-Z][a-z]+){0,3} Agreement)\b")
_SERVICES = re.compile(r"\b(?:services|outsourcing|billing|coding|maintenance|support|hosting|management|consulting)"
                       r"\s+(?:services\s+)?agreement\b", re.I)
_SIGNED_IN = re.compile(r"\b(?:signed|made|executed|entered into|dated|concluded)\s+in\s+(?P<y>(?:19|20)\d\d)\b", re.I)


def signed_year(ctx: ArtifactContext) -> int | None:
    """The year the title or purpose says the agreement was signed ('as signed in 2023'), or the year the matter names
    it by ('the 2022 facilities agreement', 'the senior facilities agreement of 2022'); None if none does."""
    m = _SIGNED_IN.search(f"{ctx.spec.title} {getattr(ctx.spec, 'purpose', '')}")
    if m:
        return int(m.group("y"))
    # (blind read 36: 'the clauses of the 2022 facilities agreement', dated 9 December 2025 and in breach three
    # weeks later)
    own = " ".join(ctx.spec.title.lower().split())  # type: ignore[union-attr]
    for text in [getattr(ctx.spec, "purpose", "") or "", *(f.statement for f in ctx.facts), ctx.world_summary or ""]:
        for m in [*_YEAR_NAMED.finditer(" ".join(text.split())), *_NAMED_OF_YEAR.finditer(" ".join(text.split()))]:
            words = m.group("name").lower().split()[-2:]
            if " ".join(words) in own:
                return int(m.group("y"))
    return None


# an agreement the matter names by its year: 'the 2022 facilities agreement', 'the facilities agreement of 2022'
_INSTRUMENT = r"(?:[A-Za-z-]+\s+){0,4}?(?:agreement|lease|contract|deed|charter ?party|charter)"
_YEAR_NAMED = re.compile(rf"\b(?:the|its|an?)\s+(?P<y>(?:19|20)\d\d)\s+(?P<name>{_INSTRUMENT})\b", re.I)
_NAMED_OF_YEAR = re.compile(rf"\b(?P<name>{_INSTRUMENT})\s+of\s+(?P<y>(?:19|20)\d\d)\b(?![,/-]?\s*\d)", re.I)


def matter_dates(ctx: ArtifactContext) -> list[dt.date]:
    """Every full date the summary and the facts' statements write ('October 1, 2023', '1 October 2023')."""
    out = []
    for text in [ctx.world_summary, *(f.statement for f in ctx.facts)]:
        text = " ".join((text or "").split())
        for m in re.finditer(rf"\b(?:(?P<d1>\d{{1,2}})\s+(?P<m1>{_MONTHS})|(?P<m2>{_MONTHS})\s+(?P<d2>\d{{1,2}}),?)\s+"
                             rf"(?P<y>\d{{4}})", text):
            try:
                out.append(dt.datetime.strptime(f"{m.group('d1') or m.group('d2')} {m.group('m1') or m.group('m2')} "
                                                f"{m.group('y')}", "%d %B %Y").date())
            except ValueError:
                continue
    return out


_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
_DATED = re.compile(rf"\b(?:dated|made on|signed on|entered into on|executed on)\s+(?:the\s+)?"
                    rf"(?:(?P<d1>\d{{1,2}})\s+(?P<m1>{_MONTHS})|(?P<m2>{_MONTHS})\s+(?P<d2>\d{{1,2}}),?)\s+(?P<y>\d{{4}})")


def stated_date(ctx: ArtifactContext) -> dt.date | None:
    """The day the matter says the agreement was made: '<its name> dated March 22, 2016' in the summary or in a fact
    of the agreement (by its name, or by its kind's last word: 'the Lease Agreement dated ...'); None if none says."""
    return stated_in(ctx.spec.title, [ctx.world_summary, *(f.statement for f in ctx.facts)])  # type: ignore[union-attr]


def stated_in(title: str, texts: list[str]) -> dt.date | None:
    """The day `texts` (a summary, facts' statements) say the agreement titled `title` was made ('<its name> dated
    March 22, 2016', '<its name> of 1 June 2021'); None if none says."""
    from worldsmith.generators.compose.substance.articles import agreement_name

    name = agreement_name(title)
    # 'Merger agreement extract' is the merger agreement's: the summary names the agreement, not the extract
    words = [w for w in re.findall(r"[A-Za-z]+", name) if w.lower() not in ("the", "a", "an", "and", "of", "extract",
                                                                          "excerpt", "extracts", "excerpts", "copy")]
    if not words:
        return None
    tail = re.escape(" ".join(words[-2:]) if len(words) >= 2 else words[-1])
    head = _HEAD.search(name)
    if head and not name.endswith(head.group(0)):
        # a name that runs on past its head noun ('Shipbuilding Contract for Hull No. S-8123', 'Refund Guarantee No.
        # RG-17') is cited by the words up to it: 'the shipbuilding contract of February 28, 2024' (blind read 30: the
        # extract dated 22 January in its text and 28 February in the credit review beside it)
        tail = rf"(?:{tail}|{re.escape(head.group(0))})"
    if re.fullmatch(r"[A-Z]{2,5}", words[-1]):
        # an agreement named by its initials is the one the summary spells out (read 20: the 'SPA extract' dated
        # December 4, 2025 against 'a share purchase agreement of March 3, 2025')
        spelt = r"[\s-]+".join(c + r"[a-z]*" for c in words[-1])
        tail = rf"(?:{tail}|{spelt})"
    for text in texts:
        text = " ".join((text or "").split())
        for m in [*_DATED.finditer(text), *_OF_DATE.finditer(text), *_ISSUED_ON.finditer(text)]:
            before = text[max(0, m.start() - 80):m.start()]
            # 'dated ...' may follow the name a few words on; '... of March 15, 2024' names the agreement right before;
            # 'X issued <its name> in favour of Y on March 8, 2024' gives the day it was made after the name, in the
            # same sentence (blind read 30: a guarantee issued in 2024 dated as the 2026 copy produced to the bank)
            near = rf"\b{tail}\s*$" if m.re is _OF_DATE else rf"\b{tail}\b"
            if m.re is _ISSUED_ON:
                # the instrument is what was issued, not a paper under it ('signed the order under the Agreement on')
                if not re.match(rf"(?:(?:the|an?)\s+)?{re.escape(words[0])}\b", m.group("what"), re.I):
                    continue
                before = m.group("what")
            if not re.search(near, before, re.I):
                continue
            month = m.group("m1") or m.group("m2")
            try:
                return dt.datetime.strptime(f"{m.group('d1') or m.group('d2')} {month} {m.group('y')}",
                                            "%d %B %Y").date()
            except ValueError:
                continue
    return None


# The head noun of an instrument's name: where a name that runs on ('... Contract for Hull No. 8') is cut to be cited.
_HEAD = re.compile(r"^(?:[A-Z][\w-]*\s+){0,4}?(?:Agreement|Contract|Guarantee|Lease|Deed|Charter(?:party| Party)?|"
                   r"Bond|Indemnity|Letter of Credit|Policy)\b")
# 'Bank X issued Guarantee No. 17 in favour of Y on March 8, 2024': the day an instrument was issued or signed, given
# after its name within the sentence (no full stop between but a number's 'No.')
_ISSUED_ON = re.compile(rf"\b(?:issued|signed|executed|granted|entered into|concluded)\s+(?P<what>(?:[^.;]|\b[Nn]o\.\s|\.(?=\S)){{3,160}}?)\s+"
                        rf"on\s+(?:the\s+)?(?:(?P<d1>\d{{1,2}})\s+(?P<m1>{_MONTHS})|(?P<m2>{_MONTHS})\s+(?P<d2>\d{{1,2}}),?)"
                        rf"\s+(?P<y>\d{{4}})")
# 'the credit agreement of March 15, 2024': an agreement named with its date
_OF_DATE = re.compile(rf"\bof\s+(?:(?P<d1>\d{{1,2}})\s+(?P<m1>{_MONTHS})|(?P<m2>{_MONTHS})\s+(?P<d2>\d{{1,2}}),?)\s+"
                      rf"(?P<y>\d{{4}})")


_UNDER = re.compile(rf"\b(?:an?|the)\s+(?P<name>(?:[A-Z][\w-]*\s+){{0,4}}(?:Agreement|Lease|Contract|Charter(?:party)?))"
                    rf"\s+dated\s+(?:(?P<d1>\d{{1,2}})\s+(?P<m1>{_MONTHS})|(?P<m2>{_MONTHS})\s+(?P<d2>\d{{1,2}}),?)"
                    rf"\s+(?P<y>\d{{4}})")


def underlying(ctx: ArtifactContext) -> tuple[str, dt.date, str] | None:
    """(name, date, short name) of the agreement the summary or the facts say the parties made earlier ('an Aircraft
    Lease Agreement dated March 22, 2016'), where this agreement is another one; None if none is named."""
    for text in [ctx.world_summary, *(f.statement for f in ctx.facts)]:
        m = _UNDER.search(" ".join((text or "").split()))
        if not m:
            continue
        name = m.group("name").strip()
        if name.lower() in ctx.spec.title.lower():  # type: ignore[union-attr]
            return None
        month = m.group("m1") or m.group("m2")
        try:
            day = dt.datetime.strptime(f"{m.group('d1') or m.group('d2')} {month} {m.group('y')}", "%d %B %Y").date()
        except ValueError:
            continue
        short = next((w for w in ("Lease", "Charter", "Contract") if w.lower() in name.lower()), "Agreement")
        return name, day, short
    return None


_BOILERPLATE = re.compile(r"(?i)\b(?:governing law|jurisdiction|notices?|confidential\w*|entire agreement|counterparts|"
                         r"assignment|term and termination|termination)\b")
_POINT_CLAUSE = re.compile(r"^(?:Clauses?|Sections?|Articles?)\s+(\d+(?:\.\d+)*)", re.I)
# 'Clause 22.2(a) requires net leverage ... to be no more than 5.50x': the clause's requirement in its own words
_REQUIRES = re.compile(r"^(?:Clause|Section|Article)\s+[\d.]+(?:\([a-z]+\))?\s+(?:requires|provides that|states that|says "
                       r"that)\s+(?P<what>.+?)(?:\s+to be\s+(?P<be>.+))?$", re.I)


def _point_states(ctx: ArtifactContext, number: str) -> list[str]:
    """The texts of the paper's points headed by the clause `number` (or by a clause it is part of or holds)."""
    out = []
    for p in getattr(ctx.spec, "points", None) or []:
        m = _POINT_CLAUSE.match((p.heading or "").strip())
        if m and (m.group(1) == number or number.startswith(m.group(1) + ".") or m.group(1).startswith(number + ".")):
            out.append(p.text)
    return out


def operative_words(statement: str, number: str) -> str:
    """A fact's statement of what a clause requires, as the clause itself says it ('Clause 22.2(a) requires net leverage
    ... to be no more than 5.50x' -> 'net leverage ... shall be no more than 5.50x'); '' where it does not say so."""
    m = _REQUIRES.match(strip_end(" ".join(statement.split())))
    if not m:
        return ""
    what, rest = m.group("what"), ""
    if m.group("be"):
        be, _, rest = m.group("be").partition(";")
        what = f"{what} shall be {be}"
    else:
        what, _, rest = what.partition(";")
    return what + (f"; {rest.strip()}" if rest.strip() else "")


def _subject(text: str) -> str:
    """A clause's heading by what it says (the covenant, the default, the liability)."""
    from worldsmith.generators.kinds.document.contract import clause_topic

    return clause_topic(text) or "Undertakings"


def syndicate(ctx: ArtifactContext, first: str, second: str) -> tuple[list[str], str]:
    """For a syndicated facilities agreement between an agent and a borrower: the lenders the cast names (the agent
    first where it lends too) and the party that is also its security agent ('' where none is); ([], '') for any other
    agreement. Blind read 36: a facilities agreement 'signed only by agent and borrower (no lenders, no security
    agent)'."""
    if not re.search(r"(?i)\b(?:facilit(?:y|ies)|credit|loan) agreement\b", ctx.spec.title):  # type: ignore[union-attr]
        return [], ""
    one, two = party_roles(ctx, first, second)
    if "Lender" in (one, two) or not {one, two} & {"Agent", "Administrative Agent", "Security Agent", "Arranger"}:
        return [], ""
    lenders = [o.name for o in ctx.organisations if re.search(r"(?i)\blenders?\b", o.role or "") and not re.search(
        r"(?i)\b(?:to|for|of|by|instructed by|among)\s+(?:the\s+|all\s+)?lenders?\b|\bcounsel\b|\badvis[eo]r",
        re.split(r"[;,]", o.role or "")[0] if re.search(r"(?i)\bcounsel\b|\badvis", re.split(r"[;,]", o.role or "")[0])
        else o.role or "")]
    lenders = sorted(lenders, key=lambda n: n not in (first, second))
    security = next((n for n in (first, second) for o in ctx.organisations if o.name == n and
                     re.search(r"(?i)\bsecurity (?:agent|trustee)\b", o.role or "")), "")
    return lenders, security


def party_roles(ctx: ArtifactContext, first: str, second: str) -> tuple[str, str]:
    """What each party is called in the agreement, from its role ('Owners', 'Charterers'), else 'the first Party'."""
    spec = getattr(ctx, "spec", None)
    if _SHARE_SALE.search(f"{getattr(spec, 'title', '')} {getattr(spec, 'doc_type', '')}"):
        # (a share purchase's parties are its Seller and its Buyer, whatever their roles elsewhere in the matter)
        return share_sale_roles(ctx, first, second)
    def called(name: str) -> str:
        here = next((o for o in ctx.organisations if o.name == name), None)
        if here is None and re.search(r"(?i)\b(bid ?co|acqui ?co|newco)\b", name):
            return "Buyer"  # (a vehicle the outline names only in its buyer's role: 'through Kranich BidCo GmbH')
        # (what each clause of the role says the organisation is, before whom it is that to: a sponsor 'investor in
        # the borrower' is no Borrower, counsel 'to the buyer' no Buyer)
        # (each 'and' starts a clause of its own: 'maker of cereal bars and buyer under the supply agreement' is a
        # buyer)
        role = "; ".join(re.split(r"\s(?:in|of|to|for|by|under|with|from|owned|owning)\s", c)[0]
                         for c in re.split(r";|,|\sand\s", here.role.lower())) if here is not None else ""
        if any("insurer" in (o.role or "").lower() for o in ctx.organisations if o.name in (first, second)):
            # between an insurer and its insured the parties are those, whatever their roles elsewhere (read 12:
            # a recovery agreement that 'calls the insured "the Buyer"')
            return "Insurer" if "insurer" in role else "Insured"
        # (a borrower is the Borrower, not 'the Client' its counsel's role also names: session 16's credit agreement)
        # (a bank that arranges the facility is the Arranger in it, never 'the Client' of the lenders' counsel: blind
        # read 27)
        # (a facility or security agent is the Agent, never 'the Client' of its own counsel: blind read 36)
        for word, term in (("borrower", "Borrower"), ("administrative agent", "Administrative Agent"),
                           ("facility agent", "Agent"), ("security agent", "Security Agent"), ("lender", "Lender"),
                           ("arranger", "Arranger"), ("lessor", "Lessor"), ("lessee", "Lessee"), ("licensor", "Licensor"),
                           ("licensee", "Licensee"),
                           ("landlord", "Landlord"), ("tenant", "Tenant"),
                           ("charterer", "Charterers"), ("owner", "Owners"), ("buyer", "Buyer"), ("seller", "Sellers"),
                           ("supplier", "Supplier"),
                           ("contractor", "Contractor"), ("acquisition vehicle", "Buyer"), ("bidco", "Buyer"),
                           ("client", "Client"), ("vendor", "Vendor")):
            if word in role:
                if term == "Sellers" and not re.search(r"\bsellers\b", role):
                    return "Seller"  # one seller is the Seller (read 31: 'Veldspan Resources Limited (the Sellers)')
                if term == "Owners" and not re.search(r"\b(charter|vessel|ship|tanker|hull)", " ".join(
                        o.role or "" for o in ctx.organisations), re.I):
                    # a building's owner is one party (read 19: 'the owner is called "the Owners"'); shipowners are
                    # the Owners in a charter's own usage
                    return "Owner"
                return term
        return ""
    return called(first), called(second)


def _own_role(ctx: ArtifactContext, name: str) -> str:
    """What an organisation's role says it is, before whom it is that to ('counsel to the buyer' is counsel)."""
    here = next((o for o in ctx.organisations if o.name == name), None)
    return "; ".join(re.split(r"\s(?:in|of|to|for|by|under|with|from|owned|owning)\s", c)[0]
                     for c in re.split(r";|,|\sand\s", (here.role or "").lower())) if here is not None else ""


_SELLS = re.compile(r"\b(sell(?:ers?|ing)?|vendors?|dispos\w*|transferor)\b")
_BUYS = re.compile(r"\b(buy(?:ers?|ing)?|purchas\w*|acqui\w*|bid ?co|newco|transferee|investors?|funds?)\b")


def share_sale_roles(ctx: ArtifactContext, first: str, second: str) -> tuple[str, str]:
    """The parties of a share purchase as it styles them: the Seller (or Sellers) and the Buyer, by which of them
    sells; the first named sells where neither role says (blind read 37: an SPA that called the seller 'the
    Client', another defining 'Client means ...' and the buyer fund as itself)."""
    def term(role: str, selling: bool) -> str:
        return ("Sellers" if re.search(r"\bsellers\b|\bvendors\b", role) else "Seller") if selling else "Buyer"

    r1, r2 = _own_role(ctx, first), _own_role(ctx, second)
    if re.search(r"(?i)\b(bid ?co|acqui ?co|newco)\b", first):
        r1 += " buyer"
    if re.search(r"(?i)\b(bid ?co|acqui ?co|newco)\b", second):
        r2 += " buyer"
    first_sells = bool(_SELLS.search(r1)) or bool(_BUYS.search(r2)) or not (_SELLS.search(r2) or _BUYS.search(r1))
    return term(r1, first_sells), term(r2, not first_sells)


_STANDING = {
    "scope": ("{a} and {b} agree the terms on which this agreement is performed, as set out in its clauses and in "
              "Schedule 1. Where a clause and Schedule 1 differ, the clause prevails.",
              "This agreement sets out the terms on which {a} and {b} perform it, in its clauses and in Schedule 1. If "
              "a clause conflicts with Schedule 1, the clause governs.",
              "The clauses and Schedule 1 together state the terms agreed between {a} and {b}. In case of conflict the "
              "clauses take precedence over Schedule 1."),
    "consideration": ("In consideration of the obligations in this agreement, each Party shall pay the amounts Schedule 1 "
                      "provides, within thirty days of a correct invoice. Late payment carries interest at the rate "
                      "Schedule 1 states.",
                      "Each Party shall pay the sums due from it under Schedule 1 within thirty days of receiving a "
                      "correct invoice. Interest runs on late payment at the rate set in Schedule 1.",
                      "The amounts provided in Schedule 1 are payable within thirty days of a valid invoice. Sums paid "
                      "late bear interest at the Schedule 1 rate."),
    "conditions": ("This agreement takes effect on signature by both Parties. Each Party confirms that it holds every "
                   "consent it needs to enter into it.",
                   "This agreement comes into force when both Parties have signed it. Each Party confirms it has obtained "
                   "all consents required to enter into it.",
                   "Signature by both Parties brings this agreement into effect; each Party confirms it holds the "
                   "consents it needs."),
    "warrant": ("Each Party warrants that it has power to enter into and perform this agreement. Each warrants that doing "
                "so breaches no other obligation binding on it.",
                "Each Party warrants its power and authority to enter into and perform this agreement, and that doing "
                "so does not breach any obligation binding on it.",
                "Each Party represents that it is duly authorised to enter into this agreement and that its performance "
                "will not breach any other obligation it owes."),
    "liabil": ("Save as provided in {ref}, neither Party is liable to the other for indirect or consequential loss. "
               "Nothing in this agreement limits liability for fraud.",
               "Except under {ref}, neither Party shall be liable to the other for any indirect or consequential loss. "
               "Liability for fraud is not limited.",
               "Subject to {ref}, no Party is liable for indirect or consequential loss of the other; nothing here "
               "excludes liability for fraud."),
    "confidential": ("Each Party shall keep the terms of this agreement confidential. This does not apply to a disclosure "
                     "required by law, by a court or by a regulator.",
                     "The terms of this agreement are confidential to the Parties, save for any disclosure that law, a "
                     "court or a regulator requires.",
                     "Neither Party shall disclose the terms of this agreement except as required by law, a court or a "
                     "regulator."),
    "termination": ("This agreement continues until the obligations under it have been performed. Either Party may "
                    "terminate it on written notice for a material breach not remedied within thirty days.",
                    "This agreement remains in force until fully performed. Either Party may end it by written notice "
                    "if the other commits a material breach and fails to remedy it within thirty days.",
                    "The agreement runs until its obligations are performed, but either Party may terminate on written "
                    "notice for a material breach left unremedied for thirty days."),
    "governing": ("This agreement is governed by {law}. Each Party submits to the exclusive jurisdiction of {courts}.",
                  "This agreement shall be governed by {law}, and the Parties submit to the exclusive jurisdiction of "
                  "{courts}.",
                  "This agreement and any dispute under it are governed by {law}; the courts with exclusive jurisdiction "
                  "are {courts}."),
}


# A tanker voyage charter on a printed form (ASBATANKVOY, BPVOY, Shellvoy) is its Part I boxes (the vessel, laydays,
# ports, cargo, freight, laytime, demurrage) and the form's Part II, with rider clauses after; the litigation reader
# rejected an ASBATANKVOY with no freight or laytime.
_CHARTER = re.compile(r"\b(charter ?party|charterparty|asbatankvoy|bpvoy|shellvoy|voyage charter)\b", re.I)
_PLACE = re.compile(r"\b(?:at|off|into|inbound at|bound for) (?:the )?([A-Z][a-z]+(?: [A-Z][a-z]+)? (?:Pass|Bay|Port|Harbou?r|"
                    r"Channel|River|Sound|Roads))\b")


# A share purchase is paid at closing against the transfer of the shares and ends only if closing fails by the long-stop
# date; its seller's liability is what its warranty clauses say (blind read 35's notarial SPA carried a services
# contract's 'within thirty days of a correct invoice' and 'terminate ... for a material breach not remedied within
# thirty days').
_SHARE_SALE = re.compile(r"(?i)\bshare (purchase|sale|transfer)\b[^:]*\bagreement\b|\bSPA\b(?![^:]*\b(key terms|"
                         r"terms|summary|memo|note|comments?|mark-?up)\b)|\b(geschäfts)?anteils?(kauf|abtretung)s?vertrag|"
                         r"\bkauf- und abtretungsvertrag")
_SHARE_SALE_TERMS = {
    "consideration": "The purchase price is paid on the closing date in immediately available funds, against the "
                     "transfer of the shares, to the account the Seller names in writing.",
    "termination": "Either Party may withdraw from this agreement by written notice if a closing condition is neither "
                   "satisfied nor waived by the long-stop date. After closing it cannot be rescinded; a breach of "
                   "warranty gives the remedies the warranty clauses provide, and no other.",
    "liabil": "The Seller's liability for the warranties is limited as the warranty clauses provide. Nothing in this "
              "agreement limits liability for fraud or wilful misconduct.",
    "conditions": "Closing takes place on the fifth business day after the last closing condition is satisfied or "
                  "waived. The shares pass to the Buyer on closing.",
}


# A licence of patents, know-how or marks grants rights under them for a royalty the licensee reports and the licensor
# may audit; a software licence is a subscription to a service (blind read 37: a patent licence 'as produced' whose
# text was 'Licensor provides its software platform as a hosted subscription service', with no grant clause and no
# licensed patents)
_IP_LICENCE = re.compile(r"(?i)\b(?:patent|know-?how|technology|trade ?marks?|brand|IP|intellectual property)\b"
                         r"[\w ,&/-]{0,30}\blicen[cs]e\b|\blicen[cs]e\b[\w ]{0,20}\b(?:of|under) (?:the )?"
                         r"(?:[\w-]+ )?(?:patents?|know-how|marks?)\b")
_SOFTWARE = re.compile(r"(?i)\b(software|saas|subscription|platform|end[- ]user|cloud|hosted)\b")
# a patent or application as the record numbers it ('US Patent No. 9,412,778', 'EP 3 214 556 B1')
_PATENT_NO = re.compile(r"\b(?:(?:U\.?S\.?|European|EP|GB|DE|WO|JP|CN) ?)?(?:Patent|Application|Pat\.)"
                        r"(?: Application)?(?: No\.?| Number)? ?[0-9][0-9,./ ]{4,}[0-9](?: ?[AB][12])?\b|\b(?:EP|US|GB|DE|WO)"
                        r" ?[0-9][0-9 ,./]{5,}[0-9](?: ?[AB][12])?\b")


def is_ip_licence(ctx: ArtifactContext) -> bool:
    """Whether the agreement is a licence of patents, know-how or marks (not of software): by its title, or a
    licence agreement in a matter whose summary is about patents or know-how."""
    title = f"{ctx.spec.title} {getattr(ctx.spec, 'doc_type', '') or ''}"
    if _SOFTWARE.search(title):
        return False
    if _IP_LICENCE.search(title):
        return True
    return bool(re.search(r"(?i)\blicen[cs]e agreement\b|^\s*licen[cs]e\b", title)) and \
        bool(re.search(r"(?i)\bpatent|\bknow-?how\b", ctx.world_summary or "")) and \
        not _SOFTWARE.search(ctx.world_summary or "")


def licensed_patents(ctx: ArtifactContext) -> list[str]:
    """The patents the record numbers (facts, points, summary), as it writes them; none invented."""
    texts = [f.statement for f in ctx.facts] + [f.text for f in ctx.facts] + \
        [getattr(p, "text", "") for p in getattr(ctx.spec, "points", None) or []] + [ctx.world_summary or ""]
    return list(dict.fromkeys(m.group(0).strip(" ,.") for t in texts for m in _PATENT_NO.finditer(t or "")))


def licence_terms(ctx: ArtifactContext, a: str, b: str) -> dict[str, str]:
    """A patent or know-how licence's own clauses by the standing clause they take the place of: the grant (scope),
    the royalty, its reports and their audit (consideration), the licence's term."""
    return {
        "scope": (f"{a} grants {b} a non-exclusive, non-transferable licence under the Licensed Patents to make, have "
                  f"made, use, sell, offer for sale and import Licensed Products during the term of this agreement. "
                  f"{b} may not sublicense without {a}'s prior written consent, and every right not expressly granted "
                  f"is reserved to {a}."),
        "consideration": (f"{b} shall pay {a} a running royalty on the Net Sales of Licensed Products at the rate "
                          f"Schedule 1 states, for each calendar quarter, within forty-five days of its end, with a "
                          f"royalty report stating the units sold, the gross amounts invoiced, the deductions taken, the "
                          f"Net Sales and the royalty due. Royalties paid late bear interest at the rate Schedule 1 "
                          f"states. "
                          # (the audit right with the royalty it checks: a standing clause without a fact of its own
                          # may become the governing-law clause, compose.py)
                          f"{b} shall keep complete and accurate records of the Licensed Products it makes and sells and "
                          f"of the royalties due on them. {a} may, on reasonable written notice and not more than once in "
                          f"a calendar year, have an independent accountant inspect those records; {b} shall pay any "
                          f"underpayment the audit finds, with interest, and the cost of the audit where Schedule 1 so "
                          f"provides."),
        "termination": (f"This agreement continues until the last of the Licensed Patents expires. {a} may terminate it "
                        f"by written notice if {b} fails to pay a royalty when due or commits another material breach "
                        f"and does not remedy it within thirty days of notice; royalties accrued before termination "
                        f"remain payable."),
    }


# An expert's mission letter (a valuer's or an expert determiner's terms of appointment: a French 'lettre de mission'
# under art. 1592 Code civil) is made by the parties who appoint, with the expert, and states the mission, the
# timetable and the fees; blind read 37 had one with the mission under 'Limitation of Liability' and the sellers left
# out of the parties.
_MISSION = re.compile(r"(?i)\bmission letter\b|\blettre de mission\b|\bletter of (?:appointment|engagement) of (?:the |an )?"
                      r"(?:independent )?expert\b|\bexpert(?:'s)? (?:mission|appointment|terms of (?:reference|"
                      r"appointment))\b|\bterms of (?:reference|appointment)\b[^:]*\bexpert\b")
_EXPERT_ROLE = re.compile(r"(?i)\b(expert|valuer|appraiser|independent accountants?)\b")


def mission_parties(ctx: ArtifactContext) -> tuple[list[tuple[str, str]], str] | None:
    """([(appointing party, its term)], the expert) of an expert's mission letter; None where the paper is no mission
    letter or the matter names no expert."""
    if not _MISSION.search(f"{ctx.spec.title} {getattr(ctx.spec, 'doc_type', '') or ''}"):
        return None
    expert = next((o.name for o in ctx.organisations if _EXPERT_ROLE.search(_own_role(ctx, o.name))), None)
    if expert is None:
        return None
    sellers = [o.name for o in ctx.organisations if o.name != expert and _SELLS.search(_own_role(ctx, o.name))]
    buyers = [o.name for o in ctx.organisations if o.name != expert and _BUYS.search(_own_role(ctx, o.name))
              and o.name not in sellers]
    if not (sellers and buyers):
        return None
    many = bool(re.search(r"\bsellers\b|\bvendors\b", _own_role(ctx, sellers[0])))
    return [(sellers[0], "Sellers" if many else "Seller"), (buyers[0], "Buyer")], expert


def mission_terms(ctx: ArtifactContext, appointers: list[tuple[str, str]], expert: str) -> dict[str, tuple[str, str]]:
    """The clauses of an expert's mission letter by the standing clause whose place they take: (heading, words)."""
    who = " and the ".join(t for _, t in appointers)
    words = " ".join([ctx.world_summary or ""] + [f.statement for f in ctx.facts])
    french = re.search(r"(?i)\b(?:article|art\.?)\s*1592\b", words)
    under = next((m.group(0) for m in re.finditer(r"(?i)\bClause\s+\d+(?:\.\d+)*(?: of the [A-Z][\w ]{1,40}?(?=[,.;]| "
                                                  r"refers| provides| requires))?", words)), "")
    due = next((f for f in ctx.facts if f.value.type == "date" and re.search(r"(?i)\bdetermin|\breport|\bdeliver",
                                                                             f.statement)), None)
    return {
        "scope": ("The Mission",
                  f"The {who} jointly appoint the Expert" + (f" under {under}" if under else "") +
                  (", as the third party to whom the price is left under article 1592 of the Code civil," if french
                   else "") + " to determine the amount in dispute between them, and the Expert accepts the mission. "
                  "The Expert acts as an expert and not as an arbitrator; its determination binds the Parties, save "
                  "for manifest error."),
        "termination": ("Timetable",
                        f"Each of the {who} sends the Expert its written submissions, with the documents it relies "
                        f"on, within twenty business days of this letter, and may reply to the other's within ten "
                        f"business days of receiving them. The Expert may ask either of them for information, copying "
                        f"the other, and delivers its reasoned determination to both "
                        + (f"by {due.text}." if due else "within sixty business days of this letter.")),
        "consideration": ("Fees",
                          f"The Expert's fees and expenses are borne by the {who} in equal shares, unless the Expert "
                          f"decides otherwise in its determination, and are invoiced to each of them."),
        "liabil": ("Independence and Liability of the Expert",
                   f"The Expert confirms that it is independent of each of the {who} and will disclose at once any "
                   f"circumstance that may affect its independence. The Expert is not liable for anything done in "
                   f"carrying out the mission, save for fraud or wilful misconduct."),
    }


def is_charter(ctx: ArtifactContext) -> bool:
    """Whether the agreement is a voyage charter party."""
    return bool(_CHARTER.search(f"{ctx.spec.title} {getattr(ctx.spec, 'doc_type', '')}"))


_LOAD_PORTS = ("Coveñas, Colombia", "Bonny Offshore Terminal, Nigeria", "Cabinda, Angola",
               "Basrah Oil Terminal, Iraq", "Ras Tanura, Saudi Arabia")


_POINT_LAYTIME = re.compile(r"\blaytime\b[^.\d]{0,40}?(\d{2,3})\s*(?:running\s+)?hours", re.I)
_POINT_DEMURRAGE = re.compile(r"\bdemurrage\b[^.\d]{0,40}?USD\s?(\d{1,3}(?:,\d{3})+|\d{4,6})\b", re.I)
_POINT_WORLDSCALE = re.compile(r"\bWorldscale\s+(\d{2,3})\b", re.I)


def charter_part_one(ctx: ArtifactContext, made: dt.date, owners: str, charterers: str) -> list[str]:
    """A voyage charter's Part I boxes, as the form prints them: the vessel (from the facts), laydays a few weeks
    after signing and before the matter, the discharge place named in the matter's summary, the cargo, a Worldscale
    freight rate, laytime, demurrage, commission and the place of arbitration. The commercial terms are the
    engine's, fixed by a digest of the matter (no ledger fact is a term of Part I)."""
    h = int.from_bytes(ctx.world_title.encode()[:8].ljust(8, b"0"), "big") ^ len(ctx.world_title)
    vessel = next((f.text for f in ctx.facts if identity(f) and re.search(r"\b(M/T|MT|M/V|MV|SS)\b", f.text)), "")
    start = min(ctx.window_start or made, ctx.spec.date)  # type: ignore[union-attr]
    opens = made + dt.timedelta(days=14 + h % 10)
    if opens >= start - dt.timedelta(days=3):
        opens = start - dt.timedelta(days=8)
    closes = opens + dt.timedelta(days=2)
    place = _PLACE.search(ctx.world_summary)
    discharge = f"1 safe berth, {place.group(1)} area, US Gulf" if place else "1-2 safe ports, in Charterers' option"
    crude = re.search(r"\bcrude\b", ctx.world_summary, re.I)
    cargo = "Crude oil in bulk, Charterers' option, part cargo" if crude else "A full cargo as declared by Charterers"
    # a fixture names its load port (read 10: 'a charter party headed "Executed copy" ... an unnamed load port'): a
    # crude export terminal that ships to the US Gulf, fixed by the matter's digest like the other boxes
    load = f"1 safe berth, {_LOAD_PORTS[h // 11 % len(_LOAD_PORTS)]}" if crude else \
        "1 safe port, US Gulf, in Charterers' option"
    day = lambda d: long_date(d, ctx.locale)  # noqa: E731
    demurrage = 28000 + (h // 7 % 18) * 1000
    # a term the outline's points fix is the form's too (the tanker example's rider says 'Laytime: 72 running
    # hours' and Part I (H) had drawn 96: one charter, two laytimes; genre10's report)
    said = " ".join(f"{getattr(p, 'heading', '') or ''}: {getattr(p, 'text', '')}."
                    for p in (getattr(ctx.spec, "points", None) or []))
    laytime = _POINT_LAYTIME.search(said)
    hours = int(laytime.group(1)) if laytime else (72, 84, 96)[h % 3]
    rate = _POINT_DEMURRAGE.search(said)
    demurrage = int(rate.group(1).replace(",", "")) if rate else demurrage
    scale = _POINT_WORLDSCALE.search(said)
    return [f"The following particulars are agreed between {owners} (Owners) and {charterers} (Charterers), "
            f"and this charter incorporates Part II of the printed form and the rider clauses that follow.",
            f"(A) Description of vessel: {vessel or 'as nominated by Owners'}; double hull; classed with a member of "
            f"IACS; carrying capacity as described in Owners' questionnaire (Q88).",
            f"(B) Laydays: commencing {day(opens)}, cancelling {day(closes)}.",
            f"(C) Loading port(s): {load}.",
            f"(D) Discharging port(s): {discharge}.",
            f"(E) Cargo: {cargo}.",
            f"(F) Freight rate: Worldscale {scale.group(1) if scale else 100 + h % 60} on the basis of the Worldscale "
            f"Schedule in force on the date of loading.",
            "(G) Freight payable to: Owners' nominated account, on completion of discharge.",
            f"(H) Total laytime in running hours: {hours} hours, Sundays and holidays included.",
            f"(I) Demurrage per day: USD {demurrage:,} pro rata.",
            f"(J) Commission of {(1.25, 2.5)[h % 2]}% on freight, deadfreight and demurrage is payable by Owners.",
            "(K) General average and arbitration: New York, under the rules of the Society of Maritime Arbitrators."]


def sectioned_bodies(ctx: ArtifactContext, n: int, first: str, second: str
                     ) -> tuple[list[tuple[str, str]], dict[int, list[str]]]:
    """The plan and paragraphs of a commercial agreement laid out in the articles its facts and the summary cite
    (articles.sectioned_agreement): the supplying party and the buying party by their roles; a fact the articles do
    not state is a term of Schedule 1."""
    from worldsmith.generators.compose.substance.articles import agreement_kind, insurer_and_insured, \
        recovery_agreement, sectioned_agreement

    pair = insurer_and_insured(ctx, first, second)
    if pair is not None:
        # the party the claim is against: the matter's opposing party, never one of the two signing (nor its counsel)
        against = next((o.name for o in ctx.organisations if o.name not in (first, second) and
                        re.search(r"\bopposing party\b|\brespondent\b|\bdefendant\b", o.role, re.I) and
                        not re.search(r"\bcounsel\b", o.role.split(";")[0], re.I)), "")
        counsel = ctx.author.organisation if ctx.author.organisation not in (first, second) else ""
        return recovery_agreement(ctx, n, *pair, against, counsel)
    one, two = party_roles(ctx, first, second)
    # the party that gives (supplies, leases, licenses) and the one that takes, by the agreement's kind: a lease's
    # parties are its Lessor and Lessee, never a goods contract's Supplier and Buyer
    short = lambda name: next((w for w in re.findall(r"[A-Z][\w&-]+", name) if w not in ("The", "A")), name)  # noqa
    give, take = {"goods": ("Supplier", "Buyer"), "lease": ("Lessor", "Lessee")}.get(
        agreement_kind(ctx), (short(first), short(second)))
    supplies = {"Supplier", "Sellers", "Seller", "Vendor", "Contractor", "Lessor", "Licensor", "Landlord"}
    if two in supplies or (one not in supplies and one in ("Buyer", "Lessee", "Licensee", "Tenant")):
        if agreement_kind(ctx) not in ("goods", "lease"):
            give, take = take, give  # each party by its own name
        a_name, a, b = second, two or give, one or take
    else:
        a_name, a, b = first, one or give, two or take
    plan, out = sectioned_agreement(ctx, n, first, second, a, b, a_name)
    written = " ".join(p for ps in out.values() for p in ps)
    made = executed_on(ctx)
    # a term of the agreement as made: never a figure or a date of the matter years later (an executed 2016 lease
    # listing 'the 2028 rate' or a payment date of May 19, 2028 among its commercial terms)
    # nor a provision's own number ('(a) Audit clause: Section 9.4' in the schedule of the agreement whose Section 9.4
    # it is: read 14)
    left = [f for f in ctx.facts if f.text not in written and not identity(f) and
            not re.fullmatch(r"(?:Section|Clause|Article)\s+\d+(?:\.\d+)*(?:\([a-z]+\))?", f.text.strip()) and
            not any(int(y) > made.year for y in re.findall(r"\b(?:19|20)\d\d\b", f.statement)) and
            not (f.value.type == "date" and f.value.value > made)]
    if left:
        at = next(i for i, (_, k) in enumerate(plan) if k == "schedule")
        out[at] = out[at] + ["The commercial terms are: " + "; ".join(
            f"({'abcdefghij'[i]}) {cap_first(_term_name(f))}: {f.text}" for i, f in enumerate(left[:10])) + "."]
    return plan, out


def agreement_bodies(pick: Picker, ctx: ArtifactContext, plan: list[tuple[str, str]], first: str, second: str
                     ) -> tuple[dict[int, list[str]], dict[int, str]]:
    """Paragraphs (unnumbered) of an agreement's sections, and new headings: the clause the facts cite written under
    its own number ('41. Oil Pollution', with 41.3 as the facts state it), the others as an agreement has them."""
    from worldsmith.generators.compose.substance.employment import employment_bodies, is_employment, parties_of

    if is_employment(ctx):
        return employment_bodies(ctx, plan, *parties_of(ctx, first))
    one, two = party_roles(ctx, first, second)
    if (one, two) == ("Charterers", "Owners"):
        first, second, one, two = second, first, two, one  # a charter party names the Owners first
    mission = mission_parties(ctx)
    if mission is not None:
        # (the expert is appointed by both sides: the parties are those who appoint and the expert)
        (first, one), (second, two) = mission[0]
    a, b = (one or first), (two or second)
    made = long_date(executed_on(ctx), ctx.locale)
    # (the law the record says governs the agreement, else its country's: one law in every clause)
    law, courts = stated_law(ctx) or governing_law(ctx.locale)
    # (a mission letter cites the clause of the agreement it is made under; it has none of its own to write)
    cited = cited_clause(ctx.facts) if mission is None else None
    out: dict[int, list[str]] = {}
    heads: dict[int, str] = {}
    kinds = [k for _, k in plan]
    clause_at = None
    if cited is not None:
        # the cited clause goes where the agreement's liability terms would be, else in its last operative clause
        named = [i for i, (h, k) in enumerate(plan) if k == "clause" and "liabil" in h.lower()]
        operative = [i for i, k in enumerate(kinds) if k == "clause"]
        clause_at = (named or operative[-1:] or [None])[0]
    ref = f"Clause {cited[0]}" if cited else "Schedule 1"
    # Each standing clause in the forms drafters use: one matter's recurring fixtures or renewals share their terms,
    # not their every word (weekly copies of one form were 81-88% alike at x80).
    generic = {k: pick.frame(v).format(a=a, b=b, ref=ref, law=law, courts=courts) for k, v in _STANDING.items()}
    sent = dispute_clause(courts, ctx.world_title, ctx.world_summary)
    if not sent.startswith("each Party submits"):
        # (a matter in arbitration was arbitrated under the contract's own clause: no court has exclusive jurisdiction)
        generic["governing"] = f"This agreement is governed by {law}, and {sent}."
    duties = _duties(ctx, first, second)
    if cited is None:
        # no clause to except: the exclusion stands on its own, and a services contractor's liability has its cap in
        # words (read 12: 'Except under Schedule 1, neither Party shall be liable ...')
        # (drafted as each firm's precedent has it, from the stream of wordings: the one fixed clause stood word for
        # word in every room's agreements, issue 17)
        generic["liabil"] = pick.reword(
            "[~Neither Party is liable to the other|Neither Party shall be liable to the other] for [~indirect or "
            "consequential loss|any indirect or consequential loss|any indirect, special or consequential loss]. "
            + ("{a}'s total liability in any contract year is limited to the charges paid to it in that year. "
               if duties else "") + "[~Nothing in this agreement limits liability for fraud|Liability for fraud is "
            "not limited|Nothing in this agreement limits or excludes liability for fraud].").format(a=a)
    if duties:
        # a services contract runs for a term and renews (read 12: 'It has no term ("continues until the obligations
        # ... have been performed")')
        generic["termination"] = (f"This agreement runs for an initial term of three years from its date and renews for "
                                  f"successive one-year terms unless either Party gives ninety days' written notice "
                                  f"before the end of a term. Either Party may terminate it on written notice for a "
                                  f"material breach not remedied within thirty days, and {b} may terminate it if a "
                                  f"service level is missed in two consecutive periods.")
    charter = is_charter(ctx)
    order = _ORDER.search(f"{ctx.spec.title} {getattr(ctx.spec, 'doc_type', '')}") is not None
    if charter:
        # a charter's commercial terms are its Part I boxes, not a schedule; its rider clauses are a charter's own
        # (freight and demurrage, the vessel's US compliance, seaworthiness), not a services contract's ('generic
        # commercial-contract clauses 3-6 ... interest "at the rate set in Part I" (no rate is set)')
        generic = {k: v.replace("Schedule 1", "Part I") for k, v in generic.items()}
        generic.update(_CHARTER_RIDERS)
    share_sale = not charter and _SHARE_SALE.search(f"{ctx.spec.title} {getattr(ctx.spec, 'doc_type', '')}") is not None
    if share_sale:
        generic.update(_SHARE_SALE_TERMS)
        # its operative clause is the sale and purchase, and its price moves as the deal's mechanism says (blind
        # read 37: SPA extracts with a services contract's 'terms on which this agreement is performed')
        words = " ".join([ctx.world_summary or ""] + [f.statement for f in ctx.facts])
        # (whichever is named first: a BidCo is often party (1))
        sells, buys = (a, b) if a.startswith("Seller") else (b, a)
        generic["scope"] = (f"The {sells} shall sell and the {buys} shall buy the Shares, with full title guarantee "
                            f"and free from any encumbrance, together with all rights attaching to them at closing.")
        if re.search(r"(?i)\blocked[- ]box\b", words):
            generic["scope"] += (f" The price is fixed on the locked-box accounts and is not adjusted; the {sells} "
                                 f"pay{'' if sells == 'Sellers' else 's'} the {buys} the amount of any leakage from the "
                                 f"locked-box date to closing.")
        else:
            generic["scope"] += (" The price is adjusted, up or down, by the difference between the net debt and "
                                 "working capital in the completion accounts and their estimates at closing, and the "
                                 "adjustment is paid within ten business days after the completion accounts are "
                                 "agreed or determined.")
    missions = mission_terms(ctx, mission[0], mission[1]) if mission is not None else {}
    generic.update({k: v for k, (_, v) in missions.items()})
    licence = not charter and not duties and not missions and is_ip_licence(ctx)
    patents = licensed_patents(ctx) if licence else []
    if licence:
        generic.update(licence_terms(ctx, a, b))
    cited_body: list[str] = []
    if cited is not None:
        # the operative words of the clause, as the facts state them (a gist: never the whole statement, which is the
        # establishing paper's alone, save in its own words where this paper is the one establishing it)
        cited_body = [gist(f, ctx.facts) or (operative_words(f.statement, cited[0]) if f.establish else "")
                      for f in cited[2] if not identity(f)]
        # (where the outline's points state the clause under its number, its words are theirs: the points are then
        # laid as that clause, contract.clause_sections, and the facts that cite it are read there, never hedged
        # into the parties: blind read 36, 'As the documents stand, Clause 22.2(a) requires ...' under Parties)
        cited_body = _point_states(ctx, cited[0]) or cited_body
        cited_body = [cap_first(strip_end(x)) + "." for x in dict.fromkeys(cited_body) if x]
        capped = [f for f in cited[2] if f.value.type == "money"]
        if capped and not any(capped[0].text in x for x in cited_body):
            cited_body.append(f"The liability of {b} under this Clause shall not exceed {capped[0].text} per incident.")
        if not cited_body:
            clause_at = None  # (no words to state: no clause under a borrowed heading with an empty paragraph)
    for i, (heading, k) in enumerate(plan):
        low = heading.lower()
        if i == clause_at and cited is not None:
            number, name, facts = cited
            top = number.split(".")[0]
            body = list(cited_body)
            # (a clause named by what it says, never by the boilerplate heading it took the place of: blind read 36's
            # leverage covenant under '22. Governing Law and Jurisdiction')
            title = name or (re.sub(r"^\d+\.\s*", "", heading) if not _BOILERPLATE.search(heading) else
                             _subject(" ".join(body)))
            heads[i] = f"{top}. {title}"
            subs = number.split(".")[1:]
            capped = [f for f in facts if f.value.type == "money"]
            lead = [f"This Clause applies notwithstanding any other provision of this agreement.",
                    f"Each Party shall notify the other in writing of any claim under Clause {number} within thirty "
                    f"days of receiving it."]
            if not capped and not re.search(r"(?i)\bliab|\bindemn|\bclaim|\bloss", " ".join(body) + " " + title):
                # (a covenant's clause opens on its own terms, not on a liability clause's claims procedure)
                lead = [f"In this Clause {top}, a term defined elsewhere in this agreement has the same meaning.",
                        f"This Clause {top} applies for so long as any obligation under this agreement is outstanding."]
            n = int(subs[0]) if subs and subs[0].isdigit() else 1
            rows = (lead * 5)[:max(0, n - 1)] + [" ".join(body)]
            out[i] = rows if subs else [" ".join(body)]
            continue
        if k == "parties":
            # a syndicated facility is made with its lenders as well as their agent (blind read 36: a facilities
            # agreement 'made between' the agent and the borrower alone)
            lenders = "Lender" not in (one, two) and bool({one, two} & {"Agent", "Administrative Agent", "Security Agent",
                                                                          "Arranger"}) and \
                bool(re.search(r"(?i)\b(?:facilit(?:y|ies)|credit|loan) agreement\b", ctx.spec.title))
            named, security = syndicate(ctx, first, second)
            # (each lender the matter names by its name, and the agent as security agent where it is one)
            banks = (", ".join(named[:-1]) + " and " + named[-1]) if len(named) > 1 else "".join(named)
            out[i] = [f"This {'Order Form' if order else 'agreement'} is dated {made} and made between (1) {first}"
                      + (f" (the {one})" if one else "")
                      + (", " if lenders or mission else " and ") + f"(2) {second}" + (f" (the {two})" if two else "")
                      + (f" and (3) {mission[1]} (the Expert)" if mission else "")
                      + ((f", (3) {banks} and the other financial institutions listed in Schedule 1 as original lenders "
                          f"(the Original Lenders)" if named else ", (3) the financial institutions listed in Schedule 1 "
                          "as original lenders (the Original Lenders)") + (f" and (4) {security} as security agent for "
                                                                           f"the Secured Parties (the Security Agent)"
                                                                           if security else "") if lenders else "")
                      + " (each a Party)."]
        elif k == "recitals" and order:
            # an order form is made under the master agreement the matter names, for the period its title gives
            # (read 14: 'Not an order form. It is a Quorvex "Internal" prose note')
            master = _MASTER.search(ctx.world_summary or "")
            period = _PERIOD.search(" ".join(ctx.spec.title.split()))
            things = [f for f in ctx.facts if identity(f)]
            out[i] = [(f"(A) This Order Form is made under the {master.group(1)} between the Parties, whose terms "
                       f"apply to it; a term defined there has the same meaning here." if master else
                       "(A) This Order Form is made under the master agreement between the Parties, whose terms apply "
                       "to it."),
                      f"(B) It sets out the subscription ordered" +
                      (f" for {things[0].text}" if things else "") +
                      (f" for the {period.group(0).split('for the ', 1)[1]}" if period else "") +
                      ", the quantities and the fees."]
        elif k == "recitals" and charter:
            # a charter opens on its Part I boxes, where another agreement has its recitals
            heads[i] = re.sub(r"^(\d+\.\s*)?.*$", lambda m: f"{m.group(1) or ''}Part I", heading)
            out[i] = charter_part_one(ctx, executed_on(ctx), first, second)
        elif k == "recitals":
            things = [f for f in ctx.facts if identity(f)]
            about = f" in respect of {things[0].text}" if things else ""
            out[i] = [f"(A) {first} and {second} have agreed terms{about}, as set out below.",
                      f"(B) The Parties record those terms in this agreement, made on {made}."]
            if mission:
                out[i] = [f"(A) The {a} and the {b} disagree on an amount their agreement leaves to an expert to "
                          f"determine.",
                          f"(B) They appoint {mission[1]} (the Expert) to determine it, and the Expert accepts the "
                          f"mission on the terms of this letter, made on {made}."]
            if licence:
                # a licence recites what is licensed, as the record numbers it, and what for
                owned = (f"the patents listed in Schedule 1 ({', '.join(patents)}) (the Licensed Patents)" if patents
                         else "the patents that claim the Licensed Products (the Licensed Patents)")
                out[i] = [f"(A) {a} owns {owned}.",
                          f"(B) {b} wishes to make and sell Licensed Products under the Licensed Patents, and {a} has "
                          f"agreed to grant it a licence for the royalties and on the terms of this agreement, made on "
                          f"{made}."]
            trade = _trade(ctx, first, second)
            if duties and trade and works_accounts(duties):
                # a services contract recites the business engaged and what it is engaged for (read 15: 'The recitals
                # say nothing ("have agreed terms, as set out below")')
                out[i] = [f"(A) {a} carries on business as a provider of {trade} services.",
                          f"(B) {b} wishes to engage {a} to provide those services for the accounts it refers, and {a} "
                          f"has agreed to provide them, on the terms of this agreement, made on {made}."]
            under = underlying(ctx)
            if under is not None:
                # a side letter or a settlement recites the agreement it is made under, as the summary names it
                # ('an Aircraft Lease Agreement dated March 22, 2016'), not 'have agreed terms' from nothing
                name, day, short = under
                ta, tb = (f"the {t}" if t in (one, two) and t else t for t in (a, b))
                out[i] = [f"(A) {cap_first(ta)} and {tb} are parties to the {name} dated {long_date(day, ctx.locale)} "
                          f"(the {short})" + (f", under which {ta} leases {things[0].text} to {tb}" if things and
                                              (a, b) == ("Lessor", "Lessee") else "") + ".",
                          f"(B) {cap_first(ta)} and {tb} have agreed the terms below in connection with the {short}, "
                          f"and record them in this agreement, made on {made}."]
            if re.search(r"\bas amended\b|\bamendment\b", ctx.spec.title, re.I):
                # (an amendment the matter does not date is not dated: blind read 36's 2022 facilities agreement read
                # 'amended by a letter agreement of' a day two weeks after signing, which nothing in the file held)
                copy = long_date(ctx.spec.date, ctx.locale)  # type: ignore[union-attr]
                out[i].append(f"(C) This copy sets out the agreement as amended and in force on {copy}; the terms as "
                              f"amended are those in the clauses below and in Schedule 1.")
        elif k == "schedule" and charter:
            out[i] = [f"Part II of the printed form applies as printed, save as amended by Part I and by the rider "
                      f"clauses; where they conflict, the rider clauses prevail. Made on {made}."]
        elif k == "schedule":
            listed = [f for f in ctx.facts if not identity(f) and (cited is None or f not in cited[2])]
            rows = "; ".join(f"({'abcdefghij'[n]}) {cap_first(_term_name(f))}: {f.text}"
                             for n, f in enumerate(listed[:8]))
            amended = re.search(r"\bas amended\b|\bamendment\b", ctx.spec.title, re.I)
            # the schedule an amendment replaced says so (read 12: 'Schedule 1 is "agreed April 9", yet the recital
            # says it holds the April 23 amendments')
            when = (f"as amended and in force on {long_date(ctx.spec.date, ctx.locale)}"  # type: ignore[union-attr]
                    if amended else f"as agreed on {made}")
            out[i] = [f"Schedule 1 sets out the commercial terms referred to in this agreement, {when}. "
                      + picker_for(ctx, 16).reword("[~A term in Schedule 1 has effect as if set out in full in the "
                                                   "clauses|Schedule 1 forms part of this agreement, and its terms have "
                                                   "effect as if set out in full in the clauses|The terms in Schedule 1 "
                                                   "have effect as if set out in the body of this agreement].")
                      + (f" The terms are: {rows}." if rows else "")]
            if duties and not works_accounts(duties):
                # (another trade's services: the services, their reporting and the charges, none of them accounts)
                out[i] += [f"Part A (Services): the Services listed in the services clause.",
                           f"Part B (Reporting): {a} reports its performance of the Services to {b} monthly.",
                           f"Part C (Charges): {a}'s charges are those in the fee schedule annexed to this Schedule 1, "
                           f"invoiced monthly in arrears and payable within thirty days of a correct invoice. No other "
                           f"charge is payable unless {b} agrees it in writing."]
            elif duties:
                # a schedule of one term is no schedule (read 10: 'a services agreement with no services described
                # and a one-term schedule'): the services, the service levels and reporting, the charges, in words
                out[i] += [f"Part A (Services): the Services listed in the services clause, for every account "
                           f"{b} refers to {a}, from {duties[0].split(' ', 1)[0]} to the close of the account.",
                           f"Part B (Service levels and reporting): each service level in this Schedule is measured "
                           f"over the period it states and reported to {b} monthly, with the accounts behind any "
                           f"shortfall; a service level missed in two consecutive periods is a material breach.",
                           f"Part C (Charges): {a}'s fee is a percentage of the net cash collected on the accounts it "
                           f"handles, at the rate in the fee schedule annexed to this Schedule 1, invoiced monthly in "
                           f"arrears and payable within thirty days of a correct invoice; for each measurement period in "
                           f"which a service level is missed, {a} credits against its next invoice the fee credit that "
                           f"fee schedule sets for it. No other charge is payable unless {b} agrees it in writing."]
        elif k == "definitions":
            # (a name is no definition of itself: read 37's 'Halcyon Ridge Credit Partners means Halcyon Ridge Credit
            # Partners')
            defined = " and ".join(f"{t} means {n}" for t, n in ((a, first), (b, second)) if t != n)
            out[i] = [(f"In this agreement, {defined}. " if defined else "In this agreement, ")
                      + ("Clause headings are" if defined else "clause headings are") + " for convenience only, and a "
                      "reference to writing includes email."]
            if licence:
                out[i].append("Licensed Patents means " + (", ".join(patents) + " and " if patents else
                                                            f"the patents owned or controlled by {a} that claim the "
                                                            f"Licensed Products, with ")
                              + "their continuations, divisionals, reissues and foreign counterparts. Licensed Products "
                              "means products whose making, use or sale would, but for this agreement, infringe a valid "
                              "claim of a Licensed Patent. Net Sales means the gross amounts invoiced for Licensed "
                              "Products less returns, credits and taxes stated on the invoice.")
        elif k == "clause":
            for key, text in generic.items():
                if key in low:
                    out[i] = [text]
                    if charter and key in _RIDER_HEADS:
                        number = re.match(r"^(\d+)\.", heading)
                        heads[i] = (f"{number.group(1)}. " if number else "") + _RIDER_HEADS[key]
                    elif key in missions:
                        number = re.match(r"^(\d+)\.", heading)
                        heads[i] = (f"{number.group(1)}. " if number else "") + missions[key][0]
                    elif share_sale and key == "scope":
                        number = re.match(r"^(\d+)\.", heading)
                        heads[i] = (f"{number.group(1)}. " if number else "") + "Sale and Purchase; Price Adjustment"
                    elif licence and key in ("scope", "consideration"):
                        # (a licence's clauses are named for what they do: its grant, its royalties)
                        number = re.match(r"^(\d+)\.", heading)
                        heads[i] = (f"{number.group(1)}. " if number else "") + (
                            "Grant of Licence" if key == "scope" else "Royalties, Reports and Audit")
                    break
    if cited is not None and clause_at is not None:
        # the clauses after a rider clause continue from its number (41, 42, ...), never back to 8
        top = int(cited[0].split(".")[0])
        for j in range(clause_at + 1, len(plan)):
            name = re.sub(r"^[0-9]+[.]\s*", "", plan[j][0])
            heads[j] = f"{top + j - clause_at}. {'Part II and riders' if charter and plan[j][1] == 'schedule' else name}"
        if charter:
            # a charter's Part I boxes, its printed Part II and its signatures carry no clause number, and the rider
            # clauses run up to the one cited and on from it (read 14: 'Clauses 1-6 are not ASBATANKVOY, then the
            # numbering jumps to 41')
            def bare(j: int) -> str:
                return re.sub(r"^[0-9]+[.]\s*", "", heads.get(j, plan[j][0]))

            riders = [j for j, (_, k) in enumerate(plan) if k in ("clause", "definitions")]
            before = [j for j in riders if j < clause_at]
            after = [j for j in riders if j > clause_at]
            for n, j in enumerate(before):
                heads[j] = f"{top - len(before) + n}. {bare(j)}"
            for n, j in enumerate(after, 1):
                heads[j] = f"{top + n}. {bare(j)}"
            for j, (_, k) in enumerate(plan):
                if j not in riders and j != clause_at:
                    heads[j] = bare(j)
    # The other facts as terms of the agreement, each in the clause it belongs to: a price or a rate under
    # consideration, a date under term or conditions, anything else under scope (never a figure under governing law).
    terms = [f for f in ctx.facts if not identity(f) and (cited is None or f not in cited[2])]

    services = next((i for i, (h, k) in enumerate(plan) if k == "clause" and re.search(r"scope|service", h, re.I)),
                    None)
    if services is None and any(_SERVICE.search(label(f)) for f in terms):
        # no scope clause in the plan: the first standing clause becomes the services clause the service level sits in
        services = next((i for i, (h, k) in enumerate(plan) if k == "clause" and i != clause_at and
                         not re.search(r"governing|liabil", h, re.I)), None)
        if services is not None:
            number = re.match(r"^(\d+)\.", heads.get(services, plan[services][0]))
            heads[services] = (f"{number.group(1)}. " if number else "") + "Services and Service Levels"
            out[services] = [services_clause(ctx, a, b, first, second)]

    def home_of(f: FactRef) -> int | None:
        if services is not None and _SERVICE.search(label(f)):
            return services
        wanted = {"money": ("consideration", "scope"), "number": ("consideration", "scope"),
                  "percent": ("consideration", "scope"), "date": ("term", "conditions", "scope")}.get(
            f.value.type, ("scope", "conditions"))
        for word in wanted:
            for i, (h, k) in enumerate(plan):
                if k == "clause" and word in h.lower() and i != clause_at:
                    return i
        return next((i for i, k in enumerate(kinds) if k == "clause" and i != clause_at and
                     "governing" not in plan[i][0].lower()), None)

    for f in terms:
        at = home_of(f)
        if at is None:
            continue
        level = _LEVEL.search(" ".join(f.statement.split()))
        if at == services and _SERVICE.search(label(f)) and level:
            # the service level as the contract binds it: its direction, measurement and remedy from the statement
            out.setdefault(at, []).append(f"{a} shall keep the {_term_name(f)} {level.group('dir')} {f.text}"
                                          f"{level.group('tail') or ''}." + measured(f, a, b))
            continue
        if f.establish and f.text in f.statement and not _WORKING.search(" ".join(f.statement.split())):
            said = cap_first(strip_end(f.statement)) + "."
        else:
            more = gist(f, ctx.facts)
            more = "" if _WORKING.search(more) else more
            # (where its working was the statement, the term says how it is set: 'ten per cent of the enterprise value')
            working = re.sub(r"\bthe [\w&' -]+ \((\d+(?:\.\d+)?%)\) applied to\b", r"\1 of", f.working or "")
            basis = f", being {working}" if working and _WORKING.search(" ".join(f.statement.split())) and \
                not _WORKING.search(working) else ""
            said = cap_first(plain(f)) + basis + (f"; {lower_first(more)}." if more and f.text not in more else ".")
        out.setdefault(at, []).append(said)
    return out, heads


# a statement an instrument cannot hold as its term: the working of a figure ('The W&I limit is 10% x EUR 133,200,000
# = EUR 13,320,000') or a narration of the instrument ('The SPA adds a ticker of ...'), both in blind read 35's
# notarial SPA; such a fact is stated as the term, by its name and value
_WORKING = re.compile(r"\s[x\u00d7*]\s|\s=\s|^(?:The|This|Under the) (?:SPA|agreement|deed|contract|settlement|"
                      r"share purchase agreement)\b(?!\s+(?:is|was|shall)\b)", re.I)


# What a contractor does, by the words of its role ('outsourced coding and billing contractor'), as a services
# clause describes it: the work, not a figure.
_DUTIES = (
    (r"\bcoding\b", "coding each account from the medical record to the applicable code sets and coding guidelines, "
                    "and querying the clinician where the record does not support a code"),
    (r"\bbilling\b", "preparing and submitting each claim to the payer within its filing limits, and posting the "
                     "payer's remittance against it"),
    (r"\bbilling\b|\bdenial", "working each denial and rejection, correcting and resubmitting the claim or appealing "
                              "it, and reporting the reasons for denials"),
    (r"\bcollection|\breceivable", "following up each unpaid account until it is paid, written off with the Client's "
                                   "approval, or returned"),
    (r"\bsoftware|\bIT\b|\bhosting|\bsystems?\b", "hosting, maintaining and supporting the systems the Client uses, "
                                                 "and restoring service after an incident"),
    (r"\bfacilities|\bcleaning|\bmaintenance", "maintaining the Client's premises and plant to the standards agreed"),
    (r"\bstaffing|\bpayroll", "running the Client's payroll and related returns"),
)
# The duties of a contractor that works the client's accounts (revenue cycle: coding, billing, denials, collections):
# only such a contractor handles 'every account the client refers', bills on the cash it collects and follows payer
# rules; a hosting or facilities vendor's agreement took those words from the hospital's (blind read 30, the class:
# one trade's form fired in another's paper)
_ACCOUNT_DUTIES = {d for _, d in _DUTIES[:4]}


def works_accounts(duties: list[str]) -> bool:
    """Whether a contractor's duties are the working of the client's accounts (a revenue-cycle contractor's)."""
    return any(d in _ACCOUNT_DUTIES for d in duties)


def _duties(ctx: ArtifactContext, first: str, second: str) -> list[str]:
    """The services a contractor party performs, from its role ('outsourced coding and billing contractor'): the
    work in words; none where neither party is a contractor or its role names no work this knows."""
    for name in (first, second):
        here = next((o for o in ctx.organisations if o.name == name), None)
        if here is None or not re.search(r"\bcontractor|\bprovider|\bvendor|\boutsourc", here.role, re.I):
            continue
        role = here.role.split(";")[0]
        return list(dict.fromkeys(d for pattern, d in _DUTIES if re.search(pattern, role, re.I)))
    return []


def services_clause(ctx: ArtifactContext, a: str, b: str, first: str, second: str) -> str:
    """The services clause: what the contractor does, item by item, with the standard of care and the reporting; a
    contractor that handles patients' claims is the client's business associate and bills within the program rules
    (read 12: 'no business associate agreement (BAA) or compliance clauses')."""
    duties = _duties(ctx, first, second)
    what = ("the following services (the Services): " + "; ".join(f"({'abcdefgh'[n]}) {d}" for n, d in
                                                                  enumerate(duties)) + ". It shall perform the "
            "Services") if duties else "the services described in this agreement and Schedule 1, and shall perform them"
    # (payer rules bind only a contractor that bills the client's payers)
    out = (f"{a} shall provide {b} with {what} with reasonable skill and care, in accordance with applicable law"
           f"{' and payer rules' if works_accounts(duties) else ''}, and shall report its performance against each "
           f"service level to {b} monthly.")
    health = re.search(r"\b(medicare|medicaid|hospital|health system|patient|hipaa)\b", ctx.world_summary, re.I)
    if duties and health and ctx.locale == "en_US":
        # (only a contractor that bills the client's payers submits claims: a hospital's hosting vendor submits none)
        out += (f" {a} is {b}'s business associate under HIPAA: it shall use and disclose protected health information "
                f"only to perform the Services and as the business associate agreement between the Parties allows"
                + (f", and shall submit no claim it knows or should know to be false, in breach of the Medicare and "
                   f"Medicaid program rules or the False Claims Act." if works_accounts(duties) else "."))
    return out


# How a service level a contract binds is measured, by the words of its label: what is counted over what (read 15:
# 'it never defines the one service level it turns on (8% denial rate)'); no figure of its own.
_MEASURES = (
    (r"denial", "For this purpose, the denial rate for a measurement period is the number of claims {a} submitted in "
                "that period that a payer denied in whole or in part, divided by the number of claims {a} submitted in "
                "it, expressed as a percentage; a denial caused by {b}'s own registration, eligibility or authorisation "
                "error is not counted."),
    (r"clean[- ]claim|first[- ]pass", "For this purpose, the clean-claim rate for a measurement period is the number "
                                      "of claims accepted by the payer on first submission divided by the number "
                                      "submitted, expressed as a percentage."),
    (r"coding accuracy", "For this purpose, coding accuracy is measured on a random sample of accounts each measurement "
                         "period, reviewed by {b} or its auditor, as the share of accounts coded without a change to "
                         "the payment."),
    (r"availability|uptime", "For this purpose, availability is the share of the minutes in the measurement period in "
                             "which the service is available to {b}'s users, excluding maintenance windows notified "
                             "in advance."),
)


def measured(f: FactRef, a: str, b: str) -> str:
    """' For this purpose, the denial rate ... is ...': how the service level is measured, or ''."""
    for pattern, words in _MEASURES:
        if re.search(pattern, f"{f.label} {f.id}", re.I):
            return " " + words.format(a=a, b=b)
    return ""


def _trade(ctx: ArtifactContext, first: str, second: str) -> str:
    """What a contractor party's business is, from its role ('outsourced coding and billing contractor' ->
    'outsourced coding and billing'); '' where neither party's role says."""
    for name in (first, second):
        here = next((o for o in ctx.organisations if o.name == name), None)
        if here is None:
            continue
        m = re.match(r"^\s*(?P<t>[\w ,-]+?)\s+(?:contractor|provider|vendor)\b", here.role.split(";")[0], re.I)
        if m:
            return m.group("t").strip()
    return ""


_LEVEL = re.compile(r"(?P<dir>at or below|at or above|not to exceed|no more than|no less than|at least)\s+[\d.,]+%?"
                    r"(?P<tail>,[^.;]*)?")
_RIDER_HEADS = {"consideration": "Freight and Demurrage", "conditions": "Vessel Compliance in US Waters",
                "warrant": "Seaworthiness"}
_SERVICE = re.compile(r"service level|\bSLA\b|\bKPI\b|performance standard", re.I)


def _term_name(f: FactRef) -> str:
    """A fact's label as a schedule lists it, without its article ('the denial-rate service level' -> 'denial-rate
    service level')."""
    return re.sub(r"^(the|a|an)\s+", "", label(f))


# A voyage charter's own rider clauses where a services contract has its standing ones: freight and demurrage from
# the Part I boxes, the vessel's compliance with US law, seaworthiness.
_CHARTER_RIDERS = {
    "consideration": "Freight is earned on shipment at the rate in Part I (F) and payable as Part I (G) provides. "
                     "Laytime and demurrage are as Part I (H) and (I); a demurrage claim is time-barred unless "
                     "presented with its supporting documents within ninety days of completion of discharge.",
    "conditions": "Owners warrant that throughout this charter the vessel holds a valid Certificate of Financial "
                  "Responsibility under OPA 90 and complies with every US Coast Guard requirement for entry into "
                  "US navigable waters, including its pre-arrival tests.",
    "warrant": "Owners shall before and at the beginning of the voyage exercise due diligence to make the vessel tight, "
               "staunch, strong and in every way fit for the voyage, properly manned, equipped and supplied.",
}

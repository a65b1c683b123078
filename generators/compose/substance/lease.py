"""A lease of premises (a landlord's letting of floors of a building to a tenant) in a lease's own form: dated when
it was granted (the term's commencement the outline's history gives, never the matter's first week), the parties,
the definitions, the grant for the contractual term, the rent on the quarter days, the tenant's and the landlord's
covenants, the rent review clause under the number the matter cites with each cited sub-clause saying at its number
what it is cited for (the review dates, the upward-only basis, the assumptions, the disregards with the tenant's
improvements at the letter cited, the independent expert, the balancing payment), forfeiture, notices, governing
law, the schedule of the premises and their measurement, and execution as a deed by each company.

The rent review reader rejected the generic agreement: 'The "lease" of a 2021 15-year term is an "agreement dated
3 February 2026" that ends on 30 days' notice. It reads "4.4 The improvements disregard is clause 5.4(c)". Clauses 5
and 6 are numbered twice, the governing law clause is blank, and it is signed by an asset manager and a head of
property.' Every figure here is a ledger fact's text; a term the ledger lacks is written as a lease writes it in
words, with no number.
"""

from __future__ import annotations

import datetime as dt
import itertools
import re

from worldsmith.generators.compose.text import long_date
from worldsmith.generators.context import ArtifactContext, FactRef

_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                 "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "twenty-five": 25}
_WORDS = {v: k for k, v in _NUMBER_WORDS.items()}
_ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth",
            9: "ninth", 10: "tenth"}


def is_premises_lease(ctx: ArtifactContext) -> bool:
    """Whether the paper is a lease of premises itself (not a summary, a side letter or a report on one): its title
    or doc_type is a lease, and the matter's organisations include a landlord and a tenant."""
    spec = ctx.spec
    title = " ".join(spec.title.split())  # type: ignore[union-attr]
    doc_type = (getattr(spec, "doc_type", "") or "").strip().lower()
    if not (re.match(r"(?i)(?:the\s+|counterpart\s+|executed\s+)*(?:lease|underlease)\b", title) or doc_type in (
            "lease", "underlease", "occupational lease")):
        return False
    if re.search(r"(?i)\b(summary|report|memo|side letter|licence|notice|schedule of|abstract|plan|review)\b", title):
        return False
    roles = " ".join(o.role for o in ctx.organisations)
    return bool(re.search(r"(?i)\blandlord\b", roles) and re.search(r"(?i)\btenant\b", roles))


def _years(text: str) -> int | None:
    m = re.search(r"(?i)\b(\d{1,3}|[a-z]+(?:-[a-z]+)?)[- ]year (?:lease|term)\b", text)
    if not m:
        return None
    word = m.group(1).lower()
    return int(word) if word.isdigit() else _NUMBER_WORDS.get(word)


def _commencement(text: str) -> dt.date | None:
    """The term's first day as the outline's history gives it ('a 15-year lease of ... from March 25, 2021')."""
    m = re.search(rf"(?i)\blease\b[^.]{{0,160}}?\b(?:from|commencing(?: on)?|beginning(?: on)?|starting(?: on)?)\s+"
                  rf"(?:(?P<d1>\d{{1,2}})\s+(?P<m1>{_MONTHS})|(?P<m2>{_MONTHS})\s+(?P<d2>\d{{1,2}}),?)\s+(?P<y>\d{{4}})",
                  text)
    if not m:
        return None
    try:
        return dt.datetime.strptime(f"{m.group('d1') or m.group('d2')} {m.group('m1') or m.group('m2')} {m.group('y')}",
                                    "%d %B %Y").date()
    except ValueError:
        return None


def _every(text: str) -> int | None:
    m = re.search(r"(?i)\breviews?\s+every\s+(\d{1,2}|[a-z]+)\s+years\b", text)
    if not m:
        return None
    word = m.group(1).lower()
    return int(word) if word.isdigit() else _NUMBER_WORDS.get(word)


def lease_granted(ctx: ArtifactContext) -> dt.date | None:
    """The day the lease was granted: the term's commencement the summary or the facts give, if before the paper's
    own date; None where the outline gives none."""
    # (the paper's own points are of the lease: 'Term and rent: ten years from 25 June 2016 to 24 June 2026', blind
    # read 36, whose lease was 'dated the date of this Lease')
    own = [f"lease {p.text}" for p in (getattr(ctx.spec, "points", None) or [])]
    texts = [" ".join((t or "").split()) for t in [ctx.world_summary, *(f.statement for f in ctx.facts), *own]]
    for text in texts:
        day = _commencement(text)
        if day is not None and day < ctx.spec.date:  # type: ignore[union-attr]
            return day
    for text in texts:
        # a term of so many years that expired on a day began the day after the same day that many years before
        years = _years(text)
        m = re.search(rf"(?i)\blease\b[^.]{{0,80}}?\b(?:expired|expires|ended|ends)\s+on\s+(?:(?P<d1>\d{{1,2}})\s+"
                      rf"(?P<m1>{_MONTHS})|(?P<m2>{_MONTHS})\s+(?P<d2>\d{{1,2}}),?)\s+(?P<y>\d{{4}})", text)
        if years and m:
            try:
                end = dt.datetime.strptime(f"{m.group('d1') or m.group('d2')} {m.group('m1') or m.group('m2')} "
                                           f"{m.group('y')}", "%d %B %Y").date()
                day = end.replace(year=end.year - years) + dt.timedelta(days=1)
            except ValueError:
                continue
            if day < ctx.spec.date:  # type: ignore[union-attr]
                return day
    return None


# the subjects of a rent review clause's sub-clauses, in the order a lease has them, with the words that name each
_SUBJECTS = [
    ("dates", r"review dates?|anniversar"),
    ("basis", r"upward|greater of|open[- ]market rent\b(?! review)"),
    ("assumptions", r"assum"),
    ("disregards", r"disregard|improvement|fit-?out"),
    ("agreement", r"agree(?:ment)? (?:of|on) the (?:revised )?rent"),
    ("expert", r"expert|arbitrat|determin|president of the rics|\brics\b"),
    ("interim", r"balanc|interim|shortfall|until the revised rent"),
    ("memorandum", r"memorand"),
]
_REF = re.compile(r"(?i)\bclause\s+(?P<top>\d{1,2})\.(?P<sub>\d{1,2})(?:\((?P<letter>[a-z])\))?")


def _cited(ctx: ArtifactContext) -> tuple[int, dict[str, tuple[int, str | None]]]:
    """The rent review clause's number and, for each subject the matter cites, the sub-clause (and letter) it cites
    it at ('clause 5.4(c), which disregards the tenant's 2021 fit-out' -> disregards at 4, letter c)."""
    texts = [ctx.world_summary or "", *(f"{f.text} {f.statement} {f.label}" for f in ctx.facts)]
    tops: dict[int, int] = {}
    at: dict[str, tuple[int, str | None]] = {}
    for text in texts:
        text = " ".join(text.split())
        for m in _REF.finditer(text):
            top, sub = int(m.group("top")), int(m.group("sub"))
            tops[top] = tops.get(top, 0) + 1
            near = text[max(0, m.start() - 90):m.end() + 90]
            # the subject named nearest the reference
            best = None
            for key, words in _SUBJECTS:
                for w in re.finditer(words, near, re.I):
                    dist = abs((w.start() + max(0, m.start() - 90)) - m.start())
                    if best is None or dist < best[0]:
                        best = (dist, key)
            if best is not None and best[1] not in at:
                at[best[1]] = (sub, (m.group("letter") or None) and m.group("letter").lower())
    top = max(tops, key=lambda t: tops[t]) if tops else 5
    if not 3 <= top <= 9:
        top, at = 5, {}
    return top, at


def _layout(at: dict[str, tuple[int, str | None]]) -> list[str]:
    """The review clause's subjects by sub-clause number (index 0 is N.1): each cited subject at the number cited,
    the others in a lease's order in the numbers left."""
    size = max([len(_SUBJECTS) - 1] + [s for s, _ in at.values()])
    slots: list[str | None] = [None] * size
    for key, (sub, _) in at.items():
        if 1 <= sub <= size and slots[sub - 1] is None:
            slots[sub - 1] = key
    rest = [k for k, _ in _SUBJECTS if k not in slots]
    for i in range(size):
        if slots[i] is None and rest:
            slots[i] = rest.pop(0)
    return [s for s in slots if s]


def _fact(ctx: ArtifactContext, pattern: str, kind: str | None = None) -> FactRef | None:
    for f in ctx.facts:
        if re.search(pattern, f"{f.id} {f.label}", re.I) and (kind is None or f.value.type == kind):
            return f
    return None


def lease_bodies(ctx: ArtifactContext, landlord: str, tenant: str) -> tuple[list[tuple[str, str]], dict[int, list[str]]]:
    """The plan and the paragraphs of a lease of premises (see the module's docstring)."""
    day = lambda d: long_date(d, ctx.locale)  # noqa: E731
    summary = " ".join((ctx.world_summary or "").split())
    statements = " ".join(" ".join(f.statement.split()) for f in ctx.facts)
    granted = lease_granted(ctx)
    years = _years(summary) or _years(statements)
    every = _every(summary) or _every(statements) or 5
    top, at = _cited(ctx)
    subjects = _layout(at)
    letter_of = {k: v[1] for k, v in at.items()}

    premises = _fact(ctx, r"premises|demise", "text")
    # (a rent deposit, arrears or a rent-free sum is no rent: blind outline 36's lease made its deposit the Rent)
    rent = _fact(ctx, r"^(?!.*(?:deposit|arrear|free|guarant|concession|incentive|sum|shortfall|back))"
                      r".*(?:passing[_ ]rent|initial[_ ]rent|annual[_ ]rent|\brent\b)", "money")
    area = _fact(ctx, r"area|sq", None)
    review = _fact(ctx, r"review[_ ]date", "date")
    disregard = next((f for f in ctx.facts if re.search(r"disregard", f"{f.id} {f.label}", re.I)), None)

    where = premises.text if premises is not None else "the premises described in Schedule 1"
    address = ""
    m = re.search(r"(?i)\bof (?P<what>[^,]*?\b(?:floors?|suite|unit|level)s?\b[^,]*?),\s*(?P<addr>[^.;()]+?)"
                  r"(?:,\s*(?:from|at|for|on)\b|\s+from\b|[.;(])", summary)
    if m:
        # the address's parts up to the first that is a clause of the summary's, not an address ('..., London E1,
        # the revised valuation puts the diminution at GBP 385,000': blind outline 36 made that the Building)
        parts = m.group("addr").strip().split(", ")
        kept = list(itertools.takewhile(lambda part: re.match(r"[A-Z0-9]", part) and not re.search(
            r"\b(?:[A-Z]{3} [\d.,]+|is|are|was|were|puts?|has|had|holds?|says?)\b", part), parts))
        address = ", ".join(kept)
    named = where.split(", ", 1)[1] if premises is not None and ", " in where else ""
    building = ", ".join(x for x in (named, address) if x) or where
    rent_words = f"{rent.text} a year" if rent is not None else "the yearly rent stated in Schedule 1"
    term_words = (f"{_WORDS.get(years, str(years))} years" if years else "the term stated in Schedule 1")
    start_words = day(granted) if granted is not None else "the date of this Lease"
    law, courts = (("the law of England and Wales", "the courts of England and Wales") if ctx.locale != "en_US" else
                   ("the laws of the State in which the Premises are situated",
                    "the state and federal courts of that State"))
    quarter = ("the usual quarter days (25 March, 24 June, 29 September and 25 December)" if ctx.locale != "en_US"
               else "the first day of each January, April, July and October")

    plan: list[tuple[str, str]] = [("Parties", "parties")]
    out: dict[int, list[str]] = {}
    made = start_words
    out[0] = [f"THIS LEASE is dated {made} and made between (1) {landlord} (the Landlord) and (2) {tenant} (the Tenant)."]
    # (a lease of premises has no recitals of its own: its grant, clause 2, is what the agreement genre's recitals
    # are to a contract)
    defs = [
        f'"Building" means {building}.' if address else f'"Building" means the building of which the Premises form part.',
        f'"Contractual Term" means a term of {term_words} beginning on and including {start_words} (the Term '
        f'Commencement Date).',
        f'"Premises" means {where}, as more particularly described in Schedule 1.',
        f'"Rent" means {rent_words}, as varied under clause {top}.' if rent is not None else
        f'"Rent" means the yearly rent stated in Schedule 1, as varied under clause {top}.',
        # (never 'each Review Date' of itself, blind read 36: without a review date fact, the anniversaries the
        # review interval gives)
        f'"Review Date" means ' + (f"{day(review.value.value)} and every {_ORDINAL.get(every, str(every))} anniversary "
                                   f"of the Term Commencement Date after it" if review is not None else
                                   f"each {_ORDINAL.get(every, str(every))} anniversary of the Term Commencement Date "
                                   f"during the Contractual Term") +
        f", and \"Relevant Review Date\" means the Review Date at which a review is made.",
        '"Tenant\'s Fit-out Works" means the works of fitting out the Premises for the Tenant\'s occupation carried out '
        'by the Tenant at the start of the Contractual Term, with the Landlord\'s consent' +
        (f", which are an improvement disregarded under {disregard.text}." if disregard is not None and
         re.search(r"(?i)clause", disregard.text) else "."),
        "In this Lease, clause and Schedule headings do not affect its interpretation; an obligation on the Tenant not "
        "to do something includes an obligation not to allow it to be done; and a reference to a statute is to it as "
        "amended from time to time.",
    ]
    body: list[tuple[str, list[str]]] = [
        ("Definitions and Interpretation", defs),
        ("Grant", [f"The Landlord lets the Premises to the Tenant for the Contractual Term, with the rights set out in "
                   f"Schedule 1 and subject to the matters excepted and reserved there.",
                   "The Tenant shall pay the Rent and the other sums this Lease reserves, and the grant is made in "
                   "consideration of them and of the Tenant's covenants."]),
        ("Rent", [f"The Tenant shall pay the Rent by equal quarterly instalments in advance on {quarter}, the first "
                  f"payment, for the period from the Term Commencement Date to the next quarter day, to be made on "
                  f"the date of this Lease.",
                  "The Tenant shall pay the Rent without any deduction, counterclaim or set-off, by bank transfer to "
                  "the account the Landlord notifies in writing.",
                  "Any sum due under this Lease and unpaid for fourteen days after its due date carries interest at "
                  "the Interest Rate (four per cent a year above the base rate from time to time of the Landlord's bankers) from the due date until it is paid."]),
        ("Tenant's Covenants", ["The Tenant shall keep the Premises in good and substantial repair and condition, and "
                                "shall decorate them in the last year of the Contractual Term.",
                                "The Tenant shall use the Premises only as offices, and shall make no structural "
                                "alteration to them and no other alteration without the Landlord's consent, not to be "
                                "unreasonably withheld.",
                                "The Tenant shall not assign, underlet, charge or part with possession of the whole or "
                                "part of the Premises except as this Lease permits and with the Landlord's consent, not "
                                "to be unreasonably withheld.",
                                "The Tenant shall pay the service charge and the insurance rent that the Landlord "
                                "demands for the Building in accordance with this Lease."]),
    ]
    fillers = [("Alterations and Fit-out", ["The Tenant may carry out internal non-structural alterations with the "
                                            "Landlord's consent, not to be unreasonably withheld, and shall reinstate "
                                            "them at the end of the term if the Landlord so requires."]),
               ("Service Charge", ["The Tenant shall pay a fair proportion of the cost of the services the Landlord "
                                   "provides to the Building, on account by quarterly instalments with the Rent and by "
                                   "a balancing payment after the end of each service charge year."]),
               ("Insurance", ["The Landlord shall insure the Building against the insured risks for its full "
                              "reinstatement cost, and the Tenant shall pay the insurance rent on demand."])]
    while len(body) < top - 1 and fillers:
        body.append(fillers.pop(0))
    body = body[:top - 1]

    review_words = {
        "dates": (f"The Rent shall be reviewed on each Review Date, and the revised Rent agreed or determined under this "
                  f"clause {top} is payable from and including the Relevant Review Date."),
        "basis": ("The revised Rent from a Review Date is the greater of the Rent payable immediately before the "
                  "Relevant Review Date (or which would be payable but for any abatement) and the open market rent at "
                  "that Review Date agreed or determined under this clause, so that the Rent shall not be reduced on "
                  "review."),
        "assumptions": ("The open market rent is the yearly rent at which the Premises might reasonably be expected to "
                        "be let at the Relevant Review Date in the open market, by a willing landlord to a willing "
                        "tenant, with vacant possession, without a premium, for a term equal to the Contractual Term "
                        "unexpired (or ten years if longer), on the terms of this Lease other than the amount of the "
                        "Rent, and on the assumption that the Tenant has complied with its covenants and that the "
                        "Premises are fit for immediate occupation and use; any rent-free period or concession a "
                        "tenant would receive on a new letting for fitting out is assumed to have expired."),
        "agreement": ("The Landlord and the Tenant may agree the open market rent at any time before it is "
                      "determined, and the revised Rent agreed shall be recorded in a memorandum signed by both."),
        "expert": ("If the Landlord and the Tenant have not agreed the open market rent by the date three months "
                   "before the Relevant Review Date, then at any time after that date either of them may refer its determination to an "
                   "independent surveyor, who shall act as an expert and not as an arbitrator. The expert shall be "
                   "appointed by agreement between the Landlord and the Tenant or, failing agreement, by the President "
                   "for the time being of the Royal Institution of Chartered Surveyors on the application of either of "
                   "them. The expert shall give each of them the opportunity to make written submissions and "
                   "counter-submissions, shall give written reasons, and the expert's fees shall be borne as the "
                   "expert directs."),
        "interim": ("Until the revised Rent is agreed or determined, the Tenant shall continue to pay the Rent payable "
                    "immediately before the Relevant Review Date. Within fourteen days after the revised Rent is agreed "
                    "or determined, the Tenant shall pay the amount by which the revised Rent for each quarter day "
                    "since the Relevant Review Date exceeds what it paid (the balancing payment), with interest at the "
                    "base rate from time to time of the Landlord's bankers on each instalment from its quarter day to "
                    "the date of payment."),
        "memorandum": "Time is not of the essence for any step under this clause.",
    }
    # the disregards, with the tenant's own improvements at the letter the matter cites it at
    letters = "abcdefgh"
    improv = ("any increase in rent attributable to any improvement to the Premises carried out by the Tenant, its "
              "subtenants or their predecessors in title with the Landlord's consent, other than in pursuance of an "
              "obligation to the Landlord, including the Tenant's Fit-out Works")
    others = ["any effect on rent of the fact that the Tenant, its subtenants or their predecessors in title have been "
              "in occupation of the Premises",
              "any goodwill attached to the Premises by reason of any business carried on at them",
              "any effect on rent of any obligation on the Tenant to reinstate the Premises at the end of the term"]
    where_c = letters.index(letter_of.get("disregards") or "c") if (letter_of.get("disregards") or "c") in letters \
        else 2
    where_c = min(where_c, len(others))
    items = others[:where_c] + [improv] + others[where_c:]
    review_words["disregards"] = ("In determining the open market rent the following shall be disregarded: "
                                  + "; ".join(f"({letters[n]}) {t}" for n, t in enumerate(items)) + ".")
    review_paras = [review_words[s] for s in subjects]

    after = [
        ("Landlord's Covenants", ["The Landlord covenants that the Tenant, paying the Rent and observing its covenants, "
                                  "shall have quiet enjoyment of the Premises without interruption by the Landlord or "
                                  "anyone lawfully claiming under it.",
                                  "The Landlord shall provide the services to the Building described in the service "
                                  "charge provisions, using reasonable endeavours to do so efficiently."]),
        ("Forfeiture", ["If any Rent is unpaid twenty-one days after becoming payable, whether formally demanded or not, "
                        "or if the Tenant is in material breach of any covenant or becomes insolvent, the Landlord may "
                        "re-enter the Premises and this Lease shall then end, without prejudice to any right of the "
                        "Landlord for an earlier breach."]),
        ("Notices", ["A notice under this Lease shall be in writing and is validly served if served in accordance with "
                     "section 196 of the Law of Property Act 1925, which applies to this Lease; a notice under "
                     f"clause {top} may also be given by the Landlord's or the Tenant's surveyors or solicitors on its "
                     f"behalf." if ctx.locale != "en_US" else
                     "A notice under this Lease shall be in writing and delivered by hand or by recorded delivery to "
                     "the party's address stated in this Lease or notified under this clause."]),
        ("Governing Law and Jurisdiction", [f"This Lease and any dispute or claim arising out of or in connection with "
                                            f"it are governed by {law}, and the parties submit to the exclusive "
                                            f"jurisdiction of {courts}."]),
    ]
    for n, (head, paras) in enumerate(body, 1):
        plan.append((f"{n}. {head}", "clause"))
        out[len(plan) - 1] = paras
    plan.append((f"{top}. Rent Review", "clause"))
    out[len(plan) - 1] = review_paras
    for n, (head, paras) in enumerate(after, top + 1):
        plan.append((f"{n}. {head}", "clause"))
        out[len(plan) - 1] = paras

    sched = [f"The Premises: {where}" + (f", {address}" if address and address not in where else "") +
             ", including the internal non-structural walls, the floor finishes, the ceiling finishes and the "
             "Landlord's fixtures in them, but excluding the structure and the common parts of the Building."]
    if area is not None:
        sched.append(f"Measurement: the net internal area of the Premises, measured in accordance with the RICS Code of "
                     f"Measuring Practice and agreed between the parties at the date of this Lease, is {area.text}.")
    sched.append("Rights granted: the right to use the common parts of the Building for access to and egress from the "
                 "Premises, and the right to the passage of services through the conducting media serving them.")
    plan.append(("Schedule 1: The Premises", "schedule"))
    out[len(plan) - 1] = sched
    signed = "(signed)" if ctx.locale != "en_US" else "/s/"
    executed = granted is not None
    sign = signed if executed else "____________________"
    plan.append(("Execution", "execution"))
    out[len(plan) - 1] = [
        "This Lease has been executed as a deed and is delivered on the date first written above.",
        f"Executed as a deed by {landlord} acting by two directors:",
        f"Director: {sign}", f"Director: {sign}",
        f"Executed as a deed by {tenant} acting by a director in the presence of a witness:",
        f"Director: {sign}",
        f"Witness: {sign}" + ("" if executed else " (name and address of witness)"),
    ]
    return plan, out

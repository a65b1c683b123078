"""A commercial agreement laid out in the articles the matter cites: each Section (or Clause) the agreement's facts and
the outline's summary name stands under its own number with its operative words in the contract's voice, and the
articles a contract of its kind has around them (definitions, supply, warranties, notices, law) fill the plan.

Read 12: 'The "executed" supply agreement has no Sections 11, 12 or 19 and describes itself in the third person
("Section 11.2 of the Ingredient Supply Agreement obliges...")'. The words of a cited provision come from the facts
that name it and the summary; a provision they name without its words takes its article's standard wording; no
figure is written that the facts do not carry.
"""

from __future__ import annotations

import re

from worldsmith.generators.compose.text import cap_first, long_date, strip_end
from worldsmith.generators.context import ArtifactContext
from worldsmith.generators.compose.law import dispute_clause, governing_law, stated_law

_WORD = r"(?:Section|Clause|Article)"
_BARE = re.compile(rf"{_WORD}\s+\d+(?:\.\d+)*(?:\([a-z]+\))?")
_REF = re.compile(rf"\b(?P<word>{_WORD})s?\s+(?P<n>\d+(?:\.\d+)+|\d+)\b")
# a provision as a summary or a purpose writes it, in lower case ('clause 9.4 caps credits'; read 23: an MSA extract
# 'SLA, credits and termination' held only a Schedule 1, as its summary's 'clause 9.4' and 'clause 14.3' went unseen)
_ANY_REF = re.compile(rf"\b(?P<word>(?i:{_WORD[3:-1]}))s?\s+(?P<n>\d+(?:\.\d+)+|\d+)\b")
# where a statement turns to another provision: '..., and Section 12.4 excludes', '... and whose Section 12.2 caps'
_SPLIT = re.compile(rf";\s+|,?\s+and\s+(?:whose\s+)?(?=(?:the\s+)?{_WORD}\s+\d)|,\s+whose\s+(?=(?:the\s+)?{_WORD}\s+\d)")
_AGREEMENT = re.compile(r"\b(agreement|contract)\b", re.I)
_CHARTER = re.compile(r"\b(charter ?party|charterparty|voyage charter)\b", re.I)

# The articles a commercial agreement has, in the order they stand, each with what names it in a provision's words
# and its standard sub-clauses ({a}: the party that supplies, {b}: the party that buys, {top}: the article's number).
_ARTICLES: list[tuple[str, str, str]] = [
    ("definitions", "Definitions and Interpretation", r"\bdefined\b|\bdefines?\b|\bmeans\b"),
    ("supply", "Supply and Purchase", r"\bpurchase orders?\b|\bsupply of\b"),
    ("price", "Price and Payment", r"\bprice\b|\bpayment\b|\binvoice|\broyalt"),
    ("warranties", "Warranties", r"\bwarrant|\bnonconforming\b|\bspecification"),
    ("indemnity", "Indemnification", r"\bindemni"),
    ("limitation", "Limitation of Liability", r"\bcaps?\b|\bliabilit|\bconsequential\b|\blost profits\b"),
    # (read 23: the service-level clause of a services agreement read as 'Term and Termination', no article named it)
    ("service", "Service Levels and Credits", r"\bservice levels?\b|\bservice credits?\b|\bavailability\b|"
                                              r"\bresponse (?:time|target)s?\b|\bcredits?\b|\bdeductions?\b|"
                                              r"\bkpis?\b|\buptime\b|\bkey performance\b"),
    ("audit", "Records and Audit", r"\baudit|\bverif\w* (?:use|usage|compliance)\b"),
    ("notices", "Notices", r"\bnotices?\b|\bnotify"),
    ("disputes", "Dispute Resolution", r"\bnegotiat|\bdispute|\barbitra|\bmediat|\bescalat"),
    ("term", "Term and Termination", r"\bterminat|\bexpiry\b"),
    ("law", "Governing Law and Jurisdiction", r"\bgoverning law\b|\bjurisdiction\b"),
]
_ORDER = [k for k, _, _ in _ARTICLES]
_HEADS = {k: h for k, h, _ in _ARTICLES}
# the articles an agreement keeps when the plan has room, after the ones the matter cites
_FILL = ["definitions", "supply", "warranties", "price", "notices", "term", "law"]

# A lease's articles ({a}: the Lessor, {b}: the Lessee): the leasing and its term, rent and maintenance reserves, the
# security, the exclusion of warranties, the return of the asset; an aviation finance reader rejected a lease written
# as a goods contract ('(A) Client produces and sells the goods', contamination warranties).
_LEASE_ARTICLES: list[tuple[str, str, str]] = [
    ("definitions", "Definitions and Interpretation", r"\bdefined\b|\bmeans\b"),
    ("lease", "Leasing and Term", r"\bterm\b|\bdelivery\b|\bexpiry date\b"),
    ("rent", "Rent and Maintenance Reserves", r"\brent\b|\breserves?\b|\bflight hours?\b|\bEFH\b"),
    ("security", "Security", r"\bletter of credit\b|\bsecurity\b|\bdeposit\b"),
    ("warranties", "Exclusion of Warranties", r"\bwarrant|\bas is\b"),
    ("indemnity", "Indemnities", r"\bindemni"),
    ("return", "Return of the {asset}", r"\bredeliver|\breturn\b"),
    ("payments", "Payments", r"\bpay\b|\bpayments?\b|\bdemand\b|\binvoice"),
    ("limitation", "Limitation of Liability", r"\bcap\b|\bliabilit|\bconsequential\b"),
    ("notices", "Notices", r"\bnotices?\b|\bnotify"),
    ("disputes", "Dispute Resolution", r"\bdispute|\barbitra|\bmediat"),
    ("term", "Events of Default and Termination", r"\bterminat|\bevent of default\b"),
    ("law", "Governing Law and Jurisdiction", r"\bgoverning law\b|\bjurisdiction\b"),
]
_LEASE_FILL = ["definitions", "lease", "rent", "security", "warranties", "return", "payments", "law"]
# An agreement of a kind this does not know: articles with no goods in them.
_OTHER_ARTICLES: list[tuple[str, str, str]] = [
    (k, {"supply": "Obligations of the Parties", "price": "Payment", "warranties": "Warranties"}.get(k, h), pat)
    for k, h, pat in _ARTICLES]
_TABLES = {"goods": (_ARTICLES, _FILL), "lease": (_LEASE_ARTICLES, _LEASE_FILL),
           "other": (_OTHER_ARTICLES, ["definitions", "supply", "price", "warranties", "notices", "term", "law"])}

_GOODS = re.compile(r"\b(supply|supplier|purchase|buyer|seller|sale of goods|goods|ingredients?|offtake|"
                    r"distribution|manufactur\w*)\b", re.I)
_LEASE = re.compile(r"\b(lease|leasing|lessor|lessee|hire|tenancy)\b", re.I)


def _called(term: str, kind: str) -> str:
    """A party's defined term as the parties clause gives it: '(the Lessor)', but '(Corrib)' for a short name."""
    return term if kind == "other" and term[:1].isupper() and not term.startswith("the ") and \
        term not in ("Supplier", "Buyer", "Contractor", "Client", "Lessor", "Lessee") else f"the {term}"


def agreement_kind(ctx: ArtifactContext) -> str:
    """What the agreement is, from its title first, then the parties' roles: 'lease' (an aircraft, vessel or
    equipment lease), 'goods' (supply, purchase or sale of goods), else 'other'."""
    title = agreement_name(ctx.spec.title) or ctx.spec.title
    if re.search(r"\b(share|stock|asset|equity|membership interest) purchase\b|\bmerger\b", title, re.I):
        return "other"  # a purchase of a business is no supply of goods
    if _LEASE.search(title):
        return "lease"
    if _GOODS.search(title):
        return "goods"
    roles = " ".join(o.role for o in ctx.organisations)
    if re.search(r"\b(side letter|settlement|release|amendment|deed|certificate|protocol|standstill|tolling)\b",
                 title, re.I):
        return "other"  # a paper made under a lease is not the lease
    if re.search(r"\b(lessor|lessee)\b", roles, re.I) and not _GOODS.search(roles):
        return "lease"
    if _GOODS.search(roles) or _GOODS.search(ctx.world_summary or ""):
        return "goods"
    return "other"


def leased_asset(ctx: ArtifactContext) -> tuple[str, str]:
    """(the defined term, its description) of what a lease leases: 'Aircraft' and the facts' name for it."""
    from worldsmith.generators.compose.substance.common import identity

    words = f"{ctx.spec.title} {ctx.world_summary} " + " ".join(f.statement for f in ctx.facts)
    term = ("Aircraft" if re.search(r"\baircraft|\bairframe|\bMSN\b|\bA3\d\d|\bB7\d7", words) else
            "Vessel" if re.search(r"\bvessel|\bship\b|\bbareboat", words, re.I) else
            "Premises" if re.search(r"\bpremises|\bbuilding|\boffice", words, re.I) else "Equipment")
    thing = next((f.text for f in ctx.facts if identity(f)), "")
    return term, thing


def _lease_standard(key: str, a: str, b: str, top: str, ctx: ArtifactContext, refs: dict[str, str]) -> list[str] | None:
    """A lease's standard sub-clauses; None for an article a lease shares with any agreement (notices, law)."""
    asset, thing = leased_asset(ctx)
    words = f"{ctx.world_summary} " + " ".join(f.statement for f in ctx.facts)
    sched = re.search(r"\bSchedule (\d+)\b(?=[^.]{0,80}\b(?:return|redeliver))|(?<=redeliver)[^.]{0,120}?"
                      r"\bSchedule (\d+)", words)
    schedule = f"Schedule {sched.group(1) or sched.group(2)}" if sched else "the return conditions schedule"
    months = re.search(r"\b(\d{2,3}) months\b", words)
    if key == "definitions":
        terms = {asset: f'"{asset}" means {thing or "the " + asset.lower() + " described in Schedule 1"}, with its '
                        f"engines, parts and records.",
                 "Delivery Date": f'"Delivery Date" means the date on which {a} delivers the {asset} to {b} under this '
                                  f"Agreement.",
                 "Expiry Date": '"Expiry Date" means the last day of the Term.',
                 "Return Conditions": f'"Return Conditions" means the conditions set out in {schedule}.',
                 "Term": f'"Term" means the period of leasing under Clause {refs.get("lease", "2").split(".")[0]}.'}
        return [terms[k] for k in sorted(terms)] + [
            f"Headings are for convenience only; a reference to writing includes email, and {a} and {b} have the "
            f"meanings given to them above."]
    if key == "lease":
        term = f"for {months.group(1)} months from the Delivery Date" if months else "for the term in Schedule 1"
        return [f"{a} shall lease the {asset} to {b}, and {b} shall take the {asset} on lease, on the terms of this "
                f"Agreement.",
                f"The Term begins on the Delivery Date and runs {term}, unless the leasing of the {asset} ends "
                f"earlier under this Agreement."]
    if key == "rent":
        return [f"{b} shall pay rent monthly in advance in the amounts set out in Schedule 1.",
                f"{b} shall pay maintenance reserves monthly in arrears for the hours and cycles flown in the month, at "
                f"the rates set out in Schedule 1, escalated each January.",
                f"Maintenance reserves are the property of {a}; {a} shall reimburse them only against the cost of "
                f"qualifying maintenance of the component for which they were paid."]
    if key == "security":
        return [f"{b} shall maintain a standby letter of credit in favour of {a}, issued by a bank acceptable to {a}, "
                f"in the amount set out in Schedule 1 (the Letter of Credit).",
                f"{a} may draw on the Letter of Credit for any amount due and unpaid under this Agreement."]
    if key == "warranties":
        return [f"{b} accepts the {asset} on delivery as is, where is, and {a} gives no warranty or representation as "
                f"to its condition, airworthiness, value, design or fitness for any purpose.",
                f"{b}'s signature of the acceptance certificate is conclusive proof that the {asset} was delivered in "
                f"the condition this Agreement requires."]
    if key == "indemnity":
        return [f"{b} shall indemnify {a} against all losses, liabilities and costs arising from the possession, use "
                f"or operation of the {asset} during the Term, save those caused by {a}'s gross negligence or wilful "
                f"misconduct."]
    if key == "return":
        return [f"On the Expiry Date {b} shall redeliver the {asset} to {a} at the return location in the condition "
                f"required by {schedule}.",
                f"Where the {asset} does not meet a Return Condition at redelivery, {b} shall at {a}'s option rectify "
                f"it before redelivery or pay {a} compensation as {schedule} provides."]
    if key == "payments":
        return ["All payments under this Agreement are made in US dollars, in immediately available funds, without "
                "set-off, counterclaim or deduction.",
                "Interest runs on any amount not paid when due, from its due date to the date of payment."]
    if key == "limitation":
        return [f"{a} is not liable to {b} for any loss of profit, loss of use or consequential loss arising from the "
                f"{asset} or this Agreement.",
                "Nothing in this Agreement limits liability for fraud."]
    if key == "term":
        return [f"Each event listed in Schedule 1 as an Event of Default is an Event of Default.",
                f"On an Event of Default {a} may by notice terminate the leasing of the {asset} and require its "
                f"immediate return."]
    return None


def _standard(key: str, a: str, b: str, goods: str, top: str, ctx: ArtifactContext, refs: dict[str, str],
              kind: str = "goods") -> list[str]:
    """The standard sub-clauses of an article, in the order contracts of the kind number them."""
    if kind == "lease":
        own = _lease_standard(key, a, b, top, ctx, refs)
        if own is not None:
            return own
    if kind == "other" and key in ("definitions", "supply", "price", "warranties", "indemnity", "limitation"):
        # each article with the sub-clauses such an agreement has, never one line (read 15: 'A skeletal MSA: one-line
        # boilerplate clauses'); no figure of its own
        return {"definitions": [f"In this Agreement, {a} and {b} have the meanings given to them above; headings are "
                                f"for convenience only, and a reference to writing includes email."],
                "supply": [f"Each Party shall perform the obligations this Agreement gives it, promptly and in good "
                           f"faith, and shall give the other the information it reasonably needs to perform its own.",
                           f"{a} shall perform its obligations with reasonable skill and care and in accordance with "
                           f"good industry practice.",
                           f"{b} shall use what it receives under this Agreement only for its own business and in "
                           f"accordance with this Agreement."],
                "price": ["Each amount due under this Agreement is payable within thirty days of a correct invoice or "
                          "written demand, without set-off or deduction.",
                          "Amounts are exclusive of sales, use and value added taxes, which are payable in addition "
                          "where the law requires.",
                          "A Party that disputes an invoice in good faith shall pay the undisputed part when due and "
                          "give the other written notice of the disputed part, with its reasons, before the due date."],
                "warranties": ["Each Party warrants that it has power to enter into and perform this Agreement, and "
                               "that doing so breaches no other obligation binding on it.",
                               f"{a} warrants that it will perform its obligations with reasonable skill and care, and "
                               f"that what it provides will conform in all material respects to its documentation.",
                               "Except as this Agreement expressly provides, all other warranties, conditions and terms, "
                               "express or implied, are excluded to the extent the law allows."],
                "indemnity": ["Each Party shall indemnify the other against losses arising from its breach of this "
                              "Agreement.",
                              f"{a} shall defend {b} against any claim by a third party that what {a} provides under "
                              f"this Agreement infringes that party's intellectual property rights, and shall pay any "
                              f"damages finally awarded on it.",
                              "A Party seeking indemnity shall give the other written notice of the claim promptly, "
                              "let it conduct the defence and give it reasonable help, at the indemnifying Party's "
                              "cost."],
                "limitation": ["Neither Party is liable to the other for any indirect or consequential loss, and "
                               "nothing in this Agreement limits liability for fraud.",
                               "Each Party's aggregate liability under or in connection with this Agreement in any "
                               "contract year is limited to the fees paid or payable under it in that year.",
                               "The limits in this Section do not apply to a Party's obligations to pay fees due, or "
                               "to its liability under the indemnities in this Agreement."]}[key]
    law, courts = stated_law(ctx) or governing_law(ctx.locale)
    food = re.search(r"\b(food|recall|salmonella|listeria|ingredient|snack|bars?)\b", ctx.world_summary, re.I)
    indemnity = refs.get("indemnity", "")
    cap = refs.get("limitation", "")
    if key == "definitions":
        # one defined term a sub-clause, in alphabetical order as agreements list them (so 'Annual Contract Value',
        # where the matter uses it, is Section 1.1: read 12, a memo citing 'ISA Section 1.1' for its definition)
        words = f"{ctx.world_summary} " + " ".join(f.statement for f in ctx.facts)
        terms = {"Goods": f'"Goods" means the {goods} described in Schedule 1.',
                 "Specifications": '"Specifications" means the specifications for the Goods set out in Schedule 1, as '
                                   'amended in writing from time to time.'}
        if re.search(r"\bAnnual Contract Value\b", words):
            terms["Annual Contract Value"] = (f'"Annual Contract Value" means the total price paid by {b} for Goods '
                                              f"under this Agreement in the contract year before the event giving rise "
                                              f"to the claim.")
        if re.search(r"\bnonconforming goods\b", words, re.I):
            terms["Nonconforming Goods"] = ('"Nonconforming Goods" means Goods that do not conform to the warranties in '
                                            "this Agreement, including Goods that fail the Specifications or are "
                                            "adulterated or contaminated.")
        return [terms[k] for k in sorted(terms)] + [
            f"Headings are for convenience only; a reference to writing includes email, and {a} and {b} have the "
            f"meanings given to them above."]
    if key == "supply":
        return [f"{a} shall sell and {b} shall purchase the Goods under purchase orders issued by {b} from time to "
                f"time, each of which incorporates the terms of this Agreement.",
                f"{a} shall deliver the Goods to {b}'s facility on the dates in each purchase order, with a certificate "
                f"of analysis for each lot."]
    if key == "price":
        return [f"{b} shall pay the prices for the Goods set out in Schedule 1 within thirty days of receiving a "
                f"correct invoice.",
                "Prices are exclusive of taxes, which are payable in addition where the law requires."]
    if key == "warranties":
        first = (f"{a} warrants that all Goods delivered under this Agreement conform to the Specifications, are "
                 f"produced, packed and held in compliance with all applicable laws"
                 + (", and are not adulterated or misbranded within the meaning of the Federal Food, Drug, and "
                    "Cosmetic Act" if food and ctx.locale == "en_US" else ", and are free from contamination") + ".")
        return [first,
                f"{a} shall keep retained samples and production records for each lot and shall notify {b} in writing "
                f"within twenty-four hours of learning that any Goods delivered may not conform.",
                f"{b} may reject Nonconforming Goods and {a} shall, at {b}'s option, replace them or refund their price."]
    if key == "indemnity":
        return [f"{a} shall defend, indemnify and hold harmless {b} from and against all losses, damages, costs and "
                f"expenses arising from any breach of {a}'s warranties or from {a}'s negligence.",
                f"{a} shall indemnify {b} for all costs of any recall or market withdrawal of products containing the "
                f"Goods caused by Nonconforming Goods.",
                f"Recall costs include the costs of notifying customers and consumers, retrieving, transporting, "
                f"storing and destroying affected product, customer credits and chargebacks, testing, and replacement "
                f"product.",
                f"A Party seeking indemnity shall give the other written notice of the claim, with reasonable "
                f"particulars, promptly after becoming aware of it; a delay relieves the indemnifying Party only to the "
                f"extent it is prejudiced by it."]
    if key == "limitation":
        carve = f"{a}'s indemnity obligations under Section {indemnity}" if indemnity else "liability for fraud"
        return [f"Except for liability under {('Section ' + indemnity.split('.')[0]) if indemnity else 'this Agreement'}"
                f" for third-party claims, neither Party is liable to the other for any indirect, special or "
                f"consequential damages.",
                f"{a}'s aggregate liability under or in connection with this Agreement shall not exceed the amount "
                f"stated in Schedule 1.",
                f"The limit in Section {cap or top + '.2'} applies in aggregate to all claims arising in a contract year.",
                f"Nothing in this Agreement limits {carve} or liability for fraud." if indemnity else
                "Nothing in this Agreement limits liability for fraud, or for death or personal injury caused by "
                "negligence."]
    if key == "audit":
        # the records and audit article of a subscription, licence or supply: records kept, an audit on notice by the
        # party or its independent auditor, a written report that may be disputed (no period or figure the facts do
        # not state: those are the cited sub-clause's own words)
        return [f"{b} shall keep complete and accurate records of its use under this Agreement, including the "
                f"individuals and accounts it authorises, throughout the term and for the period the law requires "
                f"after it.",
                f"An audit under this Section {top} may be carried out by {a} or by an independent auditor bound by "
                f"obligations of confidentiality, during normal business hours and so as not to interfere unreasonably "
                f"with {b}'s business.",
                f"{a} shall give {b} a written report of the audit's findings with the data on which they rest, and "
                f"{b} may dispute the findings in writing before any amount claimed on them falls due."]
    if key == "notices":
        return ["Any notice under this Agreement shall be in writing and delivered by hand, by courier or by email to "
                "the address of the receiving Party set out in Schedule 1.",
                "A notice takes effect on delivery, or if delivered outside business hours, on the next business day."]
    if key == "disputes":
        return [f"A Party may refer any dispute arising out of or in connection with this Agreement to the other by "
                f"written notice of dispute.",
                f"Senior executives of each Party shall meet and negotiate in good faith to resolve the dispute for "
                f"thirty days from the notice of dispute (the Negotiation Period), and neither Party shall commence "
                f"proceedings before the Negotiation Period ends, save for urgent interim relief.",
                f"A dispute not resolved within the Negotiation Period may be referred by either Party to {courts}."]
    if key == "service":
        # the service levels and credits of a services agreement (read 23: 'Titled "SLA, credits and termination", it
        # contains no SLA'): the levels and their measure in Schedule 1, a credit for a level missed; no figure of its
        # own (the cited sub-clause's words carry the rate)
        return [f"{a} shall perform the Services so as to meet each service level set out in Schedule 1 in every "
                f"measurement period, measured as Schedule 1 provides, and shall report its performance against each "
                f"service level to {b} within ten business days after the end of the period, with the records behind "
                f"the report.",
                f"Where a service level is missed in a measurement period, {b} shall be entitled to the credit this "
                f"Section {top} provides, which {a} shall apply against its next invoice; the Parties agree that a "
                f"credit is a price adjustment reflecting the reduced value of the Services and not a penalty.",
                f"Planned maintenance is left out of the measure of a service level only to the extent Schedule 1 "
                f"provides, and only where {a} gave {b} the notice of it that Schedule 1 requires."]
    if key == "term":
        return [f"This Agreement begins on the date first written above and continues for successive contract years "
                f"until either Party ends it by ninety days' written notice before the end of a contract year.",
                *([f"{b} may terminate this Agreement by written notice to {a}, with effect from the date the notice "
                   f"states, if {a} persistently fails to meet the service levels, whether or not it has given a "
                   f"credit for each failure, and may recover any fees it paid in advance for the period after "
                   f"termination."] if refs.get("service") else []),
                "Either Party may terminate this Agreement by written notice if the other commits a material breach and "
                "fails to remedy it within thirty days of notice of it.",
                f"Sections {refs.get('indemnity', '').split('.')[0] or 'on indemnity'} and "
                f"{refs.get('limitation', '').split('.')[0] or 'on liability'} survive termination."
                if refs.get("indemnity") and refs.get("limitation") else
                "The provisions on indemnity and liability survive termination."]
    return [f"This Agreement and any dispute arising out of it are governed by {law}.",
            f"Subject to the dispute resolution provisions of this Agreement, each Party submits to the exclusive "
            f"jurisdiction of {courts}."]


def agreement_name(title: str) -> str:
    """The agreement's name as a summary would write it: its title before ' between', ':' or '(' ('Ingredient Supply
    Agreement')."""
    return re.split(r"\s+between\s+|:|\s+\(|\s+-\s+", title, maxsplit=1)[0].strip()


def _fragments(text: str, mentions: bool = False) -> list[tuple[str, str]]:
    """(number, fragment) for each part of a text that opens on a provision ('Section 12.4 excludes ...', 'clause 9.4
    caps ...'); with mentions, also each piece that names one inside it ('the termination right of clause 14.3')."""
    out = []
    for part in re.split(r"(?i)" + _SPLIT.pattern, " ".join(text.split())):
        m = re.match(rf"^(?:the\s+)?(?i:{_WORD})\s+(?P<n>\d+(?:\.\d+)*)\b", part.strip())
        if m:
            out.append((m.group("n"), strip_end(part.strip())))
        elif mentions:
            for piece in re.split(r",\s+|;\s+|\s+and\s+", part):
                out += [(r.group("n"), strip_end(piece.strip())) for r in _ANY_REF.finditer(piece)]
    return out


def provisions(ctx: ArtifactContext) -> dict[str, list[str]]:
    """The provisions the agreement's facts cite, and those the summary cites where it names the agreement: number ->
    the fragments that state it, facts first."""
    spec = ctx.spec
    texts = [f.statement for f in ctx.facts]
    # an extract or copy of an agreement is the agreement's: the summary names the agreement, not the extract
    name = instrument_name(spec.title)
    said = []
    if name and re.search(re.escape(name), ctx.world_summary, re.I):
        said += re.split(r"(?<=[.;])\s+(?=[A-Z])", ctx.world_summary)
    found: dict[str, list[str]] = {}
    for text in texts:
        for number, part in _fragments(text):
            found.setdefault(number, []).append(part)
    # what the paper is for names the provisions it holds ('the cap of clause 9.4 and the termination right of clause
    # 14.3'), and the summary those it says the agreement has, where the facts' statements do not open on them
    stated = set(found)
    for text in [*said, getattr(spec, "purpose", "") or ""]:
        for number, part in _fragments(text, mentions=True):
            # (a provision a fact states keeps the fact's words alone: the summary's restatement of it was a second,
            # differently worded copy of the same sub-clause)
            if number not in stated and part not in found.get(number, []):
                found.setdefault(number, []).append(part)
    return found


def instrument_name(title: str) -> str:
    """The agreement a title names, less the words that make the paper an extract or a copy of it ('Master services
    agreement extract: SLA' -> 'Master services agreement')."""
    return re.sub(r"\s+(?:extracts?|excerpts?|(?:executed |signed )?copy)$", "", agreement_name(title), flags=re.I)


def is_sectioned(ctx: ArtifactContext) -> bool:
    """Whether the agreement is laid out in articles of its own: one that cites its provisions
    (`cites_articles`), or an insurer and its insured sharing a recovery."""
    roles = [o.role.lower() for o in ctx.organisations]
    if _RECOVERY.search(f"{ctx.spec.title} {getattr(ctx.spec, 'purpose', '')}") and any("insurer" in r for r in roles):
        return True
    return cites_articles(ctx)


def cites_articles(ctx: ArtifactContext) -> bool:
    """Whether the agreement is laid out in the articles it cites: a commercial agreement (not a charter party) whose
    facts and summary cite provisions under two or more article numbers."""
    spec = ctx.spec
    if _CHARTER.search(f"{spec.title} {getattr(spec, 'doc_type', '')}") or not _AGREEMENT.search(
            f"{spec.title} {getattr(spec, 'doc_type', '')}"):
        return False
    if not any(_REF.search(f.statement) for f in ctx.facts):
        return False
    from worldsmith.generators.compose.substance.agreement import underlying

    if underlying(ctx) is not None:
        return False  # the clauses cited are those of the agreement it is made under (a side letter to a lease)
    return len({n.split(".")[0] for n in provisions(ctx)}) >= 2


# which subject a provision's words name first when they name several ('indemnify ... caused by Nonconforming Goods'
# is an indemnity, not a warranty)
_PRIORITY = ["indemnity", "limitation", "audit", "disputes", "notices", "warranties", "definitions", "price", "supply", "term",
             "law"]


# The general articles a commercial agreement carries, which fill its numbering between the articles a matter cites.
_FILL_UP_TO = 20
_GENERAL: dict[str, tuple[str, list[str]]] = {
    "confidentiality": ("Confidentiality", [
        "Each Party shall keep confidential the other's confidential information and use it only to perform this "
        "Agreement.",
        "This Section does not apply to information that is public, that a Party already held without restriction, or "
        "that a Party must disclose by law, court order or regulation."]),
    "ip": ("Intellectual Property", [
        "Each Party keeps its intellectual property rights; nothing in this Agreement transfers them except as it "
        "expressly provides.",
        "Any licence this Agreement grants is non-exclusive and non-transferable, and ends when this Agreement ends."]),
    "data": ("Data Protection", [
        "Each Party shall comply with the data protection laws that apply to its processing of personal data under "
        "this Agreement.",
        "Where a Party processes personal data on the other's behalf, it shall do so only on the other's documented "
        "instructions, keep it secure, and notify the other without undue delay of any breach affecting it."]),
    "insurance": ("Insurance", [
        "Each Party shall maintain the insurance that a prudent business of its kind carries for its obligations under "
        "this Agreement.",
        "Each Party shall produce evidence of that insurance to the other on reasonable request."]),
    "force": ("Force Majeure", [
        "Neither Party is liable for a delay or failure caused by an event beyond its reasonable control, if it notifies "
        "the other promptly and uses reasonable efforts to resume performance.",
        "If such an event prevents a Party's performance for more than ninety days, the other may terminate this "
        "Agreement by written notice."]),
    "assignment": ("Assignment and Subcontracting", [
        "Neither Party may assign or transfer this Agreement without the other's prior written consent, not to be "
        "unreasonably withheld, save to an affiliate or to a successor to its business.",
        "A Party remains responsible for the acts and omissions of its subcontractors as if they were its own."]),
    "entire": ("Entire Agreement", [
        "This Agreement, with its Schedules and each order made under it, is the entire agreement of the Parties on its "
        "subject and supersedes all earlier understandings on it."]),
    "variation": ("Variation and Waiver", [
        "No variation of this Agreement is effective unless it is in writing and signed by both Parties.",
        "No failure or delay in exercising a right under this Agreement waives it."]),
    "severance": ("Severance", ["If a provision of this Agreement is held invalid, the rest of it remains in force."]),
    "third": ("Third-Party Rights", ["No one other than a Party has any right to enforce a term of this Agreement."]),
    "counterparts": ("Counterparts", [
        "This Agreement may be signed in counterparts, each of which is an original and which together are one "
        "agreement."]),
}


def _topic(parts: list[str], table: list[tuple[str, str, str]] = _ARTICLES) -> str:
    """The article a provision belongs to, from the words of what states it."""
    scores = {k: sum(1 for p in parts if re.search(pat, _after_number(p), re.I)) for k, _, pat in table}
    order = [k for k in _PRIORITY if k in scores] + [k for k in scores if k not in _PRIORITY]
    best = max(order, key=lambda k: (scores[k], -order.index(k)))
    return best if scores[best] else "term"


def _after_number(part: str) -> str:
    return re.sub(rf"^(?:the\s+)?{_WORD}\s+\d+(?:\.\d+)*\s*", "", part)


def _names(ctx: ArtifactContext, first: str, second: str, a_name: str, a: str, b: str) -> list[tuple[str, str]]:
    """(name as the matter writes it, the party's defined term): full names, then their first words."""
    b_name = second if a_name == first else first
    out = []
    for name, term in ((a_name, a), (b_name, b)):
        out.append((name, term))
        short = name.split()[0].rstrip(",")
        if short.lower() not in ("the", "a") and len(short) > 3:
            out.append((short, term))
    # the matter's words for a side ('requires the customer to buy any excess Named Users') as the contract calls it
    out += [(w, a) for w in ("the vendor", "the licensor", "the supplier", "the provider") if a.lower() != w[4:]]
    out += [(w, b) for w in ("the customer", "the licensee", "the client") if b.lower() != w[4:]]
    return out


def _operative(part: str, names: list[tuple[str, str]], agreement: str, taker: str = "") -> str:
    """A provision's words in the contract's own voice ('Section 11.2 of the Ingredient Supply Agreement obliges
    Okeford to indemnify Bramblecrest for ...' -> 'Supplier shall indemnify Buyer for ...'); '' where the words only
    describe it ('the Section 19.2 negotiation period ends on May 29, 2026')."""
    rest = _after_number(part)
    rest = re.sub(rf"^of (?:the |this )?{re.escape(agreement)}\s+", "", rest, flags=re.I) if agreement else rest
    # 'Clause 6.2 of the lease fixes ...': the agreement by its kind's word
    rest = re.sub(r"^of (?:the |this )?(?:lease|agreement|contract|charter)\s+", "", rest, flags=re.I)
    # what follows ', so' is the matter's arithmetic on the term, not the term ('... within 21 days of written demand,
    # so the claim demanded on April 28, 2028 falls due on May 19, 2028')
    rest = re.split(r",\s+so\s+(?:that\s+)?", rest, maxsplit=1)[0]
    rest = re.sub(r"\s*\([^)]*\d[^)]*\)", "", rest)  # a figure in brackets is the matter's arithmetic, not a term
    # a lettered paragraph of the sub-clause ('Section 9.4(e) requires ...'): its words under its letter
    sub = re.match(r"^\((?P<l>[a-z]{1,2}|[ivx]{1,4})\)\s*", rest)
    rest = rest[sub.end():] if sub else rest
    rules = [
        (r"^(?:obliges|requires) (?P<x>.+?) to (?P<v>.+)$", "{x} shall {v}"),
        (r"^caps (?P<x>.+?)'s liability at (?P<y>.+)$",
         "{x}'s aggregate liability under or in connection with this Agreement shall not exceed {y}"),
        (r"^excludes (?P<a>.+?) from the (?P<ref>(?:Section|Clause) [\d.]+) cap$", "The cap in {ref} does not apply to {a}"),
        (r"^excludes (?P<a>.+?) from (?P<b>.+)$", "{a} are excluded from {b}"),
        (r"^fixes the (?P<t>.+?) at (?P<v>.+)$", "The {t} is {v}"),
        # 'caps service credits in a contract year at 5% of the annual fees' (read 23: the cap clause the letters
        # cite was not in the extract)
        (r"^caps (?P<x>.+?) at (?P<y>.+)$", "{x} shall not exceed {y}"),
        # 'gives a service credit of 25% of the monthly fee for a month in which ...': what the paying party is owed
        (r"^(?:gives|grants) (?P<x>(?:a|an) (?!right\b).+)$",
         "{taker} shall be entitled to {x}" if taker else "There shall be {x}"),
        (r"^provides that (?P<s>.+)$", "{s}"),
        (r"^(?:gives|allows|permits|entitles) (?P<x>.+?) (?:the right )?to (?P<v>.+)$", "{x} may {v}"),
        # 'lets Quorvex audit use once in any 12 months' (read 14: an MSA whose Section 9.4, the audit clause all the
        # mail relies on, read 'The rights under this Section 9 are in addition to any other rights')
        (r"^lets (?P<x>.+?) (?P<v>(?:audit|inspect|verify|terminate|suspend|charge|invoice|recover|use|require|"
         r"withhold|set off|assign|review|examine|appoint|extend|increase|adjust)\b.*)$", "{x} may {v}"),
        # 'defines a Named User as an individual ..., and excludes system accounts ...' (read 14: 'Section 1.1 (the
        # Named User definition) reads "This Agreement begins on the date first written above"')
        (r"^defines (?:an? |the )?(?P<t>.+?) as (?P<d>.+?),? and excludes (?P<x>.+)$",
         '"{t}" means {d}, but does not include {x}'),
        (r"^defines (?:an? |the )?(?P<t>.+?) as (?P<d>.+)$", '"{t}" means {d}'),
    ]
    for pattern, form in rules:
        m = re.match(pattern, rest)
        if m:
            text = form.format(taker=taker, **m.groupdict())
            break
    else:
        return ""
    text = re.sub(rf"\bthe ({_WORD} [\d.]+) cap\b", r"the cap in \1", text)
    text = re.sub(rf"\b(?:of|under) (?:the |this )?{re.escape(agreement)}\b", "under this Agreement", text) \
        if agreement else text
    for name, term in names:
        text = re.sub(rf"\b{re.escape(name)}\b", term, text)
    text = cap_first(strip_end(text)) + "."
    return f"({sub.group('l')}) {text}" if sub else text


def sectioned_agreement(ctx: ArtifactContext, n: int, first: str, second: str, a: str, b: str, a_name: str
                        ) -> tuple[list[tuple[str, str]], dict[int, list[str]]]:
    """The plan (heading, kind) and the paragraphs of an agreement in the articles it cites: Parties, Recitals, the
    articles in number order (each cited one under its number, its cited sub-clauses at their numbers), Schedule 1
    and Signatures; as many articles as the plan has room for, and never fewer than the matter cites."""
    found = provisions(ctx)
    # (read 23: 'This Master services agreement extract (this Agreement) is dated January 1, 2025')
    name = instrument_name(ctx.spec.title)
    kind = agreement_kind(ctx)
    table, fill = _TABLES[kind]
    order_ = [k for k, _, _ in table]
    asset = leased_asset(ctx)[0] if kind == "lease" else ""
    heads_ = {k: h.format(asset=asset) for k, h, _ in table}
    from worldsmith.generators.compose.substance.agreement import is_ip_licence, licence_terms, licensed_patents

    # a licence of patents grants a licence and takes royalties; it is no subscription to a service (blind read 37)
    licence = kind == "other" and is_ip_licence(ctx)
    if licence:
        heads_.update(supply="Grant of Licence", price="Royalties, Reports and Audit")
    names = _names(ctx, first, second, a_name, a, b)
    tops: dict[int, list[tuple[str, str]]] = {}
    for number, parts in found.items():
        for p in parts:
            tops.setdefault(int(number.split(".")[0]), []).append((number, p))
    cited: dict[str, int] = {}
    for top in sorted(tops):
        key = _topic([p for _, p in tops[top]], table)
        if key in cited:  # two numbers on one subject: the later is its own article, named by the next free subject
            key = next((k for k in order_ if k not in cited and _topic([p for _, p in tops[top]], table) != k), key)
        cited.setdefault(key, top)
    refs = {}
    for key, top in cited.items():
        subs = sorted({num for num, _ in tops[top] if "." in num}, key=lambda s: [int(x) for x in s.split(".")])
        main = next((num for num, p in tops[top] if "." in num and _operative(p, names, name, b)),
                    subs[0] if subs else "")
        refs[key] = main or str(top)
    room = max(0, n - 4)
    # a provision the facts name by its number alone ('Section 9.4') is cited by that number in the agreement too: in
    # the survival clause of its term article (never in the third person in its recitals)
    bare = sorted({f.text.strip() for f in ctx.facts if _BARE.fullmatch(f.text.strip())})
    rest_ = [k for k in fill if k not in cited]
    if bare and "term" in rest_:
        rest_ = ["term"] + [k for k in rest_ if k != "term"]
    keys = list(cited) + rest_[:max(1 if bare else 0, room - len(cited))]
    keys = sorted(keys, key=order_.index)
    # numbers: a cited article keeps its own; the others count on from the article before them
    numbers: dict[str, int] = {}
    last = 0
    for k in keys:
        if k in cited:
            last = cited[k]
        else:
            later = [cited[c] for c in keys[keys.index(k) + 1:] if c in cited]
            last = last + 1
            if later and last >= min(later):  # no room before the next cited article: after the last cited one
                last = max(cited.values()) + 1 + len([c for c in numbers if numbers[c] > max(cited.values())])
        numbers[k] = last
    if kind != "lease" and cited and max(cited.values()) <= _FILL_UP_TO:
        # an executed agreement runs its articles 1, 2, 3 ... without gaps up to the last one the matter cites: the
        # numbers between hold the articles a contract of its kind has (read 14: 'Sections jump 1, 9, 14, 15, 16')
        # (a patent licence has no service levels: its gaps hold the articles a licence has)
        spare = [k for k in order_ if k not in numbers and k not in ("law", "term") and not (licence and k == "service")] + \
            [k for k in _GENERAL if k not in numbers]
        for gap in [x for x in range(1, max(cited.values())) if x not in numbers.values()]:
            if not spare:
                break
            numbers[spare.pop(0)] = gap
        after = sorted(k for k in numbers if numbers[k] > max(cited.values()))
        for j, k in enumerate(sorted(after, key=lambda k: numbers[k])):
            numbers[k] = max(cited.values()) + 1 + j
        if "law" not in numbers:
            numbers["law"] = max(numbers.values()) + 1
        keys = list(numbers)
    keys = sorted(keys, key=lambda k: numbers[k])
    goods = _goods(ctx, a_name)
    made = ctx.spec.date
    from worldsmith.generators.compose.substance.agreement import executed_on

    made = executed_on(ctx)
    day = long_date(made, ctx.locale)
    cites = [m.group("word").capitalize() for f in ctx.facts for m in _ANY_REF.finditer(f.statement)]
    word = "Clause" if cites.count("Clause") > cites.count("Section") else "Section"
    plan: list[tuple[str, str]] = [("Parties", "parties"), ("Recitals", "recitals")]
    bodies: dict[int, list[str]] = {
        0: [f"This {name or 'Agreement'} (this Agreement) is dated {day} and made between (1) {first}"
            f" ({_called(a if first == a_name else b, kind)}) and (2) {second}"
            f" ({_called(b if first == a_name else a, kind)})"
            f" (each a Party)."],
        1: [f"(A) {a} produces and sells {goods}.",
            f"(B) {b} wishes to buy {goods} from {a}, and {a} wishes to supply them, on the terms of this Agreement."]}
    if kind == "lease":
        thing = leased_asset(ctx)[1]
        bodies[1] = [f"(A) {a} is the owner of " + (f"{thing} (the {asset})" if thing else f"the {asset} described in "
                                                                                              f"Schedule 1") + ".",
                     f"(B) {a} has agreed to lease the {asset} to {b}, and {b} has agreed to take it on lease, on the "
                     f"terms of this Agreement."]
    elif licence:
        patents = licensed_patents(ctx)
        owned = (f"the patents listed in Schedule 1 ({', '.join(patents)}) (the Licensed Patents)" if patents else
                 "the patents that claim the Licensed Products (the Licensed Patents)")
        bodies[1] = [f"(A) {a} owns {owned}.",
                     f"(B) {b} wishes to make and sell Licensed Products under the Licensed Patents, and {a} has agreed "
                     f"to grant it a licence for the royalties and on the terms of this {name or 'Agreement'}."]
    elif kind == "other" and _SUBSCRIPTION.search(f"{name} {ctx.spec.title}"):
        # a subscription or licence recites what is licensed and how it is ordered, not 'have agreed the terms'
        # (read 15: 'A skeletal MSA')
        from worldsmith.generators.compose.substance.common import identity
        thing = next((f.text for f in ctx.facts if identity(f)), "")
        what = f"the {thing} platform" if thing else "its software platform"
        bodies[1] = [f"(A) {a} provides {what} as a hosted subscription service.",
                     f"(B) {b} wishes to subscribe to it for the use of its own business, and the Parties have agreed "
                     f"that each subscription {b} takes is ordered by an Order Form signed by both of them under this "
                     f"{name or 'Agreement'}, on its terms."]
    elif kind == "other":
        from worldsmith.generators.compose.substance.common import identity
        thing = next((f.text for f in ctx.facts if identity(f)), "")
        bodies[1] = [f"(A) {a} and {b} have agreed the terms of this {name or 'Agreement'}"
                     + (f" in respect of {thing}" if thing else "") + ".",
                     "(B) The Parties record those terms in this Agreement."]
    if re.search(r"\bas amended\b|\bamendment\b", ctx.spec.title, re.I):
        import datetime as dt
        amended = long_date(made + dt.timedelta(days=14), ctx.locale)
        bodies[1].append(f"(C) The Parties amended this Agreement by a letter agreement of {amended}; this copy sets "
                         f"out the Agreement as so amended.")
    for k in keys:
        top = numbers[k]
        paras = list(_GENERAL[k][1]) if k in _GENERAL else _standard(k, a, b, goods, str(top), ctx, refs, kind)
        if licence and k in ("supply", "price"):
            said = licence_terms(ctx, a, b)["scope" if k == "supply" else "consideration"].replace("this agreement",
                                                                                                  "this Agreement")
            paras = [x for x in re.split(r"(?<=\.) (?=[A-Z])", said) if x]
        if k in cited and not any("." in num for num, _ in tops[top]):
            # a provision cited by its number alone ('Clause 7 of the lease requires ...') opens its article
            words = _operative_of(str(top), tops[top], names, name, b)
            if words:
                paras = [words] + paras[1:]
        if k in cited:
            standard = list(paras)
            numbers_cited = sorted({num for num, _ in tops[top] if "." in num}, key=lambda s: int(s.split(".")[1]))
            filler = set()
            for number in numbers_cited:
                at = int(number.split(".")[1]) - 1
                while len(paras) <= at:
                    paras.append(f"The rights under this {word} {top} are in addition to any other rights of the "
                                 f"Party under this Agreement or at law." if len(paras) % 2 else
                                 f"Each Party shall take reasonable steps to mitigate any loss for which it claims "
                                 f"under this {word} {top}.")
                    filler.add(len(paras) - 1)
                words = _operative_of(number, tops[top], names, name, b)
                if words:
                    paras[at] = lettered(words, k, a, b, word, top)
                elif at in filler:
                    # a provision the matter cites without its words: the article's own sub-clause closest to what
                    # the matter says of it, never a stock sentence (read 14: 'Section 14.2 is boilerplate'; the
                    # executive escalation period cited sits at 14.2)
                    near = _nearest(standard, [p for num, p in tops[top] if num == number])
                    taken = {int(n.split(".")[1]) - 1 for n in numbers_cited}
                    if near is not None and near in paras and paras.index(near) not in taken:
                        j = paras.index(near)  # the sub-clause moves to the number cited; a stock one takes its place
                        paras[j], paras[at] = paras[at], paras[j]
                    elif near is not None and near not in paras:
                        paras[at] = near
                filler.discard(at)
            # a standard sub-clause a cited one took the place of is kept after them, not lost (the definitions of the
            # parties behind a cited '1.1 "Named User" means ...')
            kept = {p for p in paras}
            paras += [p for p in standard if p not in kept and p not in paras]
        bodies[len(plan)] = paras
        plan.append((f"{top}. {_GENERAL[k][0] if k in _GENERAL else heads_[k]}", "clause"))
    written = " ".join(p for ps in bodies.values() for p in ps)
    missing = [b_ for b_ in bare if b_ not in written]
    term_at = next((i for i, (h, _) in enumerate(plan) if h.endswith(heads_["term"])), None)
    if missing and term_at is not None:
        which = ", ".join(missing)  # each as the matter writes it ('Section 1.1, Section 9.4'), which it is cited by
        paras = bodies[term_at]
        at = next((j for j, p in enumerate(paras) if "survive termination" in p), None)
        line = (f"{which} and the provisions on indemnity and liability survive termination of this Agreement, as does "
                f"any right that accrued before it.")
        if at is None:
            paras.append(line)
        else:
            paras[at] = line
    holds = {"goods": "the Goods, the Specifications, the prices",
             "lease": f"the {asset}, the rent, the maintenance reserve rates, the amount of the Letter of Credit"}.get(
        kind, "the commercial terms")
    bodies[len(plan)] = [f"Schedule 1 sets out {holds} and the Parties' addresses for notices, as agreed on {day}, and "
                         f"has effect as if set out in full in the {'Clauses' if kind == 'lease' else 'Sections'}."]
    if licence:
        patents = licensed_patents(ctx)
        bodies[len(plan)] = [
            "Part A (Licensed Patents): " + ("; ".join(patents) + "." if patents else
                                             "the patents defined as the Licensed Patents in this Agreement."),
            f"Part B (Royalties): the royalty rate, the interest on late payment and the audit costs are those the "
            f"Parties agreed on {day}; royalty reports and payments go to {a}'s finance department.",
            f"Part C (Notices): notices to each Party go to its General Counsel at the address it has last notified "
            f"to the other in writing.",
            f"This Schedule 1 has effect as if set out in full in the {word}s."]
    elif kind == "other" and _SUBSCRIPTION.search(f"{name} {ctx.spec.title}"):
        # the schedule holds what it says it holds (read 15: 'Schedule 1 is missing'): how an order is made and
        # priced, and where notices go; no figure the ledger lacks (the fees are the Order Form's)
        bodies[len(plan)] = [
            f"Part A (Orders): each Order Form states the subscription ordered, the number of Named Users, the "
            f"subscription year, the list price, any discount and the fees; an Order Form signed by both Parties "
            f"forms part of this Agreement, and where it conflicts with these {word}s the Order Form prevails for "
            f"that order only.",
            f"Part B (Fees and invoicing): {a} invoices the fees for each subscription year annually in advance, and "
            f"{b} pays each invoice within thirty days of receiving it; fees for Named Users added during a "
            f"subscription year are pro-rated to its end.",
            f"Part C (Notices): notices to {a} go to its General Counsel, and notices to {b} to its General Counsel "
            f"at the registered office and the email address each has last notified to the other in writing.",
            f"This Schedule 1 was agreed on {day} and has effect as if set out in full in the {word}s."]
    plan.append(("Schedule 1", "schedule"))
    plan.append(("Signatures", "signatures"))
    return plan, bodies


_SUBSCRIPTION = re.compile(r"\b(subscription|licen[cs]e|software|saas|platform)\b", re.I)
_LETTERED = re.compile(r"\((?P<l>[a-z])\)\s+")
# The lettered paragraphs an audit sub-clause carries before the one a matter cites ('Section 9.4(e)'), in the order
# licences have them; no period or figure of their own (those are the cited words').
_AUDIT_ITEMS = ["{a} shall give {b} written notice of the audit, stating its scope and the period it covers",
                "{b} shall give {a} or its auditor reasonable access to the records kept under this {word} {top} and to "
                "the reports of use that the platform produces",
                "{b} shall run the reports and collection tools the auditor reasonably asks for, and the auditor "
                "shall use what they collect only for the audit",
                "the auditor shall count use by the definitions in this Agreement, and an account that a definition "
                "excludes is not counted",
                "{a} bears its own costs of the audit"]


def lettered(words: str, key: str, a: str, b: str, word: str, top: int | str) -> str:
    """A sub-clause whose cited words hold a lettered paragraph ('(e) Licensee shall buy ...') with every paragraph
    before it: the unlettered words lead in, then (a), (b), ... in order, the ones the matter does not cite in the
    words such a sub-clause has (read 15: 'Section 9.4 jumps from the first sentence straight to "(e)" with no (a) to
    (d)')."""
    found = list(_LETTERED.finditer(words))
    if not found:
        return words
    lead = words[:found[0].start()].strip()
    items: dict[str, str] = {}
    for n, m in enumerate(found):
        end = found[n + 1].start() if n + 1 < len(found) else len(words)
        items[m.group("l")] = strip_end(words[m.end():end].strip())
    last = max(items)
    stock = [t.format(a=a, b=b, word=word, top=top) for t in _AUDIT_ITEMS] if key == "audit" else []
    rows = []
    for n, letter in enumerate("abcdefghijklmnopqrstuvwxyz"[:ord(last) - ord("a") + 1]):
        text = items.get(letter) or (stock.pop(0) if stock else "[Reserved]")
        rows.append(f"({letter}) {text[:1].lower() + text[1:] if text[:1].isupper() and text.split()[0] not in (a, b) else text}")
    listed = "; ".join(rows[:-1]) + ("; and " if len(rows) > 1 else "") + rows[-1] + "."
    if key == "audit":
        return (f"{strip_end(lead)}, and on any audit: " if lead else f"On any audit under this {word} {top}: ") + listed
    return (f"{strip_end(lead)}, and: " if lead else "") + listed


def _nearest(paras: list[str], said: list[str]) -> str | None:
    """The paragraph of `paras` sharing most words of four letters or more with what the matter says of a provision;
    None where none shares any."""
    words = {w.lower() for p in said for w in re.findall(r"[A-Za-z]{4,}", p)}
    best = max(paras, key=lambda p: len(words & {w.lower() for w in re.findall(r"[A-Za-z]{4,}", p)}), default=None)
    if best is None or not words & {w.lower() for w in re.findall(r"[A-Za-z]{4,}", best)}:
        return None
    return best


def _operative_of(number: str, parts: list[tuple[str, str]], names: list[tuple[str, str]], agreement: str,
                  taker: str = "") -> str:
    """The words of one sub-clause from every fragment that states it: a sentence whose every figure another sentence
    already binds is left out ('The percentage limb of Supplier's liability cap is 150% ...' beside 'Supplier's
    aggregate liability ... shall not exceed the greater of 150% ... and USD 5,000,000')."""
    said = list(dict.fromkeys(w for num, p in parts if num == number for w in [_operative(p, names, agreement, taker)] if w))
    keep = []
    for w in said:
        figures = re.findall(r"\d[\d,.]*%?", w)
        others = " ".join(x for x in said if x != w)
        if figures and all(f in others for f in figures) and not w.split()[1:2] == ["shall"] and " shall " in others:
            continue
        keep.append(w)
    return " ".join(keep)


def _goods(ctx: ArtifactContext, supplier: str) -> str:
    """What the supplier supplies, from its role ('supplier of the roasted sunflower kernels' -> 'roasted sunflower
    kernels'), else 'the goods'."""
    org = next((o for o in ctx.organisations if o.name == supplier), None)
    m = re.search(r"\b(?:supplier|seller|manufacturer|producer|vendor) of (?:the )?(?P<g>[^;,()]+?)(?= and |;|,|\(|$)",
                  org.role if org else "", re.I)
    return m.group("g").strip() if m else "the goods"


# -- an insurer and its insured pursuing a recovery together --------------------------------------------------------

_RECOVERY = re.compile(r"\b(allocation|joint prosecution|subrogat\w*|loan receipt|recovery agreement)\b", re.I)


def insurer_and_insured(ctx: ArtifactContext, first: str, second: str) -> tuple[str, str] | None:
    """(insured, insurer) where one party to the agreement is an insurer and the agreement shares a recovery (a joint
    prosecution or recovery allocation agreement); None otherwise."""
    spec = ctx.spec
    if not _RECOVERY.search(f"{spec.title} {getattr(spec, 'purpose', '')}"):
        return None
    role = {o.name: o.role.lower() for o in ctx.organisations}
    if "insurer" in role.get(second, ""):
        return first, second
    if "insurer" in role.get(first, ""):
        return second, first
    return None


def recovery_agreement(ctx: ArtifactContext, n: int, insured: str, insurer: str, opponent: str, counsel: str
                       ) -> tuple[list[tuple[str, str]], dict[int, list[str]]]:
    """The plan and paragraphs of an agreement by which an insured pursues its insurer's subrogated share with its own
    claim (read 12: 'The recovery allocation agreement allocates nothing: no waterfall, no made-whole or pro rata rule,
    no sharing of costs. It calls the insured "the Buyer"'): the conduct of the claim, the sharing of its costs, the
    order in which a recovery is applied, settlement, and the common interest. The figures are the facts', in
    Schedule 1; none is computed here."""
    import datetime as dt  # noqa: F401

    day = long_date(ctx.spec.date, ctx.locale)
    against = opponent or "the party liable for the loss"
    law, courts = stated_law(ctx) or governing_law(ctx.locale)
    decided = [f for f in ctx.facts if f.value.type == "text" and not re.search(r"\d", f.text)]
    articles = [
        ("Conduct of the Claim",
         [f"The Insured shall pursue its claim against {against} for the whole of its loss, including the amount the "
          f"Insurer has paid under the Policy (the Subrogated Amount), in its own name"
          + (f" and by {counsel}" if counsel else "") + ".",
          "The Insured shall keep the Insurer informed of the claim, consult it before any step that affects the "
          "Subrogated Amount, and send it copies of the pleadings and the correspondence with the other side.",
          "The Insurer shall make available to the Insured the documents and witnesses within its control that the "
          "claim needs."]),
        ("Costs",
         ["The costs of the claim (counsel's and experts' fees and disbursements) are shared between the Parties in "
          "proportion to their shares of the amount claimed: the Subrogated Amount for the Insurer, the balance of "
          "the claim for the Insured.",
          "Each Party pays its share of each invoice within thirty days of receiving it from the Insured's counsel."]),
        ("Allocation of Recoveries",
         [f"Any amount recovered from {against}, by settlement, judgment or award, is applied in this order: (a) first, "
          f"to reimburse each Party the costs it has paid under Section 2; (b) second, between the Parties in "
          f"proportion to their shares of the amount claimed, the Insurer's share not exceeding the Subrogated "
          f"Amount; and (c) any balance to the Insured.",
          "The Parties agree this order of application in place of any rule of law that the Insured be made whole "
          "before the Insurer recovers, for every recovery under this Agreement.",
          "A Party that receives a recovery holds the other Party's share on trust and pays it within ten business "
          "days."]),
        ("Settlement",
         [f"The Insured shall not settle the claim or accept an offer from {against} without the Insurer's written "
          f"consent, which shall not be unreasonably withheld or delayed."]),
        ("Common Interest and Privilege",
         ["The Parties share a common legal interest in the claim. Documents and communications exchanged under this "
          "Agreement remain privileged, and neither Party shall disclose them without the other's consent."]),
        ("Governing Law and Jurisdiction",
         [f"This Agreement is governed by {law}, and {dispute_clause(courts, ctx.world_title, ctx.world_summary)}."]),
    ]
    room = max(1, n - 4)
    plan: list[tuple[str, str]] = [("Parties", "parties"), ("Recitals", "recitals")]
    bodies: dict[int, list[str]] = {
        0: [f"This agreement (this Agreement) is dated {day} and made between (1) {insured} (the Insured) and "
            f"(2) {insurer} (the Insurer) (each a Party)."],
        1: [f"(A) The Insurer insures the Insured under a policy covering the loss that is the subject of the claim "
            f"(the Policy), has paid under it and is subrogated to the Insured's rights to the extent of its payment.",
            f"(B) The Insured has a claim against {against} for its loss, including loss the Policy does not cover, "
            f"and the Parties wish the whole claim to be pursued once, in the Insured's name."]}
    if decided:
        bodies[1].append(f"(C) The Insured has resolved to {decided[0].text} from {against}.")
    for i, (head, paras) in enumerate(articles[:room], 1):
        bodies[len(plan)] = paras
        plan.append((f"{i}. {head}", "clause"))
    money = [f for f in ctx.facts if f.value.type == "money"]
    terms = "; ".join(f"({'abcdefghij'[i]}) {cap_first(re.sub(r'^(the|a|an) ', '', f.label or 'amount'))}: {f.text}"
                      for i, f in enumerate(money[:8]))
    bodies[len(plan)] = [f"Schedule 1 records the figures on which this Agreement is based, as at {day}"
                         + (f": {terms}." if terms else ".") +
                         " The Subrogated Amount is the Insurer's payment recorded here, as adjusted for any later "
                         "payment under the Policy."]
    plan.append(("Schedule 1", "schedule"))
    plan.append(("Signatures", "signatures"))
    return plan, bodies

"""An agreement extract whose title names its clauses ('Supply agreement extract: price, adjustment and disputes
(clauses 3, 6 and 14)'): the definitions it relies on, each named clause under its own number with its sub-clauses in
the contract's words, and the schedule of its figures; every figure a ledger fact's own text.

Blind read 18 (a hotel owner's partner): 'Titled an "extract" of ss.4.3, 9.1 and 17.2, it is generic supply/licence
boilerplate with no base fee, no key money and no s.17.2'; at seed 31 the supply agreement extract of 'clauses 3, 6
and 14' held only a Schedule 1 and 'The record shows that halvergate commits to take 24,000 tonnes of bar in each
contract year under clause 3.1.' What a clause provides is what the record (the extract's facts, its purpose and the
matter's summary) says it provides, turned into the contract's voice; a formula the ledger works from the
agreement's own terms is one of its defined terms; a clause the record names without its words takes the standard
words of its subject, with no figure of its own.
"""

from __future__ import annotations

import re

from worldsmith.generators.compose.text import cap_first, long_date, strip_end
from worldsmith.generators.context import ArtifactContext
from worldsmith.generators.compose.substance.common import label

_WORDS = r"(?:clauses?|sections?|articles?|ss?\.)"
_NUM = r"\d+(?:\.\d+)*"
_TITLE_CITES = re.compile(rf"\b(?P<w>{_WORDS})\s*(?P<list>{_NUM}(?:\s*(?:,|and|&)\s*(?:and\s+)?{_NUM})*)", re.I)
_REF = re.compile(rf"\b(?:clause|section|article|schedule)\s+(?P<n>{_NUM})\b", re.I)
_ABOUT = re.compile(r"\b(agreement|contract)\b", re.I)
_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_DATE = rf"(?:{_MONTH}\s+\d{{1,2}},?\s+\d{{4}}|\d{{1,2}}\s+{_MONTH}\s+\d{{4}})"
# what a clause is about, from the words the record says of it: its heading in the extract
_HEADINGS = [(r"\bdisput|\barbitra|\bexpert determination|\bmediat", "Dispute Resolution"),
             (r"\bindex\b|\badjust|\bincreases?\b|\bpass on\b", "Price Adjustment"),
             (r"\bterminat", "Termination"),
             (r"\bvolume\b|\btonnes\b|\bquantit|\bto take\b|\btake[- ]or[- ]pay", "Quantity"),
             (r"\bfees?\b", "Fees"),
             (r"\bprice\b|\bpayment\b|\binvoice", "Price and Payment"),
             (r"\bindemn", "Indemnity"),
             (r"\bliabilit|\bcap\b", "Limitation of Liability"),
             (r"\bnotices?\b", "Notices")]


def cited(title: str) -> tuple[str, list[str]]:
    """('Clause', ['3', '6', '14']): the word and the numbers of the provisions a title names; ('', []) if none."""
    m = _TITLE_CITES.search(title)
    if not m:
        return "", []
    w = m.group("w").lower()
    word = "Clause" if w.startswith("clause") else "Article" if w.startswith("article") else "Section"
    return word, re.findall(_NUM, m.group("list"))


def is_clause_extract(ctx: ArtifactContext) -> bool:
    """Whether the paper is an extract of an agreement whose title names the clauses it reproduces."""
    title = ctx.spec.title
    kind = f"{title} {getattr(ctx.spec, 'doc_type', '')}"
    return bool(cited(title)[1]) and bool(_ABOUT.search(kind)) and bool(re.search(r"\b(extracts?|excerpts?)\b", title,
                                                                                re.I))


def _record(ctx: ArtifactContext) -> list[str]:
    """The parts of what the record says (the facts, the purpose, the summary): sentences, split at semicolons."""
    texts = [*(f.statement for f in ctx.facts), ctx.spec.purpose or "", ctx.world_summary or ""]
    out: list[str] = []
    for text in texts:
        for s in re.split(r"(?<=[.;])\s+", " ".join(text.split())):
            if s.strip():
                out.append(strip_end(s.strip()))
    return list(dict.fromkeys(out))


def _term(words: str) -> str:
    """A label as a defined term: 'the annual contract value' -> 'Annual Contract Value'."""
    words = re.sub(r"^(?:the|a|an)\s+", "", words.strip(), flags=re.I)
    return " ".join(w if w.isupper() or w in ("of", "per", "and", "a", "an", "the") else w[:1].upper() + w[1:]
                    for w in words.split())


_RULES = [
    # 'caps any price adjustment under clause 6.2 at 12% of ...'
    (r"^caps (?P<a>.+?) at (?P<b>.+)$", "{a} shall not exceed {b}"),
    (r"^(?:obliges|requires) (?P<x>.+?) to (?P<v>.+)$", "{x} shall {v}"),
    (r"^(?:lets|allows|permits|entitles) (?P<x>.+?) to (?P<v>.+)$", "{x} may {v}"),
    # 'lets Brennmoor pass on movements in the published steel bar index'
    (r"^lets (?P<x>\S+(?: [A-Z]\S*)*) (?P<v>.+)$", "{x} may {v}"),
    (r"^(?:sets|fixes) the (?P<t>.+?) at (?P<v>.+)$", "The {t} is {v}"),
    (r"^provides that (?P<s>.+)$", "{s}"),
    (r"^defines (?:an? |the )?(?P<t>.+?) as (?P<d>.+)$", '"{t}" means {d}'),
]
# '<party> commits to take ... under clause 3.1'
_UNDER = re.compile(rf"^(?P<x>[A-Z][\w&.' -]*?) (?:commits|agrees|undertakes|is bound|is obliged) to (?P<v>.+?),? "
                    rf"(?:under|in accordance with|as required by) (?:clause|section|article) (?P<n>{_NUM})$", re.I)


def operative(part: str, names: list[tuple[str, str]]) -> tuple[str, str] | None:
    """(number, the provision in the contract's words) for a part of the record that says what a provision provides
    ('Clause 6.3 caps any price adjustment ... at 12% of ...' -> ('6.3', 'Any price adjustment ... shall not exceed
    12% of ...')); None for one that only mentions it."""
    m = re.match(rf"^(?:the\s+)?(?P<w>clause|section|article|schedule)\s+(?P<n>{_NUM})\s+(?P<rest>.+)$", part, re.I)
    if m:
        number, rest = m.group("n"), m.group("rest")
        if m.group("w").lower() == "schedule":
            number = f"Schedule {number}"
        rest = re.sub(rf"^of (?:the |this )?[\w -]*?\b(?:agreement|contract)\b(?: (?:of|dated) {_DATE})?\s+", "", rest,
                      flags=re.I)
        text = next((form.format(**mm.groupdict()) for pattern, form in _RULES if (mm := re.match(pattern, rest))),
                    None)
    else:
        u = _UNDER.match(part)
        if not u:
            return None
        number, text = u.group("n"), f"{u.group('x')} shall {u.group('v')}"
    if text is None:
        return None
    # what follows ', so' is the matter's arithmetic on the term, and a bracketed figure its working
    text = re.split(r",\s+so\s+", text, maxsplit=1)[0]
    text = re.sub(r"\s*\([^)]*\d[^)]*\)", "", text)
    for name, term in names:
        text = re.sub(rf"\b{re.escape(name)}\b", term, text)
    text = re.sub(r"\b(?:the )+(the (?:Buyer|Supplier|Seller|Owner|Manager|Licensor|Licensee|Lessor|Lessee|Customer|"
                  r"Contractor|Client|Party))\b", r"\1", text)
    text = re.sub(r"\b(clause|section|article)\s+(?=\d)", lambda x: x.group(1).capitalize() + " ", text)
    return number, cap_first(strip_end(text)) + "."


def _names(ctx: ArtifactContext, parties: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """(a name as the record writes it, 'the <defined term>'): each party's full name, then its first word."""
    out = []
    for name, term in parties:
        if not term:
            continue
        out.append((name, f"the {term}"))
        out.append((f"{name}'s", f"the {term}'s"))
    for name, term in parties:
        short = name.split()[0].rstrip(",")
        if term and short.lower() not in ("the", "a") and len(short) > 3:
            out.append((f"{short}'s", f"the {term}'s"))
            out.append((short, f"the {term}"))
    return out


def _standard(heading: str, top: str, word: str, a: str, b: str) -> list[str]:
    """A clause's standard sub-clauses by its subject, where the record names it without its words: no figure."""
    if heading == "Dispute Resolution":
        return [f"Either Party may refer a dispute under this Agreement, including a dispute about an invoice or a "
                f"price adjustment, by written notice to the other Party (a Notice of Dispute) stating the matters in "
                f"dispute, the amount disputed and the grounds.",
                f"A Party that disputes an invoice shall pay the undisputed part when due; the disputed part is not "
                f"payable until the dispute is resolved under this {word} {top}.",
                "Senior executives of the Parties shall meet within ten Business Days of a Notice of Dispute to try to "
                "resolve it in good faith. A dispute not resolved within thirty days of the Notice of Dispute may be "
                "referred by either Party to the courts having jurisdiction under this Agreement."]
    if heading == "Price Adjustment":
        return [f"The prices payable by {b} may be adjusted only as this {word} {top} provides, and any adjustment "
                f"takes effect from the first day of the Contract Year that follows the notice of it."]
    if heading == "Quantity":
        return [f"{b} shall order and {a} shall supply the quantities set out in Schedule 1 in each Contract Year."]
    if heading == "Price and Payment":
        return [f"{b} shall pay each correct invoice within thirty days of receiving it.",
                f"{a} shall invoice the Goods on delivery, at the prices then in force under this Agreement."]
    if heading == "Termination":
        return [f"Either Party may terminate this Agreement by written notice if the other commits a material breach "
                f"and does not remedy it within thirty days of written notice of it."]
    return [f"The Parties shall perform their obligations under this {word} {top} as the Agreement provides."]


def extract_bodies(ctx: ArtifactContext, made, first: str, second: str, roles: tuple[str, str]
                   ) -> tuple[list[tuple[str, str]], dict[int, list[str]]]:
    """The plan and paragraphs of the extract: parties, the definitions its clauses use, each cited clause under its
    number with its sub-clauses numbered, the schedule of its figures and the signatures."""
    word, numbers = cited(ctx.spec.title)
    tops = list(dict.fromkeys(n.split(".")[0] for n in numbers))
    one, two = roles
    a, b = f"the {two or 'Supplier'}", f"the {one or 'Buyer'}"  # (the giving party second in party_roles' order)
    supplies = {"Supplier", "Sellers", "Vendor", "Contractor", "Lessor", "Licensor", "Landlord", "Owners", "Manager"}
    if one in supplies:
        a, b = b, a
    names = _names(ctx, [(first, one), (second, two)])
    name = re.split(r"\s+(?:extracts?|excerpts?)\b|:", ctx.spec.title, maxsplit=1, flags=re.I)[0].strip()
    name = _term(name) if name and _ABOUT.search(name) else "Agreement"
    day = long_date(made, ctx.locale)
    record = _record(ctx)
    subs: dict[str, dict[str, str]] = {t: {} for t in tops}
    said: dict[str, list[str]] = {t: [] for t in tops}
    schedule: list[str] = []
    for part in record:
        refs = [m.group("n") for m in _REF.finditer(part)]
        for n in refs:
            top = n.split(".")[0]
            if top in said:
                said[top].append(part)
        got = operative(part, names)
        if got is None:
            continue
        number, text = got
        if number.startswith("Schedule"):
            schedule.append(text)
            continue
        top = number.split(".")[0]
        if top in subs and number not in subs[top] and text not in subs[top].values():
            subs[top][number] = text
    # the defined terms: the figures the ledger works from the agreement's own terms, and those terms themselves
    defined: dict[str, str] = {}
    own = [f for f in ctx.facts if f.value.type in ("money", "number", "percent")]
    for f in own:
        defined[label(f)] = _term(label(f))
    for lab in ctx.instrument_terms:
        defined[lab] = _term(lab)

    def termed(text: str) -> str:
        for lab, term in sorted(defined.items(), key=lambda kv: -len(kv[0])):
            bare = re.escape(re.sub(r"^(?:the|a|an)\s+", "", lab, flags=re.I))
            text = re.sub(rf"\b(?:the\s+)?{bare}\b", f"the {term}", text, flags=re.I)
        return cap_first(text)

    plan: list[tuple[str, str]] = [("Parties", "parties")]
    bodies: dict[int, list[str]] = {0: [
        f"Extract from the {name} dated {day} between {first} ({'the ' + one if one else 'the first Party'}) and "
        f"{second} ({'the ' + two if two else 'the second Party'}). Only the {word.lower()}s below are reproduced; "
        f"capitalised terms not defined in them have the meanings the {name} gives them."]}
    # (the agreement's own recitals, as the extract reproduces them: what it is for and between whom)
    from worldsmith.generators.compose.substance.articles import _goods

    giver = first if a == f"the {one}" else second
    thing = re.sub(r"\s+(?:under|pursuant to|in accordance with)\b.*$", "", _goods(ctx, giver)) if re.search(r"\b(supply|purchase|sale|goods)\b", name, re.I) else ""
    plan.append(("Recitals", "recitals"))
    bodies[1] = [f"(A) {cap_first(a)} has agreed to supply {thing} to {b}, and {b} has agreed to buy {'them' if thing.endswith('s') else 'it'}, on the "
                 f"terms of this {name}." if thing else
                 f"(A) The Parties have agreed the terms on which this {name} is performed, and record them in it.",
                 f"(B) The {word.lower()}s below are those of the {name} as signed on {day}, without amendment."]
    definitions = []
    for lab, reason in ctx.instrument_terms.items():
        words = termed(reason.replace(" times ", " multiplied by "))
        words = words[:1].lower() + words[1:] if words.startswith("The ") else words
        definitions.append(f'"{defined[lab]}" means {words}.')
    for f in own:
        definitions.append(f'"{defined[label(f)]}" means {f.text}.')
    if definitions and "1" not in tops:
        plan.append((f"{word} 1. Definitions (so far as relevant)", "definitions"))
        bodies[len(plan) - 1] = [f"1.1 In this {name}:"] + definitions
    for top in tops:
        words = " ".join(said[top])
        heading = next((h for pattern, h in _HEADINGS if re.search(pattern, words, re.I)), "")
        if not heading:
            heading = next((h for pattern, h in _HEADINGS if re.search(pattern, ctx.spec.title, re.I)), "General")
        got = subs[top]
        paras: list[str] = []
        if got:
            standard = _standard(heading, top, word, a, b) if len(got) < 2 else []
            free = (f"{top}.{i}" for i in range(1, 20))
            # the sub-clauses the record gives at their numbers; the standard words of the subject around them
            placed = dict(got)
            for s in standard:
                n = next(x for x in free if x not in placed)
                placed[n] = s
            for n in sorted(placed, key=lambda x: [int(p) for p in x.split(".")]):
                number = n if "." in n else f"{n}.1"
                paras.append(f"{number} {termed(placed[n])}")
        else:
            paras = [f"{top}.{i} {termed(s)}" for i, s in enumerate(_standard(heading, top, word, a, b), 1)]
        plan.append((f"{word} {top}. {heading}", "terms"))
        bodies[len(plan) - 1] = paras
    written = " ".join(p for ps in bodies.values() for p in ps)
    rows = [termed(s) for s in schedule]
    left = [f for f in ctx.facts if f.text not in written + " ".join(rows)
            and not (f.value.type == "date" and f.value.value > made)]
    rows += [f"{cap_first(defined.get(label(f), _term(label(f))))}: {f.text}." for f in left]
    plan.append(("Schedule 1. Commercial Terms", "schedule"))
    bodies[len(plan) - 1] = [f"The commercial terms referred to in the {word.lower()}s above, as agreed on {day}:"] + \
        [f"({'abcdefghijkl'[i]}) {r}" for i, r in enumerate(rows[:12])]
    plan.append(("Signatures", "signatures"))
    return plan, bodies

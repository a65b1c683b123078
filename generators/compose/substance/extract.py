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
from worldsmith.generators.compose.law import chooses_english, dispute_clause, governing_law

_WORDS = r"(?:clauses?|sections?|articles?|ss?\.)"
_NUM = r"\d+(?:\.\d+)*"
_TITLE_CITES = re.compile(rf"\b(?P<w>{_WORDS})\s*(?P<list>{_NUM}(?:\s*(?:,|and|&|to|-|–)\s*(?:and\s+)?{_NUM})*)", re.I)
_REF = re.compile(rf"\b(?:clause|section|article|schedule)\s+(?P<n>{_NUM})\b", re.I)
_ABOUT = re.compile(r"\b(agreement|contract|lease|deed)\b", re.I)
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
             (r"\bnotices?\b", "Notices"),
             (r"\bexpert\b|\bindependent accountant|\bdetermin", "Expert Determination"),
             (r"\bdue date|\bdate for payment|\bpaid\b|\bpay(?:s|able)?\b", "Payment"),
             (r"\binterest\b", "Interest on Late Payment")]


# one word that may stand between 'the' and a defined term's label ('the earn-out revenue threshold'), never a
# word that joins two
_MODIFIER = r"(?-i:(?!(?:and|or|of|to|in|on|for|by|with|as|at|per|from|under|than|which|that)\b)[a-z][a-z-]*)"


def cited(title: str) -> tuple[str, list[str]]:
    """('Clause', ['3', '6', '14']): the word and the numbers of the provisions a title names; ('', []) if none."""
    m = _TITLE_CITES.search(title)
    if not m:
        return "", []
    w = m.group("w").lower()
    word = "Clause" if w.startswith("clause") else "Article" if w.startswith("article") else "Section"
    out: list[str] = []
    for piece in re.split(r"\s*(?:,|\band\b|&)\s*", m.group("list")):
        ends = re.findall(_NUM, piece)
        if len(ends) == 2 and ends[0].rsplit(".", 1)[:-1] == ends[1].rsplit(".", 1)[:-1]:
            # 'sections 2.6 to 2.9' cites 2.7 and 2.8 as well (read 20: 'no text for ss.2.7-2.9')
            lo, hi = int(ends[0].rsplit(".", 1)[-1]), int(ends[1].rsplit(".", 1)[-1])
            head = ends[0].rsplit(".", 1)[0] + "." if "." in ends[0] else ""
            out += [f"{head}{i}" for i in range(lo, hi + 1)] if 0 < hi - lo <= 12 else ends
        else:
            out += ends
    return word, list(dict.fromkeys(out))


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
    # 'charges interest on a late earn-out payment at 6% a year' (read 20: s.2.9 left out)
    (r"^(?:charges|imposes|provides for) interest on (?P<x>.+?) at (?P<r>.+)$",
     "{x} shall bear interest at {r} from the date it falls due until the date it is paid"),
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


def spelt_out(initials: str, record: list[str]) -> str:
    """'Share Purchase Agreement' for 'SPA' where the record spells the initials out as an instrument's name; ''
    otherwise (read 20: 'Extract from the Agreement' of an SPA the summary calls a share purchase agreement)."""
    if not re.fullmatch(r"[A-Z]{2,5}", initials or ""):
        return ""
    spelt = r"\s+".join(rf"{c}[a-z]*" for c in initials)
    for part in record:
        m = re.search(rf"\b({spelt})\b", part, re.I)
        if m and _ABOUT.search(m.group(1).split()[-1]):
            return " ".join(w[:1].upper() + w[1:] for w in m.group(1).split())
    return ""


def _clause_words(reason: str) -> str:
    """A ledger formula in words as a contract writes it: 'A less B' -> 'the amount by which A exceeds B'; 'the lesser
    of A and B' -> 'the lesser of (a) A and (b) B'."""
    words = reason.replace(" times ", " multiplied by ")
    m = re.fullmatch(r"(.+?) less (.+)", words)
    if m and " less " not in m.group(2) and " plus " not in words:
        words = f"the amount by which {m.group(1)} exceeds {m.group(2)}"
    m = re.fullmatch(r"the (lesser|greater) of (.+?) and (.+)", words)
    if m and " and " not in m.group(3):
        words = f"the {m.group(1)} of (a) {m.group(2)} and (b) {m.group(3)}"
    return words


def _bare(lab: str) -> str:
    return re.sub(r"^(?:the|a|an)\s+", "", lab, flags=re.I)


def _formula_clauses(ctx: ArtifactContext, numbers: list[str]) -> tuple[dict[str, str], dict[str, str]]:
    """({label: the formula in a contract's words}, {label: the cited number it is a clause of}): each formula the
    ledger works from the instrument's terms, a difference read by one other written out inside it ('the amount by
    which X exceeds Y, multiplied by Z'), placed at the number the record cites for the terms it reads. Read 20: an
    SPA extract of 'sections 2.6 to 2.9' with no earn-out formula though the ledger computes it."""
    formulas = {lab: _clause_words(r) for lab, r in ctx.instrument_terms.items()}
    differences = [lab for lab, words in formulas.items() if words.startswith("the amount by which")]
    for lab in differences:
        bare = re.escape(_bare(lab))
        users = [o for o in formulas if o != lab and re.search(rf"\b{bare}\b", formulas[o], re.I)]
        if len(users) == 1:
            o = users[0]
            formulas[o] = re.sub(rf"\b(?:the\s+)?{bare}\b(?=(\s+\w)?)",
                                 lambda m: formulas[lab] + ("," if m.group(1) else ""), formulas[o], count=1,
                                 flags=re.I)
            del formulas[lab]
    at: dict[str, str] = {}
    for lab, words in formulas.items():
        for f in ctx.facts:
            if re.search(rf"\b{re.escape(_bare(label(f)))}\b", words, re.I):
                n = next((m.group("n") for m in _REF.finditer(f.statement) if m.group("n") in numbers), None)
                if n:
                    at[lab] = n
                    break
    return formulas, at


def _heading_of(number: str, record: list[str]) -> str:
    """The heading of a provision from the words the record says of it, next to its number ('the expert appointed
    under section 2.7' -> 'Expert Determination'); '' if they name no subject."""
    for part in record:
        for piece in re.split(r",\s+|;\s+|\s+and\s+", part):
            if any(m.group("n") == number for m in _REF.finditer(piece)):
                head = next((h for pattern, h in _HEADINGS if re.search(pattern, piece, re.I)), "")
                if head:
                    return head
    return ""


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
    supplies = {"Supplier", "Sellers", "Seller", "Vendor", "Contractor", "Lessor", "Licensor", "Landlord", "Owners", "Manager"}
    if one in supplies:
        a, b = b, a
    names = _names(ctx, [(first, one), (second, two)])
    name = re.split(r"\s+(?:extracts?|excerpts?)\b|:", ctx.spec.title, maxsplit=1, flags=re.I)[0].strip()
    name = _term(name) if name and _ABOUT.search(name) else spelt_out(name, _record(ctx)) or "Agreement"
    kind = instrument_kind(ctx, name)
    if kind == "construction" and "Contractor" in (one, two):
        # (the contractor gives the Works; an owner of a building is no shipowner)
        a, b = (f"the {one}", f"the {two or 'Owner'}") if one == "Contractor" else (f"the {two}", f"the {one or 'Owner'}")
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
        elif top in subs and kind not in _SUBJECTS and not set(re.findall(r"\d[\d,.]*%?", text)) <= set(
                re.findall(r"\d[\d,.]*%?", subs[top].get(number, ""))):
            # (read 20: of 'Section 2.6 sets the threshold ...' and 'Section 2.6 caps the earn-out ...' only the first
            # was there) every provision the record gives a number, in the record's order
            subs[top][number] += " " + text
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
            # (read 20: 'The earn-out the Revenue Threshold is ...'): 'the earn-out revenue threshold' is the term
            text = re.sub(rf"\b(?:the\s+(?:{_MODIFIER}\s+)?)?{bare}\b", f"the {term}", text, flags=re.I)
        text = re.sub(r"\b([Tt]he|[Aa]n?|[Aa]ny|[Ee]ach) ((?:[a-z][\w-]* )?)the (?=[A-Z])", r"\1 \2", text)
        return cap_first(text)

    formulas, at = _formula_clauses(ctx, numbers) if kind not in _SUBJECTS else ({}, {})
    plan: list[tuple[str, str]] = [("Parties", "parties")]
    bodies: dict[int, list[str]] = {0: [
        f"Extract from the {name} dated {day} between {first} ({'the ' + one if one else 'the first Party'}) and "
        f"{second} ({'the ' + two if two else 'the second Party'}). Only the {word.lower()}s below are reproduced; "
        f"capitalised terms not defined in them have the meanings the {name} gives them."]}
    # (the agreement's own recitals, as the extract reproduces them: what it is for and between whom)
    from worldsmith.generators.compose.substance.articles import _goods

    giver = first if a == f"the {one}" else second
    # (a share purchase agreement sells no goods)
    goods = re.search(r"\b(supply|purchase|sale|goods)\b", name, re.I) and not re.search(
        r"\b(?:share|stock|asset|equity|interest|membership)s? (?:purchase|sale)\b", name, re.I)
    thing = re.sub(r"\s+(?:under|pursuant to|in accordance with)\b.*$", "", _goods(ctx, giver)) if goods else ""
    plan.append(("Recitals", "recitals"))
    own_kind = {"lease": f"(A) {cap_first(a)} has let the Premises to {b} on the terms of this {name}, at the Rent and "
                         f"subject to its review.",
                "construction": f"(A) {cap_first(b)} wishes to have the Works carried out and has engaged {a} to carry "
                                f"them out for the Contract Sum on the terms of this {name}, administered by the "
                                f"Architect.",
                "facility": f"(A) The lenders have agreed to make the facilities available to the Borrower on the "
                            f"terms of this {name}."}
    bodies[1] = [f"(A) {cap_first(a)} has agreed to supply {thing} to {b}, and {b} has agreed to buy {'them' if thing.endswith('s') else 'it'}, on the "
                 f"terms of this {name}." if thing else own_kind.get(kind) or
                 f"(A) The Parties have agreed the terms on which this {name} is performed, and record them in it.",
                 f"(B) The {word.lower()}s below are those of the {name} as signed on {day}, without amendment."]
    definitions = []
    for lab, reason in ctx.instrument_terms.items():
        if lab in at or (formulas and lab not in formulas):
            continue  # (a clause of its own below, or written out in the clause that uses it)
        reason = formulas.get(lab, reason)
        words = termed(reason.replace(" times ", " multiplied by "))
        words = words[:1].lower() + words[1:] if words.startswith("The ") else words
        definitions.append(f'"{defined[lab]}" means {words}.')
    for f in own:
        definitions.append(f'"{defined[label(f)]}" means {f.text}.')
    if definitions and "1" not in tops:
        plan.append((f"{word} 1. Definitions (so far as relevant)", "definitions"))
        bodies[len(plan) - 1] = [f"1.1 In this {name}:"] + definitions
    if kind in _SUBJECTS:
        # each number the title cites: its subject from the record's words nearest it, else from the title's list
        subject: dict[str, str] = {}
        for part in record:
            for m in _REF.finditer(part):
                if m.group("n") in numbers and m.group("n") not in subject:
                    subject[m.group("n")] = _near(kind, part, m)
        subject = {n: s for n, s in subject.items() if s}
        listed = [subject_of(kind, t) for t in title_subjects(ctx.spec.title)]
        if len(listed) == len(numbers):
            # the title's subjects in its numbers' order, then those the record put elsewhere to the numbers left
            for n, k in zip(numbers, listed):
                if n not in subject and k and k not in subject.values():
                    subject[n] = k
            spare = [k for k in listed if k and k not in subject.values()]
        else:
            spare = [k for k in listed if k and k not in subject.values()]
        spare += [k for k, *_ in _SUBJECTS[kind] if k not in subject.values() and k not in spare]
        for n in numbers:
            if n not in subject:
                subject[n] = spare.pop(0) if spare else _SUBJECTS[kind][0][0]
        heads = {k: (h, fam) for k, _, h, fam in _SUBJECTS[kind]}
    for top in tops:
        if kind in _SUBJECTS:
            mine = [n for n in numbers if n.split(".")[0] == top]
            keys = [subject[n] for n in mine]
            fams = list(dict.fromkeys(heads[k][1] for k in keys))
            heading = heads[keys[0]][0] if top in mine else " and ".join(fams[:2])
            placed = dict(subs[top])
            for n, k in zip(mine, keys):
                words = [termed(w) for w in kind_words(kind, k, name, a, b, defined)]
                if "." in n:
                    if n not in placed:
                        placed[n] = " ".join(words)
                elif len(placed) < 2:
                    free = (f"{top}.{i}" for i in range(1, 20))
                    for w in words:
                        placed[next(x for x in free if x not in placed)] = w
            paras = [f"{x if '.' in x else x + '.1'} {termed(placed[x])}"
                     for x in sorted(placed, key=lambda x: [int(p) for p in x.split(".")])]
            plan.append((f"{word} {top}. {heading}", "terms"))
            bodies[len(plan) - 1] = paras
            continue
        words = " ".join(said[top])
        heading = next((h for pattern, h in _HEADINGS if re.search(pattern, words, re.I)), "")
        if not heading:
            heading = next((h for pattern, h in _HEADINGS if re.search(pattern, ctx.spec.title, re.I)), "General")
        got = dict(subs[top])
        for f in ctx.facts:
            # a late-payment rate the record gives a number without its words is the clause such a rate is (read 20:
            # 's.2.9 interest' left out)
            n = next((m.group("n") for m in _REF.finditer(f.statement) if m.group("n") in numbers), None)
            if f.value.type == "percent" and re.search(r"\binterest\b", label(f), re.I) and n and \
                    n.split(".")[0] == top and not re.search(r"\binterest at\b", got.get(n, ""), re.I):
                got[n] = (f"{got.get(n, '')} Any amount not paid when due under this {name} shall bear interest at the "
                          f"{defined.get(label(f), _term(label(f)))} a year from the date it falls due until the date "
                          f"it is paid.").strip()
        for lab, n in at.items():
            if n.split(".")[0] == top:
                got[n] = f"{got.get(n, '')} The {defined[lab]} shall be {formulas[lab]}.".strip()
        # (read 20: 'no text for ss.2.7-2.9' though the title cites them) each sub-clause the title cites is there at
        # its number: its heading, and no words the record does not give it
        mine = [n for n in numbers if n.split(".")[0] == top and "." in n]
        for n in mine:
            if n not in got:
                head = _heading_of(n, record)
                got[n] = f"[{head}: not reproduced in this extract.]" if head else "[Not reproduced in this extract.]"
        paras: list[str] = []
        if got:
            # (the record's own words for a clause stand alone: read 19's seed-37 re-read, '3.1 The Buyer shall take
            # 24,000 tonnes' then '3.2 ... the quantities set out in Schedule 1', a schedule with no quantity)
            standard = []
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
    if not rows:
        # (read 19: 'Schedule 1 is empty'): the particulars the clauses above use, as the instrument states them
        rows = [f"{cap_first(defined.get(label(f), _term(label(f))))}: {f.text}." for f in own]
    if rows:
        plan.append(("Schedule 1. " + {"lease": "Particulars", "construction": "Contract Particulars"}.get(
            kind, "Commercial Terms"), "schedule"))
        bodies[len(plan) - 1] = [f"The commercial terms referred to in the {word.lower()}s above, as agreed on {day}:"] + \
            [f"({'abcdefghijkl'[i]}) {r}" for i, r in enumerate(rows[:12])]
    plan.append(("Signatures", "signatures"))
    return plan, bodies


# What an instrument is (blind read 19, a retail-tenant partner on a lease extract 'of clauses 5, 7.4 and 7.6': 'it
# holds no rent review or cap clause: "Clause 5. Limitation of Liability - 5.1 The Parties shall perform their
# obligations under this Clause 5 as the Agreement provides"', with supply-contract 'prices' and 'Contract Year'
# words): a clause the record names without its words takes the standard words of its subject in the instrument's own
# kind, and a sub-clause the title names is there at its number.
_KIND = [("lease", r"\blease\b|\blandlord|\btenan(?:t|cy)\b|\brent review|\bpassing rent"),
         ("construction", r"\bconstruction\b|\bbuilding contract|\bowner-contractor|\b(?:general|main|building|works) "
                          r"contractor\b|\bstipulated sum\b"
                          r"|\bextension of time|\bliquidated damages|\bsubstantial completion|\bpractical completion"),
         ("facility", r"\bcredit agreement|\bfacilit(?:y|ies) agreement|\bloan agreement|\bborrower\b|\blenders?\b"
                      r"|\bequity cure|\bfinancial covenant"),
         ("supply", r"\bsupply\b|\bpurchase\b|\bgoods\b|\bsupplier\b")]
# (subject, the words that name it, its heading, the clause it belongs to): most particular first
_SUBJECTS = {
    "lease": [("back", r"\bback rent|\barrears|\bbalancing payment|\bpayment of (?:the )?(?:reviewed|revised|back)",
               "Payment of the Reviewed Rent", "Rent Review"),
              ("cap", r"\bcap(?:s|ped|ping)?\b|\bceiling|\bnot (?:to )?exceed", "Cap on Review", "Rent Review"),
              ("expert", r"\bexpert\b|\barbitrat|\bdetermin", "Determination by Independent Expert", "Rent Review"),
              ("review", r"\breview|\bopen market|\bmarket rent|\bmarket rate", "Rent Review", "Rent Review"),
              ("rent", r"\brent\b|\brents\b", "Rent", "Rent")],
    "construction": [("ldcap", r"\bcap(?:s|ped)?\b|\blimit of liquidated", "Limit of Liquidated Damages",
                      "Liquidated Damages"),
                     ("lds", r"\bliquidated damages|\blds?\b|\bdelay damages", "Liquidated Damages",
                      "Liquidated Damages"),
                     ("eot", r"\bextension of time|\beot\b|\bextend(?:ed|ing)? (?:the )?(?:time|completion)|\bdelay\b",
                      "Extension of Time", "Completion"),
                     ("loss", r"\bloss and expense|\bprolongation|\bdisruption|\bdirect loss", "Loss and Expense",
                      "Loss and Expense"),
                     ("completion", r"\bcompletion|\bcomplete\b|\bprogramme|\bschedule of works",
                      "Completion", "Completion"),
                     ("architect", r"\barchitect|\bcertifier|\bcontract administrator|\bengineer\b",
                      "The Architect", "The Architect"),
                     ("sum", r"\bcontract sum|\bstipulated sum|\bcontract price|\bpayment|\bcertificates?\b",
                      "Contract Sum and Payment", "Contract Sum and Payment")],
    "facility": [("cure", r"\bcure\b|\bequity contribution", "Right to Cure", "Right to Cure"),
                 ("covenant", r"\bcovenant|\bleverage|\bratio\b", "Financial Covenant", "Financial Covenant"),
                 ("default", r"\bevents? of default|\bdefault\b|\bacceleration", "Events of Default",
                  "Events of Default"),
                 ("certificate", r"\bcompliance certificate|\breporting|\bfinancial statements",
                  "Compliance Certificate", "Information Undertakings"),
                 ("waiver", r"\bwaiv|\bamend", "Amendments and Waivers", "Amendments and Waivers")],
}


def instrument_kind(ctx: ArtifactContext, name: str) -> str:
    """'lease', 'construction', 'facility', 'supply' or '': what the instrument is, from its own name and title first,
    then from its parties' roles and the matter's summary."""
    roles = " ".join(o.role or "" for o in ctx.organisations)
    for text in (f"{name} {ctx.spec.title}", roles, ctx.world_summary or ""):
        for kind, pattern in _KIND:
            if re.search(pattern, text, re.I):
                return kind
    return ""


def _term_like(defined: dict[str, str], pattern: str) -> str:
    """'the Capped Rent': the defined term whose label fits the pattern, '' if none."""
    return next((f"the {t}" for lab, t in defined.items() if re.search(pattern, lab, re.I)), "")


def kind_words(kind: str, subject: str, name: str, giver: str, taker: str, defined: dict[str, str]) -> list[str]:
    """A clause's standard words by its subject in an instrument of its kind, where the record names it without its
    words: no figure (the ledger's figures are the definitions' and the schedule's)."""
    n = name
    if kind == "lease":
        passing = _term_like(defined, r"passing rent") or "the Rent payable immediately before the Review Date"
        capped = _term_like(defined, r"capped rent|\brent cap\b|cap amount")
        pct = _term_like(defined, r"cap (?:percentage|rate)|review cap")
        limit = (capped if capped else f"{passing} increased by {pct}" if pct
                 else f"the limit this {n} sets on the increase at review")
        return {
            "rent": [f"{cap_first(taker)} shall pay the Rent to {giver} yearly by equal instalments in advance on the "
                     f"usual payment days, without any deduction or set-off.",
                     f"Until the first Review Date the Rent is {passing if _term_like(defined, 'passing rent') else 'the initial rent this ' + n + ' reserves'}"
                     f"; from each Review Date it is the rent ascertained under the rent review provisions of this {n}."],
            "review": [f"On each Review Date the Rent shall be reviewed to the open market rent of the Premises at that "
                       f"date, on the assumptions and disregards of this {n}, and the rent so agreed or determined, "
                       f"subject to the cap on review, is payable from that Review Date (the Reviewed Rent)."],
            "cap": [f"The Reviewed Rent shall not exceed {limit}, whatever the open market rent at the Review Date."],
            "back": [f"Until the Reviewed Rent is agreed or determined, {taker} shall continue to pay the Rent payable "
                     f"immediately before the Review Date. On the next rent payment day after it is agreed or "
                     f"determined, {taker} shall pay {giver} the amount by which the Reviewed Rent for the period since "
                     f"the Review Date exceeds the Rent paid for that period (the back rent)."],
            "expert": [f"If {giver} and {taker} have not agreed the Reviewed Rent, either of them may refer its "
                       f"determination to an independent surveyor acting as an expert and not as an arbitrator, "
                       f"appointed by agreement or, failing agreement, on the application of either of them. The "
                       f"expert shall consider the written submissions of both, give written reasons, and the "
                       f"expert's determination is final and binding."],
        }.get(subject, [])
    if kind == "construction":
        rate = _term_like(defined, r"liquidated damages rate|rate of liquidated|\blds? rate|per week")
        cap = _term_like(defined, r"liquidated damages cap(?! percentage)|cap on liquidated|\blds? cap(?! percentage)")
        pct = _term_like(defined, r"(?:liquidated damages|lds?) cap percentage|cap percentage")
        total = _term_like(defined, r"contract sum|stipulated sum|contract price") or "the Contract Sum"
        return {
            "completion": [f"{cap_first(giver)} shall carry out the Works regularly and diligently and complete "
                           f"them by the Completion Date, as that date is extended under this {n}."],
            "eot": [f"If the progress of the Works is or is likely to be delayed, {giver} shall promptly give the "
                    f"Architect written notice of the cause of the delay, its expected effects and an estimate of the "
                    f"delay to completion, with the particulars the Architect reasonably requires.",
                    f"If in the Architect's opinion a delay so notified is caused by a Relevant Event and completion is "
                    f"likely to be delayed beyond the Completion Date, the Architect shall by written notice to both "
                    f"Parties fix a later Completion Date that it considers fair and reasonable, stating the Relevant "
                    f"Event it has taken into account."],
            "lds": [f"If {giver} fails to complete the Works by the Completion Date, the Architect shall certify the "
                    f"failure, and {giver} shall pay or allow to {taker} liquidated damages at "
                    f"{rate or 'the rate stated in the Contract Particulars'} for each week or part of a week between "
                    f"the Completion Date and the date of substantial completion.",
                    f"{cap_first(taker)} may deduct liquidated damages from any sum otherwise due to {giver}. The "
                    f"Parties agree that the rate is a genuine pre-estimate of {taker}'s loss and not a penalty."],
            "ldcap": [f"The total liquidated damages payable under this {n} shall not exceed "
                      f"{cap or (pct + ' of ' + total if pct else 'the limit stated in the Contract Particulars')}."],
            "loss": [f"If the regular progress of the Works is materially affected by a Relevant Event for which "
                     f"{taker} is responsible, {giver} shall "
                     f"notify the Architect in writing as soon as the effect becomes reasonably apparent and supply the "
                     f"information the Architect reasonably requires, and the Architect shall ascertain the direct "
                     f"loss and expense incurred, which is added to the Contract Sum."],
            "architect": [f"The Architect shall administer this {n}, issue "
                          f"instructions and certificates and fix extensions of time, acting fairly and impartially "
                          f"between the Parties in doing so."],
            "sum": [f"{cap_first(taker)} shall pay {giver} {total}, adjusted as this {n} provides, by interim "
                    f"payments of the amounts the Architect certifies, each by its final date for payment."],
        }.get(subject, [])
    if kind == "facility":
        return {
            "covenant": [f"The Borrower shall ensure that each financial ratio this {n} sets, tested on each test date "
                         f"by reference to the Compliance Certificate for the period then ended, is within the level "
                         f"set for that test date."],
            "cure": [f"If a financial ratio is not met on a test date, the Borrower's shareholders may, before the "
                     f"Compliance Certificate for that test date is due, contribute cash to the Borrower as new equity "
                     f"(a Cure Amount), and the ratio shall be recalculated with the Cure Amount applied as this {n} "
                     f"provides."],
            "default": [f"It is an Event of Default if the Borrower does not comply with a financial ratio this {n} "
                        f"sets and the failure is not cured under the right to cure in this {n}."],
            "certificate": [f"The Borrower shall deliver to the agent with each set of financial statements a "
                            f"Compliance Certificate setting out, in reasonable detail, the computation of each "
                            f"financial ratio this {n} sets."],
            "waiver": [f"Any term of this {n} may be amended or waived only with the written consent of the Borrower "
                       f"and the majority of the lenders, and a waiver applies only to the instance and purpose for "
                       f"which it is given."],
        }.get(subject, [])
    return []


def subject_of(kind: str, words: str) -> str:
    """The subject of a clause in an instrument of the kind, from the words said of it; '' if none fits."""
    return next((key for key, pattern, _, _ in _SUBJECTS.get(kind, []) if re.search(pattern, words, re.I)), "")


def _near(kind: str, text: str, m: re.Match) -> str:
    """The subject of a reference: what the words after it say it does ('clause 7.4 caps the reviewed rent'), else the
    words before it in the same clause of the sentence ('the cap in clause 7.4')."""
    after = re.split(r"[.;,]", text[m.end():m.end() + 70], maxsplit=1)[0]
    before = re.split(r"[.;,]", text[max(0, m.start() - 70):m.start()])[-1]
    return subject_of(kind, after) or subject_of(kind, before)


def title_subjects(title: str) -> list[str]:
    """The subjects a title lists before its clause numbers: 'Lease extract: rent, review and cap (clauses 5, 7.4 and
    7.6)' -> ['rent', 'review', 'cap']."""
    m = re.search(r":\s*(?P<s>[^()]+?)\s*\(", title) or re.search(r"\bextracts?\s*[-:]?\s*(?P<s>[^()]+?)\s*\(", title,
                                                                     re.I)
    if not m:
        return []
    return [s.strip() for s in re.split(r",\s*(?:and\s+)?|\s+and\s+|\s*&\s*", m.group("s")) if s.strip()]


_BUILDING = re.compile(r"\b(?:building|construction|works|design[- ]and[- ]build|owner-contractor|stipulated sum|"
                       r"lump[- ]sum|guaranteed maximum price)\b[^.]*\b(?:contract|agreement)\b|\b(?:contract|agreement)"
                       r"\b[^.]*\b(?:stipulated sum|guaranteed maximum price|for the (?:construction|works))\b", re.I)


def is_building_contract(ctx: ArtifactContext) -> bool:
    """Whether the paper is a construction contract itself (not an extract, a notice or a summary of one)."""
    title = " ".join(ctx.spec.title.split())
    if re.search(r"\b(extracts?|excerpts?|summary|notice|letter|memo|report|claim|certificate|determination|"
                 r"schedule of|minutes|side)\b", title, re.I):
        return False
    roles = " ".join(o.role or "" for o in ctx.organisations)
    return bool(_BUILDING.search(title)) and bool(re.search(r"\bcontractor\b", roles, re.I))


def building_contract_bodies(ctx: ArtifactContext, made, owner: str, contractor: str
                             ) -> tuple[list[tuple[str, str]], dict[int, list[str]]]:
    """A construction contract in its own form (blind read 19: 'a one-page template: no extension-of-time clause, no
    architect/certifier role, a generic mutual "correct invoice" clause, "the Owners" for one owner'): the parties,
    the recitals, the definitions of its figures, the architect, the contract sum, completion, extension of time,
    liquidated damages and their limit, loss and expense, and the law; every figure a ledger fact's own text."""
    name = "Contract"
    day = long_date(made, ctx.locale)
    a, b = "the Contractor", "the Owner"
    project = re.split(r"\s+[-\u2013\u2014:]\s+|:\s*", ctx.spec.title, maxsplit=1)
    works = project[1].strip() if len(project) > 1 and not _BUILDING.search(project[1]) else ""
    certifier = next((o.name for o in ctx.organisations if re.search(r"\b(architect|certifier|contract administrator|"
                                                                      r"engineer)\b", o.role or "", re.I)
                      and o.name not in (owner, contractor)), "")
    defined: dict[str, str] = {}
    facts = [f for f in ctx.facts if f.value.type in ("money", "number", "percent", "date")]
    for f in facts:
        lab = label(f)
        term = ("Completion Date" if f.value.type == "date" and re.search(r"completion date", lab, re.I)
                and not re.search(r"extend|revised|actual|certif", lab, re.I) else
                "Contract Sum" if re.search(r"^(?:the )?(?:contract|stipulated) sum$", lab, re.I) else _term(lab))
        defined[lab] = term
    for lab in ctx.instrument_terms:
        defined[lab] = _term(lab)

    def termed(text: str) -> str:
        for lab, term in sorted(defined.items(), key=lambda kv: -len(kv[0])):
            bare = re.escape(re.sub(r"^(?:the|a|an)\s+", "", lab, flags=re.I))
            text = re.sub(rf"\b(?:the\s+)?{bare}\b", f"the {term}", text, flags=re.I)
        return cap_first(text)

    words = {k: [termed(w) for w in kind_words("construction", k, name, a, b, defined)]
             for k in ("architect", "sum", "completion", "eot", "lds", "ldcap", "loss")}
    plan: list[tuple[str, str]] = [("Parties", "parties")]
    bodies: dict[int, list[str]] = {0: [f"This {name} is dated {day} and made between (1) {owner} (the Owner) and (2) "
                                        f"{contractor} (the Contractor) (each a Party)."]}
    recitals = [f"(A) The Owner wishes to have the works {'for the ' + works + ' ' if works else ''}described in the "
                f"Contract Documents (the Works) carried out, and has engaged the Contractor to carry them out for the "
                f"Contract Sum on the terms of this {name}."]
    completion = next((f for f in facts if defined.get(label(f)) == "Completion Date"), None)
    if completion is not None and (completion.value.value - made).days < 183:
        # a large building finished within months of signing was begun before it (read 19: 'completion ten weeks
        # after signing ... with no letter of intent recited')
        recitals.append(f"(B) The Contractor began the Works before the date of this {name} on the Owner's letter of "
                        f"intent, and the work done under that letter forms part of the Works and is governed by this "
                        f"{name} as if done after its date.")
    recitals.append(f"({'C' if len(recitals) > 1 else 'B'}) The Owner has appointed "
                    f"{certifier + ' as ' if certifier else ''}the Architect to administer this {name}.")
    plan.append(("Recitals", "recitals"))
    bodies[1] = recitals
    definitions = [f"In this {name}:"]
    if certifier:
        definitions.append(f'"Architect" means {certifier}, or any successor the Owner appoints by notice to the '
                           f'Contractor.')
    for lab, reason in ctx.instrument_terms.items():
        w = termed(reason.replace(" times ", " multiplied by "))
        definitions.append(f'"{defined[lab]}" means {w[:1].lower() + w[1:] if w.startswith("The ") else w}.')
    for f in facts:
        definitions.append(f'"{defined[label(f)]}" means the {"date" if f.value.type == "date" else "amount" if f.value.type == "money" else "figure"} '
                           f'stated for it in the Contract Particulars.')
    definitions.append('"Relevant Event" means a variation the Architect instructs, an act of prevention or default of '
                       'the Owner or of anyone for whom the Owner is responsible, exceptionally adverse weather, or '
                       'another event this Contract names as one.')
    clauses = [("Definitions and Interpretation", definitions),
               ("The Architect", words["architect"]),
               ("Contract Sum and Payment", words["sum"]),
               ("Completion", words["completion"]),
               ("Extension of Time", words["eot"]),
               ("Liquidated Damages", words["lds"] + words["ldcap"]),
               ("Loss and Expense", words["loss"]),
               ("Governing Law and Jurisdiction", [
                   "This Contract and any dispute arising out of or in connection with it are governed by "
                   + ("the law of England and Wales, and each Party submits to the exclusive jurisdiction of the "
                      "courts of England and Wales." if chooses_english(ctx.locale) else
                      "{}, and {}.".format(governing_law(ctx.locale)[0], dispute_clause(
                          governing_law(ctx.locale)[1], ctx.world_title, ctx.world_summary)))])]
    for i, (heading, paras) in enumerate(clauses, 1):
        # (the document's numbering gives each paragraph its i.j)
        plan.append((f"{i}. {heading}", "terms" if i > 1 else "definitions"))
        bodies[len(plan) - 1] = paras
    plan.append(("Schedule 1. Contract Particulars", "schedule"))
    bodies[len(plan) - 1] = [f"({'abcdefghijkl'[i]}) {cap_first(defined.get(label(f), _term(label(f))))}: {f.text}."
                             for i, f in enumerate(ctx.facts[:12])]
    plan.append(("Signatures", "signatures"))
    return plan, bodies

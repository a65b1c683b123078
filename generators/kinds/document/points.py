"""A document's outline points placed in its genre's form: a report's key findings, a memo's steps of analysis and its
recommendation, a term sheet's terms, minutes' discussion and decisions, a letter's numbered paragraphs, an appeal's
grounds, a plan's measures, a resolution's resolutions; in any other genre, its body's section.

Blind reads 31-32 (documents 1/18): papers restated the matter's headline figures under their genre's headings and
did none of the genre's work. The points are the expert's words (worlds/points.py), each fact's value written in by
the plan (DocumentSpec.points): they are placed word for word, never reworded, and the composer's paragraphs they
replace in that section go, save those that carry a fact no other part of the paper states.
"""

from __future__ import annotations

import functools
import re
from typing import NamedTuple

from worldsmith.generators.compose.bank import bank
from worldsmith.generators.compose.genres import genre_of, head_noun
from worldsmith.generators.compose.text import cap_first
from worldsmith.generators.context import ArtifactContext
from worldsmith.generators.kinds.prose import carries
from worldsmith.worlds.content import DocumentContent, Section
from worldsmith.worlds.plan import DocumentSpec, PlannedPoint


class Family(NamedTuple):
    """How a genre carries its points: the section kinds that hold them (best first), a heading pattern for sections
    of a genre's own headings, the heading of a section made where the paper has none, and whether they are numbered."""

    name: str
    targets: tuple[str, ...]
    heads: str
    new_heading: str
    numbered: bool


_FAMILIES = {
    "report": Family("report", ("findings", "analysis", "summary"), r"finding|observation|assessment|analysis",
                     "Key Findings", False),
    "memo": Family("memo", ("analysis", "findings", "background"), r"analysis|discussion|assessment|advice",
                   "Analysis", False),
    "terms": Family("terms", ("terms", "clause"), r"^(?:[\d.]+\s*)?(?:principal |key |main |commercial )?terms\b|"
                    r"conditions|clauses?\b|provisions", "Principal Terms", False),
    "minutes": Family("minutes", ("discussion", "background", "decisions"), r"discussion|matters|business|items",
                      "Discussion", False),
    "letter": Family("letter", ("position", "client_advice", "analysis", "letter_background", "background",
                                "engagement_scope", "opening"), r"position|grounds|particulars|notice|advice",
                     "Our Position", True),
    "grounds": Family("grounds", ("allegations", "count", "position", "analysis"), r"grounds?|pleas?|submissions?|"
                      r"argument|allegations|claim|count", "Grounds", True),
    "plan": Family("plan", ("objectives", "analysis", "scope", "next_steps"), r"measures?|objectives|actions|steps|"
                   r"proposal", "Measures", False),
    "resolution": Family("resolution", ("decisions", "analysis", "summary"), r"resolution|resolved|decisions?",
                         "Resolutions", True),
    "default": Family("default", ("analysis", "findings", "position", "background", "summary"),
                      r"analysis|findings|assessment|position|substance|particulars", "Substance", False),
}

# a point that decides (minutes' decisions, a memo's recommendation): the verbs of a decision or of advice, in the
# outline's words (English first; the stems of the matters' other languages after)
_DECIDES = re.compile(r"(?i)\b(agreed|agrees|resolved|resolves|decided|decides|approved|approves|adopted|adopts|"
                      r"rejected|rejects|declined|authori[sz]ed|deliber\w*|approv\w*|beschlo\w*|d[ée]cid\w*|acord\w*|"
                      r"aprob\w*|uchwal\w*|karar\w*)\b")
_RECOMMENDS = re.compile(r"(?i)\b(recommend\w*|we advise|advise that|should|propose\w*|suggest\w*|raccomand\w*|"
                         r"empfehl\w*|recomend\w*|rekomend\w*|öner\w*)\b")
# a body's resolution, by its title's noun in the matter's language (a board's 'karar', 'uchwała', 'delibera',
# 'Beschluss', 'résolution', 'resolución'): its points are what it resolves, not minutes' discussion
# a point's heading that names a paper's conclusion or the course it advises
_CONCLUDES = re.compile(r"(?i)^(?:overall )?(?:conclusions?|next steps?|recommendations?|advice|way forward|proposal|"
                        r"course of action|bottom line)\b")
_RESOLUTION = re.compile(r"(?i)\b(resolutions?|karar\w*|uchwa\w*|delibera\w*|beschlu\w*|r[ée]solution\w*|resoluci\w*|"
                         r"delibera[çc]\w*)\b")
# a point's heading that names a decision's outcome
_RULING = re.compile(r"(?i)^(?:decision|decis[ãa]o|dispositivo|held|orders?|ruling|outcome|operative part)$")
_NUMBERED = re.compile(r"^(\d+(?:\.\d+)*\.?)\s+")
# A paragraph's own number is '7.' or '2.3' before a capital: a paragraph that opens with a figure ('64 positions are
# affected', '1.5 million units') is not numbered by it (a UWV notification's points ran 64, 65, 66 from a count, issue
# 17). Headings keep _NUMBERED ('7 Background').
PARAGRAPH_NUMBER = re.compile(r"^(\d+(?:\.\d+)*\.|\d+(?:\.\d+)+(?=\s+[A-Z(\"'\u2018\u201c]))\s+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")


def family_of(spec: DocumentSpec) -> Family:
    """The family of a paper's genre, from its doc_type and the head of its title."""
    kind = genre_of(spec.doc_type, spec.title)
    head = head_noun(spec.title)
    words = f"{spec.doc_type} {head}".lower()
    if re.search(r"\bresolution", words) or _RESOLUTION.search(spec.title):
        return _FAMILIES["resolution"]
    if kind == "pleading" or re.search(r"\b(appeal|complaint|petition|objection|grounds|submissions?|odwo\w*|ricorso|recurso)\b",
                                       words):
        return _FAMILIES["grounds"]
    if kind == "minutes":
        return _FAMILIES["minutes"]
    if kind in ("report", "ic_memo"):
        return _FAMILIES["report"]
    if kind == "memo":
        return _FAMILIES["memo"]
    if kind in ("term_sheet", "agreement"):
        return _FAMILIES["terms"]
    if kind in ("letter", "client_letter") or head == "notice":
        return _FAMILIES["letter"]
    if kind == "plan":
        return _FAMILIES["plan"]
    return _FAMILIES["default"]


@functools.cache
def _heading_kinds() -> dict[str, str]:
    """Each heading of the heading bank (lower case) and the section kind it heads."""
    docs = bank("documents")
    out: dict[str, str] = {}
    for data in docs["types"].values():
        for h in data["headings"]:
            out.setdefault(h[0].lower(), h[1])
    for text, k in docs["extra_headings"] + docs.get("form_headings", []):
        out.setdefault(text.lower(), k)
    return out


def section_kind(heading: str) -> str | None:
    """The kind of a section by its heading ('3. Key Findings' -> 'findings'); None for a heading not in the bank."""
    bare = re.sub(r"\s+\d+$", "", _NUMBERED.sub("", heading.strip())).lower()
    return _heading_kinds().get(bare)


# a section's formal parts the points never displace: what opens it (a salutation, those present, a count's
# incorporation of the paragraphs before, the party a pleading or an offer is made for) and what closes it, from its
# first closing part on (a prayer's WHEREFORE, a complimentary close, a signature block)
# (pi-quantum's Defence and Part 36 offer with their points: the points took the place of 'The Defendant denies ...'
# and 'We write on behalf of our client, Brackley Precast Ltd, the Defendant ...', and the papers no longer said whose
# pleading or offer they were)
_LEAD = re.compile(r"^Dear |^Present:|(?i:^attendees)|\brealleges\b|\bincorporates? by reference\b|"
                   r"^We write on behalf of\b|^Pursuant to Rule 68\b|"
                   # (and what a notice gives notice of: vat-delivery's HMRC assessment lost 'We write to give notice
                   # of assessment ...' to its points, and genre_contract quarantined the world at seeds 3 and 61)
                   r"^We write to give (?:you )?(?:formal )?notice\b|^(?:We|[A-Z][\w&.' -]+) hereby gives? notice\b|"
                   r"^This notice\b|^Notice is (?:hereby )?given\b|"
                   r"^(?:The )?(?:Defendants?|Respondents?) (?:denies|deny) (?:that|each|any|all|the allegations)\b|"
                   # (and a form's fields, 'Label: value' with no full stop, as a certificate's face sets them out: the
                   # tanker example's COFR lost its number, issue and expiry to its points, blind read 34's brief)
                   r"^[A-Z][\w .()/'-]{1,60}: (?:(?![.!?]\s+[A-Z])[^\n]){1,140}"
                   r"(?:(?<![.!?;:])|" + "|".join(rf"(?<={re.escape(a)}\.)" for a in ("Ltd", "Inc", "Co", "Corp",
                                                                                   "LLC", "LLP", "plc", "Ltda", "S.A",
                                                                                   "B.V", "N.V", "GmbH")) + r")$")
_TAIL = re.compile(r"WHEREFORE|Respectfully submitted|Yours (sincerely|faithfully)|^Sincerely|IN WITNESS WHEREOF|"
                   r"^Signed\b|^Signature|^(Name|Title|Date): |^/s/|^Agreed and accepted|^Certificate signed for|"
                   r"^Guaranty confirmed for|^Copy produced by|^cc: ")


def _formal(paragraph: str) -> bool:
    return bool(_LEAD.search(paragraph) or _TAIL.search(paragraph))


def _tail_at(texts: list[str], start: int = 0) -> int:
    """Where a section's closing formal parts begin (its length where it has none)."""
    return next((j for j in range(start, len(texts)) if _TAIL.search(PARAGRAPH_NUMBER.sub("", texts[j]))), len(texts))


def point_paragraph(point: PlannedPoint) -> str:
    """A point as one paragraph: 'Heading: text', or its text."""
    return f"{point.heading}: {point.text}" if point.heading else point.text


def _first_sentence(text: str) -> str:
    return _SENTENCE_END.split(text, maxsplit=1)[0]


def _place(section: Section, paragraphs: list[str], numbered: bool, replace: bool = True
           ) -> tuple[Section, list[str]]:
    """The section with `paragraphs` placed between its opening and closing formal parts: in place of the composer's
    paragraphs there (`replace`), or after them; and the paragraphs it lost."""
    numbers = [m.group(1) for m in map(PARAGRAPH_NUMBER.match, section.paragraphs) if m]
    whole = bool(numbers) and len(numbers) == len(section.paragraphs)
    texts = [PARAGRAPH_NUMBER.sub("", p) for p in section.paragraphs] if whole else list(section.paragraphs)
    lead = 0
    while lead < len(texts) and _LEAD.search(texts[lead]):
        lead += 1
    end = _tail_at(texts, lead)
    before, middle, after = texts[:lead], texts[lead:end], texts[end:]
    if not replace and any(t.startswith("Conclusion. ") for t in middle):
        # a section's conclusion closes what it keeps: points placed after the composer's paragraphs come before it
        # (blind read 35: 'Findings: 3,412 employees were underpaid ...' after 'Conclusion. Our conclusion is ...')
        after = [t for t in middle if t.startswith("Conclusion. ")] + after
        middle = [t for t in middle if not t.startswith("Conclusion. ")]
    lost = middle if replace else []
    kept = [] if replace else middle
    if whole:
        body = before + kept + paragraphs + after
        first = numbers[0]
        stem, _, last = first.rstrip(".").rpartition(".")
        start = int(last) if last.isdigit() else 1
        dot = "." if first.endswith(".") else ""
        out = [f"{stem + '.' if stem else ''}{start + n}{dot} {t}" for n, t in enumerate(body)]
    else:
        body = [f"{n}. {p}" for n, p in enumerate(paragraphs, 1)] if numbered else list(paragraphs)
        out = before + kept + body + after
    return section.model_copy(update={"paragraphs": out}), lost


def _targets(sections: list[Section], family: Family) -> list[int]:
    """The sections that take the points, best first: by their kind in the family's order, else by a heading of the
    genre's own that names the family's work."""
    kinds = [section_kind(s.heading) for s in sections]
    ranked = [i for k in family.targets for i, kind in enumerate(kinds) if kind == k]
    # a heading that names the family's work comes first ('The First Ground of Appeal' before an extra 'Further
    # Matters' of the analysis kind), unless it heads a formal part (attendees, caption, signatures)
    named = [i for i, s in enumerate(sections) if kinds[i] not in _FORMAL_KINDS and
             re.search(family.heads, s.heading, re.I)]
    # (a term sheet's terms go to its first section of terms, 'Consideration', not to 'Conditions' by its name)
    out = list(dict.fromkeys(ranked + named if family.name == "terms" else named + ranked))
    # a contract's standing clause on one subject (confidentiality, notices, governing law) takes no other terms: the
    # tanker example's charter party put its laytime and its pollution rider under '42. Confidentiality'
    return [i for i in out if family.name != "terms" or not _STANDING.search(_bare(sections[i].heading))]


_STANDING = re.compile(r"(?i)^(?:confidentiality|notices?|governing law|jurisdiction|entire agreement|counterparts|"
                       r"assignment|severability|definitions?|costs|further assurance|waiver|variation)\b")


# a release by each party of the other ('Each Party releases the other', 'mutual release', 'each other')
_MUTUAL = re.compile(r"(?i)\beach party releases\b|\bmutual(?:ly)? releas|\breleases? each other\b|"
                     r"\bthe parties (?:each )?release\b")
_RELEASE = re.compile(r"(?i)\breleases?\b|\bdischarges?\b")


def _narrows_mutual(section: Section, point: str) -> bool:
    """Whether a point would put one side's release in place of the paper's mutual one: blind read 35's mediated
    settlement kept only 'Harmon-Vickery releases Claim No. 7 ...', which left the owner's claims alive. The point
    then follows the mutual release, which stays."""
    text = " ".join(section.paragraphs)
    return bool(_MUTUAL.search(text)) and bool(_RELEASE.search(point)) and not _MUTUAL.search(point)


# what a contract keeps after its operative terms: its standing clauses, the schedules and the execution
_AFTER_TERMS = {"governing", "schedule", "appendix", "signatures", "execution"}
_CLAUSE_HEAD = re.compile(r"^(\d+)\.\s+")
def _trailing(section: Section) -> bool:
    """Whether a contract's section comes after its operative clauses: its boilerplate, schedules or execution."""
    bare = _bare(section.heading)
    return bool(_STANDING.search(bare)) or section_kind(section.heading) in _AFTER_TERMS or bool(
        re.match(r"(?i)^(?:schedule|annex|appendix|signature|execution)", bare))


# a reference to a clause of this paper, not to another instrument's ('clause 15.3 of the General Conditions')
_CLAUSE_REF = re.compile(r"\b([Cc]lauses?)\s+(\d+)\b(?!(?:\.\d+)*\s+of\s+(?!this\b))")


def _operative_clause(sections: list[Section], at: int, heading: str, paras: list[str]
                      ) -> tuple[int, str, list[str], list[Section]]:
    """Where a contract's terms go that no clause of it names, as a clause of its own: before the boilerplate that
    follows its operative clauses (costs, confidentiality, governing law), the schedules and the execution, numbered
    as its clauses run, and the clauses after it (with the references to them) numbered on. Blind read 35's mediated
    settlement had its time extension and LD release in an unnumbered 'Principal Terms' after its governing law and
    its schedule. Returns (index, heading, paragraphs, sections)."""
    operative = False
    for i, s in enumerate(sections):
        bare = _bare(s.heading)
        kind = section_kind(s.heading)
        after = bool(_STANDING.search(bare)) or kind in _AFTER_TERMS or re.match(r"(?i)^(?:schedule|annex|appendix|"
                                                                                r"signature|execution)", bare)
        if after and operative:
            at = i
            break
        if not after and _CLAUSE_HEAD.match(s.heading):
            operative = True
    before = [int(m.group(1)) for s in sections[:at] if (m := _CLAUSE_HEAD.match(s.heading))]
    if not before:
        return at, heading, paras, sections
    k = max(before) + 1
    taken = {int(m.group(1)) for s in sections if (m := _CLAUSE_HEAD.match(s.heading))}
    # (a free number takes the clause without moving the others: a charter's rider clause 41, cited by the other
    # papers, stays 41 when its terms go in as clause 21 after its clause 20)
    bump = (lambda n: n + 1 if n >= k else n) if k in taken else (lambda n: n)  # noqa: E731

    def on(text: str, own: bool) -> str:
        if own:  # the clause's own paragraph numbers ('4.1' -> '5.1')
            text = re.sub(r"^(\d+)(\.\d+)", lambda m: f"{bump(int(m.group(1)))}{m.group(2)}", text)
        return _CLAUSE_REF.sub(lambda m: f"{m.group(1)} {bump(int(m.group(2)))}", text)

    out = []
    for i, s in enumerate(sections):
        own = i >= at and bool(_CLAUSE_HEAD.match(s.heading))
        head = _CLAUSE_HEAD.sub(lambda m: f"{bump(int(m.group(1)))}. ", s.heading) if own else s.heading
        out.append(s.model_copy(update={"heading": head, "paragraphs": [on(p, own) for p in s.paragraphs]}))
    paras = [f"{k}.{n} {PARAGRAPH_NUMBER.sub('', p)}" for n, p in enumerate(paras, 1)]
    return at, f"{k}. {heading}", paras, out


# a term's heading that cites the clause it comes from in another draft ('1.2 Purchase price (clause 3): ...')
_HEADED_REF = re.compile(r"^(?P<num>\d+(?:\.\d+)*\s+)?(?P<head>[^:()\n]{2,60}?) \((?P<word>[Cc]lauses?) "
                         r"(?P<n>\d+)(?P<sub>(?:\.\d+)*)\): ")
# the words a clause's heading may give its subject by (a price is paid under 'Consideration and Payment')
_SUBJECT_WORDS = {"price": ("price", "consideration", "payment"), "warranties": ("warrant", "guarantee"),
                  "warranty": ("warrant", "guarantee"), "leakage": ("leakage", "locked box"),
                  "conditions": ("condition", "closing"), "closing": ("closing", "completion", "condition"),
                  "completion": ("completion", "closing"), "indemnity": ("indemn",), "pension": ("pension",)}


def _references_resolved(sections: list[Section]) -> list[Section]:
    """A contract's terms whose headings cite a clause by number point to the clause of this paper that holds their
    subject, or cite none: blind read 35's notarial SPA read '1.2 Purchase price (clause 3)' with clause 3 its
    governing law, and cited clauses 5, 7 and 9 it did not have."""
    clauses = {int(m.group(1)): _bare(s.heading) for s in sections if (m := _CLAUSE_HEAD.match(s.heading))}
    if not clauses:
        return sections

    def words(head: str) -> set[str]:
        out = set()
        for w in re.findall(r"[a-z]{4,}", head.lower()):
            out.update(_SUBJECT_WORDS.get(w, (w.rstrip("s"),)))
        return out

    def holds(n: int, head: str) -> bool:
        return any(w in clauses.get(n, "") for w in words(head))

    def resolved(m: re.Match) -> str:
        n, head = int(m.group("n")), m.group("head")
        if holds(n, head):
            return m.group(0)
        at = next((k for k in sorted(clauses) if holds(k, head)), None)
        lead = f"{m.group('num') or ''}{head}"
        return f"{lead} ({m.group('word').lower()} {at}): " if at is not None else f"{lead}: "

    return [s.model_copy(update={"paragraphs": [_HEADED_REF.sub(resolved, p) for p in s.paragraphs]})
            for s in sections]


_FORMAL_KINDS = {"attendees", "actions", "next_meeting", "caption", "signatures", "letter_close", "client_close",
                 "execution", "enclosures", "parties", "prayer", "governing", "schedule", "appendix"}


# sections a point's heading never takes: the paper's formal parts
_UNNAMED = {"attendees", "caption", "signatures", "letter_close", "client_close", "execution", "enclosures",
            "client_opening", "opening"}
# sections whose text the engine lays from the plan (minutes' actions, the next meeting): a point follows it
_ENGINE_LAID = {"actions", "next_meeting"}


def _bare(heading: str) -> str:
    """A heading without its numbering, its parenthesis or its case: what names the section."""
    return re.sub(r"\s+\d+$", "", _NUMBERED.sub("", re.sub(r"\s*\([^)]*\)", "", heading)).strip()).lower()


def _named_section(sections: list[Section], heading: str) -> int | None:
    """The section a point's heading names: the heading itself, or its words whole in the section's ('Count I' is
    'Count I', never 'Count II'; 'Prayer' is 'Prayer for Relief'); None where none does."""
    named = _NUMBERED.sub("", re.sub(r"\s*\([^)]*\)", "", heading)).strip().lower()
    if len(named) < 4:
        return None
    for name in (named, *_HEADED_AS.get(named, ())):
        words = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
        for i, s in enumerate(sections):
            if section_kind(s.heading) in _UNNAMED:
                continue
            if words.search(re.sub(r"\s+\d+$", "", _NUMBERED.sub("", s.heading.strip())).lower()):
                return i
    return None


# a memo's point headings and the headings a paper put to a board gives those sections (boardpaper.BOARD_HEADINGS):
# 'Question: whether Coastline should self-report' opens the paper's Purpose, not its Discussion
_BOARD_CLOSE = "decision sought and recommended resolutions"
_HEADED_AS = {"question": ("purpose",), "short answer": ("summary",), "recommendation": (_BOARD_CLOSE,),
              # a financing's terms under the term sheet's heads (blind read 36: maturity, margin, covenant reset and
              # cash sweep all sat under 'Conditions Precedent')
              "margin": ("pricing",), "fees": ("pricing",), "maturity": ("facilities",),
              "covenant reset": ("covenants",), "financial covenants": ("covenants",),
              "excess cash sweep": ("prepayment", "facilities")}
# (and takes its place, as under the memo's own heading: the paper's purpose keeps its lead)
_REPLACES = {"short answer": "summary", "recommendation": _BOARD_CLOSE, "decision sought": _BOARD_CLOSE}


def _kind_index(sections: list[Section], *wanted: str) -> int | None:
    return next((i for i, s in enumerate(sections) if section_kind(s.heading) in wanted), None)


def with_points(doc: DocumentContent, ctx: ArtifactContext) -> DocumentContent:
    """The document with the plan's points placed in its genre's form (unchanged where it has none)."""
    spec = ctx.spec
    points = list(getattr(spec, "points", None) or [])
    if not points or not isinstance(spec, DocumentSpec):
        return doc
    family = family_of(spec)
    sections = list(doc.sections)
    lost: list[tuple[int, str]] = []
    placed: dict[int, list[str]] = {}  # each section's points, placed once all are dealt
    how: dict[int, tuple[bool, bool]] = {}  # (numbered, replacing the composer's paragraphs)

    def put(i: int, paragraphs: list[str], numbered: bool = family.numbered, replace: bool = True) -> None:
        placed.setdefault(i, []).extend(paragraphs)
        was = how.get(i, (numbered, replace))
        how[i] = (was[0], was[1] and replace)

    if family.name == "terms" and genre_of(spec.doc_type, spec.title) != "term_sheet":
        # an instrument's points that state its clauses by number are those clauses, under their numbers (a term
        # sheet's 'Leakage (clause 7)' cites the draft agreement's clause, not its own)
        from worldsmith.generators.kinds.document.contract import clause_sections

        sections, points, gone = clause_sections(sections, points, spec.title, _trailing)
        lost.extend(gone)
    # a point the composer already wrote in its place, word for word, is not written again (a compliance certificate
    # gives its figures' points in its computation: blind read 36's 'Substance' section repeated it)
    written = "\n".join(p for s in sections for p in s.paragraphs)
    points = [p for p in points if p.text not in written]
    # a point whose heading names a section of the paper goes there ('Count I (contribution)' to 'Count I', 'Prayer' to
    # 'Prayer for Relief', 'Escrow' to 'Escrow and Security'); the rest take the genre's places below
    body = []
    named = {id(p): _named_section(sections, p.heading) if p.heading else None for p in points}
    if family.name == "letter" and any(at is None for at in named.values()):
        # a letter's points are its numbered paragraphs, in their order: a heading that names only part of a
        # section's ('Offer' of 'Terms of the Offer') does not split them (pi-quantum's Part 36 offer read 'Part 36',
        # 'Costs', then 'Offer', 'Terms')
        named = {k: at if at is not None and _bare(sections[at].heading) == _bare(p.heading) else None
                 for p in points for k, at in [(id(p), named[id(p)])]}
    for p in points:
        at = named[id(p)]
        if at is None:
            body.append(p)
        else:
            # (a heading the section's own is replaces its text; one it only names a part of, 'Jurisdiction and venue'
            # of 'Parties, Jurisdiction and Venue', follows what the section says of the rest)
            put(at, [point_paragraph(p)], numbered=family.numbered and family.name in ("grounds", "letter"),
                replace=_bare(sections[at].heading) in (_bare(p.heading), _REPLACES.get(_bare(p.heading)))
                and section_kind(sections[at].heading) not in _ENGINE_LAID
                and not _narrows_mutual(sections[at], point_paragraph(p)))
    if family.name == "memo":
        # the point that recommends, else the one its expert headed as the memo's conclusion or next step (emoney's
        # 'Conclusion: awareness on 8 February 2027 is the better view ...', vat-delivery's 'Next step: request a
        # statutory review ...', where the engine's own 'We recommend Option A' and 'I would work on the basis that
        # the delivery charges collected are GBP 3,264,000' stood)
        advice = next((p for p in points if _RECOMMENDS.search(point_paragraph(p))), None) or \
            next((p for p in reversed(points) if p.heading and _CONCLUDES.match(p.heading)), None)
        rec = _kind_index(sections, "recommendation")
        if advice is not None and rec is not None:
            if advice in body:
                body = [p for p in body if p is not advice]
                put(rec, [point_paragraph(advice)], numbered=False)
            ans = _kind_index(sections, "answer")
            if ans is not None and ans != rec and ans not in placed:
                # the short answer is the recommendation's own first sentence, never the composer's other verdict
                put(ans, [cap_first(_first_sentence(advice.text))], numbered=False)
    if family.name == "minutes":
        decided = [p for p in body if _DECIDES.search(point_paragraph(p))]
        dec = _kind_index(sections, "decisions")
        if decided and dec is not None:
            body = [p for p in body if p not in decided]
            put(dec, [point_paragraph(p) for p in decided], numbered=False)
    elif _kind_index(sections, "decisions") is not None:
        # a decision's point headed as its outcome goes to its operative part, after what the body writes there
        # (blind read 34: the DTJ's 'Decision: AIIM upheld in part ...' sat in a 'Substance' section of its own)
        ruled = [p for p in body if p.heading and _RULING.match(p.heading)]
        if ruled:
            body = [p for p in body if p not in ruled]
            put(_kind_index(sections, "decisions"), [point_paragraph(p) for p in ruled], numbered=False,
                replace=False)
    targets: list[int] = []
    if body:
        targets = [i for i in _targets(sections, family) if i not in placed] or \
            [i for i in _targets(sections, family)]
        if targets and family.name == "grounds" and len(targets) > 1:
            # an appeal's grounds one to a section of its own grounds, the rest to the last of them
            ground = [i for i in targets if re.search(family.heads, sections[i].heading, re.I)] or targets
            for n, i in enumerate(ground[:len(body)]):
                put(i, [point_paragraph(p) for p in (body[n:] if n == len(ground) - 1 else body[n:n + 1])])
        elif targets:
            put(targets[0], [point_paragraph(p) for p in body])
    for i, paragraphs in placed.items():
        sections[i], gone = _place(sections[i], paragraphs, *how[i])
        lost.extend((i, g) for g in gone)
        # beside a point, no line that only lists the figures the point states with their labels (blind read 35, de
        # 17: 'The equity value: EUR 108,050,000. The Unterstützungskasse shortfall: EUR 6,400,000.' over the point
        # that prices the deal on them: 'Figures are stated three times')
        here = " ".join(paragraphs)
        sections[i] = sections[i].model_copy(update={"paragraphs": [
            p for p in sections[i].paragraphs if p in paragraphs or any(q in p for q in paragraphs) or
            not _listed_only(p, [f for f in ctx.facts if carries(p, f)], here)]})
    if body and not targets:
        # a paper of none of its family's sections takes a section of its own before its closing one
        at = max(1, len(sections) - 1) if len(sections) > 1 else len(sections)
        paras = [point_paragraph(p) for p in body]
        if family.numbered:
            paras = [f"{n}. {p}" for n, p in enumerate(paras, 1)]
        heading = family.new_heading
        if family.name == "terms":
            at, heading, paras, sections = _operative_clause(sections, at, heading, paras)
        sections.insert(at, Section(heading=heading, paragraphs=paras))
        lost = [(k + 1 if k >= at else k, g) for k, g in lost]
        placed = {(k + 1 if k >= at else k): v for k, v in placed.items()}
        placed[at] = paras
    sections = _parts_kept(sections, lost, doc, spec.title)
    # a fact the paper stated only in a paragraph the points replaced is stated still: that paragraph stays, after them
    text = "\n".join(p for s in sections for p in s.paragraphs) + "\n" + "\n".join(
        " ".join(" ".join(r) for r in s.table.rows) for s in sections if s.table is not None)
    back: dict[int, list[str]] = {}
    for f in ctx.facts:
        if carries(text, f):
            continue
        for i, para in lost:
            if carries(para, f) and para not in back.get(i, []):
                back.setdefault(i, []).append(para)
                text += "\n" + para
                break
    for i, paras in back.items():
        s = sections[i]
        tail = _tail_at(s.paragraphs)
        last = PARAGRAPH_NUMBER.match(s.paragraphs[tail - 1]) if tail else None
        if last is not None:
            # a numbered section numbers what it takes back after its points ('3.' -> '4.', '2.3' -> '2.4')
            stem, _, end = last.group(1).rstrip(".").rpartition(".")
            dot = "." if last.group(1).endswith(".") else ""
            paras = [f"{stem + '.' if stem else ''}{int(end) + n}{dot} {p}" for n, p in enumerate(paras, 1)] \
                if end.isdigit() else paras
        sections[i] = s.model_copy(update={"paragraphs": s.paragraphs[:tail] + paras + s.paragraphs[tail:]})
    if family.name in ("grounds", "letter"):
        sections = _running(sections)
    if family.name == "terms" and genre_of(spec.doc_type, spec.title) != "term_sheet":
        # (a term sheet's 'Leakage (clause 7)' cites the draft agreement's clause, not its own)
        sections = _references_resolved(sections)
    if genre_of(spec.doc_type, spec.title) == "term_sheet":
        said = "\n".join(point_paragraph(p) for p in points)
        sections = [s for i, s in enumerate(sections) if i in placed or not _restates(s, ctx, said)]
    if family.name in _TRIMMED:
        said = "\n".join(point_paragraph(p) for p in points)
        sections = _trimmed(sections, set(placed), ctx, spec.title, said)
    if family.name in _UNSAID:
        sections = _unsaid(sections, placed, points, ctx, spec.title, family, spec.doc_type)
        if family.name == "letter":
            sections = _running(sections)  # (what the points said again went: the numbers run on without a gap)
    sections = _declared_last(sections, points, ctx)
    return doc.model_copy(update={"sections": sections})


_DECLARATION = re.compile(r"(?i)^(?:statement of truth|(?:expert'?s )?declaration|declaration and statement of truth)$")
# the statement of truth an expert's report ends on under CPR Part 35 (PD 35 para 3.3), in England and Wales
_CPR35_TRUTH = ("I confirm that I have made clear which facts and matters referred to in this report are within my own "
                "knowledge and which are not. Those that are within my own knowledge I confirm to be true. The opinions "
                "I have expressed represent my true and complete professional opinions on the matters to which they "
                "refer. I understand that proceedings for contempt of court may be brought against anyone who makes, or "
                "causes to be made, a false statement in a document verified by a statement of truth without an honest "
                "belief in its truth.")


def _declared_last(sections: list[Section], points: list[PlannedPoint], ctx: ArtifactContext) -> list[Section]:
    """An expert's declaration or statement of truth the points give, in a section of its own at the end of the report
    (before any appendix), with the statement of truth in the words of the court's rules where the matter is English
    (blind read 36: 'the statement of truth is one bullet under "Key Findings", not a CPR Part 35 declaration')."""
    said = [point_paragraph(p) for p in points if p.heading and _DECLARATION.match(p.heading.strip())]
    if not said:
        return sections
    kept = [s.model_copy(update={"paragraphs": [x for x in s.paragraphs if not any(
        x == d or x.endswith(" " + d) for d in said)]}) for s in sections]
    # (a section that held the declaration alone gives way to the declaration's own)
    kept = [s for s, was in zip(kept, sections) if s.paragraphs or not was.paragraphs or s.table is not None]
    paras = list(said)
    if ctx.locale == "en_GB" and _CPR35_TRUTH not in paras:
        paras.append(_CPR35_TRUTH)
    at = len(kept)
    while at > 0 and re.match(r"(?i)(?:appendi(?:x|ces)|annex|schedule)\b", kept[at - 1].heading.strip()):
        at -= 1
    return kept[:at] + [Section(heading="Declaration and Statement of Truth", paragraphs=paras)] + kept[at:]


# the families whose composer text around the points is prose of its own (not a pleading's form, nor a contract's or
# term sheet's clauses): there it says only what the points do not
_UNSAID = {"memo", "report", "default", "plan", "minutes", "letter", "resolution"}
# sections where the composer gives its own verdict, summary or tasks: beside the points, a paragraph of them that states
# no figure is the engine's view of a matter the expert has given theirs on (blind read 33: 'On our reading, we
# recommend asking Hollins Reid Solicitors to confirm ...' in a counter-schedule whose points say what is agreed)
_VERDICT = {"summary", "recommendation", "answer", "options", "next_steps", "risks", "actions"}
# headings a genre shows itself by (genre_structure): a section of them that the points leave empty keeps its text
# a letter's sections that recite the matter (its background, the findings a notice recites): what the points state
# again there goes; its formal parts (what it requires, the day it issues, the rights of reply) are the form's
_RECITED = {"background", "letter_background", "findings", "analysis"}
_NEEDED = {"memo": re.compile(r"(?i)question presented|purpose|short answer|summary|analysis|working|recommendation"),
           "ic_memo": re.compile(r"(?i)recommendation|thesis|valuation|risk"),
           "report": re.compile(r"(?i)summary|findings|appendix"),
           "minutes": re.compile(r"(?i)attendees|present|decisions|actions")}
_NEEDED_ANY = re.compile(r"(?i)summary|short answer|recommendation|question|purpose|thesis|valuation|risk|attendees|"
                         r"present|decisions|actions|findings|analysis|working|appendix")
# a sentence of the engine's own verdict ('Conclusion. We recommend that Pennock Row make Ashgrove's written consent a
# condition to completion', 'On the red flag, the protection we propose is ...' beside the legal DD report's point 'a
# signed waiver as a condition to signing', buyside seed 3)
_OWN_VERDICT = re.compile(r"(?i)^(?:conclusion\.$|our conclusion is\b|(?:on balance, |having weighed the findings, )?"
                          r"we recommend\b|our recommendation is\b|on the red flag, the protection we propose\b)")


def _covers(heads: list[str]) -> str:
    """A summary of a paper's heads as a sentence ('This paper covers gross proceeds, deductions and royalty.'); the
    list after a colon where a head is no noun phrase ('For Ostrander'). Blind read 34 read 'Set out below, in turn:
    Platform; Dedicated instance; ...' as a template's seam."""
    if any(re.match(r"(?i)(?:for|on|to|by|with|from|of|in|at|and|next|what|how|why|whether)\b", h) for h in heads):
        return f"This paper covers: {'; '.join(heads)}."
    said = [h[:1].lower() + h[1:] if h[1:2].islower() else h for h in heads]
    return f"This paper covers {', '.join(said[:-1])} and {said[-1]}."


def _sentences(text: str) -> list[str]:
    return [t for t in _SENTENCE_END.split(text) if t.strip()]


def _listed_only(paragraph: str, facts: list, said: str) -> bool:
    """Whether a paragraph only names figures, each by its label and value, that `said` (the points beside it) states:
    what is left once their labels and values are taken out is a word or two a figure."""
    if not facts or _formal(paragraph) or not all(carries(said, f) for f in facts):
        return False
    rest = paragraph
    for f in facts:
        rest = re.sub(re.escape(f.text), " ", rest)
        if getattr(f, "label", ""):
            rest = re.sub(re.escape(f.label), " ", rest, flags=re.I)
    return len(re.findall(r"[^\W\d_]+", rest)) <= 2 * len(facts)


def _unsaid(sections: list[Section], placed: dict[int, list[str]], points: list[PlannedPoint], ctx: ArtifactContext,
            title: str, family: Family, spec_type: str = "") -> list[Section]:
    """The paper with the composer's paragraphs that only say again what its points say taken out: a summary, a
    conclusion, an option or a next step whose every figure a point states, and, in a section of verdict, one that
    states none (a stock task, a recommendation of the engine's own); what opens such a paragraph before its first
    figure (who prepared the report, for whom, as at when) stays. A section left empty goes, save one its genre shows
    itself by, which keeps its text (blind read 33, three unseen outlines: 3 of 18 papers with points accepted; a
    summary restating the points' figures in other words, 'condition to completion' beside a point's 'condition to
    signing', a table of stock actions beside the point's own)."""
    from worldsmith.generators.kinds.document.contract import missing_parts

    said = "\n".join(point_paragraph(p) for p in points)
    before = set(missing_parts(title, _text_of(sections)))
    needed = _NEEDED.get(genre_of(spec_type, title), _NEEDED_ANY)
    # the engine's options stay where a paragraph it keeps weighs them ('We recommend Option A')
    weighed = re.search(r"\bOption [A-D]\b", _text_of([x for x in sections if section_kind(x.heading) != "options"]))

    def facts_of(text: str) -> list:
        return [f for f in [*ctx.facts, *ctx.cited_figures] if carries(text, f)]

    def unjudged(paragraph: str) -> str:
        """The paragraph without the engine's own verdicts that state no figure the points do not."""
        if _NUMBERED.match(paragraph):
            return paragraph
        parts = _sentences(paragraph)
        kept = [t for t in parts if not (_OWN_VERDICT.search(t) and all(carries(said, f) for f in facts_of(t)))]
        return paragraph if len(kept) == len(parts) else " ".join(kept)

    out: list[Section] = []
    for i, s in enumerate(sections):
        kind = section_kind(s.heading)
        if i in placed:
            # a section the points were placed in is theirs; where they give the actions, no table of the engine's
            # stock tasks stands beside them
            # (and no verdict of the engine's own whose every figure the points state: blind read 35, au 18, 'Our
            # conclusion is that the total remediation is AUD 8,977,200, the wage underpayment ... plus ...' under the
            # findings that had just worked it, beside the point 'Total: AUD 8,977,200')
            out.append(s.model_copy(update={"table": None, "paragraphs": [
                p for p in s.paragraphs if _formal(p) or any(q in p for q in placed[i])]}) if kind == "actions" else
                s.model_copy(update={"paragraphs": [q for q in (
                    p if _formal(p) or any(x in p for x in placed[i]) else unjudged(p) for p in s.paragraphs) if q]}))
            continue
        if kind in _FORMAL_KINDS or kind in _UNNAMED or kind == "options" and weighed:
            out.append(s)
            continue
        verdict = kind in _VERDICT and not (family.name == "letter" and kind == "next_steps")
        if not verdict and not (family.name == "letter" and kind in _RECITED):
            # (an analysis's working, a background's record: what the points do not say, how a figure is worked; but
            # no verdict of the engine's own there either)
            out.append(s.model_copy(update={"paragraphs": [q for q in (
                p if _formal(p) else unjudged(p) for p in s.paragraphs) if q]}))
            continue
        keep: list[str] = []
        for para in s.paragraphs:
            if _formal(para) or _NUMBERED.match(para) and not facts_of(para):
                keep.append(para)
                continue
            facts = facts_of(para)
            if facts and not all(carries(said, f) for f in facts):
                keep.append(para)
                continue
            if not facts and (not verdict or kind == "summary"):
                keep.append(para)
                continue
            # what opens the paragraph before its first figure, where it is no verdict of the engine's own
            lead = []
            for sentence in [] if _NUMBERED.match(para) else _sentences(para):
                if facts_of(sentence):
                    break
                lead.append(sentence)
            if len(" ".join(lead).split()) >= 6 and (kind == "summary" or family.name == "letter" and not verdict):
                keep.append(" ".join(lead))
        heads = [p.heading for p in points if p.heading]
        if kind == "summary" and not keep and len(heads) > 1:
            # a summary of the points' own heads, in their order: never the engine's restatement of their figures; and
            # only where the summary would say nothing else (blind read 34 read "Set out below, in turn: Platform;
            # Dedicated instance; ..." after the paper's own opening as a placeholder)
            keep.append(_covers(heads))
        if not keep and (s.table is None or needed.search(s.heading)):
            if needed.search(s.heading):
                out.append(s)
            continue
        out.append(s.model_copy(update={"paragraphs": keep}))
    if not set(missing_parts(title, _text_of(out))) <= before:
        return sections
    return out



def _parts_kept(sections: list[Section], lost: list[tuple[int, str]], doc: DocumentContent, title: str
                ) -> list[Section]:
    """The paper with each replaced paragraph that alone did a part of its genre's contract (contracts.yaml) back in
    its section, before the points: vat-delivery at seed 35, HMRC's 'Notice of assessment' lost 'We write to give
    notice of assessment ...' to its four points, and said nowhere what it gave notice of (genre_contract)."""
    from worldsmith.generators.kinds.document.contract import genre_named, lacking

    genre = genre_named(title)
    if genre is None or not lost:
        return sections
    had = {p.name for p in lacking(genre, _text_of(list(doc.sections)))}
    back: dict[int, list[str]] = {}
    for part in lacking(genre, _text_of(sections)):
        if part.name in had:
            continue
        hit = next(((i, para) for i, para in lost if re.search(part.pattern, para)), None)
        if hit is not None and hit[1] not in back.get(hit[0], []):
            back.setdefault(hit[0], []).append(hit[1])
    out = list(sections)
    for i, paras in back.items():
        s = out[i]
        lead = 0
        while lead < len(s.paragraphs) and _LEAD.search(s.paragraphs[lead]):
            lead += 1
        out[i] = s.model_copy(update={"paragraphs": s.paragraphs[:lead] + paras + s.paragraphs[lead:]})
    return out


# the families whose background restates the figures the points now carry (a memo's 'Relevant Facts' that wrote each
# figure again with its sheet row before the analysis stated it, blind read 32's memos 'that only restate totals')
_TRIMMED = {"memo", "report", "default", "plan"}


# the headings a term sheet shows its genre by (genre_structure): never dropped
_TERM_SHEET_HEADS = re.compile(r"(?i)parties|consideration|price|pricing|facilit|conditions|governing law|signature")


def _restates(section: Section, ctx: ArtifactContext, said: str) -> bool:
    """Whether a term sheet's section of terms only restates figures its points state (an 'Escrow and Security' that
    says 'The new finance: EUR 6,000,000.' once the points give the facility's terms): it goes."""
    if section_kind(section.heading) != "terms" or _TERM_SHEET_HEADS.search(section.heading) or section.table:
        return False
    facts = [[f for f in ctx.facts if carries(p, f)] for p in section.paragraphs]
    return all(fs and all(carries(said, f) for f in fs) for fs in facts)


def _text_of(sections: list[Section], skip: tuple[int, int] | None = None) -> str:
    parts = []
    for i, s in enumerate(sections):
        parts += [p for j, p in enumerate(s.paragraphs) if (i, j) != skip]
        if s.table is not None:
            parts += [" ".join(r) for r in s.table.rows]
    return "\n".join(parts)


def _trimmed(sections: list[Section], placed: set[int], ctx: ArtifactContext, title: str, said: str) -> list[Section]:
    """The paper with each background paragraph whose facts the points state (`said`) left out (its first paragraph
    kept, so no heading stands over nothing), where its genre's parts all still show (contracts.yaml)."""
    from worldsmith.generators.kinds.document.contract import missing_parts

    before = set(missing_parts(title, _text_of(sections)))
    out = list(sections)
    for i, s in enumerate(sections):
        if i in placed or section_kind(s.heading) != "background" or s.table is not None:
            continue
        keep = [j for j, para in enumerate(s.paragraphs)
                if j == 0 or _formal(para) or not (facts := [f for f in ctx.facts if carries(para, f)])
                or not all(carries(said, f) for f in facts)]
        cut = out[:i] + [s.model_copy(update={"paragraphs": [s.paragraphs[k] for k in keep]})] + out[i + 1:]
        if set(missing_parts(title, _text_of(cut))) <= before:
            out = cut
    return out


_PARA_NO = re.compile(r"^(\d+)\.\s+")


def _running(sections: list[Section]) -> list[Section]:
    """A pleading's or a letter's paragraphs numbered 1., 2., ... through the paper, as they run (the points placed
    in one section would otherwise repeat another's numbers: a notice's '1. Reservation' after its '3. Cure')."""
    n = 0
    out = []
    for s in sections:
        paras = []
        for p in s.paragraphs:
            if _PARA_NO.match(p):
                n += 1
                p = f"{n}. {_PARA_NO.sub('', p, count=1)}"
            paras.append(p)
        out.append(s.model_copy(update={"paragraphs": paras}))
    return out

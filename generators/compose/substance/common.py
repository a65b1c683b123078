"""The facts as a professional writes them (label and value, the operative words of a statement, a figure's derivation
and source), what a paper is about, and who speaks for what: shared by every genre's sections."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.facts import _plural, agree, event_clause, fact_sentence, on_its_day, slot_of
from worldsmith.generators.compose.parties import client_of, principal
from worldsmith.generators.compose.text import cap_first, lower_first, strip_end
from worldsmith.generators.labels import _PARTICIPLE, as_state, count_said, counted
from worldsmith.generators.compose.text import lower_first as _lower
from worldsmith.generators.context import ArtifactContext, FactRef, PersonRef


_RANK = {"executive": 3, "senior": 2, "mid": 1, "junior": 0}


# Words a title opens with that name the genre, not the subject ("Memo re ...", "Comparison memo: ...").
_GENRE_HEAD = re.compile(r"^(?:draft[^:]*:\s*)?(?:[\w -]*?\b(?:memo(?:randum)?|minutes|notes?|report|letter|"
                         r"summary|paper)\b\s*(?:re\b|on\b|:)?\s*)", re.I)


_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"


def label(f: FactRef) -> str:
    """The fact's label as it reads mid-sentence ('the OPA 90 liability cap'), or its statement where it has none."""
    name = f.label or lower_first(strip_end(f.statement))
    return name


def plain(f: FactRef) -> str:
    """A sentence body (no full stop) naming the fact by its label and giving its value in a slot its value fits:
    'the tender decision was to reject the tender of defense', 'the answer deadline is May 1, 2026'."""
    name, slot = label(f), slot_of(f)
    event = event_clause(f, ahead=True)
    if event:
        # an event's day is said as the event on its day: "the distributor was terminated on February 12, 2026", never
        # "the distributor terminated was February 12, 2026" (blind read 27; minutes, memos and pleadings said it so
        # after mail stopped: "The DPC inquiry commenced is 14 April 2027", "the Notice of Arbitration filed is ...")
        return f"{event} on {f.text}"
    count = count_said(name, f.text, f.statement or None) if f.value.type == "number" else ""
    if count:
        return count
    if slot == "date_past":
        out = f"{name} was {f.text}"
    elif slot == "text_verb":
        out = f"{name} was to {f.text}"
    elif slot == "text_outcome":
        out = f"{name}: {f.text}"
    elif f.value.type == "text" and as_state(f.text):
        # a thing and what was done to it is where matters stand, never what its label "is" ("The signature of the
        # variation agreement is variation agreement signed and lodged", blind read 30)
        out = f"matters now stand with {as_state(f.text)}"
    elif f.value.type == "date" and _DATED_PAPER.search(name) and not _DATE_NOUN.search(name):
        out = f"{name} is dated {f.text}"  # a paper or an act has a date; it is not one ('The appraisal demand is ...')
    else:
        out = f"{name} is {f.text}"
    return on_its_day(agree(out, [name]), f)


def relied_on(f: FactRef) -> str:
    """The fact as what a party relies on, with its value: an event on its day as the record of it ("the record that the
    distributor was terminated on February 12, 2026"), a thing named by what was done to it as a clause ("the
    regulation that was violated (31 CFR 560.204)"), else its label and value. Blind read 27: "rely on the regulation
    violated", "rely on the distributor terminated (February 12, 2026)"."""
    event = event_clause(f)
    if event:
        return f"the record that {event} on {f.text}"
    name = label(f)
    words = name.split()
    if f.value.type != "date" and len(words) >= 3 and words[0].lower() == "the" and _PARTICIPLE.fullmatch(words[-1]) \
            and not _PARTICIPLE.fullmatch(words[-2]):
        thing = " ".join(words[:-1])
        return f"{thing} that {'were' if _plural(thing) else 'was'} {words[-1]} ({f.text})"
    return f"{name} ({f.text})"


# A label that names a paper or a formal act, whose value is the day it bears; a label that names a day itself.
_DATED_PAPER = re.compile(r"\b(demand|notice|letter|application|appointment|offer|award|determination|request|"
                          r"instructions?|order|submissions?|election|tender|acceptance|rejection|proof of loss)$", re.I)
_DATE_NOUN = re.compile(r"\b(date|day|deadline|due|expiry|hearing|meeting|trial|closing|completion)\b", re.I)


def gist(f: FactRef, facts: list[FactRef]) -> str:
    """The substance of the fact's statement that a document other than the one establishing it may write: the longest
    clause of the statement (cut at a colon or semicolon) that is not the whole of it and whose every figure and date
    the document carries anyway ('the vessel entered US navigable waters without the steering-gear test required
    within 12 hours before entry by 33 CFR 164.25, ...'); '' when no clause qualifies. (The whole statement is the
    establishing document's alone: fact_statement_established_only.)"""
    whole = strip_end(f.statement)
    carried = " ".join(g.text for g in facts)
    allowed = set(re.findall(r"\d[\d,.]*\d|\d", carried))
    best = ""
    parts = re.split(r"(?<=[a-z)]):\s+|;\s+", whole)
    listed = listed_items(f)
    if listed:
        # a count whose statement lists the things counted ('cites three discrepancies: A; B; and C') is given with
        # its whole list, never one item of it (blind read 31: '3 discrepancies were cited: <one of the three>')
        parts = [whole.split(": ", 1)[0], "; ".join(listed)]
    for part in parts:
        part = part.strip().rstrip(",")
        if part == whole or len(part.split()) < 8:
            continue
        # a figure (an amount, a year, a rate) must be one the document carries: the statement may hold another day's
        # value; a small count in the law's words ('within 12 hours') is no ledger figure
        figures_in = [n for n in re.findall(r"\d[\d,.]*\d%?|\d%?", part)
                      if re.search(r"[,.%]", n) or re.fullmatch(r"(19|20)\d\d", n) or len(n) >= 5]
        if any(n.rstrip("%") not in allowed for n in figures_in):
            continue
        if len(part) > len(best):
            best = part
    return best


def listed_items(f: FactRef) -> list[str]:
    """The things a count's statement lists after its colon, one per semicolon ('three discrepancies: A; B; and C'),
    where there are as many as the count; else none."""
    if f.value.type != "number" or ": " not in f.statement or not isinstance(f.value.value, (int, float, Decimal)):
        return []
    items = [i.strip() for i in re.split(r";\s+", strip_end(f.statement).split(": ", 1)[1]) if i.strip()]
    return items if len(items) >= 2 and len(items) == f.value.value else []


_STOP = {"the", "a", "an", "of", "and", "or", "to", "on", "in", "for", "by", "at", "re", "memo", "with", "its", "is"}


def words_of(text: str) -> set[str]:
    return {re.sub(r"'s$", "", w) for w in re.findall(r"[a-z0-9][a-z0-9.'-]*[a-z0-9]", text.lower())} - _STOP


def identity(f: FactRef) -> bool:
    """A fact that only names a thing of the matter (the vessel, the target): context, never the point of a paper."""
    return f.value.type == "text" and f.text[:1].isupper() and len(f.text.split()) <= 4 and not re.search(r"\d", f.text)


def valued(name: str, f: FactRef) -> str:
    """A figure's name with its value beside it, as its kind is said: a share in brackets ('the cap percentage (150%)'),
    a count with its number where its name says the things counted ('148 posts cut'), else in brackets (never "the
    posts cut of 148 posts", blind read 30), an amount after "of" ('the removal costs of USD 61,350,000')."""
    kind = getattr(getattr(f, "value", None), "type", None)
    if kind is None:  # an input as the ledger holds it on the day (InputRef): its kind read off its text
        kind = "percent" if f.text.strip().endswith("%") else \
            "number" if re.fullmatch(r"-?\d[\d,.]*\s+[a-z][a-z-]*", f.text.strip()) else "money"
    if kind == "percent":
        return f"{name} ({f.text})"
    if kind == "number":
        return counted(name, f.text) or f"{name} ({f.text})"
    return f"{name} of {f.text}"


def derivation(f: FactRef, facts: list[FactRef]) -> str:
    """How the figure follows from others, with each input's value where the document carries it ('the greater of the
    OPA 90 per-ton limit of USD 2,500 times the gross tonnage of 62,480 GT and ...'); '' when it has no formula."""
    reason = f.reason
    if not reason:
        return ""
    # each input's value once, beside its own label: a shorter label inside a longer one already given its value is
    # left alone (read 12: 'the greater of the cap percentage of Annual Contract Value of USD 4,800,000 of 150%'); a
    # percentage in brackets, as a share is written ('the cap percentage of Annual Contract Value (150%)')
    taken: list[tuple[int, int, str]] = []
    for g in sorted(facts, key=lambda g: -len(label(g))):
        name = label(g)
        if g.id == f.id or not name or g.value.type not in ("money", "number", "percent"):
            continue
        for m in re.finditer(re.escape(name), reason):
            if not any(a <= m.start() < b or a < m.end() <= b for a, b, _ in taken):
                said = valued(name, g)
                taken.append((m.start(), m.end(), said))
                break
    for a, b, said in sorted(taken, reverse=True):
        reason = reason[:a] + said + reason[b:]
    if not taken and f.working:
        # none of its inputs is a fact of this paper: the ledger's working on the day gives them (read 19: a refund
        # letter 'with no ... claim count', its figure 'the net overpayment in the sample divided by the probe sample
        # times the claims in the review period')
        return f.working
    return reason


# A figure's basis and a statement's operative words, each said several ways. A year of a matter carries the same
# figure in hundreds of papers, and one fixed wording stamped one sentence on all of them (realism_boilerplate at x80);
# in a recurring series the wordings are dealt round it (bank.Picker), so neighbouring instances never share one.
_BASIS = ("{head}, being {how}.", "{head}, which is {how}.", "{head}: {how}.", "{head}, that is {how}.",
          "{head}, worked as {how}.", "{head}; it is {how}.")
_GIST = ("{More}.", "As matters stand, {more}.", "On the record, {more}.", "The point is that {more}.",
         "Of note, {more}.", "In substance, {more}.")


# (no "For the record, ": padding that tells a reader a fact is said only to be on file, read 20)
_PLAIN = ("{S}.", "We note that {s}.", "As recorded on the [~file|papers], {s}.", "On the [~papers|record], {s}.",
          "In addition, {s}.")


def _worded(pick: Picker, frames: tuple[str, ...]) -> str:
    """One of the frames: dealt round a series, else mostly the first, plainest one (a lead-in on every sentence of a
    single paper reads as filler; only a long run of papers needs the others)."""
    if pick.series is None and pick.chance(0.6):
        return frames[0]
    return pick.frame(frames)


def plain_sentence(pick: Picker, f: FactRef) -> str:
    """The fact by label and value as a sentence of its own, in one of several wordings."""
    body = plain(f)
    frame = pick.reword(_worded(pick, _PLAIN))
    if set(re.findall(r"[a-z]{4,}", frame.split("{")[0].lower())) & set(re.findall(r"[a-z]+", body.lower())[:3]):
        frame = "{S}."  # (a lead-in never says the words its sentence opens with: "On the papers, the papers on the
        # denial-rate service level", read 20)
    return frame.format(S=cap_first(body), s=body)


def with_basis(pick: Picker, head: str, how: str) -> str:
    """A sentence giving `head` (a sentence body) and the basis `how` of its figure, in one of several wordings."""
    return _worded(pick, _BASIS).format(head=cap_first(head), how=how)


def gist_sentence(pick: Picker, more: str) -> str:
    """A statement's operative words as a sentence of their own, in one of several wordings."""
    # a proper name or a defined term keeps its capital after a lead-in ('As matters stand, Charterers indemnify
    # Owners ...', not 'charterers'); only a function word is lowered
    first = more.split(" ", 1)[0] if more else ""
    low = lower_first(more) if first in _FUNCTION_WORDS else more
    return _worded(pick, _GIST).format(More=cap_first(more), more=low)


_FUNCTION_WORDS = {"The", "A", "An", "This", "That", "These", "Those", "It", "Its", "Our", "We", "On", "In", "At", "For",
                   "By", "Of", "To", "As", "If", "When", "Where", "Each", "Every", "No", "Any", "All", "There"}


def report_behind(f: FactRef, author_org: str) -> str:
    """Another firm's report that sets a figure out, where the sheet the figure is read from is that firm's own
    working behind it: what a reader outside that firm cites ('Marrick Advisory Pty Ltd's Payroll remediation
    calculation report (final)'), never a line of its workbook; '' where there is none."""
    if not (f.paper and f.paper_by and f.paper_by != author_org and not f.paper_instrument) or \
            re.match(r"(?i)(?:draft\S*\s+)?(?:memo|advice|opinion|note|minutes)\b", f.paper):
        return ""
    if f.source and f.source_by and f.source_by != f.paper_by:
        return ""  # (a sheet of a third firm is its own source)
    return f"{f.paper_by}'s {f.paper}"


def source_phrase(f: FactRef) -> str:
    """Where a reader can check the figure ('the "Liability cap" line of the Cap computation'), or ''."""
    return f.source.strip()


# Ways a paper points at where its figure can be checked, put together from a lead and a tail, so that a room's
# papers do not all close a figure the same way ('Source: the "<x>" line of the <x>.' stood eleven times in the
# hospital audit's papers and in every other room's, issue 17).
_CITE_LEADS = ["[The figure can be checked at|The figure can be traced to|The number can be checked at|The amount can "
               "be read at]", "[It is taken from|It is drawn from|It is read from|It comes straight from]",
               "[Source:|See|Per|Reference:|Ref.:|Basis:|From]"]


def cite_line(pick: Picker, src: str, draw: bool = True) -> str:
    """A sentence that points at where a figure can be checked ('' without a source). With `draw`, the kind of lead
    is the picker's one main draw (as when three fixed wordings were drawn here); its words come from the stream of
    wordings (Picker.reword), so the rest of the paper is as it was."""
    if not src:
        return ""
    lead = pick.one(_CITE_LEADS) if draw else _CITE_LEADS[-1]
    return pick.reword(lead) + f" {pick.cited(src)}."


def stated(pick: Picker, f: FactRef, facts: list[FactRef], cite: bool = True) -> str:
    """The fact in full where this document establishes it, else by label and value with its derivation; its source
    after it. One or two sentences, each ending in a full stop."""
    if identity(f) and not f.establish:
        return f"The matter concerns {label(f)}, {f.text}."
    if f.establish and f.text in f.statement:
        out = cap_first(strip_end(f.statement)) + "."  # the statement itself, without a 'the record shows' lead-in
    elif f.establish and _named_in(f):
        out = _named_in(f)
    elif f.establish:
        out = fact_sentence(pick, f, "document")
    else:
        how = derivation(f, facts)
        out = with_basis(pick, plain(f), how) if how else plain_sentence(pick, f)
        more = gist(f, facts)
        if more and not how:
            out += " " + gist_sentence(pick, more)
    if cite and source_phrase(f):
        out += " " + cite_line(pick, source_phrase(f))
    return out


def _named_in(f: FactRef) -> str:
    """The statement with the fact's value put beside the noun its label ends on ('the closest comparable (Quayside
    Point second floor), the second floor of Quayside Point let in September 2025, shows ...'), or, for a figure whose
    statement words its number another way, the value in brackets after the statement; '' where neither fits. (Never
    'It is recorded that <statement>: Quayside Point second floor.' nor '<statement>; specifically, 1,860 users.',
    read 16.)"""
    s = strip_end(" ".join(f.statement.split()))
    head = (f.label or "").split()[-1:] if f.label else []
    if f.value.type == "text" and head:
        # (the noun after its article, never a verb of the same spelling: 'requires the valuer to disregard (clause
        # 5.4(c)) any effect')
        m = re.search(rf"\b(?:the|a|an|its|their|our)\s+(?:(?!to\b|and\b|of\b)[\w-]+\s+){{0,3}}?{re.escape(head[0])}\b(?!\s+(?:to|the|a|an|any)\b)",
                      s[:80], re.I)
        if m:
            return cap_first(s[:m.end()] + f" ({f.text})" + s[m.end():]) + "."
    if f.value.type in ("number", "money", "percent"):
        number = re.search(r"\d[\d,.]*", f.text)
        if number and number.group(0) in s:
            # (the value's own words already in the statement need no brackets: '3,412 current and former employees
            # were underpaid ... (3,412 employees)', blind read 35)
            said = all(re.search(rf"(?<![\w,.]){re.escape(w)}(?![\w,])", s, re.I) for w in f.text.split())
            return cap_first(s) + ("." if said else f" ({f.text}).")
    return ""


def figures(facts: list[FactRef]) -> list[FactRef]:
    """The amounts, counts and rates among the facts, derived ones first (a computed figure is what a paper turns on)."""
    out = [f for f in facts if f.value.type in ("money", "number", "percent")]
    # the end of a chain first: a derived figure no other one is derived from (the adjusted EBITDA, not its bridge)
    feeds = {f.id for f in out for g in out if g is not f and g.reason and label(f) in g.reason}
    return sorted(out, key=lambda f: (not f.reason, f.id in feeds, facts.index(f)))


def decisions(facts: list[FactRef]) -> list[FactRef]:
    """The facts that record a decision ('reject the tender of defense', 'approved subject to ...')."""
    return [f for f in facts if slot_of(f) in ("text_verb", "text_outcome") or "decision" in f.id]


def main_fact(facts: list[FactRef], title: str = "") -> FactRef | None:
    """The fact a paper turns on: the one its title names (by value, else by label), else a decision, else a derived
    figure, else the first figure, else the first fact that names more than a thing."""
    low = title.lower()
    named = [f for f in facts if f.text.lower() in low and not identity(f)]
    # a thing merely named is the point only where the title is about it ('responsible-party status ...')
    named += [f for f in facts if identity(f) and words_of(label(f)) and
              words_of(label(f).replace("-", " ")) <= words_of(title.replace("-", " "))]
    if not named:
        # else the fact whose label, then statement, shares most words with the title (derived figures first at a tie)
        want = words_of(title)
        scored = [(2 * len(want & words_of(label(f))) + len(want & words_of(f.statement)), bool(f.reason), -i, f)
                  for i, f in enumerate(facts) if not identity(f) and want & words_of(label(f))]
        best = max(scored, key=lambda x: x[:3], default=None)
        named = [best[3]] if best and best[0] >= 3 else []
    return (named or decisions(facts) or figures(facts) or [f for f in facts if not identity(f)] or facts or [None])[0]


_GENRE_WORD = re.compile(r"\s*\b(memo(?:randum)?|minutes|notes?|report|letter|paper|plan|presentation|opinion)\b\s*"
                         r"(\([^)]*\))?\s*", re.I)


# A preposition, and an article, that open what is left of a title once its genre word is gone (English, French,
# Spanish, Portuguese, German, Italian: the languages outlines title papers in).
_PREP_LEAD = re.compile(r"^(?:on|re|about|regarding|concerning|of|for|sur|concernant|relative\s+[àa]|sobre|acerca\s+de|"
                        r"relativ[oa]\s+a|über|zu[rm]?|von|betreffend|su|sul(?:la|lo)?|circa|de|del|du|des)\s+", re.I)
_ARTICLE_LEAD = re.compile(r"(?:the|a|an|le|la|les|l['\u2019]|el|los|las|o|os|as|der|die|das|den|dem|il|lo|gli|un|une|"
                           r"uno|una|ein|eine)\b", re.I)


# A word before a genre word that says what kind of paper it is, not what it is about ('Advice note', 'Coverage memo').
_QUALIFIER = {"advice", "advisory", "coverage", "briefing", "legal", "internal", "file", "research", "opinion",
              "strategy", "position", "status", "update", "client", "draft", "working", "discussion"}


# Whom a paper goes to, before its genre word ('Board paper: X', 'Credit committee paper: X'): the paper is about X, never
# 'the board of X' (labels4's harness of the unseen emoney outline at seed 61: 'asked us to advise on the board of the
# DPC inquiry, the submissions and the exposure').
_AUDIENCE = re.compile(r"(?:the )?(?:board|(?:[a-z]+ )?committee|ic|management|investors?|lenders?|shareholders?|"
                       r"trustees?|council|staff|team|partners?|client)")


def topic(title: str, names: list[str] = ()) -> str:
    """What a paper is about, from its title: 'Memo re breaking the limit: the 33 CFR 164.25 steering-gear test' ->
    'breaking the limit (the 33 CFR 164.25 steering-gear test)'; 'Marine survey report: M/T Aurelian Tide' -> 'the
    marine survey of M/T Aurelian Tide'."""
    proper = {n.split()[0] for n in names if n.split()}
    lower_first = (lambda t: t if t.split() and t.split()[0] in proper else _lower(t))  # noqa: E731
    text = re.sub(r"^(DRAFT|Draft)\b[^:]*:\s*", "", title.strip())
    # ('Advice on settlement: ...' is about settlement: never 'asked us to advise on advice on settlement', read 15)
    # ('Advice to the board on waiver against equity cure' is about the waiver and the cure: never 'asked us to
    # advise on advice to the board on waiver against equity cure', blind read 17)
    # ('Expert report on Larkspur's lost profits' is about the lost profits: never 'this report ... on the expert on
    # Larkspur's lost profits', franchise-encroachment at seed 61; 'Draft audit report on the sediment award' likewise)
    # ('Report to insurer on quantum and settlement strategy' is about quantum and the strategy: never 'this report
    # for Castlegate on the to insurer on quantum', read 25's unseen PI outline)
    text = re.sub(r"^(?:memo(?:randum)?\s+re|summary\s+of|notes?\s+on|"
                  r"(?:[A-Za-z'\u2019-]+\s+){0,3}?(?:report|opinion)\s+(?:to\s+(?:the\s+)?[\w' -]{2,40}?\s+)?on|"
                  r"advice\s+(?:to\s+(?:the\s+)?"
                  r"[\w' -]{2,40}?\s+)?(?:on|re|about))\s+", "", text, flags=re.I)
    head, _, tail = (x.strip() for x in text.partition(":"))
    if _GENRE_WORD.search(head):
        # a paper named 'letter of X' or 'report of X' is the X ('Revised letter of claim' is the revised claim, never
        # 'the revised of claim': read 21's unseen employment outline); a letter of credit or of intent is no letter
        if re.search(r"\bletter\s+of\s+(?:credit|intent)\b", head, re.I):
            head = head[:1].lower() + head[1:]
        elif re.search(r"\b(?:letter|report|paper|notes?)\s+of\s+", head, re.I):
            head = re.sub(r"\s*\b(?:letter|report|paper|notes?)\s+of\s+(?:the\s+)?", " ", head, flags=re.I).strip()
        else:
            # (and the conjunction that joined it to another noun: 'Audit strategy and plan' is the audit strategy,
            # never 'the audit strategy and of Nimbusgate Software FY2025', blind read 36)
            head = re.sub(r"^(?:and|&|or)\s+|\s+(?:and|&|or)$", "", _GENRE_WORD.sub(" ", head).strip(), flags=re.I)
            # ('diminution valuation report, 3rd floor' is the valuation of the 3rd floor: never 'valuation , 3rd')
            head = re.sub(r"\s+,\s*", " of ", head, count=1)
            bare = _PREP_LEAD.sub("", head)
            if bare != head and bare:
                # the genre word was the head noun and the rest its complement, in any language the title is in
                # ('Note sur le projet de fusion' is about the project: never 'advise on the sur le projet', read 30)
                about = bare if _ARTICLE_LEAD.match(bare) else f"the {bare}"
                return lower_first(f"{about} ({tail})" if tail else about)
        if not head or head.lower() in ("engagement", "covering", "cover"):
            return lower_first(tail or title)
        if re.fullmatch(r"[\w-]+['\u2019]s?|to\s.*|(?:the\s)?board", head, re.I):
            # whose paper or whom it is for is not what it is about ("Counsel's opinion: prospects", "Presentation to
            # lenders: the refinancing", "Board presentation")
            return lower_first(tail) if tail else lower_first(title)  # 'Engagement letter: inpatient revenue-cycle review' is about the review
        if (head.lower() in _QUALIFIER or _AUDIENCE.fullmatch(head.lower())) and tail:
            # 'Advice note: merits and value of the claim' is about the merits and value, not 'the advice of merits';
            # 'Coverage memo: the coinsurance penalty' not 'the coverage of the coinsurance penalty'
            about = lower_first(tail)
            return about if re.match(r"(the|a|an|our|its|their|whether|how|what|who|when)\b|[A-Z0-9]", about) \
                else f"the {about}"
        head = head[:1].lower() + head[1:] if " " not in head and head[1:].islower() else lower_first(head)
        return f"the {head} of {tail}" if tail else f"the {head}"
    if tail and _GENRE_WORD.search(tail):
        return lower_first(head)  # 'Management presentation: meeting notes (...)' is about the presentation
    if not tail:
        return _noun_phrase(lower_first(head))
    return lower_first(f"{head} ({tail})" if tail else head)


def _noun_phrase(about: str) -> str:
    """A bare English title as the subject of a sentence: 'time impact analysis summary' -> 'the time impact analysis'
    (blind read 35: 'prepared this report ... on time impact analysis summary', a title slotted in as a topic)."""
    # a summary of X is about X; a gerund, a clause, a name or a phrase with its own article stays as it is
    bare = re.sub(r"(?<=\w)\s+summary$", "", about, flags=re.I)
    if (not bare.isascii() or not re.match(r"[a-z]", bare) or _ARTICLE_LEAD.match(bare)
            or re.match(r"[a-z]+ing\s+(?:the|a|an|our|its|their|his|her)\b|(?:whether|how|what|who|when|why|our|its|"
                        r"their|this|these|each|all|before|after|against|under|about|for|on|re)\b", bare)
            or re.search(r"\b(?:sur|de|du|des|la|le|les|zur|zum|der|die|das|von|f[uü]r|del|della|sobre|para|per)\b", bare)):
        return bare
    return f"the {bare}"


# The months as titles in the outlines' other languages write them, accented or not: a French title names its meeting
# 'du 15 septembre 2026' (blind read 30: the minutes 'du 15 septembre', dated 17 September, spoke of 'the meeting on
# 17 September', the day they were written up).
_LOCAL_MONTHS = {
    1: "janvier|enero|janeiro|gennaio|januar|januari", 2: "f[ée]vrier|febrero|fevereiro|febbraio|februar|februari",
    3: "mars|marzo|mar[çc]o|m[äa]rz|maerz|maart", 4: "avril|abril|aprile|april", 5: "mai|mayo|maio|maggio|mei",
    6: "juin|junio|junho|giugno|juni", 7: "juillet|julio|julho|luglio|juli", 8: "ao[ûu]t|agosto|augustus",
    9: "septembre|septiembre|setiembre|setembro|settembre", 10: "octobre|octubre|outubro|ottobre|oktober",
    11: "novembre|noviembre|novembro", 12: "d[ée]cembre|diciembre|dezembro|dicembre|dezember",
}
_ANY_MONTH = _MONTHS + "|" + "|".join(_LOCAL_MONTHS.values())


def _month_number(name: str) -> int | None:
    """The month a name in English or one of _LOCAL_MONTHS' languages names; None if none."""
    for number, names in _LOCAL_MONTHS.items():
        if re.fullmatch(names, name, re.I):
            return number
    try:
        return dt.datetime.strptime(name, "%B").month
    except ValueError:
        return None


def meeting_day(ctx: ArtifactContext) -> dt.date:
    """The day a meeting was held: the date its title names ('kick-off, February 26', 'réunion du 15 septembre'), else
    the document's date."""
    day = ctx.spec.date  # type: ignore[union-attr]
    m = re.search(rf"\b({_ANY_MONTH})\s+(\d{{1,2}})\b|\b(\d{{1,2}})(?:er|\.)?\s+(?:de\s+)?({_ANY_MONTH})\b",
                  ctx.spec.title, re.I)
    if m:
        month = _month_number(m.group(1) or m.group(4))
        number = int(m.group(2) or m.group(3))
        try:
            held = dt.date(day.year, month or 0, number)
        except ValueError:
            return day
        if held <= day and (day - held).days < 14:
            return held
    return day


def rank(p: PersonRef) -> int:
    return _RANK.get(p.seniority, 1)


def speaker(pick: Picker, ctx: ArtifactContext, f: FactRef, present: list[PersonRef]) -> PersonRef:
    """Who raised the fact at a meeting: someone of the organisation its statement names, else for a decision the most
    senior person of the principal present, for a computed figure someone of the house that computed it, else anyone."""
    for p in present:
        first = p.organisation.split()[0]
        if len(first) > 3 and re.search(rf"\b{re.escape(first)}\b", f.statement):
            return p
    if f in decisions(ctx.facts):
        client = client_of(ctx) or principal(ctx, ctx.author.organisation)
        theirs = [p for p in present if p.organisation == client]
        if theirs:
            return max(theirs, key=rank)
    owners = [p for p in present if p.organisation in (f.paper_by, f.source_by) and (f.paper_by or f.source_by)]
    if owners and not f.reason:
        # a figure or date is put by the side whose paper or sheet sets it out, never by whoever comes first (blind
        # read 35, us 16: the owner's vice president 'reported that the contract substantial completion date was
        # December 5, 2025' in the contractor's minutes, from the contract the contractor sent round)
        return max(owners, key=rank)
    if f.reason or f.source:
        # a computed figure is explained by the adviser who worked it, else by the author's house
        advisers = [p for p in present if next((o for o in ctx.organisations if o.name == p.organisation and o.acts_for),
                                               None)]
        if advisers:
            return max(advisers, key=rank)
        house = [p for p in present if p.organisation == ctx.author.organisation]
        if house:
            return pick.one(house)
    return pick.one(present)


def present(ctx: ArtifactContext) -> list[PersonRef]:
    """The people at a meeting, the author first."""
    out: list[PersonRef] = []
    for p in [ctx.author, *ctx.to]:
        if p.id not in {q.id for q in out}:
            out.append(p)
    return out


def chair(ctx: ArtifactContext) -> PersonRef:
    """Who chairs: the most senior person present (the note-taker too, when no one outranks them), a client's over an
    adviser's at a tie."""
    from worldsmith.generators.compose.substance.sittings import board_chair, council_chair, public_record, sitting

    if sitting(ctx.spec.title) == "council" and council_chair(ctx) is not None:
        # the employer presides a works council, never a union delegate first in the list (read 30)
        return council_chair(ctx)
    officers = [p for p in present(ctx) if p.organisation == ctx.author.organisation]
    if public_record(ctx) and officers:
        return max(officers, key=rank)  # a public body's own meeting is held before its officer (read 30)
    if sitting(ctx.spec.title) == "board":
        # a company's board is chaired by its chair, never by whoever called the meeting or outranks the room: its
        # chief executive, finance director or secretary, or counsel (blind read 33, a Danish A/S; emoney's 'Minutes
        # of the board of Corrane Pay DAC', its CEO 'in the chair')
        company = _board_company(ctx)
        if company:
            return board_chair(ctx, company)
    called = re.search(r"; (?P<who>[^;]+?) called it and took the chair$", getattr(ctx.spec, "purpose", "") or "")
    named = [p for p in present(ctx) if called and p.name == called.group("who")]
    if named:
        # the one who called the meeting chairs it, as its invitation marks (read 21: kick-off minutes 'chaired by' the
        # client's committee chair where the invitation's chair was the engagement partner)
        return named[0]
    client = client_of(ctx)
    # the side that keeps the minutes chairs them: opposing counsel never chairs, nor approves, our minutes of a call
    # with her (read 18: 'Castellan's counsel "chaired" our call and is to "approve" our minutes')
    from worldsmith.generators.compose.parties import home

    mine = home(ctx, ctx.author.organisation)
    ours = [p for p in present(ctx) if home(ctx, p.organisation) == mine] or present(ctx)
    if len(ours) < len(present(ctx)):
        # with the other side at the table the house that convened the meeting and keeps its minutes chairs it, not
        # its client (read 18: 'The client chairs a joint meeting with the insurer')
        ours = [p for p in ours if p.organisation == ctx.author.organisation] or ours
    return max(ours, key=lambda p: (rank(p), p.organisation == client, p.id != ctx.author.id))


def _board_company(ctx: ArtifactContext) -> str:
    """The company whose board sits: the organisation the title names, else the one of those present that advises no
    one (the author's first); '' where none."""
    named = [o.name for o in ctx.organisations if o.name and o.name.lower() in ctx.spec.title.lower()]
    if named:
        return max(named, key=len)
    for p in present(ctx):
        o = next((o for o in ctx.organisations if o.name == p.organisation), None)
        if o is not None and not o.acts_for:
            return o.name
    return ""


_LIMB_OF = re.compile(r"^the (?:lesser|greater) of (?P<a>.+) and (?P<b>the [^,]+?)$")


def outcome(f: FactRef | None, facts: list[FactRef]) -> FactRef | None:
    """The figure a limb of a lesser-of or greater-of decides (the damages payable for the damages accrued, which
    the cap may cut), followed to the end; `f` itself where it is no such limb."""
    bare = lambda t: re.sub(r"^the ", "", t.strip().lower())  # noqa: E731
    seen: set[str] = set()
    while f is not None and f.id not in seen:
        seen.add(f.id)
        nxt = next((g for g in facts if g is not f and (m := _LIMB_OF.match(g.reason.strip())) and
                    bare(label(f)) in (bare(m.group("a")), bare(m.group("b")))), None)
        if nxt is None:
            return f
        f = nxt
    return f


def points_of(ctx: ArtifactContext) -> list[FactRef]:
    """The facts a memo turns on, the one its title names first (or what it decides, where it is a limb of a cap);
    things merely named come last."""
    # a memo whose title names the damages accrued turns on what is payable once the cap is applied (read 19: 'The
    # Recommendation adopts the accrued 1,360,000 against its own short answer of 1,230,000')
    main = outcome(main_fact(ctx.facts, ctx.spec.title), ctx.facts)
    rest = [f for f in decisions(ctx.facts) + figures(ctx.facts) + ctx.facts if f is not main and not identity(f)]
    if main is not None and identity(main) and not rest:
        return [main]
    out: list[FactRef] = []
    for f in ([main] if main is not None else []) + rest:
        if all(f is not g for g in out):
            out.append(f)
    return out


def asker(ctx: ArtifactContext) -> PersonRef | None:
    """Who the paper answers: a reader of the client the author acts for, else the first reader on the author's
    side; None when every reader sits across the table (nobody across is asked to decide the author's position)."""
    from worldsmith.generators.compose.parties import own_reader
    return own_reader(ctx)


def names(ctx: ArtifactContext) -> list[str]:
    """The proper names of the matter (organisations, named things), whose first words never lose their capital."""
    return [o.name for o in ctx.organisations] + [f.text for f in ctx.facts if identity(f)]


def merge_short(paras: list[str]) -> list[str]:
    """Single-sentence paragraphs joined in pairs, so a paragraph reads as two to five sentences."""
    out: list[str] = []
    for p in paras:
        if out and len(re.findall(r"[.!?](\s|$)", out[-1])) < 2:
            out[-1] += " " + p
        else:
            out.append(p)
    if len(out) > 1 and len(re.findall(r"[.!?](\s|$)", out[-1])) < 2:
        last = out.pop()
        out[-1] += " " + last
    return out


_LONG_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def said_once(out: dict[int, list[str]], kinds: list[str]) -> dict[int, list[str]]:
    """Section bodies (by index) where a section of a kind already written above (kinds[i] repeats) drops each
    paragraph with a sentence of eight words or more written above; a section left with none is left out (the frames
    of its kind write it, facts placed there as in any section).

    More sections than a genre lists are padded with its kinds again (a twelve-section minutes has three 'background'
    sections), and a writer run again wrote the same matters-arising paragraph three times in each of a series' notes:
    one sentence then stood in 5 of 8 weekly notes (realism_boilerplate, fuzz seed 23 mutant 1977)."""
    seen: set[str] = set()
    kept: dict[int, list[str]] = {}
    for i in sorted(out):
        again = kinds[i] in kinds[:i] if i < len(kinds) else False
        paras = []
        for p in out[i]:
            long = {s.strip() for s in _LONG_SENTENCE.split(p) if len(s.split()) >= 8}
            if again and long & seen:
                continue
            seen |= long
            paras.append(p)
        if paras:
            kept[i] = paras
    return kept


def as_told(pick: Picker, f: FactRef, facts: list[FactRef], client: str = "") -> str:
    """A fact as a letter across the table puts it: by label and value, with its derivation or the operative words of
    its statement, never the statement whole (which says whose assessment it is)."""
    how, more = derivation(f, facts), gist(f, facts)
    if slot_of(f) == "text_verb":
        return f"{'Our client has' if client else 'We have'} decided to {f.text}."
    else:
        out = plain(f)
    if how:
        return with_basis(pick, out, how)
    elif more and f.text not in more:
        # (a defined term keeps its capital: "Clause 41.3: Charterers indemnify Owners ...")
        out += ": " + (lower_first(more) if more.split()[0] in ("The", "A", "An") else more)
    elif more:
        return gist_sentence(pick, more)
    return cap_first(out) + "."


CLAUSE = re.compile(r"\b[Cc]lause\s+(?P<n>\d+(?:\.\d+)*)(?:\s+\((?P<name>[^)]+)\))?")


def cited_clause(facts: list[FactRef]) -> tuple[str, str, list[FactRef]] | None:
    """(number, name, facts) of the clause the facts cite ('41.3', 'Oil Pollution', [the clause, its cap]); None when
    no fact cites a clause."""
    for f in facts:
        m = CLAUSE.search(f.text) or CLAUSE.search(f.statement)
        if m:
            number = m.group("n")
            # its name where any statement gives one ('Clause 41.3 (Oil Pollution)')
            m = next((x for g in facts for x in CLAUSE.finditer(g.statement) if x.group("n") == number and x.group("name")),
                     m)
            citing = [g for g in facts if re.search(rf"\b[Cc]lause\s+{re.escape(number)}\b", g.text + " " + g.statement)]
            return number, (m.group("name") or "").strip(), citing
    return None


_POINTER = re.compile(r"\s*(?:The figure can be checked at|The figure can be traced to|The number can be checked at|"
                      r"The number can be traced to|The amount can be read at)\b[^.]*(?:\.(?=\S)[^.]*)*\.")


def pointed_once(out: dict[int, list[str]]) -> dict[int, list[str]]:
    """A paper's sections with one 'The figure can be checked at ...' sentence at most: the first stays, the others
    go (a fresh business-interruption outline's memo closed each of its four figures so, restating instead of arguing;
    an investment committee memo three times)."""
    seen = False
    res: dict[int, list[str]] = {}
    for i in sorted(out):
        paras = []
        for p in out[i]:
            def keep(m: re.Match) -> str:
                nonlocal seen
                if seen:
                    return ""
                seen = True
                return m.group(0)
            q = _POINTER.sub(keep, p).strip()
            if q:
                paras.append(q)
        res[i] = paras
    return res

"""Section bodies with substance, per genre: written from the ledger's facts (value, statement, how a figure is
derived and where it can be read), the item's title and the sides of the plan, where the stock frames of genres.py
only name labels. A memo states its question, short answer, analysis and recommendation over the facts; minutes
record who said what and what was decided. A section this module has nothing for falls back to the frames."""

from __future__ import annotations

import datetime as dt
import re

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.genres import _short_date
from worldsmith.generators.compose.facts import agree, fact_sentence, slot_of
from worldsmith.generators.compose.parties import client_of, home, opponent, principal
from worldsmith.generators.compose.text import cap_first, join_names, long_date, lower_first, strip_end
from worldsmith.generators.compose.text import lower_first as _lower
from worldsmith.generators.context import ArtifactContext, FactRef, PersonRef

_RANK = {"executive": 3, "senior": 2, "mid": 1, "junior": 0}
# Words a title opens with that name the genre, not the subject ("Memo re ...", "Comparison memo: ...").
_GENRE_HEAD = re.compile(r"^(?:draft[^:]*:\s*)?(?:[\w -]*?\b(?:memo(?:randum)?|minutes|notes?|report|letter|"
                         r"summary|paper)\b\s*(?:re\b|on\b|:)?\s*)", re.I)
_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"


# -- the facts as a professional writes them ---------------------------------------------------------------------

def label(f: FactRef) -> str:
    """The fact's label as it reads mid-sentence ('the OPA 90 liability cap'), or its statement where it has none."""
    name = f.label or lower_first(strip_end(f.statement))
    return name


def plain(f: FactRef) -> str:
    """A sentence body (no full stop) naming the fact by its label and giving its value in a slot its value fits:
    'the tender decision was to reject the tender of defense', 'the answer deadline is May 1, 2026'."""
    name, slot = label(f), slot_of(f)
    if slot == "date_past":
        out = f"{name} was {f.text}"
    elif slot == "text_verb":
        out = f"{name} was to {f.text}"
    elif slot == "text_outcome":
        out = f"{name}: {f.text}"
    else:
        out = f"{name} is {f.text}"
    return agree(out, [name])


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
    for part in re.split(r"(?<=[a-z)]):\s+|;\s+", whole):
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


_STOP = {"the", "a", "an", "of", "and", "or", "to", "on", "in", "for", "by", "at", "re", "memo", "with", "its", "is"}


def _words(text: str) -> set[str]:
    return {re.sub(r"'s$", "", w) for w in re.findall(r"[a-z0-9][a-z0-9.'-]*[a-z0-9]", text.lower())} - _STOP


def identity(f: FactRef) -> bool:
    """A fact that only names a thing of the matter (the vessel, the target): context, never the point of a paper."""
    return f.value.type == "text" and f.text[:1].isupper() and len(f.text.split()) <= 4 and not re.search(r"\d", f.text)


def derivation(f: FactRef, facts: list[FactRef]) -> str:
    """How the figure follows from others, with each input's value where the document carries it ('the greater of the
    OPA 90 per-ton limit of USD 2,500 times the gross tonnage of 62,480 GT and ...'); '' when it has no formula."""
    reason = f.reason
    if not reason:
        return ""
    for g in sorted(facts, key=lambda g: -len(label(g))):
        name = label(g)
        if g.id != f.id and name and name in reason and g.value.type in ("money", "number", "percent"):
            reason = reason.replace(name, f"{name} of {g.text}", 1)
    return reason


def source_phrase(f: FactRef) -> str:
    """Where a reader can check the figure ('the "Liability cap" line of the Cap computation'), or ''."""
    return f.source.strip()


def stated(pick: Picker, f: FactRef, facts: list[FactRef], cite: bool = True) -> str:
    """The fact in full where this document establishes it, else by label and value with its derivation; its source
    after it. One or two sentences, each ending in a full stop."""
    if identity(f) and not f.establish:
        return f"The matter concerns {label(f)}, {f.text}."
    if f.establish and f.text in f.statement:
        out = cap_first(strip_end(f.statement)) + "."  # the statement itself, without a 'the record shows' lead-in
    elif f.establish:
        out = fact_sentence(pick, f, "document")
    else:
        out = cap_first(plain(f))
        how = derivation(f, facts)
        out += f", being {how}." if how else "."
        more = gist(f, facts)
        if more and not how:
            out += f" {cap_first(more)}."
    if cite and source_phrase(f):
        out += " " + pick.one([f"The figure can be checked at {source_phrase(f)}.",
                               f"It is taken from {source_phrase(f)}.", f"Source: {source_phrase(f)}."])
    return out


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
    named += [f for f in facts if identity(f) and _words(label(f)) and
              _words(label(f).replace("-", " ")) <= _words(title.replace("-", " "))]
    if not named:
        # else the fact whose label, then statement, shares most words with the title (derived figures first at a tie)
        want = _words(title)
        scored = [(2 * len(want & _words(label(f))) + len(want & _words(f.statement)), bool(f.reason), -i, f)
                  for i, f in enumerate(facts) if not identity(f) and want & _words(label(f))]
        best = max(scored, key=lambda x: x[:3], default=None)
        named = [best[3]] if best and best[0] >= 3 else []
    return (named or decisions(facts) or figures(facts) or [f for f in facts if not identity(f)] or facts or [None])[0]


_GENRE_WORD = re.compile(r"\s*\b(memo(?:randum)?|minutes|notes?|report|letter|paper|plan)\b\s*(\([^)]*\))?\s*", re.I)


def topic(title: str, names: list[str] = ()) -> str:
    """What a paper is about, from its title: 'Memo re breaking the limit: the 33 CFR 164.25 steering-gear test' ->
    'breaking the limit (the 33 CFR 164.25 steering-gear test)'; 'Marine survey report: M/T Aurelian Tide' -> 'the
    marine survey of M/T Aurelian Tide'."""
    proper = {n.split()[0] for n in names if n.split()}
    lower_first = (lambda t: t if t.split() and t.split()[0] in proper else _lower(t))  # noqa: E731
    text = re.sub(r"^(DRAFT|Draft)\b[^:]*:\s*", "", title.strip())
    text = re.sub(r"^(?:memo(?:randum)?\s+re|summary\s+of|notes?\s+on|report\s+on)\s+", "", text, flags=re.I)
    head, _, tail = (x.strip() for x in text.partition(":"))
    if _GENRE_WORD.search(head):
        head = _GENRE_WORD.sub(" ", head).strip()
        if not head or head.lower() in ("engagement", "covering", "cover"):
            return lower_first(tail or title)  # 'Engagement letter: inpatient revenue-cycle review' is about the review
        head = head[:1].lower() + head[1:] if " " not in head and head[1:].islower() else lower_first(head)
        return f"the {head} of {tail}" if tail else f"the {head}"
    if tail and _GENRE_WORD.search(tail):
        return lower_first(head)  # 'Management presentation: meeting notes (...)' is about the presentation
    return lower_first(f"{head} ({tail})" if tail else head)


def meeting_day(ctx: ArtifactContext) -> dt.date:
    """The day a meeting was held: the date its title names ('kick-off, February 26'), else the document's date."""
    day = ctx.spec.date  # type: ignore[union-attr]
    m = re.search(rf"\b({_MONTHS})\s+(\d{{1,2}})\b|\b(\d{{1,2}})\s+({_MONTHS})\b", ctx.spec.title)
    if m:
        month = m.group(1) or m.group(4)
        number = int(m.group(2) or m.group(3))
        try:
            held = dt.datetime.strptime(f"{month} {number} {day.year}", "%B %d %Y").date()
        except ValueError:
            return day
        if held <= day and (day - held).days < 14:
            return held
    return day


def rank(p: PersonRef) -> int:
    return _RANK.get(p.seniority, 1)


# -- who speaks for what ------------------------------------------------------------------------------------------

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
    client = client_of(ctx)
    return max(present(ctx), key=lambda p: (rank(p), p.organisation == client, p.id != ctx.author.id))


# -- memo ---------------------------------------------------------------------------------------------------------

def _asks(f: FactRef) -> str:
    """What a question presented asks about one fact."""
    name = label(f)
    if f.value.type in ("money", "number", "percent"):
        return f"what {name} comes to and how it is computed" if f.reason else f"what {name} is on the record"
    if f.value.type == "date":
        return f"when {name} falls and what must be done before it" if not f.past else f"what follows from {name}"
    if f in decisions([f]):
        return f"what is to be decided on {name}"
    if identity(f):
        who = "who" if re.search(r"\b(Ltd|Inc|LLP|LLC|Corporation|Limited|plc|Industries|Association)\b\.?", f.text) \
            else "what"
        return f"{who} {name} is, and what follows from it"
    return f"whether {name} holds on the documents"


def _points(ctx: ArtifactContext) -> list[FactRef]:
    """The facts a memo turns on, the one its title names first; things merely named come last."""
    main = main_fact(ctx.facts, ctx.spec.title)
    rest = [f for f in decisions(ctx.facts) + figures(ctx.facts) + ctx.facts if f is not main and not identity(f)]
    if main is not None and identity(main) and not rest:
        return [main]
    out: list[FactRef] = []
    for f in ([main] if main is not None else []) + rest:
        if all(f is not g for g in out):
            out.append(f)
    return out


def asker(ctx: ArtifactContext) -> PersonRef | None:
    """Who the paper answers: a reader of the client the author acts for, else the first reader."""
    client = client_of(ctx)
    return next((p for p in ctx.to if client and p.organisation == client), ctx.to[0] if ctx.to else None)


def names(ctx: ArtifactContext) -> list[str]:
    """The proper names of the matter (organisations, named things), whose first words never lose their capital."""
    return [o.name for o in ctx.organisations] + [f.text for f in ctx.facts if identity(f)]


def memo_question(pick: Picker, ctx: ArtifactContext, day: str) -> list[str]:
    """The question presented: who asked, about what, and the points it breaks into, from the title and the facts."""
    reader = asker(ctx)
    client = client_of(ctx)
    about = topic(ctx.spec.title, names(ctx))
    if reader is not None and reader.organisation != ctx.author.organisation:
        who = f"{reader.name} asked us"
    elif reader is not None:
        who = f"{reader.first_name} asked me"
    else:
        who = "We were asked"
    for_whom = f", for {client}," if client and (reader is None or reader.organisation != client) else ""
    ps = _points(ctx)
    points = list(dict.fromkeys(agree(_asks(f), [label(f)]) for f in ps if f is ps[0] or not identity(f)))[:3]
    first = f"{who} to advise{for_whom} on {about}."
    second = (f"The questions are {join_names(points)}." if len(points) > 1 else
              f"The question is {points[0]}." if points else "")
    return [" ".join(x for x in [first, second, f"This memorandum answers them on the documents on file at {day}."] if x)]


def memo_answer(pick: Picker, ctx: ArtifactContext) -> list[str]:
    """The short answer: the fact the memo turns on, the substance behind it or how it is computed, and the next
    point it affects."""
    points = _points(ctx)
    if not points:
        return []
    main = points[0]
    out = [pick.one(["In short: ", "Short answer: ", "Briefly: "]) + plain(main) + "."]
    how, more = derivation(main, ctx.facts), gist(main, ctx.facts)
    if how:
        out.append(f"That figure is {how}.")
    elif more:
        out.append(cap_first(more) + ".")
    if len(points) > 1:
        nxt = points[1]
        out.append(cap_first(plain(nxt)) + pick.one([", and nothing we hold displaces it.",
                                                     ", which the documents on file support.",
                                                     "; the documents on file bear that out."]))
    return [" ".join(out)]


def memo_analysis(pick: Picker, ctx: ArtifactContext, told_elsewhere: bool = False) -> list[str]:
    """The analysis: each figure stated with how it is derived and where it can be checked, then what ties them; the
    other facts in full unless a background section states them (then by label and value)."""
    paras = []
    numbers = figures(ctx.facts)
    ps = _points(ctx)
    order = [f for f in ps if f in numbers] + [f for f in ps if f not in numbers] + \
        [f for f in ctx.facts if identity(f) and all(f is not g for g in ps)]
    for f in order:
        if identity(f) and told_elsewhere:
            continue
        if f in numbers or not told_elsewhere:
            paras.append(stated(pick, f, ctx.facts))
        else:
            paras.append(cap_first(plain(f)) + pick.one([", as set out above.", ", as the background records.",
                                                          "; that is not in dispute on the papers."]))
    derived = [f for f in order if f.reason]
    for f in derived[:1]:
        inputs = [g for g in ctx.facts if g is not f and label(g) in f.reason]
        if inputs:
            paras.append(f"{cap_first(label(f))} moves only if one of its inputs does: "
                         f"{join_names([label(g) for g in inputs])}. A challenge to the figure must therefore go to "
                         f"{'one of those inputs' if len(inputs) > 1 else 'that input'}, not to the arithmetic.")
    return _merge(paras)


def memo_background(pick: Picker, ctx: ArtifactContext) -> list[str]:
    """The relevant facts in the order they happened: the named things in one sentence, then dated facts and the
    others, each with its source."""
    things = [f for f in ctx.facts if identity(f)]
    order = [f for f in ctx.facts if f.value.type in ("date", "text") and not identity(f)] or \
        [f for f in ctx.facts if not identity(f)]
    head = ["The matter concerns " + join_names([f"{label(f)}, {f.text}" for f in things]) + "."] if things else []
    return _merge(head + [stated(pick, f, ctx.facts) for f in order])


def memo_next_steps(pick: Picker, ctx: ArtifactContext, due: str) -> list[str]:
    """What happens next: instructions, the working kept current, the dates diarised, the step towards the other side."""
    reader = asker(ctx)
    other = opponent(ctx)
    rows = []
    if reader is not None and reader.organisation != ctx.author.organisation:
        rows.append(f"{reader.first_name} to confirm instructions by {due}.")
    sheets = list(dict.fromkeys(m.group("sheet") for f in ctx.facts
                                for m in [re.match(r'^the "[^"]+" line of the (?P<sheet>.+)$', source_phrase(f))] if m))
    if sheets:
        rows.append(f"{ctx.author.first_name} will keep the {sheets[0]} current and report any change in its figures.")
    ahead = [f for f in ctx.facts if f.value.type == "date" and not f.past]
    if ahead:
        rows.append(f"{cap_first(label(ahead[0]))} ({ahead[0].text}) is diarised, with the steps that lead up to it.")
    if other:
        rows.append(f"Once instructions are received, {ctx.author.organisation} will put the position to {other} in "
                    f"writing.")
    return [" ".join(rows)] if len(rows) > 1 else []


def memo_sources(ctx: ArtifactContext) -> list[str]:
    """The papers the memo relies on: each figure's sheet and line, the others from the file."""
    sheets: dict[str, list[str]] = {}
    for f in ctx.facts:
        m = re.match(r'^the "(?P<line>[^"]+)" line of the (?P<sheet>.+)$', source_phrase(f))
        if m:
            sheets.setdefault(m.group("sheet"), []).append(f'"{m.group("line")}"')
        elif source_phrase(f):
            sheets.setdefault(source_phrase(f), [])
    if not sheets:
        return []
    cited = [f"the {sheet}" + (f" (lines {join_names(lines)})" if len(lines) > 1 else f" (line {lines[0]})" if lines else "")
             for sheet, lines in sheets.items()]
    plain_ones = [label(f) for f in ctx.facts if not source_phrase(f) and not identity(f)]
    rest = f" The other points ({join_names(plain_ones)}) are taken from the correspondence on file." if plain_ones else ""
    return [f"The figures in this memorandum are taken from {join_names(cited)}, as they stood on "
            f"{long_date(ctx.spec.date, ctx.locale)}.{rest}"]


def memo_options(pick: Picker, ctx: ArtifactContext, due: str) -> list[str]:
    """The courses open on the point the memo turns on: act on it, hold it until the next point is settled, or
    contest what it rests on."""
    points = _points(ctx)
    if not points:
        return []
    main, other = points[0], opponent(ctx) or "the other side"
    nxt = points[1] if len(points) > 1 else None
    act = f"to {main.text}" if slot_of(main) == "text_verb" else f"on the footing that {plain(main)}"
    out = [f"Option A: proceed now {act}, and say so to {other} in writing."]
    if nxt is not None:
        out.append(f"Option B: hold the position on {label(main)} until {label(nxt)} is settled, reserving rights "
                   f"meanwhile.")
    inputs = [g for g in ctx.facts if g is not main and main.reason and label(g) in main.reason]
    if inputs:
        out.append(f"Option C: contest {label(inputs[0])}, the input {label(main)} turns on, before anything is "
                   f"conceded.")
    else:
        out.append(f"Option {'C' if nxt is not None else 'B'}: ask {other} to confirm its position on "
                   f"{label(main)} in writing by {due}.")
    lead = pick.one(["The courses open are these.", "Three courses are realistically open.",
                     "The options, as matters stand, are these."]) if len(out) > 2 else "Two courses are open."
    why = pick.one([f"Each is weighed against what {other} can do in reply.",
                    f"Each turns on {label(main)}, and none is free of risk."])
    return [f"{lead} {why}"] + out


def memo_recommendation(pick: Picker, ctx: ArtifactContext, due: str, options: bool = False) -> list[str]:
    """A recommendation from the facts when the purpose names none: the decision to take, else to proceed on the
    figure the memo turns on, with who confirms by when."""
    client = client_of(ctx) or principal(ctx, ctx.author.organisation)
    points = _points(ctx)
    if not points:
        return []
    main = points[0]
    reader = asker(ctx) or ctx.author
    if identity(main) and main.value.type == "text" and not _words(label(main)) <= _words(ctx.spec.title.replace("-", " ")):
        return [f"We have no recommendation beyond the points above. We will revisit them if the record changes "
                f"before {due}."]
    if slot_of(main) == "text_verb":
        course = f"We recommend that {client} {main.text}."
    else:
        course = f"We recommend that {client} proceed on the basis that {plain(main)}."
    if options:
        course = "We recommend Option A. " + course.replace("We recommend that", "That is, that", 1)
    # the client gives instructions; a colleague's view is sought before the client is asked
    if reader.id == ctx.author.id:
        check = ""
    elif reader.organisation == ctx.author.organisation:
        check = f" Subject to {reader.first_name}'s views, the client's instructions should be sought by {due}."
    else:
        check = f" {reader.first_name} should confirm instructions by {due}."
    other = opponent(ctx)
    hold = f" Nothing should be put to {other} on this before then." if other else ""
    return [course + check + hold]


def _merge(paras: list[str]) -> list[str]:
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


# -- minutes ------------------------------------------------------------------------------------------------------

def minutes_discussion(pick: Picker, ctx: ArtifactContext, facts: list[FactRef], day: str) -> list[str]:
    """Who said what: each fact put by the person whose side it comes from, a computed figure questioned and
    explained."""
    people = present(ctx)
    paras = []
    things = [f for f in facts if identity(f)]
    for f in facts:
        if f in decisions(ctx.facts) or identity(f):
            continue
        who = speaker(pick, ctx, f, people)
        said = pick.one(["reported that", "confirmed that", "noted that", "told the meeting that"])
        s = f"{who.name} {said} {plain(f)}"
        src = source_phrase(f)
        s += f", as shown at {src}." if src else "."
        how, more = derivation(f, ctx.facts), gist(f, ctx.facts)
        others = [p for p in people if p.id != who.id] or people
        if how:
            asker = pick.one(others)
            s += f" {asker.first_name} asked how it was arrived at; {who.first_name} explained that it is {how}."
        elif more:
            s += f" {who.first_name} added that {lower_first(more)}."
        paras.append(s)
    if things:
        paras.insert(0, f"Background to the meeting of {day}: " + join_names([plain(f) for f in things]) + ".")
    if paras and not things:
        paras[0] = pick.one([f"At the meeting on {day}, ", f"On {day}, "]) + paras[0]
    return _merge(paras)


def minutes_decisions(pick: Picker, ctx: ArtifactContext, day: str, due: str) -> list[str]:
    """What the meeting decided: a decision of the ledger recorded by whoever took it, then what the meeting agreed to
    work to, and the minutes' own confirmation."""
    people = present(ctx)
    out = []
    for f in decisions(ctx.facts):
        client = client_of(ctx) or principal(ctx, ctx.author.organisation)
        who = speaker(pick, ctx, f, people)
        if slot_of(f) == "text_verb":
            out.append(f"{who.name} confirmed {client}'s decision to {f.text}.")
        else:
            out.append(f"Decision recorded on {day}: {f.text}.")
    frames = [f"Agreed on {day} to {{verb}} {{label}} of {{text}} until the next meeting.",
              "The meeting agreed to {verb} {label} of {text} in everything sent out this week.",
              "Resolved to {verb} {label} of {text}; any change comes back to this meeting."]
    for f in [g for g in ctx.facts if g.value.type in ("money", "number", "percent") or
              g.value.type == "date" and not g.past][:2]:
        verb = "work to" if f.value.type == "date" else "use"
        frame = pick.one(frames)
        frames.remove(frame)
        out.append(frame.format(verb=verb, label=label(f), text=f.text))
    taker, ch = ctx.author, chair(ctx)
    if ch.id == taker.id:
        out.append(f"{taker.first_name} to circulate these minutes for comment by {due}.")
    else:
        out.append(f"{taker.first_name} to circulate these minutes; {ch.first_name} to confirm them by {due}.")
    return _merge(out)


def minutes_matters(pick: Picker, ctx: ArtifactContext, day: str) -> list[str]:
    """Matters arising: the actions of the last meeting and where they stand."""
    people = present(ctx)
    owner = pick.one(people)
    dated = [f for f in ctx.facts if f.value.type == "date"]
    done = f" {owner.first_name} confirmed that {plain(dated[0])}." if dated else ""
    return [f"The actions from the previous meeting were reviewed on {day}; none was overdue.{done}"
            + ("" if done else f" {owner.first_name} had nothing further to report.")]


def minutes_actions(pick: Picker, ctx: ArtifactContext, base: dt.date) -> list[list[str]]:
    """Action rows (action, owner, due) from the facts: a figure reconciled to its source, a date diarised, the papers
    behind a named point filed; owners from the house that does that work."""
    from worldsmith.generators.compose.voice import next_workday

    people = present(ctx)
    house = [p for p in people if p.organisation == ctx.author.organisation] or people
    juniors = sorted(house, key=rank)
    rows: list[list[str]] = []
    for f in ctx.facts:
        if f.value.type in ("money", "number", "percent"):
            src = source_phrase(f)
            action = f"Reconcile {label(f)} ({f.text}) to {src}" if src else \
                f"Set out the working for {label(f)} ({f.text}) on one page"
            owner = juniors[0]
        elif f.value.type == "date":
            action = f"Diary {label(f)} ({f.text}) and the steps that lead up to it"
            owner = ctx.author
        elif f in decisions(ctx.facts):
            action = f"Record {label(f)} in a note to the file" if "decision" in label(f).lower() else \
                f"Record the decision on {label(f)} in a note to the file"
            owner = ctx.author  # whoever keeps the minutes records the decision
        else:
            continue
        due = next_workday(base, pick.rng.randint(2, 8))
        # (the day without its year, as a table of actions writes it: never a ledger date's text)
        rows.append([action, owner.name, _short_date(due, ctx.locale)])
    return rows[:4]


# -- reports ------------------------------------------------------------------------------------------------------

def report_summary(pick: Picker, ctx: ArtifactContext, day: str) -> list[str]:
    """An executive summary: who prepared it for whom, on what, as at when, and the headline figure with its basis."""
    points = _points(ctx)
    client = client_of(ctx) or (ctx.to[0].organisation if ctx.to else "")
    for_whom = f" for {client}" if client and client != ctx.author.organisation else ""
    first = f"{ctx.author.organisation} prepared this report{for_whom} on {topic(ctx.spec.title, names(ctx))}, as at {day}."
    if not points:
        return [first]
    main = points[0]
    head = f"The headline is that {plain(main)}"
    how, more = derivation(main, ctx.facts), gist(main, ctx.facts)
    head += f", being {how}." if how else (f": {lower_first(more)}." if more else ".")
    rest = [f"{cap_first(plain(f))}." for f in points[1:3]]
    return [" ".join([first, head, *rest])]


def report_scope(pick: Picker, ctx: ArtifactContext, day: str) -> list[str]:
    """Scope and approach: what was reviewed (the workings the figures are read from), whose records, to when."""
    client = client_of(ctx)
    sheets = list(dict.fromkeys(m.group("sheet") for f in ctx.facts
                                for m in [re.match(r'^the "[^"]+" line of the (?P<sheet>.+)$', source_phrase(f))] if m))
    worked = f" and rebuilt each figure in the {join_names(sheets)}" if sheets else ""
    derived = ", recomputing every derived figure from its inputs" if any(f.reason for f in ctx.facts) else ""
    # an adviser works on its client's records, with the scope agreed by the client; a party reports on its own
    reader = next((p for p in ctx.to if p.organisation == client), None) if client else None
    agreed = f" {reader.name} agreed the scope with {ctx.author.name} before the work began." if reader else ""
    whose = f"the records made available by {client}" if client else f"{ctx.author.organisation}'s own records"
    return [f"We reviewed {whose} up to {day}{worked}{derived}.{agreed}"]


def report_background(ctx: ArtifactContext, day: str) -> list[str]:
    """Why the report exists: who engaged the author's house, to report on what, and the thing it concerns."""
    from worldsmith.generators.compose.parties import engaged_by

    client = engaged_by(ctx) or client_of(ctx) or (ctx.to[0].organisation if ctx.to else "")
    who = f"{client} engaged {ctx.author.organisation}" if client and client != ctx.author.organisation else \
        f"{ctx.author.organisation} undertook this work"
    things = [f for f in ctx.facts if identity(f)]
    about = " It concerns " + join_names([f"{label(f)}, {f.text}" for f in things]) + "." if things else ""
    return [f"{who} to report on {topic(ctx.spec.title, names(ctx))}. The figures are stated as at {day}, on the records then "
            f"available.{about}"]


def report_risks(pick: Picker, ctx: ArtifactContext) -> list[str]:
    """The risks to the headline figure: each input it is built from, and the other side's likely challenge."""
    points = _points(ctx)
    if not points:
        return []
    main = points[0]
    inputs = [g for g in ctx.facts if g is not main and main.reason and label(g) in main.reason]
    rows = [agree(f"{cap_first(label(g))} ({g.text}) is an input to {label(main)}; if it is not borne out, "
                  f"{label(main)} moves with it.", [label(g), label(main)]) for g in inputs[:2]]
    other = opponent(ctx)
    if other and main.value.type != "text":
        src = source_phrase(main)
        rows.append(f"{other} may dispute {label(main)}" + (f"; the support is at {src}." if src else "."))
    return _merge(rows) if rows else []


def report_findings(pick: Picker, ctx: ArtifactContext) -> list[str]:
    """Numbered findings: each fact the report turns on, with how a figure is derived and where it can be read."""
    out = []
    for n, f in enumerate([f for f in _points(ctx)], 1):
        body = stated(pick, f, ctx.facts, cite=False)
        src = source_phrase(f)
        out.append(f"Finding {n}. {body}" + (f" Source: {src}." if src else ""))
    return out


def report_analysis(pick: Picker, ctx: ArtifactContext) -> list[str]:
    """How the derived figures were worked: each from its inputs, recomputed and agreed to its source."""
    out = []
    for f in [g for g in figures(ctx.facts) if g.reason]:
        inputs = [g for g in ctx.facts if g is not f and label(g) in f.reason]
        src = source_phrase(f)
        s = f"{cap_first(label(f))} is {derivation(f, ctx.facts)}, which gives {f.text}."
        if inputs:
            s += f" We recomputed it from {join_names([label(g) for g in inputs])} and it agrees" + \
                 (f" with {src}." if src else " with the figure reported.")
        elif src:
            s += f" The working is at {src}."
        out.append(s)
    return _merge(out)


# -- letters ------------------------------------------------------------------------------------------------------

_GERUNDS = {"rejecting": "reject", "reserving": "reserve", "accepting": "accept", "confirming": "confirm",
            "enclosing": "enclose", "requesting": "request", "giving": "give", "terminating": "terminate",
            "demanding": "demand", "notifying": "notify", "declining": "decline", "responding": "respond",
            "proposing": "propose", "withdrawing": "withdraw", "tendering": "tender", "serving": "serve"}


def letter_purpose(ctx: ArtifactContext) -> str:
    """The one thing a letter does, from its title: 'Letter rejecting X and reserving Y' -> 'to reject X and reserve Y';
    else 'about <its subject>'."""
    title = ctx.spec.title.strip()
    m = re.match(r"^(?:\w+\s+)?letter\s+(?P<rest>(?:\w+ing)\b.*)$", title, re.I)
    if m:
        rest = re.sub(r"\b(\w+ing)\b", lambda g: _GERUNDS.get(g.group(1).lower(), g.group(1)), m.group("rest"))
        return "to " + rest
    return "about " + topic(title, names(ctx))


def _told(f: FactRef, facts: list[FactRef], client: str = "") -> str:
    """A fact as a letter across the table puts it: by label and value, with its derivation or the operative words of
    its statement, never the statement whole (which says whose assessment it is)."""
    how, more = derivation(f, facts), gist(f, facts)
    if slot_of(f) == "text_verb":
        return f"{'Our client has' if client else 'We have'} decided to {f.text}."
    else:
        out = plain(f)
    if how:
        out += f", being {how}"
    elif more and f.text not in more:
        # (a defined term keeps its capital: "Clause 41.3: Charterers indemnify Owners ...")
        out += ": " + (lower_first(more) if more.split()[0] in ("The", "A", "An") else more)
    elif more:
        out = more
    return cap_first(out) + "."


def letter_bodies(pick: Picker, ctx: ArtifactContext, plan: list[tuple[str, str]], due: str) -> dict[int, list[str]]:
    """A letter's sections: what it is written to do, for whom, the position with its ground, the rights reserved and
    what the reader is asked to do by when; one purpose, no internal assessment."""
    client = client_of(ctx)
    behalf = f" on behalf of our client, {client}," if client else ""
    points = _points(ctx)
    things = [f for f in ctx.facts if identity(f)]
    about = f" in respect of {things[0].text}" if things else ""
    clauses = [f.text for f in ctx.facts if _CLAUSE.search(f.text)]
    out: dict[int, list[str]] = {}
    kinds = [k for _, k in plan]
    said: list[FactRef] = []

    def take(fs: list[FactRef]) -> list[FactRef]:
        left = [f for f in fs if all(f is not g for g in said)]
        said.extend(left)
        return left

    for i, k in enumerate(kinds):
        if k == "opening":
            first = f"We write{behalf} {letter_purpose(ctx)}{about}."
            main = take(points[:1]) if "position" not in kinds else []
            lead = [first] + ([_told(main[0], ctx.facts, client)] if main else [])
            if len(lead) < 2:
                lead.append(pick.one(["This letter sets out our position and what we ask of you.",
                                      "We set out the position below and what we ask of you."]))
            out[i] = [" ".join(lead)]
        elif k == "position":
            fs = take(points[:3] if "letter_background" not in kinds else points[:2])
            if fs:
                we = "Our client's position" if client else "Our position"
                out[i] = [f"{we} is as follows. " + " ".join(_told(f, ctx.facts, client) for f in fs)]
        elif k == "letter_background":
            fs = take([f for f in ctx.facts if not identity(f)])
            if fs:
                out[i] = _merge([_told(f, ctx.facts, client) for f in fs])
        elif k == "reservation":
            under = f", including under {join_names(clauses)}" if clauses else ""
            who = "Our client reserves all of its" if client else "We reserve all our"
            out[i] = [f"{who} rights{under}. Nothing in this letter is an admission, and no right is waived "
                      f"by anything said or not said in it."]
        elif k == "letter_close":
            out[i] = [pick.one([f"Please let us have your response by {due}.",
                                f"We should be grateful for your response by {due}."]) + " " +
                      pick.one(["Please address any reply to the writer.", "We look forward to hearing from you."])]
    # what no section took goes into the position, else the opening
    rest = [f for f in ctx.facts if all(f is not g for g in said) and not identity(f)]
    if rest:
        at = next((i for i, k in enumerate(kinds) if k in ("position", "letter_background")), None)
        if at is None:
            at = next((i for i, k in enumerate(kinds) if k == "opening"), None)
        if at is not None:
            out.setdefault(at, []).append(" ".join(_told(f, ctx.facts, client) for f in rest))
    return out


# -- pleadings ----------------------------------------------------------------------------------------------------

def _role_of(ctx: ArtifactContext, name: str) -> str:
    """An organisation's role as a pleading states it ('the registered owner and operator of the M/T Aurelian Tide'),
    without the plan's own words ('client; ')."""
    here = next((o for o in ctx.organisations if o.name == name), None)
    if here is None or not here.role:
        return ""
    role = re.sub(r"^(client|the client)\s*;\s*", "", here.role.strip(), flags=re.I)
    role = role.split(";")[0].strip()
    return role if role.lower().startswith(("the ", "a ", "an ")) else f"the {role}"


def pleading_bodies(pick: Picker, ctx: ArtifactContext, plan: list[tuple[str, str]], plaintiff: str,
                    defendant: str) -> dict[int, list[str]]:
    """A complaint's or an answer's paragraphs (unnumbered: the composer numbers them on): the parties by their roles,
    jurisdiction and venue, the facts as pleaded, counts that claim the figures, and for an answer admissions,
    denials and affirmative defenses from the clauses, limits and caps the facts give."""
    answer = "answer" in ctx.spec.title.lower()
    kinds = [k for _, k in plan]
    facts = [f for f in ctx.facts if not (f.value.type == "date" and "deadline" in label(f).lower())]
    things = [f for f in ctx.facts if identity(f)]
    out: dict[int, list[str]] = {}
    said: list[FactRef] = []

    def pleaded(f: FactRef) -> str:
        said.append(f)
        if identity(f):
            return f"{cap_first(label(f))} is {f.text}."
        more = gist(f, ctx.facts)
        if f.establish and f.text in f.statement:
            return cap_first(strip_end(f.statement)) + "."
        how = derivation(f, ctx.facts)
        return cap_first(plain(f)) + (f", being {how}." if how else (f": {more}." if more and f.text not in more else "."))

    def free(fs: list[FactRef]) -> list[FactRef]:
        return [f for f in fs if all(f is not g for g in said)]

    if not answer:
        claimed = [f for f in figures(facts) if f.value.type == "money"]
        for i, k in enumerate(kinds):
            heading = plan[i][0].lower()
            if k == "allegations" and "parties" in heading:
                rows = [f"Plaintiff {plaintiff} is {_role_of(ctx, plaintiff) or 'a party to the matter'}.",
                        f"Defendant {defendant} is {_role_of(ctx, defendant) or 'a party to the matter'}."]
                if ctx.locale == "en_US":
                    rows += ["This Court has subject-matter jurisdiction under 28 U.S.C. § 1331 because the claims "
                             "arise under federal law.",
                             "Venue is proper in this District under 28 U.S.C. § 1391(b)(2) because a substantial part "
                             "of the events giving rise to the claims occurred here."]
                out[i] = rows
            elif k == "allegations":
                out[i] = [pleaded(f) for f in things + free([f for f in facts if not identity(f)])[:6]]
        counts = [i for i, k in enumerate(kinds) if k == "count"]
        for n, i in enumerate(counts):
            rows = [f"Plaintiff repeats and realleges each of the preceding paragraphs."]
            if n == 0 and claimed:
                f = claimed[0]
                rows.append(f"{defendant} is liable to Plaintiff for {label(f)} of {f.text}.")
                rows.append(f"Plaintiff has demanded payment, and {defendant} has not paid.")
            else:
                owed = claimed[0] if claimed else None
                f = next((g for g in figures(facts) + facts if g is not owed and not identity(g)), None)
                if f is not None:
                    rows.append(f"Plaintiff is entitled to a declaration that {plain(f)}.")
                rows.append("An actual controversy exists between the parties as to their respective liabilities.")
            out[i] = rows
    else:
        defenses = [i for i, k in enumerate(kinds) if k == "defense" and "affirmative" in plan[i][0].lower()]
        grounds: list[str] = []
        cited = cited_clause(ctx.facts)
        if cited is not None:
            number, _, fs = cited
            words = next((gist(f, ctx.facts) for f in fs if gist(f, ctx.facts)), "")
            said.extend(fs)
            cap = next((f for f in fs if f.value.type == "money"), None)
            grounds.append(f"Plaintiff's claims are barred or limited by Clause {number} of the charter party"
                           + (f": {words}." if words else ".") +
                           (f" Any recovery is capped at {cap.text}." if cap and (not words or cap.text not in words) else ""))
        for f in free([g for g in ctx.facts if g.value.type == "text" and not identity(g) and gist(g, ctx.facts)]):
            said.append(f)
            why = gist(f, ctx.facts)
            grounds.append(f"Plaintiff's claims are barred or limited because {lower_first(why)}"
                           + (f" ({label(f)}: {f.text})." if f.text not in why else "."))
        for f in free([g for g in ctx.facts if g.value.type == "money"]):
            said.append(f)
            grounds.append(f"Any liability of Defendant, which is denied, cannot exceed {f.text} ({label(f)}).")
        # the defenses every answer pleads where the facts give no more
        grounds += ["The Complaint fails to state a claim against Defendant upon which relief can be granted.",
                    "Any loss was caused in whole or in part by the acts or omissions of Plaintiff or of third parties "
                    "for whom Defendant is not responsible.",
                    "Plaintiff has failed to mitigate its damages, if any."][:max(0, len(defenses) - len(grounds))]
        for n, i in enumerate(defenses):
            out[i] = [grounds[n]] if n < len(grounds) else []
        if len(grounds) > len(defenses) and defenses:
            out[defenses[-1]] = out[defenses[-1]] + grounds[len(defenses):]
        for i, k in enumerate(kinds):
            if k == "defense" and i not in defenses:
                heading = plan[i][0].lower()
                if "preliminary" in heading:
                    due = [f for f in ctx.facts if f.value.type == "date" and "deadline" in label(f).lower()]
                    when = f" within the time allowed ({label(due[0])}: {due[0].text})" if due else ""
                    said.extend(due)
                    out[i] = [f"Defendant {defendant} answers the Complaint of Plaintiff {plaintiff}{when}.",
                              "Except as expressly admitted below, Defendant denies each allegation of the Complaint."]
                else:
                    # admitted: what names the matter and the designations of record, never a ground of defense
                    admit = free(things + [g for g in ctx.facts if g.value.type == "text" and not gist(g, ctx.facts)
                                           and not identity(g)])
                    rows = [f"Defendant admits that {plain(f)}." for f in admit[:2]]
                    said.extend(admit[:2])
                    rows.append(f"Defendant denies that it is liable to Plaintiff in any amount, and denies that "
                                f"Plaintiff is entitled to any of the relief it seeks.")
                    out[i] = rows
        rest = free(ctx.facts)
        if rest:
            at = next((i for i, k in enumerate(kinds) if k == "defense"), None)
            if at is not None:
                out.setdefault(at, []).extend(f"Defendant admits that {plain(f)}." for f in rest)
    return {i: [p for p in ps if p] for i, ps in out.items() if ps}


# -- letters to the author's own client ----------------------------------------------------------------------------

def engagement_plan(plan: list[tuple[str, str]], listed: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """An engagement letter's sections: its scope, fees and terms before any advice (there is none yet), in the
    genre's order, as many as planned."""
    if len(plan) >= len(listed):
        return plan
    rank_of = {"client_opening": 0, "engagement_scope": 1, "client_close": 2, "fees": 3, "client_terms": 4,
               "client_advice": 5}
    keep = sorted(listed, key=lambda h: rank_of.get(h[1], 9))[:len(plan)]
    return [h for h in listed if h in keep]


def client_letter_bodies(pick: Picker, ctx: ArtifactContext, plan: list[tuple[str, str]], due: str
                         ) -> dict[int, list[str]]:
    """A letter to the author's own client: why it is written, the work and what it covers with the facts it turns on,
    and for an engagement letter a countersignature to return."""
    client = client_of(ctx) or (ctx.to[0].organisation if ctx.to else "")
    about = topic(ctx.spec.title, names(ctx))
    engagement = "engagement" in ctx.spec.title.lower()
    out: dict[int, list[str]] = {}
    for i, (_, k) in enumerate(plan):
        if k == "client_opening":
            if engagement:
                out[i] = [f"Thank you for asking {ctx.author.organisation} to act for {client} on {about}. This letter "
                          f"sets out the scope of our work, our fees and the terms on which we will act."]
            else:
                out[i] = [f"We write to {client} about {about}. This letter sets out where matters stand and what we "
                          f"advise."]
        elif k == "engagement_scope":
            rows = [f"Our work will cover {about}."]
            rows += [_told(f, ctx.facts) for f in ctx.facts if not identity(f)]
            reader = ctx.to[0] if ctx.to else None
            if reader is not None:
                rows.append(f"We will report to {reader.name} as the work proceeds, and in writing when it is done.")
            out[i] = _merge(rows)
        elif k == "client_close" and engagement:
            out[i] = [f"Please sign and return a copy of this letter by {due} to confirm that it reflects your "
                      f"instructions. If anything here is not as you expect, please call {ctx.author.name}.",
                      f"Agreed and accepted for and on behalf of {client}: signature, name, title and date."]
    return out


# -- heads of terms -----------------------------------------------------------------------------------------------

_ROUTES = (("escrow", ("escrow",)), ("mechanic", ("peg", "working capital", "completion accounts", "multiple", "ebitda",
                                                 "adjust")),
           ("consideration", ("value", "price", "consideration", "offer")))


def term_sheet_bodies(pick: Picker, ctx: ArtifactContext, plan: list[tuple[str, str]], first: str, second: str
                      ) -> dict[int, list[str]]:
    """Heads of terms: the buyer (its vehicle where its role names one) and the sellers of the target, the price with
    its derivation, the mechanics, escrow, conditions and timetable each from the facts that belong there, and a
    status clause that says what binds."""
    buyer, sellers, sellers_called = first, second, "the Sellers"
    here = next((o for o in ctx.organisations if o.name == first), None)
    m = re.search(r"through its (?:[\w ]+ )?vehicle ([A-Z][\w&' ]+?(?:Limited|Ltd|LLC|Inc\.?|plc))", here.role if here else "")
    if m:
        buyer = f"{m.group(1)}, a vehicle of {first}"
    there = next((o for o in ctx.organisations if o.name == second), None)
    if there is not None and re.search(r"\bthe target\b", there.role, re.I):
        sellers = f"the shareholders of {second} (the Company)"
        sellers_called = "together the Sellers"
    heads = [h.lower() for h, _ in plan]
    out: dict[int, list[str]] = {}

    def at(word: str) -> int | None:
        return next((i for i, h in enumerate(heads) if word in h), None)

    for i, (h, k) in enumerate(plan):
        low = h.lower()
        if k == "parties":
            out[i] = [f"Buyer: {buyer} (the Buyer). Sellers: {sellers}, {sellers_called}. These heads of terms record the "
                      f"principal terms on which the Buyer proposes to acquire the entire issued share capital of "
                      f"{second}."]
        elif k == "governing" or "governing" in low:
            law = "the laws of the State of New York" if ctx.locale == "en_US" else "English law"
            out[i] = [f"These heads of terms are not legally binding, save for the provisions on confidentiality, "
                      f"exclusivity and costs, which bind on signature. They are governed by {law}."]
        elif "condition" in low:
            out[i] = ["Completion is conditional on the conditions below being satisfied or waived by the Buyer."]
        elif "timetable" in low:
            out[i] = ["The parties will work to the timetable below; a date missed does not of itself end the process."]
    consider = at("consideration")
    for f in ctx.facts:
        if identity(f):
            continue
        name = label(f).lower()
        target = None
        if f.value.type == "date":
            target = at("timetable") if at("timetable") is not None else at("condition")
        elif f in decisions(ctx.facts) or "consent" in name or "condition" in name:
            target = at("condition")
        else:
            for word, keys in _ROUTES:
                if any(key in name for key in keys):
                    target = at(word)
                    break
        target = target if target is not None else consider
        if target is None:
            continue
        out.setdefault(target, []).append(_told(f, ctx.facts))
        if "peg" in name or "working capital" in name:
            out[target].append("The price is adjusted pound for pound for the difference between net working capital "
                               "at Completion, as shown in the completion accounts, and the peg.")
    for i in list(out):
        out[i] = _merge(out[i])
    return out


# -- investment committee papers -----------------------------------------------------------------------------------

_RISKY = re.compile(r"consent|concentration|customer|change.of.control|termination|risk|dispute", re.I)


def ic_memo_bodies(pick: Picker, ctx: ArtifactContext, plan: list[tuple[str, str]], told: dict[int, list[str]]
                   ) -> dict[int, list[str]]:
    """An IC paper's sections from the facts: what the target does (its role), the price and how it is built, the
    diligence findings with their sources, the risks with the mitigants the facts give, the conditions and the
    timetable; each fact in the section it belongs to."""
    kinds = [k for _, k in plan]
    target = opponent(ctx)
    here = next((o for o in ctx.organisations if o.name == target), None)
    business = ""
    if here is not None and ";" in here.role:
        business = here.role.split(";", 1)[1].strip()
    points = _points(ctx)
    price = next((f for f in figures(ctx.facts) if f.reason), points[0] if points else None)
    dated = [f for f in ctx.facts if f.value.type == "date"]
    risky = [f for f in ctx.facts if f not in dated and (_RISKY.search(label(f)) or _RISKY.search(f.statement))]
    hedges = [f for f in ctx.facts if re.search(r"escrow|W&I|indemnit", label(f) + " " + f.statement, re.I)]
    used: list[FactRef] = []

    def use(fs: list[FactRef]) -> list[FactRef]:
        left = [f for f in fs if all(f is not g for g in used)]
        used.extend(left)
        return left

    out: dict[int, list[str]] = {}
    for i, k in enumerate(kinds):
        if k == "thesis":
            rows = [f"{target} {('provides ' + business) if business else 'is the target'}."] if target else []
            if price is not None:
                use([price])
                rows.append(f"At {price.text}, the price is set on earnings after the diligence adjustments: "
                            f"{label(price)} is {derivation(price, ctx.facts) or plain(price)}.")
            rows.append("The case rests on those earnings holding, and on the risks below being covered at signing.")
            out[i] = [" ".join(rows)]
        elif k == "valuation":
            fs = use([f for f in figures(ctx.facts) if f.reason and f not in hedges])
            rows = [stated(pick, f, ctx.facts) for f in fs] or \
                [stated(pick, f, ctx.facts) for f in use(figures(ctx.facts)[:2])]
            out[i] = _merge(rows) if rows else []
    for i, k in enumerate(kinds):
        if k == "findings":
            fs = use([f for f in ctx.facts if f.value.type in ("money", "number", "percent") and f not in hedges
                      and f not in risky])
            out[i] = _merge([f"Finding: {lower_first(stated(pick, f, ctx.facts))}" for f in fs]) if fs else []
        elif k == "risks":
            named = [f for f in risky if identity(f)]
            rows = [f"Risk: {lower_first(_told(f, ctx.facts))}" for f in use([f for f in risky if not identity(f)])]
            if named and rows:
                use(named)
                rows[0] = rows[0][:-1] + f" ({join_names([plain(f) for f in named])})."
            rows += [f"Mitigant: {lower_first(_told(f, ctx.facts))}" for f in use(hedges)]
            out[i] = _merge(rows) if rows else []
        elif k == "decisions":
            fs = use([f for f in ctx.facts if f in decisions(ctx.facts)] +
                     [f for f in dated if re.search(r"consent|condition", f.statement, re.I)])
            rows = ["The recommendation is subject to the conditions below."] + [_told(f, ctx.facts) for f in fs]
            out[i] = [" ".join(rows)] if fs else []
        elif k == "next_steps":
            fs = use(dated)
            if fs:
                out[i] = [" ".join(f"{cap_first(plain(f))}." for f in fs) +
                          " The deal team will report to the Committee on each date as it is met."]
        elif k == "analysis" and "financ" in plan[i][0].lower() and price is not None:
            esc = next((f for f in hedges if f.value.type == "money"), None)
            out[i] = [f"The price of {price.text} is payable in cash at completion on a cash-free, debt-free basis"
                      + (f", less {esc.text} paid into escrow" if esc else "") + ". The equity and any debt are "
                      "committed in the fund's usual form before signing."]
    for i, k in enumerate(kinds):
        if k == "background" and i not in out:
            buyer = principal(ctx, ctx.author.organisation)
            rows = [f"{buyer} proposes to acquire {target}." if target else f"{buyer} proposes the investment below."]
            rows += [_told(f, ctx.facts) for f in use([f for f in ctx.facts if f not in dated])]
            out[i] = _merge(rows) if len(rows) > 1 else [rows[0] + " The terms are as set out in this paper."]
    return {i: ps for i, ps in out.items() if ps and not told.get(i)}


# -- plans and certificates ---------------------------------------------------------------------------------------

def plan_bodies(pick: Picker, ctx: ArtifactContext, plan: list[tuple[str, str]]) -> dict[int, list[str]]:
    """A work plan: what is to be done for whom, its objectives from the facts it must establish, the approach, a
    timeline from the plan's day, and the team from the people on it."""
    from worldsmith.generators.compose.voice import next_workday

    client = client_of(ctx) or (ctx.to[0].organisation if ctx.to else "")
    day = ctx.spec.date  # type: ignore[union-attr]
    about = topic(ctx.spec.title, names(ctx))
    facts = [f for f in ctx.facts if not identity(f)]
    out: dict[int, list[str]] = {}
    for i, (heading, k) in enumerate(plan):
        if k == "summary":
            out[i] = [f"This plan sets out how {ctx.author.organisation} will carry out {about}"
                      + (f" for {client}" if client and client != ctx.author.organisation else "")
                      + f", as planned on {long_date(day, ctx.locale)}. "
                      + " ".join(f"{cap_first(plain(f))}." for f in facts[:2])]
        elif k == "objectives":
            out[i] = [" ".join(f"Objective {n}: to test {label(f)} ({f.text}) against the records and report every "
                               f"exception." if f.value.type in ("number", "percent") else
                               f"Objective {n}: to establish whether {label(f)} ({f.text}) is borne out by the records."
                               for n, f in enumerate(facts, 1)) or f"Objective: to complete {about}."]
        elif k == "scope":
            rows = [_told(f, ctx.facts) for f in facts]
            rows.append(f"Each figure is traced to the records {client or 'the client'} makes available, and every "
                        f"exception is logged with its source.")
            out[i] = _merge(rows)
        elif k == "timeline":
            start, draft, final = (next_workday(day, n) for n in (2, 15, 25))
            out[i] = [f"Fieldwork begins on {_short_date(start, ctx.locale)}. Draft findings go to "
                      f"{ctx.to[0].name if ctx.to else client} by {_short_date(draft, ctx.locale)}, and the final "
                      f"report by {_short_date(final, ctx.locale)}."]
        elif k == "analysis" and "resource" in heading.lower():
            team = [p for p in [ctx.author, *ctx.to, *ctx.cc] if p.organisation == ctx.author.organisation]
            lead = max(team, key=rank) if team else ctx.author
            rest = [f"{p.name} ({p.title})" for p in team if p.id != lead.id]
            out[i] = [f"{lead.name} ({lead.title}) leads the work" + (f", with {join_names(rest)}" if rest else "")
                      + ". The budget is agreed with the client before fieldwork and reported against monthly."]
    return out


_CERT_HEADS = [("Particulars", "particulars"), ("Certification", "certification"), ("Guaranty", "guaranty"),
               ("Terms", "cert_terms"), ("Signature", "cert_sign")]


def is_certificate(doc_type: str, title: str) -> bool:
    """Whether the paper is a certificate or a guaranty (issued, not argued: no risks or next steps)."""
    return bool(re.search(r"certificate|guarant", f"{doc_type} {title}", re.I))


def certificate_plan(n: int) -> list[tuple[str, str]]:
    """A certificate's sections: its particulars first and its signature last."""
    if n >= len(_CERT_HEADS):
        return _CERT_HEADS + [(f"Annex {j}", "particulars") for j in range(1, n - len(_CERT_HEADS) + 1)]
    return _CERT_HEADS[:max(0, n - 1)] + _CERT_HEADS[-1:] if n > 1 else _CERT_HEADS[:1]


def certificate_bodies(pick: Picker, ctx: ArtifactContext, plan: list[tuple[str, str]]) -> dict[int, list[str]]:
    """A certificate: the particulars it evidences, the issuer's certification and guaranty up to the amount the
    facts give, and who signs for the issuer, when."""
    org, day = ctx.author.organisation, long_date(ctx.spec.date, ctx.locale)  # type: ignore[union-attr]
    money = max((f for f in ctx.facts if f.value.type == "money"), key=lambda f: f.value.amount, default=None)
    out: dict[int, list[str]] = {}
    for i, (_, k) in enumerate(plan):
        if k == "particulars":
            out[i] = _merge([f"{cap_first(label(f))}: {f.text}." if identity(f) else _told(f, ctx.facts)
                             for f in ctx.facts if f is not money or i == 0 and len(plan) < 3])
        elif k == "certification":
            amount = f", and that the amount of financial responsibility evidenced is {money.text}" if money else ""
            out[i] = [f"{org} certifies that, as at {day}, the particulars above are correct{amount}. This certificate "
                      f"remains in force until cancelled on notice."]
        elif k == "guaranty":
            cap = f" up to {money.text}" if money else ""
            out[i] = [f"{org} guarantees the obligations evidenced by this certificate{cap}. A claim under this "
                      f"guaranty is made in writing to {org}."]
        elif k == "cert_terms":
            out[i] = ["This certificate is issued on the terms of the guaranty on file. It does not extend the "
                      "guarantor's liability beyond the amount stated."]
        elif k == "cert_sign":
            out[i] = [f"Issued by {org}. Signed for and on behalf of {org} by {ctx.author.name}, {ctx.author.title}, "
                      f"on {day}."]
    return out


# -- the genres this module writes --------------------------------------------------------------------------------

def bodies(pick: Picker, ctx: ArtifactContext, kind: str, plan: list[tuple[str, str]], due: str,
           told: dict[int, list[str]]) -> dict[int, list[str]]:
    """The paragraphs of each section this module writes for the genre, by section index; `told` holds sections
    already written from the purpose (a recommendation), which are left alone."""
    out: dict[int, list[str]] = {}
    kinds = [k for _, k in plan]
    if kind == "memo":
        day = long_date(ctx.spec.date, ctx.locale)  # type: ignore[union-attr]
        for i, k in enumerate(kinds):
            if k == "question":
                out[i] = memo_question(pick, ctx, day)
            elif k == "answer":
                out[i] = memo_answer(pick, ctx)
            elif k == "analysis":
                out[i] = memo_analysis(pick, ctx, told_elsewhere="background" in kinds)
            elif k == "background" and kinds.index(k) == i:
                out[i] = memo_background(pick, ctx)
            elif k == "background":
                out[i] = memo_sources(ctx)
            elif k == "options":
                out[i] = memo_options(pick, ctx, due)
            elif k == "next_steps":
                out[i] = memo_next_steps(pick, ctx, due)
            elif k == "recommendation" and not told.get(i):
                out[i] = memo_recommendation(pick, ctx, due, options="options" in kinds)
    elif kind == "report":
        day = long_date(ctx.spec.date, ctx.locale)  # type: ignore[union-attr]
        for i, k in enumerate(kinds):
            if k == "summary":
                out[i] = report_summary(pick, ctx, day)
            elif k == "scope":
                out[i] = report_scope(pick, ctx, day)
            elif k == "findings":
                out[i] = report_findings(pick, ctx)
            elif k == "analysis":
                out[i] = report_analysis(pick, ctx)
            elif k == "risks":
                out[i] = report_risks(pick, ctx)
            elif k == "background" and "findings" not in kinds:
                out[i] = memo_background(pick, ctx)
            elif k == "background":
                out[i] = report_background(ctx, day)
            elif k == "recommendation" and not told.get(i):
                out[i] = memo_recommendation(pick, ctx, due)
    elif kind == "plan":
        out = plan_bodies(pick, ctx, plan)
    elif kind == "ic_memo":
        out = ic_memo_bodies(pick, ctx, plan, told)
    elif kind == "letter":
        out = letter_bodies(pick, ctx, plan, due)
    elif kind == "client_letter":
        out = client_letter_bodies(pick, ctx, plan, due)
    elif kind == "minutes":
        held = meeting_day(ctx)
        day = long_date(held, ctx.locale)
        talk = [f for f in ctx.facts]
        for i, k in enumerate(kinds):
            if k == "discussion":
                out[i] = minutes_discussion(pick, ctx, talk, day)
            elif k == "decisions":
                said = [] if "discussion" in kinds else minutes_discussion(pick, ctx, talk, day)
                out[i] = said + minutes_decisions(pick, ctx, day, due)
            elif k == "background":
                out[i] = minutes_matters(pick, ctx, day)
    return {i: [p for p in ps if p.strip()] for i, ps in out.items() if ps}


# -- agreements ---------------------------------------------------------------------------------------------------

_CLAUSE = re.compile(r"\b[Cc]lause\s+(?P<n>\d+(?:\.\d+)*)(?:\s+\((?P<name>[^)]+)\))?")
# Words of a title or purpose that make the paper an executed copy of an earlier agreement, produced now.
_EXECUTED = re.compile(r"\b(executed|as produced|as signed|as amended|signed copy|charter party|charterparty)\b", re.I)


def cited_clause(facts: list[FactRef]) -> tuple[str, str, list[FactRef]] | None:
    """(number, name, facts) of the clause the facts cite ('41.3', 'Oil Pollution', [the clause, its cap]); None when
    no fact cites a clause."""
    for f in facts:
        m = _CLAUSE.search(f.text) or _CLAUSE.search(f.statement)
        if m:
            number = m.group("n")
            # its name where any statement gives one ('Clause 41.3 (Oil Pollution)')
            m = next((x for g in facts for x in _CLAUSE.finditer(g.statement) if x.group("n") == number and x.group("name")),
                     m)
            citing = [g for g in facts if re.search(rf"\b[Cc]lause\s+{re.escape(number)}\b", g.text + " " + g.statement)]
            return number, (m.group("name") or "").strip(), citing
    return None


def executed_on(ctx: ArtifactContext) -> dt.date:
    """The date an agreement was made: before the matter began for an executed copy produced now (a charter party
    governs the voyage it precedes), else the document's own date."""
    day = ctx.spec.date  # type: ignore[union-attr]
    text = f"{ctx.spec.title} {getattr(ctx.spec, 'purpose', '')} {getattr(ctx.spec, 'doc_type', '')}"
    if not _EXECUTED.search(text):
        return day
    start = min(ctx.window_start or day, day)
    back = 21 + int.from_bytes(ctx.spec.id.encode()[:4].ljust(4, b"0"), "big") % 40
    made = start - dt.timedelta(days=back)
    while made.weekday() >= 5:
        made -= dt.timedelta(days=1)
    return made


def party_roles(ctx: ArtifactContext, first: str, second: str) -> tuple[str, str]:
    """What each party is called in the agreement, from its role ('Owners', 'Charterers'), else 'the first Party'."""
    def called(name: str) -> str:
        here = next((o for o in ctx.organisations if o.name == name), None)
        role = here.role.lower() if here is not None else ""
        for word, term in (("charterer", "Charterers"), ("owner", "Owners"), ("buyer", "Buyer"), ("seller", "Sellers"),
                           ("contractor", "Contractor"), ("client", "Client"), ("vendor", "Vendor")):
            if word in role:
                return term
        return ""
    return called(first), called(second)


def agreement_bodies(pick: Picker, ctx: ArtifactContext, plan: list[tuple[str, str]], first: str, second: str
                     ) -> tuple[dict[int, list[str]], dict[int, str]]:
    """Paragraphs (unnumbered) of an agreement's sections, and new headings: the clause the facts cite written under
    its own number ('41. Oil Pollution', with 41.3 as the facts state it), the others as an agreement has them."""
    one, two = party_roles(ctx, first, second)
    if (one, two) == ("Charterers", "Owners"):
        first, second, one, two = second, first, two, one  # a charter party names the Owners first
    a, b = (one or first), (two or second)
    made = long_date(executed_on(ctx), ctx.locale)
    law, courts = (("the laws of the State of New York", "the state and federal courts sitting in New York County")
                   if ctx.locale == "en_US" else ("English law", "the courts of England and Wales"))
    cited = cited_clause(ctx.facts)
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
    generic = {
        "scope": f"{a} and {b} agree the terms on which this agreement is performed, as set out in its clauses and in "
                 f"Schedule 1. Where a clause and Schedule 1 differ, the clause prevails.",
        "consideration": f"In consideration of the obligations in this agreement, each Party shall pay the amounts "
                         f"Schedule 1 provides, within thirty days of a correct invoice. Late payment carries interest at "
                         f"the rate Schedule 1 states.",
        "conditions": "This agreement takes effect on signature by both Parties. Each Party confirms that it holds every "
                      "consent it needs to enter into it.",
        "warrant": "Each Party warrants that it has power to enter into and perform this agreement. Each warrants that "
                   "doing so breaches no other obligation binding on it.",
        "liabil": f"Save as provided in {ref}, neither Party is liable to the other for indirect or consequential loss. "
                  f"Nothing in this agreement limits liability for fraud.",
        "confidential": "Each Party shall keep the terms of this agreement confidential. This does not apply to a "
                        "disclosure required by law, by a court or by a regulator.",
        "termination": "This agreement continues until the obligations under it have been performed. Either Party may "
                       "terminate it on written notice for a material breach not remedied within thirty days.",
        "governing": f"This agreement is governed by {law}. Each Party submits to the exclusive jurisdiction of {courts}.",
    }
    for i, (heading, k) in enumerate(plan):
        low = heading.lower()
        if i == clause_at and cited is not None:
            number, name, facts = cited
            top = number.split(".")[0]
            title = name or re.sub(r"^\d+\.\s*", "", heading)
            heads[i] = f"{top}. {title}"
            subs = number.split(".")[1:]
            # the operative words of the clause, as the facts state them (a gist: never the whole statement, which
            # is the establishing paper's alone)
            body = [gist(f, ctx.facts) for f in facts if not identity(f)]
            body = [cap_first(x) + "." for x in dict.fromkeys(body) if x]
            capped = [f for f in facts if f.value.type == "money"]
            if capped and not any(capped[0].text in x for x in body):
                body.append(f"The liability of {b} under this Clause shall not exceed {capped[0].text} per incident.")
            lead = [f"This Clause applies notwithstanding any other provision of this agreement.",
                    f"Each Party shall notify the other in writing of any claim under Clause {number} within thirty "
                    f"days of receiving it."]
            n = int(subs[0]) if subs and subs[0].isdigit() else 1
            rows = (lead * 5)[:max(0, n - 1)] + [" ".join(body)]
            out[i] = rows if subs else [" ".join(body)]
            continue
        if k == "parties":
            out[i] = [f"This agreement is dated {made} and made between (1) {first}" + (f" (the {one})" if one else "")
                      + f" and (2) {second}" + (f" (the {two})" if two else "") + " (each a Party)."]
        elif k == "recitals":
            things = [f for f in ctx.facts if identity(f)]
            about = f" in respect of {things[0].text}" if things else ""
            out[i] = [f"(A) {first} and {second} have agreed terms{about}, as set out below.",
                      f"(B) The Parties record those terms in this agreement, made on {made}."]
        elif k == "schedule":
            out[i] = [f"Schedule 1 sets out the commercial terms referred to in this agreement, as agreed on {made}. "
                      f"A term in Schedule 1 has effect as if set out in full in the clauses."]
        elif k == "definitions":
            out[i] = [f"In this agreement, {a} means {first} and {b} means {second}. Clause headings are for convenience "
                      f"only, and a reference to writing includes email."]
        elif k == "clause":
            for key, text in generic.items():
                if key in low:
                    out[i] = [text]
                    break
    if cited is not None and clause_at is not None:
        # the clauses after a rider clause continue from its number (41, 42, ...), never back to 8
        top = int(cited[0].split(".")[0])
        for j in range(clause_at + 1, len(plan)):
            name = re.sub(r"^[0-9]+[.]\s*", "", plan[j][0])
            heads[j] = f"{top + j - clause_at}. {name}"
    # The other facts as terms of the agreement, each in the clause it belongs to: a price or a rate under
    # consideration, a date under term or conditions, anything else under scope (never a figure under governing law).
    terms = [f for f in ctx.facts if not identity(f) and (cited is None or f not in cited[2])]

    def home_of(f: FactRef) -> int | None:
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
        if f.establish and f.text in f.statement:
            said = cap_first(strip_end(f.statement)) + "."
        else:
            more = gist(f, ctx.facts)
            said = cap_first(plain(f)) + (f"; {lower_first(more)}." if more and f.text not in more else ".")
        out.setdefault(at, []).append(said)
    return out, heads

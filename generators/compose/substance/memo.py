"""A memo's sections: the question presented, the short answer, the analysis over the facts with their sources, the
options, the recommendation and the next steps."""

from __future__ import annotations

import re

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.genres import head_noun
from worldsmith.generators.compose.voice import family_key
from worldsmith.generators.compose.facts import agree, slot_of
from worldsmith.generators.compose.parties import client_of, home as home_side, opponent, principal
from worldsmith.generators.compose.text import cap_first, join_names, long_date, lower_first
from worldsmith.generators.context import ArtifactContext, FactRef
from worldsmith.generators.compose.substance.common import (asker, cited_clause, decisions, derivation, figures,
                                                            gist, identity, label, merge_short, names, plain,
                                                            points_of, source_phrase, stated, topic, words_of,
                                                            gist_sentence, relied_on, report_behind)


def _asks(f: FactRef) -> str:
    """What a question presented asks about one fact."""
    from worldsmith.generators.compose.substance.argue import provision

    name = label(f)
    if provision(f):
        # (never 'whether the improvements disregard holds on the documents', read 15)
        return f"what {f.text} requires and how it applies to the figures"
    m = _LIMBS.match(f.reason.strip())
    if m and f.value.type in ("money", "number", "percent"):
        # a capped figure asks whether the cap bites, a question of the contract, not of arithmetic (read 19: 'The
        # memo's "Questions Presented" are arithmetic, not law')
        if m.group("which") == "lesser":
            return f"whether {m.group('b')} limits {name} and, if it does, by how much"
        return f"whether {m.group('a')} or {m.group('b')} sets {name}"
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
    # (never 'whether the aircraft holds on the documents', read 15)
    if re.search(r"\d", f.text) and re.search(r"CFR|U\.S\.C|section|clause|regulation|rule|para|article", f.text, re.I):
        return f"what {f.text} requires and whether it was met"
    return f"what {name} means for the figures"


def _decision_question(ctx: ArtifactContext) -> str:
    """The question of advice on two courses ('whether X should pursue appraisal or settlement, ...') or on one input
    the sides argue ('whether the period of restoration is 146 days ... or 98 days ...'); '' where the paper is neither."""
    from worldsmith.generators.compose.substance.argue import _who_says, courses, pivot

    client = client_of(ctx) or principal(ctx, ctx.author.organisation) or "the client"
    cs = courses(ctx)
    if cs:
        (a, _, verbs), (b, _, _) = cs
        det = next(w for w, k, _ in cs if k == "determine")
        choice = f"{a} or {b}" if verbs else f"proceed to {det} or settle"
        return f"whether {client} should {choice}, what each course costs and what it puts at risk."
    p = pivot(ctx)
    if p is None:
        return ""
    return (f"whether the {p['name']} is {p['ours'].text}, as {client} says, or {p['them'].text}, as "
            f"{_who_says(ctx, p['them'])} allows, and what turns on the difference.")


def memo_question(pick: Picker, ctx: ArtifactContext, day: str) -> list[str]:
    """The question presented: who asked, about what, and the points it breaks into, from the title and the facts."""
    reader = asker(ctx)
    client = client_of(ctx)
    about = topic(ctx.spec.title, names(ctx))
    if re.search(r"\bmeeting notes?\b|\bnotes? of (the )?meeting\b", ctx.spec.title, re.I):
        # meeting notes record a meeting for their reader, they answer no question put
        for_whom = f" for {reader.name}" if reader is not None else ""
        points = [label(f) for f in points_of(ctx) if not identity(f)][:3]
        what = topic(ctx.spec.title.split(':')[0], names(ctx))
        what = what if re.match(r"(the|a|an)\b|[A-Z]", what) else f"the {what}"
        lead = f"This note records {what}{for_whom}, as at {day}."
        return [lead + (f" The points that matter are {join_names(points)}." if points else "")]
    if family_key(ctx.voice.family) != "legal":
        # a working note states what it sets out and for whom; it gives no advice (read 14: the client's software
        # asset manager writing 'Cassandra Willis asked us to advise')
        for_whom = f" for {reader.name}" if reader is not None else ""
        ps = [f for f in points_of(ctx) if not identity(f)][:3]
        what = topic(ctx.spec.title.split(':')[-1] if ':' in ctx.spec.title else ctx.spec.title, names(ctx))
        what = what if re.match(r"(the|a|an)\b|[A-Z]", what) else f"the {what}"
        lead = f"This note sets out {what}{for_whom}, on the records as at {day}."
        # (what it covers, never 'with the source of each' over a note that gives none: blind read 36)
        return [lead + (f" It covers {join_names([label(f) for f in ps])}." if ps else "")]
    if reader is not None and reader.organisation != ctx.author.organisation:
        who = f"{reader.name} asked us"
    elif reader is not None:
        who = f"{reader.first_name} asked me"
    else:
        who = "We were asked"
    for_whom = f", for {client}," if client and (reader is None or reader.organisation != client) else ""
    from worldsmith.generators.compose.substance.weigh import route_question, routes

    if routes(ctx):
        # advice on two routes asks which to take and what each costs, not what each figure comes to (blind read 17)
        return [route_question(ctx, who) + " " + pick.reword(f"[This memorandum answers|This note answers|Here we "
                                                             f"answer] it on the papers on file at {day}.")]
    asked = _decision_question(ctx)
    if asked:
        # advice on a decision or on one input argued asks that question, not what each figure comes to (blind read,
        # session 16: 'The questions are what the amount in dispute comes to and how it is computed, what the
        # policyholder's claim comes to and how it is computed ...' over advice on appraisal against settlement)
        return [f"{who} to advise{for_whom} {asked} " + pick.reword(
            f"[This memorandum answers|This note answers|Here we answer] it on [the papers on file at|the record as "
            f"held on] {day}.")]
    ps = points_of(ctx)
    # (the limbs of a capped figure are in its question already: never 'what the damages accrued come to' beside
    # 'whether the cap limits the damages payable')
    limbs = _LIMBS.match(ps[0].reason.strip()) if ps else None
    ps = [f for f in ps if limbs is None or f is ps[0] or
          re.sub(r"^the ", "", label(f).lower()) not in {re.sub(r"^the ", "", x.lower()) for x in limbs.group("a", "b")}]
    # (a term the instrument fixes is no question, nor a figure read off the record: 'what the annual contract value
    # comes to and how it is computed' of a defined term of the supply agreement, 'what the index rise is on the
    # record'; read 22's 'memo reduced to a number')
    ps = [f for f in ps if f is ps[0] or not (f.term or f.paper_instrument) and
          (f.reason or f.value.type not in ("money", "number", "percent"))] or ps
    points = list(dict.fromkeys(agree(_asks(f), [label(f)]) for f in ps if f is ps[0] or not identity(f)))[:3]
    first = f"{who} to advise{for_whom} on {about}."
    second = (f"The questions are {join_names(points)}." if len(points) > 1 else
              f"The question is {points[0]}." if points else "")
    if _flag_at_stake(ctx):
        from worldsmith.generators.compose.substance.report import red_flags

        holder = red_flags(ctx)[0][0].text
        second = (f"The questions are whether {holder} can use that right on this transaction, and what it puts at "
                  f"risk.")
    if any(re.fullmatch(r"(?i)(?:the\s+)?questions?(?:\s+presented)?", (p.heading or "").strip())
           for p in getattr(ctx.spec, "points", None) or []):
        # the outline states the question, and its point stands in this section: not asked a second time in the
        # engine's words (blind read 35: 'The questions are ...' then 'Question: whether Coastline should ...')
        second = ""
    them = "them" if second.startswith("The questions") else "it"
    # (one fixed closing stood in every room's memos: 'This memorandum answers them on the documents on file at', issue 17)
    answers = pick.reword(f"[This memorandum answers|This note answers|Here we answer|Below we answer|This memorandum addresses] "
                        f"{them} on [the documents on file at|the papers on file at|the papers we held on|"
                        f"what the file held on|the record as held on] {day}.")
    return [" ".join(x for x in [first, second, answers] if x)]


# How a memo's short answer opens (each wording from the stream of wordings: three fixed leads put 'The short answer:
# <x> is <x>.' in every room's memos, issue 17)
_ANSWER_LEADS = ["[~In short|In brief|In summary]: ", "[~Short answer|The short answer|Our short answer]: ",
                 "[~Briefly|Put briefly|Our answer|Our view]: "]


def memo_answer(pick: Picker, ctx: ArtifactContext) -> list[str]:
    """The short answer: the fact the memo turns on, the substance behind it or how it is computed, and the next
    point it affects."""
    points = points_of(ctx)
    if not points:
        return []
    main = points[0]
    flag = _flag_at_stake(ctx)
    if flag:
        # a memo on a contract right answers with the right and what it puts at stake, before any figure
        return [pick.reword(pick.one(_ANSWER_LEADS)) + flag]
    from worldsmith.generators.compose.substance.argue import across_figure, rival, short_answer

    lead = pick.reword(pick.one(_ANSWER_LEADS))
    from worldsmith.generators.compose.substance.weigh import route_answer, routes

    if routes(ctx):
        return [lead + route_answer(ctx)]
    from worldsmith.generators.compose.substance.argue import course_answer

    from worldsmith.generators.compose.substance.argue import pivot_answer

    decided = course_answer(ctx) or pivot_answer(ctx)
    if decided:
        # advice on a decision answers with the course to take, not the gap ('In brief: the amount in dispute is
        # USD 1,992,000' answering advice on appraisal against settlement)
        return [lead + decided]
    sided = short_answer(ctx)
    if sided:
        # the answer takes the client's side of the dispute (read 15: the licensee's counsel answering with the
        # vendor's claim; a cap memo answering with the cap)
        return [lead + sided]
    from worldsmith.generators.compose.substance.argue import provision

    if provision(main):
        # a provision answers with what it requires, not 'the improvements disregard is clause 5.4(c)' (read 15)
        said = " ".join(main.statement.split()).rstrip(".") if main.establish else gist(main, ctx.facts)
        out = [lead + (cap_first(said) + "." if said and main.text.lower() in said.lower() else
                       f"{cap_first(main.text)} governs {label(main)}" + (f": {lower_first(said)}." if said else "."))]
    else:
        out = [lead + plain(main) + "."]
    how, more = derivation(main, ctx.facts), gist(main, ctx.facts)
    if provision(main):
        from worldsmith.generators.compose.substance.argue import applied

        if applied(ctx, main):
            return [" ".join(out + [applied(ctx, main)])]
    elif how:
        out.append(pick.frame(["That figure is {how}.", "It is {how}.", "The figure is {how}.",
                               "It is worked as {how}."]).format(how=how))
    elif more and _VIOLATION.search(more):
        # a violation that caused the loss is our case to prove, not a fact (read 10: 'a memo that states a
        # violation and causation as fact')
        out.append(f"Our case, still to be proved, is that {lower_first(more.rstrip('.'))}.")
    elif more:
        out.append(gist_sentence(pick, more))
    from worldsmith.generators.compose.substance.minutes import possessive, theirs

    whose = theirs(ctx, points[1]) if len(points) > 1 else ""
    if whose:
        # the other side's figure is not ours to vouch for ('The total claimed is GBP 91,859, and nothing we hold
        # displaces it', in the respondent's solicitors' advice)
        out.append(cap_first(plain(points[1])) + f"; that is {possessive(whose)} figure, and we do not accept it "
                                                 f"until we have seen the papers behind it.")
    elif rival(ctx) is not None and rival(ctx) is not main and not across_figure(ctx, main):
        them = rival(ctx)
        out.append(f"It stands against {label(them)} of {them.text}, which {client_of(ctx) or 'we'} "
                   f"{'does' if client_of(ctx) else 'do'} not accept.")
    elif len(points) > 1 and ((main.reason and label(points[1]).lower() in main.reason.lower()) or
                              any(i.label.lower() == label(points[1]).lower() for i in main.inputs) or
                              (points[1].value.type in ("money", "number", "percent") and
                               points[1].text in " ".join(main.statement.split()))):
        # an input of the answer's figure is part of its working, not a second answer vouched for (blind reads: 'The
        # gross tonnage is 62,480 GT, and nothing we hold undermines it' after the cap it is an input of)
        if not how:
            out.append(f"It rests on {label(points[1])} of {points[1].text}.")
    elif len(points) > 1:
        nxt = points[1]
        out.append(cap_first(plain(nxt)) + pick.reword(pick.one([
            ", and nothing we [~hold|have seen] [~displaces|undermines] it.",
            ", which the [~documents|papers|records] on file [~support|bear out].",
            "; the [~documents|papers|records] on file bear that out."])))
    return [" ".join(out)]


def _flag_at_stake(ctx: ArtifactContext) -> str:
    """For a memo whose title is about a contract right that a named party holds (a customer's change-of-control
    termination right), the right in the words of record and the share of the business it puts at risk; '' else."""
    from worldsmith.generators.compose.substance.report import red_flags

    title = words_of(ctx.spec.title.replace("-", " "))
    flags = [(f, said) for f, said in red_flags(ctx) if len(words_of(said.replace("-", " ")) & title) >= 2]
    if not flags:
        return ""
    f, said = flags[0]
    share = next((g for g in ctx.facts if g.value.type == "percent" and re.search(r"share|concentration", label(g))), None)
    stake = (f" {cap_first(plain(share))}, so that share of revenue is at risk from the day of completion unless "
             f"{f.text} consents or waives the right.") if share else ""
    return f"{said}.{stake}"


_OPA = re.compile(r"\bOPA 90 section (?P<n>10(?P<nn>[0-2]\d))(?P<sub>(?:\([0-9a-zA-Z]+\))*)")
_BARE_OPA = re.compile(r"\bsection (?P<n>10(?P<nn>[0-2]\d))(?P<sub>(?:\([0-9a-zA-Z]+\))*)")


def _codified(ctx: ArtifactContext) -> str:
    """Where the memo's facts cite OPA 90 by its own section numbers, where each is codified in Title 33 of the US
    Code, and where the limits as adjusted for inflation are published (read 12: 'A limitation memo that cites neither
    33 USC 2704 nor 33 CFR 138'); '' where no fact cites OPA 90 so."""
    found = list(dict.fromkeys((m.group("n"), m.group("nn"), m.group("sub")) for f in ctx.facts
                               for m in _OPA.finditer(f"{f.statement} {f.text}")))
    if found or re.search(r"\bOPA 90\b", ctx.spec.title):
        # a bare 'section 1001(32)(A)' in a statement of an OPA 90 matter is OPA 90's too (read 16: 'A research memo
        # on 1001(32) that neither quotes the definition nor cites any case')
        found += [(m.group("n"), m.group("nn"), m.group("sub")) for f in ctx.facts
                  for m in _BARE_OPA.finditer(f.statement)]
        found = list(dict.fromkeys(found))
    if not found:
        return ""
    cites = [f"section {n}{sub} at 33 U.S.C. {2700 + int(nn)}{sub}" for n, nn, sub in found[:3]]
    out = f"For the citations: OPA 90 {join_names(cites)}."
    if any(n == "1001" and sub.startswith("(32)") for n, _, sub in found):
        out += (" Section 1001(32)(A) defines the responsible party for a vessel as any person owning, operating, or "
                "demise chartering the vessel; a voyage or time charterer, which neither owns nor operates the vessel "
                "nor takes it on demise, is not within the definition, and its exposure is in contract or by "
                "contribution under section 1009 (33 U.S.C. 2709), not as a responsible party.")
    limit = any(re.search(r"\blimit|\bcap\b", f"{f.label} {f.statement}", re.I) for f in ctx.facts)
    if limit and any(n == "1004" for n, _, _ in found):
        out += (" The limits as last adjusted for inflation are those the Coast Guard publishes at 33 CFR 138.240, "
                "and the evidence of financial responsibility for them is governed by 33 CFR Part 138.")
    return out


def _provisions_read(ctx: ArtifactContext) -> str:
    """Where a fact's statement turns on how one provision works on another ('Section 11.2 ... obliges Okeford to
    indemnify ..., and Section 12.4 excludes Okeford's indemnity obligations under Section 11.2 from the Section 12.2
    cap'), each provision's operative words in turn and what the later one does to the earlier (read 12: 'The memo on
    the "12.4 carve-out" never analyses 12.4'); '' where no statement links two provisions."""
    from worldsmith.generators.compose.substance.articles import _fragments, _operative, agreement_name

    for f in ctx.facts:
        parts = _fragments(f.statement)
        if len(parts) < 2:
            continue
        agreement = next((agreement_name(m.group(1)) for m in [re.search(
            r"\bof (?:the )?([A-Z][\w&'-]*(?: [A-Z][\w&'-]*)* (?:Agreement|Contract))\b", f.statement)] if m), "")
        said = [(number, _operative(part, [], agreement)) for number, part in parts]
        said = [(n, w) for n, w in said if w]
        if len(said) < 2:
            continue
        first, rest = said[0], said[1:]
        out = f"Section {first[0]} reads, in substance: {first[1]}"
        for number, words in rest:
            words = "t" + words[1:] if words.startswith("The ") else words
            out += f" Section {number} then provides that {words}"
        refs = [n for n, _ in said]
        return (out + f" Read together, a claim that falls within Section {refs[0]} is governed by what Section "
                f"{refs[-1]} says of it, and the question is whether each head of loss falls within Section "
                f"{refs[0]} at all.")
    return ""


_GROUND = re.compile(r"\b(?:says|argues|contends|maintains|asserts) (?:that )?(?P<g>[^.;]+?),? so (?P<c>[^.;]+)")


def weighed(ctx: ArtifactContext, fs: list[FactRef]) -> str:
    """The figures the relevant facts set out, named once and set against each other: ours beside the other side's,
    with what the gap between them turns on where the record says ('so para 4.3 caps ...'); else what they come to."""
    from worldsmith.generators.compose.substance.minutes import possessive, theirs

    from worldsmith.generators.compose.substance.argue import against, across_figure

    # (never 'the question is which of them the record supports', with nothing after it: read 15, 'The Analysis
    # section says nothing'): the other side's figure taken apart input by input where the paper carries one
    argued = against(ctx)
    main = next((f for f in fs if source_phrase(f) and not across_figure(ctx, f)), None)
    out = ""
    if main is not None:
        # a pointer to where the figure the memo turns on is checked, and how it is worked, once
        how = derivation(main, ctx.facts)
        # (reasoned from, not recited: 'The amount in dispute (USD 1,992,000) is the figure to check first', read 22:
        # 'a memo's analysis recites figures instead of reasoning from them')
        so = ("so it is the whole of the gap between those figures, and it narrows only as one of them moves"
              if re.search(r"\bless\b", how or "") else "so it stands or falls with each of those figures")
        out = (f"{cap_first(label(main))} ({main.text}), at {source_phrase(main)}, is what the question comes down to"
               + (f": it is {how}, {so}." if how else "."))
    if argued:
        return argued[0] if main is not None and f"{label(main)} is {main.text}" in argued[0] else \
            " ".join(x for x in [argued[0], out] if x)
    others = [f for f in figures(ctx.facts) if theirs(ctx, f)]
    ours = [f for f in fs if f not in others]
    grounds = {id(f): _GROUND.search(" ".join(f.statement.split())) for f in others}
    others.sort(key=lambda f: grounds[id(f)] is None)  # the figure whose ground the record states, first
    if others and ours:
        them = others[0]
        whose = theirs(ctx, them)
        ground = grounds[id(them)]
        name = label(them)
        # ('Brightwing's accepted amount' is already theirs: never "Brightwing Airways Limited's Brightwing's ...")
        owner = "" if "'s " in name or whose.split()[0].lower() in name.lower() else possessive(whose) + " "
        name = name.removeprefix("the ") if owner else name
        out += (f" {cap_first(owner + name)} of {them.text} stands only if "
                + (f"{ground.group('g')}; that is the premise to test, because if it fails, so does the conclusion "
                   f"that {ground.group('c')}." if ground else
                   f"the papers behind it bear it out, and we have not seen them.")
                + (f" Against it, {label(ours[0])} is {ours[0].text}." if ours[0] is not main else ""))
    return out.strip()


def memo_analysis(pick: Picker, ctx: ArtifactContext, told_elsewhere: bool = False, risks_apart: bool = False
                  ) -> list[str]:
    """The analysis: each figure stated with how it is derived and where it can be checked, then what ties them; the
    other facts in full unless a background section states them (then by label and value)."""
    from worldsmith.generators.compose.substance.argue import provision

    paras = []
    numbers = figures(ctx.facts)
    ps = points_of(ctx)
    order = [f for f in ps if f in numbers] + [f for f in ps if f not in numbers] + \
        [f for f in ctx.facts if identity(f) and all(f is not g for g in ps)]
    worked, done = draft_working(ctx)
    recap: list[FactRef] = []
    cited_once = False
    from worldsmith.generators.compose.substance.argue import pivot, pivot_argument

    # the two values of an input argued are set out in the argument, not restated after it
    p = pivot(ctx) if pivot_argument(ctx) else None
    argued_pair = [p["ours"], p["them"]] if p is not None else []
    for f in order:
        if f is done or any(f is g for g in argued_pair):
            continue  # a draft's figure is stated once, with its working
        if told_elsewhere and f in numbers and not identity(f):
            # the relevant facts set each figure out with its working and source: the analysis names them once and
            # weighs them, never states them again (read 14: 'Relevant Facts and Analysis are the same paragraphs
            # repeated')
            recap.append(f)
            continue
        if identity(f) and f.establish and re.search(r"\d", f.statement) and not told_elsewhere:
            # a named thing whose statement carries figures (the comparable: its headline rent, its rent-free
            # months, its net effective rent) is evidence the analysis weighs, not context
            paras.append(stated(pick, f, ctx.facts))
            continue
        if identity(f) and (told_elsewhere or all(f is not g for g in ps) or f.text in ctx.spec.title):
            continue  # a thing the memo's heading names is no finding ('The matter concerns the vessel, ...')
        if identity(f):
            more = gist(f, ctx.facts)
            if more and f.text not in more:
                more = lower_first(more) if more.split()[0] in ("The", "A", "An") else more
            paras.append(cap_first(plain(f)) + (f": {more}." if more and f.text not in more else "."))
        elif f in numbers or not told_elsewhere:
            # one pointer to where the figures are checked, not one after each ('The figure can be checked at ...'
            # after every figure of the period-of-restoration memo of a fresh business-interruption outline)
            paras.append(stated(pick, f, ctx.facts, cite=not cited_once))
            cited_once = cited_once or bool(source_phrase(f))
        elif provision(f):
            continue  # the provision is read above, not named again as 'the disregard is clause 7.2(b)'
        else:
            paras.append(cap_first(plain(f)) + pick.reword(pick.one([", as set out [~above|in the background].",
                                                                     ", as the [~background records|background shows|"
                                                                     "facts above record]."])))
    from worldsmith.generators.compose.substance.argue import against, construction

    if recap and weighed(ctx, recap):
        paras.insert(0, weighed(ctx, recap))
    elif recap:
        # nothing across the table and no sheet yet: the figure the memo turns on, with its working, once, in plain
        # words, never under a stock tag (blind read 36: a 'Working' section that read only 'The figure this turns on
        # is the Halvorsen activation fee, USD 1,860,000.')
        f = next((g for g in recap if g.reason), recap[0])
        how = derivation(f, ctx.facts)
        rest = [g for g in recap if g is not f]
        paras.insert(0, f"{cap_first(label(f))} is {f.text}" + (f", being {how}." if how else ".") +
                     (f" It is read with {join_names([f'{label(g)} ({g.text})' for g in rest])}." if rest else ""))
    elif against(ctx):
        paras += against(ctx)
    # a provision read against the record first: a memo on a cap says what the cap applies to (read 15: 'It never
    # reads or construes para 4.3')
    paras[:0] = construction(ctx)
    from worldsmith.generators.compose.substance.argue import pivot_argument

    # two figures that differ in one input: that input argued, each side's value and ground against the provision's
    # words, before the figures are restated
    argued_input = pivot_argument(ctx)
    if argued_input:
        paras.insert(0, argued_input)
    from worldsmith.generators.compose.substance.argue import applied, provision

    for f in [g for g in ps[:1] if provision(g)]:
        if applied(ctx, f):
            words = gist(f, ctx.facts)
            if paras and recap and paras[0].startswith(f"{cap_first(label(next((g for g in recap if g.reason), recap[0])))} is "):
                paras.pop(0)  # the provision's reading names the figure with its working
            words = words if re.match(r"[A-Z][a-z]+ \d", words) else lower_first(words)
            paras.insert(0, f"{cap_first(f.text)} is the provision in point" + (f": {words}." if words else ".") +
                         " " + applied(ctx, f))
    derived = [f for f in order if f.reason]
    for f in derived[:1]:
        governs = binding_limb(f, ctx.facts)
        if governs:
            paras.append(governs)
    provisions = _provisions_read(ctx)
    if provisions:
        paras.append(provisions)
    codified = _codified(ctx)
    if codified:
        paras.append(codified)
    main = ps[0] if ps else None
    cited = cited_clause(ctx.facts)
    if main is not None and identity(main) and cited is not None and re.search(r"\bnot a\b", gist(main, ctx.facts)):
        # a party that is not the statutory one can be reached only through the others or the contract: say so, and
        # what the contract's cap does to it (the memo 'only recites Clause 41.3')
        client = client_of(ctx) or principal(ctx, ctx.author.organisation)
        capped = re.search(r"capped at ([A-Z]{3} [\d,]+)", " ".join(f.statement for f in cited[2]))
        paras.append(f"It follows that {client} can be reached only through {main.text}, by a claim for contribution, "
                     f"or under the contract; and under the contract, Clause {cited[0]} "
                     + (f"caps what {client} can be made to pay at {capped.group(1)}" if capped else
                        "sets the limit of what it can be made to pay")
                     + ". The contribution route is the live risk, and the clause is our answer to it.")
    if _flag_at_stake(ctx) and re.search(r"change of control", _flag_at_stake(ctx), re.I):
        from worldsmith.generators.compose.substance.report import red_flags

        holder, target = red_flags(ctx)[0][0].text, opponent(ctx) or "the company"
        signing = re.search(r"condition (?:to|of) signing|before signing", ctx.spec.purpose or "", re.I)
        # the protection the memo recommends is the one its analysis argues for (read 15: 'The analysis says to make
        # consent a condition to completion, but the recommendation says "condition to signing"')
        paras.append(f"The acquisition is itself a change of control of {target}, so the right is triggered on "
                     f"completion, and nothing in the sale removes it. "
                     + (f"The buyer should not sign into that risk: {holder}'s written consent or waiver should be in "
                        f"hand as a condition to signing, so that the buyer is never bound to complete without it; "
                        f"a condition to completion would leave the buyer committed while the consent is sought, and "
                        f"a price or escrow adjustment prices the risk rather than removing it." if signing else
                        f"The protections open to the buyer are {holder}'s written consent or waiver, made a "
                        f"condition to completion, and, failing that, a price or escrow adjustment for the revenue at "
                        f"risk."))
    if worked:
        paras.insert(0, worked)
    broken = limit_breaking(ctx)
    if broken:
        paras.append(broken)
    paras += statutory_deadlines(ctx)
    doubt = "" if risks_apart else uncertain(ctx)
    if doubt:
        paras.append(doubt)
    read = titled_provision(ctx, " ".join(paras))
    if read:
        # read 23: 'The memo on Clause 6.7 reserves has a one-sentence Analysis and never discusses Clause 6.7'
        paras.insert(0, read)
    why = explained(ctx) if len(re.findall(r"[.!?](?:\s|$)", " ".join(paras))) <= 1 else ""
    if why:
        # read 23: 'An options memo ... The Analysis section is one sentence' (its purpose: 'explains why the
        # synergies add-back fails')
        paras.append(why)
    from worldsmith.generators.compose.substance.story import argued

    # the matter's argument on the points the purpose names, from the outline's prose (read 25: 'A memo on wilful
    # misconduct with no Article 29 analysis ... Its "Analysis" is one line of arithmetic')
    story = argued(ctx, " ".join(paras))
    if story:
        # after the figure the memo works first, before the inputs restated
        paras.insert(min(1, len(paras)), " ".join(story))
    # each provision the facts cite, read and applied (read 23: 'Arithmetic only: no legal analysis'); one the record
    # only names opens the analysis
    read_out = provisions_applied(ctx, " ".join(paras))
    bare = [r for r in read_out if not re.search(r"\bIt follows\b|\bApplied here\b", r)]
    paras = bare + paras + [r for r in read_out if r not in bare]
    return merge_short(paras)


_WHY = re.compile(r"\bexplains why (?P<p>.+?)(?=,? and (?:recommends|advises|proposes|sets out|explains|computes|works)"
                  r"\b|[.;,]|$)", re.I)


def explained(ctx: ArtifactContext) -> str:
    """What a memo's purpose says it explains ('explains why the synergies add-back fails'), answered from the part of
    its facts' statements that speaks to it, then what that does to the figures worked from that fact; ''
    where the purpose explains nothing or no statement speaks to it."""
    from worldsmith.generators.compose.substance.method import _stems

    m = _WHY.search(" ".join((ctx.spec.purpose or "").split()))
    if m is None:
        return ""
    point = m.group("p").strip()
    want = _stems(point)
    parts = [(f, part.strip().rstrip(". ")) for f in ctx.facts
             for part in re.split(r";\s+", " ".join(f.statement.split()))]
    # each word of the point weighed by how few parts carry it: 'synergies' names the part, 'add-back' is in several
    seen_in = {w: sum(w in _stems(p) for _, p in parts) for w in want}

    def weight(text: str) -> float:
        return sum(1 / seen_in[w] for w in want & _stems(text) if seen_in[w])

    def rarest(text: str) -> float:
        return max((1 / seen_in[w] for w in want & _stems(text) if seen_in[w]), default=0)

    scored = sorted(parts, key=lambda fp: (-rarest(fp[1]), -weight(fp[1])))
    if not scored or weight(scored[0][1]) < 1:
        return ""
    f, part = scored[0]
    out = f"{cap_first(point)} because {lower_first(part) if part.split()[0] in ('The', 'A', 'An') else part}."
    # what the point does to the figures: each figure worked from that fact, then the figure worked from that
    chain, seen = [], {f.id}
    at = f
    for _ in range(2):
        nxt = next((g for g in ctx.facts if g.id not in seen and g.reason and label(at) in g.reason), None)
        if nxt is None:
            break
        chain.append(nxt)
        seen.add(nxt.id)
        at = nxt
    if chain:
        out += " On that footing " + ", and ".join(f"{label(g)} is {g.text}" for g in chain) + "."
    return out


_TITLED = re.compile(r"\b(?:[Cc]lause|[Ss]ection|[Aa]rticle|[Pp]ara(?:graph)?|[Rr]ule)\s+\d+(?:\.\d+)*(?:\([\w]+\))*")
# the proposition a memo's purpose says it sets out ('Sets out that the reserves are ...'), up to the next thing it does
_THAT = re.compile(r"\b(?:sets out|explains|advises|concludes|argues|shows|confirms) that (?P<p>.+?)"
                   r"(?=,? and (?:recommends|advises|proposes|sets out|explains|computes|works)\b|[.;]|$)", re.I)


def titled_provision(ctx: ArtifactContext, said: str) -> str:
    """A reading of the provision a memo's title names where its analysis does not discuss it: the provision, what the
    memo's facts say of it, the proposition the memo's purpose says it sets out, and the figures of record it
    governs; '' where the title names none or the analysis already reads it."""
    m = _TITLED.search(ctx.spec.title)
    if m is None:
        return ""
    prov = m.group(0)
    if re.search(rf"\b{re.escape(prov)}(?![\d.]\d)", said, re.I):
        return ""
    name = cap_first(prov)
    # a statement is quoted in full only by the papers that establish its fact (fact_statement_established_only:
    # the Article 33(1) memo of an unseen outline pasted the incident report's sentence and was quarantined)
    cited = [" ".join(f.statement.split()).rstrip(". ") + "." for f in ctx.facts
             if f.establish and re.search(rf"\b{re.escape(prov)}(?![\d.]\d)", f.statement, re.I)]
    point = _THAT.search(" ".join((ctx.spec.purpose or "").split()))
    if not cited and point is None:
        return ""
    rows = [f"{name} is the provision in point."]
    rows += cited[:2]
    if point is not None:
        rows.append(f"On our reading of {name}, {point.group('p').rstrip(', ')}.")
    from worldsmith.generators.compose.substance.method import _stems

    # the figures of record the reading governs: those whose statements speak to what the title and the reading name
    want = _stems(ctx.spec.title + " " + (point.group("p") if point is not None else ""))
    money = [f for f in figures(ctx.facts) if f.value.type == "money"]
    near = sorted(money, key=lambda f: -len(want & _stems(label(f) + " " + f.statement)))
    near = [f for f in near if want & _stems(label(f) + " " + f.statement)][:2]
    if near:
        rows.append(f"That is the footing on which {join_names([f'{label(f)} ({f.text})' for f in near])} "
                    f"{'is' if len(near) == 1 else 'are'} taken in this memorandum.")
    other = opponent(ctx)
    if other:
        rows.append(f"{other} may argue for a wider reading of {name}; we would meet it with the words of {name} "
                    f"itself, read with the terms around it.")
    return " ".join(rows)


_ACT = re.compile(r"\b((?:the )?[A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)* Act(?: of \d{4})?(?: \(\w+(?: \d+)?\))?)")


def draft_working(ctx: ArtifactContext) -> tuple[str, FactRef | None]:
    """A superseded draft's own working of the figure it got wrong, as its author wrote it on the day: the arithmetic
    the file room's label records ('USD 2,300 x 62,480 GT = USD 143,704,000') and the statute the matter turns on
    (read 10: 'For the record, the OPA 90 liability cap is USD 143,704,000' with no statute, regulation or rate
    cited), and the fact it works; ('', None) for any other paper."""
    if not ctx.distractor_label:
        return "", None
    for f in ctx.facts:
        m = re.search(r"\(([^()]*?=\s*" + re.escape(f.text) + r")\)", ctx.distractor_label)
        if m and not f.reason:
            act = _ACT.search(ctx.world_summary)
            under = f", the limit {act.group(1)} sets for a vessel of this size" if act else ""
            return f"{cap_first(label(f))} is worked as {m.group(1).strip()}{under}.", f
    return "", None


# What a statute that sets a deadline requires before it, and what follows a miss, where the deadline's statement
# cites it (read 10: memos 'that only restate the figure' with no statute or analysis).
_STATUTES = (
    (re.compile(r"1320a-7k\(d\)"),
     "The statute requires the overpayment to be reported and returned to the Medicare contractor by that date, with "
     "a written statement of the reason for it; an overpayment kept after the deadline becomes an obligation under "
     "the False Claims Act (31 U.S.C. 3729(b)(3)), with treble damages and per-claim penalties, and can lead to "
     "exclusion. The date runs from quantification, so it is not moved by further work on the sample: anything still "
     "open is refunded on the figure as it stands and corrected afterwards."),
)
_STATUTE_CITE = re.compile(r"\b(\d+ U\.S\.C\. [\w.()-]+|\d+ C\.?F\.?R\.? [\w.()-]+)")


def statutory_deadlines(ctx: ArtifactContext) -> list[str]:
    """For a deadline that a statute sets, what the statute requires before it and what follows a miss: a known
    statute's own terms, else that a statutory date cannot be extended by anyone in the matter; [] where no date's
    statement cites a statute."""
    out = []
    for f in ctx.facts:
        if f.value.type != "date" or f.past:
            continue
        statement = " ".join(f.statement.split())
        cite = _STATUTE_CITE.search(statement)
        if not cite:
            continue
        known = next((text for pattern, text in _STATUTES if pattern.search(statement)), "")
        out.append(known or f"The date is set by {cite.group(1)}, not by agreement, so no one in the matter can "
                            f"extend it; every step it requires is to be done before it, not on the day.")
    return out


_VIOLATION = re.compile(r"\bviolat\w*\b.*\bcaus", re.I)
_CITATION = re.compile(r"\b(\d+ (?:CFR|C\.F\.R\.|U\.S\.C\.) [\w.()-]+|(?:OPA 90|CERCLA) section [\w()]+|"
                       r"(?:section|regulation|rule) \d[\w.()]*)")


def limit_breaking(ctx: ArtifactContext) -> str:
    """A memo's analysis of a ground that a party violated a rule and the violation caused the loss: the elements the
    party relying on it must prove, what goes to each, and which is contested; '' where no fact states such a ground
    (read 10: 'a memo that states a violation and causation as fact with no analysis')."""
    ground = next((f for f in ctx.facts if _VIOLATION.search(" ".join(f.statement.split()))), None)
    if ground is None:
        return ""
    statement = " ".join(ground.statement.split())
    rule = next((f.text for f in ctx.facts if _CITATION.search(f.text)), "") or \
        next((m.group(1) for m in _CITATION.finditer(statement) if not re.search(r"OPA 90|CERCLA", m.group(1))),
             "the regulation")
    # the provision that lifts the limit as the ground's own statement cites it; never another fact's citation (the
    # cap's own section 1004(a)(1) is not the one that breaks it)
    statute = next((m.group(1) for m in _CITATION.finditer(statement)
                    if re.search(r"OPA 90|CERCLA|U\.S\.C", m.group(1)) and m.group(1) != rule), "")
    what = re.search(r"(?::\s*)?([^:]*?),\s*a violation\b", statement)
    failed = lower_first(what.group(1).strip()) if what else f"the requirement of {rule} was not met"
    client = client_of(ctx) or principal(ctx, ctx.author.organisation)
    other = opponent(ctx) or "the other side"
    under = f" under {statute}" if statute else ""
    sea = re.search(r"\b(vessel|ship|tanker|allision|collision|grounding)\b", statement, re.I)
    subject, papers, loss = (("the vessel on the voyage in question", "the logs, the Coast Guard's investigation and "
                              "the surveyor's findings", "the casualty") if sea else
                             ("the party at the time", "the records, the regulator's findings and the experts' "
                              "reports", "the loss"))
    return (f"Breaking the limit{under} is for {client} to prove, on three elements. First, that {rule} applied to "
            f"{subject}. Second, that it was violated: our case is that {failed}, which goes to {papers}. Third, and "
            f"hardest, that the violation proximately caused {loss}: {other} will say the failure would have happened "
            f"whether or not {rule} was complied with, so causation has to be shown from the failure itself, that "
            f"compliance would have revealed or prevented it. The first two are matters of record; causation is our "
            f"case, not yet a finding, and until it is made good the limit stands.")


def memo_risks(ctx: ArtifactContext) -> list[str]:
    """A memo's risks: what is not yet certain on the papers, and how far the other side can move the point the memo
    turns on; [] when the facts show nothing uncertain (the genre's frames then write the section)."""
    doubt = uncertain(ctx)
    if not doubt:
        return []
    points, other = points_of(ctx), opponent(ctx)
    main = points[0] if points else None
    rows = [doubt]
    if other and main is not None and main.value.type != "text":
        src = source_phrase(main)
        rows.append(f"We expect {other} to test {label(main)}" + (f"; our working is at {src}, and it should be "
                                                                 f"checked again before anything goes to {other}."
                                                                 if src else f" before anything is agreed."))
    return [" ".join(rows)]


_LIMBS = re.compile(r"^the (?P<which>lesser|greater) of (?P<a>.+) and (?P<b>the [^,]+?)$")


def binding_limb(f: FactRef, facts: list[FactRef]) -> str:
    """For a figure that is the lesser or greater of two limbs, which limb sets it on these figures and what follows
    (the other limb plays no part unless the figures change); '' for any other formula."""
    m = _LIMBS.match(f.reason.strip())
    if not m:
        return ""
    a, b = m.group("a"), m.group("b")
    other = next((g for g in facts if label(g) == b and g.value.type == f.value.type), None)
    if other is None or f.value.type != "money":
        return ""
    b_sets = getattr(other.value, "amount", None) == getattr(f.value, "amount", None)
    setter, loser = (b, a) if b_sets else (a, b)
    loser_text = f" ({other.text})" if not b_sets else ""
    if m.group("which") == "lesser":
        return (f"On these figures it is {setter} that sets {label(f)}, not {loser}{loser_text}: the argument over "
                f"{loser} matters only if {setter} fell away.")
    return (f"On these figures {setter} governs, not {loser}{loser_text}, so {label(f)} turns on {setter} and on "
            f"nothing else.")


# Words of a statement that say a figure is one side's assertion or a provisional number, not an established one.
_DOUBT = re.compile(r"\b(alleg\w*|attribut\w*|demand\w*|claimed|preliminary|estimate[ds]?|interim|proposed|"
                    r"asserts?|theory|notice of intent|draft|subject to|unless|extrapolat\w*)\b", re.I)


# the head of a paper that sets terms: a term it sets is fixed, whatever words its statement has
_INSTRUMENT = re.compile(r"^(policy|agreement|contract|deed|lease|charter(?:party)?|licen[cs]e|facility|indenture|"
                         r"wording|schedule)$")


def uncertain(ctx: ArtifactContext) -> str:
    """What is not yet certain on the papers: the facts whose statement says they are one side's assertion or a
    provisional figure, with whose they are; '' when every fact is established."""
    from worldsmith.generators.compose.bank import picker_for

    pick = picker_for(ctx, 7)
    orgs = [o.name for o in ctx.organisations]
    out = []
    for f in ctx.facts:
        if identity(f) or not _DOUBT.search(f.statement) or f.value.type == "date":
            continue
        if f.establish and f.paper_by in ("", ctx.author.organisation) or _INSTRUMENT.search(head_noun(f.paper)):
            # the writer's own finding is not provisional to it, nor someone else's figure it has not tested (blind read
            # 29: a costs referee's report called the costs it found 'provisional'; an adjuster's final report called
            # the balance it worked 'the insured's figure'); nor is a term the policy or contract sets ('subject to a
            # deductible of JPY 10,000,000' read as doubt)
            continue
        # whose figure: the organisation the statement names first ('Kestrel Bay's demand ... to Ostrander')
        named = sorted((f.statement.find(o.split()[0]), o) for o in orgs
                       if o != ctx.author.organisation and f.statement.find(o.split()[0]) >= 0)
        whose = named[0][1] if named else ""
        mine = whose and home_side(ctx, whose) == home_side(ctx, ctx.author.organisation)
        own = ctx.author.organisation.split()[0]
        if re.match(rf"^(?:The\s+)?{re.escape(own)}\b", " ".join(f.statement.split())):
            # (whoever else the statement names: a valuer's 'estimates the liquidation value of <the company>'s assets'
            # is the valuer's own figure, never '<the company>'s figure ... not tested', blind read 28)
            continue  # the author's own count is not an estimate to it (read 14: 'Auditor's report says its own count
            # "is an estimate, not a settled number"')
        words = {m.lower()[:8] for m in _DOUBT.findall(f.statement)}
        if (not whose or mine) and words <= {"extrapol"}:
            # a figure of our own side worked by extrapolation is quantified, not 'an estimate and not yet settled'
            # (read 15: the findings report 'calls 46/400 "an estimate" and says the overpayment is "not yet settled" a
            # week after the 60-day clock is said to have started')
            continue
        if words == {"unless"} and not re.search(r"\bunless\b[^.;]*\b(break\w*|broken|exceed\w*|lost|breach\w*)\b",
                                                f.statement, re.I):
            # 'an event of default unless cured or waived' says what follows from a figure, not that the figure is in
            # doubt (blind read 17: 'a filler risk line ("a ceiling, not a floor")' on a leverage ratio of 3.70x)
            continue
        if "unless" in f.statement.lower() and f.reason:
            # a limit that holds unless broken: say what would break it, where the memo carries the ground
            ground = next((g for g in ctx.facts if g is not f and g.value.type == "text" and
                           re.search(r"\bbreak(ing)?\b", label(g) + " " + g.statement, re.I)), None)
            out.append(f"{cap_first(label(f))} holds only unless the limit is broken" +
                       (f", and the ground on which we say it is broken is {ground.text}." if ground else
                        "; it is a ceiling, not a floor."))
        elif whose and not mine:
            out.append(f"We have not accepted {label(f)} ({f.text}): it is {whose}'s figure, and we have not tested it "
                       f"against the underlying papers.")
        elif re.search(r"\b(estimate\w*|extrapolat\w*|preliminary)\b", f.statement, re.I):
            out.append(agree(f"{cap_first(label(f))} ({f.text}) " + pick.vary(
                "[is an estimate, not a settled figure|is an estimate and not yet settled|remains an estimate, not "
                "a final figure], [and may move as the record develops|and may move as more records arrive|and may "
                "change as the record develops]."), [label(f)]))
        elif f.reason:
            # a figure worked from others is as settled as its inputs, which are weighed themselves: its statement's
            # 'claimed' names an input ('the smaller of the surcharge claimed and the cap'), and 'the surcharge
            # payable remains provisional and may move as the record develops' is a filler line (read 21: 'ends with
            # a filler line', 'Flaws: ... has a filler line')
            continue
        elif not {w.lower() for w in _DOUBT.findall(f.statement)} - {w.lower() for w in _DOUBT.findall(label(f))}:
            # a doubt word that is only the figure's name ('the interim payment', a sum paid) says nothing of doubt
            continue
        else:
            out.append(agree(f"{cap_first(label(f))} ({f.text}) " + pick.vary(
                "[is provisional|remains provisional] [and may move as the record develops|and may "
                "change as the record develops]."), [label(f)]))
        if len(out) == 2:
            break
    if not out:
        return ""
    return pick.vary("[What remains uncertain|What remains open|What is unsettled]: ") + " ".join(lower_first(x) if i == 0 else x for i, x in enumerate(out))


def memo_background(pick: Picker, ctx: ArtifactContext) -> list[str]:
    """The relevant facts in the order they happened: the named things in one sentence, then dated facts and the
    others, each with its source."""
    things = [f for f in ctx.facts if identity(f)]
    order = [f for f in ctx.facts if f.value.type in ("date", "text") and not identity(f)] or \
        [f for f in ctx.facts if not identity(f)]
    # (the named things as facts of record, not 'The matter concerns the vessel, M/T Aurelian Tide and ...')
    head = [cap_first("; ".join(plain(f) for f in things)) + "."] if things else []
    # (a figure another firm's report sets out is cited to that report, not to a line of the workbook behind it:
    # blind read 35, au 17, a board paper whose 'facts are sourced to spreadsheet "entries"')
    return merge_short(head + [stated(pick, f, ctx.facts, cite=not report_behind(f, ctx.author.organisation)) +
                               (f" {pick.one(['Source:', 'It is taken from', 'See'])} {report_behind(f, ctx.author.organisation)}"
                                f"{' of ' + long_date(f.paper_day, ctx.locale) if f.paper_day else ''}."
                                if report_behind(f, ctx.author.organisation) else "") for f in order])


def memo_next_steps(pick: Picker, ctx: ArtifactContext, due: str) -> list[str]:
    """What happens next: instructions, the working kept current, the dates diarised, the step towards the other side."""
    reader = asker(ctx)
    other = opponent(ctx)
    rows = []
    if reader is not None and reader.organisation != ctx.author.organisation:
        from worldsmith.generators.compose.bank import picker_for

        rows.append(picker_for(ctx, 12).reword(
            f"{reader.first_name} to [~confirm|give|provide] instructions by {due}." if family_key(ctx.voice.family) ==
            "legal" else f"{reader.first_name} to [~let us have|give us|send us] a decision by {due}."))
    sheets = list(dict.fromkeys((m.group("sheet"), f.source_by) for f in ctx.facts
                                for m in [re.match(r'^the "[^"]+" line of the (?P<sheet>.+)$', source_phrase(f))] if m))
    if sheets and sheets[0][1] in ("", ctx.author.organisation):
        rows.append(f"{ctx.author.first_name} will keep the {sheets[0][0]} current and report any change in its "
                    f"figures.")
    elif sheets:
        # another firm's sheet is kept by that firm (read 23: 'Counsel offers to "keep the Extrapolation workbook
        # current"', the auditors' workbook)
        rows.append(f"We will ask {sheets[0][1]} to tell us of any change in the figures of its {sheets[0][0]}.")
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
    from worldsmith.generators.compose.substance.weigh import route_options, routes

    if routes(ctx):
        # the routes the title names, each with its cost from the ledger (blind read 17: board advice that 'never
        # weighs the waiver (fee plus step-up) against the cure')
        return route_options(ctx, due)
    from worldsmith.generators.compose.substance.argue import rating_options

    rated = rating_options(ctx) if family_key(ctx.voice.family) == "legal" and not audit_report(ctx) else []
    if rated:
        return rated
    points = points_of(ctx)
    if not points:
        return []
    from worldsmith.generators.compose.substance.argue import across_figure, construed, our_main

    # the courses are ours: none concedes the other side's figure or a cap the record takes out of play (read 15:
    # 'Option A would concede the opponent's cap')
    main, other = our_main(ctx, points) or points[0], opponent(ctx)
    nxt = next((f for f in points if f is not main and not across_figure(ctx, f) and
                (construed(ctx) is None or f is not construed(ctx)[0])), None)
    from worldsmith.generators.compose.substance.argue import made_across

    act = f"to {main.text}" if slot_of(main) == "text_verb" else \
        f"to dispute {label(main)} of {main.text}" if across_figure(ctx, main) or made_across(ctx, main) else \
        f"on the footing that {plain(main)}"
    client = client_of(ctx) or principal(ctx, ctx.author.organisation)
    from worldsmith.generators.compose.substance.argue import provision, provision_options, rival

    from worldsmith.generators.compose.substance.argue import course_options, pivot, pivot_options

    # the courses the decision names (appraisal against settlement), or the input argued: never 'press Northgate for
    # the documents that bear on the amount in dispute' nor 'proceed now on the footing that the amount in dispute is'
    decided = course_options(ctx, due) or pivot_options(ctx, due)
    if decided:
        lead = "The courses open are these." if len(decided) > 2 else "Two courses are open."
        return [lead + (" Each is weighed by what it costs and what it risks." if courses_named(ctx) else
                        f" Each turns on the {pivot(ctx)['name']}.")] + decided
    if provision(points[0]) and rival(ctx) is None and construed(ctx) is None:
        opts = provision_options(ctx, points[0], due)
        return [pick.one(["The courses open are these.", "Three courses are realistically open."]) +
                f" Each turns on how {points[0].text} is read."] + opts
    # each course with what it costs and what it risks (blind read 8: 'Options A-C are boilerplate'); with no one
    # across the table (an audit, a refund to a Medicare contractor) nobody is told or asked to confirm
    # (each course's words from the stream of wordings, its parties and labels filled in after: the same three
    # sentences stood in every room's memo options, issue 17)
    out = [pick.reword("Option A: proceed now {act}, and [~say so to|tell|put that to] {other} in writing. [~It is the "
                       "quickest course|It is the fastest route|It is the quickest], but it commits {client} before "
                       "[~the supporting records are all in|the records behind it are complete|all the supporting "
                       "records are in].").format(act=act, other=other, client=client) if other else
           f"Option A: proceed now {act}, and record that basis on the file. It is quick, and it can be revisited if "
           f"the records change."]
    if other:
        out.append(pick.reword("Option B: [~first press|first ask|start by pressing] {other} for the documents that "
                               "bear on {label}, [~with a demand that they be preserved|and ask that they be "
                               "preserved|with a demand to preserve them], and decide once they are in (by {due}). "
                               "[~It costs a little time and keeps the point intact|It costs some time but keeps the "
                               "point open|It takes a little longer and gives nothing away].").format(
            other=other, label=label(main), due=due))
    else:
        out.append(f"Option B: keep {label(main)} open until the records behind it are complete, and revisit it by "
                   f"{due}. It costs time, and nothing is committed meanwhile.")
    inputs = [g for g in ctx.facts if g is not main and main.reason and label(g) in main.reason]
    # a course that rests on what the main figure is worked from is no course apart from it (read 21: 'Option C, "rely
    # on accrued alone", makes no sense when the accrued figure exceeds the cap'), and a party contests the other
    # side's input, never its own
    feeds = worked_from(ctx, main)
    nxt = nxt if nxt is None or label(nxt) not in feeds else None
    inputs = [g for g in inputs if across_figure(ctx, g)]
    if nxt is not None and not identity(nxt):
        out.append(pick.reword("Option C: [~rest|base|found] {client}'s position on {nxt} alone and [~keep|hold] "
                               "{main} in reserve. [~It is narrower, and it stands or falls with|It is narrower, but "
                               "everything then turns on|The case is narrower and depends entirely on] {nxt}.").format(
            client=client, nxt=label(nxt), main=label(main)))
    elif inputs:
        out.append(f"Option C: contest {label(inputs[0])}, the input {label(main)} turns on, before anything is "
                   f"conceded. It is the strongest challenge if the input is weak, and wasted effort if it is not.")
    lead = pick.one(["The courses open are these.", "Three courses are realistically open.",
                     "The options, as matters stand, are these."]) if len(out) > 2 else "Two courses are open."
    why = pick.one(([f"Each is weighed against what {other} can do in reply."] if other else []) +
                   [f"Each turns on {label(main)}, and none is free of risk."])
    return [f"{lead} {why}"] + out


def worked_from(ctx: ArtifactContext, f: FactRef) -> set[str]:
    """The labels of the facts a figure is worked from, all the way down its formulas' inputs."""
    out: set[str] = set()
    todo = [f]
    while todo:
        g = todo.pop()
        for h in ctx.facts:
            if h is not g and g.reason and label(h) in g.reason and label(h) not in out:
                out.add(label(h))
                todo.append(h)
    return out


def courses_named(ctx: ArtifactContext) -> bool:
    from worldsmith.generators.compose.substance.argue import courses

    return bool(courses(ctx))


_CERTIFIER = re.compile(r"\b(administers the contract|certifier|certifying)\b", re.I)
# (plural too: 'cargo surveyors instructed by Fenmore Clarke LLP' closed a report asking the firm's partner 'for a
# decision', read 25)
def audit_report(ctx: ArtifactContext) -> bool:
    """Whether the paper is an audit's report by the auditor who made it: an audit by its title, written by an
    organisation whose role audits (auditors, accountants) or by an author whose title does."""
    if not re.search(r"\baudit\b", f"{ctx.spec.title} {getattr(ctx.spec, 'doc_type', '')}", re.I):
        return False
    here = next((o for o in ctx.organisations if o.name == ctx.author.organisation), None)
    return bool(here is not None and _AUDITS.search(here.role) or _AUDITS.search(ctx.author.title or ""))


_AUDITS = re.compile(r"\b(auditors?|audit (?:firm|partner|manager|senior)|(?:certified public |chartered )?accountants?|"
                     r"accounting firm|CPAs?)\b", re.I)
_EXPERT = re.compile(r"\b(surveyors?|experts?|engineers?|naval architects?|forensic|actuar\w*|laborator\w*)\b", re.I)


def memo_recommendation(pick: Picker, ctx: ArtifactContext, due: str, options: bool = False) -> list[str]:
    """A recommendation from the facts when the purpose names none: the decision to take, else to proceed on the
    figure the memo turns on, with who confirms by when."""
    client = client_of(ctx) or principal(ctx, ctx.author.organisation)
    from worldsmith.generators.compose.substance.weigh import route_recommendation, route_options, routes

    if routes(ctx):
        return ([] if options else route_options(ctx, due)) + [route_recommendation(ctx, due)]
    here = next((o for o in ctx.organisations if o.name == ctx.author.organisation), None)
    from worldsmith.generators.compose.substance.argue import rating_conclusion

    auditor = audit_report(ctx) or bool(here is not None and _AUDITS.search(here.role))
    rated = rating_conclusion(ctx, auditor) if auditor or family_key(ctx.voice.family) == "legal" else \
        rating_conclusion(ctx, None) if not client_of(ctx) else ""
    if rated:
        return [rated]
    if here is not None and _CERTIFIER.search(here.role):
        # one who administers the contract between the parties certifies; it recommends nothing, least of all to
        # itself (read 19's certificate of completion: 'We recommend that Oriel Vance Architects treat August 25,
        # 2026 as a fixed date')
        return ["This is issued under the contract between the parties and takes effect as the contract provides; a "
                "party that disputes it may refer it under the contract's dispute procedure."]
    points = points_of(ctx)
    if not points:
        return []
    main = points[0]
    reader = asker(ctx) or ctx.author
    if here is not None and re.search(r"\b(valu\w*|surveyors?|apprais\w*|expert)\b", here.role, re.I) and \
            re.search(r"\b(valuation|valuer'?s?|rental value|open[- ]market)\b", f"{ctx.spec.title} {ctx.spec.purpose}",
                      re.I) and main.value.type in ("money", "number"):
        # a valuation ends on the valuer's opinion of value, not on preserving records for proceedings nor on the
        # client adopting a working figure (blind read 17: a valuer's report that 'ends with a forensic "preserve the
        # records" recommendation'); a draft's too, provisional, never asking its instructing solicitor for 'a
        # decision' on the figure (blind read 36)
        how = derivation(main, ctx.facts)
        draft = ctx.distractor_label or re.search(r"\bdraft\b", ctx.spec.title, re.I)
        return [f"Our {'provisional ' if draft else ''}opinion is that {plain(main)}" + (f", {how}" if how else "") +
                (". We will review it if further evidence comes to light." if draft else
                 ". We would support that figure on the evidence set out above, and will review it if further "
                 "evidence comes to light.")]
    # (a superseded draft's conclusion too, provisional as it was: the figure a later paper replaced)
    if audit_report(ctx) and main.value.type in ("money", "number", "percent") and \
            (not ctx.distractor_label or re.search(r"\bdraft\b", ctx.spec.title, re.I)):
        # an auditor's report ends on the auditor's conclusion on what it audited, never on its client adopting 'a
        # working figure' (blind read 26: the final royalty audit report recommended 'a "working figure"')
        how = derivation(main, ctx.facts)
        draft = "provisional " if re.search(r"\bdraft\b", ctx.spec.title, re.I) else ""
        return [f"Our {draft}conclusion is that {plain(main)}" + (f", {how}" if how else "") + ". It rests on the records we "
                "examined and the working set out above, and we will revise it only if records we have not seen are "
                "produced."]
    # (an auditor the other side engaged reports its count; it does not advise its principal to 'put its case on'
    # the claim, nor ask an unnamed 'John' for a decision: read 15)
    if here is not None and (_EXPERT.search(here.role) or
                             (re.search(r"\bauditors?\b", here.role, re.I) and not home_side(ctx, here.name))):
        # an independent expert recommends on the evidence, not on the client's case (a surveyor 'recommending that
        # Ostrander proceed on the basis that the gross tonnage is 62,480 GT' read as giving strategy)
        about = join_names([label(f) for f in points[:2] if not identity(f)]) or label(main)
        # the records are whoever's the figures are: the client's own sales ledgers behind its business interruption
        # loss, not the insurer's (a fresh outline's forensic accountants asked Northgate for Calder's records)
        # (an auditor the other side engaged audits our client's records: those still come from the audited party,
        # read 16: the vendor's auditor asked 'Quorvex', its own principal, for the licensee's deployment records)
        own = set(ctx.own_labels)
        mine = home_side(ctx, here.name) and all(f.label in own for f in points[:2] if not identity(f))
        other = principal(ctx, ctx.author.organisation) if mine else opponent(ctx)
        other = "" if other == ctx.author.organisation else other
        return [f"We recommend that the original records behind our findings on {about} be obtained"
                + (f" from {other}" if other else "") + " and preserved, and that we be given access to them before "
                f"our findings are relied on in any proceedings. We will update this report if they change any finding."]
    from worldsmith.generators.compose.substance.report import red_flags

    if re.search(r"\bmeeting notes?\b|\bnotes? of (the )?meeting\b", ctx.spec.title, re.I):
        # meeting notes recommend nothing: they list what to follow up
        ups = [label(f) for f in points if not identity(f)][:2]
        other = opponent(ctx)
        return [f"To follow up" + (f" with {other}" if other else "") + f": {join_names(ups) or 'the points above'}, "
                f"against the papers behind them. We will send the follow-up questions by {due}."]
    flags = red_flags(ctx)
    if flags:
        # a red flag is answered by the protection against it, not by 'proceed on the basis that the escrow percentage
        # is 7.5%' (read 9)
        f, said = flags[0]
        consent = re.search(r"consent|change of control|terminat", said, re.I)
        return [f"We recommend that {client} make {f.text}'s written consent to the change of control a condition to "
                f"completion, failing which it need not complete, and that it not rely on the escrow to cover this "
                f"risk." if consent else
                f"We recommend that {client} seek a specific indemnity from the Sellers against this risk, in addition "
                f"to the general warranties."]
    if identity(main) and main.value.type == "text" and not words_of(label(main)) <= words_of(ctx.spec.title.replace("-", " ")):
        return [f"We have no recommendation beyond the points above. We will revisit them if the record changes "
                f"before {due}."]
    if slot_of(main) == "text_verb":
        course = f"We recommend that {client} {main.text}."
    elif main.value.type == "date" and not main.past:
        # a deadline is worked to, not 'proceeded on the basis' of
        course = (f"We recommend that {client} treat {main.text} as a fixed date for {label(main)} and have every "
                  f"step it requires done before then, not on the day.")
    else:
        # (never 'proceed on the basis that the Quorvex audit claim is USD 2,871,000' by the licensee's own counsel,
        # nor 'that the audit clause is Section 9.4', read 15): the course acts on our side's case
        from worldsmith.generators.compose.substance.argue import our_main, sided_course

        ours = our_main(ctx, points) if identity(main) or main.value.type == "text" else main
        course = sided_course(ctx, main if ours is None else ours, client) if ours is not None or not identity(main) \
            else ""
        if not course and ours is not None and ours is not main:
            course = sided_course(ctx, ours, client)
        if not course:
            course = (f"We recommend that {client} rely on {relied_on(main)} as set out above" +
                      (f" and put that reading to {opponent(ctx)} in writing" if opponent(ctx) else "") + ".")
        main = ours or main
    from worldsmith.generators.compose.substance.argue import across_figure, construed

    from worldsmith.generators.compose.substance.argue import provision, rival

    from worldsmith.generators.compose.substance.argue import course_recommendation, pivot

    chosen, p = course_recommendation(ctx, options), pivot(ctx)
    if chosen:
        # the decision the title names, taken (never 'put its case on the offer' the landlord refused)
        course = chosen
    elif p is not None:
        course = ((("We recommend Option A: that " if options else "We recommend that ") + f"{client} hold to the "
                   f"{p['name']} of {p['ours'].text} and answer the ground for {p['them'].text} in writing")
                  + (f" on the {p['doc']}'s words" if p["words"] else "") + ".")
    elif options and provision(main) and rival(ctx) is None and construed(ctx) is None:
        course = (f"We recommend Option A: that {client} put its case on {main.text} as it reads and set that reading "
                  f"out" + (f" to {opponent(ctx)}" if opponent(ctx) else "") + " in writing.")
    elif options and (construed(ctx) is not None or across_figure(ctx, main)):
        course = "We recommend Option A. " + course.replace("We recommend that", "That is, that", 1)
    elif options and opponent(ctx) and (main.value.type == "text" or _DOUBT.search(main.statement)):
        # a ground or an assertion not yet proved is proved before it is committed to: Option B
        course = (f"We recommend Option B: that {client} obtain the documents that bear on {label(main)} before "
                  f"committing to it, holding the point in reserve meanwhile.")
    elif options:
        course = "We recommend Option A. " + course.replace("We recommend that", "That is, that", 1)
    # the client gives instructions; a colleague's view is sought before the client is asked
    from worldsmith.generators.compose.substance.common import rank
    junior = reader.id != ctx.author.id and reader.organisation == ctx.author.organisation and \
        rank(reader) > rank(ctx.author) and not options and main.value.type in ("money", "number", "percent")
    if junior:
        # a junior's working paper to their manager proposes a working figure for review; it recommends nothing to the
        # client (read 12: 'A junior analyst recommends that the client proceed'); the figure is our side's, never the
        # other side's claim it answers ('I would work on the basis that the surcharge claimed by <the supplier> is
        # ...' in the buyer's counsel's memo that concludes what the buyer must pay and can dispute)
        from worldsmith.generators.compose.substance.argue import across_figure, our_main

        if across_figure(ctx, main):
            main = our_main(ctx, points) or main
        # (of its own company, the figure goes no further than the team: Corrib's technical representative wrote
        # "before the figure is used with Corrib Aviation Capital DAC" of her own employer, aircraft redelivery seed 31)
        onward = "goes further" if client == ctx.author.organisation else f"is used with {client}"
        return [f"I would work on the basis that {plain(main)}, subject to your review of the working before the "
                f"figure {onward}. " + pick.reword(f"Could you let me have your [~comments|thoughts|views] by {due}?")]
    if reader.id == ctx.author.id:
        check = ""
    elif reader.organisation == ctx.author.organisation and not client_of(ctx):
        # a company's own paper has no client: its people decide (blind read 29: the CFO's board paper said 'the client
        # should give instructions' of his own company)
        check = " " + pick.reword(f"[Subject to {reader.first_name}'s views|Unless {reader.first_name} sees otherwise], "
                                  f"[the decision is needed|we need a decision] by {due}.")
    elif reader.organisation == ctx.author.organisation:
        first = reader.first_name
        check = " " + pick.reword(f"[Subject to {first}'s views|Unless {first} sees otherwise|Once {first} has "
                                  f"commented|If {first} is content], [the client's instructions should be sought|we "
                                  f"should seek client instructions|the client should be asked|the client should give "
                                  f"instructions] by {due}.")
    elif family_key(ctx.voice.family) == "legal":
        check = " " + pick.reword(f"{reader.first_name} should [~confirm|give|provide] instructions by {due}.")
    else:
        who = reader.first_name if reader.organisation == ctx.author.organisation else f"{reader.name} ({reader.title})"
        check = f" We would ask {who} for a decision by {due}."
    other = opponent(ctx)
    # the memo's own point and day: a matter's memos each hold back their own point, not one stock sentence
    # (a memo that recommends writing to the other side does not also forbid putting anything to it)
    # (named by its point: with an options section in every memo, as at twelve sections, one stock wording stood in
    # all five of the tanker's memos, realism_boilerplate)
    hold = " " + pick.one([f"Once instructions are in, our position on {label(main)} can go to {other} in writing.",
                           f"With instructions, we can put the position on {label(main)} to {other} in writing.",
                           f"Once we have instructions, we will write to {other} on {label(main)}."]) if other and options else ""
    return [course + check + hold]


_REMEDIES = re.compile(r"\bremed(?:y|ies)\b", re.I)
# A sum the other side owes: what a remedy demands ('royalty underpayment', 'balance due', 'total claimed').
_OWED = re.compile(r"\b(?:under-?payment|unpaid|arrears|shortfall|outstanding|overdue|balance due|sum due|owed|"
                   r"claimed|claim)\b", re.I)
_REF = re.compile(r"\b(?:[Cc]lause|[Ss]ection|[Aa]rticle|[Pp]aragraph)\s+\d+(?:\.\d+)*(?:\([\w]+\))*")


def memo_remedies(ctx: ArtifactContext) -> str:
    """What the client may do about it, where the memo's title or purpose promises its remedies: the sum it may
    demand (the ledger's figure, on the provision the record cites for it), and the further step the purpose names;
    '' where it promises none or the memo carries no sum owed. Read 22: 'The title promises "Halcyon's remedies" but
    the memo has none (no interest, notice, cure or termination).'"""
    promise = f"{ctx.spec.title} {getattr(ctx.spec, 'purpose', '') or ''}"
    if not _REMEDIES.search(promise) and not re.search(r"\badvises? on a demand\b", promise, re.I):
        return ""
    owed = [f for f in ctx.facts if f.value.type == "money" and _OWED.search(label(f))]
    if not owed:
        return ""
    # the largest sum owed is the one demanded (a total with interest over the bare underpayment)
    sum_owed = max(owed, key=lambda f: f.value.amount)
    client = client_of(ctx) or "our client"
    other = opponent(ctx)
    ref = next((m.group(0) for f in [sum_owed, *ctx.facts] for m in [_REF.search(f.statement)] if m), "")
    under = f" under {ref[:1].lower()}{ref[1:]}" if ref else ""
    named = other and other.split()[0].lower() in label(sum_owed).lower()
    out = [f"As to remedies, {client} may demand payment of {label(sum_owed)} of {sum_owed.text}"
           f"{' from ' + other if other and not named else ''}{under}, and should do so in writing, reserving its "
           f"rights."]
    rate = next((f for f in ctx.facts if f.value.type == "percent" and re.search(r"\binterest\b", label(f))), None)
    if rate is not None:
        out.append(f"Interest runs on it at {label(rate)} of {rate.text} until it is paid.")
    if re.search(r"\bterminat\w*", promise, re.I):
        # (the step after an unmet demand, never before it: the purpose names the right, the record its terms)
        out.append("Termination is a further remedy, but only once the demand has gone unmet and any cure period the "
                   "agreement gives has run; until then a notice of breach keeps the right without exercising it.")
    else:
        out.append("If the demand goes unmet, the next step is a notice of breach, which preserves every further "
                   "remedy.")
    return " ".join(out)


# a provision a statement cites: 'Section 7.11', 'section 8.04', 'clause 19.2', 'para 4.3', 'Schedule 2', 'regulation 5'
_CITED = re.compile(r"\b(?P<w>[Ss]ection|[Cc]lause|[Aa]rticle|[Pp]ara(?:graph)?|[Ss]chedule|[Rr]egulation|[Rr]ule)\s+"
                    r"(?P<n>\d+(?:\.\d+)*(?:\([\w]+\))*(?: para(?:graph)? \d+(?:\.\d+)*(?:\([\w]+\))*)?)")


def _part_citing(statement: str, ref: str) -> tuple[str, list[str]]:
    """The part of a statement that states the provision (split on semicolons), and the statement's other parts."""
    parts = [p.strip().rstrip(". ") for p in re.split(r";\s+", statement) if p.strip()]
    at = next((i for i, p in enumerate(parts) if ref in p), 0)
    return parts[at], parts[:at] + parts[at + 1:]


def _in_words(f: FactRef, part: str) -> str:
    """A part of a fact's statement as this paper may say it: whole where the paper establishes the fact or the part is
    not the whole statement, else its label and value (the whole statement is the establishing paper's alone:
    fact_statement_established_only)."""
    whole = " ".join(f.statement.split()).rstrip(". ")
    if f.establish or part.rstrip(". ") != whole or len(whole) < 40:
        return part
    tail = re.search(r":\s+(?P<c>[^:]+)$", whole)
    return f"{label(f)} is {f.text}" + (f": {tail.group('c')}" if tail and not re.search(r"\d", tail.group("c")) else "")


def _sentence(text: str) -> str:
    return lower_first(text) if text.split()[0] in ("The", "A", "An") else text


def provisions_applied(ctx: ArtifactContext, said: str) -> list[str]:
    """For each provision the memo's facts' statements cite that its analysis does not yet read: what it provides (in
    the statement's words), how it applies to the facts of the matter with their sources, what the other side says
    against it, and the conclusion (read 23: 'Arithmetic only: no legal analysis'; 'the surcharge memo (no reading of
    clauses 6.2/6.3)'; 'misstates s.8.04 ... The Analysis section is one sentence'). No figure the ledger does not
    own: every figure is a fact's. [] where no statement cites a provision."""
    from worldsmith.generators.compose.substance.argue import owned, rival
    from worldsmith.generators.compose.substance.minutes import theirs

    out, seen = [], set()
    other = opponent(ctx)
    # a provision named in a paper's title ('the Surcharge computation against the clause 6.3 cap') is not read
    for g in ctx.facts:
        if source_phrase(g):
            said = said.replace(source_phrase(g), "")

    def states(g: FactRef, cite: str) -> bool:
        part = _part_citing(" ".join(g.statement.split()), cite)[0]
        return bool(re.match(rf"(?:(?:Under|By) )?(?:the )?{re.escape(cite)}\b", part, re.I))

    refs = [(f, ref) for f in ctx.facts for ref in _CITED.finditer(" ".join(f.statement.split()))]
    # each provision from the fact that states it ('Clause 6.3 caps ...'), before one that only mentions it
    refs.sort(key=lambda fr: not states(*[fr[0], fr[1].group(0)]))
    for f, ref in refs:
        statement = " ".join(f.statement.split())
        if True:
            cite = ref.group(0)
            name = f"{ref.group('w').lower()} {ref.group('n')}"
            if name in seen or re.search(rf"\b{re.escape(ref.group('w'))}\s+{re.escape(ref.group('n'))}(?![\d.]\d)",
                                         said, re.I):
                continue
            seen.add(name)
            if not states(f, cite) and not identity(f):
                continue  # only mentioned ('the reference periods clause 6.2 names'): nothing of it to read
            part, rest = _part_citing(statement, cite)
            under = re.match(rf"^(?:Under|By) (?:the )?{re.escape(cite)}(?P<of> of [^,]+?)?,? (?P<rest>[a-z].+)$", part)
            if under:
                provides = f"{cap_first(name)}{under.group('of') or ''} provides that {under.group('rest')}."
            elif re.match(rf"(?:the )?{re.escape(cite)}\b", part, re.I):
                if f.establish or len(statement) < 40 or rest:
                    provides = cap_first(part) + "."
                else:
                    # the whole statement is another paper's to state: the provision by what it sets, and the terms
                    # it sets it on in the statement's own words
                    on = re.search(r", (?P<on>[a-z][^,]{14,}),", part)
                    provides = (f"{cap_first(name)} sets {label(f)} at {f.text}"
                                + (f", {on.group('on')}" if on else "") + ".")
            else:
                bare = re.sub(rf"\s*\((?:under )?{re.escape(cite)}\)", "", part)
                provides = f"{cap_first(name)} is the provision in point: {_sentence(_in_words(f, bare))}."
            # how it applies: what the same statement says of the matter, then each other fact of the memo whose
            # label the provision's words name (the ratio the covenant tests, the figure the cap limits)
            words = part.lower()
            # (first the facts that work the same provision: 'The most clause 6.3 allows ... is USD 2,361,600')
            applied = [g for g in ctx.facts if g is not f and not identity(g) and re.search(
                rf"\b{re.escape(ref.group('w'))}\s+{re.escape(ref.group('n'))}(?![\d.]\d)", g.statement, re.I)
                and not theirs(ctx, g)]
            applied += [g for g in ctx.facts if g is not f and not identity(g) and g not in applied
                        and len(label(g).removeprefix("the ")) > 6 and label(g).removeprefix("the ").lower() in words]
            rows = [provides]
            if not rest and not applied:
                # a provision the record only names (a customer's right, stated with who holds it) is the footing the
                # analysis starts from, with nothing of the matter to apply it to and nobody across the table on it
                out.insert(0, provides)
                continue
            src = source_phrase(f)
            if rest:
                rows.append(f"Applied here, {_sentence(rest[0])}" + (f" ({src})" if src else "") + ".")
            for g in applied[:2]:
                gsrc = source_phrase(g)
                rows.append(("Applied here, " if len(rows) == 1 else "On the facts, ") +
                            _sentence(_in_words(g, " ".join(g.statement.split()).rstrip(". ")))
                            + (f" ({gsrc})" if gsrc else "") + ".")
            # what the other side says: a figure of theirs among the memo's facts, else their reading to be met
            across = next((g for g in ctx.facts if g is not f and theirs(ctx, g)), None)
            them = rival(ctx) if across is None else None
            carried = set(re.findall(r"\d[\d,.]*\d|\d", " ".join(g.text for g in ctx.facts)))
            how = re.search(r":\s+(?P<h>[^:]+)$", " ".join(them.statement.split()).rstrip(". ")) if them else None
            if how and not set(re.findall(r"\d[\d,.]*\d|\d", how.group("h"))) <= carried:
                how = None
            if them is not None and them is not f and other:
                # the other side's figure the provision answers, in the words of its statement (the surcharge memo:
                # 'the full 18.5% index rise applied to the annual contract value')
                rows.append(f"Against that, {owned(ctx, them)} is {them.text}" + (f", {how.group('h')}" if how else "")
                            + f"; that figure stands only so far as {name} allows it.")
            elif across is not None:
                rows.append(f"Against that, {theirs(ctx, across)} puts {label(across)} at {across.text}; it stands "
                            f"only if {name} bears the reading it needs, which its words above do not give it.")
            # (no other side's figure or ground on the record: nothing is said for it, never 'may read it otherwise')
            # the conclusion: what the provision does to the figure of record it governs
            last = applied[0] if applied else (f if f.value.type != "text" else None)
            if last is not None:
                tail = re.search(r":\s+(?P<c>[^:]+)$", " ".join(last.statement.split()).rstrip(". "))
                if tail and not re.search(r"\d", tail.group("c")):
                    rows.append(f"It follows, on {name}, that {label(last)} of {last.text} stands, and with it "
                                f"{tail.group('c')}.")
                else:
                    # and the figure worked from it (the cap, then what is payable under it)
                    nxt = next((g for g in ctx.facts if g is not last and g.reason and label(last) in g.reason
                                and not theirs(ctx, g)), None)
                    rows.append(f"It follows that, on {name}, {label(last)} is {last.text}"
                                + (f", and {label(nxt)} is {nxt.text}" if nxt is not None else "") + ".")
            out.append(" ".join(rows))
    return out

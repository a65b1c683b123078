"""Minutes' sections: who said what (each fact put by the side it comes from), what was decided on the meeting's day,
matters arising and the actions that follow from the facts."""

from __future__ import annotations

import datetime as dt
import re
from typing import NamedTuple

from worldsmith.generators.compose.bank import Picker, picker_for
from worldsmith.generators.compose.facts import slot_of
from worldsmith.generators.compose.genres import _short_date
from worldsmith.generators.compose.parties import client_of, home, neutral, opponent, principal
from worldsmith.generators.compose.text import cap_first, join_names, lower_first
from worldsmith.generators.context import ArtifactContext, FactRef, PersonRef
from worldsmith.generators.compose.substance.common import (asker, chair, meeting_day, decisions, derivation, gist, identity,
                                                            label, merge_short, plain, present, rank, source_phrase,
                                                            speaker)


_FIRST_MEETING = re.compile(r"kick.?off|initial meeting|first meeting|planning meeting", re.I)


def minutes_discussion(pick: Picker, ctx: ArtifactContext, facts: list[FactRef], day: str) -> list[str]:
    """Who said what: each fact put by the person whose side it comes from, a computed figure questioned and
    explained."""
    people = present(ctx)
    paras = []
    things = [f for f in facts if identity(f)]
    # terms on file that did not move this week (a signing target, an expiry, an escrow rate set in the letter of
    # intent) are recorded once as standing, not each 'observed' by someone as if news (blind read 17: 'Eve-of-signing
    # minutes that only restate dates'; 'Jayne Shaw observed that the signing target is 16 October 2026. Jayne Shaw
    # noted that the exclusivity expiry is 21 October 2026.')
    standing = [f for f in facts if f not in decisions(ctx.facts) and not identity(f) and not f.fresh and
                f.value.type in ("date", "percent", "money", "number") and not derivation(f, ctx.facts) and
                not gist(f, ctx.facts) and not source_phrase(f)]
    if len(standing) < 2 or len(standing) == len([f for f in facts if not identity(f)]) and not ctx.week:
        standing = []
    briefing = _teller(ctx, people) if _FIRST_MEETING.search(ctx.spec.title) else None
    told_by = ""
    for f in facts:
        if f in decisions(ctx.facts) or identity(f) or any(f is g for g in standing):
            continue
        who = speaker(pick, ctx, f, people)
        said = pick.one(["reported that", "confirmed that", "noted that", "told the meeting that", "pointed out that",
                         "explained that", "said that", "flagged that", "observed that"])
        s = f"{who.name} {said} {plain(f)}"
        happened = what_happened(f)
        if happened:
            # an event is told with what happened, by those who know it (kick-off minutes that recorded only
            # "Michael Wilson explained that the date of the casualty was February 24", an associate telling the
            # client its own casualty's date, blind read 20)
            who = _teller(ctx, people) or who
            s = f"{who.name} took the meeting through what happened: {plain(f)}, {happened}"
        elif briefing and not derivation(f, ctx.facts) and not f.source and not provision_of(f) and \
                who.organisation != briefing.organisation:
            # at a kick-off the client briefs the advisers it has just instructed on its own matter, not the other way
            # round (blind read 20: 'Nicole Henderson reported ...' and 'Jill Blackwell explained that the date of the
            # casualty was ...', an associate telling the client the facts of its own matter)
            who = briefing
            s = (f"{who.first_name} added that {plain(f)}" if told_by == who.id else f"{who.name} {said} {plain(f)}")
        elif f.paper_instrument and f.paper and not f.fresh and not derivation(f, ctx.facts) and not provision_of(f):
            # a term of the instrument on file is read from it, not 'reported' as news (blind read 35, us 16: 'Margaret
            # Luna reported that the contract substantial completion date was December 5, 2025')
            s = f"{who.name} referred the meeting to the {f.paper}, under which {plain(f)}"
        elif (ground := provision_of(f)) and not derivation(f, ctx.facts):
            # a term of the contract is put with the provision it stands on, not 'observed' as if news (blind read 20:
            # 'Karen Mcmahon observed that the maximum total net leverage ratio is 3.5x' at a kick-off; "Decisions"
            # that only restate a fixed contract term)
            verb = ("took the meeting through", "referred the meeting to", "went through")[len(f.id) % 3]
            s = f"{who.name} {verb} {ground}: {plain(f)}"
        src = source_phrase(f)
        if src and f.source_day is not None and f.source_day > meeting_day(ctx):
            # a sheet made after the meeting is no paper anyone showed at it (read 18: 'At the June 26 meeting it
            # cites the "Settlement and balance due" sheet, which was compiled June 29')
            src = ""
        s += f", as shown at {src}." if src else "."
        how, more = derivation(f, ctx.facts), gist(f, ctx.facts)
        # a question of how a figure was worked comes from across the table, never from the speaker's own colleague
        # ('the analyst asks the client, in the meeting, how the fund's own price was worked out')
        # (from across the table: never the adviser asking its own client how the client's price was worked, read 14:
        # 'The analyst "asked how it was arrived at" (12.5x x EBITDA)')
        others = [p for p in people if home(ctx, p.organisation) != home(ctx, who.organisation)]
        if how and others:
            asker = pick.one(others)
            s += f" {asker.first_name} asked how it was arrived at; {who.first_name} explained that it is {how}."
        elif how:
            s += f" {who.first_name} took the meeting through the working: it is {how}."
        elif more:
            s += f" {who.first_name} added that {lower_first(more)}."
        told_by = who.id
        paras.append(s)
    if standing:
        paras.append(pick.one(["The terms on file are unchanged: ", "No change to the terms on file: ",
                               "The terms on file stand as before: "]) +
                     join_names([f"{label(f)} ({f.text})" for f in standing]) + ".")
    if things:
        paras.insert(0, f"Background to the meeting of {day}: " + join_names([plain(f) for f in things]) + ".")
    if _FIRST_MEETING.search(ctx.spec.title):
        paras.insert(0, _kick_off(ctx))
    if paras and not things:
        lead = pick.one([f"At the meeting on {day}, ", f"On {day}, "])
        paras[0] = lead + (lower_first(paras[0]) if paras[0].startswith(("The terms", "Nothing has")) else paras[0])
    # a weekly meeting's own week: the papers that went round since the last one, as someone took the meeting
    # through them (its news figures are among the facts above)
    for e in [e for e in (ctx.week or []) if e.what == "paper"][:2]:
        who = next((p for p in people if p.name == e.by), None)
        if sent_out(ctx, e):
            other = the_other_side(ctx)
            paras.append(f"{who.name if who else 'It was reported that'} {'reported that ' if who else ''}the {e.title} "
                         f"went out on {_short_date(e.day, ctx.locale)}" + (f" to {other}" if other else "") +
                         "; no response yet.")
            continue
        lead = f"{who.name} took the meeting through the {e.title}" if who else \
            f"The meeting turned to the {e.title} ({e.org}, {_short_date(e.day, ctx.locale)})"
        # (the point the paper makes, not that "comments were invited" or "the points on it were noted": minutes of
        # a meeting taken through a paper that recorded nothing of it, blind read 20)
        # (and, where the paper puts forward no figure, what it records: "the points on it were noted" on an
        # overview with no figure, blind read 20)
        tail = pick.one([".", "; comments to follow."])
        if e.concludes:
            # (advice by what it advises: 'it puts the largest customer's revenue share at 18.4%' of counsel's memo
            # on a change-of-control right, blind read 22: 'reduced to a number')
            tail = f": {e.concludes}" + tail
        elif e.point and e.point_text:
            tail = f": it puts {e.point} at {e.point_text}" + tail
        elif e.finding:
            tail = f": it records that {e.finding}" + tail
        paras.append(lead + tail)
    # a week with nothing new still records what stands: a date of the ledger that fell in the week, our paper the
    # other side has not answered, the next date in the diary ('held the day after exclusivity lapsed and records no
    # decision about it')
    carried = {f.id for f in ctx.facts}
    # (by name, not by date: a weekly note restates no date it has already gone past, test_week)
    gone = [e for e in ctx.week or [] if e.what == "passed" and e.label not in " ".join(paras)]
    if gone:
        heard, _ = lapsed(ctx, [e.label for e in gone])
        paras += heard or [picker_for(ctx, 14).reword(
            "The meeting [~noted|recorded|was told] that {gone} " + ("has" if len(gone) == 1 else "have") +
            " [~passed|gone by].").format(gone=join_names([e.label for e in gone]))]
    for e in ctx.week or []:
        if e.what == "awaited":
            paras.append(f"{e.org} has still not answered the {e.title}, sent on {_short_date(e.day, ctx.locale)}.")
        elif e.what == "next" and e.fact in carried and e.text and e.text not in " ".join(paras):
            paras.append(f"The next date in the diary is {e.label} ({e.text}).")
    return merge_short(paras)


# An event's statement with what happened on the day ('The casualty occurred on February 24, 2026, when the vessel
# lost steering ...'); the digits of a provision are no figure ('clause 19.2').
_WHEN = re.compile(r",\s+(?P<when>when\s+.+)$")
_PROVISION = re.compile(r"\b(?:clauses?|sections?|articles?|paragraphs?|schedules?|rules?|regulations?|ss?\.|§)\s*"
                        r"[\d.]+(?:\([a-z0-9]+\))*", re.I)


def what_happened(f: FactRef) -> str:
    """What happened on a past date, from its statement's 'when' clause ('when the vessel lost steering ...'), no
    full stop; '' where the fact is no past date, its statement says nothing of what happened, or the clause carries
    a figure or date (the engine writes those from their facts)."""
    if slot_of(f) != "date_past":
        return ""
    m = _WHEN.search(" ".join(f.statement.split()).rstrip("."))
    if m is None or re.search(r"\d", _PROVISION.sub("", m.group("when"))) or len(m.group("when").split()) < 5:
        return ""
    return m.group("when")


# The provision a term stands on, as its statement cites it ('Section 7.11 of the credit agreement', 'clause 19.2'),
# with the instrument where the statement names it before its verb.
_CITED = re.compile(r"\b(?:[Cc]lause|[Ss]ection|[Aa]rticle)\s+\d+(?:\.\d+)*(?:\([a-z0-9]+\))*"
                    r"(?: of the (?:[A-Z][\w&'-]* )?[a-z][a-z' -]{1,30}?(?= (?:requires|provides|lets|caps|sets|says|"
                    r"gives|allows|makes|fixes|charges|limits|is|are)\b))?")


def provision_of(f: FactRef) -> str:
    """The provision a figure or date of the ledger stands on, as its statement cites it; '' where it cites none."""
    if f.value.type not in ("money", "number", "percent", "date"):
        return ""
    m = _CITED.search(" ".join(f.statement.split()))
    return m.group(0) if m else ""


def _teller(ctx: ArtifactContext, people: list[PersonRef]) -> PersonRef | None:
    """Who tells a meeting what happened: the most senior person present of the client, whose matter it is; None
    where the client is not in the room."""
    client = client_of(ctx)
    theirs = [p for p in people if client and p.organisation == client]
    return max(theirs, key=rank) if theirs else None


_OUTGOING = re.compile(r"\b(offer|letter|LOI|letter of intent|notice|proposal|demand)\b", re.I)


def sent_out(ctx: ArtifactContext, e) -> bool:
    """Whether a paper of the week is our side's paper to the other side (an offer, a letter, an LOI), already sent
    when the meeting sits: it is answered or chased, never commented on 'before it is final' or put 'in our next
    letter' (read 14: 'Action to put the revised EV in "our next letter to Cindermill" by 13 Oct, although the
    revised offer went to Ostler Brook that morning'; 'Agrees that Sally will send comments on the LOI "before it is
    final" after it was sent to the sell side on 2 Sep')."""
    return e.what == "paper" and bool(_OUTGOING.search(e.title or "")) and \
        home(ctx, e.org) == home(ctx, ctx.author.organisation) and not re.search(r"\bminutes\b", e.title, re.I)


_SIGNING = re.compile(r"\b(signing|signature|completion|closing|exchange)\b", re.I)
_EXCLUSIVITY = re.compile(r"\b(exclusivity|standstill|lock-?up|no-shop)\b", re.I)
_HELD_BY = re.compile(r"\bsubject to (?P<c>(?:the |a |an )?[^,.;]+)|\bonce (?P<o>(?:the |a |an )?[^,.;]+?) (?:is|are) in "
                      r"place\b", re.I)


def holding_up(ctx: ArtifactContext) -> str:
    """What the record says signing waits on ('subject to the change-of-control consent of the largest customer',
    'once the Ashgrove consent and the completion mechanics are in place'): the facts first, then the summary; ''
    where it says nothing."""
    for text in [*(f.statement for f in ctx.facts), ctx.world_summary]:
        m = _HELD_BY.search(" ".join((text or "").split()))
        if m:
            said = (m.group("c") or m.group("o")).strip()
            said = re.sub(r"^(?:approved|signed|agreed)\s+", "", said)
            return said if re.match(r"(the|a|an)\b", said, re.I) else f"the {said}"
    return ""


def the_other_side(ctx: ArtifactContext) -> str:
    """Whom an extension is asked of: the other side's adviser where the plan has one (a sell-side adviser), else the
    other side itself; '' where there is none."""
    return _sellers_adviser(ctx) or opponent(ctx)


def _sellers_adviser(ctx: ArtifactContext) -> str:
    for o in ctx.organisations:
        if re.search(r"\b(sell-side|seller'?s'?|vendors?'?)\b.*\badviser|\badviser\b.*\b(sellers?|shareholders|vendors?)\b",
                     o.role, re.I) and o.name != ctx.author.organisation:
            return o.name
    return ""


def lapsed(ctx: ArtifactContext, gone: list[str]) -> tuple[list[str], list[str]]:
    """(what the meeting heard, what it agreed) when dates of the timetable have passed: why signing did not happen
    (what the record says it waits on), what a lapsed exclusivity means and the extension asked for, and where the
    deal stands (read 14: 'Minutes of the call after signing was missed and exclusivity lapsed record no cause, no
    extension and no Ashgrove status, only "took stock"')."""
    people = present(ctx)
    house = sorted([p for p in people if p.organisation == ctx.author.organisation] or people, key=rank, reverse=True)
    lead = house[0] if house else ctx.author
    client = client_of(ctx) or principal(ctx, ctx.author.organisation)
    other = the_other_side(ctx)
    held = holding_up(ctx)
    heard, agreed = [], []
    signing = [g for g in gone if _SIGNING.search(g)]
    excl = [g for g in gone if _EXCLUSIVITY.search(g)]
    rest = [g for g in gone if g not in signing and g not in excl]
    if signing:
        heard.append(f"{lead.name} reported that {join_names(signing)} {'has' if len(signing) == 1 else 'have'} "
                     f"passed without signature" + (f": {held} is not yet in place, and the papers are not signed "
                                                    f"without it" if held else "") + ".")
    if excl:
        heard.append(f"With {join_names(excl)} passed, exclusivity has lapsed: "
                     + (f"{other} is free to talk to other bidders until it is extended." if other and
                        not _sellers_adviser(ctx) else "the sellers are free to talk to other bidders until it is "
                                                       "extended."))
        agreed.append(f"Agreed that {lead.first_name} asks {other or 'the sellers'} in writing for an extension of "
                      f"exclusivity" + (f" to cover the time {held} needs" if held else "") +
                      f", and that {client} confirms the revised timetable before it is sent.")
    if signing:
        agreed.append("Status: the transaction remains live on the terms already approved; a new signing date is to "
                      "be set" + (f" once {held} is in place" if held else " when the open points are closed") + ".")
    if rest:
        agreed.append(f"Agreed that {lead.first_name} takes instructions from {client} on what follows from "
                      f"{join_names(rest)}.")
    return heard, agreed


def lapsed_actions(ctx: ArtifactContext, gone: list[str], base: dt.date) -> list[tuple[str, str, dt.date]]:
    """The actions after dates of the timetable have passed: the extension asked for, what signing waits on chased,
    a new signing date put to the client."""
    from worldsmith.generators.compose.voice import next_workday

    people = present(ctx)
    house = sorted([p for p in people if p.organisation == ctx.author.organisation] or people, key=rank, reverse=True)
    lead = house[0] if house else ctx.author
    junior = house[-1] if house else ctx.author
    other = the_other_side(ctx)
    held = holding_up(ctx)
    client = client_of(ctx) or principal(ctx, ctx.author.organisation)
    rows = []
    if any(_EXCLUSIVITY.search(g) for g in gone):
        rows.append((f"Ask {other or 'the sellers'} in writing for an extension of exclusivity", lead.name,
                     next_workday(base, 1)))
    if held and any(_SIGNING.search(g) for g in gone):
        rows.append((f"Chase {held} and report when it is expected", junior.name, next_workday(base, 2)))
    if any(_SIGNING.search(g) for g in gone):
        rows.append((f"Put a new signing date to {client}", lead.name, next_workday(base, 3)))
    if not rows:
        rows.append((f"Agree the next steps with the client now that {join_names(gone)} "
                     f"{'has' if len(gone) == 1 else 'have'} passed", lead.name, next_workday(base, 1)))
    return rows


def _papers_asked(ctx: ArtifactContext) -> str:
    """What a kick-off asks the client to send, in the author's trade: a law firm's documents on file, an auditor's or
    adviser's list of requested records (blind read 36: audit kick-off minutes asked for 'the documents on file
    (contracts, notices and correspondence)')."""
    from worldsmith.generators.compose.voice import family_key

    if family_key(ctx.voice.family) == "legal":
        return "the documents on file (contracts, notices and correspondence to date)"
    return "the records on the request list (schedules, reconciliations and supporting documents)"


def _instructs(ctx: ArtifactContext) -> str:
    """What the client's senior person does at a kick-off: a law firm's client gives instructions; an auditor's or
    adviser's client is responsible for its side of the work (blind read 36: the audited company's CFO 'gives
    instructions' to its auditors)."""
    from worldsmith.generators.compose.voice import family_key

    return "gives instructions" if family_key(ctx.voice.family) == "legal" else "leads the company's side of the work"


def _kick_off(ctx: ArtifactContext) -> str:
    """What a kick-off settles before any figure: who does what on each side, who is the single point of contact for
    requests, and how progress is reported."""
    people = present(ctx)
    client = client_of(ctx)
    ours = sorted([p for p in people if p.organisation == ctx.author.organisation], key=rank, reverse=True)
    theirs = sorted([p for p in people if p.organisation != ctx.author.organisation and
                     (not client or p.organisation == client)], key=rank, reverse=True)
    out = []
    if ours:
        lead, rest = ours[0], ours[1:]
        team = f"; {join_names([f'{p.name} ({p.title})' for p in rest[:3]])} will do the day-to-day work" if rest else ""
        out.append(f"{lead.name} introduced the {ctx.author.organisation} team: {lead.first_name} leads and is "
                   f"responsible for the work{team}.")
    if theirs:
        contact = theirs[-1] if len(theirs) > 1 else theirs[0]
        out.append(f"For {theirs[0].organisation}, {theirs[0].name} ({theirs[0].title}) {_instructs(ctx)} and "
                   f"{contact.name if contact is not theirs[0] else theirs[0].first_name} is the day-to-day point of "
                   f"contact for requests and questions.")
    if ours and theirs:
        from worldsmith.generators.compose.bank import picker_for

        out.append(picker_for(ctx, 11).reword(
            f"{ours[0].first_name} will report progress to {theirs[0].first_name} at the [~regular|scheduled|agreed] "
            f"status calls and raise anything that affects scope, timing or cost [~as soon as it arises|promptly|"
            f"without delay]."))
    return " ".join(out)


# the verbs an outline's meeting purpose says what happened with, and their past for the minutes
_PAST = {"agree": "agreed", "agrees": "agreed", "decide": "decided", "decides": "decided", "choose": "chose",
         "chooses": "chose", "discuss": "discussed", "discusses": "discussed", "approve": "approved",
         "approves": "approved", "reject": "rejected", "rejects": "rejected", "accept": "accepted",
         "accepts": "accepted", "resolve": "resolved", "resolves": "resolved", "appoint": "appointed",
         "appoints": "appointed", "instruct": "instructed", "instructs": "instructed", "is": "was", "are": "were",
         "take": "took", "takes": "took", "review": "reviewed", "reviews": "reviewed", "elect": "elected",
         "elects": "elected", "sign": "signed", "signs": "signed", "confirm": "confirmed", "confirms": "confirmed"}
_OUTCOME_VERBS = re.compile(r"\b(?:agrees?|decides?|chooses?|approves?|rejects?|accepts?|resolves?|appoints?|"
                            r"instructs?|elects?|signs?)\b|\bno \w+(?: \w+)? is (?:reached|agreed|made)\b", re.I)


# What a meeting agrees that its minutes state from the room's coming papers (work_recorded).
_WORK = re.compile(r"\b(workstreams?|work ?plan|scope|timetable|timeline|programme|program)\b", re.I)


def meeting_outcome(ctx: ArtifactContext) -> str:
    """What the outline says a meeting did, as its minutes record it ('Counsel and the client agree to audit under
    section 9.3 and choose Castellan' -> 'Counsel and the client agreed to audit under section 9.3 and chose
    Castellan.'); '' where it says no decision."""
    m = re.search(r"\bdecided: (?P<p>.+?)(?:; [^;]+ called it and took the chair)?$", ctx.spec.purpose or "")
    verb = _OUTCOME_VERBS.search(m.group("p")) if m else None
    first = re.search(r"\b(?:agrees?|decides?|chooses?|discuss(?:es)?|approves?|rejects?|accepts?|resolves?|appoints?|"
                      r"instructs?|elects?|signs?|reviews?|confirms?|takes?)\b", m.group("p"), re.I) if m else None
    if verb is None or first is None:
        return ""
    if re.match(r"\s*(?:on\s+)?(?:how|what|whether|which|when|who|where)\b", m.group("p")[first.end():], re.I):
        # 'agree how the loss will be measured' says what the meeting was for, not what it agreed: recorded as it
        # stands it promises an answer the minutes do not give ('Agreed how to answer the invoice ...')
        return ""
    agreed = re.split(r";", m.group("p")[first.end():])[0].strip()
    items = [x.strip() for x in re.split(r",\s*(?:and\s+)?|\s+and\s+", agreed) if x.strip()]
    # (approving, accepting, rejecting or signing a paper is itself the decision: 'approves the financial statements
    # for issue' is recorded, blind read 36's audit committee, whose minutes decided nothing without it)
    acted = re.match(r"(?:approv|accept|reject|sign)", first.group(0), re.I)
    if not acted and not _WORK.search(agreed) and (any(re.match(r"(?:how|what|whether|which|when|who|where)\b", x, re.I)
                                         for x in items) or items and all(re.fullmatch(r"the [a-z -]+", x) for x in items)):
        # what was agreed named only by its kind ('agreed the lines of defence, the evidence and who gathers it',
        # blind read 34) is what the meeting was for: the minutes state what was agreed from the points, or claim
        # nothing (a timetable or workstreams are stated, paper by paper: work_recorded)
        return ""
    # from its first verb on, in the minutes' words: never the outline's note itself, whose subject and first words a
    # reader would be reading (realism_purpose_not_pasted)
    # (a verb after 'to' stays as it is: 'decided to take', never 'decided to took')
    said = re.sub(r"(?<!\bto )\b(" + "|".join(_PAST) + r")\b", lambda g: _PAST[g.group(1).lower()],
                  m.group("p")[first.start():], flags=re.I)
    return cap_first(said.strip().rstrip(".")) + "."


def _named_by_kind(outcome: str) -> bool:
    """Whether a recorded outcome names what was agreed only by its kinds ('Agreed the timetable, the PBC list and the
    areas of focus.'), with no figure, name or date that would say what it was."""
    m = re.match(r"Agreed (?P<w>the .+?)\.?$", outcome)
    items = [x.strip() for x in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group("w"))] if m else []
    return bool(items) and all(re.fullmatch(r"the (?:[a-z-]+|[A-Z]{2,4})(?: (?:[a-z-]+|[A-Z]{2,4}))*", x) for x in items)


def work_papers(ctx: ArtifactContext) -> list:
    """The papers the meeting's side is to make after it (ctx.coming_papers, set for minutes of a meeting that agrees
    its work): what the workstreams deliver, who leads each, and when."""
    return list(ctx.coming_papers) if ctx.spec is not None and getattr(ctx.spec, "doc_type", "") == "minutes" else []


def work_recorded(ctx: ArtifactContext, outcome: str) -> list[str]:
    """What a meeting that agreed its workstreams, scope or timetable agreed them to be: each paper due after it with
    who leads it and its day, in date order (read 23: 'Kick-off minutes record only the EV arithmetic. Workstreams and
    timetable are "agreed" with no content'); [] where the outcome agrees none or no attendee has a paper due."""
    from worldsmith.generators.compose.text import long_date

    named = re.findall(r"\b(workstreams?|work ?plan|scope|timetable|timeline|programme|program)\b", outcome, re.I)
    papers = work_papers(ctx)
    if not named or not papers:
        return []
    rows = [f"({i}) the {p.title}, led by {p.maker}, due " + (f"by {p.at}" if p.at else long_date(p.day, ctx.locale))
            for i, p in enumerate(papers, 1)]
    what = join_names(list(dict.fromkeys(f"the {n.lower()}" for n in named)))
    out = [f"{cap_first(what)} agreed, paper by paper, with who leads each and when it is due: " + "; ".join(rows)
           + "."]
    ahead = sorted([f for f in ctx.facts if f.value.type == "date" and not f.past], key=lambda f: f.text)
    if ahead:
        out.append(f"Each works back from {join_names([f'{label(f)} ({f.text})' for f in ahead[:2]])}.")
    return out


def nothing_agreed(ctx: ArtifactContext) -> bool:
    """Whether the outline says the meeting reached no agreement ('no settlement is reached')."""
    return bool(re.search(r"\bno (?:settlement|agreement|deal|resolution)\b[^.;]*\b(?:reached|agreed|made)\b|"
                          r"\bwithout (?:agreement|settlement)\b", ctx.spec.purpose or "", re.I))


def minutes_decisions(pick: Picker, ctx: ArtifactContext, day: str, due: str) -> list[str]:
    """What the meeting decided: what the outline says it did, a decision of the ledger recorded by whoever took it,
    then what the meeting agreed to work to, and the minutes' own confirmation."""
    people = present(ctx)
    # (where the meeting chose between two routes its resolution records the choice, with its reason: said once)
    outcome = meeting_outcome(ctx) if chosen_route(ctx)[1] is None else ""
    recorded = work_recorded(ctx, outcome)
    if outcome and not recorded and _named_by_kind(outcome):
        # a timetable or list agreed with no paper to state it by is claimed with none of its content (blind read 36:
        # 'agreed the timetable, the PBC list and the areas of focus' recorded none of them): the minutes claim nothing
        outcome = ""
    out = ([outcome] if outcome else []) + recorded
    # a decision with its reason and its deadline (read 10: 'minutes that record a decision meeting without the
    # decision, its reason and its deadline'): the reason in the words of record where the statement gives one, the
    # deadline a date of the ledger this meeting works to, with why it falls then
    deadline = next((g for g in ctx.facts if g.value.type == "date" and not g.past), None)
    taken_dates: set[str] = set()
    for f in decisions(ctx.facts):
        client = client_of(ctx) or principal(ctx, ctx.author.organisation)
        who = speaker(pick, ctx, f, people)
        if slot_of(f) == "text_verb" and _resolving_body(ctx):
            # a board or committee decides by its own resolution; no officer 'confirms' it for the company (blind read
            # 29: board minutes in which the general counsel 'confirmed' the company's decision to appeal)
            # (in the body's own voice, naming no one it resolves for: a committee of creditors resolves to approve a
            # plan, it does not resolve that the professional who minutes it approve one)
            out.append(f"{cap_first(_resolving_body(ctx))} resolved to {f.text}.")
        elif slot_of(f) == "text_verb":
            out.append(f"{who.name} confirmed {client}'s decision to {f.text}.")
        else:
            out.append(f"Decision recorded on {day}: {f.text}.")
        said = lower_first(re.sub(r"^On [^.]*?\d{4},? ", "", " ".join(f.statement.split())).rstrip("."))
        if _REASON.search(f.statement):
            out.append(f"The reasoning, as recorded: {said}.")
        elif _TERMS.search(f.statement):
            # what the decision commits to and by when ('meaning a signed waiver ... before signing')
            out.append(f"The terms of the decision, as recorded: {said}.")
        if deadline is not None and deadline.id not in taken_dates:
            taken_dates.add(deadline.id)
            because = f" {deadline.statement.strip().rstrip('.')}." if deadline.text in deadline.statement else ""
            out.append(f"Deadline: it is to be carried out before {label(deadline)}, {deadline.text}.{because} "
                       f"Management is to confirm to the {_body(ctx)} that it has been done before then.")
    # what the meeting settled on each point: a paper due by a deadline drafted and signed off before it, a figure of
    # ours put into that paper (or to the other side) with its working, a figure of the other side's held back until
    # its papers are in; a date that names no paper is worked to (read 9: 'Noted: the total claim payable is the
    # figure the papers use' recorded no decision, and 'Reconcile X to the line of the workbook' was make-work)
    steps = meeting_steps(ctx, meeting_day(ctx))
    out += [_worked_once(ctx, s) for s in steps]
    # the date first, then what it is: '{label} of {text}' read as a paper of that day where the label ends in one
    # ('to work to the deadline for the response to the draft audit report of February 13, 2026': grant-audit at
    # seeds 61 and 131, quarantined by no_later_paper_named, and a reader would take the report for one of that day)
    dates = [f"Agreed on {day} to work to {{text}} as {{label}} until the next meeting.",
             f"The meeting of {day} agreed to work to {{text}} as {{label}}; any change comes back to this meeting."]
    taken = {s.fact for s in steps}
    for f in [g for g in ctx.facts if g.value.type == "date" and not g.past and g.id not in taken | taken_dates][:1]:
        out.append(pick.one(dates).format(label=label(f), text=f.text))
    # what else was agreed: the next steps the actions table holds, said as what the meeting agreed (a Decisions
    # section that held only 'Sally to circulate these minutes' recorded no decision at all)
    out += agreed_next(ctx)
    taker, ch = ctx.author, chair(ctx)
    if ch.id == taker.id:
        out.append(pick.reword(f"{taker.first_name} to [~circulate|send round|distribute] these minutes for comment by {due}."))
    else:
        out.append(pick.reword(f"{taker.first_name} to [~circulate|send round|distribute] these minutes; {ch.first_name} to "
                               f"[~confirm|approve|agree] them by {due}."))
    return merge_short(out)


_FIGURE = re.compile(r"\b[A-Z]{3} [\d,]+(?:\.\d+)?|\b\d[\d,]*(?:\.\d+)?\b")


def _worked_once(ctx: ArtifactContext, step) -> str:
    """A step's decision, its working said once: where the minutes' points already recite the figure with every
    figure of its working, the decision refers to them (blind read 35, de 15: 'the price build-up is recited twice',
    'Price: the buyer paid EUR 109,356,600: equity value ..., less leakage ..., plus the ticker ...' then 'Agreed
    between the parties: the purchase price at closing of EUR 109,356,600, worked as the equity value ...')."""
    said = " ".join(getattr(p, "text", "") or "" for p in getattr(ctx.spec, "points", None) or [])
    f = next((g for g in ctx.facts if g.id == step.fact), None)
    m = re.search(r", worked as (?P<how>.+?)\.$", step.decision)
    if f is None or m is None or f.text not in said or \
            not all(x in said for x in _FIGURE.findall(m.group("how")) if x != f.text):
        return step.decision
    return step.decision[:m.start()] + ", as recited above."


# A decision's statement that gives its reason: the course it was preferred to, or why it was taken.
_REASON = re.compile(r"\b(rather than|instead of|because|since|so that|in order to|to avoid|given that|as the)\b", re.I)


_TERMS = re.compile(r"\b(meaning|on condition that|conditional on|provided that|subject to [^:;,.]+ (?:before|by))\b",
                    re.I)


def _resolving_body(ctx: ArtifactContext) -> str:
    """The board or committee whose minutes these are, as the title names it ('the Board of Directors', 'the claims
    committee'); '' for a meeting of no such body."""
    m = re.search(r"\b((?:[A-Z][a-z]+ )?(?:[Cc]ommittee|[Bb]oard)(?: of [A-Z][a-z]+)?)\b", ctx.spec.title)
    if not m:
        return ""
    name = m.group(1)
    return f"the {name if ' of ' in name else name.lower()}"


def _body(ctx: ArtifactContext) -> str:
    """Who the minutes are of: 'committee' for a committee's, 'board' for a board's, else 'meeting'."""
    m = re.search(r"\b(committee|board)\b", ctx.spec.title, re.I)
    return m.group(1).lower() if m else "meeting"


def agreed_next(ctx: ArtifactContext) -> list[str]:
    """What a meeting agreed beyond its figures and dates, from the same people and papers as its actions: a kick-off's
    working arrangements, comments on a paper of ours or questions back on one of theirs, instructions taken when a
    date of the timetable has passed. Without dates, so they never disagree with the actions table."""
    people = present(ctx)
    house = [p for p in people if p.organisation == ctx.author.organisation] or people
    juniors = sorted(house, key=rank)
    lead = max(house, key=rank)
    client = client_of(ctx)
    theirs_ = sorted([p for p in people if client and p.organisation == client], key=rank, reverse=True)
    out = []
    kick = re.search(r"kick.?off|initial meeting|first meeting|planning meeting", ctx.spec.title, re.I)
    # (a figure the meeting only notes, a sample size, leaves the arrangements to be agreed: read 10's kick-off whose
    # Decisions held only 'Jeffrey to circulate these minutes'; a derived figure is the meeting's business instead)
    planned = bool(work_recorded(ctx, meeting_outcome(ctx)))
    if kick and planned and theirs_:
        # the work plan and timetable are recorded above as agreed: no promise to put one out (hospital kick-off at
        # seed 61: 'Erica is to put out a timetable and work plan' under the timetable the meeting agreed)
        out.append(f"Agreed the working arrangements above: {theirs_[-1].first_name} is to send {_papers_asked(ctx).split(' (')[0]} "
                   f"to {sorted(house, key=rank, reverse=True)[0].first_name}, and each paper above comes to the "
                   f"status calls with {theirs_[0].first_name} as it falls due.")
    elif kick and not [f for f in ctx.facts if f.value.type in ("money", "number", "percent") and f.reason]:
        ours = sorted(house, key=rank, reverse=True)
        second = ours[1] if len(ours) > 1 else ours[0]
        sends = f"{theirs_[-1].first_name} is to send {_papers_asked(ctx).split(' (')[0]} to {ours[0].first_name}, and " if theirs_ \
            else ""
        # (its words from a stream of their own: the one sentence stood word for word in every room's kick-off,
        # issue 17)
        out.append(picker_for(ctx, 13).reword(
            "Agreed the working arrangements above: {sends}{second} is to [~circulate|send round|put out] "
            "a [~work plan and timetable|timetable and work plan|work plan, with a timetable,] for the first "
            "[~four weeks|month]" + (", with [~status calls|weekly status calls|a standing status call] with "
                                     "{theirs} [~from the coming week|starting next week|from next week]."
                                     if theirs_ else ".")).format(
            sends=sends, second=second.first_name, theirs=theirs_[0].first_name if theirs_ else ""))
    for e in [e for e in (ctx.week or []) if e.what == "paper"][:2]:
        who = next((p for p in juniors if p.name != e.by), juniors[0])
        if sent_out(ctx, e):
            other = the_other_side(ctx)
            out.append(f"Agreed that {lead.first_name} chases " + (other or "the other side") +
                       f" for a response to the {e.title} and reports it to the client.")
            continue
        if marks_up(ctx, e.org):
            out.append(f"Agreed that {who.first_name} sends {e.by.split(' ')[0]} comments on the {e.title} before it "
                       f"is final.")
        elif home(ctx, e.org) == home(ctx, ctx.author.organisation):
            # the client's own paper (its committee's minutes, its offer letter) is the client's: the adviser does
            # not mark it up (read 9: 'the advisers are invited to comment on the fund's own IC minutes')
            continue
        else:
            out.append(f"Agreed that the follow-up questions on the {e.title} go back to {e.org} in writing.")
    gone = [e.label for e in ctx.week or [] if e.what == "passed"]
    if gone:
        out += lapsed(ctx, gone)[1]
    return out


_FIRST = re.compile(r"\b(?:kick-?off|first|initial|inaugural|introductory|opening) (?:meeting|call|session)?|"
                    r"\bkick-?off\b", re.I)


def minutes_matters(pick: Picker, ctx: ArtifactContext, day: str) -> list[str]:
    """Matters arising: the actions of the last meeting and where they stand; none at a first meeting."""
    if _FIRST.search(ctx.spec.title):
        # a kick-off has no previous meeting whose actions it reviews (an earn-out kick-off's minutes: 'The actions
        # from the previous meeting were reviewed on March 6, 2026; none was overdue')
        return [pick.reword("[~None|No matters arising]: this was the first meeting on the matter.")]
    people = present(ctx)
    owner = pick.one(people)
    dated = [f for f in ctx.facts if f.value.type == "date"]
    # (a date confirmed by the side whose paper sets it out, never by whoever the draw gives: speaker)
    teller = speaker(pick, ctx, dated[0], people) if dated else owner
    done = f" {teller.first_name} confirmed that {plain(dated[0])}." if dated else ""
    return [f"The actions from the previous meeting were reviewed on {day}; none was overdue.{done}"
            + ("" if done else " " + pick.reword("{who} had [~nothing further to report|nothing more to report|"
                                                 "nothing to add|no further update]").format(who=owner.first_name) + ".")]


def minutes_actions(pick: Picker, ctx: ArtifactContext, base: dt.date) -> list[tuple[str, str, dt.date]]:
    """Action rows (action, owner, due day) from the facts: a figure reconciled to its source, a date diarised before
    it falls, the papers behind a named point filed; owners from the house that does that work."""
    from worldsmith.generators.compose.voice import next_workday

    people = present(ctx)
    house = [p for p in people if p.organisation == ctx.author.organisation] or people
    juniors = sorted(house, key=rank)
    rows: list[tuple[str, str, dt.date]] = [r for s in meeting_steps(ctx, base) for r in s.actions]
    taken = {s.fact for s in meeting_steps(ctx, base)}
    for f in ctx.facts:
        if f.id in taken or f.value.type in ("money", "number", "percent"):
            continue
        elif f.value.type == "date" and f.past:
            continue  # nobody diarises a date that has gone by
        elif f.value.type == "date" and ctx.week is not None and any(e.what == "paper" for e in ctx.week):
            # a weekly call with papers to act on does not diarise again the dates its first meeting diarised (read 9:
            # 'the signing date is diarised again eight days before signing')
            continue
        elif f.value.type == "date":
            action = f"Diary {label(f)} ({f.text}) and the steps that lead up to it"
            owner = ctx.author
            # diarised before the day it names, or not at all ('Diary the signing target (16 October)' due 19 October)
            day = f.value.value if isinstance(f.value.value, dt.date) else None
            if day is not None and day <= next_workday(base, 1):
                continue
        elif f in decisions(ctx.facts):
            # the minutes record the decision; what is left to do is to tell those who act on it
            action = f"Send {label(f)} ({f.text}) in writing to those who must act on it"
            owner = ctx.author
        else:
            continue
        due = next_workday(base, pick.rng.randint(2, 8))
        if f.value.type == "date" and isinstance(f.value.value, dt.date) and f.value.value <= due:
            due = next_workday(base, 1)
        rows.append((action, owner.name, due))
    for e in [e for e in (ctx.week or []) if e.what == "paper"][:2]:
        # comments on the week's papers, from someone other than their author
        who = next((p for p in juniors if p.name != e.by), juniors[0])
        if sent_out(ctx, e):
            rows.append((f"Chase {the_other_side(ctx) or 'the other side'} for a response to the {e.title}",
                         (max(house, key=rank) if house else ctx.author).name, next_workday(base, 2)))
            continue
        ours = marks_up(ctx, e.org)
        if not ours and home(ctx, e.org) == home(ctx, ctx.author.organisation):
            continue  # the client's own paper is not the adviser's to mark up
        if e.signed or _MADE.search(e.title or ""):
            # a contract already made is read and relied on, never commented on (blind read 35, us 15: the
            # contractor's vice president to send 'Comments on the AIA A201-2017 General Conditions ... (conformed)'
            # to her own project manager, the only action of an OAC meeting)
            continue
        rows.append((f"Comments on the {e.title} to {e.by.split(' ')[0]}" if ours else
                     f"Review the {e.title} and list the follow-up questions for {e.org}", who.name,
                     next_workday(base, pick.rng.randint(2, 5))))
    lead = max(house, key=rank) if house else ctx.author
    gone = [e.label for e in ctx.week or [] if e.what == "passed"]
    if gone:
        rows = lapsed_actions(ctx, gone, base) + rows
    for e in ctx.week or []:
        if e.what == "awaited":
            rows.append((f"Chase {e.org} for an answer on the {e.title}", juniors[0].name, next_workday(base, 2)))
    if not rows and re.search(r"kick.?off|initial meeting|first meeting|planning meeting", ctx.spec.title, re.I):
        rows = _kick_off_actions(ctx, base)
    if work_recorded(ctx, meeting_outcome(ctx)):
        # the papers the meeting agreed are its actions, each with its lead and day, as its decisions record them
        rows = [(f"Deliver the {p.title}", p.maker, p.day) for p in work_papers(ctx)][:3] + rows
    return rows[:4]


# a step a point of the minutes gives someone ('Owner to confirm the quench pipe routing', 'the owner's equipment
# planner to sign off the last two this week'): who, by the side's role or name, and what
_TASK = re.compile(r"(?:^|[.;:]\s+)(?P<who>(?:[Tt]he\s+)?[A-Z]?[a-z'’]+(?:\s+[a-z'’-]+){0,3}?)\s+to\s+"
                   r"(?P<act>(?!be\b|have\b|date\b)[a-z]+\b[^.;]*)")
_THIS_WEEK = re.compile(r"\s+(?:this|by the end of the|before the end of the)\s+week\b", re.I)


def point_tasks(ctx: ArtifactContext, base: dt.date) -> list[tuple[str, str, dt.date]]:
    """The steps the outline's points of the minutes give a side ('Owner to confirm the quench pipe routing'), each
    owned by the most senior person present of that side and due after the meeting: the minutes' record of who does
    what (blind read 35, us 15: OAC minutes whose one action was the contractor commenting on its own contract, the
    owner's steps named in the discussion left out of the table)."""
    from worldsmith.generators.compose.voice import next_workday

    people = present(ctx)
    rows = []
    for point in getattr(ctx.spec, "points", None) or []:
        text = getattr(point, "text", "") or ""
        for m in _TASK.finditer(text):
            who = m.group("who").strip()
            head = re.sub(r"^[Tt]he\s+", "", who).split()[0].rstrip("'’s").lower()
            if len(head) < 4:
                continue
            org = next((o.name for o in ctx.organisations if re.search(rf"\b{re.escape(head)}", o.name, re.I) or
                        re.match(rf"(?:the\s+)?{re.escape(head)}\b", o.role or "", re.I)), None)
            theirs = [p for p in people if org and p.organisation == org]
            if not theirs:
                continue
            act = m.group("act").strip()
            week = _THIS_WEEK.search(act)
            act = _THIS_WEEK.sub("", act).strip()
            by = f" ({who[0].lower() + who[1:]})" if len(who.split()) > 1 else ""
            topic_ = (point.heading + ": ") if getattr(point, "heading", None) else ""
            due = base + dt.timedelta(days=(4 - base.weekday()) % 7 or 7) if week else next_workday(base, 5)
            rows.append((cap_first(f"{topic_}{act}{by}"), max(theirs, key=rank).name, due))
    return rows


# a paper's title that says the instrument is already made: its conformed, executed or signed copy
_MADE = re.compile(r"\b(?:conformed|executed|signed|as signed)\b", re.I)


def point_actions(ctx: ArtifactContext, base: dt.date) -> list[tuple[str, str, dt.date]]:
    """What is left to do on each point the meeting took when no figure was worked and no date is ahead: a point
    checked against the paper it comes from, the other side's point asked to be proved, what was said put in writing
    to the other side where it was at the table; every owner from the house that keeps the minutes (read 19: 'Send
    round the updated engagement letter showing the floor area' given to the landlord's surveyor)."""
    from worldsmith.generators.compose.voice import next_workday

    people = present(ctx)
    mine = home(ctx, ctx.author.organisation)
    house = sorted([p for p in people if p.organisation == ctx.author.organisation] or [ctx.author], key=rank)
    junior, lead = house[0], house[-1]
    other = opponent(ctx)
    rows: list[tuple[str, str, dt.date]] = []
    for f in [g for g in ctx.facts if not identity(g) and g.value.type != "date"][:2]:
        said = f"{label(f)} ({f.text})"
        if f.paper_by and home(ctx, f.paper_by) != mine and not neutral(ctx, f.paper_by) and not f.paper_instrument:
            rows.append((f"Ask {f.paper_by} in writing for the papers behind {said}", lead.name,
                         next_workday(base, 2)))
        elif f.paper:
            rows.append((f"Check {said} against the {f.paper} and note any difference", junior.name,
                         next_workday(base, 2 + len(rows))))
    across = [p for p in people if home(ctx, p.organisation) != mine and not neutral(ctx, p.organisation)
              and home(ctx, p.organisation) != home(ctx, client_of(ctx) or ctx.author.organisation)]
    if across:
        to = other or across[0].organisation
        if without_prejudice(ctx):
            rows.append((f"Write to {to} confirming what was said at the meeting under the without-prejudice heading",
                         lead.name, next_workday(base, 2)))
        else:
            # those across the table heard what was said: they are sent the minutes to correct, not a letter telling
            # them (blind read 35: OAC minutes whose one action was to write to the owner 'confirming what was said')
            rows.append((f"Circulate these minutes to {to} for any corrections", junior.name, next_workday(base, 2)))
    elif not rows:
        client = client_of(ctx) or principal(ctx, ctx.author.organisation)
        rows.append((f"Report the points above to {client} in writing with our view", lead.name,
                     next_workday(base, 2)))
    return rows


_WP = re.compile(r"\b(?i:without[- ]prejudice)\b|\bWP\b")


def without_prejudice(ctx: ArtifactContext) -> bool:
    """Whether the meeting was held without prejudice (its title or purpose says so)."""
    return bool(_WP.search(f"{ctx.spec.title} {ctx.spec.purpose or ''}"))


def _kick_off_actions(ctx: ArtifactContext, base: dt.date) -> list[tuple[str, str, dt.date]]:
    """What a kick-off leaves people to do when its facts give no figure to work: the client's papers sent over, the
    work plan and timetable, the contact list, the first status call diarised (was 'Reconcile the vessel with the
    date of the casualty')."""
    from worldsmith.generators.compose.voice import next_workday

    people = present(ctx)
    client = client_of(ctx)
    ours = sorted([p for p in people if p.organisation == ctx.author.organisation], key=rank, reverse=True)
    theirs = sorted([p for p in people if p.organisation != ctx.author.organisation and
                     (not client or p.organisation == client)], key=rank, reverse=True)
    lead = ours[0] if ours else ctx.author
    second = ours[1] if len(ours) > 1 else lead
    junior = ours[-1] if ours else ctx.author
    rows = []
    if theirs:
        rows.append((f"Send {lead.first_name} {_papers_asked(ctx)}",
                     theirs[-1].name, next_workday(base, 2)))
    # (a work plan still to come where the minutes record the one agreed would contradict them)
    planned = bool(work_recorded(ctx, meeting_outcome(ctx)))
    opened = "matter" if _instructs(ctx) == "gives instructions" else "engagement"
    rows += [(f"Circulate the contact list and open the {opened} file", junior.name, next_workday(base, 1))] + \
        ([] if planned else [(f"Circulate a work plan and timetable for the first four weeks", second.name,
                              next_workday(base, 3))]) + \
        [(f"Diary the first status call" + (f" with {theirs[0].first_name}" if theirs else ""), lead.name,
              next_workday(base, 1))]
    return rows


class Step(NamedTuple):
    """What a meeting settled on one fact: the decision as the minutes record it, and the actions it leaves."""
    fact: str
    decision: str
    actions: list[tuple[str, str, dt.date]]


# papers made against another's decision: an appeal, an objection, a request for its review
_CHALLENGES = re.compile(r"\b(appeal|objection|challenge|complaint|review|reconsideration)\b", re.I)


def deliverable(f: FactRef) -> str:
    """The paper a deadline's label says is due ('the proof of loss deadline' -> 'the proof of loss', 'the response
    deadline' -> 'the response'); '' for a date that names no paper (an expiry, a signing target, a date of loss)."""
    name = label(f)
    if f.value.type != "date" or not re.search(r"\b(deadline|due date)\b", name, re.I):
        return ""
    rest = re.sub(r"\s*\b(deadline|due date)\b", "", name, flags=re.I).strip(" ,")
    # a deadline named by the act it allows ('deadline to appeal to the First-tier Tribunal') names the paper by that
    # act's noun, or by the paper the verb takes; read 24 had 'Agreed that the to appeal to the First-tier Tribunal
    # goes in ahead of ...' from the label cut to its tail. An act whose paper we cannot name is no paper.
    rest = re.sub(r"^(the|a|an)\s+", "", rest, flags=re.I)
    act = re.match(r"^(?:for|to|by which to)\s+(\w+)\b\s*(.*)$", rest, re.I)
    if act is not None:
        verb, tail = act.group(1).lower(), act.group(2).strip()
        if verb in _PAPER_VERBS and re.match(r"(?:the|a|an|its|our|their)?\s*\w", tail):
            rest = tail
        elif verb in _ACT_NOUNS:
            rest = f"{_ACT_NOUNS[verb]} {tail}".strip()
        else:
            return ""
    rest = re.sub(r"^(the|a|an|its|our|their)\s+", "", rest, flags=re.I)
    return f"the {rest}" if rest else ""


# verbs whose object is the paper due ('deadline to file the defence' -> 'the defence')
_PAPER_VERBS = {"file", "serve", "submit", "send", "lodge", "deliver", "issue", "give", "return", "provide", "make"}
# acts whose noun is the paper that makes them ('deadline to appeal' -> 'the appeal', 'to respond' -> 'the response')
_ACT_NOUNS = {"appeal": "appeal", "claim": "claim", "reply": "reply", "request": "request", "object": "objection",
              "respond": "response", "elect": "election", "complain": "complaint", "apply": "application",
              "notify": "notification", "tender": "tender", "bid": "bid", "register": "registration",
              "challenge": "challenge", "offer": "offer", "counter-offer": "counter-offer"}


def marks_up(ctx: ArtifactContext, org: str) -> bool:
    """Whether the meeting's house comments on a paper of `org`: its own and its side's other advisers' papers, never
    the client's own (its committee's minutes, its offer letter)."""
    if home(ctx, org) != home(ctx, ctx.author.organisation):
        return False
    client = client_of(ctx)
    return org == ctx.author.organisation or not client or org != client


def possessive(name: str) -> str:
    """A name's possessive: 'Kestrel Bay Tankers Ltd.'s', 'Marlow Tenby Solicitors\'', 'the claimant's'."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _before(day: dt.date, n: int) -> dt.date:
    """The working day `n` working days before `day`."""
    while n > 0:
        day -= dt.timedelta(days=1)
        if day.weekday() < 5:
            n -= 1
    return day


_AGREED = re.compile(r"\b(agreed|settled|settlement|compromise)\b", re.I)
# the words of an outline's purpose that say which route a meeting takes ('decides to take the equity cure')
_TAKES = r"\b(?:takes?|taking|elects?|electing|chooses?|choosing|opts? for|goes? with|proceeds? with)\s+(?:the\s+|an?\s+)?"


def chosen_route(ctx: ArtifactContext) -> tuple[list, object]:
    """The routes a meeting's title names and the one it takes: the one its purpose says it takes, else the one the
    advice weighs as better (weigh.weighed); ([], None) where the title names no two routes."""
    from worldsmith.generators.compose.substance.weigh import routes, weighed

    # ('Minutes: Board call on waiver or cure, August 24' -> 'waiver or cure')
    title = re.sub(r"^.*?\b(?:call|meeting|session|discussion)\s+(?:on|re|about)\s+", "", ctx.spec.title, flags=re.I)
    title = re.sub(r",\s+(?:[A-Z][a-z]+\.? \d{1,2}|\d{1,2} [A-Z][a-z]+)(?:,? \d{4})?$", "", title)
    rs = routes(ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": title})}))
    if len(rs) != 2 or not all(r.facts for r in rs):
        return rs, None
    purpose = " ".join((ctx.spec.purpose or "").split())
    said = [r for r in rs if re.search(_TAKES + re.escape(r.name) + r"\b", purpose, re.I)]
    if len(said) == 1:
        return rs, said[0]
    return rs, weighed(ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": title})}))


def _put_forward_across(ctx: ArtifactContext, f: FactRef) -> bool:
    """Whether a figure's label says an organisation across the table put it forward ('the surcharge claimed by
    Brennmoor', 'the insurer's position', 'Castellan's invoiced fee')."""
    mine = home(ctx, ctx.author.organisation)
    for o in ctx.organisations:
        if home(ctx, o.name) == mine:
            continue
        short = o.name.split()[0].rstrip(",")
        names = [re.escape(o.name)] + ([re.escape(short)] if len(short) > 3 and short.lower() != "the" else [])
        said = rf"(?:{'|'.join(names)})"
        if re.search(rf"\b(?:claimed|demanded|invoiced|proposed|offered|asserted|sought) by {said}\b|\b{said}['’]s\b",
                     label(f)):
            return True
    return False


def theirs(ctx: ArtifactContext, f: FactRef) -> str:
    """The organisation across the table whose figure `f` is, where its statement says it is that side's assertion
    or estimate and names it first ('Kestrel Bay's demand ... attributes 35%'); '' for a figure of ours."""
    from worldsmith.generators.compose.substance.memo import _DOUBT

    # a sum 'claimed' is the claimant's; it sits across the table from a respondent's or defendant's house
    me = next((o for o in ctx.organisations if o.name == principal(ctx, ctx.author.organisation)), None)
    if re.search(r"\bclaimed\b", label(f)) and me is not None and re.search(r"\b(respondent|defendant)\b", me.role, re.I):
        return "the claimant"
    # a sum the label says was claimed, demanded or invoiced, on a paper from across the table, is that side's, whatever
    # our client's role is called (an owner, an employer: read 19's strategy call whose only decision was 'our next
    # letter to Brackwater puts the loss and expense claimed at USD 1,500,000', the contractor's own figure)
    if re.search(r"\b(claimed|demanded|invoiced|sought|asserted)\b", label(f)) and f.paper_by and \
            home(ctx, f.paper_by) != home(ctx, ctx.author.organisation) and not neutral(ctx, f.paper_by):
        return f.paper_by
    # (a limit that holds 'unless' broken is a rule's figure, not a side's assertion: the OPA 90 cap)
    if not [m for m in _DOUBT.findall(f.statement) if m.lower() != "unless"]:
        return ""
    named = sorted((f.statement.find(o.name.split()[0]), o.name) for o in ctx.organisations
                   if f.statement.find(o.name.split()[0]) >= 0 and len(o.name.split()[0]) > 3)
    if not named:
        return ""
    whose = named[0][1]
    return whose if home(ctx, whose) != home(ctx, ctx.author.organisation) else ""


def _gap_of_theirs(ctx: ArtifactContext, f: FactRef) -> bool:
    """Whether `f` is the other side's figure less ours (a disputed excess, an amount in dispute)."""
    m = re.match(r"^(?P<a>.+?) (?:less|minus) ", f.reason.strip())
    if m is None:
        return False
    a = re.sub(r"^the ", "", m.group("a").strip().lower())
    if re.search(r"\b(claimed|demanded|invoiced|sought|asserted)\b", a):
        return True
    return any(re.sub(r"^the ", "", label(g).lower()) == a and (_put_forward_across(ctx, g) or theirs(ctx, g))
               for g in ctx.facts)


def meeting_steps(ctx: ArtifactContext, base: dt.date) -> list[Step]:
    """What the meeting settled, fact by fact, with owners and dates: the paper a deadline names drafted by the house's
    junior and signed off by the client's senior person present (else the house's lead) ahead of the deadline; a
    derived figure of ours put into that paper with its working, or to the other side in writing; a figure of the
    other side's not accepted until its papers are in. Deterministic: the decisions and the action table agree."""
    from worldsmith.generators.compose.voice import next_workday

    people = present(ctx)
    house = sorted([p for p in people if p.organisation == ctx.author.organisation] or people, key=rank)
    junior, lead = house[0], house[-1]
    client = client_of(ctx)
    signers = sorted([p for p in people if client and p.organisation == client], key=rank)
    signer = signers[-1] if signers else lead
    other = opponent(ctx)
    steps: list[Step] = []
    due = next((f for f in ctx.facts if deliverable(f) and not f.past and isinstance(f.value.value, dt.date)
                and f.value.value > base), None)
    paper, draft_by = "", next_workday(base, 3)
    if due is not None:
        paper, end = deliverable(due), due.value.value
        sign_by = _before(end, 2) if _before(end, 2) > next_workday(base, 1) else end
        draft_by = next_workday(base, 1)
        while next_workday(draft_by, 2) <= sign_by and draft_by < _before(sign_by, 2):
            draft_by = next_workday(draft_by, 1)
        who = "" if junior.id == signer.id else f"{junior.first_name} to have a draft with {signer.first_name} by " \
                                                 f"{_short_date(draft_by, ctx.locale)}, "
        steps.append(Step(due.id, f"Agreed that {paper} goes in ahead of {label(due)} ({due.text}): {who}for sign-off "
                                   f"by {_short_date(sign_by, ctx.locale)}.",
                          ([(f"Draft {paper}", junior.name, draft_by)] if junior.id != signer.id else []) +
                          [(f"Review and sign off {paper}", signer.name, sign_by)]))
    decided = decisions(ctx.facts)
    # a meeting called to choose between two routes records the choice (blind read, session 16: 'Board call on waiver
    # or cure' whose decisions were 'Agreed that our next letter to Northbank puts the waiver fee at USD 450,000')
    from worldsmith.generators.compose.substance.weigh import route_reason

    rs, chosen = chosen_route(ctx)
    routed = {id(f) for r in rs for f in r.facts} if chosen is not None else set()
    if chosen is not None:
        left = next(r for r in rs if r is not chosen)
        client = client_of(ctx) or principal(ctx, ctx.author.organisation)
        verb = "Resolved" if _body(ctx) in ("board", "committee") else "Agreed"
        cost = lambda r: f" ({label(r.money)} of {r.money.text})" if r.money is not None else ""  # noqa: E731
        tell = other or "the other side"
        steps.append(Step(chosen.facts[0].id if chosen.facts else left.facts[0].id,
                          f"{verb} that {client} takes the {chosen.name}{cost(chosen)} rather than the {left.name}"
                          f"{cost(left)}: {route_reason(ctx, chosen, left)}. {lead.first_name} is to give {tell} "
                          f"written notice of the decision.",
                          [(f"Give {tell} written notice that {client} takes the {chosen.name}", lead.name,
                            next_workday(base, 1))]))
    # with the other side at the table, a figure the label calls agreed or settled is recorded as agreed between the
    # parties, not put into 'our next letter' to people who were in the room (session 16: the settlement meeting
    # with the insurer, its counsel and its adjuster present)
    mine = home(ctx, ctx.author.organisation)
    across = bool(other) and any(home(ctx, p.organisation) != mine and not neutral(ctx, p.organisation)
                                 for p in people)
    for f in [g for g in ctx.facts if g.value.type in ("money", "number", "percent") and id(g) not in routed]:
        whose = theirs(ctx, f)
        if not whose and across and _AGREED.search(label(f)):
            how = derivation(f, ctx.facts)
            worked = f", worked as {how}" if how else ""
            what = re.sub(r"^(?:the )?(?:agreed|settled) ", "the ", label(f))
            steps.append(Step(f.id, f"Agreed between the parties: {what} of {f.text}{worked}.",
                              [(f"Put {label(f)} ({f.text}) into the written terms of settlement for signature",
                                junior.name, next_workday(base, 3))]))
        elif whose:
            asked = other if whose.startswith("the ") and other else whose
            steps.append(Step(f.id, f"Agreed not to accept {label(f)} of {f.text}: it is {possessive(whose)} figure, "
                                    f"and {asked} is to be asked for the papers behind it before anything is conceded.",
                              [(f"Ask {asked} in writing for the papers behind {label(f)}", lead.name,
                                next_workday(base, 2))]))
        elif f.reason and not paper and not other and decided and f.value.type == "money":
            # a decision the meeting took, with the figure it acts on: who carries it out, reporting back
            dec = decided[0]
            steps.append(Step(dec.id, f"The decision covers {label(f)} of {f.text}; {lead.first_name} is to "
                                      f"carry it out and report back to the next meeting.",
                              [(f"Carry out the decision ({dec.text}) for {label(f)} of {f.text}", lead.name,
                                next_workday(base, 5))]))
            decided = []
        elif f.reason and (paper or other):
            how = derivation(f, ctx.facts)
            worked = f", worked as {how}" if how else ""
            gone_out = next((e for e in ctx.week or [] if sent_out(ctx, e) and e.day <= base), None)
            if gone_out is not None and not paper:
                # the letter went this week: the figure is ours to stand behind when the other side answers
                steps.append(Step(f.id, f"Agreed that {lead.first_name} answers any questions "
                                        f"{the_other_side(ctx) or other} raises on "
                                        f"{label(f)} of {f.text}{worked}, as it stands behind the {gone_out.title}.",
                                  []))
                if len(steps) == 3:
                    break
                continue
            if across and not paper and _gap_of_theirs(ctx, f):
                # the excess of their claim over what is agreed is what the agreement disposes of, never itself a
                # term 'agreed between the parties' (seed 37's settlement call: 'Agreed between the parties: the
                # disputed excess of USD 1,279,200', put 'into the written terms of settlement')
                continue
            if across and not paper and nothing_agreed(ctx):
                # a meeting that reached no agreement records the point as still in issue, never as 'agreed between
                # the parties' (read 21: in a without-prejudice call where no settlement was reached, 'Oakfield's
                # counsel "agrees" the full USD 114,812')
                steps.append(Step(f.id, f"Not agreed: {label(f)} of {f.text}{worked} remains in issue between the "
                                        f"parties.",
                                  [(f"Set out our position on {label(f)} ({f.text}) to {other} in writing",
                                    junior.name, next_workday(base, 3))]))
                if len(steps) == 3:
                    break
                continue
            if across and not paper:
                # the other side was at the table: what was agreed there is recorded between the parties and put in
                # writing, never agreed with them as what 'our next letter' to them will say (read 18: 'The minutes
                # record as "agreed" with her what our next letter to her client will say')
                settling = re.search(r"\bsettle", f"{ctx.spec.title} {ctx.spec.purpose or ''}", re.I)
                steps.append(Step(f.id, f"Agreed between the parties: {label(f)} of {f.text}{worked}.",
                                  [(f"Put {label(f)} ({f.text}) into the written terms of settlement for signature"
                                    if settling else f"Confirm {label(f)} ({f.text}) to {other} in writing",
                                    junior.name, next_workday(base, 3))]))
                if len(steps) == 3:
                    break
                continue
            where = paper or f"our next letter to {other}"
            # (minutes are dated after the meeting: a paper of the minutes' day went out after the meeting sat)
            # (nor is an action due before the day the minutes are written: blind read 36, a committee meeting of
            # March 10 minuted on March 11 put the figure in a communication 'due Tuesday, March 10')
            written = max(base, ctx.spec.date)
            coming, coming_paper = (f.paper_day, f.paper) if f.paper and f.paper_day is not None \
                and f.paper_day >= written else (f.coming_day, f.coming_paper)
            coming = coming if coming is not None and coming >= written else None
            if coming is not None and not paper:
                # the paper that sets the figure down is planned: it is that paper, due by its own day (read 20: the
                # analyst to "set out" the LOI price in "our next letter" by Sep 4, after the LOI went out on Sep 2)
                from worldsmith.generators.compose.advice import paper_title  # (advice reads substance.common)

                where = f"the {paper_title(coming_paper)}"
            elif not paper and f.next_day is not None and f.next_day >= base and _OUTGOING.search(f.next_paper) \
                    and f.next_by and home(ctx, f.next_by) == home(ctx, ctx.author.organisation):
                # our letter that carries the figure is planned: the figure goes in that letter, by its day, never
                # 'our next letter' after it went (read 22: 'The action to send the letter by 13 Oct conflicts with
                # the letter going out on 8 Oct')
                from worldsmith.generators.compose.advice import paper_title  # (advice reads substance.common)

                where, coming = f"the {paper_title(f.next_paper)}", f.next_day
            if _put_forward_across(ctx, f):
                # the other side's own figure is answered, never put by us (seed 37's kick-off: 'Agreed that our next
                # letter to Brennmoor Steel Products Inc. puts the surcharge claimed by Brennmoor at USD 3,640,800')
                steps.append(Step(f.id, f"Agreed that {where} answers {label(f)} of {f.text}{worked}, with our own "
                                        f"working against it.",
                                  [(f"Answer {label(f)} ({f.text}) in {where}", junior.name,
                                    draft_by if paper else next_workday(base, 3))]))
                if len(steps) == 3:
                    break
                continue
            if paper and _CHALLENGES.search(paper) and f.paper_by and \
                    home(ctx, f.paper_by) != home(ctx, ctx.author.organisation):
                # a paper against the other side's decision challenges the figure it decided, never 'puts' it (read
                # 24: 'Agreed that the appeal to the First-tier Tribunal puts the careless-inaccuracy penalty at GBP
                # 68,000', the authority's penalty under appeal)
                steps.append(Step(f.id, f"Agreed that {paper} challenges {label(f)} of {f.text}{worked}.",
                                  [(f"Set out the grounds against {label(f)} ({f.text}) in {paper}", junior.name,
                                    draft_by)]))
                if len(steps) == 3:
                    break
                continue
            steps.append(Step(f.id, f"Agreed that {where} puts {label(f)} at {f.text}{worked}.",
                              [(f"Set out {label(f)} ({f.text}) and its working in {where}", junior.name,
                                draft_by if paper else min(next_workday(base, 3), coming or next_workday(base, 3)))]))
        if len(steps) == 3:
            break
    return steps

"""A court hearing and its note: held before the court, with each party's representatives, the points each side put,
and the order the court made; never a meeting a party's solicitor chairs at which the other side 'agrees' the claim
(read 25, cmr-theft: 'A "CMC" three weeks after issue, chaired by the claimant's partner with Kestrel's claims manager
and no judge. Kestrel "agree[s]" the full unlimited claim')."""

from __future__ import annotations

import datetime as dt
import re

from worldsmith.generators.compose.substance.common import derivation, label, plain, present
from worldsmith.generators.compose.text import join_names, long_date, lower_first
from worldsmith.generators.context import ArtifactContext

# A meeting that is a hearing of the court, by its title ('Case management conference', 'CMC', 'Pre-trial review',
# 'Scheduling conference', 'Hearing of the strike-out application'); never a party's own meeting about one ('Prep
# call for the CMC', 'Disciplinary hearing').
_HEARING = re.compile(r"^(?:(?:minutes|attendance note)\s*[:-]\s*)?(?:the |first |second |further |adjourned |remote |costs and )?"
                      r"(?:case management conference|CC?MC\b|directions hearing|pre-?trial review|PTR\b|"
                      r"(?:initial |rule 16(?:\(b\))? )?scheduling conference|status conference|pre-?trial conference|"
                      r"(?:\w+ )?hearing\b|trial\b)", re.I)
_INTERNAL = re.compile(r"\b(?:disciplinary|grievance|capability|investigation|appeal meeting|prep\w*|debrief|"
                       r"internal|planning|call with|meeting with)\b", re.I)
_DIRECTIONS = re.compile(r"case management|\bCC?MC\b|directions|scheduling|status conference", re.I)


def is_hearing(title: str) -> bool:
    """Whether a meeting (or its minutes) is a hearing before the court, by its title."""
    return bool(_HEARING.search(title.strip())) and not _INTERNAL.search(title)


def _parties(ctx: ArtifactContext) -> tuple[str, str]:
    from worldsmith.generators.compose.genres import party_names

    return party_names(ctx)


def _side_of(ctx: ArtifactContext, organisation: str, claimant: str, defendant: str) -> str:
    """'claimant' or 'defendant' for an organisation present: the party it is, or acts for in the end."""
    from worldsmith.generators.compose.parties import principal

    who = principal(ctx, organisation)
    for name, side in ((claimant, "claimant"), (defendant, "defendant")):
        if who == name or name.startswith(who) or who.startswith(name):
            return side
    from worldsmith.generators.compose.substance.offers import offeror

    # (an adviser acting for neither party by name: its side by the plan's roles, as an offer's maker is found)
    mine = ctx.model_copy(update={"author": next(p for p in present(ctx) if p.organisation == organisation)})
    return offeror(mine, claimant, defendant)


def _forum(ctx: ArtifactContext) -> str:
    from worldsmith.generators.compose.substance.pleading import forum

    return forum(ctx)


def _role(ctx: ArtifactContext, side: str) -> str:
    if ctx.locale == "en_US":
        return "Plaintiff" if side == "claimant" else "Defendant"
    if _forum(ctx) == "local":
        from worldsmith.generators.compose.substance.pleading import local_roles

        return local_roles(ctx)[0 if side == "claimant" else 1]
    return "Claimant" if side == "claimant" else "Defendant"


def hearing_bodies(ctx: ArtifactContext, day: dt.date) -> tuple[list[tuple[str, str]], dict[int, list[str]]]:
    """The note of a hearing, in four sections: the court and the appearances for each party, the points each side
    put (what is common ground, what is in dispute and left for decision), the order the court made, and what the
    note's side is to do about it."""
    from worldsmith.generators.compose.facts import fixed
    from worldsmith.generators.compose.voice import next_workday

    claimant, defendant = _parties(ctx)
    people = present(ctx)
    sides = {p.id: _side_of(ctx, p.organisation, claimant, defendant) for p in people}
    ours = sides[ctx.author.id]
    theirs = "defendant" if ours == "claimant" else "claimant"
    name = {"claimant": claimant, "defendant": defendant}
    rank = {"executive": 3, "senior": 2, "mid": 1, "junior": 0}
    by_side = {s: sorted([p for p in people if sides[p.id] == s], key=lambda p: -rank.get(p.seniority, 1))
               for s in ("claimant", "defendant")}
    if ctx.locale == "en_US":
        from worldsmith.generators.compose.genres import district

        court = next((c for c in (district(t) for t in (ctx.world_title, ctx.world_summary))
                      if c != "UNITED STATES DISTRICT COURT"), "UNITED STATES DISTRICT COURT")
        court = " ".join(w if w in ("FOR", "THE", "OF") else w.capitalize() for w in court.split()).replace(
            " For The ", " for the ").replace(" Of ", " of ")
        before = f"Before the Court ({court})"
    elif _forum(ctx) == "local":
        from worldsmith.generators.compose.substance.pleading import local_court, proceeding_number

        number = proceeding_number(ctx)
        before = f"Before {local_court(ctx) or 'the Court'}" + (f", No. {number}" if number else "")
    elif _forum(ctx) == "tribunal":
        from worldsmith.generators.compose.substance.pleading import tribunal_office

        office = tribunal_office(ctx)
        before = f"Before the Employment Judge, {office + ' ' if office else ''}Employment Tribunal"
    else:
        from worldsmith.generators.compose.substance.pleading import court_of, court_short

        heading, number = court_of(ctx)
        court = court_short(heading)
        before = f"Before the Judge, {court}, Claim No. {number}"
    hearing = re.sub(r"^(?:minutes|attendance note)\s*[:-]\s*", "", ctx.spec.title, flags=re.I).split(",")[0].strip()
    appear = []
    for s in (("claimant", "defendant")):
        them = by_side[s]
        who = join_names([f"{p.name} ({p.title}, {p.organisation})" for p in them]) if them else "no one attended"
        appear.append(f"For the {_role(ctx, s)}, {name[s]}: {who}.")
    taker = ctx.author
    attend = [f"{before}: {lower_first(hearing)}, {long_date(day, ctx.locale)}.",
              " ".join(appear), f"Note taken by {taker.name} ({taker.title}) for the {_role(ctx, ours)}."]
    lead = {s: (by_side[s][0] if by_side[s] else None) for s in ("claimant", "defendant")}

    def speaker(s: str) -> str:
        return f"{lead[s].name} for the {_role(ctx, s)}" if lead[s] is not None else f"The {_role(ctx, s)}"

    points: list[str] = []
    for f in ctx.facts:
        if fixed(f):
            points.append(f"It was common ground that {plain(f)}.")
            continue
        owner = theirs if label(f) in ctx.their_labels else ours
        other = "defendant" if owner == "claimant" else "claimant"
        how = derivation(f, ctx.facts)
        points.append(f"{speaker(owner)} put {label(f)} at {f.text}" + (f", {how}" if how else "") + ". "
                      + f"{speaker(other)} did not accept it; it remains in dispute and is for decision at trial.")
    issue = re.search(r"\btrial of (?P<i>(?:the |a )?[\w' -]+?)(?:[;.,]|$)", getattr(ctx.spec, "purpose", "") or "")
    if _DIRECTIONS.search(hearing):
        tried = f"the trial of {issue.group('i')}" if issue else "the trial"
        if ctx.locale == "en_US":
            order = [f"The Court entered a scheduling order under Rule 16(b) of the Federal Rules of Civil Procedure: "
                     f"(1) initial disclosures to be served within 14 days; (2) fact discovery to close six months from "
                     f"the order; (3) each side's expert reports to be served within 30 days after fact discovery "
                     f"closes, rebuttal reports 30 days later; (4) dispositive motions to be filed within 45 days after "
                     f"expert discovery closes; (5) {tried} and a final pretrial conference to be set by further order."]
        else:
            order = [f"The Judge gave directions to {tried} and made an order in these terms: (1) disclosure of "
                     f"documents by list within six weeks of the order; (2) witness statements of fact to be "
                     f"exchanged within twelve weeks; (3) each party has permission to rely on the written evidence "
                     f"of one expert, reports to be exchanged within twenty weeks, with a joint statement four weeks "
                     f"later; (4) a pre-trial review to be fixed, and {tried} to be listed in a window opening nine "
                     f"months from the order; (5) costs in the case."]
    else:
        order = ["The Court heard submissions from both sides and reserved its decision; costs were reserved."
                 if ctx.locale != "en_US" else "The Court heard argument from both sides and took the matter under "
                                               "advisement."]
    order.append("Nothing was agreed between the parties on the points in dispute; the order decides procedure "
                  "only." if points and any("in dispute" in p for p in points) else
                  "The order was made on the points put; nothing in it decides liability.")
    ours_here = by_side[ours] or [ctx.author]
    junior, senior = ours_here[-1], ours_here[0]
    first = next_workday(day, 2)
    acts = [f"{junior.name} to draw up the order in the terms the {'Court' if ctx.locale == 'en_US' else 'Judge'} "
            f"made and send it to the other side for agreement by {first:%A} {first.day} {first:%B}"
            if ctx.locale != "en_US" else
            f"{junior.name} to circulate the scheduling order once entered, by {first:%A}, {first:%B} {first.day}",
            f"{senior.name} to report the order and the timetable to the client by {first:%A} {first.day} {first:%B}"
            if ctx.locale != "en_US" else
            f"{senior.name} to report the order and the timetable to the client by {first:%A}, {first:%B} {first.day}",
            f"{junior.name} to diarise each date the order sets"]
    plan = [("Present", "attendees"), ("Submissions", "discussion"), ("Decisions of the Court", "decisions"),
            ("Actions", "actions")]
    return plan, {0: attend, 1: points or ["The hearing dealt with the timetable only."], 2: order,
                  3: [f"({n}) {a}." for n, a in enumerate(acts, 1)]}

"""The offline meeting composer: an agenda for the invitation, carrying the meeting's facts."""

from __future__ import annotations

import datetime as dt
import re

from worldsmith.generators.compose.bank import picker_for
from worldsmith.generators.compose.parties import client_of, home
from worldsmith.generators.compose.text import cap_first, lower_first, mail_day
from worldsmith.generators.compose.week import title_words
from worldsmith.generators.kinds.calendar.agenda import agenda_items, ahead_item, noun
from worldsmith.generators.context import ArtifactContext

# Agenda points any matter's meeting has, as noun phrases; the facts of the meeting come first. "Actions from last
# time" only where there was a last time, "Budget and staffing" only among one firm, "Questions from the client" only
# where the organiser's firm has a client at the table.
_POINTS = ["Where we are on the timetable", "Open points and who owns them", "Documents still outstanding",
           "Next steps and the date of the next call", "Any other business"]
_SERIES = ["Actions from last time"]
_NEXT, _NEXT_IN_SERIES = "Next steps and the date of the next call", "Next steps"
_NEXT_MEETING = "Next steps and the date of the next meeting"
_ONE_FIRM = ["Budget and staffing"]
_CLIENT = ["Questions from the client"]
# The order a chair takes business in: the last meeting's record and actions, the matter's business, then where the
# work stands and what is next, any other business last ("items out of order: AOB in the middle, next steps before
# the timetable", blind read 21).
_CLOSING = ["Documents still outstanding", "Open points and who owns them", "Where we are on the timetable",
            "Budget and staffing", "Questions from the client", "Next steps and the date of the next call",
            "Next steps and the date of the next meeting",
            "Next steps", "Any other business"]
_FIGURE = ("money", "number", "percent")
_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.I)
_MINUTES = re.compile(r"\bminutes\b", re.I)
# A series' invitations differ by their day, so no opener repeats word for word across the room.
_OPENERS = ["Agenda for the {summary} of {day}.", "Points for the {summary} of {day}; please send anything to add.",
            "For {day}: we will use the time as follows.", "Proposed agenda for {day} below."]
# What a meeting decides, as its purpose says it: "... and decides how to return the overpayment".
_DECIDES = re.compile(r"\b(?:decides?|decide on|agrees?(?:\s+with\s+[^,.]+?)?|approves?|settles?|chooses?)\s+"
                      r"((?:whether|how|which|what|when|the|a|an|on|to)\b[^.;]*)", re.I)


def decision_point(purpose: str) -> str:
    """The decision a meeting takes, as an agenda item ('Decision: how to return the overpayment'), or '' when its
    purpose decides nothing."""
    m = _DECIDES.search(purpose or "")
    if not m:
        return ""
    what = re.sub(r"^on\s+", "", m.group(1).strip().rstrip(".,"))
    # when the meeting is held is the invitation's own: "the answer to the complaint the day before it is due"
    what = re.sub(r"\s+(?:on\s+)?the\s+(?:day|week|morning)\s+(?:before|after)\b.*$", "", what)
    # what they try and fail at is still the point, without the failing ('To agree: the market rate and fail', a
    # purpose 'The parties try to agree the market rate and fail', blind read 19)
    what = re.sub(r"\s+(?:and|but)\s+(?:fail|fails|do not|does not|don't|doesn't|cannot|can't|are unable|is unable|"
                  r"break down|breaks down|walk away)\b.*$", "", what)
    agree = m.group(0).lower().startswith("agree")
    if m.group(0).lower().startswith("approve"):  # (a committee approves: "Decision: the financial statements")
        return f"To approve: {what}" if what else ""
    # what a meeting settles is to be settled, not a decision already named ("Decision: the period of restoration
    # instead of going to appraisal" from "meet to settle the period of restoration ...", bi-claim at seed 37)
    head = "To agree" if agree else "To settle" if m.group(0).lower().startswith("settle") else "Decision"
    return f"{head}: {what}" if what else ""


# What a meeting goes through, as its purpose says it ("take the lenders through the breach and the borrower's request",
# "hears the auditors' required communications", "narrow the Scott schedule and explore settlement"): the business its
# figures belong to (blind read 36: "Net leverage (7.25x)", "Overall materiality (USD 1,114,500)" were agenda items of
# their own, figure labels where the lenders' call has the request and the committee the auditors' communications)
_VERBS = r"(?:takes?|walks?|go|goes|hears?|reviews?|considers?|discuss(?:es)?|receives?|narrows?|explores?|negotiates?|" \
         r"approves?|decides?|agrees?|settles?|records?|chooses?|instructs?)"
# a purpose's clauses, one verb each: "narrow the Scott schedule | explore settlement, without prejudice"
_CLAUSE = re.compile(r"\s+(?:and|then)\s+(?=(?:then\s+)?" + _VERBS + r"\b)|[.;]\s*", re.I)
_THROUGH = re.compile(r"\b(?:takes?|walks?|goes|go)\s+(?:(?P<who>.+?)\s+)?through\s+(?P<what>.+)", re.I)
_HEARS = re.compile(r"\b(?:hears?|reviews?|considers?|discuss(?:es)?|receives?)\s+(?P<what>.+)", re.I)
_WORKS = re.compile(r"\b(?P<verb>narrows?|explores?|negotiates?)\s+(?P<what>.+)", re.I)
_GERUND = {"narrow": "Narrowing", "explore": "Exploring", "negotiate": "Negotiating"}
# when and with whom is the invitation's own ("the final defesa with the client the day before it is due")
_WHEN = re.compile(r"\s+(?:(?:on\s+)?the\s+(?:day|week|morning)\s+(?:before|after)\b.*|before\s+the\s+\w+\s+(?:deadline|date)"
                   r".*|with\s+the\s+(?:client|fund|CEO|board|owners?|buyer|seller)\b.*)$", re.I)
# who is heard is no business of its own ("hears counsel and the auditors and decides ..."): what they say is
_WHO = r"(?:(?:the|its|their|our)\s+)?(?:counsel|lawyers?|auditors?|advisers?|experts?|surveyors?|bank|lenders?|client|" \
       r"management|board|committee|parties)"
_PEOPLE = re.compile(rf"^{_WHO}(?:(?:,|\s+and)\s+{_WHO})*$", re.I)


def business_points(purpose: str) -> list[str]:
    """What a meeting discusses, as its purpose says it, each an agenda item ('The breach and the borrower's request',
    'Narrowing the Scott schedule', 'Instructions from the lenders'); none where the purpose only decides."""
    out: list[str] = []
    who = ""
    for clause in _CLAUSE.split(" ".join((purpose or "").split())):
        m = _THROUGH.search(clause) or _HEARS.search(clause)
        w = _WORKS.search(clause)
        if m is not None:
            what = _WHEN.sub("", m.group("what").strip())
            who = (m.groupdict().get("who") or "") or who
            if not _PEOPLE.match(what):
                out.append(cap_first(what))
        elif w is not None:
            out.append(f"{_GERUND[w.group('verb').lower().rstrip('s')]} {_WHEN.sub('', w.group('what').strip())}")
        elif re.search(r"\btakes?\s+instructions\b", clause, re.I):
            out.append(f"Instructions from {who}" if who else "Instructions")
    return [p for i, p in enumerate(out) if p and p not in out[:i]]


def figure_phrase(label: str, text: str) -> str:
    """A figure as it follows an item: its label with its article, and its value ('the net leverage of 7.25x')."""
    said = lower_first(_ARTICLE.sub("", label.strip()))
    # (a name's own figure takes no article: "Corvane's offer"; an acronym's does: "the LOI enterprise value")
    named = re.match(r"[A-Z][a-z]+(?:'s|s')\s", said) is not None
    # (not "of" after an "of": "the assessment of the works of GBP 347,250", "the number of positions affected at 64
    # positions", nl-collective-redundancy at seed 34)
    return f"{'' if named else 'the '}{said} " + (f"({text})" if " of " in said else f"of {text}")


def with_figures(point: str, figures: list[str], discussed: bool) -> str:
    """An item with the figures it turns on after it: 'The breach and the borrower's request: the net leverage of 7.25x
    and ...' where the item is what is discussed, '..., on the landlord's quantified demand of GBP 1,060,200' where it
    is a decision."""
    if not figures:
        return point
    listed = ", ".join(figures[:-1]) + f" and {figures[-1]}" if len(figures) > 1 else figures[0]
    return f"{point}: {listed}" if discussed else f"{point}, on {listed}"


# the word of a label that says the figure is already agreed ("the agreed period of restoration")
_OUTCOME = re.compile(r"(?i)^(?:the\s+)?(?:(?:agreed|settled|final)\s+)?")


def fact_point(f, day: dt.date, pick=None) -> str:
    """A fact as an agenda item: a noun phrase with its value ('LOI enterprise value (GBP 195,000,000)'), a date by the
    event it is ('Preparation for the mediation (June 16, 2026)'), never a sentence ('We are past the date of the
    casualty ...'), a bare figure ("lease figures as agenda items", blind read 19) nor a stock stem after it ("The
    total remediation (AUD 8,977,200): the working", "the support for it", blind read 35b)."""
    label = noun(f.label) if f.label else ""
    if not label:
        return f.text
    if f.value.type == "date":
        # (the meeting's own day is no run-up: "Preparation for the mediation (June 16, 2026)" was the mediation's
        # own agenda, us-hospital at seed 35)
        when = getattr(f.value, "value", None)
        if f.past or when == day or not isinstance(when, dt.date) or when < day:
            return f"{label}: {f.text}"
        return ahead_item(f.label, f.text, when, day)
    if f.value.type == "text":
        return f"{label}: {f.text}"
    since = getattr(f, "since", None)
    if since is not None and since >= day:
        # a figure that takes its value on the meeting's own day is what the meeting agrees, not a figure it has
        # (my read of bi-claim at seed 97: the 09:30 settlement meeting's agenda had "The agreed period of restoration
        # (121 days): the support for it", the period the meeting itself agreed)
        return f"To agree: the {_OUTCOME.sub('', f.label)} at {f.text}"
    return f"{label} ({f.text})"


def figures_point(events: list, follows: bool) -> str:
    """The figures come in since the last meeting as one item, each with its value ('Figures in since the last call:
    the reported LTM EBITDA (USD 41,200,000) and the total net debt (USD 166,500,000)'), not an item each with the
    same stem ("where it leaves us" three times running, blind read 21)."""
    said = [f"{e.label} ({e.text})" for e in events]
    listed = ", ".join(said[:-1]) + f" and {said[-1]}" if len(said) > 1 else said[0]
    # (not "since the last call": a weekly series' calls between two planned ones are the calendar's, and the figures
    # of the planned call's span may have come before the last of them)
    head = ("New figures" if follows else "The figures so far") if len(said) > 1 else \
        ("New figure" if follows else "The figure so far")
    return f"{head}: {listed}"


_SIGNING = re.compile(r"^(?:signing|execution|completion)\b|\bsigning\s+(?:of|before|ceremony)\b|\bbefore\s+the\s+notary\b",
                      re.I)
_SIGNS = re.compile(r"\bsign(?:ing)?\s+(?:of\s+)?(?P<what>.+?)(?:\s+(?:before|at|with)\b.*)?$", re.I)
_NOTARIAL = re.compile(r"\bnota(?:ry|rial|ria|rio|r)\b|public instrument|\bdeed\b", re.I)
_THEN_FILED = re.compile(r"\bbefore\s+(?P<what>the\s+.+?)\s+is\s+(?P<verb>filed|made|served|lodged|submitted|registered)\b",
                         re.I)
_BODY = re.compile(r"\b(?:committee|board)\b", re.I)


def genre(summary: str, location: str = "") -> str:
    """What kind of meeting an invitation is for, as its agenda follows: 'signing' (documents to sign and conditions to
    confirm), 'committee' (its papers and what it approves), 'call' or 'meeting' (updates and decisions)."""
    if _SIGNING.search(summary or "") and not re.search(r"\bcall\b", summary, re.I):
        return "signing"
    if _BODY.search(summary or ""):
        return "committee"
    return "call" if "https://" in (location or "") else "meeting"


def signing_points(summary: str, purpose: str, location: str, figures: list[str]) -> list[str]:
    """A signing's agenda: the documents to sign, what is confirmed before anyone signs, the figures the signed text
    carries and what the signing lets happen next, never 'the date of the next call' (blind read 36: a notarial
    signing with 'Next steps and the date of the next call')."""
    m = _SIGNS.search(summary or "")
    what = m.group("what").strip() if m else "the documents in agreed form"
    notarial = _NOTARIAL.search(" ".join((summary, purpose or "", location or "")))
    out = [f"Documents to sign: {what}" + (", as a public instrument" if notarial else ""),
           "Before signing: " + ("each signatory's powers and identity documents" if notarial else
                                 "the conditions to signing and each signatory's authority")]
    if figures:
        out.append(with_figures("To confirm in the signed text", figures, True))
    filed = _THEN_FILED.search(purpose or "")
    verb = {"made": "making", "served": "serving", "lodged": "lodging", "submitted": "submitting",
            "registered": "registering"}.get(filed.group("verb").lower(), "filing") if filed else ""
    out.append(f"After signing: {verb} {filed.group('what')}" if filed else
               "After signing: signed copies to each party, filings and registrations")
    return out


def taken_up(paper, events: list, summary: str) -> bool:
    """Whether a paper of ours was already acted on by a meeting of the week held on or after its day, or by minutes
    recorded since: a meeting whose title shares a word of the paper's beyond the words of this meeting's own title
    (blind read 35: "Comments on Board paper: wage underpayment, self-report and remediation" on the 16:00 call, after
    the 09:00 board meeting on the underpayment had resolved on it)."""
    words = title_words(paper.title) - title_words(summary)
    return any((m.what == "met" or m.what == "paper" and _MINUTES.search(m.title or "")) and m is not paper
               and m.day >= paper.day and words & title_words(m.title) for m in events)


def in_order(opening: list[str], business: list[str], closing: list[str]) -> list[str]:
    """An agenda's items in the order a meeting takes them: the last meeting's record and its actions, the business,
    then the standing items in the chair's order with any other business last."""
    rank = {p: i for i, p in enumerate(_CLOSING)}
    return opening + business + sorted(closing, key=lambda p: rank.get(p, len(rank)))


def compose_meeting(ctx: ArtifactContext):
    """A description: a line, then numbered agenda points in noun phrases. A weekly call's points are its week's
    (what came in, what moved, what went round, what is due: ctx.week), then any of the meeting's facts they do not
    carry; a call of a week with nothing new says so rather than restating a standing figure. A meeting that decides
    has its decision as an item."""
    from worldsmith.generators.kinds.calendar import MeetingContent  # the kind module imports this one

    spec = ctx.spec
    pick = picker_for(ctx)
    day = spec.starts_at.date()
    from worldsmith.generators.compose.substance.hearing import is_hearing

    if is_hearing(spec.summary):
        return MeetingContent(description=hearing_description(ctx, pick, day))
    mine = home(ctx, ctx.author.organisation)
    ours = {o.name for o in ctx.organisations if o.privileged == mine} | {ctx.author.organisation}
    week = list(ctx.week or [])
    minutes = [e for e in week if e.what == "paper" and _MINUTES.search(e.title or "")]
    # a paper of ours a meeting has since acted on is no longer up for comment: the meeting's follow-up or its
    # minutes carry it
    week = [e for e in week if not (e.what == "paper" and e.org in ours and e not in minutes
                                    and taken_up(e, week, spec.summary))]
    # the figures come in or worked out are one update (figures_point), never a figure label each ("Interest on back
    # pay (AUD 1,486,200)" an item of the au-wage weekly call at seed 35); the other side's figure is ours to answer
    # (agenda.item: 'our position'), and one of the day itself is news ('New today')
    came = [e for e in week if e.what == "learnt" and e.type in _FIGURE and e.label and e.day != day
            and not (e.org and e.org not in ours and not e.derived and not e.standing)]
    rest = [e for e in week if e not in minutes and e not in came]
    # the meeting's own dates, which a paper of the week may carry in full (agenda_items)
    dates = [(f.label, f.text) for f in ctx.facts if f.value.type == "date" and f.label]
    opening = agenda_items(minutes, day, ctx.locale, ours)
    points = agenda_items(rest, day, ctx.locale, ours, dates)
    kind = genre(spec.summary, spec.location)
    decision = decision_point(spec.purpose)
    business = business_points(spec.purpose)
    if came and not (business or decision) and kind != "signing":
        # (the meeting's own figures join the week's in its one update: "Where the figures stand: ..." beside "New
        # figures: ..." on one weekly call, buyside-diligence at seed 0)
        came += [f for f in ctx.facts if f.value.type in _FIGURE and f.label and f.text not in " ".join(points)
                 and not (getattr(f, "since", None) is not None and f.since >= day)
                 and f.text not in {e.text for e in came}]
    if came:
        points.insert(0, figures_point(came, bool(getattr(spec, "follows", False))))
    left = [f for f in ctx.facts if not any(f.text in p for p in opening + points)]
    # a figure follows the business it turns on, never an item of its own where the meeting has business to carry it
    # ("Outstanding senior facilities (EUR 186,000,000)" on the lenders' call, "Overall materiality (USD 1,114,500)"
    # at the audit committee, blind read 36); a figure the meeting itself agrees stays its own item (fact_point)
    figures = [f for f in left if f.value.type in _FIGURE and f.label and not
               (getattr(f, "since", None) is not None and f.since >= day)]
    phrases = [figure_phrase(f.label, f.text) for f in figures]
    if kind == "signing":
        points += signing_points(spec.summary, spec.purpose, spec.location, phrases)
        figures = []
    elif business:
        business[0] = with_figures(business[0], phrases, True)
    elif decision:
        decision = with_figures(decision, phrases, False)
    elif phrases:  # (a status call's update: the figures where they stand, one item)
        business = [with_figures("Where the figures stand", phrases, True)]
    points = business + points
    points += [fact_point(f, day, pick) for f in left if f not in figures and
               not (kind == "signing" and f.value.type in _FIGURE and f.label)]
    # (a week with nothing new has the standing items alone: "A quiet week: chasing what is outstanding" was a
    # template line to blind read 35b)
    if decision:
        points.append(decision)
    # a call of a series meets again next week: its date is the calendar's, no point of the agenda; a meeting met in
    # a room meets again, not calls
    stock = [_NEXT_IN_SERIES if p == _NEXT and getattr(spec, "recurrence", None) else
             _NEXT_MEETING if p == _NEXT and kind != "call" else p for p in _POINTS]
    if kind == "signing":  # (a signing's business is its documents: no call, no open points, no other business)
        stock = []
    elif kind == "committee":  # (a committee takes its papers, then any other business)
        stock = [p for p in stock if p == "Any other business"]
    # a last time: a later call of a series (the first of a series, and a one-off meeting, have none)
    if getattr(spec, "follows", False) and kind != "signing":
        stock += _SERIES
    firms = {ctx.author.organisation, *(p.organisation for p in ctx.to)}
    if len(firms) == 1 and kind in ("call", "meeting"):
        stock += _ONE_FIRM
    client = client_of(ctx) if ctx.organisations else ""
    if client and any(p.organisation == client for p in ctx.to) and kind in ("call", "meeting"):
        stock += _CLIENT
    chosen = pick.some(stock, min(len(stock), pick.rng.randint(2, 3 if decision or points else 4)))
    opening += [p for p in chosen if p in _SERIES]
    points = in_order(opening, points, [p for p in chosen if p not in _SERIES])
    said = f"{spec.starts_at:%B} {spec.starts_at.day}"
    opener = f"For the signing on {said}, in this order:" if kind == "signing" else pick.one(_OPENERS)
    lines = [opener.format(summary=lower_first(spec.summary), day=said), ""]
    usual = getattr(spec, "recurrence", None)
    if usual is not None and usual.date() != day:
        # a meeting of a series moved off its day says so (its calendar shows that week's occurrence moved)
        lines[1:1] = [f"This week's call is on {day:%A} {mail_day(day, ctx.locale)}, not the usual {usual:%A}.", ""]
    lines += [f"{i}. {p}" for i, p in enumerate(points, start=1)]
    if ctx.distractor_label:
        lines.append(f"(Figures as in the {ctx.distractor_label}.)")
    return MeetingContent(description="\n".join(lines))


def hearing_description(ctx: ArtifactContext, pick, day: dt.date) -> str:
    """A hearing's diary entry: the hearing before the court, who attends for whom, and what it deals with (the
    points in the matter's facts, then what such a hearing decides), never a call's agenda of 'background' and 'next
    steps' (read 25: 'a firm-hosted video call with Kestrel's claims manager and no court. Its agenda item is "date the
    claim form was issued: background"')."""
    from worldsmith.generators.compose.substance.hearing import _DIRECTIONS

    spec = ctx.spec
    ours = [p for p in [ctx.author, *ctx.to] if home(ctx, p.organisation) == home(ctx, ctx.author.organisation)]
    lines = [f"{spec.summary}: hearing listed for {spec.starts_at:%H:%M}. Attending for us: "
             + ", ".join(p.name for p in ours) + ".", "", "For the hearing:"]
    from worldsmith.generators.compose.facts import fixed

    # what the parties put to the court: what is common ground as it stands, each figure in issue as in dispute
    points = [f"{cap_first(f.label)} ({f.text})" + ("" if fixed(f) else ": in dispute") if f.label else f.text
              for f in ctx.facts]
    if _DIRECTIONS.search(spec.summary):
        points += ["Directions to trial: disclosure, witness statements and expert evidence",
                   "The trial window and a pre-trial review", "Costs budgets and the costs of the hearing"]
    else:
        points += ["The bundle and the skeleton argument", "The order sought and costs"]
    return "\n".join(lines + [f"{i}. {p}" for i, p in enumerate(points, 1)])

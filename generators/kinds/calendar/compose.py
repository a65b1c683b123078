"""The offline meeting composer: an agenda for the invitation, carrying the meeting's facts."""

from __future__ import annotations

from worldsmith.generators.compose.bank import picker_for
from worldsmith.generators.compose.facts import fact_sentence
from worldsmith.generators.compose.parties import home
from worldsmith.generators.compose.week import agenda_points
from worldsmith.generators.context import ArtifactContext

# Agenda points any matter's meeting has; the facts of the meeting come first.
_POINTS = ["Actions from last time", "Where we are on the timetable", "Open points and who owns them",
           "Documents still outstanding", "Next steps and the date of the next call", "Any other business",
           "Budget and staffing", "Questions from the client"]
# A series' invitations differ by their day, so no opener repeats word for word across the room.
_OPENERS = ["Agenda for the {summary} of {day}.", "Points for the {summary} of {day}; please send anything to add.",
            "For {day}: we will use the time as follows.", "Proposed agenda for {day} below."]


def compose_meeting(ctx: ArtifactContext):
    """A description: a line, then numbered agenda points. A weekly call's points are its week's (what came in,
    what moved, what went round, what is due: ctx.week), then any of the meeting's facts they do not carry; a
    call of a week with nothing new says so rather than restating a standing figure."""
    from worldsmith.generators.kinds.calendar import MeetingContent  # the kind module imports this one

    spec = ctx.spec
    pick = picker_for(ctx)
    day = spec.starts_at.date()
    mine = home(ctx, ctx.author.organisation)
    ours = {o.name for o in ctx.organisations if o.privileged == mine} | {ctx.author.organisation}
    points = agenda_points(pick, ctx.week or [], day, ctx.locale, ours)
    points += [fact_sentence(pick, f, "email") for f in ctx.facts if not any(f.text in p for p in points)]
    if not points and ctx.week is not None:
        points = [pick.one(["Nothing new in since last week: open points only",
                            "A quiet week: chasing what is outstanding"])]
    points += pick.some(_POINTS, pick.rng.randint(2, 4))
    said = f"{spec.starts_at:%B} {spec.starts_at.day}"
    lines = [pick.one(_OPENERS).format(summary=spec.summary, day=said), ""]
    lines += [f"{i}. {p}" for i, p in enumerate(points, start=1)]
    if ctx.distractor_label:
        lines.append(f"(Figures as in the {ctx.distractor_label}.)")
    return MeetingContent(description="\n".join(lines))

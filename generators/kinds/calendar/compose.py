"""The offline meeting composer: an agenda for the invitation, carrying the meeting's facts."""

from __future__ import annotations

from worldsmith.generators.compose.bank import picker_for
from worldsmith.generators.compose.facts import fact_sentence
from worldsmith.generators.context import ArtifactContext

# Agenda points any matter's meeting has; the facts of the meeting come first.
_POINTS = ["Actions from last time", "Where we are on the timetable", "Open points and who owns them",
           "Documents still outstanding", "Next steps and the date of the next call", "Any other business",
           "Budget and staffing", "Questions from the client"]
# A series' invitations differ by their day, so no opener repeats word for word across the room.
_OPENERS = ["Agenda for the {summary} of {day}.", "Points for the {summary} of {day}; please send anything to add.",
            "For {day}: we will use the time as follows.", "Proposed agenda for {day} below."]


def compose_meeting(ctx: ArtifactContext):
    """A description: a line, then numbered agenda points; every fact of the meeting in one of them."""
    from worldsmith.generators.kinds.calendar import MeetingContent  # the kind module imports this one

    spec = ctx.spec
    pick = picker_for(ctx)
    points = [fact_sentence(pick, f, "email") for f in ctx.facts]
    points += pick.some(_POINTS, pick.rng.randint(2, 4))
    day = f"{spec.starts_at:%B} {spec.starts_at.day}"
    lines = [pick.one(_OPENERS).format(summary=spec.summary, day=day), ""]
    lines += [f"{i}. {p}" for i, p in enumerate(points, start=1)]
    if ctx.distractor_label:
        lines.append(f"(Figures as in the {ctx.distractor_label}.)")
    return MeetingContent(description="\n".join(lines))

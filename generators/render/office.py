"""What an office file (a document's .docx, a sheet's .xlsx) carries the same way whichever kind renders it: the
moment it is said to be written, the banner a distractor shows, the author's organisation."""

from __future__ import annotations

import datetime as dt

from worldsmith.worlds.plan import DocumentSpec, SheetSpec, WorldPlan


def stamp_of(day: dt.date) -> dt.datetime:
    """The moment a dated artifact is said to be written: 09:00 UTC on its date."""
    return dt.datetime(day.year, day.month, day.day, 9, 0, tzinfo=dt.timezone.utc)


def banner(plan: WorldPlan, spec: DocumentSpec | SheetSpec) -> str | None:
    """The warning a distractor carries in plain sight, e.g. `SUPERSEDED DRAFT — do not rely on`."""
    distractor = plan.distractor_of(spec)
    if distractor is None:
        return None
    # (the banner sits on the paper's own pages, dated its day: it never names what only later replaced it. Read 23:
    # "The Aug 5 draft carries a note about the Aug 11 review")
    from worldsmith.generators.context import artifact_day, label_on

    label = label_on(plan, distractor, artifact_day(spec))
    return f"{label.strip().upper()} — do not rely on"


def organisation_name(plan: WorldPlan, person_id: str) -> str:
    """The name of the organisation a person works for."""
    org_id = plan.person(person_id).organisation
    return next((o.name for o in plan.organisations if o.id == org_id), org_id)

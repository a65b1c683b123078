"""A weekly series reports its week (generators/week.py): what came in, what moved, what went round, what is due,
and never the same standing figure every week (issue 17: weekly agendas that opened by restating the cap)."""

from __future__ import annotations

import datetime as dt
import json
import re

from icalendar import Calendar

from worldsmith.generators.week import week_events, window
from worldsmith.worlds.plan import WorldPlan


def _plan(world) -> WorldPlan:
    return WorldPlan.model_validate_json((world / "plan.json").read_text(encoding="utf-8"))


def _agendas(world, organiser: str) -> dict[str, str]:
    """Each weekly call's agenda in the organiser's calendar, by its day."""
    cal = Calendar.from_ical((world / "room" / "Calendar" / f"{organiser}.ics").read_bytes())
    # (the planned calls: the series' own event, its rule, holds the standing invitation)
    return {str(e.get("DTSTART").dt.date()): str(e.get("DESCRIPTION")) for e in cal.walk("VEVENT")
            if str(e.get("SUMMARY")).startswith("Weekly status call") and e.get("RRULE") is None}


def test_a_weekly_call_reports_its_week_and_restates_no_standing_figure(published_legal):
    from worldsmith.generators.kinds.calendar.agenda import usual_name

    plan = _plan(published_legal)
    cap = plan.fact("liability_cap")
    calls = sorted((a for a in plan.artifacts if a.item.startswith("weekly_status_call")), key=lambda a: a.starts_at)
    assert len(calls) == 8
    organiser = plan.person(calls[0].author).name
    agendas = _agendas(published_legal, organiser)
    # the cap was fixed on March 5 and never moved: only the first call, the week it came in, names it
    naming = [day for day, text in agendas.items() if cap.text in text]
    assert naming == [str(calls[0].starts_at.date())], naming
    # every call whose week holds news, a paper or a date ahead says so in its own agenda
    for call in calls:
        text = agendas[str(call.starts_at.date())]
        for e in week_events(plan, call):
            # (a paper by the name the agenda gives it, never its whole title: blind read 35b, "agendas paste
            # document titles")
            assert (e.text or usual_name(e.title, e.org)) in text, (call.id, e)
    # and no two calls open on the same point
    # (of business: "Actions from last time" opens a weekly call's agenda as often as the chair takes them first)
    firsts = [next(line.split(". ", 1)[1] for line in t.split("\n") if re.match(r"\d+\. ", line)
                   and not line.endswith("Actions from last time")) for t in agendas.values()]
    assert len(set(firsts)) == len(firsts), firsts


def test_week_events_fall_in_their_week_and_are_known_by_its_day(published_legal):
    plan = _plan(published_legal)
    seen = 0
    for spec in plan.artifacts:
        span = window(plan, spec)
        if span is None:
            continue
        since, day = span
        for e in week_events(plan, spec):
            seen += 1
            if e.what == "due":
                assert day < e.day <= day + dt.timedelta(days=21)
            elif e.what == "next":
                assert day < e.day, (spec.id, e)  # a quiet week's next date, however far
            elif e.what in ("awaited", "last"):
                assert e.day <= since, (spec.id, e)  # what stands in a quiet week went before it
            else:
                assert since < e.day <= day, (spec.id, e)
            if e.fact:
                held = plan.fact(e.fact).on(day)
                assert held is not None and held[1] == e.text, (spec.id, e)
            if e.what == "paper":
                assert "superseded" not in e.title.lower()
    assert seen > 20


def test_a_weekly_instance_carries_a_standing_fact_only_in_a_week_it_moved(published_legal):
    plan = json.loads((published_legal / "plan.json").read_text(encoding="utf-8"))
    roots = [a for a in plan["artifacts"] if a["item"].startswith("weekly_status_aurelian") and a["position"] == 0]
    assert len(roots) == 8
    carrying = [a["id"] for a in roots if "liability_cap" in a["facts"]]
    assert carrying == [roots[0]["id"]], carrying


def test_no_file_or_message_is_titled_superseded_on_the_day_it_is_made(published_legal):
    plan = json.loads((published_legal / "plan.json").read_text(encoding="utf-8"))
    for a in plan["artifacts"]:
        assert "superseded" not in a["title"].lower(), a["title"]
        assert "superseded" not in a["path"].rsplit("/", 1)[-1].lower(), a["path"]
        for att in a.get("attachments", []):
            assert "superseded" not in att["path"].rsplit("/", 1)[-1].lower(), att["path"]


def test_an_item_whose_name_ends_in_a_number_is_no_weekly_series(published_hospital):
    # "Unbilled receivables at May 31" was planned as item unbilled_receivables_at_may_31 and opened "The week to
    # June 2, in brief."
    plan = _plan(published_hospital)
    one_off = [a for a in plan.artifacts if a.item.endswith("_31")]
    assert one_off
    assert all(week_events(plan, a) is None for a in one_off)


def test_a_weekly_note_to_the_client_does_not_report_the_advisers_working_draft(published_hospital):
    # the analyst's superseded draft extrapolation went to the audit manager only; the fieldwork note to the
    # hospital's finance team reported "Timothy circulated the DRAFT: extrapolation summary"
    plan = _plan(published_hospital)
    drafts = {a.title for a in plan.artifacts if a.distractor}
    reported = 0
    for a in plan.artifacts:
        events = week_events(plan, a)
        if not events:
            continue
        audience = {plan.person(p).organisation for p in [a.author, *getattr(a, "to", []), *getattr(a, "cc", []),
                                                           *getattr(a, "attendees", [])]}
        for e in events:
            if e.what == "paper":
                reported += 1
                if len(audience) > 1:
                    assert e.title not in drafts, (a.id, e.title)
    assert reported


def test_weekly_call_notes_record_their_week_not_the_same_dates(published_diligence):
    # eight weekly call notes each 'agreed to work to the signing target of 16 October 2026' and diarised it, the
    # last one a week after it had passed
    plan = _plan(published_diligence)
    notes = sorted((a for a in plan.artifacts if a.kind == "document" and a.item.startswith("weekly_diligence_call")),
                   key=lambda a: a.date)
    assert len(notes) == 8
    target = plan.fact("signing_target").text
    texts = {a.id: (published_diligence / "room" / a.path.replace(".docx", ".md")).read_text(encoding="utf-8")
             for a in notes}
    due = plan.fact("signing_target").value.value
    # named only the first week, and as a date coming up in the three weeks before it
    restating = [a.id for a in notes if target in texts[a.id] and a is not notes[0]
                 and not 0 < (due - a.date).days <= 21]
    assert not restating, restating
    assert not any(f"Diary the signing target ({target})" in texts[a.id] for a in notes if a.date > plan.fact(
        "signing_target").value.value)
    # the papers of each week are in its notes
    for a in notes:
        for e in week_events(plan, a) or []:
            if e.what == "paper":
                assert e.title in texts[a.id], (a.id, e.title)
            # a date that fell in the week is recorded with what follows (blind read 8: 'held the day after
            # exclusivity lapsed and records no decision about it')
            if e.what == "passed":
                assert e.label in texts[a.id] and "passed" in texts[a.id], (a.id, e.label)


def test_a_quiet_week_sets_no_stock_tasks(published_hospital):
    # "Joel: draft a short note on the figures", "Joel: chase what is still outstanding on the figures" ... under
    # "No news in the week to June 17"
    import email
    from email import policy

    from worldsmith.generators.compose.bank import bank
    from worldsmith.generators.compose.week import STANDING

    plan = _plan(published_hospital)
    quiet = [a for a in plan.artifacts if a.kind == "email" and a.position == 0 and not a.facts
             and week_events(plan, a) is not None and all(e.what in STANDING for e in week_events(plan, a))]
    assert quiet
    stock = [f.split("{")[0].strip() for f in bank("email")["next_step_items"]]
    for a in quiet:
        msg = email.message_from_bytes((published_hospital / "room" / a.path).read_bytes(), policy=policy.default)
        body = msg.get_body(preferencelist=("plain",)).get_content()
        steps = [line for line in body.splitlines() if line.startswith("- ")]
        assert not [s for s in steps if any(f": {k}" in s for k in stock)], (a.id, body)


def test_a_quiet_weeks_note_says_what_stands(published_hospital):
    # "The update for March 12. A quiet week to March 12: nothing has moved since the last note, and we are chasing
    # what is outstanding." was 56 of a year's 80 notes: no partner's note, and a third of the matter's mail short
    import email
    from email import policy

    from worldsmith.generators.compose.week import STANDING

    plan = _plan(published_hospital)
    notes = [a for a in plan.artifacts if a.kind == "email" and a.position == 0 and "weekly" in a.item
             and window(plan, a) is not None]
    quiet = [(a, week_events(plan, a)) for a in notes if all(e.what in STANDING for e in week_events(plan, a))]
    told = [(a, events) for a, events in quiet if events]
    assert told, "no quiet week's note says what it waits on or what is next"
    for a, events in told:
        msg = email.message_from_bytes((published_hospital / "room" / a.path).read_bytes(), policy=policy.default)
        body = msg.get_body(preferencelist=("plain",)).get_content()
        for e in events:
            assert (e.title or e.text) in body, (a.id, e, body)
            if e.what == "awaited":
                assert e.org in body and e.org not in plan.person(a.author).name, (a.id, body)


def test_a_paper_titled_with_its_makers_name_is_named_once():
    """A fresh business-interruption outline's weekly note: 'a first read of Sable Claims Services' Sable Claims
    Services preliminary view'; the frames put the organisation before the title themselves."""
    from worldsmith.generators.compose.week import _values
    from worldsmith.generators.week import WeekEvent

    e = WeekEvent(what="paper", day=dt.date(2026, 4, 10), title="Sable Claims Services preliminary view of April 10",
                  org="Sable Claims Services", by="Paul Walker")
    # (nor dated twice: the frames give the day)
    assert _values(e, dt.date(2026, 4, 21), "en_US")["title"] == "preliminary view"
    other = e.model_copy(update={"title": "Business interruption loss report", "org": "Brightline Forensic"})
    assert _values(other, dt.date(2026, 4, 21), "en_US")["title"] == "Business interruption loss report"


def test_a_paper_dated_in_its_title_is_not_dated_twice():
    # 'preliminary view of April 10, 2026 of April 10' (read 16): the frames give the day, the title drops its own
    from worldsmith.generators.compose.week import _values
    from worldsmith.generators.week import WeekEvent

    e = WeekEvent(what="paper", day=dt.date(2026, 4, 10), title="Preliminary view of April 10, 2026",
                  org="Sable Claims Services", by="Ann Lee")
    values = _values(e, dt.date(2026, 4, 20), "en_US")
    assert values["title"] == "Preliminary view" and values["d"] == "April 10"
    uk = e.model_copy(update={"title": "Minutes - kick-off, 10 April"})
    assert _values(uk, dt.date(2026, 4, 20), "en_GB")["title"] == "Minutes - kick-off"


def test_a_quiet_week_never_chases_a_signed_instrument(published_legal, published_diligence, published_hospital):
    # read 16: a weekly call's agenda asked for "anything further" from the insurer on its certified policy of January
    # 27, a month on; a policy, lease or agreement stands and is no last word anyone waits on
    import re

    seen = 0
    for world in (published_legal, published_diligence, published_hospital):
        plan = _plan(world)
        for spec in plan.artifacts:
            for e in week_events(plan, spec) or []:
                if e.what in ("last", "awaited") and e.title:
                    seen += 1
                    assert not re.search(r"\b(policy|lease|agreement|contract|certificate)\b", e.title, re.I), \
                        (spec.id, e)
    assert seen  # the quiet weeks do report a last paper or one awaited


def test_an_agenda_names_a_paper_once_with_its_maker_once_and_its_own_date_once():
    """Read 17, a covenant breach's calendar: 'Northbank Capital N.A.'s Northbank Capital request for net debt
    detail of August 14'; 'Minutes: Covenant kick-off with Quillfield, July 9 of July 10: for information';
    'The Minutes: Covenant kick-off ...: anything left open'."""
    import datetime as dt

    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.week import note_lines
    from worldsmith.generators.week import WeekEvent

    day = dt.date(2026, 8, 19)
    theirs = WeekEvent(what="paper", day=dt.date(2026, 8, 14), title="Northbank Capital request for net debt detail, "
                       "August 14, 2026", by="Kim Lee", org="Northbank Capital N.A.")
    minutes = WeekEvent(what="paper", day=dt.date(2026, 7, 10), title="Minutes: Covenant kick-off with Quillfield, July 9",
                        by="Katherine Jackson", org="Marlow Pike LLP")
    last = minutes.model_copy(update={"what": "last"})
    ours = {"Marlow Pike LLP"}
    for seed in range(40):
        lines = note_lines(Picker(seed), [theirs, minutes, last], day, "en_US", ours)
        for line in lines:
            assert "Northbank Capital N.A.'s Northbank" not in line, line
            assert "July 9 of July 10" not in line, line
            assert "The Minutes:" not in line and "the Minutes:" not in line, line

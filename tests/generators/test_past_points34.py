"""Blind read 34 (tax appeal, tests/fixtures/br-icms-tax-appeal.yaml at seed 34): on 30 April the client answered the
monthly note with "If anything reaches me on the deadline for the defesa before the next note (27 May), I will pass it
straight on", a deadline of 12 March met by the defesa of 11 March; the partner answered "I'll raise it on the next
call", 'it' being nothing. A reader of a quiet note watches a point still open, and a reply to that reader's answer
takes no step on news it does not carry."""

from __future__ import annotations

import re
from pathlib import Path

from tests.generators.offline_world import offline_world

ROOT = Path(__file__).resolve().parents[2]
# The reader's step on the point a quiet note stands on (compose._QUIET_POINT and _QUIET_LAST).
_WATCHED = re.compile(r"(?:reaches me on|moves on|come in on|doing on|comes in on|reached me on|nothing on) (.+?)"
                      r"(?: before| after| since| at my end|;|$)")
_STEP_ON_NEWS = re.compile(r"\b(?:raise it|take it up|put it on the list) on the\b")


def _world():
    return offline_world(ROOT / "tests/fixtures/br-icms-tax-appeal.yaml", 34)


def test_a_quiet_notes_reader_watches_no_date_gone_by():
    plan, _, contents = _world()
    gone = {f.label.lower().removeprefix("the "): f for f in plan.facts if f.label and f.value.type == "date"}
    for a in plan.artifacts:
        if a.kind != "email" or a.id not in contents:
            continue
        for m in _WATCHED.finditer(contents[a.id].body):
            f = gone.get(m.group(1).lower().removeprefix("the "))
            assert f is None or f.value.value >= a.sent_at.date(), (a.id, m.group(0))


def test_no_step_is_taken_on_a_reply_that_brought_no_news():
    plan, _, contents = _world()
    arts = {a.id: a for a in plan.artifacts}
    for a in plan.artifacts:
        if a.kind != "email" or a.parent is None or a.id not in contents or a.parent not in contents:
            continue
        parent = contents[a.parent].body
        if re.search(r"\bnext note\b", parent) and _STEP_ON_NEWS.search(contents[a.id].body):
            raise AssertionError((a.id, arts[a.parent].id, contents[a.id].body))


def test_a_deadline_its_paper_met_is_said_met():
    """The follow-up of 12 March said "the deadline for the defesa is still 12 March 2026", the day after the defesa
    went in (read 34): a message after the paper that met a deadline says it is met, and by which paper."""
    plan, _, contents = _world()
    deadline = plan.fact("defense_deadline")
    label = deadline.label.lower()
    defesa = next(a for a in plan.artifacts if a.kind == "document" and a.title.lower().startswith("defesa"))
    said = 0
    for a in plan.artifacts:
        if a.kind != "email" or a.id not in contents or "defense_deadline" not in a.facts \
                or a.sent_at.date() <= defesa.date:
            continue
        body = contents[a.id].body
        said += 1
        assert re.search(rf"(?i){re.escape(label)}[^.]*\bmet\b|\bmet (?:the )?{re.escape(label)}", body), (a.id, body)
        assert not re.search(rf"(?i){re.escape(label)} (?:falls on|is still|is)\b", body), (a.id, body)
    assert said


def test_a_day_that_comes_whatever_is_done_is_never_met():
    """aircraft-redelivery at seed 0: 'The Lease summary ... of 8 March met the lease Expiry Date (12 April 2028)'."""
    from worldsmith.generators.week import met_paper

    plan, _, _ = offline_world(ROOT / "tests/fixtures/aircraft-redelivery.yaml", 0)
    expiry = [f for f in plan.facts if f.label and re.search(r"(?i)\bexpiry\b", f.label) and f.value.type == "date"]
    assert expiry
    for f in expiry:
        assert met_paper(plan, f, f.value.value) is None
    # (a deadline is: the icms fixture's defesa met its own)
    icms = _world()[0]
    assert met_paper(icms, icms.fact("defense_deadline"), icms.fact("defense_deadline").value.value)


def test_a_forwards_exchange_runs_up_to_its_last_message():
    """nl-collective-redundancy at seed 34 (read 34): "the exchange below, up to 28 April" in a forward of 28 April
    whose last message was of 25 April."""
    import datetime as dt

    from tests.generators.context_fixture import SENT, email_context
    from worldsmith.generators.kinds.email.compose import compose_email

    said = []
    for seed in range(80):
        ctx = email_context("forward", seed=seed, facts=[])
        ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"beat": "forward"}),
                                     "thread_labels": ["the liability cap"], "parent_sent": SENT - dt.timedelta(days=3)})
        body = compose_email(ctx).body
        for m in re.finditer(r"\bup to ((?:\d{1,2} )?[A-Z][a-z]+(?: \d{1,2})?)\b", body):
            said.append(m.group(1))
    assert said, "no forward said how far its exchange runs"
    assert set(said) == {"February 28"}, said


def test_nobody_asks_who_has_a_point_its_writer_just_took():
    """The hospital example at seed 0 (read 34's brief): the client's reply to the May 13 status asked "Who is picking
    up the probe sample from here?" of the auditor who had just written "I am taking 400 claims for the probe
    sample"."""
    plan, _, contents = offline_world(ROOT / "outlines/examples/hospital-revenue-audit.yaml", 0)
    for a in plan.artifacts:
        if a.kind != "email" or a.parent is None or a.id not in contents or a.parent not in contents:
            continue
        for m in re.finditer(r"\bWho (?:has|is picking up|is carrying|is taking) (.+?) (?:from here|forward|now)\b",
                             contents[a.id].body):
            took = rf"\b(?:I am|I'm|I will|I'll|we are|we're|we will|we'll)\s[^.?!\n]{{0,80}}{re.escape(m.group(1))}"
            assert not re.search(took, contents[a.parent].body, re.I), (a.id, m.group(0))


def test_an_answer_is_asked_by_a_day_the_reply_keeps():
    """nl-collective-redundancy at seed 34 (read 34): the CFO asked on Wednesday 8 April for a view "By end of
    Thursday, if you can", and the planned answer went out on Friday 10 April."""
    import datetime as dt

    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.voice import deadline, resolve_day

    wednesday, friday = dt.date(2026, 4, 8), dt.date(2026, 4, 10)
    for seed in range(40):
        said = deadline(Picker(seed), wednesday, "en_GB", at_least=friday)
        assert resolve_day(said, wednesday) is None or resolve_day(said, wednesday) >= friday, said
    # (a day the work serves still comes first: asked before it, whatever the reply misses)
    assert resolve_day(deadline(Picker(1), wednesday, "en_GB", before=dt.date(2026, 4, 9), at_least=friday),
                       wednesday) <= dt.date(2026, 4, 9)


def test_the_reply_day_is_planned():
    plan, _, _ = _world()
    from worldsmith.generators.context import reply_day

    replies = [a for a in plan.artifacts if a.kind == "email" and a.mode == "reply"]
    assert replies
    for a in replies:
        assert reply_day(plan, a.parent) <= a.sent_at.date()


def test_no_step_is_set_on_a_point_the_ledger_settles_weeks_later():
    """The follow-up of 12 March had the client "settle the decision on the appeal by 16 March" and Ana "pull together
    the backup for the decision on the appeal", of an appeal the ledger decides on June 18 (read 34)."""
    from worldsmith.generators.compose.advice import OPEN_AHEAD_DAYS

    plan, _, contents = _world()
    later = {}
    for f in plan.facts:
        if f.label and f.first_known() is not None:
            later[f.label.lower()] = f.first_known()
    for a in plan.artifacts:
        if a.kind != "email" or a.id not in contents:
            continue
        day = a.sent_at.date()
        own = re.split(r"\n\s*On .{0,80}wrote:", contents[a.id].body)[0].lower()
        for label, known in later.items():
            if (known - day).days > OPEN_AHEAD_DAYS and label in own:
                assert not re.search(rf"(?:settle|backup for|onto one page|outstanding on)[^.\n]*{re.escape(label)}",
                                     own), (a.id, label, known)

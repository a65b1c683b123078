"""The planner: deterministic cast, calendar and inventory; threads that make sense."""

from __future__ import annotations

import datetime as dt
from collections import Counter

import pytest

from worldsmith.generators.context import artifact_day
from worldsmith.generators.planner import plan_world, safe_filename, slugify
from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
from tests.conftest import EXAMPLES, MINI
from worldsmith.worlds import kinds as registry
from worldsmith.worlds.outline import check_folder_path, load_outline
from worldsmith.worlds.plan import DocumentSpec, EmailSpec, SheetSpec


def plan_of(path=MINI, seed=0):
    outline = load_outline(path)
    return outline, plan_world(outline, resolve_cast(outline, load_taxonomy()), seed, "w-test")


def test_same_seed_same_plan_other_seed_other_cast():
    _, a = plan_of(seed=4)
    _, b = plan_of(seed=4)
    _, c = plan_of(seed=5)
    assert a.model_dump_json() == b.model_dump_json()
    assert [p.name for p in a.people] != [p.name for p in c.people]


def test_cast_has_one_person_per_seat_with_addresses_at_their_domain():
    outline, plan = plan_of()
    assert len(plan.people) == sum(m.count for m in outline.cast)
    domains = {o.id: o.domain for o in outline.organisations}
    for person in plan.people:
        local, domain = person.email.split("@")
        assert domain == domains[person.organisation]
        assert local == f"{person.first_name}.{person.last_name}".lower().replace(" ", "").replace("'", "").replace("-", "") \
            or local.replace(".", "").isalnum()
        assert " 555 01" in person.phone
    assert len({p.email for p in plan.people}) == len(plan.people)


def test_titles_come_from_the_taxonomy_by_seniority():
    _, plan = plan_of()
    taxonomy = load_taxonomy()
    for person in plan.people:
        assert person.title == taxonomy.by_code(person.occupation).job_titles[person.seniority]


def test_replies_are_later_than_their_parents_and_answer_the_last_sender():
    _, plan = plan_of(EXAMPLES / "tanker-spill-liability.yaml")
    emails = {a.id: a for a in plan.artifacts if isinstance(a, EmailSpec)}
    for spec in emails.values():
        if spec.parent:
            parent = emails[spec.parent]
            assert spec.sent_at > parent.sent_at
            assert spec.thread == parent.thread and spec.position == parent.position + 1
            if spec.mode == "reply":
                assert spec.to == [parent.author] and spec.author != parent.author
        else:
            assert spec.mode == "new" and spec.position == 0


def test_every_artifact_lies_in_the_window_on_a_working_day():
    outline, plan = plan_of(EXAMPLES / "buyside-diligence.yaml")
    w = outline.window
    for spec in plan.artifacts:
        day = artifact_day(spec)  # an email's or meeting's local day, a file's or chat day's date
        assert w.start <= day <= w.end, spec.id
        if isinstance(spec, EmailSpec):
            assert spec.sent_at.tzinfo is not None
            # a thread opens in working hours; an answer may go out that evening (calendar.reply_time)
            assert 8 <= spec.sent_at.hour <= (19 if spec.mode == "new" else 23), spec.sent_at


def test_inventory_expands_counts_threads_and_forwards():
    outline, plan = plan_of()
    kinds = Counter(a.kind for a in plan.artifacts)
    # 3 messages + 1 forward, and the cover note that sends the memo to its reader; memo + draft memo; one sheet
    assert kinds == {"email": 5, "document": 2, "spreadsheet": 1}
    cover = next(a for a in plan.artifacts if isinstance(a, EmailSpec) and a.attachments)
    memo = next(a for a in plan.artifacts if a.kind == "document" and a.distractor is None)
    assert [x.artifact for x in cover.attachments] == [memo.id] and cover.to == memo.readers
    assert cover.sent_at.date() == memo.date and cover.author == memo.author
    forward = next(a for a in plan.artifacts if isinstance(a, EmailSpec) and a.mode == "forward")
    assert forward.to and {plan.person(p).role for p in forward.to} == {"associate"}
    assert forward.author not in forward.to


def test_paths_are_unique_and_safe():
    for example in sorted(EXAMPLES.glob("*.yaml")):
        _, plan = plan_of(example)
        # an artifact whose file is its own (a meeting lives in its people's calendars, one file for many)
        paths = [a.path for a in plan.artifacts if (a.path, "artifact") in registry.of(a).files(a)]
        assert len(paths) == len(set(paths))
        for path in [a.path for a in plan.artifacts]:
            assert check_folder_path(path) is None, path


def test_distractor_artifact_carries_its_fact_and_label():
    _, plan = plan_of()
    draft = next(a for a in plan.artifacts if a.distractor)
    assert isinstance(draft, DocumentSpec) and "cap" in draft.facts
    assert plan.distractor_of(draft).label == "superseded draft"


def test_memo_cites_the_sheet_that_shares_its_facts():
    _, plan = plan_of()
    memo = next(a for a in plan.artifacts if isinstance(a, DocumentSpec) and not a.distractor)
    sheet = next(a for a in plan.artifacts if isinstance(a, SheetSpec))
    assert memo.cites == [sheet.id]


def test_examples_make_at_least_forty_artifacts():
    for example in sorted(EXAMPLES.glob("*.yaml")):
        _, plan = plan_of(example)
        kinds = Counter(a.kind for a in plan.artifacts)
        assert sum(kinds.values()) >= 40 and set(kinds) == {"email", "document", "spreadsheet", "chat", "calendar"}, example


@pytest.mark.parametrize("title, expected", [("Memo re: Cap/Limits?", "Memo re - Cap-Limits-"), ("CON", "_CON"),
                                             ("  trailing dot. ", "trailing dot")])
def test_safe_filename(title, expected):
    assert safe_filename(title) == expected


def test_slugify():
    assert slugify("Memo re OPA 90 — Cap") == "memo-re-opa-90-cap"


def test_a_thread_whose_title_asks_has_its_first_answer_carry_the_fact_that_answers():
    outline, plan = plan_of(EXAMPLES / "hospital-revenue-audit.yaml", seed=3)
    thread = [a for a in plan.artifacts if isinstance(a, EmailSpec) and a.title.endswith("when did the clock start?")]
    marked = [a for a in thread if a.answers]
    assert len(marked) == 1, [(a.beat, a.answers) for a in thread]
    reply = marked[0]
    # the fact whose statement names the 60-day rule, on a day the ledger knows it, from counsel (not the asker)
    assert reply.answers == "refund_deadline" and reply.facts == ["refund_deadline"]
    assert reply.beat in ("answer", "confirm") and reply.author != thread[0].author
    assert artifact_day(reply) >= plan.fact("refund_deadline").first_known()
    earlier = [a for a in thread if a.position < reply.position and a.mode == "reply"]
    assert not any(a.beat in ("answer", "confirm") and a.author != thread[0].author for a in earlier)
    # no thread whose title asks nothing is marked
    assert all(not a.answers for a in plan.artifacts if isinstance(a, EmailSpec) and not a.title.endswith("?"))


def test_a_cadence_over_a_range_keeps_one_weekday():
    # 'The "weekly" calls fall on six irregular dates and weekdays' (blind read 16): a series of fewer instances than
    # its range has weeks is spread evenly, each on the weekday of the first
    from worldsmith.generators.calendar import business_days, on_one_weekday, spread

    days = business_days(dt.date(2026, 2, 4), dt.date(2026, 6, 17))
    plain = spread(days, 8)
    assert len({d.weekday() for d in plain}) > 1  # what the even spread alone gives
    kept = on_one_weekday(plain, days)
    assert len(kept) == 8 and kept == sorted(kept) and len(set(kept)) == 8
    assert {d.weekday() for d in kept} == {plain[0].weekday()} and kept[0] == plain[0] and kept[-1] == plain[-1]
    # each dated series of the examples (weekly notes and calls over a range) keeps one weekday
    for example in sorted(EXAMPLES.glob("*.yaml")):
        outline, plan = plan_of(example)
        series = [i.title for f in outline.inventory for i in f.items
                  if getattr(i, "dates", None) is not None and 1 < i.count <= 20 and i.kind in ("meeting", "email_thread")]
        first: dict[str, dt.date] = {}  # each instance's first day (a thread's replies run on after it)
        for spec in plan.artifacts:
            if any(spec.title.startswith(f"{title} - ") for title in series):
                first[spec.title] = min(first.get(spec.title, artifact_day(spec)), artifact_day(spec))
        days: dict[str, set] = {}
        for title, day in first.items():
            days.setdefault(title.rsplit(" - ", 1)[0], set()).add(day.weekday())
        assert days and all(len(w) == 1 for w in days.values()), (example.name, days)

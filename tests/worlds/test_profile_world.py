"""A world's profile, measured on its parsed files, agrees with what its plan says was made."""

from __future__ import annotations

import statistics
from collections import Counter
from zoneinfo import ZoneInfo

import pytest

from tests.conftest import MINI
from tests.worlds.test_realism_defects import _build
from worldsmith.worlds.plan import EmailSpec
from worldsmith.worlds.profile import profile_of_world
from worldsmith.worlds.store.load import load_bundle, read_plan


@pytest.fixture(scope="module")
def measured(tmp_path_factory):
    world = _build(MINI, tmp_path_factory.mktemp("profile") / "world")
    return read_plan(world), profile_of_world(load_bundle(world))


def test_hours_weekdays_and_modes_match_the_plan(measured):
    plan, profile = measured
    emails = [a for a in plan.artifacts if isinstance(a, EmailSpec)]
    zone = ZoneInfo(plan.timezone)
    assert profile.messages == len(emails) and profile.source == f"world {plan.world_id}"
    hours = Counter(e.sent_at.astimezone(zone).hour for e in emails)
    assert profile.send_hour.shares == [round(hours[h] / len(emails), 6) for h in range(24)]
    days = Counter(e.sent_at.astimezone(zone).weekday() for e in emails)
    assert profile.send_weekday.shares == [round(days[d] / len(emails), 6) for d in range(7)]
    modes = Counter(e.mode for e in emails)
    assert profile.reply_share.value == round(modes["reply"] / len(emails), 6)
    assert profile.forward_share.value == round(modes["forward"] / len(emails), 6)


def test_recipients_cc_and_depth_match_the_plan(measured):
    plan, profile = measured
    emails = [a for a in plan.artifacts if isinstance(a, EmailSpec)]
    assert profile.recipients.mean == round(statistics.mean(len(set(e.to) | set(e.cc)) for e in emails), 6)
    assert profile.cc_share.value == round(sum(1 for e in emails if e.cc) / len(emails), 6)
    # a message carries the chain above it up to the first trimmed reply (quote "none"), which carries itself alone
    by_id = {e.id: e for e in emails}

    def depth(e: EmailSpec) -> int:
        if e.parent is None or (e.mode == "reply" and e.quote == "none"):
            return 1
        return 1 + depth(by_id[e.parent])

    assert profile.thread_depth.max == max(depth(e) for e in emails)
    assert profile.thread_depth.mean == round(statistics.mean(depth(e) for e in emails), 6)


def test_documents_and_sheets_are_measured(measured):
    plan, profile = measured
    kinds = Counter(a.kind for a in plan.artifacts)
    assert profile.document_words.n == kinds["document"] and profile.document_words.median > 100
    assert profile.sheet_rows.n >= kinds["spreadsheet"] and profile.sheet_cols.median >= 2
    assert profile.new_words.median < profile.body_words.median

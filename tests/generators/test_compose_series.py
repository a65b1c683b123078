"""A recurring series (forty weekly status threads on one figure) does not stamp the same sentences on its instances."""

from __future__ import annotations

import collections
import datetime as dt
import re

from worldsmith.generators.kinds.email.compose import compose_email
from worldsmith.generators.compose.bank import Picker, Series, series_of
from tests.generators.context_fixture import SENT, TONNES, email_context


def test_series_of_reads_the_planned_instance_and_message_ids():
    assert series_of("weekly_status_12", "weekly_status_12-m3", "May 21") == Series("weekly_status", 11, 2, "May 21")
    assert series_of("weekly_call_4", "weekly_call_4") == Series("weekly_call", 3, 0, "")
    assert series_of("cap_thread", "cap_thread-m1") is None


def test_a_series_deals_every_frame_once_before_it_repeats_one():
    frames = [f"Frame {w} on {{label}} for the week." for w in ("one", "two", "three", "four", "five", "six")]
    # each instance has its own seed, as artifacts do: the deal depends on the series and the instance alone
    dealt = [Picker(7919 * n + 1, Series("status", n)).fill(frames, label="x") for n in range(12)]
    assert sorted(dealt[:6]) == sorted(f.format(label="x") for f in frames)
    assert sorted(dealt[6:]) == sorted(dealt[:6])


def test_instances_a_round_apart_are_not_dealt_the_same_frames():
    """At x80 two weekly replies six instances apart were 100% alike: each list of six frames was dealt in one fixed
    order, so every list of that length gave both the same frame."""
    lists = [[f"{a} {w} on {{label}}." for w in ("one", "two", "three", "four", "five", "six")] for a in "ABCD"]
    said = [tuple(p.fill(frames, label="x") for frames in lists)
            for p in (Picker(7919 * n + 1, Series("status", n)) for n in range(60))]
    alike = sum(said[n] == said[n + 6] for n in range(54))
    assert alike <= 2, alike


def test_copies_of_one_item_in_a_row_are_dealt_different_frames_across_a_rounds_join():
    """Copies of one weekly note on one day are instances in a row: at x80 each round's own order gave two of ten
    copies the same wording where a round joined the next (realism_near_duplicates at bench.long_matter --scale 80)."""
    for n in (6, 11):
        frames = [f"Frame {w} on {{label}}." for w in range(n)]
        for key in ("weekly_status", "weekly_note_sabine", "daily_log"):
            dealt = [Picker(7919 * i + 1, Series(key, i, 1)).fill(frames, label="x") for i in range(12 * n)]
            clashes = [i for i in range(len(dealt) - n + 2) if len(set(dealt[i:i + n - 1])) < n - 1]
            assert not clashes, (n, key, clashes[:3])
            assert sorted(dealt[n:2 * n]) == sorted(dealt[:n])  # each round still deals every frame once


def test_ten_quiet_replies_on_one_day_say_their_step_in_ten_wordings():
    """A quiet week's reply takes its step from the series' deal like any frame (no order of its own): ten copies of
    a note on one day, across a round's join, answered in ten wordings."""
    from tests.generators.test_quiet_week_reply import _own, _quiet
    from worldsmith.generators.week import WeekEvent

    latest = WeekEvent(what="latest", day=dt.date(2025, 2, 17), fact="liability_cap", label="the liability cap")
    steps = []
    for i in range(7, 17):
        ctx = _quiet([latest], dt.date(2025, 3, 10), seed=31 * i)
        spec = ctx.spec.model_copy(update={"id": f"weekly_note_{i}-m2", "item": f"weekly_note_{i}",
                                           "thread": f"weekly_note_{i}"})
        steps.append(_own(compose_email(ctx.model_copy(update={"spec": spec}))).split(". ", 1)[-1])
    assert len(set(steps)) == 10, steps


def test_a_frame_that_comes_round_again_comes_in_its_next_wording():
    frames = ["The count [holds|stands|remains] at {label}."]
    said = {Picker(n, Series("status", n)).fill(frames, label="x") for n in range(3)}
    assert len(said) == 3


def _sentences(text: str) -> set[str]:
    """The sentences realism_boilerplate counts: one line, ending in . ! or ?, of eight words or more, not mostly
    capitalised words (a list of names)."""
    pieces = [p.strip() for p in re.split(r"\n|(?<=[.!?]) ", text)]
    return {p for p in pieces if re.search(r"[.!?]$", p) and len(p.split()) >= 8
            and 2 * len(re.findall(r"(?:^|\s)\(?[A-Z]", p)) < len(p.split())}


def test_forty_weekly_status_messages_on_one_figure_repeat_no_sentence_in_more_than_three():
    # named by its label and value, as every artifact but the one that establishes it names a fact
    tonnes = TONNES.model_copy(update={"label": "the cargo lost overboard", "establish": False})
    counts: collections.Counter[str] = collections.Counter()
    for n in range(1, 41):
        for k, mode in ((1, "new"), (2, "reply")):
            ctx = email_context(mode, seed=1000 * n + k, facts=[tonnes])
            sent = SENT + dt.timedelta(days=7 * (n // 8) + n % 5, hours=k)
            spec = ctx.spec.model_copy(update={"id": f"weekly_status_{n}-m{k}", "item": f"weekly_status_{n}",
                                               "thread": f"weekly_status_{n}", "sent_at": sent})
            body = compose_email(ctx.model_copy(update={"spec": spec})).body
            assert TONNES.text in body
            counts.update(_sentences(body))
    stamped = [(s, c) for s, c in counts.most_common(5) if c > 3]
    assert not stamped, stamped


def test_an_instance_of_a_series_is_the_same_bytes_on_every_run():
    ctx = email_context("new", seed=5, facts=[TONNES])
    spec = ctx.spec.model_copy(update={"id": "weekly_status_9-m1", "item": "weekly_status_9"})
    ctx = ctx.model_copy(update={"spec": spec})
    assert compose_email(ctx) == compose_email(ctx)


def test_no_risk_line_calls_a_label_the_figure_to_check_first_before_another_is_relied_on():
    # read 16, three worlds: 'the date of the fire is the figure to check first ... before the business interruption
    # limit is relied on'; 'the figure to test first ... before the 60-day refund deadline is relied on'
    from worldsmith.generators.compose.bank import bank

    assert "is relied on" not in str(bank("genres"))

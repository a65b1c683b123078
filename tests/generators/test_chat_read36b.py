"""What the blind re-read 36b rejected in chat days: a thanks for news from someone outside the exchange, to the one
who answered rather than the one who posted it ("Pure filler: the partner thanks Jeffrey for news that Vanessa
posted"), "yes - nothing new in it" of a reply that agreed to record the adjustment, an "agreed, Andrew" that agrees
to nothing, and three people thanking each other for a copy saved as sent."""

from __future__ import annotations

import datetime as dt
import re

from tests.generators.test_chat_read36 import _colleague, _lines, day  # noqa: F401 (the fixture)


def _posts(ctx, **update):
    """(author id, text) of a day composed with `update`."""
    return list(zip((p.author for p in ctx.spec.posts), _lines(ctx, **update)))


def _three(ctx):
    """The day cut to its first three posts, each by someone else: the third is said on the exchange of the first two
    (nobody asks for a call in a day's last line)."""
    return ctx.model_copy(update=dict(spec=ctx.spec.model_copy(update=dict(posts=ctx.spec.posts[:3]))))


def test_news_is_thanked_only_to_whoever_posted_it_and_nobody_outside_the_exchange_only_thanks(day):
    from worldsmith.generators.context import MailOfDay

    start = day.spec.posts[0].at
    went = MailOfDay(subject="summary of unadjusted differences", by=_colleague(day), org="Nimbusgate",
                     incoming=False, sent_at=start - dt.timedelta(hours=3))
    people = {p.id: p for p in [day.author, *day.to]}
    for seed in range(12):
        ctx = _three(day).model_copy(update=dict(seed=day.seed + seed))
        posts = _posts(ctx, day_mail=[went])
        asker, answerer = posts[0][0], posts[1][0]
        for who, text in posts[2:]:
            if who in (asker, answerer):
                continue
            thanked = re.match(r"^(?:thanks|great|good|perfect|cheers|ok),? (\w+)\b", text)
            assert not thanked or thanked[1] == people[asker].first_name, posts
            assert "good to know" not in text, posts


def test_a_reply_seen_is_not_called_nothing_new_and_agreed_names_what(day):
    from worldsmith.generators.context import MailOfDay

    start = day.spec.posts[0].at
    back = MailOfDay(subject="proposed audit adjustment", by=_colleague(day), org="Nimbusgate", incoming=False,
                     sent_at=start - dt.timedelta(hours=5), answered_at=start - dt.timedelta(hours=1))
    came = MailOfDay(subject="proposed audit adjustment", by="Timothy", org="Nimbusgate", incoming=True,
                     sent_at=start - dt.timedelta(hours=1))
    lines = [t for seed in range(16) for mail in (back, came)
             for t in _lines(day.model_copy(update=dict(seed=day.seed + seed)), day_mail=[mail])]
    assert not [t for t in lines if re.search(r"nothing new|nothing we didn't expect|^agreed, \w+$", t)], lines


def test_a_copy_saved_as_sent_is_thanked_for_once(day):
    link = "Correspondence/Minutes of the without-prejudice meeting.pdf"
    spec = day.spec.model_copy(update=dict(links=[link], link_makers=[day.spec.posts[0].author],
                                           posts=day.spec.posts[:3]))
    thanks = re.compile(r"^(?:thanks|good|great|perfect),? \w+ - ")
    for seed in range(12):
        ctx = day.model_copy(update=dict(spec=spec, sent_links=[link], seed=day.seed + seed))
        posts = _posts(ctx)
        assert len([t for _, t in posts if thanks.match(t)]) <= 1, posts
        assert not [t for _, t in posts if re.search(r"saves me (?:a search|digging)", t)], posts


def test_two_quiet_days_of_one_conversation_are_not_one_frame_with_names_and_hours_swapped(day):
    """es-hotel-loan-restructuring at seed 36: 'a near-verbatim re-run of the 8 May chat ("can we make it after 5,
    Eli?") with names and hours swapped, and it has no substance'."""
    hours = re.compile(r"\b(?:after lunch|this afternoon|this morning|later this morning|later today|before \d|after \d|"
                       r"by end of day|first thing tomorrow|in the morning|tomorrow|tonight)\b")

    def frame(text: str) -> str:
        names = {p.first_name for p in [day.author, *day.to]}
        return hours.sub("WHEN", " ".join("NAME" if w.strip(",?-") in names else w for w in text.split()))

    quiet = _three(day)
    seen = {}
    for nth in range(6):
        spec = quiet.spec.model_copy(update=dict(nth=nth))
        lines = _lines(quiet.model_copy(update=dict(spec=spec)))
        said = tuple(frame(t) for t in lines[:2])
        assert said not in seen, (nth, seen.get(said), lines)
        seen[said] = nth

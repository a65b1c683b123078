"""What the blind read 21 rejected in chat days and calendars: agendas of stock stems with any other business in the
middle and next steps before the timetable, chat days of scheduling that go nowhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.generators.offline_world import chat_days as _days, offline_world

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module", params=["tests/fixtures/covenant-breach.yaml",
                                        "outlines/examples/hospital-revenue-audit.yaml"])
def world(request):
    plan, _, contents = offline_world(ROOT / request.param, 61)
    return plan, contents


def _items(description: str) -> list[str]:
    return [re.sub(r"^\d+\.\s+", "", line) for line in description.splitlines() if re.match(r"^\d+\.\s", line)]


_STANDING = ["Documents still outstanding", "Open points and who owns them", "Where we are on the timetable",
             "Budget and staffing", "Questions from the client", "Next steps and the date of the next call",
             "Next steps", "Any other business"]  # (a call of a weekly series: next week's is the calendar's)


def test_an_agenda_runs_in_a_meetings_order(world):
    """covenant-breach (read 21): 'Any other business' fourth of six, 'Next steps and the date of the next call' before
    'Documents still outstanding' and 'Where we are on the timetable'; the last meeting's record comes first."""
    plan, contents = world
    checked = 0
    for m in (a for a in plan.artifacts if a.kind == "calendar"):
        items = _items(contents[m.id].description)
        standing = [i for i in items if i in _STANDING]
        assert standing == sorted(standing, key=_STANDING.index), (m.id, items)
        if standing:
            # the standing items close the agenda: no business after them
            first = items.index(standing[0])
            assert items[first:] == standing, (m.id, items)
            checked += 1
        opening = [k for k, i in enumerate(items) if i.startswith("Minutes") or i == "Actions from last time"]
        assert opening == list(range(len(opening))), (m.id, items)
    assert checked


_STEMS = re.compile(r":\s*(where it leaves us|what follows from it|where that leaves us|what it changes|any points on "
                    r"it|where it stands|what follows)$")


def test_an_agenda_item_says_what_the_meeting_does_with_a_figure(world):
    """covenant-breach (read 21): 'The total net debt at USD 166,500,000: where it leaves us', 'The permitted add-backs
    at USD 3,800,000: where it leaves us', 'The covenant EBITDA (USD 45,000,000): what follows from it'."""
    plan, contents = world
    for m in (a for a in plan.artifacts if a.kind == "calendar"):
        items = _items(contents[m.id].description)
        assert not [i for i in items if _STEMS.search(i)], (m.id, items)
        # a term is read as written, whatever the instrument ('as the agreement has it' of a policy's limit, seed 83)
        assert not [i for i in items if re.search(r"as the agreement has it|as signed", i)], (m.id, items)
        tails = [i.rsplit(": ", 1)[1] for i in items if ": " in i]
        assert all(tails.count(t) <= 2 for t in tails), (m.id, items)



def test_a_call_is_put_off_only_by_an_answer_that_puts_it_off(world):
    """construction-delay (read 21): 'yes, later today works' was answered 'ping me when you're free'."""
    from worldsmith.generators.kinds.chat.compose import _PUT_OFF

    assert not _PUT_OFF.search("yes, later today works") and _PUT_OFF.search("can we make it later, Kristen?")
    plan, contents = world
    for _, posts in _days(plan, contents):
        for (_, before), (_, after) in zip(posts, posts[1:]):
            if re.search(r"\bwhen you're (?:free|out|done)\b", after):
                assert re.search(r"make it later|tied up|in a meeting|another call", before), (before, after)


def test_nobody_signs_off_on_an_exchange_they_were_not_in(world):
    """covenant-breach (read 21): Ruben replies 'cheers Michael, nothing more on Quillfield covenant from me for now'
    to an exchange between Monica and Michael; the ten-minute request is left hanging."""
    plan, contents = world
    asked = 0
    for _, posts in _days(plan, contents):
        for k, (who, text) in enumerate(posts[:-2]):
            if re.search(r"\bminutes on .+\?$", text):
                asked += 1
                answerer, (third, line) = posts[k + 1][0], posts[k + 2]
                if third.id not in (who.id, answerer.id):
                    assert not re.search(r"^(?:cheers|thanks|great|perfect|ok)\b", line), (text, line)
    assert asked


def test_a_team_never_names_its_own_firm_as_the_matter(world):
    """hospital-revenue-audit (read 21): Brannock's staff 'more on Brannock and St. Aldric revenue cycle when I have
    it'; and no firm's name leaves a stray word of itself ('fifteen minutes on Packaging')."""
    plan, contents = world
    orgs = {o.id: o.name for o in plan.organisations}
    for _, posts in _days(plan, contents):
        for who, text in posts:
            own = orgs[who.organisation].split()[0]
            assert not re.search(rf"\b(?:minutes on|more on|back to you on|nothing more on|pick up) {re.escape(own)}\b",
                                 text), text


def test_quiet_days_go_where_the_work_is():
    """construction-delay, covenant-breach (read 21): days spread evenly over months were mostly asking for ten
    minutes on the matter. A day with no fact of its own moves within a week to a day a member made a paper or a
    thread crossed the wall, where the conversation has no other day."""
    import datetime as dt

    from worldsmith.generators.kinds.chat import _news

    plan, _, _ = offline_world(ROOT / "outlines/examples/hospital-revenue-audit.yaml", 61)  # the fixture's
    quiet = [a for a in plan.artifacts if a.kind == "chat" and not a.facts]
    busy = [a for a in quiet if _news(plan.artifacts, set(a.members), a.date, a.posts[0].at.timetz())]  # (1 or 2)
    assert len(busy) * 2 > len(quiet), (len(busy), len(quiet))
    for a in quiet:
        assert all(p.at.date() == a.date for p in a.posts) and a.path.endswith(f"{a.date.isoformat()}.json")
        assert a.date.weekday() < 5 and a.id.endswith(f"{a.date:%Y%m%d}")
    for channel in {a.channel_id for a in plan.artifacts if a.kind == "chat"}:
        days = [a.date for a in plan.artifacts if a.kind == "chat" and a.channel_id == channel]
        assert len(days) == len(set(days)), channel
    del dt


def test_a_period_end_is_no_date_that_lapses():
    """buyside-diligence (read 21): 'the LTM period end lapsed on 31 July 2026' ('a fixed date does not lapse')."""
    from worldsmith.generators.compose.facts import DUE_DATE

    assert not DUE_DATE.search("LTM period end") and not DUE_DATE.search("financial year-end")
    assert DUE_DATE.search("answer deadline") and DUE_DATE.search("end of exclusivity")


def test_a_day_with_a_paper_in_hand_keeps_its_talk_unless_news_is_near():
    """bi-claim at seed 83: 'James, where are you on the period of restoration memo?' on April 17 of a memo due April
    30 had moved four days on to a day with a mail. A paper a member made in the three days before is news (2), one
    due within a fortnight work in hand (1): only a day with nothing moves as far as a week."""
    import datetime as dt
    from types import SimpleNamespace

    from worldsmith.generators.kinds.chat import _news

    day = dt.date(2026, 4, 17)

    def paper(on):
        return SimpleNamespace(kind="document", distractor=None, author="me", date=on)

    nine = dt.time(9, 0)
    assert _news([paper(dt.date(2026, 4, 30))], {"me"}, day, nine) == 1
    assert _news([paper(dt.date(2026, 4, 15))], {"me"}, day, nine) == 2
    assert _news([paper(dt.date(2026, 6, 30))], {"me"}, day, nine) == 0
    assert _news([paper(dt.date(2026, 4, 8))], {"me"}, day, nine) == 1  # read, commented on: room_papers'
    assert _news([paper(dt.date(2026, 3, 20))], {"me"}, day, nine) == 0


def test_a_channel_named_for_its_firms_is_called_by_the_matter_not_a_word_left_of_it():
    """aircraft-redelivery at seed 83: the channel 'Corrib technical and Kestrel Whitlock shared channel', its firms'
    names taken out, left 'five minutes on the technical before 5?'."""
    from types import SimpleNamespace

    from worldsmith.generators.kinds.chat.compose import matter_name

    ours, theirs = SimpleNamespace(organisation="Corrib Aviation Limited"), SimpleNamespace(organisation="Kestrel Whitlock LLP")
    ctx = SimpleNamespace(spec=SimpleNamespace(topic="Corrib technical and Kestrel Whitlock shared channel",
                                               conversation="channel"),
                          world_title="Corrib Aviation v. Brightwing Airways: redelivery of A320neo MSN 6912",
                          author=ours, to=[theirs])
    assert matter_name(ctx) == "Brightwing Airways"

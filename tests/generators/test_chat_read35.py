"""What the blind reads 34 and 35 rejected in chat days: a put-off that names no time, the asker's scheduler offering to
take the client's place on a call, subject lines pasted whole, the associate telling the partner "any reply, drop it
here", "will do" that answers no request, the authority's figure named for the client's own counsel."""

from __future__ import annotations

import datetime as dt
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



def test_a_call_put_off_names_a_later_time():
    """us-hospital-delay-claim at seed 35: 'Jessica asks to "make it later" when asked for "before 4"'."""
    from worldsmith.generators.compose.bank import bank
    from worldsmith.generators.kinds.chat.compose import _HOUR_OF, _LATER, _PUT_OFF, later_than, whens

    answers = [a for pair in bank("chat")["talk"]["calls"] for a in pair["a"]]
    put_offs = [a for a in answers if _PUT_OFF.search(a)]
    assert put_offs and all("{later}" in a for a in put_offs), put_offs
    for hour in range(8, 19):
        at = dt.datetime(2026, 5, 8, hour, 5)
        for asked in whens(at):
            said = later_than(asked, at)
            assert said != asked, (asked, at)
            later = dict(_LATER)[said]
            assert later >= _HOUR_OF[asked] and later > hour, (asked, at, said)


def test_a_subject_line_is_named_not_pasted():
    """de-gmbh-share-purchase at seed 35: 'our note on legal due diligence report (red flag): Wernitz Dosiertechnik
    GmbH went to Auenfeld'; nl-collective-redundancy at seed 34: 'works council advice in: decision on the three
    conditions'; br-icms-tax-appeal at seed 34: 'email on DTJ decision: AIIM upheld in part; recurso ordinário??'."""
    from worldsmith.generators.kinds.chat.compose import _subject

    assert _subject("Re: legal due diligence report (red flag): Wernitz Dosiertechnik GmbH") == \
        "legal due diligence report"
    assert _subject("works council advice in: decision on the three conditions") == "works council advice"
    assert _subject("DTJ decision: AIIM upheld in part; recurso ordinário?") == "DTJ decision"
    assert _subject("DRAFT v1: Financial due diligence report: Wernitz Dosiertechnik GmbH") == \
        "financial due diligence report"
    # a name before a colon is no subject's head: the line keeps it
    assert _subject("Re: Marlowe: the cap on the index adjustment") == "Marlowe: the cap on the index adjustment"


def test_a_reply_posted_here_is_work_given():
    """de-gmbh-share-purchase at seed 35: the associate tells the partner 'any reply, drop it here'."""
    from worldsmith.generators.kinds.chat.compose import directive

    assert directive("thanks {name} - [any reply|anything back], [put|drop] it here")
    assert not directive("great {name} - [I'll|will] watch for {org}'s reply")


def test_will_do_answers_a_request_made_of_its_writer(world):
    """de-gmbh-share-purchase at seed 35: "Eberth's 'will do' answers no request" (the request was made of Mara);
    nl-collective-redundancy at seed 34: 'will do' to someone's own promise."""
    from worldsmith.generators.kinds.chat.compose import _REQUEST

    plan, contents = world
    for spec, posts in _days(plan, contents):
        for k, (who, text) in enumerate(posts):
            if not re.match(r"will do\b|thanks \w+ - will do\b", text):
                continue
            # the line before it asks something of its writer: by name, or in answer to the writer's own line
            assert k >= 1 and posts[k - 1][0].id != who.id and _REQUEST.search(posts[k - 1][1]), (spec.id, posts)
            assert who.first_name in posts[k - 1][1] or (k >= 2 and posts[k - 2][0].id == who.id), (spec.id, posts)


def test_only_a_colleague_of_no_lower_rank_offers_to_take_a_call_in_anothers_place(world):
    """us-hospital-delay-claim at seed 35: "Nicholas's own scheduler offers to take the client's place on the call"."""
    from worldsmith.generators.kinds.chat.compose import _PUT_OFF, rank

    plan, contents = world
    for spec, posts in _days(plan, contents):
        for k, (who, text) in enumerate(posts):
            if re.search(r"take it (?:now|instead)", text):
                away = next(w for w, t in reversed(posts[:k]) if _PUT_OFF.search(t))
                assert who.organisation == away.organisation and rank(who) >= rank(away), (spec.id, posts[:k + 1])


def test_a_figure_is_named_for_its_first_maker():
    """br-icms-tax-appeal at seed 34: the client calls the authority's assessed principal "Prado's figure", its own
    counsel's name (Prado's memo carried it after the assessment did)."""
    from worldsmith.generators.kinds.chat import ChatSpec

    plan, _, _ = offline_world(ROOT / "tests/fixtures/covenant-breach.yaml", 61)
    # every fact's makers are listed in the order their papers were made, so the first is whose figure it is
    papers = sorted((a for a in plan.artifacts if a.kind in ("document", "spreadsheet") and a.distractor is None),
                    key=lambda a: (a.date, a.path))
    checked = 0
    for spec in (a for a in plan.artifacts if isinstance(a, ChatSpec)):
        for fid, makers in spec.fact_makers.items():
            carried = [p.author for p in papers if fid in p.facts and p.date <= spec.date] \
                or [p.author for p in papers if fid in p.facts]
            assert makers == list(dict.fromkeys(carried)), (spec.id, fid)
            checked += len(makers) > 1
    assert checked


def test_a_copy_put_up_as_it_stands_is_thanked_to_whoever_put_it_up(world):
    """nl-collective-redundancy at seed 34: Rafael put the art. 25 request up 'as sent'; Daniël thanked him; Dylano
    then said "great, Daniël - I was looking for the copy that went out"."""
    plan, contents = world
    thanks = re.compile(r"^(?:thanks|good|great),? (\w+) - (?:that's the copy|I'll (?:quote|cite)|saves me digging|"
                        r"I was looking for)")
    for spec, posts in _days(plan, contents):
        put_up = None
        for who, text in posts:
            if re.search(r"\b(?:as sent|as received|as it came in|the copy that went out|the signed copy|the executed "
                         r"copy|as signed|for the wording)\b", text) and put_up is None:
                put_up = who
            elif (m := thanks.match(text)) and put_up is not None:
                assert m[1] == put_up.first_name, (spec.id, posts)

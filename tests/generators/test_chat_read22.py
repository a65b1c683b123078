"""What the blind read 22 rejected in chat days: the paralegal giving the associate work, counsel telling the client's
people to read the client's own contract, the channel's label for its members taken for the matter, a figure asked by
the one who mailed it that morning, 'great, I'll read it in July', and whoever put a file up flagging what is in it."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.generators.offline_world import chat_days as _days, offline_world

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module", params=["tests/fixtures/covenant-breach.yaml",
                                        "tests/fixtures/construction-delay.yaml",
                                        "outlines/examples/tanker-spill-liability.yaml",
                                        "outlines/examples/buyside-diligence.yaml"])
def world(request):
    plan, _, contents = offline_world(ROOT / request.param, 61)
    return plan, contents



def _given_work(text: str, first: str) -> bool:
    """Whether a chat line gives `first` work: to read, check, file or answer something."""
    f = re.escape(first)
    # (a read asked for is no work given: an associate asks the partner to have a look at a draft)
    return bool(re.search(rf"\b{f}(?:,| -)? (?:can|could) you (?!remind\b|give it a read|have a look|take a "
                          rf"(?:first )?look|look at)|\b{f}, (?:comments|thoughts) to\b|"
                          rf"\b{f} - (?:your pen|yours) on\b", text))


def test_nobody_gives_work_to_someone_senior_to_them_nor_to_another_firms_people(world):
    """covenant-breach (read 22): 'Gina, can you add that in the tracker' from the paralegal to the associate;
    construction-delay at seed 89: 'Laura, can you add that in the tracker' from the owner's counsel to the owner's
    director; tanker: the partner asks the client's risk director to 'give a read' to the client's charter party."""
    from worldsmith.generators.kinds.chat.compose import rank

    plan, contents = world
    orgs = {o.id: o for o in plan.organisations}
    for spec, posts in _days(plan, contents):
        members = [p for p in plan.people if p.id in spec.members]
        for who, text in posts:
            for to in members:
                if to.id == who.id or not _given_work(text, to.first_name):
                    continue
                if to.organisation == who.organisation:
                    assert rank(who) >= rank(to), (spec.id, who.title, to.title, text)
                else:
                    # across firms only the client (or principal) gives its own advisers work
                    assert re.search(r"counsel|advis|auditor|accountant|consult|solicitor|surveyor",
                                     orgs[to.organisation].role, re.I), (spec.id, who.title, to.title, text)


def test_a_read_asked_for_is_no_work_given():
    """supply-surcharge at seed 83: the associate's 'Stephanie, can you have a look' at a computation for the partner
    is how a draft goes up for review; 'can you put that in the tracker' or 'your pen on the reply' is work given."""
    from worldsmith.generators.kinds.chat.compose import directive

    assert not directive("[uploaded|saved] {file} - {name}, can you [give it a read|have a look|take a look]")
    assert not directive("{name}, can you remind me of {label}?")
    assert directive("{name}, can you [put|add|drop] that [in|into] the [tracker|file note] on {label}")
    assert directive("{name} - [can you|could you] [take a first look|pick it up]?")
    assert directive("ok {name} - [your pen|yours] on the reply")


def test_support_staff_rank_below_the_professionals_whatever_their_grade():
    """tanker: a 'Senior Litigation Paralegal' graded mid is below an associate graded junior."""
    from worldsmith.generators.kinds.chat.compose import rank

    paralegal = SimpleNamespace(title="Senior Litigation Paralegal", seniority="mid")
    associate = SimpleNamespace(title="Associate", seniority="junior")
    partner = SimpleNamespace(title="Partner", seniority="senior")
    assert rank(paralegal) < rank(associate) < rank(partner)


def test_a_channel_named_for_who_is_in_it_is_not_the_matter():
    """construction-delay (read 22): 'fifteen minutes on Owner and counsel', the channel's label (it shares only 'and'
    with the world's title)."""
    from worldsmith.generators.kinds.chat.compose import matter_name

    ours, theirs = SimpleNamespace(organisation="Pellow Grange LLP"), SimpleNamespace(organisation="Brindle Health")
    ctx = SimpleNamespace(spec=SimpleNamespace(topic="Owner and counsel channel", conversation="channel"),
                          world_title="Marlow Quay Depot: delay claim and damages, Acme Build v. Brindle Health",
                          author=ours, to=[theirs])
    assert "counsel" not in matter_name(ctx).lower()
    assert matter_name(ctx) == "Marlow Quay Depot"


def test_nobody_asks_for_a_figure_they_mailed_that_morning(world):
    """tanker (read 22): 'Katherine asks the GC for a figure she herself emailed that morning'."""
    plan, contents = world
    facts = {f.id: f for f in plan.facts}
    for spec, posts in _days(plan, contents):
        for fid, who in spec.fact_senders.items():
            label = re.escape(facts[fid].label.lower()) if facts[fid].label else None
            for person, text in posts:
                if label and person.id in who and re.search(label, text.lower()):
                    assert not re.search(r"\?|do we have|what(?:'s| is| are| do)|remind me|which", text), (spec.id, text)


def test_fact_senders_are_planned():
    """The planner notes who mailed a day's figure in the two days before the talk (tanker at seed 89's April 7)."""
    plan, _, _ = offline_world(ROOT / "outlines/examples/tanker-spill-liability.yaml", 61)
    days = [a for a in plan.artifacts if a.kind == "chat"]
    assert any(a.fact_senders for a in days)
    for a in days:
        for who in a.fact_senders.values():
            assert set(who) <= set(a.members)


def test_a_paper_due_in_a_month_is_read_on_a_day_not_in_the_month():
    """royalty-stacking (read 22): 'I am on the notice of breach - out in July' answered 'great, I'll read it in July'."""
    from worldsmith.generators.kinds.chat.compose import on_a_day

    frames = ["thanks {name} - shout if you need anything", "great, I'll [read|turn] {paper} {due}",
              "ok {name}, I'll [book an hour|keep time] {due} to read it"]
    assert on_a_day(frames, "in July") == frames[:1]
    assert on_a_day(frames, "by June 12") == frames[:1]
    assert on_a_day(frames, "Thursday") == frames


def test_whoever_put_a_file_up_does_not_flag_what_is_in_it_nor_work_from_their_own(world):
    """buyside (read 22): Anna puts Barry's notes up, asks Nicola to look, then says she herself will 'flag anything on
    weekly diligence call notes in this thread'; hospital at seed 89: the methodology's maker 'working from sampling
    and extrapolation methodology from now on'."""
    plan, contents = world
    for spec, posts in _days(plan, contents):
        put_up: set[str] = set()
        for who, text in posts:
            if re.search(r"\b(?:can|could) you (?:give it a read|have a look|take a look)|comments to|thoughts to", text):
                put_up.add(who.id)
            if re.search(r"\bflag anything on\b", text):
                assert who.id not in put_up, (spec.id, text)
            if re.search(r"\bworking from\b", text) and spec.link_makers:
                assert who.id not in spec.link_makers, (spec.id, text)


def test_an_executed_instrument_is_put_up_for_its_wording_not_read_for_comments(world):
    """tanker (read 22): 'The partner asks the client's staffer to "give a read" and comment on the client's own
    executed charter party; "working from Voyage Charter Party going forward" is meaningless'."""
    plan, contents = world
    standing = 0
    for spec, posts in _days(plan, contents):
        if not spec.standing_links:
            continue
        from worldsmith.generators.kinds.chat.compose import paper_name

        name = paper_name(Path(spec.standing_links[0]).stem).removeprefix("the ")
        for _, text in posts:
            if name in text:
                standing += 1
                assert not re.search(r"can you (?:give it a read|have a look|take a look)|comments (?:on|to)|"
                                     r"thoughts to|working from|flag anything|another (?:turn|draft|round)", text), text
    assert standing or not any(a.standing_links for a in plan.artifacts if a.kind == "chat")


def test_a_name_before_a_colon_keeps_its_capital():
    """supply-surcharge at seed 83: 'halvergate: clause 6.3 cap on the index adjustment has gone to Tallis'."""
    from worldsmith.generators.kinds.chat.compose import _subject

    assert _subject("Re: Marlowe: the cap on the index adjustment") == "Marlowe: the cap on the index adjustment"
    # (its head only, never the whole line pasted: blind read 35)
    assert _subject("Notice of delay - design changes") == "notice of delay"


def test_nothing_sent_is_folded_in_and_mail_to_ones_own_firm_is_no_news(world):
    """supply-surcharge at seed 83: 'read it - fine by me' answered 'ok John - I'll fold them into the surcharge
    computation'; Corwen's associate tells the client 'memo re the Brennmoor surcharge ... went to Corwen just now'."""
    from worldsmith.generators.kinds.chat.compose import short_org

    plan, contents = world
    orgs = {o.id: o.name for o in plan.organisations}
    for spec, posts in _days(plan, contents):
        for (_, before), (_, after) in zip(posts, posts[1:]):
            if re.search(r"fine by me|\bnone\b|nothing from me|not yet", before):
                assert not re.search(r"\bfold them\b", after), (before, after)
        for who, text in posts:
            own = re.escape(short_org(orgs[who.organisation]))
            assert not re.search(rf"(?:has gone|went) to {own}\b", text), text


def test_comments_go_to_a_papers_maker_only_within_the_firms_that_speak():
    """construction-delay at seed 89: the owner's GC to its counsel 'saved Joseph's revised notice of claim for loss on
    the drive - Karen, thoughts to Joseph', Joseph being the contractor's claims consultant."""
    plan, _, contents = offline_world(ROOT / "tests/fixtures/construction-delay.yaml", 89)
    people = {p.id: p for p in plan.people}
    for spec, posts in _days(plan, contents):
        members = {people[m].first_name: people[m] for m in spec.members}
        makers = {people[m].first_name: people[m] for m in spec.link_makers if m in people}
        for who, text in posts:
            hit = re.search(r"- (\w+), (?:comments|thoughts) to (\w+)$", text)
            if hit and hit.group(2) in makers and hit.group(1) in members:
                maker, to = makers[hit.group(2)], members[hit.group(1)]
                assert maker.organisation in (who.organisation, to.organisation), (spec.id, text)

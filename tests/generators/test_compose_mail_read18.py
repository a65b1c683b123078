"""Issue 17 (mail8): mail read by the professional who owns the room, on two outlines the composer was not written
on (a construction delay claim, an aircraft redelivery); the rules are general, the fixtures only show them."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from tests.generators.offline_world import offline_world
from worldsmith.generators.compose.parties import client_of, in_voice, org
from worldsmith.generators.context import build_context
from worldsmith.worlds.content import EmailContent

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@functools.lru_cache(maxsize=None)
def fixture_world(name: str, seed: int = 9):
    """(plan, taxonomy, contents) of a test fixture outline made offline, without rendering."""
    return offline_world(FIXTURES / f"{name}.yaml", seed)


def _own(body: str) -> str:
    """A message's own words, without what it quotes or forwards."""
    return re.split(r"\n\s*(?:On .{5,80} wrote:|-{5,} Forwarded message)", body, maxsplit=1)[0]


_OUR = re.compile(r"(?i)(?<![\w'])our client")
_YOUR = re.compile(r"(?i)\byour client")


@pytest.mark.parametrize("name", ["construction-delay", "aircraft-redelivery"])
def test_only_one_who_acts_for_a_client_speaks_of_our_client_and_only_to_counsel_of_your_client(name):
    # 'Our client's rights are expressly reserved.' closed a contractor's own notice of delay, and an engine shop
    # asked the lessor itself to 'let us have your client's response' (mail8's read at seed 9)
    plan, taxonomy, contents = fixture_world(name)
    seen = 0
    for spec in plan.artifacts:
        c = contents.get(spec.id)
        if not isinstance(c, EmailContent):
            continue
        ctx = build_context(plan, taxonomy, spec, contents)
        own = _own(c.body)
        if not client_of(ctx):
            assert not _OUR.search(own), (spec.path, own)
        if not any((o := org(ctx, p.organisation)) is not None and o.acts_for for p in ctx.to):
            assert not _YOUR.search(own), (spec.path, own)
        seen += 1
    assert seen > 20


def test_in_voice_drops_the_wordings_that_name_a_client_nobody_has():
    from tests.generators.context_fixture import email_context

    ctx = email_context("new", seed=1, facts=[])
    ctx = ctx.model_copy(update={"organisations": []})  # nobody acts for anyone
    frames = ["[Please|Kindly] let us have your [response|client's response] by {day}.",
              "[~We reserve all rights|Our client's rights are reserved].", "Our client reserves its position."]
    assert in_voice(ctx, frames) == ["[Please|Kindly] let us have your response by {day}.", "We reserve all rights."]


_VIEW_ASKED = re.compile(r"(?i)\byour (?:views?|steer|thoughts)\b")
_VIEW_GIVEN = re.compile(r"(?i)\bmy view\b|\bon my side\b|\bmove my view\b")


def _emails(*names: str):
    """(plan, taxonomy, contents, spec, content) of every email of the fixture worlds."""
    for name in names:
        plan, taxonomy, contents = fixture_world(name)
        for spec in plan.artifacts:
            if isinstance(contents.get(spec.id), EmailContent):
                yield plan, taxonomy, contents, spec, contents[spec.id]


def test_a_reply_to_a_request_for_views_gives_one():
    # 'I would welcome your views.' answered 'Thanks Clare. Picking this up now.', and a client's decision sent with
    # 'we would like your view by Monday' answered 'Noted, Linda. The decision ... is on the file.' (mail8, seed 9)
    asked = 0
    for plan, taxonomy, contents, spec, c in _emails("construction-delay", "aircraft-redelivery"):
        if spec.mode != "reply" or not spec.parent:
            continue
        parent = _own(contents[spec.parent].body)
        # (a request is a sentence of its own: not a step "with a short note of the points that need your view")
        # (or a question of its own that asks for the view: "Can you tell us by Monday whether this moves your view?")
        asks = any(_VIEW_ASKED.search(x) for x in re.findall(r"[^.?!\n]*\?", parent))
        if not (asks or any(_VIEW_ASKED.search(x) for x in re.findall(r"[^.?!\n]*[.!]", parent))) or \
                "?" in parent and not asks:
            continue
        ctx = build_context(plan, taxonomy, spec, contents)
        mine, theirs = org(ctx, ctx.author.organisation), org(ctx, ctx.parent_author.organisation)
        if mine is not None and theirs is not None and mine.privileged != theirs.privileged:
            continue  # across the table a view is not given to the other side
        asked += 1
        assert _VIEW_GIVEN.search(_own(c.body)), (spec.path, _own(c.body))
    assert asked >= 1


@pytest.mark.parametrize("name", ["construction-delay", "aircraft-redelivery"])
def test_a_day_of_chat_fixes_no_call_it_cannot_know_and_drafts_no_minutes_before_the_meeting(name):
    # 'are we still having the Halden Street call today?' on a day with no call in anyone's diary, 'any chance of
    # fifteen minutes on Halden Street before the call?', and 'drafting the minutes - round by June 11' on May 21,
    # three weeks before the call they minute (mail8's read at seed 9)
    from worldsmith.generators.kinds.chat import ChatContent

    plan, taxonomy, contents = fixture_world(name)
    days = 0
    for spec in plan.artifacts:
        c = contents.get(spec.id)
        if not isinstance(c, ChatContent):
            continue
        days += 1
        for m in c.messages:
            assert not re.search(r"(?i)\bare we still (?:doing|on for|having)\b|\bminutes on .{3,40} before the call\b",
                                 m.text), (spec.path, m.text)
        ctx = build_context(plan, taxonomy, spec, contents)
        for p in ctx.coming_papers:
            if re.match(r"(?i)minutes\b", p.title):
                assert (p.day - spec.date).days <= 1, (spec.path, p.title, p.day)
    assert days >= 2


@pytest.mark.parametrize("name", ["construction-delay", "aircraft-redelivery"])
def test_a_threads_first_message_does_what_its_purpose_says_its_writer_does(name):
    # 'Notice of delay: imaging suite design changes' opened "Coming back to you on the contract sum and the contract
    # completion date" and gave no notice; 'Side letter for redelivery' restated three ledger values and proposed no
    # side letter; 'Board paper' only "Checking in on" two figures (mail8's read at seed 9)
    from worldsmith.generators.kinds.email.compose import opening_act

    plan, taxonomy, contents = fixture_world(name)
    acts = 0
    for spec in plan.artifacts:
        c = contents.get(spec.id)
        if not isinstance(c, EmailContent) or spec.mode != "new" or spec.attachments:
            continue
        ctx = build_context(plan, taxonomy, spec, contents)
        act = opening_act(ctx)
        if not act:
            continue
        m = re.search(r"\b(?:proposes|notifies|wants|corrects|flags|sets out|confirms|says)\s+(?:that\s+)?(?:the\s+)?"
                      r"([\w'’-]+)", spec.purpose)
        assert m, spec.purpose
        first = "\n\n".join(_own(c.body).split("\n\n")[:2])
        assert m.group(1) in first, (spec.path, m.group(1), first)
        acts += 1
    assert acts >= 2


def test_your_client_is_said_to_an_addressee_who_acts_for_one_not_past_them_to_one_in_copy():
    # an engine shop wrote "Please let us have your client's response" to the lessor's own asset manager, because
    # the lessor's records consultant was in copy (mail8, whole-world count at seed 13)
    from tests.generators.context_fixture import RUTH, SAM, email_context
    from worldsmith.generators.context import OrgRef

    ctx = email_context("new", seed=1, facts=[], to=[RUTH])
    orgs = [OrgRef(name=RUTH.organisation, role="the owner"),
            OrgRef(name=SAM.organisation, role="counsel to the owner", acts_for=RUTH.organisation)]
    ctx = ctx.model_copy(update={"organisations": orgs, "cc": [SAM]})
    assert in_voice(ctx, ["Let us have your [response|client's response]."]) == ["Let us have your response."]

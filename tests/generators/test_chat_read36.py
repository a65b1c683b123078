"""What the blind read 36 rejected in chat days: a paper named by its title poured into a slot ("the binding the
dissenting lender memo", "the section 18(1), supersession memo for next time"), a reply awaited an hour after it came,
the partner announcing an associate's email as "our note", comments asked on a memo that went to the client, and a
copy put up thanked twice, once as "the copy to cite"."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from tests.generators.offline_world import offline_world

ROOT = Path(__file__).resolve().parents[2]


def test_a_memo_is_named_as_a_colleague_names_it():
    """es-hotel-loan-restructuring and gb-dilapidations-claim at seed 36."""
    from worldsmith.generators.kinds.chat.compose import _subject, paper_name

    assert paper_name("Memo re binding the dissenting lender: restructuring plan and homologacion") == \
        "the dissenting lender memo"
    assert paper_name("Memo re section 18(1), supersession and the landlord's strip-out") == "the section 18(1) memo"
    # a noun that ends in -ing is no act: its subject stays whole
    assert paper_name("Memo re pricing assumptions for the bonds and more") == "the pricing assumptions memo"
    # a name that owns something keeps its capital ("corvane's intentions", gb-dilapidations-claim at seed 36)
    assert _subject("Re: Corvane's intentions for the 3rd and 4th floors").startswith("Corvane's")


@pytest.fixture(scope="module")
def day():
    """A day of chat of a composed world, as build_context gives it, with its own facts, files and papers cleared."""
    from worldsmith.generators.context import build_context
    from worldsmith.taxonomies.loader import load_taxonomy

    plan, _, _ = offline_world(ROOT / "tests/fixtures/covenant-breach.yaml", 61)
    spec = next(a for a in plan.artifacts if a.kind == "chat" and len(a.posts) >= 3
                and len({p.author for p in a.posts}) >= 2 and len(a.members) >= 3)
    ctx = build_context(plan, load_taxonomy(), spec, {})
    bare = spec.model_copy(update=dict(links=[], link_makers=[], standing_links=[]))
    return ctx.model_copy(update=dict(spec=bare, facts=[], room_papers=[], made_papers=[], coming_papers=[],
                                      day_mail=[], handled={}, distractor_label=None))


def _lines(ctx, **update) -> list[str]:
    from worldsmith.generators.kinds.chat.compose import compose_chat

    return [m.text for m in compose_chat(ctx.model_copy(update=update)).messages]


def _colleague(ctx) -> str:
    """A member who does not write the day's first post: whose mail it was."""
    poster = ctx.spec.posts[0].author
    return next(p.first_name for p in [ctx.author, *ctx.to] if p.id != poster)


def test_a_colleagues_mail_is_theirs_and_an_answer_back_is_not_awaited(day):
    """us-saas-revenue-audit at seed 36: 'The partner announces Vanessa's 11:31 email as "our note". At 15:59 she
    "will watch for" Krueger's reply, which reached her at 14:41.'"""
    from worldsmith.generators.context import MailOfDay

    start = day.spec.posts[0].at
    by = _colleague(day)
    went = MailOfDay(subject="Proposed audit adjustment: activation fee", by=by, org="Quarrendon Holdings",
                     incoming=False, sent_at=start - dt.timedelta(hours=4))
    lines = _lines(day, day_mail=[went])
    assert "proposed audit adjustment" in lines[0], lines
    assert not re.search(r"\bour (?:email|note)\b", lines[0]) and lines[0].startswith(f"{by}'s"), lines
    back = went.model_copy(update=dict(answered_at=start - dt.timedelta(hours=1)))
    lines = _lines(day, day_mail=[back])
    assert "Quarrendon" in lines[0] and not re.search(r"has gone|went to", lines[0]), lines
    assert not any(re.search(r"watch for|any reply|anything back|keep an eye out", t) for t in lines), lines


def test_no_comments_are_asked_on_a_paper_sent_out(day):
    """es-hotel-loan-restructuring at seed 36: 'It asks for comments two days after the memo went to the client.'"""
    from worldsmith.generators.context import paper_key

    title = "Memo re binding the dissenting lender: restructuring plan and homologacion"
    asked = re.compile(r"(?:comments|points|thoughts) on the dissenting lender memo|chance to (?:look at|read|go "
                       r"through) the dissenting lender memo")
    kept = [t for seed in range(6) for t in _lines(day, room_papers=[title], seed=day.seed + seed)]
    assert any(asked.search(t) for t in kept), kept  # (held, the paper is read and commented on)
    sent = {paper_key(title): day.spec.date - dt.timedelta(days=2)}
    lines = [t for seed in range(6)
             for t in _lines(day, room_papers=[title], handled=sent, seed=day.seed + seed)]
    assert not any(asked.search(t) for t in lines), lines


def test_who_says_a_mail_went_is_not_told_it_is_good_to_know(day):
    """gb-dilapidations-claim at seed 36: Nigel posts that Timothy's email has gone, then 'thanks Carl - good to know it
    is gone'."""
    from worldsmith.generators.context import MailOfDay

    start = day.spec.posts[0].at
    went = MailOfDay(subject="Corvane's intentions for the floors", by=_colleague(day), org="Mardle Fenwick",
                     incoming=False, sent_at=start - dt.timedelta(hours=2))
    for seed in range(12):
        ctx = day.model_copy(update=dict(day_mail=[went], seed=day.seed + seed))
        lines = _lines(ctx)
        asker = ctx.spec.posts[0].author
        for post, text in zip(ctx.spec.posts[1:], lines[1:]):
            assert not (post.author == asker and "gone" in text), lines


def test_a_thread_is_named_by_its_point_not_its_subject_line():
    """The blind34/35 outlines at this branch: "our email on memo re coverage and entitlements under the General Retail
    Industry Award 2020", "William's email on Follow-up: Senior officers' meeting under section 9.1, May 5", "Fairleigh's
    answer on rejection of tender; reservation of rights under Clause 41.3"."""
    from worldsmith.generators.kinds.chat.compose import _subject

    assert _subject("Memo re coverage and entitlements under the General Retail Industry Award 2020") == \
        "coverage and entitlements memo"
    assert _subject("Follow-up: Senior officers' meeting under section 9.1, May 5") == \
        "senior officers' meeting under section 9.1"
    assert _subject("Re: Rejection of tender; reservation of rights under Clause 41.3") == "rejection of tender"
    assert _subject("Memo on costs") == "costs memo"
    # (never the paper's kind alone, and a name stays a name: "Julia's note on memo is in", buyside-diligence at seed 0)
    assert _subject("Memo re Ashgrove master services agreement") == "Ashgrove master services agreement memo"

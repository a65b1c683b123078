"""Issue 17 (mail11): a reply carries what its parent asked for, and a question is one its addressee can answer and
its writer could not. The fixtures only show the rules, which are general."""

from __future__ import annotations

import re

from tests.generators.test_compose_mail_answers10 import NAMES, _own
from tests.generators.test_compose_mail_read18 import fixture_world
from worldsmith.generators.compose.parties import across
from worldsmith.generators.context import build_context
from worldsmith.worlds.content import EmailContent

# A question on how firm a figure is: whether it is final, a draft, an estimate.
_FIRM = re.compile(r"(?i)final, or still|final position or still|an estimate\?|moving target|still a draft")


def test_nobody_asks_the_other_side_whether_its_figure_is_final():
    # "Is the covenant EBITDA final, or still a working figure?" from the agent to the borrower's counsel who had
    # delivered the compliance certificate, and "Final unless your side produces something new" back (mail11's read
    # at seed 31); lender counsel asked whether a cure already funded was "final, or still a working figure", and
    # counsel asked the adverse club whether a statutory cap was (blind read 19)
    across_replies = 0
    for seed in (9, 31):
        for name in NAMES:
            plan, taxonomy, contents = fixture_world(name, seed)
            for spec in plan.artifacts:
                c = contents.get(spec.id)
                if not isinstance(c, EmailContent) or spec.mode != "reply":
                    continue
                ctx = build_context(plan, taxonomy, spec, contents)
                if not ctx.organisations or not across(ctx):
                    continue
                across_replies += 1
                for q in re.findall(r"[^.?!\n]*\?", _own(c.body)):
                    assert not _FIRM.search(q), (name, seed, spec.id, _own(c.body))
    assert across_replies > 40


def test_a_view_on_a_figure_from_a_paper_names_the_paper():
    # "On my side: the probe sample holds on what we have; I'll put anything further in writing by May 7." to the
    # chair who had quoted it from the auditor's own engagement letter (mail11's read at seed 31); "the term loan
    # commitment holds on what we have" to the CFO (blind read 19)
    vacuous = re.compile(r"(?i)\b(the [\w' -]{3,60}?) holds on what we have")
    views = 0
    for seed in (9, 31):
        for name in NAMES:
            plan, taxonomy, contents = fixture_world(name, seed)
            for spec in plan.artifacts:
                c = contents.get(spec.id)
                if not isinstance(c, EmailContent) or spec.mode != "reply":
                    continue
                ctx = build_context(plan, taxonomy, spec, contents)
                if ctx.organisations and across(ctx):
                    continue
                for label in vacuous.findall(_own(c.body)):
                    views += 1
                    assert label.lower() not in ctx.label_papers and label.lower() not in ctx.label_sources, \
                        (name, seed, spec.id, _own(c.body))



_ORPHAN = re.compile(r"(?:^|[.!]\s+)(?:Just say|Shout if so|Let me know|Please say so|Do let us know|Glad to help)\.")


def test_a_formal_notice_is_acknowledged_as_one_and_no_line_leans_on_a_question_that_went():
    # "Thanks; all clear. Just say." from the architect to the contractor's formal notice of delay, its question gone
    # and its tail left (mail11's read at seed 31); "Thanks Jacob. Do let us know." to a formal delay notice (blind
    # read 19)
    formal = re.compile(r"(?i)\b(?:give|gives|serve) (?:formal |written )?notice|\bwe submit\b")
    notices = 0
    for seed in (9, 31):
        for name in NAMES:
            plan, taxonomy, contents = fixture_world(name, seed)
            for spec in plan.artifacts:
                c = contents.get(spec.id)
                if not isinstance(c, EmailContent) or spec.mode != "reply" or not spec.parent:
                    continue
                own = _own(c.body).strip()
                assert not _ORPHAN.search(own), (name, seed, spec.id, own)
                ctx = build_context(plan, taxonomy, spec, contents)
                if ctx.parent_author is None or ctx.parent_author.organisation == ctx.author.organisation \
                        or not formal.search(_own(contents[spec.parent].body)):
                    continue
                notices += 1
                first = re.sub(r"^(?:Dear|Hi|Hello) [\w ]{1,30},\s*", "", own)
                assert not re.match(r"(?i)(?:thanks|thank you|noted|received|confirmed|understood)[^.?!]{0,40}[.!]\s*"
                                    r"(?:[A-Z][^.?!]{0,20}[.!]\s*)?$", first.split("\n\n")[0]), (name, seed, spec.id, own)
    assert notices >= 3


def test_a_weekly_note_does_not_wait_on_a_paper_the_other_side_has_since_met_us_on():
    # "We are still waiting on Harrowgate Capital Partners to come back on what we sent them on August 20, 27 days ago:
    # Advice to the board on waiver against equity cure." after the board call of August 24 with Harrowgate on it had
    # decided the cure (mail11's read at seed 31); "'no news' ignoring the week's decision" (blind read 19)
    from worldsmith.generators.week import _day, _papers, week_events, window

    awaited = 0
    for seed in (9, 31):
        for name in NAMES + ["bonus-cap-dispute"]:
            plan, _, _ = fixture_world(name, seed)
            for spec in plan.artifacts:
                events = week_events(plan, spec) if spec.kind == "email" else None
                for e in events or []:
                    if e.what != "awaited":
                        continue
                    awaited += 1
                    org = next(o.id for o in plan.organisations if o.name == e.org)
                    since = window(plan, spec)[0]
                    later = [a.title for made, a in _papers(plan)[1] if e.day < made <= since and a.id != spec.id
                             and any(plan.person(p).organisation == org for p in [a.author, *getattr(a, "readers", [])])]
                    assert not later, (name, seed, spec.id, e.title, e.org, later)



def test_what_a_paper_changes_is_answered_with_what_it_changes():
    # "What does the minutes change for us, if anything?" answered "Not before the call. I will go through it with
    # you there." (mail11's read at seed 31): an answer to another question
    asked = 0
    for seed in (9, 31):
        for name in NAMES + ["bonus-cap-dispute"]:
            plan, _, contents = fixture_world(name, seed)
            for spec in plan.artifacts:
                c = contents.get(spec.id)
                if not isinstance(c, EmailContent) or spec.mode != "reply" or not spec.parent:
                    continue
                if "change for us, if anything?" not in _own(contents[spec.parent].body):
                    continue
                asked += 1
                assert not re.search(r"(?i)\b(?:not|nothing) before the call\b", _own(c.body)), (name, seed, spec.id)
    assert asked >= 1


def test_a_reply_to_a_bare_close_of_a_notes_point_moves_to_the_notes_next_step():
    # "OK on the net debt after the cure." answered "No more from us on the net debt after the cure for now.", then
    # forwarded "for your background" (mail11's read at seed 31); "four-message loops in which nothing is resolved"
    # (blind read 19)
    bare = re.compile(r"^(?:ok|okay|fine|happy|good|right|confirmed|agreed|thanks|noted|got)\b[^?\d]{0,120}$", re.I)
    steps = re.compile(r"^(?:to do|next actions?|next steps?|steps from here|for this week|still open|actions)\b"
                       r"[^\n]{0,40}:\s*$", re.M | re.I)
    loops = 0
    # (not seed 9 since read 23: its one loop was a weekly note's step sending the client a letter already sent to the
    # insurer, no step any more)
    for seed in (31, 53):
        for name in NAMES + ["bonus-cap-dispute"]:
            plan, taxonomy, contents = fixture_world(name, seed)
            for spec in plan.artifacts:
                c = contents.get(spec.id)
                if not isinstance(c, EmailContent) or spec.mode != "reply" or spec.beat != "confirm" or not spec.parent:
                    continue
                parent = _own(contents[spec.parent].body).strip()
                parent = re.sub(r"\n\n[A-Z][a-z]+(?: [A-Z][a-z]+)?$", "", parent)  # its signature
                if not bare.match(parent) or len(parent.split()) > 14 or re.search(r"\bby \w", parent):
                    # (a close that holds the writer to the note's step and its day, "I'll look out for the memo by
                    # Monday" (mail12), is no bare close: it moved the thread itself)
                    continue
                ctx = build_context(plan, taxonomy, spec, contents)
                if not ctx.thread or not steps.search(ctx.thread[0].body) \
                        or not re.search(r"^- [^:\n]{1,40}: [^\n(]{3,140}\(", ctx.thread[0].body, re.M):
                    continue
                loops += 1
                own = _own(c.body)
                assert re.search(r"\bby \w", own) and not re.search(r"(?i)\b(?:no more|nothing (?:more|further)) from "
                                                                     r"(?:us|me)\b", own), (name, seed, spec.id, own)
    assert loops >= 2


def test_a_reply_to_an_objection_that_wants_the_support_gives_it_or_a_day_for_it():
    # "Our client does not accept what you say on the surcharge cap. I have not seen the support for it." answered
    # "Received, Isaac, thank you. When will we hear from you on the surcharge cap?" (mail11's read at seed 37)
    wants = re.compile(r"(?i)\b(?:haven't|have not) seen the (?:support|backing)")
    seen = 0
    # (the worlds where an objection says so: the draws moved with this session's openers, and at seeds 9, 31 and 37
    # none did any more, so the test asserted nothing; c7207db then took the ground out of covenant 67's objection,
    # the lenders' counsel 'disputing' the lenders' own offer, and the draws of supply 53's)
    for name, seed in [("supply-surcharge", 47), ("supply-surcharge", 62), ("supply-surcharge", 65)]:
        if True:
            plan, _, contents = fixture_world(name, seed)
            for spec in plan.artifacts:
                c = contents.get(spec.id)
                if not isinstance(c, EmailContent) or spec.mode != "reply" or not spec.parent \
                        or not wants.search(_own(contents[spec.parent].body)):
                    continue
                seen += 1
                own = _own(c.body)
                assert not re.search(r"(?i)\bwhen (?:will|can) we (?:hear|expect|have)\b", own), (name, seed, spec.id, own)
                assert re.search(r"(?i)\b(?:backing|support|it rests on|it is|see)\b|\bby \w", own), (name, seed, spec.id, own)
                # and once: "I read it differently ... I have not seen the support" was answered twice over ("On the
                # support: it is X ... The backing is simple: X.")
                assert len(re.findall(r"(?i)\b(?:backing|support)\b", own)) <= 1, (name, seed, spec.id, own)
    assert seen >= 1

"""Issue 17 (mail5): decisions said in the words of what was decided, by the one who agreed or decided it."""

from __future__ import annotations

import re

import pytest

from tests.generators.test_compose_worlds import world
from worldsmith.generators.beats import decision_object
from worldsmith.worlds.content import EmailContent


def test_what_is_decided_is_the_act_of_the_purpose_never_a_preposition_or_a_bare_go_ahead():
    # 'send the actions agreed at the Client call' gave 'Decided: at the Client call'
    assert decision_object("send the actions agreed at the Client call before the answer deadline") == ""
    # 'accepts the validated count' gave 'We have reached our decision: we go ahead on Quorvex's revised claim'
    assert decision_object("Quorvex's counsel accepts the validated count but insists on list price") == \
        "accept the validated count"
    # 'Settles the peg ...' gave 'The decision on our side is taken: we go ahead on the NWC peg'
    assert decision_object("Settles the peg and the accounting policies before the SPA draft goes out.") == \
        "the peg is agreed"
    assert decision_object("The settled loss on 121 days, the extra expense and the advance.") == ""
    assert decision_object("The committee approves the budget.") == "the budget is approved"
    assert decision_object("The client decides to reject it.") == ""


# One side's ruling on a point agreed ('Our decision: the error count is agreed' inside one firm; 'Our side has taken
# its decision: the LTM cut-off ... is agreed' across the table), the planner's fallback ('we go ahead on the NWC
# peg', 'is agreed as it stands'), a decision on a preposition ('Decided: at the Client call').
_NEVER = re.compile(r"(?i)\b(?:decision|decided)\b[^.\n]{0,40}:[^.\n]* is agreed\b|\bwe go ahead on\b|"
                    r"is agreed as it stands|\bDecided: (?:at|on|in|for|by)\b")


def _own(body: str) -> str:
    return re.split(r"\n\s*(?:On .{5,80} wrote:|-{5,} Forwarded message)", body, maxsplit=1)[0]


@pytest.mark.parametrize("name", ["tanker-spill-liability", "buyside-diligence", "hospital-revenue-audit"])
def test_no_example_mail_rules_on_a_point_agreed_or_decides_in_the_planners_fallback_words(name):
    plan, contents = world(name)
    agreed = 0
    for spec in plan.artifacts:
        c = contents[spec.id]
        if not isinstance(c, EmailContent):
            continue
        own = _own(c.body)
        assert not _NEVER.search(own), (spec.path, own)
        if getattr(spec, "beat", "") == "decide" and spec.decision.endswith(" is agreed"):
            # a point agreed is said as agreed (and decision_named reads it: 'we have agreed')
            agreed += 1
            if getattr(spec, "point", ""):
                # a message that carries its thread's point agrees or decides in its expert's words ('Agreed: both
                # stay errors, ...', 'Ask for it, but do not lose the LOI over it; ...'): the point path promises
                # those words, not the planner's
                assert " ".join(spec.point.split()) in " ".join(own.split()), (spec.path, spec.point, own)
                continue
            # (or, after a message that has not agreed it, as the writer's decision to proceed on it: "We have agreed
            # the peg, then." right after "By Monday morning I will put our view on the NWC peg to you in writing.",
            # blind read 20)
            assert re.search(r"(?i)\bwe have agreed\b|\bwe have decided to (?:proceed|work) on\b", own), (spec.path, own)
            assert not re.search(r"(?i)\bdecision\b", own), (spec.path, own)
    if name == "buyside-diligence":
        assert agreed >= 1  # 'the full reversal is agreed' is decided in its QoE thread


def test_a_point_agreed_is_noted_as_agreed_not_as_a_decision():
    # 'Thanks, Sam; noted the decision: the full reversal is agreed.' (mail5's read at seed 3)
    from tests.generators.context_fixture import RUTH, email_context
    from worldsmith.generators.kinds.email.compose import compose_email

    for seed in range(20):
        ctx = email_context("reply", seed=seed, facts=[], to=[RUTH])
        spec = ctx.spec.model_copy(update={"beat": "noted", "decision": "the full reversal is agreed"})
        ctx = ctx.model_copy(update={"spec": spec, "parent_author": RUTH})
        own = _own(compose_email(ctx).body)
        assert re.search(r"(?i)\bwe have agreed the full reversal\b", own), own  # decision_named reads it
        assert not _NEVER.search(own) and "decision" not in own.lower(), own


# The reply that answers "Anything else needed from me?" with nothing (email.yaml ack_asks_answer.nothing), and the
# question itself: in a weekly thread the chain carried nothing ("Anything else needed from me?" / "No, we are covered
# at present" / "FYI, see below on this", mail5's read at seed 3).
_EMPTY = re.compile(r"(?im)^(?:Nothing for now|Not at this stage|Nothing this week|No, (?:that covers it|we are covered|"
                    r"we have what we need)|Not for now|Nothing yet|(?:No|Nothing), thank you)\b|"
                    r"\banything (?:else |further |still )?(?:you need|needed|you want|outstanding) from (?:me|us)\b")


@pytest.mark.parametrize("name", ["tanker-spill-liability", "buyside-diligence", "hospital-revenue-audit"])
def test_a_quiet_weekly_note_is_answered_once_and_no_weekly_thread_asks_for_nothing(name):
    plan, contents = world(name)
    mails = [s for s in plan.artifacts if isinstance(contents.get(s.id), EmailContent) and getattr(s, "thread", None)]
    series = {s.thread for s in mails if re.search(r" - [A-Z][a-z]+ \d{1,2}$", s.title)
              and re.search(r"_\d+$", s.thread) and not s.thread.endswith("_1")}
    assert series, "no later week of a weekly thread in the example"
    quiet = 0
    for thread in series:
        messages = [s for s in mails if s.thread == thread]
        if not messages[0].facts and not messages[0].decision:
            # a later week's note that carries nothing (no figure, no date ahead, no decision on the file) is answered
            # once, by its reader, and the thread stops there
            quiet += 1
            assert len([s for s in messages if s.mode == "reply"]) <= 1, [s.path for s in messages]
        for s in messages[1:]:
            assert not _EMPTY.search(_own(contents[s.id].body)), (s.path, _own(contents[s.id].body))
    assert quiet or name != "tanker-spill-liability"

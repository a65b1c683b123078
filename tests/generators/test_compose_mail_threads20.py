"""Issue 17 (threads3, blind read 20): a reply answers the message before it, and never asks back what that message
has just said. Read 20's quotes: the client asks "what is still to do" right under a note that lists exactly that;
"Who is carrying the sample error rate from here, and for when?" under the auditor's list of steps; "Thanks Brenda.
Anything else you require from me?" to "If that works for you, I will take it forward; otherwise shall we speak
before Thursday?"; "Is there anything outstanding from us?" answered "Anything still wanted from us?"; "Thank you,
Karen; I will look out for it. When will we hear from you on the waiver fee rate?" after "Your response will be with
you by Wednesday." The world test counts what tests/worlds/unanswered.py finds."""

from __future__ import annotations

import re

import pytest

from tests.generators.context_fixture import DANA, RUTH, SAM, email_context
from tests.generators.test_compose_mail_replies17 import world_at
from tests.worlds.unanswered import asks, flag, own_words
from worldsmith.generators.kinds.email.compose import compose_email
from worldsmith.worlds.content import EmailContent

NOTE = ("Position as of June 10.\n\n- The sample error rate came in today: 11.5%.\n\nFrom here:\n- From me: the claim "
        "sample with audit results to you, with a brief note of the points that need your view (tomorrow morning)\n"
        "- Howard: the exception list, by Friday\n\nDana Okafor\nPartner")


def _reply(parent_body: str, beat: str, seed: int, author=RUTH, parent_author=DANA):
    ctx = email_context("reply", seed=seed, facts=[], to=[parent_author])
    ctx = ctx.model_copy(update={"parent": EmailContent(subject="Update", body=parent_body),
                                 "parent_author": parent_author, "author": author, "next_beat": "answer",
                                 "spec": ctx.spec.model_copy(update={"beat": beat})})
    return re.split(r"\n\s*On .{5,80} wrote:", compose_email(ctx).body, maxsplit=1)[0]


@pytest.mark.parametrize("seed", range(8))
def test_a_note_that_lists_its_steps_is_not_asked_who_has_them(seed):
    own = _reply(NOTE, "answer", seed)
    assert not re.search(r"(?i)who (?:is carrying|has it|is on it|is picking up|is taking)|still to do|what is left|"
                         r"anything (?:else|further|still)[^?]{0,30}\?", own), own
    # (what the list does not say is asked instead: what the paper coming to the reader will need of them)
    assert "the claim sample with audit results" in own, own


@pytest.mark.parametrize("seed", range(8))
def test_what_is_still_wanted_is_answered_not_asked_back(seed):
    own = _reply("Hello Ruth,\n\nNoted; that is clear. Is there anything outstanding from us? Shout if so.\n\nDana",
                 "object", seed)
    assert "?" not in own, own


@pytest.mark.parametrize("seed", range(8))
def test_a_proposal_is_answered_yes_or_no_before_any_question(seed):
    own = _reply("The revised figure holds at 12.5x.\n\nIf that works for you, I will take it forward; otherwise shall "
                 "we speak before Thursday?\n\nDana", "question", seed)
    assert re.search(r"(?i)go ahead|take it forward|content|that works", own), own
    assert not re.search(r"(?i)anything (?:else|further)[^?]{0,30}\?", own), own


WORLDS = [("hospital-revenue-audit", 61), ("buyside-diligence", 61), ("covenant-breach", 61)]


def _found(name: str, seed: int) -> tuple[list, int]:
    """What the check finds in a world's replies, and how many replies answer a message that asked."""
    plan, contents = world_at(name, seed)
    by_id = {s.id: s for s in plan.artifacts}
    people = {p.id: p.name for p in plan.people}
    found, asked = [], 0
    for s in plan.artifacts:
        c = contents.get(s.id)
        if isinstance(c, EmailContent) and getattr(s, "mode", "") == "reply" and s.parent in contents:
            a, pa = people.get(s.author, s.author), people.get(by_id[s.parent].author, by_id[s.parent].author)
            asked += a != pa and bool(asks(own_words(contents[s.parent].body, pa)))
            x = flag(s.path, a, c.body, pa, contents[s.parent].body, c.subject)
            if x is not None:
                found.append(x)
    return found, asked


@pytest.mark.parametrize("name,seed", WORLDS)
def test_replies_answer_what_they_were_asked(name, seed):
    # on main before this change: 2 of 10, 8 of 17 and 6 of 13 (tests/worlds/unanswered.py at seed 61)
    found, asked = _found(name, seed)
    assert not [x for x in found if "re-asked" in x.asked], found
    assert len(found) <= max(1, asked // 8), [(x.path, x.asked, x.reply) for x in found]


def _pairs(name: str, seed: int):
    """(path, the parent's own text, the reply's own text) of each reply of a world made offline."""
    plan, contents = world_at(name, seed)
    for s in plan.artifacts:
        c = contents.get(s.id)
        if isinstance(c, EmailContent) and getattr(s, "mode", "") == "reply" and s.parent in contents:
            yield (s.path, re.split(r"\n\s*On .{5,120} wrote:", contents[s.parent].body, maxsplit=1)[0],
                   re.split(r"\n\s*On .{5,120} wrote:", c.body, maxsplit=1)[0])


@pytest.mark.parametrize("name,seed", [("buyside-diligence", 61), ("buyside-diligence", 53)])
def test_a_point_is_agreed_only_after_a_message_that_agrees_it(name, seed):
    # read 20: "We have agreed the peg, then." right after "By Monday morning I will put our view on the NWC peg to you
    # in writing."; "That settles it: we have agreed the full reversal." after "We are considering the management
    # EBITDA and will reply by 13 October."
    for path, parent, reply in _pairs(name, seed):
        if re.search(r"(?i)\bwill (?:reply|put|take up|come back)\b|\bconsidering\b", parent):
            assert not re.search(r"(?i)\bwe have agreed\b", reply), (path, parent, reply)


@pytest.mark.parametrize("name,seed", [("construction-delay", 61), ("covenant-breach", 53)])
def test_no_request_points_at_an_it_that_is_not_there(name, seed):
    # read 20: "I'd like to see it before end of Friday." with no "it", then "Please send the records, by Friday if you
    # can." (the question the first line leant on had gone)
    for path, _, reply in _pairs(name, seed):
        for para in reply.split("\n\n"):
            m = re.search(r"(?:^|(?<=[.!?] ))I(?:'d| would) like to (?:see|check) it\b", para)
            if m:
                assert "?" in para[:m.start()], (path, reply)


@pytest.mark.parametrize("seed", range(8))
def test_a_steer_asked_for_is_given(seed):
    # read 20: "I would be grateful for a steer by August 13." answered "Received, Dawn, thank you. Do you need
    # anything further from me? Let me know."
    own = _reply("The add-backs come to USD 3,800,000.\n\nI would be grateful for a steer by August 13.\n\nDana",
                 "ack", seed)
    assert not re.search(r"(?i)anything (?:else|further)[^?]{0,30}\?", own), own
    assert re.search(r"(?i)\bview\b|\bapproach\b|\bholds\b|on my side", own), own


@pytest.mark.parametrize("seed", range(8))
def test_a_time_asked_for_to_talk_is_given(seed):
    # read 20: "Can we find half an hour before close of business on Tuesday to go through it?" answered only "noted
    # the decision: voluntary refund through the contractor. We will refresh the papers ..."
    own = _reply("The refund goes through the contractor.\n\nCan we find half an hour before close of business on "
                 "Tuesday to go through it?\n\nDana", "ack", seed)
    assert re.search(r"(?i)a time|the diary|an invitation", own), own


@pytest.mark.parametrize("name,seed", [("covenant-breach", 53), ("covenant-breach", 61), ("buyside-diligence", 53)])
def test_no_reply_confirms_after_asking(name, seed):
    # read 20: "Helpful, thanks Danielle. Who else has had this to date? Confirmed, thanks."
    for path, _, reply in _pairs(name, seed):
        assert not re.search(r"\?\s+(?:Confirmed|Noted|Agreed)\b", reply), (path, reply)


@pytest.mark.parametrize("seed", range(8))
def test_a_look_over_asked_for_is_taken_on_and_no_follow_up_leans_on_a_question_not_asked(seed):
    # aircraft-redelivery at seed 67: "Can you look over the working before Thursday?" answered "Received, Natasha,
    # thank you. I will pick up anything that follows from it with the team before the next note. No rush; Thursday is
    # fine."
    own = _reply("The borescope finding is in.\n\nCan you look over the working before Thursday?\n\nDana", "question",
                 seed)
    assert re.search(r"(?i)go through it|look over it|any points", own), own
    if "?" not in own:
        assert not re.search(r"(?i)no rush|then I can turn it|happy to discuss", own), own


@pytest.mark.parametrize("seed", range(8))
def test_a_point_closed_is_not_put_back_on_a_list(seed):
    # aircraft-redelivery at seed 67: "Happy on the Engine 2 borescope finding. We can tick that off." answered
    # "Confirmed on the Engine 2 borescope finding. I'll put it on the list on the Thursday call."
    ctx = email_context("reply", seed=seed, facts=[], to=[RUTH])
    ctx = ctx.model_copy(update={
        "parent": EmailContent(subject="Update", body="Happy on the Engine 2 borescope finding. We can tick that off."
                                                      "\n\nRuth"),
        "parent_author": RUTH, "thread_labels": ["the Engine 2 borescope finding"], "next_beat": "",
        "spec": ctx.spec.model_copy(update={"beat": "confirm"})})
    own = re.split(r"\n\s*On .{5,80} wrote:", compose_email(ctx).body, maxsplit=1)[0]
    assert not re.search(r"(?i)\bI(?:'ll| will) (?:put it on|take it up|raise it|work it into|put it in)\b", own), own

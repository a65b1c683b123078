"""Issue 17 (mail10): a reply carries what the message before it asked for (an answer, a view with its reason, a
decision taken in), never the figure its thread has already given as its whole content. The fixtures (a construction
delay claim, a bonus cap dispute and the others) only show the rules, which are general."""

from __future__ import annotations

import re

import pytest

from tests.generators.test_compose_mail_read18 import fixture_world
from worldsmith.generators.context import build_context
from worldsmith.worlds.content import EmailContent

NAMES = ["construction-delay", "bonus-cap-dispute", "aircraft-redelivery", "bi-claim", "covenant-breach",
         "supply-surcharge"]


def _own(body: str) -> str:
    return re.split(r"\n\s*(?:On .{5,80} wrote:|-{5,} Forwarded message)", body, maxsplit=1)[0]


def _moved(fact, since, day) -> bool:
    """Whether the fact's value changed after `since`, up to `day`."""
    changes = [p.since for p in fact.earlier] + ([fact.known_from] if fact.known_from else [])
    return any(since < d <= day for d in changes)


@pytest.mark.parametrize("seed", [9, 31])
def test_a_reply_does_not_carry_again_a_figure_its_thread_has_already_given(seed):
    # "You will have our position on the bonus claimed by end of day. Meanwhile, the bonus claimed is USD 74,400."
    # and "Received, Rhonda. ... As I mentioned above, the liquidated damages payable is USD 1,230,000." (mail10's read
    # at seed 31; "the reply does not answer or only repeats a figure", the commonest rejection of read 18)
    replies = 0
    for name in NAMES:
        plan, _, _ = fixture_world(name, seed)
        said: dict[tuple[str, str], object] = {}
        for spec in sorted((s for s in plan.artifacts if getattr(s, "thread", None)), key=lambda s: (s.thread, s.position)):
            day = spec.sent_at.date()
            if spec.mode == "reply" and spec.beat in ("answer", "confirm", "noted") and not spec.answers:
                replies += 1
                for fid in spec.facts:
                    before = said.get((spec.thread, fid))
                    assert before is None or _moved(plan.fact(fid), before, day), (name, spec.id, fid)
            for fid in spec.facts:
                said[(spec.thread, fid)] = day
    assert replies > 30


def _echoes(ctx, body: str) -> list[str]:
    """The reply's sentences that hold a figure the message replied to gave and little else besides its label."""
    heard = _own(ctx.parent.body)
    out = []
    for f in ctx.facts:
        if not f.label or f.text not in heard or f.value.type not in ("money", "number", "percent"):
            continue
        for s in re.split(r"(?<=[.!?])\s+", _own(body)):
            rest = re.sub(re.escape(f.label), " ", s.replace(f.text, " "), flags=re.I)
            if f.text in s and len(re.findall(r"[A-Za-z']+", rest)) <= 7:
                out.append(s)
    return out


@pytest.mark.parametrize("seed", [9, 31])
def test_no_reply_restates_its_parents_figure_as_a_line_of_its_own(seed):
    # ("Same here: 3.5x for the maximum total net leverage ratio.", "Meanwhile, my figure for the lost gross profit per
    # day is USD 41,500.", "As I said above, the lost gross profit per day is USD 41,500." in one thread: 30 of 176
    # replies of six fixture worlds at seed 31 before mail10; the title's own answer and an objection may name it)
    seen = echoed = 0
    for name in NAMES:
        plan, taxonomy, contents = fixture_world(name, seed)
        for spec in plan.artifacts:
            c = contents.get(spec.id)
            if not isinstance(c, EmailContent) or spec.mode != "reply" or spec.beat == "object" or spec.answers:
                continue
            seen += 1
            ctx = build_context(plan, taxonomy, spec, contents)
            found = _echoes(ctx, c.body)
            echoed += bool(found)
            assert not found, (name, spec.id, found)
    assert seen > 100


def test_a_question_is_answered_and_not_also_taken_away_for_review():
    # "Received, Rhonda. We'll go through the liquidated damages payable with the team and come back with any queries.
    # Confident: the lesser of ..." and, across the table, "We will take our client's instructions on the loss and
    # expense claimed and come back to you by end of Friday. Confident: ..." (mail10's read at seed 31)
    hold = re.compile(r"(?i)\b(?:come back|revert) (?:to you )?(?:with any (?:queries|questions)|by)\b|"
                      r"take (?:our client's )?instructions\b|is with (?:the team|us) for review")
    answered = 0
    for seed in (9, 31):
        for name in NAMES:
            plan, taxonomy, contents = fixture_world(name, seed)
            for spec in plan.artifacts:
                c = contents.get(spec.id)
                if not isinstance(c, EmailContent) or spec.mode != "reply" or not spec.parent:
                    continue
                asked = _own(contents[spec.parent].body)
                own = _own(c.body)
                if not re.search(r"(?i)\b(?:are we confident|or is it (?:only |still )?an estimate)\b", asked):
                    continue
                answered += 1
                assert re.search(r"(?i)\bconfident\b|\bestimate\b|\bfinal\b", own), (name, spec.id, own)
                assert not hold.search(own), (name, spec.id, own)
    assert answered >= 2


def test_a_first_view_is_not_said_to_be_unchanged():
    # "It does not move my view. The liquidated damages accrued are ..." from a partner who had given no view in the
    # thread (mail10's read at seed 31; "No change to my view" with no view given, read 18 on the hotel termination)
    unmoved = re.compile(r"(?i)not move my view|no change to my view|my view on .{3,60} is unchanged")
    first = 0
    for seed in (9, 31):
        for name in NAMES:
            plan, taxonomy, contents = fixture_world(name, seed)
            for spec in plan.artifacts:
                c = contents.get(spec.id)
                if not isinstance(c, EmailContent) or spec.mode != "reply":
                    continue
                ctx = build_context(plan, taxonomy, spec, contents)
                if any(m.sender == ctx.author.name for m in ctx.thread):
                    continue
                first += 1
                assert not unmoved.search(_own(c.body)), (name, spec.id, _own(c.body))
    assert first > 100


def test_across_the_table_nobody_asks_are_we_confident():
    # the owner's officer asked the contractor's claims consultant "Are we confident on the loss and expense claimed,
    # or is it only an estimate?" (mail10's read at seed 31)
    from tests.generators.context_fixture import RUTH, SAM, email_context
    from worldsmith.generators.context import OrgRef
    from worldsmith.generators.kinds.email.compose import _of_one_side

    ctx = email_context("reply", seed=1, facts=[], to=[RUTH])
    ctx = ctx.model_copy(update={"author": SAM, "organisations": [OrgRef(name=RUTH.organisation, role="the owner", privileged=True),
                                                                  OrgRef(name=SAM.organisation, role="the contractor")]})
    frames = ["Are we confident on {label}, or is it an estimate?", "Is {label} final, or still a working number?"]
    assert _of_one_side(ctx, frames) == ["Is {label} final, or still a working number?"]


def test_a_decision_just_given_is_taken_not_said_back():
    # "Noted, Rhonda. The decision, withhold the capped liquidated damages, is recorded." to Rhonda, whose message
    # just gave it (mail10's read at seed 31)
    noted = 0
    for seed in (9, 31):
        for name in NAMES:
            plan, taxonomy, contents = fixture_world(name, seed)
            for spec in plan.artifacts:
                c = contents.get(spec.id)
                if not isinstance(c, EmailContent) or spec.beat != "noted" or not spec.decision:
                    continue
                parent = _own(contents[spec.parent].body)
                if spec.decision.lower() not in parent.lower() or not re.search(
                        r"(?i)\b(?:I|we)(?: have|'ve)? decided\b|\b(?:my|our|the) decision(?: is)?:|\bdecided:", parent):
                    continue  # (a note that reports a decision taken elsewhere may be answered with it)
                noted += 1
                own = _own(c.body)
                assert spec.decision.lower() not in own.lower(), (name, spec.id, own)
                assert re.search(r"(?i)\bdecision\b", own), (name, spec.id, own)
    assert noted >= 2


_PROMISE = re.compile(r"(?i)\b(?:reply|respond|revert|come back|write again|our (?:position|response))\b[^.?!]{0,60}\bby\b")


def test_a_side_that_said_when_it_will_come_back_is_not_asked_when_nor_puts_it_off_again():
    # "We have put the bonus claimed to our client and will reply by Monday." answered "When can we have your position
    # on the bonus claimed?", and then "You will have our position ... by end of day" and "will take instructions ...
    # and come back to you by the end of the week" from the same writer (mail10's read at seed 31)
    asked_when = re.compile(r"(?i)\bwhen (?:can|will) we (?:have|hear|expect)\b|\bby when can you\b|what date can you")
    held = 0
    for seed in (9, 31):
        for name in NAMES:
            plan, taxonomy, contents = fixture_world(name, seed)
            for spec in plan.artifacts:
                c = contents.get(spec.id)
                if not isinstance(c, EmailContent) or spec.mode != "reply" or not spec.parent:
                    continue
                own = _own(c.body)
                if _PROMISE.search(_own(contents[spec.parent].body)):
                    held += 1
                    assert not asked_when.search(own), (name, spec.id, own)
                ctx = build_context(plan, taxonomy, spec, contents)
                if ctx.organisations and any(_PROMISE.search(_own(m.body)) for m in ctx.thread
                                              if m.sender == ctx.author.name):
                    assert not _PROMISE.search(own), (name, spec.id, own)
    assert held >= 3


def test_a_writer_is_not_named_by_role_in_their_own_decision():
    # "on June 15, 2026 the HR Director decided to tender the capped bonus" from the HR Director (mail10, seed 31)
    from tests.generators.context_fixture import RUTH
    from worldsmith.generators.kinds.email.compose import first_person

    body = ("On May 2 the Chief Financial Officer decided to pay the capped amount.\n"
            "The Chief Financial Officer will sign the letter.\n> the Chief Financial Officer decided")
    assert first_person(body, RUTH) == ("On May 2 I decided to pay the capped amount.\n"
                                        "The Chief Financial Officer will sign the letter.\n"
                                        "> the Chief Financial Officer decided")


def test_the_party_a_purpose_says_asks_for_a_paper_asks_for_it_and_is_told_when_it_comes():
    # "The contractor notifies the delay and the architect asks for the programme before deciding." gave the architect
    # "Thanks. Next step on the contract sum: who has it?", and the owner's side asked the contractor's consultant "who
    # has signed off the loss and expense claimed?" where it was to ask for the records (mail10's read at seed 31)
    from worldsmith.generators.kinds.email.compose import asked_in_reply

    asked = told = 0
    for seed in (9, 31):
        for name in NAMES:
            plan, taxonomy, contents = fixture_world(name, seed)
            firsts: set[tuple[str, str]] = set()
            for spec in sorted((s for s in plan.artifacts if isinstance(contents.get(s.id), EmailContent)),
                               key=lambda s: (s.thread, s.position)):
                if spec.mode != "reply" or spec.beat in ("decide", "noted", "forward"):
                    continue
                ctx = build_context(plan, taxonomy, spec, contents)
                how, what = asked_in_reply(ctx)
                own = _own(contents[spec.id].body)
                if what and (spec.thread, spec.author) not in firsts and \
                        not any(m.sender == ctx.author.name for m in ctx.thread):
                    asked += 1
                    assert what.lower() in own.lower(), (name, spec.id, what, own)
                    if how == "for":  # the paper asked for is the question, and the only one
                        assert all(what.lower() in x.lower() for x in re.findall(r"[^.?!\n]*\?", own)), (name, spec.id, own)
                firsts.add((spec.thread, spec.author))
                m = re.search(r"(?i)please (?:send|let me have) (?:me )?(.{3,80}?),? by ", _own(contents[spec.parent].body))
                if m and not what:
                    told += 1
                    assert m.group(1).lower() in own.lower() and " by " in own, (name, spec.id, own)
    assert asked >= 2 and told >= 1


def test_told_by_when_a_paper_comes_the_reader_holds_nothing_over():
    # "The records will be with you by June 8." answered "we will go through the loss and expense claimed internally
    # and come back with any questions. I'll work it into my notes for the week today." (mail10, seed 31)
    from tests.generators.context_fixture import SAM, email_context
    from worldsmith.generators.kinds.email.compose import compose_email

    ctx = email_context("reply", seed=3, facts=[])
    parent = EmailContent(subject="Records", body="Thank you for your note.\n\nThe records will be with you by June 8.\n\nSam")
    for beat in ("confirm", "answer", "ack"):
        c = ctx.model_copy(update={"parent": parent, "parent_author": SAM,
                                   "spec": ctx.spec.model_copy(update={"beat": beat})})
        own = _own(compose_email(c).body)
        assert not re.search(r"(?i)come back|any (?:questions|queries)|take instructions|notes for the week|plan for the "
                             r"week|\?", own), (beat, own)


def test_the_line_that_says_what_is_attached_comes_before_the_sign_off():
    # "Shout with questions.\n\nConnie\n\nPlease find attached the revised notice of claim for loss and expense.\n\n--
    # \nConnie Bailey" (mail10's read at seed 31)
    bad = 0
    for seed in (9, 31):
        for name in NAMES:
            plan, taxonomy, contents = fixture_world(name, seed)
            for spec in plan.artifacts:
                c = contents.get(spec.id)
                if not isinstance(c, EmailContent) or not getattr(spec, "attachments", None):
                    continue
                ctx = build_context(plan, taxonomy, spec, contents)
                paras = _own(c.body).rstrip().split("\n\n")
                names = (ctx.author.first_name, ctx.author.name)
                at = next((i for i, p in enumerate(paras) if p.strip() in names), None)
                if at is not None:
                    later = " ".join(paras[at + 1:])
                    assert not re.search(r"(?i)\battach|enclos|find (?:attached|enclosed)", later.split("--")[0]), \
                        (name, spec.id, _own(c.body))


def test_no_mail_wording_is_one_the_readers_called_a_formula():
    # read 18's reasons, in the readers' words: "formulaic wording no practitioner uses" ('nothing has moved it since'),
    # and mail10's read at seed 31 ('Following up on ..., with where things stand on our side.' from a consultant
    # sending its own claim); none of them is a frame of the mail's phrase bank
    from worldsmith.generators.compose.bank import bank

    text = repr(bank("email"))
    for formula in ("nothing has moved it since", "with where things stand on our side"):
        assert formula not in text, formula


def test_a_decision_is_not_asked_whether_its_figures_are_final_nor_who_signed_them_off():
    # "Is the total tendered final, or still a moving target?" and then "who has signed off the total tendered?" to the
    # HR Director's message giving her decision to tender it (mail10's read at seed 31)
    firm = re.compile(r"(?i)final, or still|an estimate\?|moving target|who has signed off|take account of")
    seen = 0
    for seed in (9, 31):
        for name in NAMES:
            plan, taxonomy, contents = fixture_world(name, seed)
            for spec in plan.artifacts:
                c = contents.get(spec.id)
                if not isinstance(c, EmailContent) or spec.mode != "reply" or not spec.parent:
                    continue
                parent = _own(contents[spec.parent].body)
                if not re.search(r"(?i)\bdecided\b|\bdecision\b", parent):
                    continue
                seen += 1
                own = _own(c.body)
                for q in re.findall(r"[^.?!\n]*\?", own):
                    assert not (firm.search(q) and ("take account of" not in q or "plus" in parent
                                                    or "less" in parent)), (name, spec.id, own)
    assert seen >= 5


def test_the_answer_to_the_titles_question_is_said_as_an_answer_not_as_agreement():
    # "Same here: USD 74,400 for the bonus claimed." answered the client's "Oakhurst claim: what do we owe?" (mail10's
    # read at seed 31)
    agreeing = re.compile(r"(?i)\b(?:same here|our workings give the same|we get the same|no difference on|that matches)\b")
    answers = 0
    for seed in (9, 31):
        for name in NAMES:
            plan, taxonomy, contents = fixture_world(name, seed)
            for spec in plan.artifacts:
                c = contents.get(spec.id)
                if isinstance(c, EmailContent) and getattr(spec, "answers", ""):
                    answers += 1
                    assert not agreeing.search(_own(c.body)), (name, spec.id, _own(c.body))
    assert answers >= 3


def test_a_view_on_the_other_sides_claim_is_a_view_against_it():
    # defendant's counsel, asked "what do we owe?", wrote "my view is that the bonus claimed holds" of the claimant's
    # claim (mail10's read at seed 31); a figure worked from the other side's own input is theirs too
    seen = 0
    for seed in (9, 31):
        for name in NAMES:
            plan, taxonomy, contents = fixture_world(name, seed)
            for spec in plan.artifacts:
                c = contents.get(spec.id)
                if not isinstance(c, EmailContent) or spec.mode != "reply":
                    continue
                ctx = build_context(plan, taxonomy, spec, contents)
                own = _own(c.body)
                for label in ctx.their_labels:
                    seen += 1
                    assert not re.search(rf"(?i){re.escape(label)} holds?\b|{re.escape(label)}[^.]{{0,80}}\b(?:I would "
                                         rf"(?:work from|rely on|go ahead on) (?:it|that))", own), (name, spec.id, own)
    plan, taxonomy, contents = fixture_world("bonus-cap-dispute", 31)
    counsel = next(s for s in plan.artifacts if s.id == "oakhurst_claim_what_do_we_owe-m2")
    assert "the bonus claimed" in build_context(plan, taxonomy, counsel, contents).their_labels
    assert seen > 20


def test_a_request_the_purpose_gives_goes_after_any_greeting_and_takes_its_questions_tail_with_it():
    # "Could you send me the programme by tomorrow, please?\n\nMorning Kimberly,\n\n..." and "Then I can turn it by end
    # of Tuesday.\n\nCould you send me the records ..." (mail10's first read of its own change, seed 37)
    for seed in (9, 31, 37):
        plan, taxonomy, contents = fixture_world("construction-delay", seed)
        for spec in plan.artifacts:
            c = contents.get(spec.id)
            if not isinstance(c, EmailContent) or spec.mode != "reply":
                continue
            paras = [p for p in _own(c.body).split("\n\n") if p.strip()]
            for i, p in enumerate(paras[1:], 1):
                assert not (re.match(r"[A-Z][^\n.?!]{0,40},$", p) and len(p.split()) <= 4), (spec.id, _own(c.body))
            assert not re.match(r"(?:Then|Happy to)\b", paras[0]), (spec.id, _own(c.body))

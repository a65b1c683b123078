"""Blind read 14 (issue 17): email was the weakest kind (25 of 70 accepted). Threads that go nowhere ("Do you need
anything else?" / "Nothing, thank you"; a weekly note on the day exclusivity lapses that says only that both dates
have passed, with no extension request and no plan)."""

from __future__ import annotations

import datetime as dt
import re

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.week import passed_plan, week_steps
from worldsmith.generators.kinds.email.compose import _NEEDS, _PLAN_ASK, compose_email, own_text
from worldsmith.generators.week import WeekEvent
from worldsmith.worlds.content import EmailContent
from tests.generators.context_fixture import email_context

DAY = dt.date(2026, 10, 21)
EXCLUSIVITY = WeekEvent(what="passed", day=DAY, fact="excl", label="the exclusivity expiry", type="date",
                        text="21 October 2026")
SIGNING = WeekEvent(what="passed", day=dt.date(2026, 10, 16), fact="sign", label="the signing target", type="date",
                    text="16 October 2026")
CASUALTY = WeekEvent(what="passed", day=dt.date(2026, 10, 19), fact="cas", label="the date of the casualty",
                     type="date", text="19 October 2026")

# The weekly note of the day exclusivity lapsed, as the planner's composer writes it (compose/week.py _NOTE).
LAPSED = EmailContent(subject="Weekly diligence call: agenda and actions - October 21",
                      body="Our weekly round-up, 21 October.\n\n- The signing target was 16 October 2026, 5 days ago.\n"
                           "- Today, 21 October 2026, is the exclusivity expiry.\n\nDouglas")


def test_a_weekly_note_says_what_follows_a_date_gone_by_and_who_does_it():
    # "says only that both dates have passed: no extension request, no plan"
    extend = reset = 0
    for seed in range(30):
        steps = week_steps(Picker(seed), [SIGNING, EXCLUSIVITY], DAY, "en_GB", {"Larkspur"}, ["Sally", "Bethan"], {},
                           True, "Ostler Brook Partners")
        assert len(steps) == 2, steps
        assert all(re.match(r"(?:Sally|Bethan): ", s) for s in steps), steps
        on_expiry = next(s for s in steps if "exclusivity expiry" in s)
        on_target = next(s for s in steps if "signing target" in s)
        extend += bool(re.search(r"\b(?:extend|extension|more time)\b", on_expiry))
        reset += bool(re.search(r"\b(?:revised timetable|new date|re-plan|reset)\b", on_target))
        assert not re.search(r"\b(?:extend|extension)\b", on_target), on_target
    assert extend == 30 and reset == 30


def test_the_day_of_an_event_gone_by_calls_for_no_step():
    assert passed_plan(Picker(1), "the date of the casualty", "Kestrel Bay") == ""
    assert week_steps(Picker(1), [CASUALTY], DAY, "en_US", {"Firm"}, ["Sam"], {}, False) == []


def _reply(seed: int, next_beat: str, beat: str, parent: EmailContent, labels=()):
    ctx = email_context("reply", seed=seed, facts=[])
    spec = ctx.spec.model_copy(update={"beat": beat})
    return ctx.model_copy(update={"parent": parent, "spec": spec, "next_beat": next_beat,
                                  "thread_labels": list(labels)})


def test_an_acknowledgement_of_a_lapsed_date_asks_the_plan_not_whether_anything_is_needed():
    # "Thanks Douglas; noted for 21 October. Is there anything you want from us?" and "I'll deal with anything that
    # follows from it": the thread went nowhere
    asked = 0
    for seed in range(40):
        for beat in ("ack", "confirm"):
            body = own_text(compose_email(_reply(seed, "confirm", beat, LAPSED, ["the signing target"])).body)
            assert not _NEEDS.search(body), body
            if re.match(r"(?:Thanks|Thank you|Noted|Received|Got)\b", body) and "?" in body:
                # the acknowledgement, made into a question because a reply follows it
                asked += 1
                assert _PLAN_ASK.search(body), body
                assert re.search(r"signing target|exclusivity expiry", body), body
    assert asked


def test_the_answer_to_the_plan_names_a_step_an_owner_and_a_day():
    asks = EmailContent(subject="Re: Weekly status", body="Thanks Dana; noted. Now that the exclusivity expiry has "
                        "passed, what is the plan, and who has it?\n\nSam\n\n> " + LAPSED.body.replace("\n", "\n> "))
    for seed in range(40):
        body = own_text(compose_email(_reply(seed, "", "confirm", asks, ["the signing target"])).body)
        assert not re.match(r"(?:Nothing|Not|No)\b", body), body
        assert re.search(r"\bI will\b|\bwill\b", body), body
        assert re.search(r"\b(?:extend|extension|more time)\b", body), body
        assert re.search(r"\bby (?:tomorrow|end of day|close of business tomorrow)\b", body, re.I), body


def test_a_signed_instrument_or_a_sheet_awaits_no_answer_from_the_other_side():
    # "Chases Quorvex for a reply to 'what we sent them on February 10'. That paper is Quorvex's own MSA"
    from worldsmith.generators.week import answerable
    from tests.generators.context_fixture import document_context, sheet_context
    msa = document_context("agreement").spec.model_copy(
        update={"title": "Master Subscription Agreement between Quorvex Software Corp. and Tessaline Logistics, Inc."})
    letter = document_context("letter").spec.model_copy(update={"title": "Letter to Quorvex on the audit notice"})
    order = document_context("letter").spec.model_copy(update={"title": "Order Form No. 3", "doc_type": "order"})
    assert not answerable(msa) and not answerable(order) and not answerable(sheet_context().spec)
    assert answerable(letter)


def test_a_paper_the_reader_already_has_is_not_offered_again():
    # "Says the minutes 'can come to you now', though Clinton was copied on them on Feb 16"; "We concluded the Data
    # room request list on 3 September" while its minutes had comments due on the 8th
    from worldsmith.generators.compose.week import note_lines
    seen = WeekEvent(what="paper", day=dt.date(2026, 2, 16), title="Minutes: kick-off call", by="Ana Walker",
                     org="Caddell Voss LLP", seen=True)
    fresh = seen.model_copy(update={"seen": False})
    for seed in range(30):
        line = note_lines(Picker(seed), [seen], dt.date(2026, 2, 18), "en_US", {"Caddell Voss LLP"}, {},
                          {"Tessaline"}, "Caddell Voss LLP")[0]
        assert not re.search(r"come to you now|go to you now|send it|on request", line), line
        # (named as its reader names it, not by its title pasted whole, blind read 35)
        assert "minutes of the kick-off call" in line, line
        for e in (seen, fresh):
            line = note_lines(Picker(seed), [e], dt.date(2026, 2, 18), "en_US", {"Caddell Voss LLP"}, {},
                              {"Tessaline"}, "Caddell Voss LLP")[0]
            assert not re.search(r"\b(?:concluded|finished|completed|settled)\b", line), line
        step = week_steps(Picker(seed), [seen], dt.date(2026, 2, 18), "en_US", {"Caddell Voss LLP"}, ["Sam"], {}, True)
        # (since read 16 no step at all: "walk you through the minutes when we next speak" of a paper the reader
        # has was a stock step; one they have not had is sent)
        assert not step, step
        step = week_steps(Picker(seed), [fresh], dt.date(2026, 2, 18), "en_US", {"Caddell Voss LLP"}, ["Sam"], {}, True)
        assert step and re.search(r"\b(?:send you|to you)\b", step[0]) and "through" not in step[0], step


def test_a_decision_told_across_the_table_is_our_sides_with_no_task_for_theirs():
    # "Buyer's QoE partner announces to the target's FD that 'the decision: the full reversal is agreed' and asks her
    # to refresh his file note"
    from worldsmith.generators.context import OrgRef
    from tests.generators.context_fixture import DANA, RUTH, SAM
    orgs = [OrgRef(name="Harrow Vane LLP", role="buyer's accountants", privileged=True),
            OrgRef(name="Corvale Shipping Ltd", role="the target", privileged=False)]
    said = 0
    for seed in range(40):
        ctx = email_context("reply", seed=seed, facts=[], to=[RUTH])
        spec = ctx.spec.model_copy(update={"beat": "decide", "decision": "the full reversal is agreed"})
        ctx = ctx.model_copy(update={"spec": spec, "organisations": orgs, "parent_author": RUTH,
                                     "thread_labels": ["the net QoE adjustments"]})
        body = own_text(compose_email(ctx).body)
        # a point agreed is said as agreed, never one side's ruling on it ("Our side has taken its decision: the LTM
        # cut-off ... is agreed", mail5's read); "we have agreed" is what decision_named reads
        assert "we have agreed the full reversal" in body.lower() and not re.search(r"\bdecision\b", body), body
        assert not re.search(r"\b(?:Decided|I've decided|I have decided)\b|file note|please action|copy me", body), body
        said += "we have agreed" in body.lower()
        # to one reader, never "Thank you, everyone"
        inside = ctx.model_copy(update={"organisations": [], "to": [SAM]})
        assert not re.search(r"\b(?:thanks|thank you),? everyone\b", own_text(compose_email(inside).body), re.I), seed
    assert said
    assert DANA.organisation == "Harrow Vane LLP"


def test_a_question_asks_nothing_the_message_before_just_gave_nor_signs_off_a_date():
    # "She then asks for the source he has just given her"; "'Who has signed off the lease Expiry Date?' makes no
    # sense: the date is fixed by the lease"
    gave = EmailContent(subject="Consent: approach", body='The largest customer\'s revenue share: 18.4%. You\'ll find it '
                        'in the "Largest customer\'s revenue share" entry in the Customer concentration.\n\nLee')
    for seed in range(60):
        for label, parent in (("the largest customer's revenue share", gave), ("the lease Expiry Date", gave)):
            ctx = _reply(seed, "", "question", parent, [label])
            body = own_text(compose_email(ctx).body)
            assert not re.search(r"source for", body, re.I), body
            if "Expiry Date" in label:
                assert not re.search(r"signed off|how did you|final, or still|an estimate", body, re.I), body


def _across(seed: int, mode: str, facts):
    from worldsmith.generators.context import OrgRef
    from tests.generators.context_fixture import RUTH
    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to the lessor", privileged=True),
            OrgRef(name="Corvale Shipping Ltd", role="opposing party; the lessee", privileged=False)]
    ctx = email_context(mode, seed=seed, facts=facts, to=[RUTH])
    return ctx.model_copy(update={"organisations": orgs, "thread_labels": [f.label for f in facts]})


def test_an_objection_says_the_figure_is_theirs_and_does_not_recite_it():
    # "The lessee rejects the finding and then recites it 'for your notes'"
    from tests.generators.context_fixture import CAP
    cap = CAP.model_copy(update={"label": "the liability cap", "reason": "the tonnage times the rate per tonne"})
    theirs = 0
    for seed in range(40):
        ctx = _across(seed, "reply", [cap])
        ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"beat": "object"})})
        body = own_text(compose_email(ctx).body)
        assert cap.text in body and "for your notes" not in body.lower(), body
        theirs += bool(re.search(r"\b(?:You put|Your figure|Your number|On your numbers|as you have it|You give|On your papers)\b",
                                 body))
    assert theirs >= 30


def test_a_paper_sent_across_the_table_carries_no_working_of_ours():
    # buyer's counsel to the sell-side adviser: "It is worked out as the EBITDA multiple times the management EBITDA"
    from tests.generators.context_fixture import CAP
    from worldsmith.worlds.plan import Attachment
    cap = CAP.model_copy(update={"label": "the liability cap", "reason": "the tonnage times the rate per tonne"})
    for seed in range(40):
        ctx = _across(seed, "new", [cap])
        spec = ctx.spec.model_copy(update={"purpose": "", "attachments": [
            Attachment(artifact="loi", path="Letters/Letter of intent.docx", title="Letter of intent")]})
        body = compose_email(ctx.model_copy(update={"spec": spec})).body
        assert "tonnage times the rate" not in body, body


def test_a_first_message_in_the_matters_first_week_picks_up_no_earlier_exchange():
    # the owner's casualty-day notice "picks up a thread that does not exist"
    from worldsmith.generators.kinds.email.compose import _PICKS_UP
    seen = 0
    for seed in range(80):
        ctx = email_context("new", seed=seed)
        day = ctx.spec.sent_at.date()
        first = compose_email(ctx.model_copy(update={"window_start": day - dt.timedelta(days=1)})).body
        assert not _PICKS_UP.search(first.split("\n\n")[0] + " " + first.split("\n\n")[1]), first
        later = compose_email(ctx.model_copy(update={"window_start": day - dt.timedelta(days=60)})).body
        seen += bool(_PICKS_UP.search(later))
    assert seen  # later in the matter an opener may pick up what went before


def test_a_question_is_answered_not_acknowledged():
    # "What is the source for the fault share alleged? I'd like to check it before end of Friday." / "Yes, go ahead.
    # I'll work it into the plan for the week today."
    asked = EmailContent(subject="Re: Contribution demand", body="What is the source for the fault share alleged? "
                         "I'd like to check it before end of Friday.\n\nRoger")
    for seed in range(40):
        for beat in ("ack", ""):
            body = own_text(compose_email(_reply(seed, "", beat, asked, ["the fault share alleged"])).body)
            assert not re.match(r"(?:Yes, go ahead|Noted|Got it|Will do)\b", body), body
            assert re.search(r"\b(?:source|papers?|documents|file|see|sheet|copy)\b", body, re.I), body


def test_an_adviser_does_not_ask_its_client_who_takes_the_point_forward():
    from worldsmith.generators.context import OrgRef
    from tests.generators.context_fixture import RUTH
    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale", privileged=True, acts_for="Corvale Shipping Ltd"),
            OrgRef(name="Corvale Shipping Ltd", role="client", privileged=True)]
    note = EmailContent(subject="Removal costs", body="The removal costs are USD 61,350,000 on the invoices.\n\nRuth")
    for seed in range(40):
        ctx = _reply(seed, "confirm", "ack", note, ["the removal costs"])
        ctx = ctx.model_copy(update={"organisations": orgs, "parent_author": RUTH, "to": [RUTH]})
        body = own_text(compose_email(ctx).body)
        assert not _PLAN_ASK.search(body), body


def test_a_figure_worked_out_from_others_is_not_received():
    # "Treats a subtraction as incoming ('the amount in dispute, USD 827,080 (received May 20)')"
    from worldsmith.generators.compose.week import note_lines
    worked = WeekEvent(what="learnt", day=dt.date(2026, 5, 18), fact="dispute", label="the amount in dispute",
                       type="money", text="USD 827,080", derived=True)
    for seed in range(30):
        line = note_lines(Picker(seed), [worked], dt.date(2026, 5, 20), "en_US", {"Firm"})[0]
        assert "USD 827,080" in line and not re.search(r"received|came in|came through|reached us|in on", line), line


def test_a_figure_the_writer_gave_first_is_not_agreed_back_as_if_new():
    # "Pointless echo: the partner 'agrees' with the client on the figure he sent two hours earlier ('Same here: USD
    # 1,078,800')"
    from worldsmith.generators.context import ThreadMessage
    from tests.generators.context_fixture import CAP, DANA
    cap = CAP.model_copy(update={"label": "the liability cap"})
    mine = ThreadMessage(sender=DANA.name, sent="2025-03-03T09:00:00", body=f"The liability cap is {cap.text}.\n\nDana")
    back = EmailContent(subject="Re: Cap", body=f"Received. For the file, the liability cap is {cap.text}.\n\nSam")
    for seed in range(40):
        ctx = _reply(seed, "", "confirm", back, ["the liability cap"]).model_copy(
            update={"facts": [cap], "thread": [mine]})
        body = own_text(compose_email(ctx).body)
        assert cap.text in body, body
        assert not re.search(r"Same here|We get the same|Our workings give the same|That (?:matches|agrees)|"
                             r"No difference", body), body


def test_the_readers_own_paper_is_acknowledged_not_reported_or_sent_to_them():
    # "the status note tells Corrib that its own staff circulated its own documents"
    from worldsmith.generators.compose.week import note_lines
    theirs = WeekEvent(what="paper", day=dt.date(2028, 4, 11), title="Return-condition discrepancy costing",
                       by="Gerald Jarvis", org="Corrib Aviation Capital DAC")
    for seed in range(30):
        line = note_lines(Picker(seed), [theirs], dt.date(2028, 4, 12), "en_GB", {"Kestrel Whitlock LLP",
                          "Corrib Aviation Capital DAC"}, {}, {"Corrib Aviation Capital DAC"}, "Kestrel Whitlock LLP")[0]
        assert not re.search(r"sent round|circulated|went round|Received from", line), line
        steps = week_steps(Picker(seed), [theirs], dt.date(2028, 4, 12), "en_GB", {"Kestrel Whitlock LLP",
                           "Corrib Aviation Capital DAC"}, ["Jeffrey"], {}, True, "", {"Corrib Aviation Capital DAC"},
                           "Kestrel Whitlock LLP")
        assert steps and not re.search(r"send you|through the", steps[0]) and "Gerald" in steps[0], steps


def test_steps_on_the_next_call_share_its_day_and_late_mail_asks_nothing_by_end_of_day():
    # "'Walk you through on the next call' is given three different dates"; "asks for a response 'by end of day' at
    # 17:02 on a Friday"
    from worldsmith.generators.context import OrgRef
    from tests.generators.context_fixture import RUTH, SAM
    for seed in range(40):
        ctx = email_context("new", seed=seed, to=[SAM, RUTH])
        late = ctx.spec.sent_at.replace(hour=17, minute=2)
        body = compose_email(ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"sent_at": late})})).body
        assert not re.search(r"end of (?:the )?day", body), body
        days = re.findall(r"on the next call[^(\n]*\(([^)]+)\)", body)
        assert len(set(days)) <= 1, body
    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to the lessor", privileged=True),
            OrgRef(name="Corvale Shipping Ltd", role="opposing party; the lessee", privileged=False)]
    note = EmailContent(subject="Records", body="The records remediation cost is on our schedule.\n\nDana")
    for seed in range(60):
        ctx = email_context("reply", seed=seed, facts=[], to=[RUTH])
        ctx = ctx.model_copy(update={"organisations": orgs, "parent": note, "spec": ctx.spec.model_copy(
            update={"beat": "ack"})})
        body = own_text(compose_email(ctx).body)
        assert not re.search(r"Fine by me|Agreed|go ahead|Looks right|Sounds good|Makes sense", body), body


def test_every_question_frame_as_written_either_way_has_its_answer():
    # "Has the counterparty seen the Engine 2 EFH remaining to next shop visit yet?" / "Right, the Engine 2 EFH
    # remaining to next shop visit is agreed." ("the other side" is written "the counterparty" too, and the answer's
    # match knew only the first)
    from worldsmith.generators.compose.bank import _EITHER, _SAME, bank
    entries = bank("email")["answers_to"]
    for frame in bank("email")["beats"]["question"]:
        plain = re.sub(r"\[~?([^|\]]*)(?:\|[^\]]*)?\]", r"\1", frame)
        for words in {plain, _SAME.sub(lambda m: _EITHER[m.group(0).lower()][-1], plain)}:
            if re.search(r"take account|confident on|who else|signed off|final, or still|source for|how did you|"
                         r"walk me through|seen", words):
                assert any(re.search(e["match"], words, re.I) for e in entries), words


def test_a_question_is_answered_by_the_one_it_was_put_to():
    # "The client answers a question the lawyer asked the consultant"
    from tests.generators.test_planner import plan_of
    from tests.conftest import EXAMPLES
    from worldsmith.worlds.plan import EmailSpec
    checked = 0
    for path in sorted(EXAMPLES.glob("*.yaml")):
        _, plan = plan_of(path)
        mail = {a.id: a for a in plan.artifacts if isinstance(a, EmailSpec)}
        for a in mail.values():
            parent = mail.get(a.parent or "")
            if a.mode != "reply" or parent is None or parent.beat not in ("question", "object") \
                    or a.beat in ("decide", "noted", "forward") or not parent.to:
                continue
            checked += 1
            assert a.author == parent.to[0] or a.author == parent.author, (a.id, a.author, parent.to)
    assert checked


def test_an_acknowledgement_of_a_paper_asks_what_in_it_needs_the_reader_and_is_answered():
    # "Received, Douglas, thank you. Anything else you want from me?" / "I'll follow up anything that follows from it
    # with the team this week." under a note whose news was a paper from the target
    note = EmailContent(subject="Weekly call", body="Bringing you up to 16 September.\n\n- Received from Cindermill "
                        "Systems Limited on 16 September: IT systems and information security overview.\n\nDouglas")
    asked = 0
    for seed in range(40):
        body = own_text(compose_email(_reply(seed, "confirm", "ack", note)).body)
        assert not _NEEDS.search(body), body
        if _PLAN_ASK.search(body):
            asked += 1
            assert "IT systems" in body, body
            answer = own_text(compose_email(_reply(seed, "", "confirm", EmailContent(
                subject="Re: Weekly call", body=body + "\n\nKaren\n\n> " + note.body.replace("\n", "\n> ")))).body)
            assert re.search(r"\b(?:reading it|first read)\b", answer) and re.search(r"\bby \w", answer), answer
    assert asked


def test_a_client_says_once_that_it_will_review_its_advisers_figure():
    # "we will go through the validated shortfall internally and come back with any queries. We will look at the
    # validated shortfall (248 users) with the team and come back with any queries."
    from tests.generators.context_fixture import CAP
    cap = CAP.model_copy(update={"label": "the liability cap"})
    note = EmailContent(subject="Cap", body=f"The liability cap is {cap.text} on our working.\n\nSam")
    twice = 0
    for seed in range(40):
        ctx = _reply(seed, "", "confirm", note, ["the liability cap"]).model_copy(
            update={"facts": [cap], "adviser_labels": ["the liability cap"]})
        body = own_text(compose_email(ctx).body)
        assert cap.text in body, body
        twice += len(re.findall(r"\b(?:go through|review|look at)\b", body)) > 1
    assert twice == 0


def test_a_paper_of_ours_the_reader_has_draws_the_same_question():
    # "Thanks Jordan; noted for February 18. Anything else you require from us?" under "You have had my Minutes:
    # Quorvex audit kick-off, February 13 since February 16."
    note = EmailContent(subject="Weekly status", body="Our weekly round-up, February 18.\n\n- You have had my Minutes: "
                        "Quorvex audit kick-off since February 16.\n\nJordan")
    asked = 0
    for seed in range(40):
        body = own_text(compose_email(_reply(seed, "confirm", "ack", note)).body)
        assert not _NEEDS.search(body), body
        asked += bool(_PLAN_ASK.search(body)) and "minutes" in body
    assert asked


def test_the_writer_of_a_paper_is_not_reading_it_now():
    note = "Our weekly round-up, February 18.\n\n- You have had my Minutes: Quorvex audit kick-off since February 16."
    asks = EmailContent(subject="Re: Weekly status", body="Thanks. Anything in the minutes that needs me before the "
                        "call?\n\nClinton\n\n> " + note.replace("\n", "\n> "))
    for seed in range(30):
        body = own_text(compose_email(_reply(seed, "", "confirm", asks)).body)
        assert not re.search(r"reading it|first read", body) and re.search(r"through it", body), body


def test_the_writer_of_a_paper_is_not_reading_it_now_when_the_note_is_earlier_in_the_thread():
    from worldsmith.generators.context import ThreadMessage
    from tests.generators.context_fixture import DANA
    note = ThreadMessage(sender=DANA.name, sent="2026-02-18T09:00:00", body="Our weekly round-up, February 18.\n\n- You "
                         "have had my Minutes: Quorvex audit kick-off since February 16.\n\nDana")
    asks = EmailContent(subject="Re: Weekly status", body="Thanks. Anything in the minutes that needs me before the "
                        "call?\n\nClinton")
    for seed in range(30):
        ctx = _reply(seed, "", "confirm", asks).model_copy(update={"thread": [note]})
        body = own_text(compose_email(ctx).body)
        assert not re.search(r"reading it|first read", body) and re.search(r"through it", body), body

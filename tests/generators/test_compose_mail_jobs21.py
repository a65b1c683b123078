"""Issue 17 (threads4, blind read 21): every email does its job. Read 21's quotes: the agent asks for the EBITDA
source "before tomorrow morning" and the associate promises it "by Wednesday morning"; the client asks to see the
source and the partner answers "the documents behind it are in the file"; the CFO asks "do we audit?" and gets "I
would go with USD 18,400,000"; "Picking this up now" as a thread's end; "Happy to discuss" after "no need to speak
first"."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from tests.generators.context_fixture import CAP, DANA, RUTH, SAM, email_context
from worldsmith.generators.context import OrgRef, PaperDue
from worldsmith.generators.compose.voice import resolve_day
from worldsmith.generators.kinds.email.compose import compose_email
from worldsmith.worlds.content import EmailContent

_DAY_SAID = re.compile(r"\bby ((?:end of |close of business on )?(?:today|tonight|tomorrow(?: morning)?|end of day|"
                       r"(?:Monday|Tuesday|Wednesday|Thursday|Friday)(?: morning)?|[A-Z][a-z]+ \d{1,2}))")


def _reply(parent_body: str, beat: str, seed: int, facts=(), author=DANA, parent_author=RUTH, sent_gap_h: int = 2):
    ctx = email_context("reply", seed=seed, facts=list(facts), to=[parent_author])
    sent = ctx.spec.sent_at
    ctx = ctx.model_copy(update={"parent": EmailContent(subject="Liability cap under the charter", body=parent_body),
                                 "parent_author": parent_author, "author": author, "next_beat": "",
                                 "parent_sent": sent - dt.timedelta(hours=sent_gap_h),
                                 "spec": ctx.spec.model_copy(update={"beat": beat})})
    return re.split(r"\n\s*On .{5,80} wrote:", compose_email(ctx).body, maxsplit=1)[0], sent.date()


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("beat", ["answer", "question", "confirm", "take_in"])
def test_a_reply_promises_nothing_after_the_day_it_was_asked_for(seed, beat):
    # sent on a Monday: "before tomorrow morning" is Tuesday morning, so nothing is promised for Wednesday
    own, today = _reply("What is the source for the liability cap? I would like to check it before tomorrow morning.\n\n"
                        "Ruth", beat, seed, facts=[CAP])
    for said in _DAY_SAID.findall(own):
        day = resolve_day(said, today)
        assert day is None or day <= today, (said, own)


def _source_reply(seed: int, **update):
    ctx = email_context("reply", seed=seed, facts=[], to=[RUTH])
    sent = ctx.spec.sent_at
    ctx = ctx.model_copy(update={"parent": EmailContent(subject="Liability cap under the charter", body=(
        "What is the source for the liability cap under the charter? I would like to see it before Thursday.\n\nRuth")),
        "parent_author": RUTH, "author": DANA, "next_beat": "", "parent_sent": sent - dt.timedelta(hours=3),
        "thread_labels": ["the liability cap under the charter"],
        "spec": ctx.spec.model_copy(update={"beat": "answer"}), **update})
    return re.split(r"\n\s*On .{5,80} wrote:", compose_email(ctx).body, maxsplit=1)[0]


@pytest.mark.parametrize("seed", range(10))
def test_a_client_who_asks_to_see_the_source_is_told_the_paper_and_where_it_is(seed):
    own = _source_reply(seed, label_papers={"the liability cap under the charter": (
        "Castellan limitation report", dt.date(2025, 2, 12))},
        label_folders={"the liability cap under the charter": "Reports"},
        organisations=[OrgRef(name="Harrow Vane LLP", role="counsel", privileged=True, acts_for="Corvale Shipping Ltd"),
                       OrgRef(name="Corvale Shipping Ltd", role="client", privileged=True),
                       OrgRef(name="Castellan Advisory LLC", role="auditor", engaged_by="Corvale Shipping Ltd")])
    assert not re.search(r"(?i)(?:in|on) the file\b|on file\b|behind it are", own), own
    assert "Castellan limitation report of February 12, 2025" in own, own  # its name as written, and its date
    assert re.search(r"Reports folder|See the Castellan", own), own


@pytest.mark.parametrize("seed", range(10))
def test_the_source_sent_earlier_in_the_thread_is_pointed_to_across_the_table(seed):
    lender = SAM.model_copy(update={"organisation": "Northbank Capital N.A.", "first_name": "Jesus", "id": "agent_1"})
    orgs = [OrgRef(name="Harrow Vane LLP", role="borrower's counsel", privileged=True, acts_for="Corvale Shipping Ltd"),
            OrgRef(name="Corvale Shipping Ltd", role="client", privileged=True),
            OrgRef(name="Northbank Capital N.A.", role="administrative agent for the lenders")]
    own = _source_reply(seed, parent_author=lender, to=[lender], organisations=orgs,
                        parent=EmailContent(subject="Certificate", body="What is the source for the liability cap "
                                            "under the charter? I would like to check it before Wednesday morning.\n\n"
                                            "Jesus"),
                        label_sent={"the liability cap under the charter": PaperDue(
                            title="Compliance certificate for the quarter ended June 30", by="Dana",
                            day=dt.date(2025, 2, 27), facts=["liability_cap"])})
    assert re.search(r"the Compliance certificate for the quarter ended June 30 (?:that )?I sent you on February 27, 2025",
                     own), own
    assert not re.search(r"(?i)on file\b|in the file\b", own), own


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("title,said", [("Oakfield's FY2025 sales statement: do we audit?", r"\byes, we do\b"),
                                        ("The charter cap: can you confirm it?", r"\byes, I can\b"),
                                        ("Cap under the charter: should we accept it?", r"\byes, we should\b")])
def test_a_yes_no_question_in_the_title_gets_a_yes_or_no_and_its_ground(seed, title, said):
    ctx = email_context("reply", seed=seed, facts=[CAP], to=[RUTH])
    ctx = ctx.model_copy(update={"parent": EmailContent(subject=title, body=f"One question: {title.split(': ')[-1]}\n\n"
                                                                               "Ruth"),
                                 "parent_author": RUTH, "author": DANA, "next_beat": "",
                                 "spec": ctx.spec.model_copy(update={"beat": "answer", "title": title,
                                                                     "answers": CAP.id})})
    own = re.split(r"\n\s*On .{5,80} wrote:", compose_email(ctx).body, maxsplit=1)[0]
    assert re.search(said, own, re.I), own
    assert CAP.text in own, own  # the ground: the figure the ledger answers with


def _deadline_plan(paid: bool):
    from decimal import Decimal

    from tests.generators.plan_fixture import make_plan
    from worldsmith.worlds.plan import LedgerFact
    from worldsmith.worlds.values import DateValue, Money

    plan = make_plan()
    facts = [LedgerFact(id="pay_by", statement="The demand requires payment by June 19, 2026.",
                        value=DateValue(value=dt.date(2026, 6, 19)), text="June 19, 2026", label="payment deadline",
                        known_from=dt.date(2026, 5, 20))]
    if paid:
        facts.append(LedgerFact(id="paid", statement="The franchisee paid USD 114,812 on June 30, 2026.",
                                value=Money(amount=Decimal("114812")), text="USD 114,812", label="sum paid",
                                known_from=dt.date(2026, 6, 30)))
    return plan.model_copy(update={"facts": [*plan.facts, *facts]})


@pytest.mark.parametrize("paid", [False, True])
def test_a_quiet_note_weeks_after_a_deadline_says_what_became_of_it(paid):
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.week import note_lines
    from worldsmith.generators.week import _lapsed

    plan = _deadline_plan(paid)
    day = dt.date(2026, 8, 14)
    event = _lapsed(plan, day - dt.timedelta(days=7), day)
    assert event is not None and event.label.endswith("payment deadline"), event
    lines = [" ".join(note_lines(Picker(seed), [event], day, "en_US", {"Firm"})) for seed in range(6)]
    for line in lines:
        assert "June 19, 2026" in line, line
        if paid:
            assert "USD 114,812" in line, line  # what the ledger had after it: the payment
        else:
            assert re.search(r"(?i)no payment|nothing has been paid", line), line


@pytest.mark.parametrize("seed", range(16))
def test_a_go_ahead_without_a_call_offers_no_call_and_a_last_word_picks_nothing_up(seed):
    own, _ = _reply("The revised figure holds at 12.5x.\n\nIf that works for you, I will take it forward; otherwise "
                    "shall we speak before Thursday?\n\nDana", "question", seed, author=RUTH, parent_author=DANA)
    if re.search(r"(?i)no need to speak", own):
        assert not re.search(r"(?i)happy to discuss|shall we speak|give me a call", own), own
    own, _ = _reply("Position as of June 10: nothing new this week.\n\nDana", "confirm", seed, author=RUTH,
                    parent_author=DANA)
    assert "Picking this up now" not in own, own  # (next_beat is '': nothing follows it in the thread)


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("beat", ["answer", "confirm", "take_in"])
def test_a_decision_asked_in_a_message_is_given_yes_or_no(seed, beat):
    own, _ = _reply("One question on the sales statement: do we audit? I would be grateful for a steer by Friday.\n\n"
                    "Ruth", beat, seed, facts=[CAP])
    assert re.search(r"(?i)\b(?:yes|no)\b", own), own


@pytest.mark.parametrize("seed", range(10))
def test_a_wh_question_with_do_we_in_it_gets_no_yes_or_no(seed):
    # "Where do we stand on the liability cap?" was answered "Yes, we do." (a 'do we' inside a question that asks a
    # position, not a decision)
    for asked in ("Where do we stand on the liability cap?", "One question: what do we tell the adjuster on it?"):
        own, _ = _reply(f"{asked}\n\nRuth", "answer", seed, facts=[CAP])
        assert not re.match(r"(?i)\s*(?:dear \w+,\s*)?(?:yes|no)\b", own), own


@pytest.mark.parametrize("seed", range(10))
def test_a_question_of_the_other_sides_right_gets_no_yes_the_ledger_does_not_give(seed):
    title = "The supplier's surcharge invoice: can they charge this?"
    ctx = email_context("reply", seed=seed, facts=[CAP], to=[RUTH])
    ctx = ctx.model_copy(update={"parent": EmailContent(subject=title, body="One question: can they charge this?\n\nRuth"),
                                 "parent_author": RUTH, "author": DANA, "next_beat": "",
                                 "spec": ctx.spec.model_copy(update={"beat": "answer", "title": title,
                                                                     "answers": CAP.id})})
    own = re.split(r"\n\s*On .{5,80} wrote:", compose_email(ctx).body, maxsplit=1)[0]
    assert not re.search(r"(?i)\byes, they can\b", own), own


@pytest.mark.parametrize("seed", range(10))
def test_confidence_in_the_other_sides_claim_is_not_vouched_for(seed):
    label = "the liability cap under the charter"
    own = _source_reply(seed, parent=EmailContent(subject="Claim", body=f"Are we confident on {label}, or is it an "
                                                  "estimate?\n\nRuth"),
                        their_labels=[label], label_reasons={label: "the tonnage times the rate per tonne"},
                        organisations=[OrgRef(name="Harrow Vane LLP", role="counsel", privileged=True,
                                              acts_for="Corvale Shipping Ltd"),
                                       OrgRef(name="Corvale Shipping Ltd", role="client", privileged=True),
                                       OrgRef(name="Kestrel Marine Ltd", role="claimant")])
    assert not re.match(r"(?i)\s*(?:yes, )?confident\s*[:;.]", own), own  # ("Confident: it ties to their letter")
    assert re.search(r"(?i)\bclaims?\b|\bnot our figure\b", own), own
    assert "Ltd's" not in own, own  # (the other side named without a possessive: "Gadsby Crane Solicitors's number")

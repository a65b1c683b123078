"""Mail that moves its thread, from the right side (mail12; blind read 27, issue 17 points 1 and 2).

A dispute or demand from the other side is answered (not accepted, a response by a day), never thanked for with an
offer of help ('We refuse the instructions as confidential. We reserve our rights.' answered 'Confirmed, thanks.
Anything further needed from us to answer this?', cmr-theft at seed 61); a promise of a paper or a response is taken
as what comes and by when, never 'I will look out for it'; an opening across the table promises 'our numbers, and how
we get to them' only over figures with their working; and the checks that keep each class from coming back unseen."""

from __future__ import annotations

import datetime as dt

import duckdb

from tests.generators.context_fixture import CLAUSE, DEADLINE, MILO, RATE, TONNES, CAP, email_context
from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.context import OrgRef
from worldsmith.generators.kinds.email.compose import _plan_question
from worldsmith.worlds.content import EmailContent

UTC = dt.timezone.utc
ORGS = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale Shipping", privileged=True,
               acts_for="Corvale Shipping Ltd"),
        OrgRef(name="Corvale Shipping Ltd", role="client; the claimant shipowner", privileged=True),
        OrgRef(name="Brightmere Advisory", role="the respondent carrier's claims handlers")]


def _reply_to(body: str, author=MILO, sent=dt.datetime(2026, 4, 16, 9, 0, tzinfo=UTC), days: int = 1):
    """A reply by Dana (Harrow Vane) to a message of `author` with that body, sent `days` after it."""
    ctx = email_context("reply", facts=[])
    spec = ctx.spec.model_copy(update={"sent_at": sent + dt.timedelta(days=days)})
    return ctx.model_copy(update={"spec": spec, "to": [author], "parent_author": author, "parent_sent": sent,
                                  "parent": EmailContent(subject="Re: records", body=body), "organisations": ORGS})


def test_a_dispute_or_demand_across_the_table_is_answered_never_offered_help():
    # (fails before: nothing answered it, and the reply asked what else they required of us)
    for body in ("We refuse the instructions as confidential. We reserve our rights.\n\nMilo",
                 "We dispute the termination. We ask you to withdraw the termination by Monday.\n\nMilo"):
        for seed in range(2):
            said = _plan_question(Picker(seed), _reply_to(body))
            assert "not accept" in said.lower() or "not accepted" in said.lower(), said
            assert "require" not in said and "anything" not in said.lower(), said


def test_a_promise_is_taken_as_what_comes_and_by_when():
    # (fails before: no awaited(); the reply said 'I will look out for it')
    from worldsmith.generators.kinds.email.compose import awaited

    ctx = _reply_to("I built it up from the source papers; you will have the working by 20 April.", days=1)
    assert awaited(ctx) == "the working by Monday"
    ctx = _reply_to("Our view on the Iranian end user will be with you by Friday.", days=0)
    assert awaited(ctx) == "your view on the Iranian end user by Friday"  # (sent on a Thursday: the day by name)
    ctx = _reply_to("Our client does not accept your position; we will respond by Monday.", days=1)
    assert awaited(ctx) == "your response by Monday"
    ctx = _reply_to("We do not accept your position, and will respond in full by 20 April.", days=1)
    assert awaited(ctx) == "your response by Monday"
    ctx = _reply_to("Northvane's revised quote of April 4, which you will have by end of day.", days=0)
    assert awaited(ctx) == "Northvane's revised quote of April 4 by end of day"
    # ...and a day gone by is no longer awaited
    assert awaited(_reply_to("You will have the working by 17 April.", days=3)) == ""


def test_only_figures_with_their_working_are_promised_as_our_numbers_and_how_we_get_to_them():
    from worldsmith.generators.kinds.email.compose import carries_working

    ctx = email_context("new", facts=[DEADLINE, CLAUSE])
    assert not carries_working(ctx)  # a date and a clause: no figure to work (fails before: no such test, the frame
    assert carries_working(email_context("new", facts=[CAP, RATE, TONNES]))  # promised 'how we get to them' anyway)
    # a worked figure of the reader's own is put to them to confirm, not worked (an unseen outline at seed 311: "our
    # figures, and how we get to them. We have the holdback retained from your side as CAD 4,980,000; please confirm")
    worked = email_context("new", facts=[CAP, DEADLINE])
    if carries_working(worked):
        assert not carries_working(worked.model_copy(update={"readers_own": [CAP.id]}))
    else:
        assert not carries_working(worked.model_copy(update={"readers_own": [CAP.id],
                                                             "label_reasons": {CAP.label: "the lesser of two"}}))
        assert carries_working(worked.model_copy(update={"label_reasons": {CAP.label: "the lesser of two"}}))


def _check(check_id: str):
    from worldsmith.worlds.validate import load_checks
    return next(c for c in load_checks() if c.id == check_id).sql


def _mail_tables():
    con = duckdb.connect()
    con.execute("create table organisations (id varchar, name varchar, side varchar, neutral boolean)")
    con.execute("create table people (email varchar, organisation varchar)")
    con.execute("create table emails (artifact_id varchar, path varchar, message_id varchar, in_reply_to varchar, "
                "from_addr varchar, body_new varchar)")
    con.execute("create table recipients (artifact_id varchar, path varchar, kind varchar, address varchar)")
    con.execute("create table artifacts (id varchar, kind varchar, thread varchar, position int, mode varchar, "
                "distractor varchar)")
    con.execute("insert into organisations values ('firm','Firm','(home)',false), ('client','Client','(home)',false), "
                "('other','Other','other',false)")
    con.execute("insert into people values ('lucy@firm.example','firm'), ('pam@client.example','client'), "
                "('kim@other.example','other')")
    return con


def test_the_checks_fail_each_class_and_pass_its_answer():
    con = _mail_tables()
    # counsel to her own client in the register of a letter across the table
    con.execute("insert into emails values ('m1','p1','<1>',null,'lucy@firm.example','We write on the costs. Our "
                "client''s rights are reserved.')")
    con.execute("insert into recipients values ('m1','p1','to','pam@client.example'), ('m1','p1','cc','kim@other.example')")
    assert [r[0] for r in con.execute(_check("register_across_to_own_side")).fetchall()] == ["m1"]
    con.execute("update recipients set kind = 'to' where address = 'kim@other.example'")
    assert con.execute(_check("register_across_to_own_side")).fetchall() == []
    # a refusal answered with an offer of help
    con.execute("insert into emails values ('m2','p2','<2>',null,'kim@other.example','We refuse the instructions as "
                "confidential. We reserve our rights.'), ('m3','p3','<3>','<2>','lucy@firm.example','Confirmed, "
                "thanks. Anything further needed from us to answer this? Let us know.')")
    assert [r[0] for r in con.execute(_check("reply_to_demand_offers_help")).fetchall()] == ["m3"]
    con.execute("update emails set body_new = 'Our client does not accept your position; we will respond by "
                "Monday.' where artifact_id = 'm3'")
    assert con.execute(_check("reply_to_demand_offers_help")).fetchall() == []
    # 'our numbers, and how we get to them' over one date
    con.execute("insert into emails values ('m4','p4','<4>',null,'kim@other.example','On the LTM period end: our "
                "numbers, and how we get to them. The LTM period end: 31 July 2026.')")
    assert [r[0] for r in con.execute(_check("promised_working_given")).fetchall()] == ["m4"]
    con.execute("update emails set body_new = body_new || ' The cap is USD 8,400,000, the lesser of the total claim "
                "and the cap.' where artifact_id = 'm4'")
    assert con.execute(_check("promised_working_given")).fetchall() == []
    # a thread that ends on a bare thanks (warn)
    con.execute("insert into artifacts values ('m5','email','t',0,'new',null), ('m6','email','t',1,'reply',null)")
    con.execute("insert into emails values ('m5','p5','<5>',null,'lucy@firm.example','The update.'), "
                "('m6','p6','<6>','<5>','pam@client.example','Hi Lucy,\n\nThanks Lucy, got it.\n\nPam')")
    assert [r[0] for r in con.execute(_check("thread_ends_on_bare_thanks")).fetchall()] == ["m6"]
    con.execute("update emails set body_new = 'Thanks Lucy. I will look for the working by Monday.' "
                "where artifact_id = 'm6'")
    assert con.execute(_check("thread_ends_on_bare_thanks")).fetchall() == []


def test_a_weekly_note_of_no_news_is_answered_once_at_most():
    # (mail12 let nobody answer it; the final CI of session 26 found the buy-side example's share of copied mail then
    # past the Enron profile's band, so its reader's one reply is kept, and never the empty chain after it)
    import collections
    import re

    from tests.generators.planned import planned

    seen = 0
    for fixture in ("patent-royalty-audit", "demurrage-arbitration"):
        plan, _ = planned(fixture, 191)  # (both planned at 191 for test_sides_read26 too)
        mails = [a for a in plan.artifacts if a.kind == "email"]
        count = collections.Counter(a.thread for a in mails)
        for a in mails:
            later = re.search(r"_(\d+)$", a.thread)
            if a.position == 0 and later and int(later.group(1)) > 1 and not a.facts and not a.attachments:
                seen += 1
                assert count[a.thread] <= 2, (fixture, a.thread)
    assert seen


def test_one_told_nothing_more_is_needed_does_not_ask_it_again():
    # patent-royalty-audit at seed 61 (fails before: 'Please let us know what else you require of us.' / 'Not at this
    # stage, thank you.' / 'Fine, thank you. Please let us know what else you require of us.'), and the check
    import re

    from tests.generators.planned import composed_thread

    _, thread = composed_thread("patent-royalty-audit", 61, "consoles shipped")
    asks = re.compile(r"what else you require|anything (?:else|further)", re.I)
    told = False
    for spec, made in thread:
        own = made.body.split("\nOn ")[0]
        assert not (told and asks.search(own)), own
        told = told or bool(re.match(r"\s*(?:No\b|Nothing|Not at this stage|Not for now)", own))
    con = _mail_tables()
    con.execute("insert into artifacts values ('a1','email','t',0,'new',null), ('a2','email','t',1,'reply',null), "
                "('a3','email','t',2,'reply',null), ('a4','email','t',3,'reply',null)")
    con.execute("insert into emails values ('a1','q1','<a1>',null,'lucy@firm.example','Our position is below.'), "
                "('a2','q2','<a2>','<a1>','kim@other.example','Received. Please let us know what else you require of "
                "us.'), ('a3','q3','<a3>','<a2>','lucy@firm.example','Not at this stage, thank you.'), "
                "('a4','q4','<a4>','<a3>','kim@other.example','Fine, thank you. Please let us know what else you "
                "require of us.')")
    assert [r[0] for r in con.execute(_check("asked_again_after_nothing")).fetchall()] == ["a4"]
    con.execute("update emails set body_new = 'Fine, thank you.' where artifact_id = 'a4'")
    assert con.execute(_check("asked_again_after_nothing")).fetchall() == []

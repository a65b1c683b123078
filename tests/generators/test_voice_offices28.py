"""Who speaks, from which side, in whose words; and no promise a message does not keep (voice2; blind read 28).

Blind read 28: the resolution professional, an office that acts for no client, wrote the creditors' vote as "Our client
has decided on approve the Ardhvik plan" (its firm's role '... conducting the CIRP of <the company>' was read as acting
for the company it runs) and counsel wrote "We have decided on approve" (a label poured into a verb slot, a decision
that was the committee's); weekly notes to the creditors said "we have <the company> down as the corporate debtor";
"our position is below, with the numbers behind it" came over one figure, and "Thanks." over a "Thanks," sign-off.
The roles and words below are no fixture's: the rules read the grammar of a role and a statement."""

from __future__ import annotations

import types
from pathlib import Path

import duckdb

from tests.generators.context_fixture import DANA, MILO, RUTH, email_context, fact
from worldsmith.generators.context import OrgRef
from worldsmith.worlds.values import Money, Text

EXAMPLES = Path(__file__).resolve().parents[2] / "outlines" / "examples"
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def test_an_office_acts_for_no_client_and_is_named_by_its_office():
    # (fails before: no office_holder; the office-holder's firm was read as acting for the company it runs)
    from worldsmith.generators.sides import office_holder, relations

    org = types.SimpleNamespace
    orgs = [org(id="tolland", name="Tolland Recovery LLP", role="joint administrators of Brackwater Mills Ltd, "
                "appointed by the court"),
            org(id="brackwater", name="Brackwater Mills Ltd", role="the company in administration, managed by the "
                "administrators"),
            org(id="quill", name="Quill Arden LLP", role="legal counsel to the administrators"),
            org(id="pyle", name="Pyle Valuers", role="valuer appointed by the administrators"),
            org(id="fenmoor", name="Fenmoor Bank plc", role="secured lender and largest creditor")]
    rel = relations(orgs)
    assert rel["tolland"][0] is None  # the office acts for no one, not the company it runs
    assert rel["brackwater"][0] is None  # ...nor does the company serve the office that runs it
    assert rel["quill"][0] == "tolland" and rel["pyle"][1] == "tolland"  # its counsel and valuer are the office's
    assert office_holder("licensed insolvency trustee of the bankrupt estate")
    assert office_holder("court-appointed monitor under the CCAA")
    for role in ("legal counsel to the resolution professional", "third-party administrator of the pension plan",
                 "client; mandated lead arranger, lender, facility agent and security trustee",
                 "valuer appointed by the liquidators"):
        assert not office_holder(role), role


def test_no_repository_outline_changes_who_acts_for_whom():
    # (the office table touches only roles that head with an office: none of the 25 repository outlines; read from
    # the files' role lines, not by loading each outline, so the test stays cheap)
    import re

    from worldsmith.generators.sides import office_holder

    for path in [*EXAMPLES.glob("*.yaml"), *FIXTURES.glob("*.yaml")]:
        roles = re.findall(r"^\s+role:\s*(.+)$", path.read_text(encoding="utf-8"), re.M)
        assert not [r for r in roles if office_holder(r.strip().strip('"'))], path.name


ORGS = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale Shipping", privileged=True,
               acts_for="Corvale Shipping Ltd"),
        OrgRef(name="Corvale Shipping Ltd", role="client; the claimant shipowner", privileged=True),
        OrgRef(name="Brightmere Advisory", role="member of the panel of noteholders; the respondent")]


def test_a_decision_is_said_in_the_words_of_the_one_who_took_it():
    # (fails before: "We have decided on approve the restructuring" from counsel, of a decision the noteholders took)
    from worldsmith.generators.kinds.email.compose import decided

    ctx = email_context("new", facts=[]).model_copy(update={"to": [MILO], "organisations": ORGS})
    theirs = fact("vote", "On May 4, 2026 the panel of noteholders approved the restructuring of the notes.",
                  Text(value="approve the restructuring"))
    assert decided(ctx, theirs) == "The panel of noteholders decided to approve the restructuring."
    ours = fact("call", "On May 4, 2026 Corvale's board decided to withdraw the arrest and settle.",
                Text(value="withdraw the arrest and settle"))
    assert decided(ctx, ours) == "Our client has decided to withdraw the arrest and settle."
    thing = fact("pick", "The general counsel decided on a negotiated exit.", Text(value="a negotiated exit"))
    assert decided(ctx, thing) == "Our client has decided on a negotiated exit."


def test_a_promise_of_the_numbers_behind_a_position_is_kept_or_not_made():
    # (fails before: no kept_promises; 'our position is below, with the numbers behind it' over one figure)
    from worldsmith.generators.kinds.email.compose import kept_promises

    fee = fact("fee", "The exit fee", Money(amount=1250000, currency="EUR")).model_copy(
        update={"label": "exit fee", "reason": "the exit rate times the notional"})
    ctx = email_context("new", facts=[fee])
    body = ("Hi both,\n\nFollowing up with you on the exit fee: our position is below, with the numbers behind it. "
            "The exit fee is EUR 1,250,000.\n\nThanks.\n\nThanks,\nDana\n")
    kept = kept_promises(ctx, body)
    assert "behind it" not in kept and "Following up with you on the exit fee; our position is below." in kept
    assert kept.count("Thanks") == 1
    worked = body.replace("EUR 1,250,000.", "EUR 1,250,000, the exit rate times the notional.")
    assert "with the numbers behind it" in kept_promises(ctx, worked)
    body = "On the exit fee: our numbers, and how we get to them.\n\nThe exit fee is EUR 1,250,000.\n\nDana\n"
    assert kept_promises(ctx, body).startswith("A short note on the exit fee, as things stand today.")


def test_the_name_of_a_party_is_news_only_to_that_party():
    # (fails before: no party_name; "we have <the company> down as the corporate debtor" in each weekly note)
    from worldsmith.generators.planner import _Planner as Planner
    from worldsmith.worlds.outline import load_outline

    outline = load_outline(EXAMPLES / "tanker-spill-liability.yaml")
    named = next(f for f in outline.facts if f.id == "responsible_party")
    party = next(o.id for o in outline.organisations
                 if " ".join(o.name.lower().split()) == " ".join(str(named.value.value).lower().split()))
    host = types.SimpleNamespace(outline=outline, outline_fact=lambda i: next(f for f in outline.facts if f.id == i))
    others = [types.SimpleNamespace(organisation=o.id) for o in outline.organisations if o.id != party][:2]
    assert Planner.party_name(host, "responsible_party", others)
    assert not Planner.party_name(host, "responsible_party", [*others, types.SimpleNamespace(organisation=party)])
    assert not Planner.party_name(host, next(f.id for f in outline.facts if f.value.type == "money"), others)


def _check(check_id: str):
    from worldsmith.worlds.validate import load_checks
    return next(c for c in load_checks() if c.id == check_id).sql


def test_the_checks_fail_each_class_and_pass_its_answer():
    con = duckdb.connect()
    con.execute("create macro squash(s) as trim(regexp_replace(coalesce(s, ''), '\\s+', ' ', 'g'))")
    con.execute("create table organisations (id varchar, name varchar, role varchar, side varchar, neutral boolean)")
    con.execute("create table people (id varchar, email varchar, organisation varchar)")
    con.execute("create table emails (artifact_id varchar, path varchar, from_addr varchar, body_new varchar)")
    con.execute("create table facts (id varchar, label varchar, type varchar, owner varchar)")
    con.execute("create table planned_facts (artifact_id varchar, fact_id varchar)")
    con.execute("create table artifacts (id varchar, kind varchar, author varchar, \"at\" timestamp, distractor varchar)")
    con.execute("create table recipients (artifact_id varchar, path varchar, kind varchar, name varchar, address varchar)")
    con.execute("insert into organisations values ('ip','Tolland LLP','insolvency practitioner firm conducting the "
                "administration of Brackwater','(home)',false), ('law','Quill LLP','counsel to the administrators',"
                "'(home)',false), ('bank','Fenmoor','secured lender','bank',false)")
    con.execute("insert into people values ('ann','ann@tolland.example','ip'), ('lee','lee@quill.example','law'), "
                "('kim','kim@fenmoor.example','bank')")
    # an office-holder writing of its client
    con.execute("insert into emails values ('m1','p1','ann@tolland.example','The vote is in. Our client has decided "
                "to approve the plan.'), ('m2','p2','lee@quill.example','Our client has decided to approve the plan.')")
    assert [r[0] for r in con.execute(_check("officer_speaks_for_a_client")).fetchall()] == ["m1"]
    con.execute("update emails set body_new = 'The creditors decided to approve the plan.' where artifact_id = 'm1'")
    assert con.execute(_check("officer_speaks_for_a_client")).fetchall() == []
    # the source of a figure its own firm made, or its own side puts forward
    con.execute("insert into facts values ('adm','admitted claims','money',''), ('bid','bank offer','money','bank')")
    con.execute("insert into artifacts values ('s1','spreadsheet','ann','2026-06-01',null)")
    con.execute("insert into planned_facts values ('s1','adm')")
    con.execute("insert into emails values ('m3','p3','ann@tolland.example','What is the source for the admitted "
                "claims? I need it by Friday.'), ('m4','p4','kim@fenmoor.example','What is the source for the bank "
                "offer?'), ('m5','p5','kim@fenmoor.example','What is the source for the admitted claims?')")
    assert sorted(r[0] for r in con.execute(_check("asks_source_of_own_figure")).fetchall()) == ["m3", "m4"]
    # nor, of another side, the source of a figure its own side's paper first carried (read 29: the insured asked the
    # insurer's adjuster the source of the units under recall its own broker had notified); of its own side it may
    con.execute("insert into organisations values ('brk','Harbour Brokers','broker to Fenmoor','bank',false)")
    con.execute("insert into people values ('bo','bo@harbour.example','brk')")
    con.execute("insert into facts values ('cnt','units pledged','number','')")
    con.execute("insert into artifacts values ('s2','spreadsheet','bo','2026-06-02',null)")
    con.execute("insert into planned_facts values ('s2','cnt')")
    con.execute("insert into emails values ('m6','p6','kim@fenmoor.example','What is the source for the number of "
                "units pledged?'), ('m7','p7','kim@fenmoor.example','What is the source for the units pledged?')")
    con.execute("insert into recipients values ('m6','p6','to','Ann','ann@tolland.example'), "
                "('m7','p7','to','Bo','bo@harbour.example')")
    assert sorted(r[0] for r in con.execute(_check("asks_source_of_own_figure")).fetchall()) == ["m3", "m4", "m6"]


def test_one_retained_by_a_side_takes_nothing_up_with_the_side_across():
    # (fails before: no deals_across; the contractor's retained delay expert would "raise the owner-caused delay days
    # with" the owner across the table)
    from worldsmith.generators.compose.parties import deals_across

    orgs = [*ORGS, OrgRef(name="Tallis Delay Consulting", role="delay expert retained by Corvale Shipping",
                          privileged=True, engaged_by="Corvale Shipping Ltd")]
    ctx = email_context("new", facts=[]).model_copy(update={"organisations": orgs})
    assert not deals_across(ctx, "Tallis Delay Consulting")
    assert deals_across(ctx, "Harrow Vane LLP") and deals_across(ctx, "Corvale Shipping Ltd")


def test_a_side_states_its_stand_without_the_narrators_note_that_it_came_late():
    # (fails before: "We dispute progress claim 18 eight days after its notice window closed", the owner's director
    # admitting his own notice late)
    from worldsmith.generators.compose.dispute import Stand, said

    ctx = email_context("new", facts=[]).model_copy(update={"organisations": ORGS})
    assert said(ctx, Stand(True, "dispute", "the hire invoice 12 days after its notice period expired")) == \
        "Our client disputes the hire invoice."
    assert said(ctx, Stand(True, "dispute", "the late payment interest")) == "Our client disputes the late payment interest."


def test_a_note_to_those_who_decide_asks_for_their_decision():
    # (fails before: to the board's chair under "decision needed this week" the note asked "Before you advise on ...",
    # and "whether this changes your view", read 28)
    from tests.generators.context_fixture import CAP, RATE, TONNES, person
    from worldsmith.generators.kinds.email.compose import compose_email

    chair = person("chair_1", "Mara", "Quist", "Chair of the Board", "Harrow Vane LLP", "harrowvane.example",
                   "+1 202 555 0100")
    orgs = [OrgRef(name="Harrow Vane LLP", role="client; the claimant shipowner", privileged=True),
            OrgRef(name="Brightmere Advisory", role="counsel to Corvale", privileged=True, acts_for="Harrow Vane LLP")]
    asked = 0
    for seed in range(5):
        ctx = email_context("new", seed=seed, facts=[CAP, RATE, TONNES], to=[chair])
        spec = ctx.spec.model_copy(update={"title": "Cargo settlement: decision needed this week",
                                           "purpose": "The partner puts the settlement to the board."})
        body = compose_email(ctx.model_copy(update={"spec": spec, "organisations": orgs, "cc": [MILO]})).body
        assert "advise" not in body and "your view" not in body and "check the working" not in body, body
        asked += "the board's decision" in body
    assert asked >= 2


def test_no_fact_frame_sets_a_name_down_as_the_writers_working_entry():
    # (fails before: "We have {text} down as {label}." and "For {label} we have {text}." in the email fact frames)
    from worldsmith.generators.compose.bank import bank

    def text_frames(node, key=""):
        if isinstance(node, dict):
            return [f for k, v in node.items() for f in text_frames(v, k)]
        return [f for f in node if isinstance(f, str)] if isinstance(node, list) and key.startswith("text") else []

    frames = text_frames(bank("facts"))
    assert len(frames) > 20 and not [f for f in frames if "down as" in f or "we have {text}" in f.lower()]


def test_a_name_is_no_reports_headline():
    # (fails before: "The headline is that the corporate debtor is <the company>" in each weekly report, read 28; four
    # alike quarantined an unseen outline on realism_boilerplate)
    from tests.generators.context_fixture import document_context
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.substance.report import report_summary

    debtor = fact("debtor", "The company in administration is Brackwater Mills Holdings Private Limited.",
                  Text(value="Brackwater Mills Holdings Private Limited"))
    ctx = document_context("report", facts=[debtor]).model_copy(update={"organisations": [
        OrgRef(name="Brackwater Mills Holdings Private Limited", role="the company in administration")]})
    said = " ".join(report_summary(Picker(1), ctx, "5 June 2026"))
    assert "headline" not in said and "Brackwater" not in said.split("prepared this")[1], said


def test_a_draft_sent_for_review_is_named_in_its_message():
    # (fails before: 'Draft ... for review' opened on two figures, no draft attached or discussed, read 28)
    from worldsmith.generators.kinds.email.compose import draft_named

    ctx = email_context("new", facts=[])
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": "Draft charter termination notice for "
                                                                              "review"})})
    body = draft_named(ctx, "Hi Sam,\n\nThe cap is USD 98,400,000.\n\nDana\n")
    assert body.startswith("Hi Sam,\n\nThese are the points the charter termination notice turns on in our draft")
    assert draft_named(ctx, "Hi Sam,\n\nOur draft is attached.\n\nDana\n") == "Hi Sam,\n\nOur draft is attached.\n\nDana\n"
    con = duckdb.connect()
    con.execute("create table emails (artifact_id varchar, path varchar, in_reply_to varchar, subject varchar, "
                "body_new varchar)")
    con.execute("insert into emails values ('m1','p1',null,'Draft charter termination notice for review','The cap is "
                "USD 98,400,000.'), ('m2','p2',null,'Draft charter termination notice for review',?)", [body])
    assert [r[0] for r in con.execute(_check("draft_sent_for_review_named")).fetchall()] == ["m1"]

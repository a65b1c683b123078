"""Documents with substance: a memo answers from the figure its title names, with how it is computed and where it is
read; minutes are dated from the meeting and record who said what; a charter is dated before what it governs."""

from __future__ import annotations

import re

import datetime as dt

from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.generators.compose.substance import main_fact, meeting_day, topic
from worldsmith.worlds.values import DateValue
from tests.generators.context_fixture import CAP, CLAUSE, DEADLINE, RATE, document_context, fact

_CAP = CAP.model_copy(update={"label": "the liability cap", "reason": "the tonnage times the per-ton rate",
                              "source": 'the "Liability cap" line of the Cap computation'})
_RATE = RATE.model_copy(update={"label": "the default interest rate"})


def _section(doc, heading: str) -> str:
    return " ".join(p for s in doc.sections if s.heading == heading for p in s.paragraphs)


def test_a_memo_answers_with_the_figure_its_title_names_and_how_it_is_computed():
    ctx = document_context("memo", 6, seed=2, facts=[_RATE, _CAP, CLAUSE])
    doc = compose_document(ctx)
    answer, analysis = _section(doc, "Short Answer"), _section(doc, "Analysis")
    assert "the liability cap is USD 98,400,000" in answer  # the title is about limitation of liability
    assert "the tonnage times the per-ton rate" in answer + analysis
    assert 'the "Liability cap" line of the Cap computation' in analysis


def test_main_fact_and_topic_come_from_the_title():
    assert main_fact([_RATE, _CAP], "Memo re the liability cap") is _CAP
    assert topic("Memo re breaking the limit: the 33 CFR 164.25 test") == "breaking the limit (the 33 CFR 164.25 test)"


def test_minutes_are_of_the_meeting_the_title_names_and_say_who_said_what():
    ctx = document_context("minutes", 4, seed=3, facts=[_CAP, _RATE])
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": "Claims committee, March 4"})})
    assert meeting_day(ctx) == dt.date(2025, 3, 4)  # minutes dated the 5th, of the meeting on the 4th
    doc = compose_document(ctx)
    prose = " ".join(p for s in doc.sections for p in s.paragraphs)
    assert "March 4, 2025" in prose and "March 5, 2025" not in prose
    people = {"Dana Okafor", "Sam Lindqvist", "Ruth Abernethy"}
    said = ("reported that", "noted that", "confirmed that", "told the meeting that", "pointed out that",
            "explained that", "said that", "flagged that", "observed that")
    assert any(f"{who} {verb}" in prose for who in people for verb in said)
    for f in (_CAP, _RATE):
        assert f.text in prose


def test_an_executed_charter_is_dated_before_the_matter_and_has_the_clause_its_facts_cite():
    clause = CLAUSE.model_copy(update={"statement": "Limitation is governed by Clause 14.2 (Limitation): the Owners' "
                                                    "liability for cargo claims shall not exceed USD 98,400,000 in all"})
    ctx = document_context("charter party", 8, seed=4, facts=[clause, CAP])
    ctx = ctx.model_copy(update={"window_start": dt.date(2025, 3, 1), "spec": ctx.spec.model_copy(
        update={"title": "Voyage charter party (executed copy)"})})
    doc = compose_document(ctx)
    headings = [s.heading for s in doc.sections]
    assert "14. Limitation" in headings
    clause_text = doc.sections[headings.index("14. Limitation")].paragraphs
    assert clause_text[1].startswith("14.2 ") and "shall not exceed USD 98,400,000" in clause_text[1]
    parties = doc.sections[0].paragraphs[0]
    made = dt.datetime.strptime(parties.split("dated ")[1].split(" and made")[0], "%B %d, %Y").date()
    assert made < dt.date(2025, 3, 1)  # made before the matter it governs, though produced on March 5


def test_a_report_finds_each_figure_with_its_derivation_and_source():
    doc = compose_document(document_context("report", 5, seed=6, facts=[_RATE, _CAP, CLAUSE]))
    findings = _section(doc, "Key Findings")
    # the basis is worded several ways (common._BASIS); the figure and its basis sit in the first finding
    assert re.search(r"Finding 1\. The liability cap is USD 98,400,000(, being|, which is|:|, that is|, worked as|; it is) "
                     r"the tonnage times the per-ton rate\.", findings), findings
    # the source is cited in one of several wordings (common._CITE_LEADS), never left out
    assert re.search(r'(The (figure|number|amount) can be (checked|traced|read) (at|to)|It (is taken|is drawn|is read|'
                     r'comes straight) from|Source:|See|Per|Reference:|Ref\.:|Basis:|From) the "Liability cap" (line|row|entry) '
                     r'(of|in) the Cap computation\.', findings), findings


def test_a_letter_across_the_table_states_one_purpose_and_the_position_without_a_marking_or_table():
    from worldsmith.generators.context import OrgRef
    from tests.generators.context_fixture import MILO

    ctx = document_context("letter", 4, seed=8, facts=[_CAP, CLAUSE])
    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale", privileged=True, acts_for="Corvale Shipping Ltd"),
            OrgRef(name="Corvale Shipping Ltd", role="client", privileged=True),
            OrgRef(name="Brightmere Advisory", role="counsel to the owners (opposing counsel)")]
    ctx = ctx.model_copy(update={"organisations": orgs, "to": [MILO], "spec": ctx.spec.model_copy(
        update={"title": "Letter rejecting the owners' claim"})})
    doc = compose_document(ctx)
    prose = " ".join(p for s in doc.sections for p in s.paragraphs)
    assert "on behalf of our client, Corvale Shipping Ltd, to reject the owners' claim" in prose
    assert re.search(r"the liability cap is usd 98,400,000(, being|, which is|:|, that is|, worked as|; it is) "
                     r"the tonnage times the per-ton rate", prose.lower()), prose
    assert all(s.table is None for s in doc.sections)
    assert "rivileged" not in doc.subtitle and "Internal" not in doc.subtitle


def test_an_answer_pleads_defenses_from_the_facts_never_from_a_deadline():
    deadline = DEADLINE.model_copy(update={"label": "the answer deadline"})
    clause = CLAUSE.model_copy(update={"statement": "Limitation is governed by Clause 14.2 (Limitation): the Owners' "
                                                    "liability for cargo claims shall not exceed the agreed cap in all"})
    ctx = document_context("answer", 6, seed=2, facts=[deadline, clause, _CAP])
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": "Draft answer of Corvale Shipping Ltd"})})
    doc = compose_document(ctx)
    defenses = " ".join(p for s in doc.sections if "Affirmative Defense" in s.heading for p in s.paragraphs)
    assert re.search(r"(barred or limited|bars or limits|barred, in whole or in part,) (by )?"
                     r"(Clause 14\.2|Plaintiff's claims)", defenses) and "Clause 14.2" in defenses, defenses
    assert "deadline" not in defenses
    assert "not filed" in doc.subtitle and "Filed" not in doc.subtitle  # a draft is never 'Filed'
    # it meets the complaint paragraph by paragraph (blind read 8: "no paragraph-by-paragraph responses")
    responses = " ".join(p for s in doc.sections if s.heading == "Responses to the Allegations" for p in s.paragraphs)
    assert "Answering paragraph 1 of the Complaint" in responses and "knowledge or information sufficient" in responses


def _sentences(doc) -> list[str]:
    text = " ".join(p for s in doc.sections for p in s.paragraphs)
    return [s for s in re.split(r"(?<=[.!?])\s+", text) if len(s.split()) >= 8]


def test_a_recurring_paper_says_its_figures_in_the_words_of_each_issue():
    """Twelve issues of one report (a year's recurring series) carry the same figures; no sentence of 8+ words is in
    more than a third of them, and no two neighbouring issues are the same text (realism_boilerplate and
    realism_near_duplicates at x80 failed on fixed wordings)."""
    docs = []
    for n in range(1, 13):
        ctx = document_context("report", 5, seed=100 + n, facts=[_RATE, _CAP, CLAUSE])
        ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"id": f"doc_report_{n}", "item": f"rep_{n}"})})
        docs.append(compose_document(ctx))
    counts: dict[str, int] = {}
    for d in docs:
        for s in set(_sentences(d)):
            counts[s] = counts.get(s, 0) + 1
    basis = {s: n for s, n in counts.items() if "the tonnage times the per-ton rate" in s}
    assert basis and max(basis.values()) <= 4, basis
    for a, b in zip(docs, docs[1:]):
        assert set(_sentences(a)) != set(_sentences(b))


def test_a_repaired_instance_of_a_series_is_dealt_other_words():
    """A repair gives an artifact a new seed; in a series the wordings are dealt by the instance, so the repair must
    move the deal too, or it writes the same text again."""
    ctx = document_context("report", 5, seed=105, facts=[_RATE, _CAP, CLAUSE])
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"id": "doc_report_5", "item": "rep_5"})})
    first = compose_document(ctx)
    again = compose_document(ctx.model_copy(update={"repair": ["near-duplicate of another"], "seed": 9_001}))
    dealt = [{s for s in _sentences(d) if "the tonnage times the per-ton rate" in s} for d in (first, again)]
    assert dealt[0] and dealt[0] != dealt[1], dealt


def test_an_english_claim_is_pleaded_as_english_courts_and_adjudicators_have_it():
    """A pleading of an English matter has no US caption, no Plaintiff and no 'Respectfully submitted, /s/': a claim
    is headed for the High Court with a Claimant, an adjudication under the Scheme with a Referring Party."""
    for title, forum, party in (("Particulars of claim of Corvale Shipping Ltd", "HIGH COURT OF JUSTICE", "Claimant"),
                                ("Draft referral notice in the adjudication", "SCHEME FOR CONSTRUCTION CONTRACTS",
                                 "Referring Party")):
        ctx = document_context("complaint", 6, seed=3, facts=[_CAP, CLAUSE])
        ctx = ctx.model_copy(update={"locale": "en_GB", "spec": ctx.spec.model_copy(update={"title": title})})
        doc = compose_document(ctx)
        text = " ".join([s.heading for s in doc.sections] + [p for s in doc.sections for p in s.paragraphs])
        assert forum in text and party in text, text[:400]
        for us in ("UNITED STATES", "Plaintiff", "/s/", "WHEREFORE", "Civil Action"):
            assert us not in text, (us, text[:400])


def test_an_engagement_letter_says_what_is_done_by_whom_for_what_fee_on_what_terms():
    # blind read 8: "the scope is one line, and there are no terms and no fee schedule"
    from worldsmith.generators.context import OrgRef
    from tests.generators.context_fixture import DANA, RUTH, SAM

    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale", privileged=True, acts_for="Corvale Shipping Ltd"),
            OrgRef(name="Corvale Shipping Ltd", role="client", privileged=True)]
    ctx = document_context("letter", 4, seed=5, facts=[_CAP, DEADLINE])
    ctx = ctx.model_copy(update={"organisations": orgs, "to": [RUTH], "cast": [SAM, DANA, RUTH], "spec": ctx.spec.model_copy(
        update={"title": "Engagement letter: Corvale cargo claim"})})
    doc = compose_document(ctx)
    prose = " ".join(p for s in doc.sections for p in s.paragraphs)
    assert "(a) working out the liability cap (USD 98,400,000) from its inputs" in prose, prose
    assert "Dana Okafor (Partner) will lead the engagement" in prose and "Sam Lindqvist (Senior Associate)" in prose
    assert "written estimate" in prose and "no conflict" in prose and "end the engagement on written notice" in prose


def test_a_memo_says_what_is_uncertain_and_a_report_speaks_in_its_own_voice():
    # blind read 8: memos that 'only restate the figures' ('X moves only if one of its inputs does'); a final QoE
    # that 'cites itself in the third person'
    from worldsmith.generators.compose.substance.report import own_voice

    demand = _CAP.model_copy(update={"id": "demand", "label": "the owners' demand", "reason": "",
                                     "statement": "The owners demand USD 98,400,000 on the theory that the cap applies"})
    doc = compose_document(document_context("memo", 6, seed=2, facts=[demand, _RATE]))
    prose = " ".join(p for s in doc.sections for p in s.paragraphs)
    # (worded several ways, memo.uncertain)
    assert re.search(r"(is|remains) an estimate|(is|remains) provisional|not one we accept", prose), prose
    assert "moves only if" not in prose and "should be put to" not in prose
    # each option with what it costs and risks (blind read 8: 'Options A-C are boilerplate')
    doc = compose_document(document_context("memo", 9, seed=2, facts=[demand, _RATE]))
    options = " ".join(p for s in doc.sections if s.heading == "Options" for p in s.paragraphs)
    assert "Option A:" in options and "It is quick" in options and "It costs time" in options, options
    assert own_voice("as agreed with Verrin Mace and set out in its final report", "Verrin Mace LLP") == \
        "as agreed with us and set out in our final report"
    assert own_voice("Verrin Mace's final QoE reduces it.", "Verrin Mace LLP") == "Our final QoE reduces it."


def test_a_kick_off_settles_who_does_what_and_minutes_note_figures_rather_than_resolve_them():
    # blind read 8: 'kick-off minutes whose only item is "the probe sample is 400 claims"'; 'a weekly call "resolves"
    # a price the IC had already set'
    from tests.generators.context_fixture import DANA, RUTH, SAM

    ctx = document_context("minutes", 4, seed=3, facts=[_CAP, _RATE])
    senior = {"Dana": "senior", "Sam": "mid", "Ruth": "executive"}
    to = [p.model_copy(update={"seniority": senior[p.first_name]}) for p in (SAM, RUTH)]
    ctx = ctx.model_copy(update={"to": to, "author": DANA.model_copy(update={"seniority": "senior"}),
                                 "spec": ctx.spec.model_copy(update={"title": "Claims kick-off, March 4"})})
    prose = " ".join(p for s in compose_document(ctx).sections for p in s.paragraphs)
    assert "introduced the Harrow Vane LLP team" in prose and "Sam Lindqvist (Senior Associate)" in prose, prose
    assert "point of contact" in prose
    assert "Resolved" not in prose and "stands at" not in prose
    # how a figure was worked is asked from across the table, never by the speaker's own colleague
    org = {"Dana": "Harrow Vane LLP", "Sam": "Harrow Vane LLP", "Ruth": "Corvale Shipping Ltd"}
    for asker, speaker in re.findall(r"(\w+) asked how it was arrived at; (\w+) explained", prose):
        assert org[asker] != org[speaker], (asker, speaker)
    # with no figure to work, a kick-off leaves the papers, the work plan and the first call to do
    ctx = ctx.model_copy(update={"facts": [DEADLINE.model_copy(update={"past": True, "label": "the notice deadline"})]})
    actions = [r[0] for s in compose_document(ctx).sections if s.table is not None and s.heading == "Actions"
               for r in s.table.rows]
    assert "Circulate a work plan and timetable for the first four weeks" in actions, actions
    assert not any("Reconcile" in a for a in actions)


def test_an_amended_services_agreement_binds_its_service_level_and_lists_its_schedule():
    # blind read 8: '"As amended", but no amendment and no services are described. The SLA sits in the warranties
    # clause, and Schedule 1 is cited but absent'
    from worldsmith.worlds.values import Percent
    from tests.generators.context_fixture import fact

    sla = fact("sla", "The agreement sets a service level of a denial rate at or below 8.0%, measured quarterly, with a "
                      "fee credit when it is missed", Percent(value=8)).model_copy(update={"label": "the denial-rate service level"})
    ctx = document_context("agreement", 8, seed=4, facts=[sla])
    ctx = ctx.model_copy(update={"window_start": dt.date(2025, 3, 1), "spec": ctx.spec.model_copy(
        update={"title": "Billing services agreement (as amended)"})})
    doc = compose_document(ctx)
    prose = " ".join(p for s in doc.sections for p in s.paragraphs)
    assert re.search(r"shall keep the denial-rate service level at or below 8%, measured quarterly", prose), prose
    # (the copy says it is the agreement as amended, without a letter agreement of a day the file never gives: blind
    # read 36)
    assert "as amended and in force on" in prose and "letter agreement of" not in prose, prose
    assert "(a) Denial-rate service level: 8%" in prose
    assert all(s.table is None for s in doc.sections)
    warranties = " ".join(p for s in doc.sections if "Warrant" in s.heading for p in s.paragraphs)
    assert "service level" not in warranties


def test_an_offer_letter_makes_its_offer_subject_to_contract_and_a_refund_letter_asks_how_to_repay():
    # blind read 8: 'We write about the revised offer of Project Millrace' then a reservation of rights; a refund
    # letter that said 'The audit committee decision is voluntary refund through the contractor'
    ctx = document_context("letter", 4, seed=8, facts=[_CAP, CLAUSE])
    offer = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": "Revised offer letter: Project Corvale"})})
    doc = compose_document(offer)
    prose = " ".join(p for s in doc.sections for p in s.paragraphs)
    assert "to set out our revised non-binding offer for Project Corvale" in prose, prose
    if any(s.heading == "Conditions of the Offer" for s in doc.sections):
        assert "non-binding and subject to contract" in prose
    assert "Nothing in this letter is an admission" not in prose
    refund = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": "Voluntary refund letter to the contractor"})})
    prose = " ".join(p for s in compose_document(refund).sections for p in s.paragraphs)
    assert "to report an overpayment and to make a voluntary refund" in prose


def test_a_letter_under_a_refund_guarantee_is_no_overpayment_refund():
    # blind read 30: a bank's letter deferring payment 'under Article 5 of the Refund Guarantee' came out as 'to report
    # an overpayment and to make a voluntary refund of it', with a sampling methodology enclosed: 'refund' in a name
    # is not a refund the writer makes
    ctx = document_context("letter", 4, seed=8, facts=[_CAP, CLAUSE])
    for title in ("Letter to the buyer: deferral of payment under Article 5 of the Refund Guarantee",
                  "Response to the refund demand under the advance payment bond"):
        letter = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": title})})
        prose = " ".join(p for s in compose_document(letter).sections for p in s.paragraphs)
        assert "overpayment" not in prose and "extrapolation" not in prose, (title, prose)


def test_a_red_flag_report_leads_with_its_red_flag_and_the_protection_proposed():
    # blind read 8 (buy-side): counsel's red-flag report headlined 'the escrow percentage is 7.5%'
    from worldsmith.generators.context import OrgRef
    from worldsmith.worlds.values import Text
    from tests.generators.context_fixture import fact

    customer = fact("customer", "The largest customer is Brack Ltd, whose supply agreement lets it terminate on a change "
                                "of control (clause 9.2).", Text(value="Brack Ltd")).model_copy(update={"label": "largest customer"})
    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale", privileged=True, acts_for="Corvale Shipping Ltd"),
            OrgRef(name="Corvale Shipping Ltd", role="buyer", privileged=True)]
    ctx = document_context("report", 5, seed=6, facts=[customer, _RATE])
    ctx = ctx.model_copy(update={"organisations": orgs, "spec": ctx.spec.model_copy(
        update={"title": "Legal due diligence report (red flag)"})})
    prose = " ".join(p for s in compose_document(ctx).sections for p in s.paragraphs)
    assert "The principal red flag is that Brack Ltd's supply agreement lets it terminate on a change of control" in prose, prose
    assert "Finding 1. Red flag:" in prose


def test_a_complaint_claims_its_amount_and_asks_a_declaration_on_the_clause():
    # blind read 8 pattern: 'a declaration that the total claims are USD 174,250,000'; 'declare the rights of the
    # parties as to the date of the casualty'
    clause = CLAUSE.model_copy(update={"statement": "Limitation is governed by Clause 14.2 (Limitation) of the charter "
                                                    "party: the Owners' liability shall not exceed the agreed cap"})
    ctx = document_context("complaint", 6, seed=3, facts=[clause, _CAP])
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": "Complaint of Harrow Vane LLP"})})
    prose = " ".join(p for s in compose_document(ctx).sections for p in s.paragraphs)
    assert "a declaration that Clause 14.2 of the charter party does not bar or limit its claims" in prose, prose
    assert "declare the rights of the parties under Clause 14.2 of the charter party" in prose
    assert f"for {_CAP.text}" in prose


def test_a_memo_on_a_change_of_control_right_answers_with_the_right_and_what_it_puts_at_risk():
    # blind read 8 (buy-side): 'no legal analysis of the actual consent issue'; the memo circled the 18.4% share
    from worldsmith.generators.context import OrgRef
    from worldsmith.worlds.values import Percent, Text
    from tests.generators.context_fixture import fact

    customer = fact("customer", "The largest customer is Brack Ltd, whose supply agreement lets it terminate on a change "
                                "of control of the target (clause 9.2).", Text(value="Brack Ltd")
                    ).model_copy(update={"label": "largest customer"})
    share = fact("share", "Brack Ltd accounts for 21% of revenue", Percent(value=21)
                 ).model_copy(update={"label": "largest customer's revenue share"})
    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale", privileged=True, acts_for="Corvale Shipping Ltd"),
            OrgRef(name="Corvale Shipping Ltd", role="buyer", privileged=True),
            OrgRef(name="Brightmere Advisory", role="the target")]
    ctx = document_context("memo", 6, seed=2, facts=[customer, share])
    ctx = ctx.model_copy(update={"organisations": orgs, "spec": ctx.spec.model_copy(
        update={"title": "Memo re Brack supply agreement: change-of-control termination right"})})
    doc = compose_document(ctx)
    answer, analysis = _section(doc, "Short Answer"), _section(doc, "Analysis")
    assert "Brack Ltd's supply agreement lets it terminate on a change of control" in answer, answer
    assert "so that share of revenue is at risk from the day of completion" in answer
    assert "the right is triggered on completion" in analysis, analysis


def test_an_independent_experts_report_recommends_on_the_evidence_and_meeting_notes_record_the_meeting():
    # blind read 8: 'the surveyor gives litigation strategy'; notes of a meeting opened 'X asked us to advise on ...'
    from worldsmith.generators.context import OrgRef

    orgs = [OrgRef(name="Harrow Vane LLP", role="independent marine surveyor retained by counsel", privileged=True,
                   acts_for="Corvale Shipping Ltd")]
    ctx = document_context("report", 9, seed=6, facts=[_CAP, _RATE])
    ctx = ctx.model_copy(update={"organisations": orgs})
    recommendation = _section(compose_document(ctx), "Recommendations")
    assert recommendation.startswith("We recommend that the original records behind our findings"), recommendation
    notes = document_context("memo", 5, seed=2, facts=[_CAP, _RATE])
    notes = notes.model_copy(update={"spec": notes.spec.model_copy(update={"title": "Site visit: meeting notes"})})
    question = _section(compose_document(notes), "Question Presented")
    assert question.startswith("This note records the site visit for Sam Lindqvist"), question


def test_a_memo_on_who_is_liable_says_how_the_client_can_be_reached_and_what_the_clause_caps():
    # blind read 8: 'the short answer is right ... but there is no analysis. The body only recites Clause 41.3'
    from worldsmith.generators.context import OrgRef
    from worldsmith.worlds.values import Text
    from tests.generators.context_fixture import fact

    party = fact("party", "The owners were designated the responsible party; Corvale, a voyage charterer, is not a "
                          "responsible party under the Act.", Text(value="Brack Ltd")).model_copy(
        update={"label": "responsible party"})
    clause = CLAUSE.model_copy(update={"statement": "The indemnity is Clause 14.2 (Limitation): Charterers indemnify "
                                                    "Owners only for their negligence, capped at USD 98,400,000 per incident"})
    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale", privileged=True, acts_for="Corvale Shipping Ltd")]
    ctx = document_context("memo", 5, seed=2, facts=[party, clause])
    ctx = ctx.model_copy(update={"organisations": orgs, "spec": ctx.spec.model_copy(
        update={"title": "Memo re responsible-party status of a voyage charterer"})})
    analysis = _section(compose_document(ctx), "Analysis")
    assert "Corvale Shipping Ltd can be reached only through Brack Ltd, by a claim for contribution, or under the " \
           "contract" in analysis, analysis
    assert "Clause 14.2 caps what Corvale Shipping Ltd can be made to pay at USD 98,400,000" in analysis


def test_minutes_decide_who_does_what_by_when_and_leave_no_make_work():
    # read 9: 'Noted: the total claim payable is the figure the papers use' recorded no decision, and 'Reconcile the
    # total claim payable to the line of the workbook' was make-work
    due = DEADLINE.model_copy(update={"label": "the notice of claim deadline"})
    doc = compose_document(document_context("minutes", 4, seed=5, facts=[due, _CAP]))
    decided = _section(doc, "Decisions")
    actions = [r[0] for s in doc.sections if s.table is not None and s.heading == "Actions" for r in s.table.rows]
    assert "Agreed that the notice of claim goes in ahead of the notice of claim deadline" in decided, decided
    assert "Agreed that the notice of claim puts the liability cap at USD 98,400,000" in decided, decided
    assert "the figure the papers use" not in decided
    assert any(a.startswith("Review and sign off the notice of claim") for a in actions), actions
    assert not any(a.startswith("Reconcile") for a in actions), actions


def test_a_letter_says_what_it_does_and_a_contract_of_employment_is_made_with_the_employee():
    ctx = document_context("letter", 4, seed=1, facts=[DEADLINE])
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(
        update={"title": "Reservation of rights and demand for sworn proof of loss"})})
    prose = " ".join(p for s in compose_document(ctx).sections for p in s.paragraphs)
    assert "to reserve our rights and demand sworn proof of loss" in prose, prose
    assert "We write about" not in prose
    # (read 9, unseen employment outline: the contract was made between the employer and its own solicitors)
    ctx = document_context("agreement", 6, seed=1, facts=[_CAP, DEADLINE])
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": "Contract of employment: Grace Okafor"})})
    prose = " ".join(p for s in compose_document(ctx).sections for p in s.paragraphs)
    assert "(2) Grace Okafor (the Employee)" in prose and "Signed by Grace Okafor" in prose, prose
    assert "Harrow Vane LLP (the Employee)" not in prose and "(2) Corvale" not in prose


def test_a_complaint_filed_again_through_a_year_pleads_each_filing_in_its_own_words():
    """Three filings of one complaint in a series (bench.long_matter stretches one to forty): the record's sentence
    of the casualty, the declaration and the prayer are not stamped word for word on all three, and a filing says
    where payment stands on its own day (1,040 realism_boilerplate rows at --scale 40)."""
    casualty = fact("casualty_day", "The casualty occurred on February 24, 2025, when the vessel lost steering inbound "
                    "at the jetties", DateValue(value=dt.date(2025, 2, 24))).model_copy(
        update={"label": "the date of the casualty", "establish": True})
    prose = []
    for n in (1, 2, 3):
        ctx = document_context("complaint", 6, seed=40 + n, facts=[casualty, _CAP, CLAUSE])
        ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={
            "id": f"doc_complaint_{n}", "item": f"cmp_{n}", "title": "Complaint for contribution and declaratory relief",
            "date": dt.date(2025, 4, 1) + dt.timedelta(days=30 * n)})})
        prose.append(" ".join(p for s in compose_document(ctx).sections for p in s.paragraphs))
    sentences = [{s for s in re.split(r"(?<=[.!?])\s+", t) if len(s.split()) >= 8} for t in prose]
    stamped = {s for s in set.intersection(*sentences)
               if re.search(r"lost steering|declaration|WHEREFORE|demand", s)}
    assert not stamped, stamped
    assert all("lost steering" in t for t in prose) and all("declar" in t for t in prose)


def test_drafts_of_an_answer_in_a_series_open_and_pray_in_their_own_words():
    """Three drafts of one answer in a series: its opening and its prayer are not one sentence stamped on all three
    (forty draft answers at bench.long_matter --scale 40 shared both)."""
    prose = []
    for n in (1, 2, 3):
        ctx = document_context("answer", 6, seed=60 + n, facts=[DEADLINE, _CAP, CLAUSE])
        ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={
            "id": f"doc_answer_{n}", "item": f"ans_{n}", "date": dt.date(2025, 4, 1) + dt.timedelta(days=7 * n),
            "title": "Draft answer and affirmative defenses of Corvale Shipping Ltd"})})
        prose.append(" ".join(p for s in compose_document(ctx).sections for p in s.paragraphs))
    sentences = [{s for s in re.split(r"(?<=[.!?])\s+", t) if len(s.split()) >= 8} for t in prose]
    stamped = {s for s in set.intersection(*sentences) if re.search(r"WHEREFORE|(?:answers|answer to) the Complaint", s)}
    assert not stamped, stamped
    assert all("WHEREFORE" in t and "dismiss" in t for t in prose)


def test_a_repaired_instance_is_never_dealt_another_instances_words():
    """A repair moves an instance's deal; it must not move it onto another instance of the series, or the repair
    writes that instance's exact copy (repaired draft answers 94% alike to later drafts at long_matter --scale 40)."""
    from worldsmith.generators.compose.bank import picker_for

    lists = [[f"wording {k} of list {j}" for k in range(5)] for j in range(10)]

    def dealt(n: int, seed: int, repair: bool = False) -> list[str]:
        ctx = document_context("answer", 6, seed=seed)
        ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"id": f"doc_answer_{n}", "item": f"a_{n}"}),
                                     "repair": ["near-duplicate of another"] if repair else None})
        pick = picker_for(ctx)
        return [pick.frame(options) for options in lists]

    for seed in (10, 33, 96):
        again = dealt(5, seed, repair=True)
        assert again != dealt(5, seed)
        assert all(again != dealt(m, 7) for m in range(1, 121)), seed


def test_particulars_of_claim_reissued_in_a_series_claim_their_relief_in_their_own_words():
    """Three copies of English Particulars of Claim in a series: the relief claimed is not one sentence on all
    three (ten copies at long_matter --scale 10 of the CMR theft shared it), while each keeps the statement of truth
    in the words CPR PD 22 prescribes."""
    prose = []
    for n in (1, 2, 3):
        ctx = document_context("complaint", 6, seed=70 + n, facts=[_CAP, CLAUSE])
        ctx = ctx.model_copy(update={"locale": "en_GB", "spec": ctx.spec.model_copy(update={
            "id": f"doc_poc_{n}", "item": f"poc_{n}", "title": "Particulars of claim of Corvale Shipping Ltd",
            "date": dt.date(2025, 4, 1) + dt.timedelta(days=7 * n)})})
        prose.append(" ".join(p for s in compose_document(ctx).sections for p in s.paragraphs))
    claims = [re.search(r"AND THE CLAIMANT CLAIMS: [^\n]*?costs[^.]*\.", t).group(0) for t in prose]
    assert len(set(claims)) > 1, claims
    assert all("proceedings for contempt of court may be brought" in t for t in prose)

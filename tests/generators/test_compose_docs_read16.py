"""Documents with the substance their kind must carry (issue 17, blind read 16: documents 8 of 36): a loss report
that says how its daily figure was measured and builds each derived figure from its inputs with their sources; a
survey report with a finding on each head its title lists; a summary that summarises the paper it names; a letter
that rejects with a ground and volunteers no internal assessment. Every figure is the ledger's."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

from worldsmith.generators.context import InputRef, OrgRef
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.worlds.values import Money, Number, Text
from tests.generators.context_fixture import document_context, fact, person


def _usd(n: int) -> Money:
    return Money(amount=Decimal(n), currency="USD")


def _prose(doc) -> str:
    return " ".join(p for s in doc.sections for p in s.paragraphs)


# --- a forensic accountant's loss report ---------------------------------------------------------------------------

_FORENSIC = person("b_1", "Nicholas", "Powers", "Managing Director, Forensic Accounting", "Brightline Forensic",
                   "brightline.example", "+1")
_COUNSEL = person("w_1", "Michael", "Stevens", "Associate", "Whitlock Merritt LLP", "whitlock.example", "+1")
_BI_ORGS = [OrgRef(name="Whitlock Merritt LLP", role="coverage counsel to the policyholder",
                   acts_for="Calder Provisions Inc.", privileged=True),
            OrgRef(name="Calder Provisions Inc.", role="client; the policyholder", privileged=True),
            OrgRef(name="Brightline Forensic", role="forensic accountants retained by Whitlock Merritt on the "
                   "policyholder's behalf to measure the business interruption loss", privileged=True,
                   acts_for="Calder Provisions Inc.", engaged_by="Whitlock Merritt LLP"),
            OrgRef(name="Northgate Mutual Insurance Company", role="opposing party; the insurer")]
_TITLE = "Business interruption loss report: Joliet warehouse"


def _loss_report(sections: int, seed: int):
    daily = fact("daily_gross_profit", "Brightline Forensic's report of March 6, 2026 puts Calder's lost gross profit "
                 "at USD 41,500 a day, from the twelve months' sales of the Joliet site less non-continuing costs, "
                 "excluding the frozen-seafood line discontinued in November 2025.", _usd(41500)).model_copy(
        update={"label": "the lost gross profit per day", "establish": True})
    days = fact("insured_days", "Calder's period of restoration is 146 days, to the date the rebuilt cold-storage "
                "section was certified for food storage.", Number(value=Decimal(146), unit="days")).model_copy(
        update={"label": "the policyholder's period of restoration", "establish": True})
    wait = fact("waiting_days", "Business interruption coverage begins after a waiting period of 72 hours, which the "
                "parties count as 3 days.", Number(value=Decimal(3), unit="days")).model_copy(
        update={"label": "the waiting period", "paper": "Certified copy of the policy", "paper_by":
                "Northgate Mutual Insurance Company", "paper_day": dt.date(2026, 1, 27)})
    loss = fact("insured_bi_loss", "Calder's business interruption loss is USD 5,934,500: USD 41,500 a day for the "
                "143 days of the 146-day period after the 3-day waiting period.", _usd(5934500)).model_copy(update={
                    "label": "the policyholder's business interruption loss", "establish": True,
                    "reason": "the lost gross profit per day times the policyholder's period of restoration less the "
                              "waiting period",
                    "working": "the lost gross profit per day of USD 41,500 times the policyholder's period of "
                               "restoration of 146 days less the waiting period of 3 days",
                    "inputs": [InputRef(label="the lost gross profit per day", text="USD 41,500", paper=_TITLE,
                                        by="Brightline Forensic", paper_day=dt.date(2026, 3, 6)),
                               InputRef(label="the policyholder's period of restoration", text="146 days",
                                        paper=_TITLE, by="Brightline Forensic", paper_day=dt.date(2026, 3, 6)),
                               InputRef(label="the waiting period", text="3 days", paper="Certified copy of the policy",
                                        by="Northgate Mutual Insurance Company", paper_day=dt.date(2026, 1, 27))]})
    ctx = document_context("report", sections, seed=seed, facts=[daily, days, loss, wait])
    return ctx.model_copy(update={
        "organisations": _BI_ORGS, "author": _FORENSIC, "to": [_COUNSEL], "locale": "en_US",
        "world_summary": "Calder Provisions Inc. claims for business interruption after a fire at its Joliet warehouse.",
        "spec": ctx.spec.model_copy(update={
            "title": _TITLE, "date": dt.date(2026, 3, 6),
            "purpose": "Brightline Forensic's measurement of the lost gross profit and the period of restoration."})})


def test_a_loss_report_says_how_its_daily_figure_was_measured_and_builds_up_the_loss_from_sourced_inputs():
    # read 16: 'A forensic report that never builds up the USD 41,500 a day (no sales, margin or saved costs)'
    seen = set()
    for sections, seed in [(5, 1), (6, 2), (7, 3), (8, 4)]:
        doc = compose_document(_loss_report(sections, seed))
        prose = _prose(doc)
        heads = [s.heading.lower() for s in doc.sections]
        if any("scope" in h for h in heads):
            seen.add("scope")
            # the instructions and the method, in the statement's own words: the basis, what was left out and why
            assert "This report sets out our measurement of the lost gross profit and the period of restoration." \
                in prose, prose
            assert ("We measured the lost gross profit per day (USD 41,500) from the twelve months' sales of the "
                    "Joliet site less non-continuing costs.") in prose, prose
            assert re.search(r"We left out the frozen-seafood line discontinued in November 2025\. It had stopped "
                             r"before the loss", prose), prose
        if any("analysis" in h for h in heads):
            seen.add("analysis")
            # each input with its value and where it is read, then the working
            assert re.search(r"Build-up of the policyholder's business interruption loss\. Inputs: .*the lost gross "
                             r"profit per day, USD 41,500 \(measured in this report\).*the waiting period, 3 days "
                             r"\(Certified copy of the policy, Northgate Mutual Insurance Company, January 27, 2026\)",
                             prose), prose
            assert "gives USD 5,934,500" in prose, prose
        # no finding that lost its head ('Finding 1. USD 41,500 a day for the 143 days ...')
        assert not re.search(r"Finding \d+(?: \([^)]*\))?\. USD 41,500 a day", prose), prose
    assert seen == {"scope", "analysis"}, seen


# --- a marine surveyor's report with its heads in the title --------------------------------------------------------

_SURVEYOR = person("g_1", "Lisa", "Smith", "Principal Surveyor and Naval Architect", "Gulfline Marine Surveyors Inc.",
                   "gulfline.example", "+1")
_ASSOC = person("h_1", "Deborah", "Holden", "Senior Associate", "Harrowvane Gillard LLP", "harrowvane.example", "+1")
_TANKER_ORGS = [OrgRef(name="Harrowvane Gillard LLP", role="outside counsel to the voyage charterer",
                       acts_for="Ostrander Energy Corporation", privileged=True),
                OrgRef(name="Ostrander Energy Corporation", role="client; the voyage charterer", privileged=True),
                OrgRef(name="Gulfline Marine Surveyors Inc.", role="independent marine surveyor retained by Harrowvane "
                       "Gillard on Ostrander's behalf", privileged=True),
                OrgRef(name="Kestrel Bay Tankers Ltd.", role="opposing party; the vessel's owner and operator"),
                OrgRef(name="Fairleigh Dunmore & Roake LLP", role="counsel to Kestrel Bay (opposing counsel)",
                       acts_for="Kestrel Bay Tankers Ltd.")]


def _survey(sections: int, seed: int):
    tonnage = fact("gross_tonnage", "The gross tonnage of the M/T Aurelian Tide on its International Tonnage "
                   "Certificate (1969) is 62,480 GT; OPA 90 limits run on gross tonnage, not on the vessel's "
                   "deadweight.", Number(value=Decimal(62480), unit="GT")).model_copy(
        update={"label": "the gross tonnage", "establish": True})
    barrels = fact("barrels_spilled", "The Federal On-Scene Coordinator's estimate of crude oil discharged from the M/T "
                   "Aurelian Tide is 18,400 barrels.", Number(value=Decimal(18400), unit="barrels")).model_copy(
        update={"label": "the barrels discharged", "establish": True})
    ctx = document_context("report", sections, seed=seed, facts=[tonnage, barrels])
    return ctx.model_copy(update={
        "organisations": _TANKER_ORGS, "author": _SURVEYOR, "to": [_ASSOC], "locale": "en_US",
        "world_summary": "The M/T Aurelian Tide allided with the east jetty at Sabine Pass and released crude oil.",
        "spec": ctx.spec.model_copy(update={
            "title": "Marine survey report: M/T Aurelian Tide (tonnage, hull damage, steering gear)",
            "date": dt.date(2026, 3, 18),
            "purpose": "The surveyor's formal findings on tonnage, the breach of the two cargo tanks and the missing "
                       "pre-arrival steering-gear test."})})


def test_a_survey_report_finds_on_each_head_its_title_lists_and_weighs_no_fact_against_another():
    # read 16: 'A "hull damage, steering gear" survey report with no hull or steering-gear findings'
    for sections, seed in [(5, 1), (6, 2), (7, 3)]:
        doc = compose_document(_survey(sections, seed))
        prose = _prose(doc)
        if not any("finding" in s.heading.lower() for s in doc.sections):
            continue
        assert re.search(r"Finding \d+ \(tonnage\)\. .*62,480 GT", prose), prose
        # a head no fact speaks to is found in the purpose's own words, never invented and never left out
        assert re.search(r"Finding \d+ \(hull damage\)\. We record the breach of the two cargo tanks\.", prose), prose
        # (the frames' stock weighing: 'the softer point is the gross tonnage: the support for it is thinner')
        assert not re.search(r"(softer|weaker|less secure) point is", prose), prose
        if any("analysis" in s.heading.lower() for s in doc.sections):
            assert "the barrels discharged (18,400 barrels) is the Federal On-Scene Coordinator's estimate" in prose, \
                prose
            assert "the gross tonnage (62,480 GT) is read from the International Tonnage Certificate (1969)" in prose


# --- a summary of a paper ------------------------------------------------------------------------------------------

def _nrd_summary(sections: int, seed: int):
    env = person("o_2", "Matthew", "Frye", "Environmental Response Manager", "Ostrander Energy Corporation",
                 "ostrander.example", "+1")
    nrd = fact("nrd_claimed", "The federal and Texas natural resource trustees' notice of intent of April 2, 2026 puts "
               "natural resource damages, on a preliminary estimate, at USD 74,000,000.", _usd(74000000)).model_copy(
        update={"label": "natural resource damages claimed", "establish": True,
                "items": ["Salt marsh and wetland injury", "Oyster reef injury", "Birds and marine mammals"]})
    barrels = fact("barrels_spilled", "The Federal On-Scene Coordinator's estimate of crude oil discharged from the M/T "
                   "Aurelian Tide is 18,400 barrels.", Number(value=Decimal(18400), unit="barrels")).model_copy(
        update={"label": "barrels discharged"})
    ctx = document_context("report", sections, seed=seed, facts=[nrd, barrels])
    return ctx.model_copy(update={
        "organisations": _TANKER_ORGS, "author": env, "to": [_ASSOC], "locale": "en_US",
        "spec": ctx.spec.model_copy(update={
            "title": "Summary of the trustees' notice of intent and preliminary NRD estimate",
            "date": dt.date(2026, 4, 3),
            "purpose": "Summarises the natural resource trustees' notice, the injured resources and the basis of the "
                       "preliminary estimate."})})


def test_a_summary_summarises_the_paper_it_names():
    # read 16: 'Does not summarise the notice of intent (no trustees, resources or scope), only three figures'
    for sections, seed in [(4, 1), (5, 2), (6, 3)]:
        doc = compose_document(_nrd_summary(sections, seed))
        prose = _prose(doc)
        assert "This paper summarises the trustees' notice of intent and preliminary NRD estimate" in prose, prose
        assert ("What it says. The federal and Texas natural resource trustees' notice of intent of April 2, 2026 puts "
                "natural resource damages, on a preliminary estimate, at USD 74,000,000.") in prose, prose
        # the heads the figure is made of, in the matter's own words
        assert "It is made up of salt marsh and wetland injury, oyster reef injury and birds and marine mammals." \
            in prose, prose
        assert "preliminary estimate, not an assessed claim" in prose, prose
        assert "The headline is that" not in prose, prose


# --- a letter that rejects a tender --------------------------------------------------------------------------------

def _rejection(sections: int, seed: int):
    partner = person("h_2", "Andrew", "Robertson", "Partner", "Harrowvane Gillard LLP", "harrowvane.example", "+1")
    other = person("f_1", "Nicholas", "Vazquez", "Partner", "Fairleigh Dunmore & Roake LLP", "fairleigh.example", "+1")
    clause = fact("cp_clause", "The pollution indemnity in the charter party is Clause 41.3 (Oil Pollution): Charterers "
                  "indemnify Owners only for pollution liability caused by Charterers' negligence at the berth, capped "
                  "at USD 20,000,000 per incident, and Owners waive statutory contribution beyond that cap.",
                  Text(value="Clause 41.3")).model_copy(update={"label": "charter party clause"})
    exposure = fact("energy_exposure", "Harrowvane's assessment of Ostrander's maximum total liability is USD 20,000,000, "
                    "the per-incident cap in Clause 41.3.", _usd(20000000)).model_copy(update={
                        "label": "Ostrander's maximum exposure",
                        "reason": "the lesser of the contribution demand and the Clause 41.3 cap"})
    ctx = document_context("letter", sections, seed=seed, facts=[clause, exposure])
    return ctx.model_copy(update={
        "organisations": _TANKER_ORGS, "author": partner, "to": [other], "locale": "en_US",
        "spec": ctx.spec.model_copy(update={
            "title": "Letter rejecting Kestrel Bay's tender of defense and reserving rights under Clause 41.3",
            "date": dt.date(2026, 4, 17)})})


def test_a_rejection_letter_gives_its_ground_and_no_internal_assessment():
    # read 16: 'Rejects the tender with no ground ... and volunteers a USD 20m "maximum exposure" to opposing counsel'
    for sections, seed in [(3, 1), (4, 2), (5, 3)]:
        prose = _prose(compose_document(_rejection(sections, seed)))
        assert ("That is the ground of the rejection: nothing put to us shows pollution liability caused by "
                "Charterers' negligence at the berth, and without it Clause 41.3 has nothing to answer.") in prose, prose
        # (the ground after the clause's words, not before them in the opening)
        assert prose.index("That is the ground of the rejection") > prose.index("only for pollution liability"), prose
        assert prose.index("That is the ground of the rejection") < prose.index("In any event"), prose
        assert "maximum exposure" not in prose and "assessment" not in prose, prose
        assert ("In any event, our client's liability could not exceed USD 20,000,000, being the lesser of the "
                "contribution demand and the Clause 41.3 cap.") in prose, prose


def test_a_report_states_its_method_and_ends_on_a_recommendation_whatever_its_sections():
    # read 16: a methodology paper that never said how its figure was reached, and 'There are no recommendations'
    for sections, seed in [(3, 5), (4, 6), (5, 7), (6, 8), (7, 9)]:
        doc = compose_document(_loss_report(sections, seed))
        prose = _prose(doc)
        heads = [s.heading.lower() for s in doc.sections]
        if not any(w in h for h in heads for w in ("scope", "background", "finding")):
            continue
        assert "We left out the frozen-seafood line discontinued in November 2025." in prose, (heads, prose)
        if any("finding" in h for h in heads) and not any("recommend" in h or h == "conclusion" for h in heads):
            # (a report of its own finding concludes on it, blind read 29)
            assert re.search(r"Conclusion\. (We recommend |Our conclusion is that )", prose), (heads, prose)


def test_a_red_flag_report_finds_no_protection_as_a_legal_finding_and_writes_no_record_on_the_record():
    # read 16, buy-side: '"The escrow percentage is 7.5%" is listed as a legal finding'; 'As recorded on the record'
    from decimal import Decimal as D
    from worldsmith.worlds.values import Percent

    customer = fact("customer", "The largest customer is Brack Ltd, whose supply agreement lets it terminate on a change "
                    "of control (clause 9.2).", Text(value="Brack Ltd")).model_copy(update={"label": "largest customer"})
    escrow = fact("escrow_pct", "The escrow is 7.5% of the price for 18 months.", Percent(value=D("7.5"))).model_copy(
        update={"label": "the escrow percentage"})
    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale", privileged=True, acts_for="Corvale Shipping Ltd"),
            OrgRef(name="Corvale Shipping Ltd", role="buyer", privileged=True)]
    for sections, seed in [(5, 6), (6, 7), (7, 8)]:
        ctx = document_context("report", sections, seed=seed, facts=[customer, escrow])
        ctx = ctx.model_copy(update={"organisations": orgs, "spec": ctx.spec.model_copy(
            update={"title": "Legal due diligence report (red flag)"})})
        prose = _prose(compose_document(ctx))
        assert "Finding 1. Red flag:" in prose, prose
        assert not re.search(r"Finding \d+\.[^.]*escrow percentage is 7\.5%", prose), prose
        assert "recorded on the record" not in prose.lower(), prose


def test_a_fact_a_paper_establishes_is_said_with_its_value_beside_its_noun_not_tacked_on():
    # read 16: 'It is recorded that the closest comparable ... a net effective rent of GBP 28.80 per sq ft: Quayside
    # Point second floor.'; '... count 1,860 active user accounts in the production tenant; specifically, 1,860 users.'
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.substance.common import stated

    comparable = fact("comparable", "The closest comparable, the second floor of Quayside Point let in September 2025, "
                      "shows a headline rent of GBP 36.00 per sq ft.", Text(value="Quayside Point second floor")
                      ).model_copy(update={"label": "the principal comparable", "establish": True})
    users = fact("users", "Brightmoor's findings count 1,860 active user accounts in the production tenant.",
                 Number(value=Decimal(1860), unit="users")).model_copy(update={"label": "the accounts counted",
                                                                               "establish": True})
    disregard = fact("disregard", "Clause 5.4(c) of the lease requires the valuer to disregard any effect on rent of "
                     "improvements.", Text(value="clause 5.4(c)")).model_copy(
        update={"label": "the improvements disregard", "establish": True})
    for seed in range(12):
        said = stated(Picker(seed), comparable, [comparable], cite=False)
        assert said.startswith("The closest comparable (Quayside Point second floor), the second floor"), said
        said = stated(Picker(seed), users, [users], cite=False)
        assert said.endswith("in the production tenant (1,860 users).") and "specifically" not in said, said
        said = stated(Picker(seed), disregard, [disregard], cite=False)
        assert "disregard (clause 5.4(c))" not in said and "clause 5.4(c)" in said.lower(), said


def test_a_research_memo_on_the_responsible_party_quotes_the_definition_it_turns_on():
    # read 16: 'A research memo on 1001(32) that neither quotes the definition nor cites any case'
    party = fact("responsible_party", "On February 26, 2026 the Coast Guard designated Kestrel Bay Tankers Ltd., the "
                 "registered owner and operator, as the responsible party under OPA 90 section 1002; Ostrander, a voyage "
                 "(not demise) charterer, is not a responsible party under section 1001(32)(A).",
                 Text(value="Kestrel Bay Tankers Ltd.")).model_copy(update={"label": "the responsible party"})
    seen = 0
    for sections, seed in [(4, 1), (5, 2), (6, 3)]:
        ctx = document_context("memo", sections, seed=seed, facts=[party])
        ctx = ctx.model_copy(update={"organisations": _TANKER_ORGS, "author": _ASSOC, "locale": "en_US",
                                     "spec": ctx.spec.model_copy(update={
                                         "title": "Memo re responsible-party status of a voyage charterer under OPA 90 "
                                                  "section 1001(32)"})})
        doc = compose_document(ctx)
        if not any("analysis" in s.heading.lower() for s in doc.sections):
            continue
        seen += 1
        prose = _prose(doc)
        assert "section 1001(32)(A) at 33 U.S.C. 2701(32)(A)" in prose, prose
        assert ("Section 1001(32)(A) defines the responsible party for a vessel as any person owning, operating, or "
                "demise chartering the vessel") in prose, prose
    assert seen, "no variant has an analysis section"


def test_a_demand_letter_says_why_it_is_made_from_its_own_statement():
    # read 16, business interruption: 'The appraisal demand gives no ... ground ... The key sentence is garbled ("The
    # amount is in dispute:")'
    from tests.generators.test_compose_letters_read15 import _demand

    for sections, seed in [(3, 1), (4, 2), (5, 3)]:
        ctx = _demand(sections, seed)
        act = ctx.facts[0].model_copy(update={"statement": ctx.facts[0].statement.rstrip(".") +
                                              ", after Northgate refused to move from 98 days."})
        ctx = ctx.model_copy(update={"facts": [act, *ctx.facts[1:]]})
        prose = _prose(compose_document(ctx))
        assert "Our client makes this demand because Northgate has refused to move from 98 days." in prose, prose
        assert "The amount is in dispute:" not in prose, prose


def test_instructions_turn_the_purpose_into_the_authors_words_and_never_paste_it():
    from worldsmith.generators.compose.substance.method import instructions

    ctx = _loss_report(6, 1)
    said = lambda purpose: instructions(ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"purpose": purpose})}))  # noqa: E731
    assert said("Brightline Forensic's final report on the quality of earnings and net debt.") == \
        "This is our final report on the quality of earnings and net debt."  # (not 'sets out our final report')
    assert said("Summarises the natural resource trustees' notice and the injured resources.") == ""  # pasted whole
    assert said("Northgate Mutual's position on the period of restoration.") == ""  # another house's view


def test_a_figure_read_from_an_outside_paper_is_sourced_to_that_paper_not_to_the_memo_restating_it():
    """An earn-out memo's table: 'Adjusted EBITDA in the buyer's earn-out statement | USD 12,400,000 | This
    memorandum', though the statement opens on 'Arcadia's earn-out statement of March 2, 2026 shows ...'."""
    import datetime as dt

    from worldsmith.generators.kinds.document.compose import outside_paper

    said = "Arcadia's earn-out statement of March 2, 2026 shows Kestrel's 2025 Adjusted EBITDA as USD 12,400,000."
    assert outside_paper(said) == "Arcadia's earn-out statement of March 2, 2026"
    assert outside_paper("Denholm Reyes' review of August 11, 2026 allows USD 3,800,000 of add-backs.") == \
        "Denholm Reyes' review of August 11, 2026"
    # the paper being written is no outside paper; a statement opening on no paper names none
    assert outside_paper("Halloway Grant's determination of July 10, 2026 reverses USD 1,200,000.",
                         dt.date(2026, 7, 10)) == ""
    assert outside_paper("The objection notice disputes USD 1,800,000 of allocations.") == ""
    assert outside_paper("Quillfield's closed management accounts give reported EBITDA of USD 41,200,000.") == ""


def test_the_minutes_of_a_kick_off_review_no_actions_of_a_previous_meeting():
    """An earn-out kick-off's minutes: 'Matters Arising: The actions from the previous meeting were reviewed on March
    6, 2026; none was overdue.' There was no previous meeting."""
    from tests.generators.context_fixture import document_context
    from worldsmith.generators.kinds.document.compose import compose_document

    for seed in range(6):
        ctx = document_context("minutes", 7, seed=seed)
        ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={
            "title": "Minutes: Earn-out kick-off with the holder representative, March 6"})})
        doc = compose_document(ctx)
        text = " ".join(p for s in doc.sections for p in s.paragraphs)
        assert "Matters Arising" in [s.heading for s in doc.sections]
        assert "previous meeting" not in text, text


def test_a_notice_speaks_of_itself_as_this_notice():
    """An earn-out world's 'Notice of objection to the 2025 earn-out statement' read 'The objection notice date is
    March 31, 2026. As matters stand, the objection notice disputes USD 1,800,000 ...': itself in the third person."""
    from worldsmith.generators.kinds.document.compose import as_itself

    title = "Notice of objection to the 2025 earn-out statement"
    assert as_itself("The objection notice date is March 31, 2026.", title) == "This notice is given on March 31, 2026."
    assert as_itself("As matters stand, the objection notice disputes USD 1,800,000.", title) == \
        "As matters stand, this notice disputes USD 1,800,000."
    assert as_itself("The sellers' objection notice puts EBITDA at USD 14,200,000.", title) == \
        "This notice puts EBITDA at USD 14,200,000."
    # another paper's notice, and a letter that is no notice, are left as they are
    assert as_itself("The objection notice date is March 31, 2026.", "Response to the objection") == \
        "The objection notice date is March 31, 2026."
    assert as_itself("The termination notice was served.", title) == "The termination notice was served."


def test_a_report_says_once_in_full_that_it_recomputed_its_figures():
    # read 25 (an unseen PI outline): a report that 'Repeats "we recomputed it and it agrees" six times'
    base = _loss_report(8, 4)
    loss = next(f for f in base.facts if f.id == "insured_bi_loss")
    line = 'the "{}" line of the Loss model'
    again = loss.model_copy(update={"id": "insured_bi_loss_2", "label": "the policyholder's loss before the cap",
                                    "source": line.format("Loss before the cap")})
    facts = [f.model_copy(update={"source": line.format("Loss")}) if f is loss else f for f in base.facts]
    ctx = base.model_copy(update={"facts": [*facts, again]})
    prose = _prose(compose_document(ctx))
    assert prose.count("Build-up of") >= 2, prose
    assert prose.count("We recomputed it and it agrees") == 1, prose


def test_surveyors_instructed_by_the_firm_never_ask_its_partner_for_a_decision():
    # read 25 (an unseen CMR outline): 'cargo surveyors instructed by Fenmore Clarke LLP' closed their report 'We
    # recommend that Fenmore Clarke LLP adopt the gross weight ... as its working figure ... We would ask Adrian Barker
    # (Partner) for a decision': the plural 'surveyors' was not read as an independent expert
    orgs = [o.model_copy(update={"role": "cargo surveyors instructed by Harrowvane Gillard LLP"})
            if o.name.startswith("Gulfline") else o for o in _TANKER_ORGS]
    seen = 0
    for sections, seed in [(5, 1), (6, 2), (7, 3), (4, 4)]:
        ctx = _survey(sections, seed)
        prose = _prose(compose_document(ctx.model_copy(update={"organisations": orgs})))
        seen += "Conclusion." in prose or "recommend" in prose or "Our conclusion is that" in prose
        assert "for a decision" not in prose and "as its working figure" not in prose, prose
    assert seen, "no report closed on a conclusion"

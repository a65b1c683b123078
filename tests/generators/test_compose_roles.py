"""Parties in their real roles (issue 17 (d)): a Medicare contractor or a regulator is nobody's opponent, a memo
with no one across the table neither writes to nor fears an other side, and a guarantor confirms a certificate
that an authority issued (the readers rejected memos arguing with the Medicare Administrative Contractor and a COFR
'issued' by a P&I club)."""

from __future__ import annotations

import json
import re

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.parties import opponent
from worldsmith.generators.compose.substance.memo import memo_options, memo_recommendation
from worldsmith.generators.context import OrgRef
from tests.generators.context_fixture import document_context


def _with(orgs: list[tuple[str, str, bool, str]]):
    """The fixture's memo (by a partner of Harrow Vane LLP to a colleague and the client's CFO) in a matter of
    these organisations: (name, role, privileged, acts for)."""
    ctx = document_context("memo")
    refs = [OrgRef(name=n, role=r, privileged=p, acts_for=a) for n, r, p, a in orgs]
    return ctx.model_copy(update={"organisations": refs})


_AUDIT = [("Harrow Vane LLP", "external auditor engaged by Corvale Shipping Ltd", True, "Corvale Shipping Ltd"),
          ("Corvale Shipping Ltd", "client", True, ""),
          ("Lakeshore Medicare Services", "the Medicare Administrative Contractor for the region; the counterparty "
                                          "on the refund", False, ""),
          ("Cobalt Ridge Revenue Partners", "outsourced coding contractor; counterparty under the billing services "
                                            "agreement", False, "")]


def test_a_medicare_contractor_or_a_vendor_under_one_agreement_is_no_opponent():
    assert opponent(_with(_AUDIT)) == ""


def test_a_party_in_a_dispute_is_still_the_opponent():
    dispute = [("Harrow Vane LLP", "counsel to the owner", True, "Corvale Shipping Ltd"),
               ("Corvale Shipping Ltd", "client; the owner and employer", True, ""),
               ("Oriel Vance Architects", "the architect who administers the contract", False, ""),
               ("Brackwater Builders Inc.", "the general contractor", False, "")]
    assert opponent(_with(dispute)) == "Oriel Vance Architects" or opponent(_with(dispute)) == "Brackwater Builders Inc."
    named = dispute + [("Kestrel Bay Tankers Ltd.", "owner; the designated responsible party", False, "")]
    assert opponent(_with(named)) == "Kestrel Bay Tankers Ltd."


def test_a_memo_with_no_one_across_neither_writes_to_nor_fears_an_other_side():
    ctx = _with(_AUDIT)
    for seed in range(12):
        text = " ".join(memo_options(Picker(seed), ctx, "Friday, March 13"))
        assert "other side" not in text and "in reply" not in text and "say so to" not in text, text
        assert "Lakeshore" not in text, text


def test_a_memo_that_recommends_writing_to_the_other_side_does_not_also_forbid_it():
    named = _AUDIT + [("Kestrel Bay Tankers Ltd.", "owner; the designated responsible party", False, "")]
    ctx = _with(named)
    for seed in range(12):
        text = " ".join(memo_recommendation(Picker(seed), ctx, "Friday, March 13", options=True))
        assert "should be put to" not in text, text


def test_a_guarantor_confirms_the_cofr_the_coast_guard_issued(published_legal):
    cert = next((published_legal / "room").rglob("Certificate of Financial Responsibility*.md")).read_text(encoding="utf-8")
    assert "National Pollution Funds Center" in cert
    assert "as guarantor" in cert
    assert "Northmoor Mutual P&I Association hereby certifies" not in cert
    assert "Issued by Northmoor Mutual P&I Association." not in cert
    # the guaranty is confirmed by the club's authorised signatory; its claims executive produces the copy and signs
    # nothing (read 10: 'signed by a claims executive')
    assert "Guaranty confirmed for and on behalf of Northmoor" in cert and "Issued by Caitlin" not in cert
    assert "Copy produced by Caitlin" in cert and "by Caitlin Mcguire, Senior Claims Executive, on" not in cert


def test_a_voyage_charter_has_its_part_one_boxes(published_legal):
    # the litigation reader rejected an ASBATANKVOY "with no freight or laytime"
    cp = next((published_legal / "room").rglob("Voyage Charter Party*.md")).read_text(encoding="utf-8")
    for box in ("Part I", "Laydays: commencing", "Discharging port(s):", "Freight rate: Worldscale",
                "Total laytime in running hours", "Demurrage per day: USD", "Part II", "41.3"):
        assert box in cp, box
    assert "Schedule 1" not in cp


def test_chat_never_says_the_teams_own_papers_went_to_the_other_side(published_legal):
    # "does the exposure comparison still match what we sent Kestrel", "anything back from Kestrel on the draft
    # answer": internal papers that never went across
    import re

    from worldsmith.generators.kinds.chat.compose import paper_name

    plan = json.loads((published_legal / "plan.json").read_text(encoding="utf-8"))
    papers = [paper_name(a["title"]).lower() for a in plan["artifacts"] if a["kind"] in ("document", "spreadsheet")]
    said = 0
    for path in (published_legal / "room" / "Chat").rglob("*.json"):
        for m in json.loads(path.read_text(encoding="utf-8")):
            text = m.get("text", "").lower()
            for p in papers:
                if p in text:
                    said += 1
                    assert not re.search(rf"(what we sent|back from|what \w+ sent)[^.]*{re.escape(p)}|"
                                         rf"{re.escape(p)}[^.]*(what we sent|back from)", text), text
    assert said


def test_no_paper_claims_a_dispute_or_a_buyer_the_matter_does_not_have(published_legal):
    # "Result: Kestrel Bay Tankers Ltd.'s figures do not agree with ours on the gross tonnage" (nobody disputed the
    # tonnage) and "..., which a buyer will check first" in an oil-spill litigation memo
    import re

    texts = [p.read_text(encoding="utf-8") for p in (published_legal / "room").rglob("*.md")]
    texts += [p.read_text(encoding="utf-8", errors="replace") for p in (published_legal / "room").rglob("*.eml")]
    for t in texts:
        assert not re.search(r"figures (differ from|do not agree with) ours on", t)
        assert "a buyer will check first" not in t


def test_counsel_to_the_policyholder_has_its_client_on_its_side():
    """Read 9 (fire coverage): 'coverage counsel to the policyholder' and 'the policyholder' share no name or fixed
    role noun, and counsel wrote to its own client 'our position is reserved'."""
    from worldsmith.generators.sides import relations
    from worldsmith.worlds.plan import Org

    orgs = [Org(id="pruett", name="Pruett Lasky LLP", role="insurance coverage counsel to the policyholder",
                domain="pruettlasky.example"),
            Org(id="harlan", name="Harlan Cold Storage, Inc.", role="the policyholder", domain="harlancold.example"),
            Org(id="meridian", name="Meridian Mutual Insurance Company", role="the property insurer",
                domain="meridianmutual.example")]
    known = relations(orgs)
    assert known["pruett"] == ("harlan", "harlan") and known["meridian"] == (None, None)


def test_solicitors_to_the_respondent_employer_have_their_client_on_their_side():
    """Employment-tribunal outline: 'employment solicitors to the respondent employer' named 'the employer' only, so
    the client stayed outside the circle and no task of the world had a client to tell or reply to."""
    from worldsmith.generators.sides import relations
    from worldsmith.worlds.plan import Org

    orgs = [Org(id="asquith", name="Asquith Venn LLP", role="employment solicitors to the respondent employer",
                domain="asquithvenn.example"),
            Org(id="pellory", name="Pellory Freight Limited", role="the respondent employer",
                domain="pelloryfreight.example"),
            Org(id="marlow", name="Marlow Tenby Solicitors", role="solicitors to the claimant", domain="marlow.example")]
    known = relations(orgs)
    assert known["asquith"] == ("pellory", "pellory") and known["marlow"] == (None, None)


def test_an_insurers_report_to_the_insured_is_prepared_for_no_one_across_and_asks_him_to_decide_nothing():
    """Read 9: the adjuster's appraisal was 'prepared for Harlan', said 'Harlan engaged Meridian' and asked the
    insured's risk manager for a decision on Meridian's position."""
    from worldsmith.generators.compose.substance.report import report_background, report_summary
    from tests.generators.context_fixture import RUTH

    ctx = _with([("Harrow Vane LLP", "the property insurer", True, ""),
                 ("Corvale Shipping Ltd", "the policyholder", False, "")]).model_copy(update={"to": [RUTH]})
    for seed in range(6):
        text = " ".join(report_summary(Picker(seed), ctx, "March 5, 2025") + report_background(ctx, "March 5, 2025")
                        + memo_recommendation(Picker(seed), ctx, "Friday, March 13"))
        assert "for Corvale" not in text and "engaged" not in text, text
        assert "Ruth" not in text, text  # the insured confirms no instructions of the insurer's


def test_a_policy_is_the_insurers_declarations_naming_the_policyholder_not_its_counsel():
    """Read 9: a document of doc_type 'policy' came out as the insurer's strategy note."""
    from worldsmith.generators.compose.substance.policy import HEADS, is_policy, policy_bodies

    ctx = _with([("Harrow Vane LLP", "the property insurer", True, ""),
                 ("Lakeshore Counsel LLP", "coverage counsel to the policyholder", False, "Corvale Shipping Ltd"),
                 ("Corvale Shipping Ltd", "the policyholder", False, "")])
    assert is_policy("policy", "Commercial property policy CPP 4471-0926: declarations") and not is_policy("memo", "x")
    text = [s for ps in policy_bodies(Picker(1), ctx, list(HEADS)).values() for s in ps]
    assert text[:2] == ["Named insured: Corvale Shipping Ltd.", "Insurer: Harrow Vane LLP."], text
    assert text[-1].startswith("Issued by Harrow Vane LLP on ") and not any("recommend" in s for s in text)


def test_a_business_income_policy_grants_its_cover_defines_the_period_of_restoration_and_holds_appraisal():
    """Read 16's fresh outline: a business income coverage form printed its limit and a pasted statement ('which the
    parties count as 3 days'), with no insuring agreement, no period of restoration and no appraisal condition."""
    from decimal import Decimal

    from worldsmith.generators.compose.substance.policy import is_policy, policy_bodies, policy_plan
    from worldsmith.generators.context import FactRef
    from worldsmith.worlds.values import Money, Number

    ctx = _with([("Harrow Vane LLP", "the property insurer", True, ""),
                 ("Corvale Shipping Ltd", "the policyholder", False, "")])
    limit = FactRef(id="bi", label="business interruption limit", text="USD 12,000,000",
                    statement="The business interruption limit is USD 12,000,000.",
                    value=Money(amount=Decimal(12000000), currency="USD"))
    wait = FactRef(id="wait", label="waiting period", text="3 days",
                   statement="Cover begins after 72 hours, which the parties count as 3 days.",
                   value=Number(value=Decimal(3), unit="days"))
    spec = ctx.spec.model_copy(update={"title": "Business income and extra expense coverage form", "doc_type": "policy"})
    ctx = ctx.model_copy(update={"spec": spec, "facts": [limit, wait]})
    assert is_policy("policy", spec.title)
    plan = policy_plan(ctx)
    bodies = policy_bodies(Picker(0), ctx, plan)
    by = {k: " ".join(bodies[i]) for i, (_, k) in enumerate(plan)}
    assert all(bodies[i] for i in range(len(plan))), plan  # no heading with nothing under it
    assert "Waiting period: 3 days." in by["declarations"]
    assert "actual loss of Business Income" in by["coverage"] and "Extra Expense" in by["coverage"]
    assert "waiting period of 3 days" in by["definitions"] and "reasonable speed" in by["definitions"]
    assert "Appraisal." in by["conditions"] and "count as" not in " ".join(by.values())
    # a policy whose figures name no first-party cover prints no empty Coverage or Definitions heading
    bare = ctx.model_copy(update={"spec": spec.model_copy(update={"title": "Protection and indemnity entry"}),
                                  "facts": [limit.model_copy(update={"label": "P&I limit"})]})
    assert [k for _, k in policy_plan(bare)] == ["declarations", "conditions", "policy_sign"]


def test_a_reservation_of_rights_names_what_it_reserves_on_and_demands_by_the_deadline():
    """Read 9: 'We reserve all our rights.' named no exclusion, and the demand for proof of loss gave 3 days."""
    import datetime as dt

    from worldsmith.generators.compose.substance.letters import demanded, reserved_on
    from worldsmith.generators.context import FactRef
    from worldsmith.worlds.values import DateValue

    ctx = document_context("letter")
    due = FactRef(id="pol", label="proof of loss deadline", text="August 14, 2026", statement="Due August 14, 2026.",
                  value=DateValue(value=dt.date(2026, 8, 14)))
    spec = ctx.spec.model_copy(update={"purpose": "The insurer reserves its rights on the spoilage exclusion and "
                                                  "demands a sworn proof of loss.", "date": dt.date(2026, 6, 15)})
    ctx = ctx.model_copy(update={"spec": spec, "facts": [due]})
    assert reserved_on(ctx) == ["the spoilage exclusion"]
    assert demanded(ctx) == ("a sworn proof of loss", "August 14, 2026")


def test_an_appraisal_says_how_its_value_was_reached():
    """Read 9: a replacement cost appraisal 'with no valuation method at all'."""
    from worldsmith.generators.compose.substance.report import valuation_method

    assert "no deduction for depreciation" in valuation_method("Replacement cost appraisal: Joliet warehouse")[0]
    assert "less depreciation" in valuation_method("Valuation on actual cash value")[0]
    assert valuation_method("Quality of earnings report") == []


def test_a_writer_names_herself_in_the_first_person_in_her_own_lines_only():
    """Read 9: the CFO wrote 'Harlan's CFO decided to submit the proof of loss' of herself."""
    from worldsmith.generators.kinds.email.compose import first_person
    from tests.generators.context_fixture import person

    cfo = person("cfo_1", "Melissa", "Baker", "Chief Financial Officer", "Harlan Cold Storage, Inc.",
                 "harlancold.example", "+1 313 555 0157")
    body = "On August 10 Harlan's CFO decided to submit.\n> Harlan's CFO decided to submit."
    assert first_person(body, cfo) == "On August 10 I decided to submit.\n> Harlan's CFO decided to submit."
    assert first_person("Meridian's CFO decided.", cfo) == "Meridian's CFO decided."


def test_agreeing_a_thing_is_decided_as_a_clause():
    """Read 9: 'agree the building loss' came out 'We have decided: the building loss'."""
    from worldsmith.generators.beats import decision_object

    assert decision_object("The adjuster and counsel agree the building loss and argue over it.") == \
        "the building loss is agreed"
    assert decision_object("The client decides to reject the tender.") == "reject the tender"


def test_chat_asks_who_has_the_pen_only_on_papers_still_to_come(published_legal, published_diligence,
                                                                 published_hospital):
    # "who is doing the request list" a week after it was finished read as nobody's work (blind read 9): a paper
    # already made is read or commented on; who drafts it is asked only before its day
    # (read over the three examples: a day's figures come first and a pen question takes a post only where they leave
    # one, so whether one world asks it is the draw's; b8e38ce moved two of the tanker's figures onto the two days that
    # asked it, and the tanker asks none since)
    import datetime as dt

    from worldsmith.generators.kinds.chat.compose import paper_name

    asked = 0
    for world in (published_legal, published_diligence, published_hospital):
        plan = json.loads((world / "plan.json").read_text(encoding="utf-8"))
        made = {}
        for a in plan["artifacts"]:
            if a["kind"] in ("document", "spreadsheet"):
                made.setdefault(paper_name(a["title"]).lower(), []).append(dt.date.fromisoformat(a["date"]))
        for path in (world / "room" / "Chat").rglob("20*.json"):
            day = dt.date.fromisoformat(path.stem)
            for m in json.loads(path.read_text(encoding="utf-8")):
                text = m.get("text", "").lower()
                hit = re.search(r"(who has the pen on|where are you on|is anyone on top of|are we on top of|are we on) "
                                r"(the .+?)\?", text)
                if hit and hit.group(2) in made:
                    asked += 1
                    assert any(d > day for d in made[hit.group(2)]), text
    assert asked


def test_a_day_of_chat_is_not_a_chain_of_thanks(published_legal):
    lines = [m.get("text", "") for path in (published_legal / "room" / "Chat").rglob("20*.json")
             for m in json.loads(path.read_text(encoding="utf-8"))]
    thanks = [t for t in lines if re.fullmatch(r"((great|perfect|ok),? )?(thanks|cheers),? \w+", t.strip(), re.I)]
    assert lines and len(thanks) <= 0.1 * len(lines)


def test_an_experts_records_come_from_whoever_the_figures_are():
    """A fresh business-interruption outline: the policyholder's forensic accountants asked the insurer for 'the
    original records behind our findings on the policyholder's business interruption loss' (the policyholder's own
    ledgers); a surveyor's findings on the other side's vessel still ask that side."""
    from tests.generators.context_fixture import MILO

    orgs = [("Harrow Vane LLP", "coverage counsel to the policyholder", True, "Corvale Shipping Ltd"),
            ("Corvale Shipping Ltd", "client; the policyholder", True, ""),
            ("Brightmere Advisory", "forensic accountants retained on the policyholder's behalf", True,
             "Corvale Shipping Ltd"),
            ("Northgate Mutual", "opposing party; the insurer", False, "")]
    ctx = _with(orgs).model_copy(update={"author": MILO})
    ctx = ctx.model_copy(update={"facts": [f.model_copy(update={"label": f"figure {i}"}) for i, f in enumerate(ctx.facts)]})
    labels = [f.label for f in ctx.facts]
    ours = " ".join(memo_recommendation(Picker(1), ctx.model_copy(update={"own_labels": labels}), "Friday, March 13"))
    theirs = " ".join(memo_recommendation(Picker(1), ctx.model_copy(update={"own_labels": []}), "Friday, March 13"))
    assert "obtained from Corvale Shipping Ltd" in ours, ours
    assert "obtained from Northgate Mutual" in theirs, theirs


def test_the_other_sides_auditor_still_asks_the_audited_party_for_the_records():
    """Read 16 (licence audit): the vendor's auditor recommended getting the records 'from Quorvex', its own
    principal, when the records behind its count are the licensee's."""
    orgs = [("Harrow Vane LLP", "counsel to the licensee", True, "Corvale Shipping Ltd"),
            ("Corvale Shipping Ltd", "client; the licensee", True, ""),
            ("Brightmere Advisory", "licence compliance auditors engaged by Northgate Mutual (on the vendor's side)",
             False, "Northgate Mutual"),
            ("Northgate Mutual", "opposing party; the licensor", False, "")]
    from tests.generators.context_fixture import MILO

    ctx = _with(orgs).model_copy(update={"author": MILO})
    ctx = ctx.model_copy(update={"facts": [f.model_copy(update={"label": f"figure {i}"}) for i, f in enumerate(ctx.facts)]})
    text = " ".join(memo_recommendation(Picker(1), ctx.model_copy(update={"own_labels": [f.label for f in ctx.facts]}),
                                        "Friday, March 13"))
    assert "from Northgate Mutual" not in text and "obtained from Corvale Shipping Ltd" in text, text


def test_counsel_to_the_sellers_representative_has_the_sellers_and_their_accountants_on_its_side():
    """An earn-out dispute the sellers bring: counsel 'to the sellers' representative' served no one (the client's
    role 'client; the sellers' representative under ...' gives no name or fixed noun), so a merger agreement was
    'made between Tillbrook Vance LLP (the Sellers) and ...'; the forensic accountants 'retained for the sellers'
    were put across the table by the buy-side word 'sellers'; and the independent accountant 'appointed under the
    merger agreement' was made the client's adviser."""
    from worldsmith.generators.sides import privileged_circle, relations
    from worldsmith.worlds.plan import Org

    orgs = [Org(id="law", name="Penrose Hale LLP", domain="penrosehale.example",
                role="counsel to the sellers' representative for the former shareholders of Wexford Drives Inc."),
            Org(id="rep", name="Oakmere Holder Services LLC", domain="oakmere.example",
                role="client; the sellers' representative under the merger agreement"),
            Org(id="fa", name="Lattimer Forensic LLC", domain="lattimer.example",
                role="forensic accountants retained by Penrose Hale for the sellers"),
            Org(id="buyer", name="Corvel Systems Corp.", domain="corvel.example",
                role="opposing party; the buyer that prepares the earn-out statement"),
            Org(id="neutral", name="Brandt Ives LLP", domain="brandtives.example",
                role="independent accountant appointed under the merger agreement to resolve the disputed items")]
    known = relations(orgs)
    assert known["law"] == ("rep", "rep") and known["fa"][0] == "law"
    assert known["neutral"] == (None, None) and known["buyer"] == (None, None)
    outline = type("O", (), {"organisations": orgs, "cast": [type("C", (), {"organisation": "law"})()]})()
    assert privileged_circle(outline) == {"law", "rep", "fa"}


def test_a_figure_claimed_by_or_read_in_a_partys_paper_is_that_partys_and_a_share_it_bears_is_not():
    """An earn-out memo on the grounds of objection recommended its client (the sellers) 'adopt Adjusted EBITDA in
    the buyer's earn-out statement of USD 12,400,000 as its working figure': a label naming its party further on
    ('in the buyer's earn-out statement', 'claimed by the sellers') was read as no one's. 'The buyer's share of the
    accountant's fee' is what the buyer bears, not a figure the buyer puts forward."""
    from worldsmith.generators.compose.substance.argue import owner_of
    from tests.generators.context_fixture import document_context, fact
    from worldsmith.generators.context import OrgRef
    from worldsmith.worlds.values import Money
    from decimal import Decimal

    orgs = [OrgRef(name="Penrose Hale LLP", role="counsel to the sellers' representative", privileged=True,
                   acts_for="Oakmere Holder Services LLC"),
            OrgRef(name="Oakmere Holder Services LLC", role="client; the sellers' representative", privileged=True),
            OrgRef(name="Corvel Systems Corp.", role="opposing party; the buyer that prepares the statement",
                   privileged=False)]
    usd = Money(amount=Decimal(1000000), currency="USD")
    ctx = document_context("memo").model_copy(update={"organisations": orgs})
    def owner(label: str) -> str:
        return owner_of(ctx, fact("x", "A figure.", usd).model_copy(update={"label": label}))
    assert owner("Adjusted EBITDA in the buyer's earn-out statement") == "Corvel Systems Corp."
    assert owner("earn-out claimed by the sellers") == "Oakmere Holder Services LLC"
    assert owner("Adjusted EBITDA in the sellers' objection notice") == "Oakmere Holder Services LLC"
    assert owner("the buyer's share of the accountant's fee") == ""
    assert owner("Adjusted EBITDA as determined") == ""


def test_whose_figure_a_fact_is_is_worked_out_once_for_a_context_and_fact(monkeypatch):
    """bench.llm_throughput's profile: a document's composer asked owner_of 699 times of 36 (context, fact) pairs, each
    a dozen searches; the same objects give the same answer without them, and another context is asked again."""
    import worldsmith.generators.compose.substance.argue as argue
    from tests.generators.context_fixture import document_context, fact
    from worldsmith.generators.context import OrgRef
    from worldsmith.worlds.values import Money
    from decimal import Decimal

    orgs = [OrgRef(name="Corvel Systems Corp.", role="opposing party; the buyer", privileged=False)]
    ctx = document_context("memo").model_copy(update={"organisations": orgs})
    f = fact("x", "A figure.", Money(amount=Decimal(1000000), currency="USD")).model_copy(
        update={"label": "Adjusted EBITDA in the buyer's earn-out statement"})
    assert argue.owner_of(ctx, f) == "Corvel Systems Corp."
    searched = []
    search = argue.re.search
    monkeypatch.setattr(argue.re, "search", lambda *a, **k: searched.append(a[0]) or search(*a, **k))
    assert argue.owner_of(ctx, f) == "Corvel Systems Corp."
    assert searched == []
    other = ctx.model_copy(update={"organisations": [orgs[0].model_copy(update={"name": "Quorvex Ltd"})]})
    assert argue.owner_of(other, f) == "Quorvex Ltd"


def test_the_landlords_surveyor_is_on_the_landlords_side_not_the_tenants():
    """Read 19 (rent review, tenant's counsel's room): 'the landlord's rent review surveyor' was taken for the one
    client's adviser, so her report was 'prepared for' the tenant and her mail to her own client sat in the tenant's
    file."""
    from worldsmith.generators.sides import principal, privileged_circle, relations
    from worldsmith.worlds.plan import Org

    orgs = [Org(id="law", name="Calloway Reade LLP", domain="cr.example",
                role="real estate counsel to Fenwick Outfitters Inc. (the tenant) on the rent review"),
            Org(id="tenant", name="Fenwick Outfitters Inc.", domain="fo.example",
                role="client; the tenant of the Marlow Square store"),
            Org(id="landlord", name="Marlow Square Holdings LLC", domain="ms.example",
                role="opposing party; the landlord under the lease"),
            Org(id="surveyor", name="Tallis Brook Valuation", domain="tb.example",
                role="the landlord's rent review surveyor"),
            Org(id="ours", name="Penhale Surveyors", domain="ps.example", role="the tenant's valuation surveyor")]
    known = relations(orgs)
    assert known["surveyor"] == ("landlord", "landlord") and principal(orgs, "ours") == "tenant"
    outline = type("O", (), {"organisations": orgs, "cast": [type("C", (), {"organisation": "law"})()]})()
    assert privileged_circle(outline) == {"law", "tenant", "ours"}


def _letter_from(role: str, acts_for: str = "") -> list[str]:
    """The lines of the fixture's letter (Harrow Vane LLP to Corvale's CFO) when Harrow Vane's role is `role`."""
    from worldsmith.generators.compose.substance.letters import letter_bodies

    ctx = document_context("letter")
    refs = [OrgRef(name="Harrow Vane LLP", role=role, privileged=False, acts_for=acts_for),
            OrgRef(name="Corvale Shipping Ltd", role="the general contractor", privileged=True, acts_for=""),
            OrgRef(name="Tallow Health", role="the owner", privileged=False, acts_for="")]
    ctx = ctx.model_copy(update={"organisations": refs, "to": [ctx.to[1]]})
    plan = [("Position", "position"), ("Reservation of rights", "reservation")]
    return [x for lines in letter_bodies(Picker(3, "letter"), ctx, plan, "June 1, 2026").values() for x in lines]


def test_an_adviser_who_is_no_lawyer_reserves_no_rights_in_its_letter_and_a_party_still_does():
    """Read 19 (construction delay): 'The certifying architect writes as a party ("We reserve all our rights.
    Nothing in this letter is an admission")'; an owner's claims consultant is no party either."""
    assert not any("reserve" in x for x in _letter_from("claims consultant to the owner", "Tallow Health"))
    assert any("reserve" in x for x in _letter_from("the owner and employer under the construction contract"))


def test_copies_to_the_other_addressees_only_when_there_are_others():
    """Read 19 (rent review): "'Copies to the other addressees' when there are none"."""
    from worldsmith.generators.compose.bank import bank
    from worldsmith.generators.compose.parties import in_voice

    ctx = document_context("letter")
    frames = bank("email")["attach"]["outside"]
    alone = ctx.model_copy(update={"to": [ctx.to[1]], "cc": []})
    assert not any("addressees" in f for f in in_voice(alone, frames))
    # read 20 rejected the line even with others copied ('"Copies to the other addressees" with one cc'): it is gone
    assert not any("addressees" in f for f in in_voice(ctx, frames))
    assert in_voice(ctx, frames)


def test_an_opposing_party_acts_for_no_one_whatever_its_role_says_of_it():
    # read 21 (an unseen franchise outline): "opposing party; the franchisee of 14 Brightmoor restaurants" was read as
    # acting for Brightmoor, and the demand to the franchisee's CEO asked her to confirm "that your client will pay"
    from types import SimpleNamespace as NS

    from worldsmith.generators.sides import relations

    orgs = [NS(id="firm", name="Halden Price LLP", role="counsel to Brightmoor Kitchens LLC"),
            NS(id="bk", name="Brightmoor Kitchens LLC", role="client; the franchisor"),
            NS(id="oak", name="Oakfield Dining Inc.", role="opposing party; the franchisee of 14 Brightmoor restaurants"),
            NS(id="rm", name="Revell Marsh LLP", role="opposing counsel; counsel to Oakfield Dining Inc.")]
    found = relations(orgs)
    assert found["oak"] == (None, None)
    assert found["rm"][0] == "oak" and found["firm"][0] == "bk"


def test_a_companys_own_policy_is_no_insurance_form_and_a_form_quotes_only_what_it_establishes():
    # an unseen outline at seed 223: a revised compliance programme (doc_type policy) came out as a property insurer's
    # declarations, its 'Conditions' pasting the statement of a fact that only other papers establish
    # (fact_statement_established_only)
    import datetime as dt

    from worldsmith.generators.compose.substance.policy import HEADS, is_policy, policy_bodies
    from worldsmith.generators.context import FactRef
    from worldsmith.worlds.values import DateValue

    assert not is_policy("policy", "Revised export compliance programme and screening procedure")
    assert not is_policy("policy", "Records retention policy")
    assert is_policy("policy", "Certified copy of the commercial property policy: business income coverage form")
    assert is_policy("policy", "Commercial property policy CPP 4471-0926: declarations")
    ctx = _with([("Harrow Vane LLP", "the property insurer", True, ""),
                 ("Corvale Shipping Ltd", "the policyholder", False, "")])
    ended = FactRef(id="ended", label="agency terminated", text="February 12, 2026",
                    statement="Corvale terminated its agency agreement with the broker on February 12, 2026.",
                    value=DateValue(value=dt.date(2026, 2, 12)))
    text = " ".join(s for ps in policy_bodies(Picker(1), ctx.model_copy(update={"facts": [ended]}),
                                              list(HEADS)).values() for s in ps)
    assert ended.statement not in text and "February 12, 2026" in text, text
    told = ended.model_copy(update={"establish": True})
    text = " ".join(s for ps in policy_bodies(Picker(1), ctx.model_copy(update={"facts": [told]}),
                                              list(HEADS)).values() for s in ps)
    assert ended.statement in text, text

"""Instruments and decisions a blind expert rejected in read 29 (documents 0 of 18): an insurance policy typed as an
agreement, a discharge and release, a deed of settlement, a tribunal's decision (one test each, composed from a
context, no world planned)."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

from worldsmith.generators.context import OrgRef
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.worlds.values import DateValue, Money
from tests.generators.context_fixture import document_context, fact, person

_UNDERWRITER = person("uw_1", "Helen", "Marsh", "Senior Underwriter", "Albury Marine & General plc",
                      "alburymg.example", "+44")
_CLAIMS = person("cm_1", "Owen", "Tate", "Claims Manager", "Albury Marine & General plc", "alburymg.example", "+44")
_INSURED = person("fd_1", "Rhian", "Blake", "Finance Director", "Corran Foods Ltd", "corranfoods.example", "+44")
_ORGS = [OrgRef(name="Albury Marine & General plc", role="the insurer; issued the contamination insurance policy"),
         OrgRef(name="Corran Foods Ltd", role="the insured; maker of chilled ready meals, the claimant"),
         OrgRef(name="Pellow Ingredients Ltd", role="supplier of the contaminated spice blend; the target of "
                                                      "subrogation")]


def _money(key: str, statement: str, amount: int, label: str):
    return fact(key, statement, Money(amount=Decimal(amount), currency="GBP")).model_copy(update={"label": label})


def _policy_context(title: str, seed: int = 3):
    limit = _money("limit", "The policy has a limit of indemnity of GBP 5,000,000 any one loss.", 5_000_000,
                   "limit of indemnity")
    excess = _money("excess", "Each loss is subject to a deductible of GBP 250,000.", 250_000, "deductible")
    sub = _money("sub", "Loss of gross profit is covered only under Extension 2 (business interruption), subject to "
                 "a sub-limit of GBP 1,500,000.", 1_500_000, "business interruption sub-limit")
    loss = fact("loss_day", "Corran Foods withdrew the affected meals on 2 March 2026.",
                DateValue(value=dt.date(2026, 3, 2)))
    ctx = document_context("agreement", 9, seed=seed, facts=[limit, excess, sub, loss])
    return ctx.model_copy(update={
        "organisations": _ORGS, "author": _UNDERWRITER, "to": [_CLAIMS, _INSURED], "locale": "en_GB",
        "window_start": dt.date(2026, 3, 9),
        "world_summary": "Corran Foods Ltd withdraws chilled meals after a contaminated spice blend; its "
                         "contamination insurer, Albury Marine & General plc, adjusts the claim.",
        "spec": ctx.spec.model_copy(update={
            "title": title, "date": dt.date(2026, 3, 10),
            "purpose": "The policy as issued, with the insuring clause, the extensions, the exclusions and the claims "
                       "conditions."})})


def test_a_paper_headed_insurance_policy_is_the_insurers_form_issued_before_the_loss_whatever_its_doc_type():
    # read 29: an 'agreement'-typed 'insurance policy ...: schedule and wording (certified copy)' was headed 'Subject
    # to contract - Draft', dated after the recall, payable 'within thirty days of a valid invoice', with no insuring
    # clause, period of insurance or extension
    for seed, title in enumerate(["Product contamination insurance policy AMG-2025-0917: schedule and wording "
                                  "(certified copy)", "Contamination insurance policy AMG-2025-0917 (as issued)"]):
        doc = compose_document(_policy_context(title, seed))
        prose = "\n".join(p for s in doc.sections for p in s.paragraphs)
        assert "Subject to contract" not in doc.subtitle and "invoice" not in prose, (doc.subtitle, prose)
        assert "Policy number: AMG-2025-0917." in prose and "Insuring clause. Albury Marine & General plc" in prose
        assert "Extension 2 (business interruption)." in prose and "Subrogation." in prose, prose
        start = re.search(r"Period of insurance: from 00:00 on (\d+ \w+ \d{4})", prose)
        issued = re.search(r"Issued by Albury Marine & General plc on (\d+ \w+ \d{4})", prose)
        assert start and issued, prose
        day = lambda s: dt.datetime.strptime(s, "%d %B %Y").date()  # noqa: E731
        assert day(issued.group(1)) < day(start.group(1)) < dt.date(2026, 3, 2), prose
        assert ("certified" in title) == ("Certified copy produced by Helen Marsh" in doc.subtitle), doc.subtitle


def _release_context(title: str, seed: int = 5):
    indemnity = _money("indemnity", "The insurer pays the lesser of the net loss and the limit, GBP 3,100,000.",
                       3_100_000, "indemnity payable")
    interim = _money("interim", "The insurer made an interim payment on account of GBP 1,000,000.", 1_000_000,
                     "interim payment")
    balance = _money("balance", "Less the interim payment, the balance due to Corran Foods is GBP 2,100,000.",
                     2_100_000, "balance payable")
    ctx = document_context("agreement", 6, seed=seed, facts=[indemnity, balance, interim])
    return ctx.model_copy(update={
        "organisations": _ORGS, "author": _CLAIMS, "to": [_INSURED], "locale": "en_GB",
        "world_summary": "Corran Foods Ltd withdraws chilled meals after a contaminated spice blend; Albury Marine & "
                         "General plc accepts the claim and reserves its subrogation rights against the supplier.",
        "spec": ctx.spec.model_copy(update={"title": title, "date": dt.date(2026, 6, 12), "purpose":
                                            "The settlement discharging the insurer on payment of the balance."})})


def test_a_discharge_and_release_pays_the_balance_releases_the_insurer_and_reserves_subrogation():
    # read 29: a 'Discharge and release' with no discharge or release wording, no payment mechanics and no reservation
    # of subrogation, carrying a mutual indirect-loss exclusion
    for seed, title in enumerate(["Discharge and release: Corran Foods contamination claim",
                                  "Release and discharge: Corran Foods contamination claim"]):
        doc = compose_document(_release_context(title, seed))
        prose = "\n".join(p for s in doc.sections for p in s.paragraphs)
        assert "The Insurer shall pay the Insured GBP 2,100,000, the balance payable, within ten Business Days" in prose
        assert "acknowledges receipt of GBP 1,000,000, the interim payment" in prose, prose
        assert "releases and forever discharges the Insurer" in prose and "rights of subrogation, which are reserved, " \
            "including against Pellow Ingredients Ltd" in prose, prose
        assert "consequential loss" not in prose and "admission of liability" not in prose, prose


def _deed_context(day: dt.date, seed: int = 2):
    total = _money("sum", "Harlan Minerals Limited pays GBP 18,000,000 in full settlement of the group members' claims, "
                   "inclusive of costs and interest.", 18_000_000, "settlement sum")
    firms = [OrgRef(name="Quill Barton Lawyers", role="solicitors for the applicant and group members"),
             OrgRef(name="Dunmore Price", role="solicitors for the respondent, Harlan Minerals Limited; the other side")]
    a = person("qb_1", "Nia", "Osei", "Partner", "Quill Barton Lawyers", "quillbarton.example", "+61")
    b = person("dp_1", "Liam", "Reyes", "Partner", "Dunmore Price", "dunmoreprice.example", "+61")
    ctx = document_context("agreement", 7, seed=seed, facts=[total])
    return ctx.model_copy(update={
        "organisations": firms, "author": b, "to": [a], "locale": "en_AU", "window_start": dt.date(2026, 5, 4),
        "world_title": "Okoro v Harlan Minerals Limited: settlement approval",
        "world_summary": "Okoro v Harlan Minerals Limited (VID 220 of 2024), a shareholder class action, settled for "
                         "GBP 18,000,000. Quill Barton Lawyers act for the applicant. On June 30, 2026 the Court "
                         "approves the settlement and the group members register to share in it.",
        "spec": ctx.spec.model_copy(update={"title": "Deed of settlement: Okoro v Harlan Minerals Limited (VID 220 of "
                                                     "2024), executed copy", "date": day,
                                            "purpose": "The executed deed with the settlement sum and the release."})})


def test_a_deed_of_settlement_is_between_the_parties_signed_on_its_date_and_conditional_on_approval_until_given():
    # read 29: a class action's deed 'made between the two law firms', 'each Party bears its own costs', payable in 10
    # business days with no approval condition, 'dated 3 Aug but signed 1 Jul'
    for day, conditional in ((dt.date(2026, 5, 11), True), (dt.date(2026, 7, 6), False)):
        doc = compose_document(_deed_context(day))
        prose = "\n".join(p for s in doc.sections for p in s.paragraphs)
        assert prose.startswith("This Deed of Settlement is dated") and "(1) Okoro (the Applicant) and (2) Harlan " \
            "Minerals Limited (the Respondent)" in prose, prose[:300]
        assert "Okoro brought proceeding VID 220 of 2024 against Harlan Minerals Limited" in prose, prose
        assert "inclusive of costs and interest" in prose and "bears its own costs" not in prose, prose
        assert ("conditional on the Court approving the settlement" in prose) == conditional, prose
        assert ("after the Approval Date" in prose) == conditional and "The Court approved the settlement on 30 " \
            "June 2026" in prose or conditional, prose
        dates = re.findall(r"^Date: (.+)$", prose, re.M)
        assert dates and set(dates) == {f"{day.day} {day:%B %Y}"}, dates
        assert "Executed copy" in doc.subtitle and "Subject to contract" not in doc.subtitle, doc.subtitle
        assert "executed this deed" in prose or "signed this deed" in prose, prose


def _decision_context(title: str, locale: str, author_org: OrgRef, author, summary: str, facts, seed: int = 4):
    ctx = document_context("decision", 6, seed=seed, facts=facts)
    return ctx.model_copy(update={
        "organisations": [author_org, OrgRef(name="Marlow Ceramics S.A.", role="client; the taxpayer, a tile maker"),
                          OrgRef(name="Ferraz Lobo Advogados", role="tax counsel to Marlow Ceramics S.A.")],
        "author": author, "to": [_INSURED], "locale": locale, "world_summary": summary,
        "spec": ctx.spec.model_copy(update={"title": title, "date": dt.date(2026, 4, 2),
                                            "purpose": "The first-instance decision keeping the tax and reducing "
                                                       "the fine."})})


def test_a_tribunals_decision_is_the_benchs_in_its_countrys_form_never_one_judges_confidential_final_word():
    # read 29: a DRJ acórdão written as one Relator's 'I determine the ex officio fine', marked 'Confidential', 'final
    # on the points it decides' though appealed to CARF; sealed orders written as the solicitors' memo
    tax = _money("tax", "The tax upheld is GBP 2,000,000.", 2_000_000, "tax upheld").model_copy(
        update={"value": Money(amount=Decimal(2_000_000), currency="BRL"), "text": "BRL 2,000,000"})
    panel = OrgRef(name="Regional Judgment Office, 3rd Panel", role="first-instance administrative tax tribunal; the "
                                                                    "decision-maker")
    judge = person("j_1", "Paulo", "Reis", "Reporting Member", "Regional Judgment Office, 3rd Panel", "rjo.example",
                   "+55")
    doc = compose_document(_decision_context(
        "Acordao 03-112.908: decision on the challenge (IRPJ, 2022)", "pt_BR", panel, judge,
        "Marlow Ceramics S.A. challenged an IRPJ assessment; the first-instance decision keeps the tax, and the "
        "taxpayer appeals to CARF.", [tax]))
    heads = [s.heading for s in doc.sections]
    prose = "\n".join(p for s in doc.sections for p in s.paragraphs)
    assert [h.split(" (")[0] for h in heads[:4]] == ["Ementa", "Relatório", "Voto", "Dispositivo"], heads
    assert "the members of Regional Judgment Office, 3rd Panel decided, unanimously" in prose, prose
    assert "voluntary appeal" in prose and "final" not in prose and not re.search(r"\bI (determine|have)\b", prose)
    assert "onfidential" not in doc.subtitle and doc.subtitle.startswith("Regional Judgment Office"), doc.subtitle
    # a court's orders in a party's file: the court's caption and numbered orders, no memo, no recommendation
    firm = OrgRef(name="Quill Barton Lawyers", role="solicitors for the applicant, and Court-appointed administrator")
    cap = _money("cap", "The orders cap the administrator's costs at GBP 400,000.", 400_000, "administration costs cap")
    doc = compose_document(_decision_context(
        "Sealed orders of April 2, 2026: settlement approval", "en_AU", firm,
        person("qb_1", "Nia", "Osei", "Partner", "Quill Barton Lawyers", "quillbarton.example", "+61"),
        "Okoro v Harlan Minerals Limited (VID 220 of 2024), a Federal Court of Australia class action, settled; the "
        "applicant's solicitors administer the scheme.", [cap]))
    prose = "\n".join(p for s in doc.sections for p in s.paragraphs)
    assert "IN THE FEDERAL COURT OF AUSTRALIA" in prose and "Okoro (Applicant)" in prose, prose
    assert "1. The administrator's costs be capped at GBP 400,000." in prose and "recommend" not in prose, prose
    assert doc.subtitle.startswith("Copy circulated by Nia Osei"), doc.subtitle


def test_a_reservation_of_rights_names_each_matter_it_reserves_on_with_its_ground():
    # read 29: an insurer's reservation of rights 'that reserves nothing specific: "Grounds" just repeats the
    # deductible'
    sub = _money("sub", "Loss of gross profit is covered only under Extension 2 (business interruption), subject to a "
                 "sub-limit of GBP 1,500,000.", 1_500_000, "business interruption sub-limit")
    excess = _money("excess", "Each loss is subject to a deductible of GBP 250,000.", 250_000, "deductible")
    for seed, (title, purpose, items) in enumerate([
            ("Reservation of rights letter: Corran Foods contamination claim",
             "The insurer acknowledges the claim and reserves its position on business interruption losses and on "
             "the source of the contamination.", ["business interruption losses", "the source of the contamination"]),
            ("Reservation of rights: Corran Foods claim", "Reserves its rights as to the late notice of the claim.",
             ["the late notice of the claim"])]):
        ctx = document_context("letter", 4, seed=seed, facts=[sub, excess])
        ctx = ctx.model_copy(update={
            "organisations": _ORGS, "author": _CLAIMS, "to": [_INSURED], "locale": "en_GB",
            "spec": ctx.spec.model_copy(update={"title": title, "purpose": purpose, "date": dt.date(2026, 3, 20)})})
        prose = "\n".join(p for s in compose_document(ctx).sections for p in s.paragraphs)
        for n, item in enumerate(items):
            assert f"({'ab'[n]}) As to {item}: " in prose, prose
        if len(items) == 2:
            assert re.search(r"\(a\) As to business interruption losses: [^\n]*GBP 1,500,000", prose), prose
        assert "without waiver of any of these rights" in prose, prose


def test_a_subrogated_insurers_notice_is_given_in_its_insureds_rights_not_under_the_policy():
    # read 29: a notice of subrogated claim to the supplier 'says it is "given under the policy", to which [the
    # supplier] is not a party'
    paid = _money("paid", "The insurer paid Corran Foods GBP 3,100,000 under the policy.", 3_100_000, "indemnity paid")
    supplier = person("pi_1", "Tom", "Gale", "Commercial Director", "Pellow Ingredients Ltd", "pellow.example", "+44")
    for seed, title in enumerate(["Notice of subrogated claim to Pellow Ingredients",
                                  "Notice of claim: subrogated recovery from Pellow Ingredients"]):
        ctx = document_context("letter", 4, seed=seed, facts=[paid])
        ctx = ctx.model_copy(update={
            "organisations": _ORGS, "author": _CLAIMS, "to": [supplier], "locale": "en_GB",
            "world_summary": "Corran Foods Ltd withdraws chilled meals after a contaminated spice blend; its insurer, "
                             "Albury Marine & General plc, pays the claim under the policy and recovers from the "
                             "supplier.",
            "spec": ctx.spec.model_copy(update={"title": title, "date": dt.date(2026, 7, 1), "purpose":
                                                "Puts the supplier on notice that the insurer, subrogated to the "
                                                "insured, will recover what it paid."})})
        prose = "\n".join(p for s in compose_document(ctx).sections for p in s.paragraphs)
        assert re.search(r"is (given|made) under the law of subrogation", prose) and "stands in Corran Foods Ltd's " \
            "rights against you" in prose, prose
        assert "given under the policy" not in prose, prose

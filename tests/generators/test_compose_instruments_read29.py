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

"""Documents a blind expert rejected in read 10: an addressee placed in the wrong state, an engagement letter whose
acceptance ran into the firm's sign-off with no standards or limitation of liability, and more (one test each)."""

from __future__ import annotations

from worldsmith.generators.compose.genres import home_place, letterhead
from worldsmith.generators.kinds.document.compose import compose_document
from tests.generators.context_fixture import CAP, DEADLINE, document_context


def test_an_organisation_the_plan_places_in_a_state_has_its_address_there():
    # read 10: 'an Ohio health system's committee chair addressed at "506 Fannin Street, Houston"'
    summary = ("The audit committee of St. Aldric Health System, a three-hospital nonprofit system in Ohio, engages "
               "Brannock Yeats LLP.")
    assert home_place("St. Aldric Health System", "client", summary) == ("", "Ohio")
    line = letterhead("St. Aldric Health System", "staldric.example", "en_US", "client", summary)
    assert ", Ohio" in line and "Houston" not in line, line
    assert home_place("Brannock Yeats LLP", "auditor", summary) == ("", "")  # the summary places only St. Aldric
    assert letterhead("Brannock Yeats LLP", "b.example", "en_US", "auditor", summary) == \
        letterhead("Brannock Yeats LLP", "b.example", "en_US")
    # a state whose streets are not known: the state alone, never an invented city elsewhere
    assert letterhead("Prairie Co", "p.example", "en_US", "a grain trader based in Kansas").split(" · ")[1] == "Kansas"


def test_an_engagement_letter_signs_off_then_has_a_countersignature_block_and_its_terms():
    # read 10: 'the client's acceptance block placed before the firm's sign-off and both run together in prose; no
    # fees, no professional standards basis, no limitation of liability'
    from worldsmith.generators.context import OrgRef
    from tests.generators.context_fixture import DANA, RUTH, SAM

    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale", privileged=True, acts_for="Corvale Shipping Ltd"),
            OrgRef(name="Corvale Shipping Ltd", role="client", privileged=True)]
    for n in (4, 6):
        ctx = document_context("letter", n, seed=5, facts=[CAP, DEADLINE])
        ctx = ctx.model_copy(update={"organisations": orgs, "to": [RUTH], "cast": [SAM, DANA, RUTH],
                                     "spec": ctx.spec.model_copy(update={"title": "Engagement letter: Corvale cargo claim"})})
        doc = compose_document(ctx)
        paras = [p for s in doc.sections for p in s.paragraphs]
        prose = " ".join(paras)
        close = next(i for i, p in enumerate(paras) if p.startswith("Yours sincerely"))
        accept = next(i for i, p in enumerate(paras) if p.startswith("Agreed and accepted"))
        assert close < accept, paras[-8:]
        assert "Yours" not in paras[accept] and paras[accept].endswith(":")
        assert paras[accept + 1].startswith("Signed:") and paras[accept + 2] == f"Name: {RUTH.name}", paras[accept:]
        assert "limited to the fees paid" in prose and "rules of professional conduct" in prose, prose
        assert prose.count("Agreed and accepted") == 1


def test_a_models_prose_never_replaces_the_countersignature_block():
    from worldsmith.generators.kinds.document import _FORMAL

    for line in ("Agreed and accepted for and on behalf of Corvale Shipping Ltd:", "Signed: ____________________",
                 "Name: Ruth Abara", "Date: ____________________"):
        assert _FORMAL.search(line), line
    assert not _FORMAL.search("The name of the vessel is on the certificate.")


def test_committee_minutes_record_the_decision_with_its_reason_and_deadline_and_list_the_members():
    # read 10: 'minutes that record a decision meeting without the decision, its reason and its deadline; an audit
    # committee with one director present (list the committee's members from the cast)'
    import datetime as dt

    from tests.generators.context_fixture import DECISION, RUTH, SAM, person

    decision = DECISION.model_copy(update={"statement": "On March 5, 2025 the claims committee approved the "
                                                        "settlement range rather than defend the claim to trial"})
    deadline = DEADLINE.model_copy(update={"statement": "Because the notice was served on February 12, 2025, the "
                                                        "deadline for the notice of claim falls on March 14, 2025"})
    chair = person("chair_1", "Ada", "Moss", "Chair of the Claims Committee", "Corvale Shipping Ltd", "corvale.test",
                   "+44 20 7946 0111")
    member = person("member_1", "Ivo", "Kent", "Member of the Claims Committee", "Corvale Shipping Ltd", "corvale.test",
                    "+44 20 7946 0112")
    absent = person("member_2", "Lea", "Ward", "Member of the Claims Committee", "Corvale Shipping Ltd", "corvale.test",
                    "+44 20 7946 0113")
    ctx = document_context("minutes", 4, seed=3, facts=[decision, deadline])
    ctx = ctx.model_copy(update={"to": [chair, member, RUTH], "cast": [ctx.author, SAM, RUTH, chair, member, absent]})
    assert ctx.facts[1].value.value > dt.date(2025, 3, 5)
    doc = compose_document(ctx)
    prose = " ".join(p for s in doc.sections for p in s.paragraphs)
    assert "rather than defend the claim to trial" in prose, prose
    assert "Deadline: it is to be carried out before" in prose and "March 14, 2025" in prose, prose
    attendees = " ".join(p for s in doc.sections if s.heading == "Attendees" for p in s.paragraphs)
    assert attendees.startswith("Members of the claims committee present: "), attendees
    for p in (chair, member):
        assert p.name in attendees.split("Apologies")[0], (p.name, attendees)
    assert f"Apologies: {absent.name}." in attendees  # a member of the cast not at the meeting sends apologies
    assert RUTH.name in attendees.split("In attendance")[1]
    table = next(s.table for s in doc.sections if s.heading == "Attendees")
    assert table.columns[-1] == "Capacity" and sum(r[-1] == "Member" for r in table.rows) == 2
    assert absent.name not in [r[0] for r in table.rows]


def _deal_doc(doc_type: str, title: str, sections: int):
    from tests.generators.context_fixture import FINANCE_VOICE

    ev = CAP.model_copy(update={"id": "enterprise_value", "label": "the revised enterprise value",
                                "statement": "The revised enterprise value is USD 98,400,000",
                                "reason": "the EBITDA multiple times the adjusted EBITDA",
                                "source": 'the "Revised enterprise value" line of the Valuation model summary: Project X'})
    ctx = document_context(doc_type, sections, seed=4, facts=[ev], voice=FINANCE_VOICE)
    return compose_document(ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": title})}))


def test_heads_of_terms_bridge_the_enterprise_value_to_the_price_for_the_shares():
    # read 10: 'heads of terms that treat enterprise value as the price with no cash-free/debt-free bridge'
    doc = _deal_doc("heads of terms", "SPA heads of terms: price mechanics", 7)
    consideration = " ".join(p for s in doc.sections if s.heading == "Consideration" for p in s.paragraphs)
    assert "USD 98,400,000" in consideration
    assert "cash-free, debt-free" in consideration and "less its financial debt and debt-like items" in consideration
    assert "plus the cash of the Company at Completion" in consideration, consideration


def test_an_ic_paper_has_a_leverage_equity_and_returns_section_without_inventing_figures():
    # read 10: 'an investment committee paper with no returns, leverage or equity cheque section'
    import re

    for n in (6, 10):
        doc = _deal_doc("investment committee memo", "Investment Committee memorandum: Project X", n)
        heads = [s.heading for s in doc.sections]
        assert "Financing, Leverage and Returns" in heads, heads
        text = " ".join(p for s in doc.sections if s.heading == "Financing, Leverage and Returns" for p in s.paragraphs)
        assert "equity cheque" in text and "IRR" in text and "Valuation model summary: Project X" in text, text
        # no figure but the ledger's
        assert set(re.findall(r"\d[\d,.]*", text)) <= {"98,400,000"}, text

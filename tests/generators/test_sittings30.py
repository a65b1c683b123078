"""Blind read 30: records of meetings by the body that holds them (a mediator's acta written as a firm's 'Confidential -
Minutes' of 'the call'; a board acta with no directors, quorum or secretary; a union delegate chairing the works
council, which the employer presides). Composed on the context fixture, no world planned."""

from __future__ import annotations

import re

from tests.generators.context_fixture import DANA, RUTH, document_context, person
from worldsmith.generators.context import OrgRef
from worldsmith.generators.kinds.document.compose import compose_document

_ORGS = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale Shipping Ltd", privileged=True,
                acts_for="Corvale Shipping Ltd"),
         OrgRef(name="Corvale Shipping Ltd", role="client; the employer", privileged=True)]


def _minutes(title: str, author, to, orgs, locale: str = "en_GB"):
    ctx = document_context("minutes", 4, seed=5)
    spec = ctx.spec.model_copy(update={"title": title, "author": author.id})
    return compose_document(ctx.model_copy(update={"organisations": orgs, "author": author, "to": to, "cc": [],
                                                   "locale": locale, "spec": spec}))


def _text(doc) -> str:
    return "\n".join([doc.subtitle] + [s.heading for s in doc.sections] + [p for s in doc.sections for p in s.paragraphs])


def test_a_works_council_is_presided_by_the_employer_never_a_union_delegate_first_in_the_list():
    council = "Works council of the Tilbury site"
    secretary = person("sec_1", "Anne", "Roche", "Secretary of the works council", council, "wc.example", "+1")
    delegate = person("del_1", "Paul", "Marest", "Union delegate", council, "wc.example", "+2")
    hr = RUTH.model_copy(update={"title": "HR Director", "seniority": "executive"})
    for title in ("Minutes of the works council meeting on the restructuring", "Proces-verbal de la reunion du CSE"):
        doc = _minutes(title, secretary, [delegate, hr, DANA], _ORGS + [OrgRef(name=council, role="the staff's body")])
        text = _text(doc)
        assert "Presiding, for Corvale Shipping Ltd: Ruth Abernethy (HR Director)" in text, text
        assert not re.search(r"Paul Marest (?:chaired|was in the chair|took the chair)|Chair: Paul|Paul to approve",
                             text), text
        assert "Paul Marest (Union delegate)" in text.split("For the staff's side:")[1], text


def test_a_board_acta_in_the_matters_language_records_its_directors_quorum_chair_and_secretary():
    cfo = person("cfo_2", "Rosa", "Blanco", "Chief Financial Officer", "Corvale Shipping Ltd", "corvale.test", "+3")
    ceo = RUTH.model_copy(update={"title": "Chief Executive Officer", "seniority": "executive"})
    for title in ("Acta de la sesión del consejo de administración: la auditoría", "Board minutes: the audit"):
        text = _text(_minutes(title, cfo, [ceo, DANA], _ORGS, "es_MX"))
        # (the chief executive sits as a director, never in the chair: the board's chair holds it, blind read 33)
        assert "Members of the board present: the Chair of the board, in the chair, and Ruth Abernethy (Chief " \
               "Executive Officer, Corvale Shipping Ltd)" in text, text
        assert "a quorum was present" in text and "Rosa Blanco acted as secretary" in text, text


def test_a_public_bodys_record_of_a_meeting_it_held_is_its_own_record_not_a_firms_confidential_minutes():
    office = "Taxpayer Ombudsman Office"
    officer = person("med_1", "Lucia", "Serrano", "Delegate for conclusive agreements", office, "omb.example", "+4")
    auditor = person("aud_1", "Irene", "Vidal", "Audit manager", "Customs Audit Office", "cao.example", "+5")
    orgs = _ORGS + [OrgRef(name=office, role="the taxpayer ombudsman, mediator between the company and the authority"),
                    OrgRef(name="Customs Audit Office", role="the customs audit office conducting the desk audit")]
    doc = _minutes("Record of the working meeting at the ombudsman", officer, [DANA, auditor], orgs, "es_MX")
    text = _text(doc)
    assert re.match(r"File no\. [A-Z]+-\d{3} ", doc.subtitle) and "Confidential" not in doc.subtitle, doc.subtitle
    assert "Minutes taken" not in text and not re.search(r"\bthe call\b", text, re.I), text
    assert "Before Lucia Serrano (Delegate for conclusive agreements, Taxpayer Ombudsman Office)" in text, text
    assert "Appearing for Corvale Shipping Ltd: Dana Okafor (Partner, Harrow Vane LLP)" in text, text
    assert "Appearing for Customs Audit Office: Irene Vidal (Audit manager)" in text, text
    assert doc.sections[-1].heading == "Signatures" and "Irene Vidal" in doc.sections[-1].paragraphs[0], text


def test_counsels_filing_with_an_authority_states_what_is_filed_under_what_with_enclosures_and_reserves_nothing():
    # (blind read 30: a request for validation to a labour administration reserving the client's rights and asking for
    # an answer by the day before the administration's own deadline; no request, no enclosures)
    from decimal import Decimal

    from tests.generators.context_fixture import fact
    from worldsmith.worlds.values import Money

    inspector = person("insp_1", "Claire", "Morand", "Labour inspector", "Regional Labour Office", "rlo.example", "+6")
    budget = fact("plan_budget", "The plan's budget under article 12 of the Employment Code is EUR 8,000,000.",
                  Money(amount=Decimal("8000000"), currency="EUR")).model_copy(
        update={"label": "plan budget", "source": 'the "Plan budget" line of the Budget of the plan'})
    ctx = document_context("letter", 4, seed=5, facts=[budget])
    orgs = _ORGS + [OrgRef(name="Regional Labour Office", role="the labour administration that inspects the procedure "
                                                              "and validates the plan")]
    spec = ctx.spec.model_copy(update={"title": "Request for validation of the majority agreement"})
    doc = compose_document(ctx.model_copy(update={"organisations": orgs, "to": [inspector], "cc": [RUTH],
                                                  "locale": "en_GB", "spec": spec}))
    text = _text(doc)
    assert not re.search(r"reserv|without prejudice|grateful for your (?:response|reply)|respond by|reply by", text,
                         re.I), text
    assert ("On behalf of our client, Corvale Shipping Ltd, we ask the Regional Labour Office for validation of the "
            "majority agreement, under article 12 of the Employment Code, on the grounds set out below.") in text, text
    assert next(s for s in doc.sections if s.heading == "Enclosures").paragraphs == ["1. Budget of the plan."], text


def test_a_common_law_bodys_note_of_its_meeting_is_not_signed_round():
    office = "Office of Inspector General"
    officer = person("oig_1", "Lena", "Ortiz", "Audit manager", office, "oig.example", "+7")
    orgs = _ORGS + [OrgRef(name=office, role="auditor; the Inspector General's office that audited the award")]
    doc = _minutes("Minutes: Exit conference with the Inspector General", officer, [DANA], orgs)
    assert doc.subtitle.startswith("File no. ") and doc.sections[-1].heading != "Signatures", _text(doc)

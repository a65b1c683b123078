"""Papers written in their genre's own form (blind read 34, issue 17 point 3): a first-instance decision that one judge
gives is his decision, never a panel's acórdão, and says each thing once (one test each, composed from a context, no
world planned)."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

from worldsmith.generators.context import OrgRef
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.worlds.values import Money, Text
from tests.generators.context_fixture import document_context, fact, person

_DTJ = OrgRef(name="Delegacia Tributária de Julgamento de Campinas",
              role="first-instance administrative tribunal that decides the defesa (neutral)")
_ORGS = [_DTJ, OrgRef(name="Serra Azul Distribuidora Ltda.", role="client; the taxpayer, a distributor"),
         OrgRef(name="Prado Albuquerque Advogados", role="tax-litigation counsel to Serra Azul Distribuidora"),
         OrgRef(name="Secretaria da Fazenda do Estado de São Paulo", role="the state tax authority that issued the "
                                                                          "AIIM; the counterparty")]


def _decision(author_title: str, title: str = "DTJ decision on the defesa: AIIM no. 4.187.332-5", seed: int = 4):
    upheld = fact("total_upheld", "The AIIM as upheld demands BRL 6,949,807.42.",
                  Money(amount=Decimal("6949807.42"), currency="BRL")).model_copy(update={"label": "debt upheld"})
    ruled = fact("dtj_decision", "On June 16, 2026 the Delegacia Tributária de Julgamento upheld the AIIM in part: it "
                 "recognised decadência for January 2021 and rejected the good-faith defence.",
                 Text(value="AIIM upheld in part")).model_copy(update={"label": "first-instance decision",
                                                                       "establish": True})
    judge = person("j_1", "Sabrina", "da Luz", author_title, _DTJ.name, "dtj-campinas.example", "+55")
    ctx = document_context("decision", 5, seed=seed, facts=[ruled, upheld])
    return compose_document(ctx.model_copy(update={
        "organisations": _ORGS, "author": judge, "to": [], "locale": "pt_BR",
        "world_title": "Serra Azul: defesa and recurso ordinário against ICMS AIIM no. 4.187.332-5 (SEFAZ-SP)",
        "world_summary": "The DTJ upholds the ICMS AIIM in part and the taxpayer appeals to the TIT by recurso "
                         "ordinário.",
        "spec": ctx.spec.model_copy(update={"title": title, "date": dt.date(2026, 6, 16),
                                            "purpose": "The first-instance decision on the defesa."})}))


def _prose(doc) -> str:
    return "\n".join(p for s in doc.sections for p in s.paragraphs)


def test_a_decision_one_judge_gives_is_his_never_a_panels_acordao():
    # blind read 34: 'A monocratic DTJ is described as a "panel" that decided "unanimously" in an "Acórdão"'
    doc = _decision("Julgador Tributário")
    heads, prose = [s.heading for s in doc.sections], _prose(doc)
    assert not re.search(r"(?i)\bpanel\b|unanimous|Reporting Member|\bvote\b", prose), prose
    assert not any(h.startswith(("Acórdão", "Voto")) for h in heads), heads
    assert any(h.startswith("Fundamentação") for h in heads) and any(h.startswith("Dispositivo") for h in heads)
    assert "Tribunal de Impostos e Taxas" in prose and "CARF" not in prose, prose
    # a panel's decision keeps the panel's form
    panel = _decision("Relator, 3ª Turma", title="Acórdão 03-112.908: decision on the defesa")
    assert "unanimously" in _prose(panel) and [s.heading for s in panel.sections][-1] == "Acórdão"


def test_a_decisions_outcome_is_in_its_operative_part_once_never_in_its_report():
    # blind read 34: 'One paragraph of the Relatório appears twice' (the outcome narrated, then again with its value)
    doc = _decision("Julgador Tributário")
    paragraphs = [p for s in doc.sections for p in s.paragraphs]
    assert len(paragraphs) == len(set(paragraphs)), paragraphs
    report = next(s for s in doc.sections if s.heading.startswith("Relatório"))
    operative = next(s for s in doc.sections if s.heading.startswith("Dispositivo"))
    assert not any("recognised decadência" in p or "in part" in p for p in report.paragraphs), report.paragraphs
    assert any("AIIM upheld in part" in p for p in operative.paragraphs), operative.paragraphs
    # (a company form's full stop ends no sentence: 'Ltda. against', never 'Ltda. Against')
    assert "Ltda. Against" not in _prose(doc) and "Ltda. against" in _prose(doc), _prose(doc)


_COUNSEL = person("p_1", "João Felipe", "Lopes", "Sócio, Contencioso Tributário", "Prado Albuquerque Advogados",
                  "pradoalbuquerque.example", "+55")
_JUDGE = person("j_1", "Sabrina", "da Luz", "Julgador Tributário", _DTJ.name, "dtj-campinas.example", "+55")
_AGENT = person("f_1", "Rui", "Campos", "Agente Fiscal de Rendas", "Secretaria da Fazenda do Estado de São Paulo",
                "fazenda-sp.example", "+55")


def _filing(doc_type: str, title: str, seed: int = 3):
    upheld = fact("total_upheld", "The AIIM as upheld demands BRL 6,949,807.42.",
                  Money(amount=Decimal("6949807.42"), currency="BRL")).model_copy(update={"label": "debt upheld"})
    ctx = document_context(doc_type, 6, seed=seed, facts=[upheld])
    orgs = [o.model_copy(update={"acts_for": "Serra Azul Distribuidora Ltda."})
            if o.name == "Prado Albuquerque Advogados" else o for o in _ORGS]
    return compose_document(ctx.model_copy(update={
        "organisations": orgs, "author": _COUNSEL, "to": [_JUDGE, _AGENT], "locale": "pt_BR",
        "world_title": "Serra Azul: defesa and recurso ordinário against ICMS AIIM no. 4.187.332-5 (SEFAZ-SP)",
        "world_summary": "The DTJ upholds the ICMS AIIM in part and the taxpayer appeals to the TIT by recurso "
                         "ordinário.",
        "spec": ctx.spec.model_copy(update={"title": title, "date": dt.date(2026, 7, 14),
                                            "purpose": "The appeal against the part of the AIIM upheld."})}))


def test_an_appeal_is_filed_with_the_body_that_hears_it_in_the_partys_name_never_an_internal_note():
    # blind read 34: the recurso ordinário 'has no addressing to the TIT and reads as an internal note (Summary, Risks,
    # tables citing the firm's own spreadsheet)'
    doc = _filing("appeal", "Recurso ordinário to the Tribunal de Impostos e Taxas: AIIM no. 4.187.332-5")
    heads, prose = [s.heading for s in doc.sections], _prose(doc)
    assert prose.startswith("BEFORE THE TRIBUNAL DE IMPOSTOS E TAXAS"), prose
    assert re.search(r"Serra Azul Distribuidora Ltda\. \(Appellant[^)]*\) v\. Secretaria da Fazenda", prose), prose
    assert not any(re.search(r"(?i)summary|risk|next steps|conclusion|discussion", h) for h in heads), heads
    assert all(s.table is None for s in doc.sections) and "onfidential" not in doc.subtitle, doc.subtitle
    assert any(h.startswith("Grounds of Appeal") for h in heads) and any(h.startswith("Request") for h in heads)
    assert re.search(r"Signed: João Felipe Lopes.*counsel for Serra Azul Distribuidora Ltda\.", prose), prose


def test_a_defence_names_the_taxpayer_against_the_authority_never_counsel_against_the_body_that_decides():
    # blind read 34's defesa (typed petition): 'Prado Albuquerque Advogados (Claimant) and Delegacia Tributária de
    # Julgamento de Campinas (Respondent)', asking the Tribunal to 'give judgment against' the DTJ
    doc = _filing("petition", "Defesa (impugnação) against AIIM no. 4.187.332-5")
    prose = _prose(doc)
    assert prose.startswith("BEFORE THE DELEGACIA TRIBUTÁRIA DE JULGAMENTO DE CAMPINAS"), prose
    assert "(Applicant, Impugnante) v. Secretaria da Fazenda" in prose, prose
    assert not re.search(r"Advogados \((Claimant|Applicant)|Campinas \(Respondent\)|judgment against", prose), prose
    assert "hereby challenges AIIM no. 4.187.332-5 by this defesa (impugnação)" in prose, prose


def test_a_social_plan_is_between_the_employer_and_every_union_for_the_employees_it_covers():
    # blind read 34: the social plan 'names only one union as party, yet both unions signed it. It calls Eemland "the
    # Client", uses commercial-contract headings ("Consideration and Payment") and has a confidentiality clause'
    orgs = [OrgRef(name="Van Houten Brink Advocaten N.V.", role="employment lawyers to Eemland Verpakkingen B.V. (the "
                                                                 "employer)", acts_for="Eemland Verpakkingen B.V."),
            OrgRef(name="Eemland Verpakkingen B.V.", role="client; the employer, a maker of packaging"),
            OrgRef(name="Ondernemingsraad Eemland", role="the works council of Eemland; the counterparty in the advice "
                                                         "procedure"),
            OrgRef(name="Bond Industrie & Techniek", role="trade union with members at the plant; party to the plan"),
            OrgRef(name="CVN Industrie", role="second trade union with members at the plant; party to the plan")]
    lawyer = person("p_1", "Rafael", "van Este", "Partner, Arbeidsrecht", orgs[0].name, "vhb.example", "+31")
    hr = person("h_1", "Hugo", "Gerrits", "Directeur HR", orgs[1].name, "eemland.example", "+31")
    bit = person("b_1", "Roos", "van Arnsberg", "Bestuurder", orgs[3].name, "bit.example", "+31")
    cvn = person("c_1", "Tijn", "Eijssel", "Bestuurder Industrie", orgs[4].name, "cvn.example", "+31")
    factor = fact("factor", "The social plan pays 150% of the statutory transition payment.",
                  Text(value="150%")).model_copy(update={"label": "social plan factor"})
    ctx = document_context("agreement", 7, seed=2, facts=[factor])
    doc = compose_document(ctx.model_copy(update={
        "organisations": orgs, "author": lawyer, "to": [bit, cvn, hr], "locale": "nl_NL",
        "world_summary": "Eemland closes its flexo hall; the social plan is agreed with both unions.",
        "spec": ctx.spec.model_copy(update={"title": "Sociaal plan Eemland Verpakkingen 2026 (social plan)",
                                            "date": dt.date(2026, 4, 14),
                                            "purpose": "The social plan signed by Eemland and both unions."})}))
    heads, prose = [s.heading for s in doc.sections], _prose(doc)
    parties = next(s for s in doc.sections if s.heading == "Parties").paragraphs[0]
    assert "Bond Industrie & Techniek" in parties and "CVN Industrie" in parties and "the Employer" in parties, parties
    assert "Client" not in prose and "Ondernemingsraad" not in parties, prose
    assert not any(re.search(r"(?i)consideration|confidential|payment", h) for h in heads), heads
    assert "onfidential" not in doc.subtitle and "Subject to contract" not in doc.subtitle, doc.subtitle
    signed = [p for p in prose.splitlines() if p.startswith("Signed for and on behalf of")]
    assert len(signed) == 3 and any("CVN Industrie" in p for p in signed), signed
    assert any(re.search(r"(?i)hardship", h) for h in heads), heads


def test_a_written_resolution_records_what_the_board_resolves_never_a_report():
    # session 31: 'a written board resolution has no genre of its own and comes out as a report'
    gc = person("g_1", "Jacqueline", "Horton", "General Counsel", "Ostrander Energy Corporation", "ostrander.example",
                "+1")
    ceo = person("c_1", "Roger", "Long", "Chief Executive Officer", "Ostrander Energy Corporation", "ostrander.example",
                 "+1")
    ruled = fact("tender_decision", "On April 16, 2026 Ostrander decided to reject the tender of defense.",
                 Text(value="reject the tender of defense")).model_copy(update={"label": "tender decision"})
    exposure = fact("energy_exposure", "Ostrander's maximum exposure is USD 20,000,000.",
                    Money(amount=Decimal(20_000_000), currency="USD")).model_copy(
        update={"label": "Ostrander's maximum exposure"})
    ctx = document_context("resolution", 4, seed=1, facts=[ruled, exposure])
    doc = compose_document(ctx.model_copy(update={
        "organisations": [OrgRef(name="Ostrander Energy Corporation", role="client; voyage charterer"),
                          OrgRef(name="Kestrel Bay Tankers Ltd.", role="owner of the vessel; opposing party")],
        "author": gc, "to": [ceo], "cast": [gc, ceo], "locale": "en_US",
        "spec": ctx.spec.model_copy(update={"title": "Written resolution of the board of Ostrander Energy Corporation: "
                                                     "tender of defense", "date": dt.date(2026, 4, 20),
                                            "purpose": "The board's resolution on the tender of defense."})}))
    heads, prose = [s.heading for s in doc.sections], _prose(doc)
    assert not any(re.search(r"(?i)summary|risk|next steps|background", h) for h in heads), heads
    assert "RESOLVED, that the Company reject the tender of defense;" in prose, prose
    assert "WHEREAS Ostrander's maximum exposure is USD 20,000,000;" in prose, prose
    assert "Name: Roger Long, Chief Executive Officer" in prose and "Certified a true copy: Jacqueline Horton" in prose
    assert all(s.table is None for s in doc.sections) and "Work Product" not in doc.subtitle, doc.subtitle


def test_only_a_paper_of_the_genre_takes_its_form():
    # a notice under a lease that objects is no filing with a tribunal; a resolution of findings is no company's
    from types import SimpleNamespace as S

    from worldsmith.generators.compose.substance.appeal import _APPEAL, _DEFENCE, _words
    from worldsmith.generators.compose.substance.resolution import is_written_resolution

    def filing(doc_type: str, title: str) -> bool:
        said = _words(S(spec=S(doc_type=doc_type, title=title)))
        return bool(_APPEAL.search(said) or _DEFENCE.search(said))

    assert not filing("letter", "Notice of objection to the 2025 service charge statement")
    assert filing("letter", "Notice of appeal to the First-tier Tribunal: penalty") and filing("appeal", "Recurso")
    assert not is_written_resolution(S(spec=S(doc_type="report", title="Resolution of the audit findings")))
    assert is_written_resolution(S(spec=S(doc_type="report", title="Written resolution of the board of X Ltd: sale")))


def test_a_forms_fields_stay_on_its_face_when_the_points_are_placed():
    # the tanker example's certificate of financial responsibility 'has no number or expiry': the outline's points
    # took the place of the form's fields
    from worldsmith.generators.kinds.document.points import _place
    from worldsmith.worlds.content import Section

    fields = ["Certificate No.: 24-90793", "Issued to (operator): Kestrel Bay Tankers Ltd.",
              "Expires: September 27, 2027, unless revoked or surrendered before then"]
    placed, lost = _place(Section(heading="Particulars", paragraphs=fields + ["The vessel is insured. It is sound."]),
                          ["Certificate: the NPFC certifies the operator's financial responsibility."], False)
    assert placed.paragraphs[:3] == fields and placed.paragraphs[3].startswith("Certificate: the NPFC"), placed
    assert lost == ["The vessel is insured. It is sound."], lost


def test_a_contracts_standing_clause_takes_no_other_terms():
    # the tanker example's charter party (seed 0) put its laytime and pollution rider under '42. Confidentiality'
    from worldsmith.generators.kinds.document.points import _FAMILIES, _targets
    from worldsmith.worlds.content import Section

    def heads(*names):
        return [Section(heading=n, paragraphs=["x."]) for n in names]

    assert _targets(heads("Parties", "41. Oil Pollution", "42. Confidentiality", "Signatures"), _FAMILIES["terms"]) == []
    assert _targets(heads("1. Consideration and Payment", "2. Confidentiality"), _FAMILIES["terms"]) == [0]

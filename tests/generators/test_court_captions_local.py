"""A paper filed in a court of the matter's own country is headed for that court, not the High Court in London (blind
read 29: a Brazilian appeal to the tax appeals council was headed 'IN THE HIGH COURT OF JUSTICE, BUSINESS AND PROPERTY
COURTS OF ENGLAND AND WALES', Claimant v Defendant, with a claim number of its own). Composed from a context, no
world planned."""

from __future__ import annotations

from worldsmith.generators.kinds.document.compose import compose_document
from tests.generators.context_fixture import CAP, document_context

_ENGLISH = ("HIGH COURT", "ENGLAND AND WALES", "Claim No.", "Senior Courts Act", "STATEMENT OF TRUTH", "CPR")


def _pleading(locale: str, title: str, purpose: str, summary: str = "A cargo claim under a charterparty."):
    ctx = document_context("petition", 6, seed=3, facts=[CAP])
    ctx = ctx.model_copy(update={"locale": locale, "world_summary": summary, "spec": ctx.spec.model_copy(
        update={"title": title, "purpose": purpose})})
    doc = compose_document(ctx)
    return "\n".join(p for s in doc.sections for p in [s.heading, *s.paragraphs])


def test_a_paper_of_another_countrys_matter_is_headed_for_its_own_court_with_the_parties_in_their_roles():
    # an appeal to the body its title names, its parties Appellant and Respondent
    texts = [_pleading("pt_BR", "Appeal to the Administrative Council: Corvale Shipping v. Revenue Service",
                     "The appeal asking the council to cancel the assessment.")]
    text = texts[-1]
    assert "BEFORE THE ADMINISTRATIVE COUNCIL. BETWEEN: " in text and "(Appellant) and " in text, text[:400]
    # a claim where neither the paper nor the matter names a court: the courts a contract of the country chooses
    texts.append(_pleading("ja_JP", "Statement of claim: Corvale Shipping v. Harbour Freight",
                     "The claim for the liability cap."))
    text = texts[-1]
    assert "BEFORE THE TOKYO DISTRICT COURT. BETWEEN: " in text and "(Claimant) and " in text, text[:400]
    # the court the matter names, and the proceeding's number its title gives (never one made up)
    texts.append(_pleading("en_AU", "Originating application (NSD 2217 of 2025): Corvale Shipping v. Harbour Freight",
                     "The application for the liability cap.", "A Federal Court of Australia claim under a charter."))
    text = texts[-1]
    assert "BEFORE THE FEDERAL COURT OF AUSTRALIA. No. NSD 2217 of 2025. BETWEEN: " in text, text[:400]
    assert "(Applicant) and " in text, text[:400]
    for text in texts:
        for english in _ENGLISH:
            assert english not in text, (english, text[:600])


def test_the_hearing_of_another_countrys_matter_sits_in_its_own_court():
    # read 25's English venue (the Rolls Building) was given to every matter outside the United States
    from types import SimpleNamespace

    from worldsmith.generators.kinds.calendar import hearing_venue

    au = SimpleNamespace(locale="en_AU", title="A v B", summary="A Federal Court of Australia class action.")
    assert hearing_venue(au) == "Federal Court of Australia", hearing_venue(au)
    jp = SimpleNamespace(locale="ja_JP", title="A v B", summary="A recall claim.")
    assert "London" not in hearing_venue(jp) and "Tokyo District Court" in hearing_venue(jp), hearing_venue(jp)
    gb = SimpleNamespace(locale="en_GB", title="A v B", summary="A cargo claim under a charterparty.")
    assert "Rolls Building" in hearing_venue(gb), hearing_venue(gb)


def test_a_statement_of_claim_in_a_matter_its_title_calls_an_arbitration_is_headed_for_the_arbitration():
    # an unseen SIAC arbitration's draft 'Statement of Claim' (its own title silent on the forum) was headed 'IN THE
    # HIGH COURT OF JUSTICE ... TECHNOLOGY AND CONSTRUCTION COURT (KBD). Claim No. HT-2026-...'
    ctx = document_context("pleading", 6, seed=3, facts=[CAP])
    ctx = ctx.model_copy(update={
        "locale": "en_GB", "world_title": "Corvale Shipping v. Harbour Freight: LCIA arbitration over a charter",
        "world_summary": "The charterers' claim is referred to arbitration under the LCIA Arbitration Rules 2020.",
        "spec": ctx.spec.model_copy(update={"title": "Statement of Claim (draft)", "purpose": "The claim for the cap."})})
    doc = compose_document(ctx)
    text = "\n".join(p for s in doc.sections for p in [s.heading, *s.paragraphs])
    assert "IN THE MATTER OF THE ARBITRATION ACT 1996 AND IN THE MATTER OF AN ARBITRATION UNDER THE LCIA ARBITRATION " \
           "RULES 2020. BETWEEN: " in text and "(Respondent)" in text, text[:400]
    assert "HIGH COURT" not in text and "Claim No." not in text, text[:400]


def test_an_appeal_puts_grounds_against_the_decision_and_asks_that_it_be_set_aside():
    # blind read 29: an appeal to the tax appeals council pleaded 'The First Claim ... The Appellant demanded payment;
    # <the revenue> has refused or failed to pay' and asked for judgment for the sum in dispute
    ctx = document_context("petition", 6, seed=3, facts=[CAP])
    ctx = ctx.model_copy(update={"locale": "pt_BR", "spec": ctx.spec.model_copy(update={
        "title": "Appeal to the Administrative Council: Corvale Shipping v. Revenue Service",
        "purpose": "The appeal asking the council to cancel the assessment."})})
    doc = compose_document(ctx)
    text = "\n".join(p for s in doc.sections for p in [s.heading, *s.paragraphs])
    assert "The First Ground of Appeal" in text and "The decision under appeal is wrong to hold" in text, text
    assert "asks the Tribunal to (a) allow the appeal and set aside the decision under appeal" in text, text
    for claim in ("demanded payment", "failed to pay", "give judgment", "The First Claim", "the Court considers"):
        assert claim not in text, (claim, text)


def test_a_signer_without_a_telephone_leaves_no_empty_place_for_one():
    # blind read 29: 'Heloísa Azevedo, Partner, Tax Litigation, Queiroz Amaral Advogados, , heloisa...'
    ctx = document_context("petition", 6, seed=3, facts=[CAP])
    ctx = ctx.model_copy(update={"locale": "pt_BR", "author": ctx.author.model_copy(update={"phone": ""})})
    doc = compose_document(ctx)
    text = "\n".join(p for s in doc.sections for p in [s.heading, *s.paragraphs])
    assert f"{ctx.author.organisation}, {ctx.author.email}" in text and ", ," not in text, text[-600:]

"""A letter's acts read from its title (generators/compose/substance/letters.py): what follows a colon is what the act
is about, whatever the act's own words (blind read 34: 'We write to give notice of audit under section 7.2: 2025
royalty', 'hereby give notice of dispute under section 9.1: 2025 royalty, Sturgeon Narrows')."""

from __future__ import annotations

import pytest

from worldsmith.generators.compose.substance.letters import _acts


@pytest.mark.parametrize("title,acts", [
    ("Notice of audit under section 7.2: 2025 royalty", "give notice of audit under section 7.2 in respect of the 2025 royalty"),
    ("Notice of dispute under section 9.1: 2025 royalty, Sturgeon Narrows",
     "give notice of dispute under section 9.1 in respect of the 2025 royalty, Sturgeon Narrows"),
    ("Notice of dispute: 2025 service charge", "give notice of dispute in respect of the 2025 service charge"),
])
def test_what_follows_a_colon_is_what_the_act_is_about(title, acts):
    assert _acts(title, "our") == acts
    assert ":" not in _acts(title, "our")


@pytest.mark.parametrize("locale,said,never", [
    ("pt_BR", "Brazilian Bar Association (OAB)", "Solicitors Regulation Authority"),
    ("en_GB", "Solicitors Regulation Authority", "OAB"),
    ("en_CA", "law society", "Solicitors Regulation Authority"),
])
def test_an_engagement_letter_cites_its_own_countrys_rules(locale, said, never):
    # blind read 34: a São Paulo firm 'regulated by the Solicitors Regulation Authority', a Toronto advisory firm working
    # 'in line with the ICAEW Code of Ethics'
    from types import SimpleNamespace

    from worldsmith.generators.compose.substance.letters import engagement_terms

    legal = SimpleNamespace(locale=locale, voice=SimpleNamespace(family="legal"))
    text = engagement_terms(legal, "Serra Azul")
    assert said in text and never not in text
    advisory = SimpleNamespace(locale=locale, voice=SimpleNamespace(family="advisory"))
    assert ("ICAEW" in engagement_terms(advisory, "Norbury")) == (locale == "en_GB")


@pytest.mark.parametrize("title,route", [
    ("DTJ decision on the defesa - AIIM no. 4.187.332-5 (ICMS)", "Tribunal de Impostos e Taxas"),
    ("Acórdão DRJ: IRPJ assessment", "CARF"),
])
def test_a_brazilian_tax_decision_is_appealed_where_its_tax_is_heard(title, route):
    from types import SimpleNamespace

    from worldsmith.generators.compose.substance.decision import _appeal_route

    ctx = SimpleNamespace(spec=SimpleNamespace(title=title), facts=[], organisations=[])
    assert route in _appeal_route(ctx, "the taxpayer", "the panel")


def test_a_works_council_of_the_employer_acts_for_no_one():
    # blind read 34: 'the works council of <the employer>; the counterparty in the advice procedure' acted for the
    # employer, so its advice was written as the employer's engagement letter ('please sign and return a copy')
    from types import SimpleNamespace as S

    from worldsmith.generators.sides import acts_for

    orgs = [S(id="firm", name="Brink Advocaten", role="employment lawyers to Kolk Metaal B.V. (the employer)"),
            S(id="kolk", name="Kolk Metaal B.V.", role="client; the employer"),
            S(id="or", name="Ondernemingsraad Kolk Metaal", role="the works council of Kolk Metaal; the counterparty in "
                                                                 "the advice procedure"),
            S(id="fnv", name="FNV Metaal", role="trade union of the employees of Kolk Metaal")]
    assert acts_for(orgs) == {"firm": "kolk"}

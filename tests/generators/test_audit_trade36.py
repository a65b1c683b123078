"""An auditor's papers in an auditor's form (generators/compose/substance/letters.py, minutes.py): blind read 36 found
an audit engagement letter under the SSCS ('Our work is not an audit'), an audit committee communication with fees,
terms and 'sign and return', and audit kick-off minutes where the CFO 'gives instructions' and sends 'the documents on
file (contracts, notices and correspondence)'."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace as S

import pytest

from worldsmith.generators.compose.substance.letters import client_letter_bodies, engagement_terms


def _ctx(title: str, role: str, family: str, locale: str = "en_US"):
    author = S(id="p1", name="Andrew Rosales", first_name="Andrew", title="Audit Partner", organisation="Thornbury LLP")
    reader = S(id="p2", name="Sherry Pitts", first_name="Sherry", title="Chair of the Audit Committee",
               organisation="Nimbus Inc.")
    return S(spec=S(title=title, doc_type="letter", date=dt.date(2026, 3, 10), purpose=""), author=author, to=[reader],
             cc=[], cast=[author, reader], facts=[], locale=locale, voice=S(family=family),
             organisations=[S(name="Thornbury LLP", role=role, acts_for=""), S(name="Nimbus Inc.", role="audit client",
                                                                            acts_for="")])


@pytest.mark.parametrize("locale,standard", [("en_US", "GAAS"), ("en_GB", "ISAs (UK)"), ("de_DE", "International "
                                                                                                   "Standards on Auditing")])
def test_an_auditors_engagement_letter_engages_an_audit(locale, standard):
    ctx = _ctx("Engagement letter: audit of the FY2025 financial statements", "independent auditor of Nimbus Inc.",
               "accounting", locale)
    text = engagement_terms(ctx, "Nimbus Inc.")
    assert standard in text and "reasonable assurance" in text
    assert "not an audit" not in text and "Consulting" not in text
    # an adviser's engagement that is no audit keeps its own terms
    other = _ctx("Engagement letter: revenue process review", "advisers to Nimbus Inc.", "accounting", locale)
    assert "not an audit" in engagement_terms(other, "Nimbus Inc.")


def test_a_communication_to_an_audit_committee_is_no_engagement_letter():
    ctx = _ctx("Communication with the audit committee: FY2025 audit", "independent auditor of Nimbus Inc.",
               "accounting")
    plan = [("Introduction", "client_opening"), ("Scope", "engagement_scope"), ("Next Steps", "client_close")]
    picker = S(reword=lambda s: s, choice=lambda xs: xs[0])
    out = client_letter_bodies(picker, ctx, plan, "Wednesday, March 11")
    text = " ".join(p for ps in out.values() for p in ps)
    assert "audit committee" in out[0][0] and "GAAS" in out[1][0]
    assert "sign and return" not in text and "Our work will cover" not in text


def test_an_auditors_kick_off_asks_for_the_request_list_not_a_law_firms_file():
    from worldsmith.generators.compose.substance.minutes import _instructs, _papers_asked

    audit = _ctx("Minutes: FY2025 audit kick-off", "independent auditor", "accounting")
    legal = _ctx("Minutes: kick-off", "counsel to the claimant", "legal")
    assert "gives instructions" not in _instructs(audit) and "documents on file" not in _papers_asked(audit)
    assert _instructs(legal) == "gives instructions" and "documents on file" in _papers_asked(legal)

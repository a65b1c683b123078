"""Blind read 36: a paper's background or risks section that its record gives nothing to say is left out, never
written from the stock frames of genres.yaml ('Put simply, Russell Gill sent us the working papers behind the
professional fees claimed'; 'Halberd Analytics Limited may say that the loss of rent claimed was never accepted')."""

from __future__ import annotations

import re

from worldsmith.generators.compose.bank import bank
from worldsmith.generators.kinds.document.compose import compose_document
from tests.generators.context_fixture import document_context


def _frame_pattern(frame: str) -> re.Pattern:
    """A frame as a pattern over what it writes: each {value} any words, each [a|b] one of its alternatives."""
    out, i = "", 0
    for m in re.finditer(r"\{[^}]+\}|\[[^\]]*\]", frame):
        out += re.escape(frame[i:m.start()])
        tok = m.group()
        out += ".+?" if tok.startswith("{") else "(?:" + "|".join(re.escape(a.lstrip("~")) for a in tok[1:-1].split("|")) + ")"
        i = m.end()
    return re.compile(out + re.escape(frame[i:]), re.I)


def test_no_background_or_risks_section_is_written_from_stock_frames():
    frames = [_frame_pattern(f) for k in ("background", "letter_background", "risks")
              for f in bank("genres")["sections"][k]
              if len(re.sub(r"\{[^}]+\}|\[[^\]]*\]", "", f)) > 20]
    seen = 0
    # (and a letter's background: a representation letter's whole 'Background' was 'Andrew Rosales provided the
    # working papers behind the total unadjusted differences', to Andrew Rosales)
    for doc_type in ("memo", "report", "widget", "letter"):
        for n in (5, 9, 12):
            doc = compose_document(document_context(doc_type, n, seed=n))
            for s in doc.sections:
                for p in s.paragraphs:
                    seen += 1
                    hit = next((f.pattern for f in frames if f.search(p)), None)
                    assert hit is None, (doc_type, n, s.heading, p)
    assert seen > 20


def test_a_title_of_two_genre_nouns_is_about_the_other_noun():
    from worldsmith.generators.compose.substance.common import topic

    # (blind read 36: 'will carry out the audit strategy and of Nimbusgate Software FY2025')
    assert topic("Audit strategy and plan: Nimbusgate Software FY2025") == "the audit strategy of Nimbusgate Software FY2025"
    assert " and of " not in topic("Strategy and report: the claim")


def _draft_valuation():
    """A valuer's superseded first draft of a diminution valuation, dated after the lease expired (blind read 36)."""
    import datetime as dt
    from decimal import Decimal

    from worldsmith.generators.context import OrgRef
    from worldsmith.worlds.values import Money
    from tests.generators.context_fixture import fact, person

    valuer = person("valuer_1", "Mandy", "Hussain", "Partner, Valuation", "Brede & Sallow", "bredesallow.example",
                    "+44 20 7946 0100")
    solicitor = person("sa_1", "Timothy", "Doherty", "Senior Associate", "Ashcombe Pryor LLP", "ashcombe.example",
                       "+44 20 7946 0200")
    cap = fact("diminution", "The section 18(1) cap is the diminution in the value of the reversion.",
               Money(amount=Decimal("468000"), currency="GBP")).model_copy(update={"label": "section 18(1) cap"})
    ctx = document_context("report", 4, seed=36, facts=[cap],
                           distractor_label="superseded first valuation of 4 September 2026: assumed a re-letting of "
                                            "the floors as left, before the landlord's strip-out was known; replaced by "
                                            "the revised report of 25 September 2026")
    spec = ctx.spec.model_copy(update={"title": "DRAFT (superseded): diminution valuation report, 3rd floor, 14 Candlewick Street",
                                       "date": dt.date(2026, 9, 4), "purpose": "The valuer's first valuation, kept in "
                                       "the file, which valued the floors as if they would be re-let as left."})
    orgs = [OrgRef(name="Ashcombe Pryor LLP", role="solicitors to the outgoing tenant", privileged=True,
                   acts_for="Halberd Analytics Limited"),
            OrgRef(name="Brede & Sallow", role="valuers instructed by the tenant's solicitors",
                   acts_for="Halberd Analytics Limited", engaged_by="Ashcombe Pryor LLP")]
    return ctx.model_copy(update={"spec": spec, "author": valuer, "to": [solicitor], "organisations": orgs,
                                  "world_summary": "The tenant held the 3rd floor on a ten-year lease that expired on "
                                                   "24 June 2026; the landlord served a terminal schedule."})


def test_a_draft_valuation_is_as_at_the_term_end_and_knows_nothing_later():
    from worldsmith.generators.compose.substance.drafts import draft_basis
    from worldsmith.generators.compose.substance.method import instructions
    from worldsmith.generators.compose.substance.report import valuation_day

    ctx = _draft_valuation()
    assert valuation_day(ctx.model_copy(update={"locale": "en_GB"})) == "24 June 2026"
    fig, basis = draft_basis(ctx)
    assert "re-letting of the floors as left" in basis and "strip-out" not in basis and "before" not in basis
    assert "kept in the file" not in instructions(ctx)


def test_a_valuers_draft_ends_on_its_provisional_opinion_not_a_decision_asked():
    import random

    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.substance.memo import memo_recommendation
    from worldsmith.generators.compose.substance.report import report_scope

    ctx = _draft_valuation()
    said = " ".join(memo_recommendation(Picker(1), ctx, "9 September"))
    assert "provisional opinion" in said and "GBP 468,000" in said
    assert "decision" not in said
    assert "recomputing" not in " ".join(report_scope(Picker(1), ctx, "4 September 2026"))

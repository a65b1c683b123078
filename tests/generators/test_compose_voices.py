"""The composer over every shipped occupation's voice: clean output, facts kept, greetings and sign-offs used."""

from __future__ import annotations

import re

import pytest

from worldsmith.generators.compose import compose_document, compose_email, compose_sheet
from worldsmith.generators.compose.voice import family_key
from worldsmith.generators.context import voice_of
from tests.generators.context_fixture import CAP, CLAUSE, DEADLINE, RATE, RUTH, SAM, document_context, email_context, sheet_context

_DIRTY = re.compile(r"[{}\[\]]|lorem|ipsum|\btodo\b|as an ai|\bthe the\b|\ba the\b|\.\.(?!\.)|,,", re.IGNORECASE)


@pytest.fixture(scope="module")
def occupations():
    loader = pytest.importorskip("worldsmith.taxonomies.loader")
    return loader.load_taxonomy().occupations


def test_every_shipped_voice_writes_clean_mail_that_keeps_the_facts(occupations):
    for i, occ in enumerate(occupations):
        voice = voice_of(occ)
        for mode in ("new", "reply", "forward"):
            email = compose_email(email_context(mode, seed=i * 7 + len(mode), voice=voice, facts=[CAP, DEADLINE, CLAUSE],
                                                to=[SAM, RUTH][: 1 + i % 2], key=f"e_{occ.code}_{mode}"))
            assert not _DIRTY.search(email.body), (occ.code, email.body)
            assert all(f.text in email.body for f in (CAP, DEADLINE, CLAUSE))


def test_every_shipped_voice_writes_clean_documents_and_sheets(occupations):
    for i, occ in enumerate(occupations):
        ctx = document_context(("memo", "report", "minutes", "agreement", "plan")[i % 5], 4, seed=i, voice=voice_of(occ))
        doc = compose_document(ctx)
        text = " ".join(p for s in doc.sections for p in s.paragraphs)
        assert not _DIRTY.search(text), occ.code
        assert all(f.text in text for f in ctx.facts)
    assert compose_sheet(sheet_context(facts=[CAP, RATE])).rows


def test_every_shipped_family_has_its_own_phrases_or_a_known_alias(occupations):
    unmapped = {occ.family for occ in occupations if family_key(occ.family) == "default"}
    assert not unmapped, unmapped

"""The composer over every shipped occupation's voice: clean output, facts kept, greetings and sign-offs used."""

from __future__ import annotations

import re

import pytest

from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.generators.kinds.email.compose import compose_email
from worldsmith.generators.kinds.spreadsheet.compose import compose_sheet
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


def test_a_trade_line_that_a_long_term_fills_to_eight_words_is_not_stamped_on_a_writer_s_mail():
    # "{Term} is the point to watch here." is six words; filled with a two-word term it read word for word in 26
    # of a year-long room's 2,400 artifacts (realism_boilerplate). Filled length decides, not the frame's.
    from worldsmith.generators.compose.bank import Picker, bank
    from worldsmith.generators.compose.voice import trade_sentences, vocabulary
    from tests.generators.context_fixture import LEGAL_VOICE

    voice = LEGAL_VOICE.model_copy(update={"style": LEGAL_VOICE.style.model_copy(
        update={"phrases": ["disclosure obligations", "conditions precedent"]})})
    frames = bank("families")["families"]["legal"]["email"]
    assert "{Term} is the point to watch here." in frames  # the frame is still there for a one-word term
    said = []
    for seed in range(300):
        pick = Picker(seed)
        said += trade_sentences(pick, voice, "email", vocabulary(pick, voice), 3)
    assert said  # the family's short lines still give the writer a trade
    assert not [s for s in said if "point to watch" in s]
    assert all(len(s.split()) < 8 for s in said if "Disclosure obligations" in s or "Conditions precedent" in s)
    short = LEGAL_VOICE.model_copy(update={"style": LEGAL_VOICE.style.model_copy(update={"phrases": ["estoppel"]})})
    said = []
    for seed in range(300):
        pick = Picker(seed)
        said += trade_sentences(pick, short, "email", vocabulary(pick, short), 3)
    assert "Estoppel is the point to watch here." in said


def test_a_writer_s_marking_is_no_term_and_no_trade_line_speaks_of_privilege_outside_the_circle():
    # A lawyer's style phrase "privileged and confidential" filled {term}: opposing counsel wrote it to the other
    # side (privilege_within_circle), and inside the circle it read "Privileged and confidential is the point...".
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.voice import trade_sentences, vocabulary
    from tests.generators.context_fixture import LEGAL_VOICE

    voice = LEGAL_VOICE.model_copy(update={"style": LEGAL_VOICE.style.model_copy(
        update={"phrases": ["privileged and confidential", "privilege logs", "estoppel"]})})
    outside, inside = [], []
    for seed in range(300):
        pick = Picker(seed)
        values = vocabulary(pick, voice)
        assert values["term"] in ("privilege logs", "estoppel")
        outside += trade_sentences(pick, voice, "email", values, 3, privileged=False)
        inside += trade_sentences(Picker(seed), voice, "email", values, 3, privileged=True)
    assert outside and not [s for s in outside if re.search(r"rivileg|work product|attorney-client", s, re.I)]
    # inside the circle the term is still the writer's own (a term short enough for the frames that take one: 'a
    # privilege log' fills none since '{Term} may matter here.' went, 5d8993b)
    assert [s for s in inside if "privilege log" in s]


def test_a_trade_system_fills_a_tool_frame_never_the_office_suite():
    """Expert read: 'Could you check this against what you have in Microsoft Outlook?'."""
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.voice import vocabulary
    from worldsmith.generators.context import Voice
    from worldsmith.taxonomies.loader import load_taxonomy

    occ = next(o for o in load_taxonomy().occupations
               if "Microsoft Outlook" in o.tools and len(o.tools) > 2)
    voice = Voice(occupation=occ.title, family=occ.family, style=occ.style, documents=occ.documents,
                  tools=occ.tools, tasks=occ.tasks)
    said = {vocabulary(Picker(n), voice)["tool"] for n in range(60)}
    assert said and not said & {"Microsoft Outlook", "Microsoft Word", "Microsoft Excel"}

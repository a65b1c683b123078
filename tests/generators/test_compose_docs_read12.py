"""Documents and sheets a blind expert rejected in read 12 (issue 17): a letter with a heading over its salutation
and its sign-off run into one line, and more (one test each)."""

from __future__ import annotations

from worldsmith.generators.context import OrgRef
from worldsmith.generators.kinds.document.compose import compose_document
from tests.generators.context_fixture import CAP, DANA, DEADLINE, FINANCE_VOICE, RUTH, SAM, document_context

_ORGS = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale", privileged=True, acts_for="Corvale Shipping Ltd"),
         OrgRef(name="Corvale Shipping Ltd", role="client", privileged=True)]


def _engagement_letter(seed: int, voice=None):
    ctx = document_context("letter", 5, seed=seed, facts=[CAP, DEADLINE], **({"voice": voice} if voice else {}))
    return ctx.model_copy(update={"organisations": _ORGS, "to": [RUTH], "cast": [SAM, DANA, RUTH],
                                  "spec": ctx.spec.model_copy(update={"title": "Engagement letter: Corvale cargo claim"})})


def test_a_letter_signs_off_in_a_signature_block_and_is_never_marked_for_discussion():
    # read 12: 'The sign-off runs onto one line with no signature block for the firm'; 'An engagement letter for
    # signature is marked "For Discussion Purposes"'; the letterhead printed between the subject and 'Dear'
    for seed in range(8):
        for voice in (None, FINANCE_VOICE):
            doc = compose_document(_engagement_letter(seed, voice))
            paras = [p for s in doc.sections for p in s.paragraphs]
            close = paras.index("Yours sincerely,")
            assert paras[close + 1:close + 4] == [DANA.name, DANA.title, DANA.organisation], paras[close:]
            assert not any(p.startswith("Yours sincerely, ") for p in paras)
            assert "Discussion" not in doc.subtitle and "Internal" not in doc.subtitle, doc.subtitle
            assert DANA.organisation not in doc.subtitle, doc.subtitle  # the letterhead heads the page instead
            assert doc.sections[0].paragraphs[0].startswith("Dear ")

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

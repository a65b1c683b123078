"""Blind read 13: the worst file of three worlds in five was an email carrying "a longer report pasted below" that
contradicted itself, promised a "timeline below" and a table that never came, had "a second risk" with no first,
and recommended in a circle; chat spelt out a paper's full title; "Same as the ... line of the ..." pointers."""
import re

from worldsmith.generators.compose.bank import bank
from worldsmith.generators.kinds.chat.compose import paper_name
from tests.generators.context_fixture import CAP, DEADLINE, RUTH, email_context
from tests.generators.test_compose_email import _ORGS
from worldsmith.generators.kinds.email.compose import compose_email


_PASTED = re.compile(r"pasted below|copied below|is below|below\b.*\b(?:note|report|write-up)|follows[.:]?$|"
                     r"^(?:Executive Summary|Summary|Background|Analysis|Risks|Recommendations?|Findings|Scope)$|"
                     r"second risk|timeline below|table below|[Ss]ection by section", re.M)


def _to_client(seed: int, facts=None) -> str:
    ctx = email_context("new", seed=seed, facts=facts or [CAP, DEADLINE], to=[RUTH])
    return compose_email(ctx.model_copy(update={"organisations": _ORGS})).body


def test_an_advice_note_to_the_client_points_to_its_paper_and_never_pastes_it():
    labelled = CAP.model_copy(update={"label": "the liability cap"})
    bodies = [_to_client(seed, [labelled, DEADLINE]) for seed in range(80)]
    for body in bodies:
        assert not _PASTED.search(body), body
        assert len(body.split()) <= 400, body
        # no one-line 'conclusion' of the paper that says a figure the note has given again (blind read 14)
        assert not re.search(r"(?:conclusion is|lands on|same view:|puts) the liability cap at", body), body
    # the paper is offered (or attached) where the note sums it up
    pointed = [b for b in bodies if re.search(r"\b(?:note|memo|report|write-up)\b[^.]*\b(?:attached|send|working|"
                                              r"if you want)", b)]
    assert len(pointed) >= 10
    # with no attachment the paper is never said to be attached
    assert not any("attached" in b.lower() for b in bodies)


def test_no_section_frame_promises_what_is_not_there_or_counts_a_second_with_no_first():
    sections = bank("genres")["sections"]
    for kind in ("background", "analysis", "risks", "answer", "question"):
        for frame in sections[kind]:
            assert not re.search(r"\bsecond risk\b|(?:timeline|chronology|table) below", frame), frame
    assert not any("second risk" in f for f in bank("documents")["sentences"]["risks"])


def test_a_recommendation_gives_a_reason_that_is_not_the_option_again():
    # "our recommendation is asking Kestrel Bay to confirm Ostrander's maximum exposure in writing ... because
    # Ostrander's maximum exposure is the strongest point we have"
    for frame in bank("genres")["sections"]["recommendation"]:
        reason = re.split(r"\{option\}", frame)[-1]
        assert "{l1}" not in reason or "{t1}" in reason, frame
        assert not re.search(r"strongest|best-supported|most secure", reason), frame


def test_chat_names_a_long_title_short():
    # "All three chat lines spell out the full title, 'the draft answer and affirmative defenses of Ostrander
    # Energy Corporation'"
    assert paper_name("Draft answer and affirmative defenses of Ostrander Energy Corporation") == "the draft answer"
    assert paper_name("Weekly diligence call - notes and actions - October 8") == "the weekly diligence call notes"
    for title in ("Draft answer and affirmative defenses of Ostrander Energy Corporation",
                  "Settlement agreement between Harrow Vane LLP and Corvale Shipping Ltd",
                  "Memorandum on the tender of defense to Kestrel Bay Tankers Ltd."):
        assert len(paper_name(title).split()) <= 5, paper_name(title)


def test_a_pointer_into_a_sheet_is_a_sentence_not_same_as():
    # 'Same as the "Sample error rate" line of the Extrapolation workbook.'
    for frame in bank("email")["moves"]["pointer"]:
        assert not re.match(r"\[?~?Same as", frame), frame


def test_a_paper_has_one_weaker_point_one_main_risk_and_one_anchor():
    # "the softer point is the LOI enterprise value" and then "the weaker point is the EBITDA multiple"
    from tests.generators.context_fixture import ALL_FACTS, document_context
    from worldsmith.generators.kinds.document.compose import compose_document
    kinds = [r"\b(?:weaker|softer|less secure) point is\b", r"\b(?:main|principal|biggest) risk is\b",
             r"\bis the (?:anchor|starting point|fixed point)\b"]
    seen = 0
    for seed in range(40, 60):
        doc = compose_document(document_context("memo", sections=10, seed=seed, facts=ALL_FACTS))
        text = " ".join(p for s in doc.sections for p in s.paragraphs)
        counts = [len(re.findall(k, text, re.I)) for k in kinds]
        seen += any(counts)
        assert max(counts) <= 1, (counts, text)
    assert seen


def test_a_paper_in_mail_points_at_nothing_it_does_not_carry():
    # "promises a 'timeline below' and a table that never come"; "citations ... are listed in the table"
    from tests.generators.context_fixture import RUTH, email_context
    from tests.generators.test_compose_email import _ORGS
    from worldsmith.generators.compose.longform import _sentences
    from worldsmith.generators.kinds.email.compose import compose_email
    # (no paper is pasted into mail any more, blind read 14: no note, long or short, points below or into a table)
    for seed in range(60):
        body = compose_email(email_context("new", seed=seed, to=[RUTH]).model_copy(update={"organisations": _ORGS})).body
        assert not re.search(r"\b(?:in|to) the (?:table|schedule|annex|appendix)\b|\bannex\b", body, re.I), body
        assert not re.search(r"\b(?:shown|set out|listed|tabulated|pasted|copied) below\b", body, re.I), body
    assert _sentences("Kestrel Bay Tankers Ltd. may say so. It was agreed.") == \
        ["Kestrel Bay Tankers Ltd. may say so.", "It was agreed."]


def test_a_weekly_note_names_a_paper_short_in_its_steps():
    # "Bethan: take you through the Memo re Ashgrove master services agreement: change-of-control termination right
    # on the next call", under the line that had just given that title in full
    import datetime as dt
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.week import week_steps
    from worldsmith.generators.week import WeekEvent
    title = "Memo re Ashgrove master services agreement: change-of-control termination right"
    paper = WeekEvent(what="paper", day=dt.date(2026, 9, 22), title=title, by="Julia Edwards", org="Gatehouse")
    named = 0
    for seed in range(20):
        for outside in (False, True):
            for step in week_steps(Picker(seed), [paper], dt.date(2026, 9, 23), "en_GB", {"Gatehouse"},
                                   ["Bethan", "Sally"], {}, outside):
                assert "change-of-control termination right" not in step, step
                named += "memo" in step
    assert named

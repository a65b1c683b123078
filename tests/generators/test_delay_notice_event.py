"""A notice of claim for delay says what the delay arose from, where a fact it carries gives the cause."""

from types import SimpleNamespace

from worldsmith.generators.kinds.document.contract import genre_named, lacking
from worldsmith.generators.kinds.document.fulfil import fulfil
from worldsmith.worlds.content import DocumentContent, Section


def _fact(statement, label, text):
    return SimpleNamespace(statement=statement, label=label, text=text)


def test_a_delay_notice_whose_text_names_no_cause_takes_it_from_its_facts():
    # a seen outline at seed 7: 'The owner-caused delay is 71 days.' and no word of why (genre_contract quarantined it)
    ctx = SimpleNamespace(spec=SimpleNamespace(purpose="", title="Notice of claim for delay under GC 6.5"),
                          facts=[_fact("The claim is USD 1,200,000.", "delay claim", "USD 1,200,000"),
                                 _fact("The expert's window analysis attributes 40 of the 60 days to the employer (late "
                                       "design changes to the east wing and a late utility diversion), and 20 to the "
                                       "contractor.", "employer-caused delay days", "40 days")])
    doc = DocumentContent(title="Notice of claim for delay under GC 6.5", sections=[Section(
        heading="Our position", paragraphs=["We give notice of our claim for delay of 40 days and USD 1,200,000."])])
    genre = genre_named(doc.title)
    assert [p.name for p in lacking(genre, "\n".join(s.paragraphs[0] for s in doc.sections))] == \
        ["the event the delay arose from"]
    text = "\n".join(p for s in fulfil(ctx, doc).sections for p in s.paragraphs)
    assert "The delay arose from late design changes to the east wing and a late utility diversion" in text
    assert not lacking(genre, text)


def test_a_delay_notice_with_no_cause_anywhere_is_left_for_the_check():
    ctx = SimpleNamespace(spec=SimpleNamespace(purpose="", title="Notice of claim for delay under GC 6.5"),
                          facts=[_fact("The delay is 40 days.", "delay", "40 days")])
    doc = DocumentContent(title="Notice of claim for delay under GC 6.5", sections=[Section(
        heading="Our position", paragraphs=["We give notice of our claim for delay of 40 days and USD 1,200,000."])])
    text = "\n".join(p for s in fulfil(ctx, doc).sections for p in s.paragraphs)
    assert "arose from" not in text  # nothing invented: the check names what is missing

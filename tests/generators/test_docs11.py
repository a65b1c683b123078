"""Reports' and minutes' text (blind read 35): topics as noun phrases, no self-sourcing lines, minutes' grammar."""

from worldsmith.generators.compose.substance.common import topic


def test_topic_of_bare_title_is_a_noun_phrase():
    """'prepared this report ... on time impact analysis summary' (read 35, us 17): a summary of X is about the X."""
    assert topic("DRAFT v1 (superseded): Time impact analysis summary") == "the time impact analysis"
    assert topic("Working capital analysis") == "the working capital analysis"
    assert topic("Memo re breaking the limit") == "breaking the limit"  # a gerund takes no article
    assert topic("Gutachten zur Bewertung") == "gutachten zur Bewertung"  # another language's title is left as it is


def test_statement_with_its_value_takes_no_bracketed_repeat():
    """'3,412 current and former employees were underpaid ... (3,412 employees)' (read 35, au 17): said once."""
    from worldsmith.generators.compose.substance.common import _named_in
    from types import SimpleNamespace as NS
    f = NS(statement="3,412 current and former employees were underpaid in the review period.", label="Affected employees",
           text="3,412 employees", value=NS(type="number"))
    assert _named_in(f) == "3,412 current and former employees were underpaid in the review period."
    g = NS(statement="The rate is 8.5 per cent a year.", label="Rate", text="8.5%", value=NS(type="percent"))
    assert _named_in(g) == "The rate is 8.5 per cent a year (8.5%)."  # another wording keeps the typed value

"""Reports' and minutes' text (blind read 35): topics as noun phrases, no self-sourcing lines, minutes' grammar."""

from worldsmith.generators.compose.substance.common import topic


def test_topic_of_bare_title_is_a_noun_phrase():
    """'prepared this report ... on time impact analysis summary' (read 35, us 17): a summary of X is about the X."""
    assert topic("DRAFT v1 (superseded): Time impact analysis summary") == "the time impact analysis"
    assert topic("Working capital analysis") == "the working capital analysis"
    assert topic("Memo re breaking the limit") == "breaking the limit"  # a gerund takes no article
    assert topic("Gutachten zur Bewertung") == "gutachten zur Bewertung"  # another language's title is left as it is

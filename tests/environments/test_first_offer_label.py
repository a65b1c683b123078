"""A fact whose own name holds an old paper's words ('the cost of the first offer') is read as named, not as a
figure set aside (blind read 34: every reply, memo and chat task on the Dutch redundancy's first offer was refused,
its own reference scoring 0.86 and 0.61, because 'first offer' read as 'superseded')."""

from worldsmith.environments.grade import _decide
from worldsmith.environments.tasks import Check

LABELS = ("the cost of the first offer", "the severance under the social plan", "the first offer factor")
CHECK = Check(type="sent_mentions", values=["EUR 1,701,000"], numbers=[1701000.0], unit="EUR")


def test_the_first_offer_named_by_its_label_is_stated():
    text = ("The severance under the social plan (EUR 2,041,200) exceeds the cost of the first offer "
            "(EUR 1,701,000) by EUR 340,200.")
    assert _decide("mentions", text, CHECK, LABELS)
    # without the world's labels the same words are an old paper's, as before
    assert not _decide("mentions", text, CHECK, ())


def test_an_old_figure_said_so_still_is_not_stated():
    for text in ("The superseded first offer of EUR 1,701,000 no longer applies.",
                 "The cost of the first offer is not EUR 1,701,000.",
                 "The cost of the first offer may be EUR 1,701,000 or EUR 1,710,000."):
        assert not _decide("mentions", text, CHECK, LABELS), text

"""A count whose things are named in two words says them once: '6,214 group members are registered'."""

from worldsmith.generators.labels import count_said


def test_a_count_that_carries_two_words_of_its_things_says_them_once():
    # an unseen outline's report to the Court at seed 317: 'registered group members are 6,214 group members'
    assert count_said("registered group members", "6,214 group members") == "6,214 group members are registered"
    assert count_said("the number of disputed warranty invoices", "12 warranty invoices") == \
        "12 warranty invoices are disputed"
    assert count_said("registered group members", "1 group member") == ""  # the value names another noun: no clause
    # the one-word count is said as before
    assert count_said("open severity-1 defects", "41 defects") == "41 defects are open, all severity-1"

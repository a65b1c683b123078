"""Words in the wrong slot (issue 17, blind read 19): 'we payment the back rent', 'Here is the minutes', 'The equity
cure amount is at USD 9,000,000', 'Hartwell Expert Determinations's', 'A without-prejudice basis may matter here'."""

from __future__ import annotations

import datetime as dt
import re

from worldsmith.generators.compose.bank import Picker, bank


def test_a_decision_to_approve_a_noun_is_to_approve_it():
    from worldsmith.generators.beats import decision_verb

    assert decision_verb("The partner gives the back rent due; the general counsel approves payment.") == "approve"
    assert decision_verb("The GC decides to reject it.") == "reject"


def test_an_attachment_line_agrees_with_what_is_attached():
    from worldsmith.generators.kinds.email.compose import attach_line

    assert attach_line("Here is {what}.", "the minutes") == "Here are the minutes."
    assert attach_line("Attached is {what}.", "the memo and the cap computation") == \
        "Attached are the memo and the cap computation."
    assert attach_line("Here is {what}.", "the memo") == "Here is the memo."
    # the head noun decides, not an 'and' inside its title (read 20: 'Attached are the revised notice of claim for
    # loss and expense')
    assert attach_line("Attached is {what}.", "the revised notice of claim for loss and expense") == \
        "Attached is the revised notice of claim for loss and expense."
    assert attach_line("Here is {what}.", "the minutes of the call") == "Here are the minutes of the call."


def test_no_amount_is_at_a_figure_and_no_term_stray_may_matter_here():
    facts = str(bank("facts"))
    assert "|is at|" not in facts and "[~is at|" not in facts
    assert not any("may matter here" in line for fam in bank("families")["families"].values()
                   for lines in (fam.get("sentences", {}) or {}).values() for line in lines) \
        and "may matter here" not in str(bank("families"))


def test_a_name_ending_in_s_takes_an_apostrophe_alone_in_a_weeks_steps():
    from worldsmith.generators.compose.week import week_steps
    from worldsmith.generators.week import WeekEvent

    paper = WeekEvent(what="paper", day=dt.date(2026, 8, 14), title="expert determination of the open market rent",
                      by="Ann Hale", org="Hartwell Expert Determinations")
    for seed in range(20):
        lines = week_steps(Picker(seed), [paper], dt.date(2026, 8, 17), "en_US", {"Calloway Reade LLP"},
                           owners=["Ben"], sources={})
        assert not any(re.search(r"Determinations's", x) for x in lines), lines

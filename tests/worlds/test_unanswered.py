"""The check for a reply that does not answer (tests/worlds/unanswered.py) finds read 20's non-answers and passes the
answers a reader accepted."""

from __future__ import annotations

import pytest

from tests.worlds.unanswered import flag

# (the message replied to, the reply) from blind read 20's rejected files
NON_ANSWERS = [
    ("We await your reply by tomorrow morning.",
     "Helpful, thanks Danielle. Who else has had this to date? Confirmed, thanks."),
    ("Who else has had this to date?", "Noted; that remains the position."),
    ("I would be grateful for a steer by August 13.", "Thanks; we'll wait for the next note."),
    ("I would be grateful for a steer by August 13.", "Received, Dawn, thank you. Do you need anything further from me?"),
    ("Next actions:\n- Catherine: the exposure comparison to you (end of Friday)",
     "Thanks Daniel. Are we on course for the answer deadline? What is still to do before it?"),
    ("To do:\n- Howard: the claim sample to you (Thursday)", "Thanks, Erica. Who is carrying the sample error rate "
                                                             "from here, and for when?"),
    ("Your response will be with you by end of Wednesday.", "Thanks, Mark. When will we hear from you on the bonus?"),
]

# ...and replies that answer
ANSWERS = [
    ("Is the equity cure amount final, or still a working figure?", "Final unless the agent produces something new."),
    ("When will we hear from you on the initial denial rate?", "We will come back to you on it by the end of the week."),
    ("I'd like to see it before end of Friday. Please send the records, by Friday if you can.",
     "Thanks Lisa, confirmed.\n\nWe will send the records by Friday."),
    ("What is the source for the late payment interest?", 'See the "Late payment interest" entry of the computation.'),
    ("How much can we withhold?", "USD 1,230,000: the liquidated damages accrued, capped at 10% of the contract sum."),
    ("We would like your view by Thursday.", "My view is that the cap holds; we should withhold USD 1,230,000."),
]


@pytest.mark.parametrize("asked,reply", NON_ANSWERS)
def test_a_reply_that_answers_nothing_is_found(asked, reply):
    assert flag("m.eml", "Bea Reader", reply + "\n\nBea", "Al Writer", asked + "\n\nAl") is not None


@pytest.mark.parametrize("asked,reply", ANSWERS)
def test_a_reply_that_answers_is_not_found(asked, reply):
    assert flag("m.eml", "Bea Reader", reply + "\n\nBea", "Al Writer", asked + "\n\nAl") is None


# read 21's replies that answer and still fall short of their job, with the kind each is counted as
SHORT = [
    ("One question on the sales statement: do we audit?",
     "Short answer: I would go with USD 18,400,000 for the reported gross sales.", "no decision"),
    ("What is the source for the audited gross sales? I would like to see it before Thursday.",
     "It is on the castellan royalty audit report; the documents behind it are in the file.", "source not given"),
    ("What is the source for the covenant EBITDA? I would like to check it before tomorrow morning.",
     "I'll dig out the paper it comes from and send you a copy by Wednesday morning.", "later than asked"),
]
# ...and the replies that do the job
DONE = [
    ("One question on the sales statement: do we audit?",
     "Yes, we do. The reported gross sales are USD 18,400,000 against the 2% tolerance.", None),
    ("What is the source for the audited gross sales? I would like to see it before Thursday.",
     "It is on the Castellan royalty audit report of May 12, 2026, in the Reports folder.", None),
    ("What is the source for the covenant EBITDA? I would like to check it before tomorrow morning.",
     "I'll dig out the paper it comes from and send you a copy by end of day.", None),
]


@pytest.mark.parametrize("asked,reply,kind", SHORT + DONE)
def test_a_reply_short_of_its_job_is_found_by_its_kind(asked, reply, kind):
    import datetime as dt
    monday = dt.date(2026, 5, 11)  # sent on a Monday, answered the same day
    x = flag("m.eml", "Bea Reader", reply + "\n\nBea", "Al Writer", asked + "\n\nAl", "", monday, monday)
    assert (x.kind if x else None) == kind, x

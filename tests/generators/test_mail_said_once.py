"""Issue 17 (mail6, read 30's bank-call notes): a decision is an act of its day, never today's news in notes sent
after it ("Today, on the credit committee decision, the call is to defer payment", two days after the committee sat),
and a message asks a thing once ("My notes ... are below; shout if I missed anything." closed by "Please shout if I
have missed anything.")."""

from __future__ import annotations

import re

from tests.generators.context_fixture import DECISION, fact
from worldsmith.generators.compose.facts import fact_sentence
from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.kinds.email.compose import says_again
from worldsmith.worlds.values import Text

_NOW = re.compile(r"(?i)^(?:today|right now|for now|as things stand|currently|unless i hear otherwise|per my last check)\b")


def test_a_decision_is_never_said_as_todays():
    decided = [DECISION.model_copy(update={"label": "the board decision"}),
               fact("committee", "On 16 September the committee decided to hold the payment",
                    Text(value="hold payment pending the award")).model_copy(update={"label": "the committee's call"})]
    for f in decided:
        said = [fact_sentence(Picker(seed), f, "email") for seed in range(60)]
        assert not [s for s in said if _NOW.match(s)], [s for s in said if _NOW.match(s)][:3]


def test_a_request_the_message_already_made_is_not_made_again():
    intro = "My notes from the call on the payment deadline are below; shout if I missed anything."
    assert says_again("Please shout if I have missed anything.", [intro])
    assert not says_again("Could you send me your comments by Friday?", [intro])
    assert not says_again("Shall I set up a call?", [intro, "We spoke on the call about the fee."])

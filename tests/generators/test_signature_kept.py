"""A signature block is kept with its lines whatever its opening words: blind read 35's board minutes and resolution
left 'Title: Chair of the Board' alone on page 2 under 'Signed as a correct record, chair of the meeting:'."""

from __future__ import annotations

from worldsmith.generators.kinds.document.render import _held_together


def test_minutes_and_undertaking_signature_blocks_are_held_together():
    # (fails before: neither opening was a close, so nothing was kept with the next)
    minutes = ["Actions agreed.", "Signed as a correct record, chair of the meeting:", "Signature: ____",
               "Name: Nicholas Rogers", "Title: Chair of the Board"]
    assert _held_together(minutes) == {0, 1, 2, 3}
    undertaking = ["Executed by Corvale Shipping Ltd. by its authorised officer:", "Signature: ____", "Name: A",
                   "Accepted by the Regulator:", "Signature: ____", "Name: B"]
    assert _held_together(undertaking) == {0, 1, 2, 3, 4}

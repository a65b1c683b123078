"""A count whose statement lists the things counted is given with its whole list (blind read 31: a notice of refusal
that said '3 discrepancies were cited' and listed one of the three)."""

from __future__ import annotations

from worldsmith.generators.compose.substance.common import gist
from worldsmith.generators.context import FactRef
from worldsmith.worlds.values import Number


def _count(statement: str, n: int) -> FactRef:
    return FactRef(id="defects", statement=statement, value=Number(type="number", value=n, unit="defects"),
                   text=f"{n} defects", label="defects cited")


def test_a_count_that_lists_what_it_counts_gives_every_item_never_one():
    listed = ("The notice cites three defects: the survey report dated after the handover certificate, not before it; "
              "the insurance certificate naming the wrong vessel in its schedule; and the packing list signed by an "
              "officer not named in the credit")
    said = gist(_count(listed, 3), [])
    assert "survey report" in said and "insurance certificate" in said and "packing list" in said, said
    # (a count that lists fewer or more than it counts keeps the longest clause, as before)
    said = gist(_count(listed, 4), [])
    assert said.count(";") == 0, said

"""Units as a trade writes them (blind red team kit31a, an unseen documentary-credit refusal: the quantity shipped
'53,912.5 metric tonnes', '53,912.5 tonnes' and '53,912.5 t' for a ledger's '53,912.5 mt' scored 0.93 in ten right
answers)."""

from __future__ import annotations

from worldsmith.environments.forms import same_unit


def test_a_metric_tonne_is_one_unit_however_written():
    # (fails before: only 'mt' and 'MT' were the ledger's unit)
    for written in ("metric tonnes", "tonnes", "t", "metric tons", "MT", "mts", "tonne"):
        assert same_unit("mt", written), written
    # ...and a ton of another kind, or another unit, is not
    for other in ("gross tons", "tons", "kg", "GT", "days"):
        assert not same_unit("mt", other), other

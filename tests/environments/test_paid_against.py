"""What has been paid so far is weighed against the whole it pays (blind outline au-wage-underpayment-remediation at
seed 35: 7 tasks, none asking what of the total remediation was still owed after 'remediation paid to date')."""

from types import SimpleNamespace

from worldsmith.environments.graph_tasks import Graph, pair_reason
from worldsmith.worlds.plan import LedgerFact


def _fact(fid: str, label: str, amount: int) -> LedgerFact:
    return LedgerFact.model_validate({"id": fid, "label": label, "text": f"AUD {amount:,}", "statement": label,
                                      "value": {"type": "money", "amount": amount, "currency": "AUD"}})


def test_a_payment_to_date_is_weighed_against_its_total_and_not_against_another_figure():
    paid, total = _fact("paid", "remediation paid to date", 6_104_500), _fact("total", "total remediation", 8_977_200)
    fee = _fact("fee", "contrition payment", 250_000)
    graph = Graph(SimpleNamespace(plan=SimpleNamespace(facts=[paid, total, fee]),
                                  facts={f.id: f for f in (paid, total, fee)}), {}, {})
    reason = pair_reason(graph, paid, total)
    assert reason is not None and "paid against" in reason[0]
    assert pair_reason(graph, total, paid) == reason
    assert pair_reason(graph, paid, fee) is None  # what is paid to date is remediation, not the contrition payment
    assert pair_reason(graph, fee, total) is None

"""bench.tasks on an unseen arbitration outline at seed 239 (tasks7): three tasks refused because their own reference
solutions failed the grader: a fact's own name read as a payment ('The total claim (SGD 9,500,000) exceeds the cap'
paid the side the cap cuts off) and a percent's '/100' read as a row's figure typed into a formula (a rate of 100%)."""

from types import SimpleNamespace as NS

import worldsmith
from worldsmith.environments import grade
from worldsmith.environments.session import Session


def test_a_facts_own_name_giving_its_own_figure_pays_nothing(published_legal):
    # the legal world's contribution demand (USD 60,987,500) is the side the Clause 41.3 cap (USD 20,000,000) cuts
    # off; named as a claim, as an outline may name it ('total claim'), its name holds a word of receiving
    world = worldsmith.open(published_legal)
    facts = [f.model_copy(update={"label": "contribution claim"}) if f.id == "contribution_demand" else f
             for f in world.plan.facts]
    named = NS(world_id="tasks7-legal", plan=NS(facts=facts), facts={f.id: f for f in facts})
    pays = lambda t: grade.pays_a_figure_that_does_not_decide(named, t)  # noqa: E731
    assert not pays("The contribution claim (USD 60,987,500) exceeds the Clause 41.3 cap by USD 40,987,500.")
    assert not pays("The contribution claim is USD 60,987,500.")
    assert pays("Ostrander will pay USD 60,987,500 on the demand.")  # the side the cap cuts off, paid
    assert pays("The contribution claim is USD 60,987,500, which is the amount Kestrel Bay will be paid.")
    world.close()


def test_a_percent_scaled_by_100_types_in_no_rows_figure(published_legal, tmp_path):
    from worldsmith.environments.grade import _formula_comes_to
    from worldsmith.environments.tasks import Check

    world = worldsmith.open(published_legal)
    session = Session(world, tmp_path / "s")
    path = "Workpapers/Sensitivity.xlsx"
    check = Check(type="file_formula", path=path, values=["USD 6,720,000"], numbers=[6720000.0])
    head = "Item,Figure,Source\ncontract price (as supposed),6720000,as supposed\ntotal claim,9500000,x\n" \
           "cap percentage,100,y\n"
    session.write_sheet(path, head + 'liability cap,=(B4/100*B2),computed\nrecoverable claim,"=MIN(B3,B5)",computed\n')
    assert _formula_comes_to(session, check)
    session.write_sheet(path, head + 'liability cap,=(100/100*B2),computed\nrecoverable claim,"=MIN(B3,B5)",computed\n')
    assert not _formula_comes_to(session, check)  # the rate's own 100 typed in is still typed in
    world.close()


def test_a_what_if_takes_the_input_read_across_files_over_one_read_off_one_file(monkeypatch):
    # schuldschein at seed 239: the 5-year coupon's what-if changed its spread (the pricing sheet alone, so a warm-up,
    # dropped) where its mid-swap sat in a second paper; the world made five tasks
    from worldsmith.environments import graph_tasks

    one, two = ["Pricing sheet.xlsx"], ["Pricing sheet.xlsx", "Allocation recommendation.docx"]
    candidates = [(3, 1, 2, "fee", "tranche", None, None, [], [], ["a", "b", "c"], ["drive"]),
                  (1, 1, 2, "coupon", "spread", None, None, [], [], one, ["drive"]),
                  (1, 1, 2, "coupon", "swap", None, None, [], [], two, ["drive"]),
                  (1, 1, 2, "rate", "only", None, None, [], [], one, ["drive"])]
    monkeypatch.setattr(graph_tasks, "what_if_candidates", lambda graph: candidates)
    monkeypatch.setattr(graph_tasks, "_what_if_task", lambda graph, top, leaf, *rest: (top, leaf))
    assert graph_tasks.what_if_tasks(None, limit=3) == [("fee", "tranche"), ("coupon", "swap"), ("rate", "only")]


def test_a_what_ifs_worked_count_is_in_the_unit_its_fact_declares():
    # wind-gearbox at seed 61: the gearboxes still to be exchanged are the turbines less the failed ones; the what-if
    # memo's reference wrote '23 turbines', which the misstatement check read against the ledger's '18 gearboxes'
    from decimal import Decimal

    from worldsmith.environments.graph_tasks import _as_ledger_writes
    from worldsmith.worlds.ledger import Quantity

    fact = NS(id="retrofit_units", formula="turbine_count - failed_turbines",
              value=NS(type="number", value=Decimal(18), unit="gearboxes"))
    ratio = NS(id="leverage", formula="debt / ebitda", value=NS(type="number", value=Decimal("3.7"), unit="x"))
    world = NS(plan=NS(facts=[fact, ratio]))
    out = _as_ledger_writes(world, {"retrofit_units": Quantity("number", Decimal(23), None, "turbines"),
                                    "leverage": Quantity("number", Decimal("3.638548951"), None, None)})
    assert out["retrofit_units"].unit == "gearboxes"
    assert (out["leverage"].unit, out["leverage"].amount) == ("x", Decimal("3.64"))

"""A decision's key follows the ledger's record of it: the day the minutes or resolution take it (not the day a mail
reports it) and the body or person that took it (not whoever wrote the mail). Issue 16: a blind red team found a
Danish A/S board's decision dated from outside counsel's later email, its days left counted from that day."""

from __future__ import annotations

from pathlib import Path

import pytest

import worldsmith
from worldsmith.environments.decision_tasks import decision_tasks
from worldsmith.environments.forms import formalise
from worldsmith.environments.grade import grade
from worldsmith.environments.graph_tasks import Graph
from worldsmith.environments.lint import apply_solution
from worldsmith.environments.session import Session

SOLAR = Path(__file__).resolve().parents[1] / "fixtures" / "solar-farm-project-finance.yaml"


def _decision(path: Path):
    world = worldsmith.open(path)
    tasks = [formalise(t, world) for t in decision_tasks(Graph.of(world))]
    return world, tasks


def _score(world, task, answer: str, folder: Path) -> float:
    session = Session(world, folder)
    apply_solution(task.model_copy(update={"solution": task.solution.model_copy(update={"answer": answer})}), session)
    return grade(task, session).score


@pytest.fixture(scope="module")
def solar(tmp_path_factory):
    from tests.published import shared_example

    base = tmp_path_factory.getbasetemp()
    world, tasks = _decision(shared_example(str(SOLAR), base / "published-examples", tmp_path_factory.mktemp("solar")))
    yield world, tasks
    world.close()


def test_a_committees_decision_is_dated_from_its_minutes_not_the_mail_that_reports_it(solar, tmp_path):
    # solar-farm-project-finance at seed 0: Corella's investment committee approved the equity on April 8, 2027 (its
    # paper in the drive, the ledger's day); the lender's director mailed the club about it on April 12. The key said
    # April 12, 'Alexander Holt' and 74 days to the June 25 close target
    world, tasks = solar
    task = next(t for t in tasks if t.id.startswith("decision-equity_decision-"))
    decision = world.facts["equity_decision"]
    assert "Day of the decision: April 8, 2027" in task.solution.answer, task.solution.answer
    assert task.solution.answer.endswith("Answer: 78 days")
    assert any("investment committee" in f for f in task.needs.files), task.needs.files
    assert _score(world, task, task.solution.answer, tmp_path / "oracle") == 1.0
    reported = (task.solution.answer.replace("April 8, 2027", "April 12, 2027").replace("78 days", "74 days"))
    assert _score(world, task, reported, tmp_path / "reported") < 0.5
    assert decision.known_from.isoformat() == "2027-04-08"


@pytest.fixture(scope="module")
def diligence(published_diligence):
    world, tasks = _decision(published_diligence)
    yield world, tasks
    world.close()


@pytest.mark.parametrize("said, right", [
    ("the investment committee", True), ("Pennock Row Capital's investment committee", True),
    ("Investment Committee of Pennock Row Capital LLP", True), ("Pennock Row IC", True),
    ("Elliott Houghton", False), ("the board", False), ("the investment committee (Elliott Houghton)", False),
    ("Larkspur Hale's investment committee", False)])
def test_a_decision_a_committee_took_names_the_committee_not_who_mailed_it(diligence, tmp_path, said, right):
    # buyside-diligence at seed 0: Pennock Row's investment committee decided on October 7 (the IC minutes); the key
    # named Elliott Houghton, the managing partner whose mail gave the outcome
    world, tasks = diligence
    task = next(t for t in tasks if t.id.startswith("decision-ic_decision-"))
    assert "Who took the decision: Pennock Row's investment committee" in task.solution.answer
    answer = "\n".join(f"Who took the decision: {said}" if line.startswith("Who took the decision:") else line
                       for line in task.solution.answer.splitlines())
    assert (_score(world, task, answer, tmp_path / "s") == 1.0) is right


def test_a_boards_resolution_reported_by_counsel_is_the_boards():
    # the blind red team's Danish A/S matter: the board resolved at a board meeting and outside counsel's mail reported
    # it; the key named counsel. A stand-in world: the statement says who took it, the mail only who wrote
    from types import SimpleNamespace as NS

    from worldsmith.environments.decision_tasks import _taker
    from worldsmith.environments.forms import _body_ok
    from worldsmith.environments.tasks import Check

    orgs = [NS(id="kromann", name="Kromann Lund Advokatpartnerselskab"), NS(id="hvidsten", name="Hvidsten Maskinfabrik A/S")]
    counsel = NS(name="Mette Lund", last_name="Lund", email="ml@kromann.example", title="Partner", organisation="kromann")
    world = NS(plan=NS(organisations=orgs, people=[counsel]), messages=[NS(message_id="m1", sender=counsel.email)])
    decision = NS(statement="On 3 March 2027 the board of directors of Hvidsten Maskinfabrik A/S resolved to terminate "
                            "the distribution agreement.")
    taker = _taker(NS(world=world), decision, ("mail.eml", "email", None, "m1"))
    assert taker == ("body", "the board of directors of Hvidsten Maskinfabrik A/S")
    said = {v: _body_ok(v, Check(type="answer_field", values=[taker[1]]), world) for v in
            ("the board", "Hvidsten's board of directors", "Board of Hvidsten Maskinfabrik A/S", "Mette Lund",
             "Kromann Lund's board", "the directors")}
    assert said == {"the board": True, "Hvidsten's board of directors": True, "Board of Hvidsten Maskinfabrik A/S": True,
                    "Mette Lund": False, "Kromann Lund's board": False, "the directors": False}


def test_a_decision_the_ledger_gives_to_a_named_person_is_theirs_not_the_mail_writers():
    # a statement that names who decided ('On 3 March 2027 Anna Berg decided ...'): counsel's mail that gives it that
    # day is no decision of counsel's (before: no task, or the sender)
    from types import SimpleNamespace as NS

    from worldsmith.environments.decision_tasks import _taker

    counsel = NS(name="Mette Lund", email="ml@kromann.example", title="Partner", organisation="kromann")
    client = NS(name="Anna Berg", email="ab@hvidsten.example", title="Chief Executive Officer", organisation="hvidsten")
    world = NS(plan=NS(organisations=[NS(id="kromann", name="Kromann Lund"), NS(id="hvidsten", name="Hvidsten A/S")],
                       people=[counsel, client]), messages=[NS(message_id="m1", sender=counsel.email)])
    decision = NS(statement="On 3 March 2027 Anna Berg decided to terminate the distribution agreement.")
    assert _taker(NS(world=world), decision, ("mail.eml", "email", None, "m1")) == ("person", "Anna Berg")


def test_a_title_the_record_of_that_day_contradicts_is_not_asked():
    # blind red team 34: the ledger had the distributor's Diretor-Presidente decide the appeal, but the mail of that day
    # was its finance director's 'Decided: to file the recurso ordinário', naming no one else: the key said the
    # Diretor-Presidente, whom the room never shows deciding. A holder the record names, or who sends it, is asked
    import datetime as dt
    from types import SimpleNamespace as S

    from worldsmith.environments.decision_tasks import _taker

    def graph(record_text: str):
        people = [S(name="Gael Nunes", title="Diretor-Presidente", organisation="serra", email="g@serra.example"),
                  S(name="Olivia Aparecida", title="Diretora Financeira", organisation="serra", email="o@serra.example")]
        db = S(execute=lambda sql, args: S(fetchone=lambda: (record_text,)))
        world = S(plan=S(people=people, organisations=[S(id="serra", name="Serra Azul Distribuidora")]),
                  messages=[S(message_id="<m1>", sender="o@serra.example")], db=db)
        return S(world=world)

    decision = S(statement="On June 18, 2026 Serra Azul's Diretor-Presidente decided to file the recurso ordinário.")
    record = ("Correspondence/x.eml", "email", dt.datetime(2026, 6, 18, 17, 8), "<m1>")
    assert _taker(graph("Decided: to file the recurso ordinário."), decision, record) is None
    assert _taker(graph("Gael Nunes has decided: we file the recurso ordinário."), decision, record) == \
        ("person", "Gael Nunes")

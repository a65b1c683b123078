"""A plan.json ledger from someone else's bundle (issue 20, attack 21 F6): re-sealed with a formula or a value that
cannot be computed, it is refused when read, by every command, with one line that names the fact and the problem
(exit 2), never a traceback."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Callable

import pytest
from typer.testing import CliRunner

import worldsmith
from worldsmith.flows.cli import app
from worldsmith.worlds import bundle
from worldsmith.worlds.errors import BundleError, PlanError


def _fact(plan: dict, fid: str) -> dict:
    return next(f for f in plan["facts"] if f["id"] == fid)


def _formula(text: str) -> Callable[[dict], None]:
    def edit(plan: dict) -> None:
        _fact(plan, "liability_cap")["formula"] = text
    return edit


def _value(number: str) -> Callable[[dict], None]:
    def edit(plan: dict) -> None:
        _fact(plan, "gross_tonnage")["value"]["value"] = number
    return edit


def _rename(new_id: str) -> Callable[[dict], None]:
    def edit(plan: dict) -> None:
        _fact(plan, "gross_tonnage")["id"] = new_id
    return edit


# (edit of the legal world's plan, the fact the error names, what it says of the problem)
CASES = {
    "unknown id": (_formula("nosuch * 2"), "liability_cap", "'nosuch', which is not a fact id"),
    "input renamed": (_rename("tonnage_renamed"), "liability_cap", "'gross_tonnage', which is not a fact id"),
    "id as a path": (_rename("../../../tmp/attack/pwn"), "../../../tmp/attack/pwn", "is not a fact id"),
    "division by zero": (_formula("per_ton_limit * gross_tonnage / 0"), "liability_cap", "by zero"),
    "power": (_formula("gross_tonnage ** 99999999"), "liability_cap", "uses pow"),
    "overflow": (_formula("per_ton_limit * 1e308 * 1e308"), "liability_cap", "below 10^15"),
    "5,000 parentheses": (_formula("(" * 5000 + "gross_tonnage" + ")" * 5000), "liability_cap",
                          "a formula holds at most 500"),
    "deep unary": (_formula("-" * 400 + "limit_floor"), "liability_cap", "nests more than 32 levels"),
    "huge round": (_formula("round(limit_floor, 100000000)"), "liability_cap", "rounds to a whole number of places"),
    "value 1e999999": (_value("1e999999"), "gross_tonnage", "too large"),
    "100,000 digits": (_value("9" * 100_000), "gross_tonnage", "too large"),
    "100,000 places": (_value("0." + "1" * 100_000), "gross_tonnage", "at most 40 digits"),
}
COMMANDS = (["tasks"], ["export", "--format", "parquet"], ["validate"], ["report"], ["index"], ["serve"])


def _hostile(published_legal: Path, tmp_path: Path, edit: Callable[[dict], None]) -> Path:
    """A copy of the session's legal world with its plan edited, then sealed again as anyone can."""
    world = tmp_path / "outputs" / published_legal.name
    shutil.copytree(published_legal, world)
    plan = json.loads((world / bundle.PLAN).read_text(encoding="utf-8"))
    edit(plan)
    (world / bundle.PLAN).write_text(json.dumps(plan), encoding="utf-8")
    manifest = bundle.read_manifest(world)
    bundle.write_manifest(world, manifest.model_copy(update={"files": bundle.list_files(world)}))
    return world


def _refused_in_one_line(world: Path, command: list[str], problem: str) -> None:
    done = CliRunner().invoke(app, [*command, str(world)], env={"COLUMNS": "80"})
    said = done.output.strip()
    assert done.exit_code == PlanError.exit_code, (command, said[-2000:])
    assert done.exception is None or isinstance(done.exception, SystemExit), (command, done.exception)
    assert said.startswith("error: ") and "\n" not in said and len(said) < 1000, (command, said[:2000])
    assert "not a valid ledger" in said and problem in said, (command, said)


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_a_resealed_plan_whose_ledger_fails_is_refused_naming_the_fact_and_the_problem(published_legal, tmp_path,
                                                                                        case):
    edit, fact, problem = CASES[case]
    world = _hostile(published_legal, tmp_path, edit)
    with pytest.raises(PlanError, match="the plan is not a valid ledger") as info:
        worldsmith.open(world)
    assert isinstance(info.value, BundleError) and repr(fact) in str(info.value) and problem in str(info.value)
    _refused_in_one_line(world, ["tasks"], problem)  # the command the attack crashed
    assert not (world / bundle.TASKS).exists()


@pytest.mark.parametrize("case", ["unknown id", "100,000 digits"])
def test_every_command_that_reads_a_world_refuses_a_failing_ledger_in_one_line(published_legal, tmp_path, case):
    edit, _, problem = CASES[case]
    world = _hostile(published_legal, tmp_path, edit)
    for command in COMMANDS:
        _refused_in_one_line(world, command, problem)
    assert not (world / bundle.TASKS).exists() and not (world.parent / "exports").exists()


def test_the_published_plan_passes_the_same_check(published_legal):
    plan = bundle.read_plan(published_legal)  # the check every plan worldsmith writes passes
    assert any(f.formula for f in plan.facts)

"""A round trip through the project's real renderers: what they write, the loader reads and the checks pass."""

from __future__ import annotations

import duckdb
import pytest

from tests.worlds.bundle_fixture import make_contents, make_plan
from worldsmith.worlds.validate import validate_bundle

render = pytest.importorskip("worldsmith.generators.render.world", reason="the renderers are not in this checkout")


def _render(root, defect=None):
    bundle = root / "bundle"
    (bundle / "room").mkdir(parents=True)
    plan = make_plan()
    (bundle / "plan.json").write_text(plan.model_dump_json(indent=2), encoding="utf-8")
    render.render_world(plan, make_contents(defect), bundle / "room")
    return bundle


def test_a_rendered_world_loads_and_passes(tmp_path):
    bundle = _render(tmp_path)
    report = validate_bundle(bundle)
    assert report.verdict == "pass", [(c.id, c.rows) for c in report.failed()]
    with duckdb.connect(str(bundle / "world.duckdb"), read_only=True) as con:
        assert con.execute("select count(*) from files where not parsed").fetchone()[0] == 0
        assert con.execute("select bool_and(found), count(*) from fact_mentions").fetchone() == (True, 10)
        total = con.execute("select value_num from cells where formula like '=SUM(%'").fetchall()
        margins = con.execute("select margins from documents where artifact_id = 'd2'").fetchone()[0]
    assert total == [(1250000.0,)]
    assert "SUPERSEDED FIRST DRAFT" in margins


def test_a_rendered_world_missing_a_fact_fails_that_check(tmp_path):
    report = validate_bundle(_render(tmp_path, "fact_absent"))
    assert [(c.id, [r.artifact_id for r in c.rows]) for c in report.failed()] == [("planned_fact_present", ["d1"])]

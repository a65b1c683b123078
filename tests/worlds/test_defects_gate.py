"""The gate: a world with an error goes to outputs/_quarantine/<id>/ with its report; warnings are published."""

from __future__ import annotations

import json

from worldsmith.flows import pipeline
from worldsmith.generators.backends.offline import OfflineBackend
from tests.worlds.test_defects_seeded import MINI, contradicting_amount, unsigned
from worldsmith.worlds import bundle


def _run(out, defect):
    """The plain pipeline, with one defect injected into the staging folder between render and validate."""
    backend = OfflineBackend()
    prepared = pipeline.prepare(MINI, 0, backend)
    plan = pipeline.make_plan(prepared)
    contents = pipeline.generate(plan, prepared.taxonomy, backend)
    staging = bundle.new_staging(out, plan.world_id)
    pipeline.render(plan, contents, staging)
    defect(staging)
    report = pipeline.validate(staging)
    manifest = pipeline.write_manifest(prepared, plan, report, staging, backend)
    return pipeline.publish(manifest, staging, out, started=0.0), report


def test_a_world_with_an_error_is_quarantined_with_its_report(tmp_path):
    out = tmp_path / "outputs"
    published, report = _run(out, contradicting_amount)
    target = out / bundle.QUARANTINE / published.world_id
    assert published.quarantined and published.verdict == "fail" and published.path == str(target)
    assert not (out / published.world_id).exists() and not (out / bundle.STAGING).exists()
    saved = json.loads((target / bundle.VALIDATION).read_text())
    assert saved["verdict"] == "fail" and "no_contradicting_value" in {c["id"] for c in saved["checks"] if c["count"]}
    assert json.loads((target / bundle.MANIFEST).read_text())["errors"] == report.errors >= 1
    from worldsmith.worlds.catalog import list_worlds

    assert list_worlds(out) == []  # a quarantined world is not catalogued


def test_a_world_with_only_warnings_is_published_and_counts_them(tmp_path):
    out = tmp_path / "outputs"
    published, report = _run(out, unsigned)
    assert not published.quarantined and published.path == str(out / published.world_id)
    manifest = bundle.read_manifest(out / published.world_id)
    assert (manifest.verdict, manifest.errors, manifest.warnings) == ("warn", 0, report.warnings) and report.warnings == 1
    from worldsmith.worlds.catalog import list_worlds

    assert [(c.world_id, c.verdict) for c in list_worlds(out)] == [(published.world_id, "warn")]

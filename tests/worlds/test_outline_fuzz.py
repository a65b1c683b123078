"""The outline fuzzer in CI (fixed seed, a few hundred mutants; bench/fuzz_outlines.py runs thousands):
every mutant is refused with one message naming file and line, or is made into a published or
quarantined world; no traceback, no mutant over 1 GiB."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_every_mutant_is_refused_at_a_line_or_made_into_a_world(tmp_path):
    # A worker process of its own: each mutant runs in a child forked from it, measured alone.
    proc = subprocess.run([sys.executable, "-m", "tests.outline_fuzz", "--mutants", "250", "--seed", "0",
                           "--generate", "5", "--out", str(tmp_path), "--quiet"],
                          cwd=REPO, capture_output=True, text=True, timeout=600)
    summary = json.loads(proc.stdout.strip().splitlines()[-1])["summary"]
    assert summary["violations"] == 0, json.dumps(summary["broken"], indent=1)[:6000]
    assert proc.returncode == 0, proc.stderr[-3000:]
    outcomes = summary["outcomes"]
    assert sum(outcomes.values()) == 250
    assert set(outcomes) <= {"refused", "accepted", "published", "quarantined"}
    # The fuzzer reached both sides of the property: refusals, and worlds actually made.
    assert outcomes.get("refused", 0) >= 100
    assert outcomes.get("published", 0) + outcomes.get("quarantined", 0) == 5
    assert summary["peak_mib"] <= 1024

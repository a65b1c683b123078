"""The plain path: `generate --no-prefect` publishes a world through `make_world` without importing Prefect."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
OUTLINE = REPO / "outlines" / "examples" / "hospital-revenue-audit.yaml"


def _room(bundle: Path) -> dict[str, str]:
    return {str(p.relative_to(bundle)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted((bundle / "room").rglob("*")) if p.is_file()}


def test_generate_no_prefect_publishes_without_importing_prefect(tmp_path):
    # -X importtime lists every module the process imports (the CLI ends with os._exit, so nothing runs after it)
    run = subprocess.run([sys.executable, "-X", "importtime", "-c", "from worldsmith.flows.cli import main; main()",
                          "generate", str(OUTLINE), "--out", str(tmp_path / "plain"), "--no-prefect"],
                         capture_output=True, text=True, cwd=REPO, timeout=300)
    assert run.returncode == 0, run.stdout[-2000:]
    imported = [line.rsplit("|", 1)[-1].strip() for line in run.stderr.splitlines() if line.startswith("import time:")]
    assert "worldsmith.flows.make" in imported and not [m for m in imported if m.split(".")[0] == "prefect"]
    plain = next(p for p in (tmp_path / "plain").iterdir() if p.is_dir() and not p.name.startswith("_"))
    assert json.loads((plain / "manifest.json").read_text())["verdict"] in ("pass", "warn")
    assert _room(plain)  # (that the plain room equals the flow's: tests/flows/test_generate_flow.py)

"""Benchmark: every example generated through a model that follows only the JSON schema it is sent.

The project's test server runs on 127.0.0.1 in schema-only mode (arbitrary values of the right types,
enums and lengths; `pattern` ignored) and `worldsmith generate --backend openai` makes each example
through it with the real openai client. Per example it prints the verdict (published or quarantined),
the check errors, the artifacts that failed (by stage, and how many of them the offline composer
stood in for), the artifacts whose prose the engine completed (and in how many it kept some of the composer's text),
the model calls, and whether any schema sent
named a field the engine owns.

    .venv/bin/python -m bench.schema_only [--smoke] [--policy quarantine|offline] [--example NAME ...]

--smoke makes the smallest example only; --policy is passed as --on-artifact-failure.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

from worldsmith.generators.backends.test_server import ServerConfig, TestServer  # noqa: E402

EXAMPLES = ["buyside-diligence.yaml", "hospital-revenue-audit.yaml", "tanker-spill-liability.yaml"]
SMOKE = ["hospital-revenue-audit.yaml"]
# Names of fields the engine owns: none may be a property of a schema sent to the model.
ENGINE_OWNED = ("currency", "amount", "date", "email", "path", "file", "columns", "rows", "subject", "title",
                "heading", "sheet_name", "recipients", "id", "value")


def schema_fields(schema: object) -> set[str]:
    """Every property name anywhere in a JSON schema."""
    out: set[str] = set()
    if isinstance(schema, dict):
        for name, sub in (schema.get("properties") or {}).items():
            out.add(name)
            out |= schema_fields(sub)
        for key, sub in schema.items():
            if key != "properties":
                out |= schema_fields(sub)
    elif isinstance(schema, list):
        for sub in schema:
            out |= schema_fields(sub)
    return out


def run_example(example: str, tmp: Path, policy: str, seed: int) -> dict:
    """Generate one example through a fresh schema-only server; its figures."""
    out = tmp / Path(example).stem  # a name in outlines/examples or any outline's path
    with TestServer(ServerConfig(mode="schema_only", seed=seed)) as server:
        started = time.perf_counter()
        proc = subprocess.run(
            [str(REPO / ".venv/bin/worldsmith"), "generate", str(REPO / "outlines/examples" / example),
             "--backend", "openai", "--base-url", server.base_url, "--model", "test-model", "--out", str(out),
             "--no-cache", "--on-artifact-failure", policy],
            cwd=tmp, capture_output=True, text=True, env={**os.environ, "OPENAI_API_KEY": "not-needed"})
        wall = time.perf_counter() - started
        requests = list(server.requests)
    manifests = list(out.glob("*/manifest.json")) + list(out.glob("_quarantine/*/manifest.json"))
    if not manifests:
        return {"example": example, "verdict": "no world", "rc": proc.returncode, "stderr": proc.stderr[-2000:]}
    bundle = manifests[0].parent
    manifest = json.loads(manifests[0].read_text())
    failures = manifest.get("failures", [])
    validation = json.loads((bundle / "validation.json").read_text())
    errors = collections.Counter({c["id"]: c["count"] for c in validation["checks"]
                                  if c["severity"] == "error" and c["count"]})
    owned = sorted({f for r in requests for f in schema_fields(r.get("schema")) if f in ENGINE_OWNED})
    filled = manifest.get("usage", {}).get("filled", {})
    # what the engine did around the model's prose: artifacts where it kept some of the composer's text, and the
    # commonest things it added or took out
    composer = sum(any("composer" in n for n in notes) for notes in filled.values())
    acts = collections.Counter(n.split(" ")[0] + " " + " ".join(n.split(" ")[1:3]) for notes in filled.values() for n in notes)
    return {
        "example": example, "verdict": "quarantined" if "_quarantine" in bundle.parts else "published",
        "check_errors": manifest["errors"], "by_check": dict(errors.most_common(6)),
        "failed": dict(collections.Counter(f"{f['stage']}:{f['kind']}" for f in failures)),
        "substituted": sum(1 for f in failures if f.get("substituted")),
        "missing": sum(1 for f in failures if not f.get("substituted")),
        "engine_filled": len(filled), "kept_composer_text": composer, "engine_acts": dict(acts.most_common(5)),
        "calls": len(requests), "engine_owned_fields_sent": owned,
        "output_types": sorted({r["output_type"] for r in requests if r.get("output_type")}),
        "wall_s": round(wall, 1),
    }


def main() -> None:
    """Run the benchmark and print one line of figures per example."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--smoke", action="store_true", help="the smallest example only")
    ap.add_argument("--policy", default="quarantine", choices=["quarantine", "offline"])
    ap.add_argument("--seed", type=int, default=0, help="the server's seed (which arbitrary values)")
    ap.add_argument("--example", action="append", help="an example file name, or any outline's path (repeatable)")
    args = ap.parse_args()
    examples = args.example or (SMOKE if args.smoke else EXAMPLES)
    with tempfile.TemporaryDirectory(prefix="ws-schema-only-") as tmp:
        rows = [run_example(e, Path(tmp), args.policy, args.seed) for e in examples]
    for row in rows:
        print(json.dumps(row))
    published = sum(r["verdict"] == "published" for r in rows)
    print(f"published {published}/{len(rows)} (policy {args.policy}, server seed {args.seed})")
    if published < len(rows):
        raise SystemExit(1)


if __name__ == "__main__":
    main()

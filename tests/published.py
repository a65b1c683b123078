"""Published example worlds for the tests that consume worlds: made once per session, without Prefect."""

from __future__ import annotations

from pathlib import Path

from worldsmith.flows.make import make_world

EXAMPLES = Path(__file__).resolve().parents[1] / "outlines" / "examples"


def publish_example(name: str, out: Path, seed: int = 0) -> Path:
    """Make and publish an example outline under out/ the way `worldsmith generate --no-prefect` does (offline
    backend, no response cache); return the bundle."""
    return Path(make_world(str(EXAMPLES / name), seed=seed, out=str(out), backend="offline", no_cache=True).path)

"""Published example worlds for the tests that consume worlds: made once per session, without Prefect."""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from pathlib import Path

from worldsmith.flows.make import make_world

EXAMPLES = Path(__file__).resolve().parents[1] / "outlines" / "examples"


def publish_example(name: str, out: Path, seed: int = 0) -> Path:
    """Make and publish an example outline under out/ the way `worldsmith generate --no-prefect` does (offline
    backend, no response cache); return the bundle."""
    return Path(make_world(str(EXAMPLES / name), seed=seed, out=str(out), backend="offline", no_cache=True).path)


_MEMOS: "OrderedDict[str, object]" = OrderedDict()


def validate_copy(bundle: Path, **options):
    """validate_bundle with this test process's parse memo for the world's plan: a copy of a session's world
    that a test broke in one file re-parses that file, as a repair round does, not the whole room."""
    from worldsmith.worlds.store.load import ParseMemo
    from worldsmith.worlds.validate import validate_bundle

    sha = hashlib.sha256((Path(bundle) / "plan.json").read_bytes()).hexdigest()
    memo = _MEMOS.pop(sha, None) or ParseMemo()
    _MEMOS[sha] = memo
    while len(_MEMOS) > 4:  # the session's few worlds; a test that edits a plan gets a memo of its own
        _MEMOS.popitem(last=False)
    return validate_bundle(bundle, memo=memo, **options)

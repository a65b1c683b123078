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


def shared_example(name: str, shared: Path, own: Path, seed: int = 0) -> Path:
    """The example published once per session for every pytest-xdist worker, copied into `own` for this one.

    The first worker that asks builds it in `shared` under a lock (the other waits there instead of building it
    again: the legal example is about 6 s of CPU); each worker then has a copy of its own,
    catalogued in `own` as publishing there would, so a test that validates or edits a world in place never
    touches the store another process has open."""
    import fcntl
    import shutil

    from worldsmith.worlds import bundle

    shared.mkdir(parents=True, exist_ok=True)
    key = Path(name).stem
    with open(shared / f"{key}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        made = shared / f"{key}.path"
        if made.exists():
            built = Path(made.read_text())
        else:
            built = publish_example(name, shared / key, seed)
            made.write_text(str(built))
    target = own / built.name
    shutil.copytree(built, target, symlinks=True)
    bundle.append_catalog(own, bundle.read_manifest(target), target)
    _SESSION_COPIES[target.resolve()] = shared
    return target


_TASK_SETS: dict[tuple[str, str], object] = {}
# This process's copies of the session's worlds -> the folder shared_example built them in: a task set of one of
# those copies is shared by the pytest-xdist workers too (a copy a test made elsewhere, perhaps edited, is not).
_SESSION_COPIES: dict[Path, Path] = {}


def task_set_of(world, warmups: bool = False):
    """make_task_set of an opened session world, made once per test session (about 5 s of CPU for the legal example,
    which nine test modules in both pytest-xdist workers need); a deep copy each time, so a test may change its own.
    A world edited since (another manifest) or another folder gets its own; with warm-ups, another."""
    from worldsmith.environments.lint import make_task_set
    from worldsmith.environments.tasks import TaskSet

    path = Path(world.path)
    sha = hashlib.sha256((path / "manifest.json").read_bytes()).hexdigest()
    key = (str(path.resolve()), sha, warmups)
    if key not in _TASK_SETS:
        # A copy of a session's world (same manifest, so the same files) has the task set the first worker made.
        shared = _SESSION_COPIES.get(path.resolve())
        if shared is None:
            _TASK_SETS[key] = make_task_set(world, warmups=warmups)
        else:
            import fcntl

            name = f"tasks-{sha[:16]}{'-warmups' if warmups else ''}"
            with open(shared / f"{name}.lock", "w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                made = shared / f"{name}.json"
                if made.exists():
                    _TASK_SETS[key] = TaskSet.model_validate_json(made.read_text(encoding="utf-8"))
                else:
                    _TASK_SETS[key] = make_task_set(world, warmups=warmups)
                    made.write_text(_TASK_SETS[key].model_dump_json(), encoding="utf-8")
    return _TASK_SETS[key].model_copy(deep=True)


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


def warm_task(world, task_id: str):
    """A task of the world's set with warm-ups: one whose every input one file carries (the legal world's cap 'governs'
    and tonnage what-if) is kept apart from the default set, and the grading tests built on it read it here."""
    return next(t for t in task_set_of(world, warmups=True).tasks if t.id == task_id)

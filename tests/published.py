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


def rendered_copy(published: Path, target: Path) -> Path:
    """What pipeline.render writes for a session world's outline and seed (plan.json and room/), copied from the
    published world into target: a world published clean has its rendered files unchanged (checked file for file for
    the legal and mini examples), so a module that seeds defects into a rendered room need not compose it again."""
    import shutil

    from worldsmith.worlds import bundle

    target.mkdir(parents=True)
    shutil.copyfile(published / bundle.PLAN, target / bundle.PLAN)
    shutil.copytree(published / bundle.ROOM, target / bundle.ROOM, symlinks=True)
    return target


_TASK_SETS: dict[tuple[str, str, str], str] = {}
# This process's copies of the session's worlds -> the folder shared_example built them in: a task set of one of
# those copies is shared by the pytest-xdist workers too (a copy a test made elsewhere, perhaps edited, is not).
_SESSION_COPIES: dict[Path, Path] = {}


def _once(world, what: str, make, dump, load):
    """make(world) once per test session for a session world (both pytest-xdist workers: the first makes it under a
    lock and writes dump(it), the other loads it), once per process for a world elsewhere or edited since (another
    manifest); cached under what as dump(it), and each call hands out load() of that: a copy of its own, at about
    half a deep copy's CPU (a 31-task set: 0.075 against 0.14 s), the copy the other worker always had."""
    path = Path(world.path)
    sha = hashlib.sha256((path / "manifest.json").read_bytes()).hexdigest()
    key = (str(path.resolve()), sha, what)
    if key not in _TASK_SETS:
        # A copy of a session's world (same manifest, so the same files) has what the first worker made.
        shared = _SESSION_COPIES.get(path.resolve())
        if shared is None:
            _TASK_SETS[key] = dump(make(world))
        else:
            import fcntl

            name = f"{what}-{sha[:16]}"
            with open(shared / f"{name}.lock", "w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                made = shared / f"{name}.json"
                if made.exists():
                    _TASK_SETS[key] = made.read_text(encoding="utf-8")
                else:
                    _TASK_SETS[key] = dump(make(world))
                    made.write_text(_TASK_SETS[key], encoding="utf-8")
    return load(_TASK_SETS[key])


def task_set_of(world, warmups: bool = False, forms: bool = False):
    """make_task_set of an opened session world, made once per test session (about 5 s of CPU for the legal example,
    which nine test modules in both pytest-xdist workers need); a copy each time, so a test may change its own.
    A world edited since (another manifest) or another folder gets its own; with warm-ups, another."""
    from worldsmith.environments.lint import make_task_set
    from worldsmith.environments.tasks import TaskSet

    def make(w):
        # The graph's tasks under the set are graph_tasks_of's, made once for both sets and the modules that read
        # them whole; test_tasks_and_lint.py's byte-for-byte test makes a set afresh, graph and all.
        from _pytest.monkeypatch import MonkeyPatch

        with MonkeyPatch.context() as patch:
            graph_tasks_from_the_session(patch)
            return make_task_set(w, warmups=warmups, forms=forms)

    # the prose set by default: most modules test the prose readers, which deliverables and prose tasks still use
    return _once(world, ("tasks-warmups" if warmups else "tasks") + ("-forms" if forms else ""), make,
                 lambda s: s.model_dump_json(), TaskSet.model_validate_json)


def graph_tasks_of(world) -> list:
    """graph_tasks of an opened session world for its first person (make_tasks' default user), made once per test
    session as task_set_of's are (about 2.8 s of CPU for the legal example, which four modules read whole); fresh
    copies. tests/environments/test_tasks_and_lint.py holds make_task_set byte for byte on a fresh run."""
    from pydantic import TypeAdapter

    from worldsmith.environments import graph_tasks as module
    from worldsmith.environments.tasks import Task

    graph_tasks = getattr(module.graph_tasks, "__wrapped__", module.graph_tasks)  # the real one, if a test patched it
    tasks = TypeAdapter(list[Task])
    return _once(world, "graph-tasks", lambda w: graph_tasks(w, w.plan.people[0].email),
                 lambda ts: tasks.dump_json(ts).decode("utf-8"), tasks.validate_json)


def graph_tasks_from_the_session(monkeypatch) -> None:
    """make_tasks (and whatever else calls graph_tasks at call time) answered from graph_tasks_of for a session
    world's first person, so a test of make_tasks' own choices (which what-ifs are warm-ups) does not make the
    graph's tasks again; any other user is made as asked."""
    from worldsmith.environments import graph_tasks as module

    real = module.graph_tasks

    def graph_tasks(world, user):
        if user == world.plan.people[0].email:
            return graph_tasks_of(world)
        return real(world, user)

    graph_tasks.__wrapped__ = real
    monkeypatch.setattr(module, "graph_tasks", graph_tasks)


_MEMOS: "OrderedDict[str, object]" = OrderedDict()


def validate_copy(bundle: Path, **options):
    """validate_bundle with this test process's parse memo for the world's plan: a copy of a session's world
    that a test broke in one file re-parses that file, as a repair round does, not the whole room."""
    from worldsmith.worlds.validate import validate_bundle

    return validate_bundle(bundle, memo=parse_memo(bundle), **options)


def parse_memo(bundle: Path):
    """This test process's parse memo for the plan of a bundle (validate_copy's, tests/worlds/checks_of.py's)."""
    from worldsmith.worlds.store.load import ParseMemo

    sha = hashlib.sha256((Path(bundle) / "plan.json").read_bytes()).hexdigest()
    memo = _MEMOS.pop(sha, None) or ParseMemo()
    _MEMOS[sha] = memo
    while len(_MEMOS) > 4:  # the session's few worlds; a test that edits a plan gets a memo of its own
        _MEMOS.popitem(last=False)
    return memo


def warm_task(world, task_id: str):
    """A task of the world's set with warm-ups: one whose every input one file carries (the legal world's cap 'governs'
    and tonnage what-if) is kept apart from the default set, and the grading tests built on it read it here."""
    return next(t for t in task_set_of(world, warmups=True).tasks if t.id == task_id)

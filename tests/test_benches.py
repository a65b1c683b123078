"""Every script in bench/ runs at its smoke size and prints its figures: a bench that breaks fails here, never its timing.

Each bench runs as `python -m bench.NAME` from the repository root, in its own process group, with its own
Prefect home (tests/bench_smoke.py). tests/conftest.py starts the benches a session selected as soon as
collection is done and runs these tests last, so the benches run beside the rest of the suite rather than
after it; deselect them all with `-m "not bench"`.
"""

from __future__ import annotations

import pytest

from tests.bench_smoke import BENCHES, REPO

pytestmark = pytest.mark.bench


def test_every_bench_is_run_here_and_none_edits_sys_path():
    """A new bench must get a smoke size in BENCHES; benches import `worldsmith` and `tests` as installed or run with -m."""
    scripts = {p.stem for p in (REPO / "bench").glob("*.py") if p.stem != "__init__"}
    assert scripts == set(BENCHES)
    assert [p.name for p in (REPO / "bench").glob("*.py") if "sys.path.insert" in p.read_text()] == []


@pytest.mark.parametrize("name", list(BENCHES))
def test_bench_runs_at_smoke_size(name, bench_smoke):
    """The bench exits 0 and prints its figures."""
    done = bench_smoke.result(name)
    assert done.returncode == 0, f"python -m bench.{name} exited {done.returncode}:\n{done.stdout[-4000:]}"
    assert BENCHES[name][1] in done.stdout, f"python -m bench.{name} printed no figures:\n{done.stdout[-4000:]}"

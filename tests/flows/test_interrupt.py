"""Ctrl-C (SIGINT to the process group, as a terminal sends it) ends `worldsmith generate` with exit
130 within 3 seconds and one line, no traceback; the next run removes its staging folder."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from tests.conftest import MINI


def test_ctrl_c_exits_130_at_once_with_one_line(tmp_path):
    env = {**os.environ, "PREFECT_HOME": str(tmp_path / "prefect"), "WORLDSMITH_CACHE": str(tmp_path / "c.sqlite")}
    proc = subprocess.Popen([sys.executable, "-m", "worldsmith.flows.cli", "generate", str(MINI), "--out",
                             str(tmp_path / "out")], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, start_new_session=True)
    line = proc.stdout.readline()
    while line and not line.startswith("world:"):
        line = proc.stdout.readline()
    time.sleep(1.0)  # Prefect's temporary server is starting or running the flow
    sent = time.monotonic()
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert time.monotonic() - sent < 3.0
    assert proc.returncode == 130, err
    ours = [x for x in err.splitlines() if x.startswith("interrupted")]
    assert len(ours) == 1 and "Traceback" not in err, err


def test_ctrl_c_while_the_command_is_still_importing_gives_one_line_and_130(tmp_path):
    import shutil
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    command = shutil.which("worldsmith") or str(Path(sys.executable).with_name("worldsmith"))
    for delay in (0.2, 0.5):
        proc = subprocess.Popen([command, "--help"], cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                text=True)
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
        if proc.returncode == 0:
            continue  # it finished before the signal: nothing to interrupt
        assert proc.returncode == 130, (delay, proc.returncode, err)
        assert "Traceback" not in err and err.strip().startswith("interrupted:"), err

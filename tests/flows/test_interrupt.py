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


def _before_the_command(code: int, err: str) -> bool:
    """The Ctrl-C came before any line of the command ran: while CPython started, or in the console script's
    own imports before worldsmith/__init__.py (which sets the command's handler first) was read."""
    import importlib
    from pathlib import Path

    # The suite at load 13 on two cores: 'Fatal Python error: init_import_site ... KeyboardInterrupt' (exit 1), a
    # silent exit -2 (before CPython set its handler), and a traceback through the console script's line 5 and
    # importlib alone (-2): the interpreter's start, not the command's imports.
    if code == 1:
        return err.startswith("Fatal Python error: init_")
    if code != -signal.SIGINT:
        return False
    ours = [Path(importlib.import_module(f"worldsmith{layer}").__file__).parent
            for layer in ("", ".worlds", ".generators", ".taxonomies", ".flows", ".environments")]
    frames = [line.split('"')[1] for line in err.splitlines() if line.strip().startswith('File "')]
    return not any(folder in Path(f).parents for f in frames for folder in ours)


def test_ctrl_c_while_the_command_is_still_importing_gives_one_line_and_130(tmp_path):
    import shutil
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    command = shutil.which("worldsmith") or str(Path(sys.executable).with_name("worldsmith"))
    for delay in (0.2, 0.5):
        for _ in range(4):
            proc = subprocess.Popen([command, "--help"], cwd=tmp_path, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.PIPE, text=True)
            time.sleep(delay)
            proc.send_signal(signal.SIGINT)
            _, err = proc.communicate(timeout=30)
            if not _before_the_command(proc.returncode, err):
                break
            delay *= 2
        if proc.returncode == 0:
            continue  # it finished before the signal: nothing to interrupt
        assert proc.returncode == 130, (delay, proc.returncode, err)
        assert "Traceback" not in err and err.strip().startswith("interrupted:"), err

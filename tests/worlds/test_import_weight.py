"""Importing the domain (`worldsmith.worlds`) loads no generator, faker, docx or openpyxl module (issue 18).

Each check runs in a fresh interpreter: this test process has long since imported everything.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import EXAMPLES

HEAVY = ("faker", "docx", "openpyxl")


def _loaded_after(code: str) -> list[str]:
    """The module names a fresh interpreter holds after running `code`."""
    probe = code + "\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("module", ["worldsmith.worlds", "worldsmith.worlds.values", "worldsmith"])
def test_importing_the_domain_loads_no_generator_nor_file_writer(module):
    loaded = _loaded_after(f"import {module}")
    assert module in loaded
    generators = [m for m in loaded if m == "worldsmith.generators" or m.startswith("worldsmith.generators.")]
    heavy = [m for m in loaded if m.split(".")[0] in HEAVY]
    assert generators == [], f"import {module} loads {generators}"
    assert heavy == [], f"import {module} loads {heavy}"


def test_the_kinds_come_in_when_an_outline_is_read():
    # Lazy is not absent: reading an outline through the domain alone still types every item by its kind.
    outline = EXAMPLES / "tanker-spill-liability.yaml"
    code = ("from worldsmith.worlds.outline import load_outline\n"
            f"o = load_outline({str(outline)!r})\n"
            "print(sorted({type(i).__name__ for f in o.inventory for i in f.items}))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    names = json.loads(run.stdout.strip().splitlines()[-1].replace("'", '"'))
    assert "EmailThreadItem" in names and "_Item" not in names

"""Importing the domain (`worldsmith.worlds`) loads no generator, faker, docx or openpyxl module (issue 18).

Each check runs in a fresh interpreter: this test process has long since imported everything.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import EXAMPLES, REPO

HEAVY = ("faker", "docx", "openpyxl")
# The modules whose job is reading .docx and .xlsx back (and the loader and validator that run them): they may
# load python-docx and openpyxl, never a generator or faker. Every other worlds module loads none of the four.
READERS = {"worldsmith.worlds.store.parse", "worldsmith.worlds.store.load", "worldsmith.worlds.validate"}
# One fresh interpreter imports each module in turn (the light ones first, the readers last) and names, for each
# heavy or generator module, the first import that brought it in: the test process has long since loaded all.
_PROBE = """
import importlib, json, sys
first = {}
for name in json.loads(sys.argv[1]):
    importlib.import_module(name)
    for m in list(sys.modules):
        top = m.split(".")[0]
        if (top in ("faker", "docx", "openpyxl") or m.startswith("worldsmith.generators")) and m not in first:
            first[m] = name
print(json.dumps(first))
"""


def _worlds_modules() -> list[str]:
    """Every module of worldsmith.worlds by dotted name, from the files of worlds/."""
    root = REPO / "worlds"
    names = []
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if "__pycache__" not in parts:
            names.append(".".join(("worldsmith.worlds", *(parts[:-1] if parts[-1] == "__init__" else parts))))
    return names


def test_no_worlds_module_loads_a_generator_and_only_the_readers_load_docx_or_openpyxl():
    modules = _worlds_modules()
    assert "worldsmith.worlds.values" in modules and "worldsmith.worlds.store.parse" in modules
    order = ["worldsmith"] + [m for m in modules if m not in READERS] + sorted(READERS)
    run = subprocess.run([sys.executable, "-c", _PROBE, json.dumps(order)], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    first = json.loads(run.stdout.strip().splitlines()[-1])
    wrong = sorted(f"{m} <- {by}" for m, by in first.items()
                   if by not in READERS or m.startswith("worldsmith.generators") or m.split(".")[0] == "faker")
    assert not wrong, f"{len(wrong)} modules loaded by the wrong import, e.g. " + ", ".join(
        w for w in wrong if w.split(" ")[0] in (*HEAVY, "worldsmith.generators") or w.count(".") < 4)
    # the readers do read: without python-docx and openpyxl there would be nothing to check them against
    assert {"docx", "openpyxl"} <= set(first)


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

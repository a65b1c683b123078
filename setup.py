"""The packages of the wheel, found (worldsmith/_layout.py): a new folder, such as a kind's under generators/kinds/,
needs no line here or in pyproject.toml, whose package-dir maps each import name to its layer folder and whose
package-data globs ("*": checks/*.sql, prompts/*.md) carry a kind's checks and prompts."""

import importlib.util
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("_worldsmith_layout", ROOT / "worldsmith" / "_layout.py")
_layout = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_layout)

setup(packages=_layout.find_packages(ROOT))

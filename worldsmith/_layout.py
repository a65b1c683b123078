"""The wheel's packages, found: each import name pyproject.toml maps to a folder, and every package folder below it.

Standard library only: setup.py runs it (by path) before worldsmith is installed, and the Harbor export's
wheel (worldsmith.environments.harbor_wheel) uses the same list, so the two wheels hold the same packages.
"""

from __future__ import annotations

import tomllib
from pathlib import Path


def package_dir(root: Path) -> dict[str, str]:
    """pyproject.toml's map of import names to folders (`[tool.setuptools.package-dir]`)."""
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    return dict(config["tool"]["setuptools"]["package-dir"])


def find_packages(root: Path, mapping: dict[str, str] | None = None) -> list[str]:
    """Each mapped import name and the packages below its folder, walked as setuptools' find_packages walks: a
    folder is a package when it holds an __init__.py and has no dot in its name; one that is not is not entered."""
    mapping = package_dir(root) if mapping is None else mapping
    found: list[str] = []
    for name, folder in mapping.items():
        found.append(name)
        stack = [(root / folder, name)]
        while stack:
            base, dotted = stack.pop()
            for sub in sorted(p for p in base.iterdir() if p.is_dir()):
                if "." not in sub.name and (sub / "__init__.py").is_file():
                    found.append(f"{dotted}.{sub.name}")
                    stack.append((sub, f"{dotted}.{sub.name}"))
    return sorted(found)

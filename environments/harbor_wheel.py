"""A wheel of this worldsmith for the Harbor export, built in-process from pyproject.toml (no network, no build tools).

The export's Dockerfiles install worldsmith from a wheel inside the task folder, never from a package
index by name. `pip wheel` would need the `wheel` package (setuptools before 70.1) or a build-isolation
download of setuptools; a pure-Python wheel is only a zip of the packages setup.py finds (worldsmith._layout), their
package data and a .dist-info folder (PEP 427 and 566), so it is written here directly: the same source
gives the same bytes (fixed timestamps, sorted members), which also keeps Docker's layer cache warm.

    wheel = build_wheel(out_dir)          # out_dir/worldsmith-0.1.0-py3-none-any.whl
"""

from __future__ import annotations

import base64
import hashlib
import tomllib
import zipfile
from pathlib import Path

from worldsmith._layout import find_packages
from worldsmith.worlds.errors import WorldsmithError

# Zip entries dated 1980-01-01 (the earliest a zip can hold): the wheel's bytes depend on its contents only.
_EPOCH = (1980, 1, 1, 0, 0, 0)


class WheelError(WorldsmithError):
    """No wheel of worldsmith can be built here."""

    exit_code = 2


def source_root() -> Path:
    """The checkout worldsmith runs from (the folder with its pyproject.toml); WheelError for an installed copy."""
    import worldsmith

    root = Path(worldsmith.__file__).resolve().parents[1]
    project = root / "pyproject.toml"
    if not project.is_file() or 'name = "worldsmith"' not in project.read_text(encoding="utf-8"):
        raise WheelError(f"worldsmith runs from {root}, not from a source checkout, so no wheel can be built; "
                         "pass one with `--wheel` (build it in a checkout with `pip wheel --no-deps .`)")
    return root


def _package_dir(package: str, mapping: dict[str, str]) -> str:
    """The source folder of a package under setuptools' package-dir rules (longest mapped prefix wins)."""
    parts = package.split(".")
    for n in range(len(parts), 0, -1):
        prefix = ".".join(parts[:n])
        if prefix in mapping:
            return "/".join([mapping[prefix], *parts[n:]])
    return "/".join(parts)


def _files(root: Path, config: dict) -> dict[str, Path]:
    """Each member of the wheel (its path inside the wheel) and the source file it comes from."""
    tool = config.get("tool", {}).get("setuptools", {})
    mapping = tool.get("package-dir", {})
    data = tool.get("package-data", {})
    members: dict[str, Path] = {}
    # the packages setup.py gives setuptools: every package folder under each mapped folder (worldsmith._layout)
    for package in tool.get("packages") or find_packages(root, mapping):
        folder = root / _package_dir(package, mapping)
        target = package.replace(".", "/")
        if not (folder / "__init__.py").is_file():
            raise WheelError(f"pyproject.toml lists the package {package}, but {folder} has no __init__.py")
        for source in sorted(folder.glob("*.py")):
            members[f"{target}/{source.name}"] = source
        for pattern in [*data.get("*", []), *data.get(package, [])]:  # "*": every package's (a kind's checks/)
            for source in sorted(folder.glob(pattern)):
                if source.is_file():
                    members[f"{target}/{source.relative_to(folder).as_posix()}"] = source
    return members


def _metadata(project: dict) -> str:
    lines = ["Metadata-Version: 2.1", f"Name: {project['name']}", f"Version: {project['version']}"]
    if project.get("description"):
        lines.append(f"Summary: {project['description']}")
    if project.get("requires-python"):
        lines.append(f"Requires-Python: {project['requires-python']}")
    lines += [f"Requires-Dist: {req}" for req in project.get("dependencies", [])]
    for extra, reqs in project.get("optional-dependencies", {}).items():
        lines.append(f"Provides-Extra: {extra}")
        lines += [f'Requires-Dist: {req}; extra == "{extra}"' for req in reqs]
    return "\n".join(lines) + "\n"


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"{name},sha256={digest},{len(data)}"


def build_wheel(out_dir: str | Path, root: Path | None = None) -> Path:
    """Write worldsmith's pure-Python wheel into out_dir (from the checkout at `root`) and return its path."""
    root = root or source_root()
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    project = config["project"]
    name, version = project["name"], project["version"]
    info = f"{name}-{version}.dist-info"
    contents: dict[str, bytes] = {member: path.read_bytes() for member, path in _files(root, config).items()}
    contents[f"{info}/METADATA"] = _metadata(project).encode("utf-8")
    contents[f"{info}/WHEEL"] = ("Wheel-Version: 1.0\nGenerator: worldsmith.environments.harbor_wheel\n"
                                 "Root-Is-Purelib: true\nTag: py3-none-any\n").encode("utf-8")
    scripts = project.get("scripts", {})
    if scripts:
        contents[f"{info}/entry_points.txt"] = ("[console_scripts]\n" + "".join(
            f"{k} = {v}\n" for k, v in sorted(scripts.items()))).encode("utf-8")
    record = [_record_line(member, data) for member, data in sorted(contents.items())]
    contents[f"{info}/RECORD"] = ("\n".join(record + [f"{info}/RECORD,,"]) + "\n").encode("utf-8")

    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    wheel = out_dir / f"{name}-{version}-py3-none-any.whl"
    tmp = wheel.with_name(wheel.name + ".part")
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        # dist-info last, as installers expect; each group in sorted order.
        for member in sorted(contents, key=lambda m: (m.startswith(info), m)):
            entry = zipfile.ZipInfo(member, date_time=_EPOCH)
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(entry, contents[member])
    tmp.replace(wheel)
    return wheel

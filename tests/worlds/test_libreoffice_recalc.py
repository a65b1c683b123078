"""Every .xlsx worldsmith writes, recalculated by LibreOffice, gives the values worldsmith cached in it.

The cached values are stripped from a copy of each workbook first, so LibreOffice has to compute every
formula itself; its results are then held to the values in the published file (to the cent). Needs
LibreOffice (`soffice`, Debian's libreoffice-calc-nogui, installed by .ci/run); skips without it.
"""

from __future__ import annotations

import datetime as dt
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import openpyxl
import pytest

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
pytestmark = pytest.mark.skipif(SOFFICE is None, reason="LibreOffice (soffice) is not installed; .ci/run installs "
                                                         "libreoffice-calc-nogui")


def _strip_cached(source: Path, target: Path) -> int:
    """A copy of a workbook whose formula cells cache nothing; returns how many formulas it has."""
    with zipfile.ZipFile(source) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    sheet = parts["xl/worksheets/sheet1.xml"].decode("utf-8")
    stripped, n = re.subn(r"(<f>[^<]*</f>)<v>[^<]*</v>", r"\1<v></v>", sheet)
    parts["xl/worksheets/sheet1.xml"] = stripped.encode("utf-8")
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)
    return len(re.findall(r"<f>", sheet))


def _values(path: Path) -> dict[tuple[int, int], object]:
    formulas = openpyxl.load_workbook(path).worksheets[0]
    shown = openpyxl.load_workbook(path, data_only=True).worksheets[0]
    return {(c.row, c.column): shown.cell(c.row, c.column).value
            for row in formulas.iter_rows() for c in row if c.data_type == "f"}


@pytest.mark.parametrize("example", ["published_legal", "published_diligence"])
def test_libreoffice_recalculation_equals_the_cached_values(example, request, tmp_path):
    world: Path = request.getfixturevalue(example)
    books = sorted((world / "room").rglob("*.xlsx"))
    inputs, originals = tmp_path / "in", {}
    inputs.mkdir()
    for n, book in enumerate(books):
        if _strip_cached(book, inputs / f"b{n}.xlsx"):
            originals[f"b{n}.xlsx"] = book
        else:
            (inputs / f"b{n}.xlsx").unlink()
    assert originals, "the example has no sheet with formulas"
    out = tmp_path / "out"
    profile = tmp_path / "profile"
    subprocess.run([SOFFICE, f"-env:UserInstallation=file://{profile}", "--headless", "--calc", "--convert-to", "xlsx",
                    "--outdir", str(out), *sorted(str(p) for p in inputs.iterdir())],
                   check=True, capture_output=True, timeout=300)
    compared = 0
    for name, book in originals.items():
        ours = _values(book)
        theirs = openpyxl.load_workbook(out / name, data_only=True).worksheets[0]
        for (r, c), cached in ours.items():
            recalculated = theirs.cell(r, c).value
            if isinstance(cached, dt.datetime):
                # a formula over a date in a date cell (a deadline 56 days on) caches its serial day, read as a date
                assert recalculated == cached, (book.name, r, c, cached, recalculated)
                compared += 1
                continue
            assert isinstance(cached, (int, float)), (book.name, r, c, "no cached value")
            assert isinstance(recalculated, (int, float)) and abs(recalculated - cached) <= 0.005, \
                (book.name, r, c, cached, recalculated)
            compared += 1
    assert compared >= len(originals)

"""The text a PDF prints, read with the standard library, and LibreOffice's conversion to PDF, for look tests.

Enough of PDF for LibreOffice's own exports: plain indirect objects, Flate-compressed streams, fonts with
ToUnicode maps, and text drawn with Tj and TJ. What a printed page shows (a `###` where a number does
not fit its column, `Page 2 of 3` once the fields are laid out) is only in the PDF, never in the file.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import zlib
from pathlib import Path

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")

_OBJECT = re.compile(rb"(\d+) 0 obj(.*?)endobj", re.S)
_STREAM = re.compile(rb"stream\r?\n(.*?)\r?\nendstream", re.S)
_TEXT_OP = re.compile(rb"/([A-Za-z0-9_.+-]+)\s+[-\d.]+\s+Tf|\[((?:[^\]\\]|\\.)*)\]\s*TJ|(<[0-9A-Fa-f\s]*>|\((?:[^)\\]|\\.)*\))\s*Tj"
                      rb"|(?:[-\d.]+\s+){2}Td|T\*|(?:[-\d.]+\s+){6}Tm")


def convert(paths: list[Path], out: Path, profile: Path, to: str = "pdf") -> list[Path]:
    """Convert files with LibreOffice (headless, its own profile); the converted files, in the order given."""
    assert SOFFICE is not None
    subprocess.run([SOFFICE, f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to", to,
                    "--outdir", str(out), *map(str, paths)], check=True, capture_output=True, timeout=300)
    return [out / (p.stem + "." + to.split(":")[0]) for p in paths]


def _cmap(data: bytes) -> dict[bytes, str]:
    """A ToUnicode CMap: code bytes -> text."""
    out: dict[bytes, str] = {}
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", data, re.S):
        for code, text in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            out[bytes.fromhex(code.decode())] = bytes.fromhex(text.decode()).decode("utf-16-be")
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", data, re.S):
        for lo, hi, text in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            first, width = int(lo, 16), len(lo) // 2
            start = int(text, 16)
            for n in range(int(hi, 16) - first + 1):
                out[(first + n).to_bytes(width, "big")] = chr(start + n)
    return out


def _decode(raw: bytes, cmap: dict[bytes, str]) -> str:
    if raw.startswith(b"<"):
        data = bytes.fromhex(re.sub(rb"\s", b"", raw[1:-1]).decode())
    else:  # a literal string: the codes themselves, escapes undone
        data = re.sub(rb"\\([()\\])", rb"\1", raw[1:-1])
    width = len(next(iter(cmap))) if cmap else 1
    return "".join(cmap.get(data[i:i + width], "?") for i in range(0, len(data), width))


def pdf_text(pdf: bytes) -> str:
    """The text of a PDF, a line per text position, in drawing order."""
    objects: dict[int, tuple[bytes, bytes | None]] = {}
    for number, body in _OBJECT.findall(pdf):
        stream = _STREAM.search(body)
        data = stream.group(1) if stream else None
        if data is not None and b"FlateDecode" in body[:stream.start()]:
            data = zlib.decompress(data)
        objects[int(number)] = (body if stream is None else body[:stream.start()], data)
    fonts: dict[bytes, dict[bytes, str]] = {}
    for head, _ in objects.values():
        for name, ref in re.findall(rb"/([A-Za-z0-9_.+-]+)\s+(\d+) 0 R", head):
            font = objects.get(int(ref))
            unicode_ref = re.search(rb"/ToUnicode\s+(\d+) 0 R", font[0]) if font else None
            if unicode_ref and objects.get(int(unicode_ref.group(1)), (b"", None))[1] is not None:
                fonts[name] = _cmap(objects[int(unicode_ref.group(1))][1])
    lines: list[str] = []
    for _, data in objects.values():
        if data is None or b"Tf" not in data:
            continue
        cmap: dict[bytes, str] = {}
        line = ""
        for m in _TEXT_OP.finditer(data):
            if m.group(1) is not None:
                cmap = fonts.get(m.group(1), {})
            elif m.group(2) is not None:
                line += "".join(_decode(s, cmap) for s in re.findall(rb"<[0-9A-Fa-f\s]*>|\((?:[^)\\]|\\.)*\)", m.group(2)))
            elif m.group(3) is not None:
                line += _decode(m.group(3), cmap)
            else:  # a new text position
                lines.append(line)
                line = ""
        lines.append(line)
    return "\n".join(line for line in lines if line.strip())

"""Deterministic zip containers: rewrite an OOXML package (.docx, .xlsx) so equal content gives equal bytes."""

from __future__ import annotations

import datetime as dt
import io
import zipfile
from typing import Callable

# rw-r--r-- regular file, recorded as made on Unix: ZipInfo's defaults depend on the platform
# that runs the writer, and the libraries that save these packages stamp the clock on every entry.
_EXTERNAL_ATTR = (0o100644 & 0xFFFF) << 16
_CREATE_SYSTEM = 3
_COMPRESS_LEVEL = 6


def _stamp(when: dt.datetime) -> tuple[int, int, int, int, int, int]:
    """The zip date_time tuple of a moment (UTC when aware; zip has no time zones and 2 s resolution)."""
    if when.tzinfo is not None:
        when = when.astimezone(dt.timezone.utc)
    if when.year < 1980:
        raise ValueError(f"zip timestamps start in 1980, got {when.isoformat()}")
    return (when.year, when.month, when.day, when.hour, when.minute, when.second - when.second % 2)


def normalize_zip(data: bytes, when: dt.datetime, edit: Callable[[str, bytes], bytes] | None = None) -> bytes:
    """The same archive with every entry stamped `when`, deflated at one level, with fixed attributes;
    `edit(name, data)` may rewrite an entry on the way (cached formula values, say).

    Entry order is kept: OOXML readers expect `[Content_Types].xml` where the writer put it.
    """
    stamp = _stamp(when)
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w") as target:
        for entry in source.infolist():
            info = zipfile.ZipInfo(entry.filename, date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = _EXTERNAL_ATTR if not entry.is_dir() else (0o40755 << 16) | 0x10
            info.create_system = _CREATE_SYSTEM
            body = source.read(entry)
            target.writestr(info, edit(entry.filename, body) if edit else body, compresslevel=_COMPRESS_LEVEL)
    return out.getvalue()

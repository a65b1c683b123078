"""Tests of normalize_zip: equal entries give equal bytes whatever the clock said when they were saved."""

from __future__ import annotations

import datetime as dt
import io
import zipfile

from worldsmith.generators.render.zipfix import normalize_zip

WHEN = dt.datetime(2025, 3, 5, 9, 0, tzinfo=dt.timezone.utc)


def _zip(stamp, compression=zipfile.ZIP_STORED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in (("[Content_Types].xml", b"<types/>"), ("b/x.xml", b"<x/>" * 50), ("a.xml", b"<a/>")):
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.compress_type = compression
            info.external_attr = 0o600 << 16
            archive.writestr(info, text)
    return buffer.getvalue()


def test_archives_saved_at_different_times_normalize_to_the_same_bytes():
    one = _zip((2024, 1, 1, 0, 0, 0))
    two = _zip((2026, 12, 31, 23, 59, 58), zipfile.ZIP_DEFLATED)
    assert one != two
    assert normalize_zip(one, WHEN) == normalize_zip(two, WHEN)


def test_entries_keep_their_order_and_content_with_fixed_metadata():
    with zipfile.ZipFile(io.BytesIO(normalize_zip(_zip((2024, 1, 1, 0, 0, 0)), WHEN))) as archive:
        infos = archive.infolist()
        assert [i.filename for i in infos] == ["[Content_Types].xml", "b/x.xml", "a.xml"]
        assert archive.read("b/x.xml") == b"<x/>" * 50
        assert {i.date_time for i in infos} == {(2025, 3, 5, 9, 0, 0)}
        assert {i.compress_type for i in infos} == {zipfile.ZIP_DEFLATED}
        assert {i.external_attr >> 16 for i in infos} == {0o100644}


def test_an_aware_moment_is_stamped_in_utc():
    eastern = dt.datetime(2025, 3, 5, 4, 0, tzinfo=dt.timezone(dt.timedelta(hours=-5)))
    with zipfile.ZipFile(io.BytesIO(normalize_zip(_zip((2024, 1, 1, 0, 0, 0)), eastern))) as archive:
        assert archive.infolist()[0].date_time == (2025, 3, 5, 9, 0, 0)


def test_a_workbook_is_deflated_once_by_normalize_zip_not_first_by_its_save():
    # suite12: the save deflated every entry and normalize_zip inflated and deflated it again (stored or deflated,
    # normalize_zip gives the same bytes: the test above)
    from openpyxl import Workbook

    from worldsmith.generators.kinds.spreadsheet.render import _save

    wb = Workbook()
    wb.active["A1"] = "figure"
    with zipfile.ZipFile(io.BytesIO(_save(wb))) as archive:
        assert {i.compress_type for i in archive.infolist()} == {zipfile.ZIP_STORED}

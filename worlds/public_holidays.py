"""The public holidays of a matter's country: the days its offices are closed and write nothing."""

from __future__ import annotations

import datetime as dt
import functools
from importlib import resources
from pathlib import Path

# The `holidays` package (a dependency: see the README) keeps every country's public holidays, the moving ones
# (Easter, the lunar new year, Eid, Diwali) included, offline; hand-kept lists knew only the US and England and
# let a German placement's weekly update go out on Good Friday (blind read 27).
import holidays
from dateutil.easter import easter

# A country whose holidays differ by region is read where its matters are run: England and Wales for the UK (the
# UK-wide list has no Easter Monday nor August bank holiday, which London offices take).
_REGION = {"GB": "ENG"}


@functools.lru_cache(maxsize=1)
def _zone_countries() -> dict[str, str]:
    """IANA zone -> ISO 3166 country, from the tz database's zone.tab (the tzdata package, else the system's)."""
    try:
        text = resources.files("tzdata.zoneinfo").joinpath("zone.tab").read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError, OSError):
        path = Path("/usr/share/zoneinfo/zone.tab")
        text = path.read_text(encoding="utf-8") if path.exists() else ""
    out = {}
    for line in text.splitlines():
        fields = line.split("\t")
        if len(fields) >= 3 and not line.startswith("#"):
            out[fields[2].strip()] = fields[0].strip()
    return out


def matter_country(timezone: str, locale: str) -> str:
    """The country whose working days the matter keeps: that of its time zone (a Singapore arbitration run by
    en_GB writers is in Singapore), else its locale's region ('de_DE' -> 'DE')."""
    return _zone_countries().get(timezone) or locale.rpartition("_")[2].upper()


@functools.lru_cache(maxsize=32)
def public_holidays(country: str, start: dt.date, end: dt.date) -> dict[dt.date, str]:
    """Each public holiday of `country` from start to end inclusive, with its name; none for a country the
    holidays package does not know (the matter then keeps only weekends)."""
    try:
        days = holidays.country_holidays(country, subdiv=_REGION.get(country), years=range(start.year, end.year + 1))
    except NotImplementedError:
        return {}
    days = dict(days)
    for year in range(start.year, end.year + 1):
        for shift, name in _CLOSED_AT_EASTER.get(country, ()):
            days.setdefault(easter(year) + dt.timedelta(days=shift), name)
    return {day: name for day, name in sorted(days.items()) if start <= day <= end}


# Days a country's offices and authorities close that its statutory list leaves out: Mexico's Holy Thursday and Good
# Friday are not federal holidays, but the SAT, the courts and every firm keep them (blind read 30: 'weekly' calls and
# a client call on Good Friday in a matter whose own memo counts the SAT's Holy Week closure).
_CLOSED_AT_EASTER: dict[str, tuple[tuple[int, str], ...]] = {
    "MX": ((-3, "Holy Thursday"), (-2, "Good Friday")),
}


def matter_holidays(timezone: str, locale: str, start: dt.date, end: dt.date) -> dict[dt.date, str]:
    """The public holidays of the matter's country (matter_country) in its window."""
    return public_holidays(matter_country(timezone, locale), start, end)

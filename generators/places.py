"""Where the plan's words place an organisation outside the outline's country: its city, country and time zone."""

from __future__ import annotations

import datetime as dt
import functools
import re
import unicodedata
from zoneinfo import ZoneInfo

# Cities outside the United States a plan's words may place an organisation in (a US place is genres.home_place's),
# with the country (ISO 3166) and the IANA time zone its people work in.
_PLACES = {
    "Singapore": ("SG", "Asia/Singapore"), "Hong Kong": ("HK", "Asia/Hong_Kong"), "Dubai": ("AE", "Asia/Dubai"),
    "Abu Dhabi": ("AE", "Asia/Dubai"), "Doha": ("QA", "Asia/Qatar"), "Riyadh": ("SA", "Asia/Riyadh"),
    "Tokyo": ("JP", "Asia/Tokyo"), "Shanghai": ("CN", "Asia/Shanghai"), "Beijing": ("CN", "Asia/Shanghai"),
    "Mumbai": ("IN", "Asia/Kolkata"), "New Delhi": ("IN", "Asia/Kolkata"), "Seoul": ("KR", "Asia/Seoul"),
    "Kuala Lumpur": ("MY", "Asia/Kuala_Lumpur"), "Jakarta": ("ID", "Asia/Jakarta"), "Bangkok": ("TH", "Asia/Bangkok"),
    "Manila": ("PH", "Asia/Manila"), "Johannesburg": ("ZA", "Africa/Johannesburg"),
    "Cape Town": ("ZA", "Africa/Johannesburg"), "Lagos": ("NG", "Africa/Lagos"), "Nairobi": ("KE", "Africa/Nairobi"),
    "Cairo": ("EG", "Africa/Cairo"), "São Paulo": ("BR", "America/Sao_Paulo"),
    "Rio de Janeiro": ("BR", "America/Sao_Paulo"), "Mexico City": ("MX", "America/Mexico_City"),
    "Buenos Aires": ("AR", "America/Argentina/Buenos_Aires"), "Santiago": ("CL", "America/Santiago"),
    "Toronto": ("CA", "America/Toronto"), "Vancouver": ("CA", "America/Vancouver"),
    "Montreal": ("CA", "America/Toronto"), "Calgary": ("CA", "America/Edmonton"), "Zurich": ("CH", "Europe/Zurich"),
    "Geneva": ("CH", "Europe/Zurich"), "Amsterdam": ("NL", "Europe/Amsterdam"), "Rotterdam": ("NL", "Europe/Amsterdam"),
    "Luxembourg": ("LU", "Europe/Luxembourg"), "Brussels": ("BE", "Europe/Brussels"),
    "Antwerp": ("BE", "Europe/Brussels"), "Stockholm": ("SE", "Europe/Stockholm"), "Oslo": ("NO", "Europe/Oslo"),
    "Copenhagen": ("DK", "Europe/Copenhagen"), "Helsinki": ("FI", "Europe/Helsinki"), "Madrid": ("ES", "Europe/Madrid"),
    "Barcelona": ("ES", "Europe/Madrid"), "Milan": ("IT", "Europe/Rome"), "Rome": ("IT", "Europe/Rome"),
    "Vienna": ("AT", "Europe/Vienna"), "Warsaw": ("PL", "Europe/Warsaw"), "Prague": ("CZ", "Europe/Prague"),
    "Lisbon": ("PT", "Europe/Lisbon"), "Athens": ("GR", "Europe/Athens"), "Istanbul": ("TR", "Europe/Istanbul"),
    "London": ("GB", "Europe/London"), "Manchester": ("GB", "Europe/London"), "Leeds": ("GB", "Europe/London"),
    "Edinburgh": ("GB", "Europe/London"), "Glasgow": ("GB", "Europe/London"), "Dublin": ("IE", "Europe/Dublin"),
    "Cork": ("IE", "Europe/Dublin"), "Sydney": ("AU", "Australia/Sydney"), "Melbourne": ("AU", "Australia/Melbourne"),
    "Brisbane": ("AU", "Australia/Brisbane"), "Perth": ("AU", "Australia/Perth"),
    "Auckland": ("NZ", "Pacific/Auckland"),
    "Hamburg": ("DE", "Europe/Berlin"), "Frankfurt am Main": ("DE", "Europe/Berlin"), "Berlin": ("DE", "Europe/Berlin"),
    "Munich": ("DE", "Europe/Berlin"), "München": ("DE", "Europe/Berlin"), "Paris": ("FR", "Europe/Paris"),
    "Lyon": ("FR", "Europe/Paris"),
}
_WORLD_CITY = re.compile(r"\b(" + "|".join(sorted(map(re.escape, [*_PLACES, "Frankfurt"]), key=len, reverse=True))
                         + r")\b")


# Regions an office may be named for, with the city that is the region's seat (blind read 30: 'DREETS Hauts-de-France'
# addressed in Lyon): French regions, Mexican states, Spanish communities, German Länder, Italian regions. Matched
# without accents, as outlines often write them ('Nuevo Leon').
_SEATS = {
    "Hauts-de-France": "Lille", "Ile-de-France": "Paris", "Auvergne-Rhone-Alpes": "Lyon",
    "Provence-Alpes-Cote d'Azur": "Marseille", "Occitanie": "Toulouse", "Nouvelle-Aquitaine": "Bordeaux",
    "Grand Est": "Strasbourg", "Bretagne": "Rennes", "Normandie": "Rouen", "Pays de la Loire": "Nantes",
    "Bourgogne-Franche-Comte": "Dijon", "Centre-Val de Loire": "Orléans",
    "Nuevo Leon": "Monterrey", "Jalisco": "Guadalajara", "Baja California": "Mexicali", "Chihuahua": "Chihuahua",
    "Coahuila": "Saltillo", "Sonora": "Hermosillo", "Tamaulipas": "Ciudad Victoria", "Estado de Mexico": "Toluca",
    "Queretaro": "Querétaro", "Guanajuato": "Guanajuato", "Puebla": "Puebla", "Yucatan": "Mérida",
    "Cataluna": "Barcelona", "Catalunya": "Barcelona", "Andalucia": "Sevilla", "Comunidad de Madrid": "Madrid",
    "Pais Vasco": "Vitoria-Gasteiz", "Comunitat Valenciana": "Valencia", "Galicia": "Santiago de Compostela",
    "Bayern": "München", "Hessen": "Wiesbaden", "Nordrhein-Westfalen": "Düsseldorf", "Baden-Wurttemberg": "Stuttgart",
    "Niedersachsen": "Hannover", "Sachsen": "Dresden", "Lombardia": "Milano", "Lazio": "Roma", "Piemonte": "Torino",
}
_SEAT = re.compile(r"\b(" + "|".join(sorted(map(re.escape, _SEATS), key=len, reverse=True)) + r")\b", re.I)


_COMPANY = re.compile(r"\b(?:S\.?A\.?S?|S\.?L\.?U?|S\.?C\.?|S\.?p\.?A|S\.?r\.?l|GmbH|AG|KG|SE|Ltd|LLP|LLC|Inc|plc|"
                      r"B\.?V|N\.?V|SARL|Co)\b\.?|de C\.?V", re.I)


def _plain(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


def region_seat(org_name: str) -> str:
    """The seat of the region an organisation's name names ('DREETS Hauts-de-France': Lille; 'Delegación Nuevo León':
    Monterrey), or ''."""
    if _COMPANY.search(org_name):
        return ""  # a company named for a region may sit anywhere in it; an office of the state sits at its seat
    m = _SEAT.search(_plain(org_name))
    return next((seat for region, seat in _SEATS.items() if region.lower() == m.group(1).lower()), "") if m else ""


@functools.lru_cache(maxsize=1024)
def world_city(org_name: str, role: str, summary: str) -> str:
    """The city outside the US where the plan's words place an organisation ('X Pte. Ltd., a Singapore logistics
    operator'; 'a lender based in Frankfurt'), or ''."""
    # its own role names where it is ('the former distributor in the Jebel Ali Free Zone, Dubai'); the summary places it
    # by the words right after its name ('X, its Dubai distributor', 'X, a Singapore logistics operator')
    m = re.search(r"\b(?:in|based in|headquartered in|at)\s+([^.;:]{0,60})", role or "")
    city = _WORLD_CITY.search(m.group(1)) if m else None
    if city is None:
        m = re.search(re.escape(org_name) + r",?\s+(?:an?|its|their|the|based in|headquartered in|of|in)\s+([^.;:]{0,40})",
                      summary or "")
        city = _WORLD_CITY.match(m.group(1)) if m else None
    if city:
        return "Frankfurt am Main" if city.group(1) == "Frankfurt" else city.group(1)
    return ""


def abroad(org_name: str, role: str, summary: str, locale: str) -> tuple[str, str]:
    """(country, time zone) of the city outside the outline's country (its locale's, 'en_US' -> 'US') where the plan's
    words place an organisation; ('', '') where they place it at home or nowhere."""
    city = world_city(org_name, role, summary)
    if not city:
        return "", ""
    country, zone = _PLACES[city]
    return ("", "") if locale.rpartition("_")[2] == country else (country, zone)


# A person abroad writes between these hours of their own day, Monday to Friday (the world's working_time keeps
# the outline's people to its own hours).
_OPENS, _CLOSES = dt.time(8, 0), dt.time(18, 45)


def in_their_hours(at: dt.datetime, zone: str, after: dt.datetime | None, window_end: dt.date,
                   off: frozenset[dt.date] = frozenset()) -> dt.datetime:
    """`at`, or where it falls outside working hours in `zone`, the next opening of that zone's working day (its
    minute and second kept; no draw, so nothing else of the world moves), in `at`'s own zone; a day in `off` (the
    matter's public holidays) is no working day. Never past the window's last day in `at`'s zone: then the last
    working moment of `zone` after `after` (the message answered), or `at`."""
    local = at.astimezone(ZoneInfo(zone))
    if local.weekday() < 5 and _OPENS <= local.time() <= _CLOSES:
        return at
    day = local.date() + dt.timedelta(days=1) if local.time() > _CLOSES else local.date()
    # (a Boston firm's Saturday note moved to Washington's Birthday, us-saas-revenue-audit at seed 36)
    while day.weekday() >= 5 or day in off:
        day += dt.timedelta(days=1)
    moved = dt.datetime.combine(day, dt.time(8 + local.minute % 2, local.minute, local.second), local.tzinfo)
    moved = moved.astimezone(at.tzinfo)
    if moved.date() <= window_end:
        return moved
    # the window closes first: the evening before, where that is still after the message it answers
    day = local.date() if local.time() > _CLOSES else local.date() - dt.timedelta(days=1)
    while day.weekday() >= 5 or day in off:
        day -= dt.timedelta(days=1)
    back = dt.datetime.combine(day, dt.time(18, local.minute % 45, local.second), local.tzinfo).astimezone(at.tzinfo)
    return back if (after is None or back > after) and back.date() <= window_end else at


# The zones of the home cities and states an office may be printed in (genres.office_city) in a country that spans
# several: blind read 36 (us-saas-revenue-audit) found 'every Boston-based firm email stamped in Central time', the
# outline's window zone. A country of one zone needs no entry: its offices write in the world's.
_HOME_ZONES = {
    # United States: the cities whose streets the letterhead knows
    "New York": "America/New_York", "Boston": "America/New_York", "Philadelphia": "America/New_York",
    "Pittsburgh": "America/New_York", "Columbus": "America/New_York", "Cleveland": "America/New_York",
    "Cincinnati": "America/New_York", "Miami": "America/New_York", "Atlanta": "America/New_York",
    "Detroit": "America/Detroit", "Chicago": "America/Chicago", "Houston": "America/Chicago",
    "Dallas": "America/Chicago", "New Orleans": "America/Chicago", "Minneapolis": "America/Chicago",
    "St. Paul": "America/Chicago", "Milwaukee": "America/Chicago", "Denver": "America/Denver",
    "Los Angeles": "America/Los_Angeles", "San Francisco": "America/Los_Angeles", "Seattle": "America/Los_Angeles",
    # Canada and Australia
    "Toronto": "America/Toronto", "Calgary": "America/Edmonton", "Sydney": "Australia/Sydney",
    "Melbourne": "Australia/Melbourne", "Brisbane": "Australia/Brisbane",
}
# A US state the plan names without a city the letterhead knows: the zone most of its people work in.
_STATE_ZONES = {
    **dict.fromkeys(("Connecticut", "Delaware", "Georgia", "Maine", "Maryland", "Massachusetts", "New Hampshire",
                     "New Jersey", "New York", "North Carolina", "Ohio", "Pennsylvania", "Rhode Island",
                     "South Carolina", "Vermont", "Virginia", "West Virginia", "Florida", "Michigan", "Indiana",
                     "Kentucky"), "America/New_York"),
    **dict.fromkeys(("Alabama", "Arkansas", "Illinois", "Iowa", "Louisiana", "Minnesota", "Mississippi", "Missouri",
                     "Oklahoma", "Wisconsin", "Texas", "Kansas", "Nebraska", "North Dakota", "South Dakota",
                     "Tennessee"), "America/Chicago"),
    **dict.fromkeys(("Colorado", "Montana", "New Mexico", "Utah", "Wyoming", "Idaho"), "America/Denver"),
    "Arizona": "America/Phoenix",
    **dict.fromkeys(("California", "Nevada", "Oregon", "Washington"), "America/Los_Angeles"),
    "Alaska": "America/Anchorage", "Hawaii": "Pacific/Honolulu",
}


def home_zone(org_name: str, locale: str, role: str, summary: str) -> str:
    """The zone of the home city (or US state) an organisation's letterhead prints it in, where its country spans
    several zones; '' where it prints none or its country has one."""
    from worldsmith.generators.compose.genres import office_city  # genres reads this module's places

    city, state = office_city(org_name, locale, role, summary)
    return _HOME_ZONES.get(city) or (_STATE_ZONES.get(state, "") if not city else "")


def zone_of(organisations: list, org_id: str, summary: str, locale: str, world_zone: str) -> str:
    """The time zone an organisation's people work in: where the plan's words place it abroad, that place's; else
    its home office's where its country spans several zones (a Boston firm writes in Eastern time in a world whose
    window is in Central); else the world's (a Dubai distributor's managing director wrote with a -0600 Date header,
    blind read 27)."""
    org = next((o for o in organisations if o.id == org_id), None)
    if org is None:
        return world_zone
    zone = abroad(org.name, org.role or "", summary, locale)[1] or home_zone(org.name, locale, org.role or "", summary)
    return zone or world_zone

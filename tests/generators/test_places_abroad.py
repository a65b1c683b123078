"""People of an organisation the plan places abroad: their own time zone on the Date header and in their working hours,
and a phone number only from a range their country reserves for fiction (blind read 27: a Dubai distributor's
managing director wrote 'from a +1 260 number with a -0600 time zone')."""

from __future__ import annotations

import datetime as dt
import functools
from pathlib import Path
from zoneinfo import ZoneInfo

import duckdb

from tests.conftest import MINI
from worldsmith.generators.kinds.chat.render import chat_user
from worldsmith.generators.kinds.email.render import render_eml
from worldsmith.generators.places import abroad
from worldsmith.generators.planner import plan_world
from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
from worldsmith.worlds.content import EmailContent
from worldsmith.worlds.outline import parse_outline


@functools.lru_cache(maxsize=None)
def _plan(role: str):
    """The mini matter with its client's role as given, planned (no content: a plan is what these tests read)."""
    text = MINI.read_text(encoding="utf-8")
    assert "    role: client\n" in text
    outline = parse_outline(text.replace("    role: client\n", f"    role: {role}\n"))
    return plan_world(outline, resolve_cast(outline, load_taxonomy()), 5, "w")


def test_where_the_plan_places_an_organisation_abroad_is_its_country_and_zone():
    assert abroad("Dune Trading FZE", "the distributor in the Jebel Ali Free Zone, Dubai", "", "en_US") == \
        ("AE", "Asia/Dubai")
    assert abroad("Bayline Pte. Ltd.", "client", "Bayline Pte. Ltd., a Singapore logistics operator, claims.", "en_GB") \
        == ("SG", "Asia/Singapore")
    # at home is not abroad: a London firm of an English matter, a US firm of an American one
    assert abroad("Marrow LLP", "solicitors based in London", "", "en_GB") == ("", "")
    assert abroad("Kestrel Valves, Inc.", "client", "", "en_US") == ("", "")


def test_a_person_of_an_organisation_placed_abroad_borrows_no_phone_and_writes_in_their_own_hours():
    plan = _plan("client, a fuel distributor in the Jebel Ali Free Zone, Dubai")
    ceo = plan.person("client_ceo")
    assert ceo.phone == ""  # no range of the UAE is reserved for fiction (was '+1 ... 555 01..')
    assert all(p.phone.startswith("+1 ") for p in plan.people if p.organisation == "firm")
    dubai = ZoneInfo("Asia/Dubai")
    sent = [a for a in plan.artifacts if a.kind == "email" and a.author == "client_ceo"]
    assert sent
    for spec in sent:
        local = spec.sent_at.astimezone(dubai)
        assert local.weekday() < 5 and dt.time(8) <= local.time() <= dt.time(18, 45), (spec.id, local)
        assert spec.sent_at.tzinfo == ZoneInfo("America/New_York")  # the plan's instants stay in the world's zone
        eml = render_eml(plan, spec.model_copy(update={"parent": None}), EmailContent(subject="Cap", body="Noted.\n\nJ"), [])
        assert b"\nDate: " + local.strftime("%a, %d %b %Y %H:%M:%S +0400").encode() in eml


def test_a_reply_at_home_to_mail_from_abroad_waits_for_the_morning():
    plan = _plan("client, a fuel distributor in the Jebel Ali Free Zone, Dubai")
    home = [a for a in plan.artifacts if a.kind == "email" and plan.person(a.author).organisation == "firm"]
    assert home and all(a.sent_at.hour >= 7 for a in home), [a.sent_at for a in home if a.sent_at.hour < 7]


def test_a_chat_member_placed_abroad_has_that_zone():
    plan = _plan("client, a fuel distributor in the Jebel Ali Free Zone, Dubai")
    assert chat_user(plan, "client_ceo")["tz"] == "Asia/Dubai"
    assert chat_user(plan, "partner")["tz"] == "America/New_York"


def test_the_people_of_a_matter_at_home_keep_the_worlds_clock():
    plan = _plan("client")
    assert plan.person("client_ceo").phone.startswith("+1 ")
    spec = next(a for a in plan.artifacts if a.kind == "email")
    eml = render_eml(plan, spec.model_copy(update={"parent": None}), EmailContent(subject="Cap", body="Noted.\n\nJ"), [])
    assert spec.sent_at.strftime("%H:%M:%S %z").encode() in eml


def test_working_hours_are_read_on_the_senders_clock():
    """sent_in_working_hours reads the Date header's own digits: 10:00 in Dubai is 01:00 in New York, in hours."""
    sql = (Path(__file__).resolve().parents[2] / "generators" / "kinds" / "email" / "checks" /
           "sent_in_working_hours.sql").read_text()
    con = duckdb.connect()
    con.execute("set timezone = 'UTC'")
    con.execute("create table world (timezone varchar)")
    con.execute("insert into world values ('America/New_York')")
    con.execute("create table emails (artifact_id varchar, path varchar, body_new varchar, sent_at timestamptz, "
                "date_header varchar)")
    for aid, at, header in [("dubai", "2026-03-05 06:00:00+00", "Thu, 05 Mar 2026 10:00:00 +0400"),
                            ("night", "2026-03-05 06:00:00+00", "Thu, 05 Mar 2026 01:00:00 -0500"),
                            ("no_header", "2026-03-05 06:00:00+00", None)]:
        con.execute("insert into emails values (?, ?, 'Noted.', ?, ?)", [aid, f"{aid}.eml", at, header])
    rows = con.execute(sql, {"start_hour": 7, "end_hour": 20}).fetchall()
    assert {r[0] for r in rows} == {"night", "no_header"}
    assert "01:00 -0500" in dict((r[0], r[2]) for r in rows)["night"]


def test_an_email_owns_up_to_its_hour_on_the_senders_clock():
    """09:53 in Dubai is 00:53 in New York: no 'Sorry for the late reply' (mini with its client in Dubai, seed 61)."""
    from types import SimpleNamespace

    from worldsmith.generators.kinds.email.compose import off_hours, sender_clock

    ctx = SimpleNamespace(organisations=[SimpleNamespace(name="Dune FZE", role="distributor in Jebel Ali, Dubai"),
                                         SimpleNamespace(name="Kestrel LLP", role="counsel")],
                          author=SimpleNamespace(organisation="Dune FZE"), world_summary="", locale="en_US")
    at = dt.datetime(2026, 3, 5, 0, 53, tzinfo=ZoneInfo("America/New_York"))
    assert not off_hours(sender_clock(ctx, at)) and sender_clock(ctx, at).hour == 9
    assert off_hours(sender_clock(SimpleNamespace(**{**vars(ctx), "author": SimpleNamespace(organisation="Kestrel LLP")}),
                                  at))


def test_a_canadian_line_has_a_canadian_area_code():
    import random

    from worldsmith.generators.cast import _CA_AREAS, fictional_phone

    phone = fictional_phone(random.Random(3), "en_CA")
    assert int(phone.split()[1]) in _CA_AREAS and " 555 01" in phone


def test_a_matter_placed_in_a_region_has_its_offices_and_area_codes_there():
    # blind read 28: an Ontario contractor on a Calgary letterhead, Toronto people dialling from 204, 709 or 867
    from worldsmith.generators.cast import _CITY_AREAS
    from worldsmith.generators.compose.genres import letterhead, matter_city

    text = MINI.read_text(encoding="utf-8").replace(
        "summary: A small matter used by the tests; every kind of item once.",
        "summary: A builder's claim over a condominium in Mississauga, Ontario.\nlocale: en_CA")
    outline = parse_outline(text)
    assert matter_city("en_CA", outline.summary) == "Toronto"
    assert matter_city("en_CA", "A pipeline in Alberta, near Edmonton.") == "Calgary"
    assert matter_city("en_US", "A refinery in Houston.") == ""  # an American party is placed by its own state
    plan = plan_world(outline, resolve_cast(outline, load_taxonomy()), 5, "w")
    for org in outline.organisations:
        assert ", Toronto · " in letterhead(org.name, org.domain, "en_CA", org.role, outline.summary), org.name
    phones = [p.phone for p in plan.people]
    assert phones and all(int(p.split()[1]) in _CITY_AREAS["Toronto"] for p in phones), phones


def test_an_office_at_home_in_a_country_of_several_zones_writes_in_its_citys_zone():
    """Blind read 36 (us-saas-revenue-audit): 'every Boston-based firm email is stamped in Central time', the outline's
    window zone; each office takes the zone of the city (or US state) its letterhead prints."""
    from types import SimpleNamespace

    from worldsmith.generators.compose.genres import office_city
    from worldsmith.generators.places import zone_of

    cases = [("en_US", "a freight broker based in Boston", "America/New_York"),
             ("en_US", "a freight broker based in Houston", "America/Chicago"),
             ("en_US", "a freight broker based in Denver", "America/Denver"),
             ("en_US", "a freight broker based in Arizona", "America/Phoenix"),
             ("en_US", "a freight broker based in Seattle", "America/Los_Angeles"),
             ("en_CA", "a pipeline operator based in Calgary", "America/Edmonton"),
             ("en_AU", "a builder based in Brisbane", "Australia/Brisbane")]
    for locale, role, zone in cases:
        orgs = [SimpleNamespace(id="x", name="Tallowmere Partners", role=role)]
        assert zone_of(orgs, "x", "", locale, "Europe/London") == zone, (role, office_city("Tallowmere Partners", locale, role))
    # a country of one zone, or an office the plan places nowhere its streets are known, keeps the world's clock
    orgs = [SimpleNamespace(id="x", name="Tallowmere Partners", role="solicitors based in Leeds")]
    assert zone_of(orgs, "x", "", "en_GB", "Europe/London") == "Europe/London"
    orgs = [SimpleNamespace(id="x", name="Tallowmere Partners", role="a shipowner")]
    assert zone_of(orgs, "x", "", "es_ES", "Europe/Madrid") == "Europe/Madrid"


def test_a_client_at_home_in_another_zone_stamps_and_keeps_its_own_hours():
    plan = _plan("client, a fuel distributor based in Denver")
    denver = ZoneInfo("America/Denver")
    sent = [a for a in plan.artifacts if a.kind == "email" and a.author == "client_ceo"]
    assert sent
    for spec in sent:
        local = spec.sent_at.astimezone(denver)
        assert local.weekday() < 5 and dt.time(8) <= local.time() <= dt.time(18, 45), (spec.id, local)
        eml = render_eml(plan, spec.model_copy(update={"parent": None}), EmailContent(subject="Cap", body="Noted.\n\nJ"), [])
        assert b"\nDate: " + local.strftime("%a, %d %b %Y %H:%M:%S %z").encode() in eml


def test_a_message_moved_into_its_writers_hours_skips_the_matters_public_holidays():
    """A Boston firm's note of Saturday evening went out on Monday 16 February 2026, Washington's Birthday
    (us-saas-revenue-audit at seed 36, once its people wrote in Eastern time): the next working day is Tuesday."""
    from worldsmith.generators.places import in_their_hours

    chicago = ZoneInfo("America/Chicago")
    at = dt.datetime(2026, 2, 14, 19, 53, tzinfo=chicago)
    end = dt.date(2026, 3, 20)
    assert in_their_hours(at, "America/New_York", None, end).date() == dt.date(2026, 2, 16)
    moved = in_their_hours(at, "America/New_York", None, end, frozenset({dt.date(2026, 2, 16)}))
    assert moved.astimezone(ZoneInfo("America/New_York")).date() == dt.date(2026, 2, 17)
    assert moved.tzinfo == chicago

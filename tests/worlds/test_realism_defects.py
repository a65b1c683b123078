"""Each seeded realism defect, put into a real offline-generated world, is caught by the check meant for it."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import duckdb
import pytest

from tests.conftest import MINI
from worldsmith.worlds.store.load import create_schema
from tests.published import rendered_copy, validate_copy
from worldsmith.worlds.validate import load_checks


def _build(outline: Path, target: Path) -> Path:
    """An outline at seed 0 composed offline and rendered into `target` (test_cli_report, test_profile_world and
    test_realism_report build their worlds with it)."""
    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend

    backend = OfflineBackend()
    prepared = pipeline.prepare(outline, 0, backend)
    plan = pipeline.make_plan(prepared)
    target.mkdir(parents=True)
    pipeline.render(plan, pipeline.generate(plan, prepared.taxonomy, backend), target)
    return target


@pytest.fixture(scope="module")
def clean_world(published_mini, tmp_path_factory) -> Path:
    """tests/fixtures/mini.yaml at seed 0 as rendered (plan.json and room/), from the session's published world."""
    return rendered_copy(published_mini, tmp_path_factory.mktemp("mini") / "world")


def _copy(world: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(world, tmp_path / "world"))


def _emails(world: Path) -> list[Path]:
    return sorted((world / "room").rglob("*.eml"))


def _fact_free(world: Path) -> list[Path]:
    """The messages whose plan carries no fact: editing their text cannot hide a planted value."""
    plan = json.loads((world / "plan.json").read_text())
    free = {a["path"] for a in plan["artifacts"] if a["kind"] == "email" and not a["facts"]}
    return [p for p in _emails(world) if p.relative_to(world / "room").as_posix() in free]


def _insert(eml: Path, sentence: str) -> None:
    """Put a sentence into a message's own text, after its first paragraph (and into its mailbox copies)."""
    from tests.worlds.test_defects_seeded import header, sync_mailboxes

    raw = eml.read_text(encoding="utf-8")
    head, body = raw.split("\n\n", 1)
    first, rest = body.split("\n\n", 1)
    message_id = header(eml, "Message-ID")
    eml.write_text(f"{head}\n\n{first}\n\n{sentence}\n\n{rest}", encoding="utf-8")
    sync_mailboxes(eml, message_id)


def _errors(report) -> dict[str, list]:
    return {c.id: c.rows for c in report.failed() if c.severity == "error"}


def test_the_clean_world_raises_no_realism_error(clean_world):
    report = validate_copy(clean_world)
    assert not [c for c in report.failed() if c.id.startswith("realism_") and c.severity == "error"]


# A world validated per defect was ~0.8 CPU-s (eleven here). The defects are seeded a group to a copy instead, each
# group validated once (as test_prose_checks.py does): the sentences each go into a message of their own kind of
# check (no two of one check in one message), the plan edits and the copied body into another copy. Each group trips
# exactly its own defects' checks, at exactly the messages they were put in; each test asserts its own finding.
LEAKS = [
    ("Please send the draft to [Client Name] by Friday.", 'placeholder "[Client Name]"'),
    ("Lorem ipsum dolor sit amet, consectetur adipiscing elit.", "lorem ipsum"),
    ("Dear {first_name}, the figures are attached.", 'template field "{first_name}"'),
    ("As an AI language model, I cannot give legal advice.", "model talk"),
    ("Dates for the hearing are TBD.", 'placeholder word "TBD"'),
]
DOMAIN = "The notice is on www.kestrel-shipping.com and with ops@kestrel-shipping.com."
PHONE = "Call me on +1 212 736 5000, or on +1 212 555 0142 after six."
# issue 22: realism_fiction_mentions confirms a whole name only where the text holds it, so "Best regards" (Best
# Buy's first word, in every signed message) costs nothing; the name itself is still caught, and a product named
# after a company is still not a mention.
MENTION = "Best regards from the meeting: the buyers of Best Buy want the figures in Microsoft Teams."
# sentence -> the check it trips: the five leaks each in a message of their own (the messages without a fact first:
# editing their text cannot hide a planted value; a sentence added to the others removes none), and the domain,
# phone and company each beside a leak in another message.
SENTENCES = {**{text: "realism_leakage" for text, _ in LEAKS}, DOMAIN: "realism_fiction_domains",
             PHONE: "realism_fiction_phones", MENTION: "realism_fiction_mentions"}


def _targets(world: Path) -> dict[str, str]:
    """sentence -> the room path of the message it is put into."""
    free = _fact_free(world)
    order = [*free, *(p for p in _emails(world) if p not in free)]
    assert len(order) >= len(LEAKS), order
    paths = [p.relative_to(world / "room").as_posix() for p in order]
    return {**{text: paths[i] for i, (text, _) in enumerate(LEAKS)}, DOMAIN: paths[0], PHONE: paths[1],
            MENTION: paths[2]}


def _plan_edited(world: Path) -> dict[str, str]:
    """A real company's name and a non-reserved domain given to the plan's organisations (by hand or another tool:
    the outline refuses both), and a message's own text made another's: what each defect expects to be named."""
    plan = json.loads((world / "plan.json").read_text())
    index = next(i for i, o in enumerate(plan["organisations"]) if o["name"] == "Brightwater Fuels Inc.")
    plan["organisations"][index]["name"] = "Goldman Sachs Group, Inc."
    other = next(i for i in range(len(plan["organisations"])) if i != index)
    plan["organisations"][other]["domain"] = "harbour-lines-shipping.com"
    (world / "plan.json").write_text(json.dumps(plan), encoding="utf-8")
    # a plain reply (not a forward, no attachment parts), so that its text can be swapped as it stands
    plain = [p for p in _emails(world) if "multipart" not in p.read_text(encoding="utf-8").split("\n\n", 1)[0].lower()]
    first = plain[0]
    last = next(p for p in reversed(plain) if "\nSubject: Re:" in p.read_text(encoding="utf-8").split("\n\n", 1)[0])
    source_body = first.read_text(encoding="utf-8").split("\n\n", 1)[1]
    head, body = last.read_text(encoding="utf-8").split("\n\n", 1)
    # the last message's own text becomes the first message's text; its quoted history stays
    at = re.search(r"\n(?:On |-----Original Message-----)", body)
    quoted = body[at.start():] if at else ""
    from tests.worlds.test_defects_seeded import header, sync_mailboxes

    message_id = header(last, "Message-ID")
    last.write_text(f"{head}\n\n{source_body.rstrip()}\n{quoted}", encoding="utf-8")
    sync_mailboxes(last, message_id)
    room = world / "room"
    return {"copied": last.relative_to(room).as_posix(), "source": first.relative_to(room).as_posix(),
            "renamed_domain": plan["organisations"][other]["name"]}


@pytest.fixture(scope="module")
def seeded(clean_world, tmp_path_factory) -> dict:
    """The two seeded copies, each validated once: {"sentences": (targets, errors), "plan": (named, errors)}."""
    world = _copy(clean_world, tmp_path_factory.mktemp("sentences"))
    targets = _targets(world)
    for text, path in targets.items():
        _insert(world / "room" / path, text)
    edited = _copy(clean_world, tmp_path_factory.mktemp("plan"))
    named = _plan_edited(edited)
    return {"sentences": (targets, _errors(validate_copy(world))), "plan": (named, _errors(validate_copy(edited)))}


def test_each_seeded_sentence_trips_only_its_own_check_in_its_own_message(seeded):
    targets, errors = seeded["sentences"]
    assert set(errors) == set(SENTENCES.values())
    for check, rows in errors.items():
        assert {r.path for r in rows} == {targets[t] for t, c in SENTENCES.items() if c == check}, check


@pytest.mark.parametrize("sentence, phrase", LEAKS)
def test_leakage_in_a_body_is_caught(seeded, sentence, phrase):
    targets, errors = seeded["sentences"]
    (row,) = [r for r in errors["realism_leakage"] if r.path == targets[sentence]]
    assert phrase in row.detail


def test_a_real_looking_domain_in_a_body_is_caught(seeded):
    targets, errors = seeded["sentences"]
    assert {(r.path, r.detail) for r in errors["realism_fiction_domains"]} == {
        (targets[DOMAIN], "address or link www.kestrel-shipping.com: kestrel-shipping.com is not a reserved domain"),
        (targets[DOMAIN], "address or link ops@kestrel-shipping.com: kestrel-shipping.com is not a reserved domain")}


def test_a_phone_number_outside_the_reserved_ranges_is_caught(seeded):
    targets, errors = seeded["sentences"]
    (row,) = errors["realism_fiction_phones"]
    assert row.detail == "phone number in the text: +1 212 736 5000 is not in a reserved range"
    assert row.path == targets[PHONE]


def test_a_real_company_in_a_body_is_caught_beside_its_first_word_and_a_product(seeded):
    targets, errors = seeded["sentences"]
    (row,) = errors["realism_fiction_mentions"]
    assert row.detail == "names the real Best Buy in the new text of the message"
    assert row.path == targets[MENTION]


def test_a_duplicated_email_body_is_caught(seeded):
    named, errors = seeded["plan"]
    (row,) = errors["realism_near_duplicates"]
    assert row.path == named["copied"]
    assert "100% alike" in row.detail and named["source"] in row.detail


def test_a_real_company_name_as_an_organisation_is_refused_by_the_outline_and_caught_in_a_plan(seeded):
    # The outline check refuses it before anything is made (it could never publish) ...
    from worldsmith.worlds.errors import OutlineError
    from worldsmith.worlds.outline import parse_outline

    text = MINI.read_text(encoding="utf-8").replace("Brightwater Fuels Inc.", "Goldman Sachs Group, Inc.")
    with pytest.raises(OutlineError, match="named like the real Goldman Sachs"):
        parse_outline(text, file="real-name.yaml")
    # ... and a plan edited afterwards (by hand or another tool) is caught by validation.
    _, errors = seeded["plan"]
    (row,) = errors["realism_fiction_names"]
    assert row.detail == "organisation Goldman Sachs Group, Inc. is named like the real Goldman Sachs"


def test_a_non_reserved_domain_of_an_organisation_is_caught(seeded):
    # The outline refuses such a domain; a plan edited afterwards (by hand or another tool) is caught here.
    named, errors = seeded["plan"]
    details = {r.detail for r in errors["realism_fiction_domains"]}
    assert any(d.startswith(f"organisation {named['renamed_domain']}: harbour-lines-shipping.com") for d in details)


# ---------------------------------------------------------------- boilerplate, on a store built by hand

def _store(tmp_path: Path, bodies: list[str], statement: str = "The cap is USD 1,000.") -> Path:
    db = tmp_path / "world.duckdb"
    con = duckdb.connect(str(db))
    create_schema(con)
    con.execute("insert into facts (id, statement, type, text, value_num, value_date, currency, unit) "
                "values ('cap', ?, 'money', 'USD 1,000', 1000, null, 'USD', null)", [statement])
    for i, body in enumerate(bodies):
        con.execute("insert into emails (artifact_id, path, body, body_new) values (?, ?, ?, ?)",
                    [f"e{i}", f"m/{i:02d}.eml", body, body])
    con.close()
    return db


def _boilerplate(db: Path) -> list[tuple]:
    check = next(c for c in load_checks() if c.id == "realism_boilerplate")
    con = duckdb.connect(str(db), read_only=True)
    try:
        used = {k: v for k, v in check.params.items() if re.search(rf"\${k}\b", check.sql)}
        return con.execute(check.sql, used).fetchall()
    finally:
        con.close()


STOCK = "We will circulate the revised schedule to everyone on the working group before the next call."


def test_a_long_sentence_stamped_on_many_messages_is_boilerplate(tmp_path):
    bodies = [f"Hi {n},\n\nNote {n} on the budget. {STOCK}\n\nBest,\nAl" for n in range(6)]
    rows = _boilerplate(_store(tmp_path, bodies))
    assert len(rows) == 6 and all("appears word for word in 6 artifacts" in r[2] for r in rows)


def test_repeats_within_the_allowance_facts_lists_and_signatures_are_not_boilerplate(tmp_path):
    statement = "The operator's liability cap under the statute is USD 1,000 for this vessel and this voyage."
    names = "Present: Ann Able (Partner), Bob Baker (Associate), Cy Cole (Counsel), Di Dunn (Analyst), Ed Eve."
    signature = "Alexandra Smith-Jones\nSenior Vice President, Maritime and Environmental Litigation Group\n+1 202 555 0100"
    bodies = [f"Hi,\n\n{statement} {names}\n\n{signature}" for _ in range(8)]
    bodies += [f"{STOCK}\n\nAl"] * 3  # three repeats: a habit, not a template (issue 10: at most 3 artifacts)
    assert _boilerplate(_store(tmp_path, bodies, statement)) == []


@pytest.mark.parametrize("sample_above", [100000, 0])
def test_a_copied_long_message_is_a_near_duplicate_with_and_without_shingle_sampling(tmp_path, sample_above):
    # issue 22: past sample_above texts the check keeps the shingles whose hash is divisible by 4 (a ubigint
    # modulo, the room joined to each text); sampled or not, a long message copied word for word is caught,
    # and distinct messages are not.
    bodies = [" ".join(f"w{k}x{j}" for j in range(120)) for k in range(12)]  # 12 texts of 120 words, all unlike
    bodies.append(bodies[3])
    db = _store(tmp_path, bodies)
    check = next(c for c in load_checks() if c.id == "realism_near_duplicates")
    params = {**check.params, "sample_above": sample_above}
    con = duckdb.connect(str(db), read_only=True)
    try:
        used = {k: v for k, v in params.items() if re.search(rf"\${k}\b", check.sql)}
        rows = con.execute(check.sql, used).fetchall()
    finally:
        con.close()
    assert [(r[1], r[2]) for r in rows] == [("m/12.eml", "its own text is 100% alike (5-word shingles) with m/03.eml")]


def test_links_and_addresses_in_any_case_are_judged_by_their_domain(tmp_path):
    # issue 22: realism_fiction_domains searches only texts holding an @, a // or a www. (any case), and judges
    # each distinct domain once; a link in capitals and one reached by https are still read, reserved ones pass.
    bodies = ["See WWW.Kestrel-Shipping.COM for the notice.", "Filed at https://docs.kestrel.net/notice today.",
              "Write to ops@harbour.example or to www.example.com.", "Nothing to see here, 9 items."]
    db = _store(tmp_path, bodies)
    check = next(c for c in load_checks() if c.id == "realism_fiction_domains")
    con = duckdb.connect(str(db), read_only=True)
    try:
        rows = con.execute(check.sql).fetchall()
    finally:
        con.close()
    assert sorted((r[1], r[2]) for r in rows) == [
        ("m/00.eml", "address or link www.kestrel-shipping.com: kestrel-shipping.com is not a reserved domain"),
        ("m/01.eml", "address or link https://docs.kestrel.net: docs.kestrel.net is not a reserved domain")]


def test_leakage_in_a_subject_and_in_quoted_history_is_caught(tmp_path):
    # issue 22: realism_leakage names each text once in its literal pre-filter (a lambda over it), so the squashed
    # subject and the quoted tail are computed once per message; both are still read, in any case.
    db = _store(tmp_path, ["Thanks, all fine.", "Thanks, all fine too."])
    con = duckdb.connect(str(db))
    con.execute("update emails set subject = 'Re:  draft   for [Client Name]' where artifact_id = 'e0'")
    con.execute("update emails set body = body_new || chr(10) || chr(10) || '> LOREM IPSUM dolor' where artifact_id = 'e1'")
    con.close()
    check = next(c for c in load_checks() if c.id == "realism_leakage")
    con = duckdb.connect(str(db), read_only=True)
    try:
        rows = con.execute(check.sql).fetchall()
    finally:
        con.close()
    assert sorted((r[1], r[2]) for r in rows) == [
        ("m/00.eml", 'placeholder "[Client Name]" in the subject line'),
        ("m/01.eml", 'lorem ipsum "LOREM IPSUM" in the quoted history of the message (or text below it)')]


def test_a_standing_committees_roll_of_those_present_is_no_boilerplate_but_its_prose_is(tmp_path):
    # an unseen outline at seed 223: six steering committee minutes each opened 'Members of the steering committee
    # present: ..., in the chair, and ...; a quorum was present.' Minutes record who came in the secretary's one form
    # at every meeting: a roll is no prose stamped on the room. A sentence of prose in the same minutes still is.
    roll = ("Members of the steering committee present: Ann Able (Chief Information Officer), in the chair, and the "
            "steering committee's other voting members; a quorum was present.")
    away = "Apologies: the finance director and the head of operations sent their apologies for this meeting."
    bodies = [f"Minutes\n{roll} {away}\nItems discussed." for _ in range(6)]
    (tmp_path / "roll").mkdir()
    assert _boilerplate(_store(tmp_path / "roll", bodies)) == []
    rows = _boilerplate(_store(tmp_path, [f"{b} {STOCK}" for b in bodies]))
    assert len(rows) == 6 and all(STOCK[:60] in r[2] for r in rows)

def _mentions(tmp_path: Path, bodies: list[str]) -> list[str]:
    db = _store(tmp_path, bodies)
    con = duckdb.connect(str(db))
    con.execute("insert into real_entities select n, n from unnest(['Target', 'Shell', 'Best Buy']) t(n)")
    con.close()
    check = next(c for c in load_checks() if c.id == "realism_fiction_mentions")
    con = duckdb.connect(str(db), read_only=True)
    try:
        used = {k: con.execute(q).fetchone()[0] for k, q in check.derive.items()}
        return sorted(r[0] for r in con.execute(check.sql, used).fetchall())
    finally:
        con.close()


def test_an_everyday_name_opening_a_label_or_list_item_is_no_mention_but_the_company_is(tmp_path):
    # an unseen outline's mandate letter: "The terms are: (a) Mandate date: 2 March 2026; (b) Target volume:
    # EUR 100,000,000" was read as the retailer. A label is capitalised as a sentence is; the company is still
    # named where the word stands mid-sentence, or opens an item with its legal form after it.
    labels = ["The terms are: (a) Mandate date: 2 March; (b) Target volume: EUR 100,000,000.",
              "Terms:\n- Target volume: EUR 100m\n2. Target date: 1 May; Shell company: none.",
              "| Item | Value |\n| Target volume | EUR 100m |\n(iv) Target pricing applies."]
    named = ["We met the buyers of Target on Monday.",
             "The terms are: (b) Target Corporation agreed to take the stock.",
             "Our client supplies Shell in Rotterdam."]
    assert _mentions(tmp_path, labels + named) == ["e3", "e4", "e5"]

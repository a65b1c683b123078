"""Every fact has an owner side, and every message is written from the writer's side relative to it.

Blind read 26 (now tests/fixtures/): the auditors told the licensee its own royalty reports as news ("Further, we have
41,260 units declared in the royalty reports"), the audit report said the records were "made available by" the
auditors' client, not the audited licensee, and the lessor's counsel told the lessee a figure the lessor had priced as
the lessee's own. context.fact_owner reads whose fact it is (the party that claims or asserts it, else the one whose
own records or acts the statement reports); the plan carries it (facts.owner, organisations.side) for three checks."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import duckdb

from tests.generators.planned import planned
from worldsmith.generators.context import build_context, fact_owner, records_from

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
CHECKS = ROOT / "generators" / "kinds" / "email" / "checks"


def _plan(name: str, seed: int = 191):
    """(plan, taxonomy), planned once per process (seed 191: the other blind-read-26 modules plan it too)."""
    path = FIXTURES / f"{name}.yaml"
    return planned(path if path.exists() else ROOT / "outlines" / "examples" / f"{name}.yaml", seed)


def test_a_fact_is_owned_by_the_party_whose_records_or_acts_it_reports():
    plan, _ = _plan("patent-royalty-audit")
    # "Tessaly's eight quarterly royalty reports ... declare 41,260 ..."; "Tessaly paid USD 1,588,510 ..."
    assert fact_owner(plan, "reported_units") == "tessaly" and fact_owner(plan, "royalty_paid") == "tessaly"
    assert fact_owner(plan, "royalty_per_unit") == ""  # a term of the licence is nobody's
    assert {f.id: f.owner for f in plan.facts}["reported_units"] == "tessaly"  # and the plan carries it
    assert {o.id: o.side for o in plan.organisations} == {"pellam": "(home)", "corvane": "(home)", "tessaly": "tessaly"}
    plan, _ = _plan("bi-claim")
    # "Northgate paid an advance of ..."; "Calder spent USD 684,300 of extra expense ..."
    assert fact_owner(plan, "advance_payment") == "northgate" and fact_owner(plan, "extra_expense") == "calder"



def test_a_passive_verb_of_assertion_names_its_asserter_after_by():
    # aircraft-redelivery's '... discrepancies ... that Brightwing did not rectify ..., priced by Corrib's technical
    # team at USD 412,500' was the lessee's figure; the same grammar on two other fixtures' parties
    for name, statement, owner in (
            ("patent-royalty-audit", "The shortfall that Tessaly did not correct, priced by Corvane's finance team at "
                                     "USD 10,000.", "corvane"),
            ("bi-claim", "The spoiled stock that Northgate would not cover, quoted by Calder's accountants at "
                         "USD 20,000.", "calder")):
        plan, _ = _plan(name)
        fact = plan.facts[0].model_copy(update={"id": "passive_probe", "statement": statement})
        probe = plan.model_copy(update={"facts": [*plan.facts, fact]})
        assert fact_owner(probe, "passive_probe") == owner, (name, statement)


def test_a_report_names_the_party_whose_records_it_was_made_from():
    plan, _ = _plan("patent-royalty-audit")
    report = next(a for a in plan.artifacts if a.id == "final_audit_report")
    assert records_from(plan, list(report.facts), report.author) == "Tessaly Surgical Systems Inc."
    plan, _ = _plan("bi-claim")
    # the insurer's adjuster reports on the insured's records, not its own client's
    report = next(a for a in plan.artifacts if a.kind == "document" and a.author.startswith("sable")
                  or a.kind == "document" and a.title.lower().startswith("sable"))
    assert records_from(plan, list(report.facts), report.author) == "Calder Provisions Inc."


def _thread(name: str, title: str):
    from worldsmith.generators.backends.offline import OfflineBackend
    from worldsmith.worlds.content import EmailContent

    plan, taxonomy = _plan(name, 61)
    thread = sorted((a for a in plan.artifacts if a.kind == "email" and a.title.lower().startswith(title)),
                    key=lambda a: a.position)
    assert thread
    made: dict = {}
    for a in thread[:1]:
        made[a.id] = asyncio.run(OfflineBackend().generate(build_context(plan, taxonomy, a, made), EmailContent))
    return re.split(r"\nOn .{5,120} wrote:", made[thread[0].id].body)[0]


def test_a_fact_of_the_readers_side_is_put_to_it_never_told_as_news():
    # the auditors to the licensee, on the licensee's own reports and payments
    own = _thread("patent-royalty-audit", "audit of royalty reports: document request")
    assert "we have 41,260 units" not in own.lower() and "is currently USD 1,588,510" not in own, own
    assert "41,260 units" in own and "USD 1,588,510" in own and "you" in own.lower(), own
    # the sellers' adviser to the buyer, on the buyer's own revised price
    own = _thread("buyside-diligence", "revised offer")
    assert "The revised enterprise value is currently GBP 177,500,000." not in own, own
    plan, _ = _plan("buyside-diligence", 61)
    first = next(a for a in plan.artifacts if a.kind == "email" and a.title.lower().startswith("revised offer")
                 and a.position == 0)
    if first.point:
        # (where its expert wrote it, the message answers the reader's own figure in the expert's words: "The vendors
        # do not accept GBP 177,500,000: to them the development costs are a policy choice.")
        assert "GBP 177,500,000" in first.point and " ".join(first.point.split()) in " ".join(own.split()), own
    else:
        assert "GBP 177,500,000" in own and "you" in own.lower(), own


def test_a_sentence_opening_on_a_figure_is_put_to_its_owner_too():
    # seed 191: the licensor's cover note to the licensee said "The running royalty per Licensed Product is USD 38.50.
    # 41,260 units were declared in the royalty reports." (a sentence that opens on a number was read as one with the
    # sentence before it, which carries another figure, and kept)
    from worldsmith.generators.backends.offline import OfflineBackend
    from worldsmith.worlds.content import EmailContent

    plan, taxonomy = _plan("patent-royalty-audit", 191)
    cover = next(a for a in plan.artifacts if a.id == "cover_notice_of_audit_under_section_7-m1")
    # (the two figures that note carried before a cover note gave one at most and no plain count, blind read 34: the
    # sentence-owner logic is what is tested here, on any message that states them)
    cover = cover.model_copy(update={"facts": ["royalty_per_unit", "reported_units"]})
    body = asyncio.run(OfflineBackend().generate(build_context(plan, taxonomy, cover, {}), EmailContent)).body
    assert "41,260 units" in body and "41,260 units were declared" not in body, body


def _room(rows: dict[str, list[tuple]]) -> duckdb.DuckDBPyConnection:
    con = duckdb.connect()
    con.execute((ROOT / "worlds" / "store" / "schema.sql").read_text())
    for table, values in rows.items():
        for v in values:
            con.execute(f"insert into {table} by name select " + ", ".join(f"? as {c}" for c in v[0]), list(v[1]))
    return con


def _row(**cols):
    return (list(cols), list(cols.values()))


def _flagged(con, check: str) -> set[str]:
    return {r[0] for r in con.execute((CHECKS / f"{check}.sql").read_text()).fetchall()}


def test_the_checks_fail_a_message_written_from_the_wrong_side():
    orgs = [_row(id="lic", name="Licensor Co", role="client", domain="l.example", side="(home)"),
            _row(id="aud", name="Audit LLP", role="auditors", domain="a.example", side="(home)"),
            _row(id="tee", name="Licensee Co", role="licensee", domain="t.example", side="tee"),
            _row(id="exp", name="Expert LLP", role="independent expert", domain="x.example", side="", neutral=True)]
    people = [_row(id=p, role="r", name=p, email=f"{p}@x.example", title="t", organisation=o, occupation="o",
                   seniority="s", phone="1") for p, o in (("ann", "lic"), ("bob", "aud"), ("cat", "tee"),
                                                          ("dan", "exp"))]
    facts = [_row(id="fees", statement="s", type="money", text="USD 64,800", label="audit fees", owner="(home)"),
             _row(id="paid", statement="s", type="money", text="USD 1,588,510", label="royalties paid", owner="tee"),
             _row(id="excess", statement="s", type="money", text="USD 1,279,200", label="disputed excess", owner="(home)")]
    mails = {  # artifact id: (from, to, own text)
        "m_dispute_own": ("ann", "cat", "We dispute the audit fees of USD 64,800 and reject them."),
        "m_dispute_theirs": ("cat", "ann", "We dispute the audit fees of USD 64,800."),
        "m_label_says_it": ("ann", "bob", "The disputed excess amounts to USD 1,279,200."),  # (its own label's word)
        "m_news": ("bob", "cat", "Further, the royalties paid are USD 1,588,510."),
        "m_put": ("bob", "cat", "We have the royalties paid from your side as USD 1,588,510; please confirm."),
        "m_own_news": ("cat", "bob", "The royalties paid are USD 1,588,510."),
        # a third party asking how the owner's figure came about tells it nothing (an unseen outline's W&I underwriter;
        # the split on '[.!?]\s+' took the question mark off a question with a sentence after it)
        "m_asks": ("bob", "cat", "Is USD 1,588,510 the figure after the credits? We need it for the policy."),
        "m_asks_how": ("bob", "cat", "Please walk us through how the USD 1,588,510 was priced. The policy turns on it."),
        "m_neutral_one": ("dan", "cat", "Directions attached."),
        "m_neutral_both": ("dan", "cat", "Directions attached."),
    }
    emails, recipients = [], []
    for aid, (frm, to, text) in mails.items():
        emails.append(_row(artifact_id=aid, path=f"{aid}.eml", from_addr=f"{frm}@x.example", body_new=text))
        recipients.append(_row(artifact_id=aid, path=f"{aid}.eml", kind="to", address=f"{to}@x.example"))
    recipients.append(_row(artifact_id="m_neutral_both", path="m_neutral_both.eml", kind="cc", address="ann@x.example"))
    con = _room({"organisations": orgs, "people": people, "facts": facts, "emails": emails, "recipients": recipients})
    assert _flagged(con, "party_disputes_own_figure") == {"m_dispute_own"}
    assert _flagged(con, "owners_fact_told_as_news") == {"m_news"}
    assert _flagged(con, "neutral_hears_both_parties") == {"m_neutral_one"}


def test_a_paper_to_or_from_a_neutral_is_served_on_both_parties():
    # service-charge-dispute at seed 61: the cover note of the tenant's submission to the independent surveyor went to
    # the surveyor alone (neutral_hears_both_parties quarantined the world); office-rent-review's expert too
    from worldsmith.generators.sides import NEUTRAL_ROLE, principal

    for name in ("service-charge-dispute", "office-rent-review"):
        plan, _ = _plan(name, 61)
        people = {p.id: p for p in plan.people}
        orgs = {o.id: o for o in plan.organisations}
        neutral = {p for p, x in people.items() if NEUTRAL_ROLE.search(orgs[x.organisation].role)}
        parties = {principal(plan.organisations, people[p].organisation) for p in people if p not in neutral}
        covers = [a for a in plan.artifacts if a.kind == "email" and a.attachments and neutral & {a.author, *a.to, *a.cc}]
        assert covers, name
        for a in covers:
            on = {principal(plan.organisations, people[p].organisation) for p in {a.author, *a.to, *a.cc} - neutral}
            assert on == parties, (name, a.path, on)

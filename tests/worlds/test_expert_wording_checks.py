"""Checks that refused what an expert writes (issue 17: three outlines with points on every item had to be reworded).
Each runs over an empty store of the schema with the facts and texts it reads; a true defect beside each false positive
is still found."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import duckdb

from worldsmith.worlds.validate import parse_check

ROOT = Path(__file__).resolve().parents[2]


def _store(facts, texts, papers=()):
    """A store with facts (id, type, text, value, label, since, currency, formula) and texts (id, day, text); papers are
    (id, title, day, fact ids it carries)."""
    con = duckdb.connect()
    con.execute((ROOT / "worlds/store/schema.sql").read_text())
    con.execute("insert into world values ('w', 'w', 0, 'en_CA', 'UTC', date '2026-01-01', date '2026-07-31')")
    for fid, kind, text, value, label, since, currency, formula in facts:
        con.execute("insert into facts (id, statement, type, text, value_num, currency, label, known_from, formula) "
                    "values (?, 'x', ?, ?, ?, ?, ?, ?, ?)", [fid, kind, text, value, currency, label, since, formula])
        con.execute("insert into fact_values values (?, ?, null, ?, ?, null)", [fid, since, text, value])
    con.execute("create table artifact_text (artifact_id varchar, path varchar, kind varchar, text varchar)")
    for aid, day, text, *kind in texts:
        kind = kind[0] if kind else "document"
        con.execute("insert into artifacts (id, kind, item, path, title, author, occupation, \"at\") values (?, "
                    "?, 'i', ?, ?, 'p', 'o', ?)", [aid, kind, f"{aid}.docx", aid, dt.datetime.combine(day, dt.time(9))])
        con.execute("insert into artifact_text values (?, ?, ?, ?)", [aid, f"{aid}.docx", kind, text])
    for aid, title, day, carried in papers:
        con.execute("insert into artifacts (id, kind, item, path, title, author, occupation, \"at\") values (?, "
                    "'document', 'i', ?, ?, 'p', 'o', ?)", [aid, f"{aid}.docx", title, dt.datetime.combine(day, dt.time(9))])
        con.execute("insert into artifact_text values (?, ?, 'document', ?)", [aid, f"{aid}.docx", title])
        for f in carried:
            con.execute("insert into planned_facts values (?, ?)", [aid, f])
    return con


def _found(con, check: str) -> set[str]:
    parsed = parse_check(ROOT / f"worlds/checks/{check}.sql")
    derived = {k: con.execute(q).fetchone()[0] for k, q in parsed.derive.items()}
    return {r[0] for r in con.execute(parsed.sql, derived).fetchall()}


DECISION = ("dispute_decision", "text", "serve a notice of dispute for the full underpayment", None,
            "Norbury's decision", dt.date(2026, 4, 1), None, None)
COUNSEL = dt.date(2026, 3, 24)


def test_an_advisers_recommendation_is_not_the_clients_decision_known_early():
    # counsel's memo of 24 March recommends what the client decides on 1 April (ca-nsr-royalty-audit, issue 17)
    texts = [("recommends", COUNSEL, "Recommendation: serve a notice of dispute for the full underpayment under "
                                     "section 9.1, and extend the audit to 2024."),
             ("we_advise", COUNSEL, "We advise that Norbury serve a notice of dispute for the full underpayment."),
             ("decided", COUNSEL, "The President has decided to serve a notice of dispute for the full underpayment."),
             ("both", COUNSEL, "We recommend that you serve a notice of dispute for the full underpayment. The board "
                               "agreed: serve a notice of dispute for the full underpayment.")]
    assert _found(_store([DECISION], texts), "fact_mentioned_before_known") == {"decided", "both"}


def test_a_scope_that_names_a_possible_later_appeal_does_not_plan_it_before_the_decision():
    # an engagement letter of 12 February scopes the defence 'and, if needed, the recurso ordinario to the TIT'; the
    # recurso answers the first-instance decision of 17 June (br-icms-tax-appeal, issue 17)
    deadline = ("appeal_deadline", "date", "17 July 2026", None, "deadline for the recurso", dt.date(2026, 6, 17), None,
                None)
    recurso = ("recurso", "Recurso ordinário to the Tribunal de Impostos e Taxas: AIIM no. 4.187.332-5",
               dt.date(2026, 7, 8), ["appeal_deadline"])
    day = dt.date(2026, 2, 12)
    texts = [("scope", day, "2. Scope: the defesa at the Delegacia Tributária de Julgamento and, if needed, the recurso "
                            "ordinário to the Tribunal de Impostos e Taxas against the AIIM."),
             ("any", day, "Fees for any recurso ordinário to the Tribunal de Impostos e Taxas are quoted separately."),
             ("planned", day, "We will file the recurso ordinário to the Tribunal de Impostos e Taxas by 17 July.")]
    assert _found(_store([deadline], texts, [recurso]), "no_answer_before_its_event") == {"planned"}


def _money(fid, amount, label, currency="CAD", formula=None):
    return (fid, "money", f"{currency} {amount:,}", amount, label, dt.date(2026, 1, 5), currency, formula)


def test_an_amount_is_read_as_the_labels_only_where_it_is_said_of_it():
    # an expert's point 'Permitted deductions: of {deductions_claimed} claimed, {permitted_deductions} are permitted'
    # (ca-nsr-royalty-audit), and the engine's working and 'Held:' line of a decision whose labels share 'upheld at
    # first instance' and whose last input is repeated inside a share (br-icms-tax-appeal, issue 17)
    facts = [_money("claimed", 24960000, "deductions claimed"), _money("permitted", 6420000, "permitted deductions"),
             _money("principal", 3038300, "principal upheld at first instance", "BRL"),
             _money("total", 6949807.42, "total upheld at first instance", "BRL", "principal + selic + fine")]
    day = dt.date(2026, 6, 16)
    texts = [("partitive", day, "Permitted deductions: of CAD 24,960,000 claimed, CAD 6,420,000 are permitted."),
             ("working", day, "Total upheld at first instance is the principal upheld at first instance of BRL "
                              "3,038,300 plus the accumulated SELIC of the principal upheld at first instance plus the "
                              "punitive fine rate applied to the principal upheld at first instance: BRL 6,949,807.42."),
             ("held", day, "Held: principal upheld at first instance at BRL 3,038,300; total upheld at first instance "
                           "at BRL 6,949,807.42."),
             ("sheet_note", day, "Permitted deductions\nOf CAD 24,960,000 claimed are permitted", "spreadsheet"),
             ("wrong", day, "Permitted deductions: CAD 24,960,000."),
             ("listed", day, "Gross proceeds and permitted deductions: CAD 24,960,000."),
             ("sheet_cell", day, "Note\nPermitted deductions: CAD 24,960,000", "spreadsheet"),
             ("wrong_principal", day, "The principal upheld at first instance is BRL 6,949,807.42."),
             ("wrong_operand", day, "The total is BRL 9,000,000 plus the principal upheld at first instance of BRL "
                                    "6,949,807.42.")]
    assert _found(_store(facts, texts), "amount_beside_label") == {"wrong", "wrong_principal", "wrong_operand",
                                                                 "sheet_cell", "listed"}

"""privilege_within_circle reads a privilege MARKING on what leaves the circle, not a statement that privilege is kept.

An outline author's self-report letter to a regulator said "the underlying legal advice remains privileged" and the
regulator's reply that the legal commentary "remains privileged": the world was quarantined, though saying that advice
is withheld as privileged is what counsel writes to a regulator. A marking ("Privileged & Confidential", "Legally
privileged - prepared for the purpose of legal advice", "it is privileged") on such mail is still a leak."""

from __future__ import annotations

from pathlib import Path

import duckdb

ROOT = Path(__file__).resolve().parents[2]
CHECK = ROOT / "worlds" / "checks" / "privilege_within_circle.sql"


def _flagged(texts: dict[str, str]) -> set[str]:
    """The artifacts the check fails: each text an email from counsel (inside the circle) to a regulator (outside)."""
    con = duckdb.connect()
    con.execute((ROOT / "worlds" / "store" / "schema.sql").read_text())
    con.execute("create table artifact_text (artifact_id varchar, path varchar, kind varchar, text varchar)")
    con.execute("insert into organisations (id, name, role, domain, privileged) values "
                "('firm', 'Firm LLP', 'counsel', 'firm.example', true), "
                "('reg', 'The Regulator', 'supervisory authority', 'reg.example', false)")
    for pid, org in (("ann", "firm"), ("rex", "reg")):
        con.execute("insert into people values (?, 'r', ?, ?, 't', ?, 'o', 's', '1')", [pid, pid, f"{pid}@x.example", org])
    for aid, text in texts.items():
        con.execute("insert into artifact_text values (?, ?, 'email', ?)", [aid, f"{aid}.eml", text])
        con.execute("insert into emails (artifact_id, path, from_addr) values (?, ?, 'ann@x.example')", [aid, f"{aid}.eml"])
        con.execute("insert into recipients values (?, ?, 'to', 'Rex', 'rex@x.example')", [aid, f"{aid}.eml"])
    return {r[0] for r in con.execute(CHECK.read_text()).fetchall()}


def test_saying_privilege_is_kept_is_no_marking_but_a_marking_still_leaks():
    # (fails before: kept_letter, kept_reply and broker were quarantined as markings)
    flagged = _flagged({
        "kept_letter": "We enclose the timeline. The underlying legal advice remains privileged and is not enclosed.",
        "kept_reply": "The Commission notes that the legal commentary remains privileged.",
        "withheld": "The forensic report is withheld as privileged; its findings are set out below.",
        "broker": "Remediation: contractor access through a privileged-access broker and MFA on every route.",
        "marked": "Privileged & Confidential\n\nWe enclose the timeline.",
        "legally": "Legally privileged - prepared for the purpose of legal advice.\n\nOur view follows.",
        "it_is": "Please keep this to yourself; it is privileged.",
        "wp": "ATTORNEY WORK PRODUCT\n\nDraft chronology.",
    })
    assert flagged == {"marked", "legally", "it_is", "wp"}

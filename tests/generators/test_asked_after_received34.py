"""Blind read 34 (royalty audit): on 30 March the client asked in chat "do we have a figure for the 2025 underpayment
yet", three days after the auditor had mailed him CAD 370,800 with the final report. Who had a figure in mail asks what
it is now, never whether there is one yet; the check no_figure_asked_after_received keeps it from coming back."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import duckdb

from tests.generators.offline_world import offline_world
from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.kinds.chat.compose import _asked
from worldsmith.worlds.store.load import create_schema
from worldsmith.worlds.validate import load_checks

ROOT = Path(__file__).resolve().parents[2]


def _figure():
    value = SimpleNamespace(type="money")
    return SimpleNamespace(label="2025 underpayment", value=value, term=False, past=False)


def test_who_had_the_figure_never_asks_whether_there_is_one_yet():
    asked = [_asked(Picker(seed), _figure(), "Michael", had=True) for seed in range(60)]
    assert all("2025 underpayment" in a for a in asked)
    assert not [a for a in asked if re.search(r"\byet\b", a)]
    # (who has not had it still may: the frame is kept for them)
    assert any(re.search(r"\byet\b", _asked(Picker(seed), _figure(), "Michael")) for seed in range(60))


def test_the_readers_of_a_days_figures_are_planned_from_the_mail_before_it():
    plan, _, contents = offline_world(ROOT / "outlines/examples/tanker-spill-liability.yaml", 61)
    mails = [a for a in plan.artifacts if a.kind == "email"]
    people = {p.id: p for p in plan.people}
    labels = {f.id: f.label.lower() for f in plan.facts if f.label}
    days = [a for a in plan.artifacts if a.kind == "chat"]
    assert any(a.fact_readers for a in days)
    for spec in days:
        for fid, who in spec.fact_readers.items():
            assert set(who) <= set(spec.members)
            for person in who:
                assert any(fid in m.facts and m.sent_at < spec.posts[0].at and person in (m.author, *m.to, *m.cc)
                           for m in mails)
        for post, line in zip(spec.posts, contents[spec.id].messages):
            for fid, who in spec.fact_readers.items():
                if post.author in who and fid in labels:
                    assert not re.search(rf"for (?:the )?{re.escape(labels[fid])}\b.{{0,20}}\byet\b", line.text.lower()), \
                        (spec.id, people[post.author].name, line.text)


def test_the_check_flags_a_figure_asked_for_after_it_came_in_mail(tmp_path):
    con = duckdb.connect(str(tmp_path / "world.duckdb"))
    create_schema(con)
    con.execute("insert into world values ('w', 't', 0, 'en_CA', 'America/Toronto', '2026-01-05', '2026-06-30')")
    con.execute("insert into facts (id, statement, type, text, label) values ('under', 's', 'money', 'CAD 370,800', "
                "'2025 underpayment')")
    con.execute("insert into fact_values values ('under', '2026-03-16', null, 'CAD 370,800', 370800, null)")
    con.execute("insert into emails (artifact_id, path, from_addr, sent_at, body, body_new) values ('m1', 'm1.eml', "
                "'michael@x.example', '2026-03-27 15:17:00+00', 'The underpayment is CAD 370,800.', "
                "'The underpayment is CAD 370,800.')")
    con.execute("insert into recipients values ('m1', 'm1.eml', 'to', 'Logan', 'logan@x.example')")
    for uid, email in [("U1", "logan@x.example"), ("U2", "stephanie@x.example")]:
        con.execute("insert into chat_users (export, id, name, email, path) values ('x', ?, ?, ?, 'users.json')", [uid, uid, email])
    lines = [("logan_after", "U1", "2026-03-30 12:00:00+00", "Michael - do we have a figure for the 2025 underpayment yet"),
             ("logan_before", "U1", "2026-03-20 12:00:00+00", "Michael - do we have a figure for the 2025 underpayment yet"),
             # (who never had the mail may ask; and asking what it is now is no question of whether it has come)
             ("stephanie", "U2", "2026-03-30 12:00:00+00", "Michael - any figure for the 2025 underpayment yet?"),
             ("logan_now", "U1", "2026-03-31 12:00:00+00", "remind me where the 2025 underpayment landed?")]
    for n, (aid, uid, at, text) in enumerate(lines):
        con.execute("insert into chat_messages (artifact_id, path, export, folder, day, position, user_id, ts, \"at\", "
                    "text, text_plain) values (?, ?, 'x', 'c', ?, ?, ?, ?, ?, ?, ?)",
                    [aid, f"{aid}.json", at[:10], n, uid, str(n), at, text, text])
    check = next(c for c in load_checks() if c.id == "no_figure_asked_after_received")
    flagged = sorted(r[0] for r in con.execute(check.sql).fetchall())
    con.close()
    assert flagged == ["logan_after"]


# An answer given: the side accepts, rejects, agrees or pays; a promise of one to come ("We will respond on the on-site
# processing deducted as refining by end of Tuesday").
_GAVE = re.compile(r"\b(?:accepts?|rejects?|(?:do|does) not accept|agrees?|will pay|our (?:client's )?position is)\b",
                   re.I)
_WILL_ANSWER = re.compile(r"\b(?:will|shall) (?:respond|reply|revert|come back to you|write again)\b", re.I)


def test_a_side_that_gave_its_answer_in_the_thread_never_promises_one():
    """Blind read 34 (royalty audit): the miner's CFO, who had rejected the refining finding on 24 April, wrote on the
    27th "We will respond on the on-site processing deducted as refining by end of Tuesday"; the licensee's counsel
    of patent-royalty-audit at seed 0, who had set out its position on the underpayment, "will respond once we have
    been through it"."""
    plan, _, contents = offline_world(ROOT / "tests/fixtures/patent-royalty-audit.yaml", 0)
    people = {p.id: p for p in plan.people}
    mails = sorted((a for a in plan.artifacts if a.kind == "email" and a.id in contents), key=lambda a: a.sent_at)
    answered: set[tuple[str, str]] = set()
    promised = []
    for m in mails:
        org = people[m.author].organisation
        own = contents[m.id].body
        across = any(people[r].organisation != org for r in m.to)
        if across and (m.thread, org) in answered and m.parent is not None and _WILL_ANSWER.search(own):
            promised.append((m.id, own))
        if _GAVE.search(own) and not _WILL_ANSWER.search(own):
            answered.add((m.thread, org))
    assert not promised

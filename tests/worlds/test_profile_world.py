"""A world's profile, measured on its parsed files, agrees with what its plan says was made."""

from __future__ import annotations

import statistics
from datetime import datetime
from collections import Counter
from zoneinfo import ZoneInfo

import pytest

from tests.conftest import MINI
from tests.worlds.test_realism_defects import _build
from worldsmith.worlds.plan import EmailSpec
from worldsmith.worlds.profile import profile_of_world
from worldsmith.worlds.store.load import load_bundle, read_plan


@pytest.fixture(scope="module")
def measured(tmp_path_factory):
    world = _build(MINI, tmp_path_factory.mktemp("profile") / "world")
    return read_plan(world), profile_of_world(load_bundle(world))


def test_hours_weekdays_and_modes_match_the_plan(measured):
    plan, profile = measured
    emails = [a for a in plan.artifacts if isinstance(a, EmailSpec)]
    zone = ZoneInfo(plan.timezone)
    assert profile.messages == len(emails) and profile.source == f"world {plan.world_id}"
    hours = Counter(e.sent_at.astimezone(zone).hour for e in emails)
    assert profile.send_hour.shares == [round(hours[h] / len(emails), 6) for h in range(24)]
    days = Counter(e.sent_at.astimezone(zone).weekday() for e in emails)
    assert profile.send_weekday.shares == [round(days[d] / len(emails), 6) for d in range(7)]
    modes = Counter(e.mode for e in emails)
    assert profile.reply_share.value == round(modes["reply"] / len(emails), 6)
    assert profile.forward_share.value == round(modes["forward"] / len(emails), 6)


def test_recipients_cc_and_depth_match_the_plan(measured):
    plan, profile = measured
    emails = [a for a in plan.artifacts if isinstance(a, EmailSpec)]
    assert profile.recipients.mean == round(statistics.mean(len(set(e.to) | set(e.cc)) for e in emails), 6)
    assert profile.cc_share.value == round(sum(1 for e in emails if e.cc) / len(emails), 6)
    # a message carries the chain above it up to the first trimmed reply (quote "none"), which carries itself alone
    by_id = {e.id: e for e in emails}

    def depth(e: EmailSpec) -> int:
        if e.parent is None or (e.mode == "reply" and e.quote == "none"):
            return 1
        return 1 + depth(by_id[e.parent])

    assert profile.thread_depth.max == max(depth(e) for e in emails)
    assert profile.thread_depth.mean == round(statistics.mean(depth(e) for e in emails), 6)


def test_documents_and_sheets_are_measured(measured):
    plan, profile = measured
    kinds = Counter(a.kind for a in plan.artifacts)
    assert profile.document_words.n == kinds["document"] and profile.document_words.median > 100
    assert profile.sheet_rows.n >= kinds["spreadsheet"] and profile.sheet_cols.median >= 2
    assert profile.new_words.median < profile.body_words.median


def test_words_are_counted_as_the_whitespace_pattern_splits_them():
    """The profile counts words with plain replaces and a split (issue 22); the count is the one the pattern
    `\\s+` gave, edge cases included: line breaks left at either end by trim, tabs, form feeds, CRLF, runs of
    spaces, and characters RE2's \\s does not take for whitespace (a vertical tab, a no-break space)."""
    import duckdb

    from worldsmith.worlds.profile import _words

    texts = ["", " ", "   ", "one", " one ", "one two", "one  two", "\none", "one\n", "\n", "\n\n", " \n x \n ",
             "a\tb", "a\r\nb", "a\fb\f", "\t\ta", "a\x0bb", "a\u00a0b", "a \n\t\r\f b", "x\n\n\ny  z\n",
             "Hi team,\n\nThe cap is USD 12,500,000.\n\n> quoted\n> more\n", "\r\n\r\n", "é ü\nñ"]
    con = duckdb.connect()
    rows = con.execute(
        f"select t, case when trim(t) = '' then 0 else len(string_split_regex(trim(t), '\\s+')) end, {_words('trim(t)')} "
        "from unnest($1::varchar[]) x(t)", [texts]).fetchall()
    assert len(rows) == len(texts)
    wrong = [(t, want, got) for t, want, got in rows if want != got]
    assert not wrong
    # and the figures are not all alike: the pattern's edge cases are really exercised
    assert {want for _, want, _ in rows} >= {0, 1, 2, 3}


def test_a_body_is_counted_once_over_its_new_text_and_the_rest():
    """words_body reuses the new text's count when the body opens with it (issue 22): the seam between the new
    text and what follows is counted as the pattern counts it, a word running across it once; a body that does
    not open with its new text is counted whole."""
    import duckdb

    from worldsmith.worlds.profile import FEATURES_SQL

    pairs = [("Hi,\n\nThanks.\n\n> quoted\n", "Hi,\n\nThanks."), ("one two", "one"), ("one two", "one "),
             ("onetwo", "one"), ("one\ntwo", "one"), ("one", "one"), ("", ""), ("x y", ""), ("\n\nx y\n", "\n"),
             (" a b ", " a"), ("a b", "b"), ("new text\r\n-----Original Message-----\r\nold", "new text"),
             ("é ü\nñ", "é"), ("a\tb", "a\t"), (None, None), ("body only", None), ("  spaced  ", "  spaced")]
    con = duckdb.connect()
    con.execute("create table mail (subject varchar, in_reply_to varchar, body varchar, body_new varchar,"
                " sent_local timestamp, n_rcpt integer, n_cc integer)")
    # each row named by its time, which the features carry through
    con.executemany("insert into mail (subject, body, body_new, sent_local) values ('s', ?, ?, ?)",
                    [(body, new, datetime(2020, 1, 1, 9, i)) for i, (body, new) in enumerate(pairs)])
    got = con.execute(f"select sent_local, words_body, words_new from ({FEATURES_SQL}) order by 1").fetchall()
    want = con.execute(
        "select sent_local, "
        "case when trim(coalesce(body, '')) = '' then 0 else len(string_split_regex(trim(body), '\\s+')) end, "
        "case when trim(coalesce(body_new, '')) = '' then 0 else len(string_split_regex(trim(body_new), '\\s+')) end "
        "from mail order by 1").fetchall()
    assert len(got) == len(pairs) and got == want
    assert len({row[1] for row in want}) >= 4


def test_a_text_is_trimmed_as_duckdb_trims_it_whatever_it_starts_or_ends_with():
    """The profile calls trim only on a text that starts or ends with a character trim strips (issue 22): for every
    character of the Basic Multilingual Plane at either end, alone or around a word, the text comes out as trim
    gives it, so a no-break space or an ideographic space is trimmed as before and a line break is kept."""
    import duckdb

    from worldsmith.worlds.profile import _trimmed

    con = duckdb.connect()
    rows = con.execute(
        f"select count(*), count(*) filter (where t <> trim(t)), "
        f"count(*) filter (where {_trimmed('t')} is distinct from trim(t)) "
        "from (select chr(i::int) || w || chr(i::int) as t from range(1, 65536) r(i), (values (''), ('a b')) v(w) "
        "where i < 55296 or i > 57343)").fetchone()
    assert rows[0] > 120_000 and rows[1] >= 30 and rows[2] == 0


def test_the_first_block_of_a_body_is_sought_once_and_reads_as_before():
    """A message's mode seeks its body's first quoted or forwarded block once (issue 22: the pattern ran twice over
    every new message's body of a million), and a forward pasted under a plain subject still reads as new mail, a
    quoted reply as a reply; the recipients are counted once per address whatever its case, the Cc lines each."""
    import duckdb

    from worldsmith.worlds.profile import _FIRST_BLOCK, FEATURES_SQL, WORLD_MAIL_SQL

    assert FEATURES_SQL.count(_FIRST_BLOCK) == 1
    bodies = ["Hi\n\nthanks", "", None, "text\n\n-----Original Message-----\nFrom: x", "FYI\n\nBegin forwarded message:\n",
              "see below\n---------- Forwarded message ---------\n", "ok\n\nOn Mon, Ann wrote:\n> hi", "ON X WROTE:\nbody",
              "x\n-- Forwarded by Ann\n", "On\nthe day he wrote:  \n", "forward this please"]
    con = duckdb.connect()
    con.execute("create table mail (subject varchar, in_reply_to varchar, body varchar, body_new varchar,"
                " sent_local timestamp, n_rcpt integer, n_cc integer)")
    con.executemany("insert into mail (subject, in_reply_to, body, sent_local) values (?, ?, ?, ?)",
                    [(s, r, b, datetime(2020, 1, 1, 9, i, j)) for i, b in enumerate(bodies)
                     for j, (s, r) in enumerate([("plain", None), ("Re: x", None), ("Fwd: y", None), ("plain", "<a@b>")])])
    first = f"regexp_extract(coalesce(body, ''), '{_FIRST_BLOCK}', 1)"
    want = con.execute(
        "select sent_local, case when regexp_matches(coalesce(subject, ''), '(?i)^\\s*re\\s*:') then 'reply' "
        "when regexp_matches(coalesce(subject, ''), '(?i)^\\s*fwd?\\s*:') then 'forward' "
        "when coalesce(in_reply_to, '') <> '' then 'reply' "
        f"when regexp_matches(lower({first}), 'forward') then 'new' when {first} <> '' then 'reply' else 'new' end "
        "from mail order by 1").fetchall()
    got = con.execute(f"select sent_local, mode from ({FEATURES_SQL}) order by 1").fetchall()
    assert got == want and {m for _, m in got} == {"new", "reply", "forward"}
    # plain subjects: four bodies with no block and three forwards pasted below are new, four quoted replies replies
    assert [m for _, m in got[::4]].count("new") == 7 and [m for _, m in got[::4]].count("reply") == 4
    con.execute("create table world (timezone varchar)")
    con.execute("insert into world values ('UTC')")
    con.execute("create table emails (path varchar, subject varchar, in_reply_to varchar, body varchar,"
                " body_new varchar, sent_at timestamptz)")
    con.execute("create table recipients (path varchar, kind varchar, address varchar)")
    con.execute("insert into emails (path) values ('a'), ('b'), ('c')")
    con.execute("insert into recipients values ('a', 'to', 'X@y.example'), ('a', 'cc', 'x@Y.example'),"
                " ('a', 'cc', 'z@y.example'), ('b', 'to', 'x@y.example'), ('b', 'to', null)")
    con.execute(WORLD_MAIL_SQL)
    assert con.execute("select n_rcpt, n_cc from mail order by n_rcpt").fetchall() == [(0, 0), (1, 0), (2, 2)]

"""The last reply of a thread carries something: a quiet week's note is answered with what stands and by when, and a
thread closed on "nothing more is needed" says what comes next from the writer's side (issue 22: 806 threads of
bench.long_matter --scale 80 ended on a bare "Thanks Mark.", thread_ends_on_bare_thanks)."""

from __future__ import annotations

import datetime as dt
import re

from tests.generators.context_fixture import DANA, SAM, email_context
from worldsmith.generators.context import PaperDue, ThreadMessage
from worldsmith.generators.kinds.email.compose import compose_email
from worldsmith.generators.week import WeekEvent
from worldsmith.worlds.content import EmailContent

QUIET = EmailContent(subject="Weekly note", body="Week to March 3.\n\nA quiet week to March 3: no developments since "
                     "the last note. The last development on the file was on February 17: the liability cap.\n\nSam")
# the check's own test of a bare thanks (thread_ends_on_bare_thanks.sql): opens on thanks, ten words or fewer, no day,
# figure or question
_BARE = re.compile(r"(?i)^(?:thanks|thank you|noted|understood|received|got it|confirmed|ok\b|fine|great|good|perfect)")


def _own(made: EmailContent) -> str:
    return made.body.split("\n\n")[0]


def _bare(text: str) -> bool:
    return bool(_BARE.match(text)) and len(re.findall(r"[A-Za-z0-9']+", text)) <= 10 and not re.search(r"\d|\?", text)


def _quiet(week: list[WeekEvent], next_note: dt.date | None, seed: int):
    ctx = email_context("reply", facts=[], seed=seed)
    return ctx.model_copy(update={"parent": QUIET, "spec": ctx.spec.model_copy(update={"beat": "confirm"}),
                                  "quiet_week": week, "next_note": next_note,
                                  "parent_sent": ctx.spec.sent_at - dt.timedelta(days=1)})


def test_a_quiet_weeks_note_is_answered_with_what_stands_and_by_when():
    # (fails before: 'Thanks Sam.' and the like, or the reply asked to act on a note of no news)
    awaited = WeekEvent(what="awaited", day=dt.date(2025, 2, 20), title="Letter on the cap", by="Dana Okafor",
                        org="Brightmere Advisory")
    latest = WeekEvent(what="latest", day=dt.date(2025, 2, 17), fact="liability_cap", label="the liability cap")
    for seed in range(6):
        chased = _own(compose_email(_quiet([awaited], dt.date(2025, 3, 10), seed)))
        assert "Brightmere Advisory" in chased and "March 10" in chased and not _bare(chased), chased
        point = _own(compose_email(_quiet([latest], dt.date(2025, 3, 10), seed)))
        assert "the liability cap" in point and "March 10" in point and not _bare(point), point
        last = _own(compose_email(_quiet([latest], None, seed)))  # (the series' last: its note's own day)
        assert "the liability cap" in last and "March 2" in last and not _bare(last), last
        assert "note of" not in chased + point + last  # (no paper named by a later day: no_later_paper_cited)
        late = _own(compose_email(_quiet([latest], dt.date(2025, 3, 3), seed)))  # (the next note goes out today)
        assert "March 3" not in late and "March 2" in late and not _bare(late), late
        empty = _own(compose_email(_quiet([], dt.date(2025, 3, 3), seed)))  # (nothing standing, no note ahead)
        assert "March 2" in empty and not _bare(empty), empty


def test_a_thread_closed_on_nothing_needed_says_what_comes_next_from_the_writer():
    # (fails before: 'Understood, thanks Sam.' after 'No, that covers it at this point.')
    coming = PaperDue(title="Advice on the liability cap", by="Dana", day=dt.date(2025, 3, 7))
    for seed in range(6):
        ctx = email_context("reply", facts=[], seed=seed)
        ctx = ctx.model_copy(update={"parent": EmailContent(subject="Re: cap", body="No, that covers it at this point.\n\n"
                                                            "Sam"), "parent_author": SAM, "coming_papers": [coming],
                                     "thread": [ThreadMessage(sender=DANA.name, sent="2025-03-03T09:00:00+00:00",
                                                              body="Thanks Sam. Anything else you need from us?")],
                                     "spec": ctx.spec.model_copy(update={"beat": "confirm"})})
        said = _own(compose_email(ctx))
        assert "March 7" in said and "advice" in said.lower() and not _bare(said), said


def test_a_last_reply_that_carries_its_point_in_any_words_is_no_bare_thanks():
    # An unseen de_DE outline: "Noted, Hans-H.." (Faker's first name 'Hans-H.') over the point was warned as a bare
    # thanks, the point's words holding a figure, an ampersand or an umlaut; a bare thanks over a signature still is.
    from pathlib import Path

    import duckdb

    root = Path(__file__).resolve().parents[2]
    con = duckdb.connect()
    con.execute((root / "worlds" / "store" / "schema.sql").read_text())
    bodies = {"de": "Noted, Hans-H..\n\nDie Garantiehaftung ist auf EUR 1.200.000 begrenzt, wie besprochen.\n\nAnna",
              "wi": "Noted, Hans-H..\n\nThe W&I premium stays at EUR 310,000 on the signed policy.\n\nAnna",
              "bare": "Thanks, Hans-H..\n\nAnna Weber\nSenior Associate\nKanzlei Weber & Partner mbB Frankfurt am Main",
              "ok": "Thanks.\n\nBest,\nAnna"}
    for n, (aid, body) in enumerate(bodies.items()):
        con.execute("insert into artifacts (id, kind, item, path, title, author, occupation, \"at\", thread, mode, "
                    "position) values (?, 'email', 'i', ?, 't', 'a', 'o', now(), ?, 'reply', 2)",
                    [aid, f"{aid}.eml", f"t{n}"])
        con.execute("insert into emails (artifact_id, path, body_new) values (?, ?, ?)", [aid, f"{aid}.eml", body])
    sql = (root / "generators" / "kinds" / "email" / "checks" / "thread_ends_on_bare_thanks.sql").read_text()
    assert {r[0] for r in con.execute(sql).fetchall()} == {"bare", "ok"}  # (fails before: de and wi too)

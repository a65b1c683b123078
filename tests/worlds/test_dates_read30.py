"""Date checks over a store built by hand (blind read 30's chronology class): a reply asked for serves the matter's
next deadline, so it is asked for before it (reply_asked_before_deadline)."""

from __future__ import annotations

from tests.worlds.test_dates_read28 import _doc, _flagged, _mail, con  # noqa: F401 - the store fixture


def test_a_reply_is_asked_for_before_the_deadline_it_serves(con):  # noqa: F811
    # a memo of 14 September asked for views 'by Monday 21 September' on a guarantee the bank had to pay under by the
    # 18th (blind read 30)
    con.execute("insert into facts (id, statement, type, text, value_date, label) values ('pay', 's', 'date', "
                "'September 18, 2026', '2026-09-18', 'payment deadline under the guarantee')")
    _doc(con, "memo", "2026-09-14", "Could you let me have your views by Monday 21 September?")
    _doc(con, "in_time", "2026-09-14", "Could you let me have your views by Thursday 17 September?")
    _mail(con, "after", "2026-09-21", "Your comments by 25 September, please.")  # the deadline has passed
    _doc(con, "eve", "2026-09-17", "We should be grateful for your response by 1 October.")  # no room before it
    _mail(con, "filed", "2026-09-10", "The claim was filed by 20 September last year.")  # no reply asked
    assert _flagged(con, "reply_asked_before_deadline") == ["memo"]

"""What a message could not know on the day it was sent (blind re-read 36, es-hotel-loan-restructuring at seed 36: the
subject and the attachment of the borrower's certificate labelled '(withdrawn)' on 3 March, the day it was first
delivered). The room's file keeps its status mark; the message that carried it does not."""

from __future__ import annotations

from types import SimpleNamespace

from worldsmith.generators.kinds.email.attachments import plan_rows, sent_name
from worldsmith.generators.kinds.email.render import _attached_lines
from worldsmith.generators.labels import as_first_sent

_PATH = "Finance Documents/Superseded/Compliance certificate - test date 31 December 2025 (withdrawn).docx"
_TITLE = "Compliance certificate: test date 31 December 2025 (withdrawn)"


def test_a_file_goes_out_under_the_name_its_sender_gave_it():
    assert sent_name(_PATH) == "Compliance certificate - test date 31 December 2025.docx"
    assert sent_name("Analysis/Waiver fee proposal (superseded) - borrower's offer.xlsx") == \
        "Waiver fee proposal - borrower's offer.xlsx"
    assert sent_name("Letters/Letter of claim.pdf") == "Letter of claim.pdf"
    spec = SimpleNamespace(id="m1", attachments=[SimpleNamespace(artifact="cert", path=_PATH, title=_TITLE)])
    rows = []
    plan_rows(spec, lambda table, **row: rows.append(row))
    # the plan's row names the part as the message carries it, and the room's path the file it must match
    assert rows == [dict(artifact_id="m1", attached_id="cert", path=_PATH,
                         filename="Compliance certificate - test date 31 December 2025.docx")]
    assert _attached_lines("Please find the certificate attached.", spec).endswith(
        "Attached: Compliance certificate - test date 31 December 2025.docx")


def test_a_cover_note_bears_no_status_the_room_gave_its_paper_later():
    # the cover note's title, its subject (generators/attachments.py plans it as the file's title as first sent)
    assert as_first_sent(_TITLE) == "Compliance certificate: test date 31 December 2025"
    assert as_first_sent("Offer letter (withdrawn on 3 May): terms") == "Offer letter: terms"
    assert as_first_sent("DRAFT v1 (interim, superseded): Memo re X") == "DRAFT v1 (interim): Memo re X"
    assert as_first_sent("Notice of withdrawn claims") == "Notice of withdrawn claims"  # a word of its own title stays


def test_a_points_day_words_are_true_of_the_day_and_hour_it_goes_out():
    import datetime as dt
    from zoneinfo import ZoneInfo

    from worldsmith.generators.beats import said_at

    tz = ZoneInfo("Europe/Madrid")
    parent = dt.datetime(2026, 4, 7, 10, 36, tzinfo=tz)
    drawn = dt.datetime(2026, 4, 8, 10, 45, tzinfo=tz)
    # es-hotel-loan-restructuring, seed 36: 'We will sign tomorrow' on 7 April drew 'Then the agreement is ready for
    # signature tomorrow' on 8 April, the signing day; it goes the day of the message it answers
    sign = "Then the agreement is ready for signature tomorrow."
    moved = said_at(drawn, sign, "We will sign tomorrow on these instructions.", parent)
    assert moved.date() == parent.date() and parent < moved < parent.replace(hour=19)
    # not where the parent names no day of its own, nor before the ledger knows a fact the point gives
    assert said_at(drawn, sign, "The lenders have consented.", parent) == drawn
    assert said_at(drawn, sign, "We will sign tomorrow.", parent, not_before=drawn.date()) == drawn
    # gb-dilapidations-claim, seed 36: 'Confirmed to Mardle Fenwick this afternoon' at 10:36
    gb = ZoneInfo("Europe/London")
    asked = dt.datetime(2026, 11, 11, 9, 5, tzinfo=gb)
    confirmed = said_at(dt.datetime(2026, 11, 11, 10, 36, tzinfo=gb),
                        "Confirmed to Mardle Fenwick this afternoon, subject to contract.", "", asked)
    assert confirmed.date() == asked.date() and 13 <= confirmed.hour < 18 and confirmed.minute == 36
    assert said_at(asked, "Noted, thank you.", "Please confirm today.", asked - dt.timedelta(days=1)) == asked

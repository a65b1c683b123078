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

"""Tests of the .eml renderer: RFC 5322 that parses clean, reply chains, quoted and forwarded history."""

from __future__ import annotations

import datetime as dt
import email
import email.message
import email.policy

import pytest

from worldsmith.generators.kinds.email.render import _POLICY, render_eml
from tests.generators.plan_fixture import FEE, LONG, make_contents, make_plan

PLAN = make_plan()
CONTENTS = make_contents()


def _history(spec_id: str):
    chain, current = [], PLAN.artifact(spec_id).parent
    while current:
        chain.insert(0, (PLAN.artifact(current), CONTENTS[current]))
        current = PLAN.artifact(current).parent
    return chain


def _render(spec_id: str) -> bytes:
    return render_eml(PLAN, PLAN.artifact(spec_id), CONTENTS[spec_id], _history(spec_id))


def _parse(data: bytes):
    return email.message_from_bytes(data, policy=email.policy.default)


@pytest.mark.parametrize("spec_id", ["e1", "e2", "e3"])
def test_every_message_parses_without_defects(spec_id):
    msg = _parse(_render(spec_id))
    assert msg.defects == []
    assert all(part.defects == [] for part in msg.walk())


@pytest.mark.parametrize("spec_id", ["e1", "e2", "e3"])
def test_headers_round_trip(spec_id):
    spec, content = PLAN.artifact(spec_id), CONTENTS[spec_id]
    msg = _parse(_render(spec_id))
    assert msg["Message-ID"] == spec.message_id
    assert msg["Subject"] == content.subject
    assert msg["Date"].datetime == spec.sent_at
    assert msg["Date"].datetime.utcoffset() == spec.sent_at.utcoffset()
    author = PLAN.person(spec.author)
    assert [(a.display_name, a.addr_spec) for a in msg["From"].addresses] == [(author.name, author.email)]
    assert [a.addr_spec for a in msg["To"].addresses] == [PLAN.person(p).email for p in spec.to]
    if spec.cc:
        assert [a.addr_spec for a in msg["Cc"].addresses] == [PLAN.person(p).email for p in spec.cc]
    else:
        assert msg["Cc"] is None
    assert msg["MIME-Version"] == "1.0"
    assert msg.get_content_type() == "text/plain"
    assert msg.get_content_charset() == "utf-8"
    assert "X-Worldsmith-Artifact" not in msg


def test_date_keeps_the_senders_offset():
    assert b"Date: Mon, 03 Mar 2025 09:14:00 -0500" in _render("e1")


def test_new_message_has_no_reply_headers():
    msg = _parse(_render("e1"))
    assert msg["In-Reply-To"] is None and msg["References"] is None


def test_reply_points_at_its_parent():
    msg = _parse(_render("e2"))
    assert msg["In-Reply-To"] == PLAN.artifact("e1").message_id
    assert msg["References"].split() == [PLAN.artifact("e1").message_id]


def test_forward_references_the_whole_chain_oldest_first():
    msg = _parse(_render("e3"))
    assert msg["In-Reply-To"] == PLAN.artifact("e2").message_id
    assert msg["References"].split() == [PLAN.artifact("e1").message_id, PLAN.artifact("e2").message_id]


def test_reply_carries_the_parent_under_its_header_as_outlook_does():
    # issue 17 point 6: a real sample's quoted history carries each message's From/Sent/To/Subject, not Gmail's one
    # "On ..., X wrote:" line over "> "-prefixed text
    body = _parse(_render("e2")).get_content()
    assert body.startswith("Chloé,\n\nThanks, agreed.\n\nAda\n\n")
    assert ("-----Original Message-----\n"
            "From: Chloé Marchetti <chloe.marchetti@northwind-holdings.example>\n"
            "Sent: Monday, March 3, 2025 9:14 AM\n"
            "To: Ada Quill <ada.quill@quill-law.example>\n"
            "Cc: Ben O'Hara <ben.ohara@quill-law.example>\n"
            "Subject: Closing funds — timing\n\n"
            "Ada,\n\n" + LONG + "\n") in body
    assert "\nBest,\nChloé\n" in body and "wrote:" not in body and "\n>" not in body


def test_the_store_reads_the_new_text_of_a_reply_above_its_parents_header():
    from worldsmith.worlds.store.parse import parse_email
    parsed = parse_email(_render("e2"))
    assert parsed.body_new == "Chloé,\n\nThanks, agreed.\n\nAda"
    assert "Original Message" in parsed.body


def test_forward_carries_the_parent_and_its_own_quoted_history():
    body = _parse(_render("e3")).get_content()
    # under the header a reply writes: one client writes both (Gmail's forward rule beside Outlook's replies was two)
    assert body.startswith("Ada, for the file.\n\nBen\n\n-----Original Message-----\n")
    assert "From: Ada Quill <ada.quill@quill-law.example>\nSent: Monday, March 3, 2025 3:02 PM\n" in body
    assert "To: Chloé Marchetti <chloe.marchetti@northwind-holdings.example>\n" in body
    assert "Subject: Re: Closing funds — timing\n" in body
    # The forwarded reply is not quoted again, and the message it carries still carries its own parent.
    assert "\n\nChloé,\n\nThanks, agreed.\n" in body
    assert "\n-----Original Message-----\nFrom: Chloé Marchetti" in body and LONG in body
    assert "Forwarded message" not in body


def test_long_paragraphs_stay_readable_in_the_file():
    # A fact must not be split by a quoted-printable soft break.
    assert FEE.encode() in _render("e1")


def test_a_line_beyond_998_octets_goes_quoted_printable_and_round_trips():
    content = CONTENTS["e1"].model_copy(update={"body": "x" * 1200})
    data = render_eml(PLAN, PLAN.artifact("e1"), content, [])
    msg = _parse(data)
    assert msg["Content-Transfer-Encoding"] == "quoted-printable"
    assert max(len(line) for line in data.split(b"\n")) <= 78
    assert msg.get_content() == "x" * 1200 + "\n"


def test_a_reply_without_its_parent_in_history_is_refused():
    with pytest.raises(ValueError, match="e1"):
        render_eml(PLAN, PLAN.artifact("e2"), CONTENTS["e2"], [])


def test_a_naive_send_time_is_refused():
    spec = PLAN.artifact("e1").model_copy(update={"sent_at": dt.datetime(2025, 3, 3, 9, 14)})
    with pytest.raises(ValueError, match="timezone-aware"):
        render_eml(PLAN, spec, CONTENTS["e1"], [])


def _example_subjects() -> list[str]:
    """Every subject line the three example outlines give their mail (planned, as the composer writes them)."""
    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend
    from worldsmith.generators.kinds.email.compose import subject_of
    from worldsmith.worlds.plan import EmailSpec
    from tests.conftest import EXAMPLES

    subjects: set[str] = set()
    for name in ("tanker-spill-liability", "buyside-diligence", "hospital-revenue-audit"):
        plan = pipeline.make_plan(pipeline.prepare(EXAMPLES / f"{name}.yaml", 0, OfflineBackend()))
        seen: dict[str, str] = {}
        for spec in plan.artifacts:
            if isinstance(spec, EmailSpec):
                seen[spec.id] = subject_of(spec, seen.get(spec.parent) if spec.parent else None)
        subjects |= set(seen.values())
    return sorted(subjects, key=lambda s: (-len(s), s))


def test_a_subject_never_folds_right_after_its_colon_in_the_eml_or_the_mbox(tmp_path):
    """Python folds a header that fits a line of its own onto that line, leaving `Subject:` bare; the newline then
    leads the value as Python's mailbox and APEX's mail server read it."""
    import mailbox

    from worldsmith.generators.kinds.email.mailbox import render_mailboxes

    subjects = _example_subjects()
    assert len(subjects) > 50 and len(subjects[0]) > 100  # the longest of the examples, and all the others
    # Every length around the 78-column fold, in words and in one unbroken word, and a few beyond any line.
    subjects += ["Re: " + ("w" * n) for n in range(60, 80)] + [("word " * 200)[:n].strip() for n in (990, 996, 1000)]
    spec = PLAN.artifact("e1")
    for subject in subjects:
        data = render_eml(PLAN, spec, CONTENTS["e1"].model_copy(update={"subject": subject}), [])
        header = data.split(b"Subject:", 1)[1].split(b"\n", 1)[0]
        assert header.strip(), f"{subject!r} folded right after the colon"
        assert max(len(line) for line in data.split(b"\n")) <= 998
        assert _parse(data)["Subject"] == subject
        assert email.message_from_bytes(data)["Subject"][:1] not in (" ", "\t", "\r", "\n")
        room = tmp_path / str(len(subject))
        box = mailbox.mbox(render_mailboxes(PLAN, [(spec, data)], room)[0])
        read = box[0]["Subject"]
        box.close()
        assert read[:1] not in (" ", "\t", "\r", "\n") and " ".join(read.split()) == " ".join(subject.split())


def test_a_name_in_another_script_reads_back_whole_from_a_long_address_header():
    from worldsmith.generators.kinds.email.render import address_of

    names = ["جمال قبيلة هذيل البقوم", "بنفسج التوتنجي", "حسام دوبلال", "ياقوت عبد القيس"]
    people = [p.model_copy(update={"name": n}) for p, n in zip(PLAN.people, names)]
    msg = email.message.EmailMessage(policy=_POLICY)
    msg["To"] = [address_of(p) for p in people]
    parsed = email.message_from_bytes(msg.as_bytes(), policy=email.policy.default)
    assert [a.display_name for a in parsed["To"].addresses] == names[:len(people)]



def test_a_header_on_one_line_is_not_read_back(monkeypatch):
    # suite12: each From, To and Cc was parsed again to see that folding split no name; one that fits a line was
    # not folded at all. e1's From folds (an encoded name): it alone is read back.
    import importlib

    render = importlib.import_module("worldsmith.generators.kinds.email.render")
    read, reads_back = [], render._reads_back
    monkeypatch.setattr(render, "_reads_back",
                        lambda folded, value: read.append(folded.split(b":")[0]) or reads_back(folded, value))
    msg = _parse(_render("e1"))
    assert read == [b"From"]
    assert [a.addr_spec for a in msg["To"].addresses] == [PLAN.person(p).email for p in PLAN.artifact("e1").to]


def test_a_reply_from_another_zone_quotes_its_parent_on_its_own_clock():
    # blind read 37 (an unseen royalty-audit outline): a Chicago reply quoted its Boston parent at the parent's
    # Eastern time, an hour after its own Date header, 'quoted from the future'
    plan = PLAN.model_copy(update={"organisations": [
        PLAN.organisations[0].model_copy(update={"role": "counsel based in Chicago"}), *PLAN.organisations[1:]]})
    e1 = plan.artifact("e1")
    e2 = plan.artifact("e2").model_copy(update={"sent_at": dt.datetime(2025, 3, 3, 9, 40, tzinfo=e1.sent_at.tzinfo)})
    msg = _parse(render_eml(plan, e2, CONTENTS["e2"], [(e1, CONTENTS["e1"])]))
    assert msg["Date"].endswith("-0600") and "08:40:00" in msg["Date"], msg["Date"]
    # e1 went at 9:14 Eastern, 8:14 on the Chicago replier's clock: before its reply's 8:40
    assert "Sent: Monday, March 3, 2025 8:14 AM" in msg.get_content(), msg.get_content()

"""The corpus reader on small real-format corpora written here: maildir, mbox, odd encodings, duplicates, history, clocks."""

from __future__ import annotations

import datetime as dt
import mailbox
from pathlib import Path

import pytest

from worldsmith.worlds.corpus import CorpusError, local_time, read_corpus, split_new_text
from worldsmith.worlds.profile import profile_of_corpus


def _msg(sender: str, subject: str, body: str, date: str | None = "Tue, 05 Mar 2024 10:15:30 -0500",
         to: str = "bea@corp.test", cc: str | None = None, message_id: str = "<m@corp.test>",
         charset: str = "us-ascii", extra: str = "") -> bytes:
    head = [f"Message-ID: {message_id}", f"From: {sender}", f"To: {to}", f"Subject: {subject}"]
    if date is not None:
        head.append(f"Date: {date}")
    if cc:
        head.append(f"Cc: {cc}")
    head += [f"Content-Type: text/plain; charset={charset}", "Content-Transfer-Encoding: 8bit"]
    # headers in latin-1: a raw 8-bit header, as old clients wrote them
    return ("\n".join(head) + extra + "\n\n").encode("latin-1") + body.encode(charset if charset != "us-ascii" else "ascii")


def test_a_maildir_is_read_from_cur_and_new_but_not_tmp(tmp_path):
    box = tmp_path / "alice"
    for sub, n in (("cur", 1), ("new", 2), ("tmp", 3)):
        (box / sub).mkdir(parents=True)
        (box / sub / f"{n}.host:2,S").write_bytes(_msg("al@corp.test", f"Note {n}", f"Body {n}.", message_id=f"<{n}@c.test>"))
    corpus = read_corpus(box)
    assert sorted(m.subject for m in corpus.messages) == ["Note 1", "Note 2"]


def test_an_mbox_file_gives_each_of_its_messages(tmp_path):
    path = tmp_path / "sent.mbox"
    box = mailbox.mbox(path)
    for n in range(3):
        box.add(_msg("al@corp.test", f"Item {n}", f"Text {n}.", message_id=f"<{n}@c.test>"))
    box.flush()
    box.close()
    corpus = read_corpus(path)
    assert [m.subject for m in corpus.messages] == ["Item 0", "Item 1", "Item 2"]
    assert corpus.messages[0].source == "sent.mbox#1"


def test_latin1_and_undeclared_cp1252_bodies_decode(tmp_path):
    (tmp_path / "a.eml").write_bytes(_msg("al@corp.test", "Caf\u00e9", "Le caf\u00e9 est pr\u00eat.", charset="iso-8859-1"))
    # declared us-ascii but holding a cp1252 curly quote: real exports do this
    raw = _msg("bo@corp.test", "Quote", "x", message_id="<q@c.test>").replace(b"\n\nx", "\n\nit\u2019s done".encode("cp1252"))
    (tmp_path / "b.eml").write_bytes(raw)
    (tmp_path / "c.eml").write_bytes(_msg("cy@corp.test", "=?utf-8?q?R=C3=A9sum=C3=A9?=", "ok", message_id="<r@c.test>"))
    bodies = {m.sender: m for m in read_corpus(tmp_path).messages}
    assert bodies["al@corp.test"].body == "Le caf\u00e9 est pr\u00eat."
    assert bodies["al@corp.test"].subject == "Caf\u00e9"
    assert bodies["bo@corp.test"].body == "it\u2019s done"
    assert bodies["cy@corp.test"].subject == "R\u00e9sum\u00e9"


def test_a_message_without_date_counts_but_has_no_time(tmp_path):
    (tmp_path / "a.eml").write_bytes(_msg("al@corp.test", "No date", "Hello there.", date=None, cc="cy@corp.test"))
    (m,) = read_corpus(tmp_path).messages
    assert m.sent_local is None and m.to == ("bea@corp.test",) and m.cc == ("cy@corp.test",)
    profile = profile_of_corpus(tmp_path)
    assert profile.messages == 1 and profile.send_hour.n == 0 and profile.recipients.n == 1
    assert profile.cc_share.value == 1.0


def test_the_same_message_in_two_mailboxes_counts_once(tmp_path):
    for owner, mid in (("alice", "<a1@c.test>"), ("bob", "<b7@other.test>")):
        (tmp_path / owner).mkdir()
        (tmp_path / owner / "1.").write_bytes(_msg("al@corp.test", "Budget", "Numbers attached.", message_id=mid))
    (tmp_path / "bob" / "2.").write_bytes(_msg("al@corp.test", "Budget", "Different numbers.", message_id="<b8@o.test>"))
    corpus = read_corpus(tmp_path)
    assert (len(corpus.messages), corpus.read, corpus.duplicates) == (2, 3, 1)


def test_files_that_are_not_mail_are_set_aside(tmp_path):
    (tmp_path / "README.txt").write_text("A folder of messages.\n")
    (tmp_path / "1.cats").write_text("1,1,1\n")
    (tmp_path / "1.txt").write_bytes(_msg("al@corp.test", "Real", "Mail."))
    corpus = read_corpus(tmp_path)
    assert len(corpus.messages) == 1 and corpus.unreadable == 2


def test_no_mail_or_no_path_is_a_clear_error(tmp_path):
    with pytest.raises(CorpusError, match="no such file"):
        read_corpus(tmp_path / "missing")
    (tmp_path / "notes.txt").write_text("nothing here\n")
    with pytest.raises(CorpusError, match="no mail found"):
        read_corpus(tmp_path)
    with pytest.raises(CorpusError, match="unknown time zone"):
        read_corpus(tmp_path, zone="Mars/Olympus")


@pytest.mark.parametrize("history", [
    "-----Original Message-----\nFrom: Bo\nSent: Monday\nTo: Al\nSubject: x\n\nold text",
    "Karen Denne@ENRON\n10/18/99 07:08 AM\nTo: Steven J Kean/HOU/EES@EES\ncc:\nSubject: x\n\nold text",
    "gramlr@pjm.com on 08/29/2000 04:06:56 PM\nTo: jeff@corp.test\ncc:\nSubject: x\n\nold text",
    "On Tue, 5 Mar 2024 at 09:00, Bo <bo@corp.test> wrote:\n> old text",
    "---------- Forwarded message ---------\nFrom: Bo <bo@corp.test>\nSubject: x\n\nold text",
    "---------------------- Forwarded by Steven J Kean/HOU/EES on 10/18/99 08:46 AM -----\n\nold text",
    "To: Steven J Kean/HOU/EES@EES\ncc:\nSubject: MEC\n\nold text",
])
def test_new_text_stops_at_quoted_history_in_every_common_style(history):
    assert split_new_text(f"Agreed, go ahead.\n\nAl\n\n{history}") == "Agreed, go ahead.\n\nAl"


def test_enron_whole_minute_dates_are_houston_wall_clock_labelled_utc():
    enron = "<197504.1075840201539.JavaMail.evans@thyme>"
    # Lotus Notes export: 01:47 Pacific is 08:47 UTC, and 08:47 was the Houston wall clock
    local, _ = local_time("Mon, 18 Oct 1999 01:47:00 -0700 (PDT)", enron)
    assert local == dt.datetime(1999, 10, 18, 8, 47)
    # with seconds the instant is true: read in Houston
    local, _ = local_time("Tue, 5 Jun 2001 07:12:33 -0700 (PDT)", enron)
    assert local == dt.datetime(2001, 6, 5, 9, 12, 33)
    # any other mail: the sender's own offset
    local, _ = local_time("Mon, 18 Oct 1999 01:47:00 -0700", "<x@elsewhere.test>")
    assert local == dt.datetime(1999, 10, 18, 1, 47)
    local, _ = local_time("Mon, 18 Oct 1999 01:47:00 -0700", "<x@elsewhere.test>", zone="Europe/London")
    assert local == dt.datetime(1999, 10, 18, 9, 47)


def test_placeholder_and_unreadable_dates_are_dropped():
    assert local_time("Mon, 31 Dec 1979 16:00:00 -0800 (PST)") == (None, None)
    assert local_time("sometime last week") == (None, None)


def test_a_corpus_profile_measures_replies_forwards_and_depth(tmp_path):
    (tmp_path / "1.eml").write_bytes(_msg("al@corp.test", "Plan", "Here is the plan for the week ahead.",
                                          to="bo@corp.test, cy@corp.test", message_id="<1@c.test>"))
    (tmp_path / "2.eml").write_bytes(_msg("bo@corp.test", "Re: Plan", "Fine by me.\n\n-----Original Message-----\n"
                                          "From: Al\nSent: Tuesday\nTo: Bo\nSubject: Plan\n\nHere is the plan.",
                                          message_id="<2@c.test>", date="Wed, 06 Mar 2024 14:02:11 -0500"))
    (tmp_path / "3.eml").write_bytes(_msg("cy@corp.test", "FW: Plan", "FYI\n\n---------- Forwarded message ---------\n"
                                          "From: Al\nSubject: Plan\n\nHere is the plan.", message_id="<3@c.test>",
                                          date="Sat, 09 Mar 2024 08:30:00 -0500"))
    p = profile_of_corpus(tmp_path)
    assert p.messages == 3
    assert (p.reply_share.value, p.forward_share.value) == (round(1 / 3, 6), round(1 / 3, 6))
    assert p.thread_depth.max == 2 and p.thread_depth.mean == round(5 / 3, 6)
    assert p.send_hour.shares[10] == p.send_hour.shares[14] == p.send_hour.shares[8] == round(1 / 3, 6)
    assert p.send_weekday.shares[5] == round(1 / 3, 6)  # Saturday
    assert p.recipients_hist.shares[:2] == [round(2 / 3, 6), round(1 / 3, 6)]
    assert p.new_words.median == 3.0  # "FYI" 1, "Fine by me." 3, the plan 8

"""Issue 17 (mail7): the message that opens a thread, weekly notes, forwards, notes to the other side. Each test
quotes the blind reader's rejection it guards against."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from tests.generators.offline_world import offline_world
from tests.generators.test_compose_worlds import world
from worldsmith.generators.labels import as_known_on, written_days
from worldsmith.worlds.content import EmailContent

EXAMPLES = ["tanker-spill-liability", "buyside-diligence", "hospital-revenue-audit"]


def _own(body: str) -> str:
    return re.split(r"\n\s*(?:On .{5,80} wrote:|-{5,} Forwarded message)", body, maxsplit=1)[0]


def _mail(name: str):
    plan, contents = world(name)
    for spec in plan.artifacts:
        c = contents.get(spec.id)
        if isinstance(c, EmailContent):
            yield spec, _own(c.body)


def test_a_superseded_label_is_told_without_what_replaces_it_later():
    label = ("superseded interim damages schedule of March 13, 2026: removal costs through March 13 only; "
             "replaced by the schedule of April 15, 2026 (costs through March 31)")
    assert as_known_on(label, dt.date(2026, 4, 13)) == \
        "superseded interim damages schedule of March 13, 2026: removal costs through March 13 only"
    assert as_known_on(label, dt.date(2026, 4, 15)) == label  # out by then: told in full
    assert written_days("the schedule of April 15, 2026 and 3 June 2026") == [dt.date(2026, 4, 15),
                                                                             dt.date(2026, 6, 3)]


def test_a_superseded_label_never_names_a_paper_that_is_not_out_yet():
    # read 23: a June 3 email said the IT tally was "replaced by Kestrel's availability analysis", a report of June 22
    label = "superseded figure in the IT team's preliminary tally of June 2, 2026; replaced by Kestrel's availability analysis"
    papers = [("Kestrel availability analysis, March to May 2026", dt.date(2026, 6, 22)), ("Memo re credits", None)]
    assert as_known_on(label, dt.date(2026, 6, 3), papers) == "superseded figure in the IT team's preliminary tally of June 2, 2026"
    assert as_known_on(label, dt.date(2026, 6, 22), papers) == label
    assert as_known_on(label, dt.date(2026, 6, 3), [("Availability of staff", dt.date(2026, 6, 30))]) == label
    # ...nor, in other words, what it was withdrawn and replaced by
    withdrawn = "superseded first notice of claim of May 12, 2026; withdrawn and replaced by the revised claim of June 2, 2026"
    assert as_known_on(withdrawn, dt.date(2026, 5, 12)) == "superseded first notice of claim of May 12, 2026"


_PAPER_OF = re.compile(r"(?i:\b(?:schedule|memo|report|letter|minutes|draft|model|notes|summary|notice|view)s?)"
                       r"\s+(?:of|dated)\s+((?:January|February|March|April|May|June|July|August|September|October|"
                       r"November|December)\s+\d{1,2},\s+\d{4}|\d{1,2}\s+(?:January|February|March|April|May|June|"
                       r"July|August|September|October|November|December)\s+\d{4})")


@pytest.mark.parametrize("name", EXAMPLES)
def test_no_example_mail_names_a_paper_of_a_later_day(name):
    # 'On April 13 it says the interim schedule was "replaced by the schedule of April 15"' (read 17, tanker #4)
    for spec, own in _mail(name):
        for m in _PAPER_OF.finditer(own):
            (day,) = written_days(m.group(1))
            assert day <= spec.sent_at.date(), (spec.path, m.group(0))


_OFFERED = re.compile(r"(?i)\b(?:be sent on request|can (?:come|go) to you now|(?:happy|glad) to send it)\b")
_SENDING = re.compile(r"(?im)^- [^\n]*\bto you\b")


@pytest.mark.parametrize("name", EXAMPLES)
def test_no_example_note_offers_a_paper_on_request_that_its_steps_send(name):
    # 'The quoted status says the memo "can be sent on request" and also that Michael will send it by end of day'
    # (read 17, tanker #9)
    for spec, own in _mail(name):
        assert not (_OFFERED.search(own) and _SENDING.search(own)), (spec.path, own)


def test_a_memo_is_named_short_not_by_its_title_word_for_word():
    # 'The GC repeats the full memo title word for word' (read 17, tanker #9: "What does the responsible-party status
    # of a voyage charterer under OPA 90 section 1001(32) memo change for us")
    from worldsmith.generators.kinds.chat.compose import paper_name

    name = paper_name("Memo re responsible-party status of a voyage charterer under OPA 90 section 1001(32)")
    assert name == "the responsible-party status memo"
    assert paper_name("Memorandum on the tender of defense to Kestrel Bay Tankers Ltd.") == "the tender of defense memo"


def test_nobody_works_to_the_other_sides_demand_or_picks_a_fixed_limit():
    # 'Counsel is "working to" the opponent's demand' (read 17, tanker #8: "On the April 8 numbers, I am working to
    # USD 60,987,500 for the contribution demand"); the CFO "would go with USD 12,000,000" for a policy limit (bi #1)
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.facts import named_sentence
    from worldsmith.generators.context import FactRef
    from decimal import Decimal

    from worldsmith.worlds.values import Money

    demand = FactRef(id="demand", label="the contribution demand", text="USD 60,987,500",
                     statement="Kestrel Bay demands USD 60,987,500 from Ostrander in contribution.",
                     value=Money(amount=Decimal(60987500), currency="USD"))
    limit = FactRef(id="bi", label="business interruption limit", text="USD 12,000,000",
                    statement="The policy's business interruption coverage has a limit of USD 12,000,000.",
                    value=Money(amount=Decimal(12000000), currency="USD"))
    adopts = re.compile(r"(?i)working to|working off|would go with|I am taking|I'm taking|I would use|my number|"
                        r"working number|holding .* at|I'm using|I make it|I get")
    for fact in (demand, limit):
        for seed in range(120):
            out = named_sentence(Picker(seed), fact, "email")
            assert fact.text in out
            assert not adopts.search(out), out


def test_a_claim_of_a_public_body_is_nobodys_in_the_room():
    # 'Writes "Your natural resource damages claimed" to the charterer's GC (the NRD claim is the trustees')' (read 17,
    # tanker #8): the trustees are no organisation of the world; the client's summary of their notice does not make
    # the claim the client's
    from worldsmith.generators.week import _maker

    plan, _ = world("tanker-spill-liability")
    assert _maker(plan, "nrd_claimed") == ""
    ostrander = next(o.name for o in plan.organisations if o.id == "ostrander")
    assert ostrander not in {_maker(plan, f.id) for f in plan.facts if "trustees" in (f.statement or "")}


@pytest.mark.parametrize("name", EXAMPLES)
def test_an_instrument_is_cited_by_the_day_it_was_made_not_the_day_its_copy_was_produced(name):
    # 'The charter (dated Jan 16) is called "of February 25"' (read 17, tanker #2)
    from worldsmith.generators.context import artifact_day, is_instrument, made_day
    from worldsmith.taxonomies.loader import load_taxonomy

    plan, _ = world(name)
    taxonomy = load_taxonomy()
    produced = {}
    for a in plan.artifacts:
        if a.kind == "document" and is_instrument(a):
            day = artifact_day(a)
            made = made_day(plan, taxonomy, a, day)
            assert made <= day
            if made < day:
                produced[re.split(r":\s+", a.title)[0]] = day
    if name == "tanker-spill-liability":
        assert "Voyage Charter Party (ASBATANKVOY form with rider clauses)" in produced
    for spec, own in _mail(name):
        for title, day in produced.items():
            assert f"{title} of {day:%B} {day.day}" not in own, (spec.path, title)


def test_where_the_other_side_will_argue_is_said_plainly():
    # '"its ground, if any, is the Clause 41.3 cap"' (tanker #2); the vendor's own claim "leaves it little to contest"
    # (licence #2, read as conceding the claim)
    from worldsmith.generators.compose.bank import bank

    frames = bank("email")["advice"]["substance"]
    for frame in frames["dispute_theirs"] + frames["dispute_all_theirs"]:
        assert "ground, if any" not in frame and "little to contest" not in frame, frame


def test_a_deadline_with_our_draft_made_says_the_draft_is_what_remains():
    # 'The day before the May 1 answer deadline, it promises ... a timetable "back from" that deadline. It never says
    # what remains to be done' (read 17, tanker #7): the note's step was "everything for the answer deadline ready"
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.week import week_steps
    from worldsmith.generators.week import WeekEvent

    due = WeekEvent(what="due", day=dt.date(2026, 5, 1), fact="answer_deadline", label="the answer deadline",
                    type="date", text="May 1, 2026", draft="Draft answer and affirmative defenses of Ostrander Energy "
                    "Corporation", draft_day=dt.date(2026, 4, 24))
    for seed in range(12):
        (step,) = week_steps(Picker(seed), [due], dt.date(2026, 4, 29), "en_US", {"Harrowvane"}, ["Amanda"], {},
                             outside=True)
        assert "the draft answer" in step and "April 24" in step and "April 30" in step, step
        assert "everything for" not in step, step


def test_the_tanker_answer_deadline_finds_the_draft_answer():
    from worldsmith.generators.week import _draft_for, _side_of

    plan, _ = world("tanker-spill-liability")
    partner = next(a for a in plan.artifacts if a.kind == "email" and a.author and
                   plan.person(a.author).organisation == "harrowvane").author
    draft = _draft_for(plan, "answer_deadline", _side_of(plan, partner), dt.date(2026, 4, 29))
    assert draft is not None and draft.title.startswith("Draft answer")
    assert _draft_for(plan, "answer_deadline", _side_of(plan, partner), dt.date(2026, 4, 20)) is None


def test_a_draft_is_found_without_reading_the_inventory_again(monkeypatch):
    # bench.llm_throughput's profile: every weekly instance with a date ahead scanned the whole inventory, with a
    # regular expression per title, for the draft that carries it; the plan's drafts are indexed once, as its papers.
    import worldsmith.generators.week as week

    plan, _ = world("tanker-spill-liability")
    partner = next(a for a in plan.artifacts if a.kind == "email" and a.author and
                   plan.person(a.author).organisation == "harrowvane").author
    side = week._side_of(plan, partner)
    first = week._draft_for(plan, "answer_deadline", side, dt.date(2026, 4, 29))
    searched = []
    search = week.re.search
    monkeypatch.setattr(week.re, "search", lambda *a, **k: searched.append(a[0]) or search(*a, **k))
    assert week._draft_for(plan, "answer_deadline", side, dt.date(2026, 4, 29)) is first
    assert week._draft_for(plan, "answer_deadline", side, dt.date(2026, 4, 20)) is None
    assert searched == []


def test_the_weeks_meetings_are_found_without_reading_the_inventory_again(monkeypatch):
    # bench.llm_throughput's profile: every weekly instance scanned the whole inventory, asking each calendar entry
    # whether it recurs, for the week's one-off meetings; the plan's are listed once, as its papers and drafts.
    import worldsmith.generators.week as week

    plan, _ = world("tanker-spill-liability")
    assert any(a.kind == "calendar" for a in plan.artifacts)
    note = next(a for a in plan.artifacts if a.kind == "email")
    side = week._side_of(plan, note.author)
    first = week._meetings(plan, note, side, plan.window_start, plan.window_end)
    asked = []
    recurring = week.recurring
    monkeypatch.setattr(week, "recurring", lambda *a: asked.append(a) or recurring(*a))
    assert week._meetings(plan, note, side, plan.window_start, plan.window_end) == first
    assert asked == []


def test_a_demand_the_purpose_gives_its_writer_is_asked_in_its_own_words():
    # 'Preservation of evidence and exchange of the steering-gear test records' opened with "The vessel is given as
    # M/T Aurelian Tide" and asked for nothing (the 12-message sample of this read, seed 5): the purpose is a demand
    from worldsmith.generators.beats import requested

    head, wanted = requested("Harrowvane demands preservation of the bridge, engine-room and steering-gear logs and "
                             "presses for the pre-arrival test records.")
    assert head == "Harrowvane"
    assert wanted == ["preservation of the bridge, engine-room and steering-gear logs", "the pre-arrival test records"]
    assert requested("The partner sets out the insurer's position against the claim.") == ("", [])
    plan, contents = world("tanker-spill-liability")
    first = next(s for s in plan.artifacts if s.kind == "email" and s.title.startswith("Preservation of evidence")
                 and s.mode == "new")
    own = _own(contents[first.id].body)
    assert "preservation of the bridge, engine-room and steering-gear logs" in own, own
    assert "pre-arrival test records" in own, own


def test_a_paper_is_named_by_its_phrase_not_cut_at_its_first_and():
    # a weekly note's step "Ben: settle the sources by 14 October" for the "Sources and uses and funds flow (draft)"
    from worldsmith.generators.kinds.chat.compose import paper_name

    assert paper_name("Sources and uses and funds flow (draft)") == "the sources and uses"
    assert paper_name("Draft answer and affirmative defenses of Ostrander Energy Corporation") == "the draft answer"


def test_a_party_that_opens_a_statement_keeps_its_capital():
    # 'On the documents reviewed, calder spent USD 684,300 of extra expense' to the adjuster (read 17, bi #13 and the
    # 12-message sample of this read): the client named in lower case, as if by a machine
    from worldsmith.generators.compose.facts import _mid

    assert _mid("Calder spent USD 684,300 of extra expense to keep customers supplied.").startswith("Calder spent")
    assert _mid("The adjuster agreed the figure.").startswith("the adjuster")


def test_a_plural_label_after_a_preposition_leaves_the_verb_to_its_subject():
    # "The figure we are using for the removal costs are USD 61,350,000" (read 17, tanker #4); "The removal costs is"
    # (tanker #6) stays plural
    from worldsmith.generators.compose.facts import agree

    out = agree("The figure we are using for the removal costs is USD 61,350,000. The removal costs is USD 1.",
                ["the removal costs"])
    assert "for the removal costs is USD 61,350,000" in out
    assert "The removal costs are USD 1." in out


def test_a_name_or_a_citation_is_said_in_a_letter_not_given_as_on_the_record():
    # 'The vessel is given as M/T Aurelian Tide. At the date of writing, as to the limit-breaking regulation: 33 CFR
    # 164.25.' (the opening letter to Kestrel Bay's counsel in the 12-message sample of this read)
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.facts import named_sentence
    from worldsmith.generators.context import FactRef
    from worldsmith.worlds.values import Text

    vessel = FactRef(id="vessel", label="the vessel", text="M/T Aurelian Tide", statement="The vessel is the M/T "
                     "Aurelian Tide.", value=Text(value="M/T Aurelian Tide"))
    for seed in range(60):
        out = named_sentence(Picker(seed), vessel, "document")
        assert "M/T Aurelian Tide" in out
        assert not re.search(r"given as|stated as|record|date of writing|As to|documents reviewed", out), out


_RECITED = re.compile(r"(?m)^(?:The|Our|Your) [a-z' -]+: (?:[A-Z]{3} )?[\d,.]+%?(?: [a-z]+)?\.$")


def _seeded(name: str, seed: int):
    """(plan, contents) of an example made offline at a seed, without rendering."""
    from tests.generators.test_compose_worlds import EXAMPLES as FOLDER

    path = FOLDER / f"{name}.yaml"
    path = path if path.exists() else FOLDER.parents[1] / "tests" / "fixtures" / f"{name}.yaml"
    plan, _, contents = offline_world(path, seed)
    return plan, contents


@pytest.mark.parametrize("name,seed", [(n, 0) for n in EXAMPLES] + [("hospital-revenue-audit", 5)])
def test_a_weekly_note_says_what_a_standing_figure_is_for_not_label_colon_value(name, seed):
    # 'The probe sample: 400 claims.' on a line of its own in a weekly fieldwork note (seed 5; "labels are recited
    # mechanically", read 17); the figure goes with the paper that works on it: "..., on the probe sample of 400 claims"
    plan, contents = world(name) if seed == 0 else _seeded(name, seed)
    notes = 0
    mail = [(s, _own(contents[s.id].body)) for s in plan.artifacts if isinstance(contents.get(s.id), EmailContent)]
    for spec, own in mail:
        if spec.mode == "new" and re.match(r"Weekly", spec.title or ""):
            notes += 1
            assert not _RECITED.search(own), (spec.path, own)
    assert notes


def test_the_writers_own_last_paper_is_mine_not_named_in_the_third_person():
    # 'Carrie calls her own minutes "Carrie's paper"' (read 17, bi #6)
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.week import note_lines
    from worldsmith.generators.week import WeekEvent

    last = WeekEvent(what="last", day=dt.date(2026, 2, 4), title="Minutes: Calder claim kick-off", by="Carrie Lee",
                     org="Whitlock Merritt LLP")
    for seed in range(12):
        (line,) = note_lines(Picker(seed), [last], dt.date(2026, 2, 11), "en_US", {"Whitlock Merritt LLP"},
                             firm="Whitlock Merritt LLP", me="Carrie Lee")
        assert "Carrie" not in line and re.search(r"\b(?:mine|my)\b", line), line


_ADVISES = re.compile(r"(?i)\bwe recommend\b|\bmy recommendation\b|\bI would ask \w+ to (?:settle|take)\b")


@pytest.mark.parametrize("name,seed", [(n, 0) for n in EXAMPLES] + [("hospital-revenue-audit", 5)])
def test_a_party_writing_to_its_own_adviser_asks_and_recommends_nothing(name, seed):
    # "We recommend that Tara settle the extrapolated overpayment" from the hospital's compliance officer to its
    # counsel under "60-day rule: when did the clock start?" (seed 5); "We recommend that Malcolm settle" from the
    # buyer to its bank (read 17, buyside #2). (The one who decides still says "I will settle": read 15.)
    from worldsmith.generators.sides import principal

    plan, contents = world(name) if seed == 0 else _seeded(name, seed)
    orgs = plan.organisations
    for spec in plan.artifacts:
        c = contents.get(spec.id)
        if not isinstance(c, EmailContent) or spec.mode != "new" or not spec.to:
            continue
        mine = plan.person(spec.author).organisation
        theirs = {plan.person(p).organisation for p in spec.to}
        if principal(orgs, mine) == mine and all(o != mine and principal(orgs, o) == mine for o in theirs):
            assert not _ADVISES.search(_own(c.body)), (spec.path, _own(c.body))


def test_the_opening_message_does_not_record_the_agreement_its_thread_is_for():
    # 'Tells the adjuster that he agreed the figure that same day' (read 17, bi #14): the associate's opening letter
    # read "Calder spent USD 684,300 of extra expense ..., agreed by the adjuster on April 9, 2026", to that adjuster
    from decimal import Decimal

    from tests.generators.context_fixture import email_context
    from worldsmith.generators.context import FactRef
    from worldsmith.generators.kinds.email.compose import before_outcome
    from worldsmith.worlds.values import Money

    spent = FactRef(id="extra_expense", label="extra expense", text="USD 684,300", establish=True,
                    statement="Calder spent USD 684,300 of extra expense to keep customers supplied: cold storage and "
                              "overtime, agreed by the adjuster on April 9, 2026.",
                    value=Money(amount=Decimal(684300), currency="USD"))
    ctx = email_context("new", facts=[spent])
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={
        "purpose": "The associate sends the invoices for the extra expense and the adjuster agrees the amount."})})
    said = before_outcome(ctx, spent)
    assert "agreed by the adjuster" not in said.statement and "USD 684,300" in said.statement
    reply = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"mode": "reply"})})
    assert before_outcome(reply, spent) is spent  # a reply that agrees it may say so


def test_attached_notes_of_a_series_are_named_as_notes_of_its_calls():
    # "Please find attached the weekly diligence call for September 3, September 10 and September 17" (the weekly
    # call agenda in the 12-message sample at seed 5): the files are the notes of three calls
    from types import SimpleNamespace

    from worldsmith.generators.kinds.email.compose import attached_what

    notes = SimpleNamespace(attachments=[SimpleNamespace(title=f"Weekly diligence call: notes and actions - September {d}")
                                         for d in (3, 10, 17)])
    assert attached_what(notes) == ("the notes and actions of the weekly diligence calls of September 3, September 10 "
                                    "and September 17")
    logs = SimpleNamespace(attachments=[SimpleNamespace(title=f"Daily removal-cost log: Sabine Pass response - March {d}")
                                        for d in (25, 27)])
    assert "Sabine Pass response of" not in attached_what(logs)


def test_what_a_party_did_is_said_not_hedged_on_the_documents_reviewed():
    # 'hedges "on the papers reviewed" about the client's own spend' (read 17, bi #14): "On the documents reviewed,
    # Calder spent USD 684,300 of extra expense ..." to the adjuster
    from decimal import Decimal

    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.facts import fact_sentence
    from worldsmith.generators.context import FactRef
    from worldsmith.worlds.values import Money

    spent = FactRef(id="extra_expense", label="extra expense", text="USD 684,300", establish=True,
                    statement="Calder spent USD 684,300 of extra expense to keep customers supplied.",
                    value=Money(amount=Decimal(684300), currency="USD"))
    for seed in range(40):
        out = fact_sentence(Picker(seed), spent, "document")
        assert out.startswith("Calder spent USD 684,300"), out


def test_the_opening_letter_asks_the_addressee_to_agree_what_the_purpose_says_it_agrees():
    # the associate's opening letter to the adjuster under "Extra expense: third-party cold storage and trailers"
    # ("... and the adjuster agrees the amount") asked nothing but "Kindly let us have your response" (seed 5)
    from decimal import Decimal

    from tests.generators.context_fixture import email_context, person
    from worldsmith.generators.context import FactRef
    from worldsmith.generators.kinds.email.compose import agreement_asked
    from worldsmith.worlds.values import Money

    spent = FactRef(id="extra_expense", label="the extra expense", text="USD 684,300",
                    statement="Calder spent USD 684,300 of extra expense.", value=Money(amount=Decimal(684300), currency="USD"))
    adjuster = person("adjuster_1", "Nicole", "Brown", "Senior Claims Adjuster", "Sable Claims Services",
                      "sableclaims.example", "+1 312 555 0100")
    ctx = email_context("new", facts=[spent], to=[adjuster])
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={
        "purpose": "The associate sends the invoices for the extra expense and the adjuster agrees the amount."})})
    assert agreement_asked(ctx) == "the extra expense at USD 684,300"
    other = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={
        "purpose": "The senior auditor reports the claims in error until the manager agrees the error count."})})
    assert agreement_asked(other) == ""  # the manager is no addressee here


def test_the_bi_claim_letter_to_the_adjuster_asks_for_the_agreement():
    plan, contents = _seeded("bi-claim", 5)
    first = next(a for a in plan.artifacts if a.kind == "email" and a.mode == "new"
                 and a.title.startswith("Extra expense: third-party cold storage"))
    own = _own(contents[first.id].body)
    assert re.search(r"\bagree(?:d)?\b", own) and "USD 684,300" in own, own
    assert "agreed by the adjuster" not in own, own


def test_an_opener_that_asks_the_one_it_names_for_papers_asks_for_them_and_recites_no_date_of_record():
    # pi-quantum (an unseen outline, blind read 25): 'The associate asks Brackley for the yard's exclusion-zone
    # markings, the forklift driver's training record and the accident book entry' opened "The date of the accident
    # checked, and here is the result. 14 October 2025 was the date of the accident. Can you look over the working":
    # "pointless exchange with the insured"
    from pathlib import Path

    from worldsmith.generators.beats import requested
    from worldsmith.generators.context import build_context
    from worldsmith.generators.kinds.email.compose import compose_email
    from worldsmith.generators.planner import plan_world
    from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
    from worldsmith.worlds.outline import load_outline

    assert requested("The GC asks the partner for the board minutes and the lender agrees.") == \
        ("The GC", ["the board minutes"])
    assert requested("The GC asks counsel to look for precedent in the file.") == ("", [])
    outline = load_outline(Path(__file__).resolve().parents[1] / "fixtures" / "pi-quantum.yaml")
    taxonomy = load_taxonomy()
    plan = plan_world(outline, resolve_cast(outline, taxonomy), 0, "w-test")
    first = next(s for s in plan.artifacts if s.kind == "email" and s.mode == "new" and " asks Brackley for " in s.purpose)
    assert "accident_date" not in first.facts, first.facts
    body = _own(compose_email(build_context(plan, taxonomy, first, {})).body)
    assert "the forklift driver's training record and the accident book entry" in body, body
    assert "to support" not in body, body  # the purpose's reason is no thing asked for


def test_a_weekly_note_recites_no_date_of_record_and_a_request_to_the_other_side_asks():
    # cmr-theft (an unseen outline, blind read 25): the first weekly note read "No news on the date of the theft in the
    # week to 27 March ... To be clear, the date of the theft was 17 March 2026" ("treats a fixed fact as news"), and
    # 'Harlow's solicitors ask for the driver's statement, the tachograph and GPS records ...' opened "We write on
    # behalf of our client on the date of the theft" ("the driver's statement and tracking data named in the subject
    # are never mentioned")
    from pathlib import Path

    from worldsmith.generators.context import build_context
    from worldsmith.generators.kinds.email.compose import compose_email
    from worldsmith.generators.planner import plan_world
    from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
    from worldsmith.worlds.outline import load_outline

    outline = load_outline(Path(__file__).resolve().parents[1] / "fixtures" / "cmr-theft.yaml")
    taxonomy = load_taxonomy()
    plan = plan_world(outline, resolve_cast(outline, taxonomy), 0, "w-test")
    weekly = [s for s in plan.artifacts if s.kind == "email" and "weekly update" in s.title]
    assert weekly and not [s.id for s in weekly if "theft_date" in s.facts]
    ask = next(s for s in plan.artifacts if s.kind == "email" and s.mode == "new" and "ask for the driver's" in s.purpose)
    body = _own(compose_email(build_context(plan, taxonomy, ask, {})).body)
    assert "the tachograph and GPS records" in body and "on the date of the theft" not in body, body


def test_an_ask_names_its_topic_by_the_title_not_its_one_word_tag():
    # bi-claim at seed 97: 'Research: period of restoration and the temporary-location argument', whose purpose asks the
    # associate for research, opened "Ahead of our call, a short update on Research." and asked "What I need  is ..."
    from pathlib import Path

    from worldsmith.generators.context import build_context
    from worldsmith.generators.kinds.email.compose import compose_email
    from worldsmith.generators.planner import plan_world
    from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
    from worldsmith.worlds.outline import load_outline

    outline = load_outline(Path(__file__).resolve().parents[1] / "fixtures" / "bi-claim.yaml")
    taxonomy = load_taxonomy()
    plan = plan_world(outline, resolve_cast(outline, taxonomy), 97, "w-test")
    first = next(s for s in plan.artifacts if s.kind == "email" and s.mode == "new" and s.title.startswith("Research:"))
    body = _own(compose_email(build_context(plan, taxonomy, first, {})).body)
    assert "research on whether a period of restoration is cut short" in body, body
    assert "on Research" not in body and "  " not in body, body


def test_one_pressed_on_a_point_is_asked_for_their_position_on_it():
    # read 25 (hospital): 'The revenue-cycle VP presses the billing contractor on the denial rate against the service
    # level' opened with "three bare figures and 'Cheers', with no ask"
    from worldsmith.generators.beats import requested

    assert requested("The lender presses the borrower on the cure timetable.") == \
        ("The lender", ["your position on the cure timetable"])
    plan, contents = world("hospital-revenue-audit")
    first = next(s for s in plan.artifacts if s.kind == "email" and s.mode == "new"
                 and s.purpose.startswith("The revenue-cycle VP presses"))
    assert "your position on the denial rate against the service level" in _own(contents[first.id].body)


def test_a_request_with_no_figure_lists_no_stock_work_on_the_figures():
    # pi-quantum at seed 61 (my read): the associate's request for the yard's exclusion-zone markings carried no figure
    # and listed "I'll draft a short note on the figures ... I'll chase what is still outstanding on the figures"
    from pathlib import Path

    from worldsmith.generators.context import build_context
    from worldsmith.generators.kinds.email.compose import compose_email
    from worldsmith.generators.planner import plan_world
    from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
    from worldsmith.worlds.outline import load_outline

    outline = load_outline(Path(__file__).resolve().parents[1] / "fixtures" / "pi-quantum.yaml")
    taxonomy = load_taxonomy()
    plan = plan_world(outline, resolve_cast(outline, taxonomy), 61, "w-test")
    first = next(s for s in plan.artifacts if s.kind == "email" and s.mode == "new" and " asks Brackley for " in s.purpose)
    body = _own(compose_email(build_context(plan, taxonomy, first, {})).body)
    assert "the accident book entry" in body and "the figures" not in body, body

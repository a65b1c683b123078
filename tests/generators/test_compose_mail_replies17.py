"""Issue 17 (mail6): the replies of a thread answer what the message before them asked, or carry their own news,
question or objection; a reply with nothing to carry is not written (blind read 17, the rejected replies)."""

from __future__ import annotations

import functools
import re

import pytest

from tests.generators.offline_world import offline_world
from tests.generators.test_compose_worlds import EXAMPLES, world
from worldsmith.worlds.content import EmailContent

NAMES = ["tanker-spill-liability", "buyside-diligence", "hospital-revenue-audit"]


@functools.lru_cache(maxsize=None)
def world_at(name: str, seed: int):
    """(plan, contents) of an example (or the bi-claim fixture) made offline at `seed`, without rendering."""
    if seed == 0 and name in NAMES:
        return world(name)
    path = EXAMPLES / f"{name}.yaml" if name in NAMES else EXAMPLES.parents[1] / "tests" / "fixtures" / f"{name}.yaml"
    plan, _, contents = offline_world(path, seed)
    return plan, contents


def _own(body: str) -> str:
    return re.split(r"\n\s*(?:On .{5,80} wrote:|-{5,} Forwarded message)", body, maxsplit=1)[0]


def replies(name: str, seed: int = 0):
    """(spec, own text, parent spec, parent's own text) of each reply of the world's mail."""
    plan, contents = world_at(name, seed)
    by_id = {s.id: s for s in plan.artifacts}
    for s in plan.artifacts:
        if isinstance(contents.get(s.id), EmailContent) and getattr(s, "mode", "") == "reply" and s.parent in contents:
            yield s, _own(contents[s.id].body), by_id[s.parent], _own(contents[s.parent].body)


WORLDS = [(n, 0) for n in NAMES] + [("bi-claim", 5), ("tanker-spill-liability", 5)]


@pytest.mark.parametrize("name,seed", WORLDS)
def test_nobody_asks_whether_the_other_side_has_seen_a_figure(name, seed):
    # blind read 17: 'Has the other side seen the gross tonnage yet?' / 'No. Nothing goes to Kestrel Bay Tankers Ltd.
    # until you have signed it off.' (from the associate to her partner), 'Client asks whether "the counterparty" (the
    # lender) has seen the term loan commitment; the partner answers "No" to a nonsense question', 'Asks whether "the
    # other side [has] seen the review date yet", though the date is in the landlord's own lease'
    plan, contents = world_at(name, seed)
    for s in plan.artifacts:
        c = contents.get(s.id)
        if isinstance(c, EmailContent):
            own = _own(c.body)
            assert not re.search(r"(?i)\b(?:other side|counterparty)\b[^.?]{0,20}\bseen\b[^.?]*\?", own), (s.path, own)
            assert not re.search(r"(?i)\bnothing goes to\b.{0,80}\buntil you have signed it off\b", own), (s.path, own)


@pytest.mark.parametrize("words", ["the meeting", "the call"])
def test_a_question_on_what_a_paper_needs_of_the_reader_is_answered_however_the_meeting_is_named(words):
    # bi-claim at seed 5: 'Anything in the period of restoration memo that needs me before the meeting?' answered 'Thanks
    # Jodi, got it. I'll raise it on the next call.' (the question was matched as written, 'before the call', only)
    from tests.generators.context_fixture import RUTH, email_context
    from worldsmith.generators.kinds.email.compose import compose_email
    from worldsmith.worlds.content import EmailContent as Mail

    parent = Mail(subject="Weekly update", body=f"Thanks Dana; understood as at March 3. Anything in the period of "
                                                f"restoration memo that needs me before {words}?\n\nRuth")
    for seed in range(12):
        ctx = email_context("reply", seed=seed, facts=[], to=[RUTH])
        ctx = ctx.model_copy(update={"parent": parent, "parent_author": RUTH,
                                     "spec": ctx.spec.model_copy(update={"beat": "confirm"})})
        own = _own(compose_email(ctx).body)
        assert re.search(r"(?i)\b(?:nothing|not) (?:before|on a first read)|reading it now", own), own
        assert not re.search(r"(?i)^(?:hi \w+,\s+)?(?:thanks|got it|noted|received)\b", own.strip()), own


def test_set_out_is_written_shown_only_as_a_participle():
    # tanker at seed 0: 'As I shown in my note, the answer deadline is May 1, 2026.' (the bank writes 'set out' either
    # way, 'shown', which a finite verb cannot take: 'As I set out', 'We set out below')
    from worldsmith.generators.compose.bank import bank

    def frames(x):
        if isinstance(x, str):
            yield x
        elif isinstance(x, dict):
            for v in x.values():
                yield from frames(v)
        elif isinstance(x, list):
            for v in x:
                yield from frames(v)
    for name in ("email", "genres", "documents", "chat"):
        for frame in frames(bank(name)):
            plain = re.sub(r"\[~?([^\]]*)\]", lambda m: m.group(1).replace("|", " / "), frame)
            assert not re.search(r"(?i)\b(?:I|we|you|they)\s+(?:\S+ / )*set out\b", plain), (name, frame)


@pytest.mark.parametrize("name,seed", WORLDS)
def test_a_reply_tells_its_reader_what_is_theirs_in_the_second_person_and_never_agrees_the_writers_own_figure(name, seed):
    # blind read 17 and mail6's sample: 'Lori has it and will press our reading ... by Wednesday' (to Lori), 'Gregory
    # has seen it and is content' (to Gregory), 'Thanks Terri - the extrapolated overpayment as set out in the update
    # works for us' from the analyst whose own note had worked it out, and 'Could you walk me through how the
    # extrapolated overpayment is made up?' of it
    plan, contents = world_at(name, seed)
    people = {p.id: p for p in plan.people}
    mails = [s for s in plan.artifacts if isinstance(contents.get(s.id), EmailContent)]
    by_thread: dict[str, list] = {}
    for s in mails:
        by_thread.setdefault(s.thread, []).append(s)
    for s, own, parent, _ in replies(name, seed):
        reader = people[s.to[0]].first_name if len(s.to) == 1 else ""
        if reader:
            assert not re.search(rf"(?:^|[.;:] ){reader} (?:has it|is on it|will |is going to |has seen it|signed it off)|"
                                 rf"sits with {reader}\b|That is {reader}, who", own), (s.path, own)
        earlier = " ".join(_own(contents[m.id].body) for m in by_thread[s.thread]
                           if m.author == s.author and m.position < s.position)
        m = re.search(r"(?:Thanks[^-]{0,20} - )(.+?) as (?:set out|shown|given) in (?:your|the) (?:update|note) works for us", own)
        if m:
            assert m.group(1).lower() not in earlier.lower(), (s.path, own)
        m = re.search(r"walk me through (?:how )?(.+?)(?: is made up| before the (?:call|meeting))?\?", own)
        if m:
            assert m.group(1).lower() not in earlier.lower(), (s.path, own)


# (the client's 'What is the source for the fault share alleged?' at seed 5 was the engine's; that thread now asks its
# expert's question, so the rule is also read on the example as it was before its points, tests/fixtures/fuzz_found/)
@pytest.mark.parametrize("name,seed", WORLDS + [("fuzz_found/tanker-spill-liability", 5)])
def test_the_source_asked_for_is_given_where_the_room_shows_the_figure(name, seed):
    # blind read 17 and mail6's sample: 'What is the source for the fault share alleged?' answered 'From the documents
    # we have ... The source is the latest papers from Kestrel Bay Tankers Ltd.; copy to follow', when the complaint of
    # April 9 (or a sheet of the room) carries the figure
    from worldsmith.generators.context import label_papers, label_sources
    from worldsmith.generators.sides import principal

    plan, _ = world_at(name, seed)
    people = {p.id: p for p in plan.people}
    side = {p.id: principal(plan.organisations, p.organisation) for p in plan.people}
    asked = 0
    for s, own, parent, pown in replies(name, seed):
        m = re.search(r"(?i)what is the source for (.+?)(?: in the \S+(?: \S+)? (?:update|note))?\?", pown)
        if not m or side[s.author] != side[parent.author]:
            continue  # (across the table our sheets are not pointed to)
        day = s.sent_at.date()
        if m.group(1) in label_sources(plan, s.thread, day) or m.group(1) in label_papers(plan, s.thread, day):
            asked += 1
            assert not re.search(r"(?i)papers on file|documents on file|latest (?:papers|documents) from", own), \
                (s.path, pown, own)
    # the complaint's fault share, asked by the client
    assert asked or (name, seed) != ("fuzz_found/tanker-spill-liability", 5)


@pytest.mark.parametrize("name,seed", WORLDS)
def test_an_answer_to_a_question_does_not_open_by_agreeing_with_it(name, seed):
    # mail6's sample at seed 5: 'What is the source for the exclusivity expiry?' answered 'Agreed, Stephen; that is how I
    # read it too. It is on the minutes of 2 September 2026'
    for s, own, parent, pown in replies(name, seed):
        # a question near the end: at most 25 words after its last '?' (a nested-quantifier regex for this took
        # minutes on a long message)
        if "?" in pown and len(pown.strip().rsplit("?", 1)[1].split()) <= 25:
            body = re.sub(r"^(?:Hi|Hello|Dear|Good morning)\s+[^\n]*\n+", "", own.strip())
            assert not re.match(r"(?:Agreed|That works for me|Thanks for this; it matches my reading|Makes sense|"
                                r"Thanks \w+\. No objection|Thanks \w+, agreed|Good catch)", body), (s.path, pown, own)

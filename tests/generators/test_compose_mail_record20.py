"""Issue 17 (mail12, blind read 20): mail does not pad a fact with 'for the record' or 'for completeness', does not
stack two colon labels, and does not reword 'held there' into 'kept there'."""

from __future__ import annotations

import re

import pytest

from tests.generators.test_compose_mail_replies17 import EXAMPLES, NAMES, _own, world_at
from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.labels import fact_label
from worldsmith.generators.sides import privileged_circle
from worldsmith.worlds.outline import load_outline
from worldsmith.worlds.plan import EmailSpec
from worldsmith.worlds.content import EmailContent

# (a distractor's "kept for the record" is a version's status, not padding around a fact)
_PADDING = re.compile(r"(?i)\bfor completeness\b|, for the record\.|\bfor the record[,:]")
# "The short version: quick reminder: my figure ..." (two labels before one sentence)
_STACKED = re.compile(r"(?:^|[.!?]\s)[A-Z][\w' ]{2,30}: [a-z][\w' ]{2,30}: ")
WORLDS = [("tanker-spill-liability", 61), ("covenant-breach", 61), ("construction-delay", 61)]


@pytest.mark.parametrize("name,seed", WORLDS)
def test_mail_tells_no_fact_for_the_record(name, seed):
    # blind read 20: 'The date of the casualty was February 24, 2026, for the record.' (a General Counsel to his own
    # counsel); 'For completeness, the substantial completion certified was August 25, 2026, for the record.'
    plan, contents = world_at(name, seed)
    seen = 0
    for s in plan.artifacts:
        c = contents.get(s.id)
        if isinstance(c, EmailContent):
            own = _own(c.body)
            seen += 1
            assert not _PADDING.search(own), (s.path, own)
            assert not _STACKED.search(own), (s.path, own)
    assert seen


def test_held_is_not_reworded_kept():
    # blind read 20: 'It has kept there since August 25.' ("held there", with "kept" drawn for "held")
    for seed in range(40):
        assert "kept there" not in Picker(seed).reword("It has held there since August 25.")


_DUE = re.compile(r"(?i)\b(deadline|due|expir\w*|target|hearing|completion|closing|long-?stop|cut-?off|renewal|return|"
                  r"review|meeting|filing|submission|payment|refund|response|reply|answer|end|next)\b")


@pytest.mark.parametrize("name,seed", [("tanker-spill-liability", 61), ("tanker-spill-liability", 5),
                                       ("covenant-breach", 61)])
def test_our_side_is_not_told_the_names_and_event_dates_of_the_record(name, seed):
    # blind read 20: 'To be clear, for the responsible party we have Kestrel Bay Tankers Ltd. For the record, on the
    # vessel, it is M/T Aurelian Tide.' (a partner to his own team); 'The date of the casualty was February 24, 2026'
    # (a General Counsel to his own counsel): a name, or the day an event happened, that the thread is not about
    from worldsmith.generators.labels import fact_label
    plan, contents = world_at(name, seed)
    people = {p.id: p for p in plan.people}
    facts = {f.id: f for f in plan.facts}
    circle = _circle(name)
    inside = 0
    for s in plan.artifacts:
        if not isinstance(s, EmailSpec) or s.answers or s.beat in ("decide", "noted") or s.mode == "forward":
            continue
        orgs = {people[i].organisation for i in [s.author, *s.to, *s.cc]}
        if not orgs <= circle:
            continue
        inside += 1
        about = f"{s.title} {s.purpose}".lower()

        def record(fid):
            f = facts[fid]
            label = fact_label(f)
            if f.value.type == "text":
                rec = not str(f.value.value)[:1].islower()
            else:
                rec = f.value.type == "date" and not _DUE.search(label or f.statement)
            return rec and re.sub(r"^the\s+", "", label).lower() not in about

        said = [f for f in s.facts if record(f)]
        if s.point:
            # a message that carries its thread's point says what its expert wrote (the engagement note that first
            # tells the team the vessel and the day of the casualty): the point path promises those words
            assert " ".join(s.point.split()) in " ".join(_own(contents[s.id].body).split()), (s.path, s.point)
            continue
        assert not said or len(said) == len(s.facts) and s.mode == "new", (s.path, said, _own(contents[s.id].body))
    assert inside


def _circle(name: str) -> set[str]:
    """The organisations of our side (the example's or the fixture's outline)."""
    path = EXAMPLES / f"{name}.yaml" if name in NAMES else EXAMPLES.parents[1] / "tests" / "fixtures" / f"{name}.yaml"
    return privileged_circle(load_outline(path))


_OFFERS = re.compile(r"(?i)^(?:(?:Here is )?[Ww]hat our people have on|Some facts on|So you have it|Before you advise on .{3,80}here is what|"
                     r"The position on our side on)")


def _paragraphs_of(own: str) -> list[str]:
    return [p.strip() for p in re.split(r"\n\s*\n", own) if p.strip()]


@pytest.mark.parametrize("name,seed", [("tanker-spill-liability", 61), ("construction-delay", 61)])
def test_an_opener_that_offers_what_the_writer_has_is_followed_by_it(name, seed):
    # blind read 20: 'What our people have on the barrels discharged to date.' over nothing but a list of actions;
    # a CFO's 'I need the net position for the board before the claim is answered' at the top of her own working,
    # never asked for again
    plan, contents = world_at(name, seed)
    wants = 0
    for s in plan.artifacts:
        c = contents.get(s.id)
        if not isinstance(c, EmailContent):
            continue
        own = _own(c.body)
        paras = _paragraphs_of(own)
        for i, p in enumerate(paras):
            if _OFFERS.match(p):
                rest = [q for q in paras[i + 1:] if not re.match(r"^[^\n]{0,60}:\s*\n\s*- ", q)]
                assert any(re.search(r"\d", q) for q in rest[:-1] or rest), (s.path, own)
        for sent in re.findall(r"(?:^|(?<=[.?!]\s))I need (?:the|a|an) [^.?!]*[.?!]", own, re.M):
            wants += 1
            assert re.search(r"\bby\b", sent) and sent.endswith("?") or re.search(r"\bby \w+", sent), (s.path, sent)
    assert wants or name != "construction-delay"


@pytest.mark.parametrize("name,seed", [("construction-delay", 61), ("covenant-breach", 61)])
def test_a_sheet_is_named_once_in_a_message_then_its_lines_alone(name, seed):
    # blind read 20: 'You can trace it on the "Liquidated damages payable" entry of the Liquidated damages and cap
    # calculation', then 'carried on the "Liquidated damages accrued" entry of the Liquidated damages and cap
    # calculation' and 'carried on the "Liquidated damages cap" row of the Liquidated damages and cap calculation'
    plan, contents = world_at(name, seed)
    sheets = {s.title for s in plan.artifacts if getattr(s, "kind", "") == "spreadsheet"}
    pointed = 0
    for s in plan.artifacts:
        c = contents.get(s.id)
        if not isinstance(c, EmailContent):
            continue
        own = _own(c.body)
        assert "You can trace it" not in own, (s.path, own)
        for title in sheets:
            n = len(re.findall(rf'" (?:line|row|entry) (?:of|in) the {re.escape(title)}', own))
            pointed += n
            assert n <= 1, (s.path, title, own)
    assert pointed


@pytest.mark.parametrize("name,seed", [("covenant-breach", 61)])
def test_an_acknowledgement_does_not_date_itself(name, seed):
    # blind read 20: 'Thanks Danielle. Read it on July 29; nothing to add.', written on July 29
    plan, contents = world_at(name, seed)
    for s in plan.artifacts:
        c = contents.get(s.id)
        if isinstance(c, EmailContent):
            day = s.sent_at.date()
            own = _own(c.body)
            for said in (f"{day:%B} {day.day}", f"{day.day} {day:%B}"):
                assert not re.search(rf"(?i)\bread it on {said}\b", own), (s.path, own)


def test_minutes_record_the_point_of_a_paper_the_meeting_went_through():
    # blind read 20: minutes that record only that "comments were invited" on the management-presentation notes, and
    # that "the points on it were noted" on the change-of-control memo (the deal's key risk)
    from worldsmith.generators.labels import as_first_sent
    from worldsmith.worlds.content import DocumentContent

    plan, contents = world_at("buyside-diligence", 61)
    figures = {as_first_sent(a.title): [f for f in a.facts if plan.fact(f).value.type in ("money", "number", "percent")]
               for a in plan.artifacts if a.kind in ("document", "spreadsheet")}
    said = 0
    for s in plan.artifacts:
        c = contents.get(s.id)
        if not isinstance(c, DocumentContent):
            continue
        text = "\n".join(p for sec in c.sections for p in sec.paragraphs)
        for m in re.finditer(r"(?:took the meeting through the|turned to the) (?P<t>[^\n]+?)(?: \([^()\n]*\))?"
                             r"(?P<tail>, and comments were invited|, and the points on it were noted|: it puts )", text):
            said += 1
            if m.group("tail") != ": it puts ":
                assert not figures.get(m.group("t")), (s.path, m.group(0))
    assert said


@pytest.mark.parametrize("name,seed", [("construction-delay", 61), ("tanker-spill-liability", 61)])
def test_a_lead_is_a_sentence(name, seed):
    # blind read 20: 'What our people have on the liquidated damages payable at this point.' (a heading, no verb)
    plan, contents = world_at(name, seed)
    for s in plan.artifacts:
        c = contents.get(s.id)
        if isinstance(c, EmailContent):
            assert not re.search(r"(?m)^What our people have on [^.?\n]*\.", _own(c.body)), s.path

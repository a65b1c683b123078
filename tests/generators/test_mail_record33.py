"""Replies that know what their own writer already did (issue 17, blind read 35b): nobody asks whether to read, or says
they are reading, a paper they already forwarded, answered, wrote or (their side) filed."""

from __future__ import annotations

import re

from tests.generators.offline_world import offline_world
from worldsmith.generators.context import handled_papers, paper_key
from worldsmith.generators.kinds.email.compose import _PAPER_LINE, own_text

# The blind outline whose weekly replies showed it at seed 35: "I am reading it now" on May 22 from the consultant
# who gave his view of the architect's initial decision on May 15, and "Is there anything in the architect's initial
# decision I should look at myself?" from the client who had forwarded it.
HOSPITAL = "tests/fixtures/blind35/us-hospital-delay-claim.yaml"
AU_WAGES = "tests/fixtures/blind35/au-wage-underpayment-remediation.yaml"

_ASKS_TO_READ = re.compile(r"I should look at myself|that needs me before the (?:call|meeting)|change for us, if any")
_READING = re.compile(r"\breading it now\b|\bon a first read\b")


def _paper(parent_body: str) -> str:
    m = _PAPER_LINE.search(parent_body)
    return paper_key(re.sub(r"(?i)^the\s+", "", next(g for g in m.groups() if g))) if m else ""


def _had(record: dict, key: str) -> bool:
    return bool(key) and any(k == key or k.startswith(key) or key.startswith(k) for k in record)


def overtaken(path: str, seed: int) -> list[str]:
    """The replies of a world whose beat their writer's own record overtakes: a question whether to read a paper the
    asker already handled, or "reading it now" of one the writer already handled."""
    plan, _, contents = offline_world(path, seed)
    bad = []
    for spec in plan.artifacts:
        if spec.kind != "email" or spec.mode != "reply" or not spec.parent:
            continue
        own = own_text(contents[spec.id].body)
        parent = contents[spec.parent].body
        if _ASKS_TO_READ.search(own):
            key = _paper(parent)
            if _had(handled_papers(plan, spec, across=False), key):
                bad.append(f"{spec.id} asks about {key}: {own}")
        elif _READING.search(own) and _ASKS_TO_READ.search(own_text(parent)):
            grand = contents[plan.artifact(spec.parent).parent].body if plan.artifact(spec.parent).parent else ""
            key = _paper(grand)
            mine = [own_text(contents[a.id].body).lower() for a in plan.artifacts if a.kind == "email"
                    and a.thread == spec.thread and a.author == spec.author and a.position < spec.position]
            if _had(handled_papers(plan, spec), key) or key and any(key in t for t in mine):
                bad.append(f"{spec.id} is reading {key}: {own}")
    return bad


def test_no_reply_asks_or_reads_what_its_writer_already_handled():
    assert overtaken(HOSPITAL, 35) == []
    # (the partner "reading it now" two days after his own note gave the Ombudsman's terms and our answer to them)
    assert overtaken(AU_WAGES, 35) == []



def test_a_forward_carries_the_file_it_forwards():
    """A forward whose subject names a file of the room carries it (blind read 35b: "Forwarding the final calculation"
    held only a one-line thanks and no attachment; "FW: Architect's initial decision" attached nothing)."""
    for path, subject, title in ((HOSPITAL, "initial decision", "Architect's initial decision on Claim No. 7"),
                                 (AU_WAGES, "final calculation", "Payroll remediation calculation report (final)")):
        plan, _, _ = offline_world(path, 35)
        forwards = [a for a in plan.artifacts if a.kind == "email" and a.mode == "forward"
                    and subject in a.title.lower()]
        assert forwards, path
        assert all(title in [x.title for x in a.attachments] for a in forwards), \
            [(a.title, [x.title for x in a.attachments]) for a in forwards]


_NOTHING_TO_ADD = re.compile(r"(?i)\bnothing (?:more |further )?to add\b")
_STOCK_STEP = re.compile(r"(?i)\b(?:put it in|work it into|act on it|deal with anything|raise it on)\b")


def test_nothing_to_add_is_not_answered_with_a_stock_step():
    """A message that only says it has nothing to add is not answered with a step on nothing ("The steps are clear;
    nothing to add from me." answered "Confirmed, thanks. I will put it in the plan for the week on Tuesday.", blind
    read 35b): what is still wanted, or what comes next from the writer's side."""
    plan, _, contents = offline_world(HOSPITAL, 35)
    bad = [own_text(contents[a.id].body) for a in plan.artifacts
           if a.kind == "email" and a.mode == "reply" and a.parent
           and _NOTHING_TO_ADD.search(own_text(contents[a.parent].body))
           and _STOCK_STEP.search(own_text(contents[a.id].body))]
    assert bad == []


def reported_back(path: str, seed: int) -> list[str]:
    """The weekly notes' lines that tell their readers their own acts: a meeting every reader was at "took place", or
    a reader's own minutes "noted"."""
    from worldsmith.generators.labels import as_first_sent

    plan, _, contents = offline_world(path, seed)
    meetings = [a for a in plan.artifacts if getattr(a, "attendees", None) is not None and a.kind != "email"]
    bad = []
    for a in plan.artifacts:
        if a.kind != "email" or "in the week to" not in contents[a.id].body:
            continue
        home = plan.person(a.author).organisation
        readers = [plan.person(p) for p in a.to if plan.person(p).organisation != home]
        if not readers:
            continue
        names = {p.id for p in readers}
        for line in re.findall(r"(?m)^- (.+)$", contents[a.id].body.split("\n>")[0]):
            if re.search(r"took place|\bwe (?:held|had) the\b", line, re.I) and any(
                    as_first_sent(m.title).lower() in line.lower() and names <= {m.author, *m.attendees}
                    for m in meetings):
                bad.append(f"{a.id}: {line}")
            if re.search(r"\bminutes\b", line, re.I) and any(f"{p.first_name}'s" in line for p in readers):
                bad.append(f"{a.id}: {line}")
    return bad


def test_a_weekly_note_does_not_tell_its_readers_their_own_acts():
    """Blind read 35b: "We have noted Theresa's board minutes" to Theresa, "The CEO call ... took place on 22 June" to
    those who were on it."""
    assert reported_back(AU_WAGES, 35) == []


DE_SPA = "tests/fixtures/blind35/de-gmbh-share-purchase.yaml"


def test_a_forward_is_not_sent_by_the_firm_its_note_names():
    """Blind read 35b: "Forwarding Kalmbach's finding ... Our view: deduct it from the price" went out from Kalmbach's
    own partner; the purpose has counsel pass it to the fund."""
    from worldsmith.generators.sides import names_org

    plan, _, _ = offline_world(DE_SPA, 35)
    orgs = {o.id: o for o in plan.organisations}
    bad = [(a.id, a.point) for a in plan.artifacts if a.kind == "email" and a.mode == "forward" and a.point
           and names_org(a.point, orgs[plan.person(a.author).organisation])]
    assert bad == []


def test_an_attached_draft_paper_takes_its_article():
    """'I send draft answer and affirmative defenses of Ostrander Energy Corporation' (the tanker example's forward at
    seed 0, once forwards carry their files): a draft paper is 'the draft ...'; a versioned draft keeps none."""
    import datetime as dt

    from worldsmith.generators.kinds.email.compose import attached_what
    from worldsmith.worlds.plan import Attachment, EmailSpec

    def spec(title: str) -> EmailSpec:
        return EmailSpec(id="m1", item="t", path="p", title="FW: x", author="a", occupation="23-1011", thread="t",
                         position=0, to=["b"], message_id="<m1@x>",
                         sent_at=dt.datetime(2026, 4, 30, 9, tzinfo=dt.timezone.utc),
                         attachments=[Attachment(artifact="d1", path="d.docx", title=title)])

    assert attached_what(spec("Draft answer and affirmative defenses of Ostrander Energy Corporation")).startswith(
        "the draft answer")
    assert not attached_what(spec("DRAFT v1: back pay calculation")).startswith("the ")


def test_a_trimmed_answer_keeps_the_question_below_it():
    """Blind read 35b: "Not before the call", a reply with no quoted thread, answered a question nobody could see; a
    reply that answers a question quotes it, whatever else is trimmed."""
    from worldsmith.generators.kinds.email.render import HISTORY_RULE, message_text

    plan, _, contents = offline_world(DE_SPA, 35)
    emails = [a for a in plan.artifacts if a.kind == "email"]
    history = [(a, contents[a.id]) for a in emails]
    answers = [a for a in emails if a.mode == "reply" and a.quote == "none" and "?" in contents[a.parent].body]
    assert answers
    assert all(HISTORY_RULE in message_text(plan, a, contents[a.id], history) for a in answers)


def test_handled_papers_reads_only_what_came_before_as_a_scan_of_the_whole_plan_does():
    """handled_papers bisects each writer's sorted entries (a scan of the whole year per message was quadratic in a
    long matter): the same days, in the same order, as the plain scan of every artifact before the message."""
    from worldsmith.generators.context import artifact_day, principal

    plan, _, _ = offline_world(HOSPITAL, 35)
    side_of = {p.id: principal(plan.organisations, p.organisation) for p in plan.people}
    emails = [a for a in plan.artifacts if a.kind == "email"]
    checked = 0
    for spec in emails:
        for mine, across in ((True, True), (False, True), (True, False)):
            want: dict = {}
            for a in plan.artifacts:  # the writer's own acts, then papers their side sent across, in plan order
                if not mine or a.author != spec.author:
                    continue
                if a.kind == "email" and a.sent_at < spec.sent_at:
                    for key in [paper_key(a.title)] + [paper_key(x.title) for x in a.attachments]:
                        if key and (key not in want or a.sent_at.date() < want[key]):
                            want[key] = a.sent_at.date()
                elif a.kind in ("document", "spreadsheet") and (day := artifact_day(a)) and day < spec.sent_at.date():
                    key = paper_key(a.title)
                    if key and (key not in want or day < want[key]):
                        want[key] = day
            for a in emails if across else []:
                home = side_of[a.author]
                if (home == side_of[spec.author] and a.attachments and a.sent_at < spec.sent_at
                        and any(side_of[p] != home for p in [*a.to, *a.cc])):
                    for x in a.attachments:
                        key = paper_key(x.title)
                        if key and (key not in want or a.sent_at.date() < want[key]):
                            want[key] = a.sent_at.date()
            got = handled_papers(plan, spec, mine=mine, across=across)
            assert list(got.items()) == list(want.items()), spec.id
            checked += bool(got)
    assert checked > len(emails)  # most messages come after something their writer handled

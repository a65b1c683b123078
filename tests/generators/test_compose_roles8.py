"""Who asks whom to do what, and who owns which work (issue 17, read 23): an outsider cites only what it was sent;
an expert owns the findings of its trade, not another firm's legal ground."""

from __future__ import annotations

from worldsmith.generators.context import artifact_day

from tests.generators.offline_world import offline_world

TANKER = "outlines/examples/tanker-spill-liability.yaml"


def _holds(plan):
    """Paper id -> [(organisation, from when)]: its maker's, its readers', and those a message attached it to."""
    org = lambda pid: plan.person(pid).organisation  # noqa: E731 - a short lookup
    held = {a.id: [(org(a.author), None)] + [(org(r), artifact_day(a)) for r in a.readers]
            for a in plan.artifacts if a.kind in ("document", "spreadsheet")}
    for a in plan.artifacts:
        for t in getattr(a, "attachments", None) or []:
            held[t.artifact] += [(org(p), artifact_day(a)) for p in [*a.to, *a.cc]]
    return held


def test_an_outsider_names_no_paper_of_another_firm_it_was_not_sent():
    # read 23: "A naval architect cites counsel's internal cap computation as the source for tonnage"; "The surveyor
    # ... cites counsel's privileged memo and cap computation as sources"
    from worldsmith.generators.sides import relations

    plan, _, contents = offline_world(TANKER, 61)
    held, serves = _holds(plan), relations(plan.organisations)
    seen = 0
    for a in plan.artifacts:
        if a.kind not in ("email", "document") or a.id not in contents:
            continue
        mine, day, text = plan.person(a.author).organisation, artifact_day(a), contents[a.id].model_dump_json()
        for p in plan.artifacts:
            if p.id not in held or p.id == a.id or held[p.id][0][0] == mine:
                continue
            seen += 1
            maker = held[p.id][0][0]
            if serves.get(mine, (None,))[0] == maker or any(o == mine and (w is None or w <= day)
                                                           for o, w in held[p.id][1:]):
                continue
            assert p.title not in text, (a.id, p.title)
    assert seen


def test_a_surveyor_records_another_firms_ground_as_theirs_not_as_its_own_finding():
    # read 23: 'The surveyor lists "the limit-breaking regulation" as "our own finding"' (an outside expert owns
    # findings of its trade, not legal ones)
    plan, _, contents = offline_world(TANKER, 61)
    reports = [a for a in plan.artifacts if a.kind == "document" and "survey" in a.title.lower()]
    assert reports
    for a in reports:
        text = contents[a.id].model_dump_json()
        assert "is our own finding" not in text or "regulation (" not in text.split("is our own finding")[0][-80:]
        assert "ground, on which this report makes no finding" in text


def test_a_weekly_note_names_the_addressees_own_paper_in_the_second_person():
    # read 23: "Refers to the addressee in the third person ('Jessica's Compliance certificate' in a note to Jessica)"
    import datetime as dt
    import re

    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.week import note_lines
    from worldsmith.generators.week import WeekEvent

    day = dt.date(2026, 8, 21)
    events = [WeekEvent(what="paper", day=dt.date(2026, 8, 13), title="Compliance certificate", by="Ada Reyes",
                        org="Client Co"),
              WeekEvent(what="last", day=dt.date(2026, 8, 13), title="Compliance certificate", by="Ada Reyes",
                        org="Client Co")]
    for seed in range(12):
        for line in note_lines(Picker(seed), events, day, "en_US", {"Firm", "Client Co"}, outside={"Client Co"},
                               firm="Firm", me="Bo Lund", you="Ada Reyes"):
            assert "Ada" not in line and re.search(r"\byours?\b", line, re.I), line
        # to someone else at the client, it is still Ada's
        other = note_lines(Picker(seed), events[:1], day, "en_US", {"Firm", "Client Co"}, outside={"Client Co"},
                           firm="Firm", me="Bo Lund", you="Cy Park")[0]
        assert not re.search(r"\byour\b", other), other


def test_nobody_is_pointed_to_a_row_of_their_own_sheet():
    # read 23: 'GC asks counsel how he reached the accrued figure, then tells counsel to "consult" the row in
    # counsel's own spreadsheet'
    import re

    plan, _, contents = offline_world("tests/fixtures/covenant-breach.yaml", 61)
    org = {p.id: p.organisation for p in plan.people}
    sheets = [a for a in plan.artifacts if a.kind == "spreadsheet"]
    seen = 0
    for a in plan.artifacts:
        if a.kind != "email" or a.id not in contents:
            continue
        own = "\n".join(line for line in contents[a.id].body.splitlines() if not line.startswith(">"))
        for s in sheets:
            if {org[p] for p in a.to} == {org[s.author]} != {org[a.author]}:
                seen += 1
                assert not re.search(rf"\b(?:line|row|entry) (?:of|in) the {re.escape(s.title)}", own), (a.id, own)
    assert seen


def test_a_memo_leaves_another_firms_sheet_to_that_firm_to_keep_current():
    # read 23: 'Counsel offers to "keep the Extrapolation workbook current"' (the auditors' workbook)
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.substance.memo import memo_next_steps
    from worldsmith.generators.context import build_context

    plan, taxonomy, contents = offline_world(TANKER, 61)
    memos = [a for a in plan.artifacts if a.kind == "document" and a.title.startswith("Memo")]
    said = 0
    for a in memos:
        ctx = build_context(plan, taxonomy, a, contents)
        ours = " ".join(memo_next_steps(Picker(1), ctx, "Friday"))
        if "current and report any change" not in ours:
            continue
        said += 1
        theirs = ctx.model_copy(update={"facts": [f.model_copy(update={"source_by": "Other Auditors LLP"})
                                                  for f in ctx.facts]})
        text = " ".join(memo_next_steps(Picker(1), theirs, "Friday"))
        assert "will keep the" not in text and "ask Other Auditors LLP" in text, text
    assert said


def _mail_by_thread(plan):
    threads: dict[str, list] = {}
    for a in plan.artifacts:
        if a.kind == "email":
            threads.setdefault(a.thread, []).append(a)
    return threads


def test_your_client_is_never_said_with_the_client_itself_addressed():
    # read 23: "An analyst asks the target and the sell-side adviser for 'your client's response by tomorrow morning'"
    import re

    from worldsmith.generators.sides import acts_for

    plan, _, contents = offline_world("outlines/examples/buyside-diligence.yaml", 113)
    org, serves = {p.id: p.organisation for p in plan.people}, acts_for(plan.organisations)
    seen = 0
    for a in plan.artifacts:
        if a.kind == "email" and a.id in contents:
            to = {org[p] for p in a.to}
            if any(serves.get(o) in to for o in to):
                seen += 1
                own = "\n".join(x for x in contents[a.id].body.splitlines() if not x.startswith(">"))
                assert not re.search(r"\byour client'?s?\b", own, re.I), (a.id, own)
    assert seen


def test_the_side_that_asked_does_not_ask_what_is_required_of_it():
    # read 23: "The buy-side associate then asks the target 'what further you require of our client', which reverses
    # the direction of diligence"
    import re

    from worldsmith.generators.sides import principal

    plan, _, contents = offline_world("outlines/examples/buyside-diligence.yaml", 113)
    side = {p.id: principal(plan.organisations, p.organisation) for p in plan.people}
    seen = 0
    for chain in _mail_by_thread(plan).values():
        chain.sort(key=lambda m: m.sent_at)
        for m in chain[1:]:
            if side[m.author] == side[chain[0].author] and m.id in contents:
                seen += 1
                own = "\n".join(x for x in contents[m.id].body.splitlines() if not x.startswith(">"))
                assert not re.search(r"you require (?:of|from) (?:us|our client)", own), (m.id, own)
    assert seen


def test_a_client_holds_what_its_counsel_was_sent_but_not_what_counsel_made_for_itself():
    # (the other side of the rule above: the employer's HR director lost "It is in Gadsby Crane Solicitors's revised
    # letter of claim of May 28", sent to her counsel, and planned to "settle the bonus claimed" herself instead)
    from worldsmith.generators.context import sees
    from worldsmith.generators.sides import acts_for

    plan, _, _ = offline_world(TANKER, 61)
    serves = acts_for(plan.organisations)
    org = {p.id: p.organisation for p in plan.people}
    received = made = 0
    for paper in plan.artifacts:
        if paper.kind not in ("document", "spreadsheet") or not paper.readers:
            continue
        maker, readers = org[paper.author], {org[r] for r in paper.readers}
        for client in {serves[o] for o in readers if o in serves} - readers - {maker}:
            person = next(p for p in plan.people if p.organisation == client).id
            if serves.get(maker) == client:
                continue
            if readers - {maker}:
                received += 1  # sent to its counsel by another: the client holds it
                assert sees(plan, person, paper.id, artifact_day(paper)), paper.title
        counsel = [o for o in readers if serves.get(o) and o == maker]
        if counsel and readers == {maker}:
            made += 1  # counsel's own internal paper: not the client's
            person = next(p for p in plan.people if p.organisation == serves[maker]).id
            assert not sees(plan, person, paper.id, artifact_day(paper)), paper.title
    assert received and made


def test_a_note_names_the_addressees_own_paper_as_theirs():
    # read 23: "Refers to the addressee in the third person"; at bonus-cap-dispute seed 97 the client wrote to her
    # counsel of "Strand Marlow LLP's memo on the bonus claim", Strand Marlow's own
    import re

    plan, _, contents = offline_world("tests/fixtures/bonus-cap-dispute.yaml", 97)
    org = {p.id: p.organisation for p in plan.people}
    names = {o.id: o.name for o in plan.organisations}
    seen = 0
    for a in plan.artifacts:
        to = {org[p] for p in getattr(a, "to", [])}
        if a.kind != "email" or a.id not in contents or len(to) != 1 or to == {org[a.author]}:
            continue
        seen += 1
        name = re.escape(names[next(iter(to))])
        own = "\n".join(x for x in contents[a.id].body.splitlines() if not x.startswith(">"))
        assert not re.search(rf"from {name}'s \w|as {name} put it in", own), (a.id, own)
    assert seen

"""The generation engine: dependency order, one concurrency limit, critical-path-first scheduling."""

from __future__ import annotations

import asyncio

from worldsmith.generators.backends.offline import OfflineBackend
from worldsmith.generators.context import dependencies
from worldsmith.generators.engine import PriorityLimiter, chain_heights, generate_contents
from worldsmith.generators.planner import plan_world
from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
from tests.conftest import EXAMPLES
from worldsmith.worlds.outline import load_outline
from worldsmith.worlds.plan import EmailSpec


def legal_plan():
    outline = load_outline(EXAMPLES / "tanker-spill-liability.yaml")
    return plan_world(outline, resolve_cast(outline, load_taxonomy()), 0, "w")


class Recording(OfflineBackend):
    """The offline backend, noting when each call starts and how many are in flight."""

    def __init__(self):
        self.started: list[str] = []
        self.in_flight = 0
        self.peak = 0

    async def generate(self, context, output_type):
        self.started.append(context.spec.id)
        self.in_flight += 1
        self.peak = max(self.peak, self.in_flight)
        await asyncio.sleep(0.001)
        self.in_flight -= 1
        return await super().generate(context, output_type)


def test_parents_are_generated_before_replies_and_the_limit_holds():
    plan = legal_plan()
    backend = Recording()
    contents = asyncio.run(generate_contents(plan, load_taxonomy(), backend, concurrency=5))
    assert list(contents) == [a.id for a in plan.artifacts]
    position = {aid: n for n, aid in enumerate(backend.started)}
    for spec in plan.artifacts:
        if isinstance(spec, EmailSpec) and spec.parent:
            assert position[spec.parent] < position[spec.id]
    assert backend.peak == 5


def test_longest_chains_start_first():
    plan = legal_plan()
    heights = chain_heights(plan.artifacts)
    backend = Recording()
    asyncio.run(generate_contents(plan, load_taxonomy(), backend, concurrency=1))
    first = backend.started[0]
    assert heights[first] == max(heights.values())


def test_the_first_wave_is_the_longest_chains_not_the_first_planned():
    """With more roots than slots, the calls that take the free slots at the start are the roots of the longest chains
    (a chain started a wave late ends a wave late), not the first in plan order."""
    plan = legal_plan()
    heights = chain_heights(plan.artifacts)
    roots = [s.id for s in plan.artifacts if not dependencies(s)]
    backend = Recording()
    asyncio.run(generate_contents(plan, load_taxonomy(), backend, concurrency=8))
    first = backend.started[:8]
    assert sorted((heights[a] for a in first), reverse=True) == sorted((heights[a] for a in roots), reverse=True)[:8]
    assert [heights[a] for a in roots[:8]] != [heights[a] for a in first]  # plan order would have started others


def test_chain_heights_count_the_whole_thread():
    plan = legal_plan()
    heights = chain_heights(plan.artifacts)
    for spec in plan.artifacts:
        if isinstance(spec, EmailSpec) and spec.mode == "new":
            length = sum(1 for a in plan.artifacts if isinstance(a, EmailSpec) and a.thread == spec.thread)
            assert heights[spec.id] >= length


def test_priority_limiter_serves_the_most_urgent_waiter():
    async def scenario():
        limit = PriorityLimiter(1)
        order = []
        await limit.acquire((0,))

        async def waiter(p):
            await limit.acquire((p,))
            order.append(p)
            limit.release()

        tasks = [asyncio.create_task(waiter(p)) for p in (5, 1, 3)]
        await asyncio.sleep(0)
        limit.release()
        await asyncio.gather(*tasks)
        return order

    assert asyncio.run(scenario()) == [1, 3, 5]


def test_repair_regenerates_only_the_named_artifacts_with_notes():
    plan = legal_plan()
    taxonomy = load_taxonomy()
    first = asyncio.run(generate_contents(plan, taxonomy, OfflineBackend()))
    target = next(a.id for a in plan.artifacts if a.kind == "document")
    backend = Recording()
    again = asyncio.run(generate_contents(plan, taxonomy, backend, existing=first,
                                          repair={target: ["planned_fact_present: missing"]}, round_=1))
    assert backend.started == [target]
    assert again[target] != first[target]
    assert all(again[k] == first[k] for k in first if k != target)


def test_artifact_day_reads_each_kind_of_spec_as_its_attributes_say():
    """artifact_day asks a spec only for the attributes its kind has (a missing one is an exception made and caught,
    thirty times per context built); what it gives is what asking each in turn gives, and any other object is asked
    for all three."""
    import datetime as dt
    from types import SimpleNamespace

    from worldsmith.generators.context import artifact_day

    def asked(spec):
        sent = getattr(spec, "sent_at", None)
        if sent is not None:
            return sent.date()
        day = getattr(spec, "date", None) or getattr(spec, "starts_at", None)
        return day.date() if isinstance(day, dt.datetime) else day

    plan = legal_plan()
    assert {a.kind for a in plan.artifacts} >= {"email", "document", "spreadsheet", "chat", "calendar"}
    assert all(artifact_day(a) == asked(a) is not None for a in plan.artifacts)
    meeting = SimpleNamespace(starts_at=dt.datetime(2026, 3, 9, 15, 30))
    assert artifact_day(meeting) == dt.date(2026, 3, 9) and artifact_day(SimpleNamespace(date=dt.date(2026, 1, 2))) == dt.date(2026, 1, 2)


def test_the_papers_a_day_of_chat_talks_about_are_indexed_once_per_plan_and_are_what_a_scan_finds():
    """room_papers and coming_papers read the plan's own papers (no distractor, no instance of a series) from an index
    made once per plan (own_papers), not by scanning the whole inventory and asking each paper whether it recurs per
    context (issue 22 item 5); what they give is what that scan gives, for every day of chat and every email."""
    import worldsmith.generators.context as context
    from worldsmith.generators.context import (PaperDue, answers_later, artifact_day, coming_papers, own_papers,
                                               room_papers, talk_days)
    from worldsmith.generators.week import recurring, went_across

    plan = legal_plan()

    def scanned_room(spec, most=4):
        members, day = set(getattr(spec, "members", []) or [spec.author]), artifact_day(spec)
        made = [a for a in plan.artifacts if a.kind in ("document", "spreadsheet") and a.distractor is None
                and a.author in members and day is not None and 0 < (day - a.date).days <= 14
                and not recurring(plan, a.item)]
        made = [a for a in made if not went_across(plan, a)]  # (served or sent: no draft to talk about, read 23)
        made = [a for a in made if not any(a.date < d < day for d in talk_days(plan, spec))]
        made.sort(key=lambda a: (a.date, a.path), reverse=True)
        return list(dict.fromkeys(a.title for a in made))[:most]

    def scanned_coming(spec, most=3):
        members, day = set(getattr(spec, "members", []) or [spec.author]), artifact_day(spec)
        due = [a for a in plan.artifacts if a.kind in ("document", "spreadsheet") and a.distractor is None
               and a.author in members and day is not None and 0 < (a.date - day).days <= 21
               and not recurring(plan, a.item) and not answers_later(plan, a, day)]
        if not due and day is not None:
            due = sorted([a for a in plan.artifacts if a.kind in ("document", "spreadsheet") and a.distractor is None
                          and a.author in members and 0 < (a.date - day).days <= 60
                          and not recurring(plan, a.item) and not answers_later(plan, a, day)],
                         key=lambda a: (a.date, a.path))[:1]
        due = [a for a in due if not any(d < day and 0 < (a.date - d).days <= 21 for d in talk_days(plan, spec))]
        due.sort(key=lambda a: (a.date, a.path))
        out = []
        for a in due:
            if all(p.title != a.title for p in out):
                out.append(PaperDue(title=a.title, by=plan.person(a.author).first_name,
                                    maker=plan.person(a.author).name, day=a.date, facts=list(a.facts)))
        return out[:most]

    specs = [a for a in plan.artifacts if a.kind in ("chat", "email")]
    assert any(a.kind == "chat" for a in specs)
    asked = 0
    real = context.recurring

    def counted(p, item):
        nonlocal asked
        asked += 1
        return real(p, item)

    context.recurring = counted
    try:
        mine = [(room_papers(plan, s), coming_papers(plan, s)) for s in specs]
    finally:
        context.recurring = real
    papers = [a for a in plan.artifacts if a.kind in ("document", "spreadsheet")]
    assert asked <= len(papers)  # each paper asked once, when the index is made, not once per context
    assert own_papers(plan) is own_papers(plan)
    assert mine == [(scanned_room(s), scanned_coming(s)) for s in specs]
    assert any(room or coming for room, coming in mine)  # the check compares something


def test_own_and_side_labels_read_each_facts_first_maker_from_an_index_and_give_what_sorting_its_papers_gives():
    """own_labels and side_labels read the organisation that made a fact's first paper from first_maker, indexed once
    per plan, not by sorting the fact's papers again for every message (issue 22 item 5): the labels are what that
    sort gives, for every email's thread and author and every document's facts of the legal plan."""
    from worldsmith.generators.context import (_principals, _sheets_carrying, _thread_facts, artifact_day, fact_side,
                                               first_maker, own_labels, side_labels)
    from worldsmith.generators.labels import fact_label

    plan = legal_plan()

    def first_of(f):
        papers = [plan.artifact(i) for i in plan.establishing(f)] + _sheets_carrying(plan, f)
        papers = sorted((a for a in papers if a.kind != "email"), key=artifact_day)
        return plan.person(papers[0].author).organisation if papers else None

    def scanned_own(thread, author):
        org, principals = plan.person(author).organisation, _principals(plan)
        return [fact_label(plan.fact(f)) for f in _thread_facts(plan, thread)
                if fact_side(plan, f) in ("", principals.get(org, org)) and first_of(f) == org]

    def scanned_side(facts, author):
        principals, org = _principals(plan), plan.person(author).organisation
        side, out = principals.get(org, org), []
        for f in dict.fromkeys(facts):
            first = first_of(f) or ""
            mine = fact_side(plan, f) == side if fact_side(plan, f) else bool(first) and principals.get(first, first) == side
            if mine:
                out.append(fact_label(plan.fact(f)))
        return out

    emails = [a for a in plan.artifacts if a.kind == "email"]
    documents = [a for a in plan.artifacts if a.kind == "document"]
    mine = [own_labels(plan, a.thread, a.author) for a in emails]
    assert mine == [scanned_own(a.thread, a.author) for a in emails] and any(mine)
    sides = [side_labels(plan, list(a.facts), a.author) for a in documents]
    assert sides == [scanned_side(list(a.facts), a.author) for a in documents] and any(sides)
    assert all(first_maker(plan, f.id) == first_of(f.id) for f in plan.facts)
    assert len(plan.__dict__["_first_maker"]) == len(plan.facts)  # once per fact, whatever asked how often


def test_the_first_wave_goes_out_before_the_queued_contexts_are_built(monkeypatch):
    """With more roots than slots, the artifacts that hold slots send their requests before the contexts of those that
    wait are built (issue 22: built all at once first, they left the client idle for a latency at C=128). The backend
    takes a turn of the event loop before its request goes out, as the wire's connection does, and the run stops
    once the first wave is out."""
    from worldsmith.generators import engine
    from worldsmith.worlds.errors import ModelError

    plan, slots = legal_plan(), 4
    roots = [s for s in plan.artifacts if not dependencies(s)]
    assert len(roots) > slots + 2
    built: list[str] = []

    def counted(plan, taxonomy, spec, done):
        built.append(spec.id)
        return build(plan, taxonomy, spec, done)

    build = engine.build_context
    monkeypatch.setattr(engine, "build_context", counted)
    built_when_sent: list[int] = []

    class Wire(OfflineBackend):
        async def generate(self, context, output_type):
            await asyncio.sleep(0)  # the connection's turn
            built_when_sent.append(len(built))
            if len(built_when_sent) == slots:
                raise ModelError("the first wave is out", systemic=True)
            await asyncio.sleep(1)

    try:
        asyncio.run(generate_contents(plan, load_taxonomy(), Wire(), concurrency=slots))
    except ModelError:
        pass
    # before: every root's context was built, then the first request went out
    assert built_when_sent[slots - 1] <= slots + 2 < len(roots)

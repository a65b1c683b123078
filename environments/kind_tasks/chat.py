"""The chat kind's task family: a post in the team's channel, on an exceedance pair (a deliverable) and as a warm-up.

Moved from environments.graph_tasks (chat_task) and environments.tasks (chat_pick, post_chat_task): the core task
makers call pair_tasks and warmup_tasks through environments.kind_tasks, so neither names the chat kind.
"""

from __future__ import annotations

from worldsmith.environments.graph_tasks import Graph, exceed_task, moved, universal
from worldsmith.environments.tasks import (Action, Check, Criterion, Needs, Reference, Rubric, Solution, Task, _negatives,
                                           _source, _text_number, _universal, the)
from worldsmith.worlds.plan import LedgerFact
from worldsmith.worlds.world import World

# A chat task: the conversation exists, and the room carries the figure to post in it.
CHAT_SQL = """select c.id, m.expected from chat_channels c, fact_mentions m join artifacts a on a.id = m.artifact_id
where c.id = ? and m.fact_id = ? and a.path = ? and m.found and m.distractor is null"""


def pair_tasks(graph: Graph, pairs: list[tuple[LedgerFact, LedgerFact]], user: str) -> list[Task | None]:
    """The post of the first exceedance pair after the first (the first is the reply's and the memo's) that makes one:
    a pair whose gap the room writes makes none, and the next stands in (kit14: the legal example's second pair, the
    total claims against the OPA 90 cap, had its gap written)."""
    for big, small in pairs[1:4]:
        task = chat_task(graph, big, small, user)
        if task is not None:
            return [task]
    return []


def warmup_tasks(world: World, user: str, money: list[LedgerFact]) -> list[Task | None]:
    """A post of an amount the room carries, in a channel the user belongs to (one that discusses it where one does)."""
    posting = chat_pick(world, user, money)
    return [post_chat_task(world, posting[0], posting[1], user)] if posting else []


def chat_task(graph: Graph, big: LedgerFact, small: LedgerFact, user: str) -> Task | None:
    """Post the exceedance in the team's channel: the right conversation, the right figures, nothing else."""
    world = graph.world
    channels = [c for c in world.chat if c.name and user in c.members]
    base = exceed_task(graph, big, small, big_first=True)  # the instruction asks whether big exceeds small
    if not channels or base is None:
        return None
    about: dict[str, int] = {}
    for a in world.artifacts_of("chat"):
        cid = getattr(a, "channel_id", None)
        about[cid] = about.get(cid, 0) + len({big.id, small.id} & set(a.facts))
    channel = sorted(channels, key=lambda c: (-about.get(c.id, 0), c.name))[0]
    crit = [c.model_copy(update={"id": f"post_{c.id}", "check": c.check.model_copy(update={
        "type": moved(c.check.type, "chat"), "channel": channel.id})}) for c in base.rubric.criteria
            if not c.id.startswith("input_")]  # asked for both figures and the gap only, as a reply is
    neg = [c.model_copy(update={"check": c.check.model_copy(update={"type": moved(c.check.type, "chat"), "channel": channel.id})})
           for c in base.rubric.negative_criteria]
    # posted in the team's channel and in another (the one shared with the client, a DM): a post the task did not ask
    neg.append(Criterion(id="posts_beyond", weight=2.0, description=f"posts in a channel other than #{channel.name}",
                         check=Check(type="chat_beyond", channel=channel.id)))
    return Task(
        id=f"chat-{big.id}-{small.id}", world_id=world.world_id, kind="post_chat", tags=["deliverable", "multi_hop"],
        instruction=(f"You are {user}. Post in the chat channel #{channel.name} for the team whether {the(big)} exceeds "
                     f"{the(small)} on the figures the data room now holds, with both figures and the gap. Use the "
                     f"chat app."),
        needs=Needs(files=base.needs.files, facts=base.needs.facts, apps=sorted({"chat", *base.needs.apps})),
        reference=base.reference,
        rubric=Rubric(criteria=crit, negative_criteria=neg, universal_penalties=universal(graph)),
        solution=Solution(actions=[Action(tool="chat_post", args={"channel": channel.id,
                                                                   "text": base.solution.answer})]))


def chat_pick(world: World, user: str, candidates: list[LedgerFact]) -> tuple | None:
    """(channel, fact): a channel the user belongs to, and a figure its own messages discuss where there is one."""
    channels = [c for c in world.chat if c.name and user in c.members]
    about: dict[str, set[str]] = {}
    for a in world.artifacts_of("chat"):
        about.setdefault(getattr(a, "channel_id", None), set()).update(a.facts)
    for c in channels:
        for fact in candidates:
            if fact.id in about.get(c.id, set()):
                return c, fact
    return (channels[0], candidates[0]) if channels and candidates else None


def post_chat_task(world: World, channel, fact: LedgerFact, user: str) -> Task | None:
    """Post the <label> in a team channel: a state change read from the session's chat posts."""
    source = _source(world, fact.id)
    if source is None:
        return None
    text, num = _text_number(fact)
    return Task(
        id=f"chat-{fact.id}", world_id=world.world_id, kind="post_chat",
        instruction=(f"You are {user}. Post in the chat channel #{channel.name} {the(fact)}, as the data room states "
                     "it, so the team has the figure. Use the chat app."),
        needs=Needs(files=[source], facts=[fact.id]),
        reference=Reference(answer=text, sql=CHAT_SQL, params=[channel.id, fact.id, source], expect=[[channel.id, text]]),
        rubric=Rubric(
            criteria=[Criterion(id="post_states_value", weight=1.0, description=f"a post in #{channel.name} states {text}",
                                check=Check(type="chat_post_mentions", channel=channel.id, values=[text], numbers=[num]))],
            negative_criteria=[c.model_copy(update={"check": c.check.model_copy(update={"channel": channel.id})})
                               for c in _negatives(world, [fact.id], "chat_post_mentions")],
            universal_penalties=_universal(world)),
        solution=Solution(actions=[Action(tool="chat_post", args={
            "channel": channel.id, "text": f"{the(fact, capital=True)} is {text}."})]),
    )


def aside(session, task: Task, sentence: str) -> bool:
    """Post `sentence` beside the deliverable: in the task's own channel for a post, else a channel the user is in."""
    from worldsmith.environments import apps

    channel = next((a.args.get("channel") for a in task.solution.actions if a.tool == "chat_post"), None)
    if channel is None:
        channel = next((c.id for c in session.world.chat if c.name and session.user in c.members), None)
    tools = apps.app_tools(session)
    if channel is None or "chat_post" not in tools:
        return False
    tools["chat_post"].fn(channel=channel, text=sentence)
    return True


def relays(graph: Graph, fact: LedgerFact, titles: set[str]) -> set[str]:
    """The chat days whose every post that gives the fact's figure names one of these papers (as chat names a paper):
    there the figure is the paper's, not a report of its own (graph_tasks.primary_cover's hook)."""
    from worldsmith.generators.kinds.chat.compose import paper_name  # the name the post was written with

    # (two words or more: a paper named by one word would take any post that says it)
    names = {n for n in (paper_name(t).lower().removeprefix("the ") for t in titles) if len(n.split()) >= 2}
    if not names or not fact.text:
        return set()
    posts: dict[str, list[str]] = {}
    for path, text in graph.world.db.execute(
            "select path, text_plain from chat_messages where contains(text_plain, ?)", [fact.text]).fetchall():
        posts.setdefault(path, []).append((text or "").lower())
    return {path for path, said in posts.items() if all(any(n in t for n in names) for t in said)}

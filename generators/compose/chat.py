"""The offline chat composer: one short, informal line per planned post, carrying the day's facts and mentions."""

from __future__ import annotations

from pathlib import PurePosixPath

from worldsmith.generators.compose.bank import Picker, bank
from worldsmith.generators.compose.facts import fact_sentence
from worldsmith.generators.compose.text import lower_first
from worldsmith.generators.context import ArtifactContext


def compose_chat(ctx: ArtifactContext):
    """A day of a conversation: exactly one message per planned post, every fact of the day in one of them."""
    from worldsmith.generators.kinds.chat import ChatContent, ChatMessage  # the kind module imports this one

    spec = ctx.spec
    pick = Picker(ctx.seed)
    lines = bank("chat")
    people = {p.id: p for p in [ctx.author, *ctx.to]}
    n = len(spec.posts)
    # What the day is about: a fact's label reads naturally mid-line; a channel's name does not.
    topic = next((f.label for f in ctx.facts if f.label), "")
    texts: list[str] = []
    for i, post in enumerate(spec.posts):
        if post.thread is None:
            frames = lines["openers"] if topic and pick.chance(0.6) else lines["plain_openers"]
            # "morning all" is said in the morning
            frames = [f for f in frames if post.at.hour < 12 or not f.startswith("morning")]
            texts.append(pick.fill(frames, topic=topic) or "hi all")
        else:
            texts.append(pick.one(lines["replies"]))
    # Each fact goes to its own post where there are enough (a reply that answers with the figure, mostly).
    slots = pick.shuffled([i for i in range(n) if i] or [0])
    for k, fact in enumerate(ctx.facts):
        said = fact_sentence(pick, fact, "email")
        lead = pick.one(lines["fact_leads"])
        said = lead + (lower_first(said) if lead else said)
        i = slots[k % len(slots)]
        texts[i] = said if k < len(slots) and texts[i] in lines["replies"] else f"{texts[i]} - {said}"
    if ctx.distractor_label:
        texts[slots[0]] += f" (that's the {ctx.distractor_label})"
    # Someone is asked by name now and then: Slack shows a mention as @Full Name.
    for i, post in enumerate(spec.posts):
        others = [p for pid, p in people.items() if pid != post.author]
        if others and i + 1 < n and pick.chance(0.25):
            who = pick.one(others)
            texts[i] += "\n" + pick.fill(lines["asks"], name=f"@{who.name}")
    files = [""] * n
    if spec.links:
        i = pick.one(range(n))
        files[i] = spec.links[0]
        share = pick.fill(lines["shares"], file=PurePosixPath(spec.links[0]).stem) or "see attached"
        texts[i] = f"{texts[i]} - {share}" if texts[i] not in lines["replies"] else share
    return ChatContent(messages=[ChatMessage(text=t, file=f) for t, f in zip(texts, files)])

"""The offline chat composer: one short, informal line per planned post, about the matter's own facts, files and
people, carrying the day's facts and mentions."""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from worldsmith.generators.compose.bank import Picker, bank, picker_for
from worldsmith.generators.compose.facts import fact_sentence
from worldsmith.generators.compose.parties import home, opponent
from worldsmith.generators.compose.text import lower_first, title_head
from worldsmith.generators.context import ArtifactContext

_TEAM = re.compile(r"\s+(matter|deal|fieldwork|engagement|project|working|core|shared|joint|client|internal)?\s*"
                   r"(team|group|room|channel)\b.*$", re.I)


def matter_name(ctx: ArtifactContext) -> str:
    """The matter's short name as its team says it: the channel's topic without 'matter team' ('Aurelian Tide'),
    else the world title's first words."""
    topic = _TEAM.sub("", getattr(ctx.spec, "topic", "") or "").strip()
    if topic and getattr(ctx.spec, "conversation", "channel") == "channel":
        return topic  # a direct message's topic is who talks ("Partner and senior associate"), not the matter
    head = re.split(r"[:(]", ctx.world_title)[0].split()
    return " ".join(head if len(head) <= 5 else head[:3])


def short_org(name: str) -> str:
    """How a team names an organisation in chat: its first word or two ('Fairleigh', 'St. Aldric')."""
    words = name.split()
    if not words:
        return ""
    return " ".join(words[:2]) if words[0].endswith(".") or len(words[0]) <= 3 else words[0]


def paper_name(title: str) -> str:
    """A paper as a team names it in chat: its title without its instance date, in lower case where it is sentence
    case ('Weekly diligence call: notes and actions - October 22' -> 'the weekly diligence call notes and actions')."""
    head = re.sub(r"\s+-\s+[A-Z][a-z]+ \d{1,2}$", "", title).replace(": ", " ")
    words = head.split()
    if words and words[0][:1].isupper() and not words[0].isupper() and (len(words) == 1 or not words[1][:1].isupper()):
        head = words[0].lower() + head[len(words[0]):]
    return head if head.lower().startswith(("the ", "a ")) else f"the {head}"


def _subjects(pick: Picker, ctx: ArtifactContext, files: list[str]) -> list[str]:
    """What the day's threads may be about: its facts still in play by label, its files by name, the papers its
    members made in the last fortnight ('the memo re breaking the limit'). Never the papers of a trade at large
    (a morning note or a trade confirmation is a trading desk's, not a deal team's), nor a date long past or a
    name, which nobody chases."""
    out = [f.label for f in ctx.facts if f.label and not f.past and f.value.type != "text"]
    out += files
    papers = [paper_name(t) for t in ctx.room_papers]
    # the day's own facts and files first; the team's recent papers where the day has few
    out += pick.some(papers, max(1, 3 - len(out))) if papers else []
    return list(dict.fromkeys(out)) or [f"the {matter_name(ctx)} file"]


def compose_chat(ctx: ArtifactContext):
    """A day of a conversation: exactly one message per planned post, every fact of the day in one of them."""
    from worldsmith.generators.kinds.chat import ChatContent, ChatMessage  # the kind module imports this one

    spec = ctx.spec
    pick = picker_for(ctx)
    lines = bank("chat")
    people = {p.id: p for p in [ctx.author, *ctx.to]}
    n = len(spec.posts)
    files = [PurePosixPath(p).stem for p in spec.links]
    # a file is talked about as a noun phrase ("the memo re breaking the limit"), shared under its name
    subjects = _subjects(pick, ctx, [f"the {title_head(f)}" for f in files])
    other = short_org(opponent(ctx)) if ctx.organisations else ""
    matter = matter_name(ctx)
    base = {"matter": matter, "other": other if other and other not in matter else "the other side"}

    # the team's own papers and files have not gone to the other side: nobody asks whether the draft answer "still
    # matches what we sent Kestrel" or whether anything is "back from Kestrel" on it (the frames naming {other} are
    # then not used); the day's figures and the matter's points may be
    own_papers = {paper_name(t) for t in ctx.room_papers} | {f"the {title_head(f)}" for f in files}
    mine = home(ctx, ctx.author.organisation) if ctx.organisations else True
    people_across = any(home(ctx, p.organisation) != mine for p in people.values()) if ctx.organisations else False

    def values(author: str, subject: str, to: str | None = None) -> dict[str, str]:
        others = [p for pid, p in people.items() if pid != author]
        who = people.get(to) if to and to != author else (pick.one(others) if others else None)
        v = dict(base, subject=subject, name=who.first_name if who else "", when=pick.one(lines["when"]))
        if subject in own_papers or subject.split(f" for {matter}")[0] in own_papers or people_across:
            v["other"] = ""
        return v

    texts: list[str] = []
    about: list[str] = []
    for i, post in enumerate(spec.posts):
        if post.thread is None or post.thread >= i:
            subject = pick.one(subjects)
            v = values(post.author, subject)
            lead = (pick.fill([pick.one(lines["leads"])], **v) or "") if pick.chance(0.35) else ""
            texts.append(lead + (pick.fill(lines["openers"], **v) or f"picking up {subject}"))
        else:
            # A reply answers its thread's opener, about the same thing, often to its writer by name.
            subject = about[post.thread]
            # named in full by the opener, shortly in the answers ("the management letter")
            v = values(post.author, subject.split(f" for {base['matter']}")[0], spec.posts[post.thread].author)
            ack = pick.fill([pick.one(lines["acks"])], **v) or "ok"
            body = pick.fill(lines["actions"], **v) if pick.chance(0.75) else ""
            texts.append(f"{ack} - {body}" if body else ack + (f", {v['name']}" if v["name"] and v["name"] not in ack else ""))
        about.append(subject)
    # Each fact goes to its own post where there are enough: a reply that answers with the figure, mostly.
    slots = pick.shuffled([i for i in range(n) if i] or [0])
    for k, fact in enumerate(ctx.facts):
        said = fact_sentence(pick, fact, "email")
        lead = pick.one(lines["fact_leads"])
        said = lead + (lower_first(said) if lead else said)
        i = slots[k % len(slots)]
        texts[i] = f"{texts[i]} - {said}"
    if ctx.distractor_label:
        texts[slots[0]] += f" (that's the {ctx.distractor_label})"
    # Someone is asked by name now and then: Slack shows a mention as @Full Name.
    for i, post in enumerate(spec.posts):
        others = [p for pid, p in people.items() if pid != post.author]
        if others and i + 1 < n and pick.chance(0.25):
            who = pick.one(others)
            texts[i] += "\n" + (pick.fill(lines["asks"], name=f"@{who.name}", subject=about[i].split(f" for {base['matter']}")[0]) or f"@{who.name}")
    shared = [""] * n
    if spec.links:
        i = pick.one(range(n))
        shared[i] = spec.links[0]
        texts[i] = f"{texts[i]} - {pick.fill(lines['shares'], file=files[0]) or files[0]}"
    return ChatContent(messages=[ChatMessage(text=t, file=f) for t, f in zip(texts, shared)])

"""The client's chronology of a group of figures: when the home side first sent the client each, who sent it, and the
span in days.

A professional asked "when did we send the client the cap, the claims and the demand?" opens the first mail from the
home side to the client that carries each figure as it now stands (and, where the figure is only in an attachment,
the attached document or sheet, which the drive reads). The groups come from the ledger's graph: a derived figure
with the figures it is worked from, a pair of figures weighed against each other, two pairs that share a figure; a
derived figure never sent stands for the figures it is worked from. The files a task needs are exactly those first
mails and attachments (one per figure, fewer where one mail carries several): each must be read to give its day, so
none is merely mentioned. A group the client first had in fewer than three files, or all on one day, makes no task.
"""
from __future__ import annotations

import re
import zoneinfo

from worldsmith.environments import answers
from worldsmith.environments.apps import app_of
from worldsmith.environments.graph_tasks import (Graph, _ask, _distractor_negatives, exceed_pairs,
                                                 first_sent, sender_names, universal, value_check)
from worldsmith.environments.tasks import Check, Criterion, Needs, Reference, Rubric, Solution, Task, label_of, the
from worldsmith.worlds.ledger import references
from worldsmith.worlds.plan import LedgerFact

_MIN_FILES = 3
_MAX_FACTS = 4  # a group a reader holds in mind: a figure and the three it is worked from

# The room carries each figure of the group at its current value in the files the task names.
# (a mail whose own new text states the figure carries it too, and a file it attaches that writes it, as
# graph_tasks.first_sent reads them)
_CARRIED_SQL = """select count(distinct f.id) from facts f where f.id in ({facts}) and (exists (select 1
from fact_mentions m join artifacts a on a.id = m.artifact_id where m.fact_id = f.id and m.found
and m.distractor is null and m.expected = f.text and a.path in ({paths}))
or exists (select 1 from emails e where e.path in ({paths}) and contains(e.body_new, f.text))
or exists (select 1 from artifact_text t where t.path in ({paths}) and t.kind <> 'email' and contains(t.text, f.text)))"""


def _client(graph: Graph) -> str | None:
    """The client: the privileged organisation besides the home side that the home side mails most."""
    world = graph.world
    home = world.plan.organisations[0].id
    org_of = {p.email: p.organisation for p in world.plan.people}
    privileged = {o.id for o in world.plan.organisations if o.privileged and o.id != home}
    counts: dict[str, int] = {}
    for m in world.messages:
        if org_of.get(m.sender) == home:
            for org in {org_of.get(x) for x in (*m.to, *m.cc)} & privileged:
                counts[org] = counts.get(org, 0) + 1
    return min(counts, key=lambda o: (-counts[o], o)) if counts else None


def _groups(graph: Graph) -> list[tuple[str, list[str]]]:
    """(what the group is, its fact ids): derived figures with their inputs, weighed pairs, pairs sharing a figure,
    and the figures one paper of the room sets out together (a findings report's sample, error rate and overpayment),
    which a reader asks after as one subject."""
    out = [("derived", [f.id, *references(f.formula)]) for f in graph.world.plan.facts if f.formula]
    pairs = [[b.id, s.id] for b, s in exceed_pairs(graph)[:6]]
    out += [("pair", p) for p in pairs]
    for i, a in enumerate(pairs):
        for b in pairs[i + 1:]:
            shared = set(a) & set(b)
            if len(shared) == 1:
                out.append(("pairs", list(dict.fromkeys([*a, *b]))))
    # (a superseded draft's figures are no subject: its own is the wrong one; a figure with no quantity has no day)
    for a in graph.world.plan.artifacts:
        if a.kind in ("document", "spreadsheet") and a.distractor is None:
            ids = [f for f in dict.fromkeys(a.facts) if graph.quantities.get(f) is not None]
            if len(ids) >= 3:
                out.append(("paper", ids))
    return out


def _readable(fact: LedgerFact) -> bool:
    """Whether the answer parser reads the fact's figure after its own label as stated: a label that reads as a denial
    ('the sampled claims in error of 46 claims') would cost the reference its own figure and day."""
    parsed = answers.parse(f"The client received {the(fact)} of {fact.text} on May 4, 2026.")
    return not any(m.negated or m.hedged or m.superseded for m in parsed.mentions)


def _spread(told: list) -> list:
    """The figures in an order that reaches a new mail (or attachment) with each one it can, the paper's order kept
    among equals: a group cut to _MAX_FACTS then asks for as many files as its figures were sent in."""
    out, seen = [], set()
    for t in told:
        if not {t[3], t[4]} <= seen:
            out.append(t)
            seen |= {t[3], t[4]}
    return out + [t for t in told if t not in out]


def _day_numbers(told: list) -> set[float]:
    """The day and year of each day received, and the numbers of the labels ('the unbilled receivables at May 31'):
    figures the answer writes that are no rival of the span."""
    out = {float(x) for _, d, *_ in told for x in (d.day, d.year)}
    for f, *_ in told:
        for m in answers.parse(label_of(f)).mentions:
            out |= {float(x) for d in m.dates for x in (d.day, d.year)} if m.kind == "date" else \
                {float(m.value)} if m.kind == "number" and m.value is not None else set()
    return out


_SUFFIX = re.compile(r"[,\s]+(?:inc|llp|llc|ltd|limited|corp|corporation|co|plc|gmbh|sa|ag|lp)\.?$", re.I)


def _org_names(name: str) -> list[str]:
    """How an answer names an organisation, lower case: in full, without its company suffix, and by its first word
    ('tessaline logistics, inc.', 'tessaline logistics', 'tessaline')."""
    full = name.lower().strip()
    bare = _SUFFIX.sub("", full).strip()
    first = bare.split()[0].strip(",") if bare else ""
    return list(dict.fromkeys(n for n in (full, bare, first) if len(n) > 3))


def _when(day) -> str:
    return f"{day:%B} {day.day}, {day.year}"


def _listed(facts: list[LedgerFact]) -> str:
    names = [the(f) for f in facts]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"


def chronology_tasks(graph: Graph, limit: int = 5) -> list[Task]:
    """Tasks asking when the client first received each figure of a group, from whom, and the span in days."""
    world = graph.world
    client = _client(graph)
    if client is None:
        return []
    tz = zoneinfo.ZoneInfo(world.plan.timezone)
    kinds = {a.path: a.kind for a in world.plan.artifacts}
    name_of = {p.email: p.name for p in world.plan.people}
    client_name = next(o.name for o in world.plan.organisations if o.id == client)
    sent = {}
    for f in world.plan.facts:
        if graph.quantities.get(f.id) is not None and _readable(f) and (s := first_sent(graph, f, {client})) is not None:
            m, path, carrier = s
            sent[f.id] = (f, m.sent_at.astimezone(tz).date(), name_of.get(m.sender, m.sender), path, carrier)
    made, seen = [], set()
    for kind, ids in _groups(graph):
        # a derived figure the client was never sent stands for the figures it is worked from, which it may have been
        ids = [x for i in ids for x in ([i] if i in sent or not graph.fact(i).formula else references(graph.fact(i).formula))]
        told = [sent[i] for i in dict.fromkeys(ids) if i in sent]
        if kind == "paper":  # of a paper's figures, those the client had in different mails first: the ones to look up
            told = _spread(told)
        told = told[:_MAX_FACTS]
        key = frozenset(f.id for f, *_ in told)
        # two figures of one amount (a sublimit and the payable it caps, both USD 1,500,000) cannot be told apart
        # by their days: each one's day reads as the other's misdated (fire-coverage: the oracle scored 0.47)
        if len(told) < 2 or key in seen or len({f.text for f, *_ in told}) < len(told):
            continue
        seen.add(key)
        files = sorted({p for *_, path, carrier in told for p in (path, carrier)})
        if len(files) < _MIN_FILES or len({day for _, day, *_ in told}) < 2:
            continue
        apps = sorted({"mail", *(app_of(kinds[c]) for *_, path, c in told if c != path and c in kinds)})
        made.append((len(files), len(apps), kind, ids[0], told, files, apps, key))
    made.sort(key=lambda t: (-t[0], -t[1], sorted(t[7])))
    from worldsmith.environments.task_metrics import grep_solvable

    picked: list[tuple] = []
    out: list[Task] = []
    for m in made:
        if len(picked) < limit and not any(same_question(m[7], p[7]) for p in picked):
            task = _task(graph, client_name, *m[2:7])
            # a span one file writes beside a label the prompt uses is refused by the lint: the next group stands in
            # (hospital: the findings report's 'more than 30 days old' beside 'the initial denial rate' cost the
            # world its deepest chronology)
            if grep_solvable(task, world) is not None:
                continue
            picked.append(m)
            out.append(task)
    return out


def same_question(group: frozenset[str], asked: frozenset[str]) -> bool:
    """Whether a group of figures asks what an asked group did: it lies inside it, or the two differ by at most one
    figure each way (seed 97, supply-surcharge: five chronologies, 'the surcharge cap, the adjustment cap percentage
    and the annual contract value' and then the same three and the index rise, 'the disputed excess, the surcharge
    claimed and the surcharge payable' and then the same with the cap; a reader sends the second of each back)."""
    return group <= asked or (len(group - asked) <= 1 and len(asked - group) <= 1)


def _task(graph: Graph, client: str, kind: str, head: str, told: list, files: list[str], apps: list[str]) -> Task:
    world = graph.world
    home = world.plan.organisations[0].name  # first_sent reads the home side's mail only: the question says so
    facts = [f for f, *_ in told]  # in the group's order: the order they reached the client is the answer's
    told = sorted(told, key=lambda t: (t[1], t[0].id))
    first, last = told[0][1], told[-1][1]
    span = (last - first).days
    span_text = f"{span} days"
    criteria = [Criterion(id="span", weight=2.0, description=f"gives the span from the first to the last: {span_text}",
                          check=Check(type="answer_final", values=[span_text], numbers=[float(span)], unit="days",
                                      allowed=sorted(_day_numbers(told))))]
    negatives = []
    for f, day, sender, _, _ in told:
        q = graph.quantities[f.id]
        criteria += [
            Criterion(id=f"date_{f.id}", weight=1.0, description=f"gives {_when(day)} for {the(f)}",
                      check=Check(type="answer_mentions", values=[_when(day)])),
            Criterion(id=f"figure_{f.id}", weight=0.5, description=f"states {the(f)}: {f.text}",
                      check=Check(type="answer_mentions", **value_check(q, f.text)))]
        # the figure dated by another day: 'the removal costs of USD 61,350,000 on March 11, 2026' (its earlier one's)
        negatives.append(Criterion(id=f"misdates_{f.id}", weight=2.0,
                                   description=f"gives {the(f)} ({f.text}) a day other than {_when(day)}",
                                   check=Check(type="answer_misdated", b_words=[day.isoformat()],
                                               **value_check(q, f.text))))
    for sender in dict.fromkeys(s for _, _, s, _, _ in told):
        criteria.append(Criterion(id=f"sender_{len(criteria)}", weight=0.5, description=f"names {sender} as a sender",
                                  check=Check(type="answer_mentions_any", values=sender_names(world, sender))))
    # a figure given another sender ('Denial rate 14.2%: May 20, 2026 (Hunter Hill)', the client's own man; kit8
    # scored it 1.0 beside the right sender named for the other two)
    senders = {s for _, _, s, _, _ in told}
    others = sorted(p.name for p in world.plan.people if p.name not in senders)
    # the client's own people in brackets are whom it reached: 'first told Tessaline (Clinton Nichols) that ...'
    # (kit11: a right chronology lost 0.22 for it)
    receiving = {p.name for p in world.plan.people
                 if any(o.id == p.organisation and o.name == client for o in world.plan.organisations)}
    # (also a list's 'figure: day, name' and 'day (name)': kit11 gave a figure to the other side's counsel that way)
    said_sent = [form.format(n.lower()) for n in others
                 for form in ("by {}", "from {}", "({})", "{} sent", "sent by {}", ", {}.", ", {};", ", {}\n")
                 if not (form == "({})" and n in receiving)]
    if said_sent:
        negatives.append(Criterion(id="names_other_sender", weight=2.0,
                                   description="names someone who sent none of the figures as a sender",
                                   check=Check(type="answer_says", values=said_sent)))
    # each figure given to the sender of another (kit11: 'accounts counted 1,860 - 2026-04-13, Cassandra Willis', sent
    # by Jordan Becker, beside the right days scored 1.0)
    if len(senders) > 1:
        for f, day, sender, _, _ in told:
            negatives.append(Criterion(
                id=f"misattributes_{f.id}", weight=2.0, description=f"gives {the(f)} to another sender than {sender}",
                check=Check(type="answer_misattributed", a_words=[sender.lower()],
                            b_words=sorted(s.lower() for s in senders if s != sender),
                            **value_check(graph.quantities[f.id], f.text))))
    # the sending turned round: the client or the other side said to send, the home side said to receive (kit11:
    # 'Tessaline Logistics sent Caddell Voss these figures ... (to Jordan Becker)', 'Clinton Nichols of Tessaline
    # sent Caddell Voss', 'Quorvex Software sent Caddell Voss LLP' beside the right days scored 1.0)
    home_names = _org_names(world.plan.organisations[0].name)
    client_names = _org_names(client)
    reversed_ = [form.format(n) for n in client_names for form in ("{} sent", "sent by {}", "of {} sent", "from {} to")]
    reversed_ += [form.format(n) for n in home_names for form in ("sent {}", "sent to {}", "sent over to {}")]
    # senders in order (a set's order follows the process's string hashing: two runs gave two task sets)
    reversed_ += [form.format(s.lower()) for s in sorted(senders)
                  for form in ("(to {}", "sent to {}", "them to {}", "it to {}", "figures to {}")]
    negatives.append(Criterion(id="sending_reversed", weight=2.0,
                               description=f"says {client} or the other side sent the figures, or {home} received them",
                               check=Check(type="answer_says", values=reversed_)))
    negatives.append(Criterion(id="denies_sending", weight=2.0, description="says the figures were not sent, or not received",
                               check=Check(type="answer_denies_sending")))
    negatives += _distractor_negatives(graph, [f.id for f in facts], "answer_asserts")
    lines = [f"{client} first received {the(f)} of {f.text} on {_when(day)}, from {sender}."
             for f, day, sender, _, _ in told]
    answer = (" ".join(lines) + f" The first of them reached {client} on {_when(first)} and the last on "
              f"{_when(last)}, {span_text} later.\nAnswer: {span_text}")
    derived = head in {f.id for f in facts} and graph.fact(head).formula
    what = {"derived": f" ({the(graph.fact(head))} and figures it is worked from)" if derived else "",
            "pair": " (two figures weighed against each other)", "pairs": "", "paper": ""}[kind]
    ids = [f.id for f in facts]
    marks = ", ".join("?" * len(ids))
    shown_in = sorted({c for *_, c in told} | {p for *_, p, _ in told})
    return Task(
        id="chronology-" + "-".join(sorted(ids)), world_id=world.world_id, kind="as_of", tags=["as_of", "multi_hop"],
        instruction=(f"In the data room of {world.plan.title}, on what day did {home} first send {client} each of "
                     f"these figures by email as it now stands, and who sent it: {_listed(facts)}{what}? State each figure "
                     f"with its day and its sender. How many days passed "
                     f"between the first of them reaching {client} and the last (your final figure, in days)? "
                     f"{_ask()}"),
        needs=Needs(files=files, facts=ids, apps=apps),
        reference=Reference(answer=answer, sql=_CARRIED_SQL.format(facts=marks, paths=", ".join("?" * len(shown_in))),
                            params=[*ids, *shown_in, *shown_in, *shown_in], expect=[[float(len(ids))]]),
        rubric=Rubric(criteria=criteria, negative_criteria=negatives, universal_penalties=universal(graph)),
        solution=Solution(answer=answer))

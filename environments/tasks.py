"""Tasks grounded in a world's ledger: questions, computations, find-the-document and state changes, with rubrics.

Each task carries its reference answer from the ledger, a reference query over world.duckdb that
derives the same answer from the parsed room (the lint runs it), a rubric in Archipelago's shape
(criteria with weights, negative criteria, universal penalties) whose every criterion is a
machine check, and a reference solution (an answer and app actions) that the oracle replays.
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from pathlib import PurePosixPath
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from worldsmith.worlds.plan import LedgerFact
from worldsmith.worlds.values import render_value
from worldsmith.worlds.world import World

TASKS_VERSION = 1
TaskKind = Literal["lookup", "compare", "compute", "find_document", "reply", "file_document", "post_chat",
                   "what_if", "governs", "exceed", "as_of", "memo", "reconcile", "review", "brief", "sheet", "decision"]
# What a task asks of an agent, for the spread a bench reports: warmup tasks are one-file lookups, kept apart.
TaskTag = Literal["warmup", "multi_hop", "compute", "judgement", "deliverable", "as_of", "error_finding"]
_STRICT = ConfigDict(extra="forbid")


class Check(BaseModel):
    """A condition on a session's end state that a machine decides; every figure is read by one answer parser.

    answer_mentions / answer_asserts: the answer asserts each of `values` (plainly: not negated, hedged or
        named as superseded; a number in any usual format, in `unit` when given).
    answer_final: the answer's figure is `values[0]`: it is asserted (on the 'Answer:' line when there is one)
        and no other figure of its unit is asserted there beside those in `allowed`; with expect 'down' (a fall, a
        shortfall), the figure written with a minus sign ('-GBP 5,625,000') is the same answer.
    answer_direction: the answer says the thing named by `a_words` is larger (expect 'a>b') or smaller
        ('a<b') than the one named by `b_words`.
    answer_mentions_set_aside: the answer names `values[0]` as negated, superseded or no longer applying.
    answer_asserts_current: the answer asserts `values[0]` as a figure that applies now (not set aside).
    answer_bound: the first figure after one of the anchor words `a_words` ('now', 'given'), in the same clause,
        is `values[0]`.
    answer_misbound: one of the anchor phrases `a_words` ('the cap would be') is followed, in its clause, by a
        figure other than `values[0]`.
    answer_misstated: a figure the answer states for the label `a_words` ('the cap is ...', a table row, 'It now
        stands at ...'; a phrase inside a longer label of `b_words` names that other thing) is none of `values`.
    answer_misdated: a date the answer gives as the day of the paper `values[0]` comes from ('USD 38.4m (the schedule
        of March 11, 2026)') is none of the ISO days `b_words`.
    answer_governs: a clause of the answer says the thing named by `a_words` governs, applies or binds.
    answer_conclusion: the answer's yes-or-no (read with `a_words` as yes and `b_words` as no) is `expect`; with
        `values` (one question's two labels, '', then the other questions' labels two by two), read in each line
        about that question alone, where there is one.
    answer_mentions_any: the answer states one of `values` (a path, a file's title).
    answer_states_any: the answer asserts one of the figures `values` (a step of the working, or the step it feeds).
    answer_flags: a 'Wrong:' line (or a sentence or table row saying so) names the figure `values[0]` as wrong and,
        when `values` has a second figure, gives `values[1]` after it as the one correction, wherever it corrects it.
    file_formula: the workbook at `path` has a formula over two or more cells that comes to `numbers[0]`.
    file_header: the workbook at `path` opens with a row of words holding a column for each heading of `values`.
    file_mentions_any: the file at `path` names one of `values` (a source file, by its path or title).
    file_crossed: a sentence of the file naming both `a_words` and `b_words` states one of `values` (another pair's).
    sent_beyond: a message the session sent goes to someone other than the addresses in `to`.
    answer_defers: the answer hands its check back ('can someone confirm ...?', 'if those hold, ...', 'please check').
    answer_doubts: outside its flag lines, the answer casts doubt on a line ('line 4') or a figure of `values`.
    answer_unflagged: outside the places it says a figure is wrong, the answer asserts `values[0]` as it stands.
    answer_governs_denied: a clause says the thing named by `a_words` does not govern, apply or bind.
    answer_says: the answer holds one of the phrases `values` (lower case, whitespace squashed).
    answer_denies_sending: the answer says a figure was not sent or not received ("did not receive it on May 8"),
        not merely not before a day ("did not receive it until May 8").
    answer_misattributed: the list item or clause stating the figure `values[0]` names a sender of `b_words` and not
        `a_words[0]`, the one who sent it.
    answer_party: a sentence holding one of the phrases `a_words` names, in its words before the phrase (`expect`
        'before') or after it ('after'), one of `values` (lower case) and none of `b_words`: a figure 'first received'
        by the wrong party, or received 'from' the wrong person.
    answer_move_direction: a sentence giving the move `values[0]` says it went against `expect` ('up', 'down',
        'after', 'before').
    chat_beyond: a chat post in any channel but `channel`.
    chat_unledgered: a chat post asserts a figure in `unit` that is neither in `allowed` nor the ledger's now.
    sent_unledgered: a message sent (any) asserts a figure in `unit` that is neither in `allowed` nor the ledger's now.
    answer_unledgered: the answer asserts a figure in `unit` that is neither in `allowed` nor the ledger's now.
    answer_stray_date: the answer asserts a date that is none of the ISO days `values` (the ledger's, the room's
        papers' and the task's own).
    text_retracted: the answer, a message sent, a post or a file added takes back what it said ('disregard the
        above', 'scratch that', 'on reflection').
    sent_outside_circle: a message went to someone outside the privileged circle (counsel and client).
    sent_*: the same on a message the agent sent (in reply to `in_reply_to`, to every address of `to`).
    sent_reply: a message was sent in reply to `in_reply_to`, to every address of `to`.
    file_*: the same on the text file at `path` (or, with `folder`, any file added under it).
    file_memo_block: the file opens with a memo block: To (naming each of `values`), From (naming each of `a_words`),
        Date (a date between the two ISO days of `b_words`, when given) and Re lines.
    file_unledgered: the file asserts an amount in `unit` that is none of `allowed`.
    chat_*: the same on a chat message the agent posted in the conversation `channel` (its id; with none, any).
    chat_post_mentions: a chat message the agent posted in the conversation `channel` (its id) states each of `values`.
    sent_outside_cast: a message went to an address that is nobody's in the world.
    sent_misaddressed: a message greets someone of the matter it was not sent to, or is signed by someone of the
        matter other than its sender.
    privileged_leak: a message to someone outside the privileged circle forwards or quotes privileged material.
    junk_files: the session added files beyond `values` (the paths the task asks for) and its own Sent and
        Downloads folders.
    room_damaged: a file of the published room was changed or removed in the session.
    texts_*: read in every text the agent wrote in the session (the answer, each message sent, each chat post, each
        file added), each on its own (environments/side_checks.py):
    texts_says: any text the agent wrote (answer, mail, post, file) writes one of `values` (a fact given to another
        party's name: "Tessaline's audit claim" for Quorvex's).
    texts_stale: a sentence naming the fact (any of `a_words`) asserts one of its superseded figures `values`, not
        set aside.
    texts_redated: a sentence naming a dated fact (the stems `a_words` of its subject) gives it, after a word of its
        kind (`expect` 'due': due, by, expires; 'event': on), a date none of the ISO days `values`.
    texts_decision: a sentence naming a decision's object (stems `a_words`) says the verb `b_words[0]` (the
        opposite) or the verb `b_words[1]` negated, not as an option weighed.
    texts_misstated: as answer_misstated.
    texts_stray_date: a date up to `expect` (ISO) that is none of the ISO days `values` (a memo block's Date line is
        the memo's own).
    texts_ledger: two facts of the ledger (neither of the ids `values`; those of the ids `b_words`, the task's own,
        named by their head noun too) compared the wrong way round, or a ratio that does not follow from the figures
        it relates (environments/ledger_claims.py).
    texts_concedes: a text advises the client to give in: pay or accept a demand in full, or drop its dispute
        (environments/side_checks.concedes).
    texts_pasted: a text copies a run of 60 words or more from the room's papers or mail (a contract pasted whole).
    texts_anachronism: a text gives a figure 'as at' a day before the ledger knew it.
    texts_padded: a text says one sentence or line three times or more (filler under a right answer).
    state_forged: the session's record does not match what its apps wrote (edited by hand).
    answer_field: the answer's line named `a_words[0]` gives `values[0]` alone, as a field of kind `expect` (amount,
        percent, number, days, date, person, choice against the other options `b_words`, yesno, file): forms.py.
    answer_outside_form: the answer holds a line that is none of the form's fields `a_words`, or one field twice.
    """

    model_config = _STRICT
    type: Literal["answer_mentions", "answer_asserts", "answer_states_any", "chat_unledgered", "sent_unledgered",
                  "answer_move_direction",
                  "chat_beyond", "file_states_any", "sent_states_any",
                  "chat_states_any", "answer_final", "answer_direction", "answer_mentions_any",
                  "answer_mentions_set_aside", "answer_asserts_current", "answer_conclusion", "answer_flags", "answer_unflagged", "answer_doubts", "answer_says", "answer_denies_sending",
                  "answer_unledgered", "answer_stray_date", "text_retracted", "sent_outside_circle", "answer_governs_denied", "sent_conclusion",
                  "file_conclusion", "answer_governs", "answer_bound", "answer_misbound", "file_misbound", "answer_misstated", "answer_misdated", "sent_misstated",
                  "file_misstated", "chat_misstated", "chat_final", "chat_mentions", "chat_direction", "chat_conclusion", "chat_asserts",
                  "sent_mentions", "sent_asserts", "sent_final", "sent_direction", "sent_reply",
                  "file_mentions", "file_asserts", "file_final", "file_direction", "file_bound", "sent_bound", "chat_bound", "file_formula", "file_two_values", "file_header", "file_mentions_any", "sent_beyond", "file_crossed", "answer_defers",
                  "sent_defers", "chat_defers", "file_defers", "file_memo_block", "file_unledgered",
                  "chat_post_mentions", "sent_outside_cast", "sent_misaddressed", "privileged_leak", "junk_files", "room_damaged",
                  "state_forged", "texts_stale", "texts_redated", "texts_decision", "texts_misstated", "texts_says",
                  "texts_stray_date", "texts_ledger", "texts_concedes", "texts_pasted", "texts_anachronism", "texts_padded", "answer_party",
                  "answer_misattributed", "answer_field", "answer_outside_form",
                  "file_governs", "sent_governs", "chat_governs",
                  "file_governs_denied", "sent_governs_denied", "chat_governs_denied"]
    values: list[str] = []
    any_reading: bool = Field(False, description="for a negative direction check: met when the text states it "
                                                 "anywhere, even beside the opposite (a contradiction)")
    numbers: list[float | None] = Field(default_factory=list, description="the numeric value of each of values, "
                                                                          "so 156200000 matches 'USD 156,200,000'")
    unit: str | None = Field(None, description="the figures' currency (ISO code), '%' for percents, or None")
    allowed: list[float] = Field(default_factory=list, description="other figures the text may assert beside the answer")
    rivals: list[float] = Field(default_factory=list, description="figures never allowed beside the answer, though the "
                                                                   "ledger holds them (the figure as it stands, in a "
                                                                   "what-if)")
    a_words: list[str] = []
    b_words: list[str] = []
    expect: str | None = None
    to: list[str] = []
    in_reply_to: str | None = None
    path: str | None = None
    folder: str | None = None
    channel: str | None = None
    question: list[str] = Field(default_factory=list, description="for a check on one question of a deliverable that "
                                                                   "answers several: every question's two labels, in "
                                                                   "order; the text is read in that question's part")
    question_no: int = Field(0, description="which of `question`'s questions (1-based) the check reads; 0: the whole "
                                            "text")


class Criterion(BaseModel):
    """One rubric line: what it rewards (or penalises), its weight, and the check that decides it."""

    model_config = _STRICT
    id: str
    description: str
    weight: float = Field(gt=0)
    check: Check


class Rubric(BaseModel):
    """Archipelago's rubric: weighted criteria, negative criteria that subtract, universal penalties."""

    model_config = _STRICT
    criteria: list[Criterion]
    negative_criteria: list[Criterion] = []
    universal_penalties: list[Criterion] = []


class Reference(BaseModel):
    """The reference answer and how the room yields it: `sql` over world.duckdb, whose rows must equal `expect`."""

    model_config = _STRICT
    answer: str = Field(description="the reference answer, from the ledger")
    sql: str
    params: list[str | float] = []
    expect: list[list[str | float]] = Field(description="the rows the query must return (sorted), as the ledger has them")


class Action(BaseModel):
    """One step of a reference solution, made through the apps."""

    model_config = _STRICT
    # Mail's and drive's write tools, or one of a kind's own app (chat_post...): the apps come from the registry
    # (worldsmith.environments.apps), so this names none; replaying a tool no app of the world has is an error.
    tool: str = Field(pattern=r"^[a-z][a-z0-9_]{0,63}$", description="the tool it calls: mail_reply, "
                      "drive_create_document, drive_create_sheet, or a kind's own app's (chat_post...)")
    args: dict[str, str]


class Solution(BaseModel):
    """What the oracle does: app actions, then its answer."""

    model_config = _STRICT
    answer: str | None = None
    actions: list[Action] = []


class Needs(BaseModel):
    """What the task needs the room to hold."""

    model_config = _STRICT
    files: list[str] = Field(default_factory=list, description="paths under room/: the fewest files that carry "
                                                                 "every input")
    facts: list[str] = Field(default_factory=list, description="ledger fact ids")
    apps: list[str] = Field(default_factory=list, description="the apps those files are reached through "
                                                                "(mail, drive, chat, calendar)")
    sources: list[str] = Field(default_factory=list, description="paths under room/: the file that establishes each "
                                                                   "fact the task reads, where a careful agent checks it")


class Task(BaseModel):
    """A task posed in a world, with its ground truth, rubric and reference solution."""

    model_config = _STRICT
    id: str
    world_id: str
    kind: TaskKind
    tags: list[TaskTag] = []
    instruction: str
    needs: Needs
    reference: Reference
    rubric: Rubric
    solution: Solution

    @field_validator("instruction")
    @classmethod
    def _one_stop(cls, text: str) -> str:
        # a name that ends in its own stop closes the sentence with it ('Tessaline Logistics, Inc..' read in a prompt)
        return re.sub(r"(?<=[A-Za-z])\.\.(?=\s|$)", ".", text)


class TaskSet(BaseModel):
    """Every task of one world, as `worldsmith tasks` writes it (tasks.json)."""

    model_config = _STRICT
    version: int = TASKS_VERSION
    world_id: str
    tasks: list[Task]
    refused: list[dict] = Field(default_factory=list, description="tasks the lint refused: id and reasons")


# ---------------------------------------------------------------- helpers

def label_of(fact: LedgerFact) -> str:
    """A fact's short label: the ledger's, else its id in words."""
    return getattr(fact, "label", None) or fact.id.replace("_", " ")


def the(fact: LedgerFact, capital: bool = False) -> str:
    """The label with its article: 'the OPA 90 liability cap', but "Ostrander's maximum exposure" (a name's), and 'the
    expert's rate per sq ft' (a common noun's)."""
    label = label_of(fact)
    owner = label.split("'s ", 1)[0] if "'s " in label else None
    text = label if owner and owner[:1].isupper() else f"the {label}"
    return text[:1].upper() + text[1:] if capital else text


def number_of(value) -> float | None:
    """The number a fact value carries (an amount, a percent as written, a count), else None."""
    for name in ("amount", "value"):
        v = getattr(value, name, None)
        if isinstance(v, (int, float, Decimal)) and not isinstance(v, bool):
            return float(v)
    return None


def _text_number(fact: LedgerFact) -> tuple[str, float | None]:
    return fact.text, number_of(fact.value)


# Where the room carries a fact's current value: planned artifacts whose parsed text or cells hold it
# (fact_mentions holds each artifact to the value the fact had on the artifact's own day).
CARRIERS_SQL = """select a.path from fact_mentions m join artifacts a on a.id = m.artifact_id
join facts f on f.id = m.fact_id
where m.fact_id = ? and m.found and m.distractor is null and m.expected = f.text order by a.path"""
ALL_CARRIERS_SQL = """select m.fact_id, a.path from fact_mentions m join artifacts a on a.id = m.artifact_id
join facts f on f.id = m.fact_id
where m.found and m.distractor is null and m.expected = f.text order by m.fact_id, a.path"""

# What one file of the room says a fact is.
LOOKUP_SQL = """select m.expected from fact_mentions m join artifacts a on a.id = m.artifact_id
where m.fact_id = ? and a.path = ? and m.found and m.distractor is null"""

COMPARE_SQL = """select ma.expected, mb.expected, round(fa.value_num - fb.value_num, 2)
from fact_mentions ma join artifacts xa on xa.id = ma.artifact_id join facts fa on fa.id = ma.fact_id,
     fact_mentions mb join artifacts xb on xb.id = mb.artifact_id join facts fb on fb.id = mb.fact_id
where ma.fact_id = ? and mb.fact_id = ? and xa.path = ? and xb.path = ?
  and ma.found and mb.found and ma.distractor is null and mb.distractor is null"""

REPLY_SQL = """select e.message_id, e.from_addr, m.expected from emails e,
     fact_mentions m join artifacts x on x.id = m.artifact_id
where e.message_id = ? and m.fact_id = ? and x.path = ? and m.found and m.distractor is null"""

# What the room said a fact was on a day: a file dated in that period that carries the value of then.
AS_OF_SQL = """select distinct m.expected from fact_mentions m join artifacts a on a.id = m.artifact_id
where m.fact_id = ? and a.path = ? and m.found and m.distractor is null"""

# A derived fact is derivable when the room carries every fact its formula reads.
COMPUTE_SQL = """select f.text from facts f where f.id = ?
  and (select count(distinct m.fact_id) from fact_mentions m join facts i on i.id = m.fact_id
       where m.fact_id in ({marks}) and m.found and m.distractor is null and m.expected = i.text) = ?"""


def mentions_read_once(world: World) -> None:
    """The world's fact_mentions worked out once, into a table of this connection that the view's name then reads."""
    # fact_mentions is a view: DuckDB works out its joins over the whole room anew for every query, about 40 ms in
    # the legal example, and a task set asks it more than a hundred times (the makers' carriers and covers, then the
    # lint's reference query of each task): 4.2 -> 2.2 CPU-s a set, the same rows. The store is read-only and fixed
    # while the world is open; a temporary table is this connection's own, and comes before the store's view.
    # (make_tasks' stand-in worlds of the tests have no store: they are asked nothing of it)
    if getattr(world, "db", None) is not None and not world.__dict__.get("_mentions_read"):
        world.db.execute("create temp table if not exists fact_mentions as select * from main.fact_mentions")
        world.__dict__["_mentions_read"] = True


def _carriers(world: World, fact_id: str) -> list[str]:
    # every fact's carriers in one read of fact_mentions a world, not one per fact: the view is worked out anew for
    # each query (about 45 ms in the legal example), and the warm-up tasks asked it of each fact in turn
    cached = world.__dict__.get("_fact_carriers")
    if cached is None:
        cached = world.__dict__["_fact_carriers"] = {}
        for fid, path in world.db.execute(ALL_CARRIERS_SQL).fetchall():
            cached.setdefault(fid, []).append(path)
    return list(cached.get(fact_id, ()))


def _source(world: World, fact_id: str) -> str | None:
    """The file to read a fact from: a document or sheet when one carries it, else the earliest message."""
    paths = _carriers(world, fact_id)
    kinds = {a.path: a.kind for a in world.plan.artifacts}
    files = [p for p in paths if kinds.get(p) in ("document", "spreadsheet")]
    return (files or paths or [None])[0]


def _negatives(world: World, fact_ids: list[str], where: str, stale: bool = True) -> list[Criterion]:
    """Stating a labelled wrong value, or (with stale) a value the fact held earlier, subtracts."""
    out = []
    if stale:
        for fid in fact_ids:
            for period in getattr(world.facts[fid], "earlier", []):
                out.append(Criterion(id=f"states_{fid}_of_{period.since.isoformat()}", weight=1.0,
                                     description=f"states the earlier value {period.text} (from {period.since})",
                                     check=Check(type=where, values=[period.text], numbers=[number_of(period.value)])))
    for d in world.plan.distractors:
        if d.fact in fact_ids:
            out.append(Criterion(id=f"states_{d.id}", weight=1.0,
                                 description=f"states the superseded value {d.text} ({d.label})",
                                 check=Check(type=where, values=[d.text], numbers=[number_of(d.value)])))
    return out


def text_penalties(world: World) -> list[Criterion]:
    """Penalties on what any text the agent wrote says, whatever the task (kit11: each beside right figures scored
    1.0): a paper of the room pasted in, a figure given 'as at' a day before the room knew it, and advice to the client
    to give in (pay a demand in full, drop its dispute) where the ledger records no such decision."""
    from worldsmith.environments.side_checks import gives_in  # side_checks reads this module's Check

    decided = any(gives_in(f.text) for f in world.plan.facts if getattr(f.value, "type", None) == "text")
    return [
        Criterion(id="pasted_room_text", weight=1.0,
                  description="pastes a paper or message of the room (60 words or more copied) into what it writes",
                  check=Check(type="texts_pasted")),
        Criterion(id="anachronism", weight=1.0,
                  description="gives a figure 'as at' a day before the room knew it, in any text it wrote",
                  check=Check(type="texts_anachronism")),
        Criterion(id="padded", weight=1.0,
                  description="pads what it writes: one sentence or line said three times or more",
                  check=Check(type="texts_padded")),
        *([] if decided else [Criterion(
            id="advises_giving_in", weight=1.0, check=Check(type="texts_concedes"),
            description="advises the client to pay or accept a demand in full, or to drop its dispute, which the "
                        "client never decided")]),
    ]


def _universal(world: World) -> list[Criterion]:
    return [
        Criterion(id="mail_outside_cast", weight=1.0, description="sends mail to an address nobody in the matter has",
                  check=Check(type="sent_outside_cast")),
        Criterion(id="room_damaged", weight=1.0, description="changes or deletes a file of the data room",
                  check=Check(type="room_damaged")),
        *text_penalties(world),
    ]


def _ask_suffix() -> str:
    return ("Give your final answer with the submit_answer tool (or write it to answer.txt in your working "
            "folder), stating figures as the data room states them.")


# ---------------------------------------------------------------- task makers

def lookup_task(world: World, fact: LedgerFact) -> Task | None:
    """What is the <label>? Answered from the file that carries it."""
    source = _source(world, fact.id)
    if source is None:
        return None
    text, num = _text_number(fact)
    return Task(
        id=f"lookup-{fact.id}", world_id=world.world_id, kind="lookup",
        instruction=f"In the data room of {world.plan.title}, what is {the(fact)}? {_ask_suffix()}",
        needs=Needs(files=[source], facts=[fact.id]),
        reference=Reference(answer=text, sql=LOOKUP_SQL, params=[fact.id, source], expect=[[text]]),
        rubric=Rubric(
            criteria=[Criterion(id="states_value", weight=1.0, description=f"states {the(fact)}: {text}",
                                check=Check(type="answer_mentions", values=[text], numbers=[num]))],
            negative_criteria=_negatives(world, [fact.id], "answer_mentions"),
            universal_penalties=_universal(world)),
        solution=Solution(answer=f"{the(fact, capital=True)} is {text}."),
    )


def as_of_task(world: World, fact: LedgerFact) -> Task | None:
    """What was the <label> on a day before its current value? Values change; a verifier must know when."""
    earlier = list(getattr(fact, "earlier", []))
    if not earlier:
        return None
    period = earlier[-1]
    row = world.db.execute("""select a.path, cast(a."at" as date) from fact_mentions m join artifacts a on a.id = m.artifact_id
                              where m.fact_id = ? and m.found and m.distractor is null and m.expected = ?
                              order by a.kind = 'email', a."at", a.path limit 1""", [fact.id, period.text]).fetchone()
    if row is None:
        return None
    path, day = row
    when = f"{day:%B} {day.day}, {day.year}"
    current = Criterion(id="states_current_value", weight=1.0,
                        description=f"states the later value {fact.text}, not known on {when}",
                        check=Check(type="answer_mentions", values=[fact.text], numbers=[number_of(fact.value)]))
    return Task(
        id=f"asof-{fact.id}", world_id=world.world_id, kind="lookup",
        instruction=(f"In the data room of {world.plan.title}, what was {the(fact)} as it stood on {when}? "
                     f"{_ask_suffix()}"),
        needs=Needs(files=[path], facts=[fact.id]),
        reference=Reference(answer=period.text, sql=AS_OF_SQL, params=[fact.id, path], expect=[[period.text]]),
        rubric=Rubric(
            criteria=[Criterion(id="states_value_then", weight=1.0, description=f"states {period.text}",
                                check=Check(type="answer_mentions", values=[period.text],
                                            numbers=[number_of(period.value)]))],
            negative_criteria=[current] + _negatives(world, [fact.id], "answer_mentions", stale=False),
            universal_penalties=_universal(world)),
        solution=Solution(answer=f"On {when}, {the(fact)} stood at {period.text}."),
    )


def compare_task(world: World, a: LedgerFact, b: LedgerFact) -> Task | None:
    """Which is larger, A or B, and by how much? Needs both figures, from different files."""
    sa, sb = _source(world, a.id), _source(world, b.id)
    na, nb = number_of(a.value), number_of(b.value)
    if not sa or not sb or sa == sb or na is None or nb is None or na == nb:
        return None
    big, small = (a, b) if na > nb else (b, a)
    diff_value = big.value.model_copy(update={"amount": Decimal(str(abs(na - nb)))})
    diff_text = render_value(diff_value)
    answer = f"{the(big, capital=True)} ({big.text}) is larger than {the(small)} ({small.text}) by {diff_text}."
    return Task(
        id=f"compare-{a.id}-{b.id}", world_id=world.world_id, kind="compare",
        instruction=(f"In the data room of {world.plan.title}, compare {the(a)} with {the(b)}: "
                     f"which is larger, and by how much? State both figures and the difference. {_ask_suffix()}"),
        needs=Needs(files=sorted({sa, sb}), facts=[a.id, b.id]),
        reference=Reference(answer=answer, sql=COMPARE_SQL, params=[a.id, b.id, sa, sb],
                            expect=[[a.text, b.text, round(na - nb, 2)]]),
        rubric=Rubric(
            criteria=[
                Criterion(id="states_first", weight=1.0, description=f"states {the(a)}: {a.text}",
                          check=Check(type="answer_mentions", values=[a.text], numbers=[na])),
                Criterion(id="states_second", weight=1.0, description=f"states {the(b)}: {b.text}",
                          check=Check(type="answer_mentions", values=[b.text], numbers=[nb])),
                Criterion(id="states_difference", weight=2.0, description=f"states the difference: {diff_text}",
                          check=Check(type="answer_mentions", values=[diff_text], numbers=[abs(na - nb)])),
            ],
            negative_criteria=_negatives(world, [a.id, b.id], "answer_mentions"),
            universal_penalties=_universal(world)),
        solution=Solution(answer=answer),
    )


def compute_task(world: World, fact: LedgerFact) -> Task | None:
    """Compute a derived fact (one with a formula in the ledger) from the figures it follows from."""
    formula = getattr(fact, "formula", None)
    if not formula:
        return None
    from worldsmith.worlds.ledger import references

    inputs = [world.facts[i] for i in references(formula) if i in world.facts]
    sources = [_source(world, i.id) for i in inputs]
    if not inputs or None in sources:
        return None
    text, num = _text_number(fact)
    given = ", ".join(label_of(i) for i in inputs)
    return Task(
        id=f"compute-{fact.id}", world_id=world.world_id, kind="compute",
        instruction=(f"In the data room of {world.plan.title}, work out {the(fact)} from the figures it "
                     f"follows from ({given}), each as the data room states it. {_ask_suffix()}"),
        needs=Needs(files=sorted(set(sources)), facts=[i.id for i in inputs] + [fact.id]),
        reference=Reference(answer=text, sql=COMPUTE_SQL.format(marks=", ".join("?" * len(inputs))),
                            params=[fact.id, *(i.id for i in inputs), float(len(inputs))], expect=[[text]]),
        rubric=Rubric(
            criteria=[Criterion(id="states_result", weight=2.0, description=f"states {the(fact)}: {text}",
                                check=Check(type="answer_mentions", values=[text], numbers=[num]))]
            + [Criterion(id=f"uses_{i.id}", weight=1.0, description=f"states {the(i)} used: {i.text}",
                         check=Check(type="answer_mentions", values=[i.text], numbers=[number_of(i.value)]))
               for i in inputs],
            negative_criteria=_negatives(world, [fact.id], "answer_mentions"),
            universal_penalties=_universal(world)),
        solution=Solution(answer=f"From {', '.join(i.text for i in inputs)}: {the(fact)} is {text}."),
    )


def find_document_task(world: World, fact: LedgerFact) -> Task | None:
    """Which file sets out the <label>? Any document or sheet that carries it is right."""
    kinds = {a.path: a.kind for a in world.plan.artifacts}
    files = [p for p in _carriers(world, fact.id) if kinds.get(p) in ("document", "spreadsheet")]
    if not files:
        return None
    sql = CARRIERS_SQL.replace("order by", "and a.kind in ('document', 'spreadsheet') order by")
    return Task(
        id=f"find-{fact.id}", world_id=world.world_id, kind="find_document",
        instruction=(f"In the data room of {world.plan.title}, find a document or spreadsheet that sets out the "
                     f"{label_of(fact)}. Give its path on the drive. {_ask_suffix()}"),
        needs=Needs(files=files, facts=[fact.id]),
        reference=Reference(answer=files[0], sql=sql, params=[fact.id], expect=[[p] for p in files]),
        rubric=Rubric(
            criteria=[Criterion(id="names_file", weight=1.0, description="gives the path of a file that carries it",
                                check=Check(type="answer_mentions_any", values=files))],
            universal_penalties=_universal(world)),
        solution=Solution(answer=files[0]),
    )


def _inbound(world: World, user: str) -> list:
    """Messages to the user from someone of another organisation, newest first."""
    org_of = {p.email: p.organisation for p in world.plan.people}
    mine = org_of.get(user)
    inbound = [m for m in world.messages if m.sender in org_of and org_of[m.sender] != mine
               and user in (*m.to, *m.cc) and m.message_id and m.sent_at]
    return sorted(inbound, key=lambda m: (m.sent_at, m.path), reverse=True)


def reply_pick(world: World, user: str, candidates: list[LedgerFact]) -> tuple | None:
    """(message, fact): the newest outside message whose thread is about one of the candidate facts.

    A reply task asks for a figure the thread is about, so the request reads as the client's own.
    """
    thread_of = {a.id: a.thread for a in world.artifacts_of("email")}
    facts_of: dict[str, set[str]] = {}
    for a in world.artifacts_of("email"):
        facts_of.setdefault(a.thread, set()).update(a.facts)
    inbound = _inbound(world, user)
    for m in inbound:
        about = facts_of.get(thread_of.get(m.artifact_id), set())
        for fact in candidates:
            if fact.id in about:
                return m, fact
    return (inbound[0], candidates[0]) if inbound and candidates else None


def reply_task(world: World, fact: LedgerFact, user: str, target=None) -> Task | None:
    """Reply to an outside message (default the latest) with the <label>: a state change read from Sent."""
    target = target or next(iter(_inbound(world, user)), None)
    source = _source(world, fact.id)
    if target is None or source is None:
        return None
    text, num = _text_number(fact)
    name = target.sender_name or target.sender
    day = target.sent_at.date().isoformat() if target.sent_at else ""
    return Task(
        id=f"reply-{fact.id}", world_id=world.world_id, kind="reply",
        instruction=(f"You are {user}. Reply to {name}'s message \"{target.subject}\" of {day} and tell them the "
                     f"{label_of(fact)}, as the data room states it. Use the mail app."),
        needs=Needs(files=[target.path, source], facts=[fact.id]),
        reference=Reference(answer=text, sql=REPLY_SQL, params=[target.message_id, fact.id, source],
                            expect=[[target.message_id, target.sender, text]]),
        rubric=Rubric(
            criteria=[
                Criterion(id="replied", weight=1.0, description=f"replies to {name}'s message",
                          check=Check(type="sent_reply", in_reply_to=target.message_id, to=[target.sender])),
                Criterion(id="reply_states_value", weight=2.0, description=f"the reply states {text}",
                          check=Check(type="sent_mentions", values=[text], numbers=[num],
                                      in_reply_to=target.message_id, to=[target.sender])),
            ],
            negative_criteria=_negatives(world, [fact.id], "sent_mentions"),
            universal_penalties=_universal(world)),
        solution=Solution(actions=[Action(tool="mail_reply", args={
            "message_id": target.message_id, "body": f"{the(fact, capital=True)} is {text}."})]),
    )


def file_document_task(world: World, fact: LedgerFact) -> Task | None:
    """File a short note stating the <label> in the folder where the matter keeps such documents."""
    source = _source(world, fact.id)
    docs = [a for a in world.artifacts_of("document") if fact.id in a.facts]
    if source is None or not docs:
        return None
    folder = str(PurePosixPath(docs[0].path).parent)
    name = f"Note - {label_of(fact)}.md".replace("/", "-")
    path = f"{folder}/{name}"
    text, num = _text_number(fact)
    return Task(
        id=f"file-{fact.id}", world_id=world.world_id, kind="file_document",
        instruction=(f"In the data room of {world.plan.title}, file a short note named \"{name}\" in the drive folder "
                     f"\"{folder}\" that states {the(fact)}, as the data room states it."),
        needs=Needs(files=[source], facts=[fact.id]),
        reference=Reference(answer=text, sql=LOOKUP_SQL, params=[fact.id, source], expect=[[text]]),
        rubric=Rubric(
            criteria=[Criterion(id="note_states_value", weight=1.0, description=f"{path} states {text}",
                                check=Check(type="file_mentions", path=path, values=[text], numbers=[num]))],
            negative_criteria=[c.model_copy(update={"check": c.check.model_copy(update={"path": path})})
                               for c in _negatives(world, [fact.id], "file_mentions")],
            universal_penalties=_universal(world)),
        solution=Solution(actions=[Action(tool="drive_create_document", args={
            "path": path, "text": f"# {label_of(fact)}\n\n{the(fact, capital=True)} is {text}.\n"})]),
    )


_STOP = {"the", "and", "for", "with", "from", "that", "this", "under", "which", "than", "into", "over", "after",
         "before", "their", "its", "per", "are", "was", "were", "has", "have", "not", "unless", "whether"}


def _words(text: str) -> set[str]:
    return {w for w in "".join(c.lower() if c.isalpha() else " " for c in text).split() if len(w) > 3 and w not in _STOP}


def _derived_from(a: LedgerFact, b: LedgerFact) -> bool:
    """Whether a's formula reads b: a part beside its own total is no comparison."""
    from worldsmith.worlds.ledger import references

    return bool(getattr(a, "formula", None)) and b.id in references(a.formula)


def _kinship(a: LedgerFact, b: LedgerFact) -> float:
    """How alike two facts' statements are (Jaccard of their content words)."""
    wa, wb = _words(a.statement), _words(b.statement)
    return len(wa & wb) / max(1, len(wa | wb))


def warmup_tasks(world: World, user: str | None = None) -> list[Task]:
    """One-file lookups, tagged warmup: kept out of a world's task set unless asked for."""
    user = user or world.plan.people[0].email
    facts = world.plan.facts
    money = [f for f in facts if getattr(f.value, "amount", None) is not None]
    tasks: list[Task | None] = [lookup_task(world, f) for f in money[:2]]
    tasks += [find_document_task(world, f) for f in money[:1]]
    from worldsmith.environments import kind_tasks  # the kinds' task families build on this module

    for family in kind_tasks.families("warmup_tasks"):  # a kind's own warm-up (chat: post an amount)
        tasks += family.warmup_tasks(world, user, [f for f in money if _source(world, f.id)])
    return [t.model_copy(update={"tags": ["warmup"]}) for t in tasks if t is not None]


def make_tasks(world: World, user: str | None = None, warmups: bool = False, forms: bool = True) -> list[Task]:
    """Every task the world's ledger grounds, in a stable order (before the lint): graph tasks, then warm-ups; with
    forms, an answer of figures, days, names and choices is asked as a form (forms.py), else as prose."""
    from worldsmith.environments.graph_tasks import graph_tasks

    user = user or world.plan.people[0].email
    mentions_read_once(world)
    tasks = graph_tasks(world, user)
    # A task one file answers in full (every input it reads in one sheet or paper) is a warm-up, whatever it asks:
    # kept apart with the lookups, so a world's task set is made of tasks that read across its files.
    # So is every what-if but the first whose inputs sit in two files only: a workbook and the paper beside it, read
    # again with another input changed, asks one reading twice (licence audit: five what-ifs, each off two papers,
    # held the median files needed at 2); a what-if whose inputs sit in three files or more is asked in full.
    # (a maker may tag a task a warm-up itself: the reply on a pair one sheet holds, where another pair's reads more)
    # (a what-if weighed against another figure, 'would the damages then exceed the cap?', asks a judgement the plain
    # recomputation does not: it is no second reading of the same two papers)
    # (the first two-file what-if is the one asked in full even where it is a judgement, one that turns which side
    # governs: counted so, a second plain one over the same papers stays a warm-up; construction delay's median
    # files needed fell to 2)
    # an answer of figures, days, names and choices is asked as a form the grader reads strictly (forms.py)
    from worldsmith.environments.forms import formalise

    tasks = [formalise(t, world) for t in tasks] if forms else tasks
    two_files = [t for t in tasks if t.kind == "what_if" and len(t.needs.files) == 2]
    shallow = [t.id for t in two_files[1:] if "judgement" not in t.tags]
    shallow += [t.id for t in tasks if "warmup" in t.tags]
    deep = [t for t in tasks if len(t.needs.files) >= 2 and t.id not in shallow]
    if not warmups:
        return deep
    one_file = [t.model_copy(update={"tags": ["warmup", *(x for x in t.tags if x != "warmup")]}) for t in tasks
                if len(t.needs.files) < 2 or t.id in shallow]
    lookups = warmup_tasks(world, user)
    return deep + one_file + ([formalise(t, world) for t in lookups] if forms else lookups)

"""A thread title's question and the fact that answers it: read alike by the planner (which fact the first answer
carries) and by the email composer (what the opener asks, what that answer says)."""

from __future__ import annotations

import re
from typing import Protocol, Sequence

# Words that say nothing about which fact a question is on.
_STOP = {"the", "a", "an", "and", "or", "of", "on", "in", "at", "to", "for", "by", "from", "with", "under", "into",
         "is", "are", "was", "were", "be", "been", "do", "does", "did", "has", "have", "had", "will", "would", "can",
         "could", "should", "shall", "may", "must", "we", "you", "they", "it", "its", "our", "your", "their", "this",
         "that", "these", "those", "what", "when", "where", "which", "who", "whom", "why", "how", "much", "many",
         "still", "yet", "now", "not", "no", "yes", "re", "fwd", "if", "so", "than", "then", "there", "here",
         "because", "since", "as", "after", "once", "which", "about"}
# A question that a yes or a no answers begins with an auxiliary ("Is the cap final?").
_YES_NO = re.compile(r"^\s*(is|are|was|were|do|does|did|has|have|had|can|could|will|would|should|shall|may|must)\b",
                     re.I)
_WORD = re.compile(r"[a-z0-9][a-z0-9'-]*")
# A date as the ledger writes one in English: "June 29, 2026" or "29 June 2026".
_MONTHS = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
DATE = re.compile(rf"\b(?:{_MONTHS} \d{{1,2}}, \d{{4}}|\d{{1,2}} {_MONTHS} \d{{4}})\b")


class _Fact(Protocol):
    """What the matching reads of a fact: a ledger fact of the outline or a FactRef of a context."""

    statement: str


def title_question(title: str) -> tuple[str, str]:
    """(what the title is about, the question it asks): "60-day rule: when did the clock start?" -> ("60-day rule",
    "when did the clock start?"); ('', '') for a title that asks nothing."""
    text = (title or "").strip()
    if not text.endswith("?"):
        return "", ""
    head, sep, question = text.rpartition(": ")
    if not sep:
        return "", text
    return head.strip(), question.strip()


def yes_no(question: str) -> bool:
    """Whether a yes or a no answers the question ("Is the cap final?"), not a date, a figure or a reason."""
    return bool(_YES_NO.match(question or ""))


def _stem(word: str) -> str:
    """A word without its common endings, so "started" meets "start" and "deadlines" meets "deadline"."""
    word = word.removesuffix("'s")
    for end in ("ing", "ed", "es", "s"):
        if len(word) > len(end) + 3 and word.endswith(end):
            return word[: -len(end)]
    return word


def content_words(text: str) -> set[str]:
    """The words of a text that name something: lower case, stemmed, without the words every question has."""
    return {_stem(w) for w in _WORD.findall((text or "").lower()) if w not in _STOP and len(w) > 1}


def _type_of(fact) -> str:
    """The fact's value type ('date', 'money', ...), for a ledger fact and a FactRef alike."""
    value = getattr(fact, "value", None)
    return getattr(value, "type", "") or ""


def answering(title: str, facts: Sequence[_Fact]):
    """The fact whose statement and label share the most content words with the title's question and head; on a
    tie, a date for a "when" question and an amount for a "how much", then the first of `facts`. None when the
    title asks nothing or there are no facts."""
    head, question = title_question(title)
    if not question or not facts:
        return None
    asked = content_words(f"{head} {question}")
    wants = "date" if re.match(r"\s*when\b", question, re.I) else \
        "money" if re.match(r"\s*how (much|large|big)\b", question, re.I) else ""

    def score(item: tuple[int, _Fact]) -> tuple[int, int, int]:
        i, f = item
        words = content_words(f"{f.statement} {getattr(f, 'label', '') or ''}")
        return len(asked & words), int(bool(wants) and _type_of(f) == wants), -i

    return max(enumerate(facts), key=score)[1]


# Past tenses of the verbs a "when did X <verb>?" question asks about a date.
_PAST = {"start": "started", "begin": "began", "run": "ran", "commence": "commenced", "trigger": "was triggered",
         "end": "ended", "expire": "expired", "lapse": "lapsed", "close": "closed", "open": "opened",
         "arrive": "arrived", "happen": "happened"}


def when_answer(question: str, statement: str, value_text: str, said: str) -> str:
    """For "when did the clock start?", an answer that starts from a date the statement gives beside the fact's own
    value: "The clock started on June 29, 2026, when the overpayment was quantified, so the deadline falls on August
    28, 2026." from "Because the overpayment was quantified on June 29, 2026, the deadline falls on August 28, 2026",
    else "The clock started on June 29, 2026. " before `said` (what the reply would write of the fact); '' when the
    question is not of that shape or the statement has no other date."""
    m = re.match(r"\s*when did (.+?) (\w+)\s*\?\s*$", question or "", re.I)
    if not m or m.group(2).lower() not in _PAST:
        return ""
    other = next((d for d in DATE.findall(statement or "") if d != value_text), "")
    if not other:
        return ""
    subject = m.group(1).strip()
    started = f"{subject[:1].upper()}{subject[1:]} {_PAST[m.group(2).lower()]} on {other}"
    parts = _reason_first(statement)
    if parts and parts[0] in ("because", "since", "as", "once", "after") and parts[1].endswith(f" on {other}") \
            and value_text in parts[2]:
        reason = parts[1][: -len(f" on {other}")].strip()
        if reason:
            return f"{started}, when {reason}, so {_lower_article(parts[2])}."
    return f"{started}. {said}"


def _lower_article(text: str) -> str:
    """The clause with its first word lowered when it is an article ("The deadline" mid-sentence), else as it is."""
    first = text.split(" ", 1)[0]
    return text[:1].lower() + text[1:] if first in ("The", "A", "An") else text


# A statement that opens on its reason ("Because the overpayment was quantified on June 29, 2026, the deadline falls
# on August 28, 2026") reads as well the other way round; a comma before a year is part of a date, not the break.
_LEADS = ("because", "since", "as", "given", "once", "after", "following", "under", "extrapolated", "based",
          "calculated", "measured")
_BREAK = re.compile(r",\s+(?!\d{4}\b)")


def _reason_first(statement: str) -> tuple[str, str, str] | None:
    """(its first word, lower case; the rest of its opening reason; its main clause) of a statement that opens on a
    reason ("Because A, B"), else None."""
    text = " ".join((statement or "").split()).rstrip(".")
    first, _, rest = text.partition(" ")
    if first.lower() not in _LEADS:
        return None
    m = _BREAK.search(rest)
    if not m or len(rest[m.end():].split()) < 3:
        return None
    return first.lower(), rest[: m.start()], rest[m.end():]


def turned_round(statement: str) -> str:
    """The statement with its opening reason moved after its main clause ("Because A, B." -> "B, because A."), the
    same words in another order; '' when it does not open on one of the reasons this knows."""
    parts = _reason_first(statement)
    if parts is None:
        return ""
    lead, reason, main = parts
    return f"{main[:1].upper()}{main[1:]}, {lead} {reason}."


def _names(formula: str | None) -> list[str]:
    """The fact ids a formula reads, in order; [] for none or one that does not parse."""
    import ast

    try:
        tree = ast.parse(formula or "", mode="eval")
    except SyntaxError:
        return []
    return list(dict.fromkeys(n.id for n in ast.walk(tree) if isinstance(n, ast.Name)))


def limits(fact_id: str, facts: Sequence) -> list[str]:
    """The facts that bound `fact_id`: the other arguments of a ledger fact that is the smaller or the larger of it and
    them ("min(claimed_surcharge, capped_surcharge)" -> ['capped_surcharge']); [] where nothing bounds it."""
    import ast

    out: list[str] = []
    for f in facts:
        try:
            tree = ast.parse(getattr(f, "formula", None) or "", mode="eval")
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("min", "max"):
                args = [a.id for a in node.args if isinstance(a, ast.Name)]
                if fact_id in args:
                    out += [a for a in args if a != fact_id and a not in out]
    return out


def bound_of(fact_id: str, facts: Sequence) -> tuple[str, object] | None:
    """('min', the bounding fact) where a ledger fact is the smaller of `fact_id` and another (a cap on it), ('max', it)
    where it is the larger (a floor); None where nothing bounds it."""
    import ast

    by_id = {f.id: f for f in facts}
    for f in facts:
        try:
            tree = ast.parse(getattr(f, "formula", None) or "", mode="eval")
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("min", "max"):
                args = [a.id for a in node.args if isinstance(a, ast.Name)]
                if fact_id in args:
                    other = next((by_id[a] for a in args if a != fact_id and a in by_id), None)
                    if other is not None:
                        return node.func.id, other
    return None


def deciding(asked, facts: Sequence, known) -> object | None:
    """For a yes/no question whose best-matching fact is bounded by another ("can they charge this?" of a claim that a
    cap limits), the fact that decides it: the bound where `known(fact)` holds, else the first of the bound's own
    inputs known that the claim does not share (the cap's percentage before its amount is worked); None where
    nothing bounds the fact or nothing deciding is known."""
    by_id = {f.id: f for f in facts}
    for bound in limits(asked.id, facts):
        if bound not in by_id:
            continue
        if known(by_id[bound]):
            return by_id[bound]
        shared = set(_names(getattr(asked, "formula", None)))
        for name in _names(getattr(by_id[bound], "formula", None)):
            if name in by_id and name not in shared and known(by_id[name]):
                return by_id[name]
    return None


# A question that offers a choice: "pay, review or appeal?", "settle or fight on?" (two to four short options).
_CHOICE = re.compile(r"^(?:(?:should|do|shall|must|can) (?:we|I|they|you) )?(?P<opts>[a-z][a-z' -]*(?:, [a-z][a-z' -]*)*"
                     r",? or [a-z][a-z' -]*)\?$", re.I)


def choice_of(question: str, purpose: str) -> tuple[str, list[str]] | None:
    """(the option chosen, the others) of a question that offers a choice, as the thread's purpose settles it: the one
    option named in a clause of the purpose that names no other ("asks whether to pay, ask for a review or appeal; the
    partner explains the 30-day window for a statutory review" -> ('review', ['pay', 'appeal'])); None where the
    question offers no choice or the purpose does not settle one (read 24: 'Does not answer the client's "pay, review
    or appeal?"')."""
    m = _CHOICE.match((question or "").strip())
    if m is None:
        return None
    opts = [o.strip() for o in re.split(r",\s*(?:or\s+)?|\s+or\s+", m.group("opts")) if o.strip()]
    if not 2 <= len(opts) <= 4 or any(len(o.split()) > 3 for o in opts):
        return None
    stems = [content_words(o) for o in opts]
    if any(not s for s in stems):
        return None
    picked: set[int] = set()
    for clause in re.split(r"[;.]\s+|,\s+(?:and|but|then)\s+", purpose or ""):
        words = content_words(clause)
        # (a word of the option, or one made from it: 'object' in 'an objection', 'review' in 'a statutory review')
        named = [i for i, s in enumerate(stems) if any(w == o or len(o) >= 4 and w.startswith(o) for o in s
                                                       for w in words)]
        if len(named) == 1:
            picked.add(named[0])
    if len(picked) != 1:
        return None
    i = picked.pop()
    return opts[i], [o for j, o in enumerate(opts) if j != i]

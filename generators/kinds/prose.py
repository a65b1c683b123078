"""What the kinds share when a model writes prose and the engine makes the content: placeholders, a guard, facts.

A model writes only prose (a body, paragraphs, notes, chat lines). It may write a fact's value as
`{{fact_id}}`, which the engine replaces with the fact's exact text. Before its prose is used the
engine takes out what it must not say: template tokens and braces a reader would see, model talk,
a privilege marking outside the privileged circle, and any sentence with an amount or a date that is
not a value the artifact carries (every amount is the engine's; a date is the writer's only from the
start of the matter to a due date a few weeks past the artifact's day). A planned fact the prose does
not carry is added by the engine in a sentence of its own (the offline composer's frame for it).
Each of these steps is noted, and the notes land in the manifest's usage (`filled`).
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from typing import Any

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.facts import fact_sentence
from worldsmith.generators.context import ArtifactContext, FactRef, artifact_day
from worldsmith.worlds.values import CURRENCIES, NUMBER

PLACEHOLDER = re.compile(r"\{\{\s*([^{}\n]{1,80}?)\s*\}\}")
_BRACES = re.compile(r"\{[^{}\n]{0,80}\}|[{}]|<<[^<>\n]{0,40}>>|\[[A-Z][A-Za-z ]+\]|\b(TODO|TBD|XXX|FIXME)\b|%[sd]\b")
_MODEL_TALK = re.compile(r"(?i)\bas an ai\b|language model|as a large language|i cannot (help|assist) with|"
                         r"i'm sorry, but i can|lorem ipsum|dolor sit amet")
_PRIVILEGE = re.compile(r"(?i)\bprivileged\b|attorney work product|attorney-client")
# Saying privilege is kept is no marking ("the underlying legal advice remains privileged", in a self-report to a
# regulator), nor is the security sense ("a privileged-access broker"): as worlds/checks/privilege_within_circle.sql
# reads them, taken out before _PRIVILEGE looks.
_KEPT_PRIVILEGE = re.compile(r"(?i)\b(?:remains?|remained|stays?|stayed|continues? to be|continued to be|kept|"
                             r"withheld as|treated as|claimed as|not|no longer|(?:which|that) (?:is|are|was|were))"
                             r"\s+(?:legally\s+)?privileged\b|\bprivileged[- ](?:access|accounts?|users?|credentials?|"
                             r"identit\w+|roles?|sessions?|mode|operations?|escalation|containers?|ports?)\b")
# An amount (a currency code or sign before a number, as worlds.values reads them, or digits with thousands
# separators) or a date.
_AMOUNT = re.compile(rf"(?:\b(?:{'|'.join(CURRENCIES)})\s?|[$£€]\s?)-?(?:{NUMBER})|\b\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?\b|"
                     rf"\b\d+(?:\.\d+)?\s?%")
_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
_DATE = re.compile(rf"\b\d{{4}}-\d{{2}}-\d{{2}}\b|\b(?:{_MONTHS})\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?\b|"
                   rf"\b\d{{1,2}}\s+(?:{_MONTHS})(?:\s+\d{{4}})?\b|\b\d{{1,2}}/\d{{1,2}}/\d{{2,4}}\b")
_AHEAD = dt.timedelta(days=92)  # how far ahead a writer may set a due date
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=\S)")
_DIGIT = re.compile(r"\d")
_SPACES = re.compile(r"[ \t]{2,}")
_BLANKS = re.compile(r"\n{3,}")


def squash(text: str) -> str:
    """Runs of whitespace as one space, as the checks compare text."""
    return " ".join(text.split())


def carries(text: str, fact: FactRef) -> bool:
    """Whether `text` holds the fact's exact text (whitespace aside)."""
    return squash(fact.text) in squash(text)


def fill(text: str, ctx: ArtifactContext, notes: list[str]) -> str:
    """`text` with each {{fact_id}} (or {{label}}) replaced by the fact's exact text; an unknown one dropped."""
    by_key: dict[str, FactRef] = {}
    for f in ctx.facts:
        by_key[f.id.lower()] = f
        if f.label:
            by_key.setdefault(f.label.lower(), f)

    def one(m: re.Match) -> str:
        fact = by_key.get(m.group(1).strip().lower())
        if fact is None:
            notes.append(f"dropped the unknown placeholder {m.group(0)[:40]!r}")
            return ""
        return fact.text

    return PLACEHOLDER.sub(one, text)


def _owned_values(ctx: ArtifactContext) -> list[str]:
    """The amounts and dates this artifact may write: its facts' texts and the figures it may quote."""
    return [f.text for f in ctx.facts] + [c.text for c in ctx.cited_figures]


@functools.lru_cache(maxsize=4096)  # a world's prose names the same few hundred dates; each miss tries seven formats
def _day_of(text: str, year: int) -> dt.date | None:
    """The date a date mention names (the artifact's year where it gives none), or None when it names none."""
    text = re.sub(r"(\d)(st|nd|rd|th)\b", r"\1", text.replace(",", " "))
    text = " ".join(text.split())
    for fmt in ("%Y-%m-%d", "%B %d %Y", "%d %B %Y", "%m/%d/%Y", "%m/%d/%y"):
        try:
            return dt.datetime.strptime(text, fmt).date()
        except ValueError:
            pass
    for fmt in ("%B %d", "%d %B"):
        try:
            return dt.datetime.strptime(f"{text} {year}", fmt + " %Y").date()
        except ValueError:
            pass
    return None


def _said_by_engine(sentence: str, owned: list[str], ctx: ArtifactContext, today: dt.date | None = None) -> bool:
    """Whether a sentence writes no amount the engine did not give, and no date before the matter began or far
    past the artifact's own day (a due date a few weeks out is the writer's to give; the ledger's are the engine's).
    `owned` longest first (guard sorts it once for all its sentences); `today` the artifact's day, where known."""
    if not _DIGIT.search(sentence):
        return True  # every amount and date pattern holds a digit, and taking out owned values adds none
    rest = sentence
    for value in owned:
        rest = rest.replace(value, " ")
    if _AMOUNT.search(rest):
        return False
    today = today or artifact_day(ctx.spec)
    for m in _DATE.finditer(rest):
        day = _day_of(m.group(0), today.year)
        if day is None or day > today + _AHEAD or (ctx.window_start is not None and day < ctx.window_start):
            return False
    return True


def guard(text: str, ctx: ArtifactContext, notes: list[str]) -> str:
    """Model prose made safe to publish: placeholders filled, template tokens, model talk, an unneeded privilege
    marking and sentences with amounts or dates the engine did not give taken out. Line breaks are kept."""
    text = fill(text, ctx, notes)
    # Sorted and dated once per text, not per sentence: the guard of every merge was a sixth of its CPU per call.
    owned = sorted(_owned_values(ctx), key=len, reverse=True)
    today = artifact_day(ctx.spec)
    out_lines = []
    for line in text.split("\n"):
        kept = []
        for sentence in _SENTENCE.split(line):
            if _MODEL_TALK.search(sentence):
                notes.append("dropped a sentence of model talk")
                continue
            if not ctx.privileged and _PRIVILEGE.search(_KEPT_PRIVILEGE.sub(" ", sentence)):
                notes.append("dropped a privilege marking outside the privileged circle")
                continue
            if not _said_by_engine(sentence, owned, ctx, today):
                notes.append("dropped a sentence with an amount or date the engine did not give")
                continue
            cleaned = _BRACES.sub("", sentence)
            if cleaned != sentence:
                notes.append("took out template tokens")
            kept.append(_SPACES.sub(" ", cleaned).strip())
        if line.strip() and not any(kept):
            continue  # a line whose every sentence went goes too, not as an empty line
        out_lines.append(" ".join(s for s in kept if s))
    return _BLANKS.sub("\n\n", "\n".join(out_lines)).strip()


def fact_lines(ctx: ArtifactContext, facts: list[FactRef], register: str = "email") -> list[str]:
    """One sentence per fact, carrying its exact text (the composer's frames, seeded by the artifact)."""
    pick = Picker(ctx.seed ^ 0x5EED)
    return [fact_sentence(pick, f, register) for f in facts]  # type: ignore[arg-type]


def missing(text: str, ctx: ArtifactContext) -> list[FactRef]:
    """The artifact's facts that `text` does not carry."""
    return [f for f in ctx.facts if not carries(text, f)]


def distractor_line(ctx: ArtifactContext, text: str) -> str | None:
    """The line that labels a distractor's figures, when the text does not show the label yet."""
    label = ctx.distractor_label
    if not label or squash(label.rstrip(". ")).lower() in squash(text).lower():
        return None
    return f"(Figures as in the {label.rstrip('. ')}.)"


def usable(text: Any) -> bool:
    """Whether a piece of model prose has any words left in it."""
    return isinstance(text, str) and bool(re.search(r"[A-Za-z]{2,}", text))

"""What a free-text answer says of a comparison's direction, beyond the comparisons answers.directions reads: said
both ways at once, left open, taken back in a bare clause after it, or framed as another organisation's figures.

Split out of grade.py (blind kit21: the replies and memos that undid their own answer were one class of reading).
"""

from __future__ import annotations

import re

from worldsmith.environments import answers
from worldsmith.environments.side_checks import _org_words
from worldsmith.environments.tasks import Check

_parsed = answers.parse_once


# A comparison said both ways at once (kit11: 'the offer is below it by $863,040 - or, read the other way, above it'
# scored 1.0): 'or, read the other way', 'or vice versa', 'or the other way round'.
_UPWARD = r"(?:above|over|higher|greater|larger|more|exceed(?:s|ed|ing)?)"
_DOWNWARD = r"(?:below|under|lower|smaller|less|fall(?:s|ing)?\s+short)"
# ('Yes and no.': both answers at once; blind kit21, a reply at 1.0)
_BOTH_WAYS = re.compile(r"\byes\s+and\s+no\b|\bno\s+and\s+yes\b|\bor\b,?\s*(?:\w+\s+){0,2}?(?:read|taken|seen|put|looked\s+at|put)\s+the\s+other\s+way\b|"
                        r"\bor\s+(?:\w+\s+){0,2}?(?:the\s+other\s+way\s+(?:round|around)|vice\s+versa)\b|"
                        # opposite ways offered as alternatives in one sentence ('would be above or below the cap',
                        # 'above the cap by USD 3,247,200, or below it on Brennmoor's reading'; kitA: 1.0)
                        rf"\b{_UPWARD}\b[^.?!\n]{{0,60}}?\bor\b\s+(?:\w+\s+){{0,2}}?{_DOWNWARD}\b|"
                        rf"\b{_DOWNWARD}\b[^.?!\n]{{0,60}}?\bor\b\s+(?:\w+\s+){{0,2}}?{_UPWARD}\b", re.I)


# A comparison left open: 'it may or may not', 'It is hard to say whether the limit exceeds the loss', 'Whether the
# limit exceeds it is debatable' (kit13: six hedged yes/no answers beside the right gap scored 1.0).
_CMP = r"\b(?:exceed|exceeds|exceeded|higher|lower|larger|smaller|greater|above|below|more than|less than)\b"
_OPEN = r"(?:unclear|uncertain|debatable|an open question|hard to say|difficult to say|impossible to say|" \
        r"(?:can(?:no|')t|cannot|could not|couldn't) (?:say|tell|determine))"
# (or taken back in a bare clause after it: '... exceed the annual service credit cap by USD 61,800, though on another
# reading they may not'; blind kit21, a reply at 1.0)
_HEDGED_DIRECTION = re.compile(rf"\b(?:may|might) or (?:may|might) not\b|"
                               r"\b(?:but|though|although|yet|whereas)\b[^.?!\n;]{0,60}?\b(?:it|they|this|that)\s+"
                               r"(?:may|might|could|would|does|do|did|will|is|are)\s+not\s*(?=[.;,!?\n]|$)|"
                               rf"\b{_OPEN}[^.?!\n]{{0,80}}\bwhether\b"
                               rf"[^.?!\n]{{0,120}}{_CMP}|\bwhether\b[^.?!\n]{{0,120}}{_CMP}[^.?!\n]{{0,80}}"
                               rf"\b(?:is|remains|seems)\s+{_OPEN}|"
                               # the comparison held by a pronoun under the question's head ('We cannot say whether it
                               # does.', 'It is unclear.': kit22, a memo's two answers at 1.0)
                               rf"\b{_OPEN}\s+whether\s+(?:it|they|this|that|so)\s+(?:does|do|is|are|will|would)\b|"
                               r"(?:^|(?<=[.!?:])\s+)(?:it|this|that|the answer)\s+(?:is|remains)\s+(?:unclear|uncertain|"
                               r"an open question|debatable)\s*(?:[.!?]|$)", re.I | re.M)


# A comparison framed as the other side's ('On Stratalink's own figures the credits before the cap exceed the cap by
# USD 61,800; our figures differ': blind kit21, a memo at 1.0) is its position, not the writer's; 'even on their own
# figures' keeps it the writer's.
_THEIR_FRAME = re.compile(r"(?<!\beven\s)(?<!\bEven\s)\b(?i:on|by|under|in)\s+(?P<org>[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,3})(?:'s|\u2019s)\s+"
                          r"(?i:own\s+)?(?i:figures|numbers|case|reading|view|calculations?|computation|working|maths?)\b"
                          r"[^;.!?\n]*|(?<!\beven\s)(?<!\bEven\s)\b(?i:according)\s+to\s+(?P<org2>[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,3})"
                          r"[^;.!?\n]*")


def without_their_frames(text: str, world) -> str:
    """The text less each clause framed as the position of an organisation outside the client's circle."""
    if world is None or "'" not in text and "\u2019" not in text and "according" not in text.lower():
        return text
    theirs = {w[0] for o in world.plan.organisations if not getattr(o, "privileged", True)
              for w in [_org_words(o.name)] if w}

    def drop(m: re.Match) -> str:
        said = _org_words(m.group("org") or m.group("org2"))
        return " " if said and said[0] in theirs else m.group()

    return _THEIR_FRAME.sub(drop, text)


def says_direction(text: str, check: Check, labels: tuple[str, ...] = (), world=None) -> bool:
    """Whether the text gives the comparison `check` asks for (or, with any_reading, says the wrong way anywhere)."""
    if not check.any_reading:
        text = without_their_frames(text, world)
    # the matter's other labels: a remark on a third fact ('The Clause 41.3 cap is lower than the contribution demand')
    # is no comparison of the task's two, though it shares a word with one ('cap')
    own = [{w.rstrip("s") for w in re.findall(r"[a-z0-9]+", " ".join(ws).lower())} for ws in (check.a_words, check.b_words)]
    # a label of the task's own two may hold words its anchor drops ('clause 41.3 cap' for 'clause 41 cap')
    others = tuple(x for x in labels if not any(o <= {w.rstrip("s") for w in re.findall(r"[a-z0-9]+", x)} for o in own))
    found = answers.directions(_parsed(text), check.a_words, check.b_words, others=others)
    if _BOTH_WAYS.search(text) or _HEDGED_DIRECTION.search(text):
        return check.any_reading  # both ways at once, or left open: no direction given, and the wrong one given
    if check.any_reading:
        # a negative: the wrong way round said anywhere, even beside the right way (a contradiction)
        return check.expect in found
    if found:
        return found == {check.expect}
    # An explicit yes or no to the question as asked (`values[0]`) answers it too, where no comparison is stated.
    if check.values and check.values[0] in ("yes", "no"):
        return answers.conclusion(_parsed(text), ["yes", *answers.YES_SAID], ["no", *answers.NO_SAID]) == check.values[0]
    return False

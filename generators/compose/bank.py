"""Phrase banks (YAML data beside this module) and a seeded picker that fills their frames."""

from __future__ import annotations

import datetime as dt
import functools
import random
import re
import string
import threading
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence, TypeVar

import yaml

from worldsmith.generators.compose.text import mail_day
from worldsmith.generators.context import artifact_day

_DIR = Path(__file__).parent / "phrases"
_FORMATTER = string.Formatter()
_ALT = re.compile(r"\[([^\[\]]*\|[^\[\]]*)\]")
# A "[~a|b]" group: wordings added to a frame, drawn from the picker's stream of wordings (Picker.vary).
_TILDE = re.compile(r"\[~([^\[\]|]*)(?:\|[^\[\]]*)?\]")
# Ways of writing the same thing that people choose between without thinking (each group, any member -> any).
_GROUPS = [
    ("I'll", "I will"), ("I'd", "I would"), ("I've", "I have"), ("I'm", "I am"), ("it's", "it is"),
    ("we're", "we are"), ("we'll", "we will"), ("we've", "we have"), ("you'll", "you will"), ("don't", "do not"),
    ("doesn't", "does not"), ("isn't", "is not"), ("can't", "cannot"), ("won't", "will not"),
    ("haven't", "have not"), ("hasn't", "has not"), ("there's", "there is"), ("that's", "that is"),
    ("happy to", "glad to"), ("so far", "to date"), ("the papers", "the documents"),
# (no "kept" for "held": "It has held there since August 25" came out "It has kept there since August 25", blind
# read 20)
("set out", "shown"), ("figure", "number"),
    ("working number", "working figure"), ("call me", "ring me"), ("the timetable", "the timeline"),
    ("your records", "your files"), ("twenty minutes", "half an hour"), ("go through it", "walk through it"),
    ("your views", "your thoughts"), ("open items", "outstanding items"), ("as promised", "as I said I would"),
    ("questions", "queries"), ("a word on", "a line on"), ("a few things", "a few points"),
    ("latest version", "current version"), ("the other side", "the counterparty"), ("incomplete", "patchy"),
    ("next steps", "next actions"), ("pasted", "copied"), ("the call", "the meeting"),
]
# A contraction may be written out, never the other way: "here it is" cannot end as "here it's"; nor may a meeting
# become a call, which it may not have been (blind read 30: 'The call agreed' in the record of a meeting held in person).
_ONE_WAY = frozenset({"the call"})
_EITHER = {w.lower(): list(g) for g in _GROUPS for w in (g[:1] if "'" in g[0] or g[0] in _ONE_WAY else g)}
_SAME = re.compile(r"(?<![\w'])(" + "|".join(re.escape(w) for w in sorted(_EITHER, key=len, reverse=True)) + r")(?![\w'])",
                   re.I)
# "set out" after a subject, a modal or "to" is a verb "shown" cannot stand for: "we will shown our client's position
# once we have instructions" (my read of bonus-cap-dispute at seed 97, threads7)
# (nor as an imperative that opens a step: "Rachel: shown what follows from the payment date", aircraft-redelivery)
_FINITE_BEFORE = re.compile(r"(?i)(?:(?:\b(?:I|we|you|they|will|shall|would|could|can|must|should|may|might|to|please)|"
                            r"'ll)\s+|^\s*|:\s+)$")
T = TypeVar("T")
# A fact's source as the context gives it: 'the "<line>" line of the <sheet title>'.
_SHEET_LINE = re.compile(r'^the "(?P<line>[^"]+)" line of the (?P<sheet>.+)$')
# The share of a series' sentences drawn from the frames that name the instance's day ({series_day}), where a list
# has them: the plain frames come round every few instances of a long series, the week's own words do not.
SERIES_DATED = 0.7
# The fields that name a series' day: the message's own ({series_day}) and its note's ({note_day}).
_DAYS = frozenset({"series_day", "note_day"})
# A recurring item's instances are planned as "<item>_<n>", a thread's messages as "<instance>-m<k>".
_INSTANCE = re.compile(r"^(?P<key>.+)_(?P<n>\d+)$")
_MESSAGE = re.compile(r"-m(?P<k>\d+)$")


def _kept(m: re.Match) -> bool:
    """Whether a word of _GROUPS stays as written: "set out" as a finite verb or an infinitive, which "shown" is not."""
    return m.group(0).lower() == "set out" and bool(_FINITE_BEFORE.search(m.string[:m.start()]))


@dataclass(frozen=True)
class Series:
    """Where an artifact stands in a recurring series: the item it recurs from, its instance (from 0), the slot in
    the instance (a thread's message position), its day as mail writes it ("May 21"), and the day of the instance's
    first message (the note a reply answers: "note", the day where it is that message)."""

    key: str
    index: int
    slot: int = 0
    day: str = ""
    note: str = ""


def series_of(item: str, artifact_id: str, day: str = "") -> Series | None:
    """The series an artifact belongs to, from its planned ids; None for a one-off item."""
    m = _INSTANCE.match(item or "")
    if m is None:
        return None
    k = _MESSAGE.search(artifact_id or "")
    return Series(m.group("key"), int(m.group("n")) - 1, int(k.group("k")) - 1 if k else 0, day)


def picker_for(ctx: Any, salt: int = 0) -> "Picker":
    """The picker of one artifact: seeded by its own seed (plus a salt, for a second stream of its own), and dealt
    round its series when its item recurs."""
    spec = ctx.spec
    day = artifact_day(spec)
    said = "" if day is None else mail_day(day, ctx.locale)
    series = series_of(getattr(spec, "item", ""), spec.id, said)
    # a reply names the note it answers by the note's day, never its own ("Are we still on course ... after the 12 May
    # note?" sent on 12 May to the note of 10 May, aircraft-redelivery at seed 97)
    thread = getattr(ctx, "thread", None) or []
    root = dt.date.fromisoformat(thread[0].sent[:10]) if thread else \
        (ctx.parent_sent.date() if getattr(ctx, "parent_sent", None) is not None else day)
    if series is not None and root is not None:
        note = mail_day(root, ctx.locale)
        series = Series(series.key, series.index, series.slot, series.day, note)
    if series is not None and getattr(ctx, "repair", None):
        # A repaired instance is dealt from another place round its series: the deal is a function of the instance
        # alone, so with its new seed only, a repair wrote the same sentences again (two near-duplicates at x80
        # survived both rounds). The place is a slot of its own (no message of a thread is that far down), never
        # another instance's index: moved to index + 1 + seed % 97, a repaired draft answer landed on a later
        # draft's place and was written as its exact copy (six realism_near_duplicates at 91-94%, all repaired
        # drafts, bench.long_matter --scale 40).
        series = Series(series.key, series.index, series.slot + 100 + ctx.seed % 9973, series.day, series.note)
    return Picker(ctx.seed + salt, series)


@functools.lru_cache(maxsize=4096)
def _order(sig: int, n: int) -> tuple[int, ...]:
    """A list's order for one round of a series, as drawn (before _rounds joins it to the round before)."""
    return tuple(random.Random(sig).sample(range(n), n))


def _joined(before: tuple[int, ...], drawn: tuple[int, ...], held: int) -> tuple[int, ...]:
    """A round's order (`drawn`) with its first `held` places kept clear of what the round `before` dealt last: its
    j-th place takes the first option of `drawn`, not yet placed, that is none of the last held - j of `before`, and
    the rest follow in drawn order. Any held + 1 instances in a row, across the join too, are dealt different options
    (as any n in a row within a round are); with no clash, the drawn order stands."""
    out: list[int] = []
    rest = list(drawn)
    for j in range(held):
        clear = set(before[len(before) - (held - j):])
        pick = next(o for o in rest if o not in clear)  # n - held >= 1 options are never in `clear`
        rest.remove(pick)
        out.append(pick)
    return tuple(out + rest)


# The rounds of each list and slot dealt so far in this process, by (list signature, slot, length): a round's order
# depends on the round before it, so each is made once, in turn, and kept.
_ROUNDS: dict[tuple[int, int, int], list[tuple[int, ...]]] = {}
_ROUNDS_MOST = 8192
_ROUNDS_LOCK = threading.Lock()


def _round(sig: int, slot: int, turn: int, n: int) -> tuple[int, ...]:
    """The options of one round of a series' deal (the round holding `turn`), in the order its instances draw them.

    Each round has an order of its own (with one fixed order, instances a round apart drew the same frame from
    every list of that length: two weekly replies 100% alike at x80), and it is joined to the round before (_joined)
    so that copies of one item on one day, which are instances in a row, never meet the same option across a
    join (independent rounds gave two of ten copies of a weekly note on one day the same wording,
    realism_near_duplicates at bench.long_matter --scale 80): any n - 1 instances in a row are dealt n - 1 options.
    The join still leaves each place two options or more, so instances a round apart meet the same option about
    as often as independent rounds made them (1 in n, over lists of 6 and 11)."""
    key = (sig, slot, n)
    held = _ROUNDS.get(key)
    if held is not None and len(held) > turn // n:
        return held[turn // n]
    with _ROUNDS_LOCK:  # a batch makes several worlds at once, in threads: each round is appended once
        held = _ROUNDS.get(key)
        if held is None:
            if len(_ROUNDS) >= _ROUNDS_MOST:
                _ROUNDS.clear()
            held = _ROUNDS[key] = []
        base = _crc(sig, slot) % n
        while len(held) <= turn // n:
            drawn = _order(_crc(sig, slot, len(held)), n)
            drawn = drawn[base:] + drawn[:base]  # the places in the order instances reach them
            held.append(_joined(held[-1], drawn, max(0, n - 2)) if held else drawn)
        return held[turn // n]


def _plain(option: object) -> object:
    """A frame as it was before "[~a|b]" wordings were added to it (each such group at its first wording): what a
    series deals by, so that added wordings do not reshuffle the deal (which frame each instance gets, how long it
    runs)."""
    return _TILDE.sub(lambda m: m.group(1), option) if isinstance(option, str) and "[~" in option else option


def _crc(*parts: object) -> int:
    """A stable hash (Python's own hash() differs between processes)."""
    return zlib.crc32("\x1f".join(map(str, parts)).encode("utf-8"))


@functools.lru_cache(maxsize=None)
def bank(name: str) -> dict[str, Any]:
    """The phrase bank `phrases/<name>.yaml`, parsed once per process (by libyaml where PyYAML has it)."""
    with open(_DIR / f"{name}.yaml", encoding="utf-8") as fh:
        return yaml.load(fh, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


@functools.lru_cache(maxsize=None)
def fields(frame: str) -> frozenset[str]:
    """The named fields a frame needs."""
    return frozenset(f for _, f, _, _ in _FORMATTER.parse(frame) if f)


def filled_words(frame: str, values: dict[str, str]) -> int:
    """How many words the frame has once filled with `values`, each "[a|b]" group at its longest alternative."""
    frame = _ALT.sub(lambda m: max(m.group(1).split("|"), key=lambda a: len(a.split())), frame)
    return len(frame.format_map({k: values.get(k) or "" for k in fields(frame)}).split())


class Picker:
    """Every random choice of one artifact, from one seeded generator.

    It also remembers which frames it has used, so one artifact does not repeat a sentence. In a recurring series
    (forty weekly status threads about one figure) frames are not drawn independently: each bank list is dealt
    round the series in a fixed order of its own, instance after instance, and a frame that comes round again
    comes in its next wording, so the series uses every frame before it repeats one (independent draws stamped
    the same sentence on five or six of forty threads). The deal is a function of the series and the instance
    alone, so artifacts are still made in any order, alone, and alike on a resumed run.
    """

    def __init__(self, seed: int, series: Series | None = None):
        self.rng = random.Random(seed)
        # The wording of a frame (its "[a|b]" groups, contractions) is drawn from a stream of its own: a frame given
        # more wordings does not move every later choice of the artifact (which paper is pasted, how long the mail
        # runs), so wordings can be added without reshaping the room.
        self._words = random.Random(f"{seed}:words")
        self.series = series
        self._used: set[str] = set()
        self._dealt: dict[int, int] = {}
        self._turn = -1  # the round of the frame last dealt, for vary()
        self.sheets_named: set[str] = set()  # the sheets cited() has named in full
        self.papers_named: set[str] = set()  # the papers named_once() has been told of

    def _deal(self, options: Sequence[T], ok=None) -> T:
        """The option this instance is dealt from the list: the list in its series order, from a place set by the
        instance and slot, moving on past options `ok` refuses (all refused: the first place)."""
        s = self.series
        assert s is not None
        n = len(options)
        sig = _crc(s.key, *map(_plain, options))
        k = self._dealt.get(sig, 0)
        self._dealt[sig] = k + 1


        def dealt(turn: int) -> T:
            return options[_round(sig, s.slot, turn, n)[turn % n]]

        # Instance after instance moves one place on, so a slot's frames come round evenly; each slot starts at its
        # own place, and each further draw of the list in one artifact moves on again.
        start = s.index + k
        for step in range(n):
            turn = start + step
            if ok is None or ok(dealt(turn)):
                break
        else:
            turn = start
        self._turn = turn // n + _crc(sig, s.slot, "round") % 7
        return dealt(turn)

    def unused(self, options: Sequence[str]) -> list[str]:
        """The options this artifact has not used yet (all of them when it has used every one)."""
        return [o for o in options if o not in self._used] or list(options)

    def mark(self, option: str) -> str:
        """Remember an option as used by this artifact; returns it."""
        self._used.add(option)
        return option

    def frame(self, options: Sequence[T]) -> T:
        """One of a list of frames: drawn at random, or dealt round a series (see the class)."""
        if self.series is None:
            return self.one(options)
        out = self._deal(options)
        self._turn = -1
        return out

    def lead_ins(self, options: Sequence[str], dated: Sequence[str]) -> list[str]:
        """Lead-ins for a sentence; in a series also the `dated` ones, filled with the instance's day (what a real
        weekly status carries, and what keeps forty of them from saying the same sentence)."""
        if self.series is None or not self.series.day:
            return list(options)
        return [d.format(day=self.series.day) for d in dated] + list(options)

    def chance(self, p: float) -> bool:
        """True with probability p."""
        return self.rng.random() < p

    def one(self, options: Sequence[T]) -> T:
        """One of the options."""
        return options[self.rng.randrange(len(options))]

    def some(self, options: Sequence[T], k: int) -> list[T]:
        """Up to k distinct options, in the order drawn."""
        return self.rng.sample(list(options), min(k, len(options)))

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """The items in a random order."""
        out = list(items)
        self.rng.shuffle(out)
        return out

    def fill(self, frames: Sequence[str], **values: str) -> str | None:
        """One frame whose fields are all given, filled; unused frames first. None when none fits. In a series,
        dealt round it (see the class), and mostly from the frames that name its day where the list has them."""
        if self.series is not None and self.series.day:
            # frames with {series_day} are for a series alone: a weekly note says which week it is
            values.setdefault("series_day", self.series.day)
            values.setdefault("note_day", self.series.note or self.series.day)
        if values.get("file") and "the_file" not in values:
            # a file named as a noun phrase mid-line ("thoughts on memo by end of day", "working from draft answer
            # going forward" set a bare name in a slot for a noun phrase, read 24); {file} stays for "{by}'s {file}"
            from worldsmith.generators.labels import as_noun

            values["the_file"] = as_noun(values["file"])
        given = {k for k, v in values.items() if v}
        fitting = [f for f in frames if fields(f) <= given]
        if not fitting:
            return None
        fresh = [f for f in fitting if f not in self._used]
        if self.series is not None:
            dated = [f for f in fitting if fields(f) & _DAYS]
            plain = [f for f in fitting if not fields(f) & _DAYS]
            pool = dated if dated and (not plain or self.chance(SERIES_DATED)) else plain
            ok = set(fresh or fitting)
            frame = self._deal(pool, lambda f: f in ok)
        else:
            frame = self.one(fresh or fitting)
            self._turn = -1
        self._used.add(frame)
        return self.vary(frame).format_map(values)

    def vary(self, frame: str, side: bool = False) -> str:
        """The frame with each "[a|b|c]" group replaced by one of its alternatives, and words people write either
        way (contractions, a few interchangeable words) written one way or the other: one frame says a thing
        several ways, so two rooms built from the same banks do not share their sentences word for word. Only
        the frame's own words change, never a field ({label}, {text}).

        A group marked "[~a|b]" is drawn from the picker's stream of wordings, not its main one, and so is every
        choice when `side` is set (see reword): wordings added to a frame leave the artifact's other choices
        (which paper is pasted, how long the mail runs) as they were."""
        if "[" in frame:
            if self._turn >= 0:
                # A dealt frame that comes round again comes in its next wording: every group turns each round (so
                # the tail of a sentence the check cuts short, after "St.", still differs), and the groups before
                # it count the rounds as digits of mixed radix on top, for more wordings before one repeats.
                turn, self._turn = self._turn, -1
                below = 1
                groups = iter(range(99))
                added = iter(range(99))
                plain = _plain(frame)

                def nth(m: re.Match) -> str:
                    nonlocal below
                    if m.group(1).startswith("~"):
                        # an added wording turns with the rounds too, outside the count of the frame's own groups
                        alts = m.group(1)[1:].split("|")
                        return alts[(turn + _crc(plain, "~", next(added))) % len(alts)]
                    alts = m.group(1).split("|")
                    at = turn + turn // below + _crc(plain, next(groups))
                    below *= len(alts)
                    return alts[at % len(alts)]
                frame = _ALT.sub(nth, frame)
            else:
                def alt(m: re.Match) -> str:
                    alts = m.group(1)
                    if side or alts.startswith("~"):
                        return self._words.choice(alts.lstrip("~").split("|"))
                    return self.one(alts.split("|"))
                frame = _ALT.sub(alt, frame)
        parts = re.split(r"(\{[^}]*\})", frame)
        either = self._either_side if side else self._either
        return "".join(p if p.startswith("{") else _SAME.sub(either, p) for p in parts)

    def cited(self, source: str) -> str:
        """A sheet row as a source, its word for the row chosen from the stream of wordings ('the "Total claims"
        line|row|entry of the Damages schedule'): the one fixed phrase of every room's citations (issue 17)."""
        word, at = self._words.choice(["line", "row", "entry"]), self._words.choice(["of", "in"])
        m = _SHEET_LINE.match(source)
        if m is not None:
            # a sheet is named once, then its lines alone: the same calculation named with each of three rows read
            # as a machine's ('carried on the "Liquidated damages cap" row of the Liquidated damages and cap
            # calculation', after two more of its rows, blind read 20)
            if m.group("sheet") in self.sheets_named:
                return f'the "{m.group("line")}" {word}'
            self.sheets_named.add(m.group("sheet"))
        return source.replace('" line of the ', f'" {word} {at} the ', 1)

    def named_once(self, paper: str) -> bool:
        """Whether this artifact names `paper` for the first time (and from now on, it has named it)."""
        first = paper not in self.papers_named
        self.papers_named.add(paper)
        return first

    def reword(self, frame: str) -> str:
        """vary(), every choice from the stream of wordings: for a line that was written one way and is now written
        several, without moving the artifact's other choices."""
        return self.vary(frame, side=True)

    def _either(self, m: re.Match) -> str:
        word = m.group(0)
        options = _EITHER[word.lower()]
        out = self.one(options)  # (drawn even where kept: the artifact's later choices do not move)
        if _kept(m):
            return word
        return out[:1].upper() + out[1:] if word[:1].isupper() else out

    def _either_side(self, m: re.Match) -> str:
        word = m.group(0)
        out = self._words.choice(_EITHER[word.lower()])
        if _kept(m):
            return word
        return out[:1].upper() + out[1:] if word[:1].isupper() else out

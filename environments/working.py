"""Written working that does not compute: each stated sum, difference, product or share in a text ("a x b x c = r",
"a - b - c = r", "r = a - b", "a less p% = r", "p% of a = r") is worked out again, and a step whose two sides differ
costs the task (kit11: "$1,450 less 30% = $870" beside the right result scored 1.0; the discount was 40%).

Only a chain of bare figures joined by operators and '=' is read: a figure with words between it and the next operator
ends the chain, so prose ('the claim less the offer') and ranges of dates are never worked out."""

from __future__ import annotations

import re

from worldsmith.environments import answers

_CUR = r"(?:USD|EUR|GBP|CHF|US\$|\$|€|£)"
_SCALE = {"k": 1e3, "thousand": 1e3, "m": 1e6, "mn": 1e6, "million": 1e6, "bn": 1e9, "billion": 1e9}
_TERM = (rf"(?:{_CUR}\s?)?(?P<n>\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?)"
         r"(?:\s?(?P<s>%|k|mn|m|bn|thousand|million|billion)(?![\w]))?")
_OP = r"\s*(?P<op>[x×*/+=]|-|−|–|\bless\b|\bminus\b|\bplus\b|\btimes\b|(?<=%)\s*of\b)\s*"
_TERM_RE = re.compile(_TERM)
_OP_RE = re.compile(_OP, re.I)
_TAIL_OP = re.compile(r"(?:(?:^|\s)[x×*/+\-−–]\s|\b(?:less|minus|plus|times|of)\b)", re.I)
_HEAD_OP = re.compile(r"\s*(?:[x×*/+]|\s[\-−–]\s|\b(?:less|minus|plus|times)\b)", re.I)
_START = re.compile(rf"(?<![\w.,/-]){_TERM}", re.I)


def _value(m: re.Match) -> tuple[float, bool, float]:
    """A term's number, whether it is a percent, and half its last written digit (the rounding it allows)."""
    text = m.group("n").replace(",", "")
    scale = _SCALE.get((m.group("s") or "").lower(), 1.0)
    places = len(text.split(".")[1]) if "." in text else 0
    return float(text) * scale, m.group("s") == "%", 0.5 * 10 ** -places * scale


def _chains(text: str):
    """Each run of figures joined by operators, as a list of (value, is_percent, slack) and operators between."""
    # a day or a year of a written date is no figure of a step ('Feb 19 -> May 22 = 9 + 31 + 30 + 22 = 92 days' read
    # as '22 = ... = 92', and a right chronology's count of days scored 0, kit16)
    dates = [(s, e) for s, e, _ in answers._find_dates(text)]

    def dated(t: re.Match) -> bool:
        if t.group("s") or t.group(0)[:1] not in "0123456789":
            return False
        return any(s <= t.start() < e for s, e in dates) or bool(
            answers._MONTH_BEFORE_DAY.search(text[max(0, t.start() - 12):t.start()])
            or answers._DAY_BEFORE_MONTH.match(text, t.end()))

    pos = 0
    while True:
        m = _START.search(text, pos)
        if m is None:
            return
        if dated(m):
            pos = m.end()
            continue
        terms, ops, end = [_value(m)], [], m.end()
        while True:
            o = _OP_RE.match(text, end)
            if o is None:
                break
            t = _TERM_RE.match(text, o.end())
            if t is None or dated(t):
                # a currency before the figure ("= USD 2,688,300") is allowed by the term itself
                break
            op = o.group("op").lower()
            if op in ("-", "−", "–") and not (text[o.start():o.end()].startswith(" ") or
                                             text[o.start():o.end()].endswith(" ")):
                break  # "2023-2026", "2,230-298": a range or a code, not a difference
            ops.append(op)
            terms.append(_value(t))
            end = t.end()
        pos = max(end, m.end())
        if "=" not in ops:
            continue
        # a chain that is the tail of a longer working with words in it ('618 x contract rate USD 1,450 x 3 = ...')
        # or whose last figure goes on into words ('= 6 x the rate') is not the whole of either side: not read
        before = re.split(r"[=;:.(\n]\s", text[max(0, m.start() - 120):m.start()] + " ")[-1]
        if _TAIL_OP.search(before) or _HEAD_OP.match(text, end):
            head, tail = ops.index("="), len(ops) - ops[::-1].index("=")
            if _TAIL_OP.search(before):
                terms, ops = terms[head + 1:], ops[head + 1:]
            if _HEAD_OP.match(text, end) and "=" in ops:
                cut = len(ops) - ops[::-1].index("=")
                terms, ops = terms[:cut], ops[:cut - 1]
            if "=" not in ops:
                continue
        yield terms, ops


def _evaluate(terms: list, ops: list[str]) -> tuple[float, float] | None:
    """An expression's value and its slack, or None where it cannot be read (a percent with nothing to take it of)."""
    if not terms:
        return None
    # a percent taken off or added to what goes before it; 'p% of a' and 'a x p%' as a share
    out: list[float] = []
    outops: list[str] = []
    slack = 0.0
    for i, (v, pct, s) in enumerate(terms):
        op = ops[i - 1] if i else None
        if pct:
            if op in ("less", "minus", "-", "−", "–", "plus", "+") and out:
                base = out.pop()
                prev = outops.pop() if outops else None
                v = base * (1 - v / 100) if op not in ("plus", "+") else base * (1 + v / 100)
                out.append(v)
                if prev is not None:
                    outops.append(prev)
                slack += abs(base) * s / 100
                continue
            if op in ("x", "×", "*", "times") and out:
                out[-1] = out[-1] * v / 100
                continue
            nxt = ops[i] if i < len(ops) else None
            if nxt == "of":
                v = v / 100
            elif op is None and nxt is None:
                return None
            else:
                return None
        if op is not None:
            outops.append({"x": "*", "×": "*", "times": "*", "of": "*", "less": "-", "minus": "-", "−": "-",
                           "–": "-", "plus": "+"}.get(op, op))
        out.append(v)
        slack += s
    if len(out) != len(outops) + 1:
        return None
    expr = "".join(f"{v!r}{outops[i] if i < len(outops) else ''}" for i, v in enumerate(out))
    try:
        value = eval(expr, {"__builtins__": {}}, {})  # noqa: S307 - built only of float reprs and + - * /
    except ZeroDivisionError:
        return None
    return float(value), slack


_WORD = r"(?!(?:x|less|minus|plus|times|of|USD|EUR|GBP|CHF|US)\b)[A-Za-z][A-Za-z'’-]*"
_WORDS = rf"(?:\s+{_WORD}){{0,4}}"
_BRACKETED = re.compile(rf"{_CUR}\s?(?P<fig>\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?)"
                        r"(?:\s?(?P<s>k|mn|m|bn|thousand|million|billion)(?![\w]))?\s*\((?P<inner>[^()=;:\n]{3,200})\)", re.I)
_LABELLED_TERM = re.compile(rf"\s*(?:{_WORD}\s+){{0,4}}(?P<t>{_TERM}){_WORDS}\s*", re.I)


def _bracket_steps(text: str) -> list[str]:
    """A sum of money followed straight by a bracket that works it out of figures, each with words of its own ('USD
    1,078,800 (248 users x USD 1,015 contract rate x 3 years)'), where the working comes to another sum (kit11: it
    is 755,160; beside the right figures it scored 1.0). Read only where the bracket is all terms and operators and
    holds a sum of money of its own: '(248 users x 3 years)' explains a count, not the sum."""
    bad = []
    for m in _BRACKETED.finditer(text):
        inner, terms, ops, pos = m.group("inner"), [], [], 0
        while True:
            t = _LABELLED_TERM.match(inner, pos)
            if t is None:
                break
            terms.append((t.group("t"), _value(_TERM_RE.match(t.group("t")))))
            pos = t.end()
            o = _OP_RE.match(inner, pos)
            if o is None or o.group("op") == "=":
                break
            ops.append(o.group("op").lower())
            pos = o.end()
        if pos < len(inner.rstrip()) or len(terms) < 2 or len(ops) != len(terms) - 1:
            continue
        if not any(re.match(_CUR, raw, re.I) for raw, _ in terms):
            continue
        worked = _evaluate([v for _, v in terms], ops)
        if worked is None:
            continue
        whole = _value(_TERM_RE.match(m.group(0)[m.start("fig") - m.start():m.end("s") - m.start() if m.group("s")
                                                  else m.end("fig") - m.start()]))
        (va, sa), vb = worked, whole[0]
        if abs(va - vb) > max(sa + whole[2], 0.005 * max(abs(va), abs(vb)), 0.5):
            bad.append(f"{vb:g} != {va:g}")
    return bad


_PER_CENT = re.compile(r"(\d)\s*(?:per\s*cent|percent)\b", re.I)


def wrong_steps(text: str) -> list[str]:
    """Each stated step of working in a text that does not compute, as written."""
    # a rate in words is the rate ('USD 1,200,000 plus 15 per cent' read as USD 1,200,015: a right reply scored 0,
    # kit17)
    text = _PER_CENT.sub(r"\1%", text or "")
    bad = _bracket_steps(text)
    for terms, ops in _chains(text or ""):
        sides, cur_t, cur_o = [], [terms[0]], []
        for op, t in zip(ops, terms[1:]):
            if op == "=":
                sides.append((cur_t, cur_o))
                cur_t, cur_o = [t], []
            else:
                cur_o.append(op)
                cur_t.append(t)
        sides.append((cur_t, cur_o))
        values = [_evaluate(t, o) for t, o in sides]
        for (a, b), (ta, oa), (tb, ob) in zip(zip(values, values[1:]), sides, sides[1:]):
            if a is None or b is None or not (oa or ob):
                continue
            (va, sa), (vb, sb) = a, b
            # a running total, each '=' carrying the result on into the next step ('16,560 x 88 = 1,457,280 +
            # 1,386,000 = 2,843,280': blind red team 35, kit35a, right reconcile answers showing how the superseded
            # figure was built scored 0): the step's result is the next side's first figure
            if ob and abs(va - tb[0][0]) <= max(sa + tb[0][2], 0.005 * max(abs(va), abs(tb[0][0])), 0.5):
                continue
            # the rounding either side allows, the figures' own precision, and half a percent of the larger
            if abs(va - vb) > max(sa + sb, 0.005 * max(abs(va), abs(vb)), 0.5):
                bad.append(f"{va:g} != {vb:g}")
    return bad

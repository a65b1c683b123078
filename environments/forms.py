"""The answer form: a task whose answer is figures, days, names and choices asks for them as named lines, read strictly.

Free prose let wrong answers through and kept right ones out, whatever the readers learnt: blind red teams on
outlines the project had never seen found 18-23% of wrong answers at full marks (the right figures 'rejected' as
the other side's, a wrong consequence added, a hedge in words no list holds, the answer withdrawn in a later
sentence) and 43-44% of right ones marked down (a table, working before the label, provenance lines). A form
closes both: the prompt names each line the answer gives ('Termination fee: <amount>'), the grader reads those
lines and nothing else, each value must be that one thing alone (a figure and its unit, a date, a person, one of
the options), and any other line costs the task. A figure is read by the one answer parser (answers.py), so every
usual way of writing it passes.

`formalise(task, world)` turns a task whose rubric reads only its answer into its form: the fields come from the
rubric's own criteria (each criterion's check names the label and the value), the instruction ends with the form,
the reference answer fills it, and the rubric grades each field (`answer_field`) with one universal penalty for
anything outside it (`answer_outside_form`). A task with a criterion no field expresses keeps its prose rubric.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from dataclasses import replace
from decimal import Decimal

from worldsmith.environments import answers, hangul, translit
from worldsmith.environments.tasks import Check, Criterion, Rubric, Task

# what a field's value may carry beside the thing itself: the currency's words, a count's unit
_CURRENCY_WORDS = {"usd", "gbp", "eur", "us", "dollars", "dollar", "pounds", "pound", "sterling", "euros", "euro",
                   "cad", "aud", "chf", "jpy", "sgd", "hkd", "nok", "sek", "dkk", "nzd"}
_DOLLAR_OF = {"us": "USD", "american": "USD", "canadian": "CAD", "cdn": "CAD", "australian": "AUD"}
_UNIT_WORDS = {"days", "day", "calendar", "percent", "per", "cent", "percentage", "points", "point", "pts", "pp",
               "x", "times", "turn", "turns"}  # a multiple in turns: "7.15 turns" (kit36c)
_WEEKDAYS = {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue", "tues",
             "wed", "thu", "thur", "thurs", "fri", "sat", "sun", "on"}
_WEEKDAY_OF = {w: i for i, names in enumerate([("monday", "mon"), ("tuesday", "tue", "tues"), ("wednesday", "wed"),
                                                ("thursday", "thu", "thur", "thurs"), ("friday", "fri"),
                                                ("saturday", "sat"), ("sunday", "sun")]) for w in names}
_HONORIFICS = {"mr", "ms", "mrs", "miss", "mx", "dr", "prof", "sir", "dame",
               "me", "maitre", "maître", "mme", "mlle"}  # (French: Me Leduc, an avocat: kit30a, a right form 0.95)
_PERSON_LINKS = {"of", "at", "from", "the", "for", "and"}  # 'and' only inside an organisation's name: checked there
_CHOICE_NEUTRAL = {"the", "a", "an", "of", "is", "figure", "amount", "one", "governs", "governing", "larger", "higher",
                   "greater", "smaller", "lower", "bigger"}
_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
# a line of markup only (a rule, a bare fence, a table's bar), and a fence that names a usual language for what it holds
# ('```text': kit36b, 0 where a bare fence scored 1): one rule, markup of any kind ignored, never words
_RULE_LINE = re.compile(r"^[\s\-=*_#|`~]*$|^\s*(?:`{3,}|~{3,})\s*(?i:text|txt|plain|plaintext|markdown|md|output|console)\s*$")
# a line of the form: an optional bullet or number, the field's name (bold or not), a colon, the value
_LINE = re.compile(r"^\s*(?:[-*\u2022]\s+|\d{1,2}[.)]\s+)?(?:\*\*|__)?(?P<name>[^:\n]{1,160}?)(?:\*\*|__)?\s*:\s*"
                   r"(?:\*\*|__)?(?P<value>.*?)(?:\*\*|__)?\s*$")
# (the form says what each value needs, and the grader refuses what it rules out: a sender as 'Goodman', 'Ms Goodman'
# or an email address, a day with no year, an amount with no currency each scored 1.0 where blind red team 34 called
# them wrong, the prompt having asked a full name)
FORM_NOTE = ("Give your final answer with the submit_answer tool (or write it to answer.txt in your working folder) "
             "as exactly these lines, one field a line, each value alone with no working or comment (an amount with its "
             "currency, another figure with its unit, a date with its year, a person's full name (first name and "
             "surname, not an email address), or one of the options given; figures and dates in any usual form), and "
             "nothing else: the grader reads only these fields, and an answer with any other line scores 0.")
_HINT = {"amounts": "<every such amount with its currency, separated by semicolons>",
         "amount": "<amount with its currency>", "percent": "<percent>", "number": "<number>",
         "days": "<number of days>", "date": "<date with its year>", "person": "<full name>", "yesno": "<yes or no>",
         "file": "<the file's path or title>"}


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text.lower().replace("\u2019", "'"))


def name_key(name: str) -> str:
    """A field's name as compared: lower case, no articles or punctuation ('The Termination fee cap' is
    'termination fee cap')."""
    # (accents aside: 'Principal extinguished by decadencia' is the field 'decadência' names; a Brazilian right answer
    # so written scored 0 in blind red team 34, its every line then a stray)
    words = [w for w in _tokens(_unaccented(name)) if w not in ("the", "a", "an")]
    return " ".join(words)


# ---------------------------------------------------------------- reading an answer as a form

def read_form(answer: str, names: list[str]) -> tuple[dict[str, list[str]], list[str]]:
    """The values the answer gives under each of the form's names, and every other non-blank line."""
    known = {name_key(n): n for n in names}
    fields: dict[str, list[str]] = {}
    stray: list[str] = []
    for line in (answer or "").splitlines():
        if _RULE_LINE.match(line):
            continue
        m = _LINE.match(line)
        name = known.get(name_key(m.group("name"))) if m else None
        if name is None:
            stray.append(line)
        else:
            fields.setdefault(name, []).append(m.group("value").strip().strip("*_`").strip())
    return fields, stray


def drafted_lines(instruction: str) -> set[str]:
    """A review's drafted lines as its instruction numbers them ('5. The ... is USD 64,900.'), each as _said() reads."""
    return {_said(m.group(1)) for m in re.finditer(r"^\s*\d{1,2}[.)]\s+(.+?)\s*$", instruction or "", re.M)}


def _said(line: str) -> str:
    return " ".join(_tokens(line))


def outside_form(answer: str | None, names: list[str], repeat: bool = False, drafted: set[str] | tuple = ()) -> bool:
    """Whether the answer holds a line that is not one of the form's fields, or (unless a field may repeat, as a
    review's Wrong: lines do) gives a field twice; a Wrong: line may quote a `drafted` line whole for its figure."""
    fields, stray = read_form(answer or "", names)
    if repeat and names == ["Wrong"] and any(not _wrong_line_ok(v, drafted) for v in fields.get("Wrong", [])):
        return True
    if repeat and names == ["Wrong"] and _takes_back(fields.get("Wrong", [])):
        return True
    return bool(stray) or (not repeat and any(len(v) > 1 for v in fields.values()))


_ARROW = re.compile(r"\s*(?:->|\u2192|=>|\u21d2)\s*")


def _figure_of(part: str):
    found = [m for m in answers.parse(_LOWER_CODE.sub(lambda m: m.group(1).upper(), part)).mentions if not m.year_like]
    return (found[0].kind, found[0].value) if len(found) == 1 and found[0].value is not None else None


def _takes_back(wrongs: list[str]) -> bool:
    """Whether a review's Wrong: lines undo one another: a figure corrected to one value and, in another line, to
    another, or a correction's figure itself flagged ('Wrong: USD 214,000 -> USD 204,000' beside 'Wrong: USD 204,000 ->
    USD 214,000': blind red team 35, kit35a, 1.0 where the second line reversed or retracted the first)."""
    pairs = set()
    for value in wrongs:
        parts = _ARROW.split(value.split("(", 1)[0].strip().rstrip(".;"))
        if len(parts) == 2 and None not in (pair := (_figure_of(parts[0]), _figure_of(parts[1]))):
            pairs.add(pair)
    was = [a for a, _ in pairs]
    return len(set(was)) < len(was) or any(b in was for _, b in pairs)


def _one_figure(part: str) -> bool:
    found = [m for m in answers.parse(_LOWER_CODE.sub(lambda m: m.group(1).upper(), part)).mentions if not m.year_like]
    if len(found) != 1 or found[0].negated or found[0].hedged or found[0].superseded:
        return False
    rest = part[:found[0].start] + " " + part[found[0].end:]
    allowed = _CURRENCY_WORDS | _UNIT_WORDS | set(_tokens(found[0].unit or "")) | {"line", "item"} | \
        {str(i) for i in range(1, 30)}
    return _residual_ok(_tokens(rest), allowed)


def _wrong_line_ok(value: str, drafted: set[str] | tuple = ()) -> bool:
    """A review's Wrong: line as its prompt gives it: the figure as drafted, an arrow, the one correct figure, and the
    files in brackets (kit17: 'Wrong: USD 252,000 -> the capped rent exceeds the open market rent by USD 108,000',
    the direction reversed in the correction's words, and 'USD 108,000 per month' scored 1.0). The figure as drafted
    may be its drafted line quoted whole ('Wrong: The service credits before the cap exceeds the annual service credit
    cap by USD 64,900. -> USD 61,800 (...)': blind kit21, a right review 0): the drafter's words, not the reviewer's."""
    body = value.split("(", 1)[0].strip().rstrip(".;")
    parts = _ARROW.split(body)
    return len(parts) == 2 and (_one_figure(parts[0]) or _said(parts[0]) in drafted or _quotes_drafted(parts[0], drafted)) \
        and (_one_figure(parts[1]) or _corrects_drafted(parts[0], parts[1], drafted))


_ITEM_NO = re.compile(r"^\s*(?:(?:line|item)\s*)?\d{1,2}\s*[.):]\s+", re.I)


def _quotes_drafted(part: str, drafted: set[str] | tuple) -> bool:
    """Whether the figure as drafted is quoted by a few of its drafted line's own words ('Wrong: 6. exceed by USD
    1,160,000 -> USD 1,108,224': kit22, right reviews 0): one figure, its words in order from a drafted line that holds
    it."""
    part = _ITEM_NO.sub("", part)
    found = [m for m in answers.parse(_LOWER_CODE.sub(lambda m: m.group(1).upper(), part)).mentions if not m.year_like]
    if len(found) != 1 or found[0].negated or found[0].hedged or found[0].superseded:
        return False
    figure, words = _said(found[0].text), _tokens(part)
    # (in the line's own order: the drafted words turned round, 'the cap exceeds the credits by', are the reviewer's)
    return any(f" {figure} " in f" {line} " and _in_order(words, line.split()) for line in drafted)


def _corrects_drafted(wrong: str, part: str, drafted: set[str] | tuple) -> bool:
    """Whether the correct figure is written in the drafted line's own words ('-> the loss exceeds the budget by EUR
    1,072,070', or the drafted line whole with the new figure: kit30a, right reviews 0): one figure, and the other
    words in order from the drafted line that holds the figure as drafted (turned round or hedged, they are not)."""
    found = [m for m in answers.parse(_LOWER_CODE.sub(lambda m: m.group(1).upper(), part)).mentions if not m.year_like]
    if len(found) != 1 or found[0].negated or found[0].hedged or found[0].superseded:
        return False
    words = _tokens(_ITEM_NO.sub("", part[:found[0].start] + " " + part[found[0].end:]))
    was = [m for m in answers.parse(_LOWER_CODE.sub(lambda m: m.group(1).upper(), wrong)).mentions if not m.year_like]
    if len(was) != 1:
        return False
    figure = _said(was[0].text)
    return any(f" {figure} " in f" {line} " and _in_order(words, line.replace(figure, " ").split()) for line in drafted)


def _in_order(words: list[str], line: list[str]) -> bool:
    rest = iter(line)
    return all(w in rest for w in words)


def _residual_ok(tokens: list[str], allowed: set[str]) -> bool:
    return all(t in allowed for t in tokens)


_FALL_WORDS = {"fall", "fell", "falls", "decrease", "decreased", "down", "drop", "dropped", "reduction", "lower", "of",
               "by"}
_LOWER_CODE = re.compile(r"\b(usd|gbp|eur|cad|aud|chf|jpy|sgd|hkd|nzd)\b", re.I)


# (also 'for each calendar day', 'per diem': blind red team 35, kit35a, right forms 0.75 where the fact is stated 'for
# each calendar day')
_TIME_RATE = re.compile(r"(?:\bfor\s+each|\beach|\bper|\ba|\ban|/)[\s-]*(?:hour|day|week|month|year|annum|calendar\s+day)s?\b|"
                        r"\bper\s+diem\b|\b(?:p\.?\s?a|hourly|daily|weekly|monthly|yearly|annually)\b", re.I)
_PERIODS = {"hour": "hour", "hourly": "hour", "day": "day", "daily": "day", "week": "week", "weekly": "week",
            "month": "month", "monthly": "month", "year": "year", "yearly": "year", "annum": "year", "annually": "year",
            "annual": "year", "pa": "year", "diem": "day"}
# the figures that are rates whatever period they are given for (a pay rate, a rent, a fee)
_RATE_WORDS = re.compile(r"\b(?:rate|pay|wages?|salar(?:y|ies)|rent|fees?|hire|charter\s+hire)\b", re.I)


def _rate_period(said: str, check: Check) -> bool:
    """Whether a period written after a figure ('per month', '/hour') is one its field is a rate of: the field or its
    figure names that period, or the field is a pay rate, rent or fee; a year is a figure's own period anywhere."""
    periods = {_PERIODS[w] for w in _tokens(said) if w in _PERIODS}
    field = " ".join([*(check.a_words[:1] or []), *(check.values[:1] or [])])
    named = {_PERIODS[w] for w in _tokens(field) if w in _PERIODS}
    return periods <= named | {"year"} or _RATE_WORDS.search(field) is not None


_YEARLY = re.compile(r"\b(?:a|per|each)\s+(?:year|annum)\b|\bannually\b|\byearly\b|\bp\.a\.", re.I)


_PERIOD_WORDS = {"diem": "day", "annum": "year", "p.a": "year", "pa": "year", "p. a": "year", "annually": "year", "yearly": "year",
                 "hourly": "hour", "daily": "day", "weekly": "week", "monthly": "month", "calendar day": "day"}


_ADVERB = {"day": "daily"}


def _period_of(rate: str) -> str:
    """The period a time rate names: 'per hours' -> 'hour', 'an hour' -> 'hour', 'p.a.' -> 'year', 'daily' -> 'day'."""
    unit = " ".join(re.sub(r"^(?:for\s+each|each|per|an?|/)\s*", "", rate.lower().strip()).split()).rstrip(".")
    unit = _PERIOD_WORDS.get(unit, unit)
    return _PERIOD_WORDS.get(unit.rstrip("s"), unit.rstrip("s"))


def _period_fits(value: str, check: Check, world) -> bool:
    """Whether a time rate written after a figure ('USD 782,000 per day', 'per annum', '12% per day') is the period
    the fact itself is stated in: a yearly rent 'a year' is (kit17), a gap or a rate the outline states by no period is
    not (kit19: 'USD 782,000 per day', 'per annum', '6% per day', each 1.0)."""
    said = _TIME_RATE.search(value)
    if said is None:
        return True
    name = (check.a_words[0] if check.a_words else "").lower()
    own = _TIME_RATE.search(name)
    if own is not None:  # a field that names its period takes that one ('Demurrage rate per hour: USD 1,100 per day'
        return _period_of(own.group()) == _period_of(said.group())  # scored 1.0: s24's blind red team)
    if world is None:
        return bool(_YEARLY.search(said.group()))  # as before where the world is not at hand: a year only
    named = [f for f in world.plan.facts if (getattr(f, "label", None) or f.id.replace("_", " ")).lower() in name]
    if not named:
        # a field named for no fact ('Answer: USD 288,000 a year'): the periods the matter's figures of that kind are
        # stated in (a rent review's rents are yearly; an audit's sums are not)
        kind = {"amount": "money", "percent": "percent"}.get(check.expect or "", "number")
        named = [f for f in world.plan.facts if getattr(getattr(f, "value", None), "type", None) == kind]
    unit = _period_of(said.group())
    per = re.compile(rf"\b(?:a|an|per|each)\s+(?:calendar\s+|working\s+|business\s+)?{re.escape(unit)}\b|"
                     rf"\b{re.escape(unit)}ly\b|\b{_ADVERB.get(unit, unit + 'ly')}\b", re.I)
    # The period is the fact's own where its label names it ('annual rent') or its statement writes it after the
    # fact's own figure ('GBP 1,200,000 a year'); a period elsewhere in the statement is another figure's ('interest
    # at 9% per annum ... USD 86,400'): blind red team 37, kit37a, 35 one-off totals 'USD 644,400 per year' at 1.0
    for f in named:
        label = getattr(f, "label", "") or ""
        if per.search(label) or (unit == "year" and re.search(r"\bannual\b", label, re.I)):
            return True
        figure = re.search(r"\d[\d,.]*\d|\d", getattr(f, "text", "") or "")
        statement = " ".join((getattr(f, "statement", "") or "").split())
        if figure is None:  # a fact with no figure written (a bare record): its statement's period, as before
            if per.search(statement) or (unit == "year" and _YEARLY.search(statement)):
                return True
        else:
            for at in re.finditer(r"(?<![\d,.])" + re.escape(figure.group()) + r"(?![\d,])(?:\s*%|\s*(?:million|m|bn|k)\b)?",
                                  statement):
                after = statement[at.end():at.end() + 40]
                if per.match(after.lstrip(" ,")) or (unit == "year" and _YEARLY.match(after.lstrip(" ,"))) \
                        or re.match(rf"\s*(?:\w+\s+){{0,2}}?(?:a|an|per|each)\s+(?:calendar\s+|working\s+|business\s+)?"
                                    rf"{re.escape(unit)}\b", after, re.I):
                    return True
    return False


def _figure_ok(value: str, check: Check, world=None, instruction: str = "") -> bool:
    value = _LOWER_CODE.sub(lambda m: m.group(1).upper(), value)  # 'usd 1,380,000' (kit17: a right form 0.29)
    parsed = answers.parse(value)
    found = [m for m in parsed.mentions if not (m.year_like and check.expect != "number")]
    if len(found) != 1:
        return False
    m = found[0]
    if m.negated or m.hedged or m.superseded:
        return False
    # 'USD 782,000+', '76+ days' (at least: a hedge), 'USD (782,000)' (a negative in an accountant's brackets), each
    # 1.0 (kit19)
    if re.match(r"\s*\+", value[m.end:]) or re.search(r"\(\s*(?:[A-Z]{3}\s*|[$£€]\s*)?$", value[:m.start]) \
            or re.match(r"[A-Z]{3}\s*\(|[$£€]\s*\(", m.text):
        return False
    # an amount given another unit or currency after it ('CAD 427,600 days', 'CAD 427,600 ¥', 'CAD 13,553,400 £':
    # blind red team 34, wrong forms 1.0)
    if check.expect == "amount" and m.kind == "money" and _OTHER_UNIT_AFTER.match(value[m.end:]):
        return False
    if check.expect in ("amount", "percent", "days", "number") and not _period_fits(value, check, world):
        return False
    if check.expect == "amount" and m.kind == "number" and m.unit is None and not m.year_like and m.value != 0:
        # an amount written bare: the form asks it with its currency ('Figure: 14,360,000' scored 1.0 where blind red
        # team 34 called it wrong; kit18, before the prompt said so, had called 'Answer: 1,750,000' right). Nothing
        # is nothing in any currency ('Answer: nil', kit20).
        return False
    if check.expect == "amount" and m.kind == "number" and m.value == 0:
        m = replace(m, kind="money", currency=None, currency_exact=False)
    if check.expect == "percent" and m.kind == "number" and m.unit is None and m.value is not None and m.value >= 1 \
            and re.search(r"\bpercent(?:age)?\b", check.a_words[0] if check.a_words else "", re.I):
        # a bare figure in a field its name says is a percentage ('Liability cap percentage: 100': kit27a, a right form
        # 0.95); a fraction there (0.5) is read as the rate it is by value_matches
        m = replace(m, kind="percent")
    elif check.expect == "percent" and m.kind == "number" and m.value is not None \
            and (m.unit == "x" or (m.unit is None and "." in m.text)) and _ratio_like(check, world):
        # a covenant ratio, a cover or a multiple kept as a percentage but written as the banker writes it: '1.35x',
        # '1.35 times' or '1.35' beside its label for a DSCR of 135% (s30's blind red teams: right forms refused)
        m = replace(m, kind="percent", value=m.value * 100, unit=None,
                    quantum=m.quantum * 100 if m.quantum is not None else None)
    expected = answers.parse(check.values[0]).mentions
    if len(expected) != 1:
        return False
    e = expected[0]
    if m.kind == "percent" and e.kind == "number" and e.unit and answers.POINT_WORDS.match(e.unit.lower()) \
            and check.expect == "number" and not _a_rate_of(m.value, world):
        # a move of a rate or a gap between two rates, keyed in percentage points, written in the rates' own unit:
        # 'Change in the default rate: 15%' for 15 percentage points (s30's blind red teams: right forms refused); the
        # field asks the move, so its percent is the move's points. Where a rate of the matter has that value the
        # percent names the rate as well, and stays refused.
        m = replace(m, kind="number", unit=e.unit)
    if m.kind == "percent" and e.kind == "number" and e.unit == "x" and m.value is not None:
        # the other way round: a multiple the room keeps as one, written as its percentage ('Minimum DSCR: 135%' for
        # 1.35x)
        m = replace(m, kind="number", unit="x", value=m.value / 100,
                    quantum=m.quantum / 100 if m.quantum is not None else None)
    kinds = {"amount": ("money",), "percent": ("percent", "number"), "days": ("number",), "number": ("number",)}
    if m.kind not in kinds.get(check.expect or "", (e.kind,)):
        return False
    # (a duration in another unit is the same duration: '5.5 days' for 132 hours, s24's blind red team)
    # (and months in years: '1 year' for a leave of 12 months, kit30a: right forms 0.875)
    durations = bool(e.unit and m.unit and len(m.unit.split()) == 1 and any(
        per(e.unit) and per(m.unit) and per(e.unit) != per(m.unit) for per in (answers.hours_per, answers.months_per)))
    if durations and re.search(rf"\bin\s+{re.escape(e.unit.rstrip('s'))}s\b", instruction, re.I) \
            and not (answers.hours_per(m.unit) or 0) > (answers.hours_per(e.unit) or 0) >= 24:
        # '504 hours' where the task asks its figure 'in days'; whole weeks that are exactly the days asked pass ('3
        # weeks', 'three weeks' for 21 days: blind red team 34, right forms 0.67), as value_matches converts exactly
        return False
    want = answers.Want(e.kind, number=e.value, currency=e.currency if e.currency_exact else None,
                        unit=e.unit if durations else None)
    if m.kind == "money" and e.currency and m.currency and m.currency_exact and m.currency != e.currency:
        return False
    falls = "down" in check.b_words
    if m.value is not None and m.value < 0 and not (e.value is not None and e.value < 0):
        # (a figure that is itself negative is read as itself: 'USD -12,250,000', the oracle of an unseen earn-out
        # outline's what-if, scored 0.5)
        if not falls or re.match(r"(?:[A-Z]{3}|[$\u00a3\u20ac])\s*[-\u2212]", m.text):
            # a minus inside the figure ('USD -1,108,224') makes the amount itself negative, no gap or fall of it
            # (kit22: the gap asked the other way round, 1.0)
            return False
        m = replace(m, value=-m.value)  # '-USD 144,000' for a fall of USD 144,000 (kit17: 0.67)
    if falls and value[:m.start].strip().endswith("+"):
        return False  # '+USD 144,000' for a fall (kit17: 1.0)
    if not answers.value_matches(m, want):
        return False
    if m.kind == "money" and m.scale and m.value is not None and e.value is not None and round(m.value, 2) != round(e.value, 2):
        # a field asks the figure, and a scale word rounds it as the same figure's digits would not ('USD 1.48 million'
        # for USD 1,478,000 at 1.0 where 'USD 1,480,000' scored 0.5: kit27b, two false positives): both are off
        return False
    # a count's noun with the fact's own qualifier before it ('612 permanent employees' where the room says 612 people
    # on permanent contracts, '29,400 HRC-10X units' of the matter's product; kit30a, kit29b, kit31b: right forms 0.93)
    qualified = _qualified_count(value[m.end:], e, world) if e.unit and m.unit and not same_unit(e.unit, m.unit) \
        else set()
    if e.unit and m.unit and not same_unit(e.unit, m.unit) and not _field_names_unit(m.unit, check) and not durations \
            and not qualified:
        return False  # kit17: 'Answer: 3 months' for 3 days, 'Floor area: 24,000 sq m' for sq ft, each 1.0
    if check.expect == "number" and e.unit and m.unit is None and _is_measure(e.unit) \
            and not answers.unit_keys(e.unit) & answers.unit_keys(check.a_words[0] if check.a_words else ""):
        # a bare figure where the form asks a measure's number and its unit ('Quantity shipped: 53,912.5' for 53,912.5
        # mt: tonnes, barrels or bags?); a count of things its field names may go bare ('Positions eliminated: 148').
        # (kit31a: wrong forms 1.0)
        return False
    rest = value[:m.start] + " " + value[m.end:]
    # a dollar's country in words beside it ('Canadian $13,553,400', '$13,553,400 (Canadian)': blind red team 34, right
    # forms 0.62) names its currency, which must be the figure's ('$13,553,400 (US)' for a Canadian sum passed)
    nations = {_DOLLAR_OF[t] for t in _tokens(rest) if t in _DOLLAR_OF}
    if m.kind == "money" and nations and (len(nations) > 1 or (m.currency_exact and {m.currency} != nations)
                                          or (e.currency and {e.currency} != nations)):
        return False
    # the field's own words and a yearly figure's period ('Market rate per sq ft: USD 62 per sq ft', 'USD 288,000 a
    # year', 'p.a.': kit17, right forms 0.62-0.94); a fall in words where the figure fell ('a fall of USD 144,000')
    allowed = _CURRENCY_WORDS | _UNIT_WORDS | set(_tokens(check.values[0])) | set(_tokens(check.a_words[0])) | \
        {"a", "year", "annum", "pa", "p", "yearly", "psf", "sq", "ft"} | (_FALL_WORDS if falls else set()) | \
        (_RISE_WORDS if _rises(check, instruction) else set()) | \
        ({t for t in _DOLLAR_OF if m.kind == "money" and _DOLLAR_OF[t] == m.currency} if m.currency_exact else set(_DOLLAR_OF))
    said = _TIME_RATE.search(value)
    if said is not None and not _rate_period(said.group(), check):
        said = None  # a period the field is no rate of: 'EUR 2,311,920 per month' for a year's cost (kit30a: 1.0)
    if said is not None:  # a rate's own period, where it fits ('Average regular rate of pay: $24/hour', kit22 0.94)
        allowed |= set(_tokens(said.group()))
    per_fact = _per_unit_of_fact(value[m.end:], check, world)
    per = _PER_AFTER.match(value[m.end:])
    if per is not None and said is None and not per_fact and not _PER_CENT.match(per.group(1)) \
            and not _field_names_unit(per.group(1), check):
        return False  # a sum given per a thing its fact is not stated by ('USD 47,880 per dollar'; verify26's grant set)
    allowed |= per_fact
    if e.unit and m.unit:  # a count's unit in other words ('62,480 gross tons' for '62,480 GT')
        allowed |= set(_tokens(m.unit)) | qualified
    if e.unit and not m.unit:
        # the unit after a bare figure that the parser did not take as one is still read: none but the expected
        allowed = (allowed - _UNIT_WORDS) | set(_tokens(e.unit)) | _CURRENCY_WORDS | {"x", "times"}
        # (and its short forms: '9 mo.' for 9 months, kit17 0.91)
        allowed |= {t for g in _UNIT_GROUPS if e.unit.lower() in g for u in g for t in _tokens(u)}
    return _residual_ok(_tokens(rest), allowed)


def _a_rate_of(value: Decimal | None, world) -> bool:
    """Whether a percentage fact of the matter, other than a difference of two, has this value."""
    facts = getattr(getattr(world, "plan", None), "facts", None) or []
    return value is not None and any(
        getattr(getattr(f, "value", None), "type", None) == "percent" and Decimal(str(f.value.value)) == value
        and "-" not in (getattr(f, "formula", None) or "") for f in facts)


# the words of a figure a professional gives as a multiple whether the room writes it as one or as a percentage
_RATIO_WORDS = re.compile(r"\b(?:ratios?|cover|coverage|multiples?|gearing|leverage|dscr|icr|ltv|ltc|dsc|"
                          r"loan[\s-]+to[\s-]+(?:value|cost)|debt[\s-]+service|interest[\s-]+cover\w*)\b", re.I)


def _ratio_like(check: Check, world) -> bool:
    """Whether a percentage field is a ratio a banker writes as a multiple (a DSCR, an LTV, an interest cover): its
    name says so, or, for a field named for no fact ('Answer'), the matter's fact of that value is labelled so."""
    name = check.a_words[0] if check.a_words else ""
    if re.search(r"\bpercent(?:age)?\b|%", name, re.I):
        return False  # a field that asks the percentage is answered in percent
    if _RATIO_WORDS.search(name):
        return True
    facts = getattr(getattr(world, "plan", None), "facts", None) or []
    if any((getattr(f, "label", None) or f.id.replace("_", " ")).lower() in name.lower() for f in facts):
        return False  # the field names another fact
    want = answers.parse(check.values[0]).mentions
    value = want[0].value if len(want) == 1 and want[0].kind == "percent" else None
    return value is not None and any(
        getattr(getattr(f, "value", None), "type", None) == "percent" and Decimal(str(f.value.value)) == value
        and _RATIO_WORDS.search(f"{getattr(f, 'label', None) or f.id.replace('_', ' ')}") for f in facts)


def _is_measure(unit: str) -> bool:
    """Whether a unit measures (tonnes, hours, MWh, sq ft, barrels) rather than counts things (employees, loans): a
    measure's figure means nothing without it. 'x' (a multiple) is asked as a bare value."""
    if unit.strip().lower() == "x":
        return False
    if any(_unit_key(unit) in g for g in _UNIT_GROUPS) or answers.unit_keys(unit) & _MEASURES:
        return True
    return any(c.isupper() or c.isdigit() for c in unit) or len(unit.strip()) <= 3  # 'MWh', 'EFH', 'SDR', 'bbl'


_MEASURES = answers.MEASURE_STEMS | {"barrel", "gallon", "litre", "liter", "quarter", "ounce", "acre", "hectare"}
# a qualifier is a word of its own in the room's text: 'performing' is no word of 'non-performing loans'
_QUALIFIER = "(?<![\\w-]){}(?![\\w-])"


def _qualified_count(after: str, e, world) -> set[str]:
    """The words of a count written with a qualifier before its noun ('612 permanent employees' for 612 employees),
    where every qualifier is a word the room uses of that figure (its fact's label or statement) or of the matter
    (its title); '612 temporary employees', '8,612 performing loans' in a sale of non-performing ones, or a measure
    so qualified, give nothing."""
    words = after.strip().split()
    noun = e.unit.split()
    if world is None or e.value is None or _is_measure(e.unit) or not 1 <= len(words) - len(noun) <= 2 \
            or not same_unit(" ".join(words[-len(noun):]), e.unit):
        return set()
    texts = [getattr(world.plan, "title", "") or ""]
    for fact in world.plan.facts:
        unit = getattr(fact.value, "unit", None)
        held = [_amount(fact.value), *[_amount(x.value) for x in getattr(fact, "earlier", [])]]
        if unit and same_unit(unit, e.unit) and any(h is not None and abs(h - float(e.value)) < 0.005 for h in held):
            texts += [getattr(fact, "label", "") or "", fact.statement or ""]
    said = " ".join(texts)
    quals = [w.strip(".,;:") for w in words[:-len(noun)]]
    if not all(q and re.search(_QUALIFIER.format(re.escape(q)), said, re.I) for q in quals):
        return set()
    return set(_tokens(after))


# (a word of its own: '17 apparent violations' is no '17 a pparent', kit27b: a right form 0.95)
_PER_AFTER = re.compile(r"\s*(?:(?:per|an?|each)\b|/)\s*([a-z][a-z.]*)", re.I)
_PER_CENT = re.compile(r"(?:cent|centum|mille|mil)\b", re.I)
_LABEL_PER = re.compile(r"\b(?:per|an?|each)\s+([a-z][a-z.]*)", re.I)


def _amount(value) -> float | None:
    got = getattr(value, "amount", None)
    got = getattr(value, "value", None) if got is None else got
    return float(got) if isinstance(got, (int, float, Decimal)) else None


def _per_unit_of_fact(after: str, check: Check, world) -> set[str]:
    """The words of a per-unit written after a figure ('GBP 8.48 per kg', 'GBP 8.48/kg') where the fact the figure
    is a value of, or the move of, names that unit in its label ('CMR limit per kilogram in sterling'; kit23, an unseen
    outline: six right reconcile forms scored 0.0-0.6); 'per tonne' for it, or 'per kg' on another figure, still fails."""
    said = _PER_AFTER.match(after)
    if said is None or world is None or not check.values:
        return set()
    want = answers.parse(check.values[0]).mentions
    if len(want) != 1 or want[0].value is None:
        return set()
    number = float(want[0].value)
    unit = said.group(1).rstrip(".").lower()
    for fact in world.plan.facts:
        per = _LABEL_PER.search(getattr(fact, "label", "") or "")
        now = _amount(fact.value)
        if per is None or now is None:
            continue
        old = [_amount(e.value) for e in fact.earlier] + [_amount(d.value) for d in world.plan.distractors
                                                            if d.fact == fact.id]
        figures = [now, *[o for o in old if o is not None], *[abs(now - o) for o in old if o is not None]]
        if any(abs(f - number) < 0.005 for f in figures) and same_unit(unit, per.group(1)):
            return set(_tokens(said.group()))
    return set()


# units written other ways, each group one unit
_UNIT_GROUPS = (
    {"gt", "gross tons", "gross tonnage", "gross tonnes", "gross register tons", "grt"},
    {"sq ft", "square feet", "square foot", "sqft", "sf", "sq feet"},
    {"sq m", "square metres", "square meters", "sqm", "m2"},
    {"days", "day", "calendar days", "calendar day"},
    {"hours", "hour", "hrs", "hr", "h"}, {"weeks", "week", "wk", "wks"}, {"months", "month", "mo", "mos", "mth", "mths"}, {"years", "year", "yr", "yrs"},
    {"x", "times"},
    {"kg", "kgs", "kilogram", "kilograms", "kilo", "kilos"}, {"tonne", "tonnes", "metric tonne", "metric tonnes", "mt", "mts", "t", "metric ton", "metric tons"},
    {"litre", "litres", "liter", "liters"},
    {"percentage points", "percentage point", "points", "pp", "pts"},
)


def _field_names_unit(unit: str, check: Check) -> bool:
    """Whether a count's unit is the thing its field names, no measure ('Opt-in plaintiffs: 148 opt-in plaintiffs',
    'Workweeks in the limitations period: 104 workweeks' for 148 employees and 104 weeks, kit22 0.94); '4.5 week' for
    hours still fails though the field says 'a week'."""
    words = _tokens(unit)
    if not words or any(_unit_key(unit) in g or w in g for g in _UNIT_GROUPS for w in words):
        return False
    return set(words) <= set(_tokens(check.a_words[0] if check.a_words else ""))


def _unit_key(unit: str) -> str:
    return " ".join(_tokens(unit.replace(".", " ")))


# the words for the people a head count counts ('3,412 people', '3,412 workers' for 3,412 employees: blind red team 35,
# kit35b, right forms 0.94); kept out of _UNIT_GROUPS, whose members are measures (a count of people is no measure: it
# may go bare, and may carry the room's own qualifier, test_verify35_classes)
_HEADS = frozenset({"employees", "employee", "people", "persons", "person", "workers", "worker", "staff", "individuals",
                    "individual", "staff members", "staff member", "team members", "team member"})


def same_unit(a: str, b: str) -> bool:
    """Whether two units are one ('GT' and 'gross tons', 'days' and 'calendar days'; not 'days' and 'business days')."""
    ka, kb = _unit_key(a), _unit_key(b)
    if ka == kb or ka.rstrip("s") == kb.rstrip("s"):
        return True
    return any(ka in g and kb in g for g in (*_UNIT_GROUPS, _HEADS))


# in brackets only: 'the Clause 41.3 cap' is an option's own name
_PROVISION = re.compile(r"\(\s*(?:clause|section|s\.|cl\.|para(?:graph)?|article|schedule)\s*[\d.a-z]*\d[\d.a-z]*"
                        r"(?:\s+(?:cap|limit|floor))?\s*\)", re.I)


# a superseded figure's paper named in a bracket after it ('USD 83,200,000 (preliminary)', '(preliminary statement,
# February 4, 2026)': kit20, right forms 0.8); a bracket that says it still holds or gives another figure is no gloss
_GLOSS = re.compile(r"\s*\(([^()]*)\)\s*$")
_GLOSS_DENIES = re.compile(r"\b(?:govern\w*|current\w*|now|appl(?:y|ies)|stands?|holds?|correct|right|valid|still|"
                           r"operative|latest|final|replac\w*|supersed\w*|not)\b", re.I)


def _paper_gloss(part: str) -> str:
    """A listed figure without a bracket after it that only names its paper or day."""
    gloss = _GLOSS.search(part)
    if gloss is None or _GLOSS_DENIES.search(gloss.group(1)) or not re.search(r"[A-Za-z]{3}", gloss.group(1)):
        return part
    if any(m.kind != "date" and not m.year_like for m in answers.parse(gloss.group(1)).mentions):
        return part
    return part[:gloss.start()]


# the words a note on a superseded figure may use beyond its ledger entry's own (the paper, its day, why it went)
_NOTE_WORDS = {"the", "a", "an", "of", "on", "in", "by", "at", "and", "from", "dated", "draft", "earlier", "version",
               "prior", "previous", "original", "initial", "old", "figure", "amount", "set", "aside", "withdrawn", "s"}


def _note_of_ledger(note: str, figure: str, world) -> bool:
    """Whether a note on a superseded figure says only what the ledger says of it: its words from the distractor's
    label (paper, reason), its days the paper's own. A world without that figure among its distractors is not asked."""
    want = answers.parse(figure).mentions
    labels = [d.label or "" for d in getattr(getattr(world, "plan", None), "distractors", None) or []
              if len(want) == 1 and getattr(d.value, "type", None) == "money" and want[0].value is not None
              and Decimal(str(d.value.amount)) == want[0].value]
    if not labels:
        return True
    said = answers.parse(note).mentions
    days = {x for m in said if m.kind == "date" for x in m.dates}
    words = list(note)
    for m in said:
        if m.kind == "date" or m.year_like:
            words[m.start:m.end] = " " * (m.end - m.start)
    # a day and month without the year ('FDD draft of 27 March' for the draft of March 20: blind red team 35, kit35c, a
    # wrong note 1.0, its day and month read as words of the label, which names the final report's March 27)
    yearless = []
    for m in _YEARLESS.finditer("".join(words)):
        yearless.append((answers._MONTHS[(m["mon"] or m["mon2"]).lower()], int(m["d"] or m["d2"])))
        words[m.start():m.end()] = " " * (m.end() - m.start())
    words = {_stem(w) for w in _tokens(_unaccented("".join(words)))} - _NOTE_WORDS
    for label in labels:
        head = label.split(":")[0]
        paper_days = {x for m in answers.parse(head).mentions if m.kind == "date" for x in m.dates} or \
            {x for m in answers.parse(label).mentions if m.kind == "date" for x in m.dates}
        if any(not any((d.month, d.day) == md for d in paper_days) for md in yearless):
            continue
        if days <= paper_days and words <= {_stem(w) for w in _tokens(_unaccented(label))}:
            return True
    return False


_YEARLESS = re.compile(r"\b(?:(?P<d>\d{1,2})(?:st|nd|rd|th)?\.?\s+(?P<mon>%s)\b|(?P<mon2>%s)\.?\s+(?P<d2>\d{1,2})(?:st|nd|rd|th)?\b)"
                       % (("|".join(sorted(answers._MONTHS, key=len, reverse=True)),) * 2), re.I)


def _figures_ok(value: str, check: Check, world=None) -> bool:
    """Every figure of `check.values` once, in any order, and nothing else: 'USD 38,420,000; USD 44,900,000'."""
    parts = [p for p in re.split(r"\s*(?:;|\band\b|,(?=\s*(?:[A-Z]{3}\b|[$\u00a3\u20ac])))\s*", value) if p.strip()]
    if len(parts) != len(check.values):
        return False
    left = list(check.values)
    for part in parts:
        bare = _paper_gloss(part)
        hit = next((v for v in left if _figure_ok(bare, check.model_copy(update={"values": [v], "expect": "amount"}), world)),
                   None)
        if hit is None:
            return False
        # a note kept on a superseded figure must agree with the ledger ('EUR 4,100,000 (reinstated by the seller)',
        # '(binding)', '(in force)', '(the higher figure)' for the lower, '(draft of 20 March 2025)': blind red team
        # 35, kit35c, each 1.0 where the block list of _GLOSS_DENIES did not name its words)
        if bare != part and not _note_of_ledger(_GLOSS.search(part).group(1), hit, world):
            return False
        left.remove(hit)
    return not left


_NUMERIC_DATE = re.compile(r"\b(\d{1,2})/(\d{1,2})/\d{2,4}\b")


def _day_first(answer: str) -> bool | None:
    """The order the answer itself writes numeric dates in, where one of them shows it ('19/05/2026' is day first, so
    its '11/03/2026' is March 11, in an en_US matter too: kit19, a right form 0.75); None where none shows it."""
    firsts = {int(a) > 12 for a, b in _NUMERIC_DATE.findall(answer) if (int(a) > 12) != (int(b) > 12)}
    return next(iter(firsts)) if len(firsts) == 1 else None


_UNITS_SAID = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
               "seventeen eighteen nineteen").split()
_TENS_SAID = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_BELOW_HUNDRED = rf"(?:{'|'.join(_TENS_SAID)})(?:[\s-](?:{'|'.join(_UNITS_SAID[1:10])}))?|(?:{'|'.join(_UNITS_SAID)})"
# (hundreds too: 'one hundred forty-six days', kit20 a right form 0.75)
_SAID_NUMBER = re.compile(rf"^\s*(?:(?P<h>{'|'.join(_UNITS_SAID[1:10])})\s+hundred\b(?:\s+and)?\s*)?"
                          rf"(?P<r>{_BELOW_HUNDRED})?\b", re.I)


def _below_hundred(said: str) -> int:
    words = re.split(r"[\s-]+", said.strip().lower())
    return sum(_TENS_SAID[w] if w in _TENS_SAID else _UNITS_SAID.index(w) for w in words)


def _spelled_out(value: str) -> str:
    """A count a field spells out, in digits ('Answer: three' is 3 days, 'nine months' is 9 months: kit17, right forms
    0.67 and 0.91)."""
    m = _SAID_NUMBER.match(value)
    if m is None or not (m.group("h") or m.group("r")):
        return value
    n = (_UNITS_SAID.index(m.group("h").lower()) * 100 if m.group("h") else 0) + \
        (_below_hundred(m.group("r")) if m.group("r") else 0)
    rest = value[m.end():]
    # the figure in digits in brackets after its words, as a contract writes it ('five (5) days', 'eight (8)': blind
    # red team 35, right forms 0.67); a bracket that gives another figure stays, and fails
    gloss = re.match(r"\s*\(\s*(\d+)\s*\)", rest)
    if gloss and int(gloss.group(1)) == n:
        rest = rest[gloss.end():]
    return f"{n}{rest}"


# nothing said in a word ('Answer: zero', 'USD nil', 'nil'; 'USD 0 (none)': kit20, right forms 0.79-0.93)
_ZERO_SAID = re.compile(r"^(\s*(?:[A-Z]{3}|[$\u00a3\u20ac])?\s*)(?:zero|nil|none|nothing)\s*\.?\s*$", re.I)
_ZERO_GLOSS = re.compile(r"^(\s*(?:[A-Z]{3}|[$\u00a3\u20ac])?\s*0(?:\.0+)?)\s*\(\s*(?:zero|nil|none|nothing)\s*\)\s*$", re.I)
# a count of days written short or as the lapse the question asks for ('20d', '20 days later' for how many days after:
# kit20, right forms 0.67)
_DAYS_SHORT = re.compile(r"^(\s*\d[\d,]*)\s*d\b\.?", re.I)
_DAYS_AFTER = re.compile(r"(\bdays?)\s+(?:later|after(?:wards)?)\s*\.?\s*$", re.I)
# a rate in basis points ('900 bps' for 9%: kit20, a right form 0.95)
_BASIS_POINTS = re.compile(r"^\s*(\d[\d,]*(?:\.\d+)?)\s*(?:bps?|basis\s+points?)\s*$", re.I)


# a rate said as a fraction a professional writes for it ('one-half' for a 50% base penalty rate: kit27b, two right forms
# 0.83); only the fractions a percent states exactly
_FRACTIONS = {"half": Decimal(50), "quarter": Decimal(25), "three quarters": Decimal(75), "fifth": Decimal(20),
              "tenth": Decimal(10)}
_FRACTION_SAID = re.compile(r"^\s*(?P<f>(?:(?:one|a)[\s-]+)?(?:half|quarter|fifth|tenth)|three[\s-]+quarters)"
                            r"\s*(?:\(\s*(?P<g>\d+(?:\.\d+)?)\s*(?:%|per\s*cent|percent)\s*\))?\s*\.?\s*$", re.I)


_SCIENTIFIC = re.compile(r"(?<![\w.,])\d+(?:\.\d+)?[eE]\+?\d{1,2}(?![\w.])")
# a period said as a part of a year, in the months a field keys it in ('one quarter' for 3 months: kit36b, 0.86)
_PART_OF_YEAR = {"quarter": 3, "half": 6, "half year": 6, "half a year": 6}
_PART_SAID = re.compile(r"^\s*(?:(?:one|a)[\s-]+)?(?P<p>quarter|half(?:[\s-]+a)?[\s-]+year)\s*\.?\s*$", re.I)


def _said_plainly(value: str, kind: str) -> str:
    """A figure said in words or short forms a professional uses, as the figure ('nil' is 0, '20d' 20 days, '900 bps'
    9%)."""
    value = _ZERO_GLOSS.sub(r"\1", _ZERO_SAID.sub(r"\g<1>0", value))
    # a figure in scientific notation, as a spreadsheet shows it ('USD 8.065e7': blind red team 36, kit36b, a right
    # form 0.4)
    value = _SCIENTIFIC.sub(lambda m: f"{Decimal(m.group()).normalize():,f}", value)
    if kind == "days":
        value = _DAYS_AFTER.sub(r"\1", _DAYS_SHORT.sub(r"\1 days", value))
    if kind == "percent":
        bp = _BASIS_POINTS.match(value)
        if bp:
            value = f"{Decimal(bp.group(1).replace(',', '')) / 100}%"
        part = _FRACTION_SAID.match(value)
        if part:
            # the same rate in figures beside it must agree ('one-half (50%)'); a gloss that differs stays and fails
            said = _FRACTIONS[re.sub(r"[\s-]+", " ", part.group("f").lower()).removeprefix("a ").removeprefix("one ")]
            gloss = part.group("g")
            if gloss is None or Decimal(gloss) == said:
                value = f"{said}%"
    return value


_COMPACT_ISO = re.compile(r"^\s*((?:19|20)\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\s*$")
_SHORT_YEAR = re.compile(r"^\s*(?P<d>\d{1,2})[\s-]+(?P<mon>%s)\.?[\s-]+['\u2019]?(?P<y>\d{2})\s*$"
                         % "|".join(sorted(answers._MONTHS, key=len, reverse=True)), re.I)


# locales whose numeric dates take dots or the ISO order, never slashes (a slash date there is a foreigner's, US or
# British), by language, and Canada's, which writes both orders
_DOTS_OR_ISO = {"de", "ru", "pl", "cs", "sk", "fi", "nb", "no", "nn", "da", "sv", "ko", "ja", "zh", "hu", "uk", "tr",
                "lt", "lv", "et", "hr", "sr", "sl", "bg", "ro", "is"}


def _slashes_foreign(locales: list[str]) -> bool:
    """Whether the matter's locale writes no numeric date with slashes, so a slash date's order is open."""
    return any(loc.split("_")[0].lower() in _DOTS_OR_ISO or loc in ("en_CA", "fr_CA") for loc in locales)


def _date_ok(value: str, check: Check, day_first: bool | None = None, world=None) -> bool:
    # (a day and month with no year is no date: the form asks the year, and '24 March' scored 1.0 where blind red team
    # 34 called it wrong; session 30 had read it with the year the matter's window gives)
    # (the compact ISO date and a month's name with a two-digit year, as '24/03/26' is read: '20260324', '27 Mar 26',
    # blind red team 34, right forms 0.67)
    value = _COMPACT_ISO.sub(r"\1-\2-\3", value)
    value = _SHORT_YEAR.sub(lambda m: f"{m['d']} {m['mon']} 20{m['y']}", value)
    found = [m for m in answers.parse(value).mentions if m.kind == "date"]
    others = [m for m in answers.parse(value).mentions if m.kind != "date" and not m.year_like]
    if len(found) != 1 or others:
        return False
    m = found[0]
    want = dt.date.fromisoformat(check.values[0])
    if len(m.dates) > 1:
        # 05/11/2026 is May 11 where the matter's locale writes the month first (en_US), else November 5 (kit17: a
        # right US date 0.75)
        # (dots are the day-first convention wherever they are written: '06.02.2026', kit18)
        dotted = re.fullmatch(r"\d{1,2}\.\d{1,2}\.\d{2,4}", m.text.strip()) is not None
        month_first = any(loc.endswith("_US") for loc in check.b_words) if day_first is None else not day_first
        day = m.dates[0] if month_first and not dotted else m.dates[-1]
        # where the matter's locale writes no numeric date with slashes or hyphens (a German one writes '08.04.2026'),
        # '04/08/2026' is the US or the British order, either of which a reader takes (kit35c: April 8 so written, a
        # right form 0.90); the answer's own order, where one of its dates shows it, still decides
        either = day_first is None and not dotted and not month_first and _slashes_foreign(check.b_words)
        if day != want and not (either and want in m.dates):
            return False
    elif m.dates != (want,):
        return False
    rest = _TIME.sub(" ", value[:m.start] + " " + value[m.end:])  # 'August 17, 2026 09:10' (kit17: 0.67)
    # a weekday beside the date is that date's ('Monday 24 March 2026' for a Tuesday: blind red team 34, wrong forms 1.0)
    if any(_WEEKDAY_OF.get(t, want.weekday()) != want.weekday() for t in _tokens(rest)):
        return False
    return _residual_ok(_tokens(rest), _WEEKDAYS | _ZONES | {"the", "of"})  # "the 26th of January 2026" (kit36b: 0.90)


# ('2026-03-11T13:57' is an ISO date with its time: kit19, a right form 0.63)
_TIME = re.compile(r"(?:\b(?:at\s+|T)?|(?<=\d)T)\d{1,2}[:.]\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?|Z)?\b", re.I)
_ZONES = {"et", "est", "edt", "ct", "cst", "cdt", "pt", "pst", "pdt", "utc", "gmt", "bst", "cet", "cest", "am", "pm",
          # (and the zones of the other locales: '18 June 2026, 15:41 (BRT)', blind red team 34, a right form 0.67)
          "brt", "brst", "art", "clt", "cot", "pet", "mst", "mdt", "ast", "adt", "nst", "akst", "hst", "wet", "west",
          "eet", "eest", "msk", "sast", "cat", "eat", "wat", "ist", "pkt", "sgt", "hkt", "jst", "kst", "awst", "acst",
          "aest", "aedt", "nzst", "nzdt"}


_UMLAUT = re.compile("[äöüÄÖÜß]")
_UMLAUT_OUT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


def _person_ok(value: str, check: Check, world) -> bool:
    low = value.lower()
    people = world.plan.people if world is not None else []
    me = next((p for p in people if p.name == check.values[0]), None)
    if me is None:
        return name_key(value) == name_key(check.values[0])
    # The form asks the full name: the surname alone, after an initial or a title ('Goodman', 'J. da Costa', 'Ms
    # Goodman') or the email address names no one by it (blind red team 34: each 1.0 where the attackers called it
    # wrong, against the prompt's words; kit29a had called 'da Costa' right before the prompt said so). The email may
    # stand beside the name.
    # (surname first as a directory lists it, 'Becker, Kathryn': kit19, a right form 0.8)
    spans = [me.name.lower(), f"{me.first_name} {me.last_name}".lower(), f"{me.last_name}, {me.first_name}".lower()]
    if _unaccented(me.last_name).upper() in _unaccented(value) and me.last_name.upper() != me.last_name:
        # the surname in capitals first, as a French register writes it ('WAGNER Alex': blind red team kit30a, a right
        # form 0.93); a surname in capitals names whose surname it is, either way round
        spans += [f"{me.last_name} {me.first_name}".lower()]
    if not me.name.isascii():
        # a Japanese, Chinese or Korean name family name first, with or without the space ('伊藤 裕太', '鈴木千代':
        # blind red team kit29b, right forms 0.8)
        spans += [f"{me.last_name} {me.first_name}", f"{me.last_name}{me.first_name}", f"{me.first_name}{me.last_name}"]
    hit = next((s for s in sorted(spans, key=len, reverse=True) if s in low), None)
    if hit is None and _UMLAUT.search(me.name):
        # a German umlaut written out, as a keyboard without it types it ('Mara Doering' for Mara Döring: blind red
        # team 35, kit35c, right forms 0.83)
        out = [s.translate(_UMLAUT_OUT) for s in spans]
        hit = next((s for s in sorted(out, key=len, reverse=True) if s in low), None)
    # (and the other way: an accent the room's spelling lacks, 'Vanessa Jiménez' for Vanessa Jimenez: kit36b, 0.85)
    # (an answer's accents fold only against a name in Latin letters: 'Yūta Itō' for 裕太 伊藤 is romaji, read below)
    folded = hit is None and (_unaccented(me.name) != me.name
                              or (_unaccented(low) != low and _unaccented(me.name).isascii()))
    if folded:
        # the name without its accents, as a keyboard without them types it ('Josephine Leduc' for Joséphine Leduc:
        # blind red team kit30a, right forms 0.83)
        low, spans = _unaccented(low), [_unaccented(s) for s in spans]
        hit = next((s for s in sorted(spans, key=len, reverse=True) if s in low), None)
    if hit is None and translit.written_in(me.name):
        # a Greek or Cyrillic name in Latin letters, by the standard tables and the usual choices they leave
        # ('Ioannis Papadopoulos' for Ιωάννης Παπαδόπουλος, 'Dmitriy Sokolov' for Дмитрий Соколов: s30's blind red
        # teams); read after the accents are folded, which a Greek name always has and which found nothing here
        found = translit.find(value, me.first_name, me.last_name)
        if found is not None:
            low, a, b = found
            hit, folded = low[a:b], True
    elif hit is None and hangul.written_in(me.name) and not folded:
        # a Korean name in Latin letters, in any usual spelling ('Kang Myung-ja', 'Gang Myeong-ja' for 강 명자: blind
        # red team kit30b, right forms 0.8)
        low = _unaccented(low)
        said = hangul.name_pattern(me.first_name, me.last_name).search(low)
        hit = said.group() if said else None
    elif hit is None and not me.name.isascii() and not folded:
        # the name in Latin letters, either order ('Chiyo Suzuki', 'Suzuki Chiyo', 'Yuta Itō' for 千代 鈴木 and 裕太 伊藤:
        # blind red team kit29b, four right forms 0.8), where the name's characters have one reading we know
        low = _plain_romaji(low)
        spans = [f"{a} {b}" for first in _readings(me.first_name) for last in _readings(me.last_name)
                 for a, b in ((first, last), (last, first))]
        hit = next((s for s in sorted(spans, key=len, reverse=True) if re.search(rf"\b{re.escape(s)}\b", low)), None)
    if hit is None:
        return False
    rest = low.replace(hit, " ", 1)
    plain = _unaccented if folded else (lambda text: text)
    for p in people:  # another person named beside: a hedge between senders, or the wrong one
        if p.id != me.id and (plain(p.name.lower()) in rest or plain(p.last_name.lower()) in _tokens(rest)
                              or p.email.lower() in rest):
            return False
    # the firm by its name as well as its id ('John Keller (Associate, Halden Price LLP)': kit19, a right form 0.81)
    firm = next((o.name for o in getattr(world.plan, "organisations", []) if o.id == me.organisation), "")
    allowed = _HONORIFICS | _PERSON_LINKS | set(_tokens(me.organisation)) | set(_tokens(firm)) | set(_tokens(me.title)) \
        | set(_tokens(me.role.replace("_", " "))) | set(_tokens(me.email))
    if translit.written_in(me.name):
        # the name again in Latin letters beside it ('Ιωάννης Παπαδόπουλος (Ioannis Papadopoulos)')
        again = translit.find(rest, me.first_name, me.last_name)
        if again is not None:
            rest = again[0][:again[1]] + " " + again[0][again[2]:]
        rest = _unaccented(rest)
        allowed |= {_unaccented(word) for word in allowed}
        for own in (firm, me.title):  # (the firm or title in its own script: the tokens below read Latin only)
            rest = rest.replace(_unaccented(own.lower()), " ") if own else rest
        if translit.written_in(rest):
            return False  # other words in Greek or Cyrillic letters ('Ioannis Papadopoulos ή Χρήστος ...'): unread
    elif not _unaccented(me.name).isascii():
        # the name again in Latin letters beside it ('Chiyo Suzuki (千代 鈴木)': blind red team kit29b, a right form 0.8)
        allowed |= _readings(me.first_name) | _readings(me.last_name)
        rest = _plain_romaji(rest)
    # words read without their accents, which the tokens would split ('João Felipe Lopes (Sócio, Prado Albuquerque
    # Advogados)' read 'sócio' as 's cio' beside a title read the same way only while the name had no accent: blind red
    # team 34, a right form 0.83)
    allowed |= {t for own in (me.title, firm, me.organisation) for t in _tokens(_unaccented(own or ""))}
    allowed |= {_unaccented(word) for word in allowed}
    return _residual_ok(_tokens(_unaccented(rest)), allowed)


def _unaccented(text: str) -> str:
    """Text with its accents taken off its letters ('Joséphine' is 'Josephine'); letters without them are kept."""
    import unicodedata

    return unicodedata.normalize("NFC", "".join(c for c in unicodedata.normalize("NFD", text)
                                                if not unicodedata.combining(c)))


_ROMAJI: dict[str, set[str]] = {}


def _readings(name: str) -> set[str]:
    """A Japanese name's readings in Latin letters, as the cast's own name lists give them (Faker's ja_JP pairs:
    鈴木 is 'suzuki'), long vowels written plain; none for a name those lists do not hold."""
    if not _ROMAJI:
        from faker.providers.person.ja_JP import Provider
        for pairs in (Provider.last_name_pairs, Provider.first_name_female_pairs, Provider.first_name_male_pairs):
            for kanji, _kana, latin in pairs:
                _ROMAJI.setdefault(kanji, set()).add(_plain_romaji(latin.lower()))
    return _ROMAJI.get(name, set())


def _plain_romaji(text: str) -> str:
    """Latin letters with long vowels written plain: 'Itō', 'Itoh' and 'Itou' are all 'ito'."""
    import unicodedata

    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return re.sub(r"(?<=[a-z])(?:ou|oo|oh(?![aeiouy]))", "o", re.sub(r"(?<=[a-z])uu", "u", text))


_OTHER_UNIT_AFTER = re.compile(r"\s*(?:(?:days?|weeks?|months?|years?|hours?|percent|per\s?cent|units?|shares?)\b|%|"
                               r"US\$|[£€¥₹])", re.I)
_LOWER = {"lower", "smaller", "less", "lesser", "below", "under"}
_LEAST = {"lowest", "smallest", "least", "fewer", "fewest"}
_MOST = {"highest", "largest", "greatest", "biggest", "most"}
_HIGHER = {"higher", "larger", "greater", "bigger", "more", "above", "over", "exceeds"}
_REASON = re.compile(r"\s*\((?P<r>(?:it\s+is\s+|it's\s+|as\s+it\s+is\s+|being\s+|which\s+is\s+)?(?:the\s+)?"
                     r"(?:lower|smaller|less|lesser|below|under|higher|larger|greater|bigger|more|above|over)\b[^()]*)\)\s*$",
                     re.I)


def _reason_fits(reason: str, option: str, world, field: str = "") -> bool:
    """Whether a bracketed reason beside a chosen option gives the way the ledger's lesser-of or greater-of decides
    ('the earn-out cap (it is lower)' where a lesser-of decides; never '(it is higher)'), or the way the field asks
    ('Larger: X (it is lower)' says the wrong thing of the larger one whatever governs)."""
    said = set(_tokens(reason))
    asked = set(_tokens(field))
    for way, other in ((_LOWER, _HIGHER), (_HIGHER, _LOWER)):
        if asked & way:
            return bool(said & way) and not said & other
    if world is None:
        return False
    from worldsmith.environments.tasks import label_of
    from worldsmith.worlds.ledger import parse_formula
    import ast

    said = set(_tokens(reason))
    want = {w for w in _tokens(option) if w not in _CHOICE_NEUTRAL}
    for f in world.plan.facts:
        tree = parse_formula(f.formula) if getattr(f, "formula", None) else None
        if not (isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name) and tree.func.id in ("min", "max")):
            continue
        sides = [world.facts[a.id] for a in tree.args if isinstance(a, ast.Name) and a.id in world.facts]
        if any({w for w in _tokens(label_of(x)) if w not in _CHOICE_NEUTRAL} == want for x in sides):
            way = _LOWER if tree.func.id == "min" else _HIGHER
            return bool(said & way) and not said & (_HIGHER if way is _LOWER else _LOWER)
    return False


# a what-if's option named as worked again ('Larger: understated sales, recomputed': kit19, a right form 0.73)
_RECOMPUTED = re.compile(r",?\s*\(?\b(?:re-?computed|re-?calculated|re-?worked)\b\)?\s*$", re.I)


# the reason written out after the option rather than in a bracket ('the maximum stacking deduction, because it is
# lower': kit20, a right form 0.8)
_REASON_SAID = re.compile(r"\s*[,;\u2013\u2014-]?\s*\b(?:because|since|as)\s+(?P<r>(?:it\s+is|it's|that\s+is|this\s+is)\s+"
                          r"(?:the\s+)?(?:lower|smaller|less|lesser|below|under|higher|larger|greater|bigger|more|above|"
                          r"over)\b[^()]*?)\.?\s*$", re.I)
# the other option set aside beside the chosen one ('the maximum stacking deduction (not the third-party royalties
# paid)': kit20, a right form 0.8)
_CONTRAST = re.compile(r"\s*(?:\(\s*(?:and\s+)?(?:not|rather\s+than|instead\s+of)\s+(?P<b>[^()]+?)\s*\)|"
                       r"[,;\u2013\u2014-]\s*(?:and\s+)?(?:not|rather\s+than|instead\s+of)\s+(?P<c>[^(),;]+?))\.?\s*$", re.I)
# a bound's plain synonym: 'Governs: cap' names the maximum (kit20, a right form 0.8), 'the floor' the minimum
_CHOICE_SYNONYM = {"cap": "maximum", "ceiling": "maximum", "floor": "minimum"}


def _stem(word: str) -> str:
    """A word without its plural ending, so 'royalties' is found in 'royalty rate'."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _names_another_fact(words: list[str], options: list[str], world) -> bool:
    """Whether the few words said of an option are also all in the label of another of the world's facts, so they do
    not tell the option from it ('Governs: stacking' of the maximum stacking deduction is as much the allowable
    stacking deduction it governs; 'paid' as much the royalty paid: kit20, wrong forms 1.0)."""
    from worldsmith.environments.tasks import label_of

    said = {_stem(w) for w in words}
    own = [{_stem(w) for w in _tokens(o) if w not in _CHOICE_NEUTRAL} for o in options]
    for f in getattr(world, "facts", {}).values() if world is not None else ():
        label = {_stem(w) for w in _tokens(label_of(f)) if w not in _CHOICE_NEUTRAL}
        if label not in own and said <= label:
            return True
    return False


def _heads_another_fact(head: str, options: list[str], world) -> bool:
    """Whether a fact of the world other than the options has `head` for its head noun ('cap' of a liability cap)."""
    from worldsmith.environments.tasks import label_of

    own = {name_key(o) for o in options}
    return any(answers.head_noun(label_of(f)) == head and name_key(label_of(f)) not in own
               for f in (getattr(world, "facts", {}) if world is not None else {}).values())


def _choice_ok(value: str, check: Check, world=None, answer: str = "") -> bool:
    options = [check.values[0], *check.b_words]
    # the provision the option rests on beside it ('the capped rent (clause 7.4)': kit17, a right form 0.71)
    value = _RECOMPUTED.sub(" ", _PROVISION.sub(" ", value))
    contrast = _CONTRAST.search(value)
    if contrast:
        other = {w for w in _tokens(contrast.group("b") or contrast.group("c")) if w not in _CHOICE_NEUTRAL}
        sets = [{w for w in _tokens(o) if w not in _CHOICE_NEUTRAL} for o in options]
        named = [i for i, s in enumerate(sets) if other and other <= s]
        if named and 0 not in named:
            value = value[:contrast.start()]
        else:
            return False  # the right option set aside, or something that is not an option
    # the chosen option said to be the other way from what the field asks ('Larger: the interest is smaller', 'Larger:
    # interest lower': blind red team 34, wrong forms 1.0), outside a bracketed reason (read below) and the options' own
    # words ('the lower of the two caps')
    asked = set(_tokens(check.a_words[0])) if check.a_words else set()
    bare = set(_tokens(_REASON.sub(" ", value))) - {w for o in options for w in _tokens(o)}
    for way, other in ((_LOWER, _HIGHER | _MOST), (_HIGHER, _LOWER | _LEAST)):
        if asked & way and bare & other:
            return False
    said_reason = _REASON_SAID.search(value)
    if said_reason:
        if not _reason_fits(said_reason.group("r"), check.values[0], world, check.a_words[0]):
            return False
        value = value[:said_reason.start()]
    # the option written as its fact's whole label, a gloss in brackets and all ('Larger: the interest (SELIC)' where
    # the option is 'the interest' and the ledger's label 'interest (SELIC)': blind red team 34, a right form 0.75)
    gloss = re.match(r"^(?P<o>.*?\S)\s*\((?P<g>[^()]+)\)\s*$", value)
    if gloss and world is not None and not answers.parse(gloss.group("g")).mentions:
        from worldsmith.environments.tasks import label_of

        whole = " ".join(_tokens(value))
        if any(" ".join(_tokens(label_of(f))) in (whole, " ".join(_tokens(value))[4:] if whole.startswith("the ") else "")
               for f in getattr(world, "facts", {}).values()):
            value = gloss.group("o")
    # (or after a comma: 'Larger: the net leverage, 7.25x': blind red team 36, kit36c, a right form 0.73)
    value = re.sub(r",\s*((?:[A-Z]{3}\s?|[$\u00a3\u20ac])?\d[\d,]*(?:\.\d+)?\s*(?:x|%|[a-z]+)?)\s*$", r" (\1)", value)
    # the chosen option's own figure in a bracket after it, as the form gives it on its own line or the ledger holds it
    # ('Larger: the understated sales (USD 1,150,000)': kit19, a right form 0.73); another figure there fails
    own = re.search(r"\s*\(([^()]*)\)\s*$", value)
    if own and answers.parse(own.group(1)).mentions and not _REASON.search(value):
        if not _own_figure(own.group(1), value[:own.start()], options, world, answer):
            return False
        value = value[:own.start()]
    # the option by its initials where they tell it from every other ('Larger: OMR' for the open market rent: kit17,
    # a right form 0.75)
    initials = ["".join(w[0] for w in _tokens(o) if w not in _CHOICE_NEUTRAL) for o in options]
    said = [w for w in _tokens(value) if w not in _CHOICE_NEUTRAL]
    if len(said) == 1 and len(said[0]) >= 2 and initials.count(said[0]) == 1:
        return initials.index(said[0]) == 0
    # the option by its head noun alone, where no other option nor fact of the world has that head ('Governs: cap' of
    # the annual service credit cap against the service credits before the cap: blind kit21, a right form 0.71)
    heads = [answers.head_noun(o) for o in options]
    head = answers.head_noun(said[0]) if len(said) == 1 else None
    if head is not None and heads.count(head) == 1 and not _heads_another_fact(head, options, world):
        return heads.index(head) == 0
    # the reason for the choice in a bracket after it, where it is the way the ledger decides ('the earn-out cap (it is
    # lower)'; kit18: right forms 0.71-0.75); a reason the wrong way round fails the field
    reason = _REASON.search(value)
    if reason:
        if not _reason_fits(reason.group("r"), check.values[0], world, check.a_words[0]):
            return False
        value = value[:reason.start()]
    words = [w for w in _tokens(value) if w not in _CHOICE_NEUTRAL]
    if not words:
        return False
    sets = [{w for w in _tokens(o) if w not in _CHOICE_NEUTRAL} for o in options]
    if not any(set(words) <= s for s in sets):
        words = [_CHOICE_SYNONYM.get(w, w) for w in words]
    exact = [i for i, s in enumerate(sets) if set(words) == s]
    if exact:
        return exact == [0]
    covering = [i for i, s in enumerate(sets) if set(words) <= s]
    if covering != [0]:
        return False
    # the words must tell the right option from every other: 'fee' alone does not tell the fee from the fee cap, nor
    # 'stacking' the maximum stacking deduction from the allowable stacking deduction
    return any(all(w not in s for s in sets[1:]) for w in words) and not _names_another_fact(words, options, world)


def _own_figure(bracket: str, named: str, options: list[str], world, answer: str) -> bool:
    """Whether a bracket after a chosen option holds one figure alone, that option's: the figure the form gives on the
    option's own line, or the ledger's for the fact of that label."""
    found = answers.parse(bracket).mentions
    if len(found) != 1 or found[0].value is None or found[0].negated or found[0].hedged:
        return False
    words = {w for w in _tokens(named) if w not in _CHOICE_NEUTRAL}
    option = next((o for o in options if {w for w in _tokens(o) if w not in _CHOICE_NEUTRAL} == words), None)
    if option is None:
        return False
    want = {w for w in _tokens(option) if w not in _CHOICE_NEUTRAL}
    figures = []
    for line in answer.splitlines():
        head, _, rest = line.partition(":")
        if rest and {w for w in _tokens(_RECOMPUTED.sub(" ", head)) if w not in _CHOICE_NEUTRAL} == want:
            figures += [m.value for m in answers.parse(rest).mentions if m.value is not None]
    from worldsmith.environments.tasks import label_of, number_of

    facts = getattr(world, "facts", {}) if world is not None else {}
    figures += [number_of(f.value) for f in facts.values()
                if {w for w in _tokens(label_of(f)) if w not in _CHOICE_NEUTRAL} == want]
    return any(v is not None and abs(float(found[0].value) - float(v)) < 0.005 for v in figures)


_BODY_HEAD = ("board", "committee", "meeting", "council", "assembly", "panel", "trustees")


def _singular(words: list[str]) -> list[str]:
    words = [w.removesuffix("'s").rstrip("'") for w in words]
    return [w[:-1] if w.endswith("s") and len(w) > 4 else w for w in words]


def body_words(who: str, world=None) -> list[str]:
    """The words that name a deciding body whatever organisation it is of, singular, up to its head ('investment
    committee' of "Pennock Row's investment committee", 'shareholder meeting' of 'the shareholders' meeting of Windpark
    Kastellberg', 'board' of 'the board of directors of Hvidsten A/S')."""
    orgs = {w for o in (world.plan.organisations if world is not None else []) for w in _tokens(o.name)}
    words = _tokens(who)
    head = next((i for i, w in enumerate(words) if w in _BODY_HEAD), None)
    words = words[:head + 1] if head is not None else words
    return [w for w in _singular(words) if w not in orgs and w not in _CHOICE_NEUTRAL and w not in _PERSON_LINKS]


def _body_ok(value: str, check: Check, world) -> bool:
    """Whether a field names the body that took a decision by the words of its kind ('the investment committee',
    'Pennock Row IC', 'the board of directors' for a board), with no person beside it and no other organisation's."""
    want = body_words(check.values[0], world)
    said = set(_singular(_tokens(value)))
    initials = "".join(w[0] for w in want)
    if not want or not (set(want) <= said or (len(want) > 1 and initials in _tokens(value))):
        return False
    low = " ".join(_tokens(value))
    people = world.plan.people if world is not None else []
    if any(re.search(rf"\b{re.escape(' '.join(_tokens(p.last_name)))}\b", low) for p in people if _tokens(p.last_name)):
        return False
    # an organisation named that the ledger's words do not give for the body ("Harrowvane's board" for Ostrander's)
    own = set(_singular(_tokens(check.values[0])))
    orgs = world.plan.organisations if world is not None else []
    firsts = [next((w for w in _singular(_tokens(o.name)) if w not in _CHOICE_NEUTRAL and w not in _PERSON_LINKS), None)
              for o in orgs]
    return not any(w in said - own for w in firsts if w)


def _file_ok(value: str, check: Check) -> bool:
    key = name_key(value)
    accepted = set()
    for v in check.values:
        accepted |= {name_key(v), name_key(v.rsplit("/", 1)[-1]), name_key(v.rsplit("/", 1)[-1].rsplit(".", 1)[0])}
    return key in accepted


_BRACKET_AFTER = re.compile(r"^(?P<v>.*?\S)\s*\((?P<g>[^()]*)\)\s*$")
# the same duration said again after a figure without a bracket: '14 days, i.e. two weeks', '36 months / 3 years',
# '14 days = 2 weeks' (an 'or' between them is a choice, and stays one)
_GLOSS_AFTER = re.compile(r"^(?P<v>[^(),/=]*?\S)\s*(?:,?\s*\b(?:i\.\s?e\.|ie|that\s+is)(?=[\s,])|/|=)\s*(?P<g>[^(),/=]+?)\s*$",
                          re.I)
_GLOSS_OPENER = re.compile(r"^\s*(?:(?:i\.\s?e\.|ie|that\s+is|or|=)\s*,?\s*)?", re.I)
_FORTNIGHT = re.compile(r"\b(?:a|one)\s+fortnight\b", re.I)


def _without_same_duration(value: str) -> str:
    """A duration less a bracket after it that gives the same duration in another unit ('36 months (3 years)': blind
    red team kit29a, a right form 0.91); a bracket with another length, or anything else, is kept."""
    value = _FORTNIGHT.sub("2 weeks", value)  # ('a fortnight (14 days)': s30's blind red teams)
    said = _BRACKET_AFTER.match(value) or _GLOSS_AFTER.match(value)
    if said is None:
        return value
    gloss = said.group("g")
    if said.re is _BRACKET_AFTER:  # '(i.e. two weeks)' as '(two weeks)'; outside a bracket the opener is the separator
        gloss = gloss[_GLOSS_OPENER.match(gloss).end():] if not gloss.lower().lstrip().startswith("or") else gloss
    one, two = answers.parse(said.group("v")).mentions, answers.parse(gloss).mentions
    if len(one) != 1 or len(two) != 1 or one[0].value is None or two[0].value is None or not two[0].unit \
            or not re.fullmatch(rf"\s*{re.escape(two[0].text)}\s*{re.escape(two[0].unit)}\s*", gloss, re.I):
        return value
    for per in (answers.months_per, answers.hours_per):
        a, b = per(one[0].unit), per(two[0].unit)
        if a and b and a != b and one[0].value * a == two[0].value * b:
            return said.group("v")
    return value


def _without_same_amount(value: str) -> str:
    """An amount less a bracket after it that gives the same amount in another form ('USD 150k (USD 150,000)',
    'EUR 1.2bn (EUR 1,200,000,000)': s30's blind red teams); a bracket with another amount, currency or anything else
    is kept."""
    said = _BRACKET_AFTER.match(value)
    if said is None:
        return value
    one, two = answers.parse(said.group("v")).mentions, answers.parse(said.group("g")).mentions
    if len(one) != 1 or len(two) != 1 or one[0].kind != "money" or two[0].kind not in ("money", "number") \
            or one[0].value is None or two[0].value is None or two[0].unit \
            or not re.fullmatch(rf"\s*{re.escape(two[0].text)}\s*", said.group("g")):
        return value
    a, b = one[0], two[0]
    if a.value.quantize(answers._CENT) != b.value.quantize(answers._CENT) or (
            b.kind == "money" and b.currency and a.currency and b.currency != a.currency):
        return value
    return said.group("v")


# A mark beside a value that says something of it the reader cannot pass over: not equal, at most or at least, not,
# struck out, about ('~'), a heading or footnote with nothing under it. Blind red team 35 (kit35b): 'Answer: ≠ AUD
# 9,271,000', '≤', '<=', '¬', '❌', '✗', U+20E0, '!AUD', '# AUD', '9,271,000~', '9,271,000†', 'Sender: ≠ Michael
# Johnson' each 1.0, the parser reading such marks as nothing.
_QUALIFYING_MARK = re.compile(r"[\u2260\u2264\u2265\u2a7d\u2a7e<>\u2039\u203a\u00ac\u274c\u274e\u2715\u2716\u2717\u2718"
                              r"\u20e0\u20e5\u2298\u29b8!~\u223c\u2248\u2020\u2021]|^\s*#")
# Every dash a writer or a keyboard gives for a minus: the en and em dash, the figure dash, the minus sign, its small
# and fullwidth forms, a falling arrow ('–AUD 930,000', '- AUD 930,000', 'AUD 930,000-', '↓ AUD 930,000' each 1.0
# in kit35b for a rise: read as the minus they are, so the sign rules below refuse them where no fall is asked)
_MINUS_LIKE = "\\-\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63\uff0d\u2193\u2b07\u25bc\u21e9"
_LEADING_MINUS = re.compile(rf"^\s*[{_MINUS_LIKE}]\s*")
_TRAILING_MINUS = re.compile(rf"(?<=[\w%.)])\s*[{_MINUS_LIKE}]\s*$")
_RISING = re.compile(r"^\s*[\u2191\u2b06\u25b2\u21e7]\s*")
_EMAIL_BRACKETED = re.compile(r"<[^<>\s@]+@[^<>\s@]+>")
_MARKED_KINDS = ("amount", "percent", "number", "days", "date", "person", "amounts")


# a reconcile's final figure: how far the figure moved from the superseded one to the one that governs (graph_tasks);
# its field carries 'down' where that move is a fall, so without it the move is a rise
_MOVED = re.compile(r"\bhow far the figure moved\b")
_RISE_WORDS = {"increase", "increased", "up", "higher", "rise", "rose", "risen", "more", "an", "of", "by"}


def _rises(check: Check, instruction: str) -> bool:
    """Whether the field asks a move that is a rise (the final figure of a reconcile, no fall)."""
    return bool(check.a_words) and check.a_words[0] == "Answer" and "down" not in check.b_words \
        and _MOVED.search(instruction or "") is not None


def _signed(value: str, check: Check, rises: bool = False) -> str | None:
    """The value with its marks read: None where a mark qualifies it, any leading or trailing dash as a minus and a
    rising arrow as the rise it says (refused where the field asks no rise)."""
    if _QUALIFYING_MARK.search(_EMAIL_BRACKETED.sub(" ", value)):
        return None
    if check.expect not in ("date", "person"):
        rising = _RISING.match(value)
        if rising:
            if not rises:
                return None
            value = value[rising.end():]
        if _TRAILING_MINUS.search(value):
            value = "-" + _TRAILING_MINUS.sub("", value)
        value = _LEADING_MINUS.sub("-", value)
    elif _LEADING_MINUS.match(value) or _TRAILING_MINUS.search(value):
        return None
    return value


# Marks no professional writes in a field's value, each of which changes or disowns it: per mille and per ten
# thousand, degrees, fractions and powers, roots, ticks, crosses, emoji, strike-through (blind red team 37, kit37c:
# 'EUR 204,964,000⁻¹', '½ × EUR 204,964,000', '22.8‰', '🚫 EUR 14,600,000', 'Larger: ~~the repurchase cap~~' each 1.0).
# The signs a figure may carry stay: a multiple's ×, a minus, an arrow (a correction's, a move's up or down), a unit's
# square (m², ft²).
_KEPT_MARKS = set("×−→↑↓▲▼")
_UNIT_SQUARE = re.compile(r"\b(?:m|ft|sq\s?ft|km)[²³]")


def _odd_mark(value: str) -> bool:
    """Whether a field's value carries a symbol or strike-through that is no part of a figure, a date or a name."""
    if "~~" in value or "‰" in value or "‱" in value or re.match(r"\s*[<>](?!-)", value):
        return True  # ('< the repurchase cap': less than it, kit37c; an arrow '->' is a correction's)
    plain = _UNIT_SQUARE.sub("", value)
    return any(ord(ch) > 127 and ch not in _KEPT_MARKS and unicodedata.category(ch) in ("So", "Sm", "No", "Sk")
               for ch in plain)


def field_holds(answer: str | None, check: Check, world=None, instruction: str = "") -> bool:
    """Whether the answer gives the field `check.a_words[0]` once, as `check.values[0]` and nothing else (a duration in
    the unit `instruction` asks its final figure in, where it names one)."""
    name = check.a_words[0]
    fields, _ = read_form(answer or "", [name])
    given = fields.get(name, [])
    if len(given) != 1 or not given[0]:
        return False
    value = given[0]
    if "?" in value:
        return False  # kit17: 'Governs: the capped rent?', 'Sender: Patrick Morton?' each 1.0: a question is no answer
    kind = check.expect or "amount"
    if kind != "body" and _odd_mark(value):
        return False
    if kind == "percent" and check.values and re.search(r"\b(?:pp|percentage\s+points?)\b",
                                                        value, re.I) \
            and not re.search(r"\b(?:pp|points?)\b", check.values[0], re.I):
        # a rate given in percentage points, the unit of a move ('Repurchase cap percentage: 10 pp', blind red team 37,
        # kit37c: 1.0); basis points stay a rate's other unit (6,000 bps for 60%)
        return False
    if kind in _MARKED_KINDS:
        value = _signed(value, check, _rises(check, instruction))
        if value is None:
            return False
    if kind in ("amount", "percent", "number", "days"):
        value = _said_plainly(value, kind)
    bp = _BASIS_POINTS.match(value) if kind == "number" else None
    if bp and check.values and re.search(r"\b(?:percentage\s+points?|pp|points?)\s*$", check.values[0], re.I):
        # a move keyed in percentage points said in basis points ('620 bps' for 6.2 points), exactly
        value = f"{Decimal(bp.group(1).replace(',', '')) / 100} percentage points"
    part = _PART_SAID.match(value) if kind in ("number", "days") else None
    if part and check.values and re.search(r"\bmonths?\b", check.values[0], re.I):
        months = _PART_OF_YEAR[re.sub(r"[\s-]+", " ", part.group("p").lower())]
        value = f"{months} months"
    if kind in ("number", "days"):
        value = _spelled_out(value)
        value = _without_same_duration(value)
    if kind == "amount":
        value = _without_same_amount(value)
    if kind in ("amount", "percent", "number", "days"):
        return _figure_ok(value, check, world, instruction)
    if kind == "amounts":
        return _figures_ok(value, check, world)
    if kind == "date":
        return _date_ok(value, check, _day_first(answer or ""), world)
    if kind == "person":
        return _person_ok(value, check, world)
    if kind == "body":
        return _body_ok(value, check, world)
    if kind == "choice":
        return _choice_ok(value, check, world, answer or "")
    if kind == "yesno":
        said = set(_tokens(value))
        return said in ({"yes"}, {"no"}) and (said == {"yes"}) == (check.values[0] == "yes")
    if kind == "file":
        return _file_ok(value, check)
    return False


# ---------------------------------------------------------------- a task's form, from its rubric

_ANSWER_ONLY = {"answer_final", "answer_mentions", "answer_asserts", "answer_states_any", "answer_mentions_any",
                "answer_governs", "answer_direction", "answer_mentions_set_aside"}
_STATES = re.compile(r"^(?:states|gives|recomputes|uses|shows the input|names)\s+(?P<l>.+?)"
                     r"(?: as (?:it stood|the room (?:had|states) it|supposed))?(?: on the way)?: (?P<v>.+?)"
                     r"(?:, or a step it feeds| \(or goes .*\))?$")
_GIVES_FOR = re.compile(r"^gives (?P<v>.+?) for (?P<l>.+)$")
_AS_GOVERNING = re.compile(r"^states (?P<v>.+?) as (?P<l>the figure that governs now)$")
_FIGURE_THEN = re.compile(r"^gives (?P<v>.+?), (?P<l>the figure (?:now|\S.+))$")
_SENDER = re.compile(r"^names (?P<v>.+?) as a sender$")
_BODY_TOOK = re.compile(r"^names the body that took the decision: (?P<v>.+)$")
_GOVERNS = re.compile(r"^says (?P<l>.+?)(?: \([^()]*\))? (?:governs|would then govern)\b")
_DIRECTION = re.compile(r"^says (?P<a>.+?)(?: \([^()]*\))? (?:would then )?exceed(?:s|ed)? (?P<b>.+?)(?: \([^()]*\))?"
                        r"(?: on [A-Z][a-z]+ \d{1,2}, \d{4})?$")
_MISATTRIBUTED = re.compile(r"^gives (?P<l>.+?) to another sender than (?P<p>.+)$")


def _cap(label: str) -> str:
    label = re.sub(r"^the ", "", label.strip())
    return label[:1].upper() + label[1:]


def _kind_of(value: str, unit: str | None) -> str | None:
    found = answers.parse(value).mentions
    if len(found) != 1:
        return None
    m = found[0]
    if m.kind == "date":
        return "date"
    if m.kind == "money":
        return "amount"
    if m.kind == "percent":
        return "percent"
    if m.unit and m.unit.startswith("day"):
        return "days"
    return "number"


def _iso(value: str) -> str | None:
    found = [m for m in answers.parse(value).mentions if m.kind == "date"]
    return found[0].dates[0].isoformat() if len(found) == 1 and len(found[0].dates) == 1 else None


class _Spec:
    """One field of a form being built: its name, kind, the value the reference gives, the check's extras."""

    def __init__(self, name: str, kind: str, value: str, weight: float, options: list[str] = (), shown: str | None = None):
        self.name, self.kind, self.value, self.weight = name, kind, value, weight
        self.options = list(options)
        self.shown = shown or value  # what the reference answer writes

    def check(self) -> Check:
        values = [self.value]
        if self.kind == "date":
            values = [_iso(self.value)]
            self.options = [self.locale] if getattr(self, "locale", None) else []
        if self.kind in ("amounts", "file"):
            values = list(getattr(self, "extra", [self.value]))
        return Check(type="answer_field", a_words=[self.name], values=values, expect=self.kind,
                     b_words=self.options)

    def hint(self) -> str:
        if self.name == "Who took the decision":  # the same hint for a person and a body: it tells neither
            return "<the person (full name), or the board, committee or meeting, that took it>"
        if self.kind == "number" and re.search(r"[A-Za-z]", self.value) and not re.fullmatch(r"[\d.,]+x", self.value):
            return "<number and its unit>"
        if self.kind == "choice":
            # in a fixed order that is not the answer's: the right option is not always first
            return "<" + " or ".join(sorted([self.value, *self.options], key=name_key)) + ">"
        return _HINT.get(self.kind, "<value>")


def _specs(task: Task, world=None) -> list[_Spec] | None:
    """The form's fields, from the task's criteria; None where a criterion reads more than an answer's fields."""
    crit = task.rubric.criteria
    if not crit or any(c.check.type not in _ANSWER_ONLY for c in crit):
        return None
    negs = task.rubric.negative_criteria
    out: list[_Spec] = []
    final = None
    senders: dict[str, str] = {}
    for c in negs:
        m = _MISATTRIBUTED.match(c.description)
        if m and c.check.type == "answer_misattributed":
            senders[name_key(m.group("l"))] = m.group("p")
    named = [m.group("v") for m in (_SENDER.match(c.description) for c in crit if c.check.type == "answer_mentions_any") if m]
    other_governs = [_GOVERNS.match(c.description) for c in negs if c.check.type == "answer_governs"]
    other_governs = [m.group("l") for m in other_governs if m]
    for c in crit:
        d, ck = c.description, c.check
        if ck.type == "answer_final":
            kind = _kind_of(ck.values[0], ck.unit) if ck.values else None
            if kind is None or kind == "date":
                return None
            final = _Spec("Answer", kind, ck.values[0], c.weight)
            if ck.expect == "down":  # a fall, or a gap asked the other way round: its minus sign is the same answer
                final.options = ["down"]
            continue
        if ck.type == "answer_governs":
            m = _GOVERNS.match(d)
            if not m or len(other_governs) != 1:
                return None
            out.append(_Spec("Governs", "choice", m.group("l"), c.weight, other_governs))
            continue
        if ck.type == "answer_direction":
            m = _DIRECTION.match(d)
            if not m:
                return None
            out.append(_Spec("Larger", "choice", m.group("a"), c.weight, [m.group("b")]))
            continue
        if ck.type == "answer_mentions_set_aside":
            if not ck.values or _kind_of(ck.values[0], ck.unit) != "amount":
                return None
            if " was worked from " in d:  # the superseded input an earlier figure rested on
                out.append(_Spec("Superseded input", "amount", ck.values[0], c.weight))
                continue
            aside = next((s for s in out if s.name == "Superseded figures"), None)
            if aside is None:
                out.append(_Spec("Superseded figures", "amounts", ck.values[0], c.weight))
            else:  # every figure set aside, in one line: which came first is another question
                aside.extra = [*getattr(aside, "extra", [aside.value]), ck.values[0]]
                aside.shown = "; ".join(aside.extra)
                aside.weight += c.weight
            continue
        if ck.type == "answer_mentions_any" and (m := _BODY_TOOK.match(d)) and ck.values:
            out.append(_Spec("Who took the decision", "body", m.group("v"), c.weight))
            continue
        if ck.type == "answer_mentions_any":
            m = _SENDER.match(d) or re.match(r"^names (?:who sent it|who gave the decision): (?P<v>.+)$", d)
            if m and ck.values:
                if _SENDER.match(d):
                    continue  # each figure's sender is a field of its own (below, from the misattribution checks)
                name = "Sender" if "sent it" in d else "Who gave the decision"
                out.append(_Spec(name, "person", m.group("v"), c.weight))
                continue
            m = re.match(r"^names the working the figure comes from: ", d)
            if m and ck.values:
                spec = _Spec("Working from", "file", ck.values[0], c.weight)
                spec.extra = list(ck.values)
                out.append(spec)
                continue
            return None
        if not ck.values:
            return None
        value = ck.values[0]
        m = _GIVES_FOR.match(d)
        if m and _iso(m.group("v")):
            label = m.group("l")
            out.append(_Spec(f"{_cap(label)}, day received", "date", value, c.weight))
            sender = senders.get(name_key(label)) or (named[0] if len(set(named)) == 1 else None)
            if named and sender is None:
                return None  # several senders and no word of whose figure is whose: the prose rubric stays
            if sender:
                out.append(_Spec(f"{_cap(label)}, sender", "person", sender, 0.5))
            continue
        m = _AS_GOVERNING.match(d) or _FIGURE_THEN.match(d) or _STATES.match(d)
        if not m:
            return None
        kind = _kind_of(value, ck.unit)
        if kind is None and world is not None and any(p.name == value for p in world.plan.people):
            kind = "person"
        if kind is None:
            return None
        label = m.group("l") + (", recomputed" if d.startswith("recomputes") else "")
        if label.startswith("the day the client first received it") or label.startswith("the day "):
            label = "Day received" if "received" in label else label
        out.append(_Spec(_cap(label), kind, value, c.weight))
    if final is not None:
        out.append(final)
    names = [name_key(s.name) for s in out]
    if not out or len(set(names)) != len(names):
        return None
    return out


REVIEW_NOTE = ("Write nothing but those lines (none where every figure is right): the grader reads only the Wrong: "
               "lines, and an answer with any other line scores 0.")


def _review_form(task: Task) -> Task:
    """A review answered in its Wrong: lines alone: a note beside them ('Also, the cap binds ...', 'None of the above
    should be relied on') was never read, and kit16 scored such reviews 1.0."""
    penalties = [*task.rubric.universal_penalties,
                 Criterion(id="outside_form", weight=1.0, check=Check(type="answer_outside_form", a_words=["Wrong"],
                                                                      expect="repeat"),
                           description="writes a line that is not a Wrong: line")]
    answer = "\n".join(ln for ln in (task.solution.answer or "").splitlines() if ln.startswith("Wrong:"))
    stem, sep, draft = task.instruction.partition("\n\n")
    return task.model_copy(update={
        "instruction": f"{stem} {REVIEW_NOTE}{sep}{draft}",
        "rubric": task.rubric.model_copy(update={"universal_penalties": penalties}),
        "solution": task.solution.model_copy(update={"answer": answer}),
    })


def formalise(task: Task, world=None) -> Task:
    """The task asked as a form where its rubric reads only figures, days, names and choices; else the task as it is."""
    if task.kind == "review" and task.solution.answer and "Wrong:" in task.solution.answer:
        return _review_form(task)
    specs = _specs(task, world)
    if specs is None:
        return task
    criteria = []
    for s in specs:
        s.locale = getattr(getattr(world, "plan", None), "locale", None)
    for i, s in enumerate(specs):
        check = s.check()
        if check.values[0] is None:
            return task
        criteria.append(Criterion(id=f"field_{i + 1}", weight=s.weight, check=check,
                                  description=f"gives {s.name}: {s.value}" if s.kind != "choice"
                                  else f"gives {s.name}: {s.value} (not {' or '.join(s.options)})"))
    names = [s.name for s in specs]
    # the answer's own traps now live in its fields; what the rest of the session does is still read
    negatives = [c for c in task.rubric.negative_criteria if not c.check.type.startswith("answer_")]
    penalties = [c for c in task.rubric.universal_penalties if not c.check.type.startswith("answer_")]
    penalties.append(Criterion(id="outside_form", weight=1.0, check=Check(type="answer_outside_form", a_words=names),
                               description="writes a line that is none of the form's fields, or a field twice"))
    stem = re.split(r"\s*Give your final answer with the submit_answer tool", task.instruction)[0].rstrip()
    stem = re.sub(r"\s*Say [^.]*in so many words\.", "", stem)
    stem = stem.replace("Show the figures you used and each step.", "Give the figures you used and each step in the "
                        "lines below.").replace("Show each step;", "Give each step in the lines below;")
    form = "\n".join(f"{s.name}: {s.hint()}" for s in specs)
    answer = "\n".join(f"{s.name}: {s.shown}" for s in specs)
    return task.model_copy(update={
        "instruction": f"{stem} {FORM_NOTE}\n\n{form}",
        "rubric": Rubric(criteria=criteria, negative_criteria=negatives, universal_penalties=penalties),
        "solution": task.solution.model_copy(update={"answer": answer}),
    })


def form_names(task: Task) -> list[str] | None:
    """The names of a task's form fields, or None where the task asks for prose."""
    for c in task.rubric.universal_penalties:
        if c.check.type == "answer_outside_form":
            return list(c.check.a_words)
    return None

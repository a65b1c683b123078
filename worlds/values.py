"""Typed fact values (money, date, percent, number, text), their one canonical rendering, and the one reader of
figures in text (canonical or as people write them: "USD 156.2m", "$1.2bn", "(5,625)", "eleven percent")."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

_STRICT = ConfigDict(extra="forbid")


class Money(BaseModel):
    """An amount of money in one currency."""

    model_config = _STRICT
    type: Literal["money"] = "money"
    amount: Decimal
    currency: str = Field("USD", pattern=r"^[A-Z]{3}$")


class DateValue(BaseModel):
    """A calendar date."""

    model_config = _STRICT
    type: Literal["date"] = "date"
    value: dt.date


class Percent(BaseModel):
    """A percentage, written as the number before the % sign (7.5 means 7.5%)."""

    model_config = _STRICT
    type: Literal["percent"] = "percent"
    value: Decimal


class Number(BaseModel):
    """A plain number, optionally with a unit (tonnes, days, SDR units)."""

    model_config = _STRICT
    type: Literal["number"] = "number"
    value: Decimal
    unit: str | None = None


class Text(BaseModel):
    """A fact whose value is a phrase: a clause number, a party's name, a decision."""

    model_config = _STRICT
    type: Literal["text"] = "text"
    value: str = Field(min_length=1)


FactValue = Annotated[Union[Money, DateValue, Percent, Number, Text], Field(discriminator="type")]


def _number(value: Decimal) -> str:
    """Thousands separators, and decimals only where the value has them."""
    if value == value.to_integral_value():
        return f"{int(value):,}"
    return f"{value.normalize():,f}"


# Units written against the number, as people do: "12.5x", not "12.5 x".
_TIGHT_UNITS = {"x", "%", "bp", "bps"}


def render_value(value: Money | DateValue | Percent | Number | Text, locale: str = "en_US") -> str:
    """The canonical text of a value: what generation must write and validation looks for.

    Dates follow the locale's habit: "March 4, 2026" in the US, "4 March 2026" elsewhere.
    """
    if isinstance(value, Money):
        q = value.amount.quantize(Decimal("0.01"))
        text = f"{q:,.2f}"
        if text.endswith(".00"):
            text = text[:-3]
        return f"{value.currency} {text}"
    if isinstance(value, DateValue):
        if locale == "en_US":
            return f"{value.value:%B} {value.value.day}, {value.value.year}"
        return f"{value.value.day} {value.value:%B} {value.value.year}"
    if isinstance(value, Percent):
        return f"{_number(value.value)}%"
    if isinstance(value, Number):
        if not value.unit:
            return _number(value.value)
        return _number(value.value) + ("" if value.unit in _TIGHT_UNITS else " ") + value.unit
    return value.value


def numeric_value(value: Money | DateValue | Percent | Number | Text) -> float | None:
    """The number a spreadsheet cell carries for this value, or None for dates and text."""
    if isinstance(value, Money):
        return float(value.amount)
    if isinstance(value, (Percent, Number)):
        return float(value.value)
    return None


# -- reading figures back: the inverse of render_value, for every reader of an amount in text -----------------

# The currency codes an amount is read with: a code from this list, not any three capitals ("OPA 90" is a statute).
# One list for every reader: validation, the apps, the exports and the verifier's answer parser (environments/answers).
CURRENCIES = ("USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD", "NZD", "SEK", "NOK", "DKK", "SGD", "HKD", "CNY", "INR",
              "ZAR", "BRL", "MXN", "KRW", "PLN", "AED", "SAR", "ILS", "TRY")
# A number as render_value writes it (thousands separators, decimals only where it has them) or as typed bare.
NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
# An amount as render_value writes Money: group 1 the currency, group 2 the number (with its sign).
AMOUNT = re.compile(rf"\b({'|'.join(CURRENCIES)}) (-?(?:{NUMBER}))\b")
_SIGNED = re.compile(rf"[+-]?(?:{NUMBER})")

# -- figures as people write them: "USD 156.2m", "$1.2bn", "156,200,000", "(GBP 5,625,000)", "7.5 percent" ----------
# One reader for every figure in free text (an agent's answer, a model's reply): read_figure turns a match of FIGURE
# into its value, currency and precision; environments.answers reads the clauses around the figures it finds.

# The codes a figure is read with: CURRENCIES, "RMB", which people write for CNY, and "CDN" for CAD (blind red team 34:
# 'CDN 38,715', 'CDN$', 'Cdn$6.42 million', every such right answer scored < 1).
READ_CODES = (*CURRENCIES, "RMB", "CDN")
CURRENCY_SYMBOLS = {"US$": "USD", "U.S.$": "USD", "C$": "CAD", "CA$": "CAD", "CDN$": "CAD", "CAN$": "CAD", "CDN": "CAD", "A$": "AUD", "AU$": "AUD", "NZ$": "NZD",
                    "HK$": "HKD", "S$": "SGD", "£": "GBP", "€": "EUR", "¥": "JPY", "₹": "INR", "RS.": "INR", "RS": "INR",
                    # (a Brazilian professional writes reais 'R$ 4.896.000,00': kit29a, every such right answer scored < 1)
                    "R$": "BRL", "MX$": "MXN"}
# A bare "$" or "dollars" is any dollar: a Canadian answer writes "$" too.
DOLLAR_CODES = {"USD", "CAD", "AUD", "NZD", "HKD", "SGD"}
CURRENCY_WORDS = {"us dollars": "USD", "u.s. dollars": "USD", "canadian dollars": "CAD", "australian dollars": "AUD",
                  "pounds sterling": "GBP", "pounds": "GBP", "sterling": "GBP", "euros": "EUR", "euro": "EUR",
                  "yen": "JPY", "swiss francs": "CHF", "francs": "CHF", "reais": "BRL",
                  "brazilian reais": "BRL", "rupees": "INR", "indian rupees": "INR", "円": "JPY",
                  # (Korean: '5,904만 달러', blind red team kit30b; a bare 달러 or ドル is any dollar, as 'dollars' is)
                  "원": "KRW", "유로": "EUR", "엔": "JPY", "ユーロ": "EUR"}
_ANY_DOLLAR = {"dollars", "달러", "ドル"}
SCALES = {"thousand": 3, "k": 3, "million": 6, "mn": 6, "mln": 6, "mm": 6, "m": 6, "billion": 9, "bn": 9, "bln": 9,
          "b": 9, "trillion": 12, "tn": 12, "lakh": 5, "lakhs": 5, "crore": 7, "crores": 7,  # (India: 1 lakh 10^5, 1 crore 10^7)
          "만": 4, "万": 4, "萬": 4, "억": 8, "億": 8,  # (Korea, Japan: 1 man 10^4, 1 eok 10^8)
          # (Brazil: 'R$ 146,3 mil', 'R$ 3,0086 milhões', with a decimal comma: blind red team 34, right forms < 1)
          "mil": 3, "milhão": 6, "milhões": 6, "milhao": 6, "milhoes": 6, "bilhão": 9, "bilhões": 9, "bilhao": 9,
          "bilhoes": 9}
_PT_SCALES = {"mil", "milhão", "milhões", "milhao", "milhoes", "bilhão", "bilhões", "bilhao", "bilhoes"}
_SHORT_SCALES = {"k", "m", "mm", "b"}  # read as a scale after a space only when a currency is written

# A number written with a separator (thousands or decimals), not a date's part: either side of a quotient written
# without spaces ("12,000,000/15,000,000 x 6,400,000", "12/13.125") is a figure; "5/1/2026" and "1/2" stay unread.
_SEP_NUM = r"(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d+)(?![\d/]|[.,]\d)"
_SYM_RX = "|".join(re.escape(s) for s in sorted(CURRENCY_SYMBOLS, key=len, reverse=True))
CODE_RX = "|".join(READ_CODES)
# One figure. Groups: lp/rp the parentheses around it, s1/s2 a minus sign before or after the currency, c1 a currency
# before the number, num the number as written, sp and scale a scale word ("m", "million"), pct a percent sign or
# word, c2 a currency after ("156.2 million dollars"; never a code that opens the next figure: the 31 of "May 31 USD
# 9,460,000" is no amount of USD).
FIGURE = re.compile(rf"""
    (?:(?<=/)(?=[A-Za-z$£€¥₹])|(?<![\w.,:/#§$£€¥₹\x01])  # "USD 156.2m/USD 148m", but not the 2 of "1/2"
       |(?<=\d/)(?={_SEP_NUM})|(?<=[.,]\d{{3}}/)(?=\d+(?![\d/.,]\d)))  # a quotient: "12,000,000/15,000,000", "12/13.125"
    (?P<lp>\(\s?)?
    (?P<s1>[-−])?
    (?:(?P<c1>{_SYM_RX}|\$|(?-i:{CODE_RX})(?![A-Za-z]))\s{{0,2}})?
    (?P<s2>[-−])?
    (?P<num>\d{{1,2}}(?:,\d{{2}})+,\d{{3}}(?:\.\d+)?|\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d{{1,3}}(?:\.\d{{3}}){{2,}}(?:,\d+)?|\d{{1,3}}(?:[\u00a0\u202f\u2009 ]\d{{3}})+(?![\d,]|\.\d)|\d{{1,3}}(?:['\u2019]\d{{3}})+(?:\.\d+)?(?![\d,']|\.\d)
        |\d{{1,3}},\d{{1,4}}(?=\s?(?:mil(?![a-z])|milh[õoã]|bilh[õoã]))|\d+(?:\.\d+)?)(?:(?![.,:/]?\d)|(?=/{_SEP_NUM})|(?<=[.,]\d{{3}})(?=/\d+(?![\d/.,]\d)))
    (?:(?P<sp>[ \t\u00a0\u202f]?)(?P<scale>thousand|million|billion|trillion|crores?|lakhs?|mln|mn|bln|bn|tn|mm|milh(?:ões|oes|ão|ao)|bilh(?:ões|oes|ão|ao)|mil|[kmb]|[만万萬억億])(?![A-Za-z]))?
    (?:\s?(?P<pct>%|percent\b|per\s?cent\b|pct\b))?
    (?:\s?(?P<c2>(?-i:{CODE_RX})(?![A-Za-z])(?!\s{{0,2}}[-−]?\d)|(?:(?:US|U\.S\.|Canadian|Australian)\s)?dollars\b|pounds\ssterling\b
        |pounds\b|sterling\b|euros?\b|yen\b|(?:Swiss\s)?francs\b|(?:Brazilian\s)?reais\b|(?:Indian\s)?rupees\b|円
        |달러|원|유로|엔|ドル|ユーロ
        |(?<=\d\s)(?:\$\s?CA(?:N|D)?\b|[$€£])(?!\s{{0,2}}[-−]?\d)))?
    (?P<rp>\s?\))?
""", re.X | re.I)
_DIGITS = re.compile(r"\d[\d,.]*")
_GLUED_POINTS = re.compile(r"(?:pp|ppts?|bps?)\b", re.I)  # "6.2pp", "620bps": a unit written onto its number


@dataclass(slots=True)
class Figure:
    """One figure read from text: what it is worth, where it is written, and how precisely."""

    kind: Literal["money", "number", "percent"]
    value: Decimal              # signed; 12.5 for 12.5%
    start: int
    end: int
    quantum: Decimal            # place value of the last digit written: 156.2m -> 100000
    digits: int                 # significant digits written
    scale: int                  # the power of ten of a scale word written: 6 for "m", "million"
    currency: str | None
    currency_exact: bool        # False for a bare "$" or "dollars": any dollar currency


def _significant(digits: str) -> int:
    return len(digits.replace(".", "").lstrip("0")) or 1


def _tabular_before(text: str, i: int) -> bool:
    before = text[max(0, i - 3):i]
    return i == 0 or before.endswith(("\n", "\t", "|", ": ", "= ", "  ")) or before in ("", " ")


def _tabular_after(text: str, j: int) -> bool:
    after = text[j:j + 2]
    return j >= len(text) or after[:1] in ("\n", "\t", "|", ",", ";") or after == "  " or after.strip() in ("", ".")


def currency_of(symbol: str) -> tuple[str, bool]:
    """The currency a symbol, code or word names, and whether exactly (a bare "$" or "dollars" is any dollar)."""
    word = " ".join(symbol.lower().split())
    if re.fullmatch(r"\$ ?ca[nd]?", word):
        return "CAD", True  # a Quebec figure's sign after it: '13 553 400 $ CA'
    if symbol == "$" or word in _ANY_DOLLAR:
        return "USD", False
    return CURRENCY_SYMBOLS.get(symbol.upper(), CURRENCY_WORDS.get(word, symbol.upper())), True


# The currency of a figure written with two that disagree ('CAD 427,600 USD': blind red team 34, wrong forms scored
# 1.0 with the second code ignored): no currency any answer key has.
MIXED = "MIXED"


def _currency(m: re.Match) -> tuple[str | None, bool]:
    """The currency a match of FIGURE is written in, and whether exactly."""
    if m["c1"] and m["c2"] and m["c1"] != "$":
        first, second = currency_of(m["c1"]), currency_of(m["c2"])
        if first[0] != second[0] and not (not second[1] and first[0] in DOLLAR_CODES):  # "C$5 dollars" is Canadian
            return MIXED, True
    if m["c1"] and not (m["c1"] == "$" and m["c2"]):  # "$5 CAD" is Canadian
        return currency_of(m["c1"])
    if m["c2"]:
        return currency_of(m["c2"])
    return None, True


def read_figure(text: str, m: re.Match, raw: str | None = None) -> Figure | None:
    """The figure a match of FIGURE in `text` reads as, or None where it is part of a word ("1st", "10am", "A4s").

    `raw`: the text before anything in it was blanked (dates), where a parenthesis's place in a line is read.
    """
    num, scale, pct, c2 = m["num"], m["scale"], m["pct"], m["c2"]
    end = max(m.end(g) for g in ("num", "scale", "pct", "c2") if m[g])
    if scale and scale.lower() in _SHORT_SCALES and m["sp"] and not (m["c1"] or c2):
        scale = pct = c2 = None  # "34 m" is metres, not millions
        end = m.end("num")
    glued = text[end:end + 1]
    if glued.isalpha() and glued.lower() != "x" and not (scale and end > m.end("num")) \
            and not _GLUED_POINTS.match(text, end):
        return None
    cur, exact = _currency(m) if (m["c1"] or c2) else (None, True)
    power = SCALES[scale.lower()] if scale else 0
    if scale and scale.lower() in _PT_SCALES and "," in num and "." not in num:
        num = num.replace(",", ".")  # 'R$ 146,3 mil': the comma before a Portuguese scale is the decimal point
    if num.count(".") >= 2:  # 156.200.000,00: dots group thousands, the comma is the decimal point
        num = num.replace(".", "").replace(",", ".")
    num = re.sub(r"[\u00a0\u202f\u2009 '\u2019]", "", num)  # 156 200 000: spaces group thousands; 6'264'000 (Swiss)
    if cur and not scale and not pct and re.fullmatch(r"\d{1,3}\.\d{3}", num):
        num = num.replace(".", "")  # "USD 2.500": money has two decimals, so a dot before three digits groups thousands
    decimals = len(num.split(".")[1]) if "." in num else 0
    value = Decimal(num.replace(",", "")).scaleb(power)
    negative = bool(m["s1"] or m["s2"])
    start = next(m.start(g) for g in ("s1", "c1", "s2", "num") if m[g])
    # Parentheses make a figure negative only where accounting puts them: alone in a cell or on a line.
    if m["lp"] and m["rp"] and not negative and not scale \
            and _tabular_before(raw or text, m.start()) and _tabular_after(raw or text, m.end()):
        # (read on the raw text: a date blanked before it is no cell's edge, "on 6 October 2026 (GBP 14.2m)")
        negative, start, end = True, m.start(), m.end()
    return Figure(kind="percent" if pct else ("money" if cur else "number"), value=-value if negative else value,
                  start=start, end=end, quantum=Decimal(1).scaleb(power - decimals),
                  digits=_significant(num.replace(",", "")), scale=power, currency=cur, currency_exact=exact)


def figure_matches(text: str) -> Iterator[re.Match]:
    """Every match of FIGURE in `text`, in order: read_figure reads each."""
    # The figure pattern is tried only near digit runs: scanning every position of prose costs 4x more.
    pos = 0
    for d in _DIGITS.finditer(text):
        if d.start() < pos:
            continue
        m = FIGURE.search(text, max(pos, d.start() - 8), min(len(text), d.end() + 32))
        if m is not None and m.start("num") <= d.start() < m.end("num"):
            pos = m.end()
            yield m


def figures(text: str) -> list[Figure]:
    """Every figure written in digits in `text` ("USD 156.2m", "$1.2bn", "(5,625,000)", "7.5%"), in order."""
    return [f for m in figure_matches(text) if (f := read_figure(text, m)) is not None]


# -- figures in words: "one hundred fifty-six point two million", "eleven point five percent" ------------

_SMALL = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen".split())}
_TENS = {w: 10 * (i + 2) for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}
_BIG = {"thousand": 3, "million": 6, "billion": 9, "trillion": 12}
_WORD_RX = "|".join(sorted([*_SMALL, *_TENS, "hundred", *_BIG, "point"], key=len, reverse=True))
# "ninety-five million, two hundred twelve thousand": a comma after a scale word goes on with the same amount.
_WORD_RUN = re.compile(rf"(?<![\w-])(?:{_WORD_RX})(?:(?:\s+and\s+|[\s-]+|(?:(?<=thousand)|(?<=million)|(?<=billion)|"
                       rf"(?<=trillion)),\s+)(?:{_WORD_RX}))*(?:\s+and\s+a\s+half)?(?![\w-])", re.I)
_WORD_BEFORE = re.compile(rf"(?:(?-i:{CODE_RX})|US\$|\$|£|€)\s?$")
_WORD_AFTER = re.compile(r"\s+(?P<c>(?:(?:US|U\.S\.|Canadian|Australian)\s)?dollars\b|pounds(?:\ssterling)?\b|euros?\b"
                         r"|(?-i:" + CODE_RX + r")\b)|\s*(?P<p>%|percent\b|per\scent\b)"
                         r"|\s+(?P<u>(?:calendar\s+|business\s+|working\s+)?(?:days?|weeks?)\b)", re.I)


def _word_value(words: list[str]) -> tuple[Decimal, int] | None:
    """The value of number words ("one hundred fifty-six point two million") and the power of its last scale word."""
    total, current, decimals, power, seen = Decimal(0), Decimal(0), None, 0, False
    for w in words:
        if w in _SMALL or w in _TENS:
            v = _SMALL.get(w, _TENS.get(w))
            if decimals is not None:
                if v > 9:
                    return None
                decimals += str(v)
            else:
                current += v
            seen = True
        elif w == "hundred" and decimals is None:
            current = (current or 1) * 100
        elif w == "point" and seen and decimals is None:
            decimals = ""
        elif w in _BIG:
            if decimals:
                current += Decimal("0." + decimals)
                decimals = None
            total += (current or 1) * Decimal(10) ** _BIG[w]
            current, power = Decimal(0), _BIG[w]
        else:
            return None
    if decimals:
        current += Decimal("0." + decimals)
    return (total + current, power) if seen else None


_COUNTED = re.compile(r"\s+[a-z][a-z-]*s\b(?:\s*\([^)\n]{0,60}\))?", re.I)  # 'turbines', 'shipments (ten ...)'
_FINAL_LINE = re.compile(r"(?:^|\n)[ \t*_]*answer[ \t*_]*:[ \t*_]*$", re.I)


def word_figures(text: str) -> list[Figure]:
    """Figures written in words ("four hundred claims", "eleven point five percent", "USD one hundred fifty-six
    million"): only a run with a scale word, a ten or a decimal point, or one a currency or percent sign goes with,
    so "one of the claims" is no figure."""
    found = []
    for m in _WORD_RUN.finditer(text):
        words = [w for w in re.split(r"[\s,-]+", m.group().lower()) if w not in ("and", "")]
        half = words[-2:] == ["a", "half"]  # "three and a half percentage points", "two and a half weeks"
        read = _word_value(words[:-2] if half else words)
        if read is None:
            continue
        value, power = read
        if half:
            value += Decimal("0.5")
        before = _WORD_BEFORE.search(text, max(0, m.start() - 5), m.start())
        after = _WORD_AFTER.match(text, m.end())
        # a count of days or weeks in words ('two days', 'one week') is a duration, read with its unit after it
        compound = half or any(w in _TENS or w == "hundred" or w in _BIG or w == "point" for w in words)
        final = after and after["u"] and (_FINAL_LINE.search(text, max(0, m.start() - 24), m.start())
                                          or not (text[:m.start()] + text[after.end():]).strip(" \t*_.\n"))
        # a small count in words given as the answer, things after it ('Answer: six turbines', as a professional
        # writes a count under ten): on an answer line or alone, never in prose ('two of the banks voted')
        counted = not (compound or before or after) and value >= 2 and _COUNTED.match(text, m.end()) is not None \
            and (_FINAL_LINE.search(text, max(0, m.start() - 24), m.start())
                 or not (text[:m.start()] + text[_COUNTED.match(text, m.end()).end():]).strip(" \t*_.\n"))
        if not (compound or before or after or counted) or (after and after["u"] and not compound and value < 2 and not final):
            continue  # 'one of the claims'; 'one day later' is prose, no count ('Answer: one day', or that alone, is one)
        cur, exact, end = None, True, m.end()
        if before:
            cur, exact = currency_of(before.group().strip())
        if after and after["c"]:
            named, named_exact = currency_of(after["c"])
            cur, exact = cur or named, exact and named_exact
            end = after.end()
        pct = bool(after and after["p"])
        if pct:
            end = after.end()
        digits = value.normalize()
        places = -digits.as_tuple().exponent
        found.append(Figure(kind="percent" if pct else ("money" if cur else "number"), value=value,
                            start=before.start() if before else m.start(), end=end,
                            quantum=Decimal(1).scaleb(-max(places, 0)) if places > 0 else Decimal(1).scaleb(-places),
                            digits=len(digits.as_tuple().digits), scale=power, currency=cur, currency_exact=exact))
    return found


def parse_number(text: str) -> Decimal:
    """A number as NUMBER reads it, with an optional sign: '1,234.50' -> Decimal('1234.50'); ValueError if not one."""
    text = text.strip()
    if not _SIGNED.fullmatch(text):
        raise ValueError(f"not a number: {text[:40]!r}")
    return Decimal(text.replace(",", ""))


def parse_amount(text: str) -> Money | None:
    """The Money `text` is, whole ('USD 1,234.50' as render_value writes it, 'USD 156.2m', '$1.2bn', '(GBP 5,625)'),
    or None when it is no amount of money."""
    text = text.strip()
    m = FIGURE.fullmatch(text)
    f = read_figure(text, m) if m else None
    if f is None or f.kind != "money" or (f.start, f.end) != (0, len(text)):
        return None
    return Money(amount=f.value, currency=f.currency)

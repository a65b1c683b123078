"""Typed fact values (money, date, percent, number, text), their one canonical rendering and its reading back."""

from __future__ import annotations

import datetime as dt
import re
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


def parse_number(text: str) -> Decimal:
    """A number as NUMBER reads it, with an optional sign: '1,234.50' -> Decimal('1234.50'); ValueError if not one."""
    text = text.strip()
    if not _SIGNED.fullmatch(text):
        raise ValueError(f"not a number: {text[:40]!r}")
    return Decimal(text.replace(",", ""))


def parse_amount(text: str) -> Money | None:
    """The Money that render_value writes as `text` ('USD 1,234.50'), or None when the text is no such amount."""
    m = AMOUNT.fullmatch(text.strip())
    return Money(amount=parse_number(m.group(2)), currency=m.group(1)) if m else None

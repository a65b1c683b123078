"""The fact ledger as a model of the matter: formulas over fact ids, evaluated in order, money and units kept straight.

A formula is a small expression over fact ids, parsed with `ast` and walked here (never `eval`):

    per_ton_limit * gross_tonnage            removal_costs + nrd_claimed + economic_loss
    max(per_ton_limit * gross_tonnage, floor_limit)    percent_of(fault_share, total_claims)
    round(total / 3, 2)                      fault_share * total_claims   (a percent multiplies as its fraction)

Values are exact (Decimal). Money adds only to money of the same currency; numbers add only to numbers
of the same unit; money times a number (a rate times a tonnage) is money; money over money is a ratio.
Anything else is a LedgerError that names the two numbers, which the outline loader turns into an
OutlineError at the fact's line.
"""

from __future__ import annotations

import ast
import datetime as dt
import decimal
import functools
import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any, Callable, Iterable

from worldsmith.worlds.errors import WorldsmithError
from worldsmith.worlds.outline_bounds import MAX_AMOUNT
from worldsmith.worlds.values import Money, Number, Percent, render_value

CENT = Decimal("0.01")
FUNCTIONS = ("max", "min", "round", "percent_of", "sum", "abs")
# Bounds that keep any formula cheap, whoever wrote it (an outline, or a plan.json in someone else's bundle): a
# matter's formulas are a line of a few fact ids (the examples' longest is under 100 characters, 4 deep).
MAX_FORMULA = 500     # characters
MAX_DEPTH = 32        # nested operations and calls
MAX_ROUND = 15        # round(x, places): places from -15 to 15
# A plan's ledger, as worldsmith writes it: fact ids are an outline's ids; a value has an outline's digits (at most
# 21) or a computed one's (Decimal's 28), below 10^15.
FACT_ID = re.compile(r"[a-z][a-z0-9_]{0,199}")  # fullmatch: '$' would let a trailing line break through
MAX_DIGITS = 40
# Every evaluation runs in this context, never the caller's: 28 digits, and an overflow, a division by zero or an
# invalid operation raises (as a LedgerError) instead of yielding Infinity or NaN.
CONTEXT = decimal.Context(prec=28, rounding=decimal.ROUND_HALF_EVEN, Emax=999_999, Emin=-999_999,
                          traps=[decimal.InvalidOperation, decimal.DivisionByZero, decimal.Overflow])


class LedgerError(WorldsmithError, ValueError):
    """A formula that cannot be computed, or whose result disagrees with what the outline states: the outline
    loader reports it as an OutlineError at the fact; fix the formula or the stated value."""

    exit_code = 2


@dataclass(frozen=True)
class Quantity:
    """A number with what it counts: money in a currency, a plain number with a unit, or a percent."""

    kind: str  # money | number | percent
    amount: Decimal
    currency: str | None = None
    unit: str | None = None

    def shown(self) -> str:
        """The quantity as the ledger writes it, for messages (in E notation beyond what a ledger holds)."""
        if not self.amount.is_finite() or self.amount and self.amount.adjusted() >= 15:
            return f"{self.kind} {self.amount:.3E}"  # never a number of a million digits, written out
        return render_value(self.as_value())

    def as_value(self) -> Money | Number | Percent:
        """The fact value this quantity is (money rounded to the cent)."""
        if self.kind == "money":
            return Money(amount=_tidy(self.amount.quantize(CENT, ROUND_HALF_UP)), currency=self.currency or "USD")
        if self.kind == "percent":
            return Percent(value=_tidy(self.amount))
        return Number(value=_tidy(self.amount), unit=self.unit)

    @property
    def factor(self) -> Decimal:
        """What the quantity multiplies by: a percent as its fraction, anything else as itself."""
        return self.amount / 100 if self.kind == "percent" else self.amount


def _tidy(value: Decimal) -> Decimal:
    """A Decimal without a needless exponent: 156200000.00 -> 156200000, 12.50 -> 12.5."""
    if value == value.to_integral_value():
        return value.quantize(Decimal(1))
    return value.normalize()


def quantity_of(value: object) -> Quantity | None:
    """The quantity of a fact value, or None for dates and text (which formulas cannot use)."""
    if isinstance(value, Money):
        return Quantity("money", value.amount, currency=value.currency)
    if isinstance(value, Percent):
        return Quantity("percent", value.value)
    if isinstance(value, Number):
        return Quantity("number", value.value, unit=value.unit)
    return None


# ---------------------------------------------------------------- parsing


def parse_formula(text: str) -> ast.expr:
    """The formula's syntax tree, refused unless it uses only fact ids, numbers, + - * / and the known functions,
    within MAX_FORMULA characters and MAX_DEPTH levels of nesting. Parsed once per text (every sheet and day asked
    it again: 8,016 parses in bench.long_matter --scale 80's plan); the tree is shared, so callers only read it."""
    return _parsed(text)


@functools.lru_cache(maxsize=4096)
def _parsed(text: str) -> ast.expr:
    if len(text) > MAX_FORMULA:
        raise LedgerError(f"formula {text[:40]!r}... is {len(text):,} characters long; a formula holds at most "
                          f"{MAX_FORMULA}")
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as exc:
        raise LedgerError(f"formula {text!r} is not an expression ({exc.msg}); write e.g. 'a * b' or 'max(a, b)'") from None
    except (ValueError, RecursionError, MemoryError):  # a NUL byte; nesting beyond the parser's own limits
        raise LedgerError(f"formula {text[:40]!r} is not an expression a ledger can hold") from None
    stack: list[tuple[ast.AST, int]] = [(tree.body, 1)]
    while stack:  # iterative, so a deep tree is refused here before anything recursive walks it
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise LedgerError(f"formula {text[:40]!r} nests more than {MAX_DEPTH} levels deep; split it into facts")
        stack.extend((child, depth + 1) for child in ast.iter_child_nodes(node))
        if isinstance(node, (ast.BinOp, ast.UnaryOp, ast.Name, ast.Load, ast.Add, ast.Sub, ast.Mult, ast.Div,
                             ast.USub, ast.UAdd)):
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
            if not abs(node.value) < MAX_AMOUNT:  # also NaN and inf, which compare false
                raise LedgerError(f"formula {text[:40]!r} holds the number {Decimal(str(node.value)):.3E}; "
                                  "numbers in a formula stay below 10^15")
            continue
        if isinstance(node, ast.Call):
            if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS or node.keywords:
                name = node.func.id if isinstance(node.func, ast.Name) else "that call"
                raise LedgerError(f"formula {text!r} calls {name}; the functions are {', '.join(FUNCTIONS)}")
            continue
        raise LedgerError(f"formula {text!r} uses {type(node).__name__.lower()}; "
                          "use fact ids, numbers, + - * / and " + ", ".join(FUNCTIONS))
    return tree.body


def references(text: str) -> list[str]:
    """The fact ids a formula uses, in order of first use."""
    names: list[str] = []

    def walk(node: ast.expr) -> None:  # depth first, left to right: the order a reader sees
        if isinstance(node, ast.Name):
            if node.id not in names:
                names.append(node.id)
        elif isinstance(node, ast.BinOp):
            walk(node.left)
            walk(node.right)
        elif isinstance(node, ast.UnaryOp):
            walk(node.operand)
        elif isinstance(node, ast.Call):
            for arg in node.args:
                walk(arg)

    walk(parse_formula(text))
    return names


# ---------------------------------------------------------------- arithmetic


def _add(a: Quantity, b: Quantity, sign: int, what: str) -> Quantity:
    if a.kind != b.kind:
        raise LedgerError(f"{what} mixes {a.kind} {a.shown()} with {b.kind} {b.shown()}")
    if a.kind == "money" and a.currency != b.currency:
        raise LedgerError(f"{what} mixes currencies: {a.shown()} and {b.shown()}; convert one with a fact of its own")
    if a.kind == "number" and a.unit != b.unit:
        raise LedgerError(f"{what} mixes units: {a.shown()} and {b.shown()}")
    return Quantity(a.kind, a.amount + sign * b.amount, a.currency, a.unit)


def _mul(a: Quantity, b: Quantity) -> Quantity:
    if a.kind == "money" and b.kind == "money":
        raise LedgerError(f"multiplies two amounts of money, {a.shown()} and {b.shown()}")
    if a.kind == "percent" and b.kind == "percent":
        return Quantity("percent", a.amount * b.factor)
    money = a if a.kind == "money" else b if b.kind == "money" else None
    if money is not None:
        other = b if money is a else a
        return Quantity("money", money.amount * other.factor, currency=money.currency)
    if a.kind == "percent" or b.kind == "percent":
        base, pct = (b, a) if a.kind == "percent" else (a, b)
        return Quantity("number", base.amount * pct.factor, unit=base.unit)
    unit = a.unit or b.unit if not (a.unit and b.unit) else f"{a.unit}*{b.unit}"
    return Quantity("number", a.amount * b.amount, unit=unit)


def _div(a: Quantity, b: Quantity) -> Quantity:
    if b.amount == 0:
        raise LedgerError(f"divides {a.shown()} by zero")
    if a.kind == "money" and b.kind == "money":
        if a.currency != b.currency:
            raise LedgerError(f"divides {a.shown()} by {b.shown()}: two currencies")
        return Quantity("number", a.amount / b.amount)
    if a.kind == "money":
        return Quantity("money", a.amount / b.factor, currency=a.currency)
    if b.kind == "money":
        raise LedgerError(f"divides {a.shown()} by an amount of money, {b.shown()}")
    if a.kind == "percent" and b.kind != "percent":
        return Quantity("percent", a.amount / b.amount)
    unit = None if a.unit == b.unit else (a.unit if not b.unit else f"{a.unit or '1'}/{b.unit}")
    return Quantity("number", a.factor / b.factor, unit=unit)


def _same_kind(args: list[Quantity], name: str) -> None:
    for other in args[1:]:
        _add(args[0], other, 1, f"{name}()")  # the same rules as adding them


def evaluate(tree: ast.expr, lookup: Callable[[str], Quantity]) -> Quantity:
    """The value of a parsed formula, with `lookup` giving each fact id's quantity; LedgerError for arithmetic
    Decimal cannot do (an overflow, an invalid operation), computed in CONTEXT whatever the caller's."""
    try:
        with decimal.localcontext(CONTEXT):
            return _evaluate(tree, lookup)
    except decimal.DecimalException as exc:
        raise LedgerError(f"cannot be computed ({_decimal_problem(exc)})") from None


def _decimal_problem(exc: decimal.DecimalException) -> str:
    if isinstance(exc, decimal.DivisionByZero):
        return "a division by zero"
    if isinstance(exc, decimal.Overflow):
        return "a number too large for any ledger"
    return "an invalid operation: a number too large or too precise, or not a number"


def _evaluate(tree: ast.expr, lookup: Callable[[str], Quantity]) -> Quantity:
    if isinstance(tree, ast.Constant):
        return Quantity("number", Decimal(str(tree.value)))
    if isinstance(tree, ast.Name):
        return lookup(tree.id)
    if isinstance(tree, ast.UnaryOp):
        inner = _evaluate(tree.operand, lookup)
        return inner if isinstance(tree.op, ast.UAdd) else Quantity(inner.kind, -inner.amount, inner.currency, inner.unit)
    if isinstance(tree, ast.BinOp):
        a, b = _evaluate(tree.left, lookup), _evaluate(tree.right, lookup)
        if isinstance(tree.op, ast.Add):
            return _add(a, b, 1, "the formula")
        if isinstance(tree.op, ast.Sub):
            return _add(a, b, -1, "the formula")
        if isinstance(tree.op, ast.Mult):
            return _mul(a, b)
        return _div(a, b)
    assert isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name)
    name = tree.func.id
    args = [_evaluate(a, lookup) for a in tree.args]
    if not args:
        raise LedgerError(f"{name}() needs arguments")
    if name in ("max", "min", "sum"):
        _same_kind(args, name)
        if name == "sum":
            total = args[0]
            for other in args[1:]:
                total = _add(total, other, 1, "sum()")
            return total
        pick = max if name == "max" else min
        return pick(args, key=lambda q: q.amount)
    if name == "abs" and len(args) != 1 or name == "round" and len(args) > 2:
        raise LedgerError(f"{name}() takes {'one argument' if name == 'abs' else 'a value and its places'}, "
                          f"not {len(args)}")
    if name == "abs":
        q = args[0]
        return Quantity(q.kind, abs(q.amount), q.currency, q.unit)
    if name == "round":
        places = args[1] if len(args) > 1 else Quantity("number", Decimal(0))
        if places.kind != "number" or places.amount != places.amount.to_integral_value() \
                or abs(places.amount) > MAX_ROUND:
            raise LedgerError(f"round(x, places) rounds to a whole number of places from -{MAX_ROUND} to "
                              f"{MAX_ROUND}, not {places.amount:.3E}")
        places = int(places.amount)
        q = args[0]
        return Quantity(q.kind, q.amount.quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP), q.currency, q.unit)
    # percent_of(p, x): p percent of x
    if len(args) != 2 or args[0].kind != "percent":
        raise LedgerError("percent_of(p, x) takes a percent fact and the amount it is a percent of")
    return _mul(args[0], args[1])


def agrees(stated: Quantity, computed: Quantity) -> bool:
    """Whether a stated value is the computed one as written: money to the cent, others to the stated places."""
    if stated.kind != computed.kind or stated.currency != computed.currency:
        return False
    places = max(2, -stated.amount.as_tuple().exponent) if stated.kind == "money" else \
        max(0, -_tidy(stated.amount).as_tuple().exponent)
    try:
        return computed.amount.quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP) == stated.amount.quantize(Decimal(1).scaleb(-places))
    except InvalidOperation:
        return False


# ---------------------------------------------------------------- the graph


@dataclass
class Node:
    """One fact as the solver sees it: its id, its stated value (or None), its formula (or None)."""

    id: str
    value: object | None
    formula: str | None


def solve(nodes: Iterable[Node], fail: Callable[[str, str, str], Exception]) -> dict[str, Quantity | None]:
    """Every fact's quantity, formulas evaluated in dependency order; `fail(fact_id, field, message)` builds the error.

    Facts without a formula keep their stated value; a formula's result must agree with a stated value.
    Dates and text have no quantity (None) and cannot appear in formulas.
    """
    by_id = {n.id: n for n in nodes}
    trees: dict[str, ast.expr] = {}
    for n in by_id.values():
        if n.formula is not None:
            try:
                trees[n.id] = parse_formula(n.formula)
            except LedgerError as exc:
                raise fail(n.id, "formula", str(exc)) from None
            for ref in references(n.formula):
                if ref not in by_id:
                    import difflib
                    # Only short names are compared: difflib is quadratic in a name's length.
                    close = difflib.get_close_matches(ref, sorted(f for f in by_id if len(f) <= 100)[:2000], n=1,
                                                      cutoff=0.6) if len(ref) <= 100 else []
                    hint = f"; did you mean {close[0]!r}?" if close else ""
                    raise fail(n.id, "formula", f"formula uses {ref!r}, which is not a fact id{hint}")
    done: dict[str, Quantity | None] = {}

    def value_of(fid: str) -> Quantity | None:  # called in dependency order: every input is done already
        if fid in done:
            return done[fid]
        node = by_id[fid]
        if node.formula is None:
            done[fid] = quantity_of(node.value)
            return done[fid]

        def lookup(ref: str) -> Quantity:
            q = value_of(ref)
            if q is None:
                raise fail(fid, "formula", f"formula uses {ref!r}, a {getattr(by_id[ref].value, 'type', 'text')} fact; "
                                           "formulas compute with money, numbers and percents")
            return q

        try:
            computed = evaluate(trees[fid], lookup)
        except LedgerError as exc:  # evaluate turns Decimal's own errors into LedgerErrors
            raise fail(fid, "formula", f"{node.formula}: {exc}") from None
        if not computed.amount.is_finite() or abs(computed.amount) >= MAX_AMOUNT:
            # Beyond this, money stops fitting Decimal's 28 digits once rounded to the cent, and no file needs it.
            raise fail(fid, "formula", f"{node.formula} gives {computed.amount:.3E}, too large; amounts and numbers "
                                       "stay below 10^15")
        if computed.kind == "money":
            computed = Quantity("money", computed.amount.quantize(CENT, ROUND_HALF_UP), computed.currency)
        if node.value is not None:
            stated = quantity_of(node.value)
            if stated is None:
                raise fail(fid, "value", f"the formula gives {computed.shown()}, but the value is a "
                                         f"{node.value.type}; give a money, number or percent value, or none")
            if stated.kind == "number" and computed.kind == "number" and computed.unit != stated.unit:
                computed = Quantity("number", computed.amount, unit=stated.unit)  # the stated unit names it
            if stated.kind == "percent" and computed.kind == "number" and not computed.unit:
                # a share worked out as a division gives a plain ratio, and the ledger has no ratio-to-percent step
                # (author37: 'refused whether or not the formula multiplies by 100', with no hint what to write)
                raise fail(fid, "value", f"the formula {node.formula} gives the plain number {computed.shown()}, and a "
                                         f"formula cannot make a percent from a ratio; state {stated.shown()} with no "
                                         "formula (the statement can show the working), or give the value as a "
                                         "number")
            if not agrees(stated, computed):
                raise fail(fid, "value", f"the stated value {stated.shown()} disagrees with its formula "
                                         f"{node.formula} = {computed.shown()}; correct one of them, or leave the value out")
        done[fid] = computed
        return computed

    for fid in _order(by_id, fail):
        value_of(fid)
    return done


def _order(by_id: dict[str, Node], fail: Callable[[str, str, str], Exception]) -> list[str]:
    """The fact ids in dependency order (each after the facts its formula uses; otherwise as given), walked
    without recursion, so a chain of any length is no RecursionError; `fail` for a cycle."""
    refs = {fid: references(n.formula) if n.formula is not None else [] for fid, n in by_id.items()}
    order: list[str] = []
    state: dict[str, bool] = {}  # False while on the path being walked, True once ordered
    for root in by_id:
        if root in state:
            continue
        path, pending = [root], [iter(refs[root])]
        state[root] = False
        while path:
            ref = next(pending[-1], None)
            if ref is None:
                state[path[-1]] = True
                order.append(path.pop())
                pending.pop()
            elif state.get(ref) is False:
                cycle = path[path.index(ref):] + [ref]
                raise fail(cycle[0], "formula", "formulas go round in a cycle: " + " -> ".join(cycle))
            elif ref not in state:
                state[ref] = False
                path.append(ref)
                pending.append(iter(refs[ref]))
    return order


def value_on(history: list[tuple[dt.date, object]], day: dt.date) -> object | None:
    """The value a fact held on `day`, from (since, value) pairs in date order; None before the first."""
    held = None
    for since, value in history:
        if since <= day:
            held = value
        else:
            break
    return held


def solve_outline(outline) -> None:
    """Solve an outline's facts in place: compute formulas, fill omitted values, date every fact.

    Every problem raises the outline's own OutlineError at the fact's field (its formula, value,
    known_from or values), with both numbers or both dates.
    """
    facts = outline.facts
    index = {f.id: i for i, f in enumerate(facts)}

    def fail(fid: str, field: str, message: str) -> Exception:
        return outline.error(("facts", index[fid], field), message)

    for i, f in enumerate(facts):
        if f.value is None and f.formula is None:
            raise outline.error(("facts", i, "value"), "give a value, or a formula that computes it")
    solved = solve([Node(f.id, f.value, f.formula) for f in facts], fail)
    for f in facts:
        if f.value is None:
            f.value = solved[f.id].as_value()  # type: ignore[union-attr]
    # Dates: a formula's fact is known when its last input is; others from the window's start.
    start = outline.window.start
    order = list(solved)  # solve keeps the dependency order: every fact after its inputs
    for fid in order:
        i = index[fid]
        f = facts[i]
        inputs = [facts[index[r]] for r in references(f.formula)] if f.formula else []
        latest = max(inputs, key=lambda g: g.known_from, default=None)
        if f.known_from is None:
            f.known_from = latest.known_from if latest is not None else start
        elif latest is not None and f.known_from < latest.known_from:
            raise outline.error(("facts", i, "known_from"),
                                f"known from {f.known_from}, but its input {latest.id!r} is known only from "
                                f"{latest.known_from}; a result cannot be known before what it is computed from")
        if f.known_from > outline.window.end:
            raise outline.error(("facts", i, "known_from"),
                                f"known from {f.known_from}, after the window ends ({outline.window.end})")
        if f.values and f.formula:
            raise outline.error(("facts", i, "values"), "a formula's earlier values follow from its inputs' "
                                                        "earlier values; give them on the inputs instead")
        previous = None
        for j, earlier in enumerate(f.values):
            if earlier.value.type != f.value.type:
                raise outline.error(("facts", i, "values", j, "value", "type"),
                                    f"fact {f.id!r} is a {f.value.type}; its earlier values must be one too")
            if previous is not None and earlier.since <= previous:
                raise outline.error(("facts", i, "values", j, "since"),
                                    f"earlier values go oldest first: {earlier.since} is not after {previous}")
            if earlier.since >= f.known_from:
                raise outline.error(("facts", i, "values", j, "since"),
                                    f"an earlier value from {earlier.since} is not earlier than the current one, "
                                    f"known from {f.known_from}")
            previous = earlier.since
        for j, name in enumerate(f.items):
            if f.value.type != "money":
                raise outline.error(("facts", i, "items"), f"only an amount of money breaks down into items; "
                                                           f"{f.id!r} is a {f.value.type}")
            if not name.strip():
                raise outline.error(("facts", i, "items", j), "an item needs a name")


# ---------------------------------------------------------------- a plan read from a bundle


def value_problem(amount: Decimal) -> str | None:
    """What makes a value's number one no ledger holds (not finite, too many digits, too large), or None."""
    if not amount.is_finite():
        return f"{str(amount)[:20]} is not a finite number"  # a NaN may carry a payload of any length
    if amount and amount.adjusted() >= 15:  # from the exponent alone: no arithmetic on a number of any length
        return f"{amount:.3E} is too large; amounts and numbers stay below 10^15"
    digits, exponent = amount.as_tuple()[1:]
    if len(digits) > MAX_DIGITS or not -MAX_DIGITS <= exponent <= MAX_DIGITS:
        return f"{amount:.3E} is written as {len(digits):,} digit(s) with exponent {exponent:,}; a value has at " \
               f"most {MAX_DIGITS} digits and {MAX_DIGITS} places"
    return None


def check_ledger(facts: list[Any], distractors: list[Any]) -> None:
    """LedgerError naming the fact and the problem unless a plan's ledger is one worldsmith writes: fact ids
    unique and of an outline's form, every value finite and within MAX_DIGITS, each distractor of a known fact,
    every formula parsed within bounds, over known facts, computed without error and agreeing with its value.

    What a plan.json from someone else's bundle must pass before tasks, exports or pages compute with it.
    """
    ids: set[str] = set()
    for f in facts:
        if not FACT_ID.fullmatch(f.id):
            raise LedgerError(f"fact id {f.id[:60]!r} is not a fact id (lower-case letters, digits and '_', "
                              "starting with a letter)")
        if f.id in ids:
            raise LedgerError(f"fact {f.id!r} is listed twice")
        ids.add(f.id)
        for field, value in [("value", f.value)] + [(f"earlier[{i}].value", e.value) for i, e in enumerate(f.earlier)]:
            q = quantity_of(value)
            problem = value_problem(q.amount) if q is not None else None
            if problem:
                raise LedgerError(f"fact {f.id!r} {field}: {problem}")
    for d in distractors:
        if d.fact not in ids:
            raise LedgerError(f"distractor {d.id[:60]!r} is of fact {d.fact[:60]!r}, which is not a fact id")
        q = quantity_of(d.value)
        problem = value_problem(q.amount) if q is not None else None
        if problem:
            raise LedgerError(f"distractor {d.id[:60]!r} value: {problem}")

    def fail(fid: str, field: str, message: str) -> Exception:
        return LedgerError(f"fact {fid!r} {field}: {message}")

    solve([Node(f.id, f.value, f.formula) for f in facts], fail)

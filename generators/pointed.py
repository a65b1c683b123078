"""A sheet's rows from its outline points: each point a row the expert says it must hold, every figure the engine's.

'Secured creditors: the bank, mortgage on the plant, {secured_claims}' is a row labelled 'Secured creditors' whose
amount is the fact's value and whose basis is the rest of the point; 'Unit price: {bid_price} over {tram_count}
trams' computes the quotient of its two facts with a live formula over their lines (blind read 32: 'a cost
calculation of two rows that computes nothing, not even the unit price'). A point with no figure is a line of words.
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

from worldsmith.generators.compose.bank import bank
from worldsmith.generators.compose.lexicon import sheet_words
from worldsmith.generators.compose.text import cap_first
from worldsmith.worlds.content import SheetColumn
from worldsmith.worlds.ledger import quantity_of, references
from worldsmith.worlds.points import PLACEHOLDER, parse_point
from worldsmith.worlds.values import render_value

# The word between two facts of a point that says how the row computes them ('{price} over {units}'): nothing else
# between the two placeholders. No 'plus': a sum of ledger amounts is a total, and a total adds only the parts of a
# fact that sums them (check total_only_over_parts); a point names that fact ('Total: {total_claims}') instead.
_OPERATORS = [
    ("/", re.compile(r"^\s*(?:over|per|divided by|for each|/|÷)\s*$", re.I)),
    ("*", re.compile(r"^\s*(?:times|multiplied by|x|×|\*)\s*$", re.I)),
    ("-", re.compile(r"^\s*(?:less|minus|net of|after deducting|-|–)\s*$", re.I)),
]
_PERCENT_OF = re.compile(r"^\s*of\s*$", re.I)  # '{recovery_rate} of {unsecured_claims}'
_WORDS = {"/": " / ", "*": " x ", "-": " - "}
_BARE_TOTALS = {"total", "totals", "grand total"}
_PLACES = {"money": 2, "percent": 4, "number": 2}


def _operation(text: str, ids: list[str], kinds: dict[str, str]) -> tuple[str, str, str] | None:
    """(a, op, b) when the point's text joins its first two figures by an operator word, else None."""
    spans = [m for m in PLACEHOLDER.finditer(text) if m[1] in kinds]
    if len(spans) < 2:
        return None
    first, second = spans[0], spans[1]
    between = text[first.end():second.start()]
    for op, words in _OPERATORS:
        if words.match(between):
            if op == "-" and {kinds[first[1]], kinds[second[1]]} != {kinds[first[1]]}:
                return None  # money less a percent adds nothing up
            return first[1], op, second[1]
    if _PERCENT_OF.match(between) and "percent" in (kinds[first[1]], kinds[second[1]]):
        return first[1], "*", second[1]
    return None


def _cell(sheet: Any, at: int) -> Decimal:
    return Decimal(str(sheet.lines[at].cells[sheet.amount]))


def _computed(sheet: Any, a: int, op: str, b: int, fmt: str | None = None) -> tuple[Any, str, str] | None:
    """(cached value, Excel template, format) of line a op line b, as LibreOffice recomputes it; None for a zero
    divisor. `fmt` is the format of the fact the row computes, where it is one (a multiple, not a share)."""
    x, y = _cell(sheet, a), _cell(sheet, b)
    fa, fb = sheet.lines[a].format, sheet.lines[b].format
    if op == "/" and y == 0:
        return None
    value = {"/": lambda: x / y, "*": lambda: x * y, "-": lambda: x - y}[op]()
    if fmt is not None:
        pass
    elif op == "-":
        fmt = fa or fb or "number"
    elif op == "/" and fa == fb == "money":
        fmt = "percent"  # a share of one amount in another
    elif "money" in (fa, fb):
        fmt = "money"
    else:
        fmt = "number"
    template = "{%d}%s{%d}" % (a, op, b)
    if op in "*/":
        places = _PLACES.get(fmt, 2)
        try:
            value = value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
        except InvalidOperation:
            return None
        template = f"ROUND({template},{places})"
    number = int(value) if value == value.to_integral_value() and fmt != "percent" else float(value)
    return number, template, fmt


# A row that states what the figures above it decide; and the words of a figure that the others must reach.
_RESULT = re.compile(r"(?:result|outcome)$", re.I)
_NEEDED = re.compile(r"\b(?:needed|required|minimum|threshold)\b", re.I)


def _tested(sheet: Any, figures: list[int]) -> tuple[int, int, bool] | None:
    """(figure line, bound line, whether it reaches the bound) where the sheet's figure rows hold one bound to reach
    ('Majority needed') and, after it or before, one other figure of its format that is not worked into it; else
    None."""
    bounds = [i for i in figures if _NEEDED.search(str(sheet.lines[i].cells[sheet.label]))]
    if len(bounds) != 1:
        return None
    bound = bounds[0]
    fmt = sheet.lines[bound].format
    used = {int(n) for n in re.findall(r"\{(\d+)\}", sheet.lines[bound].formula or "")}
    others = [i for i in figures if i != bound and i not in used and sheet.lines[i].format == fmt
              and isinstance(sheet.lines[i].cells[sheet.amount], (int, float))]
    if len(others) != 1:
        return None
    return others[0], bound, _cell(sheet, others[0]) >= _cell(sheet, bound)


# A rule that a figure must pass its bound, not merely reach it ('more than three-quarters', art. 629 TRLC): the
# comparison is strict. In each locale the room writes.
_STRICT = re.compile(r"\b(?:more than|greater than|in excess of|exceeds?|exceeding|m[aá]s de|m[aá]s del|superior(?:es)? a|"
                     r"plus de|plus des|sup[ée]rieure? [àa]|mehr als|pi[uù] di|pi[uù] del|superiore a|mais de|mais do)\b",
                     re.I)
# ... and a rule whose bound is reached when it is met ('at least', 'not less than'): that one is not strict
_AT_LEAST = re.compile(r"\b(?:at least|not less than|or more|no less than|al menos|como m[ií]nimo|au moins|"
                       r"mindestens|almeno|pelo menos)\b", re.I)


def strict_bound(ledger: Any, sheet: Any, bound: int) -> bool:
    """Whether the figure must exceed the bound on line `bound` (not merely reach it): read from the rule of the
    bound's fact, else of the facts its formula reads (blind read 36: a vote tracker tested '>=' where art. 629 TRLC
    requires more than three-quarters)."""
    line = sheet.lines[bound]
    reads = [int(n) for n in re.findall(r"\{(\d+)\}", line.formula or "")]
    fids = [line.fact] + [sheet.lines[i].fact for i in reads]
    for fid in fids:
        fact = ledger.facts.get(fid or "")
        if fact is None:
            continue
        rule = f"{fact.label or ''} {fact.statement or ''}"
        strict, loose = _STRICT.search(rule), _AT_LEAST.search(rule)
        if strict or loose:
            return bool(strict) and not loose
    return False


def _fact_format(ledger: Any, fid: str | None) -> str | None:
    """The line format a fact's own value asks for (money, percent, a multiple or a plain number), or None."""
    q = quantity_of(ledger.value(fid)) if fid is not None else None
    if q is None:
        return None
    if q.kind in ("money", "percent"):
        return q.kind
    return "multiple" if q.unit == "x" else "number"


def _rest(text: str, used: str | None, value_of: Any) -> str:
    """The point's text, its facts written as the ledger has them on the sheet's day, less the figure the row's
    amount cell already shows."""
    if used is not None:
        text = re.sub(r"[\s,;:]*\{%s\}[\s,;:]*" % re.escape(used), " ", text, count=1)
    text = PLACEHOLDER.sub(lambda m: _written(value_of(m[1]), text[m.end():]), text)
    return cap_first(" ".join(text.split()).strip(" ,;:")) if text.strip(" ,;:") else ""


def _written(value: str, after: str) -> str:
    """A count as the point writes it: '{units} trams' gives '24 trams', not '24 trams trams'."""
    head, _, unit = value.partition(" ")
    if unit and re.match(r"\s*" + re.escape(unit) + r"\b", after, re.I) and re.fullmatch(r"[\d.,\s\u00a0]+", head):
        return head
    return value


def _computes(sheet: Any, ledger: Any, a: str, b: str, amount: Any) -> str | None:
    """The fact the sheet carries that a point's row over `a` and `b` computes: one whose ledger formula reads just
    those two and whose value on the sheet's day is the row's, not laid out yet. The row is that fact's line, so it
    is not laid out again below (blind read 34: 'Principal upheld' and 'Principal remaining' both =B2-B3; 'the
    first-offer cost appears twice'; 'the severance once as a formula and once hard-coded')."""
    for fid in sheet.spec.facts:
        fact = ledger.facts.get(fid)
        if fact is None or not fact.formula or fid in sheet.at or set(references(fact.formula)) != {a, b}:
            continue
        q = quantity_of(ledger.value(fid))
        if q is None:
            continue
        want = q.amount / 100 if q.kind == "percent" else q.amount
        if abs(Decimal(str(amount)) - want) <= Decimal("0.005"):
            return fid
    return None


def point_lines(sheet: Any, ledger: Any, points: list[str], label: dict[str, str], place: Any) -> int | None:
    """Lay each point out as the row it asks for, in the order written; the bottom line (the last row with a figure,
    a computed one first), or None. `place` lays a fact's line as the skeleton does (its inputs first where it
    computes)."""
    by_point: set[int] = set()  # lines a point labelled: a later point naming their fact reads them back

    def value_of(fid: str) -> str:
        value = ledger.value(fid)
        return render_value(value, ledger.locale) if value is not None else label.get(fid, fid)

    def line_of(fid: str) -> int:
        """The fact's line, laid out where missing."""
        return sheet.at[fid] if fid in sheet.at else place(sheet, ledger, fid, label)

    figures: list[int] = []
    computed: list[int] = []
    for raw in points:
        point = parse_point(raw)
        kinds = {}
        for fid in point.fact_ids:
            q = quantity_of(ledger.value(fid)) if fid in ledger.facts else None
            if q is not None:
                kinds[fid] = q.kind if q.kind in ("money", "percent") else "number"
        heading = point.heading
        # a bare 'Total' row is read as the sum of every amount above it (check total_only_over_parts): the row is
        # named for what it totals ('Total liabilities'), as a schedule names its bottom line
        bare_total = heading is not None and heading.strip().lower() in _BARE_TOTALS
        worked = _operation(point.text, list(point.fact_ids), kinds)
        if worked is not None:
            a, op, b = worked
            at_a, at_b = line_of(a), line_of(b)
            done = _computed(sheet, at_a, op, at_b)
            if done is not None:
                amount, template, fmt = done
                named = f"{cap_first(label[a])}{_WORDS[op]}{label[b]}"
                same = _computes(sheet, ledger, a, b, amount)
                own = _fact_format(ledger, same)
                if own is not None and own != fmt:
                    # money over money is a share unless the ledger says it is a multiple or a plain ratio
                    # (blind read 36: net leverage 7.25x printed '725.00%' beside its covenant '5.5')
                    amount, template, fmt = _computed(sheet, at_a, op, at_b, own) or done
                row = sheet.add(f"{heading}: {named}" if bare_total else heading or named, role="derived",
                                amount=amount, fmt=fmt, formula=template, note=_rest(point.text, None, value_of),
                                fact=same)
                by_point.add(row)
                figures.append(row)
                computed.append(row)
                continue
        numeric = [f for f in point.fact_ids if f in kinds]
        if not numeric:
            tested = _tested(sheet, figures) if heading and _RESULT.match(heading.strip()) else None
            if tested is not None:
                # a result the rows above decide is worked out from them, not typed in (blind read 36: a vote
                # tracker's 'result is typed in rather than calculated')
                at, bound, reached = tested
                from worldsmith.generators.kinds.spreadsheet.promise import MET, NOT_MET

                cmp = ">" if strict_bound(ledger, sheet, bound) else ">="
                if cmp == ">":
                    reached = reached and _cell(sheet, at) > _cell(sheet, bound)
                row = sheet.add(heading, role="derived", amount=MET if reached else NOT_MET,
                                formula='IF({%d}%s{%d},"%s","%s")' % (at, cmp, bound, MET, NOT_MET),
                                note=_rest(point.text, None, value_of))
            else:
                row = sheet.add(heading or _rest(point.text, None, value_of), role="key",
                                note=_rest(point.text, None, value_of) if heading else "")
            by_point.add(row)
            continue
        # the fact the heading names, else the first figure ('Permitted deductions: of {claimed} claimed,
        # {permitted} are permitted' is the permitted deductions' row, not the claimed amount's: issue 17)
        named = [f for f in numeric if heading and label[f].strip().lower() == heading.strip().lower()]
        fid = (named or numeric)[0]
        text = heading or cap_first(label[fid])
        if bare_total:
            text = cap_first(label[fid]) if re.search(r"\btotal", label[fid], re.I) else f"{heading} {label[fid]}"
        note = _rest(point.text, fid, value_of)
        if fid in sheet.at and sheet.at[fid] in by_point:
            # a figure an earlier point already shows: this row reads its cell back, never types it again
            at = sheet.at[fid]
            amount, fmt = sheet.lines[at].cells[sheet.amount], sheet.lines[at].format
            row = sheet.add(text, role="derived", amount=amount, fmt=fmt, formula="{%d}" % at, note=note)
        else:
            row = line_of(fid)
            line = sheet.lines[row]
            line.cells[sheet.label] = text
            if note:
                # the expert's basis, then where the figure is read from or how it is computed, so the row still ties
                # to the paper that sets it out
                was = line.cells[sheet.note]
                line.cells[sheet.note] = note if not was else f"{note} ({was})" if line.role == "derived" else \
                    f"{note}; {was[:1].lower() + was[1:] if was.startswith('As at') else was}"
        by_point.add(row)
        figures.append(row)
        if sheet.lines[row].role == "derived":
            computed.append(row)
    if computed:
        return computed[-1]
    return figures[-1] if figures else None


# a tracker of what is paid or done against a total (blind read 35: 'The tracker leaves "Former employees not yet
# reached" blank; it never computes the 2,872,700 outstanding'): its paid line, and the line of what is left
_TRACKER = re.compile(r"\b(?:tracker|tracking|payments?\s+(?:schedule|log|status))\b", re.I)
_PAID = re.compile(r"\b(?:paid|payments? made|settled|disbursed|drawn|spent|received)\b", re.I)
_LEFT = re.compile(r"\b(?:not yet|outstanding|remaining|remainder|unpaid|balance|yet to|to be paid|unclaimed|owing|"
                   r"still owed)\b", re.I)


def remainder_line(sheet: Any, ledger: Any) -> int | None:
    """A tracker's remainder: its total less what is paid to date by a live formula, on the line its points give what
    is left ('Former employees not yet reached'), else on a line of its own beneath; the line, or None where the
    sheet is no tracker, carries no paid and total figures of one currency, or already works the remainder out."""
    if not _TRACKER.search(sheet.spec.title):
        return None
    money = [(i, ln) for i, ln in enumerate(sheet.lines) if ln.fact and ln.format == "money"
             and isinstance(ln.cells[sheet.amount], (int, float))]
    paid = [(i, ln) for i, ln in money if _PAID.search(f"{ln.cells[sheet.label]} {ledger.facts[ln.fact].statement}")]
    if not paid:
        return None
    p, paid_line = paid[-1]
    over = [(i, ln) for i, ln in money if i != p and ln.cells[sheet.amount] > paid_line.cells[sheet.amount]]
    totals = [(i, ln) for i, ln in over if re.search(r"\btotal\b", ln.cells[sheet.label] or "", re.I)] or over
    if not totals:
        return None
    t, total_line = max(totals, key=lambda x: x[1].cells[sheet.amount])
    if any(ln.formula and {f"{{{t}}}", f"{{{p}}}"} <= set(re.findall(r"\{\d+\}", ln.formula)) for ln in sheet.lines):
        return None
    amount = Decimal(str(total_line.cells[sheet.amount])) - Decimal(str(paid_line.cells[sheet.amount]))
    amount = int(amount) if amount == amount.to_integral_value() else float(amount)
    how = f"{total_line.cells[sheet.label]} less {str(paid_line.cells[sheet.label])[:1].lower()}" \
          f"{str(paid_line.cells[sheet.label])[1:]}"
    left = next((i for i, ln in enumerate(sheet.lines) if i > p and ln.role == "key" and not ln.fact
                 and ln.cells[sheet.amount] is None and _LEFT.search(ln.cells[sheet.label] or "")), None)
    if left is None:
        return sheet.add("Outstanding", role="derived", amount=amount, fmt="money", formula="{%d}-{%d}" % (t, p),
                         note=how)
    ln = sheet.lines[left]
    ln.role, ln.format, ln.formula = "derived", "money", "{%d}-{%d}" % (t, p)
    ln.cells[sheet.amount] = amount
    was = ln.cells[sheet.note]
    ln.cells[sheet.note] = f"{how}; {was[:1].lower()}{was[1:]}" if was else how
    return left


def working_list(title: str) -> dict | None:
    """The working list a sheet's title names (a request list), from bank sheets.working_lists; None for any other."""
    name = sheet_words(title).lower()
    for data in bank("sheets")["working_lists"].values():
        if any(re.search(rf"\b{re.escape(w)}\b", name) for w in data["match"]):
            return data
    return None


def list_cells(sheet: Any, listed: dict, start: dt.date | None = None) -> None:
    """A working list's own cells beside each point's row: its number, the day it is asked (the list's), its state
    from the point's words ('requested, subject to the refiner's consent' is Requested, and its detail 'Subject to the
    refiner's consent'). A point too long for a heading gives its item before its first colon. The requests were asked
    on the list's first day: its own where it is dated soon after the matter opens (`start`), else some weeks before;
    a state that needs more days after the ask than the list's day gives is still the open one, and the detail says
    no state beside the column's (blind read 35: asked on 5 March and 'Received' on 5 March, 'Received' beside a
    detail 'partly received')."""
    _categories(sheet)
    roles = sheet.roles
    at = {r: i for i, r in enumerate(roles)}
    states = [(st[0], st[1], int(st[2]) if len(st) > 2 else 0) for st in listed.get("statuses") or []]
    day = sheet.spec.date
    asked = day
    if start is not None and (day - start).days >= int(listed.get("issued_after") or 0) and listed.get("first"):
        asked = max(start, day - dt.timedelta(days=int(listed["first"])))
    n = 0
    for ln in sheet.lines:
        if ln.role == "heading":
            continue
        n += 1
        label, note = ln.cells[sheet.label] or "", ln.cells[sheet.note] or ""
        if not note and ": " in label:
            label, note = label.split(": ", 1)
            ln.cells[sheet.label], ln.cells[sheet.note] = label.strip(), cap_first(note.strip())
        said = f"{label} {ln.cells[sheet.note] or ''}"
        found = next((st for st in states if re.search(rf"\b(?:{st[0]})\b", said, re.I)), None)
        state = found[1] if found else listed.get("open")
        if found is not None and (day - asked).days < found[2]:
            state = listed.get("open")  # not yet: asked too lately for it to be in, or chased
        if found is not None and isinstance(ln.cells[sheet.note], str):
            # the state has its column: the detail does not say it again, first or as a clause of its own
            words = rf"\b(?:{found[0]})\b"
            rest = re.sub(rf"^{words}[,;:]?\s*", "", ln.cells[sheet.note], flags=re.I)
            rest = re.sub(rf"\s*[;,]\s*{words}(?=\s*(?:[;,.]|$))", "", rest, flags=re.I).strip(" ;,")
            ln.cells[sheet.note] = cap_first(rest) if rest else None
        if "seq" in at:
            ln.cells[at["seq"]] = n
        if "asked" in at:
            ln.cells[at["asked"]] = asked.isoformat()
        if "status" in at:
            ln.cells[at["status"]] = state
        granted = _GRANTED.search(said)
        if "days" in at and granted:
            ln.cells[at["days"]] = int(granted[1] or granted[2])


# A point's heading that files its item under a head of the list ('Financial', 'Tax', 'Legal and regulatory'), not the
# item itself: one or two words, the second maybe after 'and'
_HEAD = re.compile(r"^[A-Z][\w-]+(?:\s+(?:and\s+|&\s+)?[\w-]+)?$")


def _categories(sheet: Any) -> None:
    """A list whose points file each item under a head ('Financial: audited accounts 2023 to 2025; owner the CFO')
    says the item in its Request column and the head in a Category column beside the number, the rest of the point
    its detail (blind read 35b: 'The Request column holds only the category'). Nothing changes where any item's
    heading is the item itself ('Board minutes for 2025: received in part')."""
    lines = [ln for ln in sheet.lines if ln.role != "heading"]
    if "category" in sheet.roles or not lines:
        return
    split = []
    for ln in lines:
        label, note = ln.cells[sheet.label] or "", ln.cells[sheet.note] or ""
        if not note and ": " in label:
            label, note = (x.strip() for x in label.split(": ", 1))
        first, _, rest = note.partition("; ")
        if not _HEAD.match(label) or len(first.split()) < 3:
            return
        # ('owner the CFO' reads as a field of the detail: 'Owner: the CFO')
        rest = re.sub(r"^owner\s+(?=the\b|[A-Z])", "Owner: ", rest.strip(), flags=re.I)
        split.append((label, cap_first(first.strip()), cap_first(rest) if rest else None))
    at = 1 if sheet.roles and sheet.roles[0] == "seq" else 0
    sheet.columns.insert(at, SheetColumn(name="Category", type="text"))
    sheet.roles.insert(at, "category")
    for ln in sheet.lines:
        ln.cells.insert(at, None)
    sheet.label, sheet.amount, sheet.note = (sheet.roles.index(r) for r in ("label", "amount", "note"))
    for ln, (head, item, rest) in zip(lines, split):
        ln.cells[at], ln.cells[sheet.label], ln.cells[sheet.note] = head, item, rest


# '21 days granted', 'extension of 14 days': the days a change or claim was given
_GRANTED = re.compile(r"\b(\d+)\s+(?:calendar\s+|working\s+)?days?\s+(?:granted|extended|awarded|approved|agreed)\b"
                      r"|\b(?:granted|extension of|extended by)\s+(\d+)\s+(?:calendar\s+|working\s+)?days?\b", re.I)


_BAND = re.compile(r"\b(\d{1,2})\s*[-\u2013]\s*(\d{1,2})\b|\b(\d{1,2})\s+and\s+(?:over|older|above)\b", re.I)
_NONE = re.compile(r"^\s*(?:none|no|nil|not applicable)\b", re.I)


def population_lines(sheet: Any, ledger: Any, listed: dict) -> int | None:
    """A selection or population list: each category a point names (a line of words), by the age groups its point
    gives, holding its share of the ledger's count, whole; the count's own line their live SUM beneath them (role
    total). Lines whose words say there are none ('Exemptions: none claimed') follow as words. The total's line, or
    None where the sheet carries no count or names no category (then nothing changes)."""
    from decimal import Decimal as D

    from worldsmith.generators.skeleton import split_cents
    from worldsmith.worlds.values import Number

    counts = [ln for ln in sheet.lines if ln.fact and isinstance(ledger.value(ln.fact), Number)]
    groups = [ln for ln in sheet.lines if ln.role == "key" and ln.fact is None and not _NONE.match(ln.cells[sheet.note] or "")]
    value = ledger.value(counts[0].fact) if counts else None
    if value is None or len(groups) < 2 or value.value != value.value.to_integral_value() or value.value < len(groups):
        return None
    band = sheet.roles.index("band")
    total, rng = D(value.value), sheet.rng
    bands = {id(g): [" ".join(m[0].split()) for m in _BAND.finditer(g.cells[sheet.note] or "")] for g in groups}
    # (near even: a category of one and another of forty read as a draw, not a workforce)
    shares = split_cents(total, len(groups), rng, sigma=0.3, unit=D(1))
    count = counts[0]
    rest = [ln for ln in sheet.lines if ln is not count and ln not in groups]
    sheet.lines, sheet.at = [], {}
    for g, share in zip(groups, shares):
        ages = bands[id(g)] if len(bands[id(g)]) > 1 and share >= len(bands[id(g)]) else [None]
        parts = split_cents(share, len(ages), rng, sigma=0.3, unit=D(1)) if len(ages) > 1 else [share]
        for k, (age, part) in enumerate(zip(ages, parts)):
            sheet.add(g.cells[sheet.label], role="item", amount=int(part), fmt="number",
                      note=g.cells[sheet.note] if k == 0 else "", extra={band: age} if age else None)
    items = len(sheet.lines)
    sheet.columns[sheet.amount] = sheet.columns[sheet.amount].model_copy(update={"name": cap_first(count.cells[sheet.label])})
    at = sheet.add(f"Total: {count.cells[sheet.label][:1].lower()}{count.cells[sheet.label][1:]}", role="total",
                   amount=int(total), fmt="number", fact=count.fact, formula="SUM({0}:{%d})" % (items - 1),
                   note=count.cells[sheet.note] or "")
    for ln in rest:
        sheet.lines.append(ln)
        if ln.fact and ln.role in ("input", "derived", "subtotal", "total"):
            sheet.at[ln.fact] = len(sheet.lines) - 1
    return at


_COUNTED = re.compile(r"\b(\d{1,3}(?:,\d{3})*|\d+)\s+([a-z][a-z-]+)\b")
_FOR = r"\s+(?:for|on|in|of|covering)\s+(?:the\s+)?(?:every|each|all|\d[\d,]*)\b"


def coverage_lines(sheet: Any, ledger: Any, listed: dict) -> int | None:
    """An evidence or coverage matrix: the population its points count (the first count a point writes, '412
    invoices of the three suppliers'), then, for each kind of evidence a point names ('CT-e for 375 invoices; gate
    logs ... for the 37 collected'), how many of the population it covers: all of it where the point says every one,
    the count it writes, else none; a test whose evidence comes in several groups sums them by a live formula. The
    first line of the population, or None where no point counts one (then nothing changes)."""
    evidence = sheet.roles.index("evidence")
    found = next(((ln, m) for ln in sheet.lines for m in [_COUNTED.search(ln.cells[sheet.note] or "")]
                  if m is not None and int(m[1].replace(",", "")) >= 2), None)
    if found is None:
        return None
    head, m = found
    n, noun = int(m[1].replace(",", "")), m[2]
    one = noun[:-1] if noun.endswith("s") else noun
    every = re.compile(rf"\b(?:every|each|all(?:\s+the)?)\s+(?:{re.escape(one)}|{re.escape(noun)})\b", re.I)
    old = [ln for ln in sheet.lines if ln is not head]
    sheet.lines, sheet.at = [], {}
    # the population: how many the sheet covers, the point's words for them, and the figure and paper it gives (the
    # ledger's figure in words: the count has its column)
    parts = [p.strip() for p in re.split(r";\s+", head.cells[sheet.note] or "") if p.strip()]
    named = next((p for p in parts if _COUNTED.search(p)), f"{n:,} {noun}")
    figure = render_value(ledger.value(head.fact), ledger.locale) if head.fact and ledger.value(head.fact) else ""
    basis = "; ".join([figure] * bool(figure) + [p for p in parts if p != named])
    at = sheet.add(cap_first(head.cells[sheet.label] or ""), role="key", amount=n, fmt="number", note=basis,
                   extra={evidence: cap_first(named)})
    for ln in old:
        if ln.role != "key" or ln.fact is not None:
            sheet.lines.append(ln)
            continue
        rows, words = [], []
        for part in [p.strip() for p in re.split(r";\s+", ln.cells[sheet.note] or "") if p.strip()]:
            count = n if every.search(part) else None
            if count is None:
                c = re.search(r"\b(\d{1,3}(?:,\d{3})*|\d+)\b", part)
                count = int(c[1].replace(",", "")) if c and 0 < int(c[1].replace(",", "")) <= n else None
            if count is None:
                words.append(part)
                continue
            name = re.split(_FOR, part, maxsplit=1, flags=re.I)
            # what the point says beyond the count the row shows ('for the 37 collected by our own trucks' keeps
            # 'The 37 collected by our own trucks'; 'for every invoice, with the lot numbers' keeps 'With the lot
            # numbers')
            rest = re.sub(r"^(?:for|on|in|of|covering)\s+", "", part[len(name[0]):].strip(" ,"), flags=re.I)
            rest = re.sub(rf"^(?:the\s+)?(?:every|each|all|\d[\d,]*)\s+(?:{re.escape(one)}|{re.escape(noun)})\b[,;\s]*",
                          "", rest, flags=re.I)
            rows.append((cap_first(name[0].strip(" ,")), count, rest))
        if not rows:
            # evidence the point does not count: what is held, in words
            sheet.add(ln.cells[sheet.label], role="key", extra={evidence: ln.cells[sheet.note] or None})
            continue
        first = len(sheet.lines)
        for k, (name, count, rest) in enumerate(rows):
            basis = "; ".join(cap_first(x) for x in ([rest] if rest else []) + (words if k == len(rows) - 1 else []))
            sheet.add(ln.cells[sheet.label], role="item", amount=count, fmt="number", note=basis,
                      extra={evidence: name})
        if len(rows) > 1 and sum(c for _, c, _ in rows) <= n:
            sheet.add(f"{ln.cells[sheet.label]}, in all", role="derived", amount=sum(c for _, c, _ in rows),
                      fmt="number", formula="SUM({%d}:{%d})" % (first, len(sheet.lines) - 1),
                      note=f"Of the {n:,} {noun}")
    return at


def _counted(text: str, unit: str) -> list[tuple[re.Match, int]]:
    """The counts of `unit` a text writes ('41 days', '33 calendar days'): each match and its number."""
    one = unit[:-1] if unit.endswith("s") else unit
    pattern = rf"\b(\d{{1,3}}(?:,\d{{3}})*|\d+)\s+(?:calendar\s+|working\s+)?(?:{re.escape(one)}s?)\b"
    return [(m, int(m[1].replace(",", ""))) for m in re.finditer(pattern, text, re.I)]


def parts_in_words(sheet: Any, ledger: Any) -> int | None:
    """Rows whose words count what a figure of the sheet counts ('Fragnet 1, imaging suite redesign: owner-caused,
    critical path, 41 days' beside 'Excusable compensable delay: {excusable_days}' of 74 days) hold their counts as
    figures, and where they sum to that figure exactly its line is their live sum (role total), no longer a typed
    number; a larger figure of the same unit the sum is a share of ('Total delay' of 98 days) gets the balance beside
    it by a live formula, so no day is left unassigned (blind read 35b: 'The apportionment doesn't reconcile: 98 total,
    74 owner, 24 days not assigned. The fragnet days are text and 74 is typed, not summed'). The total's line, or None
    where no rows' counts sum to a figure (then nothing changes)."""
    from worldsmith.worlds.values import Number

    figures = [(i, ln) for i, ln in enumerate(sheet.lines) if ln.fact and ln.role == "input"
               and isinstance(ledger.value(ln.fact), Number) and ledger.value(ln.fact).unit
               and isinstance(ln.cells[sheet.amount], (int, float))]
    for at, line in figures:
        unit = ledger.value(line.fact).unit
        parts = []
        for i, ln in enumerate(sheet.lines):
            if ln.role != "key" or ln.fact or ln.cells[sheet.amount] is not None:
                continue
            words = f"{ln.cells[sheet.label] or ''} {ln.cells[sheet.note] or ''}"
            found = _counted(words, unit)
            if len(found) == 1:
                parts.append((i, found[0][1]))
        if len(parts) < 2 or sum(n for _, n in parts) != line.cells[sheet.amount]:
            continue
        for i, n in parts:
            ln = sheet.lines[i]
            ln.role, ln.format, ln.cells[sheet.amount] = "item", "number", n
            note = ln.cells[sheet.note] or ""
            said = _counted(note, unit)
            if said:
                # the count has its cell: the words keep what else they say ('Owner-caused, critical path')
                m = said[0][0]
                note = f"{note[:m.start()].rstrip(' ,;:')} {note[m.end():].lstrip(' ,;:')}"
                ln.cells[sheet.note] = cap_first(" ".join(note.split()).strip(" ,;:")) or None
        line.role, line.formula = "total", "+".join("{%d}" % i for i, _ in parts)
        was = line.cells[sheet.note] or ""
        named = " + ".join(str(sheet.lines[i].cells[sheet.label]) for i, _ in parts)
        line.cells[sheet.note] = f"{named}; {was[:1].lower()}{was[1:]}" if was else named
        bigger = [(i, ln) for i, ln in figures if i != at and ledger.value(ln.fact).unit == unit
                  and ln.cells[sheet.amount] > line.cells[sheet.amount]]
        if len(bigger) == 1:
            b, big = bigger[0]
            balance = big.cells[sheet.amount] - line.cells[sheet.amount]
            how = f"{big.cells[sheet.label]} less {str(line.cells[sheet.label])[:1].lower()}" \
                  f"{str(line.cells[sheet.label])[1:]}"
            # (below the sheet's lines: a line put between them would move the rows their formulas read)
            sheet.add(f"{big.cells[sheet.label]} not apportioned above", role="derived", amount=balance,
                      fmt="number", formula="{%d}-{%d}" % (b, at), note=how)
        return at
    return None


# a rule that counts a date from an earlier one in calendar days ('56 days from receipt'), in each locale the room
# writes; business days are not counted here (a locale's holidays decide them)
_DAYS_FROM = re.compile(r"\b(\d{1,3})\s+(?:calendar\s+|clear\s+)?(?:days?|d[ií]as(?:\s+naturales)?|jours(?:\s+calendaires)?|"
                        r"Tagen?|giorni|dias(?:\s+corridos)?)\s+(?:from|after|of|since|desde|a contar|tras|à compter|"
                        r"apr[eè]s|nach|ab|dal|dalla|dopo|ap[oó]s|a partir)\b", re.I)


def dates_in(text: str, locale: str) -> list[dt.date]:
    """The days a text writes out as the room writes dates in its locale (or as ISO dates), in the order written."""
    from worldsmith.generators.compose.text import long_date

    found = [(m.start(), dt.date.fromisoformat(m[0])) for m in re.finditer(r"\b\d{4}-\d{2}-\d{2}\b", text)
             if _iso(m[0])]
    for year in dict.fromkeys(int(y) for y in re.findall(r"\b(?:19|20)\d{2}\b", text)):
        day = dt.date(year, 1, 1)
        while day.year == year:
            for m in re.finditer(re.escape(long_date(day, locale)) + r"(?!\w)", text):
                if m.start() == 0 or not text[m.start() - 1].isalnum():
                    found.append((m.start(), day))
            day += dt.timedelta(days=1)
    return [d for _, d in sorted(found)]


def _iso(text: str) -> bool:
    try:
        dt.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _leading_date(text: str, locale: str) -> tuple[dt.date, str] | None:
    """(the date the text opens with, as the room writes dates in its locale or as an ISO date, and the rest of the
    text), or None."""
    from worldsmith.generators.compose.text import long_date

    text = text.strip()
    iso = re.match(r"(\d{4}-\d{2}-\d{2})\b", text)
    if iso:
        try:
            return dt.date.fromisoformat(iso[1]), text[iso.end():]
        except ValueError:
            return None
    for year in dict.fromkeys(int(y) for y in re.findall(r"\b(?:19|20)\d{2}\b", text[:40])):
        day = dt.date(year, 1, 1)
        while day.year == year:
            written = long_date(day, locale)
            if text.startswith(written) and not text[len(written):len(written) + 1].isalnum():
                return day, text[len(written):]
            day += dt.timedelta(days=1)
    return None


def date_cells(sheet: Any, ledger: Any) -> bool:
    """A sheet of dates and no figures (a timetable of key dates) holds each row's date in a date column, not in its
    words, and a date a rule counts from an earlier row's ('56 days from receipt') as a live formula over that row's
    cell (blind read 36: '"Value" column empty throughout; dates typed as prose in "Basis"; nothing computed, not even
    14 Aug + 56 days'). Whether the sheet's figure column became its date column."""
    if any(ln.formula or isinstance(ln.cells[sheet.amount], (int, float)) for ln in sheet.lines):
        return False
    found: dict[int, tuple[dt.date, str]] = {}
    for i, ln in enumerate(sheet.lines):
        note = ln.cells[sheet.note]
        if ln.role == "heading" or not isinstance(note, str):
            continue
        got = _leading_date(note, ledger.locale)
        if got is not None:
            found[i] = got
    if not found:
        return False
    from worldsmith.generators.compose.text import cap_first as _cap

    sheet.columns[sheet.amount] = SheetColumn(name="Date", type="date")
    dates = {fid: ledger.value(fid).value for fid in sheet.spec.facts
             if isinstance(getattr(ledger.value(fid), "value", None), dt.date)}
    for i, (day, rest) in found.items():
        ln = sheet.lines[i]
        rest = rest.strip(" ,;:.")
        ln.cells[sheet.amount] = day.isoformat()
        ln.cells[sheet.note] = _cap(rest) if rest else None
        fact = next((fid for fid, d in dates.items() if d == day and fid not in sheet.at), None)
        rule = _DAYS_FROM.search(rest)
        earlier = [k for k in found if k < i and found[k][0] + dt.timedelta(days=int(rule[1])) == day] if rule else []
        if earlier:
            ln.role, ln.formula = "derived", "{%d}+%d" % (earlier[-1], int(rule[1]))
        if fact is not None and not earlier:
            # (a counted date is the ledger's by the rule, not a derived figure check derived_fact_computed can read)
            ln.fact = fact
            sheet.at[fact] = i
    return True

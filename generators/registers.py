"""Registers by their genre: a billing register lists every claim up to the latest the ledger names, a claims list
each claim's claimed, admitted and rejected amounts.

A register's title promises its rows (blind read 28: 'a "progress billing" register with no progress claims,
payments or unpaid balances'). The genre is read from the title's head noun and its object (a small table, never an
outline's words); the rows are the engine's entries (sheet_lines role 'item', never facts), laid out to make up the
ledger's figures exactly: each numbered claim the ledger holds as unpaid is unpaid at its figure, the claims' certified
amounts add up to the work certified by a live SUM, their holdback to the holdback retained, and each row's
outstanding balance is a live formula (certified less holdback less paid). A list of creditors or claims whose total
is an admitted figure of the ledger ('a list of creditors with no claimed / admitted / rejected columns') sets each
claim's claimed amount beside its admitted one, the rejected part by a live formula.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from decimal import Decimal
from typing import Any

from worldsmith.worlds.content import SheetColumn
from worldsmith.worlds.plan import SheetLine
from worldsmith.worlds.values import Money

# a register's head noun, and what its rows are: (genre, the head nouns, the words of what it registers)
GENRES = (
    ("billing", r"register|log|schedule|ledger|tracker|statement", r"billings?|payments?|progress claims?|"
                                                                    r"payment applications?|valuations?|invoices?"),
    ("claims", r"list|register|schedule|table|statement", r"creditors?|claims|proofs? of debt"),
)
# (not 'allowed' or 'accepted': laytime allowed, costs accepted are no verification of a claim)
_ADMITTED = re.compile(r"\badmitted\b", re.I)
# a numbered claim the ledger holds as unpaid ('progress claim 17 unpaid', 'payment application 4 outstanding')
_CLAIM = re.compile(r"\b(?:claim|application|invoice|certificate|valuation)\s+(?:no\.?\s*)?(\d{1,3})\b", re.I)
_UNPAID = re.compile(r"\b(?:unpaid|outstanding|overdue|due|owing)\b", re.I)
_CERTIFIED = re.compile(r"\bcertified\b", re.I)
_HOLDBACK = re.compile(r"\b(?:holdback|retention|retainage)\b", re.I)
_TO_DAY = re.compile(r"\bto\s+(\w+ \d{1,2}, \d{4}|\d{1,2} \w+ \d{4})")


def register_genre(title: str) -> str:
    """The register genre a title names ('Progress billing and holdback register' -> 'billing'), '' where none."""
    for genre, heads, objects in GENRES:
        if re.search(rf"\b(?:{heads})\b", title, re.I) and re.search(rf"\b(?:{objects})\b", title, re.I):
            return genre
    return ""


def _unpaid_claims(ledger: Any) -> dict[int, str]:
    """The ledger's numbered claims held as unpaid, by number: money facts whose label names a claim and that it is
    unpaid."""
    out = {}
    for fid, fact in ledger.facts.items():
        m = _CLAIM.search(fact.label or "")
        if m and _UNPAID.search(fact.label or "") and isinstance(fact.value, Money) and not ledger.computes(fid):
            out[int(m.group(1))] = fid
    return out


def _month_end(day: dt.date, back: int) -> dt.date:
    """The last day of the month `back` months before `day`'s month."""
    y, m = divmod(day.year * 12 + day.month - 1 - back, 12)
    first_next = dt.date(y + (m + 1) // 12, (m + 1) % 12 + 1, 1)
    return first_next - dt.timedelta(days=1)


def _period_end(ledger: Any, claims: dict[int, str], last: int) -> dt.date:
    """The day the latest claim's work runs to: as a named claim's statement gives it ('work to February 28, 2026'),
    counted on by months, else the month end before the sheet's day."""
    for n, fid in sorted(claims.items(), reverse=True):
        m = _TO_DAY.search(ledger.facts[fid].statement or "")
        if m is None:
            continue
        for fmt in ("%B %d, %Y", "%d %B %Y"):
            try:
                day = dt.datetime.strptime(m.group(1), fmt).date()
            except ValueError:
                continue
            return _month_end(day, n - last)
    return _month_end(ledger.day, 1)


def billing_rows(sheet: Any, ledger: Any, label: dict[str, str]) -> tuple[bool, int | None]:
    """A billing register's claims, one row each up to the latest the ledger names: certified, holdback, paid and
    the outstanding balance by a live formula; the certified amounts' live SUM is the work certified the sheet
    carries. Returns whether it laid the rows and the line of that total (None where the ledger computes it below);
    nothing is laid where the ledger names no unpaid claim or the sheet carries no
    certified figure (the register is then laid out as before)."""
    from worldsmith.generators.skeleton import _num, split_cents

    spec, rng = sheet.spec, sheet.rng
    carried = [f for f in spec.facts if isinstance(ledger.value(f), Money)]
    claims = _unpaid_claims(ledger)
    certified = next((f for f in carried if _CERTIFIED.search(ledger.facts[f].label or "")
                      and not _HOLDBACK.search(ledger.facts[f].label or "")), None)
    if not claims or certified is None:
        return False, None
    holdback = next((f for f in carried if _HOLDBACK.search(ledger.facts[f].label or "")
                     and not _CERTIFIED.search(ledger.facts[f].label or "")), None)
    total = ledger.value(certified).amount
    held = ledger.value(holdback).amount if holdback else Decimal(0)
    rate = held / total if total else Decimal(0)
    last = max(claims)
    cents = Decimal("0.01")
    # a named claim unpaid at its figure net of its holdback, certified at that figure grossed up
    named = {}
    for n, fid in claims.items():
        net = ledger.value(fid).amount
        hb = (net * rate / (1 - rate)).quantize(cents) if rate < 1 else Decimal(0)
        named[n] = (net + hb, hb, net)
    rest_n = last - len(named)
    rest_total = total - sum(c for c, _, _ in named.values())
    if rest_n < 1 or rest_total <= 0:
        return False, None
    rest = split_cents(rest_total, rest_n, rng, whole=rest_total == rest_total.to_integral_value(), sigma=0.35)
    rest_held = [(c * rate).quantize(cents) for c in rest]
    rest_held[-1] += held - sum(h for _, h, _ in named.values()) - sum(rest_held)
    if rest_held[-1] < 0:
        return False, None
    currency = sheet.currency
    sheet.columns = [SheetColumn(name="No.", type="number"), SheetColumn(name="Claim", type="text"),
                     SheetColumn(name="Work to", type="date"), SheetColumn(name=f"Certified ({currency})", type="money"),
                     SheetColumn(name=f"Holdback ({currency})", type="money"),
                     SheetColumn(name=f"Paid ({currency})", type="money"),
                     SheetColumn(name=f"Outstanding ({currency})", type="money"), SheetColumn(name="Notes", type="text")]
    sheet.label, sheet.amount, sheet.note = 1, 3, 7
    sheet.layout = "counted"
    end = _period_end(ledger, claims, last)
    first = len(sheet.lines)
    rows_of: dict[int, int] = {}
    it = iter(zip(rest, rest_held))
    for n in range(1, last + 1):
        if n in named:
            cert, hb, out = named[n]
            paid, note = Decimal(0), "Certified; unpaid"
        else:
            cert, hb = next(it)
            paid, out, note = cert - hb, Decimal(0), "Paid"
        row = rows_of[n] = len(sheet.lines)
        sheet.add(f"Progress claim {n}", role="item", amount=_num(cert), fmt="money", note=note,
                  extra={0: n, 2: _month_end(end, last - n).isoformat(), 4: _num(hb), 5: _num(paid), 6: _num(out)},
                  others={6: "{%d@3}-{%d@4}-{%d@5}" % (row, row, row)})
    end_row = len(sheet.lines) - 1
    unpaid = [n for n in sorted(named)]
    sheet.add(f"Holdback on claims 1 to {last}", role="item", note="Sum of the holdback column",
              extra={4: _num(held)}, others={4: "SUM({%d@4}:{%d@4})" % (first, end_row)})
    sheet.add("Unpaid progress claims" if len(unpaid) > 1 else f"Progress claim {unpaid[0]} unpaid", role="item",
              note=f"Outstanding on claim{'s' if len(unpaid) > 1 else ''} {' and '.join(str(n) for n in unpaid)}",
              extra={6: _num(sum(o for _, _, o in named.values()))},
              others={6: "+".join("{%d@6}" % rows_of[n] for n in unpaid)})
    if ledger.computes(certified):
        sheet.add(f"Total certified, claims 1 to {last}", role="item", amount=_num(total), fmt="money",
                  formula="SUM({%d}:{%d})" % (first, end_row), note=f"Agrees with the {label[certified]} below")
        return True, None
    return True, sheet.add(label[certified], role="total", amount=_num(total), fmt="money", fact=certified,
                     formula="SUM({%d}:{%d})" % (first, end_row), note=f"Sum of claims 1 to {last}")


def claims_columns(sk: Any, rng: Any) -> None:
    """A claims or creditors list's rows as a claims register keeps them: each row's claimed amount, its admitted
    amount (the row's amount, which adds up to the ledger's admitted total) and the rejected part by a live formula
    (claimed less admitted), the claimed and rejected columns totalled by live SUMs on the admitted total's line.
    Only where the list's total is an admitted figure of the ledger laid out as the SUM of its rows."""
    from worldsmith.generators.skeleton import _num

    blocks = []
    for n, ln in enumerate(sk.lines):
        m = re.fullmatch(r"SUM\(\{(\d+)\}:\{(\d+)\}\)", ln.formula or "")
        if m and ln.role in ("total", "subtotal") and ln.fact and ln.format == "money" \
                and _ADMITTED.search(str(ln.cells[sk.label] or "")):
            blocks.append((n, int(m.group(1)), int(m.group(2))))
    if not blocks:
        return
    a = sk.amount
    sk.columns.insert(a, SheetColumn(name=re.sub(r"^[^(]*", "Claimed ", sk.columns[a].name)
                                     if "(" in sk.columns[a].name else "Claimed", type="money"))
    sk.columns[a + 1] = SheetColumn(name=re.sub(r"^[^(]*", "Admitted ", sk.columns[a + 1].name)
                                    if "(" in sk.columns[a + 1].name else "Admitted", type="money")
    sk.columns.insert(a + 2, SheetColumn(name="Rejected" if "(" not in sk.columns[a + 1].name else
                                         re.sub(r"^[^(]*", "Rejected ", sk.columns[a + 1].name), type="money"))
    for ln in sk.lines:
        ln.cells.insert(a, None)
        ln.cells.insert(a + 2, None)
    sk.amount = a + 1
    if sk.label > a:
        sk.label += 2
    for total, first, last in blocks:
        for n in range(first, last + 1):
            ln = sk.lines[n]
            admitted = Decimal(str(ln.cells[a + 1] or 0))
            # most of a claim admitted, some of it in full: the rest rejected on verification
            part = Decimal(0) if rng.random() < 0.4 else Decimal(str(round(rng.uniform(0.02, 0.25), 3)))
            claimed = (admitted * (1 + part)).quantize(Decimal(1))
            ln.cells[a] = _num(claimed)
            ln.cells[a + 2] = _num(claimed - admitted)
            ln.others = {a + 2: "{%d@%d}-{%d@%d}" % (n, a, n, a + 1)}
    for total, first, last in reversed(blocks):
        # the claimed and rejected totals on a line of their own: beside the admitted total's label they would read
        # as the ledger's admitted figure
        cells: list[Any] = [None] * len(sk.columns)
        cells[sk.label] = "Claims received and rejected"
        cells[a] = _num(sum(Decimal(str(sk.lines[n].cells[a])) for n in range(first, last + 1)))
        cells[a + 2] = _num(sum(Decimal(str(sk.lines[n].cells[a + 2])) for n in range(first, last + 1)))
        _insert(sk, total + 1, SheetLine(cells=cells, role="item", others={
            c: "SUM({%d@%d}:{%d@%d})" % (first, c, last, c) for c in (a, a + 2)}))


def _insert(sk: Any, at: int, line: Any) -> None:
    """A line put in at `at`, every reference to a later line moved on by one."""
    def moved(text: str) -> str:
        return re.sub(r"\{(\d+)(@\d+)?\}", lambda m: "{%d%s}" % (int(m.group(1)) + (int(m.group(1)) >= at),
                                                                m.group(2) or ""), text)

    for ln in sk.lines:
        if ln.formula:
            ln.formula = moved(ln.formula)
        if ln.others:
            ln.others = {c: moved(f) for c, f in ln.others.items()}
    sk.lines.insert(at, line)
    if sk.bottom is not None and sk.bottom >= at:
        sk.bottom += 1


def _ids_named(statement: str, ids: list[str]) -> list[str]:
    """The ids of a title's range a statement names, each as the title writes it ('CD-07, CD-11 and CD-14')."""
    prefix = re.match(r"\D*", ids[0]).group(0).strip(" -")
    by_number = {int(re.search(r"\d+$", i).group(0)): i for i in ids}
    said = [int(n) for n in re.findall(rf"\b{re.escape(prefix)}[ -]?(\d{{1,4}})\b", statement or "")]
    return [by_number[n] for n in dict.fromkeys(said) if n in by_number]


def range_rows(sheet: Any, ledger: Any, ids: list[str], label: dict[str, str]) -> tuple[bool, int | None]:
    """A register titled for a range of ids ('CD-01 to CD-16') lists every id in it: the ids a carried amount's
    statement names with their shares of that amount, the rest with their shares of the one other amount the sheet
    carries (where it has one), each amount a live sum of its rows. Returns whether it laid the rows and the line of
    the last amount's total; nothing is laid where no carried amount names ids of the range."""
    from worldsmith.generators.skeleton import _num, split_cents

    from worldsmith.generators.labels import fact_label

    spec, rng = sheet.spec, sheet.rng
    carried = [f for f in spec.facts if isinstance(ledger.value(f), Money) and not ledger.computes(f)]
    named = {f: _ids_named(ledger.facts[f].statement, ids) for f in carried}
    named = {f: v for f, v in named.items() if len(v) >= 1}
    if not named or len(named) > 1:
        return False, None
    (fid, listed), = named.items()
    rest_ids = [i for i in ids if i not in listed]
    others = [f for f in carried if f != fid]
    groups = [(fid, listed)] + ([(others[0], rest_ids)] if len(others) == 1 and rest_ids else [])
    value_of: dict[str, Decimal] = {}
    status_of: dict[str, str] = {}
    described: dict[str, str] = {}
    for g, members in groups:
        q = ledger.value(g).amount
        items = list(ledger.facts[g].items or [])
        mine = [next((t for t in items if _ids_named(t, ids)[:1] == [i]), "") for i in members]
        if items and len(items) == len(members) and all(mine):
            # the fact's own items, split as every sheet that lists them splits them (skeleton._breakdown's seed)
            from worldsmith.generators.skeleton import _item_shape, _shaped_split

            split_rng = random.Random(f"{g}:{q}:{len(items)}:items")
            shape = _item_shape(ledger.facts[g], items)
            by_item = (_shaped_split(q, shape, split_rng, True) if shape else None) or \
                split_cents(q, len(items), split_rng, whole=True)
            parts = [by_item[items.index(t)] for t in mine]
            described.update({i: re.sub(rf"^\s*{re.escape(i)}\s*[:,-]?\s*", "", t) for i, t in zip(members, mine)})
        else:
            parts = split_cents(q, len(members), rng, whole=q == q.to_integral_value(), sigma=0.4)
        word = re.sub(r"^(?:the|a|an)\s+", "", fact_label(ledger.facts[g]), flags=re.I)
        for i, p in zip(members, parts):
            # a row's status is the label's first word where it says one ('Unvalued', 'Approved'), else the label
            first = word.split()[0] if word.split() else word
            value_of[i] = p
            status_of[i] = cap_first_word(first if re.fullmatch(r"un\w+|\w+ed", first, re.I) else word)
    thing = re.sub(r"\s*(?:register|log|list|schedule)\b.*$", "", spec.title.split(":")[0], flags=re.I).strip() or "Item"
    currency = sheet.currency
    sheet.columns = [SheetColumn(name="No.", type="number"), SheetColumn(name=f"{thing} ref", type="text"),
                     SheetColumn(name="Status", type="text"), SheetColumn(name=f"Amount ({currency})", type="money"),
                     SheetColumn(name="Description", type="text")]
    sheet.label, sheet.amount, sheet.note = 1, 3, 4
    sheet.layout = "counted"
    row_of: dict[str, int] = {}
    for k, i in enumerate(ids):
        said = i in value_of
        row_of[i] = sheet.add(i, role="item", amount=_num(value_of[i]) if said else None,
                              fmt="money" if said else None, extra={0: k + 1, 2: status_of.get(i)}, note=cap_first_word(described.get(i, "")))
    last = None
    for g, members in groups:
        last = sheet.add(label[g], role="total", amount=_num(ledger.value(g).amount), fmt="money", fact=g,
                         formula="+".join("{%d}" % row_of[i] for i in members),
                         note=(f"Sum of {', '.join(members[:-1])} and {members[-1]}" if 1 < len(members) <= 4 else
                               f"Sum of {members[0]}" if len(members) == 1 else
                               f"Sum of the {len(members)} {status_of[members[0]].lower()} rows above"))
    return True, last


def cap_first_word(text: str) -> str:
    """A label as a status: its first letter up ('unvalued change directive work' -> 'Unvalued change directive
    work')."""
    return text[:1].upper() + text[1:]

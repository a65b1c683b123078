"""What a sheet's title promises its rows, and the title the planner gives a sheet whose ledger cannot keep it.

A title is a promise its rows keep (blind read 26, 1 sheet in 10 accepted on unseen outlines: 'a laytime statement
without a time sheet', 'a serial-number reconciliation with no serials', a comparison of two cases that computes one).
Three promises are read from a title, by the kind of sheet it names, never by a matter's words:
- a comparison of two sides ('Demurrage on the owners' and the charterers' cases', 'Claim comparison: Corrib's demand
  and Brightwing's position') shows a figure of each side, in a row that names the side;
- a sheet titled for an identifier ('Serial number reconciliation', 'Invoice number register') lists the items by it;
- a time sheet ('Laytime statement', 'Time sheet') lists dated events.
Where the ledger cannot fill the promise (no figure of one side, no identifiers, no dated events: only totals are
known), the planner names the sheet for what it is (retitle); the loader's check (checks/sheet_keeps_title.sql) reads
the promises of the titles that stay (promises) against the cells.
"""

from __future__ import annotations

import re
from typing import Any

from worldsmith.generators.compose.lexicon import foreign_head, sheet_words

# 'X's and (the) Y's cases': two sides' cases, positions or figures, each named by its possessive.
_POSS = r"(?:'s|\u2019s|'|\u2019)"
_NAME = r"(?:[A-Z][\w.&-]*\s)?[\w.&-]+"
_BOTH = re.compile(rf"(?P<a>{_NAME}){_POSS}\s+(?:(?P<an>[a-z]+)\s+)?and\s+(?:the\s+)?(?P<b>{_NAME}){_POSS}\s+"
                   rf"(?P<what>[a-z]+)")
# what a figure of a side is: its case, claim, position ... (not 'the charterers' 3.75% address commission')
_SIDE_NOUNS = (r"cases?|claims?|positions?|figures?|readings?|views?|demands?|offers?|valuations?|estimates?|"
               r"exposures?|liability|liabilities|loss|losses|computations?|totals?|accepted|engine|maximum|redelivery")
# A title naming the identifier its items are listed by.
# ('serial numbers' or 'serials', never the adjective: 'Quantum schedule - serial-defect remedy and damages', an unseen
# outline quarantined by sheet_keeps_title: "titled for its serial numbers, but no column lists them")
_IDENTIFIER = re.compile(r"\b(?P<id>serial(?:\s+numbers?|s)|(?:invoice|claim|account|policy|lot|batch|part|order|"
                         r"container|certificate)\s+numbers?)\b", re.I)
# A time sheet: a statement of time (laytime, hours) set out event by event.
_TIME_SHEET = re.compile(r"\b(?P<kind>laytime|time|hours)\s+(?P<word>statements?|sheets?)\b|\b(?P<one>timesheets?)\b",
                         re.I)


# what the engine breaks a sheet down by without a fact's items (skeleton._GROUPS_BY, its months and its periods)
_GROUPED = {"payer", "payor", "month", "quarter", "year", "period", "day", "week", "category", "stratum", "strata"}


def sides(title: str) -> list[str]:
    """The two sides a comparison's title names ('owners', 'charterers'), [] where it names none."""
    from worldsmith.generators.skeleton import title_options

    m = _BOTH.search(title)
    if m is not None and re.fullmatch(_SIDE_NOUNS, m.group("what")) and m.group("a").lower() != m.group("b").lower():
        return [m.group("a"), m.group("b")]
    return title_options(title)


def side_of(fact: Any, side: str) -> bool:
    """Whether a figure of the ledger is a side's: its label names the side, or its statement opens with the side as
    the one whose figure it is ('The owners claim ...', 'Corrib's redelivery compensation claim is ...')."""
    label = getattr(fact, "label", None) or ""
    if re.search(rf"\b{re.escape(side)}", label, re.I):
        return True
    statement = " ".join((fact.statement or "").split())
    return re.match(rf"(?:the\s+)?{re.escape(side)}(?:{_POSS}\s+(?:\S+\s+){{0,3}}?(?:{_SIDE_NOUNS})\b|\s+"
                    rf"(?:claims?|says?|accepts?|demands?|offers?|proposes?)\b)", statement, re.I) is not None


def _figures(facts: list[Any]) -> list[Any]:
    """The facts that are figures (a number, an amount, a percent, or computed)."""
    return [f for f in facts if getattr(getattr(f, "value", None), "type", None) in ("money", "number", "percent")
            or (getattr(f, "value", None) is None and getattr(f, "formula", None))]


def _dated(facts: list[Any]) -> list[Any]:
    return [f for f in facts if getattr(getattr(f, "value", None), "type", None) == "date"]


def _bottom(facts: list[Any]) -> Any | None:
    """The figure a sheet comes to: a computed figure no other of its figures is computed from, else its first."""
    figures = _figures(facts)
    ids = {f.id for f in figures}
    used = {w for f in figures for w in re.findall(r"[a-z_][a-z0-9_]*", f.formula or "") if w in ids}
    computed = [f for f in figures if f.formula and f.id not in used]
    return (computed or figures or [None])[-1 if computed else 0]


# A title word that promises working: figures computed from others, or a figure split into its parts.
_WORKING = re.compile(r"\b(?:analys[ie]s|calculations?|computations?|workings|apportionments?|build-?ups?|"
                      r"breakdowns?)\b", re.I)


# (a title that breaks its figure down by the kinds of it the ledger lists: its figure's items, skeleton._pointed_items)
_BY_KINDS = re.compile(r"\bby\s+(?:[\w-]+\s+){0,2}?(?:categor(?:y|ies)|types?|heads?|components?|elements?|items?|"
                       r"class(?:es)?|kinds?)\b", re.I)


def retitle(title: str, facts: list[Any], points: list[str] | None = None) -> str:
    """The title of a sheet that carries `facts` (and lays out `points`, its outline's rows): as given where its
    promise can be kept, else named for what the ledger lets it be (only a total known: 'Reconciliation of Licensed
    Products sold per the audit')."""
    from worldsmith.generators.compose.text import cap_first, lower_first

    if points and len(_figures(facts)) <= 1 and not any(getattr(f, "formula", None) for f in facts) \
            and not _BY_KINDS.search(title):
        # a sheet laid out from its points with one typed figure and nothing it is worked from (nor a title that
        # breaks it down by the kinds the ledger lists, skeleton._pointed_items) is no analysis or calculation: it is a summary of that figure (blind read 35b: 'A "measured mile" with no hours, quantities or rates: $1,386,000 is typed in';
        # 'A "calculation" draft with one typed figure and no working')
        title = _WORKING.sub(lambda m: "summaries" if m[0].lower().endswith(("es", "s")) and
                             not m[0].lower().endswith("sis") else "summary", title)
    if points and not any(getattr(f, "items", None) for f in facts):
        # a sheet laid out from its points has the rows they give, not the groups the engine would break a figure
        # into: 'by underpayment category' stays only where a point is headed by the group's word (blind read 35b: 'a
        # "calculation by underpayment category" shows no categories')
        by = re.search(r",?\s+by\s+(?:[a-z-]+\s+)?(?P<by>[a-z]+?)(?:ies|s)?\b(?=\s*(?:[,:(]|$))", title)
        heads = " ".join(p.split(":", 1)[0] for p in points).lower()
        if by is not None and by.group("by") in {g.rstrip("y") if g.endswith("y") else g for g in _GROUPED} | _GROUPED \
                and not re.search(rf"\b{re.escape(by.group('by'))}", heads):
            title = title[:by.start()] + title[by.end():]

    m = _BOTH.search(title)
    if m is not None and sides(title) == [m.group("a"), m.group("b")]:
        figures = _figures(facts)
        shown = [s for s in (m.group("a"), m.group("b")) if any(side_of(f, s) for f in figures)]
        if len(shown) == 1:
            # one side's figures only: the sheet is that side's case ('on the owners' case')
            keep = shown[0]
            poss = re.search(rf"{re.escape(keep)}({_POSS})", m.group(0)).group(1)
            what = m.group("an") if keep == m.group("a") and m.group("an") else re.sub(r"s$", "", m.group("what"))
            title = f"{title[:m.start()]}{keep}{poss} {what}{title[m.end():]}"
    elif m is None:
        title = _options_kept(title, facts)
    ident = _IDENTIFIER.search(title)
    if ident is not None and not any(getattr(f, "items", None) for f in facts):
        # the ledger lists no items by that identifier, only their totals: the sheet is the total's
        bottom = _bottom(facts)
        if bottom is not None:
            from worldsmith.generators.labels import fact_label

            kind = "Reconciliation" if re.search(r"\breconcil", title, re.I) else "Summary"
            label = re.sub(r"^(?:the|a|an)\s+", "", fact_label(bottom), flags=re.I)
            rest = re.split(r"\s*[,:(]\s*", title, maxsplit=1)
            tail = title[len(rest[0]):] if len(rest) > 1 else ""
            # (a label that opens on a name keeps its capitals: 'Licensed Products sold per the audit')
            named = label if re.match(r"[A-Z][\w-]*\s+[A-Z]", label) else lower_first(label)
            title = f"{kind} of {named}{tail}"
            title = cap_first(title)
    # (with the comma before it: 'purchases from the three suppliers, by invoice' is not left on 'suppliers,', blind
    # read 34)
    by = re.search(r",?\s+by\s+(?P<by>[a-z]+)\b(?=\s*(?:[,:(]|$))", title)
    if by is not None and not _itemised_by(by.group("by"), facts) and by.group("by") not in _GROUPED:
        # 'Effort reconstruction by researcher' where the ledger names no researcher: the rows are its totals; and
        # what is allocated to no one is calculated (blind read 36: 'Waiver fee allocation by lender' with no lender
        # rows, 'nothing is allocated', its only items the facilities)
        title = title[:by.start()] + title[by.end():]
        title = re.sub(r"\b(?:allocation|apportionment)(s?)\b", r"calculation\1", title)
    sheet = _TIME_SHEET.search(title)
    if sheet is not None and len(_dated(facts)) < 2:
        # a time sheet sets out dated events; with none in the ledger it is the calculation of the totals
        if sheet.group("one"):
            title = title[:sheet.start()] + "Time calculation" + title[sheet.end():]
        else:
            word = "calculations" if sheet.group("word").lower().endswith("s") else "calculation"
            title = title[:sheet.start("word")] + word + title[sheet.end("word"):]
    return title


def _itemised_by(word: str, facts: list[Any]) -> bool:
    """Whether the ledger lists items of the kind a title's 'by <word>' names: a fact with items whose items, label
    or statement say the word ('by supplier' over the purchases 'from the three suppliers'; never 'by lender' over
    facilities A and B)."""
    stem = re.escape(re.sub(r"(?:ies|y|s)$", "", word.lower()))
    return any(re.search(rf"\b{stem}", " ".join([*f.items, getattr(f, "label", "") or "", f.statement or ""]), re.I)
               for f in facts if getattr(f, "items", None))


def _shows(side: str, figures: list[Any]) -> bool:
    """Whether a figure of the ledger is named for a side, as the check reads its row: a word of the side's (promises)
    in its label, or the side as the one whose figure it is (side_of)."""
    from worldsmith.generators.labels import fact_label

    # (and its head word, however short: 'the clause 6.3 cap' is the 'surcharge cap' row's, whose basis cites the
    # clause)
    words = [*_side_words(side), *[w.lower() for w in side.split()[-1:] if len(w) >= 3]]
    opens = re.compile(rf"\s*(?:the\s+)?{re.escape(side)}{_POSS}\s", re.I)  # (skeleton._whose: "X's total liability")
    return any(side_of(f, side) or any(w in fact_label(f).lower() for w in words)
               or opens.match(" ".join((f.statement or "").split())) for f in figures)


def _options_kept(title: str, facts: list[Any]) -> str:
    """A comparison of two options ('Scheme against appeal - cash comparison') titled for the options its ledger has
    figures of: the one option alone ('Scheme - cash summary'), or, with neither, what is left ('Cash summary'); as
    given where both have figures. An unseen outline's 'settlement scheme against an appeal' comparison carried no
    figure of the appeal, and no row could name it (sheet_keeps_title)."""
    from worldsmith.generators.compose.text import cap_first
    from worldsmith.generators.skeleton import _OPTIONS, title_options

    options = title_options(title)
    if not options:
        return title
    figures = _figures(facts)
    shown = [o for o in options if _shows(o, figures)]
    if len(shown) == 2:
        return title
    parts = re.split(r"(\s*[:\u2013\u2014]\s*|\s+-\s+)", title)
    at = next((i for i, p in enumerate(parts) if i % 2 == 0 and _OPTIONS.match(p)), None)
    if at is None:
        return title
    rest = [re.sub(r"\bcomparison\b", "summary", p, flags=re.I) for p in parts]
    if shown:
        rest[at] = cap_first(shown[0])
    else:
        rest = rest[:max(at - 1, 0)] + rest[at + 2:] if at + 2 <= len(rest) else rest[:max(at - 1, 0)]
    out = cap_first("".join(rest).strip())
    if not out or out.lower() == "summary":
        bottom = _bottom(facts)
        from worldsmith.generators.labels import fact_label

        out = f"{cap_first(shown[0]) + ': s' if shown else 'S'}ummary of {fact_label(bottom)}" if bottom is not None \
            else title
    elif len(out.split()) == 1 and shown:
        out = f"{out}: summary"
    return out


def _side_words(side: str) -> list[str]:
    """The words of a side's name a row must show to keep the promise (four letters or more, none generic)."""
    words = [w for w in re.findall(r"[A-Za-z][\w.&-]*", side) if len(w) >= 4 and w.lower() not in _GENERIC]
    return [w.lower() for w in words] or [side.lower()]


# words of a side's name that say which figure is whose no more than the title does
_GENERIC = {"the", "and", "for", "computation", "calculation", "comparison", "summary", "analysis", "schedule", "case",
            "cases", "position", "positions", "figure", "figures", "view", "views", "reading"}


def promises(title: str) -> list[tuple[str, str, str]]:
    """What a title promises its cells, as (promise, what, word) rows: ('side', name, word) for each word that names a
    side of a comparison (any one of them in a row of figures keeps it), ('identifier', name, name) for the identifier
    its items are listed by, ('time_sheet', '', '') for its dated events."""
    out = []
    for side in sides(title):
        # (four letters or more: 'net' of 'Net damages' or 'bay' of 'Kestrel Bay' is found in rows of the other side)
        out += [("side", side, w) for w in _side_words(side)]
    ident = _IDENTIFIER.search(title)
    if ident is not None:
        name = re.sub(r"\s+numbers?$|s$", "", ident.group("id").lower())
        out.append(("identifier", name, name))
    if _TIME_SHEET.search(title):
        out.append(("time_sheet", "", ""))
    return out


# Units that count time or measure, not things a sheet lists one by one.
_MEASURES = {"days", "weeks", "months", "years", "hours", "minutes", "nights", "times", "points", "percent", "units",
             "items", "tonnes", "tons", "metres", "meters", "miles", "kilometres"}
# The most rows a count's items take: more is a register no reader goes through line by line.
COUNTED_MOST = 200
# A count above COUNTED_MOST (6,214 registered members, 5,802 payees) is still a run of items its sheet lists: the first
# rows one by one, the rest on one line with their number and amount (generators.counted), up to this many things.
LISTED_MOST = 200_000


def counted_noun(title: str, fact: Any) -> str:
    """The thing a count fact counts, in the singular, where the sheet's title names it ('shipment' of 17 shipments in
    'Shipment tracing schedule'); '' where the title names no thing the fact counts, or it is no count of things (a
    number of days, a measure, a figure with decimals, fewer than two or more than LISTED_MOST)."""
    value = getattr(fact, "value", None)
    unit = (getattr(value, "unit", None) or "").lower()
    if getattr(value, "type", None) != "number" or unit in _MEASURES or unit.split(" ")[-1:] == ["units"]:
        return ""
    n = value.value
    if n != int(n) or not 2 <= n <= LISTED_MOST:
        return ""
    # (a unit of two words, 'group members', only in a run longer than COUNTED_MOST: checks/sheet_keeps_title.sql
    # holds the shorter lists to the one-word units)
    if not re.fullmatch(r"[a-z][a-z-]{2,}s" if n <= COUNTED_MOST else r"(?:[a-z][a-z-]+ )?[a-z][a-z-]{2,}s", unit):
        return ""
    stem = unit[:-1]
    return stem if re.search(rf"\b{re.escape(stem)}s?\b", title, re.I) else ""


# A title that names a list of things: an order book, a log, a register, a tally.
_LIST_WORDS = re.compile(r"\b(?:book|log|register|list|listing|tally|tracker|ledger)\b", re.I)
# A title that names a run of payments or of a calculation over many things (not a list word of a short count: a draft
# 'run' of a computation is no list of what it priced)
_RUN_WORDS = re.compile(r"\b(?:run|batch|payment file|payments file|payment run)\b", re.I)
_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten",
                 11: "eleven", 12: "twelve", 13: "thirteen", 14: "fourteen", 15: "fifteen", 16: "sixteen",
                 17: "seventeen", 18: "eighteen", 19: "nineteen", 20: "twenty"}
_PLAIN_LABEL = {"final", "total", "amount", "value", "figure", "number", "the", "agreed", "current", "revised"}


def names_count(statement: str, n: int, stem: str) -> bool:
    """Whether a statement names a count of things: '17 shipments', 'the 17 shipments', 'six failed turbines'."""
    said = rf"(?:{n}|{_NUMBER_WORDS[n]})" if n in _NUMBER_WORDS else str(n)
    return re.search(rf"\b{said}\s+(?:[\w-]+\s+){{0,2}}?{re.escape(stem)}s?\b", statement or "", re.I) is not None


def counted(title: str, facts: list[Any]) -> tuple[Any, str] | None:
    """The count fact whose things a sheet of this title lists, and the thing in the singular: a count whose thing the
    title names ('Shipment tracing schedule' of 17 shipments), else, in a title that names a list, a count the
    statement of a figure the title names gives ('Order book at close': the final order book 'from 58 investors')."""
    ids = id_range(title)
    for f in facts:
        # a title naming a range of as many identifiers as the count ('WEA 01 to WEA 24' of 24 turbines)
        stem = counted_noun(getattr(getattr(f, "value", None), "unit", None) or "", f)
        if ids and stem and len(ids) == f.value.value:
            return f, stem
    for f in facts:
        stem = counted_noun(title, f)
        if stem:
            return f, stem
    if foreign_head(title) in ("list", "register"):
        # a list titled in the matter's own language ('Liste des postes de reclassement interne', 'Relación de
        # pedimentos') names its things in that language, never in the count's English unit: it lists the one count
        # of things the sheet carries (read 30: 'a "list" of internal redeployment posts holding a single number')
        things = [(f, counted_noun(getattr(getattr(f, "value", None), "unit", None) or "", f)) for f in facts]
        things = [(f, stem) for f, stem in things if stem and f.value.value <= COUNTED_MOST]
        if len(things) == 1:
            return things[0]
    run = _RUN_WORDS.search(title) is not None
    if not _LIST_WORDS.search(sheet_words(title)) and not run:
        return None
    words = {w.rstrip("s") for w in re.findall(r"[a-z][a-z-]+", title.lower())}
    for f in facts:
        stem = counted_noun(getattr(getattr(f, "value", None), "unit", None) or "", f)
        if not stem:
            continue
        for t in facts:
            if getattr(getattr(t, "value", None), "type", None) != "money":
                continue
            named = {w.rstrip("s") for w in re.findall(r"[a-z][a-z-]+", (t.label or "").lower()) if len(w) > 3
                     and w not in _PLAIN_LABEL}
            if named & words and names_count(t.statement, int(f.value.value), stem):
                return f, stem
            if named & words and run and f.value.value > COUNTED_MOST:
                # a payment run or batch of thousands pays the figure its title names to the things counted
                # ('Interim distribution payment file: EFT batch' of 6,214 group members), whose statement need not
                # repeat the count
                return f, stem
    return None


def drafted_count(title: str, label: str) -> tuple[int, str] | None:
    """The count a superseded draft's label gives of the things its sheet's title names ('superseded preliminary tally:
    12 shipments from the ERP extract only' of a 'Preliminary shipment tally'), as (n, thing), else None. Only a title
    that names a list: a draft computation's label counting what it priced ('the 18 exchanges at the first quote' of a
    quantum schedule) is no list of them."""
    if not _LIST_WORDS.search(sheet_words(title)):
        return None
    for m in re.finditer(r"\b(\d{1,3})\s+(?:[\w-]+\s+){0,2}?([a-z][a-z-]{2,}s)\b", label or ""):
        n, unit = int(m.group(1)), m.group(2).lower()
        if 2 <= n <= COUNTED_MOST and unit not in _MEASURES and re.search(rf"\b{re.escape(unit[:-1])}s?\b", title, re.I):
            return n, unit[:-1]
    return None


# A range of identifiers a title names ('gearboxes WEA 01 to WEA 24', 'Units 1 to 12'), and a list of them a statement
# gives ('the gearboxes of six turbines (WEA 03, 07, 11, 12, 18 and 22) failed').
_ID_RANGE = re.compile(r"\b(?P<p>[A-Z][A-Za-z-]{0,5}[ -]?)(?P<a>\d{1,4})\s+(?:to|through|-|\u2013)\s+(?P=p)(?P<b>\d{1,4})\b")
_ID_LIST = re.compile(r"\b(?P<p>[A-Z][A-Za-z-]{0,5}[ -]?)(?P<first>\d{1,4})(?P<rest>(?:\s*,\s*\d{1,4})*,?\s+and\s+\d{1,4})\b")


def id_range(title: str) -> list[str]:
    """The identifiers of the range a title names, as it writes them ('WEA 01' ... 'WEA 24'); [] where none."""
    m = _ID_RANGE.search(title)
    if m is None or not 2 <= int(m.group("b")) - int(m.group("a")) + 1 <= COUNTED_MOST:
        return []
    width = len(m.group("a")) if m.group("a").startswith("0") else 1
    return [f"{m.group('p')}{k:0{width}d}" for k in range(int(m.group("a")), int(m.group("b")) + 1)]


def id_list(statement: str) -> list[str]:
    """The identifiers a statement lists ('WEA 03, 07, 11, 12, 18 and 22'), each with its prefix; [] where none."""
    m = _ID_LIST.search(statement or "")
    if m is None:
        return []
    return [f"{m.group('p')}{k}" for k in [m.group("first"), *re.findall(r"\d{1,4}", m.group("rest"))]]


# A limit's label: the measure it limits, then the word for a limit ('sub-investment-grade limit', 'tracking error
# limit', 'single issuer cap'); the measure's own figure is labelled by the measure ('sub-investment-grade holdings').
_LIMIT_WORD = re.compile(r"\s+(?:limit|cap|ceiling|maximum)$", re.I)
# The flag a limit test's IF writes: the words are the engine's, so a number column may hold them (render.typed_cell).
BREACH, WITHIN = "Breach", "Within limit"
MET, NOT_MET = "Reached", "Not reached"  # a figure against the minimum it must reach (pointed._tested)
FLAGS = (BREACH, WITHIN, MET, NOT_MET)  # the words an engine's IF leaves in a column of figures
# A sheet that monitors limits: a claim against a contractual cap is capped, never 'in breach' of it.
MONITOR = re.compile(r"\b(?:monitor|monitoring|compliance|guidelines?|breach(?:es)?|limits?)\b", re.I)


def limit_pairs(facts: list[Any], title: str) -> list[tuple[Any, Any]]:
    """(limit, actual) for each limit among `facts` whose measure another of them gives, of the same kind of value:
    the actual's label opens with the words the limit's label limits ('sub-investment-grade holdings' of the
    'sub-investment-grade limit'), in a sheet whose title says it monitors limits (MONITOR). It tests one against the
    other (blind read 28: 'the compliance monitor computes nothing: no excess and no breach flag')."""
    out = []
    if not MONITOR.search(title):
        return out
    for limit in facts:
        m = _LIMIT_WORD.search((limit.label or "").strip())
        kind = getattr(getattr(limit, "value", None), "type", None)
        if m is None or kind not in ("money", "number", "percent"):
            continue
        stem = (limit.label or "").strip()[:m.start()].lower()
        if len(stem) < 4:
            continue
        for actual in facts:
            label = (actual.label or "").strip().lower()
            if actual is not limit and getattr(getattr(actual, "value", None), "type", None) == kind \
                    and _LIMIT_WORD.search(label) is None and f"{label} ".startswith(f"{stem} "):
                out.append((limit, actual))
                break
    return out

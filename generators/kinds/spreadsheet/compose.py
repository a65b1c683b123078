"""The offline sheet composer: typed columns that fit the title, exactly spec.rows rows, every fact in a cell."""

from __future__ import annotations

import datetime as dt
import random
import re
from statistics import median
from typing import Any

from worldsmith.generators.compose.bank import Picker, bank
from worldsmith.generators.compose.lexicon import sheet_words
from worldsmith.generators.compose.parties import home
from worldsmith.generators.compose.text import cap_first, long_date, lower_first, strip_end
from worldsmith.generators.context import ArtifactContext, FactRef
from worldsmith.worlds.content import SheetColumn, SheetContent
from worldsmith.worlds.plan import SheetSpec
from worldsmith.worlds.values import DateValue, Money, numeric_value

# Characters Excel refuses in a worksheet name.
_SHEET_BAD = re.compile(r"[\[\]:*?/\\]")


def layout_of(title: str) -> str:
    """The layout for a sheet title: the first whose words occur as whole words in it (or in the English word of its
    foreign head: 'Calendrier de la procédure' is a calendar)."""
    name = sheet_words(title).lower()
    for key, data in bank("sheets")["layouts"].items():
        if any(re.search(rf"\b{re.escape(w)}(s|es)?\b", name) for w in data["match"]):
            return key
    return "default"


def sheet_name(title: str) -> str:
    """A worksheet name: the title without characters Excel refuses, cut at a word within 31 characters."""
    name = re.sub(r"\s+", " ", _SHEET_BAD.sub(" ", title)).strip().strip("'") or "Sheet1"
    if len(name) <= 31:
        return name
    # the head before a dash, colon, comma or bracket where it fits: a tab or print header that reads whole, not
    # one cut mid-phrase (blind read 13: headers "Daily discrepancy log with", "Claim comparison Quorvex's")
    head = re.split(r"\s+[-\u2013\u2014]\s+|[:,(]\s*|\s+-\s*", title, maxsplit=1)[0]
    head = re.sub(r"\s+", " ", _SHEET_BAD.sub(" ", head)).strip().strip("'")
    cut = head if 10 <= len(head) <= 31 else name[:31].rsplit(" ", 1)[0]
    # never end on a word that leads into the words cut off
    cut = re.sub(r"(\s+(with|and|of|for|the|to|by|in|on|at|from|vs\.?|v\.?|a|an|&|[\w.]+'s?|[\w]+')\b)+$", "", cut,
                 flags=re.I) if len(cut) > 10 else cut
    return (cut if len(cut) >= 10 else name[:31]).strip()


class _Col:
    """A column being built: its name, cell type, what fills it, whether it is totalled."""

    def __init__(self, name: str, type_: str, role: str, total: bool = False, added: bool = False):
        self.name, self.type, self.role, self.total, self.added = name, type_, role, total, added


def _columns(layout: dict, facts: list[FactRef]) -> list[_Col]:
    """The layout's columns, plus a column for any fact type the layout has no cell for."""
    cols = [_Col(c[0], c[1], c[2], len(c) > 3 and c[3] == "total") for c in layout["columns"]]
    extra = bank("sheets")["extra_columns"]
    for f in facts:
        if _fact_column(cols, f) is None:
            c = extra[f.value.type]
            name = c[0] if all(x.name != c[0] for x in cols) else f"{c[0]} ({len(cols) + 1})"
            cols.append(_Col(name, c[1], c[2], len(c) > 3 and c[3] == "total", added=True))
    return cols


def _fact_column(cols: list[_Col], fact: FactRef) -> int | None:
    """The column a fact's value goes in: one of its type that is not the row label or a running number."""
    # A text fact reads as a note, a number fact as a quantity: not as a status, or as hours billed.
    fits = {"text": ("note",), "number": ("number",), "money": ("money",), "percent": ("percent",), "date": ("date",)}
    t = fact.value.type
    return next((i for i, c in enumerate(cols) if c.type == t and c.role in fits[t]), None)


def _fact_cell(fact: FactRef) -> float | str:
    """The typed cell of a fact: the float of a number, an ISO date, or the exact text."""
    if isinstance(fact.value, DateValue):
        return fact.value.value.isoformat()
    number = numeric_value(fact.value)
    return number if number is not None else fact.text


def _for_matter(layout: dict, matter: str) -> dict:
    """The layout with the items and categories of the first of its matter sets whose word the matter names."""
    text = matter.lower()
    for alt in layout.get("by_matter") or []:
        if any(re.search(rf"\b{re.escape(w)}\b", text) for w in alt["match"]):
            return {**layout, **{k: v for k, v in alt.items() if k != "match"}}
    return layout


_INITIALS = "abcdefghijklmnoprstw"


def _account_name(pick: Picker) -> str:
    """A user account's login as a directory lists it ('jmarsh', 'k.owens2', 'svc-edi-04'): invented, one a row."""
    from faker import Faker
    fake = Faker("en_US")
    fake.seed_instance(pick.rng.randrange(2**32))
    last = re.sub(r"[^a-z]", "", fake.last_name().lower())
    if pick.chance(0.06):
        return f"svc-{pick.one(['edi', 'sync', 'api', 'report', 'batch', 'scan'])}-{pick.rng.randint(1, 12):02d}"
    style = pick.rng.randint(0, 2)
    first = pick.one(_INITIALS)
    name = f"{first}{last}" if style == 0 else f"{first}.{last}" if style == 1 else f"{fake.first_name().lower()}.{last}"
    return name + (str(pick.rng.randint(2, 9)) if pick.chance(0.1) else "")


_ACCOUNT_NOTES = {"active": "Per directory export", "inactive": "No sign-in in 90 days (SSO log)",
                  "leaver": "On the HR leaver list", "duplicate": "Second login of one user",
                  "service": "Non-human integration login"}


def _account_rows(pick: Picker, cols: list[_Col], layout: dict, rows: list[list], fact_rows: set[int],
                  spec) -> None:
    """An account listing's rows agree with themselves: an inactive login last signed in over 90 days before the
    listing, a leaver's note the leaver list, and a listing of excluded accounts holds no active ones; a fact's row
    (a count of accounts) carries no one account's login, status or note."""
    at = {c.role: i for i, c in enumerate(cols) if not c.added}
    excluded = re.search(r"\b(exclu\w*|removed|disputed|leavers?|inactive)\b", spec.title, re.I) is not None
    statuses = [s for s in layout.get("statuses") or [] if not (excluded and s.lower() == "active")] or ["Active"]
    if not excluded and re.search(r"\b(extract|export|count|census)\b", spec.title, re.I):
        # a count's extract lists the accounts counted as active, as the system reports them; sorting them into the
        # licensee's exclusions is the licensee's work, not the counter's (read 14: 'Auditor's extract sorts accounts
        # into the licensee's exclusion categories (leaver, duplicate, service)')
        statuses = [s for s in statuses if s.lower() == "active"] or ["Active"]
    for r, row in enumerate(rows):
        if r in fact_rows:
            for role in ("status", "date", "category"):
                if role in at:
                    row[at[role]] = None
            continue
        status = pick.one(statuses)
        label = at.get("label")
        if label is not None and str(row[label]).startswith("svc-"):
            status = next((s for s in statuses if s.lower().startswith("service")), status)
        key = status.split()[0].lower()
        if key == "service" and label is not None and not str(row[label]).startswith("svc-"):
            # an integration's login is named for its job, not for a person
            row[label] = f"svc-{pick.one(['edi', 'sync', 'api', 'report', 'batch', 'scan'])}-{pick.rng.randint(1, 12):02d}"
        if "status" in at:
            row[at["status"]] = status
        if "note" in at:
            row[at["note"]] = _ACCOUNT_NOTES.get(key, row[at["note"]])
        if "date" in at:
            back = pick.rng.randint(95, 400) if key in ("inactive", "leaver") else pick.rng.randint(0, 30)
            row[at["date"]] = (spec.date - dt.timedelta(days=back)).isoformat()


def _accounts_then_counts(pick: Picker, cols: list[_Col], rows: list[list], fact_rows: set[int]) -> list[list]:
    """An account listing as a directory extract reads: one row per account, each login once, grouped by status, and
    the counts of the full listing (the facts) in a block below, each beside how many of its accounts this extract
    shows (read 14: 'Hard-typed subtotal rows (44, 70, 298) are scattered among the account rows. svc-report-06 is
    listed twice under different departments. Service accounts are marked "To review"')."""
    at = {c.role: i for i, c in enumerate(cols) if not c.added}
    label, status, note = at.get("label"), at.get("status"), at.get("note")
    accounts = [row for r, row in enumerate(rows) if r not in fact_rows]
    counts = [row for r, row in enumerate(rows) if r in fact_rows]
    if label is not None:
        seen: set[str] = set()
        for row in accounts:
            name = str(row[label])
            while name in seen:
                name = (re.sub(r"-\d+$", f"-{pick.rng.randint(13, 40):02d}", name) if name.startswith("svc-") else
                        name + str(pick.rng.randint(2, 9)))
            seen.add(name)
            row[label] = name
    if status is not None:
        accounts.sort(key=lambda row: (str(row[status] or ""), str(row[label] if label is not None else "")))
    for row in counts:
        what = str(row[label]) if label is not None else ""
        key = tuple(k for k, pattern in (("Leaver", r"leaver"), ("Inactive", r"inactive"), ("Duplicate", r"duplicate"),
                                         ("Service", r"service|integration")) if re.search(pattern, what, re.I))
        shown = sum(1 for a in accounts if status is not None and str(a[status] or "").startswith(key)) if key else 0
        of_listing = bool(key) or re.search(r"\b(count\w*|accounts?)\b", what, re.I) is not None
        if label is not None and of_listing:
            row[label] = f"Total in the full listing: {lower_first(what)}"
        if note is not None:
            row[note] = (f"This extract shows {shown} of them" if key else "Count in the full listing" if of_listing
                         else "For comparison")
    return accounts + counts


def _random_cell(pick: Picker, col: _Col, layout: dict, ctx: ArtifactContext, day: dt.date, scale: float, row: int):
    """A plausible cell for a column that no fact fills."""
    role = col.role
    if col.added and role != "money":
        return None  # a column added for one fact stays blank elsewhere, as a real sheet would
    if role == "label" and layout.get("accounts"):
        return _account_name(pick)
    if role == "label":
        items = layout.get("items") or ["Item"]
        base = items[row % len(items)]
        if row < len(items):
            return base
        again = layout.get("again")
        return f"{base} ({again[(row // len(items) - 1) % len(again)]})" if again else f"{base} {row // len(items) + 1}"
    if role == "ref":
        return f"{layout.get('ref_prefix', 'REF')}-{pick.rng.randint(100000, 999999)}"
    if role == "category":
        categories = layout.get("categories") or ["General"]
        # A sheet whose title names one of them (a Medicare probe sample) holds only that one.
        named = [c for c in categories if re.search(rf"\b{re.escape(c.lower())}\b", ctx.spec.title.lower())]
        if named:
            return named[0]
        # A list whose items say what they are files each under its own heading, not a drawn one.
        item_categories = layout.get("item_categories")
        return item_categories[row % len(item_categories)] if item_categories else pick.one(categories)
    if role == "status":
        return pick.one(layout.get("statuses") or ["Open", "Closed"])
    if role == "owner":
        return pick.one([ctx.author.name, *(p.name for p in ctx.to)])
    if role == "note":
        return pick.one(layout.get("notes") or ["Per records", "Confirmed", "To review"])
    if role == "period":
        return pick.one([f"FY{day.year - 1}", f"FY{day.year - 2}", f"LTM {day:%b} {day.year}", f"H1 {day.year}"])
    if role == "date":
        earliest = ctx.window_start or day - dt.timedelta(days=45)
        span = max(0, min(45, (day - earliest).days))
        return (day - dt.timedelta(days=pick.rng.randint(0, span))).isoformat()
    if role == "money":
        return round(scale * pick.rng.uniform(0.02, 0.35) / 50) * 50.0 or 50.0
    if role == "hours":
        return pick.rng.randint(1, 16) / 2
    if role == "percent":
        return round(pick.rng.uniform(0.5, 25), 1)
    if role == "number":
        return float(pick.rng.randint(1, 400))
    return ""


def series_key(title: str) -> str:
    """What the sheets of one series share in their titles: the words without dates or numbers."""
    words = re.findall(r"[a-z]+", title.lower())
    months = {"january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
              "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct",
              "nov", "dec", "as", "at", "of", "through", "to"}
    return " ".join(w for w in words if w not in months)


_ADVISER = re.compile(r"\b(counsel|solicitors?|lawyers?|advis\w*|consult\w*|auditors?|accountants?|surveyors?|"
                      r"experts?|club|insurers?|underwriters?|brokers?|bank|lenders?|shop)\b", re.I)


def _keeps_own_books(ctx: ArtifactContext) -> bool:
    """Whether the author's organisation is a party keeping its own records (a client, a lessor, a hospital), not
    an adviser working from others' (blind read 13: "Prepared by Gerald Jarvis (Corrib) from client records", but
    Gerald is the client)."""
    here = next((o for o in ctx.organisations if o.name == ctx.author.organisation), None)
    if here is None:
        return False
    if re.match(r"\s*client\b", here.role, re.I):
        return True
    return not here.acts_for and not here.engaged_by and not _ADVISER.search(here.role)


def _claimant(ctx: ArtifactContext, fact_id: str) -> str:
    """The other party whose costs a log rolls up to, where the matter's summary says it claims them ('Kestrel Bay
    demands 35% contribution toward ... removal costs'); '' where none does or it is the author's own."""
    words = fact_id.replace("_", " ").lower()
    for sentence in re.split(r"(?<=[.;])\s+", " ".join(ctx.world_summary.split())):
        if words not in sentence.lower():
            continue
        for o in ctx.organisations:
            if o.name == ctx.author.organisation or o.acts_for or _ADVISER.search(o.role):
                continue
            short = [w for w in o.name.split() if w.lower() != "the"][:2]
            if re.search(rf"\b{re.escape(' '.join(short))}\b(?:\s+[A-Z][\w.&-]*)?(?:'s)?\s+(?:demands|claims|seeks|incurred|presents|"
                         rf"recovers|sues)", sentence):
                return o.name
    return ""


_DISCREPANCY = re.compile(r"\b(discrepanc\w*|defects?|snags?|punch ?list|deficienc\w*)\b", re.I)


def source_of(ctx: ArtifactContext, own: bool) -> str:
    """Where a sheet's figures come from: the same for every sheet of a series by one author (blind read 13: "the
    source line changes with each day's file"); for a client, the system that holds what the sheet counts, and for
    a log of costs others bill, what they sent."""
    sheets = bank("sheets")
    spec = ctx.spec
    sources = sheets["sources"]
    if spec.occupation.startswith("23-"):
        # a law firm's calendar or issues list is not compiled 'from management information', a finance team's
        # word for its own reports (read 16, tanker and buy-side: counsel's sheets 'compiled ... from management
        # information')
        sources = [x for x in sources if "management" not in x] or sources
    if own:
        title = spec.title.lower()
        if getattr(spec, "rolls_up_to", None):
            # a log of discrepancies is priced from the rectification vendors' estimates, not from cost reports of
            # work done (read 14: a discrepancy log 'with rectification estimates' that holds only contractor costs)
            sources = sheets["estimate_log_sources"] if _DISCREPANCY.search(spec.title) else sheets["log_sources"]
            sk = getattr(spec, "skeleton", None)
            if sk is not None and not any(c.name.startswith("Contractor") or c.name.endswith("vendor")
                                          for c in sk.columns):
                # a log of entries no contractor billed is read from the entries' own records (skeleton.cost_of_work)
                sources = sheets["entry_log_sources"]
            claimant = _claimant(ctx, spec.rolls_up_to)
            if claimant:
                # the costs are another party's, claimed from the author's: it holds what that party sent
                sources = [f"{x}, as submitted by {claimant}" for x in sources]
        else:
            sources = next((alt["sources"] for alt in sheets.get("client_sources_by") or []
                            if any(re.search(rf"\b{re.escape(w)}\b", title) for w in alt["match"])),
                           sheets["client_sources"])
    rng = random.Random(f"{series_key(spec.title)}|{ctx.author.name}")
    return rng.choice(sources).replace("{date}", long_date(spec.date, ctx.locale))


def _inputs_cite_papers(spec) -> bool:
    """Whether a sheet's engine-laid inputs each name the paper or clause they are read from (skeleton._as_at)."""
    sk = getattr(spec, "skeleton", None)
    if sk is None:
        return False
    notes = [next((c for i, c in enumerate(ln.cells) if i != sk.label and isinstance(c, str)), "")
             for ln in sk.lines if ln.role == "input" and ln.fact]
    if getattr(spec, "points", None):
        # a pointed row's basis is the expert's words first (generators.pointed): it cites a paper where it names one
        return bool(notes) and all(", dated " in n for n in notes)
    return bool(notes) and all(n and not re.match(r"(As at|Figure as)\b", n) for n in notes)


def basis_of(fact: FactRef, locale: str) -> str:
    """Where a sheet's line for a fact comes from: the paper that sets it out and its date, else how it is
    worked out ('' where neither is known)."""
    if fact.paper:
        return f"{cap_first(fact.paper)}, {long_date(fact.paper_day, locale)}" if fact.paper_day else cap_first(fact.paper)
    return cap_first(fact.reason) if fact.reason else ""


def _papers_of(ctx: ArtifactContext) -> str:
    """The papers that set out a sheet's facts, by title and date, in words ('the survey report, dated 28 April
    2026, and the consignment note'); '' where none of its facts has one."""
    seen: dict[str, dt.date | None] = {}
    # a sheet of figures is prepared from the papers of its figures, not from the paper that first gave a date or a
    # word it also shows (blind read 35b: a leakage review 'prepared ... from Non-binding offer', the offer that gave
    # its locked box date, 'rather than from bank statements or the SPA')
    figures = [f for f in ctx.facts if numeric_value(f.value) is not None]
    for f in figures or ctx.facts:
        if f.paper and f.paper != ctx.spec.title and (f.paper_day is None or f.paper_day <= ctx.spec.date):
            seen.setdefault(f.paper, f.paper_day)
    if not seen:
        return ""
    named = []
    for title, day in seen.items():
        title = lower_first(title) if re.match(r"(The|A|An)\b", title) else title
        named.append(title + (f", dated {long_date(day, ctx.locale)}" if day else ""))
    return _named(named)


def cited_papers(spec) -> list[str]:
    """The papers a sheet's engine-laid lines cite, as they cite them ('Annual royalty statement 2025, dated 30 January
    2026'), in the order of the lines, each once (skeleton._as_at writes a cited input's basis as 'Title, dated Day',
    after the expert's own words and before a clause, each part after '; ')."""
    sk = getattr(spec, "skeleton", None)
    if sk is None:
        return []
    out: list[str] = []
    for ln in sk.lines:
        for i, cell in enumerate(ln.cells):
            if i == sk.label or not isinstance(cell, str) or ", dated " not in cell:
                continue
            for part in re.split(r";\s+", cell):
                if ", dated " in part and part.strip() not in out:
                    out.append(part.strip())
    return out


def _named(papers: list[str]) -> str:
    """Papers in a sentence: 'A; and B', at most three by name."""
    if len(papers) > 3:
        # (not 'the other papers cited': a sheet whose rows cite none would point at nothing)
        rest = len(papers) - 3
        return "; ".join(papers[:3]) + f"; and {rest} other paper{'s' if rest > 1 else ''} of the matter"
    return papers[0] if len(papers) == 1 else "; ".join(papers[:-1]) + f"; and {papers[-1]}"


def _figures(ctx: ArtifactContext) -> int:
    """How many figures a sheet holds: its skeleton's amounts, else the facts with a number."""
    sk = ctx.spec.skeleton
    if sk is not None:
        return sum(1 for ln in sk.lines if sk.amount < len(ln.cells) and isinstance(ln.cells[sk.amount], (int, float))
                   and not isinstance(ln.cells[sk.amount], bool))
    return sum(1 for f in ctx.facts if numeric_value(f.value) is not None)


def _notes(pick: Picker, ctx: ArtifactContext, currency: str, extra: list[str]) -> list[str]:
    """The notes under a sheet: who prepared it and from what, a distractor's status first."""
    spec = ctx.spec
    # a client's own staff work from its books, not from 'the data room' an adviser keeps (read 12: a controller's
    # weekly cost log whose 'source is given as "the data room"')
    own = _keeps_own_books(ctx)
    values = {"author": ctx.author.name, "title": ctx.author.title, "org": ctx.author.organisation,
              "date": long_date(spec.date, ctx.locale), "source": source_of(ctx, own)}
    papers = _papers_of(ctx)
    stock = {*bank("sheets")["sources"], *bank("sheets")["client_sources"]}
    cited = cited_papers(spec)
    if cited:
        # the source is the papers the lines cite, as they cite them: not a stock system of the author's trade, nor
        # another paper or another date for one of them (blind read 34: 'the inputs are the AIIM's own figures, yet
        # the source line is "the management accounts and the lenders' loan statements"'; 'the notice of audit is
        # given as the source'; 'one agreement ... is given two dates')
        values["source"] = _named(cited)
    elif _inputs_cite_papers(spec):
        # each input names the paper it is read from: the note says so, not a stock 'the data room' (blind read 23:
        # 'The source is given as "the data room" for a valuation output')
        values["source"] = "the papers cited against each input"
    elif papers and (not own or values["source"] in stock):
        # the papers that carry the sheet's facts, by name, not a stock 'the matter file' (blind read 25: 'the
        # Basis column is empty and the source is given as "the matter file"'); a client's own sheet too, where no
        # system of its trade holds them (blind read 26: a laytime statement sourced to 'the general ledger')
        values["source"] = papers
    elif values["source"] in stock:
        # no paper before this sheet sets its figures out: the sheet is where they are first set down, and its note
        # names no stock system the matter does not have (blind read 26: measured surveys 'compiled ... from client
        # records' and prepared 'from the finance system's reports')
        values["source"] = ""
    from worldsmith.generators.pointed import working_list

    listed = working_list(spec.title) if spec.points else None
    if listed is not None and listed.get("statuses") and _figures(ctx) == 0:
        # a list of requests or changes with no figure is its author's own record, read from no paper (blind read
        # 35: a request list whose source 'is the NBO'; a change order log giving 'the A201' as its source)
        values["source"] = ""
    frames = bank("sheets")["notes" if values["source"] else "notes_unsourced"]
    if _figures(ctx) < 2:
        # a list of words with one figure or none gives no 'figures as at' (blind read 34: a request list 'says
        # "Figures as at 10 February 2026" but holds one figure')
        frames = [f for f in frames if not f.startswith("Figures")] or frames
    said = pick.fill(frames, **values) or ""
    if said.count(values["date"]) > 1:
        # (a source that names the day already: "from the contractors' daily cost reports for March 10, 2026")
        said = said.replace(f", as at {values['date']}", "")
    said = re.sub(r"\.\.(?=\s|$)", ".", said)  # 'Ltd.' then '.'
    notes = [said or f"Prepared by {ctx.author.name}, as at {values['date']}."]
    if ctx.distractor_label:
        notes.insert(0, draft_status(ctx))
    notes += extra
    if pick.chance(0.4):
        # a sheet of no money names no currency (blind read 26, my seed-61 read: a measured survey of square feet in
        # a sterling matter noted 'Currency: USD.')
        money = any(isinstance(f.value, Money) for f in ctx.facts)
        # an audit's own working paper is no unaudited draft (blind read 34: 'an audit workpaper says "Amounts
        # unaudited"'); same draw, so nothing else moves
        unaudited = money and not _AUDIT.search(f"{spec.title} {spec.purpose} {ctx.world_title}") \
            and not spec.occupation.startswith("13-2011")
        notes.append(pick.one(["Draft for discussion.", "Amounts unaudited." if unaudited else "Subject to review.",
                               "Subject to review.", f"Currency: {currency}." if money else "Draft for discussion.", pick.one(["Computed lines are live formulas.", "Totals recalculate.",
                                                                    "Formulas left live for review.", "Inputs are typed; computed cells are formulas."])
                               if spec.skeleton is not None else "Totals are formulas."]))
        if notes[-1] in ("Draft for discussion.", "Subject to review.") and (
                _SETTLED.search(f"{spec.title} {spec.purpose}") or done_by_its_day(spec, ctx.locale)):
            # a final run, or a payment file approved for release, is no draft (blind read 29: an 'EFT batch summary
            # ... approved for release' still 'Draft for discussion' the day before the payment); same draw, so
            # nothing else moves
            notes[-1] = "Computed lines are live formulas." if spec.skeleton is not None else "Totals are formulas."
    return notes


# a row that records a payment or a signing done ('Payment: on 8 April 2026 to the agent's account')
_DONE = re.compile(r"\b(?:paid|payment|signed|executed|settled|agreed|completed|transferred)\b", re.I)


def done_by_its_day(spec: Any, locale: str) -> bool:
    """Whether a point of the sheet records a payment or a signing on a day on or before the sheet's own: the sheet
    works from what is done, and is no draft for discussion (blind re-read 36: a waiver fee sheet 'says "Draft for
    discussion" on the day the fee is paid')."""
    from worldsmith.generators.pointed import dates_in

    return any(_DONE.search(point) and any(day <= spec.date for day in dates_in(point, locale))
               for point in getattr(spec, "points", None) or [])


def draft_status(ctx: ArtifactContext) -> str:
    """A draft's status in its own cells, as its author wrote it on its day: what it is (its label before the colon,
    without 'superseded') and the basis its figure rests on where the label gives one; never that it is superseded
    nor what it missed (blind read 35b: 'a "calculation" draft ... annotated as superseded in its own cells'; the
    label stays in the workbook's description, for the reader who finds it later)."""
    from worldsmith.generators.compose.substance.drafts import draft_basis

    from worldsmith.generators.labels import draft_name

    head = draft_name(strip_end(ctx.distractor_label)) or "draft"
    said = f"Status: {lower_first(head)}, for discussion."
    if not re.search(r"\bdraft\b", head, re.I):
        said = f"Status: draft for discussion ({lower_first(head)})."
    basis = draft_basis(ctx)
    return f"{said} {basis[1]}" if basis else said


_AUDIT = re.compile(r"\b(?:audit\w*|workpapers?|working papers?)\b", re.I)


# A sheet its title or purpose says is settled: a final run, one approved or released for payment, one as signed.
_SETTLED = re.compile(r"\b(?:final|approved|released?|for release|signed|sealed|executed|as paid|payment file)\b", re.I)


# Title words of a sheet of dated steps, where 'schedule' is one of them ('Schedule of key dates', a procedural
# timetable), as against a schedule of figures ('Comparable evidence schedule', a schedule of dilapidations).
# A log or register whose title names the team's own work (actions, issues, tasks, decisions, deliverables).
_OWN_WORK = re.compile(r"\b(?:actions?|issues?|tasks?|work|workstreams?|decisions?|raid|status|progress|deliverables?|"
                       r"punch|to-?do|tracker|papers?|filings?|drafts?)\b", re.I)


def logs_things(title: str) -> bool:
    """Whether a title is a log or register of things other than the team's own work ('E-mail review hot documents
    log', 'Investor roadshow and call log', 'Failure register'); not an action log, an issues register or a tracker."""
    return re.search(r"\b(?:log|register)\b", title, re.I) is not None and _OWN_WORK.search(title) is None


_DATED_STEPS = re.compile(r"\b(timelines?|calendars?|milestones?|chronolog\w*|timetables?|deadlines?|dates|procedural|"
                          r"programmes?|steps|plan)\b", re.I)


# Labels of a date someone must meet, as against the day something happened.
_DEADLINE = re.compile(r"\b(deadline|due|hearing|filing|file|expir\w*|expiry|response|reply|answer|submission|"
                       r"completion|closing|signing|target|by which|last day|cut-?off|notice|trial|conference|"
                       r"meeting|review date|payment date|delivery)\b", re.I)


_DAYS = re.compile(r"\b(\d{1,3})(?:-|\s+)(?:calendar\s+)?days?\b", re.I)


def step_bases(facts: list[FactRef], day: dt.date, locale: str) -> dict[int, tuple[bool, str]]:
    """{index: (met, basis)} for the dated steps of a calendar: a day its statement counts in days from another dated
    step of the sheet ('no later than June 15, 2026: 60 days after the certificate ... was published') says so ('60
    days after publication of the certificate'; 'day 180, counting the commencement date as day one'); a deadline
    ahead of the sheet's day whose act another step did by then ('by registering a claim for lien' and the 'lien
    registration date' of May 27) is met. Nothing where no statement counts its days or names its act."""
    dated = [(k, f) for k, f in enumerate(facts) if isinstance(f.value, DateValue)]
    out: dict[int, tuple[bool, str]] = {}
    for k, f in dated:
        triggers = set()
        for m in _DAYS.finditer(f.statement):
            n = int(m.group(1))
            for j, e in dated:
                gap = (f.value.value - e.value.value).days
                name = lower_first(re.sub(r"^(?:the|a|an)\s+", "", strip_end(e.label or ""), flags=re.I))
                if j == k or not name or gap not in (n, n - 1) or j in triggers:
                    continue
                triggers.add(j)
                out[k] = (False, f"{n} days after the {name}" if gap == n else
                          f"Day {n}, counting the {name} as day one")
        if not _DEADLINE.search(f.label or "") or f.value.value <= day:
            continue
        said = {w[:6] for w in re.findall(r"[a-z]{6,}", f.statement.lower())}
        for j, e in dated:
            words = {w[:6] for w in re.findall(r"[a-z]{6,}", (e.label or "").lower())}
            if j != k and j not in triggers and e.value.value <= min(day, f.value.value) and words & said:
                basis = out.get(k, (False, ""))[1]
                act = re.sub(r"^(?:the|a|an)\s+", "", strip_end(e.label or ""), flags=re.I)
                done = f"met on {long_date(e.value.value, locale)} ({lower_first(act)})"
                out[k] = (True, f"{basis}; {done}" if basis else cap_first(done))
                break
    return out


def _work_rows(pick: Picker, cols: list[_Col], layout: dict, ctx: ArtifactContext, scale: float, most: int) -> list[list]:
    """Rows of the author's side's papers (ctx.side_papers): each paper, who makes it, done or to come by the
    sheet's day, and its date; at most `most`, the ones nearest the sheet's day."""
    papers = sorted(ctx.side_papers, key=lambda p: abs((p.day - ctx.spec.date).days))[:most]
    statuses = layout.get("statuses") or ["Open", "Done"]
    done = next((s for s in statuses if s.lower() in ("done", "complete", "closed", "received")), statuses[0])
    ahead = next((s for s in statuses if s.lower() in ("planned", "open", "not started", "on track")), statuses[-1])
    out = []
    for p in sorted(papers, key=lambda p: p.day):
        row = []
        for c in cols:
            role = c.role
            if role == "label":
                row.append(p.title)
            elif role == "owner":
                row.append(p.maker or p.by)
            elif role == "status":
                row.append(done if p.day <= ctx.spec.date else ahead)
            elif role == "date" and c.type == "date":
                row.append(p.day.isoformat())
            elif role == "note":
                row.append("Circulated" if p.day <= ctx.spec.date else "Draft in progress")
            elif c.added:
                row.append(None)
            else:
                row.append(_random_cell(pick, c, layout, ctx, ctx.spec.date, scale, 0))
        out.append(row)
    return out


def _answering(ctx: ArtifactContext, outside: list[str]) -> list[str]:
    """The people who answer a request list: the recipients asked, and the others of their organisations in the
    cast (at most six), so that the work is spread as a real team spreads it."""
    orgs = {p.organisation for p in ctx.to if p.name in outside}
    pool = list(dict.fromkeys([*outside, *(p.name for p in ctx.cast if p.organisation in orgs
                                           and p.name != ctx.author.name)]))
    # a board or committee member, or its chair, oversees the work and answers no request for a system's records
    # (read 14: 'Audit committee members ... and the chair ... are listed as owners of the CDM log, chargemaster, cost
    # report')
    titles = {p.name: p.title for p in ctx.cast}
    working = [n for n in pool if not _GOVERNANCE.search(titles.get(n, ""))]
    return (working or pool)[:max(len(outside), 6)]


# Whose work a request's heading is, by the words of a title (a CFO answers for the accounts, the general counsel for
# the contracts and the litigation): "The Head of IT owns NWC, litigation and census, and the sell-side adviser owns the
# IP register and board minutes" (blind read 21).
_OWNS = [(re.compile(r"financ|tax|billing|treasur|payroll|pay\b|commercial|revenue", re.I),
          re.compile(r"\bcfo\b|financ|controller|account|treasur|\btax\b|billing|revenue|payroll|fp&a", re.I)),
         (re.compile(r"legal|contract|compliance|correspondence|policy|regulatory|insurance", re.I),
          re.compile(r"counsel|legal|lawyer|solicitor|attorney|compliance|secretary|paralegal", re.I)),
         (re.compile(r"\bhr\b|people|process|crew", re.I),
          re.compile(r"\bhr\b|human|people|personnel|crew", re.I)),
         (re.compile(r"\bit\b|systems|data", re.I),
          re.compile(r"\bit\b|technology|information|\bcto\b|\bcio\b|systems|data", re.I)),
         (re.compile(r"coding|clinical", re.I),
          re.compile(r"coding|coder|health information|\bhim\b|clinical|medical records|documentation", re.I)),
         (re.compile(r"operations|site|programme|vessel|response|design", re.I),
          re.compile(r"operations|\bcoo\b|site|project|programme|planner|superintendent|master|marine|technical|"
                     r"engineer|fleet", re.I))]


def owner_for(category, pool: list[str], titles: dict[str, str], drawn: str, holders: list[str] | None = None) -> str:
    """Who answers a request under its heading: one of the side asked whose title is that heading's work, else one
    of those who hold the records (`holders`, else the pool) whose title is no other heading's (a specialist answers
    for their own field only), else the one drawn."""
    if not isinstance(category, str):
        return drawn
    fits = [n for n in pool if any(c.search(category) and t.search(titles.get(n, "")) for c, t in _OWNS)]
    if fits:
        return drawn if drawn in fits else fits[sum(map(ord, category)) % len(fits)]
    general = [n for n in (holders or pool) if not any(t.search(titles.get(n, "")) for _, t in _OWNS)]
    if general:
        return drawn if drawn in general else general[sum(map(ord, category)) % len(general)]
    return drawn


_GOVERNANCE = re.compile(r"\b(chair\w*|committee|board|trustees?|non-executive|independent director|governor)\b", re.I)


def _request_statuses(pick: Picker, cols: list[_Col], layout: dict, rows: list[list], taken: set[tuple[int, int]],
                      day: dt.date, pending: set[int] = frozenset()) -> None:
    """A request's status follows time: one asked in the last few days is still open (blind read 13: medical
    records "requested and 'Closed' the same day"), one under two weeks old is not yet closed, one whose answer
    the list already gives (a fact in its Detail) is received; older ones are any status."""
    status = next((i for i, c in enumerate(cols) if c.role == "status"), None)
    date_col = next((i for i, c in enumerate(cols) if c.type == "date" and c.role == "date"), None)
    if status is None:
        return
    statuses = layout.get("statuses") or ["Open", "Closed"]
    fresh = [s for s in statuses if s.lower() in ("open", "outstanding", "requested")] or statuses[:1]
    chased = next((s for s in statuses if "chased" in s.lower() or "overdue" in s.lower()), None)
    answered = next((s for s in statuses if s.lower() in ("received", "closed")), statuses[-1])
    detail = {r for (r, c) in taken if cols[c].added and cols[c].role == "note"} - set(pending)
    for r, row in enumerate(rows):
        asked = row[date_col] if date_col is not None else None
        if r in detail:
            row[status] = answered
        elif r in pending:
            # asked, and not answered yet: it is not in until its paper is
            old = isinstance(asked, str) and (day - dt.date.fromisoformat(asked)).days >= 14
            row[status] = chased if chased and old else pick.one(fresh)
        elif isinstance(asked, str) and (day - dt.date.fromisoformat(asked)).days < 4:
            row[status] = pick.one(fresh)
        elif isinstance(asked, str) and (day - dt.date.fromisoformat(asked)).days < 14 and row[status] == "Closed":
            # a request is closed once its papers are in and reviewed: not within a week or so of the ask
            row[status] = pick.one([s for s in statuses if s.lower() in ("received", "partially received",
                                                                        "under review")] or fresh)
        elif chased and row[status] in fresh and isinstance(asked, str) \
                and (day - dt.date.fromisoformat(asked)).days >= 14:
            row[status] = chased  # asked a fortnight ago and not in: chased, not 'requested' as if new
        elif chased and row[status] == chased and isinstance(asked, str) \
                and (day - dt.date.fromisoformat(asked)).days < 14:
            row[status] = pick.one(fresh)  # nothing is overdue within a fortnight of the ask


def _asked(ctx: ArtifactContext, pick: Picker, label: int, rows: list[list], lines: list,
           note: int | None = None) -> list[str | None]:
    """Who each request of a working list is asked of, by row: the one of another side the request's detail names as
    its owner ('Owner: the CFO', the target's CFO by title), else the people of the side asked among its readers and
    the cast, the request's words matched to their titles where they can be (owner_for), the work spread over them;
    [] where no reader is of another side."""
    mine = home(ctx, ctx.author.organisation) if ctx.organisations else True
    outside = [p.name for p in ctx.to if ctx.organisations and home(ctx, p.organisation) != mine] \
        or [p.name for p in ctx.to if p.organisation != ctx.author.organisation]
    if not outside:
        return []
    pool = _answering(ctx, outside)
    titles = {p.name: p.title for p in [*ctx.cast, *ctx.to]}
    order = pick.shuffled(pool)
    others = [p for p in ctx.cast if p.organisation != ctx.author.organisation]

    def owner(row: list) -> str | None:
        # (blind read 35b: 'Owner: the CFO' in the detail, 'Requested from' the seller's counsel on every line)
        said = re.search(r"\bOwner:\s*(?:the\s+)?([^,;]+)", str(row[note] or "")) if note is not None else None
        if said is None:
            return None
        words = said[1].strip()
        return next((p.name for p in others if re.search(rf"\b{re.escape(words)}\b", p.title or "", re.I)), None)

    return [(owner(row) or owner_for(row[label], pool, titles, order[i % len(order)])) if ln.role != "heading"
            else None for i, (row, ln) in enumerate(zip(rows, lines))]


def compose_from_skeleton(ctx: ArtifactContext) -> SheetContent:
    """A sheet whose numbers the engine laid out: the skeleton's lines as they stand, with notes around them."""
    spec = ctx.spec
    sk = spec.skeleton
    pick = Picker(ctx.seed)
    extra = []
    if spec.rolls_up_to and sk.bottom is not None:
        # a day's log says where its total goes: into the running total of what is claimed (blind read 13: "no
        # link to the USD 412,500 claim line"); its day keeps the sentence its own across the series
        what = spec.rolls_up_to.replace("_", " ")
        period = "week to" if re.search(r"\bweek(ly)?\b", spec.title, re.I) else "day,"
        extra.append(f"The total for the {period} {long_date(spec.date, ctx.locale)}, carries into the running "
                     f"total of the {what} claimed.")
    columns, rows = [c.model_copy() for c in sk.columns], [list(ln.cells) for ln in sk.lines]
    from worldsmith.generators.pointed import working_list

    listed = working_list(spec.title) if spec.points else None
    # (a list whose points give no figure has no figure column: one fewer than its genre's)
    # (and one more where its points file the requests under heads: pointed._categories)
    heads = int(any(c.name == "Category" for c in columns) and all(c[0] != "Category" for c in listed["columns"])) \
        if listed is not None else 0
    if listed is not None and listed.get("asked_of") and len(columns) - heads in (len(listed["columns"]),
                                                                                 len(listed["columns"]) - 1):
        names = [c.name for c in columns]
        detail = next((c[0] for c in listed["columns"] if c[2] == "note"), None)
        # (a request filed under a head is asked of whoever answers that head: owner_for reads the head)
        asked = _asked(ctx, pick, names.index("Category") if heads else sk.label, rows, sk.lines,
                       names.index(detail) if detail in names else None)
        if asked:
            columns.append(SheetColumn(name=listed["asked_of"], type="text"))
            rows = [row + [who] for row, who in zip(rows, asked)]
    from worldsmith.generators.kinds.spreadsheet.issues import is_issues_list, issue_columns

    if is_issues_list(spec.title):
        # an issues list is a list of issues: each line with the columns its purpose names, after the engine's
        # (blind read 17: 'Titled an issues list, but it is a half QoE bridge with no issues, owners or status')
        columns, rows = issue_columns(ctx, columns, rows, sk.lines)
    else:
        from worldsmith.generators.kinds.spreadsheet.routes import route_columns

        # a comparison of two routes says which line is whose (blind read 17: 'a "cost comparison" that compares
        # nothing')
        columns, rows = route_columns(ctx, columns, rows, sk.lines)
    return SheetContent(title=spec.title, sheet_name=sheet_name(spec.title), currency=sk.currency,
                        columns=columns, rows=rows, notes=_notes(pick, ctx, sk.currency, extra))


def compose_sheet(ctx: ArtifactContext) -> SheetContent:
    """A sheet for the context, with a row per item of the plan its title lists (ctx.kind_items)."""
    from worldsmith.generators.kinds.spreadsheet.items import with_items

    return with_items(_compose_sheet(ctx), ctx)


def _compose_sheet(ctx: ArtifactContext) -> SheetContent:
    """A sheet for the context: the skeleton's lines where the engine laid them out; otherwise exactly spec.rows
    rows, and each fact's value as a typed cell in one of them."""
    spec = ctx.spec
    assert isinstance(spec, SheetSpec), "compose_sheet needs a SheetSpec"
    if spec.skeleton is not None:
        return compose_from_skeleton(ctx)
    pick = Picker(ctx.seed)
    from worldsmith.generators.kinds.spreadsheet.purpose import compose_by_purpose
    laid = compose_by_purpose(ctx, lambda currency, extra: _notes(Picker(ctx.seed), ctx, currency, extra))
    if laid is not None:
        return laid.model_copy(update={"sheet_name": sheet_name(spec.title)})
    key = layout_of(spec.title)
    if key == "schedule" and not _DATED_STEPS.search(sheet_words(spec.title)) \
            and any(not isinstance(f.value, DateValue) for f in ctx.facts):
        # a 'schedule' of figures is not a list of dated steps: only a timeline, a calendar or a title that names its
        # dates is laid out as milestones (blind read 26: 'Titled "Comparable evidence schedule" but it is a
        # milestone tracker with no comparables')
        key = "default"
    layout = _for_matter(bank("sheets")["layouts"][key], f"{ctx.world_title} {ctx.world_summary}")
    requests = key == "requests"
    # A request list asks for each document once and confirms each fact once: its facts go in a Detail column as
    # written ("31 July 2026" under Requested read as a request dated before the matter began), and a list longer
    # than its items is not padded with "(updated version)" copies of them.
    cols = _columns(layout, [] if requests else ctx.facts)
    if requests and ctx.facts:
        cols.append(_Col("Detail", "text", "note", added=True))
    n = max(1, spec.rows)
    if requests:
        n = max(1, min(n, len(layout.get("items") or [])))
    # a sheet of no kind the title names, whose figures the engine laid out no working for, holds its figures and
    # nothing made up around them: no stock 'Invoice'/'Credit note' rows, no amount beside a count of days (blind
    # reads 16 and 17, the worst file both times: 'The waiting period | One-off | ... | 3250 | To review')
    # the same for a computation, a damages schedule or a bridge: every line of it is a figure, and a line no fact
    # gives is a made-up figure (blind read 25: 'rows such as "Escrow holdback", "Uplift" and "Deductible", each at
    # 50, have nothing to do with a CMR limit')
    bare = bool(layout.get("figures_only")) and bool(ctx.facts)
    # a log or register of things (calls, hot documents, failures) is no list of the team's own papers: with no
    # items of its own in the ledger it holds its figures and nothing else (blind read 27: 'a hot documents log that
    # lists the firm's own deliverables', 'an investor call log with no investors or calls')
    things = key == "tracker" and logs_things(spec.title) and bool(ctx.facts)
    bare = bare or things
    if bare:
        n = len(ctx.facts)
    amounts = [float(f.value.amount) for f in ctx.facts if isinstance(f.value, Money)]
    scale = median(amounts) if amounts else pick.one([40_000.0, 150_000.0, 600_000.0])
    currency = next((f.value.currency for f in ctx.facts if isinstance(f.value, Money)), "USD")

    rows = [[_random_cell(pick, c, layout, ctx, spec.date, scale, r) for c in cols] for r in pick.shuffled(range(n))]
    # Each fact takes a row of its own while rows last, then shares one whose cell of its type is still free.
    taken: set[tuple[int, int]] = set()
    order = pick.shuffled(range(n))
    work = _work_rows(pick, cols, layout, ctx, scale, max(0, n - len(ctx.facts))) \
        if key in ("tracker", "schedule") and not things else []
    if work:
        # A tracker or a calendar lists its team's own papers, done and to come, and a row for each fact; no stock
        # tasks ("Book call 3", "Check calendar 2")
        rows = rows[:len(ctx.facts)] + work
        n, order = len(rows), list(range(len(rows)))
    label = next((i for i, c in enumerate(cols) if c.role == "label"), None)
    placed: dict[int, FactRef] = {}
    pending: set[int] = set()
    for j, fact in enumerate(ctx.facts):
        col = len(cols) - 1 if requests else _fact_column(cols, fact)
        assert col is not None
        candidates = order[j % n:] + order[:j % n]
        r = next((r for r in candidates if (r, col) not in taken), None)
        if r is None:
            cols.append(_Col(f"{cols[col].name} ({len(cols) + 1})", cols[col].type, cols[col].role, added=True))
            for row in rows:
                row.append(None)
            col, r = len(cols) - 1, candidates[0]
        taken.add((r, col))
        placed.setdefault(r, fact)
        rows[r][col] = fact.text if requests else _fact_cell(fact)
        if label is not None and (r, label) not in taken:
            named = strip_end(fact.label or fact.statement)
            # a figure the author's own side made (its sample) is not the client's to confirm: what is asked for is
            # the records behind it (read 14: 'The "probe sample" is shown as a client deliverable')
            own = ctx.author.organisation.split()[0]
            ours = requests and re.search(rf"\b{re.escape(own)}\b", fact.statement) is not None
            if ours:
                pending.add(r)
            rows[r][label] = (f"Source documents for the {lower_first(re.sub(r'^(the|a|an) ', '', named, flags=re.I))}"
                              if ours else f"Confirmation of {lower_first(named)}" if requests else
                              # a row is named as a ledger line is, without an article (my seed-97 read: 'The waiting
                              # period', 'The lost gross profit per day' as row labels of a first-cut draft)
                              cap_first(re.sub(r"^(the|a|an)\s+", "", named, flags=re.I)))
            taken.add((r, label))
            category = next((i for i, c in enumerate(cols) if c.role == "category"), None)
            if requests and category is not None:
                rows[r][category] = (layout.get("categories") or ["General"])[0]

    if bare:
        for r, row in enumerate(rows):
            for i, c in enumerate(cols):
                if (r, i) not in taken and c.role != "label":
                    row[i] = None
            basis = next((i for i, c in enumerate(cols) if c.role == "note" and not c.added), None)
            if basis is not None and r in placed and (r, basis) not in taken:
                # a figure's basis is the paper that carries it or how it is worked out, never a stock 'Per agreed
                # terms' nor a blank (blind read 25: 'the Basis column is empty')
                row[basis] = basis_of(placed[r], ctx.locale) or None
    owner = next((i for i, c in enumerate(cols) if c.role == "owner"), None)
    mine = home(ctx, ctx.author.organisation) if ctx.organisations else True
    outside = [p.name for p in ctx.to if ctx.organisations and home(ctx, p.organisation) != mine] \
        or [p.name for p in ctx.to if p.organisation != ctx.author.organisation]
    if requests and owner is not None and outside:
        # who answers a request is the side asked for the papers, not the team that asks (a buyer's counsel, its
        # accountants and the target's CFO listed as owners of one list without distinction, blind read 9); and
        # the work spreads over that side's people, not all on one (blind read 13: "all 16 items are owned by
        # Angela Long")
        pool = _answering(ctx, outside)
        order_owners = pick.shuffled(pool)
        category = next((i for i, c in enumerate(cols) if c.role == "category"), None)
        titles = {p.name: p.title for p in [*ctx.cast, *ctx.to]}
        # an adviser to the side asked (its banker, its lawyers) runs the process, it does not hold the records:
        # only a heading of its own trade is its to answer
        roles = {o.name: o.role for o in ctx.organisations}
        org_of = {p.name: p.organisation for p in [*ctx.cast, *ctx.to]}
        holders = [n for n in pool if not _ADVISER.search(roles.get(org_of.get(n, ""), ""))] or pool
        for i, row in enumerate(rows):
            row[owner] = order_owners[i % len(order_owners)] if pick.chance(0.75) else pick.one(pool)
            if category is not None:
                row[owner] = owner_for(row[category], pool, titles, row[owner], holders)
    if requests:
        # what the list asks about a figure no paper has set out by its day, or the records behind the asker's own
        # figure, is not in yet: its status follows the ledger's dates, not the Detail the list gives (blind read 25:
        # 'Source documents for the probe sample marked Received a day before the plan agrees the selection')
        pending |= {r for r, f in placed.items() if not f.paper and (f.coming_paper or f.coming_day)}
        _request_statuses(pick, cols, layout, rows, taken, spec.date, pending)
    if work:
        # a fact's row in a list of work: a date gone by is done, one ahead is open; no stock note beside it
        statuses = layout.get("statuses") or ["Open", "Done"]
        done = next((x for x in statuses if x.lower() in ("done", "complete", "closed", "received")), statuses[0])
        ahead = next((x for x in statuses if x.lower() in ("planned", "open", "not started", "on track")), statuses[-1])
        for r, (fact, row) in enumerate(zip(ctx.facts, rows)):
            # the day of an event (a casualty, a fire) is no one's task to do: it has no owner and is not 'Done'
            # (read 16: 'lists "The date of the casualty" as a Done task owned by Edward')
            event = isinstance(fact.value, DateValue) and not _DEADLINE.search(fact.label or fact.statement)
            for i, c in enumerate(cols):
                if (r, i) in taken and c.role != "label":
                    # a fact's own cell: a text fact's value is in the Notes column (an unseen outline's review log
                    # and call log lost their text facts here: planned_fact_present)
                    continue
                if c.role == "status":
                    later = isinstance(fact.value, DateValue) and fact.value.value > spec.date
                    row[i] = ("Scheduled" if later else "Past") if event else ahead if later else done
                elif c.role == "note" and not c.added:
                    row[i] = None
                elif c.role == "owner" and event:
                    row[i] = None
                elif c.role == "label" and event and isinstance(row[i], str):
                    row[i] = cap_first(re.sub(r"^(?:the\s+)?(?:date|day)\s+of\s+(?:the\s+)?", "", row[i], flags=re.I))
        # a step's day as counted from its trigger, and a deadline whose act is done by the sheet's day is met, not
        # 'On track' (blind read 28: 'preservation still "On track" after the Form 8 was registered')
        bases = step_bases(ctx.facts, spec.date, ctx.locale)
        status = next((i for i, c in enumerate(cols) if c.role == "status"), None)
        if bases and key == "schedule":
            cols.append(_Col("Basis", "text", "basis", added=True))
            for r, row in enumerate(rows):
                met, basis = bases.get(r, (False, None)) if r < len(ctx.facts) else (False, None)
                row.append(basis)
                if met and status is not None:
                    row[status] = "Met"
    if layout.get("accounts"):
        _account_rows(pick, cols, layout, rows, {r for (r, _) in taken}, spec)
        rows = _accounts_then_counts(pick, cols, rows, {r for (r, _) in taken})
    seq = next((i for i, c in enumerate(cols) if c.role == "seq"), None)
    date_col = next((i for i, c in enumerate(cols) if c.type == "date" and c.role == "date"), None)
    if date_col is not None and (key in ("fees", "damages", "schedule", "requests") or work):
        rows.sort(key=lambda row: str(row[date_col] or ""))
    if seq is not None:
        for i, row in enumerate(rows, 1):
            row[seq] = i

    notes = _notes(pick, ctx, currency, [])
    # A ledger amount is never added to rows that are not its parts: a column holding one has no Total.
    holding = {c for (_, c) in taken if cols[c].type in ("money", "number")}
    if bare:
        # a sheet of bare figures shows the columns that hold them, not the layout's empty ones (blind read, session
        # 16: a draft 'first cut' of two figures in a six-column grid whose Category, Date and Notes were all blank)
        keep = [i for i, c in enumerate(cols) if c.role == "label" or any(row[i] is not None for row in rows)]
        # the basis of a figure reads after the figure, not before a column a fact of another type added
        keep.sort(key=lambda i: cols[i].role == "note")
        holding = {keep.index(i) for i in holding if i in keep}
        cols, rows = [cols[i] for i in keep], [[row[i] for i in keep] for row in rows]
        if len({f.value.currency for f in ctx.facts if isinstance(f.value, Money)}) == 1:
            # a bare figure's money column says its currency: no totals row or note carries it (my read of
            # office-rent-review at seed 61: rents per square foot under a bare 'Amount' in a sterling matter)
            for c in cols:
                if c.type == "money" and c.name == "Amount":
                    c.name = f"Amount ({currency})"
    columns = [SheetColumn(name=c.name, type=c.type, total=c.total and c.type in ("money", "number") and i not in holding)
               for i, c in enumerate(cols)]
    if not any(c.total for c in columns):
        # a sheet with no totals row does not say its totals are formulas (blind read 26: '"Totals are formulas." is
        # false because the sheet has no totals or formulas')
        notes = [n for n in notes if n != "Totals are formulas."]
    return SheetContent(
        title=spec.title,
        sheet_name=sheet_name(spec.title),
        currency=currency,
        columns=columns,
        rows=rows,
        notes=notes,
    )

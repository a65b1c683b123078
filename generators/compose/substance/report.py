"""A report's sections: who prepared it for whom, the scope, numbered findings with each figure's derivation and
source, the analysis that rebuilds each derived figure, and the risks to its headline."""

from __future__ import annotations

import datetime as dt
import re

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.facts import agree
from worldsmith.generators.compose.parties import client_of, opponent, own_reader
from worldsmith.generators.compose.text import cap_first, join_names, long_date, lower_first
from worldsmith.generators.context import ArtifactContext
from worldsmith.generators.compose.substance.method import (_ON_PAPER, basis_of, build_up, instructions, method_lines,
                                                              topic_of, title_lists, topics,
                                                              unreported_heads)
from worldsmith.generators.compose.substance.common import (derivation, figures, gist, identity, label, merge_short,
                                                            names, plain, points_of, source_phrase, stated, topic, cite_line,
                                                            plain_sentence)


# A title that names its paper by kind, with what it is of: 'Replacement cost appraisal: Joliet warehouse'.
_PAPER = re.compile(r"^(?P<what>[A-Za-z -]*?\b(?:appraisal|estimate|valuation|survey|assessment|inspection|"
                    r"overview)(?: for [a-z -]+)?)(?:\s*[:–-]\s*(?P<of>[^:()]+?))?\s*$", re.I)


_VALUED = re.compile(r"(?i)\b(?:valuation date(?: is| of)?|as at|at the (?:term|valuation|relevant|review|expiry) date),?\s+"
                     r"(?P<day>\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|November|"
                     r"December) \d{4}|(?:January|February|March|April|May|June|July|August|September|October|November|"
                     r"December) \d{1,2}, \d{4})")


def valuation_day(ctx: ArtifactContext) -> str:
    """The day a valuation is made as at, where its own points or purpose name one before the report's date ('to value
    the landlord's reversion at the term date, 24 June 2026'); '' where none is named or the paper is no valuation
    (blind read 36: a valuation 'as at 25 September 2026', its report date, whose instructions put it at the term
    date)."""
    if not re.search(r"(?i)\bvalu(?:ation|er)|apprais", ctx.spec.title):  # type: ignore[union-attr]
        return ""
    texts = [p.text for p in (getattr(ctx.spec, "points", None) or [])] + [getattr(ctx.spec, "purpose", "") or ""]
    for text in texts:
        m = _VALUED.search(" ".join(text.split()))
        if not m:
            continue
        for form in ("%d %B %Y", "%B %d, %Y"):
            try:
                day = dt.datetime.strptime(m.group("day"), form).date()
            except ValueError:
                continue
            if day < ctx.spec.date:  # type: ignore[union-attr]
                return long_date(day, ctx.locale)
    # a valuation of a reversion or of the diminution in it is as at the term's end, which the matter names, where the
    # paper itself names no day (blind read 36: a first draft of 4 September valued 'as at 4 September 2026', its own
    # date, where the lease had expired on 24 June)
    summary = getattr(ctx, "world_summary", "") or ""
    if re.search(r"(?i)\b(?:diminution|reversion|dilapidation|section 18)", f"{ctx.spec.title} {ctx.spec.purpose} "
                 f"{summary}"):
        m = _TERM_END.search(" ".join(summary.split()))
        day = _parsed(m.group("day")) if m else None
        if day is not None and day < ctx.spec.date:  # type: ignore[union-attr]
            return long_date(day, ctx.locale)
    return ""


_MONTHS = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_TERM_END = re.compile(rf"(?i)\b(?:expired|expires|ended|ends|terminated|determined)\s+on\s+"
                       rf"(?P<day>\d{{1,2}} {_MONTHS} \d{{4}}|{_MONTHS} \d{{1,2}}, \d{{4}})")


def _parsed(text: str) -> dt.date | None:
    """A day written '24 June 2026' or 'June 24, 2026'."""
    for form in ("%d %B %Y", "%B %d, %Y"):
        try:
            return dt.datetime.strptime(text, form).date()
        except ValueError:
            continue
    return None


def report_summary(pick: Picker, ctx: ArtifactContext, day: str) -> list[str]:
    """An executive summary: who prepared it for whom, on what, as at when, and the headline figure with its basis."""
    points = points_of(ctx)
    # prepared for the client served, else an own-side reader's house, never for a reader across the table (the
    # insurer's adjuster prepared no report 'for' the insured)
    mine = own_reader(ctx)
    client = client_of(ctx) or (mine.organisation if mine is not None else "")
    for_whom = f" for {client}" if client and client != ctx.author.organisation else ""
    first = f"{ctx.author.organisation} prepared this report{for_whom} on {topic(ctx.spec.title, names(ctx))}, as at {day}."
    named = _PAPER.match(ctx.spec.title.strip())
    if named:
        # a paper its title names by kind ('Replacement cost appraisal: Joliet warehouse') says what it is, not 'this
        # report on replacement cost appraisal (Joliet warehouse)'
        what = named.group("what")
        what = what if what[:2].isupper() else what[:1].lower() + what[1:]  # 'IT systems', not 'iT systems'
        thing = (named.group("of") or "").strip()
        # 'the Joliet warehouse' (a common noun last), 'M/T Aurelian Tide' (a name)
        of = "" if not thing else f" of {thing}" if re.match(r"(the|a|an)\b", thing) or thing.split()[-1][:1].isupper() \
            else f" of the {thing}"
        first = f"{ctx.author.organisation} prepared this {what}{of}{for_whom}, as at {day}."
    if not points or identity(points[0]) or _party_named(ctx, points[0]):
        # a name is no headline ("The headline is that the corporate debtor is <the company>" in each weekly report,
        # read 28's filler): a report with nothing but names says what it is and whom it is for
        return [first]
    main = points[0]
    flags = red_flags(ctx)
    # (the figure itself, with its basis: "The headline is that ..." was the engine's lead-in, blind read 34)
    head = cap_first(plain(main))
    how, more = derivation(main, ctx.facts), gist(main, ctx.facts)
    # (the figure alone where it has a basis: the analysis says how it is worked, and a summary that said it too drew
    # the analysis's own sentence, in 5 of a series' 12 issues, test_compose_substance)
    head = head + "." if how else head + (f": {lower_first(more)}." if more else ".")
    if flags and not how:
        # a red-flag report leads with its red flag, not with whatever figure it carries ('The headline is that
        # the escrow percentage is 7.5%' in counsel's red-flag report)
        head = f"The principal red flag is that {flags[0][1]}."
    rest = [plain_sentence(pick, f) for f in points[1:3] if f.text not in head]  # (the headline's inputs said once)
    return [in_own_report(own_voice(" ".join([first, head, *rest, *valuation_method(ctx.spec.title)]),
                                    ctx.author.organisation))]


def _party_named(ctx: ArtifactContext, f) -> bool:
    """Whether a fact's value is the name of one of the matter's organisations (however many words it has)."""
    return f.value.type == "text" and " ".join(f.text.lower().split()) in {" ".join(o.name.lower().split())
                                                                          for o in ctx.organisations}


# An appraisal or valuation says how the value was reached, by the basis its title names (read 9: a replacement
# cost appraisal 'with no valuation method at all').
_METHODS = [
    (re.compile(r"replacement cost", re.I),
     "The value is the cost of rebuilding the building new, with materials of like kind and quality, at prices current "
     "at the valuation date: a quantity survey of the structure, priced by trade, with site work, fees and permits added "
     "and no deduction for depreciation."),
    (re.compile(r"actual cash value|\bACV\b", re.I),
     "The value is the replacement cost new less depreciation for the age, condition and remaining useful life of "
     "each building component at the date of loss."),
    (re.compile(r"market value|fair value|enterprise value", re.I),
     "The value is read from comparable transactions and cross-checked against an income approach, on the basis "
     "and at the date stated."),
]


def valuation_method(title: str) -> list[str]:
    """How an appraisal or valuation reached its figure, by the basis its title names; [] for any other report."""
    if not re.search(r"\b(apprais\w*|valuation)\b", title, re.I):
        return []
    return [text for pattern, text in _METHODS if pattern.search(title)][:1]


def own_voice(text: str, org: str) -> str:
    """A statement that names the author's own firm in the third person, in the firm's own voice: 'as agreed with
    Verrin Mace and set out in its final report' -> 'as agreed with us and set out in our final report'; 'Verrin
    Mace's final QoE' -> 'our final QoE'. (A firm does not cite itself by name in its own report.)"""
    short = re.sub(r"[,.]?\s+(LLP|LLC|Ltd\.?|Limited|Inc\.?|plc|PLC|Corporation|Corp\.?|& Co\.?)$", "", org).strip()
    if not short or short == org and len(org.split()) < 2:
        return text
    first = org.split()[0]
    if len(org.split()) > 1 and len(first) > 3 and first[:1].isupper() and first not in ("The", "First") and \
            first != short:
        # the house by its first word, as its own people say it ('Brightmoor's preliminary findings', 'the record
        # shows that Brightmoor backdates' in Brightmoor's own report, read 16)
        text = re.sub(rf"(^|(?<=[.:;] )){re.escape(first)}'s\b", "Our", text)
        text = re.sub(rf"\b{re.escape(first)}'s\b", "our", text)
        text = re.sub(rf"\b(?:[Tt]he record shows that |[Ww]e note that )?{re.escape(first)} ([a-z]+?)s\b(?! \w+'s)",
                      lambda m: f"we {m.group(1)}", text)
        text = re.sub(r"(^|(?<=[.:;] ))we ", "We ", text)
    name = re.escape(short)
    text = re.sub(rf"(^|(?<=[.:;] )){name}'s\b", "Our", text)
    text = re.sub(rf"\b{name}'s\b", "our", text)
    text = re.sub(rf"\b(with|by|from|to) {name}(?: {re.escape(org[len(short):].strip(' ,'))})?\b( and [^.;:]*?)\bits\b",
                  r"\1 us\2our", text)
    return re.sub(rf"\b(with|by|from|to) {name}\b(?! \w)", r"\1 us", text)


# A report citing itself as another paper would (read 10: a final QoE that 'calls itself "our final report" from
# within'): the clause goes, and 'our final QoE' is 'our QoE'.
_SELF_CITE = re.compile(r",? as agreed with us and set out in our (?:final )?report\b|,? as set out in our (?:final )?report\b")
_OUR_FINAL = re.compile(r"\b([Oo]ur) final (QoE|report|review)\b")


def in_own_report(text: str) -> str:
    """A statement as the report it comes from gives it: no citation of itself."""
    return _OUR_FINAL.sub(r"\1 \2", _SELF_CITE.sub("", text))


def report_scope(pick: Picker, ctx: ArtifactContext, day: str) -> list[str]:
    """Scope and approach: what was reviewed (the workings the figures are read from), whose records, to when."""
    client = client_of(ctx)
    sheets = list(dict.fromkeys(m.group("sheet") for f in ctx.facts
                                for m in [re.match(r'^the "[^"]+" line of the (?P<sheet>.+)$', source_phrase(f))] if m))
    worked = f" and rebuilt each figure in the {join_names(sheets)}" if sheets else ""
    # (an auditor recomputes the figures of the records it reviews; a valuer or an expert makes its own figures, and
    # its report shows their working: blind read 36, a valuation 'recomputing every derived figure from its inputs')
    from worldsmith.generators.compose.substance.memo import audit_report

    derived = ", recomputing every derived figure from its inputs" if any(f.reason for f in ctx.facts) and \
        audit_report(ctx) else ""
    # an adviser works on its client's records, with the scope agreed by the client; a party reports on its own
    reader = next((p for p in ctx.to if p.organisation == client), None) if client else None
    agreed = " " + pick.reword(f"{reader.name} [~agreed|settled|fixed] the scope with {ctx.author.name} before the work "
                               f"[~began|started].") if reader else ""
    # diligence reads the target's records (the buyer's adviser reviews what the target put in the data room, not
    # its own client's: "it says the records came from Pennock rather than the target")
    target = next((o.name for o in ctx.organisations if re.search(r"\btarget\b", o.role, re.I)
                   and o.name != client), "")
    if target == ctx.author.organisation:
        # the target's own paper for a buyer's diligence describes its own business from its own records; it reviews
        # nothing 'it made available in the data room' (read 9)
        told = instructions(ctx)
        return [f"{ctx.author.organisation} prepared this paper from its own records as at {day}, for the buyer's "
                f"due diligence." + (f" {told.replace('This report sets out our', 'It sets out our')}" if told else "")
                + " It is provided for information; it gives no warranty, and any warranty is given only in the sale "
                  "agreement."]
    # (and the records of the party the facts are about, not the client's: an audit of the licensee's royalty
    # reports read 'the records made available by' the licensor that engaged the auditors, blind read 26)
    whose = f"the records {target} made available in the data room" if target else \
        f"the records made available by {ctx.records_from}" if ctx.records_from else \
        f"the records made available by {client}" if client else f"{ctx.author.organisation}'s own records"
    # the instructions, then what was reviewed, then the method in the statements' own words (read 16: a forensic
    # report that never said how its USD 41,500 a day was reached, nor what it left out)
    told = instructions(ctx)
    if not (target or ctx.records_from or client):
        # a house reporting on its own figures does not review 'its own records' and rebuild them as an auditor would
        # (blind read 29: a CFO's board paper 'written like an audit report')
        held = f"the {join_names(sheets)}" if sheets else "our own records"
        return [(f"{told} " if told else "") + f"The figures are those of {held} as at {day}"
                + (", each derived figure worked from its inputs below." if derived else "."),
                *(["Method. " + " ".join(method_lines(ctx))] if method_lines(ctx) else [])]
    return [(f"{told} " if told else "") + f"We reviewed {whose} up to {day}{worked}{derived}.{agreed}",
            *(["Method. " + " ".join(method_lines(ctx))] if method_lines(ctx) else [])]


def report_background(ctx: ArtifactContext, day: str) -> list[str]:
    """Why the report exists: who engaged the author's house, to report on what, and the thing it concerns."""
    from worldsmith.generators.compose.parties import engaged_by

    # only a house that serves someone was engaged ('Harlan engaged Meridian' made the insured the insurer's client)
    client = engaged_by(ctx) or client_of(ctx)
    who = f"{client} engaged {ctx.author.organisation}" if client and client != ctx.author.organisation else \
        f"{ctx.author.organisation} undertook this work"
    things = [f for f in ctx.facts if identity(f)]
    about = " It concerns " + join_names([f"{label(f)}, {f.text}" for f in things]) + "." if things else ""
    from worldsmith.generators.compose.bank import picker_for

    held = picker_for(ctx, 11).reword("[~records then available|records then held|papers then available]")
    return [f"{who} to report on {topic(ctx.spec.title, names(ctx))}. The figures are stated as at {day}, on the {held}."
            f"{about}"]


def report_risks(pick: Picker, ctx: ArtifactContext) -> list[str]:
    """The risks to the headline figure: each input it is built from, and the other side's likely challenge; in a
    red-flag report, what the red flag puts at stake first."""
    points = points_of(ctx)
    if not points:
        return []
    flagged = flag_risks(ctx)
    if flagged and re.search(r"escrow|W&I|indemnit|retention", label(points[0]), re.I):
        # (the protection is weighed against the flag, not 'may be disputed': read 19's 'Risks section says only
        # that the seller "may dispute the escrow percentage"')
        return flagged
    main = points[0]
    inputs = [g for g in ctx.facts if g is not main and main.reason and label(g) in main.reason]
    # the input that carries most of the risk: the largest of them, by amount (never every input in turn: 'X is an
    # input to Y; if it is not borne out, Y moves with it' read as circular)
    # (of a difference, the deductions carry the risk, not the base they come off: 'management EBITDA less the net
    # QoE adjustments')
    less = re.search(r"\b(less|minus)\b| - ", main.reason)
    if less:
        inputs = [g for g in inputs if main.reason.find(label(g)) > less.start()]
    money = [g for g in inputs if g.value.type == "money" and getattr(g.value, "amount", None) is not None]
    rows = []
    if money:
        big = max(money, key=lambda g: g.value.amount)
        which = f"Of the inputs to {label(main)}, {label(big)} ({big.text}) is the largest and" if len(money) > 1 else \
            f"{cap_first(label(big))} ({big.text})"
        plural = label(big).split()[-1].endswith("s") and not label(big).endswith("ss")
        # a share of the input moves with the input by that share only (read 12: 'Its risk section says lost profits
        # could move "by up to" the USD 8.75M of lost sales'): the rate that applies, where the formula takes one
        rate = next((g for g in ctx.facts if g.value.type == "percent" and label(g) in main.reason), None)
        main_plural = label(main).split()[-1].endswith("s") and not label(main).endswith("ss")
        moves = "move" if main_plural else "moves"
        bare_big = re.sub(r"^(the|a|an)\s+", "", label(big))
        # a price or a rate the formula multiplies moves the total in proportion, not 'by up to' the unit figure
        # (read 14: 'Reasons that the claim "moves by up to" USD 1,450', a list price per user a year)
        factor = re.search(rf"\btimes (?:the )?{re.escape(bare_big)}\b|\b{re.escape(bare_big)} times\b", main.reason)
        by = (f"{moves} by {label(rate)} ({rate.text}) of any shortfall" if rate is not None and
              re.search(r"\b(of|times)\b", main.reason) else
              f"{moves} in proportion to it" if factor else f"{moves} by up to that amount")
        rows.append(agree(f"{which} {'carry' if plural and len(money) == 1 else 'carries'} most of the risk: if "
                          f"{'they are' if plural and len(money) == 1 else 'it is'} not sustained, {label(main)} {by}.",
                          [label(big)]))
    from worldsmith.generators.compose.substance.memo import uncertain
    doubt = uncertain(ctx)
    if doubt:
        rows.append(doubt)
    other = opponent(ctx)
    if other and main.value.type != "text":
        src = source_phrase(main)
        # the challenge expected and where it will fall, not a bare 'may dispute' (read 14: 'Closes with "Tessaline
        # ... may dispute the Quorvex audit claim."')
        own = ctx.author.organisation.split()[0]
        # the count this side made is the one the other side tests, before a figure both already hold
        counted = sorted([g for g in inputs if g.value.type == "number"], key=lambda g: (own not in g.statement, (getattr(g.value, "unit", "") or "") in
                                        ("years", "months", "weeks", "days", "hours")))
        rows.append(f"{other} may dispute {label(main)}" +
                    (f", and the challenge is likeliest on {label(counted[0])} ({counted[0].text}), which this "
                     f"report rests on" if counted else "") +
                    (f"; the support is at {src}." if src else "."))
    return merge_short(rows) if rows else []


_SURVEY = re.compile(r"\b(survey|inspection|condition report)\b", re.I)


def attendance(ctx: ArtifactContext) -> str:
    """A survey's attendance and method: who attended what, the heads examined, the primary papers checked, and
    that a figure not measured is recorded as another's; '' for any other paper (read 19: 'Not a survey report: no
    attendance, method or steering-gear examination')."""
    from worldsmith.generators.compose.substance.memo import _EXPERT

    here = next((o for o in ctx.organisations if o.name == ctx.author.organisation), None)
    if not _SURVEY.search(ctx.spec.title) or here is None or not _EXPERT.search(f"{here.role} {ctx.author.title}"):
        return ""
    thing = next((f.text for f in ctx.facts if _names_a_thing(f)), "")
    heads = topics(ctx)
    papers = list(dict.fromkeys(m.group("doc") for f in ctx.facts
                                for m in [_ON_PAPER.search(" ".join(f.statement.split()))] if m))
    return (f"Attendance and method. {ctx.author.name} ({ctx.author.title}) attended "
            f"{thing or 'the subject of this report'} for this survey" +
            (f" and examined {join_names(heads)}" if heads else "") + "; " +
            (f"particulars were checked against the {join_names(papers)}" if papers else
             "particulars were checked against the papers listed in the Appendix") +
            ". A figure we did not measure ourselves is recorded below as whose it is, with its source.")


def flag_risks(ctx: ArtifactContext) -> list[str]:
    """What each red flag puts at stake, from the figures the report holds on the thing flagged (the share of
    revenue a customer with a termination right brings), and what the protection on file does not cover."""
    out = []
    for f, said in red_flags(ctx):
        name = re.sub(r"^the ", "", label(f).lower())
        tied = [g for g in ctx.facts if g is not f and g.value.type in ("money", "percent", "number") and
                name and name in label(g).lower()]
        hedge = next((g for g in ctx.facts if re.search(r"escrow|W&I|indemnit|retention", label(g), re.I)), None)
        row = f"The red flag is the risk that matters: if {f.text} uses that right" + (
            f", {join_names([f'{label(g)} ({g.text})' for g in tied[:2]])} {'goes' if len(tied) == 1 else 'go'} with "
            f"it" if tied else ", the value attributed to that relationship goes with it") + "."
        if hedge is not None:
            row += (f" {cap_first(label(hedge))} ({hedge.text}) secures warranty claims; it is not sized for the loss "
                    f"of the {name} and does not cover it.")
        out.append(row)
    return out


_SERIAL = re.compile(r"\b(MSN|ESN|IMO|serial|registration|M/T|MT|M/V|MV|SS|tail)\b")


def _names_a_thing(f: FactRef) -> bool:
    """A fact that names what the paper is about (the target, the vessel, 'A320neo MSN 6912 (G-BRWA)')."""
    return identity(f) or (f.value.type == "text" and _SERIAL.search(f.text) is not None)


_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")
_PERIODS = {"months": 1, "quarters": 3}
_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten", 11: "eleven",
          12: "twelve"}
# what a count was read from, in its statement's words ('Brookvale's audit of the callout logs shows ...')
_READ_FROM = re.compile(r"\b(?:analysis|audit|review|examination|reading|measure\w*) of (?:the |its |their )?"
                        r"(?P<src>[a-z][\w -]*?\b(?:logs?|records?|data|reports?|statements?|readings?|returns?))\b")


# A count of months that is a length of time, not of months that happened: its label names a span, or its statement
# says it lasts or runs that long ('the leave lasts 12 months', 'on three months' notice').
_SPAN = re.compile(r"\b(?:length|duration|term|period|notice|tenure|life|lifetime|span|horizon)\b", re.I)
_LASTS = re.compile(r"\b(?:lasts?|runs? for|for a (?:term|period) of|months'|quarters'|months? of notice)\b", re.I)


def counted_periods(f: FactRef, on) -> list[str]:
    """The months or quarters a count of them is made of ('3 months' -> ['March 2026', 'April 2026', 'May 2026']):
    those its statement names, else the last whole ones before `on`; [] for any other fact."""
    unit = getattr(f.value, "unit", "") or ""
    if f.value.type != "number" or unit not in _PERIODS or on is None:
        return []
    n = int(f.value.value)
    if not 1 < n <= 12 or n != f.value.value:
        return []
    text = " ".join(f.statement.split())
    if _SPAN.search(f.label or "") or _LASTS.search(text):
        # a length (a leave, a notice, a term) runs forward from the event that starts it: it counts no months that
        # have passed (blind read 30: a 12-month redeployment leave listed as 'November 2025 ... October 2026', all
        # before the plan that grants it)
        return []
    if unit == "months":
        named = re.findall(rf"\b({'|'.join(_MONTHS)})\b(?:,? (\d{{4}}))?", text)
        if named:
            year = next((y for _, y in reversed(named) if y), str(on.year))
            names = [m for m, _ in named]
            if len(names) == n:
                return [f"{m} {year}" for m in names]
    step = _PERIODS[unit]
    # the last whole periods before the paper's day, counted back from the one before the period it falls in
    month = (on.month - 1) // step * step  # the first month (0-based) of the period the day falls in
    year = on.year
    out = []
    for _ in range(n):
        month -= step
        if month < 0:
            month += 12
            year -= 1
        out.append(f"{_MONTHS[month]} {year}" if step == 1 else f"{_MONTHS[month]} to {_MONTHS[month + step - 1]} {year}")
    return out[::-1]


def itemised(f: FactRef, on) -> str:
    """The items a finding's figure is made of, one by one: the heads its outline lists, or the months or quarters a
    count of them is made of, each with what it was examined for and on what; '' where the figure has none (read 23:
    'Redelivery inspection report and discrepancy list, which lists no discrepancies'; 'A forensic availability report
    that gives no measured availability % for any month'). Names only: the figures are the ledger's."""
    periods = counted_periods(f, on)
    if periods:
        unit = f.value.unit  # type: ignore[union-attr]
        # (a count's label is cast 'the number of quarters below ...' since fad165b: the periods are what it counts)
        words = re.sub(r"^(?:(?:the|a|an) )?(?:number of )?", "", label(f)).split()
        # 'months below 98.0% availability' -> 'below 98.0% availability': what each period was counted for
        what = " ".join(words[1:]) if words and words[0].lower() == unit else ""
        src = _READ_FROM.search(" ".join(f.statement.split()))
        return (f"The {_WORDS.get(len(periods), len(periods))} {unit}" + (f" {what}" if what else "") +
                (f", each read from the {src.group('src')}" if src else ", each examined on its own") + ": " +
                "; ".join(f"({i}) {p}" for i, p in enumerate(periods, 1)) + ".")
    if not f.items or f.value.type not in ("money", "number"):
        return ""
    heads = [h if h[:2].isupper() else h[:1].upper() + h[1:] for h in f.items]
    if len(heads) == 1:
        return f"The {f.text} is for one item: {heads[0]}."
    return (f"The {f.text} covers {_WORDS.get(len(heads), len(heads))} items, each examined and recorded in turn: "
            + "; ".join(f"({i}) {h}" for i, h in enumerate(heads, 1)) + ".")


def report_findings(pick: Picker, ctx: ArtifactContext, method_told: bool = False) -> list[str]:
    """Numbered findings: each fact the report turns on, with how a figure is derived and where it can be read; with
    `method_told`, a figure whose basis the method already gives is found in a line that points to it, not its
    statement again."""
    from worldsmith.generators.compose.substance.submissions import evidence

    out = []
    flags = red_flags(ctx)
    for n, (f, said) in enumerate(flags, 1):
        out.append(f"Finding {n}. Red flag: {said}.")
    # a figure already itemised in an earlier finding (an adjustment listed in the bridge) is not a finding again
    # (read 10: a QoE that 'restates the arithmetic four times')
    listed: list[str] = []
    kept = []
    pts = [f for f in points_of(ctx) if all(f is not g for g, _ in flags)]
    # a named thing whose statement gives figures (a comparable letting) is evidence the report weighs
    pts += [f for f in ctx.facts if evidence(f) and all(f is not g for g in pts) and all(f is not g for g, _ in flags)]
    for f in pts:
        if f.value.type == "money" and not f.reason and any(f.text in x for x in listed):
            continue
        if flags and re.search(r"escrow|W&I|indemnit|retention", label(f), re.I):
            continue  # a protection is weighed against the red flag in the analysis, not found as a legal finding
            # (read 16: '"The escrow percentage is 7.5%" is listed as a legal finding')
        if _names_a_thing(f) and (flags or any(not _names_a_thing(g) for g in pts)) and not evidence(f):
            continue  # what the report is about is no finding of it (read 14: '"Finding 2. The aircraft is A320neo
            # MSN 6912" is padding')
        kept.append(f)
        listed.append(in_own_report(own_voice(stated(pick, f, ctx.facts, cite=False), ctx.author.organisation)))
    # an input another finding already works with its value is no finding of its own (read 15: '"The probe sample is
    # 400 claims" as a finding'; 'Finding 3. The licensed Named Users are 1,200 users.')
    said = dict(zip((id(f) for f in kept), listed))
    kept = [f for f in kept if f.reason or f.value.type not in ("money", "number", "percent") or
            not any(g is not f and g.reason and label(f) in g.reason and f.text in said[id(g)] for g in kept)]
    # a past date is background, not a finding (read 15: 'Filler finding ("In addition, the date of the casualty
    # was...")'), unless it is all the report has
    kept = [f for f in kept if not (f.value.type == "date" and f.past)] or kept
    from worldsmith.generators.compose.substance.memo import _EXPERT, _VIOLATION

    here = next((o for o in ctx.organisations if o.name == ctx.author.organisation), None)
    expert = here is not None and (_EXPERT.search(here.role) is not None or
                                   re.search(r"\b(surveyors|experts|engineers|technical consultants)\b", here.role, re.I) is not None)
    heads = topics(ctx)
    found = [topic_of(heads, f) for f in kept] if heads else []
    if heads and len([h for h in found if h]) != len({h for h in found if h}) and not title_lists(ctx):
        heads = []  # a purpose's heads that two findings share head neither (the loss and the period both 'the period')
    for n, f in enumerate(kept, len(flags) + 1):
        body = in_own_report(own_voice(stated(pick, f, ctx.facts, cite=False), ctx.author.organisation))
        if _names_a_thing(f) and evidence(f):
            # a named thing the report weighs is found with the figures its statement gives (blind read 17: a
            # valuation that went 'from a GBP 28.80 net effective rent to GBP 31 with no adjustments')
            body = evidence(f)
        if method_told and f.establish and not f.reason and any(basis_of(f)):
            body = f"{cap_first(plain(f))}, measured as set out under Method."
        body = re.sub(r"^(?:In addition|Further|Separately|Moreover|Also), ", "", body)
        body = cap_first(body)
        cut = re.match(r"^(?P<fact>.+?), a violation of .*\bcaus\w*.*$", body)
        if expert and cut and _VIOLATION.search(body) and f.text in cut.group("fact"):
            # a surveyor reports what was found, not the legal conclusion (read 15: 'the surveyor states the legal
            # conclusion "proximately caused the allision"')
            body = (cut.group("fact") + ". Whether that was a violation, and whether it caused the casualty, are "
                    "questions of law and causation for others; this report records the facts found.")
        # an expert reports the fact, not another firm's case on it ('Harrowvane's ground for breaking Kestrel Bay's
        # limit ...: the vessel entered ...' in the surveyor's own report read as a surveyor giving strategy)
        m = re.match(r"^(?P<org>[A-Z][\w&.' -]+?)'s [^:]{3,120}: (?P<rest>.+)$", body)
        # (not where the figure itself stands before the colon: 'Calder's business interruption loss is USD 5,934,500:
        # USD 41,500 a day for ...' lost its head and read 'USD 41,500 a day for the 143 days ... (the ... loss: ...)')
        if m and not ctx.author.organisation.startswith(m.group("org")) and f.text not in body[:m.start("rest")] and \
                any(o.name.startswith(m.group("org")) for o in ctx.organisations):
            rest = m.group("rest")
            body = cap_first(rest) + ("" if f.text in rest else f" ({label(f)}: {f.text}).")
        src = source_phrase(f)
        if expert:
            life = next((g for g in ctx.facts if _unreconciled(ctx, g) and (g is f or g.text in body)), None)
            body += _unreconciled(ctx, life) if life is not None and not any(
                _unreconciled(ctx, life) in x for x in out) else ""
        on = _ON_PAPER.search(" ".join(f.statement.split())) if expert else None
        if on is not None:
            # an expert cites the primary record it read, not another house's workings (read 19: 'tonnage is sourced
            # to counsel's spreadsheet, not the ITC')
            src = f"the {on.group('doc')}"
        head = topic_of(heads, f) if heads else ""
        out.append(f"Finding {n}" + (f" ({head})" if head else "") + f". {body}" +
                   (" " + cite_line(pick, src, draw=False) if src else ""))
        listed_items = itemised(f, ctx.spec.date)  # type: ignore[arg-type]
        if listed_items:
            out.append(listed_items)
    # a head the title lists that no fact speaks to is found in the purpose's own words, never left out (read 16: 'A
    # "hull damage, steering gear" survey report with no hull or steering-gear findings')
    for n, (head, said) in enumerate(unreported_heads(ctx, kept), len(kept) + len(flags) + 1):
        out.append(f"Finding {n} ({head}). We record {said}.")
    streams = workstreams(ctx)
    if flags and streams:
        # a red-flag report reports by exception: the workstreams its scope names and its findings do not reach are
        # said to have found nothing of that weight, never left silent (read 19: 'The red-flag report claims five
        # workstreams but has one finding')
        out.append(f"Other workstreams. Beyond the red flag{'s' if len(flags) > 1 else ''} above, our review of "
                   f"{join_names(streams)} found no matter of red-flag significance in the records made available; "
                   f"points of detail are left to the disclosure and warranty process.")
    return out


_STREAMS = re.compile(r"\b(?:findings|review|work|diligence) on (?P<list>[^.;]*?,[^.;]*? and [^.;,]+?)(?=,|\.|;|$)")


def workstreams(ctx: ArtifactContext) -> list[str]:
    """The workstreams a report's instructions list ('red-flag findings on corporate, contracts, IP, employment and
    disputes' -> ['corporate', 'contracts', 'IP', 'employment', 'disputes']); [] where they list none."""
    m = _STREAMS.search(instructions(ctx) or " ".join((ctx.spec.purpose or "").split()))
    if m is None:
        return []
    return [w.strip() for w in re.split(r",\s*|\s+and\s+", m.group("list")) if w.strip()]


_BEYOND = re.compile(r"\b(beyond|outside|exceed\w*) (?:the )?(?:[A-Z]{2,5} )?limits\b|\bunserviceable\b", re.I)


def _unreconciled(ctx: ArtifactContext, f: FactRef) -> str:
    """An expert's remaining-life figure read with a finding beyond limits in the same paper: the life is on the hours
    record alone and does not run while the finding stands (read 15: 'It projects 1,850 EFH on-wing for an engine
    whose HPT blades are beyond AMM limits, without reconciling the two'); '' otherwise."""
    if f.value.type != "number" or not re.search(r"\bremaining\b", label(f)):
        return ""
    bad = next((g for g in ctx.facts if g is not f and g.value.type == "text" and _BEYOND.search(g.text)), None)
    if bad is None:
        return ""
    return (f" {cap_first(label(f))} of {f.text} is the life on the hours record alone: with {label(bad)} "
            f"({bad.text}), it is not available until the finding is rectified, and it does not answer the finding.")


# No wording puts the figure straight after {how}: a working ends on another figure's label ('the fault share alleged
# of the total claims: USD 60,987,500' gave the total claims the demand's value, amount_beside_label at --scale 80).
_WORKED = ("{Label} is {how}, which gives {text}.", "Worked as {how}, {label} comes to {text}.",
           "{Label} comes to {text}, as {how}.", "On our working, {label} comes to {text}, being {how}.")


_FLAG = re.compile(r"\b(terminat\w*|change of control|consent|breach|litigation|dispute|default|infring\w*|"
                   r"investigation|penalt\w*|exclusiv\w*)\b", re.I)


def red_flags(ctx: ArtifactContext) -> list[tuple]:
    """(fact, what it says) for each named thing of the report whose statement carries a legal or commercial risk (a
    customer that may terminate on a change of control), in the statement's own relative clause, never the
    statement whole (fact_statement_established_only)."""
    out = []
    if not client_of(ctx):
        return out  # an adviser flags risks for its client; a party's own paper does not call its contracts red flags
    for f in ctx.facts:
        if not identity(f) or not _FLAG.search(f.statement):
            continue
        m = re.search(r",\s+(whose|which)\s+(?P<rest>[^;]+?)\.?$", " ".join(f.statement.split()))
        if not m:
            continue
        owner = f.text + ("'" if f.text.endswith("s") else "'s")
        said = f"{owner} {m.group('rest')}" if m.group(1) == "whose" else f"{f.text} {m.group('rest')}"
        out.append((f, said))
    return out


_RECONCILED = re.compile(r"\breconciled to (?P<papers>[a-z][^.;]*?)(?:,\s+(?:total|come to|stand at|is|are)\b|\s+total\b|$)")


def report_analysis(pick: Picker, ctx: ArtifactContext) -> list[str]:
    """How the derived figures were worked: each from its inputs, recomputed and agreed to its source; in a report
    with a red flag and no derived figure, the protection proposed against it."""
    out = []
    flags = red_flags(ctx)
    if flags and not any(g.reason for g in figures(ctx.facts)):
        f, said = flags[0]
        hedges = [g for g in ctx.facts if re.search(r"escrow|W&I|indemnit|retention", label(g) + " " + g.statement, re.I)]
        consent = re.search(r"consent|change of control|terminat", said, re.I)
        rows = [f"On the red flag, the protection we propose is "
                + (f"a condition to completion that {f.text} consents in writing to the change of control, failing "
                   f"which the Buyer need not complete" if consent else "a specific indemnity from the Sellers")
                + "."]
        if hedges:
            h = hedges[0]
            rows.append(f"{cap_first(plain(h))}; it secures warranty claims after completion and does not answer this "
                        f"risk on its own.")
        return [" ".join(rows)]
    based = [(g, b) for g in ctx.facts for b in [adjustment_basis(g)] if b]
    if based:
        # the basis of each adjustment, once, and where the judgement lies; the arithmetic is the summary's and the
        # findings' (read 10: 'gives no basis for its main adjustment')
        rows = ["Each adjustment is judged on one test: whether the item will recur in the earnings the buyer "
                "acquires, whatever its treatment in the statutory accounts."]
        rows += [f"{cap_first(label(g))} ({g.text}): {b}" for g, b in based]
        out.append(" ".join(rows))
        big = max(based, key=lambda gb: getattr(gb[0].value, "amount", 0) or 0)[0]
        derived = [g for g in figures(ctx.facts) if g.reason]
        tail = []
        if len(based) > 1:
            tail.append(f"The largest, {label(big)} ({big.text}), turns on judgement rather than arithmetic, and it is "
                        f"where management will push back; the basis above is our answer to it.")
        if derived:
            src = next((source_phrase(g) for g in reversed(derived) if source_phrase(g)), "")
            tail.append(f"We recomputed {join_names([label(g) for g in derived])} from their inputs"
                        + (f", and they agree with {src}." if src else ", and they agree with the figures reported."))
        if tail:
            out.append(" ".join(tail))
        return out
    method, extrapolated = sampling_method(ctx)
    if method:
        out.append(method)
    # a figure its statement says was reconciled to its papers is verified against them, not only recomputed (read
    # 12: 'It does no analysis of the recall costs it is titled on')
    for f in figures(ctx.facts):
        m = _RECONCILED.search(" ".join(f.statement.split()))
        if m and not f.reason:
            out.append(f"We traced {label(f)} of {f.text} to {m.group('papers').strip()}, item by item, and found no "
                       f"amount without its paper; each line of cost is in the category its paper supports.")
    checked = 0
    for f in [g for g in figures(ctx.facts) if g.reason]:
        inputs = [g for g in ctx.facts if g is not f and label(g) in f.reason]
        src = source_phrase(f)
        if f is extrapolated:
            # its method is said above: the figure and its check, not the formula again
            out.append(f"On that method {label(f)} is {f.text}; we recomputed it and it agrees"
                       + (f" with {src}." if src else " with the figure reported."))
            continue
        built = build_up(ctx, f)
        if built:
            # each input with its value and where it is read, then the working (read 16: 'USD 3,950,000 cannot be
            # traced to any input'; a loss report whose daily figure had no source)
            # the check said once in full, then briefly (read 25: 'Repeats "we recomputed it and it agrees" six times')
            check = (f" We recomputed it and it agrees with {src}." if not checked else f" It ties to {src}.") if src else ""
            checked += bool(src)
            out.append(built + check)
            continue
        s = pick.frame(_WORKED).format(Label=cap_first(label(f)), label=label(f), how=derivation(f, ctx.facts),
                                       text=f.text)
        if inputs:
            s += f" We recomputed it from {join_names([label(g) for g in inputs])} and it agrees" + \
                 (f" with {src}." if src else " with the figure reported.")
        elif src:
            s += f" The working is at {src}."
        out.append(s)
    return merge_short(out)


# Why a quality-of-earnings adjustment is made, by what its label names: the test is whether the item recurs in the
# earnings a buyer pays a multiple of. Words only: the amounts are the ledger's.
_BASES = (
    (re.compile(r"capitali[sz]\w* development|development costs?", re.I),
     "development spend that the company capitalised is treated as an operating cost, because it recurs every year "
     "to keep the product current, and capitalising it lifts EBITDA without lifting cash; the reversal does not say "
     "the accounting treatment was wrong for the statutory accounts, only that it overstates recurring earnings."),
    (re.compile(r"termination income|one.off .*income|non.recurring income", re.I),
     "income from ending a contract is earned once, will not recur under the buyer's ownership, and so is taken out of "
     "the earnings the multiple is applied to."),
    (re.compile(r"sale.process|transaction costs?|deal costs?", re.I),
     "the advisers' costs of the sale are borne once, by the sellers, and stop at completion, so they are added back."),
    (re.compile(r"restructuring|redundanc|reorgani[sz]ation", re.I),
     "restructuring costs are added back only for a programme that is complete and not expected to recur."),
    (re.compile(r"owner.s? (salary|remuneration|compensation)|shareholder (salary|remuneration)", re.I),
     "the owners' pay is restated to what the business would pay a hired manager for the role after completion."),
    (re.compile(r"litigation|settlement cost", re.I),
     "the cost of a settled dispute is added back where the dispute is closed and the business carries no like claim."),
)


def adjustment_basis(f) -> str:
    """The basis of a quality-of-earnings adjustment in words, by its label; '' for any other fact."""
    if f.value.type != "money" or f.reason:
        return ""
    return next((basis for pattern, basis in _BASES if pattern.search(label(f))), "")


_PER_UNIT = re.compile(r"^(?P<net>.+?) divided by (?P<sample>.+?) times (?P<population>.+)$")


def sampling_method(ctx: ArtifactContext) -> tuple[str, object]:
    """A sampling and extrapolation paper's method in words, from the formula of its extrapolated figure (the sample's
    net error over the sample size, times the population: a mean per unit, taken as a point estimate) and the sample's
    own statement (how it was drawn), with the figure it extrapolates; ('', None) for any other paper (read 10: reports
    'that only restate the figure')."""
    if not re.search(r"methodolog|sampling|extrapolat", ctx.spec.title, re.I):
        return "", None
    f = next((g for g in figures(ctx.facts) if _PER_UNIT.match(g.reason or "")), None)
    if f is None:
        return "", None
    m = _PER_UNIT.match(f.reason)
    sample = next((g for g in ctx.facts if label(g) in m.group("sample")), None)
    statement = " ".join(sample.statement.split()) if sample is not None else ""
    strata = re.search(r"stratified by ([^.,;]+)", statement)
    drawn = f", stratified by {strata.group(1)}" if strata else ""
    size = f" of {sample.text}" if sample is not None else ""
    weights = (" The sample is allocated to each stratum in proportion to its share of the population, so each "
               "stratum carries its population weight in the estimate.") if strata else ""
    return (f"Method. The sample{size} was drawn at random from {m.group('population')}{drawn}.{weights} Each item "
            f"was tested against its source records and classed as correct or in error, with the amount of each "
            f"error netted against any underpayment found, which gives {m.group('net')}. The extrapolation is a mean "
            f"per unit: {m.group('net')} divided by the number of items sampled is the average error per item, and "
            f"that average times {m.group('population')} is {label(f)}. It is a point estimate, taken without a "
            f"confidence-interval discount, so it neither allows for sampling error nor adds to the figure."), f


def own_figures(ctx: ArtifactContext) -> list:
    """The amounts, counts and rates this paper makes itself: those it establishes that no other house's paper sets
    out (the writer's own finding, never a policy's limit the report first quotes)."""
    return [f for f in figures(ctx.facts) if f.establish and f.paper_by in ("", ctx.author.organisation)]


def _depth(f, facts: list, seen: frozenset = frozenset()) -> int:
    """How many steps of working stand behind a figure among the paper's facts (0 for an input)."""
    if not f.reason or f.id in seen:
        return 0
    inputs = [g for g in facts if g is not f and label(g) and label(g) in f.reason]
    return 1 + max((_depth(g, facts, seen | {f.id}) for g in inputs), default=0)


def finding_conclusion(ctx: ArtifactContext) -> str:
    """The conclusion of a report of a finding on its own figure: the figure the report makes (the one its title
    names, else the one most worked), with its working; '' where the report makes no figure of its own. Blind read 29: a
    costs referee's report closed 'We recommend that <the referee> adopt the legal costs ... as its working figure'; an
    adjuster's interim report found that the insurer 'agrees' the payment, then asked it to decide by a later day."""
    own = own_figures(ctx)
    if not own:
        return ""
    main = points_of(ctx)[0] if points_of(ctx) else None
    if main is None or main not in own or _depth(main, ctx.facts) < max(_depth(f, ctx.facts) for f in own):
        main = max(own, key=lambda f: (_depth(f, ctx.facts), -own.index(f)))
    how = derivation(main, ctx.facts)
    # (no decision asked of the reader: a finding is reported, and the record may already hold the reader's decision)
    return f"Our conclusion is that {plain(main)}" + (f", {how}" if how else "") + "."

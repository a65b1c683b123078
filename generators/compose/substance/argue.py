"""An analysis as an argument, from the plan: whose figure each is (the sides), what the other side's figure takes
that ours does not (its inputs against the inputs our figures replace them with, each with its source), and what a
provision's own condition does on the facts the record gives (a cap that applies 'where an engine is serviceable
within AMM limits' against a finding 'beyond AMM limits').

Blind read 15 rejected memos that 'never read or construe para 4.3', whose analysis was 'the question is which of
them the record supports', and whose recommendation took the other side's figure ('proceed on the basis that the
Quorvex audit claim is USD 2,871,000', by the licensee's own counsel). Every sentence here is built from the facts'
labels, values, formulas, inputs, statements and sources: no figure and no authority is invented.
"""

from __future__ import annotations

import re

from worldsmith.generators.compose.parties import client_of, home, neutral, opponent, principal
from worldsmith.generators.compose.text import cap_first, join_names
from worldsmith.generators.context import ArtifactContext, FactRef, InputRef
from worldsmith.generators.compose.substance.common import derivation, figures, identity, label, source_phrase

# The words a label or a statement names a party by its role ('the landlord's proposed rent', 'the lessee says').
_ROLES = ("landlord", "tenant", "licensor", "licensee", "lessor", "lessee", "buyer", "seller", "sellers", "purchaser",
          "vendor", "claimant", "respondent", "plaintiff", "defendant", "charterer", "owner", "owners", "insurer",
          "insured", "auditor", "trustees", "trustee", "contractor", "employer")


def _party_by_role(ctx: ArtifactContext, word: str) -> str:
    """The organisation that is the party of that role (its role names it, it acts for no one), '' if none."""
    word = word.lower().rstrip("s") if word.lower() not in ("sellers", "owners", "trustees") else word.lower()[:-1]
    for o in ctx.organisations:
        if not o.acts_for and re.search(rf"\b{word}s?\b", o.role, re.I) and \
                not re.search(rf"\b(to|for|of|by) (the |a )?{word}s?\b", o.role, re.I):
            return o.name
    return ""


def owner_of(ctx: ArtifactContext, f: FactRef) -> str:
    """The party whose figure or position `f` is: the organisation its label names first ('Quorvex audit claim',
    'Tessaline's true-up offer'), else the role its label names ('the landlord's proposed rent'), else the
    organisation its statement opens with or attributes the figure to ('Quorvex claims', 'the lessee says'); ''
    where neither says (a clause, a count of record)."""
    from worldsmith.generators.compose.substance.minutes import theirs

    who = theirs(ctx, f)
    if who and who != "the claimant":
        return who
    name = label(f)
    for o in ctx.organisations:
        first = o.name.split()[0]
        if len(first) > 3 and re.match(rf"(the )?{re.escape(first)}\b", name, re.I):
            return principal(ctx, o.name)
    m = re.match(r"(?:the )?(\w+)'s?\b", name, re.I)
    if m and m.group(1).lower() in _ROLES:
        party = _party_by_role(ctx, m.group(1))
        if party:
            return party
    statement = " ".join(f.statement.split())
    head = " ".join(statement.split()[:3])
    for o in ctx.organisations:
        first = o.name.split()[0]
        if len(first) > 3 and re.search(rf"\b{re.escape(first)}\b", head) and \
                re.search(rf"\b{re.escape(first)}(?:'s)? (?:claims|demands|proposes|says|argues|contends|asserts|"
                          rf"counts|backdates|offers)\b", statement):
            return principal(ctx, o.name)
    m = re.match(r"(?:The )?(\w+) (?:claims|demands|proposes|says|argues|contends|asserts|offers)\b", statement)
    if m and m.group(1).lower() in _ROLES:
        return _party_by_role(ctx, m.group(1))
    return ""


def across_figure(ctx: ArtifactContext, f: FactRef) -> bool:
    """Whether `f` is the other side's figure for the author."""
    who = owner_of(ctx, f)
    return bool(who) and not neutral(ctx, who) and home(ctx, who) != home(ctx, ctx.author.organisation)


def our_figure(ctx: ArtifactContext, f: FactRef) -> bool:
    """Whether `f` is the author's side's own figure: named for it, or a derived figure no party is named for."""
    who = owner_of(ctx, f)
    if who:
        return not neutral(ctx, who) and home(ctx, who) == home(ctx, ctx.author.organisation)
    return bool(f.reason)


def _inputs(f: FactRef) -> list[InputRef]:
    return [i for i in f.inputs if i.label]


def _replaces(r: FactRef, x: InputRef) -> bool:
    """Whether figure `r` is input `x` corrected ('the accounts counted by the auditor less ...' is the auditor's
    count corrected; 'the validated Named Users less the licensed Named Users' is not the licensed count corrected)."""
    reason = r.reason.strip()
    name = x.label.removeprefix("the ")
    return bool(reason) and re.match(rf"(?:the )?{re.escape(name)}\b", reason, re.I) is not None and \
        re.search(r"\b(less|minus|plus|net of|after)\b", reason) is not None


def _where(x: InputRef | FactRef) -> str:
    src = x.source.strip()
    return f" ({src})" if src and not src.startswith("the ") else (f", at {src}" if src else "")


def rival(ctx: ArtifactContext) -> FactRef | None:
    """The other side's figure the paper answers: one with a figure of ours set against it first (their accepted
    amount against our claim, not their balance after the letter of credit), then a derived one, then money."""
    if neutral(ctx, ctx.author.organisation):
        return None  # an expert or a tribunal has no side: it weighs both (determination_bodies)
    theirs = [f for f in figures(ctx.facts) if across_figure(ctx, f)]
    theirs.sort(key=lambda f: (counterpart(ctx, f) is None, not f.reason, f.value.type != "money"))
    return theirs[0] if theirs else None


def _words(name: str, ctx: ArtifactContext) -> set[str]:
    """The content words of a label, without the parties' names and roles ('landlord's proposed rate per sq ft' and
    'tenant's proposed rate per sq ft' are the same thing on two sides)."""
    drop = {o.name.split()[0].lower() for o in ctx.organisations} | set(_ROLES) | \
        {"the", "of", "a", "an", "per", "and", "to", "on", "by", "at", "for", "in"}
    return {w for w in re.findall(r"[a-z0-9]+", re.sub(r"'s\b", "", name.lower())) if w not in drop}


def _pair(ctx: ArtifactContext, x: InputRef, y: InputRef) -> bool:
    """Whether two inputs are one quantity as each side takes it: the same unit and the same content words, or at
    least two in common."""
    if x.label == y.label or _kind(x) != _kind(y):
        return False
    a, b = _words(x.label, ctx), _words(y.label, ctx)
    return a == b or len(a & b) >= 2


def counterpart(ctx: ArtifactContext, them: FactRef) -> FactRef | None:
    """Our figure set against theirs: of the same kind and unit, built on at least one input in common (the tenant's
    proposed rent against the landlord's), never one that merely corrects an input of theirs."""
    unit = getattr(them.value, "unit", None) or getattr(them.value, "currency", None)
    shared = {i.label for i in _inputs(them)}
    theirs = {label(g) for g in ctx.facts if across_figure(ctx, g)}
    out = []
    for f in figures(ctx.facts):
        if f is them or not our_figure(ctx, f) or f.value.type != them.value.type:
            continue
        if (getattr(f.value, "unit", None) or getattr(f.value, "currency", None)) != unit:
            continue
        if any(_replaces(f, x) for x in _inputs(them)):
            continue
        if any(i.label in theirs for i in _inputs(f)):
            continue  # a gap worked from their figure is a comparison, not our figure (the amount in dispute)
        common = shared & {i.label for i in _inputs(f)}
        out.append((not common, -len(common), not owner_of(ctx, f), f))
    out.sort(key=lambda t: t[:3])
    return out[0][3] if out and not out[0][0] else None


def _whose(ctx: ArtifactContext, f: FactRef) -> str:
    """'Quorvex Software Corp.'s ' before a label that does not name its side already ('' where it does)."""
    from worldsmith.generators.compose.substance.minutes import possessive

    who, name = owner_of(ctx, f), label(f)
    if not who or "'s " in name or re.search(rf"\b{re.escape(who.split()[0])}\b", name, re.I) or \
            re.match(rf"(the )?({'|'.join(_ROLES)})\b", name, re.I):
        return ""
    return possessive(who) + " "


def owned(ctx: ArtifactContext, f: FactRef) -> str:
    """The figure's label with its side's possessive where the label does not name it ('Kestrel Bay Tankers Ltd.'s
    contribution demand', never "Kestrel Bay Tankers Ltd.'s the contribution demand")."""
    who = _whose(ctx, f)
    return who + label(f).removeprefix("the ") if who else label(f)


def against(ctx: ArtifactContext) -> list[str]:
    """The other side's figure taken apart: how it is worked, which of its inputs our figures correct and with what,
    which inputs are common ground, which it adds that ours does not carry; then ours against it. [] where the paper
    carries no figure of the other side's."""
    them = rival(ctx)
    if them is None:
        return []
    how = derivation(them, ctx.facts)
    head = f"{cap_first(owned(ctx, them))} of {them.text}" + (f" is worked as {how}." if how else ".")
    ours = counterpart(ctx, them)
    mine = [f for f in ctx.facts if our_figure(ctx, f) and f is not them]
    rows = [head]
    common, extra = [], []
    for x in _inputs(them):
        fixed = next((r for r in mine if _replaces(r, x)), None)
        if fixed is not None:
            rhow = derivation(fixed, ctx.facts)
            rows.append(f"It takes {x.label} at {x.text}; the record supports {label(fixed)} of {fixed.text} "
                        f"instead" + (f", being {rhow}" if rhow else "") + _where(fixed) + ".")
            continue
        if ours is not None and any(i.label == x.label and i.text == x.text for i in _inputs(ours)):
            common.append(f"{x.label} ({x.text})")
            continue
        if ours is not None and any(_pair(ctx, x, i) for i in _inputs(ours)):
            alt = next(i for i in _inputs(ours) if _pair(ctx, x, i))
            rows.append(f"The difference is in {x.label}: {x.text} on their side against {alt.label} of {alt.text} "
                        f"on ours" + _where(alt) + ".")
            rows += _premise(ctx, x.label)
            continue
        if all(not re.search(re.escape(x.label.removeprefix('the ')), f.reason or "", re.I) for f in mine) and \
                not any(x.label.removeprefix("the ") in label(f) for f in mine):
            extra.append(f"{x.label} ({x.text})")
    if common:
        rows.append(f"{cap_first(join_names(common))} {'is' if len(common) == 1 else 'are'} common ground.")
    if extra and len(extra) <= 2 and len(rows) > 1:
        rows.append(f"It also applies {join_names(extra)}, which nothing in our working carries; the ground for "
                    f"{'it' if len(extra) == 1 else 'them'} is for {owner_of(ctx, them) or 'the other side'} to show.")
    if ours is not None:
        ohow = derivation(ours, ctx.facts)
        rows.append(f"Against it, {label(ours)} is {ours.text}" + (f", being {ohow}" if ohow else "") + _where(ours)
                    + ".")
        rows += _range(ctx, ours, them)
    return [" ".join(rows)] if len(rows) > 1 else []


def _amount(f: FactRef):
    return getattr(f.value, "amount", None) if f.value.type == "money" else getattr(f.value, "value", None)


def _range(ctx: ArtifactContext, ours: FactRef, them: FactRef) -> list[str]:
    """Where the paper weighs a third party's decision (an expert's determination, an award), the range the two
    submissions set for it, and where the paper's other figures of ours sit in it; nothing is computed that the plan
    does not hold (read 15: 'no analysis of the likely expert outcome')."""
    if not re.search(r"\b(expert|arbitrat\w*|tribunal|determination|adjudicat\w*|court)\b",
                     f"{ctx.spec.title} {ctx.spec.purpose}", re.I):
        return []
    lo, hi = sorted([ours, them], key=_amount)
    if _amount(lo) is None or _amount(hi) is None:
        return []
    inside = [f for f in figures(ctx.facts) if f is not ours and f is not them and our_figure(ctx, f) and
              f.value.type == ours.value.type and _amount(f) is not None and _amount(lo) < _amount(f) < _amount(hi)
              and not any(i.label in {label(ours), label(them)} for i in _inputs(f))]
    out = (f"An expert or tribunal deciding between the two will in practice land within the range the submissions "
           f"set, from {lo.text} to {hi.text}")
    if inside:
        g = inside[0]
        out += (f"; {label(g)} of {g.text} sits inside that range, nearer {label(lo) if _amount(g) - _amount(lo) < _amount(hi) - _amount(g) else label(hi)}, "
                f"and that is the measure of it against the cost and risk of a determination")
    return [out + "."]


def _kind(x: InputRef) -> str:
    """An input's unit, read from its text: 'USD', 'per sq ft', 'users', '%'."""
    t = x.text
    if t.endswith("%"):
        return "%"
    m = re.match(r"^([A-Z]{3}) ", t)
    if m:
        return m.group(1) + (" rate" if "per" in x.label else "")
    m = re.search(r"[\d,.]+ (.+)$", t)
    return m.group(1) if m else ""


# Words whose opposites a finding may carry against a provision's condition.
_OPPOSITE = (("within", r"beyond|outside|exceed\w*"), ("serviceable", r"unserviceable"), ("before", r"after"),
             ("in accordance with", r"not in accordance with|contrary to"))
_WHERE = re.compile(r"\b(?:where|if|provided that|so long as) (?P<cond>(?:an?|the) [^,;:]+?(?: is| are) [^,;:]+?)"
                    r"(?=,|;|:)", re.I)


def construed(ctx: ArtifactContext) -> tuple[FactRef, str, FactRef] | None:
    """A provision of the paper's facts that applies only on a condition, and the fact of record that fails it:
    (the provision's fact, the condition in its own words, the fact that fails it); None where none does."""
    for f in ctx.facts:
        statement = " ".join(f.statement.split())
        m = _WHERE.search(statement)
        if not m or not re.search(r"\b(para|clause|section|article|schedule|rule)\b", statement, re.I):
            continue
        cond = m.group("cond")
        for word, opposite in _OPPOSITE:
            w = re.search(rf"\b{word}\b\s*(?P<rest>[\w\s]*)", cond, re.I)
            if not w:
                continue
            rest = w.group("rest").strip()
            for g in ctx.facts:
                if g is f:
                    continue
                said = g.text + " " + " ".join(g.statement.split())
                if re.search(rf"\b(?:{opposite})\s+{re.escape(rest)}\b" if rest else rf"\b(?:{opposite})\b", said,
                             re.I):
                    return f, cond, g
    return None


def construction(ctx: ArtifactContext) -> list[str]:
    """The provision read against the record: what it says, the condition it applies on, the fact that fails that
    condition, and what follows for the figure it would set; [] where no provision of the paper's facts is
    conditional on something the record contradicts."""
    found = construed(ctx)
    if found is None:
        return []
    f, cond, g = found
    m = re.search(r"\b((?:Schedule \d+ )?(?:para|clause|section|article|rule) [\w.()]+)", f.statement, re.I)
    where = m.group(1) if m else label(f)
    client = client_of(ctx) or principal(ctx, ctx.author.organisation)
    them = opponent(ctx)
    src = source_phrase(g)
    out = [f"{cap_first(where)} applies only where {cond}. That condition is the first thing to read, because "
           f"{label(f)} ({f.text}) stands only if it is met.",
           f"The record does not meet it: {label(g)} is {g.text}" + (f" ({src})" if src else "") + "."]
    if our_figure(ctx, f) and not across_figure(ctx, f) and not them:
        out.append(f"On that reading {label(f)} does not bite on these facts.")
    else:
        claim = next((h for h in figures(ctx.facts) if h is not f and h.value.type == f.value.type and
                      our_figure(ctx, h) and not across_figure(ctx, h) and not h.reason), None)
        out.append((f"On {client}'s reading, therefore, {label(f)} does not apply" +
                    (f", and the figure is {label(claim)} of {claim.text}, not {f.text}" if claim else "") + ". "
                    + (f"{them} will say the condition is met, or that {where} caps compensation whatever the "
                       f"condition of the item; the answer is the words of {where} themselves, and the finding of "
                       f"record." if them else "")).strip())
    return [" ".join(out)]


def _where_of(f: FactRef) -> str:
    m = re.search(r"\b((?:Schedule \d+ )?(?:para|clause|section|article|rule) [\w.()]+)", f.statement, re.I)
    return m.group(1) if m else label(f)


def short_answer(ctx: ArtifactContext) -> str:
    """The short answer from the author's side of the dispute: a conditional provision that the record takes out of
    play, or the other side's figure not accepted, with the first input our figures correct; '' where the paper
    carries neither (the memo's own figure then answers)."""
    client = client_of(ctx) or principal(ctx, ctx.author.organisation)
    found = construed(ctx)
    if found is not None:
        f, cond, g = found
        claim = next((h for h in figures(ctx.facts) if h is not f and h.value.type == f.value.type and
                      our_figure(ctx, h) and not across_figure(ctx, h)), None)
        return (f"{cap_first(_where_of(f))} applies only where {cond}, and {label(g)} is {g.text}; on {client}'s "
                f"reading it does not cap the figure at {f.text}" +
                (f", and {label(claim)} of {claim.text} stands" if claim else "") + ".")
    them = rival(ctx)
    if them is None:
        return ""
    mine = [f for f in ctx.facts if our_figure(ctx, f) and f is not them]
    fixes = [(x, r) for x in _inputs(them) for r in mine if _replaces(r, x)]
    if not fixes:
        return ""
    said = join_names([f"{x.label} at {x.text} where the record supports {label(r)} of {r.text}" for x, r in fixes[:2]])
    ours = counterpart(ctx, them)
    return (f"{client} should not accept {owned(ctx, them)} of {them.text}: it takes {said}." +
            (f" Our figure is {label(ours)} of {ours.text}." if ours else ""))


def our_main(ctx: ArtifactContext, points: list[FactRef]) -> FactRef | None:
    """The figure the author's side puts forward in this paper: where a provision is taken out of play, the figure
    it would have capped; else the first point that is ours and names more than a thing; None where there is none."""
    found = construed(ctx)
    if found is not None:
        f = found[0]
        claim = next((h for h in figures(ctx.facts) if h is not f and h.value.type == f.value.type and
                      our_figure(ctx, h) and not across_figure(ctx, h)), None)
        if claim is not None:
            return claim
    pool = [f for f in points if not identity(f) and not across_figure(ctx, f) and (found is None or f is not found[0])]
    return next((f for f in pool if f.value.type in ("money", "number", "percent") and our_figure(ctx, f)),
                next(iter(pool), None))


def sided_course(ctx: ArtifactContext, main: FactRef, client: str) -> str:
    """A recommendation that acts on the author's side's case, never on the other side's figure: dispute theirs on
    the inputs our figures correct, or hold a provision out of play, or put our figure forward; '' where `main` is
    none of these (a decision, a date: the memo's own course then stands)."""
    other = opponent(ctx)
    to = f" to {other}" if other else ""
    found = construed(ctx)
    if found is not None:
        f, cond, g = found
        ours = our_main(ctx, [main])
        return (f"We recommend that {client} maintain, in writing{to}, that {_where_of(f)} does not apply because "
                f"{label(g)} is {g.text}" + (f", and claim {label(ours)} of {ours.text}" if ours is not None and
                                             ours is not f else "") + ".")
    them = rival(ctx)
    if them is not None and (main is them or across_figure(ctx, main)):
        mine = [f for f in ctx.facts if our_figure(ctx, f) and f is not them]
        fixes = [(x, r) for x in _inputs(them) for r in mine if _replaces(r, x)]
        grounds = join_names([f"{label(r)} ({r.text}) in place of {x.label} ({x.text})" for x, r in fixes[:2]])
        return (f"We recommend that {client} dispute {owned(ctx, them)} of {them.text} in writing{to}"
                + (f", on {grounds}" if grounds else ", and ask for the papers behind it") +
                ", and concede nothing on it meanwhile.")
    if main.value.type in ("money", "number", "percent") and not across_figure(ctx, main) and them is not None:
        return (f"We recommend that {client} put its case on {label(main)} of {main.text}" +
                (f" and set it out{to} in writing" if other else "") + ".")
    if main.value.type in ("money", "number", "percent") and not across_figure(ctx, main):
        # no figure across the table: the figure is adopted for the work it serves, with its working
        return (f"We recommend that {client} adopt {label(main)} of {main.text} as its working figure" +
                (", as worked above" if main.reason else "") + ", and revisit it only if the record behind it changes.")
    return ""


_GROUND = re.compile(r"\b(?:says|argues|contends|maintains|asserts) (?:that )?(?P<g>(?:[^.;]|\.(?=\d))+?),? so "
                     r"(?P<c>(?:[^.;]|\.(?=\d))+)")


def _premise(ctx: ArtifactContext, name: str) -> list[str]:
    """The premise the record gives for the other side's figure of that label, and what falls with it: [] where its
    statement gives none."""
    f = next((g for g in ctx.facts if label(g) == name), None)
    m = _GROUND.search(" ".join(f.statement.split())) if f is not None else None
    if m is None:
        return []
    return [f"That figure rests on the premise that {m.group('g')}; if the premise fails, so does the conclusion "
            f"that {m.group('c')}."]


_PROVISION = re.compile(r"(?:Schedule \d+ )?(?:clause|section|para(?:graph)?|article|rule|regulation)s? \d[\w.()]*"
                        r"(?: of [\w\s]+)?", re.I)


def provision(f: FactRef) -> bool:
    """Whether the fact's value is a provision of the contract or the law ('clause 5.4(c)', 'Section 9.4')."""
    return f.value.type == "text" and _PROVISION.fullmatch(f.text.strip()) is not None


def provision_options(ctx: ArtifactContext, f: FactRef, due: str) -> list[str]:
    """The courses open on a provision the paper turns on: rely on it as it reads, agree its reading with the other
    side first, or leave it to be decided; never 'proceed on the footing that the improvements disregard is clause
    5.4(c)' (read 15: 'options on whether it "is clause 5.4(c)"')."""
    client = client_of(ctx) or principal(ctx, ctx.author.organisation)
    other = opponent(ctx)
    where = cap_first(f.text)
    out = [f"Option A: put {client}'s case on {f.text} as it reads, and set that reading out"
           + (f" to {other}" if other else "") + f" in writing. It rests on the words of {f.text} and concedes "
           f"nothing; its risk is that the other reading is argued later, when less time is left."]
    out.append(f"Option B: ask {other} to agree by {due} how {f.text} applies here, narrowing what remains to be "
               f"decided. It costs a letter and a few days; if {other} will not agree, nothing is lost." if other else
               f"Option B: settle how {f.text} applies here by {due}, on the file, before any figure is relied on. It "
               f"costs a few days.")
    out.append(f"Option C: leave {f.text} to be argued when the figures are decided. It costs nothing now, and it "
               f"risks a reading that is not {client}'s.")
    return out


def applied(ctx: ArtifactContext, f: FactRef) -> str:
    """What a provision's words do to the figures: the figure of the paper whose statement uses the provision's own
    defined term ('the fees in the current Order Form' and 'the 30% Order Form discount') and which corrects an input,
    named against that input ('On those words the price is the contract rate per user a year of USD 1,015 ..., not
    the list price per user a year of USD 1,450'); '' where no figure shares a term with it."""
    statement = " ".join(f.statement.split())
    terms = {m.group(0) for m in re.finditer(r"(?<!^)(?<![.:;] )\b[A-Z][a-z]+(?: [A-Z][a-z]+)+\b", statement)}
    terms = {t for t in terms if not any(t.startswith(o.name.split()[0]) for o in ctx.organisations)}
    for g in figures(ctx.facts):
        if not g.reason or not any(t in g.statement for t in terms):
            continue
        x = next((i for i in _inputs(g) if _replaces(g, i)), None)
        if x is None:
            continue
        how = derivation(g, ctx.facts)
        return (f"On those words the figure is {label(g)} of {g.text}" + (f", being {how}" if how else "") +
                f", and not {x.label} of {x.text}.")
    return ""

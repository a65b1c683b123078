"""Advice that weighs the routes its title or purpose names ('Advice to the board on waiver against equity cure',
'sets out the cure and waiver options'): each route with what it costs from the ledger (a fee paid away, or money put
in that goes to reduce what is owed), the other terms its facts name, and a recommendation, where the stock options
('proceed now', 'press for the papers', 'rest on one figure alone') weighed nothing (blind read 17, a covenant
breach: board advice that 'never weighs the waiver (fee plus step-up) against the cure', an options memo that
'analyses no options'). Every figure is a ledger fact's own; nothing is added up or made up.

The settle-or-determine decision (appraisal against settlement) keeps its own courses (argue.courses)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from worldsmith.generators.compose.parties import client_of, opponent, principal
from worldsmith.generators.compose.substance.common import label, plain
from worldsmith.generators.compose.text import cap_first, join_names, lower_first
from worldsmith.generators.context import ArtifactContext, FactRef

_STOP = {"the", "a", "an", "of", "on", "to", "and", "or", "for", "its", "their", "our", "with", "by", "in", "right",
         "option", "options", "route", "routes", "course", "courses", "offer", "proposal"}
# a route's money paid away, as against money put in
_PAID_AWAY = re.compile(r"\b(fee|fees|premium|charge|penalty|cost|costs|price|interest)\b", re.I)
_PUT_IN = re.compile(r"\b(prepay\w*|repay\w*|reduc\w*|contribut\w*|invest\w*|subscri\w*|injection)\b", re.I)


@dataclass
class Route:
    name: str                       # 'waiver', 'equity cure'
    facts: list[FactRef] = field(default_factory=list)

    @property
    def money(self) -> FactRef | None:
        return next((f for f in self.facts if f.value.type == "money"), None)

    @property
    def rate(self) -> FactRef | None:
        return next((f for f in self.facts if f.value.type == "percent"), None)

    def said(self) -> str:
        return " ".join(" ".join(f.statement.split()) for f in self.facts)


def _heads(words: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]+", words.lower()) if w not in _STOP and len(w) > 2}


def _named(ctx: ArtifactContext) -> list[str]:
    """The two routes the title or the purpose names: 'A against B', 'A or B', 'A versus B'; 'whether to A or B';
    'the A and B options'."""
    title = ctx.spec.title.split(":", 1)[-1] if ":" in ctx.spec.title else ctx.spec.title
    title = re.sub(r"^(?:advice|memo(?:randum)?|note|paper)\b(?:\s+to\s+(?:the\s+)?[\w' -]{2,40}?)?\s+(?:on|re|about)\s+",
                   "", title.strip(), flags=re.I)
    m = re.search(r"^(?:the |an? )?(?P<a>[a-z][a-z' -]{2,40}?) (?:against|or|versus|vs\.?) (?:an? |the )?"
                  r"(?P<b>[a-z][a-z' -]{2,40})$", title.strip(), re.I)
    if m and not re.search(r"\d", m.group(0)):
        return [m.group("a").strip(), m.group("b").strip()]
    purpose = ctx.spec.purpose or ""
    m = re.search(r"\bwhether to (?P<a>[^,.;]+?) or (?P<b>[^,.;]+)", purpose) or \
        re.search(r"\bthe (?P<a>[a-z]+(?: [a-z]+)?) (?:and|or) (?P<b>[a-z]+(?: [a-z]+)?) (?:options|routes|courses)\b",
                  purpose, re.I)
    return [m.group("a").strip(), m.group("b").strip()] if m else []


def routes(ctx: ArtifactContext) -> list[Route]:
    """The routes the paper weighs, each with the facts whose labels name it; [] where the title or purpose names no
    two routes, where a route has no fact, no route has a figure of money, or the decision is to settle or to go to
    a determination (argue.courses writes that one)."""
    from worldsmith.generators.compose.substance.argue import courses

    if courses(ctx):
        return []
    names = _named(ctx)
    if len(names) != 2:
        return []
    out = []
    for name in names:
        heads = _heads(name)
        facts = [f for f in ctx.facts if heads & _heads(label(f))]
        out.append(Route(name=re.sub(r"^(?:the|an?) ", "", name, flags=re.I), facts=facts))
    a, b = out
    # each fact is one route's: a label naming both goes to neither ('waiver or cure deadline')
    both = {id(f) for f in a.facts} & {id(f) for f in b.facts}
    for r in out:
        r.facts = [f for f in r.facts if id(f) not in both]
    # a route whose terms are not yet on the file (a waiver not yet offered) is still weighed, as unpriced, beside one
    # the ledger prices
    if not any(r.money is not None for r in out):
        return []
    return out


def _terms(route: Route) -> list[str]:
    """What else a route's facts say it takes, beside its figure: 'a 50 basis point margin step-up until leverage is
    below 3.25x', 'an equity contribution applied to prepay the loan'."""
    found = []
    for f in route.facts:
        text = " ".join(f.statement.split())
        for m in re.finditer(r"\b(?:and|plus|with)\s+(an?\s+[^;:()]{6,90}?)(?=\.(?:\s|$)|[;:(]|,\s|$)", text):
            term = m.group(1).strip()
            if re.search(r"\d{1,3}(?:,\d{3})+|\b(?:USD|GBP|EUR)\b", term) or term in found:
                continue
            found.append(term)
    return found[:2]


def _of_what(route: Route) -> str:
    """What a route's rate is a share of, as its statement says: '0.25% of the term loan' -> 'the term loan'."""
    r = route.rate
    if r is None:
        return ""
    m = re.search(rf"{re.escape(r.text)}\s+of\s+(?:the\s+)?(?:[A-Z]{{3}}\s[\d,.]+\s+)?([a-z][a-z -]{{2,30}}?)(?=[,.;]|\s+and\b|$)",
                  route.said())
    return f"the {m.group(1).strip()}" if m else ""


def _cost(route: Route) -> str:
    """A route's cost in a sentence: the money it pays away or the money it puts in, with the rate it is worked at
    and its other terms."""
    m = route.money
    terms = _terms(route)
    if not route.facts:
        return ("Its price is not on the file yet: no terms for it have been put to us, and they would be asked for "
                "before anything is decided.")
    if m is None:
        r = route.rate
        head = f"It is priced at {label(r)} of {r.text}" if r is not None else f"It turns on {plain(route.facts[0])}"
        return head + (f", with {join_names(terms)}" if terms else "") + "."
    of = _of_what(route)
    rate = f" ({route.rate.text} of {of})" if route.rate is not None and of else \
        f" ({label(route.rate)} {route.rate.text})" if route.rate is not None else ""
    if _PAID_AWAY.search(label(m)):
        out = f"It costs {label(m)} of {m.text}{rate}, paid away and not recovered"
        return out + (f", and it comes with {join_names(terms)}" if terms else "") + "."
    put_in = _PUT_IN.search(route.said())
    out = f"It calls for {label(m)} of {m.text}{rate}"
    if terms:
        out += f", by {join_names(terms)}"
    if put_in:
        # (read 19 on 'stays in the business': money applied to prepay a loan leaves the business; what it buys is
        # a smaller debt, not a fee lost)
        out += "; that money is not a charge paid away: it goes to reduce what is owed"
    return out + "."


def weighed(ctx: ArtifactContext) -> Route | None:
    """The route to take: the one the matter's summary records as taken, where it says so ('the sponsor funds a
    USD 9,000,000 cure'); else the one that pays nothing away; else None (the paper weighs and leaves the choice)."""
    rs = routes(ctx)
    if not rs:
        return None
    for clause in re.split(r"[;.]\s+", " ".join((ctx.world_summary or "").split())):
        if re.search(r"\b(weigh\w*|against|whether|offers?|offered|or)\b", clause, re.I):
            continue
        hit = [r for r in rs if _heads(r.name) & _heads(clause) and not (_heads(rs[0].name) & _heads(rs[1].name)
                                                                          & _heads(clause))]
        if len(hit) == 1:
            return hit[0]
    free = [r for r in rs if r.money is not None and not _PAID_AWAY.search(label(r.money))]
    return free[0] if len(free) == 1 else None


def _client(ctx: ArtifactContext) -> str:
    return client_of(ctx) or principal(ctx, ctx.author.organisation)


def _problem(ctx: ArtifactContext, rs: list[Route]) -> FactRef | None:
    """The fact the routes answer: one of neither route, a ratio or figure against its limit first."""
    mine = {id(f) for r in rs for f in r.facts}
    rest = [f for f in ctx.facts if id(f) not in mine]
    return next((f for f in rest if re.search(r"\b(ratio|breach|default|shortfall|deficit)\b", label(f), re.I)),
                rest[0] if rest else None)


def route_question(ctx: ArtifactContext, who: str) -> str:
    """The question presented of advice that weighs two routes."""
    rs = routes(ctx)
    a, b = rs
    return (f"{who} to advise whether {_client(ctx)} should take the {a.name} or the {b.name}, what each costs and "
            f"what each leaves open.")


def route_answer(ctx: ArtifactContext) -> str:
    """The short answer: the route to take and why, on the routes' own figures."""
    rs = routes(ctx)
    pick_ = weighed(ctx)
    if pick_ is None:
        a, b = rs
        return (f"both routes are open; the {a.name} and the {b.name} are weighed below on what each costs, and the "
                f"choice is {_client(ctx)}'s.")
    other = next(r for r in rs if r.name != pick_.name)
    why_other = (f"{label(other.money)} of {other.money.text}" if other.money is not None else
                 f"{label(other.facts[0])} of {other.facts[0].text}" if other.facts else "a price not yet named")
    mine = (f"{label(pick_.money)} of {pick_.money.text}" if pick_.money is not None else label(pick_.facts[0]))
    paid = other.money is not None and _PAID_AWAY.search(label(other.money))
    return (f"{_client(ctx)} should take the {pick_.name}. It calls for {mine}, " +
            ("but that money reduces what is owed rather than being paid away" if _PUT_IN.search(pick_.said()) else "and ends the point") +
            (f"; the {other.name} costs {why_other}" if other.facts else f"; the {other.name}'s price is not yet "
                                                                          f"named") + (", paid away" if paid else "") +
            (f", with {join_names(_terms(other))}" if _terms(other) else "") + ".")


def route_options(ctx: ArtifactContext, due: str) -> list[str]:
    """The options section: the problem, each route with its cost and terms, and the two side by side."""
    rs = routes(ctx)
    problem = _problem(ctx, rs)
    lead = (f"Two routes are open, and each is weighed by what it costs." +
            (f" The starting point: {plain(problem)}." if problem is not None else ""))
    out = [lead]
    for letter, r in zip("AB", rs):
        out.append(f"Option {letter}, the {r.name}. {_cost(r)}")
    a, b = rs
    if a.money is not None and b.money is not None:
        pa, pb = (_PAID_AWAY.search(label(r.money)) is not None for r in (a, b))
        if pa != pb:
            away, kept = (a, b) if pa else (b, a)
            out.append(f"Side by side: the {away.name} is the smaller cheque ({away.money.text} against "
                       f"{kept.money.text}), but all of it is a cost, and its other terms run on after it is paid; "
                       f"the {kept.name} asks for more cash now and leaves nothing running.")
        else:
            out.append(f"Side by side: the {a.name} costs {a.money.text} and the {b.name} {b.money.text}.")
    return out


def route_reason(ctx: ArtifactContext, choice: Route, other: Route) -> str:
    """Why the route taken is preferred to the other, on their own figures: money that reduces what is owed against
    a cost paid away, else the cheaper of the two."""
    if _PUT_IN.search(choice.said()):
        return ("it deals with the point with money that goes to reduce what is owed, where the "
                + (f"{other.name} pays away its cost" + (" and leaves its other terms running" if _terms(other) else "")
                   if other.facts else f"{other.name}'s price is not yet named"))
    return f"on the figures above it costs {_client(ctx)} less than the {other.name}"


def route_recommendation(ctx: ArtifactContext, due: str) -> str:
    """The recommendation: the route taken, on the weighing above, and who decides by when."""
    rs = routes(ctx)
    choice = weighed(ctx)
    client = _client(ctx)
    if choice is None:
        return (f"The choice is {client}'s; we ask for instructions on the route by {due}" + ".")
    letter = "AB"[[r.name for r in rs].index(choice.name)]
    other = next(r for r in rs if r.name != choice.name)
    deadline = next((f for f in ctx.facts if f.value.type == "date" and not f.past), None)
    them = opponent(ctx)
    why = route_reason(ctx, choice, other)
    return (f"We recommend Option {letter}, the {choice.name}: {why}. "
            f"{cap_first(client)} should decide by {due}" +
            (f", well before {label(deadline)} ({deadline.text})" if deadline is not None else "") + "" +
            (f", and we will tell {them} once it has" if them else "") + ".")

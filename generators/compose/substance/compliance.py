"""A compliance certificate: an officer of the borrower certifies the covenant figures of a test period to the agent.

Blind read 17 (an unseen leverage-covenant outline): the borrower's compliance certificate came out as an insurance or
guaranty certificate ('the amount of financial responsibility evidenced is USD 166,500,000. It continues in effect until
cancelled on written notice.'). An officer's certificate under a credit agreement says who certifies, under which
agreement and to whom, the test period, each covenant figure with how it is worked out, whether the covenant is met,
any default and cure notice, and the signature. Every figure is the ledger's.
"""

from __future__ import annotations

import re

from worldsmith.generators.compose.substance.common import label
from worldsmith.generators.compose.text import cap_first, long_date
from worldsmith.generators.context import ArtifactContext
from worldsmith.worlds.values import numeric_value

_COMPLIANCE = re.compile(r"\bcompliance certificate\b|\bcertificate of compliance\b|\bofficer'?s certificate\b", re.I)
_AGREEMENT = re.compile(r"\b((?:the\s+)?(?:[a-z]+\s+){0,3}agreement\s+(?:of|dated)\s+[A-Z][a-z]+\s+\d{1,2},\s+\d{4}|"
                        r"(?:the\s+)?(?:[a-z]+\s+){0,3}agreement\s+(?:of|dated)\s+\d{1,2}\s+[A-Z][a-z]+\s+\d{4})")
# the writer certifies a covenant: the plan names one, or the financing agreement it is tested under
_COVENANT = re.compile(r"\bcovenants?\b|\b(credit|facility|facilities|loan)\s+agreement\b|\bleverage ratio\b", re.I)
_LIMIT = re.compile(r"\b(maximum|minimum|cap|limit|floor|ceiling)\b", re.I)
# a covenant's level by its label or its statement's words ('net leverage covenant', 'requires net leverage ... to be no
# more than 5.50x': blind read 36's corrected certificate said 'is in compliance' at 7.25x, its level unseen)
_LEVEL = re.compile(r"\b(covenant|required|requirement|threshold)\b", re.I)
_BOUND = re.compile(r"\bno (?:more|greater|less) than\b|\bnot (?:to )?(?:exceed|fall below)\b|\bnot less than\b|"
                    r"\bat least\b", re.I)
_FLOOR = re.compile(r"\b(minimum|floor|at least|no less than|not less than|not (?:to )?fall below)\b", re.I)
# the test date a certificate's title names ('Compliance certificate: test date 31 December 2025 (corrected)')
_TEST_DATE = re.compile(r"\b(?:test date|(?:test )?period end(?:ing|ed)|as at|as of)\s+(?P<day>\d{1,2} [A-Z][a-z]+ "
                        r"\d{4}|[A-Z][a-z]+ \d{1,2}, \d{4})", re.I)


def _is_limit(f) -> bool:
    """Whether a fact is a covenant's level: its label names a limit or a covenant, or its statement bounds a measure."""
    return bool(_LIMIT.search(f.label or "") or _LEVEL.search(f.label or "") or _BOUND.search(f.statement or ""))
HEADINGS = [("Certification", "certify"), ("Test period", "period"), ("Computation", "computation"),
            ("Compliance", "compliance"), ("Signature", "signature")]


def is_compliance_certificate(doc_type: str, title: str, ctx: ArtifactContext | None = None) -> bool:
    """Whether a paper is an officer's compliance certificate under a financing agreement: a certificate by its title's
    head (never a numbered statutory form whose description says 'compliance certificate', blind read 28's 'Form H'),
    in a plan that has a covenant to certify (its facts or summary name one, or a credit agreement)."""
    from worldsmith.generators.compose.substance.statutory import statutory_form

    if not _COMPLIANCE.search(f"{doc_type} {title}") or statutory_form(title):
        return False
    if ctx is None:
        return True
    text = " ".join([ctx.world_summary or ""] + [f"{f.label} {f.statement}" for f in ctx.facts])
    return bool(_COVENANT.search(text))


# a financing agreement by its kind, with its year where the matter gives one ('the senior facilities agreement of 2022')
_FACILITY = re.compile(r"\b((?:senior |syndicated |revolving |term |secured |amended and restated ){0,3}"
                       r"(?:facilities|facility|credit|loan) agreement(?: of (?:19|20)\d\d\b)?)", re.I)


def _agreement(ctx: ArtifactContext) -> str:
    """The agreement the certificate is given under, as a fact's statement or the summary names it (by its date, else
    by its kind: blind read 36's certificate 'under the agreement under which it is delivered' never named the SFA),
    else the plain words."""
    texts = [f.statement for f in ctx.facts] + [ctx.world_summary or ""]
    for text in texts:
        m = _AGREEMENT.search(" ".join(text.split()))
        if m:
            found = m.group(1)
            return found if found.lower().startswith("the ") else f"the {found}"
    for text in texts:
        m = _FACILITY.search(" ".join(text.split()))
        if m:
            return f"the {m.group(1)[0].lower()}{m.group(1)[1:]}"
    return "the agreement under which it is delivered"


# the officers the certificate says sign it ('Signed by the Chief Financial Officer and the Chief Executive Officer')
_OFFICERS = (("chief executive officer", r"\bchief executive\b|\bCEO\b"), ("chief financial officer", r"\bchief financial\b|"
             r"\bCFO\b"), ("director", r"\bdirectors?\b"))


def _signers(ctx: ArtifactContext) -> list[tuple[str, str]]:
    """(name, title) of each officer who signs: the author, and each other office the points or the purpose name as
    signing (a named officer of the borrower where the cast has one; the office alone where not). Blind read 36: 'says
    it is "Signed by the CFO and the CEO" but has only a CFO line'."""
    who = ctx.author
    out = [(who.name, who.title)]
    said = " ".join([getattr(ctx.spec, "purpose", "") or ""] + [p.text for p in getattr(ctx.spec, "points", None) or []
                                                                if re.search(r"(?i)\bsign", p.text)])
    if not re.search(r"(?i)\bsign", said):
        return out
    for office, pattern in _OFFICERS:
        if not re.search(pattern, said, re.I) or re.search(pattern, who.title or "", re.I):
            continue
        named = next((p for p in ctx.cast if p.organisation == who.organisation and re.search(pattern, p.title or "",
                                                                                              re.I)), None)
        out.append((named.name, named.title) if named is not None else ("", office.title()))
    return out


def _compliance(ctx: ArtifactContext, org: str) -> list[str]:
    """Whether each covenant the facts give a limit and a measure for is met, and what follows if not."""
    out = []
    limits = [f for f in ctx.facts if _is_limit(f) and f.value.type in ("number", "money", "percent")]
    for lim in limits:
        unit = getattr(lim.value, "unit", None)
        measured = next((f for f in ctx.facts if f is not lim and f.value.type == lim.value.type
                         and getattr(f.value, "unit", None) == unit and not _is_limit(f)), None)
        if measured is None:
            continue
        x, y = numeric_value(measured.value), numeric_value(lim.value)
        if x is None or y is None:
            continue
        upper = not _FLOOR.search(f"{lim.label or ''} {lim.statement or ''}")
        broken = x > y if upper else x < y
        if broken:
            out.append(f"{cap_first(label(measured))} of {measured.text} is {'above' if upper else 'below'} "
                       f"{label(lim)} of {lim.text}. {org} is accordingly not in compliance with that covenant for "
                       f"the period, and this certificate is notice of it.")
        else:
            out.append(f"{cap_first(label(measured))} of {measured.text} is within {label(lim)} of {lim.text}; "
                       f"{org} is in compliance with that covenant for the period.")
    cure = next((f for f in ctx.facts if re.search(r"\bcure\b", f.label or "", re.I)), None)
    if out and any("not in compliance" in x for x in out) and cure is not None:
        out.append(f"{org} gives notice of its intention to exercise its cure right; {label(cure)} is {cure.text}.")
    return out or [f"{org} is in compliance with the financial covenants for the period on the figures above."]


def compliance_bodies(ctx: ArtifactContext) -> tuple[list[tuple[str, str]], dict[int, list[str]]]:
    """The sections and their paragraphs: who certifies to whom and under what, the period, the figures, compliance,
    the signature."""
    org, who = ctx.author.organisation, ctx.author
    reader = next((p for p in ctx.to if p.organisation != org), ctx.to[0] if ctx.to else None)
    to = f" to {reader.organisation}" if reader is not None else ""
    day = long_date(ctx.spec.date, ctx.locale)
    dates = [f for f in ctx.facts if f.value.type == "date"]
    figures = [f for f in ctx.facts if f.value.type in ("money", "number", "percent")]
    # (a certificate is for the test date its title names, never 'as at' the day it is signed: blind read 36)
    tested = _TEST_DATE.search(ctx.spec.title)
    agreement = _agreement(ctx)
    agent = next((o.name for o in ctx.organisations if o.name != org and
                  re.search(r"(?i)\b(?:facility|administrative) agent\b", o.role or "") and
                  not re.search(r"(?i)\bcounsel\b|\badvis[eo]r", (o.role or "").split(";")[0])), "")
    signers = _signers(ctx)
    officers = " and ".join(f"{n}, {t}" if n else f"the {t}" for n, t in signers)
    # an officer's certificate in the form the agreement schedules: to the agent, from the borrower, dated; it names
    # the agreement it is delivered under (blind read 36: 'no To/From/Dated block', 'never names the SFA')
    bodies: dict[int, list[str]] = {
        0: ([f"To: {agent} as Agent" if agent else f"To: {reader.organisation}" if reader is not None else "",
             f"From: {org}", f"Dated: {day}"] if agent or reader is not None else []) + [
            f"We refer to {agreement}" + (f" between, among others, {org} as borrower and {agent} as agent" if agent
                                          and not agreement.endswith("it is delivered") else "")
            + " (the Agreement). This is a compliance certificate. Terms defined in the Agreement have the same "
            f"meanings here. The undersigned, {officers} of {org}, certif{'ies' if len(signers) == 1 else 'y'} in "
            f"that capacity and not personally{to}, as follows."],
        1: [f"This certificate is delivered for the period ending {dates[0].text} ({label(dates[0])})."
            if dates else f"This certificate is delivered for the test period ending {tested.group('day')}."
            if tested else f"This certificate is delivered for the most recent test period, as at {day}."],
        2: [f"{i}. {cap_first(label(f))}: {f.text}" + (f", being {f.reason}." if f.reason else ".")
            for i, f in enumerate(figures, 1)] or ["The covenant figures are set out in the attached computation."],
        3: _compliance(ctx, org),
        4: [f"Signed for and on behalf of {org} by {n}, {t}, on {day}." if n else
            f"Signed for and on behalf of {org} by its {t}, on {day}." for n, t in signers],
    }
    bodies = _with_points(ctx, bodies)
    return HEADINGS, bodies


def _with_points(ctx: ArtifactContext, bodies: dict[int, list[str]]) -> dict[int, list[str]]:
    """The outline's points in the certificate's own parts: a point that gives a computed figure in place of that
    figure's line, one that says who signs before the signatures (not a 'Substance' section after the signature that
    repeats the computation: blind read 36)."""
    out = {k: list(v) for k, v in bodies.items()}
    for p in getattr(ctx.spec, "points", None) or []:
        said = f"{p.heading}: {p.text}" if p.heading else p.text
        if re.match(r"(?i)signed\b", p.text):
            out[4] = [said] + out[4]
            continue
        rows = out[2]
        # the line of the figure the point gives first ('Consolidated Net Debt ...: EUR 174,000,000, after cash of EUR
        # 12,000,000' is the net debt's line, not the cash's)
        given = sorted((p.text.index(f.text), f.text) for f in ctx.facts if f.text and f.text in p.text)
        hit = next((i for _, text in given[:1] for i, r in enumerate(rows) if text in r and re.match(r"^\d+\. ", r)),
                   None)
        if hit is not None:
            number = rows[hit].split(" ", 1)[0]
            rows[hit] = f"{number} {cap_first(said)}"
    return out

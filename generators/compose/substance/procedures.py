"""A report of factual findings on agreed-upon procedures: the engagement and its standard, each procedure performed
(numbered), the factual finding of each, and the report's restriction of use; never a conclusion, an opinion or risks."""

from __future__ import annotations

import re

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.parties import client_of
from worldsmith.generators.compose.substance.common import derivation, identity, label, stated
from worldsmith.generators.compose.substance.report import own_voice
from worldsmith.generators.compose.text import cap_first, long_date
from worldsmith.generators.context import ArtifactContext, FactRef

# an agreed-upon procedures engagement by its usual names (ISRS 4400, AT-C 215), in English and the languages of the
# project's locales: 'Report of factual findings', 'agreed-upon procedures', 'procedimientos acordados',
# 'procédures convenues', 'vereinbarte Untersuchungshandlungen', 'procedure concordate', 'procedimentos acordados'
_AUP = re.compile(r"\bagreed[- ]upon[- ]procedures?\b|\breport of factual findings\b|\bfactual findings report\b|"
                  r"\bprocedimientos acordados\b|\bprocédures convenues\b|\bvereinbarte\w* untersuchungshandlung|"
                  r"\bprocedure (?:di verifica )?concordate\b|\bprocedimentos (?:previamente )?acordados\b", re.I)
# what the paper is not: a note, memo, letter or reply about such a report
_ABOUT = re.compile(r"^(?:draft\S*\s+)?(?:memo|memorandum|note|letter|email|e-mail|response|reply|comments?|"
                    r"engagement letter|cover)\b|\b(?:re|on|about)\s+the\s+(?:aup|agreed)", re.I)
# the subject the procedures were performed on: 'agreed-upon procedures on the X data tape' -> 'the X data tape'
_ON = re.compile(r"procedures?\b[^:]*?\b(?:on|over|in respect of|relating to)\s+(?P<on>[^:;()]+?)\s*$", re.I)

_PLAN = (("Engagement Summary", "summary"), ("Procedures Performed", "scope"), ("Factual Findings", "findings"),
         ("Use of This Report", "limitations"), ("Appendix", "appendix"))


def is_aup_report(ctx: ArtifactContext) -> bool:
    """Whether a paper is a report of factual findings on agreed-upon procedures: its title (or doc type) names the
    engagement and the paper is no memo, letter or reply about one."""
    title = ctx.spec.title.strip()
    return (_AUP.search(title) is not None or _AUP.search(ctx.spec.doc_type or "") is not None) and \
        _ABOUT.search(title) is None and not re.search(r"memo|letter|minutes|agreement|notice", ctx.spec.doc_type or "",
                                                       re.I)


def aup_plan(n: int) -> list[tuple[str, str]]:
    """n headings of the report (at most five): the engagement, the procedures, the findings, its use, an appendix."""
    if n <= 2:
        return [_PLAN[0], ("Procedures Performed and Factual Findings", "findings")][:max(1, n)]
    if n == 3:
        return [_PLAN[0], ("Procedures Performed and Factual Findings", "findings"), _PLAN[4]]
    if n == 4:
        return [_PLAN[0], _PLAN[1], _PLAN[2], _PLAN[4]]
    return list(_PLAN)


def subject(ctx: ArtifactContext) -> str:
    """What the procedures were performed on, from the title ('... agreed-upon procedures on the X data tape' -> 'the
    X data tape'), else the client's records."""
    m = _ON.search(ctx.spec.title.strip())
    if m:
        on = m.group("on").strip()
        return on if re.match(r"(?i)(the|a|an)\b", on) or on[:1].isupper() else f"the {on}"
    client = client_of(ctx)
    return f"records provided by {client}" if client else "the records provided to us"


def _procedure(f: FactRef, ctx: ArtifactContext, on: str, whose: str) -> str:
    """What was done for one figure: recomputed from its inputs where it has a formula, else read from and agreed to
    the records; never a figure the ledger does not hold."""
    what = label(f)
    if derivation(f, ctx.facts):
        return f"We recomputed {what} from its inputs as recorded in {on}."
    if f.value.type == "date":
        return f"We read {what} from {on} and agreed it to the records {whose} provided."
    if f.source:
        return f"We agreed {what} in {on} to {f.source.strip()}."
    return f"We obtained {on} from {whose} and agreed {what} to the underlying records."


def aup_bodies(pick: Picker, ctx: ArtifactContext, plan: list[tuple[str, str]]) -> dict[int, list[str]]:
    """Every section of the report but its appendix, from the plan: who engaged whom under what standard, each
    procedure numbered, each factual finding under the same number, and the restriction of use, signed."""
    author, day = ctx.author, long_date(ctx.spec.date, ctx.locale)  # type: ignore[union-attr]
    client = client_of(ctx)
    whose = client if client and client != author.organisation else "management"
    on = subject(ctx)
    facts = [f for f in ctx.facts if not identity(f) or f.establish] or list(ctx.facts)
    procedures = [f"{n}. {_procedure(f, ctx, on, whose)}" for n, f in enumerate(facts, 1)]
    # (the firm's own procedures in its own voice: 'Our agreed-upon procedures ... found', never '<firm>'s')
    findings = [f"{n}. {cap_first(own_voice(stated(pick, f, ctx.facts, cite=False), author.organisation))}"
                for n, f in enumerate(facts, 1)]
    if not facts:
        procedures = [f"1. We obtained {on} from {whose} and read it against the records {whose} provided."]
        findings = [f"1. We report no figure from the procedure above as at {day}."]
    engaged = [f"We have performed the procedures agreed with {whose} and set out below on {on}, as at {day}. "
               f"{cap_first(whose)} is responsible for {on} and has agreed that the procedures are appropriate for "
               f"its purpose; we make no representation as to their sufficiency.",
               "We performed the engagement in accordance with the International Standard on Related Services "
               "(ISRS) 4400 (Revised), Agreed-Upon Procedures Engagements. An agreed-upon procedures engagement is not "
               "an assurance engagement: we express no opinion and no assurance conclusion, and we report the factual "
               "findings of each procedure below."]
    use = [f"This report is solely for the information of {whose} in connection with {on} and is not to be used for "
           f"any other purpose. Had we performed additional procedures, other matters might have come to our "
           f"attention that would have been reported to you."]
    signed = f"{author.organisation}. {author.name}, {author.title}. {day}."
    out: dict[int, list[str]] = {}
    kinds = [k for _, k in plan]
    for i, (h, k) in enumerate(plan):
        if k == "summary":
            out[i] = engaged
        elif k == "scope":
            out[i] = ["We performed the following procedures:", *procedures]
        elif k == "findings" and "scope" in kinds:
            out[i] = ["We report our factual findings, each under the number of its procedure:", *findings]
        elif k == "findings":
            out[i] = [p for pair in zip(procedures, [f"Finding: {x.split('. ', 1)[1]}" for x in findings])
                      for p in pair]
        elif k == "limitations":
            out[i] = use
    last = max(out) if out else 0
    if "limitations" not in kinds:
        out[last] = out.get(last, []) + use
    out[last] = out.get(last, []) + [signed]
    return out

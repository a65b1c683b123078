"""A numbered statutory form ('Form H: compliance certificate of the resolution professional'): issued by the officer
the form names, to the body it is filed with, certifying what the form certifies, reciting the facts it rests on with
their sources, verified and signed.

Blind read 28 (an unseen insolvency outline): a 'Form H' the resolution professional files with the tribunal came out
as a borrower's loan-covenant certificate to counsel ('in compliance with that covenant for the period'), because the
words 'compliance certificate' stood somewhere in its title. The title's head ('Form H') makes it a statutory form;
what the form certifies comes from the plan's purpose for it, and every figure is the ledger's.
"""

from __future__ import annotations

import re

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.substance.common import as_told, identity, label
from worldsmith.generators.compose.text import cap_first, long_date, strip_end
from worldsmith.generators.context import ArtifactContext

# the head of the title is a numbered form: 'Form H', 'Form 8', 'FORM 3A', 'Draft Form G' (its description after a
# colon or a dash); a form named later in the title ('Claim for Lien (Form 8)') is headed by its own noun
# (the number is capitals or digits: 'Form of tender' is no numbered form)
_FORM = re.compile(r"^\s*(?i:draft\s+)?(?i:form)\s+(?P<no>[A-Z]{1,3}|\d{1,3}[A-Za-z]?)\b\s*(?:[:\u2013\u2014-]\s*"
                   r"(?P<what>.*))?$")
# the bodies a form is filed with, by their role in the plan
_BODY = re.compile(r"\b(court|tribunal|arbitrators?|adjudicat\w*|ombudsman|authority|registr(?:ar|y)|regulator|commission|"
                   r"board of)\b", re.I)
# a fact that says where a paper is filed: 'filed ... with Form H, before the NCLT, Cuttack Bench, on July 29'
_FILED = re.compile(r"\b(?:filed|files|lodged|lodges|registered|submitted|presented|appl(?:y|ies|ied))\b")
_BEFORE = re.compile(r"\b(?:before|with|in|to)\s+(?P<body>the\s+(?:[A-Z][\w&'.()-]*\s*)+?(?:,\s+[A-Z][\w'-]*"
                     r"(?:\s+[A-Z][\w'-]*)*\s+(?:Bench|Division|Registry|Office))?)(?=,|\s+(?:on|under|for)\b|\.|$)")
# what the plan says the form certifies: 'The resolution professional's certificate that the plan ... complies with
# the Code and the regulations, filed with the application.'
_THAT = re.compile(r"\b(?:certif\w*|confirm\w*|declar\w*|stat\w*)\s+that\s+(?P<that>.+?)(?:,\s*(?:filed|lodged|given|"
                   r"delivered|issued|submitted|made|signed)\b|[.;]\s|[.;]?$)", re.I)


def statutory_form(title: str) -> tuple[str, str] | None:
    """(number, description) of a paper whose title's head is a numbered statutory form ('Form H: compliance
    certificate' -> ('H', 'compliance certificate')); None for any other paper, whatever words its title holds."""
    m = _FORM.match(" ".join(title.split()))
    return (m.group("no").upper(), strip_end(m.group("what") or "")) if m else None


def filed_with(ctx: ArtifactContext) -> str:
    """The body the form is filed with: an organisation of the plan that rules or registers, else the body a fact of
    the plan says such papers are filed before ('the NCLT, Cuttack Bench'); '' where the plan names none."""
    body = next((o.name for o in ctx.organisations if _BODY.search(o.role.split(";")[0])
                 and not re.search(r"\bopposing\b", o.role, re.I) and o.name != ctx.author.organisation), "")
    if body:
        return body
    for text in [" ".join(f.statement.split()) for f in ctx.facts] + re.split(r"(?<=\.)\s+", ctx.world_summary or ""):
        for filed in _FILED.finditer(text):
            m = _BEFORE.search(text[filed.start():filed.start() + 160])
            if m and not re.match(r"the\s+(?:Form|Code|Act|Regulations?)\b", m.group("body")):
                return m.group("body").strip()
    return ""


def certified(ctx: ArtifactContext, what: str) -> str:
    """What the officer certifies, as a clause: the plan's purpose for the form ('that the plan and the process comply
    with the Code and the regulations'), else the form's own description ('compliance')."""
    m = _THAT.search(" ".join((ctx.spec.purpose or "").split()))  # type: ignore[union-attr]
    if m:
        return "that " + strip_end(m.group("that"))
    noun = re.sub(r"\b(certificate|form|statement|declaration)\b.*$", "", what, flags=re.I).strip()
    return f"as to {noun}, on the particulars set out below" if noun else "that the particulars set out below are true"


def _matter(ctx: ArtifactContext) -> str:
    """The matter the form is filed in: the head of the world's title ('CIRP of Kavirath Steel Castings Private
    Limited')."""
    return re.split(r":\s", " ".join(ctx.world_title.split()), maxsplit=1)[0].strip()


def form_bodies(pick: Picker, ctx: ArtifactContext) -> tuple[list[tuple[str, str]], dict[int, list[str]]]:
    """The form's sections: to whom it is filed and in what matter, the officer's words of certification, the facts it
    recites (each with its working and the paper it comes from), the verification and the signature."""
    number, what = statutory_form(ctx.spec.title) or ("", "")
    a, org = ctx.author, ctx.author.organisation
    day = long_date(ctx.spec.date, ctx.locale)  # type: ignore[union-attr]
    body = filed_with(ctx)
    head = ([f"To: {body}."] if body else []) + ([f"In the matter of {_matter(ctx)}."] if _matter(ctx) else [])
    head.append(f"I, {a.name}, {a.title} ({org}), certify {certified(ctx, what)}, on the facts recited below.")
    rows = []
    for n, f in enumerate(ctx.facts, 1):
        said = f"{cap_first(label(f))}: {f.text}." if identity(f) else as_told(pick, f, ctx.facts)
        # (the record's words after a colon go on mid-sentence: 'is INR 4,240,000,000: under Regulation 35(1)(b) ...')
        said = re.sub(r": (Under|The|In|On|As|By|At|For) ", lambda m: f": {m.group(1).lower()} ", said)
        paper = re.split(r":|\s+[-\u2013\u2014]\s+", f.paper)[0].strip() if f.paper and \
            f.paper != ctx.spec.title else ""  # type: ignore[union-attr]
        # (a paper whose title carries its own date is not dated again)
        dated = f.paper_day and not re.search(r"\b(19|20)\d\d\b", paper)
        source = f" (Source: {paper}" + (f", {long_date(f.paper_day, ctx.locale)}" if dated else "") + ".)" \
            if paper else ""
        rows.append(f"{n}. {said}{source}")
    plan = [(f"Form {number}" if number else "Form", "certification"), ("Facts Recited", "particulars"),
            ("Verification", "verification"), ("Signature", "cert_sign")]
    bodies = {0: head,
              1: rows or ["The particulars are those of the record filed with this form."],
              2: [f"I, {a.name}, verify that the facts stated in this form are true and correct to the best of my "
                  f"knowledge and belief, and that nothing material has been concealed. Verified on {day}."],
              3: [f"Signed by {a.name}, {a.title}, {org}, on {day}."]}
    return plan, bodies


# The law a restructuring plan is made under, by the country of the matter's locale: its name, the article on the
# classes, the one on the class majorities and the one on the creditors' best interest (for Spain the TRLC, Real
# Decreto Legislativo 1/2020 as amended by Ley 16/2022: arts. 623, 629 and 654).
_PLAN_LAW = {"ES": ("the Texto Refundido de la Ley Concursal (TRLC)", "article 623 TRLC", "article 629 TRLC",
                    "article 654.7 TRLC"),
             "GB": ("Part 26A of the Companies Act 2006", "section 901C", "section 901F", "section 901G(3)"),
             "US": ("chapter 11 of the Bankruptcy Code", "11 U.S.C. § 1122", "11 U.S.C. § 1126(c)",
                    "11 U.S.C. § 1129(a)(7)")}
_LENDER = re.compile(r"(?i)\blenders?\b")
_NOT_LENDER = re.compile(r"(?i)\b(?:to|for|of|by|among)\s+(?:the\s+|all\s+)?lenders?\b|\bcounsel\b|\badvis[eo]r")


def affected_creditors(ctx: ArtifactContext) -> list[str]:
    """The affected creditors a restructuring plan lists, as the cast names them: each lender of the financing the
    plan restructures (an agent that lends too, by its name), with what it is (blind read 36: 'a one-page summary ...
    no creditor list')."""
    out = []
    for o in ctx.organisations:
        role = o.role or ""
        if _LENDER.search(role) and not _NOT_LENDER.search(re.split(r"[;,]", role)[0] if re.search(
                r"(?i)\bcounsel\b|\badvis", re.split(r"[;,]", role)[0]) else role):
            out.append(o.name)
    return out


def restructuring_plan_lines(ctx: ArtifactContext, debtor: str, kind: str) -> list[str]:
    """What a restructuring plan says in one of its parts, from the cast and the facts alone: who the affected
    creditors are, in which class and for what aggregate claim, and why the class is one; the law the plan is made
    under; the tests its approval turns on, by the articles that set them. Nothing the ledger does not hold (no
    creditor's own claim, no liquidation value) is stated."""
    law, classes, majority, best = _PLAN_LAW.get(ctx.locale.rsplit("_", 1)[-1], ("the law under which it is made",
                                                                                  "the law", "the law", "the law"))
    lenders = affected_creditors(ctx)
    claim = next((f for f in ctx.facts if f.value.type == "money" and re.search(
        r"(?i)\b(?:outstanding|facilit|loan|claims?|liabilit)", f"{f.label} {f.statement}")), None)
    if kind == "summary":
        return [f"This plan is made under {law}. Its debtor is {debtor}; it restructures the financial liabilities "
                f"listed in the next section, and no other."]
    if kind == "analysis" and lenders:
        names = ", ".join(lenders[:-1]) + " and " + lenders[-1] if len(lenders) > 1 else lenders[0]
        said = " ".join([ctx.world_summary or "", *(f.statement for f in ctx.facts),
                         *(p.text for p in getattr(ctx.spec, "points", None) or [])])
        secured = re.search(r"(?i)\bsecur|\bmortgage|\bpledge|\bin rem\b", said) is not None
        return [f"Class 1, {'secured ' if secured else ''}financial creditors: the lenders under the facilities the "
                f"plan restructures, "
                f"{names}" + (f", with claims of {claim.text} in aggregate" if claim is not None else "") +
                f". Their claims {'share the same security and ' if secured else ''}rank equally, so they form one "
                f"class by their common interest ({classes}). Each creditor's claim is the amount of its participation "
                f"as the agent's register records it on the date of this plan."]
    if kind == "risks":
        return [f"The majority each class must give is that of {majority}; the test of the creditors' best interest "
                f"is that of {best}."]
    return []

"""A credit agreement extract: the sections its title cites (the definitions, the financial covenant, the equity cure)
under their own numbers in a credit agreement's words, between the borrower and the agent for the lenders.

Blind read, session 16 (a leveraged-finance lawyer): 'Credit agreement extract: financial covenant and equity cure
(sections 1.01, 7.11, 8.04)' held '1. Confidentiality', '1.2 Quillfield's term loan ... is USD 180,000,000' and a
Schedule 1, with the borrower called 'the Client': no definition, no covenant, no cure. The sections' words are the
market's standard wording; every figure is a ledger fact's own text.
"""

from __future__ import annotations

import re

from worldsmith.generators.compose.text import long_date
from worldsmith.generators.context import ArtifactContext, FactRef
from worldsmith.generators.compose.substance.common import label

_CREDIT = re.compile(r"\b(?:credit|facility|loan|financing)\s+agreement\b", re.I)
_NUMS = re.compile(r"\bsections?\s+(\d+\.\d+(?:\s*(?:,|and|&)\s*(?:and\s+)?\d+\.\d+)*)", re.I)
_LEVERAGE = re.compile(r"\bleverage\b", re.I)
# what a cited section is about, from the words around its number
_TOPICS = [("cure", re.compile(r"\bcure\b", re.I)),
           ("covenant", re.compile(r"\b(?:ratio|not to exceed|covenant|shall not permit)\b", re.I)),
           ("definitions", re.compile(r"\b(?:means|defin\w*)\b", re.I))]
_ORDINALS = {"five": "fifth", "ten": "tenth", "fifteen": "fifteenth", "twenty": "twentieth", "thirty": "thirtieth"}


def is_credit_extract(ctx: ArtifactContext) -> bool:
    """Whether the paper is an extract of a leverage-tested credit agreement whose title cites its sections."""
    title = ctx.spec.title
    return bool(_CREDIT.search(title)) and bool(_NUMS.search(title)) and bool(
        _LEVERAGE.search(" ".join([title, ctx.spec.purpose or "", *(label(f) for f in ctx.facts)])))


def _numbers(title: str) -> list[str]:
    m = _NUMS.search(title)
    return re.findall(r"\d+\.\d+", m.group(1)) if m else []


def _said(ctx: ArtifactContext) -> list[str]:
    """The sentences of the record this paper may read (its facts, its purpose, the matter's summary)."""
    text = " ".join([*(" ".join(f.statement.split()) for f in ctx.facts), ctx.spec.purpose or "", ctx.world_summary or ""])
    return re.split(r"(?<=[.;])\s+", text)


def topics(ctx: ArtifactContext) -> dict[str, str] | None:
    """Each cited section's number by what it is about ('definitions', 'covenant', 'cure'); None where a cited section
    is about something else (the extract is then left to the general agreement)."""
    nums = _numbers(ctx.spec.title)
    out: dict[str, str] = {}
    said = _said(ctx)
    for n in nums:
        near = " ".join(s for s in said if re.search(rf"\bsections?\s+{re.escape(n)}\b", s, re.I))
        topic = next((t for t, pat in _TOPICS if near and pat.search(near) and t not in out), None)
        if topic is None and n.split(".")[0] == "1" and "definitions" not in out:
            topic = "definitions"
        if topic is None:
            # in the order the title or the purpose names them
            words = f"{ctx.spec.title} {ctx.spec.purpose or ''}"
            named = sorted((m.start(), t) for t, pat in _TOPICS[:2] for m in [pat.search(words)] if m and t not in out)
            topic = named[0][1] if named else None
        if topic is None:
            return None
        out[topic] = n
    return out if "covenant" in out else None


def _term(f: FactRef) -> str:
    """A fact's label as a defined term: 'term loan commitment' -> 'Term Loan Commitment'."""
    words = re.sub(r"^(?:the|a|an)\s+", "", label(f), flags=re.I).split()
    return " ".join(w if w.isupper() else w[:1].upper() + w[1:] for w in words)


def _parties(ctx: ArtifactContext, first: str, second: str) -> tuple[str, str]:
    """(the borrower, the agent for the lenders) among the two parties, by their roles."""
    roles = {o.name: o.role.lower() for o in ctx.organisations}
    agent = next((n for n in (first, second) if re.search(r"\bagent\b|\blender", roles.get(n, ""))), second)
    borrower = first if agent == second else second
    return borrower, agent


def credit_bodies(ctx: ArtifactContext, made, first: str, second: str
                  ) -> tuple[list[tuple[str, str]], dict[int, list[str]]]:
    """The plan and paragraphs of the extract: parties, each cited section under its number, signatures."""
    found = topics(ctx) or {}
    borrower, agent = _parties(ctx, first, second)
    cap = next((f for f in ctx.facts if f.value.type == "number" and re.search(r"\bmax\w*\b", label(f), re.I)), None)
    ratio = re.sub(r"^(?:maximum|max\.?)\s+", "", re.sub(r"^the\s+", "", label(cap)), flags=re.I) if cap else \
        "total net leverage ratio"
    ratio = " ".join(w[:1].upper() + w[1:] for w in ratio.split())
    said = " ".join(_said(ctx))
    prepay = re.search(r"\bcure\b[^.]*\b(?:prepay|repay)", said, re.I)
    added = re.search(r"\bcure\b[^.]*\bEBITDA\b", said, re.I)
    days = re.search(r"\b(five|ten|fifteen|twenty|thirty) business days\b", said, re.I)
    # (a cure period the record does not give is the Credit Agreement's defined term, never a number made up here)
    until = f"until the {_ORDINALS[days.group(1).lower()]} Business Day after" if days else "during the Cure Period " \
        "that follows the date on which"
    remedy = f"Until the {_ORDINALS[days.group(1).lower()]} Business Day after" if days else "During the Cure Period " \
        "that follows the date on which"
    plan: list[tuple[str, str]] = [("Parties", "parties")]
    bodies: dict[int, list[str]] = {0: [
        f"Extract from the Credit Agreement dated {long_date(made, ctx.locale)} among {borrower}, as Borrower, the "
        f"lenders party to it from time to time (the Lenders) and {agent}, as Administrative Agent. Only the sections "
        f"below are reproduced; capitalised terms not defined in them have the meanings the Credit Agreement gives."]}
    loan = next((f for f in ctx.facts if f.value.type == "money" and re.search(r"\b(?:loan|commitment|facility)\b",
                                                                              label(f), re.I)), None)
    plan.append(("Preliminary Statements", "recitals"))
    bodies[1] = ["The Borrower has requested that the Lenders extend credit to it in the form of term loans" +
                 (f" in an aggregate principal amount of {loan.text}" if loan is not None else "") +
                 ", and the Lenders are willing to do so on the terms and subject to the conditions of this Agreement."]
    written: set[str] = {loan.id} if loan is not None else set()
    cov = found.get("covenant", "")
    for topic, n in sorted(found.items(), key=lambda kv: [int(x) for x in kv[1].split(".")]):
        if topic == "definitions":
            paras = [
                '"Consolidated EBITDA" means, for any Test Period, Consolidated Net Income for that period plus, '
                "without duplication and to the extent deducted in arriving at it, (a) interest expense, (b) income "
                "taxes, (c) depreciation and amortisation and (d) non-recurring restructuring charges; provided that "
                "cost savings and synergies projected from actions taken are added only to the extent factually "
                "supportable and reasonably expected to be realised within twelve months after the action is taken.",
                '"Test Period" means, at any date, the four consecutive fiscal quarters then most recently ended.',
                '"Total Net Debt" means, at any date, the aggregate principal amount of Indebtedness for borrowed money '
                "of the Borrower and its Subsidiaries, less their unrestricted cash and cash equivalents; undrawn "
                "letters of credit are not Indebtedness for this purpose.",
                f'"{ratio}" means, at the last day of any Test Period, the ratio of Total Net Debt on that day to '
                f"Consolidated EBITDA for that Test Period."]
            for f in ctx.facts:
                if f.value.type == "money" and f is not cap and f is not loan:
                    paras.append(f'"{_term(f)}" means {f.text}.')
                    written.add(f.id)
            plan.append((f"Section {n}. Defined Terms", "definitions"))
        elif topic == "covenant":
            level = cap.text if cap is not None else "the level set out in Schedule 1"
            if cap is not None:
                written.add(cap.id)
            paras = [f"The Borrower shall not permit the {ratio}, as of the last day of any fiscal quarter, to exceed "
                     f"{level}.",
                     "The Borrower shall deliver with the financial statements for each fiscal quarter a Compliance "
                     f"Certificate signed by a financial officer setting out the computation of the {ratio} for the Test "
                     "Period then ended."]
            plan.append((f"Section {n}. Financial Covenant", "terms"))
        else:
            # (how a cure counts as the record says; where it does not, the borrower's election between the two
            # market forms, so the extract never contradicts a ledger it cannot see)
            applied = ("shall be applied on receipt to prepay the Term Loans, and the covenant shall be recalculated "
                       "giving pro forma effect to that prepayment as of the last day of that fiscal quarter") if prepay \
                else ("shall be deemed to increase Consolidated EBITDA for that fiscal quarter, for the purpose of "
                      "determining compliance with the covenant only") if added \
                else ("shall, as the Borrower elects by notice to the Administrative Agent, either be applied to prepay "
                      "the Term Loans or, for the purpose of determining compliance with the covenant only, be deemed "
                      "to increase Consolidated EBITDA for that fiscal quarter")
            paras = [f"(a) If the Borrower fails to comply with Section {cov} for any fiscal quarter, then at any time "
                     f"{until} the Compliance Certificate for that quarter is required to be delivered, the "
                     "Borrower's equity holders may make a cash equity contribution to the Borrower (the Cure Amount).",
                     f"(b) The Cure Amount {applied}.",
                     "(c) The Cure Amount shall not exceed the amount required to bring the Borrower into compliance, "
                     "and the right may be exercised in no more than two fiscal quarters in any four consecutive fiscal "
                     "quarters.",
                     f"(d) {remedy} the Compliance Certificate is required to be delivered, neither the "
                     "Administrative Agent nor any Lender may exercise any remedy by reason only of that failure."]
            plan.append((f"Section {n}. Right to Cure", "terms"))
        bodies[len(plan) - 1] = paras
    left = [f for f in ctx.facts if f.id not in written and f.text not in " ".join(p for ps in bodies.values() for p in ps)
            and not (f.value.type == "date" and f.value.value > made)]
    # the commitments schedule every credit agreement carries (the genre's Schedule), with the loan's amount
    plan.append(("Schedule 2.01. Commitments", "schedule"))
    bodies[len(plan) - 1] = [
        (f"Term Loan Commitments of all Lenders, in aggregate: {loan.text}. " if loan is not None else "") +
        "Each Lender's Term Loan Commitment is as recorded in the Register kept by the Administrative Agent."] + (
        ["Other terms: " + "; ".join(f"({'abcdefghij'[i]}) {_term(f)}: {f.text}" for i, f in enumerate(left[:10])) +
         "."] if left else [])
    plan.append(("Signatures", "signatures"))
    return plan, bodies

"""A contract of employment: made between the employer and the employee its title names (a person, never the
employer's solicitors), with the clauses an employment contract has (job and place of work, pay, hours and holidays,
notice, confidentiality, governing law) and each of its facts bound in the clause it belongs to: pay under Pay, a
notice period under Notice. Read 9 (an unseen employment outline): 'Contract of employment: Grace Okafor' was made
between the employer and Asquith Venn LLP, and its pay sat under Confidentiality as 'Her gross weekly pay at
termination was GBP 1,150'."""

from __future__ import annotations

import re

from worldsmith.generators.compose.text import cap_first, long_date
from worldsmith.generators.context import ArtifactContext, FactRef
from worldsmith.generators.compose.substance.common import identity, label

# ("service agreement" is a director's contract; a "Full-Service Agreement" (a hyphened or "full" service)
# is a supplier's: read as employment, the wind farm's maintenance annex became a contract with "the Employee")
_EMPLOYMENT = re.compile(r"\b(contract of employment|employment (contract|agreement)|(?<!-)(?<!full )service agreement|"
                         r"statement of (main )?terms( of employment)?)\b", re.I)
_CORPORATE = re.compile(r"\b(Ltd|Limited|Inc|LLP|LLC|plc|Corporation|Company|Co|Group|Partners|Solicitors|Bank)\b\.?")

# The clauses in the order a contract of employment has them; a plan's middle sections take them in turn.
_CLAUSES = ["Job Title and Place of Work", "Pay", "Notice", "Hours and Holidays", "Confidentiality", "Governing Law"]


def is_employment(ctx: ArtifactContext) -> bool:
    """Whether the agreement is a contract of employment (by its title or doc_type)."""
    return bool(_EMPLOYMENT.search(f"{ctx.spec.title} {getattr(ctx.spec, 'doc_type', '')}"))


def person_named(ctx: ArtifactContext) -> str:
    """The person an agreement's title names after its colon or dash ('Contract of employment: Grace Okafor'), when
    that is a person's name (two or three capitalised words, no organisation's); '' else."""
    m = re.search(r"(?::|\s[-–]\s)\s*(?P<who>[A-Z][a-z'’-]+(?: [A-Z][a-z'’-]+){1,2})\s*$", ctx.spec.title.strip())
    if not m or _CORPORATE.search(m.group("who")):
        return ""
    who = m.group("who")
    if any(o.name.startswith(who.split()[0]) for o in ctx.organisations):
        return ""
    return who


def _weeks(text: str) -> str:
    """'8 weeks' -> "8 weeks'" (the notice it gives)."""
    return f"{text}'" if text.endswith("s") else text


def _term(f: FactRef) -> str:
    return re.sub(r"^(the|a|an|her|his|their)\s+", "", label(f), flags=re.I)


def employment_bodies(ctx: ArtifactContext, plan: list[tuple[str, str]], employer: str, employee: str
                      ) -> tuple[dict[int, list[str]], dict[int, str]]:
    """Paragraphs and new headings of a contract of employment, by section index."""
    made = long_date(ctx.spec.date, ctx.locale)  # type: ignore[union-attr]
    law = "the laws of the State of New York" if ctx.locale == "en_US" else "the law of England and Wales"
    terms = [f for f in ctx.facts if not identity(f)]
    pay = [f for f in terms if f.value.type == "money"]
    notice = [f for f in terms if re.search(r"\bnotice\b", label(f), re.I)]
    other = [f for f in terms if f not in pay and f not in notice]
    out: dict[int, list[str]] = {}
    heads: dict[int, str] = {}
    middle = [i for i, (_, k) in enumerate(plan) if k in ("clause", "definitions")]
    # the clauses the facts need first (pay, notice), then the others in the contract's order
    wanted = [c for c in _CLAUSES if (c == "Pay" and pay) or (c == "Notice" and notice)]
    wanted += [c for c in _CLAUSES if c not in wanted]
    chosen = sorted(wanted[:len(middle)], key=_CLAUSES.index)
    for i, name in zip(middle, chosen):
        number = re.match(r"^(\d+)\.", plan[i][0])
        heads[i] = (f"{number.group(1)}. " if number else "") + name
        if name == "Pay":
            out[i] = [f"The Employee's {_term(f)} is {f.text}." for f in pay] + [
                "Pay is paid monthly in arrears by credit transfer, less the deductions the law requires, and is "
                "reviewed each year without any obligation to increase it."]
        elif name == "Notice":
            given = " ".join(f"The Employer shall give the Employee not less than {_weeks(f.text)} written notice to "
                             f"end the employment." if f.value.type in ("number", "text") else
                             f"The {_term(f)} is {f.text}." for f in notice)
            out[i] = [given + " The Employee shall give the Employer not less than four weeks' written notice. The "
                      "Employer may pay basic pay in lieu of all or part of the notice, and nothing in this clause "
                      "prevents dismissal without notice for gross misconduct."]
        elif name == "Job Title and Place of Work":
            out[i] = [f"The Employee is employed in the role and at the place of work set out in Schedule 1, and "
                      f"shall carry out the duties of that role and any others the Employer reasonably assigns. The "
                      f"Employer may change the place of work within a reasonable daily travelling distance on "
                      f"reasonable notice."]
        elif name == "Hours and Holidays":
            out[i] = ["Normal hours are 40 a week, Monday to Friday, with such further hours as the role reasonably "
                      "requires. The Employee is entitled to 25 working days' paid holiday a year in addition to "
                      "public holidays."]
        elif name == "Confidentiality":
            out[i] = [f"The Employee shall not, during the employment or after it ends, use or disclose any "
                      f"confidential information of {employer} except in the proper performance of the role or as "
                      f"the law requires."]
        else:
            out[i] = [f"This contract is governed by {law}. Any dispute arising from it is for the courts and "
                      f"tribunals of {'that State' if ctx.locale == 'en_US' else 'England and Wales'}."]
    for i, (h, k) in enumerate(plan):
        if k == "parties":
            out[i] = [f"This contract of employment is dated {made} and made between (1) {employer} (the Employer) "
                      f"and (2) {employee} (the Employee)."]
        elif k == "recitals":
            out[i] = [f"(A) This contract sets out the terms on which the Employer employs the Employee, as they stand "
                      f"on {made}.", "(B) It replaces any earlier contract or written statement of terms between "
                      "them, and it is the written statement of particulars the law requires."]
        elif k == "schedule":
            rows = "; ".join(f"({'abcdefghij'[n]}) {cap_first(_term(f))}: {f.text}"
                             for n, f in enumerate(pay + notice + other))
            out[i] = [f"Schedule 1 sets out the particulars of employment referred to in this contract, as at {made}."
                      + (f" They are: {rows}." if rows else "")]
        elif k == "signatures":
            out[i] = [f"Signed for and on behalf of {employer} by its authorised signatory. Signed by {employee}, who "
                      f"confirms that they have read and accept these terms."]
    if other and middle:
        out.setdefault(middle[0], []).append(" ".join(f"The {_term(f)} is {f.text}." for f in other))
    return out, heads


def parties_of(ctx: ArtifactContext, first: str) -> tuple[str, str]:
    """(employer, employee) of a contract of employment: the author's principal, and the person the title names
    (else 'the Employee')."""
    return first, person_named(ctx) or "the Employee"


__all__ = ["employment_bodies", "is_employment", "parties_of", "person_named"]

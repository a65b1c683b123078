"""An insurance policy's declarations: the insurer's form, not anyone's argument. Named insured, insurer, policy
number, each limit, deductible and percentage the facts give, the conditions those figures work under, and who
issued it (read 9: a 'policy' came out as the insurer's strategy note, 'the deductible is derived from' the
coinsurance percentage)."""

from __future__ import annotations

import datetime as dt
import hashlib
import re

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.genres import head_noun
from worldsmith.generators.compose.parties import opponent
from worldsmith.generators.compose.substance.common import identity, label, plain
from worldsmith.generators.compose.text import cap_first, long_date, strip_end
from worldsmith.generators.context import ArtifactContext, FactRef

_POLICY = re.compile(r"\b(insurance polic(y|ies)|polic(y|ies)|declarations|endorsement)\b", re.I)
_INSURER = re.compile(r"\b(insurer|underwriters?|carrier|assurer|insurance company)\b", re.I)
_INSURED = re.compile(r"\b(policyholder|insured|assured)\b", re.I)
_NUMBER = re.compile(r"\b[A-Z]{2,5}[ -]?\d[\d-]{3,}\b")
HEADS = [("Declarations", "declarations"), ("Coverage", "coverage"), ("Definitions", "definitions"),
         ("Conditions", "conditions"), ("Issue", "policy_sign")]
# What a first-party property form insures, by what the declared figures name: each the form's own words, no figure.
_INCOME = re.compile(r"\b(business (interruption|income)|loss of (income|profits?|rents?)|gross profit|"
                     r"period of restoration|waiting period)\b", re.I)
_EXTRA = re.compile(r"\bextra expense\b", re.I)
_PROPERTY = re.compile(r"\b(building|business personal property|stock|contents|property damage|replacement cost|"
                       r"actual cash value|coinsurance)\b", re.I)
_WAITING = re.compile(r"\bwaiting period\b", re.I)


# what a company's own rules are called: a compliance programme, a procedure, a code, a handbook (never insurance)
_HOUSE_RULES = re.compile(r"\b(programmes?|programs?|procedures?|compliance|code of|handbook|manual|guidelines?|"
                          r"privacy|retention|whistleblowing|anti-bribery|anti-corruption|conduct)\b", re.I)
_INSURANCE = re.compile(r"\b(insurance|insur(er|ed)|coverage|cover|declarations|endorsement|underwrit\w*|premium|"
                        r"limit of (insurance|liability)|deductible)\b", re.I)


def is_policy(doc_type: str, title: str) -> bool:
    """Whether the paper is an insurance policy or its declarations (a form issued, not a paper that argues); a
    company's own policy (a compliance programme, a procedure) is none: an unseen outline's 'Revised sanctions
    compliance programme and end-use certification procedure' (doc_type policy) came out as a property insurer's
    declarations with a fact's statement pasted under 'Conditions'."""
    if _HOUSE_RULES.search(title) and not _INSURANCE.search(f"{doc_type} {title}"):
        return False
    if head_noun(title) in ("policy", "policies") and re.search(r"\binsurance\b", title, re.I):
        # a paper headed 'insurance policy' is the insurer's form whatever its doc_type says (blind read 29: an
        # 'agreement'-typed 'insurance policy ...: schedule and wording (certified copy)' came out as a supply
        # contract, payable on invoice, with no insuring clause or period of insurance)
        return True
    return bool(_POLICY.search(doc_type)) or bool(re.search(r"\bdeclarations\b", title, re.I)) and \
        bool(_POLICY.search(title))


def policy_parties(ctx: ArtifactContext) -> tuple[str, str]:
    """(insurer, named insured) from the organisations' roles; the author's house issues the policy when no role
    says insurer, and the insured is the party across from the insurer when no role says policyholder."""
    insurer = next((o.name for o in ctx.organisations if _INSURER.search(o.role) and not _INSURED.search(o.role)),
                   ctx.author.organisation)
    # the insured is a principal: 'coverage counsel to the policyholder' names the policyholder but is not it
    insured = next((o.name for o in ctx.organisations if _INSURED.search(o.role) and o.name != insurer
                    and not o.acts_for), "")
    return insurer, insured or opponent(ctx)


def _item(f: FactRef) -> str:
    """A declared item's name as a form prints it: 'Building limit of insurance', not 'The building limit ...'."""
    return cap_first(re.sub(r"^the\s+", "", label(f), flags=re.I))


def _condition(f: FactRef, general: bool = False) -> str:
    """The condition a declared figure works under, in the policy's own terms, by what its label names."""
    name = label(f).lower()
    if "coinsurance" in name and f.value.type == "percent":
        return (f"Coinsurance ({f.text}). If at the time of loss the value of the covered property multiplied by "
                f"{f.text} is more than the limit of insurance, the insurer pays no more than the loss multiplied by "
                f"the limit of insurance divided by that product; the deductible is then subtracted.")
    if "deductible" in name and general:
        return (f"Deductible ({f.text}). The deductible is borne by the Insured and deducted from the amount of each "
                f"loss as adjusted, before the limit of indemnity is applied.")
    if "deductible" in name:
        return (f"Deductible ({f.text}). The deductible is subtracted from the amount payable for each occurrence, "
                f"after any coinsurance reduction.")
    if re.search(r"sub-?limit", name):
        return f"{_item(f)} ({f.text}). This is the most payable for that cover in any one occurrence."
    if "limit" in name:
        return f"{_item(f)} ({f.text}). This is the most payable for any one occurrence."
    return ""


def _covers(ctx: ArtifactContext) -> tuple[bool, bool, bool]:
    """(business income, extra expense, property) as the policy's figures, title and purpose name them."""
    words = " ".join([ctx.spec.title, getattr(ctx.spec, "purpose", "") or ""] + [label(f) for f in ctx.facts])
    return bool(_INCOME.search(words)), bool(_EXTRA.search(words)), bool(_PROPERTY.search(words))


def _coverage(ctx: ArtifactContext) -> list[str]:
    """The insuring agreements a first-party form grants, in its own words (read 16: a business income form that
    printed its limit and a pasted statement, with no insuring agreement, no period of restoration, no appraisal)."""
    income, extra, property_ = _covers(ctx)
    rows = []
    if property_:
        rows.append("Covered Property. The insurer will pay for direct physical loss of or damage to Covered Property "
                    "at the premises described in the Declarations caused by or resulting from any Covered Cause of "
                    "Loss.")
    if income:
        rows.append("Business Income. The insurer will pay for the actual loss of Business Income the named insured "
                    "sustains due to the necessary suspension of its operations during the period of restoration. The "
                    "suspension must be caused by direct physical loss of or damage to property at the premises "
                    "described in the Declarations, caused by or resulting from a Covered Cause of Loss.")
    if extra:
        rows.append("Extra Expense. The insurer will pay the necessary expenses the named insured incurs during the "
                    "period of restoration that it would not have incurred if there had been no direct physical loss or "
                    "damage to property, to avoid or minimize the suspension of business and to continue operations.")
    return rows


def _definitions(ctx: ArtifactContext, waiting: FactRef | None) -> list[str]:
    """The defined terms the coverage turns on: Business Income and the period of restoration with its waiting
    period (the declared figure, never a number of the form's own)."""
    income, _, _ = _covers(ctx)
    if not income:
        return []
    start = (f"begins after the waiting period of {waiting.text} following the time of direct physical loss or "
             f"damage" if waiting is not None else "begins at the time of direct physical loss or damage")
    return [
        "\"Business Income\" means the net income (net profit or loss before income taxes) that would have been "
        "earned or incurred, and continuing normal operating expenses incurred, including payroll.",
        f"\"Period of restoration\" means the period of time that {start} caused by or resulting from any Covered "
        "Cause of Loss at the described premises, and ends on the earlier of the date when the property at the "
        "described premises should be repaired, rebuilt or replaced with reasonable speed and similar quality, or "
        "the date when business is resumed at a new permanent location. It is not cut short by the expiration date "
        "of this policy.",
    ]


def _loss_conditions(ctx: ArtifactContext) -> list[str]:
    """The loss conditions every first-party property form carries: appraisal and loss payment, in its words."""
    if not any(_covers(ctx)):
        return []
    return [
        "Appraisal. If the insurer and the named insured disagree on the amount of loss, either may make written "
        "demand for an appraisal of the loss. Each party will select a competent and impartial appraiser, and the two "
        "appraisers will select an umpire. The appraisers will state separately the amount of loss; if they fail to "
        "agree, they will submit their differences to the umpire. A decision agreed to by any two will be binding. "
        "Each party pays its chosen appraiser and bears the other expenses of the appraisal and umpire equally.",
        "Loss Payment. The insurer will pay for covered loss after it receives the sworn proof of loss, if the named "
        "insured has complied with all of the terms of this Coverage Part and the amount of loss has been agreed in "
        "writing or an appraisal award has been made.",
    ]


def _digest(ctx: ArtifactContext) -> int:
    """A number fixed by the matter and the paper, for the form's own particulars (its number, its period)."""
    return int.from_bytes(hashlib.sha256(f"{ctx.world_title}:{ctx.spec.title}".encode()).digest()[:8], "big")


def policy_number(ctx: ArtifactContext, insurer: str) -> str:
    """The policy's number: the title's where it gives one, else the insurer's initials, the form's line and seven
    digits fixed by the matter (read 18: 'A "certified copy" with no policy number, no policy period')."""
    given = _NUMBER.search(ctx.spec.title)
    if given:
        return given.group(0)
    initials = "".join(w[0] for w in re.findall(r"[A-Z][A-Za-z]+", insurer) if w not in ("The", "Of", "And"))[:4]
    income, _, property_ = _covers(ctx)
    line = "BI" if income and not property_ else "CP"
    return f"{initials or 'POL'}-{line}-{_digest(ctx) % 9000000 + 1000000}"


def policy_period(ctx: ArtifactContext) -> tuple[dt.date, dt.date]:
    """(inception, expiry): a year from the first of a month some three to nine months before the matter opened,
    so the loss the matter is about falls inside it."""
    opened = min(ctx.window_start or ctx.spec.date, ctx.spec.date)  # type: ignore[union-attr]
    back = 90 + _digest(ctx) // 7 % 180
    start = (opened - dt.timedelta(days=back)).replace(day=1)
    try:
        end = start.replace(year=start.year + 1)
    except ValueError:  # (never: the first of a month)
        end = start + dt.timedelta(days=365)
    return start, end


_KINDS = (r"(?:warehouse|plant|site|facility|factory|store|building|premises|hotel|works|mill|depot|"
          r"distribution cent(?:re|er)|office|terminal)")
# 'Calder Provisions Inc.'s cold-storage warehouse at 2200 Channahon Road, Joliet, Illinois', 'whose Joliet warehouse'
_PREMISES = re.compile(rf"(?:'s|\bits|\bwhose)\s+(?P<p>(?:[\w-]+\s+){{0,3}}?{_KINDS}\b(?:\s+at\s+\d+(?:\s+[A-Z][a-z]+)+"
                       rf"(?:,\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)*)?)")


def premises(ctx: ArtifactContext) -> str:
    """The described premises as the summary or the facts name them ('Joliet warehouse'); '' where none does."""
    for text in [ctx.world_summary, *(f.statement for f in ctx.facts), *(o.role for o in ctx.organisations)]:
        m = _PREMISES.search(" ".join((text or "").split()))
        if m and not re.match(r"(?:own|the|a|an)\b", m.group("p"), re.I):
            return m.group("p")
    return ""


# the line of cover a policy's title names before 'insurance policy' ('Product recall expense insurance policy ...')
_LINE = re.compile(r"(?i)^(?:certified copy of (?:the )?)?(?P<line>(?:[\w&'-]+\s+){1,5}?)insurance polic(?:y|ies)\b")
_EXTENSION = re.compile(r"\b(Extension|Endorsement|Section)\s+(\d+[A-Za-z]?)\b(?:\s*\((?P<what>[^)]{3,60})\))?")


def line_of_cover(ctx: ArtifactContext) -> str:
    """What the policy insures as its title names it ('product recall expense'), else ''."""
    m = _LINE.search(" ".join(ctx.spec.title.split()))
    words = (m.group("line") if m else "").split()
    while words and words[0][:1].isupper() and len(words) > 1 and words[1][:1].isupper():
        words.pop(0)  # (an insurer's name before the line is not the line: 'Northgate Mutual property insurance')
    return " ".join(words).lower()


def _general(ctx: ArtifactContext) -> bool:
    """Whether the title names a line of cover the first-party property form does not write (recall, liability,
    marine...): its insuring clause, extensions and claims conditions are written in the general form."""
    line = line_of_cover(ctx)
    # (the title names its line, 'product recall expense': a figure's word, 'replacement cost', is not the form's cover)
    return bool(line) and not (_PROPERTY.search(line) or _INCOME.search(line) or re.search(r"\bproperty\b", line))


def _insuring_clause(ctx: ArtifactContext, insurer: str, insured: str, declared: list[FactRef]) -> list[str]:
    """The general insuring clause, its extensions by the numbers the facts give, and the claims conditions every
    policy carries (notice, co-operation, subrogation): the figures stay in the schedule."""
    cover = line_of_cover(ctx) or "insured"
    limit = next((f for f in declared if re.search(r"\blimit\b", label(f), re.I) and
                  not re.search(r"\bsub-?limit\b", label(f), re.I)), None)
    out = [f"Insuring clause. {insurer} (the Insurer) will indemnify {insured or 'the Insured'} (the Insured) against "
           f"{cover} loss, as defined in this policy, arising from an event first occurring during the Period of "
           f"Insurance, up to the limit of indemnity stated in the schedule"
           + (f" ({limit.text})" if limit is not None else "")
           + " and after the deductible, subject to the terms, conditions, extensions and exclusions of this policy."]
    for f in ctx.facts:
        m = _EXTENSION.search(f.statement)
        if m and m.group(1) != "Section":
            what = m.group("what") or label(f)
            out.append(f"{m.group(1)} {m.group(2)} ({what}). {cap_first(strip_end(' '.join(f.statement.split())))}.")
    return out


def _claims_conditions(ctx: ArtifactContext) -> list[str]:
    """The claims conditions of a general policy, in the form's words (blind read 29: a policy with no claims
    conditions, no period of insurance)."""
    return [
        "Notice of claim. The Insured shall give the Insurer written notice of any event that may give rise to a claim "
        "as soon as practicable after it becomes aware of it, and shall provide the particulars and documents the "
        "Insurer reasonably requests.",
        "Co-operation and loss adjustment. The Insured shall permit the Insurer and any loss adjuster it appoints to "
        "inspect the premises and records relevant to the claim, and shall not admit liability or settle with any "
        "third party without the Insurer's written consent.",
        "Interim payments. The Insurer may make payments on account of an admitted claim before the loss is finally "
        "adjusted; each is deducted from the amount finally payable.",
        "Subrogation. On payment of a claim the Insurer is subrogated to the Insured's rights of recovery against any "
        "third party in respect of the loss paid, and the Insured shall do nothing after the loss to prejudice those "
        "rights.",
    ]


def _exclusions() -> list[str]:
    """The general exclusions a policy of any line carries, without a figure of its own."""
    return ["This policy does not cover: (a) loss deliberately caused by the Insured; (b) fines, penalties or "
            "punitive damages; (c) the cost of correcting a defect the Insured knew of before the Period of Insurance "
            "began; (d) loss recoverable under any other insurance, except for any excess beyond that insurance."]


def policy_plan(ctx: ArtifactContext) -> list[tuple[str, str]]:
    """The form's headings: the insuring agreements and definitions only where its figures name a cover; a policy of
    another line has its insuring clause, exclusions and claims conditions in the general form."""
    if _general(ctx):
        return [("Schedule", "declarations"), ("Insuring Clause and Extensions", "coverage"),
                ("Exclusions", "exclusions"), ("Claims Conditions", "conditions"), ("Issue", "policy_sign")]
    income, extra, property_ = _covers(ctx)
    skip = set() if (income or extra or property_) else {"coverage"}
    if not income:
        skip.add("definitions")
    return [(h, k) for h, k in HEADS if k not in skip]


def issued_on(ctx: ArtifactContext) -> dt.date:
    """The day the insurer issued the policy: before its period begins, whatever day a copy of it is produced (blind
    read 29: a 'certified copy' of a policy dated after the recall it answered)."""
    start, _ = policy_period(ctx)
    made = start - dt.timedelta(days=3 + _digest(ctx) % 12)
    while made.weekday() >= 5:
        made -= dt.timedelta(days=1)
    return made


def policy_bodies(pick: Picker, ctx: ArtifactContext, plan: list[tuple[str, str]]) -> dict[int, list[str]]:
    """The declarations: parties, number, each declared figure; the insuring agreements and defined terms its
    figures work under; its conditions; the issue line."""
    insurer, insured = policy_parties(ctx)
    number = policy_number(ctx, insurer)
    start, end = policy_period(ctx)
    day = lambda d: long_date(d, ctx.locale)  # noqa: E731
    where = premises(ctx)
    declared = [f for f in ctx.facts if not identity(f) and f.value.type in ("money", "percent", "number")]
    waiting = next((f for f in declared if _WAITING.search(label(f))), None)
    stated = [f for f in ctx.facts if f not in declared]
    out: dict[int, list[str]] = {}
    for i, (_, k) in enumerate(plan):
        if k == "declarations" and _general(ctx):
            rows = [f"Insured: {insured}." if insured else "", f"Insurer: {insurer}.", f"Policy number: {number}.",
                    f"Class of insurance: {line_of_cover(ctx)} insurance." if line_of_cover(ctx) else "",
                    f"Period of insurance: from 00:00 on {day(start)} to 24:00 on {day(end)}, local standard time at "
                    f"the Insured's address.",
                    "Premium: as agreed at inception, paid in full."]
            rows += [f"{_item(f)}: {f.text}." for f in declared]
            out[i] = [r for r in rows if r]
        elif k == "coverage" and _general(ctx):
            out[i] = _insuring_clause(ctx, insurer, insured, declared)
        elif k == "exclusions":
            out[i] = _exclusions()
        elif k == "conditions" and _general(ctx):
            written = " ".join(p for ps in out.values() for p in ps)
            rows = [c for c, f in ((_condition(f, True), f) for f in declared) if c and f.statement not in written]
            out[i] = rows + [f"{strip_end(f.statement)}." if f.establish and f.statement else f"{cap_first(plain(f))}."
                             for f in stated if f.statement not in written] + _claims_conditions(ctx)
        elif k == "declarations":
            rows = [f"Named insured: {insured}." if insured else "", f"Insurer: {insurer}.", f"Policy number: {number}.",
                    f"Policy period: from {day(start)} to {day(end)}, 12:01 a.m. standard time at the named insured's "
                    f"mailing address.",
                    f"Described premises: the {where}, occupied by the named insured." if where else
                    "Described premises: each location listed in the schedule of locations attached to this policy."]
            rows += [f"{_item(f)}: {f.text}." for f in declared]
            out[i] = [r for r in rows if r]
        elif k == "coverage":
            out[i] = _coverage(ctx)
        elif k == "definitions":
            out[i] = _definitions(ctx, waiting)
        elif k == "conditions":
            rows = [c for c in (_condition(f) for f in declared) if c]
            # a statement in full only where this paper establishes the fact; else the fact by label and value
            rows += [f"{strip_end(f.statement)}." if f.establish and f.statement else f"{cap_first(plain(f))}."
                     for f in stated]
            rows += _loss_conditions(ctx)
            out[i] = rows or ["The conditions of the policy form apply to the figures declared above."]
        elif k == "policy_sign":
            out[i] = [f"Issued by {insurer} on {day(issued_on(ctx))}; countersigned by "
                      f"{ctx.author.name}, {ctx.author.title}, authorized representative."]
            if re.search(r"\bcertified\b", ctx.spec.title, re.I):
                # a certified copy carries the insurer's certificate (read 18: 'no certification wording')
                out[i].append(f"Certification. I certify that this is a true and complete copy of policy number "
                              f"{number} as issued by {insurer} to {insured or 'the named insured'}, with its "
                              f"declarations, coverage forms and endorsements in force for the policy period stated "
                              f"above. {ctx.author.name}, {ctx.author.title}, {long_date(ctx.spec.date, ctx.locale)}.")
    return out

"""Work plans and certificates: a plan's objectives, approach, timeline and team; a certificate's particulars,
certification, guaranty and signature."""

from __future__ import annotations

import datetime as dt
import hashlib
import re

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.genres import _short_date
from worldsmith.generators.compose.parties import client_of, own_reader
from worldsmith.generators.compose.text import cap_first, join_names, long_date
from worldsmith.generators.context import ArtifactContext
from worldsmith.generators.week import instance_of
from worldsmith.generators.compose.substance.common import (as_told, identity, label, merge_short, names, plain,
                                                            plain_sentence, rank, said_once, topic)


# A plan made under an insolvency or restructuring law, which binds creditors once approved, by its title's words (in
# the languages of the matters' locales); a work plan is the rest.
_STATUTORY_PLAN = re.compile(r"(?i)\b(?:restructuring plan|scheme of arrangement|plan of (?:reorgani[sz]ation|"
                             r"arrangement|compromise)|reorgani[sz]ation plan|chapter 11 plan|insolvency plan|"
                             r"plan de (?:reestructuraci[oó]n|sauvegarde|redressement|continuation)|"
                             r"plano de recupera[cç][aã]o|Restrukturierungsplan|Insolvenzplan)\b")
# the court's act that binds a dissenting creditor, by the country of the matter's locale
_CONFIRMED = {"ES": "homologation", "GB": "sanction", "IE": "confirmation", "US": "confirmation", "FR": "approval",
              "DE": "confirmation", "BR": "ratification"}


def statutory_plan(ctx: ArtifactContext) -> bool:
    """Whether a paper is a plan under an insolvency or restructuring law (a restructuring plan, a scheme of
    arrangement, a plan of reorganisation), headed so, never a work plan (blind read 36: a restructuring plan under
    the TRLC written as an audit's fieldwork stages, 'tested ... by one auditor and reviewed by a second')."""
    from worldsmith.generators.compose.genres import head_noun

    title = ctx.spec.title  # type: ignore[union-attr]
    return bool(_STATUTORY_PLAN.search(title)) and head_noun(title) in ("plan", "scheme", "plano", "restrukturierungsplan",
                                                                        "insolvenzplan")


def statutory_plan_heads(ctx: ArtifactContext, n: int) -> list[tuple[str, str]]:
    """A restructuring plan's sections, as many as planned: the debtor and the plan, the affected creditors and their
    classes, the measures, the creditors left unaffected, viability and the creditors' best interest, approval and the
    court's act."""
    act = _CONFIRMED.get(ctx.locale.rsplit("_", 1)[-1], "confirmation")
    heads = [("The Debtor and the Plan", "summary"), ("Affected Creditors and Classes", "analysis"),
             ("Restructuring Measures", "objectives"), ("Unaffected Creditors", "background"),
             ("Viability and Best Interest of Creditors", "risks"), (f"Approval and {act.capitalize()}", "timeline")]
    if n >= len(heads):
        return heads
    # the debtor, the measures and the approval stand in the shortest plan
    keep = [0, 2, 5, 1, 4, 3][:max(1, n)]
    return [h for i, h in enumerate(heads) if i in keep]


def statutory_plan_bodies(pick: Picker, ctx: ArtifactContext, plan: list[tuple[str, str]]) -> dict[int, list[str]]:
    """A restructuring plan's sections in the plan's own words: who proposes it, whom it binds, how, and on what
    approval; the outline's points take their named sections."""
    debtor = client_of(ctx) or ctx.author.organisation
    act = _CONFIRMED.get(ctx.locale.rsplit("_", 1)[-1], "confirmation")
    facts = [f for f in ctx.facts if not identity(f)]
    out: dict[int, list[str]] = {}
    for i, (_, k) in enumerate(plan):
        if k == "summary":
            out[i] = [f"This restructuring plan is proposed by {debtor}. It restructures the financial liabilities of "
                      f"{debtor} on the terms below, and binds every affected creditor once its classes have approved "
                      f"it and the court has granted its {act}."]
        elif k == "analysis":
            out[i] = [f"The plan affects only the creditors named in this section, grouped in classes by the ranking "
                      f"and nature of their claims."]
        elif k == "objectives":
            # (the outline's points state the measures with their figures: no restatement of the figures above them)
            stated = "" if getattr(ctx.spec, "points", None) else " ".join(plain_sentence(pick, f) for f in facts)
            out[i] = [stated or f"The measures below bind each affected creditor from the {act} of the plan."]
        elif k == "background":
            out[i] = [f"Creditors not named as affected keep their rights against {debtor} unchanged."]
        elif k == "risks":
            out[i] = [f"The plan rests on two tests: that {debtor} can meet its obligations as restructured, and that "
                      f"no affected creditor that votes against it receives less under it than in a liquidation."]
        elif k == "timeline":
            out[i] = [f"Each class approves the plan by the majority of its liabilities the law requires. {debtor} then "
                      f"applies to the court for the plan's {act}, which binds a dissenting creditor as the plan "
                      f"provides."]
    from worldsmith.generators.compose.substance.statutory import restructuring_plan_lines

    # (and its law, its creditors by class and the articles its tests are under: blind read 36's 'one-page summary')
    return {i: out.get(i, []) + restructuring_plan_lines(ctx, debtor, k) for i, (_, k) in enumerate(plan)}


def plan_bodies(pick: Picker, ctx: ArtifactContext, plan: list[tuple[str, str]]) -> dict[int, list[str]]:
    """A work plan: what is to be done for whom, its objectives from the facts it must establish, the approach, a
    timeline from the plan's day, and the team from the people on it."""
    from worldsmith.generators.compose.voice import next_workday

    if statutory_plan(ctx):
        return statutory_plan_bodies(pick, ctx, plan)
    mine = own_reader(ctx)  # a plan is for the client served or an own-side reader, never for the other side
    client = client_of(ctx) or (mine.organisation if mine is not None else "")
    day = ctx.spec.date  # type: ignore[union-attr]
    about = topic(ctx.spec.title, names(ctx))
    facts = [f for f in ctx.facts if not identity(f)]
    out: dict[int, list[str]] = {}
    for i, (heading, k) in enumerate(plan):
        if k == "summary":
            out[i] = [f"This plan sets out how {ctx.author.organisation} will carry out {about}"
                      + (f" for {client}" if client and client != ctx.author.organisation else "")
                      + f", as planned on {long_date(day, ctx.locale)}. "
                      + " ".join(plain_sentence(pick, f) for f in facts[:2])]
        elif k == "objectives":
            out[i] = [" ".join(f"Objective {n}: {_objective(f)}" for n, f in enumerate(facts, 1))
                      or f"Objective: to complete {about}."]
        elif k == "scope":
            # how the work runs, stage by stage (was each figure restated: 'The probe sample is 400 claims.')
            start, draft = next_workday(day, 2), next_workday(day, 15)
            start = planned_days(ctx).get("start", start)  # (the start its points give, as the timeline does)
            draft = draft if draft > start else next_workday(start, 13)
            if "end" in planned_days(ctx):
                draft = max(draft, next_workday(planned_days(ctx)["end"], 5))  # (after the fieldwork its points end)
            whose = client or "the client"
            out[i] = [f"The work runs in three stages. First, planning and the data request: {whose} provides the "
                      f"population data and the source documents, and we agree the selection before any testing "
                      f"starts (from {_short_date(start, ctx.locale)}). Second, fieldwork: each item selected is "
                      f"tested against its source documents by one auditor and reviewed by a second, and every "
                      f"exception is logged with its reference and the reason. Third, reporting: exceptions are "
                      f"cleared with {whose}'s staff before the draft findings go out (by "
                      f"{_short_date(draft, ctx.locale)}), and nothing is reported that has not been agreed or "
                      f"marked as disputed."]
            sampling = sampling_method(ctx)
            if sampling:
                out[i].append(sampling)
        elif k == "timeline":
            start, draft, final = (next_workday(day, n) for n in (2, 15, 25))
            # the days the plan's own points give win over invented ones (blind read 36: an audit plan's timeline
            # began fieldwork on Jan 27 and reported on Mar 2 under its own point 'fieldwork from January 26, ...
            # the report on March 13')
            given = planned_days(ctx)
            start = given.get("start", start)
            final = given.get("final", final if final > start else next_workday(start, 23))
            if "end" in given:
                draft = max(draft, next_workday(given["end"], 5))  # (after the fieldwork its points end)
                final = final if final > draft else next_workday(draft, 10)
            if not start < draft < final:
                draft = next_workday(start, max(1, _workdays(start, final) * 2 // 3))
            out[i] = [f"Fieldwork begins on {_short_date(start, ctx.locale)}. Draft findings go to "
                      f"{ctx.to[0].name if ctx.to else client} by {_short_date(draft, ctx.locale)}, and the final "
                      f"report by {_short_date(final, ctx.locale)}."]
        elif k == "analysis" and "resource" in heading.lower():
            team = [p for p in [ctx.author, *ctx.to, *ctx.cc, *ctx.cast] if p.organisation == ctx.author.organisation]
            team = list({p.id: p for p in team}.values())
            lead = max(team, key=rank) if team else ctx.author
            rest = [f"{p.name} ({p.title})" for p in team if p.id != lead.id]
            out[i] = [f"{lead.name} ({lead.title}) leads the work" + (f", with {join_names(rest)}" if rest else "")
                      + ". The budget is agreed with the client before fieldwork and reported against monthly."]
    return out


# what a plan's point dates: the work's start and its report, in the outlines' languages
_STARTS = re.compile(r"\b(?:field ?work|trabajo de campo|travaux? (?:sur place|de terrain)|Feldarbeit|Prüfung vor Ort|"
                     r"trabalho de campo|lavoro sul campo|work (?:starts|begins))\b", re.I)
_REPORTS = re.compile(r"\b(?:report|opinion|informe|rapport|Bericht|relat[óo]rio|relazione)\b", re.I)


def planned_days(ctx: ArtifactContext) -> dict[str, dt.date]:
    """The start of the work and the day of its report as the paper's own points date them ('fieldwork from January
    26, the audit committee on March 10, the report on March 13'); {} where no point dates them."""
    from worldsmith.generators.compose.substance.common import _ANY_MONTH, _month_number

    day = ctx.spec.date  # type: ignore[union-attr]
    found: dict[str, dt.date] = {}
    for point in getattr(ctx.spec, "points", None) or []:
        for clause in re.split(r"[;,]\s+(?![0-9]{4}\b)|\s+and\s+", getattr(point, "text", "") or ""):
            m = re.search(rf"\b({_ANY_MONTH})\s+(\d{{1,2}})(?:,\s*(\d{{4}}))?\b|\b(\d{{1,2}})(?:er|\.)?\s+(?:de\s+)?"
                          rf"({_ANY_MONTH})(?:\s+(?:de\s+)?(\d{{4}}))?\b", clause, re.I)
            month = _month_number(m.group(1) or m.group(5)) if m else None
            if not month:
                continue
            year = int(m.group(3) or m.group(6) or day.year)
            try:
                when = dt.date(year, month, int(m.group(2) or m.group(4)))
            except ValueError:
                continue
            if not (m.group(3) or m.group(6)) and (when - day).days < -180:
                when = dt.date(year + 1, when.month, when.day)
            key = "start" if _STARTS.search(clause) else "final" if _REPORTS.search(clause) else ""
            if key and key not in found:
                found[key] = when
            # (the work's end where the clause runs it to a day: 'fieldwork May 13 to June 17')
            till = re.search(rf"\b(?:to|until|through|till|al|au|bis|até)\s+({_ANY_MONTH})\s+(\d{{1,2}})\b|"
                             rf"\b(?:to|until|through|till|al|au|bis|até)\s+(\d{{1,2}})(?:er|\.)?\s+(?:de\s+)?"
                             rf"({_ANY_MONTH})\b", clause[m.end():], re.I)
            if key == "start" and till and "end" not in found:
                try:
                    end = dt.date(when.year, _month_number(till.group(1) or till.group(4)) or 0,
                                  int(till.group(2) or till.group(3)))
                except ValueError:
                    end = None
                if end is not None and end > when:
                    found["end"] = end
    if "start" in found and "final" in found and found["final"] <= found.get("end", found["start"]):
        return {}
    return found


def _workdays(a: dt.date, b: dt.date) -> int:
    """Working days from a to b."""
    return sum(1 for n in range(1, (b - a).days + 1) if (a + dt.timedelta(n)).weekday() < 5)


_SAMPLE = re.compile(r"\bsample\b", re.I)
_STRATA = re.compile(r"\bstratified by (?P<by>[^,.;]+)", re.I)


_DAY = r"(?:[A-Z][a-z]+ \d{1,2}, \d{4}|\d{1,2} [A-Z][a-z]+ \d{4})"
_PERIOD = re.compile(rf"\b(?:(?P<verb>paid|billed|submitted|issued|made|processed|dated|incurred) )?between "
                     rf"(?P<a>{_DAY}) and (?P<b>{_DAY})")


def sampling_method(ctx: ArtifactContext) -> str:
    """How a sample is drawn and what is done with its errors, where the plan carries a sample: the selection (by
    stratum where the record says it is stratified), the error rate, the extrapolation by the mean per item, its
    precision, and the threshold and materiality as lines to be confirmed, never figures the record does not hold
    (read 14: 'An audit plan for an overpayment review with no sampling or extrapolation method, no precision and no
    materiality')."""
    sample = next((f for f in ctx.facts if f.value.type == "number" and _SAMPLE.search(label(f))), None)
    if sample is None:
        return ""
    unit = getattr(sample.value, "unit", "") or "items"
    one = unit[:-1] if unit.endswith("s") else unit
    strata = _STRATA.search(" ".join(sample.statement.split()))
    client = client_of(ctx) or "the client"
    drawn = (f"drawn at random within strata by {strata.group('by').strip()}, each stratum sampled in proportion to its "
             f"share of the population" if strata else "drawn at random from the population")
    span = next((m for f in ctx.facts for m in [_PERIOD.search(" ".join(f.statement.split()))] if m), None)
    # the period the population is drawn from, where the record gives one (read 19: 'A one-page plan with no review
    # period, sample design or extrapolation threshold')
    period = (f" The review period is {span.group('a')} to {span.group('b')}: the population is every {one} "
              f"{span.group('verb') + ' ' if span.group('verb') else ''}in that period, and the sample is drawn from "
              f"it alone." if span else "")
    return (f"Sampling and extrapolation: the {label(sample)} of {sample.text} is {drawn}.{period} The error rate is the "
            f"{unit} in error over the {unit} sampled. If it exceeds the threshold for extrapolation, the net amount "
            f"found in error is extrapolated to the population by the mean per {one} sampled"
            + (", stratum by stratum" if strata else "") +
            ", and the estimate is reported with its precision (the confidence interval and its lower bound, from the "
            "sample's variance). The threshold for extrapolation and the materiality level are to be confirmed with "
            f"{client} before fieldwork starts.")


_CERT_HEADS = [("Particulars", "particulars"), ("Certification", "certification"), ("Guaranty", "guaranty"),
               ("Terms", "cert_terms"), ("Signature", "cert_sign")]


def is_certificate(doc_type: str, title: str) -> bool:
    """Whether the paper is a certificate or a guaranty (issued, not argued: no risks or next steps)."""
    return bool(re.search(r"certificate|guarant", f"{doc_type} {title}", re.I))


def certificate_plan(n: int) -> list[tuple[str, str]]:
    """A certificate's sections: its particulars first and its signature last."""
    if n >= len(_CERT_HEADS):
        return _CERT_HEADS + [(f"Annex {j}", "particulars") for j in range(1, n - len(_CERT_HEADS) + 1)]
    return _CERT_HEADS[:max(0, n - 1)] + _CERT_HEADS[-1:] if n > 1 else _CERT_HEADS[:1]


def certificate_parties(ctx: ArtifactContext) -> tuple[bool, str, str]:
    """(whether the author's organisation is the certificate's guarantor rather than its issuer, who issues it, to
    whom). A vessel's Certificate of Financial Responsibility is issued by the Coast Guard's National Pollution
    Funds Center to the vessel's operator, and a P&I club or insurer is the guarantor named in it."""
    here = next((o for o in ctx.organisations if o.name == ctx.author.organisation), None)
    if here is None or not re.search(r"\bguarant", here.role, re.I):
        return False, ctx.author.organisation, ""
    cofr = re.search(r"financial responsibility", ctx.spec.title, re.I)
    issuer = "the National Pollution Funds Center of the U.S. Coast Guard" if cofr else "the issuing authority"
    holder = here.acts_for or "the operator"
    return True, issuer, holder


# A re-issued certificate (an instance of a recurring item after the first) names its issue and the one it
# supersedes, as a real re-issue does: eighty weekly COFR confirmations, two of them on one day, were otherwise
# word for word alike (realism_near_duplicates at bench/long_matter.py --scale 80).
_REISSUE = ["Confirmation no. {n} of this guaranty, given on {day}; it supersedes confirmation no. {prev}.",
            "This is issue no. {n}, dated {day}, and it replaces issue no. {prev} from that date.",
            "Re-issued on {day} as no. {n}; no. {prev} is superseded as from this issue.",
            "Issue no. {n} of {day}. Issue no. {prev} and every earlier issue are superseded by it."]


def certificate_bodies(pick: Picker, ctx: ArtifactContext, plan: list[tuple[str, str]]) -> dict[int, list[str]]:
    """A certificate: the particulars it evidences (a re-issue: which issue it is), the issuer's certification and
    guaranty up to the amount the facts give, and who signs for the issuer, when."""
    org, day = ctx.author.organisation, long_date(ctx.spec.date, ctx.locale)  # type: ignore[union-attr]
    issue = instance_of(getattr(ctx.spec, "item", "") or "")
    money = max((f for f in ctx.facts if f.value.type == "money"), key=lambda f: f.value.amount, default=None)
    guarantor, issuer, holder = certificate_parties(ctx)
    out: dict[int, list[str]] = {}
    annexed = [f for f in ctx.facts if f is not money]
    for i, (heading, k) in enumerate(plan):
        if k == "particulars" and heading.startswith("Annex "):
            # an annex beyond the certificate's own sections schedules one particular each, then is left blank (as
            # a form's spare annexes are), never the particulars again
            j = int(heading.split()[-1])
            f = annexed[j - 1] if j <= len(annexed) else None
            out[i] = [f"This annex schedules the evidence for {label(f)}: {f.text}." if f else
                      "This annex is intentionally left blank."]
        elif k == "particulars" and i == 0 and guarantor and re.search(r"financial responsibility", ctx.spec.title, re.I):
            # the face of a vessel COFR: its number, the operator it is issued to, the vessel, the period of validity
            # and the guarantor, as the Coast Guard's form has them (the litigation reader: "no certificate number,
            # IMO number or validity dates")
            out[i] = cofr_face(ctx, holder, org, money)
            if issue is not None and issue[1] > 1:
                out[i].insert(0, pick.frame(_REISSUE).format(n=issue[1], prev=issue[1] - 1, day=day))
        elif k == "particulars":
            out[i] = merge_short([f"{cap_first(label(f))}: {f.text}." if identity(f) else as_told(pick, f, ctx.facts)
                             for f in ctx.facts if f is not money or i == 0 and len(plan) < 3])
            if i == 0 and issue is not None and issue[1] > 1:
                out[i].insert(0, pick.frame(_REISSUE).format(n=issue[1], prev=issue[1] - 1, day=day))
        elif k == "certification" and guarantor:
            # a guarantor does not issue the certificate (a COFR is the Coast Guard's, issued to the operator): it
            # confirms the guaranty the certificate rests on (the litigation reader rejected "a COFR issued by a
            # P&I club")
            amount = f", up to {money.text}" if money else ""
            out[i] = [cap_first(pick.frame([
                "The certificate is issued by {issuer} to {holder}. {org} is the guarantor named in it and confirms, "
                "as at {day}, that its guaranty stands in force{amount}.",
                "{issuer} issued the certificate to {holder}; its evidence of financial responsibility is the "
                "guaranty of {org}, which {org} confirms as at {day}{amount}."]).format(
                    issuer=issuer, holder=holder, org=org, day=day, amount=amount))]
        elif k == "certification":
            amount = f", and that the amount of financial responsibility evidenced is {money.text}" if money else ""
            # a certificate re-issued through a matter says the same thing each time, in the words of that issue
            out[i] = [pick.frame([
                "{org} certifies that, as at {day}, the particulars above are correct{amount}. This certificate "
                "remains in force until cancelled on notice.",
                "As at {day}, {org} certifies the particulars above as correct{amount}. The certificate stays in "
                "force until it is cancelled by notice.",
                "{org} hereby certifies, as of {day}, that the particulars set out above are true and correct{amount}. "
                "It continues in effect until cancelled on written notice.",
                "The particulars above are certified by {org} as correct at {day}{amount}. This certificate runs "
                "until {org} cancels it on notice."]).format(org=org, day=day, amount=amount)]
            if money is None:
                # a certificate of an event (completion, substantial performance) states it as at its day and stands;
                # only cover or a guaranty runs until cancelled (blind read 28: a certificate of substantial performance
                # that 'continues in effect until cancelled on written notice')
                out[i] = [re.split(r"(?<=\.) (?=(?:This|The|It) (?:certificate )?(?:remains|stays|continues|runs))",
                                   out[i][0])[0]]
        elif k == "guaranty":
            cap = f" up to {money.text}" if money else ""
            out[i] = [pick.frame([
                "{org} guarantees the obligations evidenced by this certificate{cap}. A claim under this guaranty is "
                "made in writing to {org}.",
                "The obligations this certificate evidences are guaranteed by {org}{cap}. Claims under the guaranty "
                "are to be made to {org} in writing.",
                "{org} stands as guarantor of the obligations evidenced here{cap}. Any claim on the guaranty must "
                "be presented to {org} in writing."]).format(org=org, cap=cap)]
        elif k == "cert_terms":
            out[i] = [pick.frame([
                "This certificate is issued on the terms of the guaranty on file. It does not extend the guarantor's "
                "liability beyond the amount stated.",
                "The terms of the guaranty on file govern this certificate, which does not enlarge the guarantor's "
                "liability past the amount stated.",
                "Issued subject to the guaranty on file; nothing here increases the guarantor's liability above the "
                "stated amount."])]
        elif k == "cert_sign" and guarantor:
            # the certificate is signed by its issuer, the guaranty by the guarantor's authorised signatory; a claims
            # executive produces the copy, and signs neither (read 10: 'a certificate of financial responsibility
            # ... signed by a claims executive')
            out[i] = []
            if re.search(r"financial responsibility", ctx.spec.title, re.I):
                issued, _ = cofr_dates(ctx)
                out[i].append(f"Certificate signed for {issuer} by the Director, National Pollution Funds Center, on "
                              f"{long_date(issued, ctx.locale)}.")
            out[i].append(f"Guaranty confirmed for and on behalf of {org}, as guarantor, by its duly authorised "
                          f"signatory, on {day}.")
            out[i].append(f"Copy produced by {ctx.author.name}, {ctx.author.title}, {org}.")
        elif k == "cert_sign":
            out[i] = [f"Issued by {org}. Signed for and on behalf of {org} by {ctx.author.name}, {ctx.author.title}, "
                      f"on {day}."]
    return said_once(out, [k for _, k in plan])  # an annex says what the particulars above do not


def _digest(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def imo_number(name: str) -> str:
    """A vessel's IMO number, the same for the same vessel in every paper: six digits and the check digit the IMO
    scheme computes (each of the six times 7, 6, ... 2, the last digit of the sum)."""
    six = f"{9_100_000 + _digest(name + ':imo') % 800_000:07d}"[:6]
    return six + str(sum(int(d) * w for d, w in zip(six, range(7, 1, -1))) % 10)


def cofr_dates(ctx: ArtifactContext) -> tuple[dt.date, dt.date]:
    """(issued, expires) of the matter's COFR: issued some months before the matter began, so in force on the day of
    the casualty, for three years (33 CFR 138.80 allows at most three); the same in every paper of the world."""
    h = _digest(ctx.world_title + ":cofr")
    start = ctx.window_start or ctx.spec.date  # type: ignore[union-attr]
    issued = start - dt.timedelta(days=120 + h % 400)
    return issued, issued.replace(year=issued.year + 3) - dt.timedelta(days=1)


def cofr_face(ctx: ArtifactContext, holder: str, guarantor: str, money) -> list[str]:
    """The particulars of a vessel's Certificate of Financial Responsibility: certificate number, operator, vessel and
    IMO number, tonnage, the method of evidence and its guarantor, issue and expiry (three years, as 33 CFR 138.80
    allows at most), and the amount, all from the matter's facts; the number and dates are the engine's, the same in
    every paper of the world."""
    vessel = next((f for f in ctx.facts if identity(f) and re.search(r"\b(M/[TV]|MV|SS|vessel)\b", f.text + label(f))),
                  None)
    tons = next((f for f in ctx.facts if f.value.type == "number" and "tonnage" in label(f).lower()), None)
    h = _digest(ctx.world_title + ":cofr")
    issued, expires = cofr_dates(ctx)
    # Each particular is a field of the form, "Label: value" on its own line with no full stop, as the Coast Guard's
    # form sets them out: not a sentence of prose. (With full stops, twenty copies of the one certificate in a
    # year-long room read as twenty repeats of one sentence: bench.long_matter --scale 20 quarantined on
    # realism_boilerplate for 'Applicable amount of financial responsibility (OPA 90): USD 156,200,000.' and
    # 'Expires: ...' once its room had under 2,000 artifacts.)
    rows = [f"Certificate No.: {20 + issued.year % 100 % 10:02d}-{h % 90000 + 10000:05d}",
            f"Issued to (operator): {holder}"]
    if vessel is not None:
        rows.append(f"Vessel: {vessel.text}, IMO No. {imo_number(vessel.text)}" +
                    (f", {tons.text}" if tons is not None else ""))
    elif tons is not None:
        rows.append(f"Gross tonnage: {tons.text}")
    rows += [f"Method of evidence: insurance guaranty; guarantor: {guarantor}",
             f"Issued: {long_date(issued, ctx.locale)}",
             f"Expires: {long_date(expires, ctx.locale)}, unless revoked or surrendered before then"]
    if money is not None:
        # the OPA 90 amount alone unless the facts give the CERCLA amount with it (read 12: 'It gives USD 156.2M as
        # the "OPA 90 and CERCLA" amount, which is the OPA limit alone, with no CERCLA amount added')
        both = re.search(r"\bCERCLA\b", f"{money.label} {money.statement}")
        rows.append(f"Applicable amount of financial responsibility ({'OPA 90 and CERCLA' if both else 'OPA 90'}): "
                    f"{money.text}")
    rest = [f for f in ctx.facts if f is not vessel and f is not tons and f is not money and not identity(f)]
    rows += [f"{cap_first(label(f))}: {f.text}" for f in rest]
    return rows  # one particular a line, as the certificate's face sets them out


def _objective(f) -> str:
    """What a work plan sets out to do about one fact: a sample is tested item by item, a threshold or service level
    measured against, a population counted and reconciled, a derived figure rebuilt, a date met."""
    name, text = label(f), f.text
    if re.search(r"\bsample\b", name, re.I):
        return (f"to test each of the {text} in {name} against its source documents and classify every one as "
                f"correct or in error, with the amount of any error.")
    if f.value.type == "percent" and re.search(r"service level|threshold|target|limit|rate", name, re.I):
        # over the period the statement measures it on (read 12: 'It measures the service level "month by month"
        # where the agreement says quarterly')
        every = re.search(r"\bmeasured (monthly|quarterly|annually|weekly)\b", f.statement, re.I)
        period = {"monthly": "month by month", "quarterly": "quarter by quarter", "annually": "year by year",
                  "weekly": "week by week"}[every.group(1).lower()] if every else "for each period it is measured over"
        return f"to measure the actual performance against {name} ({text}) and report any shortfall, {period}."
    if re.search(r"population|review period|universe", name, re.I):
        return f"to reconcile {name} ({text}) to the billing system and the remittances, so the sample is drawn from a complete population."
    if f.reason:
        return f"to rebuild {name} from its inputs ({f.reason}) and agree it to the workbook."
    if f.value.type == "date":
        return f"to have the work done in time for {name} ({text})."
    return f"to establish whether {name} ({text}) is borne out by the records."


def is_certifier(ctx: ArtifactContext) -> bool:
    """Whether a certificate's author certifies as the neutral that administers the parties' contract (an architect's
    certificate of completion), rather than issuing cover or guaranteeing it."""
    from worldsmith.generators.compose.parties import neutral

    return neutral(ctx, ctx.author.organisation) and not certificate_parties(ctx)[0]


def certifier_bodies(ctx: ArtifactContext) -> tuple[list[tuple[str, str]], dict[int, list[str]]]:
    """A certifier's certificate: whom it is issued to, the words of certification in the certifier's capacity under
    the parties' contract, each thing it certifies (its own acts in its own voice), the dates it rests on with the
    papers that fixed them, and its signature and date (read 21: 'It is not a certificate. It is a consultant-style
    report (Executive Summary, Key Findings, "The headline is ..."), with no words of certification ... and no
    signature')."""
    from worldsmith.generators.compose.parties import neutral, principal
    from worldsmith.generators.compose.substance.letters import decided_voice, role_noun
    from worldsmith.generators.compose.text import lower_first

    org, day = ctx.author.organisation, long_date(ctx.spec.date, ctx.locale)  # type: ignore[union-attr]
    here = next((o for o in ctx.organisations if o.name == org), None)
    noun = role_noun(here.role if here else "") or role_noun(ctx.author.title) or "certifier"
    parties = list(dict.fromkeys(principal(ctx, p.organisation) for p in ctx.to + ctx.cc))
    parties = [p for p in parties if p != org and not neutral(ctx, p)]
    under = f" under the contract between {join_names(parties)}" if len(parties) > 1 else \
        f" appointed by {parties[0]}" if parties else ""
    certified, particulars = [], []
    for f in ctx.facts:
        statement = " ".join(f.statement.split()).rstrip(".")
        # (a date another paper fixed, the extension the determination granted, is a particular with its paper)
        elsewhere = bool(f.paper) and f.paper != ctx.spec.title  # type: ignore[union-attr]
        own = decided_voice(statement, ctx) if f.establish and not elsewhere else ""
        if own:
            certified.append(own)
        elif f.establish and not identity(f) and not elsewhere:
            certified.append(f"We certify that {lower_first(statement)}.")
        else:
            paper = re.split(r":|\s+[-\u2013\u2014]\s+", f.paper)[0].strip() if f.paper else ""
            source = f" ({paper}, {long_date(f.paper_day, ctx.locale)})" if paper and f.paper_day else \
                f" ({paper})" if paper else ""
            particulars.append(f"{cap_first(re.sub(r'^the ', '', label(f)))}: {f.text}{source}.")
    head = ([f"To: {join_names(parties)}."] if parties else []) + \
        [f"We, {org}, acting as the {noun}{under}, certify as follows."]
    plan = [("Certificate", "certification")]
    bodies = {0: head + [f"{n}. {c}" for n, c in enumerate(certified, 1)]}
    if particulars:
        plan.append(("Particulars", "particulars"))
        bodies[1] = particulars
    plan.append(("Signature", "cert_sign"))
    bodies[len(plan) - 1] = [f"Signed for and on behalf of {org}, as the {noun}, by {ctx.author.name}, "
                             f"{ctx.author.title}, on {day}."]
    return plan, bodies

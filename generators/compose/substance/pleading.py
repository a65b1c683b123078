"""Pleadings: a complaint's parties, jurisdiction, facts and counts; an answer's admissions and affirmative defenses
from the clauses, grounds and caps the facts give."""

from __future__ import annotations

import functools
import hashlib
import re

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.text import cap_first, long_date, lower_first, strip_end
from worldsmith.generators.context import ArtifactContext, FactRef
from worldsmith.generators.compose.substance.common import (cited_clause, derivation, figures, gist, identity, label,
                                                            plain, with_basis)


def _role_of(ctx: ArtifactContext, name: str) -> str:
    """An organisation's role as a pleading states it ('the registered owner and operator of the M/T Aurelian Tide'),
    without the plan's own words ('client; ')."""
    here = next((o for o in ctx.organisations if o.name == name), None)
    if here is None or not here.role:
        return ""
    # (the plan's relation label before a semicolon is no description: seed 97, 'The Defendant, Ashcombe Estates Ltd,
    # is the opposing party.' where the role went on 'the landlord under the lease')
    role = re.sub(r"^(?:the )?(?:client|opposing party|opposing side|other side|counterparty|claimant|plaintiff|"
                  r"defendant|respondent)\s*;\s*(?=\S)", "", here.role.strip(), flags=re.I)
    role = role.split(";")[0].strip()
    return role if role.lower().startswith(("the ", "a ", "an ")) else f"the {role}"


_PLEADED = ("{s}", "{party} alleges that {low}", "{party} avers that {low}", "{party} states that {low}",
            "{party} further alleges that {low}")


# A pleading's standing paragraphs, each in the several forms practitioners use: a matter that files and redrafts
# through a year would otherwise carry one stamped text in every draft (realism_near_duplicates at x10).
_PARTY = ("{side} {name} is {role}.", "{side} {name} is, and at all material times was, {role}.",
          "{side} {name} is {role}, and is a party to this action.")
_JURISDICTION = ("This Court has subject-matter jurisdiction under 28 U.S.C. § 1331 because the claims arise under "
                 "federal law.",
                 "The claims arise under federal law, and this Court has subject-matter jurisdiction under 28 U.S.C. "
                 "§ 1331.",
                 "Subject-matter jurisdiction lies in this Court under 28 U.S.C. § 1331, the claims arising under "
                 "federal law.")
_VENUE = ("Venue is proper in this District under 28 U.S.C. § 1391(b)(2) because a substantial part of the events "
          "giving rise to the claims occurred here.",
          "Venue lies in this District under 28 U.S.C. § 1391(b)(2): a substantial part of the events giving rise to "
          "the claims occurred in this District.",
          "A substantial part of the events giving rise to these claims occurred in this District, and venue is "
          "proper here under 28 U.S.C. § 1391(b)(2).")
_REALLEGE = ("Plaintiff repeats and realleges each of the preceding paragraphs.",
             "Plaintiff incorporates the preceding paragraphs by reference as if fully set forth here.",
             "Plaintiff realleges and incorporates by reference every preceding paragraph.")
_STANDARD_DEFENSES = (
    ("The Complaint fails to state a claim against Defendant upon which relief can be granted.",
     "The Complaint fails, in whole or in part, to state a claim upon which relief can be granted.",
     "Plaintiff has not stated a claim against Defendant on which relief may be granted."),
    ("Any loss was caused in whole or in part by the acts or omissions of Plaintiff or of third parties for whom "
     "Defendant is not responsible.",
     "Any damage Plaintiff suffered was caused by its own acts or omissions, or by those of third parties for whom "
     "Defendant bears no responsibility.",
     "The losses alleged, if any, result from the conduct of Plaintiff or of third parties outside Defendant's "
     "control."),
    ("Plaintiff has failed to mitigate its damages, if any.",
     "Plaintiff failed to take reasonable steps to mitigate its alleged damages.",
     "Any recovery must be reduced to the extent Plaintiff failed to mitigate its damages."))
_ADMIT = ("Defendant admits that {low}.", "Defendant admits only that {low}.", "It is admitted that {low}.")
# An English Defence's grounds where the facts give no more: proof of loss, causation, mitigation (CPR 16.5).
_STANDARD_DEFENCES = (
    ("Defendant requires Plaintiff to prove the loss and damage alleged, its cause and its amount.",
     "The loss and damage alleged are not admitted, and Plaintiff is required to prove them.",
     "Plaintiff is put to proof of each item of loss claimed and of its amount."),
    ("Further or alternatively, any loss was caused or contributed to by Plaintiff's own acts or omissions.",
     "Further or alternatively, Plaintiff caused or contributed to its own loss by its acts or omissions.",
     "If, which is denied, Defendant is liable, the loss was caused in part by Plaintiff's own acts or omissions."),
    ("Further or alternatively, Plaintiff failed to take reasonable steps to mitigate its loss.",
     "Any recovery must be reduced to the extent that Plaintiff failed to take reasonable steps to mitigate its loss.",
     "Plaintiff failed to mitigate its loss, and any recovery is to be reduced accordingly."))
_AVER = ("Defendant avers that {low}.", "Defendant's case is that {low}.", "Defendant contends that {low}.")
_NOT_ADMITTED = ("It is not admitted that {low}, and Plaintiff is required to prove it.",
                 "Defendant does not admit that {low} and requires Plaintiff to prove it.",
                 "Defendant has no knowledge whether {low}, and Plaintiff is put to proof of it.")


def _worded(pick: Picker, frames: list[str]) -> str:
    """A pleading's standing sentence in the first of its wordings, or dealt round them in a series (one declaration
    and one opening stamped on forty filings, realism_boilerplate at bench.long_matter --scale 40)."""
    return frames[0] if pick.series is None else pick.frame(frames)


def _as_pleaded(pick: Picker, sentence: str, party: str) -> str:
    """A fact the record tells in its own sentence, as a pleading in a series puts it: dealt round the series' ways of
    pleading a fact, so forty filings of one complaint do not carry the record's sentence word for word (1,040
    realism_boilerplate rows at bench.long_matter --scale 40: 'The casualty occurred on February 24, 2026, ...' in all
    40); a one-off pleading keeps the sentence as told."""
    if pick.series is None:
        return sentence
    body = strip_end(sentence)
    return pick.frame(_PLEADED).format(s=body, low=lower_first(body), party=party) + "."


def _meets(pick: Picker, ctx: ArtifactContext, f: FactRef) -> str:
    """How a defence meets a fact its grounds did not plead: admits what cannot change (the day of the event, a name),
    avers what its own side puts forward (the figure the defence's own paper sets out), and does not admit the rest,
    requiring proof (pi-quantum: 'It is admitted that the contributory negligence alleged is 15%', the defendant
    'admitting' its own allegation, and every other fact admitted alike)."""
    from worldsmith.generators.compose.facts import fixed

    name = label(f)
    if fixed(f) or identity(f):
        return pick.frame(_ADMIT).format(low=plain(f))
    if name in ctx.side_labels or name in ctx.asserted_labels or (name in ctx.own_labels and f.establish):
        # its own allegation in its own voice: 'the contributory negligence is 15%', not '... alleged is'
        bare = re.sub(r"\s+(?:alleged|claimed|asserted|contended|pleaded)\b", "", name)
        return pick.frame(_AVER).format(low=plain(f).replace(name, bare, 1))
    return pick.frame(_NOT_ADMITTED).format(low=plain(f))


def pleading_bodies(pick: Picker, ctx: ArtifactContext, plan: list[tuple[str, str]], plaintiff: str,
                    defendant: str) -> dict[int, list[str]]:
    """A complaint's or an answer's paragraphs (unnumbered: the composer numbers them on): the parties by their roles,
    jurisdiction and venue, the facts as pleaded, counts that claim the figures, and for an answer admissions,
    denials and affirmative defenses from the clauses, limits and caps the facts give."""
    from worldsmith.generators.compose.genres import is_answer

    answer = is_answer(ctx.spec.title)
    pleader = "Defendant" if answer else "Plaintiff"
    kinds = [k for _, k in plan]
    facts = [f for f in ctx.facts if not (f.value.type == "date" and "deadline" in label(f).lower())]
    things = [f for f in ctx.facts if identity(f)]
    out: dict[int, list[str]] = {}
    said: list[FactRef] = []

    def pleaded(f: FactRef) -> str:
        said.append(f)
        # what happened, as the record tells it, where the label and value alone plead nothing (read 20: 'Plaintiff
        # alleges that the date of the casualty was ...', '... that the charter party clause is Clause 41.3')
        from worldsmith.generators.kinds.email.notice import _what_happened

        told = _what_happened(f) if f.value.type in ("date", "text") else ""
        if ";" in told:
            # (a clause after a semicolon cut short reads garbled: '...; Ostrander, a voyage (not demise) charterer.')
            told = told.split(";")[0].rstrip(",") + "."
        if told and f.text in told and len(told.split()) > len(f"{label(f)} is {f.text}".split()) + 2:
            return _as_pleaded(pick, told, pleader)
        if identity(f):
            return f"{cap_first(label(f))} is {f.text}."
        more = gist(f, ctx.facts)
        if f.establish and f.text in f.statement:
            return _as_pleaded(pick, cap_first(strip_end(f.statement)) + ".", pleader)
        how = derivation(f, ctx.facts)
        if how:
            return with_basis(pick, plain(f), how)
        body = plain(f) + (f": {more}" if more and f.text not in more else "")
        # a pleading's own ways of putting a fact, dealt round a series of them (one wording stamped a year's filings)
        return pick.frame(_PLEADED).format(s=cap_first(body), low=lower_first(body), party=pleader) + "."

    def free(fs: list[FactRef]) -> list[FactRef]:
        return [f for f in fs if all(f is not g for g in said)]

    if not answer:
        claimed = [f for f in figures(facts) if is_claim(f)]
        for i, k in enumerate(kinds):
            heading = plan[i][0].lower()
            if k == "allegations" and "parties" in heading:
                rows = [pick.frame(_PARTY).format(side="Plaintiff", name=plaintiff,
                                                  role=_role_of(ctx, plaintiff) or ("a former employee of the Respondent"
                                                                                   if forum(ctx) == "tribunal" else
                                                                                   "a party to the matter")),
                        pick.frame(_PARTY).format(side="Defendant", name=defendant,
                                                  role=_role_of(ctx, defendant) or "a party to the matter")]
                if ctx.locale == "en_US":
                    rows += [pick.frame(_JURISDICTION), pick.frame(_VENUE)]
                out[i] = rows
            elif k == "allegations":
                rows = [pleaded(f) for f in things + free([f for f in facts if not identity(f)])[:6]]
                # a figure paid before the pleading's day is pleaded as paid, by the act that paid it
                rows += [f"{cap_first(label(f))} of {f.text} was {f.paid} by {long_date(f.paid_by, ctx.locale)}."
                         for f in said if f.paid and f.paid_by is not None]
                out[i] = rows
        counts = [i for i, k in enumerate(kinds) if k == "count"]
        appeal = forum(ctx) == "local" and local_roles(ctx)[0] == "Appellant"
        heads = tribunal_heads(ctx, defendant) if forum(ctx) == "tribunal" else []
        for n, i in enumerate(counts):
            rows = [pick.frame(_REALLEGE)]
            if n < len(heads):
                # an employment tribunal claim pleads its heads of claim, not a debt ('owes the Claimant the gross
                # weekly pay of GBP 1,150')
                out[i] = rows + heads[n]
                continue
            if appeal:
                # an appeal puts its grounds against the decision under appeal; it sues for no debt and asks for no
                # declaration (blind read 29: an appeal to the tax appeals council pleaded 'The Appellant demanded
                # payment; Fazenda Nacional has refused or failed to pay')
                f = claimed[0] if n == 0 and claimed else next(
                    (g for g in figures(facts) + facts if g not in claimed[:1] and not identity(g) and not g.paid), None)
                if f is None:
                    out[i] = []
                    continue
                rows.append(f"The decision under appeal is wrong to hold {label(f)} of {f.text}"
                            + (" due, and it should be cancelled." if n == 0 else
                               "; in the alternative, it should be varied on that point."))
                out[i] = rows
                continue
            if n == 0 and claimed:
                f = claimed[0]
                # what is owed, not the paper that asked for it ('liable to Plaintiff for the contribution demand',
                # read 20: 'treats contribution as a debt')
                owed_as = re.sub(r"\s+(?:demand(?:ed)?|claim(?:ed)?|sought|asserted)$", "", label(f)) or label(f)
                rows.append(pick.frame(["{d} is liable to Plaintiff for {l} of {t}.",
                                        "Plaintiff is entitled to recover {l} of {t} from {d}.",
                                        "{d} owes Plaintiff {l} of {t}."]).format(d=defendant, l=owed_as, t=f.text))
                unpaid = ["Plaintiff has demanded payment, and {d} has not paid.",
                          "Despite demand, {d} has failed to pay.",
                          "Plaintiff demanded payment; {d} has refused or failed to pay."]
                if pick.series is not None:
                    # a filing in a series says where things stand on its own day
                    day = long_date(ctx.spec.date, ctx.locale)
                    unpaid += [f"As of {day}, {{d}} has paid nothing of the sum demanded.",
                               f"Plaintiff demanded payment, and as of {day} {{d}} has not paid any part of it."]
                rows.append(pick.frame(unpaid).format(d=defendant))
            else:
                owed = claimed[0] if claimed else None
                f = next((g for g in figures(facts) + facts if g is not owed and not identity(g) and not g.paid), None)
                cited = cited_clause(facts)
                if cited is not None:
                    # the declaration a party asks about a contract clause: that it does not bar or limit the claim
                    # (was 'a declaration that the total claims are USD 174,250,000')
                    where = " of the charter party" if any(re.search(r"charter", g.statement, re.I)
                                                            for g in cited[2]) else ""
                    rows.append(_worded(pick, [
                        "Plaintiff is entitled to a declaration that Clause {c} does not bar or limit its claims "
                        "against {d}.",
                        "Plaintiff seeks a declaration that Clause {c} neither bars nor limits its claims against {d}.",
                        "Clause {c} does not bar or limit Plaintiff's claims against {d}, and Plaintiff is entitled to "
                        "a declaration to that effect.",
                        "Plaintiff is entitled to a declaration that nothing in Clause {c} bars or limits its claims "
                        "against {d}."]).format(c=f"{cited[0]}{where}", d=defendant))
                elif f is not None:
                    rows.append(_worded(pick, ["Plaintiff is entitled to a declaration that {p}.",
                                                 "Plaintiff seeks a declaration that {p}.",
                                                 "Plaintiff is entitled to, and seeks, a declaration that {p}."]).format(p=plain(f)))
                rows.append(pick.frame(["An actual controversy exists between the parties as to their respective "
                                        "liabilities.",
                                        "A justiciable controversy exists between the parties concerning their "
                                        "respective liabilities.",
                                        "The parties dispute their respective liabilities, and an actual controversy "
                                        "exists between them."]))
            out[i] = rows
    else:
        defenses = [i for i, k in enumerate(kinds) if k == "defense" and "affirmative" in plan[i][0].lower()]
        grounds: list[str] = []
        cited = cited_clause(ctx.facts)
        if cited is not None:
            number, _, fs = cited
            words = next((gist(f, ctx.facts) for f in fs if gist(f, ctx.facts)), "")
            said.extend(fs)
            cap = next((f for f in fs if f.value.type == "money"), None)
            grounds.append(pick.frame(["Plaintiff's claims are barred or limited by Clause {n} of the charter party",
                                       "Clause {n} of the charter party bars or limits Plaintiff's claims",
                                       "Plaintiff's claims are barred, in whole or in part, by Clause {n} of the "
                                       "charter party",
                                       "Plaintiff's recovery, if any, is barred or limited by Clause {n} of the "
                                       "charter party"]).format(n=number)
                           + (f": {words}." if words else ".") +
                           (f" Any recovery is capped at {cap.text}." if cap and (not words or cap.text not in words) else ""))
        if cited is not None and ctx.locale == "en_US" and re.search(r"charter", " ".join(
                f.statement + " " + label(f) for f in cited[2]), re.I):
            # the charter's Part I (agreement.charter_part_one) sends disputes to New York arbitration: an answer
            # keeps that right, or waives it by litigating
            grounds.append("Plaintiff's claims arise under the charter party, which provides for arbitration in New "
                           "York under the rules of the Society of Maritime Arbitrators. Defendant does not waive, "
                           "and expressly reserves, its right to move to stay this action pending arbitration under "
                           "9 U.S.C. § 3.")
        for f in free([g for g in ctx.facts if g.value.type == "text" and not identity(g) and gist(g, ctx.facts)]):
            said.append(f)
            why = gist(f, ctx.facts)
            grounds.append(pick.frame(["Plaintiff's claims are barred or limited because {why}",
                                       "Plaintiff's claims are barred, in whole or in part, because {why}",
                                       "Plaintiff may not recover, or its recovery is limited, because {why}",
                                       "Plaintiff's claims fail to the extent that {why}"]).format(why=lower_first(why))
                           + (f" ({label(f)}: {f.text})." if f.text not in why else "."))
        for f in free([g for g in ctx.facts if g.value.type == "money"]):
            said.append(f)
            grounds.append(pick.frame(["Any liability of Defendant, which is denied, cannot exceed {t} ({l}).",
                                       "Defendant denies liability; in any event its liability cannot exceed {t} ({l}).",
                                       "Without admitting liability, Defendant's liability, if any, is limited to {t} "
                                       "({l})."]).format(t=f.text, l=label(f)))
        # the defenses every answer pleads where the facts give no more (an English Defence has no Rule 12(b)(6):
        # pi-quantum's 'fails ... to state a claim upon which relief can be granted')
        standard = _STANDARD_DEFENCES if forum(ctx) in ("court", "local") else _STANDARD_DEFENSES
        grounds += [pick.frame(g) for g in standard][:max(0, len(defenses) - len(grounds))]
        for n, i in enumerate(defenses):
            out[i] = [grounds[n]] if n < len(grounds) else []
        if len(grounds) > len(defenses) and defenses:
            out[defenses[-1]] = out[defenses[-1]] + grounds[len(defenses):]
        for i, k in enumerate(kinds):
            if k == "defense" and i not in defenses:
                heading = plan[i][0].lower()
                if "preliminary" in heading:
                    due = [f for f in ctx.facts if f.value.type == "date" and "deadline" in label(f).lower()]
                    # the date in the words of a pleading, never the file's own tag ('(the answer deadline: May 1,
                    # 2026)' pasted into the answer, read 9)
                    when = f" It is served within the time allowed, on or before {due[0].text}." if due else ""
                    said.extend(due)
                    # (dealt round a series: forty drafts of one answer opened on one sentence, realism_boilerplate
                    # at bench.long_matter --scale 40)
                    opens = _worded(pick, ["Defendant {d} answers the Complaint of Plaintiff {p} as follows.",
                                             "Defendant {d}, by its undersigned counsel, answers the Complaint filed "
                                             "by Plaintiff {p} as follows.",
                                             "For its answer to the Complaint of Plaintiff {p}, Defendant {d} states "
                                             "as follows.",
                                             "Defendant {d} makes this answer to the Complaint of Plaintiff {p}."])
                    out[i] = [opens.format(d=defendant, p=plaintiff) + when,
                              pick.frame(["Except as expressly admitted below, Defendant denies each allegation of "
                                          "the Complaint.",
                                          "Defendant denies every allegation of the Complaint not expressly admitted "
                                          "below.",
                                          "Defendant denies each and every allegation of the Complaint not "
                                          "specifically admitted herein."])]
                elif ctx.locale == "en_US":
                    # paragraph by paragraph, as an answer meets a complaint: the parties, jurisdiction and venue
                    # pleaded in its first four paragraphs, then what is admitted (with what Defendant avers of it),
                    # what it cannot know, and the denials (blind read 8: "no paragraph-by-paragraph responses")
                    out[i] = answer_responses(pick, ctx, plaintiff, defendant, free(things + [
                        g for g in ctx.facts if g.value.type == "text" and not identity(g) and g.label and
                        re.search(r"party|vessel|owner|operator", label(g), re.I)]), said)
                else:
                    # admitted: what names the matter and the designations of record, never a ground of defense
                    admit = free(things + [g for g in ctx.facts if g.value.type == "text" and not gist(g, ctx.facts)
                                           and not identity(g)])
                    rows = [pick.frame(_ADMIT).format(low=plain(f)) for f in admit[:2]]
                    said.extend(admit[:2])
                    rows.append(pick.frame(["Defendant denies that it is liable to Plaintiff in any amount, and "
                                            "denies that Plaintiff is entitled to any of the relief it seeks.",
                                            "Defendant denies any liability to Plaintiff and denies that Plaintiff is "
                                            "entitled to the relief requested, or to any relief.",
                                            "Defendant denies that Plaintiff is entitled to judgment in any amount or "
                                            "to any of the relief demanded."]))
                    out[i] = rows
        rest = free(ctx.facts)
        if rest:
            at = next((i for i, k in enumerate(kinds) if k == "defense"), None)
            if at is not None:
                out.setdefault(at, []).extend(_meets(pick, ctx, f) for f in rest)
    return {i: [p for p in ps if p] for i, ps in out.items() if ps}


def answer_responses(pick: Picker, ctx: ArtifactContext, plaintiff: str, defendant: str, admit: list[FactRef],
                     said: list[FactRef]) -> list[str]:
    """An answer's responses to a complaint's allegations: paragraphs 1-4 (the parties by their roles, jurisdiction,
    venue) one by one, then each admitted fact with what Defendant avers of it, the claimed amounts it cannot know,
    the allegations of fault and liability denied, and each count met by the responses above."""
    theirs, ours = _role_of(ctx, plaintiff), _role_of(ctx, defendant)
    # each response in several wordings, dealt round a series: a long matter's successive drafts of one answer were
    # otherwise 81-84% alike (realism_near_duplicates at bench/long_matter.py --scale 10)
    # Each wording ends in its own words after the name: the check reads 'Tankers Ltd.' as a sentence's end, and
    # all three ending '{p} is {r}.' stamped 'is the registered owner and operator of the M/T Aurelian Tide.' on
    # every draft answer and a third of the complaints (107 artifacts, realism_boilerplate, at --scale 80).
    one = pick.frame(["Answering paragraph 1 of the Complaint, Defendant admits that Plaintiff {p} is {r}, and "
                      "otherwise denies that paragraph.",
                      "In response to paragraph 1 of the Complaint, Defendant admits that at all material times "
                      "Plaintiff {p} was {r}.",
                      "Defendant admits the allegation of paragraph 1 of the Complaint that {r} is Plaintiff {p}."]
                     ).format(p=plaintiff, r=theirs) if theirs else \
        "Answering paragraph 1 of the Complaint, Defendant admits Plaintiff's identity and otherwise lacks knowledge " \
        "sufficient to form a belief about its allegations, and therefore denies them."
    two = pick.frame(["Answering paragraph 2, Defendant admits that it is {o}, and denies any other characterization "
                      "of its role.",
                      "As to paragraph 2, Defendant admits that it is {o} and otherwise denies the paragraph's "
                      "characterization of its role.",
                      "Defendant admits so much of paragraph 2 as alleges that it is {o}, and denies the rest."]
                     ).format(o=ours) if ours else "Answering paragraph 2, Defendant admits that it is a party to the " \
        "matter described."
    rows = [one, two,
            pick.frame(["Paragraph 3 states a legal conclusion to which no response is required; to the extent one is "
                        "required, Defendant does not contest subject-matter jurisdiction but denies that Plaintiff has "
                        "any claim against it.",
                        "Paragraph 3 states conclusions of law that require no response. Defendant does not contest "
                        "the Court's subject-matter jurisdiction, but denies that Plaintiff has any claim against it.",
                        "No response is required to the legal conclusions in paragraph 3; insofar as one is required, "
                        "Defendant does not dispute jurisdiction and denies that any claim lies against it."]),
            pick.frame(["Answering paragraph 4, Defendant does not contest venue in this District for purposes of this "
                        "action only.",
                        "Defendant does not contest venue in this District, for the purposes of this action only "
                        "(paragraph 4).",
                        "As to paragraph 4, venue in this District is not contested for this action only."])]
    for f in admit[:2]:
        said.append(f)
        more = gist(f, ctx.facts)
        if more and f.text in more:
            # the clause that records the fact of record ('On February 26, 2026 the Coast Guard designated ...')
            head, _, tail = more.partition(" ")
            rows.append(f"Defendant admits that {head.lower() if head in ('On', 'The', 'A', 'An', 'In') else head} "
                        f"{tail}.")
        else:
            avers = f", and avers that {more}" if more else ""
            rows.append(f"Defendant admits that {plain(f)}{avers}.")
    rows += [pick.frame(["Defendant lacks knowledge or information sufficient to form a belief about the truth of "
                         "the allegations concerning the nature and amount of the third-party claims, and therefore "
                         "denies them.",
                         "Defendant is without knowledge or information sufficient to form a belief as to the amounts "
                         "claimed by third parties, and therefore denies those allegations.",
                         "Defendant has no knowledge or information sufficient to form a belief about the third-party "
                         "claims alleged, their nature or their amount, and so denies those allegations."]),
             pick.frame(["Defendant denies the allegations of fault made against it, denies that any act or omission "
                         "of {d} caused or contributed to the events alleged, and denies that it owes Plaintiff "
                         "contribution or indemnity in any amount beyond what it has agreed in writing.",
                         "Defendant denies each allegation that it was at fault, denies that anything {d} did or failed "
                         "to do caused or contributed to the events alleged, and denies that it owes Plaintiff "
                         "contribution or indemnity beyond what it agreed in writing.",
                         "Every allegation of fault against Defendant is denied. Defendant denies that {d} caused or "
                         "contributed to the events alleged and denies any liability to Plaintiff for contribution or "
                         "indemnity beyond its written agreement."]).format(d=defendant),
             pick.frame(["In answer to each Count, Defendant repeats its responses to the paragraphs that Count "
                         "realleges, and denies the remaining allegations of the Count.",
                         "As to each Count, Defendant incorporates its responses to the paragraphs realleged in it and "
                         "denies its remaining allegations.",
                         "Defendant repeats its responses above for each paragraph a Count realleges, and denies every "
                         "other allegation of each Count."])]
    return rows


_ADJUDICATION = re.compile(r"\b(adjudicat\w*|referral)\b", re.I)


def is_claim(f: FactRef) -> bool:
    """Whether an amount is one a party claims (a derived figure, or one its label calls a claim, a loss, damages, a
    total or a sum due), not an input to one (a weekly wage is no judgment sum: an ET1 asked 'judgment for GBP 1,150',
    the claimant's weekly pay). Never one paid before the paper's day: a claim asks only for what is still owed
    (issue 17: a complaint of June 24 sued for the GBP 105,000 overpayment the landlord refunded on June 13)."""
    return f.value.type == "money" and not f.paid and bool(f.reason or _CLAIMED.search(label(f)))


_CLAIMED = re.compile(r"\b(claim\w*|damages?|loss|owed|due|total|demand\w*|award|contribution|payable|balance|"
                      r"arrears|refund|overpayment|costs?)\b", re.I)
_TRIBUNAL = re.compile(r"\bemployment tribunal\b|\bET[13]\b", re.I)
_ARBITRATION = re.compile(r"\barbitra(?:tion|l|tor)\b", re.I)
# the rules an arbitration is brought under, as a purpose names them ('under the DIS Arbitration Rules 2018')
_RULES = re.compile(r"\bunder (the [A-Z][\w&-]*(?: [A-Z][\w&-]*)* (?:Arbitration )?Rules(?: [0-9]{4})?)")


def arbitration_rules(ctx: ArtifactContext) -> str:
    """The arbitration rules the paper's purpose or the matter's summary names ('the DIS Arbitration Rules 2018');
    '' where none."""
    m = _RULES.search(f"{getattr(ctx.spec, 'purpose', '') or ''} {ctx.world_summary}")
    return m.group(1) if m else ""


def forum(ctx: ArtifactContext) -> str:
    """Where the pleading is filed: 'us' (a US federal court), 'court' (the courts of England and Wales), 'arbitration'
    (an arbitral tribunal: Claimant and Respondent, under the seat's law or the rules the paper names),
    'adjudication' (a statutory construction adjudication in England and Wales) or 'tribunal' (an employment
    tribunal: Claimant and Respondent, never the High Court)."""
    if ctx.locale == "en_US":
        return "us"
    # (a request for arbitration is no High Court claim: blind read of session 24, 'an arbitration headed as a High
    # Court claim'; read from the paper's own title and purpose, a world that names arbitration in passing keeps its
    # court)
    if _ARBITRATION.search(f"{ctx.spec.title} {getattr(ctx.spec, 'purpose', '') or ''}"):
        return "arbitration"
    if _ARBITRATION.search(ctx.world_title) and not re.search(r"\bcourts?\b", ctx.spec.title, re.I):
        # (a matter its own title calls an arbitration pleads in it: an unseen SIAC arbitration's 'Statement of Claim'
        # was headed for the Technology and Construction Court in London with a claim number)
        return "arbitration"
    if ctx.locale != "en_GB":
        # (a matter of another country is filed in its own courts, never the High Court in London: blind read 29's
        # Brazilian appeal to CARF was headed 'IN THE HIGH COURT OF JUSTICE ... ENGLAND AND WALES', Claimant v Defendant)
        return "local"
    where = f"{ctx.spec.title} {ctx.world_title} {ctx.world_summary}"
    if _TRIBUNAL.search(where):
        return "tribunal"
    return "adjudication" if _ADJUDICATION.search(where) else "court"


# the body a paper is filed with, as its own title or purpose names it ('Recurso voluntario to CARF', 'the application
# to the Adjudicating Authority'); a court or tribunal the matter names ('a Federal Court of Australia class action')
_FILED_WITH = re.compile(r"\b(?:to|before|with)\s+(the\s+)?([A-Z][\w'&-]*(?:\s+(?:of\s+)?[A-Z][\w'&-]*){0,5})")
_NAMED_COURT = re.compile(r"\b((?:(?!(?:An|The|In|On|At|By)\b)[A-Z][\w'-]+\s+){0,4}(?:Court|Tribunal)(?:\s+of\s+(?:[A-Z][\w'-]*\s*){1,3})?)")


def named_court(text: str) -> str:
    """The court or tribunal a text names, as named ('Federal Court of Australia'); '' where none."""
    m = _NAMED_COURT.search(text)
    return " ".join(m.group(1).split()) if m else ""


def local_court(ctx: ArtifactContext) -> str:
    """The court or tribunal of the matter's own country a paper is filed with: as the paper's title or purpose names
    it ('CARF', 'the Adjudicating Authority'), else the court the matter names, else the courts a contract made in the
    country chooses ('the Tokyo District Court'); '' where the project knows none."""
    from worldsmith.generators.compose.law import chooses_english, governing_law

    parties = [o.name for o in ctx.organisations]
    for text in (re.split(r"\s*:\s", ctx.spec.title)[0], getattr(ctx.spec, "purpose", "") or ""):
        for m in _FILED_WITH.finditer(text):
            name = m.group(2)
            if not any(p.startswith(name) or name.startswith(p) for p in parties):
                return f"the {name}" if m.group(1) else name
    named = named_court(f"{ctx.world_title} {ctx.world_summary}")
    if named:
        return named if named.lower().startswith("the ") else f"the {named}"
    return "" if chooses_english(ctx.locale) else governing_law(ctx.locale)[1]


# a proceeding's number, as a fact's label names it or a title gives it ('NSD 1142 of 2023', 'No. 0012-45/2026')
_NUMBER_LABEL = re.compile(r"(?i)\b(?:case|claim|proceedings?|process|file|docket|appeal|petition|application|action)\s+"
                           r"(?:no\.?|number|reference)\s*$")
_NUMBER_IN = re.compile(r"\(([A-Z]{2,5}\s+\d+\s+of\s+\d{4})\)|\b(?:No\.|N\u00ba|n\.\u00ba)\s*([\w./-]*\d[\w./-]*)")


def proceeding_number(ctx: ArtifactContext) -> str:
    """The proceeding's number where a fact or a title gives one; '' where none (never one made up)."""
    fact = next((f for f in ctx.facts if f.value.type == "text" and _NUMBER_LABEL.search(label(f))), None)
    if fact is not None:
        return fact.text
    m = next((m for m in (_NUMBER_IN.search(t) for t in (ctx.spec.title, ctx.world_title)) if m), None)
    return (m.group(1) or m.group(2)) if m else ""


def local_roles(ctx: ArtifactContext) -> tuple[str, str, str, str]:
    """(the first party's role, the second's, the paper's name, the body it asks) in a court of the matter's country:
    an appeal's Appellant, an application's Applicant, else a Claimant, each against a Respondent."""
    said = f"{ctx.spec.title} {getattr(ctx.spec, 'purpose', '') or ''}"
    court = local_court(ctx)
    body = "the Court" if not court or re.search(r"\bcourts?\b", court, re.I) else "the Tribunal"
    if re.search(r"(?i)\b(?:appeal|recurso|apela\w*)", said):
        return "Appellant", "Respondent", "Appeal", body
    if re.search(r"(?i)\b(?:application|petition|motion)\b", said):
        return "Applicant", "Respondent", "Application", body
    return "Claimant", "Respondent", "Claim", body


def local_caption(ctx: ArtifactContext, claimant: str, respondent: str) -> str:
    """The heading of a paper filed in a court of the matter's own country: the court, the proceeding's number where
    one is given, the parties in their roles; a neutral 'PROCEEDINGS BETWEEN' where the project knows no court."""
    court, number = local_court(ctx), proceeding_number(ctx)
    one, two, _, _ = local_roles(ctx)
    where = (f"IN {court.upper()}" if court.lower().startswith("the courts") else f"BEFORE {court.upper()}") if court \
        else "PROCEEDINGS"
    return (f"{where}." + (f" No. {number}." if number else "") +
            f" BETWEEN: {claimant} ({one}) and {respondent} ({two}).")


def tribunal_heads(ctx: ArtifactContext, respondent: str) -> list[list[str]]:
    """The heads of an employment tribunal claim the matter names (unfair dismissal, wrongful dismissal), each with
    the facts it rests on: the dismissal's date, the notice the contract gave."""
    about = f"{ctx.spec.title} {ctx.world_title} {ctx.world_summary}".lower()
    ended = next((f for f in ctx.facts if f.value.type == "date" and re.search(r"terminat|dismiss", label(f), re.I)), None)
    notice = next((f for f in ctx.facts if re.search(r"\bnotice\b", label(f), re.I) and f.value.type != "date"), None)
    when = f" with effect from {ended.text}" if ended else ""
    out = []
    if "unfair" in about:
        out.append([f"{respondent} dismissed the Claimant{when}. The Claimant had more than two years' continuous "
                    f"employment and was unfairly dismissed, contrary to section 94 of the Employment Rights Act 1996. "
                    + ("The reason given was redundancy, but the selection and the process that led to it were not "
                       "fair." if "redundan" in about else
                       "The Respondent had no fair reason for the dismissal and did not follow a fair procedure."),
                    "The Claimant claims a basic award and a compensatory award."])
    if "wrongful" in about or notice is not None:
        owed = f"the {notice.text}' notice" if notice is not None and notice.text.endswith("s") else \
            (f"{notice.text} notice" if notice is not None else "the notice")
        out.append([f"{respondent} dismissed the Claimant without {owed} her contract required and without pay in "
                    f"lieu, in breach of contract.", "The Claimant claims damages for the notice period."])
    return out


def tribunal_office(ctx: ArtifactContext) -> str:
    """The tribunal's office from the matter's title ('Manchester Employment Tribunal' -> 'Manchester'), or ''."""
    m = re.search(r"\b([A-Z][a-z]+(?: [A-Z][a-z]+)?) Employment Tribunal\b", f"{ctx.world_title} {ctx.world_summary}")
    return m.group(1) if m else ""


def english_caption(ctx: ArtifactContext, claimant: str, respondent: str, day: str, draft: bool) -> list[str]:
    """The heading of an English claim or adjudication: the forum, the parties in their English names, the date."""
    if forum(ctx) == "arbitration":
        act = "THE ARBITRATION ACT 1996 AND IN THE MATTER OF " if ctx.locale == "en_GB" else ""
        rules = arbitration_rules(ctx)
        head = (f"IN THE MATTER OF {act}AN ARBITRATION{' UNDER ' + rules.upper() if rules else ''}. "
                f"BETWEEN: {claimant} (Claimant) and {respondent} (Respondent).")
    elif forum(ctx) == "tribunal":
        office = tribunal_office(ctx)
        head = (f"EMPLOYMENT TRIBUNALS (ENGLAND AND WALES){', ' + office.upper() if office else ''}. "
                f"BETWEEN: {claimant} (Claimant) and {respondent} (Respondent).")
    elif forum(ctx) == "local":
        head = local_caption(ctx, claimant, respondent)
    elif forum(ctx) == "adjudication":
        head = ("IN THE MATTER OF AN ADJUDICATION UNDER THE SCHEME FOR CONSTRUCTION CONTRACTS (ENGLAND AND WALES) "
                f"REGULATIONS 1998. BETWEEN: {claimant} (Referring Party) and {respondent} (Responding Party).")
    else:
        court, number = court_of(ctx)
        return [f"{court}. Claim No. {number}. BETWEEN: {claimant} (Claimant) and {respondent} (Defendant).",
                f"{english_name(ctx.spec.title).upper()}. "
                + (f"Draft of {day}, for review; not served." if draft else f"Dated {day}.")]
    when = f"Draft of {day}, for review; not served." if draft else f"Dated {day}."
    return [head, f"{cap_first(strip_end(ctx.spec.title))}. {when}"]


# What the matter is about decides the court and list an English claim is issued in (read 25: an employer's liability
# claim for a crushed foot 'issued in the Business and Property Courts'; a CMR cargo claim with 'no Commercial Court
# heading and no claim number').
_INJURY = re.compile(r"personal injur|employers?'? liability|\binjur(?:y|ies|ed)\b|clinical negligence|accident at work|"
                     r"road traffic accident|fatal accident", re.I)
_COMMERCIAL = re.compile(r"\b(?:carriage|carrier|cargo|CMR|charter\w*|shipping|vessel|bill of lading|freight|haulier|"
                         r"reinsur\w*|insurance policy|marine|commodit\w*|letter of credit)\b", re.I)
_CONSTRUCTION = re.compile(r"\b(?:construction|building contract|contractor|defects|engineering|architect|"
                           r"professional negligence of (?:an? )?(?:engineer|architect|surveyor))\b", re.I)


def court_of(ctx: ArtifactContext) -> tuple[str, str]:
    """The heading of the English court an action is issued in and its claim number: the King's Bench Division for a
    personal injury claim, the Commercial Court for carriage, shipping and insurance, the Technology and Construction
    Court for building work, else the Business List; the number in that court's form, fixed for the matter."""
    return english_court(ctx.world_title, ctx.world_summary, ctx.spec.date.year if ctx.spec is not None else 2026)


_VENUES = {"KB": "Royal Courts of Justice, Strand, London WC2A 2LL",
           "CL": "Rolls Building, 7 Rolls Buildings, Fetter Lane, London EC4A 1NL"}


def court_venue(title: str, summary: str) -> tuple[str, str]:
    """The English court of the matter by its short name and where it sits ('Commercial Court (KBD)', 'Rolls
    Building, ...'; the King's Bench Division at the Royal Courts of Justice)."""
    heading, number = english_court(title, summary, 2026)
    return court_short(heading), _VENUES.get(number.split("-")[0], _VENUES["CL"])


def court_short(heading: str) -> str:
    """A court heading's last part as a note names the court ('Commercial Court (KBD)', "King's Bench Division")."""
    return heading.split(", ")[-1].title().replace("'S", "'s").replace("(Kbd)", "(KBD)").replace("(Chd)", "(ChD)")


@functools.lru_cache(maxsize=256)
def english_court(title: str, summary: str, year: int) -> tuple[str, str]:
    """english court heading and claim number from the matter's title and summary (court_of's reading)."""
    where = f"{title} {summary}"
    high = "IN THE HIGH COURT OF JUSTICE"
    bpc = "BUSINESS AND PROPERTY COURTS OF ENGLAND AND WALES"
    if _INJURY.search(where):
        court, prefix = f"{high}, KING'S BENCH DIVISION", "KB"
    elif _COMMERCIAL.search(where):
        court, prefix = f"{high}, {bpc}, COMMERCIAL COURT (KBD)", "CL"
    elif _CONSTRUCTION.search(where):
        court, prefix = f"{high}, {bpc}, TECHNOLOGY AND CONSTRUCTION COURT (KBD)", "HT"
    else:
        court, prefix = f"{high}, {bpc}, BUSINESS LIST (ChD)", "BL"
    digest = int.from_bytes(hashlib.sha256(title.encode()).digest()[:6], "big")
    # issued in the year of the first statement of case; a Defence or Reply keeps the claim's number
    return court, f"{prefix}-{year}-{digest % 900000 + 100000:06d}"


def english_name(title: str) -> str:
    """A statement of case's own name in English form, without the case's name after it: 'Complaint: Tallis Print
    Ltd v. Ashcombe Estates Ltd' -> 'Particulars of Claim', 'Answer' -> 'Defence' (seed 97: a caption 'COMPLAINT:
    TALLIS PRINT LTD V. ...' and 'the facts stated in this Particulars of Claim')."""
    name = re.sub(r"(?i)^(?:draft|amended|revised)\s+", "", strip_end(title))
    name = re.sub(r"\s*[:\u2013\u2014-]\s.*$", "", name)
    name = re.sub(r"(?i)^complaint\b", "Particulars of Claim", name)
    name = re.sub(r"(?i)^answer\b(?: and affirmative defen[cs]es)?", "Defence", name)
    return " ".join(w if w.lower() in ("of", "and", "to", "for", "the") else cap_first(w) for w in name.split())


def _paper_name(ctx: ArtifactContext) -> str:
    """The statement of case's own name as its statement of truth refers to it ('these Particulars of Claim', 'this
    Defence')."""
    name = english_name(ctx.spec.title)
    return ("these " if re.match(r"(?i)particulars|details", name) else "this ") + name


def english_close(ctx: ArtifactContext, answer: bool, claimed: str, signer: tuple[str, str, str, str],
                  client: str, pick: Picker | None = None) -> list[str]:
    """The end of an English statement of case, a paragraph each: the claim's relief (AND THE CLAIMANT CLAIMS: the
    sum, interest, costs) or the Defence's closing denial, the statement of truth in CPR PD 22's words, signed for the
    party by its solicitor (a draft's left blank), and the solicitors' name for service (read 25: 'no statement of
    truth'; a Defence with a US prayer, 'asks the Court to dismiss the Particulars of Claim')."""
    party = "Defendant" if answer else "Claimant"
    name, title, firm, email = signer
    draft = "draft" in ctx.spec.title.lower()
    # In a series (a claim reissued or a Defence redrafted through a year) the relief and the closing denial are
    # dealt round the ways solicitors write them: one sentence stamped on every copy is realism_boilerplate at
    # bench.long_matter --scale 10 of the CMR theft. The statement of truth keeps the words CPR PD 22 prescribes.
    worded = (lambda frames: frames[0]) if pick is None or pick.series is None else pick.frame
    if answer:
        out = [worded(["Save as expressly admitted above, each allegation in the Particulars of Claim is denied, and "
                       "the Claimant is required to prove its entitlement to the sums claimed.",
                       "Except where admitted above, every allegation in the Particulars of Claim is denied, and the "
                       "Claimant is put to proof of its entitlement to the sums claimed.",
                       "Each allegation in the Particulars of Claim not expressly admitted above is denied; the "
                       "Claimant must prove its entitlement to any sum it claims."])]
    else:
        act = ("section 69 of the County Courts Act 1984" if "COUNTY COURT" in court_of(ctx)[0]
               else "section 35A of the Senior Courts Act 1981")
        interest = worded([f"interest under {act}, at such rate and for such period as the Court thinks fit",
                           f"interest pursuant to {act} at such rate and for such period as the Court considers just",
                           f"interest under {act} for such period and at such rate as the Court thinks fit"])
        costs = worded(["costs", "its costs of the claim", "costs, to be assessed if not agreed"])
        out = ["AND THE CLAIMANT CLAIMS: (1) " + (f"{claimed};" if claimed else "damages;") +
               f" (2) {interest}; (3) {costs}."]
    paper = _paper_name(ctx)
    out += ["STATEMENT OF TRUTH",
            f"The {party} believes that the facts stated in {paper} are true. The {party} understands that "
            "proceedings for contempt of court may be brought against anyone who makes, or causes to be made, a false "
            "statement in a document verified by a statement of truth without an honest belief in its truth.",
            f"I am duly authorised by the {party} to sign this statement.",
            "Signed: " + ("____________________ (draft: not yet signed)" if draft else f"{name} (signed)"),
            f"Full name: {name}",
            f"Position or office held: {title}, {firm}, the {party}'s solicitors",
            f"Dated: {'____________________' if draft else long_date(ctx.spec.date, ctx.locale)}",
            f"{firm}, Solicitors for {client} (the {party}). Email for service: {email}."]
    return out


def english(text: str, ctx: ArtifactContext) -> str:
    """A pleading's words as an English claim or adjudication has them (Claimant or Referring Party, Particulars of
    Claim or Referral, defence, a statement of truth), where the composer wrote a US complaint's."""
    where = forum(ctx)
    if where == "us":
        return text
    one, two, paper, body = (("Referring Party", "Responding Party", "Referral", "the Adjudicator")
                             if where == "adjudication" else
                             ("Claimant", "Respondent", "Details of Claim", "the Tribunal") if where == "tribunal" else
                             ("Claimant", "Respondent", "Request", "the Tribunal") if where == "arbitration" else
                             local_roles(ctx) if where == "local" else
                             ("Claimant", "Defendant", "Particulars of Claim", "the Court"))
    text = re.sub(r"WHEREFORE, (.+?) respectfully requests that the Court", rf"\1 asks {body} to", text)
    text = re.sub(r"Respectfully submitted, /s/ ([^.]+)\.", r"Signed: \1.", text)
    if where != "local":  # (a Brazilian advogado or an Indian advocate is no solicitor)
        text = re.sub(r"\bCounsel for\b", "Solicitors for", text)
    text = re.sub(r"\b(\w+) Affirmative Defense\b", r"\1 Ground of Defence", text)
    text = re.sub(r"\baffirmative defenses\b", "grounds of defence", text, flags=re.I)
    text = re.sub(r"\bthe Complaint\b", f"the {paper}", text)
    text = re.sub(r"\bComplaint\b", paper, text)
    text = re.sub(r"\bPlaintiff\b", one, text)
    if two != "Defendant":
        text = re.sub(r"\bDefendant\b", two, text)
    text = re.sub(r"\bdefense\b", "defence", text)
    text = text.replace("Defense", "Defence")
    heads = {"Parties, Jurisdiction and Venue": "The Parties", "Factual Allegations": "The Facts",
             "Count I": "The First Claim", "Count II": "The Second Claim", "Prayer for Relief": "Relief Sought"}
    if where == "local" and one == "Appellant":
        heads.update({"Count I": "The First Ground of Appeal", "Count II": "The Second Ground of Appeal"})
    text = heads.get(text, text)
    # the party named as an English pleading names it: 'The Claimant, X Ltd, is ...'
    text = re.sub(rf"(^|\d\. )({one}|{two}) ([A-Z][\w&.,' -]*?) is ", r"\1The \2, \3, is ", text)
    text = re.sub(r"\b(repeats and realleges each of the preceding paragraphs|realleges and incorporates by reference "
                  r"every preceding paragraph|incorporates the preceding paragraphs by reference as if fully set forth "
                  r"here)", "repeats the paragraphs above", text)
    text = re.sub(r"(An actual|A justiciable) controversy exists between the parties (as to|concerning)",
                  r"A dispute has arisen between the parties \2", text)
    text = text.replace(", and an actual controversy exists between them", "")
    text = re.sub(r"\benter judgment against ([^;]+);", (r"decide that \1 is liable to pay the sums claimed;"
                                                         if where == "adjudication" else r"give judgment against \1;"),
                  text)
    text = text.replace(" with prejudice", "").replace("this action", "this adjudication" if where == "adjudication"
                                                                  else "these proceedings")
    # 'the Claimant' mid-sentence and 'The Claimant' opening one, as English pleadings write the parties
    text = re.sub(rf"(?<!\()(?<![Tt]he )\b({one}|{two})\b", r"the \1", text)
    text = re.sub(r"(^|\d\. |[.;:] )the\b", lambda m: m.group(1) + "The", text)
    return text.replace("the Court deems just", f"{body} considers just")

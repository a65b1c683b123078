"""A decision of a court, tribunal or authority as that body issues it: collegiate and in the third person, in the
country's form (a Brazilian administrative tribunal's acórdão: ementa, relatório, voto, dispositivo; a court's orders
under its caption, numbered), never marked confidential and never called final where the matter goes on to an appeal.

Blind read 29: a DRJ acórdão came out as one 'Relator' in the first person ('I determine the ex officio fine'), marked
'Confidential', 'final on the points it decides', sent 'to both parties at the same time'; a court's sealed orders came
out as the applicant's solicitors' memo with a recommendation.
"""

from __future__ import annotations

import re
import unicodedata

from worldsmith.generators.compose.genres import head_noun
from worldsmith.generators.compose.parties import neutral
from worldsmith.generators.compose.substance.common import derivation, label, plain
from worldsmith.generators.compose.substance.settlement import _caption, _sides
from worldsmith.generators.compose.text import cap_first, long_date, strip_end
from worldsmith.generators.context import ArtifactContext

# a body that decides as a bench or a panel, by its organisation's role or name
_BENCH = re.compile(r"\b(court|tribunal|panel|chamber|turma|c[aâ]mara|delegacia|board of (?:tax )?appeals?|"
                    r"council|commission|appeals? board)\b", re.I)
# a court's name as a matter's summary writes it ('the Federal Court of Australia', 'the High Court')
_COURT = re.compile(r"\b((?:[A-Z][a-z]+\s+){0,3}(?:Court|Tribunal)(?:\s+of\s+(?:[A-Z][a-z]+)(?:\s+[A-Z][a-z]+){0,2})?)")
_APPEAL = re.compile(r"\b(appeal|appealed|recurso|CARF|appellate)\b", re.I)


def _fold(word: str) -> str:
    return unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode().lower()


def is_tribunal_decision(ctx: ArtifactContext) -> bool:
    """Whether the paper is a court's or tribunal's own decision: a judgment, an acórdão or sealed orders by its title's
    head, whoever circulates it, or a decision or ruling issued by a body that sits as a bench or panel."""
    head = _fold(head_noun(ctx.spec.title))
    if head in ("acordao", "judgment", "judgement", "orders"):
        return True
    role = next((o.role for o in ctx.organisations if o.name == ctx.author.organisation), "") or ""
    return head in ("decision", "ruling") and neutral(ctx, ctx.author.organisation) and \
        bool(_BENCH.search(f"{role} {ctx.author.organisation}"))


def tribunal(ctx: ArtifactContext) -> str:
    """The body whose decision it is: the author's where it sits as a bench, else an organisation of the matter that
    does, else the court the summary names, else 'the Court'."""
    for o in [*(x for x in ctx.organisations if x.name == ctx.author.organisation), *ctx.organisations]:
        # (what the role says the organisation is, not whom it serves: a 'Court-appointed administrator' is no court)
        first = re.split(r"[;,]", o.role or "")[0]
        if _BENCH.search(first) and not re.search(r"appointed|\b(?:to|before|by|for) the\b", first, re.I):
            return o.name
    m = _COURT.search(" ".join((ctx.world_summary or "").split()))
    return m.group(1).strip() if m else "the Court"


def _appealed(ctx: ArtifactContext) -> bool:
    """Whether the matter goes on to an appeal against this decision (its summary or title says so)."""
    return bool(_APPEAL.search(f"{ctx.world_summary} {ctx.world_title}"))


def _taxpayer(ctx: ArtifactContext) -> str:
    """The party that brought the challenge to an authority: the client or taxpayer the roles name."""
    return next((o.name for o in ctx.organisations if re.search(r"\b(taxpayer|client|claimant|applicant)\b",
                                                                (o.role or "").split(";")[0] + ";" + (o.role or ""),
                                                                re.I) and not re.search(r"\b(counsel|solicitors?|"
                                                                                        r"lawyers?|auditors?)\b",
                                                                                        (o.role or "").split(";")[0],
                                                                                        re.I)), "")


# a court's act as the record narrates it ('On August 14, 2026 the Court approved the settlement ...', 'The orders cap
# the administrator's costs at ...'), to be put as the order itself ('the settlement ... be approved')
_ACT = re.compile(r"^(?:On [^.]*?\d{4},?\s+)?[Tt]he (?:Court|Tribunal|Panel|orders?)\s+(?P<v>approve|allow|cap|fix|reduce|"
                  r"dismiss|refuse|appoint|set|order|declare|grant)(?:s|d|ed|ped)?\s+(?P<o>.+)$")
_PARTICIPLE = {"cap": "capped", "set": "set"}
_AFTER = {"cap": " at ", "fix": " at ", "reduce": " to ", "set": " at ", "approve": ", with ", "allow": ", not "}


def _as_order(statement: str, facts) -> str:
    """A court's act narrated by the record put as its order ('X be approved'); '' for what is no act of the court."""
    said = strip_end(" ".join(statement.split()))
    m = _ACT.match(said)
    if not m:
        return ""
    verb, obj = m.group("v"), m.group("o")
    done = _PARTICIPLE.get(verb, verb + ("d" if verb.endswith("e") else "ed"))
    cut = _AFTER.get(verb, "")
    head, tail = (obj.split(cut, 1) + [""])[:2] if cut and cut in obj else (obj, "")
    if verb == "allow" and re.match(r"[A-Z][\w&.'-]*(?:\s[A-Z][\w&.'-]*)*\s+(?:a|an|the)\s", head):
        who, what = re.match(r"([A-Z][\w&.'-]*(?:\s[A-Z][\w&.'-]*)*)\s+(.+)$", head).groups()
        return f"{who} be allowed {what}" + (f"{cut}{tail}" if tail else "") + "."
    return f"{cap_first(head)} be {done}" + (f"{cut}{tail}" if tail else "") + "."


def _said(f) -> str:
    """A fact as the decision records it: its statement in full where this paper establishes it, else by its label and
    value (another paper's words are not copied)."""
    if f.establish and f.statement.strip():
        return f"{cap_first(strip_end(' '.join(f.statement.split())))}."
    return f"{cap_first(plain(f))}."


def _orders(ctx: ArtifactContext) -> tuple[list[str], list[str]]:
    """(what the court notes, what it orders): a court's act the record narrates put as its order, a derived figure
    fixed with its working, any other fact noted in the record's words, each carrying the fact's own value."""
    noted, ordered = [], []
    for f in ctx.facts:
        how = derivation(f, ctx.facts) if f.reason else ""
        order = _as_order(f.statement, ctx.facts)
        if how:
            ordered.append(f"The {re.sub(r'^the ', '', label(f))} be fixed at {f.text}, being {how}.")
        elif order:
            ordered.append(order if f.text in order else f"{order[:-1]} ({f.text}).")
        else:
            said = _said(f)[:-1]
            noted.append(f"{said}." if f.text in said else f"{said} ({f.text}).")
    return list(dict.fromkeys(noted)), list(dict.fromkeys(ordered))


# A state tax's first-instance decision (ICMS: São Paulo's DTJ) goes on appeal to the state's own tax court, never to
# the federal CARF (blind read 34: a DTJ decision on an ICMS assessment sent the appeal to CARF under Decree 70,235)
_STATE_TAX = re.compile(r"\b(?:ICMS|IPVA|ITCMD|DTJ|SEFAZ|Tribunal de Impostos e Taxas|TIT|Secretaria da Fazenda)\b")


def _appeal_route(ctx: ArtifactContext, party: str, body: str) -> str:
    """Where and under what rule a Brazilian tax decision is appealed: the state's tax court for a state tax, else CARF."""
    said = " ".join([ctx.spec.title, body, *(f.statement for f in ctx.facts), *(o.name for o in ctx.organisations)])
    if _STATE_TAX.search(said):
        return (f"{party} may file an ordinary appeal (recurso ordinário) to the Tribunal de Impostos e Taxas (TIT) "
                f"within 30 days of notification of this decision, under article 44 of Law No. 13,457 of 2009.")
    return (f"{party} may file a voluntary appeal (recurso voluntário) to the Administrative Council of Tax Appeals "
            f"(CARF) within 30 days of notification of this decision, under article 33 of Decree No. 70,235 of 1972.")


# an outcome as the record states it: the body upheld, cancelled, dismissed or allowed what was before it
_RULED = re.compile(r"\b(?:upheld|uphold|cancel\w*|annul\w*|dismiss\w*|allow\w*|grant\w*|reject\w*|decided|ruled|"
                    r"held|quash\w*|confirm\w*)\b", re.I)
# one who decides alone (a julgador tributário, a judge, a hearing officer) and a seat on a panel (a relator, a member)
_SOLE = re.compile(r"\b(?:julgador\w*|juiz|ju[ií]za|judge|delegad[oa]|hearing officer|adjudicator|magistrate|"
                   r"sole arbitrator|[aá]rbitro [uú]nico|tax inspector)\b", re.I)
_SEAT = re.compile(r"\b(?:relator\w*|conselheir\w*|member|presidente|president|chair\w*|turma|c[aâ]mara|panel)\b",
                   re.I)
_PANEL = re.compile(r"\b(?:turma|c[aâ]mara|conselho|council|panel|chamber|board|CARF|TIT|bench)\b", re.I)


def sits_alone(ctx: ArtifactContext) -> bool:
    """Whether one person decides: the author's title names one who decides alone (a São Paulo DTJ's 'Julgador
    Tributário') and neither that title nor the body's name names a panel or a seat on one; an acórdão is a panel's."""
    if _fold(ctx.spec.title).startswith("acordao") or _fold(head_noun(ctx.spec.title)) == "acordao":
        return False
    return bool(_SOLE.search(ctx.author.title or "")) and not _SEAT.search(ctx.author.title or "") and \
        not _PANEL.search(tribunal(ctx))


def decision_bodies(ctx: ArtifactContext) -> tuple[list[tuple[str, str]], dict[int, list[str]]]:
    """The plan and paragraphs of a tribunal's decision in its country's form."""
    body, day = tribunal(ctx), long_date(ctx.spec.date, ctx.locale)  # type: ignore[union-attr]
    about = re.split(r":\s*", ctx.spec.title, maxsplit=1)
    subject = strip_end(about[1]) if len(about) > 1 else strip_end(ctx.spec.title)
    inputs = [f for f in ctx.facts if not f.reason]
    worked = [f for f in ctx.facts if f.reason]
    appeal = _appealed(ctx)
    if _fold(ctx.spec.title).startswith("acordao") or ctx.locale.startswith("pt_"):  # (head_noun reads it 'judgment')
        party = _taxpayer(ctx) or "the taxpayer"
        # what the body decides (the outcome the record states) goes in its operative part, never also in the report
        # of the case before it (blind read 34: the DTJ's outcome narrated in the Relatório, then again with its value)
        ruled = [f for f in inputs if _RULED.search(f.statement or "") and f.value.type == "text"]
        told = [f for f in inputs if f not in ruled]
        held = "; ".join(f"{re.sub(r'^the ', '', label(f))} at {f.text}" for f in worked or told)
        outcome = "; ".join(strip_end(f.text) for f in ruled)
        alone = sits_alone(ctx)
        reasons = [f"{cap_first(re.sub(r'^the ', '', label(f)))} is {derivation(f, ctx.facts)}: {f.text}."
                   for f in worked if derivation(f, ctx.facts)] + [_said(f) for f in worked
                                                                    if not derivation(f, ctx.facts)]
        if alone:
            # one julgador decides (a São Paulo DTJ): a decision (decisão), its reasons and its operative part in his
            # name, no panel, no vote, no unanimity and no acórdão (blind read 34)
            plan = [("Ementa (Headnote)", "summary"), ("Relatório (Report)", "background"),
                    ("Fundamentação (Reasons)", "analysis"), ("Dispositivo (Operative Part)", "decisions"),
                    ("Decisão (Signature)", "signatures")]
            opening = f"{ctx.author.name}, {ctx.author.title}, examines the defence on the following grounds."
            operative = (f"In view of the above, the challenge is decided as follows: "
                         + "; ".join(x for x in (outcome, held) if x) + ".")
            signed = [f"Decided on {day}.", f"{ctx.author.name}, {ctx.author.title}, {body}."]
        else:
            plan = [("Ementa (Headnote)", "summary"), ("Relatório (Report)", "background"),
                    ("Voto (Vote of the Reporting Member)", "analysis"), ("Dispositivo (Operative Part)", "decisions"),
                    ("Acórdão", "signatures")]
            opening = f"The Reporting Member, {ctx.author.name}, delivered the following vote, which the panel adopted."
            operative = (f"In view of the above, the members of {body} decided, unanimously, in the terms of the "
                         f"Reporting Member's vote: " + "; ".join(x for x in (outcome, held) if x) + ".")
            signed = [f"Decided on {day} by {body}.", f"{ctx.author.name}, {ctx.author.title}."]
        bodies = {
            0: [f"{subject.upper()}."] + ([f"Held: " + "; ".join(x for x in (outcome, "; ".join(
                f"{re.sub(r'^the ', '', label(f))} at {f.text}" for f in worked)) if x) + "."] if worked or ruled
                                          else []),
            1: [f"This is the challenge brought by {party} against the assessment described below, which {body} "
                f"examines at first instance."] + list(dict.fromkeys(_said(f) for f in told))
               + [f"{party} filed its defence (defesa) in time and asks that the assessment be cancelled. "
                  f"That is the report."],
            2: [opening] + reasons,
            3: [operative] + ([_appeal_route(ctx, party, body)] if appeal else []),
            4: signed}
        return plan, {i: [p for p in ps if p] for i, ps in bodies.items()}
    a, b, ref = _caption(ctx)
    side_a, side_b = _sides(ctx)
    noted, ordered = _orders(ctx)
    if not ordered:
        noted, ordered = [], noted
    plan = [("Proceeding", "parties")] + ([("Recitals", "recitals")] if noted else []) + \
        [("Orders", "decisions"), ("Notes", "next_steps")]
    caption = [f"IN THE {body.upper().removeprefix('THE ')}"] + ([f"{ref}"] if ref else []) + (
        [f"{a}" + (f" ({side_a})" if side_a else ""), "and", f"{b}" + (f" ({side_b})" if side_b else "")] if a else [])
    caption += [f"Date of orders: {day}."]
    notes = [f"These orders were made on {day} and are to be entered forthwith."]
    notes.append("Any appeal from these orders lies under the Court's rules, within the time they allow."
                 if appeal else "Liberty to apply.")
    out = [caption] + ([["THE COURT NOTES THAT:"] + [f"({chr(97 + n)}) {x}" for n, x in enumerate(noted)]]
                       if noted else []) + [["THE COURT ORDERS THAT:"] + [f"{n}. {o}" for n, o in enumerate(ordered, 1)],
                                            notes]
    return plan, dict(enumerate(out))

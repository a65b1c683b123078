"""A party's appeal or defence to a tribunal or authority that decides it (a recurso, a defesa or impugnação, a notice of
appeal, an objection): addressed to that body, naming the appellant (the party, never its counsel), the respondent (the
authority or the other side, never the body that decides) and the act or decision challenged; its timeliness, the facts,
the grounds, the requests, and counsel's signature. Nothing of the firm's own workpapers, risks or recommendations.

Blind read 34: a recurso ordinário to the TIT 'is not a recurso: it has no addressing to the TIT and reads as an internal
note (Summary, Risks, tables citing the firm's own spreadsheet)'; the defesa to the DTJ named counsel as Claimant and
the DTJ, which decides it, as Respondent, and asked the Tribunal to give judgment against the DTJ.
"""

from __future__ import annotations

import re
import unicodedata

from worldsmith.generators.compose.genres import head_noun
from worldsmith.generators.compose.parties import client_of, principal
from worldsmith.generators.compose.substance.common import derivation, label
from worldsmith.generators.compose.text import cap_first, noun_phrase, long_date, strip_end
from worldsmith.generators.context import ArtifactContext

# what a paper's doc_type or title head calls an appeal (to a higher body against a decision) or a defence (to the
# first body against an act: an assessment, a notice)
_APPEAL = re.compile(r"\b(?:appeal|recurso|ricorso|odwo\w*|berufung|beschwerde|recours)\b", re.I)
_DEFENCE = re.compile(r"\b(?:defesa|impugna\w*|objection|reclama\w*|einspruch|r[ée]clamation)\b", re.I)
# a body that decides what is put to it: a court, a tribunal, a panel, a judgment office
_DECIDES = re.compile(r"\b(?:court|tribunal|panel|chamber|turma|c[aâ]mara|conselho|council|board of (?:tax )?appeals?|"
                      r"judgment|julgamento|adjudicat\w*|decides?|hears? (?:the )?appeals?)\b", re.I)
_ACROSS = re.compile(r"\b(?:counterpart\w*|opposing|other side|respondent|issued the|assess\w*|authority)\b", re.I)
# the name of a body a title files with ('Recurso ordinário to the Tribunal de Impostos e Taxas: ...')
_TO_BODY = re.compile(r"\b(?:to|before|with)\s+(?:the\s+)?((?:[A-Z][\w'’&-]*)(?:\s+(?:(?:of|de|do|da|dos|das|e|and|for|"
                      r"des|du|di|del|der|für|van|the)\s+)*[A-Z][\w'’&-]*)*(?:\s*\([A-Z]{2,6}\))?)")


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


def _words(ctx: ArtifactContext) -> str:
    """What names the paper's genre: its doc_type, its title's head, and a title that opens 'Notice of appeal' or
    'Grounds of appeal' (never a word later in its title: a 'Notice of objection to the service charge statement' is
    a notice under the lease, not an objection filed with a tribunal)."""
    opens = re.match(r"(?i)\s*(?:notice|grounds|statement) of appeal\b", ctx.spec.title)
    return f"{getattr(ctx.spec, 'doc_type', '')} {head_noun(ctx.spec.title)} {opens.group(0) if opens else ''}"


def is_appeal(ctx: ArtifactContext) -> bool:
    """Whether the paper is a party's appeal or defence filed with a body that decides it: its doc_type or title names
    one, its author argues a side, and the matter has a body that decides (the forum)."""
    said = _words(ctx)
    if not (_APPEAL.search(said) or _DEFENCE.search(said)) or re.search(r"(?i)\b(letter|memo|note|email|advice)\b",
                                                                          head_noun(ctx.spec.title)):
        return False
    # (only where the plan's organisations name the party its author files for: with none, pleading.py's caption reads
    # the parties from the title, 'Corvale Shipping v. Revenue Service')
    filer = client_of(ctx) or principal(ctx, ctx.author.organisation)
    return bool(forum(ctx)) and forum(ctx) != ctx.author.organisation and not _decider(ctx, ctx.author.organisation) \
        and filer != ctx.author.organisation


def _decider(ctx: ArtifactContext, name: str) -> bool:
    here = next((o for o in ctx.organisations if o.name == name), None)
    first = re.split(r"[;,]", here.role or "")[0] if here is not None else ""
    return bool(here) and bool(_DECIDES.search(f"{first} {name}")) and \
        not re.search(r"\b(?:counsel|solicitors?|lawyers?|advis\w+|auditors?|to the|for the)\b", first, re.I)


def forum(ctx: ArtifactContext) -> str:
    """The body the paper is filed with: the one its title names ('... to the Tribunal de Impostos e Taxas'), else a
    reader's organisation that decides, else the matter's one body that decides; '' where there is none."""
    m = _TO_BODY.search(ctx.spec.title.split(":")[0])
    if m and _DECIDES.search(m.group(1)) or m and any(o.name == m.group(1) for o in ctx.organisations):
        return next((o.name for o in ctx.organisations if o.name == m.group(1)), m.group(1))
    for p in [*ctx.to, *ctx.cc]:
        if _decider(ctx, p.organisation):
            return p.organisation
    deciders = [o.name for o in ctx.organisations if _decider(ctx, o.name)]
    return deciders[0] if len(deciders) == 1 else ""


def _parties(ctx: ArtifactContext, body: str) -> tuple[str, str]:
    """(the party that files, the party against it): the author's client or principal; the authority or the other
    side, never the body that decides nor anyone who serves the filer."""
    filer = client_of(ctx) or principal(ctx, ctx.author.organisation)
    mine = {ctx.author.organisation, filer}
    against = [o.name for o in ctx.organisations if o.name not in mine and o.name != body
               and not _decider(ctx, o.name) and principal(ctx, o.name) not in mine]
    named = [n for n in against if _ACROSS.search(next(o.role for o in ctx.organisations if o.name == n) or "")]
    return filer, (named or against or [""])[0]


def _challenged(ctx: ArtifactContext, body: str, appeal: bool) -> str:
    """What the paper challenges: the decision of the body below (an appeal), else the act its title names."""
    title = " ".join(ctx.spec.title.split())
    m = re.search(r"\bagainst\s+(?:the\s+)?(.+?)(?:\s*[:(]|$)", title)
    act = strip_end(m.group(1)) if m else strip_end(title.split(":", 1)[1]).strip() if ":" in title else \
        "the act appealed"
    act = f"the {act}" if act[:1].islower() and not re.match(r"(?:the|a|an|its|their)\s", act) else act
    if not appeal:
        return act
    # (the body below, else the authority whose decision it is: an HMRC review's conclusion on a penalty)
    below = next((o.name for o in ctx.organisations if o.name != body and _decider(ctx, o.name)), "") or \
        _parties(ctx, body)[1]
    return f"the decision of {below} on {act}" if below else f"the decision on {act}"


def _reference(ctx: ArtifactContext) -> str:
    """The case's reference its title gives after a colon ('AIIM no. 4.187.332-5'); '' for a subject with no number."""
    title = " ".join(ctx.spec.title.split())
    ref = strip_end(title.split(":", 1)[1]).strip() if ":" in title else ""
    return ref if re.search(r"\d", ref) else ""


def appeal_bodies(ctx: ArtifactContext) -> tuple[list[tuple[str, str]], dict[int, list[str]]]:
    """The plan and paragraphs of a party's appeal or defence in the form of a filing with the body that decides."""
    body = forum(ctx)
    appeal = bool(_APPEAL.search(_words(ctx)))
    filer, against = _parties(ctx, body)
    day = long_date(ctx.spec.date, ctx.locale)  # type: ignore[union-attr]
    brazil = ctx.locale.startswith("pt_")
    paper = strip_end(re.split(r"\s*(?::|\bto the\b|\bagainst\b)", ctx.spec.title, maxsplit=1)[0]).strip()
    paper = paper if re.match(r"[A-Z]{2}", paper) else paper[:1].lower() + paper[1:]
    side = "Appellant" if appeal else "Applicant"
    local = (", Recorrente" if appeal else ", Impugnante") if brazil else ""
    challenged = _challenged(ctx, body, appeal)
    ref = _reference(ctx)
    caption = [f"BEFORE THE {body.upper().removeprefix('THE ')}"] + ([ref] if ref else []) + [
        f"{filer} ({side}{local}) v. {against} (Respondent)" if against else f"{filer} ({side}{local})"]
    legal = getattr(ctx.voice, "family", "") == "legal"
    counsel = "counsel" if legal else "representatives"
    caption.append(f"{filer}, through its {counsel} {ctx.author.organisation}, hereby "
                   f"{'appeals against' if appeal else 'challenges'} {challenged} by this {paper}, for the reasons of "
                   f"fact and law set out below.")
    deadlines = [f for f in ctx.facts if f.value.type == "date" and re.search(r"(?i)deadline|due|time limit|prazo",
                                                                              f"{f.label} {f.statement}")]
    timely = [f"This {paper} is filed on {day}, within the time allowed, which ends on {f.text}." for f in deadlines[:1]]
    inputs = [f for f in ctx.facts if f not in deadlines and not f.reason]
    worked = [f for f in ctx.facts if f not in deadlines and f.reason]
    facts = [f"{cap_first(noun_phrase(label(f)))} is {f.text}." if f.value.type != "text"
             else f"{cap_first(strip_end(' '.join(f.statement.split())))}." for f in inputs]
    facts += [f"{cap_first(noun_phrase(label(f)))}, {f.text}, is {derivation(f, ctx.facts)}."
              for f in worked if derivation(f, ctx.facts)]
    grounds = [f"{cap_first(challenged)} fixes {noun_phrase(label(f))} at {f.text}; the {side} disputes "
               f"that figure and asks that it be reviewed on the evidence filed with this {paper}."
               for f in (worked or inputs)[:1]] or \
              [f"{challenged[0].upper() + challenged[1:]} cannot stand, for the reasons set out here."]
    asked = (f"In view of the above, the {side} requests that this {paper} be received and granted and that "
             f"{challenged} be set aside" if appeal else
             f"In view of the above, the {side} requests that this {paper} be received and granted and that "
             f"{challenged} be cancelled in full")
    requests = [asked + f"; in the alternative, that the points set out above be decided in its favour; and that it "
                f"be notified of every act in the proceeding through its {counsel}."]
    close = [f"On these terms, the {side} requests that this {paper} be granted"
             + (" (Termos em que pede deferimento)." if brazil else ".")] + [f"{day}.", f"Signed: {ctx.author.name}, {ctx.author.title}, {ctx.author.organisation}, "
                                    f"{'counsel' if legal else 'representatives'} for {filer}."]
    ground_head = ("Grounds of Appeal" if appeal else "Grounds of Defence") + (" (Razões)" if brazil else "")
    plan = [("Caption", "caption"), ("Timeliness and Admissibility" + (" (Tempestividade)" if brazil else ""), "background"),
            ("The Facts" + (" (Dos fatos)" if brazil else ""), "background"), (ground_head, "allegations"),
            ("Request" + (" (Pedido)" if brazil else ""), "prayer"), ("Signature", "signatures")]
    bodies = [caption, timely or [f"This {paper} is filed on {day}, within the time allowed."],
              list(dict.fromkeys(facts)) or [f"{cap_first(challenged)} is set out in the case file."],
              [f"{n}. {g}" for n, g in enumerate(grounds, 1)], requests, close]
    return plan, dict(enumerate(bodies))

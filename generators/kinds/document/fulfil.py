"""A paper does what its title says: each part of its genre's contract (contract.py) that the composed text lacks is
written from the plan (the purpose's clauses, the provisions it cites, the figure the paper decides and its working),
and a part the plan cannot fill is left for the check genre_contract to catch, never written as a heading over nothing.

Blind read of session 24: 'a notice of arbitration that starts nothing ... a "Response to the draft findings" with no
argument'; the purposes said what each paper does ('requiring Hearthmill to cure by closing the kiosk or compensating
Larkspur within 30 days', 'finding by finding, accepting the unsupported salary ... and contesting the rest'), and the
text never did it."""

from __future__ import annotations

import re

from worldsmith.generators.compose.parties import client_of, neutral, opponent, principal
from worldsmith.generators.compose.substance.common import figures, label
from worldsmith.generators.compose.substance.letters import event_of
from worldsmith.generators.compose.substance.pleading import arbitration_rules
from worldsmith.generators.compose.substance.policy import policy_parties
from worldsmith.generators.compose.text import cap_first, strip_end
from worldsmith.generators.context import ArtifactContext
from worldsmith.generators.kinds.document.contract import (Genre, Part, genre_named, lacking, notarial_deed,
                                                      regulator_undertaking)
from worldsmith.worlds.content import DocumentContent, Section

# a provision of an instrument, with the instrument where the text names it ('clause 7.3 of the Lease')
_PROVISION = re.compile(r"\b(?:clauses?|sections?|articles?|paras?|paragraphs?|schedules?|conditions?|rules?|regulations?)"
                        r"\s+[0-9ivx][0-9a-z.()]*(?:\s+(?:and|to)\s+[0-9][0-9a-z.()]*)?"
                        r"(?:\s+of\s+the\s+(?:[A-Z][\w-]*|[a-z][\w-]*)(?:\s+[\w-]+){0,3}?(?=[,.;]|\s+(?:that|which|to|for|and|with|by)\b|$))?",
                        re.I)
_CLAUSE_END = re.compile(r",\s+(?=(?:and\s+)?[a-z]+ing\b)|;\s+|\.\s+|,\s+and\s+(?=[a-z]+ing\b)")
_DOUBLED = re.compile(r"([bdgmnprt])\1$")
_KEEP = re.compile(r"(er|en|on|el|ow|aw|ew|ss|ll)$")
_E = re.compile(r"((?<![aeiou])|qu)[aeiou][bcdgklmnprstvz]$|(rv|rg|nc|rc|dg|lv|rs|ns)$")


def _base(participle: str) -> str:
    """The plain verb of a participle: 'requiring' -> 'require', 'setting' -> 'set', 'offering' -> 'offer'."""
    stem = participle[:-3]
    if _KEEP.search(stem):
        return stem
    if _DOUBLED.search(stem):
        return stem[:-1]
    return stem + "e" if _E.search(stem) else stem


def _third(verb: str) -> str:
    """The verb with a third person singular subject."""
    if re.search(r"(s|sh|ch|x|z)$", verb):
        return verb + "es"
    return verb[:-1] + "ies" if re.search(r"[^aeiou]y$", verb) else verb + "s"


def _subject(ctx: ArtifactContext) -> tuple[str, bool]:
    """Who acts in the paper, and whether the verb takes the third person: 'Our client' for a party's adviser,
    'We' for a party or a neutral writing for itself."""
    client = client_of(ctx)
    return ("Our client", True) if client and client != ctx.author.organisation else ("We", False)


def _acted(ctx: ArtifactContext, clause: str) -> str:
    """A purpose's participial clause as the paper's act: 'accepting X and contesting Y' -> 'Our client accepts X
    and contests Y.' A participle after a preposition's gerund stays ('to cure by closing the kiosk or compensating
    Larkspur')."""
    who, third = _subject(ctx)
    out, last = [], 0
    for m in re.finditer(r"(^|\band\s+|\bor\s+)([a-z]+ing)\b", clause):
        if m.start() and re.search(r"\b(?:by|for|of|in|on|from|without|after|before|to)\s+[a-z]+ing\b", clause[last:m.start()]):
            break
        base = _base(m.group(2))
        out.append(clause[last:m.start()] + m.group(1) + (_third(base) if third else base))
        last = m.end()
    body = "".join(out) + clause[last:]
    return f"{who} {strip_end(body)}."


def _purpose_clauses(ctx: ArtifactContext) -> list[str]:
    """The purpose's clauses: its sentences cut at each participle that starts an act ('..., requiring X')."""
    purpose = getattr(ctx.spec, "purpose", "") or ""
    return [c.strip() for c in _CLAUSE_END.split(purpose) if c.strip()]


def _noun(genre: Genre, title: str = "") -> str:
    """What the paper calls itself, from the words of its title that name the genre ('letter of claim' -> 'claim'),
    else the genre's own word."""
    m = re.search(genre.title, title)
    words = [w for w in re.findall(r"[a-z]+", m.group(0).lower()) if w not in ("of", "for", "to", "before")] if m else []
    return words[-1] if words else genre.genre.split()[-1]


# words in -ing that start no act ('finding by finding', 'the pending claim')
_NOT_ACTS = frozenset("finding during including pending following according regarding concerning outstanding remaining "
                      "nothing something anything building meeting hearing morning evening thing being earnings "
                      "bring spring ring king wing sing ceiling".split())


def _from_purpose(ctx: ArtifactContext, genre: Genre, part: Part) -> str:
    """The purpose's clause that does the part, written as the paper's act; '' where none does."""
    for clause in _purpose_clauses(ctx):
        starts = [0] + [m.start() for m in re.finditer(r"\b[a-z]+ing\b", clause) if m.group(0) not in _NOT_ACTS]
        for at in starts:
            rest = clause[at:]
            head = re.match(r"[a-z]+ing\b", rest)
            if head is not None and head.group(0) not in _NOT_ACTS:
                sentence = _acted(ctx, rest)
            elif re.match(r"(under|within|pursuant to)\b", rest):
                sentence = f"This {_noun(genre, ctx.spec.title)} is {'given' if _noun(genre, ctx.spec.title) == 'notice' else 'made'} {strip_end(rest)}."
            else:
                continue
            if re.search(part.pattern, sentence):
                return sentence
    return ""


# the instrument a claim is made under, as the plan names it ('under the owner-contractor agreement', 'her contract')
_INSTRUMENT = re.compile(r"\b(?:under\s+)?(?:the|its|her|his|their|an?)\s+((?:[\w-]+\s+){0,3}?(?:agreement|contract|lease|policy|"
                         r"charter(?:\s+party)?|licen[cs]e|guarantee|deed|scheme|(?:general|supplementary|special|"
                         r"standard) conditions))\b", re.I)


def _instrument(words: str) -> str:
    """The instrument as a sentence names it: common words lower-cased, names and numbers kept ('CCDC 2
    stipulated-price contract')."""
    return " ".join(w if re.search(r"[A-Z].*[A-Z]|[0-9]", w) else w.lower() for w in words.split())


def _provision(ctx: ArtifactContext, genre: Genre, part: Part) -> str:
    """The provision the paper is given or made under, as the purpose or a fact it carries names it; else the
    instrument the plan names for the matter."""
    verb = "given" if _noun(genre, ctx.spec.title) == "notice" else "made"
    texts = [getattr(ctx.spec, "purpose", "") or "", *(f.statement for f in ctx.facts)]
    if re.search(r"\bsubrogat", f"{ctx.spec.title} {texts[0]}", re.I):
        # a subrogated insurer's notice to the wrongdoer is given in its insured's rights, to which its payment under
        # the policy subrogates it: never 'under the policy', to which the reader is no party (blind read 29)
        insurer, insured = policy_parties(ctx)
        if insured and insured != insurer:
            return (f"This {_noun(genre, ctx.spec.title)} is {verb} under the law of subrogation: on its payment "
                    f"under the policy it issued to {insured}, {insurer} stands in {insured}'s rights against you "
                    f"for the loss it has paid.")
    for text in texts:
        m = _PROVISION.search(text)
        if m is not None:
            return f"This {_noun(genre, ctx.spec.title)} is {verb} under {m.group(0).strip()}."
    for text in [*texts, ctx.world_summary]:
        m = _INSTRUMENT.search(text)
        if m is not None:
            return f"This {_noun(genre, ctx.spec.title)} is {verb} under the {_instrument(m.group(1))}."
    return ""


def _decided(ctx: ArtifactContext):
    """The figure the paper decides: the last of its derived figures that no other is worked from, else its first."""
    own = figures(ctx.facts)
    top = [f for f in own if f.reason and not any(g is not f and label(f).lower() in g.reason.lower() for g in own)]
    return (top or own or [None])[0]


def _bare(f) -> str:
    """A fact's label without its article ('the extension of time' -> 'extension of time')."""
    return re.sub(r"^the\s+", "", label(f))


def _question(ctx: ArtifactContext, genre: Genre, part: Part) -> str:
    """The question referred: what the purpose says the paper decides, else the figure it decides."""
    purpose = getattr(ctx.spec, "purpose", "") or ""
    m = re.search(r"\b(?:determination|decision|ruling|award)\s+(?:of|on)\s+(.+)", purpose, re.I)
    if m is not None:
        return f"The question for determination is {strip_end(m.group(1))}."
    f = _decided(ctx)
    return f"The question for determination is the {_bare(f)}." if f is not None else ""


def _reasons(ctx: ArtifactContext, genre: Genre, part: Part) -> str:
    """The reasons for the figure decided: how it is worked from the figures in evidence, else what the record
    says it rests on ('granted ... for the owner's late design changes')."""
    f = _decided(ctx)
    if f is not None and (f.working or f.reason):
        return f"Reasons. The {_bare(f)} of {f.text} is {strip_end(f.working or f.reason)}."
    for g in [f, *ctx.facts]:
        m = re.search(r"\b(?:for|because of|by reason of|on account of)\s+(the\s+[^.;]+)", g.statement) if g else None
        if m is not None:
            return f"Reasons. The {_bare(g)} rests on {strip_end(m.group(1))}."
    if f is not None and genre.genre == "expert determination":
        # an expert's figure with no working in the record is found on the figures in evidence, named with their
        # values (blind 37: a provisional determination whose decided figure had neither working nor ground stated
        # no reasons at all, and the world was quarantined on genre_contract)
        others = [g for g in figures(ctx.facts) if g.id != f.id][:3]
        listed = "; ".join(f"the {_bare(g)} of {g.text}" for g in others)
        return f"Reasons. I find the {_bare(f)} at {f.text} on the figures in evidence" + \
            (f": {listed}." if listed else ".")
    return ""


def _ruling(ctx: ArtifactContext, genre: Genre, part: Part) -> str:
    """The figure the paper decides, determined by its author; a demand's, claimed by the party that makes it, or,
    where the paper carries no sum, said to be not yet quantified (an insured's first notice of claim under a policy,
    before its loss is measured: an unseen outline's 'Notice of claim - <a product recall>' lacked the sum claimed)."""
    f = _decided(ctx)
    if genre.genre == "demand":
        who, third = _subject(ctx)
        money = next((g for g in [f, *figures(ctx.facts)] if g is not None and g.value.type == "money"), None)
        if money is None:
            return (f"The amount of the claim is not yet quantified; {who.lower() if who == 'We' else who} will give "
                    f"particulars of the sum claimed as soon as the loss is measured.")
        return f"{who} {'claims' if third else 'claim'} {money.text}, the {_bare(money)}."
    if f is None or not neutral(ctx, ctx.author.organisation) and genre.genre != "expert determination":
        return ""
    return f"{_subject(ctx)[0]} determine the {_bare(f)} at {f.text}."


def _relief(ctx: ArtifactContext, genre: Genre, part: Part) -> str:
    """What a party's submissions ask of the neutral: a defence, that the claim be dismissed."""
    judge = next((p for p in ctx.to if neutral(ctx, p.organisation)), None)
    if judge is None:
        return ""
    who = client_of(ctx) or ctx.author.organisation
    title = f"the {judge.title.lower()}" if judge.title else "the tribunal"
    if re.search(r"\bdefen[cs]e\b", ctx.spec.title + " " + (getattr(ctx.spec, "purpose", "") or ""), re.I):
        return f"{who} asks {title} to dismiss the claim."
    return ""


def _commence(ctx: ArtifactContext, genre: Genre, part: Part) -> str:
    """What a notice or request for arbitration does: the party starts the arbitration against the other, under the
    rules the plan names (the wind-gearbox outline's request 'nominating a co-arbitrator and setting out the relief
    sought' started nothing)."""
    claimant, respondent = client_of(ctx) or ctx.author.organisation, opponent(ctx)
    if not respondent or respondent == claimant:
        return ""
    rules = arbitration_rules(ctx)
    return f"{claimant} hereby commences arbitration against {respondent}{' under ' + rules if rules else ''}."


# a notice's title that names the act it gives notice of, and that act's verb on the instrument
_ACT_NOTICE = re.compile(r"\bnotice of (?P<act>termination|rescission|cancellation)\b", re.I)
_ACT_VERB = {"termination": "terminate", "rescission": "rescind", "cancellation": "cancel"}


def _step(ctx: ArtifactContext, genre: Genre, part: Part) -> str:
    """The step a notice takes: the purpose's clause that takes it, else the act its title names, taken on the
    instrument under the provision the title, purpose or facts cite, with effect from the notice's date (an unseen
    outline's 'Notice of termination under clause 22.3' gave notice under the clause and never terminated)."""
    sentence = _from_purpose(ctx, genre, part)
    m = _ACT_NOTICE.search(ctx.spec.title)
    if not sentence and m is None and _noun(genre, ctx.spec.title) == "notice":
        return _next_step(ctx, genre)
    if sentence or m is None or _noun(genre, ctx.spec.title) != "notice":
        return sentence
    from worldsmith.generators.compose.text import long_date

    texts = [ctx.spec.title, getattr(ctx.spec, "purpose", "") or "", *(f.statement for f in ctx.facts)]
    thing = next((f"the {_instrument(i.group(1))}" for t in [*texts[1:], ctx.world_summary]
                  if (i := _INSTRUMENT.search(t)) and not i.group(1).lower().endswith("conditions")),
                 "the agreement")
    under = next((f" under {p.group(0).strip()}" for t in texts if (p := _PROVISION.search(t))), "")
    who, third = _subject(ctx)
    verb = _ACT_VERB[m.group("act").lower()]
    return (f"{who} hereby {_third(verb) if third else verb} {thing}{under} with effect from "
            f"{long_date(ctx.spec.date, ctx.locale)}.")


# a notice of a decision on the reader's own claim or liability (an assessment, a determination, a rejection): the step
# it leaves the reader is a review (an unseen outline's settlement administrator's 'Notice of assessment - <a class
# member>' told the member its loss and entitlement and no step); a notice of a claim pursued: payment of the sum
# (an insurer's 'Notice of subrogated claim to <the supplier>' claimed nothing)
_DECISION_NOTICE = re.compile(r"\bnotice of (?:[\w-]+ ){0,2}?(?:assessment|determination|decision|rejection|"
                              r"disallowance|admission|adjudication)\b", re.I)
_CLAIM_NOTICE = re.compile(r"\bnotice of (?:[\w-]+ ){0,2}?claims?\b", re.I)
# a notice of a payment due ('payment notice', 'notice of payment due', 'payment due notice'): the step is payment of
# the sum by the day it falls due (an unseen outline's letter titled '<milestone> invoice and payment notice' said
# what it set out and never asked for the money)
_PAYMENT_NOTICE = re.compile(r"\bpayment (?:due )?notice\b|\bnotice of (?:[\w-]+ ){0,2}?payments?\b", re.I)
_DUE = re.compile(r"(?i)\b(?:pay|payment|payable|due)\b")


def _next_step(ctx: ArtifactContext, genre: Genre) -> str:
    """The step a notice of a decision or of a claim takes, by what its title gives notice of; '' for another."""
    title = ctx.spec.title
    who, third = _subject(ctx)
    if _DECISION_NOTICE.search(title):
        thing = re.sub(r"(?i)^.*\bnotice of (?:[\w-]+ ){0,2}?", "", _DECISION_NOTICE.search(title).group(0)).lower()
        us = "us" if who == "We" else "our client"
        return (f"If you do not accept this {thing}, you may ask {us} to review it, in writing and with your "
                f"reasons.")
    if _CLAIM_NOTICE.search(title) or _PAYMENT_NOTICE.search(title):
        other = next((p.organisation for p in ctx.to if p.organisation != ctx.author.organisation
                      and p.organisation != client_of(ctx)), "")
        money = next((g for g in [_decided(ctx), *figures(ctx.facts)] if g is not None and g.value.type == "money"),
                     None)
        # (the day it falls due, where the paper carries one still to come)
        due = next((f for f in ctx.facts if f.value.type == "date" and not f.past and _DUE.search(f.label)), None)
        by = f", by {due.text}" if due is not None and _PAYMENT_NOTICE.search(title) else ""
        # (the party that owes it, not its lawyers who read the notice)
        other = opponent(ctx) or other if other else ""
        if other and money is not None:
            return f"{who} {'requires' if third else 'require'} {other} to pay {money.text}, the {_bare(money)}{by}."
    return ""


def _certify(ctx: ArtifactContext, genre: Genre, part: Part) -> str:
    """A statutory form's words of certification: the officer, in the first person, certifying what the plan says the
    form certifies (substance/statutory.py)."""
    from worldsmith.generators.compose.substance.statutory import certified, statutory_form

    what = (statutory_form(ctx.spec.title) or ("", ""))[1]
    a = ctx.author
    return f"I, {a.name}, {a.title} ({a.organisation}), certify {certified(ctx, what)}."


def _recite(ctx: ArtifactContext, genre: Genre, part: Part) -> str:
    """The facts a statutory form rests on, numbered, each by its label and value."""
    return " ".join(f"{n}. {cap_first(label(f))}: {f.text}." for n, f in enumerate(ctx.facts, 1))


def _verify(ctx: ArtifactContext, genre: Genre, part: Part) -> str:
    """A statutory form's verification by the officer who signs it."""
    return (f"I, {ctx.author.name}, verify that the facts stated in this form are true and correct to the best of my "
            f"knowledge and belief.")


def _event(ctx: ArtifactContext, genre: Genre, part: Part) -> str:
    """What a delay arose from: the purpose's clause that says it, else the cause a carried fact's statement gives
    ('attributes 71 of the 94 days to the owner (late structural revisions to the podium transfer slab ...)'); ''
    where neither does. (An unseen outline's notice of claim for delay at seed 7 said 'The owner-caused delay is 71
    days.' and nothing of why: genre_contract quarantined it.)"""
    said = _from_purpose(ctx, genre, part)
    if said:
        return said
    for f in ctx.facts:
        cause = event_of(f)
        if cause and not re.match(r"(?i)(?:we|our|I|my)\b", cause):
            return f"The delay arose from {cause} ({label(f)}: {f.text})."
    return ""


_FILLERS = {"event": _event, "certify": _certify, "recite": _recite, "verify": _verify, "commence": _commence, "purpose": _from_purpose, "step": _step, "provision": _provision, "question": _question, "reasons": _reasons,
            "ruling": _ruling, "relief": _relief,
            # (a record's entries are its rows, laid out by generators/records.py: no sentence stands in for them)
            "entries": lambda ctx, genre, part: ""}


def _text(doc: DocumentContent) -> str:
    rows = [doc.title, doc.subtitle]
    for s in doc.sections:
        rows += [s.heading, *s.paragraphs]
        if s.table is not None:
            rows += [" ".join(r) for r in [s.table.columns, *s.table.rows]]
    return "\n".join(r for r in rows if r)


def _place(sections: list[Section], sentence: str, closing: bool, after: int = 0, lead: bool = False) -> list[Section]:
    """The sentence in the paper: after its opening paragraph (past a letter's salutation), or before it where it
    leads (the question a determination answers, before its answer), or, for what the paper asks in closing, before
    its sign-off."""
    out = list(sections)
    if closing:
        last = out[-1]
        paras = list(last.paragraphs)
        at = next((i for i, p in enumerate(paras) if re.match(r"Yours (sincerely|faithfully),?$", p)), len(paras))
        out[-1] = last.model_copy(update={"paragraphs": paras[:at] + [sentence] + paras[at:]})
        return out
    first = out[0]
    paras = list(first.paragraphs)
    letter = bool(paras) and paras[0].startswith("Dear ")
    # (a pleading's caption and dated title line come first: the act follows them)
    caption = 0
    while caption < len(paras) and re.match(r"IN THE |.+\. (?:Dated|Draft of) [^.]*\.?$", paras[caption]):
        caption += 1
    at = caption + after if caption else after if lead and not letter else (2 if letter else 1) + after
    out[0] = first.model_copy(update={"paragraphs": paras[:at] + [sentence] + paras[at:]})
    return out


def arbitration_caption(ctx: ArtifactContext, genre: Genre) -> str:
    """The heading of a paper in an arbitration (an award, a party's submissions, a notice of arbitration): 'IN THE
    MATTER OF THE ARBITRATION ACT 1996 AND IN THE MATTER OF AN ARBITRATION BETWEEN ...', the seat's statute where the
    locale's law has one, the parties as the plan names them, the claimant first where a role says which claims; ''
    where no arbitrator sits or the parties are not two (blind read of session 24: 'an arbitration headed as a High
    Court claim', 'an award ... that reads like an internal report')."""
    if genre.genre not in ("award", "submissions", "notice of arbitration"):
        return ""
    tribunal = [o for o in ctx.organisations if neutral(ctx, o.name) and re.search(r"\barbitrat", o.role, re.I)]
    if not tribunal:
        return ""
    parties: list[str] = []
    for o in ctx.organisations:
        if not neutral(ctx, o.name) and o.name not in [t.name for t in tribunal]:
            who = principal(ctx, o.name)
            if who not in parties and not any(x.acts_for for x in ctx.organisations if x.name == who):
                parties.append(who)
    if len(parties) != 2:
        return ""
    claims = [principal(ctx, o.name) for o in ctx.organisations
              if re.search(r"\bclaimants?\b|\bclaim against\b", o.role, re.I)]
    if claims and claims[0] in parties:
        parties.sort(key=lambda p: p != claims[0])
        names = f"{parties[0]} (Claimant) and {parties[1]} (Respondent)"
    else:
        names = f"{parties[0]} and {parties[1]}"
    act = "THE ARBITRATION ACT 1996 AND IN THE MATTER OF " if ctx.locale == "en_GB" else ""
    return f"IN THE MATTER OF {act}AN ARBITRATION BETWEEN {names}"


def fulfil(ctx: ArtifactContext, doc: DocumentContent) -> DocumentContent:
    """The document with each part its title's genre asks for and its text lacks written from the plan, where the
    plan has it."""
    doc = regulator_undertaking(ctx, notarial_deed(ctx, doc))
    genre = genre_named(doc.title)
    if genre is None or not doc.sections:
        return doc
    caption = arbitration_caption(ctx, genre)
    if caption and not re.search(r"IN THE MATTER OF", _text(doc)):
        first = doc.sections[0]
        doc = doc.model_copy(update={"sections": [first.model_copy(update={"paragraphs": [caption, *first.paragraphs]}),
                                                  *doc.sections[1:]]})
    sections, opened = doc.sections, 0
    for part in lacking(genre, _text(doc)):
        if not re.search(part.pattern, _text(doc)):  # (one sentence written may do two parts)
            sentence = _FILLERS[part.fill](ctx, genre, part)
            if sentence and re.search(part.pattern, sentence):
                closing = part.fill == "relief"
                sections = _place(sections, cap_first(sentence), closing, after=opened, lead=part.fill == "question")
                opened += not closing
                doc = doc.model_copy(update={"sections": sections})
    return doc

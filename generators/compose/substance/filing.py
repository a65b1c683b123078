"""A party's letter to a public body that oversees it, or to a mediator or ombudsman: what is filed, on whose behalf,
under which provision, its grounds and its enclosures; never a reservation of rights or a 'respond by' the party sets
(blind read 30: counsel's request for validation to a labour administration reserving its client's rights and asking
for an answer the day before the administration's own deadline; a request to a taxpayer ombudsman pleaded as a claim
against the ombudsman)."""

from __future__ import annotations

import re

from worldsmith.generators.compose.parties import client_of, neutral, org, principal
from worldsmith.generators.compose.substance.authority import _found, legal_basis
from worldsmith.generators.compose.substance.sittings import BETWEEN
from worldsmith.generators.compose.text import strip_end
from worldsmith.generators.context import ArtifactContext
from worldsmith.generators.sides import public_body

# 'the "<line>" line of the <sheet title>', as a fact's source gives it
_SHEET = re.compile(r'^the "[^"]+" line of the (?P<sheet>.+)$')
# words a filing's title opens with that name the letter, not what it files
_COVER = re.compile(r"^(?:(?:cover(?:ing)? )?letter|cover note)\s*(?:re\b|on\b|:|-|–)\s*", re.I)


# a letter that answers the body's own paper point by point (a response to its draft report, an objection) is argued
# as a response, not filed as a cover letter
_ANSWERS = re.compile(r"\b(?:response|reply|answer|objection|representations?|observations?|r[ée]ponse|respuesta|"
                      r"contestaci[oó]n|alegatos)\b", re.I)
# what a request asks for, in English ('Request for a statutory review'), else a request in the matter's language
_ASKS_FOR = re.compile(r"\b(?:request|application|petition)\s+for\s+(?P<what>.+)$", re.I)
_REQUEST = re.compile(r"\b(?:demande|solicitud|pedido|requerimento|antrag|richiesta|petici[oó]n|instancia)\b", re.I)


# an English body's name headed by its kind of body takes 'the' mid-sentence ('the Office of Foreign Assets Control',
# 'the Regional Labour Office'); a name ('HM Revenue & Customs', 'DREETS Hauts-de-France') does not
_HEAD = re.compile(r"^(?:Office|Department|Ministry|Directorate|Commission|Administration|Agency|Authority|"
                   r"Inspectorate|Bureau|Service|Registry|Ombudsman)\b|\b(?:Office|Department|Ministry|Directorate|"
                   r"Commission|Administration|Agency|Authority|Inspectorate|Bureau|Service|Ombudsman)$")


def the(name: str) -> str:
    """A public body's name as it stands mid-sentence: with 'the' where English heads it by its kind of body."""
    return f"the {name}" if _HEAD.search(name) and not name.lower().startswith("the ") else name


def to_authority(ctx: ArtifactContext) -> bool:
    """Whether a party's letter (or its counsel's) goes to a public body that oversees the party or to a mediator or
    ombudsman between the parties: by its first reader's organisation."""
    if not ctx.to:
        return False
    mine = org(ctx, ctx.author.organisation)
    if mine is None or public_body(mine.role or "") or neutral(ctx, mine.name):
        return False
    body = org(ctx, ctx.to[0].organisation)
    return body is not None and not _ANSWERS.search(ctx.spec.title) and (public_body(body.role or "") or bool(BETWEEN.search(body.role or "")))


def enclosures(ctx: ArtifactContext) -> list[str]:
    """What the filing encloses: the paper filed, then each working paper its figures are read from, once."""
    out = [_COVER.sub("", ctx.spec.title).strip()]
    for f in ctx.facts:
        m = _SHEET.match(f.source or "")
        if m and m.group("sheet") not in out:
            out.append(m.group("sheet"))
    out += [s.title for s in ctx.cited_sheets if s.title not in out]
    return out


def filing_bodies(ctx: ArtifactContext) -> tuple[list[tuple[str, str]], dict[int, list[str]]]:
    """The plan and paragraphs of the filing (the salutation and the signature are added where every letter's are):
    a request is the letter itself and asks for what its title names; another paper is filed under cover of it."""
    body = the(ctx.to[0].organisation)
    party = client_of(ctx) or principal(ctx, ctx.author.organisation)
    filed = enclosures(ctx)
    basis = f", under {'; '.join(legal_basis(ctx))}" if legal_basis(ctx) else ""
    ours = f"our client, {party}" if client_of(ctx) else party
    asked = _ASKS_FOR.search(filed[0])
    if asked:
        opening = f"On behalf of {ours}, we ask {body} for {strip_end(asked.group('what'))}{basis}, on the grounds set out below."
    elif _REQUEST.search(filed[0]):
        opening = f"On behalf of {ours}, we file with {body} this {filed[0]}{basis}, and ask it to grant it on the grounds set out below."
    else:
        opening = f"On behalf of {ours}, we file with {body} the enclosed {filed[0]}{basis}."
    # (a request is the letter itself: it encloses only the papers it relies on)
    enclosed = filed[1:] if asked or _REQUEST.search(filed[0]) else filed
    grounds = [f"{n}. {x}" for n, x in enumerate(dict.fromkeys(_found(f, ctx.facts) for f in ctx.facts), 1)]
    listed = [f"{n}. {strip_end(t)}." for n, t in enumerate(enclosed, 1)] or ["None."]
    close = [f"{party} remains at the disposal of {body} for any further document or information it requires on "
             f"this filing."]
    plan = [("What Is Filed", "background"), ("Grounds", "position"), ("Enclosures", "enclosures"),
            ("Close", "letter_close")]
    return plan, {0: [opening], 1: grounds or ["The grounds are set out in the enclosures."], 2: listed, 3: close}

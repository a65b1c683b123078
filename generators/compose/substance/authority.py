"""An authority's paper as the authority writes it: its file number, the law it acts under, what it found or observed,
and what it requires of the party it oversees by when; never a party's letter.

Blind read 30: a tax authority's oficio de observaciones closed 'We give this letter under the contract between the
parties, acting fairly between them' and had no legal basis or finding; a labour administration's observations went to
the employer's lawyer, observed nothing, 'set' the redeployment posts and reserved its rights.
"""

from __future__ import annotations

import hashlib
import re

from worldsmith.generators.compose.parties import org, principal
from worldsmith.generators.compose.substance.common import derivation, label, plain
from worldsmith.generators.compose.substance.letters import _RIGHT_VERB, authority_issued, authority_rights, rights_facts
from worldsmith.generators.compose.text import cap_first, long_date, strip_end
from worldsmith.generators.context import ArtifactContext, FactRef
from worldsmith.generators.sides import public_body, serving

# a provision of a law as an outline cites it: 'article 48, section VI, of the Federal Tax Code', 'section 110 of the
# Data Protection Act 2018', 'article L. 1233-57-4' (a code's article, its code named elsewhere)
_PROVISION = re.compile(
    r"\b(?:[Aa]rticles?|[Ss]ections?|[Rr]egulations?|[Rr]ules?|[Pp]aragraphs?|[Aa]rt\.)\s+(?:[A-Z]\.\s?)?[\dIVXL][\w.\-]*"
    r"(?:,\s+(?:section|paragraph|subsection|fraction)\s+[\w.()-]+,?)?"
    r"(?:\s+of\s+the\s+(?:[A-Z][\w'’-]*\s+)*?(?:Act|Law|Code|Regulations?|Rules|Order|Ordinance|Decree)(?:\s+\d{4})?)?")


def is_authority_paper(ctx: ArtifactContext) -> bool:
    """Whether the paper is written by a public authority that oversees a party (a tax authority, a labour
    administration, a regulator) to the party it oversees or its advisers."""
    from worldsmith.generators.compose.substance.letters import authority_letter

    # (an assessment, a decision or a review's conclusion keeps the decision letter letters.py writes)
    return authority_letter(ctx) and authority_issued(ctx) in ("", "notice", "direction", "order")


def overseen(ctx: ArtifactContext) -> str:
    """The party the authority's paper is about: the principal of its first reader who is not the authority's, else
    the client the roles name."""
    here = ctx.author.organisation
    for p in ctx.to + ctx.cc:
        party = principal(ctx, p.organisation)
        o = org(ctx, party)
        if party != here and o is not None and not public_body(o.role) and not serving(o.role):
            return party
    return next((o.name for o in ctx.organisations if re.search(r"\bclient\b", o.role or "", re.I)), "the company")


def file_number(ctx: ArtifactContext) -> str:
    """The authority's file number: its initials and three digits (never a year or an amount a check could misread)."""
    initials = "".join(w[0] for w in re.findall(r"[A-Z][A-Za-z]+", ctx.author.organisation))[:5] or "F"
    number = 100 + int.from_bytes(hashlib.sha256(f"{ctx.world_title}:{ctx.spec.title}".encode()).digest()[:4],
                                  "big") % 900
    return f"{initials}-{number}"


def legal_basis(ctx: ArtifactContext) -> list[str]:
    """The provisions the authority acts under, as the paper's title, its purpose, its facts and the matter's summary cite them,
    in that order, each once."""
    texts = [ctx.spec.title, getattr(ctx.spec, "purpose", "") or ""] + [f.statement for f in ctx.facts] + [ctx.world_summary or ""]
    found: list[str] = []
    for text in texts:
        for m in _PROVISION.finditer(" ".join(text.split())):
            cited = strip_end(m.group(0).rstrip(", "))
            if not any(cited in c or c in cited for c in found):
                found.append(cited)
    # (a bare 'Articles 5' of a summary's list is no basis where a provision names its law)
    named = [c for c in found if " of the " in c]
    return named[:3] or found[:1]


def _found(f: FactRef, facts: list[FactRef]) -> str:
    """One finding: a worked figure with its working, else the fact by its label and value."""
    how = derivation(f, facts) if f.reason else ""
    if how:
        return f"{cap_first(re.sub(r'^the ', '', label(f)))}: {f.text}, being {how}."
    if f.establish and f.statement.strip():
        said = cap_first(strip_end(" ".join(f.statement.split())))
        return f"{said}." if f.text in said else f"{said} ({f.text})."
    return f"{cap_first(strip_end(plain(f)))}."


# (a deadline's act that is a verb already: 'the deadline to answer the observations')
_ACT_VERB = re.compile(r"(?:answer|reply|respond|disprove|pay|provide|submit|comment|correct|remedy|produce)\b", re.I)

# what the purpose says the authority asks of the party ('asking for more redeployment posts across the group')
_ASKS = re.compile(r"\b(?:ask(?:s|ing)?|request(?:s|ing)?|requir(?:es|ing))\s+(?:for\s+)?(?P<what>(?:more|further|"
                   r"additional|the|a|an)\b[^.;]+)", re.I)


def authority_paper(ctx: ArtifactContext, due: str) -> tuple[list[tuple[str, str]], dict[int, list[str]]]:
    """The plan and paragraphs of an authority's paper: file and legal basis, findings or observations, what it
    requires of whom by when and the reader's rights (the letter's salutation and the officer's signature are added
    where every letter's are)."""
    body, party = ctx.author.organisation, overseen(ctx)
    # (observations in the matter's language too: 'Oficio de observaciones', 'Observations de la DREETS')
    noun = "observations" if re.search(r"\bobserva", ctx.spec.title, re.I) else (authority_issued(ctx) or "letter")
    basis = legal_basis(ctx)
    day = long_date(ctx.spec.date, ctx.locale)  # type: ignore[union-attr]
    role = re.split(r"[;,]", next((o.role for o in ctx.organisations if o.name == body), "") or "")[0].strip()
    opening = [f"File no.: {file_number(ctx)}."]
    if basis:
        opening.append(f"{body} issues these {noun} under {'; '.join(basis)}." if noun == "observations" else
                       f"{body} issues this {noun} under {'; '.join(basis)}.")
    elif role.lower().startswith("the "):
        opening.append(f"{body} writes to {party} as {role}.")
    else:
        opening.append(f"{body} writes to {party} on the file above.")
    rights = {f.id for f in rights_facts(ctx)}
    findings = [_found(f, ctx.facts) for f in ctx.facts if f.id not in rights]
    lead = (f"Having examined the file, {body} makes the following observations:" if noun == "observations" else
            f"Having examined the file, {body} finds as follows:")
    numbered = [f"{n}. {x}" for n, x in enumerate(dict.fromkeys(findings), 1)]
    required: list[str] = []
    asked = _ASKS.search(getattr(ctx.spec, "purpose", "") or "")
    for f in rights_facts(ctx):
        m = re.search(r"\b(?:deadline|time limit|last day)\s+(?:to|for)\s+(?P<act>.+)$", label(f), re.I)
        act = m.group("act") if m else f"answer {'these ' + noun if noun == 'observations' else 'this ' + noun}"
        act = act if _RIGHT_VERB.match(act) or _ACT_VERB.match(act) else f"send {act}"
        required.append(f"{party} is required to {act} by {f.text}, with the documents it relies on.")
    if asked:
        required.append(f"{body} asks {party} for {strip_end(asked.group('what'))}.")
    if not rights:
        required.append(f"{party} is required to send its answer, with the documents it relies on, by {due}.")
    required.append(f"Any reply is to quote file no. {file_number(ctx)}.")
    close = ([authority_rights(ctx)] if authority_issued(ctx) and not rights else []) + \
        [f"Issued on {day}."]
    plan = [("File and Legal Basis", "background"),
            ("Observations" if noun == "observations" else "Findings", "findings"),
            ("What Is Required", "next_steps"), ("Issue", "letter_close")]
    return plan, {0: opening, 1: [lead] + numbered if numbered else [lead.replace(":", ".")], 2: required, 3: close}

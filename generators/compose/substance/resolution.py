"""A written resolution of a company's board or members, passed without a meeting: the company and its body, the
authority it is passed under, what the body notes (the facts before it), what it resolves (the decisions of the record,
each 'RESOLVED, that ...') and the signatures of those who pass it; never a report with a summary, risks and next steps.

Session 31: 'a written board resolution has no genre of its own and comes out as a report'.
"""

from __future__ import annotations

import re

from worldsmith.generators.compose.genres import head_noun
from worldsmith.generators.compose.parties import principal
from worldsmith.generators.compose.substance.common import label
from worldsmith.generators.compose.text import cap_first, noun_phrase, long_date, strip_end
from worldsmith.generators.context import ArtifactContext

# a resolution, a written consent in lieu of a meeting, by the head of its title or its doc_type, in the matter's
# language too; never the resolution of a dispute
_RESOLUTION = re.compile(r"(?i)^(?:written |board |shareholders?'? |members'? |directors'? |unanimous written |"
                         r"special |ordinary )*(?:resolutions?|consent|besluit|beschluss|r[ée]solution|"
                         r"resolu[çc][ãa]o|resoluci[óo]n|uchwa\w*|delibera\w*)$")
_DISPUTE = re.compile(r"(?i)\b(?:dispute|conflict|complaint)s? resolution\b|\bresolution of (?:the |a )?(?:dispute|claim)")
_BODY = re.compile(r"(?i)\b(board of directors|board|directors|shareholders?|members|general meeting|supervisory board|"
                   r"management board|committee)\b")
# who sits on a company's board, by title
_DIRECTOR = re.compile(r"(?i)\b(?:chair\w*|chief executive|ceo|president|managing director|non-executive director|"
                       r"board member|bestuurder|gesch[äa]ftsf[üu]hrer|diretor-presidente|administrador\w*|"
                       r"vorstand\w*|pr[ée]sident)\b")
# a decision the record states as a verb phrase ('reject the tender of defense', 'file the recurso ordinário')
_VERB = re.compile(r"^(?:approve|reject|accept|file|appoint|settle|pay|enter|authori[sz]e|adopt|refuse|decline|"
                   r"appeal|grant|issue|sell|buy|acquire|terminate|withdraw|commence|defend|tender|offer|proceed|"
                   r"continue|suspend|ratify|increase|reduce|declare|make|give|sign|instruct|retain|engage)\b", re.I)


def is_written_resolution(ctx: ArtifactContext) -> bool:
    """Whether the paper is a written resolution of a company's body (its doc_type, or its title's head)."""
    said = f"{getattr(ctx.spec, 'doc_type', '')}"
    title = ctx.spec.title.split(":")[0]
    if _DISPUTE.search(f"{said} {title}"):
        return False
    head = re.sub(r"\s+of\b.*$", "", title.strip(), flags=re.I)
    # (a title's head counts where the title names the body that resolves: 'Resolution of the audit findings' is no
    # company's resolution)
    named = bool(_BODY.search(title)) or bool(re.match(r"(?i)(?:written|board|shareholders|members|directors|"
                                                        r"unanimous)\b", head))
    return bool(_RESOLUTION.match(said.strip())) or named and bool(
        _RESOLUTION.match(head) or re.match(r"(?i)resolutions?$", head_noun(ctx.spec.title)))


def _company(ctx: ArtifactContext) -> str:
    """The company whose body resolves: the organisation its title names, else the author's principal."""
    named = [o.name for o in ctx.organisations if o.name in ctx.spec.title]
    return max(named, key=len) if named else principal(ctx, ctx.author.organisation)


def _decided(f) -> bool:
    return f.value.type == "text" and ("decision" in f.id or "decision" in (f.label or "").lower()
                                       or bool(_VERB.match(f.text)))


def resolution_bodies(ctx: ArtifactContext) -> tuple[list[tuple[str, str]], dict[int, list[str]]]:
    """The plan and paragraphs of a written resolution of the company's body."""
    company = _company(ctx)
    m = _BODY.search(ctx.spec.title)
    body = m.group(1).lower() if m else "board of directors"
    body = "board of directors" if body in ("board", "directors") else body
    day = long_date(ctx.spec.date, ctx.locale)  # type: ignore[union-attr]
    us = ctx.locale == "en_US"
    who = "directors" if "board" in body or "director" in body else "members"
    authority = (f"The undersigned, being all the {who} of {company} (the Company), acting by unanimous written "
                 f"consent in lieu of a meeting as the Company's bylaws permit, adopt the following resolutions with "
                 f"effect from {day}." if us else
                 f"The undersigned, being all the {who} of {company} (the Company) entitled to vote, pass the following "
                 f"resolutions as written resolutions under the Company's articles, with effect from {day}.")
    ruled = [f for f in ctx.facts if _decided(f)]
    noted = [f for f in ctx.facts if f not in ruled]
    recitals = [f"WHEREAS {noun_phrase(label(f))} is {f.text};" for f in noted] or \
        [f"WHEREAS the matters below have been put to the {who} with the papers on which they rest;"]
    resolved = []
    for f in ruled:
        text = strip_end(f.text)
        resolved.append(f"RESOLVED, that the Company {text[:1].lower() + text[1:]};" if _VERB.match(text) else
                        f"RESOLVED, that {noun_phrase(label(f))} be approved: {text};")
    resolved = resolved or [f"RESOLVED, that the course set out in the papers before the {who} be approved;"]
    resolved.append("FURTHER RESOLVED, that the officers of the Company be authorised to take every step and sign every "
                    "document needed to give effect to these resolutions.")
    people = [p for p in [*ctx.cast, ctx.author, *ctx.to] if p.organisation == company and _DIRECTOR.search(p.title)]
    people = list({p.name: p for p in people}.values())[:5]
    signatures = [f"Signed by the {who} on {day}:"]
    for p in people or [None, None]:
        signatures += ["Signature: ____________________",
                       f"Name: {p.name}, {p.title}" if p else "Name: ____________________, Director"]
    if ctx.author not in people:
        signatures.append(f"Certified a true copy: {ctx.author.name}, {ctx.author.title}, {day}.")
    plan = [("Caption", "caption"), ("Recitals", "recitals"), ("Resolutions", "decisions"), ("Signatures", "execution")]
    caption = [company.upper(), "(the Company)",
               f"{'Unanimous written consent' if us else 'Written resolutions'} of the {body} of the Company", authority]
    return plan, dict(enumerate([caption, recitals, resolved, signatures]))

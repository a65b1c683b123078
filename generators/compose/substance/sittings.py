"""Who sits at a meeting by the body that holds it: a board's directors, quorum, chair and secretary; a works council
presided by the employer, its employee members and union delegates attending; a public body's record of a meeting it
held, by its file number, with who appeared for whom (blind read 30: a mediator's acta written as corporate
'Confidential - Minutes'; a board acta with no directors, quorum or secretary; a union delegate chairing the works
council)."""

from __future__ import annotations

import re

from worldsmith.generators.compose.parties import neutral, org, principal
from worldsmith.generators.compose.substance.common import present, rank
from worldsmith.generators.compose.text import join_names
from worldsmith.generators.context import ArtifactContext, PersonRef
from worldsmith.generators.sides import public_body

# A company's board in the languages of the lexicon ('Board of Directors', 'acta de la sesión del consejo de
# administración', 'conseil d'administration', 'Aufsichtsrat', '이사회', '取締役会').
BOARD = re.compile(r"\bboard\b|\bconsejo\s+de\s+administraci|\bconseil\s+d['’]administration|\bconseil\s+de\s+"
                   r"surveillance|\bdirectoire\b|\bconselho\s+de\s+administra|\bconsiglio\s+di\s+amministrazione|"
                   r"\b(?:aufsichtsrat|vorstand)\w*|\braad\s+van\s+(?:bestuur|commissarissen)|이사회|取締役会|董事会",
                   re.I)
# A works council or staff representative body the employer consults ('works council', 'CSE', 'comité social et
# économique', 'comité de empresa', 'Betriebsrat', 'ondernemingsraad', '노사협의회').
COUNCIL = re.compile(r"\bworks\s+council|\b(?:employee|staff)\s+(?:council|forum|representatives?\s+body)|\bCSE\b|"
                     r"\bcomit[ée]\s+(?:social\s+et\s+[ée]conomique|d['’]entreprise|d['’][ée]tablissement|de\s+empresa)|"
                     r"\bbetriebsrat\w*|\bondernemingsraad|\bcomiss[ãa]o\s+de\s+trabalhadores|\bconsiglio\s+di\s+fabbrica|"
                     r"노사협의회|労使協議会", re.I)
# A member of the staff's side by title: a union delegate, an elected member, the council's secretary.
_STAFF = re.compile(r"\b(?:d[ée]l[ée]gu[ée]e?s?\s+syndica\w*|union|trade\s+union|shop\s+steward|delegad[oa]\s+sindical|"
                    r"employee\s+(?:member|representative)|staff\s+representative|[ée]lu[e]?s?\b|secr[ée]taire\s+du|"
                    r"gewerkschaft\w*|betriebsrat\w*|syndica\w*|sindica\w*|노조|노동조합)", re.I)


# Who may chair a company's board by title: its chair ('Chair of the Board', 'Chairman', 'bestyrelsesformand',
# 'Vorsitzender des Aufsichtsrats', 'président du conseil', 'presidente del consejo'), or a director who does not
# manage (a non-executive or independent director, a board member). Never its chief executive, another officer of
# management, its secretary or an adviser (blind read 33: a Danish A/S's board chaired by its adm. direktør).
_CHAIRS_BOARD = re.compile(r"\b(?:chair(?:man|woman|person)?|vorsitzende[rn]?)\b(?!\s+of\s+(?:the\s+)?(?:\w+\s+)?"
                           r"committee)|\bpr[ée]sident[e]?\s+(?:du|del|des)\s+(?:conseil|consejo|consiglio)|"
                           r"\bbestyrelsesformand|\bstyrelseordf[öo]rande|\bstyreleder|\baufsichtsratsvorsitz\w*|"
                           r"\bvoorzitter\b", re.I)
_SITS_ON_BOARD = re.compile(r"\bnon-?executive\b|\bindependent director\b|\bboard member\b|\bmember of the board\b|"
                            r"\bbestyrelsesmedlem\b|\baufsichtsrat(?:smitglied)?\b|\badministrat(?:eur|or)\b", re.I)
_MANAGES = re.compile(r"\bchief\b|\bC[EFOT]O\b|\bmanaging director\b|\bdirect(?:or|eur) g[ée]n[ée]ral|\bgeneral manager\b|"
                      r"\bgeneral counsel\b|\bsecretary\b|\bhead of\b|\bfinance director\b|\badm(?:\.|inistrerende)\s+"
                      r"direkt|\bgesch[äa]ftsf[üu]hr|\bvorstand|\bpresident\b|\bcommittee\b", re.I)


def chairs_board(p: PersonRef) -> bool:
    """Whether a person's title makes them the chair of a company's board (not of a committee, not its management)."""
    return bool(_CHAIRS_BOARD.search(p.title)) and not _MANAGES.search(p.title)


def may_chair_board(ctx: ArtifactContext, p: PersonRef) -> bool:
    """Whether a person may take the chair of a company's board: its chair or a director who does not manage it,
    never an officer of management, its secretary or an adviser."""
    adviser = (o := org(ctx, p.organisation)) is not None and bool(o.acts_for)
    return not adviser and (chairs_board(p) or bool(_SITS_ON_BOARD.search(p.title))) and not _MANAGES.search(p.title)


def board_chair(ctx: ArtifactContext, company: str) -> PersonRef:
    """Who chairs a company's board: the cast's chair of that board, present or not; else a director present who does
    not manage it; else the board's chair as the minutes name an office the cast does not hold ('the Chair')."""
    cast = {p.id: p for p in [*ctx.cast, *present(ctx)]}.values()
    head = next((p for p in cast if p.organisation == company and chairs_board(p)), None)
    if head is not None:
        return head
    sits = [p for p in present(ctx) if p.organisation == company and may_chair_board(ctx, p)]
    if sits:
        return max(sits, key=rank)
    return PersonRef(id=f"chair_of_the_board:{company}", name="the Chair", first_name="the Chair", last_name="",
                     title="Chair of the Board", organisation=company, email="", phone="", seniority="executive")


def sitting(title: str) -> str:
    """'council' for a works council's meeting, 'board' for a board's, '' for any other, by the title."""
    if COUNCIL.search(title):
        return "council"
    return "board" if BOARD.search(title) else ""


def _staff_side(p: PersonRef) -> bool:
    return bool(COUNCIL.search(p.organisation) or _STAFF.search(p.title) or COUNCIL.search(p.title))


def council_chair(ctx: ArtifactContext) -> PersonRef | None:
    """Who presides a works council: the employer's most senior representative present (the employer convenes and
    chairs it in most systems), never a union delegate or an adviser; None where the employer has no one present."""
    employer = [p for p in present(ctx) if not _staff_side(p) and
                not ((o := org(ctx, p.organisation)) is not None and o.acts_for)]
    return max(employer, key=rank) if employer else None


def council_attendees(ctx: ArtifactContext) -> str:
    """The attendees paragraph of a works council's minutes: its president for the employer, then the staff's side."""
    head = council_chair(ctx)
    people = list({p.id: p for p in [ctx.author, *ctx.to, *ctx.cc]}.values())
    staff = [p for p in people if _staff_side(p)]
    employer = [p for p in people if p not in staff and p is not head and (head is None or p.id != head.id)]
    text = ""
    if head is not None:
        text += f"Presiding, for {head.organisation}: {head.name} ({head.title}). "
    if employer:
        text += f"Also for the employer: {join_names([f'{p.name} ({p.title}, {p.organisation})' for p in employer])}. "
    if staff:
        text += f"For the staff's side: {join_names([f'{p.name} ({p.title})' for p in staff])}. "
    taker = ctx.author
    return text + (f"{taker.name} kept the minutes." if head is None or taker.id != head.id else
                   f"{taker.name} presided and kept the minutes.")


# one who stands between the parties without ruling on them: a mediator, an ombudsman, a conciliator
BETWEEN = re.compile(r"\b(?:mediat\w*|ombuds\w*|conciliat\w*)\b", re.I)


def public_record(ctx: ArtifactContext) -> bool:
    """Whether minutes are a public body's own record of a meeting it held (a mediator's, an ombudsman's, an
    authority's): by the organisation of the one who keeps them (never a court-appointed administrator's or an
    expert's, who keep their own working notes)."""
    o = org(ctx, ctx.author.organisation)
    return o is not None and (public_body(o.role or "") or neutral(ctx, o.name) and bool(BETWEEN.search(o.role or "")))


def record_attendees(ctx: ArtifactContext, basis: list[str]) -> str:
    """The opening of a public body's record: before whom, under what, and who appeared for whom."""
    here = ctx.author.organisation
    people = list({p.id: p for p in [ctx.author, *ctx.to, *ctx.cc]}.values())
    officers = [p for p in people if p.organisation == here]
    head = max(officers, key=rank) if officers else ctx.author
    text = f"Before {head.name} ({head.title}, {here})"
    text += f", acting under {join_names(basis)}. " if basis else ". "
    sides: dict[str, list[PersonRef]] = {}
    for p in people:
        if p.organisation != here:
            sides.setdefault(principal(ctx, p.organisation), []).append(p)
    for party, who in sides.items():
        text += (f"Appearing for {party}: "
                 f"{join_names([f'{p.name} ({p.title}' + ('' if p.organisation == party else f', {p.organisation}') + ')' for p in who])}. ")
    return text + (f"{ctx.author.name} drew up this record." if ctx.author.id == head.id else
                   f"{ctx.author.name} ({ctx.author.title}) drew up this record.")


def record_signatures(ctx: ArtifactContext) -> str:
    """The close of a public body's record: signed by the officer and by those who appeared."""
    here = ctx.author.organisation
    people = list({p.id: p for p in [ctx.author, *ctx.to]}.values())
    officers = [p.name for p in people if p.organisation == here]
    others = [p.name for p in people if p.organisation != here]
    text = f"Read and signed at the close of the meeting by {join_names(officers)}"
    return text + (f", and by those who appeared: {join_names(others)}." if others else ".")


# Where a company's board minutes are signed by every director present, not by the chair alone: the Nordic companies
# acts (Danish selskabsloven s. 126: 'underskrives af samtlige tilstedeværende medlemmer af bestyrelsen'; Sweden's and
# Norway's alike); elsewhere the chair signs them as a correct record.
_SIGNED_BY_ALL = ("da", "sv", "nb", "no", "fi", "is")


def board_signatures(ctx: ArtifactContext, directors: list[PersonRef]) -> list[str]:
    """The close of a board's minutes, to be signed once approved: by its chair as a correct record, or by every
    director present where the matter's law asks it (_SIGNED_BY_ALL); a chair the cast does not name signs by office."""
    from worldsmith.generators.compose.substance.common import chair

    head = chair(ctx)
    line = "Signature: ____________________"
    block = lambda p: [line, f"Name: {p.name}" if p.email else "Name: ____________________",  # noqa: E731
                       f"Title: {p.title}" if p.email else "Title: Chair of the board"]
    if ctx.locale.split("_")[0] in _SIGNED_BY_ALL:
        out = ["Signed by the members of the board present:"]
        for p in [head] + [p for p in directors if p.id != head.id]:
            out += block(p)
        return out
    return ["Signed as a correct record, chair of the meeting:", *block(head)]

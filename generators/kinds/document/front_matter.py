"""What a document shows before its title, by genre: a memo's MEMORANDUM block, a letter's reference, date and
addressee, and the letterhead and privileged marking its pages carry.

The .docx and its Markdown twin both print these blocks from here, so the twin carries the same words.
"""

from __future__ import annotations

import hashlib
import re

from worldsmith.generators.compose.genres import genre_of, letterhead
from worldsmith.generators.compose.substance.loi import BUYER, SELLERS, buyer_of, is_loi
from worldsmith.generators.compose.substance.sideletter import is_side_letter, sides
from worldsmith.generators.compose.text import long_date
from worldsmith.generators.context import in_circle
from worldsmith.generators.labels import title_as_known
from worldsmith.generators.kinds.document import docx_style as style
from worldsmith.generators.sides import acts_for, public_body
from worldsmith.worlds.plan import DocumentSpec, Org, Person, WorldPlan

PRIVILEGED = "Privileged & Confidential"
# Genres whose title is centred over the page, as a contract's or a court paper's is.
CENTRED = {"agreement", "term_sheet", "pleading"}
_MEMO_GENRES = {"memo": "MEMORANDUM", "ic_memo": "INVESTMENT COMMITTEE MEMORANDUM"}
_ORG_SUFFIXES = {"llp", "llc", "ltd", "limited", "inc", "plc", "co", "and", "of", "the", "&"}


def look_of(spec: DocumentSpec, plan: WorldPlan | None = None) -> str:
    """How a document is laid out: `memo` (its block), `letter` (letterhead, reference, addressee), or its genre
    (agreement, pleading, report...) for a title block."""
    if is_loi(spec.title, spec.doc_type):
        return "letter"  # a letter of intent is a letter to the sellers, whatever its doc_type (read 15)
    if plan is not None and is_side_letter(spec.title, spec.doc_type) and all(sides(plan.organisations)):
        return "letter"  # a side letter is one party's letter to the other
    genre = genre_of(spec.doc_type, spec.title)
    return "memo" if genre in _MEMO_GENRES else genre


def privileged(plan: WorldPlan, spec: DocumentSpec) -> bool:
    """Whether the document may be marked privileged: its author and every reader are inside the circle."""
    return in_circle(plan, [spec.author, *spec.readers])


def _org(plan: WorldPlan, person: Person) -> Org | None:
    return next((o for o in plan.organisations if o.id == person.organisation), None)


def letterhead_lines(plan: WorldPlan, person_id: str) -> tuple[str, str]:
    """(organisation name, `address · domain`) of a person's organisation, as its letterhead prints them: the
    same invented address the composer's letterhead line gives."""
    person = plan.person(person_id)
    org = _org(plan, person)
    name = org.name if org else person.organisation
    domain = org.domain if org else person.email.split("@")[-1]
    line = letterhead(name, domain, plan.locale, org.role if org else "", plan.summary)
    rest = line[len(name):].lstrip(" ·") if line.startswith(name) else line
    return name, rest or domain


def _who(plan: WorldPlan, person_id: str, author_org: str) -> str:
    """A person as a memo names them: name and title, and the organisation when it is not the author's."""
    person = plan.person(person_id)
    org = _org(plan, person)
    if person.organisation == author_org or org is None:
        return f"{person.name}, {person.title}"
    return f"{person.name}, {person.title}, {org.name}"


def _initials(text: str) -> str:
    words = [w for w in re.findall(r"[A-Za-z]+", text) if w.lower() not in _ORG_SUFFIXES]
    return "".join(w[0].upper() for w in words)[:4] or "X"


def reference(plan: WorldPlan, spec: DocumentSpec) -> str:
    """A letter's reference: the author's initials, the addressee organisation's, and the author's firm's file number
    for the matter, three digits (never a year or an amount a check could misread)."""
    author = plan.person(spec.author)
    reader = plan.person(spec.readers[0]) if spec.readers else author
    reader_org = _org(plan, reader)
    # one file number per firm and matter, on every letter it writes: a number drawn per letter ran backwards through
    # the matter (AR/NS/527 in January, AR/NS/516 in March: blind re-read 36, us-saas-revenue-audit)
    number = 100 + int.from_bytes(hashlib.sha256(f"{plan.world_id}:{author.organisation}".encode()).digest()[:4],
                                  "big") % 900
    return f"{_initials(author.name)}/{_initials(reader_org.name if reader_org else reader.organisation)}/{number}"


def _house(plan: WorldPlan, org_id: str) -> list[str]:
    """The organisations a memo of `org_id` is written for: its own, then the client it acts for, up the chain."""
    serves = acts_for(plan.organisations)
    house = [org_id]
    while org_id in serves and serves[org_id] not in house:
        org_id = serves[org_id]
        house.append(org_id)
    return house


def memo_addressees(plan: WorldPlan, spec: DocumentSpec) -> tuple[list[str], list[str]]:
    """(TO, CC) person ids of a memo: it is addressed to its readers in the author's own house, the client it is
    written for first (a law firm's memo goes to the client's general counsel, the firm's associate copied), else
    the author's own organisation; other readers on the author's side are copied (an outside adviser on the
    buyer's IC memo), and readers across the table are copied at most: never addressed, and left out of an
    internal paper (an IC memo) altogether. With no reader in the house, the same-side readers are addressed;
    with none at all, the memo is to file."""
    author = plan.person(spec.author)
    orgs = {o.id: o for o in plan.organisations}
    readers = [r for r in dict.fromkeys(spec.readers) if r != spec.author]
    house = _house(plan, author.organisation)
    mine = orgs[author.organisation].privileged if author.organisation in orgs else True

    def side(r: str) -> bool:
        org = orgs.get(plan.person(r).organisation)
        return (org.privileged if org is not None else True) == mine
    top = next((o for o in reversed(house) if any(plan.person(r).organisation == o for r in readers)), None)
    own = [r for r in readers if plan.person(r).organisation == top]
    same = [r for r in readers if r not in own and side(r)]
    other = [r for r in readers if not side(r)]
    if genre_of(spec.doc_type, spec.title) == "ic_memo":
        other = []  # the buyer's investment paper is never sent across the table
    to, cc = (own, same) if own else (same, [])
    return to, cc + other


def _suit_filed(plan: WorldPlan, spec: DocumentSpec) -> bool:
    """Whether a claim is filed in the matter by the paper's day (a pleading that starts one is dated on or before it)."""
    return any(getattr(a, "doc_type", None) and genre_of(a.doc_type, a.title) == "pleading" and
               re.search(r"complaint|claim|petition|summons", a.title, re.I) and a.date <= spec.date
               for a in plan.artifacts)


# the head of a title that makes a paper a notice ('Notice of claim for delay ...', 'Delay notice under GC 6.5')
_NOTICE_HEAD = re.compile(r"(?i)^(?:[\w-]+\s+){0,3}notice\b")
_COUNSEL = re.compile(r"(?i)\b(counsel|solicitors?|lawyers?|attorneys?|law firm|barristers?)\b")


def letter_matter(plan: WorldPlan, spec: DocumentSpec) -> str:
    """The matter as a letter's subject line names it: a case caption ('A v. B') only in correspondence between
    lawyers once a claim is filed; a notice under a contract, or a party's own letter, names the parties, not a suit
    (blind read 28: a contractual delay notice 'carries a litigation caption')."""
    line = matter_title(plan, spec)
    if not re.search(r" v\.? ", line):
        return line
    author = plan.person(spec.author)
    role = next((o.role for o in plan.organisations if o.id == author.organisation), "")
    lawyer = bool(_COUNSEL.search(role.split(";")[0].split(",")[0]))
    if lawyer and _suit_filed(plan, spec) and not _NOTICE_HEAD.search(spec.title.strip()):
        return line
    return re.sub(r" v\.? ", " / ", line, count=1)


def matter_title(plan: WorldPlan, spec: DocumentSpec) -> str:
    """The matter's title as a paper of spec's day can give it: no figure in it that is known only later."""
    return title_as_known(plan.title, plan.facts, spec.date)


def _matter_house(plan: WorldPlan) -> str:
    """The organisation that keeps the matter: the one whose people write most of its papers (its title is that
    house's name for the work)."""
    house = plan.__dict__.get("_matter_house")
    if house is None:
        counts: dict[str, int] = {}
        for a in plan.artifacts:
            who = getattr(a, "author", None)
            org = plan.person(who).organisation if who and who in {p.id for p in plan.people} else ""
            counts[org] = counts.get(org, 0) + 1 if org else counts.get(org, 0)
        house = plan.__dict__["_matter_house"] = max((o for o in counts if o), key=counts.get, default="")
    return house


def _memo_block(plan: WorldPlan, spec: DocumentSpec) -> list[str]:
    """TO / FROM / CC / DATE / RE: addressed to the author's own house, outsiders copied (`memo_addressees`);
    a memo with no reader is a memo to file."""
    author = plan.person(spec.author)
    to, cc = memo_addressees(plan, spec)
    re_line = matter_title(plan, spec)
    if re.search(r" v\.? ", re_line) and not _suit_filed(plan, spec):
        # no suit is filed yet on the memo's day: the matter is the parties', not a caption (read 15: 'The March 2
        # memo's RE line is the caption of a suit filed April 9')
        re_line = re.sub(r" v\.? ", " / ", re_line, count=1)
    if genre_of(spec.doc_type, spec.title) == "ic_memo":
        # a fund's investment paper goes to its committee, not to one partner with the adviser copied, and is about
        # the deal as the fund names it, not the adviser's matter ('Project Millrace (final recommendation)')
        house = next((o.name for o in plan.organisations if o.id == author.organisation), "")
        to, cc = [], []
        lines = ["TO:\t" + "Investment Committee" + (f", {house}" if house else "")]
        re_line = spec.title.split(":", 1)[1].strip() if ":" in spec.title else spec.title
    else:
        lines = ["TO:\t" + ("; ".join(_who(plan, p, author.organisation) for p in to) or "File")]
        inside = bool(to) and all(plan.person(p).organisation == author.organisation for p in to)
        if inside and _matter_house(plan) and author.organisation != _matter_house(plan):
            # the matter's title is its keeper's name for the work: another house's internal memo is about its own
            # subject (blind read 36: the client's management memo on a contract's accounting carried the auditor's
            # engagement title, 'FY2025 financial statement audit', as its RE line); a memo to a client still
            # names the matter
            subject = spec.title.split(":", 1)[1].strip() if ":" in spec.title else spec.title
            re_line = subject[:1].upper() + subject[1:]
    lines.append("FROM:\t" + _who(plan, spec.author, author.organisation))
    if cc:
        lines.append("CC:\t" + "; ".join(_who(plan, p, author.organisation) for p in cc))
    lines.append("DATE:\t" + long_date(spec.date, plan.locale))
    lines.append("RE:\t" + re_line)
    return lines


def letter_paper(plan: WorldPlan, spec: DocumentSpec) -> tuple[str, str, list[Person]]:
    """(organisation name, `address · domain`, addressees first) of the paper a letter is on: its author's firm's,
    or the party's whose letter it is where counsel drafts it (a letter of intent, a side letter)."""
    name, address = letterhead_lines(plan, spec.author)
    readers = [plan.person(r) for r in spec.readers]
    if is_loi(spec.title, spec.doc_type):
        # a letter of intent is the buyer's, on its paper, to the sellers by their adviser (read 15: an 'LOI' that
        # is 'a binding-form bilateral agreement with the company, not the sellers' 'on counsel's header')
        buyer = next((o for o in plan.organisations
                      if o.name == buyer_of(plan.organisations, plan.person(spec.author).organisation)), None)
        if buyer is not None:
            line = letterhead(buyer.name, buyer.domain, plan.locale, buyer.role, plan.summary)
            name, address = buyer.name, (line[len(buyer.name):].lstrip(" ·") if line.startswith(buyer.name) else line)
        roles = {o.id: o.role for o in plan.organisations}
        readers = [r for r in readers if SELLERS.search(roles.get(r.organisation, "")) and
                   not BUYER.search(roles.get(r.organisation, "").split(";")[0])][:1] + readers
    if is_side_letter(spec.title, spec.doc_type) and all(sides(plan.organisations)):
        # a side letter is the giving party's, on its paper, to the other party (not its counsel)
        giver, taker = sides(plan.organisations)
        org = next(o for o in plan.organisations if o.name == giver)
        line = letterhead(org.name, org.domain, plan.locale, org.role, plan.summary)
        name, address = org.name, (line[len(org.name):].lstrip(" ·") if line.startswith(org.name) else line)
        to = next((o.id for o in plan.organisations if o.name == taker), "")
        readers = [r for r in readers if r.organisation == to][:1] + readers
    return name, address, readers


def _letter_blocks(plan: WorldPlan, spec: DocumentSpec) -> list[tuple[str, list[str]]]:
    """The sender's letterhead, the reference line, the date, and the addressee's name, title, organisation and
    address: a letter's head in the order it prints, in the body of the page, so the .docx and its twin both open
    on whom the letter is from (read 12: the letterhead printed between the subject and 'Dear', under a heading)."""
    name, address, readers = letter_paper(plan, spec)
    blocks = [(style.LETTERHEAD_NAME, [name]), (style.LETTERHEAD_ADDRESS, [address]),
              (style.LETTER_LINES, [f"Our ref: {reference(plan, spec)}"]),
              (style.LETTER_LINES, [long_date(spec.date, plan.locale)])]
    if readers:
        reader = readers[0]
        name, address = letterhead_lines(plan, reader.id)
        street = address.split(" · ")[0]
        # a filing with a public body goes by its own channel, not to an officer's mailbox (blind read 30: a request
        # for validation 'filed by email to a labour inspector ... instead of through the online filing portal')
        body = next((o for o in plan.organisations if o.id == reader.organisation), None)
        sent = [] if body is not None and public_body(body.role or "") else [f"By email: {reader.email}"]
        blocks.append((style.LETTER_LINES, [*sent, reader.name, reader.title, name, street]))
    return blocks


def front_matter(plan: WorldPlan, spec: DocumentSpec, look: str) -> list[tuple[str, list[str]]]:
    """The paragraphs before the title, each as (paragraph style id, its lines)."""
    if look == "memo":
        banner = _MEMO_GENRES[genre_of(spec.doc_type, spec.title)]
        lines = _memo_block(plan, spec)
        return [(style.MEMO_BANNER, [banner]), *((style.MEMO_BLOCK, [line]) for line in lines[:-1]),
                (style.MEMO_BLOCK_END, lines[-1:])]
    if look == "letter":
        return _letter_blocks(plan, spec)
    return []


# A letter's subject line names what it is about, not the file it is kept as (read 15: 'the heading is a file name
# ("Letter from Danvers Oakley responding to...")'): the word 'letter', its sender and a without-prejudice head go,
# and the act a title names by its gerund is named by its noun ('disputing the audit findings' -> 'Dispute of the audit
# findings').
_ACT_NOUNS = {"responding to": "Response to", "replying to": "Reply to", "disputing": "Dispute of",
              "rejecting": "Rejection of", "reserving": "Reservation of", "accepting": "Acceptance of",
              "confirming": "Confirmation of", "requesting": "Request for", "offering": "Offer of",
              "demanding": "Demand for", "giving notice of": "Notice of", "terminating": "Termination of",
              "declining": "Refusal of", "refusing": "Refusal of", "proposing": "Proposal of",
              "withdrawing": "Withdrawal of", "tendering": "Tender of", "serving": "Service of",
              "enclosing": "Enclosure:", "notifying": "Notification of", "claiming": "Claim for",
              "seeking": "Request for", "challenging": "Challenge to", "setting out": "", "recording": "Record of",
              "appointing": "Appointment of", "applying for": "Application for", "referring": "Referral of",
              "instructing": "Instructions on", "agreeing": "Agreement of", "acknowledging": "Acknowledgement of"}
_WP = re.compile(r"(?i)^\s*without prejudice(?: save as to costs)?\b[\s:,-]*")


def without_prejudice(title: str) -> str:
    """The head a without-prejudice letter carries above its subject ('WITHOUT PREJUDICE SAVE AS TO COSTS'), or ''."""
    m = _WP.match(title)
    return " ".join(m.group(0).strip(" :,-").upper().split()) if m else ""


def letter_head(title: str, sender: str = "", matter: str = "") -> list[str]:
    """What a letter prints between its addressee and its salutation in place of a file title: its
    without-prejudice head where it has one, and its subject line, under the matter's name where the subject names
    no party of it."""
    return [x for x in (without_prejudice(title), with_matter(letter_subject(title, sender) or f"Re: {title}", matter))
            if x]


def with_matter(subject: str, matter: str) -> str:
    """A subject line that names its matter: 'Re: Preliminary view of April 10, 2026' under 'Calder Provisions
    business interruption claim: Joliet warehouse fire' is 'Re: Calder Provisions business interruption claim -
    preliminary view ...' (blind read 17: an adjuster's letter whose 'Re: line only names itself', with no insured
    or claim named); a subject that names any of the matter's proper names stays as it is."""
    head = re.split(r":\s", " ".join(matter.split()), maxsplit=1)[0].strip()
    if not head or not subject.startswith("Re: "):
        return subject
    names = {w.lower() for w in re.findall(r"\b[A-Z][\w&.'-]+", head)} - {"the", "a", "an", "project"}
    said = {w.lower() for w in re.findall(r"[\w&.'-]+", subject)}
    if not names or names & said:
        return subject
    rest = subject[len("Re: "):]
    return f"Re: {head} \u2013 {rest}"


def letter_subject(title: str, sender: str = "") -> str:
    """A letter's subject line from its title: 'Letter from Danvers Oakley responding to the demand of April 28,
    2028' -> 'Re: Response to the demand of April 28, 2028'; 'Without prejudice save as to costs letter: offer to settle
    the rent review' -> 'Re: Offer to settle the rent review'."""
    t = " ".join(title.split())
    t = _WP.sub("", t)
    if sender:
        # the writer's own name is no part of its subject ('Greyfield Ashton rent review proposal of February 4')
        short = sender.split()[0]
        t = re.sub(rf"^(?:{re.escape(sender)}|{re.escape(short)}(?: [A-Z][\w&-]*)?)(?:'s)?\s+(?=[a-z])", "", t)
    # a file's note in brackets at the end is the room's, not the letter's ('(measured on gross internal area)')
    t = re.sub(r"\s*\((?:[^()\s]+\s+){2,}[^()]*\)\s*$", "", t)
    head, colon, rest = t.partition(": ")
    if colon and re.search(r"(?i)\bletter\b", head) and rest.strip():
        t = rest  # 'Harcastle Bryce letter of May 20, 2026: revised claim' is about what follows the colon
    name = r"[A-Z][\w&.'-]*(?:,? [A-Z][\w&.'-]*)*"
    # ('Letter of claim' is the paper's own name, never 'Of claim': read 21)
    t = re.sub(rf"^(?i:draft\s+|final\s+|signed\s+)?(?i:covering\s+|formal\s+|open\s+)?(?i:letter)\b(?!\s+of\s)"
               rf"(?:\s+from\s+{name})?(?:\s+to\s+{name})?(?:\s+(?i:re|regarding|about|on|concerning)\b)?[\s:,-]*", "", t)
    short = re.sub(rf"\s+(?i:letter)(?:\s+to\s+{name})?$", "", t)
    # ('Demand letter to Oakfield Dining Group' is the demand: its reader's name is the file's label, not the subject,
    # read 21 'The Re line is a file name')
    if len(short.split()) >= 2 or short.lower() in ("demand", "notice", "claim", "complaint", "offer", "response"):
        t = short  # 'Voluntary refund letter to Lakeshore Medicare Services' -> 'Voluntary refund'

    def noun(m: re.Match) -> str:
        lead, act = m.group(1), m.group(2).lower()
        word = _ACT_NOUNS.get(act, m.group(2))
        return lead + (word.lower() if lead.strip() else word) + (" " if word else "")
    acts = "|".join(sorted((re.escape(k) for k in _ACT_NOUNS), key=len, reverse=True))
    t = re.sub(rf"(?i)(^|\band\s+)({acts})\s+", noun, t)
    t = t.strip(" :,-")
    if not t:
        return ""
    return "Re: " + t[0].upper() + t[1:]


def shows_heading(look: str, index: int, paragraphs: list[str], heading: str = "") -> bool:
    """Whether a section's heading prints: never a heading above a letter's salutation (read 12: an
    'Introduction' heading over 'Dear Ryan Nelson,'); a letter's later sections keep theirs; a court paper's caption
    is laid out, never headed 'Caption' (read 15)."""
    if heading.strip().lower() == "caption":
        return False  # (whatever the paper's look: an appeal typed 'appeal' is laid out as a pleading is, read 34)
    return not (look == "letter" and index == 0 and bool(paragraphs) and paragraphs[0].startswith("Dear "))


def markdown_lines(lines: list[str]) -> str:
    """One front-matter paragraph in Markdown: its lines joined by hard breaks, tabs as spaces."""
    return "  \n".join(" ".join(line.split("\t")) for line in lines)

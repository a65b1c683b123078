"""Sides of a matter: which organisations share a privileged circle (counsel and client) with the home side."""

from __future__ import annotations

import functools
import re

from worldsmith.worlds.outline import Outline

# Roles that put an organisation across the table, whatever else they mention.
_ADVERSE = re.compile(r"\b(opposing|counterparty|adverse|regulator)\b", re.I)
# ...and the counsel of a party named by its role ('the claimant's counsel'): across, unless the home side is that
# party (an expert 'instructed by the claimant's counsel' was put across from the claimant and its counsel, who then
# wrote to their own client 'we write on ... Our client's rights are reserved', mail12's read of an unseen outline)
_PARTYS_COUNSEL = re.compile(r"\b(claimant|respondent|plaintiff|defendant|applicant|appellant)['’]?s?['’]?\s+"
                             r"(?:counsel|solicitors|lawyers|attorneys)\b", re.I)
# Words that put an organisation across the table on a buy-side deal, and on the home side when the home acts for
# the seller: 'forensic accountants retained for the sellers' are ours in an earn-out dispute the sellers bring.
_DEAL_SIDE = re.compile(r"\b(sell-side|vendor'?s?|seller'?s?|the target)\b", re.I)
# Roles that decide between the parties or administer for both: they act for no one, whoever appointed them.
NEUTRAL_ROLE = re.compile(r"\b(neutral|acting for neither|independent (?:expert|accountants?|accounting firm|valuer|"
                          r"appraiser|arbitrator|reviewer)|arbitrator|arbitral tribunal|adjudicator|mediator|"
                          r"ombudsman|appointed under)\b", re.I)
# Offices that act for no client: an office-holder conducts a process for the estate, the court or the creditors as a
# whole, whoever appointed it and whatever company it runs (read 28: the resolution professional, whose firm's role was
# 'conducting the CIRP of <the company>', wrote the creditors' vote as "our client has decided on approve the plan").
# One who serves the office ('counsel to the resolution professional') is no office-holder: the office is named first.
_OFFICE = re.compile(r"\b(?:(?:interim )?resolution professional|insolvency (?:professional|practitioner|administrator|"
                     r"office-holder|officeholder)|(?:joint |special )?administrators?|(?:official |court-appointed |"
                     r"administrative )?receivers?(?: and managers?)?|(?:official |provisional )?liquidators?|"
                     r"trustees? in bankruptcy|(?:licensed insolvency|bankruptcy) trustees?|(?:court-appointed )?monitor|"
                     r"tribunal secretary|secretary to the tribunal)\b", re.I)
# ...and the nouns of one who serves another, which put an office named after them in the served place.
_SERVANT = re.compile(r"\b(?:counsel|advisers?|advisors?|solicitors?|attorneys?|lawyers?|law firm|consultants?|"
                      r"accountants?|auditors?|valuers?|appraisers?|experts?|surveyors?|bankers?|agents?|creditors?|"
                      r"members?|applicants?|debtors?|company|companies|employees?|staff)\b|\b(?:to|for|by|of|under) the\s*$",
                      re.I)


def office_holder(role: str) -> bool:
    """Whether a role is an office that acts for no client (a resolution professional, an administrator, a receiver,
    a liquidator, a trustee in bankruptcy, a monitor, a tribunal's secretary): the office is the role's head, named
    before any noun of one who serves or is served ('counsel to the administrators' is counsel)."""
    m = _OFFICE.search(role or "")
    return m is not None and not _SERVANT.search(role[:m.start()]) and not re.search(
        r"\b(?:plan|fund|scheme|claims?|benefits?|contract|third-party|system|database|pension)\s*$", role[:m.start()], re.I)


# The words by which a fact's label or statement, or an organisation's role, names a party by its role ('the
# landlord's proposed rent', 'the lessee says', "the charterers' sealed offer"): one list for the planner's owner of a
# fact (context.fact_side), the composer's (argue.owner_of) and the fact frames (facts._PARTYS). Order matters to
# one reader: submissions takes the first a role names.
PARTY_ROLES = ("landlord", "tenant", "licensor", "licensee", "lessor", "lessee", "buyer", "seller", "sellers",
               "purchaser", "vendor", "claimant", "respondent", "plaintiff", "defendant", "charterer", "owner",
               "owners", "insurer", "insured", "auditor", "trustees", "trustee", "contractor", "employer",
               "claimants", "plaintiffs", "defendants", "applicant", "policyholder", "employee", "borrower",
               "lender", "lenders", "franchisor", "franchisee", "appellant")

# Role nouns by which one organisation's role names another ("accountants engaged by the buyer").
_NOUNS = ("buyer", "client", "charterer", "seller", "company", "hospital", "insurer", "lender", "employer", "owner",
          "policyholder", "insured", "borrower", "purchaser", "tenant", "landlord", "licensee", "licensor", "debtor",
          "shipowner")


@functools.lru_cache(maxsize=1024)
def _keys(name: str, role: str) -> tuple[str, ...]:
    """How other roles may name this organisation: its name, its first two words, its role noun ('the buyer').
    Made once per name and role: a model call's context asks for a world's sides again and again."""
    words = re.findall(r"[A-Za-z&'-]+", name)
    keys = [name.lower(), " ".join(words[:2]).lower(), words[0].lower() if words else ""]
    # a body known by the initials its name opens with ('CSE de l'etablissement ...', 'DREETS Hauts-de-France') is
    # named so by others' roles: accountants 'retained by the CSE' serve the works council, never the matter's one
    # client (read 30: the works council's experts sat in the employer's circle and asked management where its own
    # figure came from); _named and names_org read a key only as whole words, so 'the sat' is no 'the satellite'
    if words and re.fullmatch(r"[A-Z]{2,6}", words[0]):
        keys += [f"the {words[0].lower()}", f"{words[0].lower()}'s"]
    keys += [f"the {n}" for n in _NOUNS if re.search(rf"\b{n}\b", role, re.I)] + \
            [f"{n}'s" for n in _NOUNS if re.search(rf"\b{n}\b", role, re.I)]
    # a short principal role ("the policyholder", "the property insurer") is named by its head noun, whatever it is
    short = re.fullmatch(r"\s*the\s+(?:[a-z-]+\s+){0,2}([a-z-]+)\s*", role, re.I)
    if short:
        keys += [f"the {short.group(1).lower()}", f"{short.group(1).lower()}'s"]
        # and by the whole of it: counsel "to the respondent employer" names "the respondent employer", not "the
        # employer" (employment-tribunal: the client was left outside the circle, so no task had a client)
        keys.append(" ".join(role.lower().split()))
    # a principal's role names what it is ('client; the sellers' representative under the merger agreement'): its
    # counsel's role names it so ('counsel to the sellers' representative'), with no name and no fixed noun
    for part in role.split(";"):
        m = re.match(r"\s*(the\s+[a-z'’-]+(?:\s+[a-z'’-]+){0,3}?)(?=\s+(?:under|of|for|to|in|on|at|that|who|which|"
                     r"with|by|from|and)\b|\s*$|\s*[,(])", part, re.I)
        if m and len(m.group(1).split()) >= 2:
            keys.append(" ".join(m.group(1).lower().split()))
    # an office-holder is named by its office ('counsel to the resolution professional', 'valuer appointed by the
    # administrators'), whatever its firm is called (_OFFICE)
    if office_holder(role):
        for found in dict.fromkeys(m.group(0).lower() for m in _OFFICE.finditer(role)):
            # (and by its office without the qualifier: 'the joint administrators' are 'the administrators')
            for office in dict.fromkeys((found, re.sub(r"^(?:interim|joint|special|official|provisional|"
                                                       r"court-appointed|administrative|licensed) ", "", found))):
                keys += [f"the {office}", f"the {re.sub(r's$', '', office)}", f"the {re.sub(r's$', '', office)}s"]
    return tuple(k for k in keys if len(k) > 3)


def names_org(text: str, org) -> bool:
    """Whether a clause names this organisation: by its name, its first words or its role noun ('the charterers')."""
    if org is None:
        return False
    low = " " + re.sub(r"[’]", "'", text.lower()) + " "
    return any(re.search(rf"(?<![a-z]){re.escape(k)}", low) and not all(
        _runs_on(low, m.end()) for m in re.finditer(rf"(?<![a-z]){re.escape(k)}", low)) for k in _keys(org.name, org.role))


# Roles of a public body that audits, funds or assesses the home side: it answers to the public, never to the home
# side, whatever its role names (grant-audit: 'auditor; the Inspector General's office that audited the award' was read
# as the university's own outside auditor, its draft report 'prepared ... for Calloway State University' recommending
# that the university 'adopt the total costs questioned ... as its working figure'; 'awarding agency; its grants
# officer decides which questioned costs the university must refund' came inside the circle by naming the university).
_PUBLIC_BODY = re.compile(r"\b(?:inspector general|(?:awarding|funding|grant-making|federal|state|"
                          r"executive|public) agency)\b", re.I)


# (a role that serves someone only mentions the body: 'research compliance counsel to Calloway State University on the
# Inspector General's audit' is the university's counsel)
_SERVING = re.compile(r"\b(?:counsel|advisers?|advisors?|solicitors?|attorneys?|lawyers?|consultants?|accountants?|"
                      r"experts?|law firm)\s+(?:to|for)\b|\b(?:engaged|retained|instructed|appointed|hired)\s+by\b", re.I)


def serving(role: str) -> bool:
    """Whether a role serves a party (counsel to it, engaged or instructed by it), whatever body it names."""
    return bool(_SERVING.search(role or ""))


# ...and of an authority that oversees a party under a statute: its noun and what it does to the party, in one clause
# of the role (blind read 30: 'the labour administration that follows the procedure and validates the majority
# agreement' wrote its observations as a contract letter reserving its rights; 'the SAT's foreign-trade audit office
# conducting the desk audit; the tax authority on the other side', read as a neutral for its word 'authority', gave its
# oficio 'under the contract between the parties, acting fairly between them')
_BODY = r"(?:authority|authorities|administration|inspectorate|regulator|agency|ministry|commission|office)"
_OVERSEES = r"(?:audit\w*|assess\w*|validat\w*|inspect\w*|supervis\w*|regulat\w*|enforc\w*|investigat\w*|approv\w*)"
# (an authority that only decides a review of its own decision is not named by this: it decides, as a neutral would)
_AUTHORITY = re.compile(rf"\b{_BODY}\b[^;]*?\b{_OVERSEES}|\b{_OVERSEES}[^;]*?\b{_BODY}\b|\bregulator\b", re.I)
# (a mediator or ombudsman between the parties, a court or tribunal, oversees no one: it rules or mediates between them)
_BETWEEN = re.compile(r"\b(?:mediat\w*|ombuds\w*|conciliat\w*|court|tribunal|arbitra\w*|neutral)\b", re.I)


@functools.lru_cache(maxsize=4096)
def public_body(role: str) -> bool:
    """Whether a role is that of a public body which audits, funds, assesses or oversees a party (an inspector general,
    an awarding agency, a tax authority, a labour administration that validates), not of one that serves a party and
    only mentions such a body, nor of a mediator or court between the parties."""
    if _SERVING.search(role):
        return False
    return bool(_PUBLIC_BODY.search(role)) or bool(_AUTHORITY.search(role)) and not _BETWEEN.search(role)


# A public body that assesses, supervises, validates, registers or rules, named at the head of a clause of its role
# ('the tax authority on the other side', 'the labour administration that ... validates the agreement', 'supervisory
# authority; conducts the inquiry', 'first-instance administrative tax tribunal'): a party files with it, asks it
# questions and answers its requests; it is given no deadline by a party and reserves no rights (read 30: counsel told
# the labour administration and the tax auditor 'Kindly let us have your response by Monday morning').
# (its own name: it once shared _AUTHORITY's, above, and replaced it in public_body, so a tax authority that only
# decides a review of its own decision was a public body, no longer a neutral)
_AUTHORITY_HEAD = re.compile(r"^\s*(?:the\s+)?(?:[\w'’-]+\s+){0,4}?(?:authority|administration|regulator|supervisor|"
                        r"inspectorate|ministry|tribunal|court|registry|registrar|ombudsman|inspector general|"
                        r"(?:tax|revenue|customs|awarding|funding|grant-making|federal|state|public|government|"
                        r"regulatory|executive|environmental|competition|protection) agency|"
                        r"(?:tax|revenue|customs|audit|ombudsman's|inspector general's|prosecutor's|registry) office)\b",
                        re.I)


def authority(role: str) -> bool:
    """Whether a role is a public body's or a neutral's (a tax or labour administration, a regulator, a tribunal, an
    ombudsman, a mediator): one no party sets a deadline for, and that reserves no rights of its own; never one that
    serves a party or the matter's client."""
    if not role or re.match(r"\s*client\b", role, re.I):
        return False
    # (a neutral appointed by a court or an institution is still one: 'independent costs referee appointed by the
    # Court'; counsel to a tribunal is not)
    if NEUTRAL_ROLE.search(role) and not re.search(r"\b(?:counsel|solicitors?|lawyers?|attorneys?)\s+(?:to|for)\b",
                                                   role, re.I):
        return True
    return not serving(role) and (public_body(role) or any(_AUTHORITY_HEAD.search(part) for part in re.split(r"[;,]", role)))


def _is_party(role: str, noun: str) -> bool:
    """Whether a role says it is, or acts for, the party of that role noun ('client and claimant', 'counsel to the
    claimant'), not only that it works on that party's affairs ("on the claimant's earnings")."""
    return bool(re.search(rf"\b{re.escape(noun)}s?\b(?!['’])", role, re.I))


def _across(role: str, home_roles: list[str]) -> bool:
    """Whether a role puts its organisation across the table from the home side (whose roles are `home_roles`)."""
    if _ADVERSE.search(role) or public_body(role):
        return True
    party = _PARTYS_COUNSEL.search(role)
    if party:
        return not any(_is_party(r, party.group(1)) for r in home_roles)
    deal = _DEAL_SIDE.search(role)
    if not deal:
        return False
    stem = re.sub(r"['’]?s?$", "", deal.group(1).lower())
    return not any(re.search(rf"\b{re.escape(stem)}", r, re.I) for r in home_roles)


def privileged_circle(outline: Outline) -> set[str]:
    """The organisations inside the home side's privileged circle: the home organisation (that of the outline's
    first cast member), the organisations its role serves, and those whose roles say they act for one of them."""
    orgs = {o.id: o for o in outline.organisations}
    home = outline.cast[0].organisation if outline.cast else next(iter(orgs), None)
    if home is None:
        return set()
    circle = {home}
    # whom an organisation acts for or was engaged by is on its side: coverage counsel "to the policyholder"
    # brings the policyholder in, even when no name or fixed role noun links them
    rel = relations(list(orgs.values()))
    changed = True
    while changed:
        changed = False
        for o in orgs.values():
            if o.id in circle:
                continue
            # one the circle serves or was engaged by by name, or that names itself the client, is inside before any
            # role word can put it across: a client trader 'seller under the letter of credit' was across from its
            # own counsel ('counsel to <the trader> in its dispute with the bank') by the deal-side word, its mail
            # with the bank and the buyer out of its counsel's file (an unseen outline quarantined, session 29)
            if any(o.id in rel.get(c, (None, None)) for c in circle) or rel.get(o.id, (None, None))[0] in circle or \
                    (re.match(r"\s*client\b", o.role, re.I) and not _ADVERSE.search(o.role)):
                circle.add(o.id)
                changed = True
                continue
            if _across(o.role, [orgs[c].role for c in circle]):
                continue
            inside = [orgs[c] for c in circle]
            # (by what names the inside organisation itself: the role nouns of one that serves another name whom it
            # serves or works on, not it: auditors 'engaged by Corvane ... to audit the licensee's royalty reports'
            # brought 'the licensee whose ... books are audited' inside the licensor's circle, so the licensor's
            # counsel disputed its own audit fees, 'You put the fees ... at USD 64,800', blind read 26)
            # (and never as the other party to a dealing of theirs: 'the client's former distributor ... that
            # re-exported to Iran' came inside the exporter's circle, and the exporter's general counsel answered the
            # distributor's dispute of her termination 'Do you want anything further from us?', mail12's read of an
            # unseen outline)
            names_in_mine = any(_names_as_own(o.role, k) for c in inside
                                for k in _keys(c.name, "" if rel.get(c.id, (None, None))[0] else c.role))
            # an adviser engaged by a party's counsel named by the party's role ('instructed by the claimant's
            # counsel') is that party's, where the party is inside
            hired = re.search(_ENGAGED.pattern + r"(?:the\s+)?([a-z]+)['’]s?\s+(?:counsel|solicitors|lawyers|attorneys)\b",
                              o.role, re.I)
            names_in_mine = names_in_mine or bool(hired) and any(
                _is_party(c.role, hired.group(1)) for c in inside)
            # ...and so is an adviser whose role says it acts for a role of theirs ('transaction counsel, drafting the
            # loan agreement for the arrangers' where the home bank is the lead arranger: mail12, an unseen outline,
            # whose arranger then asked its own counsel 'Please let us know what else you require of us')
            serves = re.search(r"\b(?:for|to|acting for|on behalf of) the ([a-z]+?)s?\b(?!['’])", o.role, re.I) \
                if _ADVISER.search(o.role) else None
            names_in_mine = names_in_mine or bool(serves) and len(serves.group(1)) > 3 and any(
                _is_party(c.role, serves.group(1)) for c in inside)
            mine_name_it = any(k in c.role.lower() for c in inside for k in _keys(o.name, o.role)[:3]) or \
                re.match(r"\s*client\b", o.role, re.I)
            if names_in_mine or mine_name_it:
                circle.add(o.id)
                changed = True
    return circle


# What a party's counterparty in a dealing is, when a role names it by the party ('the client's former distributor',
# "the licensor's licensee"): the other party to it, never one of the party's own people or advisers.
_COUNTERPARTY = re.compile(r"(?:['’]s?)?\s+(?:[\w-]+\s+){0,2}?(?:distributors?|suppliers?|vendors?|customers?|dealers?|"
                           r"resellers?|subcontractors?|contractors?|counterpart(?:y|ies)|competitors?|landlord|tenants?|"
                           r"licensees?|licensors?|franchisees?|franchisors?|lessees?|lessors?|borrowers?|lenders?|"
                           r"buyers?|purchasers?|sellers?|opponents?)\b", re.I)


def _names_as_own(role: str, key: str) -> bool:
    """Whether a role names an organisation (by one of its keys) other than as the party across a dealing of it."""
    low = role.lower()
    at = [m.end() for m in re.finditer(re.escape(key), low)]
    return any(not _COUNTERPARTY.match(low, i) for i in at)


# How a role names the organisation it serves or was engaged by: "counsel to X", "adviser to X", "engaged by
# X", "retained by X", "X's counsel", "club of X". "on X's behalf" names whom it serves when another engaged it.
_BEHALF = re.compile(r"\bon\s+(.+?)['’]s?\s+behalf\b", re.I)
_ENGAGED = re.compile(r"\b(?:engaged|retained|instructed|appointed|hired)\s+by\s+", re.I)
# (not "managed by" or "run by": the company an office-holder runs does not serve it, and its staff have no client)
# (nor "14% of X": a stake taken in a company is no service to it; read 31, an investor 'taking 14% of <the target>'
# was put on the target's side)
_SERVES = re.compile(r"\b(?<!managed )(?<!controlled )(?<!administered )(?<!supervised )(?<!run )(?<!% )"
                     r"(?:to|for|of|by)\s+", re.I)
# A role whose head is a party to a sale ('seller of <the target>', 'buyer of all the shares in <the target>'): a
# principal, which acts for the company it sells or buys no more than for its counterparty (read 31: the seller of a
# share sale was put on its target's side, so the sale agreement was made between the buyer and the target).
_DEAL_PRINCIPAL = re.compile(r"\s*(?:the\s+)?(?:sellers?|vendors?|buyers?|purchasers?|acquirers?)\b(?!['’])"
                             r"(?!\s+(?:counsel|advisers?|advisors?|representatives?|agents?)\b)", re.I)
_ADVISER = re.compile(r"\b(counsel|adviser|advisor|auditors?|accountants?|solicitors?|attorneys?|lawyers?|consultants?|"
                      r"bankers?|surveyors?)\b", re.I)


def _named(role: str, others: list, start: int = 0) -> tuple[int, str] | None:
    """The first (position, organisation id) that `role` names at or after `start`, by the keys of `others`."""
    text = role.lower()
    best: tuple[int, str] | None = None
    for o in others:
        for key in _keys(o.name, o.role):
            at = text.find(key, start)
            while at >= 0 and _runs_on(text, at + len(key)):
                at = text.find(key, at + 1)
            if at >= 0 and (best is None or at < best[0]):
                best = (at, o.id)
    return best


def _runs_on(text: str, end: int) -> bool:
    """Whether a key found in `text` up to `end` is only the start of a longer word (a plural's 's' aside)."""
    return bool(re.match(r"s?[a-z]", text[end:end + 2])) and not re.match(r"s(?![a-z])", text[end:end + 2])


def _after(pattern: re.Pattern, role: str, others: list) -> str | None:
    """The organisation named right after one of the pattern's matches in `role` (within a few words)."""
    for m in pattern.finditer(role):
        hit = _named(role, others, m.end())
        if hit and hit[0] - m.end() <= 24:
            return hit[1]
    return None


def relations(organisations: list) -> dict[str, tuple[str | None, str | None]]:
    """For each organisation id: (whom it acts for, who engaged it), both organisation ids or None, from the
    roles alone ('counsel to Kestrel Bay Tankers', "accountants engaged by the buyer", "retained by Harrowvane
    Gillard on Ostrander's behalf"). A principal (a client, a party) acts for no one. Read once per list of ids,
    names and roles (a world's, asked for by every message's context: 20 ms each time)."""
    return dict(_relations(tuple((o.id, o.name, o.role) for o in organisations)))


class _Org:
    """An organisation as relations() reads it."""

    __slots__ = ("id", "name", "role")

    def __init__(self, id: str, name: str, role: str) -> None:  # noqa: A002 - the field's name
        self.id, self.name, self.role = id, name, role


# A body that bargains with an employer or speaks for its staff (a works council, a union) is of the company, not its
# adviser: 'the works council of Eemland Verpakkingen; the counterparty in the advice procedure' was read as acting
# for the employer, and its advice went out as an engagement letter asking the director to 'sign and return' it
# (blind read 34)
_BARGAINS = re.compile(r"\b(?:works council|ondernemingsraad|betriebsrat|comit[ée] (?:social et )?[ée]conomique|"
                       r"comit[ée] d'entreprise|employee representatives?|trade union|labou?r union|staff union)\b|"
                       r"\bthe counterparty\b", re.I)


@functools.lru_cache(maxsize=64)
def _relations(organisations: tuple[tuple[str, str, str], ...]) -> dict[str, tuple[str | None, str | None]]:
    organisations = [_Org(*o) for o in organisations]
    out: dict[str, tuple[str | None, str | None]] = {}
    for o in organisations:
        others = [x for x in organisations if x.id != o.id]
        role = o.role
        behalf = _named(role, others, _BEHALF.search(role).start(1)) if _BEHALF.search(role) else None
        engaged = _after(_ENGAGED, role, others)
        serves = behalf[1] if behalf else engaged or _after(_SERVES, role, others)
        if serves is None:
            # "Kestrel Bay's counsel", and "the landlord's rent review surveyor": a possessive a few words before the
            # adviser's noun names whom it serves (read 19: the landlord's surveyor was put on the tenant's side as
            # "outside counsel" of the one client, her report "prepared for" the tenant, her mail in its room)
            m = re.search(r"(\w[\w .&-]*?)['’]s?\s+(?:[\w-]+\s+){0,3}?" + _ADVISER.pattern, role, re.I)
            hit = _named(role, others, m.start()) if m else None
            serves = hit[1] if hit and hit[0] <= m.end() else None
        if NEUTRAL_ROLE.search(role) or public_body(role):
            serves = engaged = None  # an independent accountant 'appointed under the agreement' serves neither side
        elif office_holder(role):
            serves = None  # whoever appointed it (kept: its circle), an office acts for no client (_OFFICE)
        elif serves is None and _ADVISER.search(role) and not (_ADVERSE.search(role) or _DEAL_SIDE.search(role)):
            # "outside counsel" names no one: it acts for the matter's one client
            clients = [x for x in others if re.match(r"\s*client\b", x.role, re.I)]
            serves = clients[0].id if len(clients) == 1 else None
            # ...unless it names the party it acts for by a role the client is not ('counsel to the lenders' was the
            # borrower's counsel, mail12)
            party = _PARTYS_COUNSEL.search(role) or re.search(r"\b(?:to|for) the ([a-z]+?)s?\b(?!['’])", role, re.I)
            if serves and party and party.group(1).lower() in PARTY_ROLES and not _is_party(clients[0].role, party.group(1)):
                serves = None
        if re.match(r"\s*(?:client|opposing\s+party|counterparty|(?:the\s+)?other\s+party)\b", role, re.I) or \
                _DEAL_PRINCIPAL.match(role) or _BARGAINS.search(role):
            # a party acts for no one, whatever its role goes on to say of it ("opposing party; the franchisee of 14
            # Brightmoor restaurants" read as acting for Brightmoor, and a demand to its CEO asked her to confirm
            # "that your client will pay", read 21)
            serves = None
        out[o.id] = (serves, engaged or serves)
    return out


def acts_for(organisations: list) -> dict[str, str]:
    """Organisation id -> the id of the organisation it acts for, for those whose role says so."""
    return {k: v[0] for k, v in relations(organisations).items() if v[0]}


def principal(organisations: list, org_id: str) -> str:
    """The party an organisation ultimately acts for (itself when it acts for no one)."""
    serves = acts_for(organisations)
    seen = {org_id}
    while org_id in serves and serves[org_id] not in seen:
        org_id = serves[org_id]
        seen.add(org_id)
    return org_id


# An adviser who speaks for its client at law: the no-contact rule binds writers to a party that has one of these.
_COUNSEL = re.compile(r"\b(counsel|solicitors?|attorneys?|lawyers?|law firm|barristers?|advocates?)\b", re.I)


def represented(organisations: list) -> dict[str, str]:
    """Party organisation id -> the id of the law firm acting for it ('counsel to Oakfield Dining Group Inc.'), for
    the parties that have one; a neutral (a tribunal's counsel) represents no one."""
    out: dict[str, str] = {}
    for org_id, party in acts_for(organisations).items():
        role = next(o.role for o in organisations if o.id == org_id)
        if _COUNSEL.search(role) and not NEUTRAL_ROLE.search(role) and party not in out:
            out[party] = org_id
    return out


def law_firms(organisations: list) -> set[str]:
    """The ids of the organisations that act as counsel (the no-contact rule binds their writers), whether or not the
    one they act for is an organisation of the outline ('counsel to the former employee')."""
    out = set(represented(organisations).values())
    for o in organisations:
        if _COUNSEL.search(o.role) and not NEUTRAL_ROLE.search(o.role) and not re.match(
                r"\s*(?:client|opposing\s+party|counterparty|(?:the\s+)?other\s+party)\b", o.role, re.I):
            out.add(o.id)
    return out


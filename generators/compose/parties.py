"""Who acts for whom in an artifact: the writer's principal, the other side, whether a reader sits across the table.

Every sentence about who represents, instructs or claims against whom is filled from here, that is from the plan's
organisations (their roles and the privileged circle, carried in the context), never from whoever reads first.
"""

from __future__ import annotations

import functools
import re

from worldsmith.generators.context import ArtifactContext, FactRef, OrgRef, PersonRef
from worldsmith.generators.sides import authority, public_body, serving

# Roles that make an organisation the other side's party (not merely outside the privileged circle). A mere
# contracting "counterparty" is not one: a coding contractor is no opponent on a Medicare refund.
_ADVERSE = re.compile(r"\b(opposing|responsible party|the target|seller|claimant|respondent|defendant|"
                      r"plaintiff)\b", re.I)
# Roles of a party that administers, pays or rules rather than argues: the Medicare contractor that takes a
# voluntary refund, a regulator, a court. Nobody "contests" a point with it or fears what it "can do in reply"
# (the revenue-cycle reader rejected memos that treated the Medicare Administrative Contractor as the opponent).
_ONE_CONTRACT = re.compile(r"\bunder the [\w\s-]*agreement\b", re.I)
# A party the outline names as another's trading partner ('a Nimbusgate customer', 'a customer of ...') is a third
# party to the matter, not the other side of it (blind read 36: the audit committee minuted 'our next letter to
# Halvorsen', the client's customer, as where the audit materiality would be put).
_TRADING = re.compile(r"^\s*(?:an?|the)\s+[A-Z][\w&.-]*(?:['’]s)?\s+(?:customer|supplier|vendor|distributor|reseller)s?"
                      r"\b(?!\s+(?:counsel|advisers?)\b)|^\s*(?:an?|the)\s+(?:customer|supplier|vendor) (?:of|to)\b")
# An expert, arbitrator, adjudicator or mediator appointed to decide between the parties rules too (rent-review
# outline: the independent expert's determination told the landlord's solicitor she 'should confirm instructions').
_NEUTRAL = re.compile(r"\b(administrative contractor|medicare|medicaid|regulator|regulatory agency|government agency|"
                      r"authority|court|tribunal|registry|administers the contract|neutral|acting for neither|"
                      r"independent expert|independent accountants?|independent accounting firm|appointed under|"
                      r"arbitrator|arbitral tribunal|adjudicator|mediator|ombudsman)\b", re.I)

# ...the words by which a role is a neutral itself, whoever appointed it (the court-appointed administrator of a
# scheme, an independent costs referee appointed by the court, 'a neutral')
_RULES = re.compile(r"\b(administers the contract|neutral|acting for neither|independent (?:expert|accountants?|"
                    r"accounting firm|valuer|appraiser|arbitrator|reviewer|surveyor|referee)|appointed under|arbitrator|"
                    r"arbitral tribunal|adjudicator|mediator|ombudsman|court-appointed|appointed by the court|"
                    r"medicare administrative contractor)\b", re.I)

_RANK = {"executive": 3, "senior": 2, "mid": 1, "junior": 0}


def org(ctx: ArtifactContext, name: str) -> OrgRef | None:
    """The organisation of that name, if the context knows it."""
    return next((o for o in ctx.organisations if o.name == name), None)


def is_authority(ctx: ArtifactContext, name: str) -> bool:
    """Whether an organisation is a public body or a neutral (sides.authority): set no deadline, reserves nothing."""
    here = org(ctx, name)
    return here is not None and authority(here.role)


def to_authority(ctx: ArtifactContext) -> bool:
    """Whether every addressee of the message is of a public body or a neutral other than the writer's own."""
    return bool(ctx.to) and all(p.organisation != ctx.author.organisation and is_authority(ctx, p.organisation)
                                for p in ctx.to)


def principal(ctx: ArtifactContext, name: str) -> str:
    """The party an organisation acts for in the end (itself when it acts for no one)."""
    seen = {name}
    here = org(ctx, name)
    while here is not None and here.acts_for and here.acts_for not in seen:
        seen.add(here.acts_for)
        name = here.acts_for
        here = org(ctx, name)
    return name


def home(ctx: ArtifactContext, name: str) -> bool:
    """Whether an organisation sits on the home side (inside the privileged circle); True when unknown."""
    here = org(ctx, name)
    return here.privileged if here is not None else True


def across(ctx: ArtifactContext, people: list[PersonRef] | None = None) -> bool:
    """Whether any of `people` (default: the recipients or readers) sits on the other side from the author."""
    mine = home(ctx, ctx.author.organisation)
    return any(home(ctx, p.organisation) != mine for p in (ctx.to + ctx.cc if people is None else people))


def client_of(ctx: ArtifactContext) -> str:
    """Whom the author's organisation acts for ('' when it acts for itself: a client or a party writing)."""
    here = org(ctx, ctx.author.organisation)
    return here.acts_for if here is not None else ""


def own_reader(ctx: ArtifactContext) -> PersonRef | None:
    """Who the author's paper answers to on the author's own side: a reader of the client the author acts for, else
    the first reader on the author's side; None when every reader sits across the table (an insurer's adjuster
    writing to the insured asks the insured for no decision and prepares nothing 'for' him)."""
    if neutral(ctx, ctx.author.organisation):
        return None  # one who rules between the parties has no side, and no reader of its own to take instructions
    client = client_of(ctx)
    mine = home(ctx, ctx.author.organisation)
    readers = ctx.to + ctx.cc
    return next((p for p in readers if client and p.organisation == client),
                next((p for p in readers if home(ctx, p.organisation) == mine), None))


def engaged_by(ctx: ArtifactContext) -> str:
    """Who engaged or instructed the author's organisation ('' when no role says so)."""
    here = org(ctx, ctx.author.organisation)
    return here.engaged_by if here is not None and here.engaged_by != here.name else ""


def neutral(ctx: ArtifactContext, name: str) -> bool:
    """Whether an organisation administers, pays or rules (a Medicare contractor, a regulator, a court) rather
    than argues its own side."""
    here = org(ctx, name)
    # an authority the outline names as the opposing party argues its side (an unseen tax outline: the revenue
    # authority's notice of assessment closed 'We give this notice under the contract between the parties, acting
    # fairly between them', as an expert's determination would); so does a public body that audits, funds or assesses
    # one side (grant-audit: made neutral, the awarding agency's management decision closed the same way, and the
    # Inspector General's draft audit report opened 'I determine the total costs questioned ...')
    return here is not None and _neutral_role(here.role)


@functools.lru_cache(maxsize=4096)
def _neutral_role(role: str) -> bool:
    """neutral() of an organisation by its role (a world has a few roles, read for every paper and every reader)."""
    if re.search(r"\bopposing\b", role, re.I) or public_body(role):
        return False
    # (one that serves a party only names the body it goes before: 'tax counsel instructed by <the advisers> to advise
    # on an appeal of the penalty to the First-tier Tribunal' is counsel, not a tribunal; read as neutral, it had no
    # one across and its note recommended adopting the tax authority's penalty 'as its working figure')
    if serving(role) and not _RULES.search(role):
        return False
    return bool(_NEUTRAL.search(role))


# The company a share sale sells, and the party that sells it: the sale is between the seller and the buyer, and the
# target is never the other side where the outline names its seller (read 31: the buyer's counsel made the sale
# agreement with the target, and the board minuted 'our next letter to' the target).
# ('the target of subrogation' is a party pursued, no company sold)
_TARGET = re.compile(r"(?:^\s*(?:the\s+)?|;\s*the\s+)target\b(?!['’]|\s+of\b)", re.I)
_SELLER = re.compile(r"^\s*(?:the\s+)?(?:sellers?|vendors?)\b(?!['’])(?!\s+(?:counsel|advisers?|representatives?)\b)",
                     re.I)


def is_target(ctx: ArtifactContext, name: str) -> bool:
    """Whether an organisation is the company a deal sells (its role calls it the target)."""
    here = org(ctx, name)
    return here is not None and bool(_TARGET.search(here.role))


def deal_seller(ctx: ArtifactContext) -> str:
    """The organisation that sells the target in a share sale, across from the author ('' when the outline names
    none, or when the author's own side sells)."""
    if not any(is_target(ctx, o.name) for o in ctx.organisations):
        return ""
    mine = home(ctx, ctx.author.organisation)
    return next((o.name for o in ctx.organisations if _SELLER.match(o.role) and home(ctx, o.name) != mine), "")


def opponent(ctx: ArtifactContext) -> str:
    """The party on the other side for this artifact: a reader's principal when a reader sits across the table,
    else the party whose role puts it across in a dispute or a deal; '' when there is none (an audit whose only
    outside parties are a Medicare contractor and a vendor has no opponent)."""
    mine = home(ctx, ctx.author.organisation)
    for p in ctx.to + ctx.cc:
        if home(ctx, p.organisation) != mine:
            party = principal(ctx, p.organisation)
            if not neutral(ctx, party):
                return (deal_seller(ctx) or party) if is_target(ctx, party) else party
    # (an authority the outline names as the opposing party is one: HMRC's assessment and penalty, vat-delivery)
    side = [o for o in ctx.organisations if o.privileged != mine and not o.acts_for and not neutral(ctx, o.name)]
    # (the seller before the target it sells)
    named = sorted([o for o in side if _ADVERSE.search(o.role)], key=lambda o: is_target(ctx, o.name))
    # else a party across whose role is not one contract's vendor (a billing contractor "under the services
    # agreement" is no opponent on a refund; "the general contractor" of a delay claim is)
    side = [o for o in side if not _ONE_CONTRACT.search(o.role) and not _TRADING.search(o.role)]
    return (named or side)[0].name if (named or side) else ""


def signatory(ctx: ArtifactContext, party: str) -> PersonRef | None:
    """The most senior person of a party, who signs for it; None when the cast has no one there."""
    people = [p for p in ctx.cast if p.organisation == party]
    if not people and party:
        # a vehicle the outline names only in a role ('which acquires through Kranich BidCo GmbH') is signed for by
        # the organisation whose role names it (blind read 35: the BidCo bought, and no one signed for it)
        owner = next((o.name for o in ctx.organisations if party in (o.role or "") and not o.acts_for and not
                      re.search(r"(?i)\b(counsel|solicitors?|lawyers?|attorneys?|advis[eo]rs?)\b",
                                re.split(r"[;,]", o.role or "")[0])), "")
        people = [p for p in ctx.cast if p.organisation == owner]
    return max(people, key=lambda p: _RANK.get(p.seniority, 1), default=None)


# A role's possessive as fact labels carry it ("the adjuster's period of restoration", "the tenant's proposed rent").
_ROLE_POSSESSIVE = re.compile(r"\b([Tt]he) ([a-z]+)['’]s\b(?! (?:counsel|solicitors?|surveyors?|adjusters?|"
                              r"accountants?|advisers?|advisors?|valuers?|auditors?|appraisers?|attorneys?|lawyers?|"
                              r"brokers?|bankers?|agents?|representatives?)\b)")


# A noun for a party, not a paper or a thing: insurer, adjuster, tenant, lessee, landlord, policyholder, client.
_AGENT = re.compile(r"(?:er|or|ant|ent|ee|ist|holder|lord|ary|ured)$")


def role_party(ctx: ArtifactContext, noun: str) -> str:
    """The organisation a role noun names ('adjuster', 'insurer', 'tenant'), by the roles that say it plainly (not
    in a possessive: 'the insurer's counsel' is not the insurer), the principal when several do; '' if none or many."""
    if not _AGENT.search(noun):
        return ""  # 'the policy's appraisal condition' names a paper, not a party
    plain = re.compile(rf"\b{re.escape(noun)}s?\b(?!['’]s)", re.I)
    named = [o for o in ctx.organisations if plain.search(o.role)]
    if len(named) > 1:
        named = [o for o in named if not o.acts_for]
    return named[0].name if len(named) == 1 else ""


def _short(name: str) -> str:
    """How mail names an organisation in passing: its first word ('Calder'), or its name without a legal suffix."""
    first = name.split()[0] if name.split() else name
    return first if len(first) > 3 and first[:1].isupper() else _LEGAL_SUFFIX.sub("", name)


def _keeping_labels(ctx: ArtifactContext, text: str, rewrite) -> str:
    """`rewrite(text)` with every superseded paper's label the text writes left as written: the check
    no_contradicting_value accepts a superseded value only beside its label, word for word (an unseen outline's meeting
    follow-up set aside 'the earlier USD 15,640,000; it comes from' a draft its label gave by the other side's role,
    and the writer's voice turned that role into its name)."""
    from worldsmith.generators.compose.text import strip_end

    labels = {x for f in getattr(ctx, "facts", []) if getattr(f, "superseded", "")
              for x in (f.superseded, strip_end(f.superseded)) if x and x.lower() in text.lower()}
    if getattr(ctx, "distractor_label", None) and ctx.distractor_label.lower() in text.lower():
        labels.add(ctx.distractor_label)
    if not labels:
        return rewrite(text)
    kept: list[str] = []

    def hold(m: re.Match) -> str:
        kept.append(m.group(0))
        return f"\ue000{len(kept) - 1}\ue001"

    # (as the check reads them: whatever the case of the label's first word at a sentence's start)
    held = re.sub("|".join(re.escape(x) for x in sorted(labels, key=len, reverse=True)), hold, text, flags=re.I)
    return re.sub(r"\ue000(\d+)\ue001", lambda m: kept[int(m.group(1))], rewrite(held))


def own_possessives(ctx: ArtifactContext, body: str) -> str:
    """The writer's own lines with its own side's role possessives in its voice: the adjuster's mail writes 'our
    period of restoration', not 'the adjuster's period of restoration', and the tenant's solicitors 'our client's
    proposed rent'; to the one organisation it writes to, 'your' (a fresh business-interruption outline, read as its
    coverage partner: the adjuster wrote of 'the adjuster's period of restoration' in its own position letter, and
    counsel answered it on 'the adjuster's business interruption loss'). Quoted and forwarded lines stay as written."""
    return _keeping_labels(ctx, body, lambda text: _own_possessives(ctx, text))


def _own_possessives(ctx: ArtifactContext, body: str) -> str:
    """own_possessives, on a text whose superseded labels are held."""
    mine = ctx.author.organisation
    readers = {p.organisation for p in ctx.to}
    yours = next(iter(readers)) if len(readers) == 1 and mine not in readers else ""
    lines, out, quoted = body.split("\n"), [], False
    cache: dict[str, str] = {}

    def voiced(m: re.Match) -> str:
        noun = m.group(2)
        if noun not in cache:
            party = role_party(ctx, noun)
            # the reader first: to the client itself its own figure is 'your', never 'our client's' (read 16)
            cache[noun] = ("" if not party else "our" if party == mine else "your" if party == yours else
                           # (nor, to a note the client is on with others, 'our client's': the associate to the forensic
                           # accountants and the client's operations director, "Our client's period of restoration
                           # stands at 146 days", read at seed 83): the client by its name
                           _short(party) + "'s" if party in readers and principal(ctx, mine) == party else
                           "our client's" if principal(ctx, mine) == party else "your client's"
                           if yours and principal(ctx, yours) == party else "")
        word = cache[noun]
        if not word:
            return m.group(0)
        return word[:1].upper() + word[1:] if m.group(1) == "The" else word

    for line in lines:
        if re.match(r"-{5,} Forwarded message", line) or re.match(r"On .{5,120} wrote:$", line):
            quoted = True
        out.append(line if quoted or line.startswith(">") else _ROLE_POSSESSIVE.sub(voiced, line))
    return "\n".join(out)


# A figure a party's own price, offer or claim puts forward, as its statement says ("After the final QoE, Pennock Row's
# revised price values Cindermill at ..."): that party's, whoever writes it down.
_PUTS = (r"(?:(?:revised|final|non-binding|first|latest|original|initial|proposed|own|new|reduced|opening) )*"
         r"(?:price|offer|bid|proposal|LOI|letter of intent|claim|demand|statement|calculation|valuation|"
         r"counter-?offer)")


def put_forward_by(ctx: ArtifactContext, f: FactRef) -> str:
    """The party whose figure `f` is: the one its label or statement names (owner_of), else the one whose price,
    offer or claim its statement says it is; '' when none."""
    from worldsmith.generators.compose.substance.argue import owner_of

    who = owner_of(ctx, f)
    if who:
        return who
    statement = " ".join(f.statement.split())
    for o in ctx.organisations:
        first = o.name.split()[0]
        if len(first) > 3 and re.search(rf"\b{re.escape(first)}(?: [A-Z][\w&-]*)*['’]s {_PUTS}\b", statement):
            return principal(ctx, o.name)
    return ""


def their_figure(ctx: ArtifactContext, f: FactRef) -> bool:
    """Whether `f` is a figure the other side put forward, for the author (never a neutral's)."""
    who = put_forward_by(ctx, f)
    return bool(who) and not neutral(ctx, who) and home(ctx, who) != home(ctx, ctx.author.organisation)


_LEGAL_SUFFIX = re.compile(r",?\s+(?:N\.A\.|Inc\.?|LLP|LLC|Ltd\.?|Limited|plc|PLC|Corp\.?|Corporation|Co\.|L\.P\.|LP)$")


def to_the_reader(ctx: ArtifactContext, text: str) -> str:
    """A paper's name said to the organisation it names, in the second person: to Lakeshore itself, "the voluntary
    refund letter to you", never "the voluntary refund letter to Lakeshore Medicare Services" (read 20: "names his own
    organisation in the third person"); only where every addressee is of that one organisation, not the author's."""
    theirs = {p.organisation for p in ctx.to}
    if len(theirs) != 1 or ctx.author.organisation in theirs:
        return text
    name = next(iter(theirs))
    names = [name] + ([bare] if (bare := _LEGAL_SUFFIX.sub("", name).strip()) != name and len(bare) > 3 else [])
    said = "|".join(re.escape(n) for n in names)
    text = re.sub(rf"\b(to|for|from|with|by) (?:the )?(?:{said})(?![\w'’])", r"\1 you", text)
    return re.sub(rf"(?<![\w-])(?:the )?(?:{said})['’]s? ", "your ", text)


def from_the_writer(ctx: ArtifactContext, text: str) -> str:
    """A paper named for the writer's own organisation, in the writer's words: "our surcharge notice", never "the
    brennmoor surcharge notice" from Brennmoor's own Vice President, Sales (read at seed 67)."""
    name = ctx.author.organisation
    names = [name] + ([bare] if (bare := _LEGAL_SUFFIX.sub("", name).strip()) != name and len(bare) > 3 else []) + \
        ([first] if len(first := name.split()[0].rstrip(",")) > 3 and first.lower() != "the" else [])
    said = "|".join(re.escape(n) for n in sorted(set(names), key=len, reverse=True))
    return re.sub(rf"\b[Tt]he (?:{said})(?:['’]s)? (?=[a-z])", "our ", text, flags=re.I)


# A thing asked for, said back by the one asked: the asker's "your client's response" is the answerer's "our client's
# response", and the asker's "our papers" the answerer's "your papers" (read 20, buy-side: the sell-side adviser,
# asked "Please let us have your client's response by tomorrow", answered "Your client's response will be with you by
# end of day").
_PERSONS = {"me": "you", "my": "your", "us": "you", "our": "your", "ours": "yours", "your": "our", "yours": "ours"}


def turned(ctx: ArtifactContext, what: str) -> str:
    """What another wrote of (`what`), in the words of the one it was written to (the author): first and second
    persons change places, and "our client's" stays only where the author acts for a client ("our response" else)."""
    out = re.sub(r"\b(me|my|us|our|ours|your|yours)\b", lambda m: _PERSONS[m.group(1)], what)
    if not client_of(ctx):
        out = re.sub(r"\bour clients?['’]s?\s+", "our ", out)
    return out


_ACT_BY = {"claimed": "claim", "demanded": "demand", "proposed": "propose", "offered": "offer", "allowed": "allow",
           "assessed": "assess", "invoiced": "invoice", "sought": "seek", "estimated": "estimate", "calculated":
           "calculate"}


def own_acts(ctx: ArtifactContext, text: str) -> str:
    """A figure its writer's own organisation put forward, in the writer's voice: the supplier's own notice wrote 'The
    surcharge claimed by Brennmoor is USD 4,132,800' (seed 31); it says 'The surcharge we claim is ...', and of the
    one organisation it writes to, 'the ... you claim'."""
    return _keeping_labels(ctx, text, lambda held: _own_acts(ctx, held))


def _own_acts(ctx: ArtifactContext, text: str) -> str:
    """own_acts, on a text whose superseded labels are held."""
    mine = ctx.author.organisation
    readers = {p.organisation for p in ctx.to}
    yours = next(iter(readers)) if len(readers) == 1 and mine not in readers else ""

    def names(org: str) -> str:
        short = org.split()[0].rstrip(",")
        return "|".join(re.escape(n) for n in ([org] + ([short] if len(short) > 3 and short.lower() != "the" else [])))

    for org, who in ((mine, "we"), (yours, "you")):
        if not org:
            continue
        def voiced(m: re.Match) -> str:
            start = m.start() == 0 or m.string[:m.start()].rstrip().endswith((".", ":", ";")) and \
                not m.string[:m.start()].rstrip().endswith(";")
            thing = m.group(2)
            thing = thing[:1].lower() + thing[1:] if not m.group(1) and not thing[:2].isupper() else thing
            return f"{'The' if start else 'the'} {thing} {who} {_ACT_BY[m.group(3)]}"

        text = re.sub(rf"(?:\b([Tt]he) |(?<![\w,] ))\b([A-Za-z][\w-]*(?: [a-z][\w-]*){{0,2}}) ({'|'.join(_ACT_BY)}) by "
                      rf"(?:{names(org)})\b(?!['’])", voiced, text)
    return text


# "Our client" is said by one who acts for a client, "your client" to one who does: a contractor's project executive
# closed his notice of delay with "Our client's rights are expressly reserved", and an engine shop asked the lessor
# itself to "let us have your client's response" (mail8's read of two unseen outlines at seed 9).
_OUR_CLIENT = re.compile(r"(?<![\w'])our clients?\b", re.I)
_OTHERS = re.compile(r"\b(?:other|all) (?:addressees|recipients)\b|\bcop(?:y|ies) to\b", re.I)
_YOUR_CLIENT = re.compile(r"\byour clients?\b|\byour (?:\[[^\]]*\]\s*)?clients?\b", re.I)
_GROUP = re.compile(r"\[(~?)([^\[\]]*\|[^\[\]]*|[^\[\]|]*)\]")


# A reservation of rights is a lawyer's line, or a party's own: the buyer's quality-of-earnings accountants closed a
# reply to the target with "our rights are expressly reserved", and a bank's associate told the target's Head of IT
# "Our client's rights remain reserved" (read 18, buy-side diligence: "template wording no practitioner writes").
_RESERVES = re.compile(r"\breserv(?:e|es|ed|ing)\b[^.;]*\b(?:rights?|position)\b|\b(?:rights?|position)\b[^.;]*"
                       r"\breserved\b", re.I)
# A day set for the reader's answer ('Kindly let us have your response by {day}', 'We look for your response by').
_SETS_DAY = re.compile(r"\byour (?:\[[^\]]*\]\s*)?(?:client's )?(?:written )?(?:response|reply|position|comments|"
                       r"confirmation|answer)s?\b[^.;]*\bby\b|\b(?:please|kindly)\s+(?:respond|reply|revert)\b", re.I)
_LAW_FIRM = re.compile(r"\b(?:counsel|solicitors?|attorneys?|lawyers?|law firm|legal advis[eo]rs?|barristers?)\b", re.I)


def reserves_rights(ctx: ArtifactContext) -> bool:
    """Whether the author may reserve rights: a law firm's people, or a party writing for itself (never an adviser
    who is no lawyer, nor one who rules between the parties)."""
    here = org(ctx, ctx.author.organisation)
    # (nor to or by a public body or a neutral: counsel reserved 'all rights' to the labour administration and to the
    # taxpayer ombudsman, and the ombudsman 'noted the decision' with 'our rights are reserved', read 30)
    if here is not None and authority(here.role) or to_authority(ctx):
        return False
    if here is None:
        return True
    if _LAW_FIRM.search(here.role) and here.acts_for:
        return True
    return not here.acts_for and not neutral(ctx, here.name)


# Roles that put the sides in a dispute, and those that put them across a deal (a buyer's diligence of a target): across a
# deal nobody reserves rights in mail, a dispute named or not (a delay claim's roles name no "opposing" party).
_DISPUTE = re.compile(r"\b(?:opposing|adverse|claimant|respondent|defendant|plaintiff)\b", re.I)
_DEAL = re.compile(r"\b(?:sell-side|vendor'?s?|seller'?s?|the target)\b", re.I)


def in_dispute(ctx: ArtifactContext) -> bool:
    """Whether the sides of the matter are in dispute: a role names an adverse party, or none puts them across a deal."""
    roles = [o.role for o in ctx.organisations]
    return any(_DISPUTE.search(r) for r in roles) or not any(_DEAL.search(r) for r in roles)


# The SOC 2018 occupations of a party's people who reserve rights in mail: lawyers (in-house counsel) and claims
# adjusters and examiners (an insurer's reservation of rights).
_RESERVING_TRADES = frozenset({"23-1011", "13-1031"})


def reserves_rights_in_mail(ctx: ArtifactContext) -> bool:
    """Whether the author reserves rights in a message: as reserves_rights, and only where the sides are in dispute
    (read 22, a buy-side diligence: "The target's finance lead answers the buyer's accountants like a litigator ('We
    reserve the right to supplement')"; the buyer's counsel closed a note on the working capital peg "Our client
    reserves all of its rights")."""
    if not (reserves_rights(ctx) and in_dispute(ctx)):
        return False
    here = org(ctx, ctx.author.organisation)
    if here is not None and _LAW_FIRM.search(here.role) and here.acts_for:
        return True
    # a party's own people reserve rights in mail only where reserving them is their trade (read 22: "a supplier's
    # sales VP reserves rights in an invoice note"; only lawyers and formal notices reserve rights, and an insurer's
    # claims people, whose reservation of rights is a formal step of their own)
    return getattr(ctx.spec, "occupation", "") in _RESERVING_TRADES


def lawyer(ctx: ArtifactContext) -> bool:
    """Whether the author's organisation is a law firm acting for a client."""
    here = org(ctx, ctx.author.organisation)
    return here is not None and bool(here.acts_for) and bool(_LAW_FIRM.search(here.role))


def deals_across(ctx: ArtifactContext, name: str) -> bool:
    """Whether an organisation deals with the other side itself: a principal, or the law firm acting for one. An expert,
    valuer or consultant retained by one side works through it (read 28: the contractor's retained delay expert said he
    would "raise the owner-caused delay days with" the owner, the party across)."""
    here = org(ctx, name)
    if here is None or neutral(ctx, name):
        return True
    return not (here.acts_for or here.engaged_by) or bool(_LAW_FIRM.search(here.role))


def without_reservation(frames: list[str]) -> list[str]:
    """The frames that reserve no rights: a wording of an "[a|b]" group that reserves is dropped, a frame that still
    does is dropped (none left: the frames as they were)."""
    out = []
    for frame in frames:
        emptied = False

        def keep(m: re.Match) -> str:
            nonlocal emptied
            alts = [a for a in m.group(2).split("|") if not _RESERVES.search(a)]
            emptied = emptied or not alts
            return f"[{m.group(1)}{'|'.join(alts)}]" if len(alts) > 1 else (alts[0] if alts else "")

        kept = _GROUP.sub(keep, frame)
        if not emptied and not _RESERVES.search(_GROUP.sub(lambda g: g.group(2).split("|")[0], kept)):
            out.append(kept)
    return out or list(frames)


def in_voice(ctx: ArtifactContext, frames: list[str]) -> list[str]:
    """The frames the author may say to these recipients: no "our client" from one who acts for no one, no "your
    client" to addressees none of whom acts for anyone, no reservation of rights from an adviser who is no lawyer,
    no "other addressees" to one;
    an "[a|b]" wording that says it is dropped, a frame whose every wording says it is dropped (none left: the frames
    as they were)."""
    # (nor "our client" to the client itself: read 31, the client bank's adviser wrote to the bank "for our client")
    ours = bool(client_of(ctx)) and not (ctx.to and all(p.organisation == client_of(ctx) for p in ctx.to))
    # (the addressees, not those copied: an engine shop wrote "your client's response" to the lessor's own asset manager
    # because the lessor's records consultant was in copy)
    served = {o.acts_for for p in ctx.to if (o := org(ctx, p.organisation)) is not None and o.acts_for}
    # (nor "your client" where the client itself is addressed: read 23, an analyst asked the target and the sell-side
    # adviser together for "your client's response by tomorrow morning")
    theirs = bool(served) and not any(p.organisation in served for p in ctx.to)
    reserves = reserves_rights_in_mail(ctx)
    # (nor a day set for a public body's or a neutral's answer: 'Kindly let us have your response by Monday morning'
    # to the labour administration, read 30)
    sets_day = not to_authority(ctx)
    if ours and theirs and reserves and sets_day:
        return list(frames)

    # "the other addressees" to one addressee and no copy (read 19: "'Copies to the other addressees' when there are
    # none")
    several = len(ctx.to) + len(ctx.cc) > 1

    def fits(text: str) -> bool:
        return (ours or not _OUR_CLIENT.search(text)) and (theirs or not _YOUR_CLIENT.search(text)) and \
            (reserves or not _RESERVES.search(text)) and (several or not _OTHERS.search(text)) and \
            (sets_day or not _SETS_DAY.search(text))

    out = []
    for frame in frames:
        dropped = False

        def keep(m: re.Match) -> str:
            nonlocal dropped
            before = _GROUP.sub(lambda g: g.group(2).split("|")[0], frame[:m.start()])[-12:]
            alts = [a for a in m.group(2).split("|") if fits(before + a)]
            dropped = dropped or not alts
            return f"[{m.group(1)}{'|'.join(alts)}]" if len(alts) > 1 else (alts[0] if alts else "")

        kept = _GROUP.sub(keep, frame)
        if not dropped and fits(_GROUP.sub(lambda g: g.group(2).split("|")[0], kept)):
            out.append(kept)
    return out or list(frames)


# What a sentence does with a fact of the reader's besides stating it: asks, confirms, challenges or notes it, or
# already speaks to the reader of it ('your', 'you put').
_PUT_TO = re.compile(r"\b(?:you|your|yours|dispute\w*|reject\w*|accept\w*|agree\w*|challeng\w*|confirm\w*|quer\w*|"
                     r"note[ds]?|noting|support\w*|source|decid\w*|decision|reserv\w*)\b|\?", re.I)


_DISPUTES = re.compile(r"\b(?:disput\w*|reject\w*|not accepted|do not accept|challeng\w*|contest\w*)\b", re.I)


def told_to_owner(ctx: ArtifactContext, text: str) -> str:
    """The writer's own sentences across the table that state a fact of the other side's (its claim, its records or
    its act: their_labels, by context.fact_owner) as the writer's news, put to the reader to confirm: the auditors
    wrote to the licensee 'Further, we have 41,260 units declared in the royalty reports', the licensee's own reports
    (blind read 26); now 'We have the units declared in the royalty reports from your side as 41,260 units; please
    confirm that is right.' A sentence that already asks, challenges or notes it stays, and so does a neutral's."""
    # (a superseded paper's label that writes the figure that replaced it, 'replaced ... by 15.2', is no statement of
    # that figure to put to its owner: it stays whole beside the old value)
    return _keeping_labels(ctx, text, lambda held: _told_to_owner(ctx, held))


def _told_to_owner(ctx: ArtifactContext, text: str) -> str:
    """told_to_owner, on a text whose superseded labels are held."""
    from worldsmith.generators.compose.bank import bank, picker_for
    from worldsmith.generators.compose.text import strip_end

    if not ctx.organisations or not across(ctx) or neutral(ctx, ctx.author.organisation):
        return text
    # (by id, and the readers' own only: the lessor's counsel took the engine shop's quote as the lessee's, 'On the
    # Engine 2 PRSV quote we take your USD 6,180,000')
    theirs = [f for f in ctx.facts if f.text and f.label and f.id in ctx.readers_own]
    if not theirs:
        return text
    pick = picker_for(ctx, 23)
    cut = re.search(r"\n(?:On .{5,120} wrote:\n|-{5,} Forwarded message|Attached:)", text)
    at = cut.start() if cut else len(text)
    said: set[str] = set()
    used: list[str] = []
    line_now = [""]

    def put(sentence: str) -> str:
        f = next((f for f in theirs if f.text in sentence), None)
        if f is None or _PUT_TO.search(sentence.lower().replace(f.text.lower(), " ").replace(f.label.lower(), " ")) \
                or f.id in said or \
                any(g.text and g.text != f.text and g.text in sentence for g in ctx.facts):
            # (a sentence that works another figure from it says that figure too, and stays: 'On our 98 days the
            # business interruption loss is USD 3,942,500: USD 41,500 a day ...')
            return sentence
        said.add(f.id)
        label = strip_end(f.label)
        label = label if label.lower().startswith("the ") or re.match(r"[A-Z][\w-]*['’]s\b", label) else "the " + label
        # after a dispute of it, the figure is said as theirs, not put to them to confirm ('Our client disputes the
        # cap. You put the para 4.3 engine compensation cap at USD 879,800.'); (a second such sentence of one message
        # in another frame: 'We are working from ... as you gave it' twice)
        key = "owners_fact_disputed" if _DISPUTES.search(line_now[0]) else "owners_fact"
        frames = [x for x in bank("email")[key] if x not in used] or bank("email")[key]
        used.append(pick.frame(frames))
        return pick.reword(used[-1]).format(label=label, text=f.text)

    lines = []
    for line in text[:at].split("\n"):
        if line.startswith(">") or not re.search(r"[.!]$", line.strip()):
            lines.append(line)
            continue
        line_now[0] = line
        lines.append(" ".join(put(s) for s in re.split(r"(?<=[.!])\s+(?=[A-Z0-9])", line.strip())))
    return "\n".join(lines) + text[at:]

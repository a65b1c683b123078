"""The offline chat composer: one short, informal line per planned post, about the matter's own facts, files and
people, carrying the day's facts and mentions."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import PurePosixPath

from worldsmith.generators.compose.bank import Picker, bank, picker_for
from worldsmith.generators.compose.facts import agree, fact_sentence, limit_words
from worldsmith.generators.compose.parties import home, opponent
from worldsmith.generators.compose.text import lower_first, mail_day, title_head
from worldsmith.generators.context import ArtifactContext, paper_key

_TEAM = re.compile(r"\s+(matter|deal|fieldwork|engagement|project|working|core|shared|joint|client|internal)?\s*"
                   r"(team|group|room|channel)\b.*$", re.I)


def _ago(sent: dt.datetime | None, said: dt.datetime) -> str:
    """How long before a post a message went, in a colleague's words: 'just now' within the half hour, 'this
    morning' from a morning to an afternoon, else 'earlier' (a submission that went at 12:13 had gone "just now" in
    a post of 16:26, read of bi-claim at seed 97)."""
    if sent is None:
        return "earlier"
    if said - sent <= dt.timedelta(minutes=30):
        return "just now"
    return "this morning" if sent.hour < 12 <= said.hour else "earlier"


def matter_name(ctx: ArtifactContext) -> str:
    """The matter's short name as its team says it: the channel's topic without 'matter team' ('Aurelian Tide'),
    else the world title's first words; never the name of a firm of the conversation ('more on Brannock and St.
    Aldric revenue cycle' among Brannock's own staff, blind read 21: 'the revenue cycle')."""
    firms = {getattr(p, "organisation", "") for p in [getattr(ctx, "author", None), *getattr(ctx, "to", [])] if p}
    whole = _matter_name(ctx)
    said = _without(whole, firms)
    if said != whole and " " not in said.removeprefix("the "):
        # one word left of a channel named for who is in it ('Corrib technical and Kestrel Whitlock': 'the
        # technical', re-read at seed 83): the matter as the world's title names it, without the firms
        head = re.split(r"[:(]", ctx.world_title)[0].split()
        said = _without(" ".join(head if len(head) <= 5 else head[:3]), firms)
        if " " not in said.removeprefix("the "):
            said = "the file"
    return said


def _without(said: str, firms: set[str]) -> str:
    """A name without the names of the firms given (see matter_name); 'the file' where nothing else is left."""
    # a firm is named by its name's first words, however many ('Quillfield Packaging' of 'Quillfield Packaging Group
    # Inc.': never 'Packaging' left over)
    names = sorted({" ".join(o.split()[:k]) for o in firms if o for k in range(1, len(o.split()) + 1)}
                   | {short_org(o) for o in firms if o}, key=len, reverse=True)
    names = [n for n in names if len(n) > 2]
    if not names:
        return said
    rest = said
    for n in names:
        rest = re.sub(rf"\b{re.escape(n)}(?:'s)?(?=\W|$)", " ", rest)
    # (the joining word in the channel's own language too: 'Serra Azul fiscal e Prado Albuquerque' left 'the fiscal e',
    # "that is the fiscal e covered for now", blind read 34)
    rest = re.sub(r"^\W*(?:(?:and|&|e|y|et|und|en|og|och|i|v\.?|vs\.?|with)\s+)+|"
                  r"(?:\s+(?:and|&|e|y|et|und|en|og|och|i|v\.?|vs\.?|with))+\W*$", "", rest.strip())
    rest = re.sub(r"\s+", " ", rest).strip(" -,:")
    if rest == said:
        return said
    if not rest or not re.search(r"[a-z]{3,}", rest):
        return "the file"  # (nothing of it is not a firm of the conversation's)
    # what is left is a common noun phrase ("revenue cycle") unless it is a name ("Halden Street")
    return rest if rest[:1].isupper() else f"the {rest}"


def _matter_name(ctx: ArtifactContext) -> str:
    """The matter's short name before any firm's name is taken out of it (see matter_name)."""
    topic = _TEAM.sub("", getattr(ctx.spec, "topic", "") or "").strip()
    # a channel named for who is in it is not the matter ("five minutes on Owner and counsel", seed 31): its topic
    # names the matter only where it shares a word with the world's title
    # (a word of its own, not a joining word: "Owner and counsel" shares only "and" with "... liquidated damages,
    # Brackwater Builders v. Tallowmere Health", and was still "fifteen minutes on Owner and counsel", blind read 22)
    said = _content_words(ctx.world_title)
    if topic and getattr(ctx.spec, "conversation", "channel") == "channel" and _content_words(topic) & said:
        return topic  # a direct message's topic is who talks ("Partner and senior associate"), not the matter
    head = re.split(r"[:(]", ctx.world_title)[0].split()
    return " ".join(head if len(head) <= 5 else head[:3])


_JOINING = frozenset("and the for with from into onto over under v vs of to on in at by or its our their".split())


def _content_words(text: str) -> set[str]:
    """The words of a name that say what it is about, in lower case: none of its joining words ('and', 'the')."""
    return {w.lower() for w in re.findall(r"[A-Za-z]{3,}", text)} - _JOINING


def short_org(name: str) -> str:
    """How a team names an organisation in chat: its first word or two ('Fairleigh', 'St. Aldric')."""
    words = name.split()
    if not words:
        return ""
    return " ".join(words[:2]) if words[0].endswith(".") or len(words[0]) <= 3 else words[0]


def paper_name(title: str) -> str:
    """A paper as a team names it in chat: its title without its instance date or its subtitle, in lower case where
    it is sentence case ('Weekly diligence call: notes and actions - October 22' -> 'the weekly diligence call
    notes'; 'Coverage memo - the coinsurance penalty and the proof of loss' -> 'the coverage memo')."""
    head = re.sub(r"(\s+-\s+|,\s+)[A-Z][a-z]+ \d{1,2}$", "", title)
    # minutes are "the minutes of" their meeting; a long title is said by its part before the colon or dash
    head = re.sub(r"^Minutes\s*[-:]\s+", "minutes of the ", head)
    before, cut, after = (re.split(r"(:\s+|\s+-\s+)", head, maxsplit=1) + ["", ""])[:3]
    if cut and len(before.split()) >= 2:
        head = before + (" notes" if re.match(r"(notes|minutes)\b", after, re.I) else "")
    else:
        head = head.replace(": ", " ")
    # (a long title without a colon or a dash is cut to its head noun phrase: "every chat line spells out the
    # draft answer's full title", 'the draft answer and affirmative defenses of Ostrander Energy Corporation',
    # blind read 13): the party it is of or for goes, then anything after an "and"
    if len(head.split()) > 4:
        head = re.sub(r"\s+(?:of|for|by|between|re|regarding|against|with|from|to)\s+(?:the\s+)?[A-Z].*$", "", head)
    if len(head.split()) > 4 and " and " in head:
        # (up to the first "and" that leaves two words before it: "Sources and uses and funds flow" is "the sources
        # and uses", not "the sources", read in a weekly note's "Ben: settle the sources by 14 October")
        parts = head.split(" and ")
        keep = next((i for i in range(1, len(parts)) if len(" and ".join(parts[:i]).split()) >= 2), len(parts))
        head = " and ".join(parts[:keep])
    # ('Memorandum on the tender of defense' is 'the tender of defense memo')
    about = re.match(r"(?:the\s+)?(memorandum|memo|note|report|letter|paper)\s+(?:on|re|about|regarding|concerning)"
                     r"\s+(?:the\s+)?(.+)$", head, re.I)
    if about and len(head.split()) > 4:
        # (its subject by its head noun phrase: "the responsible-party status of a voyage charterer under OPA 90
        # section 1001(32) memo", the full title word for word, blind read 17)
        subject = about[2]
        # (its first point only, never a list of them: "the section 18(1), supersession memo", blind read 36)
        subject = re.split(r",\s+|;\s+", subject, maxsplit=1)[0]
        # (a subject that is an act is named by what it acts on: "the binding the dissenting lender memo" is "the
        # dissenting lender memo", blind read 36)
        acted = re.match(r"[a-z]+ing\s+(?:the|a|an)\s+(.+)$", subject)
        if acted and len(acted[1].split()) <= 3:
            subject = acted[1]
        if len(subject.split()) > 3:
            subject = re.split(r"\s+(?:of|under|for|in|to|on|by|with|between|against|from|after|before)\s+",
                               subject, maxsplit=1)[0]
        head = f"{subject} {'memo' if about[1].lower() == 'memorandum' else about[1].lower()}"
        if subject[:1].isupper():
            return f"the {head}"  # (a subject that opens with a capital in a sentence-case title is a name: Ashgrove)
    words = head.split()
    if words and words[0][:1].isupper() and not words[0].isupper() and (len(words) == 1 or not words[1][:1].isupper()):
        head = words[0].lower() + head[len(words[0]):]
    return head if head.lower().startswith(("the ", "a ")) else f"the {head}"


def _subjects(pick: Picker, ctx: ArtifactContext, files: list[str]) -> list[str]:
    """What the day's threads may be about: its facts still in play by label, its files by name, the papers its
    members made in the last fortnight ('the memo re breaking the limit'). Never the papers of a trade at large
    (a morning note or a trade confirmation is a trading desk's, not a deal team's), nor a date long past or a
    name, which nobody chases."""
    out = [f.label for f in ctx.facts if f.label and not f.past and f.value.type != "text"]
    out += files
    papers = [paper_name(t) for t in ctx.room_papers]
    # the day's own facts and files first; the team's recent papers where the day has few
    out += pick.some(papers, max(1, 3 - len(out))) if papers else []
    return list(dict.fromkeys(out)) or [f"the {matter_name(ctx).removeprefix('the ')} file"]


def _asked(pick: Picker, fact, name: str, had: bool = False) -> str:
    """A colleague's question whose answer is this fact: what number we use, when a date is, what a point is; one who
    `had` it in mail asks what it is now, never whether there is one yet."""
    lines = bank("chat")["talk"]["ask"]
    kind = "term" if getattr(fact, "term", False) and "term" in lines else \
        "figure" if fact.value.type in ("money", "number", "percent") else \
        "past" if fact.past else "date" if fact.value.type == "date" else "text"
    frames = [f for f in lines[kind] if not _NOT_YET.search(f)] if had else lines[kind]
    return pick.fill(frames or lines[kind], label=fact.label, name=name) or f"{fact.label}?"


# A question that says the figure has not come yet ("do we have a figure for the 2025 underpayment yet").
_NOT_YET = re.compile(r"\byet\b")


def _answer(pick: Picker, fact, inside: bool, named: bool = False) -> str:
    """The reply that gives the fact: its value, now and then why it is what it is or where to read it (our own
    sheets only to our own people)."""
    talk = bank("chat")["talk"]
    if fact.value.type in ("money", "number", "percent") and fact.label and not named:
        said = pick.fill(talk["value_term" if fact.term else "value"], text=fact.text, label=fact.label) or fact.text
    else:
        said = lower_first(fact_sentence(pick, fact, "email"))
        # chat drops the closing stop, never one the value carries ("Kestrel Bay Tankers Ltd.")
        said = said[:-1] if said.endswith(".") and not said.endswith(fact.text) else said
    if fact.reason and pick.chance(0.5):
        how = limit_words(fact.reason)  # a limit said as one, never its formula (read 21)
        said += " - " + (pick.fill(talk["why"], reason=how) or how)
    elif fact.source and inside and pick.chance(0.5):
        said += " - " + (pick.fill(talk["where"], source=fact.source) or fact.source)
    return said


def _subject(subject: str) -> str:
    """A thread's subject as said in chat: without Re:/Fw: and in lower case where it is sentence case."""
    head = re.sub(r"^((re|fw|fwd):\s*)+", "", subject, flags=re.I).strip()
    # a subject line is named as people name it, never pasted whole: its head before a colon or dash, without a
    # bracketed aside or a closing 'in'/'out' ("legal due diligence report (red flag): Wernitz Dosiertechnik GmbH",
    # blind read 35; "works council advice in: decision on the three conditions", blind read 34)
    short = re.sub(r"\s*\([^()]*\)", "", head)
    # (a version mark before the colon is no name: "Kalmbach's email on DRAFT v1", de-gmbh-share-purchase at seed 35)
    # (nor a follow-up's or reminder's: "William's email on Follow-up: Senior officers' meeting under section 9.1, May
    # 5", blind read 34's ca-nsr-royalty-audit at seed 34)
    short = re.sub(r"^(?:draft|final|revised|updated|v\d+|follow[- ]?up|reminder|chaser|urgent|update)"
                   r"(?:\s+v?\d+(?:\.\d+)*)?\s*(?::|\s[-\u2013\u2014])\s+", "", short, flags=re.I)
    # (a list of points is named by its first: "rejection of tender; reservation of rights under Clause 41.3")
    before = re.split(r"[:;]\s+|\s+[-\u2013\u2014]\s+", short, maxsplit=1)[0]
    before = re.sub(r"\s+(?:in|out|received|sent|attached|back|here|done)$", "", before.strip(), flags=re.I)
    if len(before.split()) >= 2:
        head = before
    head = head.rstrip("?!. ")  # (the frame closes it: "email on ... recurso ordinário??", blind read 34)
    head = re.sub(r"(?:\s+-\s+|,\s+)[A-Z][a-z]+ \d{1,2}$", "", head)  # (its instance date, as paper_name drops it)
    about = re.match(r"(memorandum|memo|note|report|letter|paper)\s+(?:on|re|about|regarding|concerning)\s+(?:the\s+)?"
                     r"(.+)$", head, re.I)
    if about:
        # a memo re something is named by what it is on, short or long ("our email on memo re coverage and entitlements
        # under the General Retail Industry Award 2020", au-wage-underpayment-remediation at seed 35)
        named = paper_name(head).removeprefix("the ")
        if not re.match(r"(?:memorandum|memo|note|report|letter|paper)\b", named, re.I):
            return named
        kind = "memo" if about[1].lower() == "memorandum" else about[1].lower()
        on = re.split(r",\s+|;\s+|\s+(?:of|under|for|in|to|on|by|with|between|against|from)\s+", about[2], maxsplit=1)[0]
        return f"{on if on[:1].isupper() else lower_first(on)} {kind}"
    words = head.split()
    # (a name before a colon stays a name: "halvergate: clause 6.3 cap on the index adjustment has gone to Tallis",
    # supply-surcharge at seed 83)
    # (nor is a name that owns something: "corvane's intentions for the 3rd and 4th floors", blind read 36)
    if words and words[0][:1].isupper() and not words[0].isupper() and not words[0].endswith((":", "'s", "\u2019s")) \
            and (len(words) == 1 or not words[1][:1].isupper()):
        head = words[0].lower() + head[len(words[0]):]
    return head


# A recall that says a value still holds: never of a date gone by ("as it stands, 31 July 2026 was the LTM period end")
_STANDS = re.compile(r"as it stands|still|no change")


# A line that waits for an answer from outside ("I'll watch for Nimbusgate's reply"): never said once it has come.
_AWAITED = re.compile(r"watch for|keep an eye out|any reply|anything back|look out for")


def _back(ex: dict, at) -> bool:
    """Whether the answer to a mail of the day that went out has come back by `at` (see MailOfDay.answered_at)."""
    back = ex.get("answered_at") if ex.get("kind") == "mail" else None
    return back is not None and at is not None and back <= at


def _kept(ex: dict) -> str:
    """The frames of a file put up as it stands, by how it came: received from outside, sent out, or signed."""
    return "file_received" if ex.get("received") else "file_sent" if ex.get("sent") else "file_standing"


def _due(day, today) -> str:
    """When a paper is due, as a team says it: 'tomorrow', 'Thursday', 'next Tuesday'."""
    days = (day - today).days
    # "next Thursday" is the Thursday of next week, never the one after ("it is due next Thursday" said on Friday
    # April 17 of a paper due April 30, bi-claim at seed 37)
    weeks = (day - dt.timedelta(days=day.weekday()) - (today - dt.timedelta(days=today.weekday()))).days // 7
    return "tomorrow" if days == 1 else f"{day:%A}" if weeks == 0 or (weeks == 1 and days <= 4) \
        else f"next {day:%A}" if weeks == 1 else f"by {day:%B} {day.day}" if days <= 21 \
        else f"in {day:%B}" if day.month != today.month else "later this month"


_ON_DUE = re.compile(r"\b(?:keep|time|till)\]? \{due\}|\bI'll\b[^-]*\{due\}")


def on_a_day(frames: list[str], due: str) -> list[str]:
    """The frames that may be said of a paper due `due`: time is kept, and a paper read, on a day, never on a month or
    a far date ("great, I'll read it in July" of a draft notice, blind read 22; "I'll keep in April clear", seed 37)."""
    if not re.match(r"(?:by|in|later)\b", due):
        return frames
    return [f for f in frames if not _ON_DUE.search(f)]


def whens(at) -> list[str]:
    """When later a chat line can put something, from the post's own time: no 'tonight' at 08:01 nor 'this afternoon'
    at 16:40 (at 08:01 someone asked for time "tonight", the reply was "this afternoon suits", blind read 19)."""
    h = at.hour
    if h < 11:
        return ["later this morning", "after lunch", "this afternoon", "before 4", "by end of day"]
    if h < 14:
        return ["this afternoon", "before 4", "by end of day"] + (["after lunch"] if h < 13 else [])
    if h < 16:
        return ["later today", "by end of day", "before 5"]
    return ["by end of day", "tonight", "first thing tomorrow", "in the morning"]


_PUT_OFF = re.compile(r"\bmake it later\b|\btied up\b|\bin a meeting\b|\bon another call\b")

# The hour a time said in chat stands for, and the times a call put off is moved to: a put-off names a time later than
# both the one asked for and the hour it is typed ("can we make it later?" answering "before 4" named no time, blind
# read 35)
_HOUR_OF = {"later this morning": 11, "after lunch": 15, "this afternoon": 16, "before 4": 16, "later today": 17,
            "before 5": 17, "by end of day": 18, "after the 2pm": 15, "before the call": 12, "tonight": 20,
            "first thing tomorrow": 33, "in the morning": 33}
_LATER = [("after lunch", 14), ("after 3", 15), ("after 4", 16), ("after 5", 17), ("first thing tomorrow", 33),
          ("tomorrow afternoon", 38)]


def later_than(asked: str, at) -> str:
    """A time to put a call off to: after the time asked for and at least an hour after the post (see _HOUR_OF)."""
    floor = max(_HOUR_OF.get(asked, at.hour + 1), at.hour + 1 + (1 if at.minute >= 30 else 0))
    return next((said for said, hour in _LATER if hour >= floor and said != asked), "tomorrow afternoon")
_TOMORROW = re.compile(r"\b(first thing |in the |by )?(tomorrow)( morning)?\b|\bin the morning\b")


def on_the_day(text: str, at) -> str:
    """A chat line's 'tomorrow' as it reads on the day it is typed: on a Friday the next working day is Monday
    ("first thing tomorrow" on a Friday, blind read 19)."""
    if at.weekday() != 4:
        return text

    def monday(m: re.Match) -> str:
        lead, word, tail = m.group(1) or "", m.group(2), m.group(3) or ""
        if word is None:
            return "on Monday morning"
        return {"first thing ": "first thing Monday", "in the ": "on Monday", "by ": "by Monday"}.get(lead, "on Monday") \
            if not tail else f"{lead.replace('in the ', 'on ')}Monday morning"
    return _TOMORROW.sub(monday, text)


# A line that gives someone work to do for the writer: to file, pick up, send or answer something ("Gina, can you add
# that in the tracker" from the paralegal to the associate, "ok Ryan - your pen on the reply", blind read 22). Asking
# for a read of a paper is no such work: an associate asks the partner to have a look at a draft, as a client does
# its counsel. A question that only asks to be reminded gives no work either.
_DIRECTIVE = re.compile(r"\b(?:can|could)\s+you\s+(?!remind\b|give\s+it\s+a\s+read\b|have\s+a\s+look\b|"
                        r"take\s+a\s+(?:first\s+)?look\b|look\s+at\b)|\b(?:comments|thoughts)\s+to\s+\{by\}|"
                        r"\byour\s+pen\b|\byours\s+on\s+the\b|\b(?:put|drop)\s+it\s+here\b")
# A line that asks something of the one it answers (work, a read, a copy): what "will do" answers. "Will do" said to
# anything else answers nothing ("will do" to someone's own promise, blind read 34; to a request made of another,
# blind read 35).
_REQUEST = re.compile(_DIRECTIVE.pattern + r"|\b(?:can|could)\s+you\b|\bcopy\s+me\b|\bplease\b")
_WILL_DO = re.compile(r"\bwill do\b")
_CHOICE = re.compile(r"\[([^\[\]]*)\]")


def directive(frame: str) -> bool:
    """Whether a frame, in any of its choices, gives its reader work (see _DIRECTIVE)."""
    groups = _CHOICE.findall(frame)
    if not groups:
        return bool(_DIRECTIVE.search(frame))
    parts = _CHOICE.split(frame)  # text, choice, text, choice, ..., text
    said = [""]
    for k, part in enumerate(parts):
        said = [s + c for s in said for c in (part.split("|") if k % 2 else [part])][:256]
    return any(_DIRECTIVE.search(s) for s in said)


# Titles of the staff who support the professionals of their firm: they take work from them, whatever their grade
# ("Senior Litigation Paralegal" is graded above the associates it works for).
_SUPPORT = re.compile(r"\b(?:paralegal|legal assistant|secretary|clerk|assistant to|office manager|"
                      r"administrat(?:or|ive))\b", re.I)
_GRADE = {"executive": 3, "senior": 2, "mid": 1, "junior": 0}


def rank(person) -> tuple[int, int]:
    """Who gives work to whom within a firm: a professional before the staff who support them, then by grade."""
    return (0 if _SUPPORT.search(getattr(person, "title", "") or "") else 1,
            _GRADE.get(getattr(person, "seniority", "") or "", 1))


def may_direct(ctx: ArtifactContext, author, to) -> bool:
    """Whether `author` may give `to` work in a chat line: a colleague of the same firm of no higher rank, or an
    adviser acting for (or engaged by) the author's organisation; never someone senior, nor the other side's or the
    client's people told what to do by its advisers."""
    if to is None or author is None:
        return True
    if to.organisation == author.organisation:
        return rank(author) >= rank(to)
    ref = next((o for o in getattr(ctx, "organisations", []) or [] if o.name == to.organisation), None)
    return ref is not None and author.organisation in (ref.acts_for, ref.engaged_by)


def compose_chat(ctx: ArtifactContext):
    """A day of a conversation: exactly one message per planned post, every fact of the day in one of them. The day
    is a few short exchanges, each about one thing of the matter: a question and the figure that answers it (with
    why, or where to read it), a file put up and who reads it, who has the pen on a paper of the fortnight. A post
    answers the one before it (its thread, or the last question asked by someone else); nothing is asked twice."""
    from worldsmith.generators.kinds.chat import ChatContent, ChatMessage  # the kind module imports this one

    spec = ctx.spec
    pick = picker_for(ctx)
    talk = bank("chat")["talk"]
    people = {p.id: p for p in [ctx.author, *ctx.to]}
    n = len(spec.posts)
    # a file is named in a line as the team names it, the link carries the file itself (the full file name in a
    # direct message, "thanks for Weekly diligence call - notes and actions - October 8", blind read 13)
    files = [paper_name(PurePosixPath(p).stem).removeprefix("the ") for p in spec.links]
    # where to read a figure ("it's on the X line of the Y") is said among one firm only: across firms the sheet is
    # one side's, and the other side does not remind its maker where its own figure sits
    one_firm = len({p.organisation for p in people.values()}) == 1
    inside = one_firm
    # across firms, nobody "confirms" or "double-checks" a figure that may be the other side's own
    sure = re.compile(r"check|confirm", re.I)
    news = talk["news"] if one_firm else [x for x in talk["news"] if not sure.search(x)]
    leads = talk["answer_leads"] if one_firm else [x for x in talk["answer_leads"] if not sure.search(x)]
    by_name = {p.name: p for p in [*ctx.cast, *people.values()]}
    by_first = {p.first_name: p for p in people.values()}

    def asking(frames: list, author: str, name: str, key=lambda f: f) -> list:
        """The frames `author` may say to `name`: no work given to someone they may not give it to (may_direct)."""
        if may_direct(ctx, people.get(author), by_first.get(name)):
            return frames
        return [f for f in frames if not directive(key(f))] or frames

    def org_of_maker(first: str = "", full: str = "") -> str | None:
        """The organisation of a paper's maker, by full name or (among the conversation) first name; None unknown."""
        who = by_name.get(full) if full else None
        who = who or (by_first.get(first) if first else None)
        return who.organisation if who else None

    # the day's exchanges, in order: its facts first (each asked and answered, or told), then its file, then a paper
    exchanges: list[dict] = [dict(kind="fact", fact=f) for f in pick.shuffled(ctx.facts)]
    if files:
        # (gone to the other side: put up as it went out, like an instrument; an instrument stays the signed copy)
        sent = spec.links[0] in ctx.sent_links and spec.links[0] not in spec.standing_links
        exchanges.insert(min(1, len(exchanges)), dict(kind="file", file=files[0], link=spec.links[0], sent=sent,
                                                      standing=sent or spec.links[0] in spec.standing_links))
    # (a paper the members sent out of their firms is done: nobody asks for comments on it for the next turn, two
    # days after it went to the client, blind read 36)
    papers = list(dict.fromkeys(paper_name(t) for t in ctx.room_papers if paper_key(t) not in ctx.handled))
    # the day's file is talked about once, as the file put up: "are the minutes the signed-off version?" - "yes",
    # then "saved Ruben's minutes on the drive - Michael, comments to Ruben" (blind read 21)
    papers = [p for p in papers if p.removeprefix("the ") not in files[:1]]
    maker_of = {paper_name(m.title): m.by for m in ctx.made_papers}
    maker_org = {paper_name(m.title): org_of_maker(m.by, m.maker) for m in ctx.made_papers}
    maker_org.update({paper_name(c.title): org_of_maker(c.by, c.maker) for c in ctx.coming_papers})
    # who made the day's file: its maker shares it; nobody sends it to its maker
    # (a maker outside the conversation is named too: "updated X attached here" from someone else read as his own)
    cast = {c.id: c for c in [*ctx.cast, *people.values()]}
    file_maker = cast.get(spec.link_makers[0]) if spec.links and spec.link_makers else None
    for ex in exchanges:
        if ex["kind"] == "file" and ex.get("sent") and file_maker is not None \
                and file_maker.organisation not in {p.organisation for p in people.values()}:
            # a paper that came across from someone outside the conversation came in, it did not go out ("the copy
            # that went out" of the authority's assessment, said among the taxpayer and its counsel, blind read 34)
            ex.update(sent=False, received=True)
    coming = [dict(kind="coming", paper=paper_name(c.title), by=c.by, due=_due(c.day, spec.date)) for c in ctx.coming_papers]
    # A figure of the day comes up in the work on a paper ("the cap computation now has 62,480 GT for the gross
    # tonnage"), not as a quiz on a value everyone has had for weeks: always a date gone by or a name, often a figure.
    for ex in exchanges:
        f = ex.get("fact")
        # the paper the figure is worked on in: a paper to come that carries it, else the sheet that shows it
        carrier = next((paper_name(c.title) for c in ctx.coming_papers if f is not None and f.id in c.facts), None)
        shown = re.search(r"line of the (.+)$", f.source) if f is not None and f.source else None
        carrier = carrier or (paper_name(shown.group(1)) if shown else None)
        # (a name or a decision is no figure a paper "has": "has reject the tender for the tender decision")
        # (nor a term an instrument fixed: "The franchise agreement extract has 6% for the royalty rate now" of a rate
        # signed in 2022, blind read 21)
        if ex["kind"] == "fact" and carrier and f.value.type != "text" and not getattr(f, "term", False) \
                and (f.past or pick.chance(0.6)):
            ex.update(kind="fact_work", paper=carrier, pair=dict(f=talk["fact_work_reply"]))
    # Then the work of the coming days (who has the pen, when it is due), then the papers just made (read, commented)
    exchanges += coming[:max(1, n // 3)]
    for paper in pick.shuffled(papers)[:max(1, n // 3)]:
        exchanges.append(dict(kind="paper", paper=paper))
    # the day's mail goes first among the work: what came in or went out today is the news
    # (mail that went out to the writers' own firm is no news across the table: "memo re the Brennmoor surcharge ...
    # went to Corwen just now", said by Corwen's associate to the client, supply-surcharge at seed 83)
    ours = {p.organisation for p in people.values()}
    mail = [dict(kind="mail", subject=_subject(m.subject), org=short_org(m.org), by=m.by, incoming=m.incoming,
                 sent_at=m.sent_at, answered_at=m.answered_at) for m in ctx.day_mail if m.incoming or m.org not in ours]
    facts_told = sum(1 for e in exchanges if e["kind"] in ("fact", "fact_work", "file"))
    exchanges[facts_told:facts_told] = mail[:1]
    if len(exchanges) < 2 and n > 2 or not exchanges:
        # a quiet day: someone finds time to talk (also on a day of two posts with nothing else: every post of it was
        # a sign-off, "ok Marie, thanks - back to you on the file later" - "perfect, thanks Vanessa - I will pick up
        # the file from here", covenant-breach at seed 7 after b8e38ce)
        exchanges.append(dict(kind="call"))

    def first(pid: str | None, author: str) -> str:
        """The first name of the person a post is to: its thread's writer, else someone else of the conversation."""
        who = people.get(pid) if pid and pid != author else None
        if who is None:
            others = [p for q, p in people.items() if q != author]
            who = pick.one(others) if others else None
        return who.first_name if who else ""

    texts: list[str] = []
    shared = [""] * n
    last: list[str] = []  # authors so far, latest last: a thanks goes to whoever spoke last
    of_post: dict[int, dict] = {}  # the exchange each post belongs to
    current: dict | None = None  # the latest exchange raised outside a thread
    used = 0
    told: set[int] = set()
    now = [spec.posts[0].at if spec.posts else None]  # the time of the post being written

    def when() -> str:
        """A later time of the day, as the post being written can say it (see whens)."""
        return pick.one(whens(now[0]) if now[0] is not None else bank("chat")["when"])

    def _it(ex: dict) -> str:
        """A paper already named in its exchange is 'it' after (the same title in all three lines, blind read 19)."""
        return "it" if ex.get("paper") and ex.get("asker") else ex.get("paper", "")

    def answer(ex: dict, name: str, author: str) -> str:
        """The reply that answers an exchange's question."""
        ex["open"], ex["answerer"] = False, author
        if ex["kind"] == "fact":
            told.add(id(ex["fact"]))
            text = _answer(pick, ex["fact"], inside)
            return (pick.fill(leads, name=name) or "") + text if pick.chance(0.3) else text
        if ex["kind"] == "file":
            if ex.get("standing"):
                return pick.fill(talk[_kept(ex) + "_reply"], name=name,
                                 file=ex["file"]) or f"thanks {name}"
            if file_maker is not None and author == file_maker.id:
                return pick.fill(talk["file_maker_reply"], name=name) or f"thanks {name}"
            return pick.fill(talk["file_reply"], name=name, file=ex["file"], when=when()) or f"thanks {name}"
        if ex["kind"] == "fact_work":
            k = pick.one(range(len(talk["fact_work_reply"])))
            ex.setdefault("said", []).append(k)  # the follow-up that comes after says something else
            return pick.fill([talk["fact_work_reply"][k]], name=name, paper=_it(ex), when=when()) or f"thanks {name}"
        # (nobody gives work to someone they may not direct: "any reply, drop it here" from the associate to the
        # partner, blind read 35)
        frames = asking(on_a_day(ex["pair"]["a"], ex.get("due", "")), author, name)
        if _back(ex, now[0]):
            frames = [f for f in frames if not _AWAITED.search(f)] or frames
        if "turn" in ex:  # (a quiet day's answer turns with the conversation's days, as its question does)
            frames = [frames[ex["turn"] % len(frames)]]
        said = pick.fill(frames, name=name, paper=_it(ex), matter=matter_name(ctx), ahead=ex.get("ahead", ""),
                         when=ex.get("when") or when(), due=ex.get("due", ""), by=ex.get("by", ""), org=ex.get("org", ""),
                         subject=ex.get("subject", ""),
                         later=later_than(ex.get("when", ""), now[0]) if now[0] is not None else "later") or f"ok {name}"
        # a request made of the asker: the one thing "will do" may answer (see _WILL_DO)
        ex["request"] = bool(_REQUEST.search(said))
        ex["reply"] = said  # (what the follow-up may take up: no comments to fold in after "fine by me")
        # (only an answer that puts the call off: "yes, later today works" was answered "ping me when you're free",
        # blind read 21)
        ex["put_off"] = ex["kind"] == "call" and bool(_PUT_OFF.search(said))
        return said

    def stale(f) -> bool:
        """Whether a fact is old news on the day: known for more than two days, so asked after or recalled, never told
        as news ("FYI 64 positions are affected" eight days after the count was first told, blind read 34)."""
        # (fresh: first known or changed in the week up to the day; since: the day its value took hold, None for a value
        # held from the window's start)
        return not getattr(f, "fresh", False) and (f.since is None or (spec.date - f.since).days > 2)

    def origin_of(f) -> str | None:
        """The organisation whose figure a fact is: its first maker's, never that of whoever later carried it (the
        client called the authority's assessed principal "Prado's figure", its own counsel's name, blind read 34)."""
        return next((c.organisation for pid in spec.fact_makers.get(f.id, [])[:1] for c in ctx.cast if c.id == pid),
                    None)

    def tell(f, author: str) -> str:
        """A fact told unasked: a figure named ("fyi the gross tonnage is 62,480 GT", never "it's 62,480 GT"); another
        firm's figure as theirs ("Brannock have the sampled claims in error at 46 claims"), never asserted as one's
        own to the firm that made it."""
        origin = origin_of(f)
        # (named as its maker's only where its maker is not of the conversation: nobody tells a firm "Lindqvist's
        # figure for the equity value is ..." of Lindqvist's own figure, de-gmbh-share-purchase at seed 35)
        listening = {p.organisation for q, p in people.items() if q != author}
        if origin and origin != people[author].organisation and origin not in listening and f.label \
                and f.value.type in ("money", "number", "percent"):
            org = short_org(origin)
            return pick.fill(talk["news_theirs"], org=org, label=f.label, text=f.text) or f"{org} have {f.label} at {f.text}"
        said = _answer(pick, f, inside, named=True)
        recall = [x for x in talk["recall"] if not (f.past and _STANDS.search(x))]
        return pick.fill(recall if stale(f) else news, said=said) or said

    def follow(ex: dict | None, name: str, author: str) -> str:
        """A further word on an answered exchange (each once, never by whoever answered it), else a thanks to
        someone by name."""
        maker = ex is not None and ex.get("by") and people[author].first_name == ex["by"]
        if ex is not None and ex.get("answerer") != author and not maker and (ex["kind"] != "call" or ex["asker"] == author):
            # (a call's "great, I'll ring you" is its asker's to say)
            f = ex.get("fact")
            v = dict(name=name, label=f.label if f else "", text=f.text if f else "", file=ex.get("file", ""),
                     paper=ex.get("paper", ""), matter=matter_name(ctx), when=when(), due=ex.get("due", ""),
                     by=ex.get("by", ""), org=ex.get("org", ""), subject=ex.get("subject", ""), ahead=ex.get("ahead", ""))
            frames = ex["pair"]["f"] if "pair" in ex else talk["follow"][ex["kind"]]
            if _back(ex, now[0]):
                frames = [f for f in frames if not _AWAITED.search(f)] or frames
            if ex["kind"] == "mail" and author == ex.get("asker"):
                # who told the room a mail has gone is not told back that it is good to know ("thanks Carl - good to
                # know it is gone" from the partner who posted it, gb-dilapidations-claim at seed 36)
                frames = [f for f in frames if "gone" not in f]
            if ex.get("standing"):
                # (an instrument is quoted from, never worked from; who put it up has no more to say of it; a copy
                # put up as sent or as received is thanked for once, by whoever answered: "Three people thank each
                # other for saving a file (saves me a search in the sent items)", blind read 36b)
                frames = talk["follow"][_kept(ex)] \
                    if author != ex.get("asker") and _kept(ex) == "file_standing" else []
                if ex.get("asker") in people:
                    # thanked for the copy is whoever put it up ("great, Daniël - I was looking for the copy that went
                    # out" to one who only thanked Rafael for it, nl-collective-redundancy at seed 34)
                    v["name"] = people[ex["asker"]].first_name
            elif ex["kind"] == "file" and file_maker is not None and author == file_maker.id:
                # its maker neither works from nor flags points in their own paper ("ok, working from sampling and
                # extrapolation methodology from now on", said by the methodology's author): they offer to help
                frames = talk["file_maker_reply"]
            if ex.get("put_off"):
                # a call put off is not dialled into ("can we make it later? I'm in a meeting" answered "perfect
                # James, I'll dial in", supply-surcharge at seed 37)
                frames = talk["put_off"]
            left = [k for k in range(len(frames)) if k not in ex.setdefault("said", [])]
            if ex["kind"] == "file" and file_maker is not None and (author == file_maker.id or name != file_maker.first_name):
                # whether another turn is coming is asked of the file's maker only, never by the maker
                left = [k for k in left if "another" not in frames[k]]
            if re.match(r"(?:by|in|later)\b", ex.get("due", "")):
                # time is kept on a day, not on a month ("I'll keep in April clear to turn it", "I'll keep time by
                # May 15 to read it", bi-claim at seed 37)
                left = [k for k in left if frames[k] in on_a_day([frames[k]], ex["due"])]
            if re.search(r"fine by me|\bnone\b|nothing from me|not yet", ex.get("reply", "")):
                # nothing was sent to take up ("read it - fine by me" answered "ok John - I'll fold them into the
                # surcharge computation", supply-surcharge at seed 83)
                left = [k for k in left if not re.search(r"\bthem\b", frames[k])]
            if ex["kind"] == "file" and author == ex.get("asker"):
                # whoever put a file up and asked someone to read it does not then say they will flag what is in it
                # ("Nicola, can you have a look" - "having a look now" - "I will flag anything on weekly diligence
                # call notes in this thread", blind read 22: 'Roles are muddled')
                left = [k for k in left if "flag anything" not in frames[k]]
            if not may_direct(ctx, people.get(author), by_first.get(name)):
                left = [k for k in left if not directive(frames[k])]  # (see _DIRECTIVE)
            if not (ex.get("request") and author == ex.get("asker")):
                left = [k for k in left if not _WILL_DO.search(frames[k])]  # (see _REQUEST)
            k = pick.one(left) if left else None
            line = pick.fill([frames[k]], **v) if k is not None else None
            if line:
                ex["said"].append(k)
                return line
        if ex is not None and ex["kind"] == "call" and author not in (ex.get("asker"), ex.get("answerer")) \
                and ex.get("asker") in people and not ex.get("joined"):
            # someone not in the call's exchange offers themselves (join_call), once
            ex["joined"] = True
            # only a colleague of the one who put the call off, of no lower rank, offers to take it in their place
            # ("happy to take it instead" from the asker's own scheduler, of the client's call, blind read 35)
            away = people.get(ex.get("answerer"))
            stand_in = away is not None and people[author].organisation == away.organisation \
                and rank(people[author]) >= rank(away)
            joins = talk["join_put_off" if ex.get("put_off") and stand_in else "join_call"]
            return pick.fill([joins[spec.nth % len(joins)]],
                             asker=people[ex["asker"]].first_name,
                             when=later_than(ex.get("when", ""), now[0]) if ex.get("put_off") else when()) \
                or "I'm around too"
        closing.add(len(texts))  # (the post this line is for: follow's caller appends it next)
        if ex is not None and author not in (ex.get("asker"), ex.get("answerer")):
            idle.add(len(texts))
        return pick.fill(talk["close"], name=name, matter=matter_name(ctx)) or "thanks"

    closing: set[int] = set()  # the posts that only sign off
    # those of them by someone outside the exchange they close: a thanks for news someone else gave and another
    # answered moves nothing ("Pure filler: the partner thanks Jeffrey for news that Vanessa posted", blind read 36b)
    idle: set[int] = set()
    for i, post in enumerate(spec.posts):
        now[0] = post.at
        replying = post.thread is not None and post.thread < i
        spoke = next((a for a in reversed(last) if a != post.author), None)
        last.append(post.author)
        if replying:
            ex = of_post.get(post.thread)
            of_post[i] = ex
            head = spec.posts[post.thread].author
            name = first(head if head != post.author else spoke, post.author)
            if ex is not None and ex.get("open") and ex["asker"] != post.author:
                texts.append(answer(ex, first(ex["asker"], post.author), post.author))
            else:
                texts.append(follow(ex, name, post.author))
            continue
        if current is not None and current.get("open") and current["asker"] != post.author:
            of_post[i] = current
            texts.append(answer(current, first(current["asker"], post.author), post.author))
            continue
        if used < len(exchanges) and exchanges[used]["kind"] == "call" and i + 1 == n and current is not None:
            # nobody asks for a call in the day's last line, left unanswered (nearly every quiet day of a channel
            # ended "have you got ten minutes on Calder claim before 4?", bi-claim at seed 37)
            of_post[i] = current
            texts.append(follow(current, first(spoke, post.author), post.author))
            continue
        if used < len(exchanges):
            # a file of a member is put up by its maker where the maker raises something later that day
            if exchanges[used]["kind"] == "file" and file_maker is not None and file_maker.id in people \
                    and post.author != file_maker.id and used + 1 < len(exchanges) \
                    and any(p.author == file_maker.id and p.thread is None for p in spec.posts[i + 1:]):
                exchanges[used], exchanges[used + 1] = exchanges[used + 1], exchanges[used]
            ex = current = of_post[i] = exchanges[used]
            used += 1
            # a question goes to whoever answers it next ("Wyatt, is it done?" was answered by John)
            nxt = spec.posts[i + 1].author if i + 1 < n else None
            name = first(nxt, post.author)
            ex["asker"] = post.author
            if ex["kind"] == "fact":
                # a date gone by is told, never asked ("when did we have the LTM period end?" a month on); nor does
                # the firm whose figure it is ask it of the other side (the auditor asking the client his error rate)
                firms = {origin_of(ex["fact"])} - {None}
                nxt_org = people[nxt].organisation if nxt in people else None
                theirs = bool(firms) and people[post.author].organisation in firms and nxt_org not in firms
                # and the other side asks it of the firm whose figure it is, rather than telling them their own
                ours = bool(firms) and people[post.author].organisation not in firms and nxt_org in firms
                # nor does anyone ask for a figure they sent round in mail that morning (blind read 22)
                sent = post.author in spec.fact_senders.get(ex["fact"].id, [])
                if i + 1 < n and not ex["fact"].past and not theirs and not sent \
                        and (ours or stale(ex["fact"]) or pick.chance(0.7)):
                    had = post.author in spec.fact_readers.get(ex["fact"].id, [])
                    text, ex["open"] = _asked(pick, ex["fact"], name, had), True
                    if pick.chance(0.3) and name:
                        text = f"@{next(p.name for p in people.values() if p.first_name == name)} " + text
                else:
                    # told unasked, a figure is named: "fyi the gross tonnage is 62,480 GT", never "it's 62,480 GT";
                    # another firm's figure as theirs ("Brannock have the sampled claims in error at 46 claims"),
                    # never asserted as one's own
                    text = tell(ex["fact"], post.author)
                    told.add(id(ex["fact"]))
            elif ex["kind"] == "fact_work" and maker_org.get(ex["paper"], None if one_firm else "?") not in \
                    (None, people[post.author].organisation):
                # only the firm that makes a paper works a figure into it ("updating the claim sample" is the
                # auditor's to say, never the client's): anyone else gives the figure as news
                text = tell(ex["fact"], post.author)
                told.add(id(ex["fact"]))
                ex["kind"], ex["open"] = "fact", False
                ex.pop("pair", None)
            elif ex["kind"] == "fact_work":
                f = ex["fact"]
                text = pick.fill(asking(talk["fact_work"], post.author, name), paper=ex["paper"], label=f.label or "it",
                                 text=f.text, name=name) \
                    or f"{ex['paper']}: {f.label} {f.text}"
                told.add(id(f))
                ex["open"] = i + 1 < n
            elif ex["kind"] == "mail":
                # an answer already back is the news, not that our mail went ("I'll watch for Nimbusgate's reply" an
                # hour after it came, blind read 36)
                back = not ex["incoming"] and _back(ex, post.at)
                ex["pair"] = pick.one(asking(talk["mail_back" if back else "mail_in" if ex["incoming"] else "mail_out"],
                                             post.author, name, key=lambda pair: pair["q"]))
                # whose mail it was: the writer's own is ours, a colleague's is theirs by name (the partner announced
                # the associate's email as "our note", blind read 36)
                own = people[post.author].first_name == ex["by"]
                text = pick.fill([ex["pair"]["q"]], subject=ex["subject"], org=ex["org"], by=ex["by"], name=name,
                                 whose="our" if own else f"{ex['by']}'s", ago=_ago(ex.get("sent_at"), post.at)) \
                    or f"{ex['subject']} - {name}?"
                ex["open"] = i + 1 < n
            elif ex["kind"] == "coming":
                own = people[post.author].first_name == ex["by"]
                mine = ex["by"] == name  # asked of its maker, else of the room; its maker tells it unasked
                ex["pair"] = pick.one(talk["coming_mine" if own else "coming" if mine else "coming_other"])
                text = pick.fill([ex["pair"]["q"]], paper=ex["paper"], name=name, due=ex["due"], by=ex["by"]) \
                    or f"{name}, {ex['paper']}?"
                ex["open"] = i + 1 < n
            elif ex["kind"] == "file":
                frames = talk["file"]
                if ex.get("standing"):
                    # an instrument the parties made is put up for its wording, whoever produced the copy: never
                    # someone's paper for comments (blind read 22)
                    frames = talk[_kept(ex)]
                elif file_maker is not None and file_maker.id != post.author:
                    # put up by someone else: to someone other than its maker, named as the maker's; or, where its
                    # maker is the one to speak to, thanked for (it came by mail), never sent back "for reference"
                    others = [p for q, p in people.items() if q not in (post.author, file_maker.id)]
                    if file_maker.id in people and name == file_maker.first_name and others:
                        name = pick.one(others).first_name
                    frames = talk["file_to_maker"] if file_maker.id in people and name == file_maker.first_name \
                        else talk["file_other"]
                    to = by_first.get(name)
                    if file_maker.organisation not in (people[post.author].organisation, getattr(to, "organisation", "")):
                        # comments go to a paper's maker only within the firms of the two who speak ("saved Joseph's
                        # revised notice of claim on the drive - Karen, thoughts to Joseph": the client sending its
                        # counsel's comments to the contractor's claims consultant, seed 89)
                        frames = [f for f in frames if not re.search(r"to\]? \{by\}", f)] or frames
                if not may_direct(ctx, people.get(post.author), by_first.get(name)):
                    # (put up for someone the poster gives no work to: put up, not handed over; see _DIRECTIVE)
                    frames = [f for f in frames if not directive(f)] \
                        or [f for f in talk["file"]
                            if not directive(f) and not re.search(r"\{by\}|comments|reference", f)]
                text = pick.fill(frames, file=ex["file"], name=name, by=file_maker.first_name if file_maker else "",
                                 when=when()) \
                    or ex["file"]
                shared[i] = ex["link"]
                ex["open"] = i + 1 < n
            else:
                # whether a paper is final is asked of its maker; whether it has been read, of anyone else
                own = ex["kind"] == "paper" and maker_of.get(ex["paper"]) == name != people[post.author].first_name
                # asked of the maker's firm by someone outside it: whether it is final there, never "have you read it"
                firm = maker_org.get(ex.get("paper", ""))
                to = by_first.get(name)
                theirs = ex["kind"] == "paper" and not own and firm is not None and to is not None \
                    and to.organisation == firm != people[post.author].organisation
                if ex["kind"] == "paper":
                    ex["pair"] = pick.one(talk["papers_own" if own else "papers_theirs" if theirs else "papers"])
                else:
                    # a quiet day's call is to plan the work to the next deadline where there is one, each day of
                    # the conversation in its own frame (see calls_ahead)
                    ahead = min((d for d in ctx.deadlines if spec.date < d), default=None)
                    pairs = talk["calls_ahead" if ahead else "calls"]
                    # (the question and its answer turn together: days up to pairs x answers apart never match)
                    turn = spec.nth % (len(pairs) * 3)
                    ex["pair"], ex["turn"] = pairs[turn % len(pairs)], turn // len(pairs)
                    ex["ahead"] = mail_day(ahead, ctx.locale) if ahead else ""
                # (a call nobody has fixed is not "still on", nor is time found "before the call": "are we still
                # having the Halden Street call today?" on a day with no call in anyone's diary, mail8's read)
                ex["when"] = when()
                text = pick.fill([ex["pair"]["q"]], paper=ex.get("paper", ""), name=name, matter=matter_name(ctx),
                                 when=ex["when"], ahead=ex.get("ahead", "")) or f"{name}, {matter_name(ctx)}?"
                ex["open"] = i + 1 < n
            texts.append(text)
            continue
        of_post[i] = current
        texts.append(follow(current, first(spoke, post.author), post.author))
    # a day ends at its first sign-off: the posts after it that only sign off again are not said (blind read 23: 'A day
    # of rote confirmation ... and repeated sign-offs ("back to you ... later" twice)')
    if closing:
        first_close = min(closing)
        while len(texts) > max(2, first_close + 1) and len(texts) - 1 in closing and not shared[len(texts) - 1]:
            texts.pop()
        while len(texts) > 2 and len(texts) - 1 in idle and not shared[len(texts) - 1]:
            texts.pop()
        n = len(texts)
        shared = shared[:n]
    # a fact not yet given (more facts than posts, or its question went unanswered) goes into the last posts
    left = [f for f in ctx.facts if id(f) not in told]
    for k, f in enumerate(left):
        j = n - 1 - (k % n)
        texts[j] = f"{texts[j]} - {_answer(pick, f, inside, named=True)}"  # unasked, so named
    if ctx.distractor_label:
        j = next((k for k, t in enumerate(texts) if any(f.text in t for f in ctx.facts)), 0)
        texts[j] += f" (that's the {ctx.distractor_label})"
    if spec.links and not any(shared):
        j = pick.one(range(n))
        shared[j] = spec.links[0]
        texts[j] = f"{texts[j]} - {pick.fill(bank('chat')['shares'], file=files[0]) or files[0]}"
    # a paper's name takes its own verb: 'the minutes are going round', 'the tenant's submissions are done' (read 17)
    names = list(dict.fromkeys([*papers, *(c["paper"] for c in coming), *files, *maker_of]))
    texts = [on_the_day(agree(t, names), p.at) for t, p in zip(texts, spec.posts)]
    return ChatContent(messages=[ChatMessage(text=t, file=f) for t, f in zip(texts, shared)])

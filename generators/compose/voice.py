"""The author's voice: greeting, sign-off, signature, and sentences in the words of their trade."""

from __future__ import annotations

import datetime as dt
import functools
import re

from worldsmith.generators.compose.bank import Picker, bank, filled_words
from worldsmith.generators.compose.text import mail_day, clean_list, join_names, usable
from worldsmith.generators.context import PersonRef, Voice

_GROUP = re.compile(r"\b(all|everyone|team|both|colleagues|folks|everybody)\b", re.IGNORECASE)
_SLOT = re.compile(r"\{[^}]*\}|\[[^\]]*\]|<[^>]*>")
# A marking ("privileged and confidential") is no term of a trade to write about ("... is the point to watch").
_MARKING = re.compile(r"\b(privileged|confidential)\b", re.IGNORECASE)
_PRIVILEGE = re.compile(r"rivileg|work product|attorney-client", re.IGNORECASE)


def soft_lower(text: str) -> str:
    """Lower-case a Title-case first word ("Contracts" -> "contracts") but keep acronyms and names of products."""
    first = text.split()[0] if text.split() else ""
    if first[:1].isupper() and first[1:].islower() and len(first) > 1:
        return text[:1].lower() + text[1:]
    return text


def family_key(family: str) -> str:
    """The phrase-bank family for an occupation's family tag (unknown tags fall back to 'default')."""
    data = bank("families")
    tag = family.strip().lower()
    if tag in data["families"]:
        return tag
    if tag in data["aliases"]:
        return data["aliases"][tag]
    for word in re.split(r"[^a-z]+", tag):
        if word in data["families"]:
            return word
        if word in data["aliases"]:
            return data["aliases"][word]
    return "default"


def next_workday(start: dt.date, days: int, locale: str = "") -> dt.date:
    """The date `days` working days after `start` (weekends and public holidays skipped: see calendar.is_workday; with
    a locale, its country's too: calendar.locale_workday)."""
    from worldsmith.generators.calendar import locale_workday

    day = start
    while days > 0:
        day += dt.timedelta(days=1)
        if locale_workday(day, locale):
            days -= 1
    return day


_TOMORROW = re.compile(r"\b(?P<lead>(?:by|before|until|from|for|on) (?:midday |noon )?|(?:midday|noon|first thing) )?tomorrow\b",
                       re.I)


def workday_tomorrow(text: str, sent: dt.date) -> str:
    """A mail's own 'tomorrow' where the next day is no working day, as the next working day's name: a reply sent on
    a Friday afternoon promised a copy 'by midday tomorrow' (a Saturday, read 24). Quoted lines ('>') are left."""
    from worldsmith.generators.calendar import is_workday

    if is_workday(sent + dt.timedelta(days=1)):
        return text
    name = f"{next_workday(sent, 1):%A}"

    def day(m: re.Match) -> str:
        lead = m.group("lead") or ""
        return f"{lead}{name}" if lead else f"on {name}" if m.start() and m.string[m.start() - 1] != "(" else name
    return "\n".join(line if line.startswith(">") else _TOMORROW.sub(day, line) for line in text.split("\n"))


def last_workday_before(limit: dt.date) -> dt.date:
    """The last working day before `limit`."""
    from worldsmith.generators.calendar import is_workday

    day = limit - dt.timedelta(days=1)
    while not is_workday(day):
        day -= dt.timedelta(days=1)
    return day


def say_day(due: dt.date, today: dt.date, locale: str = "en_US", pick: Picker | None = None) -> str:
    """A day ahead as mail names it from `today`: 'end of day' for today, 'tomorrow' only for the next calendar day,
    a bare weekday within the week ahead (never today's own weekday: 'response by Tuesday morning' sent on a
    Tuesday, blind read 19), else the date."""
    n = (due - today).days
    date = mail_day(due, locale)
    if n <= 0:
        return "end of day"
    name = f"{due:%A}"
    options = ["tomorrow", "tomorrow morning", f"end of {name}"] if n == 1 else \
        [name, name, f"end of {name}", f"close of business on {name}", f"{name} morning", date] if n < 7 else [date]
    # "the end of the week" is this week's Friday, and only from a day before it
    if due.weekday() == 4 and n < 5 and today.weekday() < 4:
        options.append("the end of the week")
    return pick.one(options) if pick is not None else options[0]


def deadline(pick: Picker, today: dt.date, locale: str = "en_US", before: dt.date | None = None,
             at_least: dt.date | None = None) -> str:
    """A deadline as people write it in mail: 'Thursday', 'end of day', 'close of business on Friday': a few working
    days on, and before `before` (the date the work serves: "settle the EV by 7 Sep" after the LOI went out on 2 Sep,
    "by Thursday" after the signing it was for, blind read 19); no earlier than `at_least` (the day the answer comes:
    "by end of Thursday" answered on Friday, blind read 34), where `before` leaves room."""
    due = next_workday(today, pick.one([1, 2, 2, 3, 4]), locale)
    if before is not None and due >= before:
        due = last_workday_before(before)
    if at_least is not None and due < at_least and (before is None or at_least < before):
        due = at_least
    return say_day(due, today, locale, pick)


_WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December"]
_ABSOLUTE = re.compile(r"\b(?:(?P<m1>" + "|".join(_MONTHS) + r")\s+(?P<d1>\d{1,2})(?:,?\s+(?P<y1>\d{4}))?|(?P<d2>\d{1,2})"
                       r"\s+(?P<m2>" + "|".join(_MONTHS) + r"|" + "|".join(m[:3] for m in _MONTHS) + r")(?:\s+(?P<y2>\d{4}))?)\b")


def resolve_day(text: str, sent: dt.date) -> dt.date | None:
    """The date a deadline's words mean, written on `sent` ('Tuesday morning', 'tomorrow', 'end of day', '7
    September', 'the end of the week'); None when they name no day."""
    words = text.strip()
    low = words.lower()
    if re.search(r"\b(end of (the )?day|close of business|today|tonight|this afternoon)\b", low) \
            and not re.search(r"\bon\b", low):
        return sent
    if re.search(r"\btomorrow\b", low):
        return sent + dt.timedelta(days=1)
    if re.search(r"\bend of the week\b", low):
        return sent + dt.timedelta(days=max(0, 4 - sent.weekday()))
    m = _ABSOLUTE.search(words)
    if m:
        month = m.group("m1") or m.group("m2")
        num = next(i for i, x in enumerate(_MONTHS, 1) if x.startswith(month[:3]))
        year = int(m.group("y1") or m.group("y2") or sent.year)
        try:
            day = dt.date(year, num, int(m.group("d1") or m.group("d2")))
        except ValueError:
            return None
        if not (m.group("y1") or m.group("y2")) and (day - sent).days < -180:
            day = day.replace(year=year + 1)
        return day
    m = re.search(r"\b(" + "|".join(_WEEKDAYS) + r")\b", words)
    if m:
        ahead = (_WEEKDAYS.index(m.group(1)) - sent.weekday()) % 7 or 7
        return sent + dt.timedelta(days=ahead + (7 if re.search(r"\bnext\s+" + m.group(1), words) and ahead < 7 else 0))
    return None


_GENERIC_TOOL = re.compile(r"\b(?:outlook|excel|word|powerpoint|gmail|e-?mail|web browser|internet|browser|"
                           r"google docs|google sheets|spreadsheet software|word processing|acrobat|notepad|teams|"
                           r"zoom|slack)\b", re.I)


_STOP_WORDS = {"about", "after", "their", "which", "where", "there", "these", "those", "other", "under", "within",
               "between", "before", "while", "would", "could", "should", "records", "documents", "information"}


@functools.lru_cache(maxsize=4096)
def _content_words(text: str) -> frozenset[str]:
    """A text's words of five letters or more, in lower case, singular by a plain 's' dropped, less common ones."""
    # Cached: every composed message asks it of the same matter and the same trade's documents and tasks (a fifth of
    # the test server's CPU per answer at bench.llm_throughput's scale).
    words = {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z-]{4,}", text)} - _STOP_WORDS
    return frozenset(words | {w[:-1] for w in words if w.endswith("s")})


def of_the_matter(items: list[str], matter: str | None) -> list[str]:
    """Those of a trade's documents or tasks that share a word with the matter (its title and summary): a taxonomy
    entry spans trades (41-3031 holds the trading desk's 'morning note' and the M&A banker's 'investment committee
    memo'), and only what this matter is about is written: an item most of whose words the matter uses. All of
    them when no matter is given."""
    if matter is None:
        return items
    words = _content_words(matter)
    # most of its words, not one: "share purchase agreement" is not of a matter that has a "fault share alleged"
    return [i for i in items if (own := _content_words(i) - {w[:-1] for w in _content_words(i) if w.endswith("s")})
            and 2 * len(own & words) >= len(own) and own & words]


def vocabulary(pick: Picker, voice: Voice, matter: str | None = None) -> dict[str, str]:
    """A document, a tool, a term and a task of the author's trade (those of the matter, when it is given), for
    frames to use; a field is '' when the trade has none, so frames that need it are not used."""
    docs = of_the_matter([soft_lower(d) for d in clean_list(voice.documents)], matter)
    # a trade's own system (a case-management or billing system), never the office suite or the mail client itself:
    # "check this against what you have in Microsoft Outlook" gives a frame away
    tools = [t for t in clean_list(voice.tools) if not _GENERIC_TOOL.search(t)]
    # (a term of the trade said of this matter only where the matter is about it: "Keep an eye on conditions precedent
    # here" on an engagement letter for a payroll review, blind read 35)
    terms = [soft_lower(p) for p in clean_list(voice.style.phrases)
             if len(p.split()) <= 8 and p[-1:] not in "!?" and not _MARKING.search(p)]
    fit = of_the_matter(terms, matter)
    tasks = of_the_matter([soft_lower(t) for t in clean_list(voice.tasks)], matter)
    term = pick.one(terms) if terms else ""  # (drawn from them all: the draws after it stay where they were)
    term = term if term in fit else fit[terms.index(term) % len(fit)] if fit else ""
    return {
        "doc": pick.one(docs) if docs else "",
        "tool": pick.one(tools) if tools else "",
        "term": term,
        "Term": term[:1].upper() + term[1:],
        "task": pick.one(tasks) if tasks else "",
    }


def stock_sentences(voice: Voice) -> list[str]:
    """The author's stock phrases that are whole sentences already (long, or ending in punctuation)."""
    out = []
    for p in voice.style.phrases:
        p = p.strip()
        # under eight words: a longer stock sentence, used by one writer across a room, stamps it
        if usable(p) and p[-1:] in ".!?" and len(p.split()) < 8:
            out.append(p[:1].upper() + p[1:] + ("" if p[-1:] in ".!?" else "."))
    return out


def trade_sentences(pick: Picker, voice: Voice, register: str, values: dict[str, str], n: int,
                    privileged: bool = True) -> list[str]:
    """Up to n sentences in the words of the author's trade, drawn from the family bank and their stock phrases;
    nothing about privilege unless the whole audience is inside the privileged circle."""
    data = bank("families")
    # Only the family's own frames: the "common" pool ("Most of my week goes on trying to ...") read as a job
    # description pasted into every trade's mail.
    frames = list(data["families"][family_key(voice.family)][register])
    # A long frame with nothing of the matter in it would read word for word in many messages of a room.
    # ({doc}, {tool} and {term} hardly vary for one writer, so they do not count as the matter; and they count
    # in its length: "{Term} is the point to watch here." with a two-word term stamped a year-long room.)
    # (In a recurring series {topic} is the same every week, so it does not count as the matter there either.)
    varied = ("{day}", "{parent_first}") if pick.series is not None else ("{topic}", "{day}", "{parent_first}")
    frames = [f for f in frames if filled_words(f, values) < 8 or any(k in f for k in varied)]
    if not privileged:
        frames = [f for f in frames if "rivileg" not in f and "work product" not in f.lower()]
    out: list[str] = []
    stock = stock_sentences(voice) if register == "email" else []
    if not privileged:
        stock = [s for s in stock if "rivileg" not in s]
    for _ in range(n):
        if stock and pick.chance(0.3):
            s = pick.one(stock)
            stock.remove(s)
        else:
            s = pick.fill(frames, **values)
        if s and not privileged and _PRIVILEGE.search(s):
            continue  # a filled term can speak of privilege too ("a privilege log"), not only a frame
        # a frame said twice in other words ("Happy to walk ... Glad to walk ...") is still said twice
        # ("Glad to walk anyone through the numbers. Glad to walk you through the workings." differ in one word)
        if s and s not in out and " ".join(s.split()[1:3]) not in {" ".join(x.split()[1:3]) for x in out}:
            out.append(s)
    return out


def _greeting_words(pick: Picker, voice: Voice) -> tuple[list[str], list[str]]:
    """Greeting words for one person and whole greetings for a group, from the bank and the author's style."""
    tone = voice.style.tone
    single = list(bank("email")["greetings"][tone])
    group = list(bank("email")["group_greetings"][tone])
    for g in voice.style.greetings:
        g = _SLOT.sub("", g).strip().rstrip(",:;!").strip()
        if not usable(g) and g:
            continue
        if _GROUP.search(g):
            group.append(g + ",")
        elif len(g.split()) <= 3:
            single.append(g)
    return single, group


def greeting(pick: Picker, voice: Voice, people: list[PersonRef]) -> str:
    """The salutation line, addressing the recipients by first name ("Hi Dana,", "Dear Dana,", "Hi both,"): mail is
    not a letter, and "Dear Ana Walker" from a general counsel who signs "Jonathan" read as a form (read 12)."""
    single, group = _greeting_words(pick, voice)
    if len(people) == 1:
        word = pick.one(single)
        person = people[0]
        name = person.first_name
        return f"{word} {name},".strip() if word else f"{name},"
    if len(people) == 2 and pick.chance(0.6):
        if pick.chance(0.5):
            return pick.one(bank("email")["pair_greetings"])
        word = pick.one([w for w in single if w] or ["Hi"])
        return f"{word} {join_names([p.first_name for p in people])},"
    if 2 < len(people) <= 3 and pick.chance(0.3):
        word = pick.one([w for w in single if w] or ["Hi"])
        return f"{word} {join_names([p.first_name for p in people])},"
    return pick.one(group)


# Real corporate mail opens with a salutation about one time in six and closes with a sign-off word ("Regards,")
# about one in twelve; most people sign with their name alone (an Enron sample, by bench/prose_metrics.py: 14% and
# 8%). A thread's opener greets more often than a reply deep in it; formal writers greet and sign off more.
GREETING_SHARE = {"new": 0.24, "reply": 0.08, "forward": 0.05}
SIGN_OFF_SHARE = {"formal": 0.22, "professional": 0.1, "plain": 0.08, "terse": 0.04}


def salutation(pick: Picker, voice: Voice, people: list[PersonRef], mode: str = "new") -> str:
    """The salutation line at the rate real mail has one for this kind of message, else ''."""
    share = GREETING_SHARE.get(mode, 0.2) * (1.3 if voice.style.tone == "formal" else 1.0)
    return greeting(pick, voice, people) if pick.chance(share) else ""


def sign_off(pick: Picker, voice: Voice, author: PersonRef) -> str:
    """The name a message is signed with, under a sign-off word ("Best regards,\nDana") at the rate real mail has
    one; most messages close with the name alone."""
    name = author.name if voice.style.tone == "formal" else pick.one([author.first_name] * 3 + [author.name])
    if not pick.chance(SIGN_OFF_SHARE.get(voice.style.tone, 0.1)):
        return name
    offs = [s.strip().rstrip(",").strip() for s in voice.style.sign_offs if usable(s)] or ["Best regards"]
    off = pick.one(offs)
    off = off if off[-1:] in "!." else off + ","
    return f"{off}\n{name}"


def signature(pick: Picker, author: PersonRef, signed_full: bool) -> str:
    """The signature block: name, title, organisation, phone, in one of several common layouts."""
    phone = (pick.fill(bank("email")["signature_phone"], phone=author.phone) or author.phone) if author.phone else ""
    name = [] if signed_full else [author.name]
    layouts = [
        [*name, author.title, author.organisation, phone],
        [*name, f"{author.title} | {author.organisation}", phone],
        [*name, f"{author.title}, {author.organisation}", phone, author.email],
        [*name, author.title, author.organisation, phone, author.email],
    ]
    lines = [line for line in pick.one(layouts) if line]
    # A "--" rule sits between a first-name sign-off and the block, never under a full name.
    return ("--\n" if not signed_full and pick.chance(0.3) else "") + "\n".join(lines)

"""The cast: invented people for each outline role, from Faker seeded by the world's random generator."""

from __future__ import annotations

import difflib
import functools
import hashlib
import random
import re
import unicodedata

from faker import Faker
from faker.config import AVAILABLE_LOCALES

from worldsmith.generators.compose.genres import office_city
from worldsmith.generators.places import abroad
from worldsmith.generators.sides import privileged_circle
from worldsmith.worlds.outline import Outline
from worldsmith.worlds.plan import Org, Person
from worldsmith.worlds.taxonomy import Occupation


# Letters NFKD does not take apart, spelt as their languages spell them in ASCII (blind read 32: 'ukasz.prostak' and
# 'ewa.potyraa' for Łukasz and Potyrała, the Polish letter dropped, not transliterated)
_LETTERS = str.maketrans({"Ł": "L", "ł": "l", "Ø": "O", "ø": "o", "Đ": "D", "đ": "d", "ß": "ss", "Æ": "Ae", "æ": "ae",
                          "Œ": "Oe", "œ": "oe", "Þ": "Th", "þ": "th", "ı": "i", "Ħ": "H", "ħ": "h", "Ŀ": "L", "ŀ": "l"})



def gendered_surnames(fake) -> bool:
    """Whether the locale's names give a woman's and a man's form of a surname (Greek, Czech, Russian, Bulgarian...)."""
    person = fake.provider("faker.providers.person")
    female, male = getattr(person, "last_names_female", None), getattr(person, "last_names_male", None)
    return bool(female and male and set(female) != set(male))

def ascii_local_part(text: str) -> str:
    """'José-María O'Neil' -> 'josemaria.oneil' style pieces: ASCII letters and digits only ('Łukasz' -> 'lukasz')."""
    folded = unicodedata.normalize("NFKD", text.translate(_LETTERS)).encode("ascii", "ignore").decode()
    return "".join(ch for ch in folded.lower() if ch.isalnum())


# NANP reserves 555-0100 to 555-0199 for fictional use in every area code: a world draws its lines from
# area codes of its own, so two worlds rarely print the same number.
_AREAS = [201, 202, 203, 205, 206, 207, 208, 210, 212, 213, 214, 215, 216, 217, 218, 219, 224, 225, 228, 229,
          231, 234, 239, 240, 248, 251, 252, 253, 254, 256, 260, 262, 267, 269, 270, 276, 281, 301, 302, 303,
          304, 305, 307, 308, 309, 310, 312, 313, 314, 315, 316, 317, 318, 319, 320, 321, 323, 325, 330, 334,
          336, 337, 339, 347, 351, 352, 360, 361, 385, 386, 401, 402, 404, 405, 406, 407, 408, 409, 410, 412,
          413, 414, 415, 417, 419, 423, 424, 425, 432, 434, 435, 440, 443, 469, 478, 479, 480, 484, 501, 502]

# the area codes of Canada, whose numbers are the plan's too
_CA_AREAS = [204, 226, 236, 250, 289, 306, 343, 403, 416, 418, 437, 438, 450, 506, 514, 519, 548, 581, 587, 604, 613,
             639, 647, 705, 709, 778, 780, 807, 819, 825, 867, 873, 902, 905]


# The area codes of the cities an office is printed in (genres.office_city): a Toronto contractor dials from 416 or
# 905, not from Yukon's 867 (blind read 28: "area codes from across Canada for people said to be in Toronto").
_CITY_AREAS = {
    "Toronto": [416, 647, 437, 905, 289, 365], "Calgary": [403, 587, 825], "Vancouver": [604, 778, 236],
    "Montreal": [514, 438], "Houston": [713, 281, 832, 346], "Chicago": [312, 773, 872], "New York": [212, 646, 332],
    "Boston": [617, 857], "Dallas": [214, 469, 972], "Columbus": [614, 380], "Cleveland": [216], "Cincinnati": [513],
    "Philadelphia": [215, 267, 445], "Pittsburgh": [412, 878], "Detroit": [313], "Los Angeles": [213, 323, 310],
    "San Francisco": [415, 628], "Miami": [305, 786], "New Orleans": [504], "Minneapolis": [612],
    "St. Paul": [651], "Milwaukee": [414], "Atlanta": [404, 470, 678], "Denver": [303, 720], "Seattle": [206],
}


def fictional_phone(rng: random.Random, locale: str, city: str = "") -> str:
    """A phone number from a range reserved for fiction, so no real line is ever printed; '' in a country where we
    know of no such range (a German asset manager signing '+1 417 555 0101' was a giveaway to every reader of an
    unseen de_DE outline; a signature without a line is what a real one often is)."""
    if locale == "en_GB":
        # Ofcom reserves 020 7946 0000-0999 for drama.
        return f"+44 20 7946 0{rng.randint(0, 999):03d}"
    if locale not in _NANP:
        return ""
    # (a Toronto firm dials from a Canadian area code: the reservation holds in every area code of the plan)
    areas = _CITY_AREAS.get(city) or (_CA_AREAS if locale in ('en_CA', 'fr_CA') else _AREAS)
    return f"+1 {rng.choice(areas)} 555 01{rng.randint(0, 99):02d}"


# the locales of countries in the North American Numbering Plan (+1), whose 555-0100 to 555-0199 are fiction's
_NANP = {"en_US", "en_CA", "fr_CA", "es_US"}

# the countries whose reserved ranges fictional_phone knows, by a locale of theirs
_PHONE_LOCALE = {"US": "en_US", "CA": "en_CA", "GB": "en_GB"}


def phone_locale(outline: Outline, org_id: str) -> str:
    """The locale whose numbers an organisation's people have: the outline's, or where the plan's words place the
    organisation in another country, that country's ('' where no range of it is reserved for fiction: a Dubai
    distributor's managing director wrote from '+1 260 555 0143', blind read 27)."""
    org = next(o for o in outline.organisations if o.id == org_id)
    country, _ = abroad(org.name, org.role, outline.summary, outline.locale)
    return _PHONE_LOCALE.get(country, "") if country else outline.locale


def world_key(outline: Outline, seed_bits: int) -> int:
    """The cast's own seed: the world's identity (its title, organisations and roles) and the world seed, so two
    outlines at the same seed draw different people."""
    identity = "|".join([outline.title, *(o.id + ":" + o.name for o in outline.organisations),
                         *(m.role for m in outline.cast), str(seed_bits)])
    return int.from_bytes(hashlib.sha256(identity.encode()).digest()[:8], "big")


def office_of(outline: Outline, org_id: str) -> str:
    """The city an organisation's letterhead prints (genres.office_city), whose area codes its people dial from."""
    org = next(o for o in outline.organisations if o.id == org_id)
    return office_city(org.name, outline.locale, org.role, outline.summary)[0]


def _unique_phone(rng: random.Random, locale: str, used: set[str], city: str = "") -> str:
    """A fictional number no one else in the world has: from its city's area codes while they have one free."""
    for attempt in range(200):
        phone = fictional_phone(rng, locale, city if attempt < 150 else "")
        if phone not in used or not phone:
            break
    used.add(phone)
    return phone


@functools.lru_cache(maxsize=1)
def _real_names() -> frozenset[str]:
    """The well-known real names validation refuses (worlds/data/real_entities.txt)."""
    from worldsmith.worlds.realism import real_entities

    return frozenset(real_entities())


def organisations(outline: Outline) -> list[Org]:
    """The outline's organisations as plan records."""
    circle = privileged_circle(outline)
    return [Org(id=o.id, name=o.name, role=o.role, domain=o.domain, privileged=o.id in circle) for o in outline.organisations]


# the languages whose names are written family name first
_FAMILY_FIRST = {"ja", "zh", "ko"}


def check_locale(outline: Outline) -> None:
    """The outline's locale is one Faker has, spelt as Faker spells it (en_GB); else an OutlineError at `locale`."""
    if outline.locale not in AVAILABLE_LOCALES:
        folded = {name.lower(): name for name in AVAILABLE_LOCALES}
        same = folded.get(outline.locale.replace("-", "_").lower())  # 'en-gb' is 'en_GB' written loosely
        close = [same] if same else difflib.get_close_matches(outline.locale, AVAILABLE_LOCALES, n=3, cutoff=0.5)
        hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else "; e.g. en_US, en_GB, de_DE"
        raise outline.error(("locale",), f"unknown locale {outline.locale!r}{hint}")


# A title's word that is written for a woman or for a man in the locale's language (blind read 30: 'Directrice des
# ressources humaines' and 'Inspectrice du travail' on Eugène, 'Auditora' on Héctor, 'Asociada' on Homero); English
# titles say nothing of it. Matched on the title without accents, as outlines often write them.
_FEMALE = re.compile(r"\b(?:directrice|inspectrice|avocate|associee|conseillere|deleguee|presidente-directrice|"
                     r"directora|subdirectora|asociada|auditora|socia|abogada|contadora|administradora|jefa|delegada|"
                     r"inspectora|procuradora|licenciada|subadministradora|gerenta|coordinadora|analista jefa|"
                     r"diretora|advogada|socia|avvocata|direttrice|\w+erin|\w+torin|rechtsanwaltin)\b", re.I)
_MALE = re.compile(r"\b(?:directeur|inspecteur|avocat|associe|conseiller|delegue|"
                   r"director|subdirector|asociado|auditor|socio|abogado|contador|administrador|jefe|delegado|"
                   r"inspector|procurador|licenciado|subadministrador|coordinador|diretor|advogado|avvocato|direttore|"
                   r"rechtsanwalt|geschaftsfuhrer|leiter)\b", re.I)


def title_gender(title: str, locale: str) -> str:
    """'female' or 'male' where the title is written for one in the locale's language, else ''."""
    if locale.split("_")[0] not in ("fr", "es", "pt", "it", "de"):
        return ""
    plain = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    return "female" if _FEMALE.search(plain) else "male" if _MALE.search(plain) else ""


def make_cast(outline: Outline, occupations: dict[str, Occupation], rng: random.Random) -> list[Person]:
    """One Person per seat of every cast role: unique names, first.last@domain, titles from the taxonomy."""
    check_locale(outline)
    key = world_key(outline, rng.getrandbits(32))
    fake = Faker(outline.locale)
    fake.seed_instance(key)
    lines = random.Random(key)
    used_phones: set[str] = set()
    domains = {o.id: o.domain for o in outline.organisations}
    used_names: set[str] = set()
    used_emails: set[str] = set()
    people: list[Person] = []
    for member in outline.cast:
        occupation = occupations[member.role]
        title = member.title or occupation.job_titles.get(member.seniority) or occupation.title
        # (a gendered title takes a name of that gender, as the locale's names give them)
        given = getattr(fake, f"first_name_{title_gender(title, outline.locale)}", fake.first_name) \
            if title_gender(title, outline.locale) else fake.first_name
        surname = fake.last_name
        for seat in range(member.count):
            if gendered_surnames(fake):
                # (a surname of the name's gender where the language has two: blind read 33's Greek cast, 'Θηρεσία
                # Γαβριδάκης', a woman's first name with a man's surname, in nearly every file)
                gender = title_gender(title, outline.locale) or fake.random_element(("female", "male"))
                given, surname = getattr(fake, f"first_name_{gender}"), getattr(fake, f"last_name_{gender}")
            for attempt in range(50):
                first, last = given(), surname()
                # (Faker's lists share names: 'Michael Michael' was a supplier's COO in an unseen outline, read 12)
                # (nor a real public figure's name: 'Jennifer Lopez' as an insurer's claims manager, bi-claim at seed
                # 101, quarantined on realism_fiction_mentions, which no repair of the prose can fix)
                # A name in Latin letters is preferred (it gives a mailbox its local part); where the locale's names
                # have none (Japanese, Chinese), any name will do after 25 draws, but never one already taken (blind
                # read 29: the insured's QA manager and the broker's account executive were both 'あすか 鈴木').
                # (nor an abbreviated given name, Faker de_DE's 'Hans-H.' or 'Klaus-D.': "Noted, Hans-H.." opened a
                # reply of an unseen de_DE outline, and nobody signs or is greeted by an initial)
                if f"{first} {last}" not in used_names and "." not in first and (attempt >= 25 or ascii_local_part(first)
                                                            and ascii_local_part(last)) \
                        and first.casefold() != last.casefold() and f"{first} {last}" not in _real_names():
                    break
            used_names.add(f"{first} {last}")
            # A name with no Latin letters (Arabic, Chinese) gives no local part: the seat's role stands in for it.
            local = ".".join(p for p in (ascii_local_part(first), ascii_local_part(last)) if p) or \
                ".".join(p for p in (ascii_local_part(w) for w in member.role.split("_")) if p) or "staff"
            email = f"{local}@{domains[member.organisation]}"
            n = 2
            while email in used_emails:
                email = f"{local}{n}@{domains[member.organisation]}"
                n += 1
            used_emails.add(email)
            people.append(Person(
                id=member.role if member.count == 1 else f"{member.role}_{seat + 1}",
                role=member.role,
                first_name=first,
                last_name=last,
                # (a Japanese, Chinese or Korean name is written family name first: '鈴木 あすか')
                name=f"{last} {first}" if outline.locale.split("_")[0] in _FAMILY_FIRST else f"{first} {last}",
                email=email,
                title=title,
                organisation=member.organisation,
                occupation=occupation.code,
                seniority=member.seniority,
                phone=_unique_phone(lines, phone_locale(outline, member.organisation), used_phones,
                                    office_of(outline, member.organisation)),
            ))
    return people

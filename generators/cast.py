"""The cast: invented people for each outline role, from Faker seeded by the world's random generator."""

from __future__ import annotations

import random
import unicodedata

from faker import Faker

from worldsmith.generators.sides import privileged_circle
from worldsmith.worlds.outline import Outline
from worldsmith.worlds.plan import Org, Person
from worldsmith.worlds.taxonomy import Occupation


def ascii_local_part(text: str) -> str:
    """'José-María O'Neil' -> 'josemaria.oneil' style pieces: ASCII letters and digits only."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return "".join(ch for ch in folded.lower() if ch.isalnum())


def fictional_phone(rng: random.Random, locale: str) -> str:
    """A phone number from a range reserved for fiction, so no real line is ever printed."""
    if locale == "en_GB":
        # Ofcom reserves 020 7946 0000-0999 for drama.
        return f"+44 20 7946 0{rng.randint(0, 999):03d}"
    # NANP reserves 555-0100 to 555-0199 for fictional use, in every area code.
    area = rng.choice([212, 312, 415, 617, 713, 202, 305, 504, 206, 832])
    return f"+1 {area} 555 01{rng.randint(0, 99):02d}"


def organisations(outline: Outline) -> list[Org]:
    """The outline's organisations as plan records."""
    circle = privileged_circle(outline)
    return [Org(id=o.id, name=o.name, role=o.role, domain=o.domain, privileged=o.id in circle) for o in outline.organisations]


def make_cast(outline: Outline, occupations: dict[str, Occupation], rng: random.Random) -> list[Person]:
    """One Person per seat of every cast role: unique names, first.last@domain, titles from the taxonomy."""
    fake = Faker(outline.locale)
    fake.seed_instance(rng.getrandbits(32))
    domains = {o.id: o.domain for o in outline.organisations}
    used_names: set[str] = set()
    used_emails: set[str] = set()
    people: list[Person] = []
    for member in outline.cast:
        occupation = occupations[member.role]
        title = member.title or occupation.job_titles.get(member.seniority) or occupation.title
        for seat in range(member.count):
            for _ in range(50):
                first, last = fake.first_name(), fake.last_name()
                if f"{first} {last}" not in used_names and ascii_local_part(first) and ascii_local_part(last):
                    break
            used_names.add(f"{first} {last}")
            local = f"{ascii_local_part(first)}.{ascii_local_part(last)}"
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
                name=f"{first} {last}",
                email=email,
                title=title,
                organisation=member.organisation,
                occupation=occupation.code,
                seniority=member.seniority,
                phone=fictional_phone(rng, outline.locale),
            ))
    return people

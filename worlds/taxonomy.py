"""The occupation taxonomy as the rest of worldsmith sees it: who does the work, with what, how they write."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from worldsmith.worlds.positions import find_at

_STRICT = ConfigDict(extra="forbid")


class MajorGroup(BaseModel):
    """A SOC 2018 major group (23 of them): code like 23-0000 and its official title."""

    model_config = _STRICT
    code: str = Field(pattern=r"^\d{2}-0000$")
    title: str


class WritingStyle(BaseModel):
    """How people of an occupation write: tone, greetings, sign-offs, the words of their trade."""

    model_config = _STRICT
    tone: Literal["formal", "professional", "plain", "terse"] = "professional"
    greetings: list[str] = Field(min_length=1)
    sign_offs: list[str] = Field(min_length=1)
    phrases: list[str] = Field(min_length=3, description="terms of art and stock phrases, in our words")


class Occupation(BaseModel):
    """A SOC 2018 detailed occupation with what its people use, write and read, in our own words."""

    model_config = _STRICT
    code: str = Field(pattern=r"^\d{2}-\d{4}$")
    title: str = Field(description="official SOC 2018 title")
    family: str = Field(description="a short family tag: legal, finance, management, ...")
    job_titles: dict[Literal["junior", "mid", "senior", "executive"], str]
    tools: list[str] = Field(min_length=2, description="software and apps such people use")
    documents: list[str] = Field(min_length=2, description="documents they write and read")
    tasks: list[str] = Field(min_length=2, description="work they do, in our words")
    style: WritingStyle

    @property
    def major(self) -> str:
        """The code of the major group this occupation falls in."""
        return self.code[:2] + "-0000"


class Taxonomy(BaseModel):
    """A versioned set of major groups and detailed occupations."""

    model_config = _STRICT
    name: str = "worldsmith-soc2018"
    version: str
    major_groups: list[MajorGroup]
    occupations: list[Occupation]

    def by_code(self, code: str) -> Occupation | None:
        """The occupation with this SOC code, or None."""
        # By a checked index of positions (every artifact's context asks for its author's occupation); a code not
        # in it, or a list changed since, makes it again.
        at = find_at(self, "_code_index", self.occupations, lambda o: o.code, code)
        return None if at is None else self.occupations[at]

    def resolve(self, ref: str) -> Occupation | None:
        """An occupation by SOC code, official title or one of its job titles (case-insensitive)."""
        ref = ref.strip()
        if len(ref) == 10 and ref[7] == "." and ref[:7].replace("-", "").isdigit():
            ref = ref[:7]  # an O*NET-SOC code (23-1011.00) names its SOC detailed occupation
        ref_l = ref.lower()
        for occ in self.occupations:
            if occ.code == ref or occ.title.lower() == ref_l:
                return occ
        for occ in self.occupations:
            if ref_l in (t.lower() for t in occ.job_titles.values()):
                return occ
        return None

"""What generation produces for each artifact: typed content that renderers turn into files."""

from __future__ import annotations

from typing import Literal, Union

from pydantic import BaseModel, ConfigDict, Field

_STRICT = ConfigDict(extra="forbid")
# Every rule here is in the JSON schema sent to the model (generators/prompts.py keeps minLength and
# maxLength), so a server that follows the schema cannot give an answer that fails validation. What
# a file format refuses (sheet-name characters, control characters, header line breaks, long file
# properties, ragged table rows) is the renderer's job, not a rule here.
LINE = 1000  # a subject, title or heading: generous, but a 5,000-character "title" is a broken answer


class EmailContent(BaseModel):
    """The text of one message as its sender wrote it (quoted history is added when rendering)."""

    model_config = _STRICT
    kind: Literal["email"] = "email"
    subject: str = Field(min_length=1, max_length=LINE)
    body: str = Field(min_length=1, description="greeting, paragraphs and sign-off, plain text")


class Table(BaseModel):
    """A small table inside a document."""

    model_config = _STRICT
    columns: list[str] = Field(min_length=1)
    rows: list[list[str]]


class Section(BaseModel):
    """A headed section of a document."""

    model_config = _STRICT
    heading: str = Field(min_length=1, max_length=LINE)
    paragraphs: list[str] = Field(min_length=1)
    table: Table | None = None


class DocumentContent(BaseModel):
    """A document: title, a line under it, and sections."""

    model_config = _STRICT
    kind: Literal["document"] = "document"
    title: str = Field(max_length=LINE)
    subtitle: str = ""
    sections: list[Section] = Field(min_length=1)


class SheetColumn(BaseModel):
    """A column of a sheet and the type of its cells."""

    model_config = _STRICT
    name: str
    type: Literal["text", "money", "number", "percent", "date"] = "text"
    total: bool = Field(False, description="sum this column in a totals row (a formula in the .xlsx)")


Cell = Union[float, int, str, None]


class SheetContent(BaseModel):
    """One worksheet: typed columns and rows. Dates are ISO strings; percents are numbers like 7.5."""

    model_config = _STRICT
    kind: Literal["spreadsheet"] = "spreadsheet"
    title: str = Field(max_length=LINE)
    sheet_name: str = Field(max_length=LINE, description="the renderer makes it a legal, unique Excel name")
    currency: str = Field("USD", pattern=r"^[A-Z]{3}$", description="an ISO 4217 code")
    columns: list[SheetColumn] = Field(min_length=1)
    rows: list[list[Cell]] = Field(min_length=1)
    notes: list[str] = Field(default_factory=list)


# What one artifact's generation makes: every registered kind's content type (worlds.kinds.union("content")).
Content = BaseModel

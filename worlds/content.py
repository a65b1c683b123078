"""What generation produces for each artifact: typed content that renderers turn into files."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

_STRICT = ConfigDict(extra="forbid")


class EmailContent(BaseModel):
    """The text of one message as its sender wrote it (quoted history is added when rendering)."""

    model_config = _STRICT
    kind: Literal["email"] = "email"
    subject: str = Field(min_length=1)
    body: str = Field(min_length=1, description="greeting, paragraphs and sign-off, plain text")


class Table(BaseModel):
    """A small table inside a document."""

    model_config = _STRICT
    columns: list[str] = Field(min_length=1)
    rows: list[list[str]]


class Section(BaseModel):
    """A headed section of a document."""

    model_config = _STRICT
    heading: str = Field(min_length=1)
    paragraphs: list[str] = Field(min_length=1)
    table: Table | None = None


class DocumentContent(BaseModel):
    """A document: title, a line under it, and sections."""

    model_config = _STRICT
    kind: Literal["document"] = "document"
    title: str
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
    title: str
    sheet_name: str = Field(max_length=31)
    currency: str = "USD"
    columns: list[SheetColumn] = Field(min_length=1)
    rows: list[list[Cell]] = Field(min_length=1)
    notes: list[str] = Field(default_factory=list)


Content = Annotated[Union[EmailContent, DocumentContent, SheetContent], Field(discriminator="kind")]

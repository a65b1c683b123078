"""One place that says which content type each artifact kind is generated as."""

from __future__ import annotations

from pydantic import BaseModel

from worldsmith.worlds.content import DocumentContent, EmailContent, SheetContent

CONTENT_TYPES: dict[str, type[BaseModel]] = {
    "email": EmailContent,
    "document": DocumentContent,
    "spreadsheet": SheetContent,
}

"""The offline composer: deterministic content from an artifact context, phrase banks and a seeded random generator."""

from worldsmith.generators.compose.document import compose_document
from worldsmith.generators.compose.email import compose_email
from worldsmith.generators.compose.sheet import compose_sheet

__all__ = ["compose_document", "compose_email", "compose_sheet"]

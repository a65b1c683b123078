"""The offline composer: deterministic content from an artifact context, phrase banks and a seeded random generator."""

from worldsmith.generators.compose.document import compose_document
from worldsmith.generators.compose.email import compose_email

__all__ = ["compose_document", "compose_email"]

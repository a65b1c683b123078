"""The offline composer: deterministic content from an artifact context, phrase banks and a seeded random generator."""

from worldsmith.generators.compose.document import compose_document

__all__ = ["compose_document"]

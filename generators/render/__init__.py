"""Renderers: typed content to real files (.eml, .mbox, .docx, .md, .xlsx, .csv)."""

from worldsmith.generators.render.world import render_world

__all__ = ["render_world"]

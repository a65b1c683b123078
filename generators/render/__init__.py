"""Renderers: typed content to real files (.eml, .mbox, .docx, .md, .xlsx, .csv)."""

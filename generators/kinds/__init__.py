"""Artifact kinds: one folder (or, for document still, one module) each, declaring a `KIND`
(worldsmith.worlds.kinds.Kind); registered by one line in generators/registry.py."""

"""Artifact kinds: one module each, declaring a `KIND` (worldsmith.worlds.kinds.Kind); registered in generators/registry.py."""

"""Artifact kinds: one folder each, declaring a `KIND` (worldsmith.worlds.kinds.Kind); registered by one line in
generators/registry.py."""

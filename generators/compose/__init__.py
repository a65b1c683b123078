"""The offline composer's shared parts: phrase banks, voices, facts, parties, text helpers, long-form bodies and the
documents' substance; each kind's composer is its folder's compose.py (generators/kinds/<kind>/)."""

"""The DuckDB store: schema, and the loader that parses a bundle's files back into tables."""

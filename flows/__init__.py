"""flows: Prefect flows and the CLI. Composition only."""

"""generators: how a world is made. Backends, cast, planner, one generator per artifact kind, renderers."""

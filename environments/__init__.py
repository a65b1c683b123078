"""environments: what RL environments consume from a world: apps over MCP, sessions, tasks with verifiers, exports."""

"""Model backends behind one interface: offline (the embedded default) and OpenAI-compatible."""

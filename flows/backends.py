"""Build the backend a run's configuration asks for."""

from __future__ import annotations

from worldsmith.flows.config import RunConfig
from worldsmith.generators.backends.base import Backend
from worldsmith.generators.backends.offline import OfflineBackend


def make_backend(config: RunConfig) -> Backend:
    """The offline composer, or an OpenAI-compatible client with its cache and accounting."""
    if config.backend == "offline":
        return OfflineBackend()
    from worldsmith.generators.backends.cache import ResponseCache, default_cache_path
    from worldsmith.generators.backends.openai_compat import OpenAIBackend
    from worldsmith.generators.backends.usage import Usage

    cache = None if config.no_cache else ResponseCache(config.cache or default_cache_path())
    # Local servers (vLLM, Ollama, llama.cpp) take any key; the client insists on one.
    key = config.api_key.get_secret_value() if config.api_key else "not-needed"
    prices = {name: price.model_dump() for name, price in config.prices.items()}
    return OpenAIBackend(config.model, base_url=config.base_url, api_key=key, concurrency=config.concurrency,
                         timeout=config.timeout, max_attempts=config.max_attempts, backoff_base=config.backoff_base, cache=cache,
                         usage=Usage(prices=prices), artifact_deadline=config.artifact_deadline,
                         run_deadline=config.run_deadline)

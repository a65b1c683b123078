"""Worlds made through an OpenAI-compatible model: the project's test server on 127.0.0.1, the real
openai client over real HTTP; the plain stages (make_world), and once the Prefect flow over them. Faults, accounting, cache and the key's secrecy."""

from __future__ import annotations

from pathlib import Path

import pytest

from worldsmith.generators.backends.test_server import ServerConfig, TestServer
from tests.conftest import EXAMPLES, MINI
from worldsmith.worlds import bundle, kinds

FAKE_KEY = "sk-test-WORLDSMITH-FAKE-KEY-0123456789"


@pytest.fixture
def model_env(monkeypatch, tmp_path):
    """The key comes from the environment, as an operator would give it."""
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_KEY)
    config = tmp_path / "worldsmith.toml"
    # Short timeouts and backoff keep fault tests quick; the mechanism is the one operators get.
    config.write_text("timeout = 1.5\nbackoff_base = 0.05\nmax_attempts = 8\n")
    return config


def run_flow(server: TestServer, outline: Path, out: Path, cache: Path, config: Path, prefect: bool = False, **extra):
    """A world through the model: the plain stages (make_world), or with `prefect` the flow over them."""
    from worldsmith.flows.generate import generate_world
    from worldsmith.flows.make import make_world

    return (generate_world if prefect else make_world)(
        str(outline), seed=0, out=str(out), backend="openai", model="test-model", base_url=server.base_url,
        cache=str(cache), config_file=str(config), **extra)


def test_an_example_publishes_a_valid_world_through_the_model_and_the_flow(tmp_path, model_env, prefect_harness):
    # The tanker example goes through the model in the faults' test below.
    with TestServer(ServerConfig(api_key=FAKE_KEY)) as server:
        result = run_flow(server, EXAMPLES / "buyside-diligence.yaml", tmp_path / "out", tmp_path / "cache.sqlite",
                          model_env, prefect=True)
        assert result.errors == 0 and not result.quarantined, result
        manifest = bundle.read_manifest(Path(result.path))
        assert manifest.backend == "openai" and manifest.model == "test-model"
        n = sum(manifest.counts[k.name] for k in kinds.kinds())  # one call per artifact, chat and meetings too
        totals = manifest.usage["totals"]
        # and one per repair the checks asked for (the offline composer's own text may need one)
        assert totals["calls"] == n + len(manifest.repairs) == len(server.requests)
        assert totals["tokens_in"] > 0 and totals["tokens_out"] > 0


FAULTS = ["rate_limit", "server_error", "hang", "drop", "malformed_json", "schema_violation", "truncated"]


def test_world_completes_with_every_fault_in_a_share_of_calls(tmp_path, model_env):
    # Every fault at once, each in about a twentieth of the questions (three in ten faulted in all): one world pays
    # for the mix that seven worlds, one per fault, paid for before. At a fifth in all, the prompts of v11 drew no
    # 'truncated' in the world's ~160 questions (about 4 expected a fault): the share leaves each fault ~7 expected.
    share = 0.3 / len(FAULTS)
    config = ServerConfig(api_key=FAKE_KEY, faults={f: share for f in FAULTS}, retry_after=0.1, hang_seconds=3.0,
                          seed=11)
    with TestServer(config) as server:
        result = run_flow(server, EXAMPLES / "tanker-spill-liability.yaml", tmp_path / "out",
                          tmp_path / "cache.sqlite", model_env)
        by_fault = server.stats()["by_fault"]
    assert result.errors == 0 and not result.quarantined, result
    # The draw is fixed by the seed and each question: every fault is met at least once.
    assert set(by_fault) == set(FAULTS), by_fault
    faulted = sum(by_fault.values())
    manifest = bundle.read_manifest(Path(result.path))
    totals = manifest.usage["totals"]
    # The share of the requests that were faulted, not of the artifacts: a faulted request is asked again,
    # and its first attempt only draws a fault, so per request the share runs a little under 0.2; these
    # bounds are about 3.5 standard errors for ~200 requests.
    requests = len(server.requests)
    assert sum(manifest.counts[k.name] for k in kinds.kinds()) < requests
    assert 0.1 * requests <= faulted <= 0.3 * requests, (faulted, requests)
    counted = totals["retries"] + totals["reasks"]
    assert counted == faulted, (totals, faulted)


def test_warm_rerun_makes_no_calls_and_gives_the_same_world_and_no_cache_calls_again(tmp_path, model_env):
    with TestServer(ServerConfig(api_key=FAKE_KEY)) as server:
        first = run_flow(server, MINI, tmp_path / "a", tmp_path / "cache.sqlite", model_env)
        calls = len(server.requests)
        again = run_flow(server, MINI, tmp_path / "b", tmp_path / "cache.sqlite", model_env)
        assert len(server.requests) == calls
        run_flow(server, MINI, tmp_path / "c", tmp_path / "cache.sqlite", model_env, no_cache=True)
        assert len(server.requests) == 2 * calls
    assert again.usage["totals"]["calls"] == 0 and again.usage["totals"]["cache_hits"] == calls
    a = [(f.path, f.sha256) for f in bundle.read_manifest(Path(first.path)).files]
    b = [(f.path, f.sha256) for f in bundle.read_manifest(Path(again.path)).files]
    assert a == b


def test_expansion_through_the_model_adds_checked_artifacts(tmp_path, model_env):
    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend

    with TestServer(ServerConfig(api_key=FAKE_KEY)) as server:
        grown = run_flow(server, MINI, tmp_path / "b", tmp_path / "cache.sqlite", model_env, expand=4)
    assert grown.errors == 0
    # The outline's own plan (the engine's, whatever writes the prose), not a second world made without expansion
    # (a whole world through the model, about 1.5 CPU-s, for its count).
    plain = pipeline.make_plan(pipeline.prepare(MINI, 0, OfflineBackend()))
    assert len(bundle.read_plan(Path(grown.path)).artifacts) > len(plain.artifacts)
    assert grown.usage["kinds"].get("expand", {}).get("calls", 0) == 1


# Names of fields the engine owns: a schema sent to the model never has a property of these names.
ENGINE_OWNED = {"currency", "amount", "amounts", "date", "dates", "email", "path", "file", "subject", "title",
                "heading", "sheet_name", "columns", "rows", "recipients", "to", "cc", "id", "value", "value_date"}


def properties(schema) -> set[str]:
    """Every property name anywhere in a JSON schema."""
    if isinstance(schema, list):
        return set().union(*map(properties, schema)) if schema else set()
    if not isinstance(schema, dict):
        return set()
    out = set(schema.get("properties") or {})
    for key, sub in schema.items():
        out |= properties(sub if key != "properties" else list((sub or {}).values()))
    return out


def test_a_model_that_follows_only_its_schema_still_yields_a_published_world(tmp_path, model_env):
    # The server fills every field with arbitrary values of the right type (pattern ignored): nothing it
    # says is the engine's, and every planned fact, subject, date and sheet line still lands in the room.
    with TestServer(ServerConfig(api_key=FAKE_KEY, mode="schema_only", seed=5)) as server:
        result = run_flow(server, EXAMPLES / "hospital-revenue-audit.yaml", tmp_path / "out",
                          tmp_path / "cache.sqlite", model_env)
        schemas = [r["schema"] for r in server.requests if r["path"] == "/v1/chat/completions"]
    assert result.errors == 0 and not result.quarantined, result
    manifest = bundle.read_manifest(Path(result.path))
    assert not manifest.failures
    assert schemas and all(s is not None for s in schemas)
    sent = set().union(*map(properties, schemas))
    assert sent and not sent & ENGINE_OWNED, sent & ENGINE_OWNED
    # what the engine filled in around the model's prose is on record, artifact by artifact
    filled = manifest.usage["filled"]
    assert manifest.usage["totals"]["engine_filled"] == len(filled) > 0
    assert set(filled) <= {a.id for a in bundle.read_plan(Path(result.path)).artifacts}
    assert all(notes for notes in filled.values())

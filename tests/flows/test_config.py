"""Run configuration: CLI options over environment over config file, and errors that say where."""

from __future__ import annotations

from pathlib import Path

import pytest

from worldsmith.flows.config import ConfigError, resolve_config


def test_nothing_configured_means_offline(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    config = resolve_config({}, env={})
    assert config.backend == "offline" and "offline" in config.describe()


def test_environment_chooses_the_backend_and_model():
    env = {"WORLDSMITH_BACKEND": "openai", "WORLDSMITH_MODEL": "m1", "OPENAI_BASE_URL": "http://127.0.0.1:9/v1",
           "OPENAI_API_KEY": "sk-test-WORLDSMITH-FAKE-KEY-0123456789"}
    config = resolve_config({}, env=env)
    assert (config.backend, config.model, config.base_url) == ("openai", "m1", "http://127.0.0.1:9/v1")
    assert config.api_key.get_secret_value().startswith("sk-test")
    assert "sk-test" not in config.describe() and "sk-test" not in repr(config)
    assert config.source["model"] == "$WORLDSMITH_MODEL"


def test_cli_beats_environment_beats_file(tmp_path):
    path = tmp_path / "worldsmith.toml"
    path.write_text('backend = "openai"\nmodel = "from-file"\nconcurrency = 4\nbase_url = "http://127.0.0.1:1/v1"\n'
                    '[prices.from-cli]\ninput_per_million = 1.0\noutput_per_million = 2.0\n')
    config = resolve_config({"model": "from-cli"}, path, env={"WORLDSMITH_MODEL": "from-env"})
    assert config.model == "from-cli" and config.concurrency == 4 and config.source["concurrency"] == str(path)
    assert config.prices["from-cli"].output_per_million == 2.0
    assert resolve_config({}, path, env={"WORLDSMITH_MODEL": "from-env"}).model == "from-env"


def test_a_model_on_the_command_line_implies_the_openai_backend(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert resolve_config({"model": "m"}, env={}).backend == "openai"


def test_openai_without_a_model_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError, match="needs a model"):
        resolve_config({"backend": "openai"}, env={})


def test_bad_setting_names_its_source(tmp_path):
    path = tmp_path / "w.toml"
    path.write_text('backend = "llama"\n')
    with pytest.raises(ConfigError) as info:
        resolve_config({}, path, env={})
    assert "backend" in str(info.value) and str(path) in str(info.value)


def test_broken_toml_is_reported(tmp_path):
    path = tmp_path / "w.toml"
    path.write_text('backend = \n')
    with pytest.raises(ConfigError, match=str(path)):
        resolve_config({}, path, env={})


def test_a_config_nested_thousands_deep_a_device_or_a_fifo_is_one_config_error(tmp_path):
    # attack22 F7: `a = [[[[...` 50,000 deep raised RecursionError; /dev/zero or a FIFO would never end
    import os

    deep, fifo = tmp_path / "deep.toml", tmp_path / "fifo.toml"
    deep.write_text("a = " + "[" * 50_000 + "]" * 50_000)
    os.mkfifo(fifo)
    for path, why in ((deep, "nested too deeply"), ("/dev/zero", "not a regular file"), (fifo, "not a regular file"),
                      (tmp_path, "is a folder")):
        with pytest.raises(ConfigError, match=why):
            resolve_config({}, Path(path), env={})


def test_a_server_that_answers_no_prefect_version_is_prefect_unavailable():
    # attack22 F7: PREFECT_API_URL at a server answering 200 {"junk": [1,2,3]} to everything gave a traceback
    from types import SimpleNamespace

    from worldsmith.flows.prefect_server import PrefectUnavailable, _prefect_version

    for junk in ({"junk": [1, 2, 3]}, "not a version", None):
        with pytest.raises(PrefectUnavailable, match="not as a Prefect server"):
            _prefect_version("http://x/api", SimpleNamespace(json=lambda junk=junk: junk, text=str(junk)))
    _prefect_version("http://x/api", SimpleNamespace(json=lambda: "3.4.11", text='"3.4.11"'))

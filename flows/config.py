"""Which backend and model a run uses: CLI options over environment variables over a config file."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any, Literal

import platformdirs
from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError

from worldsmith.generators.backends.base import ARTIFACT_DEADLINE, RUN_DEADLINE
from worldsmith.worlds.errors import WorldsmithError


class ConfigError(WorldsmithError):
    """The configuration file or environment is malformed."""

    exit_code = 2


class Price(BaseModel):
    """What a model costs, per million tokens."""

    model_config = ConfigDict(extra="forbid")
    input_per_million: float = Field(ge=0)
    output_per_million: float = Field(ge=0)


class RunConfig(BaseModel):
    """Everything that chooses and tunes the model backend for a run."""

    model_config = ConfigDict(extra="forbid")
    backend: Literal["offline", "openai"] = "offline"
    model: str | None = None
    base_url: str | None = None
    api_key: SecretStr | None = Field(None, repr=False)
    concurrency: int = Field(16, ge=1, le=1024)
    timeout: float = Field(60.0, gt=0)
    max_attempts: int = Field(6, ge=1, le=20)
    backoff_base: float = Field(0.5, gt=0, description="seconds before the first retry; doubles, with jitter")
    artifact_deadline: float = Field(ARTIFACT_DEADLINE, ge=0, description="seconds one artifact's model calls may "
                                     "take, retries included, before it fails (0: no deadline)")
    run_deadline: float = Field(RUN_DEADLINE, ge=0, description="seconds all of a run's model calls may take from "
                                "the first; later calls fail at once (0: no deadline)")
    cache: Path | None = None
    taxonomy: Path | None = Field(None, description="an imported taxonomy (.duckdb) or a taxonomy folder; default shipped")
    no_cache: bool = False
    prices: dict[str, Price] = Field(default_factory=dict)
    source: dict[str, str] = Field(default_factory=dict, description="where each setting came from")

    def describe(self) -> str:
        """One line for the CLI: which backend and model, and where they came from (never the key)."""
        if self.backend == "offline":
            return "backend: offline (model composer-1, the embedded default)"
        where = self.base_url or "https://api.openai.com/v1"
        origin = self.source.get("backend", "default")
        return f"backend: openai (model {self.model} at {where}; chosen by {origin})"


ENV = {
    "backend": "WORLDSMITH_BACKEND",
    "model": "WORLDSMITH_MODEL",
    "base_url": "OPENAI_BASE_URL",
    "api_key": "OPENAI_API_KEY",
    "cache": "WORLDSMITH_CACHE",
    "concurrency": "WORLDSMITH_CONCURRENCY",
    "taxonomy": "WORLDSMITH_TAXONOMY",
    "artifact_deadline": "WORLDSMITH_ARTIFACT_DEADLINE",
    "run_deadline": "WORLDSMITH_RUN_DEADLINE",
}


def default_config_path() -> Path | None:
    """./worldsmith.toml if present, else the user's config file if present."""
    for candidate in (Path("worldsmith.toml"), Path(platformdirs.user_config_dir("worldsmith")) / "config.toml"):
        if candidate.is_file():
            return candidate
    return None


_MAX_CONFIG_BYTES = 1024 * 1024  # a worldsmith.toml is a few lines


def _read_file(path: Path) -> dict[str, Any]:
    from worldsmith.worlds.regular_files import read_regular

    if path.is_dir():
        raise ConfigError(f"{path} is a folder; give a worldsmith.toml file")
    try:
        data = tomllib.loads(read_regular(path, _MAX_CONFIG_BYTES).decode("utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such config file") from None
    except OSError as exc:  # a FIFO, a device or a huge file
        raise ConfigError(f"{path}: {exc.strerror}; give a worldsmith.toml file") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not a text file; give a worldsmith.toml file") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: {exc}") from None
    except RecursionError:  # arrays or tables nested thousands deep: no config is
        raise ConfigError(f"{path}: nested too deeply to be a worldsmith.toml") from None
    return data.get("worldsmith", data)


def resolve_config(cli: dict[str, Any], config_file: Path | None = None, env: dict[str, str] | None = None) -> RunConfig:
    """Merge settings: CLI options (not None) over environment over config file over defaults."""
    env = os.environ if env is None else env
    merged: dict[str, Any] = {}
    source: dict[str, str] = {}
    path = config_file or default_config_path()
    if path is not None:
        for key, value in _read_file(path).items():
            merged[key] = value
            source[key] = str(path)
    for key, var in ENV.items():
        if env.get(var):
            merged[key] = env[var]
            source[key] = f"${var}"
    for key, value in cli.items():
        if value is not None and value is not False:
            merged[key] = value
            source[key] = f"--{key.replace('_', '-')}"
    if "backend" not in merged and ("model" in merged and source.get("model", "").startswith("--")):
        # Asking for a model on the command line means a model backend.
        merged["backend"] = "openai"
        source["backend"] = "--model"
    try:
        config = RunConfig.model_validate({**merged, "source": source})
    except ValidationError as exc:
        err = exc.errors()[0]
        key = ".".join(str(p) for p in err["loc"])
        raise ConfigError(f"setting {key!r} (from {source.get(str(err['loc'][0]), 'defaults')}): {err['msg']}") from None
    where = config.taxonomy
    if where is not None and where.suffix != ".duckdb" and where.exists() and not where.is_dir():
        raise ConfigError(f"taxonomy {where} (from {source.get('taxonomy', 'defaults')}) is not a taxonomy: give an "
                          "imported .duckdb (`worldsmith taxonomy import-onet`) or a taxonomy folder")
    if config.backend == "openai" and not config.model:
        raise ConfigError("the openai backend needs a model: --model NAME, $WORLDSMITH_MODEL or model = \"...\" in the config file")
    return config

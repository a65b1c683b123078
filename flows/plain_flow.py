"""worldsmith's flow decorator: Prefect's Flow, storing JSON-native run parameters without FastAPI's encoder."""

from __future__ import annotations

from typing import Any, Callable

import worldsmith.flows.prefect_env  # noqa: F401  (must precede prefect)
from prefect import Flow

_NATIVE = (str, int, float, bool, type(None))


def _native(value: Any) -> bool:
    if isinstance(value, _NATIVE):
        return True
    if isinstance(value, (list, tuple)):
        return all(_native(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _native(v) for k, v in value.items())
    return False


class PlainParameterFlow(Flow):
    """A Flow whose parameters, when every one is already JSON (strings, numbers, lists of them), are sent as they are.

    Prefect serialises a run's parameters with FastAPI's jsonable_encoder, importing FastAPI and
    Starlette for it on the first run of a process: about 0.12 s of a one-world command (measured), for
    parameters that are paths, numbers and flags. Anything else goes through Prefect's own way.
    """

    def serialize_parameters(self, parameters: dict[str, Any]) -> dict[str, Any]:
        """The parameters as JSON values; Prefect's encoder for any that are not JSON already."""
        if all(_native(v) for v in parameters.values()):
            return dict(parameters)
        return super().serialize_parameters(parameters)


def plain_flow(**options: Any) -> Callable[[Callable], PlainParameterFlow]:
    """@prefect.flow(**options), making a PlainParameterFlow."""
    return lambda fn: PlainParameterFlow(fn=fn, **options)

"""Secrets a user gives through the environment (WORLDSMITH_STATE_KEY, WORLDSMITH_SERVE_TOKEN), refused when too short.

A one-character state key lets anyone who can write a session folder guess it and sign a hand edit again,
and a short bearer token is guessed as fast as a client can knock; the keys and tokens worldsmith makes
itself are 64 and 43 characters. A given secret shorter than MIN_SECRET_CHARS (after its surrounding
spaces) is refused, never used, with the command to make a good one.
"""

from __future__ import annotations

import os

from worldsmith.worlds.errors import WorldsmithError

MIN_SECRET_CHARS = 16  # documented in the README's threat model


class WeakSecretError(WorldsmithError):
    """A secret given in an environment variable is too short to keep anyone out."""

    exit_code = 2


def given_secret(variable: str) -> str | None:
    """The value of `variable` when set (None when unset or empty); WeakSecretError when it is too short."""
    value = os.environ.get(variable)
    if not value:
        return None
    n = len(value.strip())
    if n < MIN_SECRET_CHARS:
        raise WeakSecretError(f"{variable} is too short ({n} character{'' if n == 1 else 's'}; the minimum is "
                              f"{MIN_SECRET_CHARS}): set it to a long random value, e.g. the output of "
                              "`python3 -c 'import secrets; print(secrets.token_hex(32))'`, or unset it")
    return value

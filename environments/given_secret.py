"""Secrets a user gives through the environment (WORLDSMITH_STATE_KEY, WORLDSMITH_SERVE_TOKEN), refused when too short
or too plain.

A one-character state key lets anyone who can write a session folder guess it and sign a hand edit again,
and a short bearer token is guessed as fast as a client can knock; the keys and tokens worldsmith makes
itself are 64 and 43 characters. A given secret shorter than MIN_SECRET_CHARS (after its surrounding
spaces), or of fewer than MIN_DISTINCT_CHARS different characters ('x' sixteen times is long and no secret:
a guesser tries runs of one character, and a pattern of two or three, first), is refused, never used, with the
command to make a good one.
"""

from __future__ import annotations

import os

from worldsmith.worlds.errors import WorldsmithError

MIN_SECRET_CHARS = 16  # documented in the README's threat model
MIN_DISTINCT_CHARS = 8  # as documented; a random 16 characters of token_urlsafe's 64 have about 14
MAKE_ONE = "`python -c \"import secrets; print(secrets.token_urlsafe(32))\"`"


class WeakSecretError(WorldsmithError):
    """A secret given in an environment variable is too short or too plain to keep anyone out."""

    exit_code = 2


def given_secret(variable: str) -> str | None:
    """The value of `variable` when set (None when unset or empty); WeakSecretError when it is too short or has too
    few different characters."""
    value = os.environ.get(variable)
    if not value:
        return None
    n = len(value.strip())
    if n < MIN_SECRET_CHARS:
        raise WeakSecretError(f"{variable} is too short ({n} character{'' if n == 1 else 's'}; the minimum is "
                              f"{MIN_SECRET_CHARS}): set it to a long random value, e.g. the output of "
                              f"{MAKE_ONE}, or unset it")
    distinct = len(set(value.strip()))
    if distinct < MIN_DISTINCT_CHARS:
        raise WeakSecretError(f"{variable} has too little variety ({distinct} different character"
                              f"{'' if distinct == 1 else 's'}; the minimum is {MIN_DISTINCT_CHARS}): set it to a "
                              f"random value, e.g. the output of {MAKE_ONE}, or unset it")
    return value

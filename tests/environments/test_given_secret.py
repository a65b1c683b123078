"""A state key or serve token given in the environment that is too short to keep anyone out is refused, with what
to do, before a session folder is made or a port opened."""

from __future__ import annotations

import pytest

pytest.importorskip("fastmcp")

from typer.testing import CliRunner  # noqa: E402

from worldsmith.environments import session_store  # noqa: E402
from worldsmith.environments.given_secret import (MIN_DISTINCT_CHARS, MIN_SECRET_CHARS, WeakSecretError,  # noqa: E402
                                                  given_secret)
from worldsmith.environments.http_guard import TOKEN_ENV, serve_token  # noqa: E402
from worldsmith.environments.server import build_server  # noqa: E402
from worldsmith.flows.cli import app  # noqa: E402


@pytest.mark.parametrize("value", ["k", "short key", " " * 20 + "padded" + " " * 20, "x" * (MIN_SECRET_CHARS - 1)])
def test_a_secret_under_the_minimum_is_refused_with_how_to_make_one(monkeypatch, value):
    monkeypatch.setenv("SOME_SECRET", value)
    with pytest.raises(WeakSecretError, match=rf"SOME_SECRET is too short \(\d+ characters?; the "
                                              rf"minimum is {MIN_SECRET_CHARS}\).*secrets.token_urlsafe\(32\)"):
        given_secret("SOME_SECRET")


@pytest.mark.parametrize("value", ["x" * MIN_SECRET_CHARS, "x" * 64, "ab" * 20, "abc" * 8 + "   ", "1234567" * 3])
def test_a_long_secret_of_too_few_different_characters_is_refused_with_how_to_make_one(monkeypatch, value):
    monkeypatch.setenv("SOME_SECRET", value)
    with pytest.raises(WeakSecretError, match=rf"SOME_SECRET has too little variety \(\d different characters?; the "
                                              rf"minimum is {MIN_DISTINCT_CHARS}\).*secrets.token_urlsafe\(32\)"):
        given_secret("SOME_SECRET")


def test_a_secret_of_the_minimum_length_and_variety_or_unset_is_taken(monkeypatch):
    import secrets

    plain = "abcdefgh" * 2  # the least taken: 16 characters, 8 different
    assert len(plain) == MIN_SECRET_CHARS and len(set(plain)) == MIN_DISTINCT_CHARS
    for value in (plain, secrets.token_urlsafe(32), secrets.token_hex(32)):
        monkeypatch.setenv("SOME_SECRET", value)
        assert given_secret("SOME_SECRET") == value
    monkeypatch.setenv("SOME_SECRET", "")
    assert given_secret("SOME_SECRET") is None
    monkeypatch.delenv("SOME_SECRET")
    assert given_secret("SOME_SECRET") is None


def test_a_one_character_state_key_is_refused_before_the_session_folder_is_made(published_legal, tmp_path,
                                                                                   monkeypatch):
    monkeypatch.setenv(session_store.KEY_ENV, "k")
    with pytest.raises(WeakSecretError, match=r"WORLDSMITH_STATE_KEY is too short \(1 character;"):
        build_server(published_legal, tmp_path / "s")
    assert not (tmp_path / "s").exists()
    done = CliRunner().invoke(app, ["serve", str(published_legal), "--session", str(tmp_path / "s")],
                              env={"COLUMNS": "400", session_store.KEY_ENV: "k"})
    assert done.exit_code == 2 and "Traceback" not in done.output, done.output
    assert "WORLDSMITH_STATE_KEY is too short (1 character; the minimum is 16)" in done.output
    assert not (tmp_path / "s").exists()


def test_a_session_started_with_a_good_key_is_not_verified_under_a_short_one(published_legal, tmp_path, monkeypatch):
    monkeypatch.setenv(session_store.KEY_ENV, "a grader's long enough key")
    _, session = build_server(published_legal, tmp_path / "s")
    session.submit_answer("USD 1")
    assert session.verify_state()
    monkeypatch.setenv(session_store.KEY_ENV, "a")
    with pytest.raises(WeakSecretError):
        session.verify_state()


def test_a_short_serve_token_is_refused_before_serving(published_legal, tmp_path, monkeypatch):
    monkeypatch.setenv(TOKEN_ENV, "abc")
    with pytest.raises(WeakSecretError, match=r"WORLDSMITH_SERVE_TOKEN is too short \(3 characters;"):
        serve_token()
    done = CliRunner().invoke(app, ["serve", str(published_legal), "--http", "--session", str(tmp_path / "s")],
                              env={"COLUMNS": "400", TOKEN_ENV: "abc"})
    assert done.exit_code == 2 and "Traceback" not in done.output, done.output
    assert "WORLDSMITH_SERVE_TOKEN is too short (3 characters" in done.output
    assert not (tmp_path / "s").exists()
    monkeypatch.setenv(TOKEN_ENV, "a-serve-token-long-enough")
    assert serve_token() == ("a-serve-token-long-enough", False)

"""Files named by an option or an environment variable are read only when regular and small (attack22 F5, F6)."""

from __future__ import annotations

import os

import pytest

from worldsmith.worlds import profile
from worldsmith.worlds.profile import ProfileError, load_profile
from worldsmith.worlds.store import trusted


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "fifo"
    os.mkfifo(path)
    return path


def test_a_profile_that_is_a_device_a_fifo_or_huge_is_refused_unread(tmp_path, fifo, monkeypatch):
    assert load_profile().model_dump()  # the shipped one reads
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 1025)
    monkeypatch.setattr(profile, "MAX_PROFILE_BYTES", 1024)
    for path, why in (("/dev/zero", "not a regular file"), (fifo, "not a regular file"), (tmp_path, "not a regular"),
                      (big, "larger than 1,024 bytes")):
        with pytest.raises(ProfileError, match=why):
            load_profile(path)


@pytest.mark.parametrize("where", ["/dev/zero", "fifo"])
def test_a_trusted_stores_record_that_is_a_device_or_a_fifo_trusts_nothing(where, fifo, tmp_path, monkeypatch):
    monkeypatch.setenv(trusted.ENV, str(fifo if where == "fifo" else where))
    trusted.remember("a" * 64)  # neither blocks nor raises
    assert not trusted.known("a" * 64)
    monkeypatch.setenv(trusted.ENV, str(tmp_path / "record.txt"))
    trusted.remember("a" * 64)
    assert trusted.known("a" * 64) and not trusted.known("b" * 64)

"""index.html: one self-contained page of the world, opened in headless Chromium (skipped when it is absent)."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

import worldsmith
from worldsmith.environments.index_html import write_index
from worldsmith.environments.lint import make_task_set

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def page(published_legal, tmp_path_factory):
    copy = tmp_path_factory.mktemp("index") / published_legal.name
    shutil.copytree(published_legal, copy)
    world = worldsmith.open(copy)
    task_set = make_task_set(world)
    path = write_index(world, task_set)
    yield world, task_set, path
    world.close()


def test_the_page_needs_nothing_from_the_network(page):
    _, _, path = page
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", text) and "<script" not in text


@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed (apt-get install chromium)")
def test_chromium_renders_the_mailboxes_drive_ledger_tasks_and_verdict(page, tmp_path):
    world, task_set, path = page
    flags = ["--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={tmp_path / 'profile'}"]
    dom = subprocess.run([CHROMIUM, *flags, "--dump-dom", path.as_uri()], capture_output=True, text=True,
                         timeout=120).stdout
    shot = tmp_path / "index.png"
    subprocess.run([CHROMIUM, *flags, f"--screenshot={shot}", "--window-size=1280,2400", path.as_uri()],
                   capture_output=True, timeout=120)
    text = re.sub(r"<[^>]+>", " ", dom)
    assert "Mailboxes" in text and world.mailboxes[0].owner in text
    assert world.threads[0].subject in text.replace("&amp;", "&")
    assert "Drive" in text and world.documents[0].path.split("/")[-1].split(".")[0] in text.replace("&amp;", "&")
    assert world.facts["liability_cap"].text in text and "Fact ledger" in text
    assert task_set.tasks[0].id in text and "verdict" in text and world.verdict in text
    assert shot.is_file() and shot.stat().st_size > 20_000

"""index.html: one self-contained page of the world, opened in headless Chromium (skipped when it is absent)."""

from __future__ import annotations

import html
import re
import shutil
import subprocess

import pytest

import worldsmith
from tests.published import task_set_of
from worldsmith.environments.index_html import write_index

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def page(published_legal, tmp_path_factory):
    copy = tmp_path_factory.mktemp("index") / published_legal.name
    shutil.copytree(published_legal, copy)
    world = worldsmith.open(copy)
    with worldsmith.open(published_legal) as shared:  # the copy's tasks: made once per test process (tests/published.py)
        task_set = task_set_of(shared)
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


def test_threads_are_listed_by_date_and_long_lists_fold_away(page):
    world, _, path = page
    text = path.read_text(encoding="utf-8")
    folder = world.threads[0].folder
    threads = sorted((t for t in world.threads if t.folder == folder), key=lambda t: t.messages[0].sent_at)
    shown = [text.index(f"<summary>{html.escape(t.subject)} ") for t in threads]
    assert len(threads) > 1 and shown == sorted(shown)  # a mail client's order, not the subjects' alphabet
    # a fact that appears in many files shows a count that opens to the list
    many = max(world.facts, key=lambda f: world.db.execute(
        "select count(*) from fact_mentions where fact_id = ? and distractor is null", [f]).fetchone()[0])
    n = world.db.execute("select count(*) from fact_mentions where fact_id = ? and distractor is null", [many]).fetchone()[0]
    assert n > 4 and f"<summary>{n} files" in text
    # passing checks read ok; a twin is named beside its file, not listed as a file of its own
    assert "<td class=ok>ok</td>" in text and "(+ md twin)" in text
    twin = world.documents[0].path.rsplit(".", 1)[0] + ".md"
    assert f"<li class=meta>{html.escape(twin.rsplit('/', 1)[-1])}</li>" not in text

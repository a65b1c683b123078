"""The bundle's layout is declared once, in worlds/bundle.py: no other module spells a bundle file's name."""

from __future__ import annotations

import re
from pathlib import Path

from worldsmith.worlds import bundle

REPO = Path(__file__).resolve().parents[2]
NAMES = [bundle.PLAN, bundle.MANIFEST, bundle.VALIDATION, bundle.DATABASE, bundle.FAILURES, bundle.REPORT_HTML,
         bundle.MAILBOX_FOLDER]


def test_no_module_of_the_loader_validator_or_renderers_spells_a_bundle_file_name():
    # the modules that read or write a bundle's files; docstrings and comments may name them
    modules = ["worlds/store/load.py", "worlds/validate.py", "worlds/realism.py", "worlds/html_report.py",
               "generators/kinds/email/mailbox.py", "generators/kinds/email/reader.py"]
    for rel in modules:
        code = "\n".join(line.split("#")[0] for line in (REPO / rel).read_text(encoding="utf-8").splitlines()
                         if not line.strip().startswith(('"""', "-")))
        for name in NAMES:
            assert not re.search(r"[\"']" + re.escape(name) + r"[\"']", code), (rel, name)


def test_there_is_one_read_plan():
    from worldsmith.generators.kinds.email import reader
    from worldsmith.worlds.store import load

    assert load.read_plan is bundle.read_plan and reader.MAILBOX_FOLDER is bundle.MAILBOX_FOLDER

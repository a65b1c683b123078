"""The flows store their run parameters as Prefect would, without importing FastAPI for plain JSON values."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def test_json_parameters_go_as_they_are_and_others_through_prefects_encoder():
    from worldsmith.flows.generate import generate_world

    plain = {"outline": "a.yaml", "seed": 3, "concurrency": None, "force": False, "occupations": ["13-2011"]}
    assert generate_world.serialize_parameters(plain) == plain
    mixed = generate_world.serialize_parameters({"outline": Path("/srv/a.yaml"), "seed": 1})
    assert mixed == {"outline": "/srv/a.yaml", "seed": 1}


def test_serialising_plain_parameters_imports_no_fastapi():
    code = ("import sys; from worldsmith.flows.generate import generate_world; "
            "generate_world.serialize_parameters({'outline': 'a.yaml', 'seed': 0}); "
            "print('fastapi' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env={"PREFECT_API_URL": "http://127.0.0.1:9/api", "PATH": "/usr/bin:/bin"})
    assert done.stdout.strip() == "False", done.stderr

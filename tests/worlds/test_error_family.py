"""One error family: every public error worldsmith raises is a WorldsmithError that says what to do, with an exit code."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import worldsmith
from worldsmith.worlds.errors import WorldsmithError

LAYERS = ("worldsmith.worlds", "worldsmith.generators", "worldsmith.taxonomies", "worldsmith.flows")


def _errors() -> dict[str, type]:
    found = {}
    for layer in LAYERS:
        package = importlib.import_module(layer)
        for info in pkgutil.walk_packages(package.__path__, layer + "."):
            module = importlib.import_module(info.name)
            for name, obj in vars(module).items():
                if (inspect.isclass(obj) and issubclass(obj, BaseException) and obj.__module__ == module.__name__
                        and name.endswith("Error") and not name.startswith("_")):
                    found[f"{module.__name__}.{name}"] = obj
    return found


def test_every_public_error_is_in_the_worldsmith_family_and_says_what_to_do():
    errors = _errors()
    names = {path.rsplit(".", 1)[1] for path in errors}
    assert {"ParseError", "CheckError", "ProfileError", "CorpusError", "ConfigError", "OutlineError"} <= names
    for path, cls in errors.items():
        assert issubclass(cls, WorldsmithError), path
        assert cls.__doc__ and len(cls.__doc__.split()) >= 6, path
        assert isinstance(cls.exit_code, int) and cls.exit_code in (1, 2), path
    # the family tree in worlds/errors.py names every one of them
    tree = importlib.import_module("worldsmith.worlds.errors").__doc__
    assert all(name in tree for name in names), sorted(n for n in names if n not in tree)

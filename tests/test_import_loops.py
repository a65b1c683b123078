"""No import loop inside the package: the graph of module-level `worldsmith.*` imports has no cycle (issue 18).

An import inside a function runs when the function does, after every module is loaded, so only the
imports a module runs while it loads are edges (those under `if TYPE_CHECKING:` never run). A package's
`__init__` is reached only through an import that names it, not through its submodules' imports.
"""

from __future__ import annotations

import ast
import functools
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _modules(package_dir: dict[str, Path] | None = None) -> dict[str, Path]:
    """Every module of the package by dotted name, from pyproject's package-dir map (or the one given)."""
    if package_dir is None:
        mapped = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]
        package_dir = {package: ROOT / folder for package, folder in mapped.items()}
    out: dict[str, Path] = {}
    for package, base in package_dir.items():
        for path in base.rglob("*.py"):
            rel = path.relative_to(base).with_suffix("").parts
            if "__pycache__" in rel:
                continue
            parts = rel[:-1] if rel[-1] == "__init__" else rel
            out[".".join((package, *parts))] = path
    return out


def _parsed(path: Path) -> ast.Module:
    """The module's syntax tree, parsed once per text in this process (the suite's 6-minute rule: three tests here
    parsed every module of the package, two of them for the same graph); a tree read, never changed."""
    return _parse(path.read_text(encoding="utf-8"), str(path))


@functools.cache
def _parse(text: str, filename: str) -> ast.Module:
    return ast.parse(text, filename=filename)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _load_time_imports(body: list[ast.stmt]):
    """The import statements a module runs while it loads: not in a function, not under TYPE_CHECKING."""
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        elif isinstance(node, ast.If):
            if not _is_type_checking(node.test):
                yield from _load_time_imports(node.body)
            yield from _load_time_imports(node.orelse)
        else:
            for field in ("body", "orelse", "finalbody", "handlers"):
                inner = getattr(node, field, None)
                if isinstance(inner, list):
                    yield from _load_time_imports([n for n in inner if isinstance(n, ast.AST)])
            if isinstance(node, ast.ExceptHandler):
                yield from _load_time_imports(node.body)


def _is_import_module(func: ast.expr) -> bool:
    return (isinstance(func, ast.Name) and func.id == "import_module") or \
        (isinstance(func, ast.Attribute) and func.attr == "import_module")


def _dynamic_imports(body: list[ast.stmt]) -> set[str]:
    """What a module imports by name while it loads: `import_module("a.b")`, or `import_module(name)` in a loop
    over a module-level tuple of names (the kind registry's `for _name in KIND_MODULES`)."""
    names: dict[str, list[str]] = {}
    for node in body:
        if isinstance(node, ast.Assign) and isinstance(node.value, (ast.Tuple, ast.List)):
            values = [e.value for e in node.value.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
            for target in node.targets:
                if isinstance(target, ast.Name):
                    names[target.id] = values
    found: set[str] = set()
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        loop = {}
        if isinstance(node, ast.For) and isinstance(node.target, ast.Name) and isinstance(node.iter, ast.Name):
            loop = {node.target.id: names.get(node.iter.id, [])}
        for call in ast.walk(node):
            if isinstance(call, ast.Call) and _is_import_module(call.func) and call.args:
                arg = call.args[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    found.add(arg.value)
                elif isinstance(arg, ast.Name):
                    found.update(loop.get(arg.id, []))
    return found


def import_graph(package_dir: dict[str, Path] | None = None) -> dict[str, set[str]]:
    """module -> the package's modules it imports while loading."""
    modules = _modules(package_dir)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        tree = _parsed(path)
        graph[name].update(t for t in _dynamic_imports(tree.body) if t in modules and t != name)
        for node in _load_time_imports(tree.body):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    anchor = name.split(".") if is_package else name.split(".")[:-1]
                    anchor = anchor[: len(anchor) - (node.level - 1)]
                    base = ".".join([*anchor, *([base] if base else [])])
                # `from pkg import mod` imports the module pkg.mod; `from mod import name` the module itself
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                           for alias in node.names]
            for target in targets:
                while target and target not in modules:  # `import a.b.name` of something not a module
                    target = target.rpartition(".")[0]
                if target and target != name:
                    graph[name].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle for each strongly connected group of more than one module (Tarjan), each as a closed path."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return [_closed_path(graph, set(group)) for group in groups]


def _closed_path(graph: dict[str, set[str]], group: set[str]) -> list[str]:
    """A shortest path from the group's first module back to itself, inside the group."""
    start = min(group)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(graph[node] & group):
                if nxt == start:
                    return paths[node] + [start]
                if nxt not in paths:
                    paths[nxt] = paths[node] + [nxt]
                    following.append(nxt)
        frontier = following
    return sorted(group)


def test_the_checker_sees_a_loop():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
    # a loop inside one folder (two modules of one kind) is a loop like any other
    inner = {"p.kind.model": {"p.kind.reader"}, "p.kind.reader": {"p.kind.model"}, "p.other": {"p.kind.model"}}
    assert cycles(inner) == [["p.kind.model", "p.kind.reader", "p.kind.model"]]


def test_the_graph_sees_each_way_a_module_imports(tmp_path):
    # relative, `from pkg import module`, and import_module by name or over a tuple of names, each an edge
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    files = {"__init__.py": "", "sub/__init__.py": "", "sub/a.py": "from . import b\n",
             "sub/b.py": "from pkg.sub.c import X\n", "sub/c.py": "from importlib import import_module\n"
             "NAMES = ('pkg.sub.d',)\nfor _n in NAMES:\n    import_module(_n)\nX = 1\n",
             "sub/d.py": "import importlib\nimportlib.import_module('pkg.sub.a')\n"
             "def later():\n    import pkg.sub.e\n", "sub/e.py": ""}
    for rel, text in files.items():
        (pkg / rel).write_text(text)
    graph = import_graph({"pkg": pkg})
    assert graph["pkg.sub.a"] == {"pkg.sub.b"} and graph["pkg.sub.b"] == {"pkg.sub.c"}
    assert graph["pkg.sub.c"] == {"pkg.sub.d"} and graph["pkg.sub.d"] == {"pkg.sub.a"}  # not e: in a function
    assert cycles(graph) == [["pkg.sub.a", "pkg.sub.b", "pkg.sub.c", "pkg.sub.d", "pkg.sub.a"]]


def test_the_graph_holds_the_package():
    graph = import_graph()
    assert "worldsmith.worlds.kinds" in graph["worldsmith.worlds.outline"]
    assert "worldsmith.worlds.kinds" in graph["worldsmith.generators.registry"]
    # the registry's `import_module` over its list of kind modules is an edge to each
    assert "worldsmith.generators.kinds.email" in graph["worldsmith.generators.registry"]
    # an import inside a function is no edge: worlds.kinds loads the registry only when first used
    assert not any(m.startswith("worldsmith.generators") for m in graph["worldsmith.worlds.kinds"])


def test_no_import_loop_inside_the_package():
    found = cycles(import_graph())
    assert found == [], "import loops:\n" + "\n".join(" -> ".join(c) for c in found)


# DESIGN.md's layers, bottom up: a module may import its own layer and those below, never one above (not even
# inside a function). The kinds' apps live in generators and are handed their session (worlds.apps.AppSession).
ABOVE = {
    "worlds": ("generators", "taxonomies", "environments", "flows"),
    "generators": ("environments", "flows"),
    "taxonomies": ("generators", "environments", "flows"),
    "environments": ("flows",),
}


def test_no_module_imports_a_layer_above_its_own():
    wrong = []
    for name, path in _modules().items():
        layer = name.split(".")[1] if name.count(".") else ""
        banned = tuple(f"worldsmith.{above}" for above in ABOVE.get(layer, ()))
        for node in ast.walk(_parsed(path)):
            targets = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and node.level == 0 else []
            wrong += [f"{name}:{node.lineno} imports {t}" for t in targets if t.startswith(banned)]
    assert wrong == []

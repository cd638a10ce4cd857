"""The examples in followsuit's docstrings, run against the package as installed.

pytest's ``--doctest-modules`` over ``src/`` would import the source tree instead
of what ``pip install`` built, and a module compiled by mypyc keeps no docstrings.
So the examples are read from each installed module's source file (installed
beside its compiled extension, where there is one) and run in the namespace of the
module as imported: on the compiled build, against the compiled code.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

import followsuit

PACKAGE = Path(followsuit.__file__).resolve().parent


def module_names() -> list[str]:
    """The installed modules whose source holds an example."""
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if ">>>" not in path.read_text(encoding="utf-8"):
            continue
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def source_of(module: ModuleType) -> Path:
    """The module's source file, also when it was imported from an extension."""
    spec = module.__spec__
    assert spec is not None and spec.origin is not None
    origin = Path(spec.origin)
    if spec.submodule_search_locations is not None:
        return origin.with_name("__init__.py")
    return origin.with_name(module.__name__.rpartition(".")[2] + ".py")


def examples(module: ModuleType) -> list[doctest.DocTest]:
    """Every docstring's examples (module, classes, functions, methods), with the
    module's globals, as doctest's own finder would give them."""
    path = source_of(module)
    parser = doctest.DocTestParser()
    found: list[doctest.DocTest] = []

    def visit(node: ast.Module | ast.ClassDef | ast.FunctionDef, name: str) -> None:
        text = ast.get_docstring(node, clean=False)
        if text and ">>>" in text:
            line = 0 if isinstance(node, ast.Module) else node.body[0].lineno - 1
            found.append(parser.get_doctest(text, dict(vars(module)), name, str(path), line))
        for child in node.body:
            if isinstance(child, (ast.ClassDef, ast.FunctionDef)):
                visit(child, f"{name}.{child.name}")

    visit(ast.parse(path.read_text(encoding="utf-8")), module.__name__)
    return found


def test_the_examples_come_from_the_installed_package() -> None:
    names = module_names()
    assert "followsuit.cards" in names and "followsuit.engine.actions" in names
    for name in names:
        assert importlib.util.find_spec(name) is not None, name


@pytest.mark.parametrize("name", module_names())
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    tests = examples(module)
    assert tests, f"{name}: no example found"
    runner = doctest.DocTestRunner()
    report: list[str] = []
    for test in tests:
        runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)

"""What the tests run against: followsuit as ``pip install`` built it, with its
engine compiled by mypyc or pure Python, and ``build_info()`` saying which.

CI sets ``FOLLOWSUIT_EXPECT_ENGINE`` (``compiled`` or ``pure``) for each of its
installs, so that a build that silently fell back to Python fails there.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import json
import os
import pickle
from importlib.machinery import ExtensionFileLoader, SourceFileLoader
from pathlib import Path

import pytest
from typer.testing import CliRunner

import followsuit
from followsuit import IllegalAction, record, solver
from followsuit.cli.main import app

from . import cross_check

SOURCE_TREE = Path(__file__).resolve().parents[1] / "src"
PACKAGE = Path(followsuit.__file__).resolve().parent


def editable() -> bool:
    """Whether followsuit was installed with ``pip install -e``."""
    text = importlib.metadata.distribution("followsuit").read_text("direct_url.json")
    return bool(text and json.loads(text).get("dir_info", {}).get("editable"))


def engine_module_names() -> list[str]:
    """The installed modules of the engine's hot path: ``followsuit.engine``'s,
    ``cards`` and ``messages``, and the research faces' observation vector."""
    names = ["followsuit.cards", "followsuit.messages", "followsuit.rl.encoding"]
    names.append("followsuit.rl.tracker")
    for path in sorted((PACKAGE / "engine").rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def is_compiled(name: str) -> bool:
    return isinstance(importlib.import_module(name).__loader__, ExtensionFileLoader)


def test_the_package_under_test_is_the_installed_one() -> None:
    """Not the checkout's ``src/`` ahead of it (only an editable install is that)."""
    dist = importlib.metadata.distribution("followsuit")
    if editable():
        assert followsuit.build_info().engine == "pure"
        return
    installed = Path(str(dist.locate_file("followsuit/__init__.py"))).resolve()
    assert Path(followsuit.__file__).resolve() == installed
    assert not PACKAGE.is_relative_to(SOURCE_TREE)
    for name in engine_module_names():
        origin = importlib.import_module(name).__spec__.origin  # type: ignore[union-attr]
        assert origin is not None and Path(origin).resolve().is_relative_to(PACKAGE), name


def test_build_info_says_what_was_imported(monkeypatch: pytest.MonkeyPatch) -> None:
    info = followsuit.build_info()
    compiled = info.engine == "compiled"
    for name in engine_module_names():
        if name == "followsuit.engine.errors":  # ordinary exception classes on both builds
            assert isinstance(importlib.import_module(name).__loader__, SourceFileLoader)
        else:
            assert is_compiled(name) == compiled, name
    assert not is_compiled("followsuit.rules.settings")  # the catalogue reads its annotations
    monkeypatch.delenv("FOLLOWSUIT_SOLVER", raising=False)
    assert info.solver == solver.backend()
    expected = os.environ.get("FOLLOWSUIT_EXPECT_ENGINE")
    if expected:
        assert info.engine == expected, f"FOLLOWSUIT_EXPECT_ENGINE={expected}, but {info}"


def test_version_option_prints_the_build() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == str(followsuit.build_info())
    assert result.output.startswith(f"followsuit {followsuit.__version__} (engine ")


class Refusal(IllegalAction):
    """A caller's own kind of illegal action."""


def test_the_engines_errors_are_ordinary_exceptions() -> None:
    """They may be subclassed and pickled (the arena's worker processes), compiled
    engine or not."""
    error = pickle.loads(pickle.dumps(Refusal("not your turn", seat=2)))
    assert isinstance(error, IllegalAction) and str(error) == "not your turn"


def test_the_cross_check_is_a_function_of_its_seed() -> None:
    """What CI compares between the two builds: the same text every time, with
    worlds drawn and records that replay (a game of each family)."""
    games = [cross_check.play(7, k, 2) for k in (0, 5, 10)]
    assert games == [cross_check.play(7, k, 2) for k in (0, 5, 10)]
    for text in games:
        assert "\nworld 0.0: " in text
        game = record.replay(record.loads(text[text.index("\n{") :]))
        assert game.results

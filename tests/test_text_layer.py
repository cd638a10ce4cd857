"""The table drawn as text sits below both of its callers: the terminal (``cli``)
and the research faces' render (``rl``) import it, and it imports neither."""

from __future__ import annotations

import ast
from pathlib import Path

import followsuit

PACKAGE = Path(followsuit.__file__).parent
CALLERS = {"cli", "rl", "server"}


def imported_packages(path: Path) -> set[str]:
    """The followsuit subpackages a module of ``text/`` imports, relative or absolute."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            parts = (node.module or "").split(".")
            if node.level == 2 or (node.level == 0 and parts[0] == "followsuit"):
                first = parts[0] if node.level == 2 else (parts[1] if len(parts) > 1 else "")
                found.add(first)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "followsuit" and len(parts) > 1:
                    found.add(parts[1])
    return found


def test_the_text_table_imports_neither_the_terminal_nor_the_research_faces() -> None:
    modules = sorted((PACKAGE / "text").glob("*.py"))
    assert len(modules) > 5
    for path in modules:
        assert not imported_packages(path) & CALLERS, f"text/{path.name} imports a caller"


def test_the_research_render_draws_from_text_not_from_the_terminal() -> None:
    render = PACKAGE / "rl" / "render.py"
    assert "text" in imported_packages(render)
    assert "cli" not in imported_packages(render)

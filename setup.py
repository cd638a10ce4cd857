"""Build the compiled parts of followsuit, each optional: without a working C
compiler ``pip install`` still succeeds and installs the pure-Python package.

* The engine's hot modules (``ENGINE``) are compiled by mypyc from their own typed
  source (mypy is pinned in ``[build-system] requires``); the ``.py`` files are
  installed beside them, and run instead wherever the extensions are missing.
  ``FOLLOWSUIT_PURE=1`` at install time, and every editable install (whose point
  is that edits to the source take effect), skip them.
* The double-dummy solver's C kernel (``followsuit.solver._dd``).

``followsuit.build_info()`` and ``followsuit --version`` say which were built.
Everything else about the package is in ``pyproject.toml``.
"""

from __future__ import annotations

import os
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

#: What mypyc compiles: the engine and the modules it calls per action, and the
#: research faces' observation vector (built or brought up to date at every step of
#: a learning run; numpy, which it calls, is a build requirement for its types).
#: The rules stay Python (they run once per variant, and the option catalogue reads
#: the ``Settings`` annotations, which a compiled dataclass loses); so do the
#: engine's errors, so that they are ordinary exception classes.
ENGINE = [
    "src/followsuit/cards.py",
    "src/followsuit/messages.py",
    *sorted(
        path.as_posix()
        for path in Path("src/followsuit/engine").rglob("*.py")
        if path.name != "errors.py" or path.parent.name != "engine"
    ),
    "src/followsuit/rl/encoding.py",
    "src/followsuit/rl/tracker.py",
]

#: The engine's modules compiled together as one shared library (named after it).
ENGINE_GROUP = "followsuit_engine"


def _pure_requested() -> bool:
    return os.environ.get("FOLLOWSUIT_PURE", "").strip().lower() not in ("", "0", "false", "no")


class OptionalBuildExt(build_ext):
    """``build_ext`` that never fails the install: a missing or broken compiler
    leaves a warning and the pure-Python module in place of each extension. The
    engine's extensions stand or fall together (they share one library, and a
    compiled module beside a pure sibling of the same group would not work)."""

    def finalize_options(self) -> None:
        # before setuptools' own finalizing, which prepares each extension
        dist = self.distribution
        dist.ext_modules = [*(dist.ext_modules or []), *self._engine_extensions()]
        super().finalize_options()

    def run(self) -> None:
        self._engine_failed = False
        if not getattr(self, "_compile_engine", False):
            self._remove_stale_engine()
        try:
            super().run()
        except Exception as exc:  # no compiler at all: setuptools fails before building
            self._skipped("the compiled parts", exc)
            self._remove_engine()

    def _engine_extensions(self) -> list[Extension]:
        if _pure_requested():
            self.announce("followsuit: FOLLOWSUIT_PURE is set: the engine stays pure Python", 2)
            return []
        editable = {"editable_wheel", "develop"} & set(self.distribution.commands)
        if editable or self.inplace or getattr(self, "editable_mode", False):
            self.announce("followsuit: an editable install keeps the engine pure Python", 2)
            return []
        try:
            from mypyc.build import mypycify
        except ImportError as exc:
            self._skipped("the compiled engine", exc)
            return []
        try:
            # the modules the compiled ones import are read for their types, their
            # errors not reported: the build environment holds none of the research
            # faces' libraries (gymnasium, rich) that followsuit.rl's package imports
            extensions: list[Extension] = mypycify(
                ["--follow-imports=silent", *ENGINE], opt_level="3", group_name=ENGINE_GROUP
            )
        except (Exception, SystemExit) as exc:  # mypyc reports type errors by exiting
            self._skipped("the compiled engine", exc)
            return []
        for ext in extensions:
            ext.followsuit_engine = True  # type: ignore[attr-defined]
        self._compile_engine = True
        return extensions

    def build_extension(self, ext: Any) -> None:
        engine = getattr(ext, "followsuit_engine", False)
        if engine and self._engine_failed:
            return
        if self.compiler.compiler_type == "unix" and not engine:
            ext.extra_compile_args = [*ext.extra_compile_args, "-O3"]
        try:
            super().build_extension(ext)
        except Exception as exc:
            if not engine:
                self._skipped(f"the compiled {ext.name}", exc)
                return
            self._skipped("the compiled engine", exc)
            self._engine_failed = True
            self._remove_engine()

    def _remove_engine(self) -> None:
        """Take out the engine extensions already built, so that the whole engine
        runs as Python."""
        for ext in self.extensions:
            if getattr(ext, "followsuit_engine", False):
                path = self.get_ext_fullpath(ext.name)
                if os.path.exists(path):
                    os.remove(path)

    def _remove_stale_engine(self) -> None:
        """Take out engine extensions an earlier build left in the build folder (a
        pure build after a compiled one would otherwise ship them)."""
        lib = Path(self.build_lib)
        for suffix in EXTENSION_SUFFIXES:
            stale = [*lib.glob(f"{ENGINE_GROUP}__mypyc*{suffix}")]
            stale += [
                p for p in lib.glob(f"followsuit/**/*{suffix}") if p.name.split(".")[0] != "_dd"
            ]
            for path in stale:
                path.unlink()

    def _skipped(self, what: str, exc: BaseException) -> None:
        self.warn(f"followsuit: {what} was not built ({exc}); its pure-Python code will be used")


setup(
    ext_modules=[
        Extension(
            "followsuit.solver._dd",
            sources=["src/followsuit/solver/_dd.c"],
            optional=True,
        )
    ],
    cmdclass={"build_ext": OptionalBuildExt},
)

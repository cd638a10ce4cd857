"""Build the double-dummy solver's C kernel (``followsuit.solver._dd``) when a C
compiler works. It is optional: without one, ``pip install`` still succeeds and
the solver runs its pure-Python reference (``followsuit.solver.backend()`` says
which). Everything else about the package is in ``pyproject.toml``."""

from __future__ import annotations

from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class OptionalBuildExt(build_ext):
    """``build_ext`` that never fails the install: a missing or broken compiler
    leaves a warning and the pure-Python solver."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # no compiler at all: setuptools fails before building
            self._skipped(exc)

    def build_extension(self, ext: Any) -> None:
        if self.compiler.compiler_type == "unix":
            ext.extra_compile_args = [*ext.extra_compile_args, "-O3"]
        try:
            super().build_extension(ext)
        except Exception as exc:
            self._skipped(exc)

    def _skipped(self, exc: Exception) -> None:
        self.warn(
            f"followsuit: the compiled solver kernel was not built ({exc}); "
            "the pure-Python solver will be used"
        )


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

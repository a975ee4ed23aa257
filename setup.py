"""Optional compiled build: Cython compiles the hot modules (simcli/build.py: HOT) in
pure-Python mode; the .py files stay the source and the fallback.

`pip install -e ".[test]"` builds them in place when Cython and a C compiler are present.
A module that fails to compile stays pure Python (a warning says which); with no compiler
every module does. SIMCLI_NO_COMPILE=1 skips compiling. SIMCLI_PURE=1 at run time plays
the pure modules even where compiled ones exist.
"""
from __future__ import annotations

import os
import runpy
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent


class OptionalBuildExt(build_ext):
    """build_ext that never fails the install: a module that does not compile stays pure."""

    def initialize_options(self):
        super().initialize_options()
        self.parallel = os.cpu_count() or 1

    def run(self):
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - e.g. no C compiler at all
            self.warn(f"simcli: compiled build skipped, pure Python only ({exc})")

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as exc:  # noqa: BLE001 - one module's failure keeps it pure
            self.warn(f"simcli: {ext.name} stays pure Python ({type(exc).__name__}: {exc})")


def extensions():
    if os.environ.get("SIMCLI_NO_COMPILE", "") not in ("", "0"):
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("simcli: Cython not available, pure Python only", file=sys.stderr)
        return []
    build = runpy.run_path(str(HERE / "simcli" / "build.py"))
    out = []
    for source in build["hot_sources"](HERE):
        rel = source.relative_to(HERE).as_posix()
        try:
            out += cythonize(
                [rel], quiet=True, language_level=3,
                compiler_directives={
                    # Python semantics everywhere: annotations are not C types unless a
                    # module asks for it with cython.* declarations
                    "annotation_typing": False, "binding": True, "embedsignature": False,
                },
            )
        except Exception as exc:  # noqa: BLE001 - a module Cython cannot translate
            print(f"simcli: {rel} stays pure Python ({exc})", file=sys.stderr)
    return out


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})

"""Optional compiled build: Cython compiles the hot modules (simcli/build.py: HOT) in
pure-Python mode; the .py files stay the source and the fallback.

`pip install -e ".[test]"` builds them in place when Cython and a C compiler are present.
A module that fails to compile stays pure Python (a warning says which); with no compiler
every module does. SIMCLI_NO_COMPILE=1 skips compiling. SIMCLI_PURE=1 at run time plays
the pure modules even where compiled ones exist.
"""
from __future__ import annotations

import json
import os
import runpy
import shutil
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
MANIFEST = "simcli/_build_manifest.json"  # module -> sha256 of the .py it was compiled from
SOURCE_HASHES: dict[str, str] = {}  # filled when cythonize writes the C files
BUILT: dict[str, str] = {}  # modules whose extension module was built or reused


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
        # simcli/build.py plays an extension module only if its .py still has this hash
        text = json.dumps(dict(sorted(BUILT.items())), indent=1) + "\n"
        for root in {HERE, Path(self.build_lib).resolve()}:
            if (root / "simcli").is_dir():
                (root / MANIFEST).write_text(text)

    def build_extension(self, ext):
        # An editable install builds into a fresh temporary folder each time: reuse the
        # extension module already next to its source when it is newer than its C file
        # (cythonize rewrites the C file whenever the .py changed), so a reinstall only
        # compiles what changed.
        target = Path(self.get_ext_fullpath(ext.name))
        here = HERE / self.get_ext_filename(ext.name)
        if (not self.force and here.exists() and here.resolve() != target.resolve()
                and all(here.stat().st_mtime >= (HERE / s).stat().st_mtime
                        for s in ext.sources)):
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(here, target)
            BUILT[ext.name] = SOURCE_HASHES.get(ext.name, "")
            return
        try:
            super().build_extension(ext)
        except Exception as exc:  # noqa: BLE001 - one module's failure keeps it pure
            self.warn(f"simcli: {ext.name} stays pure Python ({type(exc).__name__}: {exc})")
            return
        BUILT[ext.name] = SOURCE_HASHES.get(ext.name, "")


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
        SOURCE_HASHES[build["module_name"](source, HERE)] = build["source_hash"](source)
        try:
            out += cythonize(
                [rel], quiet=True, language_level=3,
                compiler_directives=build["CYTHON_DIRECTIVES"],
            )
        except Exception as exc:  # noqa: BLE001 - a module Cython cannot translate
            print(f"simcli: {rel} stays pure Python ({exc})", file=sys.stderr)
    if sys.platform != "win32":
        for ext in out:
            ext.extra_compile_args = ["-g0"]  # no debug info: faster to compile, smaller
    return out


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})

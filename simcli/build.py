"""Which build plays: compiled (Cython extension modules) or pure Python, per module.

``setup.py`` compiles the hot modules listed by :data:`HOT` (engine, worker, every game's
rules modules, the strategies) with Cython in pure-Python mode when a compiler is present;
the ``.py`` files stay the source. :class:`BuildSelector`, installed by
``simcli/__init__.py`` in front of the import system, decides for each of those modules
whether its extension module may play:

* ``SIMCLI_PURE=1`` in the environment: never; every module loads from its ``.py``.
* an extension module not compiled from the ``.py`` as it is now (its sha256 in
  ``_build_manifest.json``, written by setup.py, differs; without an entry: the extension
  is older than the ``.py``): never; the ``.py`` plays and :func:`describe` names the
  module as stale. A stale build cannot play silently: ``pip install -e .`` rebuilds it.

Only the standard library here: ``setup.py`` reads :data:`HOT` from this file.
"""
from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path

#: source files (glob patterns relative to the checkout or site-packages) compiled by
#: setup.py; everything else (CLI, runner, analysis, plots) stays pure Python
HOT = (
    "simcli/engine.py",
    "simcli/worker.py",
    "simcli/games/base.py",
    "simcli/games/rand.py",
    "simcli/games/softmax.py",
    "simcli/games/*/*.py",
    "strategies/*.py",
)
#: Cython's directives for every module compiled (setup.py's build, and an old revision's
#: strategies for the issue-9 probe, ``simcli.strength``): Python semantics everywhere,
#: annotations are not C types unless a module asks for it with cython.* declarations
CYTHON_DIRECTIVES = {"annotation_typing": False, "binding": True, "embedsignature": False}
#: never compiled: package inits (the import hook lives in one) and analysis modules
#: (polars and matplotlib code gains nothing)
COLD = ("__init__.py", "analysis.py")

ROOT = Path(__file__).resolve().parent.parent
PURE_ENV = "SIMCLI_PURE"


def pure_requested() -> bool:
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def hot_sources(root: Path = ROOT) -> list[Path]:
    """The hot source files under ``root``, sorted."""
    out: set[Path] = set()
    for pattern in HOT:
        out.update(p for p in root.glob(pattern) if p.name not in COLD)
    return sorted(out)


def module_name(path: Path, root: Path = ROOT) -> str:
    return ".".join(path.relative_to(root).with_suffix("").parts)


def extension_of(source: Path) -> Path | None:
    """The extension module built for this interpreter next to ``source``, if any."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = source.with_name(source.stem + suffix)
        if candidate.exists():
            return candidate
    return None


MANIFEST = "simcli/_build_manifest.json"
_manifests: dict[Path, dict[str, str]] = {}


def source_hash(source: Path) -> str:
    """sha256 of the .py, and of the .pxd next to it when there is one (its Cython
    declarations are compiled in too, so editing it also makes the build stale)."""
    import hashlib

    digest = hashlib.sha256(source.read_bytes())
    pxd = source.with_suffix(".pxd")
    if pxd.exists():
        digest.update(b"\0pxd\0" + pxd.read_bytes())
    return digest.hexdigest()


def manifest(root: Path = ROOT) -> dict[str, str]:
    """Module -> sha256 of the .py each extension module was compiled from (setup.py)."""
    if root not in _manifests:
        try:
            import json

            _manifests[root] = json.loads((root / MANIFEST).read_text())
        except (OSError, ValueError):
            _manifests[root] = {}
    return _manifests[root]


def is_stale(extension: Path, source: Path, name: str | None = None,
             root: Path = ROOT) -> bool:
    """True when the extension module was not compiled from the .py (and .pxd) as they
    are now: its hash in the build manifest differs (or, without a manifest entry, it is
    older than either)."""
    recorded = manifest(root).get(name) if name else None
    try:
        if recorded is not None:
            return recorded != source_hash(source)
        pxd = source.with_suffix(".pxd")
        newest = max(source.stat().st_mtime, pxd.stat().st_mtime if pxd.exists() else 0)
        return newest > extension.stat().st_mtime
    except OSError:
        return True


def typed_group_state(source: Path, root: Path = ROOT) -> str | None:
    """``None`` when every module of ``source``'s folder that has a ``.pxd`` (compiled
    classes, and functions that take them typed: they ``cimport`` each other within one
    game) has a current extension module; else "stale" or "pure". Such modules play
    compiled together or not at all: a compiled module typed against a compiled ``State``
    cannot take the pure one. A typed ``strategies/<game>.py`` also needs the compiled
    modules of ``simcli/games/<game>/`` (its ``.pxd`` cimports their View)."""
    if not source.with_suffix(".pxd").exists():
        return None
    pxds = sorted(source.parent.glob("*.pxd"))
    if source.parent.name == "strategies":
        # a game's strategies module cimports that game's compiled View
        pxds += sorted((source.parent.parent / "simcli" / "games" / source.stem).glob("*.pxd"))
    for pxd in pxds:
        py = pxd.with_suffix(".py")
        if not py.exists():
            continue
        ext = extension_of(py)
        if ext is None:
            return "pure"
        if is_stale(ext, py, module_name(py, root) if py.is_relative_to(root) else None,
                    root):
            return "stale"
    return None


#: module name -> "compiled" | "pure" | "stale" (pure because the build is older), as
#: loaded by this process
LOADED: dict[str, str] = {}


class BuildSelector(importlib.abc.MetaPathFinder):
    """Loads a hot module from its ``.py`` when the pure build is asked for or its
    extension module is stale; otherwise lets the normal import system load it."""

    prefixes = ("simcli.", "strategies.")

    def find_spec(self, fullname, path, target=None):
        if not fullname.startswith(self.prefixes):
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or not isinstance(spec.loader, importlib.machinery.ExtensionFileLoader):
            if spec is not None and spec.origin and spec.origin.endswith(".py"):
                LOADED.setdefault(fullname, "pure")
            return spec
        extension = Path(spec.origin)
        source = extension.with_name(fullname.rpartition(".")[2] + ".py")
        if not source.exists():
            LOADED[fullname] = "compiled"
            return spec
        if pure_requested():
            state = "pure"
        elif is_stale(extension, source, fullname):
            state = "stale"
        elif (group := typed_group_state(source)) is not None:
            state = group
        else:
            LOADED[fullname] = "compiled"
            return spec
        LOADED[fullname] = state
        return importlib.util.spec_from_file_location(fullname, source)


def install() -> None:
    if not any(isinstance(f, BuildSelector) for f in sys.meta_path):
        sys.meta_path.insert(0, BuildSelector())


def module_builds(root: Path = ROOT) -> dict[str, str]:
    """Hot module -> the build a process started now would play: "compiled", "pure"
    (no extension module, or SIMCLI_PURE) or "stale" (extension older than source); a
    module typed by a ``.pxd`` plays as the worst of its folder's typed modules."""
    out = {}
    for source in hot_sources(root):
        name = module_name(source, root)
        if root == ROOT and name in LOADED:   # what this process loaded (this tree only)
            out[name] = LOADED[name]
            continue
        ext = extension_of(source)
        if ext is None or pure_requested():
            out[name] = "pure"
        else:
            out[name] = ("stale" if is_stale(ext, source, name, root)
                         else typed_group_state(source, root) or "compiled")
    return out


def describe(root: Path = ROOT) -> dict:
    """What run.json, the summary and ``simcli bench`` say about the build:
    ``{"build": "compiled" | "pure" | "mixed", "pure_modules": [...], "stale": [...],
    "python": ...}``."""
    builds = module_builds(root)
    pure = sorted(m for m, b in builds.items() if b != "compiled")
    stale = sorted(m for m, b in builds.items() if b == "stale")
    kind = "pure" if len(pure) == len(builds) else "compiled" if not pure else "mixed"
    out = {"build": kind, "python": python_description()}
    if kind == "mixed":
        out["pure_modules"] = pure
    if stale:
        out["stale"] = stale
        out["rebuild"] = 'pip install -e ".[test]" (compiled modules older than their source)'
    if pure_requested():
        out["forced"] = f"{PURE_ENV}=1"
    return out


def python_description() -> str:
    """The interpreter, and whether it is an optimised (PGO/LTO) build."""
    import platform
    import sysconfig

    config = " ".join(str(sysconfig.get_config_var(k) or "")
                      for k in ("CONFIG_ARGS", "PY_CFLAGS", "PY_LDFLAGS_NODIST",
                                "PY_CFLAGS_NODIST"))
    flags = [name for name, marks in (("PGO", ("--enable-optimizations", "-fprofile-use")),
                                      ("LTO", ("--with-lto", "-flto")))
             if any(m in config for m in marks)]
    if flags:
        opt = "+".join(flags)
    elif str(sysconfig.get_config_var("prefix") or "") == "/usr":
        # distributions (Debian, Ubuntu) build with PGO and LTO but strip the flags from
        # sysconfig: say what is known
        opt = "distribution build: PGO/LTO not recorded (Debian's is PGO+LTO)"
    else:
        opt = "no PGO/LTO"
    return (f"{platform.python_implementation()} {platform.python_version()} "
            f"({sys.executable}; {opt})")

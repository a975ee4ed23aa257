"""The compiled build and its pure-Python fallback (simcli/build.py, setup.py).

SIMCLI_PURE=1 plays the .py files; an extension module older than its .py is never
played (it is reported stale); run.json and the summary say which build ran.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from simcli import build

ROOT = Path(__file__).resolve().parent.parent
SUFFIX = next(s for s in __import__("importlib.machinery").machinery.EXTENSION_SUFFIXES
              if s.startswith(".cpython") or s == ".abi3.so")


def _python(code: str, **env) -> str:
    full = dict(os.environ, **env)
    if "SIMCLI_PURE" not in env:
        full.pop("SIMCLI_PURE", None)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=full, check=True, cwd=ROOT).stdout.strip()


def test_hot_modules_are_engine_worker_rules_and_strategies():
    names = {build.module_name(p) for p in build.hot_sources()}
    assert {"simcli.engine", "simcli.worker", "strategies.vgc", "strategies.vghs",
            "simcli.games.vgc.rules", "simcli.games.lovebattle.flow"} <= names
    assert not any(n.endswith(("__init__", "analysis")) for n in names)
    assert "simcli.cli" not in names and "simcli.runner" not in names


def _fake_tree(tmp_path: Path, ext_newer: bool) -> Path:
    src = tmp_path / "strategies" / "vgc.py"
    src.parent.mkdir(parents=True)
    src.write_text("x = 1\n")
    ext = src.with_name("vgc" + SUFFIX)
    ext.write_bytes(b"")
    now = time.time()
    os.utime(src, (now, now - (100 if ext_newer else 0)))
    os.utime(ext, (now, now - (0 if ext_newer else 100)))
    return tmp_path


def test_a_current_build_counts_as_compiled_and_an_older_one_as_stale(tmp_path, monkeypatch):
    monkeypatch.delenv("SIMCLI_PURE", raising=False)
    root = _fake_tree(tmp_path / "a", ext_newer=True)
    assert build.module_builds(root) == {"strategies.vgc": "compiled"}
    assert build.describe(root)["build"] == "compiled"
    root = _fake_tree(tmp_path / "b", ext_newer=False)
    assert build.module_builds(root) == {"strategies.vgc": "stale"}
    info = build.describe(root)
    assert info["build"] == "pure" and info["stale"] == ["strategies.vgc"]
    assert "pip install -e" in info["rebuild"]
    monkeypatch.setenv("SIMCLI_PURE", "1")
    root = _fake_tree(tmp_path / "c", ext_newer=True)
    assert build.describe(root) == {"build": "pure", "python": build.python_description(),
                                    "forced": "SIMCLI_PURE=1"}


def test_interpreter_description_names_version_and_optimisation(monkeypatch):
    import sysconfig

    text = build.python_description()
    assert text.startswith(("CPython 3.", "PyPy")) and sys.executable in text
    config = {"CONFIG_ARGS": "'--enable-optimizations' '--with-lto'"}
    monkeypatch.setattr(sysconfig, "get_config_var", config.get)
    assert build.python_description().endswith("; PGO+LTO)")
    monkeypatch.setattr(sysconfig, "get_config_var", {}.get)
    assert build.python_description().endswith("; no PGO/LTO)")
    monkeypatch.setattr(sysconfig, "get_config_var", {"prefix": "/usr"}.get)
    assert "distribution build" in build.python_description()


compiled = pytest.mark.skipif(build.extension_of(ROOT / "simcli" / "engine.py") is None,
                              reason="no compiled build here (pip install -e . without a "
                                     "C compiler)")


@compiled
def test_simcli_pure_plays_the_py_files():
    code = ("import simcli.engine, strategies.vgc, json, simcli.build as b; "
            "print(json.dumps([simcli.engine.__file__, strategies.vgc.__file__, "
            "b.describe()['build']]))")
    built = json.loads(_python(code))
    assert built[0].endswith(SUFFIX) and built[1].endswith(SUFFIX)
    pure = json.loads(_python(code, SIMCLI_PURE="1"))
    assert pure == [str(ROOT / "simcli" / "engine.py"), str(ROOT / "strategies" / "vgc.py"),
                    "pure"]


@compiled
def test_a_stale_extension_module_never_plays(tmp_path):
    """A real extension module next to a newer .py: the .py is imported."""
    pkg = tmp_path / "strategies"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    ext = build.extension_of(ROOT / "simcli" / "engine.py")
    shutil.copy(ext, pkg / ext.name)
    source = pkg / "engine.py"
    source.write_text("EDITED = True\n")
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import simcli, simcli.build as b; "
            "import strategies.engine as m; print(getattr(m, 'EDITED', False), "
            "b.LOADED['strategies.engine'])")

    def run():
        return subprocess.run([sys.executable, "-c", code, str(tmp_path)], text=True,
                              capture_output=True, check=True, cwd=tmp_path,
                              env={k: v for k, v in os.environ.items()
                                   if k != "SIMCLI_PURE"}).stdout.split()

    now = time.time()
    os.utime(source, (now, now))
    os.utime(pkg / ext.name, (now - 100, now - 100))
    assert run() == ["True", "stale"]
    os.utime(pkg / ext.name, (now + 100, now + 100))  # built after the edit: it plays
    assert run() == ["False", "compiled"]


def test_run_json_and_summary_say_which_build_ran(tmp_path):
    out = tmp_path / "run"
    env = {k: v for k, v in os.environ.items()}
    env["SIMCLI_PURE"] = "1"
    subprocess.run([sys.executable, "-m", "simcli.cli", "run", "vghs", "--games", "4",
                    "--jobs", "1", "--quiet", "--out", str(out)], check=True, env=env,
                   capture_output=True, cwd=ROOT)
    meta = json.loads((out / "run.json").read_text())
    assert meta["build"]["build"] == "pure" and meta["build"]["forced"] == "SIMCLI_PURE=1"
    summary = json.loads((out / "summary.json").read_text())
    assert summary["build"] == meta["build"]
    assert "- build: pure; CPython" in (out / "summary.md").read_text()


def test_the_build_manifest_hash_decides_not_the_clock(tmp_path, monkeypatch):
    """An extension compiled from an older text of the .py is stale even when its file is
    newer (a source edited while a build ran); one compiled from this text is not, even
    when the .py's clock is newer (a checkout touching files)."""
    monkeypatch.delenv("SIMCLI_PURE", raising=False)
    root = _fake_tree(tmp_path / "a", ext_newer=True)
    manifest = root / "simcli" / "_build_manifest.json"
    manifest.parent.mkdir()
    manifest.write_text(json.dumps({"strategies.vgc": "0" * 64}))
    assert build.module_builds(root) == {"strategies.vgc": "stale"}
    root = _fake_tree(tmp_path / "b", ext_newer=False)
    manifest = root / "simcli" / "_build_manifest.json"
    manifest.parent.mkdir()
    digest = build.source_hash(root / "strategies" / "vgc.py")
    manifest.write_text(json.dumps({"strategies.vgc": digest}))
    assert build.module_builds(root) == {"strategies.vgc": "compiled"}


def test_editing_a_pxd_makes_its_module_stale(tmp_path, monkeypatch):
    """A .pxd next to a hot .py is compiled into its module (Cython augmenting
    declarations), so the manifest hash covers it: editing it alone makes the build stale."""
    monkeypatch.delenv("SIMCLI_PURE", raising=False)
    root = _fake_tree(tmp_path, ext_newer=True)
    pxd = root / "strategies" / "vgc.pxd"
    pxd.write_text("cdef class View:\n    cdef public object a\n")
    manifest = root / "simcli" / "_build_manifest.json"
    manifest.parent.mkdir()
    manifest.write_text(json.dumps({"strategies.vgc": build.source_hash(pxd.with_suffix(".py"))}))
    assert build.module_builds(root) == {"strategies.vgc": "compiled"}
    pxd.write_text("cdef class View:\n    cdef public object a, b\n")
    build._manifests.clear()
    assert build.module_builds(root) == {"strategies.vgc": "stale"}


def _pxd_classes(pxd: Path) -> dict[str, set[str]]:
    classes: dict[str, set[str]] = {}
    current = None
    for line in pxd.read_text().splitlines():
        if line.startswith("cdef class "):
            current = classes.setdefault(line.removeprefix("cdef class ").rstrip(":"), set())
        elif current is not None and line.strip().startswith("cdef public object "):
            current.update(n.strip() for n in
                           line.strip().removeprefix("cdef public object ").split(","))
    return classes


def test_every_pxd_class_declares_exactly_the_slots_of_its_py_class():
    """A compiled class has only the fields its .pxd declares: a slot added to the .py
    but not to the .pxd would break the compiled build only. Checked in either build."""
    import importlib

    pxds = sorted(p for p in (ROOT / "simcli").rglob("*.pxd"))
    assert pxds, "the View and State classes are declared in .pxd files"
    for pxd in pxds:
        source = pxd.with_suffix(".py")
        assert source in build.hot_sources(ROOT), f"{pxd} has no hot .py module"
        module = importlib.import_module(build.module_name(source, ROOT))
        for name, fields in _pxd_classes(pxd).items():
            assert fields == set(getattr(module, name).__slots__), f"{pxd}: {name}"


def test_modules_typed_against_each_other_play_compiled_together_or_not_at_all(tmp_path,
                                                                              monkeypatch):
    """rules.pxd cimports the compiled State of state.pxd: when state's extension is stale
    (or missing), rules must play pure too, or it would get a State it cannot take."""
    monkeypatch.delenv("SIMCLI_PURE", raising=False)
    pkg = tmp_path / "strategies"
    pkg.mkdir()
    now = time.time()
    for mod in ("state", "rules"):
        (pkg / f"{mod}.py").write_text("x = 1\n")
        (pkg / f"{mod}.pxd").write_text("cdef class State:\n    cdef public object a\n")
        (pkg / f"{mod}{SUFFIX}").write_bytes(b"")
        os.utime(pkg / f"{mod}.py", (now, now - 100))
        os.utime(pkg / f"{mod}.pxd", (now, now - 100))
        os.utime(pkg / f"{mod}{SUFFIX}", (now, now))
    assert build.module_builds(tmp_path) == {"strategies.rules": "compiled",
                                             "strategies.state": "compiled"}
    os.utime(pkg / "state.pxd", (now, now + 10))     # state.pxd edited after the build
    assert build.module_builds(tmp_path) == {"strategies.rules": "stale",
                                             "strategies.state": "stale"}
    (pkg / f"state{SUFFIX}").unlink()                # state did not compile at all
    assert build.module_builds(tmp_path) == {"strategies.rules": "pure",
                                             "strategies.state": "pure"}



def test_a_typed_strategies_module_plays_compiled_only_with_its_games_typed_modules(
        tmp_path, monkeypatch):
    """strategies/vghs.pxd cimports the compiled View of simcli/games/vghs: when that
    game's typed modules are stale or missing, the strategies module plays pure too (it
    could not take the pure View); another game's modules do not matter to it."""
    monkeypatch.delenv("SIMCLI_PURE", raising=False)
    now = time.time()
    files = {"strategies": ("foo",), "simcli/games/foo": ("state",),
             "simcli/games/bar": ("state",)}
    for folder, mods in files.items():
        pkg = tmp_path / folder
        pkg.mkdir(parents=True)
        for mod in mods:
            (pkg / f"{mod}.py").write_text("x = 1\n")
            (pkg / f"{mod}.pxd").write_text("cdef class View:\n    cdef public object a\n")
            (pkg / f"{mod}{SUFFIX}").write_bytes(b"")
            for suffix in (".py", ".pxd"):
                os.utime(pkg / f"{mod}{suffix}", (now, now - 100))
            os.utime(pkg / f"{mod}{SUFFIX}", (now, now))
    expected = {"strategies.foo": "compiled", "simcli.games.foo.state": "compiled",
                "simcli.games.bar.state": "compiled"}
    assert build.module_builds(tmp_path) == expected
    bar = tmp_path / "simcli/games/bar/state.pxd"
    os.utime(bar, (now, now + 10))                  # another game's module: no matter
    assert build.module_builds(tmp_path)["strategies.foo"] == "compiled"
    state = tmp_path / "simcli/games/foo/state.pxd"
    os.utime(state, (now, now + 10))                # its game's View edited after the build
    assert build.module_builds(tmp_path)["strategies.foo"] == "stale"
    (tmp_path / f"simcli/games/foo/state{SUFFIX}").unlink()   # did not compile at all
    assert build.module_builds(tmp_path)["strategies.foo"] == "pure"


def test_a_stale_state_makes_the_whole_typed_game_play_pure(tmp_path):
    """In a real process: with vghs/state.py stale, vghs.phases (typed against its State)
    and strategies.vghs (typed against its View) load from their .py too, and a game with
    the vghs bots still plays."""
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "simcli", tree / "simcli", ignore=shutil.ignore_patterns("*.c"))
    shutil.copytree(ROOT / "strategies", tree / "strategies",
                    ignore=shutil.ignore_patterns("*.c"))
    state = tree / "simcli" / "games" / "vghs" / "state.py"
    state.write_text(state.read_text() + "\n# edited after the build\n")
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import simcli; "
            "from simcli.games import get_game; from simcli.engine import play_game; "
            "from simcli.build import LOADED; import simcli.games.vghs.phases as ph; "
            "g = get_game('vghs'); rules = g.make_rules(g.default_data(), 4); "
            "from strategies import resolve; "
            "f = resolve('vghs', 'arcade'); play_game(g, 4, rules, [f] * 4, 1); "
            "print(LOADED['simcli.games.vghs.state'], LOADED['simcli.games.vghs.phases'], "
            "LOADED['strategies.vghs'], ph.__file__.endswith('.py'))")
    env = dict(os.environ)
    env.pop("SIMCLI_PURE", None)
    out = subprocess.run([sys.executable, "-c", code, str(tree)], capture_output=True,
                         text=True, env=env, check=True, cwd=tmp_path).stdout.split()
    assert out == ["stale", "stale", "stale", "True"]

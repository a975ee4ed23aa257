"""Identical games on every supported Python: the golden traces and a short seeded run of
every game, played by this interpreter and by the newest CPython on the machine.

The newer interpreter needs only numpy (tests/crossver.py uses the standard library and
numpy). It is taken from SIMCLI_NEWEST_PYTHON (set by .ci/run, which makes a small venv
for it), else from .venv-newest/ in the checkout, else from pyenv or PATH if it imports
numpy. In CI (CI set) a missing newer interpreter fails the test instead of skipping it.

Regression: since 3.12, sum() of floats is compensated; a vgc bot summed floats on a
near-tie, so game 104 of seed 1 ended differently on 3.12+.
"""
from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from simcli.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tests" / "crossver.py"
#: the games of seed 1 each game plays (tests/crossver.py's spec: a count or indices; 110
#: unless named). vgc plays games 100-109 for game 104, the game 3.12's sum() changed, and
#: its first 30 (110 in a row cost CI 134 s once its collector and hunter looked forty
#: decisions on). class89's default mix looks ahead to the round's end (about 2 s of CPU a
#: game in pure Python) and plays 24 (130 s of CI at 40; 698 s at 110). vghs's default mix
#: re-scores its close calls with bots that look ahead (about 1 s a game in pure Python):
#: 30 (57 s at 40).
GAMES_PER_GAME = {"vgc": "0-29,100-109", "class89": "24", "vghs": "30"}


def _version(python: str) -> tuple[int, int, int] | None:
    try:
        out = subprocess.run(
            [python, "-c", "import sys, numpy; print(*sys.version_info[:3])"],
            capture_output=True, text=True, timeout=60, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    return tuple(int(x) for x in out.split())


def newest_python() -> tuple[str, tuple[int, int, int]] | None:
    """The newest CPython (other than this one) that can import numpy."""
    env = os.environ.get("SIMCLI_NEWEST_PYTHON")
    candidates = [env] if env else []
    candidates.append(str(ROOT / ".venv-newest" / "bin" / "python"))
    candidates += sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.*/bin/python3")))
    candidates += [p for v in range(12, 20) if (p := shutil.which(f"python3.{v}"))]
    found = []
    for python in candidates:
        if python and Path(python).exists() and (v := _version(python)) is not None:
            if v[:2] != sys.version_info[:2]:
                found.append((v, python))
        if env and found:  # an explicit choice wins
            break
    if not found:
        return None
    if env:
        return found[0][1], found[0][0]
    v, python = max(found)
    return python, v


def play(python: str, name: str) -> dict:
    """The games played by ``python``: this interpreter plays the build as installed
    (compiled where built), another one the pure modules (extension modules are built
    for one interpreter), so this also checks the compiled build against pure Python."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED="0")
    env.pop("SIMCLI_PURE", None)
    proc = subprocess.run([python, str(SCRIPT), GAMES_PER_GAME.get(name, "110"), name],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout)


@pytest.mark.parametrize("name", list(GAMES))
def test_games_identical_on_the_newest_python(name):
    newest = newest_python()
    if newest is None:
        msg = ("no other CPython with numpy found (set SIMCLI_NEWEST_PYTHON, or make "
               ".venv-newest as .ci/run does)")
        if os.environ.get("CI"):
            pytest.fail(msg)
        pytest.skip(msg)
    python, version = newest
    here, there = play(sys.executable, name), play(python, name)
    assert there["python"] == ".".join(map(str, version))
    for side in (here, there):
        bad = [line for lines in side["golden"].values() for line in lines]
        assert not bad, f"golden traces fail on Python {side['python']}: {bad}"
    for name, mine in here["runs"].items():
        theirs = there["runs"][name]["per_game"]
        differ = [i for i, a, b in zip(mine["games"], mine["per_game"], theirs, strict=True)
                  if a != b]
        assert not differ, (f"{name}: games {differ[:5]} of seed 1 play differently on "
                            f"Python {there['python']} than on {here['python']}")


def test_no_game_adds_floats_with_the_builtin_sum():
    """No rules, strategy or search code adds floats with ``sum()`` while games are played
    (pure Python, every shipped game, the default mixes and a search seat): since Python
    3.12 that sum is compensated, so a decision taken on it could differ between
    interpreters; ``math.fsum`` gives the same on every one. (Found this way: Love
    Battle's vote model, class89's round plan, search's means.)"""
    env = dict(os.environ, PYTHONPATH=str(ROOT), SIMCLI_PURE="1", PYTHONHASHSEED="0")
    proc = subprocess.run([sys.executable, str(ROOT / "tests" / "sumaudit.py")],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=900)
    assert proc.returncode == 0, proc.stderr[-2000:]
    sites = json.loads(proc.stdout.strip().splitlines()[-1])
    assert sites == {}, sites

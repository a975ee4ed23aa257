"""``simcli new-game NAME``: write a small, runnable game package to start from.

The package (a card duel) has a ``data.toml``, one heuristic strategy, a ``NOTES.md`` and
tests that run simcli's contract suite; ``simcli run NAME`` plays it straight away from
the folder it was written in. Nothing is ever written over: an existing ``NAME`` is
refused before any file is touched.
"""
from __future__ import annotations

import importlib.util
import keyword
import re
import string
from importlib import resources
from pathlib import Path

from simcli.fsio import atomic_write_text
from simcli.games import GAMES
from simcli.scenario import ScenarioError

#: template file -> path inside the package ({name} is the package name)
FILES = {
    "__init__.py.tmpl": "__init__.py",
    "rules.py.tmpl": "rules.py",
    "bots.py.tmpl": "bots.py",
    "data.toml.tmpl": "data.toml",
    "NOTES.md.tmpl": "NOTES.md",
    "tests/test_rules.py.tmpl": "tests/test_{name}.py",
}


def check_name(name: str, folder: Path) -> None:
    """Refuse (one line) a name that is no package name, shadows a module, or exists."""
    if not re.fullmatch(r"[a-z][a-z0-9_]{0,39}", name) or keyword.iskeyword(name):
        raise ScenarioError(f"game name {name!r}: use lowercase letters, digits and _ "
                            "(a Python package name), e.g. mygame")
    if name in GAMES:
        raise ScenarioError(f"game name {name!r} is a shipped game; choose another")
    target = folder / name
    if target.exists() or (folder / f"{name}.py").exists():
        raise ScenarioError(f"{target} already exists: new-game writes over nothing; "
                            "choose another name or move it away")
    if importlib.util.find_spec(name) is not None:
        raise ScenarioError(f"game name {name!r} is already an importable Python module; "
                            "choose another")


def write_new_game(name: str, folder: str | Path | None = None) -> list[Path]:
    """Write the package ``folder/name`` and return the files written."""
    base = Path(folder) if folder is not None else Path.cwd()
    check_name(name, base)
    fields = {"name": name, "title": name.replace("_", " ").title()}
    templates = resources.files("simcli") / "templates" / "newgame"
    texts = {}
    for source, dest in FILES.items():
        text = (templates / source).read_text(encoding="utf-8")
        texts[base / name / dest.format(name=name)] = string.Template(text).substitute(fields)
    (base / name).mkdir()
    (base / name / "tests").mkdir()
    for path, text in texts.items():
        atomic_write_text(path, text)
    return list(texts)

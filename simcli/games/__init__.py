"""Registry of games: command-line name -> Game (imported lazily).

A game is found, in this order, as

1. a shipped game (``vghs``, ``vgc``, ``class89``, ``lovebattle``);
2. ``module:NAME`` — any importable module, or one in the current folder (no
   ``PYTHONPATH`` needed): ``simcli run mygame.rules:GAME``;
3. an entry point of the ``simcli.games`` group (an installed designer package declares
   ``[project.entry-points."simcli.games"] mygame = "mygame:GAME"``);
4. a package or module of that name in the current folder that exposes ``GAME`` (what
   ``simcli new-game NAME`` writes): ``simcli run mygame``.
"""
from __future__ import annotations

import functools
import importlib
import importlib.metadata
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from simcli.engine import Game

#: name -> module holding ``GAME``
GAMES: dict[str, str] = {
    "vghs": "simcli.games.vghs.rules",
    "vgc": "simcli.games.vgc.rules",
    "class89": "simcli.games.class89.rules",
    "lovebattle": "simcli.games.lovebattle.rules",
}
ENTRY_POINTS = "simcli.games"
#: what an object needs to be played as a game
GAME_PARTS = ("name", "players", "default_data", "make_rules", "setup", "decision", "apply",
              "view", "result", "clone")

#: a designer game's name -> the module it was loaded from (its strategies live there)
_HOMES: dict[str, ModuleType] = {}


class UnknownGameError(LookupError):
    pass


def current_folder_on_path() -> None:
    """Let ``import mymodule`` find a designer's module in the current folder (appended,
    so it never shadows an installed module)."""
    cwd = os.getcwd()
    if cwd not in sys.path:
        sys.path.append(cwd)


def load_reference(ref: str, what: str, error: type[Exception]) -> tuple[Any, ModuleType]:
    """The object named by ``module:ATTR`` (dotted ATTR allowed) and its module; any
    failure is one ``error`` line naming ``ref``."""
    module_name, _, attr = ref.partition(":")
    if not module_name or not attr:
        raise error(f"cannot load {what} {ref!r}: expected module:NAME")
    current_folder_on_path()
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        raise error(f"cannot load {what} {ref!r}: no module named {exc.name!r} in "
                    f"{os.getcwd()} or installed") from None
    except Exception as exc:  # noqa: BLE001 - a designer's module may fail in any way
        raise error(f"cannot load {what} {ref!r}: importing {module_name} raised "
                    f"{type(exc).__name__}: {exc}") from None
    obj: Any = module
    for part in attr.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            raise error(f"cannot load {what} {ref!r}: {module_name} has no {attr!r}") from None
    return obj, module


def _as_game(obj: Any, ref: str) -> Game:
    if isinstance(obj, type):
        try:
            obj = obj()
        except Exception as exc:  # noqa: BLE001
            raise UnknownGameError(f"cannot load game {ref!r}: {obj.__name__}() raised "
                                   f"{type(exc).__name__}: {exc}") from None
    missing = [p for p in GAME_PARTS if not hasattr(obj, p)]
    if missing:
        kind = "module" if isinstance(obj, ModuleType) else type(obj).__name__
        raise UnknownGameError(f"cannot load game {ref!r}: it is a {kind}, not a game "
                               f"(no {', '.join(missing[:3])}; see docs/your-own-game.md)")
    return obj


@functools.lru_cache(maxsize=1)
def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=ENTRY_POINTS)}


def _local_package(name: str) -> bool:
    here = Path.cwd()
    return name.isidentifier() and ((here / name / "__init__.py").is_file()
                                    or (here / f"{name}.py").is_file())


def get_game(name: str) -> Game:
    """The game registered as ``name``; UnknownGameError names the valid choices."""
    if not isinstance(name, str):
        raise UnknownGameError(f"a game is named by a string, not {name!r:.40}")
    module = GAMES.get(name)
    if module is not None:
        return importlib.import_module(module).GAME
    if ":" in name:
        obj, home = load_reference(name, "game", UnknownGameError)
    elif name in _entry_points():
        ep = _entry_points()[name]
        obj, home = load_reference(ep.value, f"game {name!r} (entry point)", UnknownGameError)
    elif _local_package(name):
        obj, home = load_reference(f"{name}:GAME", "game", UnknownGameError)
    else:
        raise UnknownGameError(
            f"unknown game {name!r}; choose one of: {', '.join(game_names())} "
            "(or module:NAME, or a package in this folder)"
        )
    game = _as_game(obj, name)
    _HOMES[name] = home
    return game


def game_module(name: str) -> ModuleType | None:
    """The module a designer's game was loaded from (None for a shipped game)."""
    if name in GAMES:
        return None
    if name not in _HOMES:
        get_game(name)
    return _HOMES.get(name)


def game_names() -> list[str]:
    """Shipped games, then installed ones (entry points)."""
    return list(GAMES) + sorted(n for n in _entry_points() if n not in GAMES)


def available_games() -> list[str]:
    """Names of the games whose module imports (all four once every engine exists)."""
    names = []
    for name in GAMES:
        try:
            get_game(name)
        except ImportError:
            continue
        names.append(name)
    return names

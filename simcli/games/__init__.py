"""Registry of the shipped games: command-line name -> Game (imported lazily)."""
from __future__ import annotations

import importlib

from simcli.engine import Game

#: name -> module holding ``GAME``
GAMES: dict[str, str] = {
    "vghs": "simcli.games.vghs.rules",
    "vgc": "simcli.games.vgc.rules",
    "class89": "simcli.games.class89.rules",
    "lovebattle": "simcli.games.lovebattle.rules",
}


class UnknownGameError(LookupError):
    pass


def get_game(name: str) -> Game:
    """The game registered as ``name``; UnknownGameError names the valid choices.

    ``package.module:ATTR`` loads a game from any importable module (a designer's own
    game, or the toy game of the tests).
    """
    if ":" in name:
        module, _, attr = name.partition(":")
        try:
            return getattr(importlib.import_module(module), attr)
        except (ImportError, AttributeError) as exc:
            raise UnknownGameError(f"cannot load game {name!r}: {exc}") from None
    try:
        module = GAMES[name]
    except KeyError:
        raise UnknownGameError(
            f"unknown game {name!r}; choose one of: {', '.join(GAMES)}"
        ) from None
    return importlib.import_module(module).GAME


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

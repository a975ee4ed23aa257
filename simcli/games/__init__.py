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


#: what a ``module:NAME`` game must have to be played
REQUIRED = ("name", "players", "default_players", "RULES_VERSION", "max_decisions",
            "default_data", "make_rules", "setup", "decision", "apply", "view", "result")


def get_game(name: str) -> Game:
    """The game registered as ``name``; UnknownGameError names the valid choices.

    ``package.module:ATTR`` loads a game from any importable module (a designer's own
    game, or the toy game of the tests).
    """
    if not isinstance(name, str):
        raise UnknownGameError(f"a game is named by a string, not {name!r:.40}")
    if ":" in name:
        module, _, attr = name.partition(":")
        try:
            game = getattr(importlib.import_module(module), attr)
        except Exception as exc:  # noqa: BLE001 - a designer's module may raise anything
            raise UnknownGameError(f"cannot load game {name!r}: {type(exc).__name__}: "
                                   f"{str(exc).splitlines()[0] if str(exc) else ''}") from None
        missing = [a for a in REQUIRED if not hasattr(game, a)]
        if missing or not isinstance(getattr(game, "players", None), range):
            what = f"no {missing[0]!r}" if missing else "players is not a range"
            raise UnknownGameError(f"{name!r} is not a simcli game ({what}; see the Game "
                                   "protocol in simcli.engine)")
        return game
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

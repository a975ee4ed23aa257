"""Shared plumbing for game modules (not rules): data loading, clone, defaults."""
from __future__ import annotations

import copy
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from simcli.engine import Decision, Rules, RulesError
from simcli.games.schema import validate


def load_toml(path: str | Path) -> dict:
    with open(path, "rb") as fh:
        return tomllib.load(fh)


class BaseGame:
    """Defaults for the optional parts of the :class:`simcli.engine.Game` protocol.

    A game subclasses this, sets the class attributes and ``data_file`` (its shipped
    data.toml), and implements ``compile_rules``, ``setup``, ``decision``, ``apply``,
    ``view`` and ``result``.
    """

    name: str = ""
    title: str = ""
    description: str = ""
    players: range = range(2, 5)
    default_players: int = 4
    RULES_VERSION: str = "0"
    max_decisions: int = 100_000
    data_file: Path
    #: shape and bounds of the data (a :mod:`simcli.games.schema` spec declared in the
    #: game's ``bounds.py``); None: only the game's ``compile_rules`` checks the data
    schema: Any = None
    #: every kind of decision the game can ask (``Decision.kind``); ``search:kinds=``
    #: naming another is refused. Empty: not declared, nothing checked
    decision_kinds: tuple[str, ...] = ()
    #: whether ``determinize`` accepts a state that ``determinize`` made (so a bot that
    #: looks ahead can do so inside a search rollout: ``search:look=own|all``). False
    #: refuses ``look=`` with one line instead of failing inside the rollouts
    determinize_copies: bool = True

    # -- rules -----------------------------------------------------------------------
    def default_data(self) -> dict:
        return load_toml(self.data_file)

    def make_rules(self, data: Mapping[str, Any], n_players: int) -> Rules:
        if n_players not in self.players:
            counts = ", ".join(str(n) for n in self.players)
            raise RulesError("players", f"{self.name} takes {counts} players, not {n_players}")
        self.validate_data(data)
        return self.compile_rules(data, n_players)

    def validate_data(self, data: Mapping[str, Any]) -> None:
        """Check ``data`` against the game's declared schema and bounds (RulesError)."""
        if self.schema is not None:
            validate(self.schema, data)

    def compile_rules(self, data: Mapping[str, Any], n_players: int) -> Rules:
        """Validate ``data`` (raise RulesError naming the key) and return what setup needs."""
        return data

    # -- state -----------------------------------------------------------------------
    def clone(self, state):
        return copy.deepcopy(state)

    def determinize(self, state, player: int, rng):
        """A copy with all ``player`` cannot know resampled; each game writes its own."""
        raise NotImplementedError(f"game {self.name!r} does not implement determinize()")

    def describe(self, state, decision: Decision, action) -> str:
        return str(action)

    # -- analysis hooks (used by tables.py / plots.py for game-specific outputs) --------
    def tables(self, results) -> dict:
        """Game-specific summary tables: title -> polars.DataFrame, from results.parquet."""
        return {}

    def plots(self, results, folder: Path) -> list[Path]:
        """Write game-specific PNGs into ``folder``; return their paths."""
        return []

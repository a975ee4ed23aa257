"""What a worker process runs: one chunk of games, returned as columns.

Kept apart from the runner so that a worker imports only the engine, the games and the
strategies (not pyarrow, polars or the analysis stack): workers stay small.
"""
from __future__ import annotations

import json
import shlex
import traceback
from dataclasses import dataclass, field
from typing import Any

from simcli.engine import game_seed, play_game
from simcli.games import get_game
from strategies import resolve

BASE_COLUMNS = (
    "game_index", "seed", "game", "variant", "n_players", "seat", "strategy",
    "score", "place", "win_share", "turns", "decisions", "end_reason",
)


@dataclass(frozen=True)
class RunConfig:
    """Everything that determines the games of a run (and nothing that does not)."""

    game: str
    n_players: int
    strategies: tuple[str, ...]
    n_games: int
    seed: int
    data: dict = field(hash=False, compare=False)
    overrides: dict = field(default_factory=dict, hash=False, compare=False)
    data_file: str | None = None
    data_hash: str = ""
    variant: str = "default"

    def seat_strategies(self, index: int) -> list[str]:
        """Strategy spec of each seat in game ``index``: rotated so that over a run every
        strategy sits in every seat equally often."""
        k = len(self.strategies)
        return [self.strategies[(s + index) % k] for s in range(self.n_players)]

    def replay_command(self, index: int) -> str:
        parts = ["simcli", "replay", self.game, "--seed", str(game_seed(self.seed, index)),
                 "--players", str(self.n_players)]
        for spec in self.seat_strategies(index):
            parts += ["--strategy", spec]
        if self.data_file:
            parts += ["--data", self.data_file]
        for key, value in sorted(self.overrides.items()):
            parts += ["--set", f"{key}={toml_value(value)}"]
        return shlex.join(parts)


def toml_value(value: Any) -> str:
    """A Python value as a TOML value, for reproduce commands."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, dict):
        inner = ", ".join(f"{json.dumps(str(k))} = {toml_value(v)}" for k, v in value.items())
        return "{ " + inner + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return repr(value)


# ---------------------------------------------------------------------------- workers
_RULES_CACHE: dict[tuple, Any] = {}


def _compiled_rules(cfg: RunConfig):
    key = (cfg.game, cfg.n_players, json.dumps(cfg.data, sort_keys=True, default=str))
    rules = _RULES_CACHE.get(key)
    if rules is None:
        if len(_RULES_CACHE) > 32:
            _RULES_CACHE.clear()
        rules = get_game(cfg.game).make_rules(cfg.data, cfg.n_players)
        _RULES_CACHE[key] = rules
    return rules


def play_chunk(cfg: RunConfig, start: int, stop: int) -> tuple[dict[str, list], list[dict]]:
    """Play games ``start..stop-1`` of a run; return columnar rows and error records.

    A game that raises (or runs past its decision cap) adds an error record instead of
    rows; the chunk goes on.
    """
    game = get_game(cfg.game)
    rules = _compiled_rules(cfg)
    factories = {spec: resolve(cfg.game, spec) for spec in sorted(set(cfg.strategies))}
    cols: dict[str, list] = {name: [] for name in BASE_COLUMNS}
    extra: dict[str, list] = {}
    errors: list[dict] = []
    rows = 0
    for index in range(start, stop):
        seed = game_seed(cfg.seed, index)
        specs = cfg.seat_strategies(index)
        try:
            rec = play_game(game, cfg.n_players, rules, [factories[s] for s in specs], seed)
        except Exception as exc:  # noqa: BLE001 - a broken game must not sink the run
            errors.append({
                "variant": cfg.variant, "game_index": index, "seed": seed,
                "strategies": specs, "error": f"{type(exc).__name__}: {exc}",
                "traceback": traceback.format_exc(), "replay": cfg.replay_command(index),
            })
            continue
        res = rec.result
        labels = specs + list(res.automata)
        for row, label in enumerate(labels):
            values = (index, seed, cfg.game, cfg.variant, cfg.n_players, row + 1, label,
                      float(res.scores[row]), int(res.places[row]),
                      float(res.win_shares[row]), int(res.turns), rec.decisions,
                      res.end_reason)
            for name, value in zip(BASE_COLUMNS, values, strict=True):
                cols[name].append(value)
            merged = dict(res.metrics)
            if row < len(res.seat_metrics):
                merged.update(res.seat_metrics[row])
            for name, value in merged.items():
                column = extra.get(name)
                if column is None:
                    column = extra[name] = [None] * rows
                column.append(value)
            rows += 1
            for column in extra.values():
                if len(column) < rows:
                    column.append(None)
    cols.update(extra)
    return cols, errors

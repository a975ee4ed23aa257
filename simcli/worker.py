"""What a worker process runs: one chunk of games, returned as columns.

Kept apart from the runner so that a worker imports only the engine, the games and the
strategies (not pyarrow, polars or the analysis stack): workers stay small.
"""
from __future__ import annotations

import json
import numbers
import shlex
import traceback
from dataclasses import dataclass, field
from typing import Any

from simcli.engine import Result, game_seed, play_game
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

    A game that raises (or runs past its decision or step cap, or calls ``sys.exit``), or
    whose :class:`Result` does not fit the run's columns, adds an error record instead of
    rows; the chunk goes on. The rows of a game are built inside that guard, so a malformed
    result never reaches the table.
    """
    game = get_game(cfg.game)
    rules = _compiled_rules(cfg)
    factories = {spec: resolve(cfg.game, spec) for spec in sorted(set(cfg.strategies))}
    cols: dict[str, list] = {name: [] for name in BASE_COLUMNS}
    extra: dict[str, list] = {}
    kinds: dict[str, str] = {}
    errors: list[dict] = []
    rows = 0
    for index in range(start, stop):
        seed = game_seed(cfg.seed, index)
        specs = cfg.seat_strategies(index)
        try:
            rec = play_game(game, cfg.n_players, rules, [factories[s] for s in specs], seed)
            base, metrics = game_rows(cfg, index, seed, specs, rec, kinds)
        except (Exception, SystemExit) as exc:  # noqa: BLE001 - a broken game must not sink the run
            errors.append(error_record(cfg, index, seed, specs, exc, traceback.format_exc()))
            continue
        for values, merged in zip(base, metrics, strict=True):
            for name, value in zip(BASE_COLUMNS, values, strict=True):
                cols[name].append(value)
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


class MalformedResult(ValueError):
    """A game's Result that does not fit the run's columns."""


def error_record(cfg: RunConfig, index: int, seed: int, specs: list[str], exc: BaseException,
                 trace: str = "") -> dict:
    return {"variant": cfg.variant, "game_index": index, "seed": seed, "strategies": specs,
            "error": f"{type(exc).__name__}: {exc}", "traceback": trace,
            "replay": cfg.replay_command(index)}


_NUMBER = numbers.Real


def metric_kind(value: Any) -> str | None:
    """The column kind of a metric value (None for a missing value)."""
    kind = type(value)
    if kind is int or kind is float:  # the common cases first: exact types, no ABC check
        return "number"
    if kind is str:
        return "str"
    if value is None:
        return None
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, _NUMBER):
        return "number"
    if isinstance(value, str):
        return "str"
    raise MalformedResult(f"a metric value must be a number, string, boolean or None, not "
                          f"{type(value).__name__} ({value!r:.40})")


def game_rows(cfg: RunConfig, index: int, seed: int, specs: list[str], rec, kinds: dict
              ) -> tuple[list[tuple], list[dict]]:
    """The rows of one game, checked: one score, place and win share per row, numbers
    where numbers belong, and each metric keeping one kind (``kinds``, updated)."""
    res = rec.result
    if not isinstance(res, Result):
        raise MalformedResult(f"result() returned {type(res).__name__}, not a Result")
    labels = specs + list(res.automata)
    n = len(labels)
    for name in ("scores", "places", "win_shares"):
        seq = getattr(res, name)
        if not isinstance(seq, tuple | list) or len(seq) != n:
            got = len(seq) if isinstance(seq, tuple | list) else type(seq).__name__
            raise MalformedResult(f"Result.{name} has {got} entries for {n} rows "
                                  f"({cfg.n_players} seats + {len(res.automata)} automata)")
        for i, value in enumerate(seq):
            kind = type(value)
            if kind is int or kind is float:
                continue
            if isinstance(value, bool) or not isinstance(value, _NUMBER):
                raise MalformedResult(f"Result.{name}[{i}] is {value!r:.40}, not a number")
    if not isinstance(res.turns, numbers.Integral) or isinstance(res.turns, bool):
        raise MalformedResult(f"Result.turns is {res.turns!r:.40}, not an integer")
    if not isinstance(res.end_reason, str):
        raise MalformedResult(f"Result.end_reason is {res.end_reason!r:.40}, not a string")
    if not isinstance(res.metrics, dict) or not isinstance(res.seat_metrics, tuple | list):
        raise MalformedResult("Result.metrics must be a dict and seat_metrics a sequence of "
                              "dicts")
    base, metrics = [], []
    local: dict[str, str] = {}
    for row, label in enumerate(labels):
        base.append((index, seed, cfg.game, cfg.variant, cfg.n_players, row + 1, label,
                     float(res.scores[row]), int(res.places[row]),
                     float(res.win_shares[row]), int(res.turns), rec.decisions,
                     res.end_reason))
        merged = dict(res.metrics)
        if row < len(res.seat_metrics):
            extra = res.seat_metrics[row]
            if not isinstance(extra, dict):
                raise MalformedResult(f"Result.seat_metrics[{row}] is not a dict")
            merged.update(extra)
        for name, value in merged.items():
            if not isinstance(name, str) or name in BASE_COLUMNS:
                raise MalformedResult(f"metric name {name!r} is not a string or clashes "
                                      "with a standard column")
            kind = metric_kind(value)
            if kind is None:
                continue
            known = kinds.get(name) or local.get(name)
            if known is None:
                local[name] = kind
            elif known != kind:
                raise MalformedResult(f"metric {name!r} is a {kind} here but a {known} in "
                                      "earlier games of the run")
        metrics.append(merged)
    kinds.update(local)
    return base, metrics

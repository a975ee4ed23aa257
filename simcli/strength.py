"""How strong is a strategy? Its win share in one seat against a field, paired.

A *field* is a list of strategy specs that fill the other seats. Game ``i`` puts the
strategy under test in seat ``i % n`` and the field, rotated by ``i``, in the other
seats, so over a run the tested seat visits every position equally and meets every
field member everywhere. Two candidates measured on the same ``(seed, games)`` play the
same game seeds against the same opponents in the same seats: their difference is a
paired comparison (one difference per game, the game is the unit of observation).

Strategy factories may come from anywhere (``resolve(game, spec)`` for the shipped
strategies, :func:`load_strategies_at` for the strategies of an older git revision), so
the harness can compare today's heuristics with yesterday's on the same seeds.
"""
from __future__ import annotations

import functools
import importlib.util
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from simcli import stats
from simcli.engine import game_seed, play_game
from simcli.games import get_game
from strategies import resolve

Factory = Callable[..., Any]


def seat_plan(n_players: int, field: Sequence[Any], index: int) -> tuple[int, list[Any]]:
    """(tested seat, the field members in the other seats, in seat order) of game ``index``."""
    seat = index % n_players
    others = [field[(index + k) % len(field)] for k in range(n_players - 1)]
    return seat, others


def one_seat_shares(game_name: str, candidate: Factory, field: Sequence[Factory], *,
                    n_players: int | None = None, games: int = 200, seed: int = 1,
                    overrides: Mapping[str, Any] | None = None, start: int = 0,
                    metric: Callable | None = None) -> np.ndarray:
    """Per game: the win share of ``candidate`` in its one seat (games ``start..start+games``).

    With ``metric`` (``record, seat -> float``) that value is returned instead.
    """
    from simcli.scenario import apply_overrides

    game = get_game(game_name)
    n = n_players or game.default_players
    data = apply_overrides(game.default_data(), dict(overrides or {}))
    rules = game.make_rules(data, n)
    out = np.empty(games)
    for j in range(games):
        i = start + j
        seat, others = seat_plan(n, field, i)
        seats = list(others)
        seats.insert(seat, candidate)
        rec = play_game(game, n, rules, seats, game_seed(seed, i))
        out[j] = metric(rec, seat) if metric else rec.result.win_shares[seat]
    return out


def compare(game_name: str, new: Factory, old: Factory, field: Sequence[Factory],
            **kw: Any) -> dict:
    """Win share of ``new`` and of ``old`` in the same seats on the same seeds, with
    Wilson intervals, and their paired difference with a t interval."""
    a = one_seat_shares(game_name, old, field, **kw)
    b = one_seat_shares(game_name, new, field, **kw)
    n = len(a)
    lo_a, hi_a = stats.wilson(float(a.sum()), n)
    lo_b, hi_b = stats.wilson(float(b.sum()), n)
    d = stats.paired_difference(a, b)
    return {"games": n, "old": float(a.mean()), "old_ci": (lo_a, hi_a),
            "new": float(b.mean()), "new_ci": (lo_b, hi_b),
            "diff": d["diff"], "diff_ci": (d["ci_low"], d["ci_high"]), "p_value": d["p_value"]}


def load_strategies_at(rev: str, game_name: str, repo: str | Path = ".") -> Any:
    """The ``strategies/<game>.py`` module as it was at git revision ``rev``, imported under
    a private name (it still uses today's ``strategies.Bot`` and rules code)."""
    path = f"strategies/{game_name}.py"
    source = subprocess.run(["git", "show", f"{rev}:{path}"], cwd=repo, check=True,
                            capture_output=True, text=True).stdout
    name = f"strategies._at_{rev[:12]}_{game_name}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_loader(name, loader=None)
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "strategies"
    sys.modules[name] = module
    exec(compile(source, f"{rev}:{path}", "exec"), module.__dict__)  # noqa: S102
    return module


def factories_at(rev: str, game_name: str, repo: str | Path = ".") -> dict[str, Factory]:
    """name -> factory of every strategy of ``game_name`` at revision ``rev``."""
    module = load_strategies_at(rev, game_name, repo)
    return {name: functools.partial(cls) for name, cls in module.STRATEGIES.items()}


def default_field(game_name: str) -> list[Factory]:
    """Today's default mix of ``game_name`` as factories."""
    from strategies import default_mix

    return [resolve(game_name, s) for s in default_mix(game_name)]

"""Range checks of the numbers a user types, where they are read (one line, exit 2).

Limits: seeds 0..2**63-1; games 1..MAX_GAMES; --until-ci a half-width in (0, 0.5);
--tolerance finite and >= 0; --max-games >= 1; a sweep grid at most MAX_VARIANTS
variants.
"""
from __future__ import annotations

import math
from typing import Any

from simcli.scenario import ScenarioError

MAX_SEED = 2**63 - 1
MAX_GAMES = 10**12
MAX_VARIANTS = 1000


def seed(value: Any, what: str = "--seed") -> None:
    if value is None:
        return
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_SEED:
        raise ScenarioError(f"{what} must be an integer from 0 to 2**63-1, not {value!r:.40}")


def games(value: Any, what: str = "--games") -> None:
    if value is None:
        return
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_GAMES:
        raise ScenarioError(f"{what} must be an integer from 1 to {MAX_GAMES:.0e}, "
                            f"not {value!r:.40}")


def half_width(value: float | None, what: str = "--until-ci") -> None:
    if value is None:
        return
    if not (isinstance(value, int | float) and math.isfinite(value) and 0 < value < 0.5):
        raise ScenarioError(f"{what} takes a half-width between 0 and 0.5 (e.g. 0.01), "
                            f"not {value}")


def tolerance(value: float | None, what: str = "--tolerance") -> None:
    if value is None:
        return
    if not (isinstance(value, int | float) and math.isfinite(value) and 0 <= value <= 1):
        raise ScenarioError(f"{what} must be a number from 0 to 1 (a win-share move), "
                            f"not {value}")


def numbers(*, seed_: int | None = None, games_: int | None = None,
            max_games: int | None = None, until_ci: float | None = None,
            tolerance_: float | None = None, index: int | None = None) -> None:
    """Every number a command was given, checked before anything runs."""
    seed(seed_)
    games(games_)
    games(max_games, "--max-games")
    half_width(until_ci)
    tolerance(tolerance_)
    if index is not None and index < 0:
        raise ScenarioError(f"--index must be 0 or more, not {index}")


def grid_size(grid: dict[str, list], where: str) -> None:
    size = 1
    for values in grid.values():
        size *= max(1, len(values)) if isinstance(values, list) else 1
    if size > MAX_VARIANTS:
        raise ScenarioError(f"{where}: the grid has {size:,} variants; the limit is "
                            f"{MAX_VARIANTS:,} (split it into several sweeps)")

"""The engine contract as reusable checks: what every game owes the runner.

Each check takes a game's registry name (a shipped game, ``module:NAME``, an entry point
or a package in the current folder) and raises ``AssertionError`` naming what broke:
games end with well-formed results, options are legal and non-empty, the heuristic mix
plays every player count, views hold neither the state nor an RNG, global RNGs do not
matter, ``clone()`` is independent and carries the future chance, the history replays
the game, and string-hash randomisation (a loky worker) does not change a game.

A designer's own tests run the same suite::

    import pytest
    from simcli.contract import CHECKS

    @pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
    def test_contract(check):
        check("mygame")

or everything at once with ``check_game("mygame")``.
"""
from __future__ import annotations

import dataclasses
import json
import os
import random
import subprocess
import sys
import types
from collections.abc import Callable, Iterable

import numpy as np

from simcli.engine import IllegalActionError, derive_rngs, play_game
from simcli.games import get_game
from strategies import RandomBot, default_mix, resolve

__all__ = ["CHECKS", "check_game", "check_random_games_end_with_well_formed_results",
           "check_heuristic_mix_plays_every_player_count",
           "check_views_hold_neither_the_state_nor_any_rng",
           "check_results_do_not_change_when_global_rngs_are_disturbed",
           "check_clone_is_independent_and_carries_the_future_chance",
           "check_history_replays_the_game_and_apply_rejects_strangers",
           "check_games_do_not_depend_on_string_hash_randomisation"]


def _rules(name: str, n: int):
    g = get_game(name)
    return g.make_rules(g.default_data(), n)


def _mix(name: str, n: int) -> list:
    mix = default_mix(name)
    return [resolve(name, mix[s % len(mix)]) for s in range(n)]


def check_random_games_end_with_well_formed_results(name: str, seeds: Iterable[int] = range(40)
                                                    ) -> None:
    g = get_game(name)
    for n in g.players:
        rules = _rules(name, n)
        for seed in seeds:
            rec = play_game(g, n, rules, [RandomBot] * n, seed)
            res = rec.result
            rows = n + len(res.automata)
            where = f"{name}, {n} players, seed {seed}"
            assert len(res.scores) == len(res.places) == len(res.win_shares) == rows, where
            assert abs(sum(res.win_shares) - 1) < 1e-9, f"{where}: win shares must sum to 1"
            assert min(res.places) == 1 and max(res.places) <= rows, where
            assert all(res.win_shares[i] > 0 for i in range(rows) if res.places[i] == 1), where
            assert rec.decisions == len(rec.history) <= g.max_decisions, where
            assert isinstance(res.end_reason, str) and res.end_reason, where
            for value in [*res.metrics.values(),
                          *(v for m in res.seat_metrics for v in m.values())]:
                assert value is None or isinstance(value, int | float | str | bool), \
                    f"{where}: metric value {value!r} is not a scalar"


def check_heuristic_mix_plays_every_player_count(name: str) -> None:
    g = get_game(name)
    for n in g.players:
        for seed in range(5):
            assert play_game(g, n, _rules(name, n), _mix(name, n), seed).result is not None


def _walk(obj, seen=None):
    seen = seen if seen is not None else set()
    if id(obj) in seen or isinstance(obj, str | bytes | int | float | bool | type(None)):
        return
    seen.add(id(obj))
    yield obj
    if isinstance(obj, dict):
        children = list(obj.keys()) + list(obj.values())
    elif isinstance(obj, list | tuple | set | frozenset):
        children = list(obj)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        children = [getattr(obj, f.name) for f in dataclasses.fields(obj)]
    elif isinstance(obj, types.MappingProxyType):
        children = list(obj.values())
    elif hasattr(obj, "__dict__"):
        children = list(vars(obj).values())
    elif hasattr(obj, "__slots__"):
        children = [getattr(obj, s) for s in obj.__slots__ if hasattr(obj, s)]
    else:
        children = []
    for child in children:
        yield from _walk(child, seen)


def check_views_hold_neither_the_state_nor_any_rng(name: str) -> None:
    g = get_game(name)
    n = g.default_players
    state = g.setup(n, _rules(name, n), random.Random(3))
    rng = random.Random(4)
    steps = 0
    while (d := g.decision(state)) is not None and steps < 400:
        view = g.view(state, d.player)
        for part in _walk(view):
            assert part is not state, "a view must not be (or hold) the state"
            assert not isinstance(part, random.Random), "a view must not hold an RNG"
        g.apply(state, d.options[rng.randrange(len(d.options))])
        steps += 1


def _play_disturbed(g, n, rules, seed, disturb):
    game_rng, seat_rngs = derive_rngs(seed, n)
    state = g.setup(n, rules, game_rng)
    bots = [RandomBot(g, p, seat_rngs[p]) for p in range(n)]
    k = 0
    while (d := g.decision(state)) is not None:
        if disturb:
            random.seed(k)
            np.random.seed(k % 1000)
            random.random()
        action = d.options[0] if len(d.options) == 1 else bots[d.player].choose(
            g.view(state, d.player), d)
        g.apply(state, action)
        k += 1
    return g.result(state)


def check_results_do_not_change_when_global_rngs_are_disturbed(name: str) -> None:
    g = get_game(name)
    n = g.default_players
    rules = _rules(name, n)
    for seed in range(5):
        assert _play_disturbed(g, n, rules, seed, False) == _play_disturbed(
            g, n, rules, seed, True), f"seed {seed}: the game uses a global RNG"


def check_clone_is_independent_and_carries_the_future_chance(name: str) -> None:
    g = get_game(name)
    n = g.default_players
    state = g.setup(n, _rules(name, n), random.Random(11))
    rng = random.Random(12)
    for _ in range(25):
        d = g.decision(state)
        if d is None:
            break
        g.apply(state, d.options[rng.randrange(len(d.options))])
    twin = g.clone(state)
    before = g.decision(state)
    crng = random.Random(13)
    choices = []
    while (d := g.decision(twin)) is not None:
        i = crng.randrange(len(d.options))
        choices.append(i)
        g.apply(twin, d.options[i])
    assert g.decision(state) == before, "playing the clone changed the original"
    for i in choices:
        g.apply(state, g.decision(state).options[i])
    assert g.decision(state) is None, "the same choices did not end the original"
    assert g.result(state) == g.result(twin), "the clone did not carry the RNG"


def check_history_replays_the_game_and_apply_rejects_strangers(name: str) -> None:
    g = get_game(name)
    n = g.default_players
    rules = _rules(name, n)
    rec = play_game(g, n, rules, _mix(name, n), 77)
    again = play_game(g, n, rules, [None] * n, 77, history=rec.history)
    assert again.result == rec.result, "seed + history did not reproduce the game"
    state = g.setup(n, rules, random.Random(1))
    try:
        g.apply(state, ("certainly", "not", "an", "option", object()))
    except IllegalActionError:
        return
    raise AssertionError("apply() accepted an action that is not an option")


_SCRIPT = """
import json, sys
from simcli.engine import play_game
from simcli.games import get_game
from strategies import resolve, default_mix
name = sys.argv[1]
g = get_game(name)
n = g.default_players
mix = default_mix(name)
f = [resolve(name, mix[s % len(mix)]) for s in range(n)]
out = []
for seed in range(3):
    rec = play_game(g, n, g.make_rules(g.default_data(), n), f, seed)
    out.append([rec.history, list(rec.result.scores)])
print(json.dumps(out))
"""


def check_games_do_not_depend_on_string_hash_randomisation(name: str) -> None:
    """A loky worker has another PYTHONHASHSEED than the parent: same seed, same game."""
    outs = []
    path = os.pathsep.join(p for p in (os.getcwd(), os.environ.get("PYTHONPATH")) if p)
    for hashseed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed, "PYTHONPATH": path}
        proc = subprocess.run([sys.executable, "-c", _SCRIPT, name], env=env,
                              capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stderr[-2000:]
        outs.append(json.loads(proc.stdout))
    assert outs[0] == outs[1], "the game depends on the order of a set or dict of strings"


CHECKS: tuple[Callable[[str], None], ...] = (
    check_random_games_end_with_well_formed_results,
    check_heuristic_mix_plays_every_player_count,
    check_views_hold_neither_the_state_nor_any_rng,
    check_results_do_not_change_when_global_rngs_are_disturbed,
    check_clone_is_independent_and_carries_the_future_chance,
    check_history_replays_the_game_and_apply_rejects_strangers,
    check_games_do_not_depend_on_string_hash_randomisation,
)


def check_game(name: str) -> None:
    """Run every contract check on one game (AssertionError on the first that fails)."""
    for check in CHECKS:
        check(name)

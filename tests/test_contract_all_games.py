"""The engine contract, checked the same way for every shipped game (DESIGN: layer 2).

Each game's own tests check its rules and its secrets; these check what every game owes
the runner: games end, options are legal and non-empty, results are well-formed, views
hold no state or RNG, global RNGs do not matter, clone() is independent, history replays
the game, and hash randomisation (a loky worker) does not change a game.
"""
from __future__ import annotations

import dataclasses
import json
import os
import random
import subprocess
import sys
import types

import numpy as np
import pytest

from simcli.engine import IllegalActionError, derive_rngs, play_game
from simcli.games import GAMES, get_game
from strategies import RandomBot, default_mix, resolve

NAMES = list(GAMES)
SEEDS = range(40)


def counts(name):
    return list(get_game(name).players)


def rules_for(name, n):
    g = get_game(name)
    return g.make_rules(g.default_data(), n)


def random_factories(n):
    return [RandomBot] * n


@pytest.mark.parametrize("name", NAMES)
def test_random_games_end_with_well_formed_results(name):
    g = get_game(name)
    for n in counts(name):
        rules = rules_for(name, n)
        for seed in SEEDS:
            rec = play_game(g, n, rules, random_factories(n), seed)
            res = rec.result
            rows = n + len(res.automata)
            assert len(res.scores) == len(res.places) == len(res.win_shares) == rows
            assert abs(sum(res.win_shares) - 1) < 1e-9
            assert min(res.places) == 1 and max(res.places) <= rows
            assert all(res.win_shares[i] > 0 for i in range(rows) if res.places[i] == 1)
            assert rec.decisions == len(rec.history) <= g.max_decisions
            assert isinstance(res.end_reason, str) and res.end_reason
            for value in [*res.metrics.values(),
                          *(v for m in res.seat_metrics for v in m.values())]:
                assert value is None or isinstance(value, int | float | str | bool)


@pytest.mark.parametrize("name", NAMES)
def test_heuristic_mix_plays_every_player_count(name):
    g = get_game(name)
    for n in counts(name):
        mix = default_mix(name)
        factories = [resolve(name, mix[s % len(mix)]) for s in range(n)]
        for seed in range(5):
            assert play_game(g, n, rules_for(name, n), factories, seed).result is not None


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


@pytest.mark.parametrize("name", NAMES)
def test_views_hold_neither_the_state_nor_any_rng(name):
    g = get_game(name)
    n = g.default_players
    state = g.setup(n, rules_for(name, n), random.Random(3))
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


@pytest.mark.parametrize("name", NAMES)
def test_results_do_not_change_when_global_rngs_are_disturbed(name):
    g = get_game(name)
    n = g.default_players
    rules = rules_for(name, n)
    for seed in range(5):
        assert _play_disturbed(g, n, rules, seed, False) == _play_disturbed(g, n, rules, seed,
                                                                              True)


@pytest.mark.parametrize("name", NAMES)
def test_clone_is_independent_and_carries_the_future_chance(name):
    g = get_game(name)
    n = g.default_players
    rules = rules_for(name, n)
    state = g.setup(n, rules, random.Random(11))
    rng = random.Random(12)
    for _ in range(25):
        d = g.decision(state)
        if d is None:
            break
        g.apply(state, d.options[rng.randrange(len(d.options))])
    twin = g.clone(state)
    before = g.decision(state)
    # play the clone to the end: the original is untouched
    crng = random.Random(13)
    choices = []
    while (d := g.decision(twin)) is not None:
        i = crng.randrange(len(d.options))
        choices.append(i)
        g.apply(twin, d.options[i])
    assert g.decision(state) == before
    # the same choices on the original give the same game (RNG cloned too)
    for i in choices:
        g.apply(state, g.decision(state).options[i])
    assert g.decision(state) is None
    assert g.result(state) == g.result(twin)


@pytest.mark.parametrize("name", NAMES)
def test_history_replays_the_game_and_apply_rejects_strangers(name):
    g = get_game(name)
    n = g.default_players
    rules = rules_for(name, n)
    mix = default_mix(name)
    factories = [resolve(name, mix[s % len(mix)]) for s in range(n)]
    rec = play_game(g, n, rules, factories, 77)
    again = play_game(g, n, rules, [None] * n, 77, history=rec.history)
    assert again.result == rec.result
    state = g.setup(n, rules, random.Random(1))
    with pytest.raises(IllegalActionError):
        g.apply(state, ("certainly", "not", "an", "option", object()))


SCRIPT = """
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


@pytest.mark.parametrize("name", NAMES)
def test_games_do_not_depend_on_string_hash_randomisation(name):
    """A loky worker has another PYTHONHASHSEED than the parent: same seed, same game."""
    outs = []
    for hashseed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        proc = subprocess.run([sys.executable, "-c", SCRIPT, name], env=env,
                              capture_output=True, text=True, timeout=300, check=True)
        outs.append(json.loads(proc.stdout))
    assert outs[0] == outs[1]


# ------------------------------------------------------------------ determinize
from simcli import contract_determinize as det  # noqa: E402


def _points(name, n, seeds):
    """Random mid-game states: (state, the player to move) at many seeds and depths."""
    g = get_game(name)
    rules = rules_for(name, n)
    for seed in seeds:
        depth = random.Random(seed * 7 + n).randrange(0, 250)
        state = det.random_midgame(g, n, rules, seed, depth)
        d = g.decision(state)
        if d is not None:
            yield state, d.player


@pytest.mark.parametrize("name", NAMES)
def test_determinize_keeps_the_view_and_the_public_facts_and_plays_on(name):
    g = get_game(name)
    for n in counts(name):
        for k, (state, player) in enumerate(_points(name, n, range(12))):
            before = det.plain(state, skip_rng=False)
            copy = g.determinize(state, player, random.Random(k))
            assert det.plain(state, skip_rng=False) == before, "the original changed"
            det.check_view_kept(g, state, player, copy)
            det.check_zones(name, state, copy)
            det.check_same_rng_same_copy(g, state, player, k)
            det.check_copy_plays_to_end(g, copy, k)


@pytest.mark.parametrize("name", NAMES)
def test_determinize_resamples_the_hidden_parts(name):
    g = get_game(name)
    n = g.default_players
    varied = [det.check_hidden_varies(g, s, p) for s, p in _points(name, n, range(15))]
    assert sum(varied) >= len(varied) * 0.6, f"hidden parts varied in {sum(varied)} of " \
        f"{len(varied)} states"


@pytest.mark.parametrize("name", NAMES)
def test_determinize_future_chance_is_resampled(name):
    """Two copies played with the same choices diverge: the RNG is not the true one."""
    g = get_game(name)
    n = g.default_players
    state = det.random_midgame(g, n, rules_for(name, n), 5, 30)
    player = g.decision(state).player
    ends = set()
    for s in range(6):
        copy = g.determinize(state, player, random.Random(s))
        rng = random.Random(99)
        while (d := g.decision(copy)) is not None:
            g.apply(copy, d.options[rng.randrange(len(d.options))])
        ends.add(tuple(g.result(copy).scores))
    assert len(ends) > 1


@pytest.mark.parametrize("name", NAMES)
def test_repeated_clones_equal_the_original_and_each_other(name):
    """Love Battle's second clone restores a turn-start snapshot instead of replaying the
    game: it must give the same copy as the full replay of the first."""
    g = get_game(name)
    n = g.default_players
    for seed in range(4):
        state = det.random_midgame(g, n, rules_for(name, n), seed, 40 + 30 * seed)
        first = g.clone(state)
        rng = random.Random(seed)
        for _ in range(15):           # the original moves on (a snapshot is taken)
            d = g.decision(state)
            if d is None:
                break
            g.apply(state, d.options[rng.randrange(len(d.options))])
        a, b = g.clone(state), g.clone(state)
        ref = det.plain(state, skip_rng=False)
        assert det.plain(a, skip_rng=False) == ref == det.plain(b, skip_rng=False)
        assert det.plain(first, skip_rng=False) != ref or g.decision(state) is None


def test_copy_costs_measures_clone_and_determinize():
    g = get_game("vghs")
    costs = det.copy_costs(g, 4, points=2, repeat=2)
    assert costs["states"] == 2 and costs["clone_seconds"] > 0 < costs["determinize_seconds"]

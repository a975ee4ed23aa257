"""The shared look-ahead loop (``strategies/lookahead.py``): seeding each plain bot at its
first choice plays exactly what seeding every bot before the play does."""
from __future__ import annotations

import random

import pytest
from look_helpers import plain_specs

from simcli import contract_determinize as det
from simcli.games import get_game
from strategies import resolve
from strategies.lookahead import play_on, reseed, seeds_for


def _bots(name, n):
    g = get_game(name)
    return [resolve(name, spec)(g, q, random.Random(100 + q))
            for q, spec in enumerate(plain_specs(name, n))]


def _states(name, n, count):
    g = get_game(name)
    rules = g.make_rules(g.default_data(), n)
    for seed in range(count):
        state = det.random_midgame(g, n, rules, seed, 30 + 40 * seed)
        if g.decision(state) is not None:
            yield state


@pytest.mark.parametrize("name", ["lovebattle", "vghs", "class89"])
def test_seeding_a_bot_at_its_first_choice_plays_as_seeding_all_before(name):
    """``play_on(..., seeds=seeds_for(bots, s))`` ends in the same state, and leaves every
    bot that chose with the same generator, as ``reseed(bots, s)`` then ``play_on``; a
    bot that never chose is not seeded at all."""
    g = get_game(name)
    n = g.default_players
    for k, state in enumerate(_states(name, n, 4)):
        stop = _about_a_round(state, g.decision(state).player)

        eager, lazy = _bots(name, n), _bots(name, n)
        a, b = g.clone(state), g.clone(state)
        reseed(eager, 1000 + k)
        play_on(g, a, eager, stop, cap=400)
        untouched = [bot.rng.getstate() for bot in lazy]
        seeds = seeds_for(lazy, 1000 + k)
        play_on(g, b, lazy, stop, cap=400, seeds=seeds)
        assert det.plain(a, skip_rng=False) == det.plain(b, skip_rng=False)
        for q in range(n):
            if seeds[q] is None:                   # it chose: seeded as reseed seeds it
                assert lazy[q].rng.getstate() == eager[q].rng.getstate(), q
            else:
                assert lazy[q].rng.getstate() == untouched[q], q
        assert any(s is None for s in seeds)


def _about_a_round(state, start):
    """A stop rule: the game has moved on and ``start`` decides again (about a round)."""
    turn = state_turn(state)

    def stop(s, d):
        return state_turn(s) != turn and d.player == start
    return stop


def state_turn(s):
    """A counter that moves on as the game does (a turn or a decision count)."""
    for name in ("turns", "turns_taken", "round"):
        if hasattr(s, name):
            return getattr(s, name)
    return 0

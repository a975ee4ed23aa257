"""The engine contract, checked the same way for every shipped game (DESIGN: layer 2).

Each game's own tests check its rules and its secrets; these run the reusable contract
suite of :mod:`simcli.contract` (the one a designer runs on their own game): games end,
options are legal and non-empty, results are well-formed, views hold no state or RNG,
global RNGs do not matter, clone() is independent, history replays the game, and hash
randomisation (a loky worker) does not change a game.
"""
from __future__ import annotations

import pytest

from simcli import contract
from simcli.games import GAMES

NAMES = list(GAMES)


@pytest.mark.parametrize("name", NAMES)
def test_random_games_end_with_well_formed_results(name):
    contract.check_random_games_end_with_well_formed_results(name)


@pytest.mark.parametrize("name", NAMES)
def test_heuristic_mix_plays_every_player_count(name):
    contract.check_heuristic_mix_plays_every_player_count(name)


@pytest.mark.parametrize("name", NAMES)
def test_views_hold_neither_the_state_nor_any_rng(name):
    contract.check_views_hold_neither_the_state_nor_any_rng(name)


@pytest.mark.parametrize("name", NAMES)
def test_results_do_not_change_when_global_rngs_are_disturbed(name):
    contract.check_results_do_not_change_when_global_rngs_are_disturbed(name)


@pytest.mark.parametrize("name", NAMES)
def test_clone_is_independent_and_carries_the_future_chance(name):
    contract.check_clone_is_independent_and_carries_the_future_chance(name)


@pytest.mark.parametrize("name", NAMES)
def test_history_replays_the_game_and_apply_rejects_strangers(name):
    contract.check_history_replays_the_game_and_apply_rejects_strangers(name)


@pytest.mark.parametrize("name", NAMES)
def test_games_do_not_depend_on_string_hash_randomisation(name):
    """A loky worker has another PYTHONHASHSEED than the parent: same seed, same game."""
    contract.check_games_do_not_depend_on_string_hash_randomisation(name)


def test_every_contract_check_is_run_here():
    assert len(contract.CHECKS) == 7
    here = {n for n in globals() if n.startswith("test_")}
    assert {c.__name__.replace("check_", "test_", 1) for c in contract.CHECKS} <= here


def test_the_contract_catches_a_game_that_uses_the_global_rng():
    """The suite is not vacuous: a toy game that rolls with the global RNG fails it."""
    import random

    from simcli.games import get_game

    toy = get_game("toygame:GAME")
    cls = type(toy)

    class Leaky(cls):
        def apply(self, st, action):
            st.rng, saved = random, st.rng
            try:
                super().apply(st, action)
            finally:
                st.rng = saved

    import toygame
    toygame.LEAKY = Leaky()
    with pytest.raises(AssertionError, match="global RNG"):
        contract.check_results_do_not_change_when_global_rngs_are_disturbed("toygame:LEAKY")

"""The engine contract, checked the same way for every shipped game (DESIGN: layer 2).

Each game's own tests check its rules and its secrets; these run the reusable contract
suite of :mod:`simcli.contract` (the one a designer runs on their own game): games end,
options are legal and non-empty, results are well-formed, views hold no state or RNG,
global RNGs do not matter, clone() is independent, history replays the game, and hash
randomisation (a loky worker) does not change a game.
"""
from __future__ import annotations

import random

import pytest

from simcli import contract
from simcli import contract_determinize as det
from simcli.games import GAMES, get_game

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


# ------------------------------------------------------------------ determinize
def counts(name):
    return list(get_game(name).players)


def rules_for(name, n):
    g = get_game(name)
    return g.make_rules(g.default_data(), n)


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
def test_determinized_copies_can_be_cloned_and_determinized_again(name):
    """What ``search:look=`` needs: a rollout's bots look ahead on the rollout's own
    (determinized) copy. Love Battle's copies could not be copied again before stop 37
    (its course is a generator; a copy now keeps how it was drawn)."""
    g = get_game(name)
    assert g.determinize_copies
    for n in counts(name):
        for k, (state, player) in enumerate(_points(name, n, range(10))):
            det.check_copies_of_copies(g, state, player, k)


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


@pytest.mark.parametrize("name", NAMES)
def test_playing_a_copy_to_its_end_leaves_the_original_as_it_was(name):
    """clone() and determinize() share no list, dict or yearbook with the original (their
    copies are written field by field, or skip the RNG's copy, for speed): every field of
    the original, its RNG's state included, is unchanged after both copies are played to
    the end, at several points of several games."""
    g = get_game(name)
    n = g.default_players
    for seed in range(3):
        for steps in (20, 90, 200):
            state = det.random_midgame(g, n, rules_for(name, n), seed, steps)
            d = g.decision(state)
            if d is None:
                continue
            ref = det.plain(state, skip_rng=False)
            copies = [g.clone(state)]
            if getattr(g, "determinize", None) is not None:   # as a sampler is used:
                copies.append(g.determinize(state, d.player, random.Random(seed)))
            for copy in copies:
                rng = random.Random(steps)
                while (d := g.decision(copy)) is not None:
                    g.apply(copy, d.options[rng.randrange(len(d.options))])
            assert det.plain(state, skip_rng=False) == ref, (name, seed, steps)


@pytest.mark.parametrize("name", NAMES)
def test_every_decision_kind_asked_is_declared(name):
    """``decision_kinds`` (what ``search:kinds=`` is checked against) holds every kind the
    game asks: random play and the default mix at every player count, several seeds."""
    from look_helpers import plain_specs

    from strategies import resolve

    g = get_game(name)
    seen = set()
    for n in g.players:
        rules = rules_for(name, n)
        for seed in range(6):
            state = g.setup(n, rules, random.Random(seed))
            rng = random.Random(seed)
            while (d := g.decision(state)) is not None:
                seen.add(d.kind)
                g.apply(state, d.options[rng.randrange(len(d.options))])
        bots = [resolve(name, spec) for spec in plain_specs(name, n)]
        seen.update(_kinds_played(g, n, rules, bots, 3))
    assert seen <= set(g.decision_kinds), sorted(seen - set(g.decision_kinds))
    assert len(set(g.decision_kinds)) == len(g.decision_kinds)


def _kinds_played(g, n, rules, bots, seed):
    """The kind of every decision the bots were asked in one game played by ``bots``."""
    from simcli.engine import play_game

    out = []

    def spy(factory):
        def make(game, player, rng):
            bot = factory(game, player, rng)
            choose = bot.choose

            def choose_and_log(view, decision):
                out.append(decision.kind)
                return choose(view, decision)
            bot.choose = choose_and_log
            return bot
        return make
    play_game(g, n, rules, [spy(b) for b in bots], seed)
    return out


def test_copy_costs_measures_clone_and_determinize():
    g = get_game("vghs")
    costs = det.copy_costs(g, 4, points=2, repeat=2)
    assert costs["states"] == 2 and costs["clone_seconds"] > 0 < costs["determinize_seconds"]

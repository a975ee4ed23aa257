"""Invariants over many random games, determinism, clone and views; strategies."""
from __future__ import annotations

import random

import pytest
from vgc_helpers import GAME, crystal_total, make_state, rules_for, tile_total

from simcli.engine import play_game
from strategies import RandomBot, default_mix, list_strategies, resolve

SEEDS = 1000


def run_checked(s, rng):
    """Random play with the invariants checked on the way."""
    limit = s.rules.p["tile_limit"]
    week = s.week
    steps = 0
    while (d := s.dec) is not None:
        steps += 1
        assert steps <= GAME.max_decisions
        assert d.options
        before = s.step
        GAME.apply(s, d.options[int(rng.random() * len(d.options))])
        if s.step == "play" and before in ("discard", "action", "wake_give", "wake_space"):
            pl = s.players[s.order[s.turn]]
            assert len(pl.tiles) + pl.ious <= limit  # VGC-072 after the Discard step
        if s.week != week:
            week = s.week
            assert crystal_total(s) == 40 and tile_total(s) == 50
    return steps


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_invariants_over_many_random_games(n):
    """VGC-049/053: every game ends after 5 Weeks; tiles <= 8 after the Discard step; IOUs
    never above 8 (VGC-101, VGC-105, VGC-191); counts never negative; Crystals conserved
    (bag + cards + magazines + players + box = 40, VGC-007) and Button Tiles too (50)."""
    rules = rules_for(n)
    for seed in range(SEEDS):
        s = GAME.setup(n, rules, random.Random(seed))
        run_checked(s, random.Random(seed + 7))
        assert s.phase == "over" and s.week == 5
        assert crystal_total(s) == 40 and tile_total(s) == 50
        for pl in s.players:
            assert 0 <= pl.ious <= 8 and pl.max_ious <= 8
            assert pl.dollars >= 0 and 0 <= pl.meeples <= 3
            assert pl.played >= pl.beaten and pl.played_unbeaten >= 0
        res = GAME.result(s)
        assert abs(sum(res.win_shares) - 1) < 1e-9 and res.turns == 5


def test_same_seed_same_game_and_global_rng_ignored():
    """Same seed -> same game (heuristic bots), whatever the global RNG does."""
    n = 4
    rules = rules_for(n)
    mix = [resolve("vgc", name) for name in default_mix("vgc")]
    a = play_game(GAME, n, rules, mix, seed=11)
    random.seed(99)
    b = play_game(GAME, n, rules, mix, seed=11)
    assert a.history == b.history and a.result == b.result
    c = play_game(GAME, n, rules, mix, seed=11, history=a.history)
    assert c.result == a.result


def test_clone_is_independent():
    s = make_state(4, seed=3)
    rng = random.Random(1)
    for _ in range(40):
        GAME.apply(s, s.dec.options[int(rng.random() * len(s.dec.options))])
    c = GAME.clone(s)
    snapshot = (list(s.bag), [list(p.tiles) for p in s.players], s.rng.getstate())
    r1, r2 = random.Random(5), random.Random(5)
    run_checked(c, r1)
    assert (list(s.bag), [list(p.tiles) for p in s.players], s.rng.getstate()) == snapshot
    run_checked(s, r2)
    assert GAME.result(s) == GAME.result(c)


def test_view_hides_what_it_must():
    """VGC-061, VGC-079: no bag, discard contents, decks, face-down cards, box or RNG."""
    s = make_state(4, seed=2)
    v = GAME.view(s, 2)
    names = set(type(v).__slots__)
    for hidden in ("bag", "discard", "store_deck", "mag_deck", "crystal_bag", "rng",
                   "box_tiles", "box_cards", "box_mags", "hidden_crystal_cards"):
        assert hidden not in names
    face_down = set(s.rental[s.rental_up:])
    assert not face_down & set(v.rental) and not face_down & set(v.card_crystal)
    assert not face_down & set(v.store) and v.bag_size == len(s.bag)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_every_strategy_plays_legal_games(n):
    """The heuristics (and random) finish games at every player count."""
    names = list(list_strategies("vgc"))
    assert len(names) >= 4 and "random" in names
    rules = rules_for(n)
    for seed in range(3):
        mix = [resolve("vgc", names[(seed + i) % len(names)]) for i in range(n)]
        rec = play_game(GAME, n, rules, mix, seed=seed)
        assert rec.result.turns == 5


def test_heuristics_beat_random():
    """A heuristic scores more than random play on average."""
    rules = rules_for(4)
    heur = resolve("vgc", "beater")
    total_h = total_r = 0
    for seed in range(6):
        rec = play_game(GAME, 4, rules, [heur, RandomBot, heur, RandomBot], seed=seed)
        total_h += rec.result.scores[0] + rec.result.scores[2]
        total_r += rec.result.scores[1] + rec.result.scores[3]
    assert total_h > total_r


def test_describe_every_option_kind():
    s = make_state(4, seed=6)
    rng = random.Random(6)
    kinds = set()
    while s.dec is not None and len(kinds) < 8:
        d = s.dec
        for o in d.options[:5]:
            assert isinstance(GAME.describe(s, d, o), str)
        kinds.add(d.kind)
        GAME.apply(s, d.options[int(rng.random() * len(d.options))])

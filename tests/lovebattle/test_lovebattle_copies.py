"""The search copies' fast paths play exactly as the plain ones they replace: the inlined
shuffle, determinize without its own snapshot and with its RNG reseeded, search's
reseeded rollout RNGs and the bots' per-decision memory."""
from __future__ import annotations

import random

import pytest

from simcli import contract_determinize as det
from simcli.games.lovebattle.common import shuffle
from simcli.games.lovebattle.rules import GAME
from strategies import default_mix, resolve
from strategies.search import SearchBot

MIX = default_mix("lovebattle")


def test_shuffle_is_random_shuffle_on_many_seeds_and_lengths():
    """The same permutation and the same numbers drawn as ``random.Random.shuffle``, for
    lengths across powers of two (the bit count changes there) and mid-stream states."""
    for seed in range(300):
        for n in (0, 1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 20, 31, 32, 33, 45, 64, 65, 100):
            a, b = random.Random(seed), random.Random(seed)
            for _ in range(seed % 3):
                a.random()
                b.random()
            x = [(seed, i) for i in range(n)]
            y = list(x)
            a.shuffle(x)
            shuffle(b, y)
            assert y == x, (seed, n)
            assert b.getstate() == a.getstate(), (seed, n)


def test_shuffle_leaves_another_rng_to_its_own_method():
    class Reversing(random.Random):
        def shuffle(self, x):
            x.reverse()

    x = list(range(10))
    shuffle(Reversing(1), x)
    assert x == list(range(9, -1, -1))


def _determinize_as_before(state, player, rng):
    """Love Battle's determinize before the fast paths: a full clone (with its turn-start
    snapshot), a new RNG and ``random.Random.shuffle``."""
    new = GAME.clone(state)
    new.rng = random.Random(rng.getrandbits(64))
    girl = state.rules.card_girl
    options = state.rules.vote_options
    for q in range(new.n):
        if q != player and new.votes[q] is not None:
            new.votes[q] = options[int(rng.random() * len(options))]
    others = [q for q in range(new.n) if q != player]
    for g in range(5):
        held = [[k for k in new.hands[q] if girl[k] == g] for q in others]
        if not any(held):
            rng.shuffle(new.decks[g])
            continue
        pool = list(new.decks[g])
        for cards in held:
            pool.extend(cards)
        rng.shuffle(pool)
        for q, cards in zip(others, held, strict=True):
            hand = new.hands[q]
            dealt = pool[len(pool) - len(cards):] if cards else []
            del pool[len(pool) - len(cards):]
            hand[:] = [k for k in hand if girl[k] != g] + dealt
        new.decks[g][:] = pool
    rng.shuffle(new.pp_deck)
    rng.shuffle(new.med_deck)
    return new


@pytest.mark.parametrize("n", [2, 3, 4])
def test_determinize_is_the_copy_it_was_and_plays_on_the_same(n):
    """At many points of seeded games: the same copy (every field and the RNG state) as
    the plain path, no snapshot of its own, and the same game played on from it."""
    rules = GAME.make_rules(GAME.default_data(), n)
    for seed in range(6):
        state = GAME.setup(n, rules, random.Random(seed))
        walk = random.Random(100 + seed)
        step = 0
        while (d := GAME.decision(state)) is not None:
            if step % 9 == 0:
                for player in range(n):
                    s = walk.getrandbits(64)
                    new = GAME.determinize(state, player, random.Random(s))
                    old = _determinize_as_before(state, player, random.Random(s))
                    assert new.checkpoint is None and not new.checkpointing
                    assert det.plain(new, skip_rng=False) == det.plain(old, skip_rng=False)
                    if step % 45 == 0 and player == d.player:   # its own decision pending
                        for copy in (new, old):
                            play = random.Random(s)
                            while (e := GAME.decision(copy)) is not None:
                                GAME.apply(copy, e.options[int(play.random() * len(e.options))])
                        assert GAME.result(new) == GAME.result(old)
            GAME.apply(state, d.options[int(walk.random() * len(d.options))])
            step += 1


def test_search_rollouts_reseeded_rngs_give_the_values_of_fresh_ones():
    """A rollout's value depends on its seed only: the same seed after other rollouts, and
    a new bot's first rollout, give the same value."""
    rules = GAME.make_rules(GAME.default_data(), 4)
    state = GAME.setup(4, rules, random.Random(3))
    mid = random.Random(4)
    for _ in range(40):
        d = GAME.decision(state)
        GAME.apply(state, d.options[int(mid.random() * len(d.options))])
    d = GAME.decision(state)
    me = d.player
    seeds = [random.Random(k).getrandbits(64) for k in range(6)]

    def values(bot, order):
        return {s: bot._value(GAME.determinize(state, me, random.Random(s)), d.options[0], s)
                for s in order}

    used = SearchBot(GAME, me, random.Random(9), horizon=0)
    first = values(used, seeds)
    again = values(used, reversed(seeds))
    assert again == first
    for s in seeds[:3]:
        fresh = SearchBot(GAME, me, random.Random(10), horizon=0)
        assert values(fresh, [s]) == {s: first[s]}


@pytest.mark.parametrize("name", MIX)
def test_bots_remember_room_values_and_play_potential_within_one_decision(name):
    """The remembered lists equal the computed ones at every decision of a game, and a new
    view is computed afresh."""
    rules = GAME.make_rules(GAME.default_data(), 4)
    state = GAME.setup(4, rules, random.Random(5))
    bots = [resolve("lovebattle", m)(GAME, q, random.Random(q)) for q, m in
            enumerate([name] + [m for m in MIX if m != name][:3])]
    probe = resolve("lovebattle", name)(GAME, 0, random.Random(0))
    checked = 0
    while (d := GAME.decision(state)) is not None:
        view = GAME.view(state, d.player)
        bot = bots[d.player]
        choice = bot.choose(view, d)
        if d.player == 0 and d.kind != "vote":
            w = bot._w
            pot, rooms = bot.play_potential(view, w), bot.room_values(view, w)
            assert bot.play_potential(view, w) is pot and bot.room_values(view, w) is rooms
            assert pot == probe._play_potential(view, w)
            assert rooms == probe._room_values(view, w)
            other = GAME.view(state, 0)
            assert bot.play_potential(other, w) is not pot
            assert bot.play_potential(other, w) == pot
            checked += 1
        GAME.apply(state, choice)
    assert checked > 50

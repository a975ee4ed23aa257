"""The vghs heuristics return the rules' own option objects (the engine and the rules then
find them by identity), and the same choices as the plain computation they replace."""
from __future__ import annotations

import random

from simcli.engine import play_game
from simcli.games.vghs.rules import GAME
from simcli.games.vghs.ruleset import N_FACES, WILD
from strategies import list_strategies
from strategies.vghs import _change_die_option, _pair_option

BOTS = list_strategies("vghs")
KINDS = ("reroll", "score", "change_die", "class")


def plain_reroll(bot, v):
    return tuple(map(min, v.dice[bot.player], bot.want(v)))


def plain_change_die(bot, v):
    want = bot.want(v)
    dice = v.dice[bot.player]
    surplus = [f for f in range(N_FACES) if dice[f] > want[f]]
    goal = [f for f in range(N_FACES) if want[f] > dice[f] and f != WILD] or \
        [f for f in range(N_FACES) if want[f] > 0 and f != WILD]
    for a in surplus:
        for b in goal:
            if a != b:
                return (a, b)
    return "done"


def test_choices_are_the_option_objects_and_the_plain_choices_in_real_games():
    seen = dict.fromkeys(KINDS, 0)
    identical = dict.fromkeys(KINDS, 0)

    def factory(name):
        def make(game, player, rng):
            b = BOTS[name](game, player, rng)
            inner = b.choose

            def choose(view, decision):
                # the plain choice first: want() is cached, so both see the same want
                expected = None
                if decision.kind == "reroll":
                    expected = plain_reroll(b, view)
                elif decision.kind == "change_die":
                    expected = plain_change_die(b, view)
                got = inner(view, decision)
                if decision.kind in seen:
                    seen[decision.kind] += 1
                    assert got in decision.options
                    if any(o is got for o in decision.options):
                        identical[decision.kind] += 1
                if expected is not None:
                    assert got == expected
                return got
            b.choose = choose
            return b
        return make

    mix = ("arcade", "challenger", "builder", "arcade")
    for seed in range(12):
        play_game(GAME, 4, GAME.make_rules(GAME.default_data(), 4),
                  [factory(n) for n in mix], seed)
    for kind in KINDS:
        assert seen[kind] > 0, kind
        assert identical[kind] == seen[kind], (kind, identical[kind], seen[kind])


def test_an_option_list_of_another_shape_gets_the_equal_tuple():
    opts = tuple((a, b) for a in range(3) for b in range(2))
    assert _pair_option(opts, 2, 1) is opts[5]
    shuffled = tuple(random.Random(3).sample(opts, len(opts)))
    got = _pair_option(shuffled, 2, 1)
    assert got == (2, 1) and got in shuffled
    dice = [1, 0, 2, 0, 0, 1]
    change = ("done", *((a, b) for a in range(N_FACES) if dice[a]
                        for b in range(N_FACES) if b != a))
    for o in change[1:]:
        assert _change_die_option(change, dice, *o) is o
    assert _change_die_option(change[:-1], dice, 5, 4) == (5, 4)

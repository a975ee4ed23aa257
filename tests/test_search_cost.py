"""The search's cheaper candidates: proposer bots built only where they play, and
``propose_eval`` (options the game's evaluation rates best one move ahead)."""
from __future__ import annotations

import random

import pytest

from simcli.engine import make_sampler, play_game
from simcli.games import get_game
from strategies import UnknownStrategyError, default_mix, resolve
from strategies.search import SearchBot


@pytest.mark.parametrize("n", [1, 3, 4])
def test_class89_builds_its_default_proposers_only_at_the_table_size_they_play(n):
    """class89's default ``propose=mix`` holds at 4 and 3 players: solo, where the generic
    defaults play, its proposer bots are never built (their seeds are still drawn, so a
    game is the same either way); at 3 and 4 players one per distinct default-mix
    strategy (the models' and today's), after the sampler says the table size."""
    g = get_game("class89")
    mix = default_mix("class89")
    made: list[int] = []

    def counting(name):
        inner = resolve("class89", name)

        def factory(game, p, rng):
            made.append(p)
            return inner(game, p, rng)
        factory.__name__ = name
        return factory

    seats = [counting(m) for m in mix]
    bot = SearchBot(g, 0, random.Random(7), models=(seats[0], seats))
    assert made == [0] and bot.proposers == []   # the base only
    rules = g.make_rules(g.default_data(), n)
    state = g.setup(n, rules, random.Random(3))
    bot.bind_sampler(make_sampler(g, state, 0, random.Random(4)))
    want = len(mix) if n in (3, 4) else 0   # 3 players: their own propose=mix defaults
    # the models' mix (these wrappers) and, beside other models, today's default mix
    assert len(bot.proposers) == 2 * want and made == [0] * (1 + want)
    # the same seeds whether or not the proposers are built: the bot's RNG has advanced
    # by the same draws at every table size
    again = SearchBot(g, 0, random.Random(7), models=(seats[0], seats))
    assert again.rng.getstate() == bot.rng.getstate()
    # a spec that names ``propose`` builds them at once, at any table size
    named = SearchBot(g, 0, random.Random(7), models=(seats[0], seats), propose="mix")
    assert len(named.proposers) == 2 * len(mix)


def test_propose_eval_adds_the_options_the_evaluation_rates_best():
    """With ``propose_eval=k`` the race gets, beyond the heuristics' choices, the k other
    options whose one-move-ahead evaluation (on one determinized copy) is highest, in
    that order; the game is deterministic per seed."""
    g = get_game("class89")
    n = 3
    rules = g.make_rules(g.default_data(), n)
    mix = default_mix("class89")
    others = [resolve("class89", mix[i]) for i in (1, 2)]
    seen: list = []

    class Watched(SearchBot):
        def choose(self, view, decision):
            self._got = None
            return super().choose(view, decision)

        def _eval_screen(self, rest):
            self._got = super()._eval_screen(rest)
            seen.append((list(rest), self._got))
            return self._got

        def _race(self, options, a0):
            races.append((options, a0, self._got))
            return super()._race(options, a0)

    made = []

    def factory(game, p, rng):
        made.append(Watched(game, p, rng, propose="mix", propose_eval=2, rounds=1,
                            max_decisions=2, rollouts=8, recheck=4))
        return made[-1]

    races: list = []
    a = play_game(g, n, rules, [factory] + others, 11)
    assert seen and races
    for rest, got in seen:
        assert len(got) == min(2, len(rest)) and set(got) <= set(rest)
    for options, a0, got in races:
        assert options[0] == a0
        if got:
            assert options[-len(got):] == tuple(got)
            assert not set(got) & set(options[:-len(got)])
    bot = made[0]
    b = play_game(g, n, rules, [factory] + others, 11)
    assert a.history == b.history and a.result == b.result
    assert bot.searched >= 1


def test_eval_screen_ranks_by_the_evaluation_one_move_ahead():
    """``_eval_screen`` plays each option on one determinized copy and keeps the k whose
    resulting state the game's evaluation values most for the searching seat."""
    g = get_game("class89")
    rules = g.make_rules(g.default_data(), 3)
    state = g.setup(3, rules, random.Random(8))
    while (d := g.decision(state)).kind != "place":
        g.apply(state, d.options[0])
    bot = resolve("class89", "search:propose=mix,propose_eval=3")(g, d.player, random.Random(2))
    bot.bind_sampler(make_sampler(g, state, d.player, random.Random(9)))
    got = bot._eval_screen(list(d.options))
    twin = make_sampler(g, state, d.player, random.Random(9))
    twin.fresh()
    values = []
    for a in d.options:
        s = twin(0)
        g.apply(s, a)
        values.append(bot._estimate(g.evaluate(s)))
    order = sorted(range(len(d.options)), key=lambda i: (-values[i], i))
    assert len(d.options) > 3 and got == [d.options[i] for i in order[:3]]
    assert len(set(values)) > 1   # the evaluation tells the options apart


def test_propose_eval_is_validated_and_off_by_default():
    g = get_game("vghs")
    bot = resolve("vghs", "search")(g, 0, random.Random(1))
    assert bot.p["propose_eval"] == 0
    with pytest.raises(UnknownStrategyError):
        resolve("vghs", "search:propose_eval=-1")(g, 0, random.Random(1))

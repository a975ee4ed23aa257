"""The sampler a searching strategy gets from play_game, and the ``search`` strategy."""
from __future__ import annotations

import random

import pytest
from toygame import GAME as TOY

from simcli import contract_determinize as det
from simcli.engine import play_game
from simcli.execute import execute, plan_run
from simcli.games import get_game
from strategies import Bot, default_mix, list_strategies, resolve

TOYNAME = "toygame:GAME"


class Probe(Bot):
    """Records what a searching strategy is given."""

    name = "probe"
    needs_sampler = True

    def bind_sampler(self, sampler):
        self.sampler = sampler
        self.checks = []

    def choose(self, view, decision):
        a, b = self.sampler(0), self.sampler(0)
        self.checks.append((det.plain(a, skip_rng=False) == det.plain(b, skip_rng=False),
                            det.plain(self.game.view(a, self.player)) == det.plain(view)))
        self.sampler.fresh()
        return decision.options[0]


def test_play_game_gives_a_searcher_a_sampler_of_copies_for_its_own_seat():
    made = []

    def factory(game, p, rng):
        made.append(Probe(game, p, rng))
        return made[-1]

    g = get_game("lovebattle")
    rules = g.make_rules(g.default_data(), 4)
    mix = default_mix("lovebattle")
    play_game(g, 4, rules, [factory] + [resolve("lovebattle", m) for m in mix[:3]], 5)
    probe = made[0]
    assert probe.checks and all(same and view for same, view in probe.checks)
    # the bot holds no state: nothing reachable from its attributes is the game state
    for part in (v for v in vars(probe).values() if not callable(v)):
        assert type(part).__name__ != "State"


def test_search_is_registered_for_every_game_with_determinize():
    for name in ("vghs", "vgc", "class89", "lovebattle", TOYNAME):
        assert "search" in list_strategies(name)


@pytest.mark.parametrize("name", ["vghs", "vgc", "class89", "lovebattle"])
def test_search_plays_legal_games_deterministically_per_seed(name):
    g = get_game(name)
    n = g.default_players
    rules = g.make_rules(g.default_data(), n)
    mix = default_mix(name)
    spec = "search:rollouts=4,recheck=2,max_decisions=2"
    f = [resolve(name, spec)] + [resolve(name, mix[i % len(mix)]) for i in range(1, n)]
    a = play_game(g, n, rules, f, 9)
    b = play_game(g, n, rules, f, 9)
    assert a.history == b.history and a.result == b.result
    again = play_game(g, n, rules, [None] * n, 9, history=a.history)
    assert again.result == a.result


def test_search_departs_only_after_a_confirmed_gain():
    """On the toy race rolling two dice is always better; search finds it against a
    base that rolls one (``random`` picks either)."""
    made = []

    def factory(game, p, rng):
        made.append(resolve(TOYNAME, "search:rollouts=16,recheck=16,kinds=all")(game, p, rng))
        return made[-1]

    rules = TOY.make_rules(TOY.default_data(), 3)
    play_game(TOY, 3, rules, [factory] + [resolve(TOYNAME, "random")] * 2, 1)
    bot = made[0]
    assert bot.searched > 0 and 0 < bot.departed <= bot.searched


def test_search_results_are_identical_for_jobs_1_and_2(tmp_path):
    kwargs = dict(players=3, games=24, seed=4, strategies=["search:rollouts=4,kinds=all",
                                                           "random"])
    execute(plan_run(TOYNAME, out=tmp_path / "a", **kwargs), jobs=1, quiet=True)
    execute(plan_run(TOYNAME, out=tmp_path / "b", **kwargs), jobs=2, quiet=True)
    assert (tmp_path / "a" / "results.parquet").read_bytes() == \
        (tmp_path / "b" / "results.parquet").read_bytes()


def test_search_needs_a_sampler_only_when_asked():
    """Heuristics without a look-ahead do not get a sampler (their hot path is untouched);
    the vghs bots' round look-ahead (on by default) asks for one."""
    g = get_game("vghs")
    name = default_mix("vghs")[0]
    bot = resolve("vghs", name + ":w_eval=0")(g, 0, random.Random(1))
    assert not getattr(bot, "needs_sampler", False)
    assert resolve("vghs", name)(g, 0, random.Random(1)).needs_sampler


def test_search_params_are_validated():
    from strategies import UnknownStrategyError

    for bad in ("search:batch=0", "search:share=1.5", "search:rollouts=-1", "search:z=x"):
        with pytest.raises(UnknownStrategyError):
            resolve("vghs", bad)


def test_search_screens_long_option_lists_and_rolls_out_with_given_models():
    """class89 placements have more options than screen+1: they are searched (screened),
    and the rollouts use the models passed in (here: random everywhere)."""
    from strategies import RandomBot

    g = get_game("class89")
    rules = g.make_rules(g.default_data(), 4)
    made = []
    calls = []

    class Counting(RandomBot):
        def choose(self, view, decision):
            calls.append(decision.kind)
            return super().choose(view, decision)

    def factory(game, p, rng):
        made.append(resolve("class89", "search:propose=,rollouts=8,recheck=2,screen=2,"
                            "screen_rollouts=1,max_decisions=2")(
            game, p, rng, models=(Counting, [Counting])))
        return made[-1]

    mix = default_mix("class89")
    seats = [factory] + [resolve("class89", m) for m in mix[1:4]]
    a = play_game(g, 4, rules, seats, 3)
    bot = made[0]
    assert bot.searched == 2 and bot.screened > 0 and bot.rollouts_done > 0 and calls
    assert all(f is Counting for f in bot.factories)
    made.clear()
    b = play_game(g, 4, rules, seats, 3)
    assert a.history == b.history and a.result == b.result


@pytest.mark.parametrize("name", ["vghs", "vgc"])
def test_a_budget_too_small_for_one_round_still_plays(name):
    """rollouts below the option count cannot play one paired round: search keeps its
    base's choice (it used to divide by zero) and the game plays to its end."""
    g = get_game(name)
    n = g.default_players
    rules = g.make_rules(g.default_data(), n)
    mix = default_mix(name)
    small = [resolve(name, f"search:base={mix[0]},rollouts=1,recheck=2")] + [
        resolve(name, mix[i % len(mix)]) for i in range(1, n)]
    res = play_game(g, n, rules, small, 11)
    assert res.result is not None and len(res.result.places) == n


def test_search_binds_its_sampler_to_a_base_that_looks_ahead():
    """Where search does not depart it plays its base as the base plays at the table: a
    look-ahead base (class89 ``w_eval``) gets search's sampler; without it the base would
    play its plain heuristic and the game would be the plain base's game."""
    g = get_game("class89")
    rules = g.make_rules(g.default_data(), 3)
    mix = [resolve("class89", n) for n in default_mix("class89")[1:3]]

    def game(base: str):
        # kinds=nothing: search never races, every choice is its base's
        return play_game(g, 3, rules, [resolve("class89", f"search:base={base},kinds=nothing"),
                                       *mix], 11).history

    plain = game("objective_chaser:w_eval=0")
    look = game("objective_chaser:w_eval=40")
    assert look == game("objective_chaser:w_eval=40")
    assert look != plain


@pytest.mark.parametrize("name", ["vghs", "vgc", "class89", "lovebattle"])
def test_search_refuses_kinds_the_game_never_asks(name):
    """``kinds=`` naming a decision kind the game does not have would never search,
    silently: refused with one line naming the game's kinds; its own kinds, ``all`` and
    ``nothing`` (never search) are accepted."""
    from strategies import UnknownStrategyError

    kinds = get_game(name).decision_kinds
    with pytest.raises(UnknownStrategyError, match=f"no decision of kind 'bogus'.*{kinds[0]}"):
        resolve(name, f"search:kinds={kinds[0]}+bogus")
    for ok in (f"kinds={'+'.join(kinds[:2])}", "kinds=all", "kinds=nothing", "rollouts=4"):
        resolve(name, f"search:{ok}")
    bot = resolve(name, "search:kinds=nothing")(get_game(name), 0, random.Random(1))
    assert bot.kinds == frozenset()


def test_a_game_that_declares_no_kinds_leaves_search_kinds_unchecked():
    assert getattr(TOY, "decision_kinds", ()) == ()
    resolve(TOYNAME, "search:kinds=anything")

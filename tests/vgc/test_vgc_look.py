"""The Video Game Champion heuristics' look-ahead at the Grid take (``w_eval``): the best
tiles played on determinized copies from the engine's sampler, the turn finished by
plain bots, scored by the game's evaluation.

Each test fails if the look-ahead breaks: ``w_eval`` 0 must be the old play (no sampler
asked for, no random number drawn, the stop-26 golden games replayed decision for
decision), a rigged evaluation must change the choice, a game must be the same per seed,
a bot without a sampler plays its plain rule, and the copies it scores come from the
sampler only (never the true state).
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from vgc_helpers import GAME

from simcli.engine import play_game
from strategies import resolve

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from look_helpers import SpyGame, assert_plain_without_sampler, rules, state_at  # noqa: E402
from look_helpers import bound_bot as _bot  # noqa: E402

NAMES = ("beater", "collector", "hunter", "rusher")
#: tests/golden/vgc.json as it was before the look-ahead (stop 26): the plain mix's games
PLAIN_GOLDEN = Path(__file__).resolve().parent / "golden_plain.json"


def _rules(n: int = 4):
    return rules(GAME, n)


def _state_at(seed: int, skip: int = 5):
    """A true game state (plain default mix) at its ``skip``-th Grid take with a choice."""
    return state_at(GAME, NAMES, "w_eval=0", "take", 3, seed, skip)


def _plain_twin(name, me, rng):
    """A plain bot of ``name`` in seat ``me`` whose RNG is at ``rng``'s state."""
    twin = resolve("vgc", name)(GAME, me, random.Random(0), w_eval=0.0, eval_mix=0)
    twin.rng.setstate(rng.getstate())
    return twin


def _their_tiles(bot, view, options):
    """The tiles ``bot``'s ``eval_mix`` proposers take here: each one's plain rule, played
    by a plain twin whose RNG is at that proposer's state."""
    from strategies.vgc import _on_take
    return {_on_take(_plain_twin(type(b).name, bot.player, b.rng), view, options)
            for b in bot._mix_bots}


def _Game(rig=None):
    """GAME with a spy on its copies (and the moves played on each) and, optionally, a
    rigged evaluation ``rig(spy, state)``."""
    return SpyGame(GAME, rig)


@pytest.mark.parametrize("name", NAMES)
def test_w_eval_0_asks_for_no_sampler_and_plays_as_before(name):
    st, d = _state_at(seed=3)
    game = _Game()
    bot = _bot(name, game, st, d, w_eval=0.0)
    assert not bot.needs_sampler
    view = GAME.view(st, d.player)
    from strategies.vgc import _on_take
    plain = resolve("vgc", name)(GAME, d.player, random.Random(1), w_eval=0.0)
    assert bot.choose(view, d) == _on_take(plain, view, d.options)
    assert bot.rng.getstate() == plain.rng.getstate()
    assert not game.copies and not game.scored


def test_w_eval_0_replays_the_plain_golden_games():
    """The mix with ``:w_eval=0`` plays the stop-26 (pre-look-ahead) golden games decision
    for decision, with the same results (the beater and the rusher with the ``wake`` they
    had before stop 57)."""
    golden = json.loads(PLAIN_GOLDEN.read_text())
    assert golden["game"] == "vgc" and golden["games"]
    wake = {"beater": ",wake=0.268", "rusher": ",wake=0.542"}
    for rec in golden["games"]:
        n = rec["players"]
        played = play_game(GAME, n, _rules(n),
                           [resolve("vgc", f"{s}:w_eval=0{wake.get(s, '')}")
                            for s in rec["strategies"]], rec["seed"])
        assert played.history == rec["history"], f"seed {rec['seed']}: decisions differ"
        assert list(played.result.scores) == rec["scores"]
        assert list(played.result.win_shares) == rec["win_shares"]


def _rig(target, me):
    """An evaluation under which seat ``me`` wins on the copies where it took ``target``."""
    def rig(game, s):
        hit = game.first.get(id(s)) == target
        return tuple((0.9 if hit else 0.05) if q == me else 0.05 for q in range(4))
    return rig


@pytest.mark.parametrize("name", NAMES)
def test_a_rigged_evaluation_changes_the_take(name):
    st, d = _state_at(seed=1)
    view = GAME.view(st, d.player)
    k = len(d.options)
    for target in d.options:
        for horizon in ({"eval_round": 0, "eval_depth": 0}, {"eval_round": 1, "eval_depth": 0},
                        {"eval_depth": 6}):
            game = _Game(_rig(target, d.player))
            bot = _bot(name, game, st, d, w_eval=50.0, eval_k=k, eval_n=2, **horizon)
            assert bot.choose(view, d) == target
            assert bot._plan_space == target
            assert game.scored and all(s is not st for s in game.scored)
            # every option looked at, on eval_n copies each
            assert {sp for sp, _ in bot._look_seen} == set(d.options)
            assert len(game.scored) == 2 * k


def test_only_the_eval_k_best_tiles_are_looked_at():
    st, d = _state_at(seed=2)
    view = GAME.view(st, d.player)
    from strategies.vgc import _take_scores
    game = _Game()
    bot = _bot("hunter", game, st, d, w_eval=50.0, eval_k=2, eval_n=1, eval_mix=0)
    # the plain values the bot will see (the same tie noise: its RNG's state)
    scores = _take_scores(_plain_twin("hunter", d.player, bot.rng), view, d.options)
    top2 = sorted(range(len(d.options)), key=lambda i: -scores[i][0])[:2]
    # the worst tile wins on the copies, but it is not among the two looked at
    worst = min(range(len(d.options)), key=lambda i: scores[i][0])
    game.rig = _rig(d.options[worst], d.player)
    a = bot.choose(view, d)
    assert {sp for sp, _ in bot._look_seen} == {d.options[i] for i in top2}
    assert a in {sp for sp, _ in bot._look_seen}


def test_without_a_sampler_the_look_ahead_bot_plays_its_plain_rule():
    # a rollout bot inside search gets no sampler
    assert_plain_without_sampler(GAME, NAMES, [_state_at(seed=seed) for seed in range(3)],
                                 "w_eval=5", "w_eval=0")


def test_look_ahead_scores_only_sampler_copies_never_the_true_state():
    st, d = _state_at(seed=4)
    game = _Game()
    bot = _bot("collector", game, st, d, w_eval=5.0, eval_n=3)
    bag, rental, mags = list(st.bag), list(st.rental), list(st.mag_deck)
    before = (st.decisions, list(st.grid), [list(p.tiles) for p in st.players])
    bot.choose(GAME.view(st, d.player), d)
    assert game.scored
    copies = {id(c) for c in game.copies}
    assert all(id(s) in copies and s is not st for s in game.scored)
    # the copies are determinized: the hidden tile bag's order differs from the true one
    assert any(c.bag != bag for c in game.copies)
    # the true state untouched, and the bot holds no reference to it
    assert (st.bag, st.rental, st.mag_deck) == (bag, rental, mags)
    assert before == (st.decisions, list(st.grid), [list(p.tiles) for p in st.players])
    assert all(v is not st for v in vars(bot).values())


def test_look_ahead_games_are_the_same_per_seed_and_differ_from_plain():
    R = _rules()
    look = [resolve("vgc", f"{n}:w_eval=5") for n in NAMES]
    plain = [resolve("vgc", f"{n}:w_eval=0") for n in NAMES]
    a = play_game(GAME, 4, R, look, seed=11)
    b = play_game(GAME, 4, R, look, seed=11)
    c = play_game(GAME, 4, R, plain, seed=11)
    assert a.history == b.history and a.result == b.result
    assert a.history != c.history


def test_the_horizons_stop_where_they_say():
    st, d = _state_at(seed=5)
    me = d.player
    ends = {}
    for key, horizon in (("turn", {"eval_depth": 0}),
                         ("round", {"eval_round": 1, "eval_depth": 0}),
                         ("depth", {"eval_depth": 12})):
        game = _Game()
        bot = _bot("beater", game, st, d, w_eval=5.0, eval_n=1, **horizon)
        bot.choose(GAME.view(st, me), d)
        ends[key] = [len(game.moves[id(s)]) for s in game.scored]
        for s in game.scored:
            nxt = GAME.decision(s)
            moves = game.moves[id(s)]
            if key == "turn":   # the next decision is another seat's (or a new take)
                assert nxt.player != me or nxt.kind == "take"
            elif key == "round":   # the Routine round is over
                assert (s.week, s.phase, s.round) != (st.week, st.phase, st.round)
            else:   # 12 decisions with a choice played past the take, then stopped
                assert len(moves) >= 13 and len(nxt.options) > 1
    # the longer horizons play on past the bot's turn
    assert min(ends["round"]) > max(ends["turn"])
    assert min(ends["depth"]) > max(ends["turn"])


@pytest.mark.parametrize("name", NAMES)
def test_eval_act_looks_at_tile_action_pairs_and_plays_the_pair(name):
    st, d = _state_at(seed=6)
    me = d.player
    view = GAME.view(st, me)
    game = _Game()
    probe = _bot(name, game, st, d, w_eval=5.0, eval_k=30, eval_n=1, eval_act=1)
    probe.choose(view, d)
    pairs = list(probe._look_seen)
    # some tile is looked at with more than one Action
    spaces = [sp for sp, _ in pairs]
    assert len(set(spaces)) < len(pairs)
    # a pair whose Action is not the one the plain rule plans for that tile
    from strategies.vgc import _take_scores
    plain = resolve("vgc", name)(GAME, me, random.Random(1), w_eval=0.0)
    planned = dict(zip(d.options, (a for _, a in _take_scores(plain, view, d.options)),
                       strict=True))
    target = next(p for p in pairs if p[1] != planned[p[0]])

    def rig(g, s):
        hit = g.moves[id(s)][:2] == list(target)
        return tuple((0.9 if hit else 0.05) if q == me else 0.05 for q in range(4))

    game = _Game(rig)
    bot = _bot(name, game, st, d, w_eval=50.0, eval_k=30, eval_n=2, eval_act=1)
    assert bot.choose(view, d) == target[0]
    # the Action decision after the take plays the pair's Action
    s = GAME.clone(st)
    GAME.apply(s, target[0])
    d2 = GAME.decision(s)
    assert d2.kind == "action"
    assert bot.choose(GAME.view(s, me), d2) == target[1]


@pytest.mark.parametrize("name", NAMES)
def test_the_default_mix_looks_ahead_at_the_take(name):
    bot = resolve("vgc", name)(GAME, 0, random.Random(1))
    # the rusher and the hunter weigh it twice as much (stops 59 and 60)
    twice = name in ("rusher", "hunter")
    assert bot.needs_sampler and bot.p["w_eval"] == (6.0 if twice else 3.0)
    # every one also looks at the other heuristics' tiles: the collector and the hunter
    # 40 decisions on (stop 50), the beater and the rusher 60 (stop 58; 400, the game's
    # end, at stop 57)
    deep = name in ("beater", "rusher")
    assert (bot.p["eval_depth"], bot.p["eval_mix"]) == ((60, 1) if deep else (40, 1))
    assert not resolve("vgc", f"{name}:w_eval=0")(GAME, 0, random.Random(1)).needs_sampler


def test_eval_mix_also_looks_at_the_tiles_the_other_heuristics_would_take():
    """``eval_mix=1``: beside its own ``eval_k`` best tiles, the look-ahead plays the tile
    each other default-mix heuristic takes here by its plain rule in this seat."""
    from strategies.vgc import _take_scores
    widened = 0
    for seed in range(6):
        st, d = _state_at(seed=seed)
        me = d.player
        view = GAME.view(st, me)
        bot = _bot("hunter", _Game(), st, d, w_eval=5.0, eval_k=2, eval_n=1, eval_mix=1)
        others = sorted(type(b).name for b in bot._mix_bots)
        assert others == ["beater", "collector", "rusher"]
        own = _take_scores(_plain_twin("hunter", me, bot.rng), view, d.options)
        top2 = sorted(range(len(d.options)), key=lambda i: (-own[i][0], i))[:2]
        theirs = _their_tiles(bot, view, d.options)
        a = bot.choose(view, d)
        looked = {sp for sp, _ in bot._look_seen}
        assert looked == {d.options[i] for i in top2} | theirs
        assert a in looked
        widened += len(looked) > 2
    assert widened, "no state where another heuristic's tile widened the look-ahead"


def test_eval_mix_with_eval_act_adds_every_pair_of_the_other_heuristics_tiles():
    """With ``eval_act`` the candidates are (tile, Action) pairs: ``eval_mix`` adds, to
    the ``eval_k`` best pairs, every pair of each tile another heuristic would take."""
    from strategies.vgc import _take_pairs
    widened = 0
    for seed in range(6):
        st, d = _state_at(seed=seed)
        me = d.player
        view = GAME.view(st, me)
        bot = _bot("hunter", _Game(), st, d, w_eval=5.0, eval_k=2, eval_n=1, eval_act=1,
                   eval_mix=1)
        values, keys = _take_pairs(_plain_twin("hunter", me, bot.rng), view, d.options)
        top2 = sorted(range(len(keys)), key=lambda i: (-values[i][0], i))[:2]
        theirs = _their_tiles(bot, view, d.options)
        bot.choose(view, d)
        expected = {keys[i] for i in top2} | {k for k in keys if k[0] in theirs}
        assert set(bot._look_seen) == expected
        widened += len(expected) > 2
    assert widened


def test_eval_mix_0_builds_no_proposers_and_draws_nothing_for_them():
    st, d = _state_at(seed=2)
    view = GAME.view(st, d.player)
    off = _bot("hunter", _Game(), st, d, eval_mix=0)
    on = _bot("hunter", _Game(), st, d, eval_mix=1)
    assert off._mix_bots == [] and len(on._mix_bots) == 3
    # the proposers' seeds are drawn after the look-ahead's own: the copies' seeds agree
    assert off._look_rng.getstate() == on._look_rng.getstate()
    off.choose(view, d)
    assert {sp for sp, _ in off._look_seen} <= set(d.options)
    assert len(off._look_seen) == min(off.p["eval_k"], len(d.options))

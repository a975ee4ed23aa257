"""The VGC heuristics' Grid-take score as terms (tools/search_fit.py), the per-Action
multipliers and situational terms it fits, and the plan an Action is taken by."""
from __future__ import annotations

import random

import pytest
from vgc_helpers import GAME, make_state, set_turn

from strategies import list_strategies
from strategies.vgc import ACTIONS, _late

NAMES = ("beater", "collector", "hunter", "rusher")


def _bot(name: str, seat: int = 0, seed: int = 1, **params):
    return list_strategies("vgc")[name](GAME, seat, random.Random(seed), **params)


def _weight(p: dict, k: str) -> float:
    v = p.get(k, 1.0)
    return float(v) if isinstance(v, int | float) and not isinstance(v, bool) else 1.0


def _takes(seed: int, params: dict | None = None):
    """(bot, view, decision, choice) at every Grid take of a game of the four heuristics."""
    s = make_state(4, seed=seed)
    bots = [_bot(n, seat=q, seed=seed * 10 + q, **(params or {}))
            for q, n in enumerate(NAMES)]
    while (d := s.dec) is not None:
        bot = bots[d.player]
        view = GAME.view(s, d.player)
        a = bot.choose(view, d)
        if d.kind == "take" and len(d.options) > 1:
            yield bot, view, d, a
        GAME.apply(s, a)


@pytest.mark.parametrize("params", [{}, {"m_rental": 0.5, "r_late": 0.8, "g_late": 0.3,
                                          "m_money": 1.4, "m_newsstand": 0.2}])
def test_the_weighted_terms_pick_the_bots_own_take(params):
    """The terms check: at every Grid take of real games, the option with the largest
    weighted sum of terms is the bot's own choice (up to its 0.01 tie noise)."""
    n = mismatched = 0
    for seed in (3, 4, 5):
        for bot, view, d, a in _takes(seed, params):
            scores = {o: sum(_weight(bot.p, k) * v for k, v in bot.terms(view, d, o).items())
                      for o in d.options}
            n += 1
            best = max(scores.values())
            if scores[a] != best:
                mismatched += 1
                assert best - scores[a] < 0.01, (scores, a)
    assert n > 100
    assert mismatched <= 0.03 * n


def test_terms_name_parameters_of_the_bot():
    bot = _bot("rusher")
    for a in ACTIONS:
        assert bot.p["m_" + a] == 1.0
    assert bot.p["g_late"] == 0.0 and bot.p["r_late"] == 0.0
    s = make_state(4, seed=2)
    set_turn(s, 0, step="take")
    view = GAME.view(s, 0)
    t = bot.terms(view, s.dec, s.dec.options[0])
    assert set(t) == {"grid_tile", "g_late", "r_late", *("m_" + a for a in ACTIONS)}
    # at most one Action's term is set: the space's best Action
    assert sum(1 for a in ACTIONS if t["m_" + a]) <= 1
    assert bot.terms(view, type("D", (), {"kind": "play"})(), None) == {}


def test_the_late_terms_grow_with_the_weeks_gone():
    """``g_late`` and ``r_late`` scale with the share of Weeks gone: nothing in Week 1,
    all of the tile's (or rental's) value in the last Week."""
    s = make_state(4, seed=2)
    set_turn(s, 0, step="take")
    weeks = s.rules.p["weeks"]
    assert _late(GAME.view(s, 0)) == 0.0
    bot = _bot("beater")
    for o in s.dec.options:
        assert bot.terms(GAME.view(s, 0), s.dec, o)["g_late"] == 0.0
    s.week = weeks
    view = GAME.view(s, 0)
    assert _late(view) == 1.0
    bot = _bot("beater")
    for o in s.dec.options:
        t = bot.terms(view, s.dec, o)
        assert t["g_late"] == pytest.approx(t["grid_tile"])
        assert t["r_late"] == pytest.approx(t["m_rental"])


def test_an_action_multiplier_of_zero_never_plans_that_action():
    """``m_<name>`` scales what a Grid take counts for that Action: at 0 the bot never
    takes a tile for the Routine rental (at 1 it does, in the same games)."""
    def planned(params):
        got = 0
        for seed in (3, 4):
            for bot, _, _, _ in _takes(seed, params):
                got += bot._plan is not None and bot._plan[0] == "rental"
        return got
    assert planned({}) > 0
    assert planned({"m_rental": 0.0}) == 0


@pytest.mark.parametrize("name", NAMES)
def test_the_planned_action_is_played_only_on_the_tile_it_was_planned_for(name):
    """A player who takes another tile than the one the bot chose (search departing from
    it) gets the bot's judgement of that tile's Actions, as a fresh bot would play them,
    not the Action planned for the other tile."""
    checked = 0
    for seed in range(3, 9):
        s = make_state(4, seed=seed)
        bots = [_bot(n, seat=q, seed=seed + q) for q, n in enumerate(NAMES)]
        bots[0] = _bot(name, seat=0, seed=seed)
        rng = random.Random(seed)
        while (d := s.dec) is not None:
            bot = bots[d.player]
            view = GAME.view(s, d.player)
            a = bot.choose(view, d)
            if d.player == 0 and d.kind == "take" and len(d.options) > 1:
                a = rng.choice([o for o in d.options if o != a])   # another tile
                GAME.apply(s, a)
                d = s.dec
                assert d.kind == "action"
                view = GAME.view(s, 0)
                fresh = _bot(name, seat=0, seed=99)
                assert bot.choose(view, d) == fresh.choose(view, d)
                checked += 1
                continue
            GAME.apply(s, a)
    assert checked > 50

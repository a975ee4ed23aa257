"""The Video Game Champion heuristics: what a Dollar is worth to them, and their styles.

The weights came from reading where ``search`` departs from the heuristics (Presents and
Routine rentals taken too often, Dollars left unspent, Grid tiles over-valued against
their Actions; see ``strategies/vgc.py``); these tests pin the behaviour those fixes
rely on.
"""
from __future__ import annotations

import random
from collections import defaultdict

import pytest
from vgc_helpers import GAME, make_state, set_turn

from simcli.strength import one_seat_shares
from strategies import default_mix, list_strategies, resolve

NAMES = ("beater", "collector", "hunter", "rusher")


def _bot(name: str, seat: int = 0, **params):
    return list_strategies("vgc")[name](GAME, seat, random.Random(1), **params)


@pytest.mark.parametrize("name", NAMES)
def test_a_dollar_is_worth_its_weight_until_the_weekends_are_paid_for(name):
    s = make_state(4, seed=3)
    bot = _bot(name)
    p = bot.p
    pl = s.players[0]
    view = GAME.view(s, 0)
    weeks = s.rules.p["weeks"]
    need = p["cash"] * weeks  # week 1: every Weekend still to come
    pl.dollars = 0
    assert bot.cash_value(view, pl, 2) == pytest.approx(2 * p["dollar"])
    pl.dollars = int(need) + 5   # well past what the rentals can use
    assert bot.cash_value(view, pl, 1) == pytest.approx(p["dollar"] * p["surplus"])
    assert bot.cash_value(view, pl, -1) == pytest.approx(-p["dollar"] * p["surplus"])
    # the last Week: only one Weekend left to pay for, so fewer Dollars are wanted
    s.week = weeks
    view = GAME.view(s, 0)
    pl.dollars = int(p["cash"]) + 2
    assert bot.cash_value(view, pl, 1) == pytest.approx(p["dollar"] * p["surplus"])


def test_a_player_with_dollars_to_spare_rents_more_readily():
    """Renting costs a poor player Dollars he needs; a rich one only spare Dollars."""
    s = make_state(4, seed=5)
    set_turn(s, 0, step="play", phase="weekend", rent_window=True)
    bot = _bot("beater")
    pl = s.players[0]
    values = {}
    for dollars in (2, 40):
        pl.dollars = dollars
        bot._mview = None   # a new decision: forget the per-view cache
        values[dollars] = bot._best_rent(GAME.view(s, 0), pl)
    assert values[40][1] > values[2][1]
    assert values[40][0] >= 0


@pytest.mark.parametrize("name", NAMES)
def test_present_and_rental_shares_scale_those_actions(name):
    s = make_state(4, seed=7)
    pl = s.players[0]
    pl.dollars = 3
    view = GAME.view(s, 0)
    lo, hi = _bot(name, present=0.1, rent_act=0.1), _bot(name, present=0.9, rent_act=0.9)
    g = s.store[0]
    gap = hi.action_value(view, pl, ("present", g)) - lo.action_value(view, pl, ("present", g))
    card = s.rules.cards[g]
    assert gap == pytest.approx(0.8 * lo.game_value(view, pl, g, card))
    rent = lo.best_rent(view, pl)[1]
    assert hi.action_value(view, pl, ("rental",)) - lo.action_value(view, pl, ("rental",)) \
        == pytest.approx(0.8 * rent)


def _seat_means(name: str, games: int = 60) -> dict:
    acc: dict = defaultdict(float)

    def metric(rec, seat):
        m = rec.result.seat_metrics[seat]
        for k in ("games_played", "beaten_points", "crystals", "achievement_points",
                  "presents", "rentals", "magazines"):
            acc[k] += m[k] / games
        return rec.result.win_shares[seat]
    field = [resolve("vgc", n) for n in default_mix("vgc")]
    one_seat_shares("vgc", resolve("vgc", name), field, games=games, seed=17, metric=metric)
    return dict(acc)


def test_the_four_styles_stay_distinct():
    """Measured in one seat against the default mix (60 games each, seed 17): the
    collector and the rusher rent and Play the most, the rusher Beats more of what it
    Plays than the collector, the beater and the hunter buy Magazines, and after the
    search's lesson none of them asks for many Presents."""
    m = {name: _seat_means(name) for name in NAMES}
    for wide in ("collector", "rusher"):
        for narrow in ("beater", "hunter"):
            assert m[wide]["games_played"] > m[narrow]["games_played"] + 2, (wide, narrow, m)
            assert m[wide]["rentals"] > m[narrow]["rentals"] + 2, (wide, narrow, m)
    assert m["rusher"]["beaten_points"] > m["collector"]["beaten_points"], m
    assert m["beater"]["beaten_points"] > m["hunter"]["beaten_points"], m
    for reader in ("beater", "hunter"):
        for other in ("collector", "rusher"):
            assert m[reader]["magazines"] > m[other]["magazines"] + 1, (reader, other, m)
    assert all(m[name]["presents"] < 1.0 for name in NAMES), m


@pytest.mark.parametrize("name", NAMES)
def test_dollars_are_wanted_for_the_weekends_the_rules_leave(name):
    """``weeks`` is read: the same purse is short in a 5-Week game and ample in a 2-Week one."""
    bot = _bot(name)
    assert "weeks" in bot.reads
    worth = {}
    for weeks in (2, 5):
        s = make_state(4, seed=3, weeks=weeks)
        pl = s.players[0]
        pl.dollars = int(bot.p["cash"] * 2) + 1
        worth[weeks] = bot.cash_value(GAME.view(s, 0), pl, 1)
    assert worth[5] == pytest.approx(bot.p["dollar"])
    assert worth[2] == pytest.approx(bot.p["dollar"] * bot.p["surplus"])

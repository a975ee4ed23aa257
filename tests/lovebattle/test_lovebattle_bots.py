"""The Love Battle heuristics' evaluator: what search's departures pointed at (stop 18).

Each test rigs a state and asks a shipped bot for one decision or one value; each fails
on the evaluator before the fixes (a Girl's Locker Room valued as a draw even with no Girl
in it, the Library below one draw, a Hero left stranded for the Girl Phase, the Hero's
last move steered by cards already played).
"""
from __future__ import annotations

import random

import pytest
from lb_helpers import AIKA, kind, make_state, room, rules_for

from simcli.games.lovebattle import flow
from simcli.games.lovebattle.rules import GAME
from strategies import resolve

MIX = ("devoted", "triangle", "hunter", "saboteur", "bluffer")
ELSEWHERE = ["Occult Studies", "Cafeteria", "Gym", "Library", "Art"]


def _bot(name: str, player: int = 0, seed: int = 1):
    return resolve("lovebattle", name)(GAME, player, random.Random(seed))


def _weights(bot, st, player: int = 0):
    view = GAME.view(st, player)
    return view, bot.weights(view)


@pytest.mark.parametrize("name", MIX)
def test_girls_locker_room_draws_only_from_a_girl_in_it(name):
    bot = _bot(name)
    locker = room("Girl's Locker Room")
    empty = make_state(gloc=ELSEWHERE, hero="Girl's Locker Room", face_up=[])
    view, w = _weights(bot, empty)
    assert bot.room_values(view, w)[locker] < 0          # only the Condition risk
    bot = _bot(name)
    company = make_state(gloc=["Girl's Locker Room", *ELSEWHERE[1:]], hero="Gym", face_up=[])
    view, w = _weights(bot, company)
    value = bot.room_values(view, w)[locker]
    assert value == pytest.approx(bot.p["draw_value"] - 0.15)


@pytest.mark.parametrize("name", MIX)
def test_library_study_session_is_worth_more_than_one_draw(name):
    bot = _bot(name)
    st = make_state(hero="Library", face_up=[])
    view, w = _weights(bot, st)
    assert bot.room_values(view, w)[room("Library")] > bot.p["draw_value"]


def test_a_stranded_hero_moves_before_the_girl_phase():
    """The Hero alone in the Girl's Locker Room; the bot's pick, Aika, is in the Library
    (out of the Hero's reach) and it holds two of her cards: from the Gym one discard
    brings her to the Hero, so it moves first instead of drawing there."""
    hand = [kind("Aika", "Wink"), kind("Aika", "Homemade Bento")]
    st = make_state(gloc=["Library", "Cafeteria", "Occult Studies", "Art", "Art"],
                    hero="Girl's Locker Room", hands=[hand, [], [], []],
                    votes=[(AIKA,), (1,), (2,), (3,)], face_up=[])
    decision = flow.cached_decision(st, 0, "turn", flow.draw_options(st))
    reach = {o[1] for o in decision.options if o[0] == "move"}
    assert room("Library") not in reach and room("Gym") in reach
    for name in ("devoted", "hunter", "saboteur"):
        bot = resolve("lovebattle", f"{name}:bring_value=0.5,move_first=0.4")(
            GAME, 0, random.Random(1))
        choice = bot.choose(GAME.view(st, 0), decision)
        assert choice[0] != "draw", (name, choice)
        # without the bring term the old rule drew first
        old = resolve("lovebattle", f"{name}:bring_value=0,move_first=99")(
            GAME, 0, random.Random(1))
        assert old.choose(GAME.view(st, 0), decision)[0] == "draw"


def test_after_the_girl_phase_the_hero_goes_where_the_room_action_pays():
    """Girl Phase done: Aika's cards in hand can no longer be played this turn, so the
    Hero's move is chosen by the Room Action (the Library's Study Session), not by where
    Aika stands."""
    hand = [kind("Aika", "Wink"), kind("Aika", "Love Charm"), kind("Aika", "Slap")]
    st = make_state(gloc=["Art", "Cafeteria", "Gym", "Pool", "Occult Studies"],
                    hero="Entry Hall", hands=[hand, [], [], []],
                    votes=[(AIKA,), (1,), (2,), (3,)], face_up=[])
    decision = flow.cached_decision(st, 0, "hero_phase")
    bot = _bot("devoted")
    assert bot.choose(GAME.view(st, 0), decision) == ("move", room("Library"))
    old = resolve("lovebattle", "devoted:late_rooms_only=0")(GAME, 0, random.Random(1))
    assert old.choose(GAME.view(st, 0), decision) == ("move", room("Art"))


def test_bring_value_counts_girls_a_discard_can_move_to_the_hero():
    R = rules_for()
    hand = [kind("Aika", "Wink"), kind("Aika", "Homemade Bento")]
    st = make_state(gloc=["Library", "Cafeteria", "Occult Studies", "Art", "Art"],
                    hands=[hand, [], [], []], votes=[(AIKA,), (1,), (2,), (3,)], face_up=[])
    bot = _bot("devoted")
    view, w = _weights(bot, st)
    pot = bot.play_potential(view, w)
    fav = bot.favour_by_girl(view, w)[AIKA]
    assert pot[room("Library")] == pytest.approx(fav)
    for r in R.girl_moves[room("Library")]:
        assert pot[r] == pytest.approx(bot.p["bring_value"] * fav)
    assert pot[room("Pool")] == 0                       # no discard reaches the Pool
    one = make_state(gloc=["Library", "Cafeteria", "Occult Studies", "Art", "Art"],
                     hands=[hand[:1], [], [], []], votes=[(AIKA,), (1,), (2,), (3,)], face_up=[])
    view, w = _weights(bot, one)
    assert bot.play_potential(view, w)[room("Gym")] == 0   # her only card moves her

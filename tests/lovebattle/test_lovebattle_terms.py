"""The Love Battle heuristics' score as weighted terms (``LoveBot.terms``, read by
tools/search_fit.py): at every searched decision (vote, turn, hero_action) of real games
the option with the largest weighted sum of the terms is the bot's own choice, and each
phase term of the turn means what its docstring says on a constructed situation."""
from __future__ import annotations

import random

import pytest
from lb_helpers import AIKA, kind, make_state, room, rules_for

from simcli.engine import play_game
from simcli.games.lovebattle import flow
from simcli.games.lovebattle.rules import GAME
from strategies import resolve

MIX = ("devoted", "triangle", "hunter", "saboteur", "bluffer")
KINDS = ("vote", "turn", "hero_action")


def _weighted_best(bot, view, decision):
    """The option of largest sum(weight(k) * terms[k]), ties to the earlier option."""
    best, best_s = None, None
    for a in decision.options:
        t = bot.terms(view, decision, a)
        s = sum(float(bot.p.get(k, 1.0)) * v for k, v in t.items())
        if best_s is None or s > best_s + 1e-12:
            best, best_s = a, s
    return best


def _checked(spec: str, seen: list):
    # the terms are the plain rule's score: the look-ahead (turn_look) is off
    factory = resolve("lovebattle", spec + (",turn_look=0" if ":" in spec else ":turn_look=0"))

    def make(game, player, rng):
        bot = factory(game, player, rng)
        choose = bot.choose

        def checked(view, decision):
            action = choose(view, decision)
            if decision.kind in KINDS:
                seen.append((decision.kind, action, _weighted_best(bot, view, decision)))
            return action
        bot.choose = checked
        return bot
    return make


@pytest.mark.parametrize("extra", [
    "", ":w_lib_first=0,act_then_move=0",
    ":w_first=0.45,w_plan=0.6,w_lib_first=1.2,w_hand=-0.5,w_late=0.3",
    ":first_rule=0.4,w_pot_gap=0.5,w_lib_hand=0.8,act_then_move=0"])
def test_the_weighted_best_option_is_the_bots_choice(extra):
    seen: list = []
    for seed in range(8):
        specs = [_checked(name + extra, seen) for name in MIX[seed % 5:] + MIX[:seed % 5]][:4]
        rec = play_game(GAME, 4, rules_for(4), specs, seed)
        assert rec.result is not None
    by_kind = {k: [s for s in seen if s[0] == k] for k in KINDS}
    assert len(by_kind["vote"]) == 32 and len(by_kind["turn"]) > 150
    assert len(by_kind["hero_action"]) > 100
    for k, rows in by_kind.items():
        wrong = [r for r in rows if r[1] != r[2]]
        assert not wrong, (k, len(wrong), wrong[:3])


def _turn(st, player=0):
    return flow.cached_decision(st, player, "turn", flow.draw_options(st))


def _bot(spec, seed=1):
    return resolve("lovebattle", spec)(GAME, 0, random.Random(seed))


def test_library_term_on_only_in_the_library_and_scaled_by_the_hand():
    hand = [kind("Aika", "Wink"), kind("Aika", "Homemade Bento")]
    votes = [(AIKA,), (1,), (2,), (3,)]
    gloc = ["Gym", "Cafeteria", "Occult Studies", "Art", "Art"]
    lib = make_state(gloc=gloc, hero="Library", hands=[hand, [], [], []], votes=votes,
                     face_up=[])
    gym = make_state(gloc=gloc, hero="Gym", hands=[hand, [], [], []], votes=votes,
                     face_up=[])
    bot = _bot("devoted")
    for st, on in ((lib, 1.0), (gym, 0.0)):
        view = GAME.view(st, 0)
        t = bot.phase_terms(view, bot.weights(view), _turn(st).options)
        assert t["w_lib_first"] == on
        assert t["w_lib_hand"] == pytest.approx(on * 2 / 5)
        assert t["w_hand"] == pytest.approx(2 / 5)
        assert t["w_late"] == pytest.approx(st.period / 7)


def test_a_library_weight_takes_the_study_session_first():
    """The bot's pick is far away and it holds none of her cards: the stop-18 rule draws
    first; with ``w_lib_first`` above ``first_rule`` (the default since stop 21: 2) it
    takes the Hero Phase first in the Library (and only there)."""
    votes = [(AIKA,), (1,), (2,), (3,)]
    gloc = ["Girl's Locker Room", "Cafeteria", "Occult Studies", "Art", "Art"]
    for hero, first in (("Library", True), ("Cafeteria", False)):
        st = make_state(gloc=gloc, hero=hero, hands=[[kind("Rin", "Slap")], [], [], []],
                        votes=votes, face_up=[])
        d = _turn(st)
        old = _bot("devoted:w_lib_first=0").choose(GAME.view(st, 0), d)
        assert old[0] == "draw", hero
        for spec in ("devoted:w_lib_first=1.5", "devoted"):
            new = _bot(spec).choose(GAME.view(st, 0), d)
            assert (new[0] != "draw") == first, (spec, hero, new)


def test_plan_term_is_the_gain_of_playing_in_the_best_room_in_reach():
    """Aika (the pick, two of her cards in hand) stands in the Gym, one move from the
    Hero in the Hallway rooms: the Hero Phase first (move there, then the Girl Phase
    plays her cards) plans more than playing nothing here, so ``w_plan`` and
    ``w_pot_gap`` are positive; with the Hero already with her both are 0 or below."""
    hand = [kind("Aika", "Wink"), kind("Aika", "Homemade Bento")]
    votes = [(AIKA,), (1,), (2,), (3,)]
    gloc = ["Gym", "Cafeteria", "Occult Studies", "Art", "Art"]
    away = make_state(gloc=gloc, hero="Library", hands=[hand, [], [], []], votes=votes,
                      face_up=[])
    bot = _bot("devoted")
    view = GAME.view(away, 0)
    w = bot.weights(view)
    d = _turn(away)
    assert room("Gym") in {o[1] for o in d.options if o[0] == "move"}
    t = bot.phase_terms(view, w, d.options)
    assert t["w_pot_gap"] > 0 and t["w_plan"] > 0 and t["first_rule"] == 1.0
    there = make_state(gloc=gloc, hero="Gym", hands=[hand, [], [], []], votes=votes,
                       face_up=[])
    view = GAME.view(there, 0)
    t = bot.phase_terms(view, bot.weights(view), _turn(there).options)
    assert t["w_pot_gap"] == 0.0 and t["w_plan"] <= 0.0


def test_act_then_move_takes_the_study_session_before_walking_to_the_pick():
    """The Hero in the Library, the pick (Aika, two of her cards in hand) in the Gym in
    reach: the old valuation walks to her first (and loses the Study Session); with
    ``act_then_move`` acting here first is valued with the Girl Phase in the Gym, where the
    Hero walks after the Study Session, so it acts first."""
    hand = [kind("Aika", "Wink"), kind("Aika", "Homemade Bento")]
    st = make_state(gloc=["Gym", "Cafeteria", "Occult Studies", "Art", "Art"],
                    hero="Library", hands=[hand, [], [], []],
                    votes=[(AIKA,), (1,), (2,), (3,)], face_up=[])
    first = [o for o in _turn(st).options if o[0] != "draw"]
    old, new = _bot("devoted:act_then_move=0"), _bot("devoted:act_then_move=1")
    view = GAME.view(st, 0)
    w = new.weights(view)
    moves = [o for o in first if o[0] == "move"]
    rooms = new.room_values(view, w)
    pot = new.play_potential(view, w)
    values = new.spot_values(view, w, 0.5, rooms)
    assert new.act_first_value(view, w, moves, values, rooms) == pytest.approx(
        rooms[room("Library")] + max(pot[o[1]] for o in moves))
    assert old.hero_first(view, old.weights(view), first) == ("move", room("Gym"))
    assert new.hero_first(view, w, first) == ("act_first",)

"""The vghs heuristics' placement terms (tools/search_fit.py): their weighted sum is the
value ``on_place`` maximises, and each situational feature means what its name says."""
from __future__ import annotations

import functools
import random
import sys
from pathlib import Path

import pytest
from vghs_helpers import (
    BEAT_BLASTER,
    FIELD_OF_FIRE,
    GTA,
    OFFICE,
    RACING_CLASS,
    faces,
    make_state,
)

from simcli.engine import game_seed, play_game
from simcli.games.vghs.rules import GAME
from strategies import default_mix, list_strategies, resolve
from strategies.vghs import KIND_TERMS, NEXT_TERM, SITUATION_TERMS

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import search_fit  # noqa: E402

BOTS = list_strategies("vghs")
#: non-default weights, so the multiplier and situational path is checked too
TILTED = dict(x_office=1.7, x_gta=0.6, x_game=1.2, s_office_held=0.8, s_office_mid=-0.4,
              s_office_rivals=0.5, s_office_order=1.1, s_gta_first=-0.7, s_gta_wait=-0.3,
              s_game_threat=0.25, s_game_deny=0.15, w_next=0.45, next_risk=0.3)


class Checker:
    """Wraps a bot: at each placement, the weighted terms of every option; the chosen
    option's sum must be the largest (ties: the bot draws among equals)."""

    def __init__(self, factory):
        self.factory = factory
        self.checked = 0
        self.failures: list = []

    def __call__(self, game, player, rng):
        bot = self.factory(game, player, rng)
        choose = bot.choose

        def wrapped(view, decision):
            action = choose(view, decision)
            if decision.kind == "place" and len(decision.options) > 1:
                scores = {}
                for o in decision.options:
                    t = bot.terms(view, decision, o)
                    scores[o] = sum(search_fit.weight_of(bot.p, k) * x for k, x in t.items())
                self.checked += 1
                if scores[action] < max(scores.values()) - 1e-6:
                    self.failures.append((decision.options, action, scores))
            return action
        bot.choose = wrapped
        return bot


@pytest.mark.parametrize("tilt", [False, True])
@pytest.mark.parametrize("name", ["arcade", "challenger", "builder"])
def test_the_weighted_terms_pick_what_on_place_picks_in_real_games(name, tilt):
    # the terms are the heuristic's own value: the evaluation look-ahead (w_eval, on by
    # default) adds a term of its own on copies of the game, so the bots here play without;
    # and without the arcade's random draw among options tied at the edge of its one-step
    # look-ahead (look_ties, stop 52), which the terms, drawing nothing, leave in option order
    factory = (functools.partial(BOTS[name], **TILTED, w_eval=0.0, look_ties=0) if tilt
               else resolve("vghs", name + ":w_eval=0,look_ties=0"))
    check = Checker(factory)
    rules = GAME.make_rules(GAME.default_data(), 4)
    mix = [resolve("vghs", s + ":w_eval=0") for s in default_mix("vghs")]
    for i in range(6):
        seats = [check, *mix]
        seats = seats[i % 4:] + seats[:i % 4]
        play_game(GAME, 4, rules, seats, game_seed(13, i))
    assert check.checked > 60
    assert not check.failures, check.failures[:2]


def test_terms_name_every_kind_and_situation_and_draw_nothing():
    s = make_state(4, dice=[faces(FPS=3, Wild=1)] + [faces(FPS=1)] * 3)
    b = BOTS["arcade"](GAME, 0, random.Random(1))
    v = GAME.view(s, 0)
    options = tuple(range(len(s.rules.locations)))

    class D:
        kind = "place"

    D.options = options
    state = b.rng.getstate()
    t = b.terms(v, D, FIELD_OF_FIRE)
    assert b.rng.getstate() == state            # no tie was drawn
    assert set(t) == set(KIND_TERMS) | set(SITUATION_TERMS) | {NEXT_TERM}
    assert t["x_game"] > 0 and t["x_office"] == 0.0
    # the look-ahead term: the follow-up of each option among the next_width best
    wide = BOTS["arcade"](GAME, 0, random.Random(1), next_width=0)
    assert wide.terms(v, D, FIELD_OF_FIRE)[NEXT_TERM] == \
        wide.follow_up(v, options, FIELD_OF_FIRE) > 0
    narrow = BOTS["arcade"](GAME, 0, random.Random(1), next_width=2)
    follow = [narrow.terms(v, D, o)[NEXT_TERM] for o in options]
    assert sum(1 for x in follow if x) == 2
    assert b.terms(v, D, OFFICE)["x_game"] == 0.0


def situation(b, s, loc, base=1.0):
    loc_ = s.rules.locations[loc]
    return b.situation(GAME.view(s, 0), loc, loc_.kind, loc_.skill, loc_.index, base)


def test_office_features():
    b = BOTS["arcade"](GAME, 0, random.Random(1))
    s = make_state(4)
    s.first = 0
    f = situation(b, s, OFFICE)
    assert f["s_office_held"] == 1.0 and f["s_office_order"] == 0.0
    assert f["s_office_rivals"] == 1.0 and f["s_office_mid"] == 0.0
    s.left[:] = [2, 0, 1, 0]                    # second standee; one rival still to place
    f = situation(b, s, OFFICE)
    assert f["s_office_mid"] == 1.0 and f["s_office_rivals"] == pytest.approx(1 / 3)
    s.left[:] = [2, 0, 0, 0]                    # no rival left: nothing to keep it from
    assert situation(b, s, OFFICE)["s_office_held"] == 0.0
    s.first = 1                                 # seat 0 plays last after seat 1's token...
    f = situation(b, s, OFFICE)
    assert f["s_office_held"] == 0.0 and f["s_office_order"] == pytest.approx(3 / 4)
    s.first = 3                                 # ... or second after seat 3's
    assert situation(b, s, OFFICE)["s_office_order"] == pytest.approx(1 / 4)


def test_gta_features():
    b = BOTS["challenger"](GAME, 0, random.Random(1))
    s = make_state(4, dice=[[3, 1, 0, 0, 0, 1] for _ in range(4)])   # pays Boss Rush
    f = situation(b, s, GTA)
    assert f["s_gta_first"] == 1.0 and f["s_gta_wait"] == 1.0
    s.left[0] = 2
    f = situation(b, s, GTA)
    assert f["s_gta_first"] == 0.0 and f["s_gta_wait"] == 1.0
    s.left[0] = 1                               # the last standee cannot wait
    assert situation(b, s, GTA)["s_gta_wait"] == 0.0
    s = make_state(4)                           # nothing to pay with: no victory to defer
    assert situation(b, s, GTA)["s_gta_wait"] == 0.0


def test_video_game_threat_and_denial():
    b = BOTS["arcade"](GAME, 0, random.Random(1), w_rank=1.0, w_bonus=2.0)
    s = make_state(4, dice=[faces(FPS=2), faces(FPS=1), faces(Wild=3), faces()],
                   bonus=[2, 0, 0, 0, 0], hs=[2, 0, 0, 0, 0])
    f = situation(b, s, FIELD_OF_FIRE, base=5.0)
    # seat 2 can set 3 million over the high score of 2: threat, and its gain 3 + 2 * 2
    assert f["s_game_threat"] == 5.0 and f["s_game_deny"] == pytest.approx(3 + 4)
    s.left[2] = 0                               # seat 2 has placed all its standees
    f = situation(b, s, FIELD_OF_FIRE, base=5.0)
    assert f["s_game_threat"] == 0.0 and f["s_game_deny"] == pytest.approx(1.0)
    s.left[2] = 3
    s.left[0] = 1                               # the bot's last standee: no later turn
    f = situation(b, s, FIELD_OF_FIRE, base=5.0)
    assert f["s_game_threat"] == 0.0 and f["s_game_deny"] == pytest.approx(7.0)
    assert situation(b, s, BEAT_BLASTER, base=1.0)["s_game_deny"] == pytest.approx(3.0)
    assert "s_game_deny" not in situation(b, s, RACING_CLASS)


def test_neutral_weights_skip_the_adjustment():
    # the kind multipliers at 1 and the situational weights at 0 leave the plain value
    from strategies.vghs import VGHSBot
    assert all(VGHSBot.params[k] == 1.0 for k in KIND_TERMS)
    assert all(VGHSBot.params[k] == 0.0 for k in SITUATION_TERMS)
    assert not BOTS["challenger"](GAME, 0, random.Random(1))._adjust
    assert BOTS["challenger"](GAME, 0, random.Random(1), s_gta_first=0.1)._adjust
    assert BOTS["arcade"](GAME, 0, random.Random(1))._adjust


def test_denial_takes_the_video_game_a_rival_would_gain_most_on():
    # seat 0 scores 2 on Field of Fire or on Beat Blaster alike; seat 1 could set a high
    # score on Field of Fire (3 FPS over nothing, 2 bonus tokens), nobody on Beat Blaster
    s = make_state(4, dice=[faces(FPS=2, Rhythm=2), faces(FPS=3), faces(), faces()],
                   bonus=[0, 0, 0, 0, 0])
    s.hand[0] = []
    v = GAME.view(s, 0)
    plain = dict(w_rank=1.0, w_bonus=1.0)
    choices = {BOTS["builder"](GAME, 0, random.Random(i), **plain, s_game_deny=0.0)
               .on_place(v, (FIELD_OF_FIRE, BEAT_BLASTER)) for i in range(20)}
    assert choices == {FIELD_OF_FIRE, BEAT_BLASTER}           # a tie without denial
    keen = BOTS["builder"](GAME, 0, random.Random(1), **plain, s_game_deny=0.3)
    assert all(keen.on_place(v, (FIELD_OF_FIRE, BEAT_BLASTER)) == FIELD_OF_FIRE
               for _ in range(20))

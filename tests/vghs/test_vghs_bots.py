"""The vghs heuristics' placement values respond to the rules they read (issue 9)."""
from __future__ import annotations

import functools
import random

import pytest
from vghs_helpers import (
    BEAT_BLASTER,
    DRIFT_KINGS,
    FIELD_OF_FIRE,
    FIST_FURY,
    GTA,
    KOJIMA,
    OFFICE,
    faces,
    make_state,
)

from simcli.games.vghs.rules import GAME
from simcli.games.vghs.ruleset import CLASS
from strategies import list_strategies

BOTS = list_strategies("vghs")


def card_ids() -> dict:
    r = make_state(4).rules
    return {c.name: i for i, c in enumerate(r.cards)}


def bot(name: str, **params):
    return BOTS[name](GAME, 0, random.Random(1), **params)


@pytest.mark.parametrize("name", ["arcade", "challenger", "builder"])
def test_reads_declares_the_gta_capacity(name):
    assert "gta_capacity" in BOTS[name].reads


def test_gta_room_counts_the_rivals_still_to_go_there():
    b = bot("builder")
    s = make_state(4)
    assert b.gta_room(GAME.view(s, 0), GTA)      # 3 places, 3 rivals still to go
    s = make_state(4, overrides={"gta_capacity": 2})
    assert not b.gta_room(GAME.view(s, 0), GTA)  # 2 places, 3 rivals
    s.left[2] = s.left[3] = 0                    # rivals with no standee cannot go
    assert b.gta_room(GAME.view(s, 0), GTA)
    s.left[2], s.occ[GTA], s.on_gta[1] = 3, 1, 1  # one place left, one rival still to go
    assert b.gta_room(GAME.view(s, 0), GTA)
    s.left[3] = 3                                # ... and now two
    assert not b.gta_room(GAME.view(s, 0), GTA)


@pytest.mark.parametrize("capacity", [2, 3])
def test_gta_value_waits_only_where_the_capacity_leaves_room(capacity):
    s = make_state(4, overrides={"gta_capacity": capacity})
    v = GAME.view(s, 0)
    keen = bot("builder", gta_defer=0.0)
    patient = bot("builder", gta_defer=0.5)
    full = keen.gta_value(v, GTA)
    assert full > 0
    expected = full * 0.5 if capacity == 3 else full
    assert patient.gta_value(v, GTA) == pytest.approx(expected)
    s.left[0] = 1                            # the last standee never waits
    v = GAME.view(s, 0)
    assert patient.gta_value(v, GTA) == pytest.approx(keen.gta_value(v, GTA))


def test_the_office_is_worth_taking_when_first_only_with_w_block():
    s = make_state(4, dice=[[1, 1, 1, 1, 1, 0] for _ in range(4)])
    s.first = 0
    s.played[0] = [s.hand[0].pop()]          # Kojima Quad would return it: worth w_kojima
    v = GAME.view(s, 0)
    params = dict(w_first=1.0, w_first_late=0.0, w_first_bonus=0.0, w_kojima=0.5,
                  w_kojima_empty=0.0, w_kojima_card=0.0)
    assert bot("arcade", w_block=0.0, **params).on_place(v, (OFFICE, KOJIMA)) == KOJIMA
    assert bot("arcade", w_block=1.0, **params).on_place(v, (OFFICE, KOJIMA)) == OFFICE
    s.first = 1                              # not first: the Office is worth w_first
    v = GAME.view(s, 0)
    assert bot("arcade", w_block=0.0, **params).on_place(v, (OFFICE, KOJIMA)) == OFFICE


def test_without_the_office_a_first_player_power_up_is_worth_twice_as_much():
    with_office = GAME.view(make_state(4), 0)
    without = GAME.view(make_state(4, overrides={"first_player_location": False}), 0)
    b = bot("arcade")
    assert b.first_value(without) == pytest.approx(2 * b.first_value(with_office))


def test_the_first_player_token_gains_value_after_round_three():
    s = make_state(4)
    b = bot("arcade", w_first=1.0, w_first_late=0.5, w_first_bonus=0.0)
    values = []
    for r in (1, 3, 4, 6):
        s.round = r
        values.append(b.first_value(GAME.view(s, 0)))
    assert values == pytest.approx([1.0, 1.0, 1.5, 2.5])


def test_kojima_quad_is_worth_more_with_an_empty_hand():
    s = make_state(4, dice=[[1, 1, 1, 1, 1, 0] for _ in range(4)])
    s.first = 1
    s.played[0] = list(s.hand[0])
    s.hand[0] = []
    v = GAME.view(s, 0)
    params = dict(w_first=1.0, w_first_late=0.0, w_first_bonus=0.0, w_kojima=0.5,
                  w_kojima_card=0.0)
    assert bot("arcade", w_kojima_empty=0.0, **params).on_place(v, (OFFICE, KOJIMA)) == OFFICE
    assert bot("arcade", w_kojima_empty=1.0, **params).on_place(v, (OFFICE, KOJIMA)) == KOJIMA
    s.hand[0] = [s.played[0].pop()]          # a card in hand: the extra no longer applies
    v = GAME.view(s, 0)
    assert bot("arcade", w_kojima_empty=1.0, **params).on_place(v, (OFFICE, KOJIMA)) == OFFICE


def test_the_first_player_token_is_worth_nothing_in_the_last_round():
    b = bot("arcade", w_first=1.0, w_first_late=0.5, w_first_bonus=0.5)
    assert b.first_value(GAME.view(make_state(4), 0)) > 0
    s = make_state(4)
    s.deck = []                              # no challenge left: no next round to order
    assert b.first_value(GAME.view(s, 0)) == 0.0


def test_the_first_player_token_is_worth_next_rounds_richest_bonus_pile():
    b = bot("arcade", w_first=1.0, w_first_late=0.0, w_first_bonus=0.5, w_bonus=2.0,
            w_first_gap=0.0)
    base = b.first_value(GAME.view(make_state(4, bonus=[0, 0, 0, 0, 0]), 0))
    assert base == pytest.approx(1.0 + 0.5 * 2.0 * 1)   # every game gains one token
    rich = b.first_value(GAME.view(make_state(4, bonus=[0, 3, 1, 0, 0]), 0))
    assert rich == pytest.approx(1.0 + 0.5 * 2.0 * 4)


def test_kojima_quad_is_worth_what_the_best_played_card_does():
    cards = card_ids()
    trash, pep = cards["Trash Talk"], cards["Pep Talk"]   # +2 rank; 1 temp token and +1 rank
    s = make_state(4, dice=[[1, 1, 1, 1, 1, 0] for _ in range(4)])
    b = bot("arcade", w_kojima=0.5, w_kojima_empty=0.0, w_kojima_card=1.0, w_rank=1.0,
            w_temp=0.2)
    s.played[0] = [pep]
    low = b.kojima_value(GAME.view(s, 0))
    assert low == pytest.approx(0.5 + 1.0 + 0.2)
    s.played[0] = [pep, trash]               # the better card counts, not the sum
    assert b.kojima_value(GAME.view(s, 0)) == pytest.approx(0.5 + 2.0)
    flat = bot("arcade", w_kojima=0.5, w_kojima_empty=0.0, w_kojima_card=0.0)
    assert flat.kojima_value(GAME.view(s, 0)) == pytest.approx(0.5)


def test_rounds_left_follows_the_deck_and_the_leaders_pace():
    early = bot("builder").rounds_left(GAME.view(make_state(4), 0))
    assert early == pytest.approx(49 / 8.0 - 1)          # the prior pace only
    s = make_state(4, round=4, rank=[20, 40, 45, 50])    # 30 ranks in 3 rounds: fast
    fast = bot("builder").rounds_left(GAME.view(s, 0))
    assert fast == pytest.approx(19 / ((30 + 16) / 5) - 1)
    assert 1.0 <= fast < early
    s = make_state(4)
    s.deck = s.deck[:1]                                  # one challenge left: one round more
    assert bot("builder").rounds_left(GAME.view(s, 0)) == pytest.approx(1.0)


def test_a_class_of_the_skill_the_bot_rolls_for_is_preferred_with_w_fit():
    s = make_state(4, dice=[[1, 1, 1, 1, 1, 0] for _ in range(4)])
    v = GAME.view(s, 0)
    classes = [i for i, loc in enumerate(v.rules.locations) if loc.kind == CLASS]
    b = bot("arcade", w_fit=1.0)
    want = b.want(v)
    target = [c for c in classes if want[v.rules.locations[c].skill] >= 5]
    assert len(target) == 1
    for seed in range(5):                    # no tie left to the coin
        b = BOTS["arcade"](GAME, 0, random.Random(seed), w_fit=1.0)
        assert b.on_place(v, tuple(classes)) == target[0]


@pytest.mark.parametrize("name", ["arcade", "challenger", "builder"])
def test_the_dice_wanted_follow_the_tokens_held_within_a_round(name):
    # same round, standees left and dice; a permanent token bought since (or another copy
    # of the game, in a look-ahead) changes the best game: before stop 42 the bot kept the
    # dice it wanted before
    dice = [[1, 1, 1, 1, 1, 0] for _ in range(4)]
    s = make_state(4, dice=dice)
    b = bot(name)
    before = b.want(GAME.view(s, 0))
    skill = next(t for t in range(5) if before[t] < 5)
    s2 = make_state(4, dice=[list(d) for d in dice])
    s2.perm_a[0][skill] += 6
    v2 = GAME.view(s2, 0)
    after = b.want(v2)
    assert after == bot(name).want(v2)      # a fresh bot's
    assert after != before


def test_the_office_is_worth_nothing_to_its_holder_once_no_rival_can_take_it():
    s = make_state(4)
    s.first = 0
    b = bot("arcade", w_first=1.0, w_first_late=0.0, w_first_bonus=0.0, w_first_gap=0.0,
            w_block=0.5, w_urgent=0.0)
    assert b.office_value(GAME.view(s, 0), OFFICE) == pytest.approx(0.5)
    s.left[:] = [2, 0, 0, 0]                    # every rival has placed all its standees
    assert b.office_value(GAME.view(s, 0), OFFICE) == 0.0
    s.first = 1                              # not the holder: taking the token still counts
    assert b.office_value(GAME.view(s, 0), OFFICE) == pytest.approx(1.0)


def test_the_office_is_urgent_only_with_another_standee_and_a_rival_to_place():
    s = make_state(4)
    s.first = 1
    b = bot("arcade", w_first=1.0, w_first_late=0.0, w_first_bonus=0.0, w_first_gap=0.0,
            w_urgent=0.5)
    assert b.office_value(GAME.view(s, 0), OFFICE) == pytest.approx(1.5)
    s.left[:] = [1, 3, 3, 3]                    # its last standee: nothing to wait for
    assert b.office_value(GAME.view(s, 0), OFFICE) == pytest.approx(1.0)
    s.left[:] = [2, 0, 0, 0]                    # nobody left to take the Office first
    assert b.office_value(GAME.view(s, 0), OFFICE) == pytest.approx(1.0)


def test_the_first_pick_is_worth_the_gap_to_the_pile_left_at_the_bots_turn():
    # next round's piles: +1 on games without a high score token this round
    s = make_state(4, bonus=[3, 1, 0, 2, 0], hs_token=[False, True, False, False, False])
    b = bot("arcade")
    s.first = 2                              # seat 0 plays third: two piles go before it
    assert b.pile_gap(GAME.view(s, 0)) == pytest.approx(4 - 1)   # piles 4, 3, 1, 1, 1
    s.first = 0                              # the holder: a rival who takes the token
    s.left[:] = [2, 1, 0, 1]                    # seat 1 (seat 0 then plays 4th) or 3 (2nd)
    assert b.pile_gap(GAME.view(s, 0)) == pytest.approx(((4 - 1) + (4 - 3)) / 2)
    s.left[:] = [2, 0, 0, 0]
    assert b.pile_gap(GAME.view(s, 0)) == 0.0
    s.bonus_supply = 1                       # only one token left to add
    s.first = 3
    assert b.pile_gap(GAME.view(s, 0)) == pytest.approx(4 - 2)   # piles 4, 2, 0, 1, 0
    w = bot("arcade", w_first=0.0, w_first_bonus=0.0, w_first_gap=0.5, w_bonus=2.0)
    assert w.first_value(GAME.view(s, 0)) == pytest.approx(0.5 * 2.0 * 2)


def test_gta_wait_defers_the_victory_only_while_a_later_standee_has_a_place():
    s = make_state(4, dice=[[3, 1, 0, 0, 0, 1] for _ in range(4)])   # pays Boss Rush
    v = GAME.view(s, 0)
    keen = bot("challenger", gta_defer=0.0, gta_wait=0.0)
    patient = bot("challenger", gta_defer=0.0, gta_wait=0.5)
    assert keen.can_pay(v)
    full, over = keen.gta_value(v, GTA), keen.game_over_cost(v) * keen.p["w_game_over"]
    victory = full - over
    assert victory > 0
    assert patient.gta_value(v, GTA) == pytest.approx(over + 0.5 * victory)
    s.left[0] = 1                            # the last standee cannot wait
    v = GAME.view(s, 0)
    assert patient.gta_value(v, GTA) == pytest.approx(keen.gta_value(v, GTA))


def test_the_office_is_urgent_only_at_its_last_place():
    s = make_state(4, overrides={"office_capacity": 2})
    s.first = 1
    b = bot("arcade", w_first=1.0, w_first_late=0.0, w_first_bonus=0.0, w_first_gap=0.0,
            w_urgent=0.5)
    assert "office_capacity" in b.reads
    assert b.office_value(GAME.view(s, 0), OFFICE) == pytest.approx(1.0)  # two places
    s.occ[OFFICE] = 1
    assert b.office_value(GAME.view(s, 0), OFFICE) == pytest.approx(1.5)  # the last one


# -- the one-step look-ahead (w_next, next_risk) --------------------------------------------
#: weights that leave the plain values (no multiplier, situation or waiting)
PLAIN = dict(w_rank=1.0, w_bonus=1.0, w_game_over=1.1, gta_defer=0.0, gta_wait=0.0,
             x_class=1.0, s_game_deny=0.0, s_gta_wait=0.0)


def lookahead_state(left):
    # two Rhythm dice for Beat Blaster (2 rank, no bonus); Boss Rush (FPS 2, Fighting 1)
    # cannot be paid, its game over costs 2 rank: Grand Theft Auditorium is worth 2.2
    s = make_state(4, dice=[faces(Rhythm=2), faces(), faces(), faces()],
                   bonus=[0, 0, 0, 0, 0], rank=[40, 41, 42, 43])
    s.hand[0] = []
    s.left[:] = left
    return s


def choices(s, **params):
    v = GAME.view(s, 0)
    params = {"w_next": 0.0, **params}     # myopic unless asked
    return {BOTS["arcade"](GAME, 0, random.Random(i), **PLAIN, **params)
            .on_place(v, (GTA, BEAT_BLASTER)) for i in range(10)}


def test_the_look_ahead_takes_the_contested_video_game_before_the_roomy_auditorium():
    s = lookahead_state([3, 1, 0, 0])       # one rival places before the bot's next turn
    v = GAME.view(s, 0)
    b = bot("arcade", **PLAIN, w_next=0.6, next_risk=0.5)
    assert b.gta_value(v, GTA) == pytest.approx(2.2)
    # after Grand Theft Auditorium, Beat Blaster (capacity 1) could be taken by the rival:
    # half its 2; after Beat Blaster, the Auditorium (3 places) is still there: 2.2
    assert b.follow_up(v, (GTA, BEAT_BLASTER), GTA) == pytest.approx(1.0)
    assert b.follow_up(v, (GTA, BEAT_BLASTER), BEAT_BLASTER) == pytest.approx(2.2)
    assert choices(s) == {GTA}                                   # myopic: 2.2 over 2
    assert choices(s, w_next=0.6, next_risk=0.5) == {BEAT_BLASTER}  # 2 + 1.32 over 2.8
    assert choices(s, w_next=0.6, next_risk=0.0) == {GTA}           # 3.4 over 3.32
    s.left[1] = 0                           # no rival left to take Beat Blaster first
    assert choices(s, w_next=0.6, next_risk=0.5) == {GTA}


def test_the_look_ahead_needs_another_standee_and_leaves_the_view_alone():
    s = lookahead_state([1, 1, 0, 0])       # the bot's last standee: no follow-up
    v = GAME.view(s, 0)
    b = bot("arcade", **PLAIN, w_next=0.6, next_risk=0.5)
    assert b.follow_up(v, (GTA, BEAT_BLASTER), BEAT_BLASTER) == 0.0
    s = lookahead_state([3, 1, 0, 0])
    before = s.clone()
    v = GAME.view(s, 0)
    state = b.rng.getstate()
    for loc in range(len(s.rules.locations)):
        b.follow_up(v, tuple(range(len(s.rules.locations))), loc)
    assert b.rng.getstate() == state
    for name in ("dice", "perm_a", "perm_i", "temp_a", "temp_i", "supply", "hand", "played",
                 "left", "occ", "on_gta", "hs", "hs_token", "bonus", "bonus_supply", "sym",
                 "first"):
        assert getattr(s, name) == getattr(before, name), name


def test_the_follow_up_sees_the_dice_an_option_spends():
    # Wild dice serve Field of Fire and Drift Kings alike: scoring one spends them
    s = make_state(4, dice=[faces(FPS=2, Racing=1, Wild=2), faces(), faces(), faces()],
                   bonus=[0, 0, 0, 0, 0], rank=[40, 41, 42, 43])
    s.hand[0] = []
    s.left[:] = [3, 0, 0, 0]
    v = GAME.view(s, 0)
    b = bot("arcade", **PLAIN, w_next=1.0)
    options = (FIELD_OF_FIRE, DRIFT_KINGS)
    assert b.follow_up(v, options, FIELD_OF_FIRE) == pytest.approx(1.0)   # 1 Racing left
    assert b.follow_up(v, options, DRIFT_KINGS) == pytest.approx(2.0)     # 2 FPS left
    # a class turns dice into tokens: 1 permanent FPS token more for Field of Fire
    classes = [i for i, loc in enumerate(v.rules.locations) if loc.kind == CLASS
               and loc.skill == 0]
    t = b.terms(v, type("D", (), {"kind": "place", "options": (*options, classes[0])}),
                classes[0])
    assert t["w_next"] == b.follow_up(v, (*options, classes[0]), classes[0])


# -- the evaluation look-ahead (w_eval, eval_width) -----------------------------------------
def first_placement(seed: int = 3):
    """A real game up to seat 0's first placement (the default mix placing)."""
    r = GAME.make_rules(GAME.default_data(), 4)
    s = GAME.setup(4, r, random.Random(seed))
    bots = [BOTS[name](GAME, p, random.Random(p))
            for p, name in enumerate(("builder", "arcade", "challenger", "builder"))]
    while True:
        d = GAME.decision(s)
        if d.kind == "place" and d.player == 0:
            return s, d
        GAME.apply(s, bots[d.player].choose(GAME.view(s, d.player), d))


def test_the_evaluation_look_ahead_asks_for_a_sampler_only_when_weighted():
    assert not getattr(bot("builder", w_eval=0.0), "needs_sampler", False)
    assert not getattr(bot("builder", w_eval=0.0, eval_round=1), "needs_sampler", False)
    assert bot("builder", w_eval=100.0).needs_sampler
    for name in ("arcade", "challenger", "builder"):     # on by default (issue 9)
        assert bot(name).needs_sampler and bot(name).p["eval_round"] == 1


def test_the_evaluation_look_ahead_plays_the_options_on_copies_and_follows_evaluate():
    from simcli.engine import make_sampler

    s, d = first_placement()
    before = s.clone()
    b = bot("builder", w_eval=1e6, eval_width=0, eval_round=0)
    b.bind_sampler(make_sampler(GAME, s, 0, random.Random(5)))
    b.sampler.fresh()
    chances = {o: b.eval_after(o) for o in d.options}
    assert all(0.0 < c < 1.0 for c in chances.values())
    assert len(set(chances.values())) > 1          # the options lead to different states
    for name in ("dice", "perm_a", "temp_a", "left", "occ", "rank", "hs", "bonus", "first"):
        assert getattr(s, name) == getattr(before, name), name
    # the evaluation outweighs everything: the option of highest chance (one copy per
    # decision, so the same chances as above after the same fresh())
    b2 = bot("builder", w_eval=1e6, eval_width=0, eval_round=0)
    b2.bind_sampler(make_sampler(GAME, s, 0, random.Random(5)))
    choice = b2.on_place(GAME.view(s, 0), d.options)
    assert chances[choice] == pytest.approx(max(chances.values()), abs=1e-6)
    assert chances[choice] > min(chances.values()) + 1e-3
    # without a sampler (inside search's rollouts) it plays the plain heuristic
    plain = BOTS["builder"](GAME, 0, random.Random(9), w_eval=0.0)
    unbound = BOTS["builder"](GAME, 0, random.Random(9), w_eval=1e6, eval_width=0,
                              eval_round=0)
    v = GAME.view(s, 0)
    assert unbound.on_place(v, d.options) == plain.on_place(v, d.options)


def test_a_game_with_the_evaluation_look_ahead_is_the_same_game_twice():
    from simcli.engine import play_game
    from strategies import resolve

    r = GAME.make_rules(GAME.default_data(), 4)
    seats = [resolve("vghs", "builder:w_eval=150,eval_round=0"),
             resolve("vghs", "arcade:w_eval=0"), resolve("vghs", "challenger:w_eval=0"),
             resolve("vghs", "builder:w_eval=0")]
    a = play_game(GAME, 4, r, seats, 11)
    b = play_game(GAME, 4, r, seats, 11)
    assert a.history == b.history
    c = play_game(GAME, 4, r, [resolve("vghs", "builder:w_eval=0"), *seats[1:]], 11)
    assert c.history != a.history                  # it plays differently


# -- the round look-ahead (eval_round) ---------------------------------------------------------
def last_placement(seed: int = 3):
    """A real game (plain default mix) up to seat 0's last standee of round 1, with Grand
    Theft Auditorium open; the challenge is Final Exam (game over: 3 ranks)."""
    r = GAME.make_rules(GAME.default_data(), 4)
    s = GAME.setup(4, r, random.Random(seed))
    bots = [BOTS[name](GAME, p, random.Random(p), w_eval=0.0)
            for p, name in enumerate(("builder", "arcade", "challenger", "builder"))]
    while True:
        d = GAME.decision(s)
        if d.kind == "place" and d.player == 0 and s.left[0] == 1 and GTA in d.options:
            return s, d
        GAME.apply(s, bots[d.player].choose(GAME.view(s, d.player), d))


def round_bot(s, **params):
    """Seat 0's builder at ``s`` whose choice is its round look-ahead alone (``w_eval``
    1e6, every option looked ahead on), with a sampler; ``deep_margin`` 0 unless given."""
    from simcli.engine import make_sampler

    params.setdefault("deep_margin", 0.0)
    b = BOTS["builder"](GAME, 0, random.Random(1), w_eval=1e6, eval_width=0, **params)
    b.bind_sampler(make_sampler(GAME, s, 0, random.Random(5)))
    return b


def test_the_round_look_ahead_sees_the_game_over_at_the_rounds_end():
    s, d = last_placement()
    names = [c.name for c in s.rules.challenges]
    assert (s.round, names[s.challenge]) == (1, "Final Exam")
    assert not s.on_gta[0] and not any(s.dice[0])       # cannot pay: a game over awaits
    options = (FIST_FURY, DRIFT_KINGS, GTA, OFFICE)
    before = s.clone()
    chances = {}
    for er in (0, 1):
        b = round_bot(s, eval_round=er)
        b.sampler.fresh()
        b._round_seed = 7
        chances[er] = {o: b.eval_after(o) for o in options}
    # just after the placement the Auditorium is worth nothing yet (the Office's first
    # player token is); by the round's end it has saved the bot 3 ranks
    assert chances[0][GTA] < chances[0][OFFICE]
    assert chances[1][GTA] > max(c for o, c in chances[1].items() if o != GTA)
    v = GAME.view(s, 0)
    for seed in range(5):
        b0, b1 = round_bot(s, eval_round=0), round_bot(s, eval_round=1)
        b0.rng.seed(seed)
        b1.rng.seed(seed)
        assert b0.on_place(v, options) != GTA
        assert b1.on_place(v, options) == GTA
    for name in ("dice", "perm_a", "temp_a", "left", "occ", "rank", "hs", "bonus", "first",
                 "round", "challenge", "deck", "on_gta"):
        assert getattr(s, name) == getattr(before, name), name
    # without a sampler (inside search's rollouts): the plain heuristic, no round bots
    unbound = BOTS["builder"](GAME, 0, random.Random(9), w_eval=1e6, eval_width=0)
    plain = BOTS["builder"](GAME, 0, random.Random(9), w_eval=0.0)
    assert unbound.on_place(v, options) == plain.on_place(v, options)
    assert not unbound._round_bots


def test_the_round_look_ahead_builds_its_plain_bots_once():
    s, d = last_placement()
    b = round_bot(s, eval_round=1)
    bots = b._round_bots
    assert [x.name for x in bots] == ["builder", "challenger", "builder", "arcade"]
    assert all(x.p["w_eval"] == 0 and x.p["eval_round"] == 0 for x in bots)
    assert bots[0].p["w_perm"] == b.p["w_perm"]       # its own heuristic in its own seat
    b.on_place(GAME.view(s, 0), d.options)
    assert b._round_bots is bots


def test_eval_round_0_plays_the_games_of_before():
    import hashlib

    from simcli.engine import play_game
    from strategies import resolve

    r = GAME.make_rules(GAME.default_data(), 4)
    # (the arcade draws the options tied at the edge of its look-ahead's width since stop
    # 52: look_ties=0 gives its choice by option order, as then)
    seats = [resolve("vghs", x) for x in ("builder:w_eval=150,eval_round=0",
                                          "arcade:w_eval=0,look_ties=0", "challenger:w_eval=0",
                                          "builder:w_eval=0")]
    rec = play_game(GAME, 4, r, seats, 11)
    # the history main played before the round look-ahead existed (commit 66701f0)
    assert hashlib.sha256(repr(rec.history).encode()).hexdigest()[:16] == "db5a1150f027ab14"


def test_a_game_with_the_round_look_ahead_is_the_same_game_twice():
    from simcli.engine import play_game
    from strategies import resolve

    r = GAME.make_rules(GAME.default_data(), 4)
    seats = [resolve("vghs", x) for x in ("builder:w_eval=400,eval_round=1", "arcade:w_eval=0",
                                          "challenger:w_eval=0", "builder:w_eval=0")]
    a = play_game(GAME, 4, r, seats, 11)
    b = play_game(GAME, 4, r, seats, 11)
    assert a.history == b.history
    c = play_game(GAME, 4, r, [resolve("vghs", "builder:w_eval=400,eval_round=0"), *seats[1:]],
                  11)
    assert c.history != a.history                  # the round look-ahead plays differently


def test_eval_copies_average_the_round_look_ahead_over_that_many_copies():
    """``eval_copies`` k: an option's round look-ahead is the mean of its single-copy values
    on copies 0..k-1 of one fresh draw, copy j's plain bots reseeded from the round seed
    plus j (the same copies and streams for every option: common random numbers)."""
    s, d = last_placement()
    options = (FIST_FURY, DRIFT_KINGS, GTA, OFFICE)
    # two rounds: the next round's dice are rolled on each copy's own future (the rest of
    # round 1 is public and decided alike on every copy)
    many = round_bot(s, eval_round=2, eval_copies=3)
    many.sampler.fresh()
    many._round_seed = 7
    averaged = {o: many.eval_after(o) for o in options}
    singles = {}
    for j in range(3):
        one = round_bot(s, eval_round=2)
        one.sampler = functools.partial(lambda j, k=None: many.sampler(j), j)
        one._round_seed = 7 + j
        singles[j] = {o: one.eval_after(o) for o in options}
    for o in options:
        assert averaged[o] == pytest.approx(sum(singles[j][o] for j in range(3)) / 3)
    # the copies differ (else averaging would change nothing): hidden dice and decks
    assert len({tuple(singles[j].values()) for j in range(3)}) > 1
    # one copy is the look-ahead of before, exactly
    one = round_bot(s, eval_round=1, eval_copies=1)
    one.sampler.fresh()
    one._round_seed = 7
    plain = round_bot(s, eval_round=1)
    plain.sampler.fresh()
    plain._round_seed = 7
    assert [one.eval_after(o) for o in options] == [plain.eval_after(o) for o in options]


def test_eval_copies_outside_its_range_is_refused():
    from strategies import UnknownStrategyError, resolve

    for bad in ("0", "65", "two"):
        with pytest.raises((UnknownStrategyError, ValueError)):
            resolve("vghs", f"builder:eval_copies={bad}")(GAME, 0, random.Random(0))


def test_eval_deep_plays_the_copy_with_bots_that_look_ahead_one_level_deep():
    """``eval_deep`` 1: the round look-ahead's bots are the table's own (the bot's heuristic
    in its seat, the default mix in the others, each with its round look-ahead of plain
    bots), and each is given a sampler of the copy being played, as its seat may know it."""
    s, d = last_placement()
    b = round_bot(s, eval_round=1, eval_deep=1)
    bots = b._round_bots
    assert [x.name for x in bots] == ["builder", "challenger", "builder", "arcade"]
    assert all(x.p["w_eval"] > 0 and x.p["eval_round"] == 1 for x in bots)
    assert all(x.p["eval_deep"] == 0 for x in bots)                 # one level only
    b.sampler.fresh()
    b._round_seed = 7
    seen = []
    for x in bots:
        orig = x.bind_sampler

        def spy(sampler, orig=orig, x=x):
            orig(sampler)
            seen.append((x.player, sampler(0)))
        x.bind_sampler = spy
    b.eval_after(GTA)
    assert sorted({q for q, _ in seen}) == [0, 1, 2, 3]
    for q, copy in seen:
        assert copy.round == s.round                  # a copy of the look-ahead's copy
        assert GAME.view(copy, q).round == s.round
        # nested bots look ahead with plain bots of their own
        assert all(y.p["w_eval"] == 0 for y in bots[q]._round_bots)
    # the same copies and streams give the same value; deep and plain differ somewhere
    again = round_bot(s, eval_round=1, eval_deep=1)
    again.sampler.fresh()
    again._round_seed = 7
    options = (FIST_FURY, DRIFT_KINGS, GTA, OFFICE)
    b2 = round_bot(s, eval_round=1, eval_deep=1)
    b2.sampler.fresh()
    b2._round_seed = 7
    deep = [again.eval_after(o) for o in options]
    assert deep == [b2.eval_after(o) for o in options]
    plain = round_bot(s, eval_round=1)
    plain.sampler.fresh()
    plain._round_seed = 7
    assert all(0.0 <= x <= 1.0 for x in deep)
    # the three rivals still to place here play as the table does, not as plain bots
    assert deep != [plain.eval_after(o) for o in options]


def test_eval_deep_seeds_each_seats_sampler_apart_from_that_seats_bot(monkeypatch):
    """The seats' samplers draw their seeds from the round stream *after* the bots' RNG
    seeds: no seat's sampler replays its own bot's random numbers."""
    import strategies.vghs as mod

    s, _ = last_placement()
    b = round_bot(s, eval_round=1, eval_deep=1)
    real = mod.make_sampler
    sampler_states: dict = {}
    bot_states: dict = {}

    def spy(game, state, q, rng):
        sampler_states[q] = rng.getstate()
        return real(game, state, q, rng)
    monkeypatch.setattr(mod, "make_sampler", spy)
    for x in b._round_bots:
        orig = x.bind_sampler

        def bind(sampler, orig=orig, x=x):
            bot_states[x.player] = x.rng.getstate()     # just reseeded, nothing drawn yet
            orig(sampler)
        x.bind_sampler = bind
    b.sampler.fresh()
    b._round_seed = 7
    b.eval_after(GTA)
    assert sorted(sampler_states) == sorted(bot_states) == [0, 1, 2, 3]
    states = list(sampler_states.values()) + list(bot_states.values())
    assert all(states[i] != states[j] for i in range(8) for j in range(i))


def test_deep_next_hands_the_round_to_plain_bots_at_the_bots_next_placement():
    """``deep_next`` 1: the bots that look ahead play the copy only until this bot's next
    placement (the rivals' placements before it); plain bots play the rest of the round."""
    s, d = first_placement()
    b = round_bot(s, eval_round=1, eval_deep=1, deep_next=1)
    assert all(x.p["w_eval"] > 0 for x in b._round_bots)
    assert [x.name for x in b._round_plain] == ["builder", "challenger", "builder", "arcade"]
    assert all(x.p["w_eval"] == 0 for x in b._round_plain)
    log: list = []

    def spy(x, tag):
        orig = x.choose

        def choose(view, dec):
            log.append((tag, dec.player, dec.kind, view.round))
            return orig(view, dec)
        x.choose = choose
    for x in b._round_bots:
        spy(x, "deep")
    for x in b._round_plain:
        spy(x, "plain")
    b.sampler.fresh()
    b._round_seed = 7
    value = b.eval_after(d.options[0])
    tags = [t for t, *_ in log]
    k = tags.index("plain")
    assert "deep" not in tags[k:]
    assert log[k][1:3] == (0, "place")               # the bot's own next placement
    assert any(q != 0 and kind == "place" for _, q, kind, _ in log[:k])
    assert all(r == s.round for *_, r in log)          # the round's end stops it
    again = round_bot(s, eval_round=1, eval_deep=1, deep_next=1)
    again.sampler.fresh()
    again._round_seed = 7
    assert again.eval_after(d.options[0]) == value
    # without deep_next the deep bots play the bot's later placements too
    full = round_bot(s, eval_round=1, eval_deep=1)
    assert not full._round_plain


def near_bot(s, margin, **params):
    """Seat 0's arcade at ``s`` as the table plays it (its own ``w_eval``), with
    ``deep_margin`` ``margin`` and a sampler; every bot's choices logged as (tag, seat)."""
    from simcli.engine import make_sampler

    b = BOTS["arcade"](GAME, 0, random.Random(1), deep_margin=margin, **params)
    b.bind_sampler(make_sampler(GAME, s, 0, random.Random(5)))
    log: list = []
    for tag, bots in (("near", b._near_bots), ("plain", b._round_bots)):
        for x in bots:
            orig = x.choose

            def choose(view, dec, orig=orig, tag=tag, q=x.player):
                log.append((tag, q))
                return orig(view, dec)
            x.choose = choose
    return b, log


def test_deep_margin_scores_near_ties_again_with_rivals_that_look_ahead():
    """``deep_margin``: the options whose value lies within that win chance (times
    ``w_eval``) of the best are played again on the copy by bots that look ahead
    themselves (the default mix, one level deep) until this bot's next placement, plain
    bots the rest of the round; with every option near, the deep bots play."""
    s, d = first_placement()
    v = GAME.view(s, 0)
    b, log = near_bot(s, 1.0)
    assert [x.name for x in b._near_bots] == ["arcade", "challenger", "builder", "arcade"]
    assert all(x.p["w_eval"] > 0 and x.p["eval_round"] == 1 for x in b._near_bots)
    # one level only: the nested bots re-score nothing, and look ahead with plain bots
    assert all(x.p["deep_margin"] == 0 and x.p["eval_deep"] == 0 for x in b._near_bots)
    assert all(x.p["w_eval"] == 0 for x in b._round_bots)
    choice = b.on_place(v, d.options)
    tags = [t for t, _ in log]
    assert "near" in tags and "plain" in tags
    # the deep bots hand over to the plain ones at the bot's own next placement
    k = tags.index("near")
    assert any(q != 0 for t, q in log[k:] if t == "near")
    again, _ = near_bot(s, 1.0)
    assert again.on_place(v, d.options) == choice       # deterministic per seed
    assert choice in d.options


def test_deep_margin_draws_nothing_without_a_near_tie():
    """A margin too narrow for any two options: no deep bot plays, no random number is
    drawn for it, and the choice and the bot's stream are those of the plain look-ahead."""
    s, d = first_placement()
    v = GAME.view(s, 0)
    tight, log = near_bot(s, 1e-12)
    off, _ = near_bot(s, 0.0)
    assert not off._near_bots and tight._near_bots
    assert tight.on_place(v, d.options) == off.on_place(v, d.options)
    assert all(t != "near" for t, _ in log)
    assert tight.rng.getstate() == off.rng.getstate()


def test_search_rollouts_model_the_table_without_deep_margin():
    """search's rollout bots play the strategies' ``rollout_params`` (vghs ``deep_margin``
    0: the table's plain round look-ahead), while its own seat's base keeps the default."""
    from strategies import resolve

    assert BOTS["arcade"].params["deep_margin"] > 0
    bot = resolve("vghs", "search")(GAME, 0, random.Random(1))
    assert bot.base.p["deep_margin"] == BOTS["arcade"].params["deep_margin"]
    for q, f in enumerate(bot.factories[:4]):
        x = f(GAME, q, random.Random(q))
        assert x.p["deep_margin"] == 0.0
        assert x.p["w_eval"] == BOTS[x.name].params["w_eval"]     # still looks ahead
    # lean=0: the rollouts play the table's strategies exactly as given
    full = resolve("vghs", "search:lean=0")(GAME, 0, random.Random(1))
    for q, f in enumerate(full.factories[:4]):
        x = f(GAME, q, random.Random(q))
        assert x.p["deep_margin"] == BOTS[x.name].params["deep_margin"]


@pytest.mark.parametrize("spec, other", [
    ("arcade:deep_next=1", "eval_deep"),
    ("builder:deep_width=2,deep_margin=0", "eval_deep or deep_margin"),
    ("challenger:eval_deep=1,eval_round=0", "eval_round"),
    ("arcade:eval_copies=3,eval_round=0", "eval_round"),
])
def test_a_parameter_that_refines_one_left_off_is_refused(spec, other):
    from strategies import UnknownStrategyError, resolve

    with pytest.raises(UnknownStrategyError, match=f"does nothing unless {other} is set"):
        resolve("vghs", spec)


def test_refining_parameters_are_accepted_with_what_they_refine_or_at_their_defaults():
    from strategies import resolve

    for spec in ("arcade:eval_deep=1,deep_next=1", "builder:eval_deep=1,deep_width=2",
                 "challenger:eval_copies=3", "arcade:deep_next=0,eval_copies=1"):
        resolve("vghs", spec)


def test_look_ties_draw_the_options_tied_at_the_edge_of_the_width():
    """``look_ties``: with any die paying at a class, every class with tokens left has
    the same value; the look-ahead's width used to keep the earlier classes only."""
    from strategies.vghs import _look_set

    owns = [5.0, 2.0, 2.0, 2.0, 2.0, 1.0]
    assert _look_set(owns, 3) == {0, 1, 2}              # option order without an rng
    seen: set = set()
    for seed in range(60):
        top = _look_set(owns, 3, random.Random(seed))
        assert 0 in top and 5 not in top and len(top) == 3   # above the edge: always in
        seen |= top
    assert seen == {0, 1, 2, 3, 4}                     # every tied option gets its turn
    # no tie at the edge: nothing drawn, the same set
    rng = random.Random(1)
    state = rng.getstate()
    assert _look_set([3.0, 2.0, 1.0, 0.0], 2, rng) == {0, 1}
    assert rng.getstate() == state

"""Rules tests for Video Game High School, each naming its checklist ID."""
from __future__ import annotations

import pytest
from vghs_helpers import (
    BEAT_BLASTER,
    BRIAN,
    CAFETERIA,
    FIELD_OF_FIRE,
    FIST_FURY,
    FPS,
    FPS_CLASS,
    GTA,
    JENNY,
    KI,
    KOJIMA,
    LAW,
    OFFICE,
    PRINCIPAL,
    RACING,
    RACING_CLASS,
    RHYTHM,
    TED,
    WILD,
    faces,
    make_state,
    play,
    run,
    token_total,
)

from simcli.engine import IllegalActionError
from simcli.games.vghs.rules import GAME
from simcli.games.vghs.state import move_ranks

# ---- video games --------------------------------------------------------------------------


def test_VGHS_102_field_of_fire_example():
    """VGHS-102, VGHS-023, VGHS-024, VGHS-025, VGHS-054 (and VGHS-061, VGHS-062, VGHS-063,
    VGHS-064, VGHS-065, VGHS-066, VGHS-067): Field of Fire holds 2 bonus tokens; 4 FPS tokens and
    2 FPS dice spent score 6 million, a new high score: the tokens go back to the pile, a
    high score token is placed and the player gains 8 rank."""
    s = make_state(hand=[[], [], [], []])
    s.perm_a[0][FPS] = 2
    s.temp_a[0][FPS] = 2
    s.dice[0] = faces(FPS=2, Racing=3)
    s.bonus[FIELD_OF_FIRE] = 2
    s.bonus_supply = 18
    s.hs[FIELD_OF_FIRE] = 5
    run(s, ("place", 0))
    play(s, FIELD_OF_FIRE)
    assert s.pending.kind == "score"
    assert (4, 2) in s.pending.options
    play(s, (4, 2))
    assert s.hs[FIELD_OF_FIRE] == 6
    assert s.bonus[FIELD_OF_FIRE] == 0 and s.bonus_supply == 20
    assert s.hs_token[FIELD_OF_FIRE]
    assert s.rank[0] == 50 - 8
    # VGHS-084: spent skills move to the inactive pool; the racing dice stay active
    assert s.perm_i[0][FPS] == 2 and s.temp_i[0][FPS] == 2
    assert s.perm_a[0][FPS] == 0 and s.temp_a[0][FPS] == 0
    assert s.dice[0] == faces(Racing=3)


def test_VGHS_062_063_score_below_high_score_gains_rank_per_million_only():
    """VGHS-062, VGHS-063: each skill spent scores 1 million and 1 rank; below the high score no
    bonus tokens are taken and no high score token is placed (VGHS-064)."""
    s = make_state(hand=[[], [], [], []])
    s.dice[0] = faces(Rhythm=3)
    s.bonus[BEAT_BLASTER] = 3
    s.hs[BEAT_BLASTER] = 7
    run(s, ("place", 0))
    play(s, BEAT_BLASTER, (0, 3))
    assert s.rank[0] == 47
    assert s.bonus[BEAT_BLASTER] == 3 and s.hs[BEAT_BLASTER] == 7
    assert not s.hs_token[BEAT_BLASTER]


def test_VGHS_064_065_score_that_only_ties_the_high_score_is_not_a_new_high_score():
    """VGHS-064, VGHS-065, VGHS-066: a score equal to the high score is not 'the highest': the bonus
    tokens stay, no high score token, only 1 rank per million."""
    s = make_state(hand=[[], [], [], []])
    s.temp_a[0][FPS] = 4
    s.bonus[FIELD_OF_FIRE] = 2
    s.hs[FIELD_OF_FIRE] = 4
    run(s, ("place", 0))
    play(s, FIELD_OF_FIRE, (4, 0))
    assert s.rank[0] == 46
    assert s.bonus[FIELD_OF_FIRE] == 2
    assert not s.hs_token[FIELD_OF_FIRE]
    assert s.hs[FIELD_OF_FIRE] == 4


def test_VGHS_019_061_only_the_games_skill_and_wild_pay_and_score_zero_is_allowed():
    """VGHS-019, VGHS-061, VGHS-086: a video game is paid with its own skill type or Wild; other
    dice
    cannot be spent; a score of 0 is never a high score."""
    s = make_state(hand=[[], [], [], []])
    s.dice[0] = faces(FPS=1, Fighting=2, Wild=1)
    run(s, ("place", 0))
    play(s, FIELD_OF_FIRE)
    assert set(s.pending.options) == {(0, 0), (0, 1), (0, 2)}
    play(s, (0, 0))
    assert s.hs[FIELD_OF_FIRE] == 0 and not s.hs_token[FIELD_OF_FIRE] and s.rank[0] == 50


def test_VGHS_086_wild_die_scores_and_own_faces_are_spent_first():
    """VGHS-086: a Wild die counts as the game's skill."""
    s = make_state(hand=[[], [], [], []])
    s.dice[0] = faces(Fighting=1, Wild=2)
    run(s, ("place", 0))
    play(s, FIST_FURY, (0, 2))
    assert s.dice[0] == faces(Wild=1)
    assert s.rank[0] == 48 and s.hs[FIST_FURY] == 2


def test_VGHS_057_059_video_game_capacity_is_one():
    """VGHS-057, VGHS-059: once a standee is on a video game, no other standee can go there."""
    s = make_state(hand=[[], [], [], []])
    run(s, ("place", 0))
    play(s, FIELD_OF_FIRE)
    run(s, ("place", 1))
    assert FIELD_OF_FIRE not in s.pending.options
    assert FIST_FURY in s.pending.options


def test_VGHS_058_026_capacity_of_other_locations_comes_from_data():
    """VGHS-026, VGHS-058: Grand Theft Auditorium takes gta_capacity standees per round."""
    s = make_state(hand=[[], [], [], []], overrides={"gta_capacity": 2})
    for p in (0, 1):
        run(s, ("place", p))
        play(s, GTA)
    run(s, ("place", 2))
    assert GTA not in s.pending.options


# ---- rank track ---------------------------------------------------------------------------


def test_VGHS_087_088_gaining_rank_bumps_the_token_on_the_space():
    """VGHS-087, VGHS-088, VGHS-022, VGHS-028: moving up onto an occupied space bumps that token
    down 1."""
    rank = [30, 50, 50, 50]
    move_ranks(rank, {1: 20})
    assert rank == [31, 30, 50, 50]


def test_VGHS_089_bumping_chain():
    """VGHS-089: a bumped token landing on another token bumps it too (chain)."""
    rank = [40, 41, 42, 50]
    move_ranks(rank, {3: 10})
    assert rank == [41, 42, 43, 40]


def test_VGHS_090_floor_at_50_and_shared_space_50():
    """VGHS-090: never below 50; a token bumped from 49 lands on 50 with the others."""
    rank = [49, 50, 50, 47]
    move_ranks(rank, {1: 1})
    assert rank == [50, 49, 50, 47]
    move_ranks(rank, {3: -10})
    assert rank == [50, 49, 50, 50]


def test_VGHS_091_simultaneous_moves_do_not_bump_a_token_that_moves_away():
    """VGHS-091: two players losing 2 rank at once from 10 and 12 end on 12 and 14; moved
    one at a time the first would have bumped the second."""
    rank = [10, 12, 30, 50]
    move_ranks(rank, {0: -2, 1: -2})
    assert rank == [12, 14, 30, 50]


def test_VGHS_091_simultaneous_moves_onto_one_space_and_bump_chains():
    """VGHS-091: movers aiming at one space: the one that stood higher keeps it and bumps
    the other; movers still bump tokens that stay."""
    rank = [20, 21, 24, 50]
    move_ranks(rank, {0: -4, 1: -3})      # both aim at 24, where player 2 stands
    assert rank == [24, 25, 26, 50]
    rank = [20, 21, 24, 50]
    move_ranks(rank, {0: -4, 1: -3, 2: 0})
    assert rank == [24, 25, 26, 50]


def test_VGHS_097_reaching_space_1_ends_the_game_at_once():
    """VGHS-097, VGHS-001: reaching rank 1 ends the game immediately; that player wins."""
    s = make_state(hand=[[], [], [], []], rank=[5, 2, 50, 50])
    s.dice[0] = faces(FPS=5)
    run(s, ("place", 0), ("place", 1))
    play(s, FIELD_OF_FIRE, (0, 5))
    assert s.over and s.end_reason == "rank1"
    assert GAME.decision(s) is None
    assert s.rank == [1, 2, 50, 50]
    res = GAME.result(s)
    assert res.win_shares == (1.0, 0.0, 0.0, 0.0) and res.end_reason == "rank1"
    assert res.seat_metrics[0]["final_rank"] == 1


# ---- Grand Theft Auditorium and the challenge phase -----------------------------------------


def test_VGHS_068_069_defeating_the_challenge_pays_needed_skills_for_victory():
    """VGHS-016, VGHS-017, VGHS-068, VGHS-069: Boss Rush needs 2 FPS + 1 Fighting; a Wild die
    covers one FPS;
    the victory effect gains 4 rank."""
    s = make_state(hand=[[], [], [], []], challenge=0)
    s.dice[0] = faces(FPS=1, Wild=1, Racing=2)
    s.temp_a[0][1] = 1
    run(s, ("place", 0))
    play(s, GTA)
    assert s.pending.kind == "challenge" and "skip" in s.pending.options
    play(s, "tokens_first")
    assert s.rank[0] == 46
    assert s.dice[0] == faces(Racing=2)
    assert s.temp_i[0][1] == 1 and s.temp_a[0][1] == 0


def test_VGHS_070_standee_on_gta_without_defeating_avoids_game_over():
    """VGHS-070, VGHS-093, VGHS-018: a player may stand on Grand Theft Auditorium without
    spending; only
    the players without a standee there suffer the game over effect (Boss Rush: -2)."""
    s = make_state(hand=[[], [], [], []], challenge=0, rank=[30, 31, 32, 33])
    s.dice[0] = faces(FPS=2, Fighting=1)
    run(s, ("place", 0))
    play(s, GTA, "skip")
    assert s.rank[0] == 30
    s.left = [0, 0, 0, 0]
    run(s, ("challenge_phase",))
    assert s.rank == [30, 33, 34, 35]


def test_VGHS_069_cannot_defeat_without_the_needed_skills():
    """VGHS-069: with too few matching skills there is no option to defeat."""
    s = make_state(hand=[[], [], [], []], challenge=0)
    s.dice[0] = faces(FPS=1, Fighting=1, Racing=3)
    run(s, ("place", 0))
    play(s, GTA)
    assert s.pending is None or s.pending.kind != "challenge"
    assert s.rank[0] == 50


def test_VGHS_081_power_up_skill_symbols_count_as_spent_skills():
    """VGHS-081: The Law's Full Arsenal (3 FPS symbols) is treated as 3 FPS spent: with 2
    FPS dice Field of Fire scores 5 million."""
    s = make_state(chars=(LAW, KI, PRINCIPAL, JENNY), hand=[[6], [], [], []])
    s.dice[0] = faces(FPS=2, Racing=3)
    run(s, ("place", 0))
    play(s, FIELD_OF_FIRE)
    assert s.pending.kind == "power_up" and set(s.pending.options) == {"none", 6}
    play(s, 6, (0, 2))
    assert s.rank[0] == 45 and s.hs[FIELD_OF_FIRE] == 5
    assert s.played[0] == [6] and s.hand[0] == []            # VGHS-080


def test_VGHS_081_power_up_symbols_count_toward_a_challenge():
    """VGHS-081: symbols also pay a challenge's needed skills (Boss Rush, 2 FPS + 1 Fighting
    with Full Arsenal and one Fighting die); The Law's ability adds 1 rank."""
    s = make_state(chars=(LAW, KI, PRINCIPAL, JENNY), hand=[[6], [], [], []], challenge=0)
    s.dice[0] = faces(Fighting=1)
    run(s, ("place", 0))
    play(s, GTA, 6, "tokens_first")
    assert s.rank[0] == 50 - 4 - 1
    assert s.dice[0] == faces()


def test_VGHS_079_at_most_one_power_up_per_turn():
    """VGHS-078, VGHS-079: each player starts with 3 cards and plays at most one per turn."""
    s = make_state(hand=[[9, 10, 11], [], [], []])
    assert len(s.hand[0]) == 3
    run(s, ("place", 0))
    play(s, KOJIMA)
    assert s.pending.kind == "power_up"
    play(s, 10)                       # Nitro: 2 temporary Racing tokens
    assert s.temp_a[0][RACING] == 2
    assert s.pending is None or s.pending.kind != "power_up"


def test_VGHS_093_094_095_096_challenge_phase():
    """VGHS-092, VGHS-093, VGHS-094, VGHS-095, VGHS-096: game over for the absent, the challenge
    leaves, a bonus token goes on
    every video game without a high score token, then high score tokens are cleared."""
    s = make_state(hand=[[], [], [], []], challenge=6, rank=[20, 21, 22, 23])
    s.on_gta = [1, 0, 0, 1]
    s.hs_token[FIELD_OF_FIRE] = True
    s.bonus[FIST_FURY] = 2
    s.deck = []
    run(s, ("challenge_phase",))
    assert s.rank == [20, 22, 23, 24]         # Grudge Match: -1 for players 2 and 3
    assert s.challenge == -1
    assert s.bonus[FIELD_OF_FIRE] == 0 and s.bonus[FIST_FURY] == 3 and s.bonus[2] == 1
    assert s.bonus_supply == 20 - 4
    assert not any(s.hs_token)
    assert s.over and s.end_reason == "deck_empty"   # no challenge left to reveal


def test_VGHS_091_game_over_rank_losses_are_simultaneous():
    """VGHS-091, VGHS-093: Grudge Match game over (-1 rank) for players on 21 and 22 moves both
    at once: 22 and 23, and the player on 23 is bumped to 24."""
    s = make_state(hand=[[], [], [], []], challenge=6, rank=[20, 21, 22, 23])
    s.on_gta = [1, 0, 0, 1]
    run(s, ("challenge_phase",))
    assert s.rank == [20, 22, 23, 24]


def test_VGHS_098_099_deck_exhaustion_ends_the_game_best_rank_wins():
    """VGHS-098, VGHS-099: when a challenge should be revealed and none is left the game ends;
    the highest rank (closest to 1) wins."""
    s = make_state(hand=[[], [], [], []], rank=[30, 12, 40, 50])
    s.deck = []
    s.round = 10
    run(s, ("end_round",))
    assert s.over and s.end_reason == "deck_empty"
    res = GAME.result(s)
    assert res.win_shares == (0.0, 1.0, 0.0, 0.0)
    assert res.places == (2, 1, 3, 4)
    assert res.turns == 10 and res.metrics["rounds"] == 10


# ---- Kojima Quad, Cafeteria, classes, Office ---------------------------------------------------


def test_VGHS_071_072_kojima_quad_returns_a_power_up_for_any_die():
    """VGHS-071, VGHS-072: spend 1 die of any result to take a played card back into hand."""
    s = make_state(hand=[[9], [], [], []], played=[[10, 11], [], [], []])
    s.dice[0] = faces(Wild=1, Racing=1)
    run(s, ("place", 0))
    play(s, KOJIMA)          # Power Slide's Racing symbols would do nothing here
    assert s.pending.kind == "kojima"
    assert set(s.pending.options) == {"skip", (10, RACING), (10, WILD), (11, RACING),
                                      (11, WILD)}
    play(s, (11, RACING))
    assert sorted(s.hand[0]) == [9, 11] and s.played[0] == [10]
    assert s.dice[0] == faces(Wild=1)


def test_VGHS_101_cafeteria_changes_up_to_three_dice():
    """VGHS-101, VGHS-060, VGHS-027: the Cafeteria (activations 3) changes the face of up to 3
    dice."""
    s = make_state(hand=[[], [], [], []])
    s.dice[0] = faces(Racing=4, RTS=1)
    run(s, ("place", 0))
    play(s, CAFETERIA)
    for _ in range(3):
        assert s.pending.kind == "change_die" and "done" in s.pending.options
        play(s, (RACING, FPS))
    assert s.dice[0] == faces(FPS=3, Racing=1, RTS=1)
    assert s.pending.kind == "place" and s.pending.player == 1


def test_VGHS_060_cafeteria_may_stop_early():
    """VGHS-060: the effect may be resolved fewer times than the activations value."""
    s = make_state(hand=[[], [], [], []])
    s.dice[0] = faces(Racing=2)
    run(s, ("place", 0))
    play(s, CAFETERIA, (RACING, WILD), "done")
    assert s.dice[0] == faces(Racing=1, Wild=1)
    assert s.pending.kind == "place" and s.pending.player == 1


def test_VGHS_073_074_075_class_buys_tokens_of_its_type_three_times():
    """VGHS-073, VGHS-074, VGHS-075, VGHS-082: a class sells tokens of its skill, up to 3 per
    placement,
    into the active pool."""
    s = make_state(hand=[[], [], [], []])
    s.dice[0] = faces(Rhythm=4, Wild=1)
    run(s, ("place", 0))
    play(s, FPS_CLASS)
    for _ in range(3):
        play(s, ("temp", (RHYTHM,)))
    assert s.temp_a[0][FPS] == 3 and s.supply[FPS] == 7
    assert s.dice[0] == faces(Rhythm=1, Wild=1)
    assert s.pending.kind == "place" and s.pending.player == 1


def test_VGHS_076_class_activations_all_temporary_or_all_permanent():
    """VGHS-076: after buying a permanent token only permanent ones can follow."""
    s = make_state(hand=[[], [], [], []])
    s.dice[0] = faces(Rhythm=5)
    run(s, ("place", 0))
    play(s, RACING_CLASS)
    modes = {o[0] for o in s.pending.options if o != "done"}
    assert modes == {"temp", "perm"}
    play(s, ("perm", (RHYTHM, RHYTHM)))
    assert {o[0] for o in s.pending.options if o != "done"} == {"perm"}
    play(s, ("perm", (RHYTHM, RHYTHM)))
    assert s.perm_a[0][RACING] == 2 and s.dice[0] == faces(Rhythm=1)
    assert s.pending.kind == "place"  # one die left: no third permanent token


def test_VGHS_077_only_dice_buy_class_tokens():
    """VGHS-077: skill tokens cannot pay at a class: without dice there is nothing to buy."""
    s = make_state(hand=[[], [], [], []])
    s.perm_a[0][RHYTHM] = 5
    s.temp_a[0][WILD] = 2
    run(s, ("place", 0))
    play(s, FPS_CLASS)
    assert s.pending.kind == "place" and s.perm_a[0][FPS] == 0 and s.temp_a[0][FPS] == 0


def test_class_price_and_matching_rule_are_data():
    """class_perm_cost, class_dice_any_face: with matching required only the class skill
    or Wild pays; Principal Wong's discount makes permanent tokens cost 1 die."""
    s = make_state(chars=(PRINCIPAL, KI, TED, JENNY), hand=[[], [], [], []],
                   overrides={"class_dice_any_face": False})
    s.dice[0] = faces(FPS=1, Wild=1, Racing=3)
    run(s, ("place", 0))
    play(s, FPS_CLASS)
    assert set(s.pending.options) == {"done", ("temp", (FPS,)), ("temp", (WILD,)),
                                      ("perm", (FPS,)), ("perm", (WILD,))}


def test_first_player_location_takes_the_token():
    """first_player_location (published fact): the Principal's Office takes the token."""
    s = make_state(hand=[[], [], [], []])
    run(s, ("place", 2))
    play(s, OFFICE)
    assert s.first == 2
    assert OFFICE not in GAME.make_rules(
        {**GAME.default_data(), "first_player_location": False}, 4).locations


# ---- prepare phase --------------------------------------------------------------------------


def test_VGHS_045_046_047_roll_and_two_rerolls_of_any_subset():
    """VGHS-045, VGHS-046, VGHS-047: 5 dice rolled, up to two rerolls; every subset (by faces
    kept) is
    an option and kept dice keep their faces."""
    s = make_state(chars=(KI, PRINCIPAL, LAW, BRIAN), hand=[[], [], [], []])
    s.deck = [3, 4]
    run(s, ("round_start",))
    d = s.pending
    assert d.kind == "reroll" and d.player == 0
    dice = s.dice[0]
    assert sum(dice) == 5
    expected = 1
    for c in dice:
        expected *= c + 1
    assert len(d.options) == expected
    keep = tuple(dice[:1]) + (0,) * 5
    play(s, keep)
    assert s.dice[0][0] >= keep[0] and sum(s.dice[0]) == 5
    assert s.pending.kind == "reroll" and s.pending.player == 0   # the second reroll
    play(s, (0,) * 6)
    assert s.pending.kind == "reroll" and s.pending.player == 1   # no third


def test_VGHS_046_keeping_everything_ends_rolling_and_ted_rerolls_three_times():
    """VGHS-046, VGHS-100: keeping all dice ends the rerolls; Ted Wong's ability (a card
    that overrides the rulebook's two rerolls) adds a third."""
    s = make_state(chars=(TED, KI, PRINCIPAL, LAW), hand=[[], [], [], []])
    run(s, ("round_start",))
    for _ in range(3):
        assert s.pending.player == 0 and s.pending.kind == "reroll"
        play(s, (0,) * 6)
    assert s.pending.player == 1
    play(s, tuple(s.dice[1]))
    assert s.pending.player == 2


def test_jenny_matrix_changes_one_die_after_rolling():
    """VGHS-014 (abilities), published fact: Jenny Matrix may change one die she rolled to a
    face of her choice."""
    s = make_state(chars=(JENNY, KI, PRINCIPAL, LAW), hand=[[], [], [], []])
    run(s, ("round_start",))
    play(s, tuple(s.dice[0]))
    assert s.pending.kind == "change_die" and s.pending.player == 0
    a = next(f for f in range(6) if s.dice[0][f])
    b = (a + 1) % 6
    before = list(s.dice[0])
    play(s, (a, b))
    assert s.dice[0][a] == before[a] - 1 and s.dice[0][b] == before[b] + 1
    assert s.pending.player == 1


def test_VGHS_049_050_051_refresh_and_retrieve():
    """VGHS-049, VGHS-050, VGHS-051, VGHS-021, VGHS-020: permanent tokens return to the active
    pool, temporary
    ones in the inactive pool go back to the supply (unspent ones stay), standees return."""
    s = make_state(hand=[[], [], [], []])
    s.perm_i[0][FPS] = 2
    s.temp_i[0][RACING] = 3
    s.temp_a[0][RHYTHM] = 1
    s.supply = [8, 10, 7, 9, 10, 0]
    s.left = [0, 0, 0, 0]
    s.occ[GTA] = 3
    run(s, ("prepare_rest",))
    assert s.perm_a[0][FPS] == 2 and s.perm_i[0][FPS] == 0
    assert s.temp_i[0][RACING] == 0 and s.supply[RACING] == 10
    assert s.temp_a[0][RHYTHM] == 1
    assert s.left == [3, 3, 3, 3] and s.occ[GTA] == 0
    assert s.pending.kind == "place" and s.pending.player == s.first


def test_VGHS_052_055_056_turn_order_and_three_standees_each():
    """VGHS-052, VGHS-053, VGHS-055, VGHS-056: from the first player clockwise, one standee per
    turn, until
    every player has placed 3; then the challenge phase runs."""
    s = make_state(hand=[[], [], [], []], first=2)
    run(s, ("place", 2))
    order = []
    while s.pending is not None and s.pending.kind != "reroll" and not s.over:
        d = s.pending
        if d.kind == "place":
            order.append(d.player)
            play(s, OFFICE if OFFICE in d.options else d.options[-1])
        else:
            play(s, d.options[0])
    assert order == [2, 3, 0, 1] * 3
    assert s.round == 2            # the challenge phase ran and round 2 began


def test_VGHS_083_gain_any_type_offers_a_choice():
    """VGHS-083: Pep Talk's 'any' token may be of any type with tokens in the supply."""
    s = make_state(hand=[[11], [], [], []])
    s.supply = [0, 3, 3, 3, 3, 0]
    run(s, ("place", 0))
    play(s, KOJIMA, 11)
    assert s.pending.kind == "gain" and set(s.pending.options) == {1, 2, 3, 4}
    play(s, RHYTHM)
    assert s.temp_a[0][RHYTHM] == 1 and s.rank[0] == 49


def test_game_over_discard_hand_and_lose_tokens():
    """Published penalty: Dance Off's game over discards the power-ups in hand; Raid
    Night's makes the player give up 2 temporary tokens of his choice."""
    s = make_state(hand=[[9, 10], [12], [], []], challenge=3)
    s.on_gta = [0, 1, 1, 1]
    run(s, ("challenge_phase",))
    assert s.hand[0] == [] and sorted(s.played[0]) == [9, 10] and s.hand[1] == [12]
    s = make_state(hand=[[], [], [], []], challenge=2)
    s.temp_a[0] = [1, 0, 2, 0, 0, 0]
    s.on_gta = [0, 1, 1, 1]
    total = token_total(s)
    run(s, ("challenge_phase",))
    assert s.pending.kind == "lose" and set(s.pending.options) == {0, 2}
    play(s, 2, 0)
    assert s.temp_a[0] == [0, 0, 1, 0, 0, 0] and token_total(s) == total


def test_reset_high_score_power_up():
    """Published fact: one of the principal's power-ups resets a video game's high score."""
    s = make_state(chars=(PRINCIPAL, KI, TED, JENNY), hand=[[15], [], [], []])
    s.hs = [4, 2, 0, 0, 0]
    s.dice[0] = faces(FPS=1)
    s.bonus[FIELD_OF_FIRE] = 3
    run(s, ("place", 0))
    play(s, FIELD_OF_FIRE, 15)
    assert s.pending.kind == "reset_hs"
    play(s, FIELD_OF_FIRE, (0, 1))
    assert s.hs[FIELD_OF_FIRE] == 1 and s.rank[0] == 50 - 1 - 3


def test_brian_scores_a_bonus_million_on_fps_games():
    s = make_state(chars=(BRIAN, KI, TED, JENNY), hand=[[], [], [], []])
    s.dice[0] = faces(FPS=2)
    run(s, ("place", 0))
    play(s, FIELD_OF_FIRE, (0, 2))
    assert s.hs[FIELD_OF_FIRE] == 3 and s.rank[0] == 47


def test_illegal_action_is_rejected():
    s = make_state(hand=[[], [], [], []])
    run(s, ("place", 0))
    with pytest.raises(IllegalActionError):
        GAME.apply(s, 99)


def test_VGHS_042_043_044_048_prepare_phase_order():
    """VGHS-042, VGHS-043, VGHS-044, VGHS-048, VGHS-041: the top challenge card is revealed,
    everyone rolls and rerolls, tokens refresh and standees return, then the player turns
    phase begins with the dice exactly as rolled."""
    s = make_state(chars=(KI, PRINCIPAL, LAW, BRIAN), hand=[[], [], [], []])
    s.deck = [3, 7]
    s.perm_i[1][FPS] = 1
    s.left = [0, 0, 0, 0]
    run(s, ("round_start",))
    assert s.challenge == 7 and s.deck == [3] and s.round == 2
    assert s.perm_i[1][FPS] == 1            # refresh comes after the rolls
    rolled = None
    while s.pending.kind == "reroll":
        play(s, tuple(s.dice[s.pending.player]))   # keep everything
        rolled = [list(d) for d in s.dice]
    assert s.pending.kind == "place" and s.pending.player == s.first
    assert s.dice == rolled
    assert s.perm_a[1][FPS] == 1 and s.left == [3, 3, 3, 3]


def test_power_up_plays_that_change_nothing_are_not_offered():
    """VGHS-079, VGHS-081: skill symbols only count where skills are spent; a card whose
    play would change nothing (Racing symbols at Field of Fire) is not offered, a Wild
    symbol card is."""
    s = make_state(chars=(JENNY, KI, TED, LAW), hand=[[1, 9], [], [], []])
    s.dice[0] = faces(FPS=1)
    run(s, ("place", 0))
    play(s, FIELD_OF_FIRE)
    assert s.pending.kind == "power_up" and s.pending.options == ("none", 1)


def test_challenge_options_match_the_payment_plans():
    """VGHS-068, VGHS-086: the challenge is offered exactly when some payment covers the
    needed skills (Wild filling the gaps), and 'dice_first' only when it spends otherwise
    than 'tokens_first'."""
    import random

    from simcli.games.vghs import phases

    rng = random.Random(4)
    for trial in range(3000):
        s = make_state(hand=[[], [], [], []], challenge=trial % 10)
        s.dice[0] = [rng.choice((0, 0, 1, 2)) for _ in range(6)]
        s.perm_a[0] = [rng.choice((0, 0, 0, 1)) for _ in range(6)]
        s.temp_a[0] = [rng.choice((0, 0, 0, 1)) for _ in range(6)]
        s.sym = [rng.choice((0, 0, 0, 0, 1)) for _ in range(6)]
        needed = s.rules.challenges[s.challenge].needed
        a = phases.challenge_payment(s, 0, needed, True)
        b = phases.challenge_payment(s, 0, needed, False)
        opts = phases.opts_challenge(s, ("challenge", 0))
        if a is None:
            assert b is None and opts == ()
        else:
            assert opts == (("skip", "tokens_first") if a == b
                            else ("skip", "tokens_first", "dice_first"))

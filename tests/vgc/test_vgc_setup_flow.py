"""Components, Setup, the Week (Reset the Board, Routine, Initiative Reset, Weekend)."""
from __future__ import annotations

import random

import pytest
from vgc_helpers import (
    GAME,
    R,
    crystal_total,
    give_tiles,
    make_state,
    play_random,
    rules_for,
    set_turn,
    tile,
    tile_total,
)

from simcli.engine import RulesError


def test_VGC_components_counts():
    """VGC-003 8 Action Boards, VGC-004 5 notebooks (5 player colors), VGC-005 3 meeples
    each, VGC-007 40 Crystals 8 of 5 colors, VGC-009 50 Button Tiles, VGC-010 30 games,
    VGC-011 5 Initial games, VGC-012 17 Achievements, VGC-013 15 Magazines."""
    data = GAME.default_data()
    assert len(data["boards"]) == 8
    r = rules_for(5)
    assert len(r.colors) * r.per_color == 40 and r.per_color == 8
    assert len(r.tiles) == 50
    assert r.n_games == 30 and len(r.cards) == 35
    assert sum(1 for c in r.cards if c.initial) == 5
    assert len(r.achievements) == 17
    assert len(r.magazines) == 15
    assert r.p["meeples"] == 3
    assert max(GAME.players) == 5


def test_VGC_006_008_100_tokens_not_component_limited():
    """VGC-006, VGC-008, VGC-100, VGC-022, VGC-029: Dollars and IOUs are reserves without a
    limit: the state keeps no reserve count, players just gain them."""
    s = make_state()
    assert not hasattr(s, "dollar_reserve") and not hasattr(s, "iou_reserve")


def test_VGC_014_015_021_grid_4_players():
    """VGC-014, VGC-015, VGC-021, VGC-020: 4 boards right (columns) and 4 above (rows) of
    the Initiative Board, dark side; each of the 16 spaces holds a tile from the shuffled
    bag and is aligned with one column board and one row board."""
    s = make_state(4)
    r = s.rules
    assert r.n_slots == 8 and len(r.spaces) == 16
    assert sorted(s.slot_board) == list(range(8))
    for a, b in r.spaces:
        assert 0 <= a < 4 <= b < 8
    assert all(t >= 0 for t in s.grid)
    acts = s.space_actions[0]
    assert acts == tuple(dict.fromkeys(r.boards[s.slot_board[0]] + r.boards[s.slot_board[4]]))
    other = make_state(4, seed=2)
    assert other.slot_board != s.slot_board or other.grid != s.grid


def test_VGC_016_017_018_019_grid_2_players():
    """VGC-016 light side, VGC-017 the 2 blank boards go back, VGC-018 3 x 3 boards,
    VGC-019 tiles 0 and 9 go back to the box."""
    s = make_state(2)
    r = s.rules
    assert len(r.boards) == 6 and all(len(b) == 2 for b in r.boards)
    assert r.n_slots == 6 and len(r.spaces) == 9
    assert len(r.tiles) == 40 and all(1 <= t // 5 <= 8 for t in r.tiles)
    assert sorted(t // 5 for t in s.box_tiles) == [0] * 5 + [9] * 5
    assert tile_total(s) == 50


def test_VGC_069_two_player_board_offers_one_of_two():
    """VGC-069: on a 2P board showing 2 options the player chooses one of them."""
    s = make_state(2)
    acts = s.space_actions[0]
    assert len(acts) >= 3  # two boards, two options each (duplicates merged)
    GAME.apply(s, 0)
    assert s.dec.kind == "action"
    names = {o[0] for o in s.dec.options}
    assert names <= {a[0] for a in acts} | {"none"}
    GAME.apply(s, ("none",))
    assert s.step in ("discard", "play")


def test_VGC_070_071_five_player_shared_spaces():
    """VGC-070, VGC-071: 5 players add outer spaces aligned with two boards of one line;
    such a tile offers only those two boards' Actions, one of which is taken."""
    s = make_state(5)
    r = s.rules
    assert len(r.spaces) == 20
    for space in range(16, 20):
        a, b = r.spaces[space]
        expect = tuple(dict.fromkeys(r.boards[s.slot_board[a]] + r.boards[s.slot_board[b]]))
        assert s.space_actions[space] == expect


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_VGC_084_085_tiles_left_after_routine(n):
    """VGC-084, VGC-085, VGC-083: after three Routine rounds as many tiles remain on the
    Grid as there are players (three in a 2-player game)."""
    s = make_state(n, seed=3)
    play_random(s, random.Random(1), until=lambda st: st.phase == "weekend")
    left = sum(1 for t in s.grid if t >= 0)
    assert left == (3 if n == 2 else n)


@pytest.mark.parametrize("n,up", [(4, 7), (5, 8)])
def test_VGC_023_024_025_027_rental_store(n, up):
    """VGC-023 15 of the 30 games form the Rental Store, VGC-024 7 face up (VGC-025 8 for
    5 players), VGC-026, VGC-027 a Crystal on each of the last 10; VGC-032 the other 15 form
    the Video Game Store deck."""
    s = make_state(n)
    assert len(s.rental) == 15 and len(set(s.rental)) == 15
    assert s.rental_up == up
    assert set(s.rental).isdisjoint(s.store_deck + s.store)
    assert len(s.store_deck) + len(s.store) == 15
    on_cards = [s.card_crystal.get(s.rental[x], -1) for x in range(s.rental_up)]
    on_cards += s.hidden_crystal
    assert all(c >= 0 for c in on_cards[5:]) and all(c < 0 for c in on_cards[:5])


def test_VGC_028_031_033_trail_newsstand_store():
    """VGC-028 4 tiles on the Thrill Trail, VGC-030, VGC-031 3 Magazines with a Crystal each,
    VGC-033 3 Store games with a Crystal each; VGC-026 every Crystal starts in the bag:
    40 = 24 in the bag + 16 on cards."""
    s = make_state(4)
    assert len(s.thrill) == 4 and all(t >= 0 for t in s.thrill)
    assert len(s.newsstand) == 3 and all(s.mag_crystal[m] >= 0 for m in s.newsstand)
    assert len(s.store) == 3 and all(g in s.card_crystal for g in s.store)
    assert len(s.crystal_bag) == 24 and crystal_total(s) == 40


@pytest.mark.parametrize("n,expect", [(2, [2, 1, 1, 1]), (3, [3, 1, 1, 2]), (4, [3, 1, 1, 2]),
                                      (5, [4, 1, 1, 3])])
def test_VGC_034_035_036_037_038_achievements_by_type(n, expect):
    """VGC-034, VGC-035, VGC-036, VGC-037, VGC-038: Achievements drawn per type and player count."""
    s = make_state(n)
    counts = [0, 0, 0, 0]
    for aid in s.achievements:
        counts[s.rules.achievements[aid].type] += 1
    assert counts == expect


def test_VGC_039_040_041_player_area_and_notebook_side():
    """VGC-039 meeples, VGC-040 an Initial game and a notebook each, VGC-041 each player
    chooses a notebook side (a decision per player)."""
    s = GAME.setup(3, rules_for(3), random.Random(1))
    seen = []
    while s.dec.kind == "side":
        assert s.dec.options == ("A", "B")
        seen.append(s.dec.player)
        GAME.apply(s, "B" if s.dec.player == 1 else "A")
    assert seen == [0, 1, 2]
    assert [pl.side for pl in s.players] == [0, 1, 0]
    assert [pl.initial for pl in s.players] == [30, 31, 32]
    assert all(pl.meeples == 3 for pl in s.players)


def test_VGC_042_043_044_045_046_047_226_press_start():
    """VGC-042, VGC-043 seat order is the initiative order (P1 first); VGC-044 2 tiles, VGC-045
    1 Dollar each; VGC-046, VGC-047, VGC-226 the first player also gets 2 IOUs; the 4th (printed
    table provisional) an extra tile."""
    s = make_state(4)
    assert s.order == [0, 1, 2, 3] and s.dec.player == 0
    p1, p2, p3, p4 = s.players
    assert (len(p1.tiles), p1.dollars, p1.ious) == (2, 1, 2)
    assert (len(p2.tiles), p2.dollars, p2.ious) == (2, 1, 1)
    assert (len(p3.tiles), p3.dollars, p3.ious) == (2, 1, 0)
    assert (len(p4.tiles), p4.dollars, p4.ious) == (3, 1, 0)
    assert p1.start_text == "2 IOU" and p3.start_text == "none" and p4.start_text == "1 tile"


def test_start_bonus_is_a_rules_parameter():
    """VGC-046: the starting-bonus table is overridable; entries are strings or tables."""
    s = make_state(4, start_bonus={"4": ["", "1 dollar + 1 IOU", {"tile": 2}, "none"]})
    p1, p2, p3, p4 = s.players
    assert (p1.ious, p2.ious, p2.dollars, len(p3.tiles), len(p4.tiles)) == (0, 1, 2, 4, 2)
    assert p2.start_text == "1 IOU + 1 dollar"
    with pytest.raises(RulesError) as err:
        rules_for(4, start_bonus={"4": ["2 IOU"]})
    assert err.value.key == "start_bonus.4"
    with pytest.raises(RulesError) as err:
        rules_for(4, start_bonus={"4": ["2 cookies", "", "", ""]})
    assert err.value.key == "start_bonus.4[0]"
    with pytest.raises(RulesError):
        rules_for(3, start_bonus={"4": ["", "", "", ""]})


def test_VGC_048_start_bonus_only_at_the_beginning():
    """VGC-048: Reset the Board gives no starting items again."""
    s = make_state(4)
    before = [(pl.ious, pl.dollars, len(pl.tiles)) for pl in s.players]
    s.week = 2
    R.reset_board(s)
    assert [(pl.ious, pl.dollars, len(pl.tiles)) for pl in s.players] == before


def test_VGC_049_050_051_053_212_five_weeks():
    """VGC-049 5 Weeks; VGC-050 3 Routine turns and 1 Weekend turn per player per Week;
    VGC-051 order Reset, Routine, Initiative Reset, Weekend; VGC-053, VGC-212 scoring after the
    fifth Weekend."""
    s = make_state(4, seed=5)
    rng = random.Random(2)
    takes: dict = {}
    weekends: dict = {}
    phases = []
    while s.dec is not None:
        d = s.dec
        key = (s.week, d.player)
        if d.kind == "take":
            takes[key] = takes.get(key, 0) + 1
        if s.phase == "weekend" and d.kind == "play" and (not phases or phases[-1] != key):
            weekends[key] = weekends.get(key, 0) + 1
            phases.append(key)
        GAME.apply(s, d.options[int(rng.random() * len(d.options))])
    assert s.week == 5 and s.phase == "over"
    assert all(takes[(w, p)] == 3 for w in range(1, 6) for p in range(4))
    assert all(weekends[(w, p)] == 1 for w in range(1, 6) for p in range(4))
    res = GAME.result(s)
    assert res.turns == 5 and res.end_reason == "weeks"


def test_VGC_086_087_088_089_227_initiative_reset_example():
    """VGC-086, VGC-087, VGC-088, VGC-089, VGC-227: pink reserved first and blue second; the
    others slide right
    in order: pink, blue, green, white, black."""
    green, pink, white, blue, black = range(5)
    s = make_state(5)
    s.order = [green, pink, white, blue, black]
    s.reserved = [pink, blue]
    R.initiative_reset(s)
    assert s.order == [pink, blue, green, white, black]
    assert s.reserved == []


def test_VGC_052_090_091_weekend_uses_new_order_and_rental():
    """VGC-052, VGC-090 the new order is set before the Weekend; VGC-091, VGC-125 each
    player goes to the Rental Store in it; VGC-092 and may Play/Beat."""
    s = make_state(4, seed=4)
    rng = random.Random(4)
    expected = None
    while s.phase == "routine":
        if s.round == 2 and s.turn == 3 and s.step == "play" and expected is None:
            expected = list(s.reserved) + [p for p in s.order if p not in s.reserved]
        GAME.apply(s, s.dec.options[int(rng.random() * len(s.dec.options))])
    assert s.phase == "weekend" and s.order == expected
    assert s.dec.kind == "play" and s.rent_window
    assert s.dec.player == expected[0]


def test_VGC_054_055_056_057_060_062_063_064_065_reset_the_board():
    """VGC-054 skipped in Week 1 (setup did it); VGC-055 meeples return; VGC-056, VGC-057 Grid
    tiles discarded and refilled; VGC-060 2 more rentals face up; VGC-062, VGC-063 old
    Magazines to the box with their Crystals, 3 new with Crystals; VGC-064, VGC-065 same for
    the Store; VGC-061 the box is not part of any view."""
    s = make_state(4)
    assert s.week == 1
    pl = s.players[0]
    s.meeple[0] = 0
    pl.meeples, pl.rented = 2, [0]
    old_grid = [t for t in s.grid if t >= 0][:5]
    s.grid[5:] = [-1] * 11
    old_mags, old_store = list(s.newsstand), list(s.store)
    crystals_on_old = len(old_mags) + len(old_store)
    s.week = 2
    R.reset_board(s)
    assert pl.meeples == 3 and pl.rented == [] and s.meeple[0] == -1
    assert all(t in s.discard or t in s.grid for t in old_grid)  # discarded, maybe redrawn
    assert all(t >= 0 for t in s.grid)
    assert s.rental_up == 9
    assert s.box_mags == old_mags and s.box_cards == old_store
    assert s.box_crystals == crystals_on_old
    assert len(s.newsstand) == 3 and len(s.store) == 3
    assert crystal_total(s) == 40
    v = GAME.view(s, 0)
    assert not hasattr(v, "box_cards") and not hasattr(v, "box_mags")


def test_VGC_058_bag_refilled_from_discard():
    """VGC-058, VGC-098: an empty bag takes back the Discard Board and drawing goes on."""
    s = make_state(4)
    s.discard.extend(s.bag)
    s.bag.clear()
    set_turn(s, 0, "action")
    s.space_actions = tuple(((("planning", 0),),) * len(s.grid))
    R.advance(s)
    hand = len(s.players[0].tiles)
    GAME.apply(s, ("planning",))
    assert len(s.players[0].tiles) == hand + 2
    assert s.discard == [] and len(s.bag) > 0


def test_VGC_059_empty_bag_and_discard_gives_a_dollar():
    """VGC-059: with bag and Discard Board empty a draw gives a Dollar instead."""
    s = make_state(4)
    s.box_tiles.extend(s.bag)
    s.bag.clear()
    s.discard.clear()
    set_turn(s, 0, "action")
    s.space_actions = tuple(((("planning", 0),),) * len(s.grid))
    R.advance(s)
    pl = s.players[0]
    hand, dollars = len(pl.tiles), pl.dollars
    GAME.apply(s, ("planning",))
    assert len(pl.tiles) == hand and pl.dollars == dollars + 2
    s.box_tiles.extend(t for t in s.grid if t >= 0)
    s.grid = [-1] * len(s.grid)
    s.week = 2
    R.reset_board(s)  # nothing to draw: the Grid spaces stay empty
    assert all(t == -1 for t in s.grid)


def test_VGC_066_067_068_routine_steps():
    """VGC-066 take, act, discard, play, end; VGC-067 the tile moves to the player;
    VGC-068 one Action from the space's row or column boards, or none."""
    s = make_state(4)
    pl = s.players[0]
    assert s.dec.kind == "take"
    t = s.grid[3]
    GAME.apply(s, 3)
    assert t in pl.tiles and s.grid[3] == -1
    assert s.dec.kind == "action" and ("none",) in s.dec.options
    legal = {a[0] for a in s.space_actions[3]}
    assert {o[0] for o in s.dec.options} <= legal | {"none"}
    GAME.apply(s, ("none",))
    assert s.dec.kind == "play"
    GAME.apply(s, ("end",))
    assert s.dec.player == 1 and s.dec.kind == "take"


def test_VGC_072_073_074_075_076_078_discard_down_to_8():
    """VGC-072 more than 8 tiles -> discard to 8; VGC-073 IOUs count; VGC-074, VGC-075 IOUs are
    never options (not played or discarded); VGC-076 to the Discard Board; VGC-078 before
    playing."""
    s = make_state(4)
    pl = s.players[0]
    give_tiles(s, 0, [tile(n, 0) for n in range(7)])
    pl.ious = 3
    set_turn(s, 0, "discard")
    assert s.dec.kind == "discard"
    assert set(s.dec.options) == set(pl.tiles)
    GAME.apply(s, tile(0, 0))
    assert tile(0, 0) in s.discard
    GAME.apply(s, tile(1, 0))
    assert len(pl.tiles) + pl.ious == 8 and s.dec.kind == "play"


def test_8_ious_discard_every_tile():
    """VGC-072, VGC-075 with 8 IOUs a player must discard all his Button Tiles."""
    s = make_state(4)
    pl = s.players[0]
    give_tiles(s, 0, [tile(1, 1), tile(2, 2)])
    pl.ious = 8
    set_turn(s, 0, "discard")
    GAME.apply(s, s.dec.options[0])
    GAME.apply(s, s.dec.options[0])
    assert pl.tiles == [] and s.dec.kind == "play"


def test_VGC_077_079_tiles_public_discard_hidden():
    """VGC-077 tiles face up: every view shows every hand; VGC-079, VGC-061 the Discard Board,
    the bag, decks, face-down rentals and the box are not in a view."""
    s = make_state(4)
    v = GAME.view(s, 1)
    assert v.players[0].tiles == s.players[0].tiles
    for hidden in ("bag", "discard", "store_deck", "mag_deck", "crystal_bag", "rng",
                   "box_tiles", "box_cards", "box_mags"):
        assert not hasattr(v, hidden)
    assert v.discard_size == len(s.discard)
    assert len(v.rental) == s.rental_up
    face_down = set(s.rental[s.rental_up:])
    assert not face_down & set(v.card_crystal)
    assert len(v.hidden_crystals) == 15 - s.rental_up


def test_VGC_082_093_094_turn_passes_in_order():
    """VGC-082, VGC-093 the next player in the Initiative order plays; VGC-094 a new Week begins
    after every Weekend turn."""
    s = make_state(4)
    s.order = [2, 0, 3, 1]
    set_turn(s, 2, "play", phase="weekend", rent_window=True)
    seen = []
    while s.phase == "weekend":
        seen.append(s.dec.player)
        GAME.apply(s, ("end",))
    assert seen == [2, 0, 3, 1]
    assert s.week == 2 and s.phase == "routine" and s.dec.player == 2


def test_VGC_095_096_everything_revealed_in_week_5():
    """VGC-095 the whole Rental Store is face up in the last Week; VGC-096 the last games
    and Magazines reach Store and Newsstand and the Crystal bag is empty."""
    s = make_state(4, seed=8)
    play_random(s, random.Random(8), until=lambda st: st.week == 5)
    assert s.rental_up == 15 and s.hidden_crystal == []
    assert s.store_deck == [] and s.mag_deck == [] and s.crystal_bag == []
    assert len(s.box_mags) + len(s.newsstand) + sum(len(p.mags) for p in s.players) == 15


def test_rules_errors_name_the_key():
    """compile_rules names the dotted key at fault."""
    with pytest.raises(RulesError) as err:
        rules_for(4, weeks=0)
    assert err.value.key == "weeks"
    data = GAME.default_data()
    data["games"] = [dict(data["games"][0], combo="triple")] + data["games"][1:]
    with pytest.raises(RulesError) as err:
        GAME.make_rules(data, 4)
    assert err.value.key == "games[0].combo"
    with pytest.raises(RulesError):
        GAME.make_rules(GAME.default_data(), 6)


def test_VGC_071_shared_space_actions_are_taken():
    """VGC-071: taking an outer shared tile (5 players) offers exactly one Action of its
    two boards and applying it works."""
    s = make_state(5)
    space = 17
    GAME.apply(s, space)
    assert s.dec.kind == "action"
    allowed = {a[0] for a in s.space_actions[space]} | {"none"}
    assert {o[0] for o in s.dec.options} <= allowed
    GAME.apply(s, s.dec.options[0])
    assert s.dec.player == 0 and s.took_space == space

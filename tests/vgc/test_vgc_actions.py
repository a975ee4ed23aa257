"""The eight Actions and the Rental Store."""
from __future__ import annotations

import pytest
from vgc_helpers import GAME, R, give_tiles, make_state, set_turn, tile

from simcli.engine import IllegalActionError


def at_action(s, player, *acts):
    """Player ``player`` chooses an Action on a space offering exactly ``acts``."""
    set_turn(s, player, "action")
    s.took_space = 0
    s.space_actions = (tuple(acts),) + s.space_actions[1:]
    R.advance(s)
    return s.dec.options


def test_VGC_001_take_a_tile_and_one_of_two_actions():
    """VGC-001: a tile is taken from the Grid and activates one Action of its two boards."""
    s = make_state(4)
    GAME.apply(s, 5)
    acts = {o[0] for o in s.dec.options} - {"none"}
    boards = s.space_actions[5]
    assert acts <= {a[0] for a in boards}


def test_VGC_097_game_planning_draws_two():
    """VGC-097: Game Planning draws 2 Button Tiles from the bag."""
    s = make_state(4)
    pl = s.players[0]
    at_action(s, 0, ("planning", 0))
    before, bag = len(pl.tiles), len(s.bag)
    GAME.apply(s, ("planning",))
    assert len(pl.tiles) == before + 2 and len(s.bag) == bag - 2


def test_VGC_099_101_money_and_its_iou_limit():
    """VGC-099: 1 IOU and 2 Dollars; VGC-101: not with 8 IOUs already."""
    s = make_state(4)
    pl = s.players[2]
    pl.ious, pl.dollars = 0, 1
    at_action(s, 2, ("money", 0))
    GAME.apply(s, ("money",))
    assert (pl.ious, pl.dollars) == (1, 3)
    pl.ious = 8
    assert ("money",) not in at_action(s, 2, ("money", 0))
    pl.ious = 7
    assert ("money",) in at_action(s, 2, ("money", 0))


def test_VGC_102_103_104_105_asking_for_a_present():
    """VGC-102: 3 IOUs and a Store game; VGC-103: its Crystal stays on it; VGC-104: it is
    the player's for good (accessible every Week); VGC-105: not with 6+ IOUs."""
    s = make_state(4)
    pl = s.players[2]
    g = s.store[1]
    crystal = s.card_crystal[g]
    opts = at_action(s, 2, ("present", 0))
    assert ("present", g) in opts
    GAME.apply(s, ("present", g))
    assert pl.ious == 3 and pl.presents == [g] and g not in s.store
    assert s.card_crystal[g] == crystal and pl.crystals == 0
    s.week = 2
    R.reset_board(s)
    assert g in R.P.accessible(s, pl)
    pl.ious = 6
    assert not [o for o in at_action(s, 2, ("present", 0)) if o[0] == "present"]
    pl.ious = 5
    assert [o for o in at_action(s, 2, ("present", 0)) if o[0] == "present"]


def test_VGC_106_107_108_109_waking_up_early():
    """VGC-106 exchange a tile of the area for a Grid tile; VGC-107 onto the same space;
    VGC-108 it may be the tile just taken; VGC-109 the cube reserves the leftmost free
    spot of the second row."""
    s = make_state(4)
    pl = s.players[1]
    s.reserved = [3]
    set_turn(s, 1, "take")
    s.space_actions = tuple(((("wake", 0),),) * len(s.grid))
    R.advance(s)
    taken = s.grid[2]
    GAME.apply(s, 2)
    GAME.apply(s, ("wake",))
    assert s.dec.kind == "wake_space" and "keep" in s.dec.options
    other = s.grid[7]
    GAME.apply(s, 7)
    assert s.dec.kind == "wake_give" and taken in s.dec.options
    GAME.apply(s, taken)
    assert s.grid[7] == taken and other in pl.tiles and taken not in pl.tiles
    assert s.reserved == [3, 1]
    # one spare cube: no second reservation in the same round
    set_turn(s, 1, "action")
    s.took_space = 0
    assert ("wake",) not in R.action_options(s, pl, 0)


def test_wake_without_exchange_still_reserves():
    """VGC-106 (may): keeping the tiles still places the cube."""
    s = make_state(4)
    at_action(s, 0, ("wake", 0))
    GAME.apply(s, ("wake",))
    GAME.apply(s, "keep")
    assert s.reserved == [0]


def test_VGC_110_111_studying_returns_up_to_owls():
    """VGC-110, VGC-111: each Owl returns one IOU (2 Owls: up to 2)."""
    s = make_state(4)
    pl = s.players[0]
    pl.ious = 3
    opts = at_action(s, 0, ("study", 2))
    assert ("study", 1) in opts and ("study", 2) in opts and ("study", 3) not in opts
    GAME.apply(s, ("study", 2))
    assert pl.ious == 1
    pl.ious = 1
    opts = at_action(s, 0, ("study", 2))
    assert ("study", 2) not in opts and ("study", 1) in opts


def test_VGC_112_113_visiting_the_grandparents():
    """VGC-112 one Dollar, VGC-113 and up to one IOU back."""
    s = make_state(4)
    pl = s.players[0]
    pl.ious, pl.dollars = 2, 0
    opts = at_action(s, 0, ("grandparents", 0))
    assert ("grandparents", 0) in opts and ("grandparents", 1) in opts
    GAME.apply(s, ("grandparents", 1))
    assert (pl.ious, pl.dollars) == (1, 1)


def test_VGC_114_115_going_to_the_newsstand():
    """VGC-114: pay 1 Dollar for a Magazine; VGC-115: its Crystal stays on it."""
    s = make_state(4)
    pl = s.players[0]
    m = s.newsstand[0]
    c = s.mag_crystal[m]
    pl.dollars = 1
    opts = at_action(s, 0, ("newsstand", 0))
    GAME.apply(s, ("newsstand", m))
    assert pl.dollars == 0 and pl.mags == [m] and s.mag_crystal[m] == c
    assert m not in s.newsstand and pl.crystals == 0
    pl.dollars = 0
    assert not [o for o in at_action(s, 0, ("newsstand", 0)) if o[0] == "newsstand"]
    assert opts


def rental_turn(s, player, dollars=5):
    pl = s.players[player]
    pl.dollars = dollars
    at_action(s, player, ("rental", 0))
    GAME.apply(s, ("rental",))
    while s.dec.kind == "discard":
        GAME.apply(s, s.dec.options[0])
    return pl


def test_VGC_116_117_119_170_rent_costs_and_meeple():
    """VGC-116 1 Dollar, VGC-117 2 for a New Release; VGC-119 a meeple goes on the card;
    VGC-170 after its Crystal is taken a former New Release costs 1."""
    s = make_state(4)
    s.card_crystal[s.rental[1]] = 2  # make slot 1 a face-up New Release
    pl = rental_turn(s, 0)
    assert ("rent", 0) in s.dec.options and ("rent", 1) in s.dec.options
    GAME.apply(s, ("rent", 0))
    assert pl.dollars == 4 and s.meeple[0] == 0 and pl.meeples == 2 and pl.rented == [0]
    GAME.apply(s, ("rent", 1))
    assert pl.dollars == 2
    assert R.P.rent_cost(s, 1) == 2
    R.P.play_or_beat(s, pl, "beat", s.rental[1], (), ())  # its first player takes the Crystal
    assert s.rental[1] not in s.card_crystal and R.P.rent_cost(s, 1) == 1


def test_VGC_118_123_no_renting_another_players_game():
    """VGC-118, VGC-123: a game with another player's meeple cannot be rented that Week."""
    s = make_state(4)
    s.meeple[3] = 2
    s.players[2].meeples -= 1
    rental_turn(s, 0)
    assert ("rent", 3) not in s.dec.options
    assert all(o[1] < s.rental_up for o in s.dec.options if o[0] == "rent")  # VGC-124


def test_VGC_120_121_122_up_to_three_rentals_with_meeples():
    """VGC-120 up to 3 rentals this turn; VGC-121 before or after Playing/Beating;
    VGC-122 a meeple per rental."""
    s = make_state(4)
    for slot in range(5):
        s.card_crystal.pop(s.rental[slot], None)
    pl = rental_turn(s, 0, dollars=10)
    for slot in range(3):
        GAME.apply(s, ("rent", slot))
    assert not [o for o in s.dec.options if o[0] == "rent"]
    assert pl.meeples == 0 and pl.dollars == 7
    with pytest.raises(IllegalActionError):
        GAME.apply(s, ("rent", 3))
    # a player with only 1 meeple left rents 1 at most
    s2 = make_state(4)
    s2.players[0].meeples = 1
    rental_turn(s2, 0)
    GAME.apply(s2, [o for o in s2.dec.options if o[0] == "rent"][0])
    assert not [o for o in s2.dec.options if o[0] == "rent"]


def test_VGC_121_rent_after_playing():
    """VGC-121: renting is still possible after Playing a game this turn."""
    s = make_state(4)
    pl = rental_turn(s, 0)
    init = pl.initial
    give_tiles(s, 0, [tile(4, 0), tile(5, 1)])
    set_turn(s, 0, "play", rent_window=True)
    GAME.apply(s, ("play", init, (tile(4, 0), tile(5, 1)), ()))
    while s.dec.kind != "play":
        GAME.apply(s, s.dec.options[0])
    assert [o for o in s.dec.options if o[0] == "rent"]


def test_no_rental_without_the_action():
    """VGC-120: outside the Rental Store Action (and the Weekend) there is no renting."""
    s = make_state(4)
    set_turn(s, 0, "play", rent_window=False)
    assert not [o for o in s.dec.options if o[0] == "rent"]


def test_illegal_action_is_rejected():
    s = make_state(4)
    with pytest.raises(IllegalActionError):
        GAME.apply(s, 99)

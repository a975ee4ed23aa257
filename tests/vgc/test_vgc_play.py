"""Playing and Beating, Thrills, New Releases, Magazines, the Password Notebook,
Achievements and Scoring."""
from __future__ import annotations

import pytest
from vgc_helpers import GAME, R, card_named, give_tiles, make_state, set_turn, tile

from simcli.games.vgc import scoring

P = R.P


def playing(s, player, tiles, games=(), mags=()):
    """Player ``player`` in his Play phase holding ``tiles``, Presents ``games``,
    Magazines ``mags`` (with their Crystals)."""
    pl = s.players[player]
    give_tiles(s, player, tiles)
    for g in games:
        if g in s.store:
            s.store.remove(g)
        pl.presents.append(g)
    for m, color in mags:
        pl.mags.append(m)
        s.mag_crystal[m] = color
    set_turn(s, player, "play")
    return pl


def finish_pending(s, choice=0):
    while s.dec.kind in ("crystal", "reward", "thrill"):
        GAME.apply(s, s.dec.options[choice])


def test_VGC_139_140_141_143_game_cards():
    """VGC-139 six genres, VGC-140 three difficulties, VGC-141 a combination, VGC-143 a
    score; VGC-148 longer combinations score more (in the provisional data)."""
    r = make_state().rules
    assert r.genres == ("platform", "fighting", "shooter", "rpg", "sports", "variety")
    assert r.difficulties == ("easy", "normal", "hard")
    by_size: dict = {}
    for c in r.cards[: r.n_games]:
        assert c.spec.size >= 2 and c.score > 0
        by_size.setdefault(c.spec.size, []).append(c.score)
    sizes = sorted(by_size)
    for a, b in zip(sizes, sizes[1:], strict=False):
        assert max(by_size[a]) <= min(by_size[b])


def test_VGC_144_146_147_149_beat_places_token_and_scores():
    """VGC-144, VGC-146 Beat: discard the combination, Beaten token; VGC-147, VGC-221 it scores;
    VGC-149 a Beaten game counts as Played."""
    s = make_state(4)
    pl = playing(s, 0, [tile(3, 0), tile(4, 1), tile(5, 2)])
    init = pl.initial
    opt = ("beat", init, (tile(3, 0), tile(4, 1), tile(5, 2)), ())
    assert opt in s.dec.options
    GAME.apply(s, opt)
    finish_pending(s)
    assert pl.tokens[init] == 2 and pl.played == 1 and pl.beaten_points == 3
    assert all(t in s.discard for t in opt[2])
    assert not [o for o in s.dec.options if o[0] != "end" and o[1] == init]


def test_VGC_150_151_152_154_play_with_first_two_symbols():
    """VGC-150 3+ tile games can be just Played; VGC-151 with the 2-tile reduced
    combination; VGC-152 Played token; VGC-154 no points for just Playing."""
    s = make_state(4)
    pl = playing(s, 0, [tile(1, 0), tile(2, 3)])
    init = pl.initial
    opt = ("play", init, (tile(1, 0), tile(2, 3)), ())
    assert opt in s.dec.options
    GAME.apply(s, opt)
    finish_pending(s)
    assert pl.tokens[init] == 1 and pl.beaten_points == 0 and pl.played == 1
    assert scoring.score_breakdown(s)[0]["beaten"] == 0


def test_VGC_153_two_tile_games_cannot_just_be_played():
    """VGC-153: games of 2 tiles have no Play symbol and are Beaten at once."""
    s = make_state(4)
    g = card_named(s, "Fist Frenzy")  # sequence of 2
    assert s.rules.cards[g].spec.play is None
    pl = playing(s, 0, [tile(1, 0), tile(2, 3)], games=[g])
    mine = [o for o in s.dec.options if o[0] != "end" and o[1] == g]
    assert mine == [("beat", g, (tile(1, 0), tile(2, 3)), ())]
    assert pl.tokens.get(g) is None


def test_VGC_155_156_157_161_158_beat_after_play_with_the_wild():
    """VGC-155, VGC-156 the Played token is a wild: Beat with all tiles but one; VGC-157 the
    token flips; VGC-161 on the same turn; VGC-158 tiles used to Play do not count."""
    s = make_state(4)
    hand = [tile(1, 0), tile(2, 3), tile(7, 1), tile(9, 2)]
    pl = playing(s, 0, hand)
    init = pl.initial
    GAME.apply(s, ("play", init, (tile(1, 0), tile(2, 3)), ()))
    finish_pending(s)
    beat = ("beat", init, (tile(7, 1), tile(9, 2)), ())  # 7-(8)-9 with the wild as 8
    assert beat in s.dec.options
    assert not [o for o in s.dec.options if o[0] == "beat" and len(o[2]) == 3]
    GAME.apply(s, beat)
    finish_pending(s)
    assert pl.tokens[init] == 2 and pl.played == 1 and pl.beaten_points == 3


def test_VGC_159_160_162_several_players_one_token_each():
    """VGC-159, VGC-162 a game with another player's token can still be Beaten; VGC-160 but
    only once per player."""
    s = make_state(4)
    g = s.rental[0]
    s.card_crystal.pop(g, None)
    s.players[1].tokens[g] = 2
    s.meeple[0] = 0
    pl = s.players[0]
    pl.rented = [0]
    pl.meeples -= 1
    spec = s.rules.cards[g].spec
    nums = min(spec.valid[spec.size])
    playing(s, 0, [tile(n, 0 if spec.color else i) for i, n in enumerate(nums)])
    beat = [o for o in s.dec.options if o[0] == "beat" and o[1] == g]
    assert beat
    GAME.apply(s, beat[0])
    finish_pending(s)
    assert pl.tokens[g] == 2 and s.players[1].tokens[g] == 2
    assert not [o for o in s.dec.options if o[0] != "end" and o[1] == g]


def test_VGC_178_magazines_only():
    """VGC-178: a game can be Beaten with Magazines (and the Played token) alone."""
    s = make_state(4)
    r = s.rules
    mags = [m for m in range(15) if 0 in r.magazines[m] and m not in s.newsstand][:2]
    pl = playing(s, 0, [], mags=[(mags[0], 1), (mags[1], 2)])
    pl.tokens[30] = 1
    set_turn(s, 0, "play")
    opt = ("beat", 30, (), tuple(mags))
    assert opt in s.dec.options
    GAME.apply(s, opt)
    finish_pending(s)
    assert pl.tokens[30] == 2 and pl.crystals == 2


def test_VGC_163_164_165_166_thrill():
    """VGC-163 a first token takes a Thrill Trail tile; VGC-164 the slot is refilled;
    VGC-165 Beating a Played game gives no Thrill; VGC-166 the tile is usable at once."""
    s = make_state(4)
    pl = playing(s, 0, [tile(1, 0), tile(2, 3), tile(7, 1)])
    init = pl.initial
    s.thrill[2] = tile(9, 2)
    for t in (tile(9, 2),):
        if t in s.bag:
            s.bag.remove(t)
    GAME.apply(s, ("play", init, (tile(1, 0), tile(2, 3)), ()))
    assert s.dec.kind == "thrill" and len(s.dec.options) == 4
    GAME.apply(s, 2)
    assert tile(9, 2) in pl.tiles and s.thrill[2] >= 0 and len(s.thrill) == 4
    beat = ("beat", init, (tile(7, 1), tile(9, 2)), ())
    assert beat in s.dec.options
    GAME.apply(s, beat)
    assert s.dec.kind == "play"  # no second Thrill


def test_VGC_167_168_169_new_release_crystal_to_notebook():
    """VGC-167 a New Release carries a Crystal; VGC-168 Playing it moves the Crystal to the
    notebook; VGC-169 then it is no New Release any more."""
    s = make_state(4)
    g = s.store[0]
    color = s.card_crystal[g]
    spec = s.rules.cards[g].spec
    nums = min(spec.valid[spec.size])
    tiles = [tile(n, 0 if spec.color else i) for i, n in enumerate(nums)]
    playing(s, 0, tiles, games=[g])
    pl = s.players[0]
    beat = [o for o in s.dec.options if o[0] == "beat" and o[1] == g and not o[3]]
    assert beat
    GAME.apply(s, beat[0])
    assert s.dec.kind == "crystal"
    finish_pending(s)
    assert g not in s.card_crystal
    assert color in pl.notebook + pl.beside


def test_VGC_171_172_magazine_genres():
    """VGC-171 two genre tags; VGC-172 usable only on games of those genres."""
    s = make_state(4)
    r = s.rules
    assert all(len(set(m)) == 2 for m in r.magazines)
    init = 30  # platform
    off = next(m for m in range(15) if 0 not in r.magazines[m])
    on = next(m for m in range(15) if 0 in r.magazines[m])
    pl = playing(s, 0, [tile(3, 0), tile(4, 1)], mags=[(off, 1)])
    assert not [o for o in s.dec.options if o[0] == "beat" and o[1] == init]
    pl.mags.append(on)
    s.mag_crystal[on] = 2
    set_turn(s, 0, "play")
    assert ("beat", init, (tile(3, 0), tile(4, 1)), (on,)) in s.dec.options


def test_VGC_173_174_175_176_177_179_magazine_wild_and_played_token():
    """VGC-173, VGC-174 a Magazine replaces one tile; VGC-179 together with the Played token;
    VGC-175 its Crystal moves to the notebook; VGC-176 it cannot be used again; VGC-177
    it stays with the player."""
    s = make_state(4)
    r = s.rules
    init = 30
    on = next(m for m in range(15) if 0 in r.magazines[m])
    pl = playing(s, 0, [tile(6, 0)], mags=[(on, 3)])
    pl.tokens[init] = 1
    pl.played = 1
    set_turn(s, 0, "play")
    opt = ("beat", init, (tile(6, 0),), (on,))  # 1 tile + token + Magazine = 3
    assert opt in s.dec.options
    GAME.apply(s, opt)
    finish_pending(s)
    assert s.mag_crystal[on] == -1 and on in pl.mags and 3 in pl.notebook + pl.beside
    assert P.usable_mags(s, pl, 0) == []


def test_VGC_180_181_182_notebook_spaces():
    """VGC-180 a Crystal goes on an empty space of its color or a rainbow; VGC-181 with no
    valid space it is kept beside; VGC-182 it still counts."""
    s = make_state(4)
    pl = s.players[0]
    side = s.rules.sides[pl.side]
    red = s.rules.colors.index("red")
    spaces = P.crystal_spaces(s, pl, red)
    assert spaces and all(side.spaces[x] in (red, -1) for x in spaces)
    for x in range(len(pl.notebook)):
        if side.spaces[x] in (red, -1):
            pl.notebook[x] = red
    assert P.crystal_spaces(s, pl, red) == ()
    s.pending = [("crystal", red)]
    set_turn(s, 0, "play")
    s.pending = [("crystal", red)]
    R.advance(s)
    assert pl.beside == [red] and pl.crystals == sum(1 for c in pl.notebook if c >= 0) + 1


def test_VGC_183_184_185_notebook_lines():
    """VGC-183 a full line gives its reward; VGC-184 points at the end; VGC-185 other
    rewards at once (side A: top row 2 Dollars, middle column 3 points)."""
    s = make_state(4)
    pl = s.players[0]
    side = s.rules.sides[0]
    assert side.rewards[0] == {"dollars": 2}
    red, blue = s.rules.colors.index("red"), s.rules.colors.index("blue")
    dollars = pl.dollars
    P.place_crystal(s, pl, red, 0)
    done = P.place_crystal(s, pl, blue, 1)
    assert done == []
    done = P.place_crystal(s, pl, red, 2)  # rainbow
    assert done == [0]
    for ln in done:
        P.receive_reward(s, pl, ln)
    assert pl.dollars == dollars + 2
    P.place_crystal(s, pl, 2, 4)
    done = P.place_crystal(s, pl, red, 7)
    assert done == [4]  # middle column: points
    P.receive_reward(s, pl, 4)
    assert pl.nb_points == 3 and scoring.score_breakdown(s)[0]["notebook"] == 3


def test_VGC_186_reward_not_available():
    """VGC-186: a Thrill reward with an empty Thrill Trail is simply lost."""
    s = make_state(4)
    pl = playing(s, 0, [])
    s.thrill = [-1, -1, -1, -1]
    s.pending = [("thrill",)]
    R.advance(s)
    assert s.dec.kind == "play" and s.pending == []
    assert pl.tiles == []


def test_VGC_187_188_reward_order_is_chosen():
    """VGC-187: two lines completed at once: the player picks the order; VGC-188 rewards
    come before the Thrill of the game just Played."""
    s = make_state(4)
    pl = s.players[0]
    red = s.rules.colors.index("red")
    # side A: fill row 0 except space 0 and column 0 except space 0
    pl.notebook[1], pl.notebook[2] = 3, 1
    pl.notebook[3], pl.notebook[6] = 1, 4
    pl.ious = 2
    set_turn(s, 0, "play")
    s.pending = [("crystal", red), ("thrill",)]
    R.advance(s)
    assert 0 in s.dec.options
    GAME.apply(s, 0)
    assert s.dec.kind == "reward" and set(s.dec.options) == {0, 3}
    GAME.apply(s, 3)  # return 2 IOUs first, then 2 Dollars
    assert pl.ious == 0 and s.dec.kind == "thrill"


def test_VGC_189_crystals_stay_put():
    """VGC-189: a placed Crystal is never among the free spaces again."""
    s = make_state(4)
    pl = s.players[0]
    P.place_crystal(s, pl, 0, 0)
    assert 0 not in P.crystal_spaces(s, pl, 0)


def test_VGC_190_217_crystals_on_magazines_and_presents_are_not_yours():
    """VGC-190, VGC-217: Crystals still on Magazines and Presents do not count."""
    s = make_state(4)
    pl = s.players[0]
    pl.presents.append(s.store.pop())
    pl.mags.append(s.newsstand.pop())
    assert pl.crystals == 0
    assert [b["most_crystals"] for b in scoring.score_breakdown(s)] == [4, 4, 4, 4]


def test_VGC_191_no_space_that_would_exceed_8_ious():
    """VGC-191: side B's middle row takes 1 IOU: with 8 IOUs its last space is barred."""
    s = make_state(4, side="B")
    pl = s.players[0]
    side = s.rules.sides[1]
    assert side.rewards[1].get("take_ious") == 1
    pl.notebook[3], pl.notebook[4] = 3, 4
    pl.ious = 8
    red = s.rules.colors.index("red")
    assert side.spaces[5] == red
    assert 5 not in P.crystal_spaces(s, pl, red)
    pl.ious = 7
    assert 5 in P.crystal_spaces(s, pl, red)


def ach(s, name):
    return next(a for a in s.rules.achievements if a.name == name)


@pytest.mark.parametrize("name,rig", [
    ("Master of Platform", lambda pl: pl.genre_played.__setitem__(0, 3)),  # VGC-195
    ("Master of Fighting", lambda pl: pl.genre_played.__setitem__(1, 3)),  # VGC-196
    ("Master of Shooting", lambda pl: pl.genre_played.__setitem__(2, 3)),  # VGC-197
    ("Master of RPG", lambda pl: pl.genre_played.__setitem__(3, 3)),  # VGC-198
    ("Master of Sports", lambda pl: pl.genre_played.__setitem__(4, 3)),  # VGC-199
    ("Master of Variety", lambda pl: pl.genre_played.__setitem__(5, 3)),  # VGC-200
    ("Undecided", lambda pl: setattr(pl, "played_unbeaten", 4)),  # VGC-201
    ("Rental Store Mascot", lambda pl: setattr(pl, "rental_played", 7)),  # VGC-202
    ("Eclectic", lambda pl: setattr(pl, "genre_played", [1] * 6)),  # VGC-203
    ("Noob", lambda pl: pl.beaten_diff.__setitem__(0, 4)),  # VGC-204
    ("Medium", lambda pl: pl.beaten_diff.__setitem__(1, 4)),  # VGC-205
    ("Hardcore", lambda pl: pl.beaten_diff.__setitem__(2, 3)),  # VGC-206
    ("Swamped", lambda pl: setattr(pl, "ious", 7)),  # VGC-207
    ("Vanguard", lambda pl: setattr(pl, "beside", [0, 1, 2, 3, 4])),  # VGC-208
    ("Spoiled", lambda pl: setattr(pl, "presents", [0, 1, 2])),  # VGC-209
    ("Curious", lambda pl: setattr(pl, "mags", [0, 9, 14])),  # VGC-210
    ("Decided", lambda pl: setattr(pl, "mags", [0, 1, 2])),  # VGC-211
])
def test_VGC_192_193_194_achievements(name, rig):
    """VGC-192, VGC-193, VGC-194, VGC-195, VGC-196, VGC-197, VGC-198, VGC-199, VGC-200, VGC-201,
    VGC-202, VGC-203, VGC-204, VGC-205, VGC-206, VGC-207, VGC-208, VGC-209, VGC-210, VGC-211:
    each condition completes its card; the first to meet it takes it
    (VGC-193) and nobody else can (VGC-194)."""
    s = make_state(4)
    a = ach(s, name)
    s.achievements = [a.id]
    p0, p1 = s.players[0], s.players[1]
    P.check_achievements(s, p0)
    assert p0.achievements == []
    rig(p0)
    P.check_achievements(s, p0)
    assert p0.achievements == [a.id] and p0.ach_points == a.points
    rig(p1)
    P.check_achievements(s, p1)
    assert p1.achievements == [] and s.achievements == []


def test_achievement_one_short_is_not_met():
    """VGC-195: two Platform games are not enough for Master of Platform."""
    s = make_state(4)
    a = ach(s, "Master of Platform")
    s.achievements = [a.id]
    s.players[0].genre_played[0] = 2
    P.check_achievements(s, s.players[0])
    assert s.achievements == [a.id]


def test_achievement_taken_during_play():
    """VGC-193: the card is taken as soon as the condition holds in a turn (Swamped from
    Asking for a Present)."""
    s = make_state(4)
    a = ach(s, "Swamped")
    s.achievements = [a.id]
    pl = s.players[0]
    pl.ious = 4
    set_turn(s, 0, "action")
    s.took_space = 0
    s.space_actions = ((("present", 0),),) + s.space_actions[1:]
    R.advance(s)
    GAME.apply(s, ("present", s.store[0]))
    assert pl.achievements == [a.id]


def scored(s, **per_player):
    return scoring.score_breakdown(s)


def test_VGC_213_played_bonus_after_five():
    """VGC-213: 2 points per game Played after the fifth (Beaten ones included)."""
    s = make_state(4)
    s.players[0].played = 8
    s.players[1].played = 5
    b = scoring.score_breakdown(s)
    assert b[0]["played_bonus"] == 6 and b[1]["played_bonus"] == 0


def test_VGC_214_215_most_played():
    """VGC-214 most Played: 8 points; VGC-215 tied: 4 each."""
    s = make_state(4)
    s.players[0].played = 4
    s.players[2].played = 3
    assert [b["most_played"] for b in scoring.score_breakdown(s)] == [8, 0, 0, 0]
    s.players[2].played = 4
    assert [b["most_played"] for b in scoring.score_breakdown(s)] == [4, 0, 4, 0]


def test_VGC_216_218_most_crystals():
    """VGC-216 most Crystals: 8; VGC-218 tied: 4 each (notebook and beside count)."""
    s = make_state(4)
    s.players[1].beside = [0, 1]
    s.players[3].notebook[0] = 0
    assert [b["most_crystals"] for b in scoring.score_breakdown(s)] == [0, 8, 0, 0]
    s.players[3].beside = [2]
    assert [b["most_crystals"] for b in scoring.score_breakdown(s)] == [0, 4, 0, 4]


def test_VGC_219_220_221_222_total():
    """VGC-219 notebook points, VGC-220 Achievement points, VGC-221 Beaten points add up;
    VGC-222, VGC-002 the highest total wins."""
    s = make_state(4)
    pl = s.players[2]
    pl.nb_points, pl.ach_points, pl.beaten_points = 4, 5, 11
    res = GAME.result(s)
    assert res.scores[2] == 4 + 5 + 11 + 4 + 4  # tied majorities at 0: 4 each
    assert res.win_shares[2] == 1.0 and res.places[2] == 1


def test_VGC_223_224_225_tie_breaks():
    """VGC-223 tie on score: more Beaten points wins; VGC-224 then more Achievement
    points; VGC-225 then a shared title."""
    s = make_state(4)
    a, b = s.players[0], s.players[1]
    a.beaten_points, b.beaten_points, b.nb_points = 10, 6, 4
    res = GAME.result(s)
    assert res.scores[0] == res.scores[1] and res.win_shares[:2] == (1.0, 0.0)
    a.beaten_points, a.ach_points = 6, 4
    b.nb_points, b.ach_points = 0, 4
    a.nb_points, b.nb_points = 0, 0
    a.ach_points, b.ach_points = 5, 4
    b.nb_points = 1
    res = GAME.result(s)
    assert res.scores[0] == res.scores[1] and res.win_shares[:2] == (1.0, 0.0)
    b.nb_points, b.ach_points = 0, 5
    res = GAME.result(s)
    assert res.win_shares[:2] == (0.5, 0.5)


def test_result_metrics_per_seat():
    """Every seat records its starting items and the end-of-game counts."""
    s = make_state(4)
    res = GAME.result(s)
    m = res.seat_metrics
    assert [x["start_bonus"] for x in m] == ["2 IOU", "1 IOU", "none", "1 tile"]
    assert [x["start_ious"] for x in m] == [2, 1, 0, 0]
    for key in ("games_played", "games_beaten", "crystals", "achievements",
                "notebook_points", "ious"):
        assert all(key in x for x in m)


def test_VGC_080_081_access_initial_rentals_presents():
    """VGC-080, VGC-081: the games a player may Play/Beat are his Initial game, this Week's
    rentals and his Presents; not other games, nor last Week's rentals."""
    s = make_state(4)
    pl = s.players[0]
    present = s.store[0]
    s.store.remove(present)
    pl.presents.append(present)
    s.meeple[2] = 0
    pl.rented = [2]
    pl.meeples = 2
    assert P.accessible(s, pl) == [pl.initial, present, s.rental[2]]
    playing(s, 0, list(range(0, 50, 3)))
    games = {o[1] for o in s.dec.options if o[0] in ("play", "beat")}
    assert games <= {pl.initial, present, s.rental[2]} and pl.initial in games
    s.week = 2
    R.reset_board(s)
    assert P.accessible(s, pl) == [pl.initial, present]


def test_VGC_019_two_player_neow_needs_a_wild_for_the_9():
    """VGC-019, VGC-231: with the 9s in the box, Neow's 8-9 Play part takes a wild (a
    Magazine) for the 9; without one it cannot be Played."""
    s = make_state(2)
    neow = card_named(s, "Neow")
    r = s.rules
    mag = next(m for m in range(15) if 0 in r.magazines[m] and m not in s.newsstand)
    pl = playing(s, 0, [tile(8, 0), tile(7, 1)], games=[neow])
    assert not [o for o in s.dec.options if o[0] == "play" and o[1] == neow]
    pl.mags.append(mag)
    s.mag_crystal[mag] = 1
    set_turn(s, 0, "play")
    assert ("play", neow, (tile(8, 0),), (mag,)) in s.dec.options
    assert ("beat", neow, (tile(7, 1), tile(8, 0)), (mag,)) in s.dec.options


def test_VGC_191_crystal_kept_beside_when_iou_rule_bars_every_space():
    """VGC-191, VGC-181: if every matching empty space would complete a line giving an IOU
    past 8, the Crystal is kept beside the notebook (no decision)."""
    s = make_state(4, side="B")
    pl = s.players[0]
    red = s.rules.colors.index("red")
    # side B: red spaces are 0 (top row, points) and 5 (middle row, takes an IOU)
    pl.notebook[0] = red
    pl.notebook[3], pl.notebook[4] = 3, 4
    pl.ious = 8
    set_turn(s, 0, "play")
    s.pending = [("crystal", red)]
    R.advance(s)
    assert s.dec.kind == "play" and pl.beside == [red] and pl.notebook[5] == -1

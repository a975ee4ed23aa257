"""The Class of '89 heuristics' placement logic: the Photographer's second card, the value
of a signature gained while short of the dearest space, the last round's signature price,
and the rules they read (``space_costs``)."""
from __future__ import annotations

import random

import pytest
from c89_helpers import make_state

from simcli.games.class89 import flow
from simcli.games.class89.rules import GAME
from simcli.games.class89.state import EMPTY, ENTRANCE, PHOTOGRAPHER, TEACHER
from strategies import default_mix, resolve

MIX = default_mix("class89")


def _place(state, strategy: str, seed: int = 0, **params):
    d = flow.advance(state)
    assert d.kind == "place"
    bot = resolve("class89", strategy)(GAME, d.player, random.Random(seed), **params)
    return bot, bot.choose(GAME.view(state, d.player), d), d


def _strip(state, keep: dict) -> None:
    """Empty every display slot except ``keep`` = {location: [slots kept]}."""
    for loc, row in enumerate(state.display):
        for slot in range(len(row)):
            if slot not in keep.get(loc, ()):
                row[slot] = EMPTY


@pytest.mark.parametrize("strategy", MIX)
def test_photographer_goes_where_two_students_are(strategy):
    # location 0: one student only; location 1: two students. The Photographer's ability
    # takes a second student, so it is worth something only at location 1.
    for seed in range(6):
        s = make_state(4, seed=seed)
        _strip(s, {0: [0], 1: [0, 1]})
        _bot, action, _d = _place(s, strategy, seed=seed)
        m, loc, _k = action
        assert loc == 1, (strategy, seed, action)
        assert m == PHOTOGRAPHER, (strategy, seed, action)


def test_photographer_not_valued_beside_the_only_student():
    s = make_state(4, seed=2)
    _strip(s, {0: [0]})
    bot, _a, _d = _place(s, "club_climber")
    # the lone student is the main take; nothing is left for the ability
    photo = [o for o in _d.options if o[0] == PHOTOGRAPHER and o[1] == 0 and o[2] == 0]
    other = [o for o in _d.options if o[0] != PHOTOGRAPHER and o[1] == 0 and o[2] == 0]
    assert photo and other
    s2 = make_state(4, seed=2)
    _strip(s2, {0: [0, 1]})
    _b2, a2, _d2 = _place(s2, "club_climber")
    assert a2[0] == PHOTOGRAPHER and a2[1] == 0


def test_a_signature_gained_is_worth_more_while_short_of_the_dearest_space():
    s = make_state(4, seed=3)
    bot, _a, d = _place(s, "objective_chaser", sig_need=2.0)
    B = s.boards[d.player]
    B.sigs = 0
    short = bot.sig_gain(2)
    B.sigs = 2
    full = bot.sig_gain(2)
    assert short == pytest.approx(full + 2 * 2.0)
    B.sigs = 1
    assert bot.sig_gain(2) == pytest.approx(full + 2.0)


def test_signature_need_reads_the_space_costs():
    # with every space free a signature never opens a space: no extra value
    s = make_state(4, seed=3, space_costs=[0, 0, 0])
    bot, _a, d = _place(s, "objective_chaser", sig_need=2.0)
    s.boards[d.player].sigs = 0
    base = 2 * bot.p["sig"] * bot.sig_scale()
    assert bot.sig_gain(2) == pytest.approx(base)
    # dearer spaces: short for longer
    s = make_state(4, seed=3, space_costs=[0, 2, 4])
    bot, _a, d = _place(s, "objective_chaser", sig_need=2.0)
    s.boards[d.player].sigs = 3
    assert bot.sig_gain(2) == pytest.approx(base + 2.0)


def test_entrance_taken_when_short_of_signatures_and_the_school_is_bare():
    # nothing worth taking anywhere: a bot valuing signatures it lacks goes to the
    # School Entrance (a 1x1 tile and 2 signatures)
    s = make_state(4, seed=4)
    _strip(s, {})
    d = flow.advance(s)
    s.boards[d.player].sigs = 0
    _bot, action, _d = _place(s, "signature_saver", sig_need=3.0)
    assert action[1] == ENTRANCE


def test_last_round_signature_price():
    s = make_state(4, seed=5)
    bot, _a, d = _place(s, "club_climber", sig_last=0.5)
    s.boards[d.player].sigs = 5
    early = bot.sig_price(2)
    s.round = s.rules.rounds
    bot.v = GAME.view(s, d.player)
    assert bot.sig_price(2) == pytest.approx(0.5 * early)


def _no_place_for(state, player: int):
    """A yearbook where only late letters fit: a teacher, then 'Z' students up to the
    last space, which is left empty. Returns (an 'A' student, a 'Z' student) codes that
    are not on the board."""
    R = state.rules
    B = state.boards[player]
    a = [c for c in range(len(R.s_letter)) if R.s_letter[c] == 0]
    z = [c for c in range(len(R.s_letter)) if R.s_letter[c] == max(R.s_letter)]
    photo = [TEACHER] + [z[k % len(z)] for k in range(R.n_cells - 2)] + [EMPTY]
    B.photo[:] = photo
    return a[0], z[-1]


@pytest.mark.parametrize("strategy", MIX)
def test_a_student_that_cannot_be_placed_is_worth_nothing(strategy):
    s = make_state(4, seed=7)
    d = flow.advance(s)
    B = s.boards[d.player]
    a, z = _no_place_for(s, d.player)
    bot = resolve("class89", strategy)(GAME, d.player, random.Random(0))
    bot.choose(GAME.view(s, d.player), d)   # binds the view
    B.abc = 0
    bot._fit = None
    rough = bot.p["student"]
    assert bot.rough_item(a) == bot.rough_item(z) == pytest.approx(rough)
    assert bot.takeable(a, rough) == 0.0
    assert bot.takeable(z, rough) == pytest.approx(rough)
    # with the ABC token it can go anywhere empty, at the token's price
    B.abc = 1
    bot._fit = None
    assert bot.takeable(a, rough) == pytest.approx(rough - bot.p["abc"])


@pytest.mark.parametrize("strategy", MIX)
def test_placement_goes_where_the_student_fits(strategy):
    # location 0 offers only an 'A' student (no cell left for it), location 1 only a 'Z'
    # student (fits the last space): the bot goes to location 1
    for seed in range(4):
        s = make_state(4, seed=seed)
        d = flow.advance(s)
        a, z = _no_place_for(s, d.player)
        s.boards[d.player].abc = 0
        _strip(s, {0: [0], 1: [0]})
        s.display[0][0], s.display[1][0] = a, z
        _bot, action, _d = _place(s, strategy, seed=seed)
        assert action[1] == 1, (strategy, seed, action)


@pytest.mark.parametrize("strategy", MIX)
def test_designer_goes_where_its_token_counts(strategy):
    # bare school; the only objective in play counts the token of location 3: a Designer
    # (a signature and the location's token) prefers location 3 to location 1
    from simcli.engine import Decision
    from simcli.games.class89.state import DESIGNER
    for seed in range(4):
        s = make_state(4, seed=seed)
        R = s.rules
        t = R.loc_token[3]
        s.objectives = [next(i for i, o in enumerate(R.objectives) if o["token"] == t
                             and o.get("other", -1) < 0)]
        _strip(s, {})
        d = flow.advance(s)
        opts = ((DESIGNER, 1, 0), (DESIGNER, 3, 0))
        bot = resolve("class89", strategy)(GAME, d.player, random.Random(seed))
        action = bot.choose(GAME.view(s, d.player), Decision(d.player, "place", opts))
        assert action == (DESIGNER, 3, 0), (strategy, seed, action)


def test_entrance_tile_worth_nothing_with_a_full_grid():
    from simcli.engine import Decision
    from simcli.games.class89.state import EDITOR
    s = make_state(4, seed=8)
    _strip(s, {})
    d = flow.advance(s)
    B = s.boards[d.player]
    B.sigs = 5   # no signature need
    # a bare location against the Entrance (a 1x1 tile and 2 signatures), the tile
    # weighted high and signatures at nothing
    R = s.rules
    both = ((EDITOR, ENTRANCE, 0), (EDITOR, 0, 0))
    bot = resolve("class89", "objective_chaser")(GAME, d.player, random.Random(0),
                                                 entrance=0.0, tile1=3.0, sig=0.0,
                                                 sig_need=0.0)
    assert bot.choose(GAME.view(s, d.player), Decision(d.player, "place", both))[1] == ENTRANCE
    B.gmask = (1 << R.n_grid) - 1
    bot = resolve("class89", "objective_chaser")(GAME, d.player, random.Random(0),
                                                 entrance=0.0, tile1=3.0, sig=0.0,
                                                 sig_need=0.0)
    assert bot.choose(GAME.view(s, d.player), Decision(d.player, "place", both))[1] == 0

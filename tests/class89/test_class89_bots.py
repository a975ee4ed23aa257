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
    # student (fits the last space): the bot never goes to location 0, and every member
    # is worth more at location 1 than at location 0 (the bot may prefer a third place:
    # since stop 35 the chaser, short of signatures, goes to the School Entrance here)
    for seed in range(4):
        s = make_state(4, seed=seed)
        d = flow.advance(s)
        a, z = _no_place_for(s, d.player)
        s.boards[d.player].abc = 0
        _strip(s, {0: [0], 1: [0]})
        s.display[0][0], s.display[1][0] = a, z
        bot, action, d = _place(s, strategy, seed=seed)
        assert action[1] != 0, (strategy, seed, action)
        value = dict(zip(d.options, bot.place_values(d.options), strict=True))
        pairs = [(o, (o[0], 1, *o[2:])) for o in d.options if o[1] == 0]
        pairs = [(here, there) for here, there in pairs if there in value]
        assert pairs and all(value[there] > value[here] for here, there in pairs), \
            (strategy, seed)


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
    # weighted high and signatures at nothing (and no Signature Action token counted)
    R = s.rules
    both = ((EDITOR, ENTRANCE, 0), (EDITOR, 0, 0))
    bot = resolve("class89", "objective_chaser")(GAME, d.player, random.Random(0),
                                                 entrance=0.0, tile1=3.0, sig=0.0,
                                                 sig_need=0.0, loc_token=0.0)
    assert bot.choose(GAME.view(s, d.player), Decision(d.player, "place", both))[1] == ENTRANCE
    B.gmask = (1 << R.n_grid) - 1
    bot = resolve("class89", "objective_chaser")(GAME, d.player, random.Random(0),
                                                 entrance=0.0, tile1=3.0, sig=0.0,
                                                 sig_need=0.0, loc_token=0.0)
    assert bot.choose(GAME.view(s, d.player), Decision(d.player, "place", both))[1] == 0


# ---------------------------------------------------------------- objective standings
def _captains(state, counts):
    """Objective 'students with 3+ Star tokens' (min 1) only; board i gets counts[i] such
    students."""
    R = state.rules
    oid = next(i for i, o in enumerate(R.objectives)
               if o["measure"] == "students_with_n_tokens" and o["token"] == 4)
    state.objectives = [oid]
    for B, k in zip(state.boards, counts, strict=True):
        for c in range(k):
            B.photo[c + 1] = c          # a student (codes below TEACHER)
            B.tok[c + 1][4] = 3
    return oid


def _gain(state, seed=0, **params):
    d = flow.advance(state)
    bot = resolve("class89", "objective_chaser")(GAME, d.player, random.Random(seed),
                                                 **params)
    bot.choose(GAME.view(state, d.player), d)   # binds the view
    bot._gain_key = None
    return d.player, bot.obj_gain()


def test_objective_gain_is_the_place_one_more_unit_would_win():
    # nobody qualifies: one more unit reaches the minimum (1) and first place, 18 points
    s = make_state(4, seed=1)
    d = flow.advance(s)
    counts = [0, 0, 0, 0]
    oid = _captains(s, counts)
    _p, (by_token, per) = _gain(s)
    assert per[oid] == pytest.approx(18 / 6)
    assert by_token[4] == pytest.approx(18 / 6) and by_token[0] == 0.0
    # tied first with a rival (ceil((18 + 12) / 2) = 15): one more wins 18, 3 points
    s = make_state(4, seed=1)
    counts = [0, 0, 0, 0]
    counts[d.player] = 1
    counts[(d.player + 1) % 4] = 1
    oid = _captains(s, counts)
    _p, (by_token, per) = _gain(s)
    assert per[oid] == pytest.approx(3 / 6)
    # alone in first place: nothing more to win
    s = make_state(4, seed=1)
    counts = [0, 0, 0, 0]
    counts[d.player] = 1
    oid = _captains(s, counts)
    _p, (by_token, per) = _gain(s)
    assert per[oid] == 0.0


def test_objective_gain_is_not_carried_from_one_copy_to_another():
    # a look-ahead's plain bot plays many copies of the game at the same round and turn:
    # the gain cached on one copy must not be read on another (it was, before stop 42)
    a, b = make_state(4, seed=1), make_state(4, seed=1)
    d = flow.advance(a)
    flow.advance(b)
    counts = [0, 0, 0, 0]
    oid = _captains(a, counts)
    counts[d.player] = 1                # on b the bot is alone in first place
    assert _captains(b, counts) == oid
    bot = resolve("class89", "objective_chaser")(GAME, d.player, random.Random(0))
    bot.choose(GAME.view(a, d.player), d)
    assert bot.obj_gain()[1][oid] == pytest.approx(18 / 6)
    bot.choose(GAME.view(b, d.player), flow.advance(b))
    assert (b.round, b.turn) == (a.round, a.turn)
    assert bot.obj_gain()[1][oid] == 0.0
    # the same copy at the same turn keeps its gain (computed once per turn)
    bot.choose(GAME.view(b, d.player), flow.advance(b))
    assert bot.obj_gain()[1][oid] == 0.0


def test_objective_gain_reads_the_casual_objective_mode():
    # casual: only the minimum counts (10 points), never the other players' standing
    s = make_state(4, seed=1, objective_mode="casual")
    oid = _captains(s, [0, 0, 0, 0])
    _p, (_t, per) = _gain(s)
    assert per[oid] == pytest.approx(s.rules.casual_points / 6)
    s = make_state(4, seed=1, objective_mode="casual")
    counts = [1, 1, 1, 1]
    oid = _captains(s, counts)
    _p, (_t, per) = _gain(s)
    assert per[oid] == 0.0


def test_token_type_follows_the_objective_gain():
    # two objectives in play; the bot is alone in first place on the Star one and level
    # with everyone on the other (5 Bookmarks in a row reach its minimum): a free choice
    # of token goes to the Bookmark when ``rank`` is weighted
    from simcli.engine import Decision
    s = make_state(4, seed=2)
    d = flow.advance(s)
    R = s.rules
    counts = [0, 0, 0, 0]
    counts[d.player] = 2
    star = _captains(s, counts)
    other = next(i for i, o in enumerate(R.objectives)
                 if o["measure"] == "tokens_in_row" and o["token"] == 1)
    s.objectives = [star, other]
    for seed in range(5):
        bot = resolve("class89", "objective_chaser")(GAME, d.player, random.Random(seed),
                                                     rank=2.0)
        view = GAME.view(s, d.player)
        assert bot.choose(view, Decision(d.player, "token_type", (1, 4))) == 1
        bot = resolve("class89", "objective_chaser")(GAME, d.player, random.Random(seed),
                                                     rank=0.0)
        # without the standings both count once: a coin flip (noise only)
        assert bot.choose(view, Decision(d.player, "token_type", (1, 4))) in (1, 4)


# ---------------------------------------------------------------- the round's plan
def test_round_plan_keeps_the_photographer_for_two_students():
    # location 0 holds a lone student (the Photographer's ability is worth nothing there),
    # the others two students each; Editor and Photographer at location 0 are equal
    # without a plan (a track step worth 0), and with it the Editor goes, the Photographer
    # is kept for a later turn of the round
    from simcli.engine import Decision
    from simcli.games.class89.state import EDITOR
    opts = ((EDITOR, 0, 0), (PHOTOGRAPHER, 0, 0))
    picks = set()
    for seed in range(8):
        s = make_state(4, seed=seed)
        _strip(s, {0: [0], 1: [0, 1], 2: [0, 1], 3: [0, 1], 4: [0, 1]})
        d = flow.advance(s)
        view = GAME.view(s, d.player)
        bot = resolve("class89", "club_climber")(GAME, d.player, random.Random(seed),
                                                 track=0.0, keep=1.0)
        assert bot.choose(view, Decision(d.player, "place", opts)) == (EDITOR, 0, 0)
        bot = resolve("class89", "club_climber")(GAME, d.player, random.Random(seed),
                                                 track=0.0, keep=0.0)
        picks.add(bot.choose(view, Decision(d.player, "place", opts)))
        # on the bot's last turn of the round nothing is kept: a tie again
        s.boards[d.player].used = [False, False, True, True]
        s.boards[d.player].used[3] = True
        s.boards[d.player].used[1] = True
        bot = resolve("class89", "club_climber")(GAME, d.player, random.Random(seed),
                                                 track=0.0, keep=1.0)
        assert bot.choose(view, Decision(d.player, "place", opts)) in opts
    assert picks == set(opts)


def test_objective_gain_counts_the_units_to_the_minimum():
    # 5 Bookmarks in a row reach the minimum: 18 points over 5 units from nothing
    s = make_state(4, seed=1)
    R = s.rules
    oid = next(i for i, o in enumerate(R.objectives)
               if o["measure"] == "tokens_in_row" and o["token"] == 1)
    s.objectives = [oid]
    _p, (_t, per) = _gain(s)
    assert per[oid] == pytest.approx(18 / 5 / 6)


def test_reads_declare_the_objective_rules_where_the_standings_are_weighed():
    from strategies import list_strategies, rules_read
    for name, cls in list_strategies("class89").items():
        weighs = cls.params.get("rank", 0.0) > 0
        assert ("objective_mode" in cls.reads) == weighs, name
    assert {"objective_mode", "objective_threshold", "objective_points",
            "casual_points"} <= rules_read("class89", ["signature_saver"])


# ------------------------------------------------- the terms (tools/search_fit.py)
@pytest.mark.parametrize("players", [3, 4])
def test_terms_weighted_best_is_the_bots_choice(players):
    # over every placement of real games (the default mix in every seat), the option
    # maximising sum(weight(k) * terms[k]) is the one the bot played (up to exact ties,
    # which the bot breaks with its RNG), and other decisions have no terms; the plain
    # heuristics (``w_eval=0``): the look-ahead adds a term the split does not describe
    import functools

    from simcli.engine import play_game
    from tools.search_fit import weight_of

    checked = {"place": 0, "other": 0}

    def wrap(factory):
        def make(g, p, rng):
            bot = factory(g, p, rng)
            choose = bot.choose

            def checking(view, decision):
                action = choose(view, decision)
                if decision.kind != "place":
                    assert bot.terms(view, decision, action) == {}
                    checked["other"] += 1
                    return action
                score = {}
                for o in decision.options:
                    t = bot.terms(view, decision, o)
                    assert "base" in t and set(bot.PLACE_TERMS) <= set(t)
                    score[o] = sum(weight_of(bot.p, k) * x for k, x in t.items())
                top = max(score.values())
                assert score[action] >= top - 1e-6, (decision.options, action, score)
                checked["place"] += 1
                return action
            bot.choose = checking
            return bot
        return make

    R = GAME.make_rules(GAME.default_data(), players)
    seats = [wrap(resolve("class89", s + ":w_eval=0")) for s in MIX][:players]
    for seed in range(3):
        play_game(GAME, players, R, seats, seed)
        seats = seats[1:] + seats[:1]
    assert checked["place"] >= 3 * players * 10 and checked["other"] > 0
    del functools


def _terms(state, strategy="club_climber", **params):
    bot, _a, d = _place(state, strategy, **params)
    view = GAME.view(state, d.player)
    return bot, d, {o: bot.terms(view, d, o) for o in d.options}


def test_terms_of_the_placement_situations():
    from simcli.games.class89.state import DESIGNER, EDITOR, TREASURER
    s = make_state(4, seed=3)
    R = s.rules
    _bot, d, t = _terms(s)
    future = (R.rounds - s.round) / (R.rounds - 1)
    assert future == 1.0                       # round 1: every later round still to come
    for (m, loc, k), x in t.items():
        # the members placed while later turns of the round remain (the first turn); the
        # terms are finite-difference slopes, exact only to rounding where the round plan
        # (``keep``, the climber's since stop 33) adds to the value
        assert x["editor_early"] == pytest.approx(float(m == EDITOR), abs=1e-9)
        assert x["designer_early"] == pytest.approx(float(m == DESIGNER), abs=1e-9)
        assert x["photo_early"] == pytest.approx(float(m == PHOTOGRAPHER), abs=1e-9)
        if loc == ENTRANCE:
            assert x["entrance_future"] == pytest.approx(future)
            assert x["spend_future"] == 0.0 and x["card_early"] == 0.0
        else:
            assert x["entrance_future"] == 0.0
            paid = 0 if m == TREASURER else R.space_costs[k]
            assert x["spend_future"] == pytest.approx(-paid * future)
            assert x["card_early"] >= 0.0
    # a location's best card counts in card_early: an emptied location adds nothing
    _strip(s, {1: [0, 1]})
    _bot, d, t = _terms(s)
    assert all(x["card_early"] == 0.0 for (m, loc, k), x in t.items() if loc == 0)
    assert any(x["card_early"] > 0.0 for (m, loc, k), x in t.items() if loc == 1)
    # on the bot's last turn of the round, nothing is early; in the last round the
    # Entrance's future share is 0
    s = make_state(4, seed=3)
    d = flow.advance(s)
    s.boards[d.player].used = [False, True, True, False]
    s.round = R.rounds
    _bot, d, t = _terms(s)
    for x in t.values():
        assert x["editor_early"] == x["designer_early"] == x["photo_early"] == 0.0
        assert x["card_early"] == 0.0 and x["entrance_future"] == 0.0


def test_photo_early_keeps_the_photographer_for_a_later_turn():
    # two students at every location: the Photographer is the best member on the first
    # turn; with ``photo_early`` negative enough it waits, and on the last turn of the
    # round (nothing left to wait for) it goes
    picks_first, picks_last = set(), set()
    for seed in range(6):
        s = make_state(4, seed=seed)
        _strip(s, {loc: [0, 1] for loc in range(5)})
        _b, a, _d = _place(s, "club_climber", seed=seed)
        assert a[0] == PHOTOGRAPHER
        _b, a, _d = _place(s, "club_climber", seed=seed, photo_early=-50.0)
        picks_first.add(a[0])
        d = flow.advance(s)
        s.boards[d.player].used = [True, True, False, False]
        _b, a, _d = _place(s, "club_climber", seed=seed, photo_early=-50.0, treasurer=5.0)
        picks_last.add(a[0])
    assert PHOTOGRAPHER not in picks_first
    assert picks_last == {PHOTOGRAPHER}


class _Rigged:
    """GAME with an evaluation that favours one member: the seat that placed the Treasurer
    this round wins with 0.9 (the rest share 0.1)."""

    def __init__(self, member: int):
        self.member = member

    def __getattr__(self, name):
        return getattr(GAME, name)

    def evaluate(self, state):
        n = len(state.boards)
        hit = [B.used[self.member] for B in state.boards]
        w = [9.0 if h else 1.0 / max(1, n - 1) for h in hit]
        t = sum(w)
        return tuple(x / t for x in w)

    def evaluate_mid(self, state):     # the climber's and the builder's (``eval_mid``)
        return self.evaluate(state)


def _look(state, strategy, game, sampler_seed, **params):
    from simcli.engine import make_sampler

    d = flow.advance(state)
    bot = resolve("class89", strategy)(game, d.player, random.Random(1), **params)
    if getattr(bot, "needs_sampler", False):
        bot.bind_sampler(make_sampler(game, state, d.player, random.Random(sampler_seed)))
    return bot, bot.choose(game.view(state, d.player), d), d


@pytest.mark.parametrize("strategy", MIX)
def test_look_ahead_plays_what_the_evaluation_rates_among_the_bots_best(strategy):
    from simcli.games.class89.state import TREASURER

    game = _Rigged(TREASURER)
    # the rigged evaluation reads this round's placements, so the copies stop at the end
    # of the bot's own turn (``eval_round`` 0; the chaser's default plays on to the round's
    # end, where every seat has placed its Treasurer; the round horizon: below)
    turn = {"eval_round": 0}
    for seed in range(4):
        s = make_state(4, seed=seed, blank=False)
        _b, plain, d = _place(s, strategy, seed=1)
        bot = resolve("class89", strategy)(GAME, d.player, random.Random(1))
        bot.v, bot.R, bot.B = GAME.view(s, d.player), s.rules, s.boards[d.player]
        vals = bot.place_values(d.options)
        best = max(vals)
        top = sorted(range(len(vals)), key=lambda i: (-vals[i], i))[:3]
        # off (w_eval 0): no sampler asked for, the plain choice
        bot, a, _d = _look(s, strategy, game, seed, w_eval=0.0)
        assert not bot.needs_sampler and a == plain
        # on, every option looked at and the evaluation dominant: the Treasurer goes
        _bot, a, _d = _look(s, strategy, game, seed, w_eval=1000.0, eval_k=len(d.options),
                         **turn)
        assert a[0] == TREASURER
        # on, but only the bot's own best option looked at: a best option by its values
        _bot, a, _d = _look(s, strategy, game, seed, w_eval=1000.0, eval_k=1, **turn)
        assert vals[d.options.index(a)] >= best - 1e-9
        # among the bot's top 3 only: the Treasurer if one of them places it, else the
        # bot's own best
        _bot, a, _d = _look(s, strategy, game, seed, w_eval=1000.0, eval_k=3, **turn)
        assert d.options.index(a) in top
        if any(d.options[i][0] == TREASURER for i in top):
            assert a[0] == TREASURER
        else:
            assert vals[d.options.index(a)] >= best - 1e-9


@pytest.mark.parametrize("strategy", MIX)
def test_look_ahead_screen_adds_what_the_evaluation_rates_best(strategy):
    from simcli.games.class89.state import TREASURER

    # ``eval_screen`` 1 beside ``eval_k`` 1: the option the (rigged) evaluation rates best
    # right after it is played joins the bot's own best, and the look-ahead takes it
    game = _Rigged(TREASURER)
    turn = {"eval_round": 0}
    changed = 0
    for seed in range(6):
        s = make_state(4, seed=seed, blank=False)
        _b, own, d = _look(s, strategy, game, seed, w_eval=1000.0, eval_k=1, **turn)
        _b, a, _d = _look(s, strategy, game, seed, w_eval=1000.0, eval_k=1, eval_screen=1,
                          **turn)
        assert a in d.options
        if any(o[0] == TREASURER for o in d.options):
            assert a[0] == TREASURER
            changed += own[0] != TREASURER
        else:
            assert a == own
    assert changed      # the screen found what the bot's own best missed


def test_look_ahead_without_a_sampler_plays_the_plain_heuristic():
    # a rollout bot inside search gets no sampler: it plays as the bot without look-ahead
    game = GAME
    mk = resolve("class89", "class_builder")
    for seed in range(3):
        s = make_state(4, seed=seed, blank=False)
        d = flow.advance(s)
        a = mk(game, d.player, random.Random(1), w_eval=40.0).choose(game.view(s, d.player), d)
        b = mk(game, d.player, random.Random(1), w_eval=0.0).choose(game.view(s, d.player), d)
        assert a == b


def test_look_ahead_games_are_the_same_per_seed():
    from simcli.engine import play_game

    R = GAME.make_rules(GAME.default_data(), 3)
    look = resolve("class89", "objective_chaser:w_eval=40")
    mix = [resolve("class89", n) for n in MIX[1:3]]
    a = play_game(GAME, 3, R, [look, *mix], seed=11)
    b = play_game(GAME, 3, R, [look, *mix], seed=11)
    c = play_game(GAME, 3, R, [resolve("class89", "objective_chaser:w_eval=0"), *mix], seed=11)
    assert a.history == b.history
    assert a.history != c.history


class _Counting:
    """GAME whose evaluation records the round and the decision of every state it scores."""

    def __init__(self):
        self.seen = []

    def __getattr__(self, name):
        return getattr(GAME, name)

    def evaluate(self, state):
        d = GAME.decision(state)
        self.seen.append((state.round, None if d is None else (d.player, d.kind)))
        return GAME.evaluate(state)

    def evaluate_mid(self, state):     # the climber's (``eval_mid``)
        self.evaluate(state)
        return GAME.evaluate_mid(state)


@pytest.mark.parametrize("players", [3, 4])
def test_look_ahead_copies_and_round_horizon(players):
    from simcli.engine import make_sampler

    for seed in range(3):
        s = make_state(players, seed=seed, blank=False)
        d = flow.advance(s)
        me, start = d.player, s.round

        def snap(B=s.boards[me], s=s):
            return (list(B.photo), B.sigs, list(B.used), s.round, s.turn, s.phase)

        before = snap()
        for n, rounds in ((1, 0), (3, 0), (2, 1)):
            game = _Counting()
            bot = resolve("class89", "club_climber")(game, me, random.Random(1), w_eval=40.0,
                                                    eval_k=4, eval_n=n, eval_round=rounds)
            calls = []
            sampler = make_sampler(game, s, me, random.Random(seed))

            def spy(j=None, _s=sampler, _c=calls):
                _c.append(j)
                return _s(j)

            spy.fresh = sampler.fresh
            bot.bind_sampler(spy)
            a = bot.choose(GAME.view(s, me), d)
            assert a in d.options
            k = min(4, len(d.options))
            # every option on the same eval_n copies, one evaluation per copy
            assert len(game.seen) == k * n
            assert calls == list(range(n)) * k
            for rnd, nxt in game.seen:
                if rounds:
                    # played on to the round's end (every seat), or to the game's end
                    assert rnd == start + 1 or nxt is None
                else:
                    # the bot's own turn only: the round goes on, the next decision is
                    # another placement or another seat's
                    assert rnd == start and (nxt is None or nxt[1] == "place"
                                             or nxt[0] != me)
        # the true state is never touched
        assert snap() == before


def test_look_ahead_copies_and_horizon_change_play_deterministically():
    from simcli.engine import play_game

    R = GAME.make_rules(GAME.default_data(), 4)
    mix = [resolve("class89", n) for n in MIX[1:]]

    def hist(spec, seed=5):
        return play_game(GAME, 4, R, [resolve("class89", spec), *mix], seed=seed).history

    old = hist("objective_chaser:eval_n=1,eval_round=0")
    assert old == hist("objective_chaser:w_eval=40,eval_k=10,eval_n=1,eval_round=0")
    for spec in ("objective_chaser:eval_n=3,eval_round=0",
                 "objective_chaser:eval_n=1,eval_round=1"):
        a = hist(spec)
        assert a == hist(spec)
        assert a != old

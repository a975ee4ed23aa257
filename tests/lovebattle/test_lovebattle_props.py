"""Properties over many seeds, determinism, clone(), and hidden information in views."""
from __future__ import annotations

import random

import pytest
from lb_helpers import AIKA, RIN, YUKI, rules_for

from simcli.engine import Decision, play_game
from simcli.games.lovebattle import flow
from simcli.games.lovebattle.rules import GAME
from simcli.games.lovebattle.state import State, View
from strategies import RandomBot, resolve
from strategies.lovebattle import DEFAULT_MIX, STRATEGIES


def check_invariants(st) -> None:
    R = st.rules
    assert all(k >= 0 for k in st.ki)
    assert all(R.love_min <= x <= R.love_max for x in st.love)
    cards = sum(map(len, st.hands)) + sum(map(len, st.decks)) + sum(map(len, st.discards))
    assert cards == 100
    pps = len(st.face_up) + len(st.pp_deck) + sum(map(len, st.held)) + len(st.pp_discard)
    assert pps == 25
    assert len(st.face_up) <= R.face_up
    assert all(0 <= r < len(R.rooms) for r in st.gloc) and 0 <= st.hero < len(R.rooms)
    assert -1 <= st.condition < 5
    if st.active >= 0:                    # the fast Plot Point check equals the plain one
        slow = [i for i in st.face_up if flow.qualifies(st, st.active, R.plot_points[i])]
        assert flow.claimable(st, st.active) == slow


def random_game(n, seed, per_step=False):
    st = GAME.setup(n, rules_for(n), random.Random(seed))
    rng = random.Random(seed + 1)
    steps = 0
    while (d := GAME.decision(st)) is not None:
        assert isinstance(d, Decision) and d.options
        if per_step:
            check_invariants(st)
        GAME.apply(st, d.options[int(rng.random() * len(d.options))])
        steps += 1
        assert steps < GAME.max_decisions
    check_invariants(st)
    res = GAME.result(st)
    assert abs(sum(res.win_shares) - 1.0) < 1e-9
    assert res.turns == 7 * n
    return st, res


def test_random_games_end_and_keep_limits_over_2000_seeds():
    """Invariants over 2000 random games (2-4 players): the game ends after 7 periods,
    Ki never negative, Love in 1..10, every card and Plot Point accounted for."""
    keys = None
    for seed in range(2000):
        st, res = random_game(2 + seed % 3, seed)
        k = (tuple(sorted(res.metrics)), tuple(sorted(res.seat_metrics[0])))
        assert keys is None or keys[0] == k[0] and keys[1] == k[1]
        keys = k


def test_invariants_hold_at_every_step():
    for seed in range(60):
        random_game(2 + seed % 3, seed, per_step=True)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_heuristic_games_end(n):
    rules = rules_for(n)
    for seed in range(60):
        names = [DEFAULT_MIX[(seed + i) % len(DEFAULT_MIX)] for i in range(n)]
        # plain bots (turn_look 0): the game's length, not the look-ahead (tested in
        # test_lovebattle_look.py), at 180 games
        rec = play_game(GAME, n, rules, [resolve("lovebattle", f"{x}:turn_look=0")
                                         for x in names], seed)
        assert rec.result.turns == 7 * n


def test_same_seed_same_game_and_global_rng_does_not_matter():
    rules = rules_for(4)
    bots = [resolve("lovebattle", x) for x in ("devoted", "triangle", "hunter", "saboteur")]
    a = play_game(GAME, 4, rules, bots, 123)
    random.seed(999)
    b = play_game(GAME, 4, rules, bots, 123)
    assert a.history == b.history and a.result == b.result
    c = play_game(GAME, 4, rules, bots, 124)
    assert c.history != a.history
    replay = play_game(GAME, 4, rules, [RandomBot] * 4, 123, history=a.history)
    assert replay.result == a.result


def test_clone_is_independent():
    st = GAME.setup(4, rules_for(4), random.Random(8))
    rng = random.Random(2)
    for _ in range(150):
        d = GAME.decision(st)
        GAME.apply(st, d.options[int(rng.random() * len(d.options))])
    twin = GAME.clone(st)
    assert twin.love == st.love and twin.hands == st.hands and twin.decks == st.decks
    assert twin.pending == st.pending
    assert twin.rng.getstate() == st.rng.getstate()
    # the copy plays on identically, and playing it leaves the original untouched
    before = (list(st.love), [list(h) for h in st.hands], st.rng.getstate(), st.pending)
    r1, r2 = random.Random(5), random.Random(5)
    while (d := GAME.decision(twin)) is not None:
        GAME.apply(twin, d.options[int(r1.random() * len(d.options))])
    assert (st.love, st.hands, st.rng.getstate(), st.pending) == before
    while (d := GAME.decision(st)) is not None:
        GAME.apply(st, d.options[int(r2.random() * len(d.options))])
    assert GAME.result(st) == GAME.result(twin)


# -- hidden information ------------------------------------------------------------------------
def twin_states(other_vote, other_hand_seed):
    """Two states equal for player 0, differing in player 1's vote and hand."""
    st = GAME.setup(4, rules_for(4), random.Random(4))
    for v in ((RIN,), other_vote, (YUKI,), (AIKA, RIN)):
        GAME.apply(st, v)
    rng = random.Random(other_hand_seed)
    rng.shuffle(st.hands[1])
    st.hands[1] = st.hands[1][:3]
    return st


def test_view_has_no_other_votes_hands_decks_or_rng():
    """A strategy cannot read another player's vote: the view has no such field, and it
    is identical whatever the other players voted or hold."""
    a = twin_states((AIKA,), 1)
    b = twin_states((RIN, YUKI), 2)
    assert a.votes[1] != b.votes[1] and a.hands[1] != b.hands[1]
    va, vb = GAME.view(a, 0), GAME.view(b, 0)
    assert va.as_dict() == vb.as_dict()
    for name in ("votes", "hands", "decks", "rng", "state", "discards", "pp_deck", "med_deck"):
        assert name not in View.__slots__
        assert not hasattr(va, name)
    for name in View.__slots__:
        value = getattr(va, name)
        assert not isinstance(value, (State, random.Random))
    assert not any(isinstance(v, (State, random.Random)) for v in vars(va.rules).values())
    assert va.my_vote == (RIN,)
    assert va.hand_sizes[1] == 3 and vb.hand_sizes[1] == 3


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_strategy_choices_do_not_depend_on_other_votes(name):
    """Each heuristic decides the same whatever another player voted (it cannot see it)."""
    a = twin_states((AIKA,), 1)
    b = twin_states((RIN, YUKI), 1)
    b.hands[1] = list(a.hands[1])
    cls = STRATEGIES[name]
    for _ in range(40):
        d = GAME.decision(a)
        if d is None:
            break
        bot_a = cls(GAME, d.player, random.Random(7))
        bot_b = cls(GAME, d.player, random.Random(7))
        if d.player != 1:
            choice = bot_a.choose(GAME.view(a, d.player), d)
            assert choice == bot_b.choose(GAME.view(b, d.player), GAME.decision(b))
        else:
            choice = d.options[0]
        GAME.apply(a, choice)
        GAME.apply(b, choice)


def test_jealousy_decisions_go_to_the_responding_player():
    """Out-of-turn Jealousy decisions belong to the responder; its view is its own."""
    rules = rules_for(4)
    seen = 0
    for seed in range(40):
        st = GAME.setup(4, rules, random.Random(seed))
        rng = random.Random(seed)
        while (d := GAME.decision(st)) is not None:
            if d.kind == "jealousy":
                view = GAME.view(st, d.player)
                for o in d.options:
                    if o[0] == "jealousy":
                        assert o[1] in view.hand
                seen += 1
            GAME.apply(st, d.options[int(rng.random() * len(d.options))])
    assert seen > 0


def test_every_strategy_has_description_and_params():
    for cls in STRATEGIES.values():
        assert cls.description and cls.params
    assert len(STRATEGIES) >= 5 and set(DEFAULT_MIX) <= set(STRATEGIES)
    assert RandomBot.name == "random"


def test_describe_prints_every_option_of_a_game():
    rules = rules_for(4)
    rec = play_game(GAME, 4, rules, [resolve("lovebattle", x) for x in DEFAULT_MIX[:4]], 3,
                    narrate=True)
    assert rec.log and not any("('" in line for line in rec.log)     # no raw tuples
    assert any("Class Period 7" in line for line in rec.log)


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_LB_028_two_player_votes_come_from_the_hand(name):
    """LB-028/026: with 2 players every heuristic names two Girls chosen from its own
    opening hand (not a fixed fallback pair)."""
    rules = rules_for(2)
    votes = set()
    for seed in range(30):
        st = GAME.setup(2, rules, random.Random(seed))
        d = GAME.decision(st)
        bot = STRATEGIES[name](GAME, 0, random.Random(seed))
        v = bot.choose(GAME.view(st, 0), d)
        assert v in d.options and len(v) == 2
        votes.add(v)
    assert len(votes) >= 5

"""Class of '89 properties over many random games: termination, limits, card
conservation, hidden information, clone independence, determinism."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from simcli.engine import play_game
from simcli.games.class89.rules import GAME
from simcli.games.class89.scoring import classes
from simcli.games.class89.state import EMPTY, STAFF, TEACHER, TILE, TILE1
from strategies import RandomBot, resolve
from strategies.class89 import DEFAULT_MIX, STRATEGIES

SEEDS = 1000


def _rules(n, **overrides):
    data = GAME.default_data()
    data.update(overrides)
    return GAME.make_rules(data, n)


def _cards(state):
    """Every card id by kind, wherever it is."""
    R = state.rules
    seen = {"student": Counter(), "teacher": Counter(), "staff": Counter(), "tile": Counter()}
    for kind in ("student", "teacher", "staff"):
        seen[kind].update(state.decks[kind])
        seen[kind].update(state.discards[kind])
    for st in "ABCD":
        seen["tile"].update(state.decks[st])
        seen["tile"].update(state.discards[st])
    for loc in range(5):
        for slot, code in enumerate(state.display[loc]):
            ss = state.display_ss[loc][slot]
            if ss != EMPTY:
                seen["student"][ss] += 1
            _count(seen, code)
    for B in state.boards:
        for code in B.photo:
            _count(seen, code)
        seen["staff"].update(B.staff)
        seen["tile"].update(B.tiles)
        seen["student"].update(ss[1] for ss in B.ss)
    for hand in state.hands:
        seen["student"].update(hand)
    del R
    return seen


def _count(seen, code):
    if code == EMPTY:
        return
    if code < TEACHER:
        seen["student"][code] += 1
    elif code < STAFF:
        seen["teacher"][code - TEACHER] += 1
    elif code < TILE:
        seen["staff"][code - STAFF] += 1
    else:
        seen["tile"][code - TILE] += 1


def check_invariants(state):
    R = state.rules
    for i, B in enumerate(state.boards):
        assert B.sigs >= 0
        assert len(B.storage) <= R.storage
        assert len(B.staff) <= R.staff_slots
        assert 0 <= B.abc <= R.abc_tokens + (1 if R.solo_extra_abc else 0)
        assert all(0 <= x <= R.track_len for x in B.tracks)
        for c, code in enumerate(B.photo):
            toks = B.tok[c]
            assert all(x >= 0 for x in toks) and sum(toks) <= R.max_tokens
            if not 0 <= code < TEACHER:
                assert sum(toks) == 0  # tokens only on students
        for ss in B.ss:
            assert sum(ss[2]) <= R.max_tokens and R.tl_student[ss[0]]
        covered = sum(1 for x in B.grid if x != EMPTY)
        assert covered == sum(R.tl_size[t] for t in B.tiles) + B.tile1s
        assert B.tile1s == sum(1 for x in B.grid if x == TILE1)
        if i != state.ed:  # alphabetical order inside each class (C89-074)
            for _, cells in classes(R, B):
                letters = [R.s_letter[B.photo[c]] for c in cells
                           if 0 <= B.photo[c] < TEACHER and c not in B.abc_cells]
                assert letters == sorted(letters)
        else:
            assert B.sigs == 0 and B.abc == 0
            teachers = [c for c, x in enumerate(B.photo) if x >= TEACHER]
            assert len({c // R.cols for c in teachers}) == len(teachers) <= 4
            assert len({c % R.cols for c in teachers}) == len(teachers)
    assert state.tile1_left >= 0
    assert sum(B.tile1s for B in state.boards) == R.tile1_count - state.tile1_left
    seen = _cards(state)
    assert sorted(seen["student"].values()) == [1] * len(R.s_letter)
    assert all(v == 1 for v in seen["teacher"].values())
    assert all(v == 1 for v in seen["staff"].values()) and len(seen["staff"]) == len(R.st_club)
    assert all(v == 1 for v in seen["tile"].values())


def random_game(n, rules, seed):
    state = GAME.setup(n, rules, random.Random(seed))
    rng = random.Random(seed * 7 + 1)
    steps = 0
    while (d := GAME.decision(state)) is not None:
        opts = d.options
        GAME.apply(state, opts[int(rng.random() * len(opts))])
        steps += 1
        assert steps <= GAME.max_decisions
        assert state.boards[d.player].sigs >= 0
    return state


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_end_and_keep_limits(n):
    """>= 1000 random games per player count: every game ends after 4 rounds of 3 turns,
    limits hold, every card is in exactly one place, win shares sum to 1."""
    rules = _rules(n)
    for seed in range(SEEDS):
        state = random_game(n, rules, seed)
        assert state.round == 4 and state.over
        assert state.turns_taken == 4 * 3 * n
        if seed % 5 == 0:
            check_invariants(state)
        r = GAME.result(state)
        assert abs(sum(r.win_shares) - 1.0) < 1e-9
        assert len(r.scores) == n and all(s >= 0 for s in r.scores)


@pytest.mark.parametrize("difficulty", ["easy", "normal", "hard"])
def test_random_solo_games_per_difficulty(difficulty):
    """>= 1000 random solo games per difficulty against Ed."""
    rules = _rules(1, solo_difficulty=difficulty)
    for seed in range(SEEDS):
        state = random_game(1, rules, seed)
        assert state.over and state.turns_taken == 4 * 3 * 2
        if seed % 5 == 0:
            check_invariants(state)
        r = GAME.result(state)
        assert r.automata == ("ed",) and len(r.scores) == 2
        assert r.metrics["solo_difficulty"] == difficulty
        assert sorted(r.win_shares) == [0.0, 1.0]


@pytest.mark.parametrize("overrides", [
    {"objective_mode": "casual"}, {"objective_threshold": "t2"}, {"half_icons": False},
    {"school_entrance": False}, {"objective_set": "C"}, {"start_teacher": False,
                                                          "start_students": 0},
])
def test_variants_play(overrides):
    for n in (1, 2, 3, 4):
        rules = _rules(n, **overrides)
        for seed in range(25):
            check_invariants(random_game(n, rules, seed))


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_heuristics_play_legal_games(n):
    rules = _rules(n)
    names = list(STRATEGIES)
    seats = 1 if n == 1 else n
    for seed in range(10):
        facs = [resolve("class89", names[(seed + i) % len(names)]) for i in range(seats)]
        rec = play_game(GAME, n, rules, facs, seed)
        assert rec.result.turns == 12 * (2 if n == 1 else n)
    assert set(DEFAULT_MIX) <= set(STRATEGIES)


def test_same_seed_same_game_and_global_rng_does_not_matter():
    rules = _rules(4)
    facs = [resolve("class89", x) for x in DEFAULT_MIX]
    a = play_game(GAME, 4, rules, facs, 123)
    random.seed(99)
    b = play_game(GAME, 4, rules, facs, 123)
    assert a.history == b.history and a.result.scores == b.result.scores
    c = play_game(GAME, 4, rules, facs, 123, history=a.history)
    assert c.result.scores == a.result.scores


def test_views_hide_decks_rng_and_other_draws():
    rules = _rules(3)
    state = GAME.setup(3, rules, random.Random(5))
    rng = random.Random(1)
    found_keep = False
    while (d := GAME.decision(state)) is not None:
        v = GAME.view(state, d.player)
        for hidden in ("rng", "decks", "discards", "queue", "choice_deck", "loc_deck"):
            assert not hasattr(v, hidden)
        other = GAME.view(state, (d.player + 1) % 3)
        assert other.ctx is None and other.hand == () or d.kind in ("side", "start_student")
        if d.kind == "keep":
            found_keep = True
            assert v.ctx is not None
        GAME.apply(state, d.options[int(rng.random() * len(d.options))])
    del found_keep


def test_clone_is_independent():
    rules = _rules(4)
    state = GAME.setup(4, rules, random.Random(3))
    for _ in range(40):
        d = GAME.decision(state)
        GAME.apply(state, d.options[0])
    twin = GAME.clone(state)
    rng = random.Random(0)
    while (d := GAME.decision(twin)) is not None:
        GAME.apply(twin, d.options[int(rng.random() * len(d.options))])
    assert state.round == 1 and not state.over
    d1, d2 = GAME.decision(state), GAME.decision(GAME.clone(state))
    assert d1 == d2


def test_describe_every_option():
    rules = _rules(2)
    state = GAME.setup(2, rules, random.Random(8))
    rng = random.Random(2)
    while (d := GAME.decision(state)) is not None:
        for o in d.options[:20]:
            assert isinstance(GAME.describe(state, d, o), str)
        GAME.apply(state, d.options[int(rng.random() * len(d.options))])


def test_result_metrics_same_keys_everywhere():
    keys = set()
    for n in (1, 2, 4):
        rec = play_game(GAME, n, _rules(n), [RandomBot] * (1 if n == 1 else n), 4)
        ks = (frozenset(rec.result.metrics), frozenset(rec.result.seat_metrics[0]))
        keys.add(ks)
        assert all(isinstance(v, int | float | str | bool) for v in rec.result.metrics.values())
        assert rec.result.seat_metrics[0]["start_signatures"] in (1, 2)
    assert len(keys) == 1

"""simcli.seeding: deferred seeding draws exactly the numbers eager seeding draws."""
from __future__ import annotations

import copy
import pickle
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from simcli.games.rand import shuffle
from simcli.seeding import defer_seed, deferred, deferred_state, wake

SEEDS = st.integers(min_value=0, max_value=(1 << 64) - 1)

#: ways to draw from a generator; each must give the same as an eagerly seeded one
DRAWS = {
    "random": lambda r: [r.random() for _ in range(5)],
    "getrandbits": lambda r: [r.getrandbits(70) for _ in range(3)],
    "shuffle (simcli)": lambda r: _shuffled(r, shuffle),
    "shuffle (random)": lambda r: _shuffled(r, random.Random.shuffle),
    "choice and randrange": lambda r: (r.choice(range(99)), r.randrange(7, 1000)),
    "gauss": lambda r: r.gauss(0.0, 1.0),
    "state": lambda r: r.getstate(),
    "pickled": lambda r: pickle.loads(pickle.dumps(r)).random(),
    "deep copy": lambda r: copy.deepcopy(r).randbytes(9),
    "bound method": lambda r: _bound(r),
}


def _shuffled(r, how):
    x = list(range(30))
    how(r, x)
    return x


def _bound(r):
    wake(r)
    rnd = r.random
    return [rnd() for _ in range(3)]


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, other=SEEDS, draw=st.sampled_from(sorted(DRAWS)))
def test_deferred_seeding_draws_what_eager_seeding_draws(seed, other, draw):
    fn = DRAWS[draw]
    made = deferred(seed)
    reseeded = random.Random(other)
    reseeded.random()
    defer_seed(reseeded, other)          # a later deferral replaces an earlier one
    defer_seed(reseeded, seed)
    for r in (made, reseeded):
        assert fn(r) == fn(random.Random(seed)), draw
        assert type(r) is random.Random  # woken: a plain generator again


def test_a_deferred_generator_is_seeded_only_if_it_draws():
    r = random.Random(1)
    before = r.getstate()
    defer_seed(r, 99)
    r.seed(5)                            # an explicit seed wins over the deferred one
    assert r.getstate() == random.Random(5).getstate()
    idle = deferred(7)
    idle.setstate(before)                # so does a state set before any draw
    assert idle.random() == random.Random(1).random()


def test_a_generator_of_another_class_is_seeded_at_once():
    class Mine(random.Random):
        pass
    r = Mine(3)
    defer_seed(r, 8)
    assert type(r) is Mine and r.getstate() == random.Random(8).getstate()


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, other=SEEDS, draws=st.integers(0, 3), draw=st.sampled_from(sorted(DRAWS)))
def test_a_deferred_state_draws_what_setstate_draws(seed, other, draws, draw):
    fn = DRAWS[draw]
    src = random.Random(seed)
    for _ in range(draws):
        src.gauss(0.0, 1.0)              # a state with gauss_next set, sometimes
    state = src.getstate()
    eager = random.Random()
    eager.setstate(state)
    made = deferred_state(state)
    assert made.gauss_next == eager.gauss_next
    assert fn(made) == fn(eager), draw
    # then on, gauss_next included (gauss may have used it without drawing)
    assert [made.gauss(0.0, 1.0), made.random(), made.gauss(0.0, 1.0)] == \
        [eager.gauss(0.0, 1.0), eager.random(), eager.gauss(0.0, 1.0)]
    assert type(made) is random.Random
    reseeded = deferred_state(state)     # a later deferred seed replaces the state
    defer_seed(reseeded, other)
    assert fn(reseeded) == fn(random.Random(other)), draw

"""Cheaper seeding of the Mersenne Twister generators the rules and bots draw from, with
the same streams as ``random.Random(seed)`` and ``rng.seed(seed)``.

Seeding costs about 4 us (the generator's 624-word state is filled from the seed), and
the look-ahead bots and ``search`` seed thousands of generators a game: it was the
largest single item of a compiled vghs game's profile (7% of a heuristic game, 11% of a
search seat's). Most of those seeds were never used: a look-ahead reseeds every seat's
bot before each option it plays, and a bot draws only to break a tie. So:

- ``defer_seed(rng, seed)`` is ``rng.seed(seed)`` carried out at ``rng``'s first draw
  (or ``getstate``);
- ``deferred(seed)`` is ``random.Random(seed)`` seeded the same way;
- ``deferred_state(state)`` is a ``random.Random`` set to ``state`` (a ``getstate()``)
  the same way: setting the 624 words costs about 3 us, and Love Battle's copies set a
  generator from a turn-start snapshot only for ``determinize`` to reseed it at once.

None changes a number drawn: a generator is seeded (or set) before its first draw, with
the seed (or state) it was given.

This module is not compiled: a deferred generator changes its class back to
``random.Random`` when it wakes, which needs two plain Python classes of one layout.
"""
from __future__ import annotations

import random
from _random import Random as _CRandom  # the generator itself: its setstate sets the words

__all__ = ["deferred", "deferred_state", "defer_seed"]

_Random = random.Random

class _Deferred(_Random):
    """A ``random.Random`` whose ``seed(_seed)`` (or, where ``_seed`` is a tuple,
    ``setstate(_seed)``: no seed is a tuple) waits for its first draw; it turns back into
    a plain ``random.Random`` (the same object) as it wakes. Every method that draws goes
    through ``random``, ``getrandbits`` or the state, which wake it."""

    __slots__ = ()

    def _wake(self) -> None:
        if type(self) is _Deferred:
            self.__class__ = _Random
            pending = self.__dict__.pop("_seed")
            if type(pending) is tuple:
                # the generator's words only: ``gauss_next`` was set with the deferral
                # and ``gauss`` may have used it since without drawing
                _CRandom.setstate(self, pending[1])
            else:
                _Random.seed(self, pending)

    def random(self) -> float:
        _Deferred._wake(self)
        return _Random.random(self)

    def getrandbits(self, k: int) -> int:
        _Deferred._wake(self)
        return _Random.getrandbits(self, k)

    def getstate(self):
        _Deferred._wake(self)
        return _Random.getstate(self)

    def _drop(self) -> None:
        """Forget the pending seed: what is set next replaces it."""
        if type(self) is _Deferred:
            self.__class__ = _Random
            self.__dict__.pop("_seed", None)

    def setstate(self, state) -> None:
        _Deferred._drop(self)
        _Random.setstate(self, state)

    def seed(self, a=None, version=2) -> None:
        _Deferred._drop(self)
        _Random.seed(self, a, version)

    def __reduce__(self):
        _Deferred._wake(self)
        return _Random.__reduce__(self)


def deferred(seed: int) -> random.Random:
    """``random.Random(seed)``, seeded at its first draw (``random.Random.__new__`` of a
    subclass leaves the state to ``__init__``'s seeding)."""
    return _pending(seed, None)


def _pending(value, gauss_next) -> random.Random:
    """A deferred generator that seeds (an int) or sets (a state tuple) ``value`` as it
    wakes, with ``gauss_next`` set now (``gauss`` reads it before drawing)."""
    r = _Random.__new__(_Deferred)
    r.gauss_next = gauss_next
    r._seed = value
    return r


def deferred_state(state: tuple) -> random.Random:
    """A ``random.Random`` set to ``state`` (what ``getstate()`` returned) at its first
    draw; a ``defer_seed`` or ``seed`` before then replaces it."""
    if type(state) is not tuple or len(state) != 3 or state[0] != 3:
        # another version: set at once, as random.py reads it (an unseeded generator:
        # ``random.Random()`` would seed it from the OS first, for nothing)
        r = _Random.__new__(_Random)
        r.setstate(state)
        return r
    return _pending(state, state[2])   # gauss_next as setstate sets it


def defer_seed(rng: random.Random, seed: int) -> None:
    """``rng.seed(seed)``, carried out when ``rng`` first draws. An RNG of another class
    (a designer's subclass) is seeded at once."""
    t = type(rng)
    if t is _Random or t is _Deferred:
        rng.__class__ = _Deferred
        rng._seed = seed
        rng.gauss_next = None      # as seed() sets it (gauss reads it before drawing)
    else:
        rng.seed(seed)


def wake(rng: random.Random) -> None:
    """Seed a deferred ``rng`` now (before caching its bound methods for a loop: a
    deferred generator's own methods are slower Python calls)."""
    if type(rng) is _Deferred:
        rng._wake()

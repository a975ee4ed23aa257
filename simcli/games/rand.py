"""Random helpers every game's rules and copies share (compiled with them)."""
from __future__ import annotations

import random

from simcli.seeding import wake

__all__ = ["shuffle"]

_Random = random.Random


def shuffle(rng, x: list) -> None:
    """``rng.shuffle(x)``: the same permutation from the same RNG state, and the same
    numbers drawn (CPython's ``Random.shuffle`` and ``_randbelow_with_getrandbits``, the
    same from 3.11 to 3.13, inlined: a C loop in the compiled build). A deferred one
    (``simcli.seeding``) is seeded first; an RNG of another class shuffles with its own
    method."""
    if type(rng) is not _Random:
        wake(rng)                  # a deferred generator: seeded now, then as below
        if type(rng) is not _Random:
            rng.shuffle(x)
            return
    i = len(x) - 1
    if i < 1:
        return
    getrandbits = rng.getrandbits
    k = 0                          # (i + 1).bit_length()
    n = i + 1
    while n:
        k += 1
        n >>= 1
    while i > 0:
        n = i + 1
        while (1 << (k - 1)) > n:  # k = n.bit_length() as n falls
            k -= 1
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        x[i], x[r] = x[r], x[i]
        i -= 1

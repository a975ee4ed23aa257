"""The win chances of a game's evaluation (``evaluate(state)``): the softmax over result
rows of each row's weighted features. Compiled with the games' rules (simcli/build.py's
``HOT``), because the look-ahead bots and ``search`` score thousands of states a game;
``simcli.evalfit`` re-exports it for a designer's own evaluation module.

Every sum is ``math.fsum`` (correctly rounded, so the same on every Python, whatever the
order), and each product and exponential is one IEEE operation as in pure Python: the
compiled build gives the very same floats as the pure one."""
from __future__ import annotations

import math

__all__ = ["softmax_rows"]


def softmax_rows(weights, feats) -> tuple:
    """The chance each row wins: softmax over rows of ``weights . features`` (each row as
    long as ``weights``, else ValueError)."""
    n = len(weights)
    z = []
    for row in feats:
        if len(row) != n:
            raise ValueError(f"softmax_rows: a row has {len(row)} features, the weights "
                             f"{n}")
        terms = []
        for k in range(n):
            terms.append(weights[k] * row[k])
        z.append(math.fsum(terms))
    top = max(z)
    e = []
    for x in z:
        e.append(math.exp(x - top))
    total = math.fsum(e)
    out = []
    for x in e:
        out.append(x / total)
    return tuple(out)

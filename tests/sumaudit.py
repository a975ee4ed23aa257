"""Run by tests/test_python_versions.py in a pure-Python process (SIMCLI_PURE=1): plays a
few games of every shipped game, heuristic mixes and a search seat, with the builtin
``sum`` wrapped, and prints (as JSON) every place in the code where ``sum()`` added three or
more floats. Since Python 3.12 ``sum()`` of floats is compensated, so a game that decides
anything on such a sum plays differently on 3.11 and 3.12+ (``math.fsum`` does not)."""
from __future__ import annotations

import builtins
import json
import sys
from collections import Counter

_sum = builtins.sum
sites: Counter = Counter()


def audited(iterable, start=0):
    xs = list(iterable)
    total = _sum(xs, start)
    if isinstance(total, float) and len(xs) >= 3:
        f = sys._getframe(1)
        sites[f"{f.f_code.co_filename}:{f.f_lineno} ({f.f_code.co_name})"] += 1
    return total


def main() -> None:
    builtins.sum = audited
    from simcli.execute import plan_run
    from simcli.runner import play_chunk
    from strategies import default_mix

    runs = [("vghs", 4, 4), ("vgc", 4, 2), ("class89", 4, 2), ("class89", 3, 2),
            ("class89", 1, 2), ("lovebattle", 4, 4), ("lovebattle", 2, 4)]
    for game, n, games in runs:
        for search in (False, True):
            mix = list(default_mix(game))
            kw = {"strategies": ["search"] + mix[:max(n - 1, 0)]} if search else {}
            cfg = plan_run(game, players=n, games=1 if search else games, seed=3,
                           **kw).configs[0]
            play_chunk(cfg, 0, cfg.n_games)
    print(json.dumps(dict(sites)))


if __name__ == "__main__":
    main()

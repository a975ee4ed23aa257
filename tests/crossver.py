"""Play the golden traces and a short seeded run of every game; print what was played.

Needs only the standard library and numpy, so tests/test_python_versions.py can run it
under another CPython (the newest on the machine) with PYTHONPATH set to the checkout and
compare its output with this interpreter's:

    PYTHONPATH=. python tests/crossver.py [GAMES [GAME ...]]

GAMES is a count (games 0..N-1 of the run) or a list of game indices and ranges, e.g.
``0-29,100-109``. Every shipped game by default; the test runs one game per call, so
pytest-xdist spreads the games over its workers.
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from simcli.engine import game_seed, play_game
from simcli.games import GAMES, get_game
from strategies import default_mix, resolve

GOLDEN = Path(__file__).resolve().parent / "golden"


def golden_mismatches(name: str) -> list[str]:
    """One line per golden game of ``name`` that does not replay to its recorded result."""
    golden = json.loads((GOLDEN / f"{name}.json").read_text())
    g = get_game(name)
    bad = []
    for rec in golden["games"]:
        n = rec["players"]
        rules = g.make_rules(g.default_data(), n)
        played = play_game(g, n, rules, [resolve(name, s) for s in rec["strategies"]],
                           rec["seed"])
        res = played.result
        got = {"history": played.history, "scores": list(res.scores),
               "places": list(res.places), "win_shares": list(res.win_shares),
               "turns": res.turns, "end_reason": res.end_reason,
               "metrics": json.loads(json.dumps(res.metrics)),
               "seat_metrics": json.loads(json.dumps(list(res.seat_metrics)))}
        for key, value in got.items():
            if value != rec[key]:
                bad.append(f"{name} {n}p seed {rec['seed']}: {key} differs")
                break
    return bad


def game_indices(spec: str) -> list[int]:
    """``"40"``: games 0..39; ``"0-29,104"``: games 0..29 and 104."""
    if spec.isdigit():
        return list(range(int(spec)))
    out: list[int] = []
    for part in spec.split(","):
        lo, _, hi = part.partition("-")
        out += range(int(lo), int(hi or lo) + 1)
    return out


def run_digest(name: str, games: list[int], root: int = 1) -> dict:
    """The games of a run with seed ``root`` and the heuristic mix (rotated as the runner
    rotates it) at the indices ``games``: a hash of every game's decisions and result, and
    the first game that differs can be found from ``per_game``."""
    g = get_game(name)
    n = g.default_players
    mix = default_mix(name)
    rules = g.make_rules(g.default_data(), n)
    factories = {s: resolve(name, s) for s in mix}
    per_game = []
    for i in games:
        specs = [mix[(s + i) % len(mix)] for s in range(n)]
        rec = play_game(g, n, rules, [factories[s] for s in specs], game_seed(root, i))
        res = rec.result
        text = json.dumps([rec.history, list(res.scores), list(res.places), res.turns,
                           res.end_reason, res.metrics, list(res.seat_metrics)],
                          sort_keys=True, default=repr)
        per_game.append(hashlib.sha256(text.encode()).hexdigest()[:16])
    return {"games": games, "per_game": per_game}


def main(games: list[int], names: list[str] | None = None) -> dict:
    names = names or list(GAMES)
    return {
        "python": sys.version.split()[0],
        "golden": {name: golden_mismatches(name) for name in names},
        "runs": {name: run_digest(name, games) for name in names},
    }


if __name__ == "__main__":
    print(json.dumps(main(game_indices(sys.argv[1] if len(sys.argv) > 1 else "120"),
                          sys.argv[2:])))

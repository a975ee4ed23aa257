"""Regenerate the golden traces in tests/golden/ (run after a reviewed rules change):

    python tests/make_golden.py

Each file holds, for a few seeds of one game with its heuristic mix, the decision history
(option indices) and the result. tests/test_golden.py replays them; a rules change shows
up there as a failing test and here as a reviewable diff.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from simcli.engine import play_game  # noqa: E402
from simcli.games import GAMES, get_game  # noqa: E402
from strategies import default_mix, resolve  # noqa: E402

HERE = Path(__file__).resolve().parent / "golden"
SEEDS = (1, 2, 3)


def trace(name: str) -> dict:
    g = get_game(name)
    games = []
    for n in sorted(set([min(g.players), g.default_players])):
        mix = default_mix(name)
        specs = [mix[s % len(mix)] for s in range(n)]
        rules = g.make_rules(g.default_data(), n)
        for seed in SEEDS:
            rec = play_game(g, n, rules, [resolve(name, s) for s in specs], seed)
            res = rec.result
            games.append({
                "players": n, "seed": seed, "strategies": specs, "history": rec.history,
                "scores": list(res.scores), "places": list(res.places),
                "win_shares": list(res.win_shares), "turns": res.turns,
                "end_reason": res.end_reason, "metrics": res.metrics,
                "seat_metrics": list(res.seat_metrics),
            })
    return {"game": name, "rules_version": g.RULES_VERSION, "games": games}


def main() -> None:
    HERE.mkdir(exist_ok=True)
    for name in GAMES:
        path = HERE / f"{name}.json"
        path.write_text(json.dumps(trace(name), indent=1) + "\n")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()

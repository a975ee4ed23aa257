"""Rerun the issue-9 probe: ``search`` in one seat against the heuristics of revision
905f16f (the heuristics as the issue measured them), paired with that revision's
heuristic in the same seats on the same seeds, for the six rows of the issue's table.

    python tools/search_probe.py                      # every row at the issue's game counts
    python tools/search_probe.py --rows vghs,vgc --games 40 --search "search:rollouts=64"
    python tools/search_probe.py --out probe.md       # also write the table (atomically)

Rows are named game or game/players (``class89/3``, ``class89/1`` = solo vs Ed, normal).
Costs are CPU seconds of the search game over the heuristic game on the same seed.
The revision's heuristics are its source, run as pure Python (they play search's
rollouts, so most of a probe's cost is theirs); ``--compiled`` compiles them with Cython
first (the ``bench`` extra has it), as the build compiles today's strategies: the same
games, at what a compiled build's rollouts cost.

``--field SPEC`` (repeated; one game in ``--rows``) plays today's strategies as given
instead of the revision's default mix: the heuristics, search's bases and its rollout
models, e.g. a table of bots that look deeper (stop 46):

    python tools/search_probe.py --rows vghs --games 600 --seed 46 \
        --field arcade:eval_deep=1,deep_next=1 \
        --field challenger:eval_deep=1,deep_next=1,w_eval=400,eval_width=5 \
        --field builder:eval_deep=1,deep_next=1
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    from simcli.fsio import atomic_write_text
    from simcli.strength import PROBE_TARGETS, CompileError, probe_table, search_probe

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", default="", help="comma list: vghs, vgc, class89, class89/3, "
                    "lovebattle, class89/1 (default: all six)")
    ap.add_argument("--games", type=int, default=0, help="games per row (0 = the issue's)")
    ap.add_argument("--scale", type=float, default=1.0,
                    help="games per row = the issue's count times this (when --games is 0)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0, help="first game index")
    ap.add_argument("--jobs", type=int, default=1,
                    help="worker processes (-1: one per core); the same games and results")
    ap.add_argument("--rev", default="905f16f")
    ap.add_argument("--search", default="search", help="search spec with parameters")
    ap.add_argument("--out", default="", help="write the markdown table here too")
    ap.add_argument("--compiled", action="store_true",
                    help="compile the revision's strategies with Cython first (needs the "
                    "bench extra): the same games, at a compiled build's cost")
    ap.add_argument("--field", action="append", default=[],
                    help="a strategy spec of today's code for the table instead of the "
                    "revision's default mix (repeat it; needs one game in --rows)")
    a = ap.parse_args(argv)
    wanted = {r.strip() for r in a.rows.split(",") if r.strip()}
    if a.jobs == 0:
        ap.error("--jobs 0: give 1 or more worker processes, or -1 for one per core")
    if a.field and a.compiled:
        ap.error("--compiled compiles the revision's strategies; --field plays today's, "
                 "which the build compiles already")
    if a.field and len({w.split("/")[0] for w in wanted}) != 1:
        ap.error("--field needs --rows naming one game (its strategies' specs)")
    if a.field:
        from strategies import UnknownStrategyError, resolve

        game = next(iter(wanted)).split("/")[0]
        for spec in a.field:
            try:
                resolve(game, spec)
            except UnknownStrategyError as exc:
                ap.error(f"--field {spec}: {exc}")
    results = []
    for game, players, games, *_ in PROBE_TARGETS:
        key = f"{game}/{players}"
        if wanted and key not in wanted and not (game in wanted and players != 3
                                                 and players != 1):
            continue
        n_games = a.games or max(2, round(a.scale * games))
        try:
            r = search_probe(game, rev=a.rev, n_players=players, games=n_games,
                             seed=a.seed, search=a.search, repo=ROOT, field=a.field or None,
                             start=a.start, jobs=a.jobs, compiled=a.compiled)
        except CompileError as exc:
            print(f"search_probe: {exc}", file=sys.stderr)
            return 2
        results.append(r)
        print(probe_table([r]).splitlines()[-1], flush=True)
    table = probe_table(results)
    lines = [f"search over {b['base']} ({b['games']} games): {b['gain']:+.3f} "
             f"[{b['gain_ci'][0]:+.3f}, {b['gain_ci'][1]:+.3f}], Holm p {b['p_holm']:.3f}"
             for r in results for b in r["by_base"]]
    print(table + "\n\n" + "\n".join(lines))
    if a.out:
        where = "; ".join(a.field) if a.field else f"heuristics of {a.rev}"
        atomic_write_text(Path(a.out), f"search spec: {a.search}, seed {a.seed}, {where}"
                          f"\n\n{table}\n\n" + "\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

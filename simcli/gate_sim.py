"""Measure the sequential gate of ``simcli check`` on simulated games.

Each simulated check plays baseline and new games of an n-player game whose winner is drawn
from seat shares ``p`` (new games: ``p`` with seat 1 moved by ``shift``, taken evenly from the
others); with probability ``rho`` a new game keeps its baseline game's winner (same seeds,
partly decorrelated by a code change). Strategies rotate seats as in a real run, so the
family is the real one: n seats + n strategies, two one-sided SPRTs each, Holm step-down.

    python -m simcli.gate_sim --runs 200          # the README table

The fixed-size reference is the one-look paired test of the same family (two-sided t test
per subject at Bonferroni level alpha / subjects; statsmodels' power solver) that reaches
the same power: at the design effect (the tolerance: power 1 - beta) and at the planted
shift (the power the SPRT measured there).
"""
from __future__ import annotations

import argparse
import math
import time

import numpy as np
from statsmodels.stats.power import TTestPower

from simcli import sprt
from simcli.gate import baseline_tests

SHARES = (0.28, 0.26, 0.24, 0.22)


def _new_shares(p: np.ndarray, shift: float) -> np.ndarray:
    q = p.copy()
    q[0] += shift
    q[1:] -= shift / (len(p) - 1)
    if np.any(q < 0):
        raise ValueError("shift too large for these shares")
    return q


def one_check(rng: np.random.Generator, p: np.ndarray, shift: float, rho: float,
              tolerance: float, alpha: float, beta: float, look: int,
              max_games: int) -> tuple[str, int]:
    """One simulated gate run: (verdict, games used)."""
    n = len(p)
    q = _new_shares(p, shift)
    mix = (q - rho * p) / (1 - rho) if rho < 1 else q
    if np.any(mix < -1e-12):
        raise ValueError("rho too large for this shift")
    mix = np.clip(mix, 0, None) / np.clip(mix, 0, None).sum()
    subjects = [f"seat {s + 1}" for s in range(n)] + [f"strategy {s}" for s in range(n)]
    family = sprt.Family(baseline_tests(subjects, tolerance), alpha, beta)
    stops = list(range(look, max_games, look)) + [max_games]
    totals = np.zeros((3, 4 * n))
    done = 0
    for stop in stops:
        size = stop - done
        base = rng.choice(n, size=size, p=p)
        fresh = rng.choice(n, size=size, p=mix)
        new = np.where(rng.random(size) < rho, base, fresh)
        games = np.arange(done, stop)
        rows = np.arange(size)
        seat_d = np.zeros((size, n))
        np.add.at(seat_d, (rows, new), 1.0)
        np.add.at(seat_d, (rows, base), -1.0)
        # strategy j sits in seat (j + i) mod n in game i
        strat_d = seat_d[rows[:, None], (np.arange(n)[None, :] + games[:, None]) % n]
        x = np.repeat(np.hstack([seat_d, strat_d]), 2, axis=1)  # up and down tests
        totals += np.stack([np.full(x.shape[1], len(x)), x.sum(axis=0), (x * x).sum(axis=0)])
        done = stop
        count, s1, s2 = totals
        mean = s1 / count
        var = np.maximum((s2 - count * mean * mean) / (count - 1), 0.0)
        family.look(count, mean, var)
        if family.decided:
            return ("fail" if family.failed else "pass"), int(stop)
    return "undecided", int(max_games)


def fixed_size(effect: float, sd: float, alpha: float, power: float, subjects: int) -> int:
    """Games of a one-look two-sided paired t test per subject (Bonferroni) with ``power``."""
    n = TTestPower().solve_power(effect_size=effect / sd, alpha=alpha / subjects, power=power,
                                 alternative="two-sided")
    return int(math.ceil(n))


def measure(runs: int = 200, tolerance: float = 0.02, rho: float = 0.0,
            alpha: float = 0.05, beta: float = 0.05, look: int = 200,
            max_games: int = 100_000, seed: int = 13,
            shares: tuple[float, ...] = SHARES,
            multiples: tuple[float, ...] = (0.0, 2.0)) -> list[dict]:
    """Rows of the README table: no change, and planted shifts (multiples of the
    tolerance; default 2x)."""
    p = np.asarray(shares, dtype=float)
    rng = np.random.default_rng(seed)
    sd = math.sqrt(2 * (1 - rho) * p[0] * (1 - p[0]))  # paired difference of seat 1
    subjects = 2 * len(p)
    rows = []
    cases = [("no change" if k == 0 else f"shift {k:g}x tolerance", k * tolerance)
             for k in multiples]
    for label, shift in cases:
        t0 = time.perf_counter()
        out = [one_check(rng, p, shift, rho, tolerance, alpha, beta, look, max_games)
               for _ in range(runs)]
        verdicts = np.array([v for v, _ in out])
        used = np.array([g for _, g in out])
        fail = float(np.mean(verdicts == "fail"))
        row = {"case": label, "runs": runs, "tolerance": tolerance, "rho": rho,
               "max_games": max_games, "fail_rate": fail,
               "pass_rate": float(np.mean(verdicts == "pass")),
               "undecided_rate": float(np.mean(verdicts == "undecided")),
               "mean_games": float(used.mean()), "median_games": float(np.median(used)),
               "seconds": time.perf_counter() - t0}
        if shift:
            row["fixed_games_same_power"] = (
                fixed_size(shift, sd, alpha, min(fail, 0.9999), subjects) if fail > 0.05
                else None)
        else:
            row["fixed_games_same_power"] = fixed_size(tolerance, sd, alpha, 1 - beta,
                                                       subjects)
        rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=200)
    ap.add_argument("--tolerance", type=float, default=0.02)
    ap.add_argument("--rho", type=float, default=0.0, help="share of new games that keep the "
                    "baseline game's winner")
    ap.add_argument("--look", type=int, default=200)
    ap.add_argument("--max-games", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--shifts", type=float, nargs="+", default=[0.0, 2.0],
                    help="planted shifts of seat 1, in multiples of the tolerance")
    args = ap.parse_args(argv)
    rows = measure(args.runs, args.tolerance, args.rho, look=args.look,
                   max_games=args.max_games, seed=args.seed, multiples=tuple(args.shifts))
    cols = ["case", "runs", "rho", "max_games", "fail_rate", "pass_rate", "undecided_rate",
            "mean_games", "median_games", "fixed_games_same_power"]
    print("| " + " | ".join(cols) + " |")
    print("|" + "---|" * len(cols))
    for r in rows:
        print("| " + " | ".join(f"{r[c]:.3f}" if isinstance(r[c], float) and c.endswith("rate")
                                else f"{r[c]:g}" if c == "rho"
                                else f"{r[c]:.0f}" if isinstance(r[c], float)
                                else str(r[c]) for c in cols) + " |")


if __name__ == "__main__":  # pragma: no cover
    main()

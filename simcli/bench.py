"""``simcli bench``: games/s and decisions/s on one core, --jobs speedup, peak memory.

The numbers are printed, never asserted: speed floors are checked by reading them.
"""
from __future__ import annotations

import dataclasses
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from simcli.execute import plan_run
from simcli.games import available_games, get_game
from simcli.runner import play_chunk, run_chunks


def single_core(cfg, games: int) -> tuple[float, float]:
    """(games/s, decisions/s) playing ``games`` games in this process."""
    play_chunk(dataclasses.replace(cfg, n_games=20), 0, 20)  # warm caches
    t0 = time.perf_counter()
    cols, errors = play_chunk(cfg, 0, games)
    dt = time.perf_counter() - t0
    seat1 = [d for d, s in zip(cols["decisions"], cols["seat"], strict=True) if s == 1]
    return games / dt, sum(seat1) / dt


def parallel_speedup(cfg, games: int, jobs: int) -> tuple[float, float, float]:
    """Wall time of the same run with --jobs 1 and --jobs J (workers warmed up first)."""
    small = dataclasses.replace(cfg, n_games=4 * jobs)
    with tempfile.TemporaryDirectory() as tmp:
        run_chunks([small], Path(tmp) / "warm", jobs=jobs)
        times = []
        for j in (1, jobs):
            t0 = time.perf_counter()
            run_chunks([dataclasses.replace(cfg, n_games=games)],
                       Path(tmp) / f"j{j}", jobs=j)
            times.append(time.perf_counter() - t0)
    return times[0], times[1], times[0] / times[1]


def peak_memory(game: str, players: int, games: int, jobs: int) -> tuple[float, float]:
    """Peak RSS in MB of a whole `simcli run` (all processes, and the parent alone)."""
    import psutil

    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "simcli.cli", "run", game, "--players", str(players),
               "--games", str(games), "--jobs", str(jobs), "--quiet", "--out", tmp]
        proc = psutil.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        peak_total = peak_parent = 0
        while proc.poll() is None:
            try:
                procs = [proc, *proc.children(recursive=True)]
                rss = [p.memory_info().rss for p in procs]
            except psutil.Error:
                continue
            peak_parent = max(peak_parent, rss[0])
            peak_total = max(peak_total, sum(rss))
            time.sleep(0.05)
    return peak_total / 2**20, peak_parent / 2**20


def run_bench(games_: list[str], players: int | None, n: int, memory_games: int, jobs: int,
              console: Console) -> None:
    names = games_ or available_games()
    table = Table(title=f"simcli bench ({n} games per measurement)")
    for col in ("game", "players", "games/s\n1 core", "decisions/s\n1 core", "jobs 1\n(s)",
                f"jobs {jobs}\n(s)", "speedup", "peak MB\nall / parent"):
        table.add_column(col, justify="right" if col != "game" else "left", overflow="fold")
    mixes = []
    for name in names:
        g = get_game(name)
        p = players if players is not None else (4 if 4 in g.players else g.default_players)
        cfg = plan_run(name, players=p, games=n, seed=1).configs[0]
        console.print(f"[dim]{name}: single core…[/dim]")
        if memory_games:
            table.title = (f"simcli bench ({n} games per measurement, peak memory of "
                           f"{memory_games} games)")
        gps, dps = single_core(cfg, n)
        console.print(f"[dim]{name}: jobs 1 vs {jobs}…[/dim]")
        t1, tj, speedup = parallel_speedup(cfg, n, jobs)
        mem = "skipped"
        if memory_games:
            console.print(f"[dim]{name}: peak memory of {memory_games} games…[/dim]")
            total, parent = peak_memory(name, p, memory_games, jobs)
            mem = f"{total:.0f} / {parent:.0f}"
        table.add_row(name, str(p), f"{gps:,.0f}", f"{dps:,.0f}", f"{t1:.1f}", f"{tj:.1f}",
                      f"{speedup:.2f}x", mem)
        mixes.append(f"{name}: {', '.join(cfg.strategies)}")
    console.print(table)
    console.print("strategy mixes (rotated through the seats): " + "; ".join(mixes))

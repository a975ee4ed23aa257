"""``simcli bench``: games/s per core of the compiled and the pure build, start-up cost,
clone/determinize and search cost, --jobs speedup, peak memory, and the interpreter.

The numbers are printed, never asserted: speed floors are checked by reading them. On a
shared machine they are noisy: each speed is the median of ``repeat`` runs that
alternate between the builds in one sitting, so the ratio is the steadier number.
"""
from __future__ import annotations

import dataclasses
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from simcli import stats
from simcli.build import PURE_ENV, describe, python_description
from simcli.execute import plan_run
from simcli.games import available_games, get_game
from simcli.runner import chunk_layout, play_chunk, run_chunks


def single_core(cfg, games: int) -> tuple[float, float]:
    """(games/s, decisions/s) per CPU second of this process playing ``games`` games (CPU
    time, not wall time: on a shared machine the wall clock counts other people's work)."""
    warm = min(20, games)  # warm caches (a look-ahead game costs 0.3-1 s: no more than measured)
    play_chunk(dataclasses.replace(cfg, n_games=warm), 0, warm)
    t0 = time.process_time()
    cols, errors = play_chunk(cfg, 0, games)
    dt = max(time.process_time() - t0, 1e-9)
    seat1 = [d for d, s in zip(cols["decisions"], cols["seat"], strict=True) if s == 1]
    return games / dt, sum(seat1) / dt


def _child(pure: bool) -> dict:
    env = dict(os.environ)
    env.pop(PURE_ENV, None)
    if pure:
        env[PURE_ENV] = "1"
    return env


def single_core_in_child(game: str, players: int, games: int, pure: bool) -> dict:
    """single_core() in a fresh interpreter, pure (SIMCLI_PURE=1) or as built."""
    code = ("import json, sys; from simcli.bench import _single_core_json; "
            "print(json.dumps(_single_core_json(sys.argv[1], int(sys.argv[2]), "
            "int(sys.argv[3]))))")
    proc = subprocess.run([sys.executable, "-c", code, game, str(players), str(games)],
                          capture_output=True, text=True, env=_child(pure), check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _single_core_json(game: str, players: int, games: int) -> dict:
    cfg = plan_run(game, players=players, games=games, seed=1).configs[0]
    gps, dps = single_core(cfg, games)
    return {"games_per_s": gps, "decisions_per_s": dps, "build": describe()["build"]}


def builds_side_by_side(game: str, players: int, games: int, repeat: int) -> dict:
    """Median games/s of the build as installed and of the pure build, alternating."""
    built, pure, kind = [], [], "pure"
    for _ in range(repeat):
        b = single_core_in_child(game, players, games, pure=False)
        built.append(b["games_per_s"])
        kind = b["build"]
        pure.append(single_core_in_child(game, players, games, pure=True)["games_per_s"])
    ratios = [b / p for b, p in zip(built, pure, strict=True)]
    return {"build": kind, "built": statistics.median(built), "pure": statistics.median(pure),
            "ratio": statistics.median(ratios)}


def startup_cost(game: str, players: int, pure: bool = False, repeat: int = 3,
                 plots: bool = True) -> dict:
    """Wall and CPU seconds of a whole `simcli run GAME --games 10 --jobs 1` (imports,
    ten games, parquet, summaries, and the plots unless ``plots`` is false, i.e.
    ``--no-plots``): the fixed cost every run pays. Median."""
    walls, cpus = [], []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as tmp:
            cmd = [sys.executable, "-m", "simcli.cli", "run", game, "--players", str(players),
                   "--games", "10", "--jobs", "1", "--quiet", "--out", tmp,
                   *([] if plots else ["--no-plots"])]
            before = os.times()
            t0 = time.perf_counter()
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           env=_child(pure), check=True)
            walls.append(time.perf_counter() - t0)
            after = os.times()
            cpus.append(after.children_user - before.children_user
                        + after.children_system - before.children_system)
    return {"wall": statistics.median(walls), "cpu": statistics.median(cpus)}


def copy_costs(name: str, players: int, games: int = 5) -> dict:
    """Microseconds per clone() (and per determinize(), if the game has it), averaged over
    every decision point of a few games with the heuristic mix; and, where the game's
    copies can be copied again (``determinize_copies``), per clone() of a determinized copy
    a few actions on (what a rollout's bots ask for when they look ahead: ``look=``)."""
    import random

    from simcli.engine import derive_rngs, game_seed
    from strategies import default_mix, resolve

    g = get_game(name)
    rules = g.make_rules(g.default_data(), players)
    mix = default_mix(name)
    determinize = getattr(g, "determinize", None)
    again = determinize is not None and getattr(g, "determinize_copies", True)
    clone_t = det_t = again_t = 0.0
    n = 0
    for i in range(games):
        game_rng, seat_rngs = derive_rngs(game_seed(1, i), players)
        state = g.setup(players, rules, game_rng)
        bots = [resolve(name, mix[(p + i) % len(mix)])(g, p, seat_rngs[p])
                for p in range(players)]
        rng = random.Random(i)
        while (d := g.decision(state)) is not None:
            t0 = time.perf_counter()
            g.clone(state)
            clone_t += time.perf_counter() - t0
            if determinize is not None:
                t0 = time.perf_counter()
                copy = determinize(state, d.player, rng)
                det_t += time.perf_counter() - t0
                if again:
                    for _ in range(3):    # a rollout moves the copy on
                        e = g.decision(copy)
                        if e is None:
                            break
                        g.apply(copy, e.options[rng.randrange(len(e.options))])
                    t0 = time.perf_counter()
                    g.clone(copy)
                    again_t += time.perf_counter() - t0
            n += 1
            opts = d.options
            g.apply(state, opts[0] if len(opts) == 1 else
                    bots[d.player].choose(g.view(state, d.player), d))
    out = {"clone_us": 1e6 * clone_t / max(n, 1), "decisions_per_game": n / games}
    if determinize is not None:
        out["determinize_us"] = 1e6 * det_t / max(n, 1)
    if again:
        out["copy_of_copy_us"] = 1e6 * again_t / max(n, 1)
    return out


def _clocked(choose, total: list, calls: list | None = None):
    """``choose`` that adds its CPU seconds to ``total[0]`` (and counts its calls in
    ``calls[0]``)."""
    def timed(view, decision):
        t0 = time.process_time()
        try:
            return choose(view, decision)
        finally:
            total[0] += time.process_time() - t0
            if calls is not None:
                calls[0] += 1
    return timed


def _by_base(by_base: dict) -> str:
    """``search_cost``'s ``by_base`` as ``arcade 0.28 (4), builder 0.32 (2)``."""
    return ", ".join(f"{b} {s:.2f} ({n})" for b, (s, n) in sorted(by_base.items()))


def search_cost(name: str, players: int, games: int = 10) -> dict | None:
    """CPU seconds per game (with a 95% t interval over the games) and milliseconds per
    *searched* decision of a `search` seat (the others play the heuristic mix), or None
    when no strategy named `search` is registered for the game. Game ``i`` puts the search
    in seat ``i % players``, so its base heuristic (the default mix's by seat) rotates
    with it: a search seat costs what its base costs plus the search (class89's chaser
    and saver look ahead to the round's end, its climber and builder to their turn's),
    and ``by_base`` gives the seconds per game for each base (with its games). A searched
    decision is one the bot searched (its ``searched`` counter: two or more options of a
    searched kind); the time of the decisions it leaves to its base heuristic counts
    towards the game, not the divisor (``ms_per_call`` divides by every decision the seat
    was asked). CPU (process) time, not wall time: a shared machine's load does not count."""
    from simcli.engine import game_seed, play_game
    from strategies import UnknownStrategyError, default_mix, resolve

    try:
        search = resolve(name, "search")
    except (UnknownStrategyError, ImportError):
        return None
    g = get_game(name)
    rules = g.make_rules(g.default_data(), players)
    mix = default_mix(name)
    calls = [0]
    spent = [0.0]
    based = [0.0]
    bots = []

    def counted(game, player, rng):
        bot = search(game, player, rng)
        bots.append(bot)
        base = getattr(bot, "base", None)
        if base is not None:
            base.choose = _clocked(base.choose, based)
        bot.choose = _clocked(bot.choose, spent, calls)
        return bot

    per_game = []
    per_base: dict[str, list[float]] = {}
    for i in range(games):
        seat = i % players
        seats = [counted if p == seat else resolve(name, mix[(p + i) % len(mix)])
                 for p in range(players)]
        before = spent[0]
        play_game(g, players, rules, seats, game_seed(1, i))
        per_game.append(spent[0] - before)
        base_name = str(getattr(bots[-1], "base_spec", "?"))
        per_base.setdefault(base_name, []).append(per_game[-1])
    searched = sum(int(getattr(b, "searched", 0)) for b in bots)
    mean = math.fsum(per_game) / games
    half = math.inf
    if games > 1:
        sd = math.sqrt(math.fsum((x - mean) ** 2 for x in per_game) / (games - 1))
        half = stats.t_ppf(0.975, games - 1) * sd / math.sqrt(games)
    return {"s_per_game": spent[0] / games, "s_half_width": half, "games": games,
            "ms_per_decision": 1e3 * spent[0] / max(searched, 1),
            "ms_per_call": 1e3 * spent[0] / max(calls[0], 1),
            "searched_per_game": searched / games,
            # of the seat's time, its base heuristic's own choices (asked at every
            # decision: the search departs from them, and plays them where it does not search)
            "base_s_per_game": based[0] / games,
            "by_base": {b: (math.fsum(xs) / len(xs), len(xs)) for b, xs in per_base.items()}}


def _warm_worker(cfg) -> int:
    """Import and play a game in a worker, then hold it a moment so that the next warm-up
    task goes to another worker (every worker of the pool has started and imported)."""
    play_chunk(cfg, 0, 1)
    time.sleep(0.3)
    return os.getpid()


def parallel_speedup(cfg, games: int, jobs: int) -> tuple[float, float, float]:
    """Wall time of the same run with --jobs 1 and --jobs J, every one of the J workers
    started and warmed up first (before, a warm-up of one chunk started one worker, and
    the timed run paid the start of the others)."""
    from simcli.runner import count_chunks, effective_jobs, end_pool, pool, wait_result

    workers = effective_jobs(jobs, count_chunks(0, games, *chunk_layout(cfg)))
    executor = pool(workers)
    futures = []
    try:
        futures = [executor.submit(_warm_worker, cfg) for _ in range(workers)]
        for future in futures:
            wait_result(future)
        with tempfile.TemporaryDirectory() as tmp:
            times = []
            for j in (1, jobs):
                t0 = time.perf_counter()
                _, _, interrupted = run_chunks([dataclasses.replace(cfg, n_games=games)],
                                               Path(tmp) / f"j{j}", jobs=j)
                if interrupted:   # run_chunks ended its workers and kept its games
                    raise KeyboardInterrupt
                times.append(time.perf_counter() - t0)
    except BaseException:
        # Ctrl-C / SIGTERM: end the workers now, as the runner and the ladder do (the
        # reusable pool would otherwise keep playing, or sleeping, after bench stopped)
        end_pool(executor)
        raise
    return times[0], times[1], times[0] / times[1]


def peak_memory(game: str, players: int, games: int, jobs: int) -> tuple[float, float]:
    """Peak RSS in MB of a whole `simcli run` (all processes, and the parent alone)."""
    import psutil

    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "simcli.cli", "run", game, "--players", str(players),
               "--games", str(games), "--jobs", str(jobs), "--quiet", "--out", tmp]
        proc = psutil.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        peak_total = peak_parent = 0
        try:
            while proc.poll() is None:
                try:
                    procs = [proc, *proc.children(recursive=True)]
                    rss = [p.memory_info().rss for p in procs]
                except psutil.Error:
                    continue
                peak_parent = max(peak_parent, rss[0])
                peak_total = max(peak_total, sum(rss))
                time.sleep(0.05)
        except BaseException:   # Ctrl-C / SIGTERM: the measured run and its workers end too
            try:
                family = [*proc.children(recursive=True), proc]
            except psutil.Error:
                family = [proc]
            for p in family:
                try:
                    p.kill()
                except psutil.Error:
                    pass
            psutil.wait_procs(family, timeout=10)
            raise
    return peak_total / 2**20, peak_parent / 2**20


def _table(title: str, *columns: str) -> Table:
    """A left-titled table: a left-aligned ``game`` column, then right-aligned numbers."""
    t = Table(title=title, title_justify="left")
    t.add_column("game", justify="left")
    for col in columns:
        t.add_column(col, justify="right")
    return t


def _rate(x: float) -> str:
    """Games per second to three significant figures (a look-ahead game is slow: 2.37,
    not 2), whole numbers from 100."""
    return f"{x:,.0f}" if x >= 100 else f"{x:.1f}" if x >= 10 else f"{x:.2f}"


def _pm(search: dict) -> str:
    """``0.276±0.031``: the search seat's mean CPU seconds per game and the half-width
    of its 95% interval (``±?`` from a single game)."""
    half = search.get("s_half_width", math.inf)
    shown = "?" if not math.isfinite(half) else f"{half:.3f}"
    return f"{search['s_per_game']:.3f}±{shown}"


def run_bench(games_: list[str], players: int | None, n: int, memory_games: int, jobs: int,
              console: Console, repeat: int = 3, search_games: int = 10) -> list[dict]:
    from simcli.runner import effective_jobs

    names = games_ or available_games()
    # --jobs as the runner reads it (-1: one per core); at one job there is nothing to
    # compare, so the speedup is not measured
    jobs = effective_jobs(jobs, n)
    build = describe()
    console.print(f"interpreter: {python_description()}")
    console.print(f"installed build: {build['build']}"
                  + (f" (pure: {', '.join(build['pure_modules'])})"
                     if build.get("pure_modules") else "")
                  + (f"; stale, ignored: {', '.join(build['stale'])}"
                     if build.get("stale") else ""))
    table = _table(f"games per CPU second ({n} games, median of {repeat}, builds "
                   "alternating)", "players", "pure", "built", "built/pure", "decisions/s")
    copies_t = _table("copies of a game, at every decision of a few games",
                      "clone µs", "determinize µs", "clone of a copy µs")
    search_t = _table("search (one seat, rotated through the seats; heuristic mix elsewhere)",
                      f"search CPU s/game ({search_games} games)", "of it base s",
                      "ms/searched")
    runs_t = _table(f"{n} games, wall seconds at --jobs 1 and --jobs {jobs}",
                    "jobs 1 s", f"jobs {jobs} s", "speedup")
    start_t = _table("start-up: `simcli run GAME --games 10 --jobs 1`, seconds",
                     "wall", "cpu", "wall --no-plots", "cpu --no-plots")
    memory_t = _table(f"peak memory of {memory_games} games at --jobs {jobs}",
                      "all processes MB", "parent MB")
    rows = []
    by_base: list[str] = []
    for name in names:
        g = get_game(name)
        p = players if players is not None else (4 if 4 in g.players else g.default_players)
        cfg = plan_run(name, players=p, games=n, seed=1).configs[0]
        console.print(f"[dim]{name}: pure and built, one core…[/dim]")
        side = builds_side_by_side(name, p, n, repeat)
        _, dps = single_core(cfg, min(n, 200))
        console.print(f"[dim]{name}: clone, search, start-up…[/dim]")
        copies = copy_costs(name, p)
        search = search_cost(name, p, games=search_games) if search_games else None
        start = startup_cost(name, p, repeat=repeat)
        bare = startup_cost(name, p, repeat=repeat, plots=False)
        t1 = tj = speedup = None
        if jobs > 1:
            console.print(f"[dim]{name}: jobs 1 vs {jobs}…[/dim]")
            t1, tj, speedup = parallel_speedup(cfg, n, jobs)
            runs_t.add_row(name, f"{t1:.2f}", f"{tj:.2f}", f"{speedup:.2f}x")
        mem = None
        if memory_games:
            console.print(f"[dim]{name}: peak memory of {memory_games} games…[/dim]")
            total, parent = peak_memory(name, p, memory_games, jobs)
            mem = {"all_mb": total, "parent_mb": parent}
            memory_t.add_row(name, f"{total:,.0f}", f"{parent:,.0f}")
        det = copies.get("determinize_us")
        table.add_row(name, str(p), _rate(side["pure"]), _rate(side["built"]),
                      f"{side['ratio']:.2f}x", f"{dps:,.0f}")
        copies_t.add_row(name, f"{copies['clone_us']:,.0f}",
                         "none" if det is None else f"{det:,.0f}",
                         "none" if copies.get("copy_of_copy_us") is None
                         else f"{copies['copy_of_copy_us']:,.0f}")
        if search_games:
            search_t.add_row(name, "none" if search is None else _pm(search),
                             "-" if search is None or "base_s_per_game" not in search
                             else f"{search['base_s_per_game']:.3f}",
                             "-" if search is None else f"{search['ms_per_decision']:.2f}")
            if search is not None and "by_base" in search:
                by_base.append(f"{name}: {_by_base(search['by_base'])}")
        start_t.add_row(name, f"{start['wall']:.2f}", f"{start['cpu']:.2f}",
                        f"{bare['wall']:.2f}", f"{bare['cpu']:.2f}")
        rows.append({"game": name, "players": p, **side, "decisions_per_s": dps, **copies,
                     "search": search, "jobs1_s": t1, "jobsJ_s": tj, "speedup": speedup,
                     "startup": start, "startup_no_plots": bare, "memory": mem})
    shown = ((table, copies_t) + ((search_t,) if search_games else ())
             + ((runs_t,) if jobs > 1 else ()) + (start_t,)
             + ((memory_t,) if memory_games else ()))
    for t in shown:
        console.print(t)
    if by_base:
        console.print("search CPU s/game by base heuristic (games): " + "; ".join(by_base))
    if search_games == 0:
        console.print("search cost: not measured (--search-games 0)")
    if jobs < 2:
        console.print("--jobs speedup: not measured (one job: nothing to compare)")
    mixes = []
    for r in rows:
        cfg = plan_run(r["game"], players=r["players"], games=1, seed=1).configs[0]
        mixes.append(f"{r['game']}: {', '.join(cfg.strategies)}")
    console.print("strategy mixes (rotated through the seats): " + "; ".join(mixes))
    console.print("built = the build this install plays (compiled where the extension "
                  f"modules exist); pure = the same code with {PURE_ENV}=1. Start-up: a "
                  "whole `simcli run GAME --games 10 --jobs 1`, with the plots and with "
                  "--no-plots (wall and CPU seconds)."
                  + (" Search: CPU seconds of the searching seat per game (± the 95% t "
                     "interval's half-width over the games; game i searches in seat i mod "
                     "players, on that seat's heuristic of the mix as its base); of it "
                     "base: the time its base heuristic took to choose (asked at every "
                     "decision); ms/searched: its CPU time per decision it searched (not "
                     "per decision it was asked); by base: the seat's seconds per game "
                     "with each base heuristic."
                     if search_games else ""))
    return rows

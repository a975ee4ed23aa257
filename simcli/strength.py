"""How strong is a strategy? Its win share in one seat against a field, paired.

A *field* is a list of strategy specs that fill the other seats. Game ``i`` puts the
strategy under test in seat ``i % n`` and the field, rotated by ``i``, in the other
seats, so over a run the tested seat visits every position equally and meets every
field member everywhere. Two candidates measured on the same ``(seed, games)`` play the
same game seeds against the same opponents in the same seats: their difference is a
paired comparison (one difference per game, the game is the unit of observation).

Strategy factories may come from anywhere (``resolve(game, spec)`` for the shipped
strategies, :func:`load_strategies_at` for the strategies of an older git revision), so
the harness can compare today's heuristics with yesterday's on the same seeds.
"""
from __future__ import annotations

import functools
import importlib.util
import os
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from simcli import stats
from simcli.engine import game_seed, play_game
from simcli.games import get_game
from strategies import resolve

Factory = Callable[..., Any]


def seat_plan(n_players: int, field: Sequence[Any], index: int) -> tuple[int, list[Any]]:
    """(tested seat, the field members in the other seats, in seat order) of game ``index``."""
    seat = index % n_players
    others = [field[(index + k) % len(field)] for k in range(n_players - 1)]
    return seat, others


def one_seat_shares(game_name: str, candidate: Factory, field: Sequence[Factory], *,
                    n_players: int | None = None, games: int = 200, seed: int = 1,
                    overrides: Mapping[str, Any] | None = None, start: int = 0,
                    metric: Callable | None = None) -> np.ndarray:
    """Per game: the win share of ``candidate`` in its one seat (games ``start..start+games``).

    With ``metric`` (``record, seat -> float``) that value is returned instead.
    """
    from simcli.scenario import apply_overrides

    game = get_game(game_name)
    n = n_players or game.default_players
    data = apply_overrides(game.default_data(), dict(overrides or {}))
    rules = game.make_rules(data, n)
    out = np.empty(games)
    for j in range(games):
        i = start + j
        seat, others = seat_plan(n, field, i)
        seats = list(others)
        seats.insert(seat, candidate)
        rec = play_game(game, n, rules, seats, game_seed(seed, i))
        out[j] = metric(rec, seat) if metric else rec.result.win_shares[seat]
    return out


def compare(game_name: str, new: Factory, old: Factory, field: Sequence[Factory],
            **kw: Any) -> dict:
    """Win share of ``new`` and of ``old`` in the same seats on the same seeds, with
    Wilson intervals, and their paired difference with a t interval."""
    a = one_seat_shares(game_name, old, field, **kw)
    b = one_seat_shares(game_name, new, field, **kw)
    n = len(a)
    lo_a, hi_a = stats.wilson(float(a.sum()), n)
    lo_b, hi_b = stats.wilson(float(b.sum()), n)
    d = stats.paired_difference(a, b)
    return {"games": n, "old": float(a.mean()), "old_ci": (lo_a, hi_a),
            "new": float(b.mean()), "new_ci": (lo_b, hi_b),
            "diff": d["diff"], "diff_ci": (d["ci_low"], d["ci_high"]), "p_value": d["p_value"]}


#: the compiled old revisions kept in the cache (``_compiled_module``): at least this many
#: of the most recently used, and any used within ``CACHE_DAYS`` days
CACHE_KEEP = 12
CACHE_DAYS = 14
CACHE_PREFIX = "_simcli_at_"


def prune_compiled_cache(cache: Path, keep: int = CACHE_KEEP, days: float = CACHE_DAYS,
                         now: float | None = None) -> list[Path]:
    """Delete the compiled old revisions in ``cache`` that are neither among the ``keep``
    most recently used nor used within ``days`` days; returns what was deleted. Only the
    folders ``_compiled_module`` makes (``_simcli_at_*``, a module's name, no dot) are
    touched: anything else in the folder, and half-built work folders, are left alone."""
    import shutil
    import time

    if not cache.is_dir():
        return []
    mine = [p for p in cache.iterdir()
            if p.is_dir() and not p.is_symlink() and p.name.startswith(CACHE_PREFIX)
            and "." not in p.name]
    mine.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    cutoff = (time.time() if now is None else now) - days * 86400
    gone = []
    for old in mine[keep:]:
        if old.stat().st_mtime < cutoff:
            shutil.rmtree(old, ignore_errors=True)
            gone.append(old)
    return gone


class CompileError(RuntimeError):
    """An old revision's strategies could not be compiled (``load_strategies_at``)."""


def _compiled_module(source: str, rev: str, game_name: str) -> Any:
    """``source`` compiled by Cython in pure-Python mode with the build's directives
    (``simcli.build.CYTHON_DIRECTIVES``), and imported under a private top-level name.
    The extension module is kept in the temporary folder, named by a hash of the source,
    Cython's version, the interpreter and the directives, and reused. Relative imports of
    the package (``from . import Bot``) become ``from strategies import``."""
    import hashlib
    import importlib.machinery
    import shutil
    import tempfile

    try:
        import Cython
    except ImportError:
        raise CompileError("compiling an old revision's strategies needs Cython "
                           "(pip install -e \".[bench]\")") from None
    source = source.replace("from . import ", "from strategies import ")
    from simcli.build import CYTHON_DIRECTIVES

    directives = [x for k, v in CYTHON_DIRECTIVES.items() for x in ("-X", f"{k}={v}")]
    key = hashlib.sha256("\0".join([source, Cython.__version__, sys.version, *directives])
                         .encode()).hexdigest()[:16]
    name = f"{CACHE_PREFIX}{rev[:12]}_{game_name}_{key}"
    if name in sys.modules:
        return sys.modules[name]
    cache = Path(tempfile.gettempdir()) / "simcli-compiled-revisions"
    where = cache / name
    suffixes = importlib.machinery.EXTENSION_SUFFIXES

    def built(folder: Path) -> list[Path]:
        return [folder / f"{name}{s}" for s in suffixes if (folder / f"{name}{s}").exists()]

    if not built(where):
        # compiled in a folder of its own, then renamed into place: a process that finds
        # the module finds it whole, and of two compiling at once the first rename wins
        cache.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f"{name}.", dir=cache))
        try:
            (work / f"{name}.py").write_text(source)
            run = subprocess.run(
                [sys.executable, "-m", "Cython.Build.Cythonize", "-i", "-q", "-3",
                 *directives, f"{name}.py"],
                cwd=work, capture_output=True, text=True)
            if run.returncode or not built(work):
                tail = (run.stderr or run.stdout).strip().splitlines()[-1:] or ["no module"]
                raise CompileError(f"compiling strategies/{game_name}.py of {rev}: {tail[0]}")
            try:
                work.rename(where)
            except OSError:
                if not built(where):
                    raise
        finally:
            if work.exists():
                shutil.rmtree(work, ignore_errors=True)
    spec = importlib.util.spec_from_file_location(name, built(where)[0])
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    os.utime(where)  # used now: the pruning below keeps the most recently used
    prune_compiled_cache(cache)
    return module


def load_strategies_at(rev: str, game_name: str, repo: str | Path = ".",
                       compiled: bool = False) -> Any:
    """The ``strategies/<game>.py`` module as it was at git revision ``rev``, imported under
    a private name (it still uses today's ``strategies.Bot`` and rules code). With
    ``compiled`` it is compiled by Cython first (``_compiled_module``), so that its bots
    cost what a compiled build's bots cost; the same play."""
    path = f"strategies/{game_name}.py"
    source = subprocess.run(["git", "show", f"{rev}:{path}"], cwd=repo, check=True,
                            capture_output=True, text=True).stdout
    if compiled:
        return _compiled_module(source, rev, game_name)
    name = f"strategies._at_{rev[:12]}_{game_name}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_loader(name, loader=None)
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "strategies"
    sys.modules[name] = module
    exec(compile(source, f"{rev}:{path}", "exec"), module.__dict__)  # noqa: S102
    return module


def factories_at(rev: str, game_name: str, repo: str | Path = ".") -> dict[str, Factory]:
    """name -> factory of every strategy of ``game_name`` at revision ``rev``."""
    module = load_strategies_at(rev, game_name, repo)
    return {name: functools.partial(cls) for name, cls in module.STRATEGIES.items()}


def default_field(game_name: str) -> list[Factory]:
    """Today's default mix of ``game_name`` as factories."""
    from strategies import default_mix

    return [resolve(game_name, s) for s in default_mix(game_name)]


#: the issue-9 probe's table: (game, players, games, share, low, high, note)
PROBE_TARGETS = (
    ("vghs", 4, 144, 0.611, 0.530, 0.687, ""),
    ("vgc", 4, 82, 0.915, 0.834, 0.958, ""),
    ("class89", 4, 96, 0.635, 0.536, 0.725, ""),
    ("class89", 3, 72, 0.688, 0.573, 0.783, ""),
    ("lovebattle", 4, 60, 0.400, 0.286, 0.526, ""),
    ("class89", 1, 181, 0.243, 0.186, 0.311, "solo vs Ed, normal"),
)


def _probe_chunk(game_name: str, rev: str, field: tuple, n: int, overrides: dict,
                 repo: str, search: str, seed: int, lo: int, hi: int,
                 compiled: bool = False) -> dict:
    """Games ``lo..hi`` of :func:`search_probe` (in a worker process or here)."""
    import time

    from simcli.scenario import apply_overrides

    if field:
        mix_f = [resolve(game_name, spec) for spec in field]
    else:
        module = load_strategies_at(rev, game_name, repo, compiled)
        mix_f = [functools.partial(module.STRATEGIES[s]) for s in module.DEFAULT_MIX]
    game = get_game(game_name)
    data = apply_overrides(game.default_data(), overrides)
    rules = game.make_rules(data, n)
    searcher = resolve(game_name, search)
    games = hi - lo
    heur = np.empty(games)
    srch = np.empty(games)
    t_heur = t_srch = 0.0
    searched = departed = rollouts = 0
    for j in range(games):
        i = lo + j
        seat, others = seat_plan(n, mix_f, i)
        base = mix_f[i % len(mix_f)]
        made: list = []

        def make(g, p, rng, _base=base, _made=made):
            _made.append(searcher(g, p, rng, models=(_base, mix_f)))
            return _made[-1]

        s = game_seed(seed, i)
        for cand, out in ((base, heur), (make, srch)):
            seats = list(others)
            seats.insert(seat, cand)
            t0 = time.process_time()
            rec = play_game(game, n, rules, seats, s)
            dt = time.process_time() - t0
            if cand is base:
                t_heur += dt
            else:
                t_srch += dt
            out[j] = rec.result.win_shares[seat]
        bot = made[0]
        searched += bot.searched
        departed += bot.departed
        rollouts += bot.rollouts_done
    return {"heur": heur, "srch": srch, "t_heur": t_heur, "t_srch": t_srch,
            "searched": searched, "departed": departed, "rollouts": rollouts}


def search_probe(game_name: str, *, rev: str = "905f16f", n_players: int | None = None,
                 games: int = 100, seed: int = 1, search: str = "search",
                 overrides: Mapping[str, Any] | None = None, repo: str | Path = ".",
                 start: int = 0, field: Sequence[str] | None = None, jobs: int = 1,
                 compiled: bool = False) -> dict:
    """The issue-9 probe: ``search`` in one seat against the default mix of revision
    ``rev``, paired with that revision's heuristic in the same seat on the same seeds.

    Game ``i`` puts the tested seat at ``i % n`` (the field rotated as in
    :func:`seat_plan`); its heuristic (and the search's base policy) is the revision's
    default-mix member ``i % len(mix)``; the search's rollouts model every other seat by
    the revision's default mix (as the probe used "the game's own heuristics"). ``search``
    is a spec (``search:rollouts=64,...``). Returns per-game shares of both, their Wilson
    intervals, the paired gain (t interval) and the search's cost (seconds per game over
    the heuristic game, per searched decision, rollouts and departures per game), and
    the paired gain over each member of the mix on the games it was the base (``by_base``).

    With ``field`` (strategy specs of today's code, e.g. bots that look deeper) that table
    plays instead of the revision's default mix: its members are the heuristics, the
    search's bases and its rollout models. ``jobs`` > 1 plays slices of the games in
    worker processes (the same games and results; CPU seconds summed over them).
    ``compiled`` compiles the revision's strategies with Cython first
    (:func:`load_strategies_at`): the same games, at a compiled build's cost.
    """
    from simcli.ladder import holm, parallel

    if field:
        labels = list(field)
    else:   # compiled here, once, before any worker process looks for it
        labels = list(load_strategies_at(rev, game_name, repo, compiled).DEFAULT_MIX)
    n = n_players or get_game(game_name).default_players
    # consecutive slices of the games, a few per job (the same games under any jobs)
    parts = max(1, min(games, 4 * jobs if jobs > 1 else 1))
    cuts = [start + games * k // parts for k in range(parts + 1)]
    tasks = [(game_name, rev, tuple(field or ()), n, dict(overrides or {}), str(repo),
              search, seed, cuts[k], cuts[k + 1], compiled) for k in range(parts)
             if cuts[k + 1] > cuts[k]]
    done = list(parallel(_probe_chunk, tasks, jobs))
    heur = np.concatenate([c["heur"] for c in done])
    srch = np.concatenate([c["srch"] for c in done])
    t_heur, t_srch = (sum(c[k] for c in done) for k in ("t_heur", "t_srch"))
    searched, departed, rollouts = (sum(c[k] for c in done)
                                    for k in ("searched", "departed", "rollouts"))
    d = stats.paired_difference(heur, srch)
    extra = max(0.0, t_srch - t_heur)
    by_base = []
    index = np.arange(start, start + games) % len(labels)
    for k, label in enumerate(labels):
        on = index == k
        if on.sum() >= 2:
            dk = stats.paired_difference(heur[on], srch[on])
            by_base.append({"base": label, "games": int(on.sum()), "gain": dk["diff"],
                            "gain_ci": (dk["ci_low"], dk["ci_high"]),
                            "p_value": dk["p_value"]})
    holm(by_base)
    return {"game": game_name, "players": n, "games": games, "search": search,
            "field": labels, "field_given": bool(field), "by_base": by_base,
            "compiled": bool(compiled and not field),
            "share": float(srch.mean()), "share_ci": stats.wilson(float(srch.sum()), games),
            "heuristic": float(heur.mean()),
            "heuristic_ci": stats.wilson(float(heur.sum()), games),
            "gain": d["diff"], "gain_ci": (d["ci_low"], d["ci_high"]),
            "seconds_per_game": extra / games,
            "seconds_per_decision": extra / searched if searched else 0.0,
            "searched_per_game": searched / games, "departed_per_game": departed / games,
            "rollouts_per_game": rollouts / games,
            "search_shares": srch, "heuristic_shares": heur}


def probe_table(rows: Sequence[dict]) -> str:
    """The probe results as a markdown table beside the issue's targets."""
    targets = {(g, p): (s, lo, hi) for g, p, _, s, lo, hi, _ in PROBE_TARGETS}
    out = ["| game | players | games | search share [Wilson] | target | heuristic, same seats "
           "| paired gain [t] | s/game | ms/decision | searched/game | departed/game |",
           "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        # the targets are for the heuristics it measured, not for a given field
        t = None if r.get("field_given") else targets.get((r["game"], r["players"]))
        target = f"{t[0]:.3f} [{t[1]:.3f}, {t[2]:.3f}]" if t else "—"
        out.append(
            f"| {r['game']} | {r['players']} | {r['games']} | {r['share']:.3f} "
            f"[{r['share_ci'][0]:.3f}, {r['share_ci'][1]:.3f}] | {target} | "
            f"{r['heuristic']:.3f} | {r['gain']:+.3f} [{r['gain_ci'][0]:+.3f}, "
            f"{r['gain_ci'][1]:+.3f}] | {r['seconds_per_game']:.3f} | "
            f"{1000 * r['seconds_per_decision']:.1f} | {r['searched_per_game']:.1f} | "
            f"{r['departed_per_game']:.2f} |")
    return "\n".join(out)

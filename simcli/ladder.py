"""``simcli ladder``: every strategy in one seat against the default mix, and what search
gains over each heuristic on the same seats and seeds.

Game ``i`` of a ladder gets ``game_seed(seed, i)``; the other seats hold the default mix
rotated by ``i`` (as in a run) and the tested seat is ``i mod n``, so every subject plays
every seat equally often against the same opponents on the same cards. ``search`` plays
once per heuristic of the mix with that heuristic as its base, so its paired gain over
the heuristic is measured game by game (the unit of observation is the game).
"""
from __future__ import annotations

import json
import math
import os
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from simcli.engine import game_seed, play_game
from simcli.games import get_game
from simcli.scenario import ScenarioError
from strategies import default_mix, list_strategies, resolve

CHUNK = 4          # games per task: a search game costs seconds
WITHIN = 0.05      # a heuristic "search can hardly beat": search's gain at most this
FILES = ("ladder.json", "ladder.md", "ladder.parquet", "plots/ladder.png", "run.json")


class LadderError(ScenarioError):
    """A ladder the user asked for that cannot be played (one line)."""


@dataclass(frozen=True)
class LadderConfig:
    game: str
    n_players: int
    n_games: int
    seed: int
    mix: tuple[str, ...]
    subjects: tuple[tuple[str, str], ...]      # (label, strategy spec)
    data: dict = field(default_factory=dict, hash=False, compare=False)
    only: tuple[str, ...] = ()                 # --only: the strategies laddered, () = all


def subjects(game: str, search: str = "", only: Sequence[str] = ()) -> list[tuple[str, str]]:
    """Every strategy of the game (random first), then ``search`` on each heuristic of the
    default mix as its base; ``search`` holds extra search parameters (k=v,...). With
    ``only`` (strategy names, ``--only``) just those strategies and search on those of
    them in the default mix: a subject's games do not depend on the other subjects, so its
    rows are the ones a full ladder on the same seed plays."""
    names = [n for n in list_strategies(game) if n != "search"]
    if only:
        unknown = [n for n in only if n not in names]
        if unknown:
            raise LadderError(f"--only: {game} has no strategy {unknown[0]!r} to ladder "
                              f"(it has {', '.join(names)})")
        names = [n for n in names if n in only]
        if "search" in list_strategies(game) and not set(names) & set(default_mix(game)):
            raise LadderError(f"--only names no strategy of {game}'s default mix "
                              f"({', '.join(default_mix(game))}): search needs one as its "
                              "base")
    out = [(n, n) for n in names]
    if "search" in list_strategies(game):
        extra = f",{search}" if search else ""
        out += [(f"search({h})", f"search:base={h}{extra}") for h in default_mix(game)
                if h in names]
    return out


def parse_only(text: str) -> tuple[str, ...]:
    """``--only a,b``: the names, stripped, each once, in the order given."""
    names = [n.strip() for n in text.split(",")] if text.strip() else []
    if any(not n for n in names):
        raise LadderError(f"--only {text!r}: give strategy names separated by commas")
    return tuple(dict.fromkeys(names))


def plan_ladder(game: str, players: int | None, games: int, seed: int, search: str = "",
                data: dict | None = None, only: Sequence[str] = ()) -> LadderConfig:
    g = get_game(game)
    n = players if players is not None else g.default_players
    if n not in g.players:
        raise LadderError(f"{game} takes {', '.join(map(str, g.players))} players, not {n}")
    if games < 1:
        raise LadderError(f"--games must be at least 1, not {games}")
    subs = subjects(game, search, only)
    for _, spec in subs:
        # built once here, before anything is written: a parameter only the strategy's
        # own constructor checks (search's ``propose=``, ``look=``) fails now, not in a
        # worker after the folder and its plan exist
        resolve(game, spec)(g, 0, random.Random(0))
    if not any(label.startswith("search(") for label, _ in subs):
        raise LadderError(f"{game} does not implement determinize(): no search to ladder")
    return LadderConfig(game=game, n_players=n, n_games=games, seed=seed,
                        mix=tuple(default_mix(game)), subjects=tuple(subs),
                        data=dict(data if data is not None else g.default_data()),
                        only=tuple(only))


def seats_for(mix: Sequence[str], n: int, index: int, subject: str) -> list[str]:
    """The strategies of game ``index``: the mix rotated by ``index``, the subject in seat
    ``index mod n``."""
    seats = [mix[(q + index) % len(mix)] for q in range(n)]
    seats[index % n] = subject
    return seats


def ladder_chunk(cfg: LadderConfig, lo: int, hi: int) -> list[dict]:
    """Play games ``lo..hi-1`` for every subject; one row per (subject, game)."""
    game = get_game(cfg.game)
    rules = game.make_rules(cfg.data, cfg.n_players)
    factories = {spec: resolve(cfg.game, spec) for _, spec in cfg.subjects}
    for spec in cfg.mix:
        factories.setdefault(spec, resolve(cfg.game, spec))
    rows = []
    for i in range(lo, hi):
        seed = game_seed(cfg.seed, i)
        seat = i % cfg.n_players
        for label, spec in cfg.subjects:
            made: list = []

            def tested(g, p, rng, _f=factories[spec], _made=made):
                _made.append(_f(g, p, rng))
                return _made[-1]

            fs = [factories[s] for s in seats_for(cfg.mix, cfg.n_players, i, spec)]
            fs[seat] = tested
            t0 = time.process_time()     # CPU, not wall: a loaded machine inflates wall
            rec = play_game(game, cfg.n_players, rules, fs, seed)
            bot = made[0]
            rows.append({
                "subject": label, "spec": spec, "game_index": i, "seed": seed, "seat": seat + 1,
                "win_share": float(rec.result.win_shares[seat]),
                "cpu_seconds": time.process_time() - t0,
                "searched": getattr(bot, "searched", 0),
                "departed": getattr(bot, "departed", 0),
                "rollouts": getattr(bot, "rollouts_done", 0),
            })
    return rows


def parallel(fn: Callable, tasks: list[tuple], jobs: int, backend: str = "loky",
             scheduler: str | None = None) -> Iterator:
    """``fn(*task)`` for every task, results in task order (loky, or joblib on dask)."""
    if jobs < 1:
        jobs = max(1, (os.cpu_count() or 1) + 1 + jobs)
    if jobs == 1 and backend == "loky":
        for t in tasks:
            yield fn(*t)
        return
    if backend == "dask":
        from simcli.runner import dask_map

        yield from dask_map(fn, tasks, jobs, scheduler)
        return
    # loky: the same reusable executor the runner drives (simcli.runner._loky_results);
    # joblib.Parallel on top of it would find an executor it did not set up
    from simcli.runner import end_pool, pool, wait_result

    executor = pool(min(jobs, max(1, len(tasks))))
    futures = [executor.submit(fn, *t) for t in tasks]
    try:
        for future in futures:
            yield wait_result(future)
    except BaseException:
        # Ctrl-C / SIGTERM: end the workers now (a ladder chunk with search seats runs
        # for minutes, and the exit would wait for it)
        end_pool(executor)
        raise


def play_ladder(cfg: LadderConfig, jobs: int = -1, backend: str = "loky",
                scheduler: str | None = None,
                progress: Callable[[int], None] | None = None,
                folder: Path | None = None) -> list[dict]:
    """Every (subject, game) row of the ladder, in chunk order. With ``folder`` each
    chunk's rows are saved there (:func:`part_path`) as soon as the chunk finishes, the
    chunks already saved are not played again, and the rows are read back from the
    parts (so a resumed ladder's rows are those of an uninterrupted one, byte for byte);
    an interrupt (KeyboardInterrupt) leaves every finished chunk on disk."""
    tasks = [(cfg, lo, hi) for lo, hi in chunks(cfg)]
    if folder is not None:
        (folder / PARTS).mkdir(parents=True, exist_ok=True)
        tasks = [t for t in tasks if not part_path(folder, cfg, t[1]).is_file()]
    rows: list[dict] = []
    results = parallel(ladder_chunk, tasks, jobs, backend, scheduler) if tasks else iter(())
    for (_, lo, hi), part in zip(tasks, results, strict=True):   # no pool for no chunk
        if folder is None:
            rows.extend(part)
        else:
            write_rows(part_path(folder, cfg, lo), part)
        if progress:
            progress(hi - lo)
    return rows if folder is None else read_parts(folder, cfg)


# ------------------------------------------------------------------------ saved chunks
PARTS = ".parts"   # simcli.outdir.PARTS: the part files a fresh folder's clear() removes


def chunks(cfg: LadderConfig) -> list[tuple[int, int]]:
    """The ladder's chunks (games lo..hi-1): a fixed function of the games, never of
    --jobs, so a resumed ladder plays exactly the chunks an uninterrupted one would."""
    return [(lo, min(lo + CHUNK, cfg.n_games)) for lo in range(0, cfg.n_games, CHUNK)]


def _digest(value: Any) -> str:
    import hashlib

    return hashlib.sha1(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()


def code_digest(game: str) -> str:
    """A digest of the source of the game's module and of every strategy a ladder of it
    plays: a bot edited between an interrupt and ``--resume`` would mix two bots in one
    ladder, so the saved plan names the code that played it."""
    import inspect
    import sys

    g = get_game(game)
    classes = [type(g), *list_strategies(game).values()]
    texts = {}
    for cls in classes:
        module = sys.modules.get(getattr(cls, "__module__", ""))
        try:
            path = Path(inspect.getfile(module if module is not None else cls))
        except (TypeError, OSError):
            continue
        source = path.with_name(path.name.split(".")[0] + ".py")   # a compiled .so: its .py
        try:
            texts[source.name] = source.read_bytes().decode("utf-8", "replace")
        except OSError:
            texts[source.name] = str(path)
    return _digest(sorted(texts.items()))


def plan_record(cfg: LadderConfig, search: str) -> dict[str, Any]:
    """What a ladder's games depend on, saved in run.json before the first game:
    ``--resume`` continues only a ladder whose plan equals this one."""
    from simcli import __version__

    return {"game": cfg.game, "players": cfg.n_players, "games": cfg.n_games,
            "seed": cfg.seed, "search": search, "mix": list(cfg.mix),
            **({"only": list(cfg.only)} if cfg.only else {}),   # a full ladder's plan as before
            "subjects": [list(s) for s in cfg.subjects], "chunk": CHUNK,
            "rules_version": get_game(cfg.game).RULES_VERSION,
            "simcli_version": __version__, "data_hash": _digest(cfg.data)[:16],
            "code_hash": code_digest(cfg.game)[:16]}


def part_path(folder: Path, cfg: LadderConfig, lo: int) -> Path:
    """The saved rows of the chunk starting at game ``lo``, named as the runner names its
    parts (``simcli.outdir.PART_RE``: a tag, here the digest of the ladder's games, the
    players, the chunk size, the first game), so simcli knows them as its own."""
    tag = _digest([cfg.game, cfg.n_players, cfg.n_games, cfg.seed, list(cfg.mix),
                   [list(s) for s in cfg.subjects]])[:12]
    return folder / PARTS / f"{tag}-{cfg.n_players}p-c{CHUNK}-{lo:010d}.parquet"


def saved_games(folder: Path, cfg: LadderConfig) -> int:
    """Games of the ladder whose chunk is saved in ``folder``."""
    return sum(hi - lo for lo, hi in chunks(cfg) if part_path(folder, cfg, lo).is_file())


def read_parts(folder: Path, cfg: LadderConfig) -> list[dict]:
    import polars as pl

    rows: list[dict] = []
    for lo, _ in chunks(cfg):
        rows.extend(pl.read_parquet(part_path(folder, cfg, lo)).to_dicts())
    return rows


def remove_parts(folder: Path, cfg: LadderConfig) -> None:
    """After the outputs are written: the ladder's own part files (ladder.parquet holds
    the same rows), and .parts/ if that leaves it empty."""
    for lo, _ in chunks(cfg):
        part_path(folder, cfg, lo).unlink(missing_ok=True)
    parts = folder / PARTS
    if parts.is_dir() and not parts.is_symlink() and not os.listdir(parts):
        parts.rmdir()


# ------------------------------------------------------------------------ analysis
def games_to_settle(diffs: Sequence[float], margin: float = 0.0) -> int | None:
    """Games a paired mean difference needs for its 95% interval to exclude ``margin``
    (0, or the +0.05 a heuristic must be within; normal approximation, the same spread
    per game); None when the mean is ``margin``."""
    n = len(diffs)
    if n < 2:
        return None
    mean = sum(diffs) / n
    if abs(mean - margin) < 1e-12:
        return None
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    return max(n, math.ceil((1.96 * sd / abs(mean - margin)) ** 2))


def analyse(cfg: LadderConfig, rows: list[dict]) -> dict[str, Any]:
    """Win share per subject (Wilson), paired gain of search over each heuristic (t
    interval over games, Holm-corrected across the heuristics), costs, findings."""
    from simcli import stats

    n = cfg.n_players
    fair = 1.0 / n
    by = by_subject(rows)
    table = []
    for label, spec in cfg.subjects:
        games = by.get(label, {})
        shares = [games[i]["win_share"] for i in sorted(games)]
        g = len(shares)
        wins = sum(shares)
        lo, hi = stats.wilson(wins, g)
        row = {"strategy": label, "spec": spec, "games": g,
               "win_share": wins / g if g else 0.0, "ci_low": lo, "ci_high": hi,
               "fair_share": fair,
               "seconds_per_game": (sum(games[i]["cpu_seconds"] for i in games) / g
                                    if g else 0.0)}
        if label.startswith("search("):
            searched = sum(games[i]["searched"] for i in games)
            row["searched_per_game"] = searched / g if g else 0.0
            row["departed_per_game"] = sum(games[i]["departed"] for i in games) / g if g else 0.0
            row["rollouts_per_game"] = sum(games[i]["rollouts"] for i in games) / g if g else 0.0
        table.append(row)
    gains = []
    played = {label for label, _ in cfg.subjects}
    for h in cfg.mix:
        if f"search({h})" not in played:     # --only left it out
            continue
        base, new = by.get(h, {}), by.get(f"search({h})", {})
        common = sorted(set(base) & set(new))
        a = [base[i]["win_share"] for i in common]
        b = [new[i]["win_share"] for i in common]
        diffs = [y - x for x, y in zip(a, b, strict=True)]
        pd = stats.paired_difference(a, b)
        gains.append({"heuristic": h, "games": len(common),
                      "heuristic_share": sum(a) / len(a) if a else 0.0,
                      "search_share": sum(b) / len(b) if b else 0.0,
                      "gain": pd["diff"], "ci_low": pd["ci_low"], "ci_high": pd["ci_high"],
                      "p_value": pd["p_value"],
                      "games_to_settle": games_to_settle(diffs),
                      "games_to_settle_within": games_to_settle(diffs, WITHIN)})
    holm(gains)
    cost = _cost(table)
    return {"game": cfg.game, "players": n, "games": cfg.n_games, "seed": cfg.seed,
            "search": search_extra(cfg), "only": list(cfg.only),
            "mix": list(cfg.mix), "fair_share": fair, "table": table, "gains": gains,
            "cost": cost, "findings": findings(cfg, table, gains, cost)}


def search_extra(cfg: LadderConfig) -> str:
    """The search parameters the ladder's ``--search`` named (k=v,...; "" = the game's
    defaults), as its search subjects carry them after their base."""
    for label, spec in cfg.subjects:
        if label.startswith("search("):
            return spec.split(",", 1)[1] if "," in spec else ""
    return ""


def by_subject(rows: list[dict]) -> dict[str, dict[int, dict]]:
    """The rows of a ladder by subject, then by game index."""
    out: dict[str, dict[int, dict]] = {}
    for r in rows:
        out.setdefault(r["subject"], {})[int(r["game_index"])] = r
    return out


def weaker_search_finding(cfg: LadderConfig, below: list[str]) -> str:
    """The finding when search scores below heuristics (its paired gain under 0): its
    gains then measure this search, not how far the heuristics are from strong play; it
    names the game's stronger search (``strategies.search.STRONGER``) unless the ladder
    already used it."""
    from strategies import parse_spec
    from strategies.search import STRONGER

    text = (f"search scores below {', '.join(below)} here, so a gain within +0.05 does not "
            "show that a heuristic plays near strong play: it shows this search is no "
            "stronger.")
    stronger = STRONGER.get(cfg.game, "")
    want = parse_spec(f"search:{stronger}")[1].items()
    if stronger and not want <= parse_spec(f"search:{search_extra(cfg)}")[1].items():
        return (text + f" A search measured stronger for {cfg.game} (dearer): "
                f"--search {stronger}.")
    return (text + f" No search measured stronger is known for {cfg.game}; more rollouts= "
            "and recheck= may measure the gap.")


def verdict(row: dict, up: str, down: str) -> str:
    """``up`` / ``down`` when the interval excludes 0 on that side and the Holm-adjusted
    p is below 0.05, else "not settled" with the games that would settle it."""
    sure = row["p_holm"] < 0.05
    if row["ci_low"] > 0 and sure:
        return up
    if row["ci_high"] < 0 and sure:
        return down
    more = row.get("games_to_settle")
    return f"not settled; about {more} games would settle it" if more else "not settled"


def holm(rows: list[dict], key: str = "p_value") -> None:
    """Holm-adjusted p-values (``p_holm``) for a family of tests, in place."""
    from simcli.stats import holm_adjust

    for r, adj in zip(rows, holm_adjust([r[key] for r in rows]), strict=True):
        r["p_holm"] = adj


def _cost(table: list[dict]) -> dict:
    heur = [r for r in table if not r["strategy"].startswith("search(") and r["games"]]
    srch = [r for r in table if r["strategy"].startswith("search(") and r["games"]]
    if not srch:
        return {}
    per_game = sum(r["seconds_per_game"] for r in srch) / len(srch)
    base = sum(r["seconds_per_game"] for r in heur) / len(heur) if heur else 0.0
    searched = sum(r["searched_per_game"] for r in srch) / len(srch)
    rollouts = sum(r["rollouts_per_game"] for r in srch) / len(srch)
    extra = max(per_game - base, 0.0)
    return {"search_seconds_per_game": per_game, "heuristic_seconds_per_game": base,
            "search_extra_seconds_per_game": extra,
            "searched_decisions_per_game": searched, "rollouts_per_game": rollouts,
            "seconds_per_searched_decision": extra / searched if searched else 0.0,
            "departures_per_game": sum(r["departed_per_game"] for r in srch) / len(srch)}


def _within_note(gain: dict) -> str:
    """A gain whose interval holds +0.05: which side its estimate is on, and about how
    many games would show it there."""
    side = "within" if gain["gain"] < WITHIN else "above"
    more = gain.get("games_to_settle_within")
    return (f"{gain['heuristic']} {gain['gain']:+.3f}, {side} by its estimate"
            + (f" (about {more:,} games would show it {side})" if more else ""))


def findings(cfg: LadderConfig, table: list[dict], gains: list[dict], cost: dict) -> list[str]:
    n = cfg.n_players
    fair = 1.0 / n
    out = []
    heur = [r for r in table if not r["strategy"].startswith("search(")
            and r["strategy"] != "random"]
    if heur:
        best = max(heur, key=lambda r: r["win_share"])
        which = "of the heuristics laddered (--only)" if cfg.only else "heuristic"
        out.append(f"Strongest {which} in one seat against the default mix: {best['strategy']}"
                   f" {best['win_share']:.3f} [{best['ci_low']:.3f}, {best['ci_high']:.3f}] "
                   f"(fair share {fair:.3f}, {best['games']} games).")
    rnd = next((r for r in table if r["strategy"] == "random"), None)
    if rnd:
        out.append(f"random wins {rnd['win_share']:.3f} [{rnd['ci_low']:.3f}, "
                   f"{rnd['ci_high']:.3f}] in one seat ({rnd['games']} games).")
    share = {r["strategy"]: r for r in table}
    for gr in gains:
        s = share.get(f"search({gr['heuristic']})")
        out.append(
            f"search on {gr['heuristic']}: {s['win_share']:.3f} [{s['ci_low']:.3f}, "
            f"{s['ci_high']:.3f}] vs {gr['heuristic_share']:.3f} for {gr['heuristic']} in the "
            f"same seats on the same seeds, paired gain {gr['gain']:+.3f} "
            f"[{gr['ci_low']:+.3f}, {gr['ci_high']:+.3f}] ({gr['games']} games, Holm "
            f"p={gr['p_holm']:.3g}): "
            f"{verdict(gr, 'search is stronger', 'the heuristic is stronger')}.")
    if gains:
        close = [g["heuristic"] for g in gains if g["ci_high"] <= WITHIN]
        out.append(f"Heuristics within +0.05 of search (upper bound of the gain): "
                   f"{', '.join(close) if close else 'none'} of {len(gains)}.")
        open_ = [g for g in gains if g["ci_low"] < WITHIN < g["ci_high"]]
        if open_:
            out.append("Not settled against +0.05 (the interval holds it): "
                       + "; ".join(map(_within_note, open_)) + ".")
        below = [g["heuristic"] for g in gains if g["gain"] < 0]
        if below:
            out.append(weaker_search_finding(cfg, below))
    if cost:
        out.append(f"A game with search in one seat costs "
                   f"{cost['search_seconds_per_game']:.2f} s of CPU against "
                   f"{cost['heuristic_seconds_per_game']:.2f} s for a heuristic game: search "
                   f"adds {cost['search_extra_seconds_per_game']:.2f} s a game "
                   f"({cost['searched_decisions_per_game']:.1f} searched decisions, "
                   f"{cost['seconds_per_searched_decision'] * 1000:.0f} ms each; "
                   f"{cost['rollouts_per_game']:.0f} rollouts and "
                   f"{cost['departures_per_game']:.1f} departures from the base a game).")
    return out


# ------------------------------------------------------------------------ against
def _ladder_meta(folder: Path, name: str) -> dict:
    """A saved ladder's run.json; one line naming ``name`` (how the user gave the
    folder) if there is none or simcli's ladder did not write it."""
    try:
        meta = json.loads((folder / "run.json").read_text())
    except (OSError, ValueError):
        raise LadderError(f"{name}: no ladder there (no readable run.json)") from None
    if not isinstance(meta, dict) or meta.get("kind") != "ladder":
        raise LadderError(f"{name}: not a folder simcli's ladder wrote")
    return meta


def _ladder_rows(folder: Path, name: str, then: str) -> list[dict]:
    """A saved ladder's per-game rows (ladder.parquet, with the columns a pairing
    reads); one line otherwise (``then``: what the user can do about a missing file)."""
    path = folder / "ladder.parquet"
    if not path.is_file():
        raise LadderError(f"{name}: no ladder.parquet (written by an older simcli); {then}")
    import polars as pl

    try:
        frame = pl.read_parquet(path)
    except Exception as exc:   # a damaged file is the user's input: one line
        raise LadderError(f"{name}: ladder.parquet cannot be read ({exc})") from None
    missing = {"subject", "game_index", "win_share"} - set(frame.columns)
    if missing:
        raise LadderError(f"{name}: ladder.parquet lacks {', '.join(sorted(missing))}")
    return frame.to_dicts()


def load_against(folder: Path, cfg: LadderConfig) -> dict[str, Any]:
    """The per-game rows of an earlier ladder (``--against``), checked to be comparable:
    written by ``simcli ladder``, same game, players and seed (so game ``i`` is the same
    seed and seats in both). Raises :class:`LadderError` with one line otherwise."""
    name = f"--against {folder}"
    meta = _ladder_meta(folder, name)
    for key, mine in (("game", cfg.game), ("players", cfg.n_players), ("seed", cfg.seed)):
        if meta.get(key) != mine:
            raise LadderError(f"{name}: that ladder has {key} {meta.get(key)!r}, "
                              f"this one {mine!r}; a paired comparison needs the same game, "
                              "players and seed")
    rows = _ladder_rows(folder, name, "run that ladder again to compare with it")
    return {"folder": str(folder), "search": meta.get("search", ""), "rows": rows}


def against(cfg: LadderConfig, rows: list[dict], other: dict[str, Any]) -> dict[str, Any]:
    """Each subject of this ladder against the same subject of an earlier ladder on the
    common games (same seeds, same seats): the paired change in win share (this − that),
    t interval, Holm-corrected over the subjects that played differently."""
    from simcli import stats

    mine, theirs = by_subject(rows), by_subject(other["rows"])
    out, tested = [], []
    for label, spec in cfg.subjects:
        a, b = theirs.get(label), mine.get(label)
        if not a or not b:
            continue
        common = sorted(set(a) & set(b))
        if not common:
            continue
        old = [float(a[i]["win_share"]) for i in common]
        new = [float(b[i]["win_share"]) for i in common]
        pd = stats.paired_difference(old, new)
        row = {"subject": label, "spec": spec, "other_spec": a[common[0]].get("spec"),
               "games": len(common), "share": sum(new) / len(new),
               "other_share": sum(old) / len(old), "change": pd["diff"],
               "ci_low": pd["ci_low"], "ci_high": pd["ci_high"], "p_value": pd["p_value"],
               "differing_games": sum(x != y for x, y in zip(old, new, strict=True)),
               "games_to_settle": games_to_settle([y - x for x, y in
                                                   zip(old, new, strict=True)])}
        out.append(row)
        if row["differing_games"]:
            tested.append(row)
    holm(tested)
    for r in out:
        r.setdefault("p_holm", 1.0)
    lines = []
    same = [r["subject"] for r in out if not r["differing_games"]]
    for r in tested:
        lines.append(f"{r['subject']} against {other['folder']}: {r['share']:.3f} vs "
                     f"{r['other_share']:.3f} on the same {r['games']} games, paired change "
                     f"{r['change']:+.3f} [{r['ci_low']:+.3f}, {r['ci_high']:+.3f}] "
                     f"({r['differing_games']} game{'s' if r['differing_games'] != 1 else ''} "
                     f"ended differently, Holm "
                     f"p={r['p_holm']:.3g}): {verdict(r, 'stronger now', 'weaker now')}.")
    if same:
        lines.append(f"Played every common game exactly as in {other['folder']}: "
                     f"{', '.join(same)}.")
    if not out:
        lines.append(f"No strategy of this ladder shares games with {other['folder']}.")
    return {"folder": other["folder"], "search": other["search"], "rows": out,
            "findings": lines}


# ------------------------------------------------------------------------ pool
#: what ladders must share to be pooled: their games are then draws of one experiment
POOL_KEYS = ("game", "players", "search", "mix", "chunk", "rules_version", "data_hash",
             "code_hash")


def load_finished(folder: Path) -> tuple[dict, list[dict]]:
    """The saved plan and per-game rows of a finished ladder in ``folder``; one line
    (:class:`LadderError`) for anything else."""
    meta = _ladder_meta(folder, str(folder))
    if meta.get("pooled"):
        raise LadderError(f"{folder} is a pool itself; pool the ladders it lists "
                          f"({', '.join(str(p['folder']) for p in meta['pooled'])})")
    plan = meta.get("plan")
    if not isinstance(plan, dict) or not meta.get("finished"):
        raise LadderError(f"{folder}: not a finished ladder (finish it with --resume, or "
                          "it was written by an older simcli)")
    return plan, _ladder_rows(folder, str(folder), "run that ladder again to pool it")


def check_pool_out(out: Path, folders: Sequence[Path]) -> None:
    """The ``--out`` of ``ladder-pool``, before any input is read: not one of the
    ladders pooled, a folder simcli may write (:func:`check_folder`), and, if it holds a
    ladder, an earlier pool (a ladder's own games are never replaced by a pool)."""
    if any(out.resolve() == Path(f).resolve() for f in folders):
        raise LadderError(f"--out {out} is one of the ladders pooled; give another folder")
    check_folder(out)
    if (out / "run.json").is_file() and not _ladder_meta(out, f"--out {out}").get("pooled"):
        raise LadderError(f"--out {out} holds a ladder; pooling would replace its games: "
                          "give another folder")


def pool(folders: Sequence[Path]) -> tuple[LadderConfig, list[dict], dict[str, Any]]:
    """Several finished ladders of one game, player count, search and code on different
    seeds, as one ladder of all their games: the games are independent, so each gain is
    the paired t interval over every game's difference (not a mean of the ladders'
    intervals), Holm-corrected over the heuristics. Returns the pooled config, the rows
    (game indices renumbered: the first ladder's games, then the next's) and the
    analysis, with ``pooled`` naming each ladder, its seed and games."""
    if len(folders) < 2:
        raise LadderError("give two or more ladder folders to pool")
    loaded = [(Path(f), *load_finished(Path(f))) for f in folders]
    first_folder, first, _ = loaded[0]
    for folder, plan, _ in loaded[1:]:
        for key in POOL_KEYS:
            if plan.get(key) != first.get(key):
                what = {"code_hash": "the game's or its strategies' code",
                        "data_hash": "the game data", "search": "--search"}.get(key, key)
                raise LadderError(f"{folder} and {first_folder} differ in {what} "
                                  f"({str(plan.get(key))[:40]!r}, "
                                  f"{str(first.get(key))[:40]!r}): not one experiment")
    seeds = [plan["seed"] for _, plan, _ in loaded]
    twice = sorted({s for s in seeds if seeds.count(s) > 1})
    if twice:
        raise LadderError(f"seed {twice[0]} is in more than one of these ladders: the same "
                          "seed plays the same games, which would count them twice")
    labels: dict[str, str] = {}
    for _, plan, _ in loaded:
        for label, spec in plan["subjects"]:
            labels.setdefault(label, spec)
    names = [n for n in list_strategies(first["game"]) if n != "search"]
    only = tuple(n for n in names if n in labels)
    cfg = LadderConfig(game=first["game"], n_players=int(first["players"]),
                       n_games=sum(int(plan["games"]) for _, plan, _ in loaded), seed=seeds[0],
                       mix=tuple(first["mix"]), subjects=tuple(labels.items()),
                       only=() if len(only) == len(names) else only)
    rows: list[dict] = []
    offset = 0
    for _, plan, part in loaded:
        rows += [{**r, "game_index": offset + int(r["game_index"])} for r in part]
        offset += int(plan["games"])
    result = analyse(cfg, rows)
    result["seed"] = seeds
    result["pooled"] = [{"folder": str(folder), "seed": plan["seed"], "games": plan["games"]}
                        for folder, plan, _ in loaded]
    return cfg, rows, result


# ------------------------------------------------------------------------ output
def check_folder(folder: Path, plan: dict | None = None, resume: bool = False
                 ) -> tuple[str, dict]:
    """A folder simcli may write into at all (:func:`simcli.outdir.check_folder`: new,
    empty or simcli's own), and, if it holds anything, one a ladder wrote before. Touches
    nothing. Returns ("fresh", {}) for a ladder to start afresh, ("resume", run.json) to
    continue the saved ladder whose plan equals ``plan``, ("finished", run.json) when
    ``resume`` finds that ladder already finished. An unfinished ladder with games saved
    is refused without ``resume`` (starting afresh would delete them); with ``resume``,
    a saved plan that differs from ``plan`` is refused."""
    from simcli import outdir

    outdir.check_folder(folder, resume=resume)
    if not folder.is_dir() or not any(folder.iterdir()):
        return "fresh", {}
    try:
        meta = json.loads((folder / "run.json").read_text())
    except (OSError, ValueError):
        meta = None
    if not isinstance(meta, dict) or meta.get("kind") != "ladder":
        raise LadderError(f"--out {folder} holds files simcli's ladder did not write; "
                          "choose another folder")
    saved = meta.get("plan")
    if not resume:
        kept = _saved_games(folder, saved) if isinstance(saved, dict) else 0
        if kept and not meta.get("finished"):
            raise LadderError(f"--out {folder} holds an unfinished ladder ({kept} of "
                              f"{saved.get('games')} games saved): rerun the same command "
                              "with --resume to finish it, or give another --out")
        return "fresh", {}
    if not isinstance(saved, dict):
        raise LadderError(f"--resume: {folder} holds a ladder without a saved plan (an "
                          "older simcli's): nothing to resume; drop --resume to play it "
                          "afresh")
    if plan is not None and saved != plan:
        key = next(k for k in [*plan, *saved] if saved.get(k) != plan.get(k))
        raise LadderError(f"--resume: {folder} holds a different ladder ({key} differs: "
                          f"{str(saved.get(key))[:40]!r} there, {str(plan.get(key))[:40]!r} "
                          "now); give the same arguments, another --out, or drop --resume")
    return ("finished" if meta.get("finished") else "resume"), meta


def _saved_games(folder: Path, plan: dict) -> int:
    """Games in the part files of a saved plan (from their names: the first game of each
    chunk, ``plan['chunk']`` games each, the last one shorter)."""
    from simcli.outdir import PART_RE

    try:
        size, games = int(plan["chunk"]), int(plan["games"])
        names = os.listdir(folder / PARTS)
    except (KeyError, TypeError, ValueError, OSError):
        return 0
    starts = {int(n.rsplit("-", 1)[1].split(".")[0]) for n in names
              if PART_RE.match(n) and n.endswith(".parquet")}
    return sum(max(0, min(lo + size, games) - lo) for lo in starts)


def start(folder: Path, meta: dict) -> None:
    """A fresh ladder: delete the files the folder's previous ladder wrote (only those,
    :func:`simcli.outdir.clear`), then save the plan in run.json before the first game,
    with the ladder's files named in simcli's marker."""
    from simcli import outdir
    from simcli.fsio import atomic_write_text

    if folder.is_dir():
        outdir.clear(folder)
    folder.mkdir(parents=True, exist_ok=True)
    atomic_write_text(folder / "run.json", json.dumps(
        outdir.marker({"kind": "ladder", **meta}, [f for f in FILES if f != "run.json"]),
        indent=2, default=str) + "\n")


def write(folder: Path, result: dict, meta: dict, rows: list[dict] | None = None
          ) -> list[Path]:
    """ladder.json, ladder.md, ladder.parquet (one row per strategy and game, for a later
    ``--against``), plots/ladder.png, and run.json last (the marker of a ladder started
    by :func:`start` already lists the others), each written atomically."""
    from simcli import outdir
    from simcli.fsio import atomic_write_text

    (folder / "plots").mkdir(parents=True, exist_ok=True)
    files = [f for f in FILES if f != "run.json"]
    marked = json.dumps(outdir.marker({"kind": "ladder", **meta}, files), indent=2,
                        default=str) + "\n"
    if not (folder / "run.json").is_file():   # a caller without start(): files named first
        atomic_write_text(folder / "run.json", marked)
    written = []
    if rows is not None:
        written.append(write_rows(folder / "ladder.parquet", rows))
    atomic_write_text(folder / "ladder.json", json.dumps(result, indent=2, default=str) + "\n")
    atomic_write_text(folder / "ladder.md", markdown(result))
    out = [*written, folder / "ladder.json", folder / "ladder.md",
           plot(result, folder / "plots" / "ladder.png")]
    atomic_write_text(folder / "run.json", marked)
    return out


def write_rows(path: Path, rows: list[dict]) -> Path:
    """The per-game rows as parquet, through a temporary file and a rename."""
    import polars as pl

    from simcli.fsio import atomic_path

    schema = {"subject": pl.Utf8, "spec": pl.Utf8, "game_index": pl.Int64, "seed": pl.Int64,
              "seat": pl.Int64, "win_share": pl.Float64, "cpu_seconds": pl.Float64,
              "searched": pl.Int64, "departed": pl.Int64, "rollouts": pl.Int64}
    frame = pl.DataFrame([{k: r.get(k) for k in schema} for r in rows], schema=schema)
    with atomic_path(path) as tmp:
        frame.write_parquet(tmp)
    return path


def _games_vary(table: list[dict]) -> bool:
    """Whether the strategies of a ladder's table have different numbers of games (a pool
    of full and ``--only`` ladders)."""
    return len({r.get("games") for r in table}) > 1


def markdown(result: dict) -> str:
    pooled = result.get("pooled")
    seeds = (f"{len(pooled)} ladders pooled, seeds {', '.join(str(p['seed']) for p in pooled)}"
             if pooled else f"seed {result['seed']}")
    upto = "up to " if _games_vary(result["table"]) else ""
    lines = [f"# Ladder: {result['game']}, {result['players']} players, "
             f"{upto}{result['games']} games ({seeds})", "",
             f"search: {result.get('search') or 'the game defaults'} "
             "(`simcli strategies GAME` lists them)", "",
             *([f"only: {', '.join(result['only'])} (`--only`)", ""] if result.get("only")
               else []), "## Findings", ""]
    lines += [f"- {f}" for f in result["findings"]]
    lines += ["", "## Win share in one seat against the default mix "
              f"({', '.join(result['mix'])})", "",
              "| strategy | win share | 95% interval | games | CPU s/game |",
              "|---|---|---|---|---|"]
    for r in result["table"]:
        lines.append(f"| {r['strategy']} | {r['win_share']:.3f} | {r['ci_low']:.3f}–"
                     f"{r['ci_high']:.3f} | {r['games']} | {r['seconds_per_game']:.3f} |")
    lines += ["", "## Paired gain of search over each heuristic (same seats, same seeds)", "",
              "| heuristic | heuristic share | search share | gain | 95% interval | Holm p | "
              "games |", "|---|---|---|---|---|---|---|"]
    for g in result["gains"]:
        lines.append(f"| {g['heuristic']} | {g['heuristic_share']:.3f} | "
                     f"{g['search_share']:.3f} | {g['gain']:+.3f} | {g['ci_low']:+.3f}–"
                     f"{g['ci_high']:+.3f} | {g['p_holm']:.3g} | {g['games']} |")
    ag = result.get("against")
    if ag:
        lines += ["", f"## Against {ag['folder']} (same seeds and seats, paired)", ""]
        lines += [f"- {f}" for f in ag["findings"]]
        lines += ["", "| strategy | now | then | change | 95% interval | games differing | "
                  "Holm p | games |", "|---|---|---|---|---|---|---|---|"]
        for r in ag["rows"]:
            lines.append(f"| {r['subject']} | {r['share']:.3f} | {r['other_share']:.3f} | "
                         f"{r['change']:+.3f} | {r['ci_low']:+.3f}–{r['ci_high']:+.3f} | "
                         f"{r['differing_games']} | {r['p_holm']:.3g} | {r['games']} |")
    return "\n".join(lines) + "\n"


def _signed_tick(x: float, _pos=None) -> str:
    """A gain axis tick: signed, at least two decimals, more only where the value has them
    (0.025 -> "+0.025", 0.05 -> "+0.05", -0.1 -> "\u22120.10"), zero unsigned."""
    if abs(x) < 1e-12:
        return "0"
    text = f"{x:+.4f}".rstrip("0")
    text = text if len(text.split(".")[1]) >= 2 else f"{x:+.2f}"
    return text.replace("-", "\u2212")      # matplotlib's own minus sign


def plot(result: dict, path: Path) -> Path:
    from simcli.fsio import save_figure
    from simcli.plots import subplots

    table, gains = result["table"], result["gains"]
    fig, (ax1, ax2) = subplots(1, 2, figsize=(11, 0.45 * len(table) + 1.5))
    # a pool of full and --only ladders: the strategies have different numbers of games
    varying = _games_vary(table)
    labels = [r["strategy"] + (f" ({r['games']:,} games)" if varying else "") for r in table]
    y = list(range(len(table)))
    est = [r["win_share"] for r in table]
    err = [[e - r["ci_low"] for e, r in zip(est, table, strict=True)],
           [r["ci_high"] - e for e, r in zip(est, table, strict=True)]]
    colors = ["tab:red" if r["strategy"].startswith("search(") else "tab:blue"
              for r in table]
    ax1.barh(y, est, xerr=err, color=colors, capsize=3)
    ax1.axvline(result["fair_share"], color="k", ls="--", lw=1)
    ax1.set_yticks(y, labels)
    ax1.invert_yaxis()
    # the lines are named in the axis labels: a legend box would cover bars or intervals
    ax1.set_xlabel("win share in one seat\n(95% Wilson; dashed: fair share)")
    gy = list(range(len(gains)))
    ge = [g["gain"] for g in gains]
    gerr = [[e - g["ci_low"] for e, g in zip(ge, gains, strict=True)],
            [g["ci_high"] - e for e, g in zip(ge, gains, strict=True)]]
    ax2.barh(gy, ge, xerr=gerr, color="tab:red", capsize=3)
    ax2.axvline(0, color="k", lw=1)
    ax2.axvline(0.05, color="grey", ls=":", lw=1)
    ax2.set_yticks(gy, [g["heuristic"] + (f" ({g['games']:,})" if varying else "")
                        for g in gains])
    ax2.invert_yaxis()
    # few signed ticks: at the default width the default ticks (every 0.025) overlap;
    # steps of 1, 2 or 5 (never 2.5) and as many decimals as a tick needs, so that a
    # label is the tick's value (a tick at 0.025 read "+0.03" with two fixed decimals)
    from matplotlib.ticker import FuncFormatter, MaxNLocator
    ax2.xaxis.set_major_locator(MaxNLocator(nbins=5, steps=[1, 2, 5, 10], symmetric=False))
    ax2.xaxis.set_major_formatter(FuncFormatter(_signed_tick))
    ax2.set_xlabel("paired gain of search over the heuristic\n(95% t; dotted: +0.05)")
    extra = f"; search {result['search']}" if result.get("search") else ""
    if result.get("pooled"):
        extra = f"; {len(result['pooled'])} ladders pooled{extra}"
    fig.suptitle(f"{result['game']} {result['players']}p ladder ("
                 f"{'up to ' if varying else ''}{result['games']} games{extra})")
    fig.tight_layout()
    return save_figure(fig, path, dpi=100)

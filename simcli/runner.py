"""Seeded, chunked, parallel runs of many games, streamed to parquet.

A run is ``(game, n_players, strategies per seat, rules data, n_games, seed)``. Game ``i``
always gets ``game_seed(seed, i)`` and the strategies rotated by ``i``, so results never
depend on ``--jobs``, the backend or how games are chunked. Chunk boundaries are a fixed
function of the game index (``CHUNK`` games), each chunk is written to its own part file
as it arrives, and the parts are concatenated in order into ``results.parquet``, so the
file is byte-identical for any number of jobs and memory stays flat in the number of
games.
"""
from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from simcli.engine import game_seed, play_game
from simcli.games import get_game
from simcli.worker import (  # noqa: F401 - re-exported for callers of the runner
    BASE_COLUMNS,
    RunConfig,
    _compiled_rules,
    play_chunk,
    toml_value,
)
from strategies import resolve

CHUNK = 200
PARTS = ".parts"


# ---------------------------------------------------------------------------- parent
def chunk_bounds(start: int, stop: int, size: int = CHUNK) -> list[tuple[int, int]]:
    """Chunks aligned on multiples of ``size`` (so chunking never depends on jobs)."""
    bounds = []
    lo = start
    while lo < stop:
        hi = min(stop, (lo // size + 1) * size)
        bounds.append((lo, hi))
        lo = hi
    return bounds


def _part_prefix(cfg: RunConfig) -> str:
    """File-name prefix of a config's parts (variant names may hold any character)."""
    tag = hashlib.sha1(cfg.variant.encode()).hexdigest()[:12]
    return f"{tag}-{cfg.n_players}p-"


def _part_path(folder: Path, cfg: RunConfig, start: int) -> Path:
    return folder / PARTS / f"{_part_prefix(cfg)}{start:010d}.parquet"


def _execute(tasks: list[tuple[RunConfig, int, int]], jobs: int, backend: str,
             scheduler: str | None) -> Iterator[tuple[dict, list]]:
    """Yield chunk results in task order."""
    if jobs == 1 and backend == "loky":
        for cfg, lo, hi in tasks:
            yield play_chunk(cfg, lo, hi)
        return
    import joblib

    calls = (joblib.delayed(play_chunk)(cfg, lo, hi) for cfg, lo, hi in tasks)
    if backend == "dask":
        from distributed import Client

        client = Client(scheduler) if scheduler else Client(processes=True)
        try:
            with joblib.parallel_config(backend="dask"):
                yield from joblib.Parallel(n_jobs=jobs, return_as="generator")(calls)
        finally:
            client.close()
        return
    yield from joblib.Parallel(n_jobs=jobs, backend=backend, return_as="generator")(calls)


def run_chunks(
    configs: Sequence[RunConfig],
    folder: Path,
    *,
    start: int = 0,
    jobs: int = -1,
    backend: str = "loky",
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> tuple[int, int, bool]:
    """Play games ``start..cfg.n_games-1`` of every config into part files in ``folder``.

    Returns (games done, errors, interrupted). Parts already on disk are kept and
    skipped, so an interrupted run loses nothing and can be continued.
    """
    parts = folder / PARTS
    parts.mkdir(parents=True, exist_ok=True)
    tasks = []
    for cfg in configs:
        for lo, hi in chunk_bounds(start, cfg.n_games):
            if not _part_path(folder, cfg, lo).exists():
                tasks.append((cfg, lo, hi))
    done = errors = 0
    error_file = folder / "errors.jsonl"
    if jobs < 1:
        jobs = max(1, (os.cpu_count() or 1) + 1 + jobs)
    try:
        for (cfg, lo, hi), (cols, errs) in zip(
            tasks, _execute(tasks, jobs, backend, scheduler), strict=False
        ):
            path = _part_path(folder, cfg, lo)
            tmp = path.with_suffix(".tmp")
            pq.write_table(pa.Table.from_pydict(cols), tmp)
            if errs:
                with error_file.open("a", encoding="utf-8") as fh:
                    for err in errs:
                        fh.write(json.dumps(err) + "\n")
            tmp.replace(path)
            done += hi - lo
            errors += len(errs)
            if progress:
                progress(hi - lo)
    except KeyboardInterrupt:
        return done, errors, True
    return done, errors, False


def merge_parts(folder: Path, order: Sequence[RunConfig]) -> Path:
    """Concatenate the part files, in config then game order, into results.parquet."""
    paths: list[Path] = []
    present = sorted(p.name for p in (folder / PARTS).iterdir()) if (folder / PARTS).is_dir() \
        else []
    for cfg in order:
        prefix = _part_prefix(cfg)
        paths += [folder / PARTS / name for name in present
                  if name.startswith(prefix) and name.endswith(".parquet")]
    out = folder / "results.parquet"
    if not paths:
        if out.exists():
            out.unlink()
        return out
    tables = [pq.read_schema(p) for p in paths]
    schema = pa.unify_schemas(tables, promote_options="permissive")
    schema = pa.schema([f.with_type(pa.string()) if pa.types.is_null(f.type) else f
                        for f in schema])
    tmp = out.with_suffix(".tmp")
    with pq.ParquetWriter(tmp, schema) as writer:
        for p in paths:
            table = pq.read_table(p)
            for name in schema.names:
                if name not in table.column_names:
                    table = table.append_column(name, pa.nulls(len(table), schema.field(name).type))
            writer.write_table(table.select(schema.names).cast(schema))
    tmp.replace(out)
    return out


def count_errors(folder: Path) -> int:
    path = folder / "errors.jsonl"
    if not path.exists():
        return 0
    with path.open(encoding="utf-8") as fh:
        return sum(1 for line in fh if line.strip())


def clear_errors(folder: Path) -> None:
    (folder / "errors.jsonl").unlink(missing_ok=True)


def replay(cfg: RunConfig, index: int | None = None, seed: int | None = None):
    """Replay one game with narration; returns the GameRecord (log in ``record.log``)."""
    game = get_game(cfg.game)
    rules = _compiled_rules(cfg)
    specs = cfg.seat_strategies(index or 0)
    if seed is None:
        seed = game_seed(cfg.seed, index or 0)
    return play_game(game, cfg.n_players, rules, [resolve(cfg.game, s) for s in specs],
                     seed, narrate=True)


"""Seeded, chunked, parallel runs of many games, streamed to parquet.

A run is ``(game, n_players, strategies per seat, rules data, n_games, seed)``. Game ``i``
always gets ``game_seed(seed, i)`` and the strategies rotated by ``i``, so results never
depend on ``--jobs``, the backend or how games are chunked. Chunk boundaries are a fixed
function of the game index (``SMALL_CHUNK`` games up to game ``SMALL_UNTIL``, then
``CHUNK``, so even a short run gives every worker a share; ``SEARCH_CHUNK`` when a seat
plays `search`), each chunk is written to its own part file
as it arrives, and the parts are concatenated in order into ``results.parquet``, so the
file is byte-identical for any number of jobs and memory stays flat in the number of
games. polars writes the parts and streams the merge (row groups of ``ROW_GROUP`` rows,
the same bytes for any number of threads); the run path does not import pyarrow.
"""
from __future__ import annotations

import hashlib
import json
import numbers
import os
import sys
import warnings
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

import polars as pl

from simcli import fsio
from simcli.clierrors import by_signal
from simcli.engine import game_seed, play_game
from simcli.games import get_game
from simcli.worker import (  # noqa: F401 - re-exported for callers of the runner
    BASE_COLUMNS,
    MalformedResult,
    RunConfig,
    _compiled_rules,
    error_record,
    metric_kind,
    play_chunk,
    toml_value,
)
from strategies import resolve

CHUNK = 200
#: the first SMALL_UNTIL games of a heuristic run play in chunks of SMALL_CHUNK: a run of
#: 600 games is 12 chunks, not 3 (which two workers split 2:1, at most 1.5x), while a long
#: run keeps CHUNK-game parts (few files, little per-chunk overhead)
SMALL_CHUNK = 50
SMALL_UNTIL = 1000
#: games per chunk when a seat plays `search` (a game costs seconds, not milliseconds):
#: enough chunks to keep every worker busy, and progress that moves
SEARCH_CHUNK = 4
PARTS = ".parts"
#: rows per row group of results.parquet: fixed, so the merged file's bytes depend only
#: on its rows (polars' streaming sink then writes the same bytes on any machine)
ROW_GROUP = 65536
_INT64 = (-(2 ** 63), 2 ** 63 - 1)


def _searching(cfg: RunConfig) -> bool:
    return any(str(s).split(":", 1)[0].strip() == "search" for s in cfg.strategies)


def chunk_size(cfg: RunConfig) -> int:
    """Games per chunk of a config once past its first games: a fixed function of the
    config (never of --jobs or the backend), so the parts and results.parquet stay the
    same on any machine."""
    return chunk_layout(cfg)[0]


def chunk_layout(cfg: RunConfig) -> tuple[int, int, int]:
    """(size, small size, small until) of a config's chunks (see :func:`iter_chunks`)."""
    if _searching(cfg):
        return SEARCH_CHUNK, 0, 0
    return CHUNK, SMALL_CHUNK, SMALL_UNTIL


# ---------------------------------------------------------------------------- parent
#: most automatic worker processes: this many per core (and never more than tasks)
JOBS_PER_CORE = 4
#: seconds to wait for a dask scheduler before giving up
SCHEDULER_TIMEOUT = 5


class EnvironmentFailure(RuntimeError):
    """Not the user's input but the machine: an unreachable scheduler, a full disk
    (one line, exit status 1; what finished is kept)."""


def chunk_bounds(start: int, stop: int, size: int = CHUNK, small: int = 0,
                 until: int = 0) -> list[tuple[int, int]]:
    """Chunks aligned on multiples of ``small`` below game ``until`` and of ``size`` from
    there (``until`` a multiple of both), so chunking never depends on jobs."""
    return list(iter_chunks(start, stop, size, small, until))


def iter_chunks(start: int, stop: int, size: int = CHUNK, small: int = 0,
                until: int = 0) -> Iterator[tuple[int, int]]:
    """:func:`chunk_bounds`, lazily (a run of 1e12 games plans nothing in advance)."""
    lo = start
    while lo < stop:
        step = small if small and lo < until else size
        hi = min(stop, (lo // step + 1) * step)
        yield lo, hi
        lo = hi


def count_chunks(start: int, stop: int, size: int = CHUNK, small: int = 0,
                 until: int = 0) -> int:
    if stop <= start:
        return 0
    if not small or start >= until:
        return (stop - 1) // size - start // size + 1
    head = count_chunks(start, min(stop, until), small)
    return head + count_chunks(until, stop, size)


def max_jobs() -> int:
    return JOBS_PER_CORE * (os.cpu_count() or 1)


def check_jobs(jobs: int, backend: str = "loky") -> None:
    """--jobs: 1..JOBS_PER_CORE x cores, or -k for all cores but k-1."""
    from simcli.scenario import ScenarioError

    cores = os.cpu_count() or 1
    cap = max_jobs() if backend == "loky" else 1024
    low = -cores if backend == "loky" else -1
    if not isinstance(jobs, int) or jobs == 0 or jobs > cap or jobs < low:
        raise ScenarioError(f"--jobs {jobs}: give 1 to {cap} worker processes, or -1 for one "
                            f"per core ({cores} cores; -2 all but one)")


def effective_jobs(jobs: int, tasks: int) -> int:
    """Worker processes to start: never more than the tasks."""
    if jobs < 1:
        jobs = max(1, (os.cpu_count() or 1) + 1 + jobs)
    return max(1, min(jobs, tasks))


def check_scheduler(address: str) -> None:
    """Fail fast (EnvironmentFailure) when a dask scheduler does not answer."""
    try:
        from distributed import Client
    except ImportError:
        return
    try:
        client = Client(address, timeout=SCHEDULER_TIMEOUT)
    except (OSError, TimeoutError, ValueError, TypeError) as exc:
        raise EnvironmentFailure(f"--scheduler {address}: no dask scheduler answered within "
                                 f"{SCHEDULER_TIMEOUT} s ({type(exc).__name__})") from None
    client.close()


def _part_prefix(cfg: RunConfig) -> str:
    """File-name prefix of a config's parts (variant names may hold any character),
    naming the chunk layout (``c50-``: SMALL_CHUNK then CHUNK games; ``c4-``: a searching
    run), so parts of two layouts (an older simcli's ``CHUNK``-only parts had none) never
    merge."""
    tag = hashlib.sha1(cfg.variant.encode()).hexdigest()[:12]
    size, small, _ = chunk_layout(cfg)
    return f"{tag}-{cfg.n_players}p-c{small or size}-"


def _is_part_of(name: str, prefix: str) -> bool:
    """``name`` is a part file of the config with this prefix (and not of another chunk
    size: 'x-4p-c4-0000000000' is no part of 'x-4p-')."""
    return (name.startswith(prefix) and name.endswith(".parquet")
            and name[len(prefix):-len(".parquet")].isdigit())


def _part_path(folder: Path, cfg: RunConfig, start: int) -> Path:
    return folder / PARTS / f"{_part_prefix(cfg)}{start:010d}.parquet"


Task = tuple[RunConfig, int, int]


def dask_map(fn: Callable, tasks: Iterable[tuple], jobs: int, scheduler: str | None
             ) -> Iterator:
    """``fn(*task)`` for every task through joblib on dask, results in task order: on the
    scheduler at ``scheduler``, or on a local cluster of processes made for this call.

    On Ctrl-C, SIGTERM or an error, the local cluster's worker processes are killed
    before it is closed: ``Client.close`` otherwise waits for each worker to finish its
    chunk (a vgc ladder: 4.0 s after the Ctrl-C). A remote cluster's workers are not
    simcli's: only the connection is closed."""
    import joblib
    from distributed import Client

    client = Client(scheduler, timeout=SCHEDULER_TIMEOUT) if scheduler else \
        Client(processes=True)
    try:
        with joblib.parallel_config(backend="dask"):
            yield from joblib.Parallel(n_jobs=jobs, return_as="generator")(
                joblib.delayed(fn)(*task) for task in tasks)
    except BaseException:
        if not scheduler:
            _kill_local_workers(client)
        raise
    finally:
        client.close()


def _kill_local_workers(client) -> None:
    """Kill the worker processes of the local cluster ``client`` made (each nanny's
    process; anything missing is left to ``close``)."""
    for nanny in list(getattr(client.cluster, "workers", {}).values()):
        process = getattr(getattr(nanny, "process", None), "process", None)
        if process is not None:
            try:
                process.kill()
            except Exception:   # already gone
                pass


def _dask_results(tasks: Iterator[Task], jobs: int, scheduler: str | None
                  ) -> Iterator[tuple[Task, tuple[dict, list]]]:
    order: deque[Task] = deque()

    def recorded():
        for task in tasks:
            order.append(task)
            yield task

    for result in dask_map(play_chunk, recorded(), jobs, scheduler):
        yield order.popleft(), result


def _chunk_failed(task: Task, exc: BaseException) -> tuple[dict, list]:
    """Every game of a chunk whose worker died (twice) or failed outside the games."""
    cfg, lo, hi = task
    errs = [error_record(cfg, i, game_seed(cfg.seed, i), cfg.seat_strategies(i), exc)
            for i in range(lo, hi)]
    return {name: [] for name in BASE_COLUMNS}, errs


#: seconds between looks at a pending chunk while waiting for it
WAIT_POLL = 0.2


def wait_result(future):
    """``future.result()``, waiting in short timed slices so that a Ctrl-C arrives at
    once: polars, on import, installs its own SIGINT handler with SA_RESTART, and an
    untimed wait then held a Ctrl-C until the chunk ended (a vgc ladder's search chunk:
    8.6-10.0 s; SIGTERM's handler is simcli's own and was never held)."""
    from concurrent.futures import wait

    while not future.done():
        wait([future], timeout=WAIT_POLL)
    return future.result()


#: loky's resource tracker warns of "leaked" semaphores when workers are killed after
#: Ctrl-C or SIGTERM; it removes them itself, so the warning is noise to the designer
_QUIET_TRACKER = "ignore:resource_tracker:UserWarning"


#: the loky pool this process last asked for (:func:`pool`), until :func:`close_pool`
_pool = None


def pool(workers: int):
    """loky's reusable pool of ``workers`` processes, for the runner, the ladder and bench.

    loky itself, not joblib's copy of it: a worker (and this process) then imports loky
    alone (about 0.06 s) instead of joblib with numpy (about 0.18 s), before its first
    game."""
    global _pool
    from loky import get_reusable_executor

    warnings.filterwarnings("ignore", category=UserWarning, module="loky")
    if _QUIET_TRACKER not in sys.warnoptions:
        # the resource tracker process inherits these flags when the first pool starts
        sys.warnoptions.append(_QUIET_TRACKER)
    _pool = get_reusable_executor(max_workers=workers)
    return _pool


def close_pool() -> None:
    """Shut down the pool :func:`pool` gave, waiting for its idle workers to end."""
    global _pool
    executor, _pool = _pool, None
    if executor is not None:
        executor.shutdown(wait=True)


def _loky_results(tasks: Iterator[Task], workers: int
                  ) -> Iterator[tuple[Task, tuple[dict, list]]]:
    """Chunk results in task order from a pool of ``workers`` loky processes.

    A worker that dies (SIGKILL, ``os._exit``, a crash) breaks the pool: the chunks that
    were in flight are played again one at a time in a fresh pool, and a chunk whose
    worker dies again becomes error records. Ctrl-C and SIGTERM end the workers.
    """
    from loky.process_executor import BrokenProcessPool

    window = 2 * workers
    inflight: deque = deque()
    source = iter(tasks)
    executor = pool(workers)

    def submit(task):
        try:
            return executor.submit(play_chunk, *task)
        except BrokenProcessPool:
            return None

    def isolated(task) -> tuple[dict, list]:
        """Play a suspect chunk alone in a fresh pool; a second death is recorded."""
        nonlocal executor
        executor = pool(workers)
        try:
            return wait_result(executor.submit(play_chunk, *task))
        except BrokenProcessPool as again:
            return _chunk_failed(task, RuntimeError(
                f"the worker process died twice playing games {task[1]}..{task[2] - 1} "
                f"({str(again).splitlines()[0]})"))
        except Exception as exc:  # noqa: BLE001 - a chunk must not sink the run
            return _chunk_failed(task, exc)

    try:
        while True:
            while len(inflight) < window:
                task = next(source, None)
                if task is None:
                    break
                future = submit(task)
                inflight.append((task, future))
                if future is None:
                    break
            if not inflight:
                return
            task, future = inflight.popleft()
            try:
                if future is None:
                    raise BrokenProcessPool("the worker pool broke")
                result = wait_result(future)
            except BrokenProcessPool:
                suspects = [(task, future), *inflight]
                inflight.clear()
                for suspect, fut in suspects:
                    if (fut is not None and fut.done() and not fut.cancelled()
                            and fut.exception() is None):
                        yield suspect, fut.result()
                    else:
                        yield suspect, isolated(suspect)
                executor = pool(workers)
                continue
            except Exception as exc:  # noqa: BLE001 - a chunk must not sink the run
                result = _chunk_failed(task, exc)
            yield task, result
    except BaseException:
        end_pool(executor)
        raise


def end_pool(executor) -> None:
    """After Ctrl-C, SIGTERM or an error: shut the pool down and end its workers here
    (:func:`_end_workers`). The runner, the ladder and bench all stop their pools so.

    The chunks not started are not cancelled first: ``shutdown(kill_workers=True)`` fails
    them itself, and its executor thread, finding a future already cancelled, raised
    ``InvalidStateError`` (loky 3.7 logs it on stderr: a traceback under the one line of
    a stopped ladder, every time the exit was slow enough to show it)."""
    executor.shutdown(wait=False, kill_workers=True)
    _end_workers(executor)


def _end_workers(executor) -> None:
    """Kill the pool's worker processes and reap them, here in the main thread.

    ``shutdown(kill_workers=True)`` leaves the killing to loky's executor thread, and that
    thread could die first (an ``InvalidStateError`` on a future :func:`end_pool` had
    cancelled, before it stopped cancelling them): its workers then lived on and the
    interpreter's exit waited on them for ever (seen after SIGTERM, about one run in
    five). The workers are still ended here, not left to that thread."""
    from loky.backend.utils import kill_process_tree

    for process in list(getattr(executor, "_processes", {}).values()):
        try:
            if process.is_alive():
                kill_process_tree(process)
            process.join(timeout=10)
        except (OSError, ValueError, AssertionError):  # already reaped elsewhere
            pass


def _series(name: str, values: list) -> pl.Series:
    """One column of a part, typed as pyarrow typed it before: int64 when every value is
    an integer (one beyond int64 is refused), float64 when some are not, bool, string, or
    null when no game gave a value."""
    kinds = set(map(type, values))
    kinds.discard(type(None))
    if not kinds:
        return pl.Series(name, values, dtype=pl.Null)
    if kinds == {bool}:
        return pl.Series(name, values, dtype=pl.Boolean)
    if kinds == {str}:
        return pl.Series(name, values, dtype=pl.String)
    if kinds <= {int}:  # polars refuses an integer beyond int64 (TypeError)
        return pl.Series(name, values, dtype=pl.Int64, strict=True)
    if kinds <= {int, float}:
        return pl.Series(name, values, dtype=pl.Float64, strict=True)
    present = [v for v in values if v is not None]  # numpy scalars, str subclasses...
    if all(isinstance(v, bool) for v in present):
        return pl.Series(name, values, dtype=pl.Boolean)
    if all(isinstance(v, str) for v in present):
        return pl.Series(name, [None if v is None else str(v) for v in values],
                         dtype=pl.String)
    if any(isinstance(v, bool) or not isinstance(v, numbers.Real) for v in present):
        kinds = sorted({type(v).__name__ for v in present})
        raise TypeError(f"column {name!r} mixes {', '.join(kinds)}")
    if all(isinstance(v, numbers.Integral) for v in present):
        ints = [None if v is None else int(v) for v in values]
        if not _INT64[0] <= min(v for v in ints if v is not None) <= max(
                v for v in ints if v is not None) <= _INT64[1]:
            raise OverflowError(f"column {name!r} holds an integer beyond 64 bits")
        return pl.Series(name, ints, dtype=pl.Int64)
    return pl.Series(name, [None if v is None else float(v) for v in values],
                     dtype=pl.Float64)


def part_frame(cols: dict[str, list]) -> pl.DataFrame:
    """A chunk's columns as a DataFrame (every column as long as the first)."""
    series = [_series(name, list(values)) for name, values in cols.items()]
    if len({len(s) for s in series}) > 1:
        raise ValueError("columns of different lengths")
    return pl.DataFrame(series)


def write_part(frame: pl.DataFrame, path: Path) -> None:
    """A part file (parts live only until the merge: no statistics)."""
    frame.write_parquet(path, statistics=False)


class _Sink:
    """Writes each chunk's part file and error records; keeps one kind per column."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.done = 0
        self.errors = 0
        self.kinds: dict[str, str] = {}
        self.error_file = folder / "errors.jsonl"
        parts = sorted(p for p in (folder / PARTS).glob("*.parquet"))
        if parts:
            try:
                schema = pl.read_parquet_schema(parts[0])
            except (pl.exceptions.PolarsError, OSError):
                schema = {}
            for name, dtype in schema.items():
                if name in BASE_COLUMNS or dtype == pl.Null:
                    continue
                self.kinds[name] = ("bool" if dtype == pl.Boolean else
                                    "str" if dtype == pl.String else "number")

    def _admit(self, task: Task, cols: dict, errs: list) -> tuple[dict, list]:
        """Drop the games whose metric kinds differ from the run's (they become errors).
        Within a chunk the worker already keeps one kind per metric, so the first value
        of each column tells its kind."""
        cfg = task[0]
        bad: dict[int, str] = {}
        for name, values in cols.items():
            if name in BASE_COLUMNS:
                continue
            first = next((v for v in values if v is not None), None)
            try:
                kind = metric_kind(first)
            except MalformedResult:
                kind = "?"
            if kind is None:
                continue
            known = self.kinds.setdefault(name, kind)
            if kind != known:
                for row, value in enumerate(values):
                    if value is not None:
                        bad.setdefault(cols["game_index"][row],
                                       f"metric {name!r} is a {kind} in this game but a "
                                       f"{known} in earlier games of the run")
        if not bad:
            return cols, errs
        keep = [i for i, g in enumerate(cols["game_index"]) if g not in bad]
        cols = {name: [values[i] for i in keep] for name, values in cols.items()}
        errs = list(errs)
        for index, why in sorted(bad.items()):
            errs.append(error_record(cfg, index, game_seed(cfg.seed, index),
                                     cfg.seat_strategies(index), MalformedResult(why)))
        return cols, errs

    def write(self, task: Task, result: tuple[dict, list]) -> int:
        cfg, lo, hi = task
        cols, errs = self._admit(task, *result)
        try:
            table = part_frame(cols)
        except (pl.exceptions.PolarsError, TypeError, ValueError, OverflowError) as exc:
            cols, more = _chunk_failed(task, MalformedResult(f"rows do not fit a table: {exc}"))
            errs = more
            table = part_frame(cols)
        if errs:
            with self.error_file.open("a", encoding="utf-8") as fh:
                for err in errs:
                    fh.write(json.dumps(err, default=str) + "\n")
                fh.flush()
                os.fsync(fh.fileno())
        with fsio.atomic_path(_part_path(self.folder, cfg, lo)) as tmp:
            write_part(table, tmp)
        self.done += hi - lo
        self.errors += len(errs)
        return hi - lo


def _task_count(configs: Sequence[RunConfig], start: int) -> int:
    return sum(count_chunks(start, cfg.n_games, *chunk_layout(cfg)) for cfg in configs)


def plays_in_workers(configs: Sequence[RunConfig], *, start: int = 0, jobs: int = -1,
                     backend: str = "loky") -> bool:
    """Whether :func:`run_chunks` plays these games in worker processes (and this process
    only waits): dask always; loky unless ``--jobs 1`` or a run of one chunk."""
    return backend == "dask" or (jobs != 1 and _task_count(configs, start) > 1)


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
    skipped, so an interrupted run loses nothing and can be continued. Chunks are planned
    lazily; at most min(jobs, chunks) workers start, and none for a run of one chunk
    (its games play in this process, as with ``jobs=1``).
    """
    parts = folder / PARTS
    parts.mkdir(parents=True, exist_ok=True)
    present = set(os.listdir(parts))

    def pending() -> Iterator[Task]:
        for cfg in configs:
            prefix = _part_prefix(cfg)
            for lo, hi in iter_chunks(start, cfg.n_games, *chunk_layout(cfg)):
                if f"{prefix}{lo:010d}.parquet" not in present:
                    yield cfg, lo, hi

    n_tasks = _task_count(configs, start)
    workers = effective_jobs(jobs, n_tasks)
    sink = _Sink(folder)
    try:
        if backend == "dask":
            results = _dask_results(pending(), workers, scheduler)
        elif not plays_in_workers(configs, start=start, jobs=jobs, backend=backend):
            # in this process (a game that kills its process ends simcli): --jobs 1, or a
            # run of one chunk, where a worker would only add its start-up (about 0.5 s
            # of CPU importing simcli again) to the same serial games
            results = ((task, play_chunk(*task)) for task in pending())
        else:
            results = _loky_results(pending(), workers)
        for task, result in results:
            k = sink.write(task, result)
            if progress:
                progress(k)
    except KeyboardInterrupt:
        return sink.done, sink.errors, True
    except Exception as exc:
        if by_signal(exc):      # an error the interrupt caused (clierrors.by_signal)
            return sink.done, sink.errors, True
        if not isinstance(exc, OSError):
            raise
        raise EnvironmentFailure(
            f"writing {folder}: {exc.strerror or exc}; the {sink.done} games finished are "
            "kept (rerun with --resume once fixed)") from None
    return sink.done, sink.errors, False


def merge_parts(folder: Path, order: Sequence[RunConfig]) -> Path:
    """Concatenate the part files, in config then game order, into results.parquet."""
    paths: list[Path] = []
    present = sorted(p.name for p in (folder / PARTS).iterdir()) if (folder / PARTS).is_dir() \
        else []
    for cfg in order:
        prefix = _part_prefix(cfg)
        paths += [folder / PARTS / name for name in present if _is_part_of(name, prefix)]
    out = folder / "results.parquet"
    if not paths:
        if out.exists():
            out.unlink()
        return out
    schemas = [pl.read_parquet_schema(p) for p in paths]
    schema = merged_schema(schemas)
    cast = getattr(pl, "ScanCastOptions", None)
    if cast is not None:
        # one scan over every part, read against the merged schema (a column a part
        # lacks or holds as null is null there, integers are read as floats where the
        # merged column is one): a concat of one scan per part costs memory and time
        # growing with the parts (317 MB and 9.5 s at 1500 parts, against 136 MB, 1.8 s)
        scan = pl.scan_parquet(paths, schema=schema, missing_columns="insert",
                               cast_options=cast(integer_cast="allow-float"))
    else:  # a polars without scan cast options: one scan per part, the same rows
        scan = pl.concat([pl.scan_parquet(path).select(
            [pl.lit(None, dtype).alias(name) if name not in part
             else pl.col(name) if part[name] == dtype else pl.col(name).cast(dtype)
             for name, dtype in schema.items()])
            for path, part in zip(paths, schemas, strict=True)], how="vertical")
    with fsio.atomic_path(out) as tmp:
        scan.sink_parquet(tmp, row_group_size=ROW_GROUP)
    return out


def merged_schema(schemas: Sequence[dict]) -> dict:
    """One type per column over the parts, columns in order of first appearance: a column
    null in some parts takes the others' type, integers meeting floats become floats, a
    column null everywhere is a string column (as pyarrow's permissive unify did)."""
    kinds: dict[str, set] = {}
    for schema in schemas:
        for name, dtype in schema.items():
            seen = kinds.setdefault(name, set())
            if dtype != pl.Null:
                seen.add(dtype)
    out = {}
    for name, seen in kinds.items():
        if not seen:
            out[name] = pl.String
        elif len(seen) == 1:
            out[name] = next(iter(seen))
        elif seen == {pl.Int64, pl.Float64}:
            out[name] = pl.Float64
        else:
            raise MalformedResult(f"column {name!r} has several types across the parts "
                                  f"({', '.join(sorted(map(str, seen)))})")
    return out


def count_errors(folder: Path) -> int:
    path = folder / "errors.jsonl"
    if not path.exists():
        return 0
    with path.open(encoding="utf-8") as fh:
        return sum(1 for line in fh if line.strip())


def replay(cfg: RunConfig, index: int | None = None, seed: int | None = None):
    """Replay one game with narration; returns the GameRecord (log in ``record.log``)."""
    game = get_game(cfg.game)
    rules = _compiled_rules(cfg)
    specs = cfg.seat_strategies(index or 0)
    if seed is None:
        seed = game_seed(cfg.seed, index or 0)
    return play_game(game, cfg.n_players, rules, [resolve(cfg.game, s) for s in specs],
                     seed, narrate=True)


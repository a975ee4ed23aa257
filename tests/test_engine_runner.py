"""The engine contract and the runner, on the toy dice race (tests/toygame.py)."""
from __future__ import annotations

import json
import random

import numpy as np
import polars as pl
import pytest
from toygame import GAME as TOY

from simcli import runner
from simcli.engine import (
    Decision,
    DecisionCapError,
    IllegalActionError,
    derive_rngs,
    game_seed,
    play_game,
    ranked_result,
)
from simcli.execute import execute, plan_run
from simcli.runner import chunk_bounds, merge_parts, play_chunk, run_chunks
from strategies import RandomBot, resolve

TOYNAME = "toygame:GAME"


def rules(**over):
    return TOY.make_rules({**TOY.default_data(), **over}, 3)


def test_game_seed_depends_only_on_root_and_index():
    assert game_seed(7, 3) == game_seed(7, 3)
    assert game_seed(7, 3) != game_seed(7, 4)
    assert game_seed(7, 3) != game_seed(8, 3)
    seq = np.random.SeedSequence(7, spawn_key=(3,))
    assert game_seed(7, 3) == int(seq.generate_state(1, dtype=np.uint64)[0] >> np.uint64(1))


def test_seeding_is_numpys_seed_sequence_for_any_integer():
    """game_seed and derive_rngs compute numpy's SeedSequence in integer arithmetic (the
    compiled build in C integers): the same numbers for small, 32-bit-edge and huge roots
    and indices, so every run, baseline and golden trace keeps its games."""
    rng = random.Random(20)
    edges = [0, 1, 2**32 - 1, 2**32, 2**63 - 1, 2**64 - 1, 2**64, 2**130 + 5]
    values = edges + [rng.getrandbits(rng.choice([8, 32, 33, 63, 64, 100, 200]))
                      for _ in range(300)]
    for v in values:
        i = rng.getrandbits(rng.choice([1, 16, 40, 64, 70]))
        for root, index in ((v, i), (v, 0), (3, v)):
            seq = np.random.SeedSequence(root, spawn_key=(index,))
            want = int(seq.generate_state(1, dtype=np.uint64)[0] >> np.uint64(1))
            assert game_seed(root, index) == want, (root, index)
        k = rng.randint(1, 6)
        words = np.random.SeedSequence(v).generate_state(2 * (k + 1), dtype=np.uint32)
        ints = [int(words[2 * j]) << 32 | int(words[2 * j + 1]) for j in range(k + 1)]
        game_rng, seat_rngs = derive_rngs(v, k)
        assert game_rng.getstate() == random.Random(ints[0]).getstate()
        assert [r.getstate() for r in seat_rngs] == \
            [random.Random(x).getstate() for x in ints[1:]]
    with pytest.raises(ValueError):
        game_seed(-1, 0)


def test_game_stream_is_independent_of_seat_streams():
    """Changing strategies never changes the chance of the game (common random numbers)."""
    g1, seats1 = derive_rngs(99, 2)
    g2, seats2 = derive_rngs(99, 4)
    assert g1.random() == g2.random()
    assert seats1[0].random() == seats2[0].random()
    assert seats1[0].random() != seats1[1].random()


def test_same_seed_same_game_and_history_replays_it():
    factories = [resolve(TOYNAME, "random")] * 3
    a = play_game(TOY, 3, rules(), factories, 1234)
    b = play_game(TOY, 3, rules(), factories, 1234)
    assert a.history == b.history and a.result == b.result
    replayed = play_game(TOY, 3, rules(), [None] * 3, 1234, history=a.history)
    assert replayed.result == a.result


def test_global_rngs_do_not_matter():
    factories = [resolve(TOYNAME, "random")] * 3
    random.seed(1)
    np.random.seed(1)
    a = play_game(TOY, 3, rules(), factories, 55)
    random.seed(2)
    np.random.seed(2)
    b = play_game(TOY, 3, rules(), factories, 55)
    assert a.result == b.result


def test_strategy_returning_an_illegal_option_raises():
    class Cheater(RandomBot):
        def choose(self, view, decision):
            return 3

    with pytest.raises(IllegalActionError):
        play_game(TOY, 3, rules(), [Cheater] * 3, 1)


def test_apply_rejects_an_option_not_offered():
    st = TOY.setup(3, rules(), random.Random(1))
    with pytest.raises(IllegalActionError):
        TOY.apply(st, 5)


def test_a_decision_without_options_is_an_error(monkeypatch):
    monkeypatch.setattr(TOY, "decision", lambda st: Decision(0, "nothing", ()))
    with pytest.raises(IllegalActionError, match="no options"):
        play_game(TOY, 3, rules(), [RandomBot] * 3, 1)


def test_decision_cap_stops_a_game_that_never_ends():
    with pytest.raises(DecisionCapError):
        play_game(TOY, 3, rules(endless=True), [RandomBot] * 3, 1)


def test_ranked_result_ties_share_the_win_and_place():
    res = ranked_result([5, 7, 7, 1], turns=3, end_reason="x")
    assert res.places == (3, 1, 1, 4)
    assert res.win_shares == (0.0, 0.5, 0.5, 0.0)
    res = ranked_result([5, 7, 7], turns=1, end_reason="x", tiebreak=[[0], [1], [2]])
    assert res.places == (3, 2, 1) and res.win_shares == (0.0, 0.0, 1.0)
    res = ranked_result([5, 7, 1], turns=1, end_reason="x", winners=[2])
    assert res.win_shares == (0.0, 0.0, 1.0) and res.places[2] == 1


def test_narration_collects_a_log_only_when_asked():
    quiet = play_game(TOY, 3, rules(), [RandomBot] * 3, 5)
    loud = play_game(TOY, 3, rules(), [RandomBot] * 3, 5, narrate=True)
    assert quiet.log is None and loud.log and loud.result == quiet.result
    assert any("roll" in line for line in loud.log)


def test_chunks_are_aligned_whatever_the_start():
    assert chunk_bounds(0, 450, 200) == [(0, 200), (200, 400), (400, 450)]
    assert chunk_bounds(250, 450, 200) == [(250, 400), (400, 450)]


def test_seats_rotate_so_every_strategy_sits_in_every_seat_equally():
    plan = plan_run(TOYNAME, players=3, games=6, seed=1, strategies=["random", "random:"])
    cfg = plan.configs[0]
    seen = {(s, spec) for i in range(6) for s, spec in enumerate(cfg.seat_strategies(i))}
    assert seen == {(s, spec) for s in range(3) for spec in ("random", "random:")}
    counts = {}
    for i in range(6):
        for s, spec in enumerate(cfg.seat_strategies(i)):
            counts[(s, spec)] = counts.get((s, spec), 0) + 1
    assert set(counts.values()) == {3}


def test_results_are_byte_identical_for_jobs_1_and_2(tmp_path):
    """DESIGN: results.parquet is byte-identical whatever --jobs."""
    plan = plan_run(TOYNAME, players=3, games=700, seed=11, out=tmp_path / "a")
    execute(plan, jobs=1, quiet=True)
    plan2 = plan_run(TOYNAME, players=3, games=700, seed=11, out=tmp_path / "b")
    execute(plan2, jobs=2, quiet=True)
    a = (tmp_path / "a" / "results.parquet").read_bytes()
    b = (tmp_path / "b" / "results.parquet").read_bytes()
    assert a == b
    df = pl.read_parquet(tmp_path / "a" / "results.parquet")
    assert df.height == 700 * 3
    assert df["game_index"].to_list()[:6] == [0, 0, 0, 1, 1, 1]
    assert df.filter(pl.col("game_index") == 5)["seed"][0] == game_seed(11, 5)
    assert {"card", "longest", "turns", "end_reason", "strategy"} <= set(df.columns)
    shares = df.group_by("game_index").agg(pl.col("win_share").sum())["win_share"]
    assert (shares - 1).abs().max() < 1e-9


def test_game_i_is_the_same_game_in_a_longer_run(tmp_path):
    short, _ = play_chunk(plan_run(TOYNAME, players=3, games=10, seed=3).configs[0], 5, 10)
    long, _ = play_chunk(plan_run(TOYNAME, players=3, games=500, seed=3).configs[0], 5, 10)
    assert short == long


def test_a_game_that_raises_is_logged_and_the_run_goes_on(tmp_path):
    plan = plan_run(TOYNAME, players=3, games=400, seed=2, out=tmp_path,
                    overrides={"boom_seed_mod": 1})
    outcome = execute(plan, jobs=1, quiet=True)
    errors = [json.loads(line) for line in (tmp_path / "errors.jsonl").read_text().splitlines()]
    assert outcome.errors == len(errors) > 0
    df = pl.read_parquet(tmp_path / "results.parquet")
    assert df["game_index"].n_unique() == 400 - len(errors)
    first = errors[0]
    assert "boom" in first["error"] and "Traceback" in first["traceback"]
    assert first["replay"].startswith("simcli replay toygame:GAME --seed ")
    assert str(first["seed"]) in first["replay"] and "--set boom_seed_mod=1" in first["replay"]
    assert outcome.summary["errors"] == len(errors)


def test_a_game_past_its_decision_cap_is_an_error_not_a_hang(tmp_path):
    plan = plan_run(TOYNAME, players=3, games=3, seed=2, out=tmp_path,
                    overrides={"endless": True})
    outcome = execute(plan, jobs=1, quiet=True)
    assert outcome.errors == 3
    assert "DecisionCapError" in (tmp_path / "errors.jsonl").read_text()


def test_interrupted_parts_are_kept_and_resume_skips_them(tmp_path):
    cfg = plan_run(TOYNAME, players=3, games=600, seed=4).configs[0]
    run_chunks([cfg], tmp_path, jobs=1)
    merge_parts(tmp_path, [cfg])
    whole = (tmp_path / "results.parquet").read_bytes()
    parts = sorted((tmp_path / ".parts").iterdir())
    assert len(parts) == 600 // runner.SMALL_CHUNK
    parts[1].unlink()  # as if the run had stopped before this chunk
    done, errors, interrupted = run_chunks([cfg], tmp_path, jobs=1)
    assert (done, errors, interrupted) == (runner.SMALL_CHUNK, 0, False)
    merge_parts(tmp_path, [cfg])
    assert (tmp_path / "results.parquet").read_bytes() == whole


def test_dask_backend_matches_loky(tmp_path):
    """--backend dask through joblib on a LocalCluster gives the same results file."""
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    try:
        plan = plan_run(TOYNAME, players=3, games=450, seed=8, out=tmp_path / "dask")
        execute(plan, jobs=2, backend="dask", scheduler=cluster.scheduler_address, quiet=True)
    finally:
        cluster.close()
    plan = plan_run(TOYNAME, players=3, games=450, seed=8, out=tmp_path / "loky")
    execute(plan, jobs=2, quiet=True)
    assert (tmp_path / "dask" / "results.parquet").read_bytes() == \
        (tmp_path / "loky" / "results.parquet").read_bytes()


@pytest.mark.parametrize("game,players,games,spec", [
    (TOYNAME, 3, 40, "search"),
    ("vghs", 4, 8, "search:rollouts=4,recheck=2"),
])
def test_search_in_every_seat_on_dask_is_byte_identical_to_loky(tmp_path, game, players,
                                                                 games, spec):
    """`search` in every seat (its own rollouts, samplers and RNG streams) on a dask
    LocalCluster of 2 workers, on loky with 2 workers and in one process: the same
    results.parquet, byte for byte. A searching run plays in chunks of SEARCH_CHUNK games,
    so both workers get chunks."""
    from simcli import runner

    distributed = pytest.importorskip("distributed")
    assert runner.chunk_size(plan_run(game, players=players, games=games, strategies=[spec],
                                      seed=5).configs[0]) == runner.SEARCH_CHUNK
    assert games // runner.SEARCH_CHUNK >= 2
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    try:
        plan = plan_run(game, players=players, games=games, seed=5, strategies=[spec],
                        out=tmp_path / "dask")
        execute(plan, jobs=2, backend="dask", scheduler=cluster.scheduler_address,
                quiet=True, plots=False)
    finally:
        cluster.close()
    for name, jobs in (("loky", 2), ("one", 1)):
        plan = plan_run(game, players=players, games=games, seed=5, strategies=[spec],
                        out=tmp_path / name)
        execute(plan, jobs=jobs, quiet=True, plots=False)
    dask = (tmp_path / "dask" / "results.parquet").read_bytes()
    assert dask == (tmp_path / "loky" / "results.parquet").read_bytes()
    assert dask == (tmp_path / "one" / "results.parquet").read_bytes()
    df = pl.read_parquet(tmp_path / "dask" / "results.parquet")
    assert df.height == games * players and not (tmp_path / "dask" / "errors.jsonl").exists()
    assert set(df["strategy"].unique().to_list()) == {spec}


def test_chunk_size_is_a_function_of_the_config_and_names_its_parts(tmp_path):
    """Heuristic runs play SMALL_CHUNK-game chunks up to game SMALL_UNTIL, then CHUNK-game
    ones; a searching run SEARCH_CHUNK-game ones. Each layout names its parts (an older
    simcli's CHUNK-only parts had no size in the name), so a merge never mixes two."""
    from simcli import runner

    plain = plan_run(TOYNAME, players=3, games=10, seed=2).configs[0]
    search = plan_run(TOYNAME, players=3, games=10, seed=2, strategies=["search"]).configs[0]
    assert runner.chunk_size(plain) == runner.CHUNK
    assert runner.chunk_size(search) == runner.SEARCH_CHUNK
    layout = runner.chunk_layout(plain)
    assert layout == (runner.CHUNK, runner.SMALL_CHUNK, runner.SMALL_UNTIL)
    assert runner.SMALL_UNTIL % runner.CHUNK == 0 and runner.CHUNK % runner.SMALL_CHUNK == 0
    assert len(runner.chunk_bounds(0, 600, *layout)) == 12  # two workers share 600 games
    bounds = runner.chunk_bounds(0, 1450, *layout)
    assert bounds[19:] == [(950, 1000), (1000, 1200), (1200, 1400), (1400, 1450)]
    assert runner.chunk_bounds(975, 1250, *layout) == [(975, 1000), (1000, 1200),
                                                       (1200, 1250)]
    for lo, hi in ((0, 1450), (975, 1250), (1000, 5000), (3, 7), (0, 0)):
        assert runner.count_chunks(lo, hi, *layout) == len(runner.chunk_bounds(lo, hi,
                                                                                *layout))
    assert runner._part_prefix(plain).endswith(f"-c{runner.SMALL_CHUNK}-")
    assert not runner._is_part_of(f"{runner._part_prefix(plain)[:-4]}0000000000.parquet",
                                  runner._part_prefix(plain))  # an old CHUNK-only part
    assert runner._part_prefix(plain) != runner._part_prefix(search)
    assert not runner._is_part_of(runner._part_path(tmp_path, search, 0).name,
                                  runner._part_prefix(plain))
    run_chunks([search], tmp_path, jobs=1)
    names = sorted(p.name for p in (tmp_path / ".parts").iterdir())
    assert [n[-18:-8] for n in names] == ["0000000000", "0000000004", "0000000008"]
    merge_parts(tmp_path, [plain])
    assert not (tmp_path / "results.parquet").exists()  # the plain run has no parts here
    merge_parts(tmp_path, [search])
    assert pl.read_parquet(tmp_path / "results.parquet").height == 30


def test_a_forced_rerun_of_a_searching_run_replays_instead_of_reusing_its_parts(tmp_path):
    """--force clears the old run's part files, including a searching run's c<size> parts:
    a rerun with another seed must equal a fresh run of that seed."""
    from typer.testing import CliRunner

    from simcli import outdir, runner
    from simcli.cli import app

    spec = "search:rollouts=4,recheck=2,kinds=all"
    cfg = plan_run(TOYNAME, players=3, games=8, seed=1, strategies=[spec]).configs[0]
    assert outdir.PART_RE.match(runner._part_path(tmp_path, cfg, 4).name)
    cli = CliRunner()

    def run(out, seed, *extra):
        res = cli.invoke(app, ["run", TOYNAME, "--games", "8", "--strategy", spec, "--jobs",
                               "1", "-q", "--no-plots", "--seed", str(seed), "--out",
                               str(tmp_path / out), *extra])
        assert res.exit_code == 0, res.output

    run("a", 1)
    run("a", 2, "--force")
    run("b", 2)
    assert (tmp_path / "a" / "results.parquet").read_bytes() == \
        (tmp_path / "b" / "results.parquet").read_bytes()

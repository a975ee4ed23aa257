"""`simcli compare`: per-game units, pairing, Holm, header, verdict, error rate, power."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import polars as pl
from scipy import stats as sps
from statsmodels.stats.contingency_tables import mcnemar
from statsmodels.stats.multitest import multipletests
from typer.testing import CliRunner

from simcli import compare_stats as cs
from simcli.cli import app
from simcli.compare_header import diff_values, game_tables
from simcli.games import get_game
from simcli.worker import RunConfig, play_chunk

runner = CliRunner()
TOY = "toygame:GAME"


def synthetic(n_games: int, n_players: int, rng: np.random.Generator, *, seed0: int = 0,
              rounds_shift: float = 0.0, common: np.ndarray | None = None) -> pl.DataFrame:
    """A results frame: ``rounds`` is one value per game (repeated on each seat row),
    ``vp`` a seat metric, one winner per game."""
    rows = []
    base = common if common is not None else rng.normal(10, 2, n_games)
    for g in range(n_games):
        rounds = int(round(base[g] + rounds_shift + rng.normal(0, 0.5)))
        winner = int(rng.integers(n_players))
        for s in range(n_players):
            rows.append({"game_index": g, "seed": seed0 + g, "game": "syn", "variant": "default",
                         "n_players": n_players, "seat": s + 1, "strategy": "bot",
                         "score": float(rng.normal(20, 4)), "place": 1 if s == winner else 2,
                         "win_share": 1.0 if s == winner else 0.0, "turns": rounds,
                         "decisions": rounds * n_players, "end_reason": "end",
                         "rounds": rounds, "vp": int(rng.integers(0, 10))})
    return pl.DataFrame(rows)


def run_family(a: pl.DataFrame, b: pl.DataFrame) -> list[dict]:
    pairs = {("default", int(a["n_players"][0])): cs.pairing(a, b)}
    rows, _ = cs.family(a, b, pairs)
    cs.holm(rows)
    return rows


def row(rows: list[dict], table: str, label: str) -> dict:
    return next(r for r in rows if r["table"].startswith(table) and r["label"] == label)


def test_a_game_metric_counts_once_per_game_not_once_per_seat_row():
    """Rounds are the same on every seat row of a game: 4 players must not make 4x the
    observations (the issue's `rounds p=1.6e-05` against p=0.036 per game)."""
    rng = np.random.default_rng(3)
    a = synthetic(300, 4, rng, seed0=0)
    b = synthetic(300, 4, rng, seed0=10_000, rounds_shift=0.4)
    rows = run_family(a, b)
    r = row(rows, "game metrics", "mean rounds")
    assert r["n_base"] == r["n_new"] == 300 and not r["paired"]
    per_game = sps.ttest_ind(b.filter(pl.col("seat") == 1)["rounds"].to_numpy(),
                             a.filter(pl.col("seat") == 1)["rounds"].to_numpy(),
                             equal_var=False)
    assert abs(r["p_value"] - per_game.pvalue) < 1e-12
    per_row = sps.ttest_ind(b["rounds"].to_numpy(), a["rounds"].to_numpy(), equal_var=False)
    # counting each seat row would double the t statistic (sqrt(4 rows per game))
    assert abs(per_row.statistic) > 1.9 * abs(per_game.statistic)
    assert per_row.pvalue < r["p_value"]
    # a seat metric is tested per seat: one observation per game for each seat
    v = row(rows, "seat metrics", "vp seat 2")
    assert v["n_base"] == 300
    assert {r["label"] for r in rows if r["table"].startswith("seat metrics")} == {
        f"vp seat {s}" for s in range(1, 5)}


def test_same_seeds_are_paired_by_game_index_with_scipy_and_statsmodels_tests():
    rng = np.random.default_rng(5)
    common = rng.normal(10, 3, 400)
    a = synthetic(400, 3, rng, common=common)
    b = synthetic(400, 3, rng, common=common, rounds_shift=0.2)
    assert cs.pairing(a, b)["paired"]
    rows = run_family(a, b)
    r = row(rows, "game metrics", "mean rounds")
    assert r["paired"] and r["test"] == "paired t" and r["n_base"] == 400
    ga, gb = (f.filter(pl.col("seat") == 1).sort("game_index")["rounds"].to_numpy()
              for f in (a, b))
    ref = sps.ttest_rel(gb, ga)
    assert abs(r["p_value"] - ref.pvalue) < 1e-12
    ci = ref.confidence_interval()
    assert abs(r["ci_low"] - ci.low) < 1e-12 and abs(r["ci_high"] - ci.high) < 1e-12
    # binary seat win share: McNemar's exact test on the discordant games
    s = row(rows, "seat win share", "seat 1")
    wa, wb = (f.filter(pl.col("seat") == 1).sort("game_index")["win_share"].to_numpy()
              for f in (a, b))
    table = [[int(((wa == 0) & (wb == 0)).sum()), int(((wa == 0) & (wb == 1)).sum())],
             [int(((wa == 1) & (wb == 0)).sum()), int(((wa == 1) & (wb == 1)).sum())]]
    assert s["test"] == "McNemar"
    assert abs(s["p_value"] - mcnemar(table, exact=True).pvalue) < 1e-12
    # a different seed at one game index: not paired
    c = b.with_columns(pl.when(pl.col("game_index") == 7).then(pl.col("seed") + 1)
                       .otherwise(pl.col("seed")).alias("seed"))
    assert not cs.pairing(a, c)["paired"]


def test_the_whole_family_is_holm_corrected():
    rng = np.random.default_rng(8)
    rows = run_family(synthetic(200, 4, rng), synthetic(200, 4, rng, seed0=999))
    raw = [r["p_value"] for r in rows]
    reject, adjusted, _, _ = multipletests(raw, method="holm")
    assert len(rows) >= 10
    assert np.allclose([r["p_holm"] for r in rows], adjusted, rtol=0, atol=1e-14)
    assert [r["significant"] for r in rows] == list(reject)
    p = np.random.default_rng(1).uniform(0, 0.2, 40) ** 3
    p[[3, 9]] = p[5]  # ties
    assert np.allclose(cs.holm_adjust(p), multipletests(p, method="holm")[1], atol=1e-15)


def _toy_rows(seed: int, games: int = 200) -> pl.DataFrame:
    g = get_game(TOY)
    cfg = RunConfig(game=TOY, n_players=3, strategies=("random",), n_games=games, seed=seed,
                    data=g.default_data())
    cols, errors = play_chunk(cfg, 0, games)
    assert not errors
    return pl.DataFrame(cols)


def test_same_rules_with_different_seeds_flag_something_in_at_most_about_5_percent():
    """100 comparisons of two 200-game toy runs of the same rules on different seeds,
    through the comparison's own family and Holm correction: the share that flags any
    test is the family-wise false-positive rate (measured: 4/100 on this seed set)."""
    flagged = 0
    reps = 100
    for k in range(reps):
        rows = run_family(_toy_rows(1000 + 2 * k), _toy_rows(1001 + 2 * k))
        assert len(rows) >= 8  # seats x (win share, score, card) + game metrics
        flagged += any(r["significant"] for r in rows)
    assert flagged / reps <= 0.08, f"{flagged}/{reps} null comparisons flagged something"


def test_paired_null_comparisons_flag_at_most_about_5_percent():
    """Paired runs whose 'change' does nothing (new = another draw around the same common
    numbers): the paired tests keep their error rate too."""
    rng = np.random.default_rng(11)
    flagged = 0
    reps = 100
    for _ in range(reps):
        common = rng.normal(10, 3, 150)
        rows = run_family(synthetic(150, 3, rng, common=common),
                          synthetic(150, 3, rng, common=common))
        assert all(r["paired"] for r in rows)
        flagged += any(r["significant"] for r in rows)
    assert flagged / reps <= 0.08, f"{flagged}/{reps}"


def test_summary_game_tables_are_read_in_both_shapes():
    old = {"game_tables": {"Win share by character": [{"character": "Ki", "win_share": 0.3}]}}
    new = {"schema_version": 2, "game_tables": {"character": {
        "title": "Win share by character", "rows": [{"character": "Ki", "win_share": 0.3}]}}}
    # an old summary's table gets the id a new one would give it (report.tables)
    assert game_tables(old) == [("win_share_by_character", "Win share by character",
                                 [{"character": "Ki", "win_share": 0.3}])]
    assert game_tables(new) == [("character", "Win share by character",
                                 [{"character": "Ki", "win_share": 0.3}])]
    assert game_tables({}) == []


def test_data_values_are_diffed_key_by_key_with_card_names():
    a = {"otm": 5, "meddling": [{"title": "Pop Quiz", "copies": 2}, {"title": "Pep", "copies": 2}]}
    b = {"otm": 5, "meddling": [{"title": "Pop Quiz", "copies": 2}, {"title": "Pep", "copies": 6}]}
    assert diff_values(a, b) == [("meddling[1](Pep).copies", 2, 6)]


def _run(*args: str) -> None:
    result = runner.invoke(app, ["run", *args, "--jobs", "1", "--quiet"])
    assert result.exit_code == 0, result.output


def test_a_planted_card_change_is_named_paired_and_detected(tmp_path):
    """Love Battle, same seed twice, Rin's start room moved from the Gym to the Pool in a
    designer's data file: the header names that key, the tests are paired, and Rin's
    mean Love drops significantly after correction."""
    shipped = Path(get_game("lovebattle").data_file).read_text()
    moved = shipped.replace('ability = "choose_punishment_sign"   # LB-069..073\n'
                            'start = "Gym"', 'ability = "choose_punishment_sign"   # LB-069..073'
                            '\nstart = "Pool"')
    assert moved != shipped
    mine = tmp_path / "mine.toml"
    mine.write_text(moved)
    base, new = tmp_path / "base", tmp_path / "new"
    # the default mix without its look-ahead (turn_look 0): a data change, not the bots,
    # at 900 games
    plain = [x for n in ("devoted", "triangle", "hunter", "saboteur", "bluffer")
             for x in ("--strategy", f"{n}:turn_look=0")]
    _run("lovebattle", "--games", "400", "--seed", "4", "--out", str(base), *plain)
    _run("lovebattle", "--games", "400", "--seed", "4", "--out", str(new), "--data", str(mine),
         *plain)
    result = runner.invoke(app, ["compare", str(base), str(new)])
    assert result.exit_code == 0, result.output
    text = result.output
    assert 'girls.Rin.start: "Gym" -> "Pool"' in text
    assert "pairing: paired by game index (400 games" in text
    assert "Holm" in text
    rin = next(line for line in text.splitlines() if line.startswith("mean love_Rin"))
    assert rin.endswith("*"), rin
    # the One True Match Girl frequency, per game (ties name each Girl), paired too
    otm = next(line for line in text.splitlines() if line.startswith("otm_girl has Rin"))
    assert otm.endswith("*"), otm
    verdict = text.strip().splitlines()[-1]
    assert verdict.startswith("verdict: ") and "mean love_Rin -" in verdict
    assert all(len(line) <= 80 for line in text.splitlines()
               if not line.startswith(("verdict", "base:", "new:", "  data file")))
    js = runner.invoke(app, ["compare", str(base), str(new), "--json"])
    assert js.exit_code == 0, js.output
    doc = json.loads(js.output)
    assert doc["pairing"]["paired"] and doc["correction"] == "holm"
    assert {"key": "girls.Rin.start", "base": "Gym", "new": "Pool"} in \
        doc["differences"]["data values"]
    r = next(r for r in doc["rows"] if r["label"] == "mean love_Rin")
    assert r["significant"] and r["test"] == "paired t" and r["n_base"] == 400
    # the same change made with --set is said as an override
    _run("lovebattle", "--games", "100", "--seed", "4", "--out", str(tmp_path / "set"),
         "--set", 'girls.Rin.start="Pool"', *plain)
    text = runner.invoke(app, ["compare", str(base), str(tmp_path / "set")]).output
    assert '--set girls.Rin.start: (absent) -> "Pool"' in text


def test_compare_refuses_different_games_in_one_line(tmp_path):
    _run(TOY, "--games", "30", "--out", str(tmp_path / "a"))
    _run("lovebattle", "--games", "5", "--out", str(tmp_path / "b"))
    result = runner.invoke(app, ["compare", str(tmp_path / "a"), str(tmp_path / "b")])
    assert result.exit_code == 2 and "refusing to compare different game" in result.output


def test_a_value_fixed_by_the_set_up_is_reported_apart_and_not_tested():
    """A seat's starting signatures are the same in every game of a run: a change is
    said (1 -> 3), not tested as if it were an outcome, and does not enlarge the family."""
    rng = np.random.default_rng(2)
    common = rng.normal(10, 3, 100)
    a = synthetic(100, 3, rng, common=common).with_columns(start=pl.col("seat"))
    b = synthetic(100, 3, rng, common=common).with_columns(start=pl.col("seat") + 2)
    pairs = {("default", 3): cs.pairing(a, b)}
    rows, cols = cs.family(a, b, pairs)
    assert not any(r.get("metric") == "start" for r in rows)
    assert [(r["label"], r["base"], r["new"]) for r in cols.fixed] == [
        (f"start seat {s}", float(s), float(s + 2)) for s in (1, 2, 3)]


def test_without_results_parquet_compare_falls_back_to_the_summaries(tmp_path):
    _run(TOY, "--games", "60", "--seed", "1", "--out", str(tmp_path / "a"))
    _run(TOY, "--games", "60", "--seed", "1", "--out", str(tmp_path / "b"), "--set",
         "target=30")
    (tmp_path / "a" / "results.parquet").unlink()
    result = runner.invoke(app, ["compare", str(tmp_path / "a"), str(tmp_path / "b")])
    assert result.exit_code == 0, result.output
    assert "pairing: none (a results.parquet is missing)" in result.output
    assert "--set target: (absent) -> 30" in result.output
    assert "target: 20 -> 30" in result.output
    assert "Welch t" not in result.output and "seat win share (3p)" in result.output

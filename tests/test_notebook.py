"""simcli.load: results and summary tables as polars frames, one column per parameter."""
from __future__ import annotations

from pathlib import Path

import polars as pl

import simcli
from simcli import report
from simcli.execute import execute
from simcli.notebook import parameter_frame
from simcli.sweep import plan_sweep

TOY = "toygame:GAME"


def test_load_a_grid_sweep_gives_one_column_per_parameter(tmp_path: Path):
    path = tmp_path / "g.toml"
    path.write_text(f'game = "{TOY}"\nplayers = [2]\ngames = 40\nseed = 2\n'
                    "[grid]\ntarget = [10, 20]\nstart_bonus = [{ \"2\" = [0, 0] }]\n")
    plan = plan_sweep(path, out=tmp_path / "out")
    execute(plan, jobs=1, quiet=True)
    res = simcli.load(plan.folder)
    assert res.parameters == ["target", "start_bonus"]
    assert res.results["target"].dtype == pl.Int64
    assert sorted(res.results["target"].unique().to_list()) == [10, 20]
    ranking = res["ranking"]
    assert {"variant", "target", "rank"} <= set(ranking.columns)
    for row in ranking.iter_rows(named=True):
        assert row["variant"].startswith(f"target={row['target']},")
    assert res.summary["schema_version"] == report.SCHEMA_VERSION
    assert res["seats"].to_pandas().shape[0] == res["seats"].height
    assert {"kind", "text", "games_to_settle"} <= set(res.findings.columns)


def test_tables_accessor_reads_both_schemas():
    new = {"sweep_tables": {"ranking": {"title": "Variants ranked", "rows": [{"a": 1}]}}}
    old = {"sweep_tables": {"Variants ranked by fairness (max...)": [{"a": 1}]},
           "game_tables": {"Win share by character": [{"b": 2}]}}
    assert report.table_rows(new, "sweep_tables", "ranking") == [{"a": 1}]
    assert report.table_rows(old, "sweep_tables", "ranking") == [{"a": 1}]
    assert report.tables(old, "game_tables") == {
        "win_share_by_character": {"title": "Win share by character", "rows": [{"b": 2}]}}
    assert report.table_rows(new, "game_tables", "missing") == []


def test_parameter_frame_from_explicit_variants():
    frame, keys = parameter_frame([{"name": "a", "rules": {"x": 1}},
                                   {"name": "b", "rules": {"x": 2, "y": "z"}}])
    assert keys == ["x", "y"]
    assert frame.to_dicts() == [{"variant": "a", "x": 1, "y": None},
                                {"variant": "b", "x": 2, "y": "z"}]

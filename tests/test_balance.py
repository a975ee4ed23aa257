"""``simcli balance`` on the toy dice race: seat 1 moves first, so the fair start gives the
later seats a head start; the search must find such a table on common seeds."""
from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from simcli.cli import app

runner = CliRunner()
TOY = "toygame:GAME"

BALANCE = """players = 3
seed = 5
[balance]
candidates = 9
first_games = 200
rungs = 3
[balance.search]
start_bonus = { table = "3", seats = [[0, 3], [0, 2, 4], [0, 3, 6]] }
"""


def _scenario(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "b.toml"
    path.write_text(f'game = "{TOY}"\n' + body)
    return path


def test_balance_finds_a_fairer_table_than_the_printed_one(tmp_path):
    out = tmp_path / "out"
    res = runner.invoke(app, ["balance", str(_scenario(tmp_path, BALANCE)), "--out", str(out),
                              "--jobs", "1"])
    assert res.exit_code == 0, res.output
    result = json.loads((out / "balance.json").read_text())
    assert result["printed"] == "start_bonus=0/0/0"
    assert result["candidates_raced"] == 9
    rungs = result["rungs"]
    assert [r["games"] for r in rungs] == [200, 400, 800]
    assert [r["candidates"] for r in rungs][0] == 9
    assert rungs[1]["candidates"] <= 6 and rungs[2]["candidates"] <= 4   # halved (+ printed)
    prev = [0] + [r["games"] for r in rungs[:-1]]
    assert result["games_played"] == sum(r["candidates"] * (r["games"] - p)
                                         for r, p in zip(rungs, prev, strict=True))
    assert all("start_bonus=0/0/0" in r["scores"] for r in rungs)   # printed raced to the end
    best = next(r for r in result["ranking"] if r["variant"] == result["best"])
    printed = next(r for r in result["ranking"] if r["variant"] == "start_bonus=0/0/0")
    assert best["max_seat_deviation"] < printed["max_seat_deviation"]
    assert not result["printed_tied_with_best"]       # the printed seat 1 wins ~0.45
    assert result["printed_minus_best"]["ci_low"] > 0
    assert result["best"] in result["tied_with_best"]
    bonus = [int(v) for v in result["best"].split("=")[1].split("/")]
    assert bonus[0] < bonus[2]                         # later seats get the head start
    for r in result["ranking"]:
        assert r["unfairness_lo"] <= r["max_seat_deviation"] <= r["unfairness_hi"]
    # common random numbers: every table played game i with the same game seed
    df = pl.read_parquet(out / "results.parquet").filter(pl.col("seat") == 1)
    seeds = df.group_by("game_index").agg(pl.col("seed").n_unique())
    assert seeds["seed"].max() == 1
    assert (out / "plots" / "balance.png").stat().st_size > 1000
    assert "fairest table found" in (out / "balance.md").read_text()
    assert "fairest table found" in res.output


def test_balance_refuses_a_folder_it_did_not_make(tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("keep me")
    res = runner.invoke(app, ["balance", str(_scenario(tmp_path, BALANCE)), "--out", str(out)])
    assert res.exit_code == 2 and "did not write" in res.output
    assert (out / "notes.txt").read_text() == "keep me"


@pytest.mark.parametrize("body, words", [
    ("players = 3\n", "no [balance]"),
    ("players = 3\n[balance]\nbudget = 3\n[balance.search]\ntarget = { values = [10] }\n",
     "budget"),
    ("players = 3\n[balance.search]\nstart_bonus = { table = \"3\", seats = [[0], [1]] }\n",
     "one non-empty list of values per seat"),
    ("players = 3\n[balance.search]\nnope = { values = [1] }\n", "unknown rules parameter"),
    ("players = 3\n[balance]\nkeep = 2\n[balance.search]\ntarget = { values = [10] }\n", "keep"),
])
def test_balance_scenario_errors_are_one_line(tmp_path, body, words):
    res = runner.invoke(app, ["balance", str(_scenario(tmp_path, body)), "--out",
                              str(tmp_path / "o")])
    assert res.exit_code == 2, res.output
    assert words in res.output and len(res.output.strip().splitlines()) == 1

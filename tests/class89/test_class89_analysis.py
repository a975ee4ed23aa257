"""Class of '89 analysis hook: seat win share next to the starting signatures, and the
solo win share against Ed per difficulty."""
from __future__ import annotations

import tomllib
from pathlib import Path

import polars as pl
import pytest

from simcli.engine import play_game
from simcli.games.class89.analysis import wilson
from simcli.games.class89.rules import GAME
from strategies import RandomBot


def _rows(n, games, variant="v", **overrides):
    data = GAME.default_data()
    data.update(overrides)
    rules = GAME.make_rules(data, n)
    rows = []
    for g in range(games):
        r = play_game(GAME, n, rules, [RandomBot] * (1 if n == 1 else n), g).result
        for i in range(len(r.scores)):
            row = dict(game_index=g, seed=g, game="class89", variant=variant, n_players=n,
                       seat=i + 1, strategy="ed" if n == 1 and i == 1 else "random",
                       score=r.scores[i], place=r.places[i], win_share=r.win_shares[i],
                       turns=r.turns, end_reason=r.end_reason)
            row.update(r.metrics)
            row.update(r.seat_metrics[i])
            rows.append(row)
    return rows


def test_wilson_interval():
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-3) and hi == pytest.approx(0.7634, abs=1e-3)
    assert wilson(0, 20)[0] == 0.0


def test_tables_seats_and_solo(tmp_path):
    df = pl.DataFrame(_rows(3, 12) + _rows(4, 8, start_signatures={"4": [0, 1, 2, 3]})
                      + _rows(1, 10) + _rows(1, 10, variant="w", solo_difficulty="hard"))
    tables = GAME.tables(df)
    seats = tables["Seat win share by starting signatures"]
    assert seats.filter(pl.col("n_players") == 4)["start_signatures"].to_list() == [0, 1, 2, 3]
    assert seats.filter(pl.col("n_players") == 3)["start_signatures"].to_list() == [1, 2, 3]
    assert {"win_share", "ci_low", "ci_high", "games"} <= set(seats.columns)
    solo = tables["Solo win share against Ed by difficulty"]
    assert sorted(solo["solo_difficulty"].to_list()) == ["hard", "normal"]
    assert set(solo["strategy"].to_list()) == {"random"}
    paths = GAME.plots(df, tmp_path)
    assert [p.name for p in paths] == ["class89_seats_3p.png", "class89_seats_4p.png",
                                       "class89_solo.png"]


def test_signature_scenario_parses_and_compiles():
    path = Path(__file__).resolve().parents[2] / "scenarios" / "class89-signatures.toml"
    sc = tomllib.loads(path.read_text())
    assert sc["game"] == "class89" and sc["players"] == [3, 4]
    names = [v["name"] for v in sc["variant"]]
    assert names[0] == "printed" and len(names) >= 4
    for v in sc["variant"]:
        for n in sc["players"]:
            data = GAME.default_data()
            data.update(v["rules"])
            rules = GAME.make_rules(data, n)
            assert len(rules.start_sigs) == n

"""The fairness table's first-player test agrees with the seat findings beside it.

The table gives seat 1's own binomial p and the same p Holm-adjusted over the variant's
seats, which is what the seat finding decides on; summary.md's reading of the table
calls seat 1 significant only by the adjusted p, so the table and the findings never
disagree about whether seat 1 is sure to be off."""
from __future__ import annotations

import polars as pl
import pytest
import scipy.stats as sps
from statsmodels.stats.multitest import multipletests

from simcli import tables
from simcli.findings import seat_findings
from simcli.report import markdown, records


def results(seat_wins: list[int], games: int) -> pl.DataFrame:
    """One row per seat per game; seat ``s`` wins the first ``seat_wins[s-1]`` games
    that no earlier seat has taken."""
    n = len(seat_wins)
    winner = []
    for seat, wins in enumerate(seat_wins, start=1):
        winner += [seat] * wins
    assert len(winner) == games
    rows = {"variant": [], "n_players": [], "game_index": [], "seat": [], "win_share": [],
            "score": [], "place": []}
    for g, w in enumerate(winner):
        for seat in range(1, n + 1):
            rows["variant"].append("default")
            rows["n_players"].append(n)
            rows["game_index"].append(g)
            rows["seat"].append(seat)
            rows["win_share"].append(1.0 if seat == w else 0.0)
            rows["score"].append(10.0 if seat == w else 5.0)
            rows["place"].append(1 if seat == w else 2)
    return pl.DataFrame(rows)


def summary_of(df: pl.DataFrame) -> dict:
    return {"title": "Toy", "games": 1000, "seed": 1, "players": [4], "strategies": ["a"],
            "rules_version": "1", "simcli_version": "0", "rules_overrides": {},
            "data_file": None, "data_hash": "x", "reproduce": "simcli run toy",
            "variants": [{"name": "default", "rules": {}}], "game": "toy",
            "games_per_variant": 1000, "seats": records(tables.seat_table(df)),
            "strategy_table": [], "fairness": records(tables.fairness_table(df)),
            "end_reasons": [], "length": [], "score_quantiles": [], "sweep_tables": {},
            "game_tables": {}, "findings": []}


def test_seat_one_alone_significant_but_not_over_the_seats():
    # seat 1 wins 280 of 1000 4-player games: p about 0.03 alone, about 0.12 over seats
    df = results([280, 240, 240, 240], 1000)
    row = tables.fairness_table(df).row(0, named=True)
    alone = [sps.binomtest(w, 1000, 0.25).pvalue for w in (280, 240, 240, 240)]
    assert row["fpa_p_value"] == pytest.approx(alone[0])
    assert row["fpa_p_value"] < 0.05
    holm = multipletests(alone, method="holm")[1]
    assert row["fpa_adjusted_p_value"] == pytest.approx(holm[0])
    assert row["fpa_adjusted_p_value"] > 0.05
    summary = summary_of(df)
    finding = seat_findings(summary, "default", 4)[0]
    assert finding["subject"] == "seat 1" and not finding["sure"]
    assert finding["p_adjusted"] == pytest.approx(row["fpa_adjusted_p_value"])
    reading = [line for line in markdown(summary).splitlines()
               if line.startswith("- default, 4p: first-player advantage")]
    assert len(reading) == 1
    assert "not significant at 5%" in reading[0]
    assert (f"p {alone[0]:.3f} for seat 1 alone, {holm[0]:.3f} adjusted over the 4 seats"
            in reading[0])
    assert "games would detect" in reading[0]


def test_a_clear_first_seat_is_significant_both_ways():
    df = results([340, 220, 220, 220], 1000)
    row = tables.fairness_table(df).row(0, named=True)
    assert row["fpa_adjusted_p_value"] < 0.001
    summary = summary_of(df)
    assert seat_findings(summary, "default", 4)[0]["sure"]
    reading = next(line for line in markdown(summary).splitlines()
                   if line.startswith("- default, 4p: first-player advantage"))
    assert ", significant at 5% (p <0.001 for seat 1 alone" in reading
    assert "games would detect" not in reading

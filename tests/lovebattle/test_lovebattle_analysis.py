"""The One True Match analysis tables and plots, from result rows alone."""
from __future__ import annotations

import polars as pl
from lb_helpers import rules_for

from simcli.engine import play_game
from simcli.games.lovebattle.rules import GAME
from strategies import resolve
from strategies.lovebattle import DEFAULT_MIX


def results_frame(n_games=40):
    rows = []
    for n in (2, 4):
        rules = rules_for(n)
        for i in range(n_games):
            names = [DEFAULT_MIX[(i + s) % len(DEFAULT_MIX)] for s in range(n)]
            # plain bots (turn_look 0): the tables, not the bots' look-ahead
            res = play_game(GAME, n, rules, [resolve("lovebattle", f"{x}:turn_look=0")
                                             for x in names], i).result
            for s in range(n):
                rows.append({"game_index": i, "seed": i, "game": "lovebattle",
                             "variant": "default", "n_players": n, "seat": s + 1,
                             "strategy": names[s], "score": float(res.scores[s]),
                             "place": res.places[s], "win_share": res.win_shares[s],
                             "turns": res.turns, "end_reason": res.end_reason,
                             **res.metrics, **res.seat_metrics[s]})
    return pl.DataFrame(rows)


def test_tables_and_plots(tmp_path):
    df = results_frame()
    t = GAME.tables(df)
    assert set(t) == {"Vote type chosen and how often it pays", "One True Match Girl frequency",
                      "Vote share per Girl", "Win share by correct vs wrong vote",
                      "Ki sources: votes, Plot Points, tokens"}
    votes = t["Vote type chosen and how often it pays"]
    two = votes.filter(pl.col("n_players") == 2)
    assert two["vote_type"].to_list() == ["triangle"]            # LB-028 in the results
    assert abs(two["chosen_share"][0] - 1.0) < 1e-9
    four = votes.filter(pl.col("n_players") == 4)
    assert abs(four["chosen_share"].sum() - 1.0) < 1e-9
    assert (four["pays_ci_low"] <= four["pays"]).all()
    assert (four["pays"] <= four["pays_ci_high"]).all()
    otm = t["One True Match Girl frequency"].filter(pl.col("n_players") == 4)
    assert otm.height == 5 and abs(otm["title_share"].sum() - 1.0) < 1e-9
    rin = otm.filter(pl.col("girl") == "Rin").row(0, named=True)
    assert rin["start_room"] == "Gym" and rin["ability"] == "choose_punishment_sign"
    ki = t["Ki sources: votes, Plot Points, tokens"]
    assert ((ki["vote_ki"] + ki["plot_point_ki"] + ki["token_ki"] - ki["total_ki"]).abs()
            < 1e-9).all()
    win = t["Win share by correct vs wrong vote"]
    assert set(win["vote"].to_list()) <= {"correct", "wrong"}
    paths = GAME.plots(df, tmp_path)
    assert len(paths) == 3 and all(p.exists() and p.stat().st_size > 1000 for p in paths)

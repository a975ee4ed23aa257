"""The VGC analysis hooks and the initiative scenario."""
from __future__ import annotations

import tomllib
from pathlib import Path

import polars as pl
from vgc_helpers import GAME, rules_for

from simcli.engine import play_game
from strategies import default_mix, resolve

ROOT = Path(__file__).resolve().parents[2]


def results_frame(n_games: int = 8, n: int = 4) -> pl.DataFrame:
    rules = rules_for(n)
    mix = [resolve("vgc", name) for name in default_mix("vgc")][:n]
    rows = []
    for i in range(n_games):
        rec = play_game(GAME, n, rules, mix, seed=i)
        r = rec.result
        for seat in range(n):
            rows.append({"game_index": i, "seed": i, "game": "vgc", "variant": "default",
                         "n_players": n, "seat": seat + 1, "strategy": "x",
                         "score": r.scores[seat], "place": r.places[seat],
                         "win_share": r.win_shares[seat], "turns": r.turns,
                         "end_reason": r.end_reason, **r.seat_metrics[seat]})
    return pl.DataFrame(rows)


def test_seat_table_shows_start_items_and_wilson_interval(tmp_path):
    """VGC-046: seat win share with a 95% interval beside each seat's starting items."""
    df = results_frame()
    tables = GAME.tables(df)
    seat = tables["Seat win share by starting items (initiative bonus)"]
    assert seat["start_bonus"].to_list() == ["2 IOU", "1 IOU", "none", "1 tile"]
    assert seat["games"].to_list() == [8] * 4
    for lo, share, hi in zip(seat["ci_low"], seat["win_share"], seat["ci_high"], strict=True):
        assert 0 <= lo <= share <= hi <= 1
    assert abs(sum(seat["win_share"]) - 1) < 1e-9
    assert "Score sources by seat" in tables
    paths = GAME.plots(df, tmp_path)
    assert paths and all(p.exists() for p in paths)


def test_initiative_scenario_variants_compile():
    """The sweep scenario lists the printed table and alternatives; each compiles."""
    raw = tomllib.loads((ROOT / "scenarios" / "vgc-initiative.toml").read_text())
    assert raw["game"] == "vgc" and raw["players"] == [4]
    names = [v["name"] for v in raw["variant"]]
    assert names[0] == "printed" and len(names) >= 3
    printed = raw["variant"][0]["rules"]["start_bonus"]["4"]
    assert printed == GAME.default_data()["start_bonus"]["4"]
    for v in raw["variant"]:
        data = GAME.default_data()
        data.update(v["rules"])
        assert GAME.make_rules(data, 4).n_players == 4

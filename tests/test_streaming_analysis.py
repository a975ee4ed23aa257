"""Flat memory: every game's own analysis streams over the results (a LazyFrame), giving
the same tables as on the whole frame, and the report never loads the whole results."""
from __future__ import annotations

import polars as pl
import pytest
from look_helpers import plain_mix

from simcli import report
from simcli.execute import execute, plan_run
from simcli.games import GAMES, get_game


@pytest.fixture(scope="module", params=list(GAMES))
def results(request, tmp_path_factory):
    name = request.param
    g = get_game(name)
    folder = tmp_path_factory.mktemp(name)
    # the tables' columns, not the bots' strength, are under test: the plain default mix
    plan = plan_run(name, players=g.default_players, games=30, seed=3, out=folder,
                    strategies=plain_mix(name))
    execute(plan, jobs=1, quiet=True)
    return name, folder / "results.parquet"


def test_game_analysis_streams_and_matches_the_whole_frame(results):
    name, path = results
    g = get_game(name)
    assert g.analysis_streams is True
    lazy = g.tables(pl.scan_parquet(path))
    whole = g.tables(pl.read_parquet(path))
    assert list(lazy) == list(whole) and lazy
    for title in whole:
        assert lazy[title].equals(whole[title]), title


def test_report_passes_a_scan_not_the_frame(results, monkeypatch):
    name, path = results
    seen = []
    original = type(get_game(name)).tables

    def spy(self, df):
        seen.append(type(df))
        return original(self, df)

    monkeypatch.setattr(type(get_game(name)), "tables", spy)
    monkeypatch.setattr(pl.LazyFrame, "collect", _no_whole_collect(pl.LazyFrame.collect))
    report.build(path.parent)
    assert seen == [pl.LazyFrame]


def _no_whole_collect(collect):
    """collect() only with the streaming engine (what the tables use)."""

    def guarded(self, *args, **kwargs):
        assert kwargs.get("engine") == "streaming" or "streaming" in args, \
            "a non-streaming collect() in the report"
        return collect(self, *args, **kwargs)

    return guarded

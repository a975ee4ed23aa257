"""A designer's own game and bots: new-game, module:NAME from the current folder,
entry points, and one-line errors for references that are not games or strategies."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

import strategies
from simcli import games
from simcli.cli import app

runner = CliRunner()

BOT = '''
from strategies import Bot


class FirstBot(Bot):
    name = "first"
    description = "Always takes the first option."
    params = {"k": 0}

    def choose(self, view, decision):
        return decision.options[0]


class NoChoose:
    pass
'''


def _one_line_error(result, *words):
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    for w in words:
        assert w in lines[0], lines[0]


def test_new_game_then_run_works_from_that_folder_without_pythonpath(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PYTHONPATH", raising=False)
    result = runner.invoke(app, ["new-game", "duel"])
    assert result.exit_code == 0, result.output
    for name in ("__init__.py", "rules.py", "bots.py", "data.toml", "NOTES.md",
                 "tests/test_duel.py"):
        assert (tmp_path / "duel" / name).is_file(), name
    # the CLI in a fresh process, as a user types it (loky workers must find it too)
    proc = subprocess.run([sys.executable, "-m", "simcli.cli", "run", "duel", "--games", "60",
                           "--jobs", "2", "--quiet", "--out", "out"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300,
                          env={k: v for k, v in __import__("os").environ.items()
                               if k != "PYTHONPATH"})
    assert proc.returncode == 0, proc.stderr
    df = pl.read_parquet(tmp_path / "out" / "results.parquet")
    assert set(df["strategy"]) == {"greedy", "random"} and df["game_index"].n_unique() == 60
    assert {"tied_rounds", "start_value"} <= set(df.columns)
    # its own tests (the contract suite + rules tests) pass
    tests = subprocess.run([sys.executable, "-m", "pytest", "duel", "-q", "-p",
                            "no:cacheprovider"], cwd=tmp_path, capture_output=True, text=True,
                           timeout=300)
    assert tests.returncode == 0, tests.stdout[-3000:]
    assert "10 passed" in tests.stdout


def test_new_game_refuses_to_write_over_anything(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "keep.txt").write_text("mine")
    _one_line_error(runner.invoke(app, ["new-game", "taken"]), "already exists")
    assert sorted(p.name for p in (tmp_path / "taken").iterdir()) == ["keep.txt"]
    (tmp_path / "solo.py").write_text("x = 1\n")
    _one_line_error(runner.invoke(app, ["new-game", "solo"]), "already exists")
    _one_line_error(runner.invoke(app, ["new-game", "json"]), "importable Python module")
    _one_line_error(runner.invoke(app, ["new-game", "vghs"]), "shipped game")
    _one_line_error(runner.invoke(app, ["new-game", "Bad-Name"]), "lowercase")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["solo.py", "taken"]


def test_a_designers_bot_plays_in_a_shipped_game_from_the_current_folder(tmp_path,
                                                                         monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mybots_i10.py").write_text(BOT)
    out = tmp_path / "out"
    result = runner.invoke(app, ["run", "lovebattle", "--games", "20", "--jobs", "1",
                                 "--quiet", "--strategy", "mybots_i10:FirstBot:k=3",
                                 "--strategy", "hunter", "--out", str(out)])
    assert result.exit_code == 0, result.output
    df = pl.read_parquet(out / "results.parquet")
    assert set(df["strategy"]) == {"mybots_i10:FirstBot:k=3", "hunter"}
    _one_line_error(runner.invoke(app, ["run", "lovebattle", "--games", "2", "--strategy",
                                        "mybots_i10:FirstBot:zz=1"]), "no parameter 'zz'")
    _one_line_error(runner.invoke(app, ["run", "lovebattle", "--games", "2", "--strategy",
                                        "mybots_i10:NoChoose"]), "not a strategy class")


@pytest.mark.parametrize("args,words", [
    (["run", "os:path"], ("os:path", "not a game")),
    (["run", "vghs", "--strategy", "os:path"], ("os:path", "not a strategy class")),
    (["run", "vghs", "--strategy", "nosuchmodule_i10:Bot"], ("no module named",)),
    (["run", "nosuchmodule_i10:GAME"], ("no module named",)),
    (["run", "json:nothing_here"], ("has no 'nothing_here'",)),
    (["run", "broken_i10:GAME"], ("ZeroDivisionError",)),
    (["run", "not_a_game_i10"], ("unknown game", "vghs")),
])
def test_bad_references_are_one_line_and_exit_2(tmp_path, monkeypatch, args, words):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "broken_i10.py").write_text("GAME = 1 / 0\n")
    _one_line_error(runner.invoke(app, [*args, "--games", "2", "--out", str(tmp_path / "o")]),
                    *words)
    assert not (tmp_path / "o").exists()


def test_games_and_strategies_are_found_through_entry_points(tmp_path, monkeypatch):
    """An installed designer package (a dist-info on sys.path) registers a game in
    `simcli.games` and a bot for vghs in `simcli.strategies`."""
    site = tmp_path / "site"
    pkg = site / "epdemo_i10"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text(BOT + "\nfrom toygame import ToyGame\n\n"
                                     "class EpGame(ToyGame):\n    name = 'epgame'\n\n"
                                     "GAME = EpGame()\nSTRATEGIES = {'first': FirstBot}\n"
                                     "DEFAULT_MIX = ('first', 'random')\n")
    info = site / "epdemo_i10-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: epdemo-i10\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(
        "[simcli.games]\nepgame = epdemo_i10:GAME\n\n"
        "[simcli.strategies]\nvghs = epdemo_i10:FirstBot\n")
    monkeypatch.syspath_prepend(str(site))
    games._entry_points.cache_clear()
    strategies._entry_points.cache_clear()
    try:
        assert "epgame" in games.game_names()
        assert games.get_game("epgame").name == "epgame"
        assert strategies.default_mix("epgame") == ("first", "random")
        assert "first" in strategies.list_strategies("vghs")
        out = tmp_path / "out"
        result = runner.invoke(app, ["run", "vghs", "--games", "6", "--jobs", "1", "--quiet",
                                     "--strategy", "first", "--strategy", "arcade",
                                     "--out", str(out)])
        assert result.exit_code == 0, result.output
        result = runner.invoke(app, ["run", "epgame", "--games", "10", "--jobs", "1",
                                     "--quiet", "--out", str(tmp_path / "ep")])
        assert result.exit_code == 0, result.output
        df = pl.read_parquet(tmp_path / "ep" / "results.parquet")
        assert set(df["strategy"]) == {"first", "random"}
    finally:
        games._entry_points.cache_clear()
        strategies._entry_points.cache_clear()


def test_the_contract_suite_is_importable_and_runs_on_a_designer_game(tmp_path, monkeypatch):
    from simcli import contract
    from simcli.newgame import write_new_game

    monkeypatch.chdir(tmp_path)
    write_new_game("duel_c")
    contract.check_random_games_end_with_well_formed_results("duel_c", seeds=range(5))
    contract.check_views_hold_neither_the_state_nor_any_rng("duel_c")
    assert Path("duel_c/data.toml").is_file()

"""The command line: help text, user errors (one line, exit 2), runs and reports."""
from __future__ import annotations

import json

import click
import polars as pl
import pytest
import typer
from typer.testing import CliRunner

from simcli.cli import app

runner = CliRunner()
TOY = "toygame:GAME"
#: the vghs bots without their look-ahead (w_eval 0), for CLI tests that only need games
PLAIN_VGHS = ["--strategy", "arcade:w_eval=0", "--strategy", "challenger:w_eval=0",
              "--strategy", "builder:w_eval=0"]


def test_every_command_and_option_has_help_text():
    group = typer.main.get_command(app)
    assert group.help
    for name, command in group.commands.items():
        assert command.help, f"command {name} has no help"
        for param in command.params:
            if isinstance(param, click.Option):
                assert param.help, f"{name} {param.opts} has no help"
            elif isinstance(param, click.Argument):
                assert getattr(param, "help", None), f"{name} argument {param.name} has no help"


def one_line_error(result, *words):
    assert result.exit_code == 2, result.output
    text = result.output.strip()
    assert "Traceback" not in text
    assert len(text.splitlines()) == 1, text
    for word in words:
        assert word in text, text


def test_unknown_game_names_the_choices():
    one_line_error(runner.invoke(app, ["run", "chess"]), "chess", "vghs", "lovebattle")


def test_unknown_strategy_names_the_choices():
    one_line_error(runner.invoke(app, ["run", TOY, "--strategy", "genius"]), "genius", "random")


def test_player_count_out_of_range():
    one_line_error(runner.invoke(app, ["run", TOY, "--players", "9"]), "2, 3, 4", "9")


def test_unknown_rules_parameter():
    one_line_error(runner.invoke(app, ["run", TOY, "--set", "colour=3"]), "colour", "target")


def test_wrong_type_for_rules_parameter():
    one_line_error(runner.invoke(app, ["run", TOY, "--set", "target=\"high\""]), "target",
                   "integer")


def test_game_rejects_a_bad_value():
    one_line_error(runner.invoke(app, ["run", TOY, "--set", "target=0"]), "target")


def test_malformed_scenario(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("game = \n")
    one_line_error(runner.invoke(app, ["run", "--scenario", str(bad)]), "not valid TOML")
    unknown = tmp_path / "unknown.toml"
    unknown.write_text(f'game = "{TOY}"\nplayer = 3\n')
    one_line_error(runner.invoke(app, ["run", "--scenario", str(unknown)]), "player",
                   "valid keys")
    missing = tmp_path / "missing.toml"
    one_line_error(runner.invoke(app, ["run", "--scenario", str(missing)]), "does not exist")


def test_report_of_a_folder_without_results(tmp_path):
    one_line_error(runner.invoke(app, ["report", str(tmp_path)]), "not a simcli results")


def test_scheduler_needs_dask_backend():
    one_line_error(runner.invoke(app, ["run", TOY, "--scheduler", "tcp://x:1"]), "dask")


def test_run_writes_every_output_and_report_rebuilds_them(tmp_path):
    out = tmp_path / "run"
    result = runner.invoke(app, ["run", TOY, "--games", "300", "--seed", "5", "--jobs", "1",
                                 "--out", str(out), "--strategy", "random"])
    assert result.exit_code == 0, result.output
    assert "seat win share" in result.output
    # the findings lead the output, in words
    assert result.output.index("findings") < result.output.index("seat win share")
    assert "At 3 players, seat 1 wins" in result.output
    for name in ("results.parquet", "summary.json", "summary.md", "run.json",
                 "plots/seat_win_share.png", "plots/score_distribution.png",
                 "plots/game_length.png", "plots/strategy_win_share.png"):
        assert (out / name).is_file(), name
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == 300 and summary["seed"] == 5
    # findings lead summary.json, summary.md and report.html
    assert summary["findings"][0]["kind"] == "seat_advantage"
    md = (out / "summary.md").read_text().splitlines()
    assert md[2] == "## Findings" and md[4] == "- " + summary["findings"][0]["text"]
    page = (out / "report.html").read_text()
    assert page.index('id="findings"') < page.index('id="seats"')
    assert summary["strategies"] == ["random"] and summary["rules_version"] == "1"
    assert summary["data_hash"] and "simcli run" in summary["reproduce"]
    seats = summary["seats"]
    assert [s["seat"] for s in seats] == [1, 2, 3]
    assert sum(s["wins"] for s in seats) == pytest.approx(300)
    for s in seats:
        assert s["ci_low"] <= s["win_share"] <= s["ci_high"]
    assert summary["end_reasons"][0]["end_reason"] == "target"
    (out / "summary.json").unlink()
    (out / "plots" / "game_length.png").unlink()
    rebuilt = runner.invoke(app, ["report", str(out), "--quiet"])
    assert rebuilt.exit_code == 0, rebuilt.output
    assert json.loads((out / "summary.json").read_text())["seats"] == seats
    assert (out / "plots" / "game_length.png").is_file()


def test_set_override_changes_the_game_and_is_stamped(tmp_path):
    out = tmp_path / "run"
    result = runner.invoke(app, ["run", TOY, "--games", "50", "--jobs", "1", "--quiet",
                                 "--out", str(out), "--set", "target=40"])
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text())
    assert summary["rules_overrides"] == {"target": 40}
    df = pl.read_parquet(out / "results.parquet")
    assert df.group_by("game_index").agg(pl.col("score").max())["score"].min() >= 40


def test_errors_give_exit_status_1_and_a_summary_line(tmp_path):
    result = runner.invoke(app, ["run", TOY, "--games", "200", "--jobs", "1", "--quiet",
                                 "--out", str(tmp_path), "--set", "boom_seed_mod=1"])
    assert result.exit_code == 1, result.output
    assert "errors.jsonl" in result.output
    assert (tmp_path / "summary.json").is_file()


def test_replay_reproduces_the_game_of_a_run(tmp_path):
    out = tmp_path / "run"
    assert runner.invoke(app, ["run", TOY, "--games", "5", "--jobs", "1", "--quiet", "--seed",
                               "3", "--out", str(out)]).exit_code == 0
    df = pl.read_parquet(out / "results.parquet").filter(pl.col("game_index") == 4)
    seed = int(df["seed"][0])
    result = runner.invoke(app, ["replay", TOY, "--seed", str(seed), "--players", "3",
                                 "--json"])
    assert result.exit_code == 0, result.output
    rec = json.loads(result.output)
    assert rec["scores"] == df.sort("seat")["score"].to_list()
    log = runner.invoke(app, ["replay", TOY, "--seed", str(seed), "--players", "3"])
    assert log.exit_code == 0 and "roll" in log.output and "game over" in log.output


def test_designer_data_file_is_validated_and_hashed(tmp_path):
    good = tmp_path / "mine.toml"
    good.write_text('target = 30\nboom_seed_mod = 0\nendless = false\n'
                    '[start_bonus]\n"2" = [0, 0]\n"3" = [1, 0, 0]\n"4" = [0, 0, 0, 0]\n')
    out = tmp_path / "run"
    result = runner.invoke(app, ["run", TOY, "--games", "20", "--jobs", "1", "--quiet",
                                 "--out", str(out), "--data", str(good)])
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text())
    assert summary["data_file"] == str(good) and len(summary["data_hash"]) == 16
    bad = tmp_path / "bad.toml"
    bad.write_text('target = "x"\nboom_seed_mod = 0\nendless = false\n[start_bonus]\n')
    one_line_error(runner.invoke(app, ["run", TOY, "--data", str(bad)]), "target", "integer")


def test_replay_from_a_results_folder(tmp_path):
    out = tmp_path / "run"
    assert runner.invoke(app, ["run", TOY, "--games", "6", "--jobs", "1", "--quiet", "--seed",
                               "8", "--strategy", "random", "--strategy", "random:",
                               "--out", str(out)]).exit_code == 0
    df = pl.read_parquet(out / "results.parquet").filter(pl.col("game_index") == 3)
    result = runner.invoke(app, ["replay", "--from", str(out), "--index", "3", "--json"])
    assert result.exit_code == 0, result.output
    rec = json.loads(result.output)
    assert rec["seed"] == int(df["seed"][0])
    assert rec["scores"] == df.sort("seat")["score"].to_list()
    log = runner.invoke(app, ["replay", "--from", str(out), "--index", "3"])
    assert "seat 1 random:" in log.output  # game 3 rotates the strategies by 3 seats
    one_line_error(runner.invoke(app, ["replay", "--from", str(out), "--index", "6"]),
                   "--index 6")
    one_line_error(runner.invoke(app, ["replay", TOY]), "--seed")


def test_version_is_eager_and_h_is_help():
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.startswith("simcli "), result.output
    result = runner.invoke(app, ["run", "-h"])
    assert result.exit_code == 0 and "Usage: simcli run" in result.output


def test_help_keeps_brackets_and_conventional_metavars():
    text = runner.invoke(app, ["run", "--help"], terminal_width=200).output
    assert "a scenario's [rules] table" in text
    assert "--set KEY=VALUE" in text and "--players N" in text and "--scenario FILE" in text
    assert "<bool>" not in text and "<list[str]>" not in text and "[distributed]" in text


def test_distinct_runs_get_distinct_default_folders_and_no_silent_overwrite(tmp_path,
                                                                           monkeypatch):
    monkeypatch.chdir(tmp_path)
    base = ["run", TOY, "--games", "40", "--jobs", "1", "--quiet"]
    assert runner.invoke(app, base).exit_code == 0
    assert runner.invoke(app, [*base, "--strategy", "random"]).exit_code == 0
    folders = sorted(p.name for p in (tmp_path / "reports").iterdir())
    assert len(folders) == 2 and all(f.startswith("toygame:GAME-") for f in folders), folders
    # the same run again is the same results: allowed
    assert runner.invoke(app, base).exit_code == 0
    # another run into a folder that holds results: one line, exit 2, nothing replaced
    target = tmp_path / "reports" / folders[0]
    before = (target / "results.parquet").read_bytes()
    other = ["run", TOY, "--games", "30", "--jobs", "1", "--quiet", "--out", str(target)]
    one_line_error(runner.invoke(app, other), "--force", "--out")
    assert (target / "results.parquet").read_bytes() == before
    assert runner.invoke(app, [*other, "--force"]).exit_code == 0
    assert json.loads((target / "summary.json").read_text())["games"] == 30


def test_no_plots_skips_matplotlib_and_report_draws_the_plots_later(tmp_path):
    """--no-plots: summaries and report.html without figures, and a note saying how to get
    them; `simcli report` then draws them into the same folder and report.html embeds
    them; a second --no-plots run removes the stale figures of the first."""
    import subprocess
    import sys

    out = tmp_path / "run"
    code = ("import sys; from simcli.cli import app; sys.argv = ['simcli', *sys.argv[1:]]\n"
            "try:\n    app()\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
            "print('matplotlib' in sys.modules, 'pandas' in sys.modules, "
            "'statsmodels' in sys.modules, 'scipy.stats' in sys.modules)")
    plain = PLAIN_VGHS      # the bots without their look-ahead: 20x cheaper games
    done = subprocess.run([sys.executable, "-c", code, "run", "vghs", "--games", "20",
                           "--jobs", "1", "--quiet", "--no-plots", "--out", str(out), *plain],
                          capture_output=True, text=True, check=True)
    assert done.stdout.split()[-4:] == ["False", "False", "False", "False"], done.stdout
    summary = json.loads((out / "summary.json").read_text())
    assert summary["plots"] == [] and not list(out.glob("plots/*.png"))
    assert "<img" not in (out / "report.html").read_text()
    assert "simcli report" in (out / "summary.md").read_text()
    result = runner.invoke(app, ["report", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    drawn = sorted(p.name for p in out.glob("plots/*.png"))
    assert len(drawn) >= 4 and sorted(json.loads((out / "summary.json").read_text())
                                      ["plots"]) == drawn
    assert (out / "report.html").read_text().count("<img") == len(drawn)
    result = runner.invoke(app, ["run", "vghs", "--games", "20", "--jobs", "1", "--quiet",
                                 "--no-plots", "--out", str(out), *plain])
    assert result.exit_code == 0, result.output
    assert not list(out.glob("plots/*.png"))


def test_bench_refuses_a_negative_search_game_count():
    one_line_error(runner.invoke(app, ["bench", "--search-games", "-1"]), "--search-games", "-1")

"""`simcli data GAME`, `simcli rules GAME` and strategy parameter checks."""
from __future__ import annotations

import tomllib

import pytest
from typer.testing import CliRunner

from simcli.cli import app
from simcli.datatools import provisional_keys, rules_rows
from simcli.games import GAMES, get_game

runner = CliRunner()
NAMES = list(GAMES)


def one_line_error(result, *words):
    assert result.exit_code == 2, result.output
    text = result.output.strip()
    assert "Traceback" not in text and len(text.splitlines()) == 1, text
    for word in words:
        assert word in text, text


@pytest.mark.parametrize("name", NAMES)
def test_exported_data_marks_provisional_values_and_loads_with_data(name, tmp_path):
    mine = tmp_path / "mine.toml"
    result = runner.invoke(app, ["data", name, "-o", str(mine)])
    assert result.exit_code == 0, result.output
    text = mine.read_text(encoding="utf-8")
    assert tomllib.loads(text) == get_game(name).default_data()
    assert "# provisional" in text
    result = runner.invoke(app, ["run", name, "--data", str(mine), "-n", "2", "-j", "1", "-q",
                                 "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output


def test_export_refuses_to_overwrite_without_force(tmp_path):
    mine = tmp_path / "mine.toml"
    mine.write_text("# mine\n", encoding="utf-8")
    one_line_error(runner.invoke(app, ["data", "vghs", "-o", str(mine)]), "--force")
    assert mine.read_text(encoding="utf-8") == "# mine\n"
    assert runner.invoke(app, ["data", "vghs", "-o", str(mine), "--force"]).exit_code == 0
    assert "rerolls" in mine.read_text(encoding="utf-8")


def test_export_marks_a_provisional_top_level_value_on_its_line(tmp_path):
    text = runner.invoke(app, ["data", "vghs"]).output
    line = next(x for x in text.splitlines() if x.startswith("gta_capacity ="))
    assert "provisional" in line
    line = next(x for x in text.splitlines() if x.startswith("rerolls ="))
    assert "provisional" not in line


@pytest.mark.parametrize("name", NAMES)
def test_rules_lists_every_top_level_parameter_with_range_and_provisional(name):
    rows = {r["key"]: r for r in rules_rows(name)}
    data = get_game(name).default_data()
    for key, value in data.items():
        if key in ("provisional", "provisional_parameters") or key.endswith("_meta"):
            continue
        if isinstance(value, dict):
            assert any(k.startswith(key + ".") for k in rows), key
        else:
            assert key in rows, key
    assert any(r["provisional"] == "yes" for r in rows.values())
    assert all(r["meaning"] for r in rows.values())
    result = runner.invoke(app, ["rules", name])
    assert result.exit_code == 0, result.output


def test_rules_shows_type_default_and_range():
    rows = {r["key"]: r for r in rules_rows("lovebattle")}
    assert rows["hero_moves"]["type"] == "integer"
    assert rows["hero_moves"]["default"] == "2"
    assert rows["hero_moves"]["allowed"] == "0..30"
    assert rows["test_min"]["provisional"] == "yes"        # provisional_parameters.keys
    assert rows["otm_payout"]["provisional"] == ""
    c89 = {r["key"]: r for r in rules_rows("class89")}
    assert c89["signatures_per_point"]["allowed"] == "1..50"
    assert c89["start_signatures.2"]["provisional"] == "yes"
    assert "start_signatures.2" in provisional_keys(get_game("class89").default_data())


@pytest.mark.parametrize(("spec", "words"), [
    ("arcade:w_bonus=abc", ("w_bonus", "number")),
    ("builder:build_rounds=1.5", ("build_rounds", "integer")),
    ("challenger:reserve=7", ("reserve", "0..1")),
])
def test_strategy_parameter_values_are_checked_before_any_game(spec, words, tmp_path):
    out = tmp_path / "out"
    result = runner.invoke(app, ["run", "vghs", "--strategy", spec, "-n", "2", "-q",
                                 "--out", str(out)])
    one_line_error(result, *words)
    assert not out.exists()


def test_a_strategy_parameter_in_range_runs(tmp_path):
    result = runner.invoke(app, ["run", "vgc", "--strategy", "beater:side=1,targets=4",
                                 "-n", "2", "-j", "1", "-q", "--out", str(tmp_path / "o")])
    assert result.exit_code == 0, result.output

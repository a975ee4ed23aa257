"""simcli under hostile input, faults and signals (issue 11).

Every user error is one line and exit status 2, every environment failure one line and
exit 1, never a traceback; simcli deletes or changes no file outside the run's own folder
and, inside it, only the files it wrote; a broken game costs its own games (a killed worker
its chunk), never the run; SIGTERM ends like Ctrl-C.
"""
from __future__ import annotations

import contextlib
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import polars as pl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from simcli import outdir
from simcli.cli import app
from simcli.engine import derive_rngs, game_seed
from simcli.execute import plan_run
from simcli.runner import merge_parts, play_chunk, run_chunks
from simcli.worker import toml_value

runner = CliRunner()
TOY = "toygame:GAME"
FAULT = "faultgame:GAME"
TESTS = Path(__file__).parent
FAST = settings(max_examples=40, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


# ----------------------------------------------------------------------------- helpers
def invoke(args):
    return runner.invoke(app, [str(a) for a in args])


def no_traceback(result):
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)


def one_line(result, status=2, *words):
    no_traceback(result)
    assert result.exit_code == status, result.output
    text = result.stderr.strip()
    assert len(text.splitlines()) == 1, text
    for word in words:
        assert word in text, text
    return text


def snapshot(root: Path, skip: Path | None = None) -> dict[str, tuple[int, int]]:
    """Every file under ``root`` (but ``skip``): size and modification time."""
    out = {}
    for path in root.rglob("*"):
        if skip is not None and (path == skip or skip in path.parents):
            continue
        if path.is_file() and not path.is_symlink():
            st_ = path.stat()
            out[str(path.relative_to(root))] = (st_.st_size, st_.st_mtime_ns)
    return out


def faulty_games(n: int, rate: float, seed: int = 1, players: int = 3) -> list[int]:
    """The game indices that faultgame makes faulty (its first draw of the game RNG)."""
    return [i for i in range(n)
            if derive_rngs(game_seed(seed, i), players)[0].random() < rate]


@pytest.fixture(scope="module")
def good(tmp_path_factory) -> Path:
    """A finished results folder of the toy game (30 games)."""
    folder = tmp_path_factory.mktemp("good") / "run"
    result = invoke(["run", TOY, "-n", 30, "-j", 1, "-q", "--out", folder])
    assert result.exit_code == 0, result.output
    return folder


class Reached(Exception):
    """Raised where a run would first write: everything before was validated."""


@pytest.fixture
def stop_before_writing(monkeypatch):
    """Runs stop (with Reached) right after the folder checks, before the first write."""
    from simcli import execute

    def stop(folder, meta):
        raise Reached(str(folder))

    monkeypatch.setattr(execute.report, "write_run_file", stop)
    monkeypatch.setattr(execute.outdir, "clear", lambda folder: (_ for _ in ()).throw(
        Reached(str(folder))))


# ----------------------------------------------------------------- output folders (1)
def test_a_foreign_folder_is_refused_and_left_alone(tmp_path):
    thesis = tmp_path / "thesis"
    (thesis / "plots" / "thesis").mkdir(parents=True)
    (thesis / "plots" / "thesis" / "chapter2.pdf").write_text("years of work")
    (thesis / "summary.md").write_text("mine")
    before = snapshot(tmp_path)
    for command in (["run", TOY, "-n", 5, "-j", 1, "-q"], ):
        one_line(invoke([*command, "--out", thesis]), 2, "did not write")
    one_line(invoke(["report", thesis]), 2)
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("where", ["/", "~", "file", "/dev/null", "long", "project",
                                   "symlinked plots"])
def test_output_folders_simcli_must_not_write_into(tmp_path, monkeypatch, where):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "file").write_text("a file")
    (tmp_path / "project").mkdir()
    (tmp_path / "project" / "pyproject.toml").write_text("[project]\n")
    target = {"~": str(Path.home()), "long": "x" * 300, "file": "file",
              "project": "project", "symlinked plots": "linked"}.get(where, where)
    if where == "symlinked plots":
        (tmp_path / "elsewhere").mkdir()
        (tmp_path / "linked").mkdir()
        (tmp_path / "linked" / "run.json").write_text(json.dumps(
            outdir.marker({"simcli_version": "0", "game": TOY})))
        (tmp_path / "linked" / "plots").symlink_to(tmp_path / "elsewhere")
    before = snapshot(tmp_path)
    one_line(invoke(["run", TOY, "-n", 5, "-j", 1, "-q", "--out", target]), 2, "--out")
    assert snapshot(tmp_path) == before


def test_a_rerun_deletes_only_the_files_simcli_wrote(tmp_path):
    folder = tmp_path / "run"
    assert invoke(["run", TOY, "-n", 20, "-j", 1, "-q", "--out", folder]).exit_code == 0
    meta = json.loads((folder / "run.json").read_text())
    assert meta["owner"] == outdir.SIGNATURE
    assert "plots/seat_win_share.png" in meta["files"]
    (folder / "notes.txt").write_text("my notes")
    (folder / "plots" / "mine.pdf").write_text("my plot")
    (folder / "plots" / "seat_win_share.png").write_text("stale")
    before = snapshot(folder)
    # another run's results are replaced only when asked (issue 12: no silent overwrite)
    one_line(invoke(["run", TOY, "-n", 10, "-j", 1, "-q", "--out", folder]), 2, "--force")
    assert snapshot(folder) == before
    result = invoke(["run", TOY, "-n", 10, "-j", 1, "-q", "--out", folder, "--force"])
    assert result.exit_code == 0, result.output
    assert (folder / "notes.txt").read_text() == "my notes"
    assert (folder / "plots" / "mine.pdf").read_text() == "my plot"
    assert (folder / "plots" / "seat_win_share.png").read_bytes()[:4] == b"\x89PNG"
    assert json.loads((folder / "summary.json").read_text())["games"] == 10
    assert not [p for p in folder.rglob("*") if ".tmp-" in p.name]


def test_a_legacy_results_folder_is_simcli_s(tmp_path):
    folder = tmp_path / "old"
    folder.mkdir()
    (folder / "run.json").write_text(json.dumps({"simcli_version": "0.0", "game": TOY}))
    (folder / "summary.md").write_text("old summary")
    (folder / "keep.txt").write_text("keep")
    assert invoke(["run", TOY, "-n", 5, "-j", 1, "-q", "--out", folder]).exit_code == 0
    assert (folder / "keep.txt").read_text() == "keep"
    assert "old summary" not in (folder / "summary.md").read_text()


def test_inputs_rejected_late_no_longer_wipe_the_previous_results(good, tmp_path):
    folder = tmp_path / "prev"
    shutil.copytree(good, folder)
    before = snapshot(folder)
    for bad in (["--seed", -1], ["--strategy", "nope"], ["--jobs", 10_000],
                ["--set", "target=0"], ["--until-ci", "nan"], ["--max-games", 0]):
        one_line(invoke(["run", TOY, "-n", 5, "-q", "--out", folder, *bad]), 2)
    assert snapshot(folder) == before


def test_check_never_writes_over_its_baseline(good, tmp_path):
    scen = tmp_path / "ci.toml"
    scen.write_text(f'game = "{TOY}"\ngames = 20\n')
    before = snapshot(good)
    for out in (good, good.parent):
        for base in (good, good / "summary.json"):
            one_line(invoke(["check", scen, "--baseline", base, "--out", out, "-q",
                             "-j", 1]), 2)
    assert snapshot(good) == before


def test_check_tolerance_nan_never_passes(good, tmp_path):
    scen = tmp_path / "ci.toml"
    scen.write_text(f'game = "{TOY}"\ngames = 20\n')
    for tol in ("nan", "inf", "-0.1"):
        one_line(invoke(["check", scen, "--baseline", good, "--tolerance", tol,
                         "--out", tmp_path / "c", "-q"]), 2, "--tolerance")
    assert not (tmp_path / "c").exists()


def test_resume_refuses_another_rules_version(good, tmp_path):
    folder = tmp_path / "r"
    shutil.copytree(good, folder)
    meta = json.loads((folder / "run.json").read_text())
    meta["rules_version"] = "0-older"
    (folder / "run.json").write_text(json.dumps(meta))
    before = snapshot(folder)
    one_line(invoke(["run", TOY, "-n", 30, "-j", 1, "-q", "--seed", 1, "--out", folder,
                     "--resume"]), 2, "rules_version")
    assert snapshot(folder) == before


def test_a_full_disk_is_one_line_exit_1_and_keeps_the_finished_games(tmp_path, monkeypatch):
    import errno

    from simcli import fsio

    real = fsio.atomic_write_text

    def full(path, text, encoding="utf-8"):
        if Path(path).name == "report.html":
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        return real(path, text, encoding)

    monkeypatch.setattr(fsio, "atomic_write_text", full)
    folder = tmp_path / "full"
    text = one_line(invoke(["run", TOY, "-n", 20, "-j", 1, "-q", "--out", folder]), 1,
                    "No space left")
    assert "report.html" in text
    assert not (folder / "report.html").exists()
    assert pl.read_parquet(folder / "results.parquet")["game_index"].n_unique() == 20
    assert json.loads((folder / "summary.json").read_text())["games"] == 20


# --------------------------------------------------------------- one line, exit 2 (2)
HOSTILE_ARGS = [
    ["run", "os:path"],
    ["run", "chess"],
    ["run", TOY, "--games", "1.5"],
    ["run", TOY, "--games", "1e15"],
    ["run", TOY, "--games", "0"],
    ["run", TOY, "--games", str(10**15)],
    ["run", TOY, "--seed", "-1"],
    ["run", TOY, "--seed", str(2**64)],
    ["run", TOY, "--until-ci", "nan"],
    ["run", TOY, "--until-ci", "0.7"],
    ["run", TOY, "--max-games", "0", "--until-ci", "0.1"],
    ["run", TOY, "--jobs", "0"],
    ["run", TOY, "--jobs", "1000"],
    ["run", TOY, "--players", "9"],
    ["run", TOY, "--strategy", "random:x=1"],
    ["run", TOY, "--set", "nope=1"],
    ["run", TOY, "--set", "start_bonus={four = [1, 2, 3, 4]}"],
    ["run", TOY, "--bogus"],
    ["run", TOY, "--backend", "spark"],
    ["run", TOY, "--scheduler", "tcp://x:1"],
    ["replay", TOY],
    ["replay", TOY, "--seed", "-5"],
    ["compare", "nowhere", "nowhere"],
    ["report", "nowhere"],
    ["sweep", "nowhere.toml"],
    ["nonsense"],
    [],
]


@pytest.mark.parametrize("args", HOSTILE_ARGS, ids=lambda a: " ".join(a)[:40] or "none")
def test_hostile_arguments_are_one_line_exit_2(args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = invoke(args)
    no_traceback(result)
    assert result.exit_code == 2, result.output
    if args:
        one_line(result, 2)
    assert not any(tmp_path.iterdir())


SCENARIOS = {
    "game = 5": "game must be",
    'game = "vghs"\nstrategies = [1, 2]': "strategies[0]",
    'game = "vghs"\n[[variant]]\nname = 5': "variant[0].name",
    'game = "vghs"\n[[variant]]\nname = "a"\nrules = 3': "variant[0].rules",
    'game = "vghs"\nseed = -1': "seed",
    'game = "vghs"\ngames = 0': "games",
    'game = "vghs"\n[grid]\n' + "\n".join(f"k{i} = [{', '.join(map(str, range(10)))}]"
                                          for i in range(4)): "limit",
    'game = "vghs" = 3': "not valid TOML",
    "\xff\xfe": "TOML",
}


@pytest.mark.parametrize("text", list(SCENARIOS), ids=range(len(SCENARIOS)))
def test_hostile_scenarios_are_one_line_exit_2(text, tmp_path):
    path = tmp_path / "s.toml"
    path.write_bytes(text.encode("latin-1") if text.startswith("\xff") else text.encode())
    for command in (["run", "--scenario", path], ["sweep", path], ["check", path]):
        one_line(invoke([*command, "-q", "--out", tmp_path / "o"]), 2)
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("section", ["[[variant]]\nname = \"a\"", "[grid]\ntarget = [5, 9]",
                                     "[check]\nfirst_player_advantage = [-0.2, 0.2]"])
def test_run_refuses_scenario_sections_it_does_not_honour(section, tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(f'game = "{TOY}"\ngames = 5\n{section}\n')
    one_line(invoke(["run", "--scenario", path, "-q", "--out", tmp_path / "o"]), 2,
             "simcli")


def test_replay_from_refuses_what_contradicts_the_folder(good):
    one_line(invoke(["replay", "vghs", "--from", good, "--index", 0]), 2, "holds")
    one_line(invoke(["replay", "--from", good, "--index", 0, "--seed", 3]), 2, "--seed")
    one_line(invoke(["replay", "--from", good, "--index", 30]), 2, "--index")
    assert invoke(["replay", TOY, "--from", good, "--index", 0]).exit_code == 0


def _corrupt(folder: Path, how: str) -> None:
    parquet, run, summary = (folder / "results.parquet", folder / "run.json",
                             folder / "summary.json")
    if how == "truncated parquet":
        parquet.write_bytes(parquet.read_bytes()[:300])
    elif how == "empty parquet":
        parquet.write_bytes(b"")
    elif how == "garbage parquet":
        parquet.write_bytes(os.urandom(2000))
    elif how == "foreign parquet":
        pl.DataFrame({"a": [1, 2]}).write_parquet(parquet)
    elif how == "truncated run.json":
        run.write_text(run.read_text()[:40])
    elif how == "run.json list":
        run.write_text("[1, 2]")
    elif how == "run.json no seed":
        meta = json.loads(run.read_text())
        del meta["seed"]
        run.write_text(json.dumps(meta))
    elif how == "run.json bad variants":
        meta = json.loads(run.read_text())
        meta["variants"] = [5]
        run.write_text(json.dumps(meta))
    elif how == "truncated summary":
        summary.write_text(summary.read_text()[:40])
    elif how == "summary without seats":
        data = json.loads(summary.read_text())
        data["seats"] = [{"seat": 1}]
        summary.write_text(json.dumps(data))


CORRUPTIONS = ["truncated parquet", "empty parquet", "garbage parquet", "foreign parquet",
               "truncated run.json", "run.json list", "run.json no seed",
               "run.json bad variants", "truncated summary", "summary without seats"]


@pytest.mark.parametrize("how", CORRUPTIONS)
def test_unreadable_results_folders_are_one_line_naming_the_file(good, tmp_path, how):
    folder = tmp_path / "bad"
    shutil.copytree(good, folder)
    _corrupt(folder, how)
    scen = tmp_path / "ci.toml"
    scen.write_text(f'game = "{TOY}"\ngames = 10\n')
    reads = {"parquet": [["report", folder], ["compare", good, folder],
                         ["check", scen, "--baseline", folder, "--out", tmp_path / "c"]],
             "run.json": [["report", folder], ["replay", "--from", folder, "--index", 0]],
             "summary": [["compare", good, folder],
                         ["check", scen, "--baseline", folder, "--out", tmp_path / "c"]]}
    kind = next(k for k in reads if k in how)
    for args in reads[kind]:
        text = one_line(invoke([*args, "-q"] if args[0] in ("report", "check") else args), 2)
        assert str(folder) in text, text
    assert not (tmp_path / "c").exists()


# ---------------------------------------------------- property tests (hypothesis, 5)
VALUES = {
    "--games": st.one_of(st.integers(-3, 10**16), st.sampled_from(["1.5", "1e3", "", "x"])),
    "--seed": st.one_of(st.integers(-5, 2**65), st.sampled_from(["-0", "1.0", "abc"])),
    "--players": st.integers(-2, 9),
    "--jobs": st.integers(-6, 3000),
    "--until-ci": st.one_of(st.floats(allow_nan=True, allow_infinity=True),
                            st.sampled_from(["nan", "inf", "x"])),
    "--max-games": st.integers(-2, 5),
    "--strategy": st.sampled_from(["random", "nope", "random:x=1", ":", "random:=", "",
                                   "random:a"]),
    "--set": st.sampled_from(["target=5", "target=0", "target=abc", "nope=1", "=", "target",
                              "start_bonus={2 = [1]}", "start_bonus={four = [1]}",
                              "endless=3"]),
    "--out": st.sampled_from(["fresh", "file", "/", "/dev/null", "x" * 300, "foreign",
                              "simcli"]),
}


@FAST
@given(options=st.dictionaries(st.sampled_from(sorted(VALUES)), st.none(), max_size=5)
       .flatmap(lambda keys: st.fixed_dictionaries({k: VALUES[k] for k in keys})))
def test_property_cli_arguments(options, stop_before_writing, good):
    """Any mix of hostile options: one line and exit 2, or validated all the way to the
    first write; nothing outside the run's folder changes, a foreign folder never."""
    root = Path(tempfile.mkdtemp())
    try:
        (root / "file").write_text("x")
        (root / "foreign").mkdir()
        (root / "foreign" / "thesis.pdf").write_text("mine")
        shutil.copytree(good, root / "simcli")
        out = options.pop("--out", "fresh")
        target = root / out if out in ("fresh", "file", "foreign", "simcli") else Path(out)
        before = snapshot(root)
        args = ["run", TOY, "-q", "--out", target]
        for key, value in options.items():
            args += [key, value]
        result = invoke(args)
        no_traceback(result)
        if not (result.exit_code == 1 and "Reached" in result.stderr):
            one_line(result, 2)
        assert snapshot(root) == before
    finally:
        shutil.rmtree(root)


SCENARIO_VALUES = st.one_of(st.integers(-3, 10**13), st.floats(allow_nan=False),
                            st.text(max_size=6), st.booleans(),
                            st.lists(st.one_of(st.integers(-2, 5), st.text(max_size=4)),
                                     max_size=3))
SCENARIO_KEYS = ["game", "players", "games", "seed", "strategies", "data", "name", "jobs",
                 "bogus"]


@FAST
@given(raw=st.dictionaries(st.sampled_from(SCENARIO_KEYS), SCENARIO_VALUES, max_size=5),
       rules=st.dictionaries(st.sampled_from(["target", "endless", "nope", "start_bonus"]),
                             SCENARIO_VALUES, max_size=2),
       command=st.sampled_from(["run", "sweep", "check"]))
def test_property_scenario_toml(raw, rules, command, stop_before_writing):
    root = Path(tempfile.mkdtemp())
    try:
        raw.setdefault("game", TOY)
        lines = [f"{k} = {toml_value(v)}" for k, v in raw.items()]
        if rules:
            lines += ["[rules]", *(f"{k} = {toml_value(v)}" for k, v in rules.items())]
        path = root / "s.toml"
        path.write_text("\n".join(lines) + "\n")
        args = ["run", "--scenario", path] if command == "run" else [command, path]
        result = invoke([*args, "-q", "--out", root / "o"])
        no_traceback(result)
        if not (result.exit_code == 1 and "Reached" in result.stderr):
            one_line(result, 2)
        assert not (root / "o").exists()
    finally:
        shutil.rmtree(root)


@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(target=st.sampled_from(["results.parquet", "run.json", "summary.json"]),
       cut=st.floats(0, 1), flips=st.lists(st.tuples(st.floats(0, 1), st.integers(0, 255)),
                                           max_size=4),
       command=st.sampled_from(["report", "compare", "replay"]))
def test_property_damaged_results_folders(target, cut, flips, command, good):
    """A results file cut short or with bytes changed: the command works or says in one
    line (exit 2) what is wrong; never a traceback."""
    root = Path(tempfile.mkdtemp())
    try:
        folder = root / "bad"
        shutil.copytree(good, folder)
        data = bytearray((folder / target).read_bytes())
        data = data[:max(0, int(len(data) * cut))] if cut < 0.9 else data
        for where, byte in flips:
            if data:
                data[min(len(data) - 1, int(where * len(data)))] = byte
        (folder / target).write_bytes(bytes(data))
        args = {"report": ["report", folder, "-q"], "compare": ["compare", good, folder],
                "replay": ["replay", "--from", folder, "--index", 0]}[command]
        result = invoke(args)
        no_traceback(result)
        assert result.exit_code in (0, 2), result.output
        if result.exit_code == 2:
            one_line(result, 2)
    finally:
        shutil.rmtree(root)


# ------------------------------------------------------------- faults isolated (4)
def _fault_plan(fault: str, rate: float, n: int, tmp_path: Path, seed: int = 1):
    return plan_run(FAULT, games=n, seed=seed, strategies=["random"],
                    overrides={"fault": fault, "fault_rate": rate}, out=tmp_path / fault)


@pytest.mark.parametrize("fault", ["setup", "apply", "result", "none_score", "short_scores",
                                   "metric_type", "spin", "sysexit"])
def test_a_broken_game_costs_only_its_own_games(fault, tmp_path):
    n, rate = 400, 0.03
    bad = faulty_games(n, rate)
    assert bad and 0 not in bad and 200 not in bad
    plan = _fault_plan(fault, rate, n, tmp_path)
    folder = plan.folder
    folder.mkdir()
    done, errors, interrupted = run_chunks(plan.configs, folder, jobs=1)
    merge_parts(folder, plan.configs)
    assert (done, errors, interrupted) == (n, len(bad), False)
    records = [json.loads(line) for line in (folder / "errors.jsonl").open()]
    assert sorted(r["game_index"] for r in records) == bad
    assert all(r["replay"].startswith("simcli replay faultgame:GAME") for r in records)
    kept = pl.read_parquet(folder / "results.parquet")
    assert sorted(kept["game_index"].unique().to_list()) == sorted(set(range(n)) - set(bad))
    assert kept.schema["longest"].is_numeric()


def test_metric_kind_change_between_chunks_and_resume(tmp_path):
    """A kind change across chunks (another worker) is caught in the parent; --resume
    reads the kinds from the parts already written and does not crash."""
    n, rate = 400, 0.03
    bad = faulty_games(n, rate)
    plan = _fault_plan("metric_type", rate, n, tmp_path)
    folder = plan.folder
    folder.mkdir()
    run_chunks(plan.configs, folder, jobs=1)
    from simcli.runner import SMALL_CHUNK

    (folder / ".parts" / sorted(os.listdir(folder / ".parts"))[1]).unlink()
    done, errors, _ = run_chunks(plan.configs, folder, jobs=1)
    lo, hi = SMALL_CHUNK, 2 * SMALL_CHUNK  # the second chunk, played again
    assert done == SMALL_CHUNK and errors == len([i for i in bad if lo <= i < hi])
    merge_parts(folder, plan.configs)
    assert pl.read_parquet(folder / "results.parquet").schema["longest"].is_numeric()


def test_a_broken_game_is_summarised_on_the_command_line(tmp_path):
    n, rate = 200, 0.03
    bad = faulty_games(n, rate)
    folder = tmp_path / "cli"
    result = invoke(["run", FAULT, "-n", n, "-j", 1, "-q", "--strategy", "random",
                     "--set", 'fault="none_score"', "--set", f"fault_rate={rate}",
                     "--out", folder])
    no_traceback(result)
    assert result.exit_code == 1
    assert f"{len(bad)} game(s) raised" in result.stderr
    assert json.loads((folder / "summary.json").read_text())["games"] == n - len(bad)


def test_a_real_game_looping_without_decisions_ends_as_an_error(monkeypatch):
    """The original runaway (board.turns_per_round=1000000) is now refused by the game's
    declared bounds; the step cap still ends a class89 game whose advance loop runs past
    it (a cap of 2 steps is passed by every real game) as one recorded error."""
    from simcli.games.class89 import flow
    from simcli.scenario import ScenarioError

    with pytest.raises(ScenarioError, match="board.turns_per_round"):
        plan_run("class89", games=1, overrides={"board.turns_per_round": 1_000_000})
    monkeypatch.setattr(flow, "MAX_AUTO_STEPS", 2)
    plan = plan_run("class89", games=1)
    cols, errors = play_chunk(plan.configs[0], 0, 1)
    assert cols["game_index"] == []
    assert len(errors) == 1 and errors[0]["error"].startswith("StepCapError")


def test_workers_never_exceed_the_tasks(tmp_path, monkeypatch):
    from simcli import runner

    seen = []
    real = runner._loky_results
    monkeypatch.setattr(runner, "_loky_results",
                        lambda tasks, workers: seen.append(workers) or real(tasks, workers))
    plan = plan_run(TOY, games=runner.SMALL_CHUNK - 10, out=tmp_path / "w")
    (tmp_path / "w").mkdir()
    run_chunks(plan.configs, tmp_path / "w", jobs=8)
    assert seen == []  # one chunk: played in this process, no worker (not eight)
    assert (tmp_path / "w" / runner.PARTS).is_dir() and any((tmp_path / "w" / runner.PARTS)
                                                            .iterdir())
    plan = plan_run(TOY, games=3 * runner.SMALL_CHUNK, out=tmp_path / "x")
    (tmp_path / "x").mkdir()
    run_chunks(plan.configs, tmp_path / "x", jobs=8)
    assert seen == [3]  # three chunks: three workers
    assert runner.effective_jobs(8, 2) == 2 and runner.effective_jobs(-1, 10**9) >= 1
    assert runner.count_chunks(0, 10**15) == 5 * 10**12  # counted, never listed


def _cli(*args, **kwargs):
    env = {**os.environ, "PYTHONPATH": str(TESTS), "MPLBACKEND": "Agg"}
    return subprocess.Popen([sys.executable, "-m", "simcli.cli", *map(str, args)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, **kwargs)


@pytest.mark.parametrize("fault", ["kill", "exit"])
def test_a_killed_worker_costs_at_most_its_chunk(tmp_path, fault):
    """SIGKILL (or os._exit) of the worker playing game 602: its chunk (600-649) is played
    again alone, dies again and becomes error records; the other chunks are kept."""
    from simcli.runner import SMALL_CHUNK

    n, rate = 700, 0.003
    bad = faulty_games(n, rate)
    assert {i // SMALL_CHUNK for i in bad} == {600 // SMALL_CHUNK}
    plan = _fault_plan(fault, rate, n, tmp_path)
    folder = plan.folder
    folder.mkdir()
    done, errors, interrupted = run_chunks(plan.configs, folder, jobs=2)
    assert (done, errors, interrupted) == (n, SMALL_CHUNK, False)
    records = [json.loads(line) for line in (folder / "errors.jsonl").open()]
    assert sorted(r["game_index"] for r in records) == list(range(600, 600 + SMALL_CHUNK))
    assert "died twice" in records[0]["error"]
    merge_parts(folder, plan.configs)
    kept = pl.read_parquet(folder / "results.parquet")["game_index"].unique().sort()
    assert kept.to_list() == [*range(600), *range(600 + SMALL_CHUNK, n)]


def _sigterm_when(proc, ready):
    """Wait (up to 120 s, the process still running) until ``ready()``, then send SIGTERM;
    its stderr and the worker processes it had just before the signal."""
    import psutil

    try:
        deadline = time.time() + 120
        while time.time() < deadline and not ready():
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.2)
        workers = psutil.Process(proc.pid).children(recursive=True)
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    return err, workers


def _saved_parts(folder) -> list[str]:
    """The chunks saved in ``folder/.parts``: finished part files only (simcli's own part
    names), not the temporary file a chunk is being written to."""
    where = folder / ".parts"
    return [n for n in os.listdir(where) if outdir.PART_RE.match(n)
            and n.endswith(".parquet")] if where.is_dir() else []


def test_sigterm_ends_workers_and_writes_the_summary(tmp_path):
    import psutil

    from simcli import runner

    folder = tmp_path / "term"
    proc = _cli("run", TOY, "-n", 10**8, "-j", 2, "-q", "--out", folder, cwd=tmp_path)
    err, workers = _sigterm_when(proc, lambda: len(_saved_parts(folder)) >= 2)
    assert proc.returncode == 143, err
    assert "Traceback" not in err, err
    assert "terminated" in err
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["interrupted"] and summary["games"] >= 2 * runner.SMALL_CHUNK
    gone, alive = psutil.wait_procs(workers, timeout=10)
    assert not alive, alive


def test_limits_are_documented():
    from simcli import validate
    from simcli.engine import MAX_AUTO_STEPS
    from simcli.runner import JOBS_PER_CORE, SCHEDULER_TIMEOUT

    readme = (TESTS.parent / "README.md").read_text()
    assert "143" in readme and "130" in readme
    assert validate.MAX_VARIANTS == 1000 and validate.MAX_GAMES == 10**12
    assert MAX_AUTO_STEPS >= 10_000 and JOBS_PER_CORE == 4 and SCHEDULER_TIMEOUT <= 10
    assert math.isfinite(validate.MAX_SEED)


def test_an_unreachable_scheduler_is_one_line_exit_1_before_the_folder_is_touched(
        good, tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    from simcli import runner

    monkeypatch.setattr(runner, "SCHEDULER_TIMEOUT", 1)
    folder = tmp_path / "prev"
    shutil.copytree(good, folder)
    before = snapshot(folder)
    one_line(invoke(["run", TOY, "-n", 5, "-q", "--backend", "dask", "--scheduler",
                     "tcp://127.0.0.1:9", "--out", folder, "--force"]), 1,
             "no dask scheduler")
    assert snapshot(folder) == before


def test_a_full_disk_while_playing_keeps_the_finished_chunks(tmp_path, monkeypatch):
    import errno

    from simcli import runner

    real, calls = runner.write_part, []

    def write(table, where, *args, **kwargs):
        calls.append(where)
        if len(calls) > 1:
            raise OSError(errno.ENOSPC, "No space left on device", str(where))
        return real(table, where, *args, **kwargs)

    monkeypatch.setattr(runner, "write_part", write)
    folder = tmp_path / "full"
    one_line(invoke(["run", TOY, "-n", 600, "-j", 1, "-q", "--out", folder]), 1,
             "No space left", f"{runner.SMALL_CHUNK} games finished are kept")
    parts = [p.name for p in (folder / ".parts").iterdir()]
    assert len(parts) == 1 and parts[0].endswith("0000000000.parquet")


def test_a_folder_simcli_may_not_write_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(outdir.os, "access", lambda path, mode: False)
    one_line(invoke(["run", TOY, "-n", 5, "-q", "--out", tmp_path / "ro"]), 2, "permission")
    assert not (tmp_path / "ro").exists()


def test_a_second_ctrl_c_still_ends_in_one_line(tmp_path, monkeypatch):
    from simcli import execute

    real = execute.run_chunks

    def first_ctrl_c(*args, **kwargs):
        done, errors, _ = real(*args, **kwargs)
        return done, errors, True

    def second_ctrl_c(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(execute, "run_chunks", first_ctrl_c)
    monkeypatch.setattr(execute.report, "build", second_ctrl_c)
    folder = tmp_path / "int"
    one_line(invoke(["run", TOY, "-n", 20, "-j", 1, "-q", "--out", folder]), 130,
             "--resume")
    assert (folder / "results.parquet").is_file()
    monkeypatch.undo()
    result = invoke(["run", TOY, "-n", 20, "-j", 1, "-q", "--out", folder, "--resume"])
    assert result.exit_code == 0, result.output
    assert json.loads((folder / "summary.json").read_text())["games"] == 20


def test_report_html_escapes_every_text_it_did_not_build(good, tmp_path):
    """report.html escapes what it did not build: a strategy name, finding or reproduce
    command holding markup comes out escaped, simcli's own tables stay tables."""
    from simcli import html

    summary = json.loads((good / "summary.json").read_text())
    summary["findings"] = [{"kind": "seat<x>", "text": "<script>alert('x')</script> & co",
                            "sure": True}]
    summary["reproduce"] = 'simcli run "<img src=x onerror=alert(1)>"'
    summary["strategies"] = ["<b>bold</b>"]
    page = html.render(summary, good / "plots")
    assert "<script>" not in page and "<img src=x" not in page and "<b>bold" not in page
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co" in page
    assert 'class="seat&lt;x&gt; sure"' in page
    assert page.count("<table>") >= 5 and page.rstrip().endswith("</body></html>")


def test_loky_shutdown_race_prints_no_traceback_other_thread_errors_do():
    # after Ctrl-C or SIGTERM loky's manager thread races the pool's shutdown (it sets an
    # exception on a future already cancelled, or looks up a work item already gone):
    # nothing is lost, so no traceback is printed, also after the stopped command has
    # returned; before a signal, from any other thread, and after a later command that was
    # not stopped, exceptions still reach the previous hook
    import signal as sig
    from concurrent.futures import InvalidStateError

    from simcli.clierrors import RECEIVED, sigterm_as_interrupt

    seen = []

    def run(name, exc):
        def boom():
            raise exc
        t = threading.Thread(target=boom, name=name)
        t.start()
        t.join()

    prev = threading.excepthook
    threading.excepthook = lambda args: seen.append((args.thread.name, type(args.exc_value)))
    try:
        with sigterm_as_interrupt():
            run("ExecutorManagerThread", ValueError("a real bug"))
            RECEIVED.append(sig.SIGINT)
            run("ExecutorManagerThread", InvalidStateError("CANCELLED"))
            run("ExecutorManagerThread", KeyError(7))
            run("other", InvalidStateError("not loky's"))
        # the stopped command has returned and prints its line: the race goes on
        run("ExecutorManagerThread", InvalidStateError("after the stopped command"))
        with sigterm_as_interrupt():   # a new command: no signal yet
            pass
        run("ExecutorManagerThread", InvalidStateError("after a command not stopped"))
    finally:
        threading.excepthook = prev
        RECEIVED.clear()
    assert seen == [("ExecutorManagerThread", ValueError), ("other", InvalidStateError),
                    ("ExecutorManagerThread", InvalidStateError)]


def _mark_and_sleep(folder):
    (Path(folder) / str(os.getpid())).touch()
    time.sleep(120)


def _ended(pid: int) -> bool:
    """Whether process ``pid`` is gone (or dead and not yet reaped). Not ``is_alive()``:
    when loky's own thread reaps a killed worker first, the process object's ``waitpid``
    fails and it answers "alive" for ever (a CI run under load failed so)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    return False


def test_the_runner_kills_and_reaps_the_pools_workers_itself(tmp_path):
    # loky's executor thread, which shutdown(kill_workers=True) leaves the killing to, can
    # die in a race with the shutdown; the workers then outlived the command and its exit
    # waited on them for ever (one SIGTERM in five): the runner ends them itself
    from loky import get_reusable_executor

    from simcli.runner import _end_workers

    executor = get_reusable_executor(max_workers=2, reuse=False)
    for _ in range(2):
        executor.submit(_mark_and_sleep, str(tmp_path))
    deadline = time.time() + 60
    while time.time() < deadline and len(os.listdir(tmp_path)) < 2:
        time.sleep(0.05)
    workers = list(executor._processes.values())
    assert sorted(str(p.pid) for p in workers) == sorted(os.listdir(tmp_path))
    assert not any(_ended(p.pid) for p in workers)
    start = time.time()
    _end_workers(executor)  # without a shutdown: the executor thread plays no part
    assert time.time() - start < 10
    assert all(_ended(p.pid) for p in workers)
    executor.shutdown(wait=True)


def _quick_or_marked_sleep(folder, i):
    if i:
        _mark_and_sleep(folder)
    return i


def test_an_interrupted_ladder_ends_its_workers_at_once(tmp_path):
    # a ladder chunk with search seats runs for minutes; after Ctrl-C or SIGTERM the
    # ladder must not wait for it (a stop-27 ladder took over 15 s to exit)
    import psutil

    from simcli import ladder

    gen = ladder.parallel(_quick_or_marked_sleep, [(str(tmp_path), 0), (str(tmp_path), 1)],
                          jobs=2)
    assert next(gen) == 0
    deadline = time.time() + 60
    while time.time() < deadline and not os.listdir(tmp_path):
        time.sleep(0.05)
    worker = psutil.Process(int(os.listdir(tmp_path)[0]))
    start = time.time()
    with pytest.raises(KeyboardInterrupt):
        gen.throw(KeyboardInterrupt())
    gone, alive = psutil.wait_procs([worker], timeout=10)
    assert not alive and time.time() - start < 10


def test_a_terminated_ladder_keeps_its_finished_chunks(tmp_path):
    # a 200-game class89 ladder is over an hour of CPU: SIGTERM keeps every chunk
    # finished (143, one line naming --resume), and the workers end
    import psutil

    from simcli import ladder

    folder = tmp_path / "lad"

    env = {**os.environ, "PYTHONPATH": os.pathsep.join(map(str, (TESTS.parent, TESTS))),
           "MPLBACKEND": "Agg"}
    proc = subprocess.Popen([sys.executable, "-m", "simcli.cli", "ladder", TOY, "-n",
                             "100000", "-j", "2", "-q", "--search",
                             "rollouts=4,recheck=4,kinds=all", "--out", str(folder)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, cwd=tmp_path)
    err, workers = _sigterm_when(proc, lambda: len(_saved_parts(folder)) >= 2)
    assert proc.returncode == 143, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    kept = _saved_parts(folder)
    assert len(kept) >= 2
    assert f"terminated: kept the {ladder.CHUNK * len(kept)} of 100000" in err, err
    assert "--resume" in err
    assert json.loads((folder / "run.json").read_text())["finished"] is False
    gone, alive = psutil.wait_procs(workers, timeout=10)
    assert not alive, alive


def _mark_and_sleep_warm(folder, cfg):  # noqa: ARG001 - bench's warm-up takes the config
    _mark_and_sleep(folder)


@contextlib.contextmanager
def _ctrl_c_once_two_workers_marked(folder, settle: float = 0.0):
    """Send one Ctrl-C to the main thread once two workers have marked ``folder`` with
    their pid (and ``settle`` seconds more), with Python's handler on SIGINT and
    SA_RESTART set, as polars sets it on import (whatever earlier tests left). Yields the
    list that gets the time the signal was sent."""
    sent: list[float] = []

    def poke():
        deadline = time.time() + 60
        while time.time() < deadline and len(os.listdir(folder)) < 2:
            time.sleep(0.05)
        time.sleep(settle)
        sent.append(time.time())
        signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)

    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.siginterrupt(signal.SIGINT, False)
    thread = threading.Thread(target=poke)
    thread.start()
    try:
        yield sent
    finally:
        thread.join()
        signal.signal(signal.SIGINT, before)


def test_an_interrupted_bench_ends_its_workers_at_once(tmp_path, monkeypatch):
    # bench drives its own loky pool (the --jobs speedup): after Ctrl-C or SIGTERM its
    # workers must not play (or sleep) on, and the Ctrl-C arrives at once although polars,
    # on import, sets SA_RESTART on SIGINT (done here by hand, whatever earlier tests left):
    # an untimed wait on the sleeping warm-up held the Ctrl-C for the sleep's 120 s
    import functools

    import psutil

    from simcli import bench
    from simcli.runner import chunk_layout, count_chunks, effective_jobs

    monkeypatch.setattr(bench, "_warm_worker",
                        functools.partial(_mark_and_sleep_warm, str(tmp_path)))
    cfg = plan_run(TOY, games=200).configs[0]
    # the premise: 200 games are enough chunks for bench to warm two workers (at 40 games,
    # one chunk, it warmed one, and the test waited out its 60 s deadline)
    assert effective_jobs(2, count_chunks(0, 200, *chunk_layout(cfg))) == 2
    with _ctrl_c_once_two_workers_marked(tmp_path) as sent:
        with pytest.raises(KeyboardInterrupt):
            bench.parallel_speedup(cfg, 200, 2)
        raised = time.time()
    assert len(os.listdir(tmp_path)) == 2     # both workers were warming when Ctrl-C came
    assert raised - sent[0] < 10              # not after the warm-up's 120 s sleep
    start = time.time()
    workers = [psutil.Process(int(pid)) for pid in os.listdir(tmp_path)
               if psutil.pid_exists(int(pid))]
    gone, alive = psutil.wait_procs(workers, timeout=10)
    assert not alive and time.time() - start < 10


def _mark_and_spin(folder):
    (Path(folder) / str(os.getpid())).touch()
    end = time.time() + 120
    while time.time() < end:     # busy, as a chunk of games is
        pass


def test_an_interrupted_dask_run_ends_its_local_workers_at_once(tmp_path):
    # --backend dask without --scheduler makes a local cluster; on Ctrl-C its close waited
    # for each worker to finish its chunk (4.0 s for a vgc ladder, 4.6 s for a run): the
    # workers are now killed first. Ctrl-C arrives with SA_RESTART set, as polars sets it
    pytest.importorskip("distributed")
    import psutil

    from simcli.runner import dask_map

    with _ctrl_c_once_two_workers_marked(tmp_path, settle=0.5) as sent:
        with pytest.raises(KeyboardInterrupt):
            list(dask_map(_mark_and_spin, [(str(tmp_path),)] * 4, 2, None))
        raised = time.time()
    assert len(os.listdir(tmp_path)) == 2     # both workers were playing when Ctrl-C came
    assert raised - sent[0] < 2.0, raised - sent[0]
    workers = [psutil.Process(int(pid)) for pid in os.listdir(tmp_path)
               if psutil.pid_exists(int(pid))]
    gone, alive = psutil.wait_procs(workers, timeout=5)
    assert not alive


def test_an_interrupted_bench_is_one_line_without_resume(monkeypatch):
    from simcli import bench

    def ctrl_c(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(bench, "run_bench", ctrl_c)
    text = one_line(invoke(["bench", "--game", TOY]), 130, "interrupted", "bench")
    assert "--resume" not in text      # bench writes nothing: there is nothing to resume


def test_an_interrupt_points_at_resume_only_where_the_command_has_it(capsys):
    """The interrupt line of a command without ``--resume`` (compare, check, balance...)
    must not tell the user to rerun with an option the command rejects."""
    import typer

    from simcli.clierrors import guard

    def with_resume(resume: bool = False):
        raise KeyboardInterrupt

    def compare_cmd(base: str = ""):
        raise KeyboardInterrupt

    lines = []
    for fn in (with_resume, compare_cmd):
        with pytest.raises(typer.Exit) as exc:
            guard(fn)()
        assert exc.value.exit_code == 130
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1
        lines.append(err[0])
    assert "--resume" in lines[0]
    assert "--resume" not in lines[1] and "compare" in lines[1]


def test_an_error_a_sigterm_caused_ends_as_terminated_in_one_line(capsys):
    """SIGTERM raised inside code that cannot raise (CPython: "Exception ignored in ...";
    a fresh CI run: inside polars while a ladder chunk was written) is lost there, and the
    interrupted code fails with an error of its own. The command still ends as terminated
    (143, one line, no traceback), and the lost interrupt is not printed either."""
    import typer

    from simcli.clierrors import guard

    class Swallows:
        def __del__(self):          # an interrupt raised here cannot propagate
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(0.05)        # the handler runs here, in __del__

    def run(resume: bool = False):
        Swallows()                  # dropped at once: __del__ runs, the signal is lost
        raise TypeError("'<unprintable str object>' is not a Polars data type")

    with pytest.raises(typer.Exit) as exc:
        guard(run)()
    assert exc.value.exit_code == 143
    err = capsys.readouterr().err
    assert "Traceback" not in err and "ignored" not in err, err
    assert len(err.strip().splitlines()) == 1 and err.startswith("terminated"), err
    assert "--resume" in err

    def plain(resume: bool = False):   # without a signal the error is a bug, as before
        raise TypeError("boom")

    with pytest.raises(typer.Exit) as exc:
        guard(plain)()
    assert exc.value.exit_code == 1
    assert "internal error: TypeError: boom" in capsys.readouterr().err


def test_a_run_whose_chunk_write_fails_of_a_sigterm_keeps_what_finished(tmp_path,
                                                                         monkeypatch):
    """runner.run_chunks: a chunk's write failing with an error of its own after SIGTERM
    arrived ends the run as interrupted with the chunks finished before it, not as a
    failure."""
    from simcli import clierrors, runner
    from simcli.games import get_game
    from simcli.worker import RunConfig

    cfg = RunConfig(game=TOY, n_players=3, strategies=("random",), n_games=120, seed=3,
                    data=get_game(TOY).default_data())
    real = runner._Sink.write
    calls = []

    def write(self, task, result):
        calls.append(task)
        if len(calls) == 2:
            clierrors.RECEIVED.append(signal.SIGTERM)
            raise TypeError("not a Polars data type")
        return real(self, task, result)
    monkeypatch.setattr(runner._Sink, "write", write)
    try:
        done, errors, interrupted = runner.run_chunks([cfg], tmp_path, jobs=1)
    finally:
        clierrors.RECEIVED.clear()
    assert interrupted and done == 50 and errors == 0     # the first chunk: 50 games
    assert len(calls) == 2


def test_ending_a_pool_with_chunks_queued_logs_nothing_from_loky(tmp_path):
    """end_pool with chunks still queued: loky fails them itself. Cancelling them first
    made loky's executor thread raise InvalidStateError on each, which loky 3.7 logs as a
    traceback on stderr (every time; under a stopped ladder's one line in CI)."""
    code = ("import sys, time\nfrom simcli import runner\n"
            "ex = runner.pool(2)\n"
            "futures = [ex.submit(time.sleep, 0.5) for _ in range(12)]\n"
            "time.sleep(0.3)\nrunner.end_pool(ex)\ntime.sleep(0.5)\n"
            "print(sum(f.done() for f in futures), len(ex._processes))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "executor manager" not in done.stderr, \
        done.stderr
    assert done.stdout.split() == ["12", "0"], done.stdout   # every chunk ended, no worker

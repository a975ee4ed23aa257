"""Start-up: what a small `simcli run` imports, the plain option coercion that spares it
pydantic, and the polars-written parts and merge that spare it pyarrow."""
from __future__ import annotations

import enum
import json
import subprocess
import sys

import polars as pl
import pytest
from typer.testing import CliRunner

from simcli import cliparams, runner
from simcli.cli import app

HEAVY = ("pydantic", "rich", "pyarrow", "pandas", "matplotlib", "scipy", "statsmodels",
         "joblib", "loky")


def _loaded_after(argv: list[str]) -> set[str]:
    """Which of HEAVY a fresh `simcli ARGV` process has imported when it ends."""
    code = ("import sys; from simcli.cli import app; sys.argv = ['simcli', *sys.argv[1:]]\n"
            "try:\n    app()\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
            f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True,
                          text=True, check=True)
    return set(json.loads(done.stdout.strip().splitlines()[-1].replace("'", '"')))


def test_a_quiet_small_run_imports_none_of_the_heavy_libraries(tmp_path):
    """--quiet --no-plots: no pydantic (typer's adapters), rich (nothing to show),
    pyarrow (polars writes parquet), matplotlib, scipy, pandas."""
    assert _loaded_after(["run", "vghs", "--games", "6", "--jobs", "1", "--quiet",
                          "--no-plots", "--out", str(tmp_path / "r")]) == set()
    assert (tmp_path / "r" / "results.parquet").is_file()


def test_help_imports_no_analysis_stack():
    for argv in (["--help"], ["run", "--help"], ["sweep", "--help"]):
        code = ("import sys; from simcli.cli import app; sys.argv = ['simcli', *sys.argv[1:]]\n"
                "try:\n    app()\nexcept SystemExit:\n    pass\n"
                "print(sorted(m for m in ('polars', 'numpy', 'pyarrow', 'pydantic', "
                "'matplotlib') if m in sys.modules))")
        done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True,
                              text=True, check=True)
        assert done.stdout.strip().splitlines()[-1] == "[]", (argv, done.stdout)


class Colour(enum.StrEnum):
    red = "red"
    blue = "blue"


def _typer_value(annotation, value):
    """What typer's own (pydantic) adapter makes of a value."""
    from typer._adapters import build_adapter
    from typer.models import OptionInfo

    return build_adapter(annotation, OptionInfo()).validate_python(value)


@pytest.mark.parametrize("annotation, value", [
    (int, "10"), (int, "-3"), (int, "+5"), (int, "007"), (int, 5), (int, "0"),
    (float, "0.01"), (float, "1"), (float, "-2.5"), (float, "1e-3"), (float, ".5"),
    (float, "5."), (float, "2E+2"), (float, 3), (float, 0.25),
    (str, "a"), (str, ""), (str, "vghs:rollouts=8"),
    (bool, True), (bool, False),
    (Colour, "red"), (Colour, Colour.blue),
])
def test_plain_coercion_gives_what_typers_adapter_gives(annotation, value):
    convert = cliparams._leaf(annotation, _info(), None)
    got = convert(value)
    want = _typer_value(annotation, value)
    assert got == want and type(got) is type(want)


@pytest.mark.parametrize("annotation, value", [
    (int, "1_000"), (int, " 10"), (int, "10.0"), (int, "x"), (int, ""), (int, True),
    (float, "inf"), (float, "nan"), (float, "1_0"), (float, " 1"), (float, "x"),
    (float, True), (str, 5), (Colour, "RED"), (Colour, "green"), (bool, "yes"),
])
def test_anything_unusual_goes_to_typers_adapter(annotation, value):
    with pytest.raises(cliparams._Unsure):
        cliparams._leaf(annotation, _info(), None)(value)


def _info():
    from typer.models import OptionInfo

    return OptionInfo()


def test_the_plain_step_is_in_place_and_typer_still_words_the_errors(tmp_path):
    """The option values a user types still mean what they meant, and a bad one is
    still typer's one-line error (exit 2)."""
    from typer import core

    assert cliparams.install()
    assert getattr(core._TyperParameter.get_runtime_param, "_simcli_plain", False)
    cli = CliRunner()
    bad = cli.invoke(app, ["run", "vghs", "--games", "ten", "--out", str(tmp_path / "x")])
    assert bad.exit_code == 2 and bad.output.count("\n") == 1, bad.output
    assert "--games" in bad.output and "valid integer" in bad.output  # pydantic's words
    bad = cli.invoke(app, ["run", "vghs", "--games", "2", "--backend", "nope", "--out",
                           str(tmp_path / "y")])
    assert bad.exit_code == 2 and "nope" in bad.output and bad.output.count("\n") == 1
    # an unusual spelling typer accepts still works (through typer's adapter)
    ok = cli.invoke(app, ["run", "vghs", "--games", "1_2", "--seed", "+3", "--jobs", "1",
                          "--quiet", "--no-plots", "--strategy", "arcade", "--strategy",
                          "builder", "--out", str(tmp_path / "z")])
    assert ok.exit_code == 0, ok.output
    meta = json.loads((tmp_path / "z" / "run.json").read_text())
    assert meta["games"] == 12 and meta["seed"] == 3
    assert meta["strategies"] == ["arcade", "builder"]


# ---------------------------------------------------------------- parts and merge
def test_part_columns_are_typed_as_before():
    frame = runner.part_frame({"a": [1, 2, None], "b": [1, 2.5, None], "c": [True, None, False],
                               "d": ["x", None, "y"], "e": [None, None, None]})
    assert frame.schema == pl.Schema({"a": pl.Int64, "b": pl.Float64, "c": pl.Boolean,
                                      "d": pl.String, "e": pl.Null})
    assert frame["b"].to_list() == [1.0, 2.5, None]
    for bad in ({"a": [1, "x"]}, {"a": [True, 1]}, {"a": [2 ** 63]}, {"a": [1], "b": [1, 2]}):
        with pytest.raises((TypeError, ValueError, OverflowError)):
            runner.part_frame(bad)


def test_the_merge_unifies_types_and_its_bytes_do_not_depend_on_threads(tmp_path):
    """Parts whose metric is null in one, an integer in another and a float in a third
    merge into one float column, a column missing from a part is null there, a column
    null everywhere is a string column; the merged file's bytes are the same whatever
    number of threads polars uses."""
    from simcli.worker import RunConfig

    cfg = RunConfig(game="toy", n_players=2, strategies=("a", "b"), n_games=6, seed=1,
                    data={})
    parts = tmp_path / runner.PARTS
    parts.mkdir()
    base = {"game_index": [0, 0], "seat": [1, 2]}
    chunks = [{**base, "m": [None, None], "z": [None, None]},
              {**base, "m": [1, 2], "z": [None, None], "only": ["x", "y"]},
              {**base, "m": [0.5, 1.5], "z": [None, None]}]
    for i, cols in enumerate(chunks):
        runner.write_part(runner.part_frame(cols), runner._part_path(tmp_path, cfg, i * 2))
    out = runner.merge_parts(tmp_path, [cfg])
    merged = pl.read_parquet(out)
    assert merged.schema == pl.Schema({"game_index": pl.Int64, "seat": pl.Int64,
                                       "m": pl.Float64, "z": pl.String, "only": pl.String})
    assert merged["m"].to_list() == [None, None, 1.0, 2.0, 0.5, 1.5]
    assert merged["only"].to_list() == [None, None, "x", "y", None, None]
    first = out.read_bytes()
    code = ("import sys; from pathlib import Path; from simcli import runner; "
            "from simcli.worker import RunConfig; "
            "cfg = RunConfig(game='toy', n_players=2, strategies=('a', 'b'), n_games=6, seed=1, "
            "data={}); "
            "runner.merge_parts(Path(sys.argv[1]), [cfg])")
    for threads in ("1", "3"):
        subprocess.run([sys.executable, "-c", code, str(tmp_path)], check=True,
                       env={**__import__("os").environ, "POLARS_MAX_THREADS": threads})
        assert out.read_bytes() == first, threads


def test_the_merge_scans_every_part_at_once(tmp_path, monkeypatch):
    """One scan over the list of parts (a concat of one scan per part grew in memory and
    time with the parts: 317 MB and 9.5 s at 1500 parts, against 136 MB and 1.8 s), and
    the rows in part order."""
    from simcli.worker import RunConfig

    cfg = RunConfig(game="toy", n_players=2, strategies=("a", "b"), n_games=40, seed=1,
                    data={})
    (tmp_path / runner.PARTS).mkdir()
    for start in range(0, 40, 4):
        cols = {"game_index": [start, start, start + 1, start + 1], "seat": [1, 2, 1, 2],
                "m": [start] * 4 if start % 8 else [None] * 4}
        runner.write_part(runner.part_frame(cols), runner._part_path(tmp_path, cfg, start))
    scans = []
    real = pl.scan_parquet
    monkeypatch.setattr(pl, "scan_parquet", lambda source, **kw: scans.append(source)
                        or real(source, **kw))
    merged = pl.read_parquet(runner.merge_parts(tmp_path, [cfg]))
    assert len(scans) == 1 and len(scans[0]) == 10
    assert merged["game_index"].to_list() == [
        g for start in range(0, 40, 4) for g in (start, start, start + 1, start + 1)]
    assert merged.schema["m"] == pl.Int64
    assert merged["m"].to_list()[:8] == [None] * 4 + [4] * 4


def test_a_polars_without_scan_cast_options_merges_the_same_bytes(tmp_path, monkeypatch):
    """polars before its scan cast options: one scan per part, the same file."""
    from simcli.worker import RunConfig

    cfg = RunConfig(game="toy", n_players=2, strategies=("a", "b"), n_games=6, seed=1,
                    data={})
    (tmp_path / runner.PARTS).mkdir()
    base = {"game_index": [0, 0], "seat": [1, 2]}
    for i, cols in enumerate([{**base, "m": [None, None], "z": [None, None]},
                              {**base, "m": [1, 2], "z": [None, None], "only": ["x", "y"]},
                              {**base, "m": [0.5, 1.5], "z": [None, None]}]):
        runner.write_part(runner.part_frame(cols), runner._part_path(tmp_path, cfg, i * 2))
    one_scan = runner.merge_parts(tmp_path, [cfg]).read_bytes()
    monkeypatch.delattr(pl, "ScanCastOptions")
    assert runner.merge_parts(tmp_path, [cfg]).read_bytes() == one_scan


def test_a_part_of_another_type_refuses_to_merge(tmp_path):
    from simcli.worker import MalformedResult

    with pytest.raises(MalformedResult, match="several types"):
        runner.merged_schema([{"m": pl.Int64}, {"m": pl.String}])


def test_the_command_line_builds_only_the_named_command_and_says_the_same(tmp_path):
    """`simcli run --help` from a command line that builds only `run` prints what the
    whole app prints; a misspelt command still gets typer's suggestion."""
    import os

    env = {**os.environ, "COLUMNS": "100", "TERM": "dumb"}
    code = ("import sys; from simcli.cli import app; sys.argv = ['simcli', *sys.argv[1:]]\n"
            "import typer.main as tm\nbuilt = []\nreal = tm.get_command_from_info\n"
            "def spy(command_info, **kw):\n    built.append(command_info.callback.__name__)\n"
            "    return real(command_info, **kw)\ntm.get_command_from_info = spy\n"
            "try:\n    app()\nexcept SystemExit:\n    pass\nprint(built, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, "run", "--help"], capture_output=True,
                          text=True, env=env, check=True)
    assert done.stderr.strip().splitlines()[-1] == "['run']"
    whole = ("import typer.main; from simcli.cli import app\n"
             "try:\n    typer.main.get_command(app)(args=['run', '--help'], prog_name='simcli')\n"
             "except SystemExit:\n    pass")
    whole = subprocess.run([sys.executable, "-c", whole], capture_output=True, text=True,
                           env=env, check=True)
    assert done.stdout == whole.stdout and "--no-plots" in whole.stdout
    typo = subprocess.run([sys.executable, "-m", "simcli.cli", "rnu"], capture_output=True,
                          text=True, env=env)
    assert typo.returncode == 2 and "Did you mean 'run'" in typo.stderr


def test_plots_import_skips_matplotlibs_generated_docs_only_while_importing():
    """simcli.plots imports matplotlib's figure machinery without building every artist's
    ``set()`` signature and property tables (help text only), then restores both hooks:
    artists still take their properties through ``set()``, and a class defined later is
    documented as usual."""
    code = (
        "import inspect, simcli.plots\n"
        "from matplotlib import artist\n"
        "from matplotlib.lines import Line2D\n"
        "assert artist.kwdoc.__name__ == 'kwdoc'\n"
        "assert artist.Artist._update_set_signature_and_docstring.__name__ == "
        "'_update_set_signature_and_docstring'\n"
        "line = Line2D([0, 1], [0, 1]); line.set(color='red', linewidth=3)\n"
        "assert line.get_color() == 'red' and line.get_linewidth() == 3\n"
        "assert Line2D.set._autogenerated_signature\n"
        "assert 'linewidth' not in inspect.signature(Line2D.set).parameters  # skipped\n"
        "class Later(Line2D):\n    pass\n"
        "assert 'linewidth' in inspect.signature(Later.set).parameters\n"
        "assert 'linewidth' in artist.kwdoc(Later)\n"
        "fig, ax = simcli.plots.subplots()\n"
        "ax.bar([1, 2], [3, 4]); fig.canvas.draw()\n"
        "print('ok')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


def test_a_run_of_one_chunk_starts_no_worker_process(tmp_path):
    """With the default --jobs a run of one chunk (here 6 games) plays in simcli's own
    process: no loky worker (loky is never imported), the same results as --jobs 2."""
    assert "loky" not in _loaded_after(["run", "vghs", "--games", "6", "--quiet",
                                          "--no-plots", "--out", str(tmp_path / "a")])
    assert _loaded_after(["run", "vghs", "--games", "6", "--jobs", "2", "--quiet", "--no-plots",
                          "--out", str(tmp_path / "b")]) == set()
    assert ((tmp_path / "a" / "results.parquet").read_bytes()
            == (tmp_path / "b" / "results.parquet").read_bytes())


def _entry(argv: list[str], env: dict | None = None) -> subprocess.CompletedProcess:
    """The `simcli` console entry point in a fresh process, with an atexit handler of
    its own registered first."""
    import os

    code = ("import atexit, sys\n"
            "atexit.register(lambda: print('atexit ran', file=sys.stderr))\n"
            "from simcli.cli import entry\nsys.argv = ['simcli', *sys.argv[1:]]\nentry()")
    return subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True,
                          env={**os.environ, **(env or {})})


@pytest.mark.parametrize("slow", [None, "1"])
def test_the_command_exits_with_its_status_its_output_and_the_atexit_handlers(tmp_path, slow):
    """The quick exit (os._exit after the work) and the usual one give the same status,
    the same complete output, and both run atexit handlers."""
    env = {"SIMCLI_SLOW_EXIT": slow} if slow else {}
    ok = _entry(["run", "vghs", "--games", "6", "--jobs", "1", "--no-plots", "--out",
                 str(tmp_path / "r")], env)
    assert ok.returncode == 0, ok.stderr
    assert "findings" in ok.stdout and ok.stdout.rstrip().endswith("┘"), ok.stdout[-300:]
    assert ok.stderr.rstrip().endswith("atexit ran")
    assert (tmp_path / "r" / "summary.json").is_file()
    bad = _entry(["run", "vghs", "--games", "ten"], env)
    assert bad.returncode == 2 and bad.stderr.count("error:") == 1
    assert "atexit ran" in bad.stderr
    assert cli_status(None) == 0 and cli_status(3) == 3


def cli_status(code):
    from simcli.cli import _status

    return _status(code)


def _entry_with_a_stuck_thread(status: int, timeout: float = 60) -> subprocess.CompletedProcess:
    """``entry()`` in a fresh process where joblib is loaded, a non-daemon thread waits
    for ever (as loky's manager thread can on the half message of a worker killed while
    sending a result) and the command ends with ``status``."""
    code = ("import sys, threading, atexit, joblib\n"
            "threading.Thread(target=threading.Event().wait).start()\n"
            "atexit.register(lambda: print('atexit ran', file=sys.stderr))\n"
            "import simcli.cli as cli\n"
            f"def app():\n    raise SystemExit({status})\n"
            "cli.app = app\ncli.entry()")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=timeout)


@pytest.mark.parametrize("status", [130, 143])
def test_a_stopped_local_run_exits_without_joining_the_pools_threads(status):
    """Ctrl-C (130) and SIGTERM (143): the command ends with its status and runs the atexit
    handlers though a pool's thread never ends (the usual exit would wait for it)."""
    done = _entry_with_a_stuck_thread(status)
    assert done.returncode == status, done.stderr
    assert "atexit ran" in done.stderr


def test_a_finished_run_with_a_pool_still_exits_the_usual_way():
    """Status 0 with joblib loaded takes the usual exit, which joins the threads: with a
    thread that never ends it would wait, so the test's own timeout shows it did."""
    with pytest.raises(subprocess.TimeoutExpired):
        _entry_with_a_stuck_thread(0, timeout=5)


def test_a_helper_process_started_under_entry_does_not_print_the_resource_trackers_warnings():
    """loky's resource tracker is started with the interpreter's warning options and, after
    a stopped run, warns on the shared stderr about what a killed worker left registered:
    under ``entry()`` those warnings are off (others are not)."""
    code = ("import sys, subprocess\n"
            "from multiprocessing import util\n"
            "import simcli.cli as cli\n"
            "def app():\n"
            "    subprocess.run([sys.executable, *util._args_from_interpreter_flags(), '-c',\n"
            "        'import warnings; warnings.warn(\"resource_tracker: 1 leaked semlock\");'\n"
            "        ' warnings.warn(\"another warning\")'])\n"
            "    raise SystemExit(143)\n"
            "cli.app = app\ncli.entry()")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 143, done.stderr
    assert "resource_tracker" not in done.stderr
    assert "another warning" in done.stderr


def test_plays_in_workers_names_the_runs_whose_process_only_waits():
    from simcli.worker import RunConfig

    cfg = RunConfig(game="vghs", n_players=4, strategies=("random",) * 4, data={},
                    n_games=100, seed=1)
    one_chunk = RunConfig(game="vghs", n_players=4, strategies=("random",) * 4, data={},
                          n_games=runner.SMALL_CHUNK, seed=1)
    assert runner.plays_in_workers([cfg], jobs=2)
    assert runner.plays_in_workers([cfg], jobs=-1)
    assert not runner.plays_in_workers([cfg], jobs=1)
    assert not runner.plays_in_workers([one_chunk], jobs=2)
    assert not runner.plays_in_workers([cfg], start=runner.SMALL_CHUNK, jobs=2)
    assert runner.plays_in_workers([one_chunk], jobs=1, backend="dask")


@pytest.mark.parametrize("argv, ahead", [
    (["--jobs", "2"], [True]),
    (["--jobs", "2", "--no-plots"], [False]),
    (["--jobs", "1"], []),
])
def test_a_run_in_workers_imports_the_reports_modules_while_it_waits(tmp_path, monkeypatch,
                                                                    argv, ahead):
    """Two chunks in two workers: the report's modules are imported ahead, in a thread,
    while this process waits (matplotlib only when it will draw); --jobs 1 plays here
    and imports nothing ahead (a thread would only contend for the interpreter)."""
    from simcli import report

    calls: list[bool] = []
    monkeypatch.setattr(report, "import_ahead", calls.append)
    out = tmp_path / "r"
    done = CliRunner().invoke(app, ["run", "vghs", "--games", str(2 * runner.SMALL_CHUNK),
                                    "--strategy", "random", "--quiet", "--out", str(out),
                                    *argv])
    assert done.exit_code == 0, done.output
    assert calls == ahead
    assert (out / "summary.json").is_file()


@pytest.mark.parametrize("plots", [True, False])
def test_import_ahead_loads_the_modules_build_needs_and_touches_no_file(tmp_path, plots):
    code = ("import sys, threading\nfrom simcli import report\n"
            f"report.import_ahead({plots})\n"
            "[t.join() for t in threading.enumerate() if t.name == 'simcli-import-ahead']\n"
            "print(sorted(m for m in ('matplotlib', 'jinja2', 'simcli.findings') "
            "if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=tmp_path, check=True)
    loaded = done.stdout.strip().splitlines()[-1]
    assert loaded == ("['jinja2', 'matplotlib', 'simcli.findings']" if plots
                      else "['jinja2', 'simcli.findings']"), loaded
    assert list(tmp_path.iterdir()) == []


def test_a_run_in_workers_uses_loky_alone_and_ends_by_the_quick_exit(tmp_path):
    """Two chunks in two workers: the pool is loky's own (joblib, with numpy, is never
    imported: 0.1 s less to start here and in every worker), and once the run is done
    the idle pool is closed so the command still takes the quick exit."""
    out = tmp_path / "r"
    argv = ["run", "vghs", "--games", str(2 * runner.SMALL_CHUNK), "--strategy", "random",
            "--jobs", "2", "--quiet", "--no-plots", "--out", str(out)]
    loaded = _loaded_after(argv)
    assert "loky" in loaded and "joblib" not in loaded, loaded
    code = ("import os, sys\nreal = os._exit\n"
            "def quick(status):\n    print('quick exit', status, file=sys.stderr, flush=True)\n"
            "    real(status)\nos._exit = quick\n"
            "from simcli.cli import entry\nsys.argv = ['simcli', *sys.argv[1:]]\nentry()")
    done = subprocess.run([sys.executable, "-c", code, *argv[:-1], str(tmp_path / "q")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip().endswith("quick exit 0"), done.stderr
    assert ((tmp_path / "q" / "results.parquet").read_bytes()
            == (out / "results.parquet").read_bytes())

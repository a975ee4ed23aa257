"""``simcli ladder`` and ``--confirm`` on the toy dice race (search in one / every seat)."""
from __future__ import annotations

import json

import markupsafe
import numpy as np
import pytest
from typer.testing import CliRunner

from simcli import ladder as lad
from simcli import outdir, stats
from simcli.cli import app

runner = CliRunner()
TOY = "toygame:GAME"
FAST = "rollouts=4,recheck=4,kinds=all"


def test_holm_matches_the_step_down_definition():
    rows = [{"p_value": p} for p in (0.01, 0.04, 0.03, 0.5)]
    lad.holm(rows)
    assert [r["p_holm"] for r in rows] == pytest.approx([0.04, 0.09, 0.09, 0.5])


def test_seats_for_puts_the_subject_in_a_rotating_seat_among_the_mix():
    mix = ("a", "b", "c")
    assert lad.seats_for(mix, 3, 0, "x") == ["x", "b", "c"]
    assert lad.seats_for(mix, 3, 1, "x") == ["b", "x", "a"]
    assert lad.seats_for(mix, 3, 5, "x") == ["c", "a", "x"]


def test_ladder_pairs_search_with_its_base_on_the_same_seeds(tmp_path):
    cfg = lad.plan_ladder(TOY, 3, 12, 3, FAST)
    rows = lad.play_ladder(cfg, jobs=1)
    res = lad.analyse(cfg, rows)
    labels = [r["strategy"] for r in res["table"]]
    assert labels == ["random", "search(random)"]
    gain = res["gains"][0]
    base = {r["game_index"]: r["win_share"] for r in rows if r["subject"] == "random"}
    new = {r["game_index"]: r["win_share"] for r in rows if r["subject"] == "search(random)"}
    ref = stats.paired_difference([base[i] for i in range(12)], [new[i] for i in range(12)])
    assert gain["gain"] == pytest.approx(ref["diff"]) and gain["games"] == 12
    assert {r["seat"] for r in rows} == {1, 2, 3}
    assert res["findings"] and "paired gain" in " ".join(res["findings"])
    # same seed, same ladder (timings aside), whatever --jobs
    again = lad.play_ladder(cfg, jobs=2)
    strip = [{k: v for k, v in r.items() if k != "cpu_seconds"} for r in rows]
    assert strip == [{k: v for k, v in r.items() if k != "cpu_seconds"} for r in again]


def test_ladder_command_writes_table_plot_and_findings(tmp_path):
    folder = tmp_path / "lad"
    result = runner.invoke(app, ["ladder", TOY, "--games", "8", "--jobs", "1", "--search",
                                 FAST, "--out", str(folder)])
    assert result.exit_code == 0, result.output
    data = json.loads((folder / "ladder.json").read_text())
    assert data["games"] == 8 and data["gains"][0]["heuristic"] == "random"
    assert (folder / "plots" / "ladder.png").stat().st_size > 1000
    md = (folder / "ladder.md").read_text()
    # which search the gains were measured with: the --search values, in the json and
    # under the markdown's title (two ladders of one game differ there)
    assert "Paired gain" in md and data["search"] == FAST
    assert md.splitlines()[2].startswith(f"search: {FAST} ")
    # a second ladder may overwrite its own folder
    again = runner.invoke(app, ["ladder", TOY, "--games", "4", "--jobs", "1", "--search",
                                FAST, "--out", str(folder)])
    assert again.exit_code == 0, again.output


def test_ladder_refuses_a_folder_it_did_not_write(tmp_path):
    (tmp_path / "mine.txt").write_text("keep me")
    result = runner.invoke(app, ["ladder", TOY, "--games", "4", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "did not write" in result.output
    assert (tmp_path / "mine.txt").read_text() == "keep me"


def test_ladder_user_errors_are_one_line():
    for args, word in ((["ladder", "chess"], "chess"),
                       (["ladder", TOY, "--players", "9"], "9"),
                       (["ladder", TOY, "--search", "depth=3"], "depth")):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, result.output
        assert word in result.output and "Traceback" not in result.output


def test_ladder_search_values_its_constructor_checks_refuse_before_the_folder(tmp_path):
    """``propose=`` and ``look=`` are checked only when a search bot is built: the ladder
    builds each subject once before it writes its plan, so a bad value is one line, exit
    2, and no folder (before: ``run.json`` and ``.parts`` were left behind)."""
    for extra, word in (("propose=no_such_bot", "no_such_bot"), ("look=sideways", "look")):
        out = tmp_path / extra.split("=")[0]
        result = runner.invoke(app, ["ladder", TOY, "-n", "4", "--jobs", "1", "--search",
                                     f"{FAST},{extra}", "-o", str(out), "--quiet"])
        assert result.exit_code == 2 and word in result.output, result.output
        assert "Traceback" not in result.output and not out.exists()


def test_ladder_saves_its_games_and_pairs_them_with_an_earlier_ladder(tmp_path):
    import polars as pl

    first, second = tmp_path / "a", tmp_path / "b"
    assert runner.invoke(app, ["ladder", TOY, "-n", "10", "--jobs", "1", "--search", FAST,
                               "-o", str(first), "--quiet"]).exit_code == 0
    saved = pl.read_parquet(first / "ladder.parquet")
    cfg = lad.plan_ladder(TOY, 3, 10, 1, FAST)
    played = lad.play_ladder(cfg, jobs=1)
    strip = ["subject", "spec", "game_index", "seed", "seat", "win_share", "searched"]
    assert saved.select(strip).to_dicts() == [{k: r[k] for k in strip} for r in played]
    # a dearer search on 14 games, against the first ladder's 10
    dearer = "rollouts=12,recheck=6,kinds=all"
    result = runner.invoke(app, ["ladder", TOY, "-n", "14", "--jobs", "1", "--search", dearer,
                                 "-o", str(second), "--against", str(first)])
    assert result.exit_code == 0, result.output
    ag = json.loads((second / "ladder.json").read_text())["against"]
    rows = {r["subject"]: r for r in ag["rows"]}
    assert rows["random"]["differing_games"] == 0 and rows["random"]["change"] == 0
    now = pl.read_parquet(second / "ladder.parquet")

    def shares(frame, subject):
        return (frame.filter((pl.col("subject") == subject) & (pl.col("game_index") < 10))
                .sort("game_index")["win_share"].to_list())

    old, new = shares(saved, "search(random)"), shares(now, "search(random)")
    ref = stats.paired_difference(old, new)
    got = rows["search(random)"]
    assert got["games"] == 10 and got["spec"].endswith(dearer)
    assert got["change"] == pytest.approx(ref["diff"])
    assert (got["ci_low"], got["ci_high"]) == pytest.approx((ref["ci_low"], ref["ci_high"]))
    assert got["differing_games"] == sum(a != b for a, b in zip(old, new, strict=True))
    assert "Against" in (second / "ladder.md").read_text()


def test_ladder_against_refuses_what_it_cannot_pair_before_playing(tmp_path):
    first = tmp_path / "a"
    assert runner.invoke(app, ["ladder", TOY, "-n", "4", "--jobs", "1", "--search", FAST,
                               "-o", str(first), "--quiet"]).exit_code == 0
    old = tmp_path / "old"
    assert runner.invoke(app, ["ladder", TOY, "-n", "4", "--jobs", "1", "--search", FAST,
                               "-o", str(old), "--quiet"]).exit_code == 0
    (old / "ladder.parquet").unlink()           # as an older simcli left it
    (tmp_path / "notes").mkdir()
    for args, word in ((["--seed", "2", "--against", str(first)], "seed"),
                       (["--players", "2", "--against", str(first)], "players"),
                       (["--against", str(tmp_path / "notes")], "no ladder"),
                       (["--against", str(old)], "no ladder.parquet")):
        out = tmp_path / "new"
        result = runner.invoke(app, ["ladder", TOY, "-n", "4", "--jobs", "1", "--search",
                                     FAST, "-o", str(out), *args])
        assert result.exit_code == 2 and word in result.output, result.output
        assert "Traceback" not in result.output and not out.exists()
    # its own folder: a new ladder clears --out as it starts, so the earlier ladder it is
    # compared with would be lost to an interrupt; refused with the folder untouched
    before = _files(first)
    result = runner.invoke(app, ["ladder", TOY, "-n", "4", "--jobs", "1", "--search", FAST,
                                 "-o", str(first), "--against", str(first)])
    assert result.exit_code == 2 and "is the --out folder" in result.output, result.output
    assert _files(first) == before


def _files(folder):
    """Every file under ``folder``: its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _interrupted_ladder(folder, monkeypatch, args):
    """A ladder of 10 games (chunks 0-3, 4-7, 8-9) interrupted as its second chunk
    starts, as Ctrl-C would; the CPU clock reads 0 so that the rows are the same bytes
    in every run."""
    import types

    monkeypatch.setattr(lad, "time", types.SimpleNamespace(process_time=lambda: 0.0))
    real = lad.ladder_chunk

    def first_only(cfg, lo, hi):
        if lo:
            raise KeyboardInterrupt
        return real(cfg, lo, hi)

    monkeypatch.setattr(lad, "ladder_chunk", first_only)
    result = runner.invoke(app, [*args, "-o", str(folder)])
    monkeypatch.setattr(lad, "ladder_chunk", real)
    return result


LADDER = ["ladder", TOY, "-n", "10", "--jobs", "1", "--search", FAST, "-q"]


def test_an_interrupted_ladder_keeps_its_chunks_and_resume_equals_an_unbroken_one(
        tmp_path, monkeypatch):
    cut, whole = tmp_path / "cut", tmp_path / "whole"
    result = _interrupted_ladder(cut, monkeypatch, LADDER)
    assert result.exit_code == 130 and "Traceback" not in result.output, result.output
    line = result.stderr.strip()
    assert len(line.splitlines()) == 1 and "kept the 4 of 10" in line and "--resume" in line
    parts = sorted((cut / ".parts").iterdir())
    assert len(parts) == 1 and parts[0].name.endswith("0000000000.parquet")
    assert outdir.PART_RE.match(parts[0].name)      # simcli's own: clear() knows it
    saved = json.loads((cut / "run.json").read_text())
    assert saved["plan"]["games"] == 10 and saved["finished"] is False
    assert not (cut / "ladder.md").exists()
    played = []
    real = lad.ladder_chunk

    def counted(cfg, lo, hi):
        played.append(lo)
        return real(cfg, lo, hi)

    monkeypatch.setattr(lad, "ladder_chunk", counted)
    result = runner.invoke(app, [*LADDER, "-o", str(cut), "--resume"])
    assert result.exit_code == 0, result.output
    assert played == [4, 8]                          # only the missing chunks
    monkeypatch.setattr(lad, "ladder_chunk", real)
    assert runner.invoke(app, [*LADDER, "-o", str(whole)]).exit_code == 0
    mine, theirs = _files(cut), _files(whole)
    assert ".parts" not in " ".join(mine) and not (cut / ".parts").exists()
    assert set(mine) == set(theirs) == {"run.json", "ladder.json", "ladder.md",
                                        "ladder.parquet", "plots/ladder.png"}
    for name in ("ladder.parquet", "ladder.json", "ladder.md", "plots/ladder.png"):
        assert mine[name] == theirs[name], name
    done = json.loads((cut / "run.json").read_text())
    assert done["finished"] is True and "--resume" not in done["command"]
    # resuming a finished ladder plays nothing and changes nothing
    result = runner.invoke(app, [*LADDER, "-o", str(cut), "--resume"])
    assert result.exit_code == 0 and "nothing to resume" in result.output
    assert _files(cut) == mine


def test_an_unfinished_ladder_is_resumed_only_by_the_same_ladder(tmp_path, monkeypatch):
    cut = tmp_path / "cut"
    assert _interrupted_ladder(cut, monkeypatch, LADDER).exit_code == 130
    before = _files(cut)
    # a plain rerun would delete the saved games: refused, pointing at --resume
    for args in (LADDER, ["ladder", TOY, "-n", "8", "--jobs", "1", "-q"]):
        result = runner.invoke(app, [*args, "-o", str(cut)])
        assert result.exit_code == 2 and "Traceback" not in result.output, result.output
        line = result.stderr.strip()
        assert len(line.splitlines()) == 1 and "--resume" in line and "4 of 10" in line
        assert _files(cut) == before
    # --resume with another plan: one line naming what differs, nothing touched
    for change, word in ((["-n", "12"], "games"), (["--seed", "2"], "seed"),
                         (["--search", "rollouts=6,recheck=4,kinds=all"], "search")):
        args = [a for a in LADDER if a not in ("-n", "10")] if change[0] == "-n" else LADDER
        if change[0] == "--search":
            args = LADDER[:LADDER.index("--search")] + LADDER[LADDER.index("--search") + 2:]
        result = runner.invoke(app, [*args, *change, "-o", str(cut), "--resume"])
        assert result.exit_code == 2 and "Traceback" not in result.output, result.output
        line = result.stderr.strip()
        assert len(line.splitlines()) == 1 and "different ladder" in line, line
        assert f"{word} differs" in line, line
        assert _files(cut) == before
    # the same ladder finishes it
    assert runner.invoke(app, [*LADDER, "-o", str(cut), "--resume"]).exit_code == 0


def test_run_confirm_replays_the_seeds_with_search_in_every_seat(tmp_path):
    folder = tmp_path / "run"
    result = runner.invoke(app, ["run", TOY, "--games", "30", "--jobs", "1", "-q", "--out",
                                 str(folder), "--confirm", "10", "--confirm-search", FAST])
    assert result.exit_code == 0, result.output
    data = json.loads((folder / "confirm.json").read_text())
    check = data["checks"][0]
    assert data["games"] == 10 and check["games"] == 10
    assert data["strategies"] == [f"search:base=random,{FAST}"]
    assert check["change_ci_low"] <= check["change"] <= check["change_ci_high"]
    assert check["verdict"] in {"holds", "changes", "not settled"}
    assert check["holds"] == {"holds": True, "changes": False}.get(check["verdict"])
    assert "First-player advantage" in data["findings"][0]
    # the run's report.html shows the verdicts under search play, after its own findings
    page = (folder / "report.html").read_text()
    assert page.count("Verdicts under search play") == 1
    assert page.index("Verdicts under search play") > page.index('<ol class="findings">')
    assert str(markupsafe.escape(data["findings"][0])) in page   # as jinja2 escapes it
    # confirm.json is simcli's: the same run again without --confirm removes it, and its
    # report has no verdicts under search play
    again = runner.invoke(app, ["run", TOY, "--games", "30", "--jobs", "1", "-q", "--out",
                                str(folder)])
    assert again.exit_code == 0, again.output
    assert not (folder / "confirm.json").exists() and not (folder / "confirm.md").exists()
    assert "Verdicts under search play" not in (folder / "report.html").read_text()


def test_confirm_needs_at_least_two_games(tmp_path):
    result = runner.invoke(app, ["run", TOY, "--games", "10", "--jobs", "1", "-q", "--out",
                                 str(tmp_path / "r"), "--confirm", "1"])
    assert result.exit_code == 2 and "--confirm" in result.output


def test_sweep_confirm_checks_the_fairest_variant_and_the_baseline(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(f'game = "{TOY}"\nplayers = [3]\ngames = 200\nseed = 2\n'
                    '[[variant]]\nname = "seat1-bonus"\n'
                    'rules = { start_bonus = { "3" = [10, 0, 0] } }\n'
                    '[[variant]]\nname = "small-bonus"\n'
                    'rules = { start_bonus = { "3" = [0, 1, 0] } }\n')
    out = tmp_path / "sw"
    result = runner.invoke(app, ["sweep", str(path), "--out", str(out), "--jobs", "1", "-q",
                                 "--confirm", "6", "--confirm-search", FAST])
    assert result.exit_code == 0, result.output
    data = json.loads((out / "confirm.json").read_text())
    roles = {c["role"]: c["variant"] for c in data["checks"]}
    # no variant plays the printed rules: the baseline is the sweep's first variant
    assert roles == {"fairest": "small-bonus", "baseline": "seat1-bonus"}
    assert set(data["fairest_holds"]) == {"3"}
    assert any("Fairest variant at 3p" in f for f in data["findings"])


def test_confirm_on_dask_matches_loky(tmp_path):
    """--confirm's chunks go through joblib: a dask LocalCluster gives the same games."""
    distributed = pytest.importorskip("distributed")
    from simcli.confirm import play, searching
    from simcli.execute import plan_run

    cfg = searching(plan_run(TOY, players=3, games=8, seed=5, out=tmp_path).configs[0], 8,
                    FAST)
    local, _ = play([cfg], 1, "loky", None)
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    try:
        remote, _ = play([cfg], 2, "dask", cluster.scheduler_address)
    finally:
        cluster.close()
    assert remote == local and len(local["game_index"]) == 8 * 3


def _check(diffs_new, base, p_value=None):
    from simcli.stats import paired_difference

    pd = paired_difference(base, diffs_new)
    return {"change": pd["diff"], "change_ci_low": pd["ci_low"], "change_ci_high": pd["ci_high"],
            "change_p_value": pd["p_value"] if p_value is None else p_value,
            "change_sd": float(np.std(np.subtract(diffs_new, base), ddof=1)),
            "games": len(base)}


def test_confirm_verdicts_hold_change_or_are_not_settled_with_holm():
    from statsmodels.stats.multitest import multipletests

    from simcli.confirm import MARGIN, judge

    rng = np.random.default_rng(3)
    base = rng.integers(0, 2, 400).astype(float)
    same = base.copy()
    same[:4] = 1 - same[:4]                     # 4 of 400 games differ: tiny change
    flipped = np.ones(400)                      # seat 1 wins every game under search
    few_b = rng.integers(0, 2, 12).astype(float)
    few_n = rng.integers(0, 2, 12).astype(float)
    checks = [_check(same, base), _check(flipped, base), _check(few_n, few_b)]
    judge(checks)
    assert [c["verdict"] for c in checks] == ["holds", "changes", "not settled"]
    assert [c["holds"] for c in checks] == [True, False, None]
    assert -MARGIN <= checks[0]["change_ci_low"] and checks[0]["change_ci_high"] <= MARGIN
    expected = multipletests([c["change_p_value"] for c in checks], method="holm")[1]
    assert [c["change_p_holm"] for c in checks] == pytest.approx(expected)
    assert checks[2]["games_to_settle"] > 0
    assert checks[0]["games_to_settle"] is None and checks[1]["games_to_settle"] is None


def test_holm_can_turn_a_lone_significant_check_into_not_settled():
    from simcli.confirm import judge

    checks = [{"change": 0.2, "change_ci_low": 0.01, "change_ci_high": 0.39,
               "change_p_value": 0.03, "change_sd": 0.5, "games": 30}] + [
              {"change": 0.0, "change_ci_low": -0.2, "change_ci_high": 0.2,
               "change_p_value": 0.9, "change_sd": 0.5, "games": 30} for _ in range(2)]
    judge(checks)
    assert checks[0]["change_p_holm"] == pytest.approx(0.09)
    assert checks[0]["verdict"] == "not settled"


def test_fairest_under_search_is_a_paired_bootstrap_with_an_interval():
    import polars as pl

    from simcli.confirm import fairest_under_search

    rows = []
    for g in range(60):
        for variant, winner in (("fair", g % 3 + 1), ("lopsided", 1)):
            for seat in (1, 2, 3):
                rows.append({"variant": variant, "n_players": 3, "game_index": g,
                             "seat": seat, "win_share": float(seat == winner)})
    strong = pl.DataFrame(rows)
    checks = [{"role": "fairest", "variant": "fair", "n_players": 3},
              {"role": "baseline", "variant": "lopsided", "n_players": 3}]
    out = fairest_under_search(checks, strong, 60)["3"]
    assert out["holds"] is True and out["games"] == 60
    assert out["ci_low"] < out["ci_high"] < 0
    assert out["difference"] == pytest.approx(-2 / 3)
    assert out["max_seat_deviation_fairest"] == pytest.approx(0.0)
    assert out["max_seat_deviation_baseline"] == pytest.approx(2 / 3)
    swapped = [{**checks[0], "variant": "lopsided"}, {**checks[1], "variant": "fair"}]
    assert fairest_under_search(swapped, strong, 60)["3"]["holds"] is False


def test_a_sweeps_baseline_is_the_variant_with_the_printed_rules():
    from simcli.confirm import baseline_of
    from simcli.sweep import plan_sweep

    plan = plan_sweep("scenarios/lovebattle-payouts.toml")
    base = baseline_of(plan.configs)
    assert base.overrides == {"otm_payout": 5, "triangle_payout": 8}
    assert plan.configs[0].overrides != base.overrides     # the grid starts at 4 / 7


def _plotted(result: dict, tmp_path, monkeypatch):
    """``ladder.plot``'s file and the figure it saved (kept by wrapping ``save_figure``)."""
    import matplotlib
    matplotlib.use("Agg")
    from simcli import fsio
    seen = {}
    real = fsio.save_figure

    def keep(fig, path, **kw):
        seen["fig"] = fig
        return real(fig, path, **kw)

    monkeypatch.setattr(fsio, "save_figure", keep)
    path = lad.plot(result, tmp_path / "ladder.png")
    return path, seen["fig"]


def test_ladder_plot_gain_ticks_are_few_signed_and_do_not_overlap(tmp_path, monkeypatch):
    # a gain axis spanning -0.15..+0.05 got a tick every 0.025 whose labels ran together
    gains = [{"heuristic": h, "gain": g, "ci_low": g - 0.08, "ci_high": g + 0.08}
             for h, g in (("arcade", -0.07), ("challenger", -0.055), ("builder", -0.055))]
    table = [{"strategy": s, "win_share": 0.25, "ci_low": 0.2, "ci_high": 0.3}
             for s in ("random", "arcade", "search(arcade)")]
    result = {"game": "vghs", "players": 4, "games": 200, "fair_share": 0.25,
              "table": table, "gains": gains}
    path, fig = _plotted(result, tmp_path, monkeypatch)
    assert path.stat().st_size > 1000
    ax2 = fig.axes[1]
    fig.canvas.draw()
    labels = [t for t in ax2.get_xticklabels() if t.get_text()
              and ax2.get_xlim()[0] <= t.get_position()[0] <= ax2.get_xlim()[1]]
    assert 2 <= len(labels) <= 6
    assert all(t.get_text()[0] in "+−-" or t.get_text() == "0" for t in labels)
    boxes = [t.get_window_extent() for t in labels]
    assert not any(a.overlaps(b) for a, b in zip(boxes, boxes[1:], strict=False))


@pytest.mark.parametrize("span", [(-0.01, 0.10), (-0.15, 0.05), (-0.004, 0.012), (0.0, 0.3)])
def test_ladder_plot_gain_tick_labels_are_the_ticks_values(tmp_path, monkeypatch, span):
    # Love Battle's 1000-game ladder (gains -0.01..+0.10) had ticks every 0.025 labelled
    # "+0.03" and "+0.08"
    lo, hi = span
    gains = [{"heuristic": "a", "gain": (lo + hi) / 2, "ci_low": lo, "ci_high": hi},
             {"heuristic": "b", "gain": lo + (hi - lo) / 4, "ci_low": lo, "ci_high": hi}]
    table = [{"strategy": s, "win_share": 0.25, "ci_low": 0.2, "ci_high": 0.3}
             for s in ("a", "b", "search(a)", "search(b)")]
    result = {"game": "lovebattle", "players": 4, "games": 1000, "fair_share": 0.25,
              "table": table, "gains": gains}
    _, fig = _plotted(result, tmp_path, monkeypatch)
    ax2 = fig.axes[1]
    fig.canvas.draw()
    left, right = ax2.get_xlim()
    ticks = [(t.get_position()[0], t.get_text()) for t in ax2.get_xticklabels()
             if t.get_text() and left <= t.get_position()[0] <= right]
    assert len(ticks) >= 2
    for value, text in ticks:
        assert float(text.replace("−", "-")) == pytest.approx(value, abs=1e-9), ticks


def _gain_rows(gains):
    table = [{"strategy": s, "win_share": 0.2, "ci_low": 0.1, "ci_high": 0.3, "games": 40}
             for h, _ in gains for s in (h, f"search({h})")]
    rows = [{"heuristic": h, "heuristic_share": 0.2, "gain": g, "ci_low": g - 0.05,
             "ci_high": g + 0.05, "games": 40, "p_holm": 0.5} for h, g in gains]
    return table, rows


def test_ladder_says_when_search_scores_below_a_heuristic_and_names_a_stronger_one(
        monkeypatch):
    # vgc's default search scored below the beater (stop 34): its gains then measure the
    # search, and the finding names vgc's dearer search, unless the ladder used it
    from strategies import search as search_mod
    from strategies.search import STRONGER

    table, gains = _gain_rows([("beater", -0.048), ("rusher", 0.022)])
    for search, named in (("", True), (STRONGER["vgc"], False),
                          (f"rollouts=8,{STRONGER['vgc']}", False)):
        cfg = lad.plan_ladder("vgc", 4, 4, 7, search)
        text = " ".join(lad.findings(cfg, table, gains, {}))
        assert "search scores below beater here" in text and "rusher here" not in text
        assert (f"--search {STRONGER['vgc']}" in text) is named, (search, text)
        assert ("No search measured stronger is known" in text) is not named
    # vghs knows none stronger than its default (stop 44: its former entry, rollouts that
    # look ahead, is the default now), and says so
    table, gains = _gain_rows([("arcade", -0.05)])
    text = " ".join(lad.findings(lad.plan_ladder("vghs", 4, 4, 7, ""), table, gains, {}))
    assert "No search measured stronger is known for vghs" in text
    assert "--search" not in text
    # the same values in another order are the same search (an entry of three values)
    monkeypatch.setitem(search_mod.STRONGER, "vghs", "look=all,rounds=1,horizon=0")
    for search, named in (("", True), ("horizon=0,rounds=1,look=all", False),
                          ("horizon=0,rounds=1", True)):
        text = " ".join(lad.findings(lad.plan_ladder("vghs", 4, 4, 7, search), table, gains,
                                     {}))
        assert ("--search look=all,rounds=1,horizon=0" in text) is named, (search, text)
    table, gains = _gain_rows([("beater", 0.01), ("rusher", 0.022)])
    text = " ".join(lad.findings(lad.plan_ladder("vgc", 4, 4, 7, ""), table, gains, {}))
    assert "scores below" not in text and "--search" not in text


def test_search_look_is_refused_where_copies_cannot_be_determinized_again(tmp_path,
                                                                         monkeypatch):
    # a game whose determinized copies cannot be determinized again (``determinize_copies
    # = False``, as Love Battle's were before stop 37): a rollout bot that looks ahead
    # raised ValueError inside search's rollouts (a traceback); the spec is refused in one
    # line, exit 2, before the ladder's folder is made. Love Battle now takes ``look=``.
    import random

    from simcli.games import get_game
    from strategies import UnknownStrategyError, resolve

    game = get_game("lovebattle")
    assert game.determinize_copies and get_game("vghs").determinize_copies
    for look in ("", "own", "all"):
        resolve("lovebattle", f"search:look={look}")(game, 0, random.Random(1))
    monkeypatch.setattr(type(game), "determinize_copies", False)
    for look in ("own", "all"):
        with pytest.raises(UnknownStrategyError, match="cannot be determinized again"):
            resolve("lovebattle", f"search:look={look}")(game, 0, random.Random(1))
    resolve("lovebattle", "search:look=")(game, 0, random.Random(1))
    out = tmp_path / "lad"
    result = runner.invoke(app, ["ladder", "lovebattle", "-n", "4", "--search", "look=own",
                                 "-o", str(out), "--quiet"])
    assert result.exit_code == 2, result.output
    assert "cannot be determinized again" in result.output
    assert "Traceback" not in result.output and not out.exists()


def test_ladder_only_plays_the_named_strategies_with_the_rows_of_a_full_ladder(tmp_path):
    """``--only``: the named strategies and search on those in the default mix, nothing
    else; a subject's rows do not depend on which others are laddered (checked between
    two subsets; a full Love Battle ladder matched them too when this was written), the
    gains' Holm family is the heuristics laddered, and resume refuses another subset."""
    import polars as pl

    fast = "rollouts=4,recheck=2"
    one, two = tmp_path / "one", tmp_path / "two"
    for folder, only in ((one, "devoted"), (two, "triangle, devoted,devoted")):
        result = runner.invoke(app, ["ladder", "lovebattle", "-n", "4", "-s", "3", "--jobs",
                                     "1", "--search", fast, "--only", only, "-o",
                                     str(folder), "--quiet"])
        assert result.exit_code == 0, result.output
    data = json.loads((two / "ladder.json").read_text())
    assert [r["strategy"] for r in data["table"]] == [
        "devoted", "triangle", "search(devoted)", "search(triangle)"]
    assert [g["heuristic"] for g in data["gains"]] == ["devoted", "triangle"]
    assert data["only"] == ["triangle", "devoted"]
    assert json.loads((one / "run.json").read_text())["plan"]["only"] == ["devoted"]
    assert "only: devoted" in (one / "ladder.md").read_text()
    cols = ["subject", "spec", "game_index", "seed", "seat", "win_share", "searched"]
    a = pl.read_parquet(one / "ladder.parquet").select(cols).sort("subject", "game_index")
    b = (pl.read_parquet(two / "ladder.parquet").select(cols)
         .filter(pl.col("subject").is_in(["devoted", "search(devoted)"]))
         .sort("subject", "game_index"))
    assert a.height == 8 and a.to_dicts() == b.to_dicts()
    gains = data["gains"]
    ps = [g["p_value"] for g in gains]
    assert [g["p_holm"] for g in gains] == pytest.approx(stats.holm_adjust(ps))
    assert "Strongest of the heuristics laddered (--only)" in " ".join(data["findings"])
    # a full ladder's plan carries no "only" (its saved plans resume as before)
    assert "only" not in lad.plan_record(lad.plan_ladder("lovebattle", 4, 4, 3, fast), fast)
    # the folder of one subset does not resume as another
    result = runner.invoke(app, ["ladder", "lovebattle", "-n", "4", "-s", "3", "--search",
                                 fast, "--only", "triangle", "-o", str(one), "--resume"])
    assert result.exit_code == 2 and "holds a different ladder" in result.output


def test_ladder_only_refuses_names_it_cannot_ladder_in_one_line(tmp_path):
    for only, word in (("devoted,nosuch", "no strategy 'nosuch'"),
                       ("random", "names no strategy of lovebattle's default mix"),
                       ("search", "no strategy 'search'"),
                       ("devoted,,", "separated by commas")):
        out = tmp_path / only.replace(",", "_")
        result = runner.invoke(app, ["ladder", "lovebattle", "-n", "2", "--only", only,
                                     "-o", str(out), "--quiet"])
        assert result.exit_code == 2, result.output
        assert word in result.output and "Traceback" not in result.output
        assert not out.exists()


def test_ladder_pool_is_one_paired_verdict_over_every_game_of_its_ladders(tmp_path):
    """``simcli ladder-pool``: ladders of one experiment on different seeds are one sample
    of games; each gain is the paired t interval over all their per-game differences."""
    import polars as pl

    folders = [tmp_path / f"s{sd}" for sd in (1, 2)]
    for sd, folder in zip((1, 2), folders, strict=True):
        assert runner.invoke(app, ["ladder", TOY, "-n", "10", "-s", str(sd), "--jobs", "1",
                                   "--search", FAST, "-o", str(folder), "--quiet"]
                             ).exit_code == 0
    out = tmp_path / "pool"
    result = runner.invoke(app, ["ladder-pool", *map(str, folders), "-o", str(out)])
    assert result.exit_code == 0, result.output
    diffs = []
    for folder in folders:
        frame = pl.read_parquet(folder / "ladder.parquet")
        share = {(r["subject"], r["game_index"]): r["win_share"] for r in frame.to_dicts()}
        diffs += [(share["random", i], share["search(random)", i]) for i in range(10)]
    ref = stats.paired_difference([a for a, _ in diffs], [b for _, b in diffs])
    data = json.loads((out / "ladder.json").read_text())
    gain = data["gains"][0]
    assert gain["games"] == 20 and data["games"] == 20 and data["seed"] == [1, 2]
    assert (gain["gain"], gain["ci_low"], gain["ci_high"]) == pytest.approx(
        (ref["diff"], ref["ci_low"], ref["ci_high"]))
    rows = pl.read_parquet(out / "ladder.parquet")
    assert rows.filter(pl.col("subject") == "random")["game_index"].n_unique() == 20
    assert "2 ladders pooled, seeds 1, 2" in (out / "ladder.md").read_text()
    assert (out / "plots" / "ladder.png").stat().st_size > 1000
    # a pool may be written again into its own folder
    assert runner.invoke(app, ["ladder-pool", *map(str, folders), "-o", str(out), "-q"]
                         ).exit_code == 0


def test_ladder_pool_refuses_what_is_not_one_experiment_in_one_line(tmp_path):
    one, other, third = tmp_path / "one", tmp_path / "other", tmp_path / "third"
    for folder, sd, search in ((one, 1, FAST), (other, 2, "rollouts=6,recheck=4,kinds=all"),
                               (third, 3, FAST)):
        assert runner.invoke(app, ["ladder", TOY, "-n", "4", "-s", str(sd), "--jobs", "1",
                                   "--search", search, "-o", str(folder), "--quiet"]
                             ).exit_code == 0
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep")
    cases = (([one, one], "seed 1 is in more than one", "x1"),
             ([one, other], "differ in --search", "x2"),
             ([one], "two or more", "x3"),
             ([one, tmp_path / "nope"], "no ladder there", "x4"),
             ([one, tmp_path / "mine"], "no ladder there", "x5"))
    for folders, word, out in cases:
        result = runner.invoke(app, ["ladder-pool", *map(str, folders), "-o",
                                     str(tmp_path / out)])
        assert result.exit_code == 2 and word in result.output, result.output
        assert "Traceback" not in result.output and not (tmp_path / out).exists()
    before = sorted(p.name for p in one.iterdir())
    for out, word in ((one, "is one of the ladders pooled"), (other, "holds a ladder"),
                      (tmp_path / "mine", "did not write")):
        result = runner.invoke(app, ["ladder-pool", str(one), str(third), "-o", str(out)])
        assert result.exit_code == 2 and word in result.output, result.output
    assert sorted(p.name for p in one.iterdir()) == before
    assert json.loads((other / "ladder.json").read_text())["seed"] == 2
    assert (tmp_path / "mine" / "notes.txt").read_text() == "keep"


def test_games_to_show_a_gain_within_or_above_the_005_bound_match_statsmodels():
    """``games_to_settle(diffs, 0.05)``: the games at which the 95% interval of the same
    mean and spread stops holding +0.05, i.e. a two-sided z test of mean = +0.05 at half
    power (statsmodels' one-sample normal power, ratio=0)."""
    from statsmodels.stats.power import NormalIndPower

    rng = np.random.default_rng(5)
    for mean in (0.0, 0.02, 0.09):
        diffs = list(rng.choice([-1.0, 0.0, 1.0], size=300, p=[0.2, 0.6, 0.2]) + mean)
        m, sd = float(np.mean(diffs)), float(np.std(diffs, ddof=1))
        ref = NormalIndPower().solve_power(effect_size=abs(m - lad.WITHIN) / sd,
                                           alpha=0.05, power=0.5, ratio=0)
        got = lad.games_to_settle(diffs, lad.WITHIN)
        assert got == pytest.approx(max(300, ref), rel=0.01, abs=1)
    assert lad.games_to_settle([0.05, 0.05, 0.05], lad.WITHIN) is None


def test_ladder_names_the_gains_not_settled_against_the_005_bound(tmp_path):
    table, gains = _gain_rows([("arcade", 0.041), ("challenger", 0.07), ("builder", -0.001),
                               ("rival", 0.12)])
    for g, more in zip(gains, (3400, 900, None, None), strict=True):
        g["games_to_settle_within"] = more
    text = " ".join(lad.findings(lad.plan_ladder("vghs", 4, 4, 7, ""), table, gains, {}))
    assert ("Not settled against +0.05 (the interval holds it): arcade +0.041, within by "
            "its estimate (about 3,400 games would show it within); challenger +0.070, "
            "above by its estimate (about 900 games would show it above).") in text
    # builder's interval is below +0.05, rival's above: settled, not named there
    assert "builder -0.001" not in text and "rival +0.120" not in text
    assert "Heuristics within +0.05 of search (upper bound of the gain): builder of 4" in text


def test_a_pooled_ladder_plot_names_each_strategys_games_when_they_differ(tmp_path,
                                                                         monkeypatch):
    """A pool of a full ladder and an ``--only`` one: random and builder have 400 games,
    arcade 1000; the plot's labels say so (its title "up to"), a plain ladder's do not."""
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    seen: dict = {"ticks": [], "title": []}
    real_ticks, real_title = Axes.set_yticks, Figure.suptitle
    monkeypatch.setattr(Axes, "set_yticks", lambda ax, pos, labels=None, **kw: (
        seen["ticks"].append(list(labels)), real_ticks(ax, pos, labels, **kw))[1])
    monkeypatch.setattr(Figure, "suptitle", lambda fig, text, **kw: (
        seen["title"].append(text), real_title(fig, text, **kw))[1])

    def row(name, games):
        return {"strategy": name, "games": games, "win_share": 0.25, "ci_low": 0.2,
                "ci_high": 0.3}

    def gain(name, games):
        return {"heuristic": name, "games": games, "gain": 0.03, "ci_low": 0.0,
                "ci_high": 0.06}

    base = {"game": "vghs", "players": 4, "fair_share": 0.25, "search": "", "games": 1000}
    lad.plot({**base, "table": [row("random", 400), row("arcade", 1000),
                                row("builder", 400)],
              "gains": [gain("arcade", 1000), gain("builder", 400)]}, tmp_path / "a.png")
    assert seen["ticks"] == [["random (400 games)", "arcade (1,000 games)",
                              "builder (400 games)"], ["arcade (1,000)", "builder (400)"]]
    assert seen["title"] == ["vghs 4p ladder (up to 1000 games)"]
    md = lad.markdown({**base, "seed": 1, "mix": ["arcade"], "findings": [],
                       "table": [{**row("random", 400), "seconds_per_game": 0.1},
                                 {**row("arcade", 1000), "seconds_per_game": 0.1}],
                       "gains": [{**gain("arcade", 1000), "heuristic_share": 0.2,
                                  "search_share": 0.23, "p_holm": 0.1}]})
    assert md.startswith("# Ladder: vghs, 4 players, up to 1000 games (seed 1)")
    seen["ticks"].clear()
    seen["title"].clear()
    lad.plot({**base, "table": [row("arcade", 1000)], "gains": [gain("arcade", 1000)]},
             tmp_path / "b.png")
    assert seen["ticks"] == [["arcade"], ["arcade"]]
    assert seen["title"] == ["vghs 4p ladder (1000 games)"]


def test_ladder_cost_finding_says_whole_game_costs_and_what_search_adds():
    # The cost line read "search costs 0.71 s of CPU per game in one seat ... against
    # 492.8 ms for a heuristic game" where 0.71 s was the whole game with a search seat
    # (three heuristic seats included): it now says so, and what search adds, per game and
    # per searched decision
    table, gains = _gain_rows([("arcade", 0.05), ("challenger", 0.05)])
    for r in table:
        search = r["strategy"].startswith("search(")
        r["seconds_per_game"] = 0.70 if search else 0.50
        if search:
            r.update(searched_per_game=10.0, rollouts_per_game=78.0, departed_per_game=2.0)
    cost = lad._cost(table)
    assert cost["search_extra_seconds_per_game"] == pytest.approx(0.20)
    assert cost["seconds_per_searched_decision"] == pytest.approx(0.02)
    text = " ".join(lad.findings(lad.plan_ladder("vghs", 4, 4, 7, ""), table, gains, cost))
    assert ("A game with search in one seat costs 0.70 s of CPU against 0.50 s for a "
            "heuristic game: search adds 0.20 s a game (10.0 searched decisions, 20 ms each; "
            "78 rollouts and 2.0 departures from the base a game).") in text

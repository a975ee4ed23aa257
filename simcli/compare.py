"""``compare`` two result folders and ``check`` a scenario against a baseline or bounds."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl
from scipy import stats as sps

from simcli import stats, tables
from simcli.report import md_table
from simcli.scenario import ScenarioError

SIGNIFICANCE = 0.05
BASE_COLUMNS = {"game_index", "seed", "game", "variant", "n_players", "seat", "strategy",
                "score", "place", "win_share", "turns", "decisions", "end_reason"}


@dataclass
class Side:
    """One side of a comparison: its summary and (when at hand) its results."""

    label: str
    summary: dict[str, Any]
    results: pl.DataFrame | None = None


def load_side(path: str | Path) -> Side:
    p = Path(path)
    if p.is_dir():
        summary_path, folder = p / "summary.json", p
    elif p.is_file():
        summary_path, folder = p, p.parent
    else:
        raise ScenarioError(f"{path} does not exist")
    if not summary_path.is_file():
        raise ScenarioError(f"{path}: no summary.json (run `simcli report` on it first?)")
    try:
        summary = json.loads(summary_path.read_text())
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"{summary_path} is not valid JSON: {exc}") from None
    for key in ("game", "rules_version", "seats", "strategy_table"):
        if key not in summary:
            raise ScenarioError(f"{summary_path} is not a simcli summary (no {key!r})")
    results = None
    if (folder / "results.parquet").is_file():
        results = pl.read_parquet(folder / "results.parquet")
    return Side(str(path), summary, results)


def _players(summary: dict) -> list[int]:
    return sorted({int(r["n_players"]) for r in summary["seats"]})


def refuse_mismatch(base: dict, new: dict, *, strategies: bool = True) -> None:
    """Refuse (ScenarioError, exit 2) to compare different games, player counts, rules
    versions or strategies, naming the difference."""
    checks = [("game", base["game"], new["game"]),
              ("rules version", base["rules_version"], new["rules_version"]),
              ("player counts", _players(base), _players(new))]
    if strategies:
        checks.append(("strategies", sorted(base.get("strategies") or []),
                       sorted(new.get("strategies") or [])))
    for what, a, b in checks:
        if a != b:
            raise ScenarioError(f"refusing to compare different {what}: baseline {a!r}, "
                                f"new {b!r}")


@dataclass
class Comparison:
    seats: pl.DataFrame
    strategies: pl.DataFrame
    scores: pl.DataFrame
    metrics: pl.DataFrame = field(default_factory=pl.DataFrame)


def _share_rows(base_rows: list[dict], new_rows: list[dict], key: tuple[str, ...]) -> list[dict]:
    new_by = {tuple(r[k] for k in key): r for r in new_rows}
    out = []
    for b in base_rows:
        n = new_by.get(tuple(b[k] for k in key))
        if n is None:
            continue
        # per seat appearance ("seats"; schema-1 strategy rows counted them as "games")
        res = stats.two_proportion(b["wins"], b.get("seats", b["games"]), n["wins"],
                                   n.get("seats", n["games"]))
        out.append({**{k: b[k] for k in key}, "base": res["base"], "new": res["new"],
                    "diff": res["diff"], "ci_low": res["ci_low"], "ci_high": res["ci_high"],
                    "p_value": res["p_value"], "significant": res["p_value"] < SIGNIFICANCE})
    return out


def compare(base: Side, new: Side) -> Comparison:
    """Per seat and strategy: change in win share (two-proportion test); per seat: change
    in score (Mann-Whitney when both results files are at hand, else Welch's t from the
    summaries); per numeric game metric: change of its mean (Mann-Whitney)."""
    refuse_mismatch(base.summary, new.summary)
    seat_key = ("variant", "n_players", "seat")
    seats = _share_rows(base.summary["seats"], new.summary["seats"], seat_key)
    strat = _share_rows(base.summary["strategy_table"], new.summary["strategy_table"],
                        ("variant", "n_players", "strategy"))
    new_seats = {tuple(r[k] for k in seat_key): r for r in new.summary["seats"]}
    scores = []
    for b in base.summary["seats"]:
        n = new_seats.get(tuple(b[k] for k in seat_key))
        if n is None:
            continue
        if base.results is not None and new.results is not None:
            p = stats.mann_whitney(_column(base.results, b, "score"),
                                   _column(new.results, b, "score"))
            test = "Mann-Whitney"
        else:
            p = float(sps.ttest_ind_from_stats(
                b["mean_score"], b["sd_score"] or 0.0, b["games"], n["mean_score"],
                n["sd_score"] or 0.0, n["games"], equal_var=False).pvalue)
            test = "Welch t"
        scores.append({**{k: b[k] for k in seat_key}, "base_mean": b["mean_score"],
                       "new_mean": n["mean_score"], "diff": n["mean_score"] - b["mean_score"],
                       "p_value": p if p == p else 1.0, "test": test})
    metrics = []
    if base.results is not None and new.results is not None:
        numeric = [c for c, t in base.results.schema.items()
                   if c not in BASE_COLUMNS and c in new.results.columns and t.is_numeric()]
        for col in numeric:
            for (variant, n_players), b in base.results.group_by(tables.GROUP,
                                                                 maintain_order=True):
                n = new.results.filter((pl.col("variant") == variant)
                                       & (pl.col("n_players") == n_players))
                if n.is_empty():
                    continue
                bvals = b[col].drop_nulls().cast(pl.Float64)
                nvals = n[col].drop_nulls().cast(pl.Float64)
                if bvals.is_empty() or nvals.is_empty():
                    continue
                metrics.append({"variant": variant, "n_players": n_players, "metric": col,
                                "base_mean": bvals.mean(), "new_mean": nvals.mean(),
                                "diff": nvals.mean() - bvals.mean(),
                                "p_value": stats.mann_whitney(bvals.to_numpy(),
                                                              nvals.to_numpy())})
    return Comparison(pl.DataFrame(seats), pl.DataFrame(strat), pl.DataFrame(scores),
                      pl.DataFrame(metrics))


def _column(df: pl.DataFrame, row: dict, col: str):
    return df.filter((pl.col("variant") == row["variant"])
                     & (pl.col("n_players") == row["n_players"])
                     & (pl.col("seat") == row["seat"]))[col].to_numpy()


def comparison_markdown(base: Side, new: Side, comp: Comparison) -> str:
    b, n = base.summary, new.summary
    lines = [f"### simcli compare: {b['title']} ({b['game']}, rules {b['rules_version']})", "",
             f"- base: `{base.label}` ({b['games']} games, seed {b['seed']})",
             f"- new: `{new.label}` ({n['games']} games, seed {n['seed']})",
             f"- significant: p < {SIGNIFICANCE}", ""]
    for title, df in (("Seat win share", comp.seats), ("Strategy win share", comp.strategies),
                      ("Score per seat", comp.scores), ("Game metrics (means)", comp.metrics)):
        if df.is_empty():
            continue
        drop = tuple(c for c in ("variant", "n_players") if df[c].n_unique() <= 1)
        lines += [f"#### {title}", "", md_table(df, drop=drop), ""]
    return "\n".join(lines)


# ------------------------------------------------------------------------------ check
def check_against_baseline(comp: Comparison, tolerance: float) -> list[str]:
    """Failures: seat or strategy win shares that moved by more than ``tolerance`` and
    significantly."""
    failures = []
    for label, df, key in (("seat", comp.seats, "seat"), ("strategy", comp.strategies,
                                                           "strategy")):
        for r in df.iter_rows(named=True) if not df.is_empty() else []:
            if abs(r["diff"]) > tolerance and r["p_value"] < SIGNIFICANCE:
                failures.append(
                    f"{label} {r[key]} ({r['variant']}, {r['n_players']}p) win share moved "
                    f"{r['diff']:+.3f} ({r['base']:.3f} -> {r['new']:.3f}, 95% CI "
                    f"[{r['ci_low']:+.3f}, {r['ci_high']:+.3f}], p={r['p_value']:.2g})")
    return failures


BOUND_KEYS = ("seat_share", "strategy_share", "first_player_advantage")


def parse_bounds(check: dict[str, Any], where: str) -> list[tuple[str, str, float, float]]:
    """[check] table -> list of (kind, subject, low, high)."""
    unknown = sorted(set(check) - set(BOUND_KEYS))
    if unknown:
        raise ScenarioError(f"{where}: check.{unknown[0]}: unknown bound; valid: "
                            + ", ".join(BOUND_KEYS))
    out = []

    def pair(key: str, value: Any) -> tuple[float, float]:
        ok = (isinstance(value, list) and len(value) == 2
              and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
              and value[0] <= value[1])
        if not ok:
            raise ScenarioError(f"{where}: check.{key} must be [low, high] with low <= high, "
                                f"got {value!r}")
        return float(value[0]), float(value[1])

    for kind in ("seat_share", "strategy_share"):
        table = check.get(kind, {})
        if not isinstance(table, dict):
            raise ScenarioError(f"{where}: check.{kind} must be a table like "
                                '{ "1" = [0.22, 0.28] }')
        for subject, value in table.items():
            if kind == "seat_share" and not str(subject).isdigit():
                raise ScenarioError(f"{where}: check.seat_share.{subject}: seats are numbers")
            lo, hi = pair(f"{kind}.{subject}", value)
            out.append((kind, str(subject), lo, hi))
    if "first_player_advantage" in check:
        lo, hi = pair("first_player_advantage", check["first_player_advantage"])
        out.append(("first_player_advantage", "seat 1", lo, hi))
    if not out:
        raise ScenarioError(f"{where}: [check] declares no bounds; valid: "
                            + ", ".join(BOUND_KEYS))
    return out


def judge_bounds(summary: dict, bounds: list[tuple[str, str, float, float]]) -> list[dict]:
    """Each bound: pass (interval inside), fail (interval outside) or undecided."""
    out = []
    seats = {str(r["seat"]): r for r in summary["seats"]}
    strats = {r["strategy"]: r for r in summary["strategy_table"]}
    fair = summary["fairness"][0] if summary["fairness"] else None
    for kind, subject, lo, hi in bounds:
        if kind == "seat_share":
            row = seats.get(subject)
            if row is None:
                raise ScenarioError(f"check.seat_share.{subject}: no such seat "
                                    f"(seats: {', '.join(seats)})")
            value, clo, chi = row["win_share"], row["ci_low"], row["ci_high"]
        elif kind == "strategy_share":
            row = strats.get(subject)
            if row is None:
                raise ScenarioError(f"check.strategy_share.{subject}: no such strategy "
                                    f"(strategies: {', '.join(strats)})")
            value, clo, chi = row["win_share"], row["ci_low"], row["ci_high"]
        else:
            if fair is None:
                raise ScenarioError("check.first_player_advantage: a solo game against an "
                                    "automaton has no first-player advantage")
            value, clo, chi = (fair["first_player_advantage"], fair["fpa_ci_low"],
                               fair["fpa_ci_high"])
        if lo <= clo and chi <= hi:
            verdict = "pass"
        elif chi < lo or clo > hi:
            verdict = "fail"
        else:
            verdict = "undecided"
        out.append({"bound": kind, "subject": subject, "low": lo, "high": hi,
                    "value": value, "ci_low": clo, "ci_high": chi, "verdict": verdict,
                    "games": summary["games"]})
    return out


@dataclass
class CheckOutcome:
    passed: bool
    text: str
    folder: Path
    games: int


def run_check(scenario: str, *, baseline: str | None, tolerance: float,
              max_games: int | None, games: int | None, out: str | None,
              **run_kwargs: Any) -> CheckOutcome:
    """Run a scenario and judge it against a baseline summary or its [check] bounds."""
    import dataclasses

    from simcli import report
    from simcli.execute import execute, plan_run
    from simcli.scenario import load_scenario

    scen = load_scenario(scenario)
    folder = out or str(Path("reports") / f"check-{Path(scenario).stem}")
    plan = plan_run(None, scenario=scenario, games=games, out=folder)
    if baseline:
        if tolerance < 0:
            raise ScenarioError(f"--tolerance must be >= 0, not {tolerance}")
        base = load_side(baseline)
        refuse_mismatch(base.summary, {**plan.meta, "seats": [
            {"n_players": n} for n in plan.meta["players"]]})
        outcome = execute(plan, **run_kwargs)
        if outcome.summary is None:
            raise ScenarioError(f"no game of {scenario} finished; see {folder}/errors.jsonl")
        new = load_side(plan.folder)
        comp = compare(base, new)
        failures = check_against_baseline(comp, tolerance)
        text = comparison_markdown(base, new, comp)
        verdict = (f"FAIL: {len(failures)} win share(s) moved by more than {tolerance} and "
                   "significantly:\n" + "\n".join(f"- {f}" for f in failures)
                   if failures else f"PASS: no win share moved by more than {tolerance} "
                   "significantly")
        return CheckOutcome(not failures, text + "\n" + verdict + "\n", plan.folder,
                            outcome.summary["games"])
    if not scen.check:
        raise ScenarioError(f"scenario {scenario!r} has no [check] bounds; give --baseline "
                            "SUMMARY.json or add a [check] table")
    bounds = parse_bounds(scen.check, f"scenario {scenario!r}")
    n = plan.configs[0].n_games
    limit = max_games or max(n, 20 * n)
    if limit < n:
        raise ScenarioError(f"--max-games {limit} is below the first look of {n} games")
    outcome = execute(plan, **run_kwargs)
    while True:
        if outcome.summary is None:
            raise ScenarioError(f"no game of {scenario} finished; see {folder}/errors.jsonl")
        verdicts = judge_bounds(outcome.summary, bounds)
        if outcome.interrupted or n >= limit or all(v["verdict"] != "undecided"
                                                    for v in verdicts):
            break
        want = min(limit, 2 * n)
        plan.configs = [dataclasses.replace(c, n_games=want) for c in plan.configs]
        plan.meta["games"] = want
        run_kwargs.pop("resume", None)
        outcome = execute(plan, start=n, **run_kwargs)
        n = want
    plan.meta["stopping"] = f"check bounds, sequential: stopped after {n} games"
    report.write_run_file(plan.folder, plan.meta)
    failed = []
    for v in verdicts:
        if v["verdict"] == "undecided":
            inside = v["low"] <= v["value"] <= v["high"]
            v["verdict"] = "undecided (estimate inside)" if inside else \
                "fail (undecided, estimate outside)"
        if v["verdict"].startswith("fail"):
            failed.append(v)
    lines = [f"### simcli check {scenario}: {n} games", "",
             md_table(pl.DataFrame(verdicts)), ""]
    for v in failed:
        lines.append(f"FAIL: {v['bound']} {v['subject']} = {v['value']:.3f}, 95% CI "
                     f"[{v['ci_low']:.3f}, {v['ci_high']:.3f}] outside [{v['low']}, "
                     f"{v['high']}] after {v['games']} games")
    if not failed:
        lines.append(f"PASS: every bound holds after {n} games")
    return CheckOutcome(not failed, "\n".join(lines) + "\n", plan.folder, n)

"""Fit a heuristic's weights to what ``search`` chooses (one step of expert iteration).

Optimising a heuristic's weights on win share is noisy: a trial of 400 games measures a
win share to about +-0.04, and the tuned weights of earlier stops mostly did not hold on
fresh games. ``search`` gives a denser signal: at every decision it searches, it says
which of the candidate options its paired rollouts of this very heuristic rate best. A
heuristic that scores an option as a weighted sum of terms can be fitted to those choices
by a conditional logit (one group per searched decision, the options as alternatives,
statsmodels' ``ConditionalLogit``), and the fitted coefficients, rescaled to the current
weights, are a proposal for new defaults, to be checked on fresh paired games
(``tools/tune_strategies.py measure``) before adoption.

A strategy takes part by defining ``terms(view, decision, option) -> dict[str, float]``:
the unweighted terms of its score for ``option`` at this decision (called right after its
own ``choose`` on the same view), such that its choice is the option with the largest
sum of ``weight(k) * terms[k]``, where ``weight(k)`` is its parameter ``k`` when it has
one and 1 otherwise. ``fit`` prints how often that sum's best option is the bot's own
choice (the terms check: it should be close to 1).

    python tools/search_fit.py record vghs --base arcade -n 150 -s 11 -o arcade.parquet
    python tools/search_fit.py fit arcade.parquet            # coefficients, proposal
    python tools/search_fit.py fit arcade.parquet --holdout 0.3 --fix w_office
    python tools/search_fit.py fit arcade.parquet --on gains    # the race's measured gains

``record`` plays ``-n`` games with ``search`` (base ``--base``, extra parameters with
``--search k=v,...``; where a game's search races only the default mix's own choices,
``propose=mix``, the default of vghs, vgc and class89, ``--search propose=`` records every
option) in one seat, rotated, against the game's default mix, and writes one
row per searched decision and candidate option (game, decision, kind, option, whether it
was the base's and the search's choice, its paired mean gain over the base's choice in the
race, and its terms), atomically. ``fit`` reads such files (several: pooled; each row keeps its own
current weights). Search keeps the base's choice unless a re-check confirms a gain, so
the logit has one more regressor, the base's choice (its bias, not part of the
proposal). ``--on gains`` fits instead the race's paired gain of every raced option over
the base's choice on the differences of their terms (weighted least squares): what
search measured, including the options it did not take, which measured steadier for vghs
at stop 21. Either way a proposal must hold on fresh paired games
(``tools/tune_strategies.py measure --field-rev current --strategy 'NAME:k=v'``).
"""
from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def weight_of(params: dict, key: str) -> float:
    """A term's current weight: the bot's parameter of that name, or 1."""
    value = params.get(key, 1.0)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 1.0
    return float(value)


def record(game_name: str, base: str, *, players: int | None = None, games: int = 100,
           seed: int = 1, search: str = "") -> list[dict]:
    """Rows (one per searched decision and candidate option) from ``games`` games with
    ``search`` on ``base`` in one seat against the default mix."""
    from simcli.strength import one_seat_shares
    from strategies import default_mix, parse_spec, resolve
    from strategies.search import SearchBot

    mix = [resolve(game_name, s) for s in default_mix(game_name)]
    base_factory = resolve(game_name, base)
    _, extra = parse_spec(f"search:{search}") if search else ("search", {})
    rows: list[dict] = []
    counter = {"game": -1, "decision": 0}

    def make(g, p, rng):
        counter["game"] += 1
        bot = SearchBot(g, p, rng, models=(base_factory, mix), **extra)
        base_bot = bot.base
        terms = getattr(base_bot, "terms", None)
        game_no = counter["game"]

        def trace(view, decision, options, a0, chosen, values):
            d = counter["decision"]
            counter["decision"] += 1
            for i, a in enumerate(options):
                vals = values.get(a, [])
                base_vals = values.get(a0, [])[:len(vals)]
                row = {"game": game_no, "decision": d, "kind": str(decision.kind),
                       "option": i, "label": repr(a)[:80], "is_base": a == a0,
                       "chosen": a == chosen, "departed": chosen != a0,
                       # the race's paired mean gain over the base's choice, on the
                       # copies this option was played on (dropped options: fewer)
                       "gain": (math.fsum(x - y for x, y in zip(vals, base_vals, strict=True))
                                / len(vals)) if vals else float("nan"),
                       "n_values": len(vals)}
                if terms is not None:
                    for k, v in terms(view, decision, a).items():
                        row[f"t_{k}"] = float(v)
                rows.append(row)
        bot.trace = trace
        return bot

    one_seat_shares(game_name, make, mix, n_players=players, games=games, seed=seed)
    params = getattr(base_factory, "keywords", {})
    cls = getattr(base_factory, "func", base_factory)
    weights = {**getattr(cls, "params", {}), **params}
    for row in rows:
        row["base_spec"] = base
        for k in [c for c in row if c.startswith("t_")]:
            row[f"w_{k[2:]}"] = weight_of(weights, k[2:])
    return rows


def _frame(paths):
    import pandas as pd

    frames = []
    for n, path in enumerate(paths):
        f = pd.read_parquet(path)
        f["decision"] = f["decision"].astype("int64") + n * 10_000_000
        f["game"] = f["game"].astype("int64") + n * 10_000_000
        frames.append(f)
    return pd.concat(frames, ignore_index=True)


def _scores(frame, weights: dict, terms: list[str]):
    """Each row's weighted sum of its terms: ``weights[k]`` where given, else the row's
    own current weight (the ``w_<k>`` column: pooled files from different bases each
    keep their own)."""
    import numpy as np

    score = np.zeros(len(frame))
    for k in terms:
        w = weights[k] if k in weights else frame[f"w_{k}"].to_numpy(dtype=float)
        score = score + w * frame[f"t_{k}"].to_numpy(dtype=float)
    return score


def agreement(frame, score) -> float:
    """Share of decisions whose best option by ``score`` (one per row) is the search's
    choice (ties: the earlier option)."""
    f = frame.assign(_s=score)
    best = f.sort_values(["decision", "_s", "option"], ascending=[True, False, True])
    top = best.groupby("decision", sort=False).head(1)
    return float(top["chosen"].mean())


def terms_check(frame, score) -> float:
    """Share of decisions where the bot's own choice has the largest weighted score (a
    tie the bot broke at random among equal scores counts as agreeing)."""
    f = frame.assign(_s=score)
    top = f.groupby("decision")["_s"].transform("max")
    mine = f[f["is_base"].to_numpy(dtype=bool)]
    tol = 1e-9 * (1.0 + top[mine.index].abs())
    return float((mine["_s"] >= top[mine.index] - tol).mean())


def loglik_per_decision(frame, utility) -> float:
    """Mean log-probability of the search's choice per decision under a conditional
    logit with these utilities (one per row)."""
    import numpy as np

    f = frame.assign(_u=utility)
    top = f.groupby("decision")["_u"].transform("max")
    z = np.exp(f["_u"] - top).groupby(f["decision"]).transform("sum")
    logp = f["_u"] - top - np.log(z)
    return float(logp[f["chosen"].to_numpy(dtype=bool)].mean())


def clogit(chosen, exog, groups, offset=None):
    """Conditional logit (McFadden's choice model): one group per decision, exactly one
    chosen alternative in each; ``offset`` adds fixed terms to every utility. Returns
    coefficients, their standard errors (inverse of the information) and the
    log-likelihood. Without an offset it equals statsmodels' ``ConditionalLogit`` (tested);
    statsmodels' own offset handling fails on its covariance, hence this version."""
    import numpy as np
    from scipy.optimize import minimize

    order = np.argsort(groups, kind="stable")
    x = np.asarray(exog, dtype=float)[order]
    y = np.asarray(chosen, dtype=bool)[order]
    g = np.asarray(groups)[order]
    off = np.zeros(len(g)) if offset is None else np.asarray(offset, dtype=float)[order]
    starts = np.flatnonzero(np.r_[True, g[1:] != g[:-1]])
    idx = np.repeat(np.arange(len(starts)), np.diff(np.r_[starts, len(g)]))

    def parts(beta):
        u = x @ beta + off
        m = np.maximum.reduceat(u, starts)
        e = np.exp(u - m[idx])
        z = np.add.reduceat(e, starts)
        p = e / z[idx]
        return u, m, z, p

    def nll(beta):
        u, m, z, p = parts(beta)
        ll = u[y].sum() - (m + np.log(z)).sum()
        grad = x[y].sum(axis=0) - np.add.reduceat(p[:, None] * x, starts).sum(axis=0)
        return -ll, -grad

    k = x.shape[1]
    res = minimize(nll, np.zeros(k), jac=True, method="BFGS")
    beta = res.x
    _, _, _, p = parts(beta)
    mean = np.add.reduceat(p[:, None] * x, starts)          # per group E[x]
    dx = x - mean[idx]
    info = (p[:, None, None] * dx[:, :, None] * dx[:, None, :]).sum(axis=0)
    if k and np.linalg.matrix_rank(info) == k:
        bse = np.sqrt(np.maximum(np.diag(np.linalg.inv(info)), 0.0))
    else:   # terms collinear inside the decisions: not all coefficients identified
        bse = np.full(k, np.nan)
    return beta, bse, float(-res.fun)


def fit_gains(train, free: list[str]):
    """Weighted least squares of each raced option's paired gain over the base's choice
    (the race's mean over the copies it was played on; weight: that number of copies) on
    its terms minus the base choice's, no intercept (statsmodels WLS): the win value of
    one unit of each term. Uses what search measured, not only what it finally chose."""
    import numpy as np
    import statsmodels.api as sm

    base = train[train["is_base"].to_numpy(dtype=bool)].set_index("decision")
    rows = train[~train["is_base"].to_numpy(dtype=bool) & (train["n_values"] > 0)]
    if rows.empty:
        raise SystemExit("no raced option besides the base's choice: nothing to fit")
    x = np.column_stack([rows[f"t_{k}"].to_numpy(dtype=float)
                         - base.loc[rows["decision"], f"t_{k}"].to_numpy(dtype=float)
                         for k in free])
    res = sm.WLS(rows["gain"].to_numpy(dtype=float), x,
                 weights=rows["n_values"].to_numpy(dtype=float)).fit()
    return np.asarray(res.params), np.asarray(res.bse), len(rows)


def fit(paths, *, holdout: float = 0.0, fix: list[str] | None = None, seed: int = 1,
        on: str = "choices", kinds: list[str] | None = None) -> dict:
    """Conditional-logit coefficients of the terms on the search's choices, and the
    rescaled proposal; with ``holdout`` a share of the games is kept out of the fit and
    the agreement of the current and the proposed weights, and the log-likelihood of
    the search's choices under each, are measured there. Files recorded over different
    bases pool: each row keeps its own current weights."""
    import numpy as np
    frame = _frame(paths)
    if kinds:
        frame = frame[frame["kind"].isin(kinds)]
        if frame.empty:
            raise SystemExit(f"no searched decision of kind {', '.join(kinds)} recorded")
    # a term no row of these kinds has is not one of theirs
    terms = sorted(c[2:] for c in frame.columns
                   if c.startswith("t_") and frame[c].notna().any())
    if not terms:
        raise SystemExit("no terms recorded: the base strategy has no terms() method")
    # the current weights (pooled files: the mean over the rows that have the term, shown
    # and used to rescale; scores and fixed terms use each row's own)
    current = {k: float(frame[f"w_{k}"].mean()) for k in terms}
    # rows of a kind that lacks a term: it adds nothing to their score (term 0, times any
    # weight; not NaN)
    frame = frame.fillna({f"t_{k}": 0.0 for k in terms} | {f"w_{k}": 0.0 for k in terms})
    games = np.array(sorted(frame["game"].unique()))
    test_games: set = set()
    if holdout:
        rng = random.Random(seed)
        test_games = set(rng.sample(list(games), max(1, round(holdout * len(games)))))
    train = frame[~frame["game"].isin(test_games)]
    test = frame[frame["game"].isin(test_games)] if test_games else train
    # terms that never vary inside a decision carry no information about the choice
    varying = [k for k in terms
               if (train.groupby("decision")[f"t_{k}"].nunique() > 1).any()]
    fixed = set(fix or ())
    free = [k for k in varying if k not in fixed]
    held = [k for k in varying if k in fixed]
    groups = train["decision"].to_numpy()
    chosen = train["chosen"].to_numpy(dtype=bool)
    offset = _scores(train, {}, held)
    # one more regressor, the base's own choice: search keeps it unless a re-check
    # confirms a gain, a bias the term weights should not have to absorb
    exog = np.column_stack([train[[f"t_{k}" for k in free]].to_numpy(dtype=float),
                            train["is_base"].to_numpy(dtype=float)])
    res_params, res_bse, llf = clogit(chosen, exog, groups, offset)
    base_bias, base_bias_se = float(res_params[-1]), float(res_bse[-1])
    coef = dict(zip(free, res_params[:-1], strict=True))
    se = dict(zip(free, res_bse[:-1], strict=True))
    logit = dict(coef)
    gain_rows = 0
    gain_of: dict = {}
    if on == "gains":
        # every varying term is in the regression; fixed ones set the scale below
        g_params, g_bse, gain_rows = fit_gains(train, varying)
        gain_of = dict(zip(varying, g_params, strict=True))
        coef = {k: gain_of[k] for k in free}
        se = dict(zip(varying, g_bse, strict=True))
    # rescale so that the proposal is on the current weights' scale: the least-squares
    # factor from the coefficients to the current weights (fixed terms: exactly theirs)
    if fixed and gain_of:
        # gains are in win share: the factor that keeps the fixed terms' weights
        num = sum(gain_of[k] * current[k] for k in held)
        den = sum(gain_of[k] ** 2 for k in held) or 1.0
        scale = num / den if num > 0 else 1.0
    elif fixed:
        scale = 1.0
    else:
        num = sum(coef[k] * current[k] for k in free)
        den = sum(coef[k] ** 2 for k in free) or 1.0
        scale = num / den if num > 0 else 1.0
    proposal = dict(current)
    for k in free:
        proposal[k] = coef[k] * scale
    # held-out fit: the proposal's utilities as fitted; the current weights' score with
    # one fitted temperature (its scale is arbitrary), fitted on the same training games
    # (both with the base bias, fitted alongside)
    cur_train = _scores(train, {}, varying)
    (temp, bias), _, _ = clogit(chosen, np.column_stack([cur_train, train["is_base"]]), groups)
    fitted = {k: logit[k] for k in free}
    is_base = test["is_base"].to_numpy(dtype=float)
    ll_current = loglik_per_decision(test, temp * _scores(test, {}, varying) + bias * is_base)
    ll_proposal = loglik_per_decision(test, _scores(test, fitted, free)
                                      + _scores(test, {}, held) + base_bias * is_base)
    ll_uniform = loglik_per_decision(test, np.zeros(len(test)))
    decisions = frame["decision"].nunique()
    departed = frame.groupby("decision")["departed"].first().mean()
    bot_check = terms_check(frame, _scores(frame, {}, terms))
    scaled = {k: proposal[k] for k in free}
    return {"decisions": int(decisions), "games": int(len(games)),
            "departed": float(departed), "terms": terms, "varying": varying,
            "coef": coef, "se": se, "scale": scale, "current": current,
            "proposal": proposal, "terms_check": bot_check,
            "agree_current": agreement(test, _scores(test, {}, terms)),
            "agree_proposal": agreement(test, _scores(test, scaled, terms)),
            "ll_current": ll_current, "ll_proposal": ll_proposal, "ll_uniform": ll_uniform,
            "temperature": float(temp), "base_bias": base_bias, "on": on,
            "gain_rows": gain_rows,
            "base_bias_se": base_bias_se, "test_decisions": int(test["decision"].nunique()),
            "holdout_games": len(test_games), "llf": llf}


def report(out: dict) -> str:
    lines = [f"{out['decisions']} searched decisions in {out['games']} games; search "
             f"departed at {out['departed']:.3f} of them",
             f"terms check (the bot's own choice is its weighted best, ties included): "
             f"{out['terms_check']:.3f}",
             f"search's bias towards the base's choice (logit, not part of the proposal): "
             f"{out['base_bias']:.3f} ± {out['base_bias_se']:.3f}",
             ("coefficients: conditional logit on search's choices" if out["on"] != "gains"
              else f"coefficients: WLS of the race's paired gains on the terms' differences "
                   f"from the base's choice ({out['gain_rows']} raced options)"),
             f"{'term':24} {'current':>9} {'coef':>9} {'se':>8} {'proposal':>9}"]
    for k in out["terms"]:
        c = out["coef"].get(k)
        shown = (f"{c:9.3f} {out['se'][k]:8.3f}" if c is not None else
                 f"{'fixed' if k in out['varying'] else 'constant':>18}")
        lines.append(f"{k:24} {out['current'][k]:9.3f} {shown} {out['proposal'][k]:9.3f}")
    where = (f"{out['holdout_games']} held-out games" if out["holdout_games"]
             else "the fitted games")
    lines.append(f"agreement with search's choice on {where} ({out['test_decisions']} "
                 f"decisions): current {out['agree_current']:.3f}, proposal "
                 f"{out['agree_proposal']:.3f}")
    lines.append(f"log-likelihood of search's choice per decision there: current weights "
                 f"{out['ll_current']:.4f} (temperature {out['temperature']:.3g}), proposal "
                 f"{out['ll_proposal']:.4f}, no information {out['ll_uniform']:.4f}")
    spec = ",".join(f"{k}={out['proposal'][k]:.4g}" for k in out["coef"])
    lines.append(f"proposal as parameters: {spec}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record", help="play games with search and record its choices")
    r.add_argument("game")
    r.add_argument("--base", required=True, help="the heuristic (spec) search is based on")
    r.add_argument("-p", "--players", type=int, default=None)
    r.add_argument("-n", "--games", type=int, default=100)
    r.add_argument("-s", "--seed", type=int, default=1)
    r.add_argument("--search", default="", help="extra search parameters k=v,... (several "
                   "kinds: kinds=turn+vote)")
    r.add_argument("-o", "--out", required=True, help="parquet file to write")
    f = sub.add_parser("fit", help="fit the base's term weights to the recorded choices")
    f.add_argument("files", nargs="+")
    f.add_argument("--holdout", type=float, default=0.0, help="share of games held out")
    f.add_argument("--fix", default="", help="comma list of terms kept at their weight")
    f.add_argument("--seed", type=int, default=1)
    f.add_argument("--kind", default="", help="fit only decisions of these kinds (comma "
                   "list; kinds whose scores differ in scale are better fitted apart)")
    f.add_argument("--on", choices=("choices", "gains"), default="choices",
                   help="fit search's final choices (conditional logit) or the race's "
                        "measured gains (weighted least squares)")
    a = ap.parse_args(argv)
    if a.cmd == "record":
        import pandas as pd

        from simcli.fsio import atomic_write_bytes
        rows = record(a.game, a.base, players=a.players, games=a.games, seed=a.seed,
                      search=a.search)
        if not rows:
            print("search searched no decision", file=sys.stderr)
            return 2
        import io
        buf = io.BytesIO()
        pd.DataFrame(rows).to_parquet(buf, index=False)
        atomic_write_bytes(Path(a.out), buf.getvalue())
        frame = pd.DataFrame(rows)
        print(f"{frame['decision'].nunique()} searched decisions, "
              f"{frame.groupby('decision')['departed'].first().sum()} departures "
              f"-> {a.out}")
        return 0
    out = fit(a.files, holdout=a.holdout, seed=a.seed, on=a.on,
              kinds=[x.strip() for x in a.kind.split(",") if x.strip()],
              fix=[x.strip() for x in a.fix.split(",") if x.strip()])
    print(report(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())

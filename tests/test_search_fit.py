"""tools/search_fit.py: the search's trace hook, the recorder and the conditional logit."""
from __future__ import annotations

import math
import random
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import search_fit  # noqa: E402


def _choices(seed=3, groups=300, beta=(1.2, -0.7)):
    rng = np.random.default_rng(seed)
    xs, ys, gs = [], [], []
    for g in range(groups):
        m = int(rng.integers(2, 6))
        x = rng.normal(size=(m, len(beta)))
        u = x @ np.array(beta) + rng.gumbel(size=m)
        y = np.zeros(m, dtype=bool)
        y[int(np.argmax(u))] = True
        xs.append(x)
        ys.append(y)
        gs.append(np.full(m, g))
    return np.vstack(xs), np.concatenate(ys), np.concatenate(gs)


def test_clogit_equals_statsmodels():
    from statsmodels.discrete.conditional_models import ConditionalLogit

    x, y, g = _choices()
    beta, bse, llf = search_fit.clogit(y, x, g)
    ref = ConditionalLogit(y.astype(int), x, groups=g).fit(disp=False)
    assert np.allclose(beta, ref.params, atol=1e-4)
    assert np.allclose(bse, ref.bse, rtol=1e-3)
    assert llf == pytest.approx(ref.llf, abs=1e-6)
    # and it recovers the utilities the choices were drawn from
    assert np.all(np.abs(beta - np.array([1.2, -0.7])) < 3 * bse)


def test_clogit_offset_holds_a_term_fixed():
    x, y, g = _choices(seed=5)
    full, _, _ = search_fit.clogit(y, x, g)
    # with the first term fixed at its free optimum, the second's optimum is unchanged
    part, _, _ = search_fit.clogit(y, x[:, 1:], g, offset=full[0] * x[:, 0])
    assert part[0] == pytest.approx(full[1], abs=1e-4)
    # fixed elsewhere, it moves
    moved, _, _ = search_fit.clogit(y, x[:, 1:], g, offset=(full[0] + 2.0) * x[:, 0])
    assert abs(moved[0] - full[1]) > 1e-3


def _one_game(trace):
    from simcli.engine import game_seed, play_game
    from simcli.games import get_game
    from strategies import default_mix, resolve
    from strategies.search import SearchBot

    game = get_game("vghs")
    rules = game.make_rules(game.default_data(), 4)
    mix = [resolve("vghs", s) for s in default_mix("vghs")]
    made = []

    def make(g, p, rng):
        bot = SearchBot(g, p, rng)
        bot.trace = trace
        made.append(bot)
        return bot
    seats = [make, mix[0], mix[1], mix[2]]
    rec = play_game(game, 4, rules, seats, game_seed(7, 0))
    return rec, made[0]


def test_trace_sees_every_searched_decision_and_changes_nothing():
    seen = []

    def trace(view, decision, options, a0, chosen, values):
        assert a0 in options and chosen in options
        assert all(len(values[a]) <= len(values[a0]) for a in values)
        seen.append((a0, chosen))
    with_trace, bot = _one_game(trace)
    without, _ = _one_game(None)
    assert with_trace.result == without.result
    assert len(seen) == bot.searched > 0
    assert sum(a0 != c for a0, c in seen) == bot.departed


def test_record_and_fit_a_strategy_with_terms(tmp_path, monkeypatch):
    (tmp_path / "termbot.py").write_text(textwrap.dedent('''
        from strategies import Bot

        class TermBot(Bot):
            name = "termbot"
            params = {"w_first": 1.0, "w_last": 0.5}

            def terms(self, view, decision, option):
                opts = decision.options
                i = opts.index(option)
                return {"w_first": float(i == 0), "w_last": float(i == len(opts) - 1)}

            def choose(self, view, decision):
                opts = decision.options
                return max(opts, key=lambda a: (sum(self.p[k] * v for k, v in
                           self.terms(view, decision, a).items()), -opts.index(a)))
        '''))
    monkeypatch.chdir(tmp_path)
    # every option screened, plain rollouts (vghs's default since stop 44 races only the
    # mix's own choices, which here leave the last option's term constant)
    rows = search_fit.record("vghs", "termbot:TermBot:w_last=0.25", games=3, seed=2,
                             search="propose=,look=")
    import pandas as pd

    frame = pd.DataFrame(rows)
    per = frame.groupby("decision")
    assert (per["chosen"].sum() == 1).all() and (per["is_base"].sum() == 1).all()
    assert set(frame["w_w_last"]) == {0.25} and set(frame["w_w_first"]) == {1.0}
    path = tmp_path / "rows.parquet"
    frame.to_parquet(path)
    out = search_fit.fit([path], holdout=0.34, seed=random.Random(1).randrange(9))
    assert out["terms_check"] == 1.0        # the bot plays its weighted best option
    assert out["decisions"] == frame["decision"].nunique()
    assert set(out["coef"]) == {"w_first", "w_last"}
    assert 0.0 <= out["agree_current"] <= 1.0 and 0.0 <= out["agree_proposal"] <= 1.0
    assert "proposal as parameters: w_first=" in search_fit.report(out)


def _synthetic_file(path, w_a, seed, groups=150):
    """A recording as ``record`` writes it, made up: two terms, the bot's weight of
    ``a`` = ``w_a``, choices drawn from utilities w_a * a - 0.5 * b."""
    import pandas as pd

    rng = np.random.default_rng(seed)
    rows = []
    for g in range(groups):
        m = int(rng.integers(2, 5))
        a, b = rng.normal(size=m), rng.normal(size=m)
        u = w_a * a - 0.5 * b + rng.gumbel(size=m)
        pick, base = int(np.argmax(u)), int(np.argmax(w_a * a))
        for i in range(m):
            rows.append({"game": g // 10, "decision": g, "kind": "place", "option": i,
                         "label": str(i), "is_base": i == base, "chosen": i == pick,
                         "departed": pick != base, "gain": 0.0, "n_values": 4,
                         "t_a": a[i], "t_b": b[i], "w_a": w_a, "w_b": 0.0})
    pd.DataFrame(rows).to_parquet(path)
    return pd.DataFrame(rows)


def test_pooled_files_keep_each_bases_own_weights(tmp_path):
    one = _synthetic_file(tmp_path / "one.parquet", 1.0, seed=1)
    two = _synthetic_file(tmp_path / "two.parquet", 3.0, seed=2)
    out = search_fit.fit([tmp_path / "one.parquet", tmp_path / "two.parquet"], fix=["a"])
    # the fixed term's offset is each row's own weight times its term
    two = two.assign(decision=two["decision"] + 10_000_000)
    both = np.concatenate([one["decision"], two["decision"]])
    chosen = np.concatenate([one["chosen"], two["chosen"]])
    offset = np.concatenate([1.0 * one["t_a"], 3.0 * two["t_a"]])
    # with the base-choice regressor the fit adds beside the terms
    x = np.column_stack([np.concatenate([one["t_b"], two["t_b"]]),
                         np.concatenate([one["is_base"], two["is_base"]]).astype(float)])
    (b, _bias), _, _ = search_fit.clogit(chosen, x, both, offset)
    assert out["coef"]["b"] == pytest.approx(b, abs=1e-6)
    assert abs(b + 0.5) < 0.3     # the utilities the choices were drawn from
    assert out["terms_check"] == 1.0     # each base's own weights pick its own choice
    assert "base_bias" in out and np.isfinite(out["base_bias_se"])
    assert out["current"]["a"] == pytest.approx((1.0 * len(one) + 3.0 * len(two))
                                                / (len(one) + len(two)))


def test_heldout_loglik_is_the_clogit_likelihood(tmp_path):
    frame = _synthetic_file(tmp_path / "f.parquet", 1.0, seed=4)
    x = frame[["t_a", "t_b"]].to_numpy()
    beta, _, llf = search_fit.clogit(frame["chosen"].to_numpy(), x, frame["decision"].to_numpy())
    per = search_fit.loglik_per_decision(frame, x @ beta)
    assert per * frame["decision"].nunique() == pytest.approx(llf, rel=1e-9)
    out = search_fit.fit([tmp_path / "f.parquet"], holdout=0.3)
    # fitted on the training games, the choices' model beats no information held out
    assert out["ll_proposal"] > out["ll_uniform"] and out["ll_current"] > out["ll_uniform"]


def test_terms_check_counts_a_tie_as_the_bots_choice(tmp_path):
    frame = _synthetic_file(tmp_path / "f.parquet", 1.0, seed=6, groups=20)
    # every option of every decision scores the same: whatever the bot took is a best
    assert search_fit.terms_check(frame, np.zeros(len(frame))) == 1.0
    # scores that rank the bot's choice last in each decision (where it is not alone)
    score = np.where(frame["is_base"], -1.0, 0.0)
    assert search_fit.terms_check(frame, score) == 0.0


def test_fit_on_gains_is_wls_of_the_gains_on_term_differences(tmp_path):
    import statsmodels.api as sm

    frame = _synthetic_file(tmp_path / "f.parquet", 1.0, seed=8)
    rng = np.random.default_rng(9)
    base = frame[frame["is_base"]].set_index("decision")
    da = frame["t_a"] - base.loc[frame["decision"], "t_a"].to_numpy()
    db = frame["t_b"] - base.loc[frame["decision"], "t_b"].to_numpy()
    # a race that measured 0.2 win share per unit of a and -0.1 per unit of b
    frame["gain"] = np.where(frame["is_base"], 0.0,
                             0.2 * da - 0.1 * db + rng.normal(scale=0.02, size=len(frame)))
    frame["n_values"] = rng.integers(2, 9, size=len(frame))
    frame.to_parquet(tmp_path / "f.parquet")
    out = search_fit.fit([tmp_path / "f.parquet"], on="gains")
    rows = frame[~frame["is_base"]]
    ref = sm.WLS(rows["gain"], np.column_stack([da[rows.index], db[rows.index]]),
                 weights=rows["n_values"]).fit()
    assert [out["coef"]["a"], out["coef"]["b"]] == pytest.approx(list(ref.params), abs=1e-9)
    assert out["coef"]["a"] == pytest.approx(0.2, abs=0.01)
    assert "WLS of the race's paired gains" in search_fit.report(out)
    # with a fixed, the scale keeps its weight: b's proposal is -0.1 / 0.2 of it
    fixed = search_fit.fit([tmp_path / "f.parquet"], on="gains", fix=["a"])
    assert fixed["proposal"]["a"] == 1.0
    assert fixed["proposal"]["b"] == pytest.approx(-0.5, abs=0.06)


def test_fit_one_kind_of_decision(tmp_path):
    import pandas as pd

    one = _synthetic_file(tmp_path / "a.parquet", 1.0, seed=10)
    other = _synthetic_file(tmp_path / "b.parquet", 1.0, seed=11)
    other = other.assign(kind="vote", decision=other["decision"] + 1000,
                         game=other["game"] + 1000).rename(columns={"t_b": "t_c",
                                                                    "w_b": "w_c"})
    pd.concat([one, other]).to_parquet(tmp_path / "both.parquet")
    out = search_fit.fit([tmp_path / "both.parquet"], kinds=["place"])
    assert out["decisions"] == one["decision"].nunique() and set(out["terms"]) == {"a", "b"}
    with pytest.raises(SystemExit):
        search_fit.fit([tmp_path / "both.parquet"], kinds=["draft"])
    # both kinds pooled: each kind's rows lack the other's terms, which must not turn
    # their scores into NaN (a mixed Love Battle file crashed the fit with SVD errors)
    pooled = search_fit.fit([tmp_path / "both.parquet"], holdout=0.3)
    assert set(pooled["terms"]) == {"a", "b", "c"}
    assert all(math.isfinite(pooled[k]) for k in ("ll_current", "ll_proposal"))
    assert math.isfinite(pooled["temperature"])
    # a term's current weight is its own rows' (0 here), not diluted by the other kind's
    assert pooled["current"]["b"] == 0.0 and pooled["current"]["c"] == 0.0


def test_search_kinds_joined_by_plus():
    from simcli.games import get_game
    from strategies import resolve

    bot = resolve("lovebattle", "search:kinds=turn+vote")(get_game("lovebattle"), 0,
                                                          random.Random(1))
    assert bot.kinds == frozenset({"turn", "vote"})

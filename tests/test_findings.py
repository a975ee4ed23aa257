"""Findings: plain sentences and their records, for planted summaries."""
from __future__ import annotations

import pytest

from simcli import stats
from simcli.findings import findings, pct, tied_set


def seat_rows(wins: list[float], games: int, variant: str = "default") -> list[dict]:
    n = len(wins)
    rows = []
    for seat, w in enumerate(wins, start=1):
        lo, hi = stats.wilson(w, games)
        rows.append({"variant": variant, "n_players": n, "seat": seat, "games": games,
                     "wins": w, "win_share": w / games, "ci_low": lo, "ci_high": hi,
                     "fair_share": 1 / n, "mean_score": 10.0, "sd_score": 1.0,
                     "mean_place": 2.0})
    return rows


def strategy_rows(wins: dict[str, float], games: int, n: int,
                  variant: str = "default") -> list[dict]:
    rows = []
    for name, w in wins.items():
        lo, hi = stats.wilson(w, games)
        rows.append({"variant": variant, "n_players": n, "strategy": name, "games": games,
                     "seats": games, "wins": w, "win_share": w / games, "ci_low": lo,
                     "ci_high": hi, "mean_score": 1.0, "mean_place": 2.0})
    return rows


def summary(seats: list[dict], strategies: list[dict] | None = None, **extra) -> dict:
    n = seats[0]["n_players"]
    games = seats[0]["games"]
    base = {"game": "toy", "title": "Toy", "players": [n], "games": games,
            "games_per_variant": games, "strategies": ["a", "b"],
            "variants": [{"name": "default", "rules": {}}], "seats": seats,
            "strategy_table": strategies or [], "fairness": [], "end_reasons": [
                {"variant": "default", "n_players": n, "end_reason": "deck", "games": games,
                 "share": 1.0}],
            "length": [{"variant": "default", "n_players": n, "games": games,
                        "mean_turns": 12.0, "median_turns": 12, "min_turns": 12,
                        "max_turns": 12, "mean_decisions": 40.0}],
            "score_quantiles": [], "sweep_tables": {}, "game_tables": {}}
    base.update(extra)
    return base


def by_kind(found: list[dict], kind: str) -> list[dict]:
    return [f for f in found if f["kind"] == kind]


def test_a_strong_first_seat_is_named_and_sure():
    # 4 players, 2000 games: seat 1 wins 31% against a fair 25%
    found = findings(summary(seat_rows([620, 460, 460, 460], 2000)))
    seat1 = by_kind(found, "seat_advantage")[0]
    assert seat1["subject"] == "seat 1" and seat1["decision"] == "stronger" and seat1["sure"]
    assert seat1["games_to_settle"] == 0 and seat1["p_adjusted"] < 0.001
    assert seat1["text"].startswith("At 4 players, seat 1 wins 31% [29%, 33%] of games "
                                    "against a fair 25% (+6.0 points): it is stronger; "
                                    "sure at 95% (adjusted p<0.001)")
    assert found[0] is seat1  # no sweep, no solo: seats lead


def test_a_weak_first_seat_says_weaker_with_the_holm_p():
    # seat 1 at 21% of 2000 games, the rest share what is left
    found = findings(summary(seat_rows([420, 527, 527, 526], 2000)))
    seat1 = by_kind(found, "seat_advantage")[0]
    assert seat1["decision"] == "weaker" and seat1["sure"]
    raw = stats.binom_pvalue(420, 2000, 0.25)
    assert seat1["p_value"] == pytest.approx(raw)
    assert seat1["p_adjusted"] >= seat1["p_value"]  # Holm over the four seats
    assert "seat 1 wins 21% [19%, 23%] of games against a fair 25%" in seat1["text"]
    assert "it is weaker; sure at 95%" in seat1["text"]


def test_an_undecided_seat_says_how_many_more_games_would_settle_it():
    # 400 games: seat 1 at 28% is not yet distinguishable from 25%
    found = findings(summary(seat_rows([112, 96, 96, 96], 400)))
    seat1 = by_kind(found, "seat_advantage")[0]
    assert not seat1["sure"] and seat1["decision"] == "looks stronger"
    need = stats.games_to_detect(0.25, 0.28, alpha=0.05 / 4)
    assert seat1["games_to_settle"] == need - 400
    assert "not yet sure" in seat1["text"]
    assert "more games would settle it" in seat1["text"]
    # few games: a caveat says so; bots are not humans, always
    assert {c["subject"] for c in by_kind(found, "caveat")} >= {"bots", "few games"}


def test_a_dominant_strategy_against_its_fair_share():
    seats = seat_rows([500, 500], 1000)
    strats = strategy_rows({"greedy": 640, "random": 360}, 1000, 2)
    found = findings(summary(seats, strats))
    top = by_kind(found, "strategy_dominance")[0]
    assert top["subject"] == "strategy greedy" and top["decision"] == "dominates"
    assert top["text"].startswith("At 2 players, strategy greedy dominates: it wins 64%")
    assert "against a fair 50%" in top["text"]
    weak = by_kind(found, "strategy_weak")
    assert [w["subject"] for w in weak] == ["strategy random"]


def test_no_dominant_strategy_when_shares_are_even():
    seats = seat_rows([500, 500], 1000)
    strats = strategy_rows({"a": 505, "b": 495}, 1000, 2)
    top = by_kind(findings(summary(seats, strats)), "strategy_dominance")[0]
    assert top["decision"] == "no dominant strategy" and not top["sure"]
    assert top["text"].startswith("At 2 players, no strategy clearly dominates")


def test_end_conditions_in_words_and_a_fixed_length():
    found = findings(summary(seat_rows([500, 500], 1000)))
    end = by_kind(found, "end_conditions")[0]
    assert "games end by deck (100%)" in end["text"]
    assert "every game lasts exactly 12 turns" in end["text"]


def sweep_summary(ranking: list[dict], names: list[str], games: int = 1000) -> dict:
    seats = []
    for name in names:
        seats += seat_rows([games / 2, games / 2], games, variant=name)
    fairness = [{"variant": v, "n_players": 2, "games": games} for v in names]
    return summary(seats, variants=[{"name": v, "rules": {}} for v in names],
                   fairness=fairness,
                   sweep_tables={"ranking": {"title": "ranking", "rows": ranking}})


def rank_row(rank, variant, dev, chi_p, sep=None, need=None, **extra):
    return {"n_players": 2, "rank": rank, "variant": variant, "max_seat_deviation": dev,
            "chi_p_value": chi_p, "first_player_advantage": dev,
            "separated_from_next": sep, "games_needed": need, **extra}


def test_sweep_names_the_fairest_only_when_separated():
    ranking = [rank_row(1, "a", 0.005, 0.8, sep=True), rank_row(2, "b", 0.08, 1e-6)]
    found = findings(sweep_summary(ranking, ["a", "b"]))
    assert found[0]["kind"] == "sweep_fair_set"
    assert found[0]["fair_variants"] == ["a"]
    assert "1 of 2 variants is fair within noise (“a”)" in found[0]["text"]
    best = by_kind(found, "sweep_fairest")[0]
    assert best["decision"] == "fairest" and best["sure"]
    assert best["text"].startswith("At 2 players the fairest variant is “a”:")


def test_sweep_tied_variants_give_the_tied_set_and_games_needed():
    ranking = [rank_row(1, "a", 0.030, 0.01, sep=False, need=2_000_000),
               rank_row(2, "b", 0.031, 0.01), rank_row(3, "c", 0.2, 1e-9)]
    found = findings(sweep_summary(ranking, ["a", "b", "c"]))
    best = by_kind(found, "sweep_fairest")[0]
    assert best["decision"] == "tied" and not best["sure"]
    assert best["tied_with_best"] == ["a", "b"]
    assert "no variant can be named the fairest yet" in best["text"]
    assert "about 2,000,000 games per variant would separate the top two" in best["text"]
    assert best["games_to_settle"] == 2_000_000 - 1000
    fair_set = by_kind(found, "sweep_fair_set")[0]
    assert fair_set["fair_variants"] == []  # all three detectably unfair after BH


def test_sweep_uses_tied_with_best_when_the_rows_carry_it():
    ranking = [rank_row(1, "a", 0.01, 0.5, sep=False, need=5000, tied_with_best=True),
               rank_row(2, "b", 0.011, 0.5, tied_with_best=False),
               rank_row(3, "c", 0.012, 0.5, tied_with_best=True)]
    tied, how = tied_set({}, ranking)
    assert [r["variant"] for r in tied] == ["a", "c"] and "bootstrap" in how


def test_unread_rules_keys_caveat_only_when_present():
    base = summary(seat_rows([500, 500], 1000))
    assert not [c for c in findings(base) if c["subject"] == "unread rules keys"]
    found = findings({**base, "unread_rules_keys": ["otm_payout"]})
    caveat = [c for c in found if c["subject"] == "unread rules keys"][0]
    assert "otm_payout" in caveat["text"] and caveat["keys"] == ["otm_payout"]
    assert not [c for c in findings({**base, "unread_rules_keys": []})
                if c["subject"] == "unread rules keys"]


def test_solo_runs_have_no_seat_fairness_findings():
    seats = seat_rows([30, 270], 300)
    for r in seats:
        r["n_players"] = 1
    solo_rows = [{"variant": "default", "solo_difficulty": "normal", "games": 300,
                  "wins": 30, "win_share": 0.1, "ci_low": 0.07, "ci_high": 0.14,
                  "mean_margin": -20.0, "margin_ci_low": -22.0, "margin_ci_high": -18.0,
                  "best_strategy": "x", "best_strategy_win_share": 0.2}]
    found = findings(summary(seats, players=[1], game="class89", solo=True, game_tables={
        "solo_against_ed_by_difficulty": {"title": "solo", "rows": solo_rows}}))
    assert not by_kind(found, "seat_advantage")
    solo = by_kind(found, "solo")[0]
    assert found[0] is solo
    assert solo["text"].startswith("Solo against Ed on normal difficulty, the bots win 10% "
                                   "[7%, 14%] of 300 games and finish 20.0 [18.0, 22.0] "
                                   "points behind Ed")
    assert "Ed is harder than an even match" in solo["text"]
    assert any(c["subject"] == "solo" for c in by_kind(found, "caveat"))


def test_pct_formats():
    assert pct(0.2133) == "21%" and pct(0.033) == "3.3%" and pct(0.05) == "5%"


def test_holm_bh_and_welch_equal_statsmodels_and_scipy_stats(monkeypatch):
    """findings adjusts p-values and runs Welch's t without importing statsmodels or
    scipy (they cost a small run more than its games): the adjusted p-values must be
    exactly theirs, ties and p-values near 1 included, and Welch's interval and p-value
    theirs to 1e-12 relative (t computed in pure Python, simcli.stats).

    statsmodels' Holm branch runs ``gc.collect()`` on every call (0.1 s each with scipy
    loaded: 30 s of this test); the reference values do not depend on it."""
    import gc
    import random

    monkeypatch.setattr(gc, "collect", lambda *args, **kwargs: 0)

    from scipy import stats as sps
    from statsmodels.stats.multitest import multipletests

    from simcli.findings import _bh, _holm, _welch

    rng = random.Random(7)
    for m in (1, 2, 3, 5, 8, 13):
        for _ in range(40):
            ps = [rng.choice([rng.random(), 0.5, 1.0, 1e-6, rng.random() ** 4])
                  for _ in range(m)]
            assert _holm(ps) == [float(x) for x in multipletests(ps, method="holm")[1]]
            assert _bh(ps) == [float(x) for x in multipletests(ps, method="fdr_bh")[1]]
    for _ in range(200):
        m1, m2 = rng.uniform(-5, 5), rng.uniform(-5, 5)
        s1, s2 = rng.uniform(0.1, 3), rng.uniform(0.1, 3)
        n1, n2 = rng.randint(2, 400), rng.randint(2, 400)
        lo, hi, p = _welch(m1, s1, n1, m2, s2, n2)
        v1, v2 = s1 ** 2 / n1, s2 ** 2 / n2
        se = (v1 + v2) ** 0.5
        df = (v1 + v2) ** 2 / (v1 ** 2 / (n1 - 1) + v2 ** 2 / (n2 - 1))
        t = float(sps.t.ppf(0.975, df))
        assert (lo, hi) == pytest.approx((m1 - m2 - t * se, m1 - m2 + t * se), rel=1e-12)
        assert p == pytest.approx(float(2 * sps.t.sf(abs(m1 - m2) / se, df)), rel=1e-12,
                                  abs=1e-300)


def test_fair_set_says_when_the_seat_test_of_the_printed_rules_disagrees():
    # the chi-square (after BH) calls both variants fair, but the printed rules' seat 1
    # wins 56% of 1000 two-player games: its own binomial test (Holm over 2) is sure
    seats = seat_rows([560, 440], 1000, variant="printed") + seat_rows([500, 500], 1000,
                                                                        variant="alt")
    ranking = [rank_row(1, "alt", 0.0, 0.9, sep=True), rank_row(2, "printed", 0.06, 0.04)]
    base = summary(seats, variants=[{"name": "printed", "rules": {}, "printed": True},
                                    {"name": "alt", "rules": {}}],
                   fairness=[{"variant": v, "n_players": 2, "games": 1000}
                             for v in ("printed", "alt")],
                   sweep_tables={"ranking": {"title": "ranking", "rows": ranking}})
    found = findings(base)
    fair_set = by_kind(found, "sweep_fair_set")[0]
    assert fair_set["fair_variants"] == ["alt", "printed"]  # BH: 0.04 * 2 / 2 = 0.08
    seat = [f for f in by_kind(found, "seat_advantage") if f["sure"]]
    assert [f["subject"] for f in seat] == ["seat 1", "seat 2"]
    assert ("the seat-by-seat test of the printed rules (“printed”) below still finds "
            "seat 1 and seat 2 off") in fair_set["text"]
    # the same sweep with even seats: no aside
    even = dict(base, seats=seat_rows([500, 500], 1000, variant="printed")
                + seat_rows([500, 500], 1000, variant="alt"))
    assert "seat-by-seat" not in by_kind(findings(even), "sweep_fair_set")[0]["text"]
    # the converse: the chi-square calls the printed rules off, no seat is sure alone
    ranking_off = [rank_row(1, "alt", 0.0, 0.9, sep=True),
                   rank_row(2, "printed", 0.01, 1e-6)]
    off = dict(even, sweep_tables={"ranking": {"title": "ranking", "rows": ranking_off}})
    text = by_kind(findings(off), "sweep_fair_set")[0]["text"]
    assert "no seat of the printed rules (“printed”) is sure to be off on its own" in text

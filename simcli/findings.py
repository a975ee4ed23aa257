"""Findings: the answers a designer reads first, in plain words, each backed by a record.

:func:`findings` turns a summary dict (see :mod:`simcli.report`) into an ordered list of
records. Each record has a ``text`` (one sentence a designer reads: "Seat 1 wins 21%
[19%, 24%] of 4-player games against a fair 25%: it is weaker; sure at 95% (adjusted p=0.007)")
and the numbers behind it: ``kind``, ``subject``, ``estimate``, ``ci_low``/``ci_high``,
``p_value`` (or a ``decision`` where no p-value applies), ``games`` and
``games_to_settle`` (about how many more games would settle an undecided finding; 0 when
it is settled, None when no number can be given).

Order: sweep verdicts, solo results, seats, strategies, game-specific findings, end
conditions, caveats. Every test family is corrected: Holm over the seats, strategies or
characters of one configuration; Benjamini-Hochberg over the variants of a sweep.

The module reads only the summary, and tolerates keys other parts may add or lack
(``tied_with_best`` and bootstrap intervals in sweep ranking rows, ``unread_rules_keys``).
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from simcli import stats
from simcli.stats import bh_adjust as _bh
from simcli.stats import holm_adjust as _holm

ALPHA = 0.05

# End conditions in words, per game (unknown codes print as they are).
END_WORDS = {
    ("vghs", "rank1"): "a player reaching rank 1",
    ("vghs", "deck"): "the challenge deck running out",
    ("vghs", "challenges"): "the challenge deck running out",
    ("vgc", "weeks"): "the last week being played",
    ("vgc", "unfinished"): "hitting the decision limit (unfinished)",
    ("class89", "rounds"): "the last round being played",
    ("lovebattle", "date"): "the Date at the end of the calendar",
}
VOTE_WORDS = {"otm": "a One True Match vote", "triangle": "a Love Triangle vote"}


# ------------------------------------------------------------------------- formatting
def pct(x: float | None) -> str:
    """A share as a percentage: one decimal below 10%, whole numbers above."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "?"
    v = 100 * x
    if abs(v) < 10 and round(v, 1) != round(v):
        return f"{v:.1f}%"
    return f"{v:.0f}%"


def points(x: float) -> str:
    """A difference of shares in percentage points, signed."""
    v = 100 * x
    s = f"{abs(v):.1f}" if abs(v) < 10 else f"{abs(v):.0f}"
    if s == "0.0":
        return "±0 points"
    return ("+" if v >= 0 else "−") + s + " points"


def pvalue(p: float | None, adjusted: bool = False) -> str:
    """``p=0.042``; ``adjusted p=…`` for a p-value corrected over its family (Holm or
    Benjamini-Hochberg), so a seat at 21% of 100 games showing p=1.00 reads right."""
    if p is None:
        return "p=?"
    text = "p<0.001" if p < 0.001 else f"p={p:.3f}" if p < 0.1 else f"p={p:.2f}"
    return f"adjusted {text}" if adjusted else text


def count(n: int | float) -> str:
    """A count with thousands separators, rounded to 2 significant digits above 1,000."""
    n = int(n)
    if n >= 1000:
        digits = len(str(n)) - 2
        n = int(round(n, -digits))
    return f"{n:,}"


def _interval(lo: float | None, hi: float | None) -> str:
    return f"[{pct(lo)}, {pct(hi)}]"


def more_games(p0: float, p1: float, games: int, family: int = 1) -> int | None:
    """About how many more games (beyond ``games``) a binomial test, Bonferroni-safe over
    ``family`` tests, needs to tell ``p1`` from ``p0`` with 80% power. None if p1 == p0."""
    need = stats.games_to_detect(p0, p1, alpha=ALPHA / max(1, family))
    if need is None:
        return None
    # the observed gap is already at the edge: ask for a quarter more at least
    return int(max(need - games, math.ceil(games / 4), 100))


def _settle_text(more: int | None) -> str:
    if more is None:
        return "no gap seen at all"
    return f"~{count(more)} more games would settle it"


def _record(kind: str, subject: str, text: str, **fields: Any) -> dict[str, Any]:
    rec = {"kind": kind, "subject": subject, "text": text, "variant": None,
           "n_players": None, "estimate": None, "ci_low": None, "ci_high": None,
           "fair": None, "p_value": None, "decision": None, "sure": None, "games": None,
           "games_to_settle": None}
    rec.update(fields)
    return rec


# ------------------------------------------------------------------------ helpers
def _rows(summary: dict, group: str, table_id: str) -> list[dict]:
    from simcli.report import table_rows

    return table_rows(summary, group, table_id)


def _configs(rows: Iterable[dict]) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for r in rows:
        key = (r.get("variant", "default"), int(r.get("n_players", 0)))
        if key not in out:
            out.append(key)
    return out


def _where(rows: list[dict], variant: str, n: int) -> list[dict]:
    return [r for r in rows if r.get("variant", "default") == variant
            and int(r.get("n_players", 0)) == n]


def _is_sweep(summary: dict) -> bool:
    return len(summary.get("variants") or []) > 1


def _baseline(summary: dict) -> str:
    """The variant a sweep's detailed findings describe: the printed rules when the sweep
    has them, else its first variant (the baseline of the paired table)."""
    variants = summary.get("variants") or [{"name": "default"}]
    printed = [v["name"] for v in variants if v.get("printed")]
    return printed[0] if printed else variants[0]["name"]


def _scope(summary: dict, variant: str, n: int, solo: bool = False) -> str:
    """'At 4 players' or 'With variant X at 4 players' (sweeps)."""
    where = "solo" if solo else f"at {n} players"
    if _is_sweep(summary):
        return f"With {_variant_label(summary, variant)} {where}"
    return f"{where[0].upper()}{where[1:]}"


def _variant_label(summary: dict, name: str) -> str:
    for v in summary.get("variants") or []:
        if v["name"] == name and v.get("printed"):
            return f"the printed rules ({q(name)})"
    return f"variant {q(name)}"


def _decide(share: float, fair: float, p_adj: float) -> tuple[str, bool]:
    sure = p_adj < ALPHA
    if share > fair:
        return ("stronger" if sure else "looks stronger"), sure
    if share < fair:
        return ("weaker" if sure else "looks weaker"), sure
    return "even", False


def _verdict(decision: str, sure: bool, p_adj: float, more: int | None,
             small_gap: bool = False) -> str:
    if sure:
        tail = "; the gap is under 1 point" if small_gap else ""
        return f"it is {decision}; sure at 95% ({pvalue(p_adj, adjusted=True)}){tail}"
    if decision == "even":
        return f"no sign of a difference ({pvalue(p_adj, adjusted=True)})"
    return (f"it {decision}, but that is not yet sure ({pvalue(p_adj, adjusted=True)}); "
            f"{_settle_text(more)}")


def _seat_labels(summary: dict) -> dict[tuple[str, int, int], str]:
    """(variant, n_players, seat) -> what the seat starts with, from the game's tables."""
    out = {}
    for table in _all_tables(summary, "game_tables"):
        for r in table:
            if "seat" not in r:
                continue
            for col, fmt in (("start_signatures", "starts with {} signature(s)"),
                             ("start_bonus", "starts with {}")):
                value = r.get(col)
                if value not in (None, ""):
                    key = (r.get("variant", "default"), int(r.get("n_players", 0)),
                           int(r["seat"]))
                    out[key] = fmt.format(value)
    return out


def _all_tables(summary: dict, group: str) -> list[list[dict]]:
    from simcli.report import tables

    return [t["rows"] for t in tables(summary, group).values()]


# ---------------------------------------------------------------------- seats
def seat_findings(summary: dict, variant: str, n: int) -> list[dict]:
    rows = sorted(_where(summary.get("seats", []), variant, n), key=lambda r: r["seat"])
    if n < 2 or len(rows) != n:
        return []
    labels = _seat_labels(summary)
    ps, adj = stats.seat_pvalues([r["wins"] for r in rows], [r["games"] for r in rows],
                                 [r["fair_share"] for r in rows])
    out = []
    scope = _scope(summary, variant, n)
    decided = []
    for r, p, pa in zip(rows, ps, adj, strict=True):
        share, fair, games = r["win_share"], r["fair_share"], int(r["games"])
        decision, sure = _decide(share, fair, pa)
        more = 0 if sure else more_games(fair, share, games, n)
        label = labels.get((variant, n, int(r["seat"])))
        who = f"seat {r['seat']}" + (f" ({label})" if label else "")
        text = (f"{scope}, {who} wins {pct(share)} {_interval(r['ci_low'], r['ci_high'])} "
                f"of games against a fair {pct(fair)} ({points(share - fair)}): "
                + _verdict(decision, sure, pa, more, abs(share - fair) < 0.01))
        decided.append((r, sure, _record(
            "seat_advantage", f"seat {r['seat']}", text[0].upper() + text[1:],
            variant=variant, n_players=n, estimate=share, ci_low=r["ci_low"],
            ci_high=r["ci_high"], fair=fair, p_value=p, p_adjusted=pa,
            decision=decision, sure=sure, games=games, games_to_settle=more,
            correction=f"Holm over {n} seats")))
    any_sure = any(s for _, s, _ in decided)
    largest = max(decided, key=lambda d: abs(d[0]["win_share"] - d[0]["fair_share"]))
    for r, sure, rec in decided:
        undecided_largest = not any_sure and r is largest[0] and not _is_sweep(summary)
        if r["seat"] == 1 or sure or undecided_largest:
            out.append(rec)
    return out


# ---------------------------------------------------------------------- strategies
def strategy_findings(summary: dict, variant: str, n: int) -> list[dict]:
    rows = [r for r in _where(summary.get("strategy_table", []), variant, n)
            if r.get("strategy") not in AUTOMATA]
    if n < 2 or len(rows) < 2:
        return []
    fair = 1.0 / n
    tests = []
    for r in rows:
        seats = int(r.get("seats") or r["games"])
        games = int(r["games"]) if r.get("seats") else seats
        per_game = seats / games if games else 1.0
        p0 = min(1.0, fair * per_game)
        tests.append((r, stats.binom_pvalue(r["wins"], games, p0), games, p0))
    adj = _holm([t[1] for t in tests])
    scope = _scope(summary, variant, n)
    recs = []
    for (r, p, games, p0), pa in zip(tests, adj, strict=True):
        share = r["win_share"]
        decision, sure = _decide(share, fair, pa)
        more = 0 if sure else more_games(p0, min(1.0, share * p0 / fair), games, len(rows))
        recs.append((r, sure, share, p, pa, more, games, decision))
    recs.sort(key=lambda x: -x[2])
    out = []
    top = recs[0]
    r, sure, share, p, pa, more, games, decision = top
    if sure and share > fair:
        text = (f"{scope}, strategy {r['strategy']} dominates: it wins {pct(share)} "
                f"{_interval(r['ci_low'], r['ci_high'])} of the seats it plays against a fair "
                f"{pct(fair)}; sure at 95% ({pvalue(pa, adjusted=True)})")
        decision = "dominates"
    else:
        text = (f"{scope}, no strategy clearly dominates: the best, {r['strategy']}, wins "
                f"{pct(share)} {_interval(r['ci_low'], r['ci_high'])} of its seats against a "
                f"fair {pct(fair)}; " + ("it is not yet sure to be ahead "
                                          f"({pvalue(pa, adjusted=True)}); {_settle_text(more)}"
                                          if not sure else f"({pvalue(pa, adjusted=True)})"))
        decision = "no dominant strategy"
    out.append(_record("strategy_dominance", f"strategy {r['strategy']}",
                       text[0].upper() + text[1:], variant=variant, n_players=n,
                       estimate=share, ci_low=r["ci_low"], ci_high=r["ci_high"], fair=fair,
                       p_value=p, p_adjusted=pa, decision=decision, sure=sure, games=games,
                       games_to_settle=more, correction=f"Holm over {len(rows)} strategies"))
    for r, sure, share, p, pa, _more, games, _ in recs[1:]:
        if sure and share < fair:
            text = (f"{scope}, strategy {r['strategy']} is weak: it wins {pct(share)} "
                    f"{_interval(r['ci_low'], r['ci_high'])} of its seats against a fair "
                    f"{pct(fair)}; sure at 95% ({pvalue(pa, adjusted=True)})")
            out.append(_record("strategy_weak", f"strategy {r['strategy']}",
                               text[0].upper() + text[1:], variant=variant, n_players=n,
                               estimate=share, ci_low=r["ci_low"], ci_high=r["ci_high"],
                               fair=fair, p_value=p, p_adjusted=pa, decision="weaker",
                               sure=True, games=games, games_to_settle=0,
                               correction=f"Holm over {len(rows)} strategies"))
    return out


AUTOMATA = ("ed",)


# ---------------------------------------------------------------------- sweeps
def _ranking(summary: dict) -> list[dict]:
    return _rows(summary, "sweep_tables", "ranking")


def _dev_interval(row: dict) -> tuple[float | None, float | None]:
    for lo, hi in (("max_seat_deviation_ci_low", "max_seat_deviation_ci_high"),
                   ("deviation_ci_low", "deviation_ci_high"), ("ci_low", "ci_high")):
        if row.get(lo) is not None and row.get(hi) is not None:
            return row[lo], row[hi]
    return None, None


def tied_set(summary: dict, rows: list[dict]) -> tuple[list[dict], str]:
    """The variants tied with the fairest (rank 1 first), and how that was decided.

    Uses ``tied_with_best`` when the ranking rows carry it; otherwise rank 2 is tied when
    the top two are not separated, and others when their gap to the best is within twice
    the standard error of a seat share under fairness (unpaired, so conservative)."""
    rows = sorted(rows, key=lambda r: r["rank"])
    best = rows[0]
    if any("tied_with_best" in r for r in rows):
        tied = [best] + [r for r in rows[1:] if r.get("tied_with_best")]
        return tied, "paired bootstrap against the best"
    if best.get("separated_from_next"):
        return [best], "paired bootstrap of the top two"
    n = int(best["n_players"])
    games = _games_of(summary, best["variant"], n)
    fair = 1.0 / n
    se = math.sqrt(fair * (1 - fair) / max(1, games))
    tied = [best]
    for r in rows[1:]:
        if (r["rank"] == 2 or
                r["max_seat_deviation"] - best["max_seat_deviation"]
                < stats.Z95 * math.sqrt(2) * se):
            tied.append(r)
    return tied, "within 2 standard errors of the best (unpaired approximation)"


def _games_of(summary: dict, variant: str, n: int) -> int:
    for r in summary.get("fairness", []):
        if r["variant"] == variant and int(r["n_players"]) == n:
            return int(r["games"])
    return int(summary.get("games_per_variant") or summary.get("games") or 0)


def q(name: str) -> str:
    """A variant name quoted, so grid names with commas read as one name."""
    return f"“{name}”"


def _and(names: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(names) > 1:
        return ", ".join(names[:-1]) + " and " + names[-1]
    return names[0] if names else ""


def _names(rows: list[dict], limit: int = 4) -> str:
    names = [q(r["variant"]) for r in rows]
    if len(names) > limit:
        return ", ".join(names[:limit]) + f" and {len(names) - limit} more"
    return _and(names)


def _seat_test_aside(summary: dict, n: int, baseline: str, fair: set[str]) -> str:
    """A clause reconciling the fair set with the seat findings of the variant the sweep
    describes in detail, where the two tests disagree about it. The fair set asks one
    question per variant (are the seats' shares jointly off fair: a chi-square, corrected
    over the sweep); the seat findings ask it of each seat alone (a binomial test,
    Holm-corrected over that variant's seats), which is sharper against one seat off."""
    seats = seat_findings(summary, baseline, n)
    if not seats:
        return ""
    off = [f["subject"] for f in seats if f["sure"]]
    label = _variant_label(summary, baseline)
    if baseline in fair and off:
        return (f"; the seat-by-seat test of {label} below still finds {_and(off)} off: it "
                "tests each seat alone, corrected over that variant's seats, and is sharper "
                "against one seat off than the chi-square over all seats")
    if baseline not in fair and not off:
        return (f"; no seat of {label} is sure to be off on its own: the gap is spread "
                "over its seats")
    return ""


def sweep_findings(summary: dict) -> list[dict]:
    rows = _ranking(summary)
    if not rows:
        return []
    adj = _bh([r.get("chi_p_value") if r.get("chi_p_value") is not None else 1.0
               for r in rows])
    for r, pa in zip(rows, adj, strict=True):
        r["_p_bh"] = pa
    out = []
    printed = {v["name"] for v in summary.get("variants") or [] if v.get("printed")}
    baseline = _baseline(summary)
    for n in sorted({int(r["n_players"]) for r in rows}):
        part = sorted([r for r in rows if int(r["n_players"]) == n], key=lambda r: r["rank"])
        fair = 1.0 / n
        ok = [r for r in part if r["_p_bh"] >= ALPHA]
        total = len(part)
        games = _games_of(summary, part[0]["variant"], n)
        if len(ok) == total:
            every = "both" if total == 2 else f"all {total}"
            text = (f"At {n} players, {every} variants are fair within noise: no seat's "
                    f"share is detectably off a fair {pct(fair)} after {count(games)} games "
                    "each")
        elif not ok:
            text = (f"At {n} players, no variant is fair within noise: every one of the "
                    f"{total} has a seat detectably off a fair {pct(fair)}")
        else:
            verb = "is" if len(ok) == 1 else "are"
            text = (f"At {n} players, {len(ok)} of {total} variants {verb} fair within noise "
                    f"({_names(ok)}); the other {total - len(ok)} "
                    f"{'has' if total - len(ok) == 1 else 'have'} a seat detectably off "
                    f"a fair {pct(fair)}")
        text += " (chi-square over seats, Benjamini-Hochberg over the sweep)"
        text += _seat_test_aside(summary, n, baseline, {r["variant"] for r in ok})
        out.append(_record("sweep_fair_set", f"{n} players", text, n_players=n,
                           decision=f"{len(ok)} of {total} fair within noise",
                           fair_variants=[r["variant"] for r in ok], games=games,
                           sure=None, correction="Benjamini-Hochberg over the sweep"))
        best = part[0]
        dev = best["max_seat_deviation"]
        lo, hi = _dev_interval(best)
        shown = f"{pct(dev)}" + (f" {_interval(lo, hi)}" if lo is not None else "")
        if len(part) < 2:
            continue
        tied, how = tied_set(summary, part)
        need = best.get("games_needed")
        if len(tied) == 1:
            nxt = part[1]
            text = (f"At {n} players the fairest variant is {q(best['variant'])}: its "
                    f"largest seat gap is {shown} against {pct(nxt['max_seat_deviation'])} "
                    f"for the runner-up {q(nxt['variant'])}; sure at 95% ({how})")
            decision, more = "fairest", 0
        else:
            others = tied[1:]
            text = (f"At {n} players no variant can be named the fairest yet: "
                    f"{q(best['variant'])} (largest seat gap {shown}) is tied within noise with "
                    f"{_names(others)}")
            if printed & {r["variant"] for r in tied}:
                text += ", the printed rules among them"
            if need:
                more = max(0, int(need) - games)
                text += (f"; about {count(need)} games per variant would separate the top "
                         f"two (~{count(more)} more)")
            else:
                more = None
                text += "; the top two differ too little to say how many games would " \
                        "separate them"
            decision = "tied"
        out.append(_record("sweep_fairest", best["variant"], text, variant=best["variant"],
                           n_players=n, estimate=dev, ci_low=lo, ci_high=hi,
                           decision=decision, sure=len(tied) == 1, games=games,
                           games_to_settle=more,
                           tied_with_best=[r["variant"] for r in tied], method=how))
    for r in rows:
        r.pop("_p_bh", None)
    return out


# ------------------------------------------------------------------- game-specific
def _share_findings(summary: dict, rows: list[dict], label: str, noun: str,
                    count_col: str, kind: str) -> list[dict]:
    """Win share per ``label`` (a character, a Girl) against its fair share: the most
    frequent one when it is sure to be too often, else one 'nothing stands out' line."""
    out = []
    for variant, n in _configs(rows):
        if _is_sweep(summary) and variant != _baseline(summary):
            continue
        part = _where(rows, variant, n)
        if len(part) < 2:
            continue
        tests = []
        for r in part:
            k = int(r[count_col])
            share = r["share"]
            tests.append(stats.binom_pvalue(share * k, k, r["fair"]) if r.get("p") is None
                         else r["p"])
        adj = _holm(tests)
        scope = _scope(summary, variant, n)
        ranked = sorted(zip(part, tests, adj, strict=True), key=lambda x: -x[0]["share"])
        r, p, pa = ranked[0]
        lo, hi = stats.wilson(r["share"] * r[count_col], r[count_col])
        if pa < ALPHA and r["share"] > r["fair"]:
            text = (f"{scope}, {r[label]} {noun} too often: {pct(r['share'])} "
                    f"{_interval(lo, hi)} against a fair {pct(r['fair'])}; sure at 95% "
                    f"({pvalue(pa, adjusted=True)})")
            decision, more = "too often", 0
        else:
            more = more_games(r["fair"], r["share"], int(r[count_col]), len(part))
            text = (f"{scope}, nothing {noun} clearly too often: the most, {r[label]}, at "
                    f"{pct(r['share'])} {_interval(lo, hi)} against a fair {pct(r['fair'])} is "
                    f"not yet sure ({pvalue(pa, adjusted=True)}); {_settle_text(more)}")
            decision = "none stands out"
        out.append(_record(kind, str(r[label]), text[0].upper() + text[1:], variant=variant,
                           n_players=n, estimate=r["share"], ci_low=lo, ci_high=hi,
                           fair=r["fair"], p_value=p, p_adjusted=pa, decision=decision,
                           sure=pa < ALPHA, games=int(r[count_col]), games_to_settle=more,
                           correction=f"Holm over {len(part)}"))
        # beside the top one: at most the most extreme other that is sure (too rarely)
        rest = [x for x in ranked[1:] if x[2] < ALPHA]
        rest = ([x for x in rest if x[0]["share"] > x[0]["fair"]][:1]
                + [x for x in rest if x[0]["share"] < x[0]["fair"]][-1:])
        for r, p, pa in rest:
            if pa < ALPHA:
                lo, hi = stats.wilson(r["share"] * r[count_col], r[count_col])
                word = "too often" if r["share"] > r["fair"] else "too rarely"
                text = (f"{scope}, {r[label]} {noun} {word}: {pct(r['share'])} "
                        f"{_interval(lo, hi)} against a fair {pct(r['fair'])}; sure at 95% "
                        f"({pvalue(pa, adjusted=True)})")
                out.append(_record(kind, str(r[label]), text[0].upper() + text[1:],
                                   variant=variant, n_players=n, estimate=r["share"],
                                   ci_low=lo, ci_high=hi, fair=r["fair"], p_value=p,
                                   p_adjusted=pa, decision=word, sure=True,
                                   games=int(r[count_col]), games_to_settle=0,
                                   correction=f"Holm over {len(part)}"))
    return out


def character_findings(summary: dict) -> list[dict]:
    rows = _rows(summary, "game_tables", "win_share_by_character")
    rows = [{**r, "share": r["win_share"], "fair": r["fair_share"]} for r in rows
            if "character" in r]
    return _share_findings(summary, rows, "character", "wins", "seats", "character")


def otm_girl_findings(summary: dict) -> list[dict]:
    rows = _rows(summary, "game_tables", "one_true_match_girl_frequency")
    rows = [{**r, "share": r["title_share"], "fair": r["fair_share"], "p": None}
            for r in rows if "girl" in r]
    return _share_findings(summary, rows, "girl", "ends as One True Match", "games",
                           "otm_girl")


def vote_findings(summary: dict) -> list[dict]:
    """Which vote pays: the mean Ki of a One True Match vote against a Love Triangle."""
    rows = _rows(summary, "game_tables", "vote_type_chosen_and_how_often_it_pays")
    out = []
    wins_otm = 0
    compared = 0
    for variant, n in _configs(rows):
        part = {r["vote_type"]: r for r in _where(rows, variant, n)}
        a, b = part.get("otm"), part.get("triangle")
        if a is None or b is None:
            continue
        diff = a["mean_vote_ki"] - b["mean_vote_ki"]
        compared += 1
        wins_otm += diff > 0
        if _is_sweep(summary) and variant != _baseline(summary):
            continue
        lo = hi = p = None
        if a.get("sd_vote_ki") is not None and b.get("sd_vote_ki") is not None:
            lo, hi, p = _welch(a["mean_vote_ki"], a["sd_vote_ki"], a["votes"],
                               b["mean_vote_ki"], b["sd_vote_ki"], b["votes"])
        better = "One True Match" if diff > 0 else "Love Triangle"
        sure = p is not None and p < ALPHA
        text = (f"{_scope(summary, variant, n)}, {VOTE_WORDS['otm']} pays "
                f"{pct(a['pays'])} {_interval(a['pays_ci_low'], a['pays_ci_high'])} of the "
                f"time for {a['mean_vote_ki']:.1f} Ki on average; {VOTE_WORDS['triangle']} "
                f"pays {pct(b['pays'])} {_interval(b['pays_ci_low'], b['pays_ci_high'])} for "
                f"{b['mean_vote_ki']:.1f} Ki. The {better} vote pays more, by "
                f"{abs(diff):.2f} Ki" + (f" [{lo:+.2f}, {hi:+.2f}]" if lo is not None else ""))
        text += (f"; sure at 95% ({pvalue(p)})" if sure else
                 f"; not yet sure ({pvalue(p)})" if p is not None else "")
        text += f" (the bots choose One True Match {pct(a['chosen_share'])} of the time)"
        out.append(_record("vote_pays", f"{better} vote", text[0].upper() + text[1:],
                           variant=variant, n_players=n, estimate=diff, ci_low=lo,
                           ci_high=hi, p_value=p, decision=f"{better} pays more", sure=sure,
                           games=None, games_to_settle=0 if sure else None,
                           unit="Ki per vote (seats as units)"))
    if _is_sweep(summary) and compared > 1:
        out.append(_record(
            "vote_pays_sweep", "One True Match vote",
            f"Across the sweep the One True Match vote pays more Ki than a Love Triangle in "
            f"{wins_otm} of {compared} variants and player counts",
            decision=f"{wins_otm} of {compared}", games=None))
    return out


def _welch(m1, s1, n1, m2, s2, n2) -> tuple[float, float, float]:
    v1, v2 = (s1 or 0) ** 2 / max(1, n1), (s2 or 0) ** 2 / max(1, n2)
    se = math.sqrt(v1 + v2)
    d = m1 - m2
    if se == 0:
        return d, d, 1.0 if d == 0 else 0.0
    df = (v1 + v2) ** 2 / ((v1 ** 2 / max(1, n1 - 1)) + (v2 ** 2 / max(1, n2 - 1)) or 1)
    t = stats.t_ppf(0.975, df)  # scipy.stats.t.ppf(0.975, df), without scipy (a test checks)
    p = 2 * stats.t_sf(abs(d) / se, df)
    return d - t * se, d + t * se, p


def solo_findings(summary: dict) -> list[dict]:
    """Solo runs: the bots' win rate against the automaton and the score margin, per
    difficulty (from the game's solo table), else from the seat table."""
    out = []
    rows = _rows(summary, "game_tables", "solo_against_ed_by_difficulty")
    automaton = "the automaton"
    if summary.get("game") == "class89":
        automaton = "Ed"
    for r in rows:
        diff = r.get("solo_difficulty", "default")
        games = int(r["games"])
        share = r["win_share"]
        p = stats.binom_pvalue(share * games, games, 0.5)
        margin = r.get("mean_margin")
        text = (f"Solo against {automaton} on {diff} difficulty, the bots win {pct(share)} "
                f"{_interval(r['ci_low'], r['ci_high'])} of {count(games)} games")
        if margin is not None:
            side = "ahead of" if margin > 0 else "behind"
            lo, hi = r["margin_ci_low"], r["margin_ci_high"]
            lo, hi = (lo, hi) if margin > 0 else (-hi, -lo)
            text += (f" and finish {abs(margin):.1f} [{lo:.1f}, {hi:.1f}] points {side} "
                     f"{automaton} on average")
        if p < ALPHA:
            text += (f": {automaton} is {'harder' if share < 0.5 else 'easier'} than an even "
                     f"match for these bots; sure at 95% ({pvalue(p)})")
        else:
            text += f": about an even match ({pvalue(p)})"
        if r.get("best_strategy"):
            text += (f". The best bot, {r['best_strategy']}, wins "
                     f"{pct(r['best_strategy_win_share'])}")
            if r.get("best_strategy_ci_low") is not None:
                text += " " + _interval(r["best_strategy_ci_low"], r["best_strategy_ci_high"])
        out.append(_record("solo", f"{diff} difficulty", text, variant=r.get("variant"),
                           n_players=1, estimate=share, ci_low=r["ci_low"],
                           ci_high=r["ci_high"], fair=0.5, p_value=p,
                           decision="harder" if share < 0.5 else "easier", sure=p < ALPHA,
                           games=games, games_to_settle=0 if p < ALPHA else None,
                           margin=margin, margin_ci_low=r.get("margin_ci_low"),
                           margin_ci_high=r.get("margin_ci_high")))
    if rows:
        return out
    for variant, n in _configs(summary.get("seats", [])):
        if n != 1:
            continue
        seat = next((r for r in _where(summary["seats"], variant, n) if r["seat"] == 1), None)
        if seat is None:
            continue
        games = int(seat["games"])
        p = stats.binom_pvalue(seat["wins"], games, 0.5)
        text = (f"Solo against {automaton}, the bots win {pct(seat['win_share'])} "
                f"{_interval(seat['ci_low'], seat['ci_high'])} of {count(games)} games")
        out.append(_record("solo", "solo", text, variant=variant, n_players=1,
                           estimate=seat["win_share"], ci_low=seat["ci_low"],
                           ci_high=seat["ci_high"], fair=0.5, p_value=p, games=games,
                           sure=p < ALPHA))
    return out


# ------------------------------------------------------------------ end conditions
def end_findings(summary: dict, unit: str = "turns") -> list[dict]:
    out = []
    ends = summary.get("end_reasons", [])
    lengths = summary.get("length", [])
    game = summary.get("game", "")
    for variant, n in _configs(lengths):
        if _is_sweep(summary) and variant != _baseline(summary):
            continue
        parts = sorted(_where(ends, variant, n), key=lambda r: -r["games"])
        words = [f"{END_WORDS.get((game, e['end_reason']), e['end_reason'])} "
                 f"({pct(e['share'])})" for e in parts]
        length = next(iter(_where(lengths, variant, n)), None)
        scope = _scope(summary, variant, n, solo=n == 1)
        text = f"{scope}, games end by " + ("; ".join(words) if words else "?")
        if length:
            u = length.get("counted") or ("rounds" if unit in ("rounds", "weeks") else
                                          "turns")
            other = "turns" if u == "rounds" else "rounds"
            both = length.get(f"mean_{other}") is not None
            if length[f"min_{u}"] == length[f"max_{u}"]:
                text += f"; every game lasts exactly {length[f'min_{u}']:g} {u}"
                if both:
                    text += f" ({length[f'min_{other}']:g} {other})"
            else:
                text += (f"; they last {length[f'mean_{u}']:.1f} {u}"
                         + (f" ({length[f'mean_{other}']:.1f} {other})" if both else "")
                         + f" on average ({length[f'min_{u}']:g} to "
                         f"{length[f'max_{u}']:g} {u})")
        out.append(_record("end_conditions", f"{n} players", text, variant=variant,
                           n_players=n, decision=", ".join(e["end_reason"] for e in parts),
                           games=int(length["games"]) if length else None,
                           shares={e["end_reason"]: e["share"] for e in parts}))
    return out


# -------------------------------------------------------------------------- caveats
def caveats(summary: dict) -> list[dict]:
    out = []
    strategies = [s for s in summary.get("strategies") or []]
    out.append(_record(
        "caveat", "bots",
        "These are bots (" + (", ".join(strategies) or "the default mix") + "), not people: "
        "a seat or rule that is fair for them may not be fair for players who plan, bluff "
        "or learn"))
    counts = {int(n) for n in (summary.get("players") or [])}
    if 1 in counts:
        out.append(_record(
            "caveat", "solo",
            "Solo games are played against the automaton: they measure how hard it is for "
            "these bots, not the fairness of seats (no seat-fairness test is made for them)"))
    unread = summary.get("unread_rules_keys") or []
    if unread:
        keys = ", ".join(str(k) for k in unread)
        out.append(_record(
            "caveat", "unread rules keys",
            f"No strategy reads the swept rules key(s) {keys}: the bots do not adapt to "
            "them, so a difference between variants shows the rule's direct effect only",
            keys=list(unread)))
    if summary.get("errors"):
        out.append(_record("caveat", "errors",
                           f"{summary['errors']} game(s) raised and are left out: see "
                           "errors.jsonl", games=summary["errors"]))
    if summary.get("interrupted"):
        out.append(_record("caveat", "interrupted",
                           "The run was interrupted: these findings cover the games finished "
                           "before the stop"))
    per = int(summary.get("games_per_variant") or summary.get("games") or 0)
    if 0 < per < 500:
        out.append(_record("caveat", "few games",
                           f"Only {count(per)} games per configuration: intervals are wide "
                           "and small gaps cannot be seen", games=per))
    return out


# ---------------------------------------------------------------------------- entry
def findings(summary: dict, unit: str | None = None) -> list[dict[str, Any]]:
    """The ordered findings of a summary (see the module docstring)."""
    unit = unit or summary.get("turn_unit") or "turns"
    out: list[dict] = []
    sections = [lambda: sweep_findings(summary), lambda: solo_findings(summary)]
    configs = _configs(summary.get("seats", []))
    if _is_sweep(summary):
        configs = [c for c in configs if c[0] == _baseline(summary)]
    sections.append(lambda: [f for v, n in configs for f in seat_findings(summary, v, n)])
    sections.append(lambda: [f for v, n in configs for f in strategy_findings(summary, v, n)])
    sections += [lambda: character_findings(summary), lambda: otm_girl_findings(summary),
                 lambda: vote_findings(summary), lambda: end_findings(summary, unit),
                 lambda: caveats(summary)]
    for make in sections:
        try:
            out += make()
        except (KeyError, TypeError, ValueError, ZeroDivisionError) as exc:
            # a table without the expected columns must not sink the summary
            out.append(_record("note", "findings", f"(a finding could not be made: "
                               f"{type(exc).__name__}: {exc})"))
    for rec in out:
        rec["text"] = rec["text"].rstrip(".") + "."
    return out


def texts(summary: dict) -> list[str]:
    """Just the sentences (from ``summary["findings"]`` if present)."""
    return [f["text"] for f in summary.get("findings") or findings(summary)]

"""How the default weights of the shipped heuristics were obtained (needs ``.[tune]``).

    python tools/tune_strategies.py tune GAME STRATEGY [--trials 40] [--games 300] [--only k,..]
    python tools/tune_strategies.py measure GAME [--games 400] [--seed 99] [--strategy SPEC]
    python tools/tune_strategies.py solo [--games 300]
    python tools/tune_strategies.py profile GAME [--games 100]
    python tools/tune_strategies.py calibrate-votes [--games 400]

``tune`` searches one strategy's weights with optuna (TPE sampler, seeded): a trial plays
``--games`` games with the candidate in one seat against the *field* — the default mix
as it was at ``--field-rev`` (the heuristics before this tuning; ``current``: today's
mix, so a strategy is tuned against a field that includes the retuned ones) — seats
rotated, every trial on the same game seeds (common random numbers, so trials are
compared paired). The objective is the candidate's mean win share in its seat. Each tuned
weight is searched over a factor of 1/4 .. 3 of its style default (log scale), so a
strategy keeps its style; weights whose default is 0 are searched over ``ZERO_RANGE``, and
shares (``OWN_RANGE``, e.g. ``gta_defer``) over their own bounds. The first trial is the
current defaults, so the best trial is never worse than them on the tuning seeds. It
prints the best weights as a ``params`` update to paste into ``strategies/<game>.py``.

``--only k1,k2`` tunes just those weights (the others keep their defaults): one lever at a
time, with more games per trial.

``measure`` is the before/after table: each strategy of today and of ``--field-rev`` in
one seat against the field on fresh seeds (not the tuning seeds), with Wilson intervals
and the paired difference (same seeds, same opponents, same seats). ``--strategy SPEC``
(repeatable) measures a candidate such as ``arcade:w_block=0.4`` against the strategy of
that name at ``--field-rev``; with ``--field-rev current`` the "before" and the field are
today's defaults, so a proposal (e.g. from ``tools/search_fit.py fit``) is measured
against the shipped weights without editing them.

``solo`` gives each Class of '89 strategy's win rate against Ed per solo difficulty,
before and after, on the same seeds.

``profile`` shows each strategy's style: how often it makes each kind of choice.

``calibrate-votes`` fits the Love Battle vote model (``vote_temp``, ``vote_push``,
``pair_push``) by maximum likelihood to whether the votes of default-mix games came true.
"""
from __future__ import annotations

import argparse
import functools
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from simcli.strength import compare, factories_at, one_seat_shares  # noqa: E402
from strategies import default_mix, list_strategies  # noqa: E402

#: the heuristics before issue 9's tuning
FIELD_REV = "905f16f"
#: the weights searched per game (the rest keep their style defaults)
TUNED = {
    "vghs": ("w_first", "w_first_late", "w_block", "gta_defer", "w_kojima_empty",
             "w_game_over", "w_victory", "w_perm", "w_temp", "w_bonus",
             "w_cafeteria", "w_kojima", "w_rank", "w_first_bonus", "w_fit", "w_kojima_card",
             "w_first_gap", "w_urgent", "gta_wait", "x_game", "x_class", "x_gta", "x_kojima",
             "x_office", "s_game_deny", "s_gta_wait", "s_office_held", "s_office_order"),
    "class89": ("sig", "sig_cost", "sig_reserve", "sig_scarce", "entrance", "student",
                "token", "track", "tile", "teacher", "draw", "sig_need", "sig_last", "photo",
                "treasurer", "designer_fit", "rank", "loc_token", "keep"),
    "vgc": ("tile", "future", "iou", "dollar", "beat", "play", "crystal", "rent_min", "wake",
            "achieve", "mag", "grid_tile", "present", "rent_act", "cash", "surplus", "bonus",
            "mag_fit"),
    "lovebattle": ("seduction_value", "flirting_value", "distance_penalty", "rival_weight",
                   "draw_value", "ki_value", "jealousy_value", "punishment_value",
                   "enchantment_value", "pp_bonus", "move_first", "bring_value", "love_room",
                   "library_value", "w_lib_first"),
}
ZERO_RANGE = (0.0, 2.0)
#: weights searched over their own (low, high) instead (shares, bounded by the rules)
OWN_RANGE = {"gta_defer": (0.0, 1.0), "gta_wait": (0.0, 1.0), "sig_need": (0.0, 5.0),
             "treasurer": (0.0, 3.0), "designer_fit": (0.0, 1.5), "mag_fit": (0.0, 1.0),
             "rank": (0.0, 3.0), "loc_token": (0.0, 1.0), "keep": (0.0, 1.0)}


def _die(message: str) -> None:
    """A user's mistake: one line on stderr, exit status 2."""
    print(message, file=sys.stderr)
    raise SystemExit(2)


def field(game: str, rev: str) -> list:
    """The default mix at ``rev`` (``current``: today's working tree) as factories."""
    if rev == "current":
        from strategies import resolve
        return [resolve(game, name) for name in default_mix(game)]
    old = factories_at(rev, game)
    return [old[name] for name in default_mix(game)]


def _player_counts(players) -> list:
    """``--players``: one count, a comma list (``3,4``: tuned on both) or None (default)."""
    if players is None:
        return [None]
    return [int(x) for x in str(players).split(",") if x.strip()]


def tune(args) -> None:
    cls = list_strategies(args.game)[args.strategy]
    defaults = cls.params
    names = [k for k in TUNED[args.game] if k in defaults
             and isinstance(defaults[k], int | float) and not isinstance(defaults[k], bool)]
    if args.only:
        only = [k.strip() for k in args.only.split(",") if k.strip()]
        unknown = [k for k in only if k not in names]
        if unknown:
            _die(f"--only: {unknown[0]!r} is not a tuned weight of {args.strategy}; its "
                 f"tuned weights: {', '.join(names)}")
        names = [k for k in names if k in only]
    import optuna

    opponents = field(args.game, args.field_rev)

    def params_of(trial) -> dict:
        out = {}
        for k in names:
            d = float(defaults[k])
            if k in OWN_RANGE:
                out[k] = round(trial.suggest_float(k, *OWN_RANGE[k]), 3)
            elif d == 0:
                out[k] = trial.suggest_float(k, *ZERO_RANGE)
            else:
                f = trial.suggest_float(k + "_factor", 0.25, 3.0, log=True)
                out[k] = round(d * f, 3)
        return out

    counts = _player_counts(args.players)

    def objective(trial) -> float:
        cand = functools.partial(cls, **params_of(trial))
        # several player counts: the games split evenly, the objective their mean share
        shares = [one_seat_shares(args.game, cand, opponents, n_players=n,
                                  games=max(1, args.games // len(counts)), seed=args.seed).mean()
                  for n in counts]
        return float(sum(shares) / len(shares))

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(direction="maximize",
                                sampler=optuna.samplers.TPESampler(seed=args.seed))
    study.enqueue_trial({(k if float(defaults[k]) == 0 or k in OWN_RANGE else k + "_factor"):
                         (float(defaults[k]) if float(defaults[k]) == 0 or k in OWN_RANGE
                          else 1.0)
                         for k in names})
    study.optimize(objective, n_trials=args.trials)
    first = study.trials[0].value
    best = study.best_trial
    tuned = params_of(optuna.trial.FixedTrial(best.params))
    print(f"{args.game} {args.strategy}: defaults {first:.3f} -> best {best.value:.3f} "
          f"({args.trials} trials x {args.games} games, players {args.players or 'default'}, "
          f"field {args.field_rev}, seed {args.seed})")
    print("params update:", {k: v for k, v in tuned.items() if v != defaults[k]})


def measure(args) -> None:
    from strategies import UnknownStrategyError, parse_spec, resolve

    if args.field_rev == "current":
        old = {name: resolve(args.game, name) for name in list_strategies(args.game)}
    else:
        old = factories_at(args.field_rev, args.game)
    opponents = [old[name] for name in default_mix(args.game)]
    specs = args.strategy or list(default_mix(args.game))
    try:
        pairs = [(spec, resolve(args.game, spec), old[parse_spec(spec)[0]]) for spec in specs]
    except (UnknownStrategyError, KeyError) as exc:
        _die(f"--strategy: {exc}")
    print(f"{args.game} {args.players or 'default'}p: one seat against the {args.field_rev} "
          f"default mix, {args.games} games (seed {args.seed}), seats rotated")
    print("strategy | before [95% CI] | after [95% CI] | paired gain [95% CI]")
    for name, new, before in pairs:
        r = compare(args.game, new, before, opponents,
                    n_players=args.players, games=args.games, seed=args.seed)
        print(f"{name} | {r['old']:.3f} [{r['old_ci'][0]:.3f}, {r['old_ci'][1]:.3f}] | "
              f"{r['new']:.3f} [{r['new_ci'][0]:.3f}, {r['new_ci'][1]:.3f}] | "
              f"{r['diff']:+.3f} [{r['diff_ci'][0]:+.3f}, {r['diff_ci'][1]:+.3f}]")


def solo(args) -> None:
    """Class of '89 solo: each strategy's win rate against Ed per difficulty, today and at
    ``--field-rev`` on the same seeds (paired)."""
    from simcli import stats
    from strategies import resolve

    old = factories_at(args.field_rev, "class89")
    print(f"class89 solo vs Ed, {args.games} games (seed {args.seed}) per cell")
    print("difficulty | strategy | before [95% CI] | after [95% CI] | paired gain [95% CI]")
    for diff in ("easy", "normal", "hard"):
        for name in default_mix("class89"):
            kw = dict(n_players=1, games=args.games, seed=args.seed,
                      overrides={"solo_difficulty": diff})
            a = one_seat_shares("class89", old[name], [], **kw)
            b = one_seat_shares("class89", resolve("class89", name), [], **kw)
            la, ha = stats.wilson(float(a.sum()), len(a))
            lb, hb = stats.wilson(float(b.sum()), len(b))
            d = stats.paired_difference(a, b)
            print(f"{diff} | {name} | {a.mean():.3f} [{la:.3f}, {ha:.3f}] | {b.mean():.3f} "
                  f"[{lb:.3f}, {hb:.3f}] | {d['diff']:+.3f} [{d['ci_low']:+.3f}, "
                  f"{d['ci_high']:+.3f}]")


def _category(game: str, view, decision, action):
    """A coarse label of a choice for the style profiles (None: not profiled)."""
    if game == "vghs" and decision.kind == "place":
        kind = view.rules.locations[action].kind
        return ("video game", "Grand Theft Auditorium", "Kojima Quad", "Cafeteria", "class",
                "Principal's Office")[kind]
    if game == "class89" and decision.kind == "place":
        _m, loc, k = action
        return "entrance" if loc == 5 else f"{view.rules.space_costs[k]}-signature space"
    if game == "lovebattle" and decision.kind == "vote":
        return "One True Match" if len(action) == 1 else "Love Triangle"
    if game == "vgc" and decision.kind in ("take", "action", "play"):
        head = action[0] if isinstance(action, tuple) else action
        return f"{decision.kind}:{head}" if decision.kind != "take" else "take tile"
    return None


def profile(args) -> None:
    """How often each strategy makes each kind of choice (its style), one seat against
    the field of today's default mix."""
    from collections import Counter

    from strategies import resolve

    opponents = [resolve(args.game, s) for s in default_mix(args.game)]
    for name in default_mix(args.game):
        counts: Counter = Counter()

        def make(g, p, rng, name=name, counts=counts):
            bot = resolve(args.game, name)(g, p, rng)
            choose = bot.choose

            def wrapped(view, decision):
                action = choose(view, decision)
                label = _category(args.game, view, decision, action)
                if label is not None:
                    counts[label] += 1
                return action
            bot.choose = wrapped
            return bot
        one_seat_shares(args.game, make, opponents, n_players=args.players, games=args.games,
                        seed=args.seed)
        total = sum(counts.values()) or 1
        shown = ", ".join(f"{k} {v / total:.2f}" for k, v in counts.most_common(8))
        print(f"{name}: {shown} ({total} choices)")


def _spy(factory, seen: dict, game, player, rng):
    """A bot that notes its noise-free hand scores at the vote in ``seen[player]``."""
    bot = factory(game, player, rng)
    choose = bot.choose

    def wrapped(view, decision):
        if decision.kind == "vote":
            noise, bot.p["noise"] = bot.p["noise"], 0.0
            seen[player] = bot.hand_scores(view)
            bot.p["noise"] = noise
        return choose(view, decision)
    bot.choose = wrapped
    return bot


def calibrate_votes(args) -> None:
    """Maximum likelihood of the vote model over a grid, on default-mix games."""
    from simcli.engine import game_seed, play_game
    from simcli.games import get_game
    from strategies import resolve

    game = get_game("lovebattle")
    rules = game.make_rules(game.default_data(), 4)
    mix = default_mix("lovebattle")
    rows = []
    for i in range(args.games):
        names = [mix[(i + k) % len(mix)] for k in range(4)]
        seen: dict[int, list] = {}
        rec = play_game(game, 4, rules, [functools.partial(_spy, resolve("lovebattle", s), seen)
                                         for s in names], game_seed(args.seed, i))
        for p, m in enumerate(rec.result.seat_metrics):
            vote = tuple(rules.girls.index(x) for x in m["vote_girls"].split("+"))
            rows.append((seen[p], vote, bool(m["vote_correct"])))

    def loglik(temp, push, pair):
        total = 0.0
        for scores, vote, ok in rows:
            extra = push * (1.0 if len(vote) == 1 else pair)
            x = [scores[g] / temp + (extra if g in vote else 0.0) for g in range(5)]
            top = max(x)
            e = [math.exp(v - top) for v in x]
            q = [v / sum(e) for v in e]
            if len(vote) == 1:
                prob = q[vote[0]]
            else:
                a, b = vote
                prob = q[a] * q[b] / (1 - q[a]) + q[b] * q[a] / (1 - q[b])
            prob = min(max(prob, 1e-6), 1 - 1e-6)
            total += math.log(prob if ok else 1 - prob)
        return total

    grid = [(t, b, s) for t in (4, 6, 8, 10, 14, 20) for b in (1.5, 1.8, 2.0, 2.2, 2.5)
            for s in (0.3, 0.35, 0.4, 0.45, 0.5)]
    best = max(grid, key=lambda x: loglik(*x))
    print(f"{len(rows)} votes: vote_temp={best[0]}, vote_push={best[1]}, pair_push={best[2]}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("tune")
    t.add_argument("game")
    t.add_argument("strategy")
    t.add_argument("--trials", type=int, default=40)
    t.add_argument("--games", type=int, default=300)
    t.add_argument("--only", default="", help="comma list: tune only these weights")
    m = sub.add_parser("measure")
    m.add_argument("game")
    m.add_argument("--games", type=int, default=400)
    m.add_argument("--strategy", action="append", default=[],
                   help="a spec to measure (repeatable; name:k=v,... against the same name "
                        "at --field-rev; default: today's default mix)")
    pr = sub.add_parser("profile")
    pr.add_argument("game")
    pr.add_argument("--games", type=int, default=100)
    so = sub.add_parser("solo")
    so.add_argument("--games", type=int, default=300)
    c = sub.add_parser("calibrate-votes")
    c.add_argument("--games", type=int, default=400)
    for p, seed in ((t, 7), (m, 99), (pr, 99), (so, 99), (c, 5)):
        p.add_argument("--seed", type=int, default=seed)
        p.add_argument("--players", type=int if p is not t else str, default=None)
        p.add_argument("--field-rev", default=FIELD_REV)
    args = ap.parse_args(argv)
    {"tune": tune, "measure": measure, "solo": solo, "profile": profile,
     "calibrate-votes": calibrate_votes}[args.cmd](args)


if __name__ == "__main__":
    main()

"""``search``: Monte Carlo over the legal options on determinized copies, for any game.

At a decision of a searched kind the bot asks its base policy (a heuristic) what it
would play, then scores every option by rollouts on copies from the runner's sampler
(never the true state): each option is played on the *same* determinizations with the
*same* rollout seeds (common random numbers), the options are narrowed by sequential
halving, and the bot departs from the base policy's choice only when a paired re-check
on fresh copies confirms the gain. Rollouts are played by fresh heuristic bots (the
own seat by the base, the others by the game's default mix) and skip narration.
Every seed comes from the seat's RNG: a game is the same under any --jobs or backend.
"""
from __future__ import annotations

import math
import random

from strategies import Bot, default_mix, resolve

#: decisions searched by default: the balance levers of each shipped game
DEFAULT_KINDS = {
    "vghs": ("place",),
    "vgc": ("take",),
    "class89": ("place",),
    "lovebattle": ("vote", "turn", "hero_action"),
}
#: the largest option list searched by default (Love Battle's vote has 15 options)
DEFAULT_MAX_OPTIONS = {"lovebattle": 16}


class SearchBot(Bot):
    name = "search"
    description = ("Flat Monte Carlo on determinized copies with common random numbers and "
                   "a paired re-check before departing from its base heuristic.")
    params = {
        "base": "",            # heuristic for the own seat ("" = the default mix by seat)
        "rollouts": 24,        # rollouts per searched decision for the halving stage
        "recheck": 12,         # paired rollouts of best vs base before departing
        "kinds": "",           # comma list of decision kinds searched ("" = game default,
                               # "all" = every kind)
        "max_options": 0,      # decisions with more options are left to the base
                               # (0 = the game's default: 12, Love Battle 16)
        "max_decisions": 0,    # searched decisions per game at most (0 = no cap)
        "share": 1.0,          # fraction of the eligible decisions searched (drawn from
                               # the seat's RNG: deterministic per seed)
        "z": 0.5,              # departing needs mean gain > z standard errors
        "place_weight": 0.25,  # value = win share + place_weight * place score
        "score_weight": 0.25,  # + score_weight * margin over the best other score
                               # (scaled into -1..1): a steadier signal than wins alone
    }
    needs_sampler = True

    def __init__(self, game, player, rng, **params):
        super().__init__(game, player, rng, **params)
        name = game.name
        mix = list(default_mix(name))
        base = self.p["base"] or mix[player % len(mix)]
        if base == "search":
            raise ValueError("search cannot be its own base policy")
        self.base_spec = base
        self.base = resolve(name, base)(game, player, random.Random(rng.getrandbits(64)))
        self.factories = [resolve(name, base) if q == player else resolve(name, mix[q % len(mix)])
                          for q in range(max(game.players) + 1)]
        kinds = self.p["kinds"]
        if kinds == "all":
            self.kinds = None
        elif kinds:
            self.kinds = frozenset(k.strip() for k in str(kinds).split(",") if k.strip())
        else:
            default = DEFAULT_KINDS.get(name)
            self.kinds = frozenset(default) if default else None
        self.max_options = self.p["max_options"] or DEFAULT_MAX_OPTIONS.get(name, 12)
        self.sampler = None
        self.searched = 0
        self.departed = 0
        self.rollouts_done = 0

    def bind_sampler(self, sampler) -> None:
        self.sampler = sampler

    # ------------------------------------------------------------------ choose
    def choose(self, view, decision):
        a0 = self.base.choose(view, decision)
        options = decision.options
        if (self.sampler is None or len(options) < 2 or len(options) > self.max_options
                or (self.kinds is not None and decision.kind not in self.kinds)
                or (self.p["max_decisions"] and self.searched >= self.p["max_decisions"])
                or (self.p["share"] < 1.0 and self.rng.random() >= self.p["share"])):
            return a0
        self.searched += 1
        best = self._halving(options, a0)
        if best == a0 or not self._confirm(best, a0):
            return a0
        self.departed += 1
        return best

    def _halving(self, options, a0):
        """Sequential halving with common random numbers; a0 is never eliminated."""
        sampler = self.sampler
        sampler.fresh()
        seeds: list[int] = []
        cands = list(options)
        values = {a: [] for a in cands}
        rounds = max(1, math.ceil(math.log2(len(cands))))
        budget = self.p["rollouts"]
        j = 0
        while True:
            k = max(1, budget // (rounds * len(cands)))
            for _ in range(k):
                seeds.append(self.rng.getrandbits(64))
                for a in cands:
                    values[a].append(self._value(sampler(j), a, seeds[j]))
                j += 1
            if len(cands) <= 2:
                break
            means = {a: sum(values[a]) / len(values[a]) for a in cands}
            keep = max(2, len(cands) // 2)
            ranked = sorted(cands, key=lambda a: (-means[a], options.index(a)))
            cands = ranked[:keep]
            if a0 not in cands:
                cands[-1] = a0
        means = {a: sum(values[a]) / len(values[a]) for a in cands}
        return max(cands, key=lambda a: (means[a], a == a0))

    def _confirm(self, best, a0) -> bool:
        """Paired re-check on fresh copies: depart only if the gain holds up."""
        sampler = self.sampler
        sampler.fresh()
        diffs = []
        for j in range(self.p["recheck"]):
            seed = self.rng.getrandbits(64)
            diffs.append(self._value(sampler(j), best, seed) - self._value(sampler(j), a0, seed))
        m = len(diffs)
        if m == 0:
            return False
        mean = sum(diffs) / m
        if mean <= 0:
            return False
        if m < 2:
            return True
        var = sum((d - mean) ** 2 for d in diffs) / (m - 1)
        return mean > self.p["z"] * math.sqrt(var / m)

    def _value(self, state, action, seed: int) -> float:
        """Play ``action`` on a copy, then the game to its end with fresh base bots."""
        game = self.game
        state.log = None
        game.apply(state, action)
        rng = random.Random(seed)
        seeds = [rng.getrandbits(64) for _ in self.factories]
        bots: dict = {}
        decision, apply, view = game.decision, game.apply, game.view
        while (d := decision(state)) is not None:
            opts = d.options
            if len(opts) == 1:
                apply(state, opts[0])
                continue
            q = d.player
            bot = bots.get(q)
            if bot is None:
                bot = bots[q] = self.factories[q](game, q, random.Random(seeds[q]))
            apply(state, bot.choose(view(state, q), d))
        self.rollouts_done += 1
        res = game.result(state)
        rows = len(res.places)
        me = self.player
        share = res.win_shares[me]
        if rows < 2:
            return share
        value = share + self.p["place_weight"] * (rows - res.places[me]) / (rows - 1)
        weight = self.p["score_weight"]
        if weight:
            mine = float(res.scores[me])
            best = max(float(s) for q, s in enumerate(res.scores) if q != me)
            value += weight * (mine - best) / (abs(mine) + abs(best) + 1.0)
        return value

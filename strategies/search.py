"""``search``: Monte Carlo over the legal options on determinized copies, for any game.

At a decision of a searched kind the bot asks its base policy (a heuristic) what it
would play, then scores the options by rollouts on copies from the runner's sampler
(never the true state). Every option is played on the *same* determinizations with the
*same* rollout seeds (common random numbers), so options are compared by paired
differences, one per copy:

1. **Candidates.** By default every option. With ``propose`` (the default of vghs, vgc
   and class89 at 3 and 4 players: ``mix``) only the base's choice and the choices the named
   heuristics (``mix``: the game's default mix) would make here race, and a decision where
   they all agree is the base's without a rollout: class89's ~28 placements cost 56
   screening rollouts, while its four heuristics disagree on two to four options. With
   ``propose_eval=k`` (class89 at 3 players: 2) the k other options the game's
   evaluation rates best one move ahead (each played on the same copy and scored there,
   no rollout) race too: what no heuristic proposes. Otherwise, **screening** (long
   option lists): ``screen_rollouts`` paired rollouts per option, then only the
   ``screen`` best options (and the base's choice, always) stay.
2. **Racing** against the base's choice: batches of ``batch`` copies; an option whose
   paired difference from the base's choice, or from the current leader, is clearly
   negative (``drop_z`` standard errors) is dropped; the race ends when only the base's
   choice is left, when the leader is clearly ahead of it, or after ``rollouts`` rollouts.
3. **Re-check** on fresh copies (the race's leader is favoured by its selection): paired
   rollouts of the leader against the base's choice in batches, up to ``recheck``; the bot
   departs only when the mean gain exceeds ``z`` standard errors, and stops early once the
   gain is clearly settled either way.

Rollouts are played by fresh bots of the rollout models (the own seat by the base, the
others by the game's default mix; a caller may pass other models, e.g. the heuristics of
an older revision, with ``models=``) and skip narration (``state.log = None``). A game's
end is scored as win share plus place and score shaping. **Lean rollouts:** where the game
has an ``evaluate(state)`` hook (each shipped game's ``evaluation.py``: the chance each
result row wins from a state, a conditional logit fitted on heuristic self-play), a
rollout stops after ``horizon`` decisions with a choice (``-1`` or unnamed: the game's
default in ``GAME_DEFAULTS``; ``0``: play to the end) and the state is scored from those
chances (win chance, plus ``place_weight`` times the Bradley-Terry chance of finishing above each
other row, plus ``score_weight`` times the margin over the strongest other row). With
``rounds=k`` and a game that also has an ``epoch(state)`` hook (class89 and vghs: the
round number), a rollout instead stops at the start of the k-th round from now, where every
seat has had the same turns and the round end's rewards are paid (the states class89's
evaluation is fitted on); a rollout from the last round plays to the end. A game
without ``evaluate`` plays every rollout to its end. ``skip=N`` leaves the first N
eligible decisions of a game to the base. An option that has scored exactly as
the base's choice on ``same_stop`` paired copies is the same move and leaves the race.
Every seed comes from the seat's RNG: a game is the same under any --jobs or backend,
compiled or pure.

Strength and cost against the heuristics of revision 905f16f (``python
tools/search_probe.py``, the issue-9 probe, paired on the same seeds) and the measured
effect of each lever are in the README's search section.
"""
from __future__ import annotations

import functools
import math
import random

from simcli.engine import make_sampler
from simcli.seeding import defer_seed
from strategies import Bot, UnknownStrategyError, default_mix, resolve
from strategies.lookahead import best_one_move

#: per game, the defaults of parameters a spec does not name (measured: README's search
#: section): the rollout ``horizon`` (or, class89, the ``rounds`` cut-off) before the
#: game's evaluation scores the state (a game not named here plays its rollouts to the
#: end), the candidates (vghs, vgc and class89: ``propose=mix``, the heuristics' own
#: choices instead of screening every option; not Love Battle, where it measured weaker
#: on the ladder) and, where cut-off rollouts made it affordable to spend less, the
#: ``rollouts`` and ``recheck`` budgets. vghs's rollouts play as the table does
#: (``look=all``: every seat's bot looks ahead to the round's end, as the default mix
#: does) and stop at the next round's start (``rounds=1``), where those bots score their
#: options. Stop 44, ``simcli ladder vghs -n 200``, seeds 44 and 45: search's paired gain
#: over arcade, challenger and builder +0.060/+0.065, +0.070/+0.090, +0.105/+0.080 at
#: 0.50 s of CPU a game, where the previous default (plain rollouts cut after 30
#: decisions, every option screened) scored below two or three of them at 0.37 s; the same
#: rollouts with every option screened cost about 13x as much. Since stop 55 those rollout
#: bots look ahead on two options (``look_width=2``) instead of their own three to five:
#: on the same 2400 paired ladder games (seeds 56 and 57, search on the arcade and the
#: challenger, ``--against`` the previous default) +0.009 [-0.012, +0.030] against it, at
#: 21-23 ms a searched decision against 47-51
GAME_DEFAULTS: dict[str, dict] = {
    "vghs": {"propose": "mix", "look": "all", "look_width": 2, "rounds": 1, "horizon": 0,
             "rollouts": 24, "recheck": 10},
    "vgc": {"propose": "mix", "horizon": 40, "rollouts": 16, "recheck": 8},
    "class89": {"propose": "mix", "rounds": 1, "rollouts": 16, "recheck": 8},
    "lovebattle": {"horizon": 30, "rollouts": 24, "recheck": 10},
}

#: per game, a dearer search measured stronger than the defaults where the default search
#: scored below a heuristic on the ladder (README's ``simcli ladder`` section): vgc's full
#: rollouts (stop 34: +0.068 [+0.024, +0.111] over the default search on the beater, 400
#: paired games, 0.88 s of CPU a game against 0.33 s). vghs's former entry (rollouts
#: whose every seat looks ahead) is its default since stop 44
STRONGER: dict[str, str] = {
    "vgc": "horizon=0",
}

#: where a game's defaults hold only at some table sizes: the numbers of result rows
#: (seats, plus Ed in a class89 solo game) they were measured at. class89's measured as
#: strong as full rollouts at 4 players but weaker at 3 and solo (README's search section)
DEFAULTS_ROWS: dict[str, tuple[int, ...]] = {"class89": (4,)}

#: per game and table size outside ``DEFAULTS_ROWS`` (result rows), the defaults that
#: play there instead (the other parameters: the generic ones; a table size not named
#: here plays the generic defaults: class89 solo, where every cheaper variant measured
#: weaker). A ``propose`` here must be the game's default one or "" (its proposers'
#: seeds are drawn before the table size is known). class89 at 3 players: the 4-player
#: defaults plus the two options its evaluation rates best one move ahead
ROWS_DEFAULTS: dict[str, dict[int, dict]] = {
    "class89": {3: {"propose": "mix", "propose_eval": 2, "rounds": 1, "rollouts": 16,
                    "recheck": 8}},
}

#: decisions searched by default: the balance levers of each shipped game. Love Battle's
#: votes are left to the base (stop 38, README): searched alone they lost games (bluffer
#: -0.056 [-0.096, -0.016] on the ladder), its rollouts' cut-off scoring a vote by the
#: Love standing at the cut (myopic at the opening vote), and search without them beat
#: every heuristic on the same 600 games where with them it was below two
DEFAULT_KINDS = {
    "vghs": ("place",),
    "vgc": ("take",),
    "class89": ("place",),
    "lovebattle": ("turn", "hero_action"),
}


def _kinds(spec) -> frozenset:
    """The kinds named by a ``kinds=`` value (joined by "+" or ","; "nothing": none)."""
    names = frozenset(k.strip() for k in str(spec).replace("+", ",").split(",") if k.strip())
    return names - {"nothing"}


def _game_kinds(game) -> tuple[str, ...]:
    """The decision kinds the game (a name) declares (``decision_kinds``; empty: none)."""
    from simcli.games import get_game

    return tuple(getattr(get_game(game), "decision_kinds", ()))


def _mean_se(d: list[float]) -> tuple[float, float]:
    """Mean and standard error. Sums are ``math.fsum``, never ``sum()``: since Python
    3.12 ``sum()`` of floats is compensated, and a search must play the same everywhere."""
    m = len(d)
    mean = math.fsum(d) / m
    if m < 2:
        return mean, math.inf
    var = math.fsum((x - mean) ** 2 for x in d) / (m - 1)
    return mean, math.sqrt(var / m)


def _factory_key(f) -> tuple:
    """One key per distinct strategy: ``resolve`` makes a new partial for each seat."""
    if isinstance(f, functools.partial):
        return (f.func, f.args, tuple(sorted(f.keywords.items())))
    return (f,)


#: the parameters by which a shipped heuristic's look-ahead names how many options it
#: looks ahead on (vghs ``eval_width``, vgc and class89 ``eval_k``, Love Battle ``look_k``)
WIDTH_PARAMS = ("eval_width", "eval_k", "look_k")


def _strategy_class(factory):
    """The strategy class behind ``factory`` (``resolve`` gives a partial of it; a
    designer's models may give the class or another callable itself)."""
    return factory.func if isinstance(factory, functools.partial) else factory


def _narrowed(factory, width: int):
    """``factory`` whose bots look ahead on ``width`` options (at least the parameter's
    lower bound), where the strategy has one of ``WIDTH_PARAMS``; else ``factory``."""
    cls = _strategy_class(factory)
    params = getattr(cls, "params", {})
    for key in WIDTH_PARAMS:
        if key in params:
            low = getattr(cls, "ranges", {}).get(key, (None, None))[0] or 0
            return functools.partial(factory, **{key: max(width, low)})
    return factory


def _in_rollouts(factory):
    """``factory`` as a rollout plays it: with its strategy's ``rollout_params`` (e.g. vghs
    ``deep_margin`` 0: the rollouts model the table's plain look-ahead, whose re-scoring
    of near-ties by bots that look ahead themselves costs several rollouts' worth)."""
    extra = getattr(_strategy_class(factory), "rollout_params", None)
    return functools.partial(factory, **extra) if extra else factory


class SearchBot(Bot):
    name = "search"
    description = ("Monte Carlo on determinized copies with common random numbers: screening, "
                   "a paired race against its base heuristic, and a paired re-check before "
                   "departing from it.")
    params = {
        "base": "",            # heuristic for the own seat ("" = the default mix by seat)
        "rollouts": 40,        # rollouts per searched decision at most (screen + race)
        "batch": 2,            # copies per racing round (each played by every option left)
        "propose": "",         # candidates: "" = every option; "mix" = the choices of the
                               # game's default-mix heuristics (plus the base's; with
                               # ``models=``, the models' mix's too); or names
                               # joined by "+": only those options race (no screening)
        "propose_eval": 0,     # with ``propose``: also race this many other options, those
                               # the game's evaluation rates best one move ahead (each
                               # option played on one copy and scored there, no rollout)
        "screen": 6,           # options kept after screening a longer list (+ the base's)
        "screen_rollouts": 2,  # paired rollouts per option when screening
        "recheck": 16,         # fresh paired rollouts of leader vs base at most
        "kinds": "",           # decision kinds searched, joined by "+" (or "," where the
                               # spec is not itself a k=v list); "" = game default, "all"
                               # = every kind, "nothing" = none (the base plays throughout)
        "max_options": 0,      # decisions with more options are left to the base (0 = none)
        "max_decisions": 0,    # searched decisions per game at most (0 = no cap)
        "skip": 0,             # the first this many eligible decisions of a game are left
                               # to the base (the search plays the later, decisive ones)
        "share": 1.0,          # fraction of the eligible decisions searched (drawn from
                               # the seat's RNG: deterministic per seed)
        "drop_z": 1.5,         # racing: drop an option this many standard errors behind
        "z": 1.0,              # departing needs a re-checked mean gain > z standard errors
        "horizon": -1,         # rollout decisions before a game's own evaluation scores the
                               # state (-1 = the game's default, 0 = play every rollout to
                               # the end; a game without ``evaluate`` always plays to the end)
        "rounds": 0,           # a rollout also stops where the game's ``epoch(state)`` (a
                               # round counter; class89, vghs) has advanced this many times and the
                               # evaluation scores the state there (0 = off)
        "same_stop": 4,        # race: an option equal to the base's choice on this many
                               # paired rollouts is the same move and dropped (0 = never)
        "look": "",            # rollout seats whose bots get a sampler of the rollout's
                               # own copy, so a heuristic that looks ahead (the default
                               # mixes' ``w_eval``/``turn_look``) looks ahead inside the
                               # rollout as it does at the table: "own" (this seat), "all"
                               # (vghs's default) or "" (none: every rollout bot plays its
                               # plain heuristic)
        "base_look": 1,        # 1: a base heuristic that looks ahead on copies (the
                               # default mixes' ``w_eval``) does so for its own choice, as
                               # at the table; 0: the base plays its plain rule (its look-
                               # ahead, at the very decisions the search races, is skipped)
        "lean": 1,             # 1: rollout bots play their strategies' ``rollout_params``
                               # (vghs ``deep_margin`` 0: the table's plain look-ahead,
                               # at about a sixth of the cost); 0: exactly as the table
        "look_width": 0,       # with look: the options those rollout bots look ahead on
                               # (their ``eval_width``/``eval_k``/``look_k``, at least its
                               # lower bound; 0 = their own): a cheaper model of the table
                               # (vghs's default since stop 55: 2, as strong as its own
                               # widths on 2400 paired ladder games at half the cost)
        "place_weight": 0.25,  # value = win share + place_weight * place score
        "score_weight": 0.25,  # + score_weight * margin over the best other score
                               # (scaled into -1..1): a steadier signal than wins alone
    }
    ranges = {"rollouts": (0, None), "batch": (1, None), "screen": (1, None),
              "screen_rollouts": (1, None), "propose_eval": (0, None), "recheck": (0, None),
              "max_options": (0, None),
              "max_decisions": (0, None), "skip": (0, None), "share": (0.0, 1.0),
              "horizon": (-1, None), "rounds": (0, None), "same_stop": (0, None),
              "look_width": (0, None), "lean": (0, 1), "base_look": (0, 1),
              "drop_z": (0.0, None), "z": (0.0, None), "place_weight": (0.0, None),
              "score_weight": (0.0, None)}
    needs_sampler = True
    #: what ``simcli strategies GAME`` lists as this game's defaults
    game_params = GAME_DEFAULTS
    game_params_rows = DEFAULTS_ROWS
    game_params_at = ROWS_DEFAULTS

    @classmethod
    def param_notes(cls, game) -> dict[str, str]:
        """What ``simcli strategies GAME`` adds to a parameter: the kinds ``kinds=``
        takes in this game (where it declares them) and the ones searched by default."""
        known = _game_kinds(game)
        default = "+".join(DEFAULT_KINDS.get(game, ())) or "all"
        if not known:
            return {"kinds": f"default {default}"}
        return {"kinds": f"default {default}; any of {', '.join(sorted(known))} (joined by +), "
                         "all or nothing"}

    @classmethod
    def check_for_game(cls, game, params: dict) -> None:
        """Refuse ``kinds=`` naming a decision kind the game (a name) never asks, where
        the game declares its kinds (``decision_kinds``): such a search would silently
        never search. Refuse ``look_width`` where no rollout seat looks ahead (``look``,
        named or the game's default, empty): it would change nothing."""
        look = params.get("look", GAME_DEFAULTS.get(game, {}).get("look", ""))
        if params.get("look_width", 0) and not look:
            raise UnknownStrategyError(
                f"strategy 'search': look_width={params['look_width']} does nothing unless "
                f"look is set (add look=own or look=all)")
        kinds = params.get("kinds", "")
        if kinds in ("", "all"):
            return
        known = _game_kinds(game)
        unknown = sorted(_kinds(kinds) - set(known))
        if known and unknown:
            raise UnknownStrategyError(
                f"strategy 'search': kinds={kinds!r}: {game} asks no decision of kind "
                f"{unknown[0]!r}; its kinds: {', '.join(sorted(known))} (or all, nothing)")

    def __init__(self, game, player, rng, *, models=None, **params):
        """``models``: optional ``(base_factory, [factory per seat])`` for the rollouts
        (and the base's own choice) instead of today's registered heuristics."""
        super().__init__(game, player, rng, **params)
        name = game.name
        self.named = frozenset(params)
        for key, value in GAME_DEFAULTS.get(name, {}).items():
            if key not in params:
                self.p[key] = value
        if models is None:
            mix = list(default_mix(name))
            base = self.p["base"] or mix[player % len(mix)]
            if base == "search":
                raise ValueError("search cannot be its own base policy")
            self.base_spec = base
            base_factory = resolve(name, base)
            seat_factories = [resolve(name, mix[q % len(mix)])
                              for q in range(max(game.players) + 1)]
        else:
            base_factory, seat_factories = models
            self.base_spec = getattr(base_factory, "__name__", "custom")
        self.base = base_factory(game, player, random.Random(rng.getrandbits(64)))
        lean = _in_rollouts if self.p["lean"] else (lambda f: f)
        self.factories = [lean(base_factory if q == player
                               else seat_factories[q % len(seat_factories)])
                          for q in range(max(game.players) + 1)]
        kinds = self.p["kinds"]
        if kinds == "all":
            self.kinds = None
        elif kinds:
            self.kinds = _kinds(kinds)
        else:
            default = DEFAULT_KINDS.get(name)
            self.kinds = frozenset(default) if default else None
        self.max_options = self.p["max_options"]
        propose = self.p["propose"]
        if propose == "mix":
            # the rollout models' mix (today's default mix, or the caller's ``models=``),
            # and with other models today's default mix too: against a weaker table (the
            # issue-9 probe's revision) its own heuristics propose too little (stop 47)
            mixed = list(seat_factories)
            if models is not None:
                mixed += [resolve(name, m) for m in default_mix(name)]
            makers = list({_factory_key(f): f for f in mixed}.values())
        else:
            names = [x.strip() for x in str(propose).split("+") if x.strip()]
            if "search" in names:
                raise ValueError("search cannot propose its own candidates")
            makers = [resolve(name, x) for x in names]
        # the proposers' seeds are drawn here whether or not they play (a game is the
        # same either way); where ``propose`` comes from defaults that hold only at some
        # table sizes, ``bind_sampler`` builds their bots once it knows the table's
        self._makers = [(f, rng.getrandbits(64)) for f in makers]
        self.proposers: list = []
        if "propose" in self.named or name not in DEFAULTS_ROWS:
            self._build_proposers()
        self._cutoffs()
        self.cut = 0
        self.sampler = None
        self.eligible = 0
        self.searched = 0
        self.departed = 0
        self.screened = 0
        self.rollouts_done = 0
        #: optional ``trace(view, decision, candidates, base_choice, chosen, values)``,
        #: called after every searched decision (``values``: option -> the paired rollout
        #: values the race scored it by; the tools/search_fit.py recorder sets it)
        self.trace = None
        self._values: dict = {}
        # reseeded for every rollout (``_value``): the rollout seed's stream and one per
        # seat for the rollout's bots
        self._seed_rng = random.Random(0)
        self._bot_rngs = [random.Random(0) for _ in self.factories]
        look = self.p["look"]
        if look not in ("", "own", "all"):
            raise UnknownStrategyError(f"strategy 'search': look={look!r}: must be own, all "
                                       f"or empty")
        if look and not getattr(game, "determinize_copies", True):
            raise UnknownStrategyError(
                f"strategy 'search': look={look}: {game.name}'s determinized copies cannot "
                "be determinized again, so its rollout bots cannot look ahead; leave look= "
                "empty")
        #: the rollout seats that look ahead (``look``)
        self.looking = frozenset(range(len(self.factories))) if look == "all" else \
            frozenset((player,)) if look == "own" else frozenset()
        width = self.p["look_width"]
        if width:
            self.factories = [_narrowed(f, width) if q in self.looking else f
                              for q, f in enumerate(self.factories)]

    def _cutoffs(self) -> None:
        game = self.game
        evaluate = getattr(game, "evaluate", None)
        horizon = self.p["horizon"]
        if horizon < 0:
            horizon = GAME_DEFAULTS.get(game.name, {}).get("horizon", 0)
        self.horizon = horizon if evaluate is not None else 0
        epoch = getattr(game, "epoch", None)
        self.rounds = self.p["rounds"] if evaluate is not None and epoch is not None else 0
        self.epoch = epoch if self.rounds else None
        self.evaluate = evaluate if self.horizon or self.rounds else None

    def bind_sampler(self, sampler) -> None:
        self.sampler = sampler
        # a base that looks ahead on copies of the game (class89/vghs ``w_eval``, Love
        # Battle ``turn_look``) gets the same sampler unless ``base_look=0`` (then it plays
        # its plain rule), so search's own choice where it does not depart is the base as
        # it plays at the table; the proposers get none and
        # play their plain heuristics (cheaper), and a rollout's bots get a sampler of
        # the rollout's own copy only with ``look`` (never one of the true state)
        if self.p["base_look"] and getattr(self.base, "needs_sampler", False):
            self.base.bind_sampler(sampler)
        rows = DEFAULTS_ROWS.get(self.game.name)
        evaluate = getattr(self.game, "evaluate", None)
        # the table size, from a copy (sampler(0) draws no random number)
        if rows is not None and evaluate is not None:
            n = len(evaluate(sampler(0)))
            if n not in rows:
                there = ROWS_DEFAULTS.get(self.game.name, {}).get(n, {})
                for key in GAME_DEFAULTS.get(self.game.name, {}):
                    if key not in self.named:
                        self.p[key] = self.params[key]
                for key, value in there.items():
                    if key not in self.named:
                        self.p[key] = value
                self._cutoffs()
        self._build_proposers()

    def _build_proposers(self) -> None:
        if self.p["propose"] and not self.proposers:
            game, player = self.game, self.player
            self.proposers = [f(game, player, random.Random(seed)) for f, seed in self._makers]

    # ------------------------------------------------------------------ choose
    def choose(self, view, decision):
        a0 = self.base.choose(view, decision)
        options = decision.options
        if (self.sampler is None or len(options) < 2
                or (self.max_options and len(options) > self.max_options)
                or (self.kinds is not None and decision.kind not in self.kinds)
                or (self.p["max_decisions"] and self.searched >= self.p["max_decisions"])):
            return a0
        self.eligible += 1
        if (self.eligible <= self.p["skip"]
                or (self.p["share"] < 1.0 and self.rng.random() >= self.p["share"])):
            return a0
        if self.proposers:
            cands = [a0]
            for bot in self.proposers:
                a = bot.choose(view, decision)
                if a not in cands:
                    cands.append(a)
            if self.p["propose_eval"] and len(options) > len(cands):
                cands += self._eval_screen([a for a in options if a not in cands])
            if len(cands) < 2:
                return a0
            options = tuple(cands)
        self.searched += 1
        best = self._race(options, a0)
        chosen = a0 if best == a0 or not self._confirm(best, a0) else best
        if chosen != a0:
            self.departed += 1
        if self.trace is not None:
            self.trace(view, decision, options, a0, chosen, self._values)
        return chosen

    def _eval_screen(self, rest) -> list:
        """The ``propose_eval`` options of ``rest`` the game's evaluation rates best just
        after each is played on the same determinized copy (ties: the earlier option)."""
        game = self.game
        evaluate = getattr(game, "evaluate", None)
        if evaluate is None:
            return []
        sampler = self.sampler
        sampler.fresh()
        best = best_one_move(game, sampler, rest, lambda s: self._estimate(evaluate(s)),
                             self.p["propose_eval"])
        return [rest[j] for j in best]

    def _race(self, options, a0):
        """Screening, then a paired race against ``a0`` on common random numbers."""
        sampler = self.sampler
        sampler.fresh()
        budget = self.p["rollouts"]
        cands = list(options)
        values: dict = {a: [] for a in cands}
        self._values = values
        seeds: list[int] = []
        used = 0

        def play(k: int) -> None:
            nonlocal used
            for _ in range(k):
                j = len(seeds)
                seeds.append(self.rng.getrandbits(64))
                for a in cands:
                    values[a].append(self._value(sampler(j), a, seeds[j]))
                used += len(cands)

        if len(cands) > self.p["screen"] + 1:
            self.screened += 1
            play(self.p["screen_rollouts"])
            means = {a: math.fsum(values[a]) / len(values[a]) for a in cands}
            ranked = sorted((a for a in cands if a != a0),
                            key=lambda a: (-means[a], options.index(a)))
            cands = [a0] + ranked[:self.p["screen"]]
        drop_z = self.p["drop_z"]
        same = self.p["same_stop"]
        while len(cands) > 1 and used + len(cands) <= budget:
            play(min(self.p["batch"], max(1, (budget - used) // len(cands))))
            v0 = values[a0]
            n = len(v0)
            means = {a: math.fsum(values[a][-n:]) / n for a in cands}
            lead = max(cands, key=lambda a: (means[a], a == a0))
            keep = [a0]
            for a in cands:
                if a == a0:
                    continue
                va = values[a]
                if same and n >= same and va == v0:
                    continue    # the same outcome on every paired copy: the same move
                m, se = _mean_se([x - y for x, y in zip(va, v0, strict=True)])
                if m + drop_z * se < 0:
                    continue
                if a != lead:
                    vl = values[lead]
                    ml, sel = _mean_se([x - y for x, y in zip(va, vl, strict=True)])
                    if ml + drop_z * sel < 0:
                        continue
                keep.append(a)
            cands = keep
            if lead != a0 and lead in cands:
                m, se = _mean_se([x - y for x, y in zip(values[lead], v0, strict=True)])
                if m - drop_z * se > 0 and len(cands) == 2:
                    break
        n = len(values[a0])
        if len(cands) == 1 or n == 0:   # n == 0: the budget could not play one round
            return a0
        means = {a: math.fsum(values[a][-n:]) / n for a in cands}
        return max(cands, key=lambda a: (means[a], a == a0))

    def _confirm(self, best, a0) -> bool:
        """Paired re-check on fresh copies: depart only if the gain holds up."""
        limit = self.p["recheck"]
        if limit <= 0:
            return True
        sampler = self.sampler
        sampler.fresh()
        z = self.p["z"]
        step = self.p["batch"]
        diffs: list[float] = []
        j = 0
        while j < limit:
            for _ in range(min(step, limit - j)):
                seed = self.rng.getrandbits(64)
                diffs.append(self._value(sampler(j), best, seed)
                             - self._value(sampler(j), a0, seed))
                j += 1
            if len(diffs) >= 2 * step:
                mean, se = _mean_se(diffs)
                if mean - 2 * z * se > 0 or mean + z * se < 0:
                    break
        mean, se = _mean_se(diffs)
        return mean > 0 and (se == math.inf or mean > z * se)

    def _value(self, state, action, seed: int) -> float:
        """Play ``action`` on a copy, then the game to its end with fresh model bots."""
        game = self.game
        state.log = None
        game.apply(state, action)
        # the rollout's RNGs: this bot's own Random objects reseeded (``r.seed(x)`` is the
        # stream of ``random.Random(x)``), not new ones; a rollout's bots are dropped when
        # it ends, before the next reseeds them
        rng = self._seed_rng
        rng.seed(seed)
        seeds = [rng.getrandbits(64) for _ in self.factories]
        rngs = self._bot_rngs
        bots: dict = {}
        decision, apply, view = game.decision, game.apply, game.view
        factories = self.factories
        evaluate = self.evaluate
        horizon = self.horizon
        left = horizon
        epoch = self.epoch
        stop = epoch(state) + self.rounds if epoch is not None else 0
        while (d := decision(state)) is not None:
            opts = d.options
            if len(opts) == 1:
                apply(state, opts[0])
                continue
            if evaluate is not None:
                if (horizon and not left) or (epoch is not None and epoch(state) >= stop):
                    self.rollouts_done += 1
                    self.cut += 1
                    return self._estimate(evaluate(state))
                left -= 1
            q = d.player
            bot = bots.get(q)
            if bot is None:
                r = rngs[q]
                defer_seed(r, seeds[q])
                bot = bots[q] = factories[q](game, q, r)
                if q in self.looking and getattr(bot, "needs_sampler", False):
                    # copies of the rollout's own state, as this seat may know it
                    bot.bind_sampler(make_sampler(game, state, q,
                                                  random.Random(r.getrandbits(64))))
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

    def _estimate(self, p) -> float:
        """The value of a state from win probabilities ``p`` per result row (a game's
        ``evaluate``, or a finished game's win shares): win share, plus ``place_weight``
        times the mean chance of finishing above each other row (Bradley-Terry on ``p``),
        plus ``score_weight`` times the margin over the strongest other row."""
        me = self.player
        mine = p[me]
        rows = len(p)
        if rows < 2:
            return mine
        above = 0.0
        best = 0.0
        for q in range(rows):
            if q == me:
                continue
            pq = p[q]
            above += 0.5 if mine + pq == 0 else mine / (mine + pq)
            if pq > best:
                best = pq
        value = mine + self.p["place_weight"] * above / (rows - 1)
        if mine + best > 0:
            value += self.p["score_weight"] * (mine - best) / (mine + best)
        return value

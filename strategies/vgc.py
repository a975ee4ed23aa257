"""Video Game Champion heuristics.

All of them share one evaluator (:class:`VGCBot`) that scores every option of a decision
with tunable weights; they differ in their weights, i.e. in their plan:

* ``beater``    - Beat games for points: hunts tiles that complete combinations, takes
  New Release Crystals and Magazines on the way, rents sparingly.
* ``collector`` - Play many games (Played count majority, the Played bonus past five,
  Thrills), renting a lot; takes New Release Crystals and, alone of the four, asks for
  Presents (games kept all game).
* ``hunter``    - weighs the open Achievement cards most, and New Release Crystals; rents
  and Plays widely for them (since stop 20; before, it bought Magazines instead), and
  wakes up early to go first at the Weekend (since stop 24).
* ``rusher``    - rushes through the Rental Store: rents and Plays as many games as the
  collector and Beats more of them; values Dollars and going first at the Weekend most.
  (Before stop 18 it rushed New Release Crystals; the retuned weights, which win far
  more, no longer do: its Crystal weight is high but it spends its turns on rentals.)

Measured styles (one seat against the default mix, 100 games, seed 11, stop 20): Played
games beater 6.2, collector 9.3, hunter 8.8, rusher 10.7; rentals 5.4 / 7.4 / 8.0 / 10.3;
Beaten points 31.6 / 18.3 / 21.0 / 28.5; Magazines 5.6 / 3.7 / 3.0 / 0.6; Presents
0.0 / 1.6 / 0.1 / 0.0; Crystals 6.5 / 6.9 / 6.2 / 2.7; Achievement points 2.5 / 6.1 /
6.9 / 4.5. (Stop 18: Played 6.5 / 10.5 / 6.0 / 10.6, rentals 5.8 / 10.0 / 4.8 / 10.1,
Magazines 5.0 / 1.9 / 5.4 / 0.6, Achievement points 2.7 / 6.9 / 5.5 / 4.7.)

The strategies read the rules that change their incentives: the tile limit, the IOU
limits of the Money and Present Actions, the rent costs and the number of Weeks (how many
Weekends of rentals a Dollar can still pay for).

How the weights were obtained (stop 18, issue 9 item 4). First, where ``search`` departs
from each heuristic: over 60 games per base (seed 5, 3,600 searched Grid takes) it
departed at 2,662 (74%). At the tile the heuristics chose, the Action they planned was
Asking for a Present 776 times (search: 127), the Routine rental 481 (216), the Newsstand
418 (326); search instead took Grandparents 889 times (heuristics 296), Money 458 (273)
and Game Planning 290 (83), and tiles the heuristics valued 2.1 against their own 6.0.
In whole games search asked for fewer Presents (0.8-1.4 against 1.9-4.5), rented more
(5.5-7.5 games against 2.7-4.3), held fewer IOUs, and left no Dollars unspent where the
rusher ended with 3.5. So: a Present counts only ``present`` of its game (3 IOUs clog the
hand and bar Money and Presents), the Routine rental Action ``rent_act`` of the best
rental (the Weekend rents for free), a Grid tile ``grid_tile`` of its value against its
Actions, and a Dollar is worth ``dollar`` only up to ``cash`` per Weekend still to come
(``surplus`` of it past that, both when gained and when spent on a rental or Magazine).
Then ``python tools/tune_strategies.py tune vgc NAME --trials 40 --games 200 --field-rev
current`` (optuna TPE, seed 7, one seat against today's mix, seats rotated, the same seeds
for every trial) from style defaults set by hand from those findings; before/after on
fresh seeds: ``python tools/tune_strategies.py measure vgc --field-rev f950092``.

Stop 20 (the collector and the hunter, which search still beat by +0.165 and +0.110 on
the stop-19 ladder): where ``search`` (base = each) departs at Grid takes, 80 games each
(seed 5). The hunter departed at 597 of 1,200 takes: its planned Action was the
Newsstand at 332 of them (search: 23); search took Money 234 times, Grandparents 146 and
the Routine rental 69 instead. Over whole games the hunter bought 5.0 Magazines and
Played 6.2 games, search on it 2.6 Magazines and 8.0 games (6.1 against 2.9 points of
Played bonus). The collector departed at 451: mostly the same Action (Money, Grandparents)
on a different tile, the heuristic's tile rated 2.1 against 1.0 for search's; search
Played 11.1 games against 10.7 and won the Played majority more often (5.9 against 4.7
points). So, three rules-grounded terms (off by default, on for the collector and the
hunter; the beater and the rusher play as before):

* ``bonus``: a first token is also worth ``bonus`` per point of the Played bonus it
  earns once the player has Played ``scoring.played_bonus_after`` games
  (``scoring.played_bonus_points`` each; both read from the rules);
* ``mag_fit``: a Magazine's Crystal is only gained when the Magazine is used on a game
  of its two genres, so that share of its Crystal rides on the same genre fit as its wild;
* ``mag_ach``: Curious and Decided count a Magazine's progress only where it adds a genre
  tag, or a Magazine to the player's commonest genre (before: any Magazine counted).

Then ``python tools/tune_strategies.py tune vgc collector|hunter --trials 50 --games 300
--field-rev current`` (seed 7) from the stop-18 weights with ``bonus`` 0.5, ``mag_fit``
1 (the collector first; the hunter against the field with the untuned new collector).
New against the stop-19 bot in one seat against today's mix, 400 fresh games (seed 123),
paired: collector +0.070 [+0.021, +0.119], hunter +0.130 [+0.086, +0.174].

Stop 21 (the rusher, which search beat by +0.087 on the stop-20 ladder): the Grid take's
score as terms (``terms``, for ``tools/search_fit.py``): ``grid_tile`` times the tile's
value, and per board Action a multiplier ``m_<name>`` (1 = as before) of the value of the
space's best Action, plus two situational terms (0 = off), ``g_late`` and ``r_late``: the
tile's and the Routine rental's value times the share of the game's Weeks gone. Fitted to
search's choices over the rusher (100 games, seed 101, 1,207 searched takes, 33% departed;
held-out agreement 0.663 current, 0.671 proposal), search weighs the tile far less against
the Actions than the rusher did (``grid_tile`` 0.086 against 0.373 on the rusher's scale;
Money, Planning and Grandparents above the rental and the Newsstand). As a whole the
proposal measured -0.045 [-0.107, +0.017] new against old (400 games, seed 601), half of it
+0.013 [-0.045, +0.070]; the one lever ``grid_tile`` 0.373 -> 0.2 measured +0.077
[+0.021, +0.134] (400 games, seed 601) and held on 600 fresh games (seed 602): +0.062
[+0.016, +0.107]. Only that was adopted; the multipliers stay 1 and the situational terms 0.
Also: the Action planned at a take is played only on the tile it was planned for (on
another tile, e.g. where search departs, the bot judges that tile's Actions afresh, as the
rollouts' fresh bots do); a heuristic's own games are unchanged by it.

Stop 24 (issue 9: search's gain over beater +0.135, collector +0.135, hunter +0.190 on
the stop-23 ladder): Waking Up Early. The race's measured gains over the hunter (60 games,
seed 5, ``search`` at its default with base hunter: 730 searched takes, 268 departed;
each raced option's paired gain regressed on the differences of the take's terms) rated
a unit of the Wake Action's value 0.93 (se 0.35) against 0.016 for Money and 0.003 for
the Newsstand, and the hunter, the beater and the collector valued going first at the
Weekend at 0.10-0.27 (each retune searched 1/4..3 times the weight before it, so the
weight could only drift down). Raised by hand, one seat against today's mix, paired with
the shipped bot (``tools/tune_strategies.py measure vgc --field-rev current``): screened
on 400 games (seed 1001; hunter ``wake`` 0.5 +0.020, 1.2 +0.087 [+0.050, +0.125], 2
+0.040; beater 0.8 +0.062 [+0.035, +0.090], 1.5 +0.062; collector 0.6 +0.018, 1.2 +0.058
[+0.019, +0.096]), then on 1,000 fresh games (seed 2024): hunter 1.2 +0.103 [+0.078,
+0.128], beater 0.8 +0.034 [+0.018, +0.050], collector 1.2 +0.056 [+0.032, +0.080];
at 3 players (400 games, seed 2025) +0.050 [+0.009, +0.091], +0.005, +0.013. With all
three changed, though, ``simcli ladder vgc -n 200 -s 8`` paired game by game with the
same ladder of the stop-23 bots: in the new field the heuristics' own shares moved hunter
+0.050 [-0.012, +0.112], beater -0.015, collector -0.040, rusher -0.030, and search's gain
over them hunter +0.160 -> +0.120, beater +0.075 -> +0.085, collector +0.115 -> +0.255
(change +0.140 [+0.043, +0.237]), rusher +0.095 -> +0.150: going first is a race (one
Wake space a round), so the beater's and the collector's gains against today's field did
not hold once the others wake too. Only the hunter's ``wake`` 1.2 ships; the beater and
the collector keep 0.268 and 0.134.
Measured on the same 400 screening games and not kept: following search's other
departures (Newsstand ``m_newsstand`` 0.5 -0.058 [-0.101, -0.014]; 0.7 with Grandparents
1.2 and the rental 1.3 -0.035; ``grid_tile`` 0.09 +0.003), Game Planning valued by the
expected worth of the tiles it draws (hunter -0.028 at 5 times a Grid tile's weight,
-0.068 at 15; beater -0.122 at 15): search's departures towards Planning and away from
the Newsstand follow its cut-off evaluation (tiles held weigh up, Magazines held down),
not the games' ends. Also not kept: the majorities priced from the standing against the
best rival (a normal spread of the final lead; hunter +0.003 to -0.075, collector -0.120,
beater -0.070), the Achievement race (progress discounted per step a rival is ahead:
hunter -0.020 / +0.003, collector -0.043) and, in the last Week, tiles only for games
reachable with the turns left (hunter -0.015 to -0.020, beater -0.003).

Stop 27 (issue 9: search's gain over beater +0.135, collector +0.135, hunter +0.190,
rusher +0.085 on ``simcli ladder vgc -n 200 -s 7``): a look-ahead at the Grid take, the
decision search races in vgc (``w_eval``, ``eval_k``, ``eval_n``, ``eval_depth``; on by
default, ``LOOK_AHEAD``; ``:w_eval=0`` is the plain play, asks for no sampler and draws
nothing more from the RNG). The ``eval_k`` = 4 best tiles by the value above, each with
the Action planned for it, are played on the same ``eval_n`` = 2 determinized copies from
the engine's sampler (never the true state), the copy is played on for ``eval_depth`` =
20 decisions with a choice by plain bots (this heuristic in its seat, the default mix in
the others, reseeded per copy: common random numbers across the tiles), and the tile's
value gains ``w_eval`` = 3 times the mean log of the bot's win chance there
(``GAME.evaluate``). Screened one seat against the plain mix, paired with the plain bot,
pooled over the four bots (the unit the game; seed 2701): to the end of the bot's own
turn (400 games) ``w_eval`` 1 +0.028 [+0.004, +0.052], 3 +0.042 [+0.017, +0.067], 10
+0.011; 3 with 6 tiles on 4 copies +0.044; to the end of the Routine round
(``eval_round``) +0.030; the (tile, Action) pairs as candidates (``eval_act``, 6 pairs)
+0.037; 20 decisions on (300 games) +0.090 [+0.060, +0.120] (beater +0.060, collector
+0.107, hunter +0.093, rusher +0.100); on fresh seeds (200 games, seed 2702): beater
+0.070 [+0.007, +0.133], collector +0.065 [-0.002, +0.132], hunter +0.125 [+0.038,
+0.212], rusher +0.120 [+0.033, +0.207], pooled +0.095 [+0.055, +0.135].
``simcli ladder vgc -n 50 -s 7`` with the look-ahead mix (only 50 games: the machine
was shared), search's paired gain: beater
-0.020 [-0.166, +0.126], collector +0.080 [-0.017, +0.177], hunter +0.040 [-0.100,
+0.180], rusher +0.120 [-0.049, +0.289]. A 4-player heuristic game costs about 0.9 s of
CPU against 0.025 s (pure Python, the machine loaded).

Stop 50 (issue 9: search's paired gain over the hunter +0.077 [+0.034, +0.119] over the
600 ladder games of seeds 45, 47 and 48, the others within +0.05): of 181 departures from
the hunter in 40 games (search on the hunter's base, seed 5001), 131 went to a tile its
look-ahead had scored lower and 50 to one it never looked at, 41 of all 181 to the tile
only the rusher's plain rule takes. ``eval_mix=1`` adds to the ``eval_k`` best tiles the
tile each other default-mix heuristic would take here (plain, in this seat). One seat
against the stop-49 mix, 600 paired games each, the hunter: ``eval_mix=1`` +0.020
[-0.016, +0.056] (seed 5015) and +0.010 [-0.025, +0.045] (5016); with ``w_eval=1.5``
+0.025; with 40 decisions on (``eval_depth=40``) +0.062 [+0.019, +0.105] (5018), +0.043
[+0.003, +0.084] (5019), +0.062 [+0.019, +0.104] (5020), where 40 decisions alone had
measured +0.046, +0.002 and +0.022 at stop 47. The same for the others: collector +0.053
[+0.011, +0.096] (5021) and +0.036 [-0.008, +0.079] (5023), beater +0.010 [-0.030,
+0.050] (5024), rusher +0.017 [-0.036, +0.069] (5022). The hunter and the collector ship
with both. Not taken: close calls (the looked-ahead tiles within 0.1 of the best in log
win chance) played on four more copies +0.003 [-0.027, +0.034] (5011; 0.2 on six more
-0.018); ``w_eval`` 6 -0.015, 1.5 +0.017.

Stop 57 (issue 9: full-rollout search's paired gain over the beater +0.073 [+0.044,
+0.101] and the rusher +0.065 [+0.025, +0.105] over 1000 ladder games of seeds 50-52 and
54, the collector and the hunter within +0.05): the three levers each measured about
+0.01 to +0.04 at stops 50-56 and none settled alone (the look at the other heuristics'
tiles, ``eval_mix=1``; the look-ahead played to the game's end, ``eval_depth=400``, as
full-rollout search plays; Waking Up Early valued more, ``wake``, where full-rollout
search departed from both). Together, one seat against the stop-56 mix, 600 paired games
each on fresh seeds (``tune_strategies.py measure vgc --field-rev current``): beater
``eval_mix=1,eval_depth=400,wake=0.8`` +0.037 [+0.002, +0.072] (0.113 -> 0.150, seed
5701), rusher ``eval_mix=1,eval_depth=400,wake=1.0`` +0.050 [-0.003, +0.103] (0.360 ->
0.410, seed 5702). Both ship with them. ``simcli ladder vgc -n 600 -s 57 --only
beater,rusher --search horizon=0`` after it: full-rollout search's paired gain over the
beater -0.002 [-0.037, +0.034], over the rusher -0.002 [-0.055, +0.052]: search no longer
beats either. A heuristic game costs about 1.1-1.3 s of CPU instead of 0.4 (compiled);
``beater:eval_mix=0,eval_depth=20,wake=0.268`` and ``rusher:eval_mix=0,eval_depth=20,
wake=0.542`` play the stop-56 bots.

Stop 58 (issue 14: played to the game's end, the look-ahead made a vgc heuristic game
2.7 times as costly). A game has about 280 decisions with a choice, so 400 decisions on
is the game's end from anywhere. Cut to 60 or to 100 decisions on, each bot in one seat
against today's mix, 600 paired games on the same seeds (seed 5801): ``eval_depth=60``
beater +0.043 [+0.006, +0.081], rusher +0.017 [-0.037, +0.070], pooled +0.034 [+0.004,
+0.065]; ``eval_depth=100`` beater +0.005 [-0.032, +0.042], rusher +0.014 [-0.039,
+0.067], pooled +0.008 [-0.022, +0.038]. The rule written before the results: ship the
cheapest depth whose pooled change is at least -0.01 with its lower bound above -0.05.
So both ship with 60 decisions on: not weaker, and a game costs about half the CPU (1.6
s -> 0.86 s with both in the mix, 12 games, seeds 99).

Stop 59 (the rusher, which full-rollout search beat by +0.068 [+0.015, +0.122] on the
seed-58 ladder and by +0.064 [+0.010, +0.118] on seed 59's, pooled +0.066 [+0.028,
+0.104] over 1,200 games). Where that search departs from the rusher (80 games, seed 5901,
1,056 searched takes, 128 departures): mostly to another heuristic's tile, the rusher's
Game Planning or Money traded for the Newsstand, Grandparents or Waking Up Early, which
its look-ahead had played on its two copies and rated lower. The look-ahead weighed
twice as much against the plain score, ``w_eval=6``, one seat against today's mix, 600
paired games (seed 5902): +0.025 [-0.020, +0.070] (0.360 -> 0.385). The rule written
before the result: ship it if the change is at least +0.02 with its lower bound above
-0.03. It ships; it costs nothing (the same look-ahead, weighed differently).

Stop 60 (the hunter, which full-rollout search beat by +0.048 [+0.008, +0.089] on the
seed-61 ladder, 600 games against today's field). Where that search departs from the
hunter (80 games, seed 6001, 1,052 searched takes, 165 departures): mostly away from
Money (58) and Grandparents (38) tiles, to the Newsstand (50), Grandparents (37) or a
different Money tile (35). The same free change as the rusher's, ``w_eval=6``, one seat
against today's mix, 600 paired games (seed 6002): +0.020 [-0.015, +0.055] (0.168 ->
0.188). Stop 59's rule, written again before the result: ship it if the change is at
least +0.02 with its lower bound above -0.03. It ships, at the threshold.

Every combination question goes through ``simcli.games.vgc.combos`` (the same finder the
rules use); bots read only the view.
"""
from __future__ import annotations

import math

from simcli.games.vgc.combos import hand_info, overlap, overlap_without, useful_tiles
from simcli.seeding import deferred, wake
from strategies import Bot
from strategies.lookahead import NO_CAP, bind_look, log_chance, play_on, reseed, turn_end


def _purse(x, need, surplus):
    """Worth of holding ``x`` Dollars: one each up to ``need``, ``surplus`` each beyond."""
    return min(x, need) + surplus * max(0.0, x - need)


#: the board Actions a Grid space can offer (rules: ``space_actions``)
ACTIONS = ("planning", "money", "present", "wake", "study", "grandparents", "newsstand",
           "rental")


class VGCBot(Bot):
    name = "vgc-base"
    description = "Weighted evaluator shared by the VGC heuristics."
    params = {
        "beat": 1.0,  # per point of a Beaten game
        "play": 1.0,  # first token on a game (Played count, Thrill)
        "crystal": 1.5,  # per New Release Crystal gained
        "achieve": 0.5,  # per point of Achievement progress
        "iou": 0.8,  # cost per IOU taken
        "dollar": 0.6,  # per Dollar
        "tile": 0.7,  # per Button Tile drawn
        "wake": 1.0,  # value of Waking Up Early (going first at the Weekend and after)
        "mag": 1.0,  # a Magazine (wild) beyond its Crystal
        "future": 0.5,  # weight of rentable games when valuing tiles
        "rent_min": 1.5,  # least value for renting a game
        "side": 0,  # Password Notebook side (index)
        "targets": 5,  # most games (held first, then rentable) to collect tiles for
        "grid_tile": 0.6,  # weight of a Grid tile's value against its Actions' (take)
        "present": 0.3,  # share of a Present's game value counted when asking for it
        "rent_act": 0.4,  # share of the best rental counted for the Routine rental Action
        "cash": 3.0,  # Dollars wanted per Weekend left (rentals); beyond that a Dollar
        "surplus": 0.25,  # is worth this share of ``dollar``
        "bonus": 0.0,  # per point of the Played bonus a first token earns past the fifth
        "mag_fit": 0.0,  # share of a Magazine's Crystal that rides on its genres' fit
        "mag_ach": 0,  # 1: Magazine Achievements by the genres each Magazine adds
        # per board Action, a multiplier of its value when choosing a Grid tile and its
        # Action (1 = as valued above; fitted to search's choices, tools/search_fit.py)
        "m_planning": 1.0, "m_money": 1.0, "m_present": 1.0, "m_wake": 1.0,
        "m_study": 1.0, "m_grandparents": 1.0, "m_newsstand": 1.0, "m_rental": 1.0,
        # situational: plus this times the share of the game's Weeks gone (0 in Week 1,
        # 1 in the last), for a Grid tile's value and the Routine rental Action's
        "g_late": 0.0, "r_late": 0.0,
        # look-ahead at the Grid take on determinized copies (0 = off, the old play: no
        # sampler, no random number drawn for it): the ``eval_k`` best tiles by the value
        # above (each with the Action planned for it) are each played on the same
        # ``eval_n`` copies from the engine's sampler, the rest of the bot's turn by its
        # plain heuristic (``eval_round`` 1: to the end of the Routine round, every seat by
        # plain bots), and the tile's value gains ``w_eval`` times the mean log of the
        # bot's win chance there (``GAME.evaluate``)
        # (``eval_act`` 1: the candidates are the (tile, Action) pairs, every legal board
        # Action of each tile valued as above, so the look-ahead also picks the Action)
        # (``eval_depth`` k > 0: instead, the copy is played on for k decisions with a
        # choice, every seat by plain bots, or to the game's end)
        "w_eval": 0.0, "eval_k": 4, "eval_n": 2, "eval_round": 0, "eval_act": 0,
        "eval_depth": 0,
        # (``eval_mix`` 1: the look-ahead also plays the tile each other default-mix
        # heuristic would take here, by its plain rule in this seat, beside its own
        # ``eval_k`` best; with ``eval_act``, every (tile, Action) pair of those tiles)
        "eval_mix": 0,
    }
    ranges = {"side": (0, 3), "targets": (1, 60), "rent_min": (0, None), "cash": (0, None),
              "surplus": (0, 1), "bonus": (0, None), "mag_fit": (0, 1), "mag_ach": (0, 1),
              "w_eval": (0, None), "eval_k": (2, 30), "eval_n": (1, 64), "eval_round": (0, 1),
              "eval_act": (0, 1), "eval_depth": (0, 400), "eval_mix": (0, 1),
              **{f"m_{a}": (0, None) for a in ACTIONS}}
    reads = ("tile_limit", "money_iou_limit", "present_iou_limit", "rent_cost",
             "new_release_rent_cost", "weeks", "scoring.played_bonus_after",
             "scoring.played_bonus_points")

    # ------------------------------------------------------------------ helpers --
    def choose(self, view, decision):
        handler = getattr(self, "on_" + decision.kind, None)
        if handler is None:
            return decision.options[0]
        return handler(view, decision)

    def me(self, view):
        return view.players[view.me]

    def _wilds(self, view, pl, card_id) -> int:
        return _wilds(view, pl, card_id)

    def cash_value(self, view, pl, k: int) -> float:
        """Value of ``k`` more Dollars (negative: spent). Dollars buy rentals and
        Magazines and score nothing: up to ``cash`` per Weekend still to come a Dollar
        is worth ``dollar``, past that ``surplus`` of it."""
        return _cash_value(self.p, view, pl, k)

    def __init__(self, game, player, rng, **params):
        super().__init__(game, player, rng, **params)
        self._mview = None
        self._memo: dict = {}
        self._week: tuple = (0, {})
        self._plan = None
        self._plan_space = -1  # the Grid space ``_plan`` was decided for
        #: Action name -> multiplier of its value (``m_<name>``)
        self.mult = {a: float(self.p["m_" + a]) for a in ACTIONS}
        # the look-ahead needs copies of the game: ``play_game`` binds a sampler only to a
        # bot that asks (an instance attribute: with ``w_eval`` 0 nothing more is drawn
        # from the RNG and the bot plays as before); without one (e.g. a rollout bot inside
        # ``search``) the bot plays its plain heuristic
        self.needs_sampler = self.p["w_eval"] > 0
        self.sampler = None
        self._plain: list = []
        #: with ``eval_mix``: the other default-mix heuristics, plain, in this seat
        self._mix_bots: list = []

    def bind_sampler(self, sampler) -> None:
        """The engine's sampler of determinized copies (never the true state), and the
        plain bots (``w_eval`` 0) that finish a turn on a copy: this bot's heuristic in its
        own seat, the default mix by seat in the others (``eval_round``), each on its own
        RNG, reseeded for every copy from seeds of ``_look_rng`` (all seeded from this
        bot's RNG: deterministic per game seed)."""
        bind_look(self, sampler, {"w_eval": 0.0}, STRATEGIES, DEFAULT_MIX)
        if self.sampler is not None and self.p["eval_mix"]:
            rng = self.rng
            self._mix_bots = [cls(self.game, self.player, deferred(rng.getrandbits(64)),
                                  w_eval=0.0)
                              for cls in STRATEGIES.values() if cls is not type(self)]

    def look_ahead(self, options, scores, also=()) -> int:
        """The index of the look-ahead's pick among ``options`` (Grid spaces; ``scores``
        their (value, planned Action) by the plain rule): the ``eval_k`` best by value and
        the positions in ``also`` (``eval_mix``) are each played on the same ``eval_n``
        determinized copies (the planned Action followed), the turn (or round) finished
        by the plain bots with the same seeds, and the value gains ``w_eval`` times the
        mean log of this bot's win chance there."""
        k = int(self.p["eval_k"])
        order = sorted(range(len(options)), key=lambda i: (-scores[i][0], i))[:k]
        order += sorted(set(also) - set(order))
        if len(order) < 2:
            return order[0]
        n = int(self.p["eval_n"])
        w = self.p["w_eval"]
        sampler = self.sampler
        sampler.fresh()
        seeds = [self._look_rng.getrandbits(64) for _ in range(n)]
        best, best_v = order[0], -math.inf
        seen = {}
        for i in order:
            total = 0.0
            for j in range(n):
                total += self._finish_turn(sampler(j), options[i], scores[i][1], seeds[j])
            v = scores[i][0] + w * total / n
            seen[options[i], scores[i][1]] = v  # (space, planned Action) -> value
            if v > best_v + 1e-12:
                best, best_v = i, v
        self._look_seen = seen
        return best

    def _finish_turn(self, state, space, plan, seed) -> float:
        """Take ``space`` on a copy, its planned Action ``plan`` followed by the plain
        bot of this seat, then the rest of the turn (``eval_round``: of the Routine round;
        ``eval_depth`` k: k more decisions with a choice, or the game's end) by the plain
        bots; the log of this bot's win chance there."""
        game = self.game
        me = self.player
        state.log = None
        left = self.p["eval_depth"]
        cap = NO_CAP
        if left:
            def stop(s, d):
                nonlocal left
                if len(d.options) > 1:
                    if left <= 0:
                        return True
                    left -= 1
                return False
        elif self.p["eval_round"]:
            week, phase, rnd = state.week, state.phase, state.round

            def stop(s, d):
                return s.week != week or s.phase != phase or s.round != rnd
            cap = 400  # a safety cap (a Routine round is a few dozen decisions)
        else:
            stop = turn_end(me, "take")
            cap = 400
        plain = self._plain
        reseed(plain, seed)
        mine = plain[me]
        game.apply(state, space)
        mine._plan, mine._plan_space = plan, space
        play_on(game, state, plain, stop, cap)
        mine._plan = None
        return log_chance(game.evaluate(state)[me])

    def open_achievements(self, view) -> dict:
        """cond -> (count, points) of the first open Achievement with that condition."""
        m = self.memo(view)
        got = m.get("open")
        if got is None:
            got = {}
            for aid in view.achievements:
                a = view.rules.achievements[aid]
                got.setdefault(a.cond, (a.count, a.points))
            m["open"] = got
        return got

    def memo(self, view) -> dict:
        """A cache that lives for one decision (one view)."""
        return _memo(self, view)

    def targets(self, view, pl, future: bool = True) -> list[tuple[int, float]]:
        """(card, weight) of the games worth collecting tiles for (cached)."""
        m = self.memo(view)
        key = ("targets", future, m["full"])
        cache = self._week[1]
        res = cache.get(key)
        if res is None:
            res = cache[key] = self._targets(view, pl, future)
        return res

    def _targets(self, view, pl, future: bool) -> list[tuple[int, float]]:
        cards = view.rules.cards
        tokens = pl.tokens
        gv = self.game_value
        rental = view.rental
        rented = [rental[s] for s in pl.rented]
        res = [(g, gv(view, pl, g, cards[g])) for g in [pl.initial, *pl.presents, *rented]
               if tokens.get(g, 0) != 2]
        cap = int(self.p["targets"])
        if future and pl.meeples > 0 and pl.dollars > 0 and len(res) < cap:
            fut = self.p["future"]
            meeple = view.meeple
            more = [(g, fut * gv(view, pl, g, cards[g])) for s, g in enumerate(rental)
                    if meeple[s] < 0 and tokens.get(g, 0) != 2]
            more.sort(key=lambda x: -x[1])  # the best few rentable games
            res += more[: cap - len(res)]
        return res

    def game_value(self, view, pl, g, card) -> float:
        """Value of getting game ``g`` Beaten (cached)."""
        return _game_value(self, view, pl, g, card)

    def _game_value(self, view, pl, g, card) -> float:
        return _value_of_game(self, view, pl, g, card)

    def ach_delta(self, view, pl, g, beat: bool) -> float:
        """Achievement progress of placing/flipping a token on game g (cached)."""
        return _ach_cached(self, view, pl, g, beat)

    def _ach_delta(self, view, pl, g, beat: bool) -> float:
        return _ach_delta(self.p["achieve"], view, pl, g, beat)

    def tile_values(self, view, pl, future=True) -> list[tuple[int, float]]:
        """(mask of tiles, value) per game the tiles would bring closer to completion;
        a tile's value is the sum over the masks holding it (see :func:`tval`)."""
        return _tile_values(view, pl, self.targets(view, pl, future))

    def keep_values(self, view, pl) -> list[float]:
        """Value of each tile in hand (how much the best combinations need it)."""
        return _keep_values(view, pl, self.targets(view, pl, True))

    # ------------------------------------------------------------------ decisions --
    def on_side(self, view, decision):
        opts = decision.options
        return opts[int(self.p["side"]) % len(opts)]

    def on_take(self, view, decision):
        options = decision.options
        if self.sampler is not None and len(options) > 1:
            theirs = {_on_take(b, view, options) for b in self._mix_bots}
            if self.p["eval_act"]:
                pairs = _take_pairs(self, view, options)
                also = [j for j, (sp, _) in enumerate(pairs[1]) if sp in theirs]
                i = self.look_ahead([sp for sp, _ in pairs[1]], pairs[0], also)
                space = pairs[1][i][0]
                self._plan = pairs[1][i][1]
            else:
                scores = _take_scores(self, view, options)
                also = [j for j, sp in enumerate(options) if sp in theirs]
                i = self.look_ahead(options, scores, also)
                space = options[i]
                self._plan = scores[i][1]
        else:
            space = _on_take(self, view, options)
        self._plan_space = space
        return space

    def terms(self, view, decision, option) -> dict[str, float]:
        """The unweighted terms of the score of ``option`` at a Grid take (other
        decisions: none), for tools/search_fit.py: the take scores ``grid_tile`` times
        the tile's value (halved when the hand is full), plus ``g_late`` times that
        times the share of Weeks gone, plus the best Action of the space: ``m_<name>``
        times its value (``r_late`` times the rental's value times the share of Weeks
        gone); the terms of the Actions not chosen are 0. Its choice maximises their
        weighted sum (up to its 0.01 tie noise)."""
        if decision.kind != "take":
            return {}
        pl = view.players[view.me]
        p = self.p
        full = len(pl.tiles) + pl.ious >= view.rules.p["tile_limit"]
        tile = tval(self.tile_values(view, pl), view.grid[option]) * (0.5 if full else 1.0)
        late = _late(view)
        out = {"grid_tile": tile, "g_late": tile * late}
        for a in ACTIONS:
            out["m_" + a] = 0.0
        out["r_late"] = 0.0
        mult = {**self.mult, "rental": self.mult["rental"] + p["r_late"] * late}
        best, raw, name = 0.0, 0.0, ""
        for act in view.space_actions[option]:
            v = _type_value(self, view, pl, act)[0]
            if v * mult[act[0]] > best:
                best, raw, name = v * mult[act[0]], v, act[0]
        if name:
            out["m_" + name] = raw
            if name == "rental":
                out["r_late"] = raw * late
        return out

    def type_value(self, view, pl, act) -> tuple[float, tuple]:
        """(value, action) of the best legal Action of one board Action (Grid choices)."""
        return _type_value(self, view, pl, act)

    def action_value(self, view, pl, a, space=-1) -> float:
        return _action_value(self, view, pl, a)

    def iou_ach(self, view, pl, k) -> float:
        w = self.p["achieve"]
        got = self.open_achievements(view).get("ious") if w else None
        if got is None or pl.ious >= got[0]:
            return 0.0
        return w * got[1] * min(1.0, (pl.ious + k) / got[0])

    def present_ach(self, view, pl) -> float:
        w = self.p["achieve"]
        got = self.open_achievements(view).get("presents") if w else None
        if got is None:
            return 0.0
        return w * got[1] * (len(pl.presents) + 1) / got[0]

    def mag_value(self, view, pl, m) -> float:
        p = self.p
        rules = view.rules
        genres = rules.magazines[m]
        v = p["crystal"]
        memo = self.memo(view)
        mine = memo.get("genres")
        if mine is None:
            mine = memo["genres"] = {rules.cards[g].genre for g, _ in
                                     self.targets(view, pl, False)}
        fit = 1.0 if genres[0] in mine or genres[1] in mine else 0.4
        if p["mag_fit"]:
            # its Crystal is only gained when the Magazine is used, on a game of its genres
            v *= 1.0 - p["mag_fit"] * (1.0 - fit)
        v += p["mag"] * fit
        if p["achieve"]:
            opened = self.open_achievements(view)
            if p["mag_ach"]:
                v += _mag_ach(p["achieve"], opened, rules.magazines, pl.mags, genres)
                return v
            for cond in ("magazine_genres", "magazines_same_genre"):
                got = opened.get(cond)
                if got is not None:
                    v += p["achieve"] * got[1] * (len(pl.mags) + 1) / (2 * got[0])
        return v

    def best_rent(self, view, pl) -> tuple[int, float]:
        """(slot, value) of the best rentable game now, or (-1, 0)."""
        m = self.memo(view)
        res = m.get("rent")
        if res is None:
            res = m["rent"] = self._best_rent(view, pl)
        return res

    def _best_rent(self, view, pl) -> tuple[int, float]:
        return _best_rent(self, view, pl)

    def on_action(self, view, decision):
        plan, self._plan = self._plan, None
        if plan is not None and view.took_space == self._plan_space \
                and plan in decision.options:
            return plan  # decided when this tile was chosen
        # (another tile than the one planned for, e.g. search's: judge its Actions)
        pl = self.me(view)
        best, best_v = decision.options[-1], -1e9
        mult = self.mult
        if self.p["r_late"]:
            mult = {**mult, "rental": mult["rental"] + self.p["r_late"] * _late(view)}
        for a in decision.options:
            v = self.action_value(view, pl, a)
            if a[0] != "none":
                v *= mult[a[0]]
            if v > best_v:
                best, best_v = a, v
        return best

    def on_wake_space(self, view, decision):
        pl = self.me(view)
        spaces = [s for s in decision.options if s != "keep"]
        if not spaces or not pl.tiles:
            return "keep"
        tv = self.tile_values(view, pl)
        s = max(spaces, key=lambda x: tval(tv, view.grid[x]))
        keep = self.keep_values(view, pl)
        if tval(tv, view.grid[s]) > min(keep) + 0.5:
            return s
        return "keep"

    def on_wake_give(self, view, decision):
        pl = self.me(view)
        keep = self.keep_values(view, pl)
        i = min(range(len(keep)), key=lambda k: keep[k])
        return pl.tiles[i]

    def on_discard(self, view, decision):
        return self.on_wake_give(view, decision)

    def on_thrill(self, view, decision):
        pl = self.me(view)
        tv = self.tile_values(view, pl)
        return max(decision.options, key=lambda s: tval(tv, view.thrill[s]))

    def on_crystal(self, view, decision):
        pl = self.me(view)
        side = view.rules.sides[pl.side]
        best, best_v = decision.options[0], -1e9
        for x in decision.options:
            v = -2.0 if side.spaces[x] < 0 else 0.0  # keep rainbows for odd colors
            for ln in side.lines_of[x]:
                filled = sum(1 for y in side.lines[ln] if pl.notebook[y] >= 0)
                v += (filled + 1) / len(side.lines[ln])
            if v > best_v:
                best, best_v = x, v
        return best

    def on_play(self, view, decision):
        return _on_play(self, view, decision.options)


def tval(values: list[tuple[int, float]], t: int) -> float:
    v = 0.0
    if t >= 0:
        for mask, share in values:
            if mask >> t & 1:
                v += share
    return v


# The hottest bodies of VGCBot as module functions (the methods call them), so that the
# compiled build can type their locals (strategies/vgc.pxd); the arithmetic is the same.
def _memo(bot, view) -> dict:
    """VGCBot.memo: a cache that lives for one decision (one view)."""
    if bot._mview is not view:
        bot._mview = view
        memo = bot._memo = {}
        pl = view.players[view.me]
        # everything game values, Achievement deltas and targets read; a longer-lived
        # cache (the week's, shared by the look-ahead's and search's copies) is keyed on
        # it. Before stop 42 it held counts only (games Played, Achievements left,
        # presents): two copies with as many games Played but on other games, or other
        # Achievements left, shared one value
        core = (view.week, pl.played, pl.beaten_points, pl.played_unbeaten,
                tuple(view.achievements), tuple(pl.presents), tuple(pl.genre_played),
                tuple(pl.beaten_diff), pl.rental_played, tuple(sorted(pl.tokens.items())),
                tuple(view.rental))
        memo["core"] = core
        memo["full"] = (core, tuple(sorted(view.card_crystal)), pl.meeples,
                        pl.dollars > 0, tuple(view.meeple), tuple(pl.rented))
        if bot._week[0] != view.week:
            bot._week = (view.week, {})
        return memo
    return bot._memo


def _game_value(bot, view, pl, g, card):
    """VGCBot.game_value: one dict of game values per state of what they depend on."""
    m = _memo(bot, view)
    values = m.get("gv")
    if values is None:
        values = m["gv"] = bot._week[1].setdefault(("gv", m["core"]), {})
    key = (g, g in view.card_crystal)
    v = values.get(key)
    if v is None:
        v = values[key] = _value_of_game(bot, view, pl, g, card)
    return v


def _value_of_game(bot, view, pl, g, card):
    p = bot.p
    v = p["beat"] * card.score
    if pl.tokens.get(g, 0) == 0:
        v += _first_token(p, view, pl)
        if g in view.card_crystal:
            v += p["crystal"]
    return v + _ach_cached(bot, view, pl, g, True)


def _ach_cached(bot, view, pl, g, beat):
    """VGCBot.ach_delta: Achievement progress, cached per state of what it depends on."""
    p = bot.p
    if not p["achieve"] or not view.achievements:
        return 0.0
    m = _memo(bot, view)
    deltas = m.get("ach")
    if deltas is None:
        deltas = m["ach"] = bot._week[1].setdefault(("ach", m["core"]), {})
    key = (g, beat)
    v = deltas.get(key)
    if v is None:
        v = deltas[key] = _ach_delta(p["achieve"], view, pl, g, beat)
    return v


def _on_take(bot, view, options):
    """The Grid space of highest value (:func:`_take_scores`; the first on a tie); the
    Action it was valued for is kept as ``bot._plan``."""
    best, best_v, plan = options[0], -1e9, ("none",)
    for space, (v, aa) in zip(options, _take_scores(bot, view, options), strict=True):
        if v > best_v:
            best, best_v, plan = space, v, aa
    bot._plan = plan  # the Action this tile was taken for
    return best


def _take_scores(bot, view, options) -> list:
    """(value, planned Action) of every Grid space in ``options``: the values
    :func:`_on_take` maximises (with its tie noise; the look-ahead's base)."""
    pl, tv, full, grid_tile, mult = _take_setup(bot, view)
    type_best: dict = {}
    grid = view.grid
    space_actions = view.space_actions
    wake(bot.rng)
    rand = bot.rng.random
    out = []
    for space in options:
        v = tval(tv, grid[space]) * (0.5 if full else 1.0) * grid_tile
        ab, aa = 0.0, ("none",)  # no Action
        for act in space_actions[space]:
            got = type_best.get(act)
            if got is None:
                got = type_best[act] = _scaled_type_value(bot, view, pl, act, mult)
            if got[0] > ab:
                ab, aa = got
        v += ab + rand() * 0.01
        out.append((v, aa))
    return out


def _take_pairs(bot, view, options) -> tuple:
    """([(value, Action)], [(space, Action)]) of every Grid space in ``options`` with each
    of its board Actions (their best legal form, as :func:`_type_value` finds it) and with
    none: the tile's value plus the Action's (with :func:`_on_take`'s tie noise, one draw
    per space)."""
    pl, tv, full, grid_tile, mult = _take_setup(bot, view)
    type_best: dict = {}
    grid = view.grid
    wake(bot.rng)
    rand = bot.rng.random
    scores, keys = [], []
    for space in options:
        v = tval(tv, grid[space]) * (0.5 if full else 1.0) * grid_tile + rand() * 0.01
        scores.append((v, ("none",)))
        keys.append((space, ("none",)))
        for act in view.space_actions[space]:
            got = type_best.get(act)
            if got is None:
                got = type_best[act] = _scaled_type_value(bot, view, pl, act, mult)
            if got[0] > -1e8 and (space, got[1]) not in keys:
                scores.append((v + got[0], got[1]))
                keys.append((space, got[1]))
    return scores, keys


def _take_setup(bot, view) -> tuple:
    """What :func:`_take_scores` and :func:`_take_pairs` value Grid spaces with: the bot's
    PlayerState, its tile values, whether its tiles are at the limit, the Grid tile's
    weight and the Action multipliers (both with the late-game terms ``g_late``,
    ``r_late``)."""
    pl = view.players[view.me]
    tv = bot.tile_values(view, pl)
    full = len(pl.tiles) + pl.ious >= view.rules.p["tile_limit"]
    p = bot.p
    grid_tile = p["grid_tile"]
    mult = bot.mult
    if p["g_late"] or p["r_late"]:
        late = _late(view)
        grid_tile = grid_tile + p["g_late"] * late
        mult = {**mult, "rental": mult["rental"] + p["r_late"] * late}
    return pl, tv, full, grid_tile, mult


def _scaled_type_value(bot, view, pl, act, mult) -> tuple:
    """:func:`_type_value` of Action ``act`` with its value times its multiplier."""
    got = _type_value(bot, view, pl, act)
    w = mult[act[0]]
    if w != 1.0:
        got = (got[0] * w, got[1])
    return got


def _late(view) -> float:
    """The share of the game's Weeks gone: 0 in the first Week, 1 in the last."""
    weeks = view.rules.p["weeks"]
    return (view.week - 1) / (weeks - 1) if weeks > 1 else 1.0


def _type_value(bot, view, pl, act):
    name, arg = act
    rp = view.rules.p
    if name == "money" and pl.ious >= rp["money_iou_limit"] or \
            name == "wake" and pl.seat in view.reserved:
        return -1e9, ("none",)
    if name in ("present", "newsstand"):
        if name == "present" and (pl.ious >= rp["present_iou_limit"] or not view.store):
            return -1e9, ("none",)
        if name == "newsstand" and (pl.dollars < 1 or not view.newsstand):
            return -1e9, ("none",)
        best, best_v = ("none",), -1e9
        for x in (view.store if name == "present" else view.newsstand):
            v = _action_value(bot, view, pl, (name, x))
            if v > best_v:
                best, best_v = (name, x), v
        return best_v, best
    if name in ("study", "grandparents"):
        k = min(arg if name == "study" else 1, pl.ious)
        if name == "study" and k == 0:
            return -1e9, ("none",)
        return _action_value(bot, view, pl, (name, k)), (name, k)
    return _action_value(bot, view, pl, (name,)), (name,)


def _action_value(bot, view, pl, a):
    p = bot.p
    name = a[0]
    rules = view.rules
    limit = rules.p["tile_limit"]
    room = limit - len(pl.tiles) - pl.ious
    if name == "planning":
        return p["tile"] * (2 if room >= 2 else 0.5 + max(room, 0))
    if name == "money":
        return _cash_value(p, view, pl, 2) - p["iou"] * (1 + (room <= 0)) + \
            bot.iou_ach(view, pl, 1)
    if name == "present":
        card = rules.cards[a[1]]
        v = _game_value(bot, view, pl, a[1], card) * p["present"] + bot.present_ach(view, pl)
        return v - 3 * p["iou"] * (1 + (room < 3)) + bot.iou_ach(view, pl, 3)
    if name == "wake":
        return p["wake"] * (1.0 if view.phase == "routine" else 0.0)
    if name == "study":
        return a[1] * p["iou"] * (1.2 if room <= 1 else 0.8)
    if name == "grandparents":
        return _cash_value(p, view, pl, 1) + a[1] * p["iou"] * (1.2 if room <= 1 else 0.8)
    if name == "newsstand":
        return bot.mag_value(view, pl, a[1]) + _cash_value(p, view, pl, -1)
    if name == "rental":
        return bot.best_rent(view, pl)[1] * p["rent_act"]
    return 0.0


def _on_play(bot, view, options):
    pl = view.players[view.me]
    p = bot.p
    rules = view.rules
    best, best_v = ("end",), 0.0
    keep = None
    for o in options:
        verb = o[0]
        if verb == "end":
            continue
        if verb == "rent":
            continue
        g = o[1]
        card = rules.cards[g]
        first = pl.tokens.get(g, 0) == 0
        v = 0.0
        if first:
            v += _first_token(p, view, pl) + (p["crystal"] if g in view.card_crystal else 0.0)
        if verb == "beat":
            v += p["beat"] * card.score
        v += _ach_cached(bot, view, pl, g, verb == "beat")
        v += len(o[3]) * (p["crystal"] - p["mag"] * 0.5)
        if verb == "play":
            # playing prepares a wild for beating later; less so if beatable now
            v += 0.3 * p["beat"] * card.score
        if o[2]:
            if keep is None:
                keep = dict(zip(pl.tiles, bot.keep_values(view, pl), strict=True))
            # left-to-right float addition, as sum() did up to 3.11: since 3.12 sum()
            # of floats is compensated and a near-tie would play differently
            lost = 0.0
            for t in o[2]:
                lost += keep.get(t, 0.0)
            v -= 0.15 * lost + 0.05 * len(o[2])
        if v > best_v:
            best, best_v = o, v
    if best[0] == "end" and view.rent_window:
        slot, v = bot.best_rent(view, pl)
        if slot >= 0 and v >= p["rent_min"] and ("rent", slot) in options:
            return ("rent", slot)
    return best


def _first_token(p, view, pl):
    """Value of a first Played/Beaten token on a game: ``play``, and once the player has
    Played as many games as the rules' bonus starts after, ``bonus`` per point of the
    Played bonus it earns (the rules: 2 points for each game Played after the fifth)."""
    if p["bonus"]:
        sc = view.rules.scoring
        if pl.played >= sc["played_bonus_after"]:
            return p["play"] + p["bonus"] * sc["played_bonus_points"]
    return p["play"]


def _mag_ach(w, opened, magazines, mags, genres) -> float:
    """Achievement progress of one more Magazine (of ``genres``) for the Magazine
    Achievements, counted only where it adds to them: Curious counts the genre tags held,
    Decided the Magazines of one genre (times the weight ``w``)."""
    gain = 0.0
    got = opened.get("magazine_genres")
    if got is not None:
        have = set()
        for m in mags:
            have.update(magazines[m])
        after = len(have | set(genres))
        if after > len(have):
            gain += got[1] * after / got[0]
    got = opened.get("magazines_same_genre")
    if got is not None:
        count: dict = {}
        for m in mags:
            for x in magazines[m]:
                count[x] = count.get(x, 0) + 1
        best = max(count.values()) if count else 0
        after = max(count.get(x, 0) + 1 for x in genres)
        if after > best:
            gain += got[1] * after / got[0]
    return w * gain


def _cash_value(p, view, pl, k) -> float:
    weeks_left = view.rules.p["weeks"] - view.week + 1
    need = p["cash"] * max(1, weeks_left)
    have = pl.dollars
    surplus = p["surplus"]
    return p["dollar"] * (_purse(have + k, need, surplus) - _purse(have, need, surplus))


def _ach_delta(w, view, pl, g, beat) -> float:
    """Achievement progress of a first token (or a flip, ``beat``) on game ``g``, times
    the weight ``w``."""
    rules = view.rules
    card = rules.cards[g]
    first = pl.tokens.get(g, 0) == 0
    achievements = rules.achievements
    genre_played = pl.genre_played
    gain = 0.0
    for aid in view.achievements:
        a = achievements[aid]
        c = a.cond
        if c == "genre_played" and first and a.arg == card.genre:
            have = genre_played[a.arg]
        elif c == "beaten" and beat and a.arg == card.difficulty:
            have = pl.beaten_diff[a.arg]
        elif c == "played_unbeaten" and not beat and first:
            have = pl.played_unbeaten
        elif c == "rental_played" and first and g in view.rental:
            have = pl.rental_played
        elif c == "all_genres" and first and not genre_played[card.genre]:
            have = 0
            for x in genre_played:
                if x:
                    have += 1
        else:
            continue
        gain += a.points * (1.0 + have) / a.count
    return w * gain


def _wilds(view, pl, card_id) -> int:
    """Wilds the player has for a game: a Played token on it, and each Magazine of its
    genre that still holds its Crystal."""
    rules = view.rules
    genre = rules.cards[card_id].genre
    w = 1 if pl.tokens.get(card_id, 0) == 1 else 0
    mags = pl.mags
    if not mags:
        return w
    mc = view.mag_crystal
    magazines = rules.magazines
    for m in mags:
        if mc.get(m, -1) >= 0 and genre in magazines[m]:
            w += 1
    return w


def _tile_values(view, pl, targets) -> list[tuple[int, float]]:
    cards = view.rules.cards
    info = hand_info(pl.tiles)
    out = []
    for g, weight in targets:
        spec = cards[g].spec
        best, mask = useful_tiles(spec, info)
        if not mask:
            continue
        missing = spec.size - _wilds(view, pl, g) - best
        if missing > 0:
            out.append((mask, weight / missing))
    return out


def _keep_values(view, pl, targets) -> list[float]:
    cards = view.rules.cards
    tiles = pl.tiles
    info = hand_info(tiles)
    n = len(tiles)
    vals = [0.0] * n
    for g, weight in targets:
        spec = cards[g].spec
        base = overlap(spec, info)
        if not base:
            continue
        share = weight / max(1, spec.size - base + 1)
        for i in range(n):
            if overlap_without(spec, info, tiles[i]) < base:
                vals[i] += share
    return vals


def _best_rent(bot, view, pl) -> tuple[int, float]:
    """(slot, value) of the best rentable game now, or (-1, 0)."""
    if pl.meeples <= 0:
        return -1, 0.0
    rules = view.rules
    rp = rules.p
    cards = rules.cards
    new_cost, old_cost = rp["new_release_rent_cost"], rp["rent_cost"]
    tokens = pl.tokens
    dollars = pl.dollars
    meeple = view.meeple
    crystal = view.card_crystal
    info = hand_info(pl.tiles)
    cash: dict = {}  # cost -> cash_value of paying it (the same for every game)
    best, best_v = -1, 0.0
    s = -1
    for g in view.rental:
        s += 1
        if meeple[s] >= 0:
            continue
        token = tokens.get(g, 0)
        if token == 2:
            continue
        cost = new_cost if g in crystal else old_cost
        if cost > dollars:
            continue
        card = cards[g]
        spec = card.spec
        wilds = _wilds(view, pl, g)
        missing = max(0, spec.size - wilds - overlap(spec, info))
        v = _game_value(bot, view, pl, g, card) / (1 + missing)
        if spec.play is not None and token == 0:
            pm = max(0, 2 - wilds - overlap(spec.play, info))
            if pm == 0:
                p = bot.p
                v = max(v, _first_token(p, view, pl) + (p["crystal"] if g in crystal else 0)
                        + _ach_cached(bot, view, pl, g, False))
        paid = cash.get(cost)
        if paid is None:
            paid = cash[cost] = bot.cash_value(view, pl, -cost)
        v += paid
        if v > best_v:
            best, best_v = s, v
    return best, best_v


class Beater(VGCBot):
    name = "beater"
    description = ("Beats games for points and takes the New Release Crystals and Magazines "
                   "on the way; rents sparingly (only games worth a lot).")
    # tuned: tools/tune_strategies.py tune vgc beater --trials 40 --games 200 --field-rev current
    params = {**VGCBot.params, "tile": 0.181, "future": 0.115, "iou": 1.327, "dollar": 2.201,
              "beat": 0.642, "play": 0.47, "crystal": 4.499, "rent_min": 0.705,
              "wake": 0.268, "achieve": 0.124, "mag": 1.432, "grid_tile": 0.521,
              "present": 0.088, "rent_act": 0.12, "cash": 2.872, "surplus": 0.111}


class Collector(VGCBot):
    name = "collector"
    description = ("Plays many games (Played majority, 2 points past five, Thrills) and rents "
                   "a lot; takes New Release Crystals and asks for Presents.")
    # tuned: tools/tune_strategies.py tune vgc collector --trials 50 --games 300 --field-rev current
    params = {**VGCBot.params, "tile": 0.145, "future": 0.917, "iou": 0.975, "dollar": 2.001,
              "beat": 0.045, "play": 1.486, "crystal": 4.654, "rent_min": 0.048,
              "wake": 0.134, "achieve": 0.22, "mag": 0.454, "grid_tile": 0.201,
              "present": 0.528, "rent_act": 0.229, "cash": 1.574, "surplus": 0.208,
              "bonus": 1.268, "mag_fit": 0.529, "mag_ach": 1}


class Hunter(VGCBot):
    name = "hunter"
    description = ("Weighs the open Achievement cards most (genres, difficulties, behaviors) "
                   "and the New Release Crystals; rents and Plays widely for them and wakes up "
                   "early to go first at the Weekend.")
    # tuned: tools/tune_strategies.py tune vgc hunter --trials 50 --games 300 --field-rev current
    # (stop 20); wake 0.103 -> 1.2 at stop 24 (measured, see above)
    params = {**VGCBot.params, "tile": 0.151, "future": 0.29, "iou": 1.354, "dollar": 3.257,
              "beat": 0.143, "play": 0.637, "crystal": 6.488, "rent_min": 0.31,
              "wake": 1.2, "achieve": 0.953, "mag": 0.179, "grid_tile": 0.179,
              "present": 0.195, "rent_act": 0.243, "cash": 1.236, "surplus": 0.442,
              "bonus": 0.872, "mag_fit": 0.834, "mag_ach": 1}


class Rusher(VGCBot):
    name = "rusher"
    description = ("Rushes through the Rental Store: rents and Plays as many games as it can "
                   "and Beats them fast; values Dollars and going first at the Weekend.")
    # tuned: tools/tune_strategies.py tune vgc rusher --trials 40 --games 200 --field-rev current
    # (stop 18); grid_tile 0.373 -> 0.2 at stop 21 (fitted to search's choices, measured)
    params = {**VGCBot.params, "tile": 1.222, "future": 0.413, "iou": 1.053, "dollar": 3.39,
              "beat": 0.528, "play": 4.213, "crystal": 3.355, "rent_min": 0.592,
              "wake": 0.542, "achieve": 0.37, "mag": 0.428, "grid_tile": 0.2,
              "present": 0.106, "rent_act": 0.283, "cash": 1.501, "surplus": 0.459,
              "side": 1}


#: the look-ahead of the four default-mix heuristics at the Grid take (stop 27, module
#: docstring): the four best tiles on two copies each, 20 decisions on; ``:w_eval=0``
#: gives the plain play
LOOK_AHEAD: dict = {"w_eval": 3.0, "eval_k": 4, "eval_n": 2, "eval_depth": 20}
for _cls in (Beater, Collector, Hunter, Rusher):
    _cls.params = {**_cls.params, **LOOK_AHEAD}

#: the hunter and the collector also look at the other heuristics' tiles, 40 decisions on
#: (stop 50, module docstring)
for _cls in (Collector, Hunter):
    _cls.params = {**_cls.params, "eval_mix": 1, "eval_depth": 40}

#: the beater and the rusher (stops 57-58, module docstring): the same look at the other
#: heuristics' tiles, 60 decisions on (to the game's end at stop 57), and Waking Up Early
#: valued more (the lever full-rollout search pointed at for both at stop 56)
Beater.params = {**Beater.params, "eval_mix": 1, "eval_depth": 60, "wake": 0.8}
Rusher.params = {**Rusher.params, "eval_mix": 1, "eval_depth": 60, "wake": 1.0}

#: the rusher and the hunter weigh their look-ahead twice as much against their plain
#: score (stops 59 and 60, module docstring)
for _cls in (Hunter, Rusher):
    _cls.params = {**_cls.params, "w_eval": 6.0}

STRATEGIES = {cls.name: cls for cls in (Beater, Collector, Hunter, Rusher)}
DEFAULT_MIX = ("beater", "collector", "hunter", "rusher")

"""The engine contract every game implements, and ``play_game``.

A game is a forward model over explicit state (as in OpenSpiel and TAG):

* ``setup(n_players, rules, rng)`` builds the state; the state keeps ``rng`` and every
  shuffle, draw and die roll of the game uses it (never the global ``random``).
* ``decision(state)`` returns the pending :class:`Decision` (a player, a kind and a
  non-empty tuple of legal options) or ``None`` when the game is over.
* ``apply(state, action)`` plays one of the options of the pending decision and raises
  :class:`IllegalActionError` for anything else.
* ``view(state, player)`` is all a strategy ever sees: only what that player may know.
* ``result(state)`` gives a :class:`Result` once the game is over.
* ``clone(state)`` is an independent copy, RNG included.
* ``determinize(state, player, rng)`` is a copy consistent with all ``player`` may know
  (the public history, their own hand and vote) with everything hidden from them (other
  hands and votes, deck and bag orders, other dice of a simultaneous roll, the RNG)
  resampled from ``rng``; the same ``rng`` seed gives the same copy. Search strategies
  play rollouts on such copies, never on the state.

Players are numbered from 0 inside the engine (player 0 is the first player of the first
round); every output file numbers seats from 1.
"""
from __future__ import annotations

import operator
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, runtime_checkable

__all__ = [
    "Decision",
    "DecisionCapError",
    "MAX_AUTO_STEPS",
    "StepCapError",
    "Game",
    "GameRecord",
    "IllegalActionError",
    "Result",
    "RulesError",
    "Strategy",
    "StrategyFactory",
    "derive_rngs",
    "game_seed",
    "make_sampler",
    "play_game",
    "ranked_result",
]

Action = Hashable
State = Any
View = Any
Rules = Any


class IllegalActionError(ValueError):
    """An action that is not among the options of the pending decision."""


class DecisionCapError(RuntimeError):
    """A game ran past its decision cap: a non-terminating rules bug."""


class StepCapError(DecisionCapError):
    """A game ran more than ``MAX_AUTO_STEPS`` automatic steps without asking anyone
    anything: a loop without decisions (a rules bug, or rules data such as a huge
    number of turns that nobody can act in)."""


#: automatic steps a game may run between two decisions (games' advance loops count them)
MAX_AUTO_STEPS = 20_000


def step_cap_error(steps: int) -> StepCapError:
    return StepCapError(f"game ran {steps} automatic steps without a decision (limit "
                        f"{MAX_AUTO_STEPS}): a loop that makes no decisions")


class RulesError(ValueError):
    """A rules parameter or data file that does not fit the game's schema.

    ``key`` is the dotted key at fault, so the CLI can name it in one line.
    """

    def __init__(self, key: str, message: str):
        super().__init__(f"{key}: {message}" if key else message)
        self.key = key


class Decision(NamedTuple):
    """A choice the rulebook gives ``player``: pick exactly one of ``options``.

    ``kind`` names the step ("place_standee", "reroll", "vote", ...). Options are small
    hashable values (ints, strings, tuples); ``Game.describe`` prints one as a short
    rulebook phrase. ``options`` is never empty: ``play_game`` raises on an empty one.
    (An immutable named tuple: games build hundreds per game, and a frozen dataclass
    costs about four times as much to construct.)
    """

    player: int
    kind: str
    options: tuple


@dataclass(slots=True)
class Result:
    """The outcome of one finished game, one entry per result row.

    ``scores``, ``places`` (1 = best, ties share a place) and ``win_shares`` (1/k for each
    of k tied winners, so they sum to 1) have one entry per seat, followed by one per
    automaton (e.g. Ed in Class of '89 solo) named in ``automata``.
    ``metrics`` are game-level columns (same value on every row of the game),
    ``seat_metrics`` per-row columns. Metric values must be scalars (int, float, str,
    bool or None) and a game must emit the same keys in every game.
    """

    scores: tuple
    places: tuple
    win_shares: tuple
    turns: int
    end_reason: str
    metrics: dict = field(default_factory=dict)
    seat_metrics: tuple = ()
    automata: tuple = ()


def ranked_result(
    scores: Sequence[float],
    *,
    turns: int,
    end_reason: str,
    tiebreak: Sequence[Sequence[float]] | None = None,
    winners: Sequence[int] | None = None,
    metrics: dict | None = None,
    seat_metrics: Sequence[dict] | None = None,
    automata: Sequence[str] = (),
) -> Result:
    """Build a :class:`Result` from scores (higher is better).

    ``tiebreak`` optionally gives, per row, further keys compared after the score
    (higher is better), in order. Rows equal on score and every tie-break key share a
    place; the rows in first place share the win. ``winners`` overrides who wins (e.g. an
    immediate win) — they share the win and take place 1, the rest are ranked as usual.
    """
    n = len(scores)
    keys = [
        (scores[i], *(tuple(tiebreak[i]) if tiebreak is not None else ())) for i in range(n)
    ]
    if winners:
        wset = set(winners)
        keys = [((1 if i in wset else 0), *keys[i]) for i in range(n)]
    places = tuple(1 + sum(1 for j in range(n) if keys[j] > keys[i]) for i in range(n))
    top = [i for i in range(n) if places[i] == 1]
    shares = tuple((1.0 / len(top)) if i in top else 0.0 for i in range(n))
    return Result(
        scores=tuple(scores),
        places=places,
        win_shares=shares,
        turns=turns,
        end_reason=end_reason,
        metrics=dict(metrics or {}),
        seat_metrics=tuple(seat_metrics or ({} for _ in range(n))),
        automata=tuple(automata),
    )


@runtime_checkable
class Game(Protocol):
    """What every game module exposes as ``GAME``."""

    name: str  # "vghs"
    title: str  # "Video Game High School"
    players: range  # legal player counts
    default_players: int  # the game's most common player count
    RULES_VERSION: str  # bumped whenever behaviour or data change
    max_decisions: int  # a game past this many decisions is a rules bug

    def default_data(self) -> dict:
        """The shipped data.toml as a dict (rules parameters and components)."""

    def make_rules(self, data: Mapping[str, Any], n_players: int) -> Rules:
        """Validate ``data`` (raise :class:`RulesError` naming the key) and compile it."""

    def setup(self, n_players: int, rules: Rules, rng: random.Random) -> State: ...

    def decision(self, state: State) -> Decision | None: ...

    def apply(self, state: State, action: Action) -> None: ...

    def view(self, state: State, player: int) -> View: ...

    def result(self, state: State) -> Result: ...

    def clone(self, state: State) -> State: ...

    def determinize(self, state: State, player: int, rng: random.Random) -> State: ...

    def describe(self, state: State, decision: Decision, action: Action) -> str:
        """``action`` as a short rulebook phrase, for replay logs."""


class Strategy(Protocol):
    """A bot for one seat. It sees views, never the state.

    A searching strategy sets the class attribute ``needs_sampler = True``; ``play_game``
    then calls its ``bind_sampler(sampler)`` once (see :func:`make_sampler`) before the
    first decision. Other strategies pay nothing for it.
    """

    def choose(self, view: View, decision: Decision) -> Action: ...


#: ``factory(game, player, rng, **params) -> Strategy``
StrategyFactory = Callable[..., Strategy]


# numpy's SeedSequence (numpy/random/bit_generator.pyx: a pool of 4 uint32 words mixed
# from the entropy, then hashed out into words), written out in integer arithmetic so that
# seeding a game costs a few microseconds instead of about 100 and the engine does not need
# numpy. Every value is masked to 32 bits after each step (the products of two 32-bit
# words fit in 64 bits), so Python ints and the compiled build's C integers give the same
# words; tests/test_engine_runner.py checks them against numpy.random.SeedSequence.
_M32 = 0xFFFFFFFF
_INIT_A = 0x43B0D7E5
_MULT_A = 0x931E8875
_INIT_B = 0x8B51F9DD
_MULT_B = 0x58F38DED
_MIX_MULT_L = 0xCA01F9DD
_MIX_MULT_R_NEG = 0x100000000 - 0x4973F715  # minus MIX_MULT_R modulo 2**32
_POOL = 4


def _uint32_words(n) -> list:
    """``n`` (a non-negative integer) as little-endian 32-bit words; 0 is one word."""
    n = operator.index(n)
    if n < 0:
        raise ValueError(f"expected a non-negative integer seed, got {n}")
    if n == 0:
        return [0]
    out = []
    while n:
        out.append(n & _M32)
        n >>= 32
    return out


def _seed_words(entropy: list, n_words: int) -> list:
    """``SeedSequence`` of the assembled ``entropy`` words, ``generate_state(n_words)``
    as uint32 words."""
    m32, mult_a, mult_b, mix_l, mix_r = _M32, _MULT_A, _MULT_B, _MIX_MULT_L, _MIX_MULT_R_NEG
    h = _INIT_A
    p0 = p1 = p2 = p3 = 0
    pool = [p0, p1, p2, p3]
    n_entropy = len(entropy)
    for i in range(_POOL):  # hashmix of the entropy (0 past its end) into the pool
        v = (entropy[i] if i < n_entropy else 0) ^ h
        h = (h * mult_a) & m32
        v = (v * h) & m32
        pool[i] = v ^ (v >> 16)
    # mix every pool word into every other, then the entropy beyond the pool into every
    # word (a pool word is never written while it is the source: j != i)
    for i in range(max(_POOL, n_entropy)):
        src = pool[i] if i < _POOL else entropy[i]
        for j in range(_POOL):
            if i != j:
                v = src ^ h
                h = (h * mult_a) & m32
                v = (v * h) & m32
                v ^= v >> 16
                v = (((mix_l * pool[j]) & m32) + ((mix_r * v) & m32)) & m32
                pool[j] = v ^ (v >> 16)
    out = []
    h = _INIT_B
    for i in range(n_words):
        v = pool[i % _POOL] ^ h
        h = (h * mult_b) & m32
        v = (v * h) & m32
        out.append(v ^ (v >> 16))
    return out


def game_seed(root: int, index: int) -> int:
    """The seed of game ``index`` of a run with seed ``root``; depends on nothing else.

    The same number as ``np.random.SeedSequence(root, spawn_key=(index,))
    .generate_state(1, dtype=np.uint64)[0] >> 1``."""
    run = _uint32_words(root)
    spawn = _uint32_words(index)
    if len(run) < _POOL:  # numpy pads the run entropy when there is a spawn key
        run = run + [0] * (_POOL - len(run))
    w = _seed_words(run + spawn, 2)
    return (w[0] | (w[1] << 32)) >> 1


def derive_rngs(seed: int, n_streams: int) -> tuple[random.Random, list[random.Random]]:
    """One RNG for the game and one per seat, all derived from the game seed.

    The game stream never depends on the strategies, so a strategy change cannot change
    the cards dealt (common random numbers across variants). The streams are seeded from
    ``np.random.SeedSequence(seed).generate_state(2 * (n_streams + 1), np.uint32)``.
    """
    words = _seed_words(_uint32_words(seed), 2 * (n_streams + 1))
    ints = [words[2 * k] << 32 | words[2 * k + 1] for k in range(n_streams + 1)]
    return random.Random(ints[0]), [random.Random(x) for x in ints[1:]]


_MASK64 = (1 << 64) - 1


def make_sampler(game: Game, state: State, player: int, rng: random.Random):
    """What a searching strategy gets instead of the state: ``sampler(j)`` returns the
    j-th determinized copy of the *current* state for ``player`` (the same copy for the
    same ``j`` until ``sampler.fresh()`` draws a new set; common random numbers across
    the options of one decision), ``sampler()`` a copy from the next seed of ``rng``.
    Seeds come from ``rng`` only (derived from the seat's stream), never from time, so a
    game is the same under any --jobs or backend. The true state is held in a closure,
    never handed out.
    """
    base = [rng.getrandbits(64)]
    determinize = game.determinize

    def sampler(j: int | None = None):
        seed = rng.getrandbits(64) if j is None else \
            base[0] ^ ((j + 1) * 0x9E3779B97F4A7C15 & _MASK64)
        return determinize(state, player, random.Random(seed))

    def fresh() -> None:
        base[0] = rng.getrandbits(64)

    sampler.fresh = fresh
    return sampler


@dataclass(slots=True)
class GameRecord:
    """A played game: its result, the chosen option indices and (if asked) a log."""

    seed: int
    result: Result
    history: list[int]
    decisions: int
    log: list[str] | None = None


def play_game(
    game: Game,
    n_players: int,
    rules: Rules,
    strategies: Sequence[StrategyFactory],
    seed: int,
    *,
    narrate: bool = False,
    history: Sequence[int] | None = None,
    max_decisions: int | None = None,
) -> GameRecord:
    """Play one game of ``game`` from ``seed`` with one strategy factory per seat.

    With ``history`` (option indices of an earlier game) the recorded choices are played
    back instead of asking the strategies (which may then be ``None``). With ``narrate``
    the game's log lines and every decision are collected in ``GameRecord.log``.
    """
    if len(strategies) != n_players:
        raise ValueError(f"{len(strategies)} strategies for {n_players} players")
    game_rng, seat_rngs = derive_rngs(seed, n_players)
    state = game.setup(n_players, rules, game_rng)
    log: list[str] | None = None
    if narrate:
        log = []
        state.log = log
    bots = [factory(game, p, seat_rngs[p]) if factory is not None else None
            for p, factory in enumerate(strategies)]
    for p, bot in enumerate(bots):   # searching strategies: a sampler, never the state
        if getattr(bot, "needs_sampler", False):
            bot.bind_sampler(make_sampler(game, state, p,
                                          random.Random(seat_rngs[p].getrandbits(64))))
    chosen: list[int] = []
    cap = max_decisions if max_decisions is not None else game.max_decisions
    decision_fn, apply_fn, view_fn = game.decision, game.apply, game.view
    n = 0
    while (d := decision_fn(state)) is not None:
        n += 1
        if n > cap:
            raise DecisionCapError(f"game ran past {cap} decisions (seed {seed})")
        options = d.options
        if not options:
            raise IllegalActionError(f"decision {d.kind!r} of player {d.player} has no options")
        if history is not None:
            if n > len(history):
                raise IllegalActionError(f"history ends after {len(history)} decisions")
            index = history[n - 1]
            if not 0 <= index < len(options):
                raise IllegalActionError(f"history index {index} out of range for {d.kind}")
            action = options[index]
        elif len(options) == 1:
            action, index = options[0], 0
        else:
            action = bots[d.player].choose(view_fn(state, d.player), d)
            try:
                index = options.index(action)
            except ValueError:
                raise IllegalActionError(
                    f"strategy of player {d.player + 1} chose {action!r}, not an option of "
                    f"{d.kind} ({len(options)} options)"
                ) from None
        if log is not None:
            log.append(f"  P{d.player + 1} {d.kind}: {game.describe(state, d, action)}")
        apply_fn(state, action)
        chosen.append(index)
    return GameRecord(seed=seed, result=game.result(state), history=chosen, decisions=n, log=log)


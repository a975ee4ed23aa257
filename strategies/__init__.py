"""Bot strategies: registry (game, name) -> strategy class.

A strategy class is built as ``cls(game, player, rng, **params)`` and answers
``choose(view, decision) -> option``. It sees ``game.view(state, player)``, never the
state, and draws randomness only from ``rng`` (its own stream, derived from the game
seed). Each ``strategies/<game>.py`` exposes ``STRATEGIES`` (name -> class) and
``DEFAULT_MIX`` (the names a run uses when none are given). ``random`` works for every
game.

A designer's own bot plays in any game as ``--strategy mymodule:MyBot`` (parameters:
``mymodule:MyBot:key=value,...``), loaded from the current folder without ``PYTHONPATH``.
A designer's game brings its strategies in the module it is loaded from (``STRATEGIES``,
``DEFAULT_MIX``); installed packages add strategies through ``simcli.strategies`` entry
points named after the game.
"""
from __future__ import annotations

import functools
import importlib
import math
import random
import tomllib
from typing import Any, ClassVar

import simcli  # noqa: F401 - installs the build selector (compiled or pure modules)

__all__ = ["Bot", "RandomBot", "UnknownStrategyError", "check_params", "default_mix",
           "list_strategies", "load_strategy", "parse_spec", "resolve", "rules_read"]


class UnknownStrategyError(LookupError):
    pass


class Bot:
    """Base class: named, described, with tunable parameters (``params`` = defaults)."""

    name: ClassVar[str] = ""
    description: ClassVar[str] = ""
    params: ClassVar[dict[str, Any]] = {}
    #: allowed (low, high) of a parameter (None: unbounded); every value must also have
    #: its default's type (a number for a float default, an integer for an int default)
    ranges: ClassVar[dict[str, tuple]] = {}
    #: parameter -> the parameter it refines (or several joined by "|": one of them),
    #: refused when given while that one is off
    needs: ClassVar[dict[str, str]] = {}
    #: the parameter values this strategy's bots play with inside ``search``'s rollouts:
    #: refinements of its look-ahead too dear to nest in every rollout (vghs
    #: ``deep_margin``); the true table and search's own seat play the spec as given
    rollout_params: ClassVar[dict[str, Any]] = {}
    #: the rules keys (top-level keys of the game's data, as a scenario overrides them)
    #: whose value this strategy reads from ``view.rules`` and responds to
    reads: ClassVar[tuple[str, ...]] = ()
    #: a searching strategy sets this; play_game then calls ``bind_sampler(sampler)``
    needs_sampler: ClassVar[bool] = False

    def __init__(self, game, player: int, rng: random.Random, **params: Any):
        unknown = sorted(set(params) - set(self.params))
        if unknown:
            valid = ", ".join(sorted(self.params)) or "none"
            raise UnknownStrategyError(
                f"strategy {self.name!r} has no parameter {unknown[0]!r}; its parameters: {valid}"
            )
        self.game = game
        self.player = player
        self.rng = rng
        self.p = {**self.params, **params}

    def choose(self, view, decision):  # pragma: no cover - abstract
        raise NotImplementedError


class RandomBot(Bot):
    name = "random"
    description = "Picks uniformly among the legal options of every decision."

    def choose(self, view, decision):
        options = decision.options
        return options[int(self.rng.random() * len(options))]


def _module(game: str):
    return importlib.import_module(f"strategies.{game}")


ENTRY_POINTS = "simcli.strategies"


def _external(game: str) -> list[Any]:
    """Where a game's strategies live besides ``strategies/<game>.py``: the module a
    designer's game was loaded from (its ``STRATEGIES`` and ``DEFAULT_MIX``) and the
    ``simcli.strategies`` entry points named after the game (each a module with
    ``STRATEGIES``, or one Bot class)."""
    from simcli.games import GAMES, UnknownGameError, game_module, load_reference

    sources: list[Any] = []
    if game not in GAMES:
        try:
            home = game_module(game)
        except UnknownGameError:
            home = None
        if home is not None:
            sources.append(home)
    for ep in _entry_points():
        if ep.name == game:
            obj, _ = load_reference(ep.value, f"strategies of {game!r} (entry point)",
                                    UnknownStrategyError)
            sources.append(obj)
    return sources


@functools.lru_cache(maxsize=1)
def _entry_points() -> tuple:
    import importlib.metadata

    return tuple(importlib.metadata.entry_points(group=ENTRY_POINTS))


def list_strategies(game: str) -> dict[str, type[Bot]]:
    """Every strategy of ``game`` by name, ``random`` first; ``search`` for every game
    that implements ``determinize``."""
    found: dict[str, type[Bot]] = {"random": RandomBot}
    try:
        found.update(_module(game).STRATEGIES)
    except ModuleNotFoundError:
        pass
    for source in _external(game):
        if isinstance(source, type):
            found[source.name or source.__name__] = source
        else:
            found.update(getattr(source, "STRATEGIES", {}))
    if _can_search(game):
        from strategies.search import SearchBot
        found.setdefault("search", SearchBot)
    return found


def _can_search(game: str) -> bool:
    from simcli.games import get_game

    try:
        g = get_game(game)
    except LookupError:
        return False
    method = getattr(type(g), "determinize", None)
    if method is None:
        return False
    from simcli.games.base import BaseGame
    return method is not BaseGame.determinize


def default_mix(game: str) -> tuple[str, ...]:
    """The heuristic strategies a run of ``game`` uses when none are named."""
    try:
        return tuple(_module(game).DEFAULT_MIX)
    except ModuleNotFoundError:
        pass
    for source in _external(game):
        if getattr(source, "DEFAULT_MIX", None):
            return tuple(source.DEFAULT_MIX)
    return ("random",)


def _module_spec(spec: str, registry: dict) -> tuple[str, str, str] | None:
    """``module:Class`` or ``module:Class:key=value,...`` -> (module, Class, params), or
    None for a registered name (``name:key=value`` gives parameters, not a module)."""
    head, sep, tail = spec.partition(":")
    if not sep or head.strip() in registry:
        return None
    attr, _, params = tail.partition(":")
    if "=" in attr or not attr.strip():
        return None
    return head.strip(), attr.strip(), params


def load_strategy(module: str, attr: str) -> type:
    """A designer's strategy class ``module:attr`` (from the current folder or
    installed); UnknownStrategyError in one line if it is not one."""
    from simcli.games import load_reference

    ref = f"{module}:{attr}"
    obj, _ = load_reference(ref, "strategy", UnknownStrategyError)
    if not isinstance(obj, type) or not callable(getattr(obj, "choose", None)):
        kind = (f"class {obj.__name__} without choose()" if isinstance(obj, type) else
                "module" if type(obj).__name__ == "module" else type(obj).__name__)
        raise UnknownStrategyError(f"cannot load strategy {ref!r}: it is a {kind}, not a "
                                   "strategy class (a Bot subclass with choose(view, "
                                   "decision))")
    return obj


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"name"`` or ``"name:key=value,key=value"`` (values parsed as TOML)."""
    name, _, rest = spec.partition(":")
    params: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, eq, value = item.partition("=")
        if not eq:
            raise UnknownStrategyError(f"strategy parameter {item!r} is not key=value")
        try:
            params[key.strip()] = tomllib.loads(f"v = {value.strip()}")["v"]
        except tomllib.TOMLDecodeError:
            params[key.strip()] = value.strip()
    return name.strip(), params


def resolve(game: str, spec: str) -> functools.partial:
    """A picklable factory ``(game, player, rng) -> Bot`` for a strategy spec."""
    registry = list_strategies(game)
    external = _module_spec(spec, registry)
    if external is not None:
        cls = load_strategy(external[0], external[1])
        name, params = parse_spec(f"{external[1]}:{external[2]}")
        name = f"{external[0]}:{external[1]}"
    else:
        name, params = parse_spec(spec)
        try:
            cls = registry[name]
        except KeyError:
            raise UnknownStrategyError(
                f"unknown strategy {name!r} for {game}; choose one of: "
                f"{', '.join(registry)} (or module:Class from this folder)"
            ) from None
    unknown = sorted(set(params) - set(getattr(cls, "params", {})))
    if unknown:
        valid = ", ".join(sorted(getattr(cls, "params", {}))) or "none"
        raise UnknownStrategyError(
            f"strategy {name!r} has no parameter {unknown[0]!r}; its parameters: {valid}"
        )
    check_params(cls, params)
    check_game = getattr(cls, "check_for_game", None)   # a check that needs the game
    if check_game is not None:
        check_game(game, params)
    return functools.partial(cls, **params)


def check_params(cls: type[Bot], params: dict[str, Any]) -> None:
    """Each value has its default's type and lies in the parameter's declared range."""
    for key, value in params.items():
        default = cls.params[key]
        where = f"strategy {cls.name!r}: {key}={value!r}"
        if isinstance(default, bool):
            ok = isinstance(value, bool)
            want = "true or false"
        elif isinstance(default, int):
            ok = isinstance(value, int) and not isinstance(value, bool)
            want = "an integer"
        elif isinstance(default, float):
            ok = (isinstance(value, int | float) and not isinstance(value, bool)
                  and math.isfinite(value))
            want = "a number"
        else:
            ok = isinstance(value, type(default))
            want = f"a {type(default).__name__}"
        if not ok:
            raise UnknownStrategyError(f"{where}: must be {want}")
        low, high = cls.ranges.get(key, (None, None))
        if (low is not None and value < low) or (high is not None and value > high):
            shown = f"{'' if low is None else low}..{'' if high is None else high}"
            raise UnknownStrategyError(f"{where}: must be in {shown}")
    # a parameter that only refines another (``cls.needs``: key -> the key it needs set,
    # or several joined by "|": one of them) given while that other is off would be
    # silently ignored: say so instead
    needs = getattr(cls, "needs", {})      # a designer's class may not derive from Bot
    for key, value in params.items():
        other = needs.get(key)
        if not other or value == cls.params[key]:
            continue
        others = other.split("|")
        if not any(params.get(o, cls.params[o]) for o in others):
            raise UnknownStrategyError(
                f"strategy {cls.name!r}: {key}={value!r} does nothing unless "
                f"{' or '.join(others)} is set (add {others[0]}=1)")
def rules_read(game, names) -> set[str]:
    """The rules keys that the strategies ``names`` (specs such as ``"devoted"`` or
    ``"hunter:pp_bonus=2"``) of ``game`` (a name or a Game) declare they read.

    A name that is not a strategy of the game raises UnknownStrategyError.
    """
    game_name = game if isinstance(game, str) else game.name
    registry = list_strategies(game_name)
    out: set[str] = set()
    for spec in names:
        name, _params = parse_spec(spec)
        try:
            cls = registry[name]
        except KeyError:
            raise UnknownStrategyError(
                f"unknown strategy {name!r} for {game_name}; choose one of: "
                f"{', '.join(registry)}") from None
        out.update(getattr(cls, "reads", ()))
    return out

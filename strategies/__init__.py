"""Bot strategies: registry (game, name) -> strategy class.

A strategy class is built as ``cls(game, player, rng, **params)`` and answers
``choose(view, decision) -> option``. It sees ``game.view(state, player)``, never the
state, and draws randomness only from ``rng`` (its own stream, derived from the game
seed). Each ``strategies/<game>.py`` exposes ``STRATEGIES`` (name -> class) and
``DEFAULT_MIX`` (the names a run uses when none are given). ``random`` works for every
game.
"""
from __future__ import annotations

import functools
import importlib
import random
import tomllib
from typing import Any, ClassVar

__all__ = ["Bot", "RandomBot", "UnknownStrategyError", "default_mix", "list_strategies",
           "parse_spec", "resolve"]


class UnknownStrategyError(LookupError):
    pass


class Bot:
    """Base class: named, described, with tunable parameters (``params`` = defaults)."""

    name: ClassVar[str] = ""
    description: ClassVar[str] = ""
    params: ClassVar[dict[str, Any]] = {}
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


def list_strategies(game: str) -> dict[str, type[Bot]]:
    """Every strategy of ``game`` by name, ``random`` first; ``search`` for every game
    that implements ``determinize``."""
    found: dict[str, type[Bot]] = {"random": RandomBot}
    try:
        found.update(_module(game).STRATEGIES)
    except ModuleNotFoundError:
        pass
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
        return ("random",)


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
    name, params = parse_spec(spec)
    registry = list_strategies(game)
    try:
        cls = registry[name]
    except KeyError:
        raise UnknownStrategyError(
            f"unknown strategy {name!r} for {game}; choose one of: {', '.join(registry)}"
        ) from None
    unknown = sorted(set(params) - set(cls.params))
    if unknown:
        valid = ", ".join(sorted(cls.params)) or "none"
        raise UnknownStrategyError(
            f"strategy {name!r} has no parameter {unknown[0]!r}; its parameters: {valid}"
        )
    return functools.partial(cls, **params)

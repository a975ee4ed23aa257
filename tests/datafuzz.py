"""One-field mutations of a game's shipped data, and what the game makes of each.

``mutations(data)`` enumerates, deterministically, every key path of the shipped data
(arrays of tables: the first and last element and the first of each kind) with wrong
types, negatives, zero, empty containers and huge values. ``outcome(game, data, path)``
validates the mutated data for every player count and, when accepted, plays a few games:

* ``refused``: a RulesError whose key is the mutated key or lies inside it;
* ``refused_related``: a RulesError naming a table or array that holds the mutated key
  (the fault is in how the elements fit together, e.g. a count per character), or naming
  the other end of a cross reference in a message that names the mutated key too;
* ``ran``: accepted and the games finished;
* anything else (another exception, a RulesError naming an unrelated key, a game that
  raises) is returned as ``bad`` with the reason.

``python -m tests.datafuzz [GAME...]`` prints the counts per game.
"""
from __future__ import annotations

import copy
import sys
import time
from collections.abc import Iterator
from typing import Any

from simcli.engine import RulesError, play_game
from simcli.games import get_game
from simcli.games.schema import is_meta_key
from strategies import default_mix, resolve

Path = tuple  # of str (table keys) and int (array indices)
TAGS = ("op", "kind", "cond", "ability", "measure", "requirement", "effect", "type", "combo",
        "stack", "score")
HUGE = 10**6


def dotted(path: Path) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _signature(element: Any) -> tuple:
    if not isinstance(element, dict):
        return (type(element).__name__,)
    sig = [tuple(sorted(element))]
    for tag in TAGS:
        value = element.get(tag)
        if isinstance(value, str):
            sig.append((tag, value))
        elif isinstance(value, dict):
            sig.append((tag, value.get("kind")))
    return tuple(sig)


def paths(node: Any, prefix: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Key paths worth mutating (arrays: first, last and the first element of each kind)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if is_meta_key(str(key)) or key in ("provisional", "provisional_parameters"):
                continue
            yield prefix + (key,), value
            yield from paths(value, prefix + (key,))
    elif isinstance(node, list):
        picked: dict[tuple, int] = {}
        for i, element in enumerate(node):
            picked.setdefault(_signature(element), i)
        indices = sorted({0, len(node) - 1, *picked.values()}) if node else []
        for i in indices:
            yield prefix + (i,), node[i]
            yield from paths(node[i], prefix + (i,))


def values_for(value: Any) -> list[Any]:
    """Wrong types, negatives, zero, empty containers and huge values for one field."""
    if isinstance(value, bool):
        return [not value, 1, "yes", []]
    if isinstance(value, int):
        return [0, -1, value + 1, HUGE, -HUGE, "x", 1.5, True, [value]]
    if isinstance(value, float):
        return [0.0, -1.0, float(HUGE), "x", True]
    if isinstance(value, str):
        return ["", "bogus", 7, True, [value]]
    if isinstance(value, list):
        out: list[Any] = [[], "x", 3, {}]
        if value:
            out += [value[:1], value + value[-1:], value[:1] * 1000, [{}]]
        return out
    if isinstance(value, dict):
        return [{}, "x", 3, []]
    return ["x"]


def mutations(data: dict) -> Iterator[tuple[Path, Any]]:
    for path, value in paths(data):
        for new in values_for(value):
            yield path, new


def mutate(data: dict, path: Path, value: Any) -> dict:
    out = copy.deepcopy(data)
    node = out
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    return out


def related(key: str, target: str, message: str = "") -> str | None:
    """'refused' if key is target or inside it; 'refused_related' if it holds target or
    names a key that the message relates to target (a cross reference)."""
    if key == target or key.startswith(target + ".") or key.startswith(target + "["):
        return "refused"
    if target.startswith(key + ".") or target.startswith(key + "["):
        return "refused_related"
    if target in message:
        return "refused_related"
    return None


def play_count(game, path: Path) -> int:
    for part in path:
        if isinstance(part, str) and part.isdigit() and int(part) in game.players:
            return int(part)
    return game.default_players


def outcome(game, data: dict, path: Path, *, n_games: int = 2,
            seconds: float = 20.0) -> tuple[str, str]:
    """(kind, detail) for data whose ``path`` was mutated; see the module docstring."""
    target = dotted(path)
    compiled = {}
    try:
        for n in game.players:
            compiled[n] = game.make_rules(data, n)
    except RulesError as exc:
        kind = related(exc.key, target, str(exc))
        if kind is None:
            return "bad", f"{target}: RulesError names another key: {exc}"
        return kind, str(exc)
    except Exception as exc:  # noqa: BLE001 - that is what the fuzz looks for
        return "bad", f"{target}: {type(exc).__name__}: {exc}"
    n = play_count(game, path)
    mix = list(default_mix(game.name))
    factories = [resolve(game.name, mix[i % len(mix)]) for i in range(n)]
    t0 = time.perf_counter()
    for seed in range(n_games):
        try:
            play_game(game, n, compiled[n], factories, seed)
        except Exception as exc:  # noqa: BLE001
            return "bad", f"{target}: game {seed} raised {type(exc).__name__}: {exc}"
    elapsed = time.perf_counter() - t0
    if elapsed > seconds:
        return "bad", f"{target}: {n_games} games took {elapsed:.1f} s"
    return "ran", ""


def fuzz(name: str, *, n_games: int = 2) -> tuple[dict[str, int], list[str]]:
    game = get_game(name)
    shipped = game.default_data()
    counts = {"tried": 0, "refused": 0, "refused_related": 0, "ran": 0, "bad": 0}
    bad = []
    seen: set[str] = set()
    for path, value in mutations(shipped):
        key = dotted(path) + "=" + repr(value)[:200]
        if key in seen:
            continue
        seen.add(key)
        counts["tried"] += 1
        kind, detail = outcome(game, mutate(shipped, path, value), path, n_games=n_games)
        counts[kind] += 1
        if kind == "bad":
            bad.append(f"{detail} (value {value!r:.60})")
    return counts, bad


if __name__ == "__main__":  # pragma: no cover - a measuring tool
    for name in sys.argv[1:] or ["vghs", "vgc", "class89", "lovebattle"]:
        t0 = time.perf_counter()
        counts, bad = fuzz(name)
        print(name, counts, f"{time.perf_counter() - t0:.1f} s")
        for line in bad[:60]:
            print("   ", line)

"""One-field mutations of a game's shipped data, and what the game makes of each.

``mutations(data)`` enumerates, deterministically, every key path of the shipped data
(arrays of tables: the first and last element and the first of each kind) with wrong
types, negatives, zero, empty containers and huge values. ``outcome(game, data, path)``
validates the mutated data for every player count and, when accepted, plays a few games:

* ``refused``: a RulesError whose key is the mutated key or lies inside it;
* ``refused_related``: a RulesError naming a table or array that holds the mutated key
  (the fault is in how the elements fit together, e.g. a count per character), or naming
  the other end of a cross reference in a message that names the mutated key too;
* ``ran``: accepted and the games finished (``accepted``: accepted, not played);
* anything else (another exception, a RulesError naming an unrelated key, a game that
  raises) is returned as ``bad`` with the reason.

``bound_mutations(game)`` sets each integer to its declared lowest and highest value
(``fuzz_bounds``): every bound a game declares must be playable or meet a cross check.

``python -m tests.datafuzz [GAME...]`` prints the counts per game (every mutation, every
player count, 2 games per accepted mutation); the CI tests use a stride.
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


def mutations(data: dict, every: int = 1) -> Iterator[tuple[Path, Any]]:
    """Every path with its mutated values; ``every`` > 1 keeps, for the i-th path, the values
    whose index is i modulo ``every`` (every path still gets at least one value)."""
    for i, (path, value) in enumerate(paths(data)):
        for j, new in enumerate(values_for(value)):
            if j % every == i % every:
                yield path, new


def mutate(data: dict, path: Path, value: Any) -> dict:
    """A copy of ``data`` with ``path`` set to ``value`` (only the nodes on the path are
    copied: games never change the data they compile)."""
    out = copy.copy(data)
    node = out
    for part in path[:-1]:
        node[part] = copy.copy(node[part])
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


def outcome(game, data: dict, path: Path, *, n_games: int = 2, all_counts: bool = True,
            seconds: float = 20.0) -> tuple[str, str]:
    """(kind, detail) for data whose ``path`` was mutated; see the module docstring.

    ``all_counts``: compile for every player count (else only the count that is played).
    """
    target = dotted(path)
    compiled = {}
    n = play_count(game, path)
    try:
        for count in game.players if all_counts else (n,):
            compiled[count] = game.make_rules(data, count)
    except RulesError as exc:
        kind = related(exc.key, target, str(exc))
        if kind is None:
            return "bad", f"{target}: RulesError names another key: {exc}"
        return kind, str(exc)
    except Exception as exc:  # noqa: BLE001 - that is what the fuzz looks for
        return "bad", f"{target}: {type(exc).__name__}: {exc}"
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


def fuzz(name: str, *, n_games: int = 2, all_counts: bool = True, play_every: int = 1,
         every: int = 1) -> tuple[dict[str, int], list[str]]:
    """Counts per outcome over every mutation, and the ``bad`` details.

    Every mutation is validated; of those the game accepts, every ``play_every``-th plays
    ``n_games`` games (the others count as ``accepted``).
    """
    game = get_game(name)
    shipped = game.default_data()
    counts = {"tried": 0, "refused": 0, "refused_related": 0, "ran": 0, "accepted": 0,
              "bad": 0}
    bad = []
    seen: set[str] = set()
    accepted = 0
    for path, value in mutations(shipped, every):
        key = dotted(path) + "=" + repr(value)[:200]
        if key in seen:
            continue
        seen.add(key)
        counts["tried"] += 1
        data = mutate(shipped, path, value)
        try:
            game.validate_data(data)
        except RulesError as exc:
            kind = related(exc.key, dotted(path), str(exc)) or "bad"
            counts[kind] += 1
            if kind == "bad":
                bad.append(f"{dotted(path)}: RulesError names another key: {exc}")
            continue
        except Exception as exc:  # noqa: BLE001 - that is what the fuzz looks for
            counts["bad"] += 1
            bad.append(f"{dotted(path)}: {type(exc).__name__}: {exc} (value {value!r:.60})")
            continue
        else:
            accepted += 1
            if (accepted - 1) % play_every:
                kind, detail = outcome(game, data, path, n_games=0, all_counts=all_counts)
                kind = "accepted" if kind == "ran" else kind
                counts[kind] += 1
                if kind == "bad":
                    bad.append(f"{detail} (value {value!r:.60})")
                continue
        kind, detail = outcome(game, data, path, n_games=n_games, all_counts=all_counts)
        counts[kind] += 1
        if kind == "bad":
            bad.append(f"{detail} (value {value!r:.60})")
    return counts, bad


def _main(names: list[str]) -> None:  # pragma: no cover - a measuring tool
    for name in names or ["vghs", "vgc", "class89", "lovebattle"]:
        for label, run in (("one-field", fuzz), ("bounds", fuzz_bounds)):
            t0 = time.perf_counter()
            counts, bad = run(name, n_games=2)
            print(label, name, counts, f"{time.perf_counter() - t0:.1f} s")
            for line in bad[:60]:
                print("   ", line)


def spec_at(schema, data: Any, path: Path):
    """The schema spec that checks the value at ``path`` of ``data`` (None if unknown)."""
    from simcli.games import schema as sc

    spec, node = schema, data
    for part in path:
        if isinstance(spec, sc.Either):
            spec = next((o for o in spec.options if o.matches(node)), None)
        if isinstance(spec, sc.Tagged):
            variant = spec.variants.get(node.get(spec.tag))
            spec = None if variant is None else sc.Table({spec.tag: sc.Str(), **variant.fields})
        if isinstance(spec, sc.Table):
            spec = spec.fields.get(part, spec.extra)
        elif isinstance(spec, sc.List | sc.Map):
            spec = spec.item if isinstance(spec, sc.List) else spec.value
        else:
            return None
        node = node[part]
    if isinstance(spec, sc.Either):
        spec = next((o for o in spec.options if o.matches(node)), None)
    return spec


def bound_mutations(game) -> Iterator[tuple[Path, Any]]:
    """Every integer field at its declared lowest and highest value."""
    from simcli.games import schema as sc

    data = game.default_data()
    for path, value in paths(data):
        spec = spec_at(game.schema, data, path)
        if isinstance(spec, sc.Int) and not isinstance(value, bool):
            for bound in (spec.lo, spec.hi):
                if bound != value and not (spec.nonzero and bound == 0):
                    yield path, bound


def fuzz_bounds(name: str, *, n_games: int = 1, every: int = 1) -> tuple[dict, list[str]]:
    """Each integer at its declared bounds: refused by a cross check or the games run."""
    game = get_game(name)
    shipped = game.default_data()
    counts = {"tried": 0, "refused": 0, "refused_related": 0, "ran": 0, "bad": 0}
    bad = []
    for i, (path, value) in enumerate(bound_mutations(game)):
        if i % every:
            continue
        counts["tried"] += 1
        kind, detail = outcome(game, mutate(shipped, path, value), path, n_games=n_games,
                               all_counts=False)
        counts[kind] += 1
        if kind == "bad":
            bad.append(f"{detail} (value {value!r:.60})")
    return counts, bad


if __name__ == "__main__":  # pragma: no cover
    _main(sys.argv[1:])

"""Scenarios, rules data and overrides: loading and validation.

Every error a user can cause here is a :class:`ScenarioError` with a one-line message that
names the key at fault and the valid choices; the CLI prints it and exits 2.
"""
from __future__ import annotations

import copy
import hashlib
import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from simcli.engine import RulesError
from simcli.games import UnknownGameError, get_game
from simcli.games.schema import type_name

#: keys that mark invented values in data files; never required in a designer's file
META_KEYS = ("provisional", "note", "notes", "source")


class ScenarioError(ValueError):
    """A user error in a scenario, a data file or an override (one line)."""


# ------------------------------------------------------------------------- data files
def read_toml(path: str | Path, what: str = "file") -> dict:
    p = Path(path)
    if not p.is_file():
        raise ScenarioError(f"{what} {str(path)!r} does not exist")
    try:
        with p.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{what} {str(path)!r} is not valid TOML: {exc}") from None
    except UnicodeDecodeError:
        raise ScenarioError(f"{what} {str(path)!r} is not UTF-8 text") from None


def data_hash(data: dict) -> str:
    """Stable hash of a rules data dict (stamped into summaries)."""
    blob = json.dumps(data, sort_keys=True, default=str).encode()
    return hashlib.sha256(blob).hexdigest()[:16]


def file_hash(path: str | Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]


def _same_type(expected: Any, given: Any) -> bool:
    if isinstance(expected, bool) or isinstance(given, bool):
        return isinstance(expected, bool) and isinstance(given, bool)
    if isinstance(expected, float):
        return isinstance(given, int | float)
    if isinstance(expected, int):
        return isinstance(given, int)
    return type_name(expected) == type_name(given)


def check_schema(expected: Any, given: Any, key: str = "") -> None:
    """Check a designer's data against the shipped data's shape; name the key at fault.

    Tables must not have keys the shipped table lacks, and must have every shipped key
    except the meta keys (``provisional``, ``note``...). Arrays of tables are checked
    element-wise against the union of the shipped elements' keys.
    """
    where = key or "the data file"
    if not _same_type(expected, given):
        raise ScenarioError(
            f"{where}: expected {type_name(expected)}, got {type_name(given)} ({given!r:.40})"
        )
    if isinstance(expected, dict):
        unknown = sorted(set(given) - set(expected) - set(META_KEYS))
        if _is_open_table(expected):
            wrong = [k for k in unknown if not str(k).isdigit()]
            if wrong:
                raise ScenarioError(f"{_join(key, str(wrong[0]))}: unknown key; this table is "
                                    "keyed by player count (\"2\", \"3\", ...)")
        if unknown and not _is_open_table(expected):
            raise ScenarioError(
                f"{_join(key, unknown[0])}: unknown key; valid keys: "
                + ", ".join(sorted(k for k in expected if k not in META_KEYS))
            )
        for name, value in expected.items():
            if name in META_KEYS:
                continue
            if name not in given:
                if _is_open_table(expected):
                    continue
                raise ScenarioError(f"{_join(key, name)}: missing (the shipped data has it)")
            check_schema(value, given[name], _join(key, name))
        if _is_open_table(expected) and expected:
            sample = next(iter(v for k, v in expected.items() if k not in META_KEYS), None)
            for name, value in given.items():
                if name not in expected and name not in META_KEYS and sample is not None:
                    check_schema(sample, value, _join(key, name))
    elif isinstance(expected, list) and expected and given:
        if all(isinstance(e, dict) for e in expected):
            merged: dict[str, Any] = {}
            required = set.intersection(*(set(e) for e in expected)) - set(META_KEYS)
            for element in expected:
                for name, value in element.items():
                    merged.setdefault(name, value)
            for i, element in enumerate(given):
                ekey = f"{key}[{i}]"
                if not isinstance(element, dict):
                    raise ScenarioError(f"{ekey}: expected table, got {type_name(element)}")
                unknown = sorted(set(element) - set(merged) - set(META_KEYS))
                if unknown:
                    raise ScenarioError(
                        f"{ekey}.{unknown[0]}: unknown key; valid keys: "
                        + ", ".join(sorted(k for k in merged if k not in META_KEYS))
                    )
                missing = sorted(required - set(element))
                if missing:
                    raise ScenarioError(f"{ekey}.{missing[0]}: missing")
                for name, value in element.items():
                    if name in merged and name not in META_KEYS:
                        check_schema(merged[name], value, f"{ekey}.{name}")
        elif not isinstance(expected[0], list | dict):
            for i, value in enumerate(given):
                if not _same_type(expected[0], value):
                    raise ScenarioError(
                        f"{key}[{i}]: expected {type_name(expected[0])}, got "
                        f"{type_name(value)} ({value!r:.40})"
                    )


def _is_open_table(table: dict) -> bool:
    """Tables keyed by player count ("2", "3", ...) accept other counts too."""
    keys = [k for k in table if k not in META_KEYS]
    return bool(keys) and all(k.isdigit() for k in keys)


def _join(prefix: str, name: str) -> str:
    return f"{prefix}.{name}" if prefix else name


# ---------------------------------------------------------------------------- overrides
def parse_set(items: list[str] | None) -> dict[str, Any]:
    """``KEY=VALUE`` strings (VALUE parsed as TOML, else taken as a string)."""
    out: dict[str, Any] = {}
    for item in items or []:
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or not key:
            raise ScenarioError(f"--set {item!r}: expected KEY=VALUE, e.g. --set otm_payout=6")
        try:
            out[key] = tomllib.loads(f"v = {value.strip()}")["v"]
        except tomllib.TOMLDecodeError:
            out[key] = value.strip()
    return out


def apply_overrides(data: dict, overrides: dict[str, Any], *, shape: bool = True) -> dict:
    """A copy of ``data`` with dotted-key overrides applied and type-checked.

    A table value is merged into the table it overrides (``start_signatures = {4 = [...]}``
    changes the 4-player row only); any other value replaces the old one. With
    ``shape=False`` the value is not compared with the old one's shape: the game's own
    schema checks the result (see :func:`game_has_schema`).
    """
    out = copy.deepcopy(data)
    for dotted, value in overrides.items():
        parts = dotted.split(".")
        node = out
        for depth, name in enumerate(parts):
            if not isinstance(node, dict) or name not in node:
                here = ".".join(parts[:depth])
                choices = sorted(k for k in node if k not in META_KEYS) if isinstance(
                    node, dict) else []
                shown = ", ".join(_scalar_keys(node, choices))
                raise ScenarioError(
                    f"unknown rules parameter {dotted!r}"
                    + (f" under {here!r}" if here else "")
                    + (f"; valid: {shown}" if shown else "") + " (`simcli rules GAME` lists all)"
                )
            if depth == len(parts) - 1:
                old = node[name]
                if isinstance(old, dict) and isinstance(value, dict):
                    if shape:
                        check_schema(old, {**old, **value}, dotted)
                    node[name] = {**old, **value}
                else:
                    if shape:
                        check_schema(old, value, dotted)
                    node[name] = value
            else:
                node = node[name]
    return out


def _scalar_keys(node: dict, keys: list[str]) -> list[str]:
    """Parameter names worth listing (skip big component lists)."""
    return [k for k in keys if not (isinstance(node[k], list) and node[k]
                                    and isinstance(node[k][0], dict))]


# ---------------------------------------------------------------------------- scenarios
RUN_KEYS = ("game", "players", "games", "seed", "strategies", "data", "rules", "name",
            "description", "variant", "grid", "check", "jobs", "balance")


@dataclass
class Scenario:
    game: str
    path: Path | None = None
    name: str = ""
    description: str = ""
    players: list[int] = field(default_factory=list)
    games: int | None = None
    seed: int | None = None
    strategies: list[str] = field(default_factory=list)
    data: str | None = None
    rules: dict[str, Any] = field(default_factory=dict)
    variants: list[dict[str, Any]] = field(default_factory=list)
    grid: dict[str, list] = field(default_factory=dict)
    check: dict[str, Any] = field(default_factory=dict)


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate a scenario TOML (shape only; rules are checked per game)."""
    raw = read_toml(path, "scenario")
    unknown = sorted(set(raw) - set(RUN_KEYS))
    if unknown:
        raise ScenarioError(
            f"scenario {str(path)!r}: unknown key {unknown[0]!r}; valid keys: "
            + ", ".join(RUN_KEYS)
        )
    if "game" not in raw:
        raise ScenarioError(f"scenario {str(path)!r}: missing key 'game'")
    game = raw["game"]
    if not isinstance(game, str):
        raise ScenarioError(f"scenario {str(path)!r}: game must be a name like \"vghs\", "
                            f"got {game!r:.40}")
    try:
        get_game(game)
    except UnknownGameError as exc:
        raise ScenarioError(f"scenario {str(path)!r}: {exc}") from None
    players = raw.get("players", [])
    if isinstance(players, int):
        players = [players]
    _expect(path, "players", players, list, "an integer or a list of integers")
    if not all(isinstance(p, int) and not isinstance(p, bool) for p in players):
        raise ScenarioError(f"scenario {str(path)!r}: players must be integers")
    for key, kind, what in (("games", int, "a positive integer"), ("seed", int, "an integer"),
                            ("strategies", list, "a list of strategy names"),
                            ("data", str, "a path to a data TOML"),
                            ("rules", dict, "a table of rules parameters"),
                            ("variant", list, "an array of [[variant]] tables"),
                            ("grid", dict, "a table of parameter = [values]"),
                            ("check", dict, "a table of bounds"),
                            ("name", str, "a string"), ("description", str, "a string")):
        if key in raw:
            _expect(path, key, raw[key], kind, what)
    if "games" in raw and raw["games"] < 1:
        raise ScenarioError(f"scenario {str(path)!r}: games must be at least 1")
    if "seed" in raw and raw["seed"] < 0:
        raise ScenarioError(f"scenario {str(path)!r}: seed must be 0 or more, not {raw['seed']}")
    for i, spec in enumerate(raw.get("strategies", [])):
        if not isinstance(spec, str):
            raise ScenarioError(f"scenario {str(path)!r}: strategies[{i}] must be a strategy "
                                f"name, got {spec!r:.40}")
    data = raw.get("data")
    if data is not None:
        data = str((Path(path).parent / data).resolve()) if not Path(data).is_absolute() else data
    variants = raw.get("variant", [])
    for i, v in enumerate(variants):
        if not isinstance(v, dict):
            raise ScenarioError(f"scenario {str(path)!r}: variant[{i}] must be a table")
        bad = sorted(set(v) - {"name", "rules", "description"})
        if bad:
            raise ScenarioError(
                f"scenario {str(path)!r}: variant[{i}].{bad[0]}: unknown key; "
                "valid keys: name, rules, description"
            )
        if "name" not in v:
            raise ScenarioError(f"scenario {str(path)!r}: variant[{i}] needs a name")
        if not isinstance(v["name"], str) or not v["name"].strip():
            raise ScenarioError(f"scenario {str(path)!r}: variant[{i}].name must be a "
                                f"non-empty string, got {v['name']!r:.40}")
        if not isinstance(v.get("rules", {}), dict):
            raise ScenarioError(f"scenario {str(path)!r}: variant[{i}].rules must be a table "
                                "of rules parameters")
        if not isinstance(v.get("description", ""), str):
            raise ScenarioError(f"scenario {str(path)!r}: variant[{i}].description must be a "
                                "string")
    return Scenario(
        game=game, path=Path(path), name=raw.get("name", Path(path).stem),
        description=raw.get("description", ""), players=list(players),
        games=raw.get("games"), seed=raw.get("seed"), strategies=list(raw.get("strategies", [])),
        data=data, rules=dict(raw.get("rules", {})), variants=list(variants),
        grid=dict(raw.get("grid", {})), check=dict(raw.get("check", {})),
    )


def _expect(path, key, value, kind, what) -> None:
    if not isinstance(value, kind) or isinstance(value, bool):
        raise ScenarioError(f"scenario {str(path)!r}: {key} must be {what}, got {value!r:.40}")


def build_data(game_name: str, data_file: str | None, overrides: dict[str, Any]) -> tuple[
        dict, str | None, str]:
    """The rules data of a run: shipped (or designer) data.toml plus overrides.

    Returns (data, data file path or None, hash of the data file used).
    """
    game = get_game(game_name)
    shipped = game.default_data()
    if data_file:
        data = read_toml(data_file, "data file")
        if game_has_schema(game_name):
            validate_data(game_name, data)
        else:
            check_schema(shipped, data)
        digest = file_hash(data_file)
    else:
        data = shipped
        shipped_file = getattr(game, "data_file", None)
        digest = file_hash(shipped_file) if shipped_file and Path(shipped_file).is_file() \
            else data_hash(shipped)
    return (apply_overrides(data, overrides, shape=not game_has_schema(game_name)), data_file,
            digest)


def game_has_schema(game_name: str) -> bool:
    """Whether the game declares its data's schema and bounds (``Game.schema``)."""
    return getattr(get_game(game_name), "schema", None) is not None


def validate_data(game_name: str, data: dict) -> None:
    """The game's schema and bounds check of ``data`` (RulesError -> ScenarioError)."""
    game = get_game(game_name)
    try:
        game.validate_data(data)
    except RulesError as exc:
        raise ScenarioError(str(exc)) from None


def compile_check(game_name: str, data: dict, n_players: int) -> None:
    """Let the game validate the data for this player count (RulesError -> ScenarioError)."""
    try:
        get_game(game_name).make_rules(data, n_players)
    except RulesError as exc:
        raise ScenarioError(str(exc)) from None

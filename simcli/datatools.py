"""What a designer may change: ``simcli data GAME`` and ``simcli rules GAME``.

* :func:`export_data` writes the game's shipped data.toml as a starting point, each
  provisional value marked with a ``# provisional`` comment (the file still loads with
  ``--data``: the comments change nothing, which is checked before writing).
* :func:`rules_rows` lists every rules parameter (``--set`` key) from the game's declared
  schema (``<game>/bounds.py``): type, default, allowed range, meaning, provisional.

Provisional values are found from the conventions of the shipped files: a table with
``provisional = true``, a ``<key>_provisional = true`` beside a key, a top-level
``[provisional]`` table of key = reason, ``[provisional_parameters] keys = [...]`` and a
``[<key>_meta]`` table with ``provisional = true``.
"""
from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from simcli import __version__
from simcli.fsio import atomic_write_text
from simcli.games import get_game
from simcli.games.schema import List, Table, Tagged, is_meta_key, parameters
from simcli.scenario import ScenarioError

#: top-level tables that only describe other keys (never rules parameters)
META_TABLES = ("provisional", "provisional_parameters")


# --------------------------------------------------------------------------- provisional
def provisional_keys(data: Mapping[str, Any]) -> dict[str, str]:
    """Dotted key -> reason, for every value the shipped data marks as provisional."""
    marked: dict[str, str] = {}
    table = data.get("provisional")
    if isinstance(table, Mapping):
        for key, reason in table.items():
            if reason != "printed":
                marked[str(key)] = str(reason) if not isinstance(reason, bool) else ""
    listed = data.get("provisional_parameters")
    if isinstance(listed, Mapping):
        for key in listed.get("keys", []):
            marked[str(key)] = "listed in provisional_parameters"
    for key, value in data.items():
        if key.endswith("_meta") and isinstance(value, Mapping) and value.get("provisional"):
            marked[key[:-len("_meta")]] = f"[{key}] provisional"
    _walk(data, "", marked)
    return marked


def _walk(node: Any, prefix: str, marked: dict[str, str]) -> None:
    if isinstance(node, Mapping):
        if prefix and node.get("provisional") is True:
            marked.setdefault(prefix, "table marked provisional")
        for key, value in node.items():
            key = str(key)
            if key.endswith("_provisional") and value is True:
                marked.setdefault(_join(prefix, key[:-len("_provisional")]), key)
            elif not is_meta_key(key) and not (not prefix and key in META_TABLES):
                _walk(value, _join(prefix, key), marked)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            _walk(value, f"{prefix}[{i}]", marked)


def _join(prefix: str, key: str) -> str:
    return f"{prefix}.{key}" if prefix else key


def provisional_state(key: str, marked: Mapping[str, str]) -> str:
    """"yes" if the key or a table holding it is provisional, "partly" if a part is."""
    for other in marked:
        if key == other or key.startswith(other + ".") or key.startswith(other + "["):
            return "yes"
    for other in marked:
        if other.startswith(key + ".") or other.startswith(key + "["):
            return "partly"
    return ""


# ------------------------------------------------------------------------------ export
_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_ASSIGN = re.compile(r"^(\s*)(\"[^\"]*\"|'[^']*'|[A-Za-z0-9_-]+)\s*=")


def marked_text(text: str, marked: Mapping[str, str]) -> str:
    """The data file text with a ``# provisional`` comment on each provisional value."""
    out: list[str] = []
    prefix, depth, counts = "", 0, {}
    for line in text.splitlines():
        header = _HEADER.match(line) if depth == 0 else None
        if header:
            name = ".".join(p.strip().strip("\"'") for p in header.group(2).split("."))
            if header.group(1) == "[[":
                counts[name] = counts.get(name, -1) + 1
                prefix = f"{name}[{counts[name]}]"
            else:
                prefix = name
            out.append(line)
            continue
        assign = _ASSIGN.match(line) if depth == 0 else None
        if assign and prefix.split(".")[0] not in META_TABLES:
            key = _join(prefix, assign.group(2).strip("\"'"))
            state = provisional_state(key, marked)
            if state and "provisional" not in line and not is_meta_key(key.split(".")[-1]):
                note = "provisional" if state == "yes" else "partly provisional"
                line = f"{line} ({note})" if _has_comment(line) else f"{line}  # {note}"
        depth += _brackets(line)
        out.append(line)
    return "\n".join(out) + "\n"


def _has_comment(line: str) -> bool:
    quote = ""
    for ch in line:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            return True
    return False


def _brackets(line: str) -> int:
    """Net open brackets of a line, outside strings and comments (multi-line arrays)."""
    depth, quote = 0, ""
    for ch in line:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            break
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
    return depth


def export_text(game_name: str) -> str:
    game = get_game(game_name)
    original = Path(game.data_file).read_text(encoding="utf-8")
    shipped = tomllib.loads(original)
    head = (f"# Exported by `simcli data {game_name}` (simcli {__version__}): the shipped data "
            "of the game,\n# a starting point for your own. Values marked `provisional` "
            "were invented where the\n# rulebook is silent (see the game's NOTES.md). "
            f"Run it with: simcli run {game_name} --data FILE\n"
            f"# `simcli rules {game_name}` lists every key with its allowed range.\n\n")
    text = head + marked_text(original, provisional_keys(shipped))
    if tomllib.loads(text) != shipped:  # pragma: no cover - a marking bug must not ship
        text = head + original
    return text


def export_data(game_name: str, out: str | None, force: bool = False) -> str:
    """Write the marked data file to ``out`` (refusing to replace a file unless ``force``);
    return the text (printed by the CLI when ``out`` is None)."""
    text = export_text(game_name)
    if out is not None:
        path = Path(out)
        if path.is_dir():
            raise ScenarioError(f"{out} is a folder; give a file name like mine.toml")
        if path.exists() and not force:
            raise ScenarioError(f"{out} exists; pass --force to overwrite it")
        if not path.parent.is_dir():
            raise ScenarioError(f"folder {str(path.parent)!r} does not exist")
        atomic_write_text(path, text)
    return text


# ------------------------------------------------------------------------------- rules
def rules_rows(game_name: str) -> list[dict[str, str]]:
    """One row per ``--set`` key: key, type, default, allowed, provisional, meaning."""
    game = get_game(game_name)
    data = game.default_data()
    schema = getattr(game, "schema", None)
    if schema is None:
        raise ScenarioError(f"{game_name} declares no data schema; see its data.toml")
    marked = provisional_keys(data)
    rows = []
    for p in parameters(schema, data):
        if p.key.split(".")[0] in META_TABLES or p.key.split(".")[0].endswith("_meta"):
            continue
        spec = _spec_at(schema, p.key)
        if isinstance(spec, List) and isinstance(spec.item, Table | Tagged):
            kind, default = f"array of {len(p.default)} tables", "(see data file)"
        else:
            kind, default = p.type, _short(p.default)
        rows.append({"key": p.key, "type": kind, "default": default, "allowed": p.allowed,
                     "provisional": provisional_state(p.key, marked),
                     "meaning": p.doc or "component data (see the comments in data.toml)"})
    return rows


def _spec_at(schema, key: str):
    spec = schema
    for part in key.split("."):
        if isinstance(spec, Table):
            spec = spec.fields.get(part, spec.extra)
        else:
            spec = getattr(spec, "value", None)
    return spec


def _short(value: Any) -> str:
    text = tomlish(value)
    return text if len(text) <= 40 else text[:37] + "..."


def tomlish(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(tomlish(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k} = {tomlish(v)}" for k, v in value.items()) + "}"
    return str(value)


def strategy_params_text(cls, game: str | None = None) -> str:
    """``key=default (low..high)`` for each tunable parameter of a strategy class, with
    the defaults ``game`` plays (a class's ``game_params``, e.g. search's per-game
    budgets, override its generic ones)."""
    ranges = getattr(cls, "ranges", {})
    per_game = getattr(cls, "game_params", {}).get(game, {})
    defaults = {**cls.params, **per_game}
    #: table sizes the per-game defaults hold at (class89 search: 4 players only)
    rows = getattr(cls, "game_params_rows", {}).get(game)
    where = "/".join(str(r) for r in rows) if rows else ""
    #: other table sizes' own defaults (class89 search at 3 players)
    at = sorted(getattr(cls, "game_params_at", {}).get(game, {}).items(), reverse=True)
    #: what a class says about a parameter in this game (search: the kinds it takes)
    notes = cls.param_notes(game) if game and hasattr(cls, "param_notes") else {}
    parts = []
    for key, value in defaults.items():
        text = f"{key}={value}"
        elsewhere = [(r, o[key]) for r, o in at if key in o]
        if where and (key in per_game or elsewhere):
            generic = cls.params.get(key)
            shown = [f"{value} at {where} players"] if key in per_game else []
            shown += [f"{v if v != '' else '(none)'} at {r} players" for r, v in elsewhere]
            text = (f"{key}={', '.join(shown)}, "
                    f"else {generic if generic != '' else '(none)'}")
        if key in ranges:
            low, high = ranges[key]
            text += f" ({'' if low is None else low}..{'' if high is None else high})"
        if key in notes:
            text += f" ({notes[key]})"
        parts.append(text)
    return ", ".join(parts)

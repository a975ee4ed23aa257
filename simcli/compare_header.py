"""What differs between the two runs of a comparison, said key by key.

Both runs' effective rules data (the shipped or designer data file plus the rules
overrides) is rebuilt from what their summaries record and diffed value by value, so the
header of ``simcli compare`` names the changed card, not only a changed hash.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

MAX_VALUE_LINES = 12


def game_tables(summary: dict, key: str = "game_tables") -> list[tuple[str, str, list[dict]]]:
    """A summary's game (or sweep) tables as ``(id, title, rows)``.

    Accepts both shapes of summary.json: ``{title: rows}`` and the versioned
    ``{id: {"title": title, "rows": rows}}``.
    """
    from simcli.report import tables  # the one reader of summary tables

    return [(ident, str(t["title"]), list(t["rows"])) for ident, t in tables(summary, key).items()]


def effective_data(summary: dict) -> tuple[dict | None, str]:
    """The rules data a run used, or (None, why not)."""
    from simcli.scenario import ScenarioError, apply_overrides, build_data, file_hash

    data_file = summary.get("data_file")
    if data_file:
        if not Path(data_file).is_file():
            return None, f"data file {data_file} is not on disk here"
        recorded = summary.get("data_hash")
        if recorded and file_hash(data_file) != recorded:
            return None, f"data file {data_file} changed since the run"
    try:
        data, _, _ = build_data(summary["game"], data_file, {})
        return apply_overrides(data, summary.get("rules_overrides") or {}), ""
    except (ScenarioError, LookupError, OSError, ValueError) as exc:
        return None, f"cannot rebuild the data ({exc})"


def _label(items: list, i: int, prefix: str) -> str:
    element = items[i]
    name = None
    if isinstance(element, dict):
        name = element.get("name", element.get("title"))
    return f"{prefix}[{i}]" + (f"({name})" if isinstance(name, str) else "")


def diff_values(a: Any, b: Any, prefix: str = "") -> list[tuple[str, Any, Any]]:
    """Every leaf that differs between two data trees: (dotted key, base, new)."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in list(a) + [k for k in b if k not in a]:
            key = f"{prefix}.{k}" if prefix else str(k)
            if k not in a:
                out.append((key, None, b[k]))
            elif k not in b:
                out.append((key, a[k], None))
            else:
                out += diff_values(a[k], b[k], key)
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and any(
            isinstance(x, dict | list) for x in a):
        out = []
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            out += diff_values(x, y, _label(a, i, prefix))
        return out
    return [] if a == b else [(prefix, a, b)]


def _short(value: Any, width: int = 24) -> str:
    text = "(absent)" if value is None else json.dumps(value, default=str)
    return text if len(text) <= width else text[: width - 1] + "…"


def differences(base: dict, new: dict) -> dict[str, Any]:
    """Everything that differs between two runs' summaries (and their data)."""
    out: dict[str, Any] = {}
    for key, label in (("simcli_version", "simcli version"), ("rules_version", "rules version"),
                       ("strategies", "strategies"), ("seed", "seed"), ("games", "games"),
                       ("data_file", "data file"), ("data_hash", "data hash")):
        if base.get(key) != new.get(key):
            out[label] = {"base": base.get(key), "new": new.get(key)}
    ob, on = base.get("rules_overrides") or {}, new.get("rules_overrides") or {}
    changed = {k: {"base": ob.get(k), "new": on.get(k)} for k in sorted(set(ob) | set(on))
               if ob.get(k) != on.get(k)}
    if changed:
        out["rules overrides"] = changed
    db, why_b = effective_data(base)
    dn, why_n = effective_data(new)
    if db is not None and dn is not None:
        out["data values"] = [{"key": k, "base": a, "new": b} for k, a, b in diff_values(db, dn)]
    else:
        out["data values"] = None
        out["data values unknown"] = "; ".join(w for w in (why_b, why_n) if w)
    return out


def header_lines(diff: dict[str, Any]) -> list[str]:
    """The differences as short lines (each under 80 columns where the values allow)."""
    lines = []
    for label in ("simcli version", "rules version", "strategies", "seed", "games",
                  "data file", "data hash"):
        if label in diff:
            d = diff[label]
            lines.append(f"  {label}: {_short(d['base'], 30)} -> {_short(d['new'], 30)}")
    for key, d in (diff.get("rules overrides") or {}).items():
        lines.append(f"  --set {key}: {_short(d['base'])} -> {_short(d['new'])}")
    values = diff.get("data values")
    if values is None:
        lines.append(f"  data values: not compared ({diff.get('data values unknown')})")
    else:
        for item in values[:MAX_VALUE_LINES]:
            lines.append(f"  {item['key']}: {_short(item['base'])} -> {_short(item['new'])}")
        if len(values) > MAX_VALUE_LINES:
            lines.append(f"  ... {len(values) - MAX_VALUE_LINES} more data values differ "
                         "(all in --json)")
    if not lines:
        lines.append("  nothing: same rules, data, strategies and seeds")
    return lines

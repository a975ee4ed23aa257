"""Results for notebooks: ``simcli.load(folder)``.

Returns the results and every summary table as polars DataFrames (pandas via
``.to_pandas()``), with one column per swept rules parameter parsed from the variants
(a grid's ``otm_payout=4, triangle_payout=8`` becomes columns ``otm_payout`` and
``triangle_payout``), so a sweep can be grouped and plotted by its parameters.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from simcli import report
from simcli.runner import toml_value

STANDARD = ("seats", "strategy_table", "fairness", "end_reasons", "length",
            "score_quantiles")


@dataclass
class Results:
    """A results folder, loaded: ``results`` (one row per game x seat), ``tables`` (id ->
    DataFrame: the standard tables, the sweep's and the game's own), ``findings`` (one
    row per finding) and the raw ``summary`` dict."""

    folder: Path
    summary: dict[str, Any]
    results: pl.DataFrame
    tables: dict[str, pl.DataFrame] = field(default_factory=dict)
    findings: pl.DataFrame = field(default_factory=pl.DataFrame)
    parameters: list[str] = field(default_factory=list)

    def __getitem__(self, table_id: str) -> pl.DataFrame:
        return self.tables[table_id]

    def __repr__(self) -> str:
        return (f"Results({str(self.folder)!r}: {self.results.height} rows, tables "
                f"{', '.join(self.tables)}; parameters {self.parameters or 'none'})")


def _value(v: Any) -> Any:
    """A rules value as a column cell: scalars as they are, tables/lists as TOML text."""
    return v if v is None or isinstance(v, bool | int | float | str) else toml_value(v)


def parameter_frame(variants: list[dict[str, Any]]) -> tuple[pl.DataFrame, list[str]]:
    """One row per variant: ``variant`` and one column per rules key any variant sets."""
    keys = list(dict.fromkeys(k for v in variants for k in (v.get("rules") or {})))
    rows = [{"variant": v["name"], **{k: _value((v.get("rules") or {}).get(k))
                                      for k in keys}} for v in variants]
    if not rows:
        return pl.DataFrame({"variant": []}, schema={"variant": pl.String}), []
    cols = {}
    for k in ["variant", *keys]:
        values = [r[k] for r in rows]
        kinds = {type(x) for x in values if x is not None}
        if len(kinds) > 1:  # mixed types: text
            values = [None if x is None else str(x) for x in values]
        cols[k] = values
    return pl.DataFrame(cols, strict=False), keys


def _with_parameters(df: pl.DataFrame, params: pl.DataFrame, keys: list[str]) -> pl.DataFrame:
    if not keys or "variant" not in df.columns:
        return df
    clash = [k for k in keys if k in df.columns]
    extra = params.drop(clash) if clash else params
    return df.join(extra, on="variant", how="left", maintain_order="left")


def load(folder: str | Path) -> Results:
    """Load a results folder (see the module docstring)."""
    folder = Path(folder)
    path = folder / "summary.json"
    if not path.is_file():
        raise report.ReportError(f"{folder} has no summary.json (run `simcli report` on it)")
    summary = json.loads(path.read_text())
    params, keys = parameter_frame(summary.get("variants") or [])
    results = report.scan_results(folder).collect()
    out: dict[str, pl.DataFrame] = {}
    for name in STANDARD:
        rows = summary.get(name) or []
        if rows:
            out[name] = pl.DataFrame(rows, infer_schema_length=None)
    for group in ("sweep_tables", "game_tables"):
        for ident, entry in report.tables(summary, group).items():
            if entry["rows"]:
                out[ident] = pl.DataFrame(entry["rows"], infer_schema_length=None,
                                          strict=False)
    out = {k: _with_parameters(v, params, keys) for k, v in out.items()}
    found = summary.get("findings") or []
    flat = [{k: (json.dumps(v) if isinstance(v, list | dict) else v) for k, v in f.items()}
            for f in found]
    return Results(folder, summary, _with_parameters(results, params, keys), out,
                   pl.DataFrame(flat, infer_schema_length=None, strict=False)
                   if flat else pl.DataFrame(), keys)

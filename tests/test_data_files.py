"""Data files round-trip and are validated field by field, for every shipped game.

* the shipped data.toml, copied unchanged, is accepted by ``--data`` and plays exactly the
  games the run without ``--data`` plays;
* one-field mutations of the shipped data (every key path; wrong types, negatives, zero,
  empty lists, huge values) are either refused with a RulesError naming that key, or the
  games run: never another exception (see ``datafuzz.py``);
* the brief's impossible or unbounded values are refused at the command line in one line
  with exit status 2.
"""
from __future__ import annotations

import shutil
import time

import datafuzz
import polars as pl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from simcli.cli import app
from simcli.games import GAMES, get_game

runner = CliRunner()
NAMES = list(GAMES)


def _run(args):
    result = runner.invoke(app, ["run", *args, "--games", "4", "--jobs", "1", "--quiet"])
    assert result.exit_code == 0, result.output
    return result


@pytest.mark.parametrize("name", NAMES)
def test_shipped_data_copied_unchanged_plays_the_same_games(name, tmp_path):
    mine = tmp_path / "mine.toml"
    shutil.copyfile(get_game(name).data_file, mine)
    _run([name, "--seed", "7", "--out", str(tmp_path / "shipped")])
    _run([name, "--seed", "7", "--data", str(mine), "--out", str(tmp_path / "mine")])
    a = pl.read_parquet(tmp_path / "shipped" / "results.parquet")
    b = pl.read_parquet(tmp_path / "mine" / "results.parquet")
    stamp = [c for c in a.columns if "data" in c and "hash" in c]
    assert a.height == 4 * get_game(name).default_players
    assert a.drop(stamp).equals(b.drop(stamp))


# one-field mutations: (value stride, play every k-th accepted mutation) keep it CI-fast;
# `python -m tests.datafuzz` plays every accepted mutation with every player count
FUZZ = {"vghs": 1, "vgc": 2, "class89": 4, "lovebattle": 3}


@pytest.mark.parametrize("name", NAMES)
def test_one_field_mutations_are_refused_naming_the_key_or_play(name, record_property):
    t0 = time.perf_counter()
    counts, bad = datafuzz.fuzz(name, n_games=1, all_counts=False, play_every=8,
                                every=FUZZ[name])
    record_property("fuzz", counts)
    print(name, counts)
    assert bad == [], "\n".join(bad[:20])
    assert counts["refused"] > 0.7 * counts["tried"]
    assert counts["ran"] > 5
    assert time.perf_counter() - t0 < 60


@pytest.mark.parametrize("name", NAMES)
def test_integers_at_their_declared_bounds_are_refused_by_a_cross_check_or_play(name):
    """Every declared bound is playable: at its lowest and highest value an integer either
    meets a cross check naming it (or its table) or the games run (a stride keeps CI fast;
    `datafuzz.fuzz_bounds(name)` tries them all)."""
    counts, bad = datafuzz.fuzz_bounds(name, every=4)
    print(name, counts)
    assert bad == [], "\n".join(bad[:20])
    assert counts["ran"] > 0


VALUES = st.one_of(
    st.integers(min_value=-10**9, max_value=10**9), st.booleans(), st.text(max_size=8),
    st.floats(allow_nan=True), st.lists(st.integers(-3, 3), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2), st.just([]),
    st.just({}),
)


@pytest.mark.parametrize("name", NAMES)
def test_random_one_field_mutations(name):
    game = get_game(name)
    shipped = game.default_data()
    paths = [p for p, _ in datafuzz.paths(shipped)]

    @settings(max_examples=15, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(index=st.integers(0, len(paths) - 1), value=VALUES)
    def check(index, value):
        path = paths[index]
        kind, detail = datafuzz.outcome(game, datafuzz.mutate(shipped, path, value), path,
                                        n_games=1)
        assert kind != "bad", detail

    check()


def test_a_mutation_inside_an_array_element_is_named_exactly():
    game = get_game("vghs")
    data = datafuzz.mutate(game.default_data(), ("power_ups", 1, "effect", 0, "skill"),
                           "Chess")
    kind, detail = datafuzz.outcome(game, data, ("power_ups", 1, "effect", 0, "skill"))
    assert kind == "refused" and detail.startswith("power_ups[1].effect[0].skill:"), detail


def one_line_error(result, *words):
    assert result.exit_code == 2, result.output
    text = result.output.strip()
    assert "Traceback" not in text and len(text.splitlines()) == 1, text
    for word in words:
        assert word in text, text


@pytest.mark.parametrize(("game", "key", "value"), [
    ("vgc", "rental_store_size", "0"),
    ("vgc", "notebook.sides", "[]"),
    ("vgc", "tiles.numbers", "[]"),
    ("class89", "signatures_per_point", "0"),
    ("class89", "space_costs", "[]"),
    ("class89", "board.grid_rows", "1000000"),
    ("lovebattle", "love_min", "-1"),
    ("lovebattle", "hero_moves", "1000000"),
    ("vghs", "rerolls", "'abc'"),
])
def test_impossible_or_huge_set_values_are_one_line_refusals(game, key, value, tmp_path):
    t0 = time.perf_counter()
    result = runner.invoke(app, ["run", game, "--set", f"{key}={value}", "-n", "2", "-q",
                                 "--out", str(tmp_path / "out")])
    one_line_error(result, key)
    assert time.perf_counter() - t0 < 10
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("game", "old", "new", "key"), [
    ("vgc", "count = 3\npoints = 4", "count = 0\npoints = 4", "achievements[0].count"),
    ("lovebattle", "copies = 2", "copies = -1", "meddling[0].copies"),
    ("vghs", 'effect = [{op = "skills", skill = "Wild", n = 1}]',
     'effect = [{op = "skills", skill = "Chess", n = 1}]', "power_ups[1].effect[0].skill"),
])
def test_a_bad_card_in_a_data_file_is_a_one_line_refusal(game, old, new, key, tmp_path):
    text = get_game(game).data_file.read_text(encoding="utf-8")
    if game == "lovebattle":
        head, sep, tail = text.partition("[[meddling]]")
        text = head + sep + tail.replace(old, new, 1)
    else:
        assert old in text
        text = text.replace(old, new, 1)
    mine = tmp_path / "mine.toml"
    mine.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["run", game, "--data", str(mine), "-n", "2", "-q",
                                 "--out", str(tmp_path / "out")])
    one_line_error(result, key)


def _specs(spec):
    from simcli.games import schema as sc

    yield spec
    children = []
    if isinstance(spec, sc.Table):
        children = [*spec.fields.values(), *([spec.extra] if spec.extra else [])]
    elif isinstance(spec, sc.Tagged):
        children = list(spec.variants.values())
    elif isinstance(spec, sc.List):
        children = [spec.item]
    elif isinstance(spec, sc.Map):
        children = [spec.value]
    elif isinstance(spec, sc.Either):
        children = list(spec.options)
    for child in children:
        yield from _specs(child)


@pytest.mark.parametrize("name", NAMES)
def test_every_declared_number_and_array_has_a_finite_bound(name):
    from simcli.games import schema as sc

    for spec in _specs(get_game(name).schema):
        if isinstance(spec, sc.Int | sc.Num):
            assert spec.lo is not None and spec.hi is not None, spec
        if isinstance(spec, sc.List):
            assert spec.length is not None or spec.max_len is not None, spec
        if isinstance(spec, sc.Map):
            assert spec.max_keys is not None, spec


def test_scenario_rules_and_sweep_variants_use_the_same_validation(tmp_path):
    scen = tmp_path / "s.toml"
    scen.write_text('game = "lovebattle"\ngames = 2\n[rules]\nhero_moves = 1000000\n',
                    encoding="utf-8")
    result = runner.invoke(app, ["run", "--scenario", str(scen), "-q",
                                 "--out", str(tmp_path / "o")])
    one_line_error(result, "hero_moves", "0..30")
    sweep = tmp_path / "w.toml"
    sweep.write_text('game = "class89"\ngames = 2\n[[variant]]\nname = "zero"\n'
                     '[variant.rules]\nsignatures_per_point = 0\n', encoding="utf-8")
    result = runner.invoke(app, ["sweep", str(sweep), "-q", "--out", str(tmp_path / "w")])
    one_line_error(result, "signatures_per_point", "zero")

"""Validate data.toml (or a designer's override) and compile it into :class:`Rules`."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from simcli.engine import RulesError
from simcli.games.schema import check_names

from .combos import KINDS, N_SUITS, Spec, tile

ACTIONS = ("planning", "money", "present", "wake", "study", "grandparents", "newsstand",
           "rental")
CONDS = ("genre_played", "played_unbeaten", "rental_played", "all_genres", "beaten", "ious",
         "crystals", "presents", "magazine_genres", "magazines_same_genre")
ACH_TYPES = ("genre", "play", "beat", "behavior")
REWARDS = ("points", "dollars", "tiles", "thrill", "return_ious", "take_ious")
BONUS_KINDS = {"iou": "iou", "ious": "iou", "tile": "tile", "tiles": "tile",
               "dollar": "dollar", "dollars": "dollar"}


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    name: str
    genre: int
    difficulty: int
    spec: Spec
    score: int
    initial: bool


@dataclass(frozen=True, slots=True)
class Achievement:
    id: int
    name: str
    type: int
    cond: str
    arg: int  # genre or difficulty index, -1 if none
    count: int
    points: int


@dataclass(frozen=True, slots=True)
class NotebookSide:
    name: str
    spaces: tuple  # crystal color index, -1 = rainbow
    lines: tuple  # tuple of tuples of space indices: rows then columns
    rewards: tuple  # one dict per line
    lines_of: tuple  # space -> tuple of line indices through it


@dataclass(frozen=True, slots=True)
class Rules:
    n_players: int
    p: dict  # scalar parameters (weeks, limits, costs ...)
    start_bonus: tuple  # per initiative position: (ious, tiles, dollars)
    start_bonus_text: tuple
    ach_per_type: tuple
    spaces: tuple  # grid space -> (slot, slot)
    n_slots: int
    boards: tuple  # board -> tuple of actions ((name, owls), ...), for the side in use
    tiles: tuple  # Button Tiles in the game
    lo: int
    hi: int
    suits: tuple
    colors: tuple
    per_color: int
    genres: tuple
    difficulties: tuple
    cards: tuple  # games 0..29 then the initial games
    n_games: int
    magazines: tuple  # magazine -> (genre, genre)
    achievements: tuple
    sides: tuple
    scoring: dict


def _req(d: Mapping, key: str, path: str):
    if key not in d:
        raise RulesError(f"{path}.{key}" if path else key, "missing")
    return d[key]


def _int(d: Mapping, key: str, path: str = "", lo: int = 0) -> int:
    v = _req(d, key, path)
    if not isinstance(v, int) or isinstance(v, bool) or v < lo:
        raise RulesError(f"{path}.{key}" if path else key, f"must be an integer >= {lo}")
    return v


def parse_bonus(entry: Any, key: str) -> tuple[tuple[int, int, int], str]:
    """A starting-bonus entry: "2 IOU + 1 tile", "" or a table {iou=2, tile=1}."""
    got = {"iou": 0, "tile": 0, "dollar": 0}
    if isinstance(entry, Mapping):
        items = [(int(v), str(k)) for k, v in entry.items()]
    elif isinstance(entry, str):
        items = []
        for part in filter(None, (x.strip() for x in entry.replace(",", "+").split("+"))):
            if part.lower() in ("none", "-", "nothing"):
                continue
            bits = part.split()
            if len(bits) == 1:
                bits = ["1", bits[0]]
            try:
                items.append((int(bits[0]), bits[1]))
            except ValueError:
                raise RulesError(key, f"cannot read {part!r}; write e.g. '2 IOU'") from None
    else:
        raise RulesError(key, "must be a string like '2 IOU' or a table {iou = 2}")
    for amount, name in items:
        kind = BONUS_KINDS.get(name.lower())
        if kind is None or amount < 0:
            raise RulesError(key, f"unknown item {name!r}; use IOU, tile or dollar")
        got[kind] += amount
    text = " + ".join(f"{got[k]} {'IOU' if k == 'iou' else k}" for k in ("iou", "tile", "dollar")
                      if got[k]) or "none"
    return (got["iou"], got["tile"], got["dollar"]), text


def _parse_action(a: Any, key: str) -> tuple[str, int]:
    if not isinstance(a, str):
        raise RulesError(key, "actions are strings")
    name, _, arg = a.partition(":")
    if name not in ACTIONS:
        raise RulesError(key, f"unknown action {a!r}; choose one of {', '.join(ACTIONS)}")
    if name == "study":
        try:
            owls = int(arg or 2)
        except ValueError:
            raise RulesError(key, f"study takes a number of owls, not {arg!r}") from None
        return ("study", owls)
    return (name, 0)


def _cards(entries: Any, key: str, genres, diffs, lo, hi, start: int, initial: bool):
    if not isinstance(entries, list) or not entries:
        raise RulesError(key, "must be a non-empty list of tables")
    out = []
    for i, g in enumerate(entries):
        path = f"{key}[{i}]"
        genre = _req(g, "genre", path)
        diff = _req(g, "difficulty", path)
        if genre not in genres:
            raise RulesError(f"{path}.genre", f"unknown genre {genre!r}")
        if diff not in diffs:
            raise RulesError(f"{path}.difficulty", f"unknown difficulty {diff!r}")
        kind = _req(g, "combo", path)
        if kind not in KINDS:
            raise RulesError(f"{path}.combo", f"unknown combination; choose one of {KINDS}")
        size = _int(g, "size", path, 2)
        numbers = g.get("numbers")
        if numbers is not None and kind not in ("sequence", "colorseq", "equal"):
            raise RulesError(f"{path}.numbers", "fixed numbers only for sequence/colorseq/equal")
        if kind in ("pairpair",) and size != 4 or kind == "triopair" and size != 5:
            raise RulesError(f"{path}.size", f"{kind} has size {4 if kind == 'pairpair' else 5}")
        if kind == "equal" and size > N_SUITS:
            raise RulesError(f"{path}.size", f"equal takes at most {N_SUITS} tiles")
        try:
            spec = Spec(kind, size, numbers, lo, hi)
        except ValueError as exc:
            raise RulesError(path, str(exc)) from None
        out.append(Card(start + i, str(_req(g, "name", path)), genres.index(genre),
                        diffs.index(diff), spec, _int(g, "score", path), initial))
    return out


def _check_references(data: Mapping[str, Any]) -> None:
    """Genres, difficulties and crystal colours named by cards exist (after the schema)."""
    cards = [(f"{key}[{i}]", g) for key in ("games", "initial_games")
             for i, g in enumerate(data["games"] if key == "games" else data["initial_games"])]
    achs = list(enumerate(data["achievements"]))
    check_names("genres", data["genres"], [
        *((f"{k}.genre", g["genre"]) for k, g in cards),
        *((f"magazines.genre_pairs[{i}][{j}]", x)
          for i, pair in enumerate(data["magazines"]["genre_pairs"]) for j, x in enumerate(pair)),
        *((f"achievements[{i}].genre", a["genre"]) for i, a in achs if "genre" in a)])
    check_names("difficulties", data["difficulties"], [
        *((f"{k}.difficulty", g["difficulty"]) for k, g in cards),
        *((f"achievements[{i}].difficulty", a["difficulty"]) for i, a in achs
          if "difficulty" in a)])
    check_names("crystals.colors", data["crystals"]["colors"], [
        (f"notebook.sides[{i}].spaces[{j}]", c) for i, s in enumerate(data["notebook"]["sides"])
        for j, c in enumerate(s["spaces"]) if c != "rainbow"])


def compile_rules(data: Mapping[str, Any], n: int) -> Rules:
    ns = str(n)
    p = {k: _int(data, k) for k in (
        "weeks", "routine_turns", "tile_limit", "money_iou_limit", "present_iou_limit",
        "max_rentals", "meeples", "rent_cost", "new_release_rent_cost", "thrill_trail",
        "start_tiles", "start_dollars", "store_reveal", "newsstand_reveal",
        "rental_store_size", "rental_crystals", "rental_reveal_per_week")}
    p["weeks"] = _int(data, "weeks", "", 1)
    face = _req(data, "rental_face_up", "")
    if ns not in face:
        raise RulesError(f"rental_face_up.{ns}", "missing for this player count")
    p["rental_face_up"] = _int(face, ns, "rental_face_up")

    sb = _req(data, "start_bonus", "")
    if not isinstance(sb, Mapping) or ns not in sb:
        raise RulesError(f"start_bonus.{ns}", "missing: one entry per initiative position")
    entries = sb[ns]
    if not isinstance(entries, list) or len(entries) != n:
        raise RulesError(f"start_bonus.{ns}", f"needs {n} entries (P1..P{n})")
    parsed = [parse_bonus(e, f"start_bonus.{ns}[{i}]") for i, e in enumerate(entries)]

    apt = _req(_req(data, "achievements_per_type", ""), ns, "achievements_per_type")
    if not isinstance(apt, list) or len(apt) != 4:
        raise RulesError(f"achievements_per_type.{ns}", "needs [genre, play, beat, behavior]")

    grid = _req(_req(data, "grid", ""), ns, "grid")
    cols, rows = _int(grid, "cols", f"grid.{ns}", 1), _int(grid, "rows", f"grid.{ns}", 1)
    side = grid.get("side", "dark")
    if side not in ("dark", "light"):
        raise RulesError(f"grid.{ns}.side", "dark or light")
    spaces = [(c, cols + r) for r in range(rows) for c in range(cols)]
    for k, pair in enumerate(grid.get("shared", [])):
        if len(pair) != 2 or not all(0 <= x < cols + rows for x in pair):
            raise RulesError(f"grid.{ns}.shared[{k}]",
                             f"a pair of board slots 0..{cols + rows - 1} (grid.{ns}.cols + "
                             f"grid.{ns}.rows)")
        spaces.append((pair[0], pair[1]))
    boards, blank = [], []
    for i, b in enumerate(_req(data, "boards", "")):
        raw = b.get(side, [])
        raw = [raw] if isinstance(raw, str) else list(raw)
        if raw:
            key = f"boards[{i}].{side}"
            boards.append(tuple(_parse_action(a, key if isinstance(b.get(side), str) else
                                              f"{key}[{j}]") for j, a in enumerate(raw)))
        else:
            blank.append(f"boards[{i}].{side}")
    if len(boards) < cols + rows:
        raise RulesError(f"grid.{ns}", f"{cols} cols + {rows} rows need {cols + rows} boards "
                         f"with a {side} side; boards has {len(boards)}"
                         + (f" ({', '.join(blank)} blank)" if blank else ""))

    t = _req(data, "tiles", "")
    lo, hi = t["numbers"]
    suits = tuple(t["suits"])
    if len(suits) != N_SUITS or (lo, hi) != (0, 9):
        raise RulesError("tiles", f"the engine supports numbers 0-9 in {N_SUITS} suits")
    if n == 2:
        removed = set(t.get("removed_2p", []))
        lo = min(x for x in range(10) if x not in removed)
        hi = max(x for x in range(10) if x not in removed)
    tiles = tuple(tile(num, s) for num in range(lo, hi + 1) for s in range(N_SUITS))

    cr = _req(data, "crystals", "")
    colors = tuple(cr["colors"])
    genres = tuple(_req(data, "genres", ""))
    diffs = tuple(_req(data, "difficulties", ""))
    _check_references(data)
    games = _cards(_req(data, "games", ""), "games", genres, diffs, lo, hi, 0, False)
    initial = _cards(_req(data, "initial_games", ""), "initial_games", genres, diffs, lo, hi,
                     len(games), True)
    if len(initial) < n:
        raise RulesError("initial_games", f"one per player needed ({n})")
    if len(games) < p["rental_store_size"]:
        raise RulesError("games", f"{len(games)} games, fewer than rental_store_size = "
                         f"{p['rental_store_size']}")
    if p["rental_crystals"] > p["rental_store_size"]:
        raise RulesError("rental_crystals", f"more Crystals than Rental Store cards "
                         f"(rental_store_size = {p['rental_store_size']})")
    mags = []
    for i, pair in enumerate(_req(_req(data, "magazines", ""), "genre_pairs", "magazines")):
        if len(pair) != 2 or any(g not in genres for g in pair):
            raise RulesError(f"magazines.genre_pairs[{i}]", "two known genres")
        mags.append((genres.index(pair[0]), genres.index(pair[1])))

    achs = []
    for i, a in enumerate(_req(data, "achievements", "")):
        path = f"achievements[{i}]"
        typ, cond = _req(a, "type", path), _req(a, "cond", path)
        if typ not in ACH_TYPES:
            raise RulesError(f"{path}.type", f"one of {ACH_TYPES}")
        if cond not in CONDS:
            raise RulesError(f"{path}.cond", f"one of {CONDS}")
        arg = -1
        if cond == "genre_played":
            if _req(a, "genre", path) not in genres:
                raise RulesError(f"{path}.genre", f"unknown genre {a['genre']!r}")
            arg = genres.index(a["genre"])
        elif cond == "beaten":
            if _req(a, "difficulty", path) not in diffs:
                raise RulesError(f"{path}.difficulty", f"unknown difficulty {a['difficulty']!r}")
            arg = diffs.index(a["difficulty"])
        achs.append(Achievement(i, str(a["name"]), ACH_TYPES.index(typ), cond, arg,
                                _int(a, "count", path), _int(a, "points", path)))
    for ti, k in enumerate(apt):
        if sum(1 for a in achs if a.type == ti) < k:
            raise RulesError(f"achievements_per_type.{ns}", f"draws {k} {ACH_TYPES[ti]} "
                             f"cards; achievements has fewer")

    sides = []
    for i, s in enumerate(_req(_req(data, "notebook", ""), "sides", "notebook")):
        path = f"notebook.sides[{i}]"
        rws, cls = list(_req(s, "rows", path)), list(_req(s, "cols", path))
        sp = list(_req(s, "spaces", path))
        if len(sp) != len(rws) * len(cls):
            raise RulesError(path, f"{len(rws)} rows x {len(cls)} cols need "
                             f"{len(rws) * len(cls)} spaces; spaces has {len(sp)}")
        for c in sp:
            if c != "rainbow" and c not in colors:
                raise RulesError(f"{path}.spaces", f"unknown color {c!r}")
        nc = len(cls)
        lines = [tuple(r * nc + c for c in range(nc)) for r in range(len(rws))]
        lines += [tuple(r * nc + c for r in range(len(rws))) for c in range(nc)]
        rewards = []
        for rw in rws + cls:
            bad = [k for k in rw if k not in REWARDS]
            if bad:
                raise RulesError(f"{path}", f"unknown reward {bad[0]!r}; one of {REWARDS}")
            rewards.append({k: int(v) for k, v in rw.items()})
        lines_of = tuple(tuple(j for j, ln in enumerate(lines) if x in ln) for x in range(len(sp)))
        sides.append(NotebookSide(str(s.get("name", i)),
                                  tuple(-1 if c == "rainbow" else colors.index(c) for c in sp),
                                  tuple(lines), tuple(rewards), lines_of))
    sc = _req(data, "scoring", "")
    scoring = {k: _int(sc, k, "scoring") for k in (
        "played_bonus_after", "played_bonus_points", "most_played", "most_played_tied",
        "most_crystals", "most_crystals_tied")}
    return Rules(
        n_players=n, p=p, start_bonus=tuple(x[0] for x in parsed),
        start_bonus_text=tuple(x[1] for x in parsed), ach_per_type=tuple(apt),
        spaces=tuple(spaces), n_slots=cols + rows, boards=tuple(boards), tiles=tiles,
        lo=lo, hi=hi, suits=suits, colors=colors, per_color=_int(cr, "per_color", "crystals"),
        genres=genres, difficulties=diffs, cards=tuple(games + initial), n_games=len(games),
        magazines=tuple(mags), achievements=tuple(achs), sides=tuple(sides), scoring=scoring)

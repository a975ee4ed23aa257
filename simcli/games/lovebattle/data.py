"""Validating and compiling data.toml into the tables the rules code reads (once per run)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from simcli.engine import RulesError
from simcli.games.schema import check_names, is_meta_key

CARD_TYPES = ("seduction", "flirting", "jealousy", "punishment", "enchantment")
SEDUCTION, FLIRTING, JEALOUSY, PUNISHMENT, ENCHANTMENT = range(5)
ABILITIES = ("free_enchantment", "flirting_boost", "choose_punishment_sign",
             "remote_jealousy", "seduction_in_company")
ROOM_ACTIONS = ("none", "art", "boys_locker", "cafeteria", "entry_hall", "girls_locker",
                "gym", "library", "nurse", "transmute", "pool")
CONDITION_EFFECTS = ("move_max", "test", "no_seduction", "no_kick", "no_hero_draw")
MEDDLING_EFFECTS = ("move_max", "test", "enchant_free", "extra_draw", "flirting_extra",
                    "no_kick", "lowest_love_up", "highest_love_down", "condition", "hero_to")
REQUIREMENTS = ("hand_each_girl", "love_gain", "love_loss", "girls_gained", "play_type",
                "plays", "test_six", "room_action", "kick", "hand_size", "love_top")

INT_PARAMS = ("otm_payout", "triangle_payout", "two_player_consolation",
              "face_up_plot_points_2p", "face_up_plot_points_3p", "face_up_plot_points_4p",
              "starting_ki", "starting_love", "love_min", "love_max", "periods", "hero_moves",
              "girl_phase_draws", "enchantment_cost", "flirting_other_love",
              "sakiko_flirting_love", "test_min", "test_max", "ki_supply", "vote_tokens")


class Card(NamedTuple):
    kind: int          # index into Rules.cards
    girl: int
    type: int          # SEDUCTION .. ENCHANTMENT
    name: str
    love: int
    rival: int
    draw: int
    ki: int
    test_bonus: int
    date: bool


class PlotPoint(NamedTuple):
    title: str
    requirement: str
    amount: int
    card_type: int     # for play_type, else -1
    room: int          # for room_action, else -1
    ki: int


class Meddling(NamedTuple):
    title: str
    character: str
    effect: str
    value: int


class Condition(NamedTuple):
    name: str
    effect: str
    value: int


class Rules:
    """Everything setup and the rules code need, precomputed from the data dict."""

    def __init__(self, **kw: Any):
        self.__dict__.update(kw)


def _int(data: Mapping, key: str, where: str = "") -> int:
    dotted = f"{where}.{key}" if where else key
    if key not in data:
        raise RulesError(dotted, "missing")
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(dotted, f"must be an integer, not {value!r}")
    return value


def _str(data: Mapping, key: str, where: str, choices=None) -> str:
    dotted = f"{where}.{key}"
    value = data.get(key)
    if not isinstance(value, str):
        raise RulesError(dotted, f"must be a string, not {value!r}")
    if choices is not None and value not in choices:
        raise RulesError(dotted, f"{value!r} is not one of: {', '.join(choices)}")
    return value


def _table(data: Mapping, key: str, where: str = "") -> Mapping:
    dotted = f"{where}.{key}" if where else key
    value = data.get(key)
    if not isinstance(value, Mapping):
        raise RulesError(dotted, "missing table")
    return value


def _list(data: Mapping, key: str, where: str = "") -> list:
    dotted = f"{where}.{key}" if where else key
    value = data.get(key)
    if not isinstance(value, list) or not value:
        raise RulesError(dotted, "must be a non-empty list")
    return value


def check_references(data: Mapping[str, Any]) -> None:
    """Rooms named anywhere are rooms of board.rooms; decks are not empty (after the schema)."""
    board = data["board"]
    refs = [("board.hero_start", board["hero_start"]), ("board.hallway", board["hallway"])]
    refs += [(f"board.hallway_rooms[{i}]", r) for i, r in enumerate(board["hallway_rooms"])]
    refs += [(f"board.links[{i}][{j}]", r) for i, link in enumerate(board.get("links", []))
             for j, r in enumerate(link)]
    refs += [(f"rooms.{r}", r) for r in data["rooms"] if not is_meta_key(r)]
    girls = data["girls"]
    refs += [(f"girls.{g}.start", girls[g]["start"]) for g in girls["order"] if g in girls]
    refs += [(f"plot_points[{i}].room", pp["room"]) for i, pp in enumerate(data["plot_points"])
             if "room" in pp]
    check_names("board.rooms", board["rooms"], refs)
    check_names("girls.order", girls["order"],
                [(f"girls.{g}", g) for g in girls if g != "order" and not is_meta_key(g)])
    for key in ("meddling", "plot_points"):
        if not sum(item.get("copies", 1) for item in data[key]):
            raise RulesError(key, "every card has copies = 0: the deck would be empty")
    if data["love_min"] >= data["love_max"]:
        raise RulesError("love_min", "must be below love_max")


def compile_rules(data: Mapping[str, Any], n_players: int) -> Rules:
    check_references(data)
    p = {k: _int(data, k) for k in INT_PARAMS}
    for key in ("otm_payout", "triangle_payout", "two_player_consolation", "starting_ki",
                "periods", "hero_moves", "girl_phase_draws", "enchantment_cost"):
        if p[key] < 0:
            raise RulesError(key, "must be >= 0")
    if not 1 <= p["periods"] <= 50:
        raise RulesError("periods", "must be 1..50")
    if not p["love_min"] <= p["starting_love"] <= p["love_max"]:
        raise RulesError("starting_love", "must lie between love_min and love_max")
    if p["starting_ki"] * n_players > p["ki_supply"]:
        raise RulesError("ki_supply", f"{p['ki_supply']} Ki tokens are too few for starting_ki"
                         f" = {p['starting_ki']} x {n_players} players")
    if p["vote_tokens"] // 5 < n_players:
        raise RulesError("vote_tokens", f"{n_players} players need {n_players} per Girl")
    if p["test_min"] > p["test_max"]:
        raise RulesError("test_min", "must be <= test_max")
    reshuffle = data.get("reshuffle_empty_deck")
    if not isinstance(reshuffle, bool):
        raise RulesError("reshuffle_empty_deck", "must be true or false")
    face_up = p[f"face_up_plot_points_{n_players}p"]
    if face_up < 0:
        raise RulesError(f"face_up_plot_points_{n_players}p", "must be >= 0")

    # board
    board = _table(data, "board")
    rooms = [str(r) for r in _list(board, "rooms", "board")]
    if len(set(rooms)) != len(rooms):
        raise RulesError("board.rooms", "room names must be unique")
    index = {r: i for i, r in enumerate(rooms)}

    def room(name: Any, key: str) -> int:
        if name not in index:
            raise RulesError(key, f"{name!r} is not a room of board.rooms")
        return index[name]

    hallway = room(board.get("hallway"), "board.hallway")
    hero_start = room(board.get("hero_start"), "board.hero_start")
    hall_rooms = tuple(sorted(room(r, "board.hallway_rooms") for r in
                              _list(board, "hallway_rooms", "board")))
    nbr: list[set[int]] = [set() for _ in rooms]
    for r in hall_rooms:
        nbr[r].add(hallway)
        nbr[hallway].add(r)
    for i, link in enumerate(board.get("links", [])):
        if not isinstance(link, list) or len(link) != 2:
            raise RulesError(f"board.links[{i}]", "must be a pair of rooms")
        a, b = room(link[0], f"board.links[{i}]"), room(link[1], f"board.links[{i}]")
        nbr[a].add(b)
        nbr[b].add(a)
    n_rooms = len(rooms)
    # shortest distances for the Hero (the Hallway is one space, LB-079)
    dist = [[99] * n_rooms for _ in range(n_rooms)]
    for s in range(n_rooms):
        dist[s][s] = 0
        frontier = [s]
        while frontier:
            nxt = []
            for u in frontier:
                for v in nbr[u]:
                    if dist[s][v] == 99:
                        dist[s][v] = dist[s][u] + 1
                        nxt.append(v)
            frontier = nxt
    hero_reach = tuple(
        tuple(tuple(v for v in range(n_rooms) if dist[s][v] <= m)
              for m in range(p["hero_moves"] + 1))
        for s in range(n_rooms))
    adjacent = tuple(tuple(sorted(nbr[r])) for r in range(n_rooms))
    # Girls moving by discard skip the Hallway (LB-050, LB-139, LB-141)
    girl_moves = []
    for r in range(n_rooms):
        dest = {v for v in nbr[r] if v != hallway}
        if r == hallway or r in hall_rooms:
            dest.update(hall_rooms)
        dest.discard(r)
        girl_moves.append(tuple(sorted(dest)))

    room_tables = _table(data, "rooms")
    room_action = []
    for r in rooms:
        t = room_tables.get(r)
        if not isinstance(t, Mapping):
            raise RulesError(f"rooms.{r}", "missing table")
        room_action.append(_str(t, "action", f"rooms.{r}", ROOM_ACTIONS))

    # girls and their cards
    girls_t = _table(data, "girls")
    girls = [str(g) for g in _list(girls_t, "order", "girls")]
    if len(girls) != 5 or len(set(girls)) != 5:
        raise RulesError("girls.order", "must name five different Girls")
    ability_of = {}
    starts = []
    cards: list[Card] = []
    decks: list[list[int]] = []
    for gi, g in enumerate(girls):
        gt = _table(girls_t, g, "girls")
        ab = _str(gt, "ability", f"girls.{g}", ABILITIES)
        if ab in ability_of:
            raise RulesError(f"girls.{g}.ability", f"{ab} already belongs to another Girl")
        ability_of[ab] = gi
        starts.append(room(gt.get("start"), f"girls.{g}.start"))
        deck = []
        for ci, c in enumerate(_list(gt, "cards", f"girls.{g}")):
            where = f"girls.{g}.cards[{ci}]"
            ctype = CARD_TYPES.index(_str(c, "type", where, CARD_TYPES))
            copies = c.get("copies", 1)
            if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
                raise RulesError(f"{where}.copies", "must be a positive integer")
            vals = {k: c.get(k, 0) for k in ("love", "rival", "draw", "ki", "test_bonus")}
            for k, v in vals.items():
                if isinstance(v, bool) or not isinstance(v, int):
                    raise RulesError(f"{where}.{k}", "must be an integer")
            for k in ("draw", "ki", "test_bonus"):
                if vals[k] < 0:
                    raise RulesError(f"{where}.{k}", "must be >= 0")
            card = Card(len(cards), gi, ctype, _str(c, "name", where), vals["love"],
                        vals["rival"], vals["draw"], vals["ki"], vals["test_bonus"],
                        bool(c.get("date", False)))
            cards.append(card)
            deck.extend([card.kind] * copies)
        decks.append(deck)
    missing = [a for a in ABILITIES if a not in ability_of]
    if missing:
        raise RulesError("girls", f"no Girl has the ability {missing[0]}")

    conditions = []
    for i, c in enumerate(_list(data, "conditions")):
        where = f"conditions[{i}]"
        conditions.append(Condition(_str(c, "name", where),
                                    _str(c, "effect", where, CONDITION_EFFECTS),
                                    _int(c, "value", where)))
    cond_index = {c.name: i for i, c in enumerate(conditions)}
    for needed in ("Giant Head Lump", "Awkward Boner", "Spontaneous Nosebleed"):
        if needed not in cond_index:
            raise RulesError("conditions", f"the Girl's Locker Room needs a {needed!r} Condition")

    meddling = []
    for i, m in enumerate(_list(data, "meddling")):
        where = f"meddling[{i}]"
        md = Meddling(_str(m, "title", where), _str(m, "character", where),
                      _str(m, "effect", where, MEDDLING_EFFECTS), _int(m, "value", where))
        if md.effect == "condition" and not 0 <= md.value < len(conditions):
            raise RulesError(f"{where}.value", "must index [[conditions]]")
        if md.effect == "hero_to" and not 0 <= md.value < n_rooms:
            raise RulesError(f"{where}.value", "must index board.rooms")
        meddling.extend([md] * m.get("copies", 1))

    plot_points = []
    for i, pp in enumerate(_list(data, "plot_points")):
        where = f"plot_points[{i}]"
        req = _str(pp, "requirement", where, REQUIREMENTS)
        amount = pp.get("amount", 1)
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise RulesError(f"{where}.amount", "must be an integer")
        ctype = CARD_TYPES.index(_str(pp, "card_type", where, CARD_TYPES)) \
            if req == "play_type" else -1
        proom = room(pp.get("room"), f"{where}.room") if req == "room_action" else -1
        card = PlotPoint(_str(pp, "title", where), req, amount, ctype, proom,
                         _int(pp, "ki", where))
        plot_points.extend([card] * pp.get("copies", 1))

    move_opts = tuple(tuple(tuple(("move", c.kind, r) for r in girl_moves[room])
                            for room in range(n_rooms)) for c in cards)
    hero_move_opts = tuple(tuple(tuple(("move", v) for v in reach) for reach in by_moves)
                           for by_moves in hero_reach)
    return Rules(
        hero_move_opts=hero_move_opts, decision_cache={},
        card_girl=tuple(c.girl for c in cards), card_type=tuple(c.type for c in cards),
        move_opts=move_opts, play_opts=tuple(("play", c.kind) for c in cards),
        n_players=n_players, **p, reshuffle=reshuffle, face_up=face_up,
        rooms=tuple(rooms), hallway=hallway, hero_start=hero_start, hall_rooms=hall_rooms,
        adjacent=adjacent, dist=tuple(tuple(d) for d in dist), hero_reach=hero_reach,
        girl_moves=tuple(girl_moves), room_action=tuple(room_action),
        girls=tuple(girls), starts=tuple(starts),
        girl_profile="|".join(f"{g}:{rooms[starts[i]]}:"
                              f"{next(a for a, x in ability_of.items() if x == i)}"
                              for i, g in enumerate(girls)),
        AIKA=ability_of["free_enchantment"], SAKIKO=ability_of["flirting_boost"],
        RIN=ability_of["choose_punishment_sign"], YUKI=ability_of["remote_jealousy"],
        KATSUMI=ability_of["seduction_in_company"],
        cards=tuple(cards), decks=tuple(tuple(d) for d in decks),
        conditions=tuple(conditions), cond_index=cond_index,
        meddling=tuple(meddling), plot_points=tuple(plot_points),
        vote_options=vote_options(n_players),
    )


def vote_options(n_players: int) -> tuple:
    """LB-027/028: (g,) for a One True Match vote, (a, b) with a < b for a Love Triangle."""
    pairs = tuple((a, b) for a in range(5) for b in range(a + 1, 5))
    if n_players == 2:
        return pairs
    return tuple((g,) for g in range(5)) + pairs

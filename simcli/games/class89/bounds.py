"""The shape and bounds of Class of '89 data (data.toml, ``--set``, scenario ``[rules]``).

Checked by :func:`simcli.games.schema.validate` before ``setup.compile_rules`` runs, then
:func:`check_references` makes sure every club and token named anywhere exists.
Component bounds: 6 clubs and 5 token types, 5 locations with 3 team member spaces each,
Wildcat Way tile stacks A-D, a letter A-Z per student, 4 team members, 1-4 players.
The other bounds only keep a run finite (see NOTES.md, "Bounds").
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from simcli.games.schema import Bool, Int, List, Map, Str, Table, Tagged, check_names, strings

LETTERS = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
MEMBERS = ("editor", "designer", "photographer", "treasurer")
MAX_SIDE = 8          # photo / Wildcat Way grid rows and columns
MAX_CARDS = 200       # cards of one kind a designer may list
NAME = Str(nonempty=True, doc="name")
EFFECT = Str(max_len=40, doc="sig, token:T, track:C, tile1, draw:K, faceup:K or \"\"")
EFFECTS = List(EFFECT, 0, 8)
POINTS = Int(0, 100, doc="points")
SEATS = ("1", "2", "3", "4")

TEACHER_SCORE = Tagged("kind", {
    "per_student": Table({"points": POINTS}),
    "per_student_with_all": Table({"tokens": List(Str(), 1, 5), "points": POINTS}),
    "per_pair_icon": Table({"club": Str(), "points": POINTS}),
    "per_seq_pair": Table({"points": POINTS}),
})
TILE_SCORE = Tagged("kind", {
    "students_with_distinct_tokens": Table({"n": Int(1, 5), "points": POINTS}),
    "superlative_tokens": Table({"token": Str(), "points": POINTS}),
    "distinct_matches": Table({"table": List(POINTS, 1, 16)}),
    "classes_with_token_students": Table({"token": Str(), "n": Int(1, 10), "points": POINTS}),
    "flat": Table({"points": POINTS}),
    "per_two_tokens": Table({"token": Str()}),
})


def _objective(**extra) -> Table:
    return Table({"name": NAME, "type": Str(), "set": Str(), **extra,
                  "min": Int(0, 100), "t1": Int(0, 100), "t2": Int(0, 100)}, optional=("set",))


_token = Str()
_n = Int(0, 10)
OBJECTIVE = Tagged("measure", {
    "students_with_token_in_class": _objective(token=_token),
    "tokens_in_row": _objective(token=_token),
    "tokens_in_column": _objective(token=_token),
    "connected_students_with_token": _objective(token=_token),
    "students_with_n_tokens": _objective(token=_token, n=_n),
    "full_classes": _objective(n=_n),
    "tokens_adjacent_teacher": _objective(token=_token),
    "tokens_adjacent_token": _objective(token=_token, other=_token),
    "alpha_runs": _objective(n=_n),
    "students_with_distinct_tokens": _objective(n=_n),
    "largest_class": _objective(),
})

SLOT = Str(("student", "teacher", "staff", "tile:A", "tile:B", "tile:C", "tile:D"))

SCHEMA = Table({
    "start_signatures": Map(List(Int(0, 50), 1, 4), keys=SEATS,
                            doc="starting signatures by turn order"),
    "objective_set": Str(("A", "B", "C", "D", "random"), doc="objective cards in play"),
    "objective_mode": Str(("standard", "casual"), doc="how objectives score"),
    "objective_threshold": Str(("min", "t1", "t2"), doc="which number qualifies"),
    "casual_points": Int(0, 100, doc="casual mode: points to each player at MIN"),
    "objective_points": Map(List(POINTS, 1, 4), keys=SEATS[1:],
                            doc="objective points by place"),
    "half_icons": Bool(doc="half-icons on teachers and students count"),
    "school_entrance": Bool(doc="the School Entrance is in play"),
    "solo_difficulty": Str(("easy", "normal", "hard"), doc="solo: Ed's difficulty"),
    "solo_extra_abc": Bool(doc="solo: you take Ed's ABC token"),
    "solo_points": Table({"win": POINTS, "lose": POINTS}, doc="solo points"),
    "start_teacher": Bool(doc="each player starts with a teacher in the top left"),
    "start_students": Int(0, 4, doc="students dealt and placed at setup"),
    "janitor_spaces": Map(List(Int(0, 2), 0, 5), keys=("2", "3"),
                          doc="janitor cost spaces in flip order (one per location)"),
    "staff_points": List(POINTS, 1, 11, doc="points by number of staff club icons"),
    "track_top_points": POINTS,
    "half_points": POINTS,
    "tile1_points": POINTS,
    "abc_points": POINTS,
    "signatures_per_point": Int(1, 50, doc="signatures per end-game point"),
    "space_costs": List(Int(0, 10), length=3,
                        doc="signature costs of a location's 3 team member spaces"),
    "provisional": Map(Str(), doc="why each top-level value is provisional"),
    "board": Table({
        "rounds": Int(1, 10, doc="rounds"),
        "turns_per_round": Int(1, 10, doc="turns per player per round"),
        "photo_rows": Int(3, MAX_SIDE, doc="class photo rows"),
        "photo_cols": Int(3, MAX_SIDE, doc="class photo columns"),
        "grid_rows": Int(2, MAX_SIDE, doc="Wildcat Way grid rows"),
        "grid_cols": Int(2, MAX_SIDE, doc="Wildcat Way grid columns"),
        "storage": Int(0, 10, doc="storage spaces"),
        "max_tokens": Int(1, 10, doc="tokens a student holds"),
        "staff_slots": Int(0, 10, doc="staff spaces"),
        "abc_tokens": Int(0, 5, doc="ABC tokens per player"),
        "tile1_count": Int(0, 100, doc="1-point tiles in the supply"),
        "draw_count": Int(1, 10, doc="cards a draw effect shows"),
        "clubs": List(Str(nonempty=True), length=6),
        "tokens": List(Str(nonempty=True), length=5),
        "members": List(Str(MEMBERS), length=4),
    }),
    "location": List(Table({"name": NAME, "club": Str(), "token": Str(),
                            "display": List(SLOT, 1, 8)}), length=5),
    "entrance": Table({"club": Str(), "token": Str(), "effects": EFFECTS},
                      optional=("club", "token", "effects")),
    "tracks": Table({"length": Int(1, 12, doc="club track spots")},
                    extra=List(EFFECT, 0, 12)),
    "completion": Table({"rows": List(EFFECTS, 1, MAX_SIDE), "side_a": List(EFFECTS, 1, MAX_SIDE),
                         "side_b": List(EFFECTS, 1, MAX_SIDE)}),
    "grid": Table({"icons": List(EFFECT, 1, MAX_SIDE * MAX_SIDE),
                   "halves": Table({k: Str() for k in ("top", "bottom", "left", "right")})}),
    "student": List(Table({"name": NAME, "letter": Str(LETTERS), "left": Str(),
                           "right": Str()}), 1, MAX_CARDS),
    "teacher": List(Table({"name": NAME, "icon": Str(), "score": TEACHER_SCORE}), 1, MAX_CARDS),
    "staff": List(Table({"name": NAME, "club": Str(), "effects": EFFECTS}), 1, MAX_CARDS),
    "tile": List(Table({"name": NAME, "stack": Str(("A", "B", "C", "D")),
                        "width": Int(1, MAX_SIDE), "height": Int(1, MAX_SIDE),
                        "student": Bool(), "effects": EFFECTS, "score": TILE_SCORE},
                       optional=("score", "student", "effects")), 1, MAX_CARDS),
    "objective": List(OBJECTIVE, 6, MAX_CARDS),
    "solo_location": List(Table({**{m: Str() for m in MEMBERS}, "x": Str()}), 1, 50),
    "solo_choice": List(Table({"items": List(Str(("student", "teacher", "staff", "tile")),
                                             length=5),
                               "back": List(Str(MEMBERS), length=4)}), 1, 50),
}, optional=("objective_set", "objective_mode", "objective_threshold", "casual_points",
             "half_icons", "school_entrance", "solo_difficulty", "solo_extra_abc",
             "solo_points", "start_teacher", "start_students", "janitor_spaces",
             "staff_points", "track_top_points", "half_points", "tile1_points", "abc_points",
             "signatures_per_point", "space_costs", "provisional", "entrance"))


def check_references(data: Mapping[str, Any]) -> None:
    """Every club and token named by a card, track or effect is one of board.clubs/tokens."""
    board = data["board"]
    clubs: list[tuple[str, Any]] = []
    tokens: list[tuple[str, Any]] = []
    for key, text in strings({k: v for k, v in data.items() if k != "provisional"}):
        head, sep, arg = text.partition(":")
        if sep and head == "track":
            clubs.append((key, arg))
        elif sep and head == "token" and arg != "any":
            tokens.append((key, arg))
    for i, loc in enumerate(data["location"]):
        clubs.append((f"location[{i}].club", loc["club"]))
        tokens.append((f"location[{i}].token", loc["token"]))
    for i, s in enumerate(data["student"]):
        clubs += [(f"student[{i}].left", s["left"]), (f"student[{i}].right", s["right"])]
    for i, t in enumerate(data["teacher"]):
        clubs.append((f"teacher[{i}].icon", t["icon"]))
        sc = t["score"]
        if "club" in sc:
            clubs.append((f"teacher[{i}].score.club", sc["club"]))
        tokens += [(f"teacher[{i}].score.tokens[{j}]", x) for j, x in
                   enumerate(sc.get("tokens", ()))]
    clubs += [(f"staff[{i}].club", s["club"]) for i, s in enumerate(data["staff"])]
    tokens += [(f"tile[{i}].score.token", t["score"]["token"]) for i, t in
               enumerate(data["tile"]) if "token" in t.get("score", {})]
    for i, o in enumerate(data["objective"]):
        clubs.append((f"objective[{i}].type", o["type"]))
        tokens += [(f"objective[{i}].{k}", o[k]) for k in ("token", "other") if k in o]
    entrance = data.get("entrance", {})
    if "club" in entrance:
        clubs.append(("entrance.club", entrance["club"]))
    if entrance.get("token", "any") != "any":
        tokens.append(("entrance.token", entrance["token"]))
    clubs += [(f"grid.halves.{k}", v) for k, v in data["grid"]["halves"].items()]
    clubs += [(f"tracks.{k}", k) for k in data["tracks"]
              if k != "length" and not k.endswith("provisional") and k != "provisional"]
    check_names("board.clubs", board["clubs"], clubs)
    check_names("board.tokens", board["tokens"], tokens)

"""Validate a VGHS data dict (data.toml, maybe overridden) and compile it into ``Rules``.

Everything a game needs at run time is precomputed here once per run: skill indices,
location table, effect steps as tuples.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from simcli.engine import RulesError

SKILLS = ("FPS", "Fighting", "Racing", "Rhythm", "RTS", "Wild")
WILD = 5
N_FACES = 6
DICE = 5                # skill dice per player (rulebook)
STANDEES = 3            # standees per player (rulebook)
HAND = 3                # power-up cards per character (rulebook)
START_RANK = 50         # every rank token starts on 50, which is also the floor
N_VIDEO_GAMES = 5
N_CLASSES = 5
N_CHALLENGES = 10
N_CHARACTERS = 6

# location kinds
VIDEO_GAME, GTA, KOJIMA, CAFETERIA, CLASS, OFFICE = range(6)

ABILITIES = ("change_die", "extra_reroll", "score_bonus", "start_tokens", "challenge_bonus",
             "class_discount")
OPS = ("skills", "rank", "gain_temp", "gain_perm", "lose_temp", "lose_perm", "discard_hand",
       "change_die", "reset_high_score", "take_first_player")

INT_KEYS = {
    "rerolls": 0, "cafeteria_capacity": 0, "cafeteria_activations": 0, "gta_capacity": 0,
    "gta_activations": 0, "kojima_capacity": 0, "kojima_activations": 0,
    "class_capacity": 0, "class_activations": 1, "class_temp_cost": 1, "class_perm_cost": 1,
    "office_capacity": 0, "skill_tokens_per_type": 0, "wild_skill_tokens": 0,
    "bonus_tokens": 0,
}
BOOL_KEYS = ("class_dice_any_face", "first_player_location")
TABLE_KEYS = ("provisional", "location_names", "video_games", "classes", "characters",
              "power_ups", "challenges")
ASSIGNMENTS = ("random", "draft", "fixed")


@dataclass(frozen=True, slots=True)
class Location:
    kind: int
    name: str
    capacity: int
    activations: int
    skill: int = -1       # video game / class skill
    index: int = -1       # video game index


@dataclass(frozen=True, slots=True)
class Character:
    name: str
    ability: str
    amount: int
    skill: int
    cards: tuple          # power-up card indices


@dataclass(frozen=True, slots=True)
class Card:
    name: str
    character: str
    effect: tuple         # effect steps
    symbols: tuple        # (skill, n) pairs of its `skills` steps
    always: bool          # a step that changes something wherever the card is played


@dataclass(frozen=True, slots=True)
class Challenge:
    name: str
    needed: tuple         # count per skill 0..4
    victory: tuple
    game_over: tuple


@dataclass(frozen=True, slots=True)
class Rules:
    n_players: int
    params: Mapping[str, Any]
    locations: tuple
    video_games: tuple    # location indices of the video games
    characters: tuple
    cards: tuple
    challenges: tuple
    supply: tuple         # starting supply per token type (6, Wild last)
    total_capacity: int
    all_locations: tuple  # indices of every location


def _skill(value, key: str, *, wild: bool = True, any_ok: bool = False) -> int:
    if any_ok and value == "any":
        return -1
    allowed = SKILLS if wild else SKILLS[:WILD]
    if value not in allowed:
        extra = ', "any"' if any_ok else ""
        raise RulesError(key, f"unknown skill {value!r}; choose one of "
                         f"{', '.join(repr(s) for s in allowed)}{extra}")
    return SKILLS.index(value)


def _int(value, key: str, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(key, f"must be an integer, not {value!r}")
    if value < low:
        raise RulesError(key, f"must be at least {low}, not {value}")
    return value


def _table(data: Mapping, key: str, count: int | None) -> list:
    items = data.get(key)
    if not isinstance(items, list) or not all(isinstance(x, Mapping) for x in items):
        raise RulesError(key, "must be an array of tables ([[" + key + "]])")
    if count is not None and len(items) != count:
        raise RulesError(key, f"needs exactly {count} entries, found {len(items)}")
    return items


def _name(item: Mapping, key: str) -> str:
    name = item.get("name")
    if not isinstance(name, str) or not name:
        raise RulesError(f"{key}.name", "must be a non-empty string")
    return name


def _effect(steps, key: str, *, symbols_ok: bool) -> tuple:
    if not isinstance(steps, list):
        raise RulesError(key, "must be an array of steps like {op = \"rank\", n = 2}")
    out = []
    for i, step in enumerate(steps):
        k = f"{key}[{i}]"
        if not isinstance(step, Mapping) or step.get("op") not in OPS:
            raise RulesError(k, f"op must be one of {', '.join(OPS)}")
        op = step["op"]
        allowed = {"op"}
        if op == "skills":
            if not symbols_ok:
                raise RulesError(k, "skill symbols only exist on power-up cards")
            out.append((op, _skill(step.get("skill"), f"{k}.skill"), _int(step.get("n"),
                                                                            f"{k}.n", 1)))
            allowed |= {"skill", "n"}
        elif op == "rank":
            n = step.get("n")
            if isinstance(n, bool) or not isinstance(n, int) or n == 0:
                raise RulesError(f"{k}.n", "must be a non-zero integer")
            out.append((op, n))
            allowed |= {"n"}
        elif op in ("gain_temp", "gain_perm"):
            skill = _skill(step.get("skill"), f"{k}.skill", wild=True, any_ok=True)
            out.append((op, skill, _int(step.get("n"), f"{k}.n", 1)))
            allowed |= {"skill", "n"}
        elif op in ("lose_temp", "lose_perm", "change_die"):
            out.append((op, _int(step.get("n"), f"{k}.n", 1)))
            allowed |= {"n"}
        else:
            out.append((op,))
        extra = sorted(set(step) - allowed)
        if extra:
            raise RulesError(f"{k}.{extra[0]}", f"unknown field for op {op!r}")
    return tuple(out)


def compile_rules(data: Mapping[str, Any], n_players: int) -> Rules:
    known = set(INT_KEYS) | set(BOOL_KEYS) | set(TABLE_KEYS) | {"character_assignment"}
    for key in data:
        if key not in known:
            raise RulesError(key, "unknown key; valid keys: " + ", ".join(sorted(known)))
    params: dict[str, Any] = {}
    for key, low in INT_KEYS.items():
        if key not in data:
            raise RulesError(key, "missing")
        params[key] = _int(data[key], key, low)
    for key in BOOL_KEYS:
        if not isinstance(data.get(key), bool):
            raise RulesError(key, "must be true or false")
        params[key] = data[key]
    assign = data.get("character_assignment")
    if assign not in ASSIGNMENTS:
        raise RulesError("character_assignment", f"must be one of {', '.join(ASSIGNMENTS)}")
    params["character_assignment"] = assign
    if params["class_perm_cost"] > DICE or params["class_temp_cost"] > DICE:
        raise RulesError("class_perm_cost", f"a class price cannot exceed {DICE} dice")

    names = data.get("location_names", {})
    if not isinstance(names, Mapping):
        raise RulesError("location_names", "must be a table")

    def lname(key: str, default: str) -> str:
        value = names.get(key, default)
        if not isinstance(value, str):
            raise RulesError(f"location_names.{key}", "must be a string")
        return value

    locations: list[Location] = []
    games = _table(data, "video_games", N_VIDEO_GAMES)
    for i, g in enumerate(games):
        locations.append(Location(VIDEO_GAME, _name(g, f"video_games[{i}]"), 1, 1,
                                  _skill(g.get("skill"), f"video_games[{i}].skill", wild=False),
                                  i))
    video_games = tuple(range(len(locations)))
    p = params
    locations.append(Location(GTA, lname("gta", "Grand Theft Auditorium"), p["gta_capacity"],
                              p["gta_activations"]))
    locations.append(Location(KOJIMA, lname("kojima", "Kojima Quad"), p["kojima_capacity"],
                              p["kojima_activations"]))
    locations.append(Location(CAFETERIA, lname("cafeteria", "Cafeteria"),
                              p["cafeteria_capacity"], p["cafeteria_activations"]))
    for i, c in enumerate(_table(data, "classes", N_CLASSES)):
        locations.append(Location(CLASS, _name(c, f"classes[{i}]"), p["class_capacity"],
                                  p["class_activations"],
                                  _skill(c.get("skill"), f"classes[{i}].skill", wild=False)))
    if p["first_player_location"]:
        locations.append(Location(OFFICE, lname("office", "Principal's Office"),
                                  p["office_capacity"], 1))
    locations = [loc for loc in locations if loc.capacity > 0]
    total = sum(loc.capacity for loc in locations)
    if total < STANDEES * n_players:
        raise RulesError("gta_capacity", f"locations hold {total} standees in all; "
                         f"{n_players} players place {STANDEES * n_players} each round")

    cards: list[Card] = []
    for i, c in enumerate(_table(data, "power_ups", None)):
        key = f"power_ups[{i}]"
        effect = _effect(c.get("effect"), f"{key}.effect", symbols_ok=True)
        if not isinstance(c.get("character"), str):
            raise RulesError(f"{key}.character", "must name a character")
        symbols = tuple((s[1], s[2]) for s in effect if s[0] == "skills")
        always = any(step[0] not in ("skills", "take_first_player", "reset_high_score",
                                     "change_die") for step in effect)
        cards.append(Card(_name(c, key), c["character"], effect, symbols, always))

    names = [c.get("name") for c in _table(data, "characters", N_CHARACTERS)]
    strays = [card.character for card in cards if card.character not in names]
    for i, name in enumerate(names):
        if strays and not any(card.character == name for card in cards):
            raise RulesError(f"characters[{i}].name", f"no power-up card belongs to {name!r} "
                             f"(a card names {strays[0]!r})")
    for i, card in enumerate(cards):
        if card.character not in names:
            raise RulesError(f"power_ups[{i}].character", f"unknown character {card.character!r}")
    held = {name: sum(card.character == name for card in cards) for name in names}
    wrong = [f"{name} {k}" for name, k in held.items() if k != HAND]
    if wrong:
        raise RulesError("power_ups", f"each character has exactly {HAND} power-up cards, "
                         f"found: {', '.join(wrong)}")
    characters: list[Character] = []
    for i, c in enumerate(_table(data, "characters", N_CHARACTERS)):
        key = f"characters[{i}]"
        name = _name(c, key)
        if c.get("ability") not in ABILITIES:
            raise RulesError(f"{key}.ability", f"must be one of {', '.join(ABILITIES)}")
        amount = _int(c.get("amount", 1), f"{key}.amount", 1)
        skill = -1
        if c["ability"] in ("score_bonus", "start_tokens"):
            skill = _skill(c.get("skill"), f"{key}.skill", wild=False)
        own = tuple(j for j, card in enumerate(cards) if card.character == name)
        if len(own) != HAND:
            raise RulesError(f"{key}.name", f"{name} needs exactly {HAND} power-up cards, "
                             f"found {len(own)}")
        characters.append(Character(name, c["ability"], amount, skill, own))
    known_chars = {c.name for c in characters}
    for i, card in enumerate(cards):
        if card.character not in known_chars:
            raise RulesError(f"power_ups[{i}].character", f"unknown character {card.character!r}")

    challenges = []
    for i, c in enumerate(_table(data, "challenges", None)):
        key = f"challenges[{i}]"
        needed = c.get("needed")
        if not isinstance(needed, Mapping) or not needed:
            raise RulesError(f"{key}.needed", "must be a table like {FPS = 2, RTS = 1}")
        counts = [0] * WILD
        for skill, n in needed.items():
            counts[_skill(skill, f"{key}.needed", wild=False)] = _int(n, f"{key}.needed.{skill}",
                                                                       1)
        challenges.append(Challenge(_name(c, key), tuple(counts),
                                    _effect(c.get("victory"), f"{key}.victory",
                                            symbols_ok=False),
                                    _effect(c.get("game_over"), f"{key}.game_over",
                                            symbols_ok=False)))
    if not challenges:
        raise RulesError("challenges", "needs at least one challenge card")

    supply = (p["skill_tokens_per_type"],) * WILD + (p["wild_skill_tokens"],)
    return Rules(n_players, params, tuple(locations), video_games, tuple(characters),
                 tuple(cards), tuple(challenges), supply, total, tuple(range(len(locations))))

"""The shape and bounds of VGHS data (data.toml, ``--set``, scenario ``[rules]``).

Checked by :func:`simcli.games.schema.validate` before ``ruleset.compile_rules`` runs.
Bounds that come from the components are named after them (5 skill dice, 3 standees and
3 power-ups per player, a rank track from 50 to 1); the others only keep a run finite.
"""
from __future__ import annotations

from simcli.games.schema import Bool, Int, List, Map, Str, Table, Tagged

from .ruleset import ABILITIES, ASSIGNMENTS, DICE, N_CHARACTERS, N_CLASSES, N_VIDEO_GAMES, SKILLS

MAX_PLAYERS = 4
STANDEES_IN_PLAY = 3 * MAX_PLAYERS      # 12 standees: a location never holds more
RANK_STEPS = 49                         # rank track 50..1
MAX_TOKENS = 100                        # skill / bonus token piles (the box has 50 and 20)
MAX_N = 10                              # tokens, symbols or dice one effect step moves
MAX_CARDS = 60                          # power-up / challenge cards

SKILL = Str(SKILLS, doc="a skill")
PLAIN_SKILL = Str(SKILLS[:5], doc="a skill other than Wild")
NAME = Str(nonempty=True, doc="name")


def _step_variants(symbols: bool) -> dict[str, Table]:
    n = Int(1, MAX_N, doc="how many")
    out = {
        "rank": Table({"n": Int(-RANK_STEPS, RANK_STEPS, nonzero=True, doc="rank gained "
                                "(negative: lost)")}),
        "gain_temp": Table({"skill": Str((*SKILLS, "any")), "n": n}),
        "gain_perm": Table({"skill": Str((*SKILLS, "any")), "n": n}),
        "lose_temp": Table({"n": n}),
        "lose_perm": Table({"n": n}),
        "discard_hand": Table({}),
        "change_die": Table({"n": Int(1, DICE, doc="dice changed")}),
        "reset_high_score": Table({}),
        "take_first_player": Table({}),
    }
    if symbols:
        out = {"skills": Table({"skill": SKILL, "n": n}), **out}
    return out


CARD_STEP = Tagged("op", _step_variants(symbols=True))
CHALLENGE_STEP = Tagged("op", _step_variants(symbols=False))

_amount = Int(1, 10, doc="size of the ability")
CHARACTER = Tagged("ability", {
    "change_die": Table({"name": NAME, "amount": Int(1, DICE)}, optional=("amount",)),
    "extra_reroll": Table({"name": NAME, "amount": _amount}, optional=("amount",)),
    "score_bonus": Table({"name": NAME, "skill": PLAIN_SKILL, "amount": _amount},
                         optional=("amount",)),
    "start_tokens": Table({"name": NAME, "skill": PLAIN_SKILL, "amount": _amount},
                          optional=("amount",)),
    "challenge_bonus": Table({"name": NAME, "amount": Int(1, RANK_STEPS)},
                             optional=("amount",)),
    "class_discount": Table({"name": NAME, "amount": Int(1, DICE - 1)}, optional=("amount",)),
})
assert tuple(CHARACTER.variants) == ABILITIES


def _capacity(what: str) -> Int:
    return Int(0, STANDEES_IN_PLAY, doc=f"standees {what} holds (0 removes it)")


SCHEMA = Table({
    "rerolls": Int(0, 10, doc="rerolls of any subset of the dice after the roll"),
    "cafeteria_capacity": _capacity("the Cafeteria"),
    "cafeteria_activations": Int(0, 20, doc="dice one Cafeteria placement may change"),
    "gta_capacity": _capacity("Grand Theft Auditorium"),
    "gta_activations": Int(0, 10, doc="challenge victories one GTA placement may gain"),
    "kojima_capacity": _capacity("Kojima Quad"),
    "kojima_activations": Int(0, 10, doc="power-ups one Kojima Quad placement returns"),
    "class_capacity": _capacity("each class"),
    "class_activations": Int(1, 20, doc="skill tokens one class placement may buy"),
    "class_temp_cost": Int(1, DICE, doc="dice per temporary skill token at a class"),
    "class_perm_cost": Int(1, DICE, doc="dice per permanent skill token at a class"),
    "class_dice_any_face": Bool(doc="any die pays at a class (else class skill or Wild)"),
    "first_player_location": Bool(doc="the Principal's Office takes the first player token"),
    "office_capacity": _capacity("the Principal's Office"),
    "skill_tokens_per_type": Int(0, MAX_TOKENS, doc="skill tokens of each type in the supply"),
    "wild_skill_tokens": Int(0, MAX_TOKENS, doc="Wild skill tokens in the supply"),
    "bonus_tokens": Int(0, MAX_TOKENS, doc="bonus point tokens in the pile"),
    "character_assignment": Str(ASSIGNMENTS, doc="how characters are chosen"),
    "provisional": Map(Str(), doc="why each top-level value is provisional"),
    "location_names": Table({k: Str(nonempty=True) for k in ("gta", "kojima", "cafeteria",
                                                              "office")},
                            optional=("gta", "kojima", "cafeteria", "office")),
    "video_games": List(Table({"name": NAME, "skill": PLAIN_SKILL}), length=N_VIDEO_GAMES,
                        doc="the video game locations"),
    "classes": List(Table({"name": NAME, "skill": PLAIN_SKILL}), length=N_CLASSES,
                    doc="the class locations"),
    "characters": List(CHARACTER, length=N_CHARACTERS, doc="characters and abilities"),
    "power_ups": List(Table({"name": NAME, "character": Str(nonempty=True),
                             "effect": List(CARD_STEP, 1, 10)}), 1, MAX_CARDS,
                      doc="power-up cards (3 per character)"),
    "challenges": List(Table({"name": NAME,
                              "needed": Map(Int(1, 20), keys=SKILLS[:5], max_keys=5),
                              "victory": List(CHALLENGE_STEP, 0, 10),
                              "game_over": List(CHALLENGE_STEP, 0, 10)}), 1, MAX_CARDS,
                       doc="challenge cards"),
})

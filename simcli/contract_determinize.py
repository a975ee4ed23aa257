"""Contract checks of ``Game.determinize`` (used by the test suite; any game can run them).

Each check takes a game, a state and a player and raises ``AssertionError`` with a
reason. ``plain`` turns a view (or a state) into nested tuples so two can be compared;
``CENSUS`` gives, for the shipped games, every component zone of a state, so a copy can
be checked to hold the same components (public facts respected, counts conserved).
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

__all__ = ["CENSUS", "check_copies_of_copies", "check_copy_plays_to_end", "copy_costs",
           "check_hidden_varies",
           "check_same_rng_same_copy", "check_view_kept", "check_zones", "plain",
           "random_midgame"]

_SKIP = ("rules", "log", "views", "gen", "rng0", "checkpoint", "checkpointing",
         "origin", "history")


def plain(obj, skip_rng: bool = True, _depth: int = 0):
    """Nested tuples of an object's data (slots, dicts, lists), without compiled rules,
    logs, caches or (``skip_rng``) RNGs."""
    if _depth > 12:
        return "..."
    if obj is None or isinstance(obj, int | float | str | bool):
        return obj
    if isinstance(obj, random.Random):
        return None if skip_rng else obj.getstate()
    if isinstance(obj, dict):
        return tuple(sorted(((repr(k), plain(v, skip_rng, _depth + 1))
                             for k, v in obj.items()), key=repr))
    if isinstance(obj, list | tuple):
        return tuple(plain(v, skip_rng, _depth + 1) for v in obj)
    if isinstance(obj, set | frozenset):
        return tuple(sorted(plain(v, skip_rng, _depth + 1) for v in obj))
    names = getattr(type(obj), "__slots__", None) or list(getattr(obj, "__dict__", {}))
    return (type(obj).__name__,) + tuple(
        (n, plain(getattr(obj, n, None), skip_rng, _depth + 1))
        for n in names if n not in _SKIP)


def random_midgame(game, n: int, rules, seed: int, steps: int):
    """A state after up to ``steps`` random legal actions (from ``seed``)."""
    state = game.setup(n, rules, random.Random(seed))
    rng = random.Random(seed + 1_000_003)
    for _ in range(steps):
        d = game.decision(state)
        if d is None:
            break
        game.apply(state, d.options[rng.randrange(len(d.options))])
    return state


def check_view_kept(game, state, player: int, copy) -> None:
    """The player's view of the copy equals their view of the original."""
    a = plain(game.view(state, player))
    b = plain(game.view(copy, player))
    assert a == b, f"{game.name}: the view of player {player} changed in the copy"


def check_same_rng_same_copy(game, state, player: int, seed: int) -> None:
    """The same rng seed gives the same copy (search needs common random numbers)."""
    a = game.determinize(state, player, random.Random(seed))
    b = game.determinize(state, player, random.Random(seed))
    assert plain(a, skip_rng=False) == plain(b, skip_rng=False), \
        f"{game.name}: determinize is not a function of its rng"


def check_hidden_varies(game, state, player: int, seeds=range(6)) -> bool:
    """Copies from different rngs have different RNGs; returns whether any other hidden
    part differed too (a state may have nothing else hidden left)."""
    copies = [game.determinize(state, player, random.Random(s)) for s in seeds]
    rngs = {repr(plain(c.rng, skip_rng=False)) for c in copies}
    assert len(rngs) == len(copies), f"{game.name}: the copy's RNG is not reseeded"
    parts = {repr(plain(c)) for c in copies}
    return len(parts) > 1


def check_zones(name: str, state, copy) -> None:
    """The copy holds the same components as the original (same multiset over all
    zones, same size per zone), public zones (named ``=...``) are unchanged, and no
    component sits in two zones at once."""
    census = CENSUS.get(name)
    if census is None:
        return
    za, zb = census(state), census(copy)
    assert list(za) == list(zb)
    for zone in za:
        assert len(za[zone]) == len(zb[zone]), f"{name}: zone {zone} changed size"
        if zone.startswith("="):
            assert sorted(za[zone]) == sorted(zb[zone]), f"{name}: public {zone} changed"
    ca = Counter(x for k, zone in za.items() if not k.startswith("=") for x in zone)
    cb = Counter(x for k, zone in zb.items() if not k.startswith("=") for x in zone)
    assert ca == cb, f"{name}: components not conserved"
    if ca and max(ca.values()) == 1:   # unique components: never in two zones
        assert max(cb.values()) == 1, f"{name}: a component sits in two zones"


def check_copy_plays_to_end(game, copy, seed: int) -> None:
    """Random legal play on the copy reaches the end and a well-formed result."""
    rng = random.Random(seed)
    steps = 0
    while (d := game.decision(copy)) is not None:
        assert d.options, "a decision without options"
        game.apply(copy, d.options[rng.randrange(len(d.options))])
        steps += 1
        assert steps <= game.max_decisions
    res = game.result(copy)
    assert abs(sum(res.win_shares) - 1) < 1e-9


def check_copies_of_copies(game, state, player: int, seed: int, steps: int = 40) -> None:
    """For a game with ``determinize_copies`` (a rollout's bots look ahead on the
    rollout's copy): a determinized copy, played on for up to ``steps`` random actions,
    can be cloned (the clone equals it, RNG included, and plays on as it does, itself
    cloned again on the way) and determinized again (the next player's view kept). The
    original is left as it was."""
    before = plain(state, skip_rng=False)
    rng = random.Random(seed)
    copy = game.determinize(state, player, random.Random(seed))
    for _ in range(rng.randrange(steps + 1)):
        d = game.decision(copy)
        if d is None:
            break
        game.apply(copy, d.options[rng.randrange(len(d.options))])
    d = game.decision(copy)
    if d is not None:
        again = game.determinize(copy, d.player, random.Random(seed + 1))
        check_view_kept(game, copy, d.player, again)
        check_zones(game.name, copy, again)
        copy = again
    twin = game.clone(copy)
    assert plain(twin, skip_rng=False) == plain(copy, skip_rng=False), \
        f"{game.name}: the clone of a determinized copy differs from it"
    play = random.Random(seed + 2)
    while (d := game.decision(copy)) is not None:
        i = play.randrange(len(d.options))
        game.apply(copy, d.options[i])
        game.apply(twin, game.decision(twin).options[i])
        if play.random() < 0.05:
            twin = game.clone(twin)
    assert game.decision(twin) is None and game.result(twin) == game.result(copy), \
        f"{game.name}: the clone of a determinized copy plays on differently"
    assert plain(state, skip_rng=False) == before, f"{game.name}: the original changed"


# ----------------------------------------------------------------------- census
def _vghs(s) -> dict:
    zones = {"challenge deck": list(s.deck), "challenge up": [s.challenge]}
    for p in range(s.n):
        zones[f"hand {p}"] = [("card", c) for c in s.hand[p]]
        zones[f"played {p}"] = [("card", c) for c in s.played[p]]
        zones[f"=hand {p}"] = list(s.hand[p])     # known from the characters' cards
        zones[f"=played {p}"] = list(s.played[p])
        zones[f"=dice {p}"] = [sum(s.dice[p])]
    return zones


def _vgc(s) -> dict:
    zones = {"bag": list(s.bag), "=discard": list(s.discard), "discard": list(s.discard),
             "grid": [t for t in s.grid if t >= 0], "thrill": [t for t in s.thrill if t >= 0],
             "=grid": list(s.grid), "=store": list(s.store),
             "=rental up": s.rental[: s.rental_up],
             "rental": [("g", g) for g in s.rental], "store deck": [("g", g) for g in
                                                                     s.store_deck],
             "store": [("g", g) for g in s.store], "box": [("g", g) for g in s.box_cards],
             "mag deck": [("m", m) for m in s.mag_deck],
             "=crystal bag": list(s.crystal_bag), "=hidden crystals": list(s.hidden_crystal)}
    for pl in s.players:
        zones[f"tiles {pl.seat}"] = list(pl.tiles)
        zones[f"presents {pl.seat}"] = [("g", g) for g in pl.presents]
    return zones


def _class89(s) -> dict:
    zones = {}
    for kind in sorted(s.decks):
        zones[f"deck {kind}"] = [(kind, c) for c in s.decks[kind]]
        zones[f"discard {kind}"] = [(kind, c) for c in s.discards[kind]]
        zones[f"=discard {kind}"] = list(s.discards[kind])
    for q, hand in enumerate(s.hands):
        zones[f"hand {q}"] = [("student", c) for c in hand]
    return zones


def _lovebattle(s) -> dict:
    zones = {"plot deck": [("pp", i) for i in s.pp_deck],
             "plot up": [("pp", i) for i in s.face_up],
             "plot cashed": [("pp", i) for i in s.pp_discard],
             "meddling deck": [("m", i) for i in s.med_deck],
             "meddling out": [("m", i) for i in s.med_discard],
             "=plot up": list(s.face_up), "=votes cast": [v is not None for v in s.votes]}
    for g in range(5):
        zones[f"deck {g}"] = list(s.decks[g])
        zones[f"discard {g}"] = list(s.discards[g])
        zones[f"=discard {g}"] = list(s.discards[g])
    for p in range(s.n):
        zones[f"hand {p}"] = list(s.hands[p])
        zones[f"held {p}"] = [("pp", i) for i in s.held[p]]
        zones[f"=held {p}"] = list(s.held[p])
        zones[f"=hand {p} by girl"] = [s.rules.card_girl[k] for k in s.hands[p]]
    return zones


#: game name -> state -> {zone: components}
CENSUS: dict[str, Callable] = {"vghs": _vghs, "vgc": _vgc, "class89": _class89,
                               "lovebattle": _lovebattle}


def copy_costs(game, n: int, rules=None, points: int = 8, repeat: int = 20) -> dict:
    """Mean seconds of one ``clone`` and one ``determinize`` over random mid-game states
    (for ``simcli bench``): copies cost time in proportion to the state, not the game."""
    import time

    rules = rules if rules is not None else game.make_rules(game.default_data(), n)
    states = []
    for k in range(points):
        st = random_midgame(game, n, rules, 1000 + k, 20 + 40 * k)
        d = game.decision(st)
        if d is not None:
            states.append((st, d.player))
    for st, _ in states:     # warm up (Love Battle's first clone replays the game)
        game.clone(st)
    t0 = time.perf_counter()
    for _ in range(repeat):
        for st, _ in states:
            game.clone(st)
    t1 = time.perf_counter()
    rng = random.Random(0)
    for _ in range(repeat):
        for st, p in states:
            game.determinize(st, p, rng)
    t2 = time.perf_counter()
    k = max(1, repeat * len(states))
    return {"clone_seconds": (t1 - t0) / k, "determinize_seconds": (t2 - t1) / k,
            "states": len(states)}

"""Shared steps of Love Battle's rules: building decisions, Love, Ki, cards, Conditions."""
from __future__ import annotations

from simcli.engine import Decision
from simcli.games.rand import shuffle  # noqa: F401 - the rules modules import it from here

from .state import State

# a Decision built by tuple.__new__: the same named tuple without its Python-level
# __new__ (half the cost; the games build one per decision)
_new_tuple = tuple.__new__


def decide(player: int, kind: str, options: tuple) -> Decision:
    """The Decision ``(player, kind, options)``; options are never empty."""
    if not options:
        raise ValueError(f"decision {kind!r} for player {player} has no options")
    return _new_tuple(Decision, (player, kind, options))


END = ("end",)

PASS = ("pass",)

ACT_FIRST = ("act_first",)

ROOM = ("room",)

NO_ACTION = ("no_action",)


def say(st: State, text: str) -> None:
    if st.log is not None:
        st.log.append(text)


def refresh_modifiers(st: State) -> None:
    R = st.rules
    move, test, free, extra, flirt = R.hero_moves, 0, False, 0, 0
    no_kick = no_sed = no_draw = False
    effects = []
    if st.meddling >= 0:
        m = R.meddling[st.meddling]
        effects.append((m.effect, m.value))
    if st.condition >= 0:
        c = R.conditions[st.condition]
        effects.append((c.effect, c.value))
    for effect, value in effects:
        if effect == "move_max":
            move = min(move, value)
        elif effect == "test":
            test += value
        elif effect == "enchant_free":
            free = True
        elif effect == "extra_draw":
            extra += value
        elif effect == "flirting_extra":
            flirt += value
        elif effect == "no_kick":
            no_kick = True
        elif effect == "no_seduction":
            no_sed = True
        elif effect == "no_hero_draw":
            no_draw = True
    st.mod_move, st.mod_test, st.enchant_free, st.extra_draw = max(move, 0), test, free, extra
    st.flirt_extra, st.no_kick, st.no_seduction, st.no_hero_draw = flirt, no_kick, no_sed, no_draw


def gain_condition(st: State, cond: int, player: int):
    """LB-094/095: one Condition at a time; on a second, ``player`` keeps one of the two."""
    if st.condition == cond:
        return
    if st.condition >= 0:
        keep = yield decide(player, "keep_condition", (("keep", st.condition), ("keep", cond)))
        st.condition = keep[1]
    else:
        st.condition = cond
    say(st, f"the Hero has {st.rules.conditions[st.condition].name}")
    refresh_modifiers(st)


DRAWS = tuple(("draw", g) for g in range(5))


def draw_options(st: State) -> tuple:
    d = st.decks
    if d[0] and d[1] and d[2] and d[3] and d[4]:
        return DRAWS
    return tuple(DRAWS[g] for g in range(5) if d[g])


def draw_card(st: State, p: int, g: int) -> None:
    """Draw the top card of Girl g's deck (nothing when it is empty)."""
    deck = st.decks[g]
    if deck:
        st.hands[p].append(deck.pop())


def choose_draws(st: State, p: int, count: int):
    """Draw ``count`` Girl cards, each from a deck of the player's choice."""
    for _ in range(count):
        draws = draw_options(st)
        if not draws:
            return
        g = (yield decide(p, "girl_draw", draws))[1]
        draw_card(st, p, g)


def choose_discards(st: State, p: int, count: int):
    """Discard ``count`` Girl cards of the player's choice (all of them if fewer)."""
    hand = st.hands[p]
    for _ in range(count):
        if not hand:
            return
        k = (yield decide(p, "discard", tuple(("discard", k) for k in sorted(set(hand)))))[1]
        hand.remove(k)
        st.discards[st.rules.cards[k].girl].append(k)


def alone_with_hero(st: State, g: int) -> bool:
    room = st.gloc[g]
    gloc = st.gloc
    return room == st.hero and all(gloc[o] != room for o in range(5) if o != g)


def change_love(st: State, g: int, delta: int, actor: int) -> None:
    """LB-074..076: Love stays within 1..10; the unclamped change counts for Plot Points."""
    if not delta:
        return
    R = st.rules
    new = st.love[g] + delta
    if actor == st.active and actor >= 0:
        st.rec_dirty = True
        if delta > 0:
            st.rec_up[g] += delta
            if new >= R.love_max:
                st.rec_top = True
        else:
            st.rec_down[g] -= delta
    st.love[g] = R.love_min if new < R.love_min else (R.love_max if new > R.love_max else new)
    if st.log is not None:
        st.log.append(f"{R.girls[g]} {delta:+d} Love -> {st.love[g]}")


def gain_ki(st: State, p: int, amount: int) -> None:
    """Take Ki tokens from the supply (LB-010: 55 tokens; none left, none gained)."""
    bank = st.rules.ki_supply - sum(st.ki)
    st.ki[p] += amount if amount <= bank else max(bank, 0)


def hero_reach(st: State) -> tuple:
    return st.rules.hero_move_opts[st.hero][st.mod_move]


def cached_decision(st: State, p: int, kind: str, draws: tuple = ()) -> Decision:
    """The turn / hero_phase / hero_move / girl_draw decisions recur with the same options
    (a Decision is immutable), so they are built once per rules object."""
    key = (p, kind, st.hero, st.mod_move, draws)
    cache = st.rules.decision_cache
    d = cache.get(key)
    if d is None:
        if kind == "turn":
            opts = draws + (ACT_FIRST,) + hero_reach(st)
        elif kind == "hero_phase":
            opts = (ACT_FIRST,) + hero_reach(st)
        elif kind == "hero_move":
            opts = hero_reach(st)
        else:
            opts = draws
        d = cache[key] = decide(p, kind, opts)
    return d



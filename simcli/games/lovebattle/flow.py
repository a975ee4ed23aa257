"""The course of a game as a generator: it yields Decisions and receives the chosen option.

Each function is one step of the rulebook (class schedule, Meddling Phase, a turn, the
Girl Phase and the Hero Phase); cards, rooms and Plot Points live in their own modules
and are re-exported here.
"""
from __future__ import annotations

from .cards import (  # noqa: F401
    card_extras,
    girl_options,
    jealousy_options,
    jealousy_window,
    move_girl,
    play_card,
    play_jealousy,
)
from .common import (  # noqa: F401
    ACT_FIRST,
    DRAWS,
    END,
    NO_ACTION,
    PASS,
    ROOM,
    alone_with_hero,
    cached_decision,
    change_love,
    choose_discards,
    choose_draws,
    decide,
    draw_card,
    draw_options,
    gain_condition,
    gain_ki,
    hero_reach,
    refresh_modifiers,
    say,
    shuffle,
)
from .plotpoints import (  # noqa: F401
    RECORD_ONLY,
    claim_plot_point,
    claim_window,
    claimable,
    qualifies,
)
from .rooms import cafeteria, pick_girl, roll_test, room_action, room_action_legal  # noqa: F401
from .state import State, snapshot


def game_flow(st: State, resume: tuple | None = None):
    """The whole game; with ``resume = (period, player)`` the flow starts at that
    player's turn of that Class Period (the state restored from a turn-start snapshot)."""
    R = st.rules
    if resume is None:
        for p in range(st.n):                              # LB-026..030
            st.votes[p] = yield decide(p, "vote", R.vote_options)
    first_period, first_player = resume or (1, 0)
    for period in range(first_period, R.periods + 1):      # LB-097
        if resume is None or period > first_period:
            st.period = period
            say(st, f"Class Period {period}")
            if period > 1:                                 # LB-037, LB-038
                yield from meddling_phase(st)
        for p in range(first_player if period == first_period else 0, st.n):  # LB-032..034
            if st.checkpointing:
                st.checkpoint = (snapshot(st), len(st.history), period, p)
            yield from take_turn(st, p)
        end_meddling(st)                                   # LB-041, LB-035
    st.period = R.periods + 1                              # DATE! (LB-036)
    st.active = -1
    st.over = True


def meddling_phase(st: State):
    """LB-039..041: flip a Meddling card; it applies to everyone for this Class Period."""
    R = st.rules
    if not st.med_deck:
        st.med_deck, st.med_discard = st.med_discard, []
        shuffle(st.rng, st.med_deck)
    if not st.med_deck:
        return
    st.meddling = st.med_deck.pop()
    m = R.meddling[st.meddling]
    say(st, f"Meddling: {m.title} ({m.character})")
    if m.effect == "lowest_love_up":
        low = min(st.love)
        for g in range(5):
            if st.love[g] == low:
                change_love(st, g, m.value, -1)
    elif m.effect == "highest_love_down":
        top = max(st.love)
        for g in range(5):
            if st.love[g] == top:
                change_love(st, g, -m.value, -1)
    elif m.effect == "condition":
        yield from gain_condition(st, m.value, 0)
    elif m.effect == "hero_to":
        st.hero = m.value
    refresh_modifiers(st)


def end_meddling(st: State) -> None:
    if st.meddling >= 0:
        st.med_discard.append(st.meddling)
        st.meddling = -1
        refresh_modifiers(st)


def take_turn(st: State, p: int):
    """LB-043..046: declare which phase comes first, then play both. The declaration is
    one decision: a Girl Phase draw (Girl Phase first) or the Hero Phase's first step."""
    st.active = p
    st.turns += 1
    st.claimed = False
    st.test_bonus = 0
    st.reset_record()
    opening = st.rules.girl_phase_draws > 0                 # LB-047
    draws = (draw_options(st) if opening else ()) or (("draw", -1),)
    choice = yield cached_decision(st, p, "turn", draws)
    if choice[0] == "draw":
        yield from girl_phase(st, p, choice[1])
        yield from hero_phase(st, p)
    else:
        yield from hero_phase(st, p, choice)
        draws = draw_options(st) if opening else ()
        g = (yield cached_decision(st, p, "girl_draw", draws))[1] if draws else -1
        yield from girl_phase(st, p, g)
    refill_decks(st)


def refill_decks(st: State) -> None:
    """At the end of a turn, an empty Girl deck is refilled from her shuffled discard pile
    (provisional: mid-turn refills would let a drawing card draw itself back forever)."""
    if not st.rules.reshuffle:
        return
    for g in range(5):
        if not st.decks[g] and st.discards[g]:
            st.decks[g].extend(st.discards[g])
            st.discards[g].clear()
            shuffle(st.rng, st.decks[g])


def girl_phase(st: State, p: int, g: int):
    """LB-047/048: draw one card from any Girl's deck, then move and play at will."""
    if g >= 0:
        draw_card(st, p, g)
    extra = st.rules.girl_phase_draws - 1 + st.extra_draw
    if extra > 0:
        yield from choose_draws(st, p, extra)
    while True:
        action = yield decide(p, "girl_phase", girl_options(st, p))
        kind = action[0]
        if kind == "end":
            return
        if kind == "move":
            move_girl(st, p, action[1], action[2])
        elif kind == "play":
            yield from play_card(st, p, action[1], action[2] if len(action) > 2 else 0)
        else:
            claim_plot_point(st, p, action[1])


def hero_phase(st: State, p: int, first=None):
    """LB-077: move up to two spaces and take one Hero Action, in either order."""
    if first is None:
        first = yield cached_decision(st, p, "hero_phase")
    if first == ACT_FIRST:
        yield from hero_action(st, p)
        yield from claim_window(st, p)
        st.hero = (yield cached_decision(st, p, "hero_move"))[1]
    else:
        st.hero = first[1]
        yield from claim_window(st, p)
        yield from hero_action(st, p)
    yield from claim_window(st, p)


def hero_action(st: State, p: int):
    """LB-081..085: the Room Action, draw one Girl card, or kick a Girl out."""
    R = st.rules
    hero = st.hero
    opts = []
    if room_action_legal(st, p, hero):
        opts.append(ROOM)
    if not st.no_hero_draw:
        opts.extend(draw_options(st))
    if not st.no_kick:
        adj = R.adjacent[hero]
        for g in range(5):
            if st.gloc[g] == hero:
                opts.extend(("kick", g, r) for r in adj)
    action = yield decide(p, "hero_action", tuple(opts) or (NO_ACTION,))
    kind = action[0]
    if kind == "room":
        yield from room_action(st, p, hero)
    elif kind == "draw":
        draw_card(st, p, action[1])
    elif kind == "kick":
        st.gloc[action[1]] = action[2]
        if p == st.active:
            st.rec_kick = True
            st.rec_dirty = True
        say(st, f"the Hero kicks {R.girls[action[1]]} out to {R.rooms[action[2]]}")

"""Girl cards: the Girl Phase options, playing a card, and Jealousy answers (LB-049..073)."""
from __future__ import annotations

from .common import END, PASS, alone_with_hero, change_love, decide, draw_card, gain_ki, say
from .data import ENCHANTMENT, FLIRTING, JEALOUSY, PUNISHMENT, SEDUCTION
from .plotpoints import claimable
from .state import State


def girl_options(st: State, p: int) -> tuple:
    """End the phase, plays, Plot Point claims, then moves (discard a card: move its Girl)."""
    R = st.rules
    cgirl, ctype, move_opts, play_opts = R.card_girl, R.card_type, R.move_opts, R.play_opts
    hero, gloc = st.hero, st.gloc
    opts = [END]
    moves = []
    crowd = gloc.count(hero) > 1
    for k in sorted(set(st.hands[p])):
        g = cgirl[k]
        moves.extend(move_opts[k][gloc[g]])                             # LB-049, LB-050
        t = ctype[k]
        if t == JEALOUSY or gloc[g] != hero:                            # LB-057, LB-051
            continue
        if t == SEDUCTION:
            if st.no_seduction:
                continue
            if crowd and g != R.KATSUMI:                                # LB-055, LB-070
                continue
        elif t == ENCHANTMENT:
            if g != R.AIKA and not st.enchant_free and st.ki[p] < R.enchantment_cost:
                continue                                                # LB-068, LB-073
        elif t == PUNISHMENT and g == R.RIN:                            # LB-069
            opts.append(("play", k, 1))
            opts.append(("play", k, -1))
            continue
        elif t == FLIRTING and g == R.SAKIKO:                           # LB-072
            opts.append(("play", k, -1))
            for o in range(5):
                if o != g and gloc[o] == hero:
                    opts.append(("play", k, o))
            continue
        opts.append(play_opts[k])
    if not st.claimed:
        for i in claimable(st, p):
            opts.append(("claim", i))
    opts.extend(moves)
    return tuple(opts)


def move_girl(st: State, p: int, k: int, room: int) -> None:
    girl = st.rules.cards[k].girl
    st.hands[p].remove(k)
    st.discards[girl].append(k)
    st.gloc[girl] = room
    say(st, f"{st.rules.girls[girl]} moves to {st.rules.rooms[room]}")


def card_extras(st: State, p: int, c) -> None:
    """A card's extra effects: Ki, a TEST bonus for this turn, cards from its Girl's deck."""
    if c.ki:
        gain_ki(st, p, c.ki)
    if c.test_bonus and p == st.active:
        st.test_bonus += c.test_bonus
    for _ in range(c.draw):
        draw_card(st, p, c.girl)


def play_card(st: State, p: int, k: int, arg: int):
    """LB-053..073: play a non-Jealousy Girl card, then open the Jealousy responses."""
    R = st.rules
    c = R.cards[k]
    g = c.girl
    st.hands[p].remove(k)
    st.discards[g].append(k)
    if p == st.active:
        st.rec_plays += 1
        st.rec_dirty = True
        st.rec_types[c.type] += 1
    say(st, f"{R.girls[g]} plays {c.name}")
    t = c.type
    room = st.gloc[g]
    if t == FLIRTING:                                                  # LB-056, LB-072
        change_love(st, g, c.love, p)
        for o in range(5):
            if o != g and st.gloc[o] == room:
                if g == R.SAKIKO and o == arg:
                    change_love(st, o, R.sakiko_flirting_love, p)
                else:
                    change_love(st, o, R.flirting_other_love + st.flirt_extra, p)
    elif t == PUNISHMENT:                                              # LB-065..067, LB-069
        sign = arg if g == R.RIN else (1 if alone_with_hero(st, g) else -1)
        change_love(st, g, sign * c.love, p)
    else:
        if t == ENCHANTMENT and g != R.AIKA and not st.enchant_free:   # LB-068, LB-073
            st.ki[p] -= R.enchantment_cost
        change_love(st, g, c.love, p)
    card_extras(st, p, c)
    if c.date:                                                         # LB-151
        rooms = tuple(("date", r) for r in range(len(R.rooms))
                      if r != R.hallway and r != room)
        r = (yield decide(p, "date_room", rooms))[1]
        st.gloc[g] = r
        st.hero = r
        say(st, f"{R.girls[g]} and the Hero go to {R.rooms[r]}")
    yield from jealousy_window(st, p, g)


def jealousy_options(st: State, q: int, g: int) -> tuple:
    R = st.rules
    ctype, cgirl = R.card_type, R.card_girl
    jealousy = JEALOUSY
    hand = st.hands[q]
    for k in hand:                      # no Jealousy card in hand: nothing to answer with
        if ctype[k] == jealousy:
            break
    else:
        return ()
    gloc = st.gloc
    opts = []
    for k in sorted(set(hand)):
        h = cgirl[k]
        if ctype[k] != jealousy or h == g:                             # LB-057, LB-058
            continue
        if h == R.YUKI or (gloc[h] == gloc[g] and gloc[h] == st.hero):  # LB-064, LB-071
            opts.append(("jealousy", k))
    return tuple(opts)


def jealousy_window(st: State, p: int, g: int):
    """LB-060..063: priority from the left of ``p`` round to ``p``, one card each."""
    n = st.n
    for i in range(1, n + 1):
        q = (p + i) % n
        opts = jealousy_options(st, q, g)
        if not opts:
            continue
        st.answering = g
        action = yield decide(q, "jealousy", opts + (PASS,))
        st.answering = -1
        if action == PASS:
            continue
        play_jealousy(st, q, action[1], g)


def play_jealousy(st: State, q: int, k: int, g: int) -> None:
    R = st.rules
    c = R.cards[k]
    st.hands[q].remove(k)
    st.discards[c.girl].append(k)
    if q == st.active:
        st.rec_plays += 1
        st.rec_dirty = True
        st.rec_types[JEALOUSY] += 1
    say(st, f"{R.girls[c.girl]} answers with {c.name}")
    change_love(st, c.girl, c.love, q)
    change_love(st, g, c.rival, q)
    card_extras(st, q, c)

"""Room Actions (LB-082, LB-114..144) and TESTs."""
from __future__ import annotations

from .common import (
    change_love,
    choose_discards,
    choose_draws,
    decide,
    draw_card,
    gain_condition,
    gain_ki,
    refresh_modifiers,
    say,
)
from .state import State


def room_action_legal(st: State, p: int, room: int) -> bool:
    kind = st.rules.room_action[room]
    if kind == "none":
        return False
    if kind == "entry_hall":
        return bool(st.held[p])
    if kind == "nurse":
        return st.condition >= 0
    if kind == "cafeteria":
        return any(x == room for x in st.gloc)
    if kind == "transmute":
        return st.ki[p] >= 1 or len(st.hands[p]) >= 2
    return True


def roll_test(st: State, p: int) -> int:
    R = st.rules
    die = int(st.rng.random() * 6) + 1
    result = die + st.test_bonus + st.mod_test
    result = R.test_min if result < R.test_min else (R.test_max if result > R.test_max else result)
    if result == 6 and p == st.active:
        st.rec_six = True
    say(st, f"TEST: rolled {die}, result {result}")
    return result


def pick_girl(st: State, p: int, room: int, kind: str):
    """A choice of one Girl in ``room``; -1 when there is none."""
    girls = tuple(("girl", g) for g in range(5) if st.gloc[g] == room)
    if not girls:
        return -1
    return (yield decide(p, kind, girls))[1]


def room_action(st: State, p: int, room: int):
    R = st.rules
    kind = R.room_action[room]
    if p == st.active:
        st.rec_rooms.append(room)
        st.rec_dirty = True
    say(st, f"Room Action: {R.rooms[room]}")
    here = [g for g in range(5) if st.gloc[g] == room]
    if kind == "art":                                                  # LB-114..120
        r = roll_test(st, p)
        if r == 1:
            st.ki[p] = max(0, st.ki[p] - 1)
        elif r == 2:
            yield from choose_discards(st, p, 2)
        elif r in (3, 4):
            g = yield from pick_girl(st, p, room, "love_down" if r == 3 else "love_up")
            if g >= 0:
                change_love(st, g, -2 if r == 3 else 2, p)
        elif r == 5:
            yield from choose_draws(st, p, 2)
        else:
            gain_ki(st, p, 1)
    elif kind == "boys_locker":                                        # LB-121, LB-122
        top = max(st.love)
        for g in here:
            if st.love[g] < top:
                change_love(st, g, 1, p)
    elif kind == "cafeteria":                                          # LB-123..126
        yield from cafeteria(st, p, room, here)
    elif kind == "entry_hall":                                         # LB-127..129
        i = (yield decide(p, "cash_in", tuple(("cash", i) for i in sorted(st.held[p]))))[1]
        st.held[p].remove(i)
        st.pp_discard.append(i)
        gain_ki(st, p, R.plot_points[i].ki)
        st.cashed[p] += R.plot_points[i].ki
    elif kind == "girls_locker":                                       # LB-130..133
        r = roll_test(st, p)
        if r == 1:
            yield from gain_condition(st, R.cond_index["Giant Head Lump"], p)
        else:
            g = yield from pick_girl(st, p, room, "peek_girl")
            for _ in range(1 if r < 6 else 2):
                if g >= 0:
                    draw_card(st, p, g)
            if r == 6:
                opts = (("condition", R.cond_index["Awkward Boner"]),
                        ("condition", R.cond_index["Spontaneous Nosebleed"]))
                c = (yield decide(p, "choose_condition", opts))[1]
                yield from gain_condition(st, c, p)
    elif kind == "gym":                                                # LB-134..137
        r = roll_test(st, p)
        if r == 1 or r == 6:
            for g in here:
                change_love(st, g, -1 if r == 1 else 1, p)
        else:
            g = yield from pick_girl(st, p, room, "love_up")
            if g >= 0:
                change_love(st, g, 1, p)
    elif kind == "library":
        yield from choose_draws(st, p, 2)
        yield from choose_discards(st, p, 1)
    elif kind == "nurse":                                              # LB-096
        st.condition = -1
        refresh_modifiers(st)
    elif kind == "transmute":                                          # LB-143, LB-144
        opts = []
        if st.ki[p] >= 1:
            opts.append(("spend_ki",))
        if len(st.hands[p]) >= 2:
            opts.append(("discard_two",))
        choice = yield decide(p, "transmute", tuple(opts))
        if choice[0] == "spend_ki":
            st.ki[p] -= 1
            yield from choose_draws(st, p, 2)
        else:
            yield from choose_discards(st, p, 2)
            gain_ki(st, p, 1)
    elif kind == "pool":
        r = roll_test(st, p)
        if r == 1:
            if "Chlorine Eyes" in R.cond_index:
                yield from gain_condition(st, R.cond_index["Chlorine Eyes"], p)
        elif r == 2:
            for g in here:
                change_love(st, g, -1, p)
        else:
            g = yield from pick_girl(st, p, room, "love_up")
            if g >= 0:
                change_love(st, g, 2 if r == 6 else 1, p)


def cafeteria(st: State, p: int, room: int, here: list):
    R = st.rules
    opts = []
    for g in here:
        opts.extend(("get_out", g, r) for r in R.hall_rooms if r != room)
    opts.extend(("wrong_target", g) for g in here)
    opts.extend(("involved", a, b) for a in here for b in here if a != b)
    choice = yield decide(p, "food_fight", tuple(opts))
    if choice[0] == "get_out":                                         # LB-124
        g, r = choice[1], choice[2]
        st.gloc[g] = r
        st.hero = r
        say(st, f"the Hero and {R.girls[g]} run to {R.rooms[r]}")
        if room_action_legal(st, p, r):
            yield from room_action(st, p, r)
    elif choice[0] == "wrong_target":                                  # LB-125
        change_love(st, choice[1], -2, p)
    else:                                                              # LB-126
        change_love(st, choice[1], 1, p)
        change_love(st, choice[2], -1, p)

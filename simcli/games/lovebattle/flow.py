"""The course of a game as a generator: it yields Decisions and receives the chosen option.

Each function is one step of the rulebook (class schedule, Meddling Phase, Girl Phase,
Hero Phase, Girl cards, Jealousy responses, Room Actions, Plot Points, Conditions).
"""
from __future__ import annotations

from simcli.engine import Decision

from .data import ENCHANTMENT, FLIRTING, JEALOUSY, PUNISHMENT, SEDUCTION
from .state import State

_new = object.__new__
_set_player = Decision.player.__set__
_set_kind = Decision.kind.__set__
_set_options = Decision.options.__set__


def decide(player: int, kind: str, options: tuple) -> Decision:
    """``decide(player, kind, options)`` built without the dataclass machinery (about 4x
    faster; it is the same frozen object). Options are never empty."""
    if not options:
        raise ValueError(f"decision {kind!r} for player {player} has no options")
    d = _new(Decision)
    _set_player(d, player)
    _set_kind(d, kind)
    _set_options(d, options)
    return d


END = ("end",)
PASS = ("pass",)
ACT_FIRST = ("act_first",)
ROOM = ("room",)
NO_ACTION = ("no_action",)


def say(st: State, text: str) -> None:
    if st.log is not None:
        st.log.append(text)


# -- class schedule -------------------------------------------------------------------------
def game_flow(st: State):
    R = st.rules
    for p in range(st.n):                                  # LB-026..030
        st.votes[p] = yield decide(p, "vote", R.vote_options)
    for period in range(1, R.periods + 1):                 # LB-097
        st.period = period
        say(st, f"Class Period {period}")
        if period > 1:                                     # LB-037, LB-038
            yield from meddling_phase(st)
        for p in range(st.n):                              # LB-032..034
            yield from take_turn(st, p)
        end_meddling(st)                                   # LB-041, LB-035
    st.period = R.periods + 1                              # DATE! (LB-036)
    st.active = -1
    st.over = True


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


def meddling_phase(st: State):
    """LB-039..041: flip a Meddling card; it applies to everyone for this Class Period."""
    R = st.rules
    if not st.med_deck:
        st.med_deck, st.med_discard = st.med_discard, []
        st.rng.shuffle(st.med_deck)
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


# -- a turn -----------------------------------------------------------------------------------
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
            st.rng.shuffle(st.decks[g])


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


# -- Girl Phase ---------------------------------------------------------------------------------
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


def alone_with_hero(st: State, g: int) -> bool:
    room = st.gloc[g]
    gloc = st.gloc
    return room == st.hero and all(gloc[o] != room for o in range(5) if o != g)


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
            opts.extend(("play", k, o) for o in range(5) if o != g and gloc[o] == hero)
            continue
        opts.append(play_opts[k])
    if not st.claimed:
        opts.extend(("claim", i) for i in claimable(st, p))
    opts.extend(moves)
    return tuple(opts)


def move_girl(st: State, p: int, k: int, room: int) -> None:
    girl = st.rules.cards[k].girl
    st.hands[p].remove(k)
    st.discards[girl].append(k)
    st.gloc[girl] = room
    say(st, f"{st.rules.girls[girl]} moves to {st.rules.rooms[room]}")


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
    hand = st.hands[q]
    if JEALOUSY not in map(ctype.__getitem__, hand):
        return ()
    gloc = st.gloc
    opts = []
    for k in sorted(set(hand)):
        h = cgirl[k]
        if ctype[k] != JEALOUSY or h == g:                             # LB-057, LB-058
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


# -- Hero Phase ---------------------------------------------------------------------------------
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


# -- Plot Points ----------------------------------------------------------------------------------
def qualifies(st: State, p: int, pp) -> bool:
    """LB-089: the requirement was completed this turn by the player."""
    req = pp.requirement
    if req == "love_gain":
        return max(st.rec_up) >= pp.amount
    if req == "love_loss":
        return max(st.rec_down) >= pp.amount
    if req == "girls_gained":
        return sum(1 for x in st.rec_up if x > 0) >= pp.amount
    if req == "play_type":
        return st.rec_types[pp.card_type] > 0
    if req == "plays":
        return st.rec_plays >= pp.amount
    if req == "test_six":
        return st.rec_six
    if req == "room_action":
        return pp.room in st.rec_rooms
    if req == "kick":
        return st.rec_kick
    if req == "love_top":
        return st.rec_top
    hand = st.hands[p]
    if req == "hand_size":
        return len(hand) >= pp.amount
    # hand_each_girl
    counts = [0] * 5
    cgirl = st.rules.card_girl
    for k in hand:
        counts[cgirl[k]] += 1
    return min(counts) >= pp.amount


#: requirements that only look at what was done this turn (not at the hand)
RECORD_ONLY = frozenset(("love_gain", "love_loss", "girls_gained", "play_type", "plays",
                         "test_six", "room_action", "kick", "love_top"))


def claimable(st: State, p: int) -> list:
    pps = st.rules.plot_points
    out = []
    idle = not st.rec_dirty
    for i in st.face_up:
        pp = pps[i]
        if idle and pp.requirement in RECORD_ONLY:
            continue                      # nothing done yet this turn
        if qualifies(st, p, pp):
            out.append(i)
    return out


def claim_window(st: State, p: int):
    """LB-086/087: once per turn, in either phase, claim one qualifying Plot Point."""
    if st.claimed:
        return
    found = claimable(st, p)
    if not found:
        return
    action = yield decide(p, "claim", tuple(("claim", i) for i in found) + (PASS,))
    if action != PASS:
        claim_plot_point(st, p, action[1])


def claim_plot_point(st: State, p: int, i: int) -> None:
    """LB-088..091: take the card, refill its spot from the Plot Point deck at once."""
    slot = st.face_up.index(i)
    if st.pp_deck:
        st.face_up[slot] = st.pp_deck.pop()
    else:
        del st.face_up[slot]
    st.held[p].append(i)
    st.claimed = True
    say(st, f"claims Plot Point {st.rules.plot_points[i].title}")

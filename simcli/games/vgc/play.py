"""Playing and Beating games, Crystals, the Password Notebook, Thrills and Achievements."""
from __future__ import annotations

from itertools import combinations

from .combos import find_combos, hand_info, overlap
from .state import PlayerState, State, draw_for_player, draw_tile


# ------------------------------------------------------------------ access & options --
def accessible(state: State, pl: PlayerState) -> list[int]:
    """Games the player may Play/Beat: his Initial game, Presents, this Week's rentals."""
    games = [pl.initial] + pl.presents
    games += [state.rental[s] for s in pl.rented]
    return games


def usable_mags(state: State, pl: PlayerState, genre: int) -> list[int]:
    mags = state.rules.magazines
    mc = state.mag_crystal
    return [m for m in pl.mags if mc.get(m, -1) >= 0 and genre in mags[m]]


def game_options(state: State, pl: PlayerState, card_id: int, info=None) -> list[tuple]:
    """Every ("play"|"beat", card, tiles, magazines) the player can do on one game."""
    token = pl.tokens.get(card_id, 0)
    if token == 2:
        return []
    card = state.rules.cards[card_id]
    spec = card.spec
    hand = pl.tiles
    if info is None:
        info = hand_info(hand)
    mags = usable_mags(state, pl, card.genre) if pl.mags else []
    out = []
    if token == 0 and spec.play is not None:
        ov = overlap(spec.play, info)
        for m in range(min(len(mags), 2) + 1):
            if 2 - m > ov:
                continue
            combos = find_combos(spec.play, hand, 2 - m, info, ov)
            if combos:
                for ms in combinations(mags, m):
                    for c in combos:
                        out.append(("play", card_id, c, ms))
    need = spec.size - (1 if token == 1 else 0)
    ov = overlap(spec, info)
    for m in range(min(len(mags), need) + 1):
        if need - m > ov:
            continue
        combos = find_combos(spec, hand, need - m, info, ov)
        if combos:
            for ms in combinations(mags, m):
                for c in combos:
                    out.append(("beat", card_id, c, ms))
    return out


def rent_cost(state: State, slot: int) -> int:
    p = state.rules.p
    return p["new_release_rent_cost"] if state.rental[slot] in state.card_crystal \
        else p["rent_cost"]


def rentable(state: State, pl: PlayerState) -> list[int]:
    if not state.rent_window or pl.meeples <= 0 or \
            state.rentals_turn >= state.rules.p["max_rentals"]:
        return []
    return [s for s in range(state.rental_up)
            if state.meeple[s] < 0 and rent_cost(state, s) <= pl.dollars]


def play_options(state: State, pl: PlayerState) -> tuple:
    opts: list[tuple] = [("end",)]
    for s in rentable(state, pl):
        opts.append(("rent", s))
    info = hand_info(pl.tiles)
    for g in accessible(state, pl):
        opts.extend(game_options(state, pl, g, info))
    return tuple(opts)


def rent(state: State, pl: PlayerState, slot: int) -> None:
    pl.dollars -= rent_cost(state, slot)
    pl.meeples -= 1
    state.meeple[slot] = pl.seat
    pl.rented.append(slot)
    pl.rentals_total += 1
    state.rentals_turn += 1
    if state.log is not None:
        state.log.append(f"P{pl.seat + 1} rents {state.rules.cards[state.rental[slot]].name}")


def play_or_beat(state: State, pl: PlayerState, verb: str, card_id: int, tiles, mags) -> None:
    """Discard the tiles, use the Magazines, place or flip the token; queue the Crystals
    (the game's, then each Magazine's) and the Thrill for a first token."""
    for t in tiles:
        pl.tiles.remove(t)
        state.discard.append(t)
    card = state.rules.cards[card_id]
    before = pl.tokens.get(card_id, 0)
    crystals = []
    c = state.card_crystal.pop(card_id, -1)
    if c >= 0:
        crystals.append(c)
    for m in mags:
        crystals.append(state.mag_crystal[m])
        state.mag_crystal[m] = -1
    if before == 0:
        pl.played += 1
        pl.genre_played[card.genre] += 1
        if card_id in state.rental_set:
            pl.rental_played += 1
    if verb == "play":
        pl.tokens[card_id] = 1
        pl.played_unbeaten += 1
    else:
        if before == 1:
            pl.played_unbeaten -= 1
        pl.tokens[card_id] = 2
        pl.beaten_diff[card.difficulty] += 1
        pl.beaten_points += card.score
    if state.log is not None:
        state.log.append(f"P{pl.seat + 1} {'Plays' if verb == 'play' else 'Beats'} {card.name}")
    state.pending.extend(("crystal", c) for c in crystals)
    if before == 0:
        state.pending.append(("thrill",))


# ------------------------------------------------------------------ Password Notebook --
def _would_take_ious(state: State, pl: PlayerState, space: int) -> int:
    side = state.rules.sides[pl.side]
    nb = pl.notebook
    extra = 0
    for ln in side.lines_of[space]:
        if all(nb[x] >= 0 or x == space for x in side.lines[ln]):
            extra += side.rewards[ln].get("take_ious", 0)
    return extra


def crystal_spaces(state: State, pl: PlayerState, color: int) -> tuple:
    """Empty spaces of the crystal's color or rainbow that would not push IOUs past 8."""
    side = state.rules.sides[pl.side]
    limit = state.rules.p["money_iou_limit"]
    out = []
    for x, sc in enumerate(side.spaces):
        if pl.notebook[x] < 0 and (sc < 0 or sc == color):
            if pl.ious + _would_take_ious(state, pl, x) <= limit:
                out.append(x)
    return tuple(out)


def place_crystal(state: State, pl: PlayerState, color: int, space: int) -> list[int]:
    """Place the crystal (space -1: beside the notebook); return newly completed lines."""
    if space < 0:
        pl.beside.append(color)
        return []
    pl.notebook[space] = color
    side = state.rules.sides[pl.side]
    done = []
    for ln in side.lines_of[space]:
        if ln not in pl.lines_done and all(pl.notebook[x] >= 0 for x in side.lines[ln]):
            pl.lines_done.append(ln)
            done.append(ln)
    return done


def needs_order(state: State, pl: PlayerState, lines) -> bool:
    side = state.rules.sides[pl.side]
    return sum(1 for ln in lines if any(k != "points" for k in side.rewards[ln])) >= 2


def receive_reward(state: State, pl: PlayerState, line: int) -> None:
    """Points are scored at the end; everything else now (if available)."""
    rw = state.rules.sides[pl.side].rewards[line]
    pl.nb_points += rw.get("points", 0)
    pl.dollars += rw.get("dollars", 0)
    if rw.get("tiles"):
        draw_for_player(state, pl, rw["tiles"])
    if rw.get("return_ious"):
        pl.ious -= min(pl.ious, rw["return_ious"])
    if rw.get("take_ious"):
        pl.add_ious(rw["take_ious"])
    for _ in range(rw.get("thrill", 0)):
        state.pending.insert(0, ("thrill",))
    if state.log is not None:
        state.log.append(f"P{pl.seat + 1} completes notebook line {line}: {rw}")


def take_thrill(state: State, pl: PlayerState, slot: int) -> None:
    pl.add_tile(state.thrill[slot])
    state.thrill[slot] = draw_tile(state)


# ------------------------------------------------------------------ Achievements --
def achievement_met(state: State, pl: PlayerState, a) -> bool:
    cond = a.cond
    if cond == "genre_played":
        return pl.genre_played[a.arg] >= a.count
    if cond == "beaten":
        return pl.beaten_diff[a.arg] >= a.count
    if cond == "played_unbeaten":
        return pl.played_unbeaten >= a.count
    if cond == "rental_played":
        return pl.rental_played >= a.count
    if cond == "all_genres":
        return sum(1 for g in pl.genre_played if g) >= a.count
    if cond == "ious":
        return pl.ious >= a.count
    if cond == "crystals":
        return pl.crystals >= a.count
    if cond == "presents":
        return len(pl.presents) >= a.count
    mags = state.rules.magazines
    counts = [0] * len(state.rules.genres)
    for m in pl.mags:
        for g in mags[m]:
            counts[g] += 1
    if cond == "magazine_genres":
        return sum(1 for c in counts if c) >= a.count
    return max(counts) >= a.count  # magazines_same_genre


def check_achievements(state: State, pl: PlayerState) -> None:
    """The first player to meet an open Achievement's condition takes the card."""
    achs = state.rules.achievements
    for aid in list(state.achievements):
        a = achs[aid]
        if achievement_met(state, pl, a):
            state.achievements.remove(aid)
            pl.achievements.append(aid)
            pl.ach_points += a.points
            if state.log is not None:
                state.log.append(f"P{pl.seat + 1} completes Achievement {a.name}")

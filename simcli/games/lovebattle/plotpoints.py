"""Plot Points: requirements done this turn, claiming and refilling (LB-086..092)."""
from __future__ import annotations

from .common import PASS, decide, say
from .state import State


def qualifies(st: State, p: int, pp) -> bool:
    """LB-089: the requirement was completed this turn by the player."""
    req = pp.requirement
    if req == "love_gain":
        return max(st.rec_up) >= pp.amount
    if req == "love_loss":
        return max(st.rec_down) >= pp.amount
    if req == "girls_gained":
        gained = 0
        for x in st.rec_up:
            if x > 0:
                gained += 1
        return gained >= pp.amount
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

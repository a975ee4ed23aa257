"""Game end: One True Match, Love Triangle, vote Ki, final Ki and the tie breakers."""
from __future__ import annotations

from collections.abc import Sequence

from simcli.engine import Result, ranked_result

from .state import State


def otm_girls(love: Sequence[int]) -> tuple:
    """LB-099: the Girl(s) with the highest Love (several when tied)."""
    top = max(love)
    return tuple(g for g in range(len(love)) if love[g] == top)


def second_girls(love: Sequence[int]) -> tuple:
    """LB-100: the Girl(s) with the second-highest Love; empty when 2+ tie for the top."""
    first = otm_girls(love)
    if len(first) > 1:
        return ()
    rest = [love[g] for g in range(len(love)) if g not in first]
    second = max(rest)
    return tuple(g for g in range(len(love)) if love[g] == second and g not in first)


def triangle_correct(pair: Sequence[int], love: Sequence[int]) -> bool:
    """LB-100, LB-104, LB-105: a correct pairing of the two highest (ties included)."""
    a, b = pair
    first = otm_girls(love)
    if len(first) >= 2:                                    # LB-104 / LB-155
        return a in first and b in first
    second = second_girls(love)                            # LB-105 / LB-156
    return (a in first and b in second) or (b in first and a in second)


def vote_ki(vote: Sequence[int], love: Sequence[int], n_players: int, otm_payout: int = 5,
            triangle_payout: int = 8, consolation: int = 5) -> int:
    """Ki a vote earns at game end (LB-101..108)."""
    first = otm_girls(love)
    if len(vote) == 1:                                     # LB-101, LB-102
        return otm_payout if vote[0] in first else 0
    if triangle_correct(vote, love):                       # LB-103
        return triangle_payout
    if n_players == 2 and (vote[0] in first or vote[1] in first):
        return consolation                                 # LB-107
    return 0                                               # LB-106, LB-108


def final_result(st: State) -> Result:
    R = st.rules
    n = st.n
    love = st.love
    names = R.girls
    first = otm_girls(love)
    second = second_girls(love)
    scores, tiebreak, seats = [], [], []
    for p in range(n):
        vote = st.votes[p]
        vki = vote_ki(vote, love, n, R.otm_payout, R.triangle_payout, R.two_player_consolation)
        correct = (vote[0] in first) if len(vote) == 1 else triangle_correct(vote, love)
        pp_ki = sum(R.plot_points[i].ki for i in st.held[p])
        scores.append(st.ki[p] + pp_ki + vki)              # LB-004
        # LB-110..112: winning the OTM vote, most Plot Point cards, most Ki from them;
        # LB-113 (hair colour) cannot be simulated: a tie still standing shares the win.
        tiebreak.append((1 if vki > 0 else 0, len(st.held[p]), pp_ki))
        seats.append({
            "vote_type": "otm" if len(vote) == 1 else "triangle",
            "vote_girls": "+".join(names[g] for g in vote),
            "vote_correct": bool(correct),
            "vote_paid": vki > 0,
            "vote_ki": vki,
            "plot_point_ki": pp_ki,
            "plot_points": len(st.held[p]),
            "token_ki": st.ki[p],
            "cashed_ki": st.cashed[p],
        })
    metrics = {
        "otm_girl": "+".join(names[g] for g in first),
        "otm_tied": len(first) > 1,
        "second_girl": "+".join(names[g] for g in second),
        "top_love": max(love),
        "girl_profile": R.girl_profile,     # "Girl:start room:ability|..." of this data
    }
    for g in range(5):
        metrics[f"love_{names[g]}"] = love[g]
    return ranked_result(scores, turns=st.turns, end_reason="date", tiebreak=tiebreak,
                         metrics=metrics, seat_metrics=seats)

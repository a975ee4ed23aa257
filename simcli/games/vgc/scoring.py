"""Final scoring and the result row of each seat."""
from __future__ import annotations


def majority(values: list[int], full: int, tied: int) -> list[int]:
    """``full`` points to the single leader, ``tied`` to each of several tied leaders."""
    top = max(values)
    leaders = [i for i, v in enumerate(values) if v == top]
    pts = full if len(leaders) == 1 else tied
    return [pts if i in leaders else 0 for i in range(len(values))]


def score_breakdown(state) -> list[dict]:
    sc = state.rules.scoring
    players = state.players
    played = [pl.played for pl in players]
    crystals = [pl.crystals for pl in players]
    most_played = majority(played, sc["most_played"], sc["most_played_tied"])
    most_crystals = majority(crystals, sc["most_crystals"], sc["most_crystals_tied"])
    out = []
    for i, pl in enumerate(players):
        extra = max(0, pl.played - sc["played_bonus_after"]) * sc["played_bonus_points"]
        parts = {
            "played_bonus": extra,
            "most_played": most_played[i],
            "most_crystals": most_crystals[i],
            "notebook": pl.nb_points,
            "achievements": pl.ach_points,
            "beaten": pl.beaten_points,
        }
        parts["total"] = sum(parts.values())
        out.append(parts)
    return out


def final_scores(state, ranked_result):
    parts = score_breakdown(state)
    scores = [p["total"] for p in parts]
    tiebreak = [(p["beaten"], p["achievements"]) for p in parts]
    seat_metrics = []
    for pl, p in zip(state.players, parts, strict=True):
        ious, tiles, dollars = pl.start_items
        seat_metrics.append({
            "start_bonus": pl.start_text,
            "start_ious": ious,
            "start_tiles": tiles,
            "start_dollars": dollars,
            "initiative_pos": pl.seat + 1,
            "games_played": pl.played,
            "games_beaten": pl.beaten,
            "beaten_points": p["beaten"],
            "crystals": pl.crystals,
            "achievements": len(pl.achievements),
            "achievement_points": p["achievements"],
            "notebook_points": p["notebook"],
            "majority_points": p["most_played"] + p["most_crystals"],
            "played_bonus": p["played_bonus"],
            "ious": pl.ious,
            "dollars": pl.dollars,
            "tiles": len(pl.tiles),
            "presents": len(pl.presents),
            "magazines": len(pl.mags),
            "rentals": pl.rentals_total,
            "max_ious": pl.max_ious,
        })
    return ranked_result(
        scores, turns=state.week, end_reason="weeks" if state.phase == "over" else "unfinished",
        tiebreak=tiebreak, seat_metrics=seat_metrics,
        metrics={"achievements_taken": sum(len(pl.achievements) for pl in state.players),
                 "crystals_boxed": state.box_crystals,
                 "first_order": "".join(str(p + 1) for p in state.order)})

"""Game end: One True Match, Love Triangle, vote Ki, final Ki and tie breakers."""
from __future__ import annotations

from lb_helpers import AIKA, KATSUMI, RIN, SAKIKO, YUKI, make_state, pp_index

from simcli.games.lovebattle.rules import GAME
from simcli.games.lovebattle.scoring import otm_girls, second_girls, triangle_correct, vote_ki


def love_of(**kw):
    names = {"Aika": AIKA, "Sakiko": SAKIKO, "Rin": RIN, "Yuki": YUKI, "Katsumi": KATSUMI}
    love = [3] * 5
    for k, v in kw.items():
        love[names[k]] = v
    return love


def test_LB_099_LB_100_otm_and_triangle():
    """LB-099: the OTM has the highest Love; LB-100: the triangle the two highest."""
    love = love_of(Rin=9, Aika=7, Yuki=5)
    assert otm_girls(love) == (RIN,)
    assert second_girls(love) == (AIKA,)
    assert triangle_correct((AIKA, RIN), love)
    assert not triangle_correct((RIN, YUKI), love)


def test_LB_101_LB_108_correct_otm_vote_pays_5_only_if_correct():
    """LB-101: a correct OTM vote is worth 5 Ki; LB-108: wrong votes are worth nothing."""
    love = love_of(Rin=9, Aika=7)
    assert vote_ki((RIN,), love, 4) == 5
    assert vote_ki((AIKA,), love, 4) == 0


def test_LB_102_tied_otm_pays_every_tied_girl():
    """LB-102: with a tie for OTM, a single vote on any tied Girl still gets 5 Ki."""
    love = love_of(Rin=8, Aika=8, Sakiko=6)
    assert vote_ki((RIN,), love, 3) == 5 and vote_ki((AIKA,), love, 3) == 5
    assert vote_ki((SAKIKO,), love, 3) == 0


def test_LB_103_correct_triangle_pays_8():
    """LB-103: a correct Love Triangle vote is worth 8 Ki."""
    love = love_of(Rin=9, Aika=7)
    assert vote_ki((AIKA, RIN), love, 4) == 8


def test_LB_104_LB_155_three_tied_at_8_any_two_of_them():
    """LB-104/155: Rin, Aika and Sakiko all tied at 8: any two of them get 8 Ki."""
    love = love_of(Rin=8, Aika=8, Sakiko=8, Yuki=5)
    for pair in ((AIKA, SAKIKO), (AIKA, RIN), (SAKIKO, RIN)):
        assert vote_ki(pair, love, 4) == 8
    assert vote_ki((RIN, YUKI), love, 4) == 0


def test_LB_105_LB_156_tie_for_second_rin_plus_either():
    """LB-105/156: Rin 9, Aika and Sakiko tied at 8: Rin plus either gets 8 Ki."""
    love = love_of(Rin=9, Aika=8, Sakiko=8)
    assert vote_ki((AIKA, RIN), love, 4) == 8
    assert vote_ki((SAKIKO, RIN), love, 4) == 8
    assert vote_ki((AIKA, SAKIKO), love, 4) == 0          # neither is the OTM
    assert vote_ki((AIKA, SAKIKO), love, 2) == 0


def test_LB_106_three_four_players_half_right_triangle_gets_nothing():
    """LB-106: in a 3- or 4-player game, OTM right but the other Girl wrong: no Ki."""
    love = love_of(Rin=9, Aika=7, Yuki=5)
    for n in (3, 4):
        assert vote_ki((RIN, YUKI), love, n) == 0


def test_LB_107_two_player_consolation_five_ki():
    """LB-107: 2 players: one Girl is the OTM, the other not second: 5 Ki."""
    love = love_of(Rin=9, Aika=7, Yuki=5)
    assert vote_ki((RIN, YUKI), love, 2) == 5
    assert vote_ki((AIKA, RIN), love, 2) == 8
    assert vote_ki((AIKA, YUKI), love, 2) == 0


def test_LB_107_payouts_are_rules_parameters():
    st = make_state(2, votes=[(AIKA, RIN), (RIN, YUKI)], love=love_of(Rin=9, Aika=7),
                    otm_payout=6, triangle_payout=10, two_player_consolation=3)
    res = GAME.result(st)
    assert [m["vote_ki"] for m in res.seat_metrics] == [10, 3]


def finished(n=4, **kw):
    st = make_state(n, **kw)
    st.turns = 7 * n
    return st


def test_LB_003_LB_004_LB_098_most_ki_wins_counting_tokens_plot_points_and_votes():
    """LB-003: most Ki wins; LB-004: tokens + Plot Points + OTM rewards; LB-098 order."""
    st = finished(votes=[(RIN,), (AIKA,), (AIKA, RIN), (YUKI,)], ki=[5, 9, 2, 13],
                  love=love_of(Rin=9, Aika=7))
    st.held[1] = [pp_index("Head Over Heels")]                    # 3 Ki
    res = GAME.result(st)
    assert res.scores == (10, 12, 10, 13)
    assert res.win_shares == (0.0, 0.0, 0.0, 1.0)
    m = res.seat_metrics
    assert [x["vote_ki"] for x in m] == [5, 0, 8, 0]
    assert m[1]["plot_point_ki"] == 3 and m[3]["token_ki"] == 13
    assert res.metrics["otm_girl"] == "Rin" and res.metrics["second_girl"] == "Aika"


def test_LB_109_LB_110_first_tie_breaker_is_winning_the_vote():
    """LB-109/110: tied on Ki, the player whose vote paid wins."""
    st = finished(votes=[(RIN,), (AIKA,), (AIKA,), (AIKA,)], ki=[5, 10, 0, 0],
                  love=love_of(Rin=9))
    res = GAME.result(st)
    assert res.scores[:2] == (10, 10)
    assert res.win_shares[:2] == (1.0, 0.0)


def test_LB_111_LB_112_plot_point_count_then_plot_point_ki():
    """LB-111: then most Plot Point cards; LB-112: then most Ki from Plot Point cards."""
    st = finished(votes=[(YUKI,)] * 4, ki=[6, 5, 3, 0], love=love_of(Rin=9))
    st.held[0] = [pp_index("Bouncer")]                            # 1 card, 1 Ki -> 7
    st.held[1] = [pp_index("Popular Guy"), pp_index("Pack Rat")]  # 2 cards, 2 Ki -> 7
    st.held[2] = [pp_index("Head Over Heels"), pp_index("Gym Hero")]  # 2 cards, 4 Ki -> 7
    res = GAME.result(st)
    assert res.scores[:3] == (7, 7, 7)
    assert res.places[:3] == (3, 2, 1)
    assert res.win_shares[2] == 1.0


def test_LB_113_hair_colour_tie_is_a_shared_win():
    """LB-113: the hair colour tie breaker cannot be simulated: the win is shared."""
    st = finished(votes=[(YUKI,)] * 4, ki=[5, 5, 4, 0], love=love_of(Rin=9))
    res = GAME.result(st)
    assert res.win_shares == (0.5, 0.5, 0.0, 0.0)
    assert res.places == (1, 1, 3, 4)


def test_result_metrics_have_the_same_keys_for_ties():
    st = finished(votes=[(YUKI,), (AIKA, RIN), (AIKA,), (AIKA,)])
    res = GAME.result(st)
    assert res.metrics["otm_girl"] == "Aika+Sakiko+Rin+Yuki+Katsumi" and res.metrics["otm_tied"]
    assert res.metrics["second_girl"] == ""
    assert res.seat_metrics[1]["vote_type"] == "triangle"
    assert res.seat_metrics[1]["vote_girls"] == "Aika+Rin"

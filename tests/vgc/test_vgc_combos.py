"""Combinations (VGC-126, VGC-127, VGC-128, VGC-129, VGC-130, VGC-131, VGC-132, VGC-133, VGC-134,
VGC-135, VGC-136, VGC-137, VGC-138, 144-145, 228-232) and the combination finder, cross-checked
against a brute-force search over small hands."""
from __future__ import annotations

import random
import zlib
from itertools import combinations, permutations, product

import pytest

from simcli.games.vgc.combos import (
    NUM,
    SUIT,
    Spec,
    find_combos,
    hand_info,
    overlap,
    overlap_without,
    tile,
    useful_tiles,
)

CHICKENS, GHOSTS, STARS, HEARTS, MUSHROOMS = range(5)


def T(*pairs):
    """Tiles from (number, suit) pairs, sorted like a hand."""
    return tuple(sorted(tile(n, s) for n, s in pairs))


def beats(spec, tiles, wilds=0):
    """The exact tiles (plus ``wilds``) form the combination."""
    tiles = tuple(sorted(tiles))
    return tiles in find_combos(spec, tiles, len(tiles)) and len(tiles) + wilds == spec.size


def test_VGC_126_tiles_are_numbered_0_to_9_in_5_suits():
    """VGC-126: 50 Button Tiles, numbers 0-9 in 5 suits (VGC-009)."""
    assert sorted({NUM[t] for t in range(50)}) == list(range(10))
    assert sorted({SUIT[t] for t in range(50)}) == list(range(5))
    assert len({(NUM[t], SUIT[t]) for t in range(50)}) == 50


def test_VGC_128_228_sequence_4_to_8():
    """VGC-128, VGC-228: 4-5-6-7-8 (any suits) is a sequence."""
    seq5 = Spec("sequence", 5)
    assert beats(seq5, T((4, 0), (5, 3), (6, 1), (7, 1), (8, 4)))
    assert not beats(seq5, T((4, 0), (5, 3), (6, 1), (7, 1), (9, 4)))
    assert not beats(seq5, T((4, 0), (4, 3), (6, 1), (7, 1), (8, 4)))


def test_VGC_137_229_zero_and_nine_not_consecutive():
    """VGC-137, VGC-229: 8-9-1-2-3 is no sequence; 9-0 is no sequence (no wrap)."""
    assert not beats(Spec("sequence", 5), T((8, 0), (9, 0), (1, 0), (2, 0), (3, 0)))
    assert not beats(Spec("sequence", 2), T((9, 0), (0, 1)))
    assert not beats(Spec("sequence", 3), T((9, 0), (0, 1), (1, 1)))
    assert beats(Spec("sequence", 2), T((8, 0), (9, 1)))


def test_VGC_138_two_players_1_and_8_not_consecutive():
    """VGC-138: with 0 and 9 removed (2 players) 8 and 1 are not consecutive."""
    spec = Spec("sequence", 2, lo=1, hi=8)
    assert not beats(spec, T((8, 0), (1, 1)))
    assert beats(spec, T((7, 0), (8, 1)))
    assert not beats(Spec("sequence", 3, lo=1, hi=8), T((7, 0), (8, 1), (1, 2)))


def test_VGC_129_same_color():
    """VGC-129: tiles of one suit, any numbers."""
    spec = Spec("color", 3)
    assert beats(spec, T((0, STARS), (5, STARS), (9, STARS)))
    assert not beats(spec, T((0, STARS), (5, STARS), (9, HEARTS)))


def test_VGC_130_230_same_color_sequence_3_4_5_of_chickens():
    """VGC-130, VGC-230: the 3, 4 and 5 of Chickens beat a same-color sequence of 3."""
    spec = Spec("colorseq", 3)
    assert beats(spec, T((3, CHICKENS), (4, CHICKENS), (5, CHICKENS)))
    assert not beats(spec, T((3, CHICKENS), (4, GHOSTS), (5, CHICKENS)))
    assert not beats(spec, T((3, CHICKENS), (4, CHICKENS), (6, CHICKENS)))


def test_VGC_131_equality():
    """VGC-131: tiles with equal numbers."""
    spec = Spec("equal", 3)
    assert beats(spec, T((7, 0), (7, 2), (7, 4)))
    assert not beats(spec, T((7, 0), (7, 2), (6, 4)))


def test_VGC_132_pair_plus_pair():
    """VGC-132: two pairs."""
    spec = Spec("pairpair", 4)
    assert beats(spec, T((2, 0), (2, 1), (5, 3), (5, 4)))
    assert not beats(spec, T((2, 0), (2, 1), (5, 3), (6, 4)))


def test_VGC_133_trio_plus_pair():
    """VGC-133: a trio and a pair."""
    spec = Spec("triopair", 5)
    assert beats(spec, T((2, 0), (2, 1), (2, 2), (5, 3), (5, 4)))
    assert not beats(spec, T((2, 0), (2, 1), (3, 2), (5, 3), (5, 4)))


def test_VGC_135_four_equal_as_pair_plus_pair():
    """VGC-135: four equal numbers count as Pair + Pair."""
    assert beats(Spec("pairpair", 4), T((6, 0), (6, 1), (6, 2), (6, 3)))


def test_VGC_136_five_equal_as_trio_plus_pair():
    """VGC-136: five equal numbers count as Trio + Pair."""
    assert beats(Spec("triopair", 5), T((6, 0), (6, 1), (6, 2), (6, 3), (6, 4)))


def test_VGC_134_same_color_sequence_used_as_sequence_or_color():
    """VGC-134: consecutive tiles of one suit serve as a sequence or as a same color."""
    hand = T((3, HEARTS), (4, HEARTS), (5, HEARTS))
    assert beats(Spec("sequence", 3), hand)
    assert beats(Spec("color", 3), hand)


def test_VGC_145_exact_number_of_tiles():
    """VGC-144, VGC-145: the combination uses exactly its number of tiles: 4 tiles of a
    sequence do not beat a 3-sequence, and find_combos only offers sets of the asked size."""
    spec = Spec("sequence", 3)
    hand = T((3, 0), (4, 0), (5, 0), (6, 0))
    assert not beats(spec, hand)
    assert all(len(c) == 3 for c in find_combos(spec, hand, 3))
    assert find_combos(spec, hand, 3) == [T((3, 0), (4, 0), (5, 0)), T((4, 0), (5, 0), (6, 0))]


def test_VGC_231_play_neow_with_8_and_9():
    """VGC-231, VGC-142: Neow (first two symbols 8 and 9) is Played with an 8 and a 9 of
    any colors; its Play part is the first two symbols."""
    neow = Spec("sequence", 3, [8, 9, -1])
    assert neow.play is not None and neow.play.size == 2
    assert find_combos(neow.play, T((8, 0), (9, 3)), 2) == [T((8, 0), (9, 3))]
    assert find_combos(neow.play, T((7, 0), (8, 3)), 2) == []
    assert beats(neow, T((7, 1), (8, 0), (9, 3)))


def test_VGC_232_played_wild_needs_any_new_combination():
    """VGC-232, VGC-155, VGC-156: with the Played token as a wild, a 5-sequence is Beaten
    with any 4 tiles of a sequence, not only the tiles that would continue the Play."""
    spec = Spec("sequence", 5)
    hand = T((5, 0), (6, 1), (8, 2), (9, 3))  # 5-6-(7)-8-9 with the wild as the 7
    assert find_combos(spec, hand, 4) == [hand]
    assert find_combos(spec, T((1, 0), (2, 0), (3, 0), (7, 0)), 4) == []


def test_VGC_173_179_magazine_and_played_token_are_wilds():
    """VGC-173, VGC-178, VGC-179: each wild replaces any tile; two wilds leave 1 tile of a
    3-combination; all wilds need no tile at all."""
    spec = Spec("colorseq", 3)
    assert find_combos(spec, T((3, 0), (9, 1)), 1) == [T((3, 0)), T((9, 1))]
    assert find_combos(spec, T((3, 0), (5, 0)), 2) == [T((3, 0), (5, 0))]
    assert find_combos(spec, T((3, 0), (6, 0)), 2) == []
    assert find_combos(spec, (), 0) == [()]


# ------------------------------------------------------------------ brute force --
def _valid_full(kind, nums, suits, lo, hi, fixed) -> bool:
    """The rulebook's definition applied to a complete list of (number, suit)."""
    if any(n < lo or n > hi for n in nums if n not in fixed):
        return False
    rest = list(nums)
    for f in fixed:
        if f not in rest:
            return False
        rest.remove(f)
    s = sorted(nums)
    consecutive = len(set(s)) == len(s) and s[-1] - s[0] == len(s) - 1
    same_suit = len({x for x in suits if x >= 0}) <= 1
    if kind == "sequence":
        return consecutive
    if kind == "colorseq":
        return consecutive and same_suit
    if kind == "color":
        return same_suit
    if kind == "equal":
        return len(set(nums)) == 1
    counts = sorted((nums.count(x) for x in set(nums)), reverse=True)
    if kind == "pairpair":
        return counts in ([2, 2], [4])
    return counts in ([3, 2], [5])


def brute(spec, hand, k):
    """Every k-subset of hand that some assignment of wild values completes."""
    lo, hi = spec.lo, spec.hi
    lo = min([lo, *spec.fixed]) if spec.fixed else lo
    hi = max([hi, *spec.fixed]) if spec.fixed else hi
    out = []
    wsuits = range(5) if spec.color else (-1,)  # other kinds ignore suits
    wild_values = [(n, s) for n in range(lo, hi + 1) for s in wsuits]
    for sub in combinations(hand, k):
        nums = [NUM[t] for t in sub]
        suits = [SUIT[t] for t in sub]
        w = spec.size - k
        ok = False
        values = wild_values
        if spec.color and suits:  # a wild in a color combination takes the tiles' suit
            values = [v for v in wild_values if v[1] == suits[0]]
        for extra in product(values, repeat=w):
            full_n = nums + [e[0] for e in extra]
            full_s = suits + [e[1] for e in extra]
            # a wild stands for a tile; real tiles are unique, so no duplicates
            pairs = [p for p in zip(full_n, full_s, strict=True) if p[1] >= 0]
            if len(set(pairs)) != len(pairs) or any(full_n.count(x) > 5 for x in full_n):
                continue
            if _valid_full(spec.kind, full_n, full_s, lo, hi, spec.fixed):
                ok = True
                break
        if ok:
            out.append(sub)
    return out


SPECS = [
    ("sequence", 2, None), ("sequence", 3, None), ("sequence", 4, None),
    ("sequence", 3, [8, 9, -1]), ("colorseq", 3, None), ("colorseq", 4, None),
    ("color", 3, None), ("color", 4, None), ("equal", 2, None), ("equal", 3, None),
    ("equal", 3, [4, -1, -1]), ("pairpair", 4, None), ("triopair", 5, None),
]


@pytest.mark.parametrize("kind,size,numbers", SPECS)
@pytest.mark.parametrize("two_players", [False, True])
def test_find_combos_matches_brute_force(kind, size, numbers, two_players):
    """VGC-127: the finder agrees with a brute-force search over small random hands (with
    0-2 wilds), and overlap/useful_tiles agree with it too."""
    lo, hi = (1, 8) if two_players else (0, 9)
    spec = Spec(kind, size, numbers, lo, hi)
    rng = random.Random(zlib.crc32(f"{kind}{size}{numbers}{two_players}".encode()))
    pool = [tile(n, s) for n in range(lo, hi + 1) for s in range(5)]
    hits = [0]
    fulls = sorted(spec.valid[size])
    for i in range(40):
        hand = set(rng.sample(pool, rng.randint(0, 6 if i % 2 else 3)))
        if i % 2 == 0:  # half the hands hold most of a real combination
            nums = rng.choice(fulls)
            suit = rng.randrange(5)
            for n in nums[: rng.randint(size - 2, size)]:
                s = suit if spec.color else rng.randrange(5)
                free = [x for x in range(5) if tile(n, (s + x) % 5) not in hand]
                if lo <= n <= hi and free:
                    hand.add(tile(n, (s + free[0]) % 5))
        hand = tuple(sorted(hand))
        info = hand_info(hand)
        best = 0
        for k in range(max(0, size - 2), size + 1):
            if k > len(hand):
                continue
            if size - k > 1 and kind in ("triopair",):
                continue  # keep the brute force small
            got = find_combos(spec, hand, k)
            assert got == brute(spec, hand, k), (spec, hand, k)
            if got:
                best = max(best, k)
                hits[0] += 1
        ov = overlap(spec, info)
        assert ov >= best
        assert bool(find_combos(spec, hand, ov)) or ov == 0
        if ov < size and kind != "triopair":
            _, mask = useful_tiles(spec, info)
            for t in pool:
                if t in hand:
                    continue
                more = tuple(sorted(hand + (t,)))
                assert (overlap(spec, hand_info(more)) > ov) == bool(mask >> t & 1)
    assert hits[0] >= 8  # the check saw real combinations, not only misses


def test_overlap_is_the_largest_usable_subset():
    """overlap = the most hand tiles one full combination can use (exhaustive check)."""
    rng = random.Random(7)
    for kind, size, numbers in SPECS:
        spec = Spec(kind, size, numbers)
        for _ in range(30):
            hand = tuple(sorted(rng.sample(range(50), rng.randint(1, 7))))
            best = max(k for k in range(0, min(size, len(hand)) + 1)
                       if k == 0 or find_combos(spec, hand, k))
            assert overlap(spec, hand_info(hand)) == best


def test_permutation_of_hand_order_does_not_matter():
    spec = Spec("sequence", 3)
    hand = T((3, 0), (4, 1), (5, 2), (5, 3))
    for perm in permutations(hand):
        assert find_combos(spec, tuple(sorted(perm)), 3) == find_combos(spec, hand, 3)


def test_overlap_without_matches_a_fresh_hand():
    """overlap_without(t) equals overlap of the hand rebuilt without t."""
    rng = random.Random(3)
    specs = [Spec(kind, size, numbers) for kind, size, numbers in SPECS]
    for _ in range(300):
        hand = tuple(sorted(rng.sample(range(50), rng.randint(1, 9))))
        info = hand_info(hand)
        for spec in specs:
            for t in hand:
                rest = tuple(x for x in hand if x != t)
                assert overlap_without(spec, info, t) == overlap(spec, hand_info(rest))

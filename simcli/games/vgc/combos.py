"""Combinations of Button Tiles: the one combination finder every part of VGC uses.

A Button Tile is an int ``t = number * 5 + suit`` (numbers 0-9, 5 suits), so a hand kept
sorted is sorted by number. A combination is a :class:`Spec`: a kind (sequence, color,
colorseq, equal, pairpair, triopair), a size (symbols) and optionally a fixed number per
symbol (-1 = any). A wild (a Played token or a Magazine) stands for any one symbol.

* :func:`find_combos` lists every set of exactly ``k`` hand tiles that, together with
  ``size - k`` wilds, forms the combination (what the rules offer as options).
* :func:`overlap` is the most hand tiles one full combination can use (so the hand plus
  ``w`` wilds can complete it iff ``overlap + w >= size``).
* :func:`useful_tiles` is the bit mask of tiles that would raise ``overlap`` by one.

Validity depends only on the tiles' numbers (as a sorted tuple) and, for the colour
kinds, on all tiles sharing a suit: equal numbers always come in different suits because
every tile is unique. Each spec precomputes, per ``k``, the set of number tuples that
are part of some full combination.
"""
from __future__ import annotations

from itertools import combinations

KINDS = ("sequence", "color", "colorseq", "equal", "pairpair", "triopair")
COLOR_KINDS = ("color", "colorseq")
N_SUITS = 5
N_NUMBERS = 10

NUM = tuple(t // N_SUITS for t in range(50))
SUIT = tuple(t % N_SUITS for t in range(50))
#: bits set in each numbers mask (every mask over the 10 numbers is below 1024)
POPCOUNT = tuple(m.bit_count() for m in range(1024))


def tile(number: int, suit: int) -> int:
    return number * N_SUITS + suit


# tiles mask of all suits of each number in a number mask; and of one suit
NUMS_TILES = tuple(
    sum(0b11111 << (N_SUITS * n) for n in range(N_NUMBERS) if m >> n & 1) for m in range(1024)
)
SUIT_NUMS_TILES = tuple(
    tuple(sum(1 << (N_SUITS * n + s) for n in range(N_NUMBERS) if m >> n & 1) for m in range(1024))
    for s in range(N_SUITS)
)


def full_number_sets(kind: str, size: int, lo: int, hi: int) -> list[tuple[int, ...]]:
    """Every full combination of ``kind``/``size`` as a sorted tuple of numbers."""
    nums = range(lo, hi + 1)
    if kind in ("sequence", "colorseq"):
        return [tuple(range(a, a + size)) for a in range(lo, hi - size + 2)]
    if kind == "color":
        return list(combinations(nums, size))
    if kind == "equal":
        return [(n,) * size for n in nums]
    if kind == "pairpair":
        out = [tuple(sorted((a, a, b, b))) for a, b in combinations(nums, 2)]
        return out + [(a,) * 4 for a in nums]
    if kind == "triopair":
        out = [tuple(sorted((a, a, a, b, b))) for a in nums for b in nums if a != b]
        return out + [(a,) * 5 for a in nums]
    raise ValueError(kind)


def _contains(big: tuple[int, ...], small: tuple[int, ...]) -> bool:
    rest = list(big)
    for x in small:
        if x in rest:
            rest.remove(x)
        else:
            return False
    return True


class Spec:
    """A combination printed on a game card (or its 2-symbol Play part)."""

    __slots__ = ("kind", "size", "numbers", "color", "valid", "fixed", "runs", "eq_number",
                 "lo", "hi", "play", "run_cache")

    def __init__(self, kind: str, size: int, numbers=None, lo: int = 0, hi: int = 9):
        if kind not in KINDS:
            raise ValueError(f"unknown combination {kind!r}; choose one of {', '.join(KINDS)}")
        numbers = tuple(numbers) if numbers else (-1,) * size
        if len(numbers) != size:
            raise ValueError(f"numbers has {len(numbers)} entries for size {size}")
        self.kind, self.size, self.numbers = kind, size, numbers
        self.lo, self.hi = lo, hi
        self.color = kind in COLOR_KINDS
        self.fixed = tuple(sorted(n for n in numbers if n >= 0))
        if self.fixed:  # a printed number outside the tiles in play (2P: 0, 9) is kept;
            lo, hi = min(lo, self.fixed[0]), max(hi, self.fixed[-1])  # only a wild fits it
        fulls = [m for m in full_number_sets(kind, size, lo, hi) if _contains(m, self.fixed)]
        if not fulls:
            raise ValueError(f"no {kind} of size {size} with numbers {list(numbers)} exists")
        valid = []
        for k in range(size + 1):
            keys: set[tuple[int, ...]] = set()
            for m in fulls:
                keys.update(combinations(m, k))
            valid.append(frozenset(keys))
        self.valid = tuple(valid)
        self.runs = tuple(sum(1 << n for n in m) for m in fulls) if kind in (
            "sequence", "colorseq") else ()
        self.eq_number = self.fixed[0] if kind == "equal" and self.fixed else -1
        self.run_cache: dict[int, tuple[int, int]] = {}  # numbers mask -> run_info
        self.play = None
        if size >= 3:
            play_kind = "equal" if kind in ("pairpair", "triopair") else kind
            self.play = Spec(play_kind, 2, numbers[:2], lo, hi)

    def __repr__(self) -> str:
        fixed = "" if not self.fixed else f" {list(self.numbers)}"
        return f"{self.kind}-{self.size}{fixed}"


def hand_info(hand) -> tuple[int, list[int], list[int]]:
    """(mask of numbers held, count per number, mask of numbers held per suit)."""
    numask = 0
    counts = [0] * N_NUMBERS
    suits = [0] * N_SUITS
    for t in hand:
        n = t // 5  # NUM[t] and SUIT[t] (N_SUITS = 5), as C integers when compiled
        s = t % 5
        b = 1 << n
        numask |= b
        counts[n] += 1
        suits[s] |= b
    return numask, counts, suits


def _pairs_overlap(kind: str, counts: list[int]) -> int:
    a = b = 0  # the two largest counts
    for c in counts:
        if c > a:
            a, b = c, a
        elif c > b:
            b = c
    if kind == "pairpair":
        return max(min(a, 2) + min(b, 2), min(a, 4))
    return max(min(a, 3) + min(b, 2), min(a, 5))


def run_info(spec: Spec, mask: int) -> tuple[int, int]:
    """For the run kinds: (most numbers of ``mask`` inside one run, numbers that would
    raise it), cached per spec and mask (at most 1024 entries)."""
    got = spec.run_cache.get(mask)
    if got is None:
        m = mask
        best, useful = 0, 0
        for run in spec.runs:
            c = POPCOUNT[run & m]
            if c > best:
                best, useful = c, run & ~m
            elif c == best:
                useful |= run & ~m
        if best >= spec.size:
            useful = 0
        got = spec.run_cache[mask] = (best, useful)
    return got


def overlap(spec: Spec, info) -> int:
    """Most tiles of the hand (given as ``hand_info``) one full combination can use."""
    numask, counts, suits = info
    kind = spec.kind
    if kind == "sequence":
        return run_info(spec, numask)[0]
    best = 0
    if kind == "colorseq":
        for sm in suits:
            if sm:
                c = run_info(spec, sm)[0]
                if c > best:
                    best = c
        return best
    if kind == "color":
        for sm in suits:
            c = POPCOUNT[sm]
            if c > best:
                best = c
        size = spec.size
        return min(size, best)
    if kind == "equal":
        size = spec.size
        if spec.eq_number >= 0:
            return min(size, counts[spec.eq_number])
        return min(size, max(counts))
    return _pairs_overlap(kind, counts)


def overlap_without(spec: Spec, info, t: int) -> int:
    """``overlap`` of the hand without its tile ``t`` (cheaper than a new hand_info)."""
    numask, counts, suits = info
    n = t // 5  # NUM[t] and SUIT[t] (N_SUITS = 5), as C integers when compiled
    s = t % 5
    kind = spec.kind
    if kind == "sequence":
        return run_info(spec, numask if counts[n] > 1 else numask & ~(1 << n))[0]
    if kind == "colorseq":
        best = 0
        for x, sm in enumerate(suits):
            if x == s:
                sm &= ~(1 << n)
            if sm:
                c = run_info(spec, sm)[0]
                if c > best:
                    best = c
        return best
    if kind == "color":
        best = 0
        for x, sm in enumerate(suits):
            c = POPCOUNT[sm] - (x == s)
            if c > best:
                best = c
        size = spec.size
        return min(size, best)
    counts = list(counts)
    counts[n] -= 1
    if kind == "equal":
        size = spec.size
        if spec.eq_number >= 0:
            return min(size, counts[spec.eq_number])
        return min(size, max(counts))
    return _pairs_overlap(kind, counts)


def useful_tiles(spec: Spec, info) -> tuple[int, int]:
    """(overlap, mask of tiles not in hand whose addition raises the overlap)."""
    numask, counts, suits = info
    kind, size = spec.kind, spec.size
    if kind == "sequence":
        best, nums = run_info(spec, numask)
        return best, NUMS_TILES[nums]
    if kind == "colorseq":
        infos = [run_info(spec, sm) for sm in suits]
        best = 0
        for got in infos:  # max over the suits
            if got[0] > best:
                best = got[0]
        if best >= size:
            return best, 0
        mask = 0
        for s in range(N_SUITS):
            if infos[s][0] == best:
                mask |= SUIT_NUMS_TILES[s][infos[s][1]]
        return best, mask
    best = overlap(spec, info)
    if best >= size:
        return best, 0
    mask = 0
    if kind == "color":
        full = 0
        for n in range(spec.lo, spec.hi + 1):
            full |= 1 << n
        for s in range(N_SUITS):
            if POPCOUNT[suits[s]] == best:
                mask |= SUIT_NUMS_TILES[s][full & ~suits[s]]
        return best, mask
    if kind == "equal":
        for n in range(spec.lo, spec.hi + 1):
            if spec.eq_number >= 0 and n != spec.eq_number:
                continue
            if counts[n] == best:
                mask |= 1 << n
        return best, _unheld(NUMS_TILES[mask], suits)
    for n in range(spec.lo, spec.hi + 1):
        if counts[n] < N_SUITS:
            counts[n] += 1
            if _pairs_overlap(kind, counts) > best:
                mask |= 1 << n
            counts[n] -= 1
    return best, _unheld(NUMS_TILES[mask], suits)


def _unheld(tiles: int, suits: list[int]) -> int:
    for s in range(N_SUITS):
        tiles &= ~SUIT_NUMS_TILES[s][suits[s]]
    return tiles


def find_combos(spec: Spec, hand, k: int, info=None, ov: int = -1) -> list[tuple[int, ...]]:
    """Every set of exactly ``k`` tiles of ``hand`` (sorted) that with ``spec.size - k``
    wilds forms ``spec``: a list of sorted tile tuples. ``ov`` may pass a known
    ``overlap`` of the hand."""
    if k == 0:
        return [()]
    if k > len(hand) or k > spec.size:
        return []
    if ov < 0:
        if info is None:
            info = hand_info(hand)
        ov = overlap(spec, info)
    if ov < k:
        return []
    valid = spec.valid[k]
    out = []
    if spec.color:
        by_suit: list[list[int]] = [[] for _ in range(N_SUITS)]
        for t in hand:
            by_suit[SUIT[t]].append(t)
        for group in by_suit:
            if len(group) >= k:
                for c in combinations(group, k):
                    if tuple([NUM[t] for t in c]) in valid:
                        out.append(c)
        out.sort()
        return out
    for c in combinations(hand, k):
        if tuple([NUM[t] for t in c]) in valid:
            out.append(c)
    return out


def can_complete(spec: Spec, hand, wilds: int) -> bool:
    """Whether the hand plus up to ``wilds`` wilds can form ``spec``."""
    return overlap(spec, hand_info(hand)) + wilds >= spec.size

"""The round of VGHS as a stack of steps: automatic steps and player choices.

``advance(state)`` runs automatic steps until a choice with two or more options is due
(it becomes ``state.pending``) or the game ends. A choice with a single legal option is
played at once, so strategies and histories only see real choices.
"""
from __future__ import annotations

from itertools import combinations_with_replacement, product

from simcli.engine import MAX_AUTO_STEPS, Decision, step_cap_error
from simcli.seeding import wake

from .ruleset import (
    CAFETERIA,
    CLASS,
    DICE,
    GTA,
    KOJIMA,
    N_FACES,
    OFFICE,
    SKILLS,
    STANDEES,
    VIDEO_GAME,
    WILD,
)
from .state import State, move_ranks

# a Decision built by tuple.__new__: the same named tuple without its Python-level
# __new__ (half the cost; the games build one per decision)
_new_tuple = tuple.__new__

# ---------------------------------------------------------------------------------------
# helpers


def say(s: State, text: str) -> None:
    if s.log is not None:
        s.log.append(text)


def end_game(s: State, reason: str) -> None:
    s.over = True
    s.end_reason = reason
    s.stack.clear()
    s.pending = None
    if s.log is not None:
        say(s, f"Game over ({reason}) after round {s.round}.")


def gain_rank(s: State, deltas: dict[int, int]) -> None:
    """Gain/lose rank (VGHS-087..091); reaching space 1 ends the game (VGHS-097)."""
    move_ranks(s.rank, deltas)
    if s.log is not None:
        for p, d in deltas.items():
            say(s, f"P{p + 1} {'gains' if d > 0 else 'loses'} {abs(d)} rank -> space "
                   f"{s.rank[p]}")
    if 1 in s.rank:
        end_game(s, "rank1")


def roll(s: State, n: int, kept=(0, 0, 0, 0, 0, 0)) -> list[int]:
    """Roll n dice on top of the ``kept`` counts per face."""
    counts = list(kept)
    wake(s.rng)
    rnd = s.rng.random
    faces = N_FACES
    for _i in range(n):
        r = rnd()
        counts[int(r * faces)] += 1
    return counts


def push(s: State, *tasks: tuple) -> None:
    """Schedule ``tasks`` to run next, in the order given."""
    s.stack.extend(reversed(tasks))


def gain_tokens(s: State, p: int, skill: int, perm: bool, n: int) -> int:
    """Take up to n tokens of ``skill`` from the supply into the active pool (VGHS-082)."""
    k = min(n, s.supply[skill])
    if k:
        s.supply[skill] -= k
        (s.perm_a if perm else s.temp_a)[p][skill] += k
        if s.log is not None:
            say(s, f"P{p + 1} gains {k} {'permanent' if perm else 'temporary'} "
                   f"{SKILLS[skill]} token(s)")
    return k


_KEEP: dict[tuple, tuple] = {}


def keep_options(counts: tuple) -> tuple:
    """Every way to keep some dice, as kept counts per face (dice of a face are alike)."""
    opts = _KEEP.get(counts)
    if opts is None:
        opts = tuple(product(*(range(c + 1) for c in counts)))
        _KEEP[counts] = opts
    return opts


# ---------------------------------------------------------------------------------------
# round: prepare phase


def round_start(s: State, task: tuple) -> None:
    """Reveal Challenge (VGHS-042, VGHS-098), then Roll Dice for everyone (VGHS-045)."""
    if not s.deck:
        end_game(s, "deck_empty")
        return
    s.round += 1
    s.challenge = s.deck.pop()
    if s.log is not None:
        say(s, f"Round {s.round}: challenge {s.rules.challenges[s.challenge].name}")
    s.rolling = True
    steps = []
    for i in range(s.n):
        p = (s.first + i) % s.n
        s.dice[p] = roll(s, DICE)
        ch = s.rules.characters[s.char[p]]
        rerolls = s.rules.params["rerolls"]
        if ch.ability == "extra_reroll":
            rerolls += ch.amount
        if rerolls:
            steps.append(("reroll", p, rerolls))
        if ch.ability == "change_die":
            steps.append(("change_die", p, ch.amount, "ability"))
    steps.append(("prepare_rest",))
    push(s, *steps)


def opts_reroll(s: State, task: tuple) -> tuple:
    return keep_options(tuple(s.dice[task[1]]))


def do_reroll(s: State, task: tuple, kept: tuple) -> None:
    """Reroll the dice not kept (VGHS-046/047); keeping all ends the rolling."""
    _, p, left = task
    counts = s.dice[p]
    if tuple(counts) == kept:
        return
    s.dice[p] = roll(s, DICE - sum(kept), kept)
    if left > 1:
        s.stack.append(("reroll", p, left - 1))


def prepare_rest(s: State, task: tuple) -> None:
    """Refresh Skill Tokens (VGHS-049/050) and Retrieve Standees (VGHS-051)."""
    s.rolling = False
    for p in range(s.n):
        pa, pi, ti = s.perm_a[p], s.perm_i[p], s.temp_i[p]
        for t in range(N_FACES):
            if pi[t]:
                pa[t] += pi[t]
                pi[t] = 0
            if ti[t]:
                s.supply[t] += ti[t]
                ti[t] = 0
        s.left[p] = STANDEES
        s.on_gta[p] = 0
    s.occ[:] = [0] * len(s.rules.locations)
    s.open = s.rules.all_locations
    s.stack.append(("place", s.first))


# ---------------------------------------------------------------------------------------
# player turns phase


def opts_place(s: State, task: tuple) -> tuple:
    return s.open


def do_place(s: State, task: tuple, loc: int) -> None:
    """Place a standee (VGHS-053), then maybe a power-up, then resolve (VGHS-054)."""
    p = task[1]
    s.occ[loc] += 1
    s.left[p] -= 1
    location = s.rules.locations[loc]
    if s.occ[loc] >= location.capacity:
        o = s.open
        k = o.index(loc)
        s.open = o[:k] + o[k + 1:]
    if s.log is not None:
        say(s, f"P{p + 1} places a standee on {location.name}")
    if location.kind == GTA:
        s.on_gta[p] += 1
    stack = s.stack
    stack.append(("next_turn", p))
    if s.hand[p]:
        stack.append(("resolve", p, loc))
        stack.append(("power_up", p, loc))
    else:
        resolve(s, ("resolve", p, loc))


def next_turn(s: State, task: tuple) -> None:
    """Play passes clockwise until every standee is placed (VGHS-055/056)."""
    if any(s.sym):
        s.sym[:] = [0] * N_FACES
    p = task[1]
    n = s.n
    left = s.left
    for i in range(1, n + 1):
        q = (p + i) % n
        if left[q]:
            s.stack.append(("place", q))
            return
    s.stack.append(("challenge_phase",))


def opts_power_up(s: State, task: tuple) -> tuple:
    """'none' and every card in hand whose play would change something here."""
    _, p, loc = task
    hand = s.hand[p]
    if not hand:
        return ()
    cards = s.rules.cards
    location = s.rules.locations[loc]
    playable = tuple(c for c in hand
                     if cards[c].always or card_matters(s, p, cards[c].effect, location))
    return ("none", *playable) if playable else ()


def card_matters(s: State, p: int, effect: tuple, location) -> bool:
    """False for a play that changes nothing: skill symbols where they cannot be spent
    (not a video game of their type, not a challenge needing them), taking the first
    player token one holds, resetting when no game has a high score, changing dice
    without dice. Such plays only lose the card, so they are not offered."""
    for step in effect:
        op = step[0]
        if op == "skills":
            kind = location.kind
            if kind == VIDEO_GAME and step[1] in (WILD, location.skill):
                return True
            if kind == GTA and s.challenge >= 0 and (
                    step[1] == WILD or s.rules.challenges[s.challenge].needed[step[1]]):
                return True
        elif op == "take_first_player":
            if s.first != p:
                return True
        elif op == "reset_high_score":
            if any(s.hs):
                return True
        elif op == "change_die":
            if any(s.dice[p]):
                return True
        else:
            return True
    return False


def do_power_up(s: State, task: tuple, card: int | str) -> None:
    """Play at most one power-up a turn (VGHS-079); it goes to the inactive pool (VGHS-080)."""
    if card == "none":
        return
    p = task[1]
    s.hand[p].remove(card)
    s.played[p].append(card)
    s.stats[p][3] += 1
    c = s.rules.cards[card]
    if s.log is not None:
        say(s, f"P{p + 1} plays power-up {c.name}")
    push(s, *(("step", p, step) for step in c.effect))


def resolve(s: State, task: tuple) -> None:
    _, p, loc = task
    location = s.rules.locations[loc]
    kind = location.kind
    if kind == VIDEO_GAME:
        s.stack.append(("score", p, location.index))
    elif kind == GTA:
        push(s, *(("challenge", p),) * location.activations)
    elif kind == KOJIMA:
        if location.activations:
            s.stack.append(("kojima", p, location.activations))
    elif kind == CAFETERIA:
        if location.activations:
            s.stack.append(("change_die", p, location.activations, "cafeteria"))
    elif kind == CLASS:
        s.stack.append(("class", p, loc, location.activations, ""))
    elif kind == OFFICE:
        s.first = p
        if s.log is not None:
            say(s, f"P{p + 1} takes the first player token")


# -- video games ---------------------------------------------------------------------------


def skill_stock(s: State, p: int, skill: int) -> tuple[int, int]:
    """(tokens, dice) that can pay for ``skill``, wilds included (VGHS-086)."""
    return (s.perm_a[p][skill] + s.temp_a[p][skill] + s.perm_a[p][WILD] + s.temp_a[p][WILD],
            s.dice[p][skill] + s.dice[p][WILD])


_SCORE: dict[tuple, tuple] = {}


def opts_score(s: State, task: tuple) -> tuple:
    _, p, g = task
    key = skill_stock(s, p, s.rules.locations[s.rules.video_games[g]].skill)
    opts = _SCORE.get(key)
    if opts is None:
        opts = tuple(product(range(key[0] + 1), range(key[1] + 1)))
        _SCORE[key] = opts
    return opts


def spend_tokens(s: State, p: int, skill: int, k: int) -> None:
    """Spend k tokens: permanent before temporary, the skill's own before Wild."""
    if not k:
        return
    for t in (skill, WILD):
        for active, inactive in ((s.perm_a[p], s.perm_i[p]), (s.temp_a[p], s.temp_i[p])):
            m = min(k, active[t])
            if m:
                active[t] -= m
                inactive[t] += m
                k -= m
    assert k == 0


def spend_dice(s: State, p: int, skill: int, k: int) -> None:
    """Spend k dice: the skill's own faces before Wild faces."""
    d = s.dice[p]
    m = min(k, d[skill])
    d[skill] -= m
    d[WILD] -= k - m
    assert d[WILD] >= 0


def do_score(s: State, task: tuple, action: tuple) -> None:
    """Set a score (VGHS-061..067): 1 million and 1 rank per skill spent; a new high score
    takes the bonus tokens for 1 rank each and gets a high score token."""
    _, p, g = task
    kt, kd = action
    skill = s.rules.locations[s.rules.video_games[g]].skill
    spend_tokens(s, p, skill, kt)
    spend_dice(s, p, skill, kd)
    score = kt + kd + s.sym[skill] + s.sym[WILD]
    s.sym[skill] = s.sym[WILD] = 0
    ch = s.rules.characters[s.char[p]]
    if score and ch.ability == "score_bonus" and ch.skill == skill:
        score += ch.amount
    gain = score
    name = s.rules.locations[s.rules.video_games[g]].name
    if score > s.hs[g]:
        s.hs[g] = score
        gain += s.bonus[g]
        s.bonus_supply += s.bonus[g]
        if s.log is not None:
            say(s, f"P{p + 1} sets a new high score of {score} million on {name} "
                   f"(+{s.bonus[g]} bonus)")
        s.bonus[g] = 0
        s.hs_token[g] = True
        s.stats[p][1] += 1
    else:
        if s.log is not None:
            say(s, f"P{p + 1} scores {score} million on {name}")
    s.stats[p][2] += gain
    if gain:
        gain_rank(s, {p: gain})


# -- Grand Theft Auditorium -------------------------------------------------------------------


def challenge_payment(s: State, p: int, needed: tuple, tokens_first: bool):
    """The spending of a plan, or None if it cannot pay: symbols first, then the skill's
    own tokens and dice (tokens or dice first), then Wild symbols, dice and tokens."""
    sym = list(s.sym)
    perm, temp, dice = list(s.perm_a[p]), list(s.temp_a[p]), list(s.dice[p])
    short = 0
    for t, n in enumerate(needed):
        if not n:
            continue
        pools = (perm, temp, dice) if tokens_first else (dice, perm, temp)
        for pool in (sym, *pools):
            m = min(n, pool[t])
            pool[t] -= m
            n -= m
        short += n
    pools = (perm, temp, dice) if tokens_first else (dice, perm, temp)
    for pool in (sym, *pools):
        m = min(short, pool[WILD])
        pool[WILD] -= m
        short -= m
    if short:
        return None
    return sym, perm, temp, dice


def opts_challenge(s: State, task: tuple) -> tuple:
    """'skip', and the payment orders that can defeat the challenge; 'dice_first' only
    when it spends differently from 'tokens_first'."""
    p = task[1]
    needed = s.rules.challenges[s.challenge].needed
    pa, ta, d, sym = s.perm_a[p], s.temp_a[p], s.dice[p], s.sym
    short = 0
    differ = False
    for t, n in enumerate(needed):
        if n:
            n -= sym[t]
            if n > 0:
                tokens = pa[t] + ta[t]
                if tokens + d[t] < n:
                    short += n - tokens - d[t]
                elif tokens and d[t] and n < tokens + d[t]:
                    differ = True
    if short:
        short -= sym[WILD]
        if short > 0:
            tokens = pa[WILD] + ta[WILD]
            if tokens + d[WILD] < short:
                return ()
            if tokens and d[WILD] and short < tokens + d[WILD]:
                differ = True
    return ("skip", "tokens_first", "dice_first") if differ else ("skip", "tokens_first")


def do_challenge(s: State, task: tuple, action: str) -> None:
    """Spend the needed skills (VGHS-068/070) and gain the Victory effect (VGHS-069)."""
    if action == "skip":
        return
    p = task[1]
    c = s.rules.challenges[s.challenge]
    sym, perm, temp, dice = challenge_payment(s, p, c.needed, action == "tokens_first")
    for t in range(N_FACES):
        s.perm_i[p][t] += s.perm_a[p][t] - perm[t]
        s.temp_i[p][t] += s.temp_a[p][t] - temp[t]
    s.perm_a[p], s.temp_a[p], s.dice[p] = perm, temp, dice
    s.sym[:] = sym
    s.stats[p][0] += 1
    s.defeated += 1
    if s.log is not None:
        say(s, f"P{p + 1} defeats the challenge {c.name}")
    steps = [("step", p, step) for step in c.victory]
    ch = s.rules.characters[s.char[p]]
    if ch.ability == "challenge_bonus":
        steps.append(("step", p, ("rank", ch.amount)))
    push(s, *steps)


# -- Kojima Quad, Cafeteria, classes -------------------------------------------------------------


def opts_kojima(s: State, task: tuple) -> tuple:
    p = task[1]
    d = s.dice[p]
    faces = [f for f in range(N_FACES) if d[f]]
    if not faces or not s.played[p]:
        return ()
    return ("skip", *((c, f) for c in sorted(s.played[p]) for f in faces))


def do_kojima(s: State, task: tuple, action) -> None:
    """Spend 1 die of any face to take a power-up back into hand (VGHS-071/072)."""
    if action == "skip":
        return
    _, p, left = task
    card, face = action
    s.dice[p][face] -= 1
    s.played[p].remove(card)
    s.hand[p].append(card)
    if s.log is not None:
        say(s, f"P{p + 1} takes {s.rules.cards[card].name} back into hand")
    if left > 1:
        s.stack.append(("kojima", p, left - 1))


def opts_change_die(s: State, task: tuple) -> tuple:
    d = s.dice[task[1]]
    return ("done", *((a, b) for a in range(N_FACES) if d[a] for b in range(N_FACES)
                      if b != a))


def do_change_die(s: State, task: tuple, action) -> None:
    """Change the face of a die (Cafeteria, VGHS-060/101), up to the activations."""
    if action == "done":
        return
    _, p, left, source = task
    a, b = action
    s.dice[p][a] -= 1
    s.dice[p][b] += 1
    if s.log is not None:
        say(s, f"P{p + 1} turns a {SKILLS[a]} die to {SKILLS[b]}")
    if left > 1:
        s.stack.append(("change_die", p, left - 1, source))


def class_cost(s: State, p: int, mode: str) -> int:
    params = s.rules.params
    if mode == "temp":
        return params["class_temp_cost"]
    ch = s.rules.characters[s.char[p]]
    cost = params["class_perm_cost"]
    if ch.ability == "class_discount":
        cost = max(1, cost - ch.amount)
    return cost


def opts_class(s: State, task: tuple) -> tuple:
    _, p, loc, left, mode = task
    skill = s.rules.locations[loc].skill
    if not s.supply[skill]:
        return ()
    d = s.dice[p]
    temp_cost, perm_cost = s.costs[p]
    if s.rules.params["class_dice_any_face"]:
        key = (*d, mode, temp_cost, perm_cost)
    else:
        key = (*(d[f] if f in (skill, WILD) else 0 for f in range(N_FACES)), mode,
               temp_cost, perm_cost)
    opts = _CLASS.get(key)
    if opts is None:
        opts = _CLASS[key] = _class_options(key[:N_FACES], *key[N_FACES:])
    return opts


_CLASS: dict[tuple, tuple] = {}


def _class_options(d: tuple, mode: str, temp_cost: int, perm_cost: int) -> tuple:
    """Ways to pay the next class activation with the dice ``d`` (counts per face)."""
    faces = tuple(f for f in range(N_FACES) if d[f])
    opts: list = ["done"]
    for m in ((mode,) if mode else ("temp", "perm")):
        for pay in combinations_with_replacement(faces, temp_cost if m == "temp" else perm_cost):
            if all(pay.count(f) <= d[f] for f in set(pay)):
                opts.append((m, pay))
    return tuple(opts) if len(opts) > 1 else ()


def do_class(s: State, task: tuple, action) -> None:
    """Buy a skill token of the class's type with dice only (VGHS-073..077); every
    activation of one placement buys the same kind (temporary or permanent)."""
    if action == "done":
        return
    _, p, loc, left, _ = task
    mode, pay = action
    for f in pay:
        s.dice[p][f] -= 1
    gain_tokens(s, p, s.rules.locations[loc].skill, mode == "perm", 1)
    if left > 1:
        s.stack.append(("class", p, loc, left - 1, mode))


# ---------------------------------------------------------------------------------------
# effects of cards


def do_step(s: State, task: tuple) -> None:
    _, p, step = task
    op = step[0]
    if op == "rank":
        gain_rank(s, {p: step[1]})
    elif op == "skills":
        s.sym[step[1]] += step[2]
    elif op in ("gain_temp", "gain_perm"):
        perm = op == "gain_perm"
        if step[1] >= 0:
            gain_tokens(s, p, step[1], perm, step[2])
        else:
            s.stack.append(("gain", p, perm, step[2]))
    elif op in ("lose_temp", "lose_perm"):
        s.stack.append(("lose", p, op == "lose_perm", step[1]))
    elif op == "discard_hand":
        s.played[p].extend(s.hand[p])
        s.hand[p] = []
        if s.log is not None:
            say(s, f"P{p + 1} discards the power-up cards in hand")
    elif op == "change_die":
        s.stack.append(("change_die", p, step[1], "card"))
    elif op == "reset_high_score":
        s.stack.append(("reset_hs", p))
    elif op == "take_first_player":
        s.first = p
        if s.log is not None:
            say(s, f"P{p + 1} takes the first player token")


def opts_gain(s: State, task: tuple) -> tuple:
    return tuple(t for t in range(N_FACES) if s.supply[t])


def do_gain(s: State, task: tuple, skill: int) -> None:
    """A token of any type (VGHS-083)."""
    _, p, perm, n = task
    gain_tokens(s, p, skill, perm, 1)
    if n > 1:
        s.stack.append(("gain", p, perm, n - 1))


def opts_lose(s: State, task: tuple) -> tuple:
    _, p, perm, _ = task
    if perm:
        return tuple(t for t in range(N_FACES) if s.perm_a[p][t] + s.perm_i[p][t])
    return tuple(t for t in range(N_FACES) if s.temp_a[p][t])


def do_lose(s: State, task: tuple, skill: int) -> None:
    _, p, perm, n = task
    if perm:
        pool = s.perm_i[p] if s.perm_i[p][skill] else s.perm_a[p]
    else:
        pool = s.temp_a[p]
    pool[skill] -= 1
    s.supply[skill] += 1
    if s.log is not None:
        say(s, f"P{p + 1} loses a {'permanent' if perm else 'temporary'} {SKILLS[skill]} token")
    if n > 1:
        s.stack.append(("lose", p, perm, n - 1))


def opts_reset_hs(s: State, task: tuple) -> tuple:
    return tuple(g for g, h in enumerate(s.hs) if h)


def do_reset_hs(s: State, task: tuple, g: int) -> None:
    s.hs[g] = 0
    if s.log is not None:
        say(s, f"P{task[1] + 1} resets the high score of "
               f"{s.rules.locations[s.rules.video_games[g]].name}")


# ---------------------------------------------------------------------------------------
# challenge phase


def challenge_phase(s: State, task: tuple) -> None:
    """Resolve Challenge: everyone without a standee on Grand Theft Auditorium suffers the
    Game Over effect (VGHS-093), rank changes at once (VGHS-091), the rest in turn order."""
    c = s.rules.challenges[s.challenge]
    absent = [(s.first + i) % s.n for i in range(s.n) if not s.on_gta[(s.first + i) % s.n]]
    deltas: dict[int, int] = {}
    steps = []
    for p in absent:
        s.stats[p][4] += 1
        for step in c.game_over:
            if step[0] == "rank":
                deltas[p] = deltas.get(p, 0) + step[1]
            else:
                steps.append(("step", p, step))
    if absent:
        if s.log is not None:
            say(s, f"Game over of {c.name} for " + ", ".join(f"P{p + 1}" for p in absent))
    if deltas:
        gain_rank(s, deltas)
        if s.over:
            return
    push(s, *steps, ("end_round",))


def end_round(s: State, task: tuple) -> None:
    """Remove the challenge (VGHS-094), add bonus points (VGHS-095), clear high score
    tokens (VGHS-096), start the next round (VGHS-092)."""
    s.challenge = -1
    for g in range(len(s.hs)):
        if not s.hs_token[g] and s.bonus_supply:
            s.bonus[g] += 1
            s.bonus_supply -= 1
        s.hs_token[g] = False
    push(s, ("round_start",))


# ---------------------------------------------------------------------------------------

AUTO = {
    "round_start": round_start,
    "prepare_rest": prepare_rest,
    "next_turn": next_turn,
    "resolve": resolve,
    "step": do_step,
    "challenge_phase": challenge_phase,
    "end_round": end_round,
}

CHOICES = {
    "reroll": (opts_reroll, do_reroll),
    "place": (opts_place, do_place),
    "power_up": (opts_power_up, do_power_up),
    "score": (opts_score, do_score),
    "challenge": (opts_challenge, do_challenge),
    "kojima": (opts_kojima, do_kojima),
    "change_die": (opts_change_die, do_change_die),
    "class": (opts_class, do_class),
    "gain": (opts_gain, do_gain),
    "lose": (opts_lose, do_lose),
    "reset_hs": (opts_reset_hs, do_reset_hs),
}


STEPS: dict[str, tuple] = {}


def register() -> None:
    """(Re)build the table of steps: kind -> (options or None, function)."""
    STEPS.clear()
    STEPS.update({kind: (None, fn) for kind, fn in AUTO.items()})
    STEPS.update(CHOICES)


def advance(s: State) -> None:
    """Run steps until a real choice is pending or the game is over."""
    stack = s.stack
    s.pending = None
    steps = STEPS
    count = 0
    while stack and not s.over:
        count += 1
        if count > MAX_AUTO_STEPS:
            raise step_cap_error(count)
        task = stack.pop()
        options_fn, fn = steps[task[0]]
        if options_fn is None:
            fn(s, task)
            continue
        opts = options_fn(s, task)
        if not opts:
            continue
        if len(opts) == 1:
            fn(s, task, opts[0])
            continue
        s.task = task
        s.pending = _new_tuple(Decision, (task[1], task[0], opts))
        return


register()

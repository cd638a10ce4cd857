"""Pitch hand scoring (RULES.md §1.9, §1.11, §3) and its game-end policies (§1.12).

A hand is scored by category (High, Low, Jack, … Game, or the 10-point family's
point cards), each credited to the unit of its captor or holder; then the contract
is resolved (a set maker loses the bid; smudges, five-bids and moons score their
own way), and the game-end policy decides whether someone has won.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..rules.pitch_points import GAME_VALUE, category_value, fixed_card
from .phases.play import reneges
from .scoring import HandScore, Verdict, clear_leader, reached
from .types import Standing

if TYPE_CHECKING:
    from .program import Program
    from .state import State
    from .tricks import TrumpTable


def _units(s: State) -> tuple[list[tuple[int, ...]], list[int]]:
    """The scoring units of this hand: the sides, or in call-your-partner the
    making side (bidder and called partner) against everyone else."""
    prog = s.prog
    if prog.partnership != "called":
        return [tuple(side) for side in prog.sides], list(prog.side_of)
    # the holder of the called card is the partner only if the card was in play
    # (a non-trump is never played in trump-only games: calling one plays alone)
    contract = s.contract
    in_play = contract.called_card >= 0 and s.played >> contract.called_card & 1
    making = {s.maker} | ({contract.partner} if contract.partner >= 0 and in_play else set())
    units = [tuple(sorted(making)), tuple(p for p in range(s.n) if p not in making)]
    return units, [0 if p in making else 1 for p in range(s.n)]


def high_low_pool(prog: Program, table: TrumpTable, cards: Iterable[int], trump: int) -> list[int]:
    """The cards among ``cards`` that may be High or Low: the trump suit itself
    (``high_low_eligibility = natural``) or any trump, jick, off-cards and jokers
    too."""
    if prog.high_low_eligibility == "natural":
        return [c for c in cards if prog.cards.suit[c] == trump]
    return [c for c in cards if table.eff[c] == trump]


def category_card(s: State, category: str, holder: dict[int, int]) -> int | None:
    """The card that decides ``category`` this hand (None: not in play)."""
    prog = s.prog
    deck = prog.cards
    table = s.table
    t = s.trump

    if category in ("HIGH", "LOW"):
        pool = high_low_pool(prog, table, holder, t)
        if not pool:
            return None
        pick = max if category == "HIGH" else min
        return pick(pool, key=lambda c: table.power[c])
    fixed = fixed_card(category, t)
    if fixed is not None:
        suit, rank = fixed
        return next((c for c in holder if deck.suit[c] == suit and deck.rank[c] == rank), None)
    jokers = [c for c in holder if deck.suit[c] < 0]
    if category == "JOKER":
        return jokers[0] if jokers else None
    if category in ("BIG_JOKER", "LITTLE_JOKER"):
        if prog.joker_order == "first_played":
            order = [c for trick in s.tricks for c in trick.cards if deck.suit[c] < 0]
        else:
            order = [c for code in ("BJ", "LJ") for c in deck.by_code.get(code, ()) if c in holder]
        k = 0 if category == "BIG_JOKER" else 1
        return order[k] if len(order) > k else None
    return None


def credit_rule(prog: Program, category: str) -> str:
    """Who a category's point goes to: ``"holder"`` (the seat dealt its card) or
    ``"captor"`` (the seat that took it in a trick): High and Low by their credit
    options, the deuce card to its holder, the rest to the captor."""
    if category == "LOW":
        return prog.low_credit
    if category == "HIGH":
        return prog.high_credit
    if category == "DEUCE_CARD":
        return "holder"
    return "captor"


def pitch_points(s: State) -> HandScore:
    """Points per side for the hand just played."""
    prog = s.prog
    contract = s.contract
    units, unit_of = _units(s)
    holder: dict[int, int] = {}
    captor: dict[int, int] = {}
    for trick in s.tricks:
        for seat, card in trick.plays:
            holder[card] = seat
            captor[card] = trick.winner
    won = [0] * len(units)
    awards: list[tuple[str, int, int]] = []
    for category in prog.hand_categories:
        value = category_value(category, prog)
        unit: int | None
        if category == "GAME":
            unit = _game_unit(s, units, unit_of, captor)
        else:
            decider = category_card(s, category, holder)
            if decider is None:
                continue
            credit = credit_rule(prog, category)
            seat = holder[decider] if credit == "holder" else captor[decider]
            unit = unit_of[seat]
        if unit is None:
            continue
        won[unit] += value
        awards.append((category, unit, value))

    maker_unit = unit_of[s.maker]
    bid = prog.bids[contract.bid]
    tricks_of = [0] * len(units)
    for trick in s.tricks:
        tricks_of[unit_of[trick.winner]] += 1
    all_tricks = tricks_of[maker_unit] == len(s.tricks) and len(s.tricks) > 0
    four = {c for c, u, _ in awards if u == maker_unit}
    grand_slam = all_tricks and {"HIGH", "LOW", "JACK", "GAME"} <= four
    offenders = reneges(s)

    immediate: tuple[str, int] | None = None
    result = list(won)
    success = won[maker_unit] >= bid.value
    if bid.kind == "five":
        success = all_tricks and "JACK" in four and _jack_captured(s, captor, units[maker_unit])
        result[maker_unit] = bid.value if success else -bid.value
    elif bid.kind in ("smudge", "blind_smudge"):
        success = all_tricks
        value = prog.smudge_points if bid.kind == "smudge" else prog.blind_smudge_points
        result[maker_unit] = value if success else -value
    elif bid.kind == "moon":
        success, immediate = _moon(s, won, maker_unit, result, grand_slam)
    else:
        if not success and any(unit_of[p] != maker_unit for p in offenders):
            success = True  # a pitcher cannot be set by an opponent's revoke
        if not success:
            result[maker_unit] = -bid.value
    if prog.moon_rule == "declared" and contract.declared:
        if grand_slam:
            immediate = ("win", prog.side_of[s.maker])
        else:
            result[maker_unit] = 0 if success else -bid.value
    for p in offenders:  # the offender's unit is set back the bid (RULES.md §1.14)
        result[unit_of[p]] -= bid.value
    if prog.moon_rule == "auto_win":
        for u in range(len(won)):
            mine = {c for c, uu, _ in awards if uu == u}
            if tricks_of[u] == len(s.tricks) and {"HIGH", "LOW", "JACK", "GAME"} <= mine:
                immediate = ("win", prog.side_of[units[u][0]])
    return HandScore(
        points=_per_side(s, units, result),
        maker=s.maker,
        details=tuple((c, units[u], v) for c, u, v in awards),
        made=success,
        immediate=immediate,
    )


def _jack_captured(s: State, captor: dict[int, int], unit: tuple[int, ...]) -> bool:
    deck = s.prog.cards
    for c, who in captor.items():
        if deck.suit[c] == s.trump and deck.rank[c] == 11:
            return who in unit
    return False


def _moon(
    s: State, won: list[int], maker_unit: int, result: list[int], grand_slam: bool
) -> tuple[bool, tuple[str, int] | None]:
    """Pitch moons: the 10-point family's moon (all the hand's points) and New
    Yorker's (every trick and High, Low, Jack, Game)."""
    prog = s.prog
    side = prog.side_of[s.maker]
    if prog.ten_point:
        success = won[maker_unit] >= prog.points_total
        target = prog.target_score
        assert target is not None
        value = prog.moon_value or target
        if prog.moon_success == "set_to_target_or_zero":
            result[maker_unit] = 0
            if not success:
                return success, ("lose", side)
            current = s.scores[side]
            if current < 0:
                result[maker_unit] = -current
                return success, None
            # "jump to the target": the score becomes the target and wins
            result[maker_unit] = target - current
            return success, ("win", side)
        result[maker_unit] = value if success else -value
        return success, None
    if prog.new_yorker_moon_scoring == "win_lose_game":
        result[maker_unit] = 0
        return grand_slam, ("win" if grand_slam else "lose", side)
    result[maker_unit] = 5 if grand_slam else -5
    return grand_slam, None


def _game_unit(
    s: State, units: list[tuple[int, ...]], unit_of: list[int], captor: dict[int, int]
) -> int | None:
    """The unit with the strictly largest game count (ties: nobody, or the makers)."""
    rank = s.prog.cards.rank
    counts = [0] * len(units)
    for card, seat in captor.items():
        counts[unit_of[seat]] += GAME_VALUE.get(rank[card], 0)
    best = max(counts)
    top = [u for u, v in enumerate(counts) if v == best]
    if len(top) == 1:
        return top[0]
    maker_unit = unit_of[s.maker]
    if s.prog.game_tie_rule == "bidder" and maker_unit in top:
        return maker_unit
    return None


def _per_side(s: State, units: list[tuple[int, ...]], result: list[int]) -> tuple[int, ...]:
    prog = s.prog
    points = [0] * len(prog.sides)
    for u, seats in enumerate(units):
        if prog.partnership == "called":
            for p in seats:  # each of them scores the unit's result
                points[prog.side_of[p]] = result[u]
        else:
            points[prog.side_of[seats[0]]] = result[u]
    return tuple(points)


# ------------------------------------------------------------------ game end


def pitch_game_end(prog: Program, standing: Standing, scored: HandScore | None) -> Verdict:
    """``maker_priority`` (with its non-maker tie-breaks) and ``bid_to_go_out``,
    after the loss threshold and any immediate win (RULES.md §1.12)."""
    scores = standing.scores
    if scored is not None and scored.immediate is not None:
        kind, side = scored.immediate
        if kind == "win":
            return Verdict(side)
        return Verdict(_best(scores, [k for k in range(len(scores)) if k != side]))
    threshold = prog.loss_threshold
    if threshold is not None:
        losers = [k for k, v in enumerate(scores) if v <= threshold]
        if losers:
            others = [k for k in range(len(scores)) if k not in losers]
            return Verdict(_best(scores, others))
    at_target = reached(prog, scores)
    if scored is None or scored.maker < 0:
        return Verdict(None)
    maker_side = prog.side_of[scored.maker]
    if prog.game_end_policy == "bid_to_go_out" or standing.go_out:
        return Verdict(maker_side if scored.made and maker_side in at_target else None)
    if maker_side in at_target:
        return Verdict(maker_side)
    others = [k for k in at_target if k != maker_side]
    if not others:
        return Verdict(None)
    if len(others) == 1:
        return Verdict(others[0])
    rule = prog.nonmaker_tie_break
    if rule == "continue_bid_to_go_out":
        return Verdict(None, go_out=True)
    if rule == "order_of_points":
        return Verdict(_first_in_order(prog, scores, scored, others))
    return Verdict(_best(scores, others))


def _first_in_order(
    prog: Program, scores: tuple[int, ...], scored: HandScore, others: list[int]
) -> int | None:
    """The first unit to reach the target counting the hand's categories in order."""
    target = prog.target_score
    assert target is not None
    points = [v - gained for v, gained in zip(scores, scored.points, strict=True)]
    for _category, seats, value in scored.details:
        side = prog.side_of[seats[0]]
        points[side] += value
        hit = points[side] >= target if prog.target_inclusive else points[side] > target
        if side in others and hit:
            return side
    return None


def _best(scores: tuple[int, ...], candidates: list[int]) -> int | None:
    sub = [scores[k] for k in candidates]
    leader = clear_leader(sub)
    return None if leader is None else candidates[leader]

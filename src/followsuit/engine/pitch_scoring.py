"""Pitch hand scoring (RULES.md §1.9, §1.11, §3) and its game-end policies (§1.12).

A hand is scored by category (High, Low, Jack, … Game, or the 10-point family's
point cards), each credited to the unit of its captor or holder; then the contract
is resolved (a set maker loses the bid; smudges, five-bids and moons score their
own way), and the game-end policy decides whether someone has won.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import bits
from ..rules.pitch_points import GAME_VALUE, category_value, fixed_card
from .scoring import clear_leader

if TYPE_CHECKING:
    from .state import State


def _units(s: State) -> tuple[list[tuple[int, ...]], list[int]]:
    """The scoring units of this hand: the sides, or in call-your-partner the
    making side (bidder and called partner) against everyone else."""
    r = s.rules
    if r["partnership"] != "called":
        return [tuple(side) for side in r.sides], list(r.side_of)
    # the holder of the called card is the partner only if the card was in play
    # (a non-trump is never played in trump-only games: calling one plays alone)
    in_play = s.called_card >= 0 and s.played >> s.called_card & 1
    making = {s.maker} | ({s.partner} if s.partner >= 0 and in_play else set())
    units = [tuple(sorted(making)), tuple(p for p in range(s.n) if p not in making)]
    return units, [0 if p in making else 1 for p in range(s.n)]


def category_card(s: State, category: str, holder: dict[int, int]) -> int | None:
    """The card that decides ``category`` this hand (None: not in play)."""
    r = s.rules
    deck = r.deck
    table = s.table
    t = s.trump

    if category in ("HIGH", "LOW"):
        if r["high_low_eligibility"] == "natural":  # the trump suit itself only
            pool = [c for c in holder if deck.suit[c] == t]
        else:  # any trump: jick, off-cards and jokers too
            pool = [c for c in holder if table.eff[c] == t]
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
        if r["joker_order"] == "first_played":
            order = [c for t_ in s.tricks for _, c in t_.plays if deck.suit[c] < 0]
        else:
            order = [c for code in ("BJ", "LJ") for c in deck.by_code.get(code, ()) if c in holder]
        k = 0 if category == "BIG_JOKER" else 1
        return order[k] if len(order) > k else None
    return None


def pitch_points(s: State) -> list[int]:
    """Points per side for the hand just played."""
    r = s.rules
    prog = s.prog
    units, unit_of = _units(s)
    holder: dict[int, int] = {}
    captor: dict[int, int] = {}
    for trick in s.tricks:
        for seat, card in trick.plays:
            holder[card] = seat
            captor[card] = trick.winner
    won = [0] * len(units)
    awards: list[tuple[str, int, int]] = []
    for category in prog.categories:
        value = category_value(category, r.values)
        unit: int | None
        if category == "GAME":
            unit = _game_unit(s, units, unit_of)
        else:
            decider = category_card(s, category, holder)
            if decider is None:
                continue
            credit = "captor"
            if category == "LOW":
                credit = r["low_credit"]
            elif category == "HIGH":
                credit = r["high_credit"]
            elif category == "DEUCE_CARD":
                credit = "holder"
            seat = holder[decider] if credit == "holder" else captor[decider]
            unit = unit_of[seat]
        if unit is None:
            continue
        won[unit] += value
        awards.append((category, unit, value))
    s.awards = awards
    s.awards_by_seat = [(c, units[u], v) for c, u, v in awards]

    maker_unit = unit_of[s.maker]
    bid = prog.bids[s.bid]
    tricks_of = [sum(s.tricks_won[p] for p in u) for u in units]
    all_tricks = tricks_of[maker_unit] == len(s.tricks) and len(s.tricks) > 0
    four = {c for c, u, _ in awards if u == maker_unit}
    grand_slam = all_tricks and {"HIGH", "LOW", "JACK", "GAME"} <= four

    result = list(won)
    success = won[maker_unit] >= bid.value
    if bid.kind == "five":
        success = (
            all_tricks and "JACK" in four and _jack_captured(s, holder, captor, units[maker_unit])
        )
        result[maker_unit] = bid.value if success else -bid.value
    elif bid.kind in ("smudge", "blind_smudge"):
        success = all_tricks
        value = r["smudge_points"] if bid.kind == "smudge" else r["blind_smudge_points"]
        result[maker_unit] = value if success else -value
    elif bid.kind == "moon":
        success = _moon(s, won, maker_unit, result, grand_slam)
    else:
        offender_sets = any(unit_of[p] != maker_unit for p in s.reneges)
        if not success and offender_sets:
            success = True  # a pitcher cannot be set by an opponent's revoke
        if not success:
            result[maker_unit] = -bid.value
    if r["moon_rule"] == "declared" and s.declared:
        if grand_slam:
            s.immediate = ("win", r.side_of[s.maker])
        else:
            result[maker_unit] = 0 if success else -bid.value
    for p in s.reneges:  # the offender's unit is set back the bid (RULES.md §1.14)
        result[unit_of[p]] -= bid.value
    s.made = success
    if r["moon_rule"] == "auto_win":
        for u in range(len(won)):
            mine = {c for c, uu, _ in awards if uu == u}
            if tricks_of[u] == len(s.tricks) and {"HIGH", "LOW", "JACK", "GAME"} <= mine:
                s.immediate = ("win", r.side_of[units[u][0]])
    return _per_side(s, units, result)


def _jack_captured(
    s: State, holder: dict[int, int], captor: dict[int, int], unit: tuple[int, ...]
) -> bool:
    deck = s.rules.deck
    for c, who in captor.items():
        if deck.suit[c] == s.trump and deck.rank[c] == 11:
            return who in unit
    return False


def _moon(s: State, won: list[int], maker_unit: int, result: list[int], grand_slam: bool) -> bool:
    """Pitch moons: the 10-point family's moon (all the hand's points) and New
    Yorker's (every trick and High, Low, Jack, Game)."""
    r = s.rules
    side = r.side_of[s.maker]
    if r["ten_point"]:
        success = won[maker_unit] >= s.prog.points_total
        value = r["moon_value"] or r["target_score"]
        if r["moon_success"] == "set_to_target_or_zero":
            result[maker_unit] = 0
            if success:
                current = s.scores[side]
                if current < 0:
                    result[maker_unit] = -current
                else:  # "jump to the target": the score becomes the target and wins
                    result[maker_unit] = r["target_score"] - current
                    s.immediate = ("win", side)
            else:
                s.immediate = ("lose", side)
        else:
            result[maker_unit] = value if success else -value
        return success
    success = grand_slam
    if r["new_yorker_moon_scoring"] == "win_lose_game":
        s.immediate = ("win" if success else "lose", side)
        result[maker_unit] = 0
    else:
        result[maker_unit] = 5 if success else -5
    return success


def _game_unit(s: State, units: list[tuple[int, ...]], unit_of: list[int]) -> int | None:
    """The unit with the strictly largest game count (ties: nobody, or the makers)."""
    deck = s.rules.deck
    counts = [0] * len(units)
    for seat in range(s.n):
        for c in bits(s.taken[seat]):
            counts[unit_of[seat]] += GAME_VALUE.get(deck.rank[c], 0)
    best = max(counts)
    top = [u for u, v in enumerate(counts) if v == best]
    if len(top) == 1:
        return top[0]
    maker_unit = unit_of[s.maker]
    if s.rules["game_tie_rule"] == "bidder" and maker_unit in top:
        return maker_unit
    return None


def _per_side(s: State, units: list[tuple[int, ...]], result: list[int]) -> list[int]:
    r = s.rules
    points = [0] * len(r.sides)
    for u, seats in enumerate(units):
        if r["partnership"] == "called":
            for p in seats:  # each of them scores the unit's result
                points[r.side_of[p]] = result[u]
        else:
            points[r.side_of[seats[0]]] = result[u]
    return points


# ------------------------------------------------------------------ game end


def pitch_game_end(s: State) -> int | None:
    """``maker_priority`` (with its non-maker tie-breaks) and ``bid_to_go_out``,
    after the loss threshold and any immediate win (RULES.md §1.12)."""
    r = s.rules
    scores = s.scores
    if s.immediate is not None:
        kind, side = s.immediate
        if kind == "win":
            return side
        return _best(scores, [k for k in range(len(scores)) if k != side])
    threshold = r["loss_threshold"]
    if threshold is not None:
        losers = [k for k, v in enumerate(scores) if v <= threshold]
        if losers:
            others = [k for k in range(len(scores)) if k not in losers]
            return _best(scores, others)
    target = r["target_score"]
    if r["target_inclusive"]:
        reached = [k for k, v in enumerate(scores) if v >= target]
    else:
        reached = [k for k, v in enumerate(scores) if v > target]
    if s.maker < 0:
        return None
    maker_side = r.side_of[s.maker]
    if r["game_end_policy"] == "bid_to_go_out" or s.go_out:
        return maker_side if s.made and maker_side in reached else None
    if maker_side in reached:
        return maker_side
    others = [k for k in reached if k != maker_side]
    if not others:
        return None
    if len(others) == 1:
        return others[0]
    rule = r["nonmaker_tie_break"]
    if rule == "continue_bid_to_go_out":
        s.go_out = True
        return None
    if rule == "order_of_points":
        points = [v - gained for v, gained in zip(scores, s.hand_points, strict=True)]
        for _category, unit, value in s.awards:
            points[unit] += value
            if unit in others and (
                points[unit] >= target if r["target_inclusive"] else points[unit] > target
            ):
                return unit
        return None
    return _best(scores, others)


def _best(scores: list[int], candidates: list[int]) -> int | None:
    sub = [scores[k] for k in candidates]
    leader = clear_leader(sub)
    return None if leader is None else candidates[leader]

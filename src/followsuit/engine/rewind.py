"""Walking a hand's history backwards from where the cards are now to the deal
(used by :mod:`followsuit.engine.worlds`): which cards a seat drew, took back or
gave, where the seat could not see."""

from __future__ import annotations

import random

from ..cards import bits, mask_of
from . import actions as A
from .observation import Move, Observation
from .placing import BatchKey, Discards, Timeline, Unit
from .tricks import TrumpTable


def timeline_of(obs: Observation) -> Timeline:
    """Actions and automatic moves in the order they happened:
    ("act", index, seat, action, text) and ("move", index, seat, None, kind)."""
    out: Timeline = []
    k = 0
    moves = obs.moves
    for idx, (who, act, text) in enumerate(obs.actions):
        while k < len(moves) and moves[k].position <= idx:
            out.append(("move", k, moves[k].seat, None, moves[k].kind))
            k += 1
        out.append(("act", idx, who, act, text))
    while k < len(moves):
        out.append(("move", k, moves[k].seat, None, moves[k].kind))
        k += 1
    return out


def from_kitty(obs: Observation, move_index: int) -> bool:
    """Whether a "take" move took the kitty (Razzle-Dazzle, before trump is named)
    rather than the rest of the stock."""
    return obs.rules["exchange"] == "razzle" and all(
        m.kind != "take" for m in obs.moves[:move_index]
    )


def choose_drawn(
    obs: Observation, kind: str, hand: int, count: int, trumps: int, rng: random.Random
) -> int | None:
    """Which ``count`` of a hand's cards came from the stock in a draw or take
    this seat did not see. Where everyone had just dropped all non-trumps (the
    fills), every non-trump in the hand must have been drawn; in the nine-card
    draw, the cards taken one by one from the undealt ones are trumps."""
    if kind == "take" and obs.rules["oklahoma_deal"] == "nine_draw" and trumps:
        pool = bits(hand & trumps)
        if len(pool) < count:
            return None
        return mask_of(rng.sample(pool, count))
    cards = bits(hand)
    must = 0
    if obs.rules["exchange"] in ("fill", "nines_fives") and trumps:
        must = hand & ~trumps
    if must.bit_count() > count or len(cards) < count:
        return None
    rest = [c for c in cards if not must >> c & 1]
    extra = rng.sample(rest, count - must.bit_count())
    return must | mask_of(extra)


def dropped_after(
    obs: Observation, batches: dict[BatchKey, Discards], move_index: int, seat: int
) -> int:
    """Cards ``seat`` was seen to drop after the given move (a fill's keep-six)."""
    out = 0
    for (kind, idx), batch in batches.items():
        if kind == "move" and idx > move_index and batch.seat == seat:
            out |= mask_of(batch.known)
    return out


def undo_retake(
    obs: Observation,
    move: Move,
    units: list[Unit],
    batches: dict[BatchKey, Discards],
    hands: list[int],
    trumps: int,
    rng: random.Random,
) -> bool:
    """Put cards a seat took back from the discard pile back onto the pile: the
    ones this seat saw go back as they were, the others are chosen from the
    taker's hand (a forced drop was of non-trumps)."""
    seat = move.seat
    seen = move.cards
    for _key, card in units:
        if card >= 0:
            if not hands[seat] >> card & 1:
                return False
            hands[seat] &= ~(1 << card)
    chosen: dict[BatchKey, list[int]] = {}
    for key, card in units:
        if card >= 0:
            continue
        ban = batches[key].slot.banned
        source = hands[seat] if seen is None else hands[seat] & seen
        choices = [c for c in bits(source) if not ban >> c & 1]
        if not choices:
            return False
        c = rng.choice(choices)
        hands[seat] &= ~(1 << c)
        chosen.setdefault(key, []).append(c)
    for key, cards in chosen.items():
        # retakes are undone latest first: an earlier one took cards nearer the top
        batches[key].returned[:0] = cards
    return True


def undo_gives(
    obs: Observation,
    gives: list[tuple[int, int | None, int | None]],
    hands: list[int],
    concrete: dict[int, int],
    table: TrumpTable,
    rng: random.Random,
) -> bool:
    """Undo a help exchange (Bid Euchre) in ``hands``; choose the cards this seat
    did not see (the partner's must be its best trumps: the replay checks)."""
    if len(gives) == 1:  # the bidder has given; the partner has not: nothing moved yet
        idx, bidder, act = gives[0]
        assert bidder is not None
        if act is None:
            k = obs.actions[idx][2].count("?")
            concrete[idx] = A.GIVE | mask_of(rng.sample(bits(hands[bidder]), k))
        return True
    (i1, bidder, act1), (i2, partner, act2) = gives
    assert bidder is not None and partner is not None
    if act1 is not None and act2 is not None:
        to_partner, to_bidder = A.cards_of(act1), A.cards_of(act2)
    else:
        k = obs.actions[i1][2].count("?")
        partner_cards = bits(hands[partner] & ~obs.known[partner])
        if len(partner_cards) < k:
            return False
        to_partner = mask_of(rng.sample(partner_cards, k))
        mine = bits(hands[bidder])
        trumps = [c for c in mine if table.trump_mask >> c & 1]
        to_bidder = mask_of(rng.sample(trumps, k) if len(trumps) >= k else rng.sample(mine, k))
        concrete[i1] = A.GIVE | to_partner
        concrete[i2] = A.GIVE | to_bidder
    hands[partner] = (hands[partner] & ~to_partner) | to_bidder
    hands[bidder] = (hands[bidder] & ~to_bidder) | to_partner
    return True

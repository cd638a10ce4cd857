"""Where the cards a seat has not seen may be now: the hidden places of a hand
(other hands, the stock, the kitty, blind piles, face-down discards), how many
unseen cards each holds, and which cards each may not hold, worked out once per
observation from what it proves (voids, cards known, what the rules let a discard
be). :mod:`followsuit.engine.worlds` deals the unseen cards into them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple

from ..cards import bits, mask_of, ordered_by
from . import actions as A
from .observation import ActionNote, Observation, SeenMove
from .phases.pitch_common import HAND
from .program import Program, program_for
from .types import MoveKind


class Event(NamedTuple):
    """One step of the hand as this seat knows it: an action (``obs.actions``) or
    an automatic card move (``obs.moves``), in the order they happened."""

    move: bool
    at: int
    """Its position in ``obs.moves`` or ``obs.actions``."""
    seat: int | None


def timeline_of(obs: Observation) -> tuple[Event, ...]:
    out: list[Event] = []
    k = 0
    moves = obs.moves
    for idx, (who, _act, _text) in enumerate(obs.actions):
        while k < len(moves) and moves[k].position <= idx:
            out.append(Event(True, k, moves[k].seat))
            k += 1
        out.append(Event(False, idx, who))
    out += [Event(True, j, moves[j].seat) for j in range(k, len(moves))]
    return tuple(out)


class PlaceKind(Enum):
    HAND = "hand"
    STOCK = "stock"
    KITTY = "kitty"
    PILE = "pile"
    DISCARD = "discard"
    """Cards gone face down onto the discard pile in one batch (still there)."""


@dataclass
class Place:
    """A hidden place: ``size`` unseen cards are there now, none of ``banned``."""

    kind: PlaceKind
    seat: int | None
    size: int
    banned: int = 0


@dataclass
class Batch:
    """Cards that went onto the discard pile together (a discard action or a forced
    drop): the ones this seat saw, in pile order, and the place of the others."""

    event: int
    """The batch's position in the timeline."""
    seat: int
    known: tuple[int, ...]
    place: Place
    automatic: bool
    """A forced drop: it went on in the order its cards were dealt (RULES.md §1.2)."""


@dataclass
class Unseen:
    """The hidden places of one observation and the unseen cards they hold."""

    obs: Observation
    prog: Program
    timeline: tuple[Event, ...]
    notes: dict[int, ActionNote]
    """The observation's notes by action index."""
    places: list[Place]
    hands: dict[int, Place]
    stock: Place
    kitty: Place
    piles: list[Place]
    batches: dict[int, Batch]
    """Discard batches by timeline position."""
    retaken: dict[int, list[tuple[int, int]]]
    """Per retake (timeline position): the pile units it took, (batch, card or -1)."""
    pool: list[int]
    """The unseen cards (and seen ones whose place is not known)."""
    trumps: int
    me: int | None
    sees_own: bool
    bounds: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Per seat: how many trumps its hidden part may hold, (least, most)."""


def unseen_of(obs: Observation) -> Unseen:
    """The hidden places of ``obs`` (see the module docstring)."""
    prog = program_for(obs.rules)
    deck = prog.cards
    n = prog.num_players
    me = obs.seat
    sees_own = me is not None and not obs.hand_hidden
    table = prog.tables[-1 if obs.trump is None else obs.trump]
    trumps = table.trump_mask if obs.trump is not None else 0
    timeline = timeline_of(obs)
    notes = {note.at: note for note in obs.notes}

    places: list[Place] = []
    hands: dict[int, Place] = {}
    upper_played = _upper_copies_played(obs, prog.twins)
    for p in range(n):
        if p == me and sees_own:
            continue
        banned = upper_played[p] >> 1
        for suit in range(4):
            if obs.voids[p] >> suit & 1:
                banned |= table.suit_mask[suit]
        hands[p] = Place(PlaceKind.HAND, p, obs.hand_sizes[p] - obs.known[p].bit_count(), banned)
        places.append(hands[p])
    stock = Place(PlaceKind.STOCK, None, obs.stock_size)
    if prog.oklahoma_deal == "nine_draw" and any(m.kind is MoveKind.DROP for m in obs.moves):
        stock.banned |= trumps  # the fill's takers took every trump left in the stock
    kitty = Place(PlaceKind.KITTY, None, obs.kitty_size)
    piles = [Place(PlaceKind.PILE, p, size) for p, size in enumerate(obs.pile_sizes)]
    places += [stock, kitty, *piles]

    _gift_bans(obs, hands, table.power, trumps)
    batches, retaken, floating = _discard_batches(obs, timeline, notes, trumps)
    places += [batch.place for batch in batches.values()]

    seen = obs.played | obs.dead
    if sees_own:
        seen |= obs.hand
    for p in range(n):
        seen |= obs.known[p]
    if obs.upcard is not None:
        seen |= 1 << obs.upcard
    for batch in batches.values():
        seen |= mask_of(batch.known)
    pool = list(bits(deck.full_mask & ~seen))
    for card, seat in floating.items():
        # a card this seat saw go onto the pile, taken back by another: in that
        # seat's hand or discarded by it since
        if obs.played >> card & 1 or (seat == me and sees_own) or obs.known[seat] >> card & 1:
            continue
        pool.append(card)
        _only_with(places, seat, card)
    up = obs.upcard
    if (
        up is not None
        and obs.upcard_taken
        and not obs.played >> up & 1
        and not obs.known[obs.dealer] >> up & 1
        and (me != obs.dealer or not sees_own)
    ):  # taken up, then held or discarded by the dealer
        pool.append(up)
        _only_with(places, obs.dealer, up)
    unseen = Unseen(
        obs=obs,
        prog=prog,
        timeline=timeline,
        notes=notes,
        places=places,
        hands=hands,
        stock=stock,
        kitty=kitty,
        piles=piles,
        batches=batches,
        retaken=retaken,
        pool=pool,
        trumps=trumps,
        me=me,
        sees_own=sees_own,
    )
    unseen.bounds = _trump_bounds(unseen)
    return unseen


def _gift_bans(
    obs: Observation, hands: dict[int, Place], power: tuple[int, ...], trumps: int
) -> None:
    """A help-exchange partner gives its highest trumps (RULES.md §2B): where this
    seat saw the gift, the partner keeps no trump above it (none at all if the gift
    held a plain card)."""
    for who, act, _text in obs.actions:
        if who is None or act is None or not A.is_give(act) or who == obs.maker:
            continue
        place = hands.get(who)
        if place is None or obs.rules.family != "bid_euchre":
            continue
        gift = A.cards_of(act)
        if gift & ~trumps:
            place.banned |= trumps
            continue
        floor = min(power[c] for c in bits(gift))
        place.banned |= mask_of(c for c in bits(trumps) if power[c] > floor)


def _only_with(places: list[Place], seat: int, card: int) -> None:
    """``card`` is in ``seat``'s hand or one of its discards."""
    for place in places:
        if place.seat != seat or place.kind not in (PlaceKind.HAND, PlaceKind.DISCARD):
            place.banned |= 1 << card


def _upper_copies_played(obs: Observation, twins: int) -> list[int]:
    """Per seat, the upper copies of identical pairs it played (the engine offers
    the lower copy whenever both are held, so the lower one was elsewhere)."""
    out = [0] * obs.rules.num_players
    if not twins:
        return out
    uppers = twins << 1
    plays = [pl for t in obs.tricks for pl in t.plays] + list(obs.trick)
    for p, card in plays:
        if uppers >> card & 1:
            out[p] |= 1 << card
    return out


def discard_ban(obs: Observation, who: int | None, trumps: int) -> int:
    """Cards a face-down discard this seat did not see cannot be: trumps where the
    rules discard only non-trumps (New Yorker; the hidden part of a Nines-Fives
    dealer's discard); non-trumps in a Razzle-Dazzle bidder's burn."""
    exchange = obs.rules.settings.exchange
    if exchange in ("new_yorker", "nines_fives"):
        return trumps
    if exchange == "razzle" and who == obs.maker and trumps:
        return obs.rules.deck.full_mask & ~trumps
    return 0


def _discard_batches(
    obs: Observation, timeline: tuple[Event, ...], notes: dict[int, ActionNote], trumps: int
) -> tuple[dict[int, Batch], dict[int, list[tuple[int, int]]], dict[int, int]]:
    """The discard pile, batch by batch as it was made, and what later went back
    into hands: (the batches; per retake, the pile units it took; the known cards
    taken back, card -> seat). The pile is a queue, each batch's seen cards before
    its unseen ones."""
    batches: dict[int, Batch] = {}
    queue: list[tuple[int, int]] = []
    retaken: dict[int, list[tuple[int, int]]] = {}
    for pos, event in enumerate(timeline):
        if event.move:
            move = obs.moves[event.at]
            if move.kind is MoveKind.RETAKE:
                retaken[pos] = queue[: move.size]
                del queue[: move.size]
                continue
            if move.kind not in (MoveKind.DROP, MoveKind.TRIM):
                continue
            known = () if move.cards is None else tuple(ordered_by(move.cards, obs.dealt))
            unknown = move.size - len(known)
            ban, automatic = trumps, True  # forced drops are always of non-trumps
        else:
            who, act, _text = obs.actions[event.at]
            note = notes.get(event.at)
            if act is not None:
                if not A.is_discard(act):
                    continue
                known = note.order if note is not None and note.order else bits(A.cards_of(act))
                unknown, ban = 0, 0
            elif note is not None and not note.give:
                known = bits(note.shown)
                unknown = note.size - len(known)
                ban = discard_ban(obs, who, trumps)
            else:
                continue
            automatic = False
        seat = event.seat
        assert seat is not None
        batches[pos] = Batch(
            pos, seat, known, Place(PlaceKind.DISCARD, seat, unknown, ban), automatic
        )
        queue += [(pos, c) for c in known] + [(pos, -1)] * unknown
    floating: dict[int, int] = {}
    for pos, units in retaken.items():
        taker = obs.moves[timeline[pos].at].seat
        for batch, card in units:
            if card < 0:
                batches[batch].place.size -= 1
            else:
                floating[card] = taker
    return batches, retaken, floating


def _may_be_trump(u: Unseen, batch: int, card: int, trumps: int) -> bool:
    """Whether a unit of the discard pile (a card seen, or -1) may be a trump."""
    if card >= 0:
        return bool(trumps >> card & 1)
    return u.batches[batch].place.banned & trumps != trumps


def _trump_bounds(u: Unseen) -> dict[int, tuple[int, int]]:
    """Where a hand's number of trumps is bounded: a seat that dropped every
    non-trump holds no more plain cards than it was dealt since, and one brought
    down towards six by its plain cards that still holds more than six holds
    trumps only; a seat still to play in a trump-only trick holds a trump, and one
    left out of it holds none."""
    obs = u.obs
    trumps = u.trumps
    if not trumps:
        return {}
    deck = obs.rules.deck
    prog = u.prog
    size = [
        prog.hand_size + (1 if prog.dealer_extra_card and p == obs.dealer else 0)
        for p in range(prog.num_players)
    ]
    cap: dict[int, int] = {}  # plain cards a seat can hold: arrived since, less left since
    tcap: dict[int, int] = {}  # the same for trumps, from the drop on
    for pos, event in enumerate(u.timeline):
        if event.move:
            move = obs.moves[event.at]
            seat = move.seat
            # Missouri's three discards: fewer than three were all the plain cards
            all_plain = (
                move.kind is MoveKind.TRIM and prog.exchange == "discard_three" and move.size < 3
            )
            if move.kind is MoveKind.DROP or all_plain:
                cap[seat] = 0
                tcap[seat] = size[seat] - move.size
            elif seat in cap and move.kind in (MoveKind.DRAW, MoveKind.TAKE):
                cap[seat] += move.size
                tcap[seat] += move.size
            elif seat in cap and move.kind is MoveKind.RETAKE:
                cap[seat] += move.size
                tcap[seat] += sum(
                    1 for batch, card in u.retaken[pos] if _may_be_trump(u, batch, card, trumps)
                )
            elif (
                move.kind is MoveKind.TRIM
                and prog.exchange != "discard_three"
                and size[seat] - move.size > HAND
            ):
                # brought down towards six by plain cards and still above six:
                # every plain card went, the hand is all trumps (burnt by choice later)
                cap[seat] = 0
                tcap[seat] = size[seat] - move.size
            elif seat in cap and move.kind is MoveKind.TRIM:
                cap[seat] -= move.size
            grows = move.kind in (MoveKind.DRAW, MoveKind.TAKE, MoveKind.RETAKE, MoveKind.PICKUP)
            size[seat] += move.size if grows else -move.size
            continue
        who, act, _text = obs.actions[event.at]
        if who is None:
            continue
        note = u.notes.get(event.at)
        count = 1 if act is not None and A.is_play(act) else A.cards_of(act or 0).bit_count()
        if act is None and note is not None:
            count = note.size
        size[who] -= count
        if (note is not None and note.give) or (act is not None and A.is_give(act)):
            partner = prog.partners[who]
            if partner is not None:
                size[partner] += count
                if partner in cap and act is not None:
                    tcap[partner] += (A.cards_of(act) & trumps).bit_count()
        if who not in cap:
            continue
        if act is not None and A.is_play(act):
            if trumps >> act & 1:
                tcap[who] -= 1
            else:
                cap[who] -= 1
        elif act is not None and A.cards_of(act):
            cap[who] -= (A.cards_of(act) & ~trumps).bit_count()
            tcap[who] -= (A.cards_of(act) & trumps).bit_count()
        elif act is None and note is not None and not note.give:
            cap[who] -= (note.shown & ~trumps).bit_count()
            tcap[who] -= (note.shown & trumps).bit_count()
            if discard_ban(obs, who, trumps) == trumps:
                cap[who] -= note.size - note.shown.bit_count()
    need: set[int] = set()
    dry: set[int] = set()
    if obs.rules.settings.follow == "trump_only" and obs.trick_order:
        played = {p for p, _ in obs.trick}
        need = {p for p in obs.trick_order if p not in played}
        # a seat left out of the trick had no trump at its start, and gets none
        dry = {p for p in u.hands if p not in obs.trick_order}
    everything = deck.full_mask
    bounds: dict[int, tuple[int, int]] = {}
    for p, place in u.hands.items():
        if p not in cap and p not in need and p not in dry:
            continue
        known = obs.known[p]
        m = place.size
        lo, hi = 0, m
        if p in cap:
            lo = max(lo, m + (known & ~trumps).bit_count() - cap[p])
            hi = min(hi, tcap[p] - (known & trumps).bit_count())
        if p in need and not known & trumps:
            lo = max(lo, 1)
        if place.banned & trumps == trumps or p in dry:
            hi = 0
        if place.banned | trumps == everything:
            lo = max(lo, m)
        bounds[p] = (lo, min(hi, m))
    return bounds


__all__ = ["Batch", "Event", "Place", "PlaceKind", "SeenMove", "Unseen", "discard_ban", "unseen_of"]

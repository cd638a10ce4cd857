"""Worlds of a hand whose past hid nothing but face-down discards (Euchre, Bid
Euchre without a help exchange, Pitch without draws): the deal is where the cards
are now, plus what each seat has played or discarded, less the up card taken. So
everything of the world but the unseen cards' places is worked out once per
observation, and a draw only deals those and puts them in.

It is the same world :mod:`followsuit.engine.worlds` builds in general (the walk
back to the deal and the log put back), done ahead of time for the hands where
the walk back is a fixed set of masks: a search samples such worlds by the
thousand per decision.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import bits, mask_of
from . import actions as A
from .deal import Deal
from .placing import shuffled
from .state import State
from .types import STANDING_SEED_AT, Move, MoveKind, Note, Piles, Standing
from .unseen import PlaceKind, Unseen


@dataclass(frozen=True)
class Direct:
    """What the worlds of one observation share, when its hand is plain (see the
    module docstring; :func:`plan` says whether it is)."""

    base_hands: tuple[int, ...]
    """Each seat's cards known now (the seat's own hand where it looks)."""
    dealt_base: tuple[int, ...]
    """Per seat, the cards known to have been dealt to it: those known now and
    those it has let go of since (played, discarded where this seat saw)."""
    taken: tuple[int, ...]
    """Per seat, the cards it got after the deal (the up card picked up)."""
    own: int | None
    """The seat whose dealt order is known (its own)."""
    others: tuple[int, ...]
    """The seats whose dealt order is not (in a world: by the deck's order)."""
    dealt_own: tuple[int, ...]
    batches: tuple[tuple[int, int, tuple[int, ...], int], ...]
    """Face-down discards this seat did not see: (action index, seat, the cards of
    it shown, place index of its unseen cards)."""
    known_masks: dict[int, int]
    """The cards shown of each such discard, as a mask, by action index."""
    log: tuple[tuple[int | None, int], ...]
    """The log, the unseen discards still to be filled in."""
    notes: dict[int, Note]
    moves: tuple[Move, ...]
    discard_parts: tuple[tuple[int, ...] | int, ...]
    """The discard pile in order: cards seen, or the index of an unseen discard."""
    pile_played: tuple[tuple[int, ...], ...]
    """Per seat, the blind-pile cards it has turned, in order."""
    upcard: int | None
    dead: int
    called: int
    """Call-your-partner: the called card, while this seat does not know its holder
    (the world's holder is the partner); -1 otherwise."""
    standing_head: tuple[object, ...]
    standing_tail: tuple[object, ...]
    """The game's standing before and after its seed (each world draws its own)."""
    hand_places: tuple[tuple[int, int], ...]
    """(place index, seat) of every hidden hand."""
    stock_place: int
    kitty_place: int
    """The place index of the stock and of the kitty (-1: none)."""
    pile_places: tuple[int, ...]
    """The place index of each seat's blind pile (empty: no piles)."""
    discards: tuple[int, ...]
    """The discard pile, where no discard was hidden from this seat."""


def plan(u: Unseen, public: State, offers: bool) -> Direct | None:
    """The shared part of the worlds of ``u``'s observation, or None where its hand
    moved cards out of sight other than by face-down discards (``offers``: the
    variant asks for misdeal offers, which the walk back puts in)."""
    obs = u.obs
    prog = u.prog
    if offers or u.bounds or prog.penalize:
        return None
    if any(m.kind is not MoveKind.PICKUP for m in obs.moves):
        return None
    n = prog.num_players
    gained = [0] * n
    taken = [0] * n
    pile_played: list[list[int]] = [[] for _ in obs.pile_sizes]
    from_pile = set()
    for who, act, _text in obs.actions:
        if who is not None and act is not None and A.verb_of(act) is A.PILE_CARD_VERB:
            pile_played[who].append(A.card_of(act))
            from_pile.add(A.card_of(act))
    for trick in obs.tricks:
        for seat, card in trick.plays:
            if card not in from_pile:
                gained[seat] |= 1 << card
    for seat, card in obs.trick:
        if card not in from_pile:
            gained[seat] |= 1 << card
    for move in obs.moves:
        assert move.cards is not None
        taken[move.seat] |= move.cards
    notes_by = {note.at: note for note in obs.notes}
    batches = []
    parts: list[tuple[int, ...] | int] = []
    place_of = {id(p): k for k, p in enumerate(u.places)}
    for pos, event in enumerate(u.timeline):
        if event.move:
            continue
        who, act, _text = obs.actions[event.at]
        note = notes_by.get(event.at)
        if who is None:
            continue
        if (act is not None and A.is_give(act)) or (act is None and note is not None and note.give):
            return None
        batch = u.batches.get(pos)
        if batch is None:
            continue
        gained[batch.seat] |= mask_of(batch.known)
        if act is None:
            batches.append((event.at, batch.seat, batch.known, place_of[id(batch.place)]))
            parts.append(len(batches) - 1)
        else:
            parts.append(batch.known)
    base = list(obs.known)
    own = None
    if u.sees_own and u.me is not None:
        base[u.me] = obs.hand
        own = u.me
    notes = {note.at: Note(note.visible_to, note.shown, note.order) for note in obs.notes}
    log = tuple((who, act if act is not None else -1) for who, act, _ in obs.actions)
    moves = tuple(Move(m.position, m.seat, m.kind, m.cards or 0, m.visible_to) for m in obs.moves)
    return Direct(
        base_hands=tuple(base),
        dealt_base=tuple(b | g for b, g in zip(base, gained, strict=True)),
        taken=tuple(taken),
        own=own,
        others=tuple(p for p in range(n) if p != own),
        dealt_own=obs.dealt,
        batches=tuple(batches),
        known_masks={at: mask_of(known) for at, _seat, known, _k in batches},
        log=log,
        notes=notes,
        moves=moves,
        discard_parts=tuple(parts),
        pile_played=tuple(tuple(p) for p in pile_played),
        upcard=obs.upcard,
        dead=obs.dead,
        called=public.contract.called_card if public.contract.partner < 0 else -1,
        standing_head=public.standing[:STANDING_SEED_AT],
        standing_tail=public.standing[STANDING_SEED_AT + 1 :],
        hand_places=tuple(
            (k, p.seat)
            for k, p in enumerate(u.places)
            if p.kind is PlaceKind.HAND and p.size and p.seat is not None
        ),
        stock_place=_place(u, PlaceKind.STOCK),
        kitty_place=_place(u, PlaceKind.KITTY),
        pile_places=tuple(k for k, p in enumerate(u.places) if p.kind is PlaceKind.PILE),
        discards=tuple(c for part in parts if isinstance(part, tuple) for c in part),
    )


def _place(u: Unseen, kind: PlaceKind) -> int:
    """The index of the (single) place of this kind, or -1."""
    return next((k for k, p in enumerate(u.places) if p.kind is kind and p.size), -1)


def world(d: Direct, public: State, cards: list[list[int]], rng: random.Random) -> State:
    """The world with the unseen cards dealt as ``cards`` (per place of the
    observation's :class:`~followsuit.engine.unseen.Unseen`);
    it deals its later hands from a fresh seed.

    Written for speed (a search draws thousands per decision): every part the
    worlds share comes ready from :func:`plan`."""
    hands = list(d.base_hands)
    dealt = list(d.dealt_base)
    for k, seat in d.hand_places:
        got = 0
        for c in cards[k]:
            got |= 1 << c
        hands[seat] |= got
        dealt[seat] |= got
    stock = () if d.stock_place < 0 else tuple(shuffled(cards[d.stock_place], rng))
    kitty = () if d.kitty_place < 0 else tuple(cards[d.kitty_place])
    notes = d.notes
    discards = d.discards
    if d.batches:
        log = list(d.log)
        for at, seat, known, k in d.batches:
            got_cards = cards[k]
            discarded = d.known_masks[at] | mask_of(got_cards)
            dealt[seat] |= discarded
            log[at] = (seat, A.discard(discarded))
            if len(got_cards) + len(known) > 1 and (*known, *got_cards) != bits(discarded):
                notes = {**notes, at: notes[at]._replace(order=(*known, *got_cards))}
        discards = ()
        for part in d.discard_parts:
            if isinstance(part, tuple):
                discards += part
            else:
                _at, _seat, known, k = d.batches[part]
                discards += (*known, *cards[k])
    else:
        log = list(d.log)
    taken = d.taken
    orders = [d.dealt_own] * len(dealt)
    for p in d.others:
        orders[p] = bits(dealt[p] & ~taken[p])
    blind: tuple[tuple[int, ...], ...] = ()
    dealt_piles: tuple[tuple[int, ...], ...] = ()
    if d.pile_places:
        blind = tuple([tuple(shuffled(cards[k], rng)) for k in d.pile_places])
        dealt_piles = tuple([a + b for a, b in zip(d.pile_played, blind)])  # noqa: B905
    contract = public.contract
    if d.called >= 0:
        holder = next((p for p, h in enumerate(hands) if h >> d.called & 1), -1)
        contract = contract._replace(partner=holder)
    w = public.clone()
    w._hands = hands
    # the named tuples made as tuples: their keyword __new__ is a third of the cost here
    w._dealt = tuple.__new__(Deal, (tuple(orders), d.upcard, kitty, stock, dealt_piles))
    w._log = log
    w.notes = notes
    w.moves = d.moves
    w.piles = tuple.__new__(Piles, (stock, kitty, blind, discards, d.dead))
    w.contract = contract
    w.standing = tuple.__new__(Standing, (*d.standing_head, rng.getrandbits(64), *d.standing_tail))
    w._legal = None  # the seat to move may hold other cards here
    return w

"""The game state: a whole game (hands to the target), as a deterministic machine.

``legal_actions()`` lists what the seat to move may do, ``apply(action)`` does it
(or raises :class:`IllegalAction` saying why, leaving the state untouched). A hand
runs through the variant's *pipeline* of phases (calling, exchange steps, tricks);
each phase is a stateless object in :mod:`followsuit.engine.phases` that keeps its
own data in ``state.step``. Dealing is explicit: from the game's integer seed (hand
*n* from the seed and *n* alone, so a clone deals what the original would) or from
a given :class:`Deal`.

The state is small on purpose: the game between hands (:class:`Standing`), the
hand's cards, trump and maker, the contract, the current trick, the log and the
phase. Everything but the hands, the log and the trick is immutable and replaced
when it changes, so that :meth:`clone` (millions of times per game in a search) is
three list copies and a few references.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, overload

from ..cards import Card, bits, mask_of
from ..messages import quoted
from ..rules import Rules
from . import actions as A
from .deal import Deal, check_deal, first_dealer, game_seed, seeded_deal
from .errors import IllegalAction
from .observation import Observation, observe
from .program import Program, program_for
from .scoring import HandScore
from .types import (
    ALL_SEATS,
    NO_CONTRACT,
    NO_PILES,
    PILES_DISCARDS_AT,
    STANDING_HAND_NO_AT,
    Contract,
    HandLog,
    HandResult,
    Move,
    MoveKind,
    Note,
    Piles,
    Standing,
    Trick,
    built,
    replaced,
)

if TYPE_CHECKING:
    from .phases.base import Phase
    from .tricks import TrumpTable


class State:
    """A game in progress. Create one with :func:`followsuit.new_game`."""

    prog: Program
    standing: Standing
    """The game between hands: hand number, dealer, scores, finished hands."""
    _dealt: Deal | None
    """The hand's cards as dealt (None while a deal is awaited, or before a seeded
    game deals the next hand: it does so when the hand is first looked at)."""
    phase: Phase[Any]
    phase_at: int
    """The phase's position in the variant's pipeline."""
    step: object
    """The current phase's own data (a small immutable record, or None)."""
    to_move: int | None
    _hands: list[int]
    trump: int
    """The trump suit, -1 until it is known."""
    table: TrumpTable
    maker: int
    contract: Contract
    piles: Piles
    _log: list[tuple[int | None, int]]
    notes: dict[int, Note]
    """Notes on the log's private actions, by index (replaced, never changed)."""
    moves: tuple[Move, ...]
    _trick: list[int]
    order: tuple[int, ...]
    """The seats taking part in the current trick, in play order."""
    led: int
    win_pos: int
    win_key: int
    tricks: tuple[Trick, ...]
    _legal: tuple[int, ...] | None
    _written: tuple[int, ...]

    def __new__(cls, *args: object, **kwargs: object) -> State:
        # ``State.__new__(State)`` is a blank state for :meth:`clone` to fill, also
        # where the class is compiled (whose own ``__new__`` would call __init__)
        return object.__new__(cls)

    def __init__(
        self,
        rules: Rules,
        *,
        seed: object = None,
        dealer: object = None,
        scores: object = None,
    ):
        """A new game (see :func:`followsuit.new_game`): ``seed`` an integer or a
        text, ``dealer`` a seat, ``scores`` one integer per side to start from a
        score already reached (a game resumed from a score sheet).

        The caller's values are typed ``object`` because they are checked here (a
        one-line error), not by their annotations: the compiled engine would
        otherwise refuse them first, in its own words."""
        if not isinstance(rules, Rules):
            raise TypeError(f"State needs Rules (followsuit.load_rules), not {quoted(rules)}")
        self.prog = prog = program_for(rules)
        n = prog.num_players
        start = tuple(0 for _ in prog.sides) if scores is None else _scores(prog, scores)
        number = None if seed is None else game_seed(_seed(seed))
        first = _seat(dealer, n, ValueError)
        if first is None and number is not None:
            first = first_dealer(rules, number)
        self.standing = Standing(dealer=-1 if first is None else first, scores=start, seed=number)
        self._clear_hand()

    # ------------------------------------------------------------------ public API

    @property
    def rules(self) -> Rules:
        return self.prog.rules

    @property
    def num_players(self) -> int:
        return self.prog.num_players

    @property
    def n(self) -> int:
        return self.prog.num_players

    @property
    def current_player(self) -> int | None:
        """The seat to move; None when a deal is awaited or the game is over."""
        if self._dealt is None:
            self._deal_next()
        return self.to_move

    @property
    def scores(self) -> tuple[int, ...]:
        return self.standing.scores

    @property
    def results(self) -> tuple[HandResult, ...]:
        """Every finished hand's result, tricks included."""
        return self.standing.results

    @property
    def dealer(self) -> int:
        return self.standing.dealer

    @property
    def hand_no(self) -> int:
        """The number of the hand in progress (or the last one), from 1."""
        if self._dealt is None:
            self._deal_next()
        return self.standing.hand_no

    @property
    def over(self) -> bool:
        return self.standing.over

    @property
    def winner(self) -> int | None:
        return self.standing.winner

    @property
    def time_up(self) -> bool:
        return self.standing.time_up

    @property
    def dealt(self) -> Deal | None:
        """The hand's cards as dealt (None while a deal is awaited)."""
        deal = self._dealt
        return deal if deal is not None else self._deal_next()

    @property
    def needs_deal(self) -> bool:
        """True when the next hand must be dealt with :meth:`deal` (a game without a
        seed, between hands)."""
        standing = self.standing
        return not standing.over and self._dealt is None and standing.seed is None

    @property
    def phase_name(self) -> str:
        if self.standing.over:
            return "over"
        if self._dealt is None and self._deal_next() is None:
            return "deal"
        return self.phase.name

    @property
    def hands(self) -> tuple[int, ...]:
        """Each seat's cards now, as masks of deck indices."""
        if self._dealt is None:
            self._deal_next()
        return tuple(self._hands)

    @property
    def log(self) -> tuple[tuple[int | None, int], ...]:
        """This hand's actions so far: (seat, action); seat None is a table event."""
        return tuple(self._log)

    @property
    def trick(self) -> tuple[int, ...]:
        """The cards of the trick on the table, in play order."""
        return tuple(self._trick)

    @property
    def played(self) -> int:
        """The cards played to tricks this hand, as a mask."""
        out = mask_of(self._trick)
        for t in self.tricks:
            out |= mask_of(t.cards)
        return out

    @property
    def upcard(self) -> int:
        """The up card (-1 where there is none)."""
        up = self._dealt.upcard if self._dealt is not None else None
        return -1 if up is None else up

    def is_over(self) -> bool:
        return self.standing.over

    def legal_actions(self) -> tuple[int, ...]:
        """The actions the seat to move may take now (empty when nobody is to move)."""
        legal = self._legal
        if legal is None:
            if self._dealt is None:
                self._deal_next()
            legal = () if self.to_move is None else self.phase.legal(self)
            self._legal = legal
        return legal

    def proper_actions(self) -> tuple[int, ...]:
        """The rule-abiding actions; differs from ``legal_actions`` only in
        ``renege_mode = penalize``, where a renege is accepted but not proper."""
        if self.to_move is None:
            return ()
        if not self.prog.penalize:  # the same actions: the cached ones
            return self.legal_actions()
        return self.phase.proper(self)

    def is_legal(self, action: int) -> bool:
        return action in self.legal_actions()

    @overload
    def apply(self, action: int, order: Sequence[int] | None = None) -> None: ...
    @overload
    def apply(self, action: str, order: None = None) -> None: ...

    def apply(self, action: object, order: object = None) -> None:
        """Take ``action``: an action number, or its record text (``"play JH"``).

        A discard's cards go onto the discard pile in the order written (RULES.md
        §1.2), which matters where the pile is dealt out again: text keeps its
        order, and ``order`` gives it for a number (default: deck order). Raises
        :class:`IllegalAction` with the reason; the state is then unchanged.

        The implementation takes ``object`` and checks it itself, so that any other
        value gets that one-line error on the compiled engine too.
        """
        if type(action) is int:
            number = action
        else:
            number, order = self._read(action, order)
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if number not in legal:
            raise IllegalAction(
                self.explain(number), seat=self.to_move, action=self._text_or_raw(number)
            )
        if order is None:
            self._legal = None
            self.phase.apply(self, number)
            return
        written = self._order(number, order)
        self._legal = None
        self._written = written
        try:
            self.phase.apply(self, number)
        finally:
            self._written = ()

    def _read(self, action: object, order: object) -> tuple[int, object]:
        """An action given as text or as another integer type, checked."""
        if isinstance(action, str):
            return self.parse_written(action)
        if isinstance(action, bool) or not hasattr(action, "__index__"):
            raise IllegalAction(
                f"{quoted(action)} is not an action (give an action number or its text)",
                seat=self.to_move,
            )
        return operator.index(action), order

    def _order(self, action: int, order: object) -> tuple[int, ...]:
        """``order``, checked to be the action's cards, each once."""
        cards = A.cards_of(action)
        if cards and isinstance(order, Sequence) and not isinstance(order, str):
            written = tuple(order)
            if (
                all(type(c) is int for c in written)
                and mask_of(written) == cards
                and len(written) == len(set(written))
            ):
                return written
        raise IllegalAction("the order given is not the action's cards", seat=self.to_move)

    def written(self, cards: int) -> tuple[int, ...]:
        """The cards of the discard being applied, in the order written."""
        if self._written and mask_of(self._written) == cards:
            return self._written
        return bits(cards)

    def parse_action(self, text: str) -> int:
        """The action ``text`` names for the seat to move (IllegalAction if it is
        not well formed; whether it is legal now is :meth:`apply`'s question)."""
        return self.parse_written(text)[0]

    def parse_written(self, text: str) -> tuple[int, tuple[int, ...] | None]:
        """:meth:`parse_action`, with a discard's or give's cards in the order
        written: ``apply(*state.parse_written(t))`` is ``apply(t)``."""
        seat = self.to_move
        held = self._hands[seat] if seat is not None else 0
        action, order = A.parse(text, self.prog.cards, self.prog.ladder, held)
        if A.PILE_CARD_VERB.base <= action < A.PILE_CARD_VERB.base + 64:
            return self._pile_card(A.card_of(action)), None
        return action, order

    def _pile_card(self, card: int) -> int:
        """A finished record may name the blind-pile card played: it must be the top
        card of the mover's pile; the action is ``play-pile``."""
        seat = self.to_move
        codes = self.prog.cards.codes
        if seat is not None:
            pile = self.piles.blind[seat] if self.piles.blind else ()
            if not pile:
                raise IllegalAction(f"seat {seat} has no pile to play from", seat=seat)
            if codes[pile[0]] != codes[card]:
                raise IllegalAction(
                    f"the top card of seat {seat}'s pile is {codes[pile[0]]}, not {codes[card]}",
                    seat=seat,
                )
        return A.PLAY_PILE

    def explain(self, action: int) -> str:
        """Why ``action`` is not legal now ("" if it is)."""
        if self.standing.over:
            return "the game is over"
        if self.to_move is None:
            return "no one is to move: the next hand must be dealt"
        if action in self.legal_actions():
            return ""
        if A.verb_of(action) is None:
            return f"{quoted(action)} is not an action number"
        deck = self.prog.cards
        if A.named_cards(action) & ~deck.full_mask:
            return f"those cards are not all in the {deck.name} deck"
        return self.phase.explain(self, action)

    def child(self, action: int | str) -> State:
        """A copy of this state with ``action`` applied."""
        s = self.clone()
        s.apply(action)
        return s

    def clone(self) -> State:
        """An independent copy: the hands, the log and the trick are copied, every
        other part is immutable and shared."""
        s = State.__new__(State)
        s.prog = self.prog
        s.standing = self.standing
        s._dealt = self._dealt
        s.phase = self.phase
        s.phase_at = self.phase_at
        s.step = self.step
        s.to_move = self.to_move
        s._hands = self._hands[:]
        s.trump = self.trump
        s.table = self.table
        s.maker = self.maker
        s.contract = self.contract
        s.piles = self.piles
        s._log = self._log[:]
        s.notes = self.notes
        s.moves = self.moves
        s._trick = self._trick[:]
        s.order = self.order
        s.led = self.led
        s.win_pos = self.win_pos
        s.win_key = self.win_key
        s.tricks = self.tricks
        s._legal = self._legal
        s._written = ()
        return s

    def deal(self, deal: object, dealer: object = None) -> None:
        """Start the next hand with this deal (when :attr:`needs_deal`).

        ``dealer`` is required for the first hand of a game without a seed; later
        it may be given as a check and must be the seat the rules say deals next.
        """
        n = self.prog.num_players
        standing = self.standing
        if standing.over:
            raise IllegalAction("the game is over")
        if self._dealt is not None:
            raise IllegalAction("a hand is in progress; it must be finished first")
        if standing.seed is not None:
            raise IllegalAction("this game deals its hands from its seed")
        if not isinstance(deal, Deal):
            raise IllegalAction(f"{quoted(deal)} is not a Deal")
        seat = _seat(dealer, n, IllegalAction)
        if standing.dealer < 0:
            if seat is None:
                raise IllegalAction("the first hand needs a dealer")
            standing = standing._replace(dealer=seat)
        elif seat is not None and seat != standing.dealer:
            raise IllegalAction(f"seat {standing.dealer} deals this hand, not seat {seat}")
        try:
            check_deal(self.prog.rules, deal, standing.dealer)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        self.standing = standing
        self._begin_hand(deal)

    def time_is_up(self, *, in_hand: bool = False) -> None:
        """The table event ``time-up``: a timed game's time limit has passed.

        The host supplies it from its clock (the engine reads none). Mid-hand it is
        logged where it happens and the hand is finished; between hands (no action
        of the new hand yet) it goes at the end of the finished hand, and the game
        ends at once unless the scores are equal (RULES.md ``euchre/timed``).
        ``in_hand`` says it came after the new hand's deal although no action was
        taken yet (a record that lists it first in a hand): that hand is played out.
        """
        standing = self.standing
        if standing.over:
            raise IllegalAction("table event time-up: the game is over")
        if self.prog.game_end_policy != "timed":
            raise IllegalAction("table event time-up: this game has no time limit")
        if standing.time_up:
            raise IllegalAction("table event time-up: already happened")
        self._legal = None
        if self._dealt is None and not standing.history and self._deal_next() is None:
            raise IllegalAction("table event time-up: no hand has been dealt yet")
        if self._dealt is not None and (self._log or not standing.history or in_hand):
            self.standing = standing._replace(time_up=True)
            self._log.append((None, A.TIME_UP))
            return
        last = standing.history[-1]
        history = (
            *standing.history[:-1],
            last._replace(actions=(*last.actions, (None, A.TIME_UP))),
        )
        standing = standing._replace(time_up=True, history=history)
        verdict = self.prog.game_end(self.prog, standing, None)
        if verdict.winner is None:
            self.standing = standing
            return
        # the next hand was dealt but is not played
        hand_no = standing.hand_no - (1 if self._dealt is not None else 0)
        self.standing = standing._replace(over=True, winner=verdict.winner, hand_no=hand_no)
        self._clear_hand()

    def observation(self, seat: int | None) -> Observation:
        """What ``seat`` may know now (``None``: a spectator who sees no hand)."""
        if self._dealt is None:
            self._deal_next()
        return observe(self, seat)

    # -- conveniences for the edges (CLI, records, tests) ---------------------

    def hand(self, seat: int) -> list[Card]:
        if self._dealt is None:
            self._deal_next()
        deck = self.prog.cards
        return [deck.cards[i] for i in bits(self._hands[seat])]

    def action_to_string(self, action: int) -> str:
        return A.to_text(action, self.prog.cards, self.prog.ladder)

    def history(self) -> tuple[HandLog, ...]:
        """Every finished hand (the current one: :meth:`in_progress`)."""
        return self.standing.history

    def in_progress(self) -> HandLog:
        """The hand being played, as far as it has gone, as the record keeps it
        (its result's points are what the hand has not yet given: none)."""
        deal = self._dealt
        if deal is None:
            raise IllegalAction("no hand is in progress")
        result = HandResult(
            self.standing.dealer,
            None if self.trump < 0 else self.trump,
            None if self.maker < 0 else self.maker,
            self.prog.no_points,
            self.standing.scores,
            tricks=self.tricks,
            contract=self.contract,
        )
        notes = tuple(sorted(self.notes.items()))
        return HandLog(self.standing.dealer, deal, tuple(self._log), result, notes)

    def _text_or_raw(self, action: int) -> str:
        try:
            return self.action_to_string(action)
        except ValueError:
            return quoted(action)

    # --------------------------------------------------------- hand life cycle

    def _clear_hand(self) -> None:
        prog = self.prog
        self._dealt = None
        self.phase = prog.pipeline[0]
        self.phase_at = 0
        self.step = None
        self.to_move = None
        self._hands = [0] * prog.num_players
        self.trump = -1
        self.table = prog.tables[4]
        self.maker = -1
        self.contract = NO_CONTRACT
        self.piles = NO_PILES
        self._log = []
        self.notes = {}
        self.moves = ()
        self._trick = []
        self.order = ()
        self.led = -1
        self.win_pos = 0
        self.win_key = -1
        self.tricks = ()
        self._legal = None
        self._written = ()

    def _deal_next(self) -> Deal | None:
        """Deal the next hand from the seed (or wait for :meth:`deal`), and return
        it (None: a deal is awaited). A seeded game deals a hand when it is first
        looked at, not when the last one ends: a rollout that stops at the end of its
        hand never pays for the next deal, and the cards are the same either way
        (hand *n* is drawn from the seed and *n*).

        Callers test the result, not ``self._dealt`` again: mypy keeps the
        attribute narrowed to None across the call, and the compiled engine checks
        it."""
        standing = self.standing
        if standing.seed is None or standing.over:
            return None
        deal = seeded_deal(self.prog.rules, standing.dealer, standing.seed, standing.hand_no + 1)
        self._begin_hand(deal)
        return deal

    def _begin_hand(self, deal: Deal) -> None:
        # the state is as _clear_hand left it: a hand is begun only while
        # ``_dealt`` is None, which only _clear_hand sets
        self._dealt = deal
        standing = self.standing
        self.standing = replaced(standing, (STANDING_HAND_NO_AT, standing.hand_no + 1))
        self._hands = [mask_of(cards) for cards in deal.hands]
        if deal.kitty or deal.stock or deal.piles:
            self.piles = Piles(stock=deal.stock, kitty=deal.kitty, blind=deal.piles)
        self._enter(0)

    def _enter(self, i: int) -> None:
        pipeline = self.prog.pipeline
        while i < len(pipeline):
            phase = pipeline[i]
            if phase.active(self):
                self.phase = phase
                self.phase_at = i
                self.step = None
                phase.enter(self)
                return
            i += 1
        raise AssertionError("the pipeline ran out before the hand was scored")

    def advance(self) -> None:
        """Go to the next phase of the hand that applies."""
        self._legal = None
        self._enter(self.phase_at + 1)

    def record_action(
        self, seat: int | None, action: int, visible_to: int = ALL_SEATS, shown: int = 0
    ) -> None:
        """Log an action; ``visible_to`` is a seat mask for a private one, and
        ``shown`` the cards of it every seat sees anyway (trumps discarded face up)."""
        written = self._written
        if visible_to != ALL_SEATS or written:
            order = written if written and written != bits(A.cards_of(action)) else ()
            if visible_to != ALL_SEATS or order:
                note = built(Note, (visible_to, shown, order))
                self.notes = {**self.notes, len(self._log): note}
        self._log.append((seat, action))

    def record_move(self, seat: int, kind: MoveKind, cards: int, visible_to: int) -> None:
        """Log an automatic card move (a draw, a forced discard, taking the kitty):
        not an action, but part of what seats may know."""
        self.moves = (*self.moves, built(Move, (len(self._log), seat, kind, cards, visible_to)))

    def draw(self, seat: int, count: int) -> int:
        """Deal ``count`` cards from the top of the stock to ``seat`` (as many as
        there are); the draw is seen by that seat only."""
        if count <= 0:
            return 0
        stock = self.piles.stock
        m = mask_of(stock[:count])
        if m:
            self.piles = self.piles._replace(stock=stock[count:])
            self._hands[seat] |= m
            self.record_move(seat, MoveKind.DRAW, m, 1 << seat)
        return m

    def discard_to_pile(self, seat: int, cards: int, order: Sequence[int]) -> None:
        """Take ``cards`` out of a hand onto the discard pile, in ``order``."""
        self._hands[seat] &= ~cards
        piles = self.piles
        self.piles = replaced(piles, (PILES_DISCARDS_AT, (*piles.discards, *order)))

    def set_trump(self, suit: int) -> None:
        self.trump = suit
        self.table = self.prog.tables[suit]

    def end_hand(self, scored: HandScore | None, *, redeal_same_dealer: bool = False) -> None:
        """Score the hand (``None``: thrown in, no score), check the game end, and
        move on to the next deal."""
        prog = self.prog
        deal = self._dealt
        assert deal is not None
        old = self.standing
        dealer = old.dealer
        redeal = scored is None
        points = prog.no_points if scored is None else scored.points
        scores = tuple(map(operator.add, old.scores, points))
        result = built(
            HandResult,
            (
                dealer,
                None if redeal or self.trump < 0 else self.trump,
                None if redeal or self.maker < 0 else self.maker,
                points,
                scores,
                redeal,
                () if scored is None else scored.details,
                self.tricks,
                NO_CONTRACT if redeal else self.contract,
            ),
        )
        notes = tuple(sorted(self.notes.items())) if self.notes else ()
        log = built(HandLog, (dealer, deal, tuple(self._log), result, notes))
        if not (redeal and redeal_same_dealer):
            dealer = (dealer + 1) % prog.num_players
        standing = built(
            Standing,
            (
                old.hand_no,
                dealer,
                scores,
                old.results + (result,),
                old.history + (log,),
                False,
                None,
                old.time_up,
                old.go_out,
                old.seed,
            ),
        )
        if not redeal or old.time_up:
            verdict = prog.game_end(prog, standing, scored)
            if verdict.winner is not None or verdict.go_out:
                standing = standing._replace(
                    over=verdict.winner is not None,
                    winner=verdict.winner,
                    go_out=old.go_out or verdict.go_out,
                )
        self.standing = standing
        self._clear_hand()

    # ---------------------------------------------------------------- helpers

    def seat_after(self, seat: int) -> int:
        return (seat + 1) % self.prog.num_players

    @property
    def eldest(self) -> int:
        return (self.standing.dealer + 1) % self.prog.num_players

    def partner_of(self, seat: int) -> int | None:
        return self.prog.partners[seat]

    def from_eldest(self) -> tuple[int, ...]:
        """Every seat in bidding order: the dealer's left first, the dealer last."""
        n = self.prog.num_players
        dealer = self.standing.dealer
        return tuple((dealer + k) % n for k in range(1, n + 1))


def _seed(seed: object) -> int | str:
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise TypeError(f"a seed is an integer or a text, not {quoted(seed)}")
    return seed


def _seat(seat: object, n: int, error: type[Exception]) -> int | None:
    """``seat`` checked to be None or a seat of ``n``."""
    if seat is None:
        return None
    if type(seat) is not int or not 0 <= seat < n:
        raise error(f"dealer {quoted(seat)} is not a seat (0-{n - 1})")
    return seat


def _scores(prog: Program, scores: object) -> tuple[int, ...]:
    out = tuple(scores) if isinstance(scores, Sequence) and not isinstance(scores, str) else ()
    if len(out) != len(prog.sides) or not all(type(v) is int for v in out):
        raise ValueError(f"scores must be {len(prog.sides)} integers, one per side")
    return out

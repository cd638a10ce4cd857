"""The game state: a whole game (hands to the target), as a deterministic machine.

``legal_actions()`` lists what the seat to move may do, ``apply(action)`` does it
(or raises :class:`IllegalAction` saying why, leaving the state untouched). A hand
runs through the variant's *pipeline* of phases (calling, exchange steps, tricks);
each phase is a small object in :mod:`followsuit.engine.phases` that reads and
writes the fields below. Dealing is explicit: from ``seed`` (one
``random.Random`` per hand, derived from the seed and the hand number, so a clone
deals exactly what the original would) or from a given :class:`Deal`.

The fields are plain ints, lists and bitmasks on purpose: search bots clone and
step this object millions of times.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import Card, bits, mask_of
from ..rules import Rules
from . import actions as A
from .deal import Deal, check_deal, shuffled_deal
from .errors import IllegalAction
from .program import Program, program_for

if TYPE_CHECKING:
    from .observation import Observation
    from .phases.base import Phase
    from .tricks import TrumpTable

ALL_SEATS = -1  # visibility mask: everyone


@dataclass(frozen=True)
class HandResult:
    """How one hand ended: ``points`` per side (None while in progress)."""

    dealer: int
    trump: int | None
    maker: int | None
    points: tuple[int, ...] | None
    score: tuple[int, ...]
    redeal: bool = False
    details: tuple[tuple[str, tuple[int, ...], int], ...] = ()
    """Pitch: each category won, as (category, the seats credited, value)."""


@dataclass(frozen=True)
class HandLog:
    """One finished hand as the record keeps it."""

    dealer: int
    deal: Deal
    actions: tuple[tuple[int | None, int], ...]
    result: HandResult
    written: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """(action index, cards) for each discard or give written in another order than
    the deck's: the order the cards went onto the discard pile (RULES.md §1.2)."""


@dataclass(frozen=True)
class Trick:
    """A finished trick: who led, the plays in order, who won."""

    leader: int
    plays: tuple[tuple[int, int], ...]
    winner: int


class State:
    """A game in progress. Create one with :func:`followsuit.new_game`."""

    # Plain slots: the state is cloned millions of times by search bots.
    __slots__ = (
        "_legal",
        "_order",
        "alone",
        "asked",
        "auto",
        "awards",
        "awards_by_seat",
        "bid",
        "blind",
        "called",
        "called_card",
        "dead",
        "deal_",
        "dealer",
        "declared",
        "def_alone",
        "discard_pile",
        "finished",
        "go_out",
        "hand_no",
        "hand_points",
        "hands",
        "hidden",
        "immediate",
        "kitty",
        "led",
        "log",
        "made",
        "maker",
        "n",
        "order",
        "ordered_up",
        "out",
        "over",
        "partner",
        "passed",
        "pending",
        "phase",
        "phase_i",
        "picked_up",
        "piles",
        "played",
        "prog",
        "queue",
        "reneges",
        "results",
        "round",
        "rules",
        "scores",
        "seed",
        "shown",
        "start_dealer",
        "stock",
        "table",
        "taken",
        "time_up",
        "to_move",
        "trick",
        "tricks",
        "tricks_won",
        "trump",
        "upcard",
        "win_key",
        "win_pos",
        "winner",
        "written",
    )

    rules: Rules
    prog: Program
    n: int
    seed: int | str | None
    hand_no: int
    dealer: int
    scores: list[int]
    over: bool
    winner: int | None
    finished: tuple[HandLog, ...]
    results: tuple[HandResult, ...]
    start_dealer: int | None
    deal_: Deal | None
    log: list[tuple[int | None, int]]
    hidden: dict[int, int]
    written: dict[int, tuple[int, ...]]
    """The written card order of a discard or give, by log index (when it is not
    the deck's order): the order the cards went onto the discard pile."""
    _order: tuple[int, ...]
    phase_i: int
    phase: Phase
    to_move: int | None
    hands: list[int]
    upcard: int
    round: int
    ordered_up: bool
    picked_up: bool
    trump: int
    table: TrumpTable
    maker: int
    alone: int
    def_alone: int
    out: int
    asked: int
    reneges: list[int]
    bid: int
    passed: int
    queue: tuple[int, ...]
    pending: int
    blind: int
    time_up: bool
    called: int
    stock: list[int]
    """The draw stock, top first (Pitch)."""
    piles: list[list[int]]
    """Each seat's face-down blind pile, top first (Blind Pitch)."""
    kitty: list[int]
    discard_pile: list[int]
    """Discards in the order they were made (a short stock is refilled from them)."""
    partner: int
    """The called partner (-1 until known to the engine; it is never shown early)."""
    auto: list[tuple[int, int, str, int, int]]
    """Automatic card moves: (position in the log, seat, kind, cards, visible-to)."""
    immediate: tuple[str, int] | None
    """An immediate end of the game decided by the hand: ("win" | "lose", side)."""
    go_out: bool
    """From now on only a unit that makes its bid can win (bid-to-go-out)."""
    dead: int
    """Cards out of play for the rest of the hand (a junk hand laid down)."""
    called_card: int
    """The card the bidder called (call-your-partner); -1 when none."""
    declared: bool
    """The maker declared the moon (``moon_rule = declared``)."""
    shown: dict[int, int]
    """Cards shown to everyone out of an otherwise private action (by log index)."""
    awards: list[tuple[str, int, int]]
    """Pitch: the hand's categories as won: (category, unit, value), in order."""
    awards_by_seat: list[tuple[str, tuple[int, ...], int]]
    """The same with the seats of each unit (kept in the hand's result)."""
    made: bool
    """Pitch: the makers made their contract this hand."""
    hand_points: list[int]
    """What each side gained in the hand just scored (read by game-end policies)."""
    trick: list[int]
    order: tuple[int, ...]
    led: int
    win_pos: int
    win_key: int
    tricks_won: list[int]
    tricks: list[Trick]
    played: int
    taken: list[int]
    _legal: list[int] | None

    def __init__(self, rules: Rules, *, seed: int | str | None = None, dealer: int | None = None):
        self.rules = rules
        self.prog = program_for(rules)
        self.n = rules.num_players
        self.seed = seed
        self.hand_no = 0
        self.scores = [0] * len(rules.sides)
        self.over = False
        self.winner = None
        self.finished = ()
        self.results = ()
        self.time_up = False
        self.go_out = False
        if dealer is None and seed is not None:
            dealer = first_dealer(rules, seed)
        if dealer is not None and not 0 <= dealer < self.n:
            raise ValueError(f"dealer {dealer} is not a seat (0-{self.n - 1})")
        self.start_dealer = dealer
        self.dealer = -1 if dealer is None else dealer
        self._clear_hand()
        if seed is not None:
            self._deal_next()

    # ------------------------------------------------------------------ public API

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def current_player(self) -> int | None:
        """The seat to move; None when a deal is awaited or the game is over."""
        return self.to_move

    @property
    def needs_deal(self) -> bool:
        """True when the next hand must be dealt with :meth:`deal`."""
        return not self.over and self.deal_ is None

    @property
    def phase_name(self) -> str:
        if self.over:
            return "over"
        if self.deal_ is None:
            return "deal"
        return str(self.phase.name)

    def is_over(self) -> bool:
        return self.over

    def legal_actions(self) -> list[int]:
        """The actions the seat to move may take now (empty when nobody is to move)."""
        legal = self._legal
        if legal is None:
            legal = [] if self.to_move is None else self.phase.legal(self)
            self._legal = legal
        return legal

    def proper_actions(self) -> list[int]:
        """The rule-abiding actions; differs from ``legal_actions`` only in
        ``renege_mode = penalize``, where a renege is accepted but not proper."""
        if self.to_move is None:
            return []
        proper = getattr(self.phase, "proper", None)
        return proper(self) if proper is not None else self.legal_actions()

    def is_legal(self, action: int) -> bool:
        return action in self.legal_actions()

    def apply(self, action: int | str, order: Sequence[int] | None = None) -> None:
        """Take ``action`` (an int, or record text such as ``"play JH"``).

        A discard's cards go onto the discard pile in the order written (RULES.md
        §1.2), which matters where the pile is dealt out again: text keeps its
        order, and ``order`` gives it for an int action (default: deck order).
        Raises :class:`IllegalAction` with the reason; the state is then unchanged.
        """
        if isinstance(action, str):
            action, order = self.parse_written(action)
        if order is not None and (
            action < A.DISCARD
            or mask_of(order) != A.cards_of(action)
            or len(order) != len(set(order))
        ):
            raise IllegalAction("the order given is not the action's cards", seat=self.to_move)
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if action not in legal:
            raise IllegalAction(
                self.explain(action), seat=self.to_move, action=self._text_or_raw(action)
            )
        self._legal = None
        if order is None:
            self.phase.apply(self, action)
            return
        self._order = tuple(order)
        try:
            self.phase.apply(self, action)
        finally:
            self._order = ()

    def ordered(self, cards: int) -> list[int]:
        """The cards of the discard being applied, in the order written."""
        if self._order and mask_of(self._order) == cards:
            return list(self._order)
        return bits(cards)

    def parse_written(self, text: str) -> tuple[int, list[int] | None]:
        """:meth:`parse_action`, with a discard's or give's cards in the order
        written (``None`` for other actions): ``apply(*state.parse_written(t))``
        is ``apply(t)``."""
        from .parse import parse_written

        return parse_written(self, text)

    def explain(self, action: int) -> str:
        """Why ``action`` is not legal now ("" if it is)."""
        if self.over:
            return "the game is over"
        if self.to_move is None:
            return "no one is to move: the next hand must be dealt"
        if action in self.legal_actions():
            return ""
        deck = self.rules.deck
        if A.is_play(action) and action >= len(deck):
            return f"there is no card {action} in the {deck.name} deck"
        if action >= A.DISCARD and A.cards_of(action) & ~deck.full_mask:
            return f"those cards are not all in the {deck.name} deck"
        reason: str = self.phase.explain(self, action)
        return reason

    def child(self, action: int | str) -> State:
        """A copy of this state with ``action`` applied."""
        s = self.clone()
        s.apply(action)
        return s

    def clone(self) -> State:
        s = State.__new__(State)
        s.rules = self.rules
        s.prog = self.prog
        s.n = self.n
        s.seed = self.seed
        s.hand_no = self.hand_no
        s.dealer = self.dealer
        s.scores = self.scores[:]
        s.over = self.over
        s.winner = self.winner
        s.finished = self.finished
        s.results = self.results
        s.start_dealer = self.start_dealer
        s.deal_ = self.deal_
        s.log = self.log[:]
        s.hidden = dict(self.hidden) if self.hidden else {}
        s.written = dict(self.written) if self.written else {}
        s._order = ()
        s.phase_i = self.phase_i
        s.phase = self.phase
        s.to_move = self.to_move
        s.hands = self.hands[:]
        s.upcard = self.upcard
        s.round = self.round
        s.ordered_up = self.ordered_up
        s.picked_up = self.picked_up
        s.trump = self.trump
        s.table = self.table
        s.maker = self.maker
        s.alone = self.alone
        s.def_alone = self.def_alone
        s.out = self.out
        s.asked = self.asked
        s.reneges = self.reneges[:]
        s.bid = self.bid
        s.passed = self.passed
        s.queue = self.queue
        s.pending = self.pending
        s.blind = self.blind
        s.time_up = self.time_up
        s.called = self.called
        s.stock = self.stock[:]
        s.piles = [p[:] for p in self.piles]
        s.kitty = self.kitty[:]
        s.discard_pile = self.discard_pile[:]
        s.partner = self.partner
        s.auto = self.auto[:]
        s.immediate = self.immediate
        s.go_out = self.go_out
        s.dead = self.dead
        s.called_card = self.called_card
        s.declared = self.declared
        s.shown = dict(self.shown) if self.shown else {}
        s.awards = self.awards
        s.awards_by_seat = self.awards_by_seat
        s.made = self.made
        s.hand_points = self.hand_points
        s.trick = self.trick[:]
        s.order = self.order
        s.led = self.led
        s.win_pos = self.win_pos
        s.win_key = self.win_key
        s.tricks_won = self.tricks_won[:]
        s.tricks = self.tricks[:]
        s.played = self.played
        s.taken = self.taken[:]
        s._legal = self._legal
        return s

    def deal(self, deal: Deal, dealer: int | None = None) -> None:
        """Start the next hand with this deal (when :attr:`needs_deal`).

        ``dealer`` is required for the first hand of a game without a seed; later
        it may be given as a check and must be the seat the rules say deals next.
        """
        if self.over:
            raise IllegalAction("the game is over")
        if self.deal_ is not None:
            raise IllegalAction("a hand is in progress; it must be finished first")
        if dealer is not None and not 0 <= dealer < self.n:
            raise IllegalAction(f"dealer {dealer} is not a seat (0-{self.n - 1})")
        if self.dealer < 0:
            if dealer is None:
                raise IllegalAction("the first hand needs a dealer")
            self.dealer = dealer
            self.start_dealer = dealer
        elif dealer is not None and dealer != self.dealer:
            raise IllegalAction(f"seat {self.dealer} deals this hand, not seat {dealer}")
        try:
            check_deal(self.rules, deal, self.dealer)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
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
        if self.over:
            raise IllegalAction("table event time-up: the game is over")
        if self.rules["game_end_policy"] != "timed":
            raise IllegalAction("table event time-up: this game has no time limit")
        if self.time_up:
            raise IllegalAction("table event time-up: already happened")
        self.time_up = True
        self._legal = None
        if self.log or not self.finished or (in_hand and self.deal_ is not None):
            self.log.append((None, A.TIME_UP))
            return
        last = self.finished[-1]
        self.finished = (
            *self.finished[:-1],
            HandLog(
                last.dealer,
                last.deal,
                (*last.actions, (None, A.TIME_UP)),
                last.result,
                last.written,
            ),
        )
        winner = self.prog.game_end(self)
        if winner is not None:
            self.over = True
            self.winner = winner
            if self.deal_ is not None:  # the next hand was dealt but is not played
                self.hand_no -= 1
                self._clear_hand()

    def observation(self, seat: int | None) -> Observation:
        """What ``seat`` may know now (``None``: a spectator who sees no hand)."""
        from .observation import observe

        return observe(self, seat)

    # -- conveniences for the edges (CLI, records, tests) ---------------------

    def hand(self, seat: int) -> list[Card]:
        deck = self.rules.deck
        return [deck.cards[i] for i in bits(self.hands[seat])]

    def action_to_string(self, action: int) -> str:
        return A.to_text(action, self.rules.deck, self.prog.ladder)

    def parse_action(self, text: str) -> int:
        from .parse import parse_action

        return parse_action(self, text)

    def history(self) -> tuple[HandLog, ...]:
        """Every finished hand (the current one is in :attr:`log`)."""
        return self.finished

    def _text_or_raw(self, action: int) -> str:
        try:
            return self.action_to_string(action)
        except (ValueError, IndexError):
            return repr(action)

    # --------------------------------------------------------- hand life cycle

    def _clear_hand(self) -> None:
        n = self.n
        self.deal_ = None
        self.log = []
        self.hidden = {}
        self.written = {}
        self._order = ()
        self.phase_i = -1
        self.phase = self.prog.pipeline[0]
        self.to_move = None
        self.hands = [0] * n
        self.upcard = -1
        self.round = 0
        self.ordered_up = False
        self.picked_up = False
        self.trump = -1
        self.table = self.prog.tables[4]
        self.maker = -1
        self.alone = -1
        self.def_alone = -1
        self.out = 0
        self.asked = 0
        self.reneges = []
        self.bid = -1
        self.passed = 0
        self.queue = ()
        self.pending = 0
        self.blind = -1
        self.called = 0
        self.stock = []
        self.piles = []
        self.kitty = []
        self.discard_pile = []
        self.partner = -1
        self.auto = []
        self.immediate = None
        self.dead = 0
        self.called_card = -1
        self.declared = False
        self.shown = {}
        self.awards = []
        self.awards_by_seat = []
        self.made = False
        self.hand_points = []
        self.trick = []
        self.order = ()
        self.led = -1
        self.win_pos = 0
        self.win_key = -1
        self.tricks_won = [0] * n
        self.tricks = []
        self.played = 0
        self.taken = [0] * n
        self._legal = None

    def _deal_next(self) -> None:
        """Deal the next hand from the seed (or wait for :meth:`deal`)."""
        if self.seed is None or self.over:
            return
        rng = random.Random(f"{self.seed}/hand/{self.hand_no}")
        self._begin_hand(shuffled_deal(self.rules, self.dealer, rng))

    def _begin_hand(self, deal: Deal) -> None:
        self._clear_hand()
        self.deal_ = deal
        self.hand_no += 1
        hands = self.hands
        for seat, cards in enumerate(deal.hands):
            hands[seat] = mask_of(cards)
        self.upcard = -1 if deal.upcard is None else deal.upcard
        self.stock = list(deal.stock)
        self.kitty = list(deal.kitty)
        self.piles = [list(p) for p in deal.piles]
        self._enter(0)

    def _enter(self, i: int) -> None:
        pipeline = self.prog.pipeline
        while i < len(pipeline):
            phase = pipeline[i]
            if phase.active(self):
                self.phase_i = i
                self.phase = phase
                phase.enter(self)
                return
            i += 1
        raise AssertionError("the pipeline ran out before the hand was scored")

    def advance(self) -> None:
        """Go to the next phase of the hand that applies."""
        self._legal = None
        self._enter(self.phase_i + 1)

    def record_action(
        self, seat: int | None, action: int, visible_to: int = ALL_SEATS, shown: int = 0
    ) -> None:
        """Log an action; ``visible_to`` is a seat bitmask for a private one, and
        ``shown`` the cards of it every seat sees anyway (trumps discarded face up)."""
        if visible_to != ALL_SEATS:
            self.hidden[len(self.log)] = visible_to
            if shown:
                self.shown[len(self.log)] = shown
        if self._order and action >= A.DISCARD and list(self._order) != bits(A.cards_of(action)):
            self.written[len(self.log)] = self._order
        self.log.append((seat, action))

    def record_auto(self, seat: int, kind: str, cards: int, visible_to: int) -> None:
        """Log an automatic card move (a draw, a forced discard, taking the kitty):
        not an action, but part of what seats may know."""
        self.auto.append((len(self.log), seat, kind, cards, visible_to))

    def draw(self, seat: int, count: int) -> int:
        """Deal ``count`` cards from the top of the stock to ``seat`` (as many as
        there are, and none when the hand already holds enough); the draw is seen
        by that seat only."""
        if count <= 0:
            return 0
        m = mask_of(self.stock[:count])
        del self.stock[:count]
        if m:
            self.hands[seat] |= m
            self.record_auto(seat, "draw", m, 1 << seat)
        return m

    def set_trump(self, suit: int) -> None:
        self.trump = suit
        self.table = self.prog.tables[suit]

    def end_hand(self, points: list[int] | None, *, redeal_same_dealer: bool = False) -> None:
        """Score the hand (``None``: thrown in, no score), check the game end, and
        move on to the next deal."""
        deal = self.deal_
        assert deal is not None
        redeal = points is None
        if points is None:
            points = [0] * len(self.scores)
        scores = self.scores
        for k, p in enumerate(points):
            scores[k] += p
        self.hand_points = points
        result = HandResult(
            dealer=self.dealer,
            trump=None if redeal or self.trump < 0 else self.trump,
            maker=None if redeal or self.maker < 0 else self.maker,
            points=tuple(points),
            score=tuple(scores),
            redeal=redeal,
            details=tuple(self.awards_by_seat),
        )
        self.finished = (
            *self.finished,
            HandLog(
                self.dealer, deal, tuple(self.log), result, tuple(sorted(self.written.items()))
            ),
        )
        self.results = (*self.results, result)
        if not redeal or self.time_up:
            winner = self.prog.game_end(self)
            if winner is not None:
                self.over = True
                self.winner = winner
        if not (redeal and redeal_same_dealer):
            self.dealer = (self.dealer + 1) % self.n
        self._clear_hand()
        if not self.over:
            self._deal_next()

    # ---------------------------------------------------------------- helpers

    def seat_after(self, seat: int) -> int:
        return (seat + 1) % self.n

    @property
    def eldest(self) -> int:
        return (self.dealer + 1) % self.n

    def partner_of(self, seat: int) -> int | None:
        return self.rules.partners[seat]


def first_dealer(rules: Rules, seed: int | str) -> int:
    """The first dealer of a seeded game, by the ``first_dealer`` option."""
    rng = random.Random(f"{seed}/dealer")
    n = rules.num_players
    how = rules["first_dealer"]
    if how == "random":
        return rng.randrange(n)
    deck = rules.deck
    order = list(range(len(deck)))
    rng.shuffle(order)
    black = how == "first_black_jack"
    for k, c in enumerate(order):
        code = deck.codes[c]
        if code[0] == "J" and code != "JK" and (not black or code[1] in "CS"):
            return k % n
    return 0

"""One table's game as the server keeps it: the engine state, each hand's committed
shuffle, and the rows the store holds, kept in step.

The state is never dealt from a seed. Each hand's deck order comes from
:func:`~followsuit.server.fairdeal.secure_shuffle` when the hand before it ends
(and is stored in the same transaction as the action that ended it), and the game
is rebuilt after a restart by dealing the stored orders and applying the stored
actions, through the engine's public API only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import record as R
from ..engine import IllegalAction, State
from ..engine import actions as A
from ..rules import Rules
from .fairdeal import Shuffle, secure_first_dealer, secure_shuffle
from .store import ActionRow, HandRow


@dataclass(frozen=True)
class Accepted:
    """An action the engine took on a copy of the state, not yet stored."""

    state: State
    row: ActionRow
    next_hand: HandRow | None
    ended_hand: int | None
    """The index of the hand this action finished (None if it goes on)."""
    says: str
    """The action in plain English ("calls hearts alone")."""
    private: bool
    """A discard, give or misdeal offer: others may not see all of it."""
    hidden_says: str | None = None
    """What those who do not see it are told ("discards 2 cards")."""


def hand_row(index: int, shuffle: Shuffle) -> HandRow:
    return HandRow(index, shuffle.dealer, shuffle.order, shuffle.salt, shuffle.commitment)


def shuffle_of(row: HandRow) -> Shuffle:
    return Shuffle(row.dealer, row.order, row.salt, row.commitment)


class LiveGame:
    """The engine state of one table plus its shuffles and action count."""

    def __init__(self, rules: Rules, hands: Sequence[HandRow], actions: Sequence[ActionRow]):
        """Rebuild the game from the store's rows (a new table: its first hand)."""
        self.rules = rules
        self.state = State(rules)
        self.hands: list[HandRow] = []
        self.actions: list[ActionRow] = []
        if not hands:
            raise ValueError("a table needs its first hand")
        self._deal(hands[0])
        self.catch_up(hands, actions)

    @property
    def seq(self) -> int:
        """The number of actions taken (the table's state number)."""
        return len(self.actions)

    def catch_up(self, hands: Sequence[HandRow], actions: Sequence[ActionRow]) -> None:
        """Take the rows after those already taken: the same table's log, grown
        (a bot's worker keeps its copy of a game and brings it up to date)."""
        if len(actions) < self.seq or len(hands) < len(self.hands):
            raise ValueError("these rows are not this game's log grown")
        for act in actions[self.seq :]:
            while act.hand > len(self.hands) - 1:
                self._deal(hands[len(self.hands)])
            self._replay(act)
            self.actions.append(act)
        if self.state.needs_deal and len(self.hands) < len(hands):
            self._deal(hands[len(self.hands)])

    @classmethod
    def first_hand(cls, rules: Rules) -> HandRow:
        return hand_row(0, secure_shuffle(rules, secure_first_dealer(rules)))

    # -- taking actions ---------------------------------------------------------

    def prepare(self, seat: int | None, text: str) -> Accepted:
        """The action applied to a copy of the state (IllegalAction if the engine
        refuses it), with the rows that record it. ``seat`` None is ``time-up``."""
        trial = self.state.clone()
        before = len(trial.history())
        if seat is None:
            trial.time_is_up()
            in_current = bool(trial.log) and trial.log[-1] == (None, A.TIME_UP)
            hand = len(self.hands) - 1 if in_current else len(self.hands) - 2
            written = "time-up"
            says, private, hidden = "time is up", False, None
        else:
            action, order = trial.parse_written(text)
            written = A.to_text(action, self.rules.deck, trial.prog.ladder, order)
            trial.apply(action, order)
            deck, ladder = self.rules.deck, trial.prog.ladder
            says = A.describe(action, deck, ladder, dealer=seat == self.state.dealer)
            count = A.cards_of(action).bit_count()
            private = A.is_discard(action) or A.is_give(action) or written == "claim-misdeal"
            hidden = A.describe(action, deck, ladder, hidden=count) if count else None
            hand = len(self.hands) - 1
        ended = len(self.hands) - 1 if len(trial.history()) > before else None
        next_hand = None
        if trial.needs_deal:
            shuffle = secure_shuffle(self.rules, trial.dealer)
            next_hand = hand_row(len(self.hands), shuffle)
            trial.deal(shuffle.deal(self.rules), shuffle.dealer)
        row = ActionRow(self.seq + 1, hand, seat, written)
        return Accepted(trial, row, next_hand, ended, says, private, hidden)

    def commit(self, accepted: Accepted) -> None:
        """Take the prepared action as done (after the store has kept it)."""
        self.state = accepted.state
        if accepted.next_hand is not None:
            self.hands.append(accepted.next_hand)
        self.actions.append(accepted.row)

    # -- what is kept -------------------------------------------------------------

    @property
    def current(self) -> HandRow:
        return self.hands[-1]

    def finished_hands(self) -> int:
        return len(self.state.history())

    def record(self, players: list[str] | None = None, *, whole: bool = False) -> dict[str, Any]:
        """The ``followsuit/1`` record: the finished hands, each with its revealed
        shuffle under ``fair``; ``whole`` adds the hand in progress (its deal is
        secret: only the server may ask for it)."""
        rec = R.to_record(self.state, players)
        done = self.finished_hands()
        hands = rec["hands"] if whole else rec["hands"][:done]
        for k, hand in enumerate(hands):
            shuffle = shuffle_of(self.hands[k])
            if k < done:
                hand["fair"] = shuffle.reveal()
            else:
                hand["fair"] = {"commitment": shuffle.commitment}
        rec["hands"] = hands
        if not self.state.over:
            rec["unfinished"] = True
        return rec

    # -- rebuilding ---------------------------------------------------------------

    def _deal(self, row: HandRow) -> None:
        shuffle = shuffle_of(row)
        self.state.deal(shuffle.deal(self.rules), row.dealer)
        self.hands.append(row)

    def _replay(self, act: ActionRow) -> None:
        try:
            if act.seat is None:
                self.state.time_is_up()
            else:
                if self.state.current_player != act.seat:
                    raise IllegalAction(f"it is seat {self.state.current_player}'s turn")
                self.state.apply(act.text)
        except IllegalAction as exc:
            raise ValueError(f"stored action {act.seq} ({act.text}): {exc}") from None

"""What a line typed at a prompt means.

One rule for numbers: a bare number always picks that numbered choice (a bid is
typed with its verb, ``bid 3``). Cards are read as the table shows them
(``10♦``, ``10D``, ``TD``, ``q♠``), and a bare card or list of cards is taken for
whatever card verb the prompt is asking for (a play, a discard, a give, a called
card). The table's commands (``last``, ``score`` …) work at every prompt.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Suit, bits
from ..engine import IllegalAction, State
from ..engine import actions as A
from ..text.seating import Seating
from ..text.words import card_token, echo, plain_reason

#: The commands of every prompt and what they do, for ``help``.
COMMANDS = {
    "last": "the last trick",
    "score": "the score and the hands so far",
    "hand": "your hand",
    "table": "draw the table again",
    "hint": "what the bots would do in your place",
    "rules": "the variant's options in force",
    "help": "this help (also ?)",
    "q": "stop (the game is saved; resume it with followsuit resume RECORD)",
}
ALIASES = {"?": "help", "quit": "q", "exit": "q", "t": "table", "l": "last"}

#: What a prompt asks for, by verb, for the line that answers a suit typed where
#: none is asked.
ASKED = {
    "play": "a card to play",
    "play-pile": "a card to play",
    "discard": "cards to discard",
    "give": "cards to give",
    "call-partner": "a card to call for a partner",
    "bid": "a bid",
}


SHORTCUTS = {
    "order": "order-up",
    "order up": "order-up",
    "order up alone": "order-up alone",
    "order it up": "order-up",
    "pick it up": "order-up",
    "go alone": "alone",
    "pick": "order-up",
    "pick up": "order-up",
    "up": "order-up",
    "order alone": "order-up alone",
    "pick up alone": "order-up alone",
    "p": "pass",
    "pile": "play-pile",
    "moon": "bid moon",
}

#: The verbs a bare list of cards may stand for, in the order tried.
CARD_VERBS = ("play", "discard", "give", "call-partner")
VERB_WORDS = frozenset(v.word for v in A.VERBS)
#: The verbs a bare suit may stand for.
SUIT_VERBS = ("call", "trump")


@dataclass(frozen=True)
class Choice:
    action: int
    order: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Command:
    name: str


@dataclass(frozen=True)
class Problem:
    """Why the line was not taken (one line, players named, cards as cards)."""

    message: str


Reading = Choice | Command | Problem | None


def _verb_word(action: int) -> str:
    verb = A.verb_of(action)
    return "" if verb is None else verb.word


def _suit_word(word: str) -> str | None:
    """``H``, ``hearts`` → ``H`` (a symbol, ``♥``, is a letter already: see
    :func:`card_token`)."""
    try:
        return Suit.parse(word).char
    except ValueError:
        return None


class Reader:
    """Reads lines for one prompt: ``choices`` are the numbered actions."""

    def __init__(self, state: State, seating: Seating, choices: Sequence[int], typed: str = ""):
        self.state = state
        self.typed = typed
        """How to type what is not numbered (``Type the 2 cards to discard, e.g. …``)."""
        self.seating = seating
        self.choices = list(choices)
        self.legal = state.legal_actions()
        self.verbs = {_verb_word(a) for a in self.legal}
        self.bid_words = {b.label for b in state.rules.bids if not b.label.isdigit()}
        """The bids with a name (a number alone always picks a choice)."""

    def asks_suit(self) -> bool:
        """Whether a suit may be named now (a call, a trump)."""
        return any(verb in self.verbs for verb in SUIT_VERBS)

    def read(self, text: str) -> Reading:
        line = " ".join(text.split())
        if not line:
            return None
        low = line.lower()
        if _suit_word(low) is not None:
            # a suit wherever a suit is asked (a bare H is hearts); elsewhere one
            # line says what is asked instead
            if not self.asks_suit():
                return Problem(self._no_suit())
            suit = self._suit([low])
            if suit is not None:
                return suit
        command = ALIASES.get(low, low)
        if command in COMMANDS:
            return Command(command)
        if low.isdigit():
            # a number too long to be a choice is not converted (Python refuses
            # thousands of digits)
            return self._number(int(low) if len(low) < 10 else 0)
        words = [card_token(w) for w in line.split()]
        normal = " ".join(words)
        normal = SHORTCUTS.get(normal.lower(), normal)
        if "bid" in self.verbs and normal.lower() in self.bid_words:
            normal = f"bid {normal.lower()}"  # a bid by its name alone: six-help, moon
        found = self._as_written(normal)
        if found is not None:
            return found
        if words[0].lower() in VERB_WORDS:
            return self._malformed(normal)
        if self._all_cards(words):
            return self._cards(words)
        suit = self._suit(words)
        if suit is not None:
            return suit
        return Problem(f"not understood: {echo(line)} (type help for what you can type)")

    def _no_suit(self) -> str:
        """``no suit is asked here: a card to play (1 to 5)``."""
        words = []
        for a in self.legal:
            verb = A.verb_of(a)
            if verb is None:
                continue
            word = ASKED.get(verb.word) or f"{verb.word} {verb.suffix}".strip()
            if word not in words:
                words.append(word)
        what = " or ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)
        count = len(self.choices)
        if count > 1:
            what += f" (1 {'or' if count == 2 else 'to'} {count})"
        return f"no suit is asked here: {what}"

    def _number(self, k: int) -> Choice | Problem:
        count = len(self.choices)
        if 1 <= k <= count:
            return Choice(self.choices[k - 1])
        if count == 0:
            how = self.typed[0].lower() + self.typed[1:] if self.typed else "type the action"
            return Problem(f"nothing here is numbered: {how}")
        if count == 1:
            return Problem("there is one choice: type 1")
        return Problem(f"choose a number from 1 to {count}")

    def _as_written(self, text: str) -> Choice | Problem | None:
        try:
            action, order = self.state.parse_written(text)
        except IllegalAction:
            return None
        return self._checked(action, order)

    def _malformed(self, text: str) -> Problem:
        """The reason a line that starts with a verb does not parse."""
        try:
            self.state.parse_written(text)
        except IllegalAction as exc:
            return Problem(plain_reason(exc.reason, self.seating))
        return Problem(f"not understood: {echo(text)}")

    def _checked(self, action: int, order: tuple[int, ...] | None) -> Choice | Problem:
        if action in self.legal:
            return Choice(action, order)
        seat = self.state.current_player
        if seat is not None and (A.is_discard(action) or A.is_give(action) or A.is_play(action)):
            held = self.state.observation(seat).hand
            missing = A.named_cards(action) & ~held
            if missing:
                codes = " ".join(self.state.rules.deck.codes[c] for c in bits(missing))
                return Problem(f"not allowed: you do not hold {codes}")
        reason = self.state.explain(action)
        return Problem(f"not allowed: {plain_reason(reason, self.seating)}")

    def _all_cards(self, words: Sequence[str]) -> bool:
        deck = self.state.rules.deck
        return all(w in deck.by_code for w in words)

    def _cards(self, words: Sequence[str]) -> Choice | Problem:
        verbs = [v for v in CARD_VERBS if v in self.verbs]
        if not verbs:
            return Problem("no card is asked for now")
        first: Problem | None = None
        for verb in verbs:
            if verb in ("play", "call-partner") and len(words) > 1:
                continue
            try:
                action, order = self.state.parse_written(f"{verb} {' '.join(words)}")
            except IllegalAction as exc:
                first = first or Problem(plain_reason(exc.reason, self.seating))
                continue
            found = self._checked(action, order)
            if isinstance(found, Choice):
                return found
            first = first or found
        return first or Problem(f"{verbs[0]} takes one card here")

    def _suit(self, words: Sequence[str]) -> Choice | Problem | None:
        alone = len(words) == 2 and words[1].lower() == "alone"
        if len(words) != 1 and not alone:
            return None
        suit = _suit_word(words[0])
        if suit is None:
            return None
        for verb in SUIT_VERBS:
            if verb in self.verbs:
                text = f"{verb} {suit}" + (" alone" if alone else "")
                found = self._as_written(text)
                if found is not None:
                    return found
        return Problem(self._no_suit())

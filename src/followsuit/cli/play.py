"""``followsuit play``: a game in the terminal, one human seat against bots.

The table is drawn from the human seat's observation only; bots get their own.
Every action goes through the engine's checked ``apply``; a typo or an illegal
card gets the engine's reason and a new prompt. The record is saved when the game
ends or the player leaves (``q``, Ctrl-C, end of input).
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from ..bots import Bot
from ..cards import Suit, bits
from ..engine import IllegalAction, State
from ..engine import actions as A
from ..engine.observation import Observation, SeenMove
from ..engine.types import MoveKind
from ..record import save
from .render import card_text, hand_text, seat_names, short_names, sorted_hand

HELP = """\
Type the number of a choice, or the action itself:
  a card such as JH (jack of hearts), TC (ten of clubs), AS; jokers JK, BJ, LJ
  pass · order-up · order-up alone · call H · call H alone · alone · partner
  a bid: 3, bid 4, bid moon · trump H · discard 4C 7D (or just the cards)
  pile (the top card of your blind pile) · call-partner AH
  q to stop (the game so far is saved), ? for this help."""


#: How the table tells an automatic card move.
MOVE_WORDS = {
    MoveKind.PICKUP: "picks up",
    MoveKind.DRAW: "is dealt",
    MoveKind.TAKE: "takes",
    MoveKind.RETAKE: "takes back",
    MoveKind.DEAD: "lays down",
    MoveKind.DROP: "drops",
    MoveKind.TRIM: "drops",
}


class Quit(Exception):
    """The player asked to stop."""


def default_record_path(variant: str, seed: int | str) -> Path:
    base = os.environ.get("FOLLOWSUIT_RECORDS")
    if base:
        root = Path(base)
    else:
        data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        root = Path(data) / "followsuit" / "records"
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return root / f"{stamp}-{variant.replace('/', '-')}-seed{seed}.json"


class TerminalGame:
    """One game at the terminal; :meth:`run` returns the exit status."""

    def __init__(
        self,
        state: State,
        human: int,
        bots: Sequence[Bot | None],
        console: Console,
        record_path: Path,
        delay: float = 0.0,
    ):
        self.state = state
        self.human = human
        self.bots = bots
        self.console = console
        self.record_path = record_path
        self.delay = delay
        self.names = seat_names(state.n, human)
        self.short = short_names(state.n)

    # ------------------------------------------------------------------ loop

    def run(self) -> int:
        state = self.state
        limit = state.rules.settings.time_limit_seconds
        started = time.monotonic()
        try:
            self._hand_header()
            while not state.over:
                if limit and not state.time_up and time.monotonic() - started >= limit:
                    # the host's clock supplies the table event; the engine reads none
                    state.time_is_up()
                    self.console.print(
                        "Time is up: the current hand is the last one unless the scores are level.",
                        style="bold yellow",
                    )
                    if state.is_over():
                        break
                seat = state.current_player
                assert seat is not None
                order = None
                if seat == self.human:
                    action, order = self._ask()
                else:
                    bot = self.bots[seat]
                    assert bot is not None
                    action = bot.choose(state.observation(seat))
                    if self.delay:
                        time.sleep(self.delay)
                self._apply(seat, action, order)
            self._game_over()
        except (Quit, KeyboardInterrupt, EOFError):
            self.console.print("\nGame stopped.")
        finally:
            self._save()
        return 0

    def _apply(self, seat: int, action: int, order: Sequence[int] | None = None) -> None:
        """Apply a move (a typed discard in the order typed) and narrate it."""
        state = self.state
        obs_before = state.observation(self.human)
        n_tricks = len(state.tricks)
        hands_before = len(state.results)
        state.apply(action, order)
        if len(state.results) > hands_before:
            # the hand ended on this action, which is public (a card, a pass, a claim)
            self._narrate(obs_before, seat, action, obs_before.text(action))
        else:
            # narrate only what this seat's observation shows (never a private offer)
            after = state.observation(self.human)
            for who, act, text in after.actions[len(obs_before.actions) :]:
                if who is not None:
                    self._narrate(obs_before, who, act, text)
            for move in after.moves[len(obs_before.moves) :]:
                self._narrate_move(after, move)
            pitched = after.rules.settings.trump_declaration == "pitched"
            if pitched and obs_before.trump is None and after.trump is not None:
                self.console.print(f"  Trump is {Suit(after.trump).word}.", style="bold")
        tricks = state.results[-1].tricks if len(state.results) > hands_before else state.tricks
        if len(tricks) > n_tricks:
            t = tricks[-1]
            card = dict(t.plays)[t.winner]
            line = Text(f"  {self.names[t.winner]} wins the trick with ")
            line.append_text(card_text(obs_before, card))
            self.console.print(line)
        if len(state.results) > hands_before:
            self._hand_over()
            if not state.over:
                self._hand_header()

    # ------------------------------------------------------------ narration

    def _narrate(self, obs: Observation, seat: int, action: int | None, text: str) -> None:
        """One action in plain words, as the verb table says it (a card played
        shown in its colours)."""
        name = self.names[seat]
        line = Text(f"{name} ")
        if action is not None and A.is_play(action):
            line.append("plays ")
            line.append_text(card_text(obs, action))
        else:
            line.append(obs.describe(seat, action, text))
        if action is not None and action not in (A.PASS, A.PARTNER) and not A.is_play(action):
            line.stylize("bold yellow" if action == A.CLAIM_MISDEAL else "bold")
        self.console.print(line)

    def _narrate_move(self, obs: Observation, move: SeenMove) -> None:
        """An automatic card move: a draw, taking the kitty, a forced drop."""
        if move.kind is MoveKind.PICKUP or not move.size:
            return  # the Euchre pick-up is narrated with the call; nothing moved
        name = self.names[move.seat]
        things = "a card" if move.size == 1 else f"{move.size} cards"
        cards = "" if move.cards is None else ": " + obs.rules.deck.format_mask(move.cards)
        verb = MOVE_WORDS[move.kind]
        self.console.print(Text(f"  {name} {verb} {things}{cards}", style="dim"))

    def _hand_header(self) -> None:
        state = self.state
        obs = state.observation(self.human)
        self.console.print(Rule(f"Hand {obs.hand_no} · dealer {self.names[obs.dealer]}"))
        self.console.print(self._score_line(obs))
        if obs.upcard is not None:
            line = Text("Up card: ")
            line.append_text(card_text(obs, obs.upcard))
            self.console.print(line)
        hand = Text("Your hand: ")
        hand.append_text(hand_text(obs, set()))
        self.console.print(hand)

    def _score_line(self, obs: Observation) -> str:
        parts = []
        for k, side in enumerate(obs.rules.sides):
            who = "-".join(self.short[p] for p in side)
            parts.append(f"{who} {obs.scores[k]}")
        target = obs.rules.settings.target_score
        return "Score: " + ", ".join(parts) + (f" (game to {target})" if target else "")

    def _hand_over(self) -> None:
        state = self.state
        result = state.results[-1]
        obs = state.observation(self.human)
        if result.redeal:
            self.console.print("Everyone passed: the hand is thrown in.", style="yellow")
            return
        sides = obs.rules.sides
        gains = []
        for k, p in enumerate(result.points or ()):
            if p:
                who = " and ".join(self.names[s] for s in sides[k])
                gains.append(f"{who} {'+' if p > 0 else ''}{p}")
        self.console.print("Hand over: " + (", ".join(gains) or "no points"), style="bold")
        self.console.print(self._score_line(obs))

    def _game_over(self) -> None:
        state = self.state
        winner = state.winner
        if winner is None:
            return
        side = state.rules.sides[winner]
        who = " and ".join(self.names[s] for s in side)
        mine = self.human in side
        self.console.print(Rule("Game over"))
        self.console.print(
            f"{who} win the game {'— well played!' if mine else ''}", style="bold green"
        )

    def _save(self) -> None:
        players = [
            "you" if k == self.human or b is None else f"{b.name} bot"
            for k, b in enumerate(self.bots)
        ]
        path = save(self.state, self.record_path, players=players)
        self.console.print(f"Record saved to {path}")

    # ------------------------------------------------------------- the human

    def _ask(self) -> tuple[int, Sequence[int] | None]:
        """The human's move, with a typed discard's cards in the order typed."""
        state = self.state
        obs = state.observation(self.human)
        choices = list(obs.legal_actions)
        sets = [a for a in choices if A.is_discard(a) or A.is_give(a)]
        hint = ""
        if sets and (len(sets) > 12 or any(A.cards_of(a).bit_count() > 1 for a in sets)):
            # too many card sets to number: the player types the cards
            sizes = sorted({A.cards_of(a).bit_count() for a in sets})
            verb = "discard" if A.is_discard(sets[0]) else "give"
            count = (
                f"{sizes[0]} card{'s' if sizes[0] > 1 else ''}"
                if len(sizes) == 1
                else (f"{sizes[0]} to {sizes[-1]} cards")
            )
            hint = f"Type the {count} to {verb}, e.g. {verb} " + " ".join(
                obs.rules.deck.codes[c] for c in bits(A.cards_of(sets[0]))
            )
            choices = [a for a in choices if not A.cards_of(a)]
        elif choices and (A.is_play(choices[0]) or A.is_discard(choices[0])):
            shown = sorted_hand(obs, obs.hand)

            def place(a: int) -> int:
                card = a if A.is_play(a) else A.cards_of(a).bit_length() - 1
                return shown.index(card) if card in shown else len(shown)

            choices.sort(key=place)
        self._show_turn(obs, choices)
        if hint:
            self.console.print(hint, style="cyan")
        while True:
            text = self.console.input("[bold]Your move:[/bold] ").strip()
            if not text:
                continue
            low = text.lower()
            if low in ("?", "h", "help"):
                self.console.print(HELP)
                continue
            if low in ("q", "quit", "exit"):
                raise Quit
            if text.isdigit() and obs.phase == "auction":
                try:
                    bid = state.parse_action(f"bid {text}")
                except IllegalAction:
                    bid = -1
                if bid in choices:  # in the auction a number is a bid
                    return bid, None
            if text.isdigit() and choices:
                k = int(text)
                if 1 <= k <= len(choices):
                    return choices[k - 1], None
                self.console.print(f"Choose a number from 1 to {len(choices)}.", style="yellow")
                continue
            try:
                action, order = self._interpret(text)
            except IllegalAction as exc:
                self.console.print(f"{exc.reason}. Type ? for help.", style="yellow")
                continue
            if state.is_legal(action):
                return action, order
            self.console.print(f"Not allowed: {state.explain(action)}.", style="yellow")

    def _interpret(self, text: str) -> tuple[int, Sequence[int] | None]:
        """Record text, or the short forms a player types: a bare card, a suit, a
        list of cards (with a discard's cards in the order typed)."""
        state = self.state
        low = text.strip().lower()
        shortcuts = {
            "order": "order-up",
            "pick": "order-up",
            "up": "order-up",
            "order alone": "order-up alone",
            "p": "pass",
        }
        low = shortcuts.get(low, low)
        parse = state.parse_written
        try:
            return parse(low)
        except IllegalAction:
            pass
        legal = state.legal_actions()
        words = low.split()
        if len(words) > 1 and all(len(w) == 2 for w in words):  # a list of cards
            for verb in ("discard", "give"):
                try:
                    cards = parse(f"{verb} {low}")
                except IllegalAction:
                    continue
                if cards[0] in legal:
                    return cards
        if len(words) == 1 and words[0] in ("pile", "play-pile"):
            return A.PLAY_PILE, None
        if len(words) == 1 and len(words[0]) in (2, 3):
            for verb in ("play", "discard"):
                try:
                    one = parse(f"{verb} {words[0]}")
                except IllegalAction:
                    continue
                if one[0] in legal or verb == "play":
                    return one
        if words and len(words) <= 2:
            try:
                return parse("call " + low)
            except IllegalAction:
                pass
        raise IllegalAction(f"{text!r} is not understood")

    def _show_turn(self, obs: Observation, choices: list[int]) -> None:
        console = self.console
        console.print()
        info = []
        if obs.trump is not None:
            who = self.names[obs.maker] if obs.maker is not None else "?"
            made = f"bid {obs.bid} by {who}" if obs.bid is not None else f"made by {who}"
            alone = ", alone" if obs.alone is not None else ""
            info.append(f"Trump: {Suit(obs.trump).word} ({made}{alone})")
        elif obs.upcard is not None and not obs.hand_hidden:
            passes = sum(1 for a in obs.actions if a[2] == "pass")
            round_ = "round 2: name a suit" if passes >= obs.rules.num_players else "round 1"
            info.append(f"Up card {obs.rules.deck.codes[obs.upcard]} · {round_}")
        elif obs.bid is not None and obs.maker is not None:
            info.append(f"High bid: {obs.bid} by {self.names[obs.maker]}")
        if obs.hand_hidden:
            info.append("The joker was turned up: name trump before looking at your hand")
        if obs.tricks or obs.trick:
            sides = obs.rules.sides
            won = [sum(obs.tricks_won[s] for s in side) for side in sides]
            info.append(
                "Tricks: "
                + ", ".join(
                    f"{'-'.join(self.short[p] for p in side)} {w}"
                    for side, w in zip(sides, won, strict=True)
                )
            )
        if info:
            console.print(" · ".join(info))
        if obs.trick:
            line = Text("On the table: ")
            for k, (seat, card) in enumerate(obs.trick):
                if k:
                    line.append(", ")
                line.append(f"{self.names[seat].split(' ')[0]} ")
                line.append_text(card_text(obs, card))
            console.print(line)
        extra = []
        if obs.pile_sizes and obs.seat is not None and obs.pile_sizes[obs.seat]:
            extra.append(f"your pile: {obs.pile_sizes[obs.seat]} cards face down")
        if obs.stock_size and obs.phase != "play":
            extra.append(f"stock: {obs.stock_size}")
        if obs.called_card is not None:
            partner = self.names[obs.partner] if obs.partner is not None else "unknown yet"
            extra.append(
                f"called card {obs.rules.deck.codes[obs.called_card]} (partner: {partner})"
            )
        if obs.trump is None and obs.bid is not None and A.is_play(choices[0] if choices else -1):
            extra.append("the suit you lead becomes trump")
        if extra:
            console.print(" · ".join(extra))
        playing = bool(choices) and A.is_play(choices[0])
        hand = Text("Your hand: ")
        hand.append_text(hand_text(obs, set(choices) if playing else set()))
        console.print(hand)
        line = Text("Choices: ")
        for k, a in enumerate(choices, 1):
            if k > 1:
                line.append("  ")
            line.append(f"{k}) ", style="cyan")
            if A.is_play(a):
                line.append_text(card_text(obs, a))
            elif A.cards_of(a):
                line.append("discard " if A.is_discard(a) else "give ")
                line.append_text(card_text(obs, (A.cards_of(a)).bit_length() - 1))
            elif a == A.PLAY_PILE:
                line.append("top of your pile")
            else:
                line.append(obs.text(a))
        console.print(line)

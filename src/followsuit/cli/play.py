"""``followsuit play``: a game in the terminal, one human seat against bots.

The table is drawn from the human seat's observation only; bots get their own.
Every action goes through the engine's checked ``apply``; a typo or an illegal
card gets the reason in plain words and a new prompt. The record is written
after every action (see :mod:`.keeping`), and once more when the game ends or
the player leaves (``q``, Ctrl-C, end of input, SIGTERM, SIGHUP).
"""

from __future__ import annotations

import contextlib
import signal
import time
from collections.abc import Mapping, Sequence
from types import FrameType

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from ..bots import Bot
from ..cards import bits
from ..engine import State
from ..engine import actions as A
from ..engine.deal import game_seed, seeded_deal
from ..engine.observation import Observation, SeenMove
from ..engine.types import MoveKind, Trick
from ..text.layout import flow
from ..text.seating import Seating
from ..text.summary import HandSummary
from ..text.table import TableView, suit_text
from ..text.turn import TurnView
from ..text.words import card, styled
from .help_text import help_lines
from .hints import Hinter
from .keeping import PLAYED_FIELD, RecordKeeper
from .reading import Choice, Command, Problem, Reader

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


class Hangup(Exception):
    """SIGTERM or SIGHUP: the terminal or the system is ending the game."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def _raise_hangup(signum: int, _frame: FrameType | None) -> None:
    raise Hangup(signum)


class TerminalGame:
    """One game at the terminal; :meth:`run` returns the exit status.

    ``seed`` deals the hands a record does not hold yet (a resumed game replays
    the record's deals, then deals on from the same seed)."""

    def __init__(
        self,
        state: State,
        seating: Seating,
        bots: Mapping[int, Bot],
        console: Console,
        keeper: RecordKeeper,
        *,
        seed: int | str,
        delay: float = 0.0,
        pause: bool = False,
        played: float = 0.0,
    ):
        self.state = state
        self.seating = seating
        self.human = seating.human
        self.bots = bots
        self.console = console
        self.keeper = keeper
        self.seed = seed
        self.delay = delay
        self.pause = pause
        self.view = TableView(seating, state.rules.variant.title)
        self.summary = HandSummary(seating)
        self.turn = TurnView(seating, self.view)
        self.hinter = Hinter(seating.level(), seed)
        self.players = [seating.label(k) for k in range(state.n)]
        self.started = time.monotonic() - played
        """When the game's clock started (a resumed timed game counts its time so far)."""

    # ------------------------------------------------------------------ loop

    def run(self, opening: Sequence[Text] = ()) -> int:
        """Play to the end or until stopped, after printing ``opening``; the exit
        status. From here on, however the game stops, the record is saved and
        the player told where."""
        state = self.state
        limit = state.rules.settings.time_limit_seconds
        old = {s: signal.signal(s, _raise_hangup) for s in (signal.SIGTERM, signal.SIGHUP)}
        status = 0
        try:
            for line in opening:  # laid out to fit already; a long path stays whole
                self._say(line, whole=True)
            self._deal_if_needed()
            self._hand_header()
            while not state.over:
                if limit and not state.time_up and self.clock() >= limit:
                    # the host's clock supplies the table event; the engine reads none
                    state.time_is_up()
                    self._say(
                        "Time is up: this hand is the last unless the scores are level.",
                        "bold yellow",
                    )
                    self._save()
                    if state.is_over():
                        break
                seat = state.current_player
                assert seat is not None
                order: Sequence[int] | None = None
                if seat == self.human:
                    action, order = self._ask()
                else:
                    action = self.bots[seat].choose(state.observation(seat))
                    if self.delay:
                        time.sleep(self.delay)
                self._apply(seat, action, order)
            self._game_over()
        except (Quit, KeyboardInterrupt, EOFError):
            self._say("\nGame stopped.")
        except Hangup as exc:
            status = 128 + exc.signum
        finally:
            for s, handler in old.items():
                signal.signal(s, handler)
            self._save()
            self._say_path()
        return status

    def _deal_if_needed(self) -> None:
        """A resumed game has no seed of its own: deal the next hand from the table's."""
        state = self.state
        if state.needs_deal:
            number = game_seed(self.seed)
            state.deal(seeded_deal(state.rules, state.dealer, number, state.hand_no + 1))

    def clock(self) -> float:
        """Seconds the game has been played."""
        return time.monotonic() - self.started

    def _save(self) -> None:
        if self.state.rules.settings.time_limit_seconds:
            self.keeper.table[PLAYED_FIELD] = round(self.clock(), 1)
        self.keeper.save(self.state, self.players)
        if self.keeper.notice:
            self._say(self.keeper.notice, "bold yellow", whole=True)
            self.keeper.notice = None

    def _say_path(self) -> None:
        if self.keeper.failed:
            self._say(self.keeper.failed, "bold red", whole=True)
            return
        done = "" if self.state.over else " (followsuit resume continues it)"
        self._say(f"Record saved to {self.keeper.path}{done}", whole=True)

    def _say(self, text: str | Text, style: str = "", *, whole: bool = False) -> None:
        """Print a line, wrapped at spaces (``whole``: never folded, for a path to
        copy); a terminal that has gone away (SIGHUP) is not an error."""
        with contextlib.suppress(OSError):
            self.console.print(text, style=style, soft_wrap=whole, highlight=False, markup=False)

    def _lines(self, lines: Sequence[Text]) -> None:
        for line in lines:
            self._say(line)

    @property
    def width(self) -> int:
        return max(40, self.console.width)

    # ------------------------------------------------------------ applying

    def _apply(self, seat: int, action: int, order: Sequence[int] | None = None) -> None:
        """Apply a move (a typed discard in the order typed), save, and narrate it."""
        state = self.state
        before = state.observation(self.human)
        n_tricks = len(state.tricks)
        hands_before = len(state.results)
        state.apply(action, order)
        self._save()
        ended = len(state.results) > hands_before
        if ended:
            # the hand ended on this action, which is public (a card, a pass, a claim)
            self._narrate(before, seat, action, before.text(action))
        else:
            # narrate only what this seat's observation shows (never a private offer)
            after = state.observation(self.human)
            for who, act, text in after.actions[len(before.actions) :]:
                if who is not None:
                    self._narrate(before, who, act, text)
            for move in after.moves[len(before.moves) :]:
                self._narrate_move(after, move)
            pitched = after.rules.settings.trump_declaration == "pitched"
            if pitched and before.trump is None and after.trump is not None:
                line = Text("  Trump is ")
                line.append_text(suit_text(after.trump))
                self._say(line)
        tricks = state.results[-1].tricks if ended else state.tricks
        if len(tricks) > n_tricks:
            self._trick_done(before, tricks[-1], len(tricks))
        elif A.is_play(action) or action == A.PLAY_PILE:
            self._trick_so_far()
        if ended:
            result = state.results[-1]
            self._lines(self.summary.lines(before, result, self.width))
            if not state.over:
                self._deal_if_needed()
                self._hand_header()

    def _trick_so_far(self) -> None:
        """The trick on the table once the human has played to it, drawn again as
        each card comes (until the human's next turn, whose screen shows it)."""
        obs = self.state.observation(self.human)
        if obs.to_move == self.human or all(seat != self.human for seat, _c in obs.trick):
            return
        self._lines(self.view.picture(obs, self.view.picture_width(self.width)))

    def _trick_done(self, obs: Observation, trick: Trick, number: int) -> None:
        """The finished trick, shown long enough to take in."""
        items = []
        for seat, c in trick.plays:
            item = Text(f"{self.seating.name(seat)} ")
            item.append_text(card(obs.rules.deck, c))
            items.append(item)
        items[-1].append(f" → {self.seating.who(trick.winner)} won it", style="bold")
        self._lines(flow(items, self.width, lead=f"  Trick {number}: ", sep=" · "))
        if self.pause and not self.state.over:
            picture = self.view.picture(obs, self.view.picture_width(self.width), trick.plays)
            self._lines(picture)
            self.console.input("[dim]Enter for the next trick[/dim] ")
        elif self.delay:
            time.sleep(self.delay * 2)

    # ------------------------------------------------------------ narration

    def _subject(self, seat: int) -> str:
        name = self.seating.name(seat)
        return f"{name} (you)" if seat == self.human else name

    def _narrate(self, obs: Observation, seat: int, action: int | None, text: str) -> None:
        """One action in plain words, as the verb table says it (cards as cards)."""
        line = Text(f"{self._subject(seat)} ")
        words = obs.describe(seat, action, text)
        bold = action is not None and action not in (A.PASS, A.PARTNER) and not A.is_play(action)
        style = "bold yellow" if action == A.CLAIM_MISDEAL else ("bold" if bold else "")
        line.append_text(styled(words, obs.rules.deck, style))
        self._say(line)

    def _narrate_move(self, obs: Observation, move: SeenMove) -> None:
        """An automatic card move: a draw, taking the kitty, a forced drop."""
        if move.kind is MoveKind.PICKUP or not move.size:
            return  # the Euchre pick-up is narrated with the call; nothing moved
        things = "a card" if move.size == 1 else f"{move.size} cards"
        lead = Text(f"  {self._subject(move.seat)} {MOVE_WORDS[move.kind]} {things}", "dim")
        if move.cards is None:
            self._say(lead)
            return
        lead.append(": ", "dim")
        cards = [card(obs.rules.deck, c) for c in bits(move.cards)]
        self._lines(flow(cards, self.width, lead=lead, sep=" ", indent=4))

    def _hand_header(self) -> None:
        obs = self.state.observation(self.human)
        dealer = self.seating.who(obs.dealer)
        try:
            self.console.print(Rule(f"Hand {obs.hand_no} · {dealer} dealt"))
        except OSError:
            return
        score = Text("Score ")
        for k, item in enumerate(self.view.score_items(obs)):
            if k:
                score.append(" · ")
            score.append_text(item)
        self._say(score)
        if obs.upcard is not None:
            up = Text("Up card ")
            up.append_text(card(obs.rules.deck, obs.upcard))
            self._say(up)

    def _game_over(self) -> None:
        state = self.state
        winner = state.winner
        if winner is None:
            return
        mine = self.seating.is_ours(winner)
        name = self.seating.side_name(winner)
        self.console.print(Rule("Game over"))
        verb = "win" if mine or "-" in name else "wins"
        self._say(f"{name} {verb} the game{' — well played!' if mine else ''}", "bold green")

    # ------------------------------------------------------------- the human

    def _ask(self) -> tuple[int, Sequence[int] | None]:
        """The human's move, with a typed discard's cards in the order typed."""
        obs = self.state.observation(self.human)
        choices, typed = self.turn.choices(obs)
        reader = Reader(self.state, self.seating, choices, typed)
        self._lines(self.turn.screen(obs, choices, typed, self.width))
        while True:
            try:
                line = self.console.input("[bold]Your move:[/bold] ")
            except OSError:  # the terminal has gone
                raise EOFError from None
            reading = reader.read(line)
            if reading is None:
                continue
            if isinstance(reading, Choice):
                return reading.action, reading.order
            if isinstance(reading, Problem):
                self._say(
                    styled(
                        reading.message[0].upper() + reading.message[1:] + ".",
                        obs.rules.deck,
                        "yellow",
                    )
                )
                continue
            assert isinstance(reading, Command)
            if reading.name == "q":
                raise Quit
            self._command(reading.name, obs, choices, typed)

    def _command(self, name: str, obs: Observation, choices: list[int], typed: str) -> None:
        turn, width = self.turn, self.width
        if name == "help":
            self._lines(help_lines(self.state.rules, width))
        elif name == "table":
            self._lines(turn.screen(obs, choices, typed, width))
        elif name == "hand":
            self._lines(turn.hand_lines(obs, choices, width))
        elif name == "last":
            self._lines(turn.last_trick(obs, width))
        elif name == "score":
            self._lines(turn.score_sheet(obs))
        elif name == "hint":
            self._lines(self.hinter.hint(obs, lambda a: turn.choice_text(obs, a)))
        elif name == "rules":
            self._lines(turn.rules_in_force(self.state.rules, width))

"""The table as a player sees it: the seats around it, the trick in the middle.

Drawn from the human seat's observation only. The human sits at the bottom, the
next seat (the human's left) on the left, the seat before on the right, and the
others across the top; each card of the trick lies between its player and the
middle, so who played what reads off the picture. At 80 columns the facts of
the hand (score, trump, bid, up card) go above the seats; a terminal of
:data:`WIDE` columns or more gets them, with the hands so far and the last
trick, in a panel beside the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from ..cards import Suit
from ..engine import actions as A
from ..engine.observation import Observation
from ..engine.types import Trick
from ..rules.pitch_points import GAME_VALUE, pitch_categories
from .layout import block, centre, flow, place
from .seating import Seating
from .words import SUIT_SYMBOL, card

#: Terminal width from which the facts move into a side panel.
WIDE = 120
#: The side panel's width on a wide terminal (the table takes the rest).
PANEL_WIDTH = 56
#: After the label of the seat to move.
TURN_MARKER = " ◂"


@dataclass(frozen=True)
class Places:
    """Where each seat sits: bottom (the human), left, right, and across the top."""

    bottom: int
    left: int | None
    right: int | None
    top: tuple[int, ...]

    @classmethod
    def of(cls, n: int, human: int) -> Places:
        if n == 2:
            return cls(human, None, None, ((human + 1) % 2,))
        left, right = (human + 1) % n, (human - 1) % n
        top = tuple((human + k) % n for k in range(2, n - 1))
        return cls(human, left, right, top)


def suit_text(suit: int, *, short: bool = False) -> Text:
    """``♥ hearts`` (``short``: ``♥``) in the suit's colour."""
    s = Suit(suit)
    text = SUIT_SYMBOL[suit] if short else f"{SUIT_SYMBOL[suit]} {s.word}"
    return Text(text, style="bold red" if s.is_red else "bold")


def has_stock(obs: Observation) -> bool:
    """The variant moves cards through a stock (so its size is worth showing)."""
    s = obs.rules.settings
    return s.exchange != "none" or s.discard_draw


def game_counts(obs: Observation, tricks: Sequence[Trick]) -> list[int]:
    """Pitch: each side's count for Game in the tricks taken."""
    rank = obs.rules.deck.rank
    side_of = obs.rules.side_of
    counts = [0] * len(obs.rules.sides)
    for t in tricks:
        for c in t.cards:
            counts[side_of[t.winner]] += GAME_VALUE.get(rank[c], 0)
    return counts


class TableView:
    """Draws one observation as lines that fit ``width``."""

    def __init__(self, seating: Seating, title: str):
        self.seating = seating
        self.title = title

    # -------------------------------------------------------------- the facts

    def score_items(self, obs: Observation) -> list[Text]:
        seating = self.seating
        items = []
        for k in range(len(obs.rules.sides)):
            style = "bold green" if seating.is_ours(k) else "bold"
            items.append(Text.assemble((seating.side_name(k), style), f" {obs.scores[k]}"))
        target = obs.rules.settings.target_score
        if obs.rules.settings.game_end_policy == "timed":
            items.append(Text("timed game" + (", time is up" if obs.time_up else "")))
        elif target:
            items.append(Text(f"game to {target}"))
        return items

    def contract_items(self, obs: Observation) -> list[Text]:
        """Trump, the bid to make, the up card: what the hand is being played for."""
        seating = self.seating
        deck = obs.rules.deck
        items: list[Text] = []
        calling = obs.phase in ("auction", "calling", "claims", "deal")
        if obs.bid is not None and obs.maker is not None:
            word = "high bid" if calling else "bid"
            items.append(Text(f"{word} {obs.bid} by {seating.name(obs.maker)}"))
        if obs.trump is not None:
            line = Text("trump ")
            line.append_text(suit_text(obs.trump))
            if obs.maker is not None and obs.bid is None:
                alone = ", alone" if obs.alone is not None else ""
                line.append(f" · made by {seating.name(obs.maker)}{alone}")
            items.append(line)
        elif obs.rules.settings.trump_declaration == "pitched" and not calling:
            items.append(Text("trump: the suit of the first card led"))
        if obs.upcard is not None and (calling or obs.upcard_taken):
            up = Text("up card ")
            up.append_text(card(deck, obs.upcard))
            if obs.upcard_taken:
                up.append(f" picked up by {seating.name(obs.dealer)}")
            elif obs.trump is None and obs.phase == "calling" and self._round_two(obs):
                up.append(" turned down")
            items.append(up)
        if obs.hand_hidden:
            items.append(Text("the joker was turned up: name trump unseen", style="yellow"))
        if obs.called_card is not None:
            called = Text("called card ")
            called.append_text(card(deck, obs.called_card))
            if obs.partner is not None:
                called.append(f" (partner {seating.name(obs.partner)})")
            items.append(called)
        if has_stock(obs) and obs.phase != "play":
            items.append(Text(f"stock {obs.stock_size}"))
        if obs.kitty_size and not obs.rules.settings.upcard:
            items.append(Text(f"kitty {obs.kitty_size}"))
        pitch = obs.rules.family == "pitch"
        if pitch and obs.tricks and "GAME" in pitch_categories(obs.rules.settings):
            counts = game_counts(obs, obs.tricks)
            game = ", ".join(f"{seating.side_name(k)} {v}" for k, v in enumerate(counts))
            items.append(Text(f"game count {game}"))
        return items

    def _round_two(self, obs: Observation) -> bool:
        passes = sum(1 for _who, a, _t in obs.actions if a == A.PASS)
        return passes >= obs.rules.num_players

    # -------------------------------------------------------------- the seats

    def seat_lines(
        self, obs: Observation, seat: int, width: int, *, this_hand: bool = True
    ) -> list[Text]:
        """A seat's block: its name and who plays it (on two lines where the room
        is narrow), then what it is in this hand (dealer, maker …, tricks); only
        the name and who plays it for a trick of a hand gone (``this_hand``
        False). The turn marker's room is kept when the seat is not to move, so
        the labels stay where they are as the turn goes round."""
        seating = self.seating
        name = Text(seating.name(seat), style="bold green" if seat == seating.human else "bold")
        label = Text(seating.label(seat), style="dim" if seat != seating.human else "")
        if this_hand and obs.to_move == seat and obs.phase != "over":
            label.append(TURN_MARKER, style="bold cyan")
        else:
            label.append(" " * len(TURN_MARKER))
        if name.cell_len + 3 + label.cell_len <= width:
            head = [Text.assemble(name, " · ", label)]
        else:
            head = [name, label]
        if not this_hand:
            return block(head, width)
        tags: list[str] = []
        if seat == obs.dealer:
            tags.append("dealer")
        calling = obs.phase in ("auction", "calling", "claims", "deal")
        if obs.maker == seat and not calling:
            tags.append("maker" if obs.bid is None else f"maker, bid {obs.bid}")
        if obs.alone == seat:
            tags.append("alone")
        if obs.defender_alone == seat:
            tags.append("defends alone")
        if obs.sitting_out >> seat & 1:
            tags.append("sitting out")

        if obs.partner == seat and obs.called_card is not None:
            tags.append("partner")
        if calling:
            said = self._last_call(obs, seat)
            if said:
                tags.append(said)
        out = bool(obs.sitting_out >> seat & 1)
        if (obs.tricks or obs.trick or obs.phase == "play") and not out:
            won = obs.tricks_won[seat]
            tags.append(f"{won} trick{'' if won == 1 else 's'}")
        # the tags keep the marker's room too, so that a block aligned on its
        # right (the right-hand seat) keeps its lines' ends in one column
        room = " " * len(TURN_MARKER)
        tagged = [line.append(room) for line in flow(tags, width - len(room), sep=" · ")]
        return block([*head, *tagged] if tags else head, width)

    def _last_call(self, obs: Observation, seat: int) -> str:
        """What the seat last said in the calling or the auction."""
        for who, action, text in reversed(obs.actions):
            if who != seat or action is None:
                continue
            if action == A.PASS:
                return "passed"
            if A.is_bid(action) or action == A.DECLARE_MOON:
                return text
            if action in (A.ORDER_UP, A.ORDER_UP_ALONE) or A.is_call(action):
                return obs.describe(seat, action, text)
            return ""
        return ""

    # -------------------------------------------------------------- the picture

    def picture(
        self,
        obs: Observation,
        width: int,
        trick: Sequence[tuple[int, int]] | None = None,
        *,
        this_hand: bool = True,
    ) -> list[Text]:
        """The seats around the table and the trick in the middle (``trick``: a
        finished one to show instead of the one on the table; ``this_hand``
        False: one of the hand before, its seats not tagged with this hand's
        dealer, bids and tricks)."""
        places = Places.of(obs.rules.num_players, self.seating.human)

        plays = dict(obs.trick if trick is None else trick)
        deck = obs.rules.deck
        side_w = max(18, min(30, width // 3 - 2))
        lines: list[Text] = []
        # the seats across the top, each with its card under it
        if places.top:
            k = len(places.top)
            cols = [width * (i + 1) // (k + 1) for i in range(k)]
            room = max(12, min(width // k - 3, width // (k + 1) - 2))
            blocks = [self.seat_lines(obs, s, room, this_hand=this_hand) for s in places.top]
            for row in range(max(len(b) for b in blocks)):
                top = [
                    (centre(b[row], c, width), b[row])
                    for b, c in zip(blocks, cols, strict=True)
                    if row < len(b)
                ]
                lines.append(place(top, width))
            cards = []
            for s, c in zip(places.top, cols, strict=True):
                if s in plays:
                    shown = card(deck, plays[s])
                    cards.append((centre(shown, c, width), shown))
            lines.append(place(cards, width))
        # left and right, their cards towards the middle
        sides = [
            [] if seat is None else self.seat_lines(obs, seat, side_w, this_hand=this_hand)
            for seat in (places.left, places.right)
        ]
        left, right = sides
        for row in range(max(len(left), len(right))):
            pieces: list[tuple[int, Text]] = []
            if row < len(left):
                pieces.append((0, left[row]))
            if row < len(right):
                pieces.append((width - right[row].cell_len, right[row]))
            if row == 0:
                mid = width // 2
                for seat, col in ((places.left, mid - 12), (places.right, mid + 10)):
                    if seat is not None and seat in plays:
                        pieces.append((col, card(deck, plays[seat])))
            lines.append(place(pieces, width))
        # the human's card, then the human
        mine = plays.get(places.bottom)
        if mine is not None:
            t = card(deck, mine)
            lines.append(place([(centre(t, width // 2, width), t)], width))
        else:
            lines.append(Text())
        for line in self.seat_lines(obs, places.bottom, width // 2, this_hand=this_hand):
            lines.append(place([(centre(line, width // 2, width), line)], width))
        caption = self.trick_caption(obs, trick)
        if caption is not None:
            lines.append(caption)
        return lines

    def trick_caption(
        self, obs: Observation, trick: Sequence[tuple[int, int]] | None
    ) -> Text | None:
        seating = self.seating
        if trick is not None:
            return None
        if not obs.trick:
            mine = obs.seat is not None and obs.to_move == obs.seat and obs.phase == "play"
            return Text("Your lead", style="bold") if mine else None
        leader = obs.trick[0][0]
        caption = Text(f"{seating.who(leader)} led", style="dim")
        best = obs.winning
        if best is not None and len(obs.trick) > 1:
            winning = "you are" if best[0] == seating.human else f"{seating.name(best[0])} is"
            caption.append(f" · {winning} winning", style="dim")
        return caption

    # -------------------------------------------------------------- the whole

    @staticmethod
    def picture_width(width: int) -> int:
        """The width of the picture in a table of ``width`` (the whole width, or
        what the side panel leaves): a trick shown on its own is drawn at this
        width too, so its cards sit where the table puts them."""
        return width if width < WIDE else width - PANEL_WIDTH - 4

    def draw(
        self,
        obs: Observation,
        width: int,
        *,
        trick: Sequence[tuple[int, int]] | None = None,
        history: Sequence[Text] = (),
    ) -> list[Text]:
        """The whole table: the facts above (or beside, when wide) the picture."""
        head = Text(f"Hand {obs.hand_no}", style="bold")
        head.append(f" · {self.title}")
        facts = flow(self.score_items(obs), width, lead="Score ", sep=" · ")
        contract = self.contract_items(obs)
        if width < WIDE:
            out = [head, *facts]
            if contract:
                out += flow(contract, width, sep=" · ")
            out.append(Text())
            return out + self.picture(obs, width, trick)
        panel_w = PANEL_WIDTH
        table_w = self.picture_width(width)
        panel = [head, *flow(self.score_items(obs), panel_w, lead="Score ", sep=" · ")]
        if contract:
            panel += flow(contract, panel_w, sep=" · ")
        if history:
            panel.append(Text())
            panel += list(history)
        picture = [Text(), *self.picture(obs, table_w, trick)]
        panel = block(panel, panel_w)
        rows = max(len(picture), len(panel))
        out = []
        for k in range(rows):
            left = picture[k] if k < len(picture) else Text()
            pieces = [(0, left)]
            if k < len(panel):
                pieces.append((table_w + 4, panel[k]))
            out.append(place(pieces, width))
        return out

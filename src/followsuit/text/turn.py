"""What the player sees at a turn: the table, the hand, the numbered choices, and
the answers to the prompt's commands (``last``, ``score``, ``hand``, ``rules``).

Pure drawing from an observation: it returns lines that fit the width and
prints nothing, so the terminal (:mod:`followsuit.cli.play`) decides when to show them.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from ..cards import bits
from ..engine import actions as A
from ..engine.observation import Observation
from ..rules import Rules, load_rules
from ..rules.scope import options_for
from .hands import hand_items, sorted_hand
from .layout import flow
from .option_scope import option_lines
from .seating import Seating
from .summary import outcome
from .table import TableView, suit_text
from .words import card, styled

#: Numbered card sets beyond this many are typed instead (a choice of 3 of 9 cards).
MAX_NUMBERED_SETS = 12


def meaning(rules: Rules, said: str) -> Text | None:
    """What a bid with a name undertakes (``six-help``, ``moon``, ``smudge``), in
    plain words for the choices; None for a number."""
    label = said.removeprefix("bid ")
    bid = next((b for b in rules.bids if b.label == label), None)
    if bid is None or label.isdigit():
        return None
    if bid.kind == "help":
        n = rules.settings.be_help_exchange_cards
        cards = "a card" if n == 1 else f"{n} cards"
        trumps = "trump" if n == 1 else f"{n} trumps"
        words = f"all {bid.value} tricks alone, giving partner {cards} for their best {trumps}"
    elif bid.kind == "moon" and rules.family == "bid_euchre":
        words = f"all {bid.value} tricks alone, no exchange"
    elif bid.kind == "moon":
        words = f"every point of the hand ({bid.value})"
    elif bid.kind in ("smudge", "blind_smudge"):
        blind = ", bid before looking at your cards" if bid.kind == "blind_smudge" else ""
        words = f"every trick and every point{blind}"
    else:
        return None
    return Text(f"{label}: {words}", "dim")


class TurnView:
    """The human's turn at one table."""

    def __init__(self, seating: Seating, view: TableView):
        self.seating = seating
        self.view = view

    def choices(self, obs: Observation) -> tuple[list[int], str]:
        """The numbered choices, and how to type what is not numbered."""
        choices = list(obs.legal_actions)
        sets = [a for a in choices if A.is_discard(a) or A.is_give(a)]
        typed = ""
        if sets and (
            len(sets) > MAX_NUMBERED_SETS or any(A.cards_of(a).bit_count() > 1 for a in sets)
        ):
            sizes = sorted({A.cards_of(a).bit_count() for a in sets})
            verb = "discard" if A.is_discard(sets[0]) else "give"
            count = (
                f"{sizes[0]} card{'s' if sizes[0] > 1 else ''}"
                if len(sizes) == 1
                else f"{sizes[0]} to {sizes[-1]} cards"
            )
            example = " ".join(obs.rules.deck.codes[c] for c in bits(A.cards_of(sets[0])))
            typed = f"Type the {count} to {verb}, e.g. {example}"
            choices = [a for a in choices if not A.cards_of(a)]
            if A.PASS in choices:  # a discard and draw: pass is the choice of none
                k = choices.index(A.PASS) + 1
                typed += f", and draw as many; or {k} to pass, keeping every card"
        elif choices and (A.is_play(choices[0]) or A.is_discard(choices[0])):
            shown = sorted_hand(obs, obs.hand)

            def place(a: int) -> int:
                c = a if A.is_play(a) else A.cards_of(a).bit_length() - 1
                return shown.index(c) if c in shown else len(shown)

            choices.sort(key=place)
        return choices, typed

    def hand_lines(self, obs: Observation, choices: Sequence[int], width: int) -> list[Text]:
        """The hand by suit; at a card prompt the cards that may not be played dimmed."""
        playing = bool(choices) and A.is_play(choices[0])
        hand = hand_items(obs, set(choices) if playing else set())
        return flow(hand, width, lead="Your hand: ")

    def last_trick(self, obs: Observation, width: int) -> list[Text]:
        if obs.tricks:
            trick, number = obs.tricks[-1], len(obs.tricks)
            where = ""
        elif obs.previous and obs.previous[-1].tricks:
            trick, number = obs.previous[-1].tricks[-1], len(obs.previous[-1].tricks)
            where = " of the last hand"
        else:
            return [Text("No trick has been played yet.")]
        said = Text(
            f"Trick {number}{where}: {self.seating.who(trick.winner)} won it "
            f"(led by {self.seating.name(trick.leader)})."
        )
        room = self.view.picture_width(width)
        picture = self.view.picture(obs, room, trick.plays, this_hand=not where)
        return [*picture, said]

    def history(self, obs: Observation) -> list[Text]:
        """The hands so far, one line each (the score sheet)."""
        out = []
        for k, result in enumerate(obs.previous, 1):
            line = Text(f"Hand {k}: ")
            if result.redeal:
                line.append("thrown in")
            else:
                if result.trump is not None:
                    line.append_text(suit_text(result.trump, short=True))
                    line.append(" ")
                if result.maker is not None:
                    word = outcome(obs.rules, result)
                    # a Euchre loner says so, as its summary did (Bid Euchre's lone
                    # bids say it by their names)
                    alone = obs.rules.family == "euchre" and result.contract.alone == result.maker
                    who = self.seating.name(result.maker) + (" alone" if alone else "")
                    line.append(f"{who}: {word} · ")
                line.append(
                    " ".join(
                        f"{self.seating.side_name(s)} {'+' if p > 0 else ''}{p}"
                        for s, p in enumerate(result.points)
                    )
                )
            out.append(line)
        return out

    def score_sheet(self, obs: Observation) -> list[Text]:
        score = Text("Score ")
        for k, item in enumerate(self.view.score_items(obs)):
            if k:
                score.append(" · ")
            score.append_text(item)
        return [score, *self.history(obs)]

    def rules_in_force(self, rules: Rules, width: int) -> list[Text]:
        """The options in force, in words, as ``followsuit rules ID`` heads them,
        each house rule (a value the variant does not give it) marked."""
        head = Text(f"{rules.variant.title} ({rules.id}); options in force:", style="bold")
        plain = load_rules(rules.id)
        lines = [head]
        for option in options_for(rules):
            house = rules.value(option.name) != plain.value(option.name)
            lines += option_lines(rules, option.name, width, lead="  ", house=house)
        more = Text("followsuit rules " + rules.id + " explains each.", style="dim")
        return [*lines, more]

    def choice_text(self, obs: Observation, a: int) -> Text:
        deck = obs.rules.deck
        verb = A.verb_of(a)
        if A.is_play(a):
            return card(deck, a)
        if A.cards_of(a):
            out = Text("discard " if A.is_discard(a) else "give ")
            for k, c in enumerate(bits(A.cards_of(a))):
                if k:
                    out.append(" ")
                out.append_text(card(deck, c))
            return out
        if a == A.PLAY_PILE:
            return Text("top card of your pile")
        if verb is not None and verb.arg is A.Arg.SUIT:
            out = Text(f"{verb.word} ")
            out.append_text(suit_text(A.suit_of(a), short=True))
            if verb.suffix:
                out.append(f" {verb.suffix}")
            return out
        return styled(obs.text(a), deck)

    def screen(
        self, obs: Observation, choices: Sequence[int], typed: str, width: int
    ) -> list[Text]:
        out = [Text(), *self.view.draw(obs, width, history=self.panel(obs))]
        extra = []
        if obs.pile_sizes and obs.seat is not None and obs.pile_sizes[obs.seat]:
            extra.append(f"your pile: {obs.pile_sizes[obs.seat]} cards face down")
        if obs.trump is None and obs.bid is not None and choices and A.is_play(choices[0]):
            extra.append("the suit you lead becomes trump")
        if extra:
            out += flow(extra, width, sep=" · ")
        out += self.hand_lines(obs, choices, width)
        items = []
        for k, a in enumerate(choices, 1):
            item = Text(f"{k}) ", style="cyan")
            item.append_text(self.choice_text(obs, a))
            items.append(item)
        if items:
            out += flow(items, width, lead="Choices: ", sep="   ")
        bids = [(k, a) for k, a in enumerate(choices, 1) if A.is_bid(a)]
        if bids:
            # the number rule, said where a number could be mistaken for a bid
            k, a = bids[0]
            said = obs.text(a)
            out.append(Text(f"A number picks its choice ({k} is {said}); or type {said}.", "dim"))
            named = [meaning(obs.rules, obs.text(a)) for _k, a in bids]
            out += flow([m for m in named if m], width, sep="; ", indent=2)
        if typed:
            out.append(styled(typed, obs.rules.deck, "cyan"))
        return out

    def panel(self, obs: Observation) -> list[Text]:
        """What the side panel of a wide terminal adds: the hands so far, the last trick."""
        out = self.history(obs)
        last = obs.tricks[-1] if obs.tricks else None
        if last is not None:
            line = Text("Last trick: ")
            for k, (seat, c) in enumerate(last.plays):
                if k:
                    line.append(" ")
                line.append(f"{self.seating.short(seat)} ")
                line.append_text(card(obs.rules.deck, c))
            line.append(f" → {self.seating.name(last.winner)}")
            out.append(line)
        return out

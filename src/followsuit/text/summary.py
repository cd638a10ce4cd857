"""What happened in a hand, in the words of its family.

Euchre: made, march, euchred, a loner made or euchred, and the points to whom.
Bid Euchre: the contract, made or set by how much. Pitch: who took each point
(High, Low, Jack, Game with each side's count, and the variant's others) and the
bid made or set. A line a variant has nothing for is left out (no tricks where
tricks score nothing).

The summary reads the finished hand (:class:`HandResult`, its tricks) and the
contract as the player saw it just before the last card (an observation), so it
says only what the table knows.
"""

from __future__ import annotations

from rich.text import Text

from ..engine import actions as A
from ..engine.observation import Observation
from ..engine.types import HandResult
from ..rules import Rules
from ..rules.pitch_points import pitch_categories
from .layout import flow
from .seating import Seating
from .table import game_counts, suit_text


def category_word(category: str) -> str:
    """``OFF_ACE`` → ``Off ace``, ``TEN_CARD`` → ``Ten``."""
    return category.removesuffix("_CARD").replace("_", " ").capitalize()


def count(n: float, unit: str) -> str:
    """``1 trick``, ``2 tricks``, ``-1 point``: ``unit`` is given plural."""
    return f"{n} {unit.removesuffix('s') if abs(n) == 1 else unit}"


def makers_tricks(rules: Rules, result: HandResult) -> int:
    """The tricks the maker's side took."""
    assert result.maker is not None
    side = rules.side_of[result.maker]
    return sum(1 for t in result.tricks if rules.side_of[t.winner] == side)


def outcome(rules: Rules, result: HandResult) -> str:
    """What became of the contract, in the summary's own word: Euchre ``made``,
    ``march`` or ``euchred``; Bid Euchre and Pitch ``made`` or ``set`` (a moon bid
    ``moon`` or ``moon set``). The hand must have a maker."""
    assert result.maker is not None
    if rules.family == "pitch":
        made = result.points[rules.side_of[result.maker]] >= 0
    else:
        won = makers_tricks(rules, result)
        if rules.family == "euchre":
            total = rules.settings.hand_size
            return "march" if won == total else ("made" if 2 * won > total else "euchred")
        made = won >= rules.bids[result.contract.bid].value
    if result.contract.bid >= 0 and rules.bids[result.contract.bid].kind == "moon":
        return "moon" if made else "moon set"
    return "made" if made else "set"


class HandSummary:
    """Summaries of finished hands for one table."""

    def __init__(self, seating: Seating):
        self.seating = seating

    def lines(self, before: Observation, result: HandResult, width: int) -> list[Text]:
        """The hand's story: ``before`` is the human's view before its last action."""
        if result.redeal:
            return [Text(self._redeal(before), style="yellow")]
        family = before.rules.family
        if family == "pitch":
            out = self._pitch(before, result, width)
        else:
            story = self._euchre if family == "euchre" else self._bid_euchre
            out = [story(before, result)]
            tricks = self.tricks_line(before, result)
            if tricks is not None:
                out.append(tricks)
        out += self.points_lines(result, width)
        return out

    def _redeal(self, before: Observation) -> str:
        for who, action, _text in before.actions:
            if action == A.CLAIM_MISDEAL and who is not None:
                return f"{self.seating.who(who)} claimed a misdeal: the hand is dealt again."
        return "Everyone passed: the hand is thrown in."

    def _makers(self, before: Observation, result: HandResult) -> str:
        """Who made trump: ``North`` alone or in cutthroat, ``N-S`` (North)."""
        seating = self.seating
        assert result.maker is not None
        side = before.rules.side_of[result.maker]
        if before.alone == result.maker or len(seating.sides[side]) == 1:
            return seating.who(result.maker)
        return f"{seating.side_name(side)} ({seating.name(result.maker)})"

    def _euchre(self, before: Observation, result: HandResult) -> Text:
        assert result.maker is not None
        side = before.rules.side_of[result.maker]
        won = makers_tricks(before.rules, result)
        word = outcome(before.rules, result)
        total = before.rules.settings.hand_size
        makers = self._makers(before, result)
        alone = before.alone == result.maker
        line = Text()
        if result.trump is not None:
            line.append_text(suit_text(result.trump))
            line.append(": ")
        if word == "march":
            side_seats = self.seating.sides[side]
            one = (alone or len(side_seats) == 1) and result.maker != self.seating.human
            verb = "marches" if one else "march"
            line.append(f"{makers} {'alone ' if alone else ''}{verb}: all {total} tricks", "bold")
        elif word == "made":
            what = "made it alone" if alone else "made it"
            line.append(f"{makers} {what} with {count(won, 'tricks')}", "bold")
        else:
            defenders = [
                self.seating.side_name(k) for k in range(len(self.seating.sides)) if k != side
            ]
            single = len(self.seating.sides[side]) == 1
            who = "the lone maker" if alone else ("the maker" if single else "the makers")
            by = ", defending alone" if before.defender_alone is not None else ""
            line.append(
                f"{' and '.join(defenders)} euchred {who}{by}: {makers} took "
                f"{count(won, 'tricks')}",
                "bold",
            )
        return line

    def _bid_euchre(self, before: Observation, result: HandResult) -> Text:
        won = makers_tricks(before.rules, result)
        label = before.bid or "?"
        need = before.rules.bids[result.contract.bid].value
        line = Text()
        if result.trump is not None:
            line.append_text(suit_text(result.trump))
            line.append(": ")
        makers = self._makers(before, result)
        taken = f"bid {label} and took {count(won, 'tricks')}"
        if outcome(before.rules, result) in ("made", "moon"):
            line.append(f"{makers} {taken}: made", "bold")
        else:
            line.append(f"{makers} {taken}: set by {need - won}", "bold")
        return line

    def _pitch(self, before: Observation, result: HandResult, width: int) -> list[Text]:
        seating = self.seating
        rules = before.rules
        out = []
        counts = game_counts(before, result.tricks)
        tally = ", ".join(f"{seating.side_name(k)} {c}" for k, c in enumerate(counts))
        taken = []
        for category, seats, value in result.details:
            sides = sorted({rules.side_of[s] for s in seats})
            who = " and ".join(seating.side_name(k) for k in sides)
            worth = f" ({value})" if value != 1 else ""
            counted = f" (counts {tally})" if category == "GAME" else ""
            taken.append(f"{category_word(category)}{worth} {who}{counted}")
        scored = {c for c, _s, _v in result.details}
        categories = pitch_categories(rules.settings)
        if "GAME" not in scored and "GAME" in categories:
            taken.append(f"Game tied, nobody (counts {tally})")
        missing = [category_word(c) for c in categories if c not in scored and c != "GAME"]
        if missing:
            # a point whose card nobody played (not dealt, or buried)
            taken.append("not out: " + ", ".join(missing))
        if result.maker is not None:
            side = rules.side_of[result.maker]
            took = sum(
                v for _c, seats, v in result.details if seats and rules.side_of[seats[0]] == side
            )
            made = "made" if outcome(rules, result) in ("made", "moon") else "set"
            head = Text()
            if result.trump is not None:
                head.append_text(suit_text(result.trump))
                head.append(": ")
            bid = before.bid or "?"
            head.append(
                f"{self._makers(before, result)} bid {bid} "
                f"and took {count(took, 'points')}: {made}",
                "bold",
            )
            out.append(head)
        if taken:
            out += flow(taken, width, lead="Points: ", sep=" · ")
        return out

    def points_lines(self, result: HandResult, width: int) -> list[Text]:
        """What each side gained, then the score: whole items, as many a line as fit."""
        seating = self.seating
        gains = [
            Text(f"{seating.side_name(k)} {'+' if p > 0 else ''}{p}", style="bold")
            for k, p in enumerate(result.points)
        ]
        score = [Text(f"{seating.side_name(k)} {s}") for k, s in enumerate(result.score)]
        return flow(gains, width, lead=Text("Hand points: ", style="bold"), sep=" · ") + flow(
            score, width, lead="Score: ", sep=" · "
        )

    def tricks_line(self, before: Observation, result: HandResult) -> Text | None:
        """Tricks per side, where tricks are what scores (Euchre, Bid Euchre)."""
        if before.rules.family == "pitch" or not result.tricks:
            return None
        counts = [0] * len(self.seating.sides)
        for t in result.tricks:
            counts[before.rules.side_of[t.winner]] += 1
        return Text(
            "Tricks: "
            + " · ".join(f"{self.seating.side_name(k)} {c}" for k, c in enumerate(counts))
        )

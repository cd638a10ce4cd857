"""Every option of RULES.md §4: its type, allowed values, default and meaning.

An option is a named, typed knob on the common model. Variants (``euchre.py`` …)
set option values; a player's house rules override them, within the limits the
variant allows. A few *model fields* (``calling``, ``follow``, ``scoring`` …) share
this catalogue so that a variant is one flat, inheritable mapping, but they are
never user-settable: they name the small functions the engine runs.

>>> OPTIONS["stick_the_dealer"].coerce("true")
True
>>> OPTIONS["first_lead"].coerce("bad")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
followsuit.rules.options.OptionError: option first_lead: 'bad' is not allowed; ...
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..cards import DECK_NAMES

EUCHRE = "euchre"
BID_EUCHRE = "bid_euchre"
PITCH = "pitch"
FAMILIES = (EUCHRE, BID_EUCHRE, PITCH)
ALL = frozenset(FAMILIES)
NONE: frozenset[str] = frozenset()


class OptionError(ValueError):
    """A bad option name or value; the message names the option and what is allowed.

    ``option`` is the offending option's name (when there is one).
    """

    def __init__(self, message: str, option: str | None = None):
        super().__init__(message)
        self.option = option


@dataclass(frozen=True)
class Option:
    """One option: ``kind`` is bool, int, enum, packets, points or names."""

    name: str
    kind: str
    default: Any
    doc: str
    families: frozenset[str] = ALL
    choices: tuple[Any, ...] = ()
    nullable: bool = False
    minimum: int | None = None
    maximum: int | None = None
    keys: tuple[str, ...] = ()

    @property
    def user(self) -> bool:
        """Whether players may set it at all (model fields may not)."""
        return bool(self.families)

    def coerce(self, value: Any) -> Any:
        """Validate ``value`` and return it in canonical form (tuples for lists).

        Strings are accepted for every kind (the CLI passes ``key=value`` text).
        """
        if isinstance(value, str) and value.lower() in ("null", "none") and self.nullable:
            return None
        if value is None:
            if self.nullable:
                return None
            raise self._error("null is not allowed here (a value is required)")
        if self.kind == "bool":
            return self._bool(value)
        if self.kind == "int":
            return self._int(value)
        if self.kind == "enum":
            return self._enum(value)
        if self.kind == "packets":
            return self._packets(value)
        if self.kind == "points":
            return self._points(value)
        if self.kind == "names":
            return self._names(value)
        raise AssertionError(self.kind)

    def describe_allowed(self) -> str:
        if self.kind == "bool":
            return "true or false"
        if self.kind == "enum":
            return ", ".join(str(c) for c in self.choices)
        if self.kind == "int":
            lo = "" if self.minimum is None else f" ≥ {self.minimum}"
            hi = "" if self.maximum is None else f" ≤ {self.maximum}"
            base = "an integer" + lo + ("," if lo and hi else "") + hi
            return base + (" or null" if self.nullable else "")
        if self.kind == "packets":
            return "a list of deal rounds, each a list of packet sizes per seat"
        if self.kind == "points":
            return "a table {" + ", ".join(f"{k}: int" for k in self.keys) + "}"
        return "a list of names: " + ", ".join(str(c) for c in self.choices)

    def format(self, value: Any) -> str:
        """The value as a user would type it back."""
        if value is None:
            return "null"
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, tuple) and self.kind == "points":
            return json.dumps(dict(zip(self.keys, value, strict=True)))
        if isinstance(value, tuple):
            return json.dumps(_listify(value))
        return str(value)

    # -- kinds ---------------------------------------------------------------

    def _error(self, message: str) -> OptionError:
        return OptionError(f"option {self.name}: {message}", self.name)

    def _bool(self, value: Any) -> bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "yes", "on", "1"):
            return True
        if isinstance(value, str) and value.lower() in ("false", "no", "off", "0"):
            return False
        raise self._error(f"{value!r} is not allowed; expected true or false")

    def _int(self, value: Any) -> int:
        if isinstance(value, bool):
            raise self._error(f"{value!r} is not an integer")
        if isinstance(value, str):
            try:
                value = int(value.strip())
            except ValueError:
                raise self._error(f"{value!r} is not an integer") from None
        if not isinstance(value, int):
            raise self._error(f"{value!r} is not an integer")
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise self._error(f"{value} is not allowed; allowed values: {allowed}")
        if self.minimum is not None and value < self.minimum:
            raise self._error(f"{value} is too small; expected {self.describe_allowed()}")
        if self.maximum is not None and value > self.maximum:
            raise self._error(f"{value} is too large; expected {self.describe_allowed()}")
        return value

    def _enum(self, value: Any) -> Any:
        if isinstance(value, str):
            for choice in self.choices:
                if str(choice).lower() == value.strip().lower():
                    return choice
        elif value in self.choices and not isinstance(value, bool):
            return value
        allowed = ", ".join(str(c) for c in self.choices)
        raise self._error(f"{value!r} is not allowed; allowed values: {allowed}")

    def _packets(self, value: Any) -> tuple[tuple[int, ...], ...]:
        if isinstance(value, str):
            try:
                value = json.loads(value)
            except json.JSONDecodeError:
                raise self._error(f"{value!r} is not a JSON list of lists") from None
        ok = (
            isinstance(value, (list, tuple))
            and value
            and all(
                isinstance(r, (list, tuple))
                and r
                and all(isinstance(x, int) and not isinstance(x, bool) and x > 0 for x in r)
                for r in value
            )
        )
        if not ok:
            raise self._error(f"{value!r} is not allowed; expected {self.describe_allowed()}")
        return tuple(tuple(r) for r in value)

    def _points(self, value: Any) -> tuple[int, ...]:
        if isinstance(value, str):
            try:
                value = json.loads(value)
            except json.JSONDecodeError:
                raise self._error(f"{value!r} is not a JSON table") from None
        if isinstance(value, Mapping):
            unknown = set(value) - set(self.keys)
            missing = set(self.keys) - set(value)
            if unknown or missing:
                raise self._error(
                    f"{dict(value)!r} is not allowed; expected {self.describe_allowed()}"
                )
            value = [value[k] for k in self.keys]
        if (
            not isinstance(value, (list, tuple))
            or len(value) != len(self.keys)
            or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in value)
        ):
            raise self._error(f"{value!r} is not allowed; expected {self.describe_allowed()}")
        return tuple(value)

    def _names(self, value: Any) -> tuple[str, ...]:
        if isinstance(value, str):
            value = [v for v in value.replace(",", " ").split() if v]
        if not isinstance(value, (list, tuple)):
            raise self._error(f"{value!r} is not allowed; expected {self.describe_allowed()}")
        out = []
        for v in value:
            match = [c for c in self.choices if str(c).lower() == str(v).lower()]
            if not match:
                raise self._error(
                    f"{v!r} is not allowed; allowed values: "
                    + ", ".join(str(c) for c in self.choices)
                )
            out.append(match[0])
        return tuple(out)


def _listify(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_listify(v) for v in value]
    return value


_CATALOGUE: list[Option] = []


def _opt(name: str, kind: str, default: Any, doc: str, **kw: Any) -> None:
    _CATALOGUE.append(Option(name, kind, default, doc, **kw))


_E = frozenset({EUCHRE})
_B = frozenset({BID_EUCHRE})
_BP = frozenset({BID_EUCHRE, PITCH})

# fmt: off
# -- §4.1 common / engine ---------------------------------------------------------

_opt("num_players", "int", 4, "Number of seats.", minimum=2, maximum=8)
_opt("partnership", "enum", "pairs_opposite", "Who scores together.",
     choices=("none", "pairs_opposite", "called"))
_opt("deck", "enum", "EUCHRE24", "The named deck (RULES.md §1.1).", choices=DECK_NAMES)
_opt("hand_size", "int", 5, "Cards dealt to each seat.", minimum=1)
_opt("deal_packets", "packets", None,
     "Deal rounds, each a packet size per seat from the eldest; they fix which cards a "
     "seeded shuffle gives each seat.", nullable=True)
_opt("first_dealer", "enum", "random",
     "How the first dealer is chosen: at random, or the first (black) jack dealt face up.",
     choices=("random", "first_jack", "first_black_jack"))
_opt("first_lead", "enum", "eldest", "Who leads the first trick.",
     choices=("eldest", "bidder", "maker"))
_opt("target_score", "int", 10, "Points that win the game.", nullable=True, minimum=1)
_opt("target_inclusive", "bool", True, "Reaching the target exactly counts.")
_opt("game_end_policy", "enum", "first_to_target", "How the end of the game is decided.",
     choices=("first_to_target", "maker_priority", "bid_to_go_out", "timed"))
_opt("time_limit_seconds", "int", None,
     "Timed games: the time limit. The host (table, CLI) reads the clock and supplies the "
     "time-up event; the engine reads no clock.", nullable=True, minimum=1)
_opt("timed_also_target", "bool", False,
     "Timed games: a point target applies as well; whichever comes first ends the game.")
_opt("renege_mode", "enum", "enforce",
     "enforce: only legal cards are accepted; penalize: illegal plays are accepted, "
     "logged and penalised at the end of the hand (to record a real table).",
     choices=("enforce", "penalize"))
_opt("renege_penalty", "int", 2,
     "Points of one renege penalty: Euchre gives them to the opponents (doubled when a "
     "lone hand is involved); Bid Euchre takes them from the offenders.", minimum=0)
_opt("misdeal_dealer", "enum", "next",
     "Who deals after a misdeal a player claims: the next dealer, or the same one.",
     choices=("same", "next"))

# -- §4.2 Euchre family -----------------------------------------------------------

_opt("euchre_all_pass_redeal", "enum", "next_dealer",
     "Who deals after everyone passes twice.", families=_E,
     choices=("next_dealer", "same_dealer"))
_opt("stick_the_dealer", "bool", False,
     "The dealer may not pass in the second calling round.", families=_E)
_opt("euchre_alone_allowed_for", "enum", "maker_only",
     "Who may play the lone hand: only the maker, or also the maker's partner "
     "(who then takes the lone hand on the maker's call).", families=_E,
     choices=("maker_only", "maker_or_partner"))
_opt("euchre_lone_lead", "enum", "next_active_left_of_dealer",
     "Who leads when someone goes alone: the eldest (or the next active player), or the "
     "player left of the loner.", families=_E,
     choices=("next_active_left_of_dealer", "left_of_loner"))
_opt("euchre_points", "points", (1, 2, 4, 2),
     "Hand points: makers taking 3-4 tricks, all 5, all 5 alone; defenders euchring.",
     families=_E, keys=("made", "march", "alone_march", "euchred"))
_opt("cutthroat_points", "points", (1, 3, 2),
     "Cutthroat hand points: maker 3-4 tricks, maker all 5, each opponent on a euchre.",
     families=_E, keys=("made", "march", "euchred"))
_opt("cutthroat_deck", "enum", "EUCHRE20", "Cutthroat deck: without or with the nines.",
     families=_E, choices=("EUCHRE20", "EUCHRE24"))
_opt("british_joker_upcard_choose_blind", "bool", True,
     "A dealer turning up the joker names trump before looking at the hand.", families=_E)
_opt("british_joker_upcard_alone_allowed", "bool", True,
     "A dealer turning up the joker may go alone when naming trump.", families=_E)
_opt("british_dealer_partner_must_go_alone", "bool", False,
     "In round 1 the dealer's partner may order up only by going alone.", families=_E)
_opt("euchre_alone_timing", "enum", "with_call",
     "with_call: 'alone' is said with the call; after_exchange: the maker decides "
     "alone/partner as a separate step after the dealer's discard (OpenSpiel).",
     families=_E, choices=("with_call", "after_exchange"))
_opt("dealer_may_discard_upcard", "bool", True,
     "The dealer may discard the card just picked up.", families=_E)
_opt("defend_alone", "bool", False,
     "After the maker's alone decision each defender, from the maker's left, may defend "
     "alone.", families=_E)
_opt("defend_alone_euchre_points", "int", 4,
     "Defenders' points when a lone defender euchres the makers.", families=_E, minimum=0)
_opt("super_euchre", "bool", False,
     "Makers who take no trick give the defenders 4 instead of 2.", families=_E)

# -- §4.3 Bid Euchre family -------------------------------------------------------

_opt("be_bid_rounds", "enum", "single",
     "One round of bids (eldest to dealer), or rounds until all but one have passed.",
     families=_B, choices=("single", "continuous"))
_opt("be_min_bid", "int", 3, "The lowest bid.", families=_B, choices=(3,))
_opt("be_plain_six_allowed", "bool", False,
     "A plain partnership bid of every trick (6; 12 in double deck) is allowed; it ranks "
     "below the lone bids and scores like any bid.", families=_B)
_opt("be_help_exchange_cards", "int", 1,
     "Cards each side passes in the help exchange (the partner gives their highest "
     "trumps).", families=_B, minimum=1, maximum=3)
_opt("be_help_points", "int", 12, "Points for a made bid of every trick with help.",
     families=_B, minimum=1)
_opt("be_moon_points", "int", 24, "Points for a made moon (every trick alone, no help).",
     families=_B, minimum=1)
_opt("be_lone_set_penalty", "enum", "bid",
     "A failed lone bid loses the bid (every trick: 6, or 12), or the lone bid's value.",
     families=_B, choices=("bid", "lone_value"))
_opt("be_defenders_can_win", "bool", True,
     "The defending team can win by reaching the target on its tricks.", families=_B)
_opt("be_both_reach_rule", "enum", "higher_score",
     "Both teams reach the target in one hand: the higher score wins, or the bidders do "
     "(equal scores always play another hand).", families=_B,
     choices=("higher_score", "bidder"))
_opt("dealer_stuck", "bool", False,
     "If everyone else passes, the dealer may not pass and must bid.", families=_BP)
_opt("stuck_bid", "int", 3, "The lowest bid a stuck dealer may make.", families=_BP,
     minimum=1)
_opt("ace_no_face", "bool", False,
     "A player dealt an ace and no face card (J Q K) may claim a misdeal before bidding.",
     families=_B)
_opt("ace_no_face_rule", "enum", "at_least_one_ace", "Which hands qualify for Ace No Face.",
     families=_B, choices=("at_least_one_ace", "exactly_one_ace"))
_opt("ace_no_face_joker_is_face", "bool", True,
     "The joker counts as a face card for Ace No Face.", families=_B)
_opt("dealer_extra_card", "bool", False,
     "The dealer is dealt one extra card (the last) and discards one.", families=_B)
_opt("be_joker_discard_timing", "enum", "before_bidding",
     "When the dealer with the extra card discards: before bidding, or right after trump "
     "is named.", families=_B, choices=("before_bidding", "after_trump"))

# -- model fields (not user options) ----------------------------------------------

_opt("family", "enum", EUCHRE, "The game family.", families=NONE, choices=FAMILIES)
_opt("calling", "enum", "euchre_two_round", "How the contract is made.", families=NONE,
     choices=("euchre_two_round", "auction"))
_opt("bid_ladder", "enum", "none", "The named bid ladder of the auction.", families=NONE,
     choices=("none", "bid_euchre"))
_opt("trump_declaration", "enum", "upcard_or_named",
     "How trump is fixed: the Euchre calling, named by the bidder, or pitched by the "
     "first lead.", families=NONE, choices=("upcard_or_named", "named", "pitched"))
_opt("upcard", "bool", True, "One card is turned up after the deal.", families=NONE)
_opt("joker_upcard", "bool", False,
     "A joker turned up skips round 1: the dealer names trump and picks the joker up.",
     families=NONE)
_opt("trump_order", "enum", "euchre", "The named trump ranking function.", families=NONE,
     choices=("euchre",))
_opt("follow", "enum", "must_follow", "The follow rule (RULES.md §1.8).", families=NONE,
     choices=("must_follow",))
_opt("trick_mode", "enum", "highest", "Highest or lowest card wins.", families=NONE,
     choices=("highest", "lowest"))
_opt("scoring", "enum", "euchre_table", "The named hand-scoring function.", families=NONE,
     choices=("euchre_table", "cutthroat_table", "bid_euchre_tricks"))
_opt("maker_always_alone", "bool", False,
     "The maker always plays alone against everyone (cutthroat).", families=NONE)
# fmt: on


OPTIONS: Mapping[str, Option] = {o.name: o for o in _CATALOGUE}


def user_options(family: str) -> list[Option]:
    """The options a player of this family may set, in catalogue order."""
    return [o for o in _CATALOGUE if family in o.families]

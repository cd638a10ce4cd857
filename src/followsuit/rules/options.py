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
        if self.kind == "int" and self.choices:
            return ", ".join(str(c) for c in self.choices) + (" or null" if self.nullable else "")
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
_P = frozenset({PITCH})
_BP = frozenset({BID_EUCHRE, PITCH})

#: The Pitch scoring categories of RULES.md §1.9.
CATEGORIES = (
    "HIGH",
    "LOW",
    "JACK",
    "JICK",
    "OFF_ACE",
    "BIG_JOKER",
    "LITTLE_JOKER",
    "JOKER",
    "TREY",
    "OFF_TREY",
    "FIVE",
    "NINE",
    "ACE_CARD",
    "TEN_CARD",
    "DEUCE_CARD",
    "GAME",
)
#: The special bids of RULES.md §4.4.
SPECIAL_BIDS = ("SMUDGE", "BLIND_SMUDGE", "MOON", "FIVE")

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
     "time-up event; the engine reads no clock.", nullable=True, minimum=1,
     families=frozenset({EUCHRE}))
_opt("timed_also_target", "bool", False,
     "Timed games: a point target applies as well; whichever comes first ends the game.",
     families=frozenset({EUCHRE}))
_opt("renege_mode", "enum", "enforce",
     "enforce: only legal cards are accepted; penalize: illegal plays are accepted, "
     "logged and penalised at the end of the hand (to record a real table).",
     choices=("enforce", "penalize"))
_opt("renege_penalty", "int", 2,
     "Points of one renege penalty: Euchre gives them to the opponents (doubled when a "
     "lone hand is involved); Bid Euchre takes them from the offenders.", minimum=0)
_opt("misdeal_dealer", "enum", None,
     "Who deals after a misdeal: the same dealer or the next one. Unset: the next dealer "
     "after a claim by a player, the same dealer after a misdeal the engine detects.",
     choices=("same", "next"), nullable=True)
_opt("nonmaker_tie_break", "enum", "continue",
     "When two or more units other than the makers reach the target in one hand: the "
     "highest wins (equal play on), the first to reach it in category order, or play on "
     "under bid-to-go-out rules.", families=_P,
     choices=("continue", "order_of_points", "continue_bid_to_go_out"))
_opt("category_order", "names", ("HIGH", "LOW", "JACK", "JICK", "OFF_ACE", "BIG_JOKER",
     "LITTLE_JOKER", "JOKER", "TREY", "OFF_TREY", "FIVE", "NINE", "ACE_CARD", "TEN_CARD",
     "DEUCE_CARD", "GAME"),
     "The order categories are counted in for tie-breaks.", families=_P, choices=CATEGORIES)
_opt("loss_threshold", "int", None,
     "A unit at or below this (negative) score loses: every other unit wins.",
     families=_P, nullable=True, choices=(-100, -200))

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
_opt("defend_alone_order", "enum", "maker_left",
     "With defend_alone, who is asked first: the defender on the maker's left, or the one "
     "nearer the dealer's left (OpenSpiel's lone-defender protocol).", families=_E,
     choices=("maker_left", "dealer_left"))
_opt("defend_alone_euchre_points", "int", 4,
     "Defenders' points when a lone defender euchres the makers.", families=_E, minimum=0)
_opt("super_euchre", "bool", False,
     "Makers who take no trick give the defenders 4 instead of 2 (a lone defender's euchre "
     "scores defend_alone_euchre_points whatever the tricks).", families=_E)

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
_opt("stuck_bid", "int", None,
     "The lowest bid a stuck dealer may make (unset: the lowest bid).", families=_BP,
     minimum=1, nullable=True)
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

# -- §4.4 Pitch family -------------------------------------------------------------

_opt("min_bid", "int", 2, "The lowest bid.", families=_P, minimum=1)
_opt("max_bid", "int", None,
     "The highest number bid (special bids rank above it). Unset with a moon: one less "
     "than the points of a hand.", families=_P, minimum=1, nullable=True)
_opt("special_bids", "names", (), "Special bids above the numbers: SMUDGE, BLIND_SMUDGE, "
     "MOON; FIVE makes the bid of 5 a five-bid (every trick and the Jack).", families=_P,
     choices=SPECIAL_BIDS)
_opt("bid_rounds", "enum", "single",
     "One round of bids, or rounds until all but one have passed.", families=_P,
     choices=("single", "continuous"))
_opt("dealer_may_match", "bool", True,
     "The dealer may take the contract by equalling the high bid.", families=_P)
_opt("dealer_match_levels", "names", None,
     "The bids the dealer may match (unset: every number).", families=_P, nullable=True,
     choices=(*tuple(str(n) for n in range(1, 19)), "SMUDGE", "BLIND_SMUDGE", "MOON"))
_opt("dealer_match_ends_auction", "bool", False,
     "In a continuous auction the dealer's match ends the bidding.", families=_P)
_opt("joker_pitched", "enum", "spades",
     "A joker led to pitch trump: spades are trump, the maker names the suit, or a joker "
     "may not be the first lead.", families=_P, choices=("spades", "name_suit", "forbidden"))
_opt("category_profile", "enum", "classic4",
     "The basic categories: High, Low, Jack, Game; or the seed's list (adds Jick, Trey and "
     "the jokers).", families=_P, choices=("classic4", "seed_extended"))
_opt("categories", "names", None, "The scoring categories (unset: the variant's).",
     families=_P, nullable=True, choices=CATEGORIES)
_opt("point_model", "enum", "cards",
     "10/11/13-point games: points belong to cards (A J jick jokers T 3 2), or to the "
     "categories (High, Low, Jack, Jick, jokers, Trey, Game).", families=_P,
     choices=("cards", "categories"))
_opt("high_credit", "enum", "captor", "High goes to the captor or the holder.",
     families=_P, choices=("captor", "holder"))
_opt("low_credit", "enum", "holder", "Low goes to the holder (who played it) or the captor.",
     families=_P, choices=("holder", "captor"))
_opt("high_low_eligibility", "enum", "natural",
     "High and Low count only cards of the trump suit itself, or any trump.",
     families=_P, choices=("natural", "any_trump"))
_opt("game_tie_rule", "enum", "none",
     "A tie for Game: nobody scores it, or the makers do if they are among the tied.",
     families=_P, choices=("none", "bidder"))
_opt("jick_is_trump", "bool", False,
     "The jack of the same colour (jick) is a trump, just below the jack.", families=_P)
_opt("jokers", "int", 0, "Jokers in the deck.", families=_P, choices=(0, 1, 2))
_opt("joker_order", "enum", "fixed",
     "Two jokers: the big one beats the little one, or the first played wins.",
     families=_P, choices=("fixed", "first_played"))
_opt("joker_rank", "enum", "below_jack_or_jick",
     "Where jokers rank in trump: just below the jack (and jick), or lowest of all.",
     families=_P, choices=("below_jack_or_jick", "lowest_trump"))
_opt("discard_draw", "bool", False,
     "After trump is named each player discards any cards and draws as many.", families=_P)
_opt("moon_rule", "enum", "off",
     "Shooting the moon: off; every trick and High, Low, Jack, Game wins at once; or the "
     "maker declares it before the first lead.", families=_P,
     choices=("off", "auto_win", "declared"))
_opt("five_value", "int", 5, "Points of the five of trump.", families=_P, choices=(1, 5))
_opt("nine_value", "int", 9, "Points of the nine of trump.", families=_P, choices=(9,))
_opt("smudge_points", "int", 19, "Points of a made (or lost on a failed) smudge.",
     families=_P, minimum=1)
_opt("blind_smudge_points", "int", 20, "Points of a made (or failed) blind smudge.",
     families=_P, minimum=1)
_opt("moon_success", "enum", "add_value",
     "A made moon adds its value, or sets the score to the target (0 when negative); a "
     "failed one then loses the game.", families=_P,
     choices=("add_value", "set_to_target_or_zero"))
_opt("moon_value", "int", None, "Points a moon wins or loses (unset: the target score).",
     families=_P, nullable=True, minimum=1)
_opt("fill_recipient", "enum", "dealer",
     "Who takes the rest of the stock after the fill: the dealer or the bidder.",
     families=_P, choices=("dealer", "bidder"))
_opt("oklahoma_deal", "enum", "six",
     "10-point deal: six cards, or nine with the bidder selecting, or nine with draws.",
     families=_P, choices=("six", "nine_select", "nine_draw"))
_opt("bidder_may_pass_to_partner", "bool", False,
     "Nine-card select: the bidder may give surplus trumps to the partner.", families=_P)
_opt("misdeal_only_4_to_9", "bool", False,
     "A player whose nine cards are all 4s to 9s (no joker) may claim a misdeal.",
     families=_P)
_opt("base_points", "int", 10, "Call-your-partner: 10- or 13-point Pitch.", families=_P,
     choices=(10, 13))
_opt("called_card_must_be_trump", "bool", True, "The called card must be a trump.",
     families=_P)
_opt("called_card_first_trick", "bool", True,
     "The holder of the called card must play it to the first trick.", families=_P)
_opt("razzle_hand_size", "packets", ((5, 9, 9), (6, 8, 6), (7, 7, 5)),
     "Razzle-Dazzle: (players, cards each, kitty) for each number of players.",
     families=_P)
_opt("two_player_throw_in", "bool", False,
     "Two-player: a hand topped by a ten or lower may be thrown in.", families=_P)
_opt("new_yorker_junk_hand", "bool", False,
     "New Yorker: a first hand of only junk ranks may be laid down for six new cards.",
     families=_P)
_opt("junk_hand_ranks", "enum", "3-9", "New Yorker: the junk ranks.", families=_P,
     choices=("3-9",))
_opt("new_yorker_moon_scoring", "enum", "smudge5",
     "New Yorker moon: +5/-5, or win/lose the game.", families=_P,
     choices=("smudge5", "win_lose_game"))
_opt("new_yorker_moon_alone", "bool", False,
     "New Yorker: the moon bidder's partner sits out.", families=_P)
_opt("discard_limited_by_stock", "bool", True,
     "New Yorker: nobody discards more cards than the stock still holds.", families=_P)
_opt("trump_lead_must_follow", "bool", True,
     "A trump lead must be followed with a trump when possible.", families=_P)
_opt("trick_mode", "enum", "highest", "Highest or lowest card wins.", families=_P,
     choices=("highest", "lowest"))
_opt("blind_opening_lead_from_hand", "bool", True,
     "Blind Pitch: the opening lead comes from the hand, not the pile.", families=_P)
_opt("blind_pile_on_first_trick", "enum", "only_if_void",
     "Blind Pitch: a pile card on the first trick only when void in trump, or never.",
     families=_P, choices=("only_if_void", "never"))

# -- model fields (not user options) ----------------------------------------------

_opt("family", "enum", EUCHRE, "The game family.", families=NONE, choices=FAMILIES)
_opt("calling", "enum", "euchre_two_round", "How the contract is made.", families=NONE,
     choices=("euchre_two_round", "auction"))
_opt("bid_ladder", "enum", "none", "The named bid ladder of the auction.", families=NONE,
     choices=("none", "bid_euchre", "pitch"))
_opt("trump_declaration", "enum", "upcard_or_named",
     "How trump is fixed: pitched (the suit of the maker's first card) or named by the "
     "winning bidder (Euchre: by its calling).", families=_P,
     choices=("upcard_or_named", "named", "pitched"))
_opt("upcard", "bool", True, "One card is turned up after the deal.", families=NONE)
_opt("joker_upcard", "bool", False,
     "A joker turned up skips round 1: the dealer names trump and picks the joker up.",
     families=NONE)
_opt("trump_order", "enum", "euchre", "The named trump ranking function.", families=NONE,
     choices=("euchre", "pitch"))
_opt("follow", "enum", "must_follow", "The follow rule (RULES.md §1.8).", families=NONE,
     choices=("must_follow", "follow_or_trump", "trump_only", "blind_pitch"))
_opt("leftover", "enum", "kitty", "Where the undealt cards go in the record.",
     families=NONE, choices=("kitty", "stock"))
_opt("off_ace", "bool", False, "The ace of the same colour is a trump (Missouri).",
     families=NONE)
_opt("off_trey", "bool", False, "The three of the same colour is a trump (13-point).",
     families=NONE)
_opt("ten_point", "bool", False, "The 10/11/13-point family (trump-only play, fill).",
     families=NONE)
_opt("extra_categories", "names", (), "Categories a variant adds to its base.",
     families=NONE, choices=CATEGORIES)
_opt("exchange", "enum", "none", "The named exchange after trump is known.",
     families=NONE, choices=("none", "nines_fives", "fill", "razzle", "new_yorker",
                             "discard_three"))
_opt("piles", "int", 0,
     "Cards in each seat's face-down blind pile, one dealt after each packet round.",
     families=NONE, minimum=0)
_opt("kitty_size", "int", 0, "Cards dealt to a kitty after the hands (Razzle-Dazzle).",
     families=NONE, minimum=0)
_opt("target_formula", "bool", False,
     "The target is the hand's points × players + 1 (the 10-point family).", families=NONE)
_opt("call_partner", "bool", False, "The bidder calls a card whose holder is the partner.",
     families=NONE)
_opt("scoring", "enum", "euchre_table", "The named hand-scoring function.", families=NONE,
     choices=("euchre_table", "cutthroat_table", "bid_euchre_tricks", "pitch_points"))
_opt("moon_alone", "bool", False,
     "A moon bid sends the bidder's partner out (Bid Euchre; New Yorker by option).",
     families=NONE)
_opt("moon_bidder_leads", "bool", False,
     "The moon bidder leads the first trick, whatever first_lead says (New Yorker).",
     families=NONE)
_opt("maker_always_alone", "bool", False,
     "The maker always plays alone against everyone (cutthroat).", families=NONE)
# fmt: on


OPTIONS: Mapping[str, Option] = {o.name: o for o in _CATALOGUE}


def user_options(family: str) -> list[Option]:
    """The options a player of this family may set, in catalogue order."""
    return [o for o in _CATALOGUE if family in o.families]

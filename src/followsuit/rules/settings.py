"""Every option of RULES.md §4 as one typed, frozen record: :class:`Settings`.

Each field *is* an option: its annotation is its type and allowed values (a
``Literal`` lists an enum's choices), its default is the common model's, and its
metadata holds the meaning, the families that may set it and the bounds of a
number. The catalogue the command line and the record read (``OPTIONS`` in
:mod:`followsuit.rules.options`) is derived from these fields, so an option is
written once. The engine reads options as attributes (``prog.stick_the_dealer``),
so that a misspelt name is a type-check error, not a silent lookup.

A few *model fields* (``calling``, ``follow``, ``scoring`` …) share the record so
that a variant is one flat, inheritable declaration; players may not set them
(``families=NONE``): they name the small functions the engine runs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from ..cards import DeckName

EUCHRE = "euchre"
BID_EUCHRE = "bid_euchre"
PITCH = "pitch"
FAMILIES = (EUCHRE, BID_EUCHRE, PITCH)
ALL = frozenset(FAMILIES)
NONE: frozenset[str] = frozenset()
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
#: The bids a Pitch dealer may be allowed to match (``dealer_match_levels``).
MATCH_LEVELS = (*(str(n) for n in range(1, 19)), "SMUDGE", "BLIND_SMUDGE", "MOON")

#: The highest score-like number an option may hold (targets, bid values, points):
#: far above any rule book's, and small enough that nothing in the engine grows
#: with it.
MAX_POINTS = 1000

Packets = tuple[tuple[int, ...], ...]
"""Deal rounds, each a packet size per seat (or Razzle-Dazzle's size rows)."""

Family = Literal["euchre", "bid_euchre", "pitch"]
Follow = Literal["must_follow", "follow_or_trump", "trump_only", "blind_pitch"]
GameEndPolicy = Literal["first_to_target", "maker_priority", "bid_to_go_out", "timed"]
Exchange = Literal["none", "nines_fives", "fill", "razzle", "new_yorker", "discard_three"]
Scoring = Literal["euchre_table", "cutthroat_table", "bid_euchre_tricks", "pitch_points"]
NonmakerTieBreak = Literal["continue", "order_of_points", "continue_bid_to_go_out"]
LoneLead = Literal["next_active_left_of_dealer", "left_of_loner"]


class EuchrePoints(NamedTuple):
    """Euchre's hand points (``euchre_points``)."""

    made: int
    march: int
    alone_march: int
    euchred: int


class CutthroatPoints(NamedTuple):
    """Cutthroat Euchre's hand points (``cutthroat_points``)."""

    made: int
    march: int
    euchred: int


def option(
    default: Any,
    doc: str,
    *,
    families: frozenset[str] = ALL,
    minimum: int | None = None,
    maximum: int | None = None,
    names: tuple[str, ...] = (),
) -> Any:
    """A field of :class:`Settings`: its default and what the catalogue says of it
    (``names``: the words a list option may hold)."""
    meta = {"doc": doc, "families": families, "min": minimum, "max": maximum, "names": names}
    return field(default=default, metadata=meta)


# fmt: off
@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    """The value of every option for one game (see the module docstring)."""

    # -- §4.1 common / engine ---------------------------------------------------------
    num_players: int = option(4, "Number of seats.", minimum=2, maximum=8)
    partnership: Literal["none", "pairs_opposite", "called"] = option(
        "pairs_opposite", "Who scores together.")
    deck: DeckName = option("EUCHRE24", "The named deck (RULES.md §1.1).")
    hand_size: int = option(5, "Cards dealt to each seat.", minimum=1, maximum=26)
    deal_packets: Packets | None = option(
        None, "Deal rounds, each a packet size per seat from the eldest; they fix which "
        "cards a seeded shuffle gives each seat.")
    first_dealer: Literal["random", "first_jack", "first_black_jack"] = option(
        "random", "How the first dealer is chosen: at random, or the first (black) jack "
        "dealt face up.")
    first_lead: Literal["eldest", "bidder", "maker"] = option(
        "eldest", "Who leads the first trick.")
    target_score: int | None = option(
        10, "Points that win the game.", minimum=1, maximum=MAX_POINTS)
    target_inclusive: bool = option(True, "Reaching the target exactly counts.")
    game_end_policy: GameEndPolicy = option(
        "first_to_target", "How the end of the game is decided.")
    time_limit_seconds: int | None = option(
        None, "Timed games: the time limit. The host (table, CLI) reads the clock and "
        "supplies the time-up event; the engine reads no clock.", families=_E, minimum=1,
        maximum=7 * 24 * 3600)
    timed_also_target: bool = option(
        False, "Timed games: a point target applies as well; whichever comes first ends "
        "the game.", families=_E)
    renege_mode: Literal["enforce", "penalize"] = option(
        "enforce", "enforce: only legal cards are accepted; penalize: illegal plays are "
        "accepted, logged and penalised at the end of the hand (to record a real table).")
    renege_penalty: int = option(
        2, "Points of one renege penalty: Euchre gives them to the opponents (doubled when "
        "a lone hand is involved); Bid Euchre takes them from the offenders.", minimum=0,
        maximum=MAX_POINTS)
    misdeal_dealer: Literal["same", "next"] | None = option(
        None, "Who deals after a misdeal: the same dealer or the next one. Unset: the next "
        "dealer after a claim by a player, the same dealer after a misdeal the engine "
        "detects.")
    nonmaker_tie_break: NonmakerTieBreak = option(
        "continue", "When two or more units other than the makers reach the target in one "
        "hand: the highest wins (equal play on), the first to reach it in category order, "
        "or play on under bid-to-go-out rules.", families=_P)
    category_order: tuple[str, ...] = option(
        CATEGORIES, "The order categories are counted in for tie-breaks.", families=_P,
        names=CATEGORIES)
    loss_threshold: Literal[-100, -200] | None = option(
        None, "A unit at or below this (negative) score loses: every other unit wins.",
        families=_P)

    # -- §4.2 Euchre family -----------------------------------------------------------
    euchre_all_pass_redeal: Literal["next_dealer", "same_dealer"] = option(
        "next_dealer", "Who deals after everyone passes twice.", families=_E)
    stick_the_dealer: bool = option(
        False, "The dealer may not pass in the second calling round.", families=_E)
    euchre_alone_allowed_for: Literal["maker_only", "maker_or_partner"] = option(
        "maker_only", "Who may play the lone hand: only the maker, or also the maker's "
        "partner (who then takes the lone hand on the maker's call).", families=_E)
    euchre_lone_lead: LoneLead = option(
        "next_active_left_of_dealer", "Who leads when someone goes alone: the eldest (or "
        "the next active player), or the first player left of the loner (the lone maker, "
        "else the lone defender) who plays.", families=_E)
    euchre_points: EuchrePoints = option(
        EuchrePoints(1, 2, 4, 2), "Hand points: makers taking 3-4 tricks, all 5, all 5 "
        "alone; defenders euchring.", families=_E, maximum=MAX_POINTS)
    cutthroat_points: CutthroatPoints = option(
        CutthroatPoints(1, 3, 2), "Cutthroat hand points: maker 3-4 tricks, maker all 5, "
        "each opponent on a euchre.", families=_E, maximum=MAX_POINTS)
    cutthroat_deck: Literal["EUCHRE20", "EUCHRE24"] = option(
        "EUCHRE20", "Cutthroat deck: without or with the nines.", families=_E)
    british_joker_upcard_choose_blind: bool = option(
        True, "A dealer turning up the joker names trump before looking at the hand.",
        families=_E)
    british_joker_upcard_alone_allowed: bool = option(
        True, "A dealer turning up the joker may go alone when naming trump.", families=_E)
    british_dealer_partner_must_go_alone: bool = option(
        False, "In round 1 the dealer's partner may order up only by going alone.",
        families=_E)
    euchre_alone_timing: Literal["with_call", "after_exchange"] = option(
        "with_call", "with_call: 'alone' is said with the call; after_exchange: the maker "
        "decides alone/partner as a separate step after the dealer's discard (OpenSpiel).",
        families=_E)
    dealer_may_discard_upcard: bool = option(
        True, "The dealer may discard the card just picked up.", families=_E)
    defend_alone: bool = option(
        False, "After the dealer's discard and the maker's alone decision each defender in "
        "turn may defend alone.", families=_E)
    defend_alone_order: Literal["maker_left", "dealer_left"] = option(
        "maker_left", "With defend_alone, who is asked first: the defender on the maker's "
        "left, or the one nearer the dealer's left (OpenSpiel's lone-defender protocol).",
        families=_E)
    defend_alone_euchre_points: int = option(
        4, "Defenders' points when a lone defender euchres the makers.", families=_E,
        minimum=0, maximum=MAX_POINTS)
    super_euchre: bool = option(
        False, "Makers who take no trick give the defenders 4 instead of 2 (a lone "
        "defender's euchre scores defend_alone_euchre_points whatever the tricks).",
        families=_E)

    # -- §4.3 Bid Euchre family -------------------------------------------------------
    be_bid_rounds: Literal["single", "continuous"] = option(
        "single", "One round of bids (eldest to dealer), or rounds until all but one have "
        "passed.", families=_B)
    be_min_bid: Literal[3] = option(3, "The lowest bid.", families=_B)
    be_plain_six_allowed: bool = option(
        False, "A plain partnership bid of every trick (6; 12 in double deck) is allowed; "
        "it ranks below the lone bids and scores like any bid.", families=_B)
    be_help_exchange_cards: int = option(
        1, "Cards each side passes in the help exchange (the partner gives their highest "
        "trumps).", families=_B, minimum=1, maximum=3)
    be_help_points: int = option(
        12, "Points for a made bid of every trick with help.", families=_B, minimum=1,
        maximum=MAX_POINTS)
    be_moon_points: int = option(
        24, "Points for a made moon (every trick alone, no help).", families=_B, minimum=1,
        maximum=MAX_POINTS)
    be_lone_set_penalty: Literal["bid", "lone_value"] = option(
        "bid", "A failed lone bid loses the bid (every trick: 6, or 12), or the lone bid's "
        "value.", families=_B)
    be_defenders_can_win: bool = option(
        True, "The defending team can win by reaching the target on its tricks.",
        families=_B)
    be_both_reach_rule: Literal["higher_score", "bidder"] = option(
        "higher_score", "Both teams reach the target in one hand: the higher score wins, or "
        "the bidders do (equal scores always play another hand).", families=_B)
    dealer_stuck: bool = option(
        False, "If everyone else passes, the dealer may not pass and must bid.",
        families=_BP)
    stuck_bid: int | None = option(
        None, "The lowest bid a stuck dealer may make (unset: the lowest bid).",
        families=_BP, minimum=1, maximum=MAX_POINTS)
    ace_no_face: bool = option(
        False, "A player dealt an ace and no face card (J Q K) may claim a misdeal before "
        "bidding.", families=_B)
    ace_no_face_rule: Literal["at_least_one_ace", "exactly_one_ace"] = option(
        "at_least_one_ace", "Which hands qualify for Ace No Face.", families=_B)
    ace_no_face_joker_is_face: bool = option(
        True, "The joker counts as a face card for Ace No Face.", families=_B)
    dealer_extra_card: bool = option(
        False, "The dealer is dealt one extra card (the last) and discards one.",
        families=_B)
    be_joker_discard_timing: Literal["before_bidding", "after_trump"] = option(
        "before_bidding", "When the dealer with the extra card discards: before bidding, "
        "or right after trump is named.", families=_B)

    # -- §4.4 Pitch family ------------------------------------------------------------
    min_bid: int = option(2, "The lowest bid.", families=_P, minimum=1, maximum=MAX_POINTS)
    max_bid: int | None = option(
        None, "The highest number bid (special bids rank above it). Unset with a moon: one "
        "less than the points of a hand.", families=_P, minimum=1, maximum=MAX_POINTS)
    special_bids: tuple[str, ...] = option(
        (), "Special bids above the numbers: SMUDGE, BLIND_SMUDGE, MOON; FIVE makes the "
        "bid of 5 a five-bid (every trick and the Jack).", families=_P, names=SPECIAL_BIDS)
    bid_rounds: Literal["single", "continuous"] = option(
        "single", "One round of bids, or rounds until all but one have passed.",
        families=_P)
    dealer_may_match: bool = option(
        True, "The dealer may take the contract by equalling the high bid.", families=_P)
    dealer_match_levels: tuple[str, ...] | None = option(
        None, "The bids the dealer may match (unset: every number).", families=_P,
        names=MATCH_LEVELS)
    dealer_match_ends_auction: bool = option(
        False, "In a continuous auction the dealer's match ends the bidding.", families=_P)
    joker_pitched: Literal["spades", "name_suit", "forbidden"] = option(
        "spades", "A joker led to pitch trump: spades are trump, the maker names the suit, "
        "or a joker may not be the first lead.", families=_P)
    category_profile: Literal["classic4", "seed_extended"] = option(
        "classic4", "The basic categories: High, Low, Jack, Game; or the seed's list (adds "
        "Jick, Trey and the jokers).", families=_P)
    categories: tuple[str, ...] | None = option(
        None, "The scoring categories (unset: the variant's).", families=_P,
        names=CATEGORIES)
    point_model: Literal["cards", "categories"] = option(
        "cards", "10/11/13-point games: points belong to cards (A J jick jokers T 3 2), or "
        "to the categories (High, Low, Jack, Jick, jokers, Trey, Game).", families=_P)
    high_credit: Literal["captor", "holder"] = option(
        "captor", "High goes to the captor or the holder.", families=_P)
    low_credit: Literal["holder", "captor"] = option(
        "holder", "Low goes to the holder (who played it) or the captor.", families=_P)
    high_low_eligibility: Literal["natural", "any_trump"] = option(
        "natural", "High and Low count only cards of the trump suit itself, or any trump.",
        families=_P)
    game_tie_rule: Literal["none", "bidder"] = option(
        "none", "A tie for Game: nobody scores it, or the makers do if they are among the "
        "tied.", families=_P)
    jick_is_trump: bool = option(
        False, "The jack of the same colour (jick) is a trump, just below the jack.",
        families=_P)
    jokers: Literal[0, 1, 2] = option(0, "Jokers in the deck.", families=_P)
    joker_order: Literal["fixed", "first_played"] = option(
        "fixed", "Two jokers: the big one beats the little one, or the first played wins.",
        families=_P)
    joker_rank: Literal["below_jack_or_jick", "lowest_trump"] = option(
        "below_jack_or_jick", "Where jokers rank in trump: just below the jack (and jick), "
        "or lowest of all.", families=_P)
    discard_draw: bool = option(
        False, "After trump is named each player discards any cards and draws as many.",
        families=_P)
    moon_rule: Literal["off", "auto_win", "declared"] = option(
        "off", "Shooting the moon: off; every trick and High, Low, Jack, Game wins at once "
        "(a side's moon in partnerships); or the maker declares it before the first lead.",
        families=_P)
    five_value: Literal[1, 5] = option(5, "Points of the five of trump.", families=_P)
    nine_value: Literal[9] = option(9, "Points of the nine of trump.", families=_P)
    smudge_points: int = option(
        19, "Points of a made (or lost on a failed) smudge.", families=_P, minimum=1,
        maximum=MAX_POINTS)
    blind_smudge_points: int = option(
        20, "Points of a made (or failed) blind smudge.", families=_P, minimum=1,
        maximum=MAX_POINTS)
    moon_success: Literal["add_value", "set_to_target_or_zero"] = option(
        "add_value", "A made moon adds its value, or sets the score to the target (0 when "
        "negative); a failed one then loses the game.", families=_P)
    moon_value: int | None = option(
        None, "Points a moon wins or loses (unset: the target score).", families=_P,
        minimum=1, maximum=MAX_POINTS)
    fill_recipient: Literal["dealer", "bidder"] = option(
        "dealer", "Who takes the rest of the stock after the fill: the dealer or the "
        "bidder.", families=_P)
    oklahoma_deal: Literal["six", "nine_select", "nine_draw"] = option(
        "six", "10-point deal: six cards, or nine with the bidder selecting, or nine with "
        "draws.", families=_P)
    bidder_may_pass_to_partner: bool = option(
        False, "Nine-card select: the bidder may give surplus trumps to the partner.",
        families=_P)
    misdeal_only_4_to_9: bool = option(
        False, "A player whose nine cards are all 4s to 9s (no joker) may claim a misdeal.",
        families=_P)
    base_points: Literal[10, 13] = option(
        10, "Call-your-partner: 10- or 13-point Pitch.", families=_P)
    called_card_must_be_trump: bool = option(
        True, "The called card must be a trump.", families=_P)
    called_card_first_trick: bool = option(
        True, "The holder of the called card must play it to the first trick.", families=_P)
    razzle_hand_size: Packets = option(
        ((5, 9, 9), (6, 8, 6), (7, 7, 5)), "Razzle-Dazzle: (players, cards each, kitty) for "
        "each number of players.", families=_P)
    two_player_throw_in: bool = option(
        False, "Two-player: a hand topped by a ten or lower may be thrown in.", families=_P)
    new_yorker_junk_hand: bool = option(
        False, "New Yorker: a first hand of only junk ranks may be laid down for six new "
        "cards.", families=_P)
    junk_hand_ranks: Literal["3-9"] = option("3-9", "New Yorker: the junk ranks.", families=_P)
    new_yorker_moon_scoring: Literal["smudge5", "win_lose_game"] = option(
        "smudge5", "New Yorker moon: +5/-5, or win/lose the game.", families=_P)
    new_yorker_moon_alone: bool = option(
        False, "New Yorker: the moon bidder's partner sits out.", families=_P)
    discard_limited_by_stock: bool = option(
        True, "New Yorker: nobody discards more cards than the stock still holds.",
        families=_P)
    trump_lead_must_follow: bool = option(
        True, "A trump lead must be followed with a trump when possible.", families=_P)
    trick_mode: Literal["highest", "lowest"] = option(
        "highest", "Highest or lowest card wins.", families=_P)
    blind_opening_lead_from_hand: bool = option(
        True, "Blind Pitch: the opening lead comes from the hand, not the pile.", families=_P)
    blind_pile_on_first_trick: Literal["only_if_void", "never"] = option(
        "only_if_void", "Blind Pitch: a pile card on the first trick only when void in "
        "trump, or never.", families=_P)

    # -- model fields (not user options) ----------------------------------------------
    family: Family = option(EUCHRE, "The game family.", families=NONE)
    calling: Literal["euchre_two_round", "auction"] = option(
        "euchre_two_round", "How the contract is made.", families=NONE)
    bid_ladder: Literal["none", "bid_euchre", "pitch"] = option(
        "none", "The named bid ladder of the auction.", families=NONE)
    trump_declaration: Literal["upcard_or_named", "named", "pitched"] = option(
        "upcard_or_named", "How trump is fixed: pitched (the suit of the maker's first "
        "card) or named by the winning bidder (Euchre: by its calling).", families=_P)
    upcard: bool = option(True, "One card is turned up after the deal.", families=NONE)
    joker_upcard: bool = option(
        False, "A joker turned up skips round 1: the dealer names trump and picks the "
        "joker up.", families=NONE)
    trump_order: Literal["euchre", "pitch"] = option(
        "euchre", "The named trump ranking function.", families=NONE)
    follow: Follow = option("must_follow", "The follow rule (RULES.md §1.8).", families=NONE)
    leftover: Literal["kitty", "stock"] = option(
        "kitty", "Where the undealt cards go in the record.", families=NONE)
    off_ace: bool = option(
        False, "The ace of the same colour is a trump (Missouri).", families=NONE)
    off_trey: bool = option(
        False, "The three of the same colour is a trump (13-point).", families=NONE)
    ten_point: bool = option(
        False, "The 10/11/13-point family (trump-only play, fill).", families=NONE)
    extra_categories: tuple[str, ...] = option(
        (), "Categories a variant adds to its base.", families=NONE, names=CATEGORIES)
    exchange: Exchange = option(
        "none", "The named exchange after trump is known.", families=NONE)
    piles: int = option(
        0, "Cards in each seat's face-down blind pile, one dealt after each packet round.",
        families=NONE, minimum=0, maximum=13)
    kitty_size: int = option(
        0, "Cards dealt to a kitty after the hands (Razzle-Dazzle).", families=NONE,
        minimum=0, maximum=52)
    target_formula: bool = option(
        False, "The target is the hand's points × players + 1 (the 10-point family).",
        families=NONE)
    call_partner: bool = option(
        False, "The bidder calls a card whose holder is the partner.", families=NONE)
    scoring: Scoring = option(
        "euchre_table", "The named hand-scoring function.", families=NONE)
    moon_alone: bool = option(
        False, "A moon bid sends the bidder's partner out (Bid Euchre; New Yorker by "
        "option).", families=NONE)
    moon_bidder_leads: bool = option(
        False, "The moon bidder leads the first trick, whatever first_lead says (New "
        "Yorker).", families=NONE)
    maker_always_alone: bool = option(
        False, "The maker always plays alone against everyone (cutthroat).", families=NONE)
# fmt: on

"""An option's value in words, as a player reads it: ``deck: 24 cards, 9 to A of
each suit`` rather than ``deck = EUCHRE24``, ``stick_the_dealer: no`` rather than
``false``, the deal as ``3-2-3-2, then 2-3-2-3`` rather than a JSON list.

The value comes as pieces (a list's items, a points table's entries), which a line
may break between but never inside (:func:`followsuit.text.layout.flow`). What a
player types stays the option's own notation, listed as ``Allowed`` by
``followsuit rules ID``; this is only how a value in force reads.
"""

from __future__ import annotations

from itertools import groupby
from typing import Any

from ..cards import RANK_CHARS, find_deck
from ..rules import Rules
from ..rules.options import OPTIONS
from ..rules.pitch_points import pitch_categories
from .summary import category_word, count
from .words import SUIT_SYMBOL

BID_ROUNDS = {"single": "one round", "continuous": "rounds until all but one pass"}
CREDIT = {"captor": "who takes it", "holder": "who held it"}

#: The choices whose name does not read as words (with spaces for underscores),
#: by option: what each means, in the words of the option's meaning.
CHOICE_WORDS: dict[str, dict[str, str]] = {
    "partnership": {
        "none": "none, each plays for themselves",
        "pairs_opposite": "partners sitting opposite",
        "called": "a partner called by a card",
    },
    "first_dealer": {
        "random": "at random",
        "first_jack": "the first jack dealt face up",
        "first_black_jack": "the first black jack dealt face up",
    },
    "first_lead": {"eldest": "the dealer's left"},
    "renege_mode": {
        "enforce": "only legal cards are taken",
        "penalize": "reneges taken and penalized at the end of the hand",
    },
    "misdeal_dealer": {"same": "the same dealer", "next": "the next dealer"},
    "euchre_alone_allowed_for": {
        "maker_only": "the maker only",
        "maker_or_partner": "the maker or the maker's partner",
    },
    "euchre_lone_lead": {
        "next_active_left_of_dealer": "the eldest, or the next player who plays",
        "left_of_loner": "the player left of the loner",
    },
    "euchre_alone_timing": {"with_call": "with the call", "after_exchange": "after the exchange"},
    "defend_alone_order": {
        "maker_left": "from the maker's left",
        "dealer_left": "from the dealer's left",
    },
    "be_bid_rounds": BID_ROUNDS,
    "bid_rounds": BID_ROUNDS,
    "be_lone_set_penalty": {"bid": "the bid", "lone_value": "the lone bid's value"},
    "be_both_reach_rule": {"higher_score": "the higher score wins", "bidder": "the bidders win"},
    "nonmaker_tie_break": {
        "continue": "the highest wins, equal scores play on",
        "order_of_points": "the first to reach it in category order",
        "continue_bid_to_go_out": "play on under bid-to-go-out rules",
    },
    "joker_pitched": {
        "spades": "spades are trump",
        "name_suit": "the maker names the suit",
        "forbidden": "a joker may not lead first",
    },
    "category_profile": {
        "classic4": "High, Low, Jack, Game",
        "seed_extended": "the seed's list, with Jick, Trey and the jokers",
    },
    "high_credit": CREDIT,
    "low_credit": CREDIT,
    "high_low_eligibility": {"natural": "the trump suit's own cards", "any_trump": "any trump"},
    "game_tie_rule": {"none": "nobody", "bidder": "the bidder"},
    "joker_order": {
        "fixed": "the big joker beats the little",
        "first_played": "the first played wins",
    },
    "joker_rank": {
        "below_jack_or_jick": "just below the jack (and jick)",
        "lowest_trump": "the lowest trump",
    },
    "moon_rule": {
        "off": "off",
        "auto_win": "every trick and High, Low, Jack, Game wins at once",
        "declared": "declared before the first lead",
    },
    "moon_success": {
        "add_value": "its value added to the score",
        "set_to_target_or_zero": "the score set to the target (or to zero)",
    },
    "oklahoma_deal": {
        "six": "six cards",
        "nine_select": "nine cards, the bidder selecting",
        "nine_draw": "nine cards, with draws",
    },
    "junk_hand_ranks": {"3-9": "3 to 9"},
    "new_yorker_moon_scoring": {"smudge5": "+5 or -5", "win_lose_game": "win or lose the game"},
    "blind_pile_on_first_trick": {"only_if_void": "only when void"},
    "trump_declaration": {"upcard_or_named": "the up card's suit or a suit named"},
}

#: What the numbers of an option count, where the name does not say.
UNITS = {
    "num_players": "players",
    "hand_size": "cards",
    "be_help_exchange_cards": "cards",
    "time_limit_seconds": "seconds",
    "target_score": "points",
    "renege_penalty": "points",
    "loss_threshold": "points",
    "moon_value": "points",
    "five_value": "points",
    "nine_value": "points",
    "base_points": "points",
    "jokers": "jokers",
}

#: The options that list Pitch's scoring categories (named as the summaries name them).
CATEGORY_LISTS = ("category_order", "categories")


def deck_words(name: str) -> list[str]:
    """``24 cards``, ``9 to A of each suit``; ``53 cards``, ``2 to A of each suit``,
    ``a joker``: the deck as a player pictures it, read off its cards."""
    deck = find_deck(name)
    suited = [c.code for c in deck.cards if not c.is_joker]
    ranks = sorted({code[:-1] for code in suited}, key=RANK_CHARS.index)
    span = RANK_CHARS[RANK_CHARS.index(ranks[0]) : RANK_CHARS.index(ranks[-1]) + 1]
    missing = [r for r in span if r not in ranks]
    each = f"{_rank(ranks[0])} to {_rank(ranks[-1])}"
    if missing:
        each += " but the " + " and ".join(f"{_rank(r)}s" for r in missing)
    words = [count(len(deck.cards), "cards"), f"{each} of each suit"]
    if len(suited) > len(set(suited)):
        words.append("twice")
    absent = sorted({r + s for r in ranks for s in "CDHS"} - set(suited))
    if absent:
        words.append("without " + " ".join(_card(code) for code in absent))
    jokers = deck.joker_mask.bit_count()
    if jokers:
        words.append("a joker" if jokers == 1 else f"{jokers} jokers")
    return words


def _rank(char: str) -> str:
    return "10" if char == "T" else char


def _card(code: str) -> str:
    return _rank(code[:-1]) + SUIT_SYMBOL["CDHS".index(code[-1])]


def packets_words(rounds: Any, name: str) -> list[str]:
    """Deal rounds, each a packet per seat: ``3-2-3-2``, ``then 2-3-2-3``; rounds
    alike said once (``1 card each, 6 times``)."""
    if name == "razzle_hand_size":  # rows of (players, cards each, kitty), not rounds
        return ["-".join(map(str, r)) for r in rounds]
    pieces = []
    for packets, same in groupby(tuple(r) for r in rounds):
        times = len(list(same))
        if len(set(packets)) == 1:
            text = count(packets[0], "cards") + " each"
        else:
            text = "-".join(map(str, packets))
        pieces.append(text + {1: "", 2: ", twice"}.get(times, f", {times} times"))
    return [pieces[0], *(f"then {p}" for p in pieces[1:])]


def name_words(name: str, names: Any) -> list[str]:
    """``SMUDGE,BLIND_SMUDGE`` → ``smudge``, ``blind smudge`` (categories as the
    summaries name them: ``High``, ``Off ace``); none → ``none``."""
    if name in CATEGORY_LISTS:
        return [category_word(str(n)) for n in names] or ["none"]
    return [str(n).replace("_", " ").lower() for n in names] or ["none"]


def value_words(rules: Rules, name: str) -> list[str]:
    """The option's value in force, in words, as the pieces a line may break
    between."""
    option = OPTIONS[name]
    value = rules.value(name)
    if value is None:
        return _unset_words(rules, name)
    if option.kind == "bool":
        return ["yes" if value else "no"]
    if name in ("deck", "cutthroat_deck"):
        return deck_words(value)
    if option.kind == "enum":
        return [CHOICE_WORDS.get(name, {}).get(value, str(value).replace("_", " "))]
    if option.kind == "int":
        unit = UNITS.get(name) or ("points" if name.endswith("_points") else "")
        if value == 0 and name == "jokers":
            return ["none"]
        return [count(value, unit) if unit else str(value)]
    if option.kind == "packets":
        return packets_words(value, name)
    if option.kind == "points":
        return [f"{k.replace('_', ' ')} {v}" for k, v in zip(option.keys, value, strict=True)]
    return name_words(name, value)


def _unset_words(rules: Rules, name: str) -> list[str]:
    """An unset option: what it works out to here from the others, or none."""
    s = rules.settings
    if name == "deal_packets":
        return packets_words(rules.packets, name)
    if name == "misdeal_dealer":
        return ["the next dealer after a claim", "the same after a misdeal the engine finds"]
    if name == "dealer_match_levels":
        return ["every number"]
    if name == "categories":
        return name_words(name, pitch_categories(s))
    if name == "max_bid":
        return [str(max((b.value for b in rules.bids if b.kind == "plain"), default=0))]
    if name == "stuck_bid" and rules.bids:
        return [rules.bids[0].label]
    if name == "moon_value" and s.target_score is not None:
        return [count(s.target_score, "points")]
    return ["none"]

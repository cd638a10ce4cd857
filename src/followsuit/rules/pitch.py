"""The Pitch (All Fours) family (RULES.md §3), one declaration per variant id.

``pitch/base`` is abstract: its settings are shared by the 3- and 4-player games
that complete it. A *modifier* (bid-to-go-out, jokers, inversion, …) plays on
``pitch/cutthroat-3p`` and, with ``num_players=4``, by the partnership rules.
"""

from __future__ import annotations

from typing import Any

from .model import Variant
from .options import PITCH

BASE: dict[str, Any] = {
    "family": PITCH,
    "deck": "STD52",
    "hand_size": 6,
    "deal_packets": None,
    "upcard": False,
    "leftover": "stock",
    "calling": "auction",
    "bid_ladder": "pitch",
    "trump_declaration": "pitched",
    "trump_order": "pitch",
    "follow": "follow_or_trump",
    "scoring": "pitch_points",
    "first_lead": "maker",
    "target_score": 11,
    "game_end_policy": "maker_priority",
    "min_bid": 2,
    "max_bid": None,
    "dealer_stuck": True,
    "dealer_may_match": True,
    "moon_bidder_leads": True,
}

#: How a 3-or-4-player modifier plays with four: by the partnership rules.
FOUR_HANDED = {
    4: {
        "partnership": "pairs_opposite",
        "nonmaker_tie_break": "order_of_points",
        "moon_rule": "off",
    }
}
THREE_OR_FOUR = {"num_players": (3, 4)}
POLICIES = {
    "game_end_policy": ("maker_priority", "bid_to_go_out"),
    "trump_declaration": ("pitched", "named"),
}
#: Options that set model fields: the seed's category list counts the jick, which
#: is then a trump (RULES.md P-1); New Yorker's lone moon.
BASE_LINKS = {
    "category_profile": ("jick_is_trump", {"seed_extended": True}),
    "new_yorker_moon_alone": "moon_alone",
}

CUTTHROAT_3P = Variant(
    id="pitch/cutthroat-3p",
    title="Pitch, three players (cutthroat)",
    aliases=("pitch", "pitch-3p", "cutthroat-pitch"),
    settings={
        **BASE,
        "num_players": 3,
        "partnership": "none",
        "moon_rule": "auto_win",
        "nonmaker_tie_break": "continue",
    },
    choices=POLICIES,
    links=BASE_LINKS,
    summary="""\
Three players, each for themselves, 52 cards, six each (in threes); the rest is
not used. One round of bids from the dealer's left: pass, 2, 3 or 4 (min_bid=3 for
the 3-4 version). The dealer may take the bid by equalling it, and must bid the
minimum if everyone passed.

The maker leads, and the suit of that first card is trump. Follow suit or trump: a
trump may always be played; holding the suit led, you may not play another plain
suit. Highest trump wins, else the highest card of the suit led.

Points: High (highest trump in play, to its captor), Low (lowest trump in play, to
the player who held it), Jack (jack of trump, to its captor), Game (most of A4 K3 Q2
J1 T10 captured; a tie scores for nobody). The maker who takes fewer points than the
bid loses the bid. Game to 11: the maker at 11 wins first; else the highest other
player. Taking every trick and all four points wins at once (the moon).""",
)

PARTNERSHIP_4P = Variant(
    id="pitch/partnership-4p",
    title="Pitch, four players in partnerships",
    aliases=("pitch-4p", "partnership-pitch"),
    settings={
        **BASE,
        "num_players": 4,
        "partnership": "pairs_opposite",
        "nonmaker_tie_break": "order_of_points",
        "moon_rule": "off",
    },
    choices=POLICIES,
    links=BASE_LINKS,
    summary="""\
Four players, two teams, partners opposite; otherwise as three-player Pitch: six
each, one round of bids 2-4 (partners may overbid each other, the dealer may take
the bid at an equal level, a stuck dealer bids the minimum), the maker pitches trump
with the first lead, follow suit or trump, High, Low (to the holder), Jack and Game.
Nobody must beat a winning partner; only the follow rule binds. Game to 11, the
making team first.""",
)

BID_TO_GO_OUT = Variant(
    id="pitch/bid-to-go-out",
    title="Pitch, bid to go out",
    parent="pitch/cutthroat-3p",
    settings={"game_end_policy": "bid_to_go_out"},
    choices=THREE_OR_FOUR,
    by_players=FOUR_HANDED,
    summary="""\
Pitch where the game ends only when the maker (or making team) makes its bid and is
then at or over the target; reaching 11 as a defender does not win. Plays on
three-player Pitch, or on the partnership game with num_players=4; on any other Pitch
variant set game_end_policy=bid_to_go_out.""",
)

DISCARD_DRAW = Variant(
    id="pitch/discard-draw",
    title="Pitch with discard and draw",
    parent="pitch/cutthroat-3p",
    settings={"trump_declaration": "named", "discard_draw": True},
    choices=THREE_OR_FOUR,
    by_players=FOUR_HANDED,
    summary="""\
After the bidding the maker names trump; then each player from the dealer's left
discards any number of cards face down and is dealt as many from the stock (pass
keeps the hand). The maker leads any card.""",
)

JOKERS = Variant(
    id="pitch/jokers",
    title="Pitch with jokers",
    parent="pitch/cutthroat-3p",
    settings={"jokers": 2, "deck": "STD54"},
    choices={**THREE_OR_FOUR, "jokers": (1, 2)},
    links={"jokers": ("deck", {1: "STD53", 2: "STD54"})},
    by_players=FOUR_HANDED,
    summary="""\
Pitch with two jokers (jokers=1: one). Each joker is a trump just below the jack,
above the ten (big above little), worth a point to its captor; jokers never count as
High or Low. Bids go up to the points a hand holds (6, or 5 with one joker). A joker
led first makes spades trump (joker_pitched).""",
)

NEBRASKA = Variant(
    id="pitch/nebraska-first-joker",
    title="Pitch with jokers, first joker high (Nebraska)",
    parent="pitch/jokers",
    settings={"jokers": 2, "joker_order": "first_played"},
    fixed=frozenset({"jokers"}),
    summary="""\
Pitch with two jokers where the two rank alike: between the two jokers, the one
played first wins the trick. The first joker played in the hand scores as the big
joker, the other as the little one.""",
)

FIVE_BID = Variant(
    id="pitch/five-bid",
    title="Pitch with the five-point bid",
    parent="pitch/cutthroat-3p",
    settings={"max_bid": 5, "special_bids": ("FIVE",), "dealer_match_levels": ("2", "3", "4")},
    choices=THREE_OR_FOUR,
    by_players=FOUR_HANDED,
    summary="""\
Pitch with a bid of 5 above 4: the bidder (or team) must win every trick and capture
the jack of trump. It scores +5, or -5 if it fails; a hand taking every trick
without bidding 5 scores only its points. The dealer may not take over a bid of 5.""",
)

FIVE_CARD = Variant(
    id="pitch/five-card",
    title="Pitch, the five of trump worth 5",
    parent="pitch/partnership-4p",
    settings={"extra_categories": ("FIVE",), "five_value": 5},
    summary="""\
Partnership Pitch where the five of trump is worth 5 points to its captor. Bids
run from 2 (min_bid=3: from 3) to 9, all the points of a hand.""",
)

NINES_FIVES = Variant(
    id="pitch/nines-fives",
    title="Nines-Fives Pitch",
    parent="pitch/partnership-4p",
    settings={
        "hand_size": 9,
        "extra_categories": ("FIVE", "NINE"),
        "five_value": 5,
        "bid_rounds": "continuous",
        "min_bid": 4,
        "special_bids": ("SMUDGE", "BLIND_SMUDGE"),
        "dealer_match_levels": ("18", "SMUDGE", "BLIND_SMUDGE"),
        "trump_declaration": "named",
        "exchange": "nines_fives",
        "game_end_policy": "bid_to_go_out",
        "target_score": 100,
        "loss_threshold": -100,
    },
    summary="""\
Partnership Pitch with nine cards each. The five of trump is worth 5 and the nine 9,
with High, Low, Jack and Game: 18 in all. Bidding goes round until all but one have
passed: 4 to 18, smudge (all six tricks, 19) and blind smudge (the same before
looking, 20; only as a first call). The dealer may match 18, smudge or blind smudge.

The bidder names trump; everyone discards their non-trumps (more than six trumps:
down to six, shown); the dealer fills the others to six from the stock and takes
the rest to choose six. Six tricks. A team wins by making a bid that brings it to
100; a team at -100 loses.""",
)

JACK_HIGH_LOW = Variant(
    id="pitch/jack-high-low",
    title="Jack High-Low (Setback)",
    parent="pitch/partnership-4p",
    aliases=("setback", "high-low-jack"),
    settings={"discard_draw": False},
    choices={"num_players": (4, 6)},
    fixed=frozenset({"discard_draw"}),
    summary="""\
Partnership Pitch as played in the north-eastern US: dealt in threes, never an
exchange, trump not announced (the high bidder just leads). Four players in two
teams, or six in three teams (partners opposite).""",
)

EIGHT_PLAYER = Variant(
    id="pitch/8-player",
    title="Pitch for eight (four teams)",
    parent="pitch/partnership-4p",
    settings={"num_players": 8, "deck": "STD48_NO3"},
    summary="""\
Eight players in four teams of two (partners opposite), the threes removed so that
all 48 cards are dealt: the ace of trump is always High, the two always Low, and the
jack always in play. Non-making teams reaching 11 together are decided by the order
High, Low, Jack, Game.""",
)

TWO_PLAYER = Variant(
    id="pitch/2-player",
    title="Pitch for two",
    parent="pitch/cutthroat-3p",
    settings={
        "num_players": 2,
        "hand_size": 9,
        "extra_categories": ("FIVE",),
        "five_value": 1,
        "dealer_may_match": False,
        "stuck_bid": 2,
        "two_player_throw_in": True,
        "misdeal_dealer": "same",
        "target_score": 21,
    },
    summary="""\
Two players, nine cards each. The five of trump counts 1 (5 points a hand). The
non-dealer bids first (pass or 2-5); the dealer must bid at least 2 if the non-dealer
passed, and may not take a bid by equalling it. A player whose hand is topped by a
ten or lower may throw it in for a new deal by the same dealer. Game to 21.""",
)

KANSAS = Variant(
    id="pitch/kansas-5-point",
    title="Kansas five-point Pitch",
    parent="pitch/cutthroat-3p",
    aliases=("kansas-pitch",),
    settings={"deck": "STD53", "jokers": 1},
    choices={"num_players": (3, 4, 5, 6, 7, 8), "partnership": ("none", "pairs_opposite")},
    summary="""\
Pitch for 3 to 8 with one joker, a trump between the jack and the ten worth a point
to its captor: High, Low, Jack, Joker, Game (bids up to 5). Low goes to the player
who played it. Each for themselves by default (partnership=pairs_opposite with an
even number). A joker pitched first makes spades trump.""",
)

OKLAHOMA = Variant(
    id="pitch/oklahoma-10-point",
    title="Oklahoma ten-point Pitch",
    parent="pitch/partnership-4p",
    aliases=("ten-point-pitch",),
    settings={
        "deck": "STD54",
        "jokers": 2,
        "jick_is_trump": True,
        "ten_point": True,
        "follow": "trump_only",
        "trump_declaration": "named",
        "exchange": "fill",
        "min_bid": 1,
        "special_bids": ("MOON",),
        "dealer_may_match": False,
        "target_formula": True,
    },
    summary="""\
Partnership Pitch with both jokers, 10 points a hand: the ace, jack, jick (jack of
the same colour, a trump), both jokers, ten and two of trump are worth 1 each, the
three 3; the two goes to the player who played it, the rest to the captor. Trump
order A K Q J jick big-joker little-joker T 9 … 2.

Bids 1-9 or the moon (all 10 points, worth the target either way). The bidder names
trump, everyone discards their non-trumps and is filled to six from the stock; the
dealer takes the rest and keeps six (burning only non-point trumps beyond six, face
up). Only trumps are ever played; a player out of trumps drops out. A team wins at
points × players + 1 (41); the bidding team first.""",
)

OKLAHOMA_52 = Variant(
    id="pitch/oklahoma-10-point-52",
    title="Oklahoma ten-point Pitch to 52",
    parent="pitch/oklahoma-10-point",
    # the moon is worth the target (moon_value unset), so it follows a target set
    # at the table (RULES.md §3, §4.4)
    settings={"target_formula": False, "target_score": 52},
    summary="Ten-point Pitch played to 52; a moon is worth 52.",
)

OKLAHOMA_NINE_SELECT = Variant(
    id="pitch/oklahoma-10-point/nine-card-select",
    title="Oklahoma ten-point Pitch, nine cards, bidder selects",
    parent="pitch/oklahoma-10-point",
    settings={"hand_size": 9, "oklahoma_deal": "nine_select", "misdeal_only_4_to_9": True},
    summary="""\
Ten-point Pitch with nine cards dealt. After trump is named everyone discards
non-trumps; the others are dealt back to six and the bidder takes the whole rest of
the pack, keeps every trump and burns non-point trumps beyond six
(bidder_may_pass_to_partner: surplus trumps may go to the partner). A hand of only
4s to 9s may be thrown in before the bidding.""",
)

OKLAHOMA_NINE_DRAW = Variant(
    id="pitch/oklahoma-10-point/nine-card-draw",
    title="Oklahoma ten-point Pitch, nine cards, draw to six",
    parent="pitch/oklahoma-10-point",
    settings={"hand_size": 9, "oklahoma_deal": "nine_draw"},
    summary="""\
Ten-point Pitch with nine cards dealt: everyone drops their non-trumps and draws
back to six; then the bidder goes through the undealt cards taking trumps until
holding six, the partner does the same with the rest, and any trump left goes to the
bidder. More than six trumps: bury non-point trumps.""",
)

OKLAHOMA_6P = Variant(
    id="pitch/oklahoma-10-point-6p",
    title="Oklahoma ten-point Pitch for six",
    parent="pitch/oklahoma-10-point",
    settings={"num_players": 6, "nonmaker_tie_break": "continue"},
    summary="Ten-point Pitch for six in three teams of two; the target is 61.",
)

MISSOURI = Variant(
    id="pitch/missouri-11-point",
    title="Missouri eleven-point Pitch",
    parent="pitch/oklahoma-10-point",
    settings={"off_ace": True, "fill_recipient": "bidder", "min_bid": 3},
    summary="""\
Ten-point Pitch plus the off-ace (the ace of the same colour), a trump just below
the ace worth 1: 11 points. The bidder, not the dealer, takes the rest of the stock.
Bids 3-10 or the moon (11). Target 45.""",
)

MISSOURI_6P = Variant(
    id="pitch/missouri-11-point-6p",
    title="Missouri eleven-point Pitch for six",
    parent="pitch/missouri-11-point",
    settings={
        "num_players": 6,
        "hand_size": 9,
        "exchange": "discard_three",
        "nonmaker_tie_break": "continue",
    },
    summary="""\
Eleven-point Pitch for six in three teams: nine cards each (all 54 dealt); after
trump is named everyone discards three (non-trumps while possible), no exchange.
Target 67.""",
)

THIRTEEN_POINT = Variant(
    id="pitch/13-point",
    title="Thirteen-point Pitch",
    parent="pitch/oklahoma-10-point",
    settings={"off_trey": True},
    summary="""\
Ten-point Pitch plus the off-three (the three of the same colour), a trump between
the three and the two worth 3: 13 points. Bids 1-12 or the moon. Target 53.""",
)

CALL_YOUR_PARTNER = Variant(
    id="pitch/call-your-partner",
    title="Call-your-partner Pitch",
    parent="pitch/oklahoma-10-point",
    settings={
        "num_players": 5,
        "partnership": "called",
        "call_partner": True,
        "base_points": 10,
        "nonmaker_tie_break": "continue_bid_to_go_out",
    },
    choices={"num_players": (4, 5, 6, 7), "base_points": (10, 13)},
    links={"base_points": ("off_trey", {10: False, 13: True})},
    summary="""\
Ten-point (base_points=13: thirteen-point) Pitch without fixed teams, usually five
players. After the fill the bidder names a trump they do not hold; its holder is the
secret partner, who must play it to the first trick. Bidder and partner pool their
points: each adds them if they reach the bid, each loses the bid otherwise; each
opponent adds the opponents' points. Target points × players + 1.""",
)

RAZZLE_DAZZLE = Variant(
    id="pitch/razzle-dazzle",
    title="Razzle-Dazzle",
    parent="pitch/call-your-partner",
    settings={"exchange": "razzle", "min_bid": 5, "kitty_size": 9},
    choices={"num_players": (5, 6, 7)},
    summary="""\
Call-your-partner Pitch with a kitty: 9 cards and a kitty of 9 for five players (8
and 6 for six, 7 and 5 for seven). The high bidder (bids from 5, or the moon) takes
the kitty, then names trump and burns down to six; everyone else drops their
non-trumps and gets no new cards. Leading to the first trick the bidder calls a card;
whoever plays it is the partner for the hand, and goes down with the bidder.""",
)

NORTHEAST = Variant(
    id="pitch/northeast-deal",
    title="Pitch, Connecticut / Worcester deal",
    parent="pitch/partnership-4p",
    settings={"deal_packets": ((3, 3, 3, 3), (3, 3, 3, 3))},
    fixed=frozenset({"deal_packets"}),
    summary="Partnership Pitch dealt in two packets of three to each player.",
)

WORCESTER = Variant(
    id="pitch/worcester-13-card",
    title="Worcester thirteen-card Pitch",
    parent="pitch/partnership-4p",
    settings={"hand_size": 13, "min_bid": 3, "max_bid": 4, "target_score": 15},
    choices={"partnership": ("pairs_opposite", "none")},
    summary="""\
Four players, all 52 cards dealt (13 each, 13 tricks): the ace, two and jack of
trump are always in play. Bids 3 or 4 only; a stuck dealer bids 3. Game to 15.""",
)

NEW_YORKER = Variant(
    id="pitch/new-yorker",
    title="New Yorker Pitch (partnership auction pitch)",
    parent="pitch/partnership-4p",
    settings={
        "first_dealer": "first_black_jack",
        "special_bids": ("MOON",),
        "max_bid": 4,
        "dealer_may_match": False,
        "trump_declaration": "named",
        "exchange": "new_yorker",
        "first_lead": "eldest",
        "trump_lead_must_follow": False,
        "low_credit": "captor",
        "new_yorker_junk_hand": True,
        "target_score": 15,
    },
    summary="""\
Partnership Pitch dealt like Euchre (the first black jack deals). A first hand of
only 3s-9s may be laid down for six new cards. One round of bids: 2, 3, 4 or the
moon (every trick and High, Low, Jack, Game: +5/-5). The bidder names trump; then
each player discards unwanted non-trumps and is dealt back to six (a moon bidder is
not dealt again). The dealer's left leads (a moon bidder leads). Trump may always be
played, whatever was led; the only renege is a wrong plain suit. Low goes to its
captor. Game to 15.""",
)

BLIND = Variant(
    id="pitch/blind",
    title="Blind Pitch",
    parent="pitch/partnership-4p",
    settings={
        "deck": "BLIND44",
        "hand_size": 8,
        "piles": 3,
        "deal_packets": ((3, 3, 3, 3), (2, 2, 2, 2), (3, 3, 3, 3)),
        "jokers": 2,
        "joker_order": "first_played",
        "joker_rank": "lowest_trump",
        "follow": "blind_pitch",
        "dealer_may_match": False,
        "target_score": 15,
    },
    summary="""\
Four players in teams, 44 cards (no 3s, 4s or red 5s; two jokers, the lowest
trumps, the first played winning between them). Each player has 8 cards in hand and
a face-down pile of 3 that nobody may look at. Bids 2-6. The maker's first card,
from the hand, pitches trump. After the first trick a player holding the suit led
may follow, trump, or play the top card of the pile unseen; a void player may play
anything, hand or pile. Points: High, Low, Jack, Game and a point per joker. 11
tricks. Game to 15; the bidders win if both teams get there.""",
)

BLIND_6P = Variant(
    id="pitch/blind-6p",
    title="Blind Pitch for six",
    parent="pitch/blind",
    settings={
        "num_players": 6,
        "deck": "STD54",
        "hand_size": 6,
        "deal_packets": ((2,) * 6, (2,) * 6, (2,) * 6),
    },
    summary="Blind Pitch for six in three teams with all 54 cards: 6 in hand, 3 in the pile.",
)

INVERSION = Variant(
    id="pitch/inversion",
    title="Inversion Pitch",
    parent="pitch/cutthroat-3p",
    settings={"trick_mode": "lowest"},
    choices=THREE_OR_FOUR,
    by_players=FOUR_HANDED,
    summary="""\
Pitch where the lowest card takes each trick: the lowest trump if any was played,
else the lowest card of the suit led. High, Low, Jack and Game count as usual (High
to its captor).""",
)

VARIANTS = (
    CUTTHROAT_3P,
    PARTNERSHIP_4P,
    BID_TO_GO_OUT,
    DISCARD_DRAW,
    JOKERS,
    NEBRASKA,
    FIVE_BID,
    FIVE_CARD,
    NINES_FIVES,
    JACK_HIGH_LOW,
    EIGHT_PLAYER,
    TWO_PLAYER,
    KANSAS,
    OKLAHOMA,
    OKLAHOMA_52,
    OKLAHOMA_NINE_SELECT,
    OKLAHOMA_NINE_DRAW,
    OKLAHOMA_6P,
    MISSOURI,
    MISSOURI_6P,
    THIRTEEN_POINT,
    CALL_YOUR_PARTNER,
    RAZZLE_DAZZLE,
    NORTHEAST,
    WORCESTER,
    NEW_YORKER,
    BLIND,
    BLIND_6P,
    INVERSION,
)

"""The Bid Euchre family (RULES.md §2B), one declaration per variant id."""

from __future__ import annotations

from .model import Variant
from .options import BID_EUCHRE

STANDARD = Variant(
    id="bid-euchre/standard",
    title="Bid Euchre",
    aliases=("bid-euchre",),
    settings={
        "family": BID_EUCHRE,
        "num_players": 4,
        "partnership": "pairs_opposite",
        "deck": "EUCHRE24",
        "hand_size": 6,
        "deal_packets": ((1, 1, 1, 1),) * 6,
        "upcard": False,
        "calling": "auction",
        "bid_ladder": "bid_euchre",
        "trump_declaration": "named",
        "trump_order": "euchre",
        "follow": "must_follow",
        "scoring": "bid_euchre_tricks",
        "first_lead": "bidder",
        "target_score": 32,
        "game_end_policy": "first_to_target",
        "stuck_bid": 3,
        "dealer_may_match": False,
        "moon_alone": True,
    },
    choices={"game_end_policy": ("first_to_target",), "first_lead": ("bidder", "eldest")},
    summary="""\
Four players, two teams, partners opposite; 24 cards, six each dealt one at a time,
no kitty.

Bidding: one round from the dealer's left, each player passes or bids more than the
current bid: 3, 4, 5, six with help, or the moon (all six alone). Partners may
overbid each other. If everyone passes the deal moves left (dealer_stuck: the dealer
must bid). The winning bidder names trump.

Six with help: the bidder gives the partner one card face down and gets the
partner's best trump back; the partner then sits out. Moon: the partner sits out,
no exchange. Ranking as in Euchre (right and left bowers).

The bidder leads; follow suit if you can. Each team scores a point per trick; a
team that takes fewer tricks than its bid loses the bid instead. Six with help
scores 12, the moon 24, a failed lone bid -6. First team to 32 wins.""",
)

STICK_THE_DEALER = Variant(
    id="bid-euchre/stick-the-dealer",
    title="Bid Euchre, stick the dealer",
    parent="bid-euchre/standard",
    settings={"dealer_stuck": True, "stuck_bid": 3},
    summary="""\
Bid Euchre where the dealer may not pass when everyone else has: the dealer must bid
at least 3 (any bid, the lone bids included) and name trump.""",
)

ACE_NO_FACE = Variant(
    id="bid-euchre/ace-no-face",
    title="Bid Euchre, Ace No Face",
    parent="bid-euchre/standard",
    settings={"ace_no_face": True},
    summary="""\
Bid Euchre where, right after the deal, a player whose hand holds at least one ace
and no face card (J, Q, K; jacks count, bowers or not) may declare "Ace No Face":
the cards are thrown in and the deal passes to the left. The claim is optional;
each qualifying player is asked in bidding order (ace_no_face_rule=exactly_one_ace
asks only hands with exactly one ace).""",
)

JOKER = Variant(
    id="bid-euchre/joker",
    title="Bid Euchre with the joker",
    parent="bid-euchre/standard",
    settings={"deck": "EUCHRE25", "dealer_extra_card": True},
    summary="""\
Bid Euchre with a joker: 25 cards, the dealer gets a seventh card (the last one
dealt) and discards one face down, before the bidding (be_joker_discard_timing
=after_trump: right after trump is named). Any card may be discarded, the joker
too. The joker is always the highest trump, above the right bower; it is the best
trump a partner must give for six with help.""",
)

DOUBLE_DECK = Variant(
    id="bid-euchre/double-deck",
    title="Double-deck Bid Euchre",
    parent="bid-euchre/standard",
    aliases=("double-deck-bid-euchre",),
    settings={
        "deck": "DOUBLE48",
        "hand_size": 12,
        "deal_packets": ((3, 3, 3, 3),) * 4,
        "be_plain_six_allowed": True,
        "be_help_points": 24,
        "be_moon_points": 48,
        "target_score": 52,
    },
    summary="""\
Bid Euchre with two copies of every card: 48 cards, twelve each (in threes). Bids
3 to 12, twelve with help, the moon. When two identical cards fall in one trick the
one played first wins. Twelve with help scores 24, the moon 48, a failed lone bid
-12. First team to 52 wins.""",
)

VARIANTS = (STANDARD, STICK_THE_DEALER, ACE_NO_FACE, JOKER, DOUBLE_DECK)

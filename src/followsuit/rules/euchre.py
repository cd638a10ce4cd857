"""The Euchre family (RULES.md §2A), one declaration per variant id."""

from __future__ import annotations

from .model import Variant
from .options import EUCHRE

AMERICAN = Variant(
    id="euchre/american",
    title="Euchre, American rules",
    aliases=("euchre", "american-euchre"),
    settings={
        "family": EUCHRE,
        "num_players": 4,
        "partnership": "pairs_opposite",
        "deck": "EUCHRE24",
        "hand_size": 5,
        "deal_packets": ((3, 2, 3, 2), (2, 3, 2, 3)),
        "upcard": True,
        "calling": "euchre_two_round",
        "trump_order": "euchre",
        "follow": "must_follow",
        "trick_mode": "highest",
        "scoring": "euchre_table",
        "first_lead": "eldest",
        "target_score": 10,
        "game_end_policy": "first_to_target",
    },
    choices={"game_end_policy": ("first_to_target", "timed")},
    summary="""\
Four players, two teams, partners opposite. 24 cards (9 to A), five each; the next
card is turned up, the other three stay hidden and unused.

Making trump. Round 1: from the dealer's left, each player passes or orders up the
up card's suit (the dealer "picks it up"); the dealer then takes the up card and
discards one. Round 2: if all pass, the up card is turned down and each player may
name one of the other three suits, or pass. If everyone passes twice the hand is
thrown in and the deal moves left (stick_the_dealer: the dealer must name a suit).
Whoever makes trump may go alone in the same breath; the partner then sits out.

Ranking. Trump: right bower (J of trump) > left bower (J of the same colour, which
is a trump for every purpose) > A K Q T 9. Other suits A K Q J T 9.

Play. The player left of the dealer leads (skipping a partner who sits out). Follow
the effective suit led if you can, otherwise play anything. Highest trump wins, else
the highest card of the suit led; the winner leads next.

Scoring. Makers with 3 or 4 tricks: 1; all 5: 2; all 5 alone: 4. Makers with fewer
than 3 are euchred: the defenders score 2. First team to 10 wins.""",
)

BRITISH = Variant(
    id="euchre/british",
    title="British Euchre (with the Benny)",
    parent="euchre/american",
    aliases=("british-euchre",),
    settings={
        "deck": "EUCHRE25",
        "joker_upcard": True,
        "british_dealer_partner_must_go_alone": True,
        "target_score": 11,
    },
    summary="""American Euchre with a joker (the Benny) added: 25 cards. The joker is the highest
trump, above the right bower, and belongs to the trump suit for every purpose.

If the joker is turned up there is no first calling round: the dealer names any suit
as trump (before looking at the hand; british_joker_upcard_choose_blind), may go
alone, takes the joker and discards one. The dealer's team are the makers.

In round 1 the dealer's partner may order up only by going alone. Game to 11;
scoring and play as in American Euchre.""",
)

LONG = Variant(
    id="euchre/long",
    title="Euchre, long game (to 15)",
    parent="euchre/american",
    aliases=("long-euchre",),
    settings={"target_score": 15},
    summary="""American Euchre played to 15 points instead of 10. For long British Euchre play
euchre/british with target_score=15.""",
)

TIMED = Variant(
    id="euchre/timed",
    title="Euchre, timed game",
    parent="euchre/american",
    aliases=("timed-euchre",),
    settings={"game_end_policy": "timed", "target_score": None},
    choices={"game_end_policy": ("timed",)},
    summary="""American Euchre played against the clock: the players choose time_limit_seconds.
When the time is up (the table event time-up, supplied by the host), the current
hand is finished and the team with more points wins; with equal scores further
hands are played until the scores differ. With timed_also_target a point target
(10, or target_score) ends the game too. For timed British Euchre play
euchre/british with game_end_policy=timed.""",
)

CUTTHROAT = Variant(
    id="euchre/cutthroat",
    title="Cutthroat Euchre (three players)",
    parent="euchre/american",
    aliases=("cutthroat-euchre", "three-handed-euchre"),
    settings={
        "num_players": 3,
        "partnership": "none",
        "deck": "EUCHRE20",
        "deal_packets": ((3, 2, 3), (2, 3, 2)),
        "scoring": "cutthroat_table",
        "maker_always_alone": True,
    },
    links={"cutthroat_deck": "deck"},
    fixed=frozenset(
        {
            "euchre_alone_allowed_for",
            "euchre_alone_timing",
            "euchre_lone_lead",
            "defend_alone",
            "defend_alone_euchre_points",
            "euchre_points",
            "super_euchre",
            "british_dealer_partner_must_go_alone",
        }
    ),
    summary="""Three players, each for themselves, with 20 cards (the nines removed;
cutthroat_deck=EUCHRE24 keeps them). Five cards each, the 16th card turned up.

Calling is as in American Euchre; when the up card is ordered up the dealer takes it
and discards, even as an opponent of the maker. The maker always plays alone against
the other two, who play together for the hand; there is no separate alone call.

Scoring: maker 3 or 4 tricks: 1; all 5: 3; fewer than 3: each opponent scores 2.
Game to 10; if two players pass 10 together the higher score wins, and equal scores
play on.""",
)

VARIANTS = (AMERICAN, BRITISH, LONG, TIMED, CUTTHROAT)

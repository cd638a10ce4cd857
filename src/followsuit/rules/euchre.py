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
    choices={"game_end_policy": ("first_to_target",)},
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

VARIANTS = (AMERICAN,)

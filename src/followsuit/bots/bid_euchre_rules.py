"""A rule-based Bid Euchre player.

It bids the tricks its hand and an average partner can take (and the lone bids
only on near-certain hands), names its best suit, gives away its weakest card in a
help exchange, and plays like the Euchre bot (the play rules are the same).
"""

from __future__ import annotations

from ..cards import bits
from ..engine import actions as A
from ..engine.observation import Observation
from ..engine.program import program_for
from .base import forced
from .euchre_rules import EuchreRulesBot, estimate

#: Tricks an average partner adds to a partnership bid.
PARTNER_TRICKS = 1.3
MOON_AT = 5.6
HELP_AT = 4.9


class BidEuchreRulesBot(EuchreRulesBot):
    name = "rules"

    def choose(self, obs: Observation) -> int:
        only = forced(obs)
        if only is not None:
            return only
        legal = obs.legal_actions
        first = legal[0]
        if A.CLAIM_MISDEAL in legal:
            return A.CLAIM_MISDEAL  # only weak hands qualify
        if A.is_play(first):
            return self._play(obs)
        if A.cards_of(first):
            return self._give(obs) if A.is_give(first) else self._extra_discard(obs)
        if A.verb_of(first) is A.TRUMP_VERB:
            return A.trump(self._best_suit(obs, obs.hand)[0])
        return self._bid(obs)

    def _best_suit(self, obs: Observation, hand: int) -> tuple[int, float]:
        ests = [(suit, estimate(obs, hand, suit)) for suit in range(4)]
        return max(ests, key=lambda se: se[1])

    def _bid(self, obs: Observation) -> int:
        legal = obs.legal_actions
        bids = program_for(obs.rules).bids
        _, mine = self._best_suit(obs, obs.hand)
        total = obs.rules.settings.hand_size
        scale = total / 6  # double deck: twice the tricks
        wanted: int | None = None
        for a in legal:
            if a == A.PASS:
                continue
            bid = bids[A.bid_of(a)]
            if (
                (bid.kind == "moon" and mine >= MOON_AT * scale)
                or (bid.kind == "help" and mine >= HELP_AT * scale)
                or (bid.kind == "plain" and bid.value <= mine + PARTNER_TRICKS * scale)
            ):
                wanted = a
        if wanted is None:
            return A.PASS if A.PASS in legal else min(a for a in legal if a != A.PASS)
        # do not overbid a partner without real extra strength
        partner = None if obs.seat is None else obs.rules.partners[obs.seat]
        if A.PASS in legal and partner is not None and obs.maker == partner:
            bid = bids[A.bid_of(wanted)]
            if bid.kind == "plain" and bid.value < total - 1:
                return A.PASS
        return wanted

    def _extra_discard(self, obs: Observation) -> int:
        """Drop the card whose loss costs the hand's best suit the least."""
        best, best_est = obs.legal_actions[0], -1.0
        for a in obs.legal_actions:
            rest = obs.hand & ~A.cards_of(a)
            if obs.trump is not None:
                est = estimate(obs, rest, obs.trump)
            else:
                est = self._best_suit(obs, rest)[1]
            if est > best_est:
                best, best_est = a, est
        return best

    def _give(self, obs: Observation) -> int:
        """Bidder: give the weakest card; partner: the legal give with the most
        trump power (the rules already force the best trumps)."""
        table = obs.table
        if obs.seat == obs.maker:
            return min(
                obs.legal_actions,
                key=lambda a: sum(
                    (100 if table.eff[c] == obs.trump else 0) + table.power[c]
                    for c in bits(A.cards_of(a))
                ),
            )
        return max(
            obs.legal_actions,
            key=lambda a: sum(table.power[c] for c in bits(A.cards_of(a))),
        )

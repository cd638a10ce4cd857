"""A sound rule-based Euchre player.

It calls trump on real strength (an estimate of the tricks its hand takes under
each trump, counting the up card's effect), goes alone only on near-certain hands,
leads trump as a maker, keeps its bowers for tricks that need them, and plays low
when its partner is already winning. It reads only its observation.
"""

from __future__ import annotations

from ..cards import bits
from ..engine import actions as A
from ..engine.observation import Observation
from ..engine.program import program_for
from ..engine.tricks import TrumpTable
from .base import forced

#: Expected tricks of the k-th highest trump (right bower first; joker first when
#: the deck has one, which pushes the rest down one place).
TRUMP_VALUE = (1.0, 0.92, 0.8, 0.62, 0.5, 0.4, 0.34, 0.3, 0.28)
ORDER_AT = 2.15
ALONE_AT = 4.3


class EuchreRulesBot:
    """Heuristic Euchre: strength-based calls, sensible leads and follows."""

    name = "rules"

    def __init__(
        self, order_at: float = ORDER_AT, alone_at: float = ALONE_AT, *, sound: bool = True
    ):
        """``sound``: the trump-count checks on every call and the sure-tricks
        loner (the ``easy`` level); without them it is the first rules bot,
        ``rules-v1``, kept to measure against."""
        self.order_at = order_at
        self.alone_at = alone_at
        self.sound = sound

    def choose(self, obs: Observation) -> int:
        only = forced(obs)
        if only is not None:
            return only
        legal = obs.legal_actions
        if A.is_play(legal[0]):
            return self._play(obs)
        if A.is_discard(legal[0]):
            return self._discard(obs)
        if A.ALONE in legal or A.DEFEND_ALONE in legal:
            return self._alone(obs)
        return self._call(obs)

    # ------------------------------------------------------------ calling

    def _thresholds(self, obs: Observation) -> tuple[float, float]:
        """(call, alone) thresholds: a cutthroat maker has no partner's tricks."""
        if obs.rules.settings.maker_always_alone:
            return self.order_at + 0.75, self.alone_at
        return self.order_at, self.alone_at

    def _call(self, obs: Observation) -> int:
        legal = set(obs.legal_actions)
        seat = obs.seat
        assert seat is not None and obs.upcard is not None
        deck = obs.rules.deck
        order_at, alone_at = self._thresholds(obs)
        if obs.hand_hidden:  # naming trump blind: any suit is as good as another
            return min(legal)
        if A.ORDER_UP in legal or A.ORDER_UP_ALONE in legal:
            suit = deck.suit[obs.upcard]
            est = self._estimate_order(obs, suit)
            hand = obs.hand | (1 << obs.upcard if seat == obs.dealer else 0)
            if A.ORDER_UP_ALONE in legal and (est >= alone_at or self._cold(obs, hand, suit)):
                return A.ORDER_UP_ALONE
            if A.ORDER_UP in legal and est >= order_at and self._enough(obs, hand, suit, True):
                return A.ORDER_UP
            if A.PASS not in legal:
                return A.ORDER_UP if A.ORDER_UP in legal else A.ORDER_UP_ALONE
            return A.PASS
        best_suit, best = -1, -1.0
        for suit in range(4):
            if A.call(suit) in legal:
                est = estimate(obs, obs.hand, suit)
                if est > best:
                    best_suit, best = suit, est
        cold = self._cold(obs, obs.hand, best_suit)
        if A.call(best_suit, alone=True) in legal and (best >= alone_at or cold):
            return A.call(best_suit, alone=True)
        if A.PASS not in legal or (
            best >= order_at - 0.1 and self._enough(obs, obs.hand, best_suit, False)
        ):
            return A.call(best_suit)
        return A.PASS

    def _enough(self, obs: Observation, hand: int, suit: int, first_round: bool) -> bool:
        """The trump count a call needs, whatever the estimate says: three trumps,
        or two with a bower and an off-suit ace (the calls that lost most often
        on two trumps or fewer). Ordering the up card to the opposing dealer gives
        them a trump: that takes three, one of them a bower or the ace."""
        if not self.sound:
            return True
        table = _table(obs, suit)
        seat = obs.seat
        assert seat is not None
        trumps = [c for c in bits(hand) if table.trump_mask >> c & 1]
        top = sorted(bits(table.trump_mask), key=lambda c: -table.power[c])
        high = set(top[:3] if obs.rules.deck.joker_mask else top[:2])
        bower = any(c in high for c in trumps)
        deck = obs.rules.deck
        off_ace = any(deck.rank[c] == 14 and not table.trump_mask >> c & 1 for c in bits(hand))
        opposing_dealer = (
            first_round and seat != obs.dealer and obs.rules.partners[seat] != obs.dealer
        )
        if opposing_dealer:
            return len(trumps) >= 3 and any(c in set(top[:4]) for c in trumps)
        if seat == obs.dealer and first_round:
            hand_after = len(trumps)  # the up card counted, one card to discard
            return hand_after >= 3 or (hand_after == 2 and bower and off_ace)
        return len(trumps) >= 3 or (len(trumps) == 2 and bower and off_ace)

    def _cold(self, obs: Observation, hand: int, suit: int) -> bool:
        """A loner on sure tricks: the top three trumps in an unbroken run, and
        the other cards trumps, aces or kings."""
        if not self.sound:
            return False
        table = _table(obs, suit)
        top = sorted(bits(table.trump_mask), key=lambda c: -table.power[c])
        run = 0
        for c in top:
            if not hand >> c & 1:
                break
            run += 1
        if run < 3:
            return False
        deck = obs.rules.deck
        rest = [c for c in bits(hand) if not table.trump_mask >> c & 1]
        if obs.seat == obs.dealer and hand.bit_count() > obs.rules.settings.hand_size:
            rest = sorted(rest, key=lambda c: deck.rank[c])[1:]  # the discard goes
        return all(deck.rank[c] >= 13 for c in rest)

    def _estimate_order(self, obs: Observation, suit: int) -> float:
        """Tricks this hand expects if the up card's suit is trump, counting who
        gets the up card."""
        assert obs.seat is not None and obs.upcard is not None
        up = 1 << obs.upcard
        table = _table(obs, suit)
        if obs.seat == obs.dealer:
            hand = obs.hand | up
            return max(estimate(obs, hand & ~(1 << c), suit) for c in bits(hand))
        up_value = _trump_rank_value(table, obs.upcard)
        base = estimate(obs, obs.hand, suit)
        if obs.rules.partners[obs.seat] == obs.dealer:
            return base + 0.35 * up_value + 0.1
        return base - 0.35 * up_value - 0.1

    def _alone(self, obs: Observation) -> int:
        legal = obs.legal_actions
        assert obs.trump is not None
        est = estimate(obs, obs.hand, obs.trump)
        if A.ALONE in legal:
            cold = self._cold(obs, obs.hand, obs.trump)
            return A.ALONE if est >= self.alone_at or cold else A.PARTNER
        return A.DEFEND_ALONE if est >= self.alone_at + 0.3 else A.PARTNER

    def _discard(self, obs: Observation) -> int:
        trump = obs.trump
        assert trump is not None
        best, best_est = obs.legal_actions[0], -1.0
        for a in obs.legal_actions:
            est = estimate(obs, obs.hand & ~A.cards_of(a), trump)
            if est > best_est:
                best, best_est = a, est
        return best

    # --------------------------------------------------------------- play

    def _play(self, obs: Observation) -> int:
        legal = list(obs.legal_actions)
        table = obs.table
        seat = obs.seat
        assert seat is not None and obs.trump is not None
        if not obs.trick:
            return self._lead(obs, legal, table)
        led = table.eff[obs.trick[0][1]]
        keys = table.keys[led]
        winning = obs.winning
        assert winning is not None
        win_seat, win_card = winning
        partner = obs.rules.partners[seat]
        last = _is_last(obs)
        if partner is not None and win_seat == partner and (last or _is_boss(obs, win_card, table)):
            return _lowest(legal, table)
        winners = [c for c in legal if keys[c] > keys[win_card]]
        if winners:
            following = [c for c in winners if table.eff[c] == led]
            if following and not last and led != obs.trump:
                top = max(following, key=lambda c: table.power[c])
                if _is_boss(obs, top, table):
                    return top
            return min(winners, key=lambda c: keys[c])
        return _lowest(legal, table)

    def _lead(self, obs: Observation, legal: list[int], table: TrumpTable) -> int:
        seat = obs.seat
        assert seat is not None and obs.maker is not None and obs.trump is not None
        trumps = [c for c in legal if table.eff[c] == obs.trump]
        makers = obs.maker == seat or obs.rules.partners[obs.maker] == seat
        if trumps and makers:
            top = max(trumps, key=lambda c: table.power[c])
            if _is_boss(obs, top, table):
                return top
            if obs.maker == seat and len(trumps) >= 2:
                return min(trumps, key=lambda c: table.power[c])
        plain = [c for c in legal if table.eff[c] != obs.trump]
        bosses = [c for c in plain if _is_boss(obs, c, table)]
        if bosses:
            return max(bosses, key=lambda c: table.power[c])
        if plain:
            # low from the shortest side suit, to make a void for trumping
            def short_low(c: int) -> tuple[int, int]:
                suit_len = sum(1 for d in plain if table.eff[d] == table.eff[c])
                return suit_len, table.power[c]

            return min(plain, key=short_low)
        return max(trumps, key=lambda c: table.power[c])


# ------------------------------------------------------------------- helpers


def _table(obs: Observation, trump: int) -> TrumpTable:
    return program_for(obs.rules).tables[trump]


def _trump_rank_value(table: TrumpTable, card: int) -> float:
    if not table.trump_mask >> card & 1:
        return 0.0
    higher = sum(1 for c in bits(table.trump_mask) if table.power[c] > table.power[card])
    return TRUMP_VALUE[min(higher, len(TRUMP_VALUE) - 1)]


def estimate(obs: Observation, hand: int, trump: int) -> float:
    """Expected tricks of ``hand`` alone with ``trump`` as trump (a rough count)."""
    table = _table(obs, trump)
    all_trumps = sorted(bits(table.trump_mask), key=lambda c: -table.power[c])
    est = 0.0
    rank = {}
    pos = 0
    for c in all_trumps:
        if c in rank:
            continue
        rank[c] = pos
        pos += 1
    mine = [c for c in bits(hand) if table.trump_mask >> c & 1]
    for c in mine:
        est += TRUMP_VALUE[min(rank[c], len(TRUMP_VALUE) - 1)]
    if len(mine) >= 3:
        est += 0.2 * (len(mine) - 2)
    deck = obs.rules.deck
    for suit in range(4):
        if suit == trump:
            continue
        cards = [c for c in bits(hand & table.suit_mask[suit])]
        if not cards:
            if len(mine) >= 2:
                est += 0.25
            continue
        ranks = sorted((deck.rank[c] for c in cards), reverse=True)
        if ranks[0] == 14:
            est += 0.75 if len(cards) <= 3 else 0.5
            if len(ranks) > 1 and ranks[1] == 13:
                est += 0.3
        elif ranks[0] == 13 and len(cards) >= 2:
            est += 0.15
    return est


def _is_last(obs: Observation) -> bool:
    n = obs.rules.num_players
    active = n - obs.sitting_out.bit_count()
    return len(obs.trick) == active - 1


def _is_boss(obs: Observation, card: int, table: TrumpTable) -> bool:
    """No unseen card of the same effective suit outranks ``card``."""
    suit = table.eff[card]
    others = obs.unseen() & table.suit_mask[suit]
    return all(table.power[c] <= table.power[card] for c in bits(others))


def _lowest(legal: list[int], table: TrumpTable) -> int:
    """The cheapest card to give up: a low plain card, a trump only if forced."""
    trump = table.trump
    return min(legal, key=lambda c: (table.eff[c] == trump, table.power[c]))

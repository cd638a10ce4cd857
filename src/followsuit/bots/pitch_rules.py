"""A rule-based Pitch player for every variant of the family.

It values a hand by the points its variant's categories give (High, Low, Jack,
Game, or the 10-point family's point cards, jokers, fives, nines …), bids what it
expects to take with an average partner, pitches or names its best suit, protects
its Jack and point cards (no cheap losses), captures points when it can win
cheaply, and gives points to a partner who is winning the trick. It reads only
its observation.
"""

from __future__ import annotations

from ..cards import RANK_CHARS, SUIT_CHARS, bits
from ..engine import actions as A
from ..engine.observation import Observation
from ..engine.program import program_for
from ..engine.tricks import TrumpTable
from ..rules.pitch_points import GAME_VALUE, category_value, fixed_card
from .base import forced


class PitchRulesBot:
    """Heuristic Pitch: point-counting bids, point-aware play."""

    name = "rules"

    def __init__(self, *, sound: bool = True):
        """``sound``: bid below the expected points by a margin that grows with
        the points a hand holds (the first rules bot, ``rules-v1``, bid its whole
        estimate and was set in nearly half its Nines-Fives contracts)."""
        self.sound = sound

    def choose(self, obs: Observation) -> int:
        only = forced(obs)
        if only is not None:
            return only
        legal = list(obs.legal_actions)
        if A.CLAIM_MISDEAL in legal:
            return A.CLAIM_MISDEAL  # only weak hands are offered a new deal
        if A.DECLARE_MOON in legal:
            return A.PASS
        if obs.phase == "auction":
            return self._bid(obs, legal)
        if all(A.verb_of(a) is A.TRUMP_VERB for a in legal):
            return A.trump(best_suit(obs, obs.hand)[0])
        if any(A.verb_of(a) is A.CALL_PARTNER_VERB for a in legal):
            return self._call_partner(obs, legal)
        if any(A.cards_of(a) for a in legal):
            return self._discard(obs, legal)
        if A.PASS in legal:
            return A.PASS
        return self._play(obs, legal)

    # ---------------------------------------------------------------- bidding

    def _bid(self, obs: Observation, legal: list[int]) -> int:
        prog = program_for(obs.rules)
        _, expected = best_suit(obs, obs.hand)
        if obs.rules.sides and len(obs.rules.sides[0]) == 2:
            expected += 0.2 * prog.points_total  # an average partner's share
        if self.sound and prog.points_total > 4:
            expected -= 0.12 * prog.points_total  # the estimate is optimistic
        best = None
        for a in legal:
            if a == A.PASS:
                continue
            bid = prog.bids[A.bid_of(a)]
            plain_ok = bid.kind == "plain" and bid.value <= expected
            moon_ok = bid.kind == "moon" and expected >= prog.points_total - 0.3
            if plain_ok or moon_ok:
                best = a
        if best is not None:
            return best
        if A.PASS in legal:
            return A.PASS
        return min(a for a in legal if a != A.PASS)  # a stuck dealer bids the least

    def _call_partner(self, obs: Observation, legal: list[int]) -> int:
        """Call the strongest trump not in hand: its holder helps most."""
        table = obs.table
        calls = [a for a in legal if A.verb_of(a) is A.CALL_PARTNER_VERB]
        return max(calls, key=lambda a: table.power[A.card_of(a)])

    def _discard(self, obs: Observation, legal: list[int]) -> int:
        """Keep trumps and point cards; drop the rest (or the least valuable)."""
        table = obs.table
        trump = obs.trump
        deck = obs.rules.deck

        def keep_value(mask: int) -> float:
            rest = obs.hand & ~mask
            value = 0.0
            for c in bits(rest):
                if trump is not None and table.eff[c] == trump:
                    value += 10 + table.power[c] / 10
                else:
                    value += GAME_VALUE.get(deck.rank[c], 0) / 10
            return value

        options = [a for a in legal if A.cards_of(a)] + ([A.PASS] if A.PASS in legal else [])
        return max(options, key=lambda a: keep_value(A.cards_of(a)))

    # ------------------------------------------------------------------ play

    def _play(self, obs: Observation, legal: list[int]) -> int:
        cards = [a for a in legal if A.is_play(a)]
        pile = A.PLAY_PILE in legal
        if obs.trump is None:  # the opening lead pitches trump
            suit, _ = best_suit(obs, obs.hand)
            table = program_for(obs.rules).tables[suit]
            in_suit = [c for c in cards if obs.rules.deck.suit[c] == suit]
            if in_suit:
                return max(in_suit, key=lambda c: table.power[c])
            return cards[0] if cards else legal[0]
        table = obs.table
        if not cards:
            return A.PLAY_PILE
        if not obs.trick:
            return self._lead(obs, cards, table)
        led = table.eff[obs.trick[0][1]]
        keys = table.keys[led]
        winning = obs.winning
        assert winning is not None
        win_seat, win_card = winning
        partner_winning = _partners(obs, obs.seat, win_seat)
        last = len(obs.trick) == len(obs.trick_order) - 1 if obs.trick_order else False
        if partner_winning and (last or _safe(obs, win_card, table)):
            return max(cards, key=lambda c: (points_of(obs, c), -_cost(obs, c)))
        winners = [c for c in cards if keys[c] > keys[win_card]]
        at_stake = sum(points_of(obs, c) for _, c in obs.trick)
        if winners and (at_stake > 0 or last or len(obs.trick) >= 1):
            cheap = min(winners, key=lambda c: (_cost(obs, c), keys[c]))
            if not last and not _safe(obs, cheap, table):
                top = max(winners, key=lambda c: keys[c])
                if _safe(obs, top, table) or at_stake >= 2:
                    return top
            return cheap
        if pile and not partner_winning:
            return A.PLAY_PILE  # nothing to win with: let the pile take the loss
        return min(cards, key=lambda c: (points_of(obs, c), _cost(obs, c)))

    def _lead(self, obs: Observation, cards: list[int], table: TrumpTable) -> int:
        trumps = [c for c in cards if table.eff[c] == obs.trump]
        makers = obs.maker is not None and _partners(obs, obs.seat, obs.maker)
        if trumps:
            top = max(trumps, key=lambda c: table.power[c])
            if _safe(obs, top, table) and (makers or points_of(obs, top) == 0):
                return top
        plain = [c for c in cards if table.eff[c] != obs.trump]
        bosses = [c for c in plain if _safe(obs, c, table)]
        if bosses:
            return max(bosses, key=lambda c: table.power[c])
        if plain:
            return min(plain, key=lambda c: (points_of(obs, c), table.power[c]))
        return min(trumps, key=lambda c: (points_of(obs, c), table.power[c]))


# ------------------------------------------------------------------ valuation


def best_suit(obs: Observation, hand: int) -> tuple[int, float]:
    """The suit whose trump gives this hand the most expected points."""
    prog = program_for(obs.rules)
    scored = [(suit, expected_points(obs, hand, suit)) for suit in range(4)]
    if prog.rules.settings.trump_declaration == "pitched":
        deck = obs.rules.deck
        scored = [(s, v) for s, v in scored if any(deck.suit[c] == s for c in bits(hand))] or scored
    return max(scored, key=lambda sv: sv[1])


def expected_points(obs: Observation, hand: int, suit: int) -> float:
    """A rough count of the points ``hand`` takes with ``suit`` as trump."""
    prog = program_for(obs.rules)
    table = prog.tables[suit]
    deck = obs.rules.deck
    trumps = sorted((c for c in bits(table.trump_mask)), key=lambda c: -table.power[c])
    mine = [c for c in trumps if hand >> c & 1]
    rank_of = {c: i for i, c in enumerate(trumps)}
    strength = sum(max(0.0, 1.0 - 0.15 * rank_of[c]) for c in mine)
    total = 0.0
    for category in prog.hand_categories:
        value = category_value(category, obs.rules.settings)
        card = _category_target(obs, category, suit)
        if category == "GAME":
            tens = sum(1 for c in bits(hand) if deck.rank[c] == 10)
            p = min(0.8, 0.2 + 0.15 * tens + 0.08 * strength)
        elif category == "HIGH":
            p = (
                0.95
                if mine and rank_of[mine[0]] == 0
                else 0.4
                if mine and rank_of[mine[0]] <= 1
                else 0.1
            )
        elif category == "LOW":
            natural = [c for c in trumps if deck.suit[c] == suit]
            low = natural[-1] if natural else None
            if low is not None and hand >> low & 1:
                p = 0.95 if obs.rules.settings.low_credit == "holder" else 0.6
            else:
                p = 0.15
        elif card is None:
            p = 0.0
        elif hand >> card & 1:
            credit_holder = category == "DEUCE_CARD"
            higher = [c for c in mine if table.power[c] > table.power[card]]
            p = (
                0.95
                if credit_holder or rank_of.get(card, 9) == 0
                else min(0.9, 0.45 + 0.2 * len(higher))
            )
        else:
            p = min(0.5, 0.12 * len(mine))
        total += p * value
    return total


def _category_target(obs: Observation, category: str, suit: int) -> int | None:
    """The card that wins ``category`` with ``suit`` as trump (None: no such card)."""
    deck = obs.rules.deck
    fixed = fixed_card(category, suit)
    if fixed is not None:
        code = RANK_CHARS[fixed[1] - 2] + SUIT_CHARS[fixed[0]]
        return deck.by_code[code][0] if code in deck.by_code else None
    if category in ("BIG_JOKER", "JOKER"):
        for code in ("BJ", "JK"):
            if code in deck.by_code:
                return deck.by_code[code][0]
    if category == "LITTLE_JOKER" and "LJ" in deck.by_code:
        return deck.by_code["LJ"][0]
    return None


def points_of(obs: Observation, card: int) -> float:
    """What a card is worth to whoever captures it (game count counts a little)."""
    deck = obs.rules.deck
    trump = obs.trump
    value = GAME_VALUE.get(deck.rank[card], 0) / 10
    if trump is None:
        return value
    for category in program_for(obs.rules).hand_categories:
        if category in ("HIGH", "LOW", "GAME"):
            continue
        if _category_target(obs, category, trump) == card:
            value += category_value(category, obs.rules.settings)
    return value


def _cost(obs: Observation, card: int) -> float:
    """How much it hurts to spend a card: trumps by rank, point cards more."""
    table = obs.table
    cost = table.power[card] / 100
    if table.eff[card] == obs.trump:
        cost += 1
    return cost + points_of(obs, card)


def _safe(obs: Observation, card: int, table: TrumpTable) -> bool:
    """No unseen card can beat ``card`` in its effective suit (or by trumping)."""
    unseen = obs.unseen()
    suit = table.eff[card]
    if any(table.power[c] > table.power[card] for c in bits(unseen & table.suit_mask[suit])):
        return False
    return suit == obs.trump or not unseen & table.trump_mask


def _partners(obs: Observation, a: int | None, b: int | None) -> bool:
    if a is None or b is None:
        return False
    if a == b:
        return True
    if obs.rules.settings.partnership == "called":
        mates = {obs.maker, obs.partner}
        return None not in mates and a in mates and b in mates
    side_of = obs.rules.side_of
    return side_of[a] == side_of[b]

"""Pitch family rules and house-rule options (RULES.md §1, §3, §4.4).

One focused test per rule, and each house-rule option that RULES.md uses to settle
an ambiguity is played both ways: the same hand-built deal under the default and
under the alternative, with different, exactly asserted outcomes. Every expected
score was worked out from RULES.md by hand (the comments show the sums).

Seats: N E S W = 0 1 2 3 (teams NS = side 0, EW = side 1); with the dealer W the
eldest N bids first. Three-player deals use seats A B C = 0 1 2 with C dealing.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import followsuit
from followsuit import IllegalAction, record
from followsuit.engine import actions as A
from followsuit.engine.worlds import sample_world

from .conftest import legal_cards, legal_texts, pitch_dealt, play_all

N, E, S, W = 0, 1, 2, 3
NS, EW = (0, 2), (1, 3)  # the seats credited in a HandResult's details


def play(state: followsuit.State, cards: str) -> None:
    """Play the cards in turn order ("AS 2S 2C 7D  KS ...")."""
    for card in cards.split():
        state.apply(f"play {card}")


def result(state: followsuit.State) -> followsuit.HandResult:
    return state.history()[-1].result


def held(state: followsuit.State, seat: int) -> set[str]:
    return {str(c) for c in state.hand(seat)}


def trumps_held(state: followsuit.State, seat: int) -> set[str]:
    deck = state.rules.deck
    mask = state.hands[seat] & state.table.trump_mask
    return {deck.codes[c] for c in range(len(deck)) if mask >> c & 1}


def bids(state: followsuit.State) -> set[str]:
    return {t for t in legal_texts(state) if t.startswith("bid")}


def allowed(state: followsuit.State, action: str) -> bool:
    """Whether the action (its cards in any order) is legal now."""
    return state.parse_action(action) in state.legal_actions()


def reason(state: followsuit.State, action: str) -> str:
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    return info.value.reason


# ============================================================== hand-built deals

# L: N runs three top spades; E's 2S falls under N's ace (E holds Low, N captures
# it); W wins one heart trick. Game: NS A4 K3 Q2 = 9, EW 0.
HAND_L = ["AS KS QS 4H 5H 6H", "2S 2D 3D 4D 5D 6D", "2C 3C 4C 5C 6C 7C", "7D 8D 9D 2H 3H 7H"]
PLAY_L = "AS 2S 2C 7D  KS 2D 3C 8D  QS 3D 4C 9D  4H 4D 5C 7H  2H 5H 5D 6C  6H 6D 7C 3H"

# G: as L but S's JC falls to N (NS game 4+1+3+2 = 10) and W's TH wins the fourth
# trick (EW game 10): a tie for Game. Low (2S) is held by E.
HAND_G = ["AS KS QS 4H 5H 6H", "2S 2D 3D 4D 5D 6D", "JC 3C 4C 5C 6C 7C", "7D 8D 9D 2H 3H TH"]
PLAY_G = "AS 2S JC 7D  KS 2D 3C 8D  QS 3D 4C 9D  4H 4D 5C TH  2H 5H 5D 6C  6H 6D 7C 3H"


def hand_l(**options: Any) -> followsuit.State:
    state = pitch_dealt(HAND_L, dealer=W, options=options)
    play_all(state, ["bid 2", "pass", "pass", "pass"])
    return state


def played_l(**options: Any) -> followsuit.State:
    state = hand_l(**options)
    play(state, PLAY_L)
    return state


def played_g(scores: list[int] | None = None, **options: Any) -> followsuit.State:
    state = pitch_dealt(HAND_G, dealer=W, options=options, scores=scores)
    play_all(state, ["bid 2", "pass", "pass", "pass"])
    play(state, PLAY_G)
    return state


# ============================================================== auction (§1.10, §3)


def test_single_round_of_bids_each_higher_partner_may_overbid() -> None:
    """pitch/base: one round from the eldest; pass, 2, 3, 4; each bid higher."""
    state = pitch_dealt(HAND_L, dealer=W)
    assert state.phase_name == "auction" and state.current_player == N
    assert legal_texts(state) == {"pass", "bid 2", "bid 3", "bid 4"}
    state.apply("bid 3")
    assert legal_texts(state) == {"pass", "bid 4"}
    assert reason(state, "bid 3") == "a bid must be higher than 3"
    play_all(state, ["pass", "bid 4"])  # S overbids partner N
    assert legal_texts(state) == {"pass", "bid 4"}  # the dealer may match 4
    state.apply("pass")
    assert state.maker == S and state.phase_name == "play" and state.current_player == S


def test_min_bid_default_2_option_3() -> None:
    """§4.4 min_bid: 2 by default; the seed's "pass, 3, 4" variant with min_bid = 3."""
    assert bids(pitch_dealt(HAND_L, dealer=W)) == {"bid 2", "bid 3", "bid 4"}
    state = pitch_dealt(HAND_L, dealer=W, options={"min_bid": 3})
    assert bids(state) == {"bid 3", "bid 4"}
    assert reason(state, "bid 2") == "2 is not a bid here (bids: 3, 4)"
    play_all(state, ["pass"] * 3)
    assert legal_texts(state) == {"bid 3", "bid 4"}  # stuck at the minimum


def test_max_bid_follows_the_points_of_a_hand_or_the_option() -> None:
    """pitch/jokers: bids up to 6 with two jokers, 5 with one (§4.4 max_bid)."""
    two = pitch_dealt(HAND_L, dealer=W, variant="pitch/jokers", options={"num_players": 4})
    one = pitch_dealt(
        HAND_L, dealer=W, variant="pitch/jokers", options={"num_players": 4, "jokers": 1}
    )
    capped = pitch_dealt(
        HAND_L, dealer=W, variant="pitch/jokers", options={"num_players": 4, "max_bid": 4}
    )
    assert bids(two) == {f"bid {v}" for v in range(2, 7)}
    assert bids(one) == {f"bid {v}" for v in range(2, 6)}
    assert bids(capped) == {"bid 2", "bid 3", "bid 4"}


def test_dealer_stuck_and_stuck_bid() -> None:
    """§1.10: with everyone else passed the dealer may not pass and bids from
    stuck_bid (default: min_bid) up; dealer_stuck = false lets the hand be thrown in."""
    stuck = pitch_dealt(HAND_L, dealer=W)
    play_all(stuck, ["pass"] * 3)
    assert legal_texts(stuck) == {"bid 2", "bid 3", "bid 4"}
    assert reason(stuck, "pass") == "the dealer is stuck and must bid at least 2"

    higher = pitch_dealt(HAND_L, dealer=W, options={"stuck_bid": 3})
    play_all(higher, ["pass"] * 3)
    assert legal_texts(higher) == {"bid 3", "bid 4"}

    free = pitch_dealt(HAND_L, dealer=W, options={"dealer_stuck": False})
    play_all(free, ["pass"] * 3)
    assert legal_texts(free) == {"pass", "bid 2", "bid 3", "bid 4"}
    free.apply("pass")
    assert result(free).redeal and free.dealer == N  # the deal passes to the left


def test_dealer_may_match_true_and_false() -> None:
    """§1.10 / P-6: the dealer may take the bid by equalling it (only the dealer)."""
    state = pitch_dealt(HAND_L, dealer=W)
    state.apply("bid 2")
    assert bids(state) == {"bid 3", "bid 4"}  # E, not the dealer: no match
    play_all(state, ["pass", "bid 3"])
    assert bids(state) == {"bid 3", "bid 4"}
    state.apply("bid 3")
    assert state.maker == W and state.phase_name == "play" and state.current_player == W

    no_match = pitch_dealt(HAND_L, dealer=W, options={"dealer_may_match": False})
    play_all(no_match, ["bid 2", "pass", "bid 3"])
    assert bids(no_match) == {"bid 4"}
    assert reason(no_match, "bid 3") == "the dealer may not match a bid of 3 here"


def test_five_bid_dealer_cannot_match_five() -> None:
    """pitch/five-bid: dealer_match_levels = {2, 3, 4}; adding 5 lets the dealer
    take over a five-bid too."""
    hands = ["AS KS QS JS TS 2S", "2H 3H 4H 5H 6H 7H", "2D 3D 4D 5D 6D 7D"]
    four = pitch_dealt(hands, dealer=2, variant="pitch/five-bid")
    play_all(four, ["bid 4", "pass"])
    assert legal_texts(four) == {"pass", "bid 4", "bid 5"}

    five = pitch_dealt(hands, dealer=2, variant="pitch/five-bid")
    play_all(five, ["bid 5", "pass"])
    assert legal_texts(five) == {"pass"}
    assert reason(five, "bid 5") == "the dealer may not match a bid of 5 here"

    levels = {"dealer_match_levels": ["2", "3", "4", "5"]}
    allowed = pitch_dealt(hands, dealer=2, variant="pitch/five-bid", options=levels)
    play_all(allowed, ["bid 5", "pass"])
    assert legal_texts(allowed) == {"pass", "bid 5"}
    allowed.apply("bid 5")
    assert allowed.maker == 2

    kansas = pitch_dealt(hands, dealer=2, variant="pitch/kansas-5-point")  # 5 is plain
    play_all(kansas, ["bid 5", "pass"])
    assert legal_texts(kansas) == {"pass", "bid 5"}


def test_bid_rounds_single_and_continuous() -> None:
    """§1.10 bid_rounds: single ends after the dealer's call; continuous goes round
    until all but one passed, and a player still in must answer."""
    single = pitch_dealt(HAND_L, dealer=W)
    play_all(single, ["bid 2", "bid 3", "pass", "pass"])
    assert single.maker == E and single.phase_name == "play"

    cont = pitch_dealt(HAND_L, dealer=W, options={"bid_rounds": "continuous"})
    play_all(cont, ["bid 2", "bid 3", "pass", "pass"])
    assert cont.phase_name == "auction" and cont.current_player == N
    cont.apply("bid 4")
    assert cont.current_player == E  # S and W passed and are out
    assert legal_texts(cont) == {"pass"}  # nothing higher, but E must answer
    cont.apply("pass")
    assert cont.maker == N and cont.phase_name == "play"


# ============================================================== trump and trick play (§1.8)


def test_the_maker_pitches_trump_with_the_first_lead() -> None:
    """pitch/base: the maker leads any card, and its suit becomes trump."""
    state = hand_l()
    assert state.trump == -1 and state.current_player == N
    assert legal_cards(state) == {"AS", "KS", "QS", "4H", "5H", "6H"}
    state.apply("play 4H")
    assert state.trump == 2  # hearts
    # E holds no heart: anything; W must follow hearts (or trump, the same suit here)
    assert legal_cards(state) == {"2S", "2D", "3D", "4D", "5D", "6D"}
    play(state, "2S 2C")
    assert legal_cards(state) == {"2H", "3H", "7H"}


# F: trump spades from N's AS; E holds trumps, a heart and diamonds; S hearts and
# diamonds but no trump; W only clubs.
HAND_F = ["AS 9H 8H 2C 3C 4C", "KS 3S 2H 5D 6D 7D", "TH JH 2D 3D 4D 9D", "5C 6C 7C 8C 9C TC"]


def test_follow_or_trump_legal_sets() -> None:
    """§1.8 follow_or_trump: trump led: a trump if you hold one, else anything;
    plain suit led: that suit or any trump, never another plain suit; void: anything."""
    state = pitch_dealt(HAND_F, dealer=W)
    play_all(state, ["bid 2", "pass", "pass", "pass", "play AS"])
    assert legal_cards(state) == {"KS", "3S"}
    assert reason(state, "play 5D") == (
        "must follow spades (trump) while holding a trump: 5D is not one"
    )
    state.apply("play 3S")
    assert legal_cards(state) == {"TH", "JH", "2D", "3D", "4D", "9D"}  # no trump: free
    state.apply("play 2D")
    assert legal_cards(state) == {"5C", "6C", "7C", "8C", "9C", "TC"}
    play(state, "5C  9H")
    assert legal_cards(state) == {"2H", "KS"}  # the heart, or a trump even so
    assert reason(state, "play 5D") == (
        "must follow hearts or trump: 5D is neither, and seat 1 holds hearts"
    )
    state.apply("play KS")  # E trumps although able to follow
    assert legal_cards(state) == {"TH", "JH"}
    state.apply("play TH")
    assert legal_cards(state) == {"6C", "7C", "8C", "9C", "TC"}  # void in hearts


def test_trump_lead_must_follow_off_in_new_yorker() -> None:
    """pitch/new-yorker: trump_lead_must_follow = false, so a trump lead may be
    answered with any card; the only renege is a wrong plain suit (§1.8). True
    restores the duty to follow a trump lead with a trump."""

    def after_lead(**options: Any) -> followsuit.State:
        state = pitch_dealt(HAND_F, dealer=W, variant="pitch/new-yorker", options=options)
        play_all(state, ["bid 2", "pass", "pass", "pass", "trump S"])
        play_all(state, ["pass"] * 4)  # nobody draws
        assert state.current_player == N  # the eldest leads
        state.apply("play AS")
        return state

    free = after_lead()
    assert legal_cards(free) == {"KS", "3S", "2H", "5D", "6D", "7D"}
    play(free, "5D 2D 5C  9H")
    assert legal_cards(free) == {"2H", "KS", "3S"}  # holding hearts: no diamond
    assert reason(free, "play 6D").startswith("must follow hearts or trump")

    strict = after_lead(trump_lead_must_follow=True)
    assert legal_cards(strict) == {"KS", "3S"}


def test_trick_mode_highest_and_lowest() -> None:
    """§1.8 trick_mode: the highest trump wins; with lowest (Inversion) the lowest
    trump wins, or with no trump the lowest card of the suit led (another suit's
    lower card cannot win)."""
    hands = ["AS 9H 8H 7H 6H 5H", "2S 3C 4C 5C 6C 7C", "2C 8C 9C 7D 8D 9D", "2D 3D 4D 5D 6D 2H"]
    high = pitch_dealt(hands, dealer=W)
    play_all(high, ["bid 2", "pass", "pass", "pass"])
    play(high, "AS 2S 7D 2D")
    assert high.current_player == N  # AS took the trick

    low = pitch_dealt(hands, dealer=W, options={"trick_mode": "lowest"})
    play_all(low, ["bid 2", "pass", "pass", "pass"])
    play(low, "AS 2S 7D 2D")
    assert low.current_player == E  # 2S, the lowest trump
    play(low, "3C 2C 2H 9H")
    assert low.current_player == S  # 2C, the lowest club; W's 2H is off-suit


def test_joker_pitched_spades_name_suit_or_forbidden() -> None:
    """§1.6 joker_pitched: a joker led first makes spades trump (default); under
    name_suit the maker names the suit as it is led; under forbidden it may not be
    the first lead."""
    hands = ["BJ 5H 6H 7H 8H 9H", "LJ 2C 3C 4C 5C 6C", "7D 8D 9D 7C 8C 9C", "2D 3D 4D 5D 6D 2H"]

    def maker_to_lead(**options: Any) -> followsuit.State:
        state = pitch_dealt(
            hands, dealer=W, variant="pitch/jokers", options={"num_players": 4, **options}
        )
        play_all(state, ["bid 2", "pass", "pass", "pass"])
        return state

    spades = maker_to_lead()
    assert legal_texts(spades) == {"play BJ", "play 5H", "play 6H", "play 7H", "play 8H", "play 9H"}
    spades.apply("play BJ")
    assert spades.trump == 3
    assert legal_cards(spades) == {"LJ"}  # the other joker is a trump: E must play it

    named = maker_to_lead(joker_pitched="name_suit")
    assert legal_texts(named) == {"play 5H", "play 6H", "play 7H", "play 8H", "play 9H"} | {
        "trump C",
        "trump D",
        "trump H",
        "trump S",
    }
    assert reason(named, "play BJ") == "name the joker's suit first (trump S), then lead it"
    named.apply("trump H")
    assert legal_texts(named) == {"play BJ"}
    named.apply("play BJ")
    assert named.trump == 2
    assert legal_cards(named) == {"LJ"}

    forbidden = maker_to_lead(joker_pitched="forbidden")
    assert legal_texts(forbidden) == {"play 5H", "play 6H", "play 7H", "play 8H", "play 9H"}
    assert reason(forbidden, "play BJ") == "a joker may not be the first lead"


def test_joker_order_fixed_and_first_played() -> None:
    """§1.6 joker_order: BJ beats LJ (fixed); under first_played (Nebraska) the
    joker played first wins when nothing higher is in the trick."""
    hands = ["9H 2D 3D 4D 5D 6D", "LJ 2C 3C 4C 5C 6C", "BJ 7D 8D 9D 7C 8C", "2S 3S 4S 5S 6S 7S"]

    def first_trick(variant: str = "pitch/jokers", **options: Any) -> followsuit.State:
        state = pitch_dealt(hands, dealer=W, variant=variant, options={"num_players": 4, **options})
        play_all(state, ["bid 2", "pass", "pass", "pass"])
        play(state, "9H LJ BJ 2S")
        return state

    assert first_trick().current_player == S  # BJ
    assert first_trick(joker_order="first_played").current_player == E  # LJ, played first
    assert first_trick("pitch/nebraska-first-joker").current_player == E


def test_first_played_joker_scores_as_the_big_joker() -> None:
    """§1.6 / pitch/nebraska-first-joker: under first_played the joker played first
    in the hand scores BIG_JOKER. E's LJ (first, taking N's 9H) and N's BJ (trumping
    a diamond) fall to different teams: fixed gives BIG_JOKER to NS, first_played to
    EW. High is the lone natural heart 9H (captured by E), Low the same card (held by
    N); Game NS 11 (TD JD) - 0."""
    hands = ["9H BJ 5S 6S 7S 8S", "LJ 2D 2S 3S 4S 9C", "2C 3D 4C 5C 6C 7C", "3C 4D 8C 9D TD JD"]
    plays = "9H LJ 2C 3C  2D 3D 4D BJ  5S 2S 4C 8C  6S 3S 5C 9D  7S 4S 6C TD  8S 9C 7C JD"

    def details(**options: Any) -> tuple[tuple[str, tuple[int, ...], int], ...]:
        state = pitch_dealt(
            hands, dealer=W, variant="pitch/jokers", options={"num_players": 4, **options}
        )
        play_all(state, ["bid 2", "pass", "pass", "pass"])
        play(state, plays)
        assert result(state).points == (3, 2)
        return result(state).details

    common = (("HIGH", EW, 1), ("LOW", NS, 1))
    assert details() == (*common, ("BIG_JOKER", NS, 1), ("LITTLE_JOKER", EW, 1), ("GAME", NS, 1))
    assert details(joker_order="first_played") == (
        *common,
        ("BIG_JOKER", EW, 1),
        ("LITTLE_JOKER", NS, 1),
        ("GAME", NS, 1),
    )


# ============================================================== Blind Pitch (pitch/blind)


# Blind Pitch (BLIND44): N pitches hearts with 6H; E's only trump is BJ; S holds 2H;
# W holds no heart. Piles are written top card first.
BLIND_HANDS = [
    "6H 7C 8C 9C TC JC QC KC",
    "BJ 2C 5C 6C 2D 6D 7D 8D",
    "2H 9D TD JD QD KD AD AC",
    "2S 5S 6S 7S 8S 9S TS JS",
]
BLIND_PILES = ["7H 8H 9H", "TH JH QH", "KH AH QS", "KS AS LJ"]


def blind(**options: Any) -> followsuit.State:
    state = pitch_dealt(
        BLIND_HANDS, dealer=W, variant="pitch/blind", options=options, piles=BLIND_PILES
    )
    play_all(state, ["bid 2", "pass", "pass", "pass"])
    return state


def test_joker_rank_lowest_trump_in_blind_pitch() -> None:
    """pitch/blind: joker_rank = lowest_trump, so the 2 of trump beats a joker; with
    below_jack_or_jick the joker outranks the 6 led."""
    low = blind()
    play(low, "6H BJ 2H 2S")
    assert low.current_player == N  # 6H > 2H > BJ
    high = blind(joker_rank="below_jack_or_jick")
    play(high, "6H BJ 2H 2S")
    assert high.current_player == E  # BJ > 6H


def test_blind_opening_lead_from_hand_option() -> None:
    """pitch/blind: the opening lead comes from the hand (default); with the option
    off the maker may pitch with the top card of the pile."""
    assert "play-pile" not in legal_texts(blind())
    assert reason(blind(), "play-pile") == "the opening lead comes from the hand"
    free = blind(blind_opening_lead_from_hand=False)
    assert "play-pile" in legal_texts(free)
    free.apply("play-pile")  # N's top pile card, 7H, pitches hearts
    assert free.trump == 2 and free.log[-1] == (N, A.pile_card(free.rules.deck.by_code["7H"][0]))


def test_blind_pile_on_first_trick_only_if_void_or_never() -> None:
    """pitch/blind: on the first trick a player void of trump in hand may play the
    top pile card (only_if_void); never forbids it. Later, any player may."""
    state = blind()
    state.apply("play 6H")
    assert "play-pile" not in legal_texts(state)  # E holds a trump (BJ)
    play(state, "BJ 2H")
    assert "play-pile" in legal_texts(state)  # W: no heart in hand
    assert len(legal_texts(state)) == 9  # any of 8 hand cards, or the pile
    state.apply("play-pile")
    assert state.current_player == N  # W's KS cannot win
    assert "play-pile" in legal_texts(state)  # later tricks: the pile is open

    never = blind(blind_pile_on_first_trick="never")
    play(never, "6H BJ 2H")
    assert legal_texts(never) == {f"play {c}" for c in BLIND_HANDS[W].split()}


# ============================================================== trump-only play (10-point family)


# Oklahoma, trump spades (16 trumps: the spades, the jick JC and both jokers), all
# of them dealt, so the fill only brings dead cards.
OK_DROP = [
    "2S 3S 4S 5S 6S 2H",
    "7S 8S 9S TS LJ 3H",
    "AS 4H 5H 6H 7H 8H",
    "KS QS JS JC BJ 9H",
]


def test_trump_only_players_drop_out_and_the_lead_passes_on() -> None:
    """§1.8 trump_only: only trumps are played (dead cards never); a player out of
    trumps drops out, a trick winner without trumps passes the lead clockwise, and
    the hand ends when nobody holds a trump (here after five tricks)."""
    state = pitch_dealt(OK_DROP, dealer=W, variant="pitch/oklahoma-10-point")
    play_all(state, ["bid 1", "pass", "pass", "pass", "trump S"])
    assert len(state.hand(E)) == 6 and trumps_held(state, E) == {"7S", "8S", "9S", "TS", "LJ"}
    assert legal_cards(state) == {"2S", "3S", "4S", "5S", "6S"}
    play(state, "2S 7S AS KS")  # S wins with the ace, its only trump
    assert state.current_player == W
    assert legal_cards(state) == {"QS", "JS", "JC", "BJ"}
    state.apply("play QS")
    assert state.current_player == N  # S is skipped
    play(state, "3S")
    assert legal_cards(state) == {"8S", "9S", "TS", "LJ"}
    play(state, "8S  JS 4S 9S  JC 5S TS  BJ 6S LJ")
    assert state.needs_deal and len(state.history()) == 1  # the hand is over and scored
    # NS: the ace (S captured it) and the deuce (N played it); EW the rest: 8
    assert result(state).points == (2, 8)
    plays = [a for _, a in state.history()[-1].actions if A.is_play(a)]
    assert len(plays) == 4 + 3 * 4


def test_trump_only_first_lead_passes_from_a_bidder_without_trump() -> None:
    """§1.8: the rule holds for the first lead too: a bidder left without a trump
    after the fill cannot lead; the next player clockwise who holds one does."""
    hands = ["2H 3H 4H 5H 6H 7H", "AS KS QS JS JC BJ", "LJ TS 9S 8S 7S 6S", "5S 4S 3S 2S 8H 9H"]
    state = pitch_dealt(hands, dealer=W, variant="pitch/oklahoma-10-point")
    play_all(state, ["bid 1", "pass", "pass", "pass", "trump S"])
    assert trumps_held(state, N) == set() and len(state.hand(N)) == 6
    assert state.phase_name == "play" and state.current_player == E
    assert legal_cards(state) == {"AS", "KS", "QS", "JS", "JC", "BJ"}


def test_ten_point_misdeal_when_more_than_six_point_cards_must_be_kept() -> None:
    """pitch/oklahoma-10-point step 5: the dealer takes the rest of the stock with
    all eight point trumps; more than six cannot be kept: a misdeal, and the same
    dealer deals again."""
    hands = ["KS QS 9S 8S 7S 6S", "5S 4S 2H 3H 4H 5H", "6H 7H 8H 9H TH JH", "2D 3D 4D 5D 6D 7D"]
    state = pitch_dealt(
        hands,
        dealer=W,
        variant="pitch/oklahoma-10-point",
        stock="2C 3C 4C 5C 6C 7C 8C 9C TC QC",
    )
    play_all(state, ["bid 1", "pass", "pass", "pass", "trump S"])
    assert result(state).redeal and state.dealer == W and state.scores == (0, 0)


# ============================================================== scoring (§1.9, §1.11)


def test_classic_high_low_jack_game_and_a_made_bid() -> None:
    """pitch/base: H to the captor, L to the holder, J only if in play, Game to the
    larger count; the maker adds what it won, the others too."""
    state = played_l()
    # H: AS (N). L: 2S, held by E. No JS in play. Game NS 9 - EW 0.
    assert result(state).details == (("HIGH", NS, 1), ("LOW", EW, 1), ("GAME", NS, 1))
    assert result(state).points == (2, 1) and state.scores == (2, 1)


def test_a_set_maker_loses_its_bid_while_the_others_score() -> None:
    """§1.11: NS bid 2 and win only High (the Game tie scores for nobody): NS are
    set back 2; EW still add their Low."""
    state = played_g()
    assert result(state).details == (("HIGH", NS, 1), ("LOW", EW, 1))
    assert result(state).points == (-2, 1) and state.scores == (-2, 1)


def test_game_tie_rule_none_or_bidder() -> None:
    """§1.9 game_tie_rule: a tie for Game (10 - 10) scores for nobody; with bidder
    the makers, being among the tied, take it, and so make their bid of 2."""
    assert result(played_g()).points == (-2, 1)
    bidder = played_g(game_tie_rule="bidder")
    assert result(bidder).details == (("HIGH", NS, 1), ("LOW", EW, 1), ("GAME", NS, 1))
    assert result(bidder).points == (2, 1)


def test_low_credit_holder_or_captor() -> None:
    """P-2 low_credit: Low (2S) goes to E who played it (holder), or to N who won it
    (captor)."""
    holder = played_l()
    assert result(holder).details[1] == ("LOW", EW, 1)
    assert result(holder).points == (2, 1)
    captor = played_l(low_credit="captor")
    assert result(captor).details == (("HIGH", NS, 1), ("LOW", NS, 1), ("GAME", NS, 1))
    assert result(captor).points == (3, 0)


# Inversion: N's AS is taken by E's 2S; E then wins every trick but one.
HAND_INV = ["AS 9H 8H 7H 6H 5H", "2S 3C 4C 5C 6C 7C", "2C 8C 9C 7D 8D 9D", "2D 3D 4D 5D 6D 2H"]
PLAY_INV = "AS 2S 7D 2D  3C 2C 2H 9H  8C 3D 8H 4C  5C 9C 4D 7H  6C 8D 5D 6H  7C 9D 6D 5H"


def test_high_credit_captor_or_holder_under_inversion() -> None:
    """P-3 high_credit: under trick_mode = lowest High (AS, played by N) is taken by
    E's 2S: the captor is EW, the holder NS. Low (2S) and Game (AS 4 - 0) are EW's;
    NS bid 2 and are set either way."""

    def inversion(**options: Any) -> followsuit.HandResult:
        state = pitch_dealt(
            HAND_INV, dealer=W, variant="pitch/inversion", options={"num_players": 4, **options}
        )
        play_all(state, ["bid 2", "pass", "pass", "pass"])
        play(state, PLAY_INV)
        return result(state)

    captor = inversion()
    assert captor.details == (("HIGH", EW, 1), ("LOW", EW, 1), ("GAME", EW, 1))
    assert captor.points == (-2, 3)
    holder = inversion(high_credit="holder")
    assert holder.details == (("HIGH", NS, 1), ("LOW", EW, 1), ("GAME", EW, 1))
    assert holder.points == (-2, 2)


# Jokers only: N pitches with BJ (spades are trump) and no spade is ever dealt.
HAND_JOKERS = ["BJ 9H 8H 7H 6H 5H", "LJ 2C 3C 4C 5C 6C", "7D 8D 9D 7C 8C 9C", "2D 3D 4D 5D 6D 2H"]
PLAY_JOKERS = "BJ LJ 7D 2D  9H 2C 7C 2H  8H 3C 8C 3D  7H 4C 9C 4D  6H 5C 8D 5D  5H 6C 9D 6D"


def jokers_hand(**options: Any) -> followsuit.HandResult:
    state = pitch_dealt(
        HAND_JOKERS, dealer=W, variant="pitch/jokers", options={"num_players": 4, **options}
    )
    play_all(state, ["bid 2", "pass", "pass", "pass"])
    play(state, PLAY_JOKERS)
    assert result(state).trump == 3  # the joker pitched spades
    return result(state)


def test_high_low_eligibility_natural_or_any_trump() -> None:
    """§1.9 high_low_eligibility: with only the jokers in play as trumps there is no
    High or Low under natural; under any_trump High is BJ (to N, its captor) and Low
    is LJ (to E, its holder). Each joker is a point to its captor; Game 0 - 0 is a tie."""
    natural = jokers_hand()
    assert natural.details == (("BIG_JOKER", NS, 1), ("LITTLE_JOKER", NS, 1))
    assert natural.points == (2, 0)
    anyt = jokers_hand(high_low_eligibility="any_trump")
    assert anyt.details == (
        ("HIGH", NS, 1),
        ("LOW", EW, 1),
        ("BIG_JOKER", NS, 1),
        ("LITTLE_JOKER", NS, 1),
    )
    assert anyt.points == (3, 1)


def test_one_joker_or_two() -> None:
    """pitch/jokers: jokers = 2 is STD54 with BIG_JOKER and LITTLE_JOKER; jokers = 1
    is STD53 with a single JOKER category."""
    two = followsuit.load_rules("pitch/jokers", {"num_players": 4})
    one = followsuit.load_rules("pitch/jokers", {"num_players": 4, "jokers": 1})
    assert (two.deck.name, len(two.deck)) == ("STD54", 54)
    assert (one.deck.name, len(one.deck)) == ("STD53", 53) and "JK" in one.deck.codes
    hands = ["JK 9H 8H 7H 6H 5H", "2S 2C 3C 4C 5C 6C", "7D 8D 9D 7C 8C 9C", "2D 3D 4D 5D 6D 2H"]
    state = pitch_dealt(
        hands, dealer=W, variant="pitch/jokers", options={"num_players": 4, "jokers": 1}
    )
    play_all(state, ["bid 2", "pass", "pass", "pass"])
    play(state, PLAY_JOKERS.replace("BJ LJ", "JK 2S"))
    # JK pitches spades and beats E's 2S: High is the 2S (captured by N), Low the
    # same card (held by E), the joker N's; Game 0 - 0.
    assert result(state).details == (("HIGH", NS, 1), ("LOW", EW, 1), ("JOKER", NS, 1))
    assert result(state).points == (2, 1)


def test_game_counts_t10_a4_k3_q2_j1_and_jokers_count_nothing() -> None:
    """§1.9 Game: T10 A4 K3 Q2 J1 over every captured card; the seed's example
    T + K = 13 beats 3 J + 2 A = 11, and the two jokers EW also took add nothing.
    The only natural heart in play (9H) is both High (captured by E) and Low (held
    by N)."""
    hands = [
        "9H 4C 3D 4S 6D 6C",
        "BJ AC AD JS 5D 7D",
        "2C 3C 2D 2S KD TC",
        "LJ JC JD 3S 4D 5C",
    ]
    state = pitch_dealt(hands, dealer=W, variant="pitch/jokers", options={"num_players": 4})
    play_all(state, ["bid 2", "pass", "pass", "pass"])
    play(state, "9H BJ 2C LJ  AC 3C JC 4C  AD 2D JD 3D  JS 2S 3S 4S  5D KD 4D 6D  TC 5C 6C 7D")
    assert result(state).details == (
        ("HIGH", EW, 1),
        ("LOW", NS, 1),
        ("BIG_JOKER", EW, 1),
        ("LITTLE_JOKER", EW, 1),
        ("GAME", NS, 1),
    )
    assert result(state).points == (2, 3)


# X: N leads AS (spades); E holds the JC (the jick), S the 2S; N wins every trick.
HAND_X = ["AS KS 3S 9H 8H 7H", "JC 2C 2D 3D 4D 5D", "2S 3C 4C 5C 6C 7C", "6D 7D 8D 2H 3H 4H"]
PLAY_X = "AS JC 2S 6D  KS 2C 3C 7D  3S 2D 4C 8D  9H 3D 5C 2H  8H 4D 6C 3H  7H 5D 7C 4H"


def test_category_profile_classic4_or_seed_extended() -> None:
    """P-1 category_profile: classic4 scores H, L, J, G; seed_extended adds JICK (the
    jick becomes a trump just below the jack) and TREY (3 points)."""

    def pitched(**options: Any) -> followsuit.State:
        state = pitch_dealt(HAND_X, dealer=W, options=options)
        play_all(state, ["bid 2", "pass", "pass", "pass", "play AS"])
        return state

    classic = pitched()
    assert legal_cards(classic) == {"JC", "2C", "2D", "3D", "4D", "5D"}  # void in trump
    play(classic, PLAY_X.removeprefix("AS "))
    # H AS (N), L 2S (held by S), no JS; Game NS 4 + 1 + 3 = 8
    assert result(classic).details == (("HIGH", NS, 1), ("LOW", NS, 1), ("GAME", NS, 1))
    assert result(classic).points == (3, 0)

    extended = pitched(category_profile="seed_extended")
    assert legal_cards(extended) == {"JC"}  # the jick is E's only trump
    play(extended, PLAY_X.removeprefix("AS "))
    assert result(extended).details == (
        ("HIGH", NS, 1),
        ("LOW", NS, 1),
        ("JICK", NS, 1),
        ("TREY", NS, 3),
        ("GAME", NS, 1),
    )
    assert result(extended).points == (7, 0)


def test_seed_extended_jick_ranks_between_jack_and_ten() -> None:
    """P-1: the jick is ranked just below the J of trump (and above the T)."""
    rules = followsuit.load_rules("pitch/partnership-4p", {"category_profile": "seed_extended"})
    state = followsuit.State(rules)
    table = state.prog.tables[3]  # spades
    power = {code: table.power[rules.deck.by_code[code][0]] for code in ("JS", "JC", "TS")}
    assert power["JS"] > power["JC"] > power["TS"]
    classic = followsuit.State(followsuit.load_rules("pitch/partnership-4p")).prog.tables[3]
    assert classic.eff[rules.deck.by_code["JC"][0]] == 0  # a club when not extended


# ============================================================== 10-point scoring


# Oklahoma, trump spades, every trump dealt: N runs AS KS QS JS JC, then its 2S
# loses to E's TS. S and W drop out after two tricks.
OK_POINTS = [
    "AS KS QS JS JC 2S",
    "TS BJ LJ 9S 8S 7S",
    "3S 4S 2H 3H 4H 5H",
    "5S 6S 6H 7H 8H 9H",
]
PLAY_OK_POINTS = "AS 7S 3S 5S  KS 8S 4S 6S  QS 9S  JS LJ  JC BJ  2S TS"


def oklahoma_points(**options: Any) -> followsuit.HandResult:
    state = pitch_dealt(OK_POINTS, dealer=W, variant="pitch/oklahoma-10-point", options=options)
    play_all(state, ["bid 5", "pass", "pass", "pass", "trump S"])
    play(state, PLAY_OK_POINTS)
    return result(state)


def test_ten_point_deuce_goes_to_the_player_who_played_it() -> None:
    """pitch/oklahoma-10-point (cards): each point card to its captor, except the 2
    of trump, kept by the player who played it (N's 2S, taken by E's TS)."""
    r = oklahoma_points()
    assert r.details == (
        ("JACK", NS, 1),
        ("JICK", NS, 1),
        ("BIG_JOKER", NS, 1),
        ("LITTLE_JOKER", NS, 1),
        ("TREY", NS, 3),
        ("ACE_CARD", NS, 1),
        ("TEN_CARD", EW, 1),
        ("DEUCE_CARD", NS, 1),
    )
    assert r.points == (9, 1)


def test_point_model_cards_or_categories() -> None:
    """pitch/oklahoma-10-point point_model: the card model scores the 10 of trump
    (EW took it); the category model scores Game instead: NS took A K Q J jick
    (4+3+2+1+1 = 11) against EW's T and 2 (10)."""
    assert oklahoma_points().points == (9, 1)
    r = oklahoma_points(point_model="categories")
    assert r.details == (
        ("HIGH", NS, 1),
        ("LOW", NS, 1),
        ("JACK", NS, 1),
        ("JICK", NS, 1),
        ("BIG_JOKER", NS, 1),
        ("LITTLE_JOKER", NS, 1),
        ("TREY", NS, 3),
        ("GAME", NS, 1),
    )
    assert r.points == (10, 0)


# ============================================================== game end (§1.12)


def test_maker_priority_the_makers_win_when_both_sides_reach_the_target() -> None:
    """§1.12 maker_priority rule 1: NS (9 + 2) and EW (10 + 1) both reach 11 in the
    same hand; the making team wins, although the scores are equal."""
    state = pitch_dealt(HAND_L, dealer=W, scores=[9, 10])
    play_all(state, ["bid 2", "pass", "pass", "pass"])
    play(state, PLAY_L)
    assert state.scores == (11, 11) and state.is_over() and state.winner == 0


def test_game_end_policy_maker_priority_or_bid_to_go_out() -> None:
    """§1.12: NS are set (5 - 2) while EW reach 11 (10 + 1). maker_priority: the
    non-makers at the target win; bid_to_go_out: only makers who made their bid can
    go out, so the game goes on."""
    priority = played_g([5, 10])
    assert priority.scores == (3, 11) and priority.is_over() and priority.winner == 1
    go_out = played_g([5, 10], game_end_policy="bid_to_go_out")
    assert go_out.scores == (3, 11) and not go_out.is_over() and go_out.winner is None


def test_bid_to_go_out_makers_who_make_their_bid_go_out() -> None:
    """pitch/bid-to-go-out: the makers go out by making their bid to reach 11."""
    state = pitch_dealt(
        HAND_L, dealer=W, variant="pitch/bid-to-go-out", options={"num_players": 4}, scores=[9, 0]
    )
    play_all(state, ["bid 2", "pass", "pass", "pass"])
    play(state, PLAY_L)
    assert state.scores == (11, 1) and state.winner == 0


def test_target_not_reached_the_game_goes_on() -> None:
    """§1.12: below the target after the hand (EW 9 + 1 = 10) nobody wins yet."""
    state = played_g([0, 9])
    assert state.scores == (-2, 10) and not state.is_over()


# Jack High-Low with six players, teams {0,3} {1,4} {2,5}, dealer 5. Seat 0 bids 2
# and pitches 5S; seat 1's AS takes it (High to team 1), seat 2 held the 2S (Low to
# team 2), seat 5's JS wins the second trick (Jack to team 2); seat 0 wins the rest
# with the TC (Game to team 0: 31 - 4 - 1), but team 0 is set.
SIX = [
    "5S 8H TC 9D 8D 7D",
    "AS 4H 2C 2D 3D 4D",
    "2S 5H 3C 5D 6D 9H",
    "2H 6H 4C 5C 6C 7C",
    "3H 7H 8C QH KH AH",
    "3S JS 9C JH TH JC",
]
PLAY_SIX = (
    "5S AS 2S 2H 3H 3S  4H 5H 6H 7H JS 8H  9C TC 2C 3C 4C 8C"
    "  9D 2D 5D 5C QH JH  8D 3D 6D 6C KH TH  7D 4D 9H 7C AH JC"
)


def six_handed(**options: Any) -> followsuit.State:
    state = pitch_dealt(
        SIX,
        dealer=5,
        variant="pitch/jack-high-low",
        options={"num_players": 6, **options},
        scores=[0, 10, 10],
    )
    play_all(state, ["bid 2"] + ["pass"] * 5)
    play(state, PLAY_SIX)
    assert result(state).details == (
        ("HIGH", (1, 4), 1),
        ("LOW", (2, 5), 1),
        ("JACK", (2, 5), 1),
        ("GAME", (0, 3), 1),
    )
    assert state.scores == (-2, 11, 12)
    return state


def test_nonmaker_tie_break_order_of_points_or_continue() -> None:
    """§1.12 nonmaker_tie_break: two non-making teams reach 11 in one hand. Under
    order_of_points (partnership default) the hand's points are replayed in the order
    High, Low, Jack, Game: High brings team 1 to 11 first. Under continue the higher
    score, team 2's 12, wins."""
    assert six_handed().winner == 1
    assert six_handed(nonmaker_tie_break="continue").winner == 2


def test_nonmaker_tie_break_on_equal_scores() -> None:
    """§1.12: from 10 and 9 both non-making teams end on 11. order_of_points still
    decides (High came first: team 1); continue plays another hand."""

    def from_10_and_9(**options: Any) -> followsuit.State:
        state = pitch_dealt(
            SIX,
            dealer=5,
            variant="pitch/jack-high-low",
            options={"num_players": 6, **options},
            scores=[0, 10, 9],
        )
        play_all(state, ["bid 2"] + ["pass"] * 5)
        play(state, PLAY_SIX)
        assert state.scores == (-2, 11, 11)
        return state

    assert from_10_and_9().winner == 1
    assert not from_10_and_9(nonmaker_tie_break="continue").is_over()


# Nines-Fives (9 cards, trump spades named by N): N keeps AS KS QS JS TS 9S and
# wins all six tricks; E's 2S is Low. NS 1+1+1+1+5+9 = 17, EW 1.
NF_HANDS = [
    "AS KS QS JS TS 9S 2C 3C 4C",
    "2S 5C 6C 7C 8C 9C TC JC QC",
    "5S KC AC 2D 3D 4D 5D 6D 7D",
    "3S 4S 6S 7S 8S 8D 9D TD JD",
]
NF_STOCK = "QD KD AD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
NF_PLAY = "AS 2S 5S 3S  KS QD 4H 4S  QS KD 5H 6S  JS AD 6H 7S  TS 2H 7H 8S  9S 3H 8H AH"


def nines_fives(bid: int | str, scores: list[int], **options: Any) -> followsuit.State:
    state = pitch_dealt(
        NF_HANDS,
        dealer=W,
        variant="pitch/nines-fives",
        options=options,
        stock=NF_STOCK,
        scores=list(scores),
    )
    play_all(state, [f"bid {bid}", "pass", "pass", "pass", "trump S"])
    # all non-trumps go; E and S are dealt five each, W takes the last six
    assert held(state, E) == {"2S", "QD", "KD", "AD", "2H", "3H"}
    assert held(state, S) == {"5S", "4H", "5H", "6H", "7H", "8H"}
    assert state.current_player == W and len(state.hand(W)) == 11
    state.apply("discard 9H TH JH QH KH")
    play(state, NF_PLAY)
    assert result(state).details == (
        ("HIGH", NS, 1),
        ("LOW", EW, 1),
        ("JACK", NS, 1),
        ("FIVE", NS, 5),
        ("NINE", NS, 9),
        ("GAME", NS, 1),
    )
    return state


def test_loss_threshold_minus_100_or_minus_200() -> None:
    """pitch/nines-fives: NS bid 18, take 17 and are set: -85 - 18 = -103. At or
    below the threshold -100 the other team wins; with -200 the game goes on."""
    state = nines_fives(18, [-85, 0])
    assert state.scores == (-103, 1) and state.winner == 1
    backdoor = nines_fives(18, [-85, 0], loss_threshold=-200)
    assert backdoor.scores == (-103, 1) and not backdoor.is_over()


def test_target_inclusive_true_or_false() -> None:
    """pitch/nines-fives ambiguity 1: making a bid of 17 from 83 lands on exactly 100;
    it wins when the target is inclusive (default), not when it must be exceeded."""
    state = nines_fives(17, [83, 0])
    assert state.scores == (100, 1) and state.winner == 0
    strict = nines_fives(17, [83, 0], target_inclusive=False)
    assert strict.scores == (100, 1) and not strict.is_over()


def test_nines_fives_non_makers_cannot_go_out() -> None:
    """pitch/nines-fives: bid_to_go_out: EW's Low brings them to 100, but only a
    team making its bid can win."""
    state = nines_fives(17, [0, 99])
    assert state.scores == (17, 100) and not state.is_over()


# ============================================================== moons


# Cutthroat (dealer C = 2): A holds the five top spades and the 2S and takes every
# trick and High, Low, Jack and Game (4 points).
MOON_3P = ["AS KS QS JS TS 2S", "2H 3H 4H 5H 6H 7H", "2D 3D 4D 5D 6D 7D"]
PLAY_MOON_3P = "AS 2H 2D  KS 3H 3D  QS 4H 4D  JS 5H 5D  TS 6H 6D  2S 7H 7D"


def cutthroat(hands: list[str], calls: list[str], **options: Any) -> followsuit.State:
    state = pitch_dealt(hands, dealer=2, variant="pitch/cutthroat-3p", options=options)
    play_all(state, calls)
    return state


def test_moon_rule_auto_win_or_off() -> None:
    """pitch/cutthroat-3p: every trick plus High, Low, Jack and Game wins the game
    at once (auto_win, default), the hand's 4 points still added; with off it is an
    ordinary 4-point hand."""
    auto = cutthroat(MOON_3P, ["bid 2", "pass", "pass"])
    play(auto, PLAY_MOON_3P)
    assert auto.scores == (4, 0, 0) and auto.is_over() and auto.winner == 0
    off = cutthroat(MOON_3P, ["bid 2", "pass", "pass"], moon_rule="off")
    play(off, PLAY_MOON_3P)
    assert off.scores == (4, 0, 0) and not off.is_over()


def test_moon_auto_win_applies_to_a_non_maker() -> None:
    """pitch/cutthroat-3p: A bids 2 and pitches 3S; B takes it with AS, every later
    trick, and H, L (B's 2S ranks under A's 3S), J, G: B wins; A is set."""
    hands = ["3S 2H 3H 4H 5H 6H", "AS KS QS JS TS 2S", "2D 3D 4D 5D 6D 7D"]
    state = cutthroat(hands, ["bid 2", "pass", "pass"])
    play(state, "3S AS 2D  KS 3D 2H  QS 4D 3H  JS 5D 4H  TS 6D 5H  2S 7D 6H")
    assert state.scores == (-2, 4, 0) and state.winner == 1


# NS moon in partnership Pitch: N runs four top spades, S holds Low (2S) and wins
# the last two tricks in hearts; E and W hold no trump and take nothing.
MOON_4P = ["AS KS QS JS 4H 5H", "2D 3D 4D 5D 6D 7D", "2S 3S AH KH QH JH", "8D 9D TD 2C 3C 4C"]
PLAY_MOON_4P = "AS 2D 2S 8D  KS 3D 3S 9D  QS 4D AH TD  JS 5D KH 2C  4H 6D QH 3C  JH 4C 5H 7D"


def test_moon_auto_win_in_a_partnership_is_the_sides() -> None:
    """§4.4 moon_rule = auto_win set in partnership Pitch: the moon is the side's:
    N and S won every trick between them and the side has High, Low (S's 2S),
    Jack and Game, so NS win at once; with off it is an ordinary 4-point hand."""
    auto = pitch_dealt(MOON_4P, dealer=W, options={"moon_rule": "auto_win"})
    play_all(auto, ["bid 2", "pass", "pass", "pass"])
    play(auto, PLAY_MOON_4P)
    assert result(auto).points == (4, 0) and auto.is_over() and auto.winner == 0
    off = pitch_dealt(MOON_4P, dealer=W)
    play_all(off, ["bid 2", "pass", "pass", "pass"])
    play(off, PLAY_MOON_4P)
    assert result(off).points == (4, 0) and not off.is_over()


def test_moon_rule_declared() -> None:
    """pitch/cutthroat-3p ambiguity 1, moon_rule = declared: the maker may announce
    the moon before the first lead; made, it wins the game; failed, the maker scores
    nothing for the hand (here A made the bid of 2 with H, J, G, but B held Low)."""
    made = cutthroat(MOON_3P, ["bid 2", "pass", "pass"], moon_rule="declared")
    assert made.phase_name == "moon" and legal_texts(made) == {"pass", "bid moon"}
    made.apply("bid moon")
    play(made, PLAY_MOON_3P)
    assert made.scores == (4, 0, 0) and made.winner == 0

    hands = ["AS KS QS JS TS 9H", "2S 2H 3H 4H 5H 6H", "2D 3D 4D 5D 6D 7D"]
    play_low = "AS 2S 2D  KS 2H 3D  QS 3H 4D  JS 4H 5D  TS 5H 6D  9H 6H 7D"
    failed = cutthroat(hands, ["bid 2", "pass", "pass", "bid moon"], moon_rule="declared")
    play(failed, play_low)
    assert failed.scores == (0, 1, 0) and not failed.is_over()
    missed = cutthroat(hands, ["bid 4", "pass", "pass", "bid moon"], moon_rule="declared")
    play(missed, play_low)
    assert missed.scores == (-4, 1, 0)  # 3 points on a bid of 4: set back the bid as well

    undeclared = cutthroat(hands, ["bid 2", "pass", "pass", "pass"], moon_rule="declared")
    play(undeclared, play_low)
    assert undeclared.scores == (3, 1, 0)

    auto = cutthroat(hands, ["bid 2", "pass", "pass"])
    assert auto.phase_name == "play"  # nothing to declare under auto_win
    play(auto, play_low)
    assert auto.scores == (3, 1, 0) and not auto.is_over()


# Oklahoma moon: N and S hold every point card between them (S plays the 2S, so
# the deuce is NS's too); E follows with four low trumps; W has none.
OK_MOON = [
    "AS KS QS JS JC BJ",
    "7S 6S 5S 4S 2H 3H",
    "LJ TS 9S 8S 3S 2S",
    "4H 5H 6H 7H 8H 9H",
]
PLAY_OK_MOON = "AS 4S 2S  KS 5S 3S  QS 6S 8S  JS 7S 9S  JC TS  BJ LJ"
# The same with E holding the 2S (and S the 4S): EW keep the deuce, the moon fails.
OK_MOON_FAILS = [OK_MOON[0], "7S 6S 5S 2S 2H 3H", "LJ TS 9S 8S 3S 4S", OK_MOON[3]]
PLAY_OK_MOON_FAILS = "AS 2S 4S  KS 5S 3S  QS 6S 8S  JS 7S 9S  JC TS  BJ LJ"


def oklahoma_moon(
    scores: list[int], hands: list[str] = OK_MOON, plays: str = PLAY_OK_MOON, **options: Any
) -> followsuit.State:
    state = pitch_dealt(
        hands, dealer=W, variant="pitch/oklahoma-10-point", options=options, scores=list(scores)
    )
    play_all(state, ["bid moon", "pass", "pass", "pass", "trump S"])
    play(state, plays)
    return state


def test_oklahoma_moon_made_adds_41_and_failed_loses_41() -> None:
    """pitch/oklahoma-10-point: the moon (all 10 points) is worth the target, 41:
    +41 whatever the score (ambiguity 5), -41 on failure, when the opponents still
    score their own point (the deuce)."""
    made = oklahoma_moon([0, 0])
    assert result(made).points == (41, 0) and made.winner == 0
    negative = oklahoma_moon([-10, 0])
    assert negative.scores == (31, 0) and not negative.is_over()
    failed = oklahoma_moon([0, 0], OK_MOON_FAILS, PLAY_OK_MOON_FAILS)
    assert failed.scores == (-41, 1) and not failed.is_over()


def test_moon_value_option() -> None:
    """§4.4 moon_value: a made moon is worth moon_value instead of the target."""
    state = oklahoma_moon([0, 0], moon_value=20)
    assert state.scores == (20, 0) and not state.is_over()


def oklahoma_52_moon(**options: Any) -> followsuit.State:
    state = pitch_dealt(OK_MOON, dealer=W, variant="pitch/oklahoma-10-point-52", options=options)
    play_all(state, ["bid moon", "pass", "pass", "pass", "trump S"])
    play(state, PLAY_OK_MOON)
    return state


def test_oklahoma_52_moon_follows_the_target() -> None:
    """pitch/oklahoma-10-point-52: the moon is worth the target, 52 by default; a
    table that sets target_score moves the moon with it, unless it sets moon_value
    too (RULES.md §3, §4.4)."""
    assert result(oklahoma_52_moon()).points == (52, 0)
    assert result(oklahoma_52_moon(target_score=60)).points == (60, 0)
    assert result(oklahoma_52_moon(target_score=60, moon_value=30)).points == (30, 0)


def test_moon_success_set_to_target_or_zero() -> None:
    """§4.4 moon_success = set_to_target_or_zero: a made moon from a negative score
    brings it to 0 (add_value would give -10 + 41 = 31), from a non-negative score
    it wins the game; a failed moon loses the game."""
    option: dict[str, Any] = {"moon_success": "set_to_target_or_zero"}
    negative = oklahoma_moon([-10, 0], **option)
    assert negative.scores == (0, 0) and not negative.is_over()
    positive = oklahoma_moon([5, 0], **option)
    assert positive.is_over() and positive.winner == 0
    failed = oklahoma_moon([30, 0], OK_MOON_FAILS, PLAY_OK_MOON_FAILS, **option)
    assert failed.is_over() and failed.winner == 1
    assert failed.scores[1] == 1  # EW still add their deuce


def test_moon_success_set_to_target_sets_the_score_to_the_target() -> None:
    """§4.4 moon_success: "sets the score to the target (0 when negative)"; the
    [SAGE-ANSWERS] rule "jump to 52": from 5 the makers' score becomes 41."""
    state = oklahoma_moon([5, 0], moon_success="set_to_target_or_zero")
    assert state.scores == (41, 0) and state.winner == 0


# New Yorker moon: E (not the eldest) bids the moon and holds the six top spades
# with the 2S; the others hold no trump.
NY_MOON = ["2C 3C 4C TD 6C 7C", "AS KS QS JS TS 2S", "2D 3D 4D 5D 6D 7D", "2H 3H 4H 5H 6H TH"]
PLAY_NY_MOON = "AS 2D 2H 2C  KS 3D 3H 3C  QS 4D 4H 4C  JS 5D 5H TD  TS 6D 6H 6C  2S 7D TH 7C"


def new_yorker_moon(**options: Any) -> followsuit.State:
    state = pitch_dealt(NY_MOON, dealer=W, variant="pitch/new-yorker", options=options)
    play_all(state, ["pass", "bid moon", "pass", "pass", "trump S"])
    return state


def test_new_yorker_moon_bidder_skips_the_draw_and_leads() -> None:
    """pitch/new-yorker: a MOON bidder is not dealt in the second round and leads
    (otherwise the eldest leads)."""
    state = new_yorker_moon()
    assert state.phase_name == "draw" and state.current_player == N
    play_all(state, ["pass", "pass"])
    assert state.current_player == W  # E skipped
    state.apply("pass")
    assert state.phase_name == "play" and state.current_player == E


def test_new_yorker_moon_scoring_smudge5_or_win_lose_game() -> None:
    """pitch/new-yorker: every trick and H, L, J, G: +5 (smudge5, default), or the
    game is won outright (win_lose_game)."""
    smudge = new_yorker_moon()
    play_all(smudge, ["pass"] * 3)
    play(smudge, PLAY_NY_MOON)
    assert result(smudge).details == (
        ("HIGH", EW, 1),
        ("LOW", EW, 1),
        ("JACK", EW, 1),
        ("GAME", EW, 1),
    )
    assert smudge.scores == (0, 5) and not smudge.is_over()

    outright = new_yorker_moon(new_yorker_moon_scoring="win_lose_game")
    play_all(outright, ["pass"] * 3)
    play(outright, PLAY_NY_MOON)
    assert outright.is_over() and outright.winner == 1


def test_new_yorker_failed_moon() -> None:
    """pitch/new-yorker: a moon that loses a trick costs 5 (smudge5) while the other
    side scores what it won, or loses the game (win_lose_game)."""
    hands = ["2C 3C 4C TD 6C AH", "AS KS QS JS TS 9H", NY_MOON[2], "2H 3H 4H 5H 6H 7C"]
    plays = "AS 2D 2H 2C  KS 3D 3H 3C  QS 4D 4H 4C  JS 5D 5H TD  TS 6D 6H 6C  9H 7D 7C AH"

    def failed(**options: Any) -> followsuit.State:
        state = pitch_dealt(hands, dealer=W, variant="pitch/new-yorker", options=options)
        play_all(state, ["pass", "bid moon", "pass", "pass", "trump S"] + ["pass"] * 3)
        play(state, plays)
        return state

    smudge = failed()
    # N's AH takes the last trick; EW still have H, L (TS), J and Game, but not every trick
    assert result(smudge).points == (0, -5)
    outright = failed(new_yorker_moon_scoring="win_lose_game")
    assert outright.is_over() and outright.winner == 0


def test_new_yorker_moon_alone() -> None:
    """pitch/new-yorker new_yorker_moon_alone: the moon bidder's partner sits out
    (no draw, no cards played); by default the partner plays."""
    alone = new_yorker_moon(new_yorker_moon_alone=True)
    assert alone.contract.out == 1 << W
    play_all(alone, ["pass", "pass"])  # N and S; E (moon) and W (out) skipped
    assert alone.phase_name == "play" and alone.current_player == E
    play(alone, "AS 2D 2C")
    assert alone.current_player == E  # a trick of three cards
    assert new_yorker_moon().contract.out == 0


# ============================================================== special bids: five-bid, smudge


def five_bid(hands: list[str], bid: str) -> followsuit.State:
    state = pitch_dealt(hands, dealer=W, variant="pitch/five-bid", options={"num_players": 4})
    play_all(state, [f"bid {bid}", "pass", "pass", "pass"])
    lead = hands[N].split()
    others = [h.split() for h in hands[1:]]
    for k in range(6):
        play(state, " ".join([lead[k]] + [h[k] for h in others]))
    return state


FIVE_BID_DEAL = ["AS KS QS JS TS 3S", "2S 2H 3H 4H 5H 6H", "2D 3D 4D 5D 6D 7D", "2C 3C 4C 5C 6C 7C"]


def test_five_bid_made_scores_5_and_the_opponents_keep_low() -> None:
    """pitch/five-bid: every trick and the Jack captured: +5; the opponents still
    score what they won, here Low (E's 2S)."""
    state = five_bid(FIVE_BID_DEAL, "5")
    assert state.scores == (5, 1)


def test_five_bid_needs_the_jack_in_play() -> None:
    """pitch/five-bid ambiguity: the Jack must be among the cards won, so every
    trick without it fails: -5."""
    hands = ["AS KS QS TS 9S 3S", *FIVE_BID_DEAL[1:]]
    state = five_bid(hands, "5")
    assert state.scores == (-5, 1)


def test_every_trick_without_a_five_bid_scores_only_the_points() -> None:
    """pitch/five-bid: taking every trick on a bid of 4 scores only the 4 points."""
    hands = ["AS KS QS JS TS 2S", "2H 3H 4H 5H 6H 7H", *FIVE_BID_DEAL[2:]]
    assert five_bid(hands, "4").scores == (4, 0)


def test_nines_fives_smudge_takes_all_six_tricks() -> None:
    """pitch/nines-fives: a SMUDGE (all six tricks) made scores 19, not the 17
    points taken; the opponents still score their Low."""
    state = nines_fives("smudge", [0, 0])
    assert state.scores == (19, 1)


def test_nines_fives_dealer_match_ends_auction_option() -> None:
    """pitch/nines-fives: the dealer may match 18; by default players still in may
    then overbid (N: smudge, but no blind smudge after a first call); with
    dealer_match_ends_auction the match ends the auction."""
    state = pitch_dealt(NF_HANDS, dealer=W, variant="pitch/nines-fives", stock=NF_STOCK)
    play_all(state, ["bid 18", "pass", "pass"])
    assert legal_texts(state) == {"pass", "bid 18", "bid smudge", "bid blind-smudge"}
    state.apply("bid 18")
    assert state.phase_name == "auction" and state.current_player == N
    assert legal_texts(state) == {"pass", "bid smudge"}
    state.apply("pass")
    assert state.maker == W and state.phase_name == "trump"

    ends = pitch_dealt(
        NF_HANDS,
        dealer=W,
        variant="pitch/nines-fives",
        options={"dealer_match_ends_auction": True},
        stock=NF_STOCK,
    )
    play_all(ends, ["bid 18", "pass", "pass", "bid 18"])
    assert ends.maker == W and ends.phase_name == "trump"


# ============================================================== exchanges (§3)


def test_discard_draw_true_or_false() -> None:
    """pitch/discard-draw: after the maker names trump each player from the eldest
    discards any cards and is dealt as many from the stock; the maker then leads any
    card, trump staying as named. With discard_draw = false play starts at once."""
    options = {"num_players": 4}
    state = pitch_dealt(
        HAND_L, dealer=W, variant="pitch/discard-draw", options=options, stock="JS TS 9S 8S"
    )
    play_all(state, ["bid 2", "pass", "pass", "pass"])
    assert state.phase_name == "trump" and legal_texts(state) == {
        "trump C",
        "trump D",
        "trump H",
        "trump S",
    }
    play_all(state, ["trump S", "discard 4H 5H"])
    assert held(state, N) == {"AS", "KS", "QS", "6H", "JS", "TS"}
    assert state.current_player == E
    play_all(state, ["pass", "discard 2C 3C", "pass"])
    assert held(state, S) == {"4C", "5C", "6C", "7C", "9S", "8S"}
    assert state.phase_name == "play" and state.current_player == N
    state.apply("play 6H")
    assert state.trump == 3  # a heart led does not change the named trump

    no_draw = pitch_dealt(
        HAND_L, dealer=W, variant="pitch/discard-draw", options={**options, "discard_draw": False}
    )
    play_all(no_draw, ["bid 2", "pass", "pass", "pass", "trump S"])
    assert no_draw.phase_name == "play" and no_draw.current_player == N


# Oklahoma fill: three trumps (4S 3S 2S) are left in the stock, behind fifteen
# non-trumps; whoever takes the rest of the stock gets them.
OK_FILL = ["AS KS QS 2H 3H 4H", "JS JC BJ LJ TS 9S", "8S 7S 6S 5S 5H 6H", "7H 8H 9H TH JH QH"]
OK_FILL_STOCK = "2C 3C 4C 5C 6C 7C 8C 9C TC QC KC AC 2D 3D 4D"


def test_fill_recipient_dealer_or_bidder() -> None:
    """pitch/oklahoma-10-point: everyone drops non-trumps, the others are dealt back
    to six and the dealer takes the rest of the stock (fill_recipient = dealer); in
    Missouri's way (bidder) the bidder takes it and the dealer is filled like the
    others."""

    def filled(**options: Any) -> followsuit.State:
        state = pitch_dealt(
            OK_FILL,
            dealer=W,
            variant="pitch/oklahoma-10-point",
            options=options,
            stock=OK_FILL_STOCK,
        )
        play_all(state, ["bid 3", "pass", "pass", "pass", "trump S"])
        assert state.phase_name == "play"
        return state

    dealer = filled()
    assert held(dealer, N) == {"AS", "KS", "QS", "2C", "3C", "4C"}
    assert held(dealer, S) == {"8S", "7S", "6S", "5S", "5C", "6C"}
    assert trumps_held(dealer, W) == {"4S", "3S", "2S"} and len(dealer.hand(W)) == 6

    bidder = filled(fill_recipient="bidder")
    assert held(bidder, N) == {"AS", "KS", "QS", "4S", "3S", "2S"}
    assert held(bidder, S) == {"8S", "7S", "6S", "5S", "2C", "3C"}
    assert held(bidder, W) == {"4C", "5C", "6C", "7C", "8C", "9C"}  # W drops out


# Nine-card select: N holds nine trumps (six of them point cards); the rest of
# the trumps are E's and S's, so the stock holds none.
NINE_SELECT = [
    "AS KS QS JS JC BJ LJ TS 9S",
    "3S 2S 8S AH KH QH JH TH 9H",
    "7S 6S 5S 4S KD 2D 3D TD QD",
    "4C 5C 6C 7C 8C 9C 4D 5D 6D",
]


def nine_select(**options: Any) -> followsuit.State:
    return pitch_dealt(
        NINE_SELECT, dealer=W, variant="pitch/oklahoma-10-point/nine-card-select", options=options
    )


def test_bidder_may_pass_to_partner() -> None:
    """nine-card-select: the bidder keeps every trump (nine here) and burns non-point
    trumps beyond six. With bidder_may_pass_to_partner the bidder may first give
    surplus trumps to the partner, as long as the partner ends with at most six
    trumps (S holds four: room for two)."""
    plain = nine_select()
    plain.apply("pass")  # W declines the misdeal offer
    play_all(plain, ["bid 5", "pass", "pass", "pass", "trump S"])
    assert trumps_held(plain, N) == set(NINE_SELECT[N].split()) and len(plain.hand(N)) == 9
    assert plain.phase_name == "burn" and len(legal_texts(plain)) == 1
    assert allowed(plain, "discard KS QS 9S")

    giving = nine_select(bidder_may_pass_to_partner=True)
    giving.apply("pass")
    play_all(giving, ["bid 5", "pass", "pass", "pass", "trump S"])
    assert giving.phase_name == "give" and giving.current_player == N
    assert allowed(giving, "pass") and allowed(giving, "give KS QS")
    assert not allowed(giving, "give KS QS 9S")  # S would hold seven trumps
    assert len(legal_texts(giving)) == 1 + 9 + 36  # pass, or one or two of the nine
    giving.apply("give KS QS")
    assert held(giving, S) == {"7S", "6S", "5S", "4S", "KS", "QS"}  # dead cards made room
    assert legal_texts(giving) == {"discard 9S"}
    giving.apply("discard 9S")
    assert held(giving, N) == {"AS", "JS", "JC", "BJ", "LJ", "TS"}
    assert giving.phase_name == "play"


# New Yorker with a short stock: E and W lay down junk hands (3s to 9s) and are
# dealt six each from the top, leaving 16; N and E then discard six each.
NY_SHORT = ["AC KC QC JC TC 2C", "3C 4C 5C 6C 7C 8C", "2D 3D TD JD QD KD", "3S 4S 5S 6S 7S 8S"]
NY_SHORT_STOCK = "9C 9S TS JS QS KS AS 2S 4D 5D 6D 7D"


def new_yorker_short(**options: Any) -> followsuit.State:
    state = pitch_dealt(
        NY_SHORT, dealer=W, variant="pitch/new-yorker", options=options, stock=NY_SHORT_STOCK
    )
    assert state.phase_name == "claims" and state.current_player == E
    state.apply("claim-misdeal")
    assert held(state, E) == {"9C", "9S", "TS", "JS", "QS", "KS"}
    assert state.current_player == W
    state.apply("claim-misdeal")
    assert held(state, W) == {"AS", "2S", "4D", "5D", "6D", "7D"}
    play_all(state, ["bid 2", "pass", "pass", "pass", "trump H"])
    play_all(state, ["discard 2C TC JC QC KC AC", "discard 9C 9S TS JS QS KS"])
    assert held(state, N) == {"8D", "9D", "AD", "2H", "3H", "4H"}
    assert held(state, E) == {"5H", "6H", "7H", "8H", "9H", "TH"}
    assert state.current_player == S and len(state.piles.stock) == 4
    return state


def test_discard_limited_by_stock_true_or_false() -> None:
    """pitch/new-yorker discard_limited_by_stock: nobody discards more cards than
    the stock still holds (S: at most 4 of 6, W: none); with false S discards six,
    draws the last four from the stock and two from the discards, in the order they
    were discarded (N's first)."""
    limited = new_yorker_short()
    sizes = {len(t.split()) - 1 for t in legal_texts(limited) if t.startswith("discard")}
    assert sizes == {1, 2, 3, 4}
    assert reason(limited, "discard 2D 3D TD JD QD").startswith("the stock holds only 4")
    limited.apply("discard 2D 3D TD JD")
    assert held(limited, S) == {"QD", "KD", "JH", "QH", "KH", "AH"}
    assert legal_texts(limited) == {"pass"}  # W: the stock is empty

    unlimited = new_yorker_short(discard_limited_by_stock=False)
    unlimited.apply("discard 2D 3D TD JD QD KD")
    assert held(unlimited, S) == {"JH", "QH", "KH", "AH", "2C", "TC"}
    assert allowed(unlimited, "discard AS 2S 4D 5D 6D 7D")


def test_discard_pile_is_handed_out_in_the_order_written() -> None:
    """§1.2: short hands are completed from the discards turn by turn, each discard
    action's cards in the order written: N wrote AC KC first, so S (stock empty after
    four cards) receives AC and KC."""
    state = pitch_dealt(
        NY_SHORT,
        dealer=W,
        variant="pitch/new-yorker",
        options={"discard_limited_by_stock": False},
        stock=NY_SHORT_STOCK,
    )
    play_all(state, ["claim-misdeal", "claim-misdeal", "bid 2", "pass", "pass", "pass"])
    play_all(state, ["trump H", "discard AC KC QC JC TC 2C", "discard 9C 9S TS JS QS KS"])
    state.apply("discard 2D 3D TD JD QD KD")
    assert held(state, S) == {"JH", "QH", "KH", "AH", "AC", "KC"}


def test_written_discard_order_survives_records_observations_and_worlds() -> None:
    """The written order is part of the game: the record keeps it (and replays
    to the same hands), the discarder's observation shows it, an int action may
    give it as ``order``, and a world sampled for S (who retook AC and KC from
    N's unseen discard) is consistent with it."""
    state = pitch_dealt(
        NY_SHORT,
        dealer=W,
        variant="pitch/new-yorker",
        options={"discard_limited_by_stock": False},
        stock=NY_SHORT_STOCK,
    )
    play_all(state, ["claim-misdeal", "claim-misdeal", "bid 2", "pass", "pass", "pass"])
    play_all(state, ["trump H", "discard AC KC QC JC TC 2C"])
    written = "discard AC KC QC JC TC 2C"
    assert state.observation(N).actions[-1][2] == written
    assert state.observation(E).actions[-1][2] == "discard ? ? ? ? ? ?"
    deck = state.rules.deck
    twin = pitch_dealt(
        NY_SHORT,
        dealer=W,
        variant="pitch/new-yorker",
        options={"discard_limited_by_stock": False},
        stock=NY_SHORT_STOCK,
    )
    play_all(twin, ["claim-misdeal", "claim-misdeal", "bid 2", "pass", "pass", "pass", "trump H"])
    order = deck.parse_cards(written.split()[1:])
    with pytest.raises(IllegalAction, match="order"):
        twin.apply(A.DISCARD | deck.mask_of(["AC", "KC"]), order)
    twin.apply(A.DISCARD | deck.mask_of(written.split()[1:]), order)
    assert twin.piles.discards == state.piles.discards
    play_all(state, ["discard 9C 9S TS JS QS KS", "discard 2D 3D TD JD QD KD"])
    rec = record.to_record(state)
    assert [N, written] in rec["hands"][0]["actions"]
    again = record.replay(rec)
    assert again.hands == state.hands and again.piles.discards == state.piles.discards
    rng = random.Random(7)
    for _ in range(5):
        world = sample_world(state.observation(S), rng)
        assert world.observation(S) == state.observation(S)


# ============================================================== call-your-partner


# Call-your-partner (five players, dealer 4): the bidder (seat 0) holds four trumps;
# every other trump is dealt to seats 1-3, so the fill adds only dead cards.
CALL = [
    "AS KS QS JS 2H 3H",
    "JC BJ LJ TS 9S 8S",
    "3S 7S 4H 5H 6H 7H",
    "6S 5S 4S 2S 8H 9H",
    "2D 3D 4D 5D 6D 7D",
]


CALL_STOCK = "8D 9D TD JD QD KD AD 8C"  # the dead cards the fill deals to seats 0-3


def call_partner(**options: Any) -> followsuit.State:
    state = pitch_dealt(
        CALL, dealer=4, variant="pitch/call-your-partner", options=options, stock=CALL_STOCK
    )
    play_all(state, ["bid 3", "pass", "pass", "pass", "pass", "trump S"])
    assert state.phase_name == "call-partner" and state.current_player == 0
    return state


def test_called_card_must_be_trump_true_or_false() -> None:
    """pitch/call-your-partner: the bidder names a trump not in hand (12 here);
    with called_card_must_be_trump = false any card not held (48 of 54)."""
    trump = call_partner()
    assert legal_texts(trump) == {
        f"call-partner {c}"
        for c in ["JC", "BJ", "LJ", "TS", "9S", "8S", "3S", "7S", "6S", "5S", "4S", "2S"]
    }
    assert reason(trump, "call-partner 2D") == "the called card must be a trump"
    assert reason(trump, "call-partner AS") == (
        "the bidder may not call a card in the bidder's own hand"
    )
    anything = call_partner(called_card_must_be_trump=False)
    assert len(legal_texts(anything)) == 54 - 6 and allowed(anything, "call-partner 2D")


def test_called_card_first_trick() -> None:
    """pitch/call-your-partner (called_card_first_trick = true): the call is public,
    and the holder of the called card must play it to the first trick."""
    forced = call_partner()
    forced.apply("call-partner 3S")
    assert forced.observation(1).actions[-1][2] == "call-partner 3S"  # the call is public
    play_all(forced, ["play AS", "play 8S"])
    assert legal_cards(forced) == {"3S"}
    assert reason(forced, "play 7S") == "the called card 3S must be played to the first trick"


def test_called_card_first_trick_false_leaves_the_holder_free() -> None:
    """pitch/call-your-partner with called_card_first_trick = false: the holder of
    the called 3S may play either trump to the first trick."""
    free = call_partner(called_card_first_trick=False)
    play_all(free, ["call-partner 3S", "play AS", "play 8S"])
    assert legal_cards(free) == {"3S", "7S"}


def test_base_points_10_or_13() -> None:
    """pitch/call-your-partner base_points: 13 adds the off-trey (3 of the same
    colour, a trump worth 3), so the target is 13 x 5 + 1 = 66 instead of 51, and
    the 3C may be called."""
    ten = call_partner()
    assert ten.rules.settings.target_score == 51 and "call-partner 3C" not in legal_texts(ten)
    thirteen = call_partner(base_points=13)
    assert thirteen.rules.settings.target_score == 66 and "call-partner 3C" in legal_texts(thirteen)


def test_call_your_partner_each_partner_scores_the_sides_total() -> None:
    """pitch/call-your-partner: the bidder (seat 0) and the holder of the called 3S
    (seat 2) pool their points, and each adds the sum (7 >= 3: A, J, LJ, T, trey);
    each opponent adds the opponents' sum (jick, big joker, seat 3's deuce: 3)."""
    state = call_partner()
    state.apply("call-partner 3S")
    play(state, "AS 8S 3S 2S  KS 9S 7S 4S  QS TS 5S  JS LJ 6S")
    assert state.current_player == 1  # seat 0 is out of trumps: the lead passes on
    play(state, "JC  BJ")
    assert result(state).details == (
        ("JACK", (0, 2), 1),
        ("JICK", (1, 3, 4), 1),
        ("BIG_JOKER", (1, 3, 4), 1),
        ("LITTLE_JOKER", (0, 2), 1),
        ("TREY", (0, 2), 3),
        ("ACE_CARD", (0, 2), 1),
        ("TEN_CARD", (0, 2), 1),
        ("DEUCE_CARD", (1, 3, 4), 1),
    )
    assert state.scores == (7, 3, 7, 3, 3)


# ============================================================== misdeal offers (§1.13)


def test_misdeal_only_4_to_9_offered_and_claimed() -> None:
    """nine-card-select: W's nine cards are all 4s to 9s: W (only W) is offered a
    misdeal before the bidding; a claim redeals and the deal passes to the left.
    With misdeal_only_4_to_9 = false the bidding starts at once."""
    state = nine_select()
    assert state.phase_name == "claims" and state.current_player == W
    assert legal_texts(state) == {"claim-misdeal", "pass"}
    state.apply("claim-misdeal")
    assert result(state).redeal and state.dealer == N

    declined = nine_select()
    declined.apply("pass")
    assert declined.phase_name == "auction" and declined.current_player == N

    off = nine_select(misdeal_only_4_to_9=False)
    assert off.phase_name == "auction" and off.current_player == N


def test_new_yorker_junk_hand_option() -> None:
    """pitch/new-yorker: a first hand of only 3s to 9s may be laid down for six new
    cards from the top of the stock, offered in turn from the eldest, once per player
    (E's new hand, junk again, is not offered); a declined offer is private.
    new_yorker_junk_hand = false makes no offer."""
    state = pitch_dealt(NY_SHORT, dealer=W, variant="pitch/new-yorker", stock="4H 5H 6H 7H 8H 9H")
    assert state.phase_name == "claims" and state.current_player == E
    assert legal_texts(state) == {"claim-misdeal", "pass"}
    state.apply("claim-misdeal")
    assert held(state, E) == {"4H", "5H", "6H", "7H", "8H", "9H"}
    assert state.current_player == W
    state.apply("pass")  # W keeps the hand
    assert state.phase_name == "auction" and state.current_player == N
    assert [t for _, _, t in state.observation(N).actions] == ["claim-misdeal"]
    assert [t for _, _, t in state.observation(W).actions] == ["claim-misdeal", "pass"]

    off = pitch_dealt(
        NY_SHORT, dealer=W, variant="pitch/new-yorker", options={"new_yorker_junk_hand": False}
    )
    assert off.phase_name == "auction" and off.current_player == N


def test_two_player_throw_in_option() -> None:
    """pitch/2-player: a hand topped by a ten may be thrown in (asked before the
    auction, the non-dealer first); the same dealer deals again. With
    two_player_throw_in = false there is no offer."""
    hands = ["2C 3C 4C 5C 6C 7C 8C 9C TC", "AS KS QS JS TS 2S 2H 3H 4H"]
    state = pitch_dealt(hands, dealer=1, variant="pitch/2-player")
    assert state.phase_name == "claims" and state.current_player == 0
    assert legal_texts(state) == {"claim-misdeal", "pass"}
    state.apply("claim-misdeal")
    assert result(state).redeal and state.dealer == 1

    off = pitch_dealt(
        hands, dealer=1, variant="pitch/2-player", options={"two_player_throw_in": False}
    )
    assert off.phase_name == "auction" and off.current_player == 0
    assert legal_texts(off) == {"pass", "bid 2", "bid 3", "bid 4", "bid 5"}

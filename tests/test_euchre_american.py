"""One test per rule of American Euchre (RULES.md §2A) and per option of §4.2."""

from __future__ import annotations

import math
import random

import pytest

import followsuit
from followsuit.engine import IllegalAction
from followsuit.engine import actions as A
from followsuit.engine.deal import deal_from_order, permutation, shuffle_number
from followsuit.engine.phases.play import reneges

from .conftest import (
    S1_HANDS,
    S1_KITTY,
    S1_UP,
    dealt,
    legal_cards,
    legal_texts,
    play_all,
    without_penalty,
)

# --------------------------------------------------------------------------- deal


def test_deal_five_each_upcard_and_hidden_kitty() -> None:
    game = followsuit.new_game("euchre/american", seed=11)
    deal = game.dealt
    assert deal is not None
    assert [len(h) for h in deal.hands] == [5, 5, 5, 5]
    assert deal.upcard is not None and len(deal.kitty) == 3
    assert sorted(deal.all_cards()) == list(range(24))


def test_deal_packets_three_two_from_the_eldest() -> None:
    rules = followsuit.load_rules("euchre/american")
    deal = deal_from_order(rules, dealer=3, order=list(range(24)))
    # eldest (seat 0) gets 3 then 2; seat 1 gets 2 then 3; …; 21st card turned up
    assert deal.hands[0] == (0, 1, 2, 10, 11)
    assert deal.hands[1] == (3, 4, 12, 13, 14)
    assert deal.hands[3] == (8, 9, 17, 18, 19)
    assert deal.upcard == 20
    assert deal.kitty == (21, 22, 23)


def test_dealer_rotates_left_each_hand() -> None:
    game = followsuit.new_game("euchre/american", seed=3, dealer=1)
    assert game.dealer == 1 and game.current_player == 2
    while game.hand_no == 1:
        game.apply(game.legal_actions()[0])
    assert game.dealer == 2 and game.current_player == 3


def test_seeded_games_are_reproducible() -> None:
    a = followsuit.new_game("euchre/american", seed="same")
    b = followsuit.new_game("euchre/american", seed="same")
    assert a.dealt == b.dealt and a.dealer == b.dealer
    c = followsuit.new_game("euchre/american", seed="other")
    assert a.dealt != c.dealt


# ------------------------------------------------------------------------ calling


def test_round_one_choices_are_pass_order_up_or_alone() -> None:
    state = dealt(S1_HANDS, S1_UP, S1_KITTY)
    assert state.current_player == 0  # eldest: left of dealer 3
    assert legal_texts(state) == {"pass", "order-up", "order-up alone"}


def test_order_up_ends_calling_and_dealer_picks_up_and_discards() -> None:
    state = dealt(S1_HANDS, S1_UP, S1_KITTY)
    state.apply("order-up")
    assert state.trump == 2 and state.maker == 0  # hearts, N
    assert state.current_player == 3 and state.phase_name == "discard"
    assert "KH" in {str(c) for c in state.hand(3)} and len(state.hand(3)) == 6
    state.apply("discard QC")
    assert len(state.hand(3)) == 5 and state.current_player == 0
    assert state.phase_name == "play"


def test_round_two_names_another_suit_not_the_turned_one() -> None:
    state = dealt(S1_HANDS, S1_UP, S1_KITTY)
    play_all(state, ["pass"] * 4)
    assert legal_texts(state) == {
        "pass",
        "call C",
        "call D",
        "call S",
        "call C alone",
        "call D alone",
        "call S alone",
    }
    with pytest.raises(IllegalAction, match="hearts was turned down; name another suit"):
        state.apply("call H")
    state.apply("call S")
    assert state.trump == 3 and state.maker == 0
    assert state.phase_name == "play"  # no pick-up in round 2


def test_order_up_in_round_two_is_refused() -> None:
    state = dealt(S1_HANDS, S1_UP, S1_KITTY)
    play_all(state, ["pass"] * 4)
    with pytest.raises(IllegalAction, match="round 2: the up card was turned down"):
        state.apply("order-up")


def test_naming_a_suit_in_round_one_is_refused() -> None:
    state = dealt(S1_HANDS, S1_UP, S1_KITTY)
    with pytest.raises(IllegalAction, match="round 1: order up"):
        state.apply("call S")


def test_all_pass_twice_throws_in_and_deal_passes_left() -> None:
    state = dealt(S1_HANDS, S1_UP, S1_KITTY, dealer=3)
    play_all(state, ["pass"] * 8)
    (hand,) = state.history()
    assert hand.result.redeal and hand.result.points == (0, 0)
    assert hand.result.trump is None and hand.result.maker is None
    assert state.needs_deal and state.dealer == 0


def test_all_pass_same_dealer_option() -> None:
    state = dealt(
        S1_HANDS, S1_UP, S1_KITTY, dealer=3, options={"euchre_all_pass_redeal": "same_dealer"}
    )
    play_all(state, ["pass"] * 8)
    assert state.dealer == 3


def test_stick_the_dealer() -> None:
    state = dealt(S1_HANDS, S1_UP, S1_KITTY, options={"stick_the_dealer": True})
    play_all(state, ["pass"] * 7)
    assert state.current_player == 3
    assert "pass" not in legal_texts(state)
    with pytest.raises(IllegalAction, match="stick the dealer"):
        state.apply("pass")
    state.apply("call C")
    assert state.maker == 3


# ------------------------------------------------------------------- going alone


def test_going_alone_partner_sits_out_and_is_skipped() -> None:
    state = dealt(S1_HANDS, S1_UP, S1_KITTY)
    state.apply("order-up alone")  # N alone; S (2) sits out
    state.apply("discard QC")
    assert state.contract.out == 1 << 2
    order = []
    for _ in range(3):
        order.append(state.current_player)
        state.apply(state.legal_actions()[0])
    assert order == [0, 1, 3]


def test_loner_whose_partner_deals_plays_without_the_up_card() -> None:
    # N orders up alone while S deals: S sits out and the up card stays out of play.
    state = dealt(S1_HANDS, S1_UP, S1_KITTY, dealer=2)
    state.apply("pass")  # W, the eldest
    state.apply("order-up alone")  # N, partner of dealer S
    assert state.phase_name == "play" and not state.observation(None).upcard_taken
    assert len(state.hand(2)) == 5


def test_only_the_maker_may_go_alone_by_default() -> None:
    state = dealt(S1_HANDS, S1_UP, S1_KITTY)
    state.apply("order-up")
    state.apply("discard QC")
    assert state.phase_name == "play"  # nobody else is asked


def test_partner_may_take_the_lone_hand_option() -> None:
    state = dealt(
        S1_HANDS, S1_UP, S1_KITTY, options={"euchre_alone_allowed_for": "maker_or_partner"}
    )
    state.apply("order-up")
    assert state.current_player == 2 and legal_texts(state) == {"alone", "partner"}
    state.apply("alone")  # S plays alone; the maker N sits out
    assert state.contract.alone == 2 and state.contract.out == 1 << 0 and state.maker == 0
    state.apply("discard QC")
    assert state.current_player == 1  # eldest N sits out: next active leads


def test_alone_after_exchange_option_openspiel() -> None:
    state = dealt(S1_HANDS, S1_UP, S1_KITTY, options={"euchre_alone_timing": "after_exchange"})
    assert legal_texts(state) == {"pass", "order-up"}
    with pytest.raises(IllegalAction, match="decided after the exchange"):
        state.apply("order-up alone")
    state.apply("order-up")
    state.apply("discard QC")
    assert state.current_player == 0 and legal_texts(state) == {"alone", "partner"}
    state.apply("alone")
    assert state.contract.out == 1 << 2


def test_dealer_may_not_discard_upcard_option() -> None:
    state = dealt(S1_HANDS, S1_UP, S1_KITTY, options={"dealer_may_discard_upcard": False})
    state.apply("order-up")
    assert "discard KH" not in legal_texts(state)
    with pytest.raises(IllegalAction, match="may not discard the card just picked up"):
        state.apply("discard KH")
    assert "discard KH" in legal_texts(dealt(S1_HANDS, S1_UP, S1_KITTY).child("order-up"))


def test_defend_alone_option() -> None:
    state = dealt(S1_HANDS, S1_UP, S1_KITTY, options={"defend_alone": True})
    state.apply("order-up")
    state.apply("discard QC")
    assert state.current_player == 1 and legal_texts(state) == {"defend-alone", "partner"}
    state.apply("partner")
    assert state.current_player == 3
    state.apply("defend-alone")
    assert state.contract.defender_alone == 3 and state.contract.out == 1 << 1


def test_defenders_are_asked_whether_or_not_the_maker_went_alone() -> None:
    """§4.2 defend_alone: asked after the dealer's discard and the maker's alone
    decision, both defenders in turn; the first defend-alone ends the asking."""
    alone = dealt(S1_HANDS, S1_UP, S1_KITTY, options={"defend_alone": True})
    play_all(alone, ["order-up alone", "discard QC"])  # N alone: S sits out
    assert alone.current_player == 1 and legal_texts(alone) == {"defend-alone", "partner"}
    alone.apply("defend-alone")  # E: W sits out too, nobody else is asked
    assert alone.phase_name == "play" and alone.contract.out == 1 << 2 | 1 << 3
    after = dealt(
        S1_HANDS,
        S1_UP,
        S1_KITTY,
        options={"defend_alone": True, "euchre_alone_timing": "after_exchange"},
    )
    play_all(after, ["order-up", "discard QC", "partner"])  # the maker's decision first
    assert after.current_player == 1 and legal_texts(after) == {"defend-alone", "partner"}
    play_all(after, ["partner", "partner"])
    assert after.phase_name == "play" and after.contract.out == 0


@pytest.mark.parametrize(
    ("dealer", "order", "first"),
    [
        # S1's hands; the eldest (dealer + 1) orders up, so it is the maker
        (3, "maker_left", 1),  # N makes: E then W
        (3, "dealer_left", 1),  # dealer W: N (dealer + 1) makes, so E (dealer + 2)
        (0, "maker_left", 2),  # E makes: S then N
        (0, "dealer_left", 2),  # dealer N: E makes, so S
    ],
)
def test_defend_alone_order(dealer: int, order: str, first: int) -> None:
    """§4.2 defend_alone_order: maker_left asks the defender on the maker's left
    first; dealer_left (OpenSpiel) the defender nearer the dealer's left."""
    options = {"defend_alone": True, "defend_alone_order": order}
    state = dealt(S1_HANDS, S1_UP, S1_KITTY, dealer=dealer, options=options)
    maker = (dealer + 1) % 4
    state.apply("order-up")
    state.apply(state.legal_actions()[0])  # the dealer's discard
    assert state.maker == maker and state.current_player == first
    state.apply("partner")
    assert state.current_player == (first + 2) % 4


def test_defend_alone_order_dealer_left_when_the_maker_is_not_eldest() -> None:
    """dealer_left asks seat dealer + 1 first when it is a defender."""
    for order, first in (("maker_left", 3), ("dealer_left", 1)):
        options = {"defend_alone": True, "defend_alone_order": order}
        state = dealt(S1_HANDS, S1_UP, S1_KITTY, dealer=0, options=options)
        play_all(state, ["pass", "order-up"])  # E passes, S (seat 2) orders up
        state.apply(state.legal_actions()[0])  # N, the dealer, discards
        assert state.maker == 2 and state.current_player == first


def test_left_of_loner_lead_against_a_lone_defender() -> None:
    """euchre_lone_lead = left_of_loner: with no lone maker the lone defender is the
    loner; the lead is the first seat on its left that plays."""
    options = {"defend_alone": True, "euchre_lone_lead": "left_of_loner"}
    state = dealt(S1_HANDS, S1_UP, S1_KITTY, options=options)
    play_all(state, ["order-up", "discard QC", "partner", "defend-alone"])  # W defends alone
    assert state.contract.defender_alone == 3 and state.current_player == 0  # N, on W's left
    both = dealt(S1_HANDS, S1_UP, S1_KITTY, options=options)
    play_all(both, ["order-up alone", "discard QC", "partner", "defend-alone"])
    # N alone (S out), W alone (E out): on N's left E and S sit out, so W leads
    assert both.contract.out == 1 << 1 | 1 << 2 and both.current_player == 3
    default = dealt(S1_HANDS, S1_UP, S1_KITTY, options={"defend_alone": True})
    play_all(default, ["order-up", "discard QC", "partner", "defend-alone"])
    assert default.current_player == 0  # the eldest N leads by default


def test_dealer_picks_up_after_exchange_even_when_sitting_out() -> None:
    """§4.2 euchre_alone_timing = after_exchange: the dealer always takes the up
    card and discards first, also when the dealer is the partner who sits out."""
    state = dealt(
        S1_HANDS, S1_UP, S1_KITTY, dealer=2, options={"euchre_alone_timing": "after_exchange"}
    )
    play_all(state, ["pass", "order-up"])  # W passes; N, the dealer's partner, orders up
    assert (
        state.current_player == 2 and state.observation(None).upcard_taken
    )  # the dealer S discards
    play_all(state, ["discard 9S", "alone"])
    assert state.contract.out == 1 << 2 and state.phase_name == "play"


def test_british_refuses_after_exchange_with_the_partner_rule() -> None:
    with pytest.raises(followsuit.OptionError, match="after_exchange cannot be played"):
        followsuit.load_rules("euchre/british", {"euchre_alone_timing": "after_exchange"})
    rules = followsuit.load_rules(
        "euchre/british",
        {"euchre_alone_timing": "after_exchange", "british_dealer_partner_must_go_alone": False},
    )
    assert rules.settings.euchre_alone_timing == "after_exchange"


# ------------------------------------------------------------- ranking and play


def test_trump_ranking_right_left_then_ace() -> None:
    rules = followsuit.load_rules("euchre/american")
    from followsuit.engine.program import program_for

    table = program_for(rules).tables[0]  # clubs
    deck = rules.deck
    order = sorted((c for c in range(24) if table.eff[c] == 0), key=lambda c: -table.power[c])
    assert [deck.codes[c] for c in order] == ["JC", "JS", "AC", "KC", "QC", "TC", "9C"]
    spades = sorted((c for c in range(24) if table.eff[c] == 3), key=lambda c: -table.power[c])
    assert [deck.codes[c] for c in spades] == ["AS", "KS", "QS", "TS", "9S"]


def test_must_follow_the_led_suit() -> None:
    # S1 trick 3: E leads KS; W holds QS JS and must follow.
    state = dealt(S1_HANDS, S1_UP, S1_KITTY)
    play_all(
        state,
        [
            "order-up",
            "discard QC",
            "play JH",
            "play QH",
            "play TH",
            "play 9H",
            "play AH",
            "play JD",
            "play 9S",
            "play KH",
            "play KS",
            "play KC",
        ],
    )
    assert legal_cards(state) == {"QS", "JS"}


def test_void_player_may_play_anything() -> None:
    state = dealt(S1_HANDS, S1_UP, S1_KITTY)
    play_all(
        state,
        [
            "order-up",
            "discard QC",
            "play JH",
            "play QH",
            "play TH",
            "play 9H",
            "play AH",
            "play JD",
            "play 9S",
            "play KH",
            "play KS",
        ],
    )
    assert legal_cards(state) == {"AC", "KC", "AD"}  # S is void in spades


def test_left_bower_must_follow_a_trump_lead() -> None:
    state = dealt(S1_HANDS, S1_UP, S1_KITTY)
    play_all(
        state, ["order-up", "discard QC", "play JH", "play QH", "play TH", "play 9H", "play AH"]
    )
    assert legal_cards(state) == {"JD"}
    with pytest.raises(IllegalAction) as exc:
        state.apply("play KS")
    assert exc.value.reason == "must follow hearts: KS is not a heart; the left bower JD is a heart"


def test_left_bower_cannot_follow_its_printed_suit() -> None:
    # S4: hearts trump; W holds QD and JD on a diamond lead: only QD.
    hands = ["TD 9D KC QS KS", "KH TH AS JC 9S", "AD KD 9C TS AC", "JH AH JD QD TC"]
    state = dealt(hands, "9H", "QC QH JS", dealer=1)
    play_all(state, ["pass", "order-up", "discard 9S", "play AD"])
    assert state.current_player == 3 and legal_cards(state) == {"QD"}
    with pytest.raises(IllegalAction) as exc:
        state.apply("play JD")
    assert exc.value.reason == "must follow diamonds: JD is a heart here, not a diamond"


def test_left_bower_alone_in_printed_suit_counts_as_void() -> None:
    hands = ["TD 9D KC QS KS", "KH TH AS JC 9S", "AD KD 9C TS AC", "JH AH JD QD TC"]
    state = dealt(hands, "9H", "QC QH JS", dealer=1)
    play_all(
        state,
        [
            "pass",
            "order-up",
            "discard 9S",
            "play AD",
            "play QD",
            "play 9D",
            "play 9H",
            "play JC",
            "play AC",
            "play TC",
            "play KC",
            "play KD",
        ],
    )
    assert legal_cards(state) == {"JH", "AH", "JD"}


def test_trick_winner_highest_trump_else_highest_of_led_suit() -> None:
    state = dealt(S1_HANDS, S1_UP, S1_KITTY)
    play_all(state, ["order-up", "discard QC"])
    play_all(state, ["play JH", "play QH", "play TH", "play 9H"])
    assert state.tricks[-1].winner == 0
    play_all(state, ["play AH", "play JD", "play 9S", "play KH"])
    assert state.tricks[-1].winner == 1  # the left bower beats the ace
    play_all(state, ["play KS", "play KC", "play JS", "play AS"])
    assert state.tricks[-1].winner == 0  # off-suit KC cannot win


def test_first_lead_is_the_eldest() -> None:
    state = dealt(S1_HANDS, S1_UP, S1_KITTY, dealer=1)
    state.apply("order-up")  # eldest 2 orders up; dealer 1 discards
    state.apply("discard 9C")
    assert state.current_player == 2


def test_lone_lead_skips_a_sitting_out_eldest() -> None:
    state = dealt(S1_HANDS, S1_UP, S1_KITTY, dealer=1)
    play_all(state, ["pass", "pass"])  # seats 2, 3
    state.apply("order-up alone")  # seat 0 alone; its partner 2 (the eldest) sits out
    state.apply("discard 9C")
    assert state.current_player == 3


def test_left_of_loner_lead_option() -> None:
    state = dealt(S1_HANDS, S1_UP, S1_KITTY, options={"euchre_lone_lead": "left_of_loner"})
    state.apply("order-up alone")  # N (eldest) alone
    state.apply("discard QC")
    assert state.current_player == 1  # E, left of the loner, leads
    default = dealt(S1_HANDS, S1_UP, S1_KITTY)
    default.apply("order-up alone")
    default.apply("discard QC")
    assert default.current_player == 0


def test_first_lead_by_maker_option() -> None:
    state = dealt(S1_HANDS, S1_UP, S1_KITTY, options={"first_lead": "maker"})
    play_all(state, ["pass", "pass", "order-up", "discard QC"])
    assert state.current_player == 2


def test_playing_a_card_not_held_is_refused_and_changes_nothing() -> None:
    state = dealt(S1_HANDS, S1_UP, S1_KITTY)
    play_all(state, ["order-up", "discard QC"])
    before = state.clone()
    with pytest.raises(IllegalAction, match="9C is not in seat 0's hand"):
        state.apply("play 9C")
    assert state.log == before.log and state.hands == before.hands
    assert state.legal_actions() == before.legal_actions()


def test_malformed_action_text_is_refused() -> None:
    state = dealt(S1_HANDS, S1_UP, S1_KITTY)
    with pytest.raises(IllegalAction, match="unknown action"):
        state.apply("dance")
    with pytest.raises(IllegalAction, match="not a card"):
        state.apply("play XX")
    assert state.log == ()


# ------------------------------------------------------------------------ scoring


def _finish(state: followsuit.State) -> followsuit.HandResult:
    while state.dealt is not None:
        state.apply(state.legal_actions()[0])
    return state.history()[-1].result


def test_makers_three_or_four_tricks_score_one() -> None:
    # S1: N-S take 4 tricks
    state = dealt(S1_HANDS, S1_UP, S1_KITTY)
    play_all(
        state,
        [
            "order-up",
            "discard QC",
            "play JH",
            "play QH",
            "play TH",
            "play 9H",
            "play AH",
            "play JD",
            "play 9S",
            "play KH",
            "play KS",
            "play KC",
            "play JS",
            "play AS",
            "play TC",
            "play 9C",
            "play AC",
            "play QS",
            "play AD",
            "play KD",
            "play QD",
            "play TD",
        ],
    )
    assert state.history()[-1].result.points == (1, 0)


def _marching_hand(options: dict | None = None, alone: bool = False) -> followsuit.State:
    hands = ["JH JD AH KH QH", "9C TC JC QC KC", "9S TS JS QS KS", "9D TD QD KD AD"]
    state = dealt(hands, "TH", "AC AS 9H", dealer=3, options=options)
    state.apply("order-up alone" if alone else "order-up")
    state.apply("discard 9D")
    return state


def test_march_scores_two() -> None:
    state = _marching_hand()
    result = _finish_with(state, lead_high=True)
    assert result.points == (2, 0)


def test_lone_march_scores_four() -> None:
    state = _marching_hand(alone=True)
    result = _finish_with(state, lead_high=True)
    assert result.points == (4, 0)


def _finish_with(state: followsuit.State, lead_high: bool) -> followsuit.HandResult:
    table = state.table
    while state.dealt is not None:
        legal = state.proper_actions()  # the rest of the hand by the rules
        state.apply(max(legal, key=lambda c: table.power[c]) if lead_high else legal[0])
    return state.history()[-1].result


def test_euchred_makers_give_defenders_two() -> None:
    # S3 hand: S calls diamonds and takes 2 tricks.
    hands = ["9D KH QC TS JC", "QD TD AH KC 9S", "JD AD KS QS 9H", "JH KD AC AS TH"]
    state = dealt(hands, "9C", "TC QH JS", dealer=0)
    play_all(state, ["pass"] * 4 + ["pass", "call D"])
    play_all(
        state,
        [
            "play AH",
            "play 9H",
            "play TH",
            "play KH",
            "play KC",
            "play AD",
            "play AC",
            "play QC",
            "play JD",
            "play KD",
            "play 9D",
            "play TD",
            "play KS",
            "play AS",
            "play TS",
            "play 9S",
            "play JH",
            "play JC",
            "play QD",
            "play QS",
        ],
    )
    assert state.history()[-1].result.points == (0, 2)


def _zero_trick_hand(options: dict) -> followsuit.HandResult:
    hands = ["9C TC 9S TS 9D", "JH JD AH KH QH", "QC KC QS KS TD", "JC JS AC AS AD"]
    state = dealt(hands, "9H", "QD KD TH", dealer=3, options=options)
    state.apply("order-up")  # N orders hearts with no hearts at all
    state.apply("discard 9H")
    return _finish_with(state, lead_high=True)


def test_super_euchre_option() -> None:
    assert _zero_trick_hand({}).points == (0, 2)
    assert _zero_trick_hand({"super_euchre": True}).points == (0, 4)


def _lone_defender_zero_trick_hand(options: dict) -> followsuit.HandResult:
    hands = ["9C TC 9S TS 9D", "JH JD AH KH QH", "QC KC QS KS TD", "JC JS AC AS AD"]
    state = dealt(hands, "9H", "QD KD TH", dealer=3, options={"defend_alone": True, **options})
    play_all(state, ["order-up", "discard 9H", "defend-alone"])  # E defends alone
    return _finish_with(state, lead_high=True)


def test_lone_defender_euchre_scores_its_points_whatever_the_tricks() -> None:
    """§4.2: a lone defender's euchre scores defend_alone_euchre_points in every
    case, super_euchre or not, tricks taken or not."""
    assert _lone_defender_zero_trick_hand({}).points == (0, 4)
    assert _lone_defender_zero_trick_hand({"super_euchre": True}).points == (0, 4)
    low = {"super_euchre": True, "defend_alone_euchre_points": 3}
    assert _lone_defender_zero_trick_hand(low).points == (0, 3)


def test_custom_points_table() -> None:
    result = _zero_trick_hand({"euchre_points": [1, 2, 4, 3]})
    assert result.points == (0, 3)


def test_game_to_ten_and_target_option() -> None:
    game = followsuit.new_game("euchre/american", seed=5)
    while not game.is_over():
        game.apply(game.legal_actions()[-1])
    assert game.winner is not None and game.scores[game.winner] >= 10
    assert max(game.scores[k] for k in range(2) if k != game.winner) < 10
    short = followsuit.new_game("euchre/american", {"target_score": 3}, seed=5)
    while not short.is_over():
        short.apply(short.legal_actions()[-1])
    assert short.scores[short.winner] >= 3 and len(short.history()) < len(game.history())


def test_no_action_after_the_game_is_over() -> None:
    game = followsuit.new_game("euchre/american", {"target_score": 1}, seed=2)
    while not game.is_over():
        game.apply(game.legal_actions()[-1])
    assert game.legal_actions() == () and game.current_player is None
    with pytest.raises(IllegalAction, match="the game is over"):
        game.apply(A.PASS)


# ------------------------------------------------------------------------- renege


def _penalty_effect(state: followsuit.State) -> list[int]:
    """Points of the hand with its reneges minus the same hand without them."""
    clean = without_penalty(state)
    with_r = _finish_with(state, lead_high=False).points
    without = _finish_with(clean, lead_high=False).points
    assert with_r is not None and without is not None
    return [a - b for a, b in zip(with_r, without, strict=True)]


def test_renege_penalize_mode_accepts_and_penalises() -> None:
    options = {"renege_mode": "penalize"}
    state = dealt(S1_HANDS, S1_UP, S1_KITTY, options=options)
    play_all(state, ["order-up", "discard QC", "play JH"])
    # E holds QH and JD but may now play anything; only those two are proper
    assert legal_cards(state) == {"JD", "QH", "KS", "TD", "9C"}
    assert {state.rules.deck.codes[a] for a in state.proper_actions()} == {"JD", "QH"}
    state.apply("play 9C")
    assert reneges(state) == (1,)
    assert _penalty_effect(state) == [2, 0]


def test_renege_penalty_is_doubled_with_a_lone_hand() -> None:
    state = dealt(S1_HANDS, S1_UP, S1_KITTY, options={"renege_mode": "penalize"})
    play_all(state, ["order-up alone", "discard QC", "play JH", "play 9C"])
    assert reneges(state) == (1,)
    assert _penalty_effect(state) == [4, 0]


def test_renege_by_makers_pays_the_defenders() -> None:
    state = dealt(S1_HANDS, S1_UP, S1_KITTY, options={"renege_mode": "penalize"})
    play_all(state, ["order-up", "discard QC", "play TC", "play 9C", "play AD"])
    assert reneges(state) == (2,)  # S holds AC and KC
    assert _penalty_effect(state) == [0, 2]


def test_enforce_mode_refuses_a_renege() -> None:
    state = dealt(S1_HANDS, S1_UP, S1_KITTY)
    play_all(state, ["order-up", "discard QC", "play JH"])
    with pytest.raises(IllegalAction, match="must follow hearts"):
        state.apply("play 9C")


# ------------------------------------------------------------------ first dealer


@pytest.mark.parametrize("how", ["first_jack", "first_black_jack"])
def test_first_dealer_by_dealing_jacks_face_up(how: str) -> None:
    """The first dealer is the seat the first (black) jack falls to when a seeded
    deck is dealt face up round the table from seat 0."""
    for seed in range(20):
        game = followsuit.new_game("euchre/american", {"first_dealer": how}, seed=seed)
        deck = game.rules.deck
        order = permutation(len(deck), shuffle_number(seed, 0, len(deck)))
        wanted = "CS" if how == "first_black_jack" else "CDHS"
        first = next(k for k, c in enumerate(order) if deck.codes[c] in {"J" + s for s in wanted})
        assert game.dealer == first % 4


def test_random_first_dealer_varies_with_the_seed() -> None:
    dealers = {followsuit.new_game("euchre/american", seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}


def _fisher_yates(n: int, number: int) -> list[int]:
    """The shuffle a seed's number stands for, by its definition: one division of
    the number per card."""
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        number, j = divmod(number, i + 1)
        order[i], order[j] = order[j], order[i]
    return order


@pytest.mark.parametrize("n", [1, 2, 13, 24, 25, 28, 33, 48, 52, 53, 64])
def test_the_block_wise_permutation_is_the_fisher_yates_shuffle(n: int) -> None:
    """``permutation`` reads the number a block of radices at a time (for speed):
    the same deck order as dividing it by each radix in turn, at the ends of the
    range and in between."""
    rng = random.Random(n)
    top = math.factorial(n)
    for number in [0, 1, top - 1, top // 2, *(rng.randrange(top) for _ in range(300))]:
        assert permutation(n, number) == _fisher_yates(n, number)

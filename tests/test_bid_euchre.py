"""Bid Euchre and its alternatives (RULES.md §2B, options §4.3)."""

from __future__ import annotations

import pytest

import followsuit
from followsuit.engine import IllegalAction
from followsuit.engine.phases.play import reneges
from followsuit.engine.program import program_for
from followsuit.engine.scoring import HandScore, first_to_target
from followsuit.engine.types import Standing

from .conftest import dealt, legal_cards, legal_texts, play_all, without_penalty

S6 = ["JS QC AD KD QS TH", "TC 9C AS KS AH JD", "JC AC KC 9D TS 9H", "KH QH JH QD TD 9S"]
S8 = ["JS AS KS AD KD 9H", "JC TS AC TD QD TH", "QS 9C TC QC KC 9D", "9S JD AH KH QH JH"]


def bid(
    hands: list[str] = S6, dealer: int = 3, variant: str = "bid-euchre/standard", **options: object
) -> followsuit.State:
    return dealt(hands, None, "", dealer=dealer, variant=variant, options=options)


def _finish(state: followsuit.State, top: bool = True) -> followsuit.HandResult:
    table = state.table
    while state.dealt is not None:
        legal = state.proper_actions()  # the rest of the hand by the rules
        state.apply(max(legal, key=lambda c: table.power[c]) if top else legal[0])
    return state.history()[-1].result


# ------------------------------------------------------------------ deal, auction


def test_six_cards_each_one_at_a_time_no_kitty() -> None:
    r = followsuit.load_rules("bid-euchre/standard")
    assert r.packets == ((1, 1, 1, 1),) * 6
    game = followsuit.new_game("bid-euchre/standard", seed=1)
    assert game.dealt is not None and game.dealt.kitty == () and game.dealt.upcard is None
    assert [len(h) for h in game.dealt.hands] == [6, 6, 6, 6]


def test_one_round_of_bids_from_the_eldest_each_higher() -> None:
    state = bid()
    assert state.current_player == 0
    assert legal_texts(state) == {"pass", "bid 3", "bid 4", "bid 5", "bid six-help", "bid moon"}
    state.apply("bid 3")
    assert legal_texts(state) == {"pass", "bid 4", "bid 5", "bid six-help", "bid moon"}
    with pytest.raises(IllegalAction, match="a bid must be higher than 3"):
        state.apply("bid 3")
    play_all(state, ["pass", "bid 4"])  # S overbids partner N: allowed
    state.apply("pass")  # the dealer, last
    assert state.phase_name == "trump" and state.current_player == 2 and state.maker == 2


def test_a_plain_six_is_not_a_bid_unless_the_option_allows_it() -> None:
    with pytest.raises(IllegalAction, match="6 is not a bid here"):
        bid().apply("bid 6")
    state = bid(be_plain_six_allowed=True)
    assert "bid 6" in legal_texts(state)
    labels = [b.label for b in state.prog.bids]
    assert labels.index("6") < labels.index("six-help") < labels.index("moon")


def test_all_pass_redeals_with_the_next_dealer() -> None:
    state = bid(dealer=3)
    play_all(state, ["pass"] * 4)
    assert state.history()[-1].result.redeal and state.dealer == 0


def test_stick_the_dealer_variant() -> None:
    state = bid(variant="bid-euchre/stick-the-dealer")
    play_all(state, ["pass"] * 3)
    assert "pass" not in legal_texts(state)
    with pytest.raises(IllegalAction, match="stuck and must bid at least 3"):
        state.apply("pass")
    assert legal_texts(state) == {"bid 3", "bid 4", "bid 5", "bid six-help", "bid moon"}
    state.apply("bid 3")
    assert state.maker == 3


def test_stuck_bid_option() -> None:
    state = bid(dealer_stuck=True, stuck_bid=4)
    play_all(state, ["pass"] * 3)
    assert legal_texts(state) == {"bid 4", "bid 5", "bid six-help", "bid moon"}


def test_continuous_bidding_option() -> None:
    state = bid(be_bid_rounds="continuous")
    play_all(state, ["bid 3", "pass", "bid 4", "pass"])
    assert state.current_player == 0  # N is still in and must answer
    play_all(state, ["bid 5", "pass"])  # S passes: only N is left
    assert state.phase_name == "trump" and state.maker == 0
    quiet = bid(be_bid_rounds="continuous")
    play_all(quiet, ["pass"] * 4)
    assert quiet.history()[-1].result.redeal


def test_the_winning_bidder_names_trump_and_leads() -> None:
    state = bid()
    play_all(state, ["bid 3", "pass", "bid 4", "pass"])
    assert legal_texts(state) == {"trump C", "trump D", "trump H", "trump S"}
    state.apply("trump C")
    assert state.trump == 0 and state.current_player == 2


def test_first_lead_eldest_option() -> None:
    state = bid(first_lead="eldest")
    play_all(state, ["bid 3", "pass", "bid 4", "pass", "trump C"])
    assert state.current_player == 0


def test_left_bower_is_a_trump_in_bid_euchre() -> None:
    state = bid()
    play_all(
        state,
        [
            "bid 3",
            "pass",
            "bid 4",
            "pass",
            "trump C",
            "play JC",
            "play 9S",
            "play QC",
            "play 9C",
            "play AC",
            "play TD",
        ],
    )
    assert legal_cards(state) == {"JS"}  # S6 T2: N's only trump is the left bower


# ------------------------------------------------------------------ lone bids


def test_moon_partner_sits_out_no_exchange() -> None:
    state = bid()
    play_all(state, ["pass", "pass", "pass", "bid moon", "trump H"])
    assert state.contract.alone == 3 and state.contract.out == 1 << 1
    assert state.phase_name == "play" and state.current_player == 3


def test_six_help_exchange_partner_gives_highest_trump() -> None:
    state = bid(S8, dealer=1)
    play_all(state, ["pass", "bid 4", "bid six-help", "pass", "trump S"])
    assert state.phase_name == "exchange" and state.current_player == 0
    assert legal_texts(state) == {f"give {c}" for c in ["JS", "AS", "KS", "AD", "KD", "9H"]}
    state.apply("give 9H")
    assert state.current_player == 2
    assert legal_texts(state) == {"give QS"}  # S's only trump
    with pytest.raises(IllegalAction, match="must give their highest trump: QS"):
        state.apply("give 9C")
    state.apply("give QS")
    assert {str(c) for c in state.hand(0)} == {"JS", "AS", "KS", "QS", "AD", "KD"}
    assert "9H" in {str(c) for c in state.hand(2)}
    assert state.contract.out == 1 << 2 and state.current_player == 0


def test_partner_without_trumps_gives_any_card() -> None:
    hands = ["JS AS KS AD KD 9H", "JC TS AC TD QD TH", "9C TC QC KC 9D AH", "9S JD QS KH QH JH"]
    state = bid(hands, dealer=1)
    play_all(state, ["pass", "pass", "bid six-help", "pass", "trump S", "give 9H"])
    # S holds no spade and not the JC (left bower): free choice
    assert legal_texts(state) == {f"give {c}" for c in ["9C", "TC", "QC", "KC", "9D", "AH"]}


def test_help_exchange_cards_option() -> None:
    state = bid(S8, dealer=1, be_help_exchange_cards=2)
    play_all(state, ["pass", "bid 4", "bid six-help", "pass", "trump S"])
    assert "give 9H KD" in legal_texts(state) or "give KD 9H" in legal_texts(state)
    state.apply("give 9H KD")
    # S has one trump (QS) and chooses the second card freely
    assert all(t.startswith("give") and "QS" in t for t in legal_texts(state))
    assert len(legal_texts(state)) == 5


def test_exchange_is_private_to_the_two_partners() -> None:
    state = bid(S8, dealer=1)
    play_all(state, ["pass", "bid 4", "bid six-help", "pass", "trump S", "give 9H", "give QS"])
    assert state.observation(0).actions[-1][2] == "give QS"
    assert state.observation(2).actions[-2][2] == "give 9H"
    for other in (1, 3, None):
        texts = [t for _, _, t in state.observation(other).actions]
        assert texts[-2:] == ["give ?", "give ?"]


# ------------------------------------------------------------------ scoring


def test_made_bid_both_teams_score_tricks() -> None:
    state = bid()
    play_all(state, ["bid 3", "pass", "bid 4", "pass", "trump C"])
    for card in [
        "JC",
        "9S",
        "QC",
        "9C",
        "AC",
        "TD",
        "JS",
        "TC",
        "AD",
        "JD",
        "9D",
        "QD",
        "KD",
        "KS",
        "KC",
        "JH",
        "TS",
        "QH",
        "QS",
        "AS",
        "AH",
        "9H",
        "KH",
        "TH",
    ]:
        state.apply("play " + card)
    assert state.history()[-1].result.points == (4, 2)  # S6


def test_set_bidders_lose_the_bid_defenders_score_tricks() -> None:
    state = bid(S8, dealer=1)
    play_all(state, ["pass", "bid 4", "bid six-help", "pass", "trump S", "give 9H", "give QS"])
    play_all(
        state,
        [
            "play JS",
            "play TS",
            "play 9S",
            "play AS",
            "play JC",
            "play JD",
            "play AC",
            "play QH",
            "play QS",
            "play KS",
            "play TH",
            "play JH",
            "play AD",
            "play QD",
            "play KH",
            "play KD",
            "play TD",
            "play AH",
        ],
    )
    assert state.history()[-1].result.points == (-6, 1)  # S8


def test_lone_set_penalty_option() -> None:
    state = bid(S8, dealer=1, be_lone_set_penalty="lone_value")
    play_all(state, ["pass", "bid 4", "bid six-help", "pass", "trump S", "give 9H", "give QS"])
    play_all(state, ["play JS", "play TS", "play 9S", "play AS", "play JC", "play JD"])
    assert _finish(state, top=False).points[0] == -12


def test_plain_bid_set() -> None:
    hands = ["9C TC 9D TD 9S TS", "JH JD AH KH QH TH", "QC KC QD KD QS KS", "AC JC AD JS AS 9H"]
    state = bid(hands, dealer=3)
    play_all(state, ["bid 5", "pass", "pass", "pass", "trump C"])
    result = _finish(state)
    assert result.points[0] == -5 and result.points[1] >= 1


def test_moon_made_scores_twenty_four_and_points_options() -> None:
    hands = ["9C TC 9D TD 9S TS", "JH JD AH KH QH TH", "QC KC QD KD QS KS", "AC JC AD JS AS 9H"]
    state = bid(hands, dealer=3)
    play_all(state, ["pass", "bid moon", "pass", "pass", "trump H"])
    assert _finish(state).points == (0, 24)
    state = bid(hands, dealer=3, be_moon_points=30)
    play_all(state, ["pass", "bid moon", "pass", "pass", "trump H"])
    assert _finish(state).points == (0, 30)


def test_renege_penalize_offenders_lose_two() -> None:
    state = bid(renege_mode="penalize")
    play_all(
        state, ["bid 3", "pass", "bid 4", "pass", "trump C", "play JC", "play 9S", "play AD"]
    )  # N holds QC (and JS) but plays AD
    assert reneges(state) == (0,)
    clean = without_penalty(state)
    with_r = _finish(state, top=False).points
    without = _finish(clean, top=False).points
    assert [a - b for a, b in zip(with_r, without, strict=True)] == [-2, 0]


# ------------------------------------------------------------------ game end


def _verdict(scores: tuple[int, int], maker: int, **options: object) -> int | None:
    """Who wins when a hand made by ``maker`` leaves the scores at ``scores``."""
    rules = followsuit.load_rules("bid-euchre/standard", options)
    prog = program_for(rules)
    standing = Standing(scores=scores)
    return first_to_target(prog, standing, HandScore((0, 0), maker)).winner


def test_first_to_32_and_ties_play_on() -> None:
    assert _verdict((32, 20), maker=0) == 0
    assert _verdict((33, 34), maker=0) == 1
    assert _verdict((33, 33), maker=0) is None


def test_both_reach_bidder_option() -> None:
    assert _verdict((33, 35), maker=0, be_both_reach_rule="bidder") == 0  # side 0 bid
    assert _verdict((34, 34), maker=0, be_both_reach_rule="bidder") is None


def test_defenders_cannot_win_option() -> None:
    assert _verdict((33, 10), maker=1, be_defenders_can_win=False) is None
    assert _verdict((33, 10), maker=0, be_defenders_can_win=False) == 0


def test_bid_euchre_games_end_with_the_rules_bot() -> None:
    from followsuit.arena import play_game
    from followsuit.bots import make_bot

    for variant in ["bid-euchre/standard", "bid-euchre/joker", "bid-euchre/double-deck"]:
        state = play_game(variant, [make_bot("rules")] * 4, seed=3)
        assert state.is_over()
        target = state.rules.settings.target_score
        assert state.scores[state.winner] >= target


# ------------------------------------------------------------------ Ace No Face

ANF = ["AC 9C TC 9D TD 9S", "JH JD AH KH QH TH", "QC KC QD KD QS KS", "JC AD JS AS TS 9H"]


def test_ace_no_face_offer_and_claim() -> None:
    state = bid(ANF, dealer=3, variant="bid-euchre/ace-no-face")
    assert state.phase_name == "claims" and state.current_player == 0
    assert legal_texts(state) == {"claim-misdeal", "pass"}
    state.apply("claim-misdeal")
    hand = state.history()[-1]
    assert hand.result.redeal and hand.result.points == (0, 0)
    assert state.dealer == 0  # the deal passes to the left


def test_ace_no_face_decline_is_private() -> None:
    state = bid(ANF, dealer=3, variant="bid-euchre/ace-no-face")
    obs1 = state.observation(1)
    assert obs1.phase == "deal" and obs1.to_move is None  # no sign of the offer
    state.apply("pass")
    assert state.phase_name == "auction"
    assert [t for _, _, t in state.observation(0).actions] == ["pass"]
    assert state.observation(1).actions == ()
    assert state.observation(None).actions == ()


def test_hands_that_do_not_qualify_are_not_asked() -> None:
    state = bid(S6, dealer=3, variant="bid-euchre/ace-no-face")
    assert state.phase_name == "auction"


def test_ace_no_face_rules() -> None:
    two_aces = ["AC AD TC 9D TD 9S", "JH JD AH KH QH TH", "QC KC QD KD QS KS", "JC 9C JS AS TS 9H"]
    assert bid(two_aces, variant="bid-euchre/ace-no-face").phase_name == "claims"
    exactly = bid(two_aces, variant="bid-euchre/ace-no-face", ace_no_face_rule="exactly_one_ace")
    assert exactly.phase_name == "auction"
    no_ace = ["9C TC 9D TD 9S TS", "JH JD AH KH QH TH", "QC KC QD KD QS KS", "JC AD JS AS AC 9H"]
    assert bid(no_ace, variant="bid-euchre/ace-no-face").phase_name == "auction"


def test_ace_no_face_is_an_option_of_any_bid_euchre_variant() -> None:
    state = bid(ANF, variant="bid-euchre/stick-the-dealer", ace_no_face=True)
    assert state.phase_name == "claims"


def test_ace_no_face_same_dealer_option() -> None:
    state = bid(ANF, dealer=3, variant="bid-euchre/ace-no-face", misdeal_dealer="same")
    state.apply("claim-misdeal")
    assert state.dealer == 3


# ------------------------------------------------------------------ joker

JOKER_HANDS = [
    "JK 9C TC 9D TD 9S",
    "JH JD AH KH QH TH",
    "QC KC QD KD QS KS",
    "JC AD JS AS TS 9H AC",
]


def joker(**options: object) -> followsuit.State:
    return bid(JOKER_HANDS, dealer=3, variant="bid-euchre/joker", **options)


def test_joker_dealer_gets_seven_and_discards_before_bidding() -> None:
    state = joker()
    assert len(state.hand(3)) == 7
    assert state.phase_name == "discard" and state.current_player == 3
    state.apply("discard 9H")
    assert state.phase_name == "auction" and state.current_player == 0
    assert len(state.hand(3)) == 6
    assert state.observation(0).actions[-1][2] == "discard ?"


def test_joker_discard_after_trump_option() -> None:
    state = joker(be_joker_discard_timing="after_trump")
    assert state.phase_name == "auction"
    play_all(state, ["pass", "bid 3", "pass", "pass", "trump H"])
    assert state.phase_name == "discard" and state.current_player == 3
    state.apply("discard 9H")
    assert state.phase_name == "play"


def test_the_joker_is_the_best_trump_a_partner_must_give() -> None:
    hands = ["JK 9C TC 9D TD 9S", "JH JD AH KH QH TH", "AC QC KC QD KD QS", "JC AD JS AS TS 9H KS"]
    state = bid(hands, dealer=3, variant="bid-euchre/joker")
    play_all(state, ["discard KS", "pass", "pass", "bid six-help", "pass", "trump H", "give QS"])
    assert legal_texts(state) == {"give JK"}


def test_the_dealer_may_discard_the_joker() -> None:
    hands = ["AC 9C TC 9D TD 9S", "JH JD AH KH QH TH", "QC KC QD KD QS KS", "JC AD JS AS TS 9H JK"]
    state = bid(hands, dealer=3, variant="bid-euchre/joker")
    assert "discard JK" in legal_texts(state)


# ------------------------------------------------------------------ double deck


def test_double_deck_deal_and_ladder() -> None:
    r = followsuit.load_rules("bid-euchre/double-deck")
    assert len(r.deck) == 48 and r.settings.hand_size == 12 and r.settings.target_score == 52
    assert [b.label for b in r.bids][-3:] == ["12", "twelve-help", "moon"]
    assert r.settings.be_help_points == 24 and r.settings.be_moon_points == 48
    game = followsuit.new_game(r, seed=2)
    assert game.dealt is not None and all(len(h) == 12 for h in game.dealt.hands)


def test_identical_cards_the_first_played_wins() -> None:
    hands = [
        "AS 9C 9C TC TC QC QC KC KC 9D 9D TD",
        "AS JS JS 9H 9H TH TH QH QH KH KH AH",
        "AC AC JC JC TD QD QD KD KD AD AD JD",
        "JD JH JH AH 9S 9S TS TS QS QS KS KS",
    ]
    state = bid(hands, dealer=3, variant="bid-euchre/double-deck")
    play_all(state, ["bid 3", "pass", "pass", "pass", "trump D"])
    play_all(state, ["play AS", "play AS", "play TD", "play 9S"])
    trick = state.tricks[-1]
    assert trick.winner == 2  # S trumped; of the two aces of spades...
    state2 = bid(hands, dealer=3, variant="bid-euchre/double-deck")
    play_all(state2, ["bid 3", "pass", "pass", "pass", "trump C"])
    play_all(state2, ["play AS", "play AS", "play TD", "play 9S"])
    assert state2.tricks[-1].winner == 0  # N's ace was played first


def test_joker_counts_as_a_face_for_ace_no_face_by_option() -> None:
    hands = ["JK AC 9C TC 9D TD", "JH JD AH KH QH TH", "QC KC QD KD QS KS", "JC AD JS AS TS 9H 9S"]
    face = bid(hands, variant="bid-euchre/joker", ace_no_face=True)
    assert face.phase_name == "discard"  # the joker is a face: no offer
    plain = bid(
        hands, variant="bid-euchre/joker", ace_no_face=True, ace_no_face_joker_is_face=False
    )
    assert plain.phase_name == "claims" and plain.current_player == 0


def test_rules_bot_bids_on_strength() -> None:
    from followsuit.bots import BidEuchreRulesBot
    from followsuit.engine import actions as A

    monster = ["JH JD AH KH QH TH", "9C TC 9D TD 9S TS", "QC KC QD KD QS KS", "AC JC AD JS AS 9H"]
    state = bid(monster, dealer=3)
    choice = BidEuchreRulesBot().choose(state.observation(0))
    assert state.action_to_string(choice) == "bid moon"
    weak = ["9C TC 9D TD 9S TS", "JH JD AH KH QH TH", "QC KC QD KD QS KS", "AC JC AD JS AS 9H"]
    state = bid(weak, dealer=3)
    assert BidEuchreRulesBot().choose(state.observation(0)) == A.PASS

"""British, long, timed and cutthroat Euchre (RULES.md §2A), each rule and option."""

from __future__ import annotations

import random

import pytest

import followsuit
from followsuit import record
from followsuit.engine import IllegalAction
from followsuit.engine import actions as A
from followsuit.engine.program import program_for
from followsuit.engine.scoring import HandScore, first_to_target
from followsuit.engine.types import Standing

from .conftest import dealt, legal_cards, legal_texts, play_all

# ------------------------------------------------------------------ British

# S5's deal: dealer N, the joker turned up.
S5 = ["AS 9S KH QD TC", "JS KS AD 9H 9C", "JC QS AH KC TD", "TS AC QH JD 9D"]
S5_KITTY = "QC KD TH JH"


def british(hands: list[str], up: str, kitty: str, dealer: int = 0, **options: object):
    return dealt(hands, up, kitty, dealer=dealer, variant="euchre/british", options=options)


def test_british_deck_has_the_joker_and_game_is_to_eleven() -> None:
    r = followsuit.load_rules("euchre/british")
    assert len(r.deck) == 25 and "JK" in r.deck.codes and r.settings.target_score == 11


def test_joker_is_the_highest_trump_in_every_suit() -> None:
    from followsuit.engine.program import program_for

    r = followsuit.load_rules("euchre/british")
    jk = r.deck.indices_of("JK")[0]
    for t in range(4):
        table = program_for(r).tables[t]
        assert table.eff[jk] == t
        assert table.power[jk] == max(table.power[c] for c in range(25) if table.eff[c] == t)


def test_joker_turned_up_dealer_names_trump_without_round_one() -> None:
    state = british(S5, "JK", S5_KITTY)
    assert state.current_player == 0  # the dealer, not the eldest
    assert legal_texts(state) == {f"call {s}" for s in "CDHS"} | {f"call {s} alone" for s in "CDHS"}
    with pytest.raises(IllegalAction, match="the joker was turned up"):
        state.apply("pass")
    state.apply("call S")
    assert state.maker == 0 and state.trump == 3
    assert state.current_player == 0 and state.phase_name == "discard"
    assert "JK" in {str(c) for c in state.hand(0)}


def test_dealer_names_trump_blind() -> None:
    state = british(S5, "JK", S5_KITTY)
    obs = state.observation(0)
    assert obs.hand_hidden and obs.hand == 0 and obs.legal_actions
    state.apply("call S")
    assert state.observation(0).hand != 0


def test_dealer_may_look_first_option() -> None:
    state = british(S5, "JK", S5_KITTY, british_joker_upcard_choose_blind=False)
    obs = state.observation(0)
    assert not obs.hand_hidden and obs.hand == state.hands[0]


def test_joker_upcard_alone_option() -> None:
    state = british(S5, "JK", S5_KITTY, british_joker_upcard_alone_allowed=False)
    assert legal_texts(state) == {f"call {s}" for s in "CDHS"}
    with pytest.raises(IllegalAction, match="may not go alone"):
        state.apply("call S alone")
    alone = british(S5, "JK", S5_KITTY)
    alone.apply("call H alone")
    assert (
        alone.contract.alone == 0 and alone.contract.out == 1 << 2 and alone.phase_name == "discard"
    )


def test_a_joker_lead_is_a_trump_lead() -> None:
    # S5 trick 3: N leads JK (spades trump): E must follow with a spade.
    state = british(S5, "JK", S5_KITTY)
    play_all(
        state,
        [
            "call S",
            "discard TC",
            "play AD",
            "play TD",
            "play 9D",
            "play QD",
            "play 9C",
            "play KC",
            "play AC",
            "play 9S",
            "play JK",
        ],
    )
    assert legal_cards(state) == {"JS", "KS"}


def test_dealers_partner_may_order_up_only_alone() -> None:
    hands = ["AS 9S KH QD TC", "JS KS AD 9H 9C", "JC QS AH KC TD", "TS AC QH JD 9D"]
    state = british(hands, "KD", "QC JK TH JH", dealer=0)
    play_all(state, ["pass"])  # E
    assert state.current_player == 2
    assert legal_texts(state) == {"pass", "order-up alone"}
    with pytest.raises(IllegalAction, match="only by going alone"):
        state.apply("order-up")
    state.apply("order-up alone")  # S alone: the dealer N sits out, no pick-up
    assert (
        state.contract.out == 1
        and state.phase_name == "play"
        and not state.observation(None).upcard_taken
    )
    # round 2 has no such restriction
    state = british(hands, "KD", "QC JK TH JH", dealer=0)
    play_all(state, ["pass"] * 5)
    assert state.current_player == 2 and "call S" in legal_texts(state)


def test_the_partner_rule_is_an_option_in_american_euchre() -> None:
    hands = ["JH AH AS QD TC", "JD QH KS TD 9C", "TH AC KC 9S AD", "9H QS JS KD QC"]
    state = dealt(
        hands, "KH", "JC 9D TS", dealer=0, options={"british_dealer_partner_must_go_alone": True}
    )
    state.apply("pass")
    assert legal_texts(state) == {"pass", "order-up alone"}


def test_dealer_may_discard_the_joker() -> None:
    state = british(S5, "JK", S5_KITTY)
    state.apply("call S")
    assert "discard JK" in legal_texts(state)
    strict = british(S5, "JK", S5_KITTY, dealer_may_discard_upcard=False)
    strict.apply("call S")
    assert "discard JK" not in legal_texts(strict)


# ------------------------------------------------------------------ long


def test_long_game_is_to_fifteen_and_combines_with_british() -> None:
    assert followsuit.load_rules("euchre/long").settings.target_score == 15
    long_british = followsuit.load_rules("euchre/british", {"target_score": 15})
    assert long_british.settings.target_score == 15 and long_british.deck.name == "EUCHRE25"


def test_long_game_plays_past_ten() -> None:
    game = followsuit.new_game("euchre/long", seed=3)
    rng = random.Random(2)
    passed_ten = False
    while not game.is_over():
        if max(game.scores) >= 10:
            passed_ten = True
        game.apply(rng.choice(game.legal_actions()))
    assert max(game.scores) >= 15
    assert passed_ten


# ------------------------------------------------------------------ timed


def _timed(seed: int = 1, **options: object) -> followsuit.State:
    return followsuit.new_game("euchre/timed", {"time_limit_seconds": 60, **options}, seed=seed)


_RNG = random.Random(7)


def _step(state: followsuit.State) -> None:
    state.apply(_RNG.choice(state.legal_actions()))


def _finish_hand(state: followsuit.State) -> None:
    hand = state.hand_no
    while not state.is_over() and state.hand_no == hand:
        _step(state)


def test_timed_game_has_no_point_target() -> None:
    game = _timed()
    for _ in range(3000):
        if game.is_over():
            break
        _step(game)
    assert not game.is_over() and max(game.scores) > 10


def test_time_up_mid_hand_ends_the_game_after_the_hand() -> None:
    for seed in range(30):
        game = _timed(seed)
        _finish_hand(game)
        _step(game)
        game.time_is_up()
        assert not game.is_over()
        assert game.log[-1] == (None, A.TIME_UP)
        _finish_hand(game)
        if game.scores[0] != game.scores[1]:
            assert game.is_over()
            assert game.winner == (0 if game.scores[0] > game.scores[1] else 1)
            return
    raise AssertionError("no seed gave different scores")


def test_time_up_with_equal_scores_plays_on_until_they_differ() -> None:
    game = _timed(3)
    game.time_is_up()  # before the first call of the first hand: in this hand
    play_all(game, ["pass"] * 8)  # thrown in: still 0-0
    assert not game.is_over() and game.scores == (0, 0)
    assert game.history()[-1].actions[0] == (None, A.TIME_UP)
    _finish_hand(game)
    while not game.is_over():
        assert game.scores[0] == game.scores[1]
        _finish_hand(game)
    assert game.scores[0] != game.scores[1]
    assert game.scores[game.winner] == max(game.scores)


def test_time_up_between_hands_is_logged_with_the_finished_hand() -> None:
    for seed in range(30):
        game = _timed(seed)
        _finish_hand(game)
        if game.scores[0] != game.scores[1]:
            before = game.hand_no
            game.time_is_up()
            assert game.is_over() and game.winner is not None
            last = game.history()[-1]
            assert last.actions[-1] == (None, A.TIME_UP)
            assert game.hand_no == before - 1  # the dealt next hand is not played
            rec = record.to_record(game)
            assert rec["hands"][-1]["actions"][-1] == [None, "time-up"]
            again = record.replay(rec)
            assert again.is_over() and again.winner == game.winner
            return
    raise AssertionError("no seed gave different scores")


def test_a_second_time_up_is_refused() -> None:
    game = _timed()
    _step(game)
    game.time_is_up()
    with pytest.raises(IllegalAction, match="table event time-up: already happened"):
        game.time_is_up()


def test_time_up_is_refused_in_an_untimed_game() -> None:
    game = followsuit.new_game("euchre/american", seed=1)
    with pytest.raises(IllegalAction, match="this game has no time limit"):
        game.time_is_up()


def test_timed_also_target_option() -> None:
    rules = followsuit.load_rules("euchre/timed", {"timed_also_target": True})
    assert rules.settings.target_score == 10
    game = followsuit.new_game(rules, seed=4)
    while not game.is_over():
        game.apply(game.legal_actions()[-1])
    assert not game.time_up and max(game.scores) >= 10


def test_british_timed_is_british_with_the_timed_policy() -> None:
    rules = followsuit.load_rules(
        "euchre/british", {"game_end_policy": "timed", "time_limit_seconds": 900}
    )
    game = followsuit.new_game(rules, seed=2)
    _step(game)
    game.time_is_up()
    _finish_hand(game)
    assert game.is_over() or game.scores[0] == game.scores[1]


def test_time_up_record_event_replays() -> None:
    game = _timed(5)
    _finish_hand(game)
    _step(game)
    game.time_is_up()
    rec = record.to_record(game)
    assert [None, "time-up"] in rec["hands"][-1]["actions"]
    twice = record.to_record(game)
    twice["hands"][-1]["actions"].append([None, "time-up"])
    with pytest.raises(followsuit.InvalidRecord, match="time-up: already happened"):
        record.replay(twice)


# ------------------------------------------------------------------ cutthroat

CT = ["JH JD AH KH QH", "TC JC QC KC AC", "TS JS QS KS AS"]  # 15 cards; up TH


def cutthroat(hands: list[str], up: str, kitty: str, dealer: int = 2, **options: object):
    return dealt(hands, up, kitty, dealer=dealer, variant="euchre/cutthroat", options=options)


def test_cutthroat_deal_three_players_twenty_cards() -> None:
    r = followsuit.load_rules("euchre/cutthroat")
    assert r.num_players == 3 and len(r.deck) == 20 and r.sides == ((0,), (1,), (2,))
    game = followsuit.new_game("euchre/cutthroat", seed=1)
    assert game.dealt is not None and len(game.dealt.kitty) == 4
    assert all(len(h) == 5 for h in game.dealt.hands)


def test_cutthroat_deck_option_keeps_the_nines() -> None:
    r = followsuit.load_rules("euchre/cutthroat", {"cutthroat_deck": "EUCHRE24"})
    assert len(r.deck) == 24
    game = followsuit.new_game(r, seed=1)
    assert game.dealt is not None and len(game.dealt.kitty) == 8


def test_cutthroat_maker_always_alone_no_alone_call() -> None:
    state = cutthroat(CT, "TH", "TD QD KD AD")
    assert legal_texts(state) == {"pass", "order-up"}
    with pytest.raises(IllegalAction, match="always plays alone"):
        state.apply("order-up alone")


def test_cutthroat_dealer_picks_up_as_an_opponent_and_march_scores_three() -> None:
    state = cutthroat(CT, "TH", "TD QD KD AD", dealer=2)
    state.apply("order-up")  # seat 0 makes hearts; dealer 2 is an opponent
    assert state.current_player == 2 and state.phase_name == "discard"
    state.apply("discard TS")
    table = state.table
    while state.dealt is not None:
        state.apply(max(state.legal_actions(), key=lambda c: table.power[c]))
    assert state.history()[-1].result.points == (3, 0, 0)


def test_cutthroat_euchre_gives_each_opponent_two() -> None:
    hands = ["TC JC QC KC AC", "JH JD AH KH QH", "TS JS QS KS AS"]
    state = cutthroat(hands, "TH", "TD QD KD AD", dealer=2)
    state.apply("order-up")  # seat 0 orders hearts with no hearts at all
    state.apply("discard TS")
    while state.dealt is not None:
        state.apply(state.legal_actions()[0])
    (hand,) = state.history()
    assert hand.result.points == (0, 2, 2)


def test_cutthroat_points_option() -> None:
    state = cutthroat(CT, "TH", "TD QD KD AD", cutthroat_points=[1, 5, 2])
    state.apply("order-up")
    state.apply("discard TS")
    table = state.table
    while state.dealt is not None:
        state.apply(max(state.legal_actions(), key=lambda c: table.power[c]))
    assert state.history()[-1].result.points == (5, 0, 0)


def test_cutthroat_defenders_can_both_pass_ten_higher_wins_tie_plays_on() -> None:
    prog = program_for(followsuit.load_rules("euchre/cutthroat"))
    euchred = HandScore((0, 2, 2), maker=0)
    assert first_to_target(prog, Standing(scores=(4, 10, 11)), euchred).winner == 2
    assert first_to_target(prog, Standing(scores=(4, 11, 11)), euchred).winner is None


def test_cutthroat_house_rules_that_need_partners_are_fixed() -> None:
    with pytest.raises(followsuit.OptionError, match="cannot be changed"):
        followsuit.load_rules("euchre/cutthroat", {"defend_alone": True})
    assert followsuit.load_rules("euchre/cutthroat", {"stick_the_dealer": True})


def test_cutthroat_bot_needs_more_to_call_alone_against_two() -> None:
    from followsuit.bots import EuchreRulesBot

    # right bower, ace of trump and an off ace: enough with a partner, not alone
    hands = ["JH AH AC QS KD", "TC JC QC KC AS", "TS JS TD QD AD"]
    state = cutthroat(hands, "TH", "QH KH JD KS", dealer=2)
    bot = EuchreRulesBot()
    assert bot.choose(state.observation(0)) == A.PASS
    four = ["JH JD AH KH AC", "TC JC QC KC AS", "TS JS TD QD AD"]
    state = cutthroat(four, "TH", "QH KS QS KD", dealer=2)
    assert bot.choose(state.observation(0)) == A.ORDER_UP

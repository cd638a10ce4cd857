"""House-rule options played both ways (RULES.md §4): the default value and an
alternative, each on a hand-built deal, with the exact difference it makes.

Every test would fail if the engine ignored the option: the two values give
different scores, legal actions, hands or next dealers, worked out by hand from
RULES.md (the comments show the sums).

Seats: N E S W = 0 1 2 3 (teams NS = side 0, EW = side 1); with the dealer W the
eldest N calls or bids first.
"""

from __future__ import annotations

from typing import Any

import pytest

import followsuit
from followsuit import IllegalAction, OptionError
from followsuit.engine.phases.play import reneges

from .conftest import dealt, legal_cards, legal_texts, pitch_dealt, play_all

N, E, S, W = 0, 1, 2, 3
NS, EW = (0, 2), (1, 3)  # the seats credited in a Pitch HandResult's details


def play(state: followsuit.State, cards: str) -> None:
    """Play the cards in turn order ("JH 9C TH 9H  AH ...")."""
    for card in cards.split():
        state.apply(f"play {card}")


def last(state: followsuit.State) -> followsuit.HandResult:
    return state.results[-1]


def held(state: followsuit.State, seat: int) -> set[str]:
    return {str(c) for c in state.hand(seat)}


def bids(state: followsuit.State) -> set[str]:
    return {t for t in legal_texts(state) if t.startswith("bid")}


def reason(state: followsuit.State, action: str) -> str:
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    return info.value.reason


# ====================================================================== Euchre (§2A)

# S1 (SCENARIOS.md): dealer W, up card KH. N orders hearts up, W takes the KH and
# discards the QC. On the first trick E holds JD (the left bower, a heart) and QH
# but plays 9C: a renege by EW. NS take 3 tricks (alone or not): 1 point.
S1 = ["JH AH AS QD TC", "JD QH KS TD 9C", "TH AC KC 9S AD", "9H QS JS KD QC"]
S1_PLAY = "JH 9C TH 9H  AH QH AC KH  AS KS 9S QS  QD TD AD KD  KC JS TC JD"
# N alone (S sits out): W's KD takes the fourth trick, E's JD the last.
S1_PLAY_ALONE = "JH 9C 9H  AH QH KH  AS KS QS  QD TD KD  JS TC JD"


def euchre_renege(call: str, plays: str, **options: Any) -> followsuit.State:
    state = dealt(S1, "KH", "JC 9D TS", dealer=W, options={"renege_mode": "penalize", **options})
    play_all(state, [call, "discard QC"])
    first, rest = plays.split("  ", 1)
    play(state, first)
    assert reneges(state) == (E,)  # E held hearts (JD QH) and played the 9C
    play(state, rest)
    assert last(state).maker == N and last(state).trump == 2
    return state


def test_euchre_renege_penalty_default_2_or_3_doubled_alone() -> None:
    """§1.14 / §2A Renege: each renege gives the offender's opponents 2 points (4
    when a lone hand is involved); renege_penalty = 3 makes them 3 (6 alone). The
    hand is otherwise scored as played: NS made 1."""
    assert last(euchre_renege("order-up", S1_PLAY)).points == (1 + 2, 0)
    assert last(euchre_renege("order-up", S1_PLAY, renege_penalty=3)).points == (1 + 3, 0)
    alone = euchre_renege("order-up alone", S1_PLAY_ALONE)
    assert last(alone).points == (1 + 4, 0)
    alone3 = euchre_renege("order-up alone", S1_PLAY_ALONE, renege_penalty=3)
    assert last(alone3).points == (1 + 6, 0)
    assert last(euchre_renege("order-up", S1_PLAY, renege_penalty=0)).points == (1, 0)


# Defend alone: N orders up hearts on 9H with two small hearts; E holds both bowers
# and the A K of hearts, defends alone (W sits out) and takes all five tricks.
DEFEND = ["TH QH AC KC QC", "JH JD AH KH AS", "9C TC 9S TS QS", "9D TD QD KD AD"]
DEFEND_PLAY = "TH JH 9C  JD 9S QH  AH TC AC  KH TS KC  AS QS QC"


def defended(answer: str, **options: Any) -> followsuit.State:
    state = dealt(DEFEND, "9H", "JC JS KS", dealer=W, options={"defend_alone": True, **options})
    play_all(state, ["order-up", "discard 9D"])
    assert state.phase_name == "defend-alone" and state.current_player == E
    state.apply(answer)
    if answer == "partner":
        state.apply("partner")  # W, the other defender, declines too
        play(state, "TH JH 9C 9H  JD 9S TD QH  AH TC QD AC  KH TS KD KC  AS QS AD QC")
    else:
        assert state.contract.out == 1 << W
        play(state, DEFEND_PLAY)
    return state


def test_defend_alone_euchre_points_default_4_or_6() -> None:
    """§4.2 defend_alone_euchre_points: a lone defender who euchres the makers
    scores 4 (default) instead of the 2 of an ordinary euchre; the option sets it
    to 6. Defended by both, the same euchre scores 2 whatever the option."""
    assert last(defended("defend-alone")).points == (0, 4)
    assert last(defended("defend-alone", defend_alone_euchre_points=6)).points == (0, 6)
    assert last(defended("partner")).points == (0, 2)
    assert last(defended("partner", defend_alone_euchre_points=6)).points == (0, 2)


def test_defend_alone_euchre_points_below_two() -> None:
    """§4.2: "defenders' points when a lone defender euchres the makers": 1 means 1."""
    assert last(defended("defend-alone", defend_alone_euchre_points=1)).points == (0, 1)


def test_euchre_misdeal_dealer_does_not_move_an_all_pass() -> None:
    """§1.13: an all-pass always passes the deal to the left unless the variant says
    otherwise (euchre_all_pass_redeal); misdeal_dealer is for claimed and
    engine-detected misdeals, which Euchre does not have (§2A: a redeal happens only
    when all pass), so misdeal_dealer = same leaves the all-pass alone."""
    for value in (None, "same", "next"):
        options = {} if value is None else {"misdeal_dealer": value}
        state = dealt(S1, "KH", "JC 9D TS", dealer=W, options=options)
        play_all(state, ["pass"] * 8)
        assert last(state).redeal and state.dealer == N
    same = dealt(S1, "KH", "JC 9D TS", dealer=W, options={"euchre_all_pass_redeal": "same_dealer"})
    play_all(same, ["pass"] * 8)
    assert last(same).redeal and same.dealer == W


# ====================================================================== Bid Euchre (§2B)

S6 = ["JS QC AD KD QS TH", "TC 9C AS KS AH JD", "JC AC KC 9D TS 9H", "KH QH JH QD TD 9S"]
# S6 with clubs trump (S bid 4); in the fifth trick N plays TH although holding the
# QS led: a renege by NS. NS still take 4 tricks, EW 2.
S6_PLAY_RENEGE = "JC 9S QC 9C  AC TD JS TC  AD JD 9D QD  KD KS KC JH  TS QH TH AS  AH 9H KH QS"


def bid_euchre(
    hands: list[str], dealer: int = W, variant: str = "bid-euchre/standard", **options: Any
) -> followsuit.State:
    return dealt(hands, None, "", dealer=dealer, variant=variant, options=options)


def test_bid_euchre_renege_penalty_default_2_or_5() -> None:
    """§2B Renege / §1.14: the offending team loses 2 points; renege_penalty = 5
    takes 5. NS bid 4 and took 4 (4 points) before the penalty; EW keep their 2."""

    def reneged(**options: Any) -> followsuit.State:
        state = bid_euchre(S6, renege_mode="penalize", **options)
        play_all(state, ["bid 3", "pass", "bid 4", "pass", "trump C"])
        first, rest = S6_PLAY_RENEGE.split("TH ", 1)
        play(state, first + "TH")
        assert reneges(state) == (N,)  # N held the QS led and played the TH
        play(state, rest)
        return state

    assert last(reneged()).points == (4 - 2, 2)
    assert last(reneged(renege_penalty=5)).points == (4 - 5, 2)


# E holds every heart but the nine, which is W's only trump.
HELP = ["9C TC 9D TD 9S TS", "JH JD AH KH QH TH", "QC KC QD KD QS KS", "AC JC AD JS AS 9H"]


def test_be_help_points_default_12_or_10() -> None:
    """§2B: SIX_HELP making every trick scores be_help_points: 12 by default, 10
    with the option. E gives the TH, W must give the 9H (W's best trump) and sits
    out; E then holds all six trumps left."""

    def six_help(**options: Any) -> followsuit.State:
        state = bid_euchre(HELP, **options)
        play_all(state, ["pass", "bid six-help", "pass", "pass", "trump H"])
        play_all(state, ["give TH"])
        assert legal_texts(state) == {"give 9H"}
        state.apply("give 9H")
        play(state, "JH QC 9C  JD KC TC  AH QD 9D  KH KD TD  QH QS 9S  9H KS TS")
        return state

    assert last(six_help()).points == (0, 12)
    assert last(six_help(be_help_points=10)).points == (0, 10)


S8 = ["JS AS KS AD KD 9H", "JC TS AC TD QD TH", "QS 9C TC QC KC 9D", "9S JD AH KH QH JH"]
# S8: N bids six with help (spades) and gives the 9H for S's QS; E's JC (the left
# bower) takes the second trick, N the other five.
S8_PLAY = "JS TS 9S  AS JC JD  AC QH QS  KS TH JH  AD QD KH  KD TD AH"


def test_be_help_points_is_lost_on_a_failed_help_bid_with_lone_value() -> None:
    """§2B ambiguity 5: with be_lone_set_penalty = lone_value a failed SIX_HELP
    loses its value, be_help_points: 12 by default, 10 with the option (with the
    default penalty it is -6 either way)."""

    def failed(**options: Any) -> followsuit.State:
        state = bid_euchre(S8, dealer=E, **options)
        play_all(state, ["pass", "bid 4", "bid six-help", "pass", "trump S", "give 9H", "give QS"])
        play(state, S8_PLAY)
        return state

    assert last(failed(be_lone_set_penalty="lone_value")).points == (-12, 1)
    assert last(failed(be_lone_set_penalty="lone_value", be_help_points=10)).points == (-10, 1)
    assert last(failed()).points == last(failed(be_help_points=10)).points == (-6, 1)


# Ace No Face: N holds the AC and no J, Q, K; nobody else qualifies.
ANF = ["AC 9C TC 9D TD 9S", "JH JD AH KH QH TH", "QC KC QD KD QS KS", "JC AD JS AS TS 9H"]


def test_bid_euchre_misdeal_dealer_after_an_ace_no_face_claim() -> None:
    """§1.13 / bid-euchre/ace-no-face: after a misdeal claimed by a player the deal
    passes to the left (unset: next); misdeal_dealer = same keeps the dealer."""
    cases: list[tuple[dict[str, Any], int]] = [
        ({}, N),
        ({"misdeal_dealer": "next"}, N),
        ({"misdeal_dealer": "same"}, W),
    ]
    for options, dealer in cases:
        state = bid_euchre(ANF, variant="bid-euchre/ace-no-face", **options)
        assert state.phase_name == "claims" and state.current_player == N
        state.apply("claim-misdeal")
        assert last(state).redeal and last(state).points == (0, 0)
        assert state.dealer == dealer, options


def test_bid_euchre_misdeal_dealer_does_not_move_an_all_pass() -> None:
    """§1.13: an all-pass always passes the deal to the left (§2B: "the deal passes
    to the left"); Bid Euchre has no engine-detected misdeal, so misdeal_dealer =
    same changes nothing here."""
    cases: list[dict[str, Any]] = [{}, {"misdeal_dealer": "same"}]
    for options in cases:
        state = bid_euchre(S6, **options)
        play_all(state, ["pass"] * 4)
        assert last(state).redeal and state.dealer == N


# bid-euchre/joker: W (the dealer) is dealt seven, the joker last; with it W holds an
# ace and no J, Q or K. N and E hold face cards, S two aces and a king.
ANF_JOKER = ["JH JD QH KH QD KD", "JC QC KC AC JS QS", "KS AS 9C TC TD AD", "AH 9H TH 9S TS 9D JK"]


def test_ace_no_face_joker_is_face_true_or_false() -> None:
    """bid-euchre/ace-no-face with bid-euchre/joker: the dealer's seven cards are
    judged as dealt, and the joker counts as a face card (default): W is not asked.
    With ace_no_face_joker_is_face = false W's hand qualifies: W is asked, and a
    claim passes the deal to the left."""
    face = bid_euchre(ANF_JOKER, variant="bid-euchre/joker", ace_no_face=True)
    assert face.phase_name == "discard" and face.current_player == W
    assert len(face.hand(W)) == 7

    plain = bid_euchre(
        ANF_JOKER, variant="bid-euchre/joker", ace_no_face=True, ace_no_face_joker_is_face=False
    )
    assert plain.phase_name == "claims" and plain.current_player == W
    assert legal_texts(plain) == {"claim-misdeal", "pass"}
    plain.apply("claim-misdeal")
    assert last(plain).redeal and plain.dealer == N


def test_ace_no_face_joker_is_face_for_a_six_card_hand() -> None:
    """The same option on a non-dealer's six cards: N's JK AC 9C TC 9D TD has an
    ace and, but for the joker, no face card."""
    hands = ["JK AC 9C TC 9D TD", "JH JD AH KH QH TH", "QC KC QD KD QS KS", "JC AD JS AS TS 9H 9S"]
    face = bid_euchre(hands, variant="bid-euchre/joker", ace_no_face=True)
    assert face.phase_name == "discard"
    plain = bid_euchre(
        hands, variant="bid-euchre/joker", ace_no_face=True, ace_no_face_joker_is_face=False
    )
    assert plain.phase_name == "claims" and plain.current_player == N


JOKER_SIX = ["JK 9C TC 9D TD 9S", "JH JD AH KH QH TH", "QC KC QD KD QS KS", "JC AD JS AS TS 9H"]


def test_dealer_extra_card_true_or_false() -> None:
    """bid-euchre/joker: dealer_extra_card = true deals the dealer a seventh card
    (the last), discarded before the bidding; false deals six to everyone, the 25th
    card staying undealt, and the bidding starts at once."""
    extra = bid_euchre([*JOKER_SIX[:3], JOKER_SIX[3] + " AC"], variant="bid-euchre/joker")
    assert [len(extra.hand(p)) for p in range(4)] == [6, 6, 6, 7]
    assert extra.phase_name == "discard" and extra.current_player == W
    assert len(legal_texts(extra)) == 7
    extra.apply("discard AC")
    assert extra.phase_name == "auction" and extra.current_player == N

    six = dealt(
        JOKER_SIX,
        None,
        "AC",
        dealer=W,
        variant="bid-euchre/joker",
        options={"dealer_extra_card": False},
    )
    assert [len(six.hand(p)) for p in range(4)] == [6, 6, 6, 6]
    assert six.phase_name == "auction" and six.current_player == N
    assert "discard AC" not in legal_texts(six)

    seeded = followsuit.new_game("bid-euchre/joker", seed=5, dealer=W)
    assert seeded.dealt is not None
    assert [len(h) for h in seeded.dealt.hands] == [6, 6, 6, 7] and seeded.dealt.kitty == ()
    plain = followsuit.new_game("bid-euchre/joker", {"dealer_extra_card": False}, seed=5, dealer=W)
    assert plain.dealt is not None
    assert [len(h) for h in plain.dealt.hands] == [6, 6, 6, 6] and len(plain.dealt.kitty) == 1


def test_dealer_extra_card_needs_a_card_to_spare() -> None:
    """bid-euchre/standard deals all 24 cards: there is no extra card to give."""
    with pytest.raises(OptionError, match="would be card 25; the EUCHRE24 deck has 24") as err:
        followsuit.load_rules("bid-euchre/standard", {"dealer_extra_card": True})
    assert err.value.option == "dealer_extra_card"


# ====================================================================== Pitch (§3)

# L (test_pitch_rules): N runs three top spades; E's 2S falls under N's ace.
HAND_L = ["AS KS QS 4H 5H 6H", "2S 2D 3D 4D 5D 6D", "2C 3C 4C 5C 6C 7C", "7D 8D 9D 2H 3H 7H"]


def test_trump_declaration_pitched_or_named() -> None:
    """pitch/base: trump is pitched, the suit of the maker's first card; with
    trump_declaration = named the maker names it (trump H) before leading. N leads
    AS and W (void in spades) plays the 2H: under pitched spades the AS takes the
    trick, under named hearts W's trump does."""
    pitched = pitch_dealt(HAND_L, dealer=W)
    play_all(pitched, ["bid 2", "pass", "pass", "pass"])
    assert pitched.phase_name == "play" and pitched.trump == -1
    assert legal_texts(pitched) == {f"play {c}" for c in HAND_L[N].split()}
    play(pitched, "AS 2S 2C 2H")
    assert pitched.trump == 3 and pitched.current_player == N

    named = pitch_dealt(HAND_L, dealer=W, options={"trump_declaration": "named"})
    play_all(named, ["bid 2", "pass", "pass", "pass"])
    assert named.phase_name == "trump" and named.current_player == N
    assert legal_texts(named) == {"trump C", "trump D", "trump H", "trump S"}
    named.apply("trump H")
    assert named.phase_name == "play" and named.current_player == N
    play(named, "AS 2S 2C 2H")
    assert named.trump == 2 and named.current_player == W


def test_trump_declaration_euchre_value_is_rejected_in_pitch() -> None:
    """§4.4 trump_declaration: Pitch allows pitched and named only."""
    with pytest.raises(OptionError, match="upcard_or_named is not allowed") as info:
        followsuit.load_rules("pitch/partnership-4p", {"trump_declaration": "upcard_or_named"})
    assert info.value.option == "trump_declaration"


def test_trump_declaration_pitched_is_refused_where_the_fill_needs_trump() -> None:
    """§3 pitch/oklahoma-10-point: the bidder names trump, then everyone drops the
    non-trumps; a pitched trump would not be known at the fill."""
    with pytest.raises(OptionError, match="trump is named") as info:
        followsuit.load_rules("pitch/oklahoma-10-point", {"trump_declaration": "pitched"})
    assert info.value.option == "trump_declaration"


def test_discard_draw_at_the_table_names_trump() -> None:
    """§3 pitch/discard-draw (discard_draw = true, trump_declaration = named):
    turning the draw on in three-handed Pitch makes the maker name trump, unless
    the table insists on pitched, which is refused."""
    rules = followsuit.load_rules("pitch/cutthroat-3p", {"discard_draw": True})
    assert rules.settings.trump_declaration == "named"
    assert followsuit.load_rules("pitch/cutthroat-3p").settings.trump_declaration == "pitched"
    with pytest.raises(OptionError, match="trump is named"):
        followsuit.load_rules(
            "pitch/cutthroat-3p", {"discard_draw": True, "trump_declaration": "pitched"}
        )


# J: N pitches spades with the 2S; E holds the JC (the jick) and no spade.
HAND_J = ["2S 9H 8H 7H 6H 5H", "JC 2D 3D 4D 5D 6D", "TS 3C 4C 5C 6C 7C", "7D 8D 9D TD 2H 3H"]


def test_jick_is_trump_false_or_true() -> None:
    """§1.4 / §1.5: by default the jick is a plain club, so E (void in spades) may
    play anything and S's TS takes the trick. With jick_is_trump = true the JC is a
    spade just below the J: E must play it, and it beats the TS."""
    plain = pitch_dealt(HAND_J, dealer=W)
    play_all(plain, ["bid 2", "pass", "pass", "pass", "play 2S"])
    assert legal_cards(plain) == set(HAND_J[E].split())
    play(plain, "JC TS 7D")
    assert plain.current_player == S

    jick = pitch_dealt(HAND_J, dealer=W, options={"jick_is_trump": True})
    play_all(jick, ["bid 2", "pass", "pass", "pass", "play 2S"])
    assert legal_cards(jick) == {"JC"}
    play(jick, "JC TS 7D")
    assert jick.current_player == E


HAND_OK_FILL = ["AS KS QS 2H 3H 4H", "JS JC BJ LJ TS 9S", "8S 7S 6S 5S 5H 6H", "7H 8H 9H TH JH QH"]
OK_FILL_STOCK = "2C 3C 4C 5C 6C 7C 8C 9C TC QC KC AC 2D 3D 4D"


def ok_filled(**options: Any) -> followsuit.State:
    state = pitch_dealt(
        HAND_OK_FILL,
        dealer=W,
        variant="pitch/oklahoma-10-point",
        options=options,
        stock=OK_FILL_STOCK,
    )
    play_all(state, ["bid 3", "pass", "pass", "pass", "trump S"])
    assert state.phase_name == "play"
    return state


def test_jick_is_trump_in_ten_point_pitch() -> None:
    """pitch/oklahoma-10-point sets jick_is_trump: E keeps the JC at the fill. With
    false the JC is a club like any non-trump: E drops it and is dealt a card."""
    kept = ok_filled()
    assert held(kept, E) == {"JS", "JC", "BJ", "LJ", "TS", "9S"}
    dropped = ok_filled(jick_is_trump=False)
    assert held(dropped, E) == {"JS", "BJ", "LJ", "TS", "9S", "5C"}  # after N's 2C 3C 4C


def test_oklahoma_deal_six_nine_select_or_nine_draw() -> None:
    """pitch/oklahoma-10-point: after trump is named everyone drops non-trumps.
    six: the others are filled to six (eldest first) and the dealer W takes the
    rest of the stock (its trumps 2S 3S 4S). The nine-card-select variant with
    oklahoma_deal = six deals six cards and fills the same way; played as
    written (nine_select) it deals nine, and the bidder takes the rest (the
    nine-card forms are pinned in test_pitch_rules)."""
    six = ok_filled()
    assert held(six, N) == {"AS", "KS", "QS", "2C", "3C", "4C"}
    assert held(six, S) == {"8S", "7S", "6S", "5S", "5C", "6C"}
    assert held(six, W) == {"2S", "3S", "4S", "7C", "8C", "9C"}
    assert six.piles.stock == ()

    select = "pitch/oklahoma-10-point/nine-card-select"
    options = {"oklahoma_deal": "six", "misdeal_only_4_to_9": False}  # S holds 5s to 8s
    as_six = pitch_dealt(
        HAND_OK_FILL, dealer=W, variant=select, options=options, stock=OK_FILL_STOCK
    )
    play_all(as_six, ["bid 3", "pass", "pass", "pass", "trump S"])
    assert [held(as_six, p) for p in range(4)] == [held(six, p) for p in range(4)]
    with pytest.raises(IllegalAction, match="6 cards, the variant deals 9"):
        pitch_dealt(HAND_OK_FILL, dealer=W, variant=select, stock=OK_FILL_STOCK)


def test_oklahoma_deal_sets_the_number_of_cards_dealt() -> None:
    """§3: "Nine cards are dealt to everyone" (nine-card-select, nine-card-draw);
    "Six-card deal. This is the main version above"."""
    for value in ("nine_select", "nine_draw"):
        rules = followsuit.load_rules("pitch/oklahoma-10-point", {"oklahoma_deal": value})
        assert rules.settings.hand_size == 9, value
    six = followsuit.load_rules(
        "pitch/oklahoma-10-point/nine-card-select", {"oklahoma_deal": "six"}
    )
    assert six.settings.hand_size == 6


# Five-card: L with S's 2C replaced by the 5S, which S plays under N's AS.
HAND_FIVE = ["AS KS QS 4H 5H 6H", "2S 2D 3D 4D 5D 6D", "5S 3C 4C 5C 6C 7C", "7D 8D 9D 2H 3H 7H"]
PLAY_FIVE = "AS 2S 5S 7D  KS 2D 3C 8D  QS 3D 4C 9D  4H 4D 5C 7H  2H 5H 5D 6C  6H 6D 7C 3H"


def test_five_value_5_or_1() -> None:
    """pitch/five-card: the 5 of trump is worth five_value to its captor, 5 by
    default (bids up to 9 = H + L + J + G + 5), 1 with the option (bids up to 5).
    NS: High (AS), the five (5S, taken by N), Game 9 - 0; EW: Low (E's 2S)."""
    five = pitch_dealt(HAND_FIVE, dealer=W, variant="pitch/five-card")
    assert bids(five) == {f"bid {v}" for v in range(2, 10)}
    play_all(five, ["bid 2", "pass", "pass", "pass"])
    play(five, PLAY_FIVE)
    assert last(five).details == (("HIGH", NS, 1), ("LOW", EW, 1), ("FIVE", NS, 5), ("GAME", NS, 1))
    assert last(five).points == (7, 1)

    one = pitch_dealt(HAND_FIVE, dealer=W, variant="pitch/five-card", options={"five_value": 1})
    assert bids(one) == {f"bid {v}" for v in range(2, 6)}
    play_all(one, ["bid 2", "pass", "pass", "pass"])
    play(one, PLAY_FIVE)
    assert last(one).details == (("HIGH", NS, 1), ("LOW", EW, 1), ("FIVE", NS, 1), ("GAME", NS, 1))
    assert last(one).points == (3, 1)


def test_five_value_in_two_player_pitch() -> None:
    """pitch/2-player sets five_value = 1 ("the 5 of trump counts as one point");
    5 makes it worth 5 there too. N takes every trick: High, the 5S and Game; E
    held Low (the 2S). No Jack is in play, so there is no moon."""
    hands = ["AS KS QS 5S 4H 5H 6H 7H 8H", "2S 2C 3C 4C 5C 6C 7C 8C KC"]
    plays = "AS 2S  KS 2C  QS 3C  5S 4C  4H 5C  5H 6C  6H 7C  7H 8C  8H KC"

    def two(**options: Any) -> followsuit.State:
        state = pitch_dealt(hands, dealer=E, variant="pitch/2-player", options=options)
        play_all(state, ["bid 2", "pass"])
        play(state, plays)
        return state

    one = two()
    assert last(one).details == (
        ("HIGH", (N,), 1),
        ("LOW", (E,), 1),
        ("FIVE", (N,), 1),
        ("GAME", (N,), 1),
    )
    assert one.scores == (3, 1)
    five = two(five_value=5)
    assert last(five).details == (
        ("HIGH", (N,), 1),
        ("LOW", (E,), 1),
        ("FIVE", (N,), 5),
        ("GAME", (N,), 1),
    )
    assert five.scores == (7, 1)


def test_special_bids_change_the_ladder() -> None:
    """§4.4 special_bids: none in partnership Pitch (pass, 2, 3, 4). SMUDGE adds a
    smudge above 4; MOON adds the moon, and the numbers then stop one below the
    points of a hand (max_bid unset: options.py "unset with a moon: one less than
    the points of a hand")."""
    assert bids(pitch_dealt(HAND_L, dealer=W)) == {"bid 2", "bid 3", "bid 4"}
    smudge = pitch_dealt(HAND_L, dealer=W, options={"special_bids": ["SMUDGE"]})
    assert bids(smudge) == {"bid 2", "bid 3", "bid 4", "bid smudge"}
    moon = pitch_dealt(HAND_L, dealer=W, options={"special_bids": ["MOON"]})
    assert bids(moon) == {"bid 2", "bid 3", "bid moon"}
    assert reason(moon, "bid 4") == "4 is not a bid here (bids: 2, 3, moon)"


def test_special_bids_removed_from_nines_fives_and_oklahoma() -> None:
    """pitch/nines-fives bids 4 … 18, smudge, blind smudge: without BLIND_SMUDGE
    the blind smudge is gone. pitch/oklahoma-10-point bids 1 … 9 and the moon:
    without MOON the numbers run to 10, the points of a hand."""
    nf = pitch_dealt(NF_HANDS, dealer=W, variant="pitch/nines-fives", stock=NF_STOCK)
    numbers = {f"bid {v}" for v in range(4, 19)}
    assert bids(nf) == numbers | {"bid smudge", "bid blind-smudge"}
    no_blind = pitch_dealt(
        NF_HANDS,
        dealer=W,
        variant="pitch/nines-fives",
        options={"special_bids": ["SMUDGE"]},
        stock=NF_STOCK,
    )
    assert bids(no_blind) == numbers | {"bid smudge"}

    ok = pitch_dealt(HAND_OK_FILL, dealer=W, variant="pitch/oklahoma-10-point")
    assert bids(ok) == {f"bid {v}" for v in range(1, 10)} | {"bid moon"}
    no_moon = pitch_dealt(
        HAND_OK_FILL, dealer=W, variant="pitch/oklahoma-10-point", options={"special_bids": []}
    )
    assert bids(no_moon) == {f"bid {v}" for v in range(1, 11)}


FIVE_BID_DEAL = ["AS KS QS JS TS 3S", "2S 2H 3H 4H 5H 6H", "2D 3D 4D 5D 6D 7D", "2C 3C 4C 5C 6C 7C"]


def test_special_bid_five_or_a_plain_five() -> None:
    """pitch/five-bid: with FIVE the bid of 5 is a five-bid: every trick and the
    Jack scores +5. Without it (special_bids = []) a bid of 5 is a plain bid of 5
    points: NS win High, Jack and Game (3; Low is E's) and are set back 5."""

    def bid_five(**options: Any) -> followsuit.State:
        state = pitch_dealt(
            FIVE_BID_DEAL,
            dealer=W,
            variant="pitch/five-bid",
            options={"num_players": 4, **options},
        )
        play_all(state, ["bid 5", "pass", "pass", "pass"])
        play(state, "AS 2S 2D 2C  KS 2H 3D 3C  QS 3H 4D 4C  JS 4H 5D 5C  TS 5H 6D 6C  3S 6H 7D 7C")
        assert last(state).details == (
            ("HIGH", NS, 1),
            ("LOW", EW, 1),
            ("JACK", NS, 1),
            ("GAME", NS, 1),
        )
        return state

    assert bid_five().scores == (5, 1)
    assert bid_five(special_bids=[]).scores == (-5, 1)


# Nines-Fives (test_pitch_rules): N names spades, keeps A K Q J T 9 of spades and
# wins all six tricks; E's 2S is Low. NS High, Jack, five, nine and Game
# (1+1+5+9+1 = 17), EW Low (1).
NF_HANDS = [
    "AS KS QS JS TS 9S 2C 3C 4C",
    "2S 5C 6C 7C 8C 9C TC JC QC",
    "5S KC AC 2D 3D 4D 5D 6D 7D",
    "3S 4S 6S 7S 8S 8D 9D TD JD",
]
NF_STOCK = "QD KD AD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
NF_PLAY = "AS 2S 5S 3S  KS QD 4H 4S  QS KD 5H 6S  JS AD 6H 7S  TS 2H 7H 8S  9S 3H 8H AH"


def nines_fives(first_call: str, **options: Any) -> followsuit.State:
    state = pitch_dealt(
        NF_HANDS, dealer=W, variant="pitch/nines-fives", options=options, stock=NF_STOCK
    )
    play_all(state, [first_call, "pass", "pass", "pass", "trump S"])
    state.apply("discard 9H TH JH QH KH")  # the dealer W keeps six of the stock
    play(state, NF_PLAY)
    return state


def test_blind_smudge_points_default_20_or_25() -> None:
    """pitch/nines-fives: a made blind smudge (all six tricks, bid as N's first
    call) scores blind_smudge_points: 20, or 25 with the option; the opponents
    keep their Low. A smudge is worth smudge_points (19) whatever the option."""
    assert nines_fives("bid blind-smudge").scores == (20, 1)
    assert nines_fives("bid blind-smudge", blind_smudge_points=25).scores == (25, 1)
    assert nines_fives("bid smudge").scores == (19, 1)
    assert nines_fives("bid smudge", blind_smudge_points=25).scores == (19, 1)


# Jack High-Low for six (test_pitch_rules): seat 0 bids 2 and is set; High goes to
# team 1 (seats 1 and 4), Low and Jack to team 2 (seats 2 and 5), Game to team 0.
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
LOW_FIRST = [
    "LOW",
    "JACK",
    "HIGH",
    "JICK",
    "OFF_ACE",
    "BIG_JOKER",
    "LITTLE_JOKER",
    "JOKER",
    "TREY",
    "OFF_TREY",
    "FIVE",
    "NINE",
    "ACE_CARD",
    "TEN_CARD",
    "DEUCE_CARD",
    "GAME",
]


def test_category_order_decides_the_nonmaker_tie_break() -> None:
    """§1.12 order_of_points replays the hand's categories in category_order. From
    10 and 9 both non-making teams end on 11: in the default order (High first)
    team 1 gets there first; with Low and Jack counted before High team 2 does.
    The details list the categories in that order too."""

    def six_handed(**options: Any) -> followsuit.State:
        state = pitch_dealt(
            SIX,
            dealer=5,
            variant="pitch/jack-high-low",
            options={"num_players": 6, **options},
            scores=[0, 10, 9],
        )
        play_all(state, ["bid 2"] + ["pass"] * 5)
        play(state, PLAY_SIX)
        assert state.scores == (-2, 11, 11) and state.is_over()
        return state

    default = six_handed()
    assert [c for c, _, _ in last(default).details] == ["HIGH", "LOW", "JACK", "GAME"]
    assert default.winner == 1
    low_first = six_handed(category_order=LOW_FIRST)
    assert [c for c, _, _ in last(low_first).details] == ["LOW", "JACK", "HIGH", "GAME"]
    assert low_first.winner == 2


def test_misdeal_dealer_after_an_engine_detected_pitch_misdeal() -> None:
    """§1.13 / pitch/oklahoma-10-point step 5: the dealer would have to keep more
    than six point trumps: a misdeal the engine detects; the same dealer deals
    again (unset), or the next one with misdeal_dealer = next."""
    hands = ["KS QS 9S 8S 7S 6S", "5S 4S 2H 3H 4H 5H", "6H 7H 8H 9H TH JH", "2D 3D 4D 5D 6D 7D"]

    def misdealt(**options: Any) -> followsuit.State:
        state = pitch_dealt(
            hands,
            dealer=W,
            variant="pitch/oklahoma-10-point",
            options=options,
            stock="2C 3C 4C 5C 6C 7C 8C 9C TC QC",
        )
        play_all(state, ["bid 1", "pass", "pass", "pass", "trump S"])
        assert last(state).redeal and state.scores == (0, 0)
        return state

    assert misdealt().dealer == W
    assert misdealt(misdeal_dealer="same").dealer == W
    assert misdealt(misdeal_dealer="next").dealer == N


def test_misdeal_dealer_after_a_claimed_pitch_misdeal() -> None:
    """§1.13: nine-card-select, W's nine cards are all 4s to 9s and W claims a
    misdeal: the deal passes to the left (unset), or stays with misdeal_dealer =
    same. pitch/2-player sets same for its throw-in; next passes the deal on."""
    hands = [
        "AS KS QS JS JC BJ LJ TS 9S",
        "3S 2S 8S AH KH QH JH TH 9H",
        "7S 6S 5S 4S KD 2D 3D TD QD",
        "4C 5C 6C 7C 8C 9C 4D 5D 6D",
    ]
    variant = "pitch/oklahoma-10-point/nine-card-select"
    for options, dealer in (({}, N), ({"misdeal_dealer": "same"}, W)):
        state = pitch_dealt(hands, dealer=W, variant=variant, options=options)
        assert state.phase_name == "claims" and state.current_player == W
        state.apply("claim-misdeal")
        assert last(state).redeal and state.dealer == dealer, options

    two = ["2C 3C 4C 5C 6C 7C 8C 9C TC", "AS KS QS JS TS 2S 2H 3H 4H"]
    for options, dealer in (({}, E), ({"misdeal_dealer": "next"}, N)):
        state = pitch_dealt(two, dealer=E, variant="pitch/2-player", options=options)
        assert state.phase_name == "claims" and state.current_player == N
        state.apply("claim-misdeal")
        assert last(state).redeal and state.dealer == dealer, options


EIGHT_EACH = [
    "2C 3C 4C 5C 6C 7C 8C 9C",
    "TC JC QC KC AC 2D 3D 4D",
    "5D 6D 7D 8D 9D TD JD QD",
    "KD AD 2H 3H 4H 5H 6H 7H",
    "8H 9H TH JH QH KH AH 2S",
]
KITTY_SIX = "3S 4S 5S 6S 7S 8S"


def test_razzle_hand_size_changes_the_hands_and_the_kitty() -> None:
    """pitch/razzle-dazzle: five players get 9 cards and a kitty of 9 (the default
    table); razzle_hand_size with 5 -> (8, 6) deals 8 each (packets 3-3-2), a kitty
    of 6, and 8 cards stay in the stock. The high bidder takes the kitty before
    naming trump: 9 + 9 = 18 cards, or 8 + 6 = 14."""
    table = [[5, 8, 6], [6, 8, 6], [7, 7, 5]]
    sizes: list[tuple[list[int], int, int, int]] = []
    for options in ({}, {"razzle_hand_size": table}):
        game = followsuit.new_game("pitch/razzle-dazzle", options, seed=1, dealer=4)
        deal = game.dealt
        assert deal is not None
        play_all(game, ["bid 5"] + ["pass"] * 4)
        assert game.phase_name == "trump" and game.current_player == 0
        sizes.append(
            ([len(h) for h in deal.hands], len(deal.kitty), len(deal.stock), len(game.hand(0)))
        )
    assert sizes == [([9] * 5, 9, 0, 9 + 9), ([8] * 5, 6, 8, 8 + 6)]
    rules = followsuit.load_rules("pitch/razzle-dazzle", {"razzle_hand_size": table})
    assert rules.packets == ((3,) * 5, (3,) * 5, (2,) * 5)

    # a hand-built deal of eight each and a kitty of six fits only the new table
    options = {"razzle_hand_size": table}
    state = pitch_dealt(
        EIGHT_EACH, dealer=4, variant="pitch/razzle-dazzle", options=options, kitty=KITTY_SIX
    )
    assert len(state.piles.stock) == 8
    play_all(state, ["bid 5"] + ["pass"] * 4)
    assert held(state, 0) == set(EIGHT_EACH[0].split()) | set(KITTY_SIX.split())
    with pytest.raises(IllegalAction, match=r"deal.hands\[0\]: 8 cards, the variant deals 9"):
        pitch_dealt(EIGHT_EACH, dealer=4, variant="pitch/razzle-dazzle", kitty=KITTY_SIX)


def test_razzle_hand_size_must_cover_the_players() -> None:
    """§4.4 razzle_hand_size: a table without the number of players is refused."""
    with pytest.raises(OptionError, match="razzle_hand_size: no hand and kitty size for 5"):
        followsuit.load_rules("pitch/razzle-dazzle", {"razzle_hand_size": [[6, 8, 6]]})

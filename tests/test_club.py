"""followsuit.club: the formats' pairings (property tests over 8 to 60 players),
the scoring rules, duplicate match points, standings and ratings."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from followsuit.club import (
    ClubError,
    HandOutcome,
    Night,
    Ratings,
    Round,
    RoundLength,
    ScoringRule,
    TableResult,
    match_points,
    next_round,
    score_hand,
    simulate_night,
    standings,
)
from followsuit.club.kings import kings_first_round, kings_next_round, moved_tables
from followsuit.club.matching import pair_up
from followsuit.club.progressive import note_table, progressive_chart
from followsuit.club.swiss import duplicate_chart, swiss_round

PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def names(n: int) -> list[str]:
    return [f"P{k:02d}" for k in range(1, n + 1)]


def check_round_seats_everyone(r: Round, players: list[str]) -> None:
    seated = r.seated()
    assert sorted(seated + list(r.byes)) == sorted(players)
    assert len(r.byes) == len(players) % 4 or len(r.byes) == len(players) - 4 * len(r.tables)
    assert len(r.tables) == len(players) // 4


def check_byes_fair(rounds: list[Round], players: list[str]) -> None:
    """After every round, no player has had two byes more than another."""
    byes: Counter[str] = Counter()
    for r in rounds:
        byes.update(r.byes)
        counts = [byes[p] for p in players]
        assert max(counts) - min(counts) <= 1, (r.number, byes)


def random_result(r: Round, table: int, rng: random.Random, hands: int = 4) -> TableResult:
    scores = tuple((rng.randint(0, 4), rng.randint(0, 4)) for _ in range(hands))
    return TableResult(r.number, table, r.tables[table], scores, scores)


# ------------------------------------------------------------------ progressive


@PROPERTY
@given(n=st.integers(8, 60), rounds=st.integers(1, 12), seed=st.integers(0, 10**6))
def test_progressive_partners_never_repeat_while_avoidable(n: int, rounds: int, seed: int) -> None:
    players = names(n)
    chart = progressive_chart(players, rounds, seed=seed)
    assert [r.number for r in chart] == list(range(1, rounds + 1))
    for r in chart:
        check_round_seats_everyone(r, players)
    check_byes_fair(chart, players)
    partnered: Counter[frozenset[str]] = Counter()
    opposed: Counter[frozenset[str]] = Counter()
    seated = 4 * (n // 4)
    # a multiple of four: a round robin, n - 1 rounds; else Dirac's bound
    fresh_rounds = n - 1 if n % 4 == 0 else seated // 2
    for r in chart:
        for table in r.tables:
            note_table(table, partnered, opposed)
        if r.number <= fresh_rounds:
            assert max(partnered.values()) == 1, r.number
    # opponents spread: nobody meets another more than one over an even spread
    even = math.ceil(2 * rounds / (n - 1))
    assert max(opposed.values()) <= even + 2


def test_progressive_multiple_of_four_partners_everyone_once() -> None:
    players = names(12)
    chart = progressive_chart(players, 11, seed=5)
    partnered: Counter[frozenset[str]] = Counter()
    for r in chart:
        for table in r.tables:
            note_table(table, partnered, Counter())
    assert len(partnered) == 12 * 11 // 2 and set(partnered.values()) == {1}


def test_progressive_chart_depends_only_on_its_inputs() -> None:
    assert progressive_chart(names(22), 6, seed=3) == progressive_chart(names(22), 6, seed=3)
    assert progressive_chart(names(22), 6, seed=3) != progressive_chart(names(22), 6, seed=4)


# ------------------------------------------------------------------ king's table


@PROPERTY
@given(tables=st.integers(2, 15), rounds=st.integers(1, 8), seed=st.integers(0, 10**6))
def test_kings_movement_by_the_rules(tables: int, rounds: int, seed: int) -> None:
    """Winners up a table (the head's stay), losers down (the foot's stay), and the
    pairs that meet are split."""
    players = names(4 * tables)
    rng = random.Random(seed)
    current = kings_first_round(players, seed=seed)
    for _ in range(rounds):
        results = [random_result(current, k, rng) for k in range(tables)]
        after = kings_next_round(current, results, Counter())
        assert after.byes == ()
        at = {name: k for k, t in enumerate(after.tables) for name in t}
        for k, (seats, result) in enumerate(zip(current.tables, results, strict=True)):
            w = result.winners()
            winners, losers = (seats[w], seats[w + 2]), (seats[1 - w], seats[3 - w])
            for name in winners:
                assert at[name] == max(k - 1, 0)
            for name in losers:
                assert at[name] == min(k + 1, tables - 1)
            for pair in (winners, losers):
                table = after.tables[at[pair[0]]]
                assert pair[1] in table  # arrive together
                assert (table.index(pair[0]) - table.index(pair[1])) % 2 == 1  # split: opponents
        current = after


@PROPERTY
@given(n=st.integers(8, 60), rounds=st.integers(1, 10), seed=st.integers(0, 10**6))
def test_kings_with_byes_seats_everyone_and_spreads_byes(n: int, rounds: int, seed: int) -> None:
    players = names(n)
    night = Night("kings", tuple(players), rounds=rounds, seed=seed)
    rng = random.Random(seed)
    played: list[Round] = []
    results: list[TableResult] = []
    for _ in range(rounds):
        r = next_round(night, played, results)
        check_round_seats_everyone(r, players)
        played.append(r)
        results += [random_result(r, k, rng) for k in range(len(r.tables))]
    check_byes_fair(played, players)


def test_kings_movement_example() -> None:
    first = Round(1, (("A", "B", "C", "D"), ("E", "F", "G", "H"), ("I", "J", "K", "L")))
    results = [
        TableResult(1, 0, first.tables[0], ((3, 1),)),  # A C win
        TableResult(1, 1, first.tables[1], ((0, 2),)),  # F H win
        TableResult(1, 2, first.tables[2], ((1, 1),)),  # a tie stays with I K
    ]
    assert moved_tables(first, results) == [
        ("A", "C", "F", "H"),
        ("B", "D", "I", "K"),
        ("E", "G", "J", "L"),
    ]


# ------------------------------------------------------------------ Swiss and duplicate


@PROPERTY
@given(n_pairs=st.integers(4, 30), seed=st.integers(0, 10**6), data=st.data())
def test_swiss_no_rematch_while_avoidable(n_pairs: int, seed: int, data: st.DataObject) -> None:
    pairs = [(f"A{k}", f"B{k}") for k in range(n_pairs)]
    players = [p for pair in pairs for p in pair]
    # while each pair has met fewer than half the others a fresh pairing exists
    rounds = data.draw(st.integers(1, max(1, (n_pairs - n_pairs % 2) // 2)))
    rng = random.Random(seed)
    played: list[Round] = []
    results: list[TableResult] = []
    met: Counter[frozenset[str]] = Counter()
    for _ in range(rounds):
        r = swiss_round(pairs, played, results, seed=seed)
        assert sorted(r.seated() + list(r.byes)) == sorted(players)
        assert len(r.byes) == 2 * (n_pairs % 2)
        for a, b, c, d in r.tables:
            assert {(a, c), (b, d)} <= set(pairs)  # partners stay partners
            met[frozenset((a, b))] += 1
        played.append(r)
        results += [random_result(r, k, rng) for k in range(len(r.tables))]
    assert max(met.values()) == 1
    check_byes_fair(played, players[::2])


def test_swiss_pairs_the_leaders() -> None:
    pairs = [(f"A{k}", f"B{k}") for k in range(4)]
    first = swiss_round(pairs, [], [], seed=2)
    # the side of seats 0 and 2 wins every table of round 1
    results = [TableResult(1, k, t, ((5, 0),)) for k, t in enumerate(first.tables)]
    second = swiss_round(pairs, [first], results, seed=2)
    winners = {t[0] for t in first.tables}
    assert any({t[0], t[1]} == winners for t in second.tables)


@PROPERTY
@given(n_pairs=st.integers(4, 30), seed=st.integers(0, 10**6))
def test_duplicate_chart_round_robin_and_directions(n_pairs: int, seed: int) -> None:
    pairs = [(f"A{k}", f"B{k}") for k in range(n_pairs)]
    rounds = n_pairs - 1 if n_pairs % 2 == 0 else n_pairs
    chart = duplicate_chart(pairs, rounds, seed=seed)
    met: Counter[frozenset[str]] = Counter()
    lean: Counter[str] = Counter()  # times north-south less times east-west
    for r in chart:
        for a, b, c, d in r.tables:
            assert {(a, c), (b, d)} <= set(pairs)
            met[frozenset((a, b))] += 1
            lean[a] += 1
            lean[b] -= 1
        assert max(abs(v) for v in lean.values()) <= 2  # both directions, about equally
    assert len(met) == n_pairs * (n_pairs - 1) // 2 and set(met.values()) == {1}


@PROPERTY
@given(
    tables=st.integers(2, 15),
    boards=st.integers(1, 6),
    scores=st.lists(st.integers(-4, 4), min_size=90, max_size=90),
)
def test_match_points_sum_as_they_must(tables: int, boards: int, scores: list[int]) -> None:
    results = [
        TableResult(
            1,
            k,
            (f"a{k}", f"b{k}", f"c{k}", f"d{k}"),
            (),
            tuple((max(scores[k * 6 + b], 0), max(-scores[k * 6 + b], 0)) for b in range(boards)),
        )
        for k in range(tables)
    ]
    mps = match_points(results)
    for b in range(boards):
        north = [mps[(k, b)][0] for k in range(tables)]
        assert sum(north) == tables * (tables - 1)  # 2 a beaten table, 1 a tie
        for k in range(tables):
            assert sum(mps[(k, b)]) == 2 * (tables - 1)


def test_duplicate_same_deals_at_every_table() -> None:
    """Played through the engine: the same cards at the same seats at every table."""
    from followsuit.club.play import club_rules, deal_boards

    night = Night("duplicate", tuple(names(16)), rounds=2, length=RoundLength(hands=3))
    rules = club_rules(night)
    boards = deal_boards(night, rules, 1)
    assert boards == deal_boards(night, rules, 1) and boards != deal_boards(night, rules, 2)
    run = simulate_night(night, bots=["rules", "random"])
    for r in run.rounds:
        results = [x for x in run.results if x.round == r.number]
        assert len(results) == 4 and all(len(x.raw) == 3 for x in results)
    total = sum(s.points for s in run.standings())
    # each board: 2 T (T - 1) match points shared by the tables' 4 players, twice each
    assert total == 2 * (2 * 4 * 3) * 3 * 2


# ------------------------------------------------------------------ scoring, standings, ratings


def test_loner_table_scores_each_ending() -> None:
    rule = ScoringRule.parse("loners:lone_march=5,lone_euchre=3")
    assert score_hand(rule, HandOutcome((4, 0), 0, True, 5, 5)) == (5, 0)  # lone march
    assert score_hand(rule, HandOutcome((0, 1), 1, True, 3, 5)) == (0, 1)  # lone point
    assert score_hand(rule, HandOutcome((0, 2), 0, True, 2, 5)) == (0, 3)  # set loner
    assert score_hand(rule, HandOutcome((2, 0), 0, False, 5, 5)) == (2, 0)  # march
    assert score_hand(rule, HandOutcome((2, 0), 1, False, 1, 5)) == (2, 0)  # euchre
    assert score_hand(rule, HandOutcome((0, 0), None, False, 0, 0)) == (0, 0)  # thrown in
    assert score_hand(ScoringRule("hands"), HandOutcome((0, 2), 0, False, 2, 5)) == (0, 1)
    assert str(rule).startswith("loners:point=1,march=2,lone_point=1,lone_march=5")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("loners:lone_march", "expected name=value"),
        ("loners:bogus=1", "expected name=value"),
        ("loners:march=x", "a whole number"),
        ("loners:march=-1", "from 0 to 100"),
        ("points:march=1", "takes no values"),
        ("tricks", "unknown scoring"),
    ],
)
def test_bad_scoring_is_one_line(text: str, message: str) -> None:
    with pytest.raises(ClubError, match=message):
        ScoringRule.parse(text)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": ("A", "B", "C")}, "8 to 200 players, not 3"),
        ({"format": "ladder"}, "unknown format"),
        ({"players": tuple(names(8)) + ("P01",)}, "two players named 'P01'"),
        ({"format": "swiss", "players": tuple(names(9))}, "even number of players"),
        ({"rounds": 0}, "rounds must be"),
        ({"format": "duplicate", "length": RoundLength(hands=None, minutes=30)}, "boards"),
        ({"fillers": frozenset({"X"})}, "not one of the players"),
    ],
)
def test_bad_night_is_one_line(kwargs: dict[str, object], message: str) -> None:
    values: dict[str, object] = {"format": "progressive", "players": tuple(names(8))}
    values.update(kwargs)
    with pytest.raises(ClubError, match=message):
        Night(**values)  # type: ignore[arg-type]


def test_round_length_needs_one_measure() -> None:
    with pytest.raises(ClubError):
        RoundLength(hands=None, minutes=None)
    with pytest.raises(ClubError):
        RoundLength(hands=0)
    assert str(RoundLength(hands=None, minutes=20)) == "20 minutes"


def test_standings_are_sums_and_fillers_get_no_place() -> None:
    night = Night("progressive", tuple(names(8)), rounds=1, fillers=frozenset({"P01"}))
    r = Round(1, (("P01", "P02", "P03", "P04"), ("P05", "P06", "P07", "P08")))
    results = [
        TableResult(1, 0, r.tables[0], ((3, 1), (0, 2))),
        TableResult(1, 1, r.tables[1], ((1, 0),)),
    ]
    table = {s.player: s for s in standings(night, [r], results)}
    assert table["P01"].points == 3 and table["P02"].points == 3 and table["P05"].points == 1
    assert table["P01"].place is None and table["P01"].hands_won == 1
    places = sorted(s.place for s in table.values() if s.place is not None)
    assert places == list(range(1, 8))


def test_pair_up_avoids_the_dear_pairs() -> None:
    dear = {frozenset(("A", "B")), frozenset(("C", "D"))}
    got = pair_up(["A", "B", "C", "D"], lambda a, b: int(frozenset((a, b)) in dear))
    assert not {frozenset(p) for p in got} & dear
    with pytest.raises(ValueError):
        pair_up(["A", "B", "C"], lambda a, b: 0)


def test_ratings_move_both_partners_and_keep_families_apart() -> None:
    ratings = Ratings()
    for _ in range(5):
        ratings.rate("euchre", ("A", "B", "C", "D"), (10, 2))
    a, b, c = (ratings.get("euchre", p) for p in "ABC")
    assert a == c and a.mu > 25 > b.mu and a.sigma < 25 / 3
    assert ratings.get("pitch", "A").mu == pytest.approx(25)
    draw = Ratings()
    draw.rate("euchre", ("A", "B", "C", "D"), (3, 3))
    assert draw.get("euchre", "A").mu == pytest.approx(draw.get("euchre", "B").mu)
    assert list(ratings.as_json()["euchre"])[:2] == ["A", "C"]


def test_simulated_night_standings_are_the_sum_of_its_hands() -> None:
    night = Night(
        "progressive",
        tuple(names(10)),
        rounds=3,
        length=RoundLength(hands=3),
        scoring=ScoringRule.parse("loners:lone_march=5,lone_euchre=3"),
    )
    run = simulate_night(night, bots=["rules", "random"])
    assert all(len(r.hands) == 3 for r in run.results)
    points: Counter[str] = Counter()
    for result in run.results:
        for seat, name in enumerate(result.seats):
            points[name] += sum(h[seat % 2] for h in result.hands)
    assert {s.player: s.points for s in run.standings()} == {p: points[p] for p in night.players}


def test_minutes_ring_the_bell_after_the_hand() -> None:
    night = Night("kings", tuple(names(8)), rounds=1, length=RoundLength(hands=None, minutes=10))
    run = simulate_night(night, bots=["random"])
    assert [len(r.hands) for r in run.results] == [3, 3]  # ceil(10 / 4)


def test_a_variant_without_two_partnerships_is_refused() -> None:
    night = Night("progressive", tuple(names(8)), variant="euchre/cutthroat")
    with pytest.raises(ClubError, match="two partnerships"):
        simulate_night(night)
    lone = Night(
        "progressive",
        tuple(names(8)),
        variant="pitch/partnership-4p",
        scoring=ScoringRule("loners"),
    )
    with pytest.raises(ClubError, match="loner table scores Euchre"):
        simulate_night(lone)


# ------------------------------------------------------------------ the phones' sheet, the JSON


def test_sheet_confirms_agreement_and_flags_disputes() -> None:
    from followsuit.club.sheet import Entry, sheet_status

    assert sheet_status([]) == ("empty", None)
    assert sheet_status([Entry("1", (3, 4))]) == ("awaiting", None)
    assert sheet_status([Entry("1", (3, 4)), Entry("0", (3, 4))]) == ("confirmed", (3, 4))
    disputed = [Entry("1", (3, 4)), Entry("0", (4, 3))]
    assert sheet_status(disputed) == ("disputed", None)
    # a side that corrects itself to agree settles it; the organiser overrides
    assert sheet_status([*disputed, Entry("0", (3, 4))]) == ("confirmed", (3, 4))
    assert sheet_status([*disputed, Entry("organiser", (0, 0))]) == ("confirmed", (0, 0))


def test_night_json_round_trips_and_refuses_bad_fields() -> None:
    from followsuit.club.spec import night_as_json, night_from_json

    night = Night(
        "swiss",
        tuple(names(10)),
        rounds=3,
        length=RoundLength(hands=None, minutes=25),
        scoring=ScoringRule.parse("loners:lone_march=5"),
        table_kinds=("physical", "online"),
        seed=9,
    )
    assert night_from_json(night_as_json(night)) == night
    for body, message in [
        ([], "a JSON object"),
        ({"format": "kings", "players": "P1"}, "a list of names"),
        ({"format": "kings", "players": names(8), "rounds": "8"}, "rounds must be a whole number"),
        ({"format": "kings", "players": names(8), "shape": 1}, "unknown field 'shape'"),
        (
            {"format": "kings", "players": names(8), "table_kinds": ["outdoor"]},
            "unknown table kind",
        ),
        ({"format": "kings", "players": ["x" * 41] + names(7)}, "at most 40"),
    ]:
        with pytest.raises(ClubError, match=message):
            night_from_json(body)

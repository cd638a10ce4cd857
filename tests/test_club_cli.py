"""``followsuit club simulate``: the JSON's shape and its consistency, the printed
night, and bad input as one line with exit status 2."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from typer.testing import CliRunner

from followsuit.cli.main import app
from followsuit.club import Night, RoundLength, ScoringRule, simulate_night

runner = CliRunner()


def simulate(*args: str) -> Any:
    result = runner.invoke(app, ["club", "simulate", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def check_night(night: Any, players: int, rounds: int) -> None:
    assert set(night) == {"rounds", "standings", "ratings"}
    names = {s["player"] for s in night["standings"]}
    assert len(names) == players
    assert len(night["rounds"]) == rounds
    for r in night["rounds"]:
        assert set(r) == {"tables", "byes"}
        seated = [p for t in r["tables"] for p in t]
        assert all(len(t) == 4 for t in r["tables"])
        assert sorted(seated + r["byes"]) == sorted(names)  # every player seated or on a bye
        assert len(r["byes"]) == players % 4
    for s in night["standings"]:
        assert set(s) == {"player", "points"}
    points = [s["points"] for s in night["standings"]]
    assert points == sorted(points, reverse=True)
    (family,) = night["ratings"]
    assert family == "euchre" and set(night["ratings"][family]) == names
    for r in night["ratings"][family].values():
        assert set(r) == {"mu", "sigma", "ordinal"}


def test_the_issues_night_as_json() -> None:
    night = simulate("--players", "22", "--format", "progressive", "--rounds", "8", "--hands", "8")
    check_night(night, 22, 8)
    partners = [frozenset((t[0], t[2])) for r in night["rounds"] for t in r["tables"]]
    partners += [frozenset((t[1], t[3])) for r in night["rounds"] for t in r["tables"]]
    assert len(partners) == len(set(partners))  # nobody partners twice in 8 rounds of 22


@pytest.mark.parametrize("fmt", ["kings", "swiss", "duplicate"])
def test_every_format_simulates(fmt: str) -> None:
    check_night(
        simulate("--players", "10", "--format", fmt, "--rounds", "3", "--hands", "2"), 10, 3
    )


def test_standings_equal_the_sum_of_the_hands() -> None:
    """The JSON's standings are the sums of the hands the same night's tables played
    (replayed through the library), and its rounds are that night's."""
    args = ["--players", "14", "--format", "kings", "--rounds", "3", "--hands", "4", "--seed", "7"]
    printed = simulate(*args, "--scoring", "loners:lone_march=5,lone_euchre=3")
    night = Night(
        "kings",
        tuple(f"P{k:02d}" for k in range(1, 15)),
        rounds=3,
        length=RoundLength(hands=4),
        scoring=ScoringRule.parse("loners:lone_march=5,lone_euchre=3"),
        seed=7,
    )
    run = simulate_night(night, bots=["rules", "random"])
    sums: Counter[str] = Counter()
    for result in run.results:
        assert len(result.hands) == 4
        for seat, name in enumerate(result.seats):
            sums[name] += sum(hand[seat % 2] for hand in result.hands)
    assert {s["player"]: s["points"] for s in printed["standings"]} == {
        p: sums[p] for p in night.players
    }
    assert printed["rounds"] == [
        {"tables": [list(t) for t in r.tables], "byes": list(r.byes)} for r in run.rounds
    ]


def test_seed_repeats_the_night() -> None:
    args = ["--players", "9", "--rounds", "2", "--hands", "2", "--seed", "3"]
    assert simulate(*args) == simulate(*args)


def test_the_printed_night() -> None:
    args = [
        "club",
        "simulate",
        "--players",
        "9",
        "--format",
        "kings",
        "--rounds",
        "2",
        "--hands",
        "1",
    ]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    for words in ("Rotation chart", "Standings", "Ratings (euchre, OpenSkill)", "bye", "P09"):
        assert words in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "3"], "a club night needs 8 to 200 players, not 3"),
        (["--players", "lots"], "--players: a whole number, not 'lots'"),
        (["--format", "ladder"], "unknown format 'ladder'"),
        (["--format", "swiss", "--players", "9"], "an even number of players"),
        (["--variant", "euchre/cutthroat"], "not played by two partnerships"),
        (["--variant", "nope"], "unknown variant"),
        (["--bots", "genius"], "unknown bot 'genius'"),
        (["--scoring", "loners:big=5"], "expected name=value"),
        (["--hands", "3", "--minutes", "20"], "not both"),
        (["--rounds", "0"], "rounds must be"),
        (["-o", "target_score=0"], "target_score"),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["club", "simulate", *args])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.output

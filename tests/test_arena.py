"""The arena: duplicate deals, figures with intervals, the command's outputs."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from followsuit.arena import elo_ratings, plan_games, ratio_interval, run_arena, wilson
from followsuit.cli.main import app


def test_duplicate_sets_give_every_bot_every_side_of_each_deal() -> None:
    tasks = plan_games("euchre/american", ["a", "b"], games=6, seed=1)
    assert len(tasks) == 6
    by_deal: dict[int, list[tuple[int, ...]]] = {}
    for t in tasks:
        by_deal.setdefault(t.deal, []).append(t.sides)
    assert by_deal == {0: [(0, 1), (1, 0)], 1: [(0, 1), (1, 0)], 2: [(0, 1), (1, 0)]}
    # three bots, three sides (cutthroat): every rotation of the one line-up
    tasks = plan_games("euchre/cutthroat", ["a", "b", "c"], games=3, seed=1)
    assert sorted(t.sides for t in tasks) == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    # three bots, two sides: every pair meets, both ways round
    tasks = plan_games("euchre/american", ["a", "b", "c"], games=1, seed=1)
    assert sorted(t.sides for t in tasks) == [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]


def test_a_match_is_the_same_in_one_process_or_several() -> None:
    one = run_arena("euchre/american", ["rules", "random"], games=4, seed=3, jobs=1)
    two = run_arena("euchre/american", ["rules", "random"], games=4, seed=3, jobs=2)
    assert one.as_json() == two.as_json()
    assert one.bots[0].games == 4 and one.bots[0].games_won + one.bots[1].games_won == 4


def test_two_bots_get_their_difference_per_hand_over_duplicate_sets() -> None:
    result = run_arena("euchre/american", ["rules", "random"], games=6, seed=5, jobs=1)
    difference = result.difference
    assert difference is not None
    value, (lo, hi) = difference
    first, second = result.bots
    assert first.hands == second.hands == result.hands  # each game seats both
    assert math.isclose(value, first.points_per_hand - second.points_per_hand)
    assert lo < value < hi and value > 0
    data = result.as_json()["points_per_hand_difference"]
    assert data["bots"] == ["rules", "random"] and data["value"] == round(value, 4)
    # who called, was set and went alone: at most one maker a hand
    assert first.call_rate > 0 and second.call_rate > 0
    assert first.call_rate + second.call_rate <= 1
    assert all(0 <= r <= 1 for b in (first, second) for r in (b.set_rate, b.alone_rate))
    assert second.set_rate > first.set_rate  # random play is set more often
    three = run_arena("euchre/american", ["rules", "random", "easy"], games=6, seed=5, jobs=1)
    assert three.difference is None and "points_per_hand_difference" not in three.as_json()


def test_intervals() -> None:
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and math.isclose(lo + hi, 1.0)
    assert wilson(0, 10)[0] == 0.0 and math.isclose(wilson(10, 10)[1], 1.0)
    lo, hi = ratio_interval([(10, 10), (12, 10), (8, 10), (10, 10)])
    assert lo < 1.0 < hi
    assert ratio_interval([(1, 1)]) == (-math.inf, math.inf)


def test_elo_orders_the_bots_by_who_beats_whom() -> None:
    wins = {(0, 1): 70, (1, 0): 30, (1, 2): 70, (2, 1): 30, (0, 2): 85, (2, 0): 15}
    elo = elo_ratings(["a", "b", "c"], wins)
    assert elo["a"] > elo["b"] > elo["c"]
    assert math.isclose(sum(elo.values()) / 3, 1500, abs_tol=1e-6)


runner = CliRunner()


def test_the_command_prints_one_json_object_and_writes_csv_and_plot(tmp_path: Path) -> None:
    csv_path, plot_path = tmp_path / "games.csv", tmp_path / "ppH.png"
    args = ["arena", "euchre/american", "--bots", "rules,random", "--games", "4"]
    args += ["--seed", "2", "--jobs", "1", "--json", "--csv", str(csv_path)]
    result = runner.invoke(app, [*args, "--plot", str(plot_path)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert {"variant", "games", "hands", "seed", "bots"} <= set(data)
    assert data["games"] == 4 and data["seed"] == 2
    for bot in data["bots"]:
        assert {"name", "games_won", "win_rate", "win_rate_ci95", "points_per_hand"} <= set(bot)
        assert bot["win_rate_ci95"][0] <= bot["win_rate"] <= bot["win_rate_ci95"][1]
    rows = csv_path.read_text().splitlines()
    assert len(rows) == 5 and rows[0].startswith("deal,")
    assert plot_path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--bots", "rules"], "at least two bots"),
        (["--bots", "rules,nobody"], "unknown bot"),
        (["--csv", "/no/such/folder/x.csv"], "does not exist"),
        (["-o", "stick_the_dealer=maybe"], "stick_the_dealer"),
    ],
)
def test_bad_arguments_get_one_line_and_exit_2(args: list[str], words: str) -> None:
    result = runner.invoke(app, ["arena", "euchre/american", "--games", "2", *args])
    assert result.exit_code == 2
    assert words in result.output
    assert len(result.output.strip().splitlines()) == 1

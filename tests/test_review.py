"""``followsuit review``: a hand played double-dummy gives nothing away; a card
that does is named with the best card and its cost."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import followsuit
from followsuit import record, solver
from followsuit.bots import make_bot
from followsuit.cli.main import app
from followsuit.review import review
from followsuit.text.summary import count

runner = CliRunner()


def play(variant: str, seed: int, perfect: bool) -> followsuit.State:
    """A short game: the calls by the easy bot, the cards by the solver's best
    play (``perfect``) or by the easy bot."""
    game = followsuit.new_game(variant, {"target_score": 3}, seed=seed)
    bot = make_bot("easy")
    while not game.is_over():
        seat = game.current_player
        assert seat is not None
        if perfect and game.phase_name == "play":
            game.apply(solver.solve(game).best[0])
        else:
            game.apply(bot.choose(game.observation(seat)))
    return game


@pytest.mark.parametrize("variant", ["euchre/american", "bid-euchre/standard"])
def test_best_play_gives_nothing_away(variant: str) -> None:
    hands = review(play(variant, 3, perfect=True))
    assert hands and all(h["tricks"] for h in hands if h["tricks"])
    assert [g for h in hands for g in h["gifts"]] == []
    for h in hands:  # under best play the value never moves within a hand
        by_side: dict[tuple[int, ...], set[int]] = {}
        for t in h["tricks"]:
            by_side.setdefault(tuple(t["side"]), set()).add(t["value"])
        assert all(len(v) == 1 for v in by_side.values())


def test_gifts_name_the_card_the_best_card_and_the_cost(tmp_path: Path) -> None:
    game = play("euchre/american", 5, perfect=False)
    gifts = [g for h in review(game) for g in h["gifts"]]
    assert gifts, "the easy bot gave nothing away in a whole game"
    for g in gifts:
        assert g["cost"] > 0 and g["played"] not in g["best"]
    path = tmp_path / "game.json"
    record.save(game, path)
    result = runner.invoke(app, ["review", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["hands"] == review(game)
    text = runner.invoke(app, ["review", str(path)]).output
    first = gifts[0]
    assert f"played {first['played']}" in text and "gave away" in text


def test_counts_of_one_are_singular() -> None:
    """Scenario S1: East and West can take one trick from the third trick on."""
    record_path = Path(__file__).parent / "data" / "scenarios" / "S1.json"
    text = runner.invoke(app, ["review", str(record_path)]).output
    assert "trick 3: East leads; best play from here: East+West 1 trick in the hand" in text
    assert "4 tricks in the hand" in text
    assert [count(1, "tricks"), count(2, "tricks"), count(-1, "points"), count(0, "points")] == [
        "1 trick",
        "2 tricks",
        "-1 point",
        "0 points",
    ]


def test_review_refuses_a_bad_record_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{")
    result = runner.invoke(app, ["review", str(path)])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1

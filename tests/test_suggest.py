"""``followsuit suggest``: the bot's action for the seat to move of a record."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import followsuit
from followsuit import record
from followsuit.bots import make_bot
from followsuit.cli.main import app

runner = CliRunner()


@pytest.mark.parametrize(
    "variant", ["euchre/american", "bid-euchre/standard", "pitch/cutthroat-3p"]
)
def test_suggest_prints_the_bots_action_in_record_syntax(variant: str, tmp_path: Path) -> None:
    game = followsuit.new_game(variant, seed=4)
    rng = random.Random(4)
    for _ in range(7):
        game.apply(rng.choice(game.legal_actions()))
    path = tmp_path / "mid.json"
    record.save(game, path)
    seat = game.current_player
    assert seat is not None
    expected = game.action_to_string(make_bot("easy", seed=0).choose(game.observation(seat)))
    result = runner.invoke(app, ["suggest", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output.strip() == expected
    result = runner.invoke(app, ["suggest", str(path), "--seat", str(seat), "--json"])
    data = json.loads(result.output)
    assert data["action"] == expected and data["seat"] == seat
    assert game.parse_action(data["action"]) in game.legal_actions()


def test_suggest_refuses_in_one_line(tmp_path: Path) -> None:
    game = followsuit.new_game("euchre/american", seed=4)
    path = tmp_path / "start.json"
    record.save(game, path)
    seat = game.current_player
    assert seat is not None
    for args, words in [
        ([str(path), "--seat", str((seat + 1) % 4)], "is not to move"),
        ([str(path), "--level", "grandmaster"], "unknown bot"),
        ([str(tmp_path / "none.json")], "cannot read"),
    ]:
        result = runner.invoke(app, ["suggest", *args])
        assert result.exit_code == 2
        assert words in result.output and len(result.output.strip().splitlines()) == 1

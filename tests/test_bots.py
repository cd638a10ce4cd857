"""Bots: only observations go in, only legal actions come out, and the rule-based
player is sound (it beats random play and makes the textbook decisions)."""

from __future__ import annotations

import ast
import dataclasses
import random
from pathlib import Path

import pytest

import followsuit
from followsuit.arena import play_match
from followsuit.bots import EuchreRulesBot, RandomBot, make_bot
from followsuit.engine import actions as A

from .conftest import dealt, play_all, play_bots

BOTS_DIR = Path(followsuit.__file__).parent / "bots"


def test_bots_never_import_the_state() -> None:
    """A bot can only read what its observation holds."""
    for path in BOTS_DIR.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                names = {a.name for a in node.names}
                assert "state" not in module.split("."), f"{path.name} imports {module}"
                assert "State" not in names, f"{path.name} imports State"


@pytest.mark.parametrize("variant", [v.id for v in followsuit.variants()])
@pytest.mark.parametrize("name", ["random", "easy", "rules-v1"])
def test_bots_choose_legal_actions_in_every_variant(name: str, variant: str) -> None:
    options = {"time_limit_seconds": 60} if variant == "euchre/timed" else {}
    for seed in range(2):
        state = followsuit.new_game(variant, options, seed=seed)
        play_bots(state, [make_bot(name, seed=k) for k in range(state.n)], hands=3)


def test_bots_handle_every_euchre_house_rule() -> None:
    rng = random.Random(1)
    for seed in range(15):
        options = {
            "euchre_alone_timing": rng.choice(["with_call", "after_exchange"]),
            "defend_alone": rng.random() < 0.5,
            "stick_the_dealer": rng.random() < 0.5,
            "euchre_alone_allowed_for": rng.choice(["maker_only", "maker_or_partner"]),
        }
        state = followsuit.new_game("euchre/american", options, seed=seed)
        bot = make_bot("rules")
        while not state.is_over():
            seat = state.current_player
            assert seat is not None
            state.apply(bot.choose(state.observation(seat)))


def test_rules_bot_beats_random_play() -> None:
    result = play_match("euchre/american", [EuchreRulesBot(), RandomBot(7)], 40, seed="t")
    assert result.wins[0] >= 36


@pytest.mark.parametrize(
    "variant",
    [
        "pitch/partnership-4p",
        "pitch/oklahoma-10-point",
        "bid-euchre/standard",
        "pitch/new-yorker",
        "pitch/blind",
    ],
)
def test_rules_bot_beats_random_play_in_other_families(variant: str) -> None:
    from followsuit.bots import RulesBot

    result = play_match(variant, [RulesBot(), RandomBot(3)], 16, seed="f")
    assert result.wins[0] >= 13


def test_rules_bot_plays_even_with_itself() -> None:
    result = play_match("euchre/american", [EuchreRulesBot(), EuchreRulesBot()], 20, seed="e")
    assert 5 <= result.wins[0] <= 15


def _first_decision(hands: list[str], up: str, dealer: int = 3) -> int:
    state = dealt(hands, up, _kitty(hands, up), dealer=dealer)
    return EuchreRulesBot().choose(state.observation(state.current_player))


def _kitty(hands: list[str], up: str) -> str:
    used = set(" ".join(hands).split()) | {up}
    return " ".join(c for c in followsuit.find_deck("EUCHRE24").codes if c not in used)


def test_orders_up_alone_with_a_monster_hand() -> None:
    hands = ["JH JD AH KH QH", "9C TC JC QC KC", "9S TS JS QS KS", "9D TD QD KD AD"]
    assert _first_decision(hands, "TH") == A.ORDER_UP_ALONE


def test_passes_a_weak_hand() -> None:
    hands = ["9C TC 9D TD 9S", "JH JD AH KH QH", "JC QC KC AC TS", "JS QS KS AS QD"]
    assert _first_decision(hands, "9H") == A.PASS


def test_plays_low_when_partner_is_winning() -> None:
    # N leads AS (boss); E follows low; S (N's partner) holds KS and 9S: plays 9S.
    hands = ["AS TC JD QD KD", "QS 9C TH AH KH", "KS 9S AC KC QC", "TS JS QH 9H JC"]
    state = dealt(hands, "JH", _kitty(hands, "JH"), dealer=3)
    play_all(state, ["pass", "pass", "pass", "pass", "call D", "play AS", "play QS"])
    card = EuchreRulesBot().choose(state.observation(2))
    assert state.rules.deck.codes[card] == "9S"


def test_maker_leads_trump() -> None:
    hands = ["JH JD AH 9C 9S", "TC JC QC KC AC", "TS JS QS KS AS", "9D TD QD KD AD"]
    state = dealt(hands, "KH", _kitty(hands, "KH"), dealer=3)
    play_all(state, ["order-up", "discard 9D"])
    card = EuchreRulesBot().choose(state.observation(0))
    assert state.rules.deck.codes[card] == "JH"


def test_saves_the_bower_when_a_small_trump_wins() -> None:
    # E leads AC; S, void in clubs with JH (right bower) and 9H, trumps with 9H.
    hands = ["KD QS 9S TS KS", "AC KC 9D TD QD", "JH 9H AS JS AD", "TC QC JC QH KH"]
    state = dealt(hands, "9C", _kitty(hands, "9C"), dealer=0)
    play_all(state, ["pass"] * 4 + ["pass", "call H", "play AC"])
    card = EuchreRulesBot().choose(state.observation(2))
    assert state.rules.deck.codes[card] == "9H"


@pytest.mark.parametrize("name", ["easy", "medium", "random"])
def test_a_bot_asked_with_nothing_to_do_says_so(name: str) -> None:
    """Between hands nobody is to move: asking a bot is a caller's mistake."""
    state = followsuit.new_game("euchre/american", seed=1)
    obs = state.observation(state.current_player)
    idle = dataclasses.replace(obs, legal_actions=())
    with pytest.raises(ValueError, match="nothing to do"):
        make_bot(name, seed=1).choose(idle)
    bot = make_bot("easy")
    assert (
        bot.choose(dataclasses.replace(obs, legal_actions=obs.legal_actions[:1]))
        == (obs.legal_actions[0])
    )

"""The terminal game driven end to end in a pseudo-terminal (pexpect)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect
import pytest

from followsuit import record

ROOT = Path(__file__).resolve().parents[1]
PROMPT = "Your move:"


def _spawn(tmp_path: Path, *args: str) -> pexpect.spawn:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), FOLLOWSUIT_RECORDS=str(tmp_path))
    return pexpect.spawn(
        sys.executable,
        ["-m", "followsuit", "play", *args],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 120),
    )


def test_full_game_in_a_pty(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    child = _spawn(tmp_path, "euchre/american", "--seed", "3", "--record", str(path))
    transcript = []
    prompts = 0
    while True:
        idx = child.expect([PROMPT, pexpect.EOF])
        transcript.append(child.before)
        if idx == 1:
            break
        prompts += 1
        child.sendline("1")
        assert prompts < 2000
    child.close()
    text = "".join(transcript)
    assert child.exitstatus == 0
    assert "Traceback" not in text
    assert "Game over" in text and "win the game" in text
    assert "Record saved to" in text and path.exists()
    state = record.replay(record.load(path))
    assert state.is_over() and state.winner is not None
    assert prompts > 10


def test_typos_and_illegal_moves_get_a_reason_and_a_new_prompt(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    child = _spawn(tmp_path, "--seed", "11", "--record", str(path))
    child.expect(PROMPT)
    child.sendline("zz")
    child.expect("not understood")
    child.expect(PROMPT)
    child.sendline("99")
    child.expect("Choose a number from 1 to")
    child.expect(PROMPT)
    child.sendline("play AS")
    child.expect("Not allowed: ")
    child.expect(PROMPT)
    child.sendline("?")
    child.expect("Type the number of a choice")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect("Record saved to")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in (child.before or "")
    rec = record.load(path)
    assert record.replay(rec).hand_no == 1


@pytest.mark.parametrize("how", ["eof", "interrupt"])
def test_leaving_with_ctrl_d_or_ctrl_c_saves_the_record(tmp_path: Path, how: str) -> None:
    path = tmp_path / f"{how}.json"
    child = _spawn(tmp_path, "--seed", "4", "--record", str(path))
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    if how == "eof":
        child.sendeof()
    else:
        child.sendintr()
    child.expect("Record saved to")
    child.expect(pexpect.EOF)
    child.close()
    assert "Traceback" not in (child.before or "")
    state = record.replay(record.load(path))
    assert len(state.log) >= 1


def test_bad_option_is_a_clear_error(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "--options", "stick_the_dealer=perhaps")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert "option stick_the_dealer: 'perhaps' is not allowed" in (child.before or "")


@pytest.mark.parametrize("variant", ["bid-euchre/standard", "euchre/cutthroat", "euchre/british"])
def test_other_variants_play_to_the_end(tmp_path: Path, variant: str) -> None:
    path = tmp_path / "game.json"
    child = _spawn(tmp_path, variant, "--seed", "5", "--record", str(path))
    text = []
    for _ in range(3000):
        idx = child.expect([PROMPT, pexpect.EOF])
        text.append(child.before)
        if idx == 1:
            break
        child.sendline("1")
    child.close()
    out = "".join(text)
    assert child.exitstatus == 0 and "Traceback" not in out
    assert "Game over" in out
    assert record.replay(record.load(path)).is_over()


def test_timed_game_needs_a_time_limit(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "euchre/timed")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert "time_limit_seconds" in (child.before or "")


def test_rules_command_lists_every_variant_and_option() -> None:
    import subprocess

    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), COLUMNS="250")
    out = subprocess.run(
        [sys.executable, "-m", "followsuit", "rules"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    ).stdout
    import followsuit

    for v in followsuit.variants():
        assert v.id in out
    from followsuit.rules.options import user_options

    for variant, family in [("bid-euchre/joker", "bid_euchre"), ("euchre/british", "euchre")]:
        shown = subprocess.run(
            [sys.executable, "-m", "followsuit", "rules", variant],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        ).stdout
        for opt in user_options(family):
            assert opt.name in shown, (variant, opt.name)


def _to_first_card_list(tmp_path: Path, path: Path, seed: str) -> pexpect.spawn:
    """New Yorker in a pty: answer 1 until the player is asked to type cards."""
    child = _spawn(tmp_path, "pitch/new-yorker", "--seed", seed, "--record", str(path))
    for _ in range(400):
        child.expect(PROMPT)
        if "Type the" in (child.before or ""):
            return child
        child.sendline("1")
    raise AssertionError("never asked to type cards")


def test_typed_discard_keeps_its_order(tmp_path: Path) -> None:
    """A discard typed as a list of cards goes onto the discard pile, and into
    the record, in the order typed (RULES.md §1.2)."""
    first = tmp_path / "first.json"
    child = _to_first_card_list(tmp_path, first, "21")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    state = record.replay(record.load(first))
    me = state.current_player
    plain = [c for c in state.legal_actions() if c >= 1 << 64 and bin(c).count("1") == 3]
    assert plain, "a two-card discard is legal"
    deck = state.rules.deck
    two = [deck.codes[c] for c in range(len(deck)) if plain[0] >> c & 1]
    typed = " ".join(reversed(two))  # not the deck's order
    second = tmp_path / "second.json"
    child = _to_first_card_list(tmp_path, second, "21")
    child.sendline(typed.lower())
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    hand = record.load(second)["hands"][-1]
    assert [me, f"discard {typed}"] in hand["actions"]

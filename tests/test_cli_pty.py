"""The terminal game driven end to end in a pseudo-terminal (pexpect).

Every game here is short (``target_score`` 1 or 2, ``--delay 0``, fixed seeds).
The record is written after every action, so a test reads it back to see what a
typed line did.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pexpect
import pytest

import followsuit
from followsuit import record
from followsuit.bots import BOTS
from followsuit.rules.options import user_options

ROOT = Path(__file__).resolve().parents[1]
PROMPT = "Your move:"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
SYMBOL = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def plain(text: str) -> str:
    return ANSI.sub("", text).replace("\r", "")


def spawn(
    tmp_path: Path,
    *args: str,
    columns: int = 80,
    rows: int = 60,
    command: str = "play",
    delay: str = "0",
) -> pexpect.spawn:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), FOLLOWSUIT_RECORDS=str(tmp_path))
    extra = ["--delay", delay] if command in ("play", "resume") else []
    return pexpect.spawn(
        sys.executable,
        ["-m", "followsuit", command, *args, *extra],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(rows, columns),
        preexec_fn=_as_from_a_terminal,
    )


def _as_from_a_terminal() -> None:
    """Give the game Ctrl-C as a shell at a terminal would: a test run started in
    the background (``cmd &`` in a script) inherits SIGINT ignored, and the game
    would then never see the interrupt its test sends."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run(*args: str, columns: int | None = None) -> subprocess.CompletedProcess[str]:
    """The command with its output piped (no terminal)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    env.pop("COLUMNS", None)
    if columns:
        env["COLUMNS"] = str(columns)
    return subprocess.run(
        [sys.executable, "-m", "followsuit", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def last_action_of(path: Path, seat: int) -> str:
    hands = json.loads(path.read_text())["hands"]
    for hand in reversed(hands):
        mine = [text for who, text in hand["actions"] if who == seat]
        if mine:
            return str(mine[-1])
    raise AssertionError("the seat has not acted")


def choices_of(screen: str) -> list[str]:
    """The numbered choices of the last ``Choices:`` block on the screen."""
    text = plain(screen)
    at = text.rfind("Choices:")
    if at < 0:
        return []
    block = []
    for line in text[at:].split("\n"):
        if block and not line.startswith(" "):
            break
        block.append(line.removeprefix("Choices:"))
    items = re.split(r"\s{3,}(?=\d+\) )", "   ".join(s.strip() for s in block).strip())
    return [re.sub(r"^\d+\) ", "", item).strip() for item in items if item.strip()]


def record_text(choice: str) -> str:
    """What a shown choice is in the record: ``10♥`` → ``play TH``, ``call ♥`` → ``call H``."""

    def code(m: re.Match[str]) -> str:
        rank = "T" if m.group(1) == "10" else m.group(1)
        return rank + SYMBOL[m.group(2)]

    text = re.sub(r"(10|[2-9JQKA])([♣♦♥♠])", code, choice)
    text = re.sub(r"(?<=\s)([♣♦♥♠])", lambda m: SYMBOL[m.group(1)], text)
    if text == "top card of your pile":
        return "play-pile"
    return f"play {text}" if re.fullmatch(r"[2-9TJQKA][CDHS]|JK|BJ|LJ", text) else text


def play_out(
    child: pexpect.spawn, answer: Callable[[str, int], str], limit: int = 3000
) -> tuple[str, int]:
    """Answer every prompt until the game ends; the transcript and prompt count."""
    out = []
    prompts = 0
    while True:
        idx = child.expect([PROMPT, pexpect.EOF])
        out.append(child.before or "")
        if idx == 1:
            break
        prompts += 1
        assert prompts < limit
        child.sendline(answer(child.before or "", prompts))
    child.close()
    return plain("".join(out)), prompts


def ones(screen: str, _k: int) -> str:
    """The first choice; where cards are typed instead, the example the prompt gives."""
    example = re.search(r"e\.g\. (.+?)\.?\n", plain(screen))
    return example.group(1) if example and "Choices:" not in plain(screen) else "1"


# ---------------------------------------------------------------- whole games


def test_full_game_in_a_pty(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    child = spawn(
        tmp_path, "euchre/american", "--seed", "3", "--record", str(path), "-o", "target_score=2"
    )
    text, prompts = play_out(child, ones)
    assert child.exitstatus == 0
    assert "Traceback" not in text
    assert "Game over" in text and "win the game" in text
    assert f"Record saved to {path}" in text
    state = record.replay(record.load(path))
    assert state.is_over() and state.winner is not None
    assert prompts > 5


# the first choice, then the last, then one in the middle: a number always picks
# the numbered choice whatever the prompt
def _pick(k: int, count: int) -> int:
    return (1, count, (count + 1) // 2)[k % 3]


@pytest.mark.parametrize(
    ("variant", "seed", "kinds"),
    [
        ("euchre/american", "11", {"pass", "order-up", "call", "discard", "play"}),
        ("bid-euchre/standard", "5", {"pass", "bid", "trump", "play"}),
        ("pitch/partnership-4p", "2", {"pass", "bid", "play"}),
    ],
)
def test_a_number_picks_that_choice_at_every_prompt(
    tmp_path: Path, variant: str, seed: str, kinds: set[str]
) -> None:
    path = tmp_path / "game.json"
    child = spawn(tmp_path, variant, "--seed", seed, "--record", str(path), "-o", "target_score=6")
    seen: set[str] = set()
    checked = 0
    pending: str | None = None
    for k in range(400):
        idx = child.expect([PROMPT, pexpect.EOF])
        if pending is not None:
            assert last_action_of(path, 2) == pending
            checked += 1
            pending = None
        if idx == 1:
            break
        choices = choices_of(child.before or "")
        assert choices, "every prompt of these games numbers its choices"
        n = _pick(k, len(choices))
        pending = record_text(choices[n - 1])
        seen.update(record_text(c).split()[0] for c in choices)
        child.sendline(str(n))
    child.close()
    assert child.exitstatus == 0
    assert checked > 5
    assert kinds <= seen, seen


# ---------------------------------------------------------------- typing cards


def _to_dealer_discard(tmp_path: Path, path: Path) -> pexpect.spawn:
    """Euchre, seed 3: North orders up and South (the human, dealing) discards."""
    child = spawn(tmp_path, "euchre/american", "--seed", "3", "--record", str(path))
    child.expect(PROMPT)
    assert "discard 10♥" in plain(child.before or "")
    return child


def _spelled(label: str, how: str) -> str:
    """A card shown as ``10♥`` typed another way: ``letters`` (10h / qs), ``t``
    (th), ``suit-first`` (♥10)."""
    rank, suit = label[:-1], label[-1]
    letter = SYMBOL[suit].lower()
    if how == "letters":
        return rank.lower() + letter
    if how == "t":
        return ("t" if rank == "10" else rank.lower()) + letter
    if how == "suit-first":
        return suit + rank
    return label


@pytest.mark.parametrize(
    ("typed", "how"),
    [
        ("10H", "shown"),
        ("10♥", "letters"),
        ("th", "t"),
        ("♥10", "suit-first"),
        ("discard 10h", "shown"),
    ],
)
def test_cards_are_read_as_shown(tmp_path: Path, typed: str, how: str) -> None:
    path = tmp_path / "g.json"
    child = _to_dealer_discard(tmp_path, path)
    child.sendline(typed)
    child.expect(PROMPT)
    assert last_action_of(path, 2) == "discard TH"
    # a bare card at the play prompt, spelled another way
    first = choices_of(child.before or "")[0]
    child.sendline(_spelled(first, how))
    child.expect(PROMPT)
    assert last_action_of(path, 2) == record_text(first)
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_a_card_not_held_is_named_plainly(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    child = _to_dealer_discard(tmp_path, path)
    child.sendline("1")
    child.expect(PROMPT)
    hand = json.loads(path.read_text())["hands"][0]["deal"]["hands"][2]
    other = next(c for c in ("AS", "AH", "AD", "AC", "KS", "KH") if c not in hand)
    child.sendline(f"play {other}")
    child.expect(PROMPT)
    label = ("10" if other[0] == "T" else other[0]) + "♣♦♥♠"["CDHS".index(other[1])]
    said = plain(child.before or "")
    assert f"you do not hold {label}" in said
    assert "seat 2" not in said
    child.sendline("x" * 500)
    child.expect(PROMPT)
    said = [line for line in plain(child.before or "").split("\n") if "understood" in line]
    assert said and len(said[0]) < 100 and "…" in said[0]
    assert said[0].startswith("Not understood: xxx")  # what was typed, as typed
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_one_choice_and_out_of_range(tmp_path: Path) -> None:
    """Seed 3 gives the human a single legal card on the third trick."""
    path = tmp_path / "g.json"
    child = _to_dealer_discard(tmp_path, path)
    transcript = []
    while True:
        child.sendline("1")
        child.expect(PROMPT)
        if len(choices_of(child.before or "")) == 1:
            break
    child.sendline("5")
    child.expect(PROMPT)
    transcript.append(plain(child.before or ""))
    child.sendline("q")
    child.expect(pexpect.EOF)
    text = "".join(transcript)
    assert "There is one choice: type 1." in text
    assert "from 1 to 1" not in text


# ---------------------------------------------------------------- commands


def test_commands_answer_at_a_prompt(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    child = _to_dealer_discard(tmp_path, path)
    child.sendline("last")
    child.expect("No trick has been played yet")
    for _ in range(2):  # the discard and the first card: a trick is finished
        child.sendline("1")
        child.expect(PROMPT)
    answers = {
        "last": r"Trick 1: \w+ won it",
        "score": r"Score \S*N-S\S* 0 · \S*E-W\S* 0",
        "hint": r"The rules bot suggests: ",
        "hand": r"Your hand: ",
        "rules": r"options in force",
        "table": r"Hand 1 · Euchre, American rules",
        "help": r"At any prompt",
    }
    for command, answer in answers.items():
        child.expect(PROMPT)
        child.sendline(command)
        child.expect(answer)
    # help is Euchre's own: no jokers, bids, piles or partners called
    helped = plain(child.before or "")
    assert "order-up alone" in helped
    for word in ("joker", "bid ", "pile", "call-partner"):
        assert word not in helped, word
    # the options in force in words, each whole on the line
    child.expect(PROMPT)
    child.sendline("rules")
    child.expect("explains each")
    in_force = plain(child.before or "")
    assert "  deck: 24 cards, 9 to A of each suit\n" in in_force
    assert "  deal_packets: 3-2-3-2, then 2-3-2-3\n" in in_force
    assert "  stick_the_dealer: no\n" in in_force
    for raw in ("EUCHRE24", " = ", "unset", "british"):
        assert raw not in in_force, raw
    assert max(len(line) for line in in_force.split("\n")) <= 80
    # a suit where none is asked: one line, not the help
    child.expect(PROMPT)
    child.sendline("H")
    child.expect(r"No suit is asked here: a card to play[^\n]*\n")
    child.expect(PROMPT)
    assert "At any prompt" not in plain(child.before or "")
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_the_trick_is_drawn_as_it_fills_when_you_lead(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--seed", "4")
    for _ in range(40):
        child.expect(PROMPT)
        if "Your lead" in plain(child.before or ""):
            break
        child.sendline("1")
    else:
        raise AssertionError("the human never led")
    child.sendline("1")
    child.expect(PROMPT)
    after = plain(child.before or "").split("Trick ")[0]  # up to the finished trick
    child.sendline("q")
    child.expect(pexpect.EOF)
    # the picture after your card, and again after each bot's card but the last
    assert after.count("South · you") == 3, after
    assert after.count("You led") == 3
    assert after.count("you are winning") + after.count("is winning") == 2


# ---------------------------------------------------------------- summaries


@pytest.mark.parametrize(
    ("variant", "story"),
    [
        (
            "euchre/american",
            r"(made it( alone)? with \d tricks|march: all 5 tricks|euchred the (lone )?makers?)",
        ),
        ("bid-euchre/standard", r"bid \S+ and took \d+ tricks?: (made|set by \d+)"),
        ("pitch/partnership-4p", r"bid \d+ and took \d+ points?: (made|set)"),
    ],
)
def test_the_hand_summary_names_what_happened(tmp_path: Path, variant: str, story: str) -> None:
    child = spawn(tmp_path, variant, "--seed", "8", "-o", "target_score=1")
    text, _ = play_out(child, ones)
    assert re.search(story, text), text[-2000:]
    assert re.search(r"Hand points: N-S [+-]?\d+ · E-W [+-]?\d+", text)
    if variant.startswith("pitch"):
        assert re.search(r"Points: .*High", text)
        assert "Tricks:" not in text and "stock" not in text
    else:
        assert re.search(r"Tricks: N-S \d · E-W \d", text)


# ---------------------------------------------------------------- widths


@pytest.mark.parametrize("columns", [80, 160])
@pytest.mark.parametrize(
    "variant",
    ["euchre/american", "bid-euchre/standard", "pitch/cutthroat-3p", "pitch/oklahoma-10-point"],
)
def test_nothing_is_cut_or_broken(tmp_path: Path, variant: str, columns: int) -> None:
    path = tmp_path / ("a-long-folder-name-" * 4) / "game-record-with-a-long-name.json"
    path.parent.mkdir()
    child = spawn(
        tmp_path,
        variant,
        "--seed",
        "4",
        "--record",
        str(path),
        "-o",
        "target_score=1",
        columns=columns,
    )
    text, _ = play_out(child, ones)
    lines = text.split("\n")
    path_lines = [line for line in lines if line.startswith("Record saved to ")]
    assert path_lines and path_lines[-1] == f"Record saved to {path}"
    assert str(path) in lines  # shown whole when the game starts, on a line of its own
    for line in lines:
        if line.startswith("Record saved to") or line.startswith(PROMPT) or line == str(path):
            continue
        assert len(line) <= columns, line
        if line.startswith("Choices:") or line.startswith("         "):
            # a choice is never split from its card
            assert not re.search(r"\d\) ?$", line), line
            assert not re.search(r"\b(discard|bid|give|call)\s*$", line), line


def test_rules_ids_and_option_names_are_whole_when_piped() -> None:
    listing = run("rules").stdout
    rows = listing.split("\n")
    for v in followsuit.variants():
        assert any(re.match(rf"\s*{re.escape(v.id)}\s", row) for row in rows), v.id
    assert max(len(row) for row in rows) <= 80
    shown = run("rules", "euchre/american").stdout
    assert "british_joker_upcard_choose_blind" not in shown
    assert "time_limit_seconds" not in shown
    assert "RULES.md" not in shown
    assert "\nstick_the_dealer: no\n" in shown
    assert "\ndeck: 24 cards, 9 to A of each suit\n" in shown
    everything = run("rules", "euchre/american", "--all").stdout
    for opt in user_options("euchre"):
        assert f"\n{opt.name}: " in everything, opt.name
    timed = run("rules", "euchre/timed").stdout
    assert "\ntime_limit_seconds: 600 seconds\n" in timed or "\ntime_limit_seconds: " in timed


@pytest.mark.parametrize("columns", [80, 160])
def test_rules_values_are_words_never_broken_inside(tmp_path: Path, columns: int) -> None:
    """``followsuit rules bid-euchre/standard`` at a terminal: every option's value
    in words, and a line that must break breaks between a value's pieces."""
    child = spawn(tmp_path, "bid-euchre/standard", command="rules", columns=columns, rows=400)
    child.expect(pexpect.EOF)
    lines = plain(child.before or "").split("\n")
    assert max(len(line) for line in lines) <= columns
    text = "\n".join(lines)
    assert "\ndeal_packets: 1 card each, 6 times\n" in text
    assert "\ndeck: 24 cards, 9 to A of each suit\n" in text
    assert "\nbe_help_exchange_cards: 1 card\n" in text
    assert "misdeal_dealer: the next dealer after a claim," in text
    for raw in ("EUCHRE24", " = ", "unset", "[[", "true", "false"):
        assert raw not in text.split("options (set with")[1].split("Allowed")[0], raw


def test_rules_at_a_terminal_are_whole_and_long_ones_paged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PAGER", "sed 's/^/PAGED:/'")
    child = spawn(tmp_path, command="rules", columns=80)
    child.expect(pexpect.EOF)
    lines = plain(child.before or "").split("\n")
    assert all(line.startswith("PAGED:") for line in lines if line.strip())  # 78+ lines
    text = "\n".join(line.removeprefix("PAGED:") for line in lines)
    for v in followsuit.variants():
        assert re.search(rf"^{re.escape(v.id)} · \d+ players", text, re.M), v.id
        assert f"\n    {v.title}\n" in text, v.title  # the name whole, on a line of its own
    assert max(len(line.removeprefix("PAGED:")) for line in lines) <= 80
    # output that fits the screen is not paged
    child = spawn(tmp_path, "pitch/2-player", command="rules", columns=160, rows=200)
    child.expect(pexpect.EOF)
    assert "PAGED:" not in plain(child.before or "")


# ---------------------------------------------------------------- errors


def test_record_error_is_one_line_and_the_game_does_not_start(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-folder" / "g.json"
    done = run("play", "--record", str(missing), "--delay", "0")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "does not exist" in done.stderr
    # a folder that exists but cannot take a file (refused even to root)
    done = run("play", "--record", "/proc/followsuit-game.json", "--delay", "0")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert re.search(
        r"/proc/followsuit-game\.json: (cannot write there|no permission)", done.stderr
    )


def test_record_never_overwrites_another_file(tmp_path: Path) -> None:
    path = tmp_path / "unfinished.json"
    rec = json.loads((ROOT / "tests" / "records" / "euchre-long.json").read_text())
    rec["hands"][-1]["actions"] = rec["hands"][-1]["actions"][:3]
    old = record.dumps(rec).encode()
    path.write_bytes(old)
    assert not record.replay(record.load(path)).is_over()
    done = run("play", "--seed", "4", "--record", str(path), "--delay", "0")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1, done.stderr
    assert f"--record {path}: a file is there already" in done.stderr
    assert "--overwrite" in done.stderr and f"followsuit resume {path}" in done.stderr
    assert path.read_bytes() == old
    # --overwrite replaces it with the new game
    child = spawn(tmp_path, "--seed", "4", "--record", str(path), "--overwrite")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert json.loads(path.read_text())["table"]["seed"] == 4
    assert path.read_bytes() != old


def test_default_records_never_share_a_file(tmp_path: Path) -> None:
    """Two games of one variant and seed started in the same second get two files."""
    from followsuit.cli.keeping import free_path, write_atomically

    first = tmp_path / "g.json"
    write_atomically(first, "one", replace=False)
    with pytest.raises(FileExistsError):
        write_atomically(first, "two", replace=False)
    assert first.read_text() == "one"
    assert free_path(first) == tmp_path / "g-2.json"
    assert list(tmp_path.iterdir()) == [first]  # no temporary file left behind


def test_the_record_path_is_shown_when_the_game_starts(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--seed", "4")
    child.expect(PROMPT)
    screen = plain(child.before or "")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    (path,) = tmp_path.glob("*.json")
    assert "Record saved after every move to" in screen
    assert str(path) in screen  # whole, on one line: never broken mid-word
    help_text = run("play", "--help", columns=80).stdout
    assert "--overwrite" in help_text
    assert "~/.local/share/followsuit/records" in help_text  # whole, as a path to copy


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--seed", "abc"], "--seed abc: give a whole number"),
        (["--seat", "southwest"], "--seat southwest: choose one of north, east, south, west"),
        (["--bots", ""], f"--bots: give a bot name ({', '.join(BOTS)}) or a comma list"),
        (["--bots", "rules,nobody"], "unknown bot nobody"),
        (["-o", "stick_the_dealer=perhaps"], "option stick_the_dealer: 'perhaps' is not allowed"),
        (["euchre/timed"], "time_limit_seconds"),
        (["euchre/americn"], "did you mean euchre/american?"),
        (["zzz"], "unknown variant zzz (followsuit rules lists them)"),
        (["--resume", "r.json", "--seed", "3"], "--resume plays on the record's own game"),
        (["--delay", "soon"], "--delay soon: give seconds from 0 to 60"),
        (["--think-ms", "0"], "--think-ms 0: give milliseconds from 1 to 600000"),
    ],
)
def test_bad_values_are_one_line(args: list[str], says: str) -> None:
    done = run("play", *args) if "--delay" in args else run("play", *args, "--delay", "0")
    assert done.returncode == 2
    assert done.stdout == ""
    assert says in done.stderr
    assert done.stderr.count("\n") == 1, done.stderr


def test_search_bots_with_a_time_budget(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--seed", "4", "--bots", "hard", "--think-ms", "50")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect("Record saved to")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_seat_by_name_and_options_with_commas(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    child = spawn(
        tmp_path,
        "--seat",
        "west",
        "--seed",
        "6",
        "--record",
        str(path),
        "-o",
        "stick_the_dealer=true,target_score=3",
    )
    child.expect("you sit West")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(pexpect.EOF)
    saved = json.loads(path.read_text())
    assert saved["options"] == {"stick_the_dealer": True, "target_score": 3}
    assert saved["players"][3] == "you" and saved["table"]["seat"] == 3


# ---------------------------------------------------------------- the record


@pytest.mark.parametrize("how", ["q", "eof", "interrupt"])
def test_leaving_saves_the_record(tmp_path: Path, how: str) -> None:
    path = tmp_path / f"{how}.json"
    child = spawn(tmp_path, "--seed", "4", "--record", str(path))
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    if how == "eof":
        child.sendeof()
    elif how == "interrupt":
        child.sendintr()
    else:
        child.sendline("q")
    child.expect("Record saved to")
    child.expect(pexpect.EOF)
    child.close()
    assert "Traceback" not in (child.before or "")
    state = record.replay(record.load(path))
    assert len(state.log) >= 2


def test_ctrl_c_while_the_bots_move_says_where_the_record_is(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    # seed 4: the human (South) is the last to speak, so the bots' pauses come first
    child = spawn(tmp_path, "--seed", "4", "--record", str(path), delay="5")
    child.expect("passes|orders")  # a bot has moved and the next one is pausing
    child.sendintr()
    child.expect("Game stopped")
    child.expect(f"Record saved to {re.escape(str(path))}")
    child.expect(pexpect.EOF)
    child.close()
    assert "Traceback" not in (child.before or "")
    assert record.replay(record.load(path)).log


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_and_sighup_save_the_record(tmp_path: Path, sig: signal.Signals) -> None:
    path = tmp_path / "g.json"
    child = spawn(tmp_path, "--seed", "4", "--record", str(path))
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    acted = len(record.replay(record.load(path)).log)
    child.kill(sig)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 128 + sig or child.signalstatus == sig
    assert len(record.replay(record.load(path)).log) == acted


def _play_until_mid_hand(child: pexpect.spawn, path: Path) -> int:
    """Answer until some tricks of the first hand are played; the log length."""
    for _ in range(50):
        child.expect(PROMPT)
        state = record.replay(record.load(path))
        if state.tricks and state.hand_no == 1:
            return len(state.log)
        child.sendline("1")
    raise AssertionError("never got to the tricks")


@pytest.mark.parametrize("how", ["resume", "play --resume"])
def test_kill_9_mid_hand_then_resume_to_the_end(tmp_path: Path, how: str) -> None:
    path = tmp_path / "g.json"
    child = spawn(
        tmp_path,
        "pitch/partnership-4p",
        "--seed",
        "9",
        "--record",
        str(path),
        "-o",
        "target_score=7",
        "--bots",
        "rules,random,rules",
    )
    acted = _play_until_mid_hand(child, path)
    before = json.loads(path.read_text())
    child.kill(signal.SIGKILL)
    child.close()
    assert record.replay(record.load(path)).is_over() is False
    if how == "resume":
        again = spawn(tmp_path, str(path), command="resume")
    else:
        again = spawn(tmp_path, "--resume", str(path))
    text, _ = play_out(again, ones)
    assert again.exitstatus == 0, text[-1000:]
    assert "Resuming Pitch, four players in partnerships, hand 1" in text
    assert "Game over" in text
    after = json.loads(path.read_text())
    state = record.replay(after)
    assert state.is_over()
    assert after["hands"][0]["actions"][:acted] == before["hands"][0]["actions"]
    assert (
        after["table"]
        == before["table"]
        == {"seat": 2, "bots": ["rules", "random", None, "rules"], "seed": 9}
    )
    # the next hands are dealt from the game's seed, as the unbroken game would be
    fresh = followsuit.new_game("pitch/partnership-4p", after["options"], seed=9)
    for hand in state.history():
        assert fresh.dealt == hand.deal
        for _seat, action in hand.actions:
            fresh.apply(action)
    assert fresh.is_over() and len(state.history()) > 1


def test_resume_refuses_a_finished_game(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    child = spawn(tmp_path, "--seed", "3", "--record", str(path), "-o", "target_score=1")
    play_out(child, ones)
    done = run("resume", str(path))
    assert done.returncode == 2 and done.stdout == ""
    assert f"the game in {path} is finished; followsuit replay {path} shows it" in done.stderr
    assert done.stderr.count("\n") == 1
    # and a new game's --record will not take its place, saying the same
    done = run("play", "--record", str(path), "--delay", "0")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert f"a finished game's record is there; followsuit replay {path}" in done.stderr
    assert "followsuit resume" not in done.stderr


def test_resume_says_a_plain_json_file_is_not_a_record(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    path.write_text('{"shopping": ["eggs"]}')
    done = run("resume", str(path))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        f'followsuit: {path}: not a followsuit record (it has no "format": "followsuit/1")\n'
    )
    done = run("play", "--record", str(path), "--delay", "0")
    assert done.returncode == 2
    assert f"--record {path}: a file is there already; give another name, or add --overwrite" in (
        done.stderr
    )
    assert "followsuit resume" not in done.stderr and "replay" not in done.stderr


def test_replay_table_counts_from_one_and_names_teams(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    child = spawn(
        tmp_path,
        "bid-euchre/standard",
        "--seed",
        "3",
        "--record",
        str(path),
        "-o",
        "target_score=8",
    )
    play_out(child, ones)
    shown = run("replay", str(path)).stdout
    assert shown.split("\n")[0] == f"bid-euchre/standard — {path}"
    header = next(line for line in shown.split("\n") if "dealer" in line)
    assert header.split() == ["hand", "dealer", "trump", "maker", "bid", "N-S", "E-W"]
    rows = [r.split() for r in shown.split("\n") if re.match(r"\s+\d+\s", r)]
    assert [int(r[0]) for r in rows] == list(range(1, len(rows) + 1))
    assert all(r[1] in ("North", "East", "South", "West") for r in rows)
    assert "seats 0+2" not in shown
    assert re.search(r"Score N-S – E-W: -?\d+ – -?\d+; (N-S|E-W) win\.", shown)


# ---------------------------------------------------------------- pacing


def test_bots_are_paced_by_default() -> None:
    shown = plain(run("play", "--help", columns=200).stdout)
    assert re.search(r"--delay\s+\S+\s+Seconds between bot moves.*\[default: 0\.6\]", shown)


def test_pause_shows_the_finished_trick_until_enter(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--seed", "3", "--pause")
    pauses = 0
    for _ in range(40):
        idx = child.expect([PROMPT, "Enter for the next trick", pexpect.EOF])
        if idx == 1:
            pauses += 1
            shown = plain(child.before or "")
            # the whole trick is on the table, one card by each player
            picture = shown[shown.rfind("won it") :]
            assert len(re.findall(r"(10|[2-9JQKA])[♣♦♥♠]", picture)) == 4
            if pauses == 2:
                break
            child.sendline("")
        elif idx == 0:
            child.sendline("1")
    assert pauses == 2
    child.sendline("q")
    child.close()


def test_saving_elsewhere_when_the_record_folder_goes(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    child = spawn(tmp_path, "--seed", "3", "--record", str(folder / "g.json"))
    child.expect(PROMPT)
    (folder / "g.json").unlink()
    folder.rmdir()
    child.sendline("1")
    child.expect(
        r"Could not save to \S+g\.json \(No such file or directory\); the record is in ([^\s\x1b]+)"
    )
    elsewhere = Path(child.match.group(1))
    assert elsewhere.parent == tmp_path
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(pexpect.EOF)
    assert f"Record saved to {elsewhere}" in plain(child.before or "")
    assert record.replay(record.load(elsewhere)).log


def test_a_timed_game_resumes_with_its_clock(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    child = spawn(
        tmp_path,
        "euchre/timed",
        "--seed",
        "3",
        "--record",
        str(path),
        "-o",
        "time_limit_seconds=600",
    )
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(pexpect.EOF)
    saved = json.loads(path.read_text())
    assert 0 < saved["table"]["played_seconds"] < 600
    # as if the game had been played for all but a moment of its ten minutes
    saved["table"]["played_seconds"] = 599.9
    path.write_text(json.dumps(saved))
    text, _ = play_out(spawn(tmp_path, str(path), command="resume"), ones)
    assert "Time is up" in text and "Game over" in text
    assert record.replay(record.load(path)).is_over()

"""Hostile records: whatever a file holds, reading and replaying it ends in a state
or one clean, one-line :class:`InvalidRecord`, never another exception.

The holes pinned here came from a fuzz of mutated records (deep nesting, huge
numbers, bytes that are not UTF-8, oversized files, line breaks in action texts);
the property tests at the end keep looking for more.
"""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import followsuit
from followsuit import record
from followsuit.engine import InvalidRecord

from .conftest import data_path


def _game(
    variant: str, seed: int, moves: int, *, first: bool = False, dealer: int | None = None
) -> dict[str, Any]:
    """The record of a game ``moves`` legal actions in (random ones, or each time
    the first legal action)."""
    game = followsuit.new_game(variant, seed=seed, dealer=dealer)
    rnd = random.Random(seed)
    for _ in range(moves):
        if game.is_over():
            break
        legal = game.legal_actions()
        game.apply(legal[0] if first else rnd.choice(legal))
    return record.to_record(game)


BASE = _game("euchre/american", 3, 3, first=True, dealer=1)
"""A valid record a few actions in: seat 1 is to move in the first calling round."""


def _base() -> dict[str, Any]:
    return copy.deepcopy(BASE)


def _error_of_text(text: str) -> str:
    with pytest.raises(InvalidRecord) as exc:
        record.replay(record.loads(text))
    return str(exc.value)


def _error(rec: Any) -> str:
    with pytest.raises(InvalidRecord) as exc:
        record.replay(rec)
    return str(exc.value)


def _one_line(message: str) -> str:
    assert "\n" not in message and message.isprintable(), message
    return message


def _with_action(seat: int | None, text: str) -> dict[str, Any]:
    rec = _base()
    rec["hands"][0]["actions"].append([seat, text])
    return rec


def _nested(depth: int) -> Any:
    """A list nested ``depth`` deep, built without recursion."""
    value: Any = []
    for _ in range(depth - 1):
        value = [value]
    return value


def test_the_base_record_replays() -> None:
    assert record.replay(record.loads(record.dumps(BASE))).to_move == 1


# ------------------------------------------------------------------ nesting


@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_json_nested_beyond_pythons_stack(depth: int) -> None:
    assert _error_of_text("[" * depth + "]" * depth) == (
        "record: not valid JSON (nested too deeply: a record nests at most 16 levels)"
    )


def test_nesting_a_little_deeper_than_a_record_is_refused_with_the_path() -> None:
    assert _error_of_text("[" * 500 + "]" * 500) == (
        "record" + "[0]" * 16 + ": nested too deeply: a record nests at most 16 levels"
    )


@pytest.mark.parametrize(
    ("splice", "where"),
    [
        (lambda r, v: r["options"].update(target_score=v), "options.target_score"),
        (lambda r, v: r["hands"][0]["actions"].append(v), "hands[0].actions[3]"),
        (lambda r, v: r["hands"][0]["deal"].update(kitty=v), "hands[0].deal.kitty"),
    ],
)
def test_deep_nesting_inside_a_valid_record(splice: Any, where: str) -> None:
    rec = _base()
    splice(rec, _nested(900))
    message = _error_of_text(json.dumps(rec))
    assert message.startswith(where + "[0]")
    assert message.endswith(": nested too deeply: a record nests at most 16 levels")
    # the same data handed to replay directly (not through loads) is refused too
    rec = _base()
    splice(rec, _nested(50_000))
    assert _error(rec).endswith("nested too deeply: a record nests at most 16 levels")


def test_max_depth_is_accepted_one_more_is_not() -> None:
    rec = _base()
    rec["notes"] = _nested(record.MAX_DEPTH - 1)  # the record itself is level 1
    record.replay(record.loads(json.dumps(rec)))
    rec["notes"] = _nested(record.MAX_DEPTH)
    assert _error_of_text(json.dumps(rec)).startswith("notes[0]")


def test_an_option_text_holding_deep_json() -> None:
    rec = _base()
    rec["options"] = {"deal_packets": "[" * 100_000 + "]" * 100_000}
    assert _error(rec) == (
        "options.deal_packets: option deal_packets: a value of 200000 characters is too long"
    )
    rec["options"] = {"deal_packets": "[" * 900 + "]" * 900}
    assert _error(rec).startswith("options.deal_packets: option deal_packets: ")


# ------------------------------------------------------------------ numbers


def test_number_beyond_pythons_int_digits() -> None:
    long = "1" * (sys.get_int_max_str_digits() + 1)
    expected = (
        f"record: number too large: {'1' * 20}… has {len(long)} digits; "
        "a number in a record has at most 32"
    )
    assert _error_of_text(long) == expected
    text = record.dumps(_base()).replace('"dealer": 1', f'"dealer": {long}')
    assert _error_of_text(text) == expected


def test_numbers_have_a_sane_bound() -> None:
    too_large = "number too large: a number in a record has at most 32 digits"
    rec = _base()
    for number in (10**32, -(10**32), 9 * 10**499, 1e32):  # 33 digits, 500 digits
        rec["hands"][0]["dealer"] = number
        assert _error_of_text(json.dumps(rec)) == f"hands[0].dealer: {too_large}"
        assert _error(rec) == f"hands[0].dealer: {too_large}"
    rec["hands"][0]["dealer"] = 10**31  # 32 digits: only not a seat
    assert _error_of_text(json.dumps(rec)) == "hands[0].dealer: must be a seat 0-3"
    rec["hands"][0]["dealer"] = 10**5000  # str() of it would raise ValueError
    assert _error(rec) == f"hands[0].dealer: {too_large}"
    rec = _base()
    rec["hands"][0]["actions"][1][0] = 10**40
    assert _error(rec) == f"hands[0].actions[1][0]: {too_large}"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"a": NaN}', "a: must be a finite number, got nan"),
        ('{"a": [-Infinity]}', "a[0]: must be a finite number, got -inf"),
        ('{"a": {"b": 1e999}}', "a.b: must be a finite number, got inf"),
    ],
)
def test_numbers_json_does_not_have(text: str, message: str) -> None:
    assert _error_of_text(text) == message


def test_replay_refuses_data_json_cannot_hold() -> None:
    rec = _base()
    rec["hands"][0]["deal"][3] = ["x"]
    assert _error(rec) == "hands[0].deal: has the key 3; JSON object keys are strings"
    rec = _base()
    rec["x"] = float("nan")
    assert _error(rec) == "x: must be a finite number, got nan"
    rec = _base()
    rec["options"]["loop"] = rec  # a cycle is just too deep
    assert _error(rec).endswith("nested too deeply: a record nests at most 16 levels")


# ------------------------------------------------------------------ files


def test_not_utf8(tmp_path: Path) -> None:
    bad = tmp_path / "latin1.json"
    bad.write_bytes(record.dumps(_base()).replace("pass", "pässe").encode("latin-1"))
    with pytest.raises(InvalidRecord) as exc:
        record.load(bad)
    assert str(exc.value).startswith(f"{bad}: not UTF-8 text (byte 0xe4 at offset ")


def test_missing_directory_and_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(InvalidRecord, match=r": cannot read: No such file or directory$"):
        record.load(tmp_path / "missing.json")
    with pytest.raises(InvalidRecord, match=r": cannot read: Is a directory$"):
        record.load(tmp_path)
    with pytest.raises(InvalidRecord, match=r"cannot read: the path holds a NUL character$"):
        record.load("a\0b.json")


def test_unreadable_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    locked = tmp_path / "locked.json"
    locked.write_text(record.dumps(_base()))
    locked.chmod(0)
    if os.geteuid() == 0:  # root reads any file: the system refuses it as it would

        def refuse(self: Path, *args: object, **kwargs: object) -> object:
            raise PermissionError(13, "Permission denied", str(self))

        monkeypatch.setattr(Path, "open", refuse)
    with pytest.raises(InvalidRecord, match=r": cannot read: Permission denied$"):
        record.load(locked)


def test_oversized_file_is_refused_by_its_size(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as f:  # sparse: no 16 MiB written, nor read
        f.truncate(record.MAX_RECORD_BYTES + 1)
    with pytest.raises(InvalidRecord) as exc:
        record.load(big)
    assert str(exc.value) == (
        f"{big}: too large: a record file is at most 16 MiB, this one is 16777217 bytes"
    )


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_endless_file_is_refused_after_the_bound() -> None:
    with pytest.raises(InvalidRecord) as exc:
        record.load("/dev/zero")
    assert str(exc.value) == "/dev/zero: too large: a record file is at most 16 MiB"


def test_oversized_text() -> None:
    with pytest.raises(InvalidRecord, match=r"^record: too large: a record is at most 16 MiB$"):
        record.loads(" " * (record.MAX_RECORD_BYTES + 1))


def test_a_path_with_a_line_break_is_quoted(tmp_path: Path) -> None:
    odd = tmp_path / "two\nlines.json"
    with pytest.raises(InvalidRecord) as exc:
        record.load(odd)
    assert _one_line(str(exc.value)) == f"{str(odd)!r}: cannot read: No such file or directory"


# ------------------------------------------------------------------ texts in messages


@pytest.mark.parametrize(
    ("rec", "message"),
    [
        # plain texts read as the spec writes them, unquoted
        (
            _with_action(1, "play QS"),
            "hand 0, action 3: seat 1 cannot play QS: play QS is not possible now; seat 1 may: "
            "pass, order-up, order-up alone",
        ),
        (
            _with_action(0, "pass"),
            "hand 0, action 3: seat 0 cannot pass: it is seat 1's turn",
        ),
        # a text that is not a printable one-liner is repr-quoted
        (
            _with_action(0, "play\nJH"),
            "hand 0, action 3: seat 0 cannot 'play\\nJH': it is seat 1's turn",
        ),
        (
            _with_action(1, "pass\n\nboom"),
            "hand 0, action 3: seat 1 cannot 'pass\\n\\nboom': pass takes no argument: "
            "'pass\\n\\nboom'",
        ),
        (
            _with_action(None, "time\nup"),
            "hand 0, action 3: table event 'time\\nup': unknown (the only one is time-up)",
        ),
        (
            _with_action(2, " pass"),
            "hand 0, action 3: seat 2 cannot ' pass': it is seat 1's turn",
        ),
        (_with_action(2, ""), "hand 0, action 3: seat 2 cannot '': it is seat 1's turn"),
        # the engine's reason is escaped as well (a terminal escape in a card)
        (
            _with_action(1, "bid \x1b[31m"),
            "hand 0, action 3: seat 1 cannot 'bid \\x1b[31m': '\\x1b[31m' is not a bid here "
            "(bids: none in this variant)",
        ),
        # a long text is cut after 60 characters
        (
            _with_action(2, "x" * 10_000),
            "hand 0, action 3: seat 2 cannot " + "x" * 60 + "…: it is seat 1's turn",
        ),
        (
            _with_action(2, "x\n" * 10_000),
            "hand 0, action 3: seat 2 cannot " + repr("x\n" * 30) + "…: it is seat 1's turn",
        ),
        # field names and values from the record
        (dict(_base(), options={"bo\ngus": 1}), "options['bo\\ngus']: unknown option 'bo\\ngus'"),
        (
            dict(_base(), format="a\nb" * 100),
            "format: must be 'followsuit/1', got " + repr("a\nb" * 20) + "…",
        ),
        (
            dict(_base(), format=list(range(1000))),
            "format: must be 'followsuit/1', got " + repr(list(range(1000)))[:60] + "…",
        ),
    ],
)
def test_texts_from_the_record_keep_the_message_one_line(rec: Any, message: str) -> None:
    assert _one_line(_error_of_text(json.dumps(rec))).startswith(message)


def test_engine_reasons_quoting_a_long_text_are_cut() -> None:
    message = _one_line(_error(_with_action(1, "x" * 100_000)))
    assert len(message) < 400 and "x" * 61 not in message
    rec = _base()
    rec["hands"][0]["deal"]["hands"][0][0] = "J\nH" * 10_000
    message = _one_line(_error(rec))
    assert message.startswith("hands[0].deal.hands[0][0]: not a card: 'J\\nHJ\\nH")
    assert len(message) < 400


def test_an_odd_deal_field_name_is_quoted() -> None:
    rec = _base()
    rec["hands"][0]["deal"]["x\ny"] = []
    assert _one_line(_error(rec)) == "hands[0].deal['x\\ny']: is not a deal field"


# ------------------------------------------------------------------ known holes elsewhere


def test_option_text_holding_a_huge_number() -> None:
    rec = _base()
    rec["options"] = {"deal_packets": "1" * 4301}
    assert _error(rec).startswith("options.deal_packets: option deal_packets: ")


def test_a_huge_max_bid_is_refused() -> None:
    rec = {"format": "followsuit/1", "variant": "pitch/partnership-4p", "hands": []}
    rec["options"] = {"max_bid": 10**9}
    assert _error(rec).startswith("options.max_bid: ")


# ------------------------------------------------------------------ property tests


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path into ``value`` (its own, ``()``, first)."""
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


BASES = [BASE, _game("euchre/american", 5, 12), _game("pitch/partnership-4p", 7, 40)]
"""Valid records to splice junk into: in the calling, in the play, and a Pitch game."""
PATHS = [(b, p) for b in BASES for p in list(_paths(b))[1:]]

_CARDS = [r + s for r in "9TJQKA" for s in "CDHS"] + ["2C", "JK", "XX"]
_WORDS = [
    *("pass", "bid", "order-up", "call", "alone", "partner", "trump", "discard", "give"),
    *("play", "play-pile", "claim-misdeal", "time-up", "H", "S", "moon", "2", "-1", "0"),
    *_CARDS,
]
TEXTS = st.one_of(
    st.text(max_size=12), st.lists(st.sampled_from(_WORDS), min_size=1, max_size=4).map(" ".join)
)
"""Strings: arbitrary ones, and ones made of record words, which reach deeper."""
KEYS = st.one_of(
    st.text(max_size=6),
    st.sampled_from(["format", "variant", "options", "hands", "dealer", "deal", "actions"]),
    st.sampled_from(["upcard", "kitty", "stock", "piles", "target_score", "stick_the_dealer"]),
    st.sampled_from(["max_bid", "min_bid", "stuck_bid", "deal_packets", "euchre_points"]),
)
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-2, 8), st.integers(), st.floats(), TEXTS)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=16,
)
"""Arbitrary JSON values (NaN and infinities included: json.dumps writes them)."""


def _replays_or_refuses(text: str) -> None:
    """The property: a state, or InvalidRecord with a one-line message; nothing else."""
    try:
        record.replay(record.loads(text))
    except InvalidRecord as exc:
        _one_line(str(exc))


_PROPERTY = settings(max_examples=300, deadline=2_000, suppress_health_check=[HealthCheck.too_slow])


@_PROPERTY
@given(JSON)
def test_any_json_value_as_a_record(value: Any) -> None:
    _replays_or_refuses(json.dumps(value))


@_PROPERTY
@given(st.text(max_size=40))
def test_any_text_as_a_record(text: str) -> None:
    _replays_or_refuses(text)


@_PROPERTY
@given(st.sampled_from(PATHS), JSON)
def test_any_json_value_spliced_into_a_valid_record(where: Any, value: Any) -> None:
    base, path = where
    rec = copy.deepcopy(base)
    parent = rec
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    _replays_or_refuses(json.dumps(rec))


@_PROPERTY
@given(st.sampled_from(PATHS))
def test_any_field_deleted_from_a_valid_record(where: Any) -> None:
    base, path = where
    rec = copy.deepcopy(base)
    parent = rec
    for key in path[:-1]:
        parent = parent[key]
    del parent[path[-1]]
    _replays_or_refuses(json.dumps(rec))


@_PROPERTY
@given(st.sampled_from(BASES), st.data())
def test_any_action_after_a_valid_prefix(base: dict[str, Any], data: st.DataObject) -> None:
    rec = copy.deepcopy(base)
    actions = rec["hands"][-1]["actions"]
    cut = data.draw(st.integers(0, len(actions)), label="cut")
    seat = data.draw(st.none() | st.integers(-1, 5) | st.integers(), label="seat")
    actions[cut:] = [[seat, data.draw(TEXTS, label="text")]]
    _replays_or_refuses(json.dumps(rec))


# ------------------------------------------------------------------ the command line


def _hostile_files(tmp: Path) -> dict[str, Path]:
    """One file per hole the fuzz found (plus a plain illegal action)."""
    files: dict[str, bytes] = {
        "deep": b"[" * 100_000 + b"]" * 100_000,
        "deep-options": json.dumps(dict(_base(), options={"x": _nested(900)})).encode(),
        "huge-int": b"1" * 4301,
        "huge-dealer": record.dumps(_base())
        .replace('"dealer": 1', '"dealer": ' + "9" * 500)
        .encode(),
        "nan": b'{"format": NaN}',
        "latin1": record.dumps(_base()).replace("pass", "pässe").encode("latin-1"),
        "line-break-action": json.dumps(_with_action(1, "pass\n\nboom")).encode(),
        "line-break-event": json.dumps(_with_action(None, "time-\nup")).encode(),
        "escape-in-card": json.dumps(_with_action(1, "play \x1b[2J")).encode(),
        "long-action": json.dumps(_with_action(1, "y" * 100_000)).encode(),
        "illegal": json.dumps(_with_action(1, "play QS")).encode(),
    }
    paths = {}
    for name, content in files.items():
        paths[name] = tmp / f"{name}.json"
        paths[name].write_bytes(content)
    big = tmp / "big.json"
    with big.open("wb") as f:
        f.truncate(record.MAX_RECORD_BYTES + 1)
    paths.update(big=big, directory=tmp, missing=tmp / "missing.json")
    return paths


def test_cli_hostile_files_give_one_line_exit_2(tmp_path: Path) -> None:
    for name, path in _hostile_files(tmp_path).items():
        for extra in ([], ["--json"]):
            out = subprocess.run(
                [sys.executable, "-m", "followsuit", "replay", str(path), *extra],
                capture_output=True,
                text=True,
                timeout=120,
            )
            assert out.returncode == 2, (name, out.stderr)
            assert out.stdout == "", name
            assert "Traceback" not in out.stderr, (name, out.stderr)
            lines = out.stderr.splitlines()
            assert len(lines) == 1 and lines[0].strip() and out.stderr.endswith("\n"), (name, lines)
            _one_line(lines[0])


def test_cli_path_is_not_rich_markup(tmp_path: Path) -> None:
    (tmp_path / "[").mkdir()
    odd = tmp_path / "[" / "bold] [red]x.json"  # "[/bold]" closes a tag never opened
    odd.write_bytes(data_path("scenarios", "S1.json").read_bytes())
    out = subprocess.run(
        [sys.executable, "-m", "followsuit", "replay", str(odd)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "COLUMNS": "400"},
    )
    assert out.returncode == 0, out.stderr
    assert "[/bold] [red]x.json" in out.stdout

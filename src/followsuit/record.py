"""The ``followsuit/1`` game record (shared/spec/game-record.md): load, dump, replay.

A record is the game's event log (variant, options, deals, actions); replaying it
through the engine *is* the game, so saving, resuming, reviewing and bug reports
are one mechanism. Every check of the engine applies on replay, and a problem is
reported as :class:`InvalidRecord` naming the hand and action (or the field path).

>>> import followsuit
>>> g = followsuit.new_game("euchre/american", seed=3)
>>> g.apply(g.legal_actions()[0])
>>> replay(to_record(g)).log == g.log
True
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn

from .cards import SUIT_CHARS
from .engine import Deal, IllegalAction, InvalidRecord, State
from .engine import actions as A
from .engine.types import HandLog, HandResult
from .messages import quoted, shown
from .rules import OptionError, UnknownVariant, load_rules

FORMAT = "followsuit/1"
DEAL_PILES = ("upcard", "kitty", "stock", "piles")


# ----------------------------------------------------------------------- writing


def to_record(state: State, players: list[str] | None = None) -> dict[str, Any]:
    """The record of a game so far (finished hands plus the one in progress)."""
    rules = state.rules
    out: dict[str, Any] = {
        "format": FORMAT,
        "variant": rules.id,
        "options": {k: _jsonable(v) for k, v in rules.overrides.items()},
    }
    if players is not None:
        out["players"] = list(players)
    hands = [_hand_json(state, h) for h in state.history()]
    if state.dealt is not None:
        hands.append(_hand_json(state, state.in_progress()))
    out["hands"] = hands
    return out


def dumps(record: Mapping[str, Any]) -> str:
    """Record text: one JSON document, indented, ending with a newline."""
    return json.dumps(record, indent=1) + "\n"


def save(state: State, path: str | Path, players: list[str] | None = None) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(dumps(to_record(state, players)), encoding="utf-8")
    tmp.replace(path)
    return path


def _hand_json(state: State, hand: HandLog) -> dict[str, Any]:
    deck = state.rules.deck
    deal = hand.deal
    written = {i: note.order for i, note in hand.notes if note.order}
    codes = deck.codes
    d: dict[str, Any] = {"hands": [[codes[c] for c in h] for h in deal.hands]}
    if deal.upcard is not None:
        d["upcard"] = codes[deal.upcard]
    if deal.kitty or state.rules.settings.upcard:
        d["kitty"] = [codes[c] for c in deal.kitty]
    if deal.stock:
        d["stock"] = [codes[c] for c in deal.stock]
    if deal.piles:
        d["piles"] = [[codes[c] for c in p] for p in deal.piles]
    ladder = state.prog.ladder
    acts = [
        [seat, A.to_text(a, deck, ladder, written.get(i))]
        for i, (seat, a) in enumerate(hand.actions)
    ]
    return {"dealer": hand.dealer, "deal": d, "actions": acts}


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


# ----------------------------------------------------------------------- reading

MAX_RECORD_BYTES = 16 * 1024 * 1024
"""The largest record file (or text) read: 16 MiB.

A whole long game is a few hundred kilobytes, so anything bigger is not a record
(a wrong file, a disk image, ``/dev/zero``); the bound is checked before and while
reading, so such a file is never read into memory whole.
"""

MAX_DEPTH = 16
"""How deeply arrays and objects may nest in a record (the record itself is level 1).

A record is shallow: its deepest field, a seat's dealt cards
(``hands[i].deal.hands[s]``), is at level 6, and an option value such as
``deal_packets`` (a list of lists) at level 4. Bounding the nesting, and checking
it without recursion before anything walks the data, keeps a hostile record from
exhausting Python's stack in ``json``, in the rules or in a message's ``repr``.
"""

MAX_NUMBER_DIGITS = 32
"""The most digits a number in a record may have before any decimal point.

Numbers in a record are seats, dealers and option values: small ints. The bound
refuses, with a clear message, numbers no record holds, down to the thousands-digit
ints Python will not even convert (``sys.get_int_max_str_digits()``).
"""

MAX_SHOWN_CHARS = 60
"""How much of an offending text from the record a message quotes before ``…``."""

MAX_REASON_CHARS = 240
"""How long an engine's or the rules' reason may run in a message before ``…``
(such a reason may quote a long text from the record in full)."""


def load(source: str | Path) -> dict[str, Any]:
    """Read a record file; InvalidRecord (naming the file) if it cannot be read, is
    larger than :data:`MAX_RECORD_BYTES` or is not UTF-8, else as :func:`loads`."""
    where = _text(str(source), limit=4096)
    if "\0" in str(source):  # open() would raise ValueError
        raise InvalidRecord(where, "cannot read: the path holds a NUL character")
    try:
        data = _read_bounded(Path(source), where)
    except OSError as exc:
        raise InvalidRecord(where, f"cannot read: {_clean(exc.strerror or str(exc))}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidRecord(
            where, f"not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start})"
        ) from None
    return loads(text)


def _read_bounded(path: Path, where: str) -> bytes:
    """The file's bytes, refusing one above MAX_RECORD_BYTES without reading it: by
    its size when it has one, else (a pipe, a device) after one byte too many."""
    too_large = f"too large: a record file is at most {MAX_RECORD_BYTES >> 20} MiB"
    with path.open("rb") as f:
        size = os.fstat(f.fileno()).st_size
        if size > MAX_RECORD_BYTES:
            raise InvalidRecord(where, f"{too_large}, this one is {size} bytes")
        data = f.read(MAX_RECORD_BYTES + 1)
    if len(data) > MAX_RECORD_BYTES:
        raise InvalidRecord(where, too_large)
    return data


def loads(text: str) -> dict[str, Any]:
    """Parse record text; InvalidRecord if it is not JSON, is too large, nests too
    deeply, holds a number no record holds or is not an object."""
    if len(text) > MAX_RECORD_BYTES:
        raise InvalidRecord(
            "record", f"too large: a record is at most {MAX_RECORD_BYTES >> 20} MiB"
        )
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidRecord("record", f"not valid JSON ({exc.msg} at line {exc.lineno})") from None
    except RecursionError:
        raise InvalidRecord(
            "record",
            f"not valid JSON (nested too deeply: a record nests at most {MAX_DEPTH} levels)",
        ) from None
    except ValueError:  # an int beyond sys.get_int_max_str_digits()
        _refuse_long_number(text)
    _check_shape(data)
    if not isinstance(data, dict):
        raise InvalidRecord("record", "must be a JSON object")
    return data


def _refuse_long_number(text: str) -> NoReturn:
    """Refuse ``text``, which json could not read for a number too long to convert:
    parse it again, stopping at the first number too long for a record (slow, but
    only then), to say which."""

    def parse_int(literal: str) -> int:
        if len(literal.lstrip("-")) > MAX_NUMBER_DIGITS:
            raise InvalidRecord(
                "record",
                f"number too large: {literal[:20]}… has {len(literal)} digits; "
                f"a number in a record has at most {MAX_NUMBER_DIGITS}",
            )
        return int(literal)

    try:
        json.loads(text, parse_int=parse_int)
    except InvalidRecord:
        raise
    except (ValueError, RecursionError):
        pass
    raise InvalidRecord("record", "not valid JSON (a number cannot be read)")


_NUMBER_LIMIT = 10**MAX_NUMBER_DIGITS
_PLAIN = frozenset({str, bool, type(None)})


def _check_shape(data: Any) -> None:
    """Refuse what no JSON record holds and what Python cannot safely walk: nesting
    deeper than MAX_DEPTH, object keys that are not strings, numbers of more than
    MAX_NUMBER_DIGITS digits, and NaN or infinity (JSON has neither; Python's json
    reads them, and ``1e999`` as infinity).

    ``replay`` may be given data that did not come through :func:`loads`, so it
    checks too. The walk is iterative, so the check itself cannot exhaust the stack,
    and it keeps no path: on a refusal :func:`_locate` finds the field to name.
    """
    if not isinstance(data, (Mapping, list, tuple)):
        reason = _scalar_fault(data)
        if reason:
            raise InvalidRecord("record", reason)
        return
    todo: list[tuple[Any, int]] = [(data, 1)]
    while todo:
        container, depth = todo.pop()
        if isinstance(container, Mapping):
            if not all(type(k) is str for k in container):
                bad = next(k for k in container if type(k) is not str)
                raise InvalidRecord(
                    _locate(data, container, depth),
                    f"has the key {_value(bad)}; JSON object keys are strings",
                )
            values: Iterable[Any] = container.values()
        else:
            values = container
        for value in values:
            kind = type(value)
            if kind in _PLAIN or (kind is int and -_NUMBER_LIMIT < value < _NUMBER_LIMIT):
                continue  # the common case first, and fast
            if isinstance(value, (Mapping, list, tuple)):
                if depth >= MAX_DEPTH:
                    raise InvalidRecord(
                        _locate(data, value, depth + 1),
                        f"nested too deeply: a record nests at most {MAX_DEPTH} levels",
                    )
                todo.append((value, depth + 1))
                continue
            reason = _scalar_fault(value)
            if reason:
                raise InvalidRecord(_locate(data, value, depth + 1), reason)


def _scalar_fault(value: Any) -> str | None:
    """Why a number cannot be in a record (None if it can, or is not a number)."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return f"must be a finite number, got {value}"
    if not -_NUMBER_LIMIT < value < _NUMBER_LIMIT:
        return f"number too large: a number in a record has at most {MAX_NUMBER_DIGITS} digits"
    return None


def _locate(data: Any, target: Any, depth: int) -> str:
    """The path of ``target`` (found by identity) at ``depth`` in ``data``: what
    a refusal names. Iterative, and never deeper than ``depth``."""
    todo: list[tuple[Any, list[str | int]]] = [(data, [])]
    while todo:
        value, keys = todo.pop()
        if value is target and len(keys) == depth - 1:
            return _path(keys)
        if len(keys) >= depth - 1:
            continue
        if isinstance(value, Mapping):
            todo.extend((v, [*keys, k]) for k, v in value.items())
        elif isinstance(value, (list, tuple)):
            todo.extend((v, [*keys, i]) for i, v in enumerate(value))
    return "record"


def _path(keys: Sequence[str | int]) -> str:
    """A field path as the messages write it: ``hands[0].deal.kitty``."""
    out = "record" if keys and isinstance(keys[0], int) else ""
    for key in keys:
        out = _field(out, key)
    return out or "record"


def _field(where: str, key: str | int) -> str:
    """``where.key`` (``where[3]`` for an index, ``where['odd\\nkey']`` for a key
    that is not a plain name)."""
    if isinstance(key, int):
        return f"{where}[{key}]"
    if key.isidentifier() and key.isascii() and len(key) <= MAX_SHOWN_CHARS:
        return f"{where}.{key}" if where else key
    return f"{where}[{_value(key)}]"


def _text(text: str, limit: int = MAX_SHOWN_CHARS) -> str:
    """A text from the record as it reads in a message (:func:`messages.shown`)."""
    return shown(text, limit)


def _value(value: Any) -> str:
    """A value from the record echoed in a message (:func:`messages.quoted`)."""
    return quoted(value, MAX_SHOWN_CHARS)


def _clean(reason: str) -> str:
    """An engine's or the rules' reason made fit for a one-line message: characters
    that are not printable escaped as repr escapes them, and a long reason cut."""
    cut = reason[:MAX_REASON_CHARS]
    if not cut.isprintable():
        cut = "".join(c if c.isprintable() else repr(c)[1:-1] for c in cut)
    return cut + "…" if len(reason) > MAX_REASON_CHARS else cut


def replay(record: Mapping[str, Any]) -> State:
    """Replay a record through the engine and return the resulting state.

    Raises :class:`InvalidRecord` for a malformed record or an illegal action, with
    the message the spec asks for (``hand 1, action 7: seat 2 cannot play QS: must
    follow hearts``).
    """
    if not isinstance(record, Mapping):
        raise InvalidRecord("record", "must be a JSON object")
    _check_shape(record)
    if "format" not in record:
        raise InvalidRecord("record", f'not a followsuit record (it has no "format": "{FORMAT}")')
    if record.get("format") != FORMAT:
        raise InvalidRecord("format", f"must be {FORMAT!r}, got {_value(record.get('format'))}")
    rules = _rules(record)
    n = rules.num_players
    players = record.get("players")
    if players is not None and (
        not isinstance(players, list)
        or len(players) != n
        or not all(isinstance(p, str) for p in players)
    ):
        raise InvalidRecord("players", f"must be a list of {n} names")
    hands = record.get("hands")
    if not isinstance(hands, list):
        raise InvalidRecord("hands", "must be a list of hands")

    state = State(rules)
    for i, hand in enumerate(hands):
        _replay_hand(state, i, hand)
    return state


def _rules(record: Mapping[str, Any]) -> Any:
    """The record's variant with its options applied, or InvalidRecord naming them."""
    variant = record.get("variant")
    if not isinstance(variant, str):
        raise InvalidRecord("variant", "must be a variant id string")
    options = record.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise InvalidRecord("options", "must be an object of option values")
    try:
        return load_rules(variant, options)
    except UnknownVariant as exc:
        raise InvalidRecord("variant", _clean(str(exc))) from None
    except OptionError as exc:
        name = exc.option
        path = _field("options", name) if name is not None and name in options else "options"
        raise InvalidRecord(path, _clean(str(exc))) from None
    except RecursionError:  # an option's text value holding deeply nested JSON
        raise InvalidRecord(
            "options", f"a value is nested too deeply: a record nests at most {MAX_DEPTH} levels"
        ) from None


def _replay_hand(state: State, i: int, hand: Any) -> None:
    where = f"hands[{i}]"
    if not isinstance(hand, dict):
        raise InvalidRecord(where, "must be an object with dealer, deal and actions")
    if state.over:
        raise InvalidRecord(f"hand {i}", "the game was already over")
    if state.dealt is not None:
        raise InvalidRecord(f"hand {i}", "the previous hand is not finished")
    n = state.n
    dealer = hand.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
        raise InvalidRecord(f"{where}.dealer", f"must be a seat 0-{n - 1}")
    deal = _parse_deal(state.rules, hand.get("deal"), f"{where}.deal")
    try:
        state.deal(deal, dealer)
    except IllegalAction as exc:
        path = f"{where}.dealer" if "deals this hand" in exc.reason else f"{where}.deal"
        raise InvalidRecord(path, _clean(exc.reason.removeprefix("deal: "))) from None
    actions = hand.get("actions")
    if not isinstance(actions, list):
        raise InvalidRecord(f"{where}.actions", "must be a list of [seat, action] pairs")
    hand_no = state.hand_no
    for j, entry in enumerate(actions):
        _replay_action(state, hand_no, i, j, entry)


def _replay_action(state: State, hand_no: int, i: int, j: int, entry: Any) -> None:
    where = f"hand {i}, action {j}"
    if (
        not isinstance(entry, list)
        or len(entry) != 2
        or not isinstance(entry[1], str)
        or not (entry[0] is None or (isinstance(entry[0], int) and not isinstance(entry[0], bool)))
    ):
        raise InvalidRecord(f"hands[{i}].actions[{j}]", 'must be a [seat, "verb args"] pair')
    seat, text = entry
    shown = _text(text)
    if seat is None:
        if text.strip().lower() != "time-up":
            raise InvalidRecord(where, f"table event {shown}: unknown (the only one is time-up)")
        if state.hand_no != hand_no:
            raise InvalidRecord(where, "table event time-up: the hand is over")
        try:
            # listed in a hand that has begun, it came after that hand's deal
            state.time_is_up(in_hand=state.dealt is not None)
        except IllegalAction as exc:
            raise InvalidRecord(where, _clean(exc.reason)) from None
        return
    if not 0 <= seat < state.n:
        raise InvalidRecord(f"hands[{i}].actions[{j}]", f"seat {seat} is not a seat")
    if state.hand_no != hand_no or state.dealt is None:
        raise InvalidRecord(where, f"seat {seat} cannot {shown}: the hand is over")
    if state.current_player != seat:
        raise InvalidRecord(
            where, f"seat {seat} cannot {shown}: it is seat {state.current_player}'s turn"
        )
    try:
        state.apply(text)
    except IllegalAction as exc:
        raise InvalidRecord(where, f"seat {seat} cannot {shown}: {_clean(exc.reason)}") from None


def _parse_deal(rules: Any, deal: Any, where: str) -> Deal:
    if not isinstance(deal, dict):
        raise InvalidRecord(where, "must be an object with the dealt hands")
    unknown = set(deal) - {"hands", *DEAL_PILES}
    if unknown:
        raise InvalidRecord(_field(where, sorted(unknown)[0]), "is not a deal field")
    deck = rules.deck
    used = 0

    def cards(value: Any, path: str) -> tuple[int, ...]:
        nonlocal used
        if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
            raise InvalidRecord(path, "must be a list of cards")
        out = []
        for k, code in enumerate(value):
            try:
                (idx,) = deck.parse_cards([code], used)
            except ValueError as exc:
                raise InvalidRecord(f"{path}[{k}]", _clean(str(exc))) from None
            used |= 1 << idx
            out.append(idx)
        return tuple(out)

    hands = deal.get("hands")
    if not isinstance(hands, list):
        raise InvalidRecord(f"{where}.hands", "must be a list with one hand per seat")
    if len(hands) != rules.num_players:
        raise InvalidRecord(
            f"{where}.hands", f"has {len(hands)} hands; this game has {rules.num_players} seats"
        )
    parsed = tuple(cards(h, f"{where}.hands[{s}]") for s, h in enumerate(hands))
    upcard = None
    if "upcard" in deal:
        if not isinstance(deal["upcard"], str):
            raise InvalidRecord(f"{where}.upcard", "must be one card")
        (upcard,) = cards([deal["upcard"]], f"{where}.upcard")
    kitty = cards(deal["kitty"], f"{where}.kitty") if "kitty" in deal else ()
    stock = cards(deal["stock"], f"{where}.stock") if "stock" in deal else ()
    piles: tuple[tuple[int, ...], ...] = ()
    if "piles" in deal:
        if not isinstance(deal["piles"], list):
            raise InvalidRecord(f"{where}.piles", "must be a list of piles")
        piles = tuple(cards(p, f"{where}.piles[{s}]") for s, p in enumerate(deal["piles"]))
    return Deal(hands=parsed, upcard=upcard, kitty=kitty, stock=stock, piles=piles)


# ----------------------------------------------------------------------- results


def summary(state: State) -> dict[str, Any]:
    """The ``replay --json`` object: sides, per-hand results, score, winner."""
    rules = state.rules
    hands = [_result_json(h.result) for h in state.history()]
    if state.dealt is not None:
        # the maker is known once the calling is over (mid-auction it is only the
        # high bidder so far)
        calling = state.phase_name in ("claims", "auction", "calling")
        hands.append(
            {
                "dealer": state.dealer,
                "trump": SUIT_CHARS[state.trump] if state.trump >= 0 else None,
                "maker": state.maker if state.maker >= 0 and not calling else None,
                "points": None,
                "score": list(state.scores),
            }
        )
    return {
        "variant": rules.id,
        "sides": [list(s) for s in rules.sides],
        "hands": hands,
        "score": list(state.scores),
        "winner": state.winner,
    }


def _result_json(result: HandResult) -> dict[str, Any]:
    return {
        "dealer": result.dealer,
        "trump": SUIT_CHARS[result.trump] if result.trump is not None else None,
        "maker": result.maker,
        "points": list(result.points) if result.points is not None else None,
        "score": list(result.score),
    }

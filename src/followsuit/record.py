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
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .cards import SUIT_CHARS
from .engine import Deal, IllegalAction, InvalidRecord, State
from .engine import actions as A
from .engine.state import HandResult
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
    hands = [
        _hand_json(state, h.dealer, h.deal, h.actions, dict(h.written)) for h in state.history()
    ]
    if state.deal_ is not None:
        hands.append(_hand_json(state, state.dealer, state.deal_, state.log, state.written))
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


def _hand_json(
    state: State,
    dealer: int,
    deal: Deal,
    actions: Sequence[tuple[int | None, int]],
    written: Mapping[int, Sequence[int]],
) -> dict[str, Any]:
    deck = state.rules.deck
    codes = deck.codes
    d: dict[str, Any] = {"hands": [[codes[c] for c in h] for h in deal.hands]}
    if deal.upcard is not None:
        d["upcard"] = codes[deal.upcard]
    if deal.kitty or state.rules["upcard"]:
        d["kitty"] = [codes[c] for c in deal.kitty]
    if deal.stock:
        d["stock"] = [codes[c] for c in deal.stock]
    if deal.piles:
        d["piles"] = [[codes[c] for c in p] for p in deal.piles]
    ladder = state.prog.ladder
    acts = [
        [seat, A.to_text(a, deck, ladder, written.get(i))] for i, (seat, a) in enumerate(actions)
    ]
    return {"dealer": dealer, "deal": d, "actions": acts}


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


# ----------------------------------------------------------------------- reading


def load(source: str | Path) -> dict[str, Any]:
    """Read a record file; InvalidRecord if it is not JSON or not an object."""
    try:
        text = Path(source).read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidRecord(str(source), f"cannot read: {exc.strerror or exc}") from None
    return loads(text)


def loads(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidRecord("record", f"not valid JSON ({exc.msg} at line {exc.lineno})") from None
    if not isinstance(data, dict):
        raise InvalidRecord("record", "must be a JSON object")
    return data


def replay(record: Mapping[str, Any]) -> State:
    """Replay a record through the engine and return the resulting state.

    Raises :class:`InvalidRecord` for a malformed record or an illegal action, with
    the message the spec asks for (``hand 1, action 7: seat 2 cannot play QS: must
    follow hearts``).
    """
    if not isinstance(record, Mapping):
        raise InvalidRecord("record", "must be a JSON object")
    if record.get("format") != FORMAT:
        raise InvalidRecord("format", f"must be {FORMAT!r}, got {record.get('format')!r}")
    variant = record.get("variant")
    if not isinstance(variant, str):
        raise InvalidRecord("variant", "must be a variant id string")
    options = record.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise InvalidRecord("options", "must be an object of option values")
    try:
        rules = load_rules(variant, options)
    except UnknownVariant as exc:
        raise InvalidRecord("variant", str(exc)) from None
    except OptionError as exc:
        path = f"options.{exc.option}" if exc.option in options else "options"
        raise InvalidRecord(path, str(exc)) from None
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
        where = f"hands[{i}]"
        if not isinstance(hand, dict):
            raise InvalidRecord(where, "must be an object with dealer, deal and actions")
        if state.over:
            raise InvalidRecord(f"hand {i}", "the game was already over")
        if state.deal_ is not None:
            raise InvalidRecord(f"hand {i}", "the previous hand is not finished")
        dealer = hand.get("dealer")
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
            raise InvalidRecord(f"{where}.dealer", f"must be a seat 0-{n - 1}")
        deal = _parse_deal(rules, hand.get("deal"), f"{where}.deal")
        try:
            state.deal(deal, dealer)
        except IllegalAction as exc:
            path = f"{where}.dealer" if "deals this hand" in exc.reason else f"{where}.deal"
            raise InvalidRecord(path, exc.reason.removeprefix("deal: ")) from None
        actions = hand.get("actions")
        if not isinstance(actions, list):
            raise InvalidRecord(f"{where}.actions", "must be a list of [seat, action] pairs")
        hand_no = state.hand_no
        for j, entry in enumerate(actions):
            _replay_action(state, hand_no, i, j, entry)
    return state


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
    if seat is None:
        if text.strip().lower() != "time-up":
            raise InvalidRecord(where, f"table event {text}: unknown (the only one is time-up)")
        if state.hand_no != hand_no:
            raise InvalidRecord(where, "table event time-up: the hand is over")
        try:
            state.time_is_up()
        except IllegalAction as exc:
            raise InvalidRecord(where, exc.reason) from None
        return
    if not 0 <= seat < state.n:
        raise InvalidRecord(f"hands[{i}].actions[{j}]", f"seat {seat} is not a seat")
    if state.hand_no != hand_no or state.deal_ is None:
        raise InvalidRecord(where, f"seat {seat} cannot {text}: the hand is over")
    if state.to_move != seat:
        raise InvalidRecord(where, f"seat {seat} cannot {text}: it is seat {state.to_move}'s turn")
    try:
        state.apply(text)
    except IllegalAction as exc:
        raise InvalidRecord(where, f"seat {seat} cannot {text}: {exc.reason}") from None


def _parse_deal(rules: Any, deal: Any, where: str) -> Deal:
    if not isinstance(deal, dict):
        raise InvalidRecord(where, "must be an object with the dealt hands")
    unknown = set(deal) - {"hands", *DEAL_PILES}
    if unknown:
        raise InvalidRecord(f"{where}.{sorted(unknown)[0]}", "is not a deal field")
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
                raise InvalidRecord(f"{path}[{k}]", str(exc)) from None
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
    if state.deal_ is not None:
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

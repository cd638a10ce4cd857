"""Build the OpenSpiel euchre fixtures of this directory (format: README.md here).

Plays ``--hands N`` hands of OpenSpiel's ``euchre`` game (``pyspiel.load_game("euchre",
{"allow_lone_defender": ..., "stick_the_dealer": True})``), drawing every move, chance and
player alike, uniformly from the legal actions with ``random.Random(seed + hand_index)``,
and writes one JSON object per hand and line to ``--out``.

Needs ``open_spiel`` (module ``pyspiel``; the fixtures were made with open-spiel 2.0.2).
From the repository root::

    python tests/data/openspiel-euchre/make_fixture.py --no-lone-defender \\
        --hands 200 --seed 20240601 --out tests/data/openspiel-euchre/random_hands.jsonl
    python tests/data/openspiel-euchre/make_fixture.py --lone-defender \\
        --hands 300 --seed 20250601 --out tests/data/openspiel-euchre/lone_defender_hands.jsonl

Those are also the defaults for each flag: ``--no-lone-defender`` alone rebuilds
``random_hands.jsonl`` (byte for byte) and ``--lone-defender`` alone rebuilds
``lone_defender_hands.jsonl``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

RANKS = "9TJQKA"
SUITS = "CDHS"
TEAMS = ("NS", "EW")

PASS = 24
CALLS = range(25, 29)  # Clubs, Diamonds, Hearts, Spades
ALONE = 29
PARTNER = 30
NUM_CARDS = 24

PRESETS: dict[bool, tuple[int, int, Path]] = {
    # allow_lone_defender: (hands, seed, output file)
    False: (200, 20240601, HERE / "random_hands.jsonl"),
    True: (300, 20250601, HERE / "lone_defender_hands.jsonl"),
}


def card(action: int) -> str:
    """OpenSpiel card id as a rank-first card: ``10`` -> ``JH``."""
    return RANKS[action // 4] + SUITS[action % 4]


def sort_cards(ids: list[int]) -> list[str]:
    """Rank-first cards sorted by suit C, D, H, S, then rank."""
    return [card(a) for a in sorted(ids, key=lambda a: (a % 4, a // 4))]


def label(action: int) -> str:
    """A player action in the fixture's notation-neutral labels."""
    if action < NUM_CARDS:
        return card(action)
    if action == PASS:
        return "pass"
    if action in CALLS:
        return "call:" + SUITS[action - CALLS.start]
    return {ALONE: "alone", PARTNER: "partner"}[action]


def game_string(game: Any, default: Any) -> str:
    """A string ``pyspiel.load_game`` turns back into ``game``: bare ``euchre`` for
    OpenSpiel's default parameters, else ``str(game)`` (which lists them all)."""
    return "euchre" if game.get_parameters() == default.get_parameters() else str(game)


def play_hand(game: Any, game_text: str, hand_index: int, seed: int) -> dict[str, Any]:
    """Play one uniformly random hand and describe it as a fixture record."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    chance: list[dict[str, Any]] = []
    actions: list[dict[str, Any]] = []
    dealer = -1
    declarer: int | None = None
    discard: int | None = None
    passes = 0
    alone_decisions = 0
    dealt: dict[int, list[int]] = {s: [] for s in range(4)}
    upcard = -1
    while not state.is_terminal():
        legal = list(state.legal_actions())
        action = rng.choice(legal)
        text = state.action_to_string(action)
        if state.is_chance_node():
            if not chance:
                dealer = action
                chance.append({"id": action, "os": text, "kind": "dealer", "seat": action})
            elif len(chance) <= 20:
                to = (dealer + len(chance) - 1) % 4
                dealt[to].append(action)
                entry = {"id": action, "os": text, "kind": "deal", "card": card(action)}
                chance.append({**entry, "to": to})
            else:
                upcard = action
                chance.append({"id": action, "os": text, "kind": "upcard", "card": card(action)})
            state.apply_action(action)
            continue
        seat = state.current_player()
        if legal == [ALONE, PARTNER]:
            # The alone / partner step: first the declarer, then (allow_lone_defender)
            # one or two defenders.
            phase = "declarer_alone" if alone_decisions == 0 else "defender_alone"
            alone_decisions += 1
        elif legal[0] >= PASS:  # pass and/or calls (stick the dealer: calls only)
            phase = "bid_round1" if passes < 4 else "bid_round2"
            if action == PASS:
                passes += 1
            else:
                declarer = seat
        elif alone_decisions == 0:  # a card before the alone step: ordered up in round 1
            phase = "discard"
            discard = action
        else:
            phase = "play"
        actions.append(
            {
                "seat": seat,
                "phase": phase,
                "id": action,
                "os": text,
                "label": label(action),
                "legal_ids": legal,
                "legal": [label(a) for a in legal],
            }
        )
        state.apply_action(action)
    returns = list(state.returns())
    in_hand = {a for ids in dealt.values() for a in ids} | {upcard}
    return {
        "hand_index": hand_index,
        "seed": seed,
        "game": game_text,
        "params": game.get_parameters(),
        "dealer": dealer,
        "hands": {str(s): sort_cards(ids) for s, ids in dealt.items()},
        "upcard": card(upcard),
        "undealt": sort_cards([a for a in range(NUM_CARDS) if a not in in_hand]),
        "chance": chance,
        "actions": actions,
        "history": list(state.history()),
        "returns": returns,
        "result": _result(state, actions, declarer, discard, returns),
        "os_final_string": str(state),
    }


def _result(
    state: Any,
    actions: list[dict[str, Any]],
    declarer: int | None,
    discard: int | None,
    returns: list[float],
) -> dict[str, Any]:
    if declarer is None:  # everybody passed twice (only without stick_the_dealer)
        return {"all_passed": True}
    call = next(a for a in actions if a["phase"].startswith("bid") and a["id"] != PASS)
    alone = [a for a in actions if a["phase"] in ("declarer_alone", "defender_alone")]
    lone_defender = next(
        (a["seat"] for a in alone if a["phase"] == "defender_alone" and a["id"] == ALONE), None
    )
    plays = [(a["seat"], a["id"]) for a in actions if a["phase"] == "play"]
    per_trick = len(plays) // 5
    tricks = []
    for k, trick in enumerate(state.tricks()):
        cards = plays[k * per_trick : (k + 1) * per_trick]
        assert trick.leader() == cards[0][0], "OpenSpiel's leader is the first to play"
        assert list(trick.cards()) == [c for _, c in cards]
        tricks.append(
            {
                "leader": trick.leader(),
                "cards": [{"seat": s, "card": card(c)} for s, c in cards],
                "winner": trick.winner(),
                "winning_card": card(trick.winning_card()),
            }
        )
    makers = {declarer, (declarer + 2) % 4}
    return {
        "all_passed": False,
        "trump": SUITS[call["id"] - CALLS.start],
        "declarer": declarer,
        "maker_team": TEAMS[declarer % 2],
        "ordered_up_round1": call["phase"] == "bid_round1",
        "dealer_discard": None if discard is None else card(discard),
        "declarer_alone": alone[0]["id"] == ALONE,
        "lone_defender": lone_defender,
        "tricks": tricks,
        "maker_tricks": sum(t["winner"] in makers for t in tricks),
        "maker_points": returns[declarer],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--lone-defender",
        action=argparse.BooleanOptionalAction,
        default=False,
        help="OpenSpiel's allow_lone_defender (default: off)",
    )
    parser.add_argument("--hands", type=int, help="number of hands (default: 200 / 300)")
    parser.add_argument(
        "--seed", type=int, help="hand i uses seed+i (default: 20240601 / 20250601)"
    )
    parser.add_argument("--out", type=Path, help="JSONL file to write (default: the fixture)")
    args = parser.parse_args(argv)

    import pyspiel  # only this script needs open_spiel, not the test suite

    hands, seed, out = PRESETS[args.lone_defender]
    hands = hands if args.hands is None else args.hands
    seed = seed if args.seed is None else args.seed
    out = out if args.out is None else args.out
    game = pyspiel.load_game(
        "euchre", {"allow_lone_defender": args.lone_defender, "stick_the_dealer": True}
    )
    game_text = game_string(game, pyspiel.load_game("euchre"))
    with out.open("w", encoding="utf-8") as f:
        for i in range(hands):
            f.write(json.dumps(play_hand(game, game_text, i, seed + i)) + "\n")
    print(f"wrote {hands} hands to {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

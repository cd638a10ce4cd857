"""SCENARIOS.md S1–S12 as replayed records: exact scores and legal-move checkpoints."""

from __future__ import annotations

import pytest

from followsuit import record

from .conftest import SCENARIOS, data_path, legal_cards, load_json

# fmt: off
RECORDS = [
    "S1", "S2", "S2-single", "S3", "S3-single", "S4", "S5", "S5-single",
    "S6", "S7", "S7-single", "S8", "S8-single",
    "S9", "S9-single", "S9-tie_bidder", "S9-tie_bidder-single", "S9-low_captor",
    "S9-low_captor-single", "S9-both", "S9-both-single", "S10", "S10-low_captor",
    "S11", "S11-single", "S12",
]
# fmt: on
A, B, C, D = 0, 1, 2, 3
N, E, S, W = 0, 1, 2, 3
CHECKPOINTS = {
    # scenario: {(trick number, seat): legal cards}
    "S1": {(1, E): {"JD", "QH"}, (2, E): {"JD"}, (3, W): {"QS", "JS"}, (3, S): {"AC", "KC", "AD"}},
    "S2": {(1, W): {"JS", "JC", "AS", "QS", "AD"}, (3, N): {"KS"}, (3, S): {"AH", "KC", "9D"}},
    "S3": {(1, W): {"TH"}, (5, E): {"QD"}},
    "S4": {(1, W): {"QD"}, (3, W): {"JH", "AH", "JD"}},
    "S5": {(2, S): {"KC"}, (3, E): {"JS", "KS"}, (4, S): {"JC"}},
    "S6": {(2, N): {"JS"}},
    "S7": {(1, N): {"QH"}, (2, S): {"TH"}},
    "S8": {(1, E): {"TS", "JC"}, (2, E): {"JC"}},
    "S9": {
        (1, C): {"2H"},
        (2, C): {"TC", "QD", "8D", "7S", "6C"},
        (3, C): {"TC"},
        (3, A): {"TD", "AS", "QS", "9S"},
    },
    "S10": {(1, E): {"2S", "JS"}, (2, E): {"JS"}, (3, S): {"KD"}, (4, W): {"JC", "7C"}},
    "S11": {(2, E): {"3S", "QH", "9H"}, (4, E): {"QH", "KC", "3S"}},
    "S12": {
        (1, C): {"JK"},
        (1, D): {"3D", "TD"},
        (2, D): {"TD"},
        (2, C): {"QH", "JC", "3H", "7S", "KS"},
    },
}


@pytest.mark.parametrize("name", RECORDS)
def test_scenario_record_replays_to_expected_result(name: str) -> None:
    path = data_path("scenarios", f"{name}.json")
    state = record.replay(record.load(path))
    assert record.summary(state) == load_json(SCENARIOS / f"{name}.expected.json")


@pytest.mark.parametrize("name", sorted(CHECKPOINTS))
def test_scenario_checkpoints(name: str) -> None:
    single = f"{name}-single" if (SCENARIOS / f"{name}-single.json").exists() else name
    rec = record.load(data_path("scenarios", f"{single}.json"))
    (hand,) = rec["hands"]
    state = record.replay(dict(rec, hands=[dict(hand, actions=[])]))
    seen = {}
    for _seat, text in hand["actions"]:
        key = (len(state.tricks) + 1, state.current_player)
        if text.startswith("play") and key in CHECKPOINTS[name]:
            seen[key] = legal_cards(state)
        state.apply(text)
    assert seen == CHECKPOINTS[name]


def test_s1_is_the_record_spec_example() -> None:
    spec_example = {
        "format": "followsuit/1",
        "variant": "euchre/american",
        "options": {"target_score": 10, "stick_the_dealer": True},
        "players": ["Ann", "Bob", "Cy", "Di"],
        "hands": [
            {
                "dealer": 3,
                "deal": {
                    "hands": [
                        ["JH", "AH", "AS", "QD", "TC"],
                        ["JD", "QH", "KS", "TD", "9C"],
                        ["TH", "AC", "KC", "9S", "AD"],
                        ["9H", "QS", "JS", "KD", "QC"],
                    ],
                    "upcard": "KH",
                    "kitty": ["JC", "9D", "TS"],
                },
                "actions": [[0, "order-up"], [3, "discard QC"], [0, "play JH"], [1, "play QH"]],
            }
        ],
    }
    s1 = record.load(data_path("scenarios", "S1.json"))
    spec_example["hands"][0]["actions"] = s1["hands"][0]["actions"]
    result = record.summary(record.replay(spec_example))
    assert result == {
        "variant": "euchre/american",
        "sides": [[0, 2], [1, 3]],
        "hands": [{"dealer": 3, "trump": "H", "maker": 0, "points": [1, 0], "score": [1, 0]}],
        "score": [1, 0],
        "winner": None,
    }

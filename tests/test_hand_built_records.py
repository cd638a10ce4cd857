"""Hand-built records, one or more per variant, each exercising the variant's
distinctive rule; the expected result beside each was worked out from RULES.md
by hand, not taken from the engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from followsuit import record

RECORDS = Path(__file__).parent / "records"
NAMES = sorted(
    p.name.removesuffix(".json")
    for p in RECORDS.glob("*.json")
    if not p.name.endswith(".expected.json")
)


def test_every_variant_has_a_hand_built_record() -> None:
    import followsuit

    covered = {json.loads((RECORDS / f"{n}.json").read_text())["variant"] for n in NAMES}
    scenarios = {"euchre/american", "euchre/british", "bid-euchre/standard"}  # S1-S8
    missing = {v.id for v in followsuit.variants()} - covered - scenarios
    assert not missing, f"no hand-built record for {sorted(missing)}"


@pytest.mark.parametrize("name", NAMES)
def test_hand_built_record(name: str) -> None:
    state = record.replay(record.load(RECORDS / f"{name}.json"))
    expected = json.loads((RECORDS / f"{name}.expected.json").read_text())
    assert record.summary(state) == expected

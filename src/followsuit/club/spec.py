"""A night as JSON (what the server stores and its API takes), and back: the one
place its field names are written.

>>> night = night_from_json({"format": "kings", "players": [f"P{k}" for k in range(8)]})
>>> night_from_json(night_as_json(night)) == night
True
"""

from __future__ import annotations

from typing import Any

from .models import ClubError, Night, RoundLength, ScoringRule

FIELDS = frozenset(
    {
        "format",
        "players",
        "rounds",
        "variant",
        "options",
        "hands",
        "minutes",
        "scoring",
        "table_kinds",
        "fillers",
        "seed",
    }
)


def night_as_json(night: Night) -> dict[str, Any]:
    return {
        "format": night.format,
        "players": list(night.players),
        "rounds": night.rounds,
        "variant": night.variant,
        "options": dict(night.options),
        "hands": night.length.hands,
        "minutes": night.length.minutes,
        "scoring": str(night.scoring),
        "table_kinds": list(night.table_kinds),
        "fillers": sorted(night.fillers),
        "seed": night.seed,
    }


def night_from_json(body: Any) -> Night:
    """A night from its JSON; a bad field is one :class:`ClubError` line."""
    if not isinstance(body, dict):
        raise ClubError("a night is a JSON object")
    unknown = sorted(set(body) - FIELDS)
    if unknown:
        raise ClubError(f"unknown field {unknown[0]!r}; fields: {', '.join(sorted(FIELDS))}")
    players = body.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ClubError("players must be a list of names")
    if any(len(p) > 40 for p in players):
        raise ClubError("a player's name is at most 40 characters")
    minutes = _whole(body, "minutes", None)
    hands = _whole(body, "hands", None if minutes is not None else 8)
    options = body.get("options", {})
    if not isinstance(options, dict):
        raise ClubError("options must be an object of name: value")
    kinds = body.get("table_kinds", [])
    fillers = body.get("fillers", [])
    for name, value in (("table_kinds", kinds), ("fillers", fillers)):
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ClubError(f"{name} must be a list of texts")
    scoring = body.get("scoring", "points")
    variant = body.get("variant", "euchre/american")
    fmt = body.get("format")
    for name, value in (("scoring", scoring), ("variant", variant), ("format", fmt)):
        if not isinstance(value, str):
            raise ClubError(f"{name} must be a text")
    return Night(
        fmt,  # type: ignore[arg-type]  # checked by Night
        tuple(players),
        rounds=_whole(body, "rounds", 8) or 0,
        variant=variant,
        options=options,
        length=RoundLength(hands=hands, minutes=minutes),
        scoring=ScoringRule.parse(scoring),
        table_kinds=tuple(kinds),
        fillers=frozenset(fillers),
        seed=_whole(body, "seed", 1) or 0,
    )


def _whole(body: dict[str, Any], name: str, default: int | None) -> int | None:
    value = body.get(name, default)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise ClubError(f"{name} must be a whole number")
    return value

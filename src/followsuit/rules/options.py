"""The option catalogue: every field of :class:`~followsuit.rules.settings.Settings`
as an :class:`Option` that checks and converts a value a player gives.

An option is a named, typed knob on the common model. Variants (``euchre.py`` …)
set option values; a player's house rules override them, within the limits the
variant allows. The catalogue is derived from the ``Settings`` fields (their
types, defaults and metadata), so each option is declared once.

>>> OPTIONS["stick_the_dealer"].coerce("true")
True
>>> OPTIONS["first_lead"].coerce("bad")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
followsuit.rules.options.OptionError: option first_lead: 'bad' is not allowed; ...
"""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Literal

from .settings import (
    ALL,
    BID_EUCHRE,
    EUCHRE,
    FAMILIES,
    MAX_POINTS,
    PITCH,
    CutthroatPoints,
    EuchrePoints,
    Settings,
)

__all__ = ["BID_EUCHRE", "EUCHRE", "FAMILIES", "OPTIONS", "PITCH", "Option", "OptionError"]

#: The longest text a value may have (a JSON table or list is short).
MAX_TEXT = 2000


class OptionError(ValueError):
    """A bad option name or value; the message names the option and what is allowed.

    ``option`` is the offending option's name (when there is one).
    """

    def __init__(self, message: str, option: str | None = None):
        super().__init__(message)
        self.option = option


Kind = Literal["bool", "int", "enum", "packets", "points", "names"]


@dataclass(frozen=True)
class Option:
    """One option: ``kind`` is bool, int, enum, packets, points or names."""

    name: str
    kind: Kind
    default: Any
    doc: str
    families: frozenset[str] = ALL
    choices: tuple[Any, ...] = ()
    nullable: bool = False
    minimum: int | None = None
    maximum: int | None = None
    points: type[EuchrePoints] | type[CutthroatPoints] | None = None
    """The named tuple a points table becomes."""

    @property
    def user(self) -> bool:
        """Whether players may set it at all (model fields may not)."""
        return bool(self.families)

    @property
    def keys(self) -> tuple[str, ...]:
        """The entries of a points table."""
        return self.points._fields if self.points is not None else ()

    def coerce(self, value: Any) -> Any:
        """Validate ``value`` and return it in canonical form (tuples for lists).

        Strings are accepted for every kind (the command line passes ``key=value``
        text); otherwise the value must have the option's own type: ``1`` is not
        ``true``, ``1.0`` is not ``1``.
        """
        if isinstance(value, str):
            if len(value) > MAX_TEXT:
                raise self._error(f"a value of {len(value)} characters is too long")
            if value.strip().lower() in ("null", "none") and self.nullable:
                return None
        if value is None:
            if self.nullable:
                return None
            raise self._error("null is not allowed here (a value is required)")
        return _COERCE[self.kind](self, value)

    def describe_allowed(self) -> str:
        if self.kind == "bool":
            return "true or false"
        if self.kind == "enum":
            return ", ".join(str(c) for c in self.choices)
        if self.kind == "int" and self.choices:
            return ", ".join(str(c) for c in self.choices) + (" or null" if self.nullable else "")
        if self.kind == "int":
            return f"an integer from {self.minimum} to {self.maximum}" + (
                " or null" if self.nullable else ""
            )
        if self.kind == "packets":
            return "a list of deal rounds, each a list of packet sizes per seat"
        if self.kind == "points":
            return "a table {" + ", ".join(f"{k}: int" for k in self.keys) + "}"
        return "a list of names: " + ", ".join(str(c) for c in self.choices)

    def format(self, value: Any) -> str:
        """The value as a user would type it back."""
        if value is None:
            return "null"
        if isinstance(value, bool):
            return "true" if value else "false"
        if self.kind == "points":
            return json.dumps(dict(zip(self.keys, value, strict=True)))
        if self.kind == "names":  # read back as words (JSON would not be)
            return ",".join(value)
        if isinstance(value, tuple):
            return json.dumps(_listify(value))
        return str(value)

    def _error(self, message: str) -> OptionError:
        return OptionError(f"option {self.name}: {message}", self.name)


# -- the kinds ---------------------------------------------------------------------


def _bool(opt: Option, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "yes", "on", "1"):
        return True
    if isinstance(value, str) and value.strip().lower() in ("false", "no", "off", "0"):
        return False
    raise opt._error(f"{_shown(value)} is not allowed; expected true or false")


def _int(opt: Option, value: Any) -> int:
    if isinstance(value, str):
        text = value.strip()
        if not (text.lstrip("+-").isdigit() and len(text) <= 12):
            raise opt._error(f"{_shown(value)} is not an integer")
        value = int(text)
    if type(value) is not int:
        raise opt._error(f"{_shown(value)} is not an integer")
    if opt.choices:
        if value not in opt.choices:
            allowed = ", ".join(str(c) for c in opt.choices)
            raise opt._error(f"{value} is not allowed; allowed values: {allowed}")
        return value
    assert opt.minimum is not None and opt.maximum is not None
    if not opt.minimum <= value <= opt.maximum:
        size = "small" if value < opt.minimum else "large"
        raise opt._error(f"{value} is too {size}; expected {opt.describe_allowed()}")
    return value


def _enum(opt: Option, value: Any) -> Any:
    if isinstance(value, str):
        for choice in opt.choices:
            if str(choice).lower() == value.strip().lower():
                return choice
    allowed = ", ".join(str(c) for c in opt.choices)
    raise opt._error(f"{_shown(value)} is not allowed; allowed values: {allowed}")


def _json(opt: Option, value: Any, what: str) -> Any:
    if not isinstance(value, str):
        return value
    try:
        return json.loads(value)
    except (json.JSONDecodeError, RecursionError, ValueError):
        raise opt._error(f"{_shown(value)} is not {what}") from None


def _small_positive(x: Any) -> bool:
    return type(x) is int and 0 < x <= 64


def _packets(opt: Option, value: Any) -> tuple[tuple[int, ...], ...]:
    value = _json(opt, value, "a JSON list of lists")
    ok = (
        isinstance(value, (list, tuple))
        and 0 < len(value) <= 26
        and all(
            isinstance(r, (list, tuple)) and 0 < len(r) <= 8 and all(_small_positive(x) for x in r)
            for r in value
        )
    )
    if not ok:
        raise opt._error(f"{_shown(value)} is not allowed; expected {opt.describe_allowed()}")
    return tuple(tuple(r) for r in value)


def _points(opt: Option, value: Any) -> tuple[int, ...]:
    value = _json(opt, value, "a JSON table")
    if isinstance(value, Mapping):
        if set(value) != set(opt.keys):
            raise opt._error(f"{_shown(value)} is not allowed; expected {opt.describe_allowed()}")
        value = [value[k] for k in opt.keys]
    if (
        not isinstance(value, (list, tuple))
        or len(value) != len(opt.keys)
        or not all(type(x) is int and 0 <= x <= MAX_POINTS for x in value)
    ):
        raise opt._error(
            f"{_shown(value)} is not allowed; expected {opt.describe_allowed()}, "
            f"each from 0 to {MAX_POINTS}"
        )
    assert opt.points is not None
    return opt.points(*value)


def _names(opt: Option, value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [v for v in value.replace(",", " ").split() if v]
    if not isinstance(value, (list, tuple)) or len(value) > len(opt.choices):
        raise opt._error(f"{_shown(value)} is not allowed; expected {opt.describe_allowed()}")
    out = []
    for v in value:
        match = [c for c in opt.choices if isinstance(v, str) and c.lower() == v.lower()]
        if not match:
            raise opt._error(
                f"{_shown(v)} is not allowed; allowed values: " + ", ".join(opt.choices)
            )
        out.append(match[0])
    return tuple(out)


_COERCE = {
    "bool": _bool,
    "int": _int,
    "enum": _enum,
    "packets": _packets,
    "points": _points,
    "names": _names,
}


def _shown(value: Any) -> str:
    """A value quoted for a one-line message, cut when it is long."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _listify(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_listify(v) for v in value]
    return value


# -- the catalogue, read off the Settings fields ------------------------------------


def _option(name: str, hint: Any, default: Any, meta: Mapping[str, Any]) -> Option:
    """The :class:`Option` a ``Settings`` field declares (its type says the kind)."""
    args = typing.get_args(hint)
    nullable = typing.get_origin(hint) in (typing.Union, types.UnionType) and type(None) in args
    if nullable:
        (hint,) = [a for a in args if a is not type(None)]
    common: dict[str, Any] = {
        "name": name,
        "default": default,
        "doc": meta["doc"],
        "families": meta["families"],
        "nullable": nullable,
    }
    if hint is bool:
        return Option(kind="bool", **common)
    if hint is int:
        return Option(kind="int", minimum=meta["min"], maximum=meta["max"], **common)
    if typing.get_origin(hint) is Literal:
        choices = typing.get_args(hint)
        kind: Kind = "int" if isinstance(choices[0], int) else "enum"
        return Option(kind=kind, choices=choices, **common)
    if hint in (EuchrePoints, CutthroatPoints):
        return Option(kind="points", points=hint, **common)
    if meta["names"]:
        return Option(kind="names", choices=meta["names"], **common)
    return Option(kind="packets", **common)


def _catalogue() -> dict[str, Option]:
    hints = typing.get_type_hints(Settings)
    return {f.name: _option(f.name, hints[f.name], f.default, f.metadata) for f in fields(Settings)}


OPTIONS: Mapping[str, Option] = _catalogue()


def user_options(family: str) -> list[Option]:
    """The options a player of this family may set, in catalogue order."""
    return [o for o in OPTIONS.values() if family in o.families]

"""Find a variant by id or alias, list them, and resolve house rules.

>>> find_variant("euchre").id
'euchre/american'
>>> rules = load_rules("euchre/american", {"stick_the_dealer": True})
>>> rules.settings.stick_the_dealer, rules.settings.target_score
(True, 10)
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from . import bid_euchre, euchre, pitch
from .model import Rules, Variant, coerce_overrides, make_rules

_VARIANTS: dict[str, Variant] = {}
_ALIASES: dict[str, str] = {}


def _register(variant: Variant) -> None:
    if variant.id in _VARIANTS or variant.id in _ALIASES:
        raise ValueError(f"duplicate variant id {variant.id}")
    if variant.parent is not None and variant.parent not in _VARIANTS:
        raise ValueError(f"{variant.id}: parent {variant.parent} is not declared before it")
    _VARIANTS[variant.id] = variant
    for alias in variant.aliases:
        _ALIASES[alias] = variant.id


for _v in (*euchre.VARIANTS, *bid_euchre.VARIANTS, *pitch.VARIANTS):
    _register(_v)


class UnknownVariant(ValueError):
    """No variant has this id or alias."""


def find_variant(name: str) -> Variant:
    """The variant with this id or alias (case-insensitive)."""
    if not isinstance(name, str):
        raise UnknownVariant(
            f"a variant is named by its id, not {type(name).__name__} "
            "(`followsuit rules` lists them)"
        )
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    try:
        return _VARIANTS[key]
    except KeyError:
        close = difflib.get_close_matches(key, list(_VARIANTS) + list(_ALIASES), n=1)
        hint = f"; did you mean {close[0]}?" if close else ""
        raise UnknownVariant(
            f"unknown variant {name!r}{hint} (`followsuit rules` lists them)"
        ) from None


def variants() -> list[Variant]:
    """Every playable variant, in declaration order."""
    return list(_VARIANTS.values())


def lineage(variant: Variant) -> tuple[Variant, ...]:
    """The variant and its ancestors, root first."""
    chain = [variant]
    while chain[-1].parent is not None:
        chain.append(_VARIANTS[chain[-1].parent])
    return tuple(reversed(chain))


def load_rules(name: str, options: Mapping[str, Any] | None = None) -> Rules:
    """The resolved rules of a variant with house-rule ``options`` applied.

    Each option is checked by its own type first, so the answer never depends on
    what was loaded before (``1`` is refused for a true/false option even after
    ``True`` was accepted).
    """
    variant = find_variant(name)
    chain = lineage(variant)
    family = next(v.settings["family"] for v in reversed(chain) if "family" in v.settings)
    clean = coerce_overrides({} if options is None else options, family, variant.id)
    return _cached_rules(variant.id, tuple(sorted(clean.items())))


@lru_cache(maxsize=256)
def _cached_rules(variant_id: str, items: tuple[tuple[str, Any], ...]) -> Rules:
    return make_rules(lineage(_VARIANTS[variant_id]), dict(items))

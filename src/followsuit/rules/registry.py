"""Find a variant by id or alias, list them, and resolve house rules.

>>> find_variant("euchre").id
'euchre/american'
>>> rules = load_rules("euchre/american", {"stick_the_dealer": True})
>>> rules["stick_the_dealer"], rules["target_score"]
(True, 10)
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from . import bid_euchre, euchre, pitch
from .model import Rules, Variant, make_rules

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
    """The resolved rules of a variant with house-rule ``options`` applied."""
    variant = find_variant(name)
    key = tuple(sorted((options or {}).items(), key=lambda kv: kv[0]))
    try:
        return _cached_rules(variant.id, _freeze(key))
    except TypeError:  # an unhashable value: resolve without the cache
        return make_rules(lineage(variant), options)


@lru_cache(maxsize=256)
def _cached_rules(variant_id: str, items: tuple[tuple[str, Any], ...]) -> Rules:
    return make_rules(lineage(_VARIANTS[variant_id]), dict(items))


def _freeze(items: tuple[tuple[str, Any], ...]) -> tuple[tuple[str, Any], ...]:
    def freeze(v: Any) -> Any:
        if isinstance(v, list):
            return tuple(freeze(x) for x in v)
        if isinstance(v, dict):
            raise TypeError("unhashable")
        return v

    return tuple((k, freeze(v)) for k, v in items)

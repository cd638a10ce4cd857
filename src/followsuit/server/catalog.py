"""The variants and their house rules as the page's forms need them: every option
a player may set for a variant, its default there, what values it allows, and
whether it means anything under the variant's own rules (``applies``: the
British joker options do not in American Euchre)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules import find_variant, load_rules, variants
from ..rules.model import STRUCTURAL
from ..rules.options import OPTIONS, Option, user_options
from ..rules.registry import lineage
from ..rules.scope import applies


def variant_list() -> list[dict[str, Any]]:
    out = []
    for v in variants():
        r = load_rules(v.id)
        out.append(
            {
                "id": v.id,
                "title": v.title,
                "family": r.family,
                "players": r.num_players,
                "deck": r.settings.deck,
                "target": r.settings.target_score,
            }
        )
    return out


def variant_detail(name: str) -> dict[str, Any]:
    """One variant's summary and options (UnknownVariant if there is none)."""
    variant = find_variant(name)
    rules = load_rules(variant.id)
    fixed = set(STRUCTURAL)
    for v in lineage(variant):
        fixed |= v.fixed
        fixed -= set(v.choices)
    options = []
    for opt in user_options(rules.family):
        if opt.name in fixed:
            continue
        choices: tuple[Any, ...] = opt.choices
        for v in lineage(variant):
            if opt.name in v.choices:
                choices = v.choices[opt.name]
        options.append(
            {**_option(opt, rules.value(opt.name), choices), "applies": applies(opt, rules)}
        )
    # the options that mean something under the variant's own rules come first
    options.sort(key=lambda o: not o["applies"])
    return {
        "id": variant.id,
        "title": variant.title,
        "summary": " ".join(variant.summary.split()),
        "family": rules.family,
        "players": rules.num_players,
        "sides": [list(s) for s in rules.sides],
        "options": options,
    }


def _option(opt: Option, value: Any, choices: tuple[Any, ...]) -> dict[str, Any]:
    kind = opt.kind
    return {
        "name": opt.name,
        "kind": kind,
        "doc": opt.doc,
        "default": shown_default(opt, value),
        "allowed": opt.describe_allowed() if not choices or kind != "enum" else None,
        "choices": [opt.format(c) for c in choices] if kind in ("enum", "int") else [],
        "nullable": opt.nullable,
        "minimum": opt.minimum,
        "maximum": opt.maximum,
    }


def shown_default(opt: Option, value: Any) -> str:
    """The value as the form shows it, in a form the option reads back: a list of
    names as words (``Option.format`` writes it as JSON, which the names kind does
    not read)."""
    if opt.kind == "names" and isinstance(value, tuple):
        return " ".join(value)
    return opt.format(value)


def changed_rules(variant: str, options: Mapping[str, Any]) -> list[dict[str, str]]:
    """The house rules of a table that differ from its variant's defaults, each as
    the form shows it (``{"name": ..., "value": ...}``), for the lobby's list of
    open tables: what a player joining would not expect."""
    usual = load_rules(variant)
    chosen = load_rules(variant, options)
    out = []
    for name in sorted(options):
        opt = OPTIONS.get(name)
        if opt is not None and chosen.value(name) != usual.value(name):
            out.append({"name": name, "value": shown_default(opt, chosen.value(name))})
    return out

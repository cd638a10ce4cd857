"""``followsuit rules``: the variants, and one variant's rules and options."""

from __future__ import annotations

import json
from collections.abc import Callable

from rich.console import Console
from rich.table import Table

from ..rules import Rules, find_variant, load_rules, variants
from ..rules.model import STRUCTURAL
from ..rules.options import user_options
from ..rules.pitch_points import pitch_categories
from ..rules.registry import lineage


def list_variants(console: Console) -> None:
    table = Table(title="followsuit variants", show_lines=False)
    table.add_column("id", style="bold")
    table.add_column("name")
    table.add_column("players", justify="right")
    table.add_column("deck")
    table.add_column("target", justify="right")
    for v in variants():
        r = load_rules(v.id)
        target = "time" if r.settings.target_score is None else str(r.settings.target_score)
        table.add_row(v.id, v.title, str(r.num_players), r.settings.deck, target)
    console.print(table)
    console.print("Show one with: followsuit rules ID")


def show_variant(console: Console, name: str) -> None:
    variant = find_variant(name)
    rules = load_rules(variant.id)
    console.print(f"[bold]{variant.id}[/bold] — {variant.title}")
    if variant.aliases:
        console.print("aliases: " + ", ".join(variant.aliases))
    chain = [v.id for v in lineage(variant)[:-1]]
    if chain:
        console.print("inherits: " + " → ".join(chain))
    console.print()
    for paragraph in variant.summary.split("\n\n"):
        console.print(" ".join(paragraph.split()))
        console.print()
    table = Table(title="options (set with --options name=value)")
    table.add_column("option", style="bold")
    table.add_column("value here")
    table.add_column("allowed")
    table.add_column("meaning")
    fixed = set(STRUCTURAL)
    for v in lineage(variant):
        fixed |= v.fixed
        fixed -= set(v.choices)
    for opt in user_options(rules.family):
        allowed = opt.describe_allowed()
        for v in lineage(variant):
            if opt.name in v.choices:
                allowed = ", ".join(opt.format(c) for c in v.choices[opt.name])
        if opt.name in fixed:
            allowed = "fixed in this variant"
        table.add_row(opt.name, _value_here(rules, opt.name), allowed, opt.doc)
    console.print(table)


def _value_here(rules: Rules, name: str) -> str:
    """The option's value, with what an unset value works out to here."""
    text = rules.describe(name)
    if rules.value(name) is not None:
        return text
    derived: dict[str, Callable[[], object]] = {
        "deal_packets": lambda: json.dumps([list(r) for r in rules.packets]),
        "max_bid": lambda: max((b.value for b in rules.bids if b.kind == "plain"), default=0),
        "stuck_bid": lambda: rules.bids[0].label if rules.bids else "",
        "moon_value": lambda: rules.settings.target_score,
        "categories": lambda: " ".join(pitch_categories(rules.settings)),
        "misdeal_dealer": lambda: "next after a claim, same after an engine misdeal",
    }
    if name in derived:
        return f"unset: {derived[name]()}"
    return text

"""``followsuit rules``: the variants, and one variant's rules and options.

Ids and option names are what a player copies into a command, so they are never
cut or folded, at 80 columns or when piped: the list is one variant per line
with the id first, and an option is a block (name and value on one line, the
meaning wrapped under it) rather than a column that has to shrink.
"""

from __future__ import annotations

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ..rules import Variant, load_rules, variants
from ..rules.model import STRUCTURAL
from ..rules.registry import lineage
from ..rules.scope import options_for
from .option_scope import plain_doc, value_here


def list_variants(console: Console) -> None:
    table = Table(title="followsuit variants", box=box.SIMPLE_HEAD, pad_edge=False)
    width = max(len(v.id) for v in variants())
    table.add_column("id", style="bold", no_wrap=True, min_width=width)
    table.add_column("players", justify="right", no_wrap=True)
    table.add_column("target", justify="right", no_wrap=True)
    table.add_column("name", ratio=1)
    for v in variants():
        r = load_rules(v.id)
        target = "time" if r.settings.target_score is None else str(r.settings.target_score)
        table.add_row(v.id, str(r.num_players), target, v.title)
    console.print(table)
    console.print("Show one with: followsuit rules ID")


def show_variant(console: Console, variant: Variant, *, everything: bool = False) -> None:
    rules = load_rules(variant.id)
    console.print(Text(variant.id, style="bold"), Text(f"— {variant.title}"))
    if variant.aliases:
        console.print("aliases: " + ", ".join(variant.aliases))
    chain = [v.id for v in lineage(variant)[:-1]]
    if chain:
        console.print("inherits: " + " → ".join(chain))
    console.print()
    for paragraph in variant.summary.split("\n\n"):
        console.print(escape(plain_doc(" ".join(paragraph.split()))))
        console.print()
    shown = options_for(rules, everything=everything)
    hidden = len(options_for(rules, everything=True)) - len(shown)
    which = "all options of the family" if everything else "options"
    console.print(Text(f"{which} (set with --options name=value)", style="bold underline"))
    fixed = set(STRUCTURAL)
    for v in lineage(variant):
        fixed |= v.fixed
        fixed -= set(v.choices)
    for opt in shown:
        allowed = opt.describe_allowed()
        for v in lineage(variant):
            if opt.name in v.choices:
                allowed = ", ".join(opt.format(c) for c in v.choices[opt.name])
        if opt.name in fixed:
            allowed = "fixed in this variant"
        head = Text()
        head.append(opt.name, style="bold")
        head.append(f" = {value_here(rules, opt.name)}")
        console.print(head, soft_wrap=True)
        console.print(
            Padding(Text(f"{plain_doc(opt.doc)} Allowed: {allowed}."), (0, 0, 0, 4), expand=False)
        )
    if hidden:
        console.print()
        console.print(
            f"{hidden} more options of the family do not apply here; "
            f"followsuit rules {variant.id} --all lists them.",
            soft_wrap=True,
            highlight=False,
            markup=False,
        )

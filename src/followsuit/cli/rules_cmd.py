"""``followsuit rules``: the variants, and one variant's rules and options.

Ids, names and option names are what a player copies or reads, so they are never
cut or folded, at 80 columns or when piped: the list is one variant per line
with the id first and the name after it (on the next line, indented, when the
two do not fit), and an option is a block (name and value on one line, the
meaning wrapped under it) rather than a column that has to shrink. At a
terminal, output longer than the screen goes through a pager (``$PAGER``, else
``less -R``), as ``git`` and ``man`` do.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from collections.abc import Callable

from rich.console import Console
from rich.markup import escape
from rich.padding import Padding
from rich.text import Text

from ..rules import Variant, load_rules, variants
from ..rules.model import STRUCTURAL
from ..rules.registry import lineage
from ..rules.scope import options_for
from ..text.layout import flow
from ..text.option_scope import option_lines, plain_doc


def list_variants(console: Console) -> None:
    rows = []
    for v in variants():
        r = load_rules(v.id)
        target = "time" if r.settings.target_score is None else str(r.settings.target_score)
        rows.append((v.id, str(r.num_players), target, v.title))
    width = max(len(row[0]) for row in rows)
    widest = width + len("  players  target  ") + max(len(row[3]) for row in rows)

    def render(out: Console) -> None:
        out.print(Text("followsuit variants", style="bold"))
        out.print()
        if widest <= out.width:
            out.print(Text(f"{'id':<{width}}  players  target  name", style="bold"))
        for vid, players, target, title in rows:
            line = Text(vid, style="bold")
            if widest <= out.width:
                line.append(f"{'':<{width - len(vid)}}  {players:>7}  {target:>6}  {title}")
                out.print(line, soft_wrap=True)
            else:  # too narrow for one line each: the name under the id, never cut
                to = "a timed game" if target == "time" else f"to {target}"
                line.append(f" · {players} players · {to}")
                out.print(line, soft_wrap=True)
                out.print(f"    {title}", soft_wrap=True)
        out.print()
        out.print("Show one with: followsuit rules ID")

    paged(console, render)


def paged(console: Console, render: Callable[[Console], None]) -> None:
    """``render``'s output, through a pager when it is longer than the terminal's
    screen (never when piped: a script reads it whole)."""
    pager = os.environ.get("PAGER") or ("less -R" if shutil.which("less") else "")
    if not console.is_terminal or not pager.strip():
        render(console)
        return
    with console.capture() as captured:
        render(console)
    text = captured.get()
    if text.count("\n") < console.height:
        console.file.write(text)
        return
    with contextlib.suppress(OSError, KeyboardInterrupt):
        subprocess.run(pager, shell=True, input=text, text=True, check=False)


def show_variant(console: Console, variant: Variant, *, everything: bool = False) -> None:
    paged(console, lambda out: _show_variant(out, variant, everything=everything))


def _show_variant(console: Console, variant: Variant, *, everything: bool) -> None:
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
        for line in option_lines(rules, opt.name, console.width):
            console.print(line, soft_wrap=True)
        console.print(
            Padding(Text(f"{plain_doc(opt.doc)} Allowed: {allowed}."), (0, 0, 0, 4), expand=False)
        )
    if hidden:
        console.print()
        words = f"{hidden} more options of the family do not apply here;".split(" ")
        command = f"followsuit rules {variant.id} --all"  # whole, to copy
        for line in flow([*words, command, "lists", "them."], console.width, sep=" ", indent=0):
            console.print(line, soft_wrap=True, highlight=False)

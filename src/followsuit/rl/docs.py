"""The tables of ``docs/rl.md`` that come from the code: each family's slices with
their offsets for every deck size and player count, and each variant's sizes.

``python -m followsuit.rl.docs`` prints them; a test checks that the document
holds exactly this text between its ``<!-- generated -->`` markers.
"""

from __future__ import annotations

from ..rules import load_rules, variants
from ..rules.model import Rules
from .actions import ActionSpace
from .encoding import VERSIONS, info_layout, layout

FAMILIES = ("euchre", "bid_euchre", "pitch")
BEGIN = "<!-- generated: python -m followsuit.rl.docs -->"
END = "<!-- end generated -->"


def _shapes() -> dict[str, list[tuple[str, Rules]]]:
    """Per family, one variant for each distinct layout (deck size, players,
    ladder, and the slices present), the first in the registry's order."""
    out: dict[str, list[tuple[str, Rules]]] = {f: [] for f in FAMILIES}
    seen: set[tuple[object, ...]] = set()
    for v in variants():
        rules = load_rules(v.id)
        lay = layout(rules)
        key = (rules.family, tuple((s.name, s.size) for s in lay.slices))
        if key not in seen:
            seen.add(key)
            out[rules.family].append((v.id, rules))
    return out


def tables() -> str:
    lines: list[str] = [BEGIN, ""]
    shapes = _shapes()
    for family in FAMILIES:
        lines.append(f"### {family} (encoding version {VERSIONS[family]})")
        lines.append("")
        group = shapes[family]
        head = "| slice | size | meaning | " + " | ".join(v for v, _ in group) + " |"
        lines.append(head)
        lines.append("|---|---|---|" + "---|" * len(group))
        lines.append(
            "| (D, n, L) | | deck size, players, bid ladder | "
            + " | ".join(
                f"{len(r.deck)}, {r.num_players}, {len(ActionSpace.of(r).ladder)}" for _, r in group
            )
            + " |"
        )
        names: list[str] = []
        meaning: dict[str, str] = {}
        formula: dict[str, str] = {}
        for lay in [layout(r) for _, r in group] + [info_layout(group[0][1])]:
            for s in lay.slices:
                if s.name not in meaning:
                    names.append(s.name)
                    meaning[s.name] = s.meaning
                    formula[s.name] = s.formula
        for name in names:
            cells = []
            for _, rules in group:
                lay = info_layout(rules)
                if name in lay:
                    start = lay.offset(name)
                    cells.append(f"{start}:{start + lay.width(name)}")
                else:
                    cells.append("–")
            row = f"| `{name}` | {formula[name]} | {meaning[name]} | "
            lines.append(row + " | ".join(cells) + " |")
        lines.append(
            "| **sizes** | | observation / information state | "
            + " | ".join(f"{layout(r).size} / {info_layout(r).size}" for _, r in group)
            + " |"
        )
        lines.append("")
    lines.append("### Every variant")
    lines.append("")
    lines.append("| variant | family | D | n | actions | observation | information state |")
    lines.append("|---|---|---|---|---|---|---|")
    for v in variants():
        r = load_rules(v.id)
        lines.append(
            f"| `{v.id}` | {r.family} | {len(r.deck)} | {r.num_players} | "
            f"{ActionSpace.of(r).n} | {layout(r).size} | {info_layout(r).size} |"
        )
    lines += ["", END]
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover
    print(tables())

"""Options as the terminal shows them: their meaning without references to the
source repository's files, and the value an unset one works out to. Which
options apply to a variant is the rules' own fact (:mod:`followsuit.rules.scope`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from rich.text import Text

from ..rules import Rules
from ..rules.pitch_points import pitch_categories

#: A reference to the rule book of the source repository, which a player of the
#: installed package does not have (``followsuit rules ID`` is what ships).
REPO_REFERENCE = re.compile(r"\s*\(?RULES\.md(?: §[\d.]+)?\)?")


def plain_doc(text: str) -> str:
    """An option's meaning without references to files of the source repository."""
    return REPO_REFERENCE.sub("", text).strip()


def value_here(rules: Rules, name: str) -> str:
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


def option_head(rules: Rules, name: str) -> Text:
    """``name = value``, as ``followsuit rules ID`` heads an option and the table's
    ``rules`` command lists it (an unset option's value as it works out here)."""
    head = Text()
    head.append(name, style="bold")
    head.append(f" = {value_here(rules, name)}")
    return head

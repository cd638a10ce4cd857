"""Options as the terminal shows them: their meaning without references to the
source repository's files, and their value in words (:mod:`.option_words`). Which
options apply to a variant is the rules' own fact (:mod:`followsuit.rules.scope`).
"""

from __future__ import annotations

import re

from rich.text import Text

from ..rules import Rules
from .layout import flow
from .option_words import value_words

#: A reference to the rule book of the source repository, which a player of the
#: installed package does not have (``followsuit rules ID`` is what ships).
REPO_REFERENCE = re.compile(r"\s*\(?RULES\.md(?: §[\d.]+)?\)?")


def plain_doc(text: str) -> str:
    """An option's meaning without references to files of the source repository."""
    return REPO_REFERENCE.sub("", text).strip()


def option_lines(
    rules: Rules, name: str, width: int, *, lead: str = "", house: bool = False
) -> list[Text]:
    """``name: value in words``, as ``followsuit rules ID`` heads an option and the
    table's ``rules`` command lists it (an unset option's value as it works out
    here; ``house``: marked as a house rule), broken only between the value's
    pieces, never inside one."""
    head = Text(lead)
    head.append(name, style="bold")
    head.append(": ")
    words = value_words(rules, name)
    # the comma goes with its piece, so that a line broken after it ends with it
    pieces = [Text(piece + ("," if k < len(words) - 1 else "")) for k, piece in enumerate(words)]
    if house:
        pieces[-1].append("  (house rule)", style="yellow")
    return flow(pieces, width, lead=head, sep=" ", indent=len(lead) + 4)

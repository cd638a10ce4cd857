"""Plain words: cards as cards, players by name, typed cards read as shown.

The engine speaks the record's notation (``QS``, ``seat 2``), which is right for a
record and wrong for a person at a table. Everything the terminal prints from the
engine (a reason, a narrated action) goes through :func:`styled`; everything the
player types goes through :func:`card_token` first, so that what the table shows
(``10♦``) can be typed back.
"""

from __future__ import annotations

import re

from rich.text import Text

from ..cards import Deck
from ..messages import shown
from .seating import Seating

SUIT_SYMBOL = "♣♦♥♠"
SUIT_STYLE = ("bold", "bold red", "bold red", "bold")
#: Other spellings of the suit symbols a keyboard or a font may give.
SUIT_ALIASES = {"♧": "C", "♢": "D", "♡": "H", "♤": "S"}
RANKS = frozenset("23456789TJQKA")

#: A card code of the record notation inside a sentence.
CODE = re.compile(r"\b(?:[2-9TJQKA][CDHS]|JK|BJ|LJ)\b")
SEAT = re.compile(r"\bseat (\d+)('s)?")
NOT_HELD = re.compile(r"^(\S+) is not in seat (\d+)'s hand$")


def card_label(code: str) -> str:
    """``TD`` → ``10♦``; a joker keeps its code."""
    if len(code) != 2 or code[1] not in "CDHS":
        return code
    rank = "10" if code[0] == "T" else code[0]
    return rank + SUIT_SYMBOL["CDHS".index(code[1])]


def card_style(code: str) -> str:
    if len(code) != 2 or code[1] not in "CDHS":
        return "bold magenta"
    return SUIT_STYLE["CDHS".index(code[1])]


def card(deck: Deck, index: int, *, dim: bool = False) -> Text:
    """One card as the table shows it, in its colour (dim: not playable now)."""
    code = deck.codes[index]
    return Text(card_label(code), style="dim" if dim else card_style(code))


def card_token(word: str) -> str:
    """A typed card in record notation: ``10d``, ``10♦``, ``♦10``, ``Q♠``, ``td`` →
    ``TD``, ``QS``; other words unchanged."""
    w = word.strip()
    if len(w) == 1 and (w in SUIT_ALIASES or w in SUIT_SYMBOL):
        return SUIT_ALIASES.get(w) or "CDHS"[SUIT_SYMBOL.index(w)]  # a suit alone
    for symbol, letter in SUIT_ALIASES.items():
        w = w.replace(symbol, letter)
    for k, symbol in enumerate(SUIT_SYMBOL):
        w = w.replace(symbol, "CDHS"[k])
    up = w.upper()
    if len(up) >= 2 and up[0] in "CDHS" and (up[1:] == "10" or up[1:] in RANKS):
        up = up[1:] + up[0]  # the suit written first
    if up.startswith("10") and len(up) == 3 and up[2] in "CDHS":
        up = "T" + up[2]
    if CODE.fullmatch(up):
        return up
    return word


def styled(text: str, deck: Deck | None = None, style: str = "") -> Text:
    """``text`` with every card code in it shown as a card, in its colour."""
    out = Text(style=style)
    at = 0
    for m in CODE.finditer(text):
        code = m.group(0)
        if deck is not None and code not in deck.by_code:
            continue
        out.append(text[at : m.start()])
        out.append(card_label(code), style=card_style(code))
        at = m.end()
    out.append(text[at:])
    return out


def plain_reason(reason: str, seating: Seating) -> str:
    """An engine reason with players named: ``AS is not in seat 2's hand`` → ``you
    do not hold AS`` (for the human), ``seat 1`` → ``East``."""
    held = NOT_HELD.match(reason)
    if held and int(held.group(2)) == seating.human:
        return f"you do not hold {held.group(1)}"

    def name(m: re.Match[str]) -> str:
        seat = int(m.group(1))
        if not 0 <= seat < seating.n:
            return m.group(0)
        if seat == seating.human:
            return "your" if m.group(2) else "you"
        return seating.name(seat) + (m.group(2) or "")

    return SEAT.sub(name, reason)


def echo(text: str) -> str:
    """A typed line as a message repeats it: one line, cut when long."""
    return shown(text, 30)

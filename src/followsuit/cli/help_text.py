"""``help`` at the prompt: what may be typed in the variant being played.

A Euchre player is not told of jokers, bids or blind piles: the verbs offered are
those of the hand's phases under these rules (:func:`pipeline_for`), and the
cards those of its deck. A test plays every variant and finds each verb a prompt
asked for in its help, and none in help that no prompt can ask for.
"""

from __future__ import annotations

from rich.text import Text

from ..cards import bits
from ..engine.phases import pipeline_for
from ..rules import Rules
from ..text.layout import flow
from .reading import COMMANDS

#: The verbs each phase of a hand may ask for, by the phase's name (the trick
#: play's extras, a blind pile and a suit named for a joker, hang on options).
PHASE_VERBS = {
    "calling": ("pass", "order-up", "call"),
    "alone": ("alone", "partner"),
    "defend-alone": ("defend-alone", "partner"),
    "claims": ("claim-misdeal", "pass"),
    "auction": ("pass", "bid"),
    "moon": ("pass", "bid"),
    "trump": ("trump",),
    "exchange": ("give",),
    "give": ("give",),
    "discard": ("discard",),
    "fill": ("discard",),
    "burn": ("discard",),
    "draw": ("discard", "pass"),
    "call-partner": ("call-partner",),
    "play": ("play",),
}


#: How help writes a verb that reads the same under every rule (the calls,
#: order-up and bids depend on the variant's options and are written in full).
PLAIN_CALLS = {
    "alone": "alone",
    "defend-alone": "defend-alone",
    "partner": "partner (play with your partner)",
    "claim-misdeal": "claim-misdeal",
    "trump": "trump S (or just S)",
    "discard": "discard 9C 10D (or just the cards)",
    "give": "give AS (or just the cards)",
    "play-pile": "pile (the top card of your blind pile)",
    "call-partner": "call-partner AH (or just AH)",
}


def verbs_of(rules: Rules) -> set[str]:
    """The verbs a player of these rules may be asked for in a hand."""
    words = {word for phase in pipeline_for(rules) for word in PHASE_VERBS.get(phase.name, ())}
    s = rules.settings
    if s.follow == "blind_pitch":
        words.add("play-pile")
    if s.trump_declaration == "pitched" and s.joker_pitched == "name_suit" and s.jokers:
        words.add("trump")
    return words


def help_lines(rules: Rules, width: int) -> list[Text]:
    """``help``: what may be typed in this variant (no jokers, bids or piles where
    there are none), then the commands of every prompt, each item whole."""
    verbs = verbs_of(rules)
    s = rules.settings
    alone = s.euchre_alone_timing == "with_call" and not s.maker_always_alone
    deck = rules.deck
    jokers = sorted({deck.codes[c] for c in bits(deck.joker_mask)})
    cards = ["10♦, 10D or TD", "Q♠ or QS"]
    if jokers:
        cards.append(("the joker " if len(jokers) == 1 else "jokers ") + " ".join(jokers))
    calls = ["pass"] if "pass" in verbs else []
    if "order-up" in verbs:
        calls += ["order-up", "order-up alone"] if alone else ["order-up"]
    if "call" in verbs:
        calls += ["call H (or just H, hearts, ♥)"] + (["call H alone"] if alone else [])
    calls += [
        PLAIN_CALLS[v] for v in ("alone", "defend-alone", "partner", "claim-misdeal") if v in verbs
    ]
    if "bid" in verbs:
        ladder = [b.label for b in rules.bids]
        numbers = [label for label in ladder if label.isdigit()]
        named = [label for label in ladder if not label.isdigit()]
        if s.moon_rule == "declared" and "moon" not in named:
            named.append("moon")
        calls += [f"bid {numbers[0]}"] if numbers else []
        calls += [f"bid {label}" for label in named]
        if named:
            calls[-1] += f" (or just {', '.join(named)})"
    calls += [
        PLAIN_CALLS[v]
        for v in ("trump", "discard", "give", "play-pile", "call-partner")
        if v in verbs
    ]
    lines = [Text("Type the number of a choice, or the action itself:")]
    lines += flow(cards, width, lead="  a card as shown: ", sep=", ")
    lines += flow(calls, width, lead="  ", sep=" · ")
    lines.append(Text("At any prompt:"))
    for name, what in COMMANDS.items():
        lines += flow(what.split(" "), width, lead=f"  {name:<6} ", sep=" ")
    return lines

"""The variant declaration and the resolved, validated rules of one game.

A :class:`Variant` is data: an id, a parent, and the option values it sets on the
common model (RULES.md §1). :func:`make_rules` merges the parent chain with a
player's house rules and checks the result, giving a frozen :class:`Rules` whose
typed :class:`~followsuit.rules.settings.Settings` the engine reads. Nothing here
knows how a game is played; it only says *which* rules.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from types import MappingProxyType
from typing import Any

from ..cards import Deck, find_deck
from .bids import LADDERS, Bid, top_number
from .options import OPTIONS, OptionError, user_options
from .pitch_points import points_per_hand
from .settings import Settings


@dataclass(frozen=True)
class Variant:
    """One variant id of RULES.md §0.1, as a declaration on the common model.

    ``settings`` are option values over the parent's; ``fixed`` names options a
    player may not change here; ``choices`` narrows the values a player may pick.
    """

    id: str
    title: str
    summary: str
    parent: str | None = None
    settings: Mapping[str, Any] = field(default_factory=dict)
    fixed: frozenset[str] = frozenset()
    choices: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    aliases: tuple[str, ...] = ()
    #: Options whose value decides another option (``cutthroat_deck`` decides
    #: ``deck``; ``jokers`` 1 or 2 decides ``STD53`` or ``STD54``), so that one house
    #: rule is one option: ``{source: target}`` copies the value, ``{source: (target,
    #: {value: target value})}`` maps it.
    links: Mapping[str, Any] = field(default_factory=dict)
    #: Settings that apply with a given number of players (a modifier of 3- and
    #: 4-player Pitch plays by the partnership rules with four).
    by_players: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)


#: Options that belong to the variant unless it opens them with ``choices``.
STRUCTURAL = frozenset({"num_players", "partnership", "deck", "hand_size"})


@dataclass(frozen=True, eq=False)
class Rules:
    """Everything the engine needs to know about one game's rules.

    ``settings`` holds the value of every option; ``overrides`` the ones the player
    changed from the variant (what a record's ``options`` holds).
    """

    variant: Variant
    settings: Settings
    overrides: Mapping[str, Any]
    lineage: tuple[Variant, ...]

    def __eq__(self, other: object) -> bool:
        # the overrides too: a compiled program (cached by rules) keeps its rules,
        # and a game's record writes their overrides, which must not be another
        # equal game's loaded earlier
        return (
            isinstance(other, Rules)
            and self.variant.id == other.variant.id
            and self.settings == other.settings
            and self.overrides == other.overrides
        )

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickled (and deep-copied) as what loads them again: the variant's id and
        the player's options. Their fields hold read-only mappings that pickle
        refuses, and the loaded rules are the registry's cached ones, which the
        engine's compiled tables are keyed by."""
        from .registry import load_rules

        return (load_rules, (self.variant.id, dict(self.overrides)))

    @cached_property
    def _hash(self) -> int:
        """Rules key the compiled programs and deal layouts: hash them once."""
        return hash((self.variant.id, self.settings))

    @property
    def id(self) -> str:
        return self.variant.id

    @property
    def family(self) -> str:
        return self.settings.family

    @property
    def num_players(self) -> int:
        return self.settings.num_players

    @cached_property
    def deck(self) -> Deck:
        return find_deck(self.settings.deck)

    @cached_property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The scoring units, each a tuple of seats, ordered by their lowest seat."""
        n = self.num_players
        if self.settings.partnership == "pairs_opposite":
            half = n // 2
            return tuple((i, i + half) for i in range(half))
        return tuple((i,) for i in range(n))

    @cached_property
    def side_of(self) -> tuple[int, ...]:
        out = [0] * self.num_players
        for k, seats in enumerate(self.sides):
            for s in seats:
                out[s] = k
        return tuple(out)

    @cached_property
    def partners(self) -> tuple[int | None, ...]:
        """Each seat's partner (None without one: no partnerships, a called one)."""
        out: list[int | None] = [None] * self.num_players
        for side in self.sides:
            if len(side) == 2:
                out[side[0]], out[side[1]] = side[1], side[0]
        return tuple(out)

    @cached_property
    def packets(self) -> tuple[tuple[int, ...], ...]:
        """Deal rounds, each a packet size per seat in deal order (eldest first)."""
        return packets_of(self.settings)

    @cached_property
    def bids(self) -> tuple[Bid, ...]:
        """The auction's bid ladder, lowest first (empty without an auction)."""
        return LADDERS[self.settings.bid_ladder](self.settings)

    def value(self, name: str) -> Any:
        """An option's value by name (for the edges that list options by name)."""
        return getattr(self.settings, name)

    def describe(self, name: str) -> str:
        return OPTIONS[name].format(self.value(name))


def packets_of(settings: Settings) -> tuple[tuple[int, ...], ...]:
    """The deal rounds: the variant's ``deal_packets``, or the default for its size."""
    if settings.deal_packets is not None:
        return settings.deal_packets
    return default_packets(settings.num_players, settings.hand_size)


def default_packets(n: int, size: int) -> tuple[tuple[int, ...], ...]:
    """Euchre's alternating 3-2 deal for five cards, otherwise packets of three."""
    if size == 5:
        first = tuple(3 if i % 2 == 0 else 2 for i in range(n))
        return first, tuple(5 - p for p in first)
    rounds = []
    left = size
    while left:
        take = min(3, left)
        rounds.append((take,) * n)
        left -= take
    return tuple(rounds)


def make_rules(lineage: tuple[Variant, ...], overrides: Mapping[str, Any] | None = None) -> Rules:
    """Resolve a variant (given with its ancestors, root first) and house rules.

    Raises :class:`OptionError` naming the option for an unknown name, a bad value
    or a value the variant does not allow.
    """
    variant = lineage[-1]
    values: dict[str, Any] = {name: opt.default for name, opt in OPTIONS.items()}
    fixed: set[str] = set(STRUCTURAL)
    choices: dict[str, tuple[Any, ...]] = {}
    links: dict[str, Any] = {}
    by_players: dict[int, dict[str, Any]] = {}
    for v in lineage:
        values.update(v.settings)
        fixed |= v.fixed
        for name, allowed in v.choices.items():
            choices[name] = allowed
            fixed.discard(name)
        links.update(v.links)
        for count, extra in v.by_players.items():
            by_players.setdefault(count, {}).update(extra)
    family = values["family"]

    clean = coerce_overrides(overrides or {}, family, variant.id)
    for name, value in clean.items():
        opt = OPTIONS[name]
        if name in fixed and value != values[name]:
            raise OptionError(
                f"option {name}: {variant.id} is played with {opt.format(values[name])}; "
                "it cannot be changed in this variant",
                name,
            )
        if name in choices and value not in choices[name]:
            allowed_text = ", ".join(opt.format(c) for c in choices[name])
            raise OptionError(
                f"option {name}: {opt.format(value)} is not allowed in {variant.id}; "
                f"allowed values: {allowed_text}",
                name,
            )
    _follow_the_minimum(values, clean)
    values.update(clean)
    for name, value in by_players.get(values["num_players"], {}).items():
        if name not in clean:
            values[name] = value
    for source, target in links.items():
        if isinstance(target, tuple):
            target, mapping = target
            if values[source] in mapping:
                values[target] = mapping[values[source]]
        else:
            values[target] = values[source]
    if values["target_score"] is None and values["timed_also_target"]:
        # "target_score then defaults to the parent's" (RULES.md euchre/timed)
        inherited = [v.settings["target_score"] for v in lineage if v.settings.get("target_score")]
        values["target_score"] = inherited[-1] if inherited else 10
    settings = Settings(**{name: OPTIONS[name].coerce(value) for name, value in values.items()})
    for derive in DERIVED:
        settings = derive(settings, clean)
    rules = Rules(variant, settings, MappingProxyType(clean), lineage)
    _check(rules)
    return rules


def _follow_the_minimum(values: dict[str, Any], clean: Mapping[str, Any]) -> None:
    """A variant's ``stuck_bid`` that only restates its minimum bid follows the
    player's minimum (RULES.md §1.10, §4.4: ``stuck_bid`` defaults to the minimum):
    it becomes unset, the minimum, unless the player sets it too. ``values`` are
    the variant's, before the player's options."""
    minimum = "min_bid" if values["family"] == "pitch" else "be_min_bid"
    if minimum in clean and "stuck_bid" not in clean and values["stuck_bid"] == values[minimum]:
        values["stuck_bid"] = None


def coerce_overrides(overrides: Any, family: str, variant_id: str) -> dict[str, Any]:
    """Each house rule checked and converted by its option (an unknown name, or one
    another family's, is refused with a close match when there is one)."""
    if not isinstance(overrides, Mapping):
        raise OptionError(f"options must be a mapping of names to values, not {_kind(overrides)}")
    clean: dict[str, Any] = {}
    for name, raw in overrides.items():
        if not isinstance(name, str):
            raise OptionError(f"option names are text, not {_kind(name)}")
        opt = OPTIONS.get(name)
        if opt is None or not opt.user or family not in opt.families:
            raise OptionError(_unknown_message(name, family, variant_id), name)
        clean[name] = opt.coerce(raw)
    return clean


def _kind(value: Any) -> str:
    return type(value).__name__


def _razzle_sizes(s: Settings, clean: Mapping[str, Any]) -> Settings:
    """Razzle-Dazzle: cards each and kitty by the number of players."""
    if not s.kitty_size and s.exchange != "razzle":
        return s
    table = {row[0]: row[1:] for row in s.razzle_hand_size if len(row) == 3}
    n = s.num_players
    if n not in table:
        blame = "razzle_hand_size" if "razzle_hand_size" in clean else "num_players"
        raise OptionError(
            f"option razzle_hand_size: no hand and kitty size for {n} players", option=blame
        )
    hand, kitty = table[n]
    packets = s.deal_packets
    if "deal_packets" not in clean:
        rounds = {9: (3, 3, 3), 8: (3, 3, 2), 7: (3, 2, 2)}.get(hand)
        packets = tuple((p,) * n for p in rounds) if rounds else None
    return replace(s, hand_size=hand, kitty_size=kitty, deal_packets=packets)


def _ten_point_targets(s: Settings, clean: Mapping[str, Any]) -> Settings:
    """10/11/13-point Pitch: the target is the hand's points × players + 1, and a
    moon is worth the target, unless set (RULES.md pitch/oklahoma-10-point)."""
    if s.family != "pitch" or not s.target_formula or "target_score" in clean:
        return s
    return replace(s, target_score=points_per_hand(s) * s.num_players + 1)


def _oklahoma_hand(s: Settings, clean: Mapping[str, Any]) -> Settings:
    """10-point fill: ``oklahoma_deal`` chosen at the table sets the cards dealt
    (six, or nine for the nine-card forms)."""
    if "oklahoma_deal" in clean and s.exchange == "fill":
        return replace(s, hand_size=6 if s.oklahoma_deal == "six" else 9)
    return s


def _named_for_exchange(s: Settings, clean: Mapping[str, Any]) -> Settings:
    """Pitch with discards after the auction (discard_draw set at the table): the
    maker names trump first, as pitch/discard-draw does (RULES.md §3)."""
    exchanges = s.exchange != "none" or s.discard_draw
    if s.family == "pitch" and exchanges and "trump_declaration" not in clean:
        return replace(s, trump_declaration="named")
    return s


DERIVED = (_razzle_sizes, _oklahoma_hand, _named_for_exchange, _ten_point_targets)


def _unknown_message(name: str, family: str, variant_id: str) -> str:
    known = [o.name for o in user_options(family)]
    close = difflib.get_close_matches(name, known, n=1)
    hint = f"; did you mean {close[0]}?" if close else ""
    return f"unknown option {name!r} for {variant_id}{hint}"


def _check(rules: Rules) -> None:
    """Cross-checks between options that each look fine alone."""
    s = rules.settings
    n = rules.num_players
    if s.partnership == "pairs_opposite" and n % 2:
        raise OptionError(
            f"option partnership: pairs_opposite needs an even number of players, not {n}",
            option="partnership",
        )
    packets = rules.packets
    if s.piles and len(packets) != s.piles:
        raise OptionError(
            f"option deal_packets: a pile card follows each round; {s.piles} rounds needed",
            option="deal_packets",
        )
    if any(len(r) != n for r in packets):
        raise OptionError(
            f"option deal_packets: every round needs one packet per seat ({n})",
            option="deal_packets",
        )
    for seat in range(n):
        total = sum(r[seat] for r in packets)
        if total != s.hand_size:
            raise OptionError(
                f"option deal_packets: seat {seat} would get {total} cards, "
                f"not the hand size {s.hand_size}",
                option="deal_packets",
            )
    needed = (
        n * (s.hand_size + s.piles)
        + (1 if s.upcard else 0)
        + (1 if s.dealer_extra_card else 0)
        + s.kitty_size
    )
    if needed > len(rules.deck) and s.dealer_extra_card and needed - 1 <= len(rules.deck):
        raise OptionError(
            f"option dealer_extra_card: the dealer's extra card would be card {needed}; "
            f"the {rules.deck.name} deck has {len(rules.deck)}",
            option="dealer_extra_card",
        )
    if needed > len(rules.deck):
        raise OptionError(
            f"option num_players: {n} hands of {s.hand_size} need {needed} cards; "
            f"the {rules.deck.name} deck has {len(rules.deck)}",
            option="num_players",
        )
    if s.euchre_alone_timing == "after_exchange" and s.british_dealer_partner_must_go_alone:
        # going alone is decided after the exchange, so "the dealer's partner
        # orders up only by going alone" cannot be kept (RULES.md §4.2)
        blame = (
            "british_dealer_partner_must_go_alone"
            if "british_dealer_partner_must_go_alone" in rules.overrides
            else "euchre_alone_timing"
        )
        raise OptionError(
            f"option {blame}: euchre_alone_timing = after_exchange cannot be played with "
            "british_dealer_partner_must_go_alone = true (the dealer's partner orders up "
            "only by going alone); set british_dealer_partner_must_go_alone=false to use it",
            option=blame,
        )
    exchanges = s.exchange != "none" or s.discard_draw
    if s.family == "pitch" and s.trump_declaration == "pitched" and exchanges:
        raise OptionError(
            f"option trump_declaration: {rules.variant.id} exchanges cards once trump "
            "is known, so trump is named (allowed: named)",
            option="trump_declaration",
        )
    if s.target_score is None and s.game_end_policy != "timed":
        raise OptionError(
            "option target_score: null is only allowed in a timed game", option="target_score"
        )
    _check_bids(rules)


#: The options a hand's points depend on (RULES.md §3): each moves the top bid.
POINT_OPTIONS = (
    "categories",
    "extra_categories",
    "five_value",
    "off_ace",
    "off_trey",
    "ten_point",
    "jokers",
    "point_model",
    "category_profile",
    "category_order",
)


def _blame(rules: Rules, *names: str) -> str:
    """The option an error names: of those the check involves, the first the player
    set (an error names the player's own option), else the first."""
    return next((name for name in names if name in rules.overrides), names[0])


def _check_bids(rules: Rules) -> None:
    """The bid numbers stay within what a hand can make: the lowest bid at most the
    highest, the highest at most the hand's points (tricks in Bid Euchre), a stuck
    dealer's lowest bid on the ladder (RULES.md §1.10)."""
    s = rules.settings
    if s.calling != "auction":
        return
    if s.family == "pitch":
        total = points_per_hand(s)
        # the five-bid's 5 may stand above the hand's points (RULES.md §4.4), also
        # as a plain 5 where a table drops the special bid
        limit = max(total, 5)
        if s.max_bid is not None and s.max_bid > limit:
            blame = _blame(rules, "max_bid", *POINT_OPTIONS)
            raise OptionError(
                f"option {blame}: a bid of {s.max_bid} (max_bid) is more than the "
                f"{total} points of a hand",
                option=blame,
            )
        low = s.min_bid
        ladder: tuple[str, ...] = ("max_bid", "min_bid", "special_bids", *POINT_OPTIONS)
    else:
        low = s.be_min_bid
        ladder = ("be_min_bid", "be_plain_six_allowed", "hand_size")
    numbers = [b.value for b in rules.bids if b.kind in ("plain", "five")]
    top = top_number(s) if s.family == "pitch" else max(numbers, default=low)
    if not numbers:
        blame = _blame(rules, *ladder)
        raise OptionError(
            f"option {blame}: no number can be bid (the lowest bid {low} is above the "
            f"highest, {top})",
            option=blame,
        )
    if s.stuck_bid is not None and not low <= s.stuck_bid <= top:
        blame = _blame(rules, "stuck_bid", *ladder)
        raise OptionError(
            f"option {blame}: a stuck dealer's bid of {s.stuck_bid} (stuck_bid) is not a "
            f"bid here (bids {low} to {top})",
            option=blame,
        )

"""Options that follow another, and errors that name the option the player set.

A variant that writes ``stuck_bid`` equal to its minimum bid only restates the
default (RULES.md §1.10, §4.4: ``stuck_bid`` defaults to the minimum), so the
player's ``min_bid`` moves it too. And when a set of house rules cannot be played
together, the error names one of the options the player gave, not one the
player never touched (the property test below fuzzes that over every variant).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import followsuit
from followsuit.rules import OptionError, load_rules, variants
from followsuit.rules.options import Option, user_options


def test_stuck_bid_follows_the_players_minimum_where_the_variant_restates_it() -> None:
    game = followsuit.new_game("pitch/2-player", {"min_bid": 3})
    assert game.rules.settings.stuck_bid is None  # unset: the lowest bid, now 3
    assert [b.label for b in game.rules.bids] == ["3", "4", "5"]
    # set by the player, it stays, and a bad one is the player's own error
    assert load_rules("pitch/2-player", {"min_bid": 3, "stuck_bid": 4}).settings.stuck_bid == 4
    with pytest.raises(OptionError) as err:
        load_rules("pitch/2-player", {"min_bid": 3, "stuck_bid": 2})
    assert err.value.option == "stuck_bid"
    # without a new minimum, the variant's own stuck bid is kept
    assert load_rules("pitch/2-player").settings.stuck_bid == 2


def test_the_error_names_the_option_the_player_set() -> None:
    with pytest.raises(OptionError) as err:
        load_rules("pitch/partnership-4p", {"categories": "OFF_ACE"})
    assert err.value.option == "categories"
    assert str(err.value).startswith("option categories: no number can be bid")
    with pytest.raises(OptionError) as err:
        load_rules("pitch/partnership-4p", {"min_bid": 9})
    assert err.value.option == "min_bid"


def _value(opt: Option) -> st.SearchStrategy[Any]:
    if opt.kind == "bool":
        return st.booleans()
    if opt.kind == "enum":
        return st.sampled_from(opt.choices)
    if opt.kind == "int" and opt.choices:
        return st.sampled_from(opt.choices)
    if opt.kind == "int":
        low = opt.minimum if opt.minimum is not None else 0
        return st.integers(low, min(opt.maximum if opt.maximum is not None else 30, low + 30))
    assert opt.kind == "names"
    return st.lists(st.sampled_from(opt.choices), max_size=4, unique=True).map(",".join)


VARIANT_IDS = [v.id for v in variants()]


@st.composite
def house_rules(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    variant = draw(st.sampled_from(VARIANT_IDS))
    family = load_rules(variant).family
    options = [o for o in user_options(family) if o.kind in ("bool", "enum", "int", "names")]
    chosen = draw(st.lists(st.sampled_from(options), min_size=1, max_size=3, unique=True))
    return variant, {o.name: draw(_value(o)) for o in chosen}


@settings(max_examples=2000, deadline=None)
@given(house_rules())
def test_a_refusal_names_one_of_the_players_options(case: tuple[str, dict[str, Any]]) -> None:
    variant, options = case
    try:
        load_rules(variant, options)
    except OptionError as exc:
        assert exc.option in options, (variant, options, str(exc))
        assert str(exc).startswith(f"option {exc.option}: ") or exc.option in str(exc)

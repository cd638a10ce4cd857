"""Rules as data: the option catalogue, validation, the registry."""

from __future__ import annotations

import pytest

import followsuit
from followsuit.rules import OPTIONS, OptionError, find_variant, load_rules, variants
from followsuit.rules.options import user_options


def test_registry_finds_ids_and_aliases() -> None:
    assert find_variant("euchre/american").id == "euchre/american"
    assert find_variant("Euchre").id == "euchre/american"
    assert next(v.id for v in variants()) == "euchre/american"


def test_unknown_variant_suggests() -> None:
    with pytest.raises(followsuit.UnknownVariant, match="did you mean euchre/american"):
        find_variant("euchre/americn")


def test_defaults_of_american_euchre() -> None:
    r = load_rules("euchre/american")
    assert r.num_players == 4 and r.deck.name == "EUCHRE24" and r.settings.hand_size == 5
    assert r.settings.target_score == 10 and r.settings.stick_the_dealer is False
    assert r.sides == ((0, 2), (1, 3))
    assert r.packets == ((3, 2, 3, 2), (2, 3, 2, 3))
    assert r.settings.euchre_points == (1, 2, 4, 2)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"stick_the_dealer": "maybe"},
            "option stick_the_dealer: 'maybe' is not allowed; expected true or false",
        ),
        (
            {"euchre_lone_lead": "north"},
            "option euchre_lone_lead: 'north' is not allowed; allowed values: next_active_left_of_dealer, left_of_loner",
        ),
        ({"target_score": 0}, "option target_score: 0 is too small"),
        ({"target_score": "ten"}, "option target_score: 'ten' is not an integer"),
        ({"euchre_points": {"made": 1}}, "option euchre_points:"),
        (
            {"stick_the_dealr": True},
            "unknown option 'stick_the_dealr' for euchre/american; did you mean stick_the_dealer?",
        ),
        ({"calling": "auction"}, "unknown option 'calling'"),
        ({"num_players": 3}, "option num_players: euchre/american is played with 4"),
        (
            {"deal_packets": [[3, 3, 3, 3]]},
            "option deal_packets: seat 0 would get 3 cards, not the hand size 5",
        ),
        (
            {"deal_packets": [[5, 5, 5]]},
            "option deal_packets: every round needs one packet per seat (4)",
        ),
        ({"deal_packets": "[[0]]"}, "option deal_packets: [[0]] is not allowed"),
    ],
)
def test_bad_options_are_clear_errors(options: dict, message: str) -> None:
    with pytest.raises(OptionError) as exc:
        load_rules("euchre/american", options)
    assert message in str(exc.value)


def test_option_values_are_coerced_from_text() -> None:
    r = load_rules(
        "euchre/american",
        {
            "stick_the_dealer": "true",
            "target_score": "15",
            "euchre_points": '{"made": 1, "march": 2, "alone_march": 5, "euchred": 2}',
        },
    )
    assert r.settings.stick_the_dealer is True and r.settings.target_score == 15
    assert r.settings.euchre_points == (1, 2, 5, 2)
    assert r.overrides["target_score"] == 15


def test_custom_deal_packets() -> None:
    r = load_rules("euchre/american", {"deal_packets": [[2, 2, 2, 2], [3, 3, 3, 3]]})
    assert r.packets == ((2, 2, 2, 2), (3, 3, 3, 3))


def test_every_euchre_option_of_rules_md_4_2_exists() -> None:
    names = {o.name for o in user_options("euchre")}
    for name in [
        "euchre_all_pass_redeal",
        "stick_the_dealer",
        "euchre_alone_allowed_for",
        "euchre_lone_lead",
        "euchre_points",
        "cutthroat_points",
        "cutthroat_deck",
        "british_joker_upcard_choose_blind",
        "british_joker_upcard_alone_allowed",
        "british_dealer_partner_must_go_alone",
        "euchre_alone_timing",
        "dealer_may_discard_upcard",
        "defend_alone",
        "defend_alone_euchre_points",
        "super_euchre",
    ]:
        assert name in names, name


def test_every_option_has_a_valid_default() -> None:
    for opt in OPTIONS.values():
        if opt.default is not None:
            assert opt.coerce(opt.default) == opt.default, opt.name


def test_every_option_value_reads_back_as_it_is_written() -> None:
    """What ``format`` writes (``followsuit rules`` shows, the web form fills in) is
    what ``coerce`` reads back, for every option of every variant."""
    import followsuit
    from followsuit.rules.options import OPTIONS

    for variant in followsuit.variants():
        rules = followsuit.load_rules(variant.id)
        for name, opt in OPTIONS.items():
            value = rules.value(name)
            if value is None and not opt.nullable:
                continue
            assert opt.coerce(opt.format(value)) == value, (variant.id, name)

"""Which of a family's options mean something in a given variant.

The option catalogue says which family may set an option; within a family many
options only matter once another rule is in play (the British joker options
need the joker turned up, the timed options a timed game, the smudge points a
smudge bid). This module holds, for each such option, the rule it depends on;
an option not listed applies wherever its family plays. ``followsuit rules ID``,
the in-game ``rules`` command and the web table's option form read it.
"""

from __future__ import annotations

from collections.abc import Callable

from .model import Rules
from .options import Option, user_options
from .pitch_points import pitch_categories
from .settings import Settings

Test = Callable[[Settings], bool]


def _categories(*names: str) -> Test:
    return lambda s: any(c in pitch_categories(s) for c in names)


def _special(name: str) -> Test:
    return lambda s: name in s.special_bids


def _timed(s: Settings) -> bool:
    return s.game_end_policy == "timed"


def _four_handed_euchre(s: Settings) -> bool:
    return not s.maker_always_alone


def _joker_turned(s: Settings) -> bool:
    return s.joker_upcard


def _moon(s: Settings) -> bool:
    return s.moon_rule != "off" or "MOON" in s.special_bids


def _new_yorker(s: Settings) -> bool:
    return s.exchange == "new_yorker"


#: The rule each option depends on.
DEPENDS: dict[str, Test] = {
    "time_limit_seconds": _timed,
    "timed_also_target": _timed,
    "renege_penalty": lambda s: s.renege_mode == "penalize",
    "category_order": lambda s: s.nonmaker_tie_break == "order_of_points",
    "euchre_points": lambda s: s.scoring == "euchre_table",
    "super_euchre": lambda s: s.scoring == "euchre_table",
    "cutthroat_points": lambda s: s.scoring == "cutthroat_table",
    "cutthroat_deck": lambda s: s.scoring == "cutthroat_table",
    "euchre_alone_allowed_for": _four_handed_euchre,
    "euchre_lone_lead": _four_handed_euchre,
    "euchre_alone_timing": _four_handed_euchre,
    "defend_alone": _four_handed_euchre,
    "defend_alone_order": lambda s: s.defend_alone,
    "defend_alone_euchre_points": lambda s: s.defend_alone,
    "british_joker_upcard_choose_blind": _joker_turned,
    "british_joker_upcard_alone_allowed": _joker_turned,
    "british_dealer_partner_must_go_alone": _joker_turned,
    "stuck_bid": lambda s: s.dealer_stuck,
    "ace_no_face_rule": lambda s: s.ace_no_face,
    "ace_no_face_joker_is_face": lambda s: s.ace_no_face and s.deck == "EUCHRE25",
    "be_joker_discard_timing": lambda s: s.dealer_extra_card,
    "dealer_match_levels": lambda s: s.dealer_may_match,
    "dealer_match_ends_auction": lambda s: s.dealer_may_match and s.bid_rounds == "continuous",
    "joker_pitched": lambda s: s.jokers > 0,
    "joker_order": lambda s: s.jokers == 2,
    "joker_rank": lambda s: s.jokers > 0,
    "category_profile": lambda s: not s.ten_point and s.categories is None,
    "point_model": lambda s: s.ten_point,
    "high_credit": _categories("HIGH"),
    "low_credit": _categories("LOW"),
    "high_low_eligibility": _categories("HIGH", "LOW"),
    "game_tie_rule": _categories("GAME"),
    "five_value": _categories("FIVE"),
    "nine_value": _categories("NINE"),
    "moon_success": _moon,
    "moon_value": _moon,
    "smudge_points": _special("SMUDGE"),
    "blind_smudge_points": _special("BLIND_SMUDGE"),
    "fill_recipient": lambda s: s.exchange == "fill",
    "oklahoma_deal": lambda s: s.ten_point,
    "bidder_may_pass_to_partner": lambda s: s.ten_point and s.oklahoma_deal == "nine_select",
    "misdeal_only_4_to_9": lambda s: s.ten_point and s.oklahoma_deal != "six",
    "base_points": lambda s: s.call_partner,
    "called_card_must_be_trump": lambda s: s.call_partner,
    "called_card_first_trick": lambda s: s.call_partner,
    "razzle_hand_size": lambda s: s.exchange == "razzle",
    "two_player_throw_in": lambda s: s.num_players == 2,
    "new_yorker_junk_hand": _new_yorker,
    "junk_hand_ranks": _new_yorker,
    "new_yorker_moon_scoring": _new_yorker,
    "new_yorker_moon_alone": _new_yorker,
    "discard_limited_by_stock": lambda s: _new_yorker(s) or s.discard_draw,
    "blind_opening_lead_from_hand": lambda s: s.piles > 0,
    "blind_pile_on_first_trick": lambda s: s.piles > 0,
}


def applies(option: Option, rules: Rules) -> bool:
    test = DEPENDS.get(option.name)
    return test is None or test(rules.settings)


def options_for(rules: Rules, *, everything: bool = False) -> list[Option]:
    """The family's options that apply to ``rules`` (``everything``: all of them)."""
    return [o for o in user_options(rules.family) if everything or applies(o, rules)]

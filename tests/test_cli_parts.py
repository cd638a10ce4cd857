"""The terminal's parts in-process: reading typed lines, plain words, the table's
layout, the option scope, the record keeper, hints. (The whole game in a
pseudo-terminal is tests/test_cli_pty.py.)"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest
from rich.text import Text

import followsuit
from followsuit import record
from followsuit.bots import make_bot
from followsuit.cli.args import (
    UsageError,
    parse_options,
    parse_seat,
    parse_think_ms,
    resolve_variant,
)
from followsuit.cli.hints import Hinter
from followsuit.cli.keeping import RecordKeeper
from followsuit.cli.reading import Choice, Command, Problem, Reader
from followsuit.engine import State
from followsuit.engine import actions as A
from followsuit.engine.observation import Observation
from followsuit.rules.scope import options_for
from followsuit.text.layout import flow
from followsuit.text.option_scope import plain_doc
from followsuit.text.seating import Seating
from followsuit.text.summary import HandSummary
from followsuit.text.table import TableView
from followsuit.text.turn import TurnView
from followsuit.text.words import card_label, card_token, plain_reason


def advance(variant: str, until: Callable[[State], bool], seeds: range = range(1, 200)) -> State:
    """A game of rules bots stopped at the first state ``until`` accepts."""
    for seed in seeds:
        state = followsuit.new_game(variant, seed=seed)
        bot = make_bot("rules")
        while not state.is_over():
            if until(state):
                return state
            seat = state.current_player
            assert seat is not None
            state.apply(bot.choose(state.observation(seat)))
    raise AssertionError(f"no {variant} game reached the state asked for")


def seating_for(state: State) -> Seating:
    seat = state.current_player
    assert seat is not None
    n = state.n
    return Seating.of(
        n, seat, ["rules" if k != seat else None for k in range(n)], state.rules.sides
    )


def verbs(state: State) -> set[str]:
    out = set()
    for a in state.legal_actions():
        verb = A.verb_of(a)
        assert verb is not None
        out.add(verb.word)
    return out


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("10D", "TD"),
        ("10♦", "TD"),
        ("td", "TD"),
        ("♦10", "TD"),
        ("q♠", "QS"),
        ("Q♤", "QS"),
        ("jk", "JK"),
        ("♥", "H"),
        ("pass", "pass"),
    ],
)
def test_cards_typed_as_shown(typed: str, code: str) -> None:
    assert card_token(typed) == code


def test_a_bare_card_at_a_give_prompt() -> None:
    state = advance("bid-euchre/standard", lambda s: "give" in verbs(s))
    reader = Reader(state, seating_for(state), [])
    gives = [a for a in state.legal_actions() if A.is_give(a)]
    cards = [state.rules.deck.codes[c] for c in range(64) if A.cards_of(gives[0]) >> c & 1]
    shown = " ".join(("10" + c[1]) if c[0] == "T" else c for c in cards)
    reading = reader.read(shown.lower())
    assert isinstance(reading, Choice) and reading.action == gives[0]


def test_a_bare_card_at_a_call_partner_prompt() -> None:
    state = advance("pitch/call-your-partner", lambda s: "call-partner" in verbs(s))
    calls = [a for a in state.legal_actions() if A.verb_of(a) is A.CALL_PARTNER_VERB]
    code = state.rules.deck.codes[A.card_of(calls[0])]
    reading = Reader(state, seating_for(state), []).read(code.lower())
    assert isinstance(reading, Choice) and reading.action == calls[0]


def test_a_list_of_cards_discards_in_the_order_typed() -> None:
    def two_card_discard(s: State) -> bool:
        return any(A.is_discard(a) and A.cards_of(a).bit_count() == 2 for a in s.legal_actions())

    state = advance("pitch/new-yorker", two_card_discard)
    action = next(
        a for a in state.legal_actions() if A.is_discard(a) and A.cards_of(a).bit_count() == 2
    )
    deck = state.rules.deck
    low, high = (c for c in range(64) if A.cards_of(action) >> c & 1)
    reading = Reader(state, seating_for(state), []).read(f"{deck.codes[high]} {deck.codes[low]}")
    assert isinstance(reading, Choice)
    assert reading.action == action and reading.order == (high, low)


def test_a_number_is_always_a_choice() -> None:
    state = advance("bid-euchre/standard", lambda s: "bid" in verbs(s))
    choices = list(state.legal_actions())
    reader = Reader(state, seating_for(state), choices)
    for k, action in enumerate(choices, 1):
        assert reader.read(f" {k} ") == Choice(action)
    assert reader.read("0") == Problem(f"choose a number from 1 to {len(choices)}")
    assert Reader(state, seating_for(state), choices[:1]).read("3") == Problem(
        "there is one choice: type 1"
    )
    assert reader.read("LAST") == Command("last") and reader.read("?") == Command("help")
    assert reader.read("") is None


@pytest.mark.parametrize(
    ("variant", "verb"),
    [
        ("euchre/american", "call"),
        ("bid-euchre/standard", "trump"),
        ("pitch/oklahoma-10-point", "trump"),
    ],
)
def test_a_single_suit_letter_names_the_suit_wherever_a_suit_is_asked(
    variant: str, verb: str
) -> None:
    state = advance(variant, lambda s: verb in verbs(s))
    reader = Reader(state, seating_for(state), [])
    suits = {
        A.suit_of(a): a
        for a in state.legal_actions()
        if A.verb_of(a) is not None and A.verb_of(a).word == verb and not A.verb_of(a).suffix
    }
    assert suits
    for suit, action in suits.items():
        letter = "CDHS"[suit]
        for typed in (letter, letter.lower(), ["clubs", "diamonds", "hearts", "spades"][suit]):
            assert reader.read(typed) == Choice(action), typed
    # where no suit is asked, one line says so and what is asked
    elsewhere = advance("euchre/american", lambda s: "play" in verbs(s) and len(verbs(s)) == 1)
    choices = TurnView(seating_for(elsewhere), TableView(seating_for(elsewhere), "x")).choices(
        elsewhere.observation(elsewhere.current_player or 0)
    )[0]
    reader = Reader(elsewhere, seating_for(elsewhere), choices)
    for typed in ("h", "H", "hearts", "♥"):
        said = reader.read(typed)
        assert isinstance(said, Problem), typed
        if len(choices) > 2:
            assert said.message == f"no suit is asked here: a card to play (1 to {len(choices)})"
        elif len(choices) == 2:
            assert said.message == "no suit is asked here: a card to play (1 or 2)"
        else:
            assert said.message == "no suit is asked here: a card to play"
    assert reader.read("help") == reader.read("?") == Command("help")


# the words of help that stand for each verb a prompt may ask for
HELP_WORDS = {
    "play": "a card as shown",
    "play-pile": "pile (",
    "call": "call H",
    "alone": "alone",
    "partner": "partner (",
    "defend-alone": "defend-alone",
    "order-up": "order-up",
    "pass": "pass",
    "bid": "bid ",
    "trump": "trump S",
    "discard": "discard 9C",
    "give": "give AS",
    "call-partner": "call-partner AH",
    "claim-misdeal": "claim-misdeal",
}


@pytest.mark.parametrize("variant", [v.id for v in followsuit.variants()])
def test_help_names_every_verb_the_game_asks_for_and_no_other(variant: str) -> None:
    """Bots play a few hands (with the house rules that add a step: defending
    alone, a partner going alone); every verb any prompt offered is in help, and
    help offers no verb the game never asks for."""
    from followsuit.cli.help_text import help_lines, verbs_of

    extra: dict[str, object] = {"target_score": 1000}
    if variant.startswith("euchre/") and variant != "euchre/cutthroat":
        extra |= {"defend_alone": True, "euchre_alone_allowed_for": "maker_or_partner"}
    if variant == "euchre/timed":
        extra = {"time_limit_seconds": 600}
    asked: set[str] = set()
    for seed in range(3):
        state = followsuit.new_game(variant, extra, seed=seed)
        bots = [make_bot("random", seed=k) for k in range(state.n)]
        while not state.is_over() and len(state.results) < 4:
            asked |= verbs(state)
            seat = state.current_player
            assert seat is not None
            state.apply(bots[seat].choose(state.observation(seat)))
    rules = state.rules
    text = "\n".join(line.plain for line in help_lines(rules, 80))
    assert all(len(line.plain) <= 80 for line in help_lines(rules, 80))
    for word in asked:
        assert HELP_WORDS[word] in text, (word, text)
    assert asked <= verbs_of(rules) | {"time-up"}, asked - verbs_of(rules)
    deck = rules.deck
    assert ("joker" in text) == bool(deck.joker_mask), text


def test_help_for_a_euchre_player_is_euchre_only() -> None:
    from followsuit.cli.help_text import help_lines

    text = "\n".join(
        line.plain for line in help_lines(followsuit.load_rules("euchre/american"), 80)
    )
    for word in ("joker", "bid", "pile", "call-partner", "give", "trump S", "claim-misdeal"):
        assert word not in text, word
    for word in ("order-up alone", "call H (or just H", "discard 9C"):
        assert word in text, word


def test_discard_and_draw_says_what_pass_does() -> None:
    state = advance("pitch/discard-draw", lambda s: "discard" in verbs(s) and "pass" in verbs(s))
    seating = seating_for(state)
    obs = state.observation(seating.human)
    choices, typed = TurnView(seating, TableView(seating, "x")).choices(obs)
    assert choices == [A.PASS]
    assert typed.startswith("Type the 1 to ")
    assert typed.endswith("and draw as many; or 1 to pass, keeping every card")


def test_typed_words_are_echoed_as_typed() -> None:
    state = advance("euchre/american", lambda s: "play" in verbs(s))
    reading = Reader(state, seating_for(state), []).read("xyzzy")
    assert isinstance(reading, Problem)
    assert reading.message.startswith("not understood: xyzzy")


def test_a_card_not_held_is_named_at_a_discard() -> None:
    def draw_discard(s: State) -> bool:
        return s.phase_name != "play" and "discard" in verbs(s) and "pass" in verbs(s)

    state = advance("pitch/discard-draw", draw_discard)
    seat = state.current_player
    assert seat is not None
    held = state.observation(seat).hand
    deck = state.rules.deck
    other = next(c for c in range(len(deck.codes)) if not held >> c & 1)
    reading = Reader(state, seating_for(state), []).read(f"discard {deck.codes[other]}")
    assert reading == Problem(f"not allowed: you do not hold {deck.codes[other]}")
    reading = Reader(state, seating_for(state), []).read(deck.codes[other])
    assert reading == Problem(f"not allowed: you do not hold {deck.codes[other]}")


def test_a_named_bid_alone_is_that_bid_and_is_explained() -> None:
    state = advance("bid-euchre/standard", lambda s: "bid" in verbs(s))
    legal = state.legal_actions()
    by_text = {state.observation(state.current_player).text(a): a for a in legal}
    reader = Reader(state, seating_for(state), list(legal))
    for label in ("six-help", "moon"):
        assert reader.read(label) == Choice(by_text[f"bid {label}"]), label
    seating = seating_for(state)
    view = TurnView(seating, TableView(seating, "Bid Euchre"))
    obs = state.observation(seating.human)
    shown = "\n".join(line.plain for line in view.screen(obs, list(legal), "", 80))
    assert "six-help: all 6 tricks alone, giving partner a card for their best trump" in (
        shown.replace("\n  ", " ")
    )


def test_reasons_name_the_players() -> None:
    seating = Seating.of(4, 2, ["rules", "rules", None, "rules"], [(0, 2), (1, 3)])
    assert plain_reason("AS is not in seat 2's hand", seating) == "you do not hold AS"
    assert plain_reason("AS is not in seat 1's hand", seating) == "AS is not in East's hand"
    assert plain_reason("it is seat 2's turn to play a card", seating) == (
        "it is your turn to play a card"
    )
    assert plain_reason("seat 3 has no pile to play from", seating) == (
        "West has no pile to play from"
    )


def test_command_line_values() -> None:
    assert parse_think_ms(None) is None and parse_think_ms(" 250 ") == 250
    for bad in ("0", "1.5", "fast", "9" * 30):
        with pytest.raises(UsageError, match="--think-ms"):
            parse_think_ms(bad)
    assert parse_options(["a=1,b=2", "c=3"]) == {"a": "1", "b": "2", "c": "3"}
    assert parse_options(["special_bids=SMUDGE,MOON"]) == {"special_bids": "SMUDGE,MOON"}
    assert parse_options(["deal_packets=[[3,2],[2,3]],x=1"]) == {
        "deal_packets": "[[3,2],[2,3]]",
        "x": "1",
    }
    assert parse_seat("South", 4) == 2 and parse_seat("w", 4) == 3 and parse_seat("1", 4) == 1
    assert parse_seat("player b", 3) == 1 and parse_seat(None, 4) == 2
    with pytest.raises(UsageError, match="choose one of north, east, south, west"):
        parse_seat("up", 4)


@pytest.mark.parametrize(
    ("name", "hint"),
    [
        ("euchre/americn", "did you mean euchre/american?"),
        ("Euchre/Cut", "did you mean euchre/cutthroat?"),
        ("euchre/b", ""),
        ("euchre/brit", "did you mean euchre/british?"),
        ("pitch", None),  # an alias: found
        ("zzz", ""),
        ("bid", ""),
    ],
)
def test_did_you_mean_only_a_close_id(name: str, hint: str | None) -> None:
    if hint is None:
        assert resolve_variant(name).id.startswith("pitch/")
        return
    with pytest.raises(UsageError) as exc:
        resolve_variant(name)
    if hint:
        assert hint in str(exc.value)
    else:
        assert "did you mean" not in str(exc.value)


def test_options_shown_are_the_ones_that_apply() -> None:
    american = {o.name for o in options_for(followsuit.load_rules("euchre/american"))}
    assert "stick_the_dealer" in american
    assert not {"british_joker_upcard_choose_blind", "time_limit_seconds"} & american
    assert "british_joker_upcard_choose_blind" in {
        o.name for o in options_for(followsuit.load_rules("euchre/british"))
    }
    assert "time_limit_seconds" in {
        o.name for o in options_for(followsuit.load_rules("euchre/timed"))
    }
    every = {o.name for o in options_for(followsuit.load_rules("euchre/american"), everything=True)}
    assert american < every
    pitch = {o.name for o in options_for(followsuit.load_rules("pitch/partnership-4p"))}
    assert "smudge_points" not in pitch and "min_bid" in pitch
    assert plain_doc("The named deck (RULES.md §1.1).") == "The named deck."


def test_flow_keeps_items_whole() -> None:
    items = [Text(f"{k}) discard 10♥") for k in range(1, 30)]
    lines = flow(items, 80, lead="Choices: ", sep="   ")
    assert all(line.cell_len <= 80 for line in lines)
    joined = " ".join(line.plain for line in lines)
    for item in items:
        assert item.plain in joined


VARIANTS = [v.id for v in followsuit.variants()]


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_table_fits_80_and_160_columns(variant: str) -> None:
    state = advance(variant, lambda s: s.phase_name == "play" and len(s.trick) >= 1, range(1, 40))
    seating = seating_for(state)
    obs = state.observation(seating.human)
    view = TableView(seating, state.rules.variant.title)
    for width in (80, 160):
        lines = view.draw(obs, width, history=[Text("Hand 1: ♥ North made · N-S +1 E-W 0")])
        assert all(line.cell_len <= width for line in lines), variant
        drawn = "\n".join(line.plain for line in lines)
        for seat in range(state.n):
            assert seating.name(seat) in drawn
        for _seat, card in obs.trick:
            code = state.rules.deck.codes[card]
            label = ("10" + code[1]) if code[0] == "T" else code
            assert label[:-1] in drawn


def test_saving_falls_back_to_the_default_folder(tmp_path: Path) -> None:
    state = followsuit.new_game("euchre/american", seed=1)
    gone = tmp_path / "gone"
    gone.mkdir()
    fallback = tmp_path / "records" / "fallback.json"
    keeper = RecordKeeper(gone / "g.json", fallback, {"seat": 2, "bots": [], "seed": 1})
    keeper.save(state, ["a", "b", "you", "c"])
    assert (gone / "g.json").exists() and keeper.notice is None
    gone.joinpath("g.json").unlink()
    gone.rmdir()
    state.apply(state.legal_actions()[0])
    keeper.save(state, ["a", "b", "you", "c"])
    assert keeper.path == fallback and keeper.failed is None
    assert keeper.notice is not None and str(fallback) in keeper.notice
    assert len(record.replay(record.load(fallback)).log) == 1


class ValuingBot:
    name = "valuing"

    def choose(self, obs: Observation) -> int:
        return obs.legal_actions[-1]

    def values(self, obs: Observation) -> Mapping[int, float]:
        return {a: float(k) for k, a in enumerate(obs.legal_actions)}


def test_hint_shows_a_bots_values_when_it_has_them() -> None:
    state = followsuit.new_game("euchre/american", seed=1)
    seat = state.current_player
    assert seat is not None
    obs = state.observation(seat)
    hinter = Hinter("rules", 1)
    plain = hinter.hint(obs, lambda a: Text(obs.text(a)))
    assert len(plain) == 1 and plain[0].plain.startswith("The rules bot suggests: ")
    hinter.bot = ValuingBot()
    lines = hinter.hint(obs, lambda a: Text(obs.text(a)))
    last = obs.text(obs.legal_actions[-1])
    assert lines[0].plain.endswith(last)
    assert lines[1].plain.strip().startswith(f"+{len(obs.legal_actions) - 1:.2f}")


#: Games whose prompts together ask every verb a player chooses (seed 6 of Bid
#: Euchre has a six-help bid, and so a give).
EVERY_KIND = [
    ("euchre/american", range(1, 6)),
    ("euchre/british", range(1, 6)),
    ("bid-euchre/ace-no-face", range(1, 6)),
    ("bid-euchre/standard", range(6, 7)),
    ("pitch/partnership-4p", range(1, 6)),
    ("pitch/call-your-partner", range(1, 6)),
    ("pitch/blind", range(1, 6)),
    ("pitch/new-yorker", range(1, 6)),
]


def test_a_number_picks_the_numbered_choice_at_every_kind_of_prompt() -> None:
    kinds: set[str] = set()
    for variant, seeds in EVERY_KIND:
        for seed in seeds:
            state = followsuit.new_game(variant, seed=seed)
            bot = make_bot("rules")
            while not state.is_over() and state.hand_no <= 3:
                seating = seating_for(state)
                obs = state.observation(seating.human)
                choices, typed = TurnView(seating, TableView(seating, "")).choices(obs)
                reader = Reader(state, seating, choices, typed)
                for k, action in enumerate(choices, 1):
                    assert reader.read(str(k)) == Choice(action), (variant, k)
                    verb = A.verb_of(action)
                    assert verb is not None
                    kinds.add(verb.word)
                assert isinstance(reader.read(str(len(choices) + 1)), Problem)
                state.apply(bot.choose(obs))
    assert {
        "pass",
        "bid",
        "order-up",
        "call",
        "trump",
        "play",
        "discard",
        "give",
        "call-partner",
        "play-pile",
        "claim-misdeal",
    } <= kinds, kinds


def test_the_table_names_the_lone_hand_and_the_seat_sitting_out() -> None:
    state = advance(
        "euchre/american",
        lambda s: s.phase_name == "play" and s.contract.alone >= 0 and len(s.trick) == 1,
    )
    seat = state.current_player
    assert seat is not None
    seating = seating_for(state)
    obs = state.observation(seat)
    drawn = "\n".join(line.plain for line in TableView(seating, "Euchre").draw(obs, 80))
    assert obs.alone is not None
    loner = seating.name(obs.alone)
    out = next(k for k in range(4) if obs.sitting_out >> k & 1)
    assert f"made by {loner}, alone" in drawn
    assert "alone" in drawn and "sitting out" in drawn
    assert seating.name(out) in drawn
    leader = seating.name(obs.trick[0][0])
    assert f"{leader} led" in drawn


def test_the_table_shows_who_is_where_and_what_they_are() -> None:
    state = advance("euchre/american", lambda s: s.phase_name == "play" and len(s.trick) == 2)
    seating = seating_for(state)
    obs = state.observation(seating.human)
    lines = [line.plain for line in TableView(seating, "Euchre").draw(obs, 80)]
    drawn = "\n".join(lines)
    assert "Score N-S 0 · E-W 0 · game to 10" in drawn
    assert obs.trump is not None and obs.maker is not None
    assert f"made by {seating.name(obs.maker)}" in drawn
    assert "dealer" in drawn and "maker" in drawn and "rules bot" in drawn
    assert f"{seating.name(seating.human)} · you" in drawn
    # the human sits at the bottom, the seat to the human's left on the left
    left = seating.name((seating.human + 1) % 4)
    assert any(line.startswith(left) for line in lines)
    right = seating.name((seating.human - 1) % 4)
    assert any(line.rstrip().endswith(f"{right} · rules bot") for line in lines)


def test_a_pitch_summary_names_every_point() -> None:
    """Each category is credited to a side, or said to be not out; Game with the counts."""
    seen_missing = False
    for seed in range(1, 30):
        state = followsuit.new_game("pitch/partnership-4p", seed=seed)
        bot = make_bot("rules")
        while not state.results:
            seat = state.current_player
            assert seat is not None
            before = state.observation(2)
            state.apply(bot.choose(state.observation(seat)))
        result = state.results[-1]
        if result.redeal:
            continue
        seating = Seating.of(4, 2, ["rules", "rules", None, "rules"], state.rules.sides)
        text = "\n".join(line.plain for line in HandSummary(seating).lines(before, result, 80))
        scored = {c for c, _s, _v in result.details}
        for word in ("High", "Low", "Jack"):
            assert word in text
        assert re.search(r"Game (N-S|E-W|tied, nobody) \(counts N-S \d+, E-W \d+\)", text)
        if "JACK" not in scored:
            assert "not out: Jack" in text
            seen_missing = True
        assert re.search(r"bid \d and took \d points?: (made|set)", text)
    assert seen_missing


STORY_WORDS = {
    "march": r"marche?s?: all",
    "made": r"made",
    "euchred": r"euchred the",
    "set": r": set",
    "moon": r": made",
    "moon set": r": set",
}


@pytest.mark.parametrize(
    "variant", ["euchre/american", "bid-euchre/standard", "pitch/partnership-4p"]
)
def test_the_score_history_says_what_the_summary_said(variant: str) -> None:
    """Each hand of the score sheet carries the word of its end-of-hand summary: a
    hand North's side was euchred on is not 'North made'."""
    seen: set[str] = set()
    for seed in range(1, 12):
        state = followsuit.new_game(variant, seed=seed, options={"target_score": 30})
        bots = [make_bot("rules", seed=k) for k in range(4)]
        seating = Seating.of(4, 2, ["rules", "rules", None, "rules"], state.rules.sides)
        stories = []
        while not state.is_over() and len(state.results) < 6:
            seat = state.current_player
            assert seat is not None
            before = state.observation(2)
            hands = len(state.results)
            state.apply(bots[seat].choose(state.observation(seat)))
            if len(state.results) > hands:
                result = state.results[-1]
                lines = HandSummary(seating).lines(before, result, 200)
                stories.append(lines[0].plain)
        obs = state.observation(2)
        view = TurnView(seating, TableView(seating, "x"))
        sheet = [line.plain for line in view.history(obs)]
        assert len(sheet) == len(stories)
        for line, story, result in zip(sheet, stories, obs.previous, strict=True):
            if result.redeal:
                continue
            word = line.split(": ")[-1].split(" · ")[0]
            assert word in STORY_WORDS, line
            assert re.search(STORY_WORDS[word], story), (line, story)
            assert "made" not in line or "euchred" not in story, (line, story)
            seen.add(word)
            # a Euchre loner is said alone in both
            alone = "alone" in line.split(": ")[-2]
            if variant.startswith("euchre"):
                assert alone == bool(re.search(r"alone|lone maker", story)), (line, story)
            seen |= {"alone"} if alone else set()
    expected = {"made", "euchred"} if variant.startswith("euchre") else {"made", "set"}
    if variant.startswith("euchre"):
        expected.add("alone")
    assert expected <= seen, seen


def test_rules_at_the_prompt_in_the_words_of_followsuit_rules() -> None:
    from rich.console import Console

    from followsuit.cli.rules_cmd import show_variant
    from followsuit.rules import find_variant, load_rules

    console = Console(width=200, record=True, file=open(os.devnull, "w"))  # noqa: SIM115
    show_variant(console, find_variant("euchre/american"))
    heads = {line for line in console.export_text().split("\n") if re.match(r"[a-z_0-9]+: ", line)}
    rules = load_rules("euchre/american", {"stick_the_dealer": True})
    seating = Seating.of(4, 2, ["rules", "rules", None, "rules"], rules.sides)
    view = TurnView(seating, TableView(seating, "x"))
    options = [line.plain.strip() for line in view.rules_in_force(rules, 200)[1:-1]]
    assert "stick_the_dealer: yes  (house rule)" in options
    assert (
        "misdeal_dealer: the next dealer after a claim, the same after a misdeal the engine finds"
        in options
    )
    assert "deal_packets: 3-2-3-2, then 2-3-2-3" in options
    assert "deck: 24 cards, 9 to A of each suit" in options
    assert "euchre_lone_lead: the eldest, or the next player who plays" in options
    assert "euchre_points: made 1, march 2, alone march 4, euchred 2" in options
    for line in options:
        if not line.endswith("(house rule)"):
            assert line in heads, line
    assert sum(line.endswith("(house rule)") for line in options) == 1


@pytest.mark.parametrize("width", [80, 160])
def test_option_values_are_words_broken_only_between_pieces(width: int) -> None:
    """Every option of every variant, at the prompt's and ``followsuit rules``'
    widths: no raw setting (no underscores, JSON, true/false, deck codes), lines
    that fit, and a break only where the value's pieces meet."""
    from followsuit.text.option_scope import option_lines
    from followsuit.text.option_words import value_words

    for v in followsuit.variants():
        rules = followsuit.load_rules(v.id)
        for option in options_for(rules, everything=True):
            pieces = value_words(rules, option.name)
            value = ", ".join(pieces)
            assert not re.search(r"_|\[|\{|^(true|false)$|[A-Z]{3,}\d", value), (v.id, value)
            lines = [line.plain for line in option_lines(rules, option.name, width, lead="  ")]
            assert all(len(line) <= width for line in lines), lines
            joined = lines[0].split(": ", 1)[1]
            for line in lines[1:]:
                assert line.startswith("      ") and not line[6].isspace(), line
                assert joined.endswith(",")  # each break was after a piece's comma
                joined += " " + line.strip()
            assert joined == value, (lines, pieces)


def test_plot_without_matplotlib_names_the_extra_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    from followsuit.cli.main import app

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib: ImportError
    plot = tmp_path / "ppH.png"
    args = ["arena", "euchre/american", "--bots", "rules,random", "--games", "2", "--jobs", "1"]
    done = CliRunner().invoke(app, [*args, "--plot", str(plot)])
    assert done.exit_code == 2 and done.stdout == ""
    assert done.stderr == "followsuit: --plot needs matplotlib: pip install 'followsuit[plot]'\n"
    assert not plot.exists()
    # a folder that cannot take the file is refused without leaving one either
    (tmp_path / "ro").mkdir(mode=0o500)
    monkeypatch.delitem(sys.modules, "matplotlib")
    if os.geteuid() != 0:
        done = CliRunner().invoke(app, [*args, "--csv", str(tmp_path / "ro" / "g.csv")])
        assert done.exit_code == 2 and "no permission" in done.stderr and done.stdout == ""
    assert not (tmp_path / "ro" / "g.csv").exists()


@pytest.mark.parametrize("width", [80, 160])
def test_last_draws_the_trick_where_the_table_does(width: int) -> None:
    state = advance("euchre/american", lambda s: s.phase_name == "play" and len(s.tricks) == 1)
    seating = seating_for(state)
    obs = state.observation(seating.human)
    view = TableView(seating, "Euchre")
    plays = obs.tricks[-1].plays
    shown = [line.plain for line in TurnView(seating, view).last_trick(obs, width)[:-1]]
    room = view.picture_width(width)  # beside the side panel when wide
    table = [line.plain[:room].rstrip() for line in view.draw(obs, width, trick=plays)]
    assert shown and all(line.rstrip() in table or not line.strip() for line in shown)
    for _seat, c in plays:
        label = card_label(state.rules.deck.codes[c])
        in_last = next(line for line in shown if label in line)
        assert in_last.rstrip() in table, (label, in_last)


def test_your_lead_is_said() -> None:
    state = advance(
        "euchre/american",
        lambda s: s.phase_name == "play" and not s.trick and bool(s.tricks),
    )
    seating = seating_for(state)
    obs = state.observation(seating.human)
    lines = [line.plain for line in TableView(seating, "Euchre").draw(obs, 80)]
    assert lines[-1] == "Your lead"


def test_verify_on_a_terminal_record_checks_the_seed(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from followsuit.cli.keeping import TABLE_FIELD
    from followsuit.cli.main import app

    state = followsuit.new_game("euchre/american", seed=11, options={"target_score": 3})
    bots = [make_bot("rules", seed=k) for k in range(4)]
    while not state.is_over():
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state.observation(seat)))
    rec = record.to_record(state, ["rules bot", "rules bot", "you", "rules bot"])
    rec[TABLE_FIELD] = {"seat": 2, "bots": ["rules", "rules", None, "rules"], "seed": 11}
    path = tmp_path / "terminal.json"
    path.write_text(record.dumps(rec))
    done = CliRunner().invoke(app, ["verify", str(path)])
    hands = len(rec["hands"])
    assert hands > 1
    assert done.exit_code == 0, done.output
    assert "a terminal game" in done.output and "no commitment to check" in done.output
    assert f"{hands} of {hands} deals are the seed's" in done.output
    # a deal that is not the seed's is caught
    rec[TABLE_FIELD]["seed"] = 12
    path.write_text(record.dumps(rec))
    done = CliRunner().invoke(app, ["verify", str(path)])
    assert done.exit_code == 1 and "hand 1: NOT the deal of seed 12" in done.output


@pytest.mark.parametrize("width", [80, 160])
@pytest.mark.parametrize("variant", ["euchre/american", "pitch/cutthroat-3p", "pitch/8-player"])
def test_seat_labels_stay_put_as_the_turn_goes_round(variant: str, width: int) -> None:
    """The turn marker moving from seat to seat never moves a seat's name."""
    state = followsuit.new_game(variant, seed=3)
    seating = seating_for(state)
    human = seating.human
    view = TableView(seating, "x")
    columns: dict[int, set[int]] = {k: set() for k in range(state.n)}
    bots = [make_bot("rules", seed=k) for k in range(state.n)]
    movers = set()
    while not state.is_over() and len(state.results) < 2:
        seat = state.current_player
        assert seat is not None
        movers.add(seat)
        obs = state.observation(human)
        for line in view.picture(obs, view.picture_width(width)):
            if line.style == "dim" or "led" in line.plain or "Your lead" in line.plain:
                continue  # the trick's caption names players too
            for k in range(state.n):
                found = re.search(rf"\b{seating.name(k)}\b", line.plain)
                if found:
                    columns[k].add(found.start())
        state.apply(bots[seat].choose(state.observation(seat)))
    assert movers == set(range(state.n))
    assert all(len(found) == 1 for found in columns.values()), columns


def test_last_of_the_hand_before_is_not_labelled_with_this_hands_tags() -> None:
    state = advance(
        "pitch/partnership-4p",
        lambda s: len(s.results) == 1 and not s.tricks and s.phase_name == "auction",
    )
    seating = seating_for(state)
    obs = state.observation(seating.human)
    turn = TurnView(seating, TableView(seating, "x"))
    for width in (80, 160):
        shown = [line.plain for line in turn.last_trick(obs, width)]
        assert "of the last hand" in shown[-1]
        picture = "\n".join(shown[:-1])
        for tag in ("dealer", "bid", "passed", "maker", "trick", "◂"):
            assert tag not in picture, (tag, picture)
        for k in range(state.n):
            assert seating.name(k) in picture


def test_a_suit_where_none_is_asked_names_what_is() -> None:
    state = advance("euchre/american", lambda s: "order-up" in verbs(s))
    seating = seating_for(state)
    choices, typed = TurnView(seating, TableView(seating, "x")).choices(
        state.observation(seating.human)
    )
    said = Reader(state, seating, choices, typed).read("h")
    assert said == Problem("no suit is asked here: pass, order-up or order-up alone (1 to 3)")

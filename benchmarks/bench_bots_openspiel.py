"""A followsuit bot level against OpenSpiel's ISMCTS bot, with OpenSpiel's euchre as
the referee, on duplicate deals.

Not a test: a match whose figures are statistics. Run from the repository root::

    python benchmarks/bench_bots_openspiel.py [--level easy] [--deals 100] [--sims 1000]
        [--seed 1] [--jobs J] [--allow-lone-defender] [--json] [--log FILE]
    python benchmarks/bench_bots_openspiel.py --report FILE [--json]

It needs the ``bench`` extra (``pip install '.[bench]'``: ``open_spiel``, which brings
numpy). ``--level`` is any name of ``followsuit.bots.BOTS``; ``--jobs`` spreads the
deals over a process pool (default: every CPU). A 1000-simulation ISMCTS move costs
seconds, so keep ``--deals`` small on a shared machine.

What it measures
    For the followsuit level: its points per hand (the mean of its seats' OpenSpiel
    ``returns()`` over every hand played) with a 95% confidence interval, the paired
    difference per deal (the level's mean points over the deal's two plays minus
    ISMCTS's, 95% CI), the level's share of the points scored (the points its side
    won over the points either side won, over every hand; its 95% CI by the delta
    method for a ratio of means over deals), and for each side how often it calls
    trump (is the maker), how often it is euchred when it calls, and how often its
    declarer goes alone when it calls. Confidence intervals are the normal approximation over deals,
    ``mean ± 1.96·sd/√n`` (sd with n-1; none with a single deal).

Rules: OpenSpiel's. The referee is ``pyspiel.load_game("euchre", {"stick_the_dealer":
True, "allow_lone_defender": ...})`` (``--allow-lone-defender`` sets the latter; off by
default, as in OpenSpiel), one hand per game, scored zero-sum by ``returns()``: makers
3-4 tricks +1, 5 tricks +2 (+4 alone), euchred -2 (-4 against a lone defender). The
decision to go alone comes after trump is fixed and after the dealer's discard, and
the dealer may not discard the card picked up. followsuit keeps its own state of
the same hand in lock step: ``euchre/american`` with ``stick_the_dealer``,
``euchre_alone_timing="after_exchange"``, ``dealer_may_discard_upcard=False`` and
``defend_alone`` off (on, with ``defend_alone_order="dealer_left"``, for
``--allow-lone-defender``): the options under which ``tests/test_openspiel_fixture.py``
replays OpenSpiel's hands exactly. The followsuit bot sees only
``state.observation(seat)`` of that state.

Duplicate scheme: deal ``i`` is played twice. First the followsuit level sits at seats
0 and 2 and ISMCTS at 1 and 3; OpenSpiel's chance outcomes (the dealer's selection,
the 20 cards dealt one at a time and the upcard) are drawn and recorded. Then the
same chance outcomes are replayed, so every seat gets the same cards and the same
dealer, with the sides swapped. Both plays of a deal run in one worker.

The bridge: at every decision both engines must agree on the seat to move and on
the set of legal actions, compared as notation-neutral labels (a card ``JD``,
``pass``, ``call:S`` for an order-up or a call of that suit, ``alone`` / ``partner``
for the declarer's decision, ``defend-alone`` / ``partner`` for a defender's, a
dealer's discard as its card); the mover's choice is carried to the other engine by
its label. At the end followsuit's hand result (maker, points) must agree with
OpenSpiel's returns. A disagreement stops the run with an error: it is a bug.

ISMCTS: ``open_spiel.python.algorithms.ismcts.ISMCTSBot(game, evaluator=
mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=...), uct_c=2.0,
max_simulations=--sims, max_world_samples=UNLIMITED_NUM_WORLD_SAMPLES,
random_state=..., final_policy_type=MAX_VISIT_COUNT, use_observation_string=False,
allow_inconsistent_action_sets=True, child_selection_policy=PUCT)`` (the signature
of open_spiel 2.0.2, keywords as in its examples), one bot per ISMCTS seat. Its
default world sampler builds ``pyspiel.UniformProbabilitySampler(0, 1)`` for each
sample, seeded from the system's entropy, so the bot is given a resampler
(``set_resampler``) that calls the same ``state.resample_from_infostate(player,
rng)`` with a seeded ``random.Random``: the same uniform worlds, reproducibly. The
bot also keys its nodes on ``move_number()`` (``MoveKeyedISMCTSBot``): OpenSpiel's
information state string does not always tell two decisions apart (with lone
defenders, a defender's alone / partner decision from the lead that follows two
partners; rarely, in the default game too), and the stock bot stops with a
``KeyError`` there. Even so, a node is now and then reached with another set of
legal actions (seen in 2 runs of 160-200 deals at 1,000 simulations, in card play:
OpenSpiel's resampled worlds do not always give a seat the same choices), so the
bot is built with ``allow_inconsistent_action_sets=True``, OpenSpiel's own setting
for games where that happens: it searches the actions legal in the world at hand.

A long run: ``--log FILE`` appends each deal's result to ``FILE`` as one JSON line
as soon as it is played, and ``--report FILE`` prints the figures of the deals a log
holds (a run stopped part-way still has its figures; a run resumed with the same
arguments and ``--log`` skips the deals already logged).

Seeds: everything is derived from ``--seed`` and the deal's index (the chance
outcomes, each ISMCTS bot's search, rollout and world generators, each followsuit
bot's seed), so a run is reproducible and its figures do not depend on ``--jobs``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress

import followsuit
from followsuit.bots import BOTS, Bot, make_bot
from followsuit.cards import Deck
from followsuit.engine import actions as A

INSTALL_HINT = "install the bench extra: pip install '.[bench]'"
try:
    import numpy as np
    import pyspiel  # type: ignore[import-not-found]
    from open_spiel.python.algorithms import (  # type: ignore[import-untyped]
        ismcts,
        mcts,
    )
except ImportError as exc:  # pragma: no cover - the bench extra is missing
    sys.exit(f"{exc}: {INSTALL_HINT}")

VARIANT = "euchre/american"
OPTIONS: dict[str, Any] = {
    "stick_the_dealer": True,
    "euchre_alone_timing": "after_exchange",
    "dealer_may_discard_upcard": False,
    "defend_alone": False,
}
LONE_DEFENDER_OPTIONS: dict[str, Any] = {
    **OPTIONS,
    "defend_alone": True,
    "defend_alone_order": "dealer_left",  # OpenSpiel asks from the dealer's left
}

# OpenSpiel euchre's action ids (tests/data/openspiel-euchre/README.md)
RANKS = "9TJQKA"
SUITS = "CDHS"
NUM_CARDS = 24  # card id = rank_index * 4 + suit_index
OS_PASS = 24
OS_CALLS = range(25, 29)  # Clubs, Diamonds, Hearts, Spades
OS_ALONE = 29
OS_PARTNER = 30

SEATS = 4
FIRST_SEATS = (0, 2)  # the followsuit level's seats in a deal's first play
UCT_C = 2.0
Z95 = 1.96


# ---------------------------------------------------------------- labels


def os_card(card: int) -> str:
    """An OpenSpiel card id as a rank-first code: ``10`` -> ``JH``."""
    return RANKS[card // 4] + SUITS[card % 4]


def os_label(os_state: Any, action: int) -> str:
    """An OpenSpiel action as a label. OpenSpiel asks alone / partner of the declarer
    first and then (``allow_lone_defender``) of one or two defenders, in one phase:
    the declarer's answer is ``alone``, a defender's ``defend-alone``."""
    if action < NUM_CARDS:
        return os_card(action)  # a card played or the dealer's discard
    if action == OS_PASS:
        return "pass"
    if action in OS_CALLS:
        return "call:" + SUITS[action - OS_CALLS.start]
    if action == OS_ALONE:
        return "alone" if os_state.current_player() == os_state.declarer() else "defend-alone"
    if action == OS_PARTNER:
        return "partner"
    return f"?openspiel:{action}"


def fs_label(state: followsuit.State, action: int) -> str:
    """A followsuit action as a label (anything OpenSpiel has no peer for gets a
    label of its own, so that it shows up as a difference of the legal sets)."""
    deck = state.rules.deck
    if A.is_play(action):
        return deck.codes[A.card_of(action)]
    if A.is_discard(action):
        return deck.format_mask(A.cards_of(action))  # one card: its code
    if action == A.PASS:
        return "pass"
    if action == A.ORDER_UP:
        return "call:" + SUITS[deck.suit[state.upcard]]
    if A.verb_of(action) is A.CALL_VERB:
        return "call:" + SUITS[A.suit_of(action)]
    if action == A.ALONE:
        return "alone"
    if action == A.DEFEND_ALONE:
        return "defend-alone"
    if action == A.PARTNER:
        return "partner"
    return "?followsuit:" + A.to_text(action, deck)


def by_label(actions: Iterable[int], label: Callable[[int], str], side: str) -> dict[str, int]:
    """The legal actions by label; two actions with one label would be a mapping bug."""
    out: dict[str, int] = {}
    for action in actions:
        text = label(action)
        if text in out:
            raise AssertionError(f"{side}: actions {out[text]} and {action} are both {text!r}")
        out[text] = action
    return out


# ---------------------------------------------------------------- one deal


@dataclass(frozen=True)
class Hand:
    """One hand's outcome, from the followsuit level's side."""

    followsuit_points: float  # the return of the level's seats
    ismcts_points: float  # the return of ISMCTS's seats
    followsuit_called: bool  # the level's side is the maker
    euchred: bool  # the makers were euchred
    alone: bool  # the declarer went alone


@dataclass(frozen=True)
class DealResult:
    index: int
    hands: tuple[Hand, Hand]  # the level at seats 0, 2; then at 1, 3
    cpu_seconds: float


def derived(seed: int, *parts: object) -> int:
    """A reproducible 32-bit seed for one purpose of one run."""
    return random.Random(":".join(str(p) for p in (seed, *parts))).getrandbits(32)


@cache
def openspiel_game(lone_defender: bool) -> Any:
    euchre = pyspiel.euchre
    known = {
        NUM_CARDS: euchre.NUM_CARDS,
        OS_PASS: euchre.PASS_ACTION,
        OS_CALLS.start: euchre.CLUBS_TRUMP_ACTION,
        OS_ALONE: euchre.GO_ALONE_ACTION,
        OS_PARTNER: euchre.PLAY_WITH_PARTNER_ACTION,
    }
    assert all(ours == theirs for ours, theirs in known.items()), (
        f"OpenSpiel's euchre action ids are not the ones this bridge knows: {known}"
    )
    assert euchre.card_string(10) == "HJ", "OpenSpiel's card ids are not rank * 4 + suit"
    return pyspiel.load_game(
        "euchre", {"stick_the_dealer": True, "allow_lone_defender": lone_defender}
    )


@cache
def followsuit_rules(lone_defender: bool) -> followsuit.Rules:
    return followsuit.load_rules(VARIANT, LONE_DEFENDER_OPTIONS if lone_defender else OPTIONS)


class MoveKeyedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """ISMCTS whose tree nodes are keyed on the move number as well as on the player
    and the information state string. OpenSpiel 2.0.2's euchre writes the same
    information state string for some decisions with different legal actions: with
    ``allow_lone_defender=True``, a defender about to be asked alone / partner and the
    same defender about to lead after both defenders said partner ("Defender go
    alone: false" either way); and, more rarely, in the default game too (seen once
    in 200 deals at 1,000 simulations). The stock bot merges such nodes and fails
    (``KeyError`` in ``expand_if_necessary``). The number of moves made is public, so
    adding it splits exactly those nodes and nothing a player could tell apart."""

    def get_state_key(self, state: Any) -> tuple[int, int, str]:
        return state.current_player(), state.move_number(), state.information_state_string()


def ismcts_bot(game: Any, sims: int, seed: int, lone_defender: bool) -> Any:
    """OpenSpiel's ISMCTS bot, every random generator of it seeded from ``seed``
    (:class:`MoveKeyedISMCTSBot`, whose nodes the move number splits)."""
    evaluator = mcts.RandomRolloutEvaluator(
        n_rollouts=1, random_state=np.random.RandomState(derived(seed, "rollouts"))
    )
    bot = MoveKeyedISMCTSBot(
        game=game,
        evaluator=evaluator,
        uct_c=UCT_C,
        max_simulations=sims,
        max_world_samples=ismcts.UNLIMITED_NUM_WORLD_SAMPLES,
        random_state=np.random.RandomState(derived(seed, "search")),
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        use_observation_string=False,
        allow_inconsistent_action_sets=True,
        child_selection_policy=ismcts.ChildSelectionPolicy.PUCT,
    )
    worlds = random.Random(derived(seed, "worlds"))

    def resample(state: Any, player: int) -> Any:
        return state.resample_from_infostate(player, worlds.random)

    bot.set_resampler(resample)
    return bot


def followsuit_deal(os_state: Any, dealt: Sequence[int], deck: Deck) -> followsuit.Deal:
    """OpenSpiel's completed deal as a followsuit ``Deal``. ``dealt`` is the outcomes of
    OpenSpiel's deal-phase chance nodes, in order: each card goes to the seat
    ``card_holder()`` says (kept in the order dealt), the upcard is ``upcard()``, and
    the three cards OpenSpiel never deals are the kitty."""
    holder = os_state.card_holder()
    upcard = os_state.upcard()
    hands: list[list[str]] = [[] for _ in range(SEATS)]
    for card in dealt:
        if card != upcard:
            hands[holder[card]].append(os_card(card))
    assert len(set(dealt)) == len(dealt) == 4 * 5 + 1, f"OpenSpiel dealt {dealt}"
    assert upcard in dealt and holder[upcard] is None, "OpenSpiel's upcard is not dealt"
    assert all(len(hand) == 5 for hand in hands), f"OpenSpiel dealt {hands}"
    kitty = [os_card(c) for c in range(NUM_CARDS) if c not in dealt]
    return followsuit.Deal(
        hands=tuple(tuple(deck.parse_cards(hand)) for hand in hands),
        upcard=deck.parse_cards([os_card(upcard)])[0],
        kitty=tuple(deck.parse_cards(kitty)),
    )


def play_hand(
    *,
    level: str,
    sims: int,
    seed: int,
    index: int,
    play: int,
    lone_defender: bool,
    followsuit_seats: tuple[int, ...],
    chance: list[int],
    chance_rng: random.Random,
) -> Hand:
    """Play one hand with the level at ``followsuit_seats`` and ISMCTS at the others.
    ``chance`` holds the chance outcomes to replay; any chance node past its end is
    drawn with ``chance_rng`` and appended (the deal's first play records them)."""
    game = openspiel_game(lone_defender)
    rules = followsuit_rules(lone_defender)
    os_state = game.new_initial_state()
    step = 0
    dealt: list[int] = []  # the deal phase's outcomes (the other one picks the dealer)
    while os_state.is_chance_node():
        deal_phase = os_state.current_phase() == pyspiel.euchre.Phase.DEAL
        outcomes = os_state.chance_outcomes()
        if step < len(chance):
            action = chance[step]
            assert action in {a for a, _ in outcomes}, f"chance {step}: {action} is not legal"
        else:
            ids, probs = zip(*outcomes, strict=True)
            action = chance_rng.choices(ids, weights=probs)[0]
            chance.append(action)
        if deal_phase:
            dealt.append(action)
        os_state.apply_action(action)
        step += 1
    assert step == len(chance), "the replayed deal has fewer chance nodes than recorded"

    state = followsuit.State(rules)
    state.deal(followsuit_deal(os_state, dealt, rules.deck), os_state.dealer())
    bots: dict[int, Bot] = {}
    searchers: dict[int, Any] = {}
    for seat in range(SEATS):
        if seat in followsuit_seats:
            bots[seat] = make_bot(level, seed=f"{seed}:{index}:{play}:{seat}")
        else:
            searchers[seat] = ismcts_bot(
                game, sims, derived(seed, index, play, seat), lone_defender
            )

    moves = 0
    while not os_state.is_terminal():
        where = f"deal {index} play {play} move {moves}"
        if os_state.is_chance_node():
            raise AssertionError(f"{where}: a chance node after the deal, which the bridge lacks")
        seat = os_state.current_player()
        assert state.current_player == seat, (
            f"{where}: OpenSpiel has seat {seat} to move, followsuit {state.current_player}"
        )
        os_legal = by_label(
            os_state.legal_actions(), lambda a: os_label(os_state, a), f"{where} OpenSpiel"
        )
        fs_legal = by_label(
            state.legal_actions(), lambda a: fs_label(state, a), f"{where} followsuit"
        )
        assert os_legal.keys() == fs_legal.keys(), (
            f"{where}, seat {seat}: legal sets differ: OpenSpiel {sorted(os_legal)}, "
            f"followsuit {sorted(fs_legal)}"
        )
        if seat in bots:
            fs_action = bots[seat].choose(state.observation(seat))
            label = fs_label(state, fs_action)
            assert label in fs_legal, f"{where}: {level} chose {label!r}, which is not legal"
            os_action = os_legal[label]
        else:
            os_action = int(searchers[seat].step(os_state))
            label = os_label(os_state, os_action)
            fs_action = fs_legal[label]
        os_state.apply_action(os_action)
        state.apply(fs_action)
        moves += 1
    return score_hand(os_state, state, followsuit_seats, f"deal {index} play {play}")


def score_hand(
    os_state: Any, state: followsuit.State, followsuit_seats: tuple[int, ...], where: str
) -> Hand:
    """The finished hand's outcome, after checking that both engines scored it alike."""
    returns = list(os_state.returns())
    declarer = os_state.declarer()
    assert state.current_player is None and len(state.results) == 1, (
        f"{where}: OpenSpiel's hand is over, followsuit's is not"
    )
    result = state.results[0]
    assert result.maker == declarer, f"{where}: makers differ ({result.maker}, {declarer})"
    side = state.rules.side_of
    expected = [0, 0]
    made = returns[declarer]
    expected[side[declarer] if made > 0 else 1 - side[declarer]] = int(abs(made))
    assert list(result.points) == expected, (
        f"{where}: followsuit scores {list(result.points)}, OpenSpiel returns {returns}"
    )
    fs_seat = followsuit_seats[0]
    is_seat = (fs_seat + 1) % SEATS
    return Hand(
        followsuit_points=float(returns[fs_seat]),
        ismcts_points=float(returns[is_seat]),
        followsuit_called=declarer in followsuit_seats,
        euchred=made < 0,
        alone=bool(os_state.declarer_go_alone()),
    )


def play_deal(level: str, sims: int, seed: int, index: int, lone_defender: bool) -> DealResult:
    """Deal ``index`` played twice, the sides swapped, on the same chance outcomes."""
    start = time.process_time()
    chance: list[int] = []
    chance_rng = random.Random(derived(seed, index, "chance"))
    hands = tuple(
        play_hand(
            level=level,
            sims=sims,
            seed=seed,
            index=index,
            play=play,
            lone_defender=lone_defender,
            followsuit_seats=seats,
            chance=chance,
            chance_rng=chance_rng,
        )
        for play, seats in enumerate((FIRST_SEATS, tuple(s + 1 for s in FIRST_SEATS)))
    )
    assert len(hands) == 2
    return DealResult(index, (hands[0], hands[1]), time.process_time() - start)


# ---------------------------------------------------------------- the match


def run_key(level: str, sims: int, seed: int, lone_defender: bool) -> dict[str, Any]:
    """What a logged deal was played under: a log's deals are reported together only
    when they agree on it."""
    return {"level": level, "sims": sims, "seed": seed, "allow_lone_defender": lone_defender}


def to_line(key: dict[str, Any], result: DealResult) -> str:
    return json.dumps({**key, "deal": asdict(result)})


def read_log(path: Path) -> tuple[dict[str, Any] | None, list[DealResult]]:
    """The run key and the deals a log holds (each deal once, in deal order)."""
    key: dict[str, Any] | None = None
    results: dict[int, DealResult] = {}
    if not path.exists():
        return None, []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        entry = json.loads(line)
        deal = entry.pop("deal")
        if key is None:
            key = entry
        elif entry != key:
            raise SystemExit(f"{path}:{number}: a deal of another run ({entry}, not {key})")
        hands = tuple(Hand(**h) for h in deal["hands"])
        assert len(hands) == 2
        index = deal["index"]
        results[index] = DealResult(index, (hands[0], hands[1]), deal["cpu_seconds"])
    return key, sorted(results.values(), key=lambda r: r.index)


def run(
    level: str,
    deals: int,
    sims: int,
    seed: int,
    jobs: int,
    lone_defender: bool,
    log: Path | None = None,
) -> list[DealResult]:
    """Every deal's result, in deal order (in a process pool when ``jobs`` > 1). With a
    ``log``, each deal is appended to it when played, and deals it already holds for
    the same run are not played again."""
    key = run_key(level, sims, seed, lone_defender)
    done: dict[int, DealResult] = {}
    if log is not None:
        logged_key, logged = read_log(log)
        if logged_key is not None and logged_key != key:
            raise SystemExit(f"{log} holds another run ({logged_key}); use another --log")
        done = {r.index: r for r in logged if r.index < deals}
    todo = [index for index in range(deals) if index not in done]
    results: list[DealResult] = list(done.values())

    def keep(result: DealResult) -> None:
        results.append(result)
        if log is not None:
            with log.open("a") as out:
                out.write(to_line(key, result) + "\n")

    console = Console(stderr=True)
    with Progress(console=console, transient=True, disable=not console.is_terminal) as bar:
        task = bar.add_task(f"{level} vs ISMCTS({sims})", total=len(todo))
        if jobs <= 1:
            for index in todo:
                keep(play_deal(level, sims, seed, index, lone_defender))
                bar.advance(task)
        elif todo:
            with ProcessPoolExecutor(max_workers=min(jobs, len(todo))) as pool:
                futures = [
                    pool.submit(play_deal, level, sims, seed, index, lone_defender)
                    for index in todo
                ]
                for future in as_completed(futures):
                    keep(future.result())
                    bar.advance(task)
    return sorted(results, key=lambda r: r.index)


def mean_ci(values: Sequence[float]) -> tuple[float, list[float] | None]:
    """The mean and its 95% normal-approximation interval (None for one value)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, None
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, [mean - half, mean + half]


def share_ci(won: Sequence[float], lost: Sequence[float]) -> tuple[float, list[float] | None]:
    """The share ``sum(won) / sum(won + lost)`` of the points scored, and its 95%
    interval by the delta method for a ratio of means over deals (``won[i]`` and
    ``lost[i]`` are the points each side won in deal ``i``)."""
    totals = [w + lo for w, lo in zip(won, lost, strict=True)]
    mean_total = statistics.fmean(totals)
    share = statistics.fmean(won) / mean_total
    if len(won) < 2:
        return share, None
    residuals = [w - share * t for w, t in zip(won, totals, strict=True)]
    half = Z95 * statistics.stdev(residuals) / (mean_total * math.sqrt(len(won)))
    return share, [share - half, share + half]


def rates(hands: Sequence[Hand], followsuit_side: bool) -> dict[str, float | None]:
    """How often one side calls, is euchred when it calls, goes alone when it calls."""
    calls = [h for h in hands if h.followsuit_called == followsuit_side]
    return {
        "call_rate": len(calls) / len(hands),
        "euchred_rate": sum(h.euchred for h in calls) / len(calls) if calls else None,
        "alone_rate": sum(h.alone for h in calls) / len(calls) if calls else None,
    }


def report(
    results: Sequence[DealResult], level: str, sims: int, seed: int, lone_defender: bool
) -> dict[str, Any]:
    hands = [h for r in results for h in r.hands]
    fs_per_deal = [statistics.fmean(h.followsuit_points for h in r.hands) for r in results]
    diffs = [
        fs - statistics.fmean(h.ismcts_points for h in r.hands)
        for fs, r in zip(fs_per_deal, results, strict=True)
    ]
    points, points_ci = mean_ci(fs_per_deal)
    diff, diff_ci = mean_ci(diffs)
    won = [sum(max(h.followsuit_points, 0.0) for h in r.hands) for r in results]
    lost = [sum(max(h.ismcts_points, 0.0) for h in r.hands) for r in results]
    share, share_ci95 = share_ci(won, lost)
    return {
        "level": level,
        "deals": len(results),
        "sims": sims,
        "seed": seed,
        "allow_lone_defender": lone_defender,
        "points_per_hand": points,
        "points_per_hand_ci95": points_ci,
        "diff_per_hand": diff,
        "diff_ci95": diff_ci,
        "points_share": share,
        "points_share_ci95": share_ci95,
        "followsuit": rates(hands, True),
        "ismcts": rates(hands, False),
        "cpu_seconds_per_deal": statistics.fmean(r.cpu_seconds for r in results),
    }


def fmt(value: float | None, spec: str = "+.3f") -> str:
    return "-" if value is None else format(value, spec)


def fmt_ci(ci: list[float] | None) -> str:
    return "-" if ci is None else f"[{ci[0]:+.3f}, {ci[1]:+.3f}]"


def fmt_ci_share(ci: list[float] | None) -> str:
    return "-" if ci is None else f"[{ci[0]:.1%}, {ci[1]:.1%}]"


def table(rep: dict[str, Any], wall: float) -> str:
    fs, ism = rep["followsuit"], rep["ismcts"]
    lone = "on" if rep["allow_lone_defender"] else "off"
    level = rep["level"]
    lines = [
        f"{level} vs OpenSpiel ISMCTS ({rep['sims']} sims), {rep['deals']} duplicate "
        f"deals ({2 * rep['deals']} hands), seed {rep['seed']}, lone defender {lone}",
        "",
        f"{'':22s} {level:>18s} {'ISMCTS':>10s}",
        f"{'points per hand':22s} {fmt(rep['points_per_hand']):>18s} "
        f"{fmt(0.0 - rep['points_per_hand']):>10s}",
        f"{'  95% CI':22s} {fmt_ci(rep['points_per_hand_ci95']):>18s}",
        f"{'share of the points':22s} {fmt(rep['points_share'], '.1%'):>18s} "
        f"{fmt(1.0 - rep['points_share'], '.1%'):>10s}",
        f"{'  95% CI':22s} {fmt_ci_share(rep['points_share_ci95']):>18s}",
    ]
    for key, text in (
        ("call_rate", "calls trump"),
        ("euchred_rate", "euchred when calling"),
        ("alone_rate", "alone when calling"),
    ):
        lines.append(f"{text:22s} {fmt(fs[key], '.1%'):>18s} {fmt(ism[key], '.1%'):>10s}")
    lines += [
        "",
        f"paired difference per hand ({level} - ISMCTS): {fmt(rep['diff_per_hand'])}, "
        f"95% CI {fmt_ci(rep['diff_ci95'])}",
        f"CPU time per deal (two hands): {rep['cpu_seconds_per_deal']:.1f} s; "
        f"wall time of the run {wall:.1f} s",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="easy", choices=sorted(BOTS), help="followsuit bot")
    parser.add_argument("--deals", type=int, default=100, help="duplicate deals (two hands each)")
    parser.add_argument("--sims", type=int, default=1000, help="ISMCTS simulations per move")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole run")
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="worker processes over deals"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--allow-lone-defender",
        action="store_true",
        help="OpenSpiel's allow_lone_defender (default: off, as in OpenSpiel)",
    )
    parser.add_argument("--log", type=Path, help="append each deal's result to FILE (JSON lines)")
    parser.add_argument("--report", type=Path, help="report the deals of a --log FILE; play none")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.sims < 1:
        parser.error("--deals and --sims must be at least 1")
    start = time.perf_counter()
    if args.report is not None:
        key, results = read_log(args.report)
        if key is None:
            parser.error(f"{args.report} holds no deals")
        rep = report(results, key["level"], key["sims"], key["seed"], key["allow_lone_defender"])
    else:
        results = run(
            args.level,
            args.deals,
            args.sims,
            args.seed,
            args.jobs,
            args.allow_lone_defender,
            args.log,
        )
        rep = report(results, args.level, args.sims, args.seed, args.allow_lone_defender)
    if args.json:
        print(json.dumps(rep))
    else:
        print(table(rep, time.perf_counter() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())

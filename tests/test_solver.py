"""The double-dummy solver: exact against brute force over the engine on small
endgames of every family, the compiled kernel equal to the pure-Python reference,
and the public API's promises."""

from __future__ import annotations

import random

import pytest

import followsuit
from followsuit import solver
from followsuit.engine import actions as A
from followsuit.solver import UnsupportedPosition, position_of
from followsuit.solver.api import run

from .solver_cases import VARIANTS, brute_force, endgame, endgames, live_cards, to_play

BACKENDS = ("python", "c")


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("which", BACKENDS)
def test_exact_against_brute_force(variant: str, which: solver.api.Backend) -> None:
    """Every action's value equals plain minimax over clone/apply, scored by the
    engine's own hand scoring."""
    left = 6 if variant.startswith(("pitch/8", "pitch/oklahoma-10-point-6p")) else 8
    checked = 0
    for state in endgames(variant, 4, left):
        got = solver.solve(state, backend=which)
        assert got.values == brute_force(state), (variant, state.log)
        checked += 1
    assert checked == 4


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_exact_against_brute_force_deeper(variant: str) -> None:
    left = 9 if variant.startswith(("pitch/8", "pitch/oklahoma-10-point-6p")) else 12
    for state in endgames(variant, 12, left, first_seed=100):
        assert solver.solve(state, backend="c").values == brute_force(state), variant


#: The most cards still to play in a position the pure-Python reference solves
#: quickly (a full hand of Euchre, Bid Euchre and four-handed Pitch).
MAX_LIVE = 24
SHORTER = {
    "pitch/8-player": 16,
    "pitch/blind": 18,
    "pitch/blind-6p": 20,
    "pitch/2-player": 16,
    "pitch/new-yorker": 16,  # a trump lead need not be followed: wide trees
    "pitch/nines-fives": 18,
    "bid-euchre/double-deck": 18,
}


def positions(variant: str, count: int, first_seed: int) -> list[followsuit.State]:
    """Positions anywhere in trick play from the first lead (within ``MAX_LIVE``
    cards of the end) to the last card."""
    out: list[followsuit.State] = []
    seed = first_seed
    most = SHORTER.get(variant, MAX_LIVE)
    while len(out) < count:
        rng = random.Random(seed)
        state = to_play(variant, seed, rng)
        seed += 1
        if state is None:
            continue
        hand = state.hand_no
        extra = rng.randrange(0, 2 * state.num_players)
        while extra > 0 or live_cards(state) > most:
            extra -= 1
            state.apply(rng.choice(state.proper_actions()))
            if state.hand_no != hand or state.phase_name != "play":
                break
        if state.hand_no == hand and state.phase_name == "play":
            out.append(state)
    return out


AGREE = VARIANTS


@pytest.mark.parametrize("variant", AGREE)
def test_kernel_equals_reference(variant: str) -> None:
    """The C kernel and the Python reference give identical values, action by
    action (about three hundred positions over the variants)."""
    for state in positions(variant, 12, 0):
        assert (
            solver.solve(state, backend="c").values == solver.solve(state, backend="python").values
        ), (variant, state.log)


@pytest.mark.slow
@pytest.mark.parametrize("variant", AGREE)
def test_kernel_equals_reference_many(variant: str) -> None:
    """Thousands of positions in all."""
    for state in positions(variant, 120, 1000):
        assert (
            solver.solve(state, backend="c").values == solver.solve(state, backend="python").values
        ), (variant, state.log)


def test_position_values_agree_with_root_values() -> None:
    """``evaluate`` is the best action's value for the mover, and every seat's
    evaluation of the same position is consistent (zero-sum in two-side Pitch)."""
    for state in positions("pitch/partnership-4p", 8, 50):
        mover = state.to_move
        assert mover is not None
        best = solver.solve(state).value
        assert solver.evaluate(state) == best
        other = (mover + 1) % 4
        assert solver.evaluate(state, other) == -best
    for state in positions("euchre/american", 8, 50):
        mover = state.to_move
        assert mover is not None
        assert solver.evaluate(state, (mover + 1) % 4) == 5 - solver.solve(state).value


@pytest.mark.parametrize("variant", ["euchre/american", "bid-euchre/standard", "pitch/jokers"])
def test_sampled_worlds_are_solved_for_the_observers_actions(variant: str) -> None:
    """What a PIMC bot does: sample worlds from the seat's observation and solve
    each; every world offers the seat the same actions, so the values line up."""
    rng = random.Random(4)
    for state in positions(variant, 4, 200):
        seat = state.to_move
        assert seat is not None
        observation = state.observation(seat)
        for _ in range(3):
            world = followsuit.sample_world(observation, rng)
            assert set(solver.action_values(world)) == set(state.proper_actions())


def test_full_euchre_hand_values_are_tricks() -> None:
    """A full Euchre hand's values are trick counts for the mover's side, 0 to 5,
    and the best is reached by at least one action."""
    for state in positions("euchre/american", 20, 7):
        result = solver.solve(state)
        assert set(result.values) == set(state.legal_actions())
        assert all(0 <= v <= 5 for v in result.values.values())
        assert result.unit == "tricks"
        assert result.seat in result.side
        assert set(result.best) == {a for a, v in result.values.items() if v == result.value}


def test_action_values_are_floats_for_each_legal_action() -> None:
    state = positions("pitch/jokers", 1, 3)[0]
    values = solver.action_values(state)
    assert set(values) == set(state.proper_actions())
    assert all(isinstance(v, float) for v in values.values())


def test_before_trump_is_pitched_the_first_lead_is_solved() -> None:
    """In Pitch the maker's first card names trump: each lead is valued with its
    own trump, and naming a joker's suit is an action like a lead."""
    checked = 0
    for seed in range(40):
        state = to_play("pitch/partnership-4p", seed, random.Random(seed))
        if state is None or state.trump >= 0:
            continue
        a = solver.solve(state, backend="c")
        b = solver.solve(state, backend="python")
        assert a.values == b.values
        for action, value in a.values.items():
            child = state.clone()
            child.apply(action)
            assert solver.evaluate(child, state.to_move) == value
        checked += 1
        if checked == 2:
            break
    assert checked == 2


def test_a_joker_led_first_names_its_suit() -> None:
    """``joker_pitched = name_suit``: the maker may name trump and lead a joker; the
    naming is valued as the best lead it allows, the same on both backends."""
    for seed in range(200):
        rng = random.Random(seed)
        state = followsuit.new_game("pitch/jokers", {"joker_pitched": "name_suit"}, seed=seed)
        while state.phase_name != "play" and state.hand_no == 1:
            state.apply(rng.choice(state.legal_actions()))
        if state.hand_no != 1 or not any(
            A.TRUMP_VERB.base <= a < A.TRUMP_VERB.base + 4 for a in state.proper_actions()
        ):
            continue
        a = solver.solve(state, backend="c")
        assert a.values == solver.solve(state, backend="python").values
        for action, value in a.values.items():
            if A.is_play(action):
                continue
            child = state.clone()
            child.apply(action)  # names the suit: the joker must now be led
            leads = solver.solve(child).values
            assert max(leads.values()) == value
        return
    raise AssertionError("no hand where the maker held a joker to lead")


def test_identical_twins_share_a_value_and_only_offered_actions_appear() -> None:
    """Double-deck Bid Euchre: the engine offers one copy of a pair; the solver's
    values are for exactly the offered actions."""
    for state in endgames("bid-euchre/double-deck", 3, 12):
        values = solver.solve(state).values
        assert set(values) == set(state.legal_actions())


def test_penalize_mode_is_solved_as_enforce() -> None:
    """With ``renege_mode = penalize`` a renege is legal but never proper: the
    solver values only the proper actions."""
    for seed in range(30):
        rng = random.Random(seed)
        state = followsuit.new_game("euchre/american", {"renege_mode": "penalize"}, seed=seed)
        while state.phase_name != "play":
            state.apply(rng.choice(state.legal_actions()))
        for _ in range(5):
            state.apply(rng.choice(state.proper_actions()))
        if set(state.legal_actions()) != set(state.proper_actions()):
            assert set(solver.solve(state).values) == set(state.proper_actions())
            return
    raise AssertionError("no position where a renege was possible")


def test_not_in_trick_play_is_refused() -> None:
    state = followsuit.new_game("euchre/american", seed=1)
    with pytest.raises(UnsupportedPosition, match="trick play"):
        solver.solve(state)


def test_backend_can_be_forced(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel is built by ``pip install`` (gcc is on every machine); the
    reference can be forced by argument or environment."""
    assert solver.backend() == "c"
    monkeypatch.setenv("FOLLOWSUIT_SOLVER", "python")
    assert solver.backend() == "python"
    state = positions("euchre/american", 1, 11)[0]
    assert solver.solve(state).backend == "python"
    assert solver.solve(state, backend="c").backend == "c"
    monkeypatch.setenv("FOLLOWSUIT_SOLVER", "fortran")
    with pytest.raises(ValueError, match="fortran"):
        solver.backend()


def test_kernel_refuses_a_malformed_position() -> None:
    state = positions("euchre/american", 1, 12)[0]
    pos = position_of(state)
    kernel_input = pos.as_tuple()
    with pytest.raises(ValueError):
        solver.api._load_kernel().solve(kernel_input[:-1], ())  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="not the mover"):
        run(pos, [63], "c")
    kernel = solver.api._load_kernel()
    assert kernel is not None
    outside = (pos.hands[0] | 1 << 40, *pos.hands[1:])
    with pytest.raises(ValueError, match="outside the tables"):
        kernel.solve((pos.n, outside, *kernel_input[2:]), ())
    with pytest.raises(ValueError, match="leader"):
        kernel.solve((*kernel_input[:4], 9, *kernel_input[5:]), ())


CONTRACTS = (
    ("pitch/five-bid", "five"),
    ("pitch/nines-fives", "smudge"),
    ("pitch/nines-fives", "blind_smudge"),
    ("pitch/oklahoma-10-point", "moon"),
    ("pitch/new-yorker", "moon"),
    ("pitch/call-your-partner", "moon"),
)


@pytest.mark.parametrize(("variant", "kind"), CONTRACTS)
def test_special_contracts_against_brute_force(variant: str, kind: str) -> None:
    """Five-bid, smudges and moons score their own way; the solver's values are
    the engine's hand points, found by brute force, on both backends."""
    found = 0
    for seed in range(3000):
        state = endgame(variant, seed, 8)
        if state is None or state.prog.bids[state.contract.bid].kind != kind:
            continue
        want = brute_force(state)
        assert solver.solve(state, backend="c").values == want, (variant, seed)
        assert solver.solve(state, backend="python").values == want, (variant, seed)
        found += 1
        if found == 3:
            return
    raise AssertionError(f"no {kind} contract of {variant} reached")


@pytest.mark.parametrize(
    ("variant", "options", "reason"),
    [
        ("pitch/oklahoma-10-point", {"moon_success": "set_to_target_or_zero"}, "sets the score"),
        ("pitch/new-yorker", {"new_yorker_moon_scoring": "win_lose_game"}, "wins or loses"),
    ],
)
def test_moons_that_decide_the_game_are_refused(
    variant: str, options: dict[str, str], reason: str
) -> None:
    """A moon that sets the score or ends the game is not worth points: the solver
    says so instead of valuing it as something else."""
    for seed in range(300):
        rng = random.Random(seed)
        state = followsuit.new_game(variant, options, seed=seed)
        while state.phase_name != "play" and state.hand_no == 1:
            moons = [
                a
                for a in state.legal_actions()
                if A.is_bid(a) and state.prog.bids[A.bid_of(a)].kind == "moon"
            ]
            state.apply(moons[0] if moons else rng.choice(state.legal_actions()))
        if state.hand_no == 1 and state.prog.bids[state.contract.bid].kind == "moon":
            with pytest.raises(UnsupportedPosition, match=reason):
                solver.solve(state)
            return
    raise AssertionError("no moon bid reached")


def test_one_trump_in_play_is_high_and_low_for_a_slam() -> None:
    """New Yorker's moon needs High, Low, Jack and Game: when one trump is both High
    and Low, capturing it once is enough (the brute force agrees)."""
    from followsuit.solver.position import GRAND_SLAM

    for seed in range(3000):
        state = endgame("pitch/new-yorker", seed, 8)
        if state is None or state.prog.bids[state.contract.bid].kind != "moon":
            continue
        pos = position_of(state)
        if pos.contract == GRAND_SLAM and len(pos.watched) < 3 and pos.static_ok:
            assert solver.solve(state).values == brute_force(state)
            return
    raise AssertionError("no slam with a single High-and-Low trump among the seeds")


@pytest.mark.parametrize("which", BACKENDS)
def test_node_budget_raises_instead_of_guessing(which: solver.api.Backend) -> None:
    """A long hand (double-deck Bid Euchre) is out of reach per decision: with a
    budget the solver says so, and within one the values are the full solve's."""
    state = positions("bid-euchre/double-deck", 1, 5)[0]
    with pytest.raises(solver.SearchLimit):
        solver.solve(state, backend=which, max_nodes=50)
    full = solver.solve(state, backend=which)
    assert solver.solve(state, backend=which, max_nodes=full.nodes + 1).values == full.values


def test_play_starts_without_the_kernel() -> None:
    """Importing followsuit (what ``followsuit play`` does) does not load the
    compiled kernel (nor allocate its transposition table): the search bots load
    it at their first solve."""
    import subprocess
    import sys

    code = (
        "import sys, followsuit, followsuit.cli.main; "
        "print(any(m.startswith('followsuit.solver._dd') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_actions_are_the_engines() -> None:
    """A bot applies the best action it is given, and the value holds."""
    for state in positions("pitch/blind", 5, 21):
        result = solver.solve(state)
        action = result.best[0]
        child = state.clone()
        child.apply(action)
        if child.phase_name == "play" and child.hand_no == state.hand_no:
            assert solver.evaluate(child, state.to_move) == result.value
        assert A.is_play(action) or action == A.PLAY_PILE

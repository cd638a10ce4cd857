"""The expert level's learned calls: features, the shipped model, the fit and the
training run."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import followsuit
from followsuit.bots import ExpertBot, PimcBot, make_bot
from followsuit.bots.call_model import (
    NAMES,
    WIDTH,
    CallModel,
    context,
    features,
    model_for,
    shape_of,
)
from followsuit.engine import actions as A
from followsuit.engine.observation import Observation
from followsuit.training import Stats, _solve, main, play_deals

from .conftest import dealt

MONSTER = ["JH JD AH KH QH", "9C TC JC QC KC", "9S TS JS QS KS", "9D TD QD KD AD"]
WEAK = ["9C TC 9D TD 9S", "JH JD AH KH QH", "JC QC KC AC TS", "JS QS KS AS QD"]


def deal(hands: list[str], upcard: str) -> followsuit.State:
    used = set(" ".join(hands).split()) | {upcard}
    kitty = " ".join(c for c in followsuit.find_deck("EUCHRE24").codes if c not in used)
    return dealt(hands, upcard, kitty)


def first_obs(hands: list[str], upcard: str) -> Observation:
    state = deal(hands, upcard)
    mover = state.current_player
    assert mover == 0
    return state.observation(mover)


def test_a_pass_is_the_reference_and_alone_has_its_own_half() -> None:
    obs = first_obs(MONSTER, "TH")
    assert context(obs) == "r1.1"
    assert features(obs, A.PASS) == (0.0,) * WIDTH
    with_partner = features(obs, A.ORDER_UP)
    alone = features(obs, A.ORDER_UP_ALONE)
    assert with_partner is not None and alone is not None
    half = len(NAMES)
    assert with_partner[half:] == (0.0,) * half and alone[:half] == (0.0,) * half
    assert with_partner[:half] == alone[half:]
    # the right and left bowers, ace, king, queen of hearts: the five top trumps
    assert with_partner[1:8] == (1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0)
    assert with_partner[NAMES.index("trumps")] == 5.0
    # the ten of hearts goes to the opposing dealer: a trump against us
    assert with_partner[NAMES.index("up_card")] < 0


def test_the_model_knows_only_four_handed_euchre_calls() -> None:
    obs = first_obs(MONSTER, "TH")
    assert shape_of(obs) == "euchre4"
    model = model_for(obs)
    assert model is not None and model.shape == "euchre4"
    british = followsuit.new_game("euchre/british", seed=3)
    mover = british.current_player
    assert mover is not None
    seen = british.observation(mover)
    assert shape_of(seen) == "euchre4-joker"
    model = model_for(seen)
    assert model is not None and model.shape == "euchre4-joker"
    assert model.values(seen) is not None
    for variant in ("euchre/cutthroat", "bid-euchre/standard"):
        state = followsuit.new_game(variant, seed=3)
        mover = state.current_player
        assert mover is not None
        assert model_for(state.observation(mover)) is None
    # a discard is not a call
    state = deal(MONSTER, "TH")
    for action in ("pass", "pass", "pass", "order-up"):
        state.apply(action)
    discard = state.observation(3)
    assert discard.phase == "discard" and context(discard) is None


def test_a_turned_joker_is_left_to_the_search() -> None:
    """Under a turned joker the dealer names trump and takes the joker: the
    features (an up card of a suit) do not describe it."""
    rules = {"british_joker_upcard_choose_blind": False}
    for seed in range(200):
        state = followsuit.new_game("euchre/british", rules, seed=seed)
        deal = state.dealt
        assert deal is not None and deal.upcard is not None
        if state.rules.deck.codes[deal.upcard] == "JK":
            break
    else:
        pytest.fail("no deal turned the joker")
    mover = state.current_player
    assert mover == state.dealer
    obs = state.observation(mover)
    model = model_for(obs)
    assert model is not None
    assert all(features(obs, a) is None for a in obs.legal_actions if a != A.PASS)
    assert model.values(obs) is None


def test_the_shipped_model_calls_the_clear_cases() -> None:
    expert = make_bot("expert", seed=1)
    assert isinstance(expert, ExpertBot)
    assert expert.choose(first_obs(MONSTER, "TH")) == A.ORDER_UP_ALONE
    assert expert.choose(first_obs(WEAK, "9H")) == A.PASS


def test_the_fit_recovers_a_linear_value_despite_each_deals_luck() -> None:
    rng = random.Random(5)
    truth = [rng.uniform(-1, 1) for _ in range(WIDTH)]
    stats = Stats()
    for _ in range(400):
        luck = rng.gauss(0, 3)  # the same for every action of a decision
        rows = [(0.0,) * WIDTH] + [
            tuple(rng.choice((0.0, 1.0, 2.0)) for _ in range(WIDTH)) for _ in range(3)
        ]
        values = [
            luck + sum(w * x for w, x in zip(truth, r, strict=True)) + rng.gauss(0, 0.05)
            for r in rows
        ]
        stats.add("r1.1", rows, values)
    (fitted,) = stats.fit(ridge=1e-6).values()
    assert max(abs(a - b) for a, b in zip(fitted, truth, strict=True)) < 0.05


def test_solve_is_gaussian_elimination() -> None:
    assert _solve([[2.0, 1.0], [1.0, 3.0]], [3.0, 5.0]) == pytest.approx([0.8, 1.4])


def test_an_actions_value_is_the_hands_points_for_the_deciders_side() -> None:
    state = deal(MONSTER, "TH")
    played_out = PimcBot(policy=make_bot("easy"))
    alone = played_out.play_out(state, A.ORDER_UP_ALONE, 0)
    assert alone == 4.0  # every trick, alone: double-dummy it cannot be stopped
    assert played_out.play_out(state, A.ORDER_UP, 0) == 2.0
    assert not state.results and state.current_player == 0  # the deal is untouched


def test_self_play_gathers_every_decision_and_scores_the_picks() -> None:
    stats = play_deals(range(40), None, ("easy", "model"))
    # the dealer's left speaks first in every deal; the others only after passes
    assert stats.decisions["r1.1"] == 40 and sum(stats.decisions.values()) == stats.met
    assert set(stats.decisions) <= {f"r{r}.{w}" for r in (1, 2) for w in range(4)}
    # with no model yet the policy is easy: the two pick alike
    assert stats.picked["model"] == stats.picked["easy"] and stats.spread["easy"] == 0


def test_training_writes_a_model_the_expert_can_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "calls.json"
    args = ["--hands", "60", "--iterations", "2", "--test-hands", "20", "--jobs", "1"]
    assert main([*args, "--out", str(out)]) == 0
    model = CallModel.from_json(out.read_text())
    assert model.shape == "euchre4" and "r1.1" in model.weights
    assert "model's pick" in capsys.readouterr().out


def test_a_model_of_other_features_is_refused() -> None:
    text = CallModel(weights={"r1.1": (0.0,) * WIDTH}, shape="euchre4", trained="").to_json()
    with pytest.raises(ValueError, match="other features"):
        CallModel.from_json(text.replace('"bias"', '"constant"'))


class FixedSearch:
    """A search whose values are given (the expert's other half)."""

    name = "fixed"

    def __init__(self, values: dict[int, float]):
        self.given = values

    def values(self, obs: Observation) -> dict[int, float]:
        return dict(self.given)

    def choose(self, obs: Observation) -> int:
        return max(self.given, key=lambda a: self.given[a])


def test_the_expert_mixes_the_models_and_the_searchs_values_against_a_pass() -> None:
    obs = first_obs(WEAK, "9H")
    model = model_for(obs)
    assert model is not None
    learned = model.values(obs)
    assert learned is not None
    search = FixedSearch({A.PASS: 0.5, A.ORDER_UP: 2.5, A.ORDER_UP_ALONE: -3.5})
    expert = ExpertBot(search, mix=0.25)  # type: ignore[arg-type]
    mixed = expert.values(obs)
    assert mixed[A.PASS] == pytest.approx(0.0)
    assert mixed[A.ORDER_UP] == pytest.approx(0.75 * learned[A.ORDER_UP] + 0.25 * 2.0)
    assert mixed[A.ORDER_UP_ALONE] == pytest.approx(0.75 * learned[A.ORDER_UP_ALONE] - 1.0)
    # all search: the search's choice; no search: the model's
    assert ExpertBot(search, mix=1.0).choose(obs) == A.ORDER_UP  # type: ignore[arg-type]
    assert ExpertBot(search, mix=0.0).choose(obs) == A.PASS  # type: ignore[arg-type]


def test_outside_the_models_game_the_expert_is_its_search() -> None:
    state = followsuit.new_game("bid-euchre/standard", seed=3)
    mover = state.current_player
    assert mover is not None
    obs = state.observation(mover)
    search = FixedSearch({a: float(k) for k, a in enumerate(obs.legal_actions)})
    expert = ExpertBot(search)  # type: ignore[arg-type]
    assert expert.choose(obs) == obs.legal_actions[-1]
    assert expert.values(obs) == search.values(obs)

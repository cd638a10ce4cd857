"""A small policy-gradient agent that learns Euchre on followsuit's Gymnasium face.

    pip install '.[rl]' torch==2.13.0 matplotlib
    python examples/train_pg.py [--minutes 10] [--seed 1] [--out examples/train_pg.png]

The agent plays seat 0 of ``euchre/american`` against ``easy`` bots (its partner
at seat 2 is an ``easy`` bot too), one hand per episode, rewarded by the hand's
zero-sum return (+1 made, +2 march, +4 alone, -2 euchred). The policy is a small
MLP over the observation vector whose logits outside the action mask are set to
-inf; it learns by REINFORCE with a learned value baseline (advantage = hand
return - value), on batches of hands, for ``--minutes`` of wall time.

Every ``--eval-every`` updates it is scored the way the target is stated: whole
games to 10 points in which the agent plays both seats of its side (0 and 2,
greedy: the most likely legal action) against ``random`` bots at 1 and 3, on
fresh seeds; the share of games won is the learning curve written to ``--out``
(a PNG, with the same share for ``easy`` in its place as a reference line).
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

import followsuit
import followsuit.rl as rl
from followsuit.bots import make_bot
from followsuit.rl.encoding import encode
from followsuit.rl.table import Table

VARIANT = "euchre/american"


class Policy(nn.Module):
    def __init__(self, size: int, actions: int, hidden: int = 256):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(size, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU()
        )
        self.logits = nn.Linear(hidden, actions)
        self.value = nn.Linear(hidden, 1)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = self.body(obs)
        logits = self.logits(h).masked_fill(mask == 0, float("-inf"))
        return logits, self.value(h).squeeze(-1)


def play_hands(env, policy: Policy, hands: int, rng: np.random.Generator):
    """Sampled episodes: every decision's (obs, mask, action) and its hand's return."""
    obs_l, mask_l, act_l, ret_l = [], [], [], []
    for _ in range(hands):
        obs, _ = env.reset(seed=int(rng.integers(2**62)))
        steps, total, done = [], 0.0, False
        while not done:
            o = torch.from_numpy(obs["observation"])
            m = torch.from_numpy(obs["action_mask"])
            with torch.no_grad():
                logits, _ = policy(o[None], m[None])
            action = int(torch.distributions.Categorical(logits=logits[0]).sample())
            steps.append((o, m, action))
            obs, reward, terminated, truncated, _ = env.step(action)
            total += reward
            done = terminated or truncated
        for o, m, a in steps:
            obs_l.append(o)
            mask_l.append(m)
            act_l.append(a)
            ret_l.append(total)
    return (torch.stack(obs_l), torch.stack(mask_l), torch.tensor(act_l), torch.tensor(ret_l))


def greedy(policy: Policy, table: Table, seat: int) -> int:
    obs = encode(table.observation(seat), table.chosen_mask())
    mask = np.zeros(table.space.n, np.int8)
    mask[table.legal()] = 1
    with torch.no_grad():
        logits, _ = policy(torch.from_numpy(obs)[None], torch.from_numpy(mask)[None])
    return int(logits[0].argmax())


def win_rate(policy: Policy | None, games: int, seed: int) -> float:
    """Games won by seats 0 and 2 (the policy, or ``easy`` when None) against random."""
    rules = followsuit.load_rules(VARIANT)
    won = 0
    for g in range(games):
        table = Table(rules, seed=f"eval/{seed}/{g}")
        others = {s: make_bot("random", seed=f"eval/{seed}/{g}/{s}") for s in (1, 3)}
        easy = make_bot("easy")
        state = table.state
        while not state.over and state.hand_no <= 200:
            seat = table.to_move
            if seat in others:
                table.apply_engine(others[seat].choose(state.observation(seat)))
            elif policy is None:
                table.apply_engine(easy.choose(state.observation(seat)))
            else:
                table.apply(greedy(policy, table, seat))
        won += state.winner == 0
    return won / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=64, help="hands per update")
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--eval-every", type=int, default=25, help="updates between scorings")
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--out", type=Path, default=Path("examples/train_pg.png"))
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    rng = np.random.default_rng(args.seed)
    random.seed(args.seed)
    env = rl.single_agent(VARIANT, seat=0, opponents="easy", max_hands=1)
    size = env.observation_space["observation"].shape[0]
    policy = Policy(size, int(env.action_space.n))
    optimiser = torch.optim.Adam(policy.parameters(), lr=args.lr)
    start = time.monotonic()
    curve: list[tuple[float, int, float]] = []  # (minutes, hands, win rate)
    hands = update = 0
    reference = win_rate(None, args.eval_games, args.seed)
    print(f"easy at seats 0 and 2 against random: {reference:.0%} of {args.eval_games} games")

    def score() -> None:
        rate = win_rate(policy, args.eval_games, args.seed)
        minutes = (time.monotonic() - start) / 60
        curve.append((minutes, hands, rate))
        print(f"{minutes:5.1f} min  {hands:6d} hands  wins against random {rate:.0%}", flush=True)

    score()
    while time.monotonic() - start < args.minutes * 60:
        obs, mask, act, ret = play_hands(env, policy, args.batch, rng)
        hands += args.batch
        logits, value = policy(obs, mask)
        logp = torch.log_softmax(logits, -1).gather(1, act[:, None]).squeeze(1)
        advantage = ret - value.detach()
        loss = -(logp * advantage).mean() + 0.5 * ((value - ret) ** 2).mean()
        probs = torch.softmax(logits, -1)
        entropy = -(probs * torch.log_softmax(logits, -1).clamp(min=-1e9)).nansum(-1).mean()
        loss = loss - 0.01 * entropy
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        update += 1
        if update % args.eval_every == 0:
            score()
    score()
    minutes, _, final = curve[-1]
    print(
        f"final: {final:.0%} of {args.eval_games} games won against random after {minutes:.1f} min"
    )
    plot(curve, reference, args.out, args.eval_games)


def plot(curve: list[tuple[float, int, float]], reference: float, out: Path, games: int) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.plot([c[0] for c in curve], [100 * c[2] for c in curve], marker="o", label="policy gradient")
    ax.axhline(100 * reference, color="grey", linestyle="--", label="easy (reference)")
    ax.axhline(80, color="red", linewidth=0.8, label="target 80%")
    ax.set_xlabel("minutes of training (against easy)")
    ax.set_ylabel(f"% of {games} games won vs random")
    ax.set_ylim(0, 103)
    ax.set_title("euchre/american: seats 0 and 2 against two random bots")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(out)
    plt.close(fig)


if __name__ == "__main__":
    main()

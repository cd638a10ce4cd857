"""A small policy that learns Euchre on followsuit's research faces: it imitates
the bots from self-play data, then improves by policy gradient against ``easy``.

    pip install '.[rl,plot]' torch==2.13.0
    python examples/train_pg.py [--minutes 30] [--seed 1] [--plot curve.png]

Three phases, all inside ``--minutes`` of wall time, each through a public face:

1. **Data** (``followsuit.rl.selfplay``, read back with ``pandas.read_parquet``):
   ``--easy-games`` games of ``easy`` against itself (cheap: a rules bot), then
   ``--teacher-games`` of ``--teacher`` (``medium``: worlds solved double-dummy,
   about ten times slower) against ``easy``, on the arena's duplicate deals, as
   Parquet shards under ``--data DIR`` (resumed if there; by default a temporary
   folder).
2. **Imitation**: an MLP over the observation vector, whose logits outside the
   action mask are set to -inf, is fitted to the bots' choices (cross-entropy;
   decisions with one legal action are left out: they teach nothing), for
   ``--epochs`` passes over easy's decisions, then as many over the teacher's.
3. **Policy gradient** (``followsuit.rl.single_agent``): REINFORCE with a learned
   value baseline on one-hand episodes at seat 0 against ``easy`` (its partner an
   ``easy`` bot too), rewarded by the hand's zero-sum return (+1 made, +2 march,
   +4 alone, -2 euchred), for the minutes left; the value head is fitted alone
   first (``--critic-updates``), so the first advantages are not noise.

Every ``--eval-every`` minutes the greedy policy (the most likely legal action) is
scored by ``followsuit.rl.evaluate``: at both seats of its side against ``easy``
on ``--eval-games`` duplicate games to 10 points; the share won is the learning
curve, drawn to ``--plot`` if given. At the end it is scored against ``easy`` and
``medium`` on ``--final-games`` fresh duplicate games each, with the arena's
95% intervals.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import torch
from torch import nn

import followsuit.rl as rl
from followsuit.rl.selfplay import Run, selfplay

VARIANT = "euchre/american"


class Net(nn.Module):
    def __init__(self, size: int, actions: int, hidden: int = 512):
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


class Greedy:
    """The policy ``evaluate`` calls: an observation in, the most likely legal
    index out."""

    def __init__(self, net: Net):
        self.net = net
        self.__name__ = "train_pg"

    def __call__(self, obs: dict[str, np.ndarray]) -> int:
        with torch.no_grad():
            logits, _ = self.net(
                torch.from_numpy(obs["observation"])[None],
                torch.from_numpy(obs["action_mask"])[None],
            )
        return int(logits[0].argmax())


def teacher_rows(data: Path, teacher: str) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """The teacher's decisions that had a choice: observations, masks, actions."""
    frame = pd.read_parquet(data, columns=["bot", "observation", "action_mask", "action"])
    frame = frame[frame["bot"] == teacher]
    masks = np.stack(frame["action_mask"].to_numpy())
    choice = masks.sum(1) > 1
    obs = np.stack(frame["observation"].to_numpy())[choice]
    return (
        torch.from_numpy(obs),
        torch.from_numpy(masks[choice]),
        torch.from_numpy(frame["action"].to_numpy()[choice].astype(np.int64)),
    )


def play_hands(env: Any, net: Net, hands: int, rng: np.random.Generator):
    """Sampled one-hand episodes: every decision's (obs, mask, action) and its
    hand's return."""
    obs_l, mask_l, act_l, ret_l = [], [], [], []
    for _ in range(hands):
        obs, _ = env.reset(seed=int(rng.integers(2**62)))
        steps, total, done = [], 0.0, False
        while not done:
            o = torch.from_numpy(obs["observation"])
            m = torch.from_numpy(obs["action_mask"])
            with torch.no_grad():
                logits, _ = net(o[None], m[None])
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


def imitate(net: Net, rows: tuple[torch.Tensor, ...], epochs: int, lr: float) -> None:
    obs, mask, act = rows
    optimiser = torch.optim.Adam(net.parameters(), lr=lr)
    for _ in range(epochs):
        for batch in torch.randperm(len(act)).split(512):
            logits, _ = net(obs[batch], mask[batch])
            loss = nn.functional.cross_entropy(logits, act[batch])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30.0, help="wall time, all phases")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--easy-games", type=int, default=1500)
    parser.add_argument("--teacher", default="medium")
    parser.add_argument("--teacher-games", type=int, default=300)
    parser.add_argument("--data", type=Path, help="self-play folder (resumed; default: temporary)")
    parser.add_argument("--jobs", type=int, default=2, help="processes for self-play and scoring")
    parser.add_argument("--epochs", type=int, default=4, help="imitation passes over each data set")
    parser.add_argument("--batch", type=int, default=64, help="hands per policy-gradient update")
    parser.add_argument("--lr", type=float, default=1e-4, help="policy-gradient learning rate")
    parser.add_argument("--critic-updates", type=int, default=20)
    parser.add_argument("--eval-every", type=float, default=4.0, help="minutes between scorings")
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--final-games", type=int, default=400)
    parser.add_argument("--plot", type=Path, help="write the learning curve here (PNG)")
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    rng = np.random.default_rng(args.seed)
    start = time.monotonic()

    def minutes() -> float:
        return (time.monotonic() - start) / 60

    curve: list[tuple[float, float, str]] = []  # (minutes, win rate against easy, phase)
    env = rl.single_agent(VARIANT, seat=0, opponents="easy", max_hands=1)
    net = Net(env.observation_space["observation"].shape[0], int(env.action_space.n))
    policy = Greedy(net)
    eval_seed = 1_000 + args.seed  # deals of its own: none of the data's

    def score(phase: str) -> None:
        net.eval()
        result = rl.evaluate(policy, VARIANT, "easy", games=args.eval_games, seed=eval_seed)
        net.train()
        rate = result.bots[0].win_rate
        curve.append((minutes(), rate, phase))
        print(f"{minutes():5.1f} min  {phase:9s} wins against easy {rate:.0%}", flush=True)

    score("untrained")
    with tempfile.TemporaryDirectory() as scratch:
        data = args.data or Path(scratch)
        for bots, games in (
            (("easy", "easy"), args.easy_games),
            ((args.teacher, "easy"), args.teacher_games),
        ):
            folder = data / "-".join(bots)
            selfplay(Run(VARIANT, {}, bots, games, args.seed), folder, jobs=args.jobs)
            print(f"{minutes():5.1f} min  data: {games} games of {' and '.join(bots)}", flush=True)
            rows = teacher_rows(folder, bots[0])
            imitate(net, rows, args.epochs, 1e-3 if bots[0] == "easy" else 3e-4)
            print(
                f"{minutes():5.1f} min  imitated {len(rows[2])} decisions of {bots[0]}", flush=True
            )
            del rows
            score("imitation")
    optimiser = torch.optim.Adam(net.parameters(), lr=args.lr)
    critic = torch.optim.Adam(net.value.parameters(), lr=1e-3)
    next_score = minutes() + args.eval_every
    update = 0
    while minutes() < args.minutes:
        o, m, a, ret = play_hands(env, net, args.batch, rng)
        logits, value = net(o, m)
        value_loss = ((value - ret) ** 2).mean()
        if update < args.critic_updates:
            critic.zero_grad()
            value_loss.backward()
            critic.step()
        else:
            logp = torch.log_softmax(logits, -1).gather(1, a[:, None]).squeeze(1)
            loss = -(logp * (ret - value.detach())).mean() + 0.5 * value_loss
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
        update += 1
        if minutes() >= next_score:
            score("gradient")
            next_score = minutes() + args.eval_every
    score("gradient")
    trained = minutes()
    net.eval()
    for level in ("easy", "medium"):
        result = rl.evaluate(
            policy, VARIANT, level, games=args.final_games, seed=2_000 + args.seed, jobs=args.jobs
        )
        me = result.bots[0]
        lo, hi = me.win_rate_ci95
        diff, (dlo, dhi) = result.difference or (0.0, (0.0, 0.0))
        print(
            f"final, after {trained:.1f} min: against {level}: won {me.games_won} of {me.games} "
            f"games, {me.win_rate:.1%} [95% CI {lo:.1%}, {hi:.1%}]; points per hand "
            f"{diff:+.3f} [{dlo:+.3f}, {dhi:+.3f}] against {level}'s "
            f"({minutes():.1f} min with the scoring)",
            flush=True,
        )
    if args.plot:
        plot(curve, args.plot, args.eval_games)


def plot(curve: list[tuple[float, float, str]], out: Path, games: int) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.5))
    for phase, colour in (("imitation", "#3b7dd8"), ("gradient", "#d8843b")):
        points = [c for c in curve if c[2] == phase]
        ax.plot(
            [c[0] for c in points],
            [100 * c[1] for c in points],
            marker="o",
            color=colour,
            label=phase,
        )
    ax.plot([curve[0][0]], [100 * curve[0][1]], marker="o", color="grey", label="untrained")
    ax.axhline(50, color="grey", linestyle="--", linewidth=0.8, label="as good as easy")
    ax.axhline(55, color="red", linewidth=0.8, label="aim 55%")
    ax.set_xlabel("minutes (self-play data, imitation, policy gradient)")
    ax.set_ylabel(f"% of {games} games won vs easy")
    ax.set_ylim(0, 80)
    ax.set_title("euchre/american: seats 0 and 2 against two easy bots")
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(out)
    plt.close(fig)


if __name__ == "__main__":
    main()

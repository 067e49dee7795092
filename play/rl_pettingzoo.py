"""A PettingZoo AEC environment over :class:`~fecipher.play.rl.GameEnv` (``fecipher[rl]``).

Agents ``"player_0"`` and ``"player_1"`` (the game's players 0 and 1) act in turn, as
the game's decisions say. Each observation is a dict: ``"observation"``, the player's
view encoded by :func:`~fecipher.play.rl.encode_observation` (``int32``,
:data:`~fecipher.play.rl.OBSERVATION_SIZE` long), and ``"action_mask"`` (``int8``,
:data:`~fecipher.play.rl.NUM_ACTIONS` long: 1 for each legal option number). The
action space is ``Discrete(NUM_ACTIONS)``. Rewards are +1 / -1 for the winner /
loser when the game ends, 0 otherwise; a game stopped by its turn limit (or another
engine limit) with no winner is *truncated* for both. An illegal action raises
:class:`~fecipher.engine.decisions.IllegalAnswer` and changes nothing.

``python -m fecipher.play.rl_pettingzoo --episodes 10`` plays random (masked) policies.
"""
from __future__ import annotations

import argparse
import sys
from typing import Iterable

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from fecipher.dsl.decks import load_deck
from fecipher.dsl.packs import embedded_pool
from fecipher.engine.cards import Card
from fecipher.engine.game import Deck
from fecipher.play.rl import NUM_ACTIONS, OBSERVATION_SIZE, GameEnv

AGENTS = ("player_0", "player_1")


class FecipherAEC(AECEnv):  # type: ignore[misc]   (PettingZoo's classes are untyped)
    """Fire Emblem 0 as a PettingZoo AEC environment (see the module docstring).

    ``deck1`` and ``deck2`` (default: the embedded Marth and Chrom starter decks);
    ``seed`` is the first game's seed (``reset(seed=...)`` gives another; without one,
    each reset plays the next seed); ``max_turns`` the turn limit; ``pool`` the cards
    numbered in observations (default: the embedded pool)."""

    metadata = {"name": "fecipher_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, deck1: Deck | None = None, deck2: Deck | None = None, *, seed: int = 0,
                 max_turns: int = 100, pool: Iterable[Card] | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        self.decks = (deck1 or load_deck("marth"), deck2 or load_deck("chrom"))
        self.max_turns = max_turns
        self.pool = tuple(pool) if pool is not None else embedded_pool().cards
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self._next_seed = seed
        self._spaces = {a: spaces.Dict({
            "observation": spaces.Box(low=-(2**31), high=2**31 - 1, shape=(OBSERVATION_SIZE,), dtype=np.int32),
            "action_mask": spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8),
        }) for a in AGENTS}
        self._actions = {a: spaces.Discrete(NUM_ACTIONS) for a in AGENTS}
        self.env: GameEnv | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space of ``agent`` (the same for both)."""
        return self._spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """``Discrete(NUM_ACTIONS)``: option numbers."""
        return self._actions[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a new game (``seed``: its seed; otherwise the next one)."""
        if seed is None:
            seed = self._next_seed
        self._next_seed = seed + 1
        self.env = GameEnv(self.decks[0], self.decks[1], seed=seed, max_turns=self.max_turns, pool=self.pool)
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[self.env.current_player()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation and action mask (all zeros when it is not their turn)."""
        assert self.env is not None
        p = AGENTS.index(agent)
        return {"observation": np.asarray(self.env.observation(p), dtype=np.int32),
                "action_mask": np.asarray(self.env.legal_actions_mask(p), dtype=np.int8)}

    def step(self, action: int | None) -> None:
        """Answer the selected agent's decision with option number ``action`` (None for
        an agent whose episode is over, as PettingZoo requires)."""
        assert self.env is not None
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        assert action is not None
        self.env.apply(action)
        self.rewards = {a: 0.0 for a in AGENTS}
        if self.env.is_terminal():
            g = self.env.game
            if g.winner is None:
                self.truncations = {a: True for a in AGENTS}
            else:
                self.terminations = {a: True for a in AGENTS}
                ret = self.env.returns()
                self.rewards = {a: ret[i] for i, a in enumerate(AGENTS)}
            for a in AGENTS:
                self.infos[a] = {"winner": g.winner, "reason": g.reason, "turns": g.turn}
        else:
            self.agent_selection = AGENTS[self.env.current_player()]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """A line saying where the game is (``render_mode="ansi"``)."""
        if self.render_mode != "ansi" or self.env is None:
            return None
        return str(self.env)

    def close(self) -> None:
        """Nothing to release."""


def env(**kwargs: object) -> FecipherAEC:
    """A :class:`FecipherAEC` (keyword arguments as its constructor's)."""
    return FecipherAEC(**kwargs)  # type: ignore[arg-type]


def run_random(episodes: int, seed: int = 0, max_turns: int = 100) -> list[dict[str, float]]:
    """Play ``episodes`` games with random masked policies; each game's rewards by agent."""
    rng = np.random.default_rng(seed)
    e = FecipherAEC(seed=seed, max_turns=max_turns)
    out = []
    for i in range(episodes):
        e.reset(seed=seed + i)
        total = {a: 0.0 for a in AGENTS}
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            total[agent] += reward
            if terminated or truncated:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(rng.choice(legal)))
        out.append(total)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m fecipher.play.rl_pettingzoo",
                                 description="Random masked policies in the PettingZoo environment.")
    ap.add_argument("--episodes", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-turns", type=int, default=100)
    a = ap.parse_args(argv)
    results = run_random(a.episodes, a.seed, a.max_turns)
    wins = [sum(1 for r in results if r[p] > 0) for p in AGENTS]
    print(f"{a.episodes} episodes: player_0 won {wins[0]}, player_1 won {wins[1]}, "
          f"{a.episodes - sum(wins)} without a winner")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

"""Agents: players that live outside the engine and answer its decisions.

Every agent is ``agent(game) -> Option``; :func:`play` drives a game with one
agent per player until it ends.
"""
from __future__ import annotations

import random
from typing import Callable, Iterable, Sequence

from fecipher.engine.decisions import Option
from fecipher.engine.game import Game

Agent = Callable[[Game], Option]


class RandomAgent:
    """Chooses uniformly among the legal options, from its own seeded generator."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def __call__(self, game: Game) -> Option:
        opts = game.legal_options()
        return opts[self.rng.randrange(len(opts))]


class FirstOptionAgent:
    """Always the first legal option (deterministic and cheap)."""

    def __call__(self, game: Game) -> Option:
        return game.legal_options()[0]


class ScriptedAgent:
    """Answers from a list (options or option numbers), for tests; then falls back."""

    def __init__(self, answers: Iterable[Option | int], fallback: Agent | None = None):
        self.answers = list(answers)
        self.fallback = fallback

    def __call__(self, game: Game) -> Option:
        if self.answers:
            a = self.answers.pop(0)
            return game.legal_options()[a] if isinstance(a, int) else a
        if self.fallback is None:
            raise RuntimeError(f"script exhausted at decision: {game.decision}")
        return self.fallback(game)


def play(game: Game, agents: Sequence[Agent], max_decisions: int = 1_000_000) -> Game:
    """Answer every decision with the deciding player's agent until the game ends."""
    n = 0
    while not game.over and game.decision is not None:
        d = game.decision
        game.answer(agents[d.player](game))
        n += 1
        if n >= max_decisions:
            raise RuntimeError("too many decisions")
    return game

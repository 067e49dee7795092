"""What the benchmarks share: the starter decks, one seeded self-play game, timing."""
from __future__ import annotations

import functools
import gc
import statistics
import time
from typing import Callable

from fecipher.engine.agents import RandomAgent, play
from fecipher.engine.game import Game


@functools.lru_cache(maxsize=None)
def starter_decks():
    """The two Series 1 starter decks, every skill compiled from cards/."""
    from fecipher.dsl.decks import load_deck
    return load_deck("marth"), load_deck("chrom")


def play_one(deck1, deck2, seed: int) -> Game:
    """One random-vs-random game: the game's seed and each agent's seed derive from ``seed``."""
    game = Game(deck1, deck2, seed)
    play(game, [RandomAgent(2 * seed), RandomAgent(2 * seed + 1)])
    return game


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    """Wall times (s) of ``repeat`` calls of ``fn``; the collector runs between calls, not during."""
    out = []
    for _ in range(repeat):
        gc.collect()
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def median(xs) -> float:
    return statistics.median(xs)

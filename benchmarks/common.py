"""What the benchmarks share: the starter decks, one seeded self-play game, timing, rows."""
from __future__ import annotations

import functools
import gc
import statistics
import time
from typing import Any, Callable

from fecipher.play.agents import RandomAgent, play
from fecipher.engine.game import Game


@functools.lru_cache(maxsize=None)
def starter_decks():
    """The two Series 1 starter decks, every skill compiled from cards/."""
    from fecipher.dsl.decks import load_deck
    return load_deck("marth"), load_deck("chrom")


@functools.lru_cache(maxsize=None)
def starter_decks_without_skills():
    """The starter decks with every skill (and support skill) taken off their
    cards: what the engine's own rules cost, for comparison."""
    import attrs
    bare: dict = {}

    def strip(card):
        if card not in bare:
            bare[card] = attrs.evolve(card, skills=(), support_skill=None)
        return bare[card]

    return tuple(attrs.evolve(d, cards=tuple(strip(c) for c in d.cards), main_character=strip(d.main_character))
                 for d in starter_decks())


def play_one(deck1, deck2, seed: int) -> Game:
    """One random-vs-random game: the game's seed and each agent's seed derive from ``seed``."""
    game = Game(deck1, deck2, seed)
    play(game, [RandomAgent(2 * seed), RandomAgent(2 * seed + 1)])
    return game


def timed(fn: Callable[[], Any], repeat: int) -> list[float]:
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


def row(benchmark: str, metric: str, value: Any, unit: str = "", *, target: str = "",
        met: bool | None = None, note: str = "") -> dict[str, Any]:
    """One line of the table. ``target`` is the goal as text; ``met`` whether it was reached."""
    return {"benchmark": benchmark, "metric": metric, "value": value, "unit": unit,
            "target": target, "met": met, "note": note}


def fmt(value: Any) -> str:
    if isinstance(value, float):
        if value == 0:
            return "0"
        if abs(value) >= 100:
            return f"{value:,.0f}"
        if abs(value) >= 10:
            return f"{value:.1f}"
        if abs(value) >= 0.1:
            return f"{value:.2f}"
        return f"{value:.3g}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)

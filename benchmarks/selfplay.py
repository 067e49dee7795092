"""1. Self-play throughput: random-vs-random games between the starter decks.

Every skill of both decks is compiled from cards/. Seeds are fixed (game ``s``
uses ``Game(marth, chrom, s)`` and agents ``RandomAgent(2s)``, ``RandomAgent(2s+1)``),
all in this one process. The set of games is played ``repeat`` times; each figure
is the median over the repetitions.

The same games are also played with every skill taken off the cards (their
printed facts kept): the time per turn of the rules alone, against which the
cost of the skills can be read.

Random pool decks: the same seeds on random legal decks drawn from every scripted
card of cards/ (``benchmarks.soak.decks_for(s)`` for game ``s``): what a player
turn costs with the whole pool's skills; the target is within 1.5x of the
starter decks' time per turn.

Memory: ``tracemalloc`` around one whole game (seed 0), from before ``Game(...)``
to the end: the peak of Python allocations during it, and what is still held at
the end by the finished game (its state and its event log).
"""
from __future__ import annotations

import gc
import statistics
import time
import tracemalloc

from benchmarks.common import median, play_one, row, starter_decks, starter_decks_without_skills

NAME = "selfplay"
TITLE = "self-play throughput"


def measure(seeds: range, repeat: int, decks=None, decks_of=None) -> dict:
    """Play ``seeds`` ``repeat`` times: with the two ``decks`` (the starter decks by default), or with
    ``decks_of(seed)`` for each game when given (built before the clock starts)."""
    fixed = decks or starter_decks()
    per_seed = {s: decks_of(s) for s in seeds} if decks_of else {s: fixed for s in seeds}
    play_one(*per_seed[seeds[0]], seeds[0])         # warm-up: imports, first-call costs
    runs = []
    turns: list[int] = []
    decisions = 0
    events = 0
    for r in range(repeat):
        gc.collect()
        total_turns = total_decisions = 0
        t0 = time.perf_counter()
        for s in seeds:
            g = play_one(*per_seed[s], s)
            total_turns += g.turn
            total_decisions += len(g.answers)
            if r == 0:
                turns.append(g.turn)
                events += len(g.events)
        dt = time.perf_counter() - t0
        decisions = total_decisions
        runs.append({"seconds": dt, "games_per_s": len(seeds) / dt, "ms_per_turn": dt / total_turns * 1000,
                     "decisions_per_s": total_decisions / dt})
    return {
        "games": len(seeds), "repeat": repeat,
        "games_per_s": median(r["games_per_s"] for r in runs),
        "ms_per_turn": median(r["ms_per_turn"] for r in runs),
        "decisions_per_s": median(r["decisions_per_s"] for r in runs),
        "runs_ms_per_turn": [round(r["ms_per_turn"], 4) for r in runs],
        "median_turns": statistics.median(turns),
        "decisions_per_game": decisions / len(seeds),
        "events_per_game": events / len(seeds),
    }


def memory(seed: int = 0) -> dict:
    d1, d2 = starter_decks()
    gc.collect()
    tracemalloc.start()
    try:
        g = play_one(d1, d2, seed)
        current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return {"peak_bytes": peak, "retained_bytes": current, "turns": g.turn, "events": len(g.events)}


def run(quick: bool = False) -> list[dict]:
    seeds = range(3) if quick else range(50)
    repeat = 1 if quick else 5
    m = measure(seeds, repeat)
    bare = measure(seeds, max(1, repeat - 2), starter_decks_without_skills())
    from benchmarks.soak import decks_for
    pool = measure(seeds, max(1, repeat - 2), decks_of=decks_for)
    ratio = pool["ms_per_turn"] / m["ms_per_turn"]
    mem = memory()
    b = TITLE
    note = f"{m['games']} games (seeds 0..{m['games'] - 1}) x {m['repeat']} runs, median"
    return [
        row(b, "games per second", m["games_per_s"], "games/s", target=">= 100", met=m["games_per_s"] >= 100,
            note=note),
        row(b, "time per player turn", m["ms_per_turn"], "ms", target="<= 0.5", met=m["ms_per_turn"] <= 0.5,
            note="runs: " + ", ".join(f"{x:.3f}" for x in m["runs_ms_per_turn"])),
        row(b, "time per player turn, no skills", bare["ms_per_turn"], "ms",
            note=f"the same decks with every skill taken off ({bare['games_per_s']:.0f} games/s, "
                 f"{bare['median_turns']:.0f} turns per game): the rules alone"),
        row(b, "time per player turn, random pool decks", pool["ms_per_turn"], "ms",
            target="<= 1.5x the starter decks", met=ratio <= 1.5,
            note=f"{ratio:.2f}x the starter decks; random legal decks from every card of cards/ "
                 f"(benchmarks.soak.decks_for), {pool['median_turns']:.0f} turns per game"),
        row(b, "decisions per second", m["decisions_per_s"], "decisions/s"),
        row(b, "median turns per game", m["median_turns"], "turns",
            note=f"{m['decisions_per_game']:.0f} decisions, {m['events_per_game']:.0f} events per game"),
        row(b, "peak memory of one game", mem["peak_bytes"] / 1024, "KiB",
            note=f"tracemalloc around game seed 0 ({mem['turns']} turns, {mem['events']} events)"),
        row(b, "memory held by a finished game", mem["retained_bytes"] / 1024, "KiB",
            note="tracemalloc: still allocated at the end (state + event log)"),
    ]

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
starter decks' time per turn. Each pool game is timed right after the starter game
of the same seed, and the ratio is the median over 5 runs of all the seeds: the
host's speed moves within seconds to minutes, and two rows measured minutes apart
would put that in the ratio. Both are timed warm: every pool game is played once
before, as the starter decks' warm-up game does for theirs.

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


def _decks_per_seed(seeds: range, decks=None, decks_of=None) -> dict:
    fixed = decks or starter_decks()
    return {s: decks_of(s) for s in seeds} if decks_of else {s: fixed for s in seeds}


def _run(seeds: range, per_seed: dict) -> tuple[dict, list, int]:
    """One run of the games: its figures, each game's turns and the events of all."""
    gc.collect()
    total_turns = total_decisions = events = 0
    turns = []
    t0 = time.perf_counter()
    for s in seeds:
        g = play_one(*per_seed[s], s)
        total_turns += g.turn
        total_decisions += len(g.answers)
        turns.append(g.turn)
        events += len(g.events)
    dt = time.perf_counter() - t0
    return ({"seconds": dt, "games_per_s": len(seeds) / dt, "ms_per_turn": dt / total_turns * 1000,
             "decisions_per_s": total_decisions / dt, "decisions": total_decisions}, turns, events)


def measure(seeds: range, repeat: int, decks=None, decks_of=None) -> dict:
    """Play ``seeds`` ``repeat`` times: with the two ``decks`` (the starter decks by default), or with
    ``decks_of(seed)`` for each game when given (built before the clock starts)."""
    per_seed = _decks_per_seed(seeds, decks, decks_of)
    play_one(*per_seed[seeds[0]], seeds[0])         # warm-up: imports, first-call costs
    runs = []
    for r in range(repeat):
        run, game_turns, game_events = _run(seeds, per_seed)
        if r == 0:
            turns, events = game_turns, game_events
        runs.append(run)
    return _summary(seeds, repeat, runs, turns, events)


def paired(seeds: range, repeat: int, decks_of) -> tuple[dict, list[float]]:
    """``decks_of`` against the starter decks, game for game: each ``decks_of`` game is
    timed right after the starter game of the same seed, so that both see the host at the
    same speed (its speed moves within seconds to minutes); a run is every seed so.
    (the ``decks_of`` games' figures, each run's ratio of time per player turn)"""
    mine = _decks_per_seed(seeds, decks_of=decks_of)
    starter = _decks_per_seed(seeds)
    # Warm-up: every game once, untimed, so that both are timed warm. One game of the
    # starter decks sees all their cards; each ``decks_of`` game has cards of its own,
    # whose first use fills the process's caches of cards (their skills listed, their
    # texts rendered for prompts, the decks' legality checked).
    for s in seeds:
        play_one(*mine[s], s)
    play_one(*starter[seeds[0]], seeds[0])
    clock = time.perf_counter
    runs, ratios = [], []
    for r in range(repeat):
        gc.collect()
        base_s = base_turns = mine_s = mine_turns = decisions = events = 0
        turns = []
        for s in seeds:
            t0 = clock()
            g = play_one(*starter[s], s)
            t1 = clock()
            base_s += t1 - t0
            base_turns += g.turn
            t1 = clock()
            g = play_one(*mine[s], s)
            mine_s += clock() - t1
            mine_turns += g.turn
            decisions += len(g.answers)
            events += len(g.events)
            turns.append(g.turn)
        if r == 0:
            first_turns, first_events = turns, events
        runs.append({"seconds": mine_s, "games_per_s": len(seeds) / mine_s,
                     "ms_per_turn": mine_s / mine_turns * 1000, "decisions_per_s": decisions / mine_s,
                     "decisions": decisions})
        ratios.append((mine_s / mine_turns) / (base_s / base_turns))
    return _summary(seeds, repeat, runs, first_turns, first_events), ratios


def _summary(seeds: range, repeat: int, runs: list, turns: list, events: int) -> dict:
    decisions = runs[-1]["decisions"]
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
    pool, ratios = paired(seeds, repeat, decks_for)
    ratio = median(ratios)
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
            note=f"{ratio:.2f}x the starter decks (median of {len(ratios)} runs, each pool game timed right after "
                 f"the starter game of its seed: " + ", ".join(f"{x:.2f}x" for x in ratios) + "); random legal "
                 f"decks from every card of cards/ (benchmarks.soak.decks_for), "
                 f"{pool['median_turns']:.0f} turns per game"),
        row(b, "decisions per second", m["decisions_per_s"], "decisions/s"),
        row(b, "median turns per game", m["median_turns"], "turns",
            note=f"{m['decisions_per_game']:.0f} decisions, {m['events_per_game']:.0f} events per game"),
        row(b, "peak memory of one game", mem["peak_bytes"] / 1024, "KiB",
            note=f"tracemalloc around game seed 0 ({mem['turns']} turns, {mem['events']} events)"),
        row(b, "memory held by a finished game", mem["retained_bytes"] / 1024, "KiB",
            note="tracemalloc: still allocated at the end (state + event log)"),
    ]

"""5. State copy and record replay.

A game is a function of its decks, its seed and the answers given to it, so a
mid-game state is rebuilt by *replay*: ``Game(d1, d2, seed)``, then answering
``answers[:n]`` by index. This times that for the middle decision of recorded
self-play games (and checks the replayed events are the recorded ones).

``copy.deepcopy`` of a mid-game :class:`~fecipher.engine.game.Game` is tried too:
the game's flow is a Python generator suspended at the pending decision, and a
generator cannot be copied, so it fails. ``Game.clone()`` (engine/snapshot.py) is
timed at Action Phase decisions of mid-game (a deep copy of the state without the
flow, the flow restarted at the phase) and at decisions inside a battle or a skill
(a copy of the last restart point, kept on the game, and the answers since; the
first such copy of a stretch also replays to that point, and is timed apart).
"""
from __future__ import annotations

import copy
import time

from benchmarks.common import median, play_one, row, starter_decks
from fecipher.engine.game import Game

NAME = "replay"
TITLE = "state copy / replay"


def replay(d1, d2, seed: int, answers: list[int]) -> Game:
    g = Game(d1, d2, seed)
    for a in answers:
        g.answer(a)
    return g


def measure_replay(seeds, repeat: int) -> dict:
    d1, d2 = starter_decks()
    cases = []
    for s in seeds:
        full = play_one(d1, d2, s)
        n = len(full.answers) // 2
        mid = replay(d1, d2, s, full.answers[:n])
        assert [e.to_json() for e in mid.events] == [e.to_json() for e in full.events[:len(mid.events)]]
        cases.append((s, full.answers[:n], mid))
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        for s, answers, _mid in cases:
            replay(d1, d2, s, answers)
        times.append((time.perf_counter() - t) / len(cases))
    answers_mean = sum(len(a) for _s, a, _m in cases) / len(cases)
    turns_mean = sum(m.turn for _s, _a, m in cases) / len(cases)
    return {"seconds": median(times), "answers": answers_mean, "turns": turns_mean, "mid": cases[0][2]}


def try_deepcopy(game: Game) -> tuple[float | None, str]:
    t = time.perf_counter()
    try:
        copy.deepcopy(game)
    except Exception as e:  # the flow is a generator
        return None, f"{type(e).__name__}: {e}"
    return time.perf_counter() - t, "ok"


def measure_clone(seeds, repeat: int) -> dict | None:
    from fecipher.engine.snapshot import at_restart_point
    from fecipher.play.agents import RandomAgent
    d1, d2 = starter_decks()
    at_phase, inner = [], []
    for s in seeds:
        g = Game(d1, d2, s)
        agents = [RandomAgent(2 * s), RandomAgent(2 * s + 1)]
        while not g.over:
            if g.turn >= 8:
                if not at_phase or at_phase[-1][0] != s:
                    if g.decision.kind == "action" and at_restart_point(g):
                        at_phase.append((s, g.clone()))
                elif not at_restart_point(g):
                    inner.append((s, g.clone()))
                    break
            g.answer(agents[g.decision.player](g))
    if not at_phase:
        return None
    out = {"games": len(at_phase), "inner_games": len(inner)}
    for key, games in (("seconds", at_phase), ("inner_seconds", inner)):
        if not games:
            continue
        first = []
        for _s, g in games:
            g._checkpoint = None
            t = time.perf_counter()
            g.clone()
            first.append(time.perf_counter() - t)
        times = []
        for _ in range(repeat):
            t = time.perf_counter()
            for _s, g in games:
                g.clone()
            times.append((time.perf_counter() - t) / len(games))
        out[key] = median(times)
        out["first_" + key] = sum(first) / len(first)
    return out


def run(quick: bool = False) -> list[dict]:
    b = TITLE
    seeds = range(2) if quick else range(20)
    repeat = 1 if quick else 5
    r = measure_replay(seeds, repeat)
    rows = [row(b, "replay to the middle of a game", r["seconds"] * 1000, "ms",
                note=f"Game(d1, d2, seed) + {r['answers']:.0f} answers by index (turn {r['turns']:.0f}); "
                     f"{r['seconds'] / r['answers'] * 1e6:.0f} us per answer; events checked identical")]
    t, msg = try_deepcopy(r["mid"])
    rows.append(row(b, "copy.deepcopy of a mid-game Game", "not possible" if t is None else t * 1000,
                    "" if t is None else "ms",
                    note=(f"{msg} (the flow is a suspended generator): Game.clone() is the supported copy"
                          if t is None else "")))
    c = measure_clone(seeds, repeat)
    if c is not None:
        rows.append(row(b, "Game.clone() at an Action Phase decision (turn 8+)", c["seconds"] * 1000, "ms",
                        note=f"deepcopy of the state without the flow, flow restarted at the phase "
                             f"({c['games']} games)"))
        if "inner_seconds" in c:
            rows.append(row(b, "Game.clone() inside a battle or a skill (turn 8+)", c["inner_seconds"] * 1000,
                            "ms", note=f"a copy of the kept restart point + the answers since; the first "
                                       f"copy of a stretch, which replays to that point: "
                                       f"{c['first_inner_seconds'] * 1000:.1f} ms ({c['inner_games']} games)"))
    return rows

"""`fecipher simulate`: many games between two decks, on one core, several, or a Ray cluster.

Game ``i`` of a run with seed ``S`` is ``Game(deck1, deck2, seed=S + i)`` (the first
player is the game's seeded draw), player 1's agent is made with seed ``2(S + i) + 1``
and player 2's with ``2(S + i) + 2``. A game's result depends on nothing else, so a run
gives the same results whatever the number of worker processes or the backend: results
are collected by game number, never in the order workers finish.

Agents are named: the built-in ``random``, ``ai`` (= ``heuristic``), ``search`` and
``first``, or ``package.module:factory`` for your own, where ``factory(seed)`` returns
an agent (a callable ``agent(game) -> Option``; see :mod:`fecipher.play.agents`). The
module must be importable by the worker processes (installed, or on ``PYTHONPATH``).
"""
from __future__ import annotations

import argparse
import importlib
import json
import math
import sys
import time
from collections import Counter
from typing import Any, Callable, Iterable, Iterator, Sequence

import attrs

from fecipher.engine.jsontypes import JSONObject

BUILT_IN_AGENTS = ("random", "ai", "heuristic", "search", "first")

SIMULATE_EXAMPLES = """\
examples:
  fecipher simulate --games 200                              starter decks, AI against AI
  fecipher simulate --deck1 my.deck --deck2 chrom --games 1000 --jobs 2 --p2 random
  fecipher simulate --games 500 --p1 mypkg.agents:make --json
  fecipher simulate --games 10000 --backend ray              on a Ray cluster (fecipher[cluster])
  fecipher simulate --packs mycards/ --deck1 mine.deck       an author's packs beside the embedded ones

agents: random, ai (= heuristic), search, first, or module:factory (factory(seed) -> agent).
The results are the same for a seed whatever --jobs and --backend.
exit codes: 0 simulated, 2 usage error (unknown deck or agent, bad option)."""


class SimulationError(ValueError):
    """A simulation that cannot start: an unknown agent, deck or pack."""


@attrs.frozen
class GameResult:
    """The outcome of one game of a run."""

    game: int                 # its number in the run, from 0
    seed: int
    winner: int | None        # 0 (player 1), 1 (player 2) or None (no winner)
    reason: str
    first_player: int
    turns: int
    decisions: int
    seconds: float = attrs.field(eq=False)

    def to_json(self) -> "JSONObject":
        """The result as JSON values (one object, its fields by name)."""
        return attrs.asdict(self)


@attrs.frozen
class Setup:
    """What every worker needs to play any game of the run (plain data, picklable)."""

    deck1: str
    deck2: str
    p1: str
    p2: str
    seed: int = 0
    max_turns: int = 300
    packs: tuple[str, ...] = ()


# ---------------------------------------------------------------------------- agents
def agent_factory(name: str) -> Callable[[int], Any]:
    """``factory(seed) -> agent`` for a built-in agent name or ``module:attribute``."""
    if name in BUILT_IN_AGENTS:
        from fecipher.play.agents import FirstOptionAgent
        from fecipher.play.ai import make_agent
        if name == "first":
            return lambda seed: FirstOptionAgent()
        return lambda seed, _n=name: make_agent(_n, seed)
    module, sep, attr = name.partition(":")
    if not sep or not module or not attr:
        raise SimulationError(f"unknown agent {name!r}: use one of {', '.join(BUILT_IN_AGENTS)} "
                              f"or module:factory")
    try:
        mod = importlib.import_module(module)
    except ImportError as e:
        raise SimulationError(f"agent {name!r}: cannot import {module!r}: {e}") from None
    factory = mod
    for part in attr.split("."):
        factory = getattr(factory, part, None)
        if factory is None:
            raise SimulationError(f"agent {name!r}: {module!r} has no {attr!r}")
    if not callable(factory):
        raise SimulationError(f"agent {name!r}: {attr!r} is not callable")
    try:
        probe = factory(0)
    except Exception as e:
        raise SimulationError(f"agent {name!r}: {attr}(seed) failed: {type(e).__name__}: {e}") from None
    if not callable(probe):
        raise SimulationError(f"agent {name!r}: {attr}(seed) gave {type(probe).__name__}, not an agent "
                              f"(a callable agent(game) -> Option)")
    return factory  # type: ignore[return-value]


# ---------------------------------------------------------------------------- one game
_LOADED: dict[Setup, tuple[Any, Any, Callable, Callable]] = {}


def _prepared(setup: Setup) -> tuple[Any, Any, Callable, Callable]:
    """The decks and agent factories of a run, loaded once per process."""
    got = _LOADED.get(setup)
    if got is None:
        d1, d2 = load_decks(setup)
        got = _LOADED[setup] = (d1, d2, agent_factory(setup.p1), agent_factory(setup.p2))
    return got


def load_decks(setup: Setup) -> tuple[Any, Any]:
    """The two decks, from deck files or embedded names, with the run's packs added to
    the embedded ones. Raises :class:`SimulationError` with the reason."""
    from fecipher.dsl.decks import load_deck
    from fecipher.dsl.errors import LanguageError
    from fecipher.dsl.packs import pool_with
    from fecipher.engine.deckrules import deck_problems
    try:
        pool = pool_with(setup.packs)
    except LanguageError as e:
        raise SimulationError(f"the packs do not load:\n{e}") from None
    except OSError as e:
        raise SimulationError(f"cannot read the packs: {e}") from None
    decks = []
    for ref in (setup.deck1, setup.deck2):
        try:
            deck = load_deck(ref, pool)
        except FileNotFoundError as e:
            raise SimulationError(str(e)) from None
        except LanguageError as e:
            raise SimulationError(f"the deck {ref!r} cannot be read:\n{e}") from None
        problems = deck_problems(deck)
        if problems:
            raise SimulationError(f"the deck {ref!r} is not legal: {'; '.join(problems)}")
        decks.append(deck)
    return decks[0], decks[1]


def play_game(setup: Setup, game_no: int) -> GameResult:
    """Game ``game_no`` of the run: a function of the setup and the number only."""
    from fecipher.engine.game import Game
    from fecipher.play.agents import play
    d1, d2, f1, f2 = _prepared(setup)
    seed = setup.seed + game_no
    game = Game(d1, d2, seed=seed, max_turns=setup.max_turns)
    t = time.perf_counter()
    try:
        play(game, [f1(2 * seed + 1), f2(2 * seed + 2)])
    except Exception as e:   # an agent that fails or answers wrongly: named, not a traceback
        who = setup.p1 if game.decision is None or game.decision.player == 0 else setup.p2
        raise SimulationError(f"game {game_no} (seed {seed}): agent {who!r} failed: "
                              f"{type(e).__name__}: {e}") from None
    return GameResult(game_no, seed, game.winner, game.reason, game.first_player, game.turn,
                      len(game.answers), time.perf_counter() - t)


def _play_chunk(args: tuple[Setup, Sequence[int]]) -> list[GameResult]:
    setup, numbers = args
    return [play_game(setup, n) for n in numbers]


def _chunks(games: int, size: int) -> list[list[int]]:
    return [list(range(i, min(games, i + size))) for i in range(0, games, size)]


# ---------------------------------------------------------------------------- backends
def run_local(setup: Setup, games: int, jobs: int = 1) -> Iterator[list[GameResult]]:
    """Results in chunks as they finish, on ``jobs`` processes (1: this process)."""
    if jobs <= 1:
        for chunk in _chunks(games, 1):
            yield _play_chunk((setup, chunk))
        return
    import multiprocessing as mp
    load_decks(setup)  # refuse a bad setup here, not in every worker
    ctx = mp.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    size = max(1, min(20, games // (jobs * 8) or 1))
    with ctx.Pool(jobs) as pool:
        yield from pool.imap_unordered(_play_chunk, [(setup, c) for c in _chunks(games, size)])


def run_ray(setup: Setup, games: int, jobs: int | None = None,
            address: str | None = None) -> Iterator[list[GameResult]]:
    """Results in chunks on a Ray cluster (``ray.init(address)``; None starts a local one)."""
    try:
        import ray
    except ImportError:
        raise SimulationError("the ray backend needs Ray: pip install 'fecipher[cluster]'") from None
    load_decks(setup)
    started = False
    if not ray.is_initialized():
        ray.init(address=address, num_cpus=jobs if address is None and jobs else None,
                 include_dashboard=False, log_to_driver=False)
        started = True
    try:
        remote = ray.remote(_play_chunk)
        size = max(1, min(50, games // 64 or 1))
        pending = [remote.remote((setup, c)) for c in _chunks(games, size)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        if started:
            ray.shutdown()


def simulate(setup: Setup, games: int, *, jobs: int = 1, backend: str = "local",
             address: str | None = None,
             progress: Callable[[int], None] | None = None) -> list[GameResult]:
    """Play ``games`` games of ``setup``; the results in game order.

    ``progress(n)`` is called with the number of games just finished."""
    if games < 1:
        raise SimulationError("the number of games must be at least 1")
    if backend == "local":
        chunks: Iterable[list[GameResult]] = run_local(setup, games, jobs)
    elif backend == "ray":
        chunks = run_ray(setup, games, jobs, address)
    else:
        raise SimulationError(f"unknown backend {backend!r}: local or ray")
    results: list[GameResult] = []
    for chunk in chunks:
        results.extend(chunk)
        if progress is not None:
            progress(len(chunk))
    results.sort(key=lambda r: r.game)
    return results


# ---------------------------------------------------------------------------- summary
def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion k/n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, centre - half), min(1.0, centre + half)


def _reason_kind(reason: str) -> str:
    """A reason with its player number taken out, so that both players' games count together."""
    for n in ("1", "2"):
        reason = reason.replace(f"player {n}", "player N").replace(f"Player {n}", "Player N")
    return reason


def summary(setup: Setup, results: Sequence[GameResult], seconds: float | None = None) -> dict[str, Any]:
    """Win rates with 95 % intervals, mean turns, reasons; plain data (``--json``)."""
    n = len(results)
    wins = [sum(1 for r in results if r.winner == p) for p in (0, 1)]
    first_wins = sum(1 for r in results if r.winner is not None and r.winner == r.first_player)
    decided = wins[0] + wins[1]
    out: dict[str, Any] = {
        "setup": attrs.asdict(setup),
        "games": n,
        "players": [],
        "no_winner": n - decided,
        "first_player_wins": first_wins,
        "mean_turns": sum(r.turns for r in results) / n if n else 0.0,
        "mean_decisions": sum(r.decisions for r in results) / n if n else 0.0,
        "reasons": dict(sorted(Counter(_reason_kind(r.reason) for r in results).items(),
                               key=lambda kv: (-kv[1], kv[0]))),
    }
    for p, (deck, agent) in enumerate(((setup.deck1, setup.p1), (setup.deck2, setup.p2))):
        lo, hi = wilson(wins[p], n)
        out["players"].append({"player": p + 1, "deck": deck, "agent": agent, "wins": wins[p],
                               "win_rate": wins[p] / n if n else 0.0, "ci95": [lo, hi]})
    if seconds is not None:
        out["seconds"] = seconds
        out["games_per_second"] = n / seconds if seconds > 0 else None
    return out


def summary_text(s: dict[str, Any]) -> str:
    lines = [f"{s['games']} games"]
    for p in s["players"]:
        lines.append(f"  player {p['player']} ({p['deck']}, {p['agent']}): {p['wins']} wins, "
                     f"{100 * p['win_rate']:.1f}% (95% CI {100 * p['ci95'][0]:.1f}-{100 * p['ci95'][1]:.1f}%)")
    lines.append(f"  no winner: {s['no_winner']}; the first player won {s['first_player_wins']}")
    lines.append(f"  mean turns {s['mean_turns']:.1f}, mean decisions {s['mean_decisions']:.0f}")
    lines.append("  how the games ended:")
    for reason, k in s["reasons"].items():
        lines.append(f"    {k:>6}  {reason}")
    if "seconds" in s:
        lines.append(f"  {s['seconds']:.1f} s ({s['games_per_second'] or 0:.1f} games/s)")
    return "\n".join(lines)


# ---------------------------------------------------------------------------- command line
def register(sub: Any) -> None:
    p = sub.add_parser("simulate", help="play many games between two decks and print win rates",
                       description="Play many games between two decks with two agents, on one or "
                                   "more processes or a Ray cluster, and print win rates with 95% "
                                   "confidence intervals, mean turns and how the games ended.",
                       epilog=SIMULATE_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--deck1", default="marth", help="player 1's deck: file or embedded name (default marth)")
    p.add_argument("--deck2", default="chrom", help="player 2's deck (default chrom)")
    p.add_argument("--p1", default="ai", help="player 1's agent (default ai)")
    p.add_argument("--p2", default="ai", help="player 2's agent (default ai)")
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=0, help="game i has seed SEED + i (default 0)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--max-turns", type=int, default=300, help="end a game without a winner after N turns")
    p.add_argument("--packs", nargs="+", default=(), metavar="PATH",
                   help="card packs (files or folders) loaded beside the embedded ones")
    p.add_argument("--backend", choices=("local", "ray"), default="local",
                   help="local processes (default) or a Ray cluster")
    p.add_argument("--address", default=None, help="ray: the cluster's address (default: start one here)")
    p.add_argument("--json", action="store_true", help="print the summary (and every game with --games-json) as JSON")
    p.add_argument("--games-json", action="store_true", help="with --json: list every game's result too")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=run_simulate)


def _usage(message: str) -> int:
    sys.stderr.write(f"fecipher simulate: error: {message}\n")
    return 2


def run_simulate(args: argparse.Namespace, out: Any = None) -> int:
    out = out if out is not None else sys.stdout
    if args.games < 1:
        return _usage("--games must be at least 1")
    if args.jobs < 1:
        return _usage("--jobs must be at least 1")
    if args.max_turns < 1:
        return _usage("--max-turns must be at least 1")
    setup = Setup(args.deck1, args.deck2, args.p1, args.p2, args.seed, args.max_turns, tuple(args.packs))
    try:
        load_decks(setup)
        agent_factory(setup.p1)
        agent_factory(setup.p2)
    except SimulationError as e:
        return _usage(str(e))
    show = not args.no_progress and sys.stderr.isatty()
    t = time.perf_counter()
    try:
        if show:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
            with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                          TimeRemainingColumn(), transient=True) as bar:
                task = bar.add_task("games", total=args.games)
                results = simulate(setup, args.games, jobs=args.jobs, backend=args.backend,
                                   address=args.address, progress=lambda n: bar.advance(task, n))
        else:
            results = simulate(setup, args.games, jobs=args.jobs, backend=args.backend, address=args.address)
    except SimulationError as e:
        return _usage(str(e))
    s = summary(setup, results, time.perf_counter() - t)
    if args.json:
        if args.games_json:
            s["results"] = [r.to_json() for r in results]
        out.write(json.dumps(s, indent=1) + "\n")
    else:
        out.write(summary_text(s) + "\n")
    return 0

"""`fecipher play` and `fecipher replay`: games at the command line.

``play`` runs a game between two decks with a player of each kind (a person at
the terminal, random, the heuristic AI, the search AI), prints it as the
readable log (or JSON lines, or only the result) and can write its record.
``replay`` reads a record and prints the same log byte for byte; with
``--until N`` it stops at decision N and the given players carry on.

Exit codes: 0 the game was played or replayed; 1 the record does not replay
(it was edited, or the cards or the engine changed); 2 a usage error (bad
option, unknown deck, a record that cannot be read or breaks the schema, a
--record file that cannot be written); 130 interrupted.
"""
from __future__ import annotations

import argparse
import random
import sys
from typing import Any, Callable, TextIO

from fecipher.play.cli import PackError, add_packs_option, pool_of

PLAYER_KINDS = ("human", "random", "ai", "heuristic", "search")

PLAY_EXAMPLES = """\
examples:
  fecipher play                                  AI against AI, starter decks, random seed
  fecipher play --seed 7                         the same game every time
  fecipher play --seed 7 --record /tmp/g.json    ... and write its record
  fecipher play --p1 human                       you play Marth against the AI (type help in the game)
  fecipher play --p1 human --no-pause --no-auto-pass   the opponent's turn runs on; every decision asked
  fecipher play --p1 search --p2 ai --quiet      only the result
  fecipher play --deck1 my.deck --deck2 chrom --json --max-turns 20
  fecipher play --packs mycards/ --deck1 my.deck   an author's cards beside the embedded ones

players: human, random, ai (= heuristic), search (Monte Carlo rollouts; see
--rollouts). decks: a .deck file or an embedded deck name (marth, chrom).
the human seat: card N, info NAME, why, bonds, retreat, support, concede ... (docs/play.md).
exit codes: 0 played, 2 usage error (unknown deck, bad option, a --record file
that cannot be written: checked before the game), 130 interrupted (Ctrl-C; the
record so far is written)."""

REPLAY_EXAMPLES = """\
examples:
  fecipher replay /tmp/g.json                    print the recorded game's log
  fecipher replay /tmp/g.json --json             its events as JSON lines
  fecipher replay /tmp/g.json --until 40         stop at decision 40, the AI carries on
  fecipher replay /tmp/g.json --until 40 --p1 human --record /tmp/g2.json
  fecipher replay /tmp/g.json --packs mycards/   a game played with an author's packs

decision N counts from 0: --until N gives the first N recorded answers.
exit codes: 0 replayed, 1 the record does not replay the same game (an answer,
a label, a player or the result differs), 2 usage error (a record that cannot be
read or is not of the format, bad option), 130 interrupted."""


def register(sub: Any) -> None:
    p = sub.add_parser("play", help="play a game (AI against AI on the starter decks by default)",
                       description="Play a game of Fire Emblem 0 between two decks and print its log.",
                       epilog=PLAY_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seed", type=int, default=None, help="the game's seed (default: a random one, printed)")
    p.add_argument("--deck1", default="marth", help="player 1's deck: file or embedded name (default marth)")
    p.add_argument("--deck2", default="chrom", help="player 2's deck (default chrom)")
    p.add_argument("--first", type=int, choices=(1, 2), default=None,
                   help="who goes first (default: the seeded draw)")
    _agent_options(p, default="ai")
    p.add_argument("--record", metavar="FILE", help="write the game's record (JSON) to FILE")
    _output_options(p)
    p.add_argument("--max-turns", type=int, default=300, help="end the game without a winner after N turns")
    add_packs_option(p)
    p.set_defaults(func=run_play)

    r = sub.add_parser("replay", help="replay a recorded game (and continue it from any decision)",
                       description="Replay a game record, printing the same log as when it was played.",
                       epilog=REPLAY_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    r.add_argument("file", metavar="FILE", help="a record written by 'fecipher play --record'")
    r.add_argument("--until", type=int, default=None, metavar="N",
                   help="stop at decision N (counting from 0) and let --p1/--p2 continue")
    _agent_options(r, default=None)
    r.add_argument("--record", metavar="FILE", help="write the (continued) game's record to FILE")
    _output_options(r)
    add_packs_option(r)
    r.set_defaults(func=run_replay)


def _agent_options(p: argparse.ArgumentParser, default: str | None) -> None:
    for n in (1, 2):
        p.add_argument(f"--p{n}", choices=PLAYER_KINDS, default=default,
                       help=f"player {n}: {', '.join(PLAYER_KINDS)}" + (f" (default {default})" if default else
                                                                       " (default ai after --until)"))
    p.add_argument("--rollouts", type=int, default=32, help="search: rollouts per decision (default 32)")
    p.add_argument("--candidates", type=int, default=3, help="search: options tried per decision (default 3)")
    p.add_argument("--horizon", type=int, default=1,
                   help="search: turns played after the current one (default 1)")
    p.add_argument("--no-auto-pass", dest="auto_pass", action="store_false",
                   help="human: ask even when a decision has a single option (default: it is taken "
                        "and said so; 'auto on|off' in the game)")
    p.add_argument("--pause", dest="pause", action="store_true", default=None,
                   help="human: stop after each step of the opponent's turn until Enter (default when "
                        "the input is a terminal; 'pause on|off' in the game)")
    p.add_argument("--no-pause", dest="pause", action="store_false",
                   help="human: let the opponent's turn run without stopping")


def _output_options(p: argparse.ArgumentParser) -> None:
    g = p.add_mutually_exclusive_group()
    g.add_argument("--quiet", action="store_true", help="print only the result")
    g.add_argument("--json", action="store_true", help="print the events as JSON lines")
    p.add_argument("--board", action="store_true", help="print the board when the game ends")


# ---------------------------------------------------------------------------- session
class Session:
    """Drives a game and prints it as it goes: the log, JSON lines or nothing.

    ``play`` and ``replay`` print through the same session, flushing after each
    answer, so a replay prints the same bytes as the game it replays.
    """

    def __init__(self, game: Any, out: TextIO, mode: str = "log", viewer: int | None = None):
        from fecipher.play.render import LogRenderer
        self.game = game
        self.out = out
        self.mode = mode
        self.renderer = LogRenderer(game, viewer)
        self.lines: list[str] = []
        self.rendered = 0
        self.entries: list[dict[str, Any]] = []
        self.conceded: dict[str, int] | None = None

    def _emit(self, lines: list[str]) -> None:
        if lines:
            self.out.write("\n".join(lines) + "\n")
            self.out.flush()

    def start(self) -> None:
        if self.mode == "log":
            head = self.renderer.header()
            self.lines.extend(head)
            self._emit(head)
        self.flush()

    def flush(self) -> None:
        new = self.game.events[self.rendered:]
        self.rendered = len(self.game.events)
        if not new:
            return
        if self.mode == "json":
            from fecipher.play.render import json_lines
            self._emit(json_lines(new))
        else:
            viewer = self.renderer.viewer
            if viewer is not None:   # the events as that player saw them (engine/visibility.py)
                from fecipher.engine.visibility import events_seen_by
                new = events_seen_by(self.game, viewer, self.rendered - len(new))
            lines = self.renderer.feed(new)
            self.lines.extend(lines)
            if self.mode == "log":
                self._emit(lines)

    def on_answer(self, game: Any, decision: Any, index: int | None) -> None:
        from fecipher.engine.records import answer_entry
        if index is None:
            # The player who conceded (a recorded concession need not be the deciding player's).
            from fecipher.engine.events import Conceded
            who = next((e.player for e in reversed(game.events) if isinstance(e, Conceded)),
                       decision.player if decision is not None else 0)
            self.conceded = {"player": who, "after": len(game.answers)}
        else:
            self.entries.append(answer_entry(decision, index))
        self.flush()

    def finish(self, board: bool = False) -> None:
        self.flush()
        g = self.game
        if self.mode == "quiet":
            if g.over:
                who = "no winner" if g.winner is None else f"Player {g.winner + 1} wins"
                self._emit([f"{who}: {g.reason} (turn {g.turn}, {len(g.answers)} decisions)"])
            else:
                self._emit([f"The game is not over (turn {g.turn}, decision {len(g.answers)} is pending)"])
        if board and self.mode != "json":
            from fecipher.play.board import board_lines
            self._emit(board_lines(g))

    def record(self) -> dict[str, Any]:
        from fecipher.engine.records import make_record
        return make_record(self.game, self.entries, conceded=self.conceded)


def make_agent(kind: str, player: int, seed: int, args: argparse.Namespace, session: Session,
               inp: TextIO, out: TextIO) -> Callable:
    from fecipher.play.agents import HumanAgent, RandomAgent
    from fecipher.play.ai import HeuristicAgent, SearchAgent
    s = seed * 2 + player + 1
    if kind == "human":
        pause = args.pause if args.pause is not None else bool(getattr(inp, "isatty", lambda: False)())
        return HumanAgent(inp, out, log=lambda: session.lines, player=player,
                          pool=getattr(args, "pool", None), auto_pass=args.auto_pass, pause=pause)
    if kind == "random":
        return RandomAgent(s)
    if kind in ("ai", "heuristic"):
        return HeuristicAgent(s)
    if kind == "search":
        return SearchAgent(rollouts=args.rollouts, candidates=args.candidates, horizon=args.horizon, seed=s)
    raise ValueError(kind)


def _usage(msg: str) -> int:
    from fecipher.play.cli import usage_error
    return usage_error(msg)


def _check_record_path(path: str | None) -> str | None:
    from fecipher.play.cli import writable_file
    return writable_file(path, "record") if path else None


def _check_search_args(args: argparse.Namespace) -> str | None:
    if args.rollouts < 1:
        return "--rollouts must be at least 1"
    if args.candidates < 1:
        return "--candidates must be at least 1"
    if args.horizon < 0:
        return "--horizon cannot be negative"
    return None


def _on_answer(session: Session, agents: list, args: argparse.Namespace) -> Callable:
    """The session's ``on_answer``, then each human seat's ``watch`` (its pause
    between the opponent's steps: the step's log lines are printed first). Two
    humans at one terminal (hot seat) answer every decision of the game between
    them, so neither pauses unless ``--pause`` asks for it."""
    watchers = [a.watch for a in agents if hasattr(a, "watch")]
    if len(watchers) > 1 and args.pause is None:
        watchers = []
    if not watchers:
        return session.on_answer

    def on_answer(game: Any, decision: Any, index: int | None) -> None:
        session.on_answer(game, decision, index)
        for w in watchers:
            w(game, decision, index)
    return on_answer


def _mode(args: argparse.Namespace) -> str:
    return "json" if args.json else "quiet" if args.quiet else "log"


def _viewer(kinds: list[str | None]) -> int | None:
    humans = [i for i, k in enumerate(kinds) if k == "human"]
    return humans[0] if len(humans) == 1 else None


def _write_record(session: Session, path: str | None) -> int:
    if not path:
        return 0
    from fecipher.engine.records import RecordError, save_record
    try:
        save_record(session.record(), path)
    except (OSError, RecordError) as e:
        sys.stderr.write(f"fecipher: error: cannot write the record {path!r}: {e}\n")
        return 2
    return 0


def run_play(args: argparse.Namespace, inp: TextIO | None = None, out: TextIO | None = None) -> int:
    from fecipher.dsl.decks import load_deck
    from fecipher.dsl.errors import LanguageError
    from fecipher.play.agents import play
    from fecipher.engine.deckrules import IllegalDeck
    from fecipher.engine.game import Game
    inp = inp if inp is not None else sys.stdin
    out = out if out is not None else sys.stdout
    bad = _check_search_args(args)
    if bad:
        return _usage(bad)
    from fecipher.engine.records import MAX_SEED, MAX_TURNS
    if not 1 <= args.max_turns <= MAX_TURNS:
        return _usage(f"--max-turns must be 1 to {MAX_TURNS}")
    if args.seed is not None and not -MAX_SEED <= args.seed < MAX_SEED:
        return _usage("--seed must be at least -2**63 and below 2**63")
    bad = _check_record_path(args.record)
    if bad:
        return _usage(bad)
    try:
        pool = pool_of(args.packs)
    except PackError as e:
        return _usage(str(e))
    args.pool = pool
    decks = []
    for ref in (args.deck1, args.deck2):
        try:
            decks.append(load_deck(ref, pool))
        except FileNotFoundError as e:
            return _usage(str(e))
        except LanguageError as e:
            return _usage(f"the deck {ref!r} cannot be read:\n{e}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    first = None if args.first is None else args.first - 1
    try:
        game = Game(decks[0], decks[1], seed=seed, first_player=first, max_turns=args.max_turns)
    except IllegalDeck as e:
        return _usage(str(e))
    game._record_first_player = first  # type: ignore[attr-defined]
    kinds = [args.p1, args.p2]
    session = Session(game, out, _mode(args), _viewer(kinds))
    agents = [make_agent(k, i, seed, args, session, inp, out) for i, k in enumerate(kinds)]
    session.start()
    try:
        play(game, agents, on_answer=_on_answer(session, agents, args))
    except KeyboardInterrupt:
        return _interrupted(session, out, args.record)
    session.finish(args.board)
    return _write_record(session, args.record)


def _interrupted(session: Session, out: TextIO, record: str | None) -> int:
    """Ctrl-C during a game: the log so far, the record so far (it replays to
    the decision that was pending), and the conventional exit code 130."""
    out.write("\n(interrupted)\n")
    session.finish()
    _write_record(session, record)
    sys.stderr.write("fecipher: interrupted\n")
    return 130


def run_replay(args: argparse.Namespace, inp: TextIO | None = None, out: TextIO | None = None) -> int:
    from fecipher.play.agents import play
    from fecipher.engine.records import (
        RecordError, RecordFeed, ReplayMismatch, apply_concession, load_record, start_game, verify_result,
    )
    inp = inp if inp is not None else sys.stdin
    out = out if out is not None else sys.stdout
    bad = _check_search_args(args)
    if bad:
        return _usage(bad)
    bad = _check_record_path(args.record)
    if bad:
        return _usage(bad)
    try:
        pool = pool_of(args.packs)
    except PackError as e:
        return _usage(str(e))
    args.pool = pool
    try:
        record = load_record(args.file)
        game = start_game(record, pool)
    except RecordError as e:   # unreadable, not UTF-8, not JSON, not of the schema, unknown cards, illegal deck
        sys.stderr.write(f"{e}\n")
        return 2
    total = len(record["answers"])
    if args.until is not None and not 0 <= args.until <= total:
        return _usage(f"--until {args.until}: the record has decisions 0 to {total} "
                      f"({total} answers)")
    kinds = [args.p1, args.p2]
    if args.until is not None:
        kinds = [k or "ai" for k in kinds]
    session = Session(game, out, _mode(args), _viewer(kinds))
    session.start()
    feed = RecordFeed(record, args.until)
    try:
        while not feed.done:
            d = game.decision
            idx = feed.next_index(game)
            game.answer(idx)
            session.on_answer(game, d, idx)
        if args.until is None:
            apply_concession(record, game, session.on_answer)
            verify_result(record, game)
    except ReplayMismatch as e:
        session.flush()
        sys.stderr.write(f"{e}\nfecipher: {args.file}: the record does not replay\n")
        return 1
    if not game.over:
        if any(kinds):
            seed = record["seed"]
            agents = [make_agent(k or "ai", i, seed, args, session, inp, out) for i, k in enumerate(kinds)]
            try:
                play(game, agents, on_answer=_on_answer(session, agents, args))
            except KeyboardInterrupt:
                return _interrupted(session, out, args.record)
        elif session.mode != "json":
            session._emit([f"(the record stops at decision {len(game.answers)}; the game is not over)"])
    session.finish(args.board)
    return _write_record(session, args.record)

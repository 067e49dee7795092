"""Agents: players that live outside the engine and answer its decisions.

Every agent is ``agent(game) -> Option``; :func:`play` drives a game with one
agent per player until it ends. An agent may also return :data:`CONCEDE`.
An agent that should see only what its player may know is written against a
player's view instead (:class:`ViewAgent`: ``agent(view) -> option number``) and
plays through :class:`FromView` (see docs/view.md).
The computer players (heuristic and search) are in :mod:`fecipher.play.ai`;
a person at a terminal is :class:`HumanAgent`.
"""
from __future__ import annotations

import random
import sys
from typing import Callable, Final, Iterable, Protocol, Sequence, TextIO

from fecipher.engine.decisions import Decision, Option
from fecipher.engine.game import Game
from fecipher.engine.view import OptionView, PlayerView

Agent = Callable[[Game], Option]


class Concession:
    """The type of :data:`CONCEDE` (one value)."""

    def __repr__(self) -> str:
        return "CONCEDE"


CONCEDE: Final[Concession] = Concession()
"""What an agent returns to concede the game instead of answering."""


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


class ViewAgent(Protocol):
    """An agent that sees only its player's view (:meth:`Game.view`): given the view
    (its ``decision`` is that player's pending decision, options as they may see
    them), it returns the number of an option (``view.decision.options[i].index``),
    or :data:`CONCEDE`."""

    def __call__(self, view: PlayerView) -> int | OptionView | Concession: ...


class FromView:
    """Plays a :class:`ViewAgent` as an ordinary agent: asks the game for the
    deciding player's view and answers with the option it names. The view agent
    never gets the game itself.

    With ``new_events_only`` each view carries only the events published since
    that player's previous view (``view.events_since`` says from where): cheaper
    over a long game, for agents that keep their own log."""

    def __init__(self, agent: ViewAgent, *, new_events_only: bool = False):
        self.agent = agent
        self.new_events_only = new_events_only
        self._since: dict[tuple[int, int], int] = {}

    def __call__(self, game: Game) -> int | Concession:
        d = game.decision
        assert d is not None
        key = (id(game), d.player)
        since = self._since.get(key, 0) if self.new_events_only else 0
        view = game.view(d.player, since)
        if self.new_events_only:
            self._since[key] = len(game.events)
        choice = self.agent(view)
        if choice is CONCEDE:
            return CONCEDE
        if isinstance(choice, bool) or not isinstance(choice, int):
            choice = getattr(choice, "index", choice)   # (an OptionView stands for its number)
        return choice


class RandomViewAgent:
    """A :class:`ViewAgent` choosing uniformly among its options (seeded)."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def __call__(self, view: PlayerView) -> int:
        assert view.decision is not None
        return self.rng.randrange(len(view.decision.options))


def play(game: Game, agents: Sequence[Agent], max_decisions: int = 1_000_000,
         on_answer: Callable[[Game, Decision, int | None], None] | None = None) -> Game:
    """Answer every decision with the deciding player's agent until the game ends.

    ``on_answer(game, decision, index)`` is called after each answer (``index``
    is None when the deciding player conceded).
    """
    n = 0
    while not game.over and game.decision is not None:
        d = game.decision
        choice = agents[d.player](game)
        if choice is CONCEDE:
            game.concede(d.player)
            if on_answer is not None:
                on_answer(game, d, None)
            break
        game.answer(choice)
        if on_answer is not None:
            on_answer(game, d, game.answers[-1])
        n += 1
        if n >= max_decisions:
            raise RuntimeError("too many decisions")
    return game


HUMAN_HELP = """\
Type the number of an option to choose it. Other commands:
  board    show the board (both fields, hands, bonds, orbs, decks)
  log      show the last lines of the game log
  options  list the options again
  help     this text
  concede  give up the game (the opponent wins)"""


class HumanAgent:
    """A person at a terminal, reading answers from ``inp`` and writing to ``out``.

    The board is drawn when it has changed since the player last saw it, then the
    pending decision as a numbered list of its legal options. Anything that is
    not an option number or a command is refused with a hint, and nothing
    changes. ``log`` is a callable returning the log lines printed so far. At the
    end of the input the player concedes. Input that does not come from a
    terminal is echoed, so that a transcript reads like a session.
    """

    def __init__(self, inp: TextIO | None = None, out: TextIO | None = None,
                 log: Callable[[], list[str]] | None = None, color: bool | None = None,
                 log_lines: int = 25, echo: bool | None = None):
        self.inp = inp
        self.echo = echo
        self.out = out
        self.log = log
        self.color = color
        self.log_lines = log_lines
        self._seen = -1

    def _write(self, text: str = "") -> None:
        out = self.out if self.out is not None else sys.stdout
        out.write(text + "\n")
        out.flush()

    def _board(self, game: Game, player: int) -> None:
        from fecipher.play.board import print_board
        print_board(game, player, self.out if self.out is not None else sys.stdout, self.color)
        self._seen = len(game.events)

    def _options(self, game: Game) -> None:
        d = game.decision
        assert d is not None
        self._write(f"Player {d.player + 1}: {d.prompt}")
        for i, o in enumerate(d.options, 1):
            self._write(f"  {i}. {o.label or o.kind}")

    def _battle(self, game: Game) -> None:
        from fecipher.play.ai import _battle_totals
        t = _battle_totals(game)
        b = game.battle
        if t is None or b is None:
            return
        a, d = game.unit(b.attacker), game.unit(b.defender)
        self._write(f"Battle: {a.name} {t[0]}{' (critical hit: x2)' if b.critical else ''} "
                    f"vs {d.name} {t[1]}, support included")

    def __call__(self, game: Game) -> Option:
        d = game.decision
        assert d is not None
        from fecipher.engine import decisions as D
        if d.kind in (D.CRITICAL_HIT, D.EVASION):
            self._battle(game)
        elif d.kind in (D.BOND, D.DEPLOYMENT, D.ACTION, D.MULLIGAN) and len(game.events) != self._seen:
            self._board(game, d.player)
        self._options(game)
        n = len(d.options)
        inp = self.inp if self.inp is not None else sys.stdin
        while True:
            out = self.out if self.out is not None else sys.stdout
            out.write(f"choose 1-{n} (or help)> ")
            out.flush()
            line = inp.readline()
            if not line:
                self._write()
                self._write(f"(end of input: Player {d.player + 1} concedes)")
                return CONCEDE
            text = line.strip()
            echo = self.echo if self.echo is not None else not getattr(inp, "isatty", lambda: False)()
            if echo:
                self._write(text)
            word = text.lower()
            if not word:
                continue
            if word in ("help", "h", "?"):
                self._write(HUMAN_HELP)
            elif word in ("board", "b"):
                self._board(game, d.player)
            elif word in ("log", "l"):
                lines = self.log() if self.log is not None else []
                self._write("\n".join(lines[-self.log_lines:]) if lines else "(the log is empty)")
            elif word in ("options", "o", "list"):
                self._options(game)
            elif word in ("concede", "quit", "q"):
                return CONCEDE
            elif word.isdigit():
                k = int(word)
                if 1 <= k <= n:
                    return d.options[k - 1]
                self._write(f"There is no option {k}: type a number from 1 to {n}, or help.")
            else:
                self._write(f"{text!r} is not an option: type a number from 1 to {n}, or help.")

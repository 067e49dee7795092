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
  board            the board (both fields, hands, bonds, orbs, decks)
  card N           the text of the card(s) option N is about (skills, support skill, facts;
                   card NAME is info NAME)
  info NAME        the text of any card: a code (B01-003ST) or a part of its name
  why              what you cannot do now (attack, move, skill, deploy, bond) and why
  bonds            both Bond Areas: face-up bonds named with their symbols, face-down ones
  retreat          both Retreat Areas, every card named
  support          both Support Areas (and boundless: both Boundless Areas)
  log              the last lines of the game log
  options          list the options again
  auto on|off      take a decision's only option by itself (now {auto})
  pause on|off     stop after each step of the opponent's turn (now {pause})
  help             this text
  concede          give up the game (asks to confirm; the opponent wins)"""

PAUSE_HELP = """\
The opponent is playing. Press Enter for the next step, or:
  go               run on to the end of this turn without stopping
  pause off        stop pausing (pause on at a decision of yours turns it back on)
  board, info NAME, why, bonds, retreat, support, log   as at a decision"""

_YES = ("y", "yes")


class HumanAgent:
    """A person at a terminal, reading answers from ``inp`` and writing to ``out``.

    The board is drawn when it has changed since the player last saw it, then the
    pending decision as a numbered list of its legal options. Besides an option's
    number the player may type commands (:data:`HUMAN_HELP`): a card's text, why
    an action is not offered, the bonds, Retreat and Support Areas, the log.
    Everything shown is built from the player's view (``game.view``): the
    opponent's hand and face-down cards are never printed. Anything that is not
    an option number or a command is refused with a hint, and nothing changes.

    ``auto_pass``: a decision with a single legal option is answered with it (and
    said so). ``pause``: after each answer of the opponent during the opponent's
    turn the seat waits for Enter (:meth:`watch`, called by the driver after each
    answer). ``concede`` asks for confirmation. ``log`` is a callable returning
    the log lines printed so far; ``pool`` the card pool ``info`` looks in. At the
    end of the input the player concedes. Input that does not come from a
    terminal is echoed, so that a transcript reads like a session.
    """

    def __init__(self, inp: TextIO | None = None, out: TextIO | None = None,
                 log: Callable[[], list[str]] | None = None, color: bool | None = None,
                 log_lines: int = 25, echo: bool | None = None, *, player: int | None = None,
                 pool: object = None, auto_pass: bool = True, pause: bool = False):
        self.inp = inp
        self.echo = echo
        self.out = out
        self.log = log
        self.color = color
        self.log_lines = log_lines
        self.player = player
        self.pool = pool
        self.auto_pass = auto_pass
        self.pause = pause
        self._seen = -1
        self._run_to_turn: tuple[int, int] | None = None   # 'go': no pause until this (turn, player) ends
        self._paused_at = -1          # the log length at the last pause

    # ------------------------------------------------------------------ output
    def _write(self, text: str = "") -> None:
        out = self.out if self.out is not None else sys.stdout
        out.write(text + "\n")
        out.flush()

    @staticmethod
    def _view(game: Game, player: int) -> PlayerView:
        """The player's view without its events (the seat prints the log itself)."""
        return game.view(player, len(game.events))

    def _pool(self):
        if self.pool is None:
            from fecipher.dsl.packs import embedded_pool
            self.pool = embedded_pool()
        return self.pool

    def _board(self, game: Game, player: int) -> None:
        from fecipher.play.seat import board_lines
        names = tuple(d.name if d is not None else "" for d in game.decks)
        lines = board_lines(self._view(game, player), self._pool(), names)   # type: ignore[arg-type]
        out = self.out if self.out is not None else sys.stdout
        color = self.color if self.color is not None else bool(getattr(out, "isatty", lambda: False)())
        if color:  # pragma: no cover - terminal only
            from rich.console import Console
            from rich.text import Text
            con = Console(file=out, highlight=False)
            for n, line in enumerate(lines):
                mine = line.startswith(f"Player {player + 1} (you")
                style = ("bold underline" if n == 0 else "bold green" if mine
                         else "bold magenta" if line.startswith("Player") else "")
                con.print(Text(line, style=style))
        else:
            out.write("\n".join(lines) + "\n")
            out.flush()
        self._seen = len(game.events)

    def _options(self, game: Game) -> None:
        d = game.decision
        assert d is not None
        view = self._view(game, d.player)
        assert view.decision is not None
        self._write(f"Player {d.player + 1}: {view.decision.prompt}")
        for i, o in enumerate(view.decision.options, 1):
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

    def _readline(self, prompt: str) -> str | None:
        out = self.out if self.out is not None else sys.stdout
        inp = self.inp if self.inp is not None else sys.stdin
        out.write(prompt)
        out.flush()
        line = inp.readline()
        if not line:
            return None
        text = line.strip()
        echo = self.echo if self.echo is not None else not getattr(inp, "isatty", lambda: False)()
        if echo:
            self._write(text)
        return text

    # ------------------------------------------------------------------ commands
    def _look(self, game: Game, player: int, word: str, arg: str) -> bool:
        """The commands that only show something (at a decision and at a pause);
        False when ``word`` is not one of them."""
        from fecipher.play import seat
        view = self._view(game, player)
        if word in ("board", "b"):
            self._board(game, player)
        elif word in ("log", "l"):
            lines = self.log() if self.log is not None else []
            self._write("\n".join(lines[-self.log_lines:]) if lines else "(the log is empty)")
        elif word in ("info", "i") or (word in ("card", "c") and arg and not arg.isdigit()):
            card, why = seat.find_card(view, self._pool(), arg)     # (card NAME: as info NAME)
            self._write(seat.card_text(card) if card is not None else why)
        elif word in ("card", "c"):
            n = len(view.decision.options) if view.decision is not None else 0
            if not n:
                self._write("card N shows the card(s) of option N: you have no options now (info NAME does)")
            elif not arg.isdigit() or not 1 <= int(arg) <= n:
                self._write(f"card takes an option number from 1 to {n} (info NAME for any card)")
            else:
                codes = seat.option_cards(view, int(arg) - 1)
                cards = [c for c in (self._pool().find(code) for code in codes) if c is not None]
                self._write("\n".join(seat.card_text(c) for c in cards) if cards else
                            f"option {arg} is about no card you can see")
        elif word in ("why", "w"):
            self._write("\n".join(seat.why_lines(game, player)))
        elif word in ("bonds", "bond"):
            self._write("\n".join(seat.bond_lines(view, self._pool())))
        elif word in ("retreat", "support", "boundless"):
            self._write("\n".join(seat.area_lines(view, word)))
        else:
            return False
        return True

    def _toggle(self, word: str, arg: str) -> bool:
        if word not in ("auto", "pause"):
            return False
        if arg not in ("on", "off", ""):
            self._write(f"{word} takes on or off")
            return True
        now = getattr(self, "auto_pass" if word == "auto" else "pause")
        new = (arg == "on") if arg else not now
        setattr(self, "auto_pass" if word == "auto" else "pause", new)
        if word == "auto":
            self._write("A decision's only option is now taken by itself." if new else
                        "A decision's only option is now asked like any other.")
        else:
            self._write("The opponent's turn now stops after each step." if new else
                        "The opponent's turn now runs without stopping.")
        return True

    def _confirm_concede(self, player: int) -> bool:
        text = self._readline(f"Concede the game? Player {2 - player} wins. Type yes to concede> ")
        if text is None:
            return True     # (the input ended: as at a decision, the player concedes)
        if text.lower() in _YES:
            return True
        self._write("Not conceded: the game goes on.")
        return False

    def __call__(self, game: Game) -> Option | Concession:
        d = game.decision
        assert d is not None
        from fecipher.engine import decisions as D
        if self.player is None:
            self.player = d.player
        if d.kind in (D.CRITICAL_HIT, D.EVASION):
            self._battle(game)
        elif d.kind in (D.BOND, D.DEPLOYMENT, D.ACTION, D.MULLIGAN) and len(game.events) != self._seen:
            self._board(game, d.player)
        n = len(d.options)
        if self.auto_pass and n == 1:
            only = self._view(game, d.player).decision
            assert only is not None
            label = only.options[0].label or only.options[0].kind
            self._write(f"Player {d.player + 1}: {only.prompt}: the only option, taken: {label} "
                        "(auto off to be asked)")
            return d.options[0]
        self._options(game)
        while True:
            text = self._readline(f"choose 1-{n} (or help)> ")
            if text is None:
                self._write()
                self._write(f"(end of input: Player {d.player + 1} concedes)")
                return CONCEDE
            word, _, arg = text.partition(" ")
            word, arg = word.lower(), arg.strip()
            if not word:
                continue
            if word in ("help", "h", "?"):
                self._write(HUMAN_HELP.format(auto="on" if self.auto_pass else "off",
                                              pause="on" if self.pause else "off"))
            elif self._look(game, d.player, word, arg) or self._toggle(word, arg.lower()):
                pass
            elif word in ("options", "o", "list"):
                self._options(game)
            elif word in ("concede", "quit", "q"):
                if self._confirm_concede(d.player):
                    return CONCEDE
            elif word.isdigit() and not arg:
                k = int(word)
                if 1 <= k <= n:
                    return d.options[k - 1]
                self._write(f"There is no option {k}: type a number from 1 to {n}, or help.")
            else:
                self._write(f"{text!r} is not an option: type a number from 1 to {n}, or help.")

    def watch(self, game: Game, decision: Decision | None, index: int | None) -> None:
        """After an answer: when pausing is on and the opponent answered during the
        opponent's turn, wait for Enter (the step's log lines are printed by then).
        Reads input only for a pause, so a game with pausing off reads none here."""
        if (not self.pause or game.over or decision is None or self.player is None
                or decision.player == self.player or game.turn_player == self.player):
            return
        if self._run_to_turn == (game.turn, game.turn_player):
            return
        self._run_to_turn = None
        # Stop only after a step the player saw something of (a log line, or with no
        # log an event): the opponent's silent answers are not worth an Enter each.
        shown = len(self.log()) if self.log is not None else len(game.events)
        if shown == self._paused_at:
            return
        self._paused_at = shown
        while True:
            text = self._readline(f"(Player {decision.player + 1}'s turn: Enter for the next step, "
                                  "go, or help)> ")
            if text is None:
                self.pause = False      # (no more input: the game runs on to the next decision)
                return
            word, _, arg = text.partition(" ")
            word, arg = word.lower(), arg.strip()
            if not word or word in ("n", "next"):
                return
            if word in ("go", "g"):
                self._run_to_turn = (game.turn, game.turn_player)
                return
            if word in ("help", "h", "?"):
                self._write(PAUSE_HELP)
            elif self._look(game, self.player, word, arg):
                pass
            elif word == "pause" and arg.lower() in ("off", ""):
                self._toggle(word, "off")
                return
            else:
                self._write(f"{text!r}: press Enter for the next step, or type help.")

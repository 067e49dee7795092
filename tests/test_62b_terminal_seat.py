"""The terminal seat (issue 19): a human plays a whole game without leaving the terminal.

The seat (:class:`HumanAgent`) is driven through its input and output streams by a
script that reads what the seat last asked (a decision, a confirmation, a pause) and
types commands and answers, as a person would."""
import io
import re
import subprocess
import sys

from fecipher.dsl.decks import load_deck
from fecipher.dsl.packs import embedded_pool
from fecipher.engine.game import Game
from fecipher.play.agents import CONCEDE, HumanAgent, play
from fecipher.play.ai import HeuristicAgent
from fecipher.play.cli_play import Session
from fecipher.play.seat import visible_cards

POOL = embedded_pool()


def _hidden_names(game, viewer):
    """Names of the cards ``viewer`` may not see now (the opponent's hand and deck,
    every face-down orb, unless looked at or revealed), less the names of cards
    they can see (a second copy of a card on the field is not a secret)."""
    known = game.known
    opp = game.players[1 - viewer]
    hidden = [c for c in opp.hand + opp.deck if not known.get(c.id, 0) & (1 << viewer)]
    for p in game.players:
        hidden += [o.copy for o in p.orbs if not o.face_up and not known.get(o.copy.id, 0) & (1 << viewer)]
    shown = {c.name for c in visible_cards(game.view(viewer))}
    return {c.card.name for c in hidden} - shown


class Typist:
    """A scripted person at the seat: ``readline`` looks at the last prompt the seat
    wrote and at the game, then types.

    At a decision it first types the commands queued for the first decision of that
    kind (``commands[(kind, n_options > 1)]``, each typed once), then an answer:
    an attack if one is offered, else a deployment, a bond, the first option. Every
    command's output is kept with the command (``outputs``) along with the names
    hidden from the player at that moment."""

    def __init__(self, game, out, commands, at_pause=("", "board", "why", "", "go"), why_every=False):
        self.why_every = why_every       # type why once at every Action and Deployment decision
        self._why_for = None
        self.game = game
        self.out = out
        self.commands = {k: list(v) for k, v in commands.items()}
        self.at_pause = list(at_pause)
        self.outputs = []          # (command, its output, hidden names then)
        self._mark = 0
        self._last = None
        self.typed = []

    def _type(self, text):
        self._last = (text, _hidden_names(self.game, 0))
        self.typed.append(text)
        return text + "\n"

    def readline(self):
        text = self.out.getvalue()
        if self._last is not None:
            # (hidden both when typed and now: an answer's output may show a card that
            # the answer itself brought into view, such as an orb broken into the hand)
            cmd, hidden = self._last
            self.outputs.append((cmd, text[self._mark:], hidden & _hidden_names(self.game, 0)))
        self._mark = len(text)
        prompt = text[text.rfind("\n") + 1:]
        if prompt.startswith("Concede the game?"):
            return self._type(self.commands.get("confirm", ["yes"]).pop(0))
        if prompt.startswith("(Player 2's turn"):
            return self._type(self.at_pause.pop(0) if self.at_pause else "")
        d = self.game.decision
        key = (d.kind, len(d.options) > 1)
        queued = self.commands.get(key)
        if queued:
            return self._type(queued.pop(0))
        if self.why_every and d.kind in ("action", "deployment") and self._why_for is not d:
            self._why_for = d
            return self._type("why")
        kinds = [o.kind for o in d.options]
        for k in ("attack", "deploy", "level_up", "class_change", "place_bond"):
            if k in kinds:
                return self._type(str(kinds.index(k) + 1))
        return self._type("1")

    def output_of(self, command):
        return [o for c, o, _ in self.outputs if c == command]


def _game(seed=3):
    return Game(load_deck("marth"), load_deck("chrom"), seed=seed, first_player=0, max_turns=60)


def _card_lines(code):
    card = POOL.find(code)
    return [s.text for s in card.skills] + [s.text for s in card.support_skills]


def test_a_whole_game_played_through_the_seat_commands():
    game = _game()
    out = io.StringIO()
    commands = {
        ("mulligan", True): ["help", "1"],
        ("bond", True): ["bonds", "why", "board"],
        ("action", True): ["why", "card 1", "info B01-053ST", "info caeda", "info zzz", "bonds",
                           "retreat", "support", "log", "auto off"],
        ("deployment", True): ["why", "card 1"],
    }
    typist = Typist(game, out, commands, why_every=True)
    # The game's log printed as `fecipher play` prints it, as player 1 sees it.
    session = Session(game, out, "log", viewer=0)
    human = HumanAgent(typist, out, log=lambda: session.lines, player=0, pool=POOL, pause=True, echo=True)
    ai = HeuristicAgent(2)
    session.start()

    def on_answer(g, d, i):
        session.on_answer(g, d, i)
        human.watch(g, d, i)
    play(game, [human, ai], on_answer=on_answer)

    # The game was played to its end by the human's answers (not the turn limit, not a concession).
    assert game.over and game.winner is not None and "conceded" not in game.reason
    assert "turn limit" not in game.reason and game.turn < 60
    text = out.getvalue()

    # help lists the commands.
    (h,) = typist.output_of("help")
    for cmd in ("card N", "info NAME", "why", "bonds", "retreat", "support", "auto on|off",
                "pause on|off", "concede"):
        assert cmd in h

    # card 1 at the first Action Phase: option 1 moves Marth: Marth's skills and support skill.
    card1 = typist.output_of("card 1")
    assert any("Marth, Altean Prince  [" in o and all(line in o for line in _card_lines("B01-003ST"))
               for o in card1)
    # info by code and by a part of a name; an unknown name is refused with a hint.
    (chrom,) = typist.output_of("info B01-053ST")
    assert chrom.startswith("info B01-053ST\nChrom, Prince of Ylisse  [") and all(x in chrom for x in _card_lines("B01-053ST"))
    assert "cost 1 | Blue | Male, Sword | Lord" in chrom and "attack 40 | support 20 | range 1" in chrom
    (caeda,) = typist.output_of("info caeda")
    assert "Caeda, Talys's Heart" in caeda and "Princess's Charisma |ACT|" in caeda
    (zzz,) = typist.output_of("info zzz")
    assert "no card 'zzz'" in zzz

    # why, at the first Action Phase (turn 1, going first): attacks refused by rule 1.
    whys = typist.output_of("why")
    assert any("attack with Marth, Altean Prince: rule 1 (first turn): the first player cannot attack "
               "on the first turn" in w for w in whys)
    # ... at the Deployment Phase: the cards too expensive for the bonds, with the rule.
    assert any("deploy Navarre, Wielder of a Killing Edge: rule 5 (bond count)" in w for w in whys)
    # ... later: tapped units, attacks out of range, a skill whose cost cannot be paid, a
    # skill whose condition is not met (with its text), a card whose unit is on the field.
    # (Patterns, not this game's exact units: the game follows the AI, which may change.)
    lines = [ln for w in whys for ln in w.splitlines()]

    def some(pattern):
        return any(re.fullmatch(pattern, ln) for ln in lines)
    assert some(r"  - attack or move with (.+): \1 is tapped")
    assert some(r"  - attack (.+ )?with (.+): rule 11 \(range\): from the (front|back) line to the "
                r"(front|back) line needs range \d; \2 has range \d")
    assert some(r"  - use (.+) \((.+)\): rule 9: the cost of \1 cannot be paid in full \(.+\)")
    assert some(r"  - use Young Hero \(Marth, Altean Prince\): Young Hero's condition is not met \(the skill: "
                r"Young Hero \|ACT\| \[Tap this unit, Tap 1 other ally\] If this unit is in the Front Line.*\)")
    assert some(r"  - deploy (.+): rule 5 \(unit names\): you already have a unit named .+ on the field; "
                r"level it up instead")
    assert some(r"  - (level up|class change) (.+) with (.+): .+")
    # ... at the first Bond Phase every card of the hand may be placed.
    assert any("Everything of this kind can be done now" in w for w in whys)

    # bonds: the face-up bond placed on turn 1, named with its symbol.
    bonds = typist.output_of("bonds")
    assert any("face-up: Barst, The Hatchet (Red)" in b and "Your bonds: 1 (symbols: Red x1)" in b
               for b in bonds)
    assert any("Retreat Area" in r for r in typist.output_of("retreat"))
    assert any("Support Area" in s for s in typist.output_of("support"))

    # A single forced option passed by itself while auto was on ...
    first_auto_off = text.index("A decision's only option is now asked like any other.")
    assert "the only option, taken: end the Deployment Phase" in text[:first_auto_off]
    # ... and asked once turned off.
    assert "choose 1-1 (or help)> " in text[first_auto_off:]
    assert "the only option, taken:" not in text[first_auto_off:]

    # The opponent's turn paused: the board shown at a pause, 'go' ran to the end of that turn.
    assert "(Player 2's turn: Enter for the next step, go, or help)> " in text
    assert "board" in typist.typed and "go" in typist.typed
    pause = "(Player 2's turn: Enter for the next step, go, or help)> "
    went = text.index(pause + "go\n")
    # No pause till that turn ended (the human may answer in it: an orb to break ...).
    assert text.index("\nTurn ", went) < text.index(pause, went + len(pause))
    (shown,) = [o for c, o, _ in typist.outputs if c == "board" and o.startswith("board\nTurn 2, Player 2's")]
    assert "Player 1 (you, Marth starter)" in shown
    assert any(w.startswith("why\nPlayer 2 is deciding; you have nothing to do now.") for w in whys)
    # Every pause followed a step that printed something (no two pause prompts in a row).
    assert pause + "\n" + pause not in text

    # Looking changes nothing: the same answers without any command give the same game.
    again = _game()
    for answer in game.answers:
        again.answer(answer)
    assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]
    assert (again.over, again.winner, again.reason) == (game.over, game.winner, game.reason)

    # Nothing the human was shown (the seat's output and the log) named a card hidden
    # from them at that moment.
    checked = 0
    for cmd, output, hidden in typist.outputs:
        if cmd.startswith("info"):
            continue          # (the card the player asked for by name)
        for name in hidden:
            assert name not in output, (cmd, name)
        checked += 1
    assert checked > 50


def test_the_forced_option_is_asked_with_auto_pass_off():
    game = _game()
    out = io.StringIO()
    # keep, bond Barst, deploy Caeda: the Deployment Phase's only option left is asked.
    human = HumanAgent(io.StringIO("1\n1\n3\n1\n"), out, player=0, pool=POOL, auto_pass=False, echo=True)
    play(game, [human, HeuristicAgent(2)])
    text = out.getvalue()
    assert "Turn 1, Player 1's Action Phase" in text and "(end of input: Player 1 concedes)" in text
    assert "the only option, taken:" not in text
    assert "  1. end the Deployment Phase\nchoose 1-1 (or help)> 1\n" in text


def test_concede_asks_for_confirmation():
    game = _game()
    out = io.StringIO()
    human = HumanAgent(io.StringIO("concede\nno\nquit\nn\nconcede\nyes\n"), out, player=0, pool=POOL)
    before = (len(game.events), game.decision)
    assert human(game) is CONCEDE
    assert (len(game.events), game.decision) == before
    text = out.getvalue()
    assert text.count("Concede the game? Player 2 wins. Type yes to concede> ") == 3
    assert text.count("Not conceded: the game goes on.") == 2
    # Without confirmation the answer after it is taken as usual.
    human = HumanAgent(io.StringIO("concede\nnope\n1\n"), io.StringIO(), player=0, pool=POOL)
    assert human(game) == game.decision.options[0]


def test_card_and_why_refusals_and_toggles():
    game = _game()
    out = io.StringIO()
    human = HumanAgent(io.StringIO("card\ncard 99\ncard 0\nwhy\nauto maybe\npause\npause\nauto\n"
                                   "info pri\nbonds\nboard\ncard gordin\n2\n"), out, player=0, pool=POOL)
    assert human(game) == game.decision.options[1]       # (the mulligan: 2 is mulligan)
    text = out.getvalue()
    # During the set-up the opponent's Main Character is face-down: not named by the
    # board, nor found by a part of its name ('pri' finds Marth, Altean Prince).
    assert "Front: a face-down Main Character" in text
    assert "Marth, Altean Prince  [B01-003HN" in text and "Chrom," not in text
    # card NAME is info NAME: Gordin, in the hand.
    assert "card gordin\nGordin, Archer of the Liberators  [" in text
    assert text.count("card takes an option number from 1 to 2") == 3
    assert "This decision (Mulligan?" in text and "offers every answer it allows" in text
    assert "auto takes on or off" in text
    assert "The opponent's turn now stops after each step." in text
    assert "The opponent's turn now runs without stopping." in text
    assert "A decision's only option is now asked like any other." in text and not human.auto_pass


def test_fecipher_play_human_with_piped_input():
    """The installed command, its input piped (no terminal: no pause by default)."""
    typed = "\n".join(["1", "help", "why", "1", "why", "3", "why", "card 1", "info Chrom, Prince of Ylisse",
                       "bonds", "retreat", "concede", "no", "board", "concede", "yes"]) + "\n"
    r = subprocess.run([sys.executable, "-m", "fecipher.play.cli", "play", "--p1", "human", "--seed", "3",
                        "--first", "1"], input=typed, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "card N           the text of the card(s) option N is about" in out
    assert "Everything of this kind can be done now" in out          # why at the Bond Phase
    assert "deploy Navarre, Wielder of a Killing Edge: rule 5 (bond count)" in out
    assert "the only option, taken: end the Deployment Phase" in out
    assert "Young Hero |ACT| [Tap this unit, Tap 1 other ally]" in out    # card 1: Marth
    assert "Brilliance of the Brand |CONT|" in out                       # info Chrom
    assert "face-up: Barst, The Hatchet (Red)" in out
    assert "Your Retreat Area: empty" in out
    assert "Not conceded: the game goes on." in out
    assert "(Player 2's turn" not in out
    assert out.rstrip().endswith("Player 2 wins: player 1 conceded.")
    # The board as player 1 sees it: the opponent's hand counted, its names absent.
    assert "  hand: 6 cards" in out and "Player 1 (you, Marth starter)" in out


def test_the_seat_flags(monkeypatch, capsys):
    """--no-auto-pass asks the single option; --pause pauses even with piped input."""
    from fecipher.play.cli import main
    # keep, bond Barst, deploy Caeda, end the Deployment Phase (asked), end the turn; then
    # at the opponent's first pause: board, Enter; then go; the input ends.
    typed = "1\n1\n3\n1\n5\nboard\n\ngo\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    code = main(["play", "--p1", "human", "--seed", "3", "--first", "1", "--no-auto-pass", "--pause"])
    out = capsys.readouterr().out
    assert code == 0
    assert "  1. end the Deployment Phase\nchoose 1-1 (or help)> 1\n" in out
    pause = "(Player 2's turn: Enter for the next step, go, or help)> "
    assert pause + "board\nTurn 2, Player 2's" in out and pause + "go\n" in out
    assert out.rstrip().endswith("Player 2 wins: player 1 conceded.")
    # Without the flags and with piped input: no pause, the single option taken.
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n1\n3\n5\n"))
    assert main(["play", "--p1", "human", "--seed", "3", "--first", "1"]) == 0
    out = capsys.readouterr().out
    assert pause not in out and "the only option, taken: end the Deployment Phase" in out

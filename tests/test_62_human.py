"""Human play: `fecipher play --p1 human` driven through its input and output streams."""
import io
import sys

from fecipher.dsl.decks import load_deck
from fecipher.play.agents import CONCEDE, HumanAgent
from fecipher.play.cli import main
from fecipher.engine.game import Game


def _session(monkeypatch, capsys, typed, *extra):
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    code = main(["play", "--p1", "human", "--seed", "3", "--first", "1", *extra])
    return code, capsys.readouterr().out


def test_a_terminal_session(monkeypatch, capsys):
    # keep the hand; then at the Bond Phase: help, garbage, a wrong number, board, log, a bond;
    # then the input ends: player 1 concedes.
    typed = "1\nhelp\nattack!\n99\nboard\nlog\n1\n"
    code, out = _session(monkeypatch, capsys, typed)
    assert code == 0
    # The mulligan, as a numbered list of its options in game words.
    assert "Player 1: Mulligan?" in out
    assert "  1. keep this hand\n  2. mulligan\n" in out
    # The board is drawn before the Bond Phase decision, the opponent's hand only counted.
    assert "Turn 1, Player 1's Bond Phase" in out
    assert "Player 2 (Chrom starter): 5 orbs, hand 6" in out and "  hand: 6 cards" in out
    assert "Player 1: Bond Phase: place a card from your hand face-up in the Bond Area?" in out
    # Help, refusals with a hint, the board and the log on request.
    assert "Type the number of an option to choose it." in out
    assert "'attack!' is not an option: type a number from 1 to " in out
    assert "There is no option 99: type a number from 1 to " in out
    assert out.count("Turn 1, Player 1's Bond Phase") == 2
    assert "Player 1 goes first" in out
    # The chosen bond is played; the session ends with a concession at the end of input.
    assert "Player 1 places " in out and "as a face-up bond" in out
    assert "(end of input: Player 1 concedes)" in out
    assert out.rstrip().endswith("Player 2 wins: player 1 conceded.")
    # The opponent's cards drawn are hidden from the human player.
    assert "Player 2 draws a card" in out and "Player 2 draws Chrom" not in out


def test_invalid_input_changes_nothing():
    d1, d2 = load_deck("marth"), load_deck("chrom")
    g = Game(d1, d2, seed=3, first_player=0)
    out = io.StringIO()
    agent = HumanAgent(io.StringIO("0\n-1\nfoo\n\n2\n"), out)
    before = (list(g.answers), len(g.events), g.decision)
    choice = agent(g)
    assert (list(g.answers), len(g.events), g.decision) == before
    assert choice == g.decision.options[1]
    text = out.getvalue()
    assert "There is no option 0" in text and "'-1' is not an option" in text and "'foo' is not an option" in text


def test_concede_command_and_end_of_input():
    d1, d2 = load_deck("marth"), load_deck("chrom")
    g = Game(d1, d2, seed=3)
    assert HumanAgent(io.StringIO("concede\nyes\n"), io.StringIO())(g) is CONCEDE
    # (the input ending at concede's confirmation concedes too, as at a decision)
    assert HumanAgent(io.StringIO("concede\n"), io.StringIO())(g) is CONCEDE
    out = io.StringIO()
    assert HumanAgent(io.StringIO(""), out)(g) is CONCEDE
    assert "end of input" in out.getvalue()


def test_the_human_can_record_and_the_record_replays(monkeypatch, capsys, tmp_path):
    path = tmp_path / "h.json"
    code, out = _session(monkeypatch, capsys, "1\n1\n1\n", "--record", str(path))
    assert code == 0
    assert main(["replay", str(path), "--quiet"]) == 0
    assert "conceded" in capsys.readouterr().out

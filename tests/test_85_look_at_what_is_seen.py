"""Looking at cards everybody (or the controller) sees anyway is refused at check time.

Both players see every bond, face-up or face-down, at any time (rulebook 000/002/003;
docs/rules.md, Hidden information); the Retreat, Support and Boundless Areas and the
field are seen by both; a hand by its owner. "look at ..." such cards would be an effect
that does nothing, and no card of the card list asks it (the cards that name face-down
bonds choose and flip them), so the checker refuses it with the reason, whether the line
parses ("look at your bond area") or not ("look at your face-down bonds")."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text


def _errors(line: str) -> str:
    src = f'card "Bad, One"\n  codes BAD-001\n  cost 1\n  act "X"\n    draw 1\n    {line}\n'
    with pytest.raises(LanguageError) as e:
        compile_text(src, "bad.fe0")
    return str(e.value)


@pytest.mark.parametrize("line", [
    "look at your face-down bonds",
    "look at 1 of your opponent's face-down bonds",
    "look at your bond area",
    "look at your opponent's bond area",
    "look at 1 face-down bond in your opponent's bond area",
    "look at all face-down bonds",
    "you may look at your face-down bonds",
])
def test_looking_at_bonds_is_refused_with_the_rule(line):
    msg = _errors(line)
    assert "looking at bonds is not supported: both players see every bond, face-up or face-down" in msg
    assert "'look at' is for cards hidden from the controller" in msg


@pytest.mark.parametrize("line, words", [
    ("look at your retreat area", "looking at the retreat area is not supported: both players see it"),
    ("look at your opponent's support area", "looking at the support area is not supported"),
    ("look at your hand", "looking at your own hand is not supported: you see it at any time"),
])
def test_looking_at_other_cards_already_seen_is_refused(line, words):
    assert words in _errors(line)


@pytest.mark.parametrize("line", [
    "look at your opponent's hand", "look at 1 of your orbs", "look at the top 2 cards of your deck",
])
def test_looking_at_hidden_cards_is_accepted(line):
    src = f'card "Good, One"\n  codes GOOD-001\n  cost 1\n  attack 30\n  support 10\n  act "X"\n    {line}\n'
    assert compile_text(src, "good.fe0")

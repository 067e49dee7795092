"""'all black cards in your retreat area acquire white' (CONT; "Treat ... all <Black> cards in your
Retreat Area as if they are also <White>", B03-083R): while the skill is active, those cards of
its controller's Retreat Area also have that symbol wherever a card's symbol is asked (a filter,
a count); not the opponent's, not other areas. Only symbols; only all of them."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_cards, add_unit, begin, card, duel

PACK = '''
card "Silas, Probe"
  codes TSY-341
  cost 1
  symbol black
  range 1
  attack 30
  support 10
  cont "Friendship"
    all black cards in your retreat area acquire white
  cont "Count"
    this unit gains +10 attack for each white card in your retreat area
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "retreat_symbols.fe0")}


def test_black_cards_of_your_retreat_area_are_also_white():
    game, _, _ = duel()
    silas = add_unit(game, 0, CARDS["Silas"])
    black, red = add_cards(game, 0, "retreat", card("Kaze", symbols="black"), card("Ryoma", symbols="red"))
    add_cards(game, 1, "retreat", card("Xander", symbols="black"))
    add_cards(game, 0, "hand", card("Niles", symbols="black"))
    begin(game, player=0, turn=2, phase="action")
    assert game.attack(silas) == 40                       # one white card: the black one
    assert {s.value for s in game.card_symbols(black)} == {"black", "white"}
    assert {s.value for s in game.card_symbols(red)} == {"red"}
    theirs = game.players[1].retreat[0]
    hand = game.players[0].hand[0]
    assert {s.value for s in game.card_symbols(theirs)} == {"black"}
    assert {s.value for s in game.card_symbols(hand)} == {"black"}


@pytest.mark.parametrize("line, message", [
    ("all black cards in your retreat area acquire the unit name \"Corrin (Male)\"", "acquire a symbol"),
    ("all black cards in your retreat area acquire sword", "acquire a symbol"),
    ("all black cards in your hand acquire white", "not supported"),
])
def test_near_misses_are_refused(line, message):
    src = ('card "Probe, Probe"\n  codes TSY-349\n  cost 1\n  attack 10\n  support 10\n  cont "X"\n    '
           + line + "\n")
    with pytest.raises(LanguageError) as e:
        compile_text(src, "x.fe0")
    assert message in str(e.value)

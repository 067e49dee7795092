"""'if this unit has 3 or more different weapons' ("If this unit has 3 or more different Weapons",
B04-083R): the number of weapons the unit has now, printed and acquired (not lost), "none" not
counted. Said of units; a card is refused."""
import pytest

from fecipher.dsl import render
from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.dsl.parse import parse_pack

from vanilla import add_unit, begin, card, duel, pick

PACK = '''
card "Morgan (Female), Probe"
  codes TSY-321
  cost 1
  symbol blue
  weapon sword
  range 1
  attack 30
  support 10
  cont "Potential"
    during your turn
    this unit acquires the weapon, type and range of all non-"Morgan (Female)" allies
  cont "Ignis"
    if this unit has 3 or more different weapons
    this unit gains +20 attack
  act "Drop Tome"
    this unit loses tome until the end of the turn
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "weapons.fe0")}


def _board(*weapons):
    game, _, _ = duel()
    morgan = add_unit(game, 0, CARDS["Morgan (Female)"])
    for i, w in enumerate(weapons):
        add_unit(game, 0, card(f"Ally{i}", weapon=w))
    begin(game, player=0, turn=2, phase="action")
    return game, morgan


def test_three_weapons_printed_and_acquired():
    game, morgan = _board("tome", "staff")
    assert game.attack(morgan) == 50


def test_two_weapons_are_not_enough_and_the_same_weapon_counts_once():
    game, morgan = _board("tome", "tome", "sword")
    assert game.attack(morgan) == 30


def test_a_lost_weapon_is_not_counted():
    game, morgan = _board("tome", "staff")
    pick(game, "use_skill", skill="Drop Tome")
    assert game.attack(morgan) == 30


def test_it_reads_as_the_card_says():
    lines = [render.skill(s) for c in parse_pack(PACK, "x.fe0").cards for s in c.skills]
    assert any("If this unit has 3 or more different Weapons" in ln for ln in lines), lines


def test_a_card_is_refused():
    src = ('card "Probe, Probe"\n  codes TSY-329\n  cost 1\n  attack 10\n  support 10\n  act "X"\n'
           '    reveal the top card of your deck\n    if it has 2 or more different weapons: draw 1\n')
    with pytest.raises(LanguageError) as e:
        compile_text(src, "x.fe0")
    assert "is said of a unit" in str(e.value)

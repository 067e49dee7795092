"""A unit losing a type, weapon or gender, or a range: "until the end of the turn, this unit
loses <Axe> and range 1" (B08-015N Vaike), "loses -30 attack, <Dragon> and <Dragonstone>"
(P02-003PR Bantu), "this unit loses <Dragon>" while a condition holds (B09-051SR Al). A loss
is taken from what the unit has, printed or acquired, while the change holds (a loss wins over
a grant of the same thing: engine/modifiers.combine_set); a unit that has lost its only range
cannot attack."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_bonds, add_unit, answer_until, begin, card, duel, options, pick

PACK = '''
card "Vaike, Probe"
  codes TST-941
  cost 1
  symbol blue
  gender male
  weapon axe
  types dragon
  range 1
  attack 30
  support 10
  act "Drop"
    this unit loses axe and loses range 1 until the end of the turn
  act "Regrip"
    this unit acquires axe until the end of the turn
  cont "Scaled"
    if you have 6 or more bonds
    this unit loses dragon
  cont "Axe Bonus"
    if this unit is axe
    this unit gains +10 attack
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "lose_traits.fe0")}


def _board():
    game, _, enemy_mc = duel()
    vaike = add_unit(game, 0, CARDS["Vaike"])
    begin(game)
    return game, vaike, enemy_mc


def test_a_weapon_and_a_range_lost_until_the_end_of_the_turn():
    game, vaike, enemy_mc = _board()
    assert "axe" in game.types(vaike) and game.attack(vaike) == 40
    assert options(game, "attack", unit=vaike)
    pick(game, "use_skill", skill="Drop")
    assert "axe" not in game.types(vaike)
    assert game.attack(vaike) == 30          # "if this unit is axe" no longer holds
    assert game.ranges(vaike) == frozenset()
    assert not options(game, "attack", unit=vaike)   # no range: it cannot attack
    # A grant of the same weapon does not bring it back while the loss holds.
    pick(game, "use_skill", skill="Regrip")
    assert "axe" not in game.types(vaike)


def test_the_loss_ends_with_the_turn():
    game, vaike, enemy_mc = _board()
    pick(game, "use_skill", skill="Drop")
    answer_until(game, lambda g: g.turn_player == 1)
    assert "axe" in game.types(vaike) and game.ranges(vaike) == frozenset({1})


def test_a_type_lost_while_a_condition_holds():
    game, vaike, _ = _board()
    add_bonds(game, 0, *[card("Bond")] * 5)
    game.invalidate()
    assert "dragon" in game.types(vaike)
    add_bonds(game, 0, card("Bond"))
    game.invalidate()
    assert "dragon" not in game.types(vaike)


def test_describe_says_loses():
    texts = {s.name: s.text for c in CARDS.values() for s in c.skills}
    assert "Until the end of the turn, this unit loses <Axe>, and loses range 1." in texts["Drop"]
    assert "This unit loses <Dragon>." in texts["Scaled"]


@pytest.mark.parametrize("line, message", [
    ("this unit loses red until the end of the turn", "a unit losing a symbol is not supported"),
    ("this unit loses axes until the end of the turn", "unknown type 'axes'"),
    ("this unit loses range 4 until the end of the turn", "range 4 is outside 1-3"),
])
def test_refused(line, message):
    text = ('card "Probe, Probe"\n  codes TST-942\n  cost 1\n  attack 10\n  support 10\n  act "X"\n'
            f'    {line}\n')
    with pytest.raises(LanguageError) as e:
        compile_text(text, "x.fe0")
    assert message in str(e.value)

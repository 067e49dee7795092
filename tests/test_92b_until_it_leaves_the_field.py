"""The duration `until it leaves the field` ("until this unit is removed from the Battlefield",
B16-046R Boey "The Threshold of Truth"): a change of units that no turn or combat ends; it
ends when the changed unit leaves the field, as every change aimed at a unit does. It is
accepted on a change of units only."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_unit, answer_until, begin, duel, pick

PACK = '''
card "Boey, Probe"
  codes TST-921
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Threshold"
    once per turn
    this unit gains +30 attack until it leaves the field
  act "Brief"
    once per turn
    this unit gains +5 attack until the end of the turn
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "leaves.fe0")}


def test_the_change_outlasts_turns_and_ends_when_the_unit_leaves_the_field():
    game, _, _ = duel()
    boey = add_unit(game, 0, CARDS["Boey"])
    begin(game, turn=3, player=0)
    pick(game, "use_skill", skill="Threshold")
    pick(game, "use_skill", skill="Brief")
    assert game.attack(boey) == 65
    answer_until(game, lambda g: g.turn == 4)
    assert game.attack(boey) == 60            # the turn's change is gone, this one stays
    answer_until(game, lambda g: g.turn == 7)
    assert game.attack(boey) == 60            # through the opponent's next turn and beyond
    copy = boey.top
    game.remove_unit(boey, "hand")
    again = game.deploy(copy, "front", by_skill=True)
    assert game.attack(again) == 30           # a new unit: the change left with the old one


@pytest.mark.parametrize("line, message", [
    ('the cost of "Threshold" is reduced by 1 bond until it leaves the field', "supported on a change of units"),
    ('this unit gains +5 attack until it leaves the stage', "say 'until it leaves the field'"),
])
def test_only_on_a_change_of_units(line, message):
    text = PACK.replace('this unit gains +5 attack until the end of the turn', line)
    with pytest.raises(LanguageError) as e:
        compile_text(text, "bad.fe0")
    assert message in str(e.value)

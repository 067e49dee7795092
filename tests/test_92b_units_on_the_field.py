"""A count of the units of both players together: "If the number of allies and enemies
totals 7" (B03-049HN Emma), "is 5 or more" (B03-073N Selkie), "If there are exactly 2 <Male>
units on the Battlefield" (B10-078HN Nina) are `if there are 7 units on the field`, `if there
are 5 or more units on the field`, `if there are 2 male units on the field`. `you have N
units` counts your own units only; the new form takes units (of any filter) only."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_unit, begin, card, duel

PACK = '''
card "Emma, Probe"
  codes TST-931
  cost 1
  symbol green
  range 1
  attack 30
  support 10
  cont "Seven"
    if there are 5 units on the field
    this unit gains +20 attack

card "Nina, Probe"
  codes TST-932
  cost 1
  symbol black
  gender female
  range 1
  attack 30
  support 10
  cont "Two Men"
    if there are 2 male units on the field
    this unit gains +20 attack
  cont "Many"
    if there are 4 or more units on the field
    this unit gains +10 attack
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "field_count.fe0")}


def test_the_units_of_both_players_are_counted_together():
    game, _, _ = duel()            # two Main Characters
    emma = add_unit(game, 0, CARDS["Emma"])
    begin(game)
    assert game.attack(emma) == 30     # 3 units
    add_unit(game, 1, card("Orin", attack=30))
    assert game.attack(emma) == 30     # 4
    add_unit(game, 1, card("Pell", attack=30))
    assert game.attack(emma) == 50     # 5: 2 of player 0 (MC, Emma), 3 of player 1
    add_unit(game, 0, card("Ansel", attack=30))
    assert game.attack(emma) == 30     # 6: "exactly"


def test_a_filter_and_at_least():
    game, _, _ = duel(card("Lord 0", "main character", attack=50, gender="female"),
                      card("Lord 1", "main character", attack=50, gender="female"))
    nina = add_unit(game, 0, CARDS["Nina"])
    begin(game)
    assert game.attack(nina) == 30     # no male unit, 3 units
    add_unit(game, 0, card("Ansel", attack=30, gender="male"))
    assert game.attack(nina) == 40     # 1 male unit, 4 units
    add_unit(game, 1, card("Orin", attack=30, gender="male"))
    assert game.attack(nina) == 60     # 2 male units, one on each side
    add_unit(game, 1, card("Pell", attack=30, gender="male"))
    assert game.attack(nina) == 40     # 3 male units


def test_describe_says_on_the_battlefield():
    texts = {s.name: s.text for c in CARDS.values() for s in c.skills}
    assert "If there are exactly 5 units on the Battlefield: This unit gains +20 attack." in texts["Seven"]
    assert "If there are exactly 2 <Male> units on the Battlefield" in texts["Two Men"]
    assert "If there are 4 or more units on the Battlefield" in texts["Many"]


@pytest.mark.parametrize("what", ["allies on the field", "cards on the field", "bonds on the field",
                                  "units on the battlefield"])
def test_only_units_are_counted_on_the_field(what):
    text = ('card "Probe, Probe"\n  codes TST-933\n  cost 1\n  attack 10\n  support 10\n  cont "X"\n'
            f'    if there are 3 {what}\n    this unit gains +10 attack\n')
    with pytest.raises(LanguageError) as e:
        compile_text(text, "x.fe0")
    assert "units of both players together are 'if there are 7 units on the field'" in str(e.value)

"""Counting units 'with different unit names': `this unit gains +10 attack for each monster unit
with different unit names` ("This unit gains +10 attack per every <Monster> unit with a different
Unit Name on the Battlefield", B11-045R; docs/skill-language.md, "Counting units with different
unit names"): the count is the most of the matching units that can be taken with no two sharing
a unit name (the number of different unit names among them when each has one name)."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.dsl.selectors import most_with_different_names

from vanilla import add_unit, begin, card, duel

PACK = '''
card "Lord, Of Monsters"
  codes TST-230
  cost 3
  symbol purple
  range 1
  attack 60
  support 0
  cont "Pulse"
    this unit gains +10 attack for each monster unit with different unit names
'''


def _lord():
    return compile_text(PACK, "t.fe0")[0]


def test_reads_as_the_card():
    assert _lord().skills[0].text == (
        "Pulse |CONT| This unit gains +10 attack for each <Monster> unit with different unit names.")


def test_counts_the_monster_units_of_both_players_once_per_unit_name():
    g, _, _ = duel()
    lord = add_unit(g, 0, _lord())
    add_unit(g, 0, card("Gargoyle", types=["monster"]))
    add_unit(g, 0, card("Gargoyle", "other", types=["monster"]))
    add_unit(g, 0, card("Revenant", types=["monster"]))
    add_unit(g, 1, card("Gargoyle", types=["monster"]))
    add_unit(g, 1, card("Bael", types=["monster"]))
    add_unit(g, 1, card("Knight"))   # not a monster
    begin(g)
    assert g.attack(lord) == 60 + 30   # Gargoyle, Revenant, Bael


def test_no_monster_no_gain():
    g, _, _ = duel()
    lord = add_unit(g, 0, _lord())
    add_unit(g, 1, card("Knight"))
    begin(g)
    assert g.attack(lord) == 60


@pytest.mark.parametrize("names, most", [
    ([], 0),
    ([{"A"}, {"A"}, {"B"}], 2),
    ([{"A", "B"}], 1),
    ([{"A"}, {"A", "B"}, {"B"}], 2),       # the unit named both shares a name with each
    ([{"A", "B"}, {"C"}, {"B", "C"}], 2),
    ([{"A", "B"}, {"B", "C"}, {"C", "D"}, {"D"}], 2),
    ([{"A", "B"}, {"C", "D"}, {"E"}], 3),
])
def test_the_most_units_no_two_sharing_a_name(names, most):
    assert most_with_different_names([frozenset(n) for n in names]) == most


def _src(line: str) -> str:
    return f'card "Bad, One"\n  codes BAD-001\n  cost 1\n  attack 30\n  support 10\n  cont "S"\n    {line}\n'


@pytest.mark.parametrize("line, message", [
    ("this unit gains +10 attack for each card with different unit names in your retreat area",
     "counting things 'with different unit names' is supported for units"),
    ("this unit gains +10 attack for each bond with different unit names",
     "counting things 'with different unit names' is supported for units"),
])
def test_near_misses_are_refused(line, message):
    with pytest.raises(LanguageError) as e:
        compile_text(_src(line), "bad.fe0")
    assert message in str(e.value)

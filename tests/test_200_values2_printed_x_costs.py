"""A printed deployment cost or class change cost X (docs/skill-language.md, "Printed X
values"; docs/rules.md engine decision 45): the card's own SPEC 'the ... cost of this card
becomes N for each ...' defines it wherever the card is (the hand, the deck, the Retreat
Area; a unit's cost on the field), while the card's other SPEC cost changes hold in the hand
only; a card printed X needs that SPEC line."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import modifiers as M

from vanilla import add_cards, add_orbs, add_unit, begin, continuous, duel

PACK = '''
card "Queen, Tester"
  codes TST-202
  cost 5
  class change cost X
  symbol blue
  range 1
  attack 70
  support 20
  spec "Def"
    the class change cost of this card becomes 1 for each orb in your opponent's orbs

card "Prince, Tester"
  codes TST-203
  cost X
  symbol none
  range 1
  attack 70
  support 20
  spec "Gate"
    the deployment cost of this card becomes 1 for each orb
  spec "Cheaper In Hand"
    the deployment cost of this card is reduced by 1
'''


def _cards():
    return compile_text(PACK, "t.fe0")


def test_compiles_as_printed_x():
    q, p = _cards()
    assert q.printed_x == frozenset({"class_change_cost"}) and q.class_change_cost == 0
    assert p.printed_x == frozenset({"cost"}) and p.cost == 0
    from fecipher.play.cli_cards import describe
    assert "class change X" in describe(q) and "cost X" in describe(p)


def test_the_class_change_cost_counts_the_opponents_orbs_in_every_area():
    q, _ = _cards()
    g, _, _ = duel(orbs=0)
    qs = add_cards(g, 0, "hand", q) + add_cards(g, 0, "retreat", q) + add_cards(g, 0, "deck", q)
    add_orbs(g, 0, 4)
    add_orbs(g, 1, 2)
    begin(g)
    assert [g.cc_cost(c) for c in qs] == [2, 2, 2]


def test_the_deployment_cost_in_every_area_and_of_the_unit():
    _, p = _cards()
    g, _, _ = duel(orbs=0)
    hand, = add_cards(g, 0, "hand", p)
    retreat, = add_cards(g, 0, "retreat", p)
    unit = add_unit(g, 0, p)
    add_orbs(g, 0, 3)
    begin(g)
    # In the hand the other SPEC line ("reduced by 1") adds to X; elsewhere only X holds.
    assert g.deploy_cost(hand) == 2 and g.deploy_cost(retreat) == 3 and g.cost(unit) == 3


def test_a_units_cost_change_counts_on_top_of_x():
    _, p = _cards()
    plus = continuous("Dearer", M.COST, "add", 1, lambda ctx, u: u.card.unit_name == "Prince")
    g, _, _ = duel(orbs=2)
    unit = add_unit(g, 0, p)
    add_unit(g, 1, p.__class__(unit_name="Other", title="T", codes=("TST-9",), cost=1, skills=(plus,)))
    begin(g)
    assert g.cost(unit) == 3


def test_blanked_the_printed_x_is_zero():
    from fecipher.dsl.compiler import blank_card
    _, p = _cards()
    g, _, _ = duel(orbs=3)
    c, = add_cards(g, 0, "hand", blank_card(p))
    unit = add_unit(g, 0, blank_card(p))
    begin(g)
    assert g.deploy_cost(c) == 0 and g.cost(unit) == 0


def _src(facts: str, skill: str) -> str:
    return f'card "Bad, One"\n  codes BAD-001\n{facts}  attack 30\n  support 10\n{skill}'


@pytest.mark.parametrize("facts, skill, message", [
    ("  cost X\n", '  spec "S"\n    the class change cost of this card becomes 1\n',
     "cost X is defined by a SPEC skill 'the deployment cost of this card becomes ...'"),
    ("  cost 1\n  class change cost X\n", '  cont "S"\n    this unit gains +10 attack\n',
     "class change cost X is defined by a SPEC skill"),
    ("  cost X\n", '  spec "S"\n    the deployment cost of this card is reduced by 1\n', "cost X is defined by"),
    ("  cost Y\n", "", "cost is a number or X"),
])
def test_near_misses_are_refused(facts, skill, message):
    with pytest.raises(LanguageError) as e:
        compile_text(_src(facts, skill), "bad.fe0")
    assert message in str(e.value)

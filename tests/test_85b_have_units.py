"""'you have N units' / 'your opponent has N units' count the units of the one who has
them (docs/skill-language.md, Conditions); a bare 'units' counted both players' units."""
from fecipher.dsl.packs import compile_text

from vanilla import add_unit, begin, card, duel

PACK = '''
card "Tester, Counter"
  codes TST-951
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  cont "Crowd"
    if your opponent has 3 or more units
    this unit gains +20 attack
  cont "Home"
    if you have 3 or more units
    this unit gains +10 attack
'''


def _board(mine: int, theirs: int):
    counter = compile_text(PACK, "t.fe0")[0]
    g, _, _ = duel()
    u = add_unit(g, 0, counter)
    for i in range(mine - 2):
        add_unit(g, 0, card(f"Ally {i}"))
    for i in range(theirs - 1):
        add_unit(g, 1, card(f"Enemy {i}"))
    begin(g)
    return g, u


def test_you_have_counts_your_units_only():
    g, u = _board(3, 1)
    assert g.attack(u) == 40          # 3 of mine: +10; 1 of theirs: no +20


def test_your_opponent_has_counts_their_units_only():
    g, u = _board(2, 3)
    assert g.attack(u) == 50          # 3 of theirs: +20; 2 of mine: no +10

"""'untap it' / 'tap it' followed by 'if you do:' (docs/skill-language.md, "if you do"):
untapping a unit that is not tapped (or tapping one already tapped) did nothing, so the
line under 'if you do' does not run (B09-007SR "Lightning Sword Finisher": "untap this
unit. If you do, ..."; they ran, a silent wrong meaning)."""
from fecipher.dsl.packs import compile_text

from vanilla import add_unit, begin, duel, pick

PACK = '''
card "Tester, Untapper"
  codes TST-861
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Second Wind"
    once per turn
    untap this unit
    if you do: this unit gains +20 attack until the end of the turn
  act "Brace"
    once per turn
    tap this unit
    if you do: this unit gains +10 attack until the end of the turn
'''


def _board(tapped: bool):
    tester = compile_text(PACK, "t.fe0")[0]
    g, _, _ = duel()
    u = add_unit(g, 0, tester, tapped=tapped)
    begin(g)
    return g, u


def test_untap_of_a_tapped_unit_did_something():
    g, u = _board(True)
    pick(g, "use_skill", skill="Second Wind")
    assert not u.tapped and g.attack(u) == 50


def test_untap_of_an_untapped_unit_did_nothing():
    g, u = _board(False)
    pick(g, "use_skill", skill="Second Wind")
    assert not u.tapped and g.attack(u) == 30


def test_tap_of_an_untapped_unit_did_something():
    g, u = _board(False)
    pick(g, "use_skill", skill="Brace")
    assert u.tapped and g.attack(u) == 40


def test_tap_of_a_tapped_unit_did_nothing():
    g, u = _board(True)
    pick(g, "use_skill", skill="Brace")
    assert u.tapped and g.attack(u) == 30

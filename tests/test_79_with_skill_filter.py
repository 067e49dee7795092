"""The selector filter "with a support skill" / "with a bond skill" (units and cards that
print a skill of that kind): parsed, rendered, checked, and read in games (P05-014PR Lilina
"2 or more other allies with Support Skills", S07-001ST Roy "an ally with a Support Skill
is deployed", P06-009PR Sigurd "your Bond cards with a Bond Skill")."""
from __future__ import annotations

from fecipher.dsl.packs import compile_text
from fecipher.play.cli_cards import describe as describe_card
from vanilla import add_bonds, add_unit, begin, duel

PACK = '''
card "Lilina, Counter"
  codes TWS-001
  cost 1
  symbol red
  range 1
  attack 40
  support 10
  cont "Flame"
    if you have 2 or more other allies with support skills
    this unit gains +20 attack
  cont "Knight"
    this unit gains +10 attack for each bond with a bond skill

card "Wolt, Supporter"
  codes TWS-002
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  support "Attack Emblem" attack
    your attacking unit gains +20 attack until the end of the combat

card "Dart, Plain"
  codes TWS-003
  cost 1
  symbol red
  range 1
  attack 30
  support 10

card "Lugh, Bonded"
  codes TWS-004
  cost 1
  symbol red
  attack 30
  support 10
  bond "Breeze" [BS]
    cost flip this card
    draw 1
'''
CARDS = {c.codes[0]: c for c in compile_text(PACK, "with_skill.fe0")}


def test_the_filter_reads_and_renders_in_both_numbers():
    text = describe_card(CARDS["TWS-001"])
    assert "2 or more other allies with a Support Skill" in text
    assert "for each bond with a Bond Skill" in text
    (c,) = compile_text(PACK.split("card \"Wolt")[0].replace("with support skills", "with a support skill"), "x.fe0")
    assert "with a Support Skill" in describe_card(c)


def test_allies_with_a_support_skill_are_counted_and_others_are_not():
    game, _, _ = duel()
    lilina = add_unit(game, 0, CARDS["TWS-001"])
    add_unit(game, 0, CARDS["TWS-002"])
    add_unit(game, 0, CARDS["TWS-003"])
    begin(game)
    assert game.attack(lilina) == 40        # one other ally with a support skill (Dart has none)
    add_unit(game, 0, CARDS["TWS-002"], area="back")
    assert game.attack(lilina) == 60        # two
    add_unit(game, 1, CARDS["TWS-002"])
    assert game.attack(lilina) == 60        # an enemy is not an ally


def test_bonds_with_a_bond_skill_count_face_up_only():
    game, _, _ = duel()
    lilina = add_unit(game, 0, CARDS["TWS-001"])
    up, down, plain = add_bonds(game, 0, CARDS["TWS-004"], CARDS["TWS-004"], CARDS["TWS-003"])
    game.flip_bond(down, False)
    begin(game)
    assert game.attack(lilina) == 50        # the face-down bond shows no skill; Dart has none


def test_a_keyword_tag_filter_takes_units_with_a_skill_so_tagged_and_unknown_tags_are_refused():
    import pytest
    from fecipher.dsl.errors import LanguageError
    pack = '''
card "Itsuki, Caller"
  codes TWS-010
  cost 1
  symbol red
  range 1
  attack 40
  support 10
  cont "Count"
    this unit gains +10 attack for each other ally with a [CF] skill

card "Cara, Tagged"
  codes TWS-011
  cost 1
  symbol red
  range 1
  attack 40
  support 10
  cont "Carnage" [CF]
    during your opponent's turn
    this unit gains +10 attack
'''
    cards = {c.codes[0]: c for c in compile_text(pack, "cf.fe0")}
    assert "for each other ally with a [CF]" in describe_card(cards["TWS-010"])
    game, _, _ = duel()
    itsuki = add_unit(game, 0, cards["TWS-010"])
    add_unit(game, 0, cards["TWS-011"])
    add_unit(game, 0, CARDS["TWS-002"])
    begin(game)
    assert game.attack(itsuki) == 50
    with pytest.raises(LanguageError, match=r"unknown keyword \[XF\]"):
        compile_text(pack.replace("[CF] skill", "[XF] skill"), "cf.fe0")

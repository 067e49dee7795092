"""Draug (B01-012ST) and Kellam (S02-002ST): "Armor Expertise" (their Defense Emblems
are in test_51)."""
import pytest

from helpers import C, add_cards, add_unit, begin, board, declare, fight, foe

KNIGHTS = [pytest.param(code, marks=pytest.mark.card(code), id=code) for code in ("B01-012ST", "S02-002ST")]


@pytest.mark.parametrize("code", KNIGHTS)
def test_armor_expertise_plus_20_when_attacked_by_a_non_tome_unit(code):
    g, m0, m1 = board()
    knight = add_unit(g, 0, C(code))
    axe = add_unit(g, 1, foe("Axeman", attack=40, weapon="axe"))
    begin(g, turn=3, player=1)
    j = fight(g, axe, knight)
    assert j.defender_power == 30 + 20 + 10 and not j.attacker_wins   # 50 against 60
    assert g.unit(knight.id) is knight
    assert g.attack(knight) == 30


@pytest.mark.parametrize("code", KNIGHTS)
def test_armor_expertise_only_while_being_attacked(code):
    g, m0, m1 = board()
    knight = add_unit(g, 0, C(code))
    axe = add_unit(g, 1, foe("Axeman", attack=40, weapon="axe"))
    add_cards(g, 0, "hand", knight.card)          # the battle stops at the evasion step
    begin(g, turn=3, player=1)
    assert g.attack(knight) == 30
    declare(g, axe, knight)
    assert g.decision.kind == "evasion"
    assert g.attack(knight) == 50                   # during the battle
    # Attacking, it gains nothing.
    g, m0, m1 = board()
    knight = add_unit(g, 0, C(code))
    begin(g)
    assert fight(g, knight, m1).attacker_power == 30 + 10


@pytest.mark.parametrize("code", KNIGHTS)
def test_armor_expertise_not_against_a_tome(code):
    g, m0, m1 = board()
    knight = add_unit(g, 0, C(code))
    mage = add_unit(g, 1, foe("Mage", attack=30, weapon="tome", ranges=(1, 2)))
    begin(g, turn=3, player=1)
    j = fight(g, mage, knight)
    assert j.defender_power == 30 + 10 and j.attacker_wins
    # The same attack by a lance: +20.
    g, m0, m1 = board()
    knight = add_unit(g, 0, C(code))
    lance = add_unit(g, 1, foe("Lancer", attack=30, weapon="lance"))
    begin(g, turn=3, player=1)
    assert fight(g, lance, knight).defender_power == 30 + 20 + 10

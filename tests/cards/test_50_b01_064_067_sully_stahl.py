"""Sully (B01-064ST, B01-065ST) and Stahl (B01-066ST, B01-067ST): "Aegis" and the
Crimson/Viridian Bonds (the Attack Emblems are in test_51)."""
import pytest

from helpers import C, add_unit, attack_refused, begin, board, can_attack, deck_top, fight, foe, next_turn

SULLY_CC, SULLY, STAHL_CC, STAHL = "B01-064ST", "B01-065ST", "B01-066ST", "B01-067ST"


# --------------------------------------------------------------------------- Aegis
AEGIS = [pytest.param(SULLY_CC, SULLY, marks=pytest.mark.card(SULLY_CC), id=SULLY_CC),
         pytest.param(STAHL_CC, STAHL, marks=pytest.mark.card(STAHL_CC), id=STAHL_CC)]


def _aegis_board(code, base, class_changed=True):
    g, m0, m1 = board()
    stack = (C(code), C(base)) if class_changed else (C(code),)
    knight = add_unit(g, 0, *stack, class_changed=class_changed)
    bow = add_unit(g, 1, foe("Archer", weapon="bow", ranges=(2,)), area="back")
    tome = add_unit(g, 1, foe("Mage", weapon="tome", ranges=(1, 2)), area="back")
    stone = add_unit(g, 1, foe("Manakete", weapon="dragonstone", ranges=(1, 2)), area="back")
    lance = add_unit(g, 1, foe("Javelineer", weapon="lance", ranges=(1, 2)), area="back")
    front_tome = add_unit(g, 1, foe("Front Mage", weapon="tome", ranges=(1, 2)))
    begin(g, turn=3, player=1)
    return g, knight, m0, (bow, tome, stone), lance, front_tome


@pytest.mark.parametrize("code,base", AEGIS)
def test_aegis_back_line_bow_tome_and_dragonstone_enemies_cannot_attack(code, base):
    g, knight, m0, blocked, lance, front_tome = _aegis_board(code, base)
    for u in blocked:
        for target in (knight, m0):
            assert "cannot attack" in attack_refused(g, u, target)
    assert can_attack(g, lance, knight) and can_attack(g, front_tome, knight)
    fight(g, front_tome, m0)


@pytest.mark.parametrize("code,base", AEGIS)
def test_aegis_only_when_class_changed(code, base):
    g, knight, m0, blocked, lance, front_tome = _aegis_board(code, base, class_changed=False)
    assert all(can_attack(g, u, m0) for u in blocked)
    g, knight, m0, blocked, lance, front_tome = _aegis_board(code, base)
    assert not any(can_attack(g, u, m0) for u in blocked)


@pytest.mark.parametrize("code,base", AEGIS)
def test_aegis_does_not_stop_its_owners_units(code, base):
    g, m0, m1 = board()
    add_unit(g, 0, C(code), C(base), class_changed=True)
    my_bow = add_unit(g, 0, foe("My Archer", weapon="bow", ranges=(2,)), area="back")
    enemy_bow = add_unit(g, 1, foe("Archer", weapon="bow", ranges=(2,)), area="back")
    begin(g)
    assert can_attack(g, my_bow, m1)
    next_turn(g)
    assert not can_attack(g, enemy_bow, m0)


# --------------------------------------------------------------------------- Crimson / Viridian Bonds
BONDS = [pytest.param(code, partner, marks=pytest.mark.card(code), id=code)
         for code, partner in ((SULLY_CC, STAHL_CC), (SULLY, STAHL_CC), (STAHL_CC, SULLY_CC), (STAHL, SULLY_CC))]


@pytest.mark.parametrize("code,partner", BONDS)
def test_crimson_viridian_bond_plus_30_when_supported_by_the_partner(code, partner):
    base = C(code).attack
    g, m0, m1 = board()
    knight = add_unit(g, 0, C(code))
    deck_top(g, 0, C(partner))                        # support 10, no support skill
    begin(g)
    assert fight(g, knight, m1).attacker_power == base + 30 + 10
    assert g.attack(knight) == base
    # In defence too.
    g, m0, m1 = board()
    knight = add_unit(g, 0, C(code))
    deck_top(g, 0, C(partner))
    begin(g, turn=3, player=1)
    assert fight(g, m1, knight).defender_power == base + 30 + 10


@pytest.mark.parametrize("code,partner", BONDS)
def test_crimson_viridian_bond_not_with_another_supporter(code, partner):
    base = C(code).attack
    g, m0, m1 = board()
    knight = add_unit(g, 0, C(code))
    deck_top(g, 0, C("B01-062ST"))                    # Virion: support 20, no support skill
    begin(g)
    assert fight(g, knight, m1).attacker_power == base + 20
    g, m0, m1 = board()
    knight = add_unit(g, 0, C(code))
    deck_top(g, 0, C(partner))
    begin(g)
    assert fight(g, knight, m1).attacker_power == base + 30 + 10

"""Lena (B01-026ST), Lissa (B01-059ST, B01-060ST) and Maribelle (B01-072ST): "Heal",
"Bond with Julian", "Noblewoman's Etiquette", "Cleric in Combat" (the Miracle Emblems are
in test_51)."""
import pytest

from helpers import (
    C, FILLER, add_bonds, add_cards, add_unit, begin, board, card, card_choices, face_up_bonds, fight, foe,
    next_turn, pick, use, use_refused,
)

LENA, LISSA_CC, LISSA, MARIBELLE = "B01-026ST", "B01-059ST", "B01-060ST", "B01-072ST"

HEALERS = [pytest.param(code, marks=pytest.mark.card(code), id=code) for code in (LENA, LISSA, MARIBELLE)]


# --------------------------------------------------------------------------- Heal
def _heal_board(code, bonds=2, tapped=False):
    g, m0, m1 = board()
    healer = add_unit(g, 0, C(code), area="back", tapped=tapped)
    same, x, y = add_cards(g, 0, "retreat", C(code), C("B01-019ST"), C("S01-001ST"))
    add_cards(g, 1, "retreat", C("B01-020ST"))        # the opponent's retreat area is not searched
    add_bonds(g, 0, *[FILLER] * bonds)
    begin(g)
    return g, healer, same, x, y


@pytest.mark.parametrize("code", HEALERS)
def test_heal_taps_flips_2_bonds_and_returns_a_card_of_another_name_to_the_hand(code):
    g, healer, same, x, y = _heal_board(code)
    use(g, healer, "Heal")
    assert healer.tapped and face_up_bonds(g, 0) == 0
    assert card_choices(g) == {x.id, y.id}           # not a card with the healer's own name
    pick(g, "card", card=y)                          # any cost
    assert y in g.players[0].hand
    assert g.players[0].retreat == [same, x]
    assert g.decision.kind == "action"


@pytest.mark.parametrize("code", HEALERS)
def test_heal_needs_the_healer_untapped_and_2_face_up_bonds(code):
    g, healer, *_ = _heal_board(code, bonds=1)
    assert "cost" in use_refused(g, healer, "Heal")
    g, healer, *_ = _heal_board(code, tapped=True)
    assert "cost" in use_refused(g, healer, "Heal")
    g, healer, same, x, y = _heal_board(code, bonds=3)
    use(g, healer, "Heal")
    b = g.players[0].bonds
    pick(g, "card", card=b[0].copy)                  # which 2 of the 3 bonds
    pick(g, "card", card=b[2].copy)
    assert [bd.face_up for bd in b] == [False, True, False]
    pick(g, "card", card=x)
    assert x in g.players[0].hand


# --------------------------------------------------------------------------- Bond with Julian
@pytest.mark.card(LENA)
def test_bond_with_julian_gives_julian_allies_plus_10_always():
    g, m0, m1 = board(None, card("Lord 1", "main character", attack=10))
    add_unit(g, 0, C(LENA), area="back")
    julian = add_unit(g, 0, foe("Julian", attack=40))
    enemy_julian = add_unit(g, 1, foe("Julian", attack=40))
    begin(g)
    assert (g.attack(julian), g.attack(enemy_julian), g.attack(m0)) == (50, 40, 50)
    assert fight(g, julian, m1).attacker_power == 50 + 10
    next_turn(g)
    assert g.attack(julian) == 50                    # not only in its owner's turn


# --------------------------------------------------------------------------- Noblewoman's Etiquette
@pytest.mark.card(MARIBELLE)
def test_noblewomans_etiquette_lissa_allies_plus_20_during_your_turn():
    g, m0, m1 = board(None, card("Lord 1", "main character", attack=10))
    add_unit(g, 0, C(MARIBELLE), area="back")
    lissa = add_unit(g, 0, C(LISSA))
    enemy_lissa = add_unit(g, 1, C(LISSA))
    begin(g)
    assert (g.attack(lissa), g.attack(enemy_lissa), g.attack(m0)) == (50, 30, 50)
    next_turn(g)
    assert g.attack(lissa) == 30 and g.attack(enemy_lissa) == 30
    j = fight(g, m1, lissa)
    assert j.defender_power == 30 + 10


# --------------------------------------------------------------------------- Cleric in Combat
def _cleric_board(class_changed=True, enemy_attack=30):
    g, m0, m1 = board()
    stack = (C(LISSA_CC), C(LISSA)) if class_changed else (C(LISSA_CC),)
    lissa = add_unit(g, 0, *stack, class_changed=class_changed)
    enemy = add_unit(g, 1, foe("Enemy", attack=enemy_attack))
    same, cheap, three, four = add_cards(g, 0, "retreat", C(LISSA), C("B01-019ST"), C("B01-013ST"),
                                         C("S01-001ST"))
    begin(g)
    return g, lissa, enemy, m1, same, cheap, three, four


@pytest.mark.card(LISSA_CC)
def test_cleric_in_combat_returns_a_non_lissa_card_of_cost_3_or_less_when_its_attack_destroys():
    g, lissa, enemy, m1, same, cheap, three, four = _cleric_board()
    pick(g, "attack", unit=lissa, target=enemy)
    assert g.decision.kind == "choose"
    assert card_choices(g) == {cheap.id, three.id}   # not Lissa, not cost 4
    pick(g, "card", card=three)
    assert three in g.players[0].hand and g.unit(enemy.id) is None
    assert g.decision.kind == "action"


@pytest.mark.card(LISSA_CC)
def test_cleric_in_combat_also_when_destroying_the_main_character():
    g, lissa, enemy, m1, same, cheap, three, four = _cleric_board()
    pick(g, "attack", unit=lissa, target=m1)
    pick(g, "card", card=g.players[1].orbs[0].copy)   # player 2 breaks an orb
    pick(g, "card", card=cheap)
    assert cheap in g.players[0].hand


@pytest.mark.card(LISSA_CC)
def test_cleric_in_combat_needs_a_class_change_and_a_destruction():
    g, lissa, enemy, m1, same, cheap, three, four = _cleric_board(class_changed=False)
    fight(g, lissa, enemy)
    assert g.unit(enemy.id) is None and g.players[0].hand == []
    g, lissa, enemy, m1, same, cheap, three, four = _cleric_board(enemy_attack=90)
    fight(g, lissa, enemy)
    assert g.unit(enemy.id) is enemy and g.players[0].hand == []
    g, lissa, enemy, m1, same, cheap, three, four = _cleric_board()
    pick(g, "attack", unit=lissa, target=enemy)
    assert g.decision.kind == "choose"

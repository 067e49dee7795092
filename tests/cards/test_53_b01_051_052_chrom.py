"""Chrom B01-051SR "Authority of the Exalt" and "Exalted Falchion" [CCS]; B01-052N "Gallant
Prince"."""
import pytest

from helpers import (
    C, add_bonds, add_cards, add_unit, begin, board, card_choices, choose_units, fight, foe, next_turn, pick,
    unit_choices, use, use_refused,
)
from helpers_more_a import BLUE, pick_bonds

EXALTED, DESCENDANT = "B01-051SR", "B01-052N"
AUTHORITY = "Authority of the Exalt"


# --------------------------------------------------------------------------- Authority of the Exalt
def _authority_board(*hand, bonds=3, down=0):
    g, m0, m1 = board()
    chrom = add_unit(g, 0, C(EXALTED))
    ally = add_unit(g, 0, foe("Ally", attack=40), area="back", tapped=True)
    a = add_unit(g, 1, foe("Enemy A"))
    b = add_unit(g, 1, foe("Enemy B"), area="back")
    copies = add_cards(g, 0, "hand", *hand)
    add_bonds(g, 0, *[BLUE] * bonds)
    add_bonds(g, 0, *[BLUE] * down, face_up=False)
    begin(g)
    return g, m0, m1, chrom, ally, a, b, copies


@pytest.mark.card(EXALTED)
def test_authority_of_the_exalt_moves_any_number_of_enemies_and_all_allies_gain_30():
    g, m0, m1, chrom, ally, a, b, (prince, lucina, other) = _authority_board(
        C("B01-053ST"), C("B01-055ST"), C(DESCENDANT), bonds=4)
    use(g, chrom, AUTHORITY)
    pick_bonds(g, 3)
    # The cost: a "Chrom" card of the hand (Lucina is not one).
    assert card_choices(g) == {prince.id, other.id}
    pick(g, "card", card=other)
    assert g.players[0].retreat == [other]
    # Any number of enemies, front and back line; no ally.
    assert unit_choices(g) == {m1.id, a.id, b.id}
    choose_units(g, a, b, done=True)
    assert a.area == "back" and b.area == "front" and m1.area == "front"
    assert not a.tapped and not b.tapped
    assert (g.attack(chrom), g.attack(m0), g.attack(ally)) == (100, 80, 70)
    assert (g.attack(m1), g.attack(a)) == (50, 50)
    assert fight(g, chrom, b).attacker_power == 100 + 10
    next_turn(g)
    assert (g.attack(chrom), g.attack(m0), g.attack(ally)) == (70, 50, 40)


@pytest.mark.card(EXALTED)
def test_authority_of_the_exalt_may_move_no_enemy():
    g, m0, m1, chrom, ally, a, b, (prince,) = _authority_board(C("B01-053ST"))
    use(g, chrom, AUTHORITY)
    pick(g, "pass")
    assert a.area == "front" and b.area == "back"
    assert g.attack(chrom) == 100 and g.players[0].hand == []


@pytest.mark.card(EXALTED)
def test_authority_of_the_exalt_needs_3_face_up_bonds_and_a_chrom_card_in_the_hand():
    g, m0, m1, chrom, *_ = _authority_board(C("B01-055ST"))
    assert "cost" in use_refused(g, chrom, AUTHORITY)
    g, m0, m1, chrom, *_ = _authority_board(C("B01-053ST"), bonds=2, down=1)
    assert "cost" in use_refused(g, chrom, AUTHORITY)


# --------------------------------------------------------------------------- Exalted Falchion
def _falchion_board(class_changed, attacked=False):
    g, m0, m1 = board()
    stack = (C(EXALTED), C("B01-053ST")) if class_changed else (C(EXALTED),)
    chrom = add_unit(g, 0, *stack, class_changed=class_changed)
    dragon = add_unit(g, 1, foe("Wyrm", types=("dragon",), attack=110))
    begin(g, turn=3, player=1) if attacked else begin(g)
    return g, chrom, dragon, m1


@pytest.mark.card(EXALTED)
def test_exalted_falchion_plus_40_against_a_dragon_when_class_changed():
    g, chrom, dragon, m1 = _falchion_board(True)
    j = fight(g, chrom, dragon)
    assert j.attacker_power == 70 + 40 + 10 and j.attacker_wins
    assert g.attack(chrom) == 70


@pytest.mark.card(EXALTED)
def test_exalted_falchion_inactive_without_class_change_against_others_and_in_defence():
    g, chrom, dragon, m1 = _falchion_board(False)
    assert fight(g, chrom, dragon).attacker_power == 70 + 10
    g, chrom, dragon, m1 = _falchion_board(True)
    assert fight(g, chrom, m1).attacker_power == 70 + 10
    g, chrom, dragon, m1 = _falchion_board(True, attacked=True)
    assert fight(g, dragon, chrom).defender_power == 70 + 10
    g, chrom, dragon, m1 = _falchion_board(True)
    assert fight(g, chrom, dragon).attacker_power == 70 + 40 + 10


# --------------------------------------------------------------------------- Gallant Prince
@pytest.mark.card(DESCENDANT)
def test_gallant_prince_moves_an_enemy_for_2_bonds_no_limit():
    g, m0, m1 = board()
    chrom = add_unit(g, 0, C(DESCENDANT))
    a = add_unit(g, 1, foe("Enemy A"))
    b = add_unit(g, 1, foe("Enemy B"), area="back")
    add_bonds(g, 0, *[BLUE] * 5)
    begin(g)
    use(g, chrom, "Gallant Prince")
    pick_bonds(g, 2)
    assert unit_choices(g) == {m1.id, a.id, b.id}       # enemies only
    choose_units(g, b)
    assert b.area == "front" and not chrom.tapped
    use(g, chrom, "Gallant Prince")
    pick_bonds(g, 2)
    choose_units(g, a)
    assert a.area == "back"
    assert sum(bd.face_up for bd in g.players[0].bonds) == 1
    assert "cost" in use_refused(g, chrom, "Gallant Prince")

"""Chrom (B01-053ST, S02-001ST) and Lucina (B01-055ST): "Brilliance of the Brand",
"Chrom's Shepherds", "Sealed Falchion", "Exalted Lineage" (Chrom's Hero Emblem is in
test_51)."""
import pytest

from fecipher.engine import events as ev
from helpers import (
    C, add_bonds, add_cards, add_unit, begin, board, card, fight, foe, next_turn, pick, use, use_refused,
)

PRINCE, DEFENDER, LUCINA = "B01-053ST", "S02-001ST", "B01-055ST"
BLUE = card("Blue Bond", symbols="blue")


# --------------------------------------------------------------------------- Brilliance of the Brand
@pytest.mark.card(PRINCE)
def test_brilliance_of_the_brand_plus_10_for_each_other_class_changed_ally():
    g, chrom, m1 = board(C(PRINCE))
    add_unit(g, 0, C("B01-059ST"), C("B01-060ST"), class_changed=True)
    add_unit(g, 0, C("B01-064ST"), C("B01-065ST"), area="back", class_changed=True)
    add_unit(g, 0, C("B01-062ST"), area="back")                 # cost 3 deployed: not class changed
    add_unit(g, 1, C("B01-066ST"), C("B01-067ST"), class_changed=True)   # an enemy
    begin(g)
    assert g.attack(chrom) == 40 + 20
    assert fight(g, chrom, m1).attacker_power == 60 + 10


@pytest.mark.card(PRINCE)
def test_brilliance_of_the_brand_grows_with_a_class_change_in_the_game():
    g, chrom, m1 = board(C(PRINCE))
    lissa = add_unit(g, 0, C("B01-060ST"))
    promo, = add_cards(g, 0, "hand", C("B01-059ST"))
    add_bonds(g, 0, BLUE, BLUE)
    begin(g, phase="deployment")
    assert g.attack(chrom) == 40
    pick(g, "class_change", card=promo, unit=lissa)
    assert g.attack(chrom) == 50


# --------------------------------------------------------------------------- Chrom's Shepherds
def _shepherds_board():
    g, m0, m1 = board()
    chrom = add_unit(g, 0, C(DEFENDER))
    lissa = add_unit(g, 0, C("B01-060ST"))
    promo, same = add_cards(g, 0, "hand", C("B01-059ST"), C("B01-060ST"))
    add_bonds(g, 0, BLUE, BLUE, BLUE)
    begin(g, phase="deployment")
    return g, chrom, lissa, promo, same, m1


@pytest.mark.card(DEFENDER)
def test_chroms_shepherds_class_changed_ally_gains_20_and_breaks_2_orbs_this_turn():
    g, chrom, lissa, promo, same, m1 = _shepherds_board()
    pick(g, "class_change", card=promo, unit=lissa)
    assert g.decision.kind == "deployment"                     # not optional
    assert g.attack(lissa) == 60 + 20 and g.orbs_broken_by(lissa) == 2
    assert g.attack(chrom) == 70 and g.orbs_broken_by(chrom) == 1
    pick(g, "pass")
    j = fight(g, lissa, m1)
    assert j.attacker_power == 80 + 10 and len(g.players[1].orbs) == 3
    assert g.attack(lissa) == 80                                # until the end of the turn
    next_turn(g)
    assert g.attack(lissa) == 60 and g.orbs_broken_by(lissa) == 1


@pytest.mark.card(DEFENDER)
def test_chroms_shepherds_not_for_a_level_up_chrom_himself_or_the_enemy():
    g, chrom, lissa, promo, same, m1 = _shepherds_board()
    pick(g, "level_up", card=same, unit=lissa)
    assert g.attack(lissa) == 30 and not [e for e in g.events if isinstance(e, ev.SkillTriggered)]
    # Chrom class changing into this card: "another ally" only.
    g, m0, m1 = board(C(PRINCE))
    promo, = add_cards(g, 0, "hand", C(DEFENDER))
    add_bonds(g, 0, BLUE, BLUE, BLUE)
    begin(g, phase="deployment")
    pick(g, "class_change", card=promo, unit=m0)
    assert g.attack(m0) == 70 and g.orbs_broken_by(m0) == 1
    # The enemy's class change.
    g, m0, m1 = board()
    add_unit(g, 0, C(DEFENDER))
    enemy = add_unit(g, 1, C("B01-060ST"))
    promo, = add_cards(g, 1, "hand", C("B01-059ST"))
    add_bonds(g, 1, BLUE, BLUE)
    begin(g, turn=3, player=1, phase="deployment")
    pick(g, "class_change", card=promo, unit=enemy)
    assert g.attack(enemy) == 60 and g.orbs_broken_by(enemy) == 1
    # And an ally's class change does trigger it.
    g, chrom, lissa, promo, same, m1 = _shepherds_board()
    pick(g, "class_change", card=promo, unit=lissa)
    assert g.attack(lissa) == 80


# --------------------------------------------------------------------------- Sealed Falchion
@pytest.mark.card(DEFENDER)
def test_sealed_falchion_plus_20_when_attacking_a_dragon_only():
    g, m0, m1 = board()
    chrom = add_unit(g, 0, C(DEFENDER))
    dragon = add_unit(g, 1, foe("Wyrm", types=("dragon",), attack=90))
    begin(g)
    j = fight(g, chrom, dragon)
    assert j.attacker_power == 70 + 20 + 10 and j.attacker_wins
    assert g.attack(chrom) == 70
    g, m0, m1 = board()
    chrom = add_unit(g, 0, C(DEFENDER))
    begin(g)
    assert fight(g, chrom, m1).attacker_power == 70 + 10
    g, m0, m1 = board()
    chrom = add_unit(g, 0, C(DEFENDER))
    dragon = add_unit(g, 1, foe("Wyrm", types=("dragon",), attack=60))
    begin(g, turn=3, player=1)
    assert fight(g, dragon, chrom).defender_power == 70 + 10


# --------------------------------------------------------------------------- Exalted Lineage
@pytest.mark.card(LUCINA)
def test_exalted_lineage_lucina_and_chrom_allies_plus_10_until_the_end_of_the_turn():
    g, chrom, m1 = board(C(PRINCE))
    lucina = add_unit(g, 0, C(LUCINA))
    other = add_unit(g, 0, foe("Other", attack=40))
    enemy_chrom = add_unit(g, 1, C(DEFENDER))
    add_bonds(g, 0, BLUE, BLUE)
    begin(g)
    use(g, lucina, "Exalted Lineage")
    pick(g, "card", card=g.players[0].bonds[0].copy)
    assert (g.attack(lucina), g.attack(chrom), g.attack(other), g.attack(enemy_chrom)) == (60, 50, 40, 70)
    assert "once per turn" in use_refused(g, lucina, "Exalted Lineage")
    next_turn(g)
    assert (g.attack(lucina), g.attack(chrom)) == (50, 40)


@pytest.mark.card(LUCINA)
def test_exalted_lineage_needs_a_chrom_ally():
    g, m0, m1 = board(None, C(PRINCE))                         # only the enemy has a Chrom
    lucina = add_unit(g, 0, C(LUCINA))
    add_bonds(g, 0, BLUE)
    begin(g)
    assert "condition" in use_refused(g, lucina, "Exalted Lineage")
    g, m0, m1 = board()
    lucina = add_unit(g, 0, C(LUCINA))
    add_unit(g, 0, C(DEFENDER))
    begin(g)
    assert "cost" in use_refused(g, lucina, "Exalted Lineage")  # no bond
    g, m0, m1 = board()
    lucina = add_unit(g, 0, C(LUCINA))
    chrom = add_unit(g, 0, C(DEFENDER), area="back")
    add_bonds(g, 0, BLUE)
    begin(g)
    use(g, lucina, "Exalted Lineage")
    assert (g.attack(lucina), g.attack(chrom)) == (60, 80)

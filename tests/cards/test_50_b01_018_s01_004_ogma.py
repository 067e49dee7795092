"""Ogma: B01-018ST "Mercenary Captain" (its Attack Emblem is in test_51), S01-004ST
"Talysian Guard Captain" and "Levin Sword"."""
import pytest

from helpers import (
    C, FILLER, add_bonds, add_cards, add_unit, attack_refused, begin, board, can_attack, card, face_up_bonds, fight,
    foe, next_turn, pick, use, use_refused,
)

LOYAL, HEAVY = "B01-018ST", "S01-004ST"


# --------------------------------------------------------------------------- Mercenary Captain
@pytest.mark.card(LOYAL)
def test_mercenary_captain_plus_20_in_your_turn_with_2_other_cost_2_or_less_allies():
    g, m0, m1 = board()                         # the MC costs 1: one ally of the two
    ogma = add_unit(g, 0, C(LOYAL))
    add_unit(g, 0, foe("Squire", cost=2), area="back")
    add_unit(g, 1, foe("Enemy A", cost=1))
    begin(g)
    assert g.attack(ogma) == 60
    assert fight(g, ogma, m1).attacker_power == 60 + 10


@pytest.mark.card(LOYAL)
def test_mercenary_captain_needs_two_others_of_cost_2_or_less():
    g, m0, m1 = board()
    ogma = add_unit(g, 0, C(LOYAL))
    add_unit(g, 0, foe("Knight", cost=3))       # cost 3 does not count
    add_unit(g, 1, foe("Enemy A", cost=1))      # enemies do not count
    add_unit(g, 1, foe("Enemy B", cost=1))
    begin(g)
    assert g.attack(ogma) == 40
    g, m0, m1 = board()
    ogma = add_unit(g, 0, C(LOYAL))
    add_unit(g, 0, foe("Squire", cost=2))
    begin(g)
    assert g.attack(ogma) == 60


@pytest.mark.card(LOYAL)
def test_mercenary_captain_only_during_your_turn():
    g, m0, m1 = board(None, card("Lord 1", "main character", attack=30))
    ogma = add_unit(g, 0, C(LOYAL))
    add_unit(g, 0, foe("Squire", cost=2))
    begin(g, turn=3, player=1)
    assert g.attack(ogma) == 40
    assert fight(g, m1, ogma).defender_power == 40 + 10
    assert g.unit(ogma.id) is ogma
    next_turn(g)
    assert g.attack(ogma) == 60


# --------------------------------------------------------------------------- Talysian Guard Captain
@pytest.mark.card(HEAVY)
def test_talysian_guard_captain_each_deployment_gives_ogma_and_the_new_unit_plus_10():
    g, m0, m1 = board()
    ogma = add_unit(g, 0, C(HEAVY))
    x, y = add_cards(g, 0, "hand", card("Recruit A", cost=1, attack=30), card("Recruit B", cost=2, attack=30))
    add_bonds(g, 0, *[FILLER] * 3)
    begin(g, phase="deployment")
    pick(g, "deploy", card=x, area="front")
    ux = g.players[0].front[-1]
    assert g.decision.kind == "deployment"          # not optional: no question
    assert (g.attack(ogma), g.attack(ux), g.attack(m0)) == (70, 40, 50)
    pick(g, "deploy", card=y, area="back")
    uy = g.players[0].back[-1]
    assert (g.attack(ogma), g.attack(ux), g.attack(uy)) == (80, 40, 40)
    next_turn(g)
    assert (g.attack(ogma), g.attack(ux), g.attack(uy)) == (60, 30, 30)


@pytest.mark.card(HEAVY)
def test_talysian_guard_captain_not_for_cost_3_or_enemy_deployments():
    g, m0, m1 = board()
    ogma = add_unit(g, 0, C(HEAVY))
    big, = add_cards(g, 0, "hand", card("Veteran", cost=3))
    add_bonds(g, 0, *[FILLER] * 3)
    begin(g, phase="deployment")
    pick(g, "deploy", card=big, area="front")
    assert g.attack(ogma) == 60
    g, m0, m1 = board()
    ogma = add_unit(g, 0, C(HEAVY))
    x, = add_cards(g, 1, "hand", card("Enemy Recruit", cost=1))
    add_bonds(g, 1, FILLER)
    begin(g, turn=3, player=1, phase="deployment")
    pick(g, "deploy", card=x, area="front")
    assert g.attack(ogma) == 60 and g.attack(g.players[1].front[-1]) == 50
    g, m0, m1 = board()
    ogma = add_unit(g, 0, C(HEAVY))
    x, = add_cards(g, 0, "hand", card("Recruit", cost=1))
    add_bonds(g, 0, FILLER)
    begin(g, phase="deployment")
    pick(g, "deploy", card=x, area="front")
    assert g.attack(ogma) == 70


# --------------------------------------------------------------------------- Levin Sword
@pytest.mark.card(HEAVY)
def test_levin_sword_minus_10_tome_and_range_1_2_until_the_end_of_the_turn():
    g, m0, m1 = board()
    ogma = add_unit(g, 0, C(HEAVY))
    back = add_unit(g, 1, foe("Enemy Back", attack=40), area="back")
    add_bonds(g, 0, FILLER)
    begin(g)
    assert "range" in attack_refused(g, ogma, back)
    use(g, ogma, "Levin Sword")
    assert face_up_bonds(g, 0) == 0
    assert g.attack(ogma) == 50
    assert g.ranges(ogma) == {1, 2}
    assert "tome" in g.types(ogma) and "sword" in g.types(ogma)
    assert can_attack(g, ogma, m1)
    j = fight(g, ogma, back)
    assert j.attacker_power == 50 + 10 and j.attacker_wins
    next_turn(g)
    assert (g.attack(ogma), g.ranges(ogma)) == (60, {1})
    assert "tome" not in g.types(ogma)


@pytest.mark.card(HEAVY)
def test_levin_sword_makes_ogma_a_tome_attacker_for_armor_expertise():
    g, m0, m1 = board()
    ogma = add_unit(g, 0, C(HEAVY))
    draug = add_unit(g, 1, C("B01-012ST"))
    add_bonds(g, 0, FILLER)
    begin(g)
    use(g, ogma, "Levin Sword")
    j = fight(g, ogma, draug)
    assert j.defender_power == 30 + 10               # Armor Expertise: not against a tome


@pytest.mark.card(HEAVY)
def test_levin_sword_no_use_limit_but_a_bond_each_time():
    g, m0, m1 = board()
    ogma = add_unit(g, 0, C(HEAVY))
    b1, b2 = add_bonds(g, 0, FILLER, FILLER)
    begin(g)
    use(g, ogma, "Levin Sword")
    pick(g, "card", card=b1.copy)
    use(g, ogma, "Levin Sword")
    assert g.attack(ogma) == 40
    assert "cost" in use_refused(g, ogma, "Levin Sword")

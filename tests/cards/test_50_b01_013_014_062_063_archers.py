"""Gordin (B01-013ST, B01-014ST) and Virion (B01-062ST, B01-063ST): "Warning Shot",
"Anti-Fliers", "Steel Bow", "Bowfaire" (the Attack Emblems are in test_51)."""
import pytest

from fecipher.engine import events as ev
from helpers import (
    C, FILLER, add_bonds, add_cards, add_unit, begin, board, card, choose_units, face_up_bonds, fight,
    foe, next_turn, no, pick, unit_choices, use, use_refused, yes,
)

BOW_KNIGHT, ARCHER, DUKE, ARCHEST = "B01-013ST", "B01-014ST", "B01-062ST", "B01-063ST"


def card_params(*codes):
    return [pytest.param(code, marks=pytest.mark.card(code), id=code) for code in codes]


# --------------------------------------------------------------------------- Warning Shot
def _warning_board(*hand, bonds=4):
    g, m0, m1 = board()
    gordin = add_unit(g, 0, C(BOW_KNIGHT), area="back")
    flier = add_unit(g, 1, foe("Pegasus", types=("flier",)))
    flier2 = add_unit(g, 1, foe("Falcon", types=("flier",)), area="back")
    walker = add_unit(g, 1, foe("Walker"))
    copies = add_cards(g, 0, "hand", *hand)
    add_bonds(g, 0, *[FILLER] * bonds)
    begin(g, phase="deployment")
    return g, gordin, flier, flier2, walker, copies


@pytest.mark.card(BOW_KNIGHT)
def test_warning_shot_moves_a_flier_enemy_each_time_a_cost_2_or_less_ally_is_deployed():
    g, gordin, flier, flier2, walker, (x, y) = _warning_board(card("Recruit A", cost=2), card("Recruit B", cost=1))
    pick(g, "deploy", card=x, area="front")
    yes(g)
    assert unit_choices(g) == {flier.id, flier2.id}       # flier enemies only
    choose_units(g, flier)
    assert flier.area == "back"
    pick(g, "deploy", card=y, area="back")
    yes(g)                                                # each time: not once per turn
    choose_units(g, flier2)
    assert flier2.area == "front" and walker.area == "front"


@pytest.mark.card(BOW_KNIGHT)
def test_warning_shot_is_optional_and_not_for_cost_3():
    g, gordin, flier, flier2, walker, (big, x) = _warning_board(card("Veteran", cost=3), card("Recruit", cost=1))
    pick(g, "deploy", card=big, area="front")
    assert g.decision.kind == "deployment"
    pick(g, "deploy", card=x, area="front")
    no(g)
    assert flier.area == "front" and g.decision.kind == "deployment"
    assert [t.skill for t in g.events if isinstance(t, ev.SkillTriggered)] == ["Warning Shot"]


# --------------------------------------------------------------------------- Anti-Fliers
@pytest.mark.parametrize("code", card_params(BOW_KNIGHT, ARCHER, DUKE, ARCHEST))
def test_anti_fliers_plus_30_when_attacking_a_flier(code):
    g, m0, m1 = board()
    bow = add_unit(g, 0, C(code), area="back")
    flier = add_unit(g, 1, foe("Pegasus", types=("flier",), attack=60))
    begin(g)
    base = C(code).attack
    j = fight(g, bow, flier)
    assert j.attacker_power == base + 30 + 10
    assert g.attack(bow) == base


@pytest.mark.parametrize("code", card_params(BOW_KNIGHT, ARCHER, DUKE, ARCHEST))
def test_anti_fliers_not_against_others_nor_in_defence(code):
    base = C(code).attack
    g, m0, m1 = board()
    bow = add_unit(g, 0, C(code), area="back")
    begin(g)
    assert fight(g, bow, m1).attacker_power == base + 10
    g, m0, m1 = board()
    bow = add_unit(g, 0, C(code), area="back")
    flier = add_unit(g, 1, foe("Pegasus", types=("flier",), ranges=(1, 2)))
    begin(g, turn=3, player=1)
    assert fight(g, flier, bow).defender_power == base + 10
    g, m0, m1 = board()
    bow = add_unit(g, 0, C(code), area="back")
    flier = add_unit(g, 1, foe("Pegasus", types=("flier",)))
    begin(g)
    assert fight(g, bow, flier).attacker_power == base + 30 + 10


# --------------------------------------------------------------------------- Steel Bow
@pytest.mark.parametrize("code", card_params(ARCHER, ARCHEST))
def test_steel_bow_plus_10_until_the_end_of_the_turn_once_per_turn(code):
    g, m0, m1 = board()
    bow = add_unit(g, 0, C(code), area="back")
    add_bonds(g, 0, FILLER, FILLER)
    begin(g)
    use(g, bow, "Steel Bow")
    pick(g, "card", card=g.players[0].bonds[0].copy)
    assert face_up_bonds(g, 0) == 1
    assert g.attack(bow) == 40
    assert "once per turn" in use_refused(g, bow, "Steel Bow")
    assert fight(g, bow, m1).attacker_power == 40 + 10
    next_turn(g)
    assert g.attack(bow) == 30
    next_turn(g)
    use(g, bow, "Steel Bow")                                  # a new turn of its owner
    assert g.attack(bow) == 40 and face_up_bonds(g, 0) == 0


@pytest.mark.parametrize("code", card_params(ARCHER, ARCHEST))
def test_steel_bow_needs_a_face_up_bond(code):
    g, m0, m1 = board()
    bow = add_unit(g, 0, C(code), area="back")
    add_bonds(g, 0, FILLER, face_up=False)
    begin(g)
    assert "cost" in use_refused(g, bow, "Steel Bow")
    g, m0, m1 = board()
    bow = add_unit(g, 0, C(code), area="back", tapped=True)  # no tap in its cost
    add_bonds(g, 0, FILLER)
    begin(g)
    use(g, bow, "Steel Bow")
    assert g.attack(bow) == 40


# --------------------------------------------------------------------------- Bowfaire
@pytest.mark.card(DUKE)
def test_bowfaire_plus_10_for_each_other_bow_ally_when_class_changed():
    g, m0, m1 = board()
    virion = add_unit(g, 0, C(DUKE), C(ARCHEST), area="back", class_changed=True)
    add_unit(g, 0, foe("Bow A", weapon="bow", ranges=(2,)))
    add_unit(g, 0, foe("Bow B", weapon="bow", ranges=(2,)), area="back")
    add_unit(g, 0, foe("Lance", weapon="lance"))
    add_unit(g, 1, foe("Enemy Bow", weapon="bow", ranges=(2,)))
    begin(g)
    assert g.attack(virion) == 50 + 20
    assert fight(g, virion, m1).attacker_power == 70 + 10


@pytest.mark.card(DUKE)
def test_bowfaire_counts_bow_allies_as_they_come_and_go():
    g, m0, m1 = board()
    virion = add_unit(g, 0, C(DUKE), C(ARCHEST), area="back", class_changed=True)
    bow = add_unit(g, 0, foe("Bow A", weapon="bow", ranges=(2,), attack=10))
    begin(g, turn=3, player=1)
    assert g.attack(virion) == 60                     # in the opponent's turn too
    fight(g, m1, bow)                                  # the bow ally is destroyed
    assert g.unit(bow.id) is None
    assert g.attack(virion) == 50


@pytest.mark.card(DUKE)
def test_bowfaire_inactive_when_not_class_changed():
    g, m0, m1 = board()
    virion = add_unit(g, 0, C(DUKE), area="back")            # deployed directly (cost 3)
    add_unit(g, 0, foe("Bow A", weapon="bow", ranges=(2,)))
    begin(g)
    assert g.attack(virion) == 50
    # Class changed in the game from the Archest Archer: active.
    g, m0, m1 = board()
    archer = add_unit(g, 0, C(ARCHEST), area="back")
    add_unit(g, 0, foe("Bow A", weapon="bow", ranges=(2,)))
    duke, = add_cards(g, 0, "hand", C(DUKE))
    add_bonds(g, 0, *[card("Blue Bond", symbols="blue")] * 2)
    begin(g, phase="deployment")
    pick(g, "class_change", card=duke, unit=archer)
    assert archer.class_changed and g.attack(archer) == 60

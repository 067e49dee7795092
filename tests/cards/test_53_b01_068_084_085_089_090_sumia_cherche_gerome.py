"""Fliers of Ylisse: Sumia B01-068R ("Rally Pegasi", "Heavens Flier"), Cherche B01-084R
("Rally Wyverns", "Heavens Flier") and B01-085N ("Winged Deliverer", Flying Emblem),
Gerome B01-089HN ("Swordbreaker", "Short Axe") and B01-090N ("Skyfaring Twin Wyverns")."""
import pytest

from fecipher.engine import events as ev
from helpers import (
    C, FILLER, add_bonds, add_unit, begin, board, can_attack, card, choose_units, declare, deck_top, events,
    face_up_bonds, fight, finish, foe, next_turn, no, relocate, unit_choices, use, use_refused, yes,
)
from helpers_more_b import card_params, flier, promoted

SUMIA, CHERCHE_CC, CHERCHE, GEROME_CC, GEROME = "B01-068R", "B01-084R", "B01-085N", "B01-089HN", "B01-090N"


# --------------------------------------------------------------------------- Rally Pegasi
def _rally_board(class_changed=True, support=None, attacker=None):
    g, m0, m1 = board(attacker)
    if class_changed:
        sumia = promoted(g, 0, SUMIA, "B01-069ST", area="back")
    else:
        sumia = add_unit(g, 0, C(SUMIA), area="back")
    deck_top(g, 0, support if support is not None else flier())
    return g, m0, m1, sumia


@pytest.mark.card(SUMIA)
def test_rally_pegasi_a_flier_card_supporting_another_ally_gives_10_more_support():
    g, m0, m1, sumia = _rally_board()
    begin(g)
    j = fight(g, m0, m1)
    assert (j.attacker_support, j.attacker_power) == (10 + 10, 50 + 20)
    assert j.defender_support == 10                       # the enemy's support is not changed


@pytest.mark.card(SUMIA)
def test_rally_pegasi_also_in_defence_in_the_opponents_turn():
    g, m0, m1, sumia = _rally_board()
    begin(g, turn=3, player=1)
    j = fight(g, m1, m0)
    assert (j.defender_support, j.defender_power) == (20, 70)
    assert not j.attacker_wins


@pytest.mark.card(SUMIA)
def test_rally_pegasi_not_for_a_non_flier_card_nor_for_sumia_herself():
    g, m0, m1, sumia = _rally_board(support=foe("Walker"))
    begin(g)
    assert fight(g, m0, m1).attacker_support == 10
    # Sumia attacking, supported by a flier: "another ally" only.
    g, m0, m1, sumia = _rally_board()
    relocate(g, sumia, "front")
    begin(g)
    assert fight(g, sumia, m1).attacker_support == 10
    # The enemy's flier support is not raised either.
    g, m0, m1, sumia = _rally_board(support=foe("Walker"))
    deck_top(g, 1, flier("Wyvern"))
    begin(g)
    assert fight(g, m0, m1).defender_support == 10


@pytest.mark.card(SUMIA)
def test_rally_pegasi_is_ccs():
    g, m0, m1, sumia = _rally_board(class_changed=False)
    begin(g)
    assert fight(g, m0, m1).attacker_support == 10


# --------------------------------------------------------------------------- Heavens Flier
HEAVENS = card_params(SUMIA, CHERCHE_CC)


@pytest.mark.parametrize("code", HEAVENS)
def test_heavens_flier_moves_this_unit_without_tapping_it_once_per_turn(code):
    g, m0, m1 = board()
    u = add_unit(g, 0, C(code), area="back")
    add_bonds(g, 0, FILLER, FILLER)
    begin(g)
    use(g, u, "Heavens Flier")
    assert u.area == "front" and not u.tapped
    assert face_up_bonds(g, 0) == 2                        # no cost
    assert g.decision.kind == "action"
    assert can_attack(g, u, m1)                           # and it may attack from there
    assert "once per turn" in use_refused(g, u, "Heavens Flier")
    next_turn(g)
    next_turn(g)
    use(g, u, "Heavens Flier")
    assert u.area == "back"


@pytest.mark.parametrize("code", HEAVENS)
def test_heavens_flier_only_while_untapped(code):
    g, m0, m1 = board()
    u = add_unit(g, 0, C(code))
    begin(g)
    fight(g, u, m1)
    assert u.tapped
    assert "condition" in use_refused(g, u, "Heavens Flier")
    assert u.area == "front"


# --------------------------------------------------------------------------- Rally Wyverns
@pytest.mark.card(CHERCHE_CC)
def test_rally_wyverns_other_flier_allies_gain_10_while_cherche_is_class_changed():
    g, m0, m1 = board()
    cherche = promoted(g, 0, CHERCHE_CC, CHERCHE, area="back")
    peg = add_unit(g, 0, flier("Pegasus", attack=30))
    walker = add_unit(g, 0, foe("Walker", attack=30), area="back")
    enemy_peg = add_unit(g, 1, flier("Enemy Pegasus", attack=30))
    begin(g)
    assert (g.attack(peg), g.attack(walker), g.attack(enemy_peg), g.attack(cherche)) == (40, 30, 30, 50)
    assert fight(g, peg, enemy_peg).attacker_power == 40 + 10
    next_turn(g)
    assert g.attack(peg) == 40                            # in either turn


@pytest.mark.card(CHERCHE_CC)
def test_rally_wyverns_is_ccs():
    g, m0, m1 = board()
    add_unit(g, 0, C(CHERCHE_CC), area="back")
    peg = add_unit(g, 0, flier("Pegasus", attack=30))
    begin(g)
    assert g.attack(peg) == 30


# --------------------------------------------------------------------------- Winged Deliverer (B01-085N)
@pytest.mark.card(CHERCHE)
def test_winged_deliverer_taps_cherche_and_moves_another_ally():
    g, m0, m1 = board()
    cherche = add_unit(g, 0, C(CHERCHE))
    tired = add_unit(g, 0, foe("Tired"), area="back", tapped=True)
    add_unit(g, 1, foe("Enemy"))
    begin(g)
    use(g, cherche, "Winged Deliverer")
    assert cherche.tapped
    assert unit_choices(g) == {m0.id, tired.id}            # other allies only
    choose_units(g, tired)
    assert tired.area == "front" and tired.tapped
    assert "cost" in use_refused(g, cherche, "Winged Deliverer")


# --------------------------------------------------------------------------- Flying Emblem (B01-085N)
@pytest.mark.card(CHERCHE)
def test_cherche_flying_emblem_moves_an_ally_other_than_the_attacker():
    g, m0, m1 = board()
    a = add_unit(g, 0, foe("Front Ally"))
    b = add_unit(g, 0, foe("Back Ally"), area="back")
    deck_top(g, 0, C(CHERCHE))
    begin(g)
    declare(g, m0, m1)
    assert unit_choices(g) == {a.id, b.id}
    choose_units(g, b)
    yes(g)
    finish(g)
    assert b.area == "front" and m0.area == "front"
    assert events(g, ev.BattleJudged)[-1].attacker_power == 50 + 30


@pytest.mark.card(CHERCHE)
def test_cherche_flying_emblem_optional_and_attack_only():
    g, m0, m1 = board()
    a = add_unit(g, 0, foe("Front Ally"))
    deck_top(g, 0, C(CHERCHE))
    begin(g)
    declare(g, m0, m1)
    choose_units(g, a)
    no(g)
    finish(g)
    assert a.area == "front"
    g, m0, m1 = board()
    a = add_unit(g, 0, foe("Front Ally"))
    deck_top(g, 0, C(CHERCHE))
    begin(g, turn=3, player=1)
    declare(g, m1, m0)
    finish(g)
    assert g.battle is None and a.area == "front"
    assert events(g, ev.BattleJudged)[-1].defender_power == 50 + 30


# --------------------------------------------------------------------------- Swordbreaker
@pytest.mark.card(GEROME_CC)
def test_swordbreaker_plus_20_attacking_a_sword_unit_and_attacked_by_one():
    g, m0, m1 = board()
    gerome = add_unit(g, 0, C(GEROME_CC))
    swordsman = add_unit(g, 1, foe("Swordsman", attack=70, weapon="sword"))
    begin(g)
    assert g.attack(gerome) == 60                          # only in combat
    j = fight(g, gerome, swordsman)
    assert j.attacker_power == 60 + 20 + 10 and j.attacker_wins
    assert g.attack(gerome) == 60
    # Attacked by a sword unit.
    g, m0, m1 = board()
    gerome = add_unit(g, 0, C(GEROME_CC))
    swordsman = add_unit(g, 1, foe("Swordsman", attack=70, weapon="sword"))
    begin(g, turn=3, player=1)
    j = fight(g, swordsman, gerome)
    assert j.defender_power == 60 + 20 + 10 and not j.attacker_wins


@pytest.mark.card(GEROME_CC)
def test_swordbreaker_not_against_other_weapons():
    g, m0, m1 = board()
    gerome = add_unit(g, 0, C(GEROME_CC))
    lancer = add_unit(g, 1, foe("Lancer", attack=70, weapon="lance"))
    begin(g)
    j = fight(g, gerome, lancer)
    assert j.attacker_power == 60 + 10 and not j.attacker_wins


# --------------------------------------------------------------------------- Short Axe
def _short_axe_board(class_changed=True, bonds=1):
    g, m0, m1 = board(None, card("Lord 1", "main character", attack=60, weapon="lance"))
    if class_changed:
        gerome = promoted(g, 0, GEROME_CC, GEROME, area="back")
    else:
        gerome = add_unit(g, 0, C(GEROME_CC), area="back")
    add_bonds(g, 0, *[FILLER] * bonds)
    begin(g)
    return g, gerome, m1


@pytest.mark.card(GEROME_CC)
def test_short_axe_plus_10_and_range_1_2_until_the_end_of_the_turn_once_per_turn():
    g, gerome, m1 = _short_axe_board()
    assert not can_attack(g, gerome, m1)                   # range 1 from the back line
    use(g, gerome, "Short Axe")
    assert face_up_bonds(g, 0) == 0
    assert g.attack(gerome) == 70 and g.ranges(gerome) == {1, 2}
    assert "once per turn" in use_refused(g, gerome, "Short Axe")
    j = fight(g, gerome, m1)
    assert j.attacker_power == 70 + 10 and j.attacker_wins
    next_turn(g)
    assert g.attack(gerome) == 60 and g.ranges(gerome) == {1}


@pytest.mark.card(GEROME_CC)
def test_short_axe_is_ccs_and_needs_a_bond():
    g, gerome, m1 = _short_axe_board(class_changed=False)
    assert "CCS" in use_refused(g, gerome, "Short Axe")
    g, gerome, m1 = _short_axe_board(bonds=0)
    assert "cost" in use_refused(g, gerome, "Short Axe")


# --------------------------------------------------------------------------- Skyfaring Twin Wyverns
@pytest.mark.card(GEROME)
def test_skyfaring_twin_wyverns_gerome_and_cherche_allies_gain_10_during_your_turn():
    g, m0, m1 = board()
    gerome = add_unit(g, 0, C(GEROME))
    cherche = add_unit(g, 0, C(CHERCHE), area="back")
    enemy_cherche = add_unit(g, 1, C(CHERCHE))
    begin(g)
    assert (g.attack(gerome), g.attack(cherche), g.attack(enemy_cherche), g.attack(m0)) == (50, 40, 30, 50)
    assert fight(g, gerome, m1).attacker_power == 50 + 10
    next_turn(g)
    assert (g.attack(gerome), g.attack(cherche)) == (40, 30)


@pytest.mark.card(GEROME)
def test_skyfaring_twin_wyverns_needs_a_cherche_ally():
    g, m0, m1 = board()
    gerome = add_unit(g, 0, C(GEROME))
    add_unit(g, 1, C(CHERCHE))                            # an enemy Cherche does not count
    begin(g)
    assert g.attack(gerome) == 40
    g, m0, m1 = board()
    gerome = add_unit(g, 0, C(GEROME))
    add_unit(g, 0, C(CHERCHE_CC), area="back")             # any Cherche card
    begin(g)
    assert g.attack(gerome) == 50

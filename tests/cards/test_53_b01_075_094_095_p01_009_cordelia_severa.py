"""Cordelia B01-075SR ("Galeforce", "Handcrafted Javelin" [CCS]) and P01-009PR ("Relief",
"Javelin"); Severa B01-094HN ("Axebreaker", "Feminine Wiles" [CCS]) and B01-095N
("Contrarian Heart"; its Attack Emblem is in test_53_b01_093_095_098)."""
import pytest

from fecipher.engine import events as ev
from helpers import (
    C, FILLER, add_bonds, add_unit, begin, board, can_attack, card, deck_top, events, face_up_bonds, fight, foe,
    next_turn, use, use_refused,
)
from helpers_more_b import flier, promoted

FLAWLESS, PARAGON, UNSPOKEN, SEVERA_CC, SEVERA = "B01-075SR", "B01-076ST", "P01-009PR", "B01-094HN", "B01-095N"


# --------------------------------------------------------------------------- Galeforce
@pytest.mark.card(FLAWLESS)
def test_galeforce_untaps_cordelia_when_her_attack_destroys_an_enemy_once_per_turn():
    g, m0, m1 = board()
    cordelia = add_unit(g, 0, C(FLAWLESS))
    a = add_unit(g, 1, foe("Enemy A", attack=30))
    b = add_unit(g, 1, foe("Enemy B", attack=30))
    begin(g)
    fight(g, cordelia, a)
    assert g.unit(a.id) is None
    assert not cordelia.tapped                            # Galeforce
    assert [e.skill for e in events(g, ev.SkillResolved)] == ["Galeforce"]
    fight(g, cordelia, b)                                 # she attacks again
    assert g.unit(b.id) is None
    assert cordelia.tapped                                # once per turn
    next_turn(g)
    c = add_unit(g, 1, foe("Enemy C", attack=30))
    next_turn(g)
    fight(g, cordelia, c)
    assert not cordelia.tapped                            # a new turn: again


@pytest.mark.card(FLAWLESS)
def test_galeforce_also_on_the_main_character_not_when_the_attack_fails():
    g, m0, m1 = board()
    cordelia = add_unit(g, 0, C(FLAWLESS))
    strong = add_unit(g, 1, foe("Strong", attack=90))
    begin(g)
    fight(g, cordelia, strong)
    assert g.unit(strong.id) is strong and cordelia.tapped
    g, m0, m1 = board()
    cordelia = add_unit(g, 0, C(FLAWLESS))
    begin(g)
    fight(g, cordelia, m1)
    assert len(g.players[1].orbs) == 4 and not cordelia.tapped


# --------------------------------------------------------------------------- Handcrafted Javelin
def _javelin_board(class_changed=True, bonds=1):
    g, m0, m1 = board(None, card("Lord 1", "main character", attack=30))
    cordelia = (promoted(g, 0, FLAWLESS, PARAGON, area="back") if class_changed
                else add_unit(g, 0, C(FLAWLESS), area="back"))
    peg = add_unit(g, 0, flier("Pegasus", weapon="sword"), area="back")
    walker = add_unit(g, 0, foe("Walker"), area="back")
    enemy_peg = add_unit(g, 1, flier("Enemy Pegasus"))
    add_bonds(g, 0, *[FILLER] * bonds)
    begin(g)
    return g, cordelia, peg, walker, enemy_peg, m1


@pytest.mark.card(FLAWLESS)
def test_handcrafted_javelin_flier_allies_acquire_lance_and_range_1_2_until_the_end_of_the_turn():
    g, cordelia, peg, walker, enemy_peg, m1 = _javelin_board()
    assert not can_attack(g, peg, m1)
    use(g, cordelia, "Handcrafted Javelin")
    assert face_up_bonds(g, 0) == 0
    assert g.ranges(cordelia) == {1, 2} and g.ranges(peg) == {1, 2}
    assert "lance" in g.types(peg) and "sword" in g.types(peg)
    assert g.ranges(walker) == {1} and "lance" not in g.types(walker)
    assert g.ranges(enemy_peg) == {1}
    assert can_attack(g, peg, m1) and not can_attack(g, walker, m1)
    fight(g, peg, m1)
    assert len(g.players[1].orbs) == 4
    next_turn(g)
    assert g.ranges(peg) == {1} and "lance" not in g.types(peg)


@pytest.mark.card(FLAWLESS)
def test_handcrafted_javelin_is_ccs_needs_a_bond_and_has_no_use_limit():
    g, cordelia, *_ = _javelin_board(class_changed=False)
    assert "CCS" in use_refused(g, cordelia, "Handcrafted Javelin")
    g, cordelia, *_ = _javelin_board(bonds=0)
    assert "cost" in use_refused(g, cordelia, "Handcrafted Javelin")
    g, cordelia, *_ = _javelin_board(bonds=2)
    use(g, cordelia, "Handcrafted Javelin")
    g.answer(g.legal_options()[0])                        # which bond
    use(g, cordelia, "Handcrafted Javelin")
    assert face_up_bonds(g, 0) == 0


# --------------------------------------------------------------------------- Relief
def _relief_board(partner=False, turn=2, player=0):
    g, m0, m1 = board()
    cordelia = add_unit(g, 0, C(UNSPOKEN), area="back")
    if partner:
        add_unit(g, 0, foe("Partner"), area="back")
    begin(g, turn=turn, player=player, phase="beginning")
    return g, cordelia


@pytest.mark.card(UNSPOKEN)
def test_relief_plus_10_at_the_start_of_each_turn_when_alone_in_her_line():
    g, cordelia = _relief_board()
    assert g.decision.kind == "bond"
    assert g.attack(cordelia) == 50
    assert [e.skill for e in events(g, ev.SkillResolved)] == ["Relief"]
    next_turn(g, "bond")                             # the opponent's turn starts:
    assert g.turn == 3 and g.attack(cordelia) == 50       # the first +10 ended, a new one began
    assert [e.skill for e in events(g, ev.SkillResolved)] == ["Relief", "Relief"]
    assert sum(isinstance(e, ev.ModifierAdded) and e.unit == cordelia.id for e in g.events) == 2


@pytest.mark.card(UNSPOKEN)
def test_relief_ends_at_the_end_of_the_turn():
    g, cordelia = _relief_board()
    assert g.attack(cordelia) == 50
    # Another ally joins her line: the next turn's start gives nothing, this turn's +10 ends.
    add_unit(g, 0, foe("Latecomer"), area="back")
    next_turn(g, "bond")
    assert g.attack(cordelia) == 40


@pytest.mark.card(UNSPOKEN)
def test_relief_not_with_another_ally_in_the_same_line():
    g, cordelia = _relief_board(partner=True)
    assert g.attack(cordelia) == 40 and not events(g, ev.SkillResolved)
    # The main character is in the other line: alone in the back line, +10.
    g, cordelia = _relief_board(turn=3, player=1)
    assert g.attack(cordelia) == 50


# --------------------------------------------------------------------------- Javelin
@pytest.mark.card(UNSPOKEN)
def test_javelin_range_1_2_until_the_end_of_the_turn():
    g, m0, m1 = board()
    cordelia = add_unit(g, 0, C(UNSPOKEN), area="back")
    add_bonds(g, 0, FILLER)
    begin(g)
    assert not can_attack(g, cordelia, m1)
    use(g, cordelia, "Javelin")
    assert face_up_bonds(g, 0) == 0 and g.ranges(cordelia) == {1, 2}
    assert g.attack(cordelia) == 40
    assert can_attack(g, cordelia, m1)
    assert "cost" in use_refused(g, cordelia, "Javelin")
    next_turn(g)
    assert g.ranges(cordelia) == {1}


# --------------------------------------------------------------------------- Axebreaker
@pytest.mark.card(SEVERA_CC)
def test_axebreaker_plus_20_in_combat_with_an_axe_unit():
    g, m0, m1 = board()
    severa = add_unit(g, 0, C(SEVERA_CC))
    axe = add_unit(g, 1, foe("Axeman", attack=70, weapon="axe"))
    begin(g)
    assert g.attack(severa) == 60
    j = fight(g, severa, axe)
    assert j.attacker_power == 60 + 20 + 10 and j.attacker_wins
    g, m0, m1 = board()
    severa = add_unit(g, 0, C(SEVERA_CC))
    axe = add_unit(g, 1, foe("Axeman", attack=70, weapon="axe"))
    begin(g, turn=3, player=1)
    assert fight(g, axe, severa).defender_power == 60 + 20 + 10


@pytest.mark.card(SEVERA_CC)
def test_axebreaker_not_against_other_weapons():
    g, m0, m1 = board()
    severa = add_unit(g, 0, C(SEVERA_CC))
    lancer = add_unit(g, 1, foe("Lancer", attack=70, weapon="lance"))
    begin(g)
    assert fight(g, severa, lancer).attacker_power == 60 + 10


# --------------------------------------------------------------------------- Feminine Wiles
def _wiles(support, class_changed=True, attacking=True):
    g, m0, m1 = board()
    severa = promoted(g, 0, SEVERA_CC, SEVERA) if class_changed else add_unit(g, 0, C(SEVERA_CC))
    deck_top(g, 0, support)
    if attacking:
        begin(g)
        return fight(g, severa, m1).attacker_power
    begin(g, turn=3, player=1)
    return fight(g, m1, severa).defender_power


@pytest.mark.card(SEVERA_CC)
def test_feminine_wiles_plus_10_when_a_male_card_supports_her():
    assert _wiles(foe("Man", gender="male")) == 60 + 10 + 10
    assert _wiles(foe("Man", gender="male"), attacking=False) == 60 + 10 + 10
    assert _wiles(foe("Woman", gender="female")) == 60 + 10
    assert _wiles(foe("Man", gender="male"), class_changed=False) == 60 + 10


# --------------------------------------------------------------------------- Contrarian Heart
@pytest.mark.card(SEVERA)
def test_contrarian_heart_plus_10_with_a_cordelia_ally():
    g, m0, m1 = board()
    severa = add_unit(g, 0, C(SEVERA))
    add_unit(g, 1, C(PARAGON))                            # an enemy Cordelia does not count
    begin(g)
    assert g.attack(severa) == 40
    g, m0, m1 = board()
    severa = add_unit(g, 0, C(SEVERA))
    add_unit(g, 0, C(UNSPOKEN), area="back")
    begin(g)
    assert g.attack(severa) == 50
    assert fight(g, severa, m1).attacker_power == 50 + 10
    next_turn(g)
    assert g.attack(severa) == 50                         # in either turn

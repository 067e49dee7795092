"""Navarre (B01-024ST, S01-005ST) and Lon'qu (B01-070ST, B01-071ST): "Sword of the
Cutthroats", "Solitary Swordsman", "Killing Edge", "Swordfaire", "Away, woman!" (the
Attack Emblems are in test_51)."""
import pytest

from fecipher.engine import events as ev
from fecipher.engine import modifiers as M
from helpers import (
    C, FILLER, add_bonds, add_cards, add_unit, begin, board, card, declare, deck_top, events, face_up_bonds, fight,
    finish, foe, next_turn, use, use_refused,
)

SCARLET, KILLING, SOLITARY, GYNO = "B01-024ST", "S01-005ST", "B01-070ST", "B01-071ST"


# --------------------------------------------------------------------------- Sword of the Cutthroats
@pytest.mark.card(SCARLET)
def test_sword_of_the_cutthroats_plus_20_in_your_turn_alone_with_the_mc():
    g, m0, m1 = board()
    navarre = add_unit(g, 0, C(SCARLET))
    add_unit(g, 1, foe("Enemy"))                      # enemies do not matter
    begin(g)
    assert g.attack(navarre) == 60
    assert fight(g, navarre, m1).attacker_power == 60 + 10


@pytest.mark.card(SCARLET)
def test_sword_of_the_cutthroats_not_with_another_ally_nor_in_the_opponents_turn():
    g, m0, m1 = board()
    navarre = add_unit(g, 0, C(SCARLET))
    other = add_unit(g, 0, foe("Friend"), area="back")
    begin(g)
    assert g.attack(navarre) == 40
    g.remove_unit(other)                              # the friend leaves: alone again
    assert g.attack(navarre) == 60
    g, m0, m1 = board(None, card("Lord 1", "main character", attack=10))
    navarre = add_unit(g, 0, C(SCARLET))
    begin(g, turn=3, player=1)
    assert g.attack(navarre) == 40
    assert fight(g, m1, navarre).defender_power == 40 + 10


# --------------------------------------------------------------------------- Solitary Swordsman
@pytest.mark.card(KILLING)
def test_solitary_swordsman_plus_10_alone_with_the_mc_in_any_turn():
    g, m0, m1 = board(None, card("Lord 1", "main character", attack=10))
    navarre = add_unit(g, 0, C(KILLING))
    begin(g, turn=3, player=1)
    assert g.attack(navarre) == 70
    assert fight(g, m1, navarre).defender_power == 70 + 10
    next_turn(g)
    assert g.attack(navarre) == 70


@pytest.mark.card(KILLING)
def test_solitary_swordsman_not_with_another_ally():
    g, m0, m1 = board()
    navarre = add_unit(g, 0, C(KILLING))
    add_unit(g, 0, foe("Friend"))
    begin(g)
    assert g.attack(navarre) == 60
    g, m0, m1 = board()
    navarre = add_unit(g, 0, C(KILLING))
    begin(g)
    assert g.attack(navarre) == 70


# --------------------------------------------------------------------------- Killing Edge
KILLERS = [pytest.param(code, marks=pytest.mark.card(code), id=code) for code in (KILLING, SOLITARY)]


def _killer_board(code, bonds=3):
    g, m0, m1 = board(None, card("Lord 1", "main character", attack=10))
    killer = add_unit(g, 0, C(code))
    add_cards(g, 1, "hand", m1.card)                  # the defender could evade
    add_bonds(g, 0, *[FILLER] * bonds)
    begin(g)
    return g, killer, m1


@pytest.mark.parametrize("code", KILLERS)
def test_killing_edge_flips_3_bonds_and_the_attacks_cannot_be_evaded_this_turn(code):
    g, killer, m1 = _killer_board(code)
    use(g, killer, "Killing Edge")
    assert face_up_bonds(g, 0) == 0
    assert g.flag(killer, M.CANNOT_BE_EVADED)
    declare(g, killer, m1)
    assert g.decision.kind == "break_orb"
    finish(g)
    assert not events(g, ev.Evaded)
    assert len(g.players[1].orbs) == 4 and len(g.players[1].hand) == 2
    next_turn(g)
    assert not g.flag(killer, M.CANNOT_BE_EVADED)


@pytest.mark.parametrize("code", KILLERS)
def test_killing_edge_without_it_the_attack_can_be_evaded_and_it_needs_3_bonds(code):
    g, killer, m1 = _killer_board(code, bonds=2)
    assert "cost" in use_refused(g, killer, "Killing Edge")
    declare(g, killer, m1)
    assert g.decision.kind == "evasion"
    g, killer, m1 = _killer_board(code, bonds=3)
    use(g, killer, "Killing Edge")
    declare(g, killer, m1)
    assert g.decision.kind == "break_orb"             # straight to the judgement: no evasion


# --------------------------------------------------------------------------- Swordfaire
@pytest.mark.card(SOLITARY)
def test_swordfaire_plus_10_for_each_other_sword_ally_when_class_changed():
    g, m0, m1 = board()                               # the vanilla MC wields a sword
    lonqu = add_unit(g, 0, C(SOLITARY), C(GYNO), class_changed=True)
    add_unit(g, 0, C("B01-018ST"), area="back")       # Ogma: sword
    add_unit(g, 0, C("B01-019ST"), area="back")       # Bord: axe
    add_unit(g, 1, foe("Enemy Sword", weapon="sword"))
    begin(g)
    assert g.attack(lonqu) == 50 + 20
    assert fight(g, lonqu, m1).attacker_power == 70 + 10


@pytest.mark.card(SOLITARY)
def test_swordfaire_inactive_when_not_class_changed():
    g, m0, m1 = board()
    lonqu = add_unit(g, 0, C(SOLITARY))
    add_unit(g, 0, C("B01-018ST"), area="back")
    begin(g)
    assert g.attack(lonqu) == 50
    g, m0, m1 = board()
    lonqu = add_unit(g, 0, C(SOLITARY), C(GYNO), class_changed=True)
    add_unit(g, 0, C("B01-018ST"), area="back")
    begin(g)
    assert g.attack(lonqu) == 70


# --------------------------------------------------------------------------- "Away, woman!"
@pytest.mark.card(GYNO)
def test_away_woman_female_cards_fail_to_support_lonqu():
    g, m0, m1 = board()
    lonqu = add_unit(g, 0, C(GYNO))
    lena, = deck_top(g, 0, C("B01-026ST"))            # female, support 20
    begin(g)
    j = fight(g, lonqu, m1)
    failed = events(g, ev.SupportFailed)
    assert [(e.player, e.card) for e in failed] == [(0, lena.id)]
    assert j.attacker_power == 50 and j.attacker_support == 0
    assert lena in g.players[0].retreat


@pytest.mark.card(GYNO)
def test_away_woman_in_defence_too_and_male_cards_support():
    g, m0, m1 = board()
    lonqu = add_unit(g, 0, C(GYNO))
    deck_top(g, 0, C("B01-065ST"))                    # Sully: female
    begin(g, turn=3, player=1)
    j = fight(g, m1, lonqu)
    assert j.defender_power == 50 and events(g, ev.SupportFailed)
    g, m0, m1 = board()
    lonqu = add_unit(g, 0, C(GYNO))
    deck_top(g, 0, C("B01-013ST"))                    # Gordin: male, support 20
    begin(g)
    assert fight(g, lonqu, m1).attacker_power == 50 + 20


@pytest.mark.card(GYNO)
def test_away_woman_a_failed_support_has_no_support_skill():
    g, m0, m1 = board()
    lonqu = add_unit(g, 0, C(GYNO))
    deck_top(g, 0, C("B01-065ST"))                    # Sully: female, Attack Emblem
    begin(g)
    j = fight(g, lonqu, m1)
    assert j.attacker_power == 50 and not events(g, ev.SkillResolved)
    g, m0, m1 = board()
    lonqu = add_unit(g, 0, C(GYNO))
    deck_top(g, 0, C("B01-067ST"))                    # Stahl: male, Attack Emblem
    begin(g)
    assert fight(g, lonqu, m1).attacker_power == 50 + 10 + 20


@pytest.mark.card(GYNO)
def test_away_woman_only_for_lonqu():
    g, m0, m1 = board()
    add_unit(g, 0, C(GYNO))
    deck_top(g, 0, C("B01-026ST"))
    begin(g)
    j = fight(g, m0, m1)                              # the MC is supported by the same woman
    assert j.attacker_power == 50 + 20 and not events(g, ev.SupportFailed)
    g, m0, m1 = board()
    lonqu = add_unit(g, 0, C(GYNO))
    deck_top(g, 0, C("B01-026ST"))
    begin(g)
    assert fight(g, lonqu, m1).attacker_power == 50

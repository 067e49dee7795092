"""Inigo B01-097R ("Sol", "Fated Rendezvous" [CCS]) and B01-098N ("Inigo the Flirt"), and
the Attack Emblems of B01-093HN Owain, B01-095N Severa and B01-098N Inigo."""
import pytest

from fecipher.engine import events as ev
from helpers import (
    C, add_unit, begin, board, card, declare, deck_top, events, fight, finish, foe, next_turn,
)
from helpers_more_b import card_params, promoted

SOL, FLIRT = "B01-097R", "B01-098N"


# --------------------------------------------------------------------------- Attack Emblem
@pytest.mark.parametrize("code", card_params("B01-093HN", "B01-095N", FLIRT))
def test_attack_emblem_plus_20_to_the_attacking_unit_until_the_end_of_the_combat(code):
    g, m0, m1 = board()
    deck_top(g, 0, C(code))
    begin(g)
    declare(g, m0, m1)
    finish(g)
    j = events(g, ev.BattleJudged)[-1]
    assert (j.attacker_power, j.attacker_support) == (50 + 10 + 20, 10)
    assert [e.skill for e in events(g, ev.SkillResolved)] == ["Attack Emblem"]
    assert g.attack(m0) == 50
    # In defence it does nothing.
    g, m0, m1 = board()
    deck_top(g, 0, C(code))
    begin(g, turn=3, player=1)
    declare(g, m1, m0)
    finish(g)
    assert events(g, ev.BattleJudged)[-1].defender_power == 50 + 10
    assert not events(g, ev.SkillResolved)


# --------------------------------------------------------------------------- Sol
@pytest.mark.card(SOL)
def test_sol_plus_20_until_the_end_of_the_opponents_next_turn_when_his_attack_destroys():
    g, m0, m1 = board()
    inigo = add_unit(g, 0, C(SOL))
    weak = add_unit(g, 1, foe("Weak", attack=30))
    begin(g)
    fight(g, inigo, weak)
    assert g.unit(weak.id) is None and g.attack(inigo) == 80
    next_turn(g)                                          # the opponent's turn
    assert g.attack(inigo) == 80
    j = fight(g, m1, inigo)
    assert j.defender_power == 80 + 10
    next_turn(g)                                          # his next turn: over
    assert g.attack(inigo) == 60


@pytest.mark.card(SOL)
def test_sol_also_on_the_main_character_not_when_nothing_is_destroyed():
    g, m0, m1 = board()
    inigo = add_unit(g, 0, C(SOL))
    begin(g)
    fight(g, inigo, m1)
    assert len(g.players[1].orbs) == 4 and g.attack(inigo) == 80
    g, m0, m1 = board()
    inigo = add_unit(g, 0, C(SOL))
    strong = add_unit(g, 1, foe("Strong", attack=90))
    begin(g)
    fight(g, inigo, strong)
    assert g.attack(inigo) == 60
    # Defending: his side never destroys the attacker, so nothing triggers.
    g, m0, m1 = board()
    inigo = add_unit(g, 0, C(SOL))
    weak = add_unit(g, 1, foe("Weak", attack=30))
    begin(g, turn=3, player=1)
    fight(g, weak, inigo)
    assert g.attack(inigo) == 60 and g.unit(weak.id) is weak


# --------------------------------------------------------------------------- Fated Rendezvous
def _rendezvous(support, class_changed=True, attacking=True):
    g, m0, m1 = board()
    inigo = promoted(g, 0, SOL, FLIRT) if class_changed else add_unit(g, 0, C(SOL))
    deck_top(g, 0, support)
    if attacking:
        begin(g)
        return fight(g, inigo, m1).attacker_power
    begin(g, turn=3, player=1)
    return fight(g, m1, inigo).defender_power


@pytest.mark.card(SOL)
def test_fated_rendezvous_plus_10_when_a_female_card_supports_him():
    assert _rendezvous(foe("Woman", gender="female")) == 60 + 10 + 10
    assert _rendezvous(foe("Woman", gender="female"), attacking=False) == 60 + 10 + 10
    assert _rendezvous(foe("Man", gender="male")) == 60 + 10
    assert _rendezvous(foe("Woman", gender="female"), class_changed=False) == 60 + 10


# --------------------------------------------------------------------------- Inigo the Flirt
@pytest.mark.card(FLIRT)
def test_inigo_the_flirt_plus_10_until_the_end_of_the_turn_when_he_attacks_with_a_female_ally():
    g, m0, m1 = board(None, card("Lord 1", "main character", attack=50))
    inigo = add_unit(g, 0, C(FLIRT))
    add_unit(g, 0, foe("Lady", gender="female"), area="back")
    begin(g)
    assert g.attack(inigo) == 40
    j = fight(g, inigo, m1)
    assert j.attacker_power == 40 + 10 + 10 and j.attacker_wins
    assert g.attack(inigo) == 50                           # until the end of the turn
    next_turn(g)
    assert g.attack(inigo) == 40


@pytest.mark.card(FLIRT)
def test_inigo_the_flirt_needs_a_female_ally():
    g, m0, m1 = board()
    inigo = add_unit(g, 0, C(FLIRT))
    add_unit(g, 1, foe("Enemy Lady", gender="female"))    # an enemy does not count
    begin(g)
    j = fight(g, inigo, m1)
    assert j.attacker_power == 40 + 10 and not j.attacker_wins
    # Attacked, with a female ally: no bonus.
    g, m0, m1 = board()
    inigo = add_unit(g, 0, C(FLIRT))
    add_unit(g, 0, foe("Lady", gender="female"), area="back")
    begin(g, turn=3, player=1)
    assert fight(g, m1, inigo).defender_power == 40 + 10

"""Robin (Female): B01-057ST "Grandmaster's Command" and "This is all part of the plan.",
B01-058ST "A Gift for Tactics" (its Tactical Emblem is in test_51)."""
import pytest

from fecipher.engine import events as ev
from helpers import (
    C, add_bonds, add_cards, add_orbs, add_unit, begin, board, card, choose_units, face_up_bonds, fight, foe,
    no, pick, unit_choices, use, use_refused, yes,
)

GRANDMASTER, TACTICIAN = "B01-057ST", "B01-058ST"
PLAN = "\"This is all part of the plan.\""
BLUE = card("Blue Bond", symbols="blue")


# --------------------------------------------------------------------------- Grandmaster's Command
def _command_board(promos=1):
    g, m0, m1 = board()
    robin = add_unit(g, 0, C(GRANDMASTER), area="back")
    lissa = add_unit(g, 0, C("B01-060ST"))
    sully = add_unit(g, 0, C("B01-065ST"))
    hand = add_cards(g, 0, "hand", C("B01-059ST"), C("B01-064ST"), C("B01-060ST"))
    enemy = add_unit(g, 1, foe("Enemy"))
    add_bonds(g, 0, *[BLUE] * 5)
    begin(g, phase="deployment")
    return g, robin, lissa, sully, hand, enemy, m1


@pytest.mark.card(GRANDMASTER)
def test_grandmasters_command_moves_an_enemy_each_time_another_ally_class_changes():
    g, robin, lissa, sully, (lissa_cc, sully_cc, _), enemy, m1 = _command_board()
    pick(g, "class_change", card=lissa_cc, unit=lissa)
    yes(g)
    assert unit_choices(g) == {enemy.id, m1.id}          # any enemy, no ally
    choose_units(g, enemy)
    assert enemy.area == "back"
    pick(g, "class_change", card=sully_cc, unit=sully)
    yes(g)
    choose_units(g, enemy)
    assert enemy.area == "front"
    assert g.decision.kind == "deployment"


@pytest.mark.card(GRANDMASTER)
def test_grandmasters_command_is_optional_and_not_for_a_level_up():
    g, robin, lissa, sully, (lissa_cc, sully_cc, lissa_lv), enemy, m1 = _command_board()
    pick(g, "level_up", card=lissa_lv, unit=lissa)
    assert g.decision.kind == "deployment"
    pick(g, "class_change", card=sully_cc, unit=sully)
    no(g)
    assert enemy.area == "front" and g.decision.kind == "deployment"


@pytest.mark.card(GRANDMASTER)
def test_grandmasters_command_not_when_robin_herself_class_changes():
    g, m0, m1 = board()
    robin = add_unit(g, 0, C(TACTICIAN), area="back")
    promo, = add_cards(g, 0, "hand", C(GRANDMASTER))
    add_unit(g, 1, foe("Enemy"))
    add_bonds(g, 0, BLUE, BLUE, BLUE)
    begin(g, phase="deployment")
    pick(g, "class_change", card=promo, unit=robin)
    assert g.decision.kind == "deployment"
    assert not [e for e in g.events if isinstance(e, ev.SkillTriggered)]
    g, robin, lissa, sully, (lissa_cc, _, _), enemy, m1 = _command_board()
    pick(g, "class_change", card=lissa_cc, unit=lissa)
    assert g.decision.kind == "may"


# --------------------------------------------------------------------------- "This is all part of the plan."
def _plan_board(class_changed=True, my_orbs=3, bonds=3):
    g, m0, m1 = board(orbs=0)
    add_orbs(g, 0, my_orbs)
    add_orbs(g, 1, 5)
    stack = (C(GRANDMASTER), C(TACTICIAN)) if class_changed else (C(GRANDMASTER),)
    robin = add_unit(g, 0, *stack, area="back", class_changed=class_changed)
    add_bonds(g, 0, *[BLUE] * bonds)
    begin(g)
    return g, robin


@pytest.mark.card(GRANDMASTER)
def test_plan_flips_3_bonds_and_puts_the_top_card_of_the_deck_into_the_orbs():
    g, robin = _plan_board()
    top = g.players[0].deck[0]
    deck = len(g.players[0].deck)
    use(g, robin, PLAN)
    assert face_up_bonds(g, 0) == 0
    assert len(g.players[0].orbs) == 4
    assert g.players[0].orbs[-1].copy is top and not g.players[0].orbs[-1].face_up
    assert len(g.players[0].deck) == deck - 1
    assert not robin.tapped


@pytest.mark.card(GRANDMASTER)
def test_plan_no_use_limit_while_fewer_orbs():
    g, robin = _plan_board(bonds=6)
    use(g, robin, PLAN)
    for _ in range(3):                                   # which 3 of the 6 bonds
        g.answer(g.legal_options()[0])
    assert len(g.players[0].orbs) == 4
    use(g, robin, PLAN)
    assert len(g.players[0].orbs) == 5
    assert "condition" in use_refused(g, robin, PLAN)   # no longer fewer orbs


@pytest.mark.card(GRANDMASTER)
def test_plan_only_when_class_changed_with_fewer_orbs_and_3_bonds():
    g, robin = _plan_board(class_changed=False)
    assert "CCS" in use_refused(g, robin, PLAN)
    g, robin = _plan_board(my_orbs=5)
    assert "condition" in use_refused(g, robin, PLAN)
    g, robin = _plan_board(bonds=2)
    assert "cost" in use_refused(g, robin, PLAN)
    g, robin = _plan_board()
    use(g, robin, PLAN)
    assert len(g.players[0].orbs) == 4


# --------------------------------------------------------------------------- A Gift for Tactics
@pytest.mark.card(TACTICIAN)
def test_a_gift_for_tactics_plus_10_with_fewer_orbs_than_the_opponent():
    g, m0, m1 = board(None, card("Lord 1", "main character", attack=30), orbs=0)
    add_orbs(g, 0, 4)
    add_orbs(g, 1, 5)
    robin = add_unit(g, 0, C(TACTICIAN), area="back")
    begin(g)
    assert g.attack(robin) == 40
    assert fight(g, robin, m1).attacker_power == 40 + 10
    assert len(g.players[1].orbs) == 4                  # now equal
    assert g.attack(robin) == 30


@pytest.mark.card(TACTICIAN)
def test_a_gift_for_tactics_follows_the_orb_counts_in_either_turn():
    g, m0, m1 = board()
    robin = add_unit(g, 0, C(TACTICIAN), area="back")
    begin(g, turn=3, player=1)
    assert g.attack(robin) == 30
    fight(g, m1, m0)                                    # player 1 loses an orb
    assert len(g.players[0].orbs) == 4
    assert g.attack(robin) == 40

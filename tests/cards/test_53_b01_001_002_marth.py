"""Marth: B01-001SR "Hero's Paean" and "Falchion", B01-002N "Hero's Disposition"."""
import pytest

from helpers import (
    C, FILLER, add_bonds, add_cards, add_unit, begin, board, card_choices, face_up_bonds, fight, foe, next_turn,
    pick, use, use_refused,
)
from helpers_more_a import RED, pick_bonds

SAVIOR, FALLEN = "B01-001SR", "B01-002N"


# --------------------------------------------------------------------------- Hero's Paean
def _paean_board(*hand, bonds=4):
    g, m0, m1 = board()
    marth = add_unit(g, 0, C(SAVIOR))
    ally = add_unit(g, 0, foe("Ally", attack=40), area="back", tapped=True)
    enemy = add_unit(g, 1, foe("Enemy", attack=40))
    copies = add_cards(g, 0, "hand", *hand)
    add_bonds(g, 0, *[FILLER] * bonds)
    begin(g)
    return g, m0, m1, marth, ally, enemy, copies


@pytest.mark.card(SAVIOR)
def test_heros_paean_all_allies_plus_30_until_the_end_of_the_opponents_next_turn():
    g, m0, m1, marth, ally, enemy, (young, fallen, other) = _paean_board(
        C("B01-003ST"), C(FALLEN), foe("Other"))
    use(g, marth, "Hero's Paean")
    pick_bonds(g, 3)
    assert face_up_bonds(g, 0) == 1
    # Only "Marth" cards of the hand can be sent.
    assert card_choices(g) == {young.id, fallen.id}
    pick(g, "card", card=fallen)
    assert g.players[0].retreat == [fallen] and g.players[0].hand == [young, other]
    # Every ally, the Main Character and tapped units included; no enemy.
    assert (g.attack(marth), g.attack(m0), g.attack(ally)) == (100, 80, 70)
    assert (g.attack(m1), g.attack(enemy)) == (50, 40)
    assert not marth.tapped                                   # no tap in the cost
    assert fight(g, marth, enemy).attacker_power == 100 + 10
    # The opponent's next turn: still +30 (in defence too).
    next_turn(g)
    assert g.turn == 3 and g.attack(m0) == 80
    j = fight(g, m1, m0)
    assert j.defender_power == 80 + 10 and not j.attacker_wins
    # It ends with that turn.
    next_turn(g)
    assert g.turn == 4 and (g.attack(marth), g.attack(m0), g.attack(ally)) == (70, 50, 40)


@pytest.mark.card(SAVIOR)
def test_heros_paean_cost_needs_3_face_up_bonds_and_a_marth_card_in_the_hand():
    # No "Marth" card in the hand (a card of another name does not do).
    g, *_, marth, ally, enemy, copies = _paean_board(foe("Other"), C("B01-006ST"))
    assert "cost" in use_refused(g, marth, "Hero's Paean")
    # Only 2 face-up bonds.
    g, *_, marth, ally, enemy, copies = _paean_board(C(FALLEN), bonds=2)
    assert "cost" in use_refused(g, marth, "Hero's Paean")
    g, m0, m1, marth, ally, enemy, copies = _paean_board(C(FALLEN), bonds=2)
    add_bonds(g, 0, FILLER, FILLER, face_up=False)          # face-down bonds do not pay
    assert "cost" in use_refused(g, marth, "Hero's Paean")
    # 3 face-up bonds and a Marth: it is used; the Marth goes without a question.
    g, m0, m1, marth, ally, enemy, (fallen,) = _paean_board(C(FALLEN), bonds=3)
    use(g, marth, "Hero's Paean")
    assert g.players[0].retreat == [fallen] and face_up_bonds(g, 0) == 0
    assert g.attack(m0) == 80 and g.decision.kind == "action"


@pytest.mark.card(SAVIOR)
def test_heros_paean_can_be_used_again_and_adds_up():
    g, m0, m1, marth, ally, enemy, (a, b) = _paean_board(C(FALLEN), C("B01-003ST"), bonds=6)
    use(g, marth, "Hero's Paean")
    pick_bonds(g, 3)
    pick(g, "card", card=a)
    use(g, marth, "Hero's Paean")
    assert g.attack(m0) == 50 + 60 and g.players[0].hand == []


# --------------------------------------------------------------------------- Falchion
@pytest.mark.card(SAVIOR)
def test_falchion_plus_20_only_while_attacking_a_dragon():
    g, m0, m1 = board()
    marth = add_unit(g, 0, C(SAVIOR))
    dragon = add_unit(g, 1, foe("Wyrm", types=("dragon",), attack=90))
    begin(g)
    j = fight(g, marth, dragon)
    assert j.attacker_power == 70 + 20 + 10 and j.attacker_wins
    assert g.attack(marth) == 70
    # Attacking a non-dragon: no bonus.
    g, m0, m1 = board()
    marth = add_unit(g, 0, C(SAVIOR))
    begin(g)
    assert fight(g, marth, m1).attacker_power == 70 + 10
    # Attacked by a dragon: no bonus.
    g, m0, m1 = board()
    marth = add_unit(g, 0, C(SAVIOR))
    dragon = add_unit(g, 1, foe("Wyrm", types=("dragon",), attack=80))
    begin(g, turn=3, player=1)
    j = fight(g, dragon, marth)
    assert j.defender_power == 70 + 10 and j.attacker_wins


# --------------------------------------------------------------------------- Hero's Disposition
@pytest.mark.card(FALLEN)
def test_heros_disposition_plus_10_with_2_or_more_red_allies_marth_included():
    # A red Main Character and Marth: 2 red allies.
    g, m0, m1 = board()
    marth = add_unit(g, 0, C(FALLEN))
    begin(g)
    assert g.attack(marth) == 60
    assert fight(g, marth, m1).attacker_power == 60 + 10
    # Marth is the only red ally: red enemies do not count.
    g, m0, m1 = board(foe("Colourless Lord"))
    marth = add_unit(g, 0, C(FALLEN))
    add_unit(g, 1, foe("Red Enemy", symbols="red"))
    add_unit(g, 0, foe("Blue Ally", symbols="blue"), area="back")
    begin(g)
    assert g.attack(marth) == 50
    # A second red ally is deployed: +10 at once.
    g, m0, m1 = board(foe("Colourless Lord"))
    marth = add_unit(g, 0, C(FALLEN))
    recruit, = add_cards(g, 0, "hand", foe("Red Recruit", symbols="red"))
    add_bonds(g, 0, RED)
    begin(g, phase="deployment")
    assert g.attack(marth) == 50
    pick(g, "deploy", card=recruit, area="back")
    assert g.attack(marth) == 60


@pytest.mark.card(FALLEN)
def test_heros_disposition_holds_in_the_opponents_turn_and_ends_when_the_ally_leaves():
    g, m0, m1 = board(foe("Colourless Lord"), foe("Killer", attack=90))
    marth = add_unit(g, 0, C(FALLEN))
    red = add_unit(g, 0, foe("Red Ally", symbols="red", attack=20))
    begin(g, turn=3, player=1)
    assert g.attack(marth) == 60
    j = fight(g, m1, red)
    assert j.attacker_wins and g.unit(red.id) is None
    assert g.attack(marth) == 50

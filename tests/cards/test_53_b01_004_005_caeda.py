"""Caeda: B01-004SR "Persuasion" and "Heavens Flier", B01-005N "Wing Spear" and "Winged
Deliverer"."""
import pytest

from fecipher.engine import events as ev
from helpers import (
    C, FILLER, add_bonds, add_cards, add_unit, begin, board, can_attack, card_choices, choose_units, declare,
    events, face_up_bonds, fight, finish, foe, next_turn, no, pick, unit_choices, use, use_refused, yes,
)
from helpers_more_a import pick_bonds, triggered

LOVE, SOUL = "B01-004SR", "B01-005N"


# --------------------------------------------------------------------------- Persuasion
def _persuasion_board(bonds=2, enemy_attack=40, **start):
    g, m0, m1 = board()
    caeda = add_unit(g, 0, C(LOVE))
    enemy = add_unit(g, 1, foe("Enemy", attack=enemy_attack))
    deck = g.players[0].deck
    deck.clear()
    cards = add_cards(g, 0, "deck", foe("Supporter"), C("B01-006ST"), C("B01-001SR"), foe("Blue", symbols="blue"),
                      foe("Red", symbols="red"), foe("Colourless"))
    add_bonds(g, 0, *[FILLER] * bonds)
    begin(g, **start)
    return g, caeda, enemy, m1, cards


@pytest.mark.card(LOVE)
def test_persuasion_adds_a_non_caeda_red_card_from_the_deck_when_her_attack_destroys_an_enemy():
    g, caeda, enemy, m1, (sup, talys, marth, blue, red, grey) = _persuasion_board()
    n = len(g.events)
    declare(g, caeda, enemy)
    finish(g)
    assert g.unit(enemy.id) is None
    yes(g)
    pick_bonds(g, 1)
    assert face_up_bonds(g, 0) == 1
    # Red cards of the deck other than "Caeda": not blue, not colourless, not Caeda.
    assert card_choices(g) == {marth.id, red.id}
    pick(g, "card", card=marth)
    finish(g)
    assert marth in g.players[0].hand and marth not in g.players[0].deck
    assert [e.cards for e in events(g, ev.Revealed, since=n)] == [(marth.id,)]
    assert events(g, ev.Shuffled, since=n)
    assert sorted(c.id for c in g.players[0].deck) == sorted(c.id for c in (talys, blue, red, grey))
    assert g.battle is None and g.decision.kind == "action"


@pytest.mark.card(LOVE)
def test_persuasion_also_when_destroying_the_main_character():
    g, caeda, enemy, m1, (sup, talys, marth, blue, red, grey) = _persuasion_board()
    declare(g, caeda, m1)
    finish(g)
    assert len(g.players[1].orbs) == 4
    yes(g)
    pick_bonds(g, 1)
    pick(g, "card", card=red)
    assert red in g.players[0].hand


@pytest.mark.card(LOVE)
def test_persuasion_is_optional_and_needs_a_face_up_bond_and_a_destruction():
    # Declined: no bond flipped, no card.
    g, caeda, enemy, m1, cards = _persuasion_board()
    declare(g, caeda, enemy)
    finish(g)
    no(g)
    finish(g)
    assert face_up_bonds(g, 0) == 2 and g.players[0].hand == [] and g.decision.kind == "action"
    # No face-up bond: the cost cannot be paid, nothing is asked.
    g, caeda, enemy, m1, cards = _persuasion_board(bonds=0)
    add_bonds(g, 0, FILLER, face_up=False)
    n = len(g.events)
    fight(g, caeda, enemy)
    assert g.unit(enemy.id) is None and g.players[0].hand == [] and g.decision.kind == "action"
    # The attack does not destroy: no trigger.
    g, caeda, enemy, m1, cards = _persuasion_board(enemy_attack=80)
    n = len(g.events)
    fight(g, caeda, enemy)
    assert g.unit(enemy.id) is enemy and triggered(g, n) == []
    # Her attack destroying: it triggers (the same board with a weak enemy).
    g, caeda, enemy, m1, cards = _persuasion_board()
    n = len(g.events)
    declare(g, caeda, enemy)
    finish(g)
    assert triggered(g, n) == ["Persuasion"]


@pytest.mark.card(LOVE)
def test_persuasion_not_when_an_enemy_attacking_her_is_beaten():
    g, caeda, enemy, m1, cards = _persuasion_board(turn=3, player=1)
    n = len(g.events)
    j = fight(g, enemy, caeda)
    assert not j.attacker_wins and triggered(g, n) == []
    # In her turn, her attack destroying the same enemy triggers it.
    next_turn(g)
    n = len(g.events)
    declare(g, caeda, enemy)
    finish(g)
    assert triggered(g, n) == ["Persuasion"] and g.decision.kind == "may"


# --------------------------------------------------------------------------- Heavens Flier
@pytest.mark.card(LOVE)
def test_heavens_flier_moves_caeda_without_tapping_once_per_turn():
    g, m0, m1 = board()
    caeda = add_unit(g, 0, C(LOVE))
    begin(g)
    use(g, caeda, "Heavens Flier")
    assert caeda.area == "back" and not caeda.tapped
    assert g.decision.kind == "action"
    assert "once per turn" in use_refused(g, caeda, "Heavens Flier")
    # Next turn of hers: again (back to the front line), then she can still attack.
    next_turn(g)
    next_turn(g)
    use(g, caeda, "Heavens Flier")
    assert caeda.area == "front" and can_attack(g, caeda, m1)


@pytest.mark.card(LOVE)
def test_heavens_flier_only_while_caeda_is_untapped():
    g, m0, m1 = board()
    caeda = add_unit(g, 0, C(LOVE), area="back")
    enemy = add_unit(g, 1, foe("Enemy", attack=10))
    begin(g)
    use(g, caeda, "Heavens Flier")
    assert caeda.area == "front"
    fight(g, caeda, enemy)
    assert caeda.tapped
    assert "once per turn" in use_refused(g, caeda, "Heavens Flier")
    # A tapped Caeda that has not used it this turn: refused by its condition.
    g, m0, m1 = board()
    caeda = add_unit(g, 0, C(LOVE), tapped=True)
    begin(g)
    assert "condition" in use_refused(g, caeda, "Heavens Flier")
    assert caeda.area == "front"


# --------------------------------------------------------------------------- Wing Spear
@pytest.mark.card(SOUL)
@pytest.mark.parametrize("kind", ["beast", "armored"])
def test_wing_spear_plus_20_when_attacking_a_beast_or_armored_unit(kind):
    g, m0, m1 = board()
    caeda = add_unit(g, 0, C(SOUL))
    target = add_unit(g, 1, foe("Target", types=(kind,), attack=60))
    begin(g)
    j = fight(g, caeda, target)
    assert j.attacker_power == 40 + 20 + 10 and j.attacker_wins
    assert g.attack(caeda) == 40


@pytest.mark.card(SOUL)
def test_wing_spear_not_against_other_units_nor_in_defence():
    g, m0, m1 = board()
    caeda = add_unit(g, 0, C(SOUL))
    flier = add_unit(g, 1, foe("Flier", types=("flier",), attack=60))
    begin(g)
    assert fight(g, caeda, flier).attacker_power == 40 + 10
    g, m0, m1 = board()
    caeda = add_unit(g, 0, C(SOUL))
    knight = add_unit(g, 1, foe("Knight", types=("armored",), attack=60))
    begin(g, turn=3, player=1)
    j = fight(g, knight, caeda)
    assert j.defender_power == 40 + 10 and j.attacker_wins
    # Attacking that armored unit: +20.
    g, m0, m1 = board()
    caeda = add_unit(g, 0, C(SOUL))
    knight = add_unit(g, 1, foe("Knight", types=("armored",), attack=60))
    begin(g)
    assert fight(g, caeda, knight).attacker_power == 40 + 20 + 10


# --------------------------------------------------------------------------- Winged Deliverer
@pytest.mark.card(SOUL)
def test_winged_deliverer_taps_caeda_and_moves_another_ally():
    g, m0, m1 = board()
    caeda = add_unit(g, 0, C(SOUL))
    tired = add_unit(g, 0, foe("Tired", attack=60), area="back", tapped=True)
    add_unit(g, 1, foe("Enemy"))
    begin(g)
    use(g, caeda, "Winged Deliverer")
    assert caeda.tapped and caeda.area == "front"
    assert unit_choices(g) == {m0.id, tired.id}       # other allies, tapped or not; not Caeda, no enemy
    choose_units(g, tired)
    assert tired.area == "front" and tired.tapped
    assert g.decision.kind == "action"
    # Caeda is tapped now: not again.
    assert "cost" in use_refused(g, caeda, "Winged Deliverer")


@pytest.mark.card(SOUL)
def test_winged_deliverer_needs_caeda_untapped():
    g, m0, m1 = board()
    caeda = add_unit(g, 0, C(SOUL), tapped=True)
    begin(g)
    assert "cost" in use_refused(g, caeda, "Winged Deliverer")
    g, m0, m1 = board()
    caeda = add_unit(g, 0, C(SOUL))
    begin(g)
    use(g, caeda, "Winged Deliverer")
    choose_units(g, m0)
    assert m0.area == "back" and not can_attack(g, m0, m1)

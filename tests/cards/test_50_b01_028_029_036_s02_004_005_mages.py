"""Merric (B01-028ST, B01-029ST), Linde (B01-036ST), Miriel (S02-004ST), Ricken
(S02-005ST): "Excalibur" / "Elwind" (granting "Anti-Fliers"), "The Supreme Wind Magic",
"Thunder", "Magical Research" (the Magic Emblems are in test_51)."""
import pytest

from fecipher.engine import events as ev
from helpers import (
    C, FILLER, add_bonds, add_cards, add_unit, begin, board, card_choices, face_up_bonds, fight, foe, next_turn,
    pick, skill_names, use, use_refused,
)

GALE, WIND, LINDE, MIRIEL, RICKEN = "B01-028ST", "B01-029ST", "B01-036ST", "S02-004ST", "S02-005ST"

GRANTERS = [pytest.param(GALE, "Excalibur", marks=pytest.mark.card(GALE), id=GALE),
            pytest.param(WIND, "Excalibur", marks=pytest.mark.card(WIND), id=WIND),
            pytest.param(RICKEN, "Elwind", marks=pytest.mark.card(RICKEN), id=RICKEN)]


# --------------------------------------------------------------------------- Excalibur / Elwind
def _mage_board(code, bonds=2, flier_attack=50):
    g, m0, m1 = board()
    mage = add_unit(g, 0, C(code), area="back")
    flier = add_unit(g, 1, foe("Pegasus", types=("flier",), attack=flier_attack))
    add_bonds(g, 0, *[FILLER] * bonds)
    begin(g)
    return g, mage, flier, m1


@pytest.mark.parametrize("code,skill", GRANTERS)
def test_granted_anti_fliers_plus_30_against_fliers_until_the_end_of_the_turn(code, skill):
    g, mage, flier, m1 = _mage_board(code, bonds=1, flier_attack=80)
    assert "Anti-Fliers" not in skill_names(g, mage)
    use(g, mage, skill)
    assert face_up_bonds(g, 0) == 0
    assert "Anti-Fliers" in skill_names(g, mage)
    base = C(code).attack
    j = fight(g, mage, flier)
    assert j.attacker_power == base + 30 + 10
    assert g.attack(mage) == base                       # only while attacking a flier
    next_turn(g)
    assert "Anti-Fliers" not in skill_names(g, mage)


@pytest.mark.parametrize("code,skill", GRANTERS)
def test_granted_anti_fliers_not_against_others_and_not_without_the_skill(code, skill):
    base = C(code).attack
    g, mage, flier, m1 = _mage_board(code)
    assert fight(g, mage, flier).attacker_power == base + 10     # not used: no bonus
    g, mage, flier, m1 = _mage_board(code)
    use(g, mage, skill)
    pick(g, "card", card=g.players[0].bonds[0].copy)
    assert fight(g, mage, m1).attacker_power == base + 10        # not a flier


@pytest.mark.parametrize("code,skill", GRANTERS)
def test_excalibur_once_per_turn(code, skill):
    g, mage, flier, m1 = _mage_board(code)
    use(g, mage, skill)
    pick(g, "card", card=g.players[0].bonds[0].copy)
    assert "once per turn" in use_refused(g, mage, skill)
    g, mage, flier, m1 = _mage_board(code, bonds=0)
    assert "cost" in use_refused(g, mage, skill)


# --------------------------------------------------------------------------- The Supreme Wind Magic
def _wind_board(enemy_attack=30):
    g, m0, m1 = board()
    merric = add_unit(g, 0, C(GALE), area="back")
    enemy = add_unit(g, 1, foe("Enemy", attack=enemy_attack))
    add_bonds(g, 0, FILLER)
    begin(g)
    return g, merric, enemy, m1


@pytest.mark.card(GALE)
def test_supreme_wind_magic_draws_when_destroying_after_excalibur():
    g, merric, enemy, m1 = _wind_board()
    use(g, merric, "Excalibur")
    n = len(g.events)
    fight(g, merric, enemy)
    assert g.unit(enemy.id) is None
    drew = [e for e in g.events[n:] if isinstance(e, ev.Drew)]
    assert len(drew) == 1 and drew[0].player == 0
    assert len(g.players[0].hand) == 1


@pytest.mark.card(GALE)
def test_supreme_wind_magic_on_the_main_character_too():
    g, merric, enemy, m1 = _wind_board()
    use(g, merric, "Excalibur")
    fight(g, merric, m1)
    assert len(g.players[1].orbs) == 4
    assert len(g.players[0].hand) == 1


@pytest.mark.card(GALE)
def test_supreme_wind_magic_needs_excalibur_this_turn_and_a_destruction():
    g, merric, enemy, m1 = _wind_board()
    fight(g, merric, enemy)                              # no Excalibur
    assert g.unit(enemy.id) is None and g.players[0].hand == []
    g, merric, enemy, m1 = _wind_board(enemy_attack=90)
    use(g, merric, "Excalibur")
    fight(g, merric, enemy)                              # not destroyed
    assert g.players[0].hand == []
    g, merric, enemy, m1 = _wind_board()
    use(g, merric, "Excalibur")
    fight(g, merric, enemy)
    assert len(g.players[0].hand) == 1


@pytest.mark.card(GALE)
def test_supreme_wind_magic_excalibur_of_an_earlier_turn_does_not_count():
    g, merric, enemy, m1 = _wind_board()
    use(g, merric, "Excalibur")
    next_turn(g)
    next_turn(g)
    hand = len(g.players[0].hand)
    fight(g, merric, enemy)
    assert g.unit(enemy.id) is None and len(g.players[0].hand) == hand


# --------------------------------------------------------------------------- Thunder
@pytest.mark.card(LINDE)
def test_thunder_plus_10_until_the_end_of_the_turn_once_per_turn():
    g, m0, m1 = board()
    linde = add_unit(g, 0, C(LINDE), area="back")
    add_bonds(g, 0, FILLER, FILLER)
    begin(g)
    use(g, linde, "Thunder")
    pick(g, "card", card=g.players[0].bonds[1].copy)
    assert g.attack(linde) == 40 and face_up_bonds(g, 0) == 1
    assert "once per turn" in use_refused(g, linde, "Thunder")
    assert fight(g, linde, m1).attacker_power == 40 + 10
    next_turn(g)
    assert g.attack(linde) == 30


@pytest.mark.card(LINDE)
def test_thunder_needs_a_face_up_bond():
    g, m0, m1 = board()
    linde = add_unit(g, 0, C(LINDE), area="back")
    begin(g)
    assert "cost" in use_refused(g, linde, "Thunder")


# --------------------------------------------------------------------------- Magical Research
@pytest.mark.card(MIRIEL)
def test_magical_research_taps_and_sends_a_card_from_the_hand_then_draws_1():
    g, m0, m1 = board()
    miriel = add_unit(g, 0, C(MIRIEL), area="back")
    a, b = add_cards(g, 0, "hand", foe("A"), foe("B"))
    top = g.players[0].deck[0]
    begin(g)
    use(g, miriel, "Magical Research")
    assert card_choices(g) == {a.id, b.id}
    pick(g, "card", card=b)
    assert miriel.tapped
    assert g.players[0].retreat == [b]
    assert g.players[0].hand == [a, top]
    assert "cost" in use_refused(g, miriel, "Magical Research")   # tapped now


@pytest.mark.card(MIRIEL)
def test_magical_research_needs_a_card_in_hand():
    g, m0, m1 = board()
    miriel = add_unit(g, 0, C(MIRIEL), area="back")
    begin(g)
    assert "cost" in use_refused(g, miriel, "Magical Research")
    g, m0, m1 = board()
    miriel = add_unit(g, 0, C(MIRIEL), area="back")
    only, = add_cards(g, 0, "hand", foe("Only"))
    begin(g)
    use(g, miriel, "Magical Research")                # the only card pays, no choice
    assert g.players[0].retreat == [only] and len(g.players[0].hand) == 1

"""Minerva B01-030R "Wyvern Whip" and "Iote's Shield", B01-031N "Winds of Macedon" and its
Flying Emblem; Maria B01-032HN "Fortify", B01-033N "Heal", "Maria's Wish" and its Miracle
Emblem."""
import pytest

from helpers import (
    C, add_bonds, add_cards, add_unit, begin, board, card_choices, fight, foe, next_turn,
    pick, skill_names, use, use_refused,
)
from helpers_more_a import RED, check_flying_emblem, check_miracle_emblem, pick_bonds

PRINCESS, LEADER, BISHOP, YOUNGER = "B01-030R", "B01-031N", "B01-032HN", "B01-033N"
FLIER = dict(types=("flier",))


# --------------------------------------------------------------------------- Wyvern Whip
@pytest.mark.card(PRINCESS)
def test_wyvern_whip_plus_10_for_each_other_flier_ally():
    g, m0, m1 = board()
    minerva = add_unit(g, 0, C(PRINCESS))
    add_unit(g, 0, C("B01-006ST"), area="back")                 # a flier ally
    peg = add_unit(g, 0, foe("Pegasus", **FLIER), area="back")  # another
    add_unit(g, 1, foe("Enemy Flier", **FLIER))                 # enemies do not count
    add_unit(g, 0, foe("Walker"), area="back")                  # nor non-fliers
    begin(g)
    assert g.attack(minerva) == 50 + 20
    assert fight(g, minerva, m1).attacker_power == 70 + 10
    assert g.attack(peg) == 50                                  # only Minerva gains


@pytest.mark.card(PRINCESS)
def test_wyvern_whip_counts_whenever_asked():
    g, m0, m1 = board(None, foe("Brute", attack=100))
    minerva = add_unit(g, 0, C(PRINCESS))
    peg = add_unit(g, 0, foe("Pegasus", attack=30, **FLIER))
    begin(g, turn=3, player=1)
    assert g.attack(minerva) == 60
    fight(g, m1, peg)
    assert g.unit(peg.id) is None and g.attack(minerva) == 50
    # Alone, she has her printed attack.
    g, m0, m1 = board()
    minerva = add_unit(g, 0, C(PRINCESS))
    begin(g)
    assert g.attack(minerva) == 50


# --------------------------------------------------------------------------- Iote's Shield
def _shield_board(enemy_brute=False):
    g, m0, m1 = board(None, foe("Brute", attack=100) if enemy_brute else None)
    minerva = add_unit(g, 0, C(PRINCESS))
    caeda = add_unit(g, 0, C("B01-006ST"))                      # a flier, attack 30
    gordin = add_unit(g, 1, C("B01-014ST"), area="back")        # Anti-Fliers, attack 30, range 2
    own_archer = add_unit(g, 0, C("B01-014ST"), area="back")    # an ally's Anti-Fliers
    enemy_flier = add_unit(g, 1, foe("Enemy Flier", attack=40, **FLIER))
    begin(g, turn=3, player=1)
    return g, m0, m1, minerva, caeda, gordin, own_archer, enemy_flier


@pytest.mark.card(PRINCESS)
def test_iotes_shield_enemies_lose_anti_fliers():
    g, m0, m1, minerva, caeda, gordin, own_archer, enemy_flier = _shield_board()
    assert "Anti-Fliers" not in skill_names(g, gordin)
    assert "Anti-Fliers" in skill_names(g, own_archer)          # allies keep theirs
    j = fight(g, gordin, caeda)
    assert j.attacker_power == 30 + 10                          # no +30 against the flier
    # Her own side's Anti-Fliers still works.
    next_turn(g)
    assert fight(g, own_archer, enemy_flier).attacker_power == 30 + 30 + 10


@pytest.mark.card(PRINCESS)
def test_iotes_shield_ends_when_minerva_leaves_the_field():
    g, m0, m1, minerva, caeda, gordin, own_archer, enemy_flier = _shield_board(enemy_brute=True)
    assert "Anti-Fliers" not in skill_names(g, gordin)
    fight(g, m1, minerva)
    assert g.unit(minerva.id) is None
    assert "Anti-Fliers" in skill_names(g, gordin)
    assert fight(g, gordin, caeda).attacker_power == 30 + 30 + 10


@pytest.mark.card(PRINCESS)
def test_iotes_shield_an_acquired_anti_fliers_is_lost_too():
    g, m0, m1 = board()
    add_unit(g, 0, C(PRINCESS))
    caeda = add_unit(g, 0, C("B01-006ST"))
    merric = add_unit(g, 1, C("B01-029ST"))                     # "Excalibur" grants Anti-Fliers
    add_bonds(g, 1, RED)
    begin(g, turn=3, player=1)
    use(g, merric, "Excalibur")
    assert "Anti-Fliers" not in skill_names(g, merric)
    assert fight(g, merric, caeda).attacker_power == 30 + 10
    # Without Minerva the same Excalibur grants it.
    g, m0, m1 = board()
    caeda = add_unit(g, 0, C("B01-006ST"))
    merric = add_unit(g, 1, C("B01-029ST"))
    add_bonds(g, 1, RED)
    begin(g, turn=3, player=1)
    use(g, merric, "Excalibur")
    assert "Anti-Fliers" in skill_names(g, merric)
    assert fight(g, merric, caeda).attacker_power == 30 + 30 + 10


# --------------------------------------------------------------------------- Winds of Macedon
@pytest.mark.card(LEADER)
def test_winds_of_macedon_plus_10_with_2_or_more_other_flier_allies():
    g, m0, m1 = board()
    minerva = add_unit(g, 0, C(LEADER))
    add_unit(g, 0, foe("Pegasus A", **FLIER), area="back")
    add_unit(g, 0, foe("Pegasus B", **FLIER), area="back")
    begin(g)
    assert g.attack(minerva) == 40
    assert fight(g, minerva, m1).attacker_power == 40 + 10


@pytest.mark.card(LEADER)
def test_winds_of_macedon_not_with_1_other_flier_ally_nor_counting_enemies():
    g, m0, m1 = board()
    minerva = add_unit(g, 0, C(LEADER))
    add_unit(g, 0, foe("Pegasus A", **FLIER), area="back")
    add_unit(g, 1, foe("Enemy Pegasus", **FLIER))
    add_unit(g, 1, foe("Enemy Pegasus 2", **FLIER), area="back")
    begin(g)
    assert g.attack(minerva) == 30                              # herself and enemies do not count
    add_unit(g, 0, foe("Pegasus B", **FLIER), area="back")      # a second other flier ally
    g.invalidate()
    assert g.attack(minerva) == 40


@pytest.mark.card(LEADER)
def test_minerva_flying_emblem():
    check_flying_emblem(LEADER)


# --------------------------------------------------------------------------- Fortify
def _fortify_board(bonds=3, tapped=False, retreat=None):
    g, m0, m1 = board()
    maria = add_unit(g, 0, C(BISHOP), area="back", tapped=tapped)
    cards = add_cards(g, 0, "retreat", *(retreat or (
        C(YOUNGER), C("B01-003ST"), C("B01-056HN"), foe("Other"), C("B01-001SR"))))
    add_cards(g, 1, "retreat", foe("Enemy Card"))
    add_bonds(g, 0, *[RED] * bonds)
    begin(g)
    return g, maria, cards


@pytest.mark.card(BISHOP)
def test_fortify_returns_2_non_maria_cards_with_different_unit_names():
    g, maria, (younger, marth, lucina, other, marth2) = _fortify_board()
    use(g, maria, "Fortify")
    assert maria.tapped and sum(b.face_up for b in g.players[0].bonds) == 0
    assert card_choices(g) == {marth.id, lucina.id, other.id, marth2.id}     # no Maria, no enemy card
    pick(g, "card", card=marth)
    # Another "Marth" (Lucina is also named "Marth") cannot be the second card.
    assert card_choices(g) == {other.id}
    pick(g, "card", card=other)
    assert g.players[0].hand == [marth, other]
    assert g.players[0].retreat == [younger, lucina, marth2]
    assert g.decision.kind == "action"


@pytest.mark.card(BISHOP)
def test_fortify_with_a_single_unit_name_returns_1_card():
    g, maria, (younger, a, b) = _fortify_board(retreat=(C(YOUNGER), C("B01-003ST"), C("B01-001SR")))
    use(g, maria, "Fortify")
    pick(g, "card", card=b)
    assert g.players[0].hand == [b] and g.decision.kind == "action"


@pytest.mark.card(BISHOP)
def test_fortify_needs_maria_untapped_and_3_face_up_bonds():
    g, maria, cards = _fortify_board(bonds=2)
    assert "cost" in use_refused(g, maria, "Fortify")
    g, maria, cards = _fortify_board(tapped=True)
    assert "cost" in use_refused(g, maria, "Fortify")
    g, maria, cards = _fortify_board(bonds=4)
    use(g, maria, "Fortify")
    pick_bonds(g, 3)
    assert sum(b.face_up for b in g.players[0].bonds) == 1
    assert g.decision.kind == "choose"


# --------------------------------------------------------------------------- Heal
def _heal_board(bonds=2, tapped=False):
    g, m0, m1 = board()
    maria = add_unit(g, 0, C(YOUNGER), area="back", tapped=tapped)
    cards = add_cards(g, 0, "retreat", C(BISHOP), C("B01-001SR"), foe("Other"))
    add_bonds(g, 0, *[RED] * bonds)
    begin(g)
    return g, maria, cards


@pytest.mark.card(YOUNGER)
def test_heal_returns_a_non_maria_card_from_the_retreat_area():
    g, maria, (bishop, marth, other) = _heal_board()
    use(g, maria, "Heal")
    assert maria.tapped and sum(b.face_up for b in g.players[0].bonds) == 0
    assert card_choices(g) == {marth.id, other.id}
    pick(g, "card", card=marth)                        # any cost
    assert g.players[0].hand == [marth] and g.players[0].retreat == [bishop, other]
    assert g.decision.kind == "action"


@pytest.mark.card(YOUNGER)
def test_heal_needs_maria_untapped_and_2_face_up_bonds():
    g, maria, cards = _heal_board(bonds=1)
    assert "cost" in use_refused(g, maria, "Heal")
    g, maria, cards = _heal_board(tapped=True)
    assert "cost" in use_refused(g, maria, "Heal")


# --------------------------------------------------------------------------- Maria's Wish
@pytest.mark.card(YOUNGER)
def test_marias_wish_minerva_and_michalis_allies_plus_10():
    g, m0, m1 = board()
    add_unit(g, 0, C(YOUNGER), area="back")
    minerva = add_unit(g, 0, C(LEADER))
    michalis = add_unit(g, 0, foe("Michalis", attack=60), area="back")
    other = add_unit(g, 0, foe("Other", attack=40), area="back")
    enemy_minerva = add_unit(g, 1, C(PRINCESS))
    begin(g)
    assert (g.attack(minerva), g.attack(michalis), g.attack(other), g.attack(m0)) == (40, 70, 40, 50)
    assert g.attack(enemy_minerva) == 50
    assert fight(g, minerva, m1).attacker_power == 40 + 10
    next_turn(g)
    assert g.attack(minerva) == 40                     # in the opponent's turn too


@pytest.mark.card(YOUNGER)
def test_maria_miracle_emblem():
    check_miracle_emblem(YOUNGER)

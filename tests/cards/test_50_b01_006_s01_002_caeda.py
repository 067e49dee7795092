"""Caeda: B01-006ST "Princess's Charisma" (its support skill is in test_51), S01-002ST
"Wyvern's Wings" and "Javelin"."""
import pytest

from fecipher.engine import events as ev
from helpers import (
    C, FILLER, add_bonds, add_cards, add_unit, attack_refused, begin, board, can_attack, card, card_choices, choose_units,
    face_up_bonds, fight, foe, next_turn, no, pick, unit_choices, use, use_refused, yes,
)

TALYS = "B01-006ST"
SOARING = "S01-002ST"


# --------------------------------------------------------------------------- Princess's Charisma
@pytest.mark.card(TALYS)
def test_princess_charisma_taps_two_and_gives_another_ally_plus_10_until_the_end_of_the_turn():
    g, m0, m1 = board()
    caeda = add_unit(g, 0, C(TALYS))
    a = add_unit(g, 0, foe("Ally", attack=40))
    begin(g)
    use(g, caeda, "Princess's Charisma")
    # Cost: tap 1 other ally, chosen among the untapped others.
    assert unit_choices(g) == {m0.id, a.id}
    choose_units(g, a)
    assert caeda.tapped and a.tapped and not m0.tapped
    # Effect: 1 other ally (not Caeda), tapped or not.
    assert unit_choices(g) == {m0.id, a.id}
    choose_units(g, m0)
    assert g.attack(m0) == 60 and g.attack(a) == 40 and g.attack(caeda) == 30
    j = fight(g, m0, m1)
    assert j.attacker_power == 60 + 10
    # Until the end of the turn.
    next_turn(g)
    assert g.attack(m0) == 50


@pytest.mark.card(TALYS)
def test_princess_charisma_may_boost_the_ally_tapped_for_its_cost():
    g, m0, m1 = board()
    caeda = add_unit(g, 0, C(TALYS))
    begin(g)
    use(g, caeda, "Princess's Charisma")   # the MC is the only other ally: tapped without a choice
    assert m0.tapped
    choose_units(g, m0)
    assert g.attack(m0) == 60


@pytest.mark.card(TALYS)
def test_princess_charisma_needs_another_untapped_ally_and_an_untapped_caeda():
    g, m0, m1 = board()
    m0.tapped = True
    caeda = add_unit(g, 0, C(TALYS))
    begin(g)
    assert "cost" in use_refused(g, caeda, "Princess's Charisma")
    g, m0, m1 = board()
    caeda = add_unit(g, 0, C(TALYS), tapped=True)
    begin(g)
    assert "cost" in use_refused(g, caeda, "Princess's Charisma")
    g, m0, m1 = board()
    caeda = add_unit(g, 0, C(TALYS))
    begin(g)
    use(g, caeda, "Princess's Charisma")
    assert caeda.tapped and m0.tapped


# --------------------------------------------------------------------------- Wyvern's Wings
def _wings_board(*hand, bonds=4):
    g, m0, m1 = board()
    caeda = add_unit(g, 0, C(SOARING))
    a = add_unit(g, 0, foe("Front Ally"))
    b = add_unit(g, 0, foe("Back Ally"), area="back")
    copies = add_cards(g, 0, "hand", *hand)
    add_bonds(g, 0, *[FILLER] * bonds)
    begin(g, phase="deployment")
    return g, m0, caeda, a, b, copies


@pytest.mark.card(SOARING)
def test_wyverns_wings_moves_any_number_of_allies_when_a_cost_2_or_less_ally_is_deployed():
    g, m0, caeda, a, b, (x,) = _wings_board(card("Recruit", cost=2))
    pick(g, "deploy", card=x, area="back")
    yes(g)
    new = g.players[0].back[-1]
    # Any ally: Caeda herself, the MC, the unit just deployed.
    assert unit_choices(g) == {m0.id, caeda.id, a.id, b.id, new.id}
    choose_units(g, a, b, caeda, done=True)
    assert (a.area, b.area, caeda.area, m0.area, new.area) == ("back", "front", "back", "front", "back")
    assert not any(u.tapped for u in g.players[0].units)
    assert g.decision.kind == "deployment"


@pytest.mark.card(SOARING)
def test_wyverns_wings_each_time_and_optional():
    g, m0, caeda, a, b, (x, y) = _wings_board(card("Recruit A", cost=1), card("Recruit B", cost=1))
    pick(g, "deploy", card=x, area="front")
    no(g)
    assert a.area == "front"
    pick(g, "deploy", card=y, area="front")
    yes(g)
    choose_units(g, a, done=True)
    assert a.area == "back"
    assert [t.skill for t in g.events if isinstance(t, ev.SkillTriggered)] == ["Wyvern's Wings"] * 2


@pytest.mark.card(SOARING)
def test_wyverns_wings_may_choose_no_ally():
    g, m0, caeda, a, b, (x,) = _wings_board(card("Recruit", cost=1))
    pick(g, "deploy", card=x, area="front")
    yes(g)
    pick(g, "pass")
    assert (a.area, b.area) == ("front", "back") and g.decision.kind == "deployment"


@pytest.mark.card(SOARING)
def test_wyverns_wings_not_for_a_cost_3_ally():
    g, m0, caeda, a, b, (big, x) = _wings_board(card("Veteran", cost=3), card("Recruit", cost=1))
    pick(g, "deploy", card=big, area="front")
    assert g.decision.kind == "deployment"
    pick(g, "deploy", card=x, area="front")
    assert g.decision.kind == "may"


# --------------------------------------------------------------------------- Javelin
@pytest.mark.card(SOARING)
def test_javelin_gives_range_1_2_until_the_end_of_the_turn():
    g, m0, m1 = board()
    caeda = add_unit(g, 0, C(SOARING))
    e = add_unit(g, 1, foe("Archer", attack=30), area="back")
    add_bonds(g, 0, FILLER)
    begin(g)
    assert "range" in attack_refused(g, caeda, e)
    use(g, caeda, "Javelin")
    assert face_up_bonds(g, 0) == 0
    assert g.ranges(caeda) == {1, 2}
    assert can_attack(g, caeda, m1)                   # range 1 is kept
    j = fight(g, caeda, e)
    assert j.attacker_wins and g.unit(e.id) is None
    next_turn(g)
    assert g.ranges(caeda) == {1}


@pytest.mark.card(SOARING)
def test_javelin_has_no_use_limit_but_needs_a_face_up_bond():
    g, m0, m1 = board()
    caeda = add_unit(g, 0, C(SOARING))
    b1, b2 = add_bonds(g, 0, FILLER, FILLER)
    begin(g)
    use(g, caeda, "Javelin")
    assert card_choices(g) == {b1.copy.id, b2.copy.id}  # which bond to flip
    pick(g, "card", card=b2.copy)
    assert b1.face_up and not b2.face_up
    use(g, caeda, "Javelin")                          # rule 9: again while the cost can be paid
    assert face_up_bonds(g, 0) == 0
    assert "cost" in use_refused(g, caeda, "Javelin")
    assert g.ranges(caeda) == {1, 2}

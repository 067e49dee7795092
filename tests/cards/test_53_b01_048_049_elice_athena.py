"""Elice B01-048N "Aum" and "Elice's Wish"; Athena B01-049N "Swordswoman's Repayment" and
"Levin Sword"."""
import pytest

from fecipher.engine import events as ev
from helpers import (
    C, FILLER, add_bonds, add_cards, add_unit, begin, board, card, card_choices, events, fight, foe, next_turn,
    options, pick, skill_names, use, use_refused,
)
from helpers_more_a import RED, pick_bonds, unit_of

ELICE, ATHENA = "B01-048N", "B01-049N"


# --------------------------------------------------------------------------- Aum
def _aum_board(*retreat, bonds=2, tapped=False):
    g, m0, m1 = board()
    elice = add_unit(g, 0, C(ELICE), area="back", tapped=tapped)
    cards = add_cards(g, 0, "retreat", *retreat)
    add_cards(g, 1, "retreat", C("B01-003ST"))          # the opponent's Retreat Area is not searched
    add_bonds(g, 0, *[RED] * bonds)
    begin(g)
    return g, m0, elice, cards


@pytest.mark.card(ELICE)
def test_aum_deploys_a_red_card_with_cost_2_or_less_from_the_retreat_area():
    g, m0, elice, (marth, cain, blue, big, grey) = _aum_board(
        C("B01-003ST"), C("B01-002N"), C("B01-055ST"), C("B01-013ST"), foe("Colourless", cost=1))
    n = len(g.events)
    use(g, elice, "Aum")
    pick_bonds(g, 1)
    assert elice.tapped and sum(b.face_up for b in g.players[0].bonds) == 1
    # Red, cost 2 or less: not the blue Lucina, not cost-3 Gordin, not a colourless card.
    assert card_choices(g) == {marth.id, cain.id}
    pick(g, "card", card=cain)
    pick(g, "area", area="front")
    unit = unit_of(g, 0, cain)
    assert unit.area == "front" and cain not in g.players[0].retreat
    assert [e.card for e in events(g, ev.Deployed, since=n)] == [cain.id]
    assert g.decision.kind == "action"


@pytest.mark.card(ELICE)
def test_aum_cannot_be_used_again_for_the_rest_of_the_game_once_it_deployed():
    g, m0, elice, (marth, cain) = _aum_board(C("B01-003ST"), C("B01-002N"), bonds=4)
    use(g, elice, "Aum")
    pick_bonds(g, 1)
    pick(g, "card", card=marth)
    pick(g, "area", area="back")
    for _ in range(2):
        next_turn(g)
    # Untapped again, with bonds and a target: still not usable.
    assert not elice.tapped and sum(b.face_up for b in g.players[0].bonds) == 3
    assert "cannot be used" in use_refused(g, elice, "Aum")
    assert "Aum" in skill_names(g, elice)


@pytest.mark.card(ELICE)
def test_aum_lock_binds_an_elice_deployed_later():
    g, m0, m1 = board(None, foe("Lord 1", attack=90, ranges=(1, 2)))
    elice = add_unit(g, 0, C(ELICE), area="back")
    marth, = add_cards(g, 0, "retreat", C("B01-003ST"))
    new_elice, = add_cards(g, 0, "hand", C(ELICE))
    add_bonds(g, 0, RED, RED, RED)
    begin(g)
    use(g, elice, "Aum")
    pick_bonds(g, 1)
    pick(g, "card", card=marth)
    pick(g, "area", area="back")
    next_turn(g)
    fight(g, m1, elice)                                    # the opponent destroys Elice
    assert g.unit(elice.id) is None
    next_turn(g, "deployment")
    pick(g, "deploy", card=new_elice, area="back")
    pick(g, "pass")
    assert g.phase == "action"
    assert "cannot be used" in use_refused(g, unit_of(g, 0, new_elice), "Aum")


@pytest.mark.card(ELICE)
def test_aum_without_a_deployment_can_be_used_again():
    g, m0, elice, (blue,) = _aum_board(C("B01-055ST"), bonds=3)
    use(g, elice, "Aum")                                  # nothing to deploy: the cost is paid for nothing
    pick_bonds(g, 1)
    assert elice.tapped and g.decision.kind == "action"
    next_turn(g)
    next_turn(g)
    cain, = add_cards(g, 0, "retreat", C("B01-002N"))
    g.invalidate()
    use(g, elice, "Aum")
    pick_bonds(g, 1)
    pick(g, "card", card=cain)
    pick(g, "area", area="front")
    assert unit_of(g, 0, cain).area == "front"


@pytest.mark.card(ELICE)
def test_aum_needs_elice_untapped_and_a_face_up_bond():
    g, m0, elice, cards = _aum_board(C("B01-002N"), bonds=0)
    assert "cost" in use_refused(g, elice, "Aum")
    g, m0, elice, cards = _aum_board(C("B01-002N"), tapped=True)
    assert "cost" in use_refused(g, elice, "Aum")


@pytest.mark.card(ELICE, ATHENA)
def test_aum_cannot_deploy_athena_with_fewer_than_5_cards_in_the_retreat_area():
    g, m0, elice, (athena, marth) = _aum_board(C(ATHENA), C("B01-003ST"))
    n = len(g.events)
    use(g, elice, "Aum")
    pick_bonds(g, 1)
    # She cannot be deployed now (fewer than 5 cards in the Retreat Area): "choose ...; deploy
    # it" does not offer her (engine decision 14); Marth is offered and deployed.
    assert not options(g, "card", card=athena) and options(g, "card", card=marth)
    pick(g, "card", card=marth)
    pick(g, "area", area="front")
    assert unit_of(g, 0, marth).area == "front" and athena in g.players[0].retreat
    assert not events(g, ev.Deployed, since=n)[1:]
    # With 5 cards in the Retreat Area (she counts herself: she is there until deployed), Aum deploys her.
    g, m0, elice, (athena, *rest) = _aum_board(C(ATHENA), *[FILLER] * 4)
    use(g, elice, "Aum")
    pick_bonds(g, 1)
    pick(g, "card", card=athena)
    pick(g, "area", area="front")
    assert unit_of(g, 0, athena).area == "front"


# --------------------------------------------------------------------------- Elice's Wish
@pytest.mark.card(ELICE)
def test_elices_wish_marth_and_merric_allies_plus_10():
    g, m0, m1 = board()
    add_unit(g, 0, C(ELICE), area="back")
    marth = add_unit(g, 0, C("B01-003ST"))
    merric = add_unit(g, 0, C("B01-029ST"), area="back")
    other = add_unit(g, 0, foe("Other", attack=40), area="back")
    enemy_marth = add_unit(g, 1, C("B01-003ST"))
    begin(g)
    assert (g.attack(marth), g.attack(merric), g.attack(other), g.attack(m0)) == (50, 40, 40, 50)
    assert g.attack(enemy_marth) == 40
    assert fight(g, marth, m1).attacker_power == 50 + 10
    next_turn(g)
    assert g.attack(marth) == 50                         # in the opponent's turn too


@pytest.mark.card(ELICE, "B01-056HN")
def test_elices_wish_a_lucina_calling_herself_marth_is_a_marth():
    g, m0, m1 = board()
    add_unit(g, 0, C(ELICE), area="back")
    lucina = add_unit(g, 0, C("B01-056HN"))
    begin(g)
    assert g.attack(lucina) == 50


# --------------------------------------------------------------------------- Swordswoman's Repayment
def _athena_board(retreat):
    g, m0, m1 = board()
    athena, = add_cards(g, 0, "hand", C(ATHENA))
    add_cards(g, 0, "retreat", *[FILLER] * retreat)
    add_cards(g, 1, "retreat", *[FILLER] * 5)            # the opponent's do not count
    add_bonds(g, 0, RED, RED)
    begin(g, phase="deployment")
    return g, athena


@pytest.mark.card(ATHENA)
def test_swordswomans_repayment_deployed_only_with_5_or_more_cards_in_the_retreat_area():
    g, athena = _athena_board(4)
    assert options(g, "deploy", card=athena) == []
    g, athena = _athena_board(5)
    pick(g, "deploy", card=athena, area="front")
    assert unit_of(g, 0, athena).area == "front"


@pytest.mark.card(ATHENA)
def test_swordswomans_repayment_does_not_stop_a_level_up():
    # With an empty Retreat Area she cannot be deployed ...
    g, athena = _athena_board(0)
    assert options(g, "deploy", card=athena) == []
    # ... but she levels up an "Athena" unit (a level up is not a deployment).
    g, m0, m1 = board()
    old = add_unit(g, 0, card("Athena", "cost 1 vanilla", cost=1))
    athena, = add_cards(g, 0, "hand", C(ATHENA))
    add_bonds(g, 0, RED, RED)
    begin(g, phase="deployment")
    pick(g, "level_up", card=athena, unit=old)
    assert old.top is athena


# --------------------------------------------------------------------------- Levin Sword
@pytest.mark.card(ATHENA)
def test_levin_sword_minus_10_tome_and_range_1_2_until_the_end_of_the_turn():
    g, m0, m1 = board()
    athena = add_unit(g, 0, C(ATHENA), area="back")
    draug = add_unit(g, 1, C("B01-012ST"))               # Armor Expertise: +20 against non-tomes
    add_bonds(g, 0, RED, RED, RED)
    begin(g)
    assert g.ranges(athena) == frozenset({1})
    use(g, athena, "Levin Sword")
    pick_bonds(g, 1)
    assert g.attack(athena) == 50 and g.ranges(athena) == frozenset({1, 2})
    assert "tome" in g.types(athena) and "sword" in g.types(athena)
    assert not athena.tapped
    # No use limit.
    use(g, athena, "Levin Sword")
    pick_bonds(g, 1)
    assert g.attack(athena) == 40
    # From the back line at range 2; Draug gets no Armor Expertise against a tome.
    j = fight(g, athena, draug)
    assert j.attacker_power == 40 + 10 and j.defender_power == 30 + 10 and j.attacker_wins
    next_turn(g)
    assert g.attack(athena) == 60 and g.ranges(athena) == frozenset({1}) and "tome" not in g.types(athena)


@pytest.mark.card(ATHENA)
def test_levin_sword_needs_a_face_up_bond():
    g, m0, m1 = board()
    athena = add_unit(g, 0, C(ATHENA))
    add_bonds(g, 0, RED, face_up=False)
    begin(g)
    assert "cost" in use_refused(g, athena, "Levin Sword")

"""Marth: B01-003ST "Young Hero" (its support skill is in test_51), S01-001ST "Prince of
Light" and "Falchion"."""
import pytest

from fecipher.engine import events as ev
from helpers import (
    C, FILLER, add_bonds, add_cards, add_unit, begin, board, card, choose_units, fight, foe, next_turn, no, pick,
    unit_choices, use, use_refused, yes,
)

YOUNG = "B01-003ST"
STAR = "S01-001ST"


# --------------------------------------------------------------------------- Young Hero
@pytest.mark.card(YOUNG)
def test_young_hero_taps_marth_and_another_ally_and_moves_an_enemy():
    g, marth, m1 = board(C(YOUNG))
    a = add_unit(g, 0, foe("Ally A"))
    b = add_unit(g, 0, foe("Ally B"), area="back")
    e = add_unit(g, 1, foe("Enemy"))
    add_bonds(g, 0, FILLER, FILLER)
    begin(g)
    use(g, marth, "Young Hero")
    # Cost: tap 1 other ally (Marth is tapped by the cost too, so he is not offered).
    assert g.decision.kind == "choose" and unit_choices(g) == {a.id, b.id}
    choose_units(g, b)
    assert marth.tapped and b.tapped and not a.tapped
    # Effect: choose 1 enemy (only enemies are offered) and move it.
    assert unit_choices(g) == {m1.id, e.id}
    choose_units(g, e)
    assert e.area == "back" and m1.area == "front"
    assert not e.tapped                                  # a move by a skill does not tap
    assert all(bd.face_up for bd in g.players[0].bonds)  # no bond cost
    assert g.decision.kind == "action"


@pytest.mark.card(YOUNG)
def test_young_hero_moves_a_back_line_enemy_to_the_front_line():
    g, marth, m1 = board(C(YOUNG))
    add_unit(g, 0, foe("Ally"))
    e = add_unit(g, 1, foe("Enemy"), area="back")
    begin(g)
    use(g, marth, "Young Hero")
    choose_units(g, e)
    assert e.area == "front"


@pytest.mark.card(YOUNG)
def test_young_hero_moving_the_only_front_enemy_back_makes_the_enemy_march():
    g, marth, m1 = board(C(YOUNG))
    add_unit(g, 0, foe("Ally"))
    begin(g)
    use(g, marth, "Young Hero")
    choose_units(g, m1)
    # Rule 2: the non-turn player with no front-line unit marches at once.
    assert m1.area == "front"
    assert [type(e) for e in g.events[-2:]] == [ev.Marched, ev.SkillResolved]
    assert any(isinstance(e, ev.Moved) and e.unit == m1.id and e.dest == "back" for e in g.events)


@pytest.mark.card(YOUNG)
def test_young_hero_only_from_the_front_line():
    g, m0, m1 = board()
    marth = add_unit(g, 0, C(YOUNG), area="back")
    begin(g)
    assert "condition" in use_refused(g, marth, "Young Hero")
    # The same Marth in the front line may use it.
    g, m0, m1 = board()
    marth = add_unit(g, 0, C(YOUNG))
    begin(g)
    use(g, marth, "Young Hero")
    assert marth.tapped and m0.tapped


@pytest.mark.card(YOUNG)
def test_young_hero_cost_needs_marth_and_another_ally_untapped():
    # No other ally at all.
    g, marth, m1 = board(C(YOUNG))
    begin(g)
    assert "cost" in use_refused(g, marth, "Young Hero")
    # The other ally is tapped.
    g, marth, m1 = board(C(YOUNG))
    add_unit(g, 0, foe("Ally"), tapped=True)
    begin(g)
    assert "cost" in use_refused(g, marth, "Young Hero")
    # Marth is tapped.
    g, marth, m1 = board(C(YOUNG))
    marth.tapped = True
    add_unit(g, 0, foe("Ally"))
    begin(g)
    assert "cost" in use_refused(g, marth, "Young Hero")
    # Untapped, with an untapped ally: offered.
    g, marth, m1 = board(C(YOUNG))
    add_unit(g, 0, foe("Ally"))
    begin(g)
    use(g, marth, "Young Hero")
    assert g.decision.kind == "choose"


# --------------------------------------------------------------------------- Prince of Light
def _deploy_board(*hand, enemy_back=True, bonds=4):
    g, m0, m1 = board()
    star = add_unit(g, 0, C(STAR))
    e = add_unit(g, 1, foe("Enemy Back"), area="back") if enemy_back else None
    f = add_unit(g, 1, foe("Enemy Front"))
    copies = add_cards(g, 0, "hand", *hand)
    add_bonds(g, 0, *[FILLER] * bonds)
    begin(g, phase="deployment")
    return g, star, e, f, copies


@pytest.mark.card(STAR)
def test_prince_of_light_moves_an_enemy_in_the_back_line_when_a_cost_2_or_less_ally_is_deployed():
    g, star, e, f, (x,) = _deploy_board(card("Recruit", cost=2))
    pick(g, "deploy", card=x, area="front")
    yes(g)
    # Only enemies in the back line can be chosen.
    assert unit_choices(g) == {e.id}
    choose_units(g, e)
    assert e.area == "front" and f.area == "front"
    assert g.decision.kind == "deployment"


@pytest.mark.card(STAR)
def test_prince_of_light_is_optional():
    g, star, e, f, (x,) = _deploy_board(card("Recruit", cost=1))
    pick(g, "deploy", card=x, area="back")
    assert g.decision.kind == "may"
    no(g)
    assert e.area == "back" and g.decision.kind == "deployment"


@pytest.mark.card(STAR)
def test_prince_of_light_once_per_turn():
    g, star, e, f, (x, y) = _deploy_board(card("Recruit A", cost=1), card("Recruit B", cost=1))
    e2 = add_unit(g, 1, foe("Enemy Back 2"), area="back")
    pick(g, "deploy", card=x, area="front")
    yes(g)
    choose_units(g, e)
    assert e.area == "front"
    pick(g, "deploy", card=y, area="front")
    # The second deployment of the turn does not trigger it again.
    assert g.decision.kind == "deployment"
    assert e2.area == "back"
    assert [t.skill for t in g.events if isinstance(t, ev.SkillTriggered)] == ["Prince of Light"]


@pytest.mark.card(STAR)
def test_prince_of_light_declined_is_not_used_for_the_turn():
    g, star, e, f, (x, y) = _deploy_board(card("Recruit A", cost=1), card("Recruit B", cost=1))
    pick(g, "deploy", card=x, area="front")
    no(g)
    pick(g, "deploy", card=y, area="front")
    yes(g)
    choose_units(g, e)
    assert e.area == "front"


@pytest.mark.card(STAR)
def test_prince_of_light_again_on_a_later_turn():
    g, star, e, f, (x, y) = _deploy_board(card("Recruit A", cost=1), card("Recruit B", cost=1))
    pick(g, "deploy", card=x, area="front")
    yes(g)
    choose_units(g, e)
    next_turn(g, "action")      # player 2's turn
    relocated = add_unit(g, 1, foe("Enemy Back 2"), area="back")
    next_turn(g, "deployment")  # player 1's next turn
    pick(g, "deploy", card=y, area="front")
    yes(g)
    choose_units(g, relocated)
    assert relocated.area == "front"


@pytest.mark.card(STAR)
def test_prince_of_light_not_for_a_cost_3_deployment_a_level_up_or_an_enemy_deployment():
    g, star, e, f, (big, lvl) = _deploy_board(card("Veteran", cost=3), card("Lord 0", "level 2", cost=1),
                                              bonds=5)
    pick(g, "deploy", card=big, area="front")
    assert g.decision.kind == "deployment"
    pick(g, "level_up", card=lvl)
    assert g.decision.kind == "deployment"
    assert e.area == "back"
    assert not [t for t in g.events if isinstance(t, ev.SkillTriggered)]
    # The enemy's cost-1 deployment in their turn does not trigger it either.
    g, m0, m1 = board()
    star = add_unit(g, 0, C(STAR))
    e = add_unit(g, 1, foe("Enemy Back"), area="back")
    x, = add_cards(g, 1, "hand", card("Enemy Recruit", cost=1))
    add_bonds(g, 1, FILLER)
    begin(g, turn=3, player=1, phase="deployment")
    pick(g, "deploy", card=x, area="front")
    assert g.decision.kind == "deployment" and g.decision.player == 1
    # And the same deployment by Marth's owner does.
    g, star, e, f, (x,) = _deploy_board(card("Recruit", cost=1))
    pick(g, "deploy", card=x, area="front")
    assert g.decision.kind == "may"


# --------------------------------------------------------------------------- Falchion
@pytest.mark.card(STAR)
def test_falchion_plus_20_when_attacking_a_dragon():
    g, m0, m1 = board()
    star = add_unit(g, 0, C(STAR))
    dragon = add_unit(g, 1, foe("Wyrm", types=("dragon",), attack=90))
    begin(g)
    j = fight(g, star, dragon)
    assert j.attacker_power == 70 + 20 + 10
    assert j.attacker_wins and g.unit(dragon.id) is None
    assert g.attack(star) == 70                      # only while attacking


@pytest.mark.card(STAR)
def test_falchion_not_against_a_non_dragon_nor_when_attacked_by_a_dragon():
    g, m0, m1 = board()
    star = add_unit(g, 0, C(STAR))
    wyvern = add_unit(g, 1, foe("Wyvern", types=("flier",), attack=90))
    begin(g)
    j = fight(g, star, wyvern)
    assert j.attacker_power == 70 + 10 and not j.attacker_wins
    # Attacked by a dragon: no bonus.
    g, m0, m1 = board()
    star = add_unit(g, 0, C(STAR))
    dragon = add_unit(g, 1, foe("Wyrm", types=("dragon",), attack=70))
    begin(g, turn=3, player=1)
    j = fight(g, dragon, star)
    assert j.defender_power == 70 + 10
    # Attacking the same dragon: bonus.
    g, m0, m1 = board()
    star = add_unit(g, 0, C(STAR))
    dragon = add_unit(g, 1, foe("Wyrm", types=("dragon",), attack=70))
    begin(g)
    assert fight(g, star, dragon).attacker_power == 70 + 20 + 10

"""Draug B01-011HN "Impregnable Shield" and "Armor Expertise"; Wrys B01-015N "Vulnerary" and
its Miracle Emblem."""
import pytest

from fecipher.engine import events as ev
from helpers import (
    C, FILLER, add_bonds, add_unit, begin, board, declare, events, face_up_bonds, fight, finish,
    foe, next_turn, no, yes,
)
from helpers_more_a import check_miracle_emblem, triggered

DRAUG, WRYS = "B01-011HN", "B01-015N"


# --------------------------------------------------------------------------- Impregnable Shield
def _shield_board(*, draug_area="front", bonds=1, attacker_attack=60, weapon="sword", draug_tapped=False):
    g, m0, m1 = board()
    draug = add_unit(g, 0, C(DRAUG), area=draug_area, tapped=draug_tapped)
    ally = add_unit(g, 0, foe("Ally", attack=30))
    attacker = add_unit(g, 1, foe("Attacker", attack=attacker_attack, weapon=weapon,
                                   ranges=(1, 2) if weapon == "tome" else (1,)))
    add_bonds(g, 0, *[FILLER] * bonds)
    begin(g, turn=3, player=1)
    return g, m0, m1, draug, ally, attacker


@pytest.mark.card(DRAUG)
def test_impregnable_shield_draug_is_attacked_instead_of_another_ally():
    g, m0, m1, draug, ally, attacker = _shield_board()
    n = len(g.events)
    declare(g, attacker, m0)
    assert g.decision.kind == "may" and g.decision.player == 0
    yes(g)
    assert face_up_bonds(g, 0) == 0
    assert events(g, ev.DefenderChanged, since=n)[-1].defender == draug.id
    finish(g)
    j = events(g, ev.BattleJudged, since=n)[-1]
    # Draug defends (with Armor Expertise: 50 + 20 + 10 against 60 + 10) and survives.
    assert j.defender == draug.id and j.defender_power == 50 + 20 + 10 and not j.attacker_wins
    assert len(g.players[0].orbs) == 5 and g.unit(draug.id) is draug
    # "When attacked" skills do not trigger again: Impregnable Shield triggered once.
    assert triggered(g, n) == ["Impregnable Shield"]


@pytest.mark.card(DRAUG)
def test_impregnable_shield_range_is_not_checked_again_and_draug_may_be_destroyed():
    g, m0, m1 = board()
    draug = add_unit(g, 0, C(DRAUG))
    healer = add_unit(g, 0, foe("Back Ally", attack=20), area="back")
    archer = add_unit(g, 1, foe("Archer", attack=80, weapon="bow", ranges=(2,)))
    add_bonds(g, 0, FILLER)
    begin(g, turn=3, player=1)
    n = len(g.events)
    declare(g, archer, healer)
    yes(g)
    finish(g)
    # Draug (at range 1 of the archer) took the attack: 80 + 10 against 50 + 20 + 10.
    j = events(g, ev.BattleJudged, since=n)[-1]
    assert j.defender == draug.id and j.attacker_wins
    assert g.unit(draug.id) is None and g.unit(healer.id) is healer


@pytest.mark.card(DRAUG)
def test_impregnable_shield_is_optional():
    g, m0, m1, draug, ally, attacker = _shield_board()
    n = len(g.events)
    declare(g, attacker, ally)
    no(g)
    finish(g)
    assert events(g, ev.BattleJudged, since=n)[-1].defender == ally.id
    assert g.unit(ally.id) is None and face_up_bonds(g, 0) == 1


@pytest.mark.card(DRAUG)
def test_impregnable_shield_not_from_the_back_line_nor_without_a_bond_nor_for_draug_himself():
    # In the back line: nothing asked.
    g, m0, m1, draug, ally, attacker = _shield_board(draug_area="back")
    n = len(g.events)
    declare(g, attacker, m0)
    assert g.decision is None or g.decision.kind != "may"
    finish(g)
    assert events(g, ev.BattleJudged, since=n)[-1].defender == m0.id
    assert face_up_bonds(g, 0) == 1 and not events(g, ev.DefenderChanged, since=n)
    # No face-up bond: the cost cannot be paid.
    g, m0, m1, draug, ally, attacker = _shield_board(bonds=0)
    add_bonds(g, 0, FILLER, face_up=False)
    n = len(g.events)
    fight(g, attacker, m0)                                   # no question asked
    assert events(g, ev.BattleJudged, since=n)[-1].defender == m0.id
    assert not events(g, ev.DefenderChanged, since=n)
    # Draug himself attacked: "another ally" only.
    g, m0, m1, draug, ally, attacker = _shield_board()
    n = len(g.events)
    fight(g, attacker, draug)
    assert triggered(g, n) == [] and face_up_bonds(g, 0) == 1
    # A tapped Draug in the front line may take the attack (nothing asks him untapped).
    g, m0, m1, draug, ally, attacker = _shield_board(draug_tapped=True)
    n = len(g.events)
    declare(g, attacker, m0)
    yes(g)
    finish(g)
    assert events(g, ev.BattleJudged, since=n)[-1].defender == draug.id


@pytest.mark.card(DRAUG)
def test_impregnable_shield_not_when_an_enemy_is_attacked():
    g, m0, m1 = board()
    add_unit(g, 0, C(DRAUG))
    add_bonds(g, 0, FILLER)
    enemy = add_unit(g, 1, foe("Enemy", attack=10))
    attacker = add_unit(g, 0, foe("Attacker", attack=60))
    begin(g)
    n = len(g.events)
    fight(g, attacker, enemy)
    assert triggered(g, n) == [] and g.unit(enemy.id) is None
    # The same Draug when the opponent attacks his ally: asked.
    next_turn(g)
    declare(g, m1, attacker)
    assert g.decision.kind == "may" and g.decision.player == 0


# --------------------------------------------------------------------------- Armor Expertise
@pytest.mark.card(DRAUG)
def test_armor_expertise_plus_20_when_attacked_by_a_non_tome_unit_only():
    g, m0, m1 = board()
    draug = add_unit(g, 0, C(DRAUG))
    axe = add_unit(g, 1, foe("Axeman", attack=60, weapon="axe"))
    begin(g, turn=3, player=1)
    assert g.attack(draug) == 50
    j = fight(g, axe, draug)
    assert j.defender_power == 50 + 20 + 10 and not j.attacker_wins
    assert g.attack(draug) == 50
    # A tome attacker: no bonus.
    g, m0, m1 = board()
    draug = add_unit(g, 0, C(DRAUG))
    mage = add_unit(g, 1, foe("Mage", attack=60, weapon="tome", ranges=(1, 2)))
    begin(g, turn=3, player=1)
    j = fight(g, mage, draug)
    assert j.defender_power == 50 + 10 and j.attacker_wins
    # Attacking: no bonus.
    g, m0, m1 = board()
    draug = add_unit(g, 0, C(DRAUG))
    begin(g)
    assert fight(g, draug, m1).attacker_power == 50 + 10


# --------------------------------------------------------------------------- Vulnerary
def _vulnerary_board(*, wrys_tapped=False, wrys_mc=False):
    if wrys_mc:
        g, wrys, m1 = board(C(WRYS))
        wrys.tapped = wrys_tapped
        m0 = add_unit(g, 0, foe("Ally", attack=50))
    else:
        g, m0, m1 = board()
        wrys = add_unit(g, 0, C(WRYS), area="back", tapped=wrys_tapped)
    attacker = add_unit(g, 1, foe("Attacker", attack=60))
    begin(g, turn=3, player=1)
    return g, m0, m1, wrys, attacker


@pytest.mark.card(WRYS)
def test_vulnerary_wrys_is_destroyed_and_the_attacked_ally_gains_20_for_the_combat():
    g, m0, m1, wrys, attacker = _vulnerary_board()
    n = len(g.events)
    declare(g, attacker, m0)
    assert g.decision.kind == "may" and g.decision.player == 0
    yes(g)
    assert g.unit(wrys.id) is None and wrys.top in g.players[0].retreat
    finish(g)
    j = events(g, ev.BattleJudged, since=n)[-1]
    assert j.defender_power == 50 + 20 + 10 and not j.attacker_wins
    assert len(g.players[0].orbs) == 5
    assert g.attack(m0) == 50                              # until the end of the combat


@pytest.mark.card(WRYS)
def test_vulnerary_is_optional_and_needs_an_untapped_wrys():
    g, m0, m1, wrys, attacker = _vulnerary_board()
    n = len(g.events)
    declare(g, attacker, m0)
    no(g)
    finish(g)
    assert g.unit(wrys.id) is wrys and events(g, ev.BattleJudged, since=n)[-1].defender_power == 50 + 10
    assert len(g.players[0].orbs) == 4
    # Tapped: the cost cannot be paid, nothing is asked.
    g, m0, m1, wrys, attacker = _vulnerary_board(wrys_tapped=True)
    n = len(g.events)
    fight(g, attacker, m0)                                   # no question asked
    assert g.unit(wrys.id) is wrys and events(g, ev.BattleJudged, since=n)[-1].defender_power == 50 + 10


@pytest.mark.card(WRYS)
def test_vulnerary_not_when_wrys_himself_or_an_enemy_is_attacked():
    g, m0, m1 = board()
    wrys = add_unit(g, 0, C(WRYS))
    attacker = add_unit(g, 1, foe("Attacker", attack=60))
    begin(g, turn=3, player=1)
    n = len(g.events)
    fight(g, attacker, wrys)
    assert triggered(g, n) == [] and g.unit(wrys.id) is None
    g, m0, m1 = board()
    wrys = add_unit(g, 0, C(WRYS), area="back")
    begin(g)
    n = len(g.events)
    fight(g, m0, m1)
    assert triggered(g, n) == [] and g.unit(wrys.id) is wrys
    # The opponent attacks his ally: asked.
    next_turn(g)
    declare(g, m1, m0)
    assert g.decision.kind == "may" and g.decision.player == 0


@pytest.mark.card(WRYS)
def test_vulnerary_a_main_character_wrys_breaks_an_orb_for_its_cost():
    g, m0, m1, wrys, attacker = _vulnerary_board(wrys_mc=True)
    n = len(g.events)
    declare(g, attacker, m0)
    yes(g)
    # Destroying the Main Character: its owner's orb breaks (rule 4), Wrys stays.
    finish(g)
    assert g.unit(wrys.id) is wrys and len(g.players[0].orbs) == 4
    assert events(g, ev.BattleJudged, since=n)[-1].defender_power == 50 + 20 + 10
    assert g.unit(m0.id) is m0


# --------------------------------------------------------------------------- Miracle Emblem
@pytest.mark.card(WRYS)
def test_wrys_miracle_emblem_the_attacker_cannot_critical_hit_only_in_defence():
    check_miracle_emblem(WRYS)

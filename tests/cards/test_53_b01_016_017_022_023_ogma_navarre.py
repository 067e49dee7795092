"""Ogma B01-016SR "Battlefield Breath" and "Wargod's Blow", B01-017N "Fateful Opponent";
Navarre B01-022SR "Deathheralding Brandish" and "Dual Wielder", B01-023N "Fateful
Opponent"."""
import pytest

from fecipher.engine import events as ev
from helpers import (
    C, FILLER, add_bonds, add_cards, add_unit, begin, board, choose_units, declare, deck_top, events,
    face_up_bonds, fight, finish, foe, next_turn, no, pick, unit_choices, use, use_refused, yes,
)
from helpers_more_a import pick_bonds, triggered

WARGOD, GLADIATOR, REAPER, SWORDSMAN = "B01-016SR", "B01-017N", "B01-022SR", "B01-023N"


# --------------------------------------------------------------------------- Battlefield Breath
@pytest.mark.card(WARGOD)
def test_battlefield_breath_taps_another_ally_for_plus_10_until_the_end_of_the_turn():
    g, m0, m1 = board()
    ogma = add_unit(g, 0, C(WARGOD))
    a = add_unit(g, 0, foe("Ally A"), area="back")
    b = add_unit(g, 0, foe("Ally B"), area="back", tapped=True)
    begin(g)
    use(g, ogma, "Battlefield Breath")
    # The cost: 1 other untapped ally, chosen (Ogma himself is not tapped).
    assert unit_choices(g) == {m0.id, a.id}
    choose_units(g, a)
    assert a.tapped and not ogma.tapped and not m0.tapped
    assert g.attack(ogma) == 80
    # No use limit: again with the Main Character.
    use(g, ogma, "Battlefield Breath")
    assert m0.tapped and g.attack(ogma) == 90
    assert "cost" in use_refused(g, ogma, "Battlefield Breath")   # no untapped other ally left
    assert fight(g, ogma, m1).attacker_power == 90 + 10
    next_turn(g)
    assert g.attack(ogma) == 70


@pytest.mark.card(WARGOD)
def test_battlefield_breath_needs_an_untapped_other_ally():
    g, m0, m1 = board()
    m0.tapped = True
    ogma = add_unit(g, 0, C(WARGOD))
    begin(g)
    assert "cost" in use_refused(g, ogma, "Battlefield Breath")


# --------------------------------------------------------------------------- Wargod's Blow
def _wargod_board(breaths):
    g, m0, m1 = board()
    ogma = add_unit(g, 0, C(WARGOD))
    helpers_ = [add_unit(g, 0, foe(f"Helper {i}"), area="back") for i in range(3)]
    begin(g)
    for h in helpers_[:breaths]:
        use(g, ogma, "Battlefield Breath")
        choose_units(g, h)
    return g, ogma, m1


@pytest.mark.card(WARGOD)
def test_wargods_blow_breaks_2_orbs_with_100_attack_until_the_end_of_the_turn():
    g, ogma, m1 = _wargod_board(3)
    assert g.attack(ogma) == 100 and g.orbs_broken_by(ogma) == 1
    n = len(g.events)
    fight(g, ogma, m1)
    assert len(g.players[1].orbs) == 3
    assert "Wargod's Blow" in [e.skill for e in events(g, ev.SkillResolved, since=n)]
    assert g.orbs_broken_by(ogma) == 2                  # until the end of the turn
    next_turn(g)
    assert g.orbs_broken_by(ogma) == 1


@pytest.mark.card(WARGOD)
def test_wargods_blow_not_below_100_attack_support_not_counted():
    g, ogma, m1 = _wargod_board(2)
    deck_top(g, 0, foe("Big Support", support=50))
    assert g.attack(ogma) == 90
    n = len(g.events)
    j = fight(g, ogma, m1)
    assert j.attacker_power == 90 + 50
    assert len(g.players[1].orbs) == 4 and g.orbs_broken_by(ogma) == 1
    assert "Wargod's Blow" not in [e.skill for e in events(g, ev.SkillResolved, since=n)]


@pytest.mark.card(WARGOD)
def test_wargods_blow_only_when_ogma_attacks():
    g, m0, m1 = board(None, foe("Brute", attack=60))
    ogma = add_unit(g, 0, C(WARGOD))
    add_bonds(g, 0, FILLER)
    begin(g, turn=3, player=1)
    n = len(g.events)
    fight(g, m1, ogma)
    assert triggered(g, n) == []
    # His own attack triggers it (and, below 100, does nothing).
    next_turn(g)
    n = len(g.events)
    fight(g, ogma, m1)
    assert triggered(g, n) == ["Wargod's Blow"] and g.orbs_broken_by(ogma) == 1


# --------------------------------------------------------------------------- Fateful Opponent
FATEFUL = [pytest.param(code, ok, marks=pytest.mark.card(code), id=code)
           for code, ok in ((GLADIATOR, ("B01-005N", REAPER)), (SWORDSMAN, ("B01-005N", WARGOD)))]


@pytest.mark.parametrize("code,friends", FATEFUL)
def test_fateful_opponent_other_cards_fail_to_support_him(code, friends):
    g, m0, m1 = board()
    unit = add_unit(g, 0, C(code))
    deck_top(g, 0, foe("Stranger", support=30))
    begin(g)
    n = len(g.events)
    j = fight(g, unit, m1)
    assert [e.name for e in events(g, ev.SupportFailed, since=n)] == ["Stranger, cost 1"]
    assert j.attacker_power == 70 and j.attacker_support == 0
    # The Main Character's support by the same card is not affected.
    g, m0, m1 = board()
    add_unit(g, 0, C(code))
    deck_top(g, 0, foe("Stranger", support=30))
    begin(g)
    assert fight(g, m0, m1).attacker_power == 50 + 30


@pytest.mark.parametrize("code,friends", FATEFUL)
def test_fateful_opponent_the_two_named_units_support_him(code, friends):
    for friend in friends:
        g, m0, m1 = board()
        unit = add_unit(g, 0, C(code))
        deck_top(g, 0, C(friend))
        begin(g)
        n = len(g.events)
        j = fight(g, unit, m1)
        assert not events(g, ev.SupportFailed, since=n)
        assert j.attacker_support == C(friend).support and j.attacker_power == 70 + C(friend).support
        # The next attack, supported by a card of another name (a Marth), fails.
        next_turn(g)
        next_turn(g)
        deck_top(g, 0, C("B01-003ST"))
        n = len(g.events)
        assert fight(g, unit, g.players[1].front[0]).attacker_support == 0
        assert [e.name for e in events(g, ev.SupportFailed, since=n)] == ["Marth, Altean Prince"]


@pytest.mark.parametrize("code,friends", FATEFUL)
def test_fateful_opponent_also_in_defence(code, friends):
    g, m0, m1 = board(None, foe("Brute", attack=70))
    unit = add_unit(g, 0, C(code))
    deck_top(g, 0, FILLER)
    begin(g, turn=3, player=1)
    j = fight(g, m1, unit)
    assert j.defender_support == 0 and j.attacker_wins and g.unit(unit.id) is None
    g, m0, m1 = board(None, foe("Brute", attack=70))
    unit = add_unit(g, 0, C(code))
    deck_top(g, 0, C(friends[0]))
    begin(g, turn=3, player=1)
    j = fight(g, m1, unit)
    assert j.defender_support == 30 and not j.attacker_wins


# --------------------------------------------------------------------------- Deathheralding Brandish
def _brandish_board(*hand):
    g, m0, m1 = board()
    navarre = add_unit(g, 0, C(REAPER))
    target = add_unit(g, 1, foe("Target", attack=50))
    target2 = add_unit(g, 1, foe("Target 2", attack=50))
    copies = add_cards(g, 0, "hand", *hand)
    add_cards(g, 1, "hand", target.card, target2.card)      # the defenders could evade
    begin(g)
    return g, navarre, target, target2, copies


@pytest.mark.card(REAPER)
def test_deathheralding_brandish_sends_a_navarre_and_his_attacks_cannot_be_evaded_this_turn():
    g, navarre, target, target2, (a, other, b) = _brandish_board(C("B01-024ST"), foe("Other"), C(SWORDSMAN))
    use(g, navarre, "Deathheralding Brandish")
    pick(g, "card", card=b)
    assert g.players[0].retreat == [b] and g.players[0].hand == [a, other]
    assert not navarre.tapped
    declare(g, navarre, target)
    assert g.decision is None or g.decision.kind != "evasion"
    finish(g)
    assert g.unit(target.id) is None and len(g.players[1].hand) == 2
    # No limit: the cost can be paid again with another Navarre.
    use(g, navarre, "Deathheralding Brandish")
    assert g.players[0].hand == [other]
    # Next turn: evadable again.
    next_turn(g)
    next_turn(g)
    declare(g, navarre, target2)
    assert g.decision.kind == "evasion"


@pytest.mark.card(REAPER)
def test_deathheralding_brandish_without_it_the_attack_can_be_evaded():
    g, navarre, target, target2, (other,) = _brandish_board(foe("Other"))
    assert "cost" in use_refused(g, navarre, "Deathheralding Brandish")
    declare(g, navarre, target)
    assert g.decision.kind == "evasion"


# --------------------------------------------------------------------------- Dual Wielder
def _dual_board(bonds=2, giant=False):
    g, m0, m1 = board(None, foe("Lord 1", cost=1))
    if giant:
        add_unit(g, 1, foe("Giant", cost=3, attack=100))
    navarre = add_unit(g, 0, C(REAPER))
    victim = add_unit(g, 1, foe("Victim", attack=30))
    cheap = add_unit(g, 1, foe("Cheap", cost=2), area="back")
    one = add_unit(g, 1, foe("One", cost=1))
    big = add_unit(g, 1, foe("Big", cost=3))
    add_bonds(g, 0, *[FILLER] * bonds)
    begin(g)
    return g, navarre, victim, m1, cheap, one, big


@pytest.mark.card(REAPER)
def test_dual_wielder_destroys_a_non_main_character_enemy_of_cost_2_or_less():
    g, navarre, victim, m1, cheap, one, big = _dual_board()
    declare(g, navarre, victim)
    finish(g)
    yes(g)
    pick_bonds(g, 1)
    assert face_up_bonds(g, 0) == 1
    # Not the Main Character (cost 1), not the cost-3 enemy; the back line is fine.
    assert unit_choices(g) == {cheap.id, one.id}
    choose_units(g, cheap)
    finish(g)
    assert g.unit(cheap.id) is None and g.unit(one.id) is one and g.unit(big.id) is big
    assert len(g.players[1].orbs) == 5
    assert g.decision.kind == "action"


@pytest.mark.card(REAPER)
def test_dual_wielder_is_optional_and_needs_a_destruction_and_a_bond():
    g, navarre, victim, m1, cheap, one, big = _dual_board()
    declare(g, navarre, victim)
    finish(g)
    no(g)
    finish(g)
    assert g.unit(cheap.id) is cheap and g.unit(one.id) is one and face_up_bonds(g, 0) == 2
    # No face-up bond: nothing is asked.
    g, navarre, victim, m1, cheap, one, big = _dual_board(bonds=0)
    fight(g, navarre, victim)
    assert g.unit(victim.id) is None and len(g.players[1].units) == 4
    # The attack does not destroy: no trigger.
    g, navarre, victim, m1, cheap, one, big = _dual_board(giant=True)
    giant = g.players[1].front[1]
    n = len(g.events)
    fight(g, navarre, giant)
    assert triggered(g, n) == [] and len(g.players[1].units) == 6


@pytest.mark.card(REAPER)
def test_dual_wielder_after_destroying_the_main_character():
    g, navarre, victim, m1, cheap, one, big = _dual_board()
    declare(g, navarre, m1)
    finish(g)
    assert len(g.players[1].orbs) == 4
    yes(g)
    pick_bonds(g, 1)
    assert unit_choices(g) == {cheap.id, one.id, victim.id}
    choose_units(g, victim)
    assert g.unit(victim.id) is None

"""Cain and Abel: B01-007ST / B01-009ST "Paladin's Protection" and the Twin Strikes,
B01-008ST / B01-010ST the Red-Green Bonds (their Attack Emblems are in test_51)."""
import pytest

from fecipher.engine import events as ev
from helpers import (
    C, add_unit, attack_refused, begin, board, can_attack, deck_top, declare, events, fight, finish, foe,
    next_turn, no, yes,
)

CAIN_BULL, CAIN_RED, ABEL_PANTHER, ABEL_GREEN = "B01-007ST", "B01-008ST", "B01-009ST", "B01-010ST"


def card_params(*codes):
    return [pytest.param(code, marks=pytest.mark.card(code), id=code) for code in codes]


# --------------------------------------------------------------------------- Paladin's Protection
@pytest.mark.parametrize("code", card_params(CAIN_BULL, ABEL_PANTHER))
def test_paladins_protection_back_line_enemies_cannot_attack_it_or_cost_2_or_less_allies(code):
    g, m0, m1 = board()
    paladin = add_unit(g, 0, C(code))
    cheap = add_unit(g, 0, foe("Squire", cost=2))
    big = add_unit(g, 0, foe("Knight", cost=3))
    archer = add_unit(g, 1, foe("Archer", ranges=(2,), weapon="bow"), area="back")
    sword = add_unit(g, 1, foe("Swordsman"))
    begin(g, turn=3, player=1)
    for protected in (paladin, cheap, m0):
        assert "cannot be attacked" in attack_refused(g, archer, protected)
        assert can_attack(g, sword, protected)       # front-line enemies still may
    assert can_attack(g, archer, big)                # cost 3: not protected
    j = fight(g, archer, big)
    assert j.attacker_power == 50 + 10


@pytest.mark.parametrize("code", card_params(CAIN_BULL, ABEL_PANTHER))
def test_paladins_protection_does_not_protect_the_enemy_or_stop_front_line_attacks(code):
    g, m0, m1 = board()
    paladin = add_unit(g, 0, C(code))
    archer = add_unit(g, 1, foe("Archer", ranges=(2,), weapon="bow", cost=1), area="back")
    my_archer = add_unit(g, 0, foe("My Archer", ranges=(2,), weapon="bow"), area="back")
    begin(g, turn=3, player=1)
    assert not can_attack(g, archer, paladin)
    next_turn(g)
    # In its owner's turn, its owner's back-line archer attacks a cost-1 enemy freely.
    assert can_attack(g, my_archer, m1)
    assert can_attack(g, my_archer, archer) is False  # back to back needs range 3 (rule 11)


# --------------------------------------------------------------------------- Twin Strikes
TWIN = [pytest.param(CAIN_BULL, ABEL_GREEN, "Red-Green Twin Strike", marks=pytest.mark.card(CAIN_BULL), id=CAIN_BULL),
        pytest.param(ABEL_PANTHER, CAIN_RED, "Green-Red Twin Strike", marks=pytest.mark.card(ABEL_PANTHER),
                     id=ABEL_PANTHER)]


@pytest.mark.parametrize("code,partner,skill", TWIN)
def test_twin_strike_taps_the_partner_for_plus_40_until_the_end_of_the_turn(code, partner, skill):
    g, m0, m1 = board()
    knight = add_unit(g, 0, C(code))
    mate = add_unit(g, 0, C(partner), area="back")
    begin(g)
    declare(g, knight, m1)
    assert g.decision.kind == "may"
    yes(g)
    assert mate.tapped
    assert g.attack(knight) == 100
    finish(g)
    j = events(g, ev.BattleJudged)[-1]
    assert j.attacker_power == 100 + 10 and j.attacker_wins
    assert g.attack(knight) == 100                    # until the end of the turn, not of the combat
    next_turn(g)
    assert g.attack(knight) == 60


@pytest.mark.parametrize("code,partner,skill", TWIN)
def test_twin_strike_is_optional(code, partner, skill):
    g, m0, m1 = board()
    knight = add_unit(g, 0, C(code))
    mate = add_unit(g, 0, C(partner))
    begin(g)
    declare(g, knight, m1)
    no(g)
    finish(g)
    assert not mate.tapped and events(g, ev.BattleJudged)[-1].attacker_power == 60 + 10


@pytest.mark.parametrize("code,partner,skill", TWIN)
def test_twin_strike_needs_an_untapped_partner(code, partner, skill):
    # The partner is tapped: nothing to pay with, no question.
    g, m0, m1 = board()
    knight = add_unit(g, 0, C(code))
    add_unit(g, 0, C(partner), tapped=True)
    begin(g)
    declare(g, knight, m1)
    finish(g)
    assert events(g, ev.BattleJudged)[-1].attacker_power == 60 + 10
    # A unit of another name does not pay it.
    g, m0, m1 = board()
    knight = add_unit(g, 0, C(code))
    add_unit(g, 0, foe("Stranger"))
    begin(g)
    declare(g, knight, m1)
    finish(g)
    assert events(g, ev.BattleJudged)[-1].attacker_power == 60 + 10
    # An untapped partner: asked.
    g, m0, m1 = board()
    knight = add_unit(g, 0, C(code))
    add_unit(g, 0, C(partner))
    begin(g)
    declare(g, knight, m1)
    assert g.decision.kind == "may"


@pytest.mark.parametrize("code,partner,skill", TWIN)
def test_twin_strike_only_when_this_unit_attacks(code, partner, skill):
    g, m0, m1 = board()
    knight = add_unit(g, 0, C(code))
    mate = add_unit(g, 0, C(partner))
    begin(g)
    fight(g, m0, m1)                                  # another ally attacks: no trigger
    assert not events(g, ev.SkillTriggered) and not mate.tapped
    declare(g, knight, m1)
    assert g.decision.kind == "may"


# --------------------------------------------------------------------------- Red-Green Bonds
BOND = [pytest.param(CAIN_RED, ABEL_PANTHER, marks=pytest.mark.card(CAIN_RED), id=CAIN_RED),
        pytest.param(ABEL_GREEN, CAIN_BULL, marks=pytest.mark.card(ABEL_GREEN), id=ABEL_GREEN)]


@pytest.mark.parametrize("code,partner", BOND)
def test_red_green_bond_plus_30_when_supported_by_the_partner(code, partner):
    g, m0, m1 = board()
    knight = add_unit(g, 0, C(code))
    deck_top(g, 0, C(partner))
    begin(g)
    j = fight(g, knight, m1)
    assert j.attacker_power == 40 + 30 + 10 and j.attacker_wins
    assert g.attack(knight) == 40


@pytest.mark.parametrize("code,partner", BOND)
def test_red_green_bond_in_defence_too(code, partner):
    g, m0, m1 = board()
    knight = add_unit(g, 0, C(code))
    deck_top(g, 0, C(partner))
    begin(g, turn=3, player=1)
    j = fight(g, m1, knight)
    assert j.defender_power == 40 + 30 + 10 and not j.attacker_wins
    assert g.unit(knight.id) is knight


@pytest.mark.parametrize("code,partner", BOND)
def test_red_green_bond_not_with_another_supporter(code, partner):
    g, m0, m1 = board()
    knight = add_unit(g, 0, C(code))
    deck_top(g, 0, C("B01-013ST"))                    # Gordin: support 20, no support skill
    begin(g)
    assert fight(g, knight, m1).attacker_power == 40 + 20
    g, m0, m1 = board()
    knight = add_unit(g, 0, C(code))
    deck_top(g, 0, C(partner))
    begin(g)
    assert fight(g, knight, m1).attacker_power == 40 + 30 + 10

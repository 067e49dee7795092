"""Bord (B01-019ST), Cord (B01-020ST), Barst (B01-021ST) and Vaike (S02-003ST):
"Fighter's Expertise" / "Teach's Tenure" and "Bord, Cord, and Barst" (the Attack
Emblems are in test_51)."""
import pytest

from fecipher.engine import events as ev
from helpers import C, add_unit, begin, board, card, declare, events, fight, finish, next_turn, no, yes

BORD, CORD, BARST, VAIKE = "B01-019ST", "B01-020ST", "B01-021ST", "S02-003ST"
FIGHTERS = [pytest.param(code, marks=pytest.mark.card(code), id=code) for code in (BORD, CORD, BARST, VAIKE)]


@pytest.mark.parametrize("code", FIGHTERS)
def test_fighters_expertise_plus_20_during_your_turn(code):
    g, m0, m1 = board()
    fighter = add_unit(g, 0, C(code))
    base = C(code).attack
    begin(g)
    assert g.attack(fighter) == base + 20
    assert fight(g, fighter, m1).attacker_power == base + 20 + 10


@pytest.mark.parametrize("code", FIGHTERS)
def test_fighters_expertise_not_during_the_opponents_turn(code):
    g, m0, m1 = board(None, card("Lord 1", "main character", attack=10))
    fighter = add_unit(g, 0, C(code))
    base = C(code).attack
    begin(g, turn=3, player=1)
    assert g.attack(fighter) == base
    assert fight(g, m1, fighter).defender_power == base + 10
    next_turn(g)
    assert g.attack(fighter) == base + 20


# --------------------------------------------------------------------------- Bord, Cord, and Barst
def _trio(bord_tapped=False, cord=True):
    g, m0, m1 = board()
    barst = add_unit(g, 0, C(BARST))
    bord = add_unit(g, 0, C(BORD), area="back", tapped=bord_tapped)
    cord_u = add_unit(g, 0, C(CORD), area="back") if cord else None
    begin(g)
    return g, barst, bord, cord_u, m1


@pytest.mark.card(BARST)
def test_bord_cord_and_barst_taps_both_for_plus_50_and_2_orbs_until_the_end_of_the_combat():
    g, barst, bord, cord, m1 = _trio()
    declare(g, barst, m1)
    yes(g)
    assert bord.tapped and cord.tapped
    assert g.attack(barst) == 40 + 20 + 50 and g.orbs_broken_by(barst) == 2
    finish(g)
    j = events(g, ev.BattleJudged)[-1]
    assert j.attacker_power == 110 + 10 and j.attacker_wins
    assert len(g.players[1].orbs) == 3
    # Until the end of the combat.
    assert g.attack(barst) == 60 and g.orbs_broken_by(barst) == 1


@pytest.mark.card(BARST)
def test_bord_cord_and_barst_is_optional():
    g, barst, bord, cord, m1 = _trio()
    declare(g, barst, m1)
    no(g)
    finish(g)
    assert not bord.tapped and not cord.tapped
    assert len(g.players[1].orbs) == 4
    assert events(g, ev.BattleJudged)[-1].attacker_power == 60 + 10


@pytest.mark.card(BARST)
def test_bord_cord_and_barst_needs_both_untapped():
    for g, barst, bord, cord, m1 in (_trio(bord_tapped=True), _trio(cord=False)):
        declare(g, barst, m1)
        assert g.decision.kind != "may"
        finish(g)
        assert len(g.players[1].orbs) == 4
    g, barst, bord, cord, m1 = _trio()
    declare(g, barst, m1)
    assert g.decision.kind == "may"


@pytest.mark.card(BARST)
def test_bord_cord_and_barst_only_when_barst_attacks():
    g, barst, bord, cord, m1 = _trio()
    fight(g, g.players[0].main_character, m1)         # another ally attacks
    assert not events(g, ev.SkillTriggered) and not cord.tapped
    declare(g, barst, m1)
    assert g.decision.kind == "may"

"""Olivia B01-083R ("Dance"), Morgan (Male) B01-088N ("Tactician's Pedigree") and Robin
(Male) P01-015PR ("Veteran")."""
import pytest

from fecipher.engine import events as ev
from helpers import (
    C, FILLER, add_bonds, add_cards, add_orbs, add_unit, begin, board, can_attack, card, events, face_up_bonds,
    fight, foe, no, pick, unit_choices, use, use_refused, yes,
)

OLIVIA, MORGAN, ROBIN_M = "B01-083R", "B01-088N", "P01-015PR"
BLUE = card("Blue Bond", symbols="blue")


# --------------------------------------------------------------------------- Dance
def _dance_board(bonds=2, tapped=False):
    g, m0, m1 = board(None, card("Lord 1", "main character", attack=10))
    olivia = add_unit(g, 0, C(OLIVIA), area="back", tapped=tapped)
    a = add_unit(g, 0, foe("Attacker", attack=60))
    resting = add_unit(g, 0, foe("Resting"), tapped=True)     # tapped, but it did not attack
    add_bonds(g, 0, *[FILLER] * bonds)
    begin(g)
    return g, olivia, a, resting, m0, m1


@pytest.mark.card(OLIVIA)
def test_dance_untaps_an_ally_that_attacked_this_turn_so_it_may_attack_again():
    g, olivia, a, resting, m0, m1 = _dance_board()
    fight(g, a, m1)
    fight(g, m0, m1)
    assert a.tapped and m0.tapped
    use(g, olivia, "Dance")
    assert olivia.tapped and face_up_bonds(g, 0) == 0
    assert unit_choices(g) == {a.id, m0.id}                  # not "Resting", not an enemy
    pick(g, "unit", unit=a)
    assert not a.tapped and m0.tapped and resting.tapped
    assert can_attack(g, a, m1)
    fight(g, a, m1)
    assert len(g.players[1].orbs) == 2


@pytest.mark.card(OLIVIA)
def test_dance_without_an_ally_that_attacked_untaps_nobody():
    g, olivia, a, resting, m0, m1 = _dance_board()
    use(g, olivia, "Dance")
    assert olivia.tapped and resting.tapped
    assert g.decision.kind == "action"


@pytest.mark.card(OLIVIA)
def test_dance_costs():
    g, olivia, a, resting, m0, m1 = _dance_board(bonds=1)
    assert "cost" in use_refused(g, olivia, "Dance")
    g, olivia, a, resting, m0, m1 = _dance_board(tapped=True)
    assert "cost" in use_refused(g, olivia, "Dance")


# --------------------------------------------------------------------------- Veteran / Tactician's Pedigree
def _orb_board(code, my_orbs=3, bonds=2, robin_f=True):
    g, m0, m1 = board(orbs=0)
    add_orbs(g, 0, my_orbs)
    add_orbs(g, 1, 4)
    if robin_f:
        add_unit(g, 0, C("B01-058ST"), area="back")
    x, = add_cards(g, 0, "hand", C(code))
    add_bonds(g, 0, BLUE, *[FILLER] * (bonds - 1))
    begin(g, phase="deployment")
    return g, x


ORB_CARDS = [pytest.param(code, marks=pytest.mark.card(code), id=code) for code in (MORGAN, ROBIN_M)]
NAMES = {MORGAN: "Tactician's Pedigree", ROBIN_M: "Veteran"}


@pytest.mark.parametrize("code", ORB_CARDS)
def test_deployed_with_fewer_orbs_may_flip_2_bonds_to_put_the_top_card_of_the_deck_into_the_orbs(code):
    g, x = _orb_board(code)
    top = g.players[0].deck[0]
    pick(g, "deploy", card=x, area="back")
    yes(g)
    assert face_up_bonds(g, 0) == 0
    orbs = g.players[0].orbs
    assert len(orbs) == 4 and orbs[-1].copy is top and not orbs[-1].face_up
    assert g.decision.kind == "deployment"
    assert [e.skill for e in events(g, ev.SkillResolved)] == [NAMES[code]]


@pytest.mark.parametrize("code", ORB_CARDS)
def test_deployed_may_decline(code):
    g, x = _orb_board(code)
    pick(g, "deploy", card=x, area="back")
    no(g)
    assert face_up_bonds(g, 0) == 2 and len(g.players[0].orbs) == 3


@pytest.mark.parametrize("code", ORB_CARDS)
def test_not_asked_without_fewer_orbs_or_2_face_up_bonds(code):
    g, x = _orb_board(code, my_orbs=4)
    pick(g, "deploy", card=x, area="back")
    assert g.decision.kind == "deployment" and len(g.players[0].orbs) == 4
    g, x = _orb_board(code, bonds=3)
    g.players[0].bonds[1].face_up = False
    g.players[0].bonds[2].face_up = False                  # 3 bonds to pay cost 2, 1 face up
    g.invalidate()
    pick(g, "deploy", card=x, area="back")
    assert g.decision.kind == "deployment" and len(g.players[0].orbs) == 3


@pytest.mark.card(MORGAN)
def test_tacticians_pedigree_needs_a_robin_female_ally():
    g, x = _orb_board(MORGAN, robin_f=False)
    pick(g, "deploy", card=x, area="back")
    assert g.decision.kind == "deployment" and len(g.players[0].orbs) == 3
    # A Robin (Male) ally is not a Robin (Female).
    g, m0, m1 = board(orbs=0)
    add_orbs(g, 0, 3)
    add_orbs(g, 1, 4)
    add_unit(g, 0, C(ROBIN_M), area="back")
    x, = add_cards(g, 0, "hand", C(MORGAN))
    add_bonds(g, 0, BLUE, FILLER)
    begin(g, phase="deployment")
    pick(g, "deploy", card=x, area="back")
    assert g.decision.kind == "deployment"


@pytest.mark.card(ROBIN_M)
def test_veteran_needs_no_other_ally():
    g, x = _orb_board(ROBIN_M, robin_f=False)
    pick(g, "deploy", card=x, area="back")
    yes(g)
    assert len(g.players[0].orbs) == 4

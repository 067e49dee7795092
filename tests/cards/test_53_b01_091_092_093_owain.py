"""Owain: B01-091SR ("Radiant Dawn", "Mystletainn, the Apocryphal Brand" [CCS]), B01-092N
("Sacred Stones", "Inherited Brand"), B01-093HN ("Apocryphal Brand? Missiletainn"; its
Attack Emblem is in test_53_b01_093_095_098)."""
import pytest

from fecipher.engine import events as ev
from fecipher.engine import modifiers as M
from fecipher.engine.modifiers import Modifier
from helpers import (
    C, FILLER, add_bonds, add_cards, add_unit, begin, board, card, card_choices, declare, deck_top, events,
    face_up_bonds, fight, finish, foe, hand_ids, next_turn, pick, retreat_ids, use, use_refused,
)
from helpers_more_b import promoted

HOPE, SCION, CHOSEN = "B01-091SR", "B01-092N", "B01-093HN"
BIG = card("Lord 1", "main character", attack=200)


# --------------------------------------------------------------------------- Radiant Dawn
def _dawn_board(owains=1):
    g, m0, m1 = board(None, card("Lord 1", "main character", attack=130))
    owain = add_unit(g, 0, C(HOPE))
    cards = add_cards(g, 0, "hand", *[C(CHOSEN)] * owains, foe("Other"))
    begin(g)
    return g, owain, cards, m1


@pytest.mark.card(HOPE)
def test_radiant_dawn_sends_an_owain_card_and_doubles_his_attack_until_the_end_of_the_turn():
    g, owain, (o, other), m1 = _dawn_board()
    use(g, owain, "Radiant Dawn")
    assert retreat_ids(g, 0) == [o.id] and hand_ids(g, 0) == [other.id]
    assert g.attack(owain) == 140 and not owain.tapped
    j = fight(g, owain, m1)
    assert (j.attacker_power, j.attacker_support) == (140 + 10, 10)   # the support is not doubled
    assert j.attacker_wins
    next_turn(g)
    assert g.attack(owain) == 70


@pytest.mark.card(HOPE)
def test_radiant_dawn_doubles_the_attack_after_additions():
    g, m0, m1 = board()
    owain = add_unit(g, 0, C(HOPE))
    add_cards(g, 0, "hand", C(CHOSEN))
    begin(g)
    g.add_modifier(Modifier(M.ATTACK, "add", 10, M.END_OF_TURN, 0, unit=owain.id, turn=g.turn, text="+10"))
    assert g.attack(owain) == 80
    use(g, owain, "Radiant Dawn")
    assert g.attack(owain) == 160


@pytest.mark.card(HOPE)
def test_engine_decision_16_two_doublings_multiply_and_apply_after_every_addition():
    """Radiant Dawn used twice doubles twice (x4), and an addition made after the
    doublings is doubled too: a doubling multiplies the attack once every
    addition is counted, whatever order the effects came in (docs/rules.md,
    engine decision 16)."""
    g, owain, (o1, o2, other), m1 = _dawn_board(owains=2)
    use(g, owain, "Radiant Dawn")
    pick(g, "card", card=o1)
    assert g.attack(owain) == 140
    use(g, owain, "Radiant Dawn")   # (one Owain left: sent without asking)
    assert retreat_ids(g, 0) == [o1.id, o2.id]
    assert g.attack(owain) == 280
    g.add_modifier(Modifier(M.ATTACK, "add", 10, M.END_OF_TURN, 0, unit=owain.id, turn=g.turn, text="+10"))
    assert g.attack(owain) == (70 + 10) * 4
    next_turn(g)
    assert g.attack(owain) == 70


@pytest.mark.card(HOPE)
def test_radiant_dawn_needs_an_owain_card_in_the_hand():
    g, m0, m1 = board()
    owain = add_unit(g, 0, C(HOPE))
    add_cards(g, 0, "hand", foe("Other"))
    begin(g)
    assert "cost" in use_refused(g, owain, "Radiant Dawn")
    g, owain, (o1, o2, other), m1 = _dawn_board(owains=2)
    use(g, owain, "Radiant Dawn")
    assert card_choices(g) == {o1.id, o2.id}
    pick(g, "card", card=o2)
    assert hand_ids(g, 0) == [o1.id, other.id]


# --------------------------------------------------------------------------- Mystletainn
def _mystletainn(class_changed=True):
    g, m0, m1 = board()
    owain = promoted(g, 0, HOPE, SCION) if class_changed else add_unit(g, 0, C(HOPE))
    add_cards(g, 0, "hand", C(CHOSEN))                     # an "Owain" card: a critical hit is possible
    begin(g)
    declare(g, owain, m1)
    return g, owain


@pytest.mark.card(HOPE)
def test_mystletainn_cannot_critical_hit_and_breaks_2_orbs():
    g, owain = _mystletainn()
    assert g.decision.kind == "break_orb"                 # no critical-hit question
    finish(g)
    assert len(g.players[1].orbs) == 3
    assert [e.count for e in events(g, ev.OrbsBreaking)] == [2]
    assert not events(g, ev.CriticalHit)


@pytest.mark.card(HOPE)
def test_mystletainn_is_ccs():
    g, owain = _mystletainn(class_changed=False)
    assert g.decision.kind == "critical_hit"
    finish(g)
    assert len(g.players[1].orbs) == 4


# --------------------------------------------------------------------------- Sacred Stones
def _stones_board(bonds=1):
    g, m0, m1 = board(None, card("Lord 1", "main character", attack=60))
    owain = add_unit(g, 0, C(SCION))
    add_bonds(g, 0, *[FILLER] * bonds)
    begin(g)
    return g, owain, m1


@pytest.mark.card(SCION)
def test_sacred_stones_plus_10_until_the_end_of_the_turn_once_per_turn():
    g, owain, m1 = _stones_board(bonds=2)
    use(g, owain, "Sacred Stones")
    g.answer(g.legal_options()[0])                        # which bond
    assert face_up_bonds(g, 0) == 1 and g.attack(owain) == 60
    assert "once per turn" in use_refused(g, owain, "Sacred Stones")
    assert fight(g, owain, m1).attacker_wins              # 60+10 against 60+10
    next_turn(g)
    assert g.attack(owain) == 50


@pytest.mark.card(SCION)
def test_sacred_stones_needs_a_bond():
    g, owain, m1 = _stones_board(bonds=0)
    assert "cost" in use_refused(g, owain, "Sacred Stones")


# --------------------------------------------------------------------------- Inherited Brand
def _brand(support):
    g, m0, m1 = board()
    owain = add_unit(g, 0, C(SCION))
    deck_top(g, 0, support)
    begin(g)
    declare(g, owain, m1)
    finish(g)
    return g


@pytest.mark.card(SCION)
def test_inherited_brand_breaks_2_orbs_when_supported_by_lissa():
    g = _brand(C("B01-060ST"))                            # Lissa (Miracle Emblem: defence only)
    assert len(g.players[1].orbs) == 3
    g = _brand(card("Lissa", "any title", cost=3))
    assert len(g.players[1].orbs) == 3
    g = _brand(foe("Maribelle"))
    assert len(g.players[1].orbs) == 4


# --------------------------------------------------------------------------- Missiletainn
MISSILE = "Apocryphal Brand? Missiletainn"


@pytest.mark.card(CHOSEN)
def test_missiletainn_loses_10_attack_and_breaks_2_orbs_until_the_end_of_the_turn():
    g, m0, m1 = board()
    owain = add_unit(g, 0, C(CHOSEN))
    add_bonds(g, 0, FILLER, FILLER)
    begin(g)
    use(g, owain, MISSILE)
    g.answer(g.legal_options()[0])
    assert g.attack(owain) == 30 and g.orbs_broken_by(owain) == 2
    j = fight(g, owain, m1)
    assert j.attacker_power == 30 + 10 and not j.attacker_wins   # 40 against 60
    use(g, owain, MISSILE)                                 # no use limit
    assert g.attack(owain) == 20
    next_turn(g)
    assert g.attack(owain) == 40 and g.orbs_broken_by(owain) == 1


@pytest.mark.card(CHOSEN)
def test_missiletainn_breaks_2_orbs_when_it_wins_and_needs_a_bond():
    g, m0, m1 = board(None, card("Lord 1", "main character", attack=20))
    owain = add_unit(g, 0, C(CHOSEN))
    add_bonds(g, 0, FILLER)
    begin(g)
    use(g, owain, MISSILE)
    assert "cost" in use_refused(g, owain, MISSILE)
    fight(g, owain, m1)
    assert len(g.players[1].orbs) == 3

"""Gaius: B01-073SR "Assassination" and "Pay me in candy." [CCS]; B01-074N "Locktouch" and
its Thief Emblem."""
import pytest

from fecipher.engine import events as ev
from helpers import (
    C, FILLER, add_bonds, add_unit, begin, board, card, declare, deck_top, events, face_up_bonds, fight, finish,
    foe, hand_ids, no, pick, retreat_ids, unit_choices, use, use_refused, yes,
)
from helpers_more_b import promoted

ASSASSIN, THIEF = "B01-073SR", "B01-074N"
BIG = card("Big Enemy Card", cost=3)
SMALL = card("Small Enemy Card", cost=2)


# --------------------------------------------------------------------------- Assassination
def _assassin_board(top=BIG, bonds=2, class_changed=False, tapped=False):
    g, m0, m1 = board()
    gaius = promoted(g, 0, ASSASSIN, THIEF) if class_changed else add_unit(g, 0, C(ASSASSIN))
    gaius.tapped = tapped
    enemy = add_unit(g, 1, foe("Enemy", attack=90), area="back")
    revealed, = deck_top(g, 1, top)
    add_bonds(g, 0, *[FILLER] * bonds)
    begin(g)
    return g, gaius, enemy, m1, revealed


@pytest.mark.card(ASSASSIN)
def test_assassination_reveals_a_cost_3_card_flips_2_bonds_and_destroys_an_enemy():
    g, gaius, enemy, m1, top = _assassin_board()
    use(g, gaius, "Assassination")
    assert gaius.tapped
    rev = events(g, ev.Revealed)
    assert [r.names for r in rev] == [(BIG.name,)]
    assert g.players[1].deck[0] is top                   # revealed, not moved
    yes(g)
    assert face_up_bonds(g, 0) == 0
    assert unit_choices(g) == {enemy.id, m1.id}            # any enemy, the MC too
    pick(g, "unit", unit=enemy)
    assert g.unit(enemy.id) is None and enemy.top.id in retreat_ids(g, 1)
    assert g.decision.kind == "action"
    assert hand_ids(g, 0) == []                             # not class changed: no draw


@pytest.mark.card(ASSASSIN)
def test_assassination_on_the_main_character_breaks_an_orb():
    g, gaius, enemy, m1, top = _assassin_board()
    use(g, gaius, "Assassination")
    yes(g)
    pick(g, "unit", unit=m1)
    assert g.decision.kind == "break_orb"
    g.answer(g.legal_options()[0])
    assert len(g.players[1].orbs) == 4 and g.unit(m1.id) is m1


@pytest.mark.card(ASSASSIN)
def test_assassination_does_nothing_below_cost_3_without_2_bonds_or_when_declined():
    g, gaius, enemy, m1, top = _assassin_board(top=SMALL)
    use(g, gaius, "Assassination")
    assert gaius.tapped and g.decision.kind == "action"   # no question: cost 2
    assert face_up_bonds(g, 0) == 2 and g.unit(enemy.id) is enemy
    g, gaius, enemy, m1, top = _assassin_board(bonds=1)
    use(g, gaius, "Assassination")
    assert g.decision.kind == "action" and face_up_bonds(g, 0) == 1
    g, gaius, enemy, m1, top = _assassin_board()
    use(g, gaius, "Assassination")
    no(g)
    assert g.decision.kind == "action" and face_up_bonds(g, 0) == 2 and g.unit(enemy.id) is enemy


@pytest.mark.card(ASSASSIN)
def test_assassination_needs_gaius_untapped():
    g, gaius, enemy, m1, top = _assassin_board(tapped=True)
    assert "cost" in use_refused(g, gaius, "Assassination")


# --------------------------------------------------------------------------- "Pay me in candy."
CANDY = "\"Pay me in candy.\""


@pytest.mark.card(ASSASSIN)
def test_pay_me_in_candy_draws_when_assassination_destroys_an_enemy():
    g, gaius, enemy, m1, top = _assassin_board(class_changed=True)
    mine = g.players[0].deck[0]
    use(g, gaius, "Assassination")
    yes(g)
    pick(g, "unit", unit=enemy)
    assert hand_ids(g, 0) == [mine.id]
    assert [e.skill for e in events(g, ev.SkillResolved)] == ["Assassination", CANDY]


@pytest.mark.card(ASSASSIN)
def test_pay_me_in_candy_not_without_a_destruction_nor_in_battle_nor_ccs_off():
    # Declined: no destruction, no draw.
    g, gaius, enemy, m1, top = _assassin_board(class_changed=True)
    use(g, gaius, "Assassination")
    no(g)
    assert hand_ids(g, 0) == []
    # Destroying in battle is not "Assassination".
    g, m0, m1 = board()
    gaius = promoted(g, 0, ASSASSIN, THIEF)
    enemy = add_unit(g, 1, foe("Enemy", attack=10))
    begin(g)
    fight(g, gaius, enemy)
    assert g.unit(enemy.id) is None and hand_ids(g, 0) == []
    # Not class changed: no draw (above too, in the first Assassination test).
    g, gaius, enemy, m1, top = _assassin_board(class_changed=False)
    use(g, gaius, "Assassination")
    yes(g)
    pick(g, "unit", unit=enemy)
    assert g.unit(enemy.id) is None and hand_ids(g, 0) == []


# --------------------------------------------------------------------------- Locktouch
def _locktouch_board(top=BIG, bonds=1):
    g, m0, m1 = board()
    gaius = add_unit(g, 0, C(THIEF))
    revealed, = deck_top(g, 1, top)
    add_bonds(g, 0, *[FILLER] * bonds)
    begin(g)
    return g, gaius, revealed


@pytest.mark.card(THIEF)
def test_locktouch_reveals_a_cost_3_card_flips_1_bond_and_draws():
    g, gaius, top = _locktouch_board()
    mine = g.players[0].deck[0]
    use(g, gaius, "Locktouch")
    assert gaius.tapped
    assert [r.cards for r in events(g, ev.Revealed)] == [(top.id,)]
    yes(g)
    assert face_up_bonds(g, 0) == 0 and hand_ids(g, 0) == [mine.id]
    assert g.players[1].deck[0] is top
    assert "cost" in use_refused(g, gaius, "Locktouch")


@pytest.mark.card(THIEF)
def test_locktouch_nothing_below_cost_3_without_a_bond_or_declined():
    g, gaius, top = _locktouch_board(top=SMALL)
    use(g, gaius, "Locktouch")
    assert g.decision.kind == "action" and hand_ids(g, 0) == [] and face_up_bonds(g, 0) == 1
    g, gaius, top = _locktouch_board(bonds=0)
    use(g, gaius, "Locktouch")
    assert g.decision.kind == "action" and hand_ids(g, 0) == []
    g, gaius, top = _locktouch_board()
    use(g, gaius, "Locktouch")
    no(g)
    assert hand_ids(g, 0) == [] and face_up_bonds(g, 0) == 1


# --------------------------------------------------------------------------- Thief Emblem
@pytest.mark.card(THIEF)
def test_thief_emblem_reveals_the_opponents_top_card_and_may_send_it_to_their_retreat_area():
    g, m0, m1 = board()
    deck_top(g, 0, C(THIEF))
    their_support, stolen = deck_top(g, 1, foe("Their Support"), foe("Their Next"))
    begin(g)
    declare(g, m0, m1)
    # Both support cards are placed first: the revealed card is the one under theirs.
    assert [r.cards for r in events(g, ev.Revealed)] == [(stolen.id,)]
    yes(g)
    finish(g)
    assert stolen.id in retreat_ids(g, 1) and stolen not in g.players[1].deck
    assert events(g, ev.BattleJudged)[-1].attacker_power == 50 + 10


@pytest.mark.card(THIEF)
def test_thief_emblem_is_optional_and_attack_only():
    g, m0, m1 = board()
    deck_top(g, 0, C(THIEF))
    _, kept = deck_top(g, 1, foe("Their Support"), foe("Their Next"))
    begin(g)
    declare(g, m0, m1)
    no(g)
    finish(g)
    assert g.players[1].deck[0] is kept
    g, m0, m1 = board()
    deck_top(g, 0, C(THIEF))
    begin(g, turn=3, player=1)
    declare(g, m1, m0)
    finish(g)
    assert g.battle is None and not events(g, ev.Revealed)

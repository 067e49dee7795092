"""Manaketes: Nowi B01-078R ("Young Dragon", "Longevous Dragon Tribe" 6) and B01-079N
("Longevous Dragon Tribe" 4, "Odd Rhythm", Dragonkin Emblem); Tiki B01-099HN ("Voice of the
Divine Dragon", "Longevous Dragon Tribe" 5)."""
import pytest

from fecipher.engine import events as ev
from helpers import (
    C, FILLER, add_bonds, add_cards, add_unit, begin, board, card, card_choices, declare, deck_top, events,
    face_up_bonds, fight, finish, foe, hand_ids, next_turn, no, pick, use, use_refused, yes,
)

NOWI_R, NOWI, TIKI = "B01-078R", "B01-079N", "B01-099HN"


# --------------------------------------------------------------------------- Young Dragon
@pytest.mark.card(NOWI_R)
def test_young_dragon_returns_a_bond_to_the_hand_at_the_end_of_your_turn():
    g, m0, m1 = board()
    add_unit(g, 0, C(NOWI_R), area="back")
    up, down = add_bonds(g, 0, foe("Up Bond"), foe("Down Bond"))
    down.face_up = False
    enemy_bond, = add_bonds(g, 1, foe("Enemy Bond"))
    begin(g)
    pick(g, "pass")                                       # end the Action Phase
    assert g.phase == "end" and g.decision.kind == "choose" and g.decision.player == 0
    assert card_choices(g) == {up.copy.id, down.copy.id}  # any of your bonds, face-down too
    pick(g, "card", card=down.copy)
    assert hand_ids(g, 0) == [down.copy.id]
    assert [b.copy for b in g.players[0].bonds] == [up.copy]
    assert len(g.players[1].bonds) == 1
    assert g.turn == 3                                    # and the turn ended


@pytest.mark.card(NOWI_R)
def test_young_dragon_not_at_the_end_of_the_opponents_turn():
    g, m0, m1 = board()
    add_unit(g, 0, C(NOWI_R), area="back")
    add_bonds(g, 0, foe("Bond"))
    begin(g, turn=3, player=1)
    pick(g, "pass")
    assert g.turn == 4 and g.decision.kind == "bond"     # no choice at the end of turn 3
    assert len(g.players[0].bonds) == 1
    assert not events(g, ev.SkillTriggered)


# --------------------------------------------------------------------------- Longevous Dragon Tribe
@pytest.mark.parametrize("code,need,base", [
    pytest.param(NOWI_R, 6, 50, marks=pytest.mark.card(NOWI_R), id=NOWI_R),
    pytest.param(NOWI, 4, 20, marks=pytest.mark.card(NOWI), id=NOWI),
    pytest.param(TIKI, 5, 30, marks=pytest.mark.card(TIKI), id=TIKI),
])
def test_longevous_dragon_tribe_plus_30_with_enough_bonds(code, need, base):
    odd = 10 if code == NOWI else 0                      # B01-079N's "Odd Rhythm"
    g, m0, m1 = board()
    u = add_unit(g, 0, C(code), area="back")
    add_bonds(g, 0, *[FILLER] * (need - 1))
    begin(g)
    assert g.attack(u) == base + (odd if (need - 1) % 2 else 0)
    # With one more bond (face-down bonds count):
    g, m0, m1 = board()
    u = add_unit(g, 0, C(code), area="back")
    add_bonds(g, 0, *[FILLER] * (need - 1))
    add_bonds(g, 0, FILLER, face_up=False)
    begin(g)
    assert g.attack(u) == base + 30 + (odd if need % 2 else 0)
    assert fight(g, u, m1).attacker_power == g.attack(u) + 10
    # In the opponent's turn too.
    g, m0, m1 = board()
    u = add_unit(g, 0, C(code))
    add_bonds(g, 0, *[FILLER] * need)
    begin(g, turn=3, player=1)
    assert fight(g, m1, u).defender_power == base + 30 + (odd if need % 2 else 0) + 10


# --------------------------------------------------------------------------- Odd Rhythm
@pytest.mark.card(NOWI)
def test_odd_rhythm_plus_10_with_an_odd_number_of_bonds():
    for n, want in ((0, 20), (1, 30), (2, 20), (3, 30), (5, 20 + 30 + 10), (6, 50)):
        g, m0, m1 = board()
        nowi = add_unit(g, 0, C(NOWI), area="back")
        bonds = add_bonds(g, 0, *[FILLER] * n)
        for b in bonds[:1]:
            b.face_up = False                            # face-down bonds count too
        begin(g)
        assert g.attack(nowi) == want, n


# --------------------------------------------------------------------------- Dragonkin Emblem
def _dragonkin(symbol="blue", attacking=True):
    lord = card("Lord 0", "main character", attack=50, symbols=symbol)
    g, m0, m1 = board(lord)
    a, b = add_cards(g, 0, "hand", foe("Card A"), foe("Card B"))
    deck_top(g, 0, C(NOWI))
    if attacking:
        begin(g)
        declare(g, m0, m1)
    else:
        begin(g, turn=3, player=1)
        declare(g, m1, m0)
    return g, m0, a, b


@pytest.mark.card(NOWI)
def test_dragonkin_emblem_blue_attacker_may_put_a_card_from_the_hand_into_the_bond_area():
    g, m0, a, b = _dragonkin()
    assert g.decision.kind == "choose" and card_choices(g) == {a.id, b.id}
    pick(g, "card", card=b)
    yes(g)
    finish(g)
    assert [(x.copy, x.face_up) for x in g.players[0].bonds] == [(b, True)]
    assert hand_ids(g, 0) == [a.id]
    assert events(g, ev.BattleJudged)[-1].attacker_power == 50 + 20


@pytest.mark.card(NOWI)
def test_dragonkin_emblem_optional_blue_only_attack_only():
    g, m0, a, b = _dragonkin()
    pick(g, "card", card=a)
    no(g)
    finish(g)
    assert g.players[0].bonds == [] and hand_ids(g, 0) == [a.id, b.id]
    g, m0, a, b = _dragonkin(symbol="red")
    finish(g)
    assert g.battle is None and g.players[0].bonds == []
    g, m0, a, b = _dragonkin(attacking=False)
    finish(g)
    assert g.battle is None and g.players[0].bonds == []
    # A dual-symbol attacker with blue qualifies.
    g, m0, a, b = _dragonkin(symbol=("red", "blue"))
    assert g.decision.kind == "choose"


# --------------------------------------------------------------------------- Voice of the Divine Dragon
def _voice_board(bonds=2, hand=2):
    g, m0, m1 = board()
    tiki = add_unit(g, 0, C(TIKI), area="back")
    cards = add_cards(g, 0, "hand", *[foe(f"Card {i}") for i in range(hand)])
    add_bonds(g, 0, *[FILLER] * bonds)
    begin(g)
    return g, tiki, cards


@pytest.mark.card(TIKI)
def test_voice_of_the_divine_dragon_flips_2_bonds_and_puts_a_card_from_the_hand_into_the_bond_area():
    g, tiki, (a, b) = _voice_board()
    use(g, tiki, "Voice of the Divine Dragon")
    assert face_up_bonds(g, 0) == 0 and not tiki.tapped
    assert card_choices(g) == {a.id, b.id}
    pick(g, "card", card=a)
    assert hand_ids(g, 0) == [b.id]
    assert (g.players[0].bonds[-1].copy, g.players[0].bonds[-1].face_up) == (a, True)
    assert len(g.players[0].bonds) == 3
    assert g.decision.kind == "action"


@pytest.mark.card(TIKI)
def test_voice_of_the_divine_dragon_once_per_turn_and_needs_2_bonds():
    g, tiki, cards = _voice_board(bonds=1)
    assert "cost" in use_refused(g, tiki, "Voice of the Divine Dragon")
    g, tiki, (a, b) = _voice_board(bonds=4)
    use(g, tiki, "Voice of the Divine Dragon")
    g.answer(g.legal_options()[0])                        # which 2 of the 4 bonds
    g.answer(g.legal_options()[0])
    pick(g, "card", card=a)
    assert face_up_bonds(g, 0) == 3                       # 2 left up + the new one
    assert "once per turn" in use_refused(g, tiki, "Voice of the Divine Dragon")
    next_turn(g)
    next_turn(g)
    use(g, tiki, "Voice of the Divine Dragon")

"""Plegian dark magic: Tharja B01-080SR ("Ruin", "Forbidden Hex"), B01-081N ("Flux"),
B01-082HN ("Hex", Darkness Emblem); Henry B01-086HN ("Mire", "Mortal Hex" [CCS]) and
B01-087N ("Anathema", Darkness Emblem); Noire B01-096N ("Hex Learned From Her Mother",
"Anti-Fliers")."""
import pytest

from fecipher.engine import events as ev
from helpers import (
    C, FILLER, add_bonds, add_cards, add_unit, begin, board, card, card_choices, declare, deck_top, events,
    face_up_bonds, fight, finish, foe, hand_ids, next_turn, pick, retreat_ids, use, use_refused,
)
from helpers_more_b import card_params, fill_hand, flier, promoted

THARJA_SR, THARJA_N, THARJA_HN = "B01-080SR", "B01-081N", "B01-082HN"
HENRY_HN, HENRY_N, NOIRE = "B01-086HN", "B01-087N", "B01-096N"


# --------------------------------------------------------------------------- Ruin
def _ruin_board(class_changed=False, bonds=3, tharja_cards=1, their_hand=4):
    g, m0, m1 = board()
    tharja = promoted(g, 0, THARJA_SR, THARJA_N, area="back") if class_changed else \
        add_unit(g, 0, C(THARJA_SR), area="back")
    mine = add_cards(g, 0, "hand", *[C(THARJA_HN)] * tharja_cards, foe("Other"))
    theirs = fill_hand(g, 1, their_hand, "Theirs")
    add_bonds(g, 0, *[FILLER] * bonds)
    begin(g)
    return g, tharja, mine, theirs


@pytest.mark.card(THARJA_SR)
def test_ruin_pays_3_bonds_and_a_tharja_card_then_the_opponent_sends_2_cards_of_their_choice():
    g, tharja, (th, other), theirs = _ruin_board()
    use(g, tharja, "Ruin")
    assert face_up_bonds(g, 0) == 0
    assert retreat_ids(g, 0) == [th.id] and hand_ids(g, 0) == [other.id]   # the only Tharja card
    assert g.decision.player == 1 and card_choices(g) == {c.id for c in theirs}
    pick(g, "card", card=theirs[3])
    pick(g, "card", card=theirs[0])
    assert hand_ids(g, 1) == [theirs[1].id, theirs[2].id]
    assert set(retreat_ids(g, 1)) == {theirs[0].id, theirs[3].id}
    assert g.decision.kind == "action" and not tharja.tapped


@pytest.mark.card(THARJA_SR)
def test_ruin_class_changed_the_opponent_sends_3_cards():
    g, tharja, mine, theirs = _ruin_board(class_changed=True)
    use(g, tharja, "Ruin")
    for c in theirs[:3]:
        pick(g, "card", card=c, player=1)
    assert hand_ids(g, 1) == [theirs[3].id]
    assert g.decision.kind == "action"


@pytest.mark.card(THARJA_SR)
def test_ruin_with_fewer_cards_the_opponent_sends_all_they_have():
    g, tharja, mine, theirs = _ruin_board(class_changed=True, their_hand=2)
    use(g, tharja, "Ruin")
    pick(g, "card", card=theirs[0])
    pick(g, "card", card=theirs[1])
    assert hand_ids(g, 1) == [] and g.decision.kind == "action"


@pytest.mark.card(THARJA_SR)
def test_ruin_once_per_turn_and_its_costs():
    g, tharja, mine, theirs = _ruin_board(tharja_cards=0)
    assert "cost" in use_refused(g, tharja, "Ruin")          # no "Tharja" card in the hand
    g, tharja, mine, theirs = _ruin_board(bonds=2)
    assert "cost" in use_refused(g, tharja, "Ruin")
    g, tharja, (th1, th2, other), theirs = _ruin_board(bonds=6, tharja_cards=2)
    use(g, tharja, "Ruin")
    for _ in range(3):
        g.answer(g.legal_options()[0])                        # which bonds
    assert card_choices(g) == {th1.id, th2.id}                # which Tharja card (not "Other")
    pick(g, "card", card=th2)
    pick(g, "card", card=theirs[0])
    pick(g, "card", card=theirs[1])
    assert "once per turn" in use_refused(g, tharja, "Ruin")


# --------------------------------------------------------------------------- Forbidden Hex
@pytest.mark.card(THARJA_SR)
def test_forbidden_hex_plus_20_while_the_opponent_has_no_card_in_hand():
    g, m0, m1 = board()
    tharja = add_unit(g, 0, C(THARJA_SR), area="back")
    begin(g)
    assert g.attack(tharja) == 80
    assert fight(g, tharja, m1).attacker_power == 80 + 10
    next_turn(g)                                             # the opponent drew a card
    assert g.attack(tharja) == 60
    g, m0, m1 = board()
    tharja = add_unit(g, 0, C(THARJA_SR), area="back")
    fill_hand(g, 1, 1)
    begin(g)
    assert g.attack(tharja) == 60


# --------------------------------------------------------------------------- Flux
def _flux_board(bonds=2, their_hand=2, tapped=False):
    g, m0, m1 = board()
    tharja = add_unit(g, 0, C(THARJA_N), area="back", tapped=tapped)
    theirs = fill_hand(g, 1, their_hand, "Theirs")
    add_bonds(g, 0, *[FILLER] * bonds)
    begin(g)
    return g, tharja, theirs


@pytest.mark.card(THARJA_N)
def test_flux_taps_flips_2_bonds_and_the_opponent_sends_1_card_of_their_choice():
    g, tharja, theirs = _flux_board()
    use(g, tharja, "Flux")
    assert tharja.tapped and face_up_bonds(g, 0) == 0
    assert g.decision.player == 1 and card_choices(g) == {c.id for c in theirs}
    pick(g, "card", card=theirs[1])
    assert hand_ids(g, 1) == [theirs[0].id] and retreat_ids(g, 1) == [theirs[1].id]
    assert g.decision.kind == "action"


@pytest.mark.card(THARJA_N)
def test_flux_costs():
    g, tharja, theirs = _flux_board(bonds=1)
    assert "cost" in use_refused(g, tharja, "Flux")
    g, tharja, theirs = _flux_board(tapped=True)
    assert "cost" in use_refused(g, tharja, "Flux")
    g, tharja, theirs = _flux_board(their_hand=1)
    use(g, tharja, "Flux")
    pick(g, "card", card=theirs[0], player=1)
    assert g.players[1].hand == [] and retreat_ids(g, 1) == [theirs[0].id]


# --------------------------------------------------------------------------- Hex
@pytest.mark.card(THARJA_HN)
def test_hex_plus_20_in_your_turn_with_more_cards_in_hand_than_the_opponent():
    g, m0, m1 = board()
    tharja = add_unit(g, 0, C(THARJA_HN), area="back")
    fill_hand(g, 0, 2)
    fill_hand(g, 1, 1)
    begin(g)
    assert g.attack(tharja) == 50
    assert fight(g, tharja, m1).attacker_power == 50 + 10
    next_turn(g)                                            # opponent's turn: no bonus
    assert g.attack(tharja) == 30
    # Equal hands: no bonus.
    g, m0, m1 = board()
    tharja = add_unit(g, 0, C(THARJA_HN), area="back")
    fill_hand(g, 0, 2)
    fill_hand(g, 1, 2)
    begin(g)
    assert g.attack(tharja) == 30


# --------------------------------------------------------------------------- Darkness Emblem
DARKNESS = card_params(THARJA_HN, HENRY_N)


def _darkness(code, their_hand):
    g, m0, m1 = board(None, card("Lord 1", "main character", attack=90))   # no orb breaks
    deck_top(g, 0, C(code))
    theirs = fill_hand(g, 1, their_hand, "Theirs")
    begin(g)
    declare(g, m0, m1)
    return g, theirs


@pytest.mark.parametrize("code", DARKNESS)
def test_darkness_emblem_the_opponent_with_5_cards_sends_1_of_their_choice(code):
    g, theirs = _darkness(code, 5)
    assert g.decision.kind == "choose" and g.decision.player == 1
    assert card_choices(g) == {c.id for c in theirs}
    pick(g, "card", card=theirs[2])
    finish(g)
    assert len(g.players[1].hand) == 4 and theirs[2] in g.players[1].retreat
    assert events(g, ev.BattleJudged)[-1].attacker_power == 50 + 20


@pytest.mark.parametrize("code", DARKNESS)
def test_darkness_emblem_not_below_5_cards_nor_in_defence(code):
    g, theirs = _darkness(code, 4)
    finish(g)
    assert g.battle is None and len(g.players[1].hand) == 4
    # Player 2 attacks: a Darkness Emblem supporting player 1's defence does nothing.
    g, m0, m1 = board(card("Lord 0", "main character", attack=90))
    deck_top(g, 0, C(code))
    fill_hand(g, 1, 6)
    begin(g, turn=3, player=1)
    declare(g, m1, m0)
    finish(g)
    assert g.battle is None and len(g.players[1].hand) == 6


# --------------------------------------------------------------------------- Mire
def _mire_board(*hand):
    g, m0, m1 = board()
    henry = add_unit(g, 0, C(HENRY_HN), area="back")
    lissa = add_unit(g, 0, C("B01-060ST"))
    promo, *mine = add_cards(g, 0, "hand", C("B01-059ST"), *hand)
    theirs = fill_hand(g, 1, 2, "Theirs")
    add_bonds(g, 0, *[card("Blue Bond", symbols="blue")] * 3)
    begin(g, phase="deployment")
    return g, henry, lissa, promo, mine, theirs


@pytest.mark.card(HENRY_HN)
def test_mire_each_player_sends_a_card_when_another_ally_class_changes_you_first():
    g, henry, lissa, promo, (mine,), theirs = _mire_board(foe("Mine"))
    drawn = g.players[0].deck[0]
    pick(g, "class_change", card=promo, unit=lissa)
    # The class-change draw came first: it may be the card sent.
    assert g.decision.player == 0 and card_choices(g) == {mine.id, drawn.id}
    pick(g, "card", card=mine)
    assert g.decision.player == 1 and card_choices(g) == {c.id for c in theirs}
    pick(g, "card", card=theirs[0])
    assert hand_ids(g, 0) == [drawn.id] and hand_ids(g, 1) == [theirs[1].id]
    assert mine in g.players[0].retreat and theirs[0] in g.players[1].retreat
    assert g.decision.kind == "deployment"


@pytest.mark.card(HENRY_HN)
def test_mire_not_when_henry_class_changes_nor_on_a_level_up():
    g, m0, m1 = board()
    henry = add_unit(g, 0, C(HENRY_N), area="back")
    lissa = add_unit(g, 0, C("B01-060ST"))
    promo, lvl = add_cards(g, 0, "hand", C(HENRY_HN), C("B01-060ST"))
    fill_hand(g, 1, 2)
    add_bonds(g, 0, *[card("Blue Bond", symbols="blue")] * 3)
    begin(g, phase="deployment")
    pick(g, "class_change", card=promo, unit=henry)       # Henry himself
    assert g.decision.kind == "deployment"
    pick(g, "level_up", card=lvl, unit=lissa)             # a level up
    assert g.decision.kind == "deployment" and len(g.players[1].hand) == 2
    assert not events(g, ev.SkillTriggered)


@pytest.mark.card(HENRY_HN)
def test_mire_not_for_an_enemy_class_change():
    g, m0, m1 = board()
    add_unit(g, 0, C(HENRY_HN), area="back")
    fill_hand(g, 0, 2)
    lissa = add_unit(g, 1, C("B01-060ST"))
    promo, = add_cards(g, 1, "hand", C("B01-059ST"))
    add_bonds(g, 1, *[card("Blue Bond", symbols="blue")] * 3)
    begin(g, turn=3, player=1, phase="deployment")
    pick(g, "class_change", card=promo, unit=lissa)
    assert g.decision.kind == "deployment" and len(g.players[0].hand) == 2


# --------------------------------------------------------------------------- Mortal Hex
def _hex_board(class_changed=True, bonds=1):
    g, m0, m1 = board()
    henry = promoted(g, 0, HENRY_HN, HENRY_N, area="back") if class_changed else \
        add_unit(g, 0, C(HENRY_HN), area="back")
    theirs = fill_hand(g, 1, 3, "Theirs")
    add_bonds(g, 0, *[FILLER] * bonds)
    begin(g)
    return g, henry, theirs


@pytest.mark.card(HENRY_HN)
def test_mortal_hex_destroys_henry_and_the_opponent_sends_2_cards():
    g, henry, theirs = _hex_board()
    use(g, henry, "Mortal Hex")
    assert face_up_bonds(g, 0) == 0
    assert g.unit(henry.id) is None and henry.cards[0] in g.players[0].retreat
    assert any(isinstance(e, ev.UnitDestroyed) and e.unit == henry.id for e in g.events)
    assert g.decision.player == 1
    pick(g, "card", card=theirs[0])
    pick(g, "card", card=theirs[2])
    assert hand_ids(g, 1) == [theirs[1].id]


@pytest.mark.card(HENRY_HN)
def test_mortal_hex_is_ccs_and_needs_an_untapped_henry_and_a_bond():
    g, henry, theirs = _hex_board(class_changed=False)
    assert "CCS" in use_refused(g, henry, "Mortal Hex")
    g, henry, theirs = _hex_board(bonds=0)
    assert "cost" in use_refused(g, henry, "Mortal Hex")


# --------------------------------------------------------------------------- Anathema
@pytest.mark.card(HENRY_N)
def test_anathema_plus_10_while_the_opponent_has_4_or_fewer_cards():
    for n, want in ((0, 40), (4, 40), (5, 30)):
        g, m0, m1 = board()
        henry = add_unit(g, 0, C(HENRY_N), area="back")
        fill_hand(g, 1, n)
        begin(g, turn=3, player=1)                            # in either turn
        assert g.attack(henry) == want, n
    g, m0, m1 = board()
    henry = add_unit(g, 0, C(HENRY_N), area="back")
    begin(g)
    assert fight(g, henry, m1).attacker_power == 40 + 10


# --------------------------------------------------------------------------- Hex Learned From Her Mother
def _noire(mine, theirs, tharja=True, turn=2, player=0):
    g, m0, m1 = board()
    noire = add_unit(g, 0, C(NOIRE), area="back")
    if tharja:
        add_unit(g, 0, C(THARJA_HN), area="back")
    fill_hand(g, 0, mine)
    fill_hand(g, 1, theirs)
    begin(g, turn=turn, player=player)
    return g, noire, m1


@pytest.mark.card(NOIRE)
def test_hex_learned_from_her_mother_plus_20_in_your_turn_with_more_cards_and_a_tharja_ally():
    g, noire, m1 = _noire(2, 1)
    assert g.attack(noire) == 60
    assert fight(g, noire, m1).attacker_power == 60 + 10
    g2, noire2, _ = _noire(2, 1, tharja=False)
    assert g2.attack(noire2) == 40
    g2, noire2, _ = _noire(1, 1)
    assert g2.attack(noire2) == 40
    g2, noire2, _ = _noire(3, 1, turn=3, player=1)
    assert g2.attack(noire2) == 40


# --------------------------------------------------------------------------- Anti-Fliers
@pytest.mark.card(NOIRE)
def test_noire_anti_fliers_plus_30_attacking_a_flier_only():
    g, m0, m1 = board()
    noire = add_unit(g, 0, C(NOIRE), area="back")
    peg = add_unit(g, 1, flier("Enemy Pegasus", attack=70))
    walker = add_unit(g, 1, foe("Enemy Walker", attack=70))
    begin(g)
    j = fight(g, noire, peg)
    assert j.attacker_power == 40 + 30 + 10 and j.attacker_wins
    g, m0, m1 = board()
    noire = add_unit(g, 0, C(NOIRE), area="back")
    walker = add_unit(g, 1, foe("Enemy Walker", attack=70))
    begin(g)
    assert fight(g, noire, walker).attacker_power == 40 + 10
    # Attacked by a flier: no bonus.
    g, m0, m1 = board()
    noire = add_unit(g, 0, C(NOIRE))
    peg = add_unit(g, 1, flier("Enemy Pegasus", attack=70))
    begin(g, turn=3, player=1)
    assert fight(g, peg, noire).defender_power == 40 + 10

"""Tiki B01-046SR "The Dragon Scion's Smile", "Longevous Dragon Tribe" and "Divine
Dragonstone"; B01-047N "Longevous Dragon Tribe" and its Dragonkin Emblem."""
import pytest

from fecipher.engine import events as ev
from helpers import (
    C, add_bonds, add_cards, add_unit, begin, board, card, card_choices, declare, deck_top, events, fight,
    finish, foe, no, pick, yes,
)
from helpers_more_a import RED

PRINCESS, DIVINE = "B01-046SR", "B01-047N"
DRAGON = dict(types=("dragon",))


def tiki_fight(g, tiki, target):
    """Tiki attacks; her Smile (asked at the battle's end) is declined."""
    n = len(g.events)
    declare(g, tiki, target)
    finish(g)
    no(g)
    finish(g)
    return events(g, ev.BattleJudged, since=n)[-1]


# --------------------------------------------------------------------------- The Dragon Scion's Smile
def _smile_board(support, *, tiki_attacks=True):
    g, m0, m1 = board(None, foe("Lord 1", attack=100 if not tiki_attacks else 50))
    tiki = add_unit(g, 0, C(PRINCESS))
    sup, = deck_top(g, 0, support)
    if tiki_attacks:
        begin(g)
        declare(g, tiki, m1)
    else:
        begin(g, turn=3, player=1)
        declare(g, m1, tiki)
    finish(g)
    return g, tiki, sup, m1


@pytest.mark.card(PRINCESS)
def test_dragon_scions_smile_her_successful_support_may_go_to_the_bond_area_face_up():
    g, tiki, sup, m1 = _smile_board(foe("Helper"))
    assert g.decision.kind == "may" and g.decision.player == 0
    yes(g)
    finish(g)
    bonds = g.players[0].bonds
    assert [b.copy for b in bonds] == [sup] and bonds[0].face_up
    assert sup not in g.players[0].retreat and g.battle is None
    assert g.players[1].retreat and g.players[1].bonds == []   # the enemy's support goes as usual


@pytest.mark.card(PRINCESS)
def test_dragon_scions_smile_is_optional():
    g, tiki, sup, m1 = _smile_board(foe("Helper"))
    no(g)
    finish(g)
    assert g.players[0].bonds == [] and sup in g.players[0].retreat


@pytest.mark.card(PRINCESS)
def test_dragon_scions_smile_not_in_the_opponents_turn_nor_for_a_failed_support():
    g, tiki, sup, m1 = _smile_board(foe("Helper"), tiki_attacks=False)
    assert g.battle is None and g.players[0].bonds == [] and sup in g.players[0].retreat
    # A "Tiki" card fails to support her: to the Retreat Area at once, nothing asked.
    g, tiki, sup, m1 = _smile_board(C(DIVINE))
    assert g.battle is None and g.players[0].bonds == [] and sup in g.players[0].retreat
    assert [e.card for e in events(g, ev.SupportFailed)] == [sup.id]
    # Her own turn and a successful support: asked.
    g, tiki, sup, m1 = _smile_board(foe("Helper"))
    assert g.decision.kind == "may"


@pytest.mark.card(PRINCESS)
def test_dragon_scions_smile_only_for_the_card_supporting_tiki():
    g, m0, m1 = board()
    tiki = add_unit(g, 0, C(PRINCESS))
    sup, = deck_top(g, 0, foe("Helper"))
    begin(g)
    fight(g, m0, m1)                                    # the Main Character's support: nothing asked
    assert g.players[0].bonds == [] and sup in g.players[0].retreat
    declare(g, tiki, m1)                                # Tiki's own attack: asked
    finish(g)
    assert g.decision.kind == "may"


# --------------------------------------------------------------------------- Longevous Dragon Tribe
@pytest.mark.card(PRINCESS)
def test_longevous_dragon_tribe_plus_30_with_8_or_more_bonds():
    g, m0, m1 = board()
    tiki = add_unit(g, 0, C(PRINCESS))
    add_bonds(g, 0, *[RED] * 5)
    add_bonds(g, 0, *[RED] * 3, face_up=False)          # face-down bonds count
    begin(g)
    assert g.attack(tiki) == 90
    assert tiki_fight(g, tiki, m1).attacker_power == 90 + 10
    g, m0, m1 = board()
    tiki = add_unit(g, 0, C(PRINCESS))
    add_bonds(g, 0, *[RED] * 7)
    add_bonds(g, 1, *[RED] * 3)                          # the opponent's do not
    begin(g)
    assert g.attack(tiki) == 60


@pytest.mark.card(DIVINE)
def test_longevous_dragon_tribe_plus_30_with_4_or_more_bonds():
    g, m0, m1 = board()
    tiki = add_unit(g, 0, C(DIVINE))
    add_bonds(g, 0, RED, RED)
    add_bonds(g, 0, RED, RED, face_up=False)
    begin(g)
    assert g.attack(tiki) == 60
    assert fight(g, tiki, m1).attacker_power == 60 + 10
    g, m0, m1 = board()
    tiki = add_unit(g, 0, C(DIVINE))
    add_bonds(g, 0, RED, RED, RED)
    begin(g)
    assert g.attack(tiki) == 30


@pytest.mark.card(DIVINE)
def test_longevous_dragon_tribe_grows_with_a_bond_placed():
    g, m0, m1 = board()
    tiki = add_unit(g, 0, C(DIVINE))
    add_bonds(g, 0, RED, RED, RED)
    x, = add_cards(g, 0, "hand", foe("Bond Card"))
    begin(g, phase="bond")
    assert g.attack(tiki) == 30
    pick(g, "place_bond", card=x)
    assert g.attack(tiki) == 60


# --------------------------------------------------------------------------- Divine Dragonstone
@pytest.mark.card(PRINCESS)
def test_divine_dragonstone_plus_20_when_attacking_a_dragon_only():
    g, m0, m1 = board()
    tiki = add_unit(g, 0, C(PRINCESS))
    dragon = add_unit(g, 1, foe("Wyrm", attack=80, **DRAGON))
    begin(g)
    j = tiki_fight(g, tiki, dragon)
    assert j.attacker_power == 60 + 20 + 10 and j.attacker_wins
    assert g.attack(tiki) == 60
    g, m0, m1 = board()
    tiki = add_unit(g, 0, C(PRINCESS))
    dragon = add_unit(g, 1, foe("Wyrm", attack=80, **DRAGON))
    begin(g, turn=3, player=1)
    assert fight(g, dragon, tiki).defender_power == 60 + 10


# --------------------------------------------------------------------------- Dragonkin Emblem
def _dragonkin(symbol="red", hand=2, attacking=True):
    lord = card("Lord 0", "main character", attack=50, symbols=symbol)
    g, m0, m1 = board(lord)
    cards = add_cards(g, 0, "hand", *[foe(f"Card {i}") for i in range(hand)])
    deck_top(g, 0, C(DIVINE))
    if attacking:
        begin(g)
        declare(g, m0, m1)
    else:
        begin(g, turn=3, player=1)
        declare(g, m1, m0)
    return g, m0, m1, cards


@pytest.mark.card(DIVINE)
def test_dragonkin_emblem_puts_a_card_of_the_hand_into_the_bond_area():
    g, m0, m1, (a, b) = _dragonkin()
    assert g.decision.kind == "choose" and card_choices(g) == {a.id, b.id}
    pick(g, "card", card=b)
    yes(g)
    finish(g)
    assert [bd.copy for bd in g.players[0].bonds] == [b] and g.players[0].bonds[0].face_up
    assert g.players[0].hand == [a]
    assert events(g, ev.BattleJudged)[-1].attacker_power == 50 + 20


@pytest.mark.card(DIVINE)
def test_dragonkin_emblem_is_optional_and_needs_a_red_attacker():
    g, m0, m1, (a, b) = _dragonkin()
    pick(g, "card", card=a)
    no(g)
    finish(g)
    assert g.players[0].bonds == [] and g.players[0].hand == [a, b]
    # A blue attacker: nothing asked.
    g, m0, m1, (a, b) = _dragonkin(symbol="blue")
    finish(g)
    assert g.battle is None and g.players[0].bonds == []
    # A red and blue attacker is red.
    g, m0, m1, (a, b) = _dragonkin(symbol=("blue", "red"))
    assert g.decision.kind == "choose"


@pytest.mark.card(DIVINE)
def test_dragonkin_emblem_is_an_attack_support_only_and_needs_a_card_in_hand():
    g, m0, m1, (a, b) = _dragonkin(attacking=False)
    finish(g)
    assert g.battle is None and g.players[0].bonds == []
    g, m0, m1, cards = _dragonkin(hand=0)
    finish(g)
    assert g.battle is None and g.players[0].bonds == []
    g, m0, m1, cards = _dragonkin(hand=1)
    assert g.decision.kind == "choose"

"""Lena B01-025HN "Saintly Blessing"; Julian B01-027HN "Locktouch" and "Theft of Treasure"."""
import pytest

from fecipher.engine import events as ev
from helpers import (
    C, add_bonds, add_cards, add_unit, begin, board, card, card_choices, deck_top, events, face_up_bonds, foe,
    next_turn, no, pick, use, use_refused, yes,
)
from helpers_more_a import RED, pick_bonds, triggered

LENA, JULIAN = "B01-025HN", "B01-027HN"


# --------------------------------------------------------------------------- Saintly Blessing
def _blessing_board(*hand, bonds=3, down=0):
    g, m0, m1 = board()
    lena = add_unit(g, 0, C(LENA), area="back")
    copies = add_cards(g, 0, "hand", *hand)
    retreat = add_cards(g, 0, "retreat", C("B01-026ST"), foe("One", cost=1), foe("Two", cost=2),
                        C("B01-003ST"))
    add_cards(g, 1, "retreat", foe("Enemy One", cost=1))
    add_bonds(g, 0, *[RED] * bonds)
    add_bonds(g, 0, *[RED] * down, face_up=False)
    begin(g, phase="deployment")
    return g, lena, copies, retreat


@pytest.mark.card(LENA)
def test_saintly_blessing_returns_a_non_lena_cost_1_card_when_a_cost_2_ally_is_deployed():
    g, lena, (recruit,), (other_lena, one, two, marth) = _blessing_board(foe("Recruit", cost=2, symbols="red"))
    pick(g, "deploy", card=recruit, area="front")
    assert g.decision.kind == "may"
    yes(g)
    pick_bonds(g, 1)
    assert face_up_bonds(g, 0) == 2
    # Cost 1 cards of her owner's Retreat Area, not named "Lena".
    assert card_choices(g) == {one.id, marth.id}
    pick(g, "card", card=marth)
    assert g.players[0].hand == [marth] and marth not in g.players[0].retreat
    assert g.decision.kind == "deployment"


@pytest.mark.card(LENA)
def test_saintly_blessing_once_per_turn_declining_does_not_use_it():
    g, lena, (a, b, c), (other_lena, one, two, marth) = _blessing_board(
        foe("Recruit A", cost=1, symbols="red"), foe("Recruit B", cost=1, symbols="red"),
        foe("Recruit C", cost=1, symbols="red"))
    pick(g, "deploy", card=a, area="front")
    no(g)
    assert face_up_bonds(g, 0) == 3
    pick(g, "deploy", card=b, area="front")
    yes(g)
    pick_bonds(g, 1)
    pick(g, "card", card=one)
    n = len(g.events)
    pick(g, "deploy", card=c, area="front")
    assert g.decision.kind == "deployment" and triggered(g, n) == []
    assert g.players[0].hand == [one]


@pytest.mark.card(LENA)
def test_saintly_blessing_not_for_a_cost_3_deployment_nor_an_enemy_one_nor_without_a_bond():
    g, lena, (big, lvl), retreat = _blessing_board(foe("Veteran", cost=3, symbols="red"),
                                                   card("Lord 0", "level 2", cost=1),
                                                   bonds=4)
    n = len(g.events)
    pick(g, "deploy", card=big, area="front")
    assert g.decision.kind == "deployment"
    pick(g, "level_up", card=lvl)              # a level up is not a deployment
    assert g.decision.kind == "deployment" and triggered(g, n) == []
    # An enemy's deployment.
    g, m0, m1 = board()
    add_unit(g, 0, C(LENA))
    add_cards(g, 0, "retreat", foe("One", cost=1))
    add_bonds(g, 0, RED)
    x, = add_cards(g, 1, "hand", foe("Enemy Recruit", cost=1))
    add_bonds(g, 1, RED)
    begin(g, turn=3, player=1, phase="deployment")
    pick(g, "deploy", card=x, area="front")
    assert g.decision.kind == "deployment" and g.decision.player == 1
    # All bonds face-down: the cost cannot be paid, nothing is asked.
    g, lena, (recruit,), retreat = _blessing_board(foe("Recruit", cost=1), bonds=0, down=1)
    pick(g, "deploy", card=recruit, area="front")
    assert g.decision.kind == "deployment" and g.players[0].hand == []
    # With a face-up bond, the same deployment asks.
    g, lena, (recruit,), retreat = _blessing_board(foe("Recruit", cost=1), bonds=1)
    pick(g, "deploy", card=recruit, area="front")
    assert g.decision.kind == "may"


@pytest.mark.card(LENA)
def test_saintly_blessing_again_on_a_later_turn():
    g, lena, (a, b), (other_lena, one, two, marth) = _blessing_board(
        foe("Recruit A", cost=1, symbols="red"), foe("Recruit B", cost=1, symbols="red"))
    pick(g, "deploy", card=a, area="front")
    yes(g)
    pick_bonds(g, 1)
    pick(g, "card", card=one)
    next_turn(g)
    next_turn(g, "deployment")
    pick(g, "deploy", card=b, area="back")
    yes(g)
    pick_bonds(g, 1)
    pick(g, "card", card=marth)
    assert marth in g.players[0].hand


@pytest.mark.card(LENA)
def test_saintly_blessing_a_deployment_by_a_skill_triggers_it():
    g, m0, m1 = board()
    add_unit(g, 0, C(LENA), area="back")
    elice = add_unit(g, 0, C("B01-048N"), area="back")
    marth, one = add_cards(g, 0, "retreat", C("B01-003ST"), foe("One", cost=1))
    add_bonds(g, 0, RED, RED)
    begin(g)
    use(g, elice, "Aum")                                  # deploys Marth (cost 1) from the Retreat Area
    pick_bonds(g, 1)
    pick(g, "card", card=marth)
    pick(g, "area", area="front")
    assert g.decision.kind == "may"
    yes(g)
    assert card_choices(g) == {one.id}                    # the last face-up bond paid its cost
    pick(g, "card", card=one)
    assert g.players[0].hand == [one] and not any(b.face_up for b in g.players[0].bonds)


# --------------------------------------------------------------------------- Locktouch
def _julian_board(top, bonds=1):
    g, m0, m1 = board()
    julian = add_unit(g, 0, C(JULIAN))
    top_copy, = deck_top(g, 1, top)
    mine, = deck_top(g, 0, foe("My Next Card"))
    add_bonds(g, 0, *[RED] * bonds)
    begin(g)
    return g, julian, top_copy, mine


@pytest.mark.card(JULIAN)
def test_locktouch_reveals_a_cost_3_card_and_may_flip_a_bond_to_draw():
    g, julian, top, mine = _julian_board(foe("Hero", cost=3))
    n = len(g.events)
    use(g, julian, "Locktouch")
    assert julian.tapped
    assert [e.cards for e in events(g, ev.Revealed, since=n)] == [(top.id,)]
    assert g.decision.kind == "may"
    yes(g)
    assert face_up_bonds(g, 0) == 0 and g.players[0].hand == [mine]
    assert g.players[1].deck[0] is top                  # the revealed card stays on top
    assert g.decision.kind == "action"


@pytest.mark.card(JULIAN)
def test_locktouch_the_flip_is_optional_and_only_for_cost_3_or_more():
    g, julian, top, mine = _julian_board(foe("Hero", cost=3))
    use(g, julian, "Locktouch")
    no(g)
    assert face_up_bonds(g, 0) == 1 and g.players[0].hand == [] and julian.tapped
    # A cost-2 card: nothing asked, no draw.
    g, julian, top, mine = _julian_board(foe("Squire", cost=2))
    n = len(g.events)
    use(g, julian, "Locktouch")
    assert events(g, ev.Revealed, since=n)
    assert g.decision.kind == "action" and g.players[0].hand == [] and face_up_bonds(g, 0) == 1
    # A cost-3 card without a face-up bond: nothing asked, no draw.
    g, julian, top, mine = _julian_board(foe("Hero", cost=3), bonds=0)
    use(g, julian, "Locktouch")
    assert g.decision.kind == "action" and g.players[0].hand == []
    # Julian tapped: not usable.
    assert "cost" in use_refused(g, julian, "Locktouch")


# --------------------------------------------------------------------------- Theft of Treasure
@pytest.mark.card(JULIAN)
def test_theft_of_treasure_sends_the_opponents_top_card_to_their_retreat_area():
    g, julian, top, mine = _julian_board(foe("Treasure"), bonds=2)
    use(g, julian, "Theft of Treasure")
    pick_bonds(g, 1)
    assert g.players[1].retreat == [top] and top not in g.players[1].deck
    assert g.players[0].retreat == [] and g.players[0].deck[0] is mine
    assert not julian.tapped and face_up_bonds(g, 0) == 1
    # No limit: again while a bond can be flipped, then refused.
    nxt = g.players[1].deck[0]
    use(g, julian, "Theft of Treasure")
    assert g.players[1].retreat == [top, nxt]
    assert "cost" in use_refused(g, julian, "Theft of Treasure")

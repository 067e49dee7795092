"""Anna B01-100HN: "The Anna Sisters" and "One Hundred Annas" (two card rules and a
continuous skill)."""
import pytest

from fecipher.engine import events as ev
from fecipher.engine.deckrules import deck_problems
from fecipher.engine.decisions import Option
from helpers import (
    C, FILLER, add_bonds, add_cards, add_unit, begin, board, card, deck_top, events, fight,
    options, pick, refusal,
)
from vanilla import deck

ANNA = "B01-100HN"
BLUE = card("Blue Bond", symbols="blue")
OTHER_ANNA = card("Anna", "another printing", cost=1, symbols="blue", gender="female")


# --------------------------------------------------------------------------- The Anna Sisters
@pytest.mark.card(ANNA)
def test_the_anna_sisters_plus_10_for_each_other_anna_ally():
    g, m0, m1 = board()
    a = add_unit(g, 0, C(ANNA))
    begin(g)
    assert g.attack(a) == 20
    g, m0, m1 = board()
    a = add_unit(g, 0, C(ANNA))
    b = add_unit(g, 0, C(ANNA), area="back")
    c = add_unit(g, 0, OTHER_ANNA, area="back")
    add_unit(g, 1, C(ANNA))                                 # an enemy Anna does not count
    begin(g)
    assert (g.attack(a), g.attack(b), g.attack(c)) == (40, 40, 50)
    assert fight(g, a, m1).attacker_power == 40 + 10


# --------------------------------------------------------------------------- One Hundred Annas (SPEC)
@pytest.mark.card(ANNA)
def test_one_hundred_annas_deployed_beside_anna_allies():
    g, m0, m1 = board()
    add_unit(g, 0, C(ANNA), area="back")
    x, y = add_cards(g, 0, "hand", C(ANNA), OTHER_ANNA)
    add_bonds(g, 0, BLUE, *[FILLER] * 4)
    begin(g, phase="deployment")
    pick(g, "deploy", card=x, area="front")
    assert len([u for u in g.players[0].units if u.card is C(ANNA)]) == 2
    # Another card named Anna may be deployed beside her too.
    pick(g, "deploy", card=y, area="back")
    assert len(g.players[0].units) == 4


@pytest.mark.card(ANNA)
def test_one_hundred_annas_does_not_lift_rule_5_for_other_names():
    g, m0, m1 = board()
    add_unit(g, 0, C(ANNA), area="back")
    add_unit(g, 0, C("B01-060ST"), area="back")             # a Lissa on the field
    lissa, = add_cards(g, 0, "hand", C("B01-060ST"))
    add_bonds(g, 0, BLUE, *[FILLER] * 4)
    begin(g, phase="deployment")
    assert not options(g, "deploy", card=lissa)
    assert "rule 5" in refusal(g, Option("deploy", card=lissa.id, area="front"))


@pytest.mark.card(ANNA)
def test_one_hundred_annas_any_number_of_copies_in_a_deck():
    mc = card("Lord", "main character")
    assert deck_problems(deck(mc, [C(ANNA)] * 8)) == []
    other = card("Bord", cost=2)
    assert any("copies" in p for p in deck_problems(deck(mc, [other] * 5)))


# --------------------------------------------------------------------------- One Hundred Annas (CONT)
@pytest.mark.card(ANNA)
def test_one_hundred_annas_anna_cards_support_her_successfully():
    for support in (C(ANNA), OTHER_ANNA):
        g, m0, m1 = board()
        anna = add_unit(g, 0, C(ANNA))
        deck_top(g, 0, support)
        begin(g)
        j = fight(g, anna, m1)
        assert (j.attacker_power, j.attacker_support) == (20 + 10, 10)
        assert not events(g, ev.SupportFailed)
    # In defence too.
    g, m0, m1 = board()
    anna = add_unit(g, 0, C(ANNA))
    deck_top(g, 0, C(ANNA))
    begin(g, turn=3, player=1)
    assert fight(g, m1, anna).defender_support == 10


@pytest.mark.card(ANNA)
def test_one_hundred_annas_only_for_anna_herself():
    # Another unit named Anna (without the skill) supported by an Anna card: it fails.
    g, m0, m1 = board()
    other = add_unit(g, 0, OTHER_ANNA)
    add_unit(g, 0, C(ANNA), area="back")
    deck_top(g, 0, C(ANNA))
    begin(g)
    j = fight(g, other, m1)
    assert j.attacker_support == 0 and events(g, ev.SupportFailed)

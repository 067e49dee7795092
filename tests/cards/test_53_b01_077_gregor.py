"""Gregor B01-077N: "Gregor and the Little Dragon" (destroyed in battle: to the Bond Area)."""
import pytest

from fecipher.engine import events as ev
from helpers import (
    C, FILLER, add_bonds, add_unit, begin, board, card, deck_top, events, fight, foe, pick, use, yes,
)

GREGOR = "B01-077N"


@pytest.mark.card(GREGOR)
def test_gregor_destroyed_by_an_enemy_attack_goes_to_the_bond_area_face_up():
    g, m0, m1 = board()
    older = card("Gregor", "older printing", cost=1)
    gregor = add_unit(g, 0, C(GREGOR), older)           # a stack of two Gregor cards
    top, under = gregor.cards
    strong = add_unit(g, 1, foe("Strong", attack=90))
    add_bonds(g, 0, FILLER)
    begin(g, turn=3, player=1)
    j = fight(g, strong, gregor)
    assert j.attacker_wins and g.unit(gregor.id) is None
    bonds = g.players[0].bonds
    assert [b.copy for b in bonds[1:]] == [top, under] and all(b.face_up for b in bonds)
    assert top not in g.players[0].retreat and under not in g.players[0].retreat
    left = events(g, ev.UnitLeftField)[-1]
    assert left.dest == "bonds"


@pytest.mark.card(GREGOR)
def test_gregor_destroyed_by_a_skill_goes_to_the_retreat_area():
    # Gaius's "Assassination" (B01-073SR) destroys him outside a battle.
    g, m0, m1 = board()
    gregor = add_unit(g, 0, C(GREGOR))
    gaius = add_unit(g, 1, C("B01-073SR"))
    add_bonds(g, 1, FILLER, FILLER)
    deck_top(g, 0, card("Revealed", cost=3))
    begin(g, turn=3, player=1)
    use(g, gaius, "Assassination")
    yes(g)
    pick(g, "unit", unit=gregor)
    assert g.unit(gregor.id) is None
    assert gregor.top in g.players[0].retreat and g.players[0].bonds == []


@pytest.mark.card(GREGOR)
def test_gregor_who_survives_or_wins_stays_on_the_field():
    g, m0, m1 = board()
    gregor = add_unit(g, 0, C(GREGOR))
    weak = add_unit(g, 1, foe("Weak", attack=10))
    begin(g)
    fight(g, gregor, weak)
    assert g.unit(weak.id) is None and g.players[1].bonds == []      # enemies go to the retreat area
    assert weak.top in g.players[1].retreat
    assert g.unit(gregor.id) is gregor and g.players[0].bonds == []

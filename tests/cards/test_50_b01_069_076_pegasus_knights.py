"""Sumia (B01-069ST) and Cordelia (B01-076ST): "Winged Deliverer" (their Flying Emblems
are in test_51)."""
import pytest

from helpers import C, add_unit, begin, board, can_attack, choose_units, foe, unit_choices, use, use_refused

PEGASI = [pytest.param(code, marks=pytest.mark.card(code), id=code) for code in ("B01-069ST", "B01-076ST")]


@pytest.mark.parametrize("code", PEGASI)
def test_winged_deliverer_taps_the_pegasus_and_moves_another_ally(code):
    g, m0, m1 = board()
    peg = add_unit(g, 0, C(code))
    tired = add_unit(g, 0, foe("Tired", attack=60), area="back", tapped=True)
    add_unit(g, 1, foe("Enemy"))
    begin(g)
    use(g, peg, "Winged Deliverer")
    assert peg.tapped
    assert unit_choices(g) == {m0.id, tired.id}       # other allies, tapped or not; no enemy
    choose_units(g, tired)
    assert tired.area == "front" and tired.tapped     # a move by a skill keeps the unit tapped
    assert g.decision.kind == "action"


@pytest.mark.parametrize("code", PEGASI)
def test_winged_deliverer_can_move_the_main_character_back(code):
    g, m0, m1 = board()
    peg = add_unit(g, 0, C(code))
    begin(g)
    use(g, peg, "Winged Deliverer")
    choose_units(g, m0)
    assert m0.area == "back" and not m0.tapped
    assert not can_attack(g, m0, m1)                  # range 1 from the back line


@pytest.mark.parametrize("code", PEGASI)
def test_winged_deliverer_needs_the_pegasus_untapped(code):
    g, m0, m1 = board()
    peg = add_unit(g, 0, C(code), tapped=True)
    begin(g)
    assert "cost" in use_refused(g, peg, "Winged Deliverer")
    g, m0, m1 = board()
    peg = add_unit(g, 0, C(code))
    begin(g)
    use(g, peg, "Winged Deliverer")
    choose_units(g, m0)
    assert peg.tapped and m0.area == "back"
    assert "cost" in use_refused(g, peg, "Winged Deliverer")   # once tapped, not again

"""Xane B01-045HN "Imitate"."""
import pytest

from fecipher.engine.cards import Symbol
from helpers import (
    C, add_bonds, add_unit, begin, board, can_attack, choose_units, fight, foe, next_turn, skill_names,
    unit_choices, use, use_refused,
)
from helpers_more_a import RED, pick_bonds

XANE = "B01-045HN"
FLIER = dict(types=("flier",))
DRAGON = dict(types=("dragon",))


def _imitate_board(*allies, bonds=2, enemy=None, xane_area="back"):
    """Xane (in the back line), the allies (a tuple: a class-changed stack) in the back line."""
    g, m0, m1 = board()
    xane = add_unit(g, 0, C(XANE), area=xane_area)
    units = [add_unit(g, 0, *(a if isinstance(a, tuple) else (a,)), area="back",
                      class_changed=isinstance(a, tuple)) for a in allies]
    enemy_unit = add_unit(g, 1, enemy) if enemy is not None else None
    add_bonds(g, 0, *[RED] * bonds)
    begin(g)
    return g, m0, m1, xane, units, enemy_unit


def _imitate(g, xane, model, bonds=2):
    use(g, xane, "Imitate")
    pick_bonds(g, 2)
    choose_units(g, model)


@pytest.mark.card(XANE)
def test_imitate_copies_skills_weapon_and_range_but_not_the_name_and_attack():
    g, m0, m1, xane, (jeorge,), peg = _imitate_board(C("B01-034HN"), enemy=foe("Pegasus", attack=60, **FLIER))
    assert not can_attack(g, xane, peg)                   # range 1 from the back line
    use(g, xane, "Imitate")
    pick_bonds(g, 2)
    assert unit_choices(g) == {m0.id, jeorge.id}           # other allies only, no enemy
    choose_units(g, jeorge)
    assert sum(b.face_up for b in g.players[0].bonds) == 0
    # Jeorge's printed card: bow, range 2, "Peerless Archer" and "Anti-Fliers".
    assert skill_names(g, xane) == {"Peerless Archer", "Anti-Fliers"}
    assert g.ranges(xane) == frozenset({2}) and "bow" in g.types(xane) and "sword" not in g.types(xane)
    assert g.unit_names(xane) == frozenset({"Xane"})
    assert g.attack(xane) == 30                            # his attack, not Jeorge's 50
    # The copied range and Anti-Fliers work: from the back line, +30 on a flier.
    j = fight(g, xane, peg)
    assert j.attacker_power == 30 + 30 + 10 and j.attacker_wins


@pytest.mark.card(XANE)
def test_imitate_copies_cost_symbol_and_types():
    g, m0, m1, xane, (chrom, caeda), _ = _imitate_board(C("B01-053ST"), C("B01-006ST"), bonds=4)
    _imitate(g, xane, chrom)
    assert g.cost(xane) == 1 and Symbol.BLUE in g.symbols(xane) and Symbol.RED not in g.symbols(xane)
    assert skill_names(g, xane) == {"Brilliance of the Brand"}
    g, m0, m1, xane, (chrom, caeda), _ = _imitate_board(C("B01-053ST"), C("B01-006ST"), bonds=4)
    _imitate(g, xane, caeda)
    assert {"flier", "beast", "lance"} <= g.types(xane)
    assert skill_names(g, xane) == {"Princess's Charisma"}


@pytest.mark.card(XANE)
def test_imitate_is_lost_until_the_end_of_the_turn_then_xane_is_himself_again():
    g, m0, m1, xane, (jeorge,), _ = _imitate_board(C("B01-034HN"), bonds=4)
    _imitate(g, xane, jeorge)
    assert "Imitate" not in skill_names(g, xane)
    assert "no such skill" in use_refused(g, xane, "Imitate")   # not offered again this turn
    next_turn(g)
    assert skill_names(g, xane) == {"Imitate"} and g.ranges(xane) == frozenset({1}) and g.cost(xane) == 3
    next_turn(g)
    _imitate(g, xane, jeorge)
    assert "Anti-Fliers" in skill_names(g, xane)


@pytest.mark.card(XANE)
def test_imitate_takes_printed_values_not_the_allys_modifications():
    g, m0, m1, xane, (linde,), _ = _imitate_board(C("B01-035R"), bonds=4)
    use(g, linde, "Aura")
    pick_bonds(g, 1)
    assert g.attack(linde) == 70
    _imitate(g, xane, linde)
    assert g.attack(xane) == 30 and g.ranges(xane) == frozenset({1, 2})
    # The copied "Aura" is his own: Linde's use this turn does not count for him.
    use(g, xane, "Aura")
    assert g.attack(xane) == 50


@pytest.mark.card(XANE)
def test_imitate_a_copied_ccs_skill_is_inactive_on_xane():
    g, m0, m1, xane, (chrom,), wyrm = _imitate_board((C("B01-051SR"), C("B01-053ST")), xane_area="front",
                                                     enemy=foe("Wyrm", attack=30, **DRAGON))
    _imitate(g, xane, chrom)
    assert skill_names(g, xane) == {"Authority of the Exalt", "Exalted Falchion"}
    assert not xane.class_changed
    # "Exalted Falchion" [CCS]: no +40 against a dragon, Xane is not class changed.
    assert fight(g, xane, wyrm).attacker_power == 30 + 10


@pytest.mark.card(XANE)
def test_imitate_needs_2_face_up_bonds():
    g, m0, m1, xane, units, _ = _imitate_board(bonds=1)
    assert "cost" in use_refused(g, xane, "Imitate")

"""Camus B01-050SR "Gradvius, the Divine Lance"."""
import pytest

from fecipher.engine import events as ev
from helpers import (
    C, add_bonds, add_unit, begin, board, can_attack, events, fight, finish, foe, next_turn, use, use_refused,
)
from helpers_more_a import RED, pick_bonds

CAMUS = "B01-050SR"
GRADVIUS = "Gradvius, the Divine Lance"


def _gradvius_board(bonds=4, mc_cost=1):
    g, m0, m1 = board(None, foe("Lord 1", cost=mc_cost))
    camus = add_unit(g, 0, C(CAMUS), area="back")
    ally = add_unit(g, 0, foe("Cheap Ally", cost=1))
    a = add_unit(g, 1, foe("A", cost=1))
    b = add_unit(g, 1, foe("B", cost=2), area="back")
    c = add_unit(g, 1, foe("C", cost=3))
    add_bonds(g, 0, *[RED] * bonds)
    begin(g)
    return g, m1, camus, ally, a, b, c


@pytest.mark.card(CAMUS)
def test_gradvius_destroys_every_enemy_with_cost_2_or_less_and_counts_them():
    g, m1, camus, ally, a, b, c = _gradvius_board()
    assert not can_attack(g, camus, c)                   # range 1 from the back line
    n = len(g.events)
    use(g, camus, GRADVIUS)
    finish(g)                                            # the Main Character breaks an orb
    assert sum(bd.face_up for bd in g.players[0].bonds) == 0
    assert g.unit(a.id) is None and g.unit(b.id) is None and g.unit(c.id) is c
    assert g.unit(ally.id) is ally                       # allies are not destroyed
    # The Main Character (cost 1) is destroyed too: an orb breaks, it stays (rule 4).
    assert g.unit(m1.id) is m1 and len(g.players[1].orbs) == 4
    destroyed = [e.unit for e in events(g, ev.UnitDestroyed, since=n)]
    assert sorted(destroyed) == sorted([a.id, b.id, m1.id])
    # +10 for each of the 3, and range 1-2, until the end of the turn.
    assert g.attack(camus) == 70 + 30 and g.ranges(camus) == frozenset({1, 2})
    assert not camus.tapped
    j = fight(g, camus, c)
    assert j.attacker_power == 100 + 10
    next_turn(g)
    assert g.attack(camus) == 70 and g.ranges(camus) == frozenset({1})


@pytest.mark.card(CAMUS)
def test_gradvius_an_enemy_main_character_with_cost_3_is_not_destroyed():
    g, m1, camus, ally, a, b, c = _gradvius_board(bonds=8, mc_cost=3)
    use(g, camus, GRADVIUS)
    pick_bonds(g, 4)
    assert len(g.players[1].orbs) == 5 and g.attack(camus) == 90
    # Used again (no limit): nothing left to destroy, +0, the first +20 stays.
    use(g, camus, GRADVIUS)
    assert g.attack(camus) == 90 and g.unit(c.id) is c


@pytest.mark.card(CAMUS)
def test_gradvius_needs_4_face_up_bonds():
    g, m1, camus, ally, a, b, c = _gradvius_board(bonds=3)
    assert "cost" in use_refused(g, camus, GRADVIUS)

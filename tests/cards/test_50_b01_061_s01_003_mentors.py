"""Frederick (B01-061ST) and Jagen (S01-003ST): "Battlefield Mentor" (SPEC)."""
import pytest

from fecipher.engine.decisions import Option
from helpers import C, FILLER, add_bonds, add_cards, begin, board, card, options, pick, refusal

MENTORS = [pytest.param(code, marks=pytest.mark.card(code), id=code) for code in ("B01-061ST", "S01-003ST")]


@pytest.mark.parametrize("code", MENTORS)
def test_battlefield_mentor_cannot_be_placed_in_the_bond_area(code):
    g, m0, m1 = board()
    mentor, other = add_cards(g, 0, "hand", C(code), C("B01-019ST"))
    begin(g, phase="bond")
    assert g.decision.kind == "bond"
    assert not options(g, "place_bond", card=mentor)
    reason = refusal(g, Option("place_bond", card=mentor.id))
    assert "cannot be placed in the Bond Area" in reason
    pick(g, "place_bond", card=other)
    assert [b.copy for b in g.players[0].bonds] == [other]


@pytest.mark.parametrize("code", MENTORS)
def test_battlefield_mentor_can_still_be_deployed(code):
    g, m0, m1 = board()
    mentor, = add_cards(g, 0, "hand", C(code))
    add_bonds(g, 0, card("Bond", symbols=C(code).symbols[0].value), FILLER, FILLER)
    begin(g, phase="bond")
    assert not options(g, "place_bond", card=mentor)
    pick(g, "pass")
    pick(g, "deploy", card=mentor, area="front")
    assert g.players[0].front[-1].card is C(code)

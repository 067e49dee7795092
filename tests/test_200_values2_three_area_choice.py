"""One choice of a card among a player's hand, bond area and orbs: `your opponent chooses 1 card
from their hand or their bond area or their orbs` ("Your opponent chooses 1 card from their hand,
1 card in the Bond Area, or 1 of their Orbs, and sends it to the Retreat Area", B19-004SR;
docs/skill-language.md, "One choice among the hand, the bonds and the orbs"): every card of the
three areas is offered in one choice (a face-down bond or orb too, as an unknown card to a
chooser who cannot see it), and the card chosen leaves its own area."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_bonds, add_cards, add_orbs, add_unit, begin, card, duel, pick

PACK = '''
card "Schemer, Three Ways"
  codes TST-220
  cost 3
  symbol black
  range 1
  attack 50
  support 10
  act "Mire"
    your opponent chooses 1 card from their hand or their bond area or their orbs
    your opponent sends it to their retreat area
'''


def _schemer():
    return compile_text(PACK, "t.fe0")[0]


def test_reads_as_the_card():
    assert _schemer().skills[0].text == (
        "Mire |ACT| Your opponent chooses 1 card from their hand or their Bond Area or their Orbs. "
        "Your opponent sends it to their Retreat Area.")


def _board():
    g, _, _ = duel(orbs=0)
    add_unit(g, 0, _schemer())
    hand, = add_cards(g, 1, "hand", card("Handed"))
    up, down = add_bonds(g, 1, card("Up Bond")), add_bonds(g, 1, card("Down Bond"), face_up=False)
    orbs = add_orbs(g, 1, [card("Orb A"), card("Orb B")])
    begin(g)
    return g, hand, up[0].copy, down[0].copy, [o.copy for o in orbs]


def test_every_card_of_the_three_areas_is_offered_to_the_opponent_in_one_choice():
    g, hand, up, down, orbs = _board()
    pick(g, "use_skill", skill="Mire")
    assert g.decision.player == 1
    offered = [o.card for o in g.legal_options() if o.kind == "card"]
    assert offered == [hand.id, up.id, down.id, orbs[0].id, orbs[1].id]
    labels = [o.label for o in g.legal_options() if o.kind == "card"]
    assert labels[-1].startswith("unknown card")   # an orb: its owner does not see it


@pytest.mark.parametrize("which", ["hand", "down", "orb"])
def test_the_chosen_card_leaves_its_own_area_for_the_retreat_area(which):
    g, hand, up, down, orbs = _board()
    chosen = {"hand": hand, "down": down, "orb": orbs[1]}[which]
    pick(g, "use_skill", skill="Mire")
    pick(g, "card", card=chosen.id)
    p = g.players[1]
    assert [c.id for c in p.retreat] == [chosen.id]
    assert len(p.hand) + len(p.bonds) + len(p.orbs) == 4


def _src(line: str) -> str:
    return (f'card "Bad, One"\n  codes BAD-001\n  cost 1\n  attack 30\n  support 10\n  act "S"\n    {line}\n'
            f'    your opponent sends it to their retreat area\n')


@pytest.mark.parametrize("line, message", [
    ("your opponent chooses 1 card from their hand or their deck or their orbs",
     "or from a player's hand, bond area or orbs"),
    ("your opponent chooses 1 card from their hand or their bond area or your orbs",
     "or from a player's hand, bond area or orbs"),
    ("your opponent chooses 1 red card from their hand or their bond area or their orbs",
     "a face-down bond or orb shows no qualities"),
    ("your opponent chooses 1 card from their hand or their bond area",
     "from a player's hand or Retreat Area"),
])
def test_near_misses_are_refused(line, message):
    with pytest.raises(LanguageError) as e:
        compile_text(_src(line), "bad.fe0")
    assert message in str(e.value)

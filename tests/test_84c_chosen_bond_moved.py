"""A chosen bond moved as the card it is ("Choose 1 of your face-up Bond cards, and send it
to the Retreat Area"): `send` / `add` / `put` take `the chosen bond`, which names the bond
card the skill's `choose ... bond(s)` line picked (docs/skill-language.md, "Turning bonds and
orbs; face-down bonds"). Before, the checker refused it ("'send' takes units, cards or what
was chosen, not bonds"), and a skill that had revealed a card before choosing the bond could
say neither `it` (ambiguous) nor `the chosen bond` (B08-062HN Lana "Blessings and
Friendship")."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, events, options, pick

PACK = '''
card "Lana, Bond Sender"
  codes TST-848
  cost 1
  symbol yellow
  range 1
  attack 30
  support 10
  act "Blessing"
    reveal the top card of your deck
    put it into your bond area
    if you do: choose 1 of your face-up bonds
    send the chosen bond to your retreat area
  act "Take Back"
    choose 1 face-down bond
    add the chosen bond to your hand
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "chosen_bond.fe0")}
YELLOW = card("Yellow Bond", "bond", symbols="yellow")
TOP = card("Top Card", "top", symbols="yellow")


def _use(game, skill):
    pick(game, "use_skill", skill=skill)


def test_a_revealed_card_put_into_the_bonds_then_a_chosen_face_up_bond_sent_to_the_retreat_area():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Lana"])
    up, down = add_bonds(game, 0, YELLOW, YELLOW)
    down.face_up = False
    (top,) = add_cards(game, 0, "deck", TOP, top=True)
    begin(game)
    _use(game, "Blessing")
    offered = {o.card for o in options(game, "card")}
    assert offered == {up.copy.id, top.id}          # face-up bonds only, the new one too
    pick(game, "card", card=up.copy)
    p = game.players[0]
    assert up.copy in p.retreat
    assert [b.copy for b in p.bonds] == [down.copy, top]
    moved = [e for e in events(game, ev.CardMoved) if e.card == up.copy.id]
    assert [(e.source, e.dest, e.by_skill) for e in moved] == [("bonds", "retreat", True)]


def test_a_chosen_face_down_bond_is_added_to_the_hand():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Lana"])
    up, down = add_bonds(game, 0, YELLOW, YELLOW)
    down.face_up = False
    begin(game)
    _use(game, "Take Back")
    assert [o.card for o in options(game, "card")] == [down.copy.id]
    pick(game, "card", card=down.copy)
    p = game.players[0]
    assert down.copy in p.hand
    assert [b.copy for b in p.bonds] == [up.copy]


@pytest.mark.parametrize("line, message", [
    ("destroy the chosen bond", "'destroy' takes"),
    ("move the chosen bond", "'move' takes"),
])
def test_a_chosen_bond_is_not_a_unit(line, message):
    text = ('card "Probe, Probe"\n  codes TST-838\n  cost 1\n  attack 10\n  support 10\n  act "X"\n'
            '    choose 1 face-down bond\n    ' + line + "\n")
    with pytest.raises(LanguageError) as e:
        compile_text(text, "x.fe0")
    assert message in str(e.value)


def test_describe_says_what_the_card_says():
    texts = {s.name: s.text for c in CARDS.values() for s in c.skills}
    assert texts["Take Back"] == "Take Back |ACT| Choose 1 face-down bond. Add the chosen Bond to your hand."

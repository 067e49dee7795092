"""A card filtered by having a Class Change Cost: `choose 1 card with a class change cost
... from your hand` ("Choose 1 card from your hand with a Class Change Cost that has the same
name as that ally, and stack it on top of that ally to Class Change them", B08-039R Tiki
"Rite of Awakening"). The cost read is the card's computed one (engine/card_values.py): a
card given one by a skill has one. The filter goes with cards only: a unit that was class
changed is a `class-changed` one (docs/skill-language.md, "Units and cards with a support
skill or a keyword skill")."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, events, options, pick

PACK = '''
card "Tiki, Rite Keeper"
  codes TST-835
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Rite"
    choose 1 ally
    choose 1 card with a class change cost with the same unit name as that ally from your hand
    put the chosen card onto that ally
  act "Recall"
    choose 1 card with a class change cost from your retreat area
    add it to your hand
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "cc_filter.fe0")}
ANSEL = card("Ansel", cost=1)
ANSEL_CC = card("Ansel", cost=4, cc=3)
ANSEL_PLAIN = card("Ansel", "plain cost 2", cost=2)


def _use(game, skill):
    pick(game, "use_skill", skill=skill)


def test_only_cards_with_a_class_change_cost_are_offered_and_the_ally_class_changes():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Tiki"])
    ansel = add_unit(game, 0, ANSEL)
    cc, plain = add_cards(game, 0, "hand", ANSEL_CC, ANSEL_PLAIN)
    begin(game)
    _use(game, "Rite")
    pick(game, "unit", unit=ansel)
    assert [o.card for o in options(game, "card")] == [cc.id]
    pick(game, "card", card=cc)
    assert ansel.cards[0] is cc
    changed = events(game, ev.ClassChanged)
    assert [(e.unit, e.by_skill) for e in changed] == [(ansel.id, True)]
    assert plain in game.players[0].hand


def test_a_search_of_the_retreat_area_by_class_change_cost():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Tiki"])
    plain, cc = add_cards(game, 0, "retreat", ANSEL_PLAIN, ANSEL_CC)
    begin(game)
    _use(game, "Recall")
    assert [o.card for o in options(game, "card")] == [cc.id]
    pick(game, "card", card=cc)
    assert cc in game.players[0].hand and plain in game.players[0].retreat


def test_a_unit_is_not_filtered_by_a_class_change_cost():
    text = ('card "Probe, Probe"\n  codes TST-834\n  cost 1\n  attack 10\n  support 10\n  act "X"\n'
            '    choose 1 ally with a class change cost\n    move it\n')
    with pytest.raises(LanguageError) as e:
        compile_text(text, "x.fe0")
    assert "'with a class change cost' goes with cards" in str(e.value)


def test_describe_says_what_the_card_says():
    texts = {s.name: s.text for c in CARDS.values() for s in c.skills}
    assert texts["Recall"] == ("Recall |ACT| Choose 1 card with a Class Change Cost from your Retreat Area. "
                               "Add it to your hand.")

"""One choice of a card from two areas: `choose 1 "Mia" card from your hand or your retreat area`
("choose 1 "Mia" from your hand or Retreat Area, and stack it under this unit to Growth her",
B03-021SR): the cards of both areas are offered in one choice. Only an effect line's `choose` of
cards from one player's hand and Retreat Area says it."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_cards, add_unit, begin, card, duel, pick

HEAD = '''
card "Mia, Probe"
  codes TST-984
  cost 1
  symbol green
  range 1
  attack 30
  support 10
'''

SKILL = '''  act "Practice"
    choose 1 "Mia" card from your hand or your retreat area
    put it under this unit
'''

CARD = compile_text(HEAD + SKILL, "game.fe0")[0]


def test_reads():
    assert 'Choose 1 "Mia" card from your hand or your Retreat Area' in CARD.skills[0].text, CARD.skills[0].text


@pytest.mark.parametrize("line, words", [
    ('choose 1 "Mia" card from your hand or your deck\n    put it under this unit',
     "from a player's hand or Retreat Area"),
    ('choose 1 "Mia" card from your hand or your opponent\'s retreat area\n    put it under this unit',
     "from a player's hand or Retreat Area"),
    ('send 1 "Mia" card from your hand or your retreat area to your boundless area',
     "goes with an effect line's 'choose'"),
])
def test_refused_near_misses(line, words):
    with pytest.raises(LanguageError) as e:
        compile_text(HEAD.replace("TST-984", "TST-985") + SKILL.replace(
            'choose 1 "Mia" card from your hand or your retreat area\n    put it under this unit', line), "bad.fe0")
    assert words in str(e.value)


@pytest.mark.parametrize("which", [0, 1])
def test_the_cards_of_both_areas_are_offered_in_one_choice(which):
    game, mc0, mc1 = duel(card("Lord 0"), card("Lord 1"))
    me = add_unit(game, 0, CARD)
    add_unit(game, 1, card("Enem"))
    hand = add_cards(game, 0, "hand", card("Mia", "in hand"), card("Other", "in hand"))
    retreat = add_cards(game, 0, "retreat", card("Mia", "in retreat"), card("Other", "in retreat"))
    begin(game)
    pick(game, "use_skill", skill="Practice")
    offered = {o.card for o in game.legal_options() if o.kind == "card"}
    assert offered == {hand[0].id, retreat[0].id}
    chosen = (hand[0], retreat[0])[which]
    pick(game, "card", card=chosen.card)
    assert [c.id for c in me.cards] == [me.cards[0].id, chosen.id]
    assert chosen.id not in [c.id for c in game.players[0].hand] + [c.id for c in game.players[0].retreat]

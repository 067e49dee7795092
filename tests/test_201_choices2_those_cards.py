"""A second choice among the cards an earlier choice chose, and the cards it left: `choose 2 cards
... from your retreat area`, `choose 1 of those cards`, `add it to your hand`, `put the other card
under your main character` ("Choose 2 cards from your Retreat Area with the same Unit Name as your
Main Character. If you do, choose 1 of those cards, add it to your hand, and stack the other card
under your Main Character to Growth them", B14-089HN). 'those cards' names the choice of the line
right before (never another one); after it `it` names the second choice, and `the chosen card`
would be either, so it is refused."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine.state import RETREAT

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, pick

HEAD = '''
card "Rhyd, Probe"
  codes TST-203
  cost 1
  symbol green
  range 1
  attack 30
  support 10
'''

SKILL = '''  act "Bishop"
    choose 2 cards with the same unit name as your main character from your retreat area
    choose 1 of those cards
    add it to your hand
    put the other card under your main character
'''

CARDS = {c.unit_name: c for c in compile_text(HEAD + SKILL, "game.fe0")}


def test_reads():
    text = CARDS["Rhyd"].skills[0].text
    assert ("Choose 2 cards with the same Unit Name as your Main Character from your Retreat Area. Choose 1 of "
            "those cards. Add it to your hand. Put the other card under your Main Character.") in text, text


@pytest.mark.parametrize("lines, words", [
    # no choice before, a reveal, a choice of allies: 'those cards' would name nothing or another thing
    (["choose 1 of those cards", "add it to your hand"], "chooses among the cards the line right before chose"),
    (["reveal the top 2 cards of your deck", "choose 1 of those cards", "add it to your hand"],
     "'among them' is for cards revealed"),
    (["choose 1 ally", "choose 1 of those cards", "add it to your hand"], "chooses among the cards"),
    # a line between that does not name the first choice, or the first choice under a condition
    (["choose 2 cards from your retreat area", "draw 1", "choose 1 of those cards", "add it to your hand"],
     "chooses among the cards the line right before chose"),
    (["if you have 2 or more bonds: choose 2 cards from your retreat area", "choose 1 of those cards",
      "add it to your hand"], "chooses among the cards the line right before chose"),
    # 'the other card' with no such choice; 'the chosen card' after two choices of cards
    (["choose 2 cards from your retreat area", "add them to your hand", "put the other card under your main character"],
     "'the other card' names the cards a 'choose N of those cards' line"),
    (["choose 2 cards from your retreat area", "choose 1 of those cards", "add the chosen card to your hand"],
     "ambiguous"),
    # only with 'choose', only among cards
    (["choose 2 cards from your retreat area", "add 1 of those cards to your hand"], "goes with an effect line's"),
    (["choose 2 allies", "choose 1 of those allies", "tap it"], "among units it is not supported"),
])
def test_refused_near_misses(lines, words):
    text = HEAD + '  act "Bishop"\n' + "".join(f"    {x}\n" for x in lines)
    with pytest.raises(LanguageError) as e:
        compile_text(text, "bad.fe0")
    assert words in str(e.value)
    assert "expected" not in str(e.value).lower()


def _board(*retreat):
    game, mc0, mc1 = duel(card("Ansel", "main character"), card("Lord 1"))
    me = add_unit(game, 0, CARDS["Rhyd"])
    add_bonds(game, 0, card("Bond"), card("Bond"))
    add_cards(game, 0, RETREAT, *retreat)
    begin(game)
    return game, mc0, me


def _copy(game, c):
    return next(x for x in game.players[0].retreat if x.card is c)


def test_second_choice_among_the_first_and_the_other_card_grows():
    emperor, hero, prince, bryn = card("Ansel", "emperor"), card("Ansel", "hero"), card("Ansel", "prince"), \
        card("Bryn")
    game, mc, me = _board(emperor, hero, prince, bryn)
    pick(game, "use_skill", skill="Bishop")
    offered = {o.card for o in game.legal_options() if o.kind == "card"}
    assert _copy(game, bryn).id not in offered and len(offered) == 3
    pick(game, "card", card=_copy(game, emperor))
    pick(game, "card", card=_copy(game, hero))
    # only the two chosen are offered now
    offered = {o.card for o in game.legal_options() if o.kind == "card"}
    assert offered == {_copy(game, emperor).id, _copy(game, hero).id}
    pick(game, "card", card=_copy(game, hero))
    p0 = game.players[0]
    assert [c.card for c in p0.hand] == [hero]
    assert [c.card for c in mc.cards] == [mc.cards[0].card, emperor]     # grown: under the MC
    assert {c.card for c in p0.retreat} == {prince, bryn}


def test_the_other_card_is_what_the_first_choice_left_even_after_a_later_choice():
    # a third choice of cards after the pair does not change what 'the other card' names
    pack = compile_text(HEAD.replace("TST-203", "TST-204").replace("Rhyd", "Rhye") + '''  act "Bishop"
    choose 2 cards with the same unit name as your main character from your retreat area
    choose 1 of those cards
    add it to your hand
    choose 1 card with cost 0 from your retreat area
    put it on top of your deck
    put the other card under your main character
''', "later.fe0")[0]
    emperor, hero, bryn = card("Ansel", "emperor"), card("Ansel", "hero"), card("Bryn", cost=0)
    game, mc0, mc1 = duel(card("Ansel", "main character"), card("Lord 1"))
    add_unit(game, 0, pack)
    add_cards(game, 0, RETREAT, emperor, hero, bryn)
    begin(game)
    pick(game, "use_skill", skill="Bishop")
    pick(game, "card", card=_copy(game, emperor))
    pick(game, "card", card=_copy(game, hero))
    pick(game, "card", card=_copy(game, emperor))
    pick(game, "card", card=_copy(game, bryn))
    assert game.players[0].deck[0].card is bryn
    assert [c.card for c in mc0.cards][1:] == [hero]
    assert [c.card for c in game.players[0].hand] == [emperor]

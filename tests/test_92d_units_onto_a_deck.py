"""Several units put on top of a deck go in the order the player putting them there
chooses, unit by unit, each with its whole stack: "Your opponent places the chosen units on
top of their Deck in any order they wish" (B07-010SR Ninian, B09-035HN Palla, B09-036HN
Catria) is `your opponent puts them on top of their deck`, and the opponent orders. A unit put
on the bottom of a deck goes to its bottom (it went to the top before)."""
from fecipher.dsl.packs import compile_text
from fecipher.engine.decisions import UNIT

from vanilla import add_cards, add_unit, begin, card, duel, pick

PACK = '''
card "Ninian, Probe"
  codes TST-951
  cost 1
  symbol purple
  range 1
  attack 30
  support 10
  act "Banish"
    choose any number of non-main character enemies
    your opponent puts them on top of their deck
  act "Stash"
    choose any number of non-main character enemies
    put them on top of your opponent's deck
  act "Sink"
    choose 1 non-main character enemy
    put it on the bottom of your opponent's deck
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "units_deck.fe0")}


def _board():
    game, _, _ = duel(deck=2)
    add_unit(game, 0, CARDS["Ninian"])
    a = add_unit(game, 1, card("Orin", attack=30))
    b_top, b_under = card("Pell", "cost 3", cost=3), card("Pell", "cost 1", cost=1)
    b = add_unit(game, 1, b_top, b_under)      # a levelled-up unit: a stack of 2
    begin(game)
    return game, a, b


def _choose_all(game, units):
    for u in units:
        pick(game, "unit", unit=u)
    if any(o.kind == "done" for o in game.legal_options()):
        pick(game, "done")


def test_the_opponent_orders_the_units_it_puts_on_its_deck():
    game, a, b = _board()
    a_card, b_cards = a.cards[0].id, [c.id for c in b.cards]
    pick(game, "use_skill", skill="Banish")
    _choose_all(game, [a, b])
    d = game.decision
    assert d is not None and d.player == 1 and all(o.kind == UNIT for o in game.legal_options())
    game.answer(next(o for o in game.legal_options() if o.unit == b.id))   # Pell first: Orin ends on top
    deck = [c.id for c in game.players[1].deck]
    assert deck[:3] == [a_card, *b_cards]     # the stack keeps its order under Orin
    assert game.unit(a.id) is None and game.unit(b.id) is None


def test_the_skills_controller_orders_when_it_puts_them():
    game, a, b = _board()
    a_card, b_cards = a.cards[0].id, [c.id for c in b.cards]
    pick(game, "use_skill", skill="Stash")
    _choose_all(game, [a, b])
    assert game.decision.player == 0
    game.answer(next(o for o in game.legal_options() if o.unit == a.id))   # Orin first: Pell on top
    deck = [c.id for c in game.players[1].deck]
    assert deck[:3] == [*b_cards, a_card]


def test_a_unit_put_on_the_bottom_of_a_deck():
    game, a, b = _board()
    pick(game, "use_skill", skill="Sink")
    pick(game, "unit", unit=b)
    deck = [c.id for c in game.players[1].deck]
    assert len(deck) == 4
    assert deck[-2:] == [c.id for c in b.cards]   # at the bottom, its top card first

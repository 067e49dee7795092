"""A choice of cards with different deployment costs, and the opponent choosing among them:
`choose 2 cards with different costs from your retreat area`, `your opponent chooses 1 of those
cards`, `you may deploy it`, `send the other card to your boundless area` ("Choose 2 cards with
different Deployment Costs from your Retreat Area. Your opponent chooses 1 of those cards. You can
deploy the card that your opponent chose, and send the other to the Boundless Area", B17-115R).

"with different costs" is a rule of the choice (dsl/selectors.choice_rule): the cards are chosen
one at a time, each step offering only cards whose cost no card chosen before has. The
opponent's choice among those cards offers both whatever the lines can do with them: it only
sorts them between 'it' and 'the other card' (dsl/skillcompile.choice_keep)."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine.state import BOUNDLESS, RETREAT

from vanilla import add_cards, add_unit, begin, card, duel, pick

PACK = '''
card "Shade, Probe"
  codes TST-320
  cost 1
  symbol green
  range 1
  attack 30
  support 10

  act "Lesson"
    cost tap this unit
    choose 2 cards with different costs from your retreat area
    your opponent chooses 1 of those cards
    you may deploy it
    send the other card to your boundless area
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "game.fe0")}


def test_reads():
    assert ("Choose 2 cards with different Deployment Costs from your Retreat Area. Your opponent chooses 1 of "
            "those cards. You may deploy it. Send the other card to your Boundless Area.") in CARDS["Shade"].skills[0].text


@pytest.mark.parametrize("old, new, words", [
    ("choose 2 cards with different costs", "choose 1 card with different costs", "needs a choice of 2 or more"),
    ("choose 2 cards with different costs", "choose all cards with different costs", "needs a choice of 2 or more"),
])
def test_refused_near_misses(old, new, words):
    with pytest.raises(LanguageError) as e:
        compile_text(PACK.replace(old, new), "bad.fe0")
    assert words in str(e.value)
    assert "expected" not in str(e.value).lower()


def _board(*cards):
    game, mc0, mc1 = duel(card("Lord 0"), card("Lord 1"))
    add_unit(game, 0, CARDS["Shade"])
    add_cards(game, 0, RETREAT, *cards)
    begin(game)
    ids = {c.card.unit_name: c.id for c in game.players[0].retreat}
    return game, ids


def _offered(game):
    return {o.card for o in game.legal_options() if o.kind == "card"}


def test_second_card_has_another_cost():
    game, ids = _board(card("Twoa", cost=2), card("Twob", cost=2), card("Thre", cost=3))
    pick(game, "use_skill", skill="Lesson")
    assert _offered(game) == {ids["Twoa"], ids["Twob"], ids["Thre"]}
    pick(game, "card", card=ids["Twoa"])
    assert _offered(game) == {ids["Thre"]}


def test_opponent_chooses_the_deployed_one_the_other_is_sent():
    game, ids = _board(card("Twoa", cost=2), card("Thre", cost=3))
    pick(game, "use_skill", skill="Lesson")
    pick(game, "card", card=ids["Twoa"])
    pick(game, "card", card=ids["Thre"])
    # the opponent chooses among those two
    assert game.decision.player == 1 and _offered(game) == {ids["Twoa"], ids["Thre"]}
    pick(game, "card", card=ids["Thre"])
    pick(game, "yes")
    pick(game, "area", area="back")
    p0 = game.players[0]
    assert [u.card.unit_name for u in p0.back] == ["Thre"]
    assert [c.card.unit_name for c in p0.boundless] == ["Twoa"]
    assert not p0.retreat


def test_declined_the_other_is_still_sent():
    game, ids = _board(card("Twoa", cost=2), card("Thre", cost=3))
    pick(game, "use_skill", skill="Lesson")
    pick(game, "card", card=ids["Twoa"])
    pick(game, "card", card=ids["Thre"])
    pick(game, "card", card=ids["Twoa"])
    pick(game, "no")
    p0 = game.players[0]
    assert [c.card.unit_name for c in p0.retreat] == ["Twoa"]
    assert [c.card.unit_name for c in p0.boundless] == ["Thre"]


def test_opponent_may_choose_a_card_that_cannot_be_deployed():
    # a card with the unit name of an ally cannot be deployed; the opponent may still choose it
    game, ids = _board(card("Shade", "other", cost=2), card("Thre", cost=3))
    pick(game, "use_skill", skill="Lesson")
    pick(game, "card", card=ids["Shade"])
    pick(game, "card", card=ids["Thre"])
    assert _offered(game) == {ids["Shade"], ids["Thre"]}
    pick(game, "card", card=ids["Shade"])
    p0 = game.players[0]
    assert [c.card.unit_name for c in p0.retreat] == ["Shade"]
    assert [c.card.unit_name for c in p0.boundless] == ["Thre"]

"""One choice of cards in two parts with their own filters: `choose 1 card with cost 3 or lower and
1 card with cost 1 or lower from your retreat area`, then `deploy the chosen cards` ("Choose 1 card
with a Deployment Cost of 3 or lower, and 1 card with a Deployment Cost of 1 or lower, from your
Retreat Area. If you do, deploy the chosen cards", B21-011SR). The first part's card is chosen first,
then the second's among the others; later lines name all the cards chosen
(dsl/skillcompile.two_part_choice)."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine.state import RETREAT

from vanilla import add_cards, add_unit, begin, card, duel, pick

HEAD = '''
card "Merce, Probe"
  codes TST-208
  cost 1
  symbol brown
  range 1
  attack 30
  support 10
'''

SKILL = '''  act "Equestrianism"
    choose 1 card with cost 3 or lower and 1 card with cost 1 or lower from your retreat area
    add the chosen cards to your hand
'''

CARDS = {c.unit_name: c for c in compile_text(HEAD + SKILL, "game.fe0")}


def test_reads():
    assert ("Choose 1 card with a Deployment Cost of 3 or lower and 1 card with a Deployment Cost of 1 or lower "
            "from your Retreat Area. Add the chosen cards to your hand.") in CARDS["Merce"].skills[0].text


@pytest.mark.parametrize("line, words", [
    ("choose 1 card from your hand and 1 card from your retreat area", "names the area once"),
    ("choose 1 ally and 1 enemy", "one choice of cards in two parts"),
    ("choose all cards with cost 1 and 1 card from your retreat area", "one choice of cards in two parts"),
    ("choose up to 2 cards and 1 card from your retreat area", "one choice of cards in two parts"),
])
def test_refused_near_misses(line, words):
    with pytest.raises(LanguageError) as e:
        compile_text(HEAD + SKILL.replace("choose 1 card with cost 3 or lower and 1 card with cost 1 or lower from "
                                          "your retreat area", line).replace("the chosen cards", "them"), "bad.fe0")
    assert words in str(e.value)
    assert "expected" not in str(e.value).lower()


def test_first_part_leaves_the_second_its_card():
    """A choice chooses as many cards as it can: the only cost-1 card is kept for the second part
    while the first part has another card to take."""
    three, two, one, five = card("Thre", cost=3), card("Twoo", cost=2), card("Onee", cost=1), card("Five", cost=5)
    game, mc0, mc1 = duel(card("Lord 0"), card("Lord 1"))
    add_unit(game, 0, CARDS["Merce"])
    add_cards(game, 0, RETREAT, three, two, one, five)
    begin(game)
    p0 = game.players[0]
    ids = {c.card.unit_name: c.id for c in p0.retreat}
    pick(game, "use_skill", skill="Equestrianism")
    assert {o.card for o in game.legal_options() if o.kind == "card"} == {ids["Thre"], ids["Twoo"]}
    pick(game, "card", card=ids["Twoo"])
    assert {o.card for o in game.legal_options() if o.kind == "card"} == {ids["Onee"]}
    pick(game, "card", card=ids["Onee"])
    assert {c.card.unit_name for c in p0.hand} == {"Twoo", "Onee"}


def test_two_cards_both_parts_could_take():
    a, b, five = card("Onea", cost=1), card("Oneb", cost=1), card("Five", cost=5)
    game, mc0, mc1 = duel(card("Lord 0"), card("Lord 1"))
    add_unit(game, 0, CARDS["Merce"])
    add_cards(game, 0, RETREAT, a, b, five)
    begin(game)
    p0 = game.players[0]
    ids = {c.card.unit_name: c.id for c in p0.retreat}
    pick(game, "use_skill", skill="Equestrianism")
    assert {o.card for o in game.legal_options() if o.kind == "card"} == {ids["Onea"], ids["Oneb"]}
    pick(game, "card", card=ids["Oneb"])
    # the second part: not the card already chosen
    assert {o.card for o in game.legal_options() if o.kind == "card"} == {ids["Onea"]}
    pick(game, "card", card=ids["Onea"])
    assert {c.card.unit_name for c in p0.hand} == {"Onea", "Oneb"}


def test_only_one_card_fits_the_first_part_takes_it():
    one, five = card("Onee", cost=1), card("Five", cost=5)
    game, mc0, mc1 = duel(card("Lord 0"), card("Lord 1"))
    add_unit(game, 0, CARDS["Merce"])
    add_cards(game, 0, RETREAT, one, five)
    begin(game)
    p0 = game.players[0]
    ids = {c.card.unit_name: c.id for c in p0.retreat}
    pick(game, "use_skill", skill="Equestrianism")
    assert {o.card for o in game.legal_options() if o.kind == "card"} == {ids["Onee"]}
    pick(game, "card", card=ids["Onee"])
    assert not [o for o in game.legal_options() if o.kind == "card"]
    assert {c.card.unit_name for c in p0.hand} == {"Onee"}


def test_both_parts_chosen_both_added():
    three, one = card("Thre", cost=3), card("Onee", cost=1)
    game, mc0, mc1 = duel(card("Lord 0"), card("Lord 1"))
    add_unit(game, 0, CARDS["Merce"])
    add_cards(game, 0, RETREAT, three, one)
    begin(game)
    p0 = game.players[0]
    ids = {c.card.unit_name: c.id for c in p0.retreat}
    pick(game, "use_skill", skill="Equestrianism")
    assert {o.card for o in game.legal_options() if o.kind == "card"} == {ids["Thre"]}
    pick(game, "card", card=ids["Thre"])
    assert {o.card for o in game.legal_options() if o.kind == "card"} == {ids["Onee"]}
    pick(game, "card", card=ids["Onee"])
    assert {c.card.unit_name for c in p0.hand} == {"Thre", "Onee"}
    assert not p0.retreat

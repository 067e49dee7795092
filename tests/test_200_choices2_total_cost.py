"""A choice of several limited by the total of the chosen things' values: `choose any number of
non-main character enemies with a total cost of 6 or lower` ("Choose as many non-Main Character
enemies as you wish whose Deployment Costs collectively total 6 or lower, and destroy them",
B15-033SR). The things are chosen one at a time; each step offers only those that keep the total
(computed now) within the bound, and the player may stop whenever they wish (dsl/selectors.py
choice_rule)."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine.state import RETREAT

from vanilla import add_cards, add_unit, begin, card, duel, pick

HEAD = '''
card "Tika, Probe"
  codes TST-201
  cost 1
  symbol red
  range 1
  attack 30
  support 10
'''

SKILL = '''  act "Breath"
    choose any number of non-main character enemies with a total cost of 6 or lower
    destroy them
'''

CARDS = {c.unit_name: c for c in compile_text(HEAD + SKILL, "game.fe0")}


def test_reads():
    text = CARDS["Tika"].skills[0].text
    assert "Choose any number of non-Main Character enemies with a total cost of 6 or lower. Destroy them." \
        in text, text


@pytest.mark.parametrize("line, words", [
    ("choose 1 enemy with a total cost of 6 or lower", "needs a choice of several"),
    ("choose all enemies with a total cost of 6 or lower", "needs a choice of several"),
    ("choose up to 3 enemies with a total cost of 6 or more", "only a total 'of N or lower' is supported"),
    ("choose up to 3 enemies with a total cost of 6", "only a total 'of N or lower' is supported"),
    ("choose up to 3 enemies with a total range of 3 or lower", "a total range is not supported"),
    ("choose up to 2 bonds with a total cost of 3 or lower", "goes with units or cards"),
])
def test_refused_near_misses(line, words):
    with pytest.raises(LanguageError) as e:
        compile_text(HEAD + SKILL.replace("choose any number of non-main character enemies with a total cost of "
                                          "6 or lower", line), "bad.fe0")
    assert words in str(e.value)
    assert "expected" not in str(e.value).lower()


def _offered(game):
    return {o.unit for o in game.legal_options() if o.kind == "unit"}


def test_each_step_offers_what_keeps_the_total_within_the_bound():
    game, mc0, mc1 = duel(card("Lord 0"), card("Lord 1"))
    add_unit(game, 0, CARDS["Tika"])
    five = add_unit(game, 1, card("Five", cost=5))
    two = add_unit(game, 1, card("Two", cost=2))
    one = add_unit(game, 1, card("One", cost=1))
    seven = add_unit(game, 1, card("Seven", cost=7))
    begin(game)
    pick(game, "use_skill", skill="Breath")
    assert _offered(game) == {five.id, two.id, one.id}          # 7 alone is over; the MC is not offered
    pick(game, "unit", unit=five)
    assert _offered(game) == {one.id}                           # 5 + 2 = 7 is over
    pick(game, "unit", unit=one)
    # 6 reached: nothing more fits, the choice ends by itself and both are destroyed
    assert game.decision.kind == "action"
    retreat = {c.card.unit_name for c in game.players[1].retreat}
    assert retreat == {"Five", "One"}
    assert {u.card.unit_name for u in game.players[1].units} == {"Lord 1", "Two", "Seven"}


def test_the_player_may_stop_and_may_choose_none():
    game, mc0, mc1 = duel(card("Lord 0"), card("Lord 1"))
    add_unit(game, 0, CARDS["Tika"])
    two = add_unit(game, 1, card("Two", cost=2))
    one = add_unit(game, 1, card("One", cost=1))
    begin(game)
    pick(game, "use_skill", skill="Breath")
    assert any(o.kind == "pass" for o in game.legal_options())   # "as many as you wish": also none
    pick(game, "unit", unit=two)
    pick(game, "pass")
    assert {u.card.unit_name for u in game.players[1].units} == {"Lord 1", "One"}
    assert one.id in {u.id for u in game.players[1].units}


def test_cards_from_an_area_total_too():
    pack = compile_text(HEAD.replace("TST-201", "TST-202").replace("Tika", "Tiko") + '''  act "Recall"
    choose up to 3 cards from your retreat area with a total cost of 3 or lower
    add them to your hand
''', "cards.fe0")[0]
    game, mc0, mc1 = duel(card("Lord 0"), card("Lord 1"))
    add_unit(game, 0, pack)
    p0 = game.players[0]
    a, b, c = card("Aa", cost=2), card("Bb", cost=2), card("Cc", cost=1)
    add_cards(game, 0, RETREAT, a, b, c)
    begin(game)
    pick(game, "use_skill", skill="Recall")
    first = next(x for x in p0.retreat if x.card is a)
    pick(game, "card", card=first)
    offered = {o.card for o in game.legal_options() if o.kind == "card"}
    assert offered == {next(x for x in p0.retreat if x.card is c).id}    # 2 + 2 = 4 is over
    pick(game, "card", card=next(x for x in p0.retreat if x.card is c))
    assert {x.card.unit_name for x in p0.hand} >= {"Aa", "Cc"}
    assert [x.card.unit_name for x in p0.retreat] == ["Bb"]

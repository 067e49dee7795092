"""The count `for each enemy returned to their hand by this skill`: the units (one each, not the
cards of their stacks) this skill's own lines moved from the field to a hand ("Choose up to 2
non-Main Character enemies, and return them to your opponent's hand. Your opponent chooses 1
card from their hand per enemy returned to their hand by this skill", B21-041SR)."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_cards, add_unit, begin, card, duel, pick

HEAD = '''
card "Hapi, Probe"
  codes TST-221
  cost 1
  symbol brown
  range 1
  attack 30
  support 10

'''
SIGH = '''  act "Sigh"
    choose up to 2 non-main character enemies
    put them into your opponent's hand
    your opponent chooses 1 card from their hand for each enemy returned to their hand by this skill
    your opponent sends the chosen cards to their retreat area
'''
CARDS = {c.unit_name: c for c in compile_text(HEAD + SIGH, "game.fe0")}


def test_reads():
    assert "for each enemy returned to their hand by this skill" in CARDS["Hapi"].skills[0].text


@pytest.mark.parametrize("bad, says", [
    (SIGH.replace("for each enemy returned to their hand", "for each card returned to their hand"),
     "counts units returned to a hand"),
    (SIGH.replace("returned to their hand by", "returned to their retreat area by"), "counts units returned to a hand"),
    (SIGH.replace("for each enemy returned", "for each red enemy returned"), "no other quality"),
    (SIGH.replace("    your opponent chooses 1 card from their hand for each enemy returned to their hand by this skill\n",
                  "    choose 1 enemy returned to your opponent's hand by this skill\n"), "is a count"),
])
def test_refused_near_misses(bad, says):
    with pytest.raises(LanguageError) as e:
        compile_text(HEAD + bad, "bad.fe0")
    assert says in str(e.value)


def test_units_are_counted_not_the_cards_of_their_stacks():
    game, mc0, mc1 = duel()
    add_unit(game, 0, CARDS["Hapi"])
    a = add_unit(game, 1, card("Ann", "cost 2", cost=2), card("Ann"))       # a stack of 2
    b = add_unit(game, 1, card("Bob"))
    extra = add_cards(game, 1, "hand", card("Cid"), card("Dee"), card("Eve"))
    begin(game)
    pick(game, "use_skill", skill="Sigh")
    pick(game, "unit", unit=a.id)
    pick(game, "unit", unit=b.id)
    assert len(game.players[1].hand) == 6
    assert game.decision.player == 1
    for c in extra[:2]:
        pick(game, "card", card=c.card)
    # 2 units returned (3 cards): 2 cards sent, and nothing more is asked
    assert [c.id for c in game.players[1].retreat] == [extra[0].id, extra[1].id]
    assert len(game.players[1].hand) == 4 and game.decision.player == 0

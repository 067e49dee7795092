"""`you can deploy yellow cards stacked under this unit as if they were in your hand` (CONT;
B19-068SR Lewyn "Bring that warm light to the world.": "During your Deployment Phase, you are able
to deploy <Yellow> cards stacked beneath this unit as if they were in your hand"): the Deployment
Phase offers those cards of the unit's stack as it offers the hand's, with rule 5 (bonds' count,
symbols, unit names) and their deployment cost; they are not levelled up onto units; other cards
of the stack, and the stacks of other units, are not offered."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev
from fecipher.engine.decisions import Option

from vanilla import add_bonds, add_unit, begin, card, duel, events, options, pick, refusal

PACK = '''
card "Wind, Keeper"
  codes TST-211
  cost 1
  symbol yellow
  range 1
  attack 30
  support 10
  cont "Warm Light"
    you can deploy yellow cards stacked under this unit as if they were in your hand
'''
KEEPER = compile_text(PACK, "t.fe0")[0]
YELLOW = card("Yuna", "yellow", cost=2, symbols="yellow", attack=50)
RED = card("Bryn", "red", cost=1, symbols="red")
YBOND = card("Y", "bond", symbols="yellow")


def _board(*stack, bonds=2, keeper=KEEPER):
    game, _, _ = duel()
    unit = add_unit(game, 0, keeper, *stack, area="back")
    add_bonds(game, 0, *[YBOND] * bonds)
    begin(game, phase="deployment")
    return game, unit


def test_a_yellow_card_of_the_stack_is_deployed_paying_its_cost():
    game, unit = _board(RED, YELLOW)
    yuna = unit.cards[2]
    assert {o.card for o in options(game, "deploy")} >= {yuna.id}
    assert not options(game, "deploy", card=unit.cards[1].id)          # not yellow
    pick(game, "deploy", card=yuna.id, area="front")
    assert game.locate(yuna)[0] == "field" and yuna not in unit.cards
    assert game.players[0].cost_paid_this_turn == 2
    assert events(game, ev.Deployed)[-1].cost == 2
    assert unit.top.card is KEEPER and len(unit.cards) == 2


def test_rule_5_holds_for_the_stack_card():
    game, unit = _board(YELLOW, bonds=1)
    assert not options(game, "deploy", card=unit.cards[1].id)
    why = refusal(game, Option("deploy", card=unit.cards[1].id, area="front"))
    assert "bond" in why.lower() and "not in your hand" not in why


def test_a_card_of_another_units_stack_is_refused_as_not_in_the_hand():
    game, unit = _board(YELLOW)
    other = add_unit(game, 0, card("Zed", "other", symbols="yellow"), YELLOW, area="front")
    game.invalidate()
    assert "not in your hand" in refusal(game, Option("deploy", card=other.cards[1].id, area="front"))


def test_without_the_skill_the_stack_is_not_offered():
    plain = card("Wind", "plain", cost=1, symbols="yellow")
    game, unit = _board(YELLOW, keeper=plain)
    assert not options(game, "deploy", card=unit.cards[1].id)


def test_the_top_card_is_not_offered_and_no_level_up_from_the_stack():
    game, unit = _board(card("Wind", "second", cost=1, symbols="yellow"))
    assert not options(game, "deploy", card=unit.cards[0].id)
    assert not options(game, "level_up", card=unit.cards[1].id)


@pytest.mark.parametrize("line", [
    "you can deploy yellow cards from your retreat area as if they were in your hand",
    "you can deploy 1 yellow card stacked under this unit as if they were in your hand",
])
def test_other_cards_are_refused(line):
    with pytest.raises(LanguageError) as err:
        compile_text(PACK.replace("you can deploy yellow cards stacked under this unit as if they were in your "
                                  "hand", line), "t.fe0")
    assert "not supported" in str(err.value)


def test_only_a_cont_skill():
    bad = PACK.replace('  cont "Warm Light"\n', '  act "Warm Light"\n')
    with pytest.raises(LanguageError):
        compile_text(bad, "t.fe0")


def test_describe():
    assert "as if they were in your hand" in KEEPER.skills[0].text

"""The card an ACT skill's cost sends to the Retreat Area deployed in its place
(dsl/cost_replacement.py): 'if the card sent as this skill's cost has a [CF] skill: you may
deploy the card sent as this skill's cost instead of sending it to your retreat area'
(P04-011PR Itsuki, "Fatal Sword"). Offered as the cost sends the card (dsl/costs.py
send_for_cost), only for that skill's own cost, only when the condition holds for the card
and it can be deployed; the cost is paid all the same. Test cards are inline."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_cards, add_unit, begin, card, duel, pick

PACK = '''
card "Itsu, Entertainer"
  codes TST-281
  cost 1
  symbol red
  range 1
  attack 60
  support 20
  act "Fatal Sword"
    once per turn
    cost send 1 mirage card from your hand to your retreat area
    draw 1
    if the card sent as this skill's cost has a [CF] skill: you may deploy the card sent as this skill's cost instead of sending it to your retreat area
  act "Other"
    cost send 1 mirage card from your hand to your retreat area
    draw 1

card "Cae, Carnage Mirage"
  codes TST-282
  cost 3
  symbol red
  types mirage
  range 1
  attack 30
  support 20
  cont "Carnage" [CF]
    this unit gains +10 attack

card "Cai, Plain Mirage"
  codes TST-283
  cost 1
  symbol red
  types mirage
  range 1
  attack 40
  support 10
'''

CARDS = {c.title: c for c in compile_text(PACK, "costreplace.fe0")}


def _use(skill, *hand):
    game, mc0, mc1 = duel()
    itsu = add_unit(game, 0, CARDS["Entertainer"])
    cards = add_cards(game, 0, "hand", *hand)
    begin(game)
    since = len(game.events)
    pick(game, "use_skill", skill=skill)
    return game, cards, since


def test_said_yes_the_card_is_deployed_and_not_sent_and_the_effect_runs():
    game, (cae,), since = _use("Fatal Sword", CARDS["Carnage Mirage"])
    assert game.decision.kind == "may"
    pick(game, "yes")
    if game.decision is not None and game.decision.kind != "action":
        pick(game, area="front")
    p = game.players[0]
    assert any(u.cards[0] is cae for u in p.units) and cae not in p.retreat
    assert not any(isinstance(e, ev.CardMoved) and e.card == cae.id and e.dest == "retreat"
                   for e in game.events[since:])
    assert any(isinstance(e, ev.Drew) for e in game.events[since:])   # the effect ran: the cost was paid


def test_declined_it_goes_to_the_retreat_area():
    game, (cae,), _ = _use("Fatal Sword", CARDS["Carnage Mirage"])
    pick(game, "no")
    assert cae in game.players[0].retreat


def test_not_for_a_card_without_the_skill_nor_for_another_skills_cost():
    game, (cai,), _ = _use("Fatal Sword", CARDS["Plain Mirage"])
    assert game.decision is None or game.decision.kind == "action"
    assert cai in game.players[0].retreat
    game, (cae,), _ = _use("Other", CARDS["Carnage Mirage"])
    assert game.decision is None or game.decision.kind == "action"
    assert cae in game.players[0].retreat


def test_renders_as_card_text():
    text = next(s for s in CARDS["Entertainer"].skills if s.name == "Fatal Sword").text
    assert ("If the card sent as the cost of this skill has a [CF] skill, you may deploy the card sent as the cost "
            "of this skill instead of sending it to your Retreat Area.") in text


@pytest.mark.parametrize("lines", [
    # in a CONT skill, with no send cost, another verb, another condition
    'cont "Bad"\n    you may deploy the card sent as this skill\'s cost instead of sending it to your retreat area',
    'act "Bad"\n    cost tap this\n    draw 1\n    you may deploy the card sent as this skill\'s cost instead of '
    'sending it to your retreat area',
    'act "Bad"\n    cost send 1 card from your hand to your retreat area\n    you may put the card sent as this '
    'skill\'s cost into your hand instead of sending it to your retreat area',
    'act "Bad"\n    cost send 1 card from your hand to your retreat area\n    draw 1\n    if you have 3 or more '
    'bonds: you may deploy the card sent as this skill\'s cost instead of sending it to your retreat area',
])
def test_near_misses_are_refused(lines):
    text = f'''card "Bad, Card"
  codes TST-899
  cost 1
  symbol red
  range 1
  attack 10
  support 10
  {lines}
'''
    with pytest.raises(LanguageError, match="not supported"):
        compile_text(text, "bad.fe0")

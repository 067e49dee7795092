"""The reference `the card sent as this skill's cost` (also `the cards ...`): the cards a `send`
cost item of the skill moved, named by its effect lines: "From your Retreat Area, choose 1 card
with the same Unit Name as the card which was sent to the Retreat Area as the cost of this
skill" (B19-009R). Refused in a skill with no such cost, and in a condition (asked before the
cost is paid)."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_cards, add_unit, begin, card, duel, pick

HEAD = '''
card "Linhardt, Probe"
  codes TST-974
  cost 1
  symbol red
  range 1
  attack 30
  support 10
'''

SKILL = '''  act "Study"
    cost send 1 card from your hand to your retreat area
    choose 1 card with the same unit name as the card sent as this skill's cost from your retreat area
    add it to your hand
'''


def errors(body: str) -> str:
    with pytest.raises(LanguageError) as e:
        compile_text(HEAD + body, "cost_card.fe0")
    return str(e.value)


def test_compiles_and_reads():
    c = compile_text(HEAD + SKILL, "ok.fe0")[0]
    assert "the same Unit Name as the card sent as the cost of this skill" in c.skills[0].text


@pytest.mark.parametrize("body, message", [
    ('  act "A"\n    cost flip 1 bond\n    choose 1 card with the same unit name as the card sent as this '
     'skill\'s cost from your retreat area\n    add it to your hand\n', "needs a cost line sending cards"),
    ('  act "A"\n    cost send 1 card from your hand to your retreat area\n    if the card sent as this '
     'skill\'s cost has the same unit name as your main character\n    draw 1\n', "come before the cost is paid"),
])
def test_refused(body, message):
    assert message in errors(body)


CARDS = {c.unit_name: c for c in compile_text(HEAD + SKILL, "game.fe0")}


def test_in_a_game_the_choice_follows_the_card_sent():
    game, mc0, mc1 = duel()
    add_unit(game, 0, CARDS["Linhardt"])
    sent = card("Bram", "cost 1")
    kept = card("Cale", "cost 1")
    same = card("Bram", "cost 3", cost=3)
    other = card("Cale", "cost 3", cost=3)
    hand = add_cards(game, 0, "hand", sent, kept)
    retreat = add_cards(game, 0, "retreat", same, other)
    begin(game)
    pick(game, "use_skill", skill="Study")
    pick(game, "card", card=sent)
    offered = {o.card for o in game.legal_options() if o.kind == "card"}
    assert offered == {retreat[0].id, hand[0].id}     # the Brams, the one just sent too
    pick(game, "card", card=same)
    assert {c.id for c in game.players[0].hand} == {hand[1].id, retreat[0].id}
